#!/bin/sh
# Test runner.  Usage: tests/run.sh BUILD_DIR [PROGRAM ...] -- [SCRIPT ...] [-- ONCE ...]
#
# Protocol (tests/check.h for C, tests/check.sh for sh): every test program or
# script prints one line per check,
#   "ok NAME"  or  "not ok NAME: why"  or  "skip NAME: why"
# and exits 0 if no check failed.  A skip (a tool missing here) is counted and
# shown, never as a pass.  A program that exits non-zero without printing a
# "not ok" line (a crash, a sanitizer report) counts as one failed check of its
# own; so does one that printed no line at all (it tested nothing).  Scripts
# get BUILD, RDNA3GEN, RDNA3RUN and SAN in the environment.  The last line is
# "N passed, N failed, N skipped", after a line "by LLVM: ..." with the
# counts per LLVM (the last line stays plain so any reader of it counts it).
#
# The toolchain matrix: every test runs once per installed LLVM >= 19
# (scripts/llvms.sh; at least two are required), named NAME@llvmNN, with
# RDNA3_LLVM=NN, RDNA3_CLANG=clang-NN and RDNA3_LLD=ld.lld-NN in its
# environment; tests take every LLVM tool and fixture from these
# (tests/llvm.h, tests/llvm.sh).  The programs and scripts listed after the
# second "--" touch no LLVM and run once.
set -u
BUILD=$1; shift
export BUILD
export RDNA3GEN="$BUILD/rdna3gen" RDNA3RUN="$BUILD/rdna3run"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
LLVMS=$(sh scripts/llvms.sh --require 2) || exit 1
log="$BUILD/tests/log"
mkdir -p "$log"
pass=0 fail=0 skipped=0

use_llvm() { # NN: the toolchain of the next test
	export RDNA3_LLVM=$1 RDNA3_CLANG=clang-$1 RDNA3_LLD=ld.lld-$1
}

run_one() { # NAME CMD...
	name=$1; shift
	out="$log/$(echo "$name" | tr '/@' '__').out"
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
	eval "pass_$tag=\$((pass_$tag + p)); fail_$tag=\$((fail_$tag + f)); skip_$tag=\$((skip_$tag + s))"
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

# Split the arguments: programs, scripts, and the names that run once.
progs="" scripts="" once="" mode=bin
for t in "$@"; do
	if [ "$t" = "--" ]; then
		[ "$mode" = bin ] && mode=script || mode=once
		continue
	fi
	case $mode in
	bin) progs="$progs $t" ;;
	script) scripts="$scripts $t" ;;
	once) once="$once $t" ;;
	esac
done

pass_once=0 fail_once=0 skip_once=0
for v in $LLVMS; do eval "pass_$v=0 fail_$v=0 skip_$v=0"; done

run_test() { # KIND PATH
	case " $once " in
	*" $2 "*)
		tag=once; use_llvm "${LLVMS%% *}"
		if [ "$1" = bin ]; then run_one "$(basename "$2")" "$2"; else run_one "$2" sh "$2"; fi
		return ;;
	esac
	for v in $LLVMS; do
		tag=$v; use_llvm "$v"
		if [ "$1" = bin ]; then run_one "$(basename "$2")@llvm$v" "$2"; else run_one "$2@llvm$v" sh "$2"; fi
	done
}

for t in $progs; do run_test bin "$t"; done
for t in $scripts; do run_test script "$t"; done

per=""
for v in $LLVMS; do
	eval "per=\"\$per LLVM $v: \$pass_$v passed, \$fail_$v failed, \$skip_$v skipped;\""
done
echo "by LLVM:${per} without LLVM: $pass_once passed, $fail_once failed, $skip_once skipped"
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
