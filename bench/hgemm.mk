# bench/hgemm.sh: the hgemm presets h2 and best, f16 and bf16, and clang's build of
# tests/corpus/hgemm_wmma.hip, emulated at 512^3 and checked, plus their report lines
# `make bench-hgemm` (non-sanitized build); part of `make bench`.
.PHONY: bench-hgemm
bench: bench-hgemm
bench-hgemm: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/hgemm.sh $(BUILD) 512
