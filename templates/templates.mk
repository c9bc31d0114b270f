# templates: one file per kernel family plus the parameter registry.
TEMPLATES_SRCS := $(wildcard templates/*.c)
LIBS += $(BUILD)/libtemplates.a
$(BUILD)/libtemplates.a: $(TEMPLATES_SRCS:%.c=$(BUILD)/%.o)
HEADERS += templates/templates.h

TEST_BINS += $(BUILD)/tests/templates_registry_test
TEST_ONCE += $(BUILD)/tests/templates_registry_test
$(BUILD)/tests/templates_registry_test: $(BUILD)/tests/templates/registry_test.o $(BUILD)/libtemplates.a $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libisa.a $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
TEST_SCRIPTS += tests/templates/hgemm.sh tests/templates/targets.sh tests/templates/stencil.sh

# Every template through each LLVM: its code object against llvm-objdump and
# its descriptor (roundtrip_test.c), its metadata strings back through the
# loader (meta_words_test.c).
TEMPLATES_TEST_LIBS := $(BUILD)/libtemplates.a $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libisa.a $(BUILD)/libvocab.a
TEST_BINS += $(BUILD)/tests/templates_roundtrip_test
$(BUILD)/tests/templates_roundtrip_test: $(BUILD)/tests/templates/roundtrip_test.o $(TEMPLATES_TEST_LIBS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
TEST_BINS += $(BUILD)/tests/templates_meta_words_test
$(BUILD)/tests/templates_meta_words_test: $(BUILD)/tests/templates/meta_words_test.o $(TEMPLATES_TEST_LIBS) \
		$(BUILD)/libloader.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ -lelf -lmsgpackc -ldl $(LDLIBS)

# The attention test's inputs and double-precision reference (tests/templates/attention.sh).
all: $(BUILD)/tests/attention_ref
$(BUILD)/tests/attention_ref: tests/templates/attention_ref.c
	@mkdir -p $(dir $@); $(CC) $(CFLAGS) $< -o $@ -lm
TEST_SCRIPTS += tests/templates/attention.sh tests/templates/attention_report.sh
