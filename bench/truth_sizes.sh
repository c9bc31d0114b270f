#!/bin/sh
# truth_sizes.sh BUILD [FIGURE] — the ground truth's Laplacian (laplacian_k5 of
# ../shared/groundtruth, or $RDNA3_GROUNDTRUTH) at every size the AMD lab notes
# timed it on an RX 7900 XTX (bench/truth_sizes.tsv: their figures 1 and 4),
# under the timing model; FIGURE picks one figure.  For each size: the lab
# notes' launch (grid ((nx-1)/256+1, (ny-1)/8+1, nz), block 256), the effective
# bandwidth (fetch + write) / time from the predicted time, the error against
# the measurement and the largest bucket; the mean absolute error of each
# figure comes last (docs/model.md, "The Laplacian at every measured size").
# The input grid is left zero: the stencil's timing does not depend on its
# values, and a zero buffer costs memory only where the model reads it.
# Extra rdna3run options (--model-full) go in $TRUTH_ARGS.
set -eu
BUILD=${1:-build}
ONLY=${2:-}
DIR=${RDNA3_GROUNDTRUTH:-../shared/groundtruth}
DATA=$(dirname "$0")/truth_sizes.tsv
HSACO=$DIR/kernels/laplacian_k5.hsaco
KERNEL=_Z16laplacian_kernelIdEvPT_PKS0_iiiS0_S0_S0_S0_
case $ONLY in "" | 1 | 4) ;; *) echo "truth_sizes: FIGURE is 1 or 4, not '$ONLY'" >&2; exit 2 ;; esac
if [ ! -f "$HSACO" ]; then
	echo "truth_sizes: no code object at $HSACO (set RDNA3_GROUNDTRUTH)" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "model vs RX 7900 XTX: the lab notes' Laplacian kernel 5 at the sizes they timed ($DATA)"
printf '%-3s %-16s %8s %9s %10s %8s %6s  %s\n' fig size plane_MB measured predicted error wall_s "largest bucket"
grep -v '^#' "$DATA" | while read -r fig nx ny nz meas; do
	[ -n "$fig" ] || continue
	[ -z "$ONLY" ] || [ "$fig" = "$ONLY" ] || continue
	bytes=$((nx * ny * nz * 8))
	grid="$(((nx - 1) / 256 + 1)),$(((ny - 1) / 8 + 1)),$nz"
	t0=$(date +%s.%N)
	# shellcheck disable=SC2086 # TRUTH_ARGS is a list of rdna3run options
	if ! "$BUILD/rdna3run" "$HSACO" --kernel "$KERNEL" --grid "$grid" --block 256,1,1 \
		--buffer 0="$bytes" --buffer 1="$bytes" --arg 2="$nx" --arg 3="$ny" --arg 4="$nz" \
		--arg 5=1.0 --arg 6=1.0 --arg 7=1.0 --arg 8=-6.0 --model ${TRUTH_ARGS:-} \
		>"$tmp/out" 2>"$tmp/err"; then
		printf '%-3s %-16s %8s %9s %10s\n' "$fig" "${nx}x${ny}x$nz" - "$meas" "failed: $(head -n 1 "$tmp/err")"
		echo "$fig fail" >>"$tmp/rows"
		continue
	fi
	t1=$(date +%s.%N)
	awk -v fig="$fig" -v nx="$nx" -v ny="$ny" -v nz="$nz" -v meas="$meas" -v t0="$t0" -v t1="$t1" '
		/^model: [0-9]+ cycles = / { us = $5 }
		/^  [A-Za-z]/ && / %  \(/ {
			line = $0; sub(/^  /, "", line)
			match(line, /[0-9.]+ %/); pct = substr(line, RSTART, RLENGTH - 2) + 0; sub(/ +[0-9.]+ %.*/, "", line)
			if (pct > bp) { bp = pct; bn = line }
		}
		END {
			fetch = (nx * ny * nz - 8 - 4 * (nx - 2) - 4 * (ny - 2) - 4 * (nz - 2)) * 8
			write = (nx - 2) * (ny - 2) * (nz - 2) * 8
			pred = (fetch + write) / (us * 1e-6) * 1e-9
			err = 100 * (pred - meas) / meas
			printf "%-3s %-16s %8.1f %9.0f %10.1f %+7.1f%% %6.1f  %s %.1f %%\n", fig, nx "x" ny "x" nz,
				nx * ny * 8 / 1e6, meas, pred, err, t1 - t0, bn, bp
			printf "%s %.6f\n", fig, err >> rows
		}' rows="$tmp/rows" "$tmp/out"
done
if [ -f "$tmp/rows" ]; then
	awk '$2 == "fail" { f[$1]++; next }
		{ n[$1]++; e = $2 < 0 ? -$2 : $2; s[$1] += e; if (e > 15) out[$1]++; N++; S += e }
		END {
			for (k = 1; k <= 4; k++) if (n[k] || f[k])
				printf "figure %d: mean absolute error %.1f%% over %d sizes; %d outside +-15%%%s\n", k,
					n[k] ? s[k] / n[k] : 0, n[k], out[k], f[k] ? sprintf("; %d failed to run", f[k]) : ""
			if (N) printf "all: mean absolute error %.1f%% over %d sizes\n", S / N, N
		}' "$tmp/rows"
fi
