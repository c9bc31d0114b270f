# bench/gen_time: parameters -> .hsaco per sgemm preset, next to clang compiling
# the equivalent HIP C++ kernel (bench/sgemm_ref.hip).  `make bench` runs it.
BENCH_GEN_TIME := $(BUILD)/bench/gen_time
$(BENCH_GEN_TIME): $(BUILD)/bench/gen_time.o $(BUILD)/libtemplates.a $(BUILD)/libvgpr_alloc.a \
		$(BUILD)/libasm_out.a $(BUILD)/libisa.a $(BUILD)/libvocab.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ $(LDLIBS)
all: $(BENCH_GEN_TIME)
.PHONY: gen_time_bench
bench: gen_time_bench
gen_time_bench: $(BENCH_GEN_TIME)
	$(BENCH_GEN_TIME)
