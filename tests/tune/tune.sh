#!/bin/sh
# rdna3gen tune on a tiny budget and a tiny shape: the outputs, the winner
# reproducible from its YAML, the same ranking from the cache and with one
# worker, and bad input (one line, nothing written): unknown template, bad
# shapes, an assembler that fails, a candidate that faults on the emulator.
set -u
G=${RDNA3GEN:-build/rdna3gen}
R=${RDNA3RUN:-build/rdna3run}
export RDNA3RUN="$R"
T=$(mktemp -d "${TMPDIR:-/tmp}/tune_XXXXXX")
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok $1"; }
no() { echo "not ok $1: $2"; fails=$((fails + 1)); }
S="--shape 40 36 20"

out=$("$G" tune sgemm $S --budget 4 -j 2 --cache "$T/c" -o "$T/o" 2>"$T/err")
rc=$?
if [ $rc -eq 0 ] && [ -s "$T/o/winner.hsaco" ] && [ -s "$T/o/candidates.json" ] && [ -s "$T/o/search.html" ]; then
	ok "tune writes winner.yaml, winner.hsaco, candidates.csv/.json, search.html"
else
	no "tune outputs" "rc $rc: $out $(cat "$T/err")"
fi
# 4 candidates, each built, checked and predicted (header + 4 rows, all ok)
rows=$(grep -c ',ok,yes,' "$T/o/candidates.csv" 2>/dev/null)
[ "$(wc -l <"$T/o/candidates.csv")" -eq 5 ] && [ "$rows" -eq 4 ] && ok "candidates.csv: 4 candidates checked correct" ||
	no "candidates.csv" "$(cat "$T/o/candidates.csv")"
grep -q '<svg' "$T/o/search.html" && grep -q '<circle' "$T/o/search.html" && ok "search.html has the SVG plot" ||
	no "search.html" "no svg"
grep -q 'tune: 4/4 evaluated, best' "$T/err" && ok "progress line on stderr" || no "progress" "$(cat "$T/err")"
cp "$T/err" "$T/err_first"
"$G" sgemm --config "$T/o/winner.yaml" -o "$T/w.hsaco" 2>"$T/err" && cmp -s "$T/w.hsaco" "$T/o/winner.hsaco" &&
	ok "winner.yaml through rdna3gen sgemm --config gives winner.hsaco" || no "winner.yaml" "$(cat "$T/err")"
# the winner is the fastest row of the CSV (predicted_ms is column 33 from the end: compute by name)
col=$(head -1 "$T/o/candidates.csv" | tr ',' '\n' | grep -n '^predicted_ms$' | cut -d: -f1)
fastest=$(tail -n +2 "$T/o/candidates.csv" | cut -d, -f1,"$col" | sort -t, -k2,2g -k1,1n | head -1 | cut -d, -f1)
grep -q "\"winner\": $fastest," "$T/o/candidates.json" && ok "the winner is the fastest candidate" ||
	no "winner" "fastest $fastest; $(head -c 300 "$T/o/candidates.json")"

# resumed from the cache: nothing re-evaluated, same result
"$G" tune sgemm $S --budget 4 -j 2 --cache "$T/c" -o "$T/o2" >/dev/null 2>"$T/err2" && cmp -s "$T/o/candidates.csv" "$T/o2/candidates.csv" &&
	ok "a second run from the cache gives the same candidates.csv" || no "cache" "differs"
# ... and says so, where the first run (a fresh cache) did not
grep -q "^tune: 4 of 4 evaluated candidates from the cache ($T/c)$" "$T/err2" && ! grep -q 'from the cache' "$T/err_first" &&
	ok "a run from the cache says so on stderr" || no "cache line" "$(cat "$T/err2" | tr '\n' '|')"
# one worker, fresh cache: same ranking
"$G" tune sgemm $S --budget 4 -j 1 --cache "$T/c1" -o "$T/o3" >/dev/null 2>&1 &&
	cmp -s "$T/o/candidates.csv" "$T/o3/candidates.csv" && ok "-j 1 ranks as -j 2" || no "-j 1" "differs"

# K > 256: every candidate is estimated from K = 128 and 256, the 4 fastest are
# predicted again at the full depth, and the winner is the fastest of those,
# at exactly what rdna3run predicts for it by hand
D="--shape 40 36 300"
"$G" tune sgemm $D --budget 6 -j 2 --cache "$T/cd" -o "$T/od" >/dev/null 2>"$T/err"
csv="$T/od/candidates.csv"
cn() { head -1 "$csv" | tr ',' '\n' | grep -n "^$1\$" | cut -d: -f1; }
pm=$(cn predicted_ms) dp=$(cn depth) sm=$(cn sampled_ms)
nfull=$(tail -n +2 "$csv" | awk -F, -v d="$dp" -v s="$sm" '$d == "full" && $s != ""' | wc -l)
nsamp=$(tail -n +2 "$csv" | awk -F, -v d="$dp" -v s="$sm" '$d == "sampled" && $s == ""' | wc -l)
[ "$nfull" -eq 4 ] && [ "$nsamp" -eq 2 ] && grep -q 'predicting the 4 fastest again at the full depth (K = 300)' "$T/err" &&
	ok "K 300: the 4 fastest estimates predicted again at the full depth, 2 left as estimates" ||
	no "full depth" "full $nfull sampled $nsamp: $(cat "$T/err")"
wfull=$(tail -n +2 "$csv" | awk -F, -v d="$dp" '$d == "full"' | cut -d, -f1,"$pm" | sort -t, -k2,2g -k1,1n | head -1)
grep -q "\"winner\": ${wfull%%,*}," "$T/od/candidates.json" && ok "the winner is the fastest full-depth prediction" ||
	no "full-depth winner" "$wfull; $(head -c 300 "$T/od/candidates.json")"
"$R" "$T/od/winner.hsaco" --backend emu --gemm 40 36 300 --model --model-format json --model-sample 1 >"$T/m.json" 2>&1
byhand=$(sed -n 's/.*"seconds": \([0-9.e+-]*\).*/\1/p' "$T/m.json" | head -1)
awk -v a="${wfull#*,}" -v b="$byhand" 'BEGIN { exit !(b > 0 && (a - b * 1e3) ^ 2 < 1e-12) }' &&
	ok "the winner's full-depth time is rdna3run's prediction at 40x36x300" || no "by hand" "csv ${wfull#*,} ms, rdna3run $byhand s"

# --confirm 0 (fresh cache): the estimates alone rank
"$G" tune sgemm $D --budget 6 -j 2 --confirm 0 --cache "$T/cd0" -o "$T/od0" >/dev/null 2>"$T/err"
csv="$T/od0/candidates.csv"
nsamp=$(tail -n +2 "$csv" | awk -F, -v d="$dp" '$d == "sampled"' | wc -l)
[ "$nsamp" -eq 6 ] && ! grep -q 'full depth' "$T/err" && ok "--confirm 0: every row an estimate" ||
	no "--confirm 0" "sampled $nsamp: $(cat "$T/err")"
# then confirmed from that cache, its code objects gone (built again): as confirmed in one go
rm -f "$T"/cd0/*.hsaco
"$G" tune sgemm $D --budget 6 -j 2 --cache "$T/cd0" -o "$T/od1" >/dev/null 2>"$T/err" &&
	cmp -s "$T/od/candidates.csv" "$T/od1/candidates.csv" &&
	ok "confirming later from the cache, code objects lost, gives the same candidates.csv" ||
	no "later confirmation" "$(cat "$T/err"; diff "$T/od/candidates.csv" "$T/od1/candidates.csv")"

# --time: stops starting candidates after the time; what finished is ranked and written
"$G" tune sgemm $S --time 1 -j 2 --cache "$T/c" -o "$T/ot" >/dev/null 2>"$T/err" && [ -s "$T/ot/winner.hsaco" ] &&
	grep -q "for the time given" "$T/err" && ok "--time 1 writes the best found in that time" || no "--time" "$(cat "$T/err")"

# bad input: one line, exit 2, nothing written
bad() { # NAME EXPECTED-RC PATTERN ARGS...
	name=$1 want=$2 pat=$3
	shift 3
	out=$("$G" "$@" -o "$T/bad" 2>&1)
	rc=$?
	if [ $rc -eq "$want" ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q -- "$pat" &&
		[ ! -e "$T/bad" ]; then
		ok "$name"
	else
		no "$name" "rc $rc: $out"
	fi
}
bad "unknown template refused" 2 "unknown template 'nosuch'" tune nosuch $S
bad "template without a search space refused" 2 "cannot be tuned" tune sgemm-naive $S
bad "shape 0 refused" 2 "M = '0'" tune sgemm --shape 0 36 20
bad "negative shape refused" 2 "K = '-5'" tune sgemm --shape 40 36 -5
bad "--shape with a size missing refused" 2 "--shape needs three sizes M N K, got 2" tune sgemm --shape 40 36
bad "--budget with --time refused" 2 "give one" tune sgemm $S --budget 3 --time 5
bad "--confirm out of range refused" 2 "--confirm 33: a count in 0..32" tune sgemm $S --confirm 33
bad "an option that is no parameter of the template refused" 2 "unknown option .--bogus. (not a parameter of template sgemm" tune sgemm $S --bogus 3
bad "a template parameter out of range refused" 2 "tm: 99 is out of range" tune sgemm $S --tm 99

# hgemm through its own search space (templates/hgemm.c): the presets and
# enumerated points checked on the emulator at the template's ragged shape
# (f16 in, f32 out), the winner rebuilt from its YAML, and rdna3run --check
# passing on it at another ragged shape; the candidates' check shapes differ
# from sgemm's (tile + 3, tile + 5, two k-steps + 3)
out=$("$G" tune hgemm --shape 72 40 48 --layout nt --budget 5 -j 2 --cache "$T/ch" -o "$T/oh" 2>"$T/err")
rc=$?
rows=$(grep -c ',ok,yes,' "$T/oh/candidates.csv" 2>/dev/null)
[ $rc -eq 0 ] && [ "${rows:-0}" -ge 1 ] && grep -q '^template: hgemm$' "$T/oh/winner.yaml" &&
	grep -q '^layout: NT$' "$T/oh/winner.yaml" && ok "tune hgemm: candidates checked and predicted, a winner" ||
	no "tune hgemm" "rc $rc: $out $(cat "$T/err")"
"$G" hgemm --config "$T/oh/winner.yaml" -o "$T/wh.hsaco" 2>"$T/err" && cmp -s "$T/wh.hsaco" "$T/oh/winner.hsaco" &&
	ok "hgemm winner.yaml through rdna3gen hgemm --config gives winner.hsaco" || no "hgemm winner.yaml" "$(cat "$T/err")"
out=$("$R" "$T/oh/winner.hsaco" --backend emu --gemm 33 17 61 --check 2>&1)
printf '%s' "$out" | grep -q 'check: PASSED' && ok "the hgemm winner passes rdna3run --check at 33x17x61" ||
	no "hgemm winner check" "$out"
"$G" list | grep -q 'tune: rdna3gen tune hgemm searches waves-m, waves-n, tiles-m' &&
	ok "rdna3gen list names hgemm's search axes" || no "list" "$("$G" list | grep tune)"

# an assembler that fails on every candidate: each says so, no winner, nothing written
cat >"$T/clang" <<'EOF'
#!/bin/sh
case "$*" in *--version*) echo "clang version 19.1.0"; exit 0;; esac
echo "error: the assembler crashed" >&2; exit 139
EOF
chmod +x "$T/clang"
out=$(RDNA3_CLANG="$T/clang" "$G" tune sgemm $S --budget 2 -j 2 --cache "$T/c2" -o "$T/bad" 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | grep -c 'assembler-failed')" -eq 2 ] &&
	printf '%s' "$out" | grep -q 'no candidate was correct' && [ ! -e "$T/bad" ] &&
	ok "a failing assembler: one line per candidate, nothing written" || no "assembler" "rc $rc: $out"

# a worker that dies checking a candidate (bm = 32: its check has M = 35; the
# test hook RDNA3_TUNE_CRASH_M kills it with SIGSEGV as an emulator crash
# would): the search goes on
out=$(RDNA3_TUNE_CRASH_M=35 "$G" tune sgemm $S --budget 4 -j 2 --cache "$T/c3" -o "$T/o4" 2>&1)
rc=$?
[ $rc -eq 0 ] && grep -q ',fault,' "$T/o4/candidates.csv" && grep -q ',ok,yes,' "$T/o4/candidates.csv" &&
	printf '%s' "$out" | grep -q 'candidate #0: fault' &&
	ok "a candidate faulting on the emulator is reported, the search goes on" || no "fault" "rc $rc: $out"

# --backend hip without a GPU says so and writes nothing
out=$("$G" tune sgemm $S --budget 2 --backend hip --cache "$T/c4" -o "$T/bad" 2>&1)
rc=$?
[ $rc -ne 0 ] && printf '%s' "$out" | grep -q 'backend hip' && [ ! -e "$T/bad" ] &&
	ok "--backend hip without a GPU: refused with the reason, nothing written" || no "hip" "rc $rc: $out"

# Refused before any search, one line, exit 2, nothing written: -o that is a
# file or whose parent is missing, a --shape short of a size, a repeated option
refused() { # NAME PATTERN ARGS...: exit 2, one line matching PATTERN, no cache made
	name=$1 pat=$2; shift 2
	out=$("$G" tune sgemm "$@" --cache "$T/cr" 2>&1)
	rc=$?
	[ $rc -eq 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q -- "$pat" &&
		[ ! -e "$T/cr" ] && ok "$name" || no "$name" "rc $rc: $out"
}
: >"$T/afile"
refused "-o a file: refused" "-o .*: not a directory" $S --budget 2 -o "$T/afile"
refused "-o under a missing folder: refused" "cannot be created" $S --budget 2 -o "$T/nowhere/out"
refused "--shape with two sizes: refused" "--shape needs three sizes M N K, got 2 before '--budget'" \
	--shape 512 512 --budget 8 -o "$T/o5"
refused "a repeated option: refused" "--budget given twice" $S --budget 2 --budget 3 -o "$T/o6"
refused "--device-model of another target: refused" "--device-model rx7600 is a gfx1102 card; the kernels are built for gfx1100" \
	$S --budget 2 --device-model rx7600 -o "$T/o7"
refused "--device-model unknown: refused" "--device-model rx9999: no such card" $S --budget 2 --device-model rx9999 -o "$T/o8"
# the card the model predicts for: the 7900 XT (84 CUs at 2400 MHz) is slower
# than the default 7900 XTX for the same candidates
"$G" tune sgemm --shape 2048 2048 64 --budget 2 --confirm 0 -j 2 --cache "$T/cd1" -o "$T/od1" >/dev/null 2>&1
"$G" tune sgemm --shape 2048 2048 64 --budget 2 --confirm 0 -j 2 --device-model rx7900xt --cache "$T/cd2" \
	-o "$T/od2" >/dev/null 2>&1
g1=$(sed -n 's/^# rdna3gen tune: .*, \([0-9.]*\) GFLOP\/s predicted.*/\1/p' "$T/od1/winner.yaml")
g2=$(sed -n 's/^# rdna3gen tune: .*, \([0-9.]*\) GFLOP\/s predicted.*/\1/p' "$T/od2/winner.yaml")
[ -n "$g1" ] && [ -n "$g2" ] && [ "$(echo "$g2 < $g1" | bc)" = 1 ] &&
	ok "--device-model rx7900xt: predicted slower than the default card ($g2 < $g1 GFLOP/s)" ||
	no "device-model" "'$g1' '$g2'"

[ $fails -eq 0 ]
