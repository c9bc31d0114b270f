# vgpr_alloc/banks.mk: the bank-aware part of vgpr_alloc (banks.h, bank_*.c).
# Its objects join $(BUILD)/libvgpr_alloc.a; the test and the bench link the
# objects directly so they build even while the rest of the folder changes.
BANKS_SRCS := $(sort $(wildcard vgpr_alloc/bank_*.c))
BANKS_OBJS := $(BANKS_SRCS:%.c=$(BUILD)/%.o)

LIBS += $(BUILD)/libvgpr_alloc.a
$(BUILD)/libvgpr_alloc.a: $(BANKS_OBJS)
HEADERS += vgpr_alloc/banks.h

TEST_BINS += $(BUILD)/tests/bank_test
$(BUILD)/tests/bank_test: $(BUILD)/tests/vgpr_alloc/bank_test.o $(BANKS_OBJS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
# bank_dump prints assembly for the llvm-mc script (not a test program itself).
all: $(BUILD)/tests/bank_dump
$(BUILD)/tests/bank_dump: $(BUILD)/tests/vgpr_alloc/bank_dump.o $(BANKS_OBJS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
TEST_SCRIPTS += tests/vgpr_alloc/bank_llvm_mc.sh

# Allocation time per tile shape: make bench-alloc
all: $(BUILD)/bench/alloc_time
$(BUILD)/bench/alloc_time: $(BUILD)/bench/alloc_time.o $(BANKS_OBJS)
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
.PHONY: bench-alloc
bench-alloc: $(BUILD)/bench/alloc_time
	$(BUILD)/bench/alloc_time
