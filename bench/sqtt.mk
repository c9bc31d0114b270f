# bench/sqtt.mk: the timing model against the SQTT traces (bench/sqtt_score).
# `make bench` runs it; the dataset is ../shared/sqtt or $(RDNA3_SQTT).
BENCH_SQTT := $(BUILD)/bench/sqtt_score
$(BENCH_SQTT): $(BUILD)/bench/sqtt_score.o $(BUILD)/tests/emu/harness.o $(BUILD)/libmodel.a $(BUILD)/libasm_out.a $(BUILD)/libloader.a \
	$(BUILD)/libemu.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ -lelf -lmsgpackc -ldl $(LDLIBS)
all: $(BENCH_SQTT)
.PHONY: sqtt_bench
bench: sqtt_bench
sqtt_bench: $(BENCH_SQTT)
	$(BENCH_SQTT)
