# bench/stencil.sh: the stencil presets lap1..lap5 and best under the timing
# model beside the lab notes' measured kernel 5, radius 4, and the 1024 x ny x
# 32 sweep across the Infinity-Cache cliff with its HTML plot
# (`make bench-stencil`, part of `make bench`).
.PHONY: bench-stencil
bench: bench-stencil
bench-stencil: $(BUILD)/rdna3gen $(BUILD)/rdna3run
	sh bench/stencil.sh $(BUILD)
