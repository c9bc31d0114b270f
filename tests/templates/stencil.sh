#!/bin/sh
# stencil template (docs/stencil.md), under the LLVM of this run:
#   1. every preset x radius 1..4 x f32/f64 builds and assembles, its metadata
#      (llvm-readelf --notes) names the template, dtype, radius and tiles, and
#      it runs correctly on the emulator with every check on (rdna3run
#      --stencil --check: a long-double reference, the boundary untouched) at
#      the ragged 67x45x33;
#   2. parameter sets beyond the presets (z-marching in registers and in LDS,
#      points along x with vector accesses, along z, the natural order, CU
#      mode, a binding register budget, another target) at shapes no tile
#      divides, the smallest grids (2r + 1), and a launch in y-slabs;
#   3. each parameter changes the code (or, slab-rows, the launch);
#   4. bad input: one line naming the parameter, exit 2, nothing written.
# Env: BUILD, RDNA3GEN, RDNA3RUN, RDNA3_LLVM (tests/run.sh).
set -u
. tests/check.sh
. "$(dirname "$0")/../llvm.sh"
G="$RDNA3GEN"
R="$RDNA3RUN"
T="$BUILD/tests/stencil.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

# gen NAME FLAGS...: NAME.hsaco and NAME.s, or a failed check
gen() {
	n=$1; shift
	if "$G" stencil "$@" -o "$T/$n.hsaco" --keep-s >"$T/$n.gen" 2>&1; then
		return 0
	fi
	nok "build_$n" "$(head -n 1 "$T/$n.gen")"
	return 1
}

# run NAME NX NY NZ: rdna3run --stencil --check on the emulator
run() {
	n=$1; shift
	if "$R" "$T/$n.hsaco" --backend emu --stencil "$@" --check >"$T/$n.run" 2>&1 &&
		grep -q '^check: PASSED' "$T/$n.run"; then
		ok "check_${n}_$1x$2x$3"
	else
		nok "check_${n}_$1x$2x$3" "$(grep -v '^emu:' "$T/$n.run" | grep -v '^rdna3run: no HIP' | head -n 3 | tr '\n' '|')"
	fi
}

# meta NAME KEY VALUE: the code object's note has .rdna3.KEY: VALUE
meta() {
	if $LLVM_READELF --notes "$T/$1.hsaco" | grep -q "^ *\.rdna3\.$2: *$3\$"; then
		ok "meta_$1_$2"
	else
		nok "meta_$1_$2" "want .rdna3.$2: $3"
	fi
}

# 1. presets x radius x dtype
for p in lap1 lap2 lap3 lap4 lap5 lap7 best; do
	for r in 1 2 3 4; do
		for dt in f32 f64; do
			n="${p}_r${r}_$dt"
			gen "$n" --preset "$p" --radius "$r" --dtype "$dt" || continue
			ok "build_$n"
			meta "$n" template stencil
			meta "$n" dtype "$dt"
			meta "$n" radius "$r"
			run "$n" 67 45 33
		done
	done
done
meta lap5_r1_f64 tile_x 256
meta lap5_r1_f64 tile_y 8
meta lap5_r1_f64 tile_z 1
meta lap5_r1_f64 slab_rows 0
meta lap7_r1_f64 slab_rows 128
meta best_r1_f64 tile_z 64
$LLVM_OBJDUMP -d "$T/lap5_r1_f64.hsaco" | grep -q 'global_store_b64 .* glc slc dlc' && ok objdump_nontemporal ||
	nok objdump_nontemporal "no global_store_b64 ... glc slc dlc in llvm-objdump's listing"

# 2. beyond the presets, at shapes no tile divides (interiors 51 x 39 x 27, 35 x 61 x 17)
SETS='
zregs_x4_f32|--zmarch regs --points 4 --dir x --vec 4 --bx 16 --by 8 --zlen 5 --unroll 3 --dtype f32 --radius 2
zregs_y3_f64|--zmarch regs --points 3 --dir y --bx 32 --by 2 --zlen 7 --unroll 2 --radius 3
zregs_r4_natural|--zmarch regs --points 2 --dir x --vec 2 --bx 64 --by 1 --zlen 9 --order natural --radius 4
zlds_x2_f64|--zmarch lds --points 2 --dir x --vec 2 --bx 32 --by 4 --zlen 6 --unroll 2 --radius 1
zlds_y2_f32|--zmarch lds --points 2 --dir y --bx 16 --by 4 --zlen 11 --dtype f32 --radius 4 --mode wgp
zlds_best|--preset best --zmarch lds --radius 2
dirz5_f64|--points 5 --dir z --bx 64 --by 2 --radius 2
dirx3_vec3_f32|--points 3 --dir x --vec 3 --bx 16 --by 2 --dtype f32 --radius 4 --order natural
diry16_r4|--points 16 --dir y --bx 32 --radius 4
budget_r4|--points 8 --dir y --bx 32 --by 2 --radius 4 --waves-per-simd 8
target_1102|--preset lap5 --radius 3 --target gfx1102
'
echo "$SETS" | while IFS='|' read -r n flags; do
	[ -n "$n" ] || continue
	# shellcheck disable=SC2086 # flags are words
	gen "$n" $flags || continue
	ok "build_$n"
	run "$n" 53 41 29
	run "$n" 39 65 21
done
for r in 1 4; do
	s=$((2 * r + 1))
	gen "tiny_r$r" --preset best --radius "$r" --dtype f32 && run "tiny_r$r" $s $s $s
	gen "tinylap_r$r" --preset lap2 --radius "$r" && run "tinylap_r$r" $s $((s + 3)) $s
done
# one interior plane: the walk skips its main loop and enters the one-step
# loop with the lane mask the priming left (ragged rows: the guarded copy)
gen skipmain --zmarch regs --points 9 --dir y --bx 32 --unroll 2 --zlen 4 && run skipmain 37 41 3
# y-slabs: 3 launches of 128 rows (the last one 42)
run lap7_r1_f64 67 300 33
grep -q 'in 3 slabs of 128 rows' "$T/lap7_r1_f64.run" && ok lap7_three_slabs ||
	nok lap7_three_slabs "$(grep '^stencil' "$T/lap7_r1_f64.run")"
gen slab12 --preset best --slab-rows 12 --radius 2 --dtype f32 && run slab12 45 37 21

# 3. every parameter changes the code: the listing without its header differs
body() { grep -v '^;' "$T/$1.s" | sed -n '/^stencil:/,/s_endpgm/p'; }
differs() { # NAME A B
	if [ -e "$T/$2.s" ] && [ -e "$T/$3.s" ] && ! body "$2" | cmp -s - "$(body "$3" >"$T/$3.body"; echo "$T/$3.body")"; then
		ok "changes_code_$1"
	else
		nok "changes_code_$1" "$2 and $3 give the same instructions"
	fi
}
# the base: points 4 along x, 32 x 2 work-items, radius 2, f64; each variant changes one value
p() { # NAME NAME=VALUE...: the base with the values replaced
	n=$1; shift
	set -- radius=2 dtype=f64 bx=32 by=2 points=4 dir=x order=forward vec=1 nontemporal=false \
		zmarch=none zlen=64 unroll=1 mode=cu "$@"
	args=""
	for kv in "$@"; do
		k=${kv%%=*}
		case " $args " in *" --$k "*) args=$(echo "$args" | sed "s/--$k [^ ]*/--$k ${kv#*=}/") ;;
		*) args="$args --$k ${kv#*=}" ;; esac
	done
	# shellcheck disable=SC2086 # words
	gen "$n" $args
}
p p_base
p p_r3 radius=3;                  differs radius p_base p_r3
p p_f32 dtype=f32;                differs dtype p_base p_f32
p p_by4 by=4;                     differs by p_base p_by4
p p_bx64 bx=64;                   differs bx p_base p_bx64
p p_pts2 points=2;                differs points p_base p_pts2
p p_diry dir=y;                   differs dir p_base p_diry
p p_nat order=natural;            differs order p_base p_nat
p p_vec2 vec=2;                   differs vec p_base p_vec2
p p_nt nontemporal=true;          differs nontemporal p_base p_nt
p p_zr zmarch=regs;               differs zmarch p_base p_zr
p p_zl zmarch=lds;                differs zmarch_lds p_zr p_zl
p p_zr_len zmarch=regs zlen=8;    differs zlen p_zr p_zr_len
p p_zr_u2 zmarch=regs unroll=2;   differs unroll p_zr p_zr_u2
# the mode is the descriptor's, not the instructions'
p p_wgp mode=wgp
grep -q 'amdhsa_workgroup_processor_mode 1' "$T/p_wgp.s" && grep -q 'amdhsa_workgroup_processor_mode 0' "$T/p_base.s" &&
	ok changes_code_mode || nok changes_code_mode "mode does not reach the descriptor"
# launch bounds change the code where the budget binds: kernel 5's design at
# radius 4 in f64 keeps more loads in flight with a budget of 2 waves per SIMD
# (256 VGPRs) than with HIP's default 8 (192)
gen p_lb2 --preset lap4 --radius 4
gen p_lb8 --preset lap3 --radius 4 --nontemporal false
gen p_lb8b --preset lap4 --radius 4 --waves-per-simd 8
differs waves_per_simd p_lb2 p_lb8b
v2=$($LLVM_READELF --notes "$T/p_lb2.hsaco" | sed -n 's/^ *\.vgpr_count: *//p')
v8=$($LLVM_READELF --notes "$T/p_lb8.hsaco" | sed -n 's/^ *\.vgpr_count: *//p')
[ -n "$v2" ] && [ -n "$v8" ] && [ "$v8" -le 192 ] && [ "$v2" -gt "$v8" ] && [ "$v2" -le 256 ] && ok budget_fits ||
	nok budget_fits "VGPRs $v2 with 2 waves per SIMD (at most 256), $v8 with 8 (at most 192)"
# the same budget on a target with a smaller VGPR file (gfx1102: 1024 per lane)
Z8="--zmarch regs --bx 64 --by 4 --points 8 --dir x --vec 2 --unroll 2 --radius 4"
# shellcheck disable=SC2086 # words
gen b1100 $Z8 --waves-per-simd 8 && ok budget_gfx1100_fits
# slab-rows: the same instructions, another launch
p p_slab slab-rows=64
body p_base >"$T/a.body"; body p_slab >"$T/b.body"
cmp -s "$T/a.body" "$T/b.body" && meta p_slab slab_rows 64 && ok slab_rows_same_code ||
	nok slab_rows_same_code "slab-rows changed the instructions"
grep -q 'glc slc dlc' "$T/p_nt.s" && ! grep -q 'glc slc dlc' "$T/p_base.s" && ok nontemporal_stores ||
	nok nontemporal_stores "glc slc dlc not only with nontemporal"
grep -q 'ds_load' "$T/p_zl.s" && ok lds_reads || nok lds_reads "zmarch lds reads no LDS"

# 4. bad input: exit 2, one line naming the parameter, nothing written
bad() { # NAME WORD FLAGS...: WORD must start the message
	n=$1 word=$2; shift 2
	rm -f "$T/bad.hsaco"
	"$G" stencil "$@" -o "$T/bad.hsaco" >"$T/bad.out" 2>&1
	rc=$?
	lines=$(wc -l <"$T/bad.out")
	if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -q "^rdna3gen: .*$word" "$T/bad.out" && [ ! -e "$T/bad.hsaco" ]; then
		ok "refused_$n"
	else
		nok "refused_$n" "exit $rc, $lines lines: $(head -c 200 "$T/bad.out")"
	fi
}
bad radius0 radius --radius 0
bad radius5 radius --radius 5
bad dtype_f16 dtype --dtype f16
bad not_waves 'bx, by' --bx 16 --by 1
bad block_1056 'bx, by' --bx 32 --by 33
bad bx_pow2 bx --bx 48 --by 2
bad vec_f64 vec --vec 4 --dtype f64
bad unroll_alone unroll --unroll 2
bad zlen_alone zlen --zlen 8
bad zmarch_dirz dir --zmarch regs --dir z
bad slab_rows slab-rows --preset lap5 --slab-rows 12
# shellcheck disable=SC2086 # words
bad budget waves-per-simd $Z8 --waves-per-simd 16
# shellcheck disable=SC2086 # words
bad budget_target gfx1102 $Z8 --waves-per-simd 8 --target gfx1102
bad lds_size zmarch --zmarch lds --bx 256 --by 4 --points 4 --dir y --radius 4
bad unknown 'unknown parameter' --bogus 3
# the runner refuses what contradicts the kernel: one line, exit 2
rbad() { # NAME WORD ARGS...
	n=$1 word=$2; shift 2
	"$R" "$T/lap5_r1_f64.hsaco" --backend emu "$@" >"$T/rbad.out" 2>&1
	rc=$?
	lines=$(wc -l <"$T/rbad.out")
	if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && grep -q "$word" "$T/rbad.out"; then
		ok "run_refused_$n"
	else
		nok "run_refused_$n" "exit $rc, $lines lines: $(head -c 200 "$T/rbad.out")"
	fi
}
rbad too_small 'too small' --stencil 2 45 33
rbad radius 'radius-1' --stencil 67 45 33 --radius 2
rbad dtype 'f64' --stencil 67 45 33 --dtype f32
rbad grid 'does not match' --stencil 67 45 33 --grid 1,1,1 --block 256,1,1

# rdna3gen tune stencil: a few candidates, each checked on the emulator, the
# winner written as a config that builds the same kernel
if "$G" tune stencil --shape 40 36 20 --radius 2 --dtype f32 --budget 3 -j 1 --cache "$T/cache" -o "$T/tune" \
	>"$T/tune.out" 2>&1 && grep -q '^radius: 2$' "$T/tune/winner.yaml" &&
	"$G" stencil --config "$T/tune/winner.yaml" -o "$T/tuned.hsaco" >/dev/null 2>&1 &&
	"$R" "$T/tuned.hsaco" --backend emu --stencil 40 36 20 --check 2>&1 | grep -q '^check: PASSED'; then
	ok tune_stencil
else
	nok tune_stencil "$(grep -v '^tune: ' "$T/tune.out" | tail -n 2 | tr '\n' '|')"
fi

# an existing output is left as it was
echo keep >"$T/keep.hsaco"
"$G" stencil --radius 9 -o "$T/keep.hsaco" >/dev/null 2>&1
[ "$(cat "$T/keep.hsaco")" = keep ] && ok refused_keeps_output || nok refused_keeps_output "the old file was replaced"
exit $fail
