#!/bin/sh
# bench/tune.sh BUILD [M N K] [BUDGET]: rdna3gen tune on a fresh cache, -j 2;
# prints candidates evaluated, wall and CPU time, CPU seconds per candidate,
# and the winner against the `best` preset, both as the search predicts them
# (same sampling).  `make bench-tune`.
set -u
B=${1:-build}
M=${2:-4096} N=${3:-4096} K=${4:-4096} BUDGET=${5:-300}
T=$(mktemp -d "${TMPDIR:-/tmp}/bench_tune_XXXXXX")
trap 'rm -rf "$T"' EXIT
start=$(date +%s)
"$B/rdna3gen" tune sgemm --shape "$M" "$N" "$K" --budget "$BUDGET" -j 2 \
	--cache "$T/cache" -o "$T/out" >"$T/log" 2>"$T/err" || { tail -3 "$T/err"; exit 1; }
end=$(date +%s)
# CPU time of the finished children (the workers)
times >"$T/times"
cpu=$(tail -1 "$T/times" | awk '{ split($1, u, "m"); split($2, s, "m"); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
csv="$T/out/candidates.csv"
col() { head -1 "$csv" | tr ',' '\n' | grep -n "^$1\$" | cut -d: -f1; }
st=$(col status) gf=$(col gflops) pm=$(col predicted_ms) dp=$(col depth) sm=$(col sampled_ms)
evaluated=$(tail -n +2 "$csv" | awk -F, -v s="$st" '$s != "pruned" && $s != "refused"' | wc -l)
okc=$(tail -n +2 "$csv" | awk -F, -v s="$st" '$s == "ok"' | wc -l)
echo "tune ${M}x${N}x${K}: $(tail -n +2 "$csv" | wc -l) candidates looked at, $evaluated evaluated ($okc correct), -j 2"
echo "wall $((end - start)) s, CPU $cpu s, $(echo "$cpu $evaluated" | awk '{ printf "%.2f", $1 / $2 }') CPU s per candidate"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
best=$(awk -F, '$2 == "best"' "$csv" | cut -d, -f"$pm","$gf","$dp","$sm")
win=$(grep -o '"winner": [0-9]*' "$T/out/candidates.json" | grep -o '[0-9]*$')
wrow=$(awk -F, -v w="$win" 'NR > 1 && $1 == w' "$csv")
echo "best preset: $best (ms, GFLOP/s, depth, K = 128/256 estimate ms)"
echo "winner #$win: $(echo "$wrow" | cut -d, -f"$pm","$gf","$dp","$sm") (ms, GFLOP/s, depth, K = 128/256 estimate ms)"
head -1 "$csv" >"$T/two"
awk -F, '$2 == "best"' "$csv" >>"$T/two"
echo "$wrow" >>"$T/two"
# the parameters where the winner differs from best
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) h[i] = $i; next }
	NR == 2 { for (i = 1; i <= NF; i++) b[i] = $i; next }
	{ for (i = 3; i <= NF && h[i] != "status"; i++) if ($i != b[i]) printf "  %s: best %s, winner %s\n", h[i], b[i], $i }' "$T/two"
