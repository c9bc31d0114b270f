# loader/: code-object reader, argument packing, backends (HIP via dlopen).
# libloader.a depends on libelf, msgpack-c and libdl only (kernel libraries
# are kernlib/); the emulator
# backend lives in libld_emu.a (run/ld_emu.c, see run/run.mk), which also needs libemu.a.
LOADER_SRCS := $(wildcard loader/*.c)
LOADER_LDLIBS := -lelf -lmsgpackc -ldl
LIBS += $(BUILD)/libloader.a
$(BUILD)/libloader.a: $(LOADER_SRCS:%.c=$(BUILD)/%.o)
HEADERS += loader/loader.h

TEST_BINS += $(BUILD)/tests/loader_test
$(BUILD)/tests/loader_test: $(BUILD)/tests/loader/loader_test.o $(BUILD)/libloader.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LOADER_LDLIBS) $(LDLIBS)

# Fixtures: real code objects assembled/compiled from tests/loader/ by one LLVM
# ($(LLVM_FIX) = $(BUILD)/llvmNN, see the top Makefile).
LOADER_FIXTURES := $(patsubst tests/loader/%.s,$(LLVM_FIX)/tests/loader/%.hsaco,$(wildcard tests/loader/*.s)) \
	$(patsubst tests/loader/%.hip,$(LLVM_FIX)/tests/loader/%.hsaco,$(wildcard tests/loader/*.hip))
FIXTURES += $(LOADER_FIXTURES)
$(LLVM_FIX)/tests/loader/%.hsaco: tests/loader/%.s
	@mkdir -p $(dir $@)
	$(LD_CLANG) -target amdgcn-amd-amdhsa -mcpu=$(GFX) -c $< -o $@.o && $(LD_LLD) -shared $@.o -o $@ && rm -f $@.o
$(LLVM_FIX)/tests/loader/%.hsaco: tests/loader/%.hip
	@mkdir -p $(dir $@)
	$(LD_CLANG) -x hip --offload-arch=$(GFX) --cuda-device-only -nogpulib -O2 \
		--no-gpu-bundle-output -fhip-kernel-arg-name -o $@ $<
$(BUILD)/tests/loader_test: | $(LOADER_FIXTURES)

# hip.c is compiled against the HIP headers (plain C); the runtime is dlopen'ed.
HIP_INCFLAGS := -D__HIP_PLATFORM_AMD__ $(if $(HIP_PATH),-I$(HIP_PATH)/include)
$(BUILD)/loader/hip.o: CFLAGS += $(HIP_INCFLAGS)

TEST_BINS += $(BUILD)/tests/args_test
$(BUILD)/tests/args_test: $(BUILD)/tests/loader/args_test.o $(BUILD)/libloader.a | $(LOADER_FIXTURES)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LOADER_LDLIBS) $(LDLIBS)
TEST_SCRIPTS += tests/loader/fuzz_smoke.sh
TEST_ONCE += tests/loader/fuzz_smoke.sh
