# fuzz/: libFuzzer targets (clang-19, ASan + UBSan), built from the sources so
# they carry the fuzzer's instrumentation.  `make fuzz` runs the long session;
# `make test` runs a short one (tests/loader/fuzz_smoke.sh).
FUZZ_CC ?= clang-19
FUZZ_TIME ?= 600
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -I. \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -D__HIP_PLATFORM_AMD__
LD_FUZZ := $(BUILD)/fuzz/ld_fuzz
$(LD_FUZZ): fuzz/ld_fuzz.c $(wildcard loader/*.c) loader/loader.h loader/ld_internal.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) fuzz/ld_fuzz.c $(wildcard loader/*.c) -o $@ $(LOADER_LDLIBS)
ifeq ($(SAN),1)
all: $(LD_FUZZ) $(LOADER_FIXTURES)
endif

# The corpus: real code objects (the loader's fixtures), copied so the fuzzer
# may add to its own directory without touching them.
FUZZ_CORPUS := $(BUILD)/fuzz/corpus
.PHONY: fuzz
fuzz: $(LD_FUZZ) $(LOADER_FIXTURES)
	@mkdir -p $(FUZZ_CORPUS)
	cp $(LOADER_FIXTURES) $(wildcard tests/loader/*.co) $(FUZZ_CORPUS)/
	ASAN_OPTIONS=allocator_may_return_null=1 $(LD_FUZZ) -max_total_time=$(FUZZ_TIME) \
		-malloc_limit_mb=1048576 -rss_limit_mb=4096 $(FUZZ_CORPUS)
