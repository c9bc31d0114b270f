# bench/model_table.sh: the timing model's SGEMM predictions against the seed's
# RX 7900 XTX measurements (`make bench-model`, part of `make bench`), and
# sampled against full simulation at 1024^3 and 2048^3, and k8 on the 780M
# (`make bench-model-sampling`, several CPU-minutes: not part of `make bench`).
.PHONY: bench-model bench-model-sampling
bench: bench-model
bench-model: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/model_table.sh $(BUILD) 4096
bench-model-sampling: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/model_table.sh $(BUILD) --sampling
