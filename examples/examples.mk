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
