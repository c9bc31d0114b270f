#!/bin/sh
# bench/truth.sh charges each ground-truth row the launch its timer held
# (bench/truth_timers.tsv).  A stand-in rdna3run records the arguments it is
# given and prints a model line; the manifest is made up: one row whose
# source starts with a prefix of the table, one whose source does not.
# Checked: the first gets one --model-constants file that ends with that
# line's launch_us (after the lines of $TRUTH_ARGS' own file), the second
# gets $TRUTH_ARGS' file untouched and is named on the last line, no run
# gets two, the other arguments of $TRUTH_ARGS reach every run, and the
# launch column prints what the model line says.  Then a $TRUTH_ARGS file
# that sets launch_us itself: it holds for both rows, and no row is named.
. tests/check.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tab=$(printf '\t')

# a line of the table with a launch of its own, not the model's
prefix=$(awk -F '\t' '!/^#/ && NF >= 3 && $2 != "model" { print $1; exit }' bench/truth_timers.tsv)
us=$(awk -F '\t' '!/^#/ && NF >= 3 && $2 != "model" { print $2; exit }' bench/truth_timers.tsv)
[ -n "$prefix" ] && [ -n "$us" ] || { nok truth_timers_table "no row in bench/truth_timers.tsv"; exit 1; }

mkdir -p "$tmp/build" "$tmp/gt/k"
cat >"$tmp/build/rdna3run" <<'STUB'
#!/bin/sh
# Records its arguments (one a line) and, for --model-constants, the file.
n=$(cat "$STUB_LOG.n" 2>/dev/null || echo 0)
echo $((n + 1)) >"$STUB_LOG.n"
out=$STUB_LOG.$n
launch=63.0
while [ $# -gt 0 ]; do
	echo "$1" >>"$out"
	if [ "$1" = --model-constants ]; then
		cat "$2" >"$out.consts"
		l=$(awk '$1 == "launch_us" { v = $2 } END { print v }' "$2")
		[ -n "$l" ] && launch=$l
	fi
	shift
done
echo "model: 1000 cycles = 100.000 us at 2500 MHz"
echo "model: $launch us of it are the launch (launch_us)"
echo "  VALU busy                   50.00 %  (1 SIMD-cycles)"
STUB
chmod +x "$tmp/build/rdna3run"
printf 'name\thsaco\tkernel\trdna3run_launch\tfom\tmeasured\tunit\tsource_of_measurement\n' >"$tmp/gt/manifest.tsv"
printf 'timed_by_table\tk/a.hsaco\tk\t--grid 1,1,1\t1e5/time\t1\tGFLOP/s\t%s PR 1: 1 GFLOP/s\n' "$prefix" >>"$tmp/gt/manifest.tsv"
printf 'timed_by_events\tk/a.hsaco\tk\t--grid 1,1,1\t1e5/time\t1\tGFLOP/s\tsomebody else: 1 GFLOP/s\n' >>"$tmp/gt/manifest.tsv"
printf 'wmma_issue 40\n' >"$tmp/user.consts"

STUB_LOG=$tmp/log TRUTH_ARGS="--model-full --model-constants $tmp/user.consts" \
	sh bench/truth.sh "$tmp/build" "$tmp/gt" >"$tmp/table" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok truth_timers_bench_runs || nok truth_timers_bench_runs "exit $rc: $(head -n 1 "$tmp/err")"

# run 0 is the table's row, run 1 the other (the manifest's order)
n0=$(grep -cx -- --model-constants "$tmp/log.0" 2>/dev/null)
n1=$(grep -cx -- --model-constants "$tmp/log.1" 2>/dev/null)
[ "$n0" = 1 ] && [ "$n1" = 1 ] && ok truth_timers_one_constants_file ||
	nok truth_timers_one_constants_file "--model-constants given $n0 and $n1 times"
last=$(awk 'NF { l = $0 } END { print l }' "$tmp/log.0.consts" 2>/dev/null)
first=$(head -n 1 "$tmp/log.0.consts" 2>/dev/null)
[ "$last" = "launch_us $us" ] && [ "$first" = "wmma_issue 40" ] && ok truth_timers_row_launch ||
	nok truth_timers_row_launch "the table's row got '$first' ... '$last', not the user's lines then 'launch_us $us'"
cmp -s "$tmp/log.1.consts" "$tmp/user.consts" && ok truth_timers_other_row_untouched ||
	nok truth_timers_other_row_untouched "the other row's constants differ from TRUTH_ARGS' file"
grep -qx -- --model-full "$tmp/log.0" && grep -qx -- --model-full "$tmp/log.1" && ok truth_timers_args_kept ||
	nok truth_timers_args_kept "--model-full did not reach every run"
l0=$(awk '$1 == "timed_by_table" { print $5 }' "$tmp/table")
l1=$(awk '$1 == "timed_by_events" { print $5 }' "$tmp/table")
awk -v a="$l0" -v b="$us" 'BEGIN { exit !(a + 0 == b + 0) }' && [ "$l1" = 63.0 ] && ok truth_timers_launch_column ||
	nok truth_timers_launch_column "launch column '$l0' and '$l1', not $us and 63.0"
last=$(tail -n 1 "$tmp/table")
[ "$last" = "timer not in bench/truth_timers.tsv, charged the model's launch_us: timed_by_events" ] &&
	ok truth_timers_unknown_named || nok truth_timers_unknown_named "last line '$last'"

# a constants file that sets launch_us: every row gets it, none is named
printf 'launch_us 5\n' >"$tmp/user5.consts"
rm -f "$tmp"/log.*
STUB_LOG=$tmp/log TRUTH_ARGS="--model-constants $tmp/user5.consts" \
	sh bench/truth.sh "$tmp/build" "$tmp/gt" >"$tmp/table5" 2>"$tmp/err5"
c0=$(awk '$1 == "timed_by_table" { print $5 }' "$tmp/table5")
c1=$(awk '$1 == "timed_by_events" { print $5 }' "$tmp/table5")
[ "$c0" = 5.0 ] && [ "$c1" = 5.0 ] && ! grep -q '^timer not in' "$tmp/table5" &&
	ok truth_timers_user_launch_wins || nok truth_timers_user_launch_wins "launch column '$c0' and '$c1'"
exit $fail
