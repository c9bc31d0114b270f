#!/bin/sh
# Outputs never destroy what they should not, in both command lines
# (asm_out/files.c): files are compared by identity, not by name; an input,
# a folder, a FIFO or a symbolic link is never replaced; a character device is
# written straight and stays one; all outputs of a command or none; two
# outputs naming one file are refused; temporaries go with SIGTERM.
# Env: BUILD, RDNA3GEN, RDNA3RUN (tests/run.sh).
set -u
G=${RDNA3GEN:-build/rdna3gen}
R=${RDNA3RUN:-build/rdna3run}
. "$(dirname "$0")/../llvm.sh"
T=$(mktemp -d "${TMPDIR:-/tmp}/outputs_XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok $1"; }
nok() { echo "not ok $1: $2"; fail=1; }
# refused PATTERN CMD...: exit 1 with one error line matching PATTERN; else
# $why says what happened (a check then ends: && ok NAME || nok NAME "$why").
refused() {
	pat=$1
	shift
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	why="rc $rc: $(head -n 3 "$T/err" | tr '\n' '|')"
	[ $rc -eq 1 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q -- "$pat" "$T/err" || return 1
	why="refused ($(cat "$T/err")), but the files changed: $(ls -A "$T" | tr '\n' ' ')"
}
no_temps() { ! ls -a "$1" | grep -q 'tmp'; }

# ---- rdna3gen TEMPLATE
refused "name the same file" \
	"$G" scale -o "$T/x.s" --report "$T/./x.s" && [ ! -e "$T/x.s" ] && no_temps "$T" &&
	ok "-o x.s --report ./x.s: refused, nothing written" ||
	nok "-o x.s --report ./x.s: refused, nothing written" "$why"
"$G" scale -o "$T/k.hsaco" 2>"$T/err" || nok "build k.hsaco" "$(cat "$T/err")"
cp "$T/k.hsaco" "$T/k.orig"
mkdir -p "$T/sub"
refused "name the same file" \
	"$G" scale -o "$T/k.hsaco" --report "$T/sub/../k.hsaco" &&
	cmp -s "$T/k.hsaco" "$T/k.orig" && ok "-o k.hsaco --report sub/../k.hsaco: refused, code object intact" ||
	nok "-o k.hsaco --report sub/../k.hsaco: refused, code object intact" "$why"
mkdir "$T/dir"
refused "is a folder" "$G" scale -o "$T/y.s" --report "$T/dir" &&
	[ ! -e "$T/y.s" ] && [ -d "$T/dir" ] && no_temps "$T" && ok "-o y.s --report DIR: refused, no y.s" ||
	nok "-o y.s --report DIR: refused, no y.s" "$why"
mkfifo "$T/fifo"
refused "is a FIFO" "$G" scale -o "$T/y.s" --report "$T/fifo" &&
	[ -p "$T/fifo" ] && [ ! -e "$T/y.s" ] && ok "--report FIFO: refused, the FIFO stays one" ||
	nok "--report FIFO: refused, the FIFO stays one" "$why"
echo "precious" >"$T/target"
ln -s target "$T/link"
refused "symbolic link" "$G" scale -o "$T/link.s" --report "$T/link" &&
	[ -L "$T/link" ] && [ "$(cat "$T/target")" = precious ] && ok "--report LINK: refused, link and target intact" ||
	nok "--report LINK: refused, link and target intact" "$why"
printf 'block: 64\n' >"$T/cfg.yaml"
ln -s cfg.yaml "$T/cfg.s"
refused "symbolic link" "$G" scale --config "$T/cfg.yaml" -o "$T/cfg.s" &&
	[ "$(cat "$T/cfg.yaml")" = "block: 64" ] && ok "-o over the YAML input (through a link): refused" ||
	nok "-o over the YAML input (through a link): refused" "$why"
cp "$T/cfg.yaml" "$T/cfg2.s"
ln "$T/cfg2.s" "$T/cfg2.yaml" 2>/dev/null &&
	refused "is the input" "$G" scale --config "$T/cfg2.yaml" -o "$T/cfg2.s" &&
	ok "-o over a hard link of the YAML input: refused as the input" ||
		nok "-o over a hard link of the YAML input: refused as the input" "$why"
if [ -c /dev/null ]; then
	"$G" scale -o "$T/n.s" --report /dev/null 2>"$T/err" && [ -s "$T/n.s" ] && [ -c /dev/null ] &&
		ok "--report /dev/null: written straight, still a device" || nok "--report /dev/null" "$(cat "$T/err")"
fi

# ---- rdna3gen report
refused "is the input" \
	"$G" report "$T/k.hsaco" -o "$T/sub/../k.hsaco" && cmp -s "$T/k.hsaco" "$T/k.orig" &&
	ok "report k.hsaco -o sub/../k.hsaco: refused, input intact" ||
	nok "report k.hsaco -o sub/../k.hsaco: refused, input intact" "$why"
ln -s k.hsaco "$T/k2.hsaco"
refused "symbolic link" "$G" report "$T/k.hsaco" -o "$T/k2.hsaco" &&
	cmp -s "$T/k.hsaco" "$T/k.orig" && ok "report k.hsaco -o LINK: refused, input intact" ||
	nok "report k.hsaco -o LINK: refused, input intact" "$why"
"$G" report "$T/k.hsaco" -o /dev/null 2>"$T/err" && [ -c /dev/null ] && ok "report -o /dev/null" ||
	nok "report -o /dev/null" "$(cat "$T/err")"

# SIGTERM while the assembler works on a large .s: no temporary survives.
mkdir "$T/scratch"
awk '/^add1:/ { print; for (i = 0; i < 400000; i++) print "  v_add_nc_u32 v1, v1, v2"; next } { print }' \
	tests/loader/add1.s >"$T/big.s"
TMPDIR="$T/scratch" "$G" report "$T/big.s" -o "$T/big.txt" >/dev/null 2>&1 &
pid=$!
# The toolchain check and the assembly each make a folder, with a moment
# between the two: what the loop saw is kept, not listed a second time.
n=0
seen=
while [ $n -lt 200 ]; do
	seen=$(ls "$T/scratch")
	[ -n "$seen" ] && break
	sleep 0.05
	n=$((n + 1))
done
kill -TERM $pid 2>/dev/null
wait $pid
rc=$?
if [ -z "$seen" ]; then
	nok "SIGTERM during report" "no temporary folder appeared in time (rc $rc)"
elif [ $rc -ne 143 ]; then
	nok "SIGTERM during report" "finished before the signal (rc $rc): make big.s bigger"
else
	[ -z "$(ls -A "$T/scratch")" ] && [ ! -e "$T/big.txt" ] && ok "SIGTERM during report: temporaries removed" ||
		nok "SIGTERM during report" "left: $(ls -A "$T/scratch" "$T/scratch"/* 2>/dev/null | tr '\n' ' ')"
fi

# ---- rdna3run --dump
FX="$LLVM_FIXTURES/tests/loader"
cp "$FX/add1.hsaco" "$T/in.hsaco"
run_add1() { "$R" "$T/in.hsaco" --backend emu --grid 1 --block 64 --buffer buf=256 --arg count=64 "$@"; }
refused "is a folder" run_add1 --dump buf="$T/o.bin" --dump buf="$T/dir" &&
	[ ! -e "$T/o.bin" ] && no_temps "$T" && ok "--dump a=o.bin --dump b=DIR: refused, no o.bin" ||
	nok "--dump a=o.bin --dump b=DIR: refused, no o.bin" "$why"
refused "name the same file" run_add1 --dump buf="$T/o.bin" --dump buf="$T/./o.bin" &&
	[ ! -e "$T/o.bin" ] && ok "two dumps to one file: refused by name" ||
	nok "two dumps to one file: refused by name" "$why"
refused "is the input" run_add1 --dump buf="$T/sub/../in.hsaco" &&
	cmp -s "$T/in.hsaco" "$FX/add1.hsaco" && ok "--dump over the input code object: refused, input intact" ||
	nok "--dump over the input code object: refused, input intact" "$why"
run_add1 --dump buf=/dev/null --dump buf="$T/o.bin" >/dev/null 2>"$T/err" && [ -c /dev/null ] &&
	[ "$(wc -c <"$T/o.bin")" -eq 256 ] && ok "--dump /dev/null next to a file" ||
	nok "--dump /dev/null" "$(cat "$T/err")"
exit $fail
