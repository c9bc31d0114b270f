#!/bin/sh
# A short libFuzzer session over the loader's file parsing, seeded with real
# code objects (the long one is `make fuzz`).  Needs $BUILD/fuzz/ld_fuzz.
fz="$BUILD/fuzz/ld_fuzz"
if [ ! -x "$fz" ]; then
	# Only the sanitized build makes the fuzzer (fuzz/fuzz.mk): a normal
	# `make check` skips it, the sanitized one may not.
	if [ "${SAN:-0}" != 1 ]; then
		echo "skip fuzz_smoke: the fuzzer is built by the sanitized build only (make test)"
		exit 0
	fi
	echo "not ok fuzz_smoke: $fz not built (make SAN=1 all)"
	exit 1
fi
corpus="$BUILD/fuzz/smoke_corpus.$$"
rm -rf "$corpus"; mkdir -p "$corpus"
cp tests/loader/*.co "$corpus"/ 2>/dev/null
# the fixtures of every LLVM ($BUILD/llvmNN/tests/loader, see tests/llvm.sh)
for f in "$BUILD"/llvm*/tests/loader/*.hsaco; do
	v=${f#"$BUILD"/}; v=${v%%/*}
	[ -f "$f" ] && cp "$f" "$corpus/$v-${f##*/}"
done
log="$BUILD/fuzz/smoke.$$.log"
ASAN_OPTIONS=allocator_may_return_null=1 "$fz" -max_total_time="${FUZZ_SMOKE_TIME:-20}" \
	-malloc_limit_mb=1048576 -rss_limit_mb=4096 -artifact_prefix="$BUILD/fuzz/" "$corpus" >"$log" 2>&1
rc=$?
runs=$(grep -o 'Done [0-9]* runs' "$log" | tail -n 1)
rm -rf "$corpus"
if [ $rc -eq 0 ] && [ -n "$runs" ]; then
	echo "ok fuzz_smoke ($runs)"
	rm -f "$log"
else
	echo "not ok fuzz_smoke: fuzzer exited $rc; see $log"
	exit 1
fi
