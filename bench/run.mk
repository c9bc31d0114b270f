# bench/run.mk: SGEMM through rdna3run on the best backend (bench/run_sgemm.sh).
.PHONY: run_bench
bench: run_bench
run_bench: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/run_sgemm.sh $(BUILD)

# The global race check's cost (bench/race_cost.sh).
.PHONY: race_bench
bench: race_bench
race_bench: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/race_cost.sh $(BUILD)
