# gen/report*: the register-bank report (rdna3gen --report, rdna3gen report).
# librdna3report.a needs libloader.a, emu/decode.o and disasm.o, libvgpr_alloc.a (the
# bank-cache model) and libasm_out.a (generated kernels, toolchain), plus
# -lelf -lmsgpackc -ldl for the loader.
REPORT_SRCS := gen/report.c gen/report_load.c gen/report_render.c
LIBS += $(BUILD)/librdna3report.a
$(BUILD)/librdna3report.a: $(REPORT_SRCS:%.c=$(BUILD)/%.o)
HEADERS += gen/report.h
# Only the decoder and disassembler of emu/, not the emulator.
REPORT_EMU_OBJS := $(BUILD)/emu/decode.o $(BUILD)/emu/disasm.o
REPORT_ARS := $(BUILD)/librdna3report.a $(BUILD)/libloader.a $(BUILD)/libvgpr_alloc.a \
	$(BUILD)/libasm_out.a
REPORT_DEPLIBS := $(REPORT_ARS) $(REPORT_EMU_OBJS)
REPORT_LDLIBS := -lelf -lmsgpackc -ldl

# rdna3gen links the report (its link line comes from gen/gen.mk: $^, then
# LDLIBS, where the archives are named again so their order works).
$(BUILD)/rdna3gen: $(REPORT_DEPLIBS)
$(BUILD)/rdna3gen: LDLIBS := $(REPORT_ARS) $(REPORT_LDLIBS) $(LDLIBS)

# tests/report: hand-computed figures, three views of one kernel, the forms.
TEST_BINS += $(BUILD)/tests/report_test
$(BUILD)/tests/report_test: $(BUILD)/tests/report/report_test.o $(BUILD)/libtemplates.a $(REPORT_DEPLIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(REPORT_LDLIBS) $(LDLIBS)
TEST_SCRIPTS += tests/report/report.sh
