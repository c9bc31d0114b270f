# report/: the register-bank report (--report, `rdna3gen report`; tests and
# bench link librdna3report.a too).
#
# The report reads code objects through libloader.a (-lelf -lmsgpackc -ldl) and
# decodes them with emu's decoder and disassembler only, not the emulator, against
# the opcode table of libisa.a; it scores banks itself (report/bank_score.c, not
# the allocator's scorer), takes VOPD operand records from libvgpr_alloc.a and
# assembles .s input through libasm_out.a.
REPORT_SRCS := report/report.c report/report_load.c report/report_render.c report/report_wmma.c report/report_cfg.c \
	report/bank_score.c report/roofline.c report/prediction.c
LIBS += $(BUILD)/librdna3report.a
$(BUILD)/librdna3report.a: $(REPORT_SRCS:%.c=$(BUILD)/%.o)
HEADERS += report/report.h
REPORT_EMU_OBJS := $(BUILD)/emu/decode.o $(BUILD)/emu/disasm.o
REPORT_DEPLIBS := $(BUILD)/librdna3report.a $(BUILD)/libloader.a $(BUILD)/libvgpr_alloc.a \
	$(BUILD)/libasm_out.a $(REPORT_EMU_OBJS) $(BUILD)/libisa.a
REPORT_LDLIBS := -lelf -lmsgpackc -ldl

# tests/report: hand-computed figures, three views of one kernel, the forms, and
# the report's bank scorer against the allocator's (bank_score_compare.c; both
# live in the libraries linked here).
TEST_BINS += $(BUILD)/tests/report_test
$(BUILD)/tests/report_test: $(BUILD)/tests/report/report_test.o $(BUILD)/tests/report/json_check.o \
		$(BUILD)/tests/report/bank_score_compare.o $(BUILD)/libtemplates.a $(REPORT_DEPLIBS) \
		$(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(REPORT_LDLIBS) $(LDLIBS)
TEST_SCRIPTS += tests/report/report.sh
