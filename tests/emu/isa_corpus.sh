#!/bin/sh
# Decoder/disassembler corpus: assemble every tests/emu/corpus/*.s with llvm-mc,
# disassemble with llvm-objdump, and have isa_corpus compare emu_decode's
# lengths and emu_disasm's text with objdump's, line by line; then check that
# every row of emu/isa_gfx11.def is exercised by some corpus line.
set -u
BUILD=${BUILD:-build}
MC=${LLVM_MC:-llvm-mc-19}
OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump-19}
dir=$(dirname "$0")/corpus
tool=$BUILD/tests/isa_corpus
if [ ! -x "$tool" ]; then
	echo "not ok isa_corpus: $tool is not built"
	exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
for s in "$dir"/*.s; do
	n=$(basename "$s" .s)
	if ! "$MC" -arch=amdgcn -mcpu=gfx1100 -filetype=obj "$s" -o "$tmp/$n.o" 2>"$tmp/$n.err"; then
		echo "not ok corpus/$n: llvm-mc: $(grep -m1 error "$tmp/$n.err")"
		fail=1
		continue
	fi
	if ! "$OBJDUMP" -d "$tmp/$n.o" >"$tmp/$n.lst" 2>"$tmp/$n.err"; then
		echo "not ok corpus/$n: llvm-objdump: $(head -n1 "$tmp/$n.err")"
		fail=1
		continue
	fi
	"$tool" "corpus/$n" <"$tmp/$n.lst" || fail=1
done
"$tool" --coverage "$tmp"/*.lst || fail=1
exit $fail
