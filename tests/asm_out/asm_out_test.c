/* asm_out_test — unit tests of the builder and printer.  Each builder call is
 * followed by the text llvm-objdump-19 prints for it (EXPECT), and at the end
 * every instruction is fed to llvm-mc-NN (the LLVM under test, tests/llvm.h): its text must come back unchanged and
 * its encoded size must be what ao_inst_size says. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check.h"
#include "asm_out/asm_out.h"
#include "tests/llvm.h"


/* Text of the instruction just added must be `want`. */
static void expect(struct ao_kernel *k, int idx, const char *want)
{
	char got[256], name[300];
	snprintf(name, sizeof name, "print %s", want);
	if (idx < 0) {
		char why[400];
		snprintf(why, sizeof why, "builder error: %s", ao_error(k) ? ao_error(k) : "?");
		check(0, name, why);
		return;
	}
	ao_print_inst(k, (unsigned)idx, got, sizeof got);
	char why[600];
	snprintf(why, sizeof why, "got '%s'", got);
	check(strcmp(got, want) == 0, name, why);
}
#define EXPECT(call, text) expect(k, (call), text)

static struct ao_kernel *new_kernel(const char *name)
{
	struct ao_kernel_info info = { .name = name, .block_threads = 256, .wgid = { true, true } };
	return ao_kernel_new(&info);
}

/* The VOPD pairs of build_sample: fmac, SGPR and constant sources, a K literal. */
static void sample_vopd(struct ao_kernel *k)
{
	struct ao_half x = { AO_OP(v_fmac_f32), 3, { ao_v(16), ao_v(20), ao_v(24) } };
	struct ao_half y = { AO_OP(v_fmac_f32), 3, { ao_v(17), ao_v(21), ao_v(25) } };
	EXPECT(ao_vopd(k, &x, &y), "v_dual_fmac_f32 v16, v20, v24 :: v_dual_fmac_f32 v17, v21, v25");
	struct ao_half x2 = { AO_OP(v_mul_f32), 3, { ao_v(16), ao_s(4), ao_v(24) } };
	struct ao_half y2 = { AO_OP(v_add_nc_u32), 3, { ao_v(17), ao_int(2), ao_v(25) } };
	EXPECT(ao_vopd(k, &x2, &y2), "v_dual_mul_f32 v16, s4, v24 :: v_dual_add_nc_u32 v17, 2, v25");
	struct ao_half x3 = { AO_OP(v_fmaak_f32), 4, { ao_v(18), ao_v(20), ao_v(24), ao_u32(0x40490fdb) } };
	struct ao_half y3 = { AO_OP(v_mov_b32), 2, { ao_v(19), ao_v(21) } };
	EXPECT(ao_vopd(k, &x3, &y3), "v_dual_fmaak_f32 v18, v20, v24, 0x40490fdb :: v_dual_mov_b32 v19, v21");
}

/* A small kernel touching every operand kind and modifier. */
static void build_sample(struct ao_kernel *k)
{
	int a = ao_arg_ptr(k, "src", true), m = ao_arg_u32(k, "M");
	ao_arg_u32(k, "K");
	(void)m;
	int s = ao_sgprs(k, 4);
	int loop = ao_label(k, "loop"), end = ao_label(k, "end");
	ao_lds(k, 1024, 16);
	EXPECT(AO_IM(k, AO_OP(s_load_b128), ao_m(0, 0), ao_sr((unsigned)s, 4), ao_sr(0, 2)),
	       "s_load_b128 s[4:7], s[0:1], null");
	EXPECT(AO_IM(k, AO_OP(s_load_b32), ao_m(8, 0), ao_s(8), ao_sr(0, 2)),
	       "s_load_b32 s8, s[0:1], 0x8");
	/* an SGPR offset: llvm-mc 19 and 22 refuse "s8, s[0:1], s8, null" */
	EXPECT(AO_IM(k, AO_OP(s_load_b32), ao_m(0, 0), ao_s(9), ao_sr((unsigned)s, 2), ao_s(8)),
	       "s_load_b32 s9, s[4:5], s8");
	EXPECT(AO_IM(k, AO_OP(s_load_b64), ao_m(16, 0), ao_sr(10, 2), ao_sr((unsigned)s, 2), ao_s(8)),
	       "s_load_b64 s[10:11], s[4:5], s8 offset:0x10");
	EXPECT(ao_waitcnt(k, -1, -1, 0), "s_waitcnt lgkmcnt(0)");
	EXPECT(ao_waitcnt(k, 2, 0, 1), "s_waitcnt vmcnt(2) expcnt(0) lgkmcnt(1)");
	EXPECT(ao_waitcnt(k, -1, -1, -1), "s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(63)");
	EXPECT(AO_I(k, AO_OP(s_waitcnt_depctr), ao_u32(0xfff)), "s_waitcnt_depctr 0xfff");
	EXPECT(AO_I(k, AO_OP(v_and_b32), ao_v(1), ao_int(0x3ff), ao_v(0)),
	       "v_and_b32_e32 v1, 0x3ff, v0");
	EXPECT(AO_I(k, AO_OP(v_lshlrev_b32), ao_v(2), ao_int(2), ao_v(1)),
	       "v_lshlrev_b32_e32 v2, 2, v1");
	EXPECT(AO_I(k, AO_OP(v_lshlrev_b32), ao_v(2), ao_v(1), ao_int(2)),
	       "v_lshlrev_b32_e64 v2, v1, 2");
	EXPECT(AO_I(k, AO_OP(v_mov_b32), ao_v(3), ao_f32(1.0f)), "v_mov_b32_e32 v3, 1.0");
	EXPECT(AO_I(k, AO_OP(v_mov_b32), ao_v(3), ao_f32(3.14159274f)), "v_mov_b32_e32 v3, 0x40490fdb");
	EXPECT(AO_I(k, AO_OP(v_mov_b32), ao_v(3), ao_int(-17)), "v_mov_b32_e32 v3, 0xffffffef");
	EXPECT(AO_I(k, AO_OP(v_mov_b32), ao_v(3), ao_int(-16)), "v_mov_b32_e32 v3, -16");
	EXPECT(AO_I(k, AO_OP(s_and_b32), ao_s(9), ao_s(8), ao_u32(0x3f800000)), "s_and_b32 s9, s8, 1.0");
	EXPECT(AO_I(k, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(8), ao_v(1)),
	       "v_cmp_gt_u32_e32 vcc_lo, s8, v1");
	EXPECT(AO_I(k, AO_OP(v_cmp_gt_u32), ao_s(10), ao_v(1), ao_int(5)),
	       "v_cmp_gt_u32_e64 s10, v1, 5");
	EXPECT(AO_I(k, AO_OP(s_and_saveexec_b32), ao_s(11), ao_vcc()), "s_and_saveexec_b32 s11, vcc_lo");
	EXPECT(AO_I(k, AO_OP(s_cbranch_execz), ao_lab((unsigned)end)), "s_cbranch_execz .L1_end");
	EXPECT(AO_I(k, AO_OP(v_mad_u64_u32), ao_vr(4, 2), ao_null(), ao_v(1), ao_s(8), ao_int(0)),
	       "v_mad_u64_u32 v[4:5], null, v1, s8, 0");
	EXPECT(AO_I(k, AO_OP(v_lshlrev_b64), ao_vr(4, 2), ao_int(2), ao_vr(4, 2)),
	       "v_lshlrev_b64 v[4:5], 2, v[4:5]");
	EXPECT(AO_I(k, AO_OP(v_add_co_u32), ao_v(4), ao_vcc(), ao_s(4), ao_v(4)),
	       "v_add_co_u32 v4, vcc_lo, s4, v4");
	EXPECT(AO_I(k, AO_OP(v_add_co_ci_u32), ao_v(5), ao_vcc(), ao_s(5), ao_v(5), ao_vcc()),
	       "v_add_co_ci_u32_e32 v5, vcc_lo, s5, v5, vcc_lo");
	EXPECT(AO_I(k, AO_OP(v_add_co_ci_u32), ao_v(5), ao_s(12), ao_v(5), ao_int(0), ao_s(13)),
	       "v_add_co_ci_u32_e64 v5, s12, v5, 0, s13");
	EXPECT(ao_bind(k, (unsigned)loop) == 0 ? AO_I(k, AO_OP(s_add_i32), ao_s(9), ao_s(9), ao_int(-1)) : -1,
	       "s_add_i32 s9, s9, -1");
	EXPECT(AO_I(k, AO_OP(global_load_b32), ao_v(6), ao_vr(4, 2), ao_off()),
	       "global_load_b32 v6, v[4:5], off");
	EXPECT(AO_IM(k, AO_OP(global_load_b128), ao_m(-16, AO_GLC | AO_DLC),
		     ao_vr(8, 4), ao_v(1), ao_sr(4, 2)),
	       "global_load_b128 v[8:11], v1, s[4:5] offset:-16 glc dlc");
	EXPECT(AO_IM(k, AO_OP(global_store_b32), ao_m(64, 0), ao_vr(4, 2), ao_v(6), ao_off()),
	       "global_store_b32 v[4:5], v6, off offset:64");
	EXPECT(AO_IM(k, AO_OP(ds_load_b128), ao_m(256, 0), ao_vr(8, 4), ao_v(2)),
	       "ds_load_b128 v[8:11], v2 offset:256");
	EXPECT(AO_I(k, AO_OP(ds_store_b32), ao_v(2), ao_v(6)), "ds_store_b32 v2, v6");
	EXPECT(AO_IM(k, AO_OP(ds_load_2addr_b32), ao_m2(1, 2), ao_vr(12, 2), ao_v(2)),
	       "ds_load_2addr_b32 v[12:13], v2 offset0:1 offset1:2");
	EXPECT(AO_I(k, AO_OP(v_fmac_f32), ao_v(7), ao_v(8), ao_v(9)), "v_fmac_f32_e32 v7, v8, v9");
	EXPECT(AO_I(k, AO_OP(v_fmac_f32), ao_v(7), ao_s(8), ao_v(9)), "v_fmac_f32_e32 v7, s8, v9");
	EXPECT(AO_I(k, AO_OP(v_fma_f32), ao_v(7), ao_neg(ao_v(8)), ao_abs(ao_s(8)), ao_f32(-4.0f)),
	       "v_fma_f32 v7, -v8, |s8|, -4.0");
	EXPECT(AO_I(k, AO_OP(v_add_f32), ao_v(7), ao_v(8), ao_neg(ao_v(9))), "v_add_f32_e64 v7, v8, -v9");
	EXPECT(AO_IM(k, AO_OP(v_add_f32), ao_m(0, AO_CLAMP), ao_v(7), ao_v(8), ao_v(9)),
	       "v_add_f32_e64 v7, v8, v9 clamp");
	EXPECT(AO_I(k, AO_OP(v_fmaak_f32), ao_v(7), ao_v(8), ao_v(9), ao_f32(1.0f)),
	       "v_fmaak_f32 v7, v8, v9, 0x3f800000");
	EXPECT(AO_I(k, AO_OP(v_cndmask_b32), ao_v(7), ao_int(0), ao_v(9), ao_vcc()),
	       "v_cndmask_b32_e32 v7, 0, v9, vcc_lo");
	EXPECT(AO_I(k, AO_OP(v_cndmask_b32), ao_v(7), ao_v(8), ao_v(9), ao_s(10)),
	       "v_cndmask_b32_e64 v7, v8, v9, s10");
	EXPECT(ao_delay_alu(k, 1, 1, 1),
	       "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)");
	EXPECT(ao_delay_alu(k, 1, 0, 0), "s_delay_alu instid0(VALU_DEP_1)");
	sample_vopd(k);
	EXPECT(AO_IM(k, AO_OP(v_mov_b32), ao_mf(AO_FORM_E64), ao_v(3), ao_v(4)), "v_mov_b32_e64 v3, v4");
	EXPECT(AO_I(k, AO_OP(v_cmpx_gt_u32), ao_s(8), ao_v(1)), "v_cmpx_gt_u32_e32 s8, v1");
	EXPECT(AO_I(k, AO_OP(v_cmpx_gt_u32), ao_v(1), ao_int(7)), "v_cmpx_gt_u32_e64 v1, 7");
	EXPECT(AO_I(k, AO_OP(s_setprio), ao_int(3)), "s_setprio 3");
	EXPECT(AO_I(k, AO_OP(v_fmamk_f32), ao_v(7), ao_v(8), ao_f32(2.5f), ao_v(9)), "v_fmamk_f32 v7, v8, 0x40200000, v9");
	ao_comment(k, "K is always a literal");
	EXPECT(AO_I(k, AO_OP(s_cmp_lg_u32), ao_s(9), ao_int(0)), "s_cmp_lg_u32 s9, 0");
	EXPECT(AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)loop)), "s_cbranch_scc1 .L0_loop");
	EXPECT(AO_I(k, AO_OP(s_mul_i32), ao_s(9), ao_s(2), ao_int(100)), "s_mul_i32 s9, s2, 0x64");
	EXPECT(AO_I(k, AO_OP(s_lshl_b64), ao_sr(12, 2), ao_sr(12, 2), ao_int(2)),
	       "s_lshl_b64 s[12:13], s[12:13], 2");
	{
		int i = ao_add_u64(k, ao_vr(4, 2), ao_vr(4, 2), ao_sr(12, 2));
		expect(k, i - 1, "v_add_co_u32 v4, vcc_lo, s12, v4");
		EXPECT(i, "v_add_co_ci_u32_e32 v5, vcc_lo, s13, v5, vcc_lo");
		i = ao_add_u64(k, ao_vr(4, 2), ao_vr(6, 2), ao_int(256));
		expect(k, i - 1, "v_add_co_u32 v4, vcc_lo, 0x100, v6");
		EXPECT(i, "v_add_co_ci_u32_e32 v5, vcc_lo, 0, v7, vcc_lo");
		struct ao_loop l;
		EXPECT(ao_loop_begin(k, &l, 9, ao_int(3)) == 0 ? (int)ao_inst_count(k) - 1 : -1, "s_mov_b32 s9, 3");
		AO_I(k, AO_OP(v_add_f32), ao_v(7), ao_v(7), ao_v(7));
		i = ao_loop_end(k, &l);
		expect(k, i - 2, "s_add_i32 s9, s9, -1");
		expect(k, i - 1, "s_cmp_lg_u32 s9, 0");
		EXPECT(i, "s_cbranch_scc1 .L2_loop");
		check(ao_label_pos(k, (unsigned)l.top) == i - 3, "loop label bound at the body", "");
	}
	EXPECT(AO_I(k, AO_OP(s_waitcnt_vscnt), ao_null(), ao_int(0)), "s_waitcnt_vscnt null, 0x0");
	EXPECT(AO_I(k, AO_OP(s_movk_i32), ao_s(9), ao_int(0x1234)), "s_movk_i32 s9, 0x1234");
	EXPECT(AO_I(k, AO_OP(s_addk_i32), ao_s(9), ao_int(-16)), "s_addk_i32 s9, 0xfff0");
	EXPECT(AO_I0(k, AO_OP(s_barrier)), "s_barrier");
	EXPECT(ao_bind(k, (unsigned)end) == 0 ? AO_I(k, AO_OP(s_mov_b32), ao_exec(), ao_s(11)) : -1,
	       "s_mov_b32 exec_lo, s11");
	EXPECT(AO_I0(k, AO_OP(s_endpgm)), "s_endpgm");
	(void)a;
}

/* Every instruction through llvm-mc-NN: same text back, same size. */
static void llvm_mc_roundtrip(struct ao_kernel *k)
{
	const char *mc = llvm_tool("llvm-mc");
	char probe[1200];
	snprintf(probe, sizeof probe, "command -v %s >/dev/null 2>&1", mc);
	if (system(probe) != 0) {
		check(0, "llvm-mc available", "llvm-mc-NN not found (scripts/deps.sh installs LLVM 19 and 22)");
		return;
	}
	char path[] = "/tmp/ao_test_XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		check(0, "llvm-mc temp file", "mkstemp failed");
		return;
	}
	FILE *f = fdopen(fd, "w");
	unsigned n = ao_inst_count(k);
	for (unsigned i = 0; i < n; i++) {
		char t[256];
		ao_print_inst(k, i, t, sizeof t);
		/* branches: give llvm-mc a numeric target so it encodes without fixups */
		if (strncmp(t, "s_cbranch", 9) == 0 || strncmp(t, "s_branch", 8) == 0)
			*strchr(t, ' ') = '\0', strcat(t, " 0");
		fprintf(f, "%s\n", t);
	}
	fclose(f);
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "%s -arch=amdgcn -mcpu=gfx1100 --show-encoding %s 2>&1", mc, path);
	FILE *p = popen(cmd, "r");
	char line[1024];
	unsigned i = 0;
	while (p && fgets(line, sizeof line, p)) {
		char *enc = strstr(line, "; encoding: [");
		if (strstr(line, "error"))
			check(0, "llvm-mc accepts the printed text", line);
		if (!enc)
			continue;
		unsigned bytes = 1;
		for (char *c = enc; *c; c++)
			bytes += *c == ',';
		char *txt = line;
		while (*txt == '\t' || *txt == ' ')
			txt++;
		char *e = enc;
		while (e > txt && e[-1] == ' ')
			e--;
		*e = '\0';
		char want[256], name[400], why[1400];
		ao_print_inst(k, i, want, sizeof want);
		snprintf(name, sizeof name, "llvm-mc size %u of '%s'", ao_inst_size(k, i), want);
		snprintf(why, sizeof why, "llvm-mc encodes %u bytes", bytes);
		check(bytes == ao_inst_size(k, i), name, why);
		if (strncmp(want, "s_cbranch", 9)) {
			snprintf(name, sizeof name, "llvm-mc text of '%s'", want);
			snprintf(why, sizeof why, "llvm-mc prints '%s'", txt);
			check(strcmp(txt, want) == 0, name, why);
		}
		i++;
	}
	if (p)
		pclose(p);
	unlink(path);
	char why[64];
	snprintf(why, sizeof why, "%u of %u instructions encoded", i, n);
	check(i == n, "llvm-mc encoded every instruction", why);
}

static void test_summary(struct ao_kernel *k)
{
	struct ao_summary s;
	int rc = ao_finalize(k, &s);
	check(rc == 0, "finalize sample", ao_error(k) ? ao_error(k) : "");
	if (rc)
		return;
	/* highest VGPR touched: v25 (VOPD) -> 26; highest SGPR: s13 -> 14 */
	check(s.next_free_vgpr == 26, "next_free_vgpr = 26", "");
	check(s.next_free_sgpr == 14, "next_free_sgpr = 14", "");
	check(s.uses_vcc && s.sgpr_count == 16, "VCC used, sgpr_count = 14 + 2", "");
	check(s.kernarg_size == 16 && s.kernarg_align == 8, "kernarg 16 bytes, align 8", "");
	check(s.lds_bytes == 1024, "LDS 1024 bytes", "");
	check(s.vopd == 3, "3 VOPD", "");
	check(s.nargs == 3 && s.args[1].offset == 8 && s.args[0].is_const, "argument list", "");
	check(s.user_sgprs == 2 && s.system_sgprs == 2, "wave start SGPRs", "");
}

static void test_errors(void)
{
	struct ao_kernel *k = new_kernel("bad");
	ao_arg_u32(k, "M");
	AO_IM(k, AO_OP(s_load_b64), ao_m(0, 0), ao_sr(4, 2), ao_sr(0, 2));
	AO_I0(k, AO_OP(s_endpgm));
	struct ao_summary s;
	check(ao_finalize(k, &s) != 0 && strstr(ao_error(k), "kernarg"), "kernarg overread refused",
	      ao_error(k) ? ao_error(k) : "accepted");
	ao_kernel_free(k);

	k = new_kernel("bad2");
	check(AO_I(k, AO_OP(global_load_b128), ao_v(1), ao_vr(2, 2), ao_off()) < 0,
	      "b128 load into one register refused", "accepted");
	ao_kernel_free(k);

	k = new_kernel("bad3");
	int l = ao_label(k, "never");
	AO_I(k, AO_OP(s_branch), ao_lab((unsigned)l));
	AO_I0(k, AO_OP(s_endpgm));
	check(ao_finalize(k, &s) != 0 && strstr(ao_error(k), "never bound"), "unbound label refused",
	      ao_error(k) ? ao_error(k) : "accepted");
	ao_kernel_free(k);

	k = new_kernel("bad4");
	struct ao_half x = { AO_OP(v_fmac_f32), 3, { ao_v(0), ao_v(4), ao_v(8) } };
	struct ao_half y = { AO_OP(v_fmac_f32), 3, { ao_v(2), ao_v(5), ao_v(9) } };
	ao_vopd(k, &x, &y);
	AO_I0(k, AO_OP(s_endpgm));
	check(ao_finalize(k, &s) != 0 && strstr(ao_error(k), "even"), "VOPD same-parity dsts refused",
	      ao_error(k) ? ao_error(k) : "accepted");
	ao_kernel_free(k);

	k = new_kernel("xy5");
	struct ao_half x5 = { AO_OP(v_mov_b32), 2, { ao_v(1), ao_v(4) } };
	struct ao_half y5 = { AO_OP(v_add_f32), 3, { ao_v(2), ao_v(1), ao_v(9) } };
	ao_vopd(k, &x5, &y5);
	AO_I0(k, AO_OP(s_endpgm));
	/* legal: the halves execute together, Y reads the old v1 (ISA guide, VOPD) */
	check(ao_finalize(k, &s) == 0, "VOPD X writing a Y source accepted", ao_error(k) ? ao_error(k) : "");
	ao_kernel_free(k);

	k = new_kernel("bad_lds");
	ao_lds(k, 256, 16);
	AO_IM(k, AO_OP(ds_load_b128), ao_m(248, 0), ao_vr(4, 4), ao_v(1));
	AO_I0(k, AO_OP(s_endpgm));
	check(ao_finalize(k, &s) != 0 && strstr(ao_error(k), "LDS declared 256"), "LDS offset past the declared size refused",
	      ao_error(k) ? ao_error(k) : "accepted");
	ao_kernel_free(k);

	k = new_kernel("bad6");
	check(ao_arg_u32(k, "off") < 0, "argument name 'off' refused", "accepted");
	ao_kernel_free(k);

	k = new_kernel("bad7");
	check(AO_I(k, AO_OP(s_load_b64), ao_sr(3, 2), ao_sr(0, 2)) < 0, "odd SGPR pair refused", "accepted");
	ao_kernel_free(k);

	/* a kernel that never names vcc: reserve_vcc 0, sgpr_count without the +2 */
	k = new_kernel("novcc");
	AO_I(k, AO_OP(v_mov_b32), ao_v(3), ao_s(17));
	AO_I0(k, AO_OP(s_endpgm));
	char *text = NULL;
	size_t len;
	check(ao_print(k, NULL, &text, &len) == 0 && strstr(text, ".amdhsa_reserve_vcc 0") &&
	      strstr(text, ".amdhsa_next_free_vgpr 4") && strstr(text, ".amdhsa_next_free_sgpr 18") &&
	      strstr(text, ".sgpr_count: 18\n"), "no VCC: reserve_vcc 0, sgpr_count 18", text ? text : "");
	free(text);
	ao_kernel_free(k);

	/* wave-start SGPRs count even when unused: kernarg s[0:1] + wgid x, y */
	k = new_kernel("tiny");
	AO_I0(k, AO_OP(s_endpgm));
	check(ao_finalize(k, &s) == 0 && s.next_free_sgpr == 4 && s.next_free_vgpr == 1,
	      "empty kernel: next_free_sgpr 4 (wave start), next_free_vgpr 1 (v0)", "");
	ao_kernel_free(k);

	struct ao_kernel_info bad = { .name = "9x", .block_threads = 64 };
	check(ao_kernel_new(&bad) == NULL, "bad kernel name refused", "accepted");
}

/* Output files written atomically, one or all of several. */
static void test_atomic_writes(void)
{
	char dir[] = "/tmp/ao_atomic_XXXXXX", path[64], err[300];
	if (mkdtemp(dir)) {
		snprintf(path, sizeof path, "%s/out.s", dir);
		check(ao_write_atomic(path, "abc", 3, err, sizeof err) == 0, "atomic write", err);
		snprintf(path, sizeof path, "%s/missing/out.s", dir);
		check(ao_write_atomic(path, "abc", 3, err, sizeof err) == AO_E_IO && strstr(err, "missing"),
		      "atomic write into a missing folder fails with the path", err);
		/* two files, the second cannot be written: the first keeps its old bytes */
		char first[64], probe[128];
		snprintf(first, sizeof first, "%s/out.s", dir);
		struct ao_output two[2] = { { first, "new", 3 }, { path, "xyz", 3 } };
		check(ao_write_files(two, 2, err, sizeof err) == AO_E_IO && strstr(err, "missing"),
		      "ao_write_files: a failing second file is reported", err);
		FILE *f = fopen(first, "r");
		char got[8] = "";
		if (f) {
			if (!fgets(got, sizeof got, f))
				got[0] = '\0';
			fclose(f);
		}
		check(strcmp(got, "abc") == 0, "ao_write_files: nothing replaced when one file fails", got);
		snprintf(probe, sizeof probe, "ls -a %s | grep -c tmp", dir);
		FILE *ls = popen(probe, "r");
		int ntmp = -1;
		if (ls) {
			if (fscanf(ls, "%d", &ntmp) != 1)
				ntmp = -1;
			pclose(ls);
		}
		check(ntmp == 0, "ao_write_files: no temporary file left", probe);
		two[1].path = first;
		snprintf(path, sizeof path, "%s/second.s", dir);
		two[0].path = path;
		check(ao_write_files(two, 2, err, sizeof err) == 0, "ao_write_files: two files", err);
		f = fopen(path, "r");
		got[0] = '\0';
		if (f) {
			if (!fgets(got, sizeof got, f))
				got[0] = '\0';
			fclose(f);
		}
		check(strcmp(got, "new") == 0, "ao_write_files: both written", got);
		char cmd[128];
		snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
		if (system(cmd) != 0)
			check(0, "cleanup", dir);
	}
}

static void test_print_file(struct ao_kernel *k)
{
	char *text;
	size_t len;
	struct ao_emit_opts o = { .code_object = 5 };
	int rc = ao_print(k, &o, &text, &len);
	check(rc == 0, "print file", ao_error(k) ? ao_error(k) : "");
	if (rc)
		return;
	check(strstr(text, ".amdhsa_code_object_version 5") != NULL, "version directive", "");
	check(strstr(text, ".amdhsa_reserve_vcc 1") != NULL, "reserve_vcc 1", "");
	check(strstr(text, ".amdhsa_next_free_vgpr 26") != NULL, "next_free_vgpr directive", "");
	check(strstr(text, ".amdhsa_group_segment_fixed_size 1024") != NULL, "LDS directive", "");
	check(strstr(text, "amdhsa.version: [ 1, 2 ]") != NULL, "metadata version 1.2", "");
	free(text);
	o.no_version_directive = true;
	o.code_object = 4;
	ao_print(k, &o, &text, &len);
	check(strstr(text, ".amdhsa_code_object_version") == NULL && strstr(text, "[ 1, 1 ]"),
	      "no version directive, v4 metadata", "");
	free(text);
}

static void test_meta_get(void)
{
	struct ao_kernel *k = new_kernel("meta");
	char buf[64];
	ao_meta_int(k, "tile_m", 128);
	ao_meta_str(k, "layout", "NT");
	const char *m = ao_meta_get(k, "tile_m", buf, sizeof buf);
	check(m && strcmp(m, "128") == 0, "meta_get int", m ? m : "NULL");
	m = ao_meta_get(k, "layout", buf, sizeof buf);
	check(m && strcmp(m, "NT") == 0, "meta_get str", m ? m : "NULL");
	check(ao_meta_get(k, "tile_n", buf, sizeof buf) == NULL, "meta_get unset", "not NULL");
	ao_kernel_free(k);
}

/* By-value arguments carry the C type runners parse their text as:
 * ao_arg_u32 uint, ao_arg_f32 float, ao_arg_f64 double (8 bytes, 8-aligned). */
static void test_arg_types(void)
{
	struct ao_kernel *k = new_kernel("argtypes");
	int n = ao_arg_u32(k, "count"), a = ao_arg_f32(k, "alpha"), d = ao_arg_f64(k, "beta");
	check(n == 0 && a == 4 && d == 8, "f64 argument aligned to 8 after two 4-byte ones", "");
	AO_I0(k, AO_OP(s_endpgm));
	char *text;
	size_t len;
	struct ao_emit_opts o = { .code_object = 5 };
	if (ao_print(k, &o, &text, &len)) {
		check(0, "argtypes prints", ao_error(k) ? ao_error(k) : "");
		ao_kernel_free(k);
		return;
	}
	const char *u = strstr(text, "- .name: count"), *f = strstr(text, "- .name: alpha"),
		   *g = strstr(text, "- .name: beta");
	check(u && f && g && strstr(u, ".type_name: uint") && strstr(f, ".type_name: float") &&
	      strstr(g, ".size: 8") && strstr(g, ".type_name: double") && strstr(text, ".kernarg_segment_size: 16") &&
	      strstr(text, ".kernarg_segment_align: 8"),
	      "type_name uint, float, double; kernarg 16 bytes aligned to 8", "");
	free(text);
	ao_kernel_free(k);
}

int main(void)
{
	struct ao_kernel *k = new_kernel("sample");
	build_sample(k);
	if (ao_error(k))
		check(0, "sample builds", ao_error(k));
	llvm_mc_roundtrip(k);
	test_summary(k);
	test_print_file(k);
	ao_kernel_free(k);
	test_errors();
	test_atomic_writes();
	test_meta_get();
	test_arg_types();
	return check_exit();
}
