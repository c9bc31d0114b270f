#!/bin/sh
# The foreign-kernel corpus: every code object directory the build made (one per
# installed LLVM: $BUILD/tests/corpus/llvm19, llvm22) through corpus_test.
# Env: BUILD (tests/run.sh).
set -u
dirs=""
for d in "$BUILD"/tests/corpus/llvm*; do
	[ -d "$d" ] && dirs="$dirs $d"
done
if [ -z "$dirs" ]; then
	echo "not ok corpus: no code objects under $BUILD/tests/corpus (no clang-19 or clang-22?)"
	exit 1
fi
# shellcheck disable=SC2086 # one argument per directory
exec "$BUILD/tests/corpus_test" $dirs
