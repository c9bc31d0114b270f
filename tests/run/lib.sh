# lib.sh — sourced by tests/run/*.sh after they set T (their scratch folder):
# the check library (tests/check.sh: ok, nok, skip and $fail) and expect.
. "$(dirname "$0")/../check.sh"

# expect NAME STATUS CMD...: CMD exits with STATUS, its output kept in
# $T/NAME.out and $T/NAME.err; a failure says why on exactly one "rdna3run: "
# line (a "rdna3run: backend" line aside), nothing else on stderr but "hipshim: "
# lines (so no sanitizer report).  Returns non-zero when the check failed.
expect() {
	name=$1 want=$2; shift 2
	"$@" >"$T/$name.out" 2>"$T/$name.err"
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		nok "$name" "exit $rc, want $want: $(grep -h -e '^check' "$T/$name.out" | head -n 2 | tr '\n' '|')$(head -n 3 "$T/$name.err" | tr '\n' '|')"
		return 1
	fi
	# (a line that says which backend and device run is not an error: "rdna3run:
	# backend ...", "rdna3run: no HIP device: running on ...", "rdna3run: the HIP
	# device cannot run this code object: running on ...")
	lines=$(grep '^rdna3run: ' "$T/$name.err" |
		grep -c -v -e '^rdna3run: backend ' -e '^rdna3run: [a-zA-Z ]*: running on the ')
	other=$(grep -v -c -e '^rdna3run: ' -e '^hipshim: ' "$T/$name.err")
	if [ "$want" -ne 0 ] && { [ "$lines" -ne 1 ] || [ "$other" -ne 0 ]; }; then
		nok "$name" "want one error line, got: $(head -n 5 "$T/$name.err" | tr '\n' '|')"
		return 1
	fi
	ok "$name"
}
