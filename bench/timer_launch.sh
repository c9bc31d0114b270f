#!/bin/sh
# timer_launch.sh SOURCE — the launch_us to charge a figure measured by
# SOURCE (a manifest's source_of_measurement, or "seed"): the second column
# of the first line of bench/truth_timers.tsv whose prefix starts SOURCE
# ("model": the model's own launch_us), or nothing when no line names
# SOURCE (see that file).
set -eu
[ $# -eq 1 ] || { echo "usage: timer_launch.sh SOURCE" >&2; exit 2; }
awk -F '\t' -v src="$1" '/^#/ || NF < 3 { next }
	index(src, $1) == 1 { print $2; exit }' "$(dirname "$0")/truth_timers.tsv"
