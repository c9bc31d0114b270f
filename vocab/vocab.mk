# vocab/: the words every tool shares (layouts, booleans, integers, widths,
# dtypes), parsed and printed one way.  Depends on libc only; templates, the
# loader and both CLIs link it.
VOCAB_SRCS := $(wildcard vocab/*.c)
LIBS += $(BUILD)/libvocab.a
$(BUILD)/libvocab.a: $(VOCAB_SRCS:%.c=$(BUILD)/%.o)
HEADERS += vocab/vocab.h

TEST_BINS += $(BUILD)/tests/vocab_test
TEST_ONCE += $(BUILD)/tests/vocab_test
$(BUILD)/tests/vocab_test: $(BUILD)/tests/vocab/vocab_test.o $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
