/* model_test.c — the timing model on hand-computable kernels.  Each kernel is
 * a few instructions whose issue cycles follow from the rules of docs/model.md
 * and the constants of model/consts.def; the expected gaps below are worked
 * out by hand from those rules (a formula over the named constants, so a
 * changed constant keeps the test meaningful), never read from the model.
 */
#include "tests/model/mtest.h"

#include <stdio.h>
#include <string.h>

/* Four dependent v_add_f32 of one wave: they issue a cycle apart (the VALU
 * queue holds them), execute valu_latency apart, and the ds_store reading the
 * last result issues valu_lds_latency after that op executes. */
static void test_valu_chain(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  v_lshlrev_b32 v2, 2, v0\n  s_nop 15\n  v_add_f32 v1, 1.0, v0\n  v_add_f32 v1, 1.0, v1\n  v_add_f32 v1, 1.0, v1\n"
			   "  v_add_f32 v1, 1.0, v1\n  ds_store_b32 v2, v1\n  s_endpgm\n";
	if (run("valu_chain", body, 4096, 32, &t, &r, &c))
		return;
	long long a0 = at(&t, 0, ISA_OP_v_add_f32, 0), a3 = at(&t, 0, ISA_OP_v_add_f32, 3);
	long long st = at(&t, 0, ISA_OP_ds_store_b32, 0);
	long long want = 3 * (long long)c.valu_latency + (long long)c.valu_lds_latency;
	th_ok(a3 - a0 == 3, "model_valu_chain_issue", "4 adds issued over %lld cycles, want 3", a3 - a0);
	th_ok(st - a0 == want, "model_valu_chain", "first add to the store of the result: %lld cycles, want %lld",
	      st - a0, want);
	th_ok(r.bucket[MDL_B_VALU_BUSY] == 5 && r.bucket[MDL_B_VALU_DEP] == (unsigned long long)(want - 3 - 1),
	      "model_valu_chain_breakdown", "VALU busy %llu (want 5: the adds and the shift), dependency stall %llu (want %lld)",
	      (unsigned long long)r.bucket[MDL_B_VALU_BUSY], (unsigned long long)r.bucket[MDL_B_VALU_DEP], want - 3 - 1);
}

/* Four dependent v_mul_lo_u32, quarter-rate: they issue trans_issue apart,
 * each executes intmul_latency after the one before, and the ds_store of
 * the last result waits as after any VALU op: valu_lds_latency counted from
 * that op's execution, i.e. the result's latency less valu_latency. */
static void test_intmul_chain(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  v_lshlrev_b32 v2, 2, v0\n  s_nop 15\n  v_mul_lo_u32 v1, v0, v0\n  v_mul_lo_u32 v1, v1, v0\n"
			   "  v_mul_lo_u32 v1, v1, v0\n  v_mul_lo_u32 v1, v1, v0\n  ds_store_b32 v2, v1\n  s_endpgm\n";
	if (run("intmul_chain", body, 4096, 32, &t, &r, &c))
		return;
	long long m0 = at(&t, 0, ISA_OP_v_mul_lo_u32, 0), m1 = at(&t, 0, ISA_OP_v_mul_lo_u32, 1);
	long long m3 = at(&t, 0, ISA_OP_v_mul_lo_u32, 3), st = at(&t, 0, ISA_OP_ds_store_b32, 0);
	long long q = (long long)c.trans_issue, l = (long long)c.intmul_latency;
	long long want = 4 * l + (long long)c.valu_lds_latency - (long long)c.valu_latency;
	th_ok(m1 - m0 == q && m3 - m0 == 3 * q, "model_intmul_issue", "multiplies at +0, +%lld, .., +%lld; want +%lld, +%lld",
	      m1 - m0, m3 - m0, q, 3 * q);
	th_ok(st - m0 == want, "model_intmul_chain", "first multiply to the store of the result: %lld cycles, want %lld",
	      st - m0, want);
}

/* A chain of n dependent ops of one wave through a SIMD queue of cap entries
 * (0: no limit), each freed when its op executes: op k executes k lat after
 * op 0 and issues step after op k-1, or when op k - cap executes if that is
 * later: i_k = max(i_{k-1} + step, (k - cap) lat).  rel[k] is op k's issue
 * relative to op 0's; the first k that differs (its expected issue in
 * *want), -1 if none. */
static long long queue_chain_bad(const long long *rel, unsigned n, long long step, long long lat, long long cap,
				 long long *want)
{
	*want = 0;
	for (long long k = 1; k < (long long)n; k++) {
		*want += step;
		if (cap > 0 && k >= cap && (k - cap) * lat > *want)
			*want = (k - cap) * lat;
		if (rel[k] != *want)
			return k;
	}
	return -1;
}

/* One wave, 22 dependent v_exp_f32: op k executes when op k-1's result is
 * there, x_k = x_0 + k trans_latency, and issues trans_issue after op k-1
 * unless the SIMD's transcendental queue is full: then when op k - trans_queue
 * executes and frees its entry.  So i_k = max(i_{k-1} + trans_issue,
 * x_{k - trans_queue}), x_0 = i_0.  At the defaults (4, 10, 11): op 18 at +72,
 * op 19 at +80, op 21 at +100. */
static void test_trans_queue(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	char body[2048] = "  v_mov_b32 v1, 1.0\n  s_nop 15\n";
	for (int k = 0; k < 22; k++)
		strcat(body, "  v_exp_f32 v1, v1\n");
	strcat(body, "  s_endpgm\n");
	if (run("trans_queue", body, 4096, 32, &t, &r, &c))
		return;
	long long q = (long long)c.trans_issue, l = (long long)c.trans_latency, cap = (long long)c.trans_queue;
	long long i0 = at(&t, 0, ISA_OP_v_exp_f32, 0), rel[22], want = 0;
	for (unsigned k = 0; k < 22; k++)
		rel[k] = at(&t, 0, ISA_OP_v_exp_f32, k) - i0;
	long long bad = queue_chain_bad(rel, 22, q, l, cap, &want);
	th_ok(bad < 0, "model_trans_queue", "v_exp_f32 %lld issued at +%lld, want +%lld", bad, bad < 0 ? 0 : rel[bad],
	      want);
	/* the defaults themselves: a change of trans_queue, trans_issue or
	 * trans_latency must update this figure, not skip it */
	th_ok(cap == 11 && q == 4 && l == 10 && at(&t, 0, ISA_OP_v_exp_f32, 19) - i0 == 80 &&
		      at(&t, 0, ISA_OP_v_exp_f32, 21) - i0 == 100,
	      "model_trans_queue_defaults",
	      "queue %lld, issue %lld, latency %lld (want 11, 4, 10): ops 19 and 21 at +%lld and +%lld, want +80 and +100",
	      cap, q, l, at(&t, 0, ISA_OP_v_exp_f32, 19) - i0, at(&t, 0, ISA_OP_v_exp_f32, 21) - i0);
}

/* One wave, s_mov then 20 dependent s_add_u32: op k executes salu_dep_latency
 * after op k-1 (x_k = x_0 + k salu_dep_latency, the s_mov at its issue) and
 * issues a cycle after op k-1 unless the SIMD's scalar queue is full: then
 * when op k - salu_queue executes.  i_k = max(i_{k-1} + 1, x_{k - salu_queue}).
 * At the defaults (2, 7): op 14 at +14, op 15 at +16, op 20 at +26. */
static void test_salu_queue(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	char body[2048] = "  s_nop 15\n  s_mov_b32 s4, 0\n";
	for (int k = 0; k < 20; k++)
		strcat(body, "  s_add_u32 s4, s4, 1\n");
	strcat(body, "  s_endpgm\n");
	if (run("salu_queue", body, 4096, 32, &t, &r, &c))
		return;
	long long l = (long long)c.salu_dep_latency, cap = (long long)c.salu_queue;
	long long i0 = at(&t, 0, ISA_OP_s_mov_b32, 0), rel[21] = { 0 }, want = 0;
	for (unsigned k = 1; k <= 20; k++)
		rel[k] = at(&t, 0, ISA_OP_s_add_u32, k - 1) - i0;
	long long bad = queue_chain_bad(rel, 21, 1, l, cap, &want);
	th_ok(bad < 0, "model_salu_queue", "SALU op %lld issued at +%lld, want +%lld", bad, bad < 0 ? 0 : rel[bad], want);
	th_ok(cap == 7 && l == 2 && at(&t, 0, ISA_OP_s_add_u32, 14) - i0 == 16 &&
		      at(&t, 0, ISA_OP_s_add_u32, 19) - i0 == 26,
	      "model_salu_queue_defaults",
	      "queue %lld, latency %lld (want 7, 2): ops 15 and 20 at +%lld and +%lld, want +16 and +26", cap, l,
	      at(&t, 0, ISA_OP_s_add_u32, 14) - i0, at(&t, 0, ISA_OP_s_add_u32, 19) - i0);
}

/* Four waves (two per SIMD) of twelve s_nop 0: each s_nop issues nop_base
 * after the wave's previous one, also in the cycle another wave of the SIMD
 * issues its s_endpgm (an s_nop takes no issue slot of its class and waits
 * for none). */
static void test_nop_beside_endpgm(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	char body[1024] = "";
	for (int k = 0; k < 12; k++)
		strcat(body, "  s_nop 0\n");
	strcat(body, "  s_endpgm\n");
	if (run("nop_beside_endpgm", body, 4096, 128, &t, &r, &c))
		return;
	long long end0 = at(&t, 0, ISA_OP_s_endpgm, 0), first = at(&t, 2, ISA_OP_s_nop, 0);
	long long last = at(&t, 2, ISA_OP_s_nop, 11), bad = -1;
	for (unsigned k = 1; k < 12 && bad < 0; k++)
		if (at(&t, 2, ISA_OP_s_nop, k) - at(&t, 2, ISA_OP_s_nop, k - 1) != (long long)c.nop_base)
			bad = k;
	th_ok(first < end0 && end0 <= last, "model_nop_beside_endpgm_overlap",
	      "wave 0 ends at %lld, wave 2's s_nops run %lld..%lld: the test needs the end inside", end0, first, last);
	th_ok(bad < 0, "model_nop_beside_endpgm", "wave 2's s_nop %lld issued %lld after the one before, want %lld", bad,
	      bad < 0 ? 0 : at(&t, 2, ISA_OP_s_nop, (unsigned)bad) - at(&t, 2, ISA_OP_s_nop, (unsigned)bad - 1),
	      (long long)c.nop_base);
}

/* One wave, after a long s_nop: 24 independent 8-byte v_fma_f32, then 24
 * with a literal (12 bytes).  The wave's code arrives fetch_bytes every
 * fetch_interval cycles (8 bytes a cycle at the defaults): the 8-byte ops
 * issue every cycle, 23 cycles for the run; once the chunks fetched ahead
 * are used up, four 12-byte ops (48 bytes, 48 / fetch_bytes chunks) take
 * (48 / fetch_bytes) fetch_interval cycles: 6 at the defaults, 12 for the
 * last eight. */
static void test_fetch(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	char body[4096] = "  s_nop 15\n  s_nop 15\n";
	for (int k = 0; k < 24; k++)
		strcat(body, "  v_fma_f32 v4, v1, v2, v3\n");
	for (int k = 0; k < 24; k++)
		strcat(body, "  v_fma_f32 v5, v1, 0x40400000, v2\n");
	strcat(body, "  s_endpgm\n");
	if (run("fetch", body, 4096, 32, &t, &r, &c))
		return;
	long long run8 = at(&t, 0, ISA_OP_v_fma_f32, 23) - at(&t, 0, ISA_OP_v_fma_f32, 0);
	long long run12 = at(&t, 0, ISA_OP_v_fma_f32, 47) - at(&t, 0, ISA_OP_v_fma_f32, 39);
	long long want12 = 2 * 48 / (long long)c.fetch_bytes * (long long)c.fetch_interval;
	th_ok(run8 == 23, "model_fetch_8byte", "24 8-byte ops issued over %lld cycles, want 23", run8);
	th_ok(run12 == want12, "model_fetch_12byte",
	      "the last 8 of 24 12-byte ops issued over %lld cycles, want %lld (12 at the defaults)", run12, want12);
}

/* ds_load at lane*4 (32 banks, no conflict: 1 LDS cycle), then its wait:
 * issue + 1 + lds_latency.  The same at lane*128: every lane in bank 0, 32 cycles. */
static void test_lds(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *chain = "  v_lshlrev_b32 v1, 2, v0\n  ds_load_b32 v2, v1\n  s_waitcnt lgkmcnt(0)\n"
			    "  ds_load_b32 v3, v2\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
	if (run("lds_chain", chain, 4096, 32, &t, &r, &c) == 0) {
		long long l0 = at(&t, 0, ISA_OP_ds_load_b32, 0), w0 = at(&t, 0, ISA_OP_s_waitcnt, 0);
		long long l1 = at(&t, 0, ISA_OP_ds_load_b32, 1), w1 = at(&t, 0, ISA_OP_s_waitcnt, 1);
		long long want = 1 + (long long)c.lds_latency;
		th_ok(w0 - l0 == want && l1 - w0 == 1 && w1 - l1 == want, "model_lds_latency_chain",
		      "load->wait %lld and %lld cycles (want %lld), wait->load %lld (want 1)", w0 - l0, w1 - l1, want, l1 - w0);
	}
	/* one bank conflict: lanes 8 bytes apart put lanes l and l + 16 in bank 2l mod 32: 2 cycles */
	const char *two = "  v_lshlrev_b32 v1, 3, v0\n  ds_load_b32 v2, v1\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
	if (run("lds_conflict2", two, 4096, 32, &t, &r, &c) == 0) {
		long long l0 = at(&t, 0, ISA_OP_ds_load_b32, 0), w0 = at(&t, 0, ISA_OP_s_waitcnt, 0);
		long long want = 2 + (long long)c.lds_latency;
		th_ok(w0 - l0 == want, "model_lds_one_conflict", "2-way conflict: load->wait %lld cycles, want %lld",
		      w0 - l0, want);
	}
	const char *conflict = "  v_lshlrev_b32 v1, 7, v0\n  ds_load_b32 v2, v1\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
	if (run("lds_conflict", conflict, 4096, 32, &t, &r, &c) == 0) {
		long long l0 = at(&t, 0, ISA_OP_ds_load_b32, 0), w0 = at(&t, 0, ISA_OP_s_waitcnt, 0);
		long long want = 32 + (long long)c.lds_latency;
		th_ok(w0 - l0 == want, "model_lds_bank_conflict", "32-way conflict: load->wait %lld cycles, want %lld",
		      w0 - l0, want);
	}
}

/* Two waves (one per SIMD): wave 0 runs two dependent adds before the barrier,
 * wave 1 reaches it at once; both continue barrier_latency after the later
 * barrier issue. */
static void test_barrier(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *b2 = "  v_lshrrev_b32 v1, 5, v0\n  v_cmp_eq_u32 vcc_lo, 0, v1\n  s_and_saveexec_b32 s2, vcc_lo\n"
			 "  v_add_f32 v1, 1.0, v0\n  v_add_f32 v1, 1.0, v1\n  s_mov_b32 exec_lo, s2\n  s_barrier\n"
			 "  v_mov_b32 v2, 0\n  s_endpgm\n";
	if (run("barrier2", b2, 0, 64, &t, &r, &c))
		return;
	long long b0 = at(&t, 0, ISA_OP_s_barrier, 0), b1 = at(&t, 1, ISA_OP_s_barrier, 0);
	long long m0 = at(&t, 0, ISA_OP_v_mov_b32, 0), m1 = at(&t, 1, ISA_OP_v_mov_b32, 0);
	long long last = b0 > b1 ? b0 : b1, want = last + (long long)c.barrier_latency;
	th_ok(m0 == want && m1 == want, "model_barrier_two_waves", "barriers at %lld/%lld, next issues at %lld/%lld, want %lld",
	      b0, b1, m0, m1, want);
	th_ok(r.bucket[MDL_B_BARRIER] > 0, "model_barrier_bucket", "barrier wait %llu SIMD-cycles",
	      (unsigned long long)r.bucket[MDL_B_BARRIER]);
}


/* Three waves of one workgroup, waves 0 and 2 on SIMD 0.  Wave 2 (work-items
 * 64-95) sets its priority to `high`, wave 0 to 0; after a barrier, which
 * releases both on one cycle, each issues eight independent v_mov.  The SIMD
 * issues the higher priority first, then the older (ISA guide, S_SETPRIO):
 * with high 1 wave 2's eight come before wave 0's first, with high 0 wave 0's
 * eight before wave 2's first. */
static void setprio_case(unsigned high, const char *name)
{
	char body[1024];
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	int n = snprintf(body, sizeof body,
			 "  v_readfirstlane_b32 s2, v0\n  s_cmp_ge_u32 s2, 64\n  s_cbranch_scc1 .Lhigh\n  s_setprio 0\n"
			 "  s_branch .Ljoin\n.Lhigh:\n  s_setprio %u\n.Ljoin:\n  s_barrier\n",
			 high);
	for (unsigned i = 0; i < 8; i++)
		n += snprintf(body + n, sizeof body - (size_t)n, "  v_mov_b32 v%u, 1.0\n", i);
	snprintf(body + n, sizeof body - (size_t)n, "  s_endpgm\n");
	if (run(name, body, 0, 96, &t, &r, &c))
		return;
	long long first0 = at(&t, 0, ISA_OP_v_mov_b32, 0), last0 = at(&t, 0, ISA_OP_v_mov_b32, 7);
	long long first2 = at(&t, 2, ISA_OP_v_mov_b32, 0), last2 = at(&t, 2, ISA_OP_v_mov_b32, 7);
	bool ok = high ? last2 < first0 : last0 < first2;
	th_ok(first0 >= 0 && first2 >= 0 && ok, name, "wave 0's movs at %lld..%lld, wave 2's (priority %u) at %lld..%lld",
	      first0, last0, high, first2, last2);
}

static void test_setprio(void)
{
	setprio_case(1, "model_setprio_younger_first");
	setprio_case(0, "model_setprio_equal_older_first");
}

/* s_load then s_waitcnt lgkmcnt(0): smem_latency between them (fixed latency, no memory model). */
static void test_smem_wait(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  s_load_b32 s2, s[0:1], 0x0\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
	if (run("smem_wait", body, 0, 32, &t, &r, &c))
		return;
	long long l = at(&t, 0, ISA_OP_s_load_b32, 0), w = at(&t, 0, ISA_OP_s_waitcnt, 0);
	th_ok(w - l == (long long)c.smem_latency, "model_smem_waitcnt", "load->wait %lld cycles, want %lld", w - l,
	      (long long)c.smem_latency);
	th_ok(r.bucket[MDL_B_SMEM] == (unsigned long long)c.smem_latency - 1, "model_smem_bucket", "SMEM wait %llu",
	      (unsigned long long)r.bucket[MDL_B_SMEM]);
}

/* The scalar cache: s_load of dword 0 misses (smem_latency); s_load of dword 1,
 * issued some cycles later (s_nop 7), finds the line on its way and gets it
 * smem_return_interval after the first (not smem_latency after its own issue); after the wait, s_load of dword 2 hits
 * (smem_hit_latency).  The kernarg line is 64-byte aligned, so all three share it. */
static void test_smem_cache(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  s_load_b32 s2, s[0:1], 0x0\n  s_nop 7\n  s_load_b32 s3, s[0:1], 0x4\n  s_waitcnt lgkmcnt(0)\n"
			   "  s_load_b32 s4, s[0:1], 0x8\n  s_waitcnt lgkmcnt(0)\n  s_endpgm\n";
	if (run("smem_cache", body, 0, 32, &t, &r, &c))
		return;
	long long l0 = at(&t, 0, ISA_OP_s_load_b32, 0), l1 = at(&t, 0, ISA_OP_s_load_b32, 1);
	long long w0 = at(&t, 0, ISA_OP_s_waitcnt, 0), l2 = at(&t, 0, ISA_OP_s_load_b32, 2), w1 = at(&t, 0, ISA_OP_s_waitcnt, 1);
	long long want0 = (long long)(c.smem_latency + c.smem_return_interval);
	th_ok(w0 - l0 == want0 && l1 - l0 > (long long)c.smem_return_interval, "model_smem_inflight",
	      "two loads of one line %lld cycles apart: first load -> wait %lld cycles, want %lld", l1 - l0, w0 - l0, want0);
	th_ok(w1 - l2 == (long long)c.smem_hit_latency, "model_smem_hit", "load of a held line -> wait %lld cycles, want %lld",
	      w1 - l2, (long long)c.smem_hit_latency);
}

/* The VALU ops on f64 operands (v_*_f64, transcendental ones too) are counted,
 * and decide the roof a kernel is drawn under: FP64 without WMMA, WMMA over
 * anything, FP32 otherwise. */
static void test_f64_count(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  v_cvt_f64_f32 v[10:11], v0\n  v_fma_f64 v[12:13], v[10:11], v[10:11], v[10:11]\n"
			   "  v_add_f64 v[12:13], v[12:13], 1.0\n  v_sqrt_f64 v[14:15], v[12:13]\n"
			   "  v_add_f32 v16, 1.0, v0\n  s_endpgm\n";
	kernel_vgprs = 24;
	int rc = run("f64_count", body, 0, 32, &t, &r, &c);
	if (rc == 0)
		th_ok(r.f64_ops == 3 && r.valu_ops == 5 && mdl_result_math(&r) == MDL_MATH_FP64, "model_f64_ops_counted",
		      "%llu f64 of %llu VALU ops, math %s (v_cvt_f64_f32 reads an f32: not counted)",
		      (unsigned long long)r.f64_ops, (unsigned long long)r.valu_ops, mdl_math_names[mdl_result_math(&r)]);
	rc = run("f32_only", "  v_add_f32 v16, 1.0, v0\n  s_endpgm\n", 0, 32, &t, &r, &c);
	kernel_vgprs = 8;
	if (rc == 0)
		th_ok(r.f64_ops == 0 && mdl_result_math(&r) == MDL_MATH_FP32, "model_f32_kernel_math", "%llu f64 ops",
		      (unsigned long long)r.f64_ops);
	r.wmma_ops = 1, r.f64_ops = 1;
	th_ok(mdl_result_math(&r) == MDL_MATH_WMMA, "model_wmma_over_f64_math", "%s", mdl_math_names[mdl_result_math(&r)]);
}

/* WMMA (consts.def: wmma_issue, wmma_acc_latency, wmma_latency).  One wave,
 * after s_nop 15 lets its address settle: the first v_wmma executes when it
 * issues (e0), every later VALU op of the SIMD waits for the WMMA pipe, and a
 * ds_store reading a VALU result issues valu_lds_latency after that op. */
static long long wmma_run(const char *name, const char *ops, struct mdl_result *r, struct mdl_consts *c)
{
	struct trace t;
	char body[1024];
	snprintf(body, sizeof body, "  v_lshlrev_b32 v2, 2, v0\n  s_nop 15\n%s  ds_store_b32 v2, v40\n  s_endpgm\n", ops);
	kernel_vgprs = 64;
	int rc = run(name, body, 4096, 32, &t, r, c);
	kernel_vgprs = 8;
	if (rc)
		return -1;
	return at(&t, 0, ISA_OP_ds_store_b32, 0) - at(&t, 0, ISA_OP_v_wmma_f32_16x16x16_f16, 0);
}

static void test_wmma(void)
{
	struct mdl_result r;
	struct mdl_consts c;
	/* four independent WMMAs, then an add reading the last D:
	 * 3 issue periods + wmma_latency + valu_lds_latency */
	const char *indep = "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n"
			    "  v_wmma_f32_16x16x16_f16 v[24:31], v[48:55], v[56:63], v[24:31]\n"
			    "  v_wmma_f32_16x16x16_f16 v[32:39], v[48:55], v[56:63], v[32:39]\n"
			    "  v_wmma_f32_16x16x16_f16 v[24:31], v[48:55], v[56:63], v[24:31]\n"
			    "  v_add_f32 v40, 1.0, v31\n";
	long long g = wmma_run("wmma_indep", indep, &r, &c);
	long long want = 3 * (long long)c.wmma_issue + (long long)c.wmma_latency + (long long)c.valu_lds_latency;
	if (g != -1)
		th_ok(g == want && r.wmma_ops == 4 && r.wmma_busy == 4 * (uint64_t)c.wmma_issue, "model_wmma_issue_rate",
		      "first WMMA to the store: %lld cycles (want %lld), %llu WMMAs, pipe busy %llu", g, want,
		      (unsigned long long)r.wmma_ops, (unsigned long long)r.wmma_busy);
	/* a chain of four accumulating into v[16:23]: each waits for the previous
	 * D as C (wmma_acc_latency) or the pipe (wmma_issue) */
	const char *chain = "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n"
			    "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n"
			    "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n"
			    "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n"
			    "  v_add_f32 v40, 1.0, v23\n";
	long long step = c.wmma_acc_latency > c.wmma_issue ? (long long)c.wmma_acc_latency : (long long)c.wmma_issue;
	g = wmma_run("wmma_chain", chain, &r, &c);
	want = 3 * step + (long long)c.wmma_latency + (long long)c.valu_lds_latency;
	if (g != -1)
		th_ok(g == want, "model_wmma_acc_chain", "first WMMA to the store: %lld cycles, want %lld", g, want);
	/* D read as A by the next WMMA (a v_nop between, as LLVM asks): wmma_latency */
	const char *asa = "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n  v_nop\n"
			  "  v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[56:63], v[24:31]\n"
			  "  v_add_f32 v40, 1.0, v31\n";
	step = c.wmma_latency > c.wmma_issue + 1 ? (long long)c.wmma_latency : (long long)c.wmma_issue + 1;
	g = wmma_run("wmma_d_as_a", asa, &r, &c);
	want = step + (long long)c.wmma_latency + (long long)c.valu_lds_latency;
	if (g != -1)
		th_ok(g == want, "model_wmma_d_as_a", "first WMMA to the store: %lld cycles, want %lld", g, want);
	/* an independent add behind two WMMAs executes when the pipe is free */
	const char *behind = "  v_wmma_f32_16x16x16_f16 v[16:23], v[48:55], v[56:63], v[16:23]\n"
			     "  v_wmma_f32_16x16x16_f16 v[24:31], v[48:55], v[56:63], v[24:31]\n"
			     "  v_add_f32 v40, 1.0, v0\n";
	g = wmma_run("wmma_valu_behind", behind, &r, &c);
	want = 2 * (long long)c.wmma_issue + (long long)c.valu_lds_latency;
	if (g != -1)
		th_ok(g == want, "model_wmma_blocks_valu", "first WMMA to the store: %lld cycles, want %lld", g, want);
}

/* VGPR reads (model/opcache.c): one operand cache per bank (isa_vgpr_bank:
 * n mod 4) of vgpr_cache_ways (2) entries, least recently used out, which
 * any source slot hits and results enter as they are written, and the
 * register file reading one VGPR per bank per cycle from vgpr_read_ahead
 * cycles before the op could execute.  The VOPD
 *   v_dual_fmac_f32 v8, v1, v5 :: v_dual_fmac_f32 v11, v10, v12
 * reads v1, v5, v8 (accumulator) and v10, v12, v11: banks 1, 1, 0 and 2, 0, 3.
 * None was read or written before (the prologue writes v2 only), so all six
 * miss, two in bank 0 and two in bank 1: after the idle banks of an s_nop the
 * two reads fit in the cycle ahead and the op's own, so the next VALU op
 * follows a cycle later (default 1), one cycle later still with no read ahead
 * (charged as bank-conflict stall).  With v5 and v12 written just before
 * (fresh results are forwarded) every bank misses once: no cost even then.
 * v_fma_f32 v4, v1, v5, v9 misses three times in bank 1: a cycle at the
 * default, none with two cycles ahead.  Two such VOPDs in a row (the second
 * reading v13, v17, v20 and v14, v24, v23 in the same banks): the second's
 * reads wait for the first's, a cycle.
 * The cache: after v_fmac_f32 v8, v1, v5, bank 1's cache holds v5 and v1, so
 * v_fma_f32 v4, v5, v1, v9 (v5 now through src0, v1 through src1) misses
 * only v9: no cost (a cache per port would miss all three, a cycle).  Two
 * results written to bank 1 in between (v_mov_b32 v13, v_mov_b32 v17) push
 * v5 and v1 out: three misses again, a cycle. */
static long long bank_gap(const char *name, const char *pre, const char *op, unsigned opc, double ahead,
			  struct mdl_result *r)
{
	struct trace t;
	struct mdl_consts c;
	char body[512];
	snprintf(body, sizeof body, "  v_lshlrev_b32 v2, 2, v0\n%s  s_nop 15\n  %s\n  v_add_f32 v6, 1.0, v2\n  s_endpgm\n",
		 pre, op);
	kernel_vgprs = 32;
	set_const = ahead >= 0 ? "vgpr_read_ahead" : NULL;
	set_value = ahead;
	int rc = run(name, body, 0, 32, &t, r, &c);
	set_const = NULL;
	kernel_vgprs = 8;
	if (rc)
		return -1;
	return at(&t, 0, ISA_OP_v_add_f32, 0) - at(&t, 0, opc, 0);
}

static void test_vgpr_banks(void)
{
	static const char vopd[] = "v_dual_fmac_f32 v8, v1, v5 :: v_dual_fmac_f32 v11, v10, v12";
	static const char two[] = "v_dual_fmac_f32 v8, v1, v5 :: v_dual_fmac_f32 v11, v10, v12\n"
				  "  v_dual_fmac_f32 v20, v13, v17 :: v_dual_fmac_f32 v23, v14, v24";
	static const char fresh[] = "  v_mov_b32 v5, 1.0\n  v_mov_b32 v12, 2.0\n";
	struct mdl_result r;
	long long g = bank_gap("bank_vopd", "", vopd, ISA_OP_v_dual, -1, &r);
	if (g != -1)
		th_ok(g == 1 && r.bucket[MDL_B_BANK] == 0, "model_vgpr_reads_ahead",
		      "VOPD (two misses in banks 0 and 1) -> add %lld cycles (want 1: read a cycle ahead), bank-conflict stall %llu",
		      g, (unsigned long long)r.bucket[MDL_B_BANK]);
	g = bank_gap("bank_vopd0", "", vopd, ISA_OP_v_dual, 0, &r);
	if (g != -1)
		th_ok(g == 1 + 1 && r.bucket[MDL_B_BANK] == 1, "model_vgpr_reads_no_ahead",
		      "VOPD -> add %lld cycles (want 1 + 1 with vgpr_read_ahead 0), bank-conflict stall %llu (want 1)", g,
		      (unsigned long long)r.bucket[MDL_B_BANK]);
	g = bank_gap("bank_vopd_fresh", fresh, vopd, ISA_OP_v_dual, 0, &r);
	if (g != -1)
		th_ok(g == 1 && r.bucket[MDL_B_BANK] == 0, "model_vgpr_reads_fresh",
		      "VOPD reading fresh v5, v12 -> add %lld cycles (want 1, even with no read ahead)", g);
	g = bank_gap("bank_fma3", "", "v_fma_f32 v4, v1, v5, v9", ISA_OP_v_fma_f32, -1, &r);
	if (g != -1)
		th_ok(g == 1 + 1 && r.bucket[MDL_B_BANK] == 1, "model_vgpr_reads_three",
		      "v_fma_f32 (three misses in bank 1) -> add %lld cycles (want 1 + 1)", g);
	g = bank_gap("bank_fma3_ahead2", "", "v_fma_f32 v4, v1, v5, v9", ISA_OP_v_fma_f32, 2, &r);
	if (g != -1)
		th_ok(g == 1 && r.bucket[MDL_B_BANK] == 0, "model_vgpr_reads_three_ahead2",
		      "v_fma_f32 (three misses in bank 1) -> add %lld cycles (want 1 with vgpr_read_ahead 2)", g);
	g = bank_gap("bank_vopd_two", "", two, ISA_OP_v_dual, -1, &r);
	if (g != -1)
		th_ok(g == 1 + 1 + 1 && r.bucket[MDL_B_BANK] == 1, "model_vgpr_reads_in_order",
		      "two VOPDs (two misses in banks 0 and 1 each) -> add %lld cycles after the first (want 1 + 1 + 1)", g);
	static const char cached[] = "  v_fmac_f32 v8, v1, v5\n";
	static const char pushed[] = "  v_fmac_f32 v8, v1, v5\n  v_mov_b32 v13, 1.0\n  v_mov_b32 v17, 2.0\n";
	g = bank_gap("bank_cache_any_port", cached, "v_fma_f32 v4, v5, v1, v9", ISA_OP_v_fma_f32, -1, &r);
	if (g != -1)
		th_ok(g == 1 && r.bucket[MDL_B_BANK] == 0, "model_vgpr_cache_any_port",
		      "v_fma_f32 reading v5, v1 through other ports than before -> add %lld cycles (want 1: both hit)", g);
	g = bank_gap("bank_cache_pushed", pushed, "v_fma_f32 v4, v5, v1, v9", ISA_OP_v_fma_f32, -1, &r);
	if (g != -1)
		th_ok(g == 1 + 1 && r.bucket[MDL_B_BANK] == 1, "model_vgpr_cache_results_enter",
		      "v_fma_f32 after two results written to bank 1 -> add %lld cycles (want 1 + 1: v5, v1 pushed out)", g);
}

/* The two VOPD loops the seed (000) timed with RGP, each 16 pairs repeated
 * four times by one wave.  Its kernel 6's pairs (registers placed by hand, A
 * in banks 2-3, B in 0-1) issue one per cycle ("each with a 1-cycle
 * latency"); the 16 pairs it prints of HIP's kernel 5 (A and B in every bank,
 * each accumulator a bank below its B) take 2-3 cycles each even for a single
 * wave, and a loop of them does not pass 75 % VALU use.  So over the 32 pairs
 * of the middle two repetitions kernel 6's take at most 33 cycles and HIP's
 * at least 32 / 0.75 = 43.  The bounds are the seed's; the model's own count
 * (one entry per port: 32 for both) is not used. */
static const char seed_k6_pairs[] =
	"186 184 5 187 185 2,186 185 3 187 184 4,186 188 9 187 189 6,187 188 7 186 189 8,"
	"190 188 13 191 189 10,190 189 11 191 188 12,190 184 17 191 185 14,191 184 15 190 185 16,"
	"194 184 21 195 185 18,194 185 19 195 184 20,194 188 25 195 189 22,195 188 23 194 189 24,"
	"198 188 29 199 189 26,198 189 27 199 188 28,198 192 33 199 193 30,199 192 31 198 193 32";
static const char seed_hip_k5_pairs[] =
	"138 144 127 139 143 122,138 145 128 139 142 121,139 144 123 140 143 114,139 145 124 140 142 113,"
	"140 144 115 141 143 110,140 145 116 141 142 109,141 144 111 138 147 90,141 145 112 138 146 89,"
	"138 148 91 139 147 94,138 149 92 139 146 93,139 148 95 140 147 98,139 149 96 140 146 97,"
	"140 148 99 141 147 118,140 149 100 141 146 117,141 148 119 138 151 70,141 149 120 138 150 69";

/* Cycles from the 17th to the 49th VOPD of `pairs` (src0 src1 acc for X, then
 * for Y, pairs separated by commas) repeated four times by one wave. */
static long long pairs_span(const char *name, const char *pairs)
{
	char body[8192];
	size_t n = (size_t)snprintf(body, sizeof body, "  v_lshlrev_b32 v2, 2, v0\n");
	for (unsigned rep = 0; rep < 4; rep++)
		for (const char *p = pairs; *p;) {
			unsigned a, b, c, d, e, f;
			int used = 0;
			if (sscanf(p, "%u %u %u %u %u %u%n", &a, &b, &c, &d, &e, &f, &used) != 6)
				return -1;
			n += (size_t)snprintf(body + n, sizeof body - n,
					      "  v_dual_fmac_f32 v%u, v%u, v%u :: v_dual_fmac_f32 v%u, v%u, v%u\n", c, a, b, f,
					      d, e);
			p += used;
			p += *p == ',';
		}
	snprintf(body + n, sizeof body - n, "  s_endpgm\n");
	struct trace t;
	struct mdl_consts c;
	struct mdl_result r;
	kernel_vgprs = 216;
	int rc = run(name, body, 0, 32, &t, &r, &c);
	kernel_vgprs = 8;
	if (rc)
		return -1;
	return at(&t, 0, ISA_OP_v_dual, 48) - at(&t, 0, ISA_OP_v_dual, 16);
}

static void test_vgpr_seed_pairs(void)
{
	long long g = pairs_span("pairs_seed_k6", seed_k6_pairs);
	if (g != -1)
		th_ok(g <= 33, "model_vgpr_seed_k6_pairs", "the seed's kernel-6 pairs: 32 in %lld cycles (want <= 33)", g);
	g = pairs_span("pairs_seed_hip_k5", seed_hip_k5_pairs);
	if (g != -1)
		th_ok(g >= 43, "model_vgpr_seed_hip_k5_pairs",
		      "HIP's kernel-5 pairs: 32 in %lld cycles (want >= 43: at most 75 %% VALU use)", g);
}

/* A VGPR a load overwrites leaves the operand cache: after v_fmac_f32 v8, v1,
 * v5 bank 1's cache holds v5 and v1; ds_load_b32 v5 replaces v5, so
 * v_fma_f32 v4, v5, v13, v9 misses three times in bank 1 (v5, v13, v9): a
 * cycle late (two misses, had the old v5 still counted as cached). */
static void test_vgpr_load_leaves_cache(void)
{
	struct trace t;
	struct mdl_consts c;
	struct mdl_result r;
	static const char body[] = "  v_lshlrev_b32 v2, 2, v0\n  ds_store_b32 v2, v0\n  v_fmac_f32 v8, v1, v5\n"
				   "  s_waitcnt lgkmcnt(0)\n  ds_load_b32 v5, v2\n  s_waitcnt lgkmcnt(0)\n  s_nop 15\n"
				   "  v_fma_f32 v4, v5, v13, v9\n  v_add_f32 v6, 1.0, v2\n  s_endpgm\n";
	kernel_vgprs = 32;
	int rc = run("bank_load_overwrites", body, 256, 32, &t, &r, &c);
	kernel_vgprs = 8;
	if (rc)
		return;
	long long g = at(&t, 0, ISA_OP_v_add_f32, 0) - at(&t, 0, ISA_OP_v_fma_f32, 0);
	th_ok(g == 1 + 1 && r.bucket[MDL_B_BANK] == 1, "model_vgpr_load_leaves_cache",
	      "v_fma_f32 after ds_load_b32 v5 -> add %lld cycles (want 1 + 1: v5 misses), bank-conflict stall %llu", g,
	      (unsigned long long)r.bucket[MDL_B_BANK]);
}

/* A VALU result read by vector memory: a global_store reading it as data issues
 * valu_store_latency after the VALU op, a global_load reading it as address
 * valu_mem_latency after (neither earlier than the op's execution +
 * valu_latency + vmem_waits_all_valu, which is 5 + 12 = 17 with the defaults).
 * The store runs with the constant at its default (17) and at 25. */
static long long vmem_gap(const char *name, const char *mem, unsigned op, const char *cst, double v)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	char body[512];
	snprintf(body, sizeof body,
		 "  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v2, 2, v0\n  s_waitcnt lgkmcnt(0)\n  s_nop 15\n"
		 "  v_add_nc_u32 v1, 4, v2\n  %s\n  s_endpgm\n", mem);
	set_const = cst;
	set_value = v;
	int rc = run(name, body, 0, 32, &t, &r, &c);
	set_const = NULL;
	if (rc)
		return -1;
	return at(&t, 0, op, 0) - at(&t, 0, ISA_OP_v_add_nc_u32, 0);
}

static void test_vmem_after_valu(void)
{
	long long g = vmem_gap("valu_store", "global_store_b32 v2, v1, s[2:3]", ISA_OP_global_store_b32, NULL, 0);
	if (g != -1)
		th_ok(g == 17, "model_valu_store", "v_add -> store of its result %lld cycles, want 17 (valu_store_latency)", g);
	g = vmem_gap("valu_store25", "global_store_b32 v2, v1, s[2:3]", ISA_OP_global_store_b32, "valu_store_latency", 25);
	if (g != -1)
		th_ok(g == 25, "model_valu_store_set", "v_add -> store of its result %lld cycles, want 25", g);
	g = vmem_gap("valu_load", "global_load_b32 v3, v1, s[2:3]", ISA_OP_global_load_b32, NULL, 0);
	if (g != -1)
		th_ok(g == 18, "model_valu_load", "v_add -> load at its result %lld cycles, want 18 (valu_mem_latency)", g);
}

/* Five global loads of one wave, no memory model: the first four complete
 * vmem_latency after their issue; the fifth issues while four are in flight
 * (vmem_busy_loads) and completes vmem_busy_extra later than that. */
static void test_vmem_busy(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  s_load_b64 s[2:3], s[0:1], 0x0\n  v_lshlrev_b32 v2, 2, v0\n  s_waitcnt lgkmcnt(0)\n"
			   "  global_load_b32 v3, v2, s[2:3]\n  global_load_b32 v4, v2, s[2:3] offset:128\n"
			   "  global_load_b32 v5, v2, s[2:3] offset:256\n  global_load_b32 v6, v2, s[2:3] offset:384\n"
			   "  global_load_b32 v7, v2, s[2:3] offset:512\n  s_waitcnt vmcnt(4)\n  s_waitcnt vmcnt(0)\n"
			   "  s_endpgm\n";
	kernel_vgprs = 8;
	if (run("vmem_busy", body, 0, 32, &t, &r, &c))
		return;
	long long l0 = at(&t, 0, ISA_OP_global_load_b32, 0), l4 = at(&t, 0, ISA_OP_global_load_b32, 4);
	long long w4 = at(&t, 0, ISA_OP_s_waitcnt, 1), w0 = at(&t, 0, ISA_OP_s_waitcnt, 2);
	long long first = (long long)c.vmem_latency, last = first + (long long)c.vmem_busy_extra;
	th_ok(c.vmem_busy_loads == 4 && w4 - l0 == first, "model_vmem_first_loads",
	      "first load -> vmcnt(4) %lld cycles, want %lld (vmem_latency)", w4 - l0, first);
	th_ok(w0 - l4 == last, "model_vmem_busy_load", "fifth load -> vmcnt(0) %lld cycles, want %lld (vmem_latency + vmem_busy_extra)",
	      w0 - l4, last);
}

/* s_delay_alu: the delayed op waits in the wave's front end until the result
 * it names is ready.  add0 (v1) and add1 (v2) issue a cycle apart; the delay
 * instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2) puts add2 (reads
 * v1, add0 two VALU ops back) at valu_latency after add0 and add3 (reads v2,
 * add1 two back by then) at valu_latency after add1; without it the four
 * issue a cycle apart (model_valu_chain_issue). */
static void test_delay_alu(void)
{
	struct trace t;
	struct mdl_result r;
	struct mdl_consts c;
	const char *body = "  s_nop 15\n  v_add_f32 v1, 1.0, v0\n  v_add_f32 v2, 2.0, v0\n"
			   "  s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)\n"
			   "  v_add_f32 v3, 1.0, v1\n  v_add_f32 v4, 1.0, v2\n  s_endpgm\n";
	if (run("delay_alu", body, 0, 32, &t, &r, &c))
		return;
	long long a0 = at(&t, 0, ISA_OP_v_add_f32, 0), a1 = at(&t, 0, ISA_OP_v_add_f32, 1);
	long long a2 = at(&t, 0, ISA_OP_v_add_f32, 2), a3 = at(&t, 0, ISA_OP_v_add_f32, 3);
	long long l = (long long)c.valu_latency;
	th_ok(a1 - a0 == 1 && a2 - a0 == l && a3 - a1 == l, "model_delay_alu",
	      "adds at +0, +%lld, +%lld, +%lld; want +0, +1, +%lld, +%lld", a1 - a0, a2 - a0, a3 - a0, l, l + 1);
}

int main(void)
{
	test_valu_chain();
	test_intmul_chain();
	test_trans_queue();
	test_salu_queue();
	test_nop_beside_endpgm();
	test_fetch();
	test_lds();
	test_barrier();
	test_setprio();
	test_smem_wait();
	test_smem_cache();
	test_vgpr_banks();
	test_vgpr_seed_pairs();
	test_vgpr_load_leaves_cache();
	test_vmem_after_valu();
	test_vmem_busy();
	test_delay_alu();
	test_wmma();
	test_f64_count();
	th_cleanup(check_failures);
	return check_exit();
}
