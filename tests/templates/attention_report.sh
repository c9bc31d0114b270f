#!/bin/sh
# attention --report (templates/attention_report.c) against the disassembly:
# for presets and parameter sets (head dims 64 and 128, causal, bf16, unroll
# 2, split-KV decode, V stores of 16 and 64 bits), the kernel's code object goes through llvm-objdump and
# an awk walk of its own finds the key loop (the backward branch around the
# most v_wmma) and follows one pass of it, deciding each conditional branch
# by the compare before it as attention_loop.c writes them (s_cmp_le_u32: the
# tile is full, taken; s_cmp_le_i32: no key masked, taken; s_cmp_eq_u32: no
# row maximum moved, not taken; s_cmp_lt_i32: keys remain, not taken).  Its
# counts per class must be the report's per-tile counts times unroll, for the
# steady tile and for the masked and unchanged-maximum variants; the WMMA
# and exp cycles must be the counts times consts.def's wmma_issue and
# trans_issue; the bytes per lane of the loads and LDS operations (from the
# width in their names) and the longest run without v_wmma (round the end)
# the walk's;
# the occupancy line must be the bank report's.
# Env: BUILD, RDNA3GEN, RDNA3_LLVM (tests/run.sh).
set -u
. tests/check.sh
. "$(dirname "$0")/../llvm.sh"
G="$RDNA3GEN"
T="$BUILD/tests/attention_report.tmp.$$"
rm -rf "$T"; mkdir -p "$T"
trap 'rm -rf "$T"' EXIT

# walk FILE.dis MODE: "CLASS COUNT" lines of one pass of the key loop;
# MODE steady, masked (the mask applied) or same (O's rescale skipped)
walk() {
	awk -v mode="$2" '
	function hex(s,    i, v) {
		v = 0; s = tolower(s)
		for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
		return v
	}
	/^[0-9a-f]+ <.*>:$/ { base = hex($1) }
	/\/\/ [0-9A-F]+:/ {
		split($0, p, "//"); n++
		split(p[1], f, " "); op[n] = f[1]
		match(p[2], /[0-9A-F]+:/); addr = hex(substr(p[2], RSTART, RLENGTH - 1))
		at[addr] = n; tgt[n] = -1
		if (match(p[2], /<[^+>]*\+0x[0-9a-f]+>/)) {
			s = substr(p[2], RSTART, RLENGTH); sub(/.*\+0x/, "", s); sub(/>/, "", s)
			tgt[n] = hex(s) + base
		}
		a[n] = addr
	}
	function cls(o) {
		if (o ~ /^v_wmma/) return "v_wmma"
		if (o ~ /^v_exp_f32(_e32|_e64)?$/) return "v_exp_f32"
		if (o ~ /^v_(rcp|rsq|sqrt|log|exp|sin|cos)_/) return "trans"
		if (o ~ /^v_/) return "valu"
		if (o ~ /^ds_/) return "lds"
		if (o ~ /^(global|buffer|flat|scratch)_/) return "vmem"
		if (o ~ /^s_(load|buffer_load)/) return "smem"
		if (o ~ /^s_(waitcnt|delay_alu)/) return "waits"
		if (o == "s_barrier") return "barriers"
		if (o ~ /^s_(branch|cbranch)/) return "branches"
		if (o ~ /^s_/) return "salu"
		return "other"
	}
	END {
		best = 0
		for (i = 1; i <= n; i++)
			if (op[i] ~ /branch/ && tgt[i] >= 0 && tgt[i] <= a[i]) {
				w = 0
				for (j = at[tgt[i]]; j <= i; j++) w += op[j] ~ /^v_wmma/
				if (w > best) { best = w; top = at[tgt[i]]; back = i }
			}
		if (!best) { print "error no loop"; exit }
		cmp = ""
		for (i = top; steps++ < n; ) {
			c[cls(op[i])]++; seq[steps] = cls(op[i])
			# bytes per lane: the width in the name (ds_store_b16: 2, global_load_b128: 16)
			if ((cls(op[i]) == "vmem" || cls(op[i]) == "lds") && match(op[i], /_b[0-9]+/))
				by[cls(op[i])] += substr(op[i], RSTART + 2, RLENGTH - 2) / 8
			if (i == back) break
			if (op[i] ~ /^s_cmp_/) cmp = op[i]
			if (op[i] == "s_branch") { i = at[tgt[i]]; continue }
			if (op[i] ~ /^s_cbranch/) {
				if (cmp == "s_cmp_le_u32") take = 1
				else if (cmp == "s_cmp_le_i32") take = mode != "masked"
				else if (cmp == "s_cmp_eq_u32") take = mode == "same"
				else if (cmp == "s_cmp_lt_i32") take = 0
				else { print "error branch after " cmp; exit }
				i = take ? at[tgt[i]] : i + 1
				continue
			}
			i++
		}
		for (k in c) print k, c[k]
		print "total", steps
		print "bytes_vmem", by["vmem"] + 0
		print "bytes_lds", by["lds"] + 0
		# the longest run without v_wmma, round the end back to the start
		for (first = 1; seq[first] != "v_wmma"; first++) ;
		len = 0; bestlen = -1
		for (j = first + 1; j <= first + steps; j++) {
			x = seq[(j - 1) % steps + 1]
			if (x == "v_wmma") {
				if (len > bestlen) { bestlen = len; split("", g); for (k in r) g[k] = r[k] }
				len = 0; split("", r)
			} else { len++; r[x]++ }
		}
		for (k in g) print "gap " k, g[k]
		print "gap total", bestlen
	}' "$1"
}

# report FILE.txt: the same "CLASS COUNT" lines from the report's table, times unroll
report() {
	awk -v u="$2" '
	/^instructions per key tile/ { on = 1; next }
	on && /^  global bytes/ { exit }
	on {
		v = $NF * u; $NF = ""; sub(/ +$/, ""); sub(/^ +/, "")
		m["v_wmma"] = "v_wmma"; m["v_exp_f32"] = "v_exp_f32"; m["other transcendental"] = "trans"
		m["other VALU"] = "valu"; m["SALU"] = "salu"; m["LDS"] = "lds"; m["VMEM"] = "vmem"; m["SMEM"] = "smem"
		m["waits"] = "waits"; m["barriers"] = "barriers"; m["branches"] = "branches"; m["other"] = "other"
		m["total"] = "total"
		if (v != 0) printf "%s %d\n", ($0 in m ? m[$0] : "?" $0), v + 0.5
	}' "$1"
}

# delta FILE.txt LABEL UNROLL: "CLASS COUNT" of the report's line for a variant
delta() {
	sed -n "s/^  $2 *//p" "$1" | tr ',' '\n' | awk -v u="$3" '
		{ sub(/^ +/, ""); v = $1 * u; $1 = ""; sub(/^ +/, "")
		  m["v_wmma"] = "v_wmma"; m["v_exp_f32"] = "v_exp_f32"; m["other VALU"] = "valu"; m["SALU"] = "salu"
		  m["LDS"] = "lds"; m["waits"] = "waits"; m["branches"] = "branches"
		  if ($0 != "no difference") printf "%s %d\n", ($0 in m ? m[$0] : "?" $0), v + (v < 0 ? -0.5 : 0.5) }'
}

# diff of two walks as "CLASS COUNT" lines (nonzero only), total left out
walk_delta() {
	awk 'NR == FNR { s[$1] = $2; next } { d[$1] = $2 - s[$1]; s[$1] = s[$1] }
		END { for (k in s) if (k != "total" && k !~ /^bytes_/ && (k in d ? d[k] : -s[k]) != 0) print k, (k in d ? d[k] : -s[k]) }' "$1" "$2"
}

same_lines() { [ "$(sort "$1")" = "$(sort "$2")" ]; }

wmma_issue=$(sed -n 's/^MDL_CONST(wmma_issue, *\([0-9.]*\),.*/\1/p' model/consts.def)
trans_issue=$(sed -n 's/^MDL_CONST(trans_issue, *\([0-9.]*\),.*/\1/p' model/consts.def)

# case NAME UNROLL FLAGS...
case_() {
	n=$1 u=$2; shift 2
	if ! "$G" attention "$@" -o "$T/$n.hsaco" --report "$T/$n.txt" >"$T/$n.gen" 2>&1; then
		nok "report_$n" "$(head -n 1 "$T/$n.gen")"
		return
	fi
	$LLVM_OBJDUMP -d "$T/$n.hsaco" >"$T/$n.dis"
	for mode in steady masked same; do
		walk "$T/$n.dis" $mode >"$T/$n.$mode.walk"
		if grep -q '^error' "$T/$n.$mode.walk"; then
			nok "report_${n}_walk_$mode" "$(grep '^error' "$T/$n.$mode.walk")"
			return
		fi
	done
	report "$T/$n.txt" "$u" >"$T/$n.rep"
	grep -v -e ' 0$' -e '^gap ' -e '^bytes_' "$T/$n.steady.walk" >"$T/$n.steady.nz"
	if [ -s "$T/$n.rep" ] && same_lines "$T/$n.rep" "$T/$n.steady.nz"; then
		ok "report_${n}_counts"
	else
		nok "report_${n}_counts" "report: $(sort "$T/$n.rep" | tr '\n' ' ') disassembly: $(sort "$T/$n.steady.nz" | tr '\n' ' ')"
	fi
	for v in "masked masked (causal diagonal, ragged key range):" "same no row maximum moved (O's rescale skipped):"; do
		mode=${v%% *} label=${v#* }
		walk_delta "$T/$n.steady.walk" "$T/$n.$mode.walk" >"$T/$n.$mode.wd"
		delta "$T/$n.txt" "$label" "$u" >"$T/$n.$mode.rd"
		if same_lines "$T/$n.$mode.rd" "$T/$n.$mode.wd"; then
			ok "report_${n}_$mode"
		else
			nok "report_${n}_$mode" "report: $(tr '\n' ' ' <"$T/$n.$mode.rd") disassembly: $(tr '\n' ' ' <"$T/$n.$mode.wd")"
		fi
	done
	# bytes per lane: global loads, LDS traffic (the report gives the LDS per wave)
	want_b=$(awk -v u="$u" '$1 ~ /^bytes_/ { printf "%s %.0f ", $1, $2 / u }' "$T/$n.steady.walk")
	got_b=$(awk '/^  global bytes loaded/ { v = $0; sub(/.*\(/, "", v); printf "bytes_vmem %.0f ", v + 0 }
		/^  LDS bytes moved/ { printf "bytes_lds %.0f ", $4 / 32 }' "$T/$n.txt")
	if [ -n "$got_b" ] && [ "$got_b" = "$want_b" ]; then
		ok "report_${n}_bytes"
	else
		nok "report_${n}_bytes" "report: $got_b disassembly: $want_b"
	fi
	# the longest stretch without v_wmma
	grep '^gap ' "$T/$n.steady.walk" >"$T/$n.gap.walk"
	sed -n 's/^longest stretch.*): \([0-9]*\) instructions,/gap total \1,/p' "$T/$n.txt" | tr ',' '\n' |
		awk 'NR == 1 { print; next } { sub(/^ +/, ""); v = $1; $1 = ""; sub(/^ +/, "")
			m["v_exp_f32"] = "v_exp_f32"; m["other VALU"] = "valu"; m["SALU"] = "salu"; m["LDS"] = "lds"
			m["VMEM"] = "vmem"; m["waits"] = "waits"; m["barriers"] = "barriers"; m["branches"] = "branches"
			m["SMEM"] = "smem"; m["other transcendental"] = "trans"; m["other"] = "other"
			if ($0 != "") print "gap " ($0 in m ? m[$0] : "?" $0), v }' >"$T/$n.gap.rep"
	if [ -s "$T/$n.gap.rep" ] && same_lines "$T/$n.gap.rep" "$T/$n.gap.walk"; then
		ok "report_${n}_gap"
	else
		nok "report_${n}_gap" "report: $(sort "$T/$n.gap.rep" | tr '\n' ' ') disassembly: $(sort "$T/$n.gap.walk" | tr '\n' ' ')"
	fi
	# cycles: counts times the constants
	nw=$(awk '$1 == "v_wmma" { print $2 }' "$T/$n.steady.walk")
	ne=$(awk '$1 == "v_exp_f32" || $1 == "trans" { s += $2 } END { print s + 0 }' "$T/$n.steady.walk")
	want_w=$(awk -v a="$nw" -v b="$wmma_issue" -v u="$u" 'BEGIN { printf "%.1f", a * b / u }')
	want_e=$(awk -v a="$ne" -v b="$trans_issue" -v u="$u" 'BEGIN { printf "%.1f", a * b / u }')
	got_w=$(sed -n 's/^  WMMA pipe *\([0-9.]*\) = .*/\1/p' "$T/$n.txt")
	got_e=$(sed -n 's/^  transcendental unit *\([0-9.]*\) = .*/\1/p' "$T/$n.txt")
	if [ -n "$nw" ] && [ "$got_w" = "$want_w" ] && [ "$got_e" = "$want_e" ]; then
		ok "report_${n}_cycles"
	else
		nok "report_${n}_cycles" "WMMA pipe $got_w (want $want_w), transcendental $got_e (want $want_e)"
	fi
	# occupancy: the template's report and the bank report agree
	occ_t=$(sed -n 's/^  occupancy    \([0-9]*\) waves per SIMD.*/\1/p' "$T/$n.txt")
	occ_b=$(sed -n 's/^  occupancy \([0-9]*\) waves per SIMD.*/\1/p' "$T/$n.txt")
	vg_t=$(sed -n 's/^  VGPRs *\([0-9]*\) of .*/\1/p' "$T/$n.txt")
	vg_b=$(sed -n 's/^  VGPRs \([0-9]*\) (allocated.*/\1/p' "$T/$n.txt")
	if [ -n "$occ_t" ] && [ "$occ_t" = "$occ_b" ] && [ -n "$vg_t" ] && [ "$vg_t" = "$vg_b" ]; then
		ok "report_${n}_resources"
	else
		nok "report_${n}_resources" "template report: $vg_t VGPRs, $occ_t waves; bank report: $vg_b VGPRs, $occ_b waves"
	fi
}

case_ best64 1 --preset best --head-dim 64
case_ best128c 1 --preset best128 --causal true
case_ best128_b16 1 --preset best128 --v-store b16 --k-ahead 2
case_ decode128 1 --preset decode --head-dim 128
case_ small_bf16 1 --preset small --dtype bf16
case_ unroll2 2 --preset best --head-dim 64 --unroll 2 --kv-tile 64

# The walk itself must be able to fail: a loop with an unknown compare before a branch.
printf '%s\n' '0000000000000000 <k>:' \
	'	s_cmp_gt_u32 s0, s1   // 000000000000: 00000000' \
	'	s_cbranch_scc1 1   // 000000000004: 00000000 <k+0xc>' \
	'	v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]   // 000000000008: 00000000' \
	'	s_cbranch_scc1 65533   // 00000000000C: 00000000 <k+0x0>' >"$T/fake.dis"
if walk "$T/fake.dis" steady | grep -q '^error branch after s_cmp_gt_u32'; then
	ok report_walk_refuses_unknown_branch
else
	nok report_walk_refuses_unknown_branch "$(walk "$T/fake.dis" steady | tr '\n' ' ')"
fi
exit $fail
