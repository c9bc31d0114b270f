# model/: the timing model (model/model.h), an analysis layer over the
# emulator's stepper.  libmodel.a -> libemu.a.
MODEL_SRCS := $(wildcard model/*.c)
LIBS += $(BUILD)/libmodel.a
$(BUILD)/libmodel.a: $(MODEL_SRCS:%.c=$(BUILD)/%.o)
HEADERS += model/model.h

# Tests (tests/model/): hand-computable kernels assembled at test time.
TEST_BINS += $(BUILD)/tests/model_test
$(BUILD)/tests/model_test: $(BUILD)/tests/model/model_test.o $(BUILD)/tests/emu/harness.o $(BUILD)/libmodel.a \
	$(EMU_TEST_LIBS)
	$(EMU_TEST_LINK)
ifneq ($(wildcard emu/emu.mk),)
TEST_SCRIPTS += tests/model/model_cli.sh
endif
