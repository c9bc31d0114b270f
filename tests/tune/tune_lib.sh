#!/bin/sh
# rdna3gen tune --shapes: a kernel library on tiny shapes and a tiny budget.
# The files of LIB, each kernel rebuilt from its config, rdna3run LIB --gemm
# picking by the index (inside a range, the nearest outside, a layout the
# library lacks) and checking against OpenBLAS, the same index from the
# cache, and bad input (one line, nothing written): unknown template, bad
# shapes, unreadable and malformed shapes files, an assembler that fails,
# a candidate that faults on the emulator.
set -u
G=${RDNA3GEN:-build/rdna3gen}
R=${RDNA3RUN:-build/rdna3run}
export RDNA3RUN="$R"
T=$(mktemp -d "${TMPDIR:-/tmp}/tune_lib_XXXXXX")
trap 'rm -rf "$T"' EXIT
fails=0
ok() { echo "ok $1"; }
no() { echo "not ok $1: $2"; fails=$((fails + 1)); }

cat >"$T/shapes.yaml" <<'EOF'
# two NN shapes, one a range of M, and one NT shape
layout: nn
shapes:
  - {m: 40, n: 36, k: 20}
  - {m: [1, 8], n: 36, k: 20}
  - {m: 40, n: 36, k: 20, layout: NT}
EOF
out=$("$G" tune sgemm --shapes "$T/shapes.yaml" --budget 2 -j 2 --cache "$T/c" -o "$T/lib" 2>"$T/err")
rc=$?
n_hsaco=$(ls "$T/lib" 2>/dev/null | grep -c '\.hsaco$')
n_yaml=$(ls "$T/lib" 2>/dev/null | grep -c '^sgemm-.*\.yaml$')
if [ $rc -eq 0 ] && [ -s "$T/lib/index.yaml" ] && [ -s "$T/lib/summary.csv" ] && [ "$n_hsaco" -ge 2 ] &&
	[ "$n_hsaco" -eq "$n_yaml" ]; then
	ok "tune --shapes writes index.yaml, summary.csv and a kernel and a config per distinct winner"
else
	no "tune --shapes outputs" "rc $rc: $out $(cat "$T/err")"
fi
# the index: one entry per shape, in file order, ranges as given
grep -q '^target: gfx1100$' "$T/lib/index.yaml" && grep -q '^device: rx7900xtx$' "$T/lib/index.yaml" &&
	grep -q '^  - {m: 40, n: 36, k: 20, layout: NN, kernel: sgemm-nn-' "$T/lib/index.yaml" &&
	grep -q '^  - {m: \[1, 8\], n: 36, k: 20, layout: NN, .*tuned_at: \[8, 36, 20\]' "$T/lib/index.yaml" &&
	grep -q '^  - {m: 40, n: 36, k: 20, layout: NT, kernel: sgemm-nt-' "$T/lib/index.yaml" &&
	[ "$(grep -c '^  - {' "$T/lib/index.yaml")" -eq 3 ] && ok "index.yaml: the target, the card, the three shapes with their ranges" ||
	no "index.yaml" "$(cat "$T/lib/index.yaml")"
grep -q 'shape 2/3 (.*line 5): 8x36x20 NN' "$T/err" && ok "each shape announced on stderr, tuned at its upper end" ||
	no "progress per shape" "$(cat "$T/err")"
# every config rebuilds its kernel byte for byte
same=0 all=0
for y in "$T"/lib/sgemm-*.yaml; do
	all=$((all + 1))
	"$G" sgemm --config "$y" -o "$T/re.hsaco" 2>/dev/null && cmp -s "$T/re.hsaco" "${y%.yaml}.hsaco" && same=$((same + 1))
done
[ $all -ge 2 ] && [ $same -eq $all ] && ok "each config of LIB rebuilds its kernel" || no "configs" "$same of $all"

# rdna3run LIB --gemm: the pick, then the run and OpenBLAS check
nt=$(sed -n 's/.*layout: NT, kernel: \([^,]*\),.*/\1/p' "$T/lib/index.yaml")
out=$("$R" "$T/lib" --gemm 40 36 20 --layout nt --backend emu --check 2>&1)
printf '%s' "$out" | grep -q "40x36x20 NT on gfx1100 -> $T/lib/$nt (index line 13: .*inside its ranges.* for rx7900xtx; gfx1100 code)" &&
	printf '%s' "$out" | grep -q 'check: PASSED' && ok "rdna3run LIB --gemm picks the NT kernel and checks it" ||
	no "rdna3run LIB pick" "$out"
# 5 x 36 x 20 lies in [1, 8]; 3 x 36 x 20 is also in; 200 x 36 x 20 is nearest to 40 (log2 5 octaves)
# against [1, 8] (log2 25): the entry on line 11 is taken
out=$("$R" "$T/lib" --gemm 5 36 20 --backend emu --check 2>&1)
printf '%s' "$out" | grep -q 'index line 12: M 1..8 N 36..36 K 20..20, inside its ranges' &&
	printf '%s' "$out" | grep -q 'check: PASSED' && ok "rdna3run LIB: M = 5 inside the range 1..8" || no "range" "$out"
out=$("$R" "$T/lib" --gemm 200 36 20 --backend emu --check 2>&1)
printf '%s' "$out" | grep -q 'index line 11: M 40..40 .*the nearest entry, 2.32 octaves outside' &&
	printf '%s' "$out" | grep -q 'check: PASSED' && ok "rdna3run LIB: M = 200 runs the nearest entry (40)" ||
	no "nearest" "$out"
out=$("$R" "$T/lib" --gemm 8 8 8 --layout tt --backend emu 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q 'no kernel for layout TT' &&
	ok "rdna3run LIB: a layout the library lacks, one line" || no "layout" "rc $rc: $out"
out=$("$R" "$T/lib" --list 2>&1)
rc=$?
[ $rc -eq 2 ] && printf '%s' "$out" | grep -q 'needs --gemm' && ok "rdna3run LIB without --gemm refused" ||
	no "lib without gemm" "rc $rc: $out"
cp -r "$T/lib" "$T/lib2" && rm "$T/lib2/$nt"
out=$("$R" "$T/lib2" --gemm 8 8 8 --backend emu 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q "index.yaml:13: kernel: .*$nt" &&
	ok "rdna3run LIB with a kernel file missing: one line naming it" || no "missing kernel" "rc $rc: $out"

# A folder of libraries, one per target: rdna3run LIB/ picks the one of the
# running device's target: the emulator's default card (gfx1100) or
# --device-model's, the shim's RDNA3_SHIM_DEVICE through the HIP path; a
# device whose target has no library is refused with one line.
SHIM=${BUILD:-build}/hipshim/libamdhip64.so.6
mkdir -p "$T/set" && cp -r "$T/lib" "$T/set/gfx1100"
"$G" tune sgemm --shapes "$T/shapes.yaml" --budget 1 -j 2 --target gfx1151 --cache "$T/c" -o "$T/set/gfx1151" \
	>/dev/null 2>"$T/err51" && grep -q '^target: gfx1151$' "$T/set/gfx1151/index.yaml" &&
	grep -q '^device: 8060s$' "$T/set/gfx1151/index.yaml" && ok "tune --target gfx1151: its library, for the 8060S" ||
	no "gfx1151 library" "$(tail -n 2 "$T/err51")"
picks() { # NAME TARGET ARGS...: rdna3run's pick is TARGET's library, and the product checks
	name=$1 t=$2
	shift 2
	out=$("$@" --gemm 40 36 20 --check 2>&1)
	printf '%s' "$out" | grep -q "40x36x20 NN on $t -> $T/set/$t/sgemm-nn-.*; $t code)" &&
		printf '%s' "$out" | grep -q 'check: PASSED' && ok "$name" || no "$name" "$out"
}
picks "rdna3run LIB/: the emulator's default device picks gfx1100" gfx1100 "$R" "$T/set" --backend emu
picks "rdna3run LIB/ --device-model 8060s: the emulator as the 8060S picks gfx1151" gfx1151 \
	"$R" "$T/set" --backend emu --device-model 8060s
picks "rdna3run LIB/ through the shim, RDNA3_SHIM_DEVICE=8060s: gfx1151" gfx1151 \
	env RDNA3_HIP_LIB="$SHIM" RDNA3_SHIM_DEVICE=8060s "$R" "$T/set" --backend hip
picks "rdna3run LIB/ through the shim, its default device: gfx1100" gfx1100 \
	env RDNA3_HIP_LIB="$SHIM" "$R" "$T/set" --backend hip
out=$(env RDNA3_HIP_LIB="$SHIM" RDNA3_SHIM_DEVICE=8060s "$R" "$T/set" --gemm 40 36 20 --backend hip 2>&1 | grep 'on device 0')
printf '%s' "$out" | grep -q 'Radeon 8060S.*gfx1151' && ok "the gfx1151 kernel runs on the shim's 8060S" || no "shim run" "$out"
mkdir -p "$T/only51" && cp -r "$T/set/gfx1151" "$T/only51/"
for dev in "" 8060s; do
	[ -n "$dev" ] && lib="$T/set/gfx1100" want="has no kernel for gfx1151: its kernels are gfx1100 code" ||
		lib="$T/only51" want="has no kernel for gfx1100 (its libraries: gfx1151 in gfx1151)"
	out=$(env RDNA3_HIP_LIB="$SHIM" RDNA3_SHIM_DEVICE="$dev" "$R" "$lib" --gemm 40 36 20 --backend hip 2>&1)
	rc=$?
	[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q "$want" &&
		ok "rdna3run LIB/ without the running target's library: one line (device '${dev:-default}')" ||
		no "no library of the target (device '${dev:-default}')" "rc $rc: $out"
done
out=$("$R" "$T/only51" --gemm 40 36 20 --backend emu 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] &&
	printf '%s' "$out" | grep -q "has no kernel for gfx1100 .*(the device: the emulator, its default target)" &&
	ok "rdna3run LIB/ on the emulator without a gfx1100 library: one line" || no "emu, no library" "rc $rc: $out"

# from the cache: the same library, byte for byte
"$G" tune sgemm --shapes "$T/shapes.yaml" --budget 2 -j 1 --cache "$T/c" -o "$T/libc" >/dev/null 2>&1 &&
	sed 1d "$T/lib/index.yaml" >"$T/a" && sed 1d "$T/libc/index.yaml" >"$T/b" && cmp -s "$T/a" "$T/b" &&
	cmp -s "$T/lib/summary.csv" "$T/libc/summary.csv" && ok "a second run from the cache writes the same index" ||
	no "cache" "differs"

# bad input: one line, exit 2, nothing written
bad() { # NAME EXPECTED-RC PATTERN ARGS...
	name=$1 want=$2 pat=$3
	shift 3
	out=$("$G" "$@" --budget 1 --cache "$T/c" -o "$T/bad" 2>&1)
	rc=$?
	if [ $rc -eq "$want" ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q -- "$pat" &&
		[ ! -e "$T/bad" ]; then
		ok "$name"
	else
		no "$name" "rc $rc: $out"
	fi
}
shapes() { printf '%s\n' "$@" >"$T/s.yaml"; }
bad "--shapes: unknown template refused" 2 "unknown template 'nosuch'" tune nosuch --shapes "$T/shapes.yaml"
bad "--shapes: missing file" 2 "nofile.yaml: cannot open the shapes file" tune sgemm --shapes "$T/nofile.yaml"
bad "--shapes: a folder" 2 "cannot read the shapes file" tune sgemm --shapes "$T"
shapes 'shapes:' '  - {m: 4, n: [4, 5}'
bad "--shapes: malformed YAML" 2 "s.yaml:2: malformed YAML" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 0, n: 4, k: 4}'
bad "--shapes: M = 0 refused" 2 "s.yaml:2: m = '0' is not a size" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 4, n: 4, k: -8}'
bad "--shapes: negative K refused" 2 "k = '-8' is not a size" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 4, n: 4, k: 08}'
bad "--shapes: a leading zero refused (vocab integers)" 2 "k = '08'" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 4, n: 4, k: 8, tile: 3}'
bad "--shapes: unknown key refused" 2 "s.yaml:2: unknown key 'tile'" tune sgemm --shapes "$T/s.yaml"
shapes 'shape:' '  - {m: 4, n: 4, k: 8}'
bad "--shapes: unknown top-level key refused" 2 "s.yaml:1: unknown key 'shape'" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: [1, 16], n: 4, k: 8}' '  - {m: 16, n: 4, k: 8}'
bad "--shapes: overlapping ranges refused" 2 "s.yaml:3: this shape overlaps the shape on line 2" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: [16, 1], n: 4, k: 8}'
bad "--shapes: an empty range refused" 2 "range \[16, 1\] is empty" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 4, n: 4, k: 8}' '---' 'shapes:' '  - {m: 8, n: 4, k: 8}'
bad "--shapes: a second YAML document refused" 2 "s.yaml:3: only one YAML document is allowed" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 4, n: 4, k: 8, layout: XY}'
bad "--shapes: a bad layout refused" 2 "layout 'XY'" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes:' '  - {m: 4, n: 4}'
bad "--shapes: a shape without K refused" 2 "without 'k'" tune sgemm --shapes "$T/s.yaml"
shapes 'shapes: []'
bad "--shapes: no shapes refused" 2 "at least one shape" tune sgemm --shapes "$T/s.yaml"
bad "--shape with --shapes refused" 2 "give one" tune sgemm --shapes "$T/shapes.yaml" --shape 4 4 4
bad "--layout with --shapes refused" 2 "in the shapes file" tune sgemm --shapes "$T/shapes.yaml" --layout nt

# an assembler that fails on every candidate: each says so, the other shapes are still
# searched, then nothing is written
cat >"$T/clang" <<'EOF'
#!/bin/sh
case "$*" in *--version*) echo "clang version 19.1.0"; exit 0;; esac
echo "error: the assembler crashed" >&2; exit 139
EOF
chmod +x "$T/clang"
shapes 'shapes:' '  - {m: 40, n: 36, k: 20}' '  - {m: 8, n: 36, k: 20}'
out=$(RDNA3_CLANG="$T/clang" "$G" tune sgemm --shapes "$T/s.yaml" --budget 1 -j 2 --cache "$T/c2" -o "$T/bad" 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(printf '%s\n' "$out" | grep -c 'assembler-failed')" -eq 2 ] &&
	printf '%s' "$out" | grep -q 'line 3 (8x36x20 NN): no candidate was correct' &&
	printf '%s' "$out" | grep -q '2 of 2 shapes found no kernel; nothing written' && [ ! -e "$T/bad" ] &&
	ok "a failing assembler: one line per candidate and per shape, every shape tried, nothing written" ||
	no "assembler" "rc $rc: $out"

# a worker that dies checking a candidate (bm = 32: its check has M = 35; the
# test hook RDNA3_TUNE_CRASH_M kills it as an emulator crash would): the
# library is still built
shapes 'shapes:' '  - {m: 40, n: 36, k: 20}'
out=$(RDNA3_TUNE_CRASH_M=35 "$G" tune sgemm --shapes "$T/s.yaml" --budget 3 -j 2 --cache "$T/c3" -o "$T/lib4" 2>&1)
rc=$?
[ $rc -eq 0 ] && printf '%s' "$out" | grep -q 'candidate #0: fault' && [ -s "$T/lib4/index.yaml" ] &&
	! grep -q 'sgemm-nn-32x' "$T/lib4/index.yaml" &&
	ok "a candidate faulting on the emulator is reported, the library is built without it" ||
	no "fault" "rc $rc: $out"

# an existing LIB is replaced whole or not at all: an unwritable file keeps the old index
mkdir "$T/ro" && echo old >"$T/ro/index.yaml" && mkdir "$T/ro/summary.csv"
out=$("$G" tune sgemm --shapes "$T/shapes.yaml" --budget 2 --cache "$T/c" -o "$T/ro" 2>&1)
rc=$?
[ $rc -eq 1 ] && [ "$(cat "$T/ro/index.yaml")" = old ] && [ "$(ls "$T/ro" | wc -l)" -eq 2 ] &&
	printf '%s' "$out" | tail -1 | grep -q 'nothing written' && ok "a write that fails leaves LIB as it was" ||
	no "all or none" "rc $rc: $out; $(ls "$T/ro")"

# --backend hip without a GPU: refused before any search, nothing written
out=$("$G" tune sgemm --shapes "$T/shapes.yaml" --budget 1 --backend hip --cache "$T/c4" -o "$T/bad" 2>&1)
rc=$?
[ $rc -eq 3 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && printf '%s' "$out" | grep -q 'backend hip' &&
	[ ! -e "$T/bad" ] && ok "--shapes --backend hip without a GPU: one line, exit 3, nothing written" ||
	no "hip" "rc $rc: $out"

[ $fails -eq 0 ]
