#!/bin/sh
# truth.sh BUILD [DIR] — the timing model against whole real kernels that
# nobody here wrote, each timed on an RX 7900 XTX: every row of DIR/manifest.tsv
# (DIR: ../shared/groundtruth, or $RDNA3_GROUNDTRUTH; docs/model.md, "Ground
# truth").  For each row: `rdna3run FILE --kernel K LAUNCH --model`, the
# figure of merit the manifest names computed from the predicted time, the
# error against the measurement, and the two largest buckets of the
# breakdown.  The mean absolute error comes last.  Extra arguments for
# rdna3run (`--model-full`, `--model-constants FILE`) go in $TRUTH_ARGS.
#
# The launch: each row is charged what its timer held of a launch: the
# launch_us of the line of bench/truth_timers.tsv whose prefix starts the
# row's source_of_measurement (bench/timer_launch.sh), added after the lines
# of any $TRUTH_ARGS constants file.  A constants file that sets launch_us
# itself wins over the table, for every row.  A row whose source no line
# names is charged the model's own launch_us (a launch timed alone between
# two HIP events), and the last line names it.  The launch column prints
# the microseconds charged.
#
# Figures of merit (the manifest's fom column): an arithmetic expression in
# `time` (seconds), such as 2*4096^3/time, or (fetch+write)/time, the lab
# notes' effective bandwidth of a stencil on an nx x ny x nz grid (arguments
# 2, 3 and 4 of the launch): fetch = (nx ny nz - 8 - 4(nx-2) - 4(ny-2) -
# 4(nz-2)) 8 bytes, write = (nx-2)(ny-2)(nz-2) 8 bytes.  Units: GFLOP/s and
# GB/s (1e9).
set -eu
BUILD=${1:-build}
DIR=${2:-${RDNA3_GROUNDTRUTH:-../shared/groundtruth}}
if [ ! -f "$DIR/manifest.tsv" ]; then
	echo "truth: no manifest at $DIR/manifest.tsv (set RDNA3_GROUNDTRUTH)" >&2
	exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')

# The constants file of $TRUTH_ARGS, if any, and the other arguments: a row
# charged its own launch gets one file, that one with its launch added
# (rdna3run takes one --model-constants).
user_consts=
user_launch=
args=
# shellcheck disable=SC2086 # TRUTH_ARGS is a list of rdna3run arguments
set -- ${TRUTH_ARGS:-}
while [ $# -gt 0 ]; do
	if [ "$1" = --model-constants ] && [ $# -gt 1 ]; then
		user_consts=$2
		[ -r "$user_consts" ] && grep -q '^[[:space:]]*launch_us[[:space:]]' "$user_consts" && user_launch=1
		shift
	else
		args="$args $1"
	fi
	shift
done

echo "model vs RX 7900 XTX, whole kernels from $DIR/manifest.tsv"
printf '%-22s %12s %12s %8s %6s %6s  %s\n' name measured predicted error launch wall_s "largest buckets"
tail -n +2 "$DIR/manifest.tsv" | while IFS="$tab" read -r name hsaco kernel launch fom measured unit source; do
	[ -n "$name" ] || continue
	consts=${user_consts:+--model-constants $user_consts}
	us=$(sh "$(dirname "$0")/timer_launch.sh" "$source")
	[ -n "$us" ] || [ -n "$user_launch" ] || echo "$name" >>"$tmp/untimed"
	if [ -n "$us" ] && [ "$us" != model ] && [ -z "$user_launch" ]; then
		consts="--model-constants $tmp/launch"
		{ if [ -n "$user_consts" ]; then cat "$user_consts"; fi; echo "launch_us $us"; } >"$tmp/launch"
	fi
	t0=$(date +%s.%N)
	# shellcheck disable=SC2086 # the launch is a list of rdna3run arguments
	if ! "$BUILD/rdna3run" "$DIR/$hsaco" --kernel "$kernel" $launch --model $args $consts \
		>"$tmp/out" 2>"$tmp/err"; then
		printf '%-22s %12s %12s %8s %6s %6s  %s\n' "$name" "$measured" failed - - - "$(head -n 1 "$tmp/err")"
		echo "$name fail" >>"$tmp/rows"
		continue
	fi
	t1=$(date +%s.%N)
	awk -v name="$name" -v fom="$fom" -v meas="$measured" -v launch="$launch" -v t0="$t0" -v t1="$t1" '
		/^model: [0-9]+ cycles = / { us = $5 }
		/^model: [0-9.]+ us of it are the launch/ { lus = $2 }
		/^  [A-Za-z]/ && / %  \(/ {
			# a bucket line: its name is everything before the percentage
			line = $0; sub(/^  /, "", line)
			match(line, /[0-9.]+ %/); pct = substr(line, RSTART, RLENGTH - 2); sub(/ +[0-9.]+ %.*/, "", line)
			if (line ~ /^WMMA pipe busy/) { wmma = pct + 0; next }
			if (line ~ /^WMMA/) next
			nb++; bn[nb] = line; bp[nb] = pct + 0
		}
		END {
			t = us * 1e-6
			if (fom ~ /fetch\+write/) {
				nx = ny = nz = 0
				n = split(launch, a, " ")
				for (i = 1; i < n; i++) if (a[i] == "--arg") {
					split(a[i + 1], kv, "=")
					if (kv[1] == "2") nx = kv[2]; else if (kv[1] == "3") ny = kv[2]; else if (kv[1] == "4") nz = kv[2]
				}
				fetch = (nx * ny * nz - 8 - 4 * (nx - 2) - 4 * (ny - 2) - 4 * (nz - 2)) * 8
				write = (nx - 2) * (ny - 2) * (nz - 2) * 8
				pred = (fetch + write) / t * 1e-9
			} else {
				e = fom; gsub(/time/, "t", e)
				pred = calc(e, t) * 1e-9
			}
			# the two largest buckets
			for (k = 1; k <= 2 && k <= nb; k++) {
				best = 0
				for (i = 1; i <= nb; i++) if (!used[i] && (!best || bp[i] > bp[best])) best = i
				used[best] = 1
				top = top (k > 1 ? ", " : "") bn[best] " " sprintf("%.1f", bp[best]) " %"
			}
			if (wmma != "") top = top ", WMMA pipe busy " sprintf("%.1f", wmma) " %"
			err = 100 * (pred - meas) / meas
			printf "%-22s %12.1f %12.1f %+7.1f%% %6.1f %6.1f  %s\n", name, meas, pred, err, lus, t1 - t0, top
			printf "%s %.6f\n", name, err >> rows
		}
		# a small evaluator for the fom expressions: numbers, t, + - * / ^ and parentheses
		function calc(s, t,    v) { P = 1; S = s; gsub(/ /, "", S); T = t; v = expr(); return v }
		function expr(   v, c) { v = term(); while ((c = substr(S, P, 1)) == "+" || c == "-") { P++; v = c == "+" ? v + term() : v - term() } return v }
		function term(   v, c) { v = power(); while ((c = substr(S, P, 1)) == "*" || c == "/") { P++; v = c == "*" ? v * power() : v / power() } return v }
		function power(   v) { v = atom(); if (substr(S, P, 1) == "^") { P++; v = v ^ power() } return v }
		function atom(   v, m) {
			if (substr(S, P, 1) == "(") { P++; v = expr(); P++; return v }
			if (substr(S, P, 1) == "t") { P++; return T }
			m = match(substr(S, P), /^[0-9.]+([eE][-+]?[0-9]+)?/)
			v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v
		}' rows="$tmp/rows" "$tmp/out"
done
if [ -f "$tmp/rows" ]; then
	awk '$2 == "fail" { f++; next } { n++; e = $2 < 0 ? -$2 : $2; s += e; if (e > 15) out++ }
		END {
			printf "mean absolute error %.1f%% over %d kernels; %d outside +-15%%", n ? s / n : 0, n, out
			if (f) printf "; %d failed to run", f
			printf "\n"
		}' "$tmp/rows"
fi
if [ -f "$tmp/untimed" ]; then
	printf 'timer not in bench/truth_timers.tsv, charged the model'"'"'s launch_us: %s\n' "$(tr '\n' ' ' <"$tmp/untimed" | sed 's/ $//')"
fi
