# bench/model_table.sh: the timing model's SGEMM predictions against the seed's
# RX 7900 XTX measurements.  `make bench-model`; part of `make bench`.
.PHONY: bench-model
bench: bench-model
bench-model: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/model_table.sh $(BUILD) 4096
