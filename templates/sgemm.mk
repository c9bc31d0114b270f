# sgemm template tests (the template's sources are in libtemplates.a through
# templates/templates.mk's wildcard).
TEST_BINS += $(BUILD)/tests/sgemm_test
$(BUILD)/tests/sgemm_test: $(BUILD)/tests/templates/sgemm_test.o $(BUILD)/libtemplates.a \
		$(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libld_emu.a \
		$(BUILD)/libloader.a $(BUILD)/libemu.a $(BUILD)/libisa.a $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ -lelf -lmsgpackc -ldl $(LDLIBS)
TEST_SCRIPTS += tests/templates/sgemm.sh
TEST_SCRIPTS += tests/templates/dual.sh
