#!/bin/sh
# bench/tune_lib.sh BUILD [BUDGET]: a kernel library for the skinny products of
# transformer inference (bench/skinny_shapes.yaml: M = 1, 2..16 and 17..64
# against a 4096 x 4096 weight), then for M = 1, 16 and 64 the model's
# prediction at full depth (rdna3run --gemm M 4096 4096 --model --model-sample 1)
# of the kernel the library picks (rdna3run LIB --gemm ...) next to the
# `best` preset (the 128 x 128 tile).  Prints the search's time and one line
# per M.  The cache is BUILD/bench/tune-cache: a second run reuses it.
# `make bench-tune-lib`.
set -u
B=${1:-build}
BUDGET=${2:-150}
N=4096 K=4096
T=$(mktemp -d "${TMPDIR:-/tmp}/bench_tune_lib_XXXXXX")
trap 'rm -rf "$T"' EXIT
start=$(date +%s)
"$B/rdna3gen" tune sgemm --shapes bench/skinny_shapes.yaml --budget "$BUDGET" -j 2 \
	--cache "$B/bench/tune-cache" -o "$T/lib" >"$T/log" 2>"$T/err" || { tail -3 "$T/err"; exit 1; }
end=$(date +%s)
echo "library: 3 shapes x $BUDGET candidates, wall $((end - start)) s (-j 2; less when cached)"
sed 's/^/  /' "$T/log"
"$B/rdna3gen" sgemm --preset best -o "$T/best.hsaco" || exit 1
model() { # FILE-OR-LIB M: "ms GFLOP/s", the time from the model's 'cycles = X us' line
	"$B/rdna3run" "$1" --gemm "$2" "$N" "$K" --model --model-sample 1 2>/dev/null |
		awk '/^model: .* cycles = / { for (i = 1; i <= NF; i++) if ($i == "=") t = $(i + 1) / 1000 }
		     /^model: [0-9.]+ GFLOP\/s/ { g = $2 } END { if (t > 0) printf "%.4f %.1f", t, g; else print "- -" }'
}
printf '%4s  %-34s %10s %9s   %10s %9s   %s\n' M "library kernel" "ms" "GFLOP/s" "best ms" "GFLOP/s" "library/best"
for M in 1 16 64; do
	k=$("$B/rdna3run" "$T/lib" --gemm "$M" "$N" "$K" --model --model-sample 1 2>/dev/null |
		sed -n 's/^library .* -> .*\/\([^/]*\)\.hsaco (.*/\1/p')
	set -- $(model "$T/lib" "$M") $(model "$T/best.hsaco" "$M")
	printf '%4s  %-34s %10s %9s   %10s %9s   %s\n' "$M" "$k" "$1" "$2" "$3" "$4" \
		"$(echo "$3 $1" | awk '{ if ($2 > 0) printf "%.2fx faster", $1 / $2; else print "-" }')"
done
