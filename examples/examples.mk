# examples/: host programs against the HIP API.  Linked here against the shim
# (build/hipshim/libamdhip64.so -> .so.6); on a ROCm machine the same source
# builds with: cc -D__HIP_PLATFORM_AMD__ -I$HIP_PATH/include sgemm_host.c -lamdhip64
EXAMPLE_HOST := $(BUILD)/examples/sgemm_host
$(EXAMPLE_HOST): examples/sgemm_host.c $(HIPSHIM_SO)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(HIP_INCFLAGS) examples/sgemm_host.c -o $@ $(LDFLAGS) \
		-L$(BUILD)/hipshim -lamdhip64
ifneq ($(wildcard emu/emu.mk),)
all: $(EXAMPLE_HOST)
endif

# The same host linked against the installed HIP runtime (Debian's ROCm 5
# libamdhip64.so.5, versioned symbols), as a user would build it; the tests
# run it on the shim through LD_LIBRARY_PATH to check ABI compatibility.
EXAMPLE_HOST_SYS := $(BUILD)/examples/sgemm_host_sys
$(EXAMPLE_HOST_SYS): examples/sgemm_host.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(HIP_INCFLAGS) examples/sgemm_host.c -o $@ $(LDFLAGS) \
		$(if $(HIP_PATH),-L$(HIP_PATH)/lib) -lamdhip64
ifneq ($(wildcard emu/emu.mk),)
all: $(EXAMPLE_HOST_SYS)
endif

# The example kernel libraries (scripts/example_libs.sh): examples/shapes.yaml
# tuned by the model for the default target's first card and for the Radeon
# 8060S, one library per target in $(BUILD)/examples/lib/TARGET, the folder
# rdna3run LIB/ picks from by the running device's target.  Built once (a new
# rdna3gen does not retune it: an order-only prerequisite), about a minute a
# card on two cores: `make example-libs` (not part of `all`: the tuning is a
# product of its own, not a build step).
EXAMPLE_LIB_CARDS := rx7900xtx 8060s
EXAMPLE_LIB_STAMP := $(BUILD)/examples/lib/.built
$(EXAMPLE_LIB_STAMP): examples/shapes.yaml scripts/example_libs.sh | $(BUILD)/rdna3gen
	@mkdir -p $(dir $@)
	sh scripts/example_libs.sh $(BUILD) $(EXAMPLE_LIB_CARDS) && touch $@
.PHONY: example-libs
example-libs: $(EXAMPLE_LIB_STAMP)
