#!/bin/sh
# make demo: generate the default kernel, build its code object, summarize it.
# Usage: sh scripts/demo.sh BUILD_DIR
set -eu
BUILD=${1:-build}
G="$BUILD/rdna3gen"
OUT="$BUILD/demo"
mkdir -p "$OUT"

TEMPLATE=sgemm-naive
HSACO="$OUT/$TEMPLATE.hsaco"
S="$OUT/$TEMPLATE.s"

echo "== generate: $G $TEMPLATE -o $HSACO --keep-s --summary -v"
"$G" "$TEMPLATE" -o "$HSACO" --keep-s --summary -v

echo "== files"
for f in "$S" "$HSACO"; do
	printf '  %-40s %8d bytes\n' "$f" "$(wc -c <"$f")"
done
printf '  %-40s %8d lines\n' "$S" "$(wc -l <"$S")"

echo "== metadata (.rdna3.* keys read by rdna3run)"
LLVM_READELF=$(command -v llvm-readelf-19 || command -v llvm-readelf || true)
if [ -n "$LLVM_READELF" ]; then
	"$LLVM_READELF" --notes "$HSACO" | grep -E '^    \.(name|rdna3\.[a-z_]+|vgpr_count|sgpr_count|kernarg_segment_size|group_segment_fixed_size):' |
		sed 's/^ */  /'
fi

# ---- run -------------------------------------------------------------------
# rdna3run: the best backend (a HIP device, else the emulator, said on
# stderr), the kernel's resources, then a GEMM checked against OpenBLAS.
# 256^3 finishes in about a second on the emulator.
R="$BUILD/rdna3run"
SIZE=${DEMO_SIZE:-256}
echo "== kernel: $R $HSACO --list"
"$R" "$HSACO" --list
echo "== run: $R $HSACO --gemm $SIZE $SIZE $SIZE --check --bench 2"
"$R" "$HSACO" --gemm "$SIZE" "$SIZE" "$SIZE" --check --bench 2
