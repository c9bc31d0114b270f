/* sgemm.c — template `sgemm`: C = alpha*op(A)*op(B) + beta*C, FP32, row-major,
 * any M, N, K >= 1, runtime lda/ldb/ldc/alpha/beta.  See docs/sgemm.md.
 *
 * Kernel arguments (the same as sgemm-naive, so rdna3run finds them by name):
 * A, B (const float*), C (float*), rows (M), cols (N), depth (K), lda, ldb,
 * ldc (u32), alpha, beta (f32): 56 bytes.
 * Launch: block (threads, 1, 1), grid (ceil(N / bn), ceil(M / bm), 1);
 * recorded as .rdna3.block_threads, .rdna3.tile_m/n/k, .rdna3.layout and
 * .rdna3.guarded = 1.
 *
 * The k-tile loop (prefetch on):
 *     load tile 0 (fast or guarded) -> registers -> LDS; barrier
 *   loop:  if next >= tiles: goto last
 *          if next < fast:  compute this tile with the next tile's fast loads
 *          else:            guarded loads of the next tile, then compute
 *          wait; [barrier;] store to LDS (the other buffer if double); barrier
 *   last:  compute the last tile
 * Prefetch off: each iteration loads, stores, barriers, then computes, with a
 * second barrier before the next store when there is one LDS buffer.
 * Marker comments ("sgemm: ...") delimit the steady-state iteration for the
 * report, which counts the emitted instructions between them. */
#include <stdio.h>
#include <string.h>

#include "templates/sgemm.h"
#include "vocab/vocab.h"

#define I(...) AO_I(x->k, __VA_ARGS__)

const char *const sg_tag_text[SG_TAG_COUNT] = {
	[SG_TAG_NONE] = NULL,
	[SG_TAG_LOOP] = "sgemm: k-tile iteration",
	[SG_TAG_EDGE] = "sgemm: edge tile (guarded loads)",
	[SG_TAG_FAST] = "sgemm: full tile (fast loads)",
	[SG_TAG_END] = "sgemm: end of k-tile iteration",
	[SG_TAG_TRIPS] = "sgemm: inner trip count",
	[SG_TAG_INNER] = "sgemm: inner loop",
	[SG_TAG_INNER_END] = "sgemm: end of inner loop",
};

static void flip_buffers(struct sg_ctx *x, bool store_too_same_way)
{
	struct ao_opnd f = ao_s(x->s_flip);
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_a), f, SG_VR(x, x->v_rd_a));
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_b), f, SG_VR(x, x->v_rd_b));
	ao_op st = store_too_same_way ? SG_OP(v_add_nc_u32) : SG_OP(v_subrev_nc_u32);
	I(st, SG_VR(x, x->a.v_st), f, SG_VR(x, x->a.v_st));
	I(st, SG_VR(x, x->b.v_st), f, SG_VR(x, x->b.v_st));
	I(SG_OP(s_sub_i32), f, ao_int(0), f);
	ao_comment(x->k, "swap LDS buffers");
}

/* Loads of the tile s_next: fast or guarded, by a scalar branch. */
static void emit_load_either(struct sg_ctx *x)
{
	struct ao_kernel *k = x->k;
	int l_fast = ao_label(k, NULL), l_join = ao_label(k, NULL);
	I(SG_OP(s_cmp_lt_u32), ao_s(x->s_next), ao_s(x->s_fast));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)l_fast));
	unsigned edge = ao_inst_count(k);
	sg_emit_guarded_loads(x);
	I(SG_OP(s_branch), ao_lab((unsigned)l_join));
	ao_bind(k, (unsigned)l_fast);
	unsigned fast = ao_inst_count(k);
	for (unsigned i = 0; i < sg_fast_load_count(x); i++)
		sg_emit_fast_load(x, i);
	ao_bind(k, (unsigned)l_join);
	x->body_lo = edge, x->body_hi = fast;
}

static void store_and_sync(struct sg_ctx *x)
{
	ao_waitcnt(x->k, 0, -1, -1);
	sg_emit_lds_store(x);
	ao_waitcnt(x->k, -1, -1, 0);
	AO_I0(x->k, SG_OP(s_barrier));
}

static void emit_kloop_prefetch(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	int l_loop = ao_label(k, "ktile"), l_last = ao_label(k, "ktile_last");
	int l_fast = ao_label(k, "ktile_fast"), l_join = ao_label(k, "ktile_join");

	I(SG_OP(s_mov_b32), ao_s(x->s_next), ao_int(0));
	emit_load_either(x);
	sg_emit_advance(x);
	store_and_sync(x);
	if (c->buffers == 2) {
		I(SG_OP(v_add_nc_u32), SG_VR(x, x->a.v_st), ao_s(x->s_flip), SG_VR(x, x->a.v_st));
		I(SG_OP(v_add_nc_u32), SG_VR(x, x->b.v_st), ao_s(x->s_flip), SG_VR(x, x->b.v_st));
		ao_comment(k, "stores go to the other buffer");
	}
	I(SG_OP(s_mov_b32), ao_s(x->s_next), ao_int(1));

	ao_bind(k, (unsigned)l_loop);
	unsigned lo = ao_inst_count(k);
	I(SG_OP(s_cmp_ge_u32), ao_s(x->s_next), ao_s(x->s_tiles));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)l_last));
	I(SG_OP(s_cmp_lt_u32), ao_s(x->s_next), ao_s(x->s_fast));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)l_fast));
	unsigned edge = ao_inst_count(k);
	sg_emit_guarded_loads(x);
	sg_emit_tile_compute(x, false);
	I(SG_OP(s_branch), ao_lab((unsigned)l_join));
	ao_bind(k, (unsigned)l_fast);
	unsigned fast = ao_inst_count(k);
	sg_emit_tile_compute(x, true);
	ao_bind(k, (unsigned)l_join);
	sg_emit_advance(x);
	ao_waitcnt(k, 0, -1, -1);
	if (c->buffers == 1)
		AO_I0(k, SG_OP(s_barrier));
	sg_emit_lds_store(x);
	ao_waitcnt(k, -1, -1, 0);
	AO_I0(k, SG_OP(s_barrier));
	if (c->buffers == 2)
		flip_buffers(x, false);
	I(SG_OP(s_add_u32), ao_s(x->s_next), ao_s(x->s_next), ao_int(1));
	I(SG_OP(s_branch), ao_lab((unsigned)l_loop));
	unsigned hi = ao_inst_count(k);
	sg_tag(x, lo, SG_TAG_LOOP);
	sg_tag(x, edge, SG_TAG_EDGE);
	sg_tag(x, fast, SG_TAG_FAST);
	sg_tag(x, hi - 1, SG_TAG_END);

	ao_bind(k, (unsigned)l_last);
	sg_emit_tile_compute(x, false);
}

static void emit_kloop_plain(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	int l_loop = ao_label(k, "ktile");
	I(SG_OP(s_mov_b32), ao_s(x->s_next), ao_int(0));
	ao_bind(k, (unsigned)l_loop);
	unsigned lo = ao_inst_count(k);
	emit_load_either(x);
	sg_emit_advance(x);
	store_and_sync(x);
	sg_emit_tile_compute(x, false);
	if (c->buffers == 1)
		AO_I0(k, SG_OP(s_barrier));
	else
		flip_buffers(x, true);
	I(SG_OP(s_add_u32), ao_s(x->s_next), ao_s(x->s_next), ao_int(1));
	I(SG_OP(s_cmp_lt_u32), ao_s(x->s_next), ao_s(x->s_tiles));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)l_loop));
	unsigned hi = ao_inst_count(k);
	sg_tag(x, lo, SG_TAG_LOOP);
	sg_tag(x, x->body_lo, SG_TAG_EDGE);
	sg_tag(x, x->body_hi, SG_TAG_FAST);
	sg_tag(x, hi - 1, SG_TAG_END);
}

int sg_build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	struct sg_cfg c;
	int rc = sg_derive(v, &c, err, errlen);
	if (rc)
		return rc;
	struct sg_ctx ctx, *x = &ctx;
	memset(x, 0, sizeof *x);
	x->c = &c;
	x->k = k;
	x->ra = ra_new();
	if (!x->ra)
		return TPL_E_NOMEM;

	ao_arg_ptr(k, "A", true);
	ao_arg_ptr(k, "B", true);
	ao_arg_ptr(k, "C", false);
	ao_arg_u32(k, "rows");    /* M (LLVM 19 refuses the argument name N) */
	ao_arg_u32(k, "cols");    /* N */
	ao_arg_u32(k, "depth");   /* K */
	ao_arg_u32(k, "lda");
	ao_arg_u32(k, "ldb");
	ao_arg_u32(k, "ldc");
	ao_arg_f32(k, "alpha");
	ao_arg_f32(k, "beta");
	ao_lds(k, c.lds_bytes, 16);

	x->v_tid = ra_vreg(x->ra, "tid", 1);
	ra_pin(x->ra, (unsigned)x->v_tid, 0);
	x->v_tmp = ra_vreg(x->ra, "tmp", 4);
	x->v_row_thr = ra_vreg(x->ra, "row_thr", 1);
	x->v_col_thr = ra_vreg(x->ra, "col_thr", 1);
	x->v_rd_a = ra_vreg(x->ra, "lds_rd_a", 1);
	x->v_rd_b = ra_vreg(x->ra, "lds_rd_b", 1);
	x->v_c_off = ra_vreg(x->ra, "c_off", 1);
	x->v_crow = ra_vreg(x->ra, "c_row", c.cols);
	sg_copy_alloc(x);
	rc = sg_loop_alloc(x, err, errlen);
	if (rc) {
		ra_free(x->ra);
		return rc;
	}

	sg_emit_setup(x);
	sg_loop_zero(x);
	if (c.prefetch)
		emit_kloop_prefetch(x);
	else
		emit_kloop_plain(x);
	rc = sg_loop_writeback(x, err, errlen);
	if (rc) {
		sg_loop_free(x);
		ra_free(x->ra);
		return rc;
	}
	sg_emit_epilogue(x);

	ao_meta_int(k, "block_threads", c.threads);
	ao_meta_int(k, "tile_m", c.bm);
	ao_meta_int(k, "tile_n", c.bn);
	ao_meta_int(k, "tile_k", c.bk);
	ao_meta_str(k, "layout", vc_layout_str((enum vc_layout)((c.ta ? 2 : 0) + (c.tb ? 1 : 0))));
	ao_meta_str(k, "dtype", "f32"); /* rdna3run --gemm --dtype f16 is then refused, not run */
	ao_meta_str(k, "out", "f32");
	ao_meta_int(k, "guarded", 1);

	rc = 0;
	unsigned needed = 0;
	if (x->sgprs_short) {
		snprintf(err, errlen, "sgpr-bases, walk: the kernel needs more than %u SGPRs (%u + %u "
			 "global loads per tile%s)", ISA_SGPRS, c.a.slots, c.b.slots,
			 c.sgpr_bases ? ", two SGPRs each with sgpr-bases" : "");
		rc = TPL_E_ARG;
	} else if (!ao_error(k)) {   /* a builder error is reported by tpl_build */
		int arc = ra_allocate(x->ra, k, RA_VGPR_MAX, &needed, err, errlen);
		if (arc == RA_E_LIMIT) {
			snprintf(err, errlen, "tm, tn, bm, bn: the kernel needs %u VGPRs, at most %u "
				 "(%u accumulators, %u fragment registers)", needed, RA_VGPR_MAX,
				 c.rows * c.cols, c.frag_sets * (c.rows + c.cols));
			rc = TPL_E_ARG;
		} else if (arc) {
			rc = TPL_E_BUILD;
		}
		struct ra_fuse_stats fs;
		if (!rc && c.vopd_fuse && ra_fuse_fmac(k, &fs))
			rc = TPL_E_BUILD;
	}
	sg_loop_free(x);
	ra_free(x->ra);
	return rc;
}
