#!/bin/sh
# The size rules of STYLE.md as checks: every function of the C sources
# (tests included) at most 120 lines, every source file at most 800 lines
# (tables of data, *.def and *.inc, and test corpora are not counted).
# scripts/func_lines.sh does the function count; it is checked on a made-up
# file first, so a checker that finds nothing cannot pass for a clean tree.
. tests/check.sh
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# The checker itself: a 121-line function is found, a 120-line one is not.
{ echo 'static int long_one(void)'; echo '{'; i=0
  while [ $i -lt 119 ]; do echo '	i++;'; i=$((i + 1)); done; echo '}'; } >"$tmp/long.c"
if sh scripts/func_lines.sh "$tmp/long.c" >"$tmp/out" 2>&1; then
	nok layout_checker_finds_121 "a 121-line function passed"
else
	grep -q 'long_one is 121 lines' "$tmp/out" && ok layout_checker_finds_121 ||
		nok layout_checker_finds_121 "$(cat "$tmp/out")"
fi
sed '3d' "$tmp/long.c" >"$tmp/ok.c"
sh scripts/func_lines.sh "$tmp/ok.c" >"$tmp/out" 2>&1 && ok layout_checker_passes_120 ||
	nok layout_checker_passes_120 "$(cat "$tmp/out")"

srcs=$(find . -path ./build -prune -o -path './tests/corpus' -prune -o \( -name '*.c' -o -name '*.h' \) -print | sort)
if sh scripts/func_lines.sh $srcs >"$tmp/out" 2>&1; then
	ok layout_functions_at_most_120_lines
else
	nok layout_functions_at_most_120_lines "$(tr '\n' ';' <"$tmp/out")"
fi

files=$(find . -path ./build -prune -o -path './tests/corpus' -prune -o \
	\( -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.mk' -o -name Makefile \) -print | sort)
long=$(wc -l $files | awk '$2 != "total" && $1 > 800 { printf "%s (%d lines) ", $2, $1 }')
[ -z "$long" ] && ok layout_files_at_most_800_lines || nok layout_files_at_most_800_lines "$long"
exit $fail
