# asm_out: instruction builder, assembly text emitter, code-object build.
ASM_OUT_SRCS := $(wildcard asm_out/*.c)
LIBS += $(BUILD)/libasm_out.a
$(BUILD)/libasm_out.a: $(ASM_OUT_SRCS:%.c=$(BUILD)/%.o)
HEADERS += asm_out/asm_out.h

TEST_BINS += $(BUILD)/tests/asm_out_test
$(BUILD)/tests/asm_out_test: $(BUILD)/tests/asm_out/asm_out_test.o $(BUILD)/libasm_out.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
