# templates: one file per kernel family plus the parameter registry.
TEMPLATES_SRCS := $(wildcard templates/*.c)
LIBS += $(BUILD)/libtemplates.a
$(BUILD)/libtemplates.a: $(TEMPLATES_SRCS:%.c=$(BUILD)/%.o)
HEADERS += templates/templates.h

TEST_BINS += $(BUILD)/tests/templates_registry_test
TEST_ONCE += $(BUILD)/tests/templates_registry_test
$(BUILD)/tests/templates_registry_test: $(BUILD)/tests/templates/registry_test.o $(BUILD)/libtemplates.a $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
TEST_SCRIPTS += tests/templates/hgemm.sh
