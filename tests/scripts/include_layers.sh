#!/bin/sh
# Dependencies point one way: a folder of LAYERS (the Makefile's list, lowest
# first) includes headers of its own folder and of the folders before it,
# never of one after it.  Every C file and header directly in a layer's
# folder is searched for #include "FOLDER/...", and a hit that names a higher
# layer is printed as FILE:LINE -> FOLDER.  The checker first runs on a
# made-up tree (one include upward, one downward, one of a folder outside the
# list), so a checker that finds nothing cannot pass for a clean tree.
. tests/check.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The layers of the Makefile under $1, lowest first.
layers_of() {
	sed -n 's/^LAYERS *:= *//p' "$1/Makefile"
}

# FILE:LINE -> FOLDER for every include of a higher layer in the tree $1.
upward() {
	(cd "$1" && {
		i=0
		for l in $(layers_of .); do
			i=$((i + 1))
			echo "$l $i"
		done >"$tmp/rank"
		for l in $(layers_of .); do
			for f in "$l"/*.c "$l"/*.h; do
				[ -f "$f" ] || continue
				grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"[A-Za-z0-9_]*/' "$f" |
					sed 's|^\([0-9]*\):[^"]*"\([A-Za-z0-9_]*\)/.*|\1 \2|' |
					while read -r line to; do
						echo "$f $line $l $to"
					done
			done
		done | awk 'NR == FNR { rank[$1] = $2; next }
			($4 in rank) && rank[$4] > rank[$3] { printf "%s:%s -> %s\n", $1, $2, $4 }' "$tmp/rank" -
	})
}

# The checker itself, on a made-up tree: low (first), high (second), other.
fake="$tmp/tree"
mkdir -p "$fake/low" "$fake/high" "$fake/other"
echo 'LAYERS    := low high' >"$fake/Makefile"
printf '#include <stdio.h>\n#include "low/low.h"\n #include "high/high.h"\n' >"$fake/low/low.c"
printf '#include "low/low.h"\n#include "other/x.h"\n' >"$fake/high/high.c"
printf '#include "high/high.h"\n' >"$fake/other/x.c"
got=$(upward "$fake" | tr '\n' ' ')
[ "$got" = "low/low.c:3 -> high " ] && ok include_layers_checker_finds ||
	nok include_layers_checker_finds "on a made-up tree: found '$got', want 'low/low.c:3 -> high '"

# Every folder with C sources is a layer or is left out on purpose.
missing=""
for d in */; do
	d=${d%/}
	case " $(layers_of .) build tests bench fuzz examples " in *" $d "*) continue ;; esac
	ls "$d"/*.c "$d"/*.h >/dev/null 2>&1 && missing="$missing $d"
done
[ -z "$missing" ] && ok include_layers_cover_every_library ||
	nok include_layers_cover_every_library "folders with C sources not in the Makefile's LAYERS:$missing"

# The tree.
got=$(upward . | tr '\n' ' ')
[ -z "$got" ] && ok include_layers_point_down ||
	nok include_layers_point_down "a layer includes one above it (LAYERS, Makefile): $got"
exit $fail
