/* hgemm.c — C = alpha * op(A) * op(B) + beta * C with A, B in f16 or bf16 on
 * the WMMA units (v_wmma_f32_16x16x16_{f16,bf16}), C in f32, f16 or bf16.
 *
 * First design, correct before fast: no LDS.  Each wave owns tiles-m x tiles-n
 * WMMA tiles of 16x16; per k-step of 16 every lane loads the 16 elements of
 * its fragment rows/columns with global_load_d16(_hi)_b16 straight into the
 * fragment VGPRs (A and B fragments are replicated across the half-waves, so
 * lanes l and l+16 load the same addresses), then the wave issues
 * tiles-m * tiles-n WMMAs accumulating in f32.  Edges: rows/columns past M/N
 * read the last valid row/column (their results are not stored); k past K
 * reads the last valid k and is zeroed with a per-pair mask, so any M, N, K >= 1
 * works.  beta = +-0 reads no C.  f16/bf16 outputs are rounded from the f32
 * accumulator (nearest even) after alpha/beta.
 *
 * Layouts as sgemm (rdna3run --gemm): A is MxK (N) or KxM (T) row-major with
 * lda, B is KxN (N) or NxK (T) with ldb, C is MxN with ldc.  Lane offsets are
 * 32-bit: every matrix must be below 4 GiB.
 * Kernel arguments: A, B, C, rows, cols, depth, lda, ldb, ldc, alpha, beta
 * (as sgemm-naive).  Workgroup: waves-m x waves-n waves; grid
 * ceil(N / tile_n) x ceil(M / tile_m).
 */
#include <stdio.h>

#include "templates/hgemm.h"
#include "vocab/vocab.h"

enum {
	P_LAYOUT, P_DTYPE, P_OUT, P_WAVES_M, P_WAVES_N, P_TILES_M, P_TILES_N,
	P_LDS, P_UNROLL, P_PAD, P_BUFFERS, P_PREFETCH, P_GVEC, P_LVEC, P_COUNT
};
enum { DT_F16, DT_BF16 };
enum { OUT_F32, OUT_F16, OUT_BF16 };

static const struct tpl_param params[P_COUNT] = {
	[P_LAYOUT] = { "layout", TPL_LAYOUT, VC_NN, VC_NN, VC_TT, NULL,
		       "op(A), op(B): N as stored, T transposed (A is MxK for N, KxM for T)" },
	[P_DTYPE] = { "dtype", TPL_ENUM, DT_F16, 0, 1, "f16|bf16", "element type of A and B" },
	[P_OUT] = { "out", TPL_ENUM, OUT_F32, 0, 2, "f32|f16|bf16",
		    "element type of C (accumulation is f32 in every case)" },
	[P_WAVES_M] = { "waves-m", TPL_INT, 2, 1, 8, NULL, "waves along M in the workgroup (power of two)" },
	[P_WAVES_N] = { "waves-n", TPL_INT, 2, 1, 8, NULL, "waves along N in the workgroup (power of two)" },
	[P_TILES_M] = { "tiles-m", TPL_INT, 2, 1, 4, NULL, "16x16 WMMA tiles per wave along M" },
	[P_TILES_N] = { "tiles-n", TPL_INT, 2, 1, 4, NULL, "16x16 WMMA tiles per wave along N" },
	[P_LDS] = { "lds", TPL_BOOL, 0, 0, 1, NULL,
		    "stage A and B tiles through LDS (0: each lane loads its fragments from global memory)" },
	[P_UNROLL] = { "unroll", TPL_INT, 1, 1, 4, NULL, "k-steps of 16 per LDS tile and loop iteration (lds=true; 1, 2 or 4)" },
	[P_PAD] = { "pad", TPL_INT, 0, 0, 16, NULL, "halves of padding per LDS row (lds=true; spreads fragment rows over the banks)" },
	[P_BUFFERS] = { "lds-buffers", TPL_INT, 1, 1, 2, NULL,
			"LDS buffers (lds=true; 2: the next tile is stored while the current one is read, one barrier per tile)" },
	[P_PREFETCH] = { "prefetch", TPL_INT, 0, 0, 2, NULL,
			 "tiles whose global loads are in flight during the WMMAs (lds=true; 2: two staging register sets)" },
	[P_GVEC] = { "global-vec", TPL_WIDTH, VC_B128, VC_B32, VC_B128, NULL,
		     "global load width of the tile copies (lds=true)" },
	[P_LVEC] = { "lds-vec", TPL_WIDTH, VC_B128, VC_B32, VC_B128, NULL, "LDS load width of the fragment reads (lds=true)" },
};

static const struct tpl_preset presets[] = {
	{ "h1", "waves-m=1 waves-n=1 tiles-m=1 tiles-n=1", "one wave, one WMMA tile: the smallest correct kernel" },
	{ "h2", "waves-m=2 waves-n=2 tiles-m=2 tiles-n=2", "4 waves, 2x2 tiles each: 64x64 per workgroup" },
	{ "direct", "waves-m=2 waves-n=2 tiles-m=4 tiles-n=4",
	  "no LDS: 128x128 per workgroup, each lane loads its fragments with 16-bit global loads" },
	{ "l1", "waves-m=2 waves-n=2 tiles-m=2 tiles-n=2 lds=true unroll=1 pad=0",
	  "LDS staging, 64x64x16 tiles, one buffer, no padding, no prefetch" },
	{ "l2", "waves-m=2 waves-n=2 tiles-m=4 tiles-n=4 lds=true unroll=2 pad=8",
	  "LDS staging, 128x128x32 tiles, padded rows, no prefetch" },
	{ "l3", "waves-m=2 waves-n=2 tiles-m=4 tiles-n=4 lds=true unroll=2 pad=8 prefetch=1",
	  "l2 with the next tile's global loads in flight during the WMMAs" },
	{ "l4", "waves-m=2 waves-n=2 tiles-m=4 tiles-n=4 lds=true unroll=2 pad=0 prefetch=1 lds-buffers=2",
	  "l3 unpadded with two LDS buffers (one barrier per tile; 32 KB: two workgroups per CU)" },
	{ "best", "waves-m=2 waves-n=2 tiles-m=4 tiles-n=4 lds=true unroll=1 pad=8 prefetch=2 lds-buffers=1 "
		  "global-vec=b128",
	  "this project's best by the timing model: 128x128x16 tiles, one padded 12 KB buffer, two tiles of prefetch, 128-bit loads" },
};

static unsigned log2u(unsigned x)
{
	unsigned l = 0;
	while ((1u << l) < x)
		l++;
	return l;
}

/* The build's shape from the values; returns whether it stages through LDS. */
static bool read_values(const struct tpl_values *v, struct hg *h)
{
	h->tm = (unsigned)v->v[P_TILES_M];
	h->tn = (unsigned)v->v[P_TILES_N];
	h->wm = (unsigned)v->v[P_WAVES_M];
	h->wn = (unsigned)v->v[P_WAVES_N];
	enum vc_layout lay = (enum vc_layout)v->v[P_LAYOUT];
	h->ta = lay == VC_TN || lay == VC_TT;
	h->tb = lay == VC_NT || lay == VC_TT;
	h->dtype = (unsigned)v->v[P_DTYPE];
	h->out = (unsigned)v->v[P_OUT];
	h->lds = v->v[P_LDS] != 0;
	h->unroll = (unsigned)v->v[P_UNROLL];
	h->pad = (unsigned)v->v[P_PAD];
	h->buffers = (unsigned)v->v[P_BUFFERS];
	h->prefetch = (unsigned)v->v[P_PREFETCH];
	h->gvec = vc_width_bits((enum vc_width)v->v[P_GVEC]) / 16;
	h->lvec = vc_width_bits((enum vc_width)v->v[P_LVEC]) / 16;
	return h->lds;
}

/* lds=false: the LDS parameters must keep their defaults; unroll a power of two. */
static int lds_off_check(const struct tpl_values *v, char *err, size_t errlen)
{
	static const int only_lds[] = { P_UNROLL, P_PAD, P_BUFFERS, P_PREFETCH };
	for (unsigned i = 0; i < sizeof only_lds / sizeof only_lds[0]; i++)
		if (v->v[only_lds[i]] != params[only_lds[i]].def) {
			snprintf(err, errlen, "%s=%ld needs lds=true", params[only_lds[i]].name, v->v[only_lds[i]]);
			return TPL_E_ARG;
		}
	return 0;
}

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	const int pw[2] = { P_WAVES_M, P_WAVES_N };
	for (int i = 0; i < 2; i++)
		if (v->v[pw[i]] & (v->v[pw[i]] - 1)) {
			snprintf(err, errlen, "%s: %ld is not a power of two", params[pw[i]].name, v->v[pw[i]]);
			return TPL_E_ARG;
		}
	if (v->v[P_WAVES_M] * v->v[P_WAVES_N] > 16) {
		snprintf(err, errlen, "waves-m*waves-n = %ld waves: at most 16 (512 work-items)",
			 v->v[P_WAVES_M] * v->v[P_WAVES_N]);
		return TPL_E_ARG;
	}
	/* VGPRs: fragments 8*(tm+tn), accumulators 8*tm*tn, ~16 addresses and temporaries */
	long tm = v->v[P_TILES_M], tn = v->v[P_TILES_N], vg = 8 * (tm + tn) + 8 * tm * tn + 16 + tm + tn;
	if (vg > ISA_VGPRS) {
		snprintf(err, errlen, "tiles-m*tiles-n = %ldx%ld needs about %ld VGPRs: at most %d", tm, tn, vg,
			 ISA_VGPRS);
		return TPL_E_ARG;
	}
	if (v->v[P_UNROLL] == 3) {
		snprintf(err, errlen, "unroll: 3 is not 1, 2 or 4");
		return TPL_E_ARG;
	}
	struct hg h = { 0 };
	if (!read_values(v, &h))
		return lds_off_check(v, err, errlen);
	return hg_lds_plan(&h, 32 * h.wm * h.wn, err, errlen);
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "hgemm";
	info->block_threads = (unsigned)(32 * v->v[P_WAVES_M] * v->v[P_WAVES_N]);
	info->wgid[0] = info->wgid[1] = true;
	info->workitem_ids = 0;
}

/* s_base = base + 2 * kc * step  (kc in s_t2, step an SGPR or 1) */
static void elem_base(struct hg *h, unsigned base, unsigned step_sgpr, bool unit)
{
	if (unit)
		AO_I(K_, AO_OP(s_lshl_b32), ao_s(h->s_t), ao_s(h->s_t2), ao_int(1));
	else {
		AO_I(K_, AO_OP(s_mul_i32), ao_s(h->s_t), ao_s(h->s_t2), ao_s(step_sgpr));
		AO_I(K_, AO_OP(s_lshl_b32), ao_s(h->s_t), ao_s(h->s_t), ao_int(1));
	}
	AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_base), ao_s(base), ao_s(h->s_t));
	AO_I(K_, AO_OP(s_addc_u32), ao_s(h->s_base + 1), ao_s(base + 1), ao_int(0));
}

/* One k-step of 16: load the fragments, zero k >= K, tm*tn WMMAs. */
static void kstep(struct hg *h)
{
	for (unsigned e = 0; e < 16; e++) {
		/* kc = min(k0 + e, K - 1): in range for every lane (the same k for all) */
		AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_t2), ao_s(h->s_k0), ao_int((int)e));
		AO_I(K_, AO_OP(s_min_u32), ao_s(h->s_t2), ao_s(h->s_t2), ao_s(h->s_kcnt));
		ao_op ld = e % 2 ? AO_OP(global_load_d16_hi_b16) : AO_OP(global_load_d16_b16);
		/* A element (i, k): N at i*lda + k, T at k*lda + i */
		elem_base(h, h->sA, h->sLda, !h->ta);
		for (unsigned a = 0; a < h->tm; a++)
			AO_IM(K_, ld, ao_m(0, 0), VS(h->frag_a[a], e / 2), V(h->off_a[a]), ao_sr(h->s_base, 2));
		/* B element (k, j): N at k*ldb + j, T at j*ldb + k */
		elem_base(h, h->sB, h->sLdb, h->tb);
		for (unsigned b = 0; b < h->tn; b++)
			AO_IM(K_, ld, ao_m(0, 0), VS(h->frag_b[b], e / 2), V(h->off_b[b]), ao_sr(h->s_base, 2));
	}
	ao_waitcnt(K_, 0, -1, -1);
	/* the K tail: pair p holds k0+2p (low) and k0+2p+1 (high); keep the halves below K */
	AO_I(K_, AO_OP(s_sub_u32), ao_s(h->s_t), ao_s(h->sK), ao_s(h->s_k0));
	AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(h->s_t), ao_int(16));
	int full = ao_label(K_, NULL);
	AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)full));
	for (unsigned p = 0; p < 8; p++) {
		/* mask = (2p < left ? 0xffff : 0) | (2p+1 < left ? 0xffff0000 : 0) */
		AO_I(K_, AO_OP(s_cmp_lt_u32), ao_int((int)(2 * p)), ao_s(h->s_t));
		AO_I(K_, AO_OP(s_cselect_b32), ao_s(h->s_mask), ao_u32(0xffff), ao_int(0));
		AO_I(K_, AO_OP(s_cmp_lt_u32), ao_int((int)(2 * p + 1)), ao_s(h->s_t));
		AO_I(K_, AO_OP(s_cselect_b32), ao_s(h->s_t2), ao_u32(0xffff0000u), ao_int(0));
		AO_I(K_, AO_OP(s_or_b32), ao_s(h->s_mask), ao_s(h->s_mask), ao_s(h->s_t2));
		for (unsigned a = 0; a < h->tm; a++)
			AO_I(K_, AO_OP(v_and_b32), VS(h->frag_a[a], p), ao_s(h->s_mask), VS(h->frag_a[a], p));
		for (unsigned b = 0; b < h->tn; b++)
			AO_I(K_, AO_OP(v_and_b32), VS(h->frag_b[b], p), ao_s(h->s_mask), VS(h->frag_b[b], p));
	}
	ao_bind(K_, (unsigned)full);
	ao_op mma = h->dtype == DT_BF16 ? AO_OP(v_wmma_f32_16x16x16_bf16) : AO_OP(v_wmma_f32_16x16x16_f16);
	for (unsigned a = 0; a < h->tm; a++)
		for (unsigned b = 0; b < h->tn; b++)
			AO_I(K_, mma, V(h->acc[a][b]), V(h->frag_a[a]), V(h->frag_b[b]), V(h->acc[a][b]));
}

/* Store element j of tile (a, b): row0 + 16a + 2j, column col + 16b. */
static void store_elem(struct hg *h, unsigned a, unsigned b, unsigned j)
{
	unsigned esz = h->out == OUT_F32 ? 4 : 2;
	/* row = row0 + 16a + 2j in val; col + 16b in cv */
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->val), ao_u32(16 * a + 2 * j), V(h->row0));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->cv), ao_u32(16 * b), V(h->col));
	AO_I(K_, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(h->sM), V(h->val));
	AO_I(K_, AO_OP(v_cmp_gt_u32), ao_s(h->s_t), ao_s(h->sN), V(h->cv));
	AO_I(K_, AO_OP(s_and_b32), ao_vcc(), ao_vcc(), ao_s(h->s_t));
	AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(h->s_save), ao_vcc());
	/* offc = (row*ldc + col) * esz */
	AO_I(K_, AO_OP(v_mul_lo_u32), V(h->offc), V(h->val), ao_s(h->sLdc));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->offc), V(h->offc), V(h->cv));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(h->offc), ao_int(esz == 4 ? 2 : 1), V(h->offc));
	AO_I(K_, AO_OP(v_mul_f32), V(h->val), ao_s(h->sAlpha), VS(h->acc[a][b], j));
	int skip = ao_label(K_, NULL);
	AO_I(K_, AO_OP(s_and_b32), ao_s(h->s_t), ao_s(h->sBeta), ao_u32(0x7fffffff));
	AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)skip));
	if (h->out == OUT_F32) {
		AO_IM(K_, AO_OP(global_load_b32), ao_m(0, 0), V(h->cv), V(h->offc), ao_sr(h->sC, 2));
		ao_waitcnt(K_, 0, -1, -1);
	} else {
		AO_IM(K_, AO_OP(global_load_u16), ao_m(0, 0), V(h->cv), V(h->offc), ao_sr(h->sC, 2));
		ao_waitcnt(K_, 0, -1, -1);
		if (h->out == OUT_F16)
			AO_I(K_, AO_OP(v_cvt_f32_f16), V(h->cv), V(h->cv));
		else
			AO_I(K_, AO_OP(v_lshlrev_b32), V(h->cv), ao_int(16), V(h->cv));
	}
	AO_I(K_, AO_OP(v_fmac_f32), V(h->val), ao_s(h->sBeta), V(h->cv));
	ao_bind(K_, (unsigned)skip);
	if (h->out == OUT_F32) {
		AO_IM(K_, AO_OP(global_store_b32), ao_m(0, 0), V(h->offc), V(h->val), ao_sr(h->sC, 2));
	} else {
		if (h->out == OUT_F16) {
			AO_I(K_, AO_OP(v_cvt_f16_f32), V(h->val), V(h->val));
		} else {
			/* bf16: round to nearest even (NaN inputs are not expected from finite data) */
			AO_I(K_, AO_OP(v_bfe_u32), V(h->cv), V(h->val), ao_int(16), ao_int(1));
			AO_I(K_, AO_OP(v_add3_u32), V(h->val), V(h->val), ao_u32(0x7fff), V(h->cv));
			AO_I(K_, AO_OP(v_lshrrev_b32), V(h->val), ao_int(16), V(h->val));
		}
		AO_IM(K_, AO_OP(global_store_b16), ao_m(0, 0), V(h->offc), V(h->val), ao_sr(h->sC, 2));
	}
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(h->s_save));
}

/* Per-lane setup: lane, half, the wave's first row/column, fragment offsets. */
static void setup(struct hg *h, int tid, unsigned wgx, unsigned wgy)
{
	unsigned tile_m = 16 * h->tm * h->wm, tile_n = 16 * h->tn * h->wn;
	AO_I(K_, AO_OP(v_and_b32), V(tid), ao_int(0x3ff), V(tid));
	AO_I(K_, AO_OP(v_and_b32), V(h->lane), ao_int(15), V(tid));
	AO_I(K_, AO_OP(v_bfe_u32), V(h->half), V(tid), ao_int(4), ao_int(1));
	/* wave w = tid / 32: wx = w % wn, wy = w / wn; val = wy, cv = wx */
	AO_I(K_, AO_OP(v_lshrrev_b32), V(h->val), ao_int((int)(5 + log2u(h->wn))), V(tid));
	AO_I(K_, AO_OP(v_bfe_u32), V(h->cv), V(tid), ao_int(5), ao_int((int)log2u(h->wn)));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(h->s_t), ao_s(wgy), ao_u32(tile_m));
	AO_I(K_, AO_OP(v_mul_u32_u24), V(h->val), ao_u32(16 * h->tm), V(h->val));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->val), ao_s(h->s_t), V(h->val));
	ao_comment(K_, "first row of the wave's tiles");
	AO_I(K_, AO_OP(s_mul_i32), ao_s(h->s_t), ao_s(wgx), ao_u32(tile_n));
	AO_I(K_, AO_OP(v_mul_u32_u24), V(h->cv), ao_u32(16 * h->tn), V(h->cv));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->cv), ao_s(h->s_t), V(h->cv));
	ao_comment(K_, "first column of the wave's tiles");
	/* C rows of this lane: row0 = first row + half; C column = first column + lane */
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->row0), V(h->val), V(h->half));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->col), V(h->cv), V(h->lane));
	ao_waitcnt(K_, -1, -1, 0);
	AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_mask), ao_s(h->sM), ao_int(-1));
	AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_t2), ao_s(h->sN), ao_int(-1));
	for (unsigned a = 0; a < h->tm && !h->lds; a++) {
		/* A row i = first row + 16a + lane, clamped to M-1; offset 2*i*(lda or 1) */
		AO_I(K_, AO_OP(v_add3_u32), V(h->off_a[a]), V(h->val), ao_u32(16 * a), V(h->lane));
		AO_I(K_, AO_OP(v_min_u32), V(h->off_a[a]), ao_s(h->s_mask), V(h->off_a[a]));
		if (!h->ta)
			AO_I(K_, AO_OP(v_mul_lo_u32), V(h->off_a[a]), V(h->off_a[a]), ao_s(h->sLda));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(h->off_a[a]), ao_int(1), V(h->off_a[a]));
	}
	for (unsigned b = 0; b < h->tn && !h->lds; b++) {
		/* B column j = first column + 16b + lane, clamped to N-1; offset 2*j*(1 or ldb) */
		AO_I(K_, AO_OP(v_add3_u32), V(h->off_b[b]), V(h->cv), ao_u32(16 * b), V(h->lane));
		AO_I(K_, AO_OP(v_min_u32), V(h->off_b[b]), ao_s(h->s_t2), V(h->off_b[b]));
		if (h->tb)
			AO_I(K_, AO_OP(v_mul_lo_u32), V(h->off_b[b]), V(h->off_b[b]), ao_s(h->sLdb));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(h->off_b[b]), ao_int(1), V(h->off_b[b]));
	}
	for (unsigned a = 0; a < h->tm; a++)
		for (unsigned b = 0; b < h->tn; b++)
			for (unsigned j = 0; j < 8; j++)
				AO_I(K_, AO_OP(v_mov_b32), VS(h->acc[a][b], j), ao_int(0));
}

/* The main loop without LDS: one k-step of 16 per iteration. */
static void direct_loop(struct hg *h, unsigned s_left, unsigned s_trip)
{
	AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_kcnt), ao_s(h->sK), ao_int(-1));
	ao_comment(K_, "K - 1: the last valid k");
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_trip), ao_s(h->sK), ao_int(15));
	AO_I(K_, AO_OP(s_lshr_b32), ao_s(s_trip), ao_s(s_trip), ao_int(4));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_k0), ao_int(0));
	struct ao_loop kloop;
	ao_loop_begin(K_, &kloop, s_left, ao_s(s_trip));
	kstep(h);
	AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_k0), ao_s(h->s_k0), ao_int(16));
	ao_loop_end(K_, &kloop);
}

static int build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	struct hg hh = { .k = k, .ra = ra_new() }, *h = &hh;
	if (!h->ra)
		return TPL_E_NOMEM;
	enum vc_layout lay = (enum vc_layout)v->v[P_LAYOUT];
	if (read_values(v, h) && hg_lds_plan(h, 32 * h->wm * h->wn, err, errlen)) {
		ra_free(h->ra);
		return TPL_E_ARG;
	}

	int off_ptr = ao_arg_ptr(k, "A", true);
	ao_arg_ptr(k, "B", true);
	ao_arg_ptr(k, "C", false);
	ao_arg_u32(k, "rows");
	ao_arg_u32(k, "cols");
	int off_k = ao_arg_u32(k, "depth");
	ao_arg_u32(k, "lda");
	ao_arg_u32(k, "ldb");
	ao_arg_u32(k, "ldc");
	int off_alpha = ao_arg(k, "alpha", AO_ARG_BY_VALUE, 4, 4, false);
	ao_arg(k, "beta", AO_ARG_BY_VALUE, 4, 4, false);

	unsigned wgx = (unsigned)ao_sgpr_wgid(k, 0), wgy = (unsigned)ao_sgpr_wgid(k, 1);
	h->wgx = wgx, h->wgy = wgy;
	unsigned s_ptr = (unsigned)ao_sgprs(k, 8), s_dim = (unsigned)ao_sgprs(k, 4), s_ab = (unsigned)ao_sgprs(k, 2);
	h->sA = s_ptr; h->sB = s_ptr + 2; h->sC = s_ptr + 4; h->sM = s_ptr + 6; h->sN = s_ptr + 7;
	h->sK = s_dim; h->sLda = s_dim + 1; h->sLdb = s_dim + 2; h->sLdc = s_dim + 3;
	h->sAlpha = s_ab; h->sBeta = s_ab + 1;
	h->s_base = (unsigned)ao_sgprs(k, 2);
	h->s_t = (unsigned)ao_sgprs(k, 1); h->s_t2 = (unsigned)ao_sgprs(k, 1);
	h->s_k0 = (unsigned)ao_sgprs(k, 1); h->s_kcnt = (unsigned)ao_sgprs(k, 1);
	h->s_save = (unsigned)ao_sgprs(k, 1); h->s_mask = (unsigned)ao_sgprs(k, 1);
	unsigned s_left = (unsigned)ao_sgprs(k, 1), s_trip = (unsigned)ao_sgprs(k, 1);

	int tid = ra_vreg(h->ra, "tid", 1);
	ra_pin(h->ra, (unsigned)tid, 0);
	char name[16];
	for (unsigned a = 0; a < h->tm; a++) {
		snprintf(name, sizeof name, "fa%u", a);
		h->frag_a[a] = ra_vreg(h->ra, name, 8);
		if (!h->lds)
			h->off_a[a] = ra_vreg(h->ra, "offa", 1);
	}
	for (unsigned b = 0; b < h->tn; b++) {
		snprintf(name, sizeof name, "fb%u", b);
		h->frag_b[b] = ra_vreg(h->ra, name, 8);
		if (!h->lds)
			h->off_b[b] = ra_vreg(h->ra, "offb", 1);
	}
	for (unsigned a = 0; a < h->tm; a++)
		for (unsigned b = 0; b < h->tn; b++)
			h->acc[a][b] = ra_vreg(h->ra, "acc", 8);
	h->lane = ra_vreg(h->ra, "lane", 1);
	h->half = ra_vreg(h->ra, "half", 1);
	h->row0 = ra_vreg(h->ra, "row0", 1);
	h->col = ra_vreg(h->ra, "col", 1);
	h->val = ra_vreg(h->ra, "val", 1);
	h->cv = ra_vreg(h->ra, "cv", 1);
	h->offc = ra_vreg(h->ra, "offc", 1);
	if (h->lds) {
		hg_lds_regs(h);
		ao_lds(k, h->buf_bytes * h->buffers, 16);
	}

	AO_IM(k, AO_OP(s_load_b256), ao_m(off_ptr, 0), ao_sr(s_ptr, 8), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b128), ao_m(off_k, 0), ao_sr(s_dim, 4), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b64), ao_m(off_alpha, 0), ao_sr(s_ab, 2), ao_sr(AO_SGPR_KERNARG, 2));
	setup(h, tid, wgx, wgy);
	if (h->lds)
		hg_lds_setup(h, tid);

	int epilogue = ao_label(k, "epilogue");
	AO_I(k, AO_OP(s_cmp_eq_u32), ao_s(h->sK), ao_int(0));
	AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)epilogue));
	if (h->lds)
		hg_lds_loop(h);
	else
		direct_loop(h, s_left, s_trip);

	ao_bind(k, (unsigned)epilogue);
	for (unsigned a = 0; a < h->tm; a++)
		for (unsigned b = 0; b < h->tn; b++)
			for (unsigned j = 0; j < 8; j++)
				store_elem(h, a, b, j);
	AO_I0(k, AO_OP(s_endpgm));
	if (h->lds)
		hg_lds_tail(h);

	static const char *const dtypes[] = { "f16", "bf16" }, *const outs[] = { "f32", "f16", "bf16" };
	ao_meta_int(k, "block_threads", 32 * h->wm * h->wn);
	ao_meta_int(k, "tile_m", 16 * h->tm * h->wm);
	ao_meta_int(k, "tile_n", 16 * h->tn * h->wn);
	ao_meta_str(k, "layout", vc_layout_str(lay));
	ao_meta_str(k, "dtype", dtypes[h->dtype]);
	ao_meta_str(k, "out", outs[h->out]);
	ao_meta_int(k, "guarded", 1);

	return tpl_finish(h->ra, k, err, errlen);
}

/* rdna3gen tune's search space: the wave grid and tiles per wave (the
 * workgroup tile), LDS staging or not, and, with LDS, its depth, padding,
 * buffers, prefetch and widths (the check refuses those without LDS). */
static const struct tpl_axis axes[] = {
	{ "waves-m", { "1", "2", "4" }, 0 },
	{ "waves-n", { "1", "2", "4" }, 0 },
	{ "tiles-m", { "1", "2", "4" }, 0 },
	{ "tiles-n", { "1", "2", "4" }, 0 },
	{ "lds", { "false", "true" }, 0 },
	{ "unroll", { "1", "2", "4" }, 0 },
	{ "pad", { "0", "8" }, 0 },
	{ "lds-buffers", { "1", "2" }, 0 },
	{ "prefetch", { "0", "1", "2" }, 0 },
	{ "global-vec", { "b64", "b128" }, 0 },
	{ "lds-vec", { "b64", "b128" }, 0 },
};

/* one more than a workgroup tile along M and N, two k-steps and a ragged
 * one along K */
static void check_shape(const struct tpl_values *v, uint32_t mnk[3])
{
	mnk[0] = (uint32_t)(v->v[P_WAVES_M] * v->v[P_TILES_M] * 16) + 3;
	mnk[1] = (uint32_t)(v->v[P_WAVES_N] * v->v[P_TILES_N] * 16) + 5;
	mnk[2] = 2 * 16 * (uint32_t)v->v[P_UNROLL] + 3;
}

static const char *const dims[] = { "m", "n", "k" };

static const struct tpl_space space = {
	.axes = axes,
	.naxes = sizeof axes / sizeof axes[0],
	.check_shape = check_shape,
	.dims = dims,
	.ndims = 3,
};

const struct tpl_template tpl_hgemm = {
	.name = "hgemm",
	.summary = "C = alpha*op(A)*op(B) + beta*C, A and B f16/bf16 on the WMMA units, C f32/f16/bf16",
	.params = params,
	.nparams = P_COUNT,
	.presets = presets,
	.npresets = sizeof presets / sizeof presets[0],
	.check = check,
	.build = build,
	.kernel_info = kernel_info,
	.space = &space,
};
