#!/bin/sh
# stencil.sh BUILD — the stencil presets under the timing model, beside the
# lab notes' kernel 5 (../shared/groundtruth or $RDNA3_GROUNDTRUTH), measured
# on an RX 7900 XTX:
#   1. the ladder lap1..lap5 and best, f64 radius 1, at 256^3 and 512^3, each
#      with its predicted effective bandwidth (docs/stencil.md: (fetch +
#      write) / time) and the lab notes' kernel 5 predicted and measured;
#   2. radius 4, f32, 512^3 (best), sampled and by the full simulation;
#   3. the Infinity-Cache sweep: 1024 x ny x 32, f64, for ny = 1024..7680,
#      best and the lab notes' kernel 5, and an HTML plot of predicted (and
#      the lab notes' measured) GB/s against the xy-plane's size
#      (BUILD/bench/stencil/sweep.html).
# Every figure of ours is the model's, for the RX 7900 XTX (rdna3run
# --model).  The one memory-bound kernel the model is checked against is the
# lab notes' kernel 5, printed predicted and measured: in the table at 256^3
# and 512^3 (../shared/groundtruth) and on the sweep, whose sizes are their
# figure 4 (bench/truth_sizes.tsv; docs/model.md, "The Laplacian at every
# measured size").  Extra rdna3run options go in $STENCIL_ARGS (--model-full).
# Usage: sh bench/stencil.sh [BUILD]     (make bench-stencil)
set -u
BUILD=${1:-build}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/stencil"
GT=${RDNA3_GROUNDTRUTH:-../shared/groundtruth}
SIZES=$(dirname "$0")/truth_sizes.tsv   # the lab notes' measured sizes
PEAK=960    # GB/s, the RX 7900 XTX's DRAM (model/devices.def)
mkdir -p "$OUT"
rm -f "$OUT/sweep.tsv"

# predicted GB/s of a generated kernel: FILE NX NY NZ
ours() {
	# shellcheck disable=SC2086 # extra options
	"$R" "$1" --stencil "$2" "$3" "$4" --model ${STENCIL_ARGS:-} >"$OUT/run.out" 2>&1 ||
		{ echo "failed: $(grep rdna3run: "$OUT/run.out" | head -n 1)"; return; }
	sed -n 's/^model: stencil .* effective \([0-9.]*\) GB\/s.*/\1/p' "$OUT/run.out"
}

# predicted GB/s of the lab notes' kernel 5 (its own launch: 256 x 1 x 1
# work-items, 8 rows each): NX NY NZ; its figure of merit as the lab notes
# define it, from the predicted time
lab() {
	nx=$1 ny=$2 nz=$3
	bytes=$(( nx * ny * nz * 8 ))
	# shellcheck disable=SC2086
	"$R" "$GT/kernels/laplacian_k5.hsaco" --kernel _Z16laplacian_kernelIdEvPT_PKS0_iiiS0_S0_S0_S0_ \
		--grid "$(( (nx + 255) / 256 )),$(( (ny + 7) / 8 )),$nz" --block 256,1,1 \
		--buffer 0=$bytes --buffer 1=$bytes:random --arg 2=$nx --arg 3=$ny --arg 4=$nz \
		--arg 5=1.0 --arg 6=1.0 --arg 7=1.0 --arg 8=-6.0 --model ${STENCIL_ARGS:-} >"$OUT/lab.out" 2>&1 ||
		{ echo "failed"; return; }
	awk -v nx="$nx" -v ny="$ny" -v nz="$nz" '/^model: [0-9]+ cycles = / { us = $5 }
		END { f = (nx * ny * nz - 8 - 4 * (nx - 2) - 4 * (ny - 2) - 4 * (nz - 2)) * 8
		      w = (nx - 2) * (ny - 2) * (nz - 2) * 8
		      if (us > 0) printf "%.1f\n", (f + w) / (us * 1e-6) * 1e-9 }' "$OUT/lab.out"
}

measured() { # NAME: the manifest's measured figure
	awk -F '\t' -v n="$1" '$1 == n { print $6 }' "$GT/manifest.tsv" 2>/dev/null
}

echo "stencil presets, f64 radius 1, predicted by the model for the RX 7900 XTX (checked against one"
echo "memory-bound kernel only, the lab notes' kernel 5: GPU rows); effective GB/s = (fetch + write) / time, peak $PEAK"
printf '%-28s %10s %10s\n' kernel 256^3 512^3
for p in lap1 lap2 lap3 lap4 lap5 best; do
	if ! "$G" stencil --preset "$p" --radius 1 --dtype f64 -o "$OUT/$p.hsaco" >"$OUT/gen.out" 2>&1; then
		printf '%-28s %s\n' "$p" "not built: $(head -n 1 "$OUT/gen.out")"
		continue
	fi
	printf '%-28s %10s %10s\n' "$p" "$(ours "$OUT/$p.hsaco" 256 256 256)" "$(ours "$OUT/$p.hsaco" 512 512 512)"
done
if [ -f "$GT/kernels/laplacian_k5.hsaco" ]; then
	printf '%-28s %10s %10s\n' "lab notes' kernel 5 (model)" "$(lab 256 256 256)" "$(lab 512 512 512)"
	printf '%-28s %10s %10s\n' "lab notes' kernel 5 (GPU)" "$(measured laplacian_k5_256)" "$(measured laplacian_k5_512)"
fi

echo
r4=$("$G" stencil --preset best --radius 4 --dtype f32 -o "$OUT/best-r4.hsaco" >"$OUT/gen.out" 2>&1 &&
	ours "$OUT/best-r4.hsaco" 512 512 512)
# The same under the full simulation (minutes): default sampling counts 42 %
# more DRAM bytes than the full simulation for this kernel (docs/stencil.md).
r4full=$(STENCIL_ARGS="${STENCIL_ARGS:-} --model-full" ours "$OUT/best-r4.hsaco" 512 512 512)
echo "radius 4 (25 points), f32, 512^3, best: $r4 GB/s predicted, $r4full by the full simulation (85 % of peak: $(( PEAK * 85 / 100 )))"

echo
echo "1024 x ny x 32, f64 radius 1 (the xy-plane is 1024 ny 8 bytes); lab_k5_gpu: the lab notes' figure 4"
printf '%6s %9s %10s %10s %10s\n' ny plane_MB best lab_k5 lab_k5_gpu
for ny in 1024 2048 3072 4096 5120 6144 7168 7680; do
	b=$(ours "$OUT/best.hsaco" 1024 "$ny" 32)
	l=$( [ -f "$GT/kernels/laplacian_k5.hsaco" ] && lab 1024 "$ny" 32 || echo -)
	g=$(awk -v ny="$ny" '$1 == 4 && $2 == 1024 && $3 == ny && $4 == 32 { print $5 }' "$SIZES" 2>/dev/null)
	mb=$(( 1024 * ny * 8 / 1000000 ))
	printf '%6s %9s %10s %10s %10s\n' "$ny" "$mb" "$b" "$l" "${g:--}"
	printf '%s\t%s\t%s\t%s\t%s\n' "$ny" "$mb" "$b" "$l" "${g:--}" >>"$OUT/sweep.tsv"
done

# The sweep as one HTML page: an SVG line per kernel, GB/s against plane size.
awk -F '\t' -v peak="$PEAK" '
	{ n++; mb[n] = $2; b[n] = $3 + 0; l[n] = $4 + 0; gpu[n] = $5 + 0; if (mb[n] > xmax) xmax = mb[n] }
	END {
		W = 640; H = 320; L = 60; T = 20
		print "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>stencil sweep</title></head><body>"
		print "<h1>Effective bandwidth, predicted and measured, 1024 &times; ny &times; 32, f64 radius 1</h1>"
		print "<p>The model&#39;s figures for the RX 7900 XTX, and the lab notes&#39; kernel 5 as they measured it on that card (their figure 4), the one memory-bound kernel the model is checked against. The dashed line is the DRAM peak, " peak " GB/s.</p>"
		printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-size=\"11\">\n", W + L + 20, H + T + 40
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>", L, T + H, L + W, T + H
		printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", L, T, L, T + H
		ymax = peak * 1.2
		for (g = 0; g <= 4; g++) printf "<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.0f</text>\n", L - 4, T + H - H * g / 4 + 4, ymax * g / 4
		printf "<line x1=\"%d\" y1=\"%.0f\" x2=\"%d\" y2=\"%.0f\" stroke=\"gray\" stroke-dasharray=\"4\"/>\n", L, T + H - H * peak / ymax, L + W, T + H - H * peak / ymax
		for (i = 1; i <= n; i++) printf "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", L + W * mb[i] / xmax, T + H + 14, mb[i]
		printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">xy-plane (MB) &#8594;; GB/s &#8593;</text>\n", L + W / 2, T + H + 32
		line("best", b, "#1f77b4"); line("lab notes kernel 5", l, "#d62728")
		line("lab notes kernel 5, measured", gpu, "#2ca02c")
		print "</svg></body></html>"
	}
	function line(name, v, colour,    i, pts) {
		for (i = 1; i <= n; i++) if (v[i] > 0) pts = pts sprintf("%.1f,%.1f ", L + W * mb[i] / xmax, T + H - H * v[i] / ymax)
		printf "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"><title>%s</title></polyline>\n", colour, pts, name
		printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s</text>\n", L + W - 150, T + 14 * (++legend), colour, name
	}' "$OUT/sweep.tsv" >"$OUT/sweep.html"
echo "plot: $OUT/sweep.html"
