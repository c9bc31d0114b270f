#!/bin/sh
# scripts/llvms.sh, which decides the toolchain matrix of `make test`: it finds
# every LLVM >= 19 whose five tools are on PATH, and with --require 2 (what
# `make check` and tests/run.sh ask) it fails with a message naming what is
# missing; tests/run.sh then runs no test.  Stand-in PATHs hold links to the
# installed tools.
set -u
T=$(mktemp -d "${TMPDIR:-/tmp}/llvms_XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok $1"; }
nok() { echo "not ok $1: $2"; fail=1; }

all=$(sh scripts/llvms.sh)
n=$(echo "$all" | wc -w)
[ "$n" -ge 2 ] && ok "installed LLVMs >= 19: $all" || nok "installed LLVMs" "found '$all', the matrix needs two"

# PATH with the basic tools and LLVM 19 alone (links to the real ones)
mkdir "$T/one" "$T/old"
for t in sh sort tr grep wc mkdir basename cat; do ln -s "$(command -v $t)" "$T/one/$t"; ln -s "$(command -v $t)" "$T/old/$t"; done
for t in clang ld.lld llvm-mc llvm-objdump llvm-readelf; do
	ln -s "$(command -v $t-19)" "$T/one/$t-19"
	printf '#!/bin/sh\nexit 0\n' >"$T/old/$t-18"; chmod +x "$T/old/$t-18"
done
out=$(PATH="$T/one" sh scripts/llvms.sh)
[ "$out" = 19 ] && ok "one LLVM on PATH: listed" || nok "one LLVM on PATH" "printed '$out'"
out=$(PATH="$T/one" sh scripts/llvms.sh --require 2 2>&1 >/dev/null)
rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'need 2 LLVM toolchains >= 19' && echo "$out" | grep -q 'found 1: 19' &&
	echo "$out" | grep -q 'scripts/deps.sh' && ok "one LLVM: --require 2 fails naming what is missing" ||
	nok "one LLVM --require 2" "rc $rc: $out"
# an LLVM missing one of its tools does not count
rm "$T/one/llvm-readelf-19"
out=$(PATH="$T/one" sh scripts/llvms.sh)
[ -z "$out" ] && ok "LLVM 19 without llvm-readelf-19: not counted" || nok "incomplete LLVM" "printed '$out'"
out=$(PATH="$T/old" sh scripts/llvms.sh)
[ -z "$out" ] && ok "LLVM 18 tools: not counted" || nok "LLVM 18" "printed '$out'"
# the runner refuses to start with fewer than two
out=$(PATH="$T/one" sh tests/run.sh "$T/build" /bin/true -- 2>&1)
rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q 'need 2 LLVM toolchains' && ! echo "$out" | grep -q 'PASS' &&
	ok "tests/run.sh with one LLVM: stops before any test" || nok "run.sh with one LLVM" "rc $rc: $out"
exit $fail
