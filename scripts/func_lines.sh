#!/bin/sh
# Functions longer than a limit in C files: prints "FILE:LINE: NAME is N lines"
# for each, exits 1 if there is one.  Usage: func_lines.sh [-n MAX] FILE...
# (default MAX 120).  A function is counted from its opening brace at column 0
# to its closing brace at column 0 (the project's style, STYLE.md), both
# included; its name is the last identifier before "(" on the lines above.
max=120
if [ "${1:-}" = -n ]; then
	max=$2
	shift 2
fi
[ $# -gt 0 ] || { echo "usage: func_lines.sh [-n MAX] FILE..." >&2; exit 2; }
awk -v max="$max" '
FNR == 1 { start = 0; sig = "" }
start == 0 && /^[A-Za-z_].*\(/ && !/;[ \t]*$/ { sig = $0; sigline = FNR }
start == 0 && /^\{/ && sig != "" {
	start = FNR
	name = sig
	sub(/\(.*/, "", name)
	sub(/.*[^A-Za-z0-9_]/, "", name)
	next
}
start == 0 && /^[^ \t{]/ && !/\($/ && !/,[ \t]*$/ && !/^[A-Za-z_].*\(/ { sig = "" }
start > 0 && /^\}/ {
	n = FNR - start + 1
	if (n > max) {
		printf "%s:%d: %s is %d lines (at most %d)\n", FILENAME, sigline, name, n, max
		bad = 1
	}
	start = 0
	sig = ""
}
END { exit bad }
' "$@"
