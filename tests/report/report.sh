#!/bin/sh
# tests/report/report.sh — the register-bank report from the command line:
# --report / --report-format on a generated kernel, `rdna3gen report` on a
# code object and on a clang-compiled HIP kernel, bad input (one line, exit 2,
# no output file), and the html form opened in headless Chromium (the grid's
# rows are in the DOM, the screenshot is not blank), and a timing-model
# prediction beside it (--model: roofline and breakdown, also in Chromium),
# and the model's pages of a WMMA kernel laid out by Chromium (nothing clipped).
# Env: BUILD, RDNA3GEN (tests/run.sh).
G=${RDNA3GEN:-build/rdna3gen}
. "$(dirname "$0")/../llvm.sh"
CLANG=$RDNA3_CLANG LLD=$RDNA3_LLD
T=$(mktemp -d "${TMPDIR:-/tmp}/report_sh.XXXXXX") || exit 1
. "$(dirname "$0")/../check.sh"

# A json rendering's figure: "key": number (first occurrence).
fig() { grep -o "\"$2\": [0-9.]*" "$1" | head -n 1 | sed 's/.*: //'; }

# --- generated kernel: --report with the format from the name, and the flag
if "$G" sgemm --preset k6 -o "$T/k6.hsaco" --report "$T/k6.html" 2>"$T/e1" &&
	"$G" sgemm --preset k6 -o "$T/k6.s" --report "$T/k6.rep" --report-format json 2>>"$T/e1"; then
	head -n 1 "$T/k6.html" | grep -q '^<!DOCTYPE html>' && head -n 1 "$T/k6.rep" | grep -q '^{$' &&
		ok report_cli_generated || nok report_cli_generated "forms not html/json"
else
	nok report_cli_generated "$(head -n 1 "$T/e1")"
fi

# --- the command of the issue's "done when": an html report next to the best preset
if "$G" sgemm --preset best -o "$T/best.hsaco" --report "$T/best.html" 2>"$T/e0"; then
	n=$(grep -c '<tr class="bank-row' "$T/best.html")
	grep -q 'dual-issued</td><td id="dual">100.0 %' "$T/best.html" && [ "$n" -gt 100 ] &&
		ok report_cli_best_html || nok report_cli_best_html "$n rows, dual-issue figure missing"
else
	nok report_cli_best_html "$(head -n 1 "$T/e0")"
fi

# --- the subcommand on the code object gives the same figures as --report
if "$G" report "$T/k6.hsaco" --format json -o "$T/k6h.json" 2>"$T/e2"; then
	a=$(grep -o '"summary".*' "$T/k6.rep"); b=$(grep -o '"summary".*' "$T/k6h.json")
	[ -n "$a" ] && [ "$a" = "$b" ] && [ "$(fig "$T/k6h.json" dual_pct)" = "100.00" ] &&
		ok report_cli_same_figures || nok report_cli_same_figures "summaries differ"
else
	nok report_cli_same_figures "$(head -n 1 "$T/e2")"
fi
"$G" report "$T/k6.hsaco" >"$T/k6.txt" 2>"$T/e3" && grep -q '^model: bank = VGPR index mod 4' "$T/k6.txt" &&
	grep -q 'dual-issued 128 (100.0 %)' "$T/k6.txt" && ok report_cli_text_stdout ||
	nok report_cli_text_stdout "$(head -n 1 "$T/e3")"

# --- a kernel clang compiles from HIP C++ (the benchmark's tiled SGEMM)
HIP=bench/sgemm_ref.hip
if [ -f "$HIP" ] && "$CLANG" -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -O3 \
	--no-gpu-bundle-output -o "$T/ref.hsaco" "$HIP" 2>"$T/e4"; then
	if "$G" report "$T/ref.hsaco" --format json -o "$T/ref.json" 2>"$T/e5"; then
		f=$(fig "$T/ref.json" fmas); l=$(grep -c '"found": true' "$T/ref.json")
		grep -q '"format": "rdna3gen-bank-report"' "$T/ref.json" && [ "$l" = 1 ] && [ "${f:-0}" -gt 0 ] &&
			tail -n 1 "$T/ref.json" | grep -q '^}$' &&
			ok report_clang_hip_kernel || nok report_clang_hip_kernel "loop ${l:-?} fmas ${f:-?}"
	else
		nok report_clang_hip_kernel "$(head -n 1 "$T/e5")"
	fi
else
	nok report_clang_hip_kernel "clang: $(head -n 1 "$T/e4")"
fi

# --- the hgemm design in HIP C++ (tests/corpus/hgemm_wmma.hip, the fixture the
# LLVM under test built) beside the direct preset (the same design): both issue 16 WMMAs per k-step
# into 16 accumulators (4x4 tiles per wave), none chained through A or B
HG=$LLVM_FIXTURES/tests/corpus/hgemm_wmma.hsaco
if "$G" report "$HG" --format json -o "$T/hgref.json" 2>"$T/e6" &&
	"$G" hgemm --preset direct -o "$T/hbest.hsaco" --report "$T/hbest.json" 2>>"$T/e6"; then
	for k in hgref hbest; do
		w=$(grep -o '"per_kstep": {"wmma": [0-9.]*' "$T/$k.json" | sed 's/.*: //')
		[ "$w" = "16.0000" ] && [ "$(fig "$T/$k.json" accumulators)" = 16 ] &&
			[ "$(fig "$T/$k.json" hazards)" = 0 ] && [ "$(fig "$T/$k.json" fragment_vgprs)" = 192 ] &&
			ok "report_wmma_${k}" || nok "report_wmma_${k}" "WMMA per k-step ${w:-?}, see $T/$k.json"
	done
else
	nok report_wmma_hgref "$(head -n 1 "$T/e6")"
fi

# --- the json files written above are strict JSON (the C checker of report_test)
if [ -x "${BUILD:-build}/tests/report_test" ]; then
	for j in k6.rep ref.json; do
		[ -f "$T/$j" ] && "${BUILD:-build}/tests/report_test" --check-json "report_json_strict_$j" "$T/$j" || fail=1
	done
fi

# --- bad input: one line on stderr, exit 2, no output file
bad() {   # NAME, then the arguments after "report"
	name=$1; shift
	"$G" report "$@" -o "$T/bad.out" >/dev/null 2>"$T/bad.err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -e "$T/bad.out" ] && [ "$(wc -l <"$T/bad.err")" -eq 1 ]; then
		ok "$name"
	else
		nok "$name" "exit $rc, $(wc -l <"$T/bad.err") lines: $(head -n 1 "$T/bad.err")"
	fi
	rm -f "$T/bad.out"
}
bad report_bad_missing "$T/nope.hsaco"
printf '\177ELF not really' >"$T/corrupt.hsaco"
bad report_bad_corrupt "$T/corrupt.hsaco"
head -c 3000 "$T/k6.hsaco" >"$T/trunc.hsaco"
bad report_bad_truncated "$T/trunc.hsaco"
bad report_bad_kernel "$T/k6.hsaco" --kernel no_such_kernel
bad report_bad_format "$T/k6.hsaco" --format xml
# an endless input is refused at 256 MiB (as rdna3run refuses a code object)
bad report_bad_endless /dev/zero
grep -q 'larger than 256 MiB' "$T/bad.err" && ok report_bad_endless_says_size ||
	nok report_bad_endless_says_size "$(head -n 1 "$T/bad.err")"
cp "$T/k6.hsaco" "$T/self.hsaco"
"$G" report "$T/self.hsaco" -o "$T/self.hsaco" >/dev/null 2>"$T/bad.err"
rc=$?
[ $rc -eq 2 ] && cmp -s "$T/k6.hsaco" "$T/self.hsaco" && [ "$(wc -l <"$T/bad.err")" -eq 1 ] &&
	ok report_bad_output_is_input || nok report_bad_output_is_input "exit $rc: $(head -n 1 "$T/bad.err")"
# a gfx1030 kernel: s_endpgm only (add1.s without its gfx11-only instructions)
sed -e 's/gfx1100/gfx1030/' -e '/^  [sgv][_a-z0-9]* .*[0-9]/d' tests/loader/add1.s >"$T/g1030.s"
if "$CLANG" -target amdgcn-amd-amdhsa -mcpu=gfx1030 -c "$T/g1030.s" -o "$T/g1030.o" 2>/dev/null &&
	"$LLD" -shared "$T/g1030.o" -o "$T/g1030.hsaco" 2>/dev/null; then
	bad report_bad_not_gfx1100 "$T/g1030.hsaco"
else
	nok report_bad_not_gfx1100 "cannot build the gfx1030 fixture"
fi
# a wave64 gfx1100 kernel: refused (the report models wave32)
sed -e 's/.wavefront_size: 32/.wavefront_size: 64/' -e 's/vcc_lo/vcc/g' \
	-e 's/s_and_saveexec_b32 s7/s_and_saveexec_b64 s[8:9]/' tests/loader/add1.s >"$T/w64.s"
if "$LLVM_MC" -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -filetype=obj \
	"$T/w64.s" -o "$T/w64.o" 2>/dev/null && "$LLD" -shared "$T/w64.o" -o "$T/w64.hsaco" 2>/dev/null; then
	bad report_bad_wave64 "$T/w64.hsaco"
else
	nok report_bad_wave64 "cannot build the wave64 fixture"
fi
printf '  v_not_an_instruction v0\n' >"$T/broken.s"
bad report_bad_assembly "$T/broken.s"

# --- a timing-model prediction beside the report (rdna3run --model --model-format json):
# the html gains the roofline (one point: the kernel) and the breakdown bar,
# text a line; the GFLOP/s on the page are the prediction's.
R=${RDNA3RUN:-build/rdna3run}
pred_html=""
if [ -x "$R" ] && "$R" "$T/k6.hsaco" --gemm 256 256 256 --model --model-format json >"$T/pred.json" 2>"$T/e6"; then
	want=$(fig "$T/pred.json" gflops)
	if "$G" report "$T/k6.hsaco" --model "$T/pred.json" -o "$T/k6m.html" 2>"$T/e7" &&
		"$G" report "$T/k6.hsaco" --model "$T/pred.json" >"$T/k6m.txt" 2>>"$T/e7"; then
		got=$(grep -o 'id="pred-gflops">[0-9.]*' "$T/k6m.html" | sed 's/.*>//')
		awk -v a="$got" -v b="$want" 'BEGIN { d = a - b; exit !(a > 0 && d < 0.1 && d > -0.1) }' &&
			grep -q '<div id="roofline"><svg' "$T/k6m.html" && grep -q '<div id="breakdown"><svg' "$T/k6m.html" &&
			grep -q "predicted (timing model) .*GFLOP/s" "$T/k6m.txt" &&
			ok report_model_prediction || nok report_model_prediction "GFLOP/s '$got' (want '$want'), pictures or text line missing"
		pred_html=k6m.html
	else
		nok report_model_prediction "$(head -n 1 "$T/e7")"
	fi
	printf '{"cycles": 1}\n' >"$T/notpred.json"
	"$G" report "$T/k6.hsaco" --model "$T/notpred.json" -o "$T/np.html" >/dev/null 2>"$T/e8"
	rc=$?
	[ $rc -eq 2 ] && [ ! -e "$T/np.html" ] && [ "$(wc -l <"$T/e8")" -eq 1 ] && grep -q 'not a prediction' "$T/e8" &&
		ok report_model_bad_prediction || nok report_model_bad_prediction "exit $rc: $(head -n 1 "$T/e8")"
else
	nok report_model_prediction "rdna3run --model: $(head -n 1 "$T/e6" 2>/dev/null)"
fi

# --- the html form in headless Chromium
CHROME=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$CHROME" ]; then
	P=$(mktemp -d "${TMPDIR:-/tmp}/report_chrome.XXXXXX")
	flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
		--disable-background-networking --disable-component-update --disable-sync
		--user-data-dir=$P --window-size=1200,900"
	html="file://$(cd "$T" && pwd)/k6.html"
	# shellcheck disable=SC2086
	timeout 120 "$CHROME" $flags --dump-dom "$html" >"$T/dom.html" 2>/dev/null
	rows=$(grep -o '<tr class="bank-row' "$T/dom.html" | wc -l)
	want=$(fig "$T/k6.rep" instructions)
	cells=$(grep -o '<td class="b[0-3]' "$T/dom.html" | wc -l)
	[ "$rows" -gt 0 ] && [ "$rows" = "$want" ] && [ "$cells" -gt 100 ] &&
		ok report_html_chromium_dom || nok report_html_chromium_dom "rows $rows (want $want), bank cells $cells"
	# shellcheck disable=SC2086
	(cd "$T" && timeout 120 "$CHROME" $flags --screenshot="$T/shot.png" "$html" >/dev/null 2>&1)
	# A PNG of the window's size (IHDR width and height, big-endian, at byte 16),
	# and more than a blank page's worth of bytes (a blank 1200x900 page is ~5 KB).
	size=$(wc -c <"$T/shot.png" 2>/dev/null || echo 0)
	dims=$(od -An -tu1 -j16 -N8 "$T/shot.png" 2>/dev/null |
		awk '{ printf "%dx%d", $3 * 256 + $4, $7 * 256 + $8 }')
	magic=$(od -An -c -j1 -N3 "$T/shot.png" 2>/dev/null | tr -d ' ')
	[ "$magic" = PNG ] && [ "$dims" = 1200x900 ] && [ "$size" -gt 20000 ] && ok report_html_chromium_screenshot ||
		nok report_html_chromium_screenshot "$magic image $dims of $size bytes (want a 1200x900 PNG over 20000 bytes)"
	[ -n "${REPORT_KEEP_SHOT:-}" ] && cp "$T/shot.png" "$REPORT_KEEP_SHOT"
	# the prediction's pictures as the browser builds them: the kernel's point
	# inside the roofline, and one bar part per non-empty bucket
	if [ -n "$pred_html" ]; then
		# shellcheck disable=SC2086
		timeout 120 "$CHROME" $flags --dump-dom "file://$(cd "$T" && pwd)/$pred_html" >"$T/domm.html" 2>/dev/null
		pts=$(grep -o '<circle [^>]*fill="#e80"><title>this kernel' "$T/domm.html" | wc -l)
		parts=$(sed -n '/<div id="breakdown">/,/<\/svg>/p' "$T/domm.html" | grep -c '<rect x="[0-9.]*" y="0"')
		nz=$(grep -o '"breakdown": {[^}]*}' "$T/pred.json" | tr ',' '\n' | grep -vc ': 0$')
		[ "$pts" = 1 ] && [ "$parts" -gt 1 ] && [ "$parts" = "$nz" ] && ok report_model_chromium_dom ||
			nok report_model_chromium_dom "points $pts, bar parts $parts (want $nz)"
	fi
	# The model's pages of a WMMA kernel as the browser lays them out: the
	# --model-html page of hgemm (best) at 512^3, and the report's section for
	# a prediction like hgemm's at 4096^3 (113 TFLOP/s at 1120 FLOP/byte, a dot
	# the old axes put outside the plot).  A script added to a copy of each
	# page (tests/report/layout_check.html) measures every text, dot and bar of
	# the pictures against its SVG's box and the dot against the plot's frame,
	# and writes what sticks out.
	if "$G" hgemm --preset best -o "$T/h.hsaco" 2>"$T/e9" &&
		"$R" "$T/h.hsaco" --gemm 512 512 512 --model --model-html "$T/h512.html" >/dev/null 2>>"$T/e9"; then
		printf '%s%s%s%s\n' '{"cycles": 3037149, "seconds": 0.00121486, "clock_mhz": 2500, "simds": 32, ' \
			'"flops": 137438953472, "breakdown": {"VALU busy": 3886551, "VALU dependency stall": 64826066, ' \
			'"idle": 2044201}, "wmma": {"ops": 3400000, "busy": 88040000}, "plan": {"dram_bytes": 122683392, ' \
			'"roofs": {"peak_gflops": 61440.000, "dram_gbs": 960.000, "mall_gbs": 5300.000, "l2_gbs": 5120.000, "wmma_gflops": 122880.000, "fp64_gflops": 1920.000, "math": "WMMA"}}}' \
			>"$T/h4096.json"
		"$G" report "$T/h.hsaco" --model "$T/h4096.json" -o "$T/h4096.html" 2>>"$T/e9"
		for page in h512 h4096; do
			cat "$T/$page.html" "$(dirname "$0")/layout_check.html" >"$T/${page}_check.html"
			# shellcheck disable=SC2086
			timeout 120 "$CHROME" $flags --dump-dom "file://$(cd "$T" && pwd)/${page}_check.html" >"$T/${page}_dom.html" 2>/dev/null
			res=$(grep -o '<pre id="layout-check">[^<]*' "$T/${page}_dom.html" | sed 's/.*>//')
			case "$res" in
			"checked 3 pictures; nothing sticks out") ok "report_model_layout_$page" ;;
			*) nok "report_model_layout_$page" "${res:-no result from the page's check} ($T/${page}_check.html)" ;;
			esac
		done
		grep -q '>WMMA f16/bf16 peak 122.9 TFLOP/s<' "$T/h512.html" && grep -q '<div id="wmma-pipe">' "$T/h512.html" &&
			grep -q '>WMMA pipe busy [0-9.]* % ([0-9]* ops)<' "$T/h512.html" &&
			ok report_model_html_wmma_roof_and_pipe ||
			nok report_model_html_wmma_roof_and_pipe "no WMMA roof or pipe bar in $T/h512.html"
		# shellcheck disable=SC2086
		(cd "$T" && timeout 120 "$CHROME" $flags --screenshot="$T/h512.png" "file://$(cd "$T" && pwd)/h512.html" >/dev/null 2>&1)
		dims=$(od -An -tu1 -j16 -N8 "$T/h512.png" 2>/dev/null | awk '{ printf "%dx%d", $3 * 256 + $4, $7 * 256 + $8 }')
		[ "$dims" = 1200x900 ] && [ "$(wc -c <"$T/h512.png")" -gt 20000 ] && ok report_model_html_screenshot ||
			nok report_model_html_screenshot "$dims image of $(wc -c <"$T/h512.png" 2>/dev/null) bytes"
		[ -n "${REPORT_KEEP_SHOT:-}" ] && cp "$T/h512.png" "${REPORT_KEEP_SHOT%.png}-model.png"
	else
		nok report_model_layout_h512 "$(head -n 1 "$T/e9")"
	fi
	rm -rf "$P"
else
	skip report_html_chromium "no chromium on PATH (scripts/deps.sh installs it)"
fi

[ $fail -eq 0 ] && rm -rf "$T"
exit $fail
