# vgpr_alloc: virtual VGPR ranges -> physical registers over asm_out kernels,
# and the bank-aware part (bank_*.c); one public header, vgpr_alloc.h.
VGPR_ALLOC_SRCS := $(wildcard vgpr_alloc/*.c)
BANKS_SRCS := $(sort $(wildcard vgpr_alloc/bank_*.c))
BANKS_OBJS := $(BANKS_SRCS:%.c=$(BUILD)/%.o)
LIBS += $(BUILD)/libvgpr_alloc.a
$(BUILD)/libvgpr_alloc.a: $(VGPR_ALLOC_SRCS:%.c=$(BUILD)/%.o)
HEADERS += vgpr_alloc/vgpr_alloc.h

TEST_BINS += $(BUILD)/tests/vgpr_alloc_test
TEST_ONCE += $(BUILD)/tests/vgpr_alloc_test
$(BUILD)/tests/vgpr_alloc_test: $(BUILD)/tests/vgpr_alloc/vgpr_alloc_test.o $(BUILD)/libvgpr_alloc.a $(BUILD)/libasm_out.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)

# The bank part needs only the opcode rows (libisa.a) and libasm_out.a:
# its test, dump tool and bench link its objects and that archive.
TEST_BINS += $(BUILD)/tests/bank_test
TEST_ONCE += $(BUILD)/tests/bank_test
$(BUILD)/tests/bank_test: $(BUILD)/tests/vgpr_alloc/bank_test.o $(BANKS_OBJS) $(BUILD)/libasm_out.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# bank_dump prints assembly for the llvm-mc script (not a test program itself).
all: $(BUILD)/tests/bank_dump
$(BUILD)/tests/bank_dump: $(BUILD)/tests/vgpr_alloc/bank_dump.o $(BANKS_OBJS) $(BUILD)/libasm_out.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
TEST_SCRIPTS += tests/vgpr_alloc/bank_llvm_mc.sh

# Allocation time per tile shape: make bench-alloc
all: $(BUILD)/bench/alloc_time
$(BUILD)/bench/alloc_time: $(BUILD)/bench/alloc_time.o $(BANKS_OBJS) $(BUILD)/libasm_out.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
.PHONY: bench-alloc
bench-alloc: $(BUILD)/bench/alloc_time
	$(BUILD)/bench/alloc_time
