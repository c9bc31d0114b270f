# bench/hgemm.sh: the hgemm presets h2, direct and best, f16 and bf16, and clang's build of
# tests/corpus/hgemm_wmma.hip, emulated at 512^3 and checked, plus their report lines, and
# the timing model's FP16 4096^3 prediction of every preset next to the measured
# library figures; `make bench-hgemm` (non-sanitized build); part of `make bench`.
.PHONY: bench-hgemm
bench: bench-hgemm
bench-hgemm: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/hgemm.sh $(BUILD) 512
