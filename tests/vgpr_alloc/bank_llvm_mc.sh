#!/bin/sh
# The allocator's pairs and the VOPD predicate against LLVM's assembler.
#  1. For several tile shapes, every line the allocator produces assembles.
#     The write-back moves (v_mov_b32, v_dual_mov_b32) assemble too.
#  2. A deliberately broken pair is rejected (so check 1 can fail).
#  3. 400 random VOPD pairs: ra_vopd_ok and llvm-mc agree on every one.
set -u
BUILD=${BUILD:-build}
T=$BUILD/tests/bank_dump
. "$(dirname "$0")/../llvm.sh"
MC=$LLVM_MC
tmp=${TMPDIR:-/tmp}/bank_llvm_mc.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
# Output into the scratch folder, never -o /dev/null: llvm-mc deletes its output
# file when it refuses the input, and run as root that removes /dev/null.
mc() { "$MC" -arch=amdgcn -mcpu=gfx1100 -o "$tmp/mc.o" "$@"; }

if ! command -v "$MC" >/dev/null 2>&1; then
	echo "not ok llvm-mc: $MC not found"
	exit 1
fi

for shape in "4 4" "8 8" "8 16" "16 8" "3 5" "7 7" "1 16" "16 1" "6 10" "12 16"; do
	name=$(echo "$shape" | tr ' ' x)
	if ! "$T" --dump $shape >"$tmp/$name.s" 2>"$tmp/err"; then
		echo "not ok llvm-mc $name: dump failed: $(cat "$tmp/err")"
		continue
	fi
	lines=$(wc -l <"$tmp/$name.s")
	duals=$(grep -c ' :: ' "$tmp/$name.s")
	if mc "$tmp/$name.s" 2>"$tmp/err" && [ ! -s "$tmp/err" ] && [ "$lines" -gt 0 ]; then
		echo "ok llvm-mc $name: $lines instructions ($duals v_dual_fmac_f32) assemble"
	else
		echo "not ok llvm-mc $name: $(head -n 1 "$tmp/err")"
	fi
done

for shape in "8 16" "16 8" "4 4" "7 5"; do
	name=$(echo "$shape" | tr ' ' x)
	"$T" --dump-writeback $shape >"$tmp/wb$name.s"
	n=$(wc -l <"$tmp/wb$name.s")
	duals=$(grep -c ' :: ' "$tmp/wb$name.s")
	if [ "$n" -gt 0 ] && mc "$tmp/wb$name.s" 2>"$tmp/err" && [ ! -s "$tmp/err" ]; then
		echo "ok llvm-mc write-back $name: $n instructions ($duals v_dual_mov_b32) assemble"
	else
		echo "not ok llvm-mc write-back $name: $(head -n 1 "$tmp/err")"
	fi
done

"$T" --dump-broken >"$tmp/broken.s"
if mc "$tmp/broken.s" 2>"$tmp/err"; then
	echo "not ok llvm-mc rejects a broken pair: accepted $(cat "$tmp/broken.s")"
elif grep -q 'even and the other odd' "$tmp/err"; then
	echo "ok llvm-mc rejects a broken pair"
else
	echo "not ok llvm-mc rejects a broken pair: unexpected $(head -n 1 "$tmp/err")"
fi

# Differential check of the predicate, one llvm-mc run for all cases.
"$T" --vopd-cases >"$tmp/cases"
cut -f1 "$tmp/cases" >"$tmp/cases.s"
mc "$tmp/cases.s" 2>"$tmp/err"
# Line numbers llvm-mc complained about.
sed -n 's/^[^:]*:\([0-9][0-9]*\):[0-9][0-9]*: error:.*/\1/p' "$tmp/err" | sort -un >"$tmp/rejected"
n=0 bad=0 first=""
while IFS="$(printf '\t')" read -r line verdict; do
	n=$((n + 1))
	if grep -qx "$n" "$tmp/rejected"; then llvm=bad; else llvm=ok; fi
	if [ "$llvm" != "$verdict" ]; then
		bad=$((bad + 1))
		[ -z "$first" ] && first="line $n '$line': ours $verdict, llvm-mc $llvm"
	fi
done <"$tmp/cases"
ok_n=$(grep -c '	ok$' "$tmp/cases")
if [ "$bad" -eq 0 ] && [ "$n" -ge 400 ] && [ "$ok_n" -gt 20 ]; then
	echo "ok ra_vopd_ok agrees with llvm-mc on $n random pairs ($ok_n legal)"
else
	echo "not ok ra_vopd_ok vs llvm-mc: $bad of $n differ; $first"
fi
