# bench/tune_lib.sh: a kernel library for skinny shapes (M = 1..64, N = K = 4096)
# and, for M = 1, 16, 64, the library's kernel against `best` by the model at
# full depth (`make bench-tune-lib`, part of `make bench`; a few minutes on 2
# cores, seconds when BUILD/bench/tune-cache holds the results).
.PHONY: bench-tune-lib
bench: bench-tune-lib
bench-tune-lib: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/tune_lib.sh $(BUILD) 150
