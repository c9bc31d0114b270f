# bench/tune.sh: rdna3gen tune for 4096^3 with a budget of 300 candidates on a
# fresh cache (`make bench-tune`, part of `make bench`; minutes on 2 cores).
.PHONY: bench-tune
bench: bench-tune
bench-tune: $(BUILD)/rdna3gen
	sh bench/tune.sh $(BUILD) 4096 4096 4096 300
