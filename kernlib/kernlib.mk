# kernlib/: kernel libraries (kernlib/kernlib.h): the index.yaml reader, its
# pick and its writer, the tuner's shapes file, the overlap rule both share,
# and the capped YAML input that rdna3gen's --config reader uses too.
# libkernlib.a depends on libvocab.a (sizes and layouts are its words), libyaml
# and libm only, and on nothing of the loader: a library names code objects,
# the loader opens them.
KERNLIB_SRCS := $(wildcard kernlib/*.c)
KERNLIB_LDLIBS := -lyaml -lm
LIBS += $(BUILD)/libkernlib.a
$(BUILD)/libkernlib.a: $(KERNLIB_SRCS:%.c=$(BUILD)/%.o)
HEADERS += kernlib/kernlib.h

# indexes and shapes files written by hand: no LLVM
TEST_BINS += $(BUILD)/tests/kernlib_test
$(BUILD)/tests/kernlib_test: $(BUILD)/tests/kernlib/kernlib_test.o $(BUILD)/libkernlib.a $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(KERNLIB_LDLIBS) $(LDLIBS)
TEST_ONCE += $(BUILD)/tests/kernlib_test
