# model (GPU level): memory hierarchy, dispatch and sampling, constants table.
# Folded into the model library when model/model.mk exists.
MODEL_GPU_SRCS := model/gpu_consts.c model/mem.c model/dispatch.c model/svg.c
MODEL_GPU_OBJS := $(MODEL_GPU_SRCS:%.c=$(BUILD)/%.o)
HEADERS += model/gpu.h

TEST_BINS += $(BUILD)/tests/model_gpu_test
TEST_ONCE += $(BUILD)/tests/model_gpu_test
$(BUILD)/tests/model_gpu_test: $(BUILD)/tests/model/gpu_test.o $(MODEL_GPU_OBJS) $(BUILD)/libasm_out.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
