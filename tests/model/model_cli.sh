#!/bin/sh
# rdna3run --model: the launch runs under the timing model with the same result
# as the plain emulator, prints the prediction as text or JSON, and refuses
# what it cannot do with one error line.  Env: BUILD, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
. "$(dirname "$0")/../llvm.sh"
FX="$LLVM_FIXTURES/tests/loader"
T="$BUILD/tests/model_cli.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/../run/lib.sh"

# add1: buf[i] += 1 for i < count; 128 floats 0..127, count 100 (as tests/run/rdna3run.sh).
# --model-full: every workgroup runs (a sampled prediction runs only the
# sampled units' workgroups, here 1 of 2).
expect model_text 0 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--dump buf="$T/model.bin" --model --model-full
if od -An -v -f -w4 "$T/model.bin" | awk '{ want = (NR <= 100) ? NR : NR - 1; if ($1 != want) bad++ }
	END { exit !(NR == 128 && bad == 0) }'; then
	ok model_result
else
	nok model_result "$(od -An -f "$T/model.bin" | head -n 3 | tr '\n' ' ')"
fi
grep -q '^model: [0-9]* cycles = [0-9.]* us at 2500 MHz (2 workgroups, 4 waves on 2 CUs)' "$T/model_text.out" &&
	grep -q '^model: [0-9.]* GB/s' "$T/model_text.out" && grep -q '^  VALU busy ' "$T/model_text.out" &&
	grep -q '^model: 63.0 us of it are the launch (launch_us)$' "$T/model_text.out" &&
	ok model_text_lines || nok model_text_lines "$(cat "$T/model_text.out" | tr '\n' '|')"
# launch_us 0: the kernel without its launch, 63 us x 2500 MHz = 157500 cycles less
printf 'launch_us 0\n' >"$T/nolaunch.consts"
expect model_no_launch 0 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--model --model-full --model-constants "$T/nolaunch.consts"
with=$(sed -n 's/^model: \([0-9]*\) cycles = .*/\1/p' "$T/model_text.out")
without=$(sed -n 's/^model: \([0-9]*\) cycles = .*/\1/p' "$T/model_no_launch.out")
[ -n "$with" ] && [ -n "$without" ] && [ $((with - without)) -eq 157500 ] &&
	! grep -q 'are the launch' "$T/model_no_launch.out" &&
	ok model_no_launch_is_the_kernel_alone || nok model_no_launch_is_the_kernel_alone "$with - $without cycles"

expect model_json 0 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--model --model-format json
# stdout is one JSON document and nothing else (the launch and emu: lines go to stderr)
[ "$(wc -l <"$T/model_json.out")" -eq 1 ] &&
	grep -q '^{"cycles": [0-9]*, .*"breakdown": {"VALU busy": [0-9]*,.*"idle": [0-9]*}, "plan": {"workgroups": [0-9]*, .*}}$' "$T/model_json.out" &&
	grep -q '^emu: ' "$T/model_json.err" &&
	ok model_json_alone_on_stdout || nok model_json_alone_on_stdout "$(cat "$T/model_json.out" | tr '\n' '|')"

# --model-html: the page names the kernel, its file, the launch and the device
expect model_html 0 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--model --model-html "$T/m.html"
grep -q '<h1>Timing model: add1</h1>' "$T/m.html" && grep -q "of <code>$FX/add1.hsaco</code>" "$T/m.html" &&
	grep -q 'grid 2,1,1 (workgroups) of block 64,1,1 (work-items), predicted for the AMD Radeon RX 7900 XTX (rx7900xtx, gfx1100) with 96 CUs at 2500 MHz' "$T/m.html" &&
	ok model_html_names_kernel_file_launch_device || nok model_html_names_kernel_file_launch_device "$(grep -m1 '<p>Kernel' "$T/m.html")"

grep -q '<h2 id="prediction">Predicted for the AMD Radeon RX 7900 XTX (timing model)' "$T/m.html" &&
	ok model_html_heading_names_the_card || nok model_html_heading_names_the_card "$(grep -o '<h2 id="prediction">[^<]*' "$T/m.html")"

# --model-timing: per instruction of add1 the issues of its 4 waves (every
# workgroup runs with --model-full) and the cycles before and after them: the
# first instruction waited for nothing, nothing followed s_endpgm
expect model_timing 0 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--model --model-full --model-timing "$T/m.timing"
grep -q '^# instruction timing of add1 under the timing model' "$T/m.timing" && grep -q '(4 waves, 56 issues)' "$T/m.timing" &&
	awk '/every instruction issued/ { f = 1; next } f && / s_endpgm$/ { e = $2 == 4 && $6 == 0 }
		f && $1 == "0" { z = $2 == 4 && $3 == 0 } END { exit !(e && z) }' "$T/m.timing" &&
	ok model_timing_file || nok model_timing_file "$(head -n 2 "$T/m.timing" | tr '\n' '|')"
expect model_timing_alone 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--model-timing "$T/x.timing"
grep -q -- '--model-timing goes with --model' "$T/model_timing_alone.err" && [ ! -e "$T/x.timing" ] &&
	ok model_timing_goes_with_model || nok model_timing_goes_with_model "$(cat "$T/model_timing_alone.err")"
cp "$FX/add1.hsaco" "$T/in.hsaco"
expect model_timing_over_input 1 "$R" "$T/in.hsaco" --grid 2 --block 64 --buffer buf=512:iota --arg count=100 \
	--model --model-timing "$T/./in.hsaco"
cmp -s "$T/in.hsaco" "$FX/add1.hsaco" && grep -q 'is the input' "$T/model_timing_over_input.err" &&
	ok model_timing_over_input_refused || nok model_timing_over_input_refused "$(cat "$T/model_timing_over_input.err")"

# the DRAM roof is the card's memory (model/devices.def): GDDR6 on the RX 7900 XTX;
# on an APU its system memory: gfx1151 code predicted for its default card, the
# Radeon 8060S, draws an LPDDR5X roof, in the page and the JSON.  The roof is
# the sustained bandwidth the prediction uses, 0.90 of the peak
# (dram_efficiency): 960 -> 864 GB/s, 256 -> 230
G="${RDNA3GEN:-$BUILD/rdna3gen}"
"$G" sgemm --preset k3 -o "$T/k00.hsaco" >/dev/null 2>&1
"$G" sgemm --preset k3 --target gfx1151 -o "$T/k51.hsaco" >/dev/null 2>&1
expect model_html_gddr6 0 "$R" "$T/k00.hsaco" --gemm 256 256 256 --model --model-html "$T/k00.html"
grep -q '>GDDR6 864 GB/s<' "$T/k00.html" && ok model_html_gddr6_roof ||
	nok model_html_gddr6_roof "$(grep -o '>[A-Za-z0-9 ]* [0-9]* GB/s<' "$T/k00.html" | tr '\n' ' ')"
expect model_html_apu 0 "$R" "$T/k51.hsaco" --gemm 256 256 256 --model --model-html "$T/k51.html"
grep -q '>LPDDR5X 230 GB/s<' "$T/k51.html" && ! grep -q 'GDDR6' "$T/k51.html" &&
	grep -q '<h2 id="prediction">Predicted for the AMD Radeon 8060S (Ryzen AI Max+ 395) (timing model)' "$T/k51.html" &&
	ok model_html_apu_lpddr5x || nok model_html_apu_lpddr5x "$(grep -o '>[A-Z0-9]* [0-9]* GB/s<' "$T/k51.html" | tr '\n' ' ')"
expect model_json_apu 0 "$R" "$T/k51.hsaco" --gemm 256 256 256 --model --model-format json
grep -q '"roofs": {[^}]*"device": "AMD Radeon 8060S (Ryzen AI Max+ 395)", "dram": "LPDDR5X"}' "$T/model_json_apu.out" &&
	ok model_json_roofs_name_the_memory || nok model_json_roofs_name_the_memory "$(grep -o '"roofs": {[^}]*}' "$T/model_json_apu.out")"

expect model_on_hip 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512 --arg count=100 \
	--model --backend hip
expect model_bad_format 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --model --model-format xml

# --device-model: a launch that fills the GPU more than once (4096 workgroups of
# 2 waves; a CU holds 16) takes longer on the 84 CUs at 2400 MHz of the RX 7900
# XT than on the default 96 at 2500 of the 7900 XTX, which --device-model
# rx7900xtx names to the same prediction; an unknown card and a card of
# another target are refused with one line (exit 2).
us() { sed -n 's/^model: [0-9]* cycles = \([0-9.]*\) us .*/\1/p' "$T/$1.out"; }
expect dev_default 0 "$R" "$FX/add1.hsaco" --grid 4096 --block 64 --buffer buf=1048576:iota --arg count=262144 --model
expect dev_xtx 0 "$R" "$FX/add1.hsaco" --grid 4096 --block 64 --buffer buf=1048576:iota --arg count=262144 --model \
	--device-model rx7900xtx
expect dev_xt 0 "$R" "$FX/add1.hsaco" --grid 4096 --block 64 --buffer buf=1048576:iota --arg count=262144 --model \
	--device-model rx7900xt
[ -n "$(us dev_default)" ] && [ "$(grep -v 'wall time' "$T/dev_default.out")" = "$(grep -v 'wall time' "$T/dev_xtx.out")" ] &&
	grep -q '^model: device AMD Radeon RX 7900 XTX (rx7900xtx: gfx1100, 96 CUs at 2500 MHz' "$T/dev_default.out" &&
	ok model_device_default_is_xtx || nok model_device_default_is_xtx "$(head -n 2 "$T/dev_default.out" | tr '\n' '|')"
awk -v a="$(us dev_default)" -v b="$(us dev_xt)" 'BEGIN { exit !(a > 0 && b > a) }' &&
	grep -q '^model: device AMD Radeon RX 7900 XT (rx7900xt: gfx1100, 84 CUs at 2400 MHz' "$T/dev_xt.out" &&
	ok model_device_xt_slower || nok model_device_xt_slower "XTX $(us dev_default) us, XT $(us dev_xt) us"
expect dev_unknown 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512 --arg count=100 --model \
	--device-model rx9999
expect dev_other_target 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512 --arg count=100 --model \
	--device-model rx7800xt
[ "$(wc -l <"$T/dev_other_target.err")" -eq 1 ] && grep -q 'rx7800xt is a gfx1101 device;.* is gfx1100 code' "$T/dev_other_target.err" &&
	ok model_device_other_target_one_line || nok model_device_other_target_one_line "$(cat "$T/dev_other_target.err")"
expect dev_without_model 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512 --arg count=100 \
	--device-model rx7900xt

# rdna3gen list --devices: all eight cards, each figure with its source
"$G" list --devices >"$T/devices.out" 2>&1 &&
	[ "$(grep -c '^[a-z0-9]*: ' "$T/devices.out")" -eq 8 ] &&
	[ "$(grep -c -e '^rx7900xtx: ' -e '^rx7900xt: ' -e '^rx7900gre: ' -e '^rx7800xt: ' -e '^rx7600: ' -e '^780m: ' -e '^890m: ' -e '^8060s: ' "$T/devices.out")" -eq 8 ] &&
	grep -q '^  cus_per_sa  .* assumed: ' "$T/devices.out" &&
	[ "$(grep -c '^  mem  *[A-Z][A-Z0-9/]*  *[^ ]' "$T/devices.out")" -eq 8 ] &&
	grep -A1 '^8060s: ' "$T/devices.out" | grep -q '^  mem  *LPDDR5X  *cnc-halo-ic: ' &&
	! grep -q '^  [a-z_0-9]* *[0-9]* [^ ]* *$' "$T/devices.out" &&
	ok rdna3gen_list_devices || nok rdna3gen_list_devices "$(head -n 3 "$T/devices.out" | tr '\n' '|')"

rm -rf "$T"
exit $fail
