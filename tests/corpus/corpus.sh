#!/bin/sh
# The foreign-kernel corpus through corpus_test: the code objects the LLVM under
# test built ($BUILD/llvmNN/tests/corpus, tests/llvm.sh).
# Env: BUILD (tests/run.sh).
set -u
. "$(dirname "$0")/../llvm.sh"
d="$LLVM_FIXTURES/tests/corpus"
if [ ! -d "$d" ]; then
	echo "not ok corpus: no code objects in $d (make LLVM=$LLVM_V fixtures)"
	exit 1
fi
exec "$BUILD/tests/corpus_test" "$d"
