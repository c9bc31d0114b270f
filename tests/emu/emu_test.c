/* emu_test — end-to-end tests of the emulator on real code objects: a simple
 * kernel at several thread counts, the LDS-tiled SGEMM (barriers in its loop)
 * against a CPU reference computed in the same summation order, and
 * determinism across thread counts. */
#include "tests/emu/harness.h"
#include "emu/machine.h"     /* emu_exec_table_gaps: white-box */

#include <math.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char kdir[512];

/* Build tests/emu/kernels/FILE (with assembler DEFS) and open it. */
static int open_kernel(struct th *t, const char *file, const char *defs, const char *tag, unsigned threads,
		       unsigned checks)
{
	char src[700], out[700], err[700];
	snprintf(src, sizeof src, "%s/%s", kdir, file);
	snprintf(out, sizeof out, "%s/%s.hsaco", th_tmpdir(), tag);
	if (th_build(src, out, defs, err, sizeof err)) {
		snprintf(t->err, sizeof t->err, "%s", err);
		return -1;
	}
	struct emu_opts o = { .threads = threads, .checks = checks };
	return th_open(t, out, &o);
}

static void test_axpy(unsigned threads)
{
	char name[64];
	snprintf(name, sizeof name, "axpy_threads%u", threads);
	struct th t;
	if (open_kernel(&t, "axpy.s", NULL, name, threads, EMU_CHECK_ALL)) {
		th_ok(0, name, "%s", t.err);
		return;
	}
	enum { N = 1000 };
	float x[N], y[N], want[N];
	for (int i = 0; i < N; i++) {
		x[i] = (float)i * 0.5f;
		y[i] = 3.0f - (float)i;
		want[i] = fmaf(2.5f, x[i], y[i]);
	}
	uint64_t dx = emu_alloc(t.dev, sizeof x, 0), dy = emu_alloc(t.dev, sizeof y, 0);
	emu_write(t.dev, dx, x, sizeof x);
	emu_write(t.dev, dy, y, sizeof y);
	struct { uint64_t x, y; uint32_t n; float a; } ka = { dx, dy, N, 2.5f };
	uint32_t grid[3] = { (N + 63) / 64, 1, 1 }, block[3] = { 64, 1, 1 };
	int rc = th_run(&t, "axpy", &ka, sizeof ka, grid, block);
	emu_read(t.dev, dy, y, sizeof y);
	int bad = -1;
	for (int i = 0; i < N && bad < 0; i++)
		if (memcmp(&y[i], &want[i], 4))
			bad = i;
	th_ok(rc == 0 && bad < 0, name, "rc %d %s; first wrong element %d", rc, t.err, bad);
	th_close(&t);
}

/* C = A*B with one fused multiply-add per k, in k order: what the kernel does. */
static void sgemm_ref(const float *A, const float *B, float *C, int n)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float acc = 0.0f;
			for (int k = 0; k < n; k++)
				acc = fmaf(A[i * n + k], B[k * n + j], acc);
			C[i * n + j] = acc;
		}
}

static int sgemm_run(unsigned threads, unsigned checks, int n, const float *A, const float *B, float *C,
		     struct emu_stats *st, char *err, size_t errlen)
{
	struct th t;
	char tag[64];
	snprintf(tag, sizeof tag, "sgemm_%u_%u", threads, checks);
	if (open_kernel(&t, "sgemm_lds.s", NULL, tag, threads, checks)) {
		snprintf(err, errlen, "%s", t.err);
		return -1;
	}
	int rc = th_sgemm_lds(&t, n, A, B, C);
	*st = t.st;
	snprintf(err, errlen, "%s", t.err);
	th_close(&t);
	return rc;
}

static void test_sgemm(void)
{
	enum { N = 192 };
	size_t cnt = (size_t)N * N;
	float *A = malloc(cnt * 4), *B = malloc(cnt * 4), *C1 = calloc(cnt, 4), *C2 = calloc(cnt, 4), *R = malloc(cnt * 4);
	unsigned seed = 12345;
	for (size_t i = 0; i < cnt; i++) {
		seed = seed * 1103515245u + 12345u;
		A[i] = (float)((int)(seed >> 16 & 0xff) - 128) / 37.0f;
		seed = seed * 1103515245u + 12345u;
		B[i] = (float)((int)(seed >> 16 & 0xff) - 128) / 53.0f;
	}
	sgemm_ref(A, B, R, N);
	char err[1024];
	struct emu_stats st1, st2;
	int rc1 = sgemm_run(1, EMU_CHECK_ALL, N, A, B, C1, &st1, err, sizeof err);
	size_t bad = cnt;
	for (size_t i = 0; i < cnt && bad == cnt; i++)
		if (memcmp(&C1[i], &R[i], 4))
			bad = i;
	th_ok(rc1 == 0 && bad == cnt, "sgemm_lds_192_bit_exact", "rc %d %s; first wrong element %zu (%g vs %g)", rc1, err,
	      bad, bad < cnt ? C1[bad] : 0.0, bad < cnt ? R[bad] : 0.0);
	th_ok(rc1 == 0 && st1.workgroups == 9 && st1.waves == 72, "sgemm_lds_dispatch_shape",
	      "workgroups %llu waves %llu", (unsigned long long)st1.workgroups, (unsigned long long)st1.waves);
	int rc2 = sgemm_run(2, EMU_CHECK_ALL, N, A, B, C2, &st2, err, sizeof err);
	th_ok(rc2 == 0 && memcmp(C1, C2, cnt * 4) == 0 && st1.wave_insts == st2.wave_insts,
	      "sgemm_lds_same_result_any_thread_count", "rc %d %s", rc2, err);
	int rc3 = sgemm_run(2, 0, N, A, B, C2, &st2, err, sizeof err);
	th_ok(rc3 == 0 && memcmp(C1, C2, cnt * 4) == 0, "sgemm_lds_unchecked_same_result", "rc %d %s", rc3, err);
	free(A), free(B), free(C1), free(C2), free(R);
}

/* ---- bug injection: tests/emu/kernels/bugs.s with one bug switched on -------------- */
struct bug_case {
	const char *sym;          /* assembler symbol, NULL for the correct kernel */
	const char *expect;       /* substring of the report, NULL: must run clean */
	int rc;                   /* expected return code */
	unsigned checks;
};

static const struct bug_case bug_cases[] = {
	{ NULL, NULL, 0, EMU_CHECK_ALL },
	{ "BUG_NOWAIT_SMEM", "missing s_waitcnt: reads s4", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_NOWAIT_VM", "missing s_waitcnt: reads v3", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_VMCNT_ORDER", "missing s_waitcnt: reads v8", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_OVERWRITE", "missing s_waitcnt: overwrites v8", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_LOAD_WAW", "missing s_waitcnt: a second load overwrites s9", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_SMEM_ORDER", "missing s_waitcnt: reads s9", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_MISALIGN", "misaligned 4-byte read", EMU_E_FAULT, 0 },
	{ "BUG_OOB", "outside every buffer", EMU_E_FAULT, 0 },
	{ "BUG_READONLY", "write to read-only buffer", EMU_E_FAULT, 0 },
	{ "BUG_LDS_RACE", "LDS race", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_LDS_NOWAIT_BARRIER", "without s_waitcnt lgkmcnt(0) before s_barrier", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_LDS_OOB", "beyond the 256 bytes allocated", EMU_E_FAULT, 0 },
	{ "BUG_SCRATCH_OOB", "outside the 16-byte private segment", EMU_E_FAULT, 0 },
	{ "BUG_VOPD_BANK", "VOPD: src0 of both halves in VGPR bank 0", EMU_E_FAULT, EMU_CHECK_ALL },
	{ "BUG_VGPR_LIMIT", "VGPR beyond the 16", EMU_E_FAULT, 0 },
	{ "BUG_INVALID", "invalid or unknown instruction encoding", EMU_E_DECODE, 0 },
	{ "BUG_RUNAWAY", "instruction budget", EMU_E_BUDGET, 0 },
	/* With its check switched off, a hazard goes unreported and the result is still right. */
	{ "BUG_NOWAIT_VM", NULL, 0, 0 },
	{ "BUG_VOPD_BANK", NULL, 0, EMU_CHECK_WAITCNT | EMU_CHECK_LDS_RACE },
};

static void test_bugs(void)
{
	enum { N = 128 };
	float in[N + 1], want[N], out[N];
	for (int i = 0; i <= N; i++)
		in[i] = (float)(i * 3 % 11) - 4.5f;
	for (int g = 0; g < N; g++)
		want[g] = 2 * in[g] + 2 * in[(g & ~63) | ((g & 63) ^ 32)];
	for (size_t c = 0; c < sizeof bug_cases / sizeof bug_cases[0]; c++) {
		const struct bug_case *bc = &bug_cases[c];
		char name[96], defs[96] = "", tag[64];
		snprintf(name, sizeof name, "bug_%s%s", bc->sym ? bc->sym : "none_correct_kernel",
			 bc->expect ? "_reported" : "_runs_clean");
		if (bc->sym)
			snprintf(defs, sizeof defs, "-Wa,-defsym,%s=1", bc->sym);
		snprintf(tag, sizeof tag, "bugs_%zu", c);
		struct th t;
		struct emu_opts o = { .threads = 2, .checks = bc->checks, .inst_budget = 100000 };
		char src[700], out_path[700], err[700] = "";
		snprintf(src, sizeof src, "%s/bugs.s", kdir);
		snprintf(out_path, sizeof out_path, "%s/%s.hsaco", th_tmpdir(), tag);
		if (th_build(src, out_path, defs, err, sizeof err) || th_open(&t, out_path, &o)) {
			th_ok(0, name, "%s", err[0] ? err : t.err);
			continue;
		}
		uint64_t din = emu_alloc(t.dev, sizeof in, EMU_MEM_READONLY), dout = emu_alloc(t.dev, sizeof out, 0);
		emu_write(t.dev, din, in, sizeof in);
		emu_fill(t.dev, dout, 0, sizeof out);
		struct { uint64_t in, out; } ka = { din, dout };
		uint32_t grid[3] = { 2, 1, 1 }, block[3] = { 64, 1, 1 };
		int rc = th_run(&t, "bugs", &ka, sizeof ka, grid, block);
		emu_read(t.dev, dout, out, sizeof out);
		if (bc->expect) {
			/* The report names kernel, workgroup, wave, pc and the instruction.  Both
			 * workgroups fault, on two threads: the lowest is reported, whichever
			 * faulted first (the shared budget is the documented exception). */
			const char *wg = bc->rc == EMU_E_BUDGET ? "bugs: workgroup (" : "bugs: workgroup (0,0,0) wave ";
			bool named = strstr(t.err, wg) && strstr(t.err, " wave ") && strstr(t.err, " pc 0x") && strchr(t.err, '`');
			if (getenv("EMU_TEST_VERBOSE"))
				printf("# %s\n", t.err);
			th_ok(rc == bc->rc && strstr(t.err, bc->expect) && named && t.st.faulted, name,
			      "rc %d (want %d), report: %s", rc, bc->rc, t.err);
		} else {
			th_ok(rc == 0 && memcmp(out, want, sizeof out) == 0, name, "rc %d %s; out[0] %g want %g", rc, t.err,
			      out[0], want[0]);
		}
		th_close(&t);
	}
}

/* ---- an unmodified compiler-built kernel (HIP C++ through clang-NN) ------------------ */
static int build_hip(const char *tag, char *out, size_t outlen, char *err, size_t errlen)
{
	char cmd[4096];
	const char *clang = llvm_tool("clang");
	snprintf(out, outlen, "%s/%s.hsaco", th_tmpdir(), tag);
	snprintf(cmd, sizeof cmd,
		 "%s -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -O2 --no-gpu-bundle-output "
		 "-o '%s' '%s/hip_kernels.hip' >'%s.log' 2>&1",
		 clang, out, kdir, out);
	if (system(cmd) != 0) {
		snprintf(err, errlen, "clang -x hip failed, see %.600s.log", out);
		return -1;
	}
	return 0;
}

static void test_hip(void)
{
	char path[700], err[700];
	if (build_hip("hip_kernels", path, sizeof path, err, sizeof err)) {
		th_ok(0, "hip_build", "%s", err);
		return;
	}
	struct th t;
	struct emu_opts o = { .threads = 2, .checks = EMU_CHECK_ALL };
	if (th_open(&t, path, &o)) {
		th_ok(0, "hip_open", "%s", t.err);
		return;
	}
	enum { N = 1000, B = 256, G = (N + B - 1) / B };
	float x[N], y[N], d[N], want[N];
	int ia[N];
	long long iw[N], iout[N];
	for (int i = 0; i < N; i++) {
		x[i] = (float)(i % 37) * 0.37f - 3.0f;
		y[i] = (float)(i % 11) * 1.1f;
		d[i] = (float)(i % 7) + 0.3f;
		float v = fmaf(2.5f, x[i], y[i]);
		want[i] = (v > 10.0f ? 10.0f : v) / d[i];
		ia[i] = (i * 7919) % 100003 - 50000;
		int v2 = ia[i];
		iw[i] = ((long long)v2 * 1000003 + (v2 / 7) - (v2 % 13) + (unsigned)v2 / 3u) ^ ((long long)i << 33);
	}
	uint64_t dx = emu_alloc(t.dev, sizeof x, EMU_MEM_READONLY), dy = emu_alloc(t.dev, sizeof y, 0),
		 dd = emu_alloc(t.dev, sizeof d, EMU_MEM_READONLY), da = emu_alloc(t.dev, sizeof ia, EMU_MEM_READONLY),
		 dw = emu_alloc(t.dev, sizeof iout, 0), ds = emu_alloc(t.dev, G * 4, 0), ds2 = emu_alloc(t.dev, N * 4, 0);
	emu_write(t.dev, dx, x, sizeof x);
	emu_write(t.dev, dy, y, sizeof y);
	emu_write(t.dev, dd, d, sizeof d);
	emu_write(t.dev, da, ia, sizeof ia);
	uint32_t grid[3] = { G, 1, 1 }, block[3] = { B, 1, 1 };

	struct { uint64_t x, y, d; int32_t n; float a; } k1 = { dx, dy, dd, N, 2.5f };
	int rc = th_run(&t, "saxpy_div", &k1, sizeof k1, grid, block);
	emu_read(t.dev, dy, y, sizeof y);
	int bad = -1;
	for (int i = 0; i < N && bad < 0; i++)
		if (memcmp(&y[i], &want[i], 4))
			bad = i;
	th_ok(rc == 0 && bad < 0, "hip_saxpy_div_bit_exact", "rc %d %s; first wrong %d: %a vs %a", rc, t.err, bad,
	      bad >= 0 ? y[bad] : 0.0, bad >= 0 ? want[bad] : 0.0);

	struct { uint64_t x, out; int32_t n; } k2 = { dx, ds, N };
	rc = th_run(&t, "block_sum", &k2, 20, grid, block);
	float sums[G], wsum[G];
	emu_read(t.dev, ds, sums, sizeof sums);
	for (int g = 0; g < G; g++) {
		float part[B];
		for (int tt = 0; tt < B; tt++)
			part[tt] = g * B + tt < N ? x[g * B + tt] : 0.0f;
		for (int s = B / 2; s > 0; s >>= 1)
			for (int tt = 0; tt < s; tt++)
				part[tt] += part[tt + s];
		wsum[g] = part[0];
	}
	th_ok(rc == 0 && memcmp(sums, wsum, sizeof sums) == 0, "hip_block_sum_barriers_in_loop", "rc %d %s; %g vs %g", rc,
	      t.err, sums[0], wsum[0]);

	struct { uint64_t a, out; int32_t n; } k3 = { da, dw, N };
	rc = th_run(&t, "int_mix", &k3, 20, grid, block);
	emu_read(t.dev, dw, iout, sizeof iout);
	bad = -1;
	for (int i = 0; i < N && bad < 0; i++)
		if (iout[i] != iw[i])
			bad = i;
	th_ok(rc == 0 && bad < 0, "hip_int_mix", "rc %d %s; first wrong %d: %lld vs %lld", rc, t.err, bad,
	      bad >= 0 ? iout[bad] : 0, bad >= 0 ? iw[bad] : 0);

	struct { uint64_t a, out; int32_t n; } k4 = { da, ds2, N };
	rc = th_run(&t, "private_table", &k4, 20, grid, block);
	int32_t pout[N];
	emu_read(t.dev, ds2, pout, sizeof pout);
	bad = -1;
	for (int i = 0; i < N && bad < 0; i++)
		if (pout[i] != (int)((unsigned)ia[i] % 24u) * i)
			bad = i;
	th_ok(rc == 0 && bad < 0 && t.st.faulted == 0, "hip_private_array_via_flat_scratch", "rc %d %s; first wrong %d: %d vs %d", rc, t.err,
	      bad, bad >= 0 ? pout[bad] : 0, bad >= 0 ? (int)((unsigned)ia[bad] % 24u) * bad : 0);
	th_close(&t);
}

/* ---- wave start state, dispatch packet, partial waves ---------------------------------- */
static void test_setup(void)
{
	struct th t;
	if (open_kernel(&t, "setup.s", NULL, "setup", 2, EMU_CHECK_ALL)) {
		th_ok(0, "setup_state", "%s", t.err);
		return;
	}
	enum { WG = 12, T = 45 };
	static uint32_t rec[WG * T][8];
	uint64_t out = emu_alloc(t.dev, sizeof rec, 0);
	emu_fill(t.dev, out, 0xff, sizeof rec);
	struct { uint64_t out; } ka = { out };
	uint32_t grid[3] = { 2, 3, 2 }, block[3] = { 5, 3, 3 };
	int rc = th_run(&t, "setup", &ka, sizeof ka, grid, block);
	emu_read(t.dev, out, rec, sizeof rec);
	int bad = -1;
	for (unsigned x = 0; x < 2 && bad < 0; x++)
		for (unsigned y = 0; y < 3; y++)
			for (unsigned z = 0; z < 2; z++)
				for (unsigned tz = 0; tz < 3; tz++)
					for (unsigned ty = 0; ty < 3; ty++)
						for (unsigned tx = 0; tx < 5; tx++) {
							unsigned wg = x + 2 * (y + 3 * z), loc = tx + 5 * (ty + 3 * tz);
							const uint32_t *r = rec[wg * T + loc];
							uint32_t exec = loc < 32 ? 0xffffffffu : (1u << 13) - 1;
							uint32_t want[8] = { tx | ty << 10 | tz << 20, x, y, z,
									     5 | 3u << 16, 3, exec, 24 };
							if (bad < 0 && memcmp(r, want, sizeof want))
								bad = (int)(wg * T + loc);
						}
	th_ok(rc == 0 && bad < 0, "setup_sgprs_vgpr0_exec_packet", "rc %d %s; record %d: v0 %x wg %u,%u,%u packet %x %x exec %x s8 %u",
	      rc, t.err, bad, bad >= 0 ? rec[bad][0] : 0, bad >= 0 ? rec[bad][1] : 0, bad >= 0 ? rec[bad][2] : 0,
	      bad >= 0 ? rec[bad][3] : 0, bad >= 0 ? rec[bad][4] : 0, bad >= 0 ? rec[bad][5] : 0,
	      bad >= 0 ? rec[bad][6] : 0, bad >= 0 ? rec[bad][7] : 0);
	th_ok(rc == 0 && t.st.workgroups == WG && t.st.waves == 2 * WG, "setup_partial_waves_counted",
	      "workgroups %llu waves %llu", (unsigned long long)t.st.workgroups, (unsigned long long)t.st.waves);

	/* Dispatch refusals come back as errors before anything runs. */
	uint32_t g1[3] = { 1, 1, 1 }, b0[3] = { 0, 1, 1 }, big[3] = { 32, 32, 2 };
	rc = th_run(&t, "setup", &ka, sizeof ka, g1, b0);
	th_ok(rc == EMU_E_ARG && strstr(t.err, "dispatch shape"), "launch_refuses_empty_block", "rc %d %s", rc, t.err);
	rc = th_run(&t, "setup", &ka, sizeof ka, g1, big);
	th_ok(rc == EMU_E_ARG && strstr(t.err, "at most 1024"), "launch_refuses_2048_items", "rc %d %s", rc, t.err);
	rc = th_run(&t, "setup", &ka, 4, grid, block);
	th_ok(rc == EMU_E_ARG && strstr(t.err, "kernarg segment of 4 bytes"), "launch_refuses_short_kernarg", "rc %d %s", rc, t.err);
	th_close(&t);
}

/* ---- kernel descriptor decoding and refusals ----------------------------------------------- */
static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }

static void test_kd(void)
{
	uint8_t raw[64] = { 0 };
	struct emu_kd kd;
	char err[200];
	/* The descriptor clang-19 wrote for a kernel with dispatch+kernarg pointers,
	 * wg id x+y, work-item ids x,y,z, 40 VGPRs, 4096 bytes LDS, 16 bytes scratch. */
	put32(raw + 0, 4096);
	put32(raw + 4, 16);
	put32(raw + 8, 24);
	put32(raw + 16, 0x1080);
	put32(raw + 48, 0x60ac0004);
	put32(raw + 52, 0x1188);
	raw[56] = 0x0a;
	raw[57] = 0x04;
	int rc = emu_kd_parse(raw, &kd, err, sizeof err);
	th_ok(rc == 0 && kd.vgprs == 40 && kd.user_sgprs == 4 && kd.user_dispatch_ptr && kd.user_kernarg_ptr &&
		      !kd.user_queue_ptr && kd.wgid_x && kd.wgid_y && !kd.wgid_z && kd.vgpr_workitem_ids == 2 &&
		      kd.wave32 && kd.wgp_mode && kd.ieee_mode && kd.dx10_clamp && kd.float_denorm_32 == 0 &&
		      kd.float_denorm_16_64 == 3 && kd.group_segment_size == 4096 && kd.private_segment_size == 16 &&
		      kd.kernarg_size == 24 && kd.entry_offset == 0x1080 && !kd.private_segment,
	      "kd_parse_clang_descriptor", "rc %d %s", rc, err);
	uint8_t w64[64];
	memcpy(w64, raw, 64);
	w64[57] = 0; /* wavefront_size32 off */
	rc = emu_kd_parse(w64, &kd, err, sizeof err);
	th_ok(rc == EMU_E_KD && strstr(err, "wave64"), "kd_refuses_wave64", "rc %d %s", rc, err);
	memcpy(w64, raw, 64);
	put32(w64 + 48, 0x60ac0004 | 1u << 12); /* round toward +inf */
	rc = emu_kd_parse(w64, &kd, err, sizeof err);
	th_ok(rc == EMU_E_KD && strstr(err, "round mode"), "kd_refuses_round_mode", "rc %d %s", rc, err);
	memcpy(w64, raw, 64);
	put32(w64 + 0, 65537);
	rc = emu_kd_parse(w64, &kd, err, sizeof err);
	th_ok(rc == EMU_E_KD && strstr(err, "LDS size"), "kd_refuses_lds_over_64k", "rc %d %s", rc, err);
	memcpy(w64, raw, 64);
	put32(w64 + 52, 0x1188 & ~0x3eu); /* USER_SGPR_COUNT 0 with pointers enabled */
	rc = emu_kd_parse(w64, &kd, err, sizeof err);
	th_ok(rc == EMU_E_KD && strstr(err, "USER_SGPR_COUNT"), "kd_refuses_short_user_sgpr_count", "rc %d %s", rc, err);
	memcpy(w64, raw, 64);
	w64[56] |= 1; /* private segment buffer: a gfx9 feature */
	rc = emu_kd_parse(w64, &kd, err, sizeof err);
	th_ok(rc == EMU_E_KD && strstr(err, "private segment buffer"), "kd_refuses_private_segment_buffer", "rc %d %s", rc, err);

	/* A wave64 code object is refused at launch, before it runs. */
	char src[700], out[700];
	snprintf(src, sizeof src, "%s/wave64.s", kdir);
	snprintf(out, sizeof out, "%s/wave64.hsaco", th_tmpdir());
	struct th t;
	struct emu_opts o = { .threads = 1 };
	if (th_build(src, out, "-Xclang -target-feature -Xclang +wavefrontsize64", err, sizeof err) || th_open(&t, out, &o)) {
		th_ok(0, "launch_refuses_wave64", "%s", err);
		return;
	}
	uint32_t g[3] = { 1, 1, 1 }, b[3] = { 64, 1, 1 };
	rc = th_run(&t, "w64", NULL, 0, g, b);
	th_ok(rc == EMU_E_KD && strstr(t.err, "wave64") && t.st.wave_insts == 0, "launch_refuses_wave64", "rc %d %s", rc, t.err);
	th_close(&t);
}

/* ---- device memory ---------------------------------------------------------------------- */
static void test_mem(void)
{
	struct emu_dev *dev = emu_dev_new(NULL);
	uint64_t a = emu_alloc(dev, 100, 0), b = emu_alloc(dev, 4096, EMU_MEM_READONLY), c = emu_alloc(dev, 1, 0);
	th_ok(a >= (1ull << 32) && !(a & 255) && !(b & 255) && b >= a + 100 + 4096 && c > b + 4096, "mem_addresses_high_aligned_guarded",
	      "a %llx b %llx c %llx", (unsigned long long)a, (unsigned long long)b, (unsigned long long)c);
	uint8_t buf[200] = { 0 };
	th_ok(emu_write(dev, a, buf, 100) == 0 && emu_write(dev, a, buf, 101) == EMU_E_ARG &&
		      emu_read(dev, a + 100, buf, 1) == EMU_E_ARG && emu_read(dev, a - 1, buf, 1) == EMU_E_ARG &&
		      emu_fill(dev, b, 7, 4096) == 0 && emu_read(dev, b + 4095, buf, 1) == 0 && buf[0] == 7,
	      "mem_host_access_bounds", NULL);
	th_ok(emu_free(dev, a) == 0 && emu_read(dev, a, buf, 1) == EMU_E_ARG && emu_free(dev, a) == EMU_E_ARG &&
		      emu_alloc(dev, 100, 0) > c,
	      "mem_free_never_reuses_addresses", NULL);
	th_ok(emu_alloc(dev, 0, 0) == 0 && emu_alloc(dev, 10, 0x80) == 0 && emu_alloc(NULL, 10, 0) == 0, "mem_alloc_refuses_bad_args", "accepted");
	emu_dev_free(dev);
	emu_dev_free(NULL);
}

/* ---- global atomics from many workgroups on several threads ----------------------------- */
static void test_atomics(void)
{
	for (unsigned threads = 1; threads <= 2; threads++) {
		char name[64];
		snprintf(name, sizeof name, "global_atomics_threads%u", threads);
		struct th t;
		if (open_kernel(&t, "atomics.s", NULL, "atomics", threads, EMU_CHECK_ALL)) {
			th_ok(0, name, "%s", t.err);
			continue;
		}
		uint64_t c = emu_alloc(t.dev, 12, 0);
		emu_fill(t.dev, c, 0, 12);
		struct { uint64_t c; } ka = { c };
		uint32_t grid[3] = { 64, 1, 1 }, block[3] = { 64, 1, 1 };
		int rc = th_run(&t, "atomics", &ka, sizeof ka, grid, block);
		uint32_t got[3];
		emu_read(t.dev, c, got, sizeof got);
		float f;
		memcpy(&f, &got[2], 4);
		/* 4096 adds of 0.5 are exact in any order */
		th_ok(rc == 0 && got[0] == 4096 && got[1] == 64 * (63 * 64 / 2) && f == 2048.0f, name,
		      "rc %d %s; %u %u %g", rc, t.err, got[0], got[1], f);
		th_close(&t);
	}
}

/* ---- small kernels written inline: BODY wrapped in a descriptor and metadata ---------------- */
struct small_kernel {
	const char *name, *body;
	unsigned lds, priv;       /* group and private segment bytes */
	unsigned max_wg;          /* max_flat_workgroup_size, and the block the tests launch */
};

/* Builds the kernel into a .hsaco (path); the private segment is given a size
 * but not enabled, as the scratch test needs. */
static int build_small(const struct small_kernel *k, char *path, size_t pathlen, char *err, size_t errlen)
{
	char text[4096];
	int n = snprintf(text, sizeof text,
			 ".amdhsa_code_object_version 5\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n.text\n"
			 ".globl %s\n.p2align 8\n.type %s,@function\n%s:\n%s"
			 ".rodata\n.p2align 6\n.amdhsa_kernel %s\n .amdhsa_next_free_vgpr 16\n .amdhsa_next_free_sgpr 8\n"
			 " .amdhsa_group_segment_fixed_size %u\n .amdhsa_private_segment_fixed_size %u\n"
			 " .amdhsa_wavefront_size32 1\n.end_amdhsa_kernel\n"
			 ".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n  - .name: %s\n"
			 "    .symbol: %s.kd\n    .kernarg_segment_size: 0\n    .kernarg_segment_align: 8\n"
			 "    .group_segment_fixed_size: %u\n    .private_segment_fixed_size: %u\n"
			 "    .max_flat_workgroup_size: %u\n    .wavefront_size: 32\n    .sgpr_count: 8\n"
			 "    .vgpr_count: 16\n...\n.end_amdgpu_metadata\n",
			 k->name, k->name, k->name, k->body, k->name, k->lds, k->priv, k->name, k->name, k->lds, k->priv,
			 k->max_wg);
	if (n < 0 || (size_t)n >= sizeof text) {
		snprintf(err, errlen, "kernel text of %s too long", k->name);
		return -1;
	}
	return th_build_text(k->name, text, path, pathlen, err, errlen);
}

/* ---- small inline kernels: one workgroup of max_wg work-items, the expected
 * return code and a substring of the report ------------------------------------------------ */
struct small_case {
	const char *test;
	struct small_kernel k;
	unsigned checks;
	int rc;
	const char *expect;       /* NULL: no report expected */
};

static const struct small_case small_cases[] = {
	/* scratch without ENABLE_PRIVATE_SEGMENT is a bug the hardware would hide */
	{ "bug_scratch_without_private_segment_reported",
	  { "noscratch", " v_mov_b32 v1, 7\n scratch_store_b32 off, v1, off offset:4\n s_endpgm\n", 0, 16, 32 },
	  0, EMU_E_FAULT, "does not enable the private segment" },
	/* an LDS race through a FLAT store (the aperture), after a DS store by the same
	 * wave to the same address: each instruction is checked afresh */
	{ "bug_lds_race_through_flat_reported",
	  { "flatrace",
	    " v_lshrrev_b32 v1, 5, v0\n v_lshlrev_b32 v1, 2, v1\n" /* wave 0: LDS byte 0, wave 1: byte 4 */
	    " v_mov_b32 v2, 7\n ds_store_b32 v1, v2\n s_waitcnt lgkmcnt(0)\n s_barrier\n"
	    " s_mov_b64 s[2:3], src_shared_base\n v_mov_b32 v4, v1\n v_mov_b32 v5, s3\n"
	    " flat_store_b32 v[4:5], v2\n" /* wave 0 writes byte 0 again, now through FLAT */
	    " v_mov_b32 v6, 0\n ds_load_b32 v3, v6\n s_waitcnt lgkmcnt(0)\n s_endpgm\n", /* wave 1 reads it */
	    256, 0, 64 },
	  EMU_CHECK_ALL, EMU_E_FAULT, "LDS race: read of LDS byte 0x0, written by wave 0" },
	/* atomics through the aperture are no race, as DS atomics are not: 64 adds of 1 */
	{ "flat_atomics_to_lds_no_race",
	  { "flatatomic",
	    " s_mov_b64 s[2:3], src_shared_base\n v_mov_b32 v4, 0\n v_mov_b32 v5, s3\n v_mov_b32 v2, 1\n"
	    " flat_atomic_add_u32 v[4:5], v2\n s_waitcnt_vscnt null, 0\n s_waitcnt lgkmcnt(0)\n s_barrier\n"
	    " v_mov_b32 v6, 0\n ds_load_b32 v3, v6\n s_waitcnt lgkmcnt(0)\n"
	    " v_cmp_eq_u32_e32 vcc_lo, 64, v3\n s_cbranch_vccnz .Lok\n s_trap 2\n.Lok:\n s_endpgm\n",
	    256, 0, 64 },
	  EMU_CHECK_ALL, 0, NULL },
	/* an encoding the emulator does not model (a typed buffer load of an 8-bit format) is refused, not guessed */
	{ "tbuffer_8bit_format_refused_not_guessed",
	  { "halfadd", " tbuffer_load_format_x v1, off, s[4:7], 0 format:[BUF_FMT_8_UNORM]\n s_endpgm\n", 0, 0, 32 },
	  0, EMU_E_DECODE, "halfadd: workgroup (0,0,0) wave 0 pc" },
	/* a ds_swizzle mode other than bitmask and 0x80xx quad permute (0xc000: rotate) */
	{ "swizzle_rotate_refused_not_guessed",
	  { "swizrot", " ds_swizzle_b32 v1, v0 offset:0xc000\n s_endpgm\n", 0, 0, 32 },
	  0, EMU_E_DECODE, "swizzle mode not modelled" },
	/* swizzled buffer addressing (descriptor swizzle_enable) is not modelled: refused */
	{ "buffer_swizzle_refused_not_guessed",
	  { "bufswz", " s_mov_b32 s4, 0\n s_mov_b32 s5, 0xc0000000\n s_mov_b32 s6, 16\n s_mov_b32 s7, 0x30000000\n"
		      " buffer_load_b32 v1, off, s[4:7], 0\n s_endpgm\n", 0, 0, 32 },
	  0, EMU_E_DECODE, "swizzled buffer addressing (descriptor swizzle_enable 3) is not modelled" },
	/* a MUBUF format load whose descriptor format is not a 32-bit one (4, as Tensile's V#) */
	{ "buffer_format_refused_not_guessed",
	  { "buffmt", " s_mov_b32 s4, 0\n s_mov_b32 s5, 0\n s_mov_b32 s6, 16\n s_mov_b32 s7, 0x31004000\n"
		      " buffer_load_format_x v1, off, s[4:7], 0\n s_endpgm\n", 0, 0, 32 },
	  0, EMU_E_DECODE, "buffer_load_format_x: descriptor format 4 is not modelled" },
	/* a jump out of the code, and a trap */
	{ "bug_wild_setpc_reported", { "wildpc", " s_mov_b32 s2, 0x40\n s_mov_b32 s3, 0\n s_setpc_b64 s[2:3]\n", 0, 0, 32 },
	  0, EMU_E_FAULT, "program counter 0x40 is outside the code buffer" },
	{ "bug_trap_reported", { "trap", " s_trap 2\n s_endpgm\n", 0, 0, 32 }, 0, EMU_E_FAULT, "s_trap executed (trap 2)" },
	/* VOPD: the halves execute at the same time, a read gets the old value (ISA guide,
	 * VOPD section).  The pair is clang-19's: Y adds the v5 from before X's move (101,
	 * not 8); likewise the fmac pair's Y multiplies the old v4 (1 + 2*3 = 7, not 13 + ...).
	 * Nothing is reported, with every check on. */
	{ "vopd_y_reads_old_value",
	  { "vopdold",
	    " v_mov_b32 v3, 7\n v_mov_b32 v5, 100\n v_mov_b32 v6, 1\n"
	    " v_dual_mov_b32 v5, v3 :: v_dual_add_nc_u32 v8, v6, v5\n"
	    " v_cmp_eq_u32_e32 vcc_lo, 0x65, v8\n s_cbranch_vccz .Lbad\n"
	    " v_cmp_eq_u32_e32 vcc_lo, 7, v5\n s_cbranch_vccz .Lbad\n"
	    " v_mov_b32 v1, 1.0\n v_mov_b32 v2, 2.0\n v_mov_b32 v4, 3.0\n v_mov_b32 v3, 2.0\n v_mov_b32 v7, 1.0\n"
	    " v_dual_fmac_f32 v4, v1, v2 :: v_dual_fmac_f32 v7, v4, v3\n"
	    " v_cmp_eq_f32_e32 vcc_lo, 0x40e00000, v7\n s_cbranch_vccz .Lbad\n"
	    " v_cmp_eq_f32_e32 vcc_lo, 0x40a00000, v4\n s_cbranch_vccz .Lbad\n s_endpgm\n.Lbad:\n s_trap 2\n s_endpgm\n",
	    0, 0, 32 },
	  EMU_CHECK_ALL, 0, NULL },
};

static void test_small(void)
{
	for (size_t i = 0; i < sizeof small_cases / sizeof small_cases[0]; i++) {
		const struct small_case *c = &small_cases[i];
		char path[600], err[700] = "";
		struct th t;
		struct emu_opts o = { .threads = 1, .checks = c->checks };
		if (build_small(&c->k, path, sizeof path, err, sizeof err) || th_open(&t, path, &o)) {
			th_ok(0, c->test, "%s", err[0] ? err : t.err);
			continue;
		}
		uint32_t g[3] = { 1, 1, 1 }, b[3] = { c->k.max_wg, 1, 1 };
		int rc = th_run(&t, c->k.name, NULL, 0, g, b);
		th_ok(rc == c->rc && (!c->expect || strstr(t.err, c->expect)), c->test, "rc %d (want %d) %s", rc, c->rc,
		      t.err);
		th_close(&t);
	}
}

/* ---- cross-lane operations on a full wave ------------------------------------------------ */
static void test_lanes(void)
{
	struct th t;
	if (open_kernel(&t, "lanes.s", NULL, "lanes", 1, EMU_CHECK_ALL)) {
		th_ok(0, "cross_lane_ops", "%s", t.err);
		return;
	}
	uint32_t rows[9][32];
	uint64_t out = emu_alloc(t.dev, sizeof rows, 0);
	struct { uint64_t out; } ka = { out };
	uint32_t g[3] = { 1, 1, 1 }, b[3] = { 32, 1, 1 };
	int rc = th_run(&t, "lanes", &ka, sizeof ka, g, b);
	emu_read(t.dev, out, rows, sizeof rows);
	static const char *const what[9] = { "ds_bpermute", "ds_permute", "ds_swizzle_quad_perm", "ds_swizzle_bitmask",
					     "v_readlane", "v_writelane", "v_mbcnt", "compare_mask", "saveexec" };
	for (unsigned r = 0; r < 9; r++) {
		int bad = -1;
		uint32_t want = 0;
		for (unsigned l = 0; l < 32 && bad < 0; l++) {
			switch (r) {
			case 0: want = (l ^ 1) * 10; break;
			case 1: want = (l ^ 3) * 10; break;
			case 2: want = ((l & ~3u) | (3 - (l & 3))) * 10; break;
			case 3: want = (l ^ 1) * 10; break;
			case 4: want = 70; break;
			case 5: want = l == 5 ? 999 : l * 10; break;
			case 6: want = l; break;
			case 7: want = l < 12; break;
			default: want = (l & 1) ? 0xee : l * 10; break;
			}
			if (rows[r][l] != want)
				bad = (int)l;
		}
		char name[64];
		snprintf(name, sizeof name, "cross_lane_%s", what[r]);
		th_ok(rc == 0 && bad < 0, name, "rc %d %s; lane %d: 0x%x, want 0x%x", rc, t.err, bad,
		      bad >= 0 ? rows[r][bad] : 0, want);
	}
	th_close(&t);
}

/* ---- DPP16 / DPP8 on a full wave (tests/emu/kernels/dpp.s) ------------------------------ */
/* Expected value of row r at lane l, from the rules in the kernel's comment. */
static uint32_t dpp_want(unsigned r, unsigned l)
{
	const uint32_t old = 0xee;
	unsigned row = l & ~15u, i = l & 15u;
#define SRC(k) ((uint32_t)(k) * 10 + 1)
	switch (r) {
	case 0: return i >= 1 ? SRC(l - 1) : 0;
	case 1: return i >= 1 ? SRC(l - 1) : old;
	case 2: return i + 3 < 16 ? SRC(l + 3) : old;
	case 3: return SRC(row + ((i + 16 - 5) % 16));
	case 4: return SRC(row + 15 - i);
	case 5: return SRC((l & ~7u) + 7 - (l & 7u));
	case 6: return SRC(row + 6);
	case 7: return SRC(row + (i ^ 9));
	case 8: return SRC((l & ~3u) + ((l & 3u) ^ 2));
	case 9: return l < 16 ? SRC(l) : old;
	case 10: return ((i >> 2) == 0 || (i >> 2) == 2) ? SRC(l) : old;
	case 11: return SRC((l & ~7u) + 7 - (l & 7u));
	case 12: return (i >= 2 ? SRC(l - 2) : 0) + l;
	case 13: return (l & 1) ? old : 0; /* the odd source lanes are inactive */
	case 14: return (l & 1) ? old : SRC(l + 1);
	default: return (i >= 1 ? SRC(l - 1) : 0) + 2 * l;
	}
#undef SRC
}

static void test_dpp(void)
{
	struct th t;
	if (open_kernel(&t, "dpp.s", NULL, "dpp", 1, EMU_CHECK_ALL)) {
		th_ok(0, "dpp_build", "%s", t.err);
		return;
	}
	enum { ROWS = 16 };
	uint32_t rows[ROWS][32];
	uint64_t out = emu_alloc(t.dev, sizeof rows, 0);
	struct { uint64_t out; } ka = { out };
	uint32_t g[3] = { 1, 1, 1 }, b[3] = { 32, 1, 1 };
	int rc = th_run(&t, "dpp", &ka, sizeof ka, g, b);
	emu_read(t.dev, out, rows, sizeof rows);
	static const char *const what[ROWS] = { "row_shr_bound_ctrl", "row_shr_no_write", "row_shl", "row_ror",
		"row_mirror", "row_half_mirror", "row_share", "row_xmask", "quad_perm", "row_mask", "bank_mask",
		"dpp8", "vop2_src1_unpermuted", "inactive_source_zero", "fetch_inactive", "vop3_e64_dpp" };
	for (unsigned r = 0; r < ROWS; r++) {
		int bad = -1;
		for (unsigned l = 0; l < 32 && bad < 0; l++)
			if (rows[r][l] != dpp_want(r, l))
				bad = (int)l;
		char name[64];
		snprintf(name, sizeof name, "dpp_%s", what[r]);
		th_ok(rc == 0 && bad < 0, name, "rc %d %s; lane %d: 0x%x, want 0x%x", rc, t.err, bad,
		      bad >= 0 ? rows[r][bad] : 0, bad >= 0 ? dpp_want(r, (unsigned)bad) : 0);
	}
	th_close(&t);
}

/* Every row of isa/isa_gfx11.def names an executor that can run it: a
 * memory, atomic or WMMA row has its entry in the family's per-op table too. */
static void test_exec_table(void)
{
	unsigned ops[8];
	unsigned n = emu_exec_table_gaps(ops, 8);
	char why[512] = "";
	for (unsigned i = 0; i < n && i < 8; i++)
		snprintf(why + strlen(why), sizeof why - strlen(why), "%s ", isa_ops[ops[i]].name);
	checkf(n == 0, "exec_table_every_row_runs", "%u rows cannot run: %s", n, why);
}

/* ---- progress: the workgroup count of emu_launch_progress ------------------------------- */
struct progress_seen {
	atomic_uint inside;          /* calls running now: must never be 2 */
	unsigned calls, overlaps, bad;
	uint64_t last, total;
};

static void progress_fn(void *ctx, const char *what, uint64_t done, uint64_t total)
{
	struct progress_seen *s = ctx;
	if (atomic_fetch_add(&s->inside, 1) != 0)
		s->overlaps++;
	/* a count that goes back or past its total, or names something else */
	if (strcmp(what, "workgroups") || done < 1 || done > total || done < s->last || (s->total && total != s->total))
		s->bad++;
	s->calls++, s->last = done, s->total = total;
	atomic_fetch_sub(&s->inside, 1);
}

/* Four workers on 500 workgroups: the calls come one at a time, the count
 * only grows and stays within the grid, and the results are emu_launch's. */
static void test_progress(void)
{
	struct th t;
	if (open_kernel(&t, "axpy.s", NULL, "axpy_progress", 4, EMU_CHECK_ALL)) {
		th_ok(0, "progress_count_threads4", "%s", t.err);
		return;
	}
	enum { N = 64 * 500 };
	static float x[N], y[N];
	for (int i = 0; i < N; i++)
		x[i] = (float)i, y[i] = 1.0f;
	uint64_t dx = emu_alloc(t.dev, sizeof x, 0), dy = emu_alloc(t.dev, sizeof y, 0);
	emu_write(t.dev, dx, x, sizeof x);
	emu_write(t.dev, dy, y, sizeof y);
	struct { uint64_t x, y; uint32_t n; float a; } ka = { dx, dy, N, 2.0f };
	const struct ld_kernel *k = ld_kernel_find(t.co, "axpy");
	struct emu_launch L = { .kernel_name = "axpy", .kd_addr = t.base + (k ? k->kd_vaddr : 0), .kernarg = &ka,
				.kernarg_size = sizeof ka, .grid = { N / 64, 1, 1 }, .block = { 64, 1, 1 } };
	struct progress_seen s = { 0 };
	struct emu_progress pr = { progress_fn, &s };
	int rc = k ? emu_launch_progress(t.dev, &L, &pr, &t.st, t.err, sizeof t.err) : EMU_E_ARG;
	emu_read(t.dev, dy, y, sizeof y);
	int wrong = -1;
	for (int i = 0; i < N && wrong < 0; i++)
		if (y[i] != 2.0f * (float)i + 1.0f)
			wrong = i;
	th_ok(rc == 0 && wrong < 0 && s.calls >= 1 && s.calls <= N / 64 && !s.overlaps && !s.bad && s.total == N / 64,
	      "progress_count_threads4", "rc %d %s; wrong element %d; %u calls, %u overlapping, %u bad, total %llu", rc,
	      t.err, wrong, s.calls, s.overlaps, s.bad, (unsigned long long)s.total);
	th_close(&t);
}

int main(int argc, char **argv)
{
	snprintf(kdir, sizeof kdir, "%s", argc > 1 ? argv[1] : "tests/emu/kernels");
	test_axpy(1);
	test_axpy(2);
	test_sgemm();
	test_bugs();
	test_hip();
	test_setup();
	test_kd();
	test_mem();
	test_atomics();
	test_small();
	test_lanes();
	test_dpp();
	test_exec_table();
	test_progress();
	th_cleanup(check_failures);
	return check_exit();
}
