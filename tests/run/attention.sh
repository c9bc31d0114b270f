#!/bin/sh
# rdna3run --attention (docs/rdna3run.md; the runner, run/attention.h):
#   1. bad command lines: missing sizes, a size of 0 or not a number, HQ not a
#      multiple of HKV, --causal or --padded without --attention, two modes:
#      one line, exit 2, before the file is read;
#   2. a kernel that is not an attention kernel: one line, exit 1;
#   3. once rdna3gen has the attention template: its default kernel checked
#      on the emulator at ragged sizes, packed and padded.
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
	skip attention_end_to_end "rdna3gen has no attention template here: $(head -n 1 "$T/gen.out")"
	exit $fail
fi
