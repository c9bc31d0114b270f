#!/bin/sh
# Decoder/disassembler corpus.  Every tests/emu/corpus/*.s is assembled with
# llvm-mc and every tests/emu/corpus/*.hip is compiled with clang (-O0 and -O3);
# each object is disassembled with llvm-objdump and isa_corpus compares
# emu_decode's lengths and emu_disasm's text with objdump's, line by line.
# Every row of isa/isa_gfx11.def must be exercised by some line.  Then random
# encodings of the rows are compared the same way (see tests/emu/isa_random.c).
# emu_disasm prints what llvm-objdump-19 prints: with another LLVM (tests/llvm.sh)
# lengths and mnemonics are compared, and instructions newer clangs emit that the
# table lacks are counted ("outside the table") rather than failed.
set -u
BUILD=${BUILD:-build}
. "$(dirname "$0")/../llvm.sh"
MC=$LLVM_MC CLANG=$LLVM_CLANG OBJDUMP=$LLVM_OBJDUMP
mode=""
[ "$LLVM_V" = 19 ] || mode="--mnemonic"
dir=$(dirname "$0")/corpus
tool=$BUILD/tests/isa_corpus
if [ ! -x "$tool" ] || [ ! -x "$BUILD/tests/isa_random" ]; then
	echo "not ok isa_corpus: $tool or isa_random is not built"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0

check() { # NAME OBJECT [OPTIONS: --random, --target T]
	if ! "$OBJDUMP" -d "$2" >"$tmp/$1.lst" 2>"$tmp/$1.err"; then
		echo "not ok corpus/$1: llvm-objdump: $(head -n1 "$tmp/$1.err")"
		fail=1
		return
	fi
	# shellcheck disable=SC2086 # the options are words on purpose
	"$tool" ${3:-} $mode "corpus/$1" <"$tmp/$1.lst" || fail=1
}

# A corpus file is for the default target, or for the one its "// mcpu: T" line names.
for s in "$dir"/*.s; do
	n=$(basename "$s" .s)
	cpu=$(sed -n 's|^// mcpu: *\([a-z0-9]*\).*|\1|p' "$s" | head -n 1)
	cpu=${cpu:-gfx1100}
	if "$MC" -arch=amdgcn -mcpu="$cpu" -filetype=obj "$s" -o "$tmp/$n.o" 2>"$tmp/$n.err"; then
		check "$n" "$tmp/$n.o" "--target $cpu"
	else
		echo "not ok corpus/$n: llvm-mc: $(grep -m1 error "$tmp/$n.err")"
		fail=1
	fi
done
for h in "$dir"/*.hip; do
	for opt in O0 O3; do
		n=$(basename "$h" .hip).$opt
		if "$CLANG" -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -nogpuinc \
			-"$opt" --no-gpu-bundle-output -c "$h" -o "$tmp/$n.o" 2>"$tmp/$n.err"; then
			check "$n" "$tmp/$n.o" ${mode:+--random}
		else
			echo "not ok corpus/$n: clang: $(grep -m1 error "$tmp/$n.err")"
			fail=1
		fi
	done
done
"$tool" --coverage "$tmp"/*.lst || fail=1

# Random encodings of the table's rows: wherever emu_decode accepts one, llvm-objdump
# must read the same instruction with the same text (fixed seeds: reproducible).
# Seeds 1 and 2 as default-target code (where llvm-objdump knows no 11.5 op), 3
# as gfx1151 code (where it reads them).
random=$BUILD/tests/isa_random
for run in 1:gfx1100 2:gfx1100 3:gfx1151; do
	seed=${run%%:*} cpu=${run#*:}
	n=random$seed
	if ! "$random" 4000 "$seed" >"$tmp/$n.s" ||
	   ! "$MC" -arch=amdgcn -mcpu="$cpu" -filetype=obj "$tmp/$n.s" -o "$tmp/$n.o" 2>"$tmp/$n.err" ||
	   ! "$OBJDUMP" -d "$tmp/$n.o" >"$tmp/$n.lst" 2>>"$tmp/$n.err"; then
		echo "not ok corpus/$n: $(head -n1 "$tmp/$n.err")"
		fail=1
		continue
	fi
	"$tool" --random --target "$cpu" $mode "corpus/$n" <"$tmp/$n.lst" || fail=1
done
exit $fail
