#!/bin/sh
# The progress line of a long emulator or model run (docs/rdna3run.md,
# "Progress"): on a terminal, "rdna3run: emu: DONE/TOTAL workgroups, elapsed
# Ns, ETA Ns" (model: "workgroups simulated"), rewritten with '\r' and cleared
# before what follows; nothing when stderr is not a terminal, nothing on a
# terminal before the threshold.  The terminal is a pseudo-terminal from
# script(1) (util-linux, scripts/deps.sh); RDNA3_PROGRESS_AFTER_MS=0 makes the
# first report print at once, so no check depends on how fast the host is.
# Env: BUILD, RDNA3GEN, RDNA3RUN (tests/run.sh).
set -u
R="$RDNA3RUN"
G="$RDNA3GEN"
T="$BUILD/tests/progress.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../llvm.sh"

if ! command -v script >/dev/null 2>&1; then
	nok progress_script "no script(1): install bsdutils (scripts/deps.sh)"
	rm -rf "$T"
	exit $fail
fi

"$G" sgemm-naive -o "$T/k.hsaco" >"$T/gen.err" 2>&1 || nok progress_kernel "$(head -n 2 "$T/gen.err" | tr '\n' '|')"
RUN="$R $T/k.hsaco --gemm 64 64 64 --backend emu"

# on_tty NAME AFTER_MS ARGS: rdna3run under a pseudo-terminal (stdout and stderr
# both go to it), what it wrote in $T/NAME.tty with '\r' as line ends; AFTER_MS
# "-" leaves RDNA3_PROGRESS_AFTER_MS unset.
on_tty() {
	name=$1 after=$2; shift 2
	if [ "$after" = - ]; then
		script -qfec "$RUN $*" /dev/null </dev/null >"$T/$name.raw" 2>&1
	else
		RDNA3_PROGRESS_AFTER_MS=$after script -qfec "$RUN $*" /dev/null </dev/null >"$T/$name.raw" 2>&1
	fi
	rc=$?
	tr '\r' '\n' <"$T/$name.raw" >"$T/$name.tty"
	[ "$rc" -eq 0 ] || nok "$name" "exit $rc: $(head -n 3 "$T/$name.tty" | tr '\n' '|')"
	return $rc
}

# cleared NAME NEXT: after the last progress line comes a line of spaces only
# (the line cleared), then NEXT (a pattern): what follows starts clean.
cleared() {
	awk -v next_re="$2" '
		/^rdna3run: (emu|model): [0-9]+\/[0-9]+ / { at = NR }
		{ line[NR] = $0 }
		END {
			if (!at) exit 1
			if (line[at + 1] !~ /^ +$/) exit 1
			exit line[at + 2] ~ next_re ? 0 : 1
		}' "$T/$1.tty"
}

# --- on a terminal --------------------------------------------------------------------------
# the emulator, on two threads (the workgroup count is shared between them)
if on_tty progress_tty_emu 0 -j 2; then
	grep -Eq '^rdna3run: emu: [0-9]+/16 workgroups, elapsed [0-9]+s(, ETA [0-9]+s)? *$' "$T/progress_tty_emu.tty" &&
		ok progress_tty_emu || nok progress_tty_emu "no progress line: $(head -c 400 "$T/progress_tty_emu.tty" | tr '\n' '|')"
	cleared progress_tty_emu '^emu: [0-9]+ wave-instructions' && ok progress_tty_emu_cleared ||
		nok progress_tty_emu_cleared "the line is not cleared before the statistics: $(tr '\n' '|' <"$T/progress_tty_emu.tty" | head -c 600)"
fi

# the model: sampled, its first count is the line-sharing pass; --model-full
# has none, its first count is the workgroups it simulates
for mode in model model-full; do
	args=--model what='workgroups run to measure line sharing'
	[ $mode = model-full ] && args='--model --model-full' what='workgroups simulated'
	if on_tty "progress_tty_$mode" 0 $args; then
		grep -Eq "^rdna3run: model: [0-9]+/[0-9]+ $what, elapsed [0-9]+s" "$T/progress_tty_$mode.tty" &&
			ok "progress_tty_$mode" ||
			nok "progress_tty_$mode" "no progress line: $(head -c 400 "$T/progress_tty_$mode.tty" | tr '\n' '|')"
		cleared "progress_tty_$mode" '^model: [0-9]+ cycles' && ok "progress_tty_${mode}_cleared" ||
			nok "progress_tty_${mode}_cleared" "the line is not cleared before the prediction: $(tr '\n' '|' <"$T/progress_tty_$mode.tty" | head -c 600)"
	fi
done

# before the threshold (2 s unset; this launch takes milliseconds), and with a
# threshold that is not a number (the 2 s stand), nothing
for after in - x; do
	n=progress_tty_quick_$([ "$after" = - ] && echo unset || echo not_a_number)
	if on_tty "$n" "$after" --model; then
		grep -q elapsed "$T/$n.tty" && nok "$n" "a line before 2 s: $(grep -m1 elapsed "$T/$n.tty")" || ok "$n"
	fi
done

# --- not on a terminal ------------------------------------------------------------------------
# stderr a file, the threshold 0: nothing, byte for byte the run without it
for args in "-j 2" --model "--model --model-full"; do
	n=$(echo "$args" | tr -d ' -')
	$RUN $args >"$T/pipe_$n.out" 2>"$T/pipe_$n.err"
	RDNA3_PROGRESS_AFTER_MS=0 $RUN $args >"$T/pipe0_$n.out" 2>"$T/pipe0_$n.err"
	if grep -q 'elapsed' "$T/pipe0_$n.err" || [ "$(tr -d -c '\r' <"$T/pipe0_$n.err" | wc -c)" -ne 0 ]; then
		nok "progress_pipe_$n" "a progress line off the terminal: $(tr '\r' '|' <"$T/pipe0_$n.err" | head -c 300)"
	elif ! cmp -s "$T/pipe_$n.err" "$T/pipe0_$n.err"; then
		nok "progress_pipe_$n" "stderr differs with RDNA3_PROGRESS_AFTER_MS=0"
	else
		ok "progress_pipe_$n"
	fi
done

rm -rf "$T"
exit $fail
