#!/bin/sh
# Test runner.  Usage: tests/run.sh BUILD_DIR [PROGRAM ...] -- [SCRIPT ...]
#
# Protocol (tests/check.h for C, tests/check.sh for sh): every test program or
# script prints one line per check,
#   "ok NAME"  or  "not ok NAME: why"  or  "skip NAME: why"
# and exits 0 if no check failed.  A skip (a tool missing here) is counted and
# shown, never as a pass.  A program that exits non-zero without printing a
# "not ok" line (a crash, a sanitizer report) counts as one failed check of its
# own; so does one that printed no line at all (it tested nothing).  Scripts
# get BUILD, RDNA3GEN, RDNA3RUN and SAN in the environment.  The last line is
# "N passed, N failed, N skipped".
set -u
BUILD=$1; shift
export BUILD
export RDNA3GEN="$BUILD/rdna3gen" RDNA3RUN="$BUILD/rdna3run"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
log="$BUILD/tests/log"
mkdir -p "$log"
pass=0 fail=0 skipped=0

run_one() { # NAME CMD...
	name=$1; shift
	out="$log/$(echo "$name" | tr '/' '_').out"
	"$@" >"$out" 2>&1
	rc=$?
	p=$(grep -c '^ok ' "$out")
	f=$(grep -c '^not ok ' "$out")
	s=$(grep -c '^skip ' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
		echo "not ok $name: exited with status $rc" >>"$out"
	fi
	if [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && [ "$s" -eq 0 ]; then
		f=1
		echo "not ok $name: ran no checks" >>"$out"
	fi
	pass=$((pass + p)); fail=$((fail + f)); skipped=$((skipped + s))
	if [ "$f" -ne 0 ]; then
		echo "FAIL $name ($p passed, $f failed) — log: $out"
		grep '^not ok ' "$out" | head -n 20 | sed 's/^/  /'
		[ "$rc" -ne 0 ] && tail -n 15 "$out" | grep -v '^ok ' | sed 's/^/  | /'
	elif [ "$s" -ne 0 ]; then
		echo "PASS $name ($p checks, $s skipped)"
		grep '^skip ' "$out" | sed 's/^/  /'
	else
		echo "PASS $name ($p checks)"
	fi
}

mode=bin
for t in "$@"; do
	if [ "$t" = "--" ]; then mode=script; continue; fi
	if [ "$mode" = bin ]; then
		run_one "$(basename "$t")" "$t"
	else
		run_one "$t" sh "$t"
	fi
done
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
