#!/bin/sh
# rdna3run generic mode beyond names: arguments by position and by @offset,
# typed by the metadata or by :TYPE, the identity fill, the per-check switches
# (rdna3run --checks and the shim's RDNA3_SHIM_CHECKS), the global race check
# on racy and race-free kernels (tests/run/race.hip, one code object per
# installed LLVM), and --trace.
# Env: BUILD, RDNA3RUN, RDNA3GEN (tests/run.sh).
set -u
R="$RDNA3RUN"
. "$(dirname "$0")/../llvm.sh"
FX="$LLVM_FIXTURES/tests/loader"
SHIM="$BUILD/hipshim"
T="$BUILD/tests/run.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"

# floats of FILE equal to the awk expression WANT of i (0-based), N of them
floats_are() { # NAME FILE N WANT
	if od -An -v -f -w4 "$2" | awk -v n="$3" "{ i = NR - 1; if (\$1 != ($4)) bad++ } END { exit !(NR == n && !bad) }"; then
		ok "$1"
	else
		nok "$1" "$(od -An -f "$2" | head -n 2 | tr '\n' ' ')"
	fi
}

# --- keys: position, @offset, :TYPE (saxpy's scale: y@0, a@8 (f32, untyped in HIP metadata), count@12)
S="$FX/saxpy.hsaco"
expect key_position_offset 0 "$R" "$S" --kernel scale --backend emu --grid 3 --block 32 \
	--buffer 0=384:iota --arg 1:f32=2 --arg @12=90 --dump 0="$T/pos.bin"
floats_are key_position_offset_result "$T/pos.bin" 96 "i < 90 ? 2 * i : i"
expect key_typed_name 0 "$R" "$S" --kernel scale --backend emu --grid 3 --block 32 \
	--buffer y=384:iota --arg a:f32=2 --arg count:i32=90 --dump y="$T/typed.bin"
floats_are key_typed_name_result "$T/typed.bin" 96 "i < 90 ? 2 * i : i"
expect key_twice 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128 --arg a=1.0 \
	--arg 1=2.0 --arg count=1
expect key_offset_overlap 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128 \
	--arg a=1.0 --arg count=1 --arg @4:i32=1
grep -q 'overlap argument y' "$T/key_offset_overlap.err" && ok key_offset_overlap_says || nok key_offset_overlap_says "$(cat "$T/key_offset_overlap.err")"
expect key_offset_untyped 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128 \
	--arg a=1.0 --arg count=1 --arg @16=1
expect key_position_range 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128 --arg 3=1
expect key_type_size 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128 --arg a:f64=1
expect key_type_unknown 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128 --arg a:f8=1

# --- typed by the metadata: rdna3gen writes .type_name float / uint, so a=2 is 2.0 and count=2.5 is refused
if "$RDNA3GEN" scale -o "$T/scale.hsaco" >"$T/gen.out" 2>&1; then
	expect f32_integer_text 0 "$R" "$T/scale.hsaco" --backend emu --grid 2 --buffer src=4000:iota \
		--buffer dst=4000 --arg count=1000 --arg a=2 --arg b=1 --dump dst="$T/f32.bin"
	floats_are f32_integer_text_result "$T/f32.bin" 1000 "i < 512 ? 2 * i + 1 : 0"
	expect u32_refuses_float 2 "$R" "$T/scale.hsaco" --backend emu --grid 2 --buffer src=4000 \
		--buffer dst=4000 --arg count=2.5 --arg a=2 --arg b=1
	expect u32_refuses_negative 2 "$R" "$T/scale.hsaco" --backend emu --grid 2 --buffer src=4000 \
		--buffer dst=4000 --arg count=-1 --arg a=2 --arg b=1
	expect u32_decimal_not_octal 0 "$R" "$T/scale.hsaco" --backend emu --grid 2 --buffer src=4000:iota \
		--buffer dst=4000 --arg count=010 --arg a=1 --arg b=0 --dump dst="$T/dec.bin"
	floats_are u32_decimal_not_octal_result "$T/dec.bin" 1000 "i < 10 ? i : 0"
else
	nok gen_scale "$(head -n 2 "$T/gen.out")"
fi

# --- .type_name double (ao_arg_f64): a stencil's f64 coefficients; c0=2 and cx1=1 given as
# integer text are stored as the doubles 2.0 and 1.0.  On a 3x3x3 grid of u = iota the one
# interior point (index 13) gets 2*13 + (12 + 14) = 52, every other element of f stays 0.
if "$RDNA3GEN" stencil --dtype f64 --radius 1 --bx 32 --by 1 --points 1 -o "$T/st64.hsaco" >"$T/gen.out" 2>&1; then
	expect f64_integer_text 0 "$R" "$T/st64.hsaco" --backend emu --grid 1,1,1 --block 32,1,1 \
		--buffer f=216 --buffer u:f64=216:iota --arg nx=3 --arg ny=3 --arg nz=3 --arg ylo=1 --arg yhi=2 \
		--arg c0=2 --arg cx1=1 --arg cy1=0 --arg cz1=0 --dump f="$T/f64.bin"
	if od -An -v -t f8 -w8 "$T/f64.bin" | awk '{ i = NR - 1; if ($1 != (i == 13 ? 52 : 0)) bad++ }
			END { exit !(NR == 27 && !bad) }'; then
		ok f64_integer_text_result
	else
		nok f64_integer_text_result "$(od -An -t f8 "$T/f64.bin" | tr '\n' ' ' | head -c 300)"
	fi
	expect f64_refuses_text 2 "$R" "$T/st64.hsaco" --backend emu --grid 1,1,1 --block 32,1,1 \
		--buffer f=216 --buffer u:f64=216 --arg nx=3 --arg ny=3 --arg nz=3 --arg ylo=1 --arg yhi=2 \
		--arg c0=two --arg cx1=1 --arg cy1=0 --arg cz1=0
else
	nok gen_stencil_f64 "$(head -n 2 "$T/gen.out")"
fi

# --- identity fill: y = 1 * y keeps it (4x4 square, and 4 rows of 8)
expect identity_fill 0 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=64:identity \
	--arg a=1.0 --arg count=16 --dump y="$T/id.bin"
floats_are identity_fill_result "$T/id.bin" 16 "i % 5 == 0 ? 1 : 0"
expect identity_cols 0 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128:identity:8 \
	--arg a=1.0 --arg count=32 --dump y="$T/id8.bin"
floats_are identity_cols_result "$T/id8.bin" 32 "i % 9 == 0 && i < 32 ? 1 : 0"
expect identity_not_square 2 "$R" "$S" --kernel scale --backend emu --grid 1 --block 32 --buffer y=128:identity \
	--arg a=1.0 --arg count=1

# --- check switches
expect checks_unknown 2 "$R" "$S" --kernel scale --grid 1 --block 32 --checks waitcnt,bogus
expect checks_none_mixed 2 "$R" "$S" --kernel scale --grid 1 --block 32 --checks none,waitcnt
expect checks_with_strict 2 "$R" "$S" --kernel scale --grid 1 --block 32 --checks all --strict

# --- global races (the racy kernels run clean without the check: it is off by default)
found=0
for co in "$LLVM_FIXTURES/tests/run/race.hsaco"; do
	[ -e "$co" ] || continue
	found=$((found + 1))
	v=$LLVM_V
	expect "llvm${v}_race_ww" 1 "$R" "$co" --kernel race_ww --backend emu -j 1 --grid 4 --block 32 --buffer out=128 \
		--checks default,global-race
	grep -q 'workgroup (1,0,0) .*global race: writes 0x[0-9a-f]*, which workgroup (0,0,0) also writes' "$T/llvm${v}_race_ww.err" &&
		ok "llvm${v}_race_ww_says" || nok "llvm${v}_race_ww_says" "$(cat "$T/llvm${v}_race_ww.err")"
	expect "llvm${v}_race_ww_default_off" 0 "$R" "$co" --kernel race_ww --backend emu --grid 4 --block 32 --buffer out=128
	expect "llvm${v}_race_rw" 1 "$R" "$co" --kernel race_rw --backend emu -j 1 --grid 4 --block 32 --buffer buf=256 --checks all
	grep -q 'global race: reads 0x[0-9a-f]*, which workgroup (0,0,0) writes' "$T/llvm${v}_race_rw.err" &&
		ok "llvm${v}_race_rw_says" || nok "llvm${v}_race_rw_says" "$(cat "$T/llvm${v}_race_rw.err")"
	expect "llvm${v}_race_rw_2threads" 1 "$R" "$co" --kernel race_rw --backend emu -j 2 --grid 4 --block 32 --buffer buf=256 --checks all
	expect "llvm${v}_norace" 0 "$R" "$co" --kernel norace --backend emu --grid 4 --block 32 --buffer in=128:iota \
		--buffer out=512 --buffer count=4 --checks all --dump count="$T/count.bin"
	[ "$(od -An -t d4 "$T/count.bin" | tr -d ' ')" = 128 ] && ok "llvm${v}_norace_atomics" || nok "llvm${v}_norace_atomics" "$(od -An -t d4 "$T/count.bin")"
	expect "llvm${v}_norace_rmw" 0 "$R" "$co" --kernel norace_rmw --backend emu --grid 4 --block 32 --buffer buf=512 --checks all
	# the shim: RDNA3_SHIM_CHECKS takes the same names
	if [ -e "$SHIM/libamdhip64.so.6" ]; then
		expect "llvm${v}_race_shim" 1 env RDNA3_SHIM_CHECKS=default,global-race RDNA3_HIP_LIB="$SHIM/libamdhip64.so.6" \
			"$R" "$co" --kernel race_ww --backend hip --grid 4 --block 32 --buffer out=128
		grep -q 'global race' "$T/llvm${v}_race_shim.err" && ok "llvm${v}_race_shim_says" ||
			nok "llvm${v}_race_shim_says" "$(cat "$T/llvm${v}_race_shim.err")"
		expect "llvm${v}_race_shim_default" 0 env RDNA3_HIP_LIB="$SHIM/libamdhip64.so.6" \
			"$R" "$co" --kernel race_ww --backend hip --grid 4 --block 32 --buffer out=128
		expect "llvm${v}_shim_checks_bogus" 3 env RDNA3_SHIM_CHECKS=7 RDNA3_HIP_LIB="$SHIM/libamdhip64.so.6" \
			"$R" "$co" --kernel race_ww --backend hip --grid 4 --block 32 --buffer out=128
		grep -q "hipshim: RDNA3_SHIM_CHECKS: unknown check '7'" "$T/llvm${v}_shim_checks_bogus.err" &&
			ok "llvm${v}_shim_checks_bogus_says" || nok "llvm${v}_shim_checks_bogus_says" "$(cat "$T/llvm${v}_shim_checks_bogus.err")"
	fi
done
[ "$found" -ge 1 ] && ok "race_fixture (LLVM $LLVM_V)" || nok race_fixture "no $LLVM_FIXTURES/tests/run/race.hsaco"

# --- trace: add1 (buf[i] += 1 for i < count), workgroup 1 wave 1 starts at element 96
A="$FX/add1.hsaco"
expect trace 0 "$R" "$A" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 --trace 1:1 --trace-lines 6
grep -q '^trace: add1 workgroup (1,0,0) wave 1' "$T/trace.out" && ok trace_header || nok trace_header "$(head -n 1 "$T/trace.out")"
grep -q '^trace: +0x[0-9a-f]*  v_add_nc_u32_e32 v0, s3, v0 *v0=\[00000060 00000061 ' "$T/trace.out" &&
	ok trace_vgpr_values || nok trace_vgpr_values "$(grep v_add "$T/trace.out" | cut -c1-120)"
grep -q '^trace: +0x[0-9a-f]*  s_load_b32 s6, s\[0:1\], 0x8 *s6=00000064' "$T/trace.out" &&
	ok trace_sgpr_values || nok trace_sgpr_values "$(grep s_load_b32 "$T/trace.out")"
[ "$(grep -c '^trace: +0x' "$T/trace.out")" -eq 6 ] && grep -q '^trace: stopped at the line limit' "$T/trace.out" &&
	ok trace_bounded || nok trace_bounded "$(grep -c '^trace: +' "$T/trace.out") lines"
expect trace_outside 1 "$R" "$A" --grid 2 --block 64 --buffer buf=512 --arg count=1 --trace 2
expect trace_wave_outside 1 "$R" "$A" --grid 2 --block 64 --buffer buf=512 --arg count=1 --trace 0:2
expect trace_hip 2 "$R" "$A" --grid 2 --block 64 --buffer buf=512 --arg count=1 --trace 0 --backend hip
expect trace_bad 2 "$R" "$A" --grid 2 --block 64 --buffer buf=512 --arg count=1 --trace 0:x
rm -rf "$T"
exit "$fail"
