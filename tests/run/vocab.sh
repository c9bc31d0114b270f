#!/bin/sh
# One vocabulary in both tools (vocab/vocab.h): the same layout words, YAML
# file and flag set work in rdna3gen and rdna3run; booleans are true|false
# only, integers decimal only, and an option given twice is refused with one
# line, by either tool.  Env: BUILD, RDNA3GEN, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
G="$RDNA3GEN"
T="$BUILD/tests/vocab.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../llvm.sh"

# gexpect NAME STATUS ARGS...: rdna3gen exits with STATUS; a failure says why on
# exactly one "rdna3gen: " line and writes no output.
gexpect() {
	name=$1 want=$2; shift 2
	"$G" "$@" >"$T/$name.out" 2>"$T/$name.err"
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		nok "$name" "exit $rc, want $want: $(head -n 2 "$T/$name.err" | tr '\n' '|')"
	elif [ "$want" -ne 0 ] && [ "$(grep -c '^rdna3gen: ' "$T/$name.err")" -ne 1 -o "$(wc -l <"$T/$name.err")" -ne 1 ]; then
		nok "$name" "want one error line, got: $(head -n 3 "$T/$name.err" | tr '\n' '|')"
	elif [ "$want" -ne 0 ] && [ -e "$T/x.s" ]; then
		nok "$name" "wrote x.s"
	else
		ok "$name"
	fi
}

# --- the same words in both tools ---------------------------------------------------------------
# A YAML file in lower case, the generator's flags in upper case, the runner's in
# mixed case: one kernel, one layout.
printf 'layout: nt\nbm: 64\nbn: 64\nprefetch: true\n' >"$T/nt.yaml"
gexpect gen_yaml_layout_lower 0 sgemm --config "$T/nt.yaml" -o "$T/nt.hsaco"
gexpect gen_flag_layout_upper 0 sgemm --config "$T/nt.yaml" --layout NT -o "$T/nt_flag.s"
grep -q -- ' --layout NT ' "$T/nt_flag.s" && grep -q '\.rdna3\.layout: *NT' "$T/nt_flag.s" &&
	ok layout_printed_upper_case || nok layout_printed_upper_case "$(grep -m1 -- '--layout' "$T/nt_flag.s")"
for L in NT nt Nt; do
	expect "run_layout_$L" 0 "$R" "$T/nt.hsaco" --gemm 64 64 16 --layout "$L" --check --backend emu &&
		grep -q '^check: PASSED' "$T/run_layout_$L.out" && grep -q 'layout NT' "$T/run_layout_$L.out" &&
		ok "run_layout_${L}_checked" || nok "run_layout_${L}_checked" "$(head -n 1 "$T/run_layout_$L.out")"
done
# the other layout is refused naming both, as the generator prints them
expect run_layout_mismatch 2 "$R" "$T/nt.hsaco" --gemm 64 64 16 --layout tn --backend emu &&
	grep -q 'generated for layout NT, not TN' "$T/run_layout_mismatch.err" && ok run_layout_mismatch_words ||
	nok run_layout_mismatch_words "$(cat "$T/run_layout_mismatch.err")"
expect run_layout_bad 2 "$R" "$T/nt.hsaco" --gemm 64 64 16 --layout N --backend emu
gexpect gen_layout_bad 2 sgemm --layout N -o "$T/x.s"
grep -q 'NN|NT|TN|TT' "$T/gen_layout_bad.err" && grep -q 'NN|NT|TN|TT' "$T/run_layout_bad.err" &&
	ok layout_errors_same_words || nok layout_errors_same_words "$(cat "$T/gen_layout_bad.err" "$T/run_layout_bad.err")"

# --help of both tools: the same paragraph on how values are spelled
"$G" --help >"$T/gen_help" 2>&1
"$R" --help >"$T/run_help" 2>&1
sed -n '/^Values:/,/given twice/p' "$T/gen_help" >"$T/gen_values"
sed -n '/^Values:/,/given twice/p' "$T/run_help" >"$T/run_values"
[ -s "$T/gen_values" ] && cmp -s "$T/gen_values" "$T/run_values" && grep -q 'true|false' "$T/gen_values" &&
	ok help_same_words || nok help_same_words "$(cat "$T/gen_values" "$T/run_values" | tr '\n' '|')"

# --- strict values ----------------------------------------------------------------------------
gexpect gen_bool_yes 2 sgemm --dual yes -o "$T/x.s"
gexpect gen_bool_one 2 sgemm --prefetch 1 -o "$T/x.s"
gexpect gen_bool_caps 2 sgemm --prefetch True -o "$T/x.s"
printf 'dual: on\n' >"$T/on.yaml"
gexpect gen_yaml_bool_on 2 sgemm --config "$T/on.yaml" -o "$T/x.s"
grep -q "on.yaml:1: dual: 'on' is not a boolean (true|false)" "$T/gen_yaml_bool_on.err" && ok yaml_bool_line ||
	nok yaml_bool_line "$(cat "$T/gen_yaml_bool_on.err")"
gexpect gen_int_octal 2 sgemm --pad-a 010 -o "$T/x.s"
gexpect gen_int_hex 2 sgemm --pad-a 0x8 -o "$T/x.s"
gexpect gen_int_junk 2 sgemm --pad-a 8k -o "$T/x.s"
printf 'pad-a: 010\n' >"$T/oct.yaml"
gexpect gen_yaml_int_octal 2 sgemm --config "$T/oct.yaml" -o "$T/x.s"
gexpect gen_width_bad 2 sgemm --global-vec 128 -o "$T/x.s"
gexpect gen_int_decimal 0 sgemm --pad-a 8 --dual true -o "$T/ok.s"
grep -q -- '--pad-a 8 ' "$T/ok.s" && ok gen_int_decimal_value || nok gen_int_decimal_value "no --pad-a 8"
K="$T/nt.hsaco"
expect run_seed_octal 2 "$R" "$K" --gemm 64 64 16 --seed 010 --backend emu
expect run_bench_hex 2 "$R" "$K" --gemm 64 64 16 --bench 0x2 --backend emu
expect run_gemm_junk 2 "$R" "$K" --gemm 64 64 16x --backend emu
expect run_buffer_octal 2 "$R" "$LLVM_FIXTURES/tests/loader/add1.hsaco" --backend emu --grid 1 --block 64 \
	--buffer buf=0400 --arg count=64

# --- an option given twice ----------------------------------------------------------------------
gexpect gen_twice_param 2 sgemm --bm 64 --bm 64 -o "$T/x.s"
gexpect gen_twice_alias 2 sgemm --pad_a 4 --pad-a 4 -o "$T/x.s"
gexpect gen_twice_mode 2 sgemm --cu --mode wgp -o "$T/x.s"
gexpect gen_twice_switch 2 sgemm --summary --summary -o "$T/x.s"
expect run_twice_block 2 "$R" "$K" --gemm 64 64 16 --block 128 --block 128 --backend emu
expect run_twice_layout 2 "$R" "$K" --gemm 64 64 16 --layout NT --layout NT --backend emu
expect run_twice_check 2 "$R" "$K" --gemm 64 64 16 --check --check --backend emu
expect run_strict_unchecked 2 "$R" "$K" --gemm 64 64 16 --strict --unchecked --backend emu
grep -q 'given twice' "$T/run_twice_block.err" && grep -q 'given twice' "$T/gen_twice_param.err" &&
	ok twice_same_words || nok twice_same_words "$(cat "$T/run_twice_block.err" "$T/gen_twice_param.err")"
# repeatable per NAME: two buffers, two dumps
expect run_repeat_named 0 "$R" "$LLVM_FIXTURES/tests/loader/add1.hsaco" --backend emu --grid 1 --block 64 \
	--buffer buf=256 --arg count=64 --dump buf="$T/d1.bin"

rm -rf "$T"
exit $fail
