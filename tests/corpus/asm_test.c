/* Checks of the hand-written kernels: tests/corpus/asm_hipcc.s (hipcc's SGPR
 * layouts, SGPR bases, LDS, DPP, M0 indexing) and asm_buffer.s (buffer
 * descriptors with range checking, scalar control flow, mixed precision,
 * votes).  Every result is exact. */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <string.h>

static void check_i32(struct cx *c, const char *name, int rc, const int32_t *got, const int32_t *want, int n)
{
	int bad = cx_diff_i32(got, want, n);
	cx_ok(c, rc == 0 && bad < 0, name, "rc %d %s; element %d: %d (0x%x), want %d", rc, c->t.err, bad,
	      bad >= 0 ? got[bad] : 0, bad >= 0 ? (unsigned)got[bad] : 0, bad >= 0 ? want[bad] : 0);
}

static void hipcc_layouts(struct cx *c)
{
	enum { N = 200 };
	float a[N], b[N], out[N + 56], want[N + 56];
	for (int i = 0; i < N; i++)
		a[i] = (float)i * 0.5f, b[i] = 3.0f - (float)i;
	for (int i = 0; i < N + 56; i++)
		want[i] = i < N ? a[i] + b[i] : -1.0f, out[i] = -1.0f;
	uint64_t dc = cx_buf(c, out, sizeof out);
	struct { uint64_t a, b, c; int32_t n; } k = { cx_in(c, a, sizeof a), cx_in(c, b, sizeof b), dc, N };
	int rc = cx_run(c, "vadd_hipcc_layout", &k, sizeof k, 4, 64);
	cx_get(c, dc, out, sizeof out);
	check_i32(c, "asm_vadd_dispatch_queue_kernarg_id_layout", rc, (int32_t *)out, (int32_t *)want, N + 56);

	enum { GX = 3, GY = 2 };
	int32_t o2[GX * GY * 32], w2[GX * GY * 32];
	for (int y = 0; y < GY; y++)
		for (int x = 0; x < GX; x++)
			for (int t = 0; t < 32; t++)
				w2[(y * GX + x) * 32 + t] = x * 1000 + y * 100 + t;
	uint64_t d2 = cx_buf(c, NULL, sizeof o2);
	struct { uint64_t out; int32_t gx; } k2 = { d2, GX };
	const uint32_t g2[3] = { GX, GY, 1 }, b2[3] = { 32, 1, 1 };
	rc = cx_run3(c, "seed_sgpr14_grid2d", &k2, sizeof k2, g2, b2, 0);
	cx_get(c, d2, o2, sizeof o2);
	check_i32(c, "asm_seed_user_sgpr_count14_ids_s14_s15", rc, o2, w2, GX * GY * 32);

	enum { STRIDE = 48 }; /* floats between the eight rows */
	float B[8 * STRIDE], o3[32], w3[32];
	uint32_t s = 83;
	for (int i = 0; i < 8 * STRIDE; i++)
		B[i] = cx_randf(&s, -1.0f, 1.0f);
	for (int t = 0; t < 32; t++) {
		float acc = B[t] + B[STRIDE + t];
		for (int r = 2; r < 8; r++)
			acc += B[r * STRIDE + t];
		w3[t] = acc;
	}
	uint64_t d3 = cx_buf(c, NULL, sizeof o3);
	struct { uint64_t B, out; int32_t stride; } k3 = { cx_in(c, B, sizeof B), d3, STRIDE * 4 };
	rc = cx_run(c, "batched_sbase_loads", &k3, sizeof k3, 1, 32);
	cx_get(c, d3, o3, sizeof o3);
	check_i32(c, "asm_batched_loads_sgpr_bases", rc, (int32_t *)o3, (int32_t *)w3, 32);
}

static void lanes_and_lds(struct cx *c)
{
	int32_t in[64], out[64], want[64];
	for (int i = 0; i < 64; i++)
		in[i] = i * i - 7, want[i] = (63 - i) * (63 - i) - 7;
	uint64_t din = cx_in(c, in, sizeof in), dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t in, out; } k = { din, dout };
	int rc = cx_run(c, "lds_reverse_barrier", &k, sizeof k, 1, 64);
	cx_get(c, dout, out, sizeof out);
	check_i32(c, "asm_lds_reverse_two_waves_barrier", rc, out, want, 64);

	for (int r = 0; r < 2; r++)
		for (int i = 0, acc = 0; i < 16; i++)
			want[r * 16 + i] = acc += in[r * 16 + i];
	rc = cx_run(c, "dpp_row_scan", &k, sizeof k, 1, 32);
	cx_get(c, dout, out, sizeof out);
	check_i32(c, "asm_dpp_row_shr_scan", rc, out, want, 32);

	enum { NG = 12 };
	int32_t f[NG * 4], wf[NG * 4];
	for (int z = 0; z < 2; z++)
		for (int y = 0; y < 2; y++)
			for (int x = 0; x < 3; x++) {
				int32_t *w = wf + ((z * 2 + y) * 3 + x) * 4;
				w[0] = 3 * 64, w[1] = 64, w[2] = z, w[3] = x + 10 * y;
			}
	uint64_t df = cx_buf(c, NULL, sizeof f);
	struct { uint64_t out; } k2 = { df };
	const uint32_t g[3] = { 3, 2, 2 }, b[3] = { 64, 1, 1 };
	rc = cx_run3(c, "dispatch_fields_3d", &k2, sizeof k2, g, b, 0);
	cx_get(c, df, f, sizeof f);
	check_i32(c, "asm_dispatch_packet_and_xyz_ids", rc, f, wf, NG * 4);

	int32_t o[8 * 32], wo[8 * 32];
	struct { uint64_t out; int32_t table[8]; } k3 = { cx_buf(c, NULL, sizeof o), { 5, -6, 70, 800, -9000, 11, 12, 13 } };
	for (int wg = 0; wg < 8; wg++)
		for (int t = 0; t < 32; t++)
			wo[wg * 32 + t] = k3.table[wg & 7] + t * ((wg & 3) + 1);
	rc = cx_run(c, "movrel_select", &k3, sizeof k3, 8, 32);
	cx_get(c, k3.out, o, sizeof o);
	check_i32(c, "asm_s_movrels_v_movrels_m0", rc, o, wo, 8 * 32);
}

void corpus_asm(struct cx *c)
{
	if (cx_open(c, "asm_hipcc")) {
		hipcc_layouts(c);
		lanes_and_lds(c);
	}
	corpus_asm_buffer(c);
}

/* ---- tests/corpus/asm_buffer.s ---------------------------------------------------- */
static void buffers(struct cx *c)
{
	enum { COUNT = 40, L = 64 };
	float src[COUNT], dst[L], seen[L], wdst[L], wseen[L];
	for (int i = 0; i < COUNT; i++)
		src[i] = (float)(i * 3) - 50.0f;
	for (int i = 0; i < L; i++) {
		dst[i] = -1.0f;
		wdst[i] = i < COUNT ? src[i] + 1.0f : -1.0f; /* stores past count are dropped */
		wseen[i] = i < COUNT ? src[i] : 0.0f;       /* loads past count read 0 */
	}
	/* src holds exactly COUNT floats: a lane past it that touched memory would fault */
	uint64_t ds = cx_in(c, src, sizeof src), dd = cx_buf(c, dst, sizeof dst), dn = cx_buf(c, NULL, sizeof seen);
	struct { uint64_t src, dst, seen; int32_t count; } k = { ds, dd, dn, COUNT };
	int rc = cx_run(c, "tensile_style_copy", &k, sizeof k, 1, L);
	cx_get(c, dd, dst, sizeof dst);
	cx_get(c, dn, seen, sizeof seen);
	check_i32(c, "asm_buffer_raw_store_past_range_dropped", rc, (int32_t *)dst, (int32_t *)wdst, L);
	check_i32(c, "asm_buffer_raw_load_past_range_zero", rc, (int32_t *)seen, (int32_t *)wseen, L);

	enum { NREC = 20 };
	int32_t recs[2 * NREC], out[2 * 32], want[2 * 32];
	for (int i = 0; i < 2 * NREC; i++)
		recs[i] = 1000 + i;
	for (int i = 0; i < 2 * 32; i++)
		want[i] = i < 2 * NREC ? recs[i] : 0;
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t recs, out; int32_t nrec; } k2 = { cx_in(c, recs, sizeof recs), dout, NREC };
	rc = cx_run(c, "buffer_struct_records", &k2, sizeof k2, 1, 32);
	cx_get(c, dout, out, sizeof out);
	check_i32(c, "asm_buffer_structured_index_check", rc, out, want, 64);
}

static void control_and_mix(struct cx *c)
{
	enum { G = 6 };
	int32_t sq[G], wsq[G];
	for (int g = 0; g < G; g++) {
		int32_t s = 0;
		for (int k = 1; k <= g + 5; k++)
			s += k * k;
		wsq[g] = (g & 1) ? -s : s;
	}
	uint64_t dsq = cx_buf(c, NULL, sizeof sq);
	struct { uint64_t out; } k = { dsq };
	int rc = cx_run(c, "scalar_loop_cselect", &k, sizeof k, G, 32);
	cx_get(c, dsq, sq, sizeof sq);
	check_i32(c, "asm_scalar_loop_bitcmp_cselect", rc, sq, wsq, G);

	uint16_t x[32 * 16], y[32 * 16];
	float out[32], want[32];
	uint32_t s = 89;
	for (int i = 0; i < 32 * 16; i++)
		x[i] = cx_f2h(cx_randf(&s, -2.0f, 2.0f)), y[i] = cx_f2h(cx_randf(&s, -2.0f, 2.0f));
	for (int l = 0; l < 32; l++) {
		float acc = 0.0f;
		for (int j = 0; j < 16; j++)
			acc = fmaf(cx_h2f(x[l * 16 + j]), cx_h2f(y[l * 16 + j]), acc);
		want[l] = acc;
	}
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t x, y, out; } k2 = { cx_in(c, x, sizeof x), cx_in(c, y, sizeof y), dout };
	rc = cx_run(c, "fma_mix_dot", &k2, sizeof k2, 1, 32);
	cx_get(c, dout, out, sizeof out);
	check_i32(c, "asm_fma_mix_f16_pairs_f32_acc", rc, (int32_t *)out, (int32_t *)want, 32);

	enum { NWG = 2, NL = NWG * 64, NWAVE = NL / 32 };
	int32_t in[NL], res[256 + NL], wres[256 + NL];
	for (int i = 0; i < NL; i++)
		in[i] = (int32_t)(cx_rand(&s) % 41) - 20 - (i >= 64 && i < 96 ? 100 : 0); /* wave 2: none positive */
	memset(wres, 0, sizeof wres);
	for (int w = 0; w < NWAVE; w++) {
		int cnt = 0, first = -1;
		for (int l = 0; l < 32; l++)
			if (in[w * 32 + l] > 0)
				cnt++, first = first < 0 ? l : first;
		wres[w * 4] = cnt, wres[w * 4 + 1] = first, wres[w * 4 + 2] = in[w * 32 + 31];
	}
	for (int i = 0; i < NL; i++)
		wres[256 + i] = in[i] > 0 ? 2 * in[i] : -in[i];
	uint64_t dres = cx_buf(c, NULL, sizeof res);
	struct { uint64_t in, out; } k3 = { cx_in(c, in, sizeof in), dres };
	rc = cx_run(c, "wave_vote", &k3, sizeof k3, NWG, 64);
	cx_get(c, dres, res, sizeof res);
	check_i32(c, "asm_vote_bcnt_ctz_readlane_if_else", rc, res, wres, 256 + NL);
}

static void typed(struct cx *c)
{
	enum { NREC = 24 };
	float recs[4 * NREC], out[2 * 32], want[2 * 32];
	uint32_t s = 97;
	for (int i = 0; i < 4 * NREC; i++)
		recs[i] = cx_randf(&s, -4.0f, 4.0f);
	for (int i = 0; i < 32; i++) {
		out[2 * i] = out[2 * i + 1] = -7.0f;
		/* records past NREC: the load reads 0, the store is dropped */
		want[2 * i] = i < NREC ? recs[4 * i] + recs[4 * i + 1] : -7.0f;
		want[2 * i + 1] = i < NREC ? recs[4 * i + 2] * recs[4 * i + 3] : -7.0f;
	}
	uint64_t dout = cx_buf(c, out, sizeof out);
	struct { uint64_t recs, out; int32_t nrec; } k = { cx_in(c, recs, sizeof recs), dout, NREC };
	int rc = cx_run(c, "tbuffer_records", &k, sizeof k, 1, 32);
	cx_get(c, dout, out, sizeof out);
	check_i32(c, "asm_tbuffer_typed_records", rc, (int32_t *)out, (int32_t *)want, 64);
}

void corpus_asm_buffer(struct cx *c)
{
	if (!cx_open(c, "asm_buffer"))
		return;
	buffers(c);
	control_and_mix(c);
	typed(c);
}
