# model/: the timing model (model/model.h, its one header; every constant in
# model/consts.def), an analysis layer over the
# emulator's stepper.  libmodel.a -> libemu.a, libisa.a (the opcode table)
# and isa/isa.h (occupancy); nothing from the generator (asm_out) or the report.
MODEL_SRCS := $(wildcard model/*.c)
LIBS += $(BUILD)/libmodel.a
$(BUILD)/libmodel.a: $(MODEL_SRCS:%.c=$(BUILD)/%.o)
HEADERS += model/model.h

# Tests (tests/model/): hand-computable kernels assembled at test time.
TEST_BINS += $(BUILD)/tests/model_test $(BUILD)/tests/model_dispatch_test
MODEL_TEST_OBJS := $(BUILD)/tests/model/mtest.o $(BUILD)/tests/emu/harness.o $(BUILD)/libmodel.a $(EMU_TEST_LIBS)
$(BUILD)/tests/model_test: $(BUILD)/tests/model/model_test.o $(MODEL_TEST_OBJS)
	$(EMU_TEST_LINK)
$(BUILD)/tests/model_dispatch_test: $(BUILD)/tests/model/dispatch_test.o $(MODEL_TEST_OBJS)
	$(EMU_TEST_LINK)

# The GPU level alone (memory, dispatch, constants, the JSON document): no
# emulator; the strict JSON checker is the report test's.
TEST_BINS += $(BUILD)/tests/model_gpu_test
TEST_ONCE += $(BUILD)/tests/model_gpu_test
$(BUILD)/tests/model_gpu_test: $(BUILD)/tests/model/gpu_test.o $(BUILD)/tests/report/json_check.o $(BUILD)/libmodel.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The microbenchmarks give back the model's constants (rdna3run --microbench on the emulator).
TEST_SCRIPTS += tests/model/microbench.sh
ifneq ($(wildcard emu/emu.mk),)
TEST_SCRIPTS += tests/model/model_cli.sh
endif

# The ground-truth kernels run correctly (tests/model/truth.sh; no LLVM).
TEST_SCRIPTS += tests/model/truth.sh
TEST_ONCE += tests/model/truth.sh
# bench/truth.sh charges each row the launch its timer held (a stand-in rdna3run).
TEST_SCRIPTS += tests/model/truth_timers.sh
TEST_ONCE += tests/model/truth_timers.sh
all: $(BUILD)/tests/truth_test
$(BUILD)/tests/truth_test: $(BUILD)/tests/model/truth_test.o $(BUILD)/tests/emu/harness.o $(EMU_TEST_LIBS)
	$(EMU_TEST_LINK) -lopenblas
