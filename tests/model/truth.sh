#!/bin/sh
# The ground-truth kernels (../shared/groundtruth, or $RDNA3_GROUNDTRUTH) still
# run on the emulator and compute what they should (tests/model/truth_test.c).
# Skipped, with the reason, where the folder is not there.  Env: BUILD.
set -u
dir=${RDNA3_GROUNDTRUTH:-../shared/groundtruth}
if [ ! -f "$dir/manifest.tsv" ]; then
	echo "skip truth: no ground-truth kernels at $dir (set RDNA3_GROUNDTRUTH)"
	exit 0
fi
exec "$BUILD/tests/truth_test" "$dir"
