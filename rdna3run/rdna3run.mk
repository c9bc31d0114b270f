# rdna3run: the CLI (rdna3run/rdna3run*.c).  Its emulator backend is libld_emu.a
# (run/run.mk).

RDNA3RUN_OBJS := $(patsubst %.c,$(CLI_OBJ)/%.o,$(sort $(wildcard rdna3run/*.c)))
RDNA3RUN_LDLIBS := -lelf -lmsgpackc -lyaml -ldl -lopenblas
# Link order: libld_emu.a before the libraries it uses.
RDNA3RUN_LIBS := $(BUILD)/librun_gemm.a $(BUILD)/librun_stencil.a $(BUILD)/librun_attention.a $(BUILD)/libkernlib.a $(BUILD)/libld_emu.a $(BUILD)/libmodel.a $(BUILD)/librdna3report.a $(BUILD)/libtemplates.a \
	$(BUILD)/libvgpr_alloc.a \
	$(BUILD)/libasm_out.a $(BUILD)/libloader.a $(BUILD)/libemu.a $(BUILD)/libisa.a $(BUILD)/libvocab.a
# (only once the emulator has its fragment: libemu.a has no rule before)
ifneq ($(wildcard emu/emu.mk),)
BINS += $(BUILD)/rdna3run
endif
$(BUILD)/rdna3run: $(RDNA3RUN_OBJS) $(RDNA3RUN_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(RDNA3RUN_LDLIBS) $(LDLIBS)

# Tests: tests/run/*.sh use $(BUILD)/rdna3run, the shim and the loader fixtures.
ifneq ($(wildcard emu/emu.mk),)
TEST_SCRIPTS += tests/run/rdna3run.sh
all: $(LOADER_FIXTURES)
endif

# A GEMM kernel compiled from HIP C++ (independent of rdna3gen) for tests/run/gemm.sh,
# three ways: argument names from -fhip-kernel-arg-name ("A"), value names kept
# ("A.coerce" for pointers), and none at all (clang's default).
RUN_FIXTURES := $(LLVM_FIX)/tests/run/gemm_ref.hsaco $(LLVM_FIX)/tests/run/gemm_ref_coerce.hsaco \
	$(LLVM_FIX)/tests/run/gemm_ref_unnamed.hsaco
FIXTURES += $(RUN_FIXTURES)
RUN_HIPCC = $(LD_CLANG) -x hip --offload-arch=$(GFX) --cuda-device-only -nogpulib -O2 \
	--no-gpu-bundle-output
$(LLVM_FIX)/tests/run/gemm_ref.hsaco: tests/run/gemm_ref.hip
	@mkdir -p $(dir $@)
	$(RUN_HIPCC) -fhip-kernel-arg-name -o $@ $<
$(LLVM_FIX)/tests/run/gemm_ref_coerce.hsaco: tests/run/gemm_ref.hip
	@mkdir -p $(dir $@)
	$(RUN_HIPCC) -fno-discard-value-names -o $@ $<
$(LLVM_FIX)/tests/run/gemm_ref_unnamed.hsaco: tests/run/gemm_ref.hip
	@mkdir -p $(dir $@)
	$(RUN_HIPCC) -o $@ $<
# A HIP runtime whose device is not the target, for --backend auto's fallback.
FAKE_HIP := $(BUILD)/tests/run/libfakehip.so
$(FAKE_HIP): tests/run/fake_hip.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(HIP_INCFLAGS) -Wno-unused-parameter -fPIC -shared $< -o $@ $(LDFLAGS)
RUN_FIXTURES += $(FAKE_HIP)

ifneq ($(wildcard emu/emu.mk),)
TEST_SCRIPTS += tests/run/gemm.sh tests/run/vocab.sh tests/run/install.sh
# install.sh touches LLVM only through one fixture (of the first LLVM)
TEST_ONCE += tests/run/install.sh
all: $(RUN_FIXTURES)
endif

# HIP kernels built by each LLVM like every fixture: ones that over-read their
# kernarg segment as clang compiles them (tests/run/kernarg.sh), and global
# races between workgroups (tests/run/args.sh).
KA_FIXTURES := $(LLVM_FIX)/tests/run/kernarg_overread.hsaco $(LLVM_FIX)/tests/run/race.hsaco
FIXTURES += $(KA_FIXTURES)
$(LLVM_FIX)/tests/run/%.hsaco: tests/run/%.hip
	@mkdir -p $(dir $@)
	$(LD_CLANG) -x hip --offload-arch=$(GFX) --cuda-device-only -nogpulib -O2 --no-gpu-bundle-output \
		-fhip-kernel-arg-name -o $@ $<
ifneq ($(wildcard emu/emu.mk),)
TEST_SCRIPTS += tests/run/kernarg.sh tests/run/args.sh tests/run/progress.sh tests/run/fills.sh tests/run/attention.sh
all: $(KA_FIXTURES)
endif

# The man page is rdna3run --help set in roff.
ifneq ($(wildcard emu/emu.mk),)
MANS += $(BUILD)/man/rdna3run.1
endif
$(BUILD)/man/rdna3run.1: $(BUILD)/rdna3run scripts/help2man.sh
	@mkdir -p $(dir $@)
	sh scripts/help2man.sh $(BUILD)/rdna3run "run a $(GFX) code object on a HIP device or the emulator" \
		>$@.tmp && mv $@.tmp $@
