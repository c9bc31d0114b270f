#!/bin/sh
# rdna3run end to end: --list, the generic mode on the emulator, the hip backend
# through the shim (bit-identical to emu), backend choice, and bad input: each
# a one-line error and the documented exit status, never a crash.
# Env: BUILD, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
. "$(dirname "$0")/../llvm.sh"
FX="$LLVM_FIXTURES/tests/loader"
SHIM="$BUILD/hipshim"
T="$BUILD/tests/run.tmp.$$" # per run: parallel test runs share $BUILD
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"

# --- listing -------------------------------------------------------------------
expect list 0 "$R" "$FX/saxpy.hsaco" --list
if grep -q '^kernel scale' "$T/list.out" && grep -q 'count .*offset  12 size 4 by_value' "$T/list.out" &&
	grep -q '13 hidden arguments' "$T/list.out"; then
	ok list_content
else
	nok list_content "$(head -n 20 "$T/list.out" | tr '\n' '|')"
fi
expect list_rdna3_keys 0 "$R" "$FX/add1.hsaco" --list
grep -q 'rdna3: block_threads=64 layout=NT tile_m=64 tile_n=32' "$T/list_rdna3_keys.out" &&
	ok list_rdna3_line || nok list_rdna3_line "$(cat "$T/list_rdna3_keys.out" | tr '\n' '|')"

# --- generic mode on the emulator ---------------------------------------------------
# add1: buf[i] += 1 for i < count; 128 floats 0..127, count 100.
expect generic_emu 0 "$R" "$FX/add1.hsaco" --backend emu --grid 2 --block 64 \
	--buffer buf=512:iota --arg count=100 --dump buf="$T/emu.bin"
if od -An -v -f -w4 "$T/emu.bin" | awk '{ want = (NR <= 100) ? NR : NR - 1; if ($1 != want) bad++ }
	END { exit !(NR == 128 && bad == 0) }'; then
	ok generic_emu_result
else
	nok generic_emu_result "$(od -An -f "$T/emu.bin" | head -n 3 | tr '\n' ' ')"
fi
grep -q '^emu: [0-9]* wave-instructions' "$T/generic_emu.out" && ok generic_emu_counts ||
	nok generic_emu_counts "$(cat "$T/generic_emu.out")"

# A HIP C++ kernel whose block size comes from hidden arguments (code object v5).
expect hidden_args_emu 0 "$R" "$FX/saxpy.hsaco" --kernel scale --backend emu --grid 3 --block 32 \
	--buffer y=384:iota --arg a=2.0 --arg count=90 --dump y="$T/scale.bin"
if od -An -v -f -w4 "$T/scale.bin" | awk '{ i = NR - 1; want = (i < 90) ? 2 * i : i; if ($1 != want) bad++ }
	END { exit !(NR == 96 && bad == 0) }'; then
	ok hidden_args_result
else
	nok hidden_args_result "$(od -An -f "$T/scale.bin" | head -n 3 | tr '\n' ' ')"
fi

# rdna3gen's scale (y = a*x + b): block size from .rdna3.block_threads
if "$RDNA3GEN" scale -o "$T/scale_gen.hsaco" >"$T/gen.out" 2>&1; then
	expect block_from_metadata 0 "$R" "$T/scale_gen.hsaco" --backend emu --grid 2 --buffer src=4000:iota \
		--buffer dst=4000 --arg count=1000 --arg a=2.0 --arg b=0.5 --dump dst="$T/scale_gen.bin"
	if od -An -v -f -w4 "$T/scale_gen.bin" | awk '{ i = NR - 1; want = (i < 512) ? 2 * i + 0.5 : 0; if ($1 != want) bad++ }
		END { exit !(NR == 1000 && bad == 0) }'; then
		ok block_from_metadata_result
	else
		nok block_from_metadata_result "$(od -An -f "$T/scale_gen.bin" | head -n 2 | tr '\n' ' ')"
	fi
	# built for a block of 256: another block would compute part of the work
	expect block_not_generated 2 "$R" "$T/scale_gen.hsaco" --backend emu --grid 2 --block 33 \
		--buffer src=4000:iota --buffer dst=4000 --arg count=1000 --arg a=2.0 --arg b=0.5
	grep -q 'generated for a block of 256,1,1 (.rdna3.block_threads), not 33,1,1' "$T/block_not_generated.err" &&
		ok block_not_generated_says_why || nok block_not_generated_says_why "$(cat "$T/block_not_generated.err")"
	expect block_not_generated_2d 2 "$R" "$T/scale_gen.hsaco" --backend emu --grid 2 --block 128,2 \
		--buffer src=4000:iota --buffer dst=4000 --arg count=1000 --arg a=2.0 --arg b=0.5
else
	nok gen_scale "$(head -n 2 "$T/gen.out")"
fi

# --- the hip backend through the shim ------------------------------------------------
if [ -e "$SHIM/libamdhip64.so.6" ] && [ -e "$SHIM/libamdhip64.so.5" ]; then
	expect generic_hip_shim 0 env LD_LIBRARY_PATH="$SHIM" "$R" "$FX/add1.hsaco" --backend hip \
		--grid 2 --block 64 --buffer buf=512:iota --arg count=100 --dump buf="$T/hip.bin" --bench 3
	cmp -s "$T/emu.bin" "$T/hip.bin" && ok hip_shim_bit_identical || nok hip_shim_bit_identical "dumps differ"
	grep -q '^hip: time .* of 3 launches' "$T/generic_hip_shim.out" && ok hip_shim_timing ||
		nok hip_shim_timing "$(cat "$T/generic_hip_shim.out")"
	expect hidden_args_hip_shim 0 env RDNA3_HIP_LIB="$SHIM/libamdhip64.so.5" "$R" "$FX/saxpy.hsaco" \
		--kernel scale --backend hip --grid 3 --block 32 --buffer y=384:iota --arg a=2.0 \
		--arg count=90 --dump y="$T/scale_hip.bin"
	cmp -s "$T/scale.bin" "$T/scale_hip.bin" && ok hidden_args_hip_identical ||
		nok hidden_args_hip_identical "dumps differ"
	expect auto_picks_shim 0 env LD_LIBRARY_PATH="$SHIM" "$R" "$FX/add1.hsaco" --grid 1 --block 64 \
		--buffer buf=256 --arg count=64
	grep -q '^rdna3run: backend hip (device 0: AMD Radeon RX 7900 XTX (rdna3gen emulator), gfx1100, via libamdhip64.so.6): the only device (0: gfx1100)$' "$T/auto_picks_shim.err" &&
		ok auto_says_hip || nok auto_says_hip "$(cat "$T/auto_picks_shim.err")"
	expect fault_hip_shim 1 env LD_LIBRARY_PATH="$SHIM" "$R" "$FX/add1.hsaco" --backend hip \
		--grid 4 --block 64 --buffer buf=256 --arg count=256
else
	nok hip_shim "$SHIM/libamdhip64.so.6 not built"
fi

# --- backend choice without a device ---------------------------------------------------
# No GPU here: --backend hip must exit 3 naming the HIP error (or the missing runtime).
expect hip_without_device 3 "$R" "$FX/add1.hsaco" --backend hip --grid 1 --block 64 \
	--buffer buf=256 --arg count=64
grep -q -e 'hipError[A-Za-z]*' -e 'no HIP runtime' "$T/hip_without_device.err" && ok hip_error_named ||
	nok hip_error_named "$(cat "$T/hip_without_device.err")"
expect hip_no_runtime 3 env RDNA3_HIP_LIB=/nonexistent/libamdhip64.so.6 "$R" "$FX/add1.hsaco" \
	--backend hip --grid 1 --block 64 --buffer buf=256 --arg count=64
# Without a usable HIP device (this machine): one line, and the HIP error
# only with -v.
expect auto_falls_back 0 "$R" "$FX/add1.hsaco" --grid 1 --block 64 --buffer buf=256 --arg count=64
[ "$(cat "$T/auto_falls_back.err")" = "rdna3run: no HIP device: running on the gfx1100 emulator" ] &&
	ok auto_says_emu_quietly || nok auto_says_emu_quietly "$(cat "$T/auto_falls_back.err" | tr '\n' '|')"
expect auto_falls_back_verbose 0 "$R" "$FX/add1.hsaco" -v --grid 1 --block 64 --buffer buf=256 --arg count=64
[ "$(wc -l <"$T/auto_falls_back_verbose.err")" -eq 1 ] &&
	grep -q '^rdna3run: no HIP device: running on the .* emulator (.*hip.*)$' "$T/auto_falls_back_verbose.err" &&
	ok auto_says_why_with_v || nok auto_says_why_with_v "$(cat "$T/auto_falls_back_verbose.err" | tr '\n' '|')"
expect verbose_twice 2 "$R" "$FX/add1.hsaco" -v --verbose --grid 1 --block 64 --buffer buf=256 --arg count=64
# A HIP device that is not gfx1100 (a fake runtime whose hipModuleLoadData says
# hipErrorNoBinaryForGpu): auto runs on the emulator, saying why in one line;
# --backend hip fails naming the error.
FAKE="$BUILD/tests/run/libfakehip.so"
if [ -e "$FAKE" ]; then
	expect auto_wrong_gpu 0 env RDNA3_HIP_LIB="$FAKE" "$R" "$FX/add1.hsaco" --grid 2 --block 64 \
		--buffer buf=512:iota --arg count=100 --dump buf="$T/wrong_gpu.bin"
	if [ "$(wc -l <"$T/auto_wrong_gpu.err")" -eq 1 ] &&
		grep -q '^rdna3run: the HIP device cannot run this code object: running on the gfx1100 emulator: hip: hipModuleLoadData: hipErrorNoBinaryForGpu' \
			"$T/auto_wrong_gpu.err" && cmp -s "$T/emu.bin" "$T/wrong_gpu.bin"; then
		ok auto_wrong_gpu_uses_emu
	else
		nok auto_wrong_gpu_uses_emu "$(head -n 3 "$T/auto_wrong_gpu.err" | tr '\n' '|')"
	fi
	expect hip_wrong_gpu 1 env RDNA3_HIP_LIB="$FAKE" "$R" "$FX/add1.hsaco" --backend hip --grid 1 \
		--block 64 --buffer buf=256 --arg count=64
	grep -q 'hipErrorNoBinaryForGpu' "$T/hip_wrong_gpu.err" && ok hip_wrong_gpu_named ||
		nok hip_wrong_gpu_named "$(cat "$T/hip_wrong_gpu.err")"
	# Two devices, an integrated gfx1036 first: the first gfx1100 is chosen by
	# default and the line says why; --device 0 is honoured (and cannot load
	# gfx1100 code); a device that does not exist is named.  The fake cannot
	# allocate, so a run on its gfx1100 ends at hipMalloc (exit 1): what counts
	# is the device the load happened on.
	TWO="FAKE_HIP_ARCHS=gfx1036,gfx1100"
	run_fake() { env RDNA3_HIP_LIB="$FAKE" $TWO "$R" "$FX/add1.hsaco" --grid 1 --block 64 --buffer buf=256 \
		--arg count=64 "$@"; }
	expect two_gpus_default 1 run_fake --backend hip
	grep -q '^rdna3run: backend hip (device 1: fake gfx1100, gfx1100, via .*): the first gfx1100 of 2 devices (0: gfx1036, 1: gfx1100)$' \
		"$T/two_gpus_default.err" && grep -q 'hipMalloc: hipErrorNotSupported' "$T/two_gpus_default.err" &&
		ok two_gpus_picks_gfx1100 || nok two_gpus_picks_gfx1100 "$(cat "$T/two_gpus_default.err" | tr '\n' '|')"
	expect two_gpus_device0 1 run_fake --backend hip --device 0
	grep -q '^rdna3run: backend hip (device 0: fake gfx1036, gfx1036, via .*): device 0 as requested$' \
		"$T/two_gpus_device0.err" && grep -q 'hipErrorNoBinaryForGpu' "$T/two_gpus_device0.err" &&
		ok two_gpus_device0_used || nok two_gpus_device0_used "$(cat "$T/two_gpus_device0.err" | tr '\n' '|')"
	expect two_gpus_device1 1 run_fake --backend hip --device 1
	grep -q 'device 1 as requested' "$T/two_gpus_device1.err" && ok two_gpus_device1_used ||
		nok two_gpus_device1_used "$(cat "$T/two_gpus_device1.err" | tr '\n' '|')"
	expect two_gpus_no_device2 3 run_fake --backend hip --device 2
	grep -q 'no device 2: the runtime has 2 (0..1)' "$T/two_gpus_no_device2.err" && ok two_gpus_device2_named ||
		nok two_gpus_device2_named "$(cat "$T/two_gpus_no_device2.err")"
	# auto with --device 0: the gfx1036 cannot run it, so the emulator does, saying why
	expect two_gpus_auto_device0 0 run_fake --device 0
	grep -q '^rdna3run: the HIP device cannot run this code object: running on the gfx1100 emulator: hip: hipModuleLoadData: hipErrorNoBinaryForGpu.*device 0: fake gfx1036' \
		"$T/two_gpus_auto_device0.err" && ok two_gpus_auto_falls_back ||
		nok two_gpus_auto_falls_back "$(cat "$T/two_gpus_auto_device0.err")"
	# ROCm 6 retired hipDeviceAttributeGcnArch: the compute capability (11.0)
	# still finds the gfx110x device
	expect two_gpus_rocm6 1 env FAKE_HIP_VERSION=60200000 RDNA3_HIP_LIB="$FAKE" $TWO "$R" "$FX/add1.hsaco" \
		--grid 1 --block 64 --buffer buf=256 --arg count=64 --backend hip
	grep -q 'backend hip (device 1: fake gfx1100, gfx110x, .*the first gfx110x of 2 devices (0: gfx103x, 1: gfx110x)' \
		"$T/two_gpus_rocm6.err" && ok two_gpus_rocm6_family || nok two_gpus_rocm6_family "$(cat "$T/two_gpus_rocm6.err")"
else
	nok fake_hip "$FAKE not built"
fi
expect device_with_emu 2 "$R" "$FX/add1.hsaco" --backend emu --device 0 --grid 1 --block 64 --buffer buf=256 \
	--arg count=64
expect device_not_decimal 2 "$R" "$FX/add1.hsaco" --device 0x1 --grid 1 --block 64 --buffer buf=256 --arg count=64

# --- bad input ---------------------------------------------------------------------------
# --dump is all or none: a second file that cannot be written leaves no first one
expect dump_all_or_none 1 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256 \
	--arg count=64 --dump buf="$T/first.bin" --dump buf="$T/nonexistent/second.bin"
[ ! -e "$T/first.bin" ] && [ -z "$(ls "$T" | grep '\.tmp')" ] && ok dump_none_written ||
	nok dump_none_written "$(ls "$T" | tr '\n' ' ')"
expect arg_given_twice 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256 \
	--arg count=64 --arg count=3
expect arg_over_buffer 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256 \
	--arg count=64 --arg buf=3
run_add1() { "$R" "$@" --backend emu --grid 1 --block 64 --buffer buf=256 --arg count=64; }
expect missing_file 2 run_add1 "$T/nonexistent.hsaco"
head -c 700 "$FX/add1.hsaco" >"$T/trunc.hsaco"
expect truncated_file 1 run_add1 "$T/trunc.hsaco"
printf 'this is not a code object\n' >"$T/text.hsaco"
expect corrupt_file 1 run_add1 "$T/text.hsaco"
expect non_amdgpu_file 1 run_add1 /bin/sh
# a machine of isa/targets.def runs (the emulator says which); one that no row
# names is refused, the message listing the rows
cp "$FX/add1.hsaco" "$T/gfx1101.hsaco"
printf 'F' | dd of="$T/gfx1101.hsaco" bs=1 seek=48 conv=notrunc 2>/dev/null # e_flags = 0x46
expect other_target_runs 0 run_add1 "$T/gfx1101.hsaco"
cat "$T/other_target_runs.out" "$T/other_target_runs.err" | grep -q '^ran add1: .* on gfx1101 emulator$' &&
	ok other_target_named || nok other_target_named "$(cat "$T/other_target_runs.err")"
cp "$FX/add1.hsaco" "$T/gfx1200.hsaco"
printf 'H' | dd of="$T/gfx1200.hsaco" bs=1 seek=48 conv=notrunc 2>/dev/null # e_flags = 0x48
expect wrong_arch 1 run_add1 "$T/gfx1200.hsaco"
grep -q 'gfx1200, not gfx1100|gfx1101|gfx1102|gfx1103|gfx1150|gfx1151' "$T/wrong_arch.err" && ok wrong_arch_named ||
	nok wrong_arch_named "$(cat "$T/wrong_arch.err")"
expect unknown_kernel 2 run_add1 "$FX/add1.hsaco" --kernel nosuch
expect arg_unknown_name 2 run_add1 "$FX/add1.hsaco" --arg nosuch=1
expect arg_type_mismatch 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --arg buf=1 --arg count=1
expect arg_size_mismatch 2 run_add1 "$FX/add1.hsaco" --arg count=4294967296
expect arg_missing 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256
expect arg_not_number 2 run_add1 "$FX/add1.hsaco" --arg count=seven
expect bad_fill 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256:bogus --arg count=64
expect dump_no_buffer 2 run_add1 "$FX/add1.hsaco" --dump nosuch="$T/nosuch.bin"
expect buffer_not_pointer 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer count=64 \
	--buffer buf=256 --arg count=1
expect block_over_limit 2 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 128 --buffer buf=512 --arg count=1
# The kernel runs past its 256-byte buffer: the emulator's fault, one line, no dump written.
rm -f "$T/fault.bin"
expect kernel_fault 1 "$R" "$FX/add1.hsaco" --backend emu --grid 4 --block 64 --buffer buf=256 \
	--arg count=256 --dump buf="$T/fault.bin"
[ ! -e "$T/fault.bin" ] && ok fault_no_output || nok fault_no_output "dump written after a fault"
expect not_gemm_kernel 1 "$R" "$FX/add1.hsaco" --backend emu --gemm 64 64 64
# Hazard checks are the default: a kernel that reads a load's register before
# its s_waitcnt is reported by a plain run, and passes only with --unchecked.
CLANG=$(command -v "$LLVM_CLANG" || true) LLD=$(command -v "$LLVM_LLD" || true)
if [ -n "$CLANG" ] && [ -n "$LLD" ] &&
	"$CLANG" -target amdgcn-amd-amdhsa -mcpu=gfx1100 -Wa,-defsym,BUG_NOWAIT_VM=1 \
		-c tests/emu/kernels/bugs.s -o "$T/nowait.o" && "$LLD" -shared "$T/nowait.o" -o "$T/nowait.hsaco"; then
	expect nowait_default 1 "$R" "$T/nowait.hsaco" --backend emu --grid 2 --block 64 \
		--buffer src=516:iota --buffer dst=512
	grep -q 'wait' "$T/nowait_default.err" && ok nowait_default_names_wait ||
		nok nowait_default_names_wait "$(cat "$T/nowait_default.err")"
	expect nowait_unchecked 0 "$R" "$T/nowait.hsaco" --backend emu --grid 2 --block 64 \
		--buffer src=516:iota --buffer dst=512 --unchecked
else
	nok nowait_build "$LLVM_CLANG/$LLVM_LLD could not build tests/emu/kernels/bugs.s"
fi
# A runaway kernel (s_branch to itself) stops at the instruction budget with one
# line naming the workgroup, wave and PC: by default (10^8 per wave, one wave
# here) and with --max-instructions (8 waves spinning, stopped after 200000).
expect runaway_default 1 "$R" "$FX/spin.hsaco" --backend emu --grid 1 --block 32
grep -q 'spin: workgroup (0,0,0) wave 0 pc 0x[0-9a-f]* (+0x4) `s_branch .*budget of 100000000 wave-instructions' \
	"$T/runaway_default.err" && ok runaway_default_names_wave || nok runaway_default_names_wave "$(cat "$T/runaway_default.err")"
expect runaway_max_instructions 1 "$R" "$FX/spin.hsaco" --backend emu --grid 4 --block 64 \
	--max-instructions 200000
grep -q 'workgroup ([0-3],0,0) wave [01] pc .*budget of 200000 wave-instructions' "$T/runaway_max_instructions.err" &&
	ok runaway_max_instructions_names_wave || nok runaway_max_instructions_names_wave "$(cat "$T/runaway_max_instructions.err")"
expect max_instructions_enough 0 "$R" "$FX/add1.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256 \
	--arg count=64 --max-instructions 64
expect usage_max_instructions_zero 2 "$R" "$FX/spin.hsaco" --grid 1 --block 32 --max-instructions 0
expect usage_max_instructions_word 2 "$R" "$FX/spin.hsaco" --grid 1 --block 32 --max-instructions lots
if [ -e "$SHIM/libamdhip64.so.6" ]; then
	expect runaway_hip_shim 1 env LD_LIBRARY_PATH="$SHIM" RDNA3_SHIM_MAX_INSTRUCTIONS=5000 "$R" \
		"$FX/spin.hsaco" --backend hip --grid 2 --block 32
	grep -q '^hipshim: spin: workgroup .* pc .*budget of 5000 ' "$T/runaway_hip_shim.err" &&
		grep -q 'hipErrorLaunchTimeOut' "$T/runaway_hip_shim.err" && ok runaway_hip_shim_timeout ||
		nok runaway_hip_shim_timeout "$(cat "$T/runaway_hip_shim.err")"
fi
# usage errors: status 2
expect usage_nothing 2 "$R"
expect usage_no_action 2 "$R" "$FX/add1.hsaco"
expect usage_bad_option 2 "$R" "$FX/add1.hsaco" --frobnicate
expect usage_bad_grid 2 "$R" "$FX/add1.hsaco" --grid 0,1
expect usage_grid_empty_field 2 "$R" "$FX/add1.hsaco" --grid 1,,1 --block 64
expect usage_grid_trailing_comma 2 "$R" "$FX/add1.hsaco" --grid 1, --block 64
expect usage_block_leading_comma 2 "$R" "$FX/add1.hsaco" --grid 1 --block ,64
expect usage_grid_four_fields 2 "$R" "$FX/add1.hsaco" --grid 1,1,1,1 --block 64
expect usage_bad_backend 2 "$R" "$FX/add1.hsaco" --backend cuda --list
expect usage_bad_gemm 2 "$R" "$FX/add1.hsaco" --gemm 64 x 64
expect usage_model_full_alone 2 "$R" "$FX/add1.hsaco" --grid 1 --block 64 --buffer buf=256 --arg count=64 --model-full
grep -q -- "--model-full goes with --model" "$T/usage_model_full_alone.err" && ok usage_model_full_alone_named ||
	nok usage_model_full_alone_named "$(cat "$T/usage_model_full_alone.err")"
expect help 0 "$R" --help
grep -q '^usage: rdna3run' "$T/help.out" && ok help_text || nok help_text "no usage line"
grep -q -- '--max-instructions N' "$T/help.out" && ok help_max_instructions || nok help_max_instructions "not in --help"
[ "$fail" -eq 0 ] && rm -rf "$T"
exit $fail
