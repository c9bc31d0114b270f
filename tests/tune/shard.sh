#!/bin/sh
# A kernel library built in shards: GNU parallel runs two shards of
# `rdna3gen tune --shapes --shard K/2` two at a time (the recipe of
# docs/tune.md on this machine), `rdna3gen tune merge` joins the parts, and
# the library is the one an unsharded run writes, byte for byte (index.yaml,
# summary.csv, every kernel and config).  One shape has K > 256, so the
# full-depth confirmation of the fastest candidates spans the shards.  Bad
# input: --shard without --shapes or with --time, a bad K/N, parts of
# different builds, a shard missing or given twice: one line, nothing
# written.  The Slurm recipe passes bash -n.
set -u
G=${RDNA3GEN:-build/rdna3gen}
case "$G" in /*) ;; *) G="$PWD/$G" ;; esac   # the test works in its own folder
T=$(mktemp -d "${TMPDIR:-/tmp}/tune_shard_XXXXXX")
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok $1"; }
no() { echo "not ok $1: $2"; fails=$((fails + 1)); }

cat >"$T/s.yaml" <<'YAML'
shapes:
  - {m: 40, n: 36, k: 300}
  - {m: [1, 8], n: 36, k: 20}
  - {m: 40, n: 36, k: 20, layout: NT}
YAML
cd "$T" || exit 1
S="--shapes s.yaml --budget 6 --confirm 2"
out=$("$G" tune sgemm $S -j 2 --cache c1 -o one 2>&1) || no "unsharded" "$out"
if command -v parallel >/dev/null 2>&1; then
	# shellcheck disable=SC2016
	out=$(parallel -j 2 --halt now,fail=1 "$G" tune sgemm $S -j 1 --cache 'c{}' --shard '{}/2' -o 'part{}' ::: 0 1 2>&1)
	rc=$?
	[ $rc -eq 0 ] && [ -s part0/part.txt ] && [ -s part1/part.txt ] && ok "GNU parallel: two shards, two jobs" ||
		no "parallel" "rc $rc: $out"
	out=$("$G" tune merge -o lib part0 part1 2>&1)
	rc=$?
	[ $rc -eq 0 ] && diff -r one lib >/dev/null && ok "the merged library is the unsharded one, byte for byte" ||
		no "merge" "rc $rc: $out $(diff -r one lib 2>&1 | head -5)"
	# the two shares are disjoint and cover the search: evaluated counts add up
	a=$(grep -c '^cand ' part0/part.txt) b=$(grep -c '^cand ' part1/part.txt)
	[ "$a" -gt 0 ] && [ "$b" -gt 0 ] && ok "each shard evaluated a share ($a and $b correct candidates)" ||
		no "shares" "$a $b"
	# another target: the merge builds the parts' target's kernels, predicted for its card
	S2="--shapes s.yaml --budget 4 --confirm 2 --target gfx1102"
	"$G" tune sgemm $S2 -j 2 --cache c1 -o one2 >/dev/null 2>&1
	parallel -j 2 "$G" tune sgemm $S2 -j 1 --cache 'c{}' --shard '{}/2' -o 'p2_{}' ::: 0 1 >/dev/null 2>&1
	out=$("$G" tune merge -o lib2 p2_0 p2_1 2>&1)
	rc=$?
	[ $rc -eq 0 ] && grep -q '^target gfx1102 rx7600$' p2_0/part.txt && diff -r one2 lib2 >/dev/null &&
		ok "--target gfx1102 in shards: the parts name the target and card, the merge is the unsharded build" ||
		no "merge gfx1102" "rc $rc: $out $(head -3 p2_0/part.txt) $(diff -r one2 lib2 2>&1 | head -3)"
else
	echo "skip parallel: GNU parallel is not installed (scripts/deps.sh installs it)"
fi

bad() {
	name=$1 want=$2 expect=$3
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc -eq "$want" ] && printf '%s' "$out" | grep -qF -- "$expect" && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] &&
		[ ! -e bad ]; then
		ok "$name"
	else
		no "$name" "rc $rc: $out"
	fi
}
bad "--shard without --shapes refused" 2 "with --shapes only" "$G" tune sgemm --shape 8 8 8 --shard 0/2 -o bad
bad "--shard with --time refused" 2 "--shard with --time" "$G" tune sgemm --shapes s.yaml --time 5 --shard 0/2 -o bad
bad "--shard 2/2 refused" 2 "--shard 2/2: K/N" "$G" tune sgemm $S --shard 2/2 -o bad
bad "--shard x refused" 2 "--shard x: K/N" "$G" tune sgemm $S --shard x -o bad
if [ -s part0/part.txt ]; then
	bad "merge: a shard missing" 1 "shard 1/2 is missing" "$G" tune merge -o bad part0
	bad "merge: a shard twice" 1 "shard 0/2 given twice" "$G" tune merge -o bad part0 part0 part1
	mkdir other && sed 's/^budget 6 /budget 7 /' part1/part.txt >other/part.txt
	bad "merge: parts of different builds" 1 "parts of different builds" "$G" tune merge -o bad part0 other
	mkdir cut && head -n 9 part1/part.txt >cut/part.txt
	bad "merge: a part cut short" 1 "malformed or cut short" "$G" tune merge -o bad part0 cut
fi
bad "merge: no parts" 2 "no parts" "$G" tune merge -o bad
bad "merge: not a part" 1 "part.txt" "$G" tune merge -o bad "$T/nothing"

cd - >/dev/null || exit 1
bash -n examples/cluster/tune-slurm.sbatch && ok "the Slurm recipe parses (bash -n)" || no "slurm" "bash -n"
[ $fails -eq 0 ]
