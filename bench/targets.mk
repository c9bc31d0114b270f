# bench/targets.sh: the README's table target x kernel: sgemm k2..k8 and best,
# hgemm best, built for every row of isa/targets.def and predicted at 4096^3 on
# the target's default card (about 7 min on 2 cores); `make bench-targets`,
# part of `make bench`.
.PHONY: bench-targets
bench: bench-targets
bench-targets: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/targets.sh $(BUILD) 4096 2
