#!/bin/sh
# bench/targets.sh BUILD [SIZE] [JOBS]: the README's table, target x kernel.
# For every row of isa/targets.def (scripts/target.sh --all), the seed-table
# presets k2..k8 and best of sgemm and best of hgemm (f16 in, f32 out) are
# built with --target and predicted by the timing model at SIZE^3 (default
# 4096) on the target's default card (`rdna3run K.hsaco --gemm N N N --model`
# without --device-model: the first card of model/devices.def with that
# target), JOBS predictions at a time (default 2).  Prints one markdown table
# in TFLOP/s, the card, its FP32 peak and sgemm best's occupancy, then the wall
# time.  Every figure is the model's prediction for a card nothing here was
# timed on (but the RX 7900 XTX's seed kernels: README, docs/model.md); the
# correctness of the same kernels on the emulator is tests/templates/targets.sh's.
# `make bench-targets`.
set -u
B=${1:-build}
N=${2:-4096}
JOBS=${3:-2}
OUT="$B/bench/targets"
mkdir -p "$OUT"
KERNELS="sgemm:k2 sgemm:k3 sgemm:k4 sgemm:k5 sgemm:k6 sgemm:k7 sgemm:k8 sgemm:best hgemm:best"
targets=$(sh scripts/target.sh --all) || exit 1
start=$(date +%s)
for t in $targets; do
	for k in $KERNELS; do
		"$B/rdna3gen" "${k%%:*}" --preset "${k#*:}" --target "$t" -o "$OUT/$t-${k%%:*}-${k#*:}.hsaco" || exit 1
	done
done
for t in $targets; do
	for k in $KERNELS; do
		echo "$OUT/$t-${k%%:*}-${k#*:}"
	done
done | xargs -P "$JOBS" -I{} sh -c '"$0" "$1.hsaco" --gemm "$2" "$2" "$2" --model --model-format json >"$1.json" 2>"$1.err"' \
	"$B/rdna3run" {} "$N"
end=$(date +%s)

field() { # FILE KEY: the first number after "KEY": in FILE
	sed -n "s/.*\"$2\": \([0-9.]*\).*/\1/p" "$1" | head -n 1
}
text() { # FILE KEY: the first string after "KEY": in FILE
	sed -n "s/.*\"$2\": \"\([^\"]*\)\".*/\1/p" "$1" | head -n 1
}
tf() { # FILE: its prediction in TFLOP/s, or a dash
	g=$(sed -n 's/.*"gflops": \([0-9.]*\).*/\1/p' "$1" 2>/dev/null | head -n 1)
	[ -n "$g" ] && awk -v g="$g" 'BEGIN { printf "%.1f", g / 1000 }' || printf '-'
}
printf '| target | card (default of the target), FP32 peak |'
for k in $KERNELS; do printf ' %s `%s` |' "${k%%:*}" "${k#*:}"; done
printf ' sgemm `best` occupancy |\n|---|---|'
for k in $KERNELS; do printf -- '---|'; done
printf -- '---|\n'
for t in $targets; do
	j="$OUT/$t-sgemm-best.json"
	peak=$(field "$j" peak_gflops)
	printf '| %s | %s, %s |' "$t" "$(text "$j" device)" \
		"$( [ -n "$peak" ] && awk -v p="$peak" 'BEGIN { printf "%.1f", p / 1000 }' || printf '-')"
	for k in $KERNELS; do printf ' %s |' "$(tf "$OUT/$t-${k%%:*}-${k#*:}.json")"; done
	printf ' %s waves/SIMD (%s) |\n' "$(field "$j" waves_per_simd)" "$(text "$j" occupancy_limit)"
done
echo
echo "TFLOP/s predicted by the timing model at ${N}^3 (NN; hgemm f16 in, f32 out), $(echo $KERNELS | wc -w) kernels x $(echo $targets | wc -w) targets in $((end - start)) s wall (-j $JOBS)."
echo "Command: sh bench/targets.sh $B $N $JOBS (each: rdna3run K.hsaco --gemm $N $N $N --model --model-format json)."
