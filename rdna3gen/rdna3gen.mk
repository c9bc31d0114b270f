# rdna3gen: the generator CLI (rdna3gen/main.c; rdna3gen/config.c reads the
# --config file).  `rdna3gen tune` is libtune.a (tune/tune.mk).  It prints the
# register-bank report of report/ (report/report.mk defines REPORT_DEPLIBS).
YAML_LIBS := $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)

# Archives in dependency order: tune and what it runs candidates through (the
# GEMM runner, the emulator backend, the model), report, templates, then what
# they use.
RDNA3GEN_OBJS := $(CLI_OBJ)/rdna3gen/main.o $(CLI_OBJ)/rdna3gen/config.o
BINS += $(BUILD)/rdna3gen
$(BUILD)/rdna3gen: $(RDNA3GEN_OBJS) $(TUNE_LIB) $(BUILD)/librun_gemm.a $(BUILD)/librun_stencil.a $(BUILD)/librun_attention.a $(BUILD)/libld_emu.a $(BUILD)/libmodel.a \
		$(BUILD)/librdna3report.a $(BUILD)/libtemplates.a $(REPORT_DEPLIBS) $(BUILD)/libkernlib.a $(BUILD)/libemu.a \
		$(BUILD)/libisa.a \
		$(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(YAML_LIBS) $(REPORT_LDLIBS) -lopenblas $(LDLIBS)

# tests/rdna3gen: CLI behaviour, the output files
TEST_SCRIPTS += tests/rdna3gen/cli.sh tests/rdna3gen/outputs.sh

# The man page is rdna3gen --help (and `rdna3gen list`) set in roff.
MANS += $(BUILD)/man/rdna3gen.1
$(BUILD)/man/rdna3gen.1: $(BUILD)/rdna3gen scripts/help2man.sh
	@mkdir -p $(dir $@)
	sh scripts/help2man.sh $(BUILD)/rdna3gen "generate $(GFX) (RDNA3) kernels from templates" \
		TEMPLATES list >$@.tmp && mv $@.tmp $@
