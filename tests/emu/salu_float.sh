#!/bin/sh
# The ISA 11.5 SALU float ops (s_add_f32 and kin: isa/isa_gfx11.def's
# OP_NEEDS(SALU_FLOAT) rows) under the LLVM of this run.  llvm-mc assembles
# every one of tests/emu/kernels/salu_float.s for an 11.5 target and refuses
# each for the default (11.0) one; the kernel, built for gfx1151, runs on the
# emulator through rdna3run and stores the values worked out in its comments.
# The same bytes with the ELF header's machine patched to gfx1100's (e_flags,
# byte 48: what clang writes for -mcpu=gfx1100) are refused when loaded, as
# LLVM refuses the source: exit 1, one line naming the instruction, its
# address and the target.
# Env: BUILD, RDNA3RUN, RDNA3_LLVM (tests/run.sh).
set -u
. tests/check.sh
. "$(dirname "$0")/../llvm.sh"
R="$RDNA3RUN"
S=tests/emu/kernels/salu_float.s
T="$BUILD/tests/salu_float.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

# the instructions alone (no .amdgcn_target, which names the target)
grep -E '^[[:space:]]+s_[a-z0-9_]*_f(16|32)[_[:space:]]' "$S" | sed 's://.*::' >"$T/ops.s"
nops=$(wc -l <"$T/ops.s")
[ "$nops" -ge 16 ] && ok salu_float_source_lines || nok salu_float_source_lines "$nops float lines in $S"
"$LLVM_MC" -arch=amdgcn -mcpu=gfx1151 -filetype=obj "$T/ops.s" -o "$T/ops.o" 2>"$T/mc1151.err" &&
	ok salu_float_llvm_mc_gfx1151 || nok salu_float_llvm_mc_gfx1151 "$(head -n 1 "$T/mc1151.err")"
"$LLVM_MC" -arch=amdgcn -mcpu=gfx1100 -filetype=obj "$T/ops.s" -o "$T/ops0.o" 2>"$T/mc1100.err"
refused=$(grep -c 'error: instruction not supported on this GPU' "$T/mc1100.err")
[ "$refused" -eq "$nops" ] && ok salu_float_llvm_mc_gfx1100_refuses ||
	nok salu_float_llvm_mc_gfx1100_refuses "$refused of $nops lines refused: $(head -n 1 "$T/mc1100.err")"

if ! "$LLVM_CLANG" -target amdgcn-amd-amdhsa -mcpu=gfx1151 -c "$S" -o "$T/k.o" 2>"$T/cc.err" ||
   ! "$LLVM_LLD" -shared "$T/k.o" -o "$T/k.hsaco" 2>>"$T/cc.err"; then
	nok salu_float_build "$(head -n 1 "$T/cc.err")"
	exit 1
fi
if "$R" "$T/k.hsaco" --backend emu --grid 1 --block 32 --buffer out=64 --dump out="$T/out.bin" \
	>"$T/run.out" 2>"$T/run.err"; then
	ok salu_float_runs_on_gfx1151
else
	nok salu_float_runs_on_gfx1151 "$(head -n 2 "$T/run.err" | tr '\n' '|')"
fi
grep -q 'on gfx1151 emulator' "$T/run.out" && ok salu_float_named_gfx1151 ||
	nok salu_float_named_gfx1151 "$(head -n 1 "$T/run.out")"
got=$(od -An -v -tx4 "$T/out.bin" 2>/dev/null | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')
want="40800000 bf800000 40700000 415c0000 418c0000 40980000 40200000 00000011 c0e00000 c0400000 00003e00 00004100 40200000 41003e00 00000001 00000000"
[ "$got" = "$want" ] && ok salu_float_values || nok salu_float_values "got $got"

# gfx1100's machine in the same bytes
cp "$T/k.hsaco" "$T/k1100.hsaco"
printf '\101' | dd of="$T/k1100.hsaco" bs=1 seek=48 conv=notrunc 2>/dev/null
"$LLVM_READELF" -h "$T/k1100.hsaco" | grep -qi 'Flags:.*0x41, gfx1100$' && ok salu_float_patched_machine ||
	nok salu_float_patched_machine "$("$LLVM_READELF" -h "$T/k1100.hsaco" | grep Flags)"
"$R" "$T/k1100.hsaco" --backend emu --grid 1 --block 32 --buffer out=64 >"$T/ref.out" 2>"$T/ref.err"
rc=$?
first=$(awk '/^[[:space:]]+s_[a-z0-9_]*_f(16|32)[_[:space:]]/ { print $1; exit }' "$S")
lines=$(wc -l <"$T/ref.err")
if [ $rc -eq 1 ] && [ "$lines" -eq 1 ] &&
   grep -q "^rdna3run: $first at 0x[0-9a-f]* is not a gfx1100 instruction (FeatureSALUFloatInsts: gfx1150|gfx1151)\$" "$T/ref.err"; then
	ok salu_float_refused_in_gfx1100_object
else
	nok salu_float_refused_in_gfx1100_object "exit $rc: $(head -n 3 "$T/ref.err" | tr '\n' '|')"
fi
# the address is the instruction's, as llvm-objdump prints it
at=$(sed -n 's/.* at 0x\([0-9a-f]*\) is not.*/\1/p' "$T/ref.err")
"$LLVM_OBJDUMP" -d "$T/k.hsaco" | grep -qi "$first .*// 0*$at:" && ok salu_float_refusal_address ||
	nok salu_float_refusal_address "objdump shows no $first at 0x$at"
exit $fail
