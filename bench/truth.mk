# bench/truth.sh: the timing model against whole real kernels timed on an RX
# 7900 XTX (../shared/groundtruth or $(RDNA3_GROUNDTRUTH); `make bench-truth`,
# part of `make bench`).  TRUTH_ARGS adds rdna3run options (--model-full).
.PHONY: bench-truth
bench: bench-truth
bench-truth: $(BUILD)/rdna3run
	sh bench/truth.sh $(BUILD)
