# rdna3gen: the generator CLI (gen/main.c, gen/config.c) and the register-bank
# report it prints (gen/report*.c: --report, `rdna3gen report`; tests and bench
# link librdna3report.a too).  gen/rdna3run* has its own fragment.
YAML_LIBS := $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)

# The report reads code objects through libloader.a (-lelf -lmsgpackc -ldl) and
# decodes them with emu's decoder and disassembler only, not the emulator; it
# scores banks with libvgpr_alloc.a and assembles .s input through libasm_out.a.
REPORT_SRCS := gen/report.c gen/report_load.c gen/report_render.c
LIBS += $(BUILD)/librdna3report.a
$(BUILD)/librdna3report.a: $(REPORT_SRCS:%.c=$(BUILD)/%.o)
HEADERS += gen/report.h
REPORT_EMU_OBJS := $(BUILD)/emu/decode.o $(BUILD)/emu/disasm.o
REPORT_DEPLIBS := $(BUILD)/librdna3report.a $(BUILD)/libloader.a $(BUILD)/libvgpr_alloc.a \
	$(BUILD)/libasm_out.a $(REPORT_EMU_OBJS)
REPORT_LDLIBS := -lelf -lmsgpackc -ldl

# Archives in dependency order: report, templates, then what both use.
RDNA3GEN_OBJS := $(BUILD)/gen/main.o $(BUILD)/gen/config.o
RDNA3GEN_LIBS := $(BUILD)/libtemplates.a $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libvocab.a
BINS += $(BUILD)/rdna3gen
$(BUILD)/rdna3gen: $(RDNA3GEN_OBJS) $(BUILD)/librdna3report.a $(BUILD)/libtemplates.a $(REPORT_DEPLIBS) $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(YAML_LIBS) $(REPORT_LDLIBS) $(LDLIBS)

# tests/gen: LLVM round trip of every template, CLI behaviour
TEST_BINS += $(BUILD)/tests/gen_roundtrip_test
$(BUILD)/tests/gen_roundtrip_test: $(BUILD)/tests/gen/roundtrip_test.o $(RDNA3GEN_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
TEST_SCRIPTS += tests/gen/cli.sh

# tests/report: hand-computed figures, three views of one kernel, the forms.
TEST_BINS += $(BUILD)/tests/report_test
$(BUILD)/tests/report_test: $(BUILD)/tests/report/report_test.o $(BUILD)/libtemplates.a $(REPORT_DEPLIBS) $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(REPORT_LDLIBS) $(LDLIBS)
TEST_SCRIPTS += tests/report/report.sh
