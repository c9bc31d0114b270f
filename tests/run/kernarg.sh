#!/bin/sh
# Kernarg over-read: clang-built kernels (tests/run/kernarg_overread.hip, built
# by the LLVM under test, tests/llvm.sh) whose s_load pieces read past the end of the
# kernarg segment run clean on the emulator and through the HIP shim, with their
# arguments intact.
# Env: BUILD, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
SHIM="$BUILD/hipshim"
T="$BUILD/tests/run.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../llvm.sh"

# ints K: "--arg a1=1 ... --arg aK=K" (the trap kernels check argument i == i)
ints() { n=1; while [ "$n" -le "$1" ]; do printf ' --arg a%d=%d' "$n" "$n"; n=$((n + 1)); done; }

found=0
for co in "$LLVM_FIXTURES/tests/run/kernarg_overread.hsaco"; do
	[ -e "$co" ] || continue
	found=$((found + 1))
	v=$LLVM_V
	for k in 4:1 12:3 28:7 44:11 56:14 60:15; do
		size=${k%%:*} n=${k#*:}
		# shellcheck disable=SC2046 # word splitting of the argument list is meant
		expect "llvm${v}_ka$size" 0 "$R" "$co" --kernel "ka$size" --backend emu --grid 1 --block 32 $(ints "$n")
	done
	# ka20: out[i] = a1 + 10 a2 + 100 a3
	expect "llvm${v}_ka20" 0 "$R" "$co" --kernel ka20 --backend emu --grid 1 --block 32 \
		--buffer out=128 --arg a1=1 --arg a2=2 --arg a3=3 --dump out="$T/ka20.bin"
	od -An -v -t d4 -w4 "$T/ka20.bin" | awk '$1 != 321 { bad++ } END { exit !(NR == 32 && !bad) }' &&
		ok "llvm${v}_ka20_result" || nok "llvm${v}_ka20_result" "$(od -An -t d4 "$T/ka20.bin" | head -n 1)"
	# ka64 (read exactly): out[i] = 1 + 2 + ... + 14 = 105
	# shellcheck disable=SC2046
	expect "llvm${v}_ka64" 0 "$R" "$co" --kernel ka64 --backend emu --grid 1 --block 32 \
		--buffer out=128 $(ints 14) --dump out="$T/ka64.bin"
	od -An -v -t d4 -w4 "$T/ka64.bin" | awk '$1 != 105 { bad++ } END { exit !(NR == 32 && !bad) }' &&
		ok "llvm${v}_ka64_result" || nok "llvm${v}_ka64_result" "$(od -An -t d4 "$T/ka64.bin" | head -n 1)"
	# ka36, the seed's shape: z = 2 x + 0.5 y for the first 30 of 32, x = y = i
	for b in emu hip; do
		set -- --backend "$b"
		[ "$b" = hip ] && set -- env RDNA3_HIP_LIB="$SHIM/libamdhip64.so.6" "$R" "$co" --backend hip
		[ "$b" = emu ] && set -- "$R" "$co" --backend emu
		expect "llvm${v}_ka36_$b" 0 "$@" --kernel ka36 --grid 1 --block 32 --buffer x=128:iota \
			--buffer y=128:iota --buffer z=128 --arg n=30 --arg al=2.0 --arg be=0.5 --dump z="$T/ka36_$b.bin"
		od -An -v -f -w4 "$T/ka36_$b.bin" | awk '{ k = NR - 1; want = k < 30 ? 2.5 * k : 0; if ($1 != want) bad++ }
			END { exit !(NR == 32 && !bad) }' &&
			ok "llvm${v}_ka36_${b}_result" || nok "llvm${v}_ka36_${b}_result" "$(od -An -f "$T/ka36_$b.bin" | head -n 2 | tr '\n' ' ')"
	done
	# The trap kernels can fail: a wrong argument is reported (s_trap), exit 1.
	# shellcheck disable=SC2046
	expect "llvm${v}_ka60_wrong_arg" 1 "$R" "$co" --kernel ka60 --backend emu --grid 1 --block 32 $(ints 14) --arg a15=16
done
[ "$found" -ge 1 ] && ok "kernarg_fixture (LLVM $LLVM_V)" || nok kernarg_fixture "no $LLVM_FIXTURES/tests/run/kernarg_overread.hsaco"
rm -rf "$T"
exit "$fail"
