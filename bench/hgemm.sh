#!/bin/sh
# hgemm presets on the emulator at SIZE^3 (default 512), then clang's build of
# tests/corpus/hgemm_wmma.hip and the report lines of both: one line each with the
# emulated wall time and the check against OpenBLAS on the converted inputs
# (docs/hgemm.md).  The emulator's time is no GPU figure; GPU TFLOP/s need
# --backend hip on a GPU of the target (GFX, default scripts/target.sh).
# Then the timing model's FP16 4096^3 prediction of every preset (HGEMM_MODEL_SIZE).
# Usage: sh bench/hgemm.sh [BUILD] [SIZE]      (make bench-hgemm)
set -u
BUILD=${1:-build}
N=${2:-512}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/hgemm"
mkdir -p "$OUT"
for p in h2 direct best; do
	for dt in f16 bf16; do
		"$G" hgemm --preset "$p" --dtype "$dt" -o "$OUT/$p-$dt.hsaco" || exit 1
		"$R" "$OUT/$p-$dt.hsaco" --gemm "$N" "$N" "$N" --dtype "$dt" --check --backend emu \
			>"$OUT/$p-$dt.out" 2>&1
		rc=$?
		wall=$(sed -n 's/^emu: wall time \([0-9.]*\) ms.*/\1/p' "$OUT/$p-$dt.out" | head -n 1)
		chk=$(grep -q '^check: PASSED' "$OUT/$p-$dt.out" && echo PASSED || echo "FAILED (exit $rc)")
		err=$(sed -n 's/^check: max abs error \([^,]*\),.*/\1/p' "$OUT/$p-$dt.out")
		echo "hgemm $p $dt ${N}^3: emulated ${wall:-?} ms, check $chk, max abs error ${err:-?}"
	done
done

# The HIP C++ equivalent of the direct preset (tests/corpus/hgemm_wmma.hip, NN, f16 in,
# f32 out) compiled by clang, run the same way, and the main loop of both as
# the register-bank report reads it (WMMA count from llvm-objdump).
CLANG=${RDNA3_CLANG:-clang-19}
GFX=${GFX:-$(sh scripts/target.sh)} || exit 1
OBJDUMP=${RDNA3_OBJDUMP:-llvm-objdump-19}
# The HIP source has no edge handling (M, N multiples of 128, K of 16): at any
# other SIZE it would read and write out of bounds, so it is not run there.
if [ $((N % 128)) -ne 0 ]; then
	rm -f "$OUT/ref.hsaco"
	echo "hgemm clang-ref f16 ${N}^3: not run (tests/corpus/hgemm_wmma.hip needs SIZE a multiple of 128)"
elif "$CLANG" -x hip --offload-arch="$GFX" --cuda-device-only -nogpulib -O3 --no-gpu-bundle-output \
	-fhip-kernel-arg-name -o "$OUT/ref.hsaco" tests/corpus/hgemm_wmma.hip 2>"$OUT/ref.err"; then
	g=$(( (N + 127) / 128 ))
	"$R" "$OUT/ref.hsaco" --gemm "$N" "$N" "$N" --dtype f16 --grid "$g,$g,1" --block 128,1,1 --check \
		--backend emu >"$OUT/ref.out" 2>&1
	wall=$(sed -n 's/^emu: wall time \([0-9.]*\) ms.*/\1/p' "$OUT/ref.out" | head -n 1)
	chk=$(grep -q '^check: PASSED' "$OUT/ref.out" && echo PASSED || echo FAILED)
	echo "hgemm clang-ref f16 ${N}^3: emulated ${wall:-?} ms, check $chk"
else
	echo "hgemm clang-ref: $CLANG failed: $(head -n 1 "$OUT/ref.err")"
fi
for f in direct-f16 best-f16 ref; do
	[ -e "$OUT/$f.hsaco" ] || continue
	"$G" report "$OUT/$f.hsaco" >"$OUT/$f.report" 2>&1
	res=$(sed -n 's/^  VGPRs \([0-9]*\).*/\1/p' "$OUT/$f.report" | head -n 1)
	occ=$(sed -n 's/^  occupancy \([0-9]*\) waves.*/\1/p' "$OUT/$f.report" | head -n 1)
	loop=$(sed -n 's/^  instructions per iteration \(.*\)/\1/p' "$OUT/$f.report" | head -n 1)
	wmma=$("$OBJDUMP" -d "$OUT/$f.hsaco" 2>/dev/null | grep -c v_wmma)
	echo "hgemm report $f: VGPRs $res, occupancy $occ waves/SIMD, v_wmma in code $wmma, main loop $loop"
done

# The timing model's prediction of every preset at FP16 4096^3 (NN, beta 0),
# next to the measured library figures of issue 13, and whether the WMMA pipe
# waits on LDS or VMEM (its idle SIMD-cycles between two WMMAs charged to an
# LDS or VMEM wait, docs/model.md; "yes" above 1 % of the SIMD-cycles).
MN=${HGEMM_MODEL_SIZE:-4096}
echo "hgemm model FP16 ${MN}^3 (peak 122.9 TFLOP/s; measured: hipBLASLt/PyTorch 95-105, TensorFlow 99-101, tinygrad's hand-written kernel 85-90; the model overrates that one: make bench-truth):"
for p in h1 h2 direct l1 l2 l3 l4 best; do
	"$G" hgemm --preset "$p" -o "$OUT/model-$p.hsaco" || exit 1
	"$R" "$OUT/model-$p.hsaco" --gemm "$MN" "$MN" "$MN" --dtype f16 --model >"$OUT/model-$p.out" 2>&1
	gf=$(sed -n 's/^model: \([0-9.]*\) GFLOP\/s.*/\1/p' "$OUT/model-$p.out")
	busy=$(sed -n 's/^  WMMA pipe busy *\([0-9.]*\) %.*/\1/p' "$OUT/model-$p.out")
	lds=$(sed -n 's/^    WMMA idle: LDS wait *\([0-9.]*\) %.*/\1/p' "$OUT/model-$p.out")
	vmem=$(sed -n 's/^    WMMA idle: VMEM wait *\([0-9.]*\) %.*/\1/p' "$OUT/model-$p.out")
	bar=$(sed -n 's/^    WMMA idle: barrier wait *\([0-9.]*\) %.*/\1/p' "$OUT/model-$p.out")
	waits=$(awk -v l="${lds:-0}" -v v="${vmem:-0}" 'BEGIN { print (l + v > 1) ? "yes" : "no" }')
	tf=$(awk -v g="${gf:-0}" 'BEGIN { printf "%.1f", g / 1000 }')
	echo "  $p: ${tf} TFLOP/s predicted; WMMA pipe busy ${busy:-0} %, idle on LDS ${lds:-0} %, VMEM ${vmem:-0} %, barrier ${bar:-0} %; WMMA waits on LDS/VMEM: $waits"
done
