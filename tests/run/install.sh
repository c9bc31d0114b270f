#!/bin/sh
# make install into a temporary DESTDIR, then build examples/loader_list.c
# from the installed tree with pkg-config alone (PKG_CONFIG_LIBDIR and
# PKG_CONFIG_SYSROOT_DIR point into it) and run it; the shim's folder is a
# pkg-config variable; the man pages are installed and parse.
# Env: BUILD, SAN, SANFLAGS (set by `make check`).
set -u
T="$BUILD/tests/install.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/../llvm.sh"
ROOT="$T/root" PREFIX=/opt/rdna3
# this build, not a new one: the same BUILD and SAN the tests run with
if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory BUILD="$BUILD" SAN="${SAN:-0}" \
	DESTDIR="$ROOT" PREFIX="$PREFIX" install >"$T/install.log" 2>&1; then
	ok make_install
else
	nok make_install "$(tail -n 3 "$T/install.log" | tr '\n' '|')"
fi
PC="$ROOT$PREFIX/lib/pkgconfig/rdna3.pc"
[ -s "$PC" ] && ok pc_installed || nok pc_installed "no $PC"

export PKG_CONFIG_LIBDIR="$ROOT$PREFIX/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$ROOT"
cflags=$(pkg-config --cflags rdna3) && libs=$(pkg-config --libs rdna3) && ok pkg_config_reads ||
	nok pkg_config_reads "$(pkg-config --cflags --libs rdna3 2>&1)"
# flags point into the installed tree, and every installed library is named
case "$cflags" in *"$ROOT$PREFIX/include/rdna3"*) ok pc_cflags ;; *) nok pc_cflags "$cflags" ;; esac
missing=""
for a in "$ROOT$PREFIX"/lib/lib*.a; do
	n=$(basename "$a" .a); n=${n#lib}
	case " $libs " in *" -l$n "*) ;; *) missing="$missing $n" ;; esac
done
[ -z "$missing" ] && ok pc_names_every_library || nok pc_names_every_library "not in Libs:$missing"
nodep=""
for dep in -lelf -lmsgpackc -lyaml -lpthread -lm; do
	case " $libs " in *" $dep "*) ;; *) nodep="$nodep $dep" ;; esac
done
[ -z "$nodep" ] && ok pc_libs_deps || nok pc_libs_deps "not in Libs:$nodep"

# the example, compiled and linked with nothing but pkg-config's answer (and
# the sanitizer flags the installed archives were built with)
# shellcheck disable=SC2086
if ${CC:-cc} -std=c11 -Wall -Wextra -Werror $cflags examples/loader_list.c -o "$T/loader_list" $libs ${SANFLAGS:-} 2>"$T/cc.err"; then
	ok example_builds_from_install
	"$T/loader_list" "$LLVM_FIXTURES/tests/loader/add1.hsaco" >"$T/run.out" 2>"$T/run.err"
	grep -q '^kernel add1: ' "$T/run.out" && grep -q '^  buf at 0, 8 bytes, global_buffer' "$T/run.out" &&
		grep -q '^loaded on the gfx1100 emulator' "$T/run.out" && grep -q '^templates: .*sgemm' "$T/run.out" &&
		ok example_runs || nok example_runs "$(cat "$T/run.out" "$T/run.err" | tr '\n' '|')"
	# a kernel library of one entry (the index written by hand): kl_pick through the installed archives
	mkdir "$T/lib" && cp "$LLVM_FIXTURES/tests/loader/add1.hsaco" "$T/lib/" &&
		printf 'template: sgemm\nkernels:\n  - {m: [1, 64], n: 64, k: 64, layout: NN, kernel: add1.hsaco}\n' \
			>"$T/lib/index.yaml"
	"$T/loader_list" "$T/lib" 100 64 64 >"$T/run.out" 2>"$T/run.err"
	grep -q "^library $T/lib picks $T/lib/add1.hsaco for 100x64x64" "$T/run.out" && grep -q '^kernel add1: ' "$T/run.out" &&
		ok example_library_pick || nok example_library_pick "$(cat "$T/run.out" "$T/run.err" | tr '\n' '|')"
else
	nok example_builds_from_install "$(head -n 3 "$T/cc.err" | tr '\n' '|')"
fi

# the shim's folder, as a variable (pkg-config leaves variables without the sysroot)
dir=$(pkg-config --variable=hipshimdir rdna3)
case "$dir" in "$ROOT"*) ;; *) dir="$ROOT$dir" ;; esac
[ "$dir" = "$ROOT$PREFIX/lib/rdna3/hipshim" ] && [ -e "$dir/libamdhip64.so.6" ] && [ -e "$dir/libamdhip64.so.5" ] &&
	ok hipshimdir_variable || nok hipshimdir_variable "'$dir': $(ls "$dir" 2>&1 | tr '\n' ' ')"

# man pages: installed, parse without a warning, and carry what --help says
for p in rdna3gen rdna3run; do
	m="$ROOT$PREFIX/share/man/man1/$p.1"
	if [ ! -s "$m" ]; then
		nok "man_$p" "no $m"
		continue
	fi
	warn=$(groff -man -Tutf8 -ww -z "$m" 2>&1)
	[ -z "$warn" ] && ok "man_${p}_parses" || nok "man_${p}_parses" "$(echo "$warn" | head -n 3 | tr '\n' '|')"
	MANWIDTH=200 man -l "$m" 2>/dev/null >"$T/$p.man"
	"$BUILD/$p" --help >"$T/$p.help"
	# every line of --help is in the page (spacing aside)
	lost=$(sed -e 's/^usage: //' -e 's/^ *//' -e 's/  */ /g' -e '/^$/d' "$T/$p.help" | while IFS= read -r l; do
		sed -e 's/^ *//' -e 's/  */ /g' "$T/$p.man" | grep -qxF -- "$l" || echo "$l"; done | head -n 2)
	[ -z "$lost" ] && ok "man_${p}_is_help" || nok "man_${p}_is_help" "not in the page: $lost"
done
grep -q -e '--device N' "$T/rdna3run.man" && grep -q '^ *sgemm: ' "$T/rdna3gen.man" && ok man_content ||
	nok man_content "no --device in rdna3run(1) or no sgemm in rdna3gen(1)"

rm -rf "$T"
exit $fail
