#!/bin/sh
# The default ISA target's name, the first row of isa/targets.def (what clang's
# -mcpu and --offload-arch take), for the makefiles and the bench scripts, so
# that the name is written in the table only.
#   sh scripts/target.sh [ROOT]          the default target (ROOT: the source root, default .)
#   sh scripts/target.sh --all [ROOT]    every target, one a line
#   sh scripts/target.sh --fewest-cus [ROOT]  the target whose default card (its
#                                        first row in model/devices.def) has the
#                                        fewest CUs: the bench's small GPU
set -u
mode=default
case "${1:-}" in
--all) mode=all; shift ;;
--fewest-cus) mode=fewest; shift ;;
esac
root="${1:-.}"
def="$root/isa/targets.def"
names=$(sed -n 's/^ISA_TARGET(\([A-Za-z0-9_]*\),.*/\1/p' "$def")
if [ -z "$names" ]; then
	echo "scripts/target.sh: no ISA_TARGET(NAME, ...) row in $def" >&2
	exit 1
fi
case $mode in
all) echo "$names" ;;
default) echo "$names" | head -n 1 ;;
fewest)
	# MDL_DEVICE(name, "display", "target", ...: its first { N, ... } line
	# after the memory line is the CU count; a target's first row is its default
	t=$(awk '/^MDL_DEVICE\(/ { split($0, a, "\""); t = a[4]; n = 0; next }
		/^\t\{ [0-9]+,/ && n == 0 && t != "" {
			n = 1; c = $2; sub(",", "", c)
			if (!(t in seen)) { seen[t] = 1; if (best == "" || c + 0 < min) { min = c + 0; best = t } }
		}
		END { print best }' "$root/model/devices.def")
	if [ -z "$t" ] || ! echo "$names" | grep -qx "$t"; then
		echo "scripts/target.sh: no card of a target of $def in $root/model/devices.def" >&2
		exit 1
	fi
	echo "$t" ;;
esac
