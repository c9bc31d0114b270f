# rdna3gen: the generator CLI (gen/main.c, gen/config.c).  It prints the
# register-bank report of report/ (report/report.mk defines REPORT_DEPLIBS).
# gen/rdna3run* has its own fragment.
YAML_LIBS := $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)

# Archives in dependency order: report, templates, then what both use.
RDNA3GEN_OBJS := $(BUILD)/gen/main.o $(BUILD)/gen/config.o $(BUILD)/gen/tune.o $(BUILD)/gen/tune_eval.o \
	$(BUILD)/gen/tune_out.o $(BUILD)/gen/tune_lib.o
RDNA3GEN_LIBS := $(BUILD)/libtemplates.a $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libvocab.a
BINS += $(BUILD)/rdna3gen
$(BUILD)/rdna3gen: $(RDNA3GEN_OBJS) $(BUILD)/librdna3report.a $(BUILD)/libtemplates.a $(REPORT_DEPLIBS) $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(YAML_LIBS) $(REPORT_LDLIBS) $(LDLIBS)

# tests/gen: LLVM round trip of every template, CLI behaviour
TEST_BINS += $(BUILD)/tests/gen_roundtrip_test
$(BUILD)/tests/gen_roundtrip_test: $(BUILD)/tests/gen/roundtrip_test.o $(RDNA3GEN_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# metadata strings through each LLVM and back through the loader
TEST_BINS += $(BUILD)/tests/gen_meta_words_test
$(BUILD)/tests/gen_meta_words_test: $(BUILD)/tests/gen/meta_words_test.o $(RDNA3GEN_LIBS) $(BUILD)/libloader.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ -lelf -lmsgpackc -ldl $(LDLIBS)
TEST_SCRIPTS += tests/gen/cli.sh tests/gen/outputs.sh

# The man page is rdna3gen --help (and `rdna3gen list`) set in roff.
MANS += $(BUILD)/man/rdna3gen.1
$(BUILD)/man/rdna3gen.1: $(BUILD)/rdna3gen scripts/help2man.sh
	@mkdir -p $(dir $@)
	sh scripts/help2man.sh $(BUILD)/rdna3gen "generate $(GFX) (RDNA3) kernels from templates" \
		TEMPLATES list >$@.tmp && mv $@.tmp $@
TEST_SCRIPTS += tests/gen/tune.sh
TEST_SCRIPTS += tests/gen/tune_lib.sh
