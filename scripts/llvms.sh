#!/bin/sh
# The LLVM toolchains the tests run against: every major version NN >= 19 with
# clang-NN, ld.lld-NN, llvm-mc-NN, llvm-objdump-NN and llvm-readelf-NN on PATH,
# printed on one line, lowest first (e.g. "19 22").
#   sh scripts/llvms.sh              print them
#   sh scripts/llvms.sh --require N  print them; exit 1 with a message when fewer than N
set -u
need=0
[ "${1:-}" = --require ] && need=${2:-2}

found=""
IFS=:
for d in $PATH; do
	[ -d "$d" ] || continue
	for c in "$d"/clang-[0-9]*; do
		v=${c##*/clang-}
		case "$v" in '' | *[!0-9]*) continue ;; esac
		[ "$v" -ge 19 ] || continue
		case " $found " in *" $v "*) continue ;; esac
		ok=1
		for t in ld.lld llvm-mc llvm-objdump llvm-readelf; do
			command -v "$t-$v" >/dev/null 2>&1 || ok=0
		done
		[ "$ok" = 1 ] && found="$found $v"
	done
done
unset IFS
found=$(printf '%s\n' $found | sort -n | tr '\n' ' ')
found=${found% }
echo "$found"
n=$(printf '%s\n' $found | grep -c .)
if [ "$n" -lt "$need" ]; then
	echo "llvms: need $need LLVM toolchains >= 19 (clang, ld.lld, llvm-mc, llvm-objdump, llvm-readelf -NN), found ${n}${found:+: $found}; run 'sh scripts/deps.sh' as root (installs LLVM 19 and 22)" >&2
	exit 1
fi
exit 0
