#!/bin/sh
# The GPU target is data: its name is written in isa/targets.def, and in
# model/devices.def as the target a described card runs, and nowhere else in
# the sources.  Every C file, header, .def, make fragment and Makefile
# of the tree, scripts/*.sh and everything in bench/ is searched for the name
# of each row (scripts/target.sh --all); tests/, docs/, build/ and the table
# itself are left out.  A hit is printed as FILE:LINE.  The search is first
# run on a made-up tree with the first row's name in a source, the last
# row's in a header, one in bench/ and one in
# each place left out, so a search that finds nothing cannot pass for a clean
# tree.
. tests/check.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

names=$(sh scripts/target.sh --all) || { nok target_names_read "scripts/target.sh --all failed"; exit 1; }

# The files searched under the tree $1, one a line, relative to it.
searched() {
	(cd "$1" && {
		find . \( -path ./build -o -path ./tests -o -path ./docs -o -path ./.git \) -prune -o \
			-type f \( -name '*.c' -o -name '*.h' -o -name '*.def' -o -name '*.mk' -o -name Makefile \) -print
		[ -d scripts ] && find ./scripts -type f -name '*.sh'
		[ -d bench ] && find ./bench -type f
	} | sed 's|^\./||' | grep -vx -e 'isa/targets.def' -e 'model/devices.def' | sort -u)
}

# FILE:LINE of every line of a searched file under $1 that names a target.
hits() {
	searched "$1" >"$tmp/files"
	for n in $names; do
		(cd "$1" && xargs grep -nF -e "$n" /dev/null <"$tmp/files") | cut -d: -f1,2
	done | sort -u
}

# The checker itself, on a made-up tree.
fake="$tmp/tree"
mkdir -p "$fake/isa" "$fake/src" "$fake/bench" "$fake/tests" "$fake/docs" "$fake/build"
cp isa/targets.def "$fake/isa/"
mkdir -p "$fake/model"
first=$(echo "$names" | head -n 1)
last=$(echo "$names" | tail -n 1)
[ "$(echo "$names" | wc -l)" -ge 6 ] && ok target_literal_every_row ||
	nok target_literal_every_row "scripts/target.sh --all: $(echo $names)"
printf 'int a;\n/* %s */\n' "$first" >"$fake/src/x.c"
printf '/* %s */\n' "$last" >"$fake/src/y.h"
printf 'MDL_DEVICE(card, "Card", "%s",)\n' "$first" >"$fake/model/devices.def"
printf '/* %s */\n' "$first" >"$fake/model/devices.c"
printf 'clang --offload-arch=%s\n' "$first" >"$fake/bench/run.sh"
for f in tests/t.c docs/d.md build/b.c; do printf '%s\n' "$first" >"$fake/$f"; done
got=$(hits "$fake" | tr '\n' ' ')
[ "$got" = "bench/run.sh:1 model/devices.c:1 src/x.c:2 src/y.h:1 " ] && ok target_literal_checker_finds ||
	nok target_literal_checker_finds "on a made-up tree: found '$got', want 'bench/run.sh:1 model/devices.c:1 src/x.c:2 src/y.h:1 '"

# The tree.
got=$(hits . | tr '\n' ' ')
[ -z "$got" ] && ok target_named_only_in_table ||
	nok target_named_only_in_table "target name outside isa/targets.def (use its row): $got"
exit $fail
