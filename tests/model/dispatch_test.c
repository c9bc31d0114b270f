/* dispatch_test.c — the timing model's dispatch on hand-computable launches:
 * the line-sharing pass before a sampled prediction, extrapolation, where
 * workgroups' waves go, the WGP's LDS pipe (tests/model/mtest.h for how the
 * kernels are built and what the expectations are worked out from).
 */
#include "tests/model/mtest.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Line sharing before a sampled prediction (model/share.c): 192 workgroups of
 * one wave on 96 CUs, each loading the same 128-byte line, then storing.  Every
 * unit loads it (96 touches), every one of the 12 shader arrays (12), one line
 * in all: L1 sharing 1 - 12/96, L2 sharing 1 - 1/12.  The store is never
 * executed (the pass stops before it): the buffer stays zero. */
static void sharing_case(const char *name, const char *body, const char *counts, const char *nothing)
{
	char path[512], err[256];
	if (build(name, body, 0, 32, path, sizeof path))
		return;
	struct th h;
	struct emu_opts eo = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(&h, path, &eo)) {
		th_ok(0, counts, "open: %s", h.err);
		return;
	}
	uint64_t buf = emu_alloc(h.dev, 4096, 0);
	emu_fill(h.dev, buf, 0, 4096);
	const struct ld_kernel *k = ld_kernel_find(h.co, name);
	struct emu_launch L = { .kernel_name = name, .kd_addr = h.base + k->kd_vaddr, .kernarg = &buf,
				.kernarg_size = 8, .grid = { 192, 1, 1 }, .block = { 32, 1, 1 } };
	struct mdl_consts c;
	mdl_consts_default(&c);
	struct md_plan p;
	struct md_sharing sh;
	int rc = md_plan_make(192, 8, 0, 32, false, &c, 1, &p, err, sizeof err);
	if (!rc)
		rc = md_sharing_measure(h.dev, &L, &p, &c, NULL, &sh, err, sizeof err);
	uint32_t out[32];
	emu_read(h.dev, buf + 2048, out, sizeof out);
	unsigned written = 0;
	for (int i = 0; i < 32; i++)
		written += out[i] != 0;
	th_ok(rc == 0 && sh.touches == 96 && sh.arrays == 12 && sh.lines == 1 && fabs(sh.p_l1 - (1 - 12.0 / 96)) < 1e-12 &&
		      fabs(sh.p_l2 - (1 - 1.0 / 12)) < 1e-12,
	      counts, "rc %d: touches %.0f arrays %.0f lines %.0f", rc, sh.touches, sh.arrays, sh.lines);
	th_ok(written == 0, nothing, "%u dwords written by the functional pass", written);
	th_close(&h);
}

/* A long dispatch of equal workgroups, extrapolated (docs/model.md): one wave
 * of four s_nop 15 per workgroup (s_nop takes no issue slot, so waves do not
 * meet), 48 R (MD_MAX_ROUNDS + 1) of them, R resident per unit (a WGP: the
 * kernel is in WGP mode; R = 64, one wave on each of 4 SIMDs x 16), one round
 * more per unit than a sampled unit simulates.  Sampled, a unit simulates
 * S = MD_MAX_ROUNDS rounds (S R workgroups) and adds (n - S R) x D / R = D, n its
 * workgroups and D the mean time of a workgroup past the first round; with
 * equal workgroups that is what the remaining rounds take when the full
 * simulation of all 48 WGPs runs them: the two agree to the cycle. */
static void test_extrapolation(void)
{
	const char *name = "model_extrapolation";
	char err[256];
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "extrap", "  s_nop 15\n  s_nop 15\n  s_nop 15\n  s_nop 15\n  s_endpgm\n",
			48 * 64 * (MD_MAX_ROUNDS + 1), 32, &h, &L, &buf))
		return;
	struct mdl_opts o = { 0 };
	mdl_consts_default(&o.c);
	static struct mdl_prediction ps, pf;
	int rc = mdl_predict(h.dev, &L, &o, 1, &ps, err, sizeof err);
	if (!rc)
		rc = mdl_predict(h.dev, &L, &o, 0, &pf, err, sizeof err);
	th_ok(rc == 0 && ps.plan.wg_per_unit == 64 && ps.plan.sim_wgs == 64 * MD_MAX_ROUNDS && pf.plan.full &&
		      ps.r.cycles == pf.r.cycles, name,
	      "rc %d (%s): sampled %llu cycles (%llu workgroups simulated per CU), full %llu", rc, rc ? err : "",
	      (unsigned long long)ps.r.cycles, (unsigned long long)ps.plan.sim_wgs, (unsigned long long)pf.r.cycles);
	th_close(&h);
}

/* The full simulation hands out the grid in order, each workgroup to the unit
 * whose slot frees first (model/run.c).  Workgroups of four waves:
 * workgroup 0 loops 5n times, the others n times (time S each); 48 KB of
 * LDS leave 2 workgroups per WGP, 96 slots in all.  A grid of 96 ends when
 * workgroup 0 does.  A grid of 384: the 383 short workgroups spread over the
 * other 95 slots end near 4S, before workgroup 0, so the kernel ends with it
 * again (within 1 %).  With the fixed lists of round-robin, unit 0 ran
 * workgroups 0, 48, ..., 336, its second slot the seven short ones one after
 * the other, past the end of workgroup 0: 12 % later than the grid of 96. */
static void test_dynamic_dispatch(void)
{
	const char *name = "model_full_dispatch_takes_next";
	char err[256];
	static struct mdl_prediction p[2];
	const unsigned grids[2] = { 96, 384 };
	for (int i = 0; i < 2; i++) {
		struct th h;
		struct emu_launch L;
		uint64_t buf;
		kernel_lds = 49152;
		int orc = open_launch(name, "dyndisp",
				      "  s_mov_b32 s3, 40\n  s_cmp_eq_u32 s2, 0\n  s_cselect_b32 s3, 200, s3\n"
				      ".Ldyn_loop:\n  s_nop 15\n  s_sub_u32 s3, s3, 1\n  s_cmp_lg_u32 s3, 0\n"
				      "  s_cbranch_scc1 .Ldyn_loop\n  s_endpgm\n",
				      grids[i], 128, &h, &L, &buf);
		kernel_lds = 0;
		if (orc)
			return;
		struct mdl_opts o = { 0 };
		mdl_consts_default(&o.c);
		int rc = mdl_predict(h.dev, &L, &o, 0, &p[i], err, sizeof err);
		th_close(&h);
		if (rc) {
			th_ok(0, name, "grid %u: %s", grids[i], err);
			return;
		}
	}
	double one = (double)p[0].r.cycles, four = (double)p[1].r.cycles;
	th_ok(p[1].plan.full && p[1].plan.wg_per_unit == 2 && four < 1.05 * one, name,
	      "grid 96: %.0f cycles, grid 384: %.0f (%.2fx; the fixed lists gave 1.12x), %u per unit", one, four,
	      four / one, p[1].plan.wg_per_unit);
}

/* WGP mode: the WGP's four SIMDs share one LDS pipe (docs/model.md, "LDS").
 * One workgroup of four waves, one per SIMD, each issuing two ds_load_b128 of
 * 512 contiguous bytes (4 cycles each: 32 lanes x 16 bytes over 32 banks of 4
 * bytes) right after the other: the eight loads go through the pipe in issue
 * order, 4 cycles each, and the last wave's s_waitcnt issues lds_latency after
 * its second load leaves the pipe (expected cycles worked out from the traced
 * issue cycles of the loads). */
static void test_wgp_lds_pipe(void)
{
	const char *name = "model_wgp_one_lds_pipe";
	char err[256];
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	kernel_lds = 4096, kernel_vgprs = 16;
	int orc = open_launch(name, "wgplds",
			"  v_lshlrev_b32 v1, 4, v0\n  ds_load_b128 v[2:5], v1\n  ds_load_b128 v[6:9], v1 offset:2048\n"
			"  s_waitcnt lgkmcnt(0)\n  s_endpgm\n",
			1, 128, &h, &L, &buf);
	kernel_lds = 0, kernel_vgprs = 8;
	if (orc)
		return;
	static struct trace t;
	memset(&t, 0, sizeof t);
	struct mdl_opts o = { .on_issue = on_issue, .issue_ctx = &t };
	mdl_consts_default(&o.c);
	static struct mdl_prediction p;
	int rc = mdl_predict(h.dev, &L, &o, 0, &p, err, sizeof err);
	long long ld[4][2], wt = at(&t, 3, ISA_OP_s_waitcnt, 0), free = 0, done3 = 0;
	for (unsigned w = 0; w < 4; w++)
		for (unsigned k = 0; k < 2; k++)
			ld[w][k] = at(&t, w, ISA_OP_ds_load_b128, k);
	/* the pipe in issue order (ties: lower wave first, as the model picks) */
	for (unsigned n = 0; n < 8; n++) {
		unsigned bw = 0, bk = 0;
		long long best = -1;
		for (unsigned w = 0; w < 4; w++)
			for (unsigned k = 0; k < 2; k++)
				if (ld[w][k] >= 0 && (best < 0 || ld[w][k] < best))
					best = ld[w][k], bw = w, bk = k;
		free = (best > free ? best : free) + 4;
		if (bw == 3 && bk == 1)
			done3 = free + (long long)o.c.lds_latency;
		ld[bw][bk] = -1;
	}
	long long want = done3 > at(&t, 3, ISA_OP_ds_load_b128, 1) + (long long)o.c.waitcnt_min_gap
				 ? done3
				 : at(&t, 3, ISA_OP_ds_load_b128, 1) + (long long)o.c.waitcnt_min_gap;
	th_ok(rc == 0 && p.plan.wgp_mode && wt == want, name, "rc %d (%s): wave 3's wait at %lld, want %lld", rc,
	      rc ? err : "", wt, want);
	th_close(&h);
}

/* WGP mode: a WGP's SIMDs 2 and 3 belong to its second CU and load through
 * that CU's L0: one workgroup of four waves (one per SIMD) each loading a
 * dword, the requests captured by a memory hook; waves on SIMDs 0-1 ask as
 * CU 0, those on SIMDs 2-3 as CU 1. */
struct cu_capture {
	unsigned n, cu[8];
	uint64_t wave[8];
};

static uint64_t capture_cu(void *ctx, const struct mdl_mem_req *r)
{
	struct cu_capture *m = ctx;
	if (!r->scalar && m->n < 8)
		m->cu[m->n] = r->cu, m->wave[m->n++] = r->wave;
	return r->now + 100;
}

static void test_wgp_two_l0(void)
{
	const char *name = "model_wgp_two_l0";
	char err[256];
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "wgpl0",
			"  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  v_and_b32 v1, 0x7c, v1\n"
			"  s_waitcnt lgkmcnt(0)\n  global_load_b32 v2, v1, s[2:3]\n  s_waitcnt vmcnt(0)\n  s_endpgm\n",
			1, 128, &h, &L, &buf))
		return;
	struct mdl_consts c;
	mdl_consts_default(&c);
	struct md_plan p;
	struct cu_capture cap = { 0 };
	int rc = md_plan_make(1, 8, 0, 128, true, &c, 0, &p, err, sizeof err);
	struct mdl_opts o = { .c = c, .mem = capture_cu, .mem_ctx = &cap, .plan = &p };
	struct mdl_result r;
	if (!rc)
		rc = mdl_run(h.dev, &L, &o, &r, err, sizeof err);
	unsigned want[4] = { 0, 0, 1, 1 }, bad = cap.n != 4; /* wave i on SIMD i */
	for (unsigned i = 0; i < cap.n && i < 8; i++)
		bad += cap.wave[i] >= 4 || cap.cu[i] != want[cap.wave[i]];
	th_ok(rc == 0 && bad == 0, name, "rc %d (%s): %u requests, %u from the wrong CU (waves on SIMDs 2-3 want CU 1)", rc,
	      rc ? err : "", cap.n, bad);
	th_close(&h);
}

/* Four one-wave workgroups on one CU (2 SIMDs): each starts on the SIMD with
 * the most free wave slots, the lower on a tie: SIMDs 0, 1, 0, 1 (the first
 * s_nop of workgroup g is the g-th wave's). */
static void test_one_wave_groups(void)
{
	const char *name = "model_one_wave_groups_fill_both_simds";
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "onewave", "  s_nop 15\n  s_endpgm\n", 4, 32, &h, &L, &buf))
		return;
	static struct trace t;
	memset(&t, 0, sizeof t);
	struct mdl_opts o = { .cus = 1, .on_issue = on_issue, .issue_ctx = &t };
	mdl_consts_default(&o.c);
	struct mdl_result r;
	int rc = mdl_run(h.dev, &L, &o, &r, h.err, sizeof h.err);
	unsigned simd[4] = { 9, 9, 9, 9 };
	for (unsigned i = 0; i < t.n; i++)
		if (t.op[i] == ISA_OP_s_nop && t.wave[i] < 4)
			simd[t.wave[i]] = t.simd[i];
	th_ok(rc == 0 && simd[0] == 0 && simd[1] == 1 && simd[2] == 0 && simd[3] == 1, name,
	      "rc %d: SIMDs %u %u %u %u, want 0 1 0 1", rc, simd[0], simd[1], simd[2], simd[3]);
	th_close(&h);
}

/* The sharing pass's second round when the first loaded nothing: one-wave
 * workgroups, 64 per CU (2 rounds of 32), only those with an id of 3072 or
 * more (the second round) load, all the same line.  The sampled unit's p_prev
 * is then 0 (no unit loaded it the round before) and its later rounds' chance
 * that another unit brings the line is that of the second round: 95 of its
 * 96 units are not simulated, 95/96 (split all to L2: round 1 shared nothing). */
static void test_sharing_empty_first_round(void)
{
	const char *name = "model_sharing_empty_first_round";
	char err[256];
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "late",
			"  s_load_b64 s[4:5], s[0:1], 0x0\n  s_cmpk_lt_u32 s2, 3072\n  s_cbranch_scc1 .Lskip\n"
			"  v_lshlrev_b32 v1, 2, v0\n  s_waitcnt lgkmcnt(0)\n  global_load_b32 v2, v1, s[4:5]\n"
			"  s_waitcnt vmcnt(0)\n.Lskip:\n  s_endpgm\n",
			6144, 32, &h, &L, &buf))
		return;
	struct mdl_consts c;
	mdl_consts_default(&c);
	struct md_plan p;
	struct md_sharing sh;
	int rc = md_plan_make(6144, 8, 0, 32, false, &c, 1, &p, err, sizeof err);
	if (!rc)
		rc = md_sharing_measure(h.dev, &L, &p, &c, NULL, &sh, err, sizeof err);
	double later = sh.unit_l1b[0] + (1 - sh.unit_l1b[0]) * sh.unit_l2b[0];
	th_ok(rc == 0 && p.wg_per_unit == 32 && p.nsample == 1 && sh.touches == 0 && sh.unit_prev[0] == 0 &&
		      fabs(later - 95.0 / 96) < 1e-12,
	      name, "rc %d: %u resident, first-round touches %.0f, unit 0: prev %g, later rounds %g (want 95/96)", rc,
	      p.wg_per_unit, sh.touches, sh.unit_prev[0], later);
	th_close(&h);
}

/* The plan both spread tests run: one-wave workgroups, 32 per CU (SPREAD_PER_ROUND
 * per round of the GPU), 4 (MD_MAX_ROUNDS - 1) + 4 rounds; *later is the first
 * workgroup of unit 0's later round (share.c, later_round). */
#define SPREAD_PER_ROUND 3072u
#define SPREAD_NWG (SPREAD_PER_ROUND * (4 * (MD_MAX_ROUNDS - 1) + 4))
static int spread_plan(struct mdl_consts *c, struct md_plan *p, uint64_t *later, char *err, size_t errlen)
{
	mdl_consts_default(c);
	int rc = md_plan_make(SPREAD_NWG, 8, 0, 32, false, c, 1, p, err, errlen);
	*later = rc ? 0 : md_unit_wg(p, 0, MD_MAX_ROUNDS / 2 * p->wg_per_unit);
	return rc;
}

/* With spread sampling, the later round's previous-round chance is measured
 * on the grid round just before it.  One-wave workgroups, 32 per CU (3072
 * per round of the GPU), 4 (MD_MAX_ROUNDS - 1) + 4 rounds: the later round is
 * the middle stratum's of those a sampled unit simulates (share.c,
 * later_round), round r, and only rounds r - 1 and r load, all the same line.
 * Round r finds it loaded by round r - 1: p_prev is 1.  Measured against
 * round 0, which loads nothing, it was 0. */
static void test_sharing_prev_round_spread(void)
{
	const char *name = "model_sharing_prev_round_spread";
	const unsigned per_round = SPREAD_PER_ROUND, nwg = SPREAD_NWG;
	char err[256], body[512];
	struct mdl_consts c;
	struct md_plan p;
	uint64_t second;
	int rc = spread_plan(&c, &p, &second, err, sizeof err);
	uint64_t r = second / per_round;
	if (rc || p.wg_per_unit != 32 || r < 2 || (r + 1) * per_round > 65535) {
		th_ok(false, name, "rc %d (%s): %u resident, second simulated round %llu", rc, rc ? err : "", p.wg_per_unit,
		      (unsigned long long)r);
		return;
	}
	snprintf(body, sizeof body,
		 "  s_load_b64 s[4:5], s[0:1], 0x0\n  s_cmpk_lt_u32 s2, %llu\n  s_cbranch_scc1 .Lskip\n"
		 "  s_cmpk_ge_u32 s2, %llu\n  s_cbranch_scc1 .Lskip\n"
		 "  v_lshlrev_b32 v1, 2, v0\n  s_waitcnt lgkmcnt(0)\n  global_load_b32 v2, v1, s[4:5]\n"
		 "  s_waitcnt vmcnt(0)\n.Lskip:\n  s_endpgm\n",
		 (unsigned long long)((r - 1) * per_round), (unsigned long long)((r + 1) * per_round));
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "spread", body, nwg, 32, &h, &L, &buf))
		return;
	struct md_sharing sh;
	rc = md_sharing_measure(h.dev, &L, &p, &c, NULL, &sh, err, sizeof err);
	th_ok(rc == 0 && second == r * per_round && sh.touches == 0 && sh.unit_prev[0] == 1, name,
	      "rc %d: the later round starts at %llu (round %llu), first-round touches %.0f, "
	      "unit 0: prev %g (want 1)", rc, (unsigned long long)second, (unsigned long long)r, sh.touches,
	      sh.unit_prev[0]);
	th_close(&h);
}

/* The later round looks back over the rounds before it, through L2 and the
 * Infinity Cache (share.c, back_fills).  As test_sharing_prev_round_spread:
 * round r - 3 and the later round r load one line, rounds r - 2 and r - 1
 * store a line per workgroup (6144 in all), the other rounds do nothing.
 * With an Infinity Cache of 8192 lines and an L2 of 128, the 6144 lines
 * filled after the shared one have passed it in L2 only: p_prev 1, p_prev_l2
 * 0; with 8192 in both, 1 and 1; with an Infinity Cache of 4096, it is gone:
 * 0.  Looking one round back, all three were 0.  Stored with DLC (MALL
 * NOALLOC), the lines fill L2 only, and the Infinity Cache of 4096 keeps the
 * shared line: 1 and 0. */
static void test_sharing_looks_back(void)
{
	const char *name[4] = { "model_sharing_looks_back_to_the_infinity_cache", "model_sharing_looks_back_to_l2",
				"model_sharing_looks_back_past_capacity", "model_sharing_looks_back_past_noalloc_stores" };
	const double l2[4] = { 128, 8192, 128, 128 }, mall[4] = { 8192, 8192, 4096, 4096 };
	const double want[4][2] = { { 1, 0 }, { 1, 1 }, { 0, 0 }, { 1, 0 } };
	const unsigned per_round = SPREAD_PER_ROUND, nwg = SPREAD_NWG;
	char err[256], body[1024];
	struct mdl_consts c;
	struct md_plan p;
	uint64_t later;
	int rc = spread_plan(&c, &p, &later, err, sizeof err);
	uint64_t r = later / per_round;
	if (rc || p.wg_per_unit != 32 || r < 4 || (r + 1) * per_round > 65535) {
		th_ok(false, name[0], "rc %d (%s): %u resident, later round %llu", rc, rc ? err : "", p.wg_per_unit,
		      (unsigned long long)r);
		return;
	}
	/* the first three cases share one kernel (plain stores), the last stores with DLC */
	const char *const store_bits[4] = { "", "", "", " glc slc dlc" };
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	for (unsigned i = 0; i < 4; i++) {
		if (i == 0 || strcmp(store_bits[i], store_bits[i - 1]) != 0) {
			if (i > 0)
				th_close(&h);
			snprintf(body, sizeof body,
				 "  s_load_b64 s[4:5], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  s_waitcnt lgkmcnt(0)\n"
				 "  s_cmpk_lt_u32 s2, %llu\n  s_cbranch_scc1 .Lskip\n  s_cmpk_lt_u32 s2, %llu\n  s_cbranch_scc1 .Lload\n"
				 "  s_cmpk_lt_u32 s2, %llu\n  s_cbranch_scc1 .Lstore\n  s_cmpk_lt_u32 s2, %llu\n  s_cbranch_scc1 .Lload\n"
				 "  s_endpgm\n.Lload:\n  global_load_b32 v2, v1, s[4:5]\n  s_waitcnt vmcnt(0)\n  s_endpgm\n"
				 ".Lstore:\n  s_lshl_b32 s6, s2, 7\n  v_add_nc_u32 v3, s6, v1\n  global_store_b32 v3, v0, s[4:5]%s\n"
				 ".Lskip:\n  s_endpgm\n",
				 (unsigned long long)((r - 3) * per_round), (unsigned long long)((r - 2) * per_round),
				 (unsigned long long)(r * per_round), (unsigned long long)((r + 1) * per_round),
				 store_bits[i]);
			if (open_launch(name[i], "lookback", body, nwg, 32, &h, &L, &buf))
				return;
		}
		c.l2_bytes = l2[i] * c.line_bytes, c.mall_bytes = mall[i] * c.line_bytes;
		struct md_sharing sh;
		rc = md_sharing_measure(h.dev, &L, &p, &c, NULL, &sh, err, sizeof err);
		th_ok(rc == 0 && sh.unit_prev[0] == want[i][0] && sh.unit_prev_l2[0] == want[i][1], name[i],
		      "rc %d: L2 %.0f lines, Infinity Cache %.0f: unit 0: prev %g (want %g), in L2 %g (want %g)", rc, l2[i],
		      mall[i], sh.unit_prev[0], want[i][0], sh.unit_prev_l2[0], want[i][1]);
	}
	th_close(&h);
}

/* A sampled plan's DRAM bytes (mdl_predict_dram_bytes) extrapolate as its
 * time: the first simulated round once, the MD_MAX_ROUNDS - 1 later ones
 * standing for the unit's other rounds.  8 of 96 CUs simulated, units of 4 x
 * MD_MAX_ROUNDS rounds (extrapolate 4), 1000 bytes in the first round and 700
 * in the later ones: (1000 + 700 x 31 / 7) x 96 / 8 = 49200.  Scaled whole,
 * (1000 + 700) x 4 x 12 = 81600: a first round of a stencil's boundary
 * plane, which loads nothing, weighed as much as any other. */
static void test_dram_bytes_extrapolated(void)
{
	struct mdl_prediction p;
	memset(&p, 0, sizeof p);
	p.plan.nsample = 8, p.plan.active_cus = 96, p.plan.extrapolate = 4;
	p.mem.bytes_dram = 1700, p.mem.bytes_dram_first = 1000;
	double got = mdl_predict_dram_bytes(&p);
	th_ok(MD_MAX_ROUNDS == 8 && fabs(got - 49200) < 1e-6, "model_dram_bytes_extrapolated",
	      "%.1f DRAM bytes (want 49200, derived for MD_MAX_ROUNDS 8; it is %d)", got, MD_MAX_ROUNDS);
}

/* The sampled units' chances weigh a line by 1 / s, s the sampled units that
 * load it (share.c, unit_chances): the simulation draws a line once, where
 * the first of them meets it.  Sampled units 0 and 95 of 96 (CU mode, two
 * per group); line A is loaded by units 0, 95 and 1 (n 3, s 2), line B by
 * units 0, 2 and 3 (n 3, s 1).  Unit 0's ghost chance is 1 - (1/3 + 1/3) /
 * (1/2 + 1) = 5/9, unit 95's 1 - (1/3) / (1/2) = 1/3: then the lines' expected
 * fetches (A: the first of units 0 and 95 fetches it with 4/9 or 2/3, B: 4/9)
 * add up to the sampled units' share of them, 2/3 + 1/3.  The mean of
 * (n - s) / n over unit 0's lines, 1/2, makes it 1 1/9. */
static void test_sharing_weighs_sampled_sharers(void)
{
	const char *name = "model_sharing_weighs_sampled_sharers";
	const char *body = "  s_load_b64 s[4:5], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  s_waitcnt lgkmcnt(0)\n"
			   "  s_cmp_eq_u32 s2, 0\n  s_cbranch_scc1 .Lab\n  s_cmp_eq_u32 s2, 1\n  s_cbranch_scc1 .La\n"
			   "  s_cmp_eq_u32 s2, 95\n  s_cbranch_scc1 .La\n  s_cmp_eq_u32 s2, 2\n  s_cbranch_scc1 .Lb\n"
			   "  s_cmp_eq_u32 s2, 3\n  s_cbranch_scc1 .Lb\n  s_endpgm\n"
			   ".Lab:\n  global_load_b32 v2, v1, s[4:5]\n  global_load_b32 v3, v1, s[4:5] offset:128\n"
			   "  s_waitcnt vmcnt(0)\n  s_endpgm\n"
			   ".La:\n  global_load_b32 v2, v1, s[4:5]\n  s_waitcnt vmcnt(0)\n  s_endpgm\n"
			   ".Lb:\n  global_load_b32 v3, v1, s[4:5] offset:128\n  s_waitcnt vmcnt(0)\n  s_endpgm\n";
	char err[256];
	struct mdl_consts c;
	mdl_consts_default(&c);
	struct md_plan p;
	int rc = md_plan_make(192, 8, 0, 32, false, &c, 2, &p, err, sizeof err);
	if (rc || p.nsample != 2 || md_sample_unit(&p, 0) != 0 || md_sample_unit(&p, 1) != 95) {
		th_ok(false, name, "rc %d (%s): %u sampled units", rc, rc ? err : "", p.nsample);
		return;
	}
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "weigh", body, 192, 32, &h, &L, &buf))
		return;
	struct md_sharing sh;
	rc = md_sharing_measure(h.dev, &L, &p, &c, NULL, &sh, err, sizeof err);
	double g[2];
	for (unsigned i = 0; i < 2; i++) /* the L1 and L2 draws together */
		g[i] = sh.unit_l1[i] + (1 - sh.unit_l1[i]) * sh.unit_l2[i];
	th_ok(rc == 0 && fabs(g[0] - 5.0 / 9) < 1e-12 && fabs(g[1] - 1.0 / 3) < 1e-12, name,
	      "rc %d: ghost chance unit 0 %.6f (want %.6f), unit 95 %.6f (want %.6f)", rc, g[0], 5.0 / 9, g[1], 1.0 / 3);
	th_close(&h);
}

static void test_sharing(void)
{
	sharing_case("share",
		     "  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  s_waitcnt lgkmcnt(0)\n"
		     "  global_load_b32 v2, v1, s[2:3]\n  s_waitcnt vmcnt(0)\n  v_mov_b32 v3, 7\n"
		     "  global_store_b32 v1, v3, s[2:3] offset:2048\n  s_endpgm\n",
		     "model_sharing_counts", "model_sharing_writes_nothing");
	/* the same after a spill to scratch: the pass goes on past scratch stores */
	kernel_priv = 16;
	sharing_case("share_spill",
		     "  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  v_mov_b32 v4, 5\n"
		     "  scratch_store_b32 off, v4, off offset:4\n  s_waitcnt lgkmcnt(0)\n"
		     "  global_load_b32 v2, v1, s[2:3]\n  s_waitcnt vmcnt(0)\n  v_mov_b32 v3, 7\n"
		     "  global_store_b32 v1, v3, s[2:3] offset:2048\n  s_endpgm\n",
		     "model_sharing_counts_after_spill", "model_sharing_spill_writes_nothing");
	kernel_priv = 0;
	/* a plain store before the load is passed over, not executed: a wave that
	 * marches along z stores a plane before it loads the next */
	sharing_case("share_after_store",
		     "  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  v_mov_b32 v3, 7\n  s_waitcnt lgkmcnt(0)\n"
		     "  global_store_b32 v1, v3, s[2:3] offset:2048\n  global_load_b32 v2, v1, s[2:3]\n  s_waitcnt vmcnt(0)\n"
		     "  s_endpgm\n",
		     "model_sharing_counts_past_store", "model_sharing_skipped_store_writes_nothing");
	/* an atomic returns what it read: the wave stops there (one line, not two) */
	sharing_case("share_atomic",
		     "  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v1, 2, v0\n  v_mov_b32 v3, 7\n  s_waitcnt lgkmcnt(0)\n"
		     "  global_load_b32 v2, v1, s[2:3]\n  global_atomic_add_u32 v5, v1, v3, s[2:3] offset:2048 glc\n"
		     "  global_load_b32 v4, v1, s[2:3] offset:128\n  s_waitcnt vmcnt(0)\n  s_endpgm\n",
		     "model_sharing_stops_at_atomic", "model_sharing_atomic_writes_nothing");
}

/* Progress (mdl_opts.progress, rdna3run's line): a sampled prediction of 288
 * one-wave workgroups on 48 WGPs (6 per unit, all resident) counts first the
 * workgroups its line-sharing pass runs (every unit's 6: 288), then those it
 * simulates (the sampled unit's 6), each from 0 to its total, in order. */
struct count_seen {
	const char *what[4];
	uint64_t first[4], last[4], total[4];
	unsigned n, bad;
};

static void count_fn(void *ctx, const char *what, uint64_t done, uint64_t total)
{
	struct count_seen *s = ctx;
	if (!s->n || strcmp(what, s->what[s->n - 1])) {
		if (s->n == 4) {
			s->bad++;
			return;
		}
		s->what[s->n] = what, s->first[s->n] = done, s->total[s->n] = total, s->n++;
	} else if (done < s->last[s->n - 1] || total != s->total[s->n - 1]) {
		s->bad++;
	}
	s->last[s->n - 1] = done;
}

static void test_progress(void)
{
	const char *name = "model_progress_counts";
	char err[256];
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "progress", "  s_nop 15\n  s_endpgm\n", 288, 32, &h, &L, &buf))
		return;
	struct count_seen s = { 0 };
	struct emu_progress pr = { count_fn, &s };
	struct mdl_opts o = { .progress = &pr };
	mdl_consts_default(&o.c);
	static struct mdl_prediction p;
	int rc = mdl_predict(h.dev, &L, &o, 1, &p, err, sizeof err);
	th_ok(rc == 0 && s.n == 2 && !s.bad && strstr(s.what[0], "line sharing") && s.first[0] == 0 &&
		      s.last[0] == 288 && s.total[0] == 288 && !strcmp(s.what[1], "workgroups simulated") &&
		      s.first[1] == 0 && s.last[1] == p.r.workgroups && s.total[1] == p.r.workgroups &&
		      p.r.workgroups == 6,
	      name, "rc %d (%s): %u counts, %u bad; %s %llu..%llu of %llu; %s %llu..%llu of %llu; %llu simulated", rc,
	      rc ? err : "", s.n, s.bad, s.n > 0 ? s.what[0] : "-", (unsigned long long)s.first[0],
	      (unsigned long long)s.last[0], (unsigned long long)s.total[0], s.n > 1 ? s.what[1] : "-",
	      (unsigned long long)s.first[1], (unsigned long long)s.last[1], (unsigned long long)s.total[1],
	      (unsigned long long)p.r.workgroups);
	th_close(&h);
}


/* Instruction timing (model/timing.c) against the issue events it is made
 * of: 40 one-wave workgroups on one CU (32 wave slots, so 8 slots run a second
 * wave), every issue recorded beside the timing; per instruction the hits and
 * the gaps to the same wave's previous and next issue, summed here by wave id,
 * must be the timing's.  Then through mdl_predict (mdl_opts.timing): the
 * caller's hook still sees every issue, and a second prediction empties the
 * timing before filling it. */
struct tm_rec {
	unsigned n;
	uint64_t wave[256], cycle[256];
	uint32_t pc[256];
	struct mdl_timing *t;
};

static void tm_issue(void *ctx, const struct mdl_issue *is)
{
	struct tm_rec *r = ctx;
	if (r->t)
		mdl_timing_on_issue(r->t, is);
	if (r->n < 256)
		r->wave[r->n] = is->wave, r->cycle[r->n] = is->cycle, r->pc[r->n] = is->pc, r->n++;
}

/* Per pc: hits, and the gap sums before and after, from the record alone. */
static bool tm_matches(const struct tm_rec *r, const struct mdl_timing *t, char *why, size_t n)
{
	for (uint32_t pc = 0; pc < 64; pc += 4) {
		uint64_t hits = 0, before = 0, pre = 0, after = 0, fol = 0;
		for (unsigned i = 0; i < r->n; i++) {
			if (r->pc[i] != pc)
				continue;
			hits++;
			for (int j = (int)i - 1; j >= 0; j--)
				if (r->wave[j] == r->wave[i]) {
					before += r->cycle[i] - r->cycle[j], pre++;
					break;
				}
			for (unsigned j = i + 1; j < r->n; j++)
				if (r->wave[j] == r->wave[i]) {
					after += r->cycle[j] - r->cycle[i], fol++;
					break;
				}
		}
		const struct mdl_inst_time z = { 0 }, *a = pc / 4 < t->n ? &t->at[pc / 4] : &z;
		if (a->hits != hits || a->before != before || a->preceded != pre || a->after != after || a->followed != fol) {
			snprintf(why, n, "pc %u: hits %llu before %llu/%llu after %llu/%llu, the record %llu %llu/%llu %llu/%llu",
				 pc, (unsigned long long)a->hits, (unsigned long long)a->before,
				 (unsigned long long)a->preceded, (unsigned long long)a->after,
				 (unsigned long long)a->followed, (unsigned long long)hits, (unsigned long long)before,
				 (unsigned long long)pre, (unsigned long long)after, (unsigned long long)fol);
			return false;
		}
	}
	return true;
}

static void test_timing(void)
{
	const char *name = "model_timing_from_issues";
	char why[256] = "";
	struct th h;
	struct emu_launch L;
	uint64_t buf;
	if (open_launch(name, "timing", "  v_mov_b32 v1, 0\n  v_add_f32 v2, 1.0, v1\n  s_endpgm\n", 40, 32, &h, &L, &buf))
		return;
	static struct tm_rec rec;
	struct mdl_timing tm = { 0 };
	memset(&rec, 0, sizeof rec);
	rec.t = &tm;
	struct mdl_opts o = { .cus = 1, .on_issue = tm_issue, .issue_ctx = &rec };
	mdl_consts_default(&o.c);
	struct mdl_result r;
	int rc = mdl_run(h.dev, &L, &o, &r, h.err, sizeof h.err);
	bool same = rc == 0 && rec.n == 120 && tm.waves == 40 && !tm.oom && tm_matches(&rec, &tm, why, sizeof why);
	const char *add = tm.n > 1 && tm.at[1].text ? tm.at[1].text : "";
	th_ok(same && !strcmp(add, "v_add_f32_e32 v2, 1.0, v1"), name, "rc %d, %u issues recorded, %llu waves: %s%s",
	      rc, rec.n, (unsigned long long)tm.waves, why, same ? add : "");
	mdl_timing_free(&tm);

	name = "model_timing_through_predict";
	struct mdl_timing tp = { 0 };
	memset(&rec, 0, sizeof rec);
	struct mdl_opts po = { .on_issue = tm_issue, .issue_ctx = &rec, .timing = &tp };
	mdl_consts_default(&po.c);
	static struct mdl_prediction p;
	rc = mdl_predict(h.dev, &L, &po, 0, &p, h.err, sizeof h.err);
	unsigned first = rec.n;
	uint64_t hits = 0;
	for (size_t i = 0; rc == 0 && i < tp.n; i++)
		hits += tp.at[i].hits;
	if (rc == 0)
		rc = mdl_predict(h.dev, &L, &po, 0, &p, h.err, sizeof h.err);
	uint64_t again = 0;
	for (size_t i = 0; rc == 0 && i < tp.n; i++)
		again += tp.at[i].hits;
	th_ok(rc == 0 && first == 120 && hits == 120 && again == 120 && rec.n == 240 && tp.waves == 40, name,
	      "rc %d (%s): the hook saw %u then %u issues, the timing held %llu then %llu", rc, rc ? h.err : "", first,
	      rec.n, (unsigned long long)hits, (unsigned long long)again);
	mdl_timing_free(&tp);
	th_close(&h);
}

int main(void)
{
	test_sharing();
	test_extrapolation();
	test_dynamic_dispatch();
	test_one_wave_groups();
	test_wgp_lds_pipe();
	test_wgp_two_l0();
	test_sharing_empty_first_round();
	test_sharing_prev_round_spread();
	test_sharing_looks_back();
	test_dram_bytes_extrapolated();
	test_sharing_weighs_sampled_sharers();
	test_progress();
	test_timing();
	th_cleanup(check_failures);
	return check_exit();
}
