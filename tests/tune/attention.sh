#!/bin/sh
# The tuner's attention runner (TPL_RUN_ATTENTION, tune/tune_exec.c) on the
# attention template's default kernel ($BUILD/tests/tune_exec_attention), and
# rdna3gen tune's six-size --shape: a wrong count, a size of 0, one line and
# exit 2.
# Env: BUILD, RDNA3GEN (tests/run.sh).
set -u
. tests/check.sh
G="$RDNA3GEN"
T="$BUILD/tests/tune_attention.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

if "$G" attention -o "$T/a.hsaco" >"$T/gen.out" 2>&1; then
	"$BUILD/tests/tune_exec_attention" "$T/a.hsaco" || fail=1
else
	nok gen_attention "$(head -n 1 "$T/gen.out")"
fi

# bad NAME PATTERN ARGS...: rdna3gen exits 2 with one line matching PATTERN, writes nothing
bad() {
	name=$1 pat=$2; shift 2
	"$G" "$@" -o "$T/out" >"$T/$name.out" 2>"$T/$name.err"
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$T/$name.err")" -eq 1 ] && grep -q -e "$pat" "$T/$name.err" && [ ! -e "$T/out" ]; then
		ok "$name"
	else
		nok "$name" "exit $rc: $(head -n 2 "$T/$name.err" | tr '\n' '|')"
	fi
}
bad tune_sgemm_six_sizes "needs three sizes M N K, got 6" tune sgemm --shape 1 2 1 77 45 64
bad tune_zero_size "is not a size in" tune sgemm --shape 40 0 28
bad tune_causal_not_a_param "unknown option '--causal'" tune sgemm --shape 40 36 28 --causal
exit $fail
