#!/bin/sh
# help2man.sh PROGRAM DESCRIPTION [SECTION-TITLE SUBCOMMAND]: a man page (roff,
# on stdout) made from `PROGRAM --help`, so the page and --help are one text.
# DESCRIPTION is the one-line NAME entry.  With SECTION-TITLE and SUBCOMMAND,
# the output of `PROGRAM SUBCOMMAND` follows under that title (rdna3gen's
# `list`: every template, parameter and preset).
set -eu
prog=$1 desc=$2
name=$(basename "$prog")
help=$("$prog" --help)
version=$("$prog" --version | sed -n '1s/^[^ ]* //p')
upper=$(printf '%s' "$name" | tr 'a-z' 'A-Z')

# roff text: backslashes escaped, '-' as \- (a real minus, so options can be
# copied), a leading '.' or "'" made literal.
esc() { sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }

printf '.TH %s 1 "" "%s %s" "User Commands"\n' "$upper" "$name" "$version"
printf '.SH NAME\n%s \\- %s\n' "$name" "$(printf '%s' "$desc" | esc)"
# SYNOPSIS: the "usage:" line and the indented lines after it, up to the first blank one
printf '.SH SYNOPSIS\n.nf\n'
printf '%s\n' "$help" | sed -n '/^usage:/,/^$/p' | sed -e 's/^usage: //' -e 's/^       //' -e '/^$/d' | esc
printf '.fi\n.SH DESCRIPTION\n.nf\n'
printf '%s\n' "$help" | sed '/^usage:/,/^$/d' | esc
printf '.fi\n'
if [ $# -ge 4 ]; then
	printf '.SH %s\n.nf\n' "$3"
	"$prog" "$4" | esc
	printf '.fi\n'
fi
printf '.SH SEE ALSO\n'
for other in rdna3gen rdna3run; do
	[ "$other" = "$name" ] || printf '.BR %s (1)\n' "$other"
done
