#!/bin/sh
# attention template (docs/attention.md), under the LLVM of this run:
#   1. presets and parameter sets build and assemble, and their metadata
#      (llvm-readelf --notes) carries the interface keys;
#   2. each runs on the emulator (WMMA hazard and LDS race checks on) through
#      rdna3run --attention --check, and through
#      rdna3run's generic launch with the grid and workspace of the interface,
#      and its O (and lse) match a double-precision reference
#      ($BUILD/tests/attention_ref): head dims 64 and 128, f16 and bf16 inputs,
#      every output type, causal and not (S_q above and below S_kv, rows that
#      see no key), GQA, ragged lengths, prefill and split-KV decode, and
#      the query heads of a key/value head packed into one workgroup
#      (gqa-pack: G = 1, 2, 4, 8, 16), and split-KV combines whose lane
#      groups take 1 to 16 rows (n_split not a multiple of the groups, waves
#      with no row);
#   3. bad input: one line naming the parameter, exit 2, nothing written.
# Env: BUILD, RDNA3GEN, RDNA3RUN, RDNA3_LLVM (tests/run.sh).
set -u
. tests/check.sh
. "$(dirname "$0")/../llvm.sh"
G="$RDNA3GEN"
R="$RDNA3RUN"
REF="$BUILD/tests/attention_ref"
T="$BUILD/tests/attention.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

# gen NAME FLAGS...: NAME.hsaco, or a failed check
gen() {
	n=$1; shift
	if "$G" attention "$@" -o "$T/$n.hsaco" >"$T/$n.gen" 2>&1; then
		ok "build_$n"
		return 0
	fi
	nok "build_$n" "$(head -n 1 "$T/$n.gen")"
	return 1
}

# meta NAME KEY: the value of .rdna3.KEY in NAME.hsaco's note
meta() { $LLVM_READELF --notes "$T/$1.hsaco" | sed -n "s/^ *\.rdna3\.$2: *//p" | head -n 1; }

# want_meta NAME KEY VALUE
want_meta() {
	if [ "$(meta "$1" "$2")" = "$3" ]; then
		ok "meta_$1_$2"
	else
		nok "meta_$1_$2" "want .rdna3.$2: $3, got '$(meta "$1" "$2")'"
	fi
}

# run NAME B HQ HKV SQ SKV [bshd]: random inputs, one generic launch, the reference
# check; bshd: the tensors are [B, S, H, D] in memory (strides say so); the
# softmax scale is $SCALE
SCALE=0.125
run() {
	n=$1 b=$2 hq=$3 hkv=$4 sq=$5 skv=$6 lay=${7:-bhsd}
	d=$(meta "$n" head_dim) dt=$(meta "$n" dtype) out=$(meta "$n" out) causal=$(meta "$n" causal)
	bq=$(meta "$n" block_q) split=$(meta "$n" kv_split) lse=$(meta "$n" lse) th=$(meta "$n" block_threads)
	pack=$(meta "$n" gqa_pack)
	w="$T/$n.$sq.$skv"
	mkdir -p "$w"
	"$REF" gen "$w" "$b" "$hq" "$hkv" "$sq" "$skv" "$d" "$dt" 7 || { nok "check_${n}_$sq.$skv" "no inputs"; return; }
	ns=1
	[ "$split" -gt 0 ] && ns=$(((skv + split - 1) / split))
	# rows per grid y: the queries, or packed the (query, head) pairs of a key/value head
	rows=$sq gy=$hq
	[ "$pack" = 1 ] && rows=$((sq * (hq / hkv))) gy=$hkv
	gx=$(((rows + bq - 1) / bq))
	osz=2; [ "$out" = f32 ] && osz=4
	qe=$((b * hq * sq * d)) ke=$((b * hkv * skv * d))
	# strides (batch, head, sequence) of Q and O, of K and V
	qs="$((hq * sq * d)) $((sq * d)) $d" ks="$((hkv * skv * d)) $((skv * d)) $d"
	if [ "$lay" = bshd ]; then
		qs="$((hq * sq * d)) $d $((hq * d))" ks="$((hkv * skv * d)) $d $((hkv * d))"
	fi
	# shellcheck disable=SC2086 # words
	set -- $qs $ks
	if "$R" "$T/$n.hsaco" --backend emu --grid "$gx,$gy,$((b * ns))" --block "$th" \
		--buffer q=$((2 * qe)):file="$w/q.bin" --buffer k=$((2 * ke)):file="$w/k.bin" \
		--buffer v=$((2 * ke)):file="$w/v.bin" --buffer o=$((osz * qe)) --buffer lse=$((4 * b * hq * sq)) \
		--buffer ws=$((b * hq * ns * sq * (d + 2) * 4 + b * gy * gx * 4)) --arg scale_log2="$(awk "BEGIN { printf \"%.9g\", $SCALE * 1.4426950408889634 }")" \
		--arg batch="$b" --arg hq="$hq" --arg hkv="$hkv" --arg sq="$sq" --arg skv="$skv" \
		--arg q_sb="$1" --arg q_sh="$2" --arg q_ss="$3" --arg k_sb="$4" --arg k_sh="$5" --arg k_ss="$6" \
		--arg v_sb="$4" --arg v_sh="$5" --arg v_ss="$6" --arg o_sb="$1" --arg o_sh="$2" --arg o_ss="$3" \
		--dump o="$w/o.bin" --dump lse="$w/lse.bin" --dump ws="$w/ws.bin" >"$w/run" 2>&1 &&
		"$REF" check "$w" "$b" "$hq" "$hkv" "$sq" "$skv" "$d" "$dt" "$out" "$causal" "$SCALE" "$lse" "$lay" >"$w/check" 2>&1 &&
		grep -q '^check: PASSED' "$w/check"; then
		ok "check_${n}_${b}x${hq}x${hkv}x${sq}x${skv}_${lay}_scale$SCALE"
	else
		nok "check_${n}_${b}x${hq}x${hkv}x${sq}x${skv}_${lay}_scale$SCALE" "$(cat "$w/run" "$w/check" 2>/dev/null | head -n 3 | tr '\n' '|')"
	fi
	# split-KV: the last workgroup of each query block put its counter back to 0
	if [ "$split" -gt 0 ] && [ -e "$w/ws.bin" ]; then
		left=$(od -An -tu4 -v -j $((b * hq * ns * sq * (d + 2) * 4)) "$w/ws.bin" | tr -s ' ' '\n' | grep -cv '^0*$')
		[ "$left" -eq 0 ] && ok "counters_reset_${n}_${b}x${hq}x${hkv}x${sq}x$skv" ||
			nok "counters_reset_${n}_${b}x${hq}x${hkv}x${sq}x$skv" "$left counters not 0 after the launch"
	fi
	rm -rf "$w"
}

# rrun NAME B HQ HKV SQ SKV [padded]: rdna3run --attention --check (the runner's
# inputs, launch and reference; padded: gaps between rows, heads and batches)
rrun() {
	n=$1; shift
	pad=""
	[ "${6:-}" = padded ] && pad=--padded
	if "$R" "$T/$n.hsaco" --backend emu --attention "$1" "$2" "$3" "$4" "$5" "$(meta "$n" head_dim)" $pad \
		--check >"$T/$n.rrun" 2>&1 && grep -q '^check: PASSED' "$T/$n.rrun"; then
		ok "runner_${n}_$1x$2x$3x$4x$5$pad"
	else
		nok "runner_${n}_$1x$2x$3x$4x$5$pad" "$(grep -v '^emu:' "$T/$n.rrun" | head -n 3 | tr '\n' '|')"
	fi
}

# 1, 2. presets and sets: NAME|FLAGS|SHAPES (B,HQ,HKV,SQ,SKV[,bshd|padded] ...):
# each shape through the runner and the generic launch; bshd: the generic
# launch only, padded: the runner only
SETS='
small|--preset small|1,1,1,16,16 1,2,1,77,301
small_causal|--preset small --causal true --lse true|1,2,1,77,301 1,1,1,45,37
best|--preset best --lse true|2,4,2,77,301 1,1,1,1,1 2,4,2,45,67,bshd
best_causal128_bf16|--preset best128 --causal true --dtype bf16 --out f32 --lse true|1,4,2,77,301 1,2,2,70,33 2,4,1,33,130,padded
best128_f32|--preset best128 --out f32|1,2,1,77,101
bf16_out_bf16|--preset best --dtype bf16 --out bf16 --causal true|1,4,1,77,301
tile64_unroll2|--waves 2 --kv-tile 64 --unroll 2 --k-ahead 8 --v-pad 16 --causal true --lse true --prefetch true --v-store b32|1,2,1,77,301 1,1,1,1,130
waves8|--waves 8 --kv-tile 32 --v-pad 0 --prefetch true --v-ahead 3|1,1,1,150,77
waves3_tile48|--waves 3 --kv-tile 48 --causal true --lse true|1,4,2,77,301 1,1,1,200,100
unroll3_noprefetch|--waves 1 --kv-tile 32 --unroll 3 --prefetch false --v-store b32 --causal true|1,2,1,40,301 1,1,1,17,33
decode|--preset decode --lse true|2,4,2,5,601 1,4,1,1,1000 1,8,2,3,301,bshd
decode128_causal_bf16|--preset decode --gqa-pack false --head-dim 128 --dtype bf16 --out bf16 --causal true --lse true|1,4,2,21,601 1,1,1,21,10 1,8,2,1,1000,padded 1,4,2,1,8192,padded
decode128|--preset decode128 --lse true|1,32,8,1,1000 1,8,2,3,301 2,8,4,16,601,padded 1,8,2,1,333,bshd
decode_waves2_f32|--preset decode --gqa-pack false --waves 2 --out f32 --kv-split 64 --v-store b32|1,2,2,45,301 1,2,2,3,301 1,1,1,20,130
split_one_set128|--preset small --head-dim 128 --kv-split 16 --k-ahead 1 --v-ahead 1 --lse true|1,4,2,5,301 1,1,1,37,3
pack_decode|--preset decode --gqa-pack true --lse true|1,4,4,1,301 1,8,4,3,301 2,8,2,16,601 1,32,8,1,1000 1,8,2,77,301,bshd
pack_decode128_causal_bf16|--preset decode --head-dim 128 --gqa-pack true --dtype bf16 --out bf16 --causal true --lse true|1,8,2,1,301 1,32,8,3,301 1,4,4,77,301,padded 1,8,4,16,37 1,32,8,16,301
pack_groups_f32|--preset decode --gqa-pack true --kv-split 32 --lse true --out f32|1,2,2,1,301 1,4,2,1,301 1,8,2,1,333 1,16,2,1,301 1,32,2,1,77 1,4,2,3,301 1,8,8,1,1000 1,16,8,1,130,bshd 1,16,2,2,1100 1,16,2,1,2100
pack_groups128_bf16|--preset decode --head-dim 128 --gqa-pack true --kv-split 32 --dtype bf16 --lse true|1,2,2,1,301 1,8,2,1,333 1,16,2,2,301 1,4,2,3,130,padded 1,8,4,1,1000 1,16,2,2,1000
pack_best_causal_f32|--preset best --gqa-pack true --causal true --lse true --out f32|1,8,2,77,301 1,32,8,1,301 1,4,4,16,301,padded 1,8,4,3,301,bshd 1,32,8,77,37
pack_best128_bf16|--preset best128 --gqa-pack true --dtype bf16 --lse true|1,32,8,3,301 1,8,2,77,37 1,4,4,16,301
pack_unroll2_causal|--preset best --unroll 2 --causal true --lse true --gqa-pack true|1,8,2,77,301 2,4,4,40,17,padded 1,8,8,1,130
pack_split64_waves2_causal|--preset decode --waves 2 --kv-split 64 --v-store b32 --gqa-pack true --causal true --lse true --out f32|1,8,2,77,301 1,32,8,16,301 1,8,4,1,301
'
while IFS='|' read -r n flags shapes; do
	[ -n "$n" ] || continue
	# shellcheck disable=SC2086 # flags are words
	gen "$n" $flags || continue
	for s in $shapes; do
		# shellcheck disable=SC2046,SC2086 # the shape's fields are words
		set -- $(echo $s | tr ',' ' ')
		[ "${6:-}" = bshd ] || rrun "$n" "$@"
		[ "${6:-}" = padded ] || run "$n" "$@"
	done
done <<EOF
$SETS
EOF
# a negative and a zero softmax scale (the generic launch only: the runner's scale is fixed)
for SCALE in -0.3 0; do
	run best 1 2 1 77 301
	run decode 1 2 2 5 601
	run small_causal 1 1 1 45 37
	run pack_decode 1 8 2 3 301
	run pack_best_causal_f32 1 8 4 16 301
done
# a large softmax scale: the chunks' maxima lie far apart, so a combine
# whose M is not the largest of them overflows exp2 (its weights are the
# same up to a common factor otherwise): several rounds of maxima (one
# lane group and more chunks than a round reads), and lane groups whose
# maxima meet across lanes
SCALE=24
run pack_groups_f32 1 16 2 2 1100
run pack_groups_f32 1 16 2 1 2100
run pack_groups128_bf16 1 16 2 2 1000
run pack_decode 1 32 8 1 1000
run decode128 1 32 8 1 1000
SCALE=0.125
want_meta best head_dim 64
want_meta best dtype f16
want_meta best out f16
want_meta best causal 0
want_meta best block_q 32
want_meta best lse 1
want_meta best kv_split 0
want_meta best block_threads 64
want_meta best template attention
want_meta best_causal128_bf16 head_dim 128
want_meta best_causal128_bf16 dtype bf16
want_meta best_causal128_bf16 out f32
want_meta best_causal128_bf16 causal 1
want_meta decode kv_split 256
want_meta decode block_q 16
want_meta best gqa_pack 0
want_meta decode gqa_pack 1
want_meta decode128 head_dim 128
want_meta decode128 kv_split 256
want_meta decode128 gqa_pack 1
want_meta decode_waves2_f32 gqa_pack 0
want_meta pack_decode gqa_pack 1
want_meta pack_best_causal_f32 gqa_pack 1
$LLVM_OBJDUMP -d "$T/best.hsaco" | grep -q 'v_wmma_f32_16x16x16_f16' && ok objdump_wmma ||
	nok objdump_wmma "no v_wmma_f32_16x16x16_f16 in llvm-objdump's listing"
$LLVM_OBJDUMP -d "$T/decode.hsaco" | grep -q 'global_atomic_add_u32 .* glc' && ok objdump_split_atomic ||
	nok objdump_split_atomic "no returning global_atomic_add_u32 in the split-KV kernel"

# --report: the key tile's instructions (32 WMMA: 2 products of 4 x 4 tiles for 64 keys, head-dim 64)
if "$G" attention --preset best -o "$T/rep.hsaco" --report "$T/rep.txt" >"$T/rep.out" 2>&1 &&
	grep -q '^attention report' "$T/rep.txt" && grep -Eq '^  every tile +32 ' "$T/rep.txt" &&
	grep -q 'O rescale' "$T/rep.txt"; then
	ok report_key_tile
else
	nok report_key_tile "$(head -c 300 "$T/rep.out" "$T/rep.txt" 2>/dev/null | tr '\n' '|')"
fi

# rdna3gen tune attention: a small search (causal, head-dim 64) writes a winner that rebuilds
if "$G" tune attention --shape 1 4 2 70 150 64 --causal --head-dim 64 --budget 4 -j 2 --cache "$T/cache" \
	-o "$T/tune" >"$T/tune.out" 2>&1 && grep -q '^causal: true$' "$T/tune/winner.yaml" &&
	"$G" attention --config "$T/tune/winner.yaml" -o "$T/tuned.hsaco" >>"$T/tune.out" 2>&1 &&
	[ "$(meta tuned causal)" = 1 ]; then
	ok tune_winner_rebuilds
else
	nok tune_winner_rebuilds "$(grep -v '^tune:' "$T/tune.out" | head -n 3 | tr '\n' '|')"
fi

# 3. bad input: exit 2, one line naming the parameter, nothing written
bad() { # NAME WORD FLAGS...: WORD must be in the message
	n=$1 word=$2; shift 2
	rm -f "$T/bad.hsaco"
	"$G" attention "$@" -o "$T/bad.hsaco" >"$T/bad.out" 2>&1
	rc=$?
	lines=$(wc -l <"$T/bad.out")
	if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -q "^rdna3gen: .*$word" "$T/bad.out" && [ ! -e "$T/bad.hsaco" ]; then
		ok "refused_$n"
	else
		nok "refused_$n" "exit $rc, $lines lines: $(head -c 200 "$T/bad.out")"
	fi
}
bad head_dim_96 head-dim --head-dim 96
bad head_dim_256 head-dim --head-dim 256
bad dtype_f32 dtype --dtype f32
bad out_f64 out --out f64
bad tile_24 kv-tile --kv-tile 24
bad split_not_tiles kv-split --kv-tile 64 --kv-split 32
bad split_not_pow2 kv-split --kv-split 96
bad split_unroll unroll --kv-split 256 --unroll 2
bad pad_4 v-pad --v-pad 4
bad ahead_past_tile k-ahead --preset small --k-ahead 8
bad v_ahead_past_tile v-ahead --preset small --v-ahead 5
bad v_store_odd v-store --waves 4 --kv-tile 16 --v-store b32
bad v_store_b128 v-store --v-store b128
bad v_store_b64_ahead v-store --waves 1 --kv-tile 16 --k-ahead 1 --v-store b64
bad best_head_dim_128 kv-tile --preset best --head-dim 128
bad decode128_head_dim_64 k-ahead --preset decode128 --head-dim 64
bad vgprs kv-tile --head-dim 128 --kv-tile 128 --waves 2
bad v_tile_threads kv-tile --waves 8 --kv-tile 16
bad waves_9 waves --waves 9
bad gqa_pack_word gqa-pack --gqa-pack 4
exit $fail
