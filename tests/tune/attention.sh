#!/bin/sh
# The tuner's attention runner (TPL_RUN_ATTENTION, tune/tune_exec.c) on the
# attention template's default kernel ($BUILD/tests/tune_exec_attention), and
# rdna3gen tune's six-size --shape: a wrong count, a size of 0, a head
# dimension the template cannot take or a --head-dim the shape contradicts,
# one line and exit 2; a search on a tiny budget whose winner (causal, the
# shape's D) rdna3run checks.
# Env: BUILD, RDNA3GEN, RDNA3RUN (tests/run.sh).
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
bad tune_attention_three_sizes "needs six sizes B HQ HKV SQ SKV D, got 3" tune attention --shape 77 301 64
bad tune_attention_head_dim "head-dim = 96: template attention cannot take it" tune attention --shape 1 2 1 77 301 96
bad tune_attention_head_dim_twice "--head-dim 128: the shape gives 64" tune attention --shape 1 2 1 77 301 64 \
	--head-dim 128

# a search on a tiny budget: the winner is causal and of the shape's D, and
# rdna3run --attention checks it
if "$G" tune attention --shape 1 2 1 77 301 128 --causal --budget 3 -j 2 --cache "$T/c" -o "$T/o" >"$T/tune.out" 2>"$T/tune.err" &&
	grep -q "^winner #.* at 1x2x1x77x301x128 by the model" "$T/tune.out"; then
	ok tune_attention_search
else
	nok tune_attention_search "$(tail -n 2 "$T/tune.err" | tr '\n' '|')"
fi
grep -q "^causal: true" "$T/o/winner.yaml" 2>/dev/null && grep -q "^head-dim: 128" "$T/o/winner.yaml" &&
	ok tune_attention_winner_params || nok tune_attention_winner_params "$(cat "$T/o/winner.yaml" 2>/dev/null | head -n 12 | tr '\n' '|')"
grep -q '"shape": \[1, 2, 1, 77, 301, 128\]' "$T/o/candidates.json" 2>/dev/null && ok tune_attention_json_shape ||
	nok tune_attention_json_shape "$(head -c 200 "$T/o/candidates.json" 2>/dev/null)"
if "${RDNA3RUN:-$BUILD/rdna3run}" "$T/o/winner.hsaco" --backend emu --attention 1 2 1 77 301 128 --causal --check \
	>"$T/run.out" 2>&1 && grep -q "^check: PASSED" "$T/run.out"; then
	ok tune_attention_winner_checked
else
	nok tune_attention_winner_checked "$(grep -e "^check" -e "^rdna3run" "$T/run.out" | head -n 2 | tr '\n' '|')"
fi
exit $fail
