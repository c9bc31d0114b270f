#!/bin/sh
# make demo: the main job end to end.  Generate the project's strongest SGEMM
# (preset best: bank-aware VGPRs, every inner-loop FMA a v_dual_fmac_f32,
# unrolled, LDS double-buffered), build its code object with LLVM, show the
# register-bank report, then run it on the best backend (a HIP device, else the
# emulator with its hazard checks), check it against OpenBLAS, and
# predict its time at 4096³ on an RX 7900 XTX with the timing model.
# Usage: sh scripts/demo.sh BUILD_DIR   (DEMO_SIZE=N: the checked GEMM size;
# DEMO_MODEL_SIZE=N: the predicted one, 0 for none)
set -eu
BUILD=${1:-build}
G="$BUILD/rdna3gen"
R="$BUILD/rdna3run"
OUT="$BUILD/demo"
SIZE=${DEMO_SIZE:-512}
PRESET=${DEMO_PRESET:-best}
mkdir -p "$OUT"
HSACO="$OUT/sgemm-$PRESET.hsaco"
S="$OUT/sgemm-$PRESET.s"

echo "== generate: $G sgemm --preset $PRESET -o $HSACO --keep-s --summary --report ..."
"$G" sgemm --preset "$PRESET" -o "$HSACO" --keep-s --summary \
	--report "$OUT/report.txt"
"$G" report "$HSACO" --format html -o "$OUT/report.html"
printf '  %-34s %8d bytes\n' "$S" "$(wc -c <"$S")" "$HSACO" "$(wc -c <"$HSACO")"

echo "== register-bank report of the main loop ($OUT/report.txt; colored grid: $OUT/report.html)"
sed -n '/^summary (one loop iteration)/,/^$/p' "$OUT/report.txt" | sed '/^$/d; s/^/  /'
grep -E '^  (occupancy|VGPRs) ' "$OUT/report.txt" | head -n 2

echo "== FMAs in the whole code object, counted by llvm-objdump (main loop, edge paths and epilogue)"
OBJDUMP=$(command -v llvm-objdump-19 || command -v llvm-objdump || true)
if [ -n "$OBJDUMP" ]; then
	"$OBJDUMP" -d "$HSACO" >"$OUT/disasm.txt"
	printf "  instructions with v_dual_fmac_f32: %s, single v_fmac_f32: %s\n" \
		"$(grep -c 'v_dual_fmac_f32' "$OUT/disasm.txt")" \
		"$(grep -c 'v_fmac_f32_e32' "$OUT/disasm.txt" || true)"
	grep -m 2 'v_dual_fmac_f32' "$OUT/disasm.txt" | sed 's/^ */  /; s/ *\/\/.*$//'
fi

echo "== run: $R $HSACO --gemm $SIZE $SIZE $SIZE --check --bench 2"
"$R" "$HSACO" --gemm "$SIZE" "$SIZE" "$SIZE" --check --bench 2

# What the GPU would make of it: the timing model (docs/model.md) predicts the
# seed study's size on an RX 7900 XTX from the instructions the emulator runs.
# It is a model, not a measurement (README, "Measured": its error against the
# seed's measured kernels).  DEMO_MODEL_SIZE=0 leaves it out.
MSIZE=${DEMO_MODEL_SIZE:-4096}
if [ "$MSIZE" -gt 0 ]; then
	echo "== predict: $R $HSACO --gemm $MSIZE $MSIZE $MSIZE --model --backend emu"
	"$R" "$HSACO" --gemm "$MSIZE" "$MSIZE" "$MSIZE" --model --backend emu
fi

# The other family: the stencil template's best design (z-marching, f64,
# radius 1), checked on the emulator at a shape no tile divides against a
# long-double reference, then the lab notes' figure of merit predicted at
# 512^3 (a prediction of a model not validated for memory-bound kernels:
# README, "Measured").  DEMO_STENCIL=0 leaves it out.
if [ "${DEMO_STENCIL:-1}" != 0 ]; then
	ST="$OUT/stencil.hsaco"
	echo "== stencil: $G stencil --preset best -o $ST"
	"$G" stencil --preset best -o "$ST"
	echo "== run: $R $ST --stencil 67 45 33 --check"
	"$R" "$ST" --stencil 67 45 33 --check
	if [ "$MSIZE" -gt 0 ]; then
		echo "== predict: $R $ST --stencil 512 512 512 --model --backend emu"
		"$R" "$ST" --stencil 512 512 512 --model --backend emu | grep -e '^model: stencil' -e '^model: DRAM'
	fi
fi
