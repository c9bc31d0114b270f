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
	ok model_text_lines || nok model_text_lines "$(cat "$T/model_text.out" | tr '\n' '|')"

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
	grep -q 'grid 2,1,1 (workgroups) of block 64,1,1 (work-items), predicted for a gfx1100 with 96 CUs at 2500 MHz' "$T/m.html" &&
	ok model_html_names_kernel_file_launch_device || nok model_html_names_kernel_file_launch_device "$(grep -m1 '<p>Kernel' "$T/m.html")"

expect model_on_hip 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --buffer buf=512 --arg count=100 \
	--model --backend hip
expect model_bad_format 2 "$R" "$FX/add1.hsaco" --grid 2 --block 64 --model --model-format xml

rm -rf "$T"
exit $fail
