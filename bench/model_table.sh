#!/bin/sh
# model_table.sh BUILD [SIZE] — the timing model against the RX 7900 XTX
# measurements of the seed study (SGEMM 4096^3, GFLOP/s from its tables): for
# each preset, generate the kernel, predict it with `rdna3run --model` (sampled
# units, see docs/model.md) and print predicted, measured and the error; then
# the mean absolute error and whether the predictions keep the measured order.
# `best` has no measurement: its prediction is printed alone.
set -eu
BUILD=${1:-build}
N=${2:-4096}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# preset|generator arguments|measured GFLOP/s (seed tables at 4096^3; 0: none)
rows='naive|sgemm-naive|1011
k2|sgemm --preset k2|4018
k3|sgemm --preset k3|22777
k4|sgemm --preset k4|25560
k5|sgemm --preset k5|33527
k6|sgemm --preset k6|37791
k7|sgemm --preset k7|41256
k8|sgemm --preset k8|49047
best|sgemm --preset best|0'
echo "model vs RX 7900 XTX, SGEMM ${N}^3 (measured: the seed study's tables)"
printf '%-6s %12s %12s %8s %8s\n' preset predicted measured error seconds
echo "$rows" | while IFS='|' read -r name gen meas; do
	# shellcheck disable=SC2086
	"$BUILD/rdna3gen" $gen -o "$tmp/$name.hsaco" >/dev/null
	t0=$(date +%s)
	pred=$("$BUILD/rdna3run" "$tmp/$name.hsaco" --gemm "$N" "$N" "$N" --model 2>/dev/null |
		awk '/^model: .* GFLOP\/s/ { print $2 }')
	t1=$(date +%s)
	if [ "$meas" -gt 0 ]; then
		err=$(awk -v p="$pred" -v m="$meas" 'BEGIN { printf "%+.1f%%", 100 * (p - m) / m }')
	else
		err=-
		meas=-
	fi
	printf '%-6s %12.0f %12s %8s %7ss\n' "$name" "$pred" "$meas" "$err" $((t1 - t0))
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
