#!/bin/sh
# CLI behaviour of rdna3gen: listing, help, parameters from flags and YAML,
# outputs, and every bad-input case (exit 2, one-line message, nothing
# written, an existing output left untouched).
set -u
G=${RDNA3GEN:-build/rdna3gen}
. "$(dirname "$0")/../llvm.sh"
T=$(mktemp -d "${TMPDIR:-/tmp}/cli_XXXXXX")
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/../check.sh"

# ---- good runs
out=$("$G" list 2>&1) && echo "$out" | grep -q '^scale:' && echo "$out" | grep -q '^sgemm-naive:' &&
	echo "$out" | grep -q -- '--bx .*1\.\.1024 .*default 16' && ok "list shows templates, ranges, defaults" ||
	nok "list" "$out"
out=$("$G" --help 2>&1) && echo "$out" | grep -q '^usage: rdna3gen list' && ok "--help" || nok "--help" "$out"
out=$("$G" --version 2>&1) && echo "$out" | grep -Eq '^rdna3gen [0-9]+\.[0-9]+' && ok "--version" || nok "--version" "$out"
out=$("$G" sgemm-naive --help 2>&1) && echo "$out" | grep -q -- '--by' && echo "$out" | grep -q 'preset k1' &&
	ok "TEMPLATE --help lists its parameters and presets" || nok "TEMPLATE --help" "$out"

"$G" scale -o "$T/a.s" 2>"$T/err" && grep -q '^scale:' "$T/a.s" && grep -q '.amdhsa_code_object_version 5' "$T/a.s" &&
	ok "scale -o a.s writes assembly (code object v5 by default)" || nok "scale -o a.s" "$(cat "$T/err")"

cat >"$T/cfg.yaml" <<'EOF'
# comment
block: 128
items: 2
mode: wgp
EOF
"$G" scale --config "$T/cfg.yaml" --items 3 -o "$T/b.s" 2>"$T/err" &&
	grep -q -- '--block 128 --items 3 --mode wgp' "$T/b.s" && grep -q 'workgroup_processor_mode 1' "$T/b.s" &&
	ok "YAML values used, flags override them" || nok "YAML + flags" "$(cat "$T/err"; head -2 "$T/b.s")"
printf 'preset: wide\nblock: 64\n' >"$T/p.yaml"
"$G" scale --config "$T/p.yaml" -o "$T/p.s" 2>"$T/err" && grep -q -- 'preset wide' "$T/p.s" &&
	grep -q -- '--block 64 --items 4' "$T/p.s" && ok "preset from YAML, then YAML values over it" ||
	nok "YAML preset" "$(cat "$T/err")"
"$G" sgemm-naive --preset k1 --by 8 -o "$T/k1.s" 2>"$T/err" && grep -q -- '--bx 16 --by 8 --mode wgp' "$T/k1.s" &&
	ok "--preset then flags" || nok "--preset" "$(cat "$T/err")"
"$G" sgemm-naive --bx=8 --by=4 --cu -o "$T/eq.s" 2>"$T/err" && grep -q -- '--bx 8 --by 4 --mode cu' "$T/eq.s" &&
	ok "--name=value form" || nok "--name=value" "$(cat "$T/err")"
"$G" scale --no-version-directive --code-object 4 -o "$T/nv.s" 2>"$T/err" &&
	! grep -q 'amdhsa_code_object_version' "$T/nv.s" && grep -q 'amdhsa.version: \[ 1, 1 \]' "$T/nv.s" &&
	ok "--no-version-directive, --code-object 4" || nok "--no-version-directive" "$(cat "$T/err")"

"$G" sgemm-naive -o "$T/k.hsaco" --keep-s -v 2>"$T/err" && [ -s "$T/k.hsaco" ] && [ -s "$T/k.s" ] &&
	grep -q 'clang-[0-9]* -target amdgcn-amd-amdhsa -mcpu=gfx1100 -c' "$T/err" &&
	grep -q 'ld.lld-[0-9]* -shared' "$T/err" && ok "-o k.hsaco --keep-s -v: both files, commands logged" ||
	nok "hsaco build" "$(cat "$T/err")"
for co in 4 5 6; do
	"$G" scale --code-object $co -o "$T/co$co.hsaco" 2>"$T/err" && [ -s "$T/co$co.hsaco" ] &&
		ok "--code-object $co builds" || nok "--code-object $co" "$(cat "$T/err")"
done
out=$("$G" sgemm-naive --summary -o "$T/sum.s" 2>&1) && echo "$out" | grep -q 'VGPRs [0-9]*, SGPRs' &&
	ok "--summary" || nok "--summary" "$out"
out=$(RDNA3_CLANG=clang-14 "$G" scale -o "$T/old.hsaco" 2>&1)
rc=$?
if command -v clang-14 >/dev/null 2>&1; then
	[ $rc -eq 1 ] && echo "$out" | grep -q 'LLVM 14' && [ ! -e "$T/old.hsaco" ] &&
		ok "RDNA3_CLANG=clang-14 refused with the reason" || nok "old clang" "rc $rc: $out"
fi

"$G" scale -o "$T/sr.s" --report "$T/sr.json" 2>"$T/err" && grep -q '"kernel": "scale"' "$T/sr.json" &&
	ok "--report on a template without a report of its own: the bank report" || nok "scale --report" "$(cat "$T/err")"
# The toolchain finder, with stand-in tools: an LLVM older than 19 is refused
# with the reason, whether named by RDNA3_CLANG or found on PATH.
mkdir -p "$T/old"
for t in clang-18 ld.lld-18; do
	printf '#!/bin/sh\necho "Debian clang version 18.1.8"\necho "Debian LLD 18.1.8"\n' >"$T/old/$t"
	chmod +x "$T/old/$t"
done
out=$(RDNA3_CLANG="$T/old/clang-18" "$G" scale -o "$T/o18.hsaco" 2>&1)
rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'is LLVM 18; gfx1100 code needs LLVM >= 19' && [ ! -e "$T/o18.hsaco" ] &&
	ok "RDNA3_CLANG naming LLVM 18: refused with the reason" || nok "RDNA3_CLANG LLVM 18" "rc $rc: $out"
out=$(env -u RDNA3_CLANG -u RDNA3_LLD PATH="$T/old" "$G" scale -o "$T/p18.hsaco" 2>&1)
rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'only clang-18 found on PATH' && [ ! -e "$T/p18.hsaco" ] &&
	ok "only clang-18 on PATH: refused with the reason" || nok "clang-18 on PATH" "rc $rc: $out"
rm -rf "$T/old"

# Outputs are written together: a --report that cannot be written leaves the
# code object and the .s as they were.
echo "keep me" >"$T/keep.hsaco"
rm -f "$T/keep.s"
"$G" scale -o "$T/keep.hsaco" --keep-s --report "$T/missing/r.txt" 2>"$T/err"
rc=$?
[ $rc -eq 1 ] && [ "$(cat "$T/keep.hsaco")" = "keep me" ] && [ ! -e "$T/keep.s" ] &&
	[ "$(wc -l <"$T/err")" -eq 1 ] && ! ls -a "$T" | grep -q 'tmp' &&
	ok "unwritable --report: exit 1, no output replaced, no temporary file" ||
	nok "unwritable --report" "rc $rc: $(cat "$T/err")"

# ---- bad input: exit 2, one line naming the problem, nothing written, old output kept
bad() { # NAME PATTERN ARGS... (output file $T/x.s)
	name=$1 pat=$2
	shift 2
	echo "keep me" >"$T/x.s"
	rm -f "$T/y.s" "$T/y.hsaco"
	"$G" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	lines=$(wc -l <"$T/err")
	if [ $rc -ne 2 ]; then
		nok "$name" "exit $rc, want 2: $(cat "$T/err")"
	elif [ "$lines" -ne 1 ] || ! grep -q "$pat" "$T/err"; then
		nok "$name" "message: $(cat "$T/err")"
	elif [ "$(cat "$T/x.s")" != "keep me" ] || [ -e "$T/y.s" ] || [ -e "$T/y.hsaco" ]; then
		nok "$name" "an output was written"
	elif ls -a "$T" | grep -q 'tmp'; then
		nok "$name" "temporary file left"
	else
		ok "$name: exit 2, '$(cat "$T/err")'"
	fi
}
bad "unknown template" "unknown template 'sgemm-fast'" sgemm-fast -o "$T/x.s"
bad "unknown parameter" "unknown parameter '--blocks'" scale --blocks 64 -o "$T/x.s"
bad "parameter of another template" "unknown parameter '--bx'" scale --bx 16 -o "$T/x.s"
bad "value above range" "block: 2048 is out of range 32..1024" scale --block 2048 -o "$T/x.s"
bad "value below range" "items: 0 is out of range 1..16" scale --items 0 -o "$T/x.s"
bad "not a number" "block: 'big' is not a decimal integer" scale --block big -o "$T/x.s"
bad "constraint between values" "not a multiple of 32" scale --block 48 -o "$T/x.s"
bad "bx not a power of two" "bx: 24 is not a power of two" sgemm-naive --bx 24 -o "$T/x.s"
bad "workgroup too large" "at most 1024" sgemm-naive --bx 64 --by 32 -o "$T/x.s"
bad "bad enum" "mode: 'big' is not one of cu|wgp" scale --mode big -o "$T/x.s"
bad "bad code object" "code-object: 3 is out of range 4..6" scale --code-object 3 -o "$T/x.s"
bad "unknown preset" "unknown preset 'k9'" sgemm-naive --preset k9 -o "$T/x.s"
bad "missing value" "needs a value" scale -o "$T/x.s" --block
bad "no output" "no output" scale --block 64
bad "bad output name" "must end in .s or .hsaco" scale -o "$T/y.txt"
bad "report over the output" "the same file as an output" scale -o "$T/y.s" --report "$T/y.s"
bad "report format twice" "given twice" scale -o "$T/y.s" --report "$T/r.txt" --report-format json --report-format text
printf 'block: 64\nitems: [1, 2]\n' >"$T/list.yaml"
bad "YAML list value" "list.yaml:2: value of 'items' must be a single value" scale --config "$T/list.yaml" -o "$T/x.s"
printf 'block: 64\n  items: 2\n' >"$T/indent.yaml"
bad "malformed YAML" "indent.yaml:2: malformed YAML" scale --config "$T/indent.yaml" -o "$T/x.s"
printf 'block: 64\nitems: 99\n' >"$T/range.yaml"
bad "YAML value out of range" "range.yaml:2: items: 99 is out of range" scale --config "$T/range.yaml" -o "$T/x.s"
printf 'block: 64\nwarp: 2\n' >"$T/unk.yaml"
bad "YAML unknown parameter" "unk.yaml:2: unknown parameter 'warp'" scale --config "$T/unk.yaml" -o "$T/x.s"
printf 'block: 64\nblock: 128\n' >"$T/dup.yaml"
bad "YAML duplicate key" "dup.yaml:2: 'block' given twice" scale --config "$T/dup.yaml" -o "$T/x.s"
bad "missing YAML file" "cannot open" scale --config "$T/none.yaml" -o "$T/x.s"
# names are checked as they are read (an unknown one is reported before the
# rest of the file is parsed), duplicates by parameter, not by spelling
printf 'warp: 2\nblock: 64\n  items: 2\n' >"$T/unk_first.yaml"
bad "YAML unknown name before the rest" "unk_first.yaml:1: unknown parameter 'warp'" scale --config "$T/unk_first.yaml" -o "$T/x.s"
printf 'version-directive: true\nversion_directive: false\n' >"$T/dup_spelling.yaml"
bad "YAML one parameter, two spellings" "dup_spelling.yaml:2: 'version_directive' given twice (first on line 1)" \
	scale --config "$T/dup_spelling.yaml" -o "$T/x.s"
awk 'BEGIN { printf "# "; for (i = 0; i < 17000; i++) printf "0123456789012345678901234567890123456789012345678901234567890123"; print ""; print "block: 64" }' >"$T/big.yaml"
bad "YAML over 1 MiB" "big.yaml: larger than 1024 KiB" scale --config "$T/big.yaml" -o "$T/x.s"
bad "bad value overwrites nothing" "out of range" scale --block 4096 -o "$T/x.s"
bad "bad value, hsaco output" "out of range" scale --items 17 -o "$T/y.hsaco"

[ $fail -eq 0 ]
