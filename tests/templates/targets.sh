#!/bin/sh
# --target: every row of isa/targets.def, under the LLVM of this run.  For
# each target, the README's table (target x kernel): sgemm's seed presets
# k2..k8 and best, hgemm's h1 and best, are built with --target;
# llvm-readelf -h shows the target's ELF machine and name, the .s its
# .amdgcn_target, llvm-objdump disassembles it; the code object runs on the
# emulator at a ragged shape with every check on, and rdna3run names the
# target.  (bench/targets.sh predicts the same kernels at 4096^3.)  Then the
# register file: sgemm's 'best' (214 VGPRs) keeps 6 waves per SIMD on gfx1100
# (1536 per lane, granule 24) and 4 on gfx1102 (1024, granule 16).  An unknown
# target is refused: exit 2, one line, nothing written; so is a register budget
# over gfx1102's 1x file that gfx1100's 1.5x file holds (the stencil's waves-per-simd).
# Env: BUILD, RDNA3GEN, RDNA3RUN, RDNA3_LLVM (tests/run.sh).
set -u
. tests/check.sh
. "$(dirname "$0")/../llvm.sh"
G="$RDNA3GEN"
R="$RDNA3RUN"
T="$BUILD/tests/targets.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

# name|ELF machine as llvm-readelf -h prints it (LLVM 19 in upper case)
ROWS='gfx1100|0x41
gfx1101|0x46
gfx1102|0x47
gfx1103|0x44
gfx1150|0x43
gfx1151|0x4a'

for row in $ROWS; do
	t=${row%%|*} mach=${row#*|}
	for kernel in sgemm:k2 sgemm:k3 sgemm:k4 sgemm:k5 sgemm:k6 sgemm:k7 sgemm:k8 sgemm:best hgemm:h1 hgemm:best; do
		tpl=${kernel%%:*} pre=${kernel#*:}
		n="${tpl}_${pre}_$t"
		if ! "$G" $tpl --preset $pre --target $t -o "$T/$n.hsaco" --keep-s >"$T/$n.gen" 2>&1; then
			nok "target_build_$n" "$(head -n 1 "$T/$n.gen")"
			continue
		fi
		ok "target_build_$n"
		flags=$($LLVM_READELF -h "$T/$n.hsaco" | grep 'Flags:')
		echo "$flags" | grep -qi "$mach, $t\$" && ok "target_elf_flags_$n" ||
			nok "target_elf_flags_$n" "want $mach, $t: $flags"
		grep -q "^[[:space:]]*\.amdgcn_target \"amdgcn-amd-amdhsa--$t\"" "$T/$n.s" &&
			ok "target_directive_$n" || nok "target_directive_$n" "no .amdgcn_target amdgcn-amd-amdhsa--$t in the .s"
		$LLVM_OBJDUMP -d "$T/$n.hsaco" | grep -q 'v_' && ok "target_objdump_$n" ||
			nok "target_objdump_$n" "llvm-objdump -d shows no VALU instruction"
		[ $tpl = sgemm ] && dt= || dt="--dtype f16"
		if "$R" "$T/$n.hsaco" --gemm 33 17 61 $dt --check --backend emu >"$T/$n.run" 2>&1 &&
			grep -q '^check: PASSED' "$T/$n.run"; then
			ok "target_run_$n"
		else
			nok "target_run_$n" "$(grep -v '^emu:' "$T/$n.run" | head -n 2 | tr '\n' '|')"
		fi
		grep -q "on $t emulator" "$T/$n.run" && ok "target_run_named_$n" ||
			nok "target_run_named_$n" "rdna3run does not say $t: $(grep -m1 '^gemm' "$T/$n.run")"
	done
done

# The register file sets occupancy, not legality (v0..v255 on every target).
occ() { # TARGET: the sgemm report's occupancy line of preset best
	"$G" sgemm --preset best --target "$1" -o "$T/best_$1.s" --report "$T/best_$1.txt" >/dev/null 2>&1 &&
		grep -m1 '^  occupancy ' "$T/best_$1.txt"
}
o0=$(occ gfx1100) o2=$(occ gfx1102)
echo "$o0" | grep -q '6 waves per SIMD (VGPR limit 7 = 1536 / 216' && ok target_occupancy_gfx1100 ||
	nok target_occupancy_gfx1100 "$o0"
echo "$o2" | grep -q '4 waves per SIMD (VGPR limit 4 = 1024 / 224' && ok target_occupancy_gfx1102 ||
	nok target_occupancy_gfx1102 "$o2"
# the bank report's own occupancy line (the generated kernel's, and rdna3gen
# report of the code object) follows the target too, and report reads a
# gfx1151 code object
b2=$(grep '^  occupancy [0-9]' "$T/best_gfx1102.txt")
"$G" sgemm --preset best --target gfx1102 -o "$T/best_gfx1102_r.hsaco" >/dev/null 2>&1
r2=$("$G" report "$T/best_gfx1102_r.hsaco" 2>&1 | grep -e '^  occupancy' -e '^register-bank report')
echo "$b2" | grep -q '4 waves per SIMD (VGPR limit 4,' && echo "$r2" | grep -q '4 waves per SIMD (VGPR limit 4,' &&
	echo "$r2" | grep -q 'code object, gfx1102 wave32' && ok target_report_occupancy_gfx1102 ||
	nok target_report_occupancy_gfx1102 "$b2 | $r2"
"$G" sgemm --preset k3 --target gfx1151 -o "$T/k3_gfx1151_r.hsaco" >/dev/null 2>&1
r5=$("$G" report "$T/k3_gfx1151_r.hsaco" 2>&1 | head -n 1)
echo "$r5" | grep -q 'code object, gfx1151 wave32' && ok target_report_reads_gfx1151 || nok target_report_reads_gfx1151 "$r5"
# The timing model plans with the same rule for the card of the code object's
# target (its default: the RX 7600 for gfx1102), not gfx1100's file.
"$G" sgemm --preset best --target gfx1102 -o "$T/best_gfx1102.hsaco" >/dev/null 2>&1
m=$("$R" "$T/best_gfx1102.hsaco" --gemm 1024 1024 1024 --model 2>&1 | grep -e '^model: dispatch' -e '^model: device')
echo "$m" | grep -q '4 waves/SIMD, limited by VGPRs' && echo "$m" | grep -q 'rx7600: gfx1102' &&
	ok target_model_occupancy_gfx1102 || nok target_model_occupancy_gfx1102 "$m"

# An unknown target: exit 2, one line naming the targets, nothing written.
"$G" sgemm --preset k3 --target gfx1200 -o "$T/bad.hsaco" >"$T/bad.out" 2>"$T/bad.err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/bad.err")" -eq 1 ] && [ ! -e "$T/bad.hsaco" ] &&
	grep -q "unknown target 'gfx1200' (one of gfx1100|gfx1101|gfx1102|gfx1103|gfx1150|gfx1151)" "$T/bad.err" &&
	ok target_unknown_refused || nok target_unknown_refused "rc $rc: $(cat "$T/bad.err")"
"$G" tune sgemm --shape 64 64 64 --target gfx9 -o "$T/tune" >"$T/tbad.out" 2>"$T/tbad.err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/tbad.err")" -eq 1 ] && [ ! -e "$T/tune" ] &&
	grep -q 'target gfx9: unknown target' "$T/tbad.err" &&
	ok target_unknown_refused_tune || nok target_unknown_refused_tune "rc $rc: $(cat "$T/tbad.err")"

# A register budget over the 1x file: the radius-4 stencil at 12 waves per
# SIMD fits the 1.5x file of gfx1100 (1536 / 12 = 128 VGPRs) and not the 1x
# file of gfx1102 (1024 / 12 = 80, under the 81 it needs with one load in
# flight): built on the one, refused on the other in one line naming the
# limit, exit 2, nothing written.
"$G" stencil --preset best --radius 4 --waves-per-simd 12 --target gfx1100 -o "$T/w12_gfx1100.hsaco" \
	>"$T/w12.out" 2>&1 && [ -s "$T/w12_gfx1100.hsaco" ] && ok target_budget_fits_gfx1100 ||
	nok target_budget_fits_gfx1100 "$(head -n 2 "$T/w12.out")"
"$G" stencil --preset best --radius 4 --waves-per-simd 12 --target gfx1102 -o "$T/w12_gfx1102.hsaco" \
	>"$T/w12b.out" 2>"$T/w12b.err"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/w12b.err")" -eq 1 ] && [ ! -e "$T/w12_gfx1102.hsaco" ] &&
	grep -q 'waves-per-simd: .*12 waves per SIMD on gfx1102 allow 80 (1024 per lane' "$T/w12b.err" &&
	ok target_budget_refused_gfx1102 || nok target_budget_refused_gfx1102 "rc $rc: $(cat "$T/w12b.err")"
exit $fail
