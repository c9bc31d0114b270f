#!/bin/sh
# The default ISA target's name, the first row of isa/targets.def (what clang's
# -mcpu and --offload-arch take), for the makefiles and the bench scripts, so
# that the name is written in the table only.
#   sh scripts/target.sh [ROOT]          the default target (ROOT: the source root, default .)
#   sh scripts/target.sh --all [ROOT]    every target, one a line
set -u
all=0
[ "${1:-}" = --all ] && { all=1; shift; }
def="${1:-.}/isa/targets.def"
names=$(sed -n 's/^ISA_TARGET(\([A-Za-z0-9_]*\),.*/\1/p' "$def")
if [ -z "$names" ]; then
	echo "scripts/target.sh: no ISA_TARGET(NAME, ...) row in $def" >&2
	exit 1
fi
if [ $all = 1 ]; then
	echo "$names"
else
	echo "$names" | head -n 1
fi
