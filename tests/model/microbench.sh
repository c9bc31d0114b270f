#!/bin/sh
# tests/model/microbench.sh — the self-consistency of the timing model: the
# microbenchmarks (rdna3run --microbench) run on the emulator under the model
# with a constants file that moves every measured constant away from its
# default must give back exactly those values (the global-load latencies
# within one cycle: the ports round up).  The caches are shrunk in the same
# file so the chains that reach the Infinity Cache and DRAM stay small.  The
# test can fail: a model that runs with another value than its table
# (RDNA3_MICROBENCH_FAULT) is caught, on that constant and no other.  Also: a
# constants file with an unknown name is refused (exit 2, one line), and -o
# writes a file that --model-constants reads back.
# Env: BUILD, RDNA3RUN (tests/run.sh).
R=${RDNA3RUN:-build/rdna3run}
T=$(mktemp -d "${TMPDIR:-/tmp}/microbench_sh.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
fail=0
ok() { echo "ok $1"; }
nok() { echo "not ok $1: $2"; fail=1; }

# The values the model is given (none of them a default of the tables).
cat >"$T/given" <<'EOC'
# caches shrunk: chains of 4 KB, 32 KB, 128 KB, 512 KB and 1 MB
l0_bytes 8192
l1_bytes 32768
l2_bytes 131072
mall_bytes 524288
valu_latency 6
trans_issue 5
vopd_issue 2
smem_latency 237
lds_latency 47
barrier_latency 9
lat_l0 301
lat_l1 377
lat_l2 512
lat_mall 733
lat_dram 1021
EOC
if "$R" --microbench --backend emu --model-constants "$T/given" -o "$T/got" >"$T/out" 2>"$T/err"; then
	ok "microbench: runs on the emulator under the model"
else
	nok "microbench: runs on the emulator under the model" "$(head -n 3 "$T/err" | tr '\n' '|')"
fi
MEASURED="valu_latency trans_issue vopd_issue smem_latency lds_latency barrier_latency lat_l0 lat_l1 lat_l2 lat_mall lat_dram"
# mismatches WANT GOT: the measured constants whose value in GOT is not WANT's
# (exact to 0.005; lat_* within one cycle), one name a line.
mismatches() {
	for name in $MEASURED; do
		w=$(awk -v n="$name" '$1 == n { print $2 }' "$1")
		g=$(awk -v n="$name" '$1 == n { print $2 }' "$2" 2>/dev/null)
		tol=0.005
		case $name in lat_*) tol=1 ;; esac
		if [ -z "$g" ] || ! awk -v a="$g" -v b="$w" -v t="$tol" 'BEGIN { d = a - b; exit !(d >= -t && d <= t) }'; then
			echo "$name"
		fi
	done
}
mismatches "$T/given" "$T/got" >"$T/bad_names"
for name in $MEASURED; do
	want=$(awk -v n="$name" '$1 == n { print $2 }' "$T/given")
	if grep -qx "$name" "$T/bad_names"; then
		nok "microbench: $name comes back as $want" "got '$(awk -v n="$name" '$1 == n { print $2 }' "$T/got" 2>/dev/null)'"
	else
		ok "microbench: $name comes back as $want"
	fi
done
# A wrong model is caught: the file -o wrote read back (after the shrunk
# caches), the model run with smem_latency 200 instead of the file's 237.
{ grep '_bytes ' "$T/given"; cat "$T/got"; } >"$T/got_back"
if RDNA3_MICROBENCH_FAULT=smem_latency=200 "$R" --microbench --backend emu --model-constants "$T/got_back" \
	-o "$T/got_fault" >/dev/null 2>"$T/err_fault"; then
	bad=$(mismatches "$T/given" "$T/got_fault" | tr '\n' ' ')
	if [ "$bad" = "smem_latency " ] && grep -q '^smem_latency 200.000$' "$T/got_fault"; then
		ok "microbench: a model off its table (smem_latency 200, file 237) fails the check on that constant only"
	else
		nok "microbench: a model off its table (smem_latency 200, file 237) fails the check on that constant only" \
			"mismatches: '$bad'"
	fi
else
	nok "microbench: a model off its table (smem_latency 200, file 237) fails the check on that constant only" \
		"$(head -n 2 "$T/err_fault" | tr '\n' '|')"
fi
RDNA3_MICROBENCH_FAULT=no_such=1 "$R" --microbench --backend emu >/dev/null 2>"$T/err_f2"
rc=$?
if [ "$rc" -eq 2 ] && [ "$(wc -l <"$T/err_f2")" -eq 1 ]; then
	ok "microbench: a fault naming no constant is refused"
else
	nok "microbench: a fault naming no constant is refused" "exit $rc"
fi
# The rates the file did not move come back as the model's own: one VALU op per cycle.
got=$(awk '$1 == "valu_issue" { print $2 }' "$T/got" 2>/dev/null)
if [ "$got" = "1.000" ]; then ok "microbench: valu_issue is one cycle"; else nok "microbench: valu_issue is one cycle" "got '$got'"; fi
# LDS bank conflicts: 32 banks of a dword, lanes 4, 8 and 128 bytes apart: 1, 2 and 32 cycles per load.
c=$(awk '/lanes 4 bytes/ { a = $(NF) } /lanes 8 bytes/ { b = $(NF) } /lanes 128 bytes/ { c = $(NF) } END { print a, b, c }' "$T/out")
if [ "$c" = "1.00 2.00 32.00" ]; then ok "microbench: LDS conflicts of 1, 2 and 32 ways"; else nok "microbench: LDS conflicts of 1, 2 and 32 ways" "got '$c'"; fi
printf 'LAT_L9 3\n' >"$T/bad"
"$R" --microbench --backend emu --model-constants "$T/bad" -o "$T/none" >/dev/null 2>"$T/err2"
rc=$?
if [ "$rc" -eq 2 ] && [ "$(wc -l <"$T/err2")" -eq 1 ] && grep -q 'bad:1:' "$T/err2" && [ ! -e "$T/none" ]; then
	ok "microbench: an unknown constant is refused in one line, nothing written"
else
	nok "microbench: an unknown constant is refused in one line, nothing written" "exit $rc: $(head -n 2 "$T/err2" | tr '\n' '|')"
fi
exit $fail
