#!/bin/sh
# rdna3run generic mode: --buffer fills in the element type of the argument's
# .value_type (or the key's :TYPE; f32 without either), the file=PATH fill,
# and 2-byte floating-point --arg values (f16, bf16) rounded to nearest even.
# The kernel is tests/loader/typed.s: a buffer of each type, and three 2-byte
# by_value arguments it copies to out.
# Env: BUILD, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
. "$(dirname "$0")/../llvm.sh"
K="$LLVM_FIXTURES/tests/loader/typed.hsaco"
T="$BUILD/tests/fills.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"

# launch NAME STATUS [OPTIONS...]: the kernel with OPTIONS, and an 8-byte
# zero buffer for each buffer and 0 for each argument OPTIONS do not name.
launch() {
	name=$1 want=$2; shift 2
	bufs=" " args=" " prev="" all=""
	for w in "$@"; do
		case $prev in
		--buffer) bufs="$bufs${w%%[=:]*} " ;;
		--arg) args="$args${w%%[=:]*} " ;;
		esac
		prev=$w
	done
	for b in h b f d c s i q st none w out; do
		case $bufs in *" $b "*) ;; *) all="$all --buffer $b=8" ;; esac
	done
	for a in hv bv xv; do
		case $args in *" $a "*) ;; *) all="$all --arg $a=0" ;; esac
	done
	# shellcheck disable=SC2086 # $all is words on purpose
	expect "$name" "$want" "$R" "$K" --backend emu --grid 1 --block 32 $all "$@"
}

# same NAME FILE WANT: FILE's bytes as 16-bit hex words are WANT
words16() { od -An -v -tx2 "$1" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'; }
same() {
	got=$(words16 "$2")
	[ "$got" = "$3" ] && ok "$1" || nok "$1" "got $got, want $3"
}
# values NAME FILE ODTYPE WANT: FILE as od -t ODTYPE values is WANT
values() {
	got=$(od -An -v -t "$3" "$2" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
	[ "$got" = "$4" ] && ok "$1" || nok "$1" "got $got, want $4"
}

[ -e "$K" ] || { nok fixture "no $K (make fixtures)"; exit 1; }

# --- iota, identity and a number in each type
launch iota_typed 0 --buffer h=16:iota --buffer b=16:iota --buffer d=32:iota --buffer c=260:iota \
	--buffer s=8:iota --buffer w=24:iota --dump h="$T/h" --dump b="$T/b" --dump d="$T/d" --dump c="$T/c" \
	--dump s="$T/s" --dump w="$T/w"
same iota_f16 "$T/h" "0000 3c00 4000 4200 4400 4500 4600 4700"
same iota_bf16 "$T/b" "0000 3f80 4000 4040 4080 40a0 40c0 40e0"
values iota_f64 "$T/d" f8 "0 1 2 3"
values iota_u16 "$T/s" u2 "0 1 2 3"
values iota_i64 "$T/w" d8 "0 1 2"
# integers wrap: element 128 of an i8 iota is -128, element 256 is 0
[ "$(od -An -v -td1 -j126 -N4 "$T/c" | tr -s ' ' ' ')" = " 126 127 -128 -127" ] &&
	[ "$(od -An -v -td1 -j256 -N1 "$T/c" | tr -d ' ')" = 0 ] && ok iota_i8_wraps ||
	nok iota_i8_wraps "$(od -An -v -td1 -j126 -N4 "$T/c")"
launch identity_f16 0 --buffer h=32:identity --buffer i=24:identity:3 --dump h="$T/id" --dump i="$T/idi"
same identity_f16_result "$T/id" "3c00 0000 0000 0000 0000 3c00 0000 0000 0000 0000 3c00 0000 0000 0000 0000 3c00"
values identity_i32_result "$T/idi" d4 "1 0 0 0 1 0"
launch number_typed 0 --buffer h=4:-2.5 --buffer b=4:0.1 --buffer c=2:-7 --buffer q=8:0x10 \
	--dump h="$T/nh" --dump b="$T/nb" --dump c="$T/nc" --dump q="$T/nq"
same number_f16 "$T/nh" "c100 c100"
same number_bf16_nearest "$T/nb" "3dcd 3dcd"
values number_i8 "$T/nc" d1 "-7 -7"
values number_u64 "$T/nq" u8 "16"
launch number_not_i8 2 --buffer c=2:300
launch number_not_integer 2 --buffer c=2:2.5
launch iota_past_f16 2 --buffer h=131072:iota
grep -q "65520 overflows f16 to infinity" "$T/iota_past_f16.err" && ok iota_past_f16_says ||
	nok iota_past_f16_says "$(cat "$T/iota_past_f16.err")"

# --- no value type, or "struct": f32, as before fills had types
launch untyped_f32 0 --buffer none=8:iota --buffer st=8:1.5 --dump none="$T/none" --dump st="$T/st"
values untyped_f32_iota "$T/none" f4 "0 1"
values struct_f32 "$T/st" f4 "1.5 1.5"
# ...unless the key gives the type
launch key_type_fill 0 --buffer none:f16=8:iota --buffer st:i8=3:-1 --dump none="$T/kf" --dump st="$T/ks"
same key_type_fill_f16 "$T/kf" "0000 3c00 4000 4200"
values key_type_fill_i8 "$T/ks" d1 "-1 -1 -1"

# --- random: floats in [-1, 1) on the type's grid, integers small
launch random_typed 0 --buffer h=2048:random --buffer b=2048:random --buffer c=1024:random \
	--buffer s=1024:random --dump h="$T/rh" --dump b="$T/rb" --dump c="$T/rc" --dump s="$T/rs"
# f16 and bf16 decoded from their bits: every value in [-1, 1), a multiple of
# 2^-11 (f16) or 2^-8 (bf16), not all equal, both signs
half_ok() { # FILE EXPBITS MANBITS GRIDBITS
	od -An -v -tu2 "$1" | tr -s ' ' '\n' | grep . | awk -v eb="$2" -v mb="$3" -v g="$4" '
	{ u = $1; s = int(u / 2 ^ (eb + mb)); e = int(u / 2 ^ mb) % 2 ^ eb; m = u % 2 ^ mb
	  bias = 2 ^ (eb - 1) - 1
	  v = e == 0 ? m * 2 ^ (1 - bias - mb) : (1 + m / 2 ^ mb) * 2 ^ (e - bias)
	  if (s) v = -v
	  if (v < -1 || v >= 1 || v * 2 ^ g != int(v * 2 ^ g)) bad++
	  if (v < 0) neg++; else pos++
	  seen[v] = 1 }
	END { n = 0; for (k in seen) n++; exit !(NR == 1024 && !bad && neg > 400 && pos > 400 && n > 300) }'
}
half_ok "$T/rh" 5 10 11 && ok random_f16 || nok random_f16 "$(od -An -tx2 "$T/rh" | head -n 2)"
half_ok "$T/rb" 8 7 8 && ok random_bf16 || nok random_bf16 "$(od -An -tx2 "$T/rb" | head -n 2)"
od -An -v -td1 "$T/rc" | tr -s ' ' '\n' | grep . | awk '$1 < -8 || $1 > 7 { bad++ } { seen[$1] = 1 }
	END { n = 0; for (k in seen) n++; exit !(NR == 1024 && !bad && n == 16) }' && ok random_i8 ||
	nok random_i8 "$(od -An -td1 "$T/rc" | head -n 1)"
od -An -v -tu2 "$T/rs" | tr -s ' ' '\n' | grep . | awk '$1 > 15 { bad++ } { seen[$1] = 1 }
	END { n = 0; for (k in seen) n++; exit !(NR == 512 && !bad && n == 16) }' && ok random_u16 ||
	nok random_u16 "$(od -An -tu2 "$T/rs" | head -n 1)"

# --- file=PATH: the file's bytes, which must be exactly the buffer's size
printf 'ABCDEFGHIJKLMNOP' >"$T/sixteen"
launch file_fill 0 --buffer f=16:file="$T/sixteen" --dump f="$T/ff"
cmp -s "$T/sixteen" "$T/ff" && ok file_fill_bytes || nok file_fill_bytes "$(od -An -c "$T/ff")"
launch file_larger 2 --buffer f=8:file="$T/sixteen"
grep -q "has 16 bytes, the buffer 8" "$T/file_larger.err" && ok file_larger_says ||
	nok file_larger_says "$(cat "$T/file_larger.err")"
launch file_shorter 2 --buffer f=32:file="$T/sixteen"
launch file_missing 2 --buffer f=16:file="$T/nosuch"
grep -q "file=$T/nosuch: No such file" "$T/file_missing.err" && ok file_missing_says ||
	nok file_missing_says "$(cat "$T/file_missing.err")"
launch file_folder 2 --buffer f=16:file="$T"
launch file_device_larger 2 --buffer f=16:file=/dev/zero
launch fill_unknown 2 --buffer f=16:bogus
grep -q "file=PATH" "$T/fill_unknown.err" && ok fill_unknown_says || nok fill_unknown_says "$(cat "$T/fill_unknown.err")"

# --- 2-byte floating-point arguments: f16 by .value_type, bf16 by .value_type,
# and a 2-byte argument without a type takes float-looking text as f16
launch arg_half 0 --arg hv=2.0 --arg bv=-1.5 --arg xv=0.5 --dump out="$T/a1"
same arg_half_bits "$T/a1" "4000 bfc0 3800 0000"
# nearest even: halfway between 1 + 2^-10 and 1 + 2^-9 goes up to the even one;
# halfway between 1 and 1 + 2^-10 stays at 1; bf16 likewise at 2^-7; 2^-24 is
# f16's smallest subnormal
launch arg_half_even 0 --arg hv=1.00146484375 --arg bv=1.01171875 --arg xv=5.9604644775390625e-8 \
	--dump out="$T/a2"
same arg_half_even_bits "$T/a2" "3c02 3f82 0001 0000"
launch arg_half_even_down 0 --arg hv=1.00048828125 --arg bv=1.00390625 --dump out="$T/a3"
same arg_half_even_down_bits "$T/a3" "3c00 3f80 0000 0000"
launch arg_half_max 0 --arg hv=65519 --arg bv=inf --arg xv=-inf --dump out="$T/a4"
same arg_half_max_bits "$T/a4" "7bff 7f80 fc00 0000"
launch arg_half_overflow 2 --arg hv=65520
grep -q "argument hv: 65520 overflows f16 to infinity" "$T/arg_half_overflow.err" && ok arg_half_overflow_says ||
	nok arg_half_overflow_says "$(cat "$T/arg_half_overflow.err")"
launch arg_bf16_overflow 2 --arg bv=3.4e38
# key types: :bf16 on the f16 argument, :f16 on the untyped one
launch arg_key_types 0 --arg hv:bf16=1.5 --arg xv:f16=3 --dump out="$T/a5"
same arg_key_types_bits "$T/a5" "3fc0 0000 4200 0000"
launch arg_key_type_size 2 --arg hv:f32=1

rm -rf "$T"
exit "$fail"
