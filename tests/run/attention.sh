#!/bin/sh
# rdna3run --attention (docs/rdna3run.md; the runner, run/attention.h):
#   1. bad command lines: missing sizes, a size of 0 or not a number, HQ not a
#      multiple of HKV, --causal or --padded without --attention, two modes:
#      one line, exit 2, before the file is read;
#   2. a kernel that is not an attention kernel: one line, exit 1;
#   3. the attention template's kernels through the runner on the emulator:
#      checked at ragged sizes, packed and with padded strides (causal with
#      lse, GQA, split-KV decode); what contradicts the kernel (D, --causal,
#      --grid, --dump lse of a kernel without it): one line, exit 2; --model
#      prints the rate of the prediction; --dump o writes O's buffer.
#      (tests/templates/attention.sh covers the template's parameters.)
# Env: BUILD, RDNA3GEN, RDNA3RUN, RDNA3_LLVM (tests/run.sh).
set -u
G="$RDNA3GEN"
R="$RDNA3RUN"
. "$(dirname "$0")/../llvm.sh"
K="$LLVM_FIXTURES/tests/run/gemm_ref.hsaco"
T="$BUILD/tests/attention.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/lib.sh"

# expect_msg NAME STATUS PATTERN ARGS...: exit STATUS, one line, matching PATTERN
expect_msg() {
	name=$1 want=$2 pat=$3; shift 3
	expect "$name" "$want" "$R" "$@" || return
	grep -q -e "$pat" "$T/$name.err" || nok "${name}_message" "$(head -n 1 "$T/$name.err")"
}

expect_msg missing_sizes 2 "needs six sizes B HQ HKV SQ SKV D, got 4" "$K" --attention 1 2 1 77 --check
expect_msg missing_at_end 2 "needs six sizes B HQ HKV SQ SKV D, got 5" "$K" --attention 1 2 1 77 301
expect_msg zero_size 2 "SKV = '0' is not a positive" "$K" --attention 1 2 1 77 0 64
expect_msg not_a_number 2 "D = 'x64' is not a positive" "$K" --attention 1 2 1 77 301 x64
expect_msg negative 2 "HQ = '-2' is not a positive" "$K" --attention 1 -2 1 77 301 64
expect_msg gqa 2 "HQ = 6 is not a multiple of HKV = 4" "$K" --attention 1 6 4 77 301 64
expect_msg causal_alone 2 "causal goes with --attention" "$K" --gemm 8 8 8 --causal
expect_msg padded_alone 2 "padded goes with --attention" "$K" --grid 1 --block 64 --padded
expect_msg two_modes 2 "one mode at a time" "$K" --attention 1 2 1 7 9 64 --gemm 8 8 8
expect_msg dtype 2 "attention takes the kernel's types" "$K" --attention 1 2 1 7 9 64 --dtype f16
expect_msg buffer 2 "attention allocates its data" "$K" --attention 1 2 1 7 9 64 --buffer A=64
expect_msg twice 2 "given twice" "$K" --attention 1 2 1 7 9 64 --attention 1 2 1 7 9 64
expect_msg not_attention 1 "is not an attention kernel" "$K" --kernel sgemm_ref --backend emu --attention 1 2 1 7 9 64

if ! "$G" attention -o "$T/a.hsaco" >"$T/gen.out" 2>&1; then
	nok gen_default "$(head -n 1 "$T/gen.out")"
	exit $fail
fi
"$G" attention --causal true --lse true -o "$T/c.hsaco" >"$T/gen.out" 2>&1 || nok gen_causal "$(head -n 1 "$T/gen.out")"
"$G" attention --preset decode --head-dim 128 --out f32 -o "$T/d.hsaco" >"$T/gen.out" 2>&1 ||
	nok gen_decode "$(head -n 1 "$T/gen.out")"

# passes NAME ARGS...: exit 0 and check: PASSED
passes() {
	name=$1; shift
	expect "$name" 0 "$R" --backend emu "$@" --check || return
	grep -q '^check: PASSED' "$T/$name.out" || nok "${name}_passed" "$(grep '^check' "$T/$name.out" | head -n 2)"
}
passes e2e_default "$T/a.hsaco" --attention 1 2 1 77 301 64
passes e2e_padded "$T/a.hsaco" --attention 2 4 2 77 301 64 --padded
passes e2e_causal_lse "$T/c.hsaco" --attention 1 2 1 77 301 64 --causal
passes e2e_causal_long_q "$T/c.hsaco" --attention 1 2 2 90 40 64 --padded --seed 7
passes e2e_decode_split "$T/d.hsaco" --attention 2 8 2 1 1000 128 --padded
grep -q 'log-sum-exp' "$T/e2e_causal_lse.out" && ok e2e_lse_checked || nok e2e_lse_checked "$(grep '^check' "$T/e2e_causal_lse.out")"
grep -q 'keys in 4 chunks of 256' "$T/e2e_decode_split.out" && ok e2e_split_named ||
	nok e2e_split_named "$(head -n 1 "$T/e2e_decode_split.out")"

expect_msg e2e_head_dim 2 "head dimension 64, not D = 128" "$T/a.hsaco" --backend emu --attention 1 2 1 7 9 128
expect_msg e2e_not_causal 2 "is not causal" "$T/a.hsaco" --backend emu --attention 1 2 1 7 9 64 --causal
expect_msg e2e_grid 2 "needs grid 1,2,1" "$T/a.hsaco" --backend emu --attention 1 2 1 7 9 64 --grid 2,2,1
expect_msg e2e_dump_lse 2 "writes no log-sum-exp" "$T/a.hsaco" --backend emu --attention 1 2 1 7 9 64 \
	--dump lse="$T/lse.bin"
expect_msg e2e_dump_name 2 "not a tensor" "$T/a.hsaco" --backend emu --attention 1 2 1 7 9 64 --dump x="$T/x.bin"
[ ! -e "$T/lse.bin" ] && [ ! -e "$T/x.bin" ] && ok e2e_nothing_written || nok e2e_nothing_written "a dump was written"

# --dump o: O's buffer, the tensor and its guard of block_q (64) rows, f16
if expect e2e_dump_o 0 "$R" "$T/a.hsaco" --backend emu --attention 1 2 1 7 9 64 --dump o="$T/o.bin"; then
	size=$(wc -c <"$T/o.bin")
	[ "$size" -eq $(((2 * 7 * 64 + 64 * 64) * 2)) ] && ok e2e_dump_o_size || nok e2e_dump_o_size "$size bytes"
fi
if expect e2e_model 0 "$R" "$T/a.hsaco" --attention 1 2 1 77 301 64 --model; then
	grep -q '^model: attention .* predicted (unvalidated.*TFLOP/s (4\*D\*46354 unmasked pairs' "$T/e2e_model.out" &&
		ok e2e_model_rate || nok e2e_model_rate "$(grep '^model: attention' "$T/e2e_model.out")"
fi
exit $fail
