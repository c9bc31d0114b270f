#!/bin/sh
# attention.sh BUILD — the attention template's presets under the timing
# model at the three goals of its issue, beside the figures others reported:
#   1. prefill, head dim 64, non-causal, B 1 x H 32, S 4096 (preset best):
#      goal >= 75 TFLOP/s; CK's flash-attention 2 on an RX 7900 XTX was
#      reported at 38-48 (ROCm/flash-attention issue 27);
#   2. prefill, head dim 128, causal, B 1 x H 32, S 4096 (best128): goal >= 65
#      TFLOP/s; PyTorch SDPA and Triton were reported at 3-10 (ROCm/aotriton
#      issue 16);
#   3. decode, head dim 128, S_q 1, S_kv 8192, GQA 32/8, B 1 (decode128): goal
#      >= 85 % of the DRAM roof in effective GB/s (the bytes of Q, K, V and O
#      over the time; the roof is the one the model's output names).
# Every figure of ours is the model's prediction for the RX 7900 XTX
# (rdna3run --attention ... --model), not validated: the model over-predicts
# the one measured WMMA kernel, tinygrad's FP16 GEMM (`make bench-truth`
# prints by how much).  TFLOP/s count 4 D per unmasked (query, key) pair
# (docs/attention.md).  Each row's wall time is printed: the model samples
# a few workgroups, but a prefill row runs for tens of seconds on the
# emulator, and the causal row, every CU simulated, several minutes; the
# causal and decode rows simulate every CU (see there).  Extra rdna3run options go in $ATTENTION_ARGS.
# Usage: sh bench/attention.sh [BUILD]     (make bench-attention)
set -u
BUILD=${1:-build}
G="$BUILD/rdna3gen" R="$BUILD/rdna3run" OUT="$BUILD/bench/attention"
mkdir -p "$OUT"

now() { date +%s.%N; }

# row NAME PRESET FLAGS -- B HQ HKV SQ SKV D [--causal]: NAME.out, and
# "TFLOPS GBS ROOF WMMA WALL SAMPLE" on stdout ("- - - - - -" when it failed).
# SAMPLE checks the model's sampling: the v_wmma it simulated per sampled CU
# (scaled to the CU's whole share, as the model scales its time) against the
# grid's v_wmma per CU, counted from the kernel's report (v_wmma per key tile
# and wave, kv-tile) and the key tiles each workgroup walks (its queries'
# keys, causal cut, split-KV chunks; with the query heads packed, a
# workgroup per key/value head and block of S_q·G rows), in %: far from
# 100, the sampled CUs ran lighter or heavier work than the average CU.
row() {
	n=$1 p=$2; shift 2
	gen=""
	while [ "$1" != -- ]; do gen="$gen $1"; shift; done
	shift
	# shellcheck disable=SC2086 # the flags
	if ! "$G" attention --preset "$p" $gen -o "$OUT/$n.hsaco" --report "$OUT/$n.report" >"$OUT/$n.gen" 2>&1; then
		echo "- - - - - -"
		return
	fi
	t0=$(now)
	# shellcheck disable=SC2086 # extra options
	"$R" "$OUT/$n.hsaco" --attention "$@" --model ${MODEL_ARGS:-} ${ATTENTION_ARGS:-} >"$OUT/$n.out" 2>&1 ||
		{ echo "- - - - - -"; return; }
	t1=$(now)
	wt=$(sed -n 's/^  v_wmma  *\([0-9.]*\)$/\1/p' "$OUT/$n.report")
	tile=$(sed -n 's/^attention report .* kv-tile \([0-9]*\) keys.*/\1/p' "$OUT/$n.report")
	causal=0
	[ "${7:-}" = --causal ] && causal=1
	awk -v t0="$t0" -v t1="$t1" -v wt="${wt:-0}" -v tile="${tile:-0}" -v b="$1" -v hq="$2" -v hkv="$3" -v sq="$4" -v skv="$5" \
		-v causal="$causal" '
		/^model: attention .* predicted/ {
			for (i = 1; i <= NF; i++) {
				if ($i == "TFLOP/s") tf = $(i - 1)
				if ($i == "GB/s") gb = $(i - 1)
			}
		}
		/^model: DRAM roof: / { for (i = 1; i <= NF; i++) if ($i == "GB/s") roof = $(i - 1) }
		/^  WMMA pipe busy/ { w = $4; mw = $(NF - 1) }
		/ grid [0-9]+,[0-9]+,[0-9]+ block [0-9]+,/ {
			for (i = 1; i <= NF; i++) {
				if ($i == "grid") { split($(i + 1), g, ","); nwg = g[1] * g[2] * g[3] }
				if ($i == "block") { split($(i + 1), k, ","); waves = int((k[1] + 31) / 32) }
			}
			if (match($0, /chunks of [0-9]+/)) split_ = substr($0, RSTART + 10, RLENGTH - 10) + 0
			if ($0 ~ /query heads packed/) pack = 1
		}
		/^model: dispatch: / {
			for (i = 1; i <= NF; i++) {
				if ($i == "over") units = $(i + 1)
				if ($i == "simulated") nsim = $(i + 1) == "all" ? $(i + 2) : $(i + 1)
			}
		}
		function ceil(x) { return x == int(x) ? x : int(x) + 1 }
		END { if (tf == "") { print "- - - - - -"; exit }
		      sample = "-"
		      if (wt > 0 && tile > 0 && nsim > 0 && waves > 0 && mw > 0) {
			bq = 16 * waves; tiles = 0
			grp = pack ? hq / hkv : 1; rows = sq * grp; heads = pack ? hkv : hq
			for (q0 = 0; q0 < rows; q0 += bq) {
				kend = skv
				last = q0 + bq < rows ? q0 + bq : rows
				if (causal) { lim = int((last - 1) / grp) + 1 + skv - sq; if (lim < kend) kend = lim }
				if (split_) { for (c0 = 0; c0 < kend; c0 += split_) tiles += ceil(((kend - c0 < split_) ? kend - c0 : split_) / tile) }
				else if (kend > 0) tiles += ceil(kend / tile)
			}
			active = nwg < units ? nwg : units
			grid = tiles * waves * wt * b * heads
			sample = sprintf("%.0f", 100 * (mw / nsim) / (grid / active))
		      }
		      printf "%s %s %s %s %.0f %s\n", tf, gb, roof == "" ? "-" : roof, w == "" ? "-" : w, t1 - t0, sample }' "$OUT/$n.out"
}

# met VALUE GOAL: yes when VALUE >= GOAL
met() { awk -v v="$1" -v g="$2" 'BEGIN { print (v != "-" && v + 0 >= g + 0) ? "yes" : "no" }'; }

# line GOAL KERNEL PREDICTED WANT MET WMMA SAMPLE REPORTED WALL: a row of the table on
# stdout and of its Markdown copy ($OUT/table.md, as docs/attention.md shows it)
line() {
	printf '%-42s %-9s %14s %12s %4s %6s %6s %-23s %ss\n' "$@"
	# a sample far from the average work: say so under the table
	awk -v s="$7" -v row="$1" 'BEGIN { if (s != "-" && (s < 90 || s > 110))
		printf "warning: %s: the model'"'"'s sampled CUs ran %s %% of the average CU'"'"'s work; its figure needs --model-full\n", row, s }' >>"$OUT/warn"
	# shellcheck disable=SC2016 # the backquotes are Markdown
	printf '| %s | `%s` | %s | %s | %s | %s %% | %s %% | %s | %s s |\n' "$@" | sed 's/>=/≥/g; s/ x / × /g' >>"$OUT/table.md"
}

echo "attention on the RX 7900 XTX: the timing model's predictions (predicted, not validated: the model"
echo "over-predicts the one measured WMMA kernel, tinygrad's FP16 GEMM; make bench-truth), beside figures"
echo "others reported on the card (not measured here)"
echo
rm -f "$OUT/warn"
printf '%-42s %-9s %14s %12s %4s %6s %6s %-23s %s\n' goal kernel predicted goal met WMMA% sample "reported (others)" wall
printf '%s\n' "| goal | kernel | predicted | goal | met | WMMA pipe busy | sampled work | reported by others | wall time |" \
	"|---|---|---|---|---|---|---|---|---|" >"$OUT/table.md"
# shellcheck disable=SC2046 # the fields
set -- $(row prefill64 best --head-dim 64 -- 1 32 32 4096 4096 64)
line "prefill D 64, B 1 x H 32, S 4096" best "$1 TFLOP/s" ">= 75" "$(met "$1" 75)" "$4" "$6" "CK FA2: 38-48 TFLOP/s" "$5"
# The causal row's work differs 64-fold between query blocks, and the CUs the
# model samples by default run well under the average CU's share of it (the
# sample column says how far): the table's figure simulates every CU
# (minutes), the sampled one is printed below it; ATTENTION_SAMPLED=1 keeps
# to the sample (seconds).
# shellcheck disable=SC2046
set -- $(row prefill128c_sampled best128 --head-dim 128 --causal true -- 1 32 32 4096 4096 128 --causal)
sampled="$1 TFLOP/s predicted from the model's default sample of CUs (sampled work $6 %, ${5}s)"
if [ -z "${ATTENTION_SAMPLED:-}" ]; then
	# shellcheck disable=SC2046
	set -- $(MODEL_ARGS=--model-full row prefill128c best128 --head-dim 128 --causal true -- 1 32 32 4096 4096 128 --causal)
	what="the table's figure simulates every CU"
else
	what="the table's figure is the sampled one"
fi
line "prefill D 128 causal, B 1 x H 32, S 4096" best128 "$1 TFLOP/s" ">= 65" "$(met "$1" 65)" "$4" "$6" \
	"SDPA/Triton: 3-10" "$5"
# The decode row: its sample, too, ran far from the average work (split-KV
# workgroups of 64 keys), and every CU takes seconds here: simulated in full
# as well, the sampled figure printed below.
# shellcheck disable=SC2046
set -- $(row decode128_sampled decode128 -- 1 32 8 1 8192 128)
dsampled="$2 GB/s from the model's default sample of CUs (sampled work $6 %, ${5}s)"
if [ -z "${ATTENTION_SAMPLED:-}" ]; then
	# shellcheck disable=SC2046
	set -- $(MODEL_ARGS=--model-full row decode128 decode128 -- 1 32 8 1 8192 128)
fi
pct=$(awk -v g="$2" -v r="$3" 'BEGIN { if (g == "-" || r == "-" || r == 0) print "-"; else printf "%.1f", 100 * g / r }')
goal=$(awk -v r="$3" 'BEGIN { if (r == "-") print "-"; else printf "%.0f", 0.85 * r }')
line "decode D 128, S_q 1, S_kv 8192, GQA 32/8" decode128 "$2 GB/s" ">= $goal GB/s" "$(met "$2" "$goal")" "$4" "$6" "-" "$5"
echo
cat "$OUT/warn"
echo "prefill D 128 causal: $what; $sampled"
echo "decode: $2 GB/s effective (Q+K+V+O bytes / time) is $pct % of the DRAM roof, $3 GB/s; its TFLOP/s: $1;"
echo "        $dsampled"
echo "WMMA% is the model's WMMA pipe busy share of the SIMD-cycles; sample is the v_wmma the model simulated"
echo "per sampled CU (scaled to its share) against the grid's average per CU, from the kernel's report and the"
echo "key tiles each workgroup walks (far from 100 %: the sampled CUs ran lighter or heavier work than the"
echo "average CU, and the prediction rests on an unrepresentative sample: rerun the row with"
echo "ATTENTION_ARGS=--model-full, minutes instead of seconds); the breakdowns are in $OUT/*.out;"
echo "the table in Markdown: $OUT/table.md"
