#!/bin/sh
# Dual issue, side by side: for the sgemm presets k5 (no bank plan), k8 and
# best, and for the kernel clang compiles from the equivalent HIP C++
# (bench/sgemm_ref.hip, k5 shape, CU mode), one line each:
#   dual-issue %, bank conflicts, VALU instructions without an FMA per k-step
#   (all from `rdna3gen report` on the code object: its main loop, read from
#   the disassembly, so the same counting for both sources),
#   VGPRs, SGPRs, LDS, occupancy (waves per SIMD, same report),
#   generation time (parameters -> .hsaco; for HIP: clang -O3 -> code object),
#   emulated run at SIZE^3 (non-sanitized build: wall time and the dynamic
#   count of VALU-class instructions that are neither FMA nor VOPD, per wave
#   and k-step).
# Usage: sh bench/dual_bench.sh [BUILD] [SIZE]      (make bench-dual)
set -u
BUILD=${1:-build}
N=${2:-1024}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/dual"
CLANG=${RDNA3_CLANG:-clang-19}
GFX=${GFX:-$(sh scripts/target.sh)} || exit 1
SRC=${SGEMM_REF_HIP:-bench/sgemm_ref.hip}
mkdir -p "$OUT"

now_ns() { date +%s%N; }

# best of three, in ms with one decimal
best_ms() {
	best=
	for _ in 1 2 3; do
		t0=$(now_ns)
		"$@" >/dev/null 2>&1 || { echo fail; return; }
		t=$(( ($(now_ns) - t0) / 100000 ))
		{ [ -z "$best" ] || [ "$t" -lt "$best" ]; } && best=$t
	done
	echo "$((best / 10)).$((best % 10))"
}

# name hsaco gen_ms run_log: print the line
line() {
	name=$1 h=$2 gen=$3 log=$4
	rep="$OUT/$name.report"
	if ! "$G" report "$h" >"$rep" 2>&1; then
		echo "dual_bench $name: report failed: $(head -n 1 "$rep")"; return
	fi
	# "FMAs 1024, dual-issued 1024 (100.0 %), VOPD instructions 512, single FMAs 0"
	fmas=$(sed -n 's/^  FMAs \([0-9]*\), dual-issued \([0-9]*\) (\([0-9.]*\) %).*/\1 \2 \3/p' "$rep" | head -n 1)
	other=$(sed -n 's/^  VALU instructions [0-9]*, of which without FMA \([0-9]*\).*/\1/p' "$rep" | head -n 1)
	conf=$(sed -n 's/^  VGPR reads [0-9]*, bank-cache hits [0-9]*, conflicts \([0-9]*\).*/\1/p' "$rep" | head -n 1)
	res=$(sed -n 's/^  VGPRs \([0-9]*\) (allocated [0-9]*), SGPRs \([0-9]*\), LDS \([0-9]*\) bytes.*/\1 \2 \3/p' "$rep" | head -n 1)
	occ=$(sed -n 's/^  occupancy \([0-9]*\) waves per SIMD.*/\1/p' "$rep" | head -n 1)
	set -- $fmas
	f=${1:-0} d=${2:-0} pct=${3:-?}
	# FMAs of one k-step: 8 x 16 accumulators per work-item in all four
	ks=$(( f > 0 ? f / 128 : 1 )); [ "$ks" -ge 1 ] || ks=1
	other_k=$(awk -v o="${other:-0}" -v k="$ks" 'BEGIN { printf "%.2f", o / k }')
	set -- $res
	wall=$(sed -n 's/^emu: wall time \([0-9.]*\) ms.*/\1/p' "$log" | head -n 1)
	dyn=$(sed -n 's/^emu: \([0-9]*\) wave-instructions (VALU \([0-9]*\), FMA \([0-9]*\), VOPD \([0-9]*\).*/\2/p' "$log" | head -n 1)
	waves=$(sed -n 's/.* \([0-9]*\) waves$/\1/p' "$log" | head -n 1)
	dyn_k=$(awk -v v="${dyn:-0}" -v w="${waves:-1}" -v n="$N" 'BEGIN { printf "%.2f", v / (w * n) }')
	check=$(grep -q '^check: PASSED' "$log" && echo ", check passed" || true)
	echo "dual_bench $name: dual-issue $pct % ($d of $f main-loop FMAs), bank conflicts ${conf:-?}," \
	     "VALU without FMA ${other_k}/k-step (dynamic ${dyn_k}), VGPRs ${1:-?}, SGPRs ${2:-?}," \
	     "LDS ${3:-?} B, occupancy ${occ:-?} waves/SIMD, generate $gen ms, emulated ${N}^3 ${wall:-?} ms$check"
}

for p in k5 k8 best; do
	h="$OUT/$p.hsaco"
	gen=$(best_ms "$G" sgemm --preset "$p" -o "$h")
	"$R" "$h" --gemm "$N" "$N" "$N" --check --backend emu >"$OUT/$p.run" 2>&1
	line "$p" "$h" "$gen" "$OUT/$p.run"
done

# clang: the k5 design in HIP C++, CU mode like the presets
h="$OUT/hip_k5.hsaco"
gen=$(best_ms "$CLANG" -x hip --offload-arch="$GFX" --cuda-device-only -nogpulib -O3 -mcumode \
	-fno-discard-value-names --no-gpu-bundle-output -c "$SRC" -o "$h")
if [ "$gen" = fail ]; then
	echo "dual_bench hip_k5: $CLANG failed on $SRC"
	exit 1
fi
b=$((N * N * 4)) g=$(( (N + 127) / 128 ))
# arguments are unnamed at -O3 unless value names are kept (A.coerce ...)
"$R" "$h" --backend emu --grid "$g,$g,1" --block 128,1,1 --buffer "A.coerce=$b:random" \
	--buffer "B.coerce=$b:random" --buffer "C.coerce=$b:zero" --arg "M=$N" --arg "N=$N" --arg "K=$N" \
	--arg "lda=$N" --arg "ldb=$N" --arg "ldc=$N" --arg alpha=1.0 --arg beta=0.0 >"$OUT/hip_k5.run" 2>&1
line hip_k5 "$h" "$gen" "$OUT/hip_k5.run"
