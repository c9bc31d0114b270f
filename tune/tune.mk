# tune/: `rdna3gen tune` as libtune.a: the search (tune.c), one candidate in a
# worker process (tune_eval.c, tune_exec.c), the files it writes (tune_out.c),
# and a kernel library over a shapes file (tune_lib.c; the files' formats are
# kernlib/'s).
# A worker runs its candidate in-process: the runners (run/gemm.h, run/stencil.h), the
# emulator backend and the model (tune/tune_exec.c).  Linked by rdna3gen only
# and not installed: it takes rdna3gen's command line.
TUNE_SRCS := $(wildcard tune/*.c)
TUNE_LIB := $(BUILD)/libtune.a
$(TUNE_LIB): $(TUNE_SRCS:%.c=$(BUILD)/%.o)

# tests/tune: a search on a tiny budget, a kernel library (both through rdna3gen)
TEST_SCRIPTS += tests/tune/tune.sh tests/tune/tune_lib.sh tests/tune/shard.sh

# tests/tune/attention.sh: the attention runner of a worker on a code object of
# the attention template, through tune_exec's functions (a program the script
# runs on the kernel it builds).
TEST_SCRIPTS += tests/tune/attention.sh
all: $(BUILD)/tests/tune_exec_attention
$(BUILD)/tests/tune_exec_attention: $(BUILD)/tests/tune/exec_attention.o $(TUNE_LIB) $(BUILD)/librun_gemm.a \
		$(BUILD)/librun_stencil.a $(BUILD)/librun_attention.a $(BUILD)/libld_emu.a $(BUILD)/libmodel.a \
		$(BUILD)/librdna3report.a $(BUILD)/libtemplates.a $(REPORT_DEPLIBS) $(BUILD)/libkernlib.a $(BUILD)/libemu.a \
		$(BUILD)/libisa.a $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(YAML_LIBS) $(REPORT_LDLIBS) -lopenblas $(LDLIBS)
