# bench/dual_bench.sh: dual-issue figures of the sgemm presets k5, k8, best
# next to clang's kernel from bench/sgemm_ref.hip (report, generation time,
# emulated 1024^3).  `make bench-dual` (non-sanitized build); part of `make bench`.
.PHONY: bench-dual
bench: bench-dual
bench-dual: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/dual_bench.sh $(BUILD) 1024
