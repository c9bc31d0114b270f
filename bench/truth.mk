# bench/truth.sh: the timing model against whole real kernels timed on an RX
# 7900 XTX (../shared/groundtruth or $(RDNA3_GROUNDTRUTH); `make bench-truth`,
# part of `make bench`).  TRUTH_ARGS adds rdna3run options (--model-full).
.PHONY: bench-truth
bench: bench-truth
bench-truth: $(BUILD)/rdna3run
	sh bench/truth.sh $(BUILD)

# bench/truth_sizes.sh: the ground truth's Laplacian at every size the lab
# notes timed (bench/truth_sizes.tsv; about 10 minutes).
.PHONY: bench-truth-sizes
bench: bench-truth-sizes
bench-truth-sizes: $(BUILD)/rdna3run
	sh bench/truth_sizes.sh $(BUILD)
