#!/bin/sh
# sgemm with `dual` (bank-aware registers): for each tile configuration
#   - rdna3gen builds it and LLVM assembles it (no VOPD error);
#   - the disassembly of the .hsaco (llvm-objdump, not our listing) holds
#     exactly the main-loop FMAs (VGPR multiplicands only: the epilogue's
#     beta FMAs read an SGPR) expected from the shape on the line below:
#     rows*cols per k-step, bodies = k-step copies in the code (3 tile
#     copies with prefetch: fast, guarded, last; each has `unroll` k-steps),
#     all of them v_dual_fmac_f32 when rows*cols is even, one v_fmac_f32
#     per k-step otherwise;
#   - no VOPD instruction has its X half write a register its Y half reads
#     (checked on the disassembly: Y's src0, vsrc1 and, for fmac, its
#     accumulator);
#   - the metadata records the pairing (.rdna3.kstep_vopd/_singles);
#   - rdna3run --gemm --check --checks all (all hazard checks) passes on the
#     emulator for a full shape (whole tiles, several k-tiles) and an edge
#     shape (partial blocks and K tail).
# Env: BUILD, RDNA3GEN, RDNA3RUN (tests/run.sh).
set -u
G="$RDNA3GEN"
. "$(dirname "$0")/../llvm.sh"
R="$RDNA3RUN"
T="$BUILD/tests/dual.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
OBJDUMP=$LLVM_OBJDUMP READELF=$LLVM_READELF
. "$(dirname "$0")/../check.sh"

# name|rows|cols|bodies|bm bn bk|parameters   (rows x cols: accumulators per
# work-item = tm*rep_m x tn*rep_n, computed by hand from the parameters)
D='--dual true'
SETS="
t4x4_u8|4|4|24|16 32 8|$D --bm 16 --bn 32 --bk 8 --tm 4 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 8
t4x4_u1|4|4|3|16 32 8|$D --bm 16 --bn 32 --bk 8 --tm 4 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 1
t4x4_l8x4_u2|4|4|6|32 16 8|$D --bm 32 --bn 16 --bk 8 --tm 4 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 8 --lanes-n 4 --threads 32 --unroll 2
t4x8_u4|4|8|12|16 64 8|$D --bm 16 --bn 64 --bk 8 --tm 4 --tn 8 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 4
t8x4_w2x1|8|4|24|64 32 8|$D --bm 64 --bn 32 --bk 8 --tm 8 --tn 4 --waves-m 2 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 64 --unroll 8
t8x8_rep2x2_w4x2|8|8|24|128 128 8|$D --bm 128 --bn 128 --bk 8 --tm 4 --tn 4 --waves-m 4 --waves-n 2 --lanes-m 4 --lanes-n 8 --threads 256 --unroll 8
t8x8_direct_u2|8|8|6|64 64 8|$D --bm 64 --bn 64 --bk 8 --tm 8 --tn 8 --waves-m 2 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 64 --unroll 2
k6|8|16|3|128 128 8|--preset k6
k7|8|16|24|128 128 8|--preset k7
k8|8|16|24|128 128 8|--preset k8
best|8|16|24|128 128 8|--preset best
t16x8_tm8|16|8|24|128 64 8|$D --bm 128 --bn 64 --bk 8 --tm 8 --tn 8 --waves-m 2 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 64 --unroll 8
t16x8_rep4x2_u4|16|8|12|128 64 8|$D --bm 128 --bn 64 --bk 8 --tm 4 --tn 4 --waves-m 2 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 64 --unroll 4
t4x16_tn16|4|16|24|16 128 8|$D --bm 16 --bn 128 --bk 8 --tm 4 --tn 16 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 8
t16x4_tm16_u2|16|4|6|128 16 8|$D --bm 128 --bn 16 --bk 8 --tm 16 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 8 --lanes-n 4 --threads 32 --unroll 2
t8x8_l2x16_w2x1|8|8|24|32 128 8|$D --bm 32 --bn 128 --bk 8 --tm 8 --tn 8 --waves-m 2 --waves-n 1 --lanes-m 2 --lanes-n 16 --threads 64 --unroll 8
t8x8_l16x2_u4|8|8|12|128 16 8|$D --bm 128 --bn 16 --bk 8 --tm 8 --tn 8 --waves-m 1 --waves-n 1 --lanes-m 16 --lanes-n 2 --threads 32 --unroll 4
t2x2_delay|2|2|24|8 16 8|$D --bm 8 --bn 16 --bk 8 --tm 2 --tn 2 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 8 --delay-alu true
t1x1_odd|1|1|24|4 8 8|$D --bm 4 --bn 8 --bk 8 --tm 1 --tn 1 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 8 --lds-vec b32 --pad-a 1
t1x4|1|4|12|4 32 8|$D --bm 4 --bn 32 --bk 8 --tm 1 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 4 --lds-vec b32 --pad-a 1
k7_nt|8|16|24|128 128 8|--preset k7 --layout nt
k7_tn|8|16|24|128 128 8|--preset k7 --layout tn
k8_tt|8|16|24|128 128 8|--preset k8 --layout tt
best_tt|8|16|24|128 128 8|--preset best --layout tt
best_tn_edge_lds|8|16|24|128 128 8|--preset best --layout tn --pad-a 8 --pad-b 4
best_b32_straight|8|16|24|128 128 8|--preset best --global-vec b32 --lds-vec b64
best_b64_nt_prio|8|16|24|128 128 8|--preset best --global-vec b64 --layout nt --setprio 1
t8x8_w2x2_noprefetch_double|8|8|4|64 128 8|$D --bm 64 --bn 128 --bk 8 --tm 4 --tn 4 --waves-m 2 --waves-n 2 --lanes-m 4 --lanes-n 8 --threads 128 --unroll 4 --prefetch false --lds-buffers 2
t4x4_bk16_u16|4|4|48|16 32 16|$D --bm 16 --bn 32 --bk 16 --tm 4 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 16
t4x8_bk4_u2|4|8|6|16 64 4|$D --bm 16 --bn 64 --bk 4 --tm 4 --tn 8 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 2
k7_bk16_u4_b128|8|16|12|128 128 16|--preset k7 --bk 16 --unroll 4 --global-vec b128
t8x4_wgp_prio_delay|8|4|24|64 32 8|$D --bm 64 --bn 32 --bk 8 --tm 8 --tn 4 --waves-m 2 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 64 --unroll 8 --mode wgp --setprio 2 --delay-alu true
t4x4_sgpr_pad0|4|4|24|16 32 8|$D --bm 16 --bn 32 --bk 8 --tm 4 --tn 4 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 8 --sgpr-bases true --pad-a 0
t16x8_tm16_pad2|16|8|24|128 64 8|$D --bm 128 --bn 64 --bk 8 --tm 16 --tn 8 --waves-m 2 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 64 --unroll 8 --lds-vec b64 --pad-a 2
t16x8_tm16_one_wave_246vgprs|16|8|24|64 64 8|$D --bm 64 --bn 64 --bk 8 --tm 16 --tn 8 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 --threads 32 --unroll 8
k7_bk16_u4_254vgprs|8|16|12|128 128 16|--preset k7 --bk 16 --unroll 4
k7_oddpad_b32frag|8|16|24|128 128 8|--preset k7 --lds-vec b32 --pad-a 1
"

i=0
echo "$SETS" | while IFS='|' read -r name rows cols bodies tile params; do
	[ -n "$name" ] || continue
	i=$((i + 1))
	h="$T/$name.hsaco"
	# shellcheck disable=SC2086
	if ! "$G" sgemm $params -o "$h" >"$T/$name.gen" 2>&1; then
		nok "dual_asm_$name" "$(head -n 2 "$T/$name.gen" | tr '\n' '|')"
		continue
	fi
	if grep -qi 'vopd\|bank' "$T/$name.gen"; then
		nok "dual_asm_$name" "assembler message: $(head -n 1 "$T/$name.gen")"
	else
		ok "dual_asm_$name"
	fi
	$OBJDUMP -d "$h" >"$T/$name.dis"
	# FMAs of the main loop: both multiplicands in VGPRs (the epilogue's
	# beta FMAs, single or paired, read beta from an SGPR)
	nd=$(grep -cE 'v_dual_fmac_f32 v[0-9]+, v[0-9]+' "$T/$name.dis")
	ns=$(grep -cE 'v_fmac_f32(_e32)? v[0-9]+, v[0-9]+, v[0-9]+' "$T/$name.dis")
	n=$((rows * cols))
	want_d=$((bodies * (n / 2))); want_s=$((bodies * (n % 2)))
	if [ "$nd" -eq "$want_d" ] && [ "$ns" -eq "$want_s" ]; then
		ok "dual_count_${name}_${nd}_dual_${ns}_single"
	else
		nok "dual_count_$name" "disassembly has $nd v_dual_fmac_f32 and $ns v_fmac_f32, expected $want_d and $want_s"
	fi
	# The pairs fuse independent FMAs: X writes nothing Y reads (legal either way,
	# since Y would read the old value, but only then equal to the FMAs in order)
	bad=$(grep -E 'v_dual_[a-z0-9_]+ v[0-9]+' "$T/$name.dis" | sed 's|//.*||' | awk '
		{ line = $0; sub(/^[ \t]+/, "", line); split(line, hv, "::")
		  nx = split(hv[1], xs, /[ ,]+/); ny = split(hv[2], ys, /[ ,]+/)
		  xd = xs[2]; o = ""
		  # Y: [1]="" [2]=op [3]=dst [4]=src0 [5]=vsrc1; fmac reads dst too
		  for (j = 4; j <= ny; j++) if (ys[j] == xd) o = ys[j]
		  if (ys[2] ~ /fmac/ && ys[3] == xd) o = xd
		  if (o != "") { print line; exit } }')
	[ -z "$bad" ] && ok "dual_x_writes_no_y_source_$name" || nok "dual_x_writes_no_y_source_$name" "$bad"
	meta=$($READELF --notes "$h" | tr -d ' ' | grep -E '^\.rdna3\.kstep_(vopd|singles):' | sort | tr '\n' ' ')
	[ "$meta" = ".rdna3.kstep_singles:$((n % 2)) .rdna3.kstep_vopd:$((n / 2)) " ] &&
		ok "dual_meta_$name" || nok "dual_meta_$name" "metadata: $meta"
	set -- $tile
	bm=$1 bn=$2 bk=$3
	full="$bm $((2 * bn)) $((3 * bk))"
	edge="$((bm + 3)) $((bn > 2 ? bn - 1 : 3)) $((2 * bk + 5))"
	case $name in k6|k7|k8|best) full="256 256 $((4 * bk))" ;; esac
	beta=0; [ $((i % 2)) -eq 1 ] && beta=0.5
	alpha=-1.5; [ $((i % 3)) -eq 0 ] && alpha=1
	for s in "$full" "$edge"; do
		tag="dual_run_${name}_$(echo "$s" | tr ' ' x)"
		# shellcheck disable=SC2086
		"$R" "$h" --gemm $s --alpha $alpha --beta $beta --check --backend emu --checks all >"$T/$name.out" 2>&1
		rc=$?
		if [ $rc -eq 0 ] && grep -q '^check: PASSED' "$T/$name.out"; then
			ok "$tag"
		else
			nok "$tag" "exit $rc: $(grep -v -e '^emu:' -e '^gemm ' "$T/$name.out" | head -n 3 | tr '\n' '|')"
		fi
	done
done >"$T/log"
cat "$T/log"
grep -q '^not ok' "$T/log" && fail=1
n=$(grep -c '^ok dual_asm_' "$T/log")
[ "$n" -ge 30 ] && ok "dual_configurations_$n" || nok dual_configurations "only $n configurations assembled"

# delay-alu: the 2x2 tile updates each accumulator every second VALU
# instruction, so hints must be there; 8x16 never reads a result within four
grep -q 's_delay_alu' "$T/t2x2_delay.dis" && ok dual_delay_alu_tiny_tile ||
	nok dual_delay_alu_tiny_tile "no s_delay_alu in the 2x2 kernel"
# the same without dual (virtual registers, row-major single FMAs)
if "$G" sgemm --bm 8 --bn 16 --bk 8 --tm 2 --tn 2 --waves-m 1 --waves-n 1 --lanes-m 4 --lanes-n 8 \
	--threads 32 --unroll 8 --lds-vec b64 --pad-a 2 --delay-alu true -o "$T/nodual_delay.hsaco" >"$T/nd.gen" 2>&1 &&
	$OBJDUMP -d "$T/nodual_delay.hsaco" | grep -q "s_delay_alu instid0(VALU_DEP_4)" &&
	"$R" "$T/nodual_delay.hsaco" --gemm 11 15 21 --check --backend emu --checks all 2>&1 | grep -q "^check: PASSED"; then
	ok nodual_delay_alu_tiny_tile
else
	nok nodual_delay_alu_tiny_tile "no VALU_DEP_4 hint or wrong result: $(head -n 1 "$T/nd.gen")"
fi
n=$(grep -c "s_setprio" "$T/t8x4_wgp_prio_delay.dis")
[ "$n" -eq 6 ] && ok dual_setprio_6 || nok dual_setprio "$n s_setprio, expected 6 (3 tile copies, on and off)"
# setprio-at kstep (the k6-k8 presets, as the seed's kernels 6-8): in each
# k-step s_setprio 1 right after its first v_dual_fmac_f32 and s_setprio 0
# right after its last: k8 24 k-steps (3 tile copies of 8), k6 3 (its loop
# body once per copy)
prio_steps() {
	awk '/s_setprio/ { n++; if (prev !~ /v_dual_fmac_f32/) bad++; if ($0 ~ /s_setprio 1([^0-9]|$)/) on++ }
		{ prev = $0 } END { print (bad ? "bad" : on "/" n) }' "$1"
}
[ "$(prio_steps "$T/k8.dis")" = 24/48 ] && [ "$(prio_steps "$T/k6.dis")" = 3/6 ] && ok dual_setprio_kstep ||
	nok dual_setprio_kstep "k8 $(prio_steps "$T/k8.dis"), k6 $(prio_steps "$T/k6.dis") (s_setprio 1 / all, want 24/48 and 3/6)"
# frag-sets 1 (the k6-k8 presets, as the seed's kernels): every k-step's
# first pair waits for all of its LDS loads (lgkmcnt(0)); with 2 only the
# first step of a tile does, the others wait for the step before's set only
fs_waits() {
	awk '/v_dual_fmac_f32/ && prev ~ /s_waitcnt/ { t++; if (prev ~ /lgkmcnt\(0\)/) z++ } { prev = $0 }
		END { print z + 0 "/" t + 0 }' "$1"
}
"$G" sgemm --preset k8 --frag-sets 2 -o "$T/k8_fs2.hsaco" >/dev/null 2>&1 && $OBJDUMP -d "$T/k8_fs2.hsaco" >"$T/k8_fs2.dis"
[ "$(fs_waits "$T/k8.dis")" = 24/24 ] && [ "$(fs_waits "$T/k7.dis")" = 24/24 ] && [ "$(fs_waits "$T/k8_fs2.dis")" = 3/24 ] &&
	ok dual_frag_sets_one || nok dual_frag_sets_one \
	"k8 $(fs_waits "$T/k8.dis"), k7 $(fs_waits "$T/k7.dis"), k8 --frag-sets 2 $(fs_waits "$T/k8_fs2.dis") (want 24/24, 24/24, 3/24)"
"$G" sgemm --preset k6 --frag-sets 2 -o "$T/k6_fs2.hsaco" >"$T/fs2.gen" 2>&1
[ $? -eq 2 ] && grep -q "frag-sets 2: .*unroll 1" "$T/fs2.gen" && ok dual_frag_sets_two_needs_unroll ||
	nok dual_frag_sets_two_needs_unroll "$(head -n 1 "$T/fs2.gen")"
"$G" sgemm --preset k8 --setprio 0 -o "$T/k8_noprio.hsaco" >"$T/np.gen" 2>&1
[ $? -eq 2 ] && grep -q "setprio-at kstep: .*setprio is 0" "$T/np.gen" && ok dual_setprio_kstep_needs_level ||
	nok dual_setprio_kstep_needs_level "$(head -n 1 "$T/np.gen")"
# write-back: b128 stores need four consecutive registers, b32 stores are
# taken straight from the permuted layout (no register-to-register move).
# best's moves, replayed from the disassembly (a VOPD reads both sources
# first), give each register a b128 store reads the origin of its value; the
# fewest v_mov_b32 for that permutation is one per register whose value came
# from elsewhere plus one per cycle (a cycle has no free register to start
# from), and the code must use exactly that many, some paired.
mv='v_(dual_)?mov_b32(_e32)? v[0-9]+, v[0-9]+'   # register-to-register moves
set -- $(sed 's|//.*||' "$T/best.dis" | awk '
	function reg(s) { sub(/^v/, "", s); return s + 0 }
	function org(r) { return (r in o) ? o[r] : r }
	/v_(dual_)?mov_b32(_e32)? v[0-9]+, v[0-9]+/ {
		nh = split($0, h, "::"); k = 0
		for (i = 1; i <= nh; i++) {
			split(h[i], f, /[ \t,]+/)
			if (f[4] !~ /^v[0-9]+$/) continue
			k++; d[k] = reg(f[3]); s[k] = org(reg(f[4]))
		}
		for (i = 1; i <= k; i++) o[d[i]] = s[i]
		moves += k; insts++
	}
	/global_store_b128/ {
		split($0, f, /[ \t,]+/); r = f[4]; gsub(/v\[|\]/, "", r); split(r, ab, ":")
		for (q = ab[1] + 0; q <= ab[2] + 0; q++) w[q] = 1
	}
	END {
		for (r in w) if (org(r + 0) != r + 0) moved++
		for (r in w) {
			r += 0
			if (org(r) == r || (r in seen)) continue
			for (j = r; ; ) {
				seen[j] = 1; j = org(j)
				if (j == r) { cycles++; break }
				if ((j in seen) || org(j) == j) break
			}
		}
		print moves + 0, insts + 0, moved + 0, cycles + 0
	}')
m=$(grep -cE "$mv" "$T/best_b32_straight.dis")
[ "$3" -gt 0 ] && [ "$1" -eq $(($3 + $4)) ] && [ "$2" -lt "$1" ] && [ "$m" -eq 0 ] &&
	ok "dual_writeback_fewest_moves_$1_in_$2" ||
	nok dual_writeback_fewest_moves "b128: $1 moves in $2 instructions for $3 misplaced values and $4 cycles; b32: $m moves"

# zeroing: one v_dual_mov_b32 vE, 0 :: vO, 0 per FMA pair (64 for 8x16)
n=$(grep -cE 'v_dual_mov_b32 v[0-9]+, 0 :: v_dual_mov_b32 v[0-9]+, 0' "$T/best.dis")
[ "$n" -eq 64 ] && ok dual_zeroing_64_pairs || nok dual_zeroing "$n paired zeroing instructions, expected 64"
# alpha: one v_dual_mul_f32 per even/odd accumulator pair (64 for 8x16)
n=$(grep -c 'v_dual_mul_f32' "$T/best.dis")
[ "$n" -eq 64 ] && ok dual_alpha_64_pairs || nok dual_alpha "$n v_dual_mul_f32, expected 64"
# beta: after the write-back accumulator (r, q) is acc_lo + 16r + q, acc_lo a
# multiple of 4, so columns q, q+1 differ in parity and C's row registers
# q, q+1 in bank: one v_dual_fmac_f32 per column pair, sBETA in both halves;
# 8 rows x 8 pairs in each of the two beta paths (full and edge blocks) = 128,
# no single beta FMA left
nd=$(grep -cE 'v_dual_fmac_f32 v[0-9]+, s[0-9]+, v[0-9]+ :: v_dual_fmac_f32 v[0-9]+, s[0-9]+' "$T/best.dis")
ns=$(grep -cE 'v_fmac_f32(_e32)? v[0-9]+, s[0-9]+, v[0-9]+' "$T/best.dis")
[ "$nd" -eq 128 ] && [ "$ns" -eq 0 ] && ok dual_beta_128_pairs ||
	nok dual_beta "$nd v_dual_fmac_f32 with an SGPR, $ns single beta FMAs; expected 128 and 0"

[ $fail -eq 0 ] && rm -rf "$T"
exit $fail
