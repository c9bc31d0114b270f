# emu/: the gfx1100 emulator.  libemu.a holds every emu/*.c (the opcode table,
# decoder and disassembler of isa/isa.mk included) and needs libc, libm and
# pthreads only.
EMU_SRCS := $(wildcard emu/*.c)
LIBS += $(BUILD)/libemu.a
$(BUILD)/libemu.a: $(EMU_SRCS:%.c=$(BUILD)/%.o)
HEADERS += emu/emu.h

# The lane loops want the vectorizer at full strength in the optimized build.
ifneq ($(SAN),1)
$(BUILD)/emu/%.o: CFLAGS += -O3
endif

# Tests (tests/emu/): kernels are assembled from tests/emu/kernels/ at test time
# and loaded through the loader.
EMU_TEST_LIBS := $(BUILD)/libloader.a $(BUILD)/libemu.a
EMU_TEST_LDLIBS := -lelf -lmsgpackc -ldl
EMU_TEST_LINK = @mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(EMU_TEST_LDLIBS) $(LDLIBS)
TEST_BINS += $(BUILD)/tests/emu_test $(BUILD)/tests/emu_sem_test $(BUILD)/tests/emu_robust_test
$(BUILD)/tests/emu_test: $(BUILD)/tests/emu/emu_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/emu_sem_test: $(BUILD)/tests/emu/sem_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/emu_robust_test: $(BUILD)/tests/emu/robust_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
