# emu/: the emulator of the ISA target ($(GFX)).  libemu.a holds every emu/*.c (the
# decoder and disassembler the tests of isa/isa.mk link included) and needs
# libisa.a (the opcode table), libc, libm and pthreads only.
EMU_SRCS := $(wildcard emu/*.c)
LIBS += $(BUILD)/libemu.a
$(BUILD)/libemu.a: $(EMU_SRCS:%.c=$(BUILD)/%.o)
HEADERS += emu/emu.h emu/decode.h

# The lane loops want the vectorizer at full strength in the optimized build.
ifneq ($(SAN),1)
$(BUILD)/emu/%.o: CFLAGS += -O3
endif

# Tests (tests/emu/): kernels are assembled from tests/emu/kernels/ at test time
# and loaded through the loader.
EMU_TEST_LIBS := $(BUILD)/libloader.a $(BUILD)/libemu.a $(BUILD)/libisa.a
EMU_TEST_LDLIBS := -lelf -lmsgpackc -ldl
EMU_TEST_LINK = @mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(EMU_TEST_LDLIBS) $(LDLIBS)
TEST_BINS += $(BUILD)/tests/emu_test $(BUILD)/tests/emu_sem_test $(BUILD)/tests/emu_robust_test $(BUILD)/tests/emu_step_test
$(BUILD)/tests/emu_test: $(BUILD)/tests/emu/emu_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/emu_sem_test: $(BUILD)/tests/emu/sem_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/emu_step_test: $(BUILD)/tests/emu/step_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/emu_robust_test: $(BUILD)/tests/emu/robust_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
TEST_BINS += $(BUILD)/tests/emu_wmma_test $(BUILD)/tests/emu_trans_test
$(BUILD)/tests/emu_trans_test: $(BUILD)/tests/emu/trans_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/emu_wmma_test: $(BUILD)/tests/emu/wmma_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)

# The foreign-kernel corpus (tests/corpus/): HIP C++ and hand-written assembly
# in the styles other projects write, built like every fixture by each LLVM
# into $(LLVM_FIX)/tests/corpus/ (BUILD/llvmNN, see the top Makefile);
# tests/corpus/corpus.sh runs corpus_test over the LLVM under test's directory.
# *_ocml.hip files also link the ROCm device libraries (Debian rocm-device-libs)
# for their math functions.
CORPUS_SRCS := $(wildcard tests/corpus/*.hip tests/corpus/*.s)
ROCM_BITCODE ?= /usr/lib/x86_64-linux-gnu/amdgcn/bitcode
# without the device library (scripts/deps.sh installs it) the build skips *_ocml.hip;
# corpus_test then reports the missing code object
ifeq ($(wildcard $(ROCM_BITCODE)/ocml.bc),)
CORPUS_SRCS := $(filter-out %_ocml.hip,$(CORPUS_SRCS))
endif
CORPUS_NAMES := $(basename $(notdir $(CORPUS_SRCS)))
CORPUS_OBJS := $(CORPUS_NAMES:%=$(LLVM_FIX)/tests/corpus/%.hsaco)
FIXTURES += $(CORPUS_OBJS)
CORPUS_HIPCC = -x hip --offload-arch=$(GFX) --cuda-device-only -nogpulib -O2 --no-gpu-bundle-output \
	-fhip-kernel-arg-name
# oclc_isa_version_1030: Debian's ROCm 5.2 bitcode has no 1100 file; the math
# functions use it only to choose instructions gfx1030 and the target share.
CORPUS_OCML = $(foreach b,ocml oclc_isa_version_1030 oclc_finite_only_off oclc_daz_opt_off \
	oclc_correctly_rounded_sqrt_on oclc_unsafe_math_off oclc_wavefrontsize64_off oclc_abi_version_500, \
	-Xclang -mlink-builtin-bitcode -Xclang $(ROCM_BITCODE)/$(b).bc)
$(LLVM_FIX)/tests/corpus/%.hsaco: tests/corpus/%.hip tests/corpus/common.h
	@mkdir -p $(dir $@)
	$(LD_CLANG) $(CORPUS_HIPCC) $(if $(filter %_ocml,$*),$(CORPUS_OCML)) -o $@ $<
$(LLVM_FIX)/tests/corpus/%.hsaco: tests/corpus/%.s
	@mkdir -p $(dir $@)
	$(LD_CLANG) -target amdgcn-amd-amdhsa -mcpu=$(GFX) -c $< -o $@.o && $(LD_LLD) -shared $@.o -o $@ && rm -f $@.o
CORPUS_TEST_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(wildcard tests/corpus/*.c)) $(BUILD)/tests/emu/harness.o
$(BUILD)/tests/corpus_test: $(CORPUS_TEST_OBJS) $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
all: $(BUILD)/tests/corpus_test
TEST_SCRIPTS += tests/corpus/corpus.sh tests/emu/salu_float.sh
