# bench/attention.sh: the attention template's presets at the three goals of
# its issue (prefill D 64, prefill D 128 causal, GQA decode) under the timing
# model, beside the figures others reported (`make bench-attention`, part of
# `make bench`).
.PHONY: bench-attention
bench: bench-attention
bench-attention: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/attention.sh $(BUILD)
