#!/bin/sh
# model_table.sh BUILD [SIZE]         — the timing model against the RX 7900 XTX
#                                       measurements of the seed study
# model_table.sh BUILD --sampling [PRESET...] — sampled against full simulation
#                                       (default: naive at 1024^3, k3 and k8 at
#                                       1024^3 and 2048^3, and the ground truth's
#                                       Laplacian at 256^3; then k8 at 2048^3 on
#                                       the card of fewest CUs, scripts/target.sh
#                                       --fewest-cus: the 780M)
#
# Table: for each preset, generate the kernel, predict it with `rdna3run
# --model` (sampled units, see docs/model.md) and print predicted, measured
# (the seed's SGEMM 4096^3 tables) and the error, and the CPU seconds of the
# prediction; then the mean absolute error and whether the predictions keep
# the measured order.  `best` has no measurement: its prediction is alone.
# Every row is charged the launch the seed's timer held (bench/timer_launch.sh
# seed; bench/truth_timers.tsv), not the model's launch timed alone.
# Sampling: each preset at 1024^3 and 2048^3 (the naive kernel, whose full
# simulation takes minutes, at 1024^3 only) with --model and --model-full,
# then the Laplacian of ../shared/groundtruth (or $RDNA3_GROUNDTRUTH) at 256^3.
set -eu
BUILD=${1:-build}
shift || true
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# CPU seconds (user + sys) of CMD..., its output in $tmp/out: the second line
# of `times` before and after, in this (sub)shell.
cpu() {
	times >"$tmp/t0"
	"$@" >"$tmp/out" 2>/dev/null || return 1
	times >"$tmp/t1"
	tail -n 1 "$tmp/t0" >"$tmp/t"
	tail -n 1 "$tmp/t1" >>"$tmp/t"
	awk '{ split($1, u, "m"); split($2, s, "m"); c[NR] = u[1] * 60 + u[2] + s[1] * 60 + s[2] }
		END { printf "%.1f", c[2] - c[1] }' "$tmp/t"
}
gflops() { awk '/^model: .* GFLOP\/s/ { print $2 }' "$tmp/out"; }
gbps() { awk '/^model: [0-9.]+ GB\/s$/ { print $2 }' "$tmp/out"; }
# compare NAME SIZE NOTE FIGURE CMD...: one row of the sampling table, CMD
# (ending in --model) run sampled and again with --model-full; FIGURE reads
# the figure off its output (gflops, gbps)
compare() {
	name=$1 size=$2 note=$3 fig=$4
	shift 4
	cs=$(cpu "$@")
	s=$($fig)
	cf=$(cpu "$@" --model-full)
	f=$($fig)
	d=$(awk -v s="$s" -v f="$f" 'BEGIN { printf "%+.2f%%", 100 * (s - f) / f }')
	printf '%-6s %6s %12.0f %12.0f %8s %8s %8s%s\n' "$name" "$size" "$s" "$f" "$d" "$cs" "$cf" "${note:+  ($note)}"
}
generate() { # PRESET: $tmp/PRESET.hsaco
	if [ "$1" = naive ]; then set -- "$1" sgemm-naive --preset k1; else set -- "$1" sgemm --preset "$1"; fi
	n=$1
	shift
	"$BUILD/rdna3gen" "$@" -o "$tmp/$n.hsaco" >/dev/null
}

if [ "${1:-}" = --sampling ]; then
	shift
	defaults=$(($# == 0))   # no presets named: the Laplacian and the 780M rows too
	printf '%-6s %6s %12s %12s %8s %8s %8s\n' preset size sampled full diff cpu_s cpu_f
	for p in ${*:-naive k3 k8}; do
		generate "$p"
		sizes="1024 2048"
		[ "$p" = naive ] && sizes=1024
		for n in $sizes; do
			compare "$p" "$n" "" gflops "$BUILD/rdna3run" "$tmp/$p.hsaco" --gemm $n $n $n --model
		done
	done
	gt=${RDNA3_GROUNDTRUTH:-../shared/groundtruth}
	if [ "$defaults" = 1 ] && [ -f "$gt/kernels/laplacian_k5.hsaco" ]; then
		compare lapl5 256 GB/s gbps "$BUILD/rdna3run" "$gt/kernels/laplacian_k5.hsaco" \
			--kernel _Z16laplacian_kernelIdEvPT_PKS0_iiiS0_S0_S0_S0_ \
			--grid 1,32,256 --block 256,1,1 --buffer 0=134217728 --buffer 1=134217728:random \
			--arg 2=256 --arg 3=256 --arg 4=256 --arg 5=1.0 --arg 6=1.0 --arg 7=1.0 --arg 8=-6.0 --model
	fi
	# the GPU of fewest CUs (a target's default card: the 780M, 12 CUs, no
	# Infinity Cache), where the checks above do not reach (docs/model.md, "Limits")
	if [ "$defaults" = 1 ]; then
		small=$(sh scripts/target.sh --fewest-cus) || exit 1
		"$BUILD/rdna3gen" sgemm --preset k8 --target "$small" -o "$tmp/k8_small.hsaco" >/dev/null
		compare k8 2048 "$small" gflops "$BUILD/rdna3run" "$tmp/k8_small.hsaco" --gemm 2048 2048 2048 --model
	fi
	exit 0
fi

N=${1:-4096}
# the launch the seed's timer held: a constants file for every prediction
seed_us=$(sh "$(dirname "$0")/timer_launch.sh" seed)
consts=
if [ -n "$seed_us" ] && [ "$seed_us" != model ]; then
	echo "launch_us $seed_us" >"$tmp/seed.consts"
	consts="--model-constants $tmp/seed.consts"
fi
# preset measured GFLOP/s (seed tables at 4096^3; - : none)
rows='naive 1011
k2 4018
k3 22777
k4 25560
k5 33527
k6 37791
k7 41256
k8 49047
best -'
echo "model vs RX 7900 XTX, SGEMM ${N}^3 (measured: the seed study's tables; launch ${seed_us:-the model's} us)"
printf '%-6s %12s %12s %8s %8s\n' preset predicted measured error cpu_s
echo "$rows" | while read -r name meas; do
	generate "$name"
	# shellcheck disable=SC2086 # consts is empty or two arguments
	c=$(cpu "$BUILD/rdna3run" "$tmp/$name.hsaco" --gemm "$N" "$N" "$N" --model $consts)
	pred=$(gflops)
	err=-
	[ "$meas" = - ] || err=$(awk -v p="$pred" -v m="$meas" 'BEGIN { printf "%+.1f%%", 100 * (p - m) / m }')
	printf '%-6s %12.0f %12s %8s %8s\n' "$name" "$pred" "$meas" "$err" "$c"
	echo "$name $pred $meas" >>"$tmp/rows"
done
awk '$3 != "-" { n++; e = ($2 - $3) / $3; s += (e < 0 ? -e : e); p[n] = $2; m[n] = $3 }
	END {
		ok = 1
		for (i = 1; i < n; i++) for (j = i + 1; j <= n; j++)
			if ((p[i] - p[j]) * (m[i] - m[j]) < 0) ok = 0
		printf "mean absolute error %.1f%% over %d kernels; order %s\n", 100 * s / n, n,
			ok ? "as measured" : "differs from measured"
	}' "$tmp/rows"
