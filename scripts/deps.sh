#!/bin/sh
# Install the Debian packages rdna3gen needs, and only those that are missing.
# Used by `make demo`, `make test` and CI; safe to run again (does nothing when
# everything is present).  Both LLVM toolchains Debian 12 offers are installed:
# `make test` runs every LLVM-touching test once per LLVM (scripts/llvms.sh).
# Set RDNA3_DEPS_EXTRA to add packages.
set -eu

PKGS="make gcc pkg-config
clang-19 lld-19 llvm-19 libclang-rt-19-dev
clang-22 lld-22 llvm-22
libyaml-dev libelf-dev libmsgpack-dev libopenblas-dev libamdhip64-dev rocm-device-libs
man-db groff-base
bsdutils
parallel
chromium
${RDNA3_DEPS_EXTRA:-}"

missing=""
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"install ok installed"*) ;;
	*) missing="$missing $p" ;;
	esac
done

[ -z "$missing" ] && exit 0

echo "deps: installing:$missing" >&2
if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing packages:$missing (run 'sh scripts/deps.sh' as root)" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Refresh the package lists once per run: a fresh machine may have none.
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null
echo "deps: done" >&2
