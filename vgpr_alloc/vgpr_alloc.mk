# vgpr_alloc: virtual VGPR ranges -> physical registers over asm_out kernels.
VGPR_ALLOC_SRCS := $(wildcard vgpr_alloc/*.c)
# banks.mk (the bank-aware part) names the same library: list it once.
LIBS := $(filter-out $(BUILD)/libvgpr_alloc.a,$(LIBS)) $(BUILD)/libvgpr_alloc.a
$(BUILD)/libvgpr_alloc.a: $(VGPR_ALLOC_SRCS:%.c=$(BUILD)/%.o)
HEADERS += vgpr_alloc/vgpr_alloc.h

TEST_BINS += $(BUILD)/tests/vgpr_alloc_test
$(BUILD)/tests/vgpr_alloc_test: $(BUILD)/tests/vgpr_alloc/vgpr_alloc_test.o $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
