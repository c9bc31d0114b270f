# templates: one file per kernel family plus the parameter registry.
TEMPLATES_SRCS := $(wildcard templates/*.c)
LIBS += $(BUILD)/libtemplates.a
$(BUILD)/libtemplates.a: $(TEMPLATES_SRCS:%.c=$(BUILD)/%.o)
HEADERS += templates/templates.h
