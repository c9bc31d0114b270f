# emu/: the gfx1100 emulator.  libemu.a holds every emu/*.c (the opcode table,
# decoder and disassembler included), depends on libc, libm and pthreads only.
EMU_SRCS := $(wildcard emu/*.c)
LIBS += $(BUILD)/libemu.a
$(BUILD)/libemu.a: $(EMU_SRCS:%.c=$(BUILD)/%.o)
HEADERS += emu/emu.h

# Tests: kernels are assembled at test time from tests/emu/kernels/*.s.
EMU_TEST_LIBS := $(BUILD)/libloader.a $(BUILD)/libemu.a
EMU_TEST_LDLIBS := -lelf -lmsgpackc -ldl
TEST_BINS += $(BUILD)/tests/emu_test
$(BUILD)/tests/emu_test: $(BUILD)/tests/emu/emu_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(EMU_TEST_LDLIBS) $(LDLIBS)

# The lane loops want the vectorizer at full strength in the optimized build.
ifneq ($(SAN),1)
$(BUILD)/emu/%.o: CFLAGS += -O3
endif

TEST_BINS += $(BUILD)/tests/emu_sem_test
$(BUILD)/tests/emu_sem_test: $(BUILD)/tests/emu/sem_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(EMU_TEST_LDLIBS) $(LDLIBS)

TEST_BINS += $(BUILD)/tests/emu_robust_test
$(BUILD)/tests/emu_robust_test: $(BUILD)/tests/emu/robust_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(EMU_TEST_LDLIBS) $(LDLIBS)
