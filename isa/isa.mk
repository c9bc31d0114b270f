# isa/: the ISA facts (isa/isa.h, the *.def rows) and the opcode table as C
# (isa/opcodes.h).  libisa.a holds the tables expanded from the rows
# (isa/opcodes.c); it needs libc only, and every library that reads the table
# (the emulator, the report, the model) is linked before it.
ISA_SRCS := $(wildcard isa/*.c)
LIBS += $(BUILD)/libisa.a
$(BUILD)/libisa.a: $(ISA_SRCS:%.c=$(BUILD)/%.o)
HEADERS += isa/isa.h isa/opcodes.h isa/iclass.h

# Tests of the table (tests/emu/isa_*.c) through the decoder and disassembler:
# those two objects are part of libemu.a (emu/emu.mk); the tests link them
# directly so they do not depend on the rest of the emulator.
EMU_ISA_OBJS := $(BUILD)/emu/decode.o $(BUILD)/emu/disasm.o $(BUILD)/libisa.a

TEST_BINS += $(BUILD)/tests/isa_test
TEST_ONCE += $(BUILD)/tests/isa_test
$(BUILD)/tests/isa_test: $(BUILD)/tests/emu/isa_test.o $(EMU_ISA_OBJS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# isa_corpus is the checker driven by tests/emu/isa_corpus.sh (not a test by itself).
TEST_SCRIPTS += tests/emu/isa_corpus.sh
all: $(BUILD)/tests/isa_corpus
$(BUILD)/tests/isa_corpus: $(BUILD)/tests/emu/isa_corpus.o $(EMU_ISA_OBJS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# isa_random writes random encodings of the table's rows for the same script.
all: $(BUILD)/tests/isa_random
$(BUILD)/tests/isa_random: $(BUILD)/tests/emu/isa_random.o $(EMU_ISA_OBJS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
