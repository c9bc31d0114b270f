# run/: the emulator behind the loader and the HIP API.
#
# libld_emu.a (run/ld_emu.c) is the emulator backend of struct ld_backend, the
# one place that knows both loader/ and emu/ (dependencies: libld_emu.a ->
# libloader.a, libemu.a), so libloader.a never depends on the emulator.
# run/emu_place.c is the one placement path (a code object into emulator memory,
# a kernel dispatch into struct emu_launch), shared by libld_emu.a and the shim.
LIBS += $(BUILD)/libld_emu.a
$(BUILD)/libld_emu.a: $(BUILD)/run/ld_emu.o $(BUILD)/run/emu_place.o

# librun_gemm.a (run/gemm.c): one GEMM of a code object's kernel through any
# loader backend, with its check against OpenBLAS; rdna3run --gemm and the
# tuner share it.  It depends on libloader.a only (and -lopenblas).
LIBS += $(BUILD)/librun_gemm.a
$(BUILD)/librun_gemm.a: $(BUILD)/run/gemm.o

# librun_stencil.a (run/stencil.c): one star stencil of a code object's kernel,
# with its check against a long-double reference; rdna3run --stencil and the
# tuner share it.  It depends on libloader.a only.
LIBS += $(BUILD)/librun_stencil.a
$(BUILD)/librun_stencil.a: $(BUILD)/run/stencil.o

# librun_attention.a (run/attention.c, run/attention_ref.c): one forward
# attention of a code object's kernel, with its check against a double
# reference within a bound from the formats; rdna3run --attention and the tuner
# share it.  It depends on libloader.a only.
LIBS += $(BUILD)/librun_attention.a
$(BUILD)/librun_attention.a: $(BUILD)/run/attention.o $(BUILD)/run/attention_ref.o

# The HIP shim (run/shim_*.c): libamdhip64.so.6 (and a .so.5 name) implementing
# HIP's module API on the emulator.  It is built into $(BUILD)/hipshim/, the
# folder hosts put on LD_LIBRARY_PATH.  A shared library needs
# position-independent objects, so the loader, emulator and opcode-table (isa/)
# sources are compiled again into $(BUILD)/pic/.
HIPSHIM_SO := $(BUILD)/hipshim/libamdhip64.so.6
HIPSHIM_SRCS := $(wildcard run/shim_*.c) run/emu_place.c
# (not loader/lib.c: a HIP host picks no kernel library through the shim, and
# the shim then needs no libyaml; of the model only its constants table, whose
# device rows the shim reports as its device's properties, model/devices.def)
HIPSHIM_PIC_SRCS := $(HIPSHIM_SRCS) $(filter-out loader/lib.c,$(wildcard loader/*.c)) $(wildcard emu/*.c) \
	$(wildcard isa/*.c) model/consts.c model/devices.c
HIPSHIM_PIC_OBJS := $(HIPSHIM_PIC_SRCS:%.c=$(BUILD)/pic/%.o)

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -fvisibility=hidden -c $< -o $@
$(BUILD)/pic/loader/hip.o $(HIPSHIM_SRCS:%.c=$(BUILD)/pic/%.o): CFLAGS += $(HIP_INCFLAGS)

$(HIPSHIM_SO): $(HIPSHIM_PIC_OBJS) run/hipshim.map
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libamdhip64.so.6 -Wl,--no-undefined \
		-Wl,--version-script,run/hipshim.map $(filter %.o,$^) -o $@ \
		-lelf -lmsgpackc -ldl $(LDLIBS)
	ln -sf libamdhip64.so.6 $(BUILD)/hipshim/libamdhip64.so.5
	ln -sf libamdhip64.so.6 $(BUILD)/hipshim/libamdhip64.so

ifneq ($(wildcard emu/emu.mk),)
SHIMS += $(HIPSHIM_SO)
endif

# shim_test: a HIP host program linked against the shim (found through its rpath).
SHIM_TEST := $(BUILD)/tests/shim_test
$(SHIM_TEST): tests/run/shim_test.c tests/loader/fixtures.h tests/check.h $(HIPSHIM_SO) | $(LOADER_FIXTURES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(HIP_INCFLAGS) tests/run/shim_test.c -o $@ $(LDFLAGS) \
		-L$(BUILD)/hipshim -lamdhip64 -Wl,-rpath,'$$ORIGIN/../hipshim'
ifneq ($(wildcard emu/emu.mk),)
TEST_BINS += $(SHIM_TEST)
endif

# attention_test: the attention runner's reference, bound and refusals, and
# the whole runner against a host kernel behind a fake backend (no GPU kernel).
TEST_BINS += $(BUILD)/tests/attention_test
$(BUILD)/tests/attention_test: $(BUILD)/tests/run/attention_test.o $(BUILD)/librun_attention.a $(BUILD)/libloader.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LOADER_LDLIBS) $(LDLIBS)
