#!/bin/sh
# rdna3run --gemm end to end: a GEMM kernel compiled from HIP C++ and rdna3gen's
# sgemm-naive, checked against OpenBLAS on the emulator, the same through the
# HIP shim (bit-identical), the example HIP host on the shim, and GEMM-shaped
# bad input.  Env: BUILD, RDNA3GEN, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
SHIM="$BUILD/hipshim"
. "$(dirname "$0")/../llvm.sh"
REF="$LLVM_FIXTURES/tests/run/gemm_ref.hsaco"
T="$BUILD/tests/gemm.tmp.$$" # per run: parallel test runs share $BUILD
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"
passed() { grep -q '^check: PASSED' "$T/$1.out" && ok "$1_passed" || nok "$1_passed" "$(grep '^check' "$T/$1.out" | tr '\n' '|')"; }

# --- a HIP C++ kernel: grid given by hand (it records no tile shape) --------------------------
G="--kernel sgemm_ref --grid 2,100 --block 64"
expect ref_emu 0 "$R" "$REF" $G --gemm 100 70 33 --alpha 1.5 --check --backend emu --dump C="$T/ref_emu.bin" && passed ref_emu
expect ref_emu_beta 0 "$R" "$REF" $G --gemm 100 70 33 --alpha 1.5 --beta 0.5 --check --backend emu && passed ref_emu_beta
expect ref_emu_ld 0 "$R" "$REF" $G --gemm 100 70 33 --lda 40 --ldb 80 --ldc 75 --check --backend emu && passed ref_emu_ld
expect ref_seed_fill 0 "$R" "$REF" $G --gemm 100 70 33 --fill seed --check --backend emu && passed ref_seed_fill
expect ref_bench_counts 0 "$R" "$REF" $G --gemm 100 70 33 --bench 2 --backend emu
grep -q '^emu: [0-9]* wave-instructions' "$T/ref_bench_counts.out" && grep -q 'best of 2' "$T/ref_bench_counts.out" &&
	ok ref_bench_output || nok ref_bench_output "$(cat "$T/ref_bench_counts.out" | tr '\n' '|')"
# a kernel wrong in one element must fail the check
expect ref_wrong_kernel 1 "$R" "$REF" --kernel sgemm_off_by_one --grid 2,100 --block 64 --gemm 100 70 33 --check --backend emu
grep -q 'FAILED: 1 of 7000' "$T/ref_wrong_kernel.out" && ok ref_wrong_one_element ||
	nok ref_wrong_one_element "$(grep check "$T/ref_wrong_kernel.out" | tr '\n' '|')"
# a NaN or infinite alpha/beta would make the bound NaN, which passed every element
expect check_alpha_nan 2 "$R" "$REF" $G --gemm 100 70 33 --alpha nan --check --backend emu
grep -q -- '--check needs a finite --alpha and --beta' "$T/check_alpha_nan.err" && ok check_alpha_nan_says_why ||
	nok check_alpha_nan_says_why "$(cat "$T/check_alpha_nan.err")"
expect check_beta_inf 2 "$R" "$REF" $G --gemm 100 70 33 --beta inf --check --backend emu
expect alpha_nan_unchecked 0 "$R" "$REF" $G --gemm 100 70 33 --alpha nan --backend emu
# the same source compiled with value names kept: pointers are "A.coerce" ...
REFC="$LLVM_FIXTURES/tests/run/gemm_ref_coerce.hsaco"
expect coerce_emu 0 "$R" "$REFC" $G --gemm 100 70 33 --alpha 1.5 --check --backend emu \
	--dump C="$T/coerce_emu.bin" && passed coerce_emu
cmp -s "$T/ref_emu.bin" "$T/coerce_emu.bin" && ok coerce_same_result || nok coerce_same_result "C differs"
# ... and with no argument names at all: one line that says how to get them
expect unnamed_args 1 "$R" "$LLVM_FIXTURES/tests/run/gemm_ref_unnamed.hsaco" $G --gemm 100 70 33 --backend emu &&
	{ grep -q -- '-fhip-kernel-arg-name' "$T/unnamed_args.err" && ok unnamed_args_advice ||
		nok unnamed_args_advice "$(cat "$T/unnamed_args.err")"; }
expect unnamed_generic 2 "$R" "$LLVM_FIXTURES/tests/run/gemm_ref_unnamed.hsaco" --kernel sgemm_ref --grid 1 --block 64 \
	--buffer A=64 --backend emu &&
	{ grep -q -- '-fhip-kernel-arg-name' "$T/unnamed_generic.err" && ok unnamed_generic_advice ||
		nok unnamed_generic_advice "$(cat "$T/unnamed_generic.err")"; }
# buffers too small for the shape
expect lda_too_small 2 "$R" "$REF" $G --gemm 100 70 33 --lda 32 --backend emu
expect ldc_too_small 2 "$R" "$REF" $G --gemm 100 70 33 --ldc 69 --backend emu
expect no_tile_shape 2 "$R" "$REF" --kernel sgemm_ref --gemm 100 70 33 --backend emu
expect arg_sets_role 2 "$R" "$REF" $G --gemm 100 70 33 --arg M=5 --backend emu
# 192 GiB of host memory for A, B, C, their copies and the check: a line, not the OOM killer
expect gemm_beyond_host_memory 1 "$R" "$REF" $G --gemm 65536 65536 65536 --check --backend emu
expect dump_unknown 2 "$R" "$REF" $G --gemm 100 70 33 --dump D="$T/d.bin" --backend emu
if [ -e "$SHIM/libamdhip64.so.6" ]; then
	expect ref_hip_shim 0 env LD_LIBRARY_PATH="$SHIM" "$R" "$REF" $G --gemm 100 70 33 --alpha 1.5 --check \
		--backend hip --bench 3 --dump C="$T/ref_hip.bin" && passed ref_hip_shim
	cmp -s "$T/ref_emu.bin" "$T/ref_hip.bin" && ok ref_hip_bit_identical || nok ref_hip_bit_identical "C differs"
	grep -q 'GFLOP/s' "$T/ref_hip_shim.out" && ok ref_hip_gflops || nok ref_hip_gflops "$(cat "$T/ref_hip_shim.out" | tr '\n' '|')"
else
	nok hip_shim "not built"
fi

# --- rdna3gen's sgemm-naive: grid from the metadata ---------------------------------------
if [ ! -x "$RDNA3GEN" ]; then
	nok rdna3gen "$RDNA3GEN not built"
	exit 1
fi
K="$T/sgemm_naive.hsaco"
if "$RDNA3GEN" sgemm-naive -o "$K" >"$T/gen.out" 2>&1; then ok gen_sgemm_naive; else
	nok gen_sgemm_naive "$(cat "$T/gen.out")"; exit 1; fi
expect naive_emu 0 "$R" "$K" --gemm 64 48 40 --check --backend emu --dump C="$T/naive_emu.bin" && passed naive_emu
# The kernel records .rdna3.dtype f32: --dtype f16 is refused before anything runs
expect naive_dtype_contradicts 2 "$R" "$K" --gemm 64 48 40 --dtype f16 --backend emu
grep -q 'takes f32 A and B, not f16' "$T/naive_dtype_contradicts.err" && ok naive_dtype_named ||
	nok naive_dtype_named "$(cat "$T/naive_dtype_contradicts.err")"
grep -q 'grid 3,4,1 block 256,1,1' "$T/naive_emu.out" && ok naive_grid_from_metadata ||
	nok naive_grid_from_metadata "$(head -n 1 "$T/naive_emu.out")"
expect naive_emu_ragged 0 "$R" "$K" --gemm 37 29 19 --alpha -2 --beta 0.25 --check --backend emu && passed naive_emu_ragged
expect naive_strict 0 "$R" "$K" --gemm 64 48 40 --check --strict --backend emu && passed naive_strict
expect naive_layout_mismatch 2 "$R" "$K" --gemm 64 64 64 --layout TN --backend emu
if [ -e "$SHIM/libamdhip64.so.6" ]; then
	expect naive_hip_shim 0 env LD_LIBRARY_PATH="$SHIM" "$R" "$K" --gemm 64 48 40 --check --backend hip \
		--dump C="$T/naive_hip.bin" && passed naive_hip_shim
	cmp -s "$T/naive_emu.bin" "$T/naive_hip.bin" && ok naive_hip_bit_identical || nok naive_hip_bit_identical "C differs"
	# the example host: plain C against the HIP API, both argument paths
	EX="$BUILD/examples/sgemm_host"
	if [ -x "$EX" ]; then
		expect example_kernelparams 0 env LD_LIBRARY_PATH="$SHIM" "$EX" "$K" 48 16 16
		grep -q ', 0 wrong elements' "$T/example_kernelparams.out" && ok example_kernelparams_result ||
			nok example_kernelparams_result "$(cat "$T/example_kernelparams.out" | tr '\n' '|')"
		expect example_extra 0 env LD_LIBRARY_PATH="$SHIM" "$EX" "$K" 40 16 16 extra
		grep -q 'extra.*, 0 wrong elements' "$T/example_extra.out" && ok example_extra_result ||
			nok example_extra_result "$(cat "$T/example_extra.out" | tr '\n' '|')"
	else
		nok example_host "$EX not built"
	fi
	# built against the installed ROCm 5 runtime (versioned symbols, NEEDED .so.5),
	# expect unmodified on the shim
	EXS="$BUILD/examples/sgemm_host_sys"
	if [ -x "$EXS" ]; then
		LD_LIBRARY_PATH="$SHIM" "$EXS" "$K" 32 16 16 >"$T/exs.out" 2>"$T/exs.err"
		rc=$?
		if [ $rc -eq 0 ] && grep -q ', 0 wrong elements' "$T/exs.out" && [ ! -s "$T/exs.err" ]; then
			ok example_rocm5_binary_on_shim
		else
			nok example_rocm5_binary_on_shim "exit $rc: $(cat "$T/exs.out" "$T/exs.err" | tr '\n' '|')"
		fi
		# and on the real runtime of a host without a GPU: a named HIP error
		"$EXS" "$K" 32 >"$T/exs_real.out" 2>"$T/exs_real.err"
		rc=$?
		if [ $rc -ne 0 ] && grep -q 'hipError' "$T/exs_real.err"; then ok example_real_runtime_no_device; else
			nok example_real_runtime_no_device "exit $rc: $(head -c 300 "$T/exs_real.err" | tr '\n' '|')"; fi
	else
		nok example_rocm5_binary "$EXS not built"
	fi
fi

# --- rdna3gen's tiled sgemm, every layout, ragged sizes (edges guarded) -------------------------
for L in nn nt tn tt; do
	KL="$T/sgemm_$L.hsaco"
	if ! "$RDNA3GEN" sgemm --layout "$L" -o "$KL" >"$T/gen_$L.out" 2>&1; then
		nok "gen_sgemm_$L" "$(head -n 2 "$T/gen_$L.out" | tr '\n' '|')"
		continue
	fi
	expect "sgemm_${L}_emu" 0 "$R" "$KL" --gemm 200 136 72 --alpha -1 --beta 0.5 --check --backend emu \
		--dump C="$T/sgemm_${L}_emu.bin" && passed "sgemm_${L}_emu"
	# the emulator's waitcnt, LDS-race and VOPD checks on the generator's code
	expect "sgemm_${L}_strict" 0 "$R" "$KL" --gemm 136 200 40 --check --strict --backend emu &&
		passed "sgemm_${L}_strict"
done

grep -q "layout NT" "$T/sgemm_nt_emu.out" && ok sgemm_layout_from_metadata ||
	nok sgemm_layout_from_metadata "$(head -n 1 "$T/sgemm_nt_emu.out")"
if [ -e "$SHIM/libamdhip64.so.6" ] && [ -e "$T/sgemm_tt.hsaco" ]; then
	expect sgemm_tt_hip_shim 0 env LD_LIBRARY_PATH="$SHIM" "$R" "$T/sgemm_tt.hsaco" --gemm 200 136 72 --alpha -1 \
		--beta 0.5 --check --backend hip --dump C="$T/sgemm_tt_hip.bin" && passed sgemm_tt_hip_shim
	cmp -s "$T/sgemm_tt_emu.bin" "$T/sgemm_tt_hip.bin" && ok sgemm_tt_hip_bit_identical ||
		nok sgemm_tt_hip_bit_identical "C differs"
fi
[ "$fail" -eq 0 ] && rm -rf "$T"
exit $fail
