# isa/isa.mk: tests of the opcode table (isa/isa_gfx11.def, isa/isa_fields.def)
# through the decoder and disassembler.  Those objects are part of libemu.a
# (emu/emu.mk); the tests link them directly so they do not depend on the rest
# of the emulator.
EMU_ISA_OBJS := $(BUILD)/emu/decode.o $(BUILD)/emu/decode_tables.o $(BUILD)/emu/disasm.o
HEADERS += emu/decode.h isa/isa.h

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
