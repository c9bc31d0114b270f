/* sgemm_loop.c — the inner loop over one LDS tile: per k-step, the thread's
 * A fragment (rows floats) and B fragment (cols floats) come from LDS and
 * rows x cols FMAs update the accumulators.
 *
 * Structure (what the bank-aware allocator of vgpr_alloc/banks.h replaces):
 *   - the fragments of k-step j live in fragment set j % frag_sets; the loads
 *     of step j+1 are issued before the FMAs of step j, so LDS latency hides
 *     behind one k-step of FMAs (s_waitcnt lgkmcnt(loads of one step));
 *   - emit_frag_loads() is the only place that knows the fragment layout in
 *     registers, emit_fmas() the only place that orders the FMAs: a bank-aware
 *     plan (ra_bank_alloc: physical fragment runs + v_dual_fmac pairs) plugs in
 *     by replacing these two and the accumulator ranges;
 *   - `unroll` k-steps per inner-loop iteration; unroll = bk is straight-line
 *     code, and only then are the next tile's global loads spread between the
 *     k-steps (sgpr-bases with prefetch), as the seed's kernel 8 does. */
#include <stdio.h>

#include "templates/sgemm.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

void sg_loop_alloc(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	static const char *const fa[2] = { "frag_a0", "frag_a1" }, *const fb[2] = { "frag_b0", "frag_b1" };
	for (unsigned s = 0; s < c->frag_sets; s++) {
		x->v_fa[s] = ra_vreg(x->ra, fa[s], c->rows);
		x->v_fb[s] = ra_vreg(x->ra, fb[s], c->cols);
	}
	for (unsigned r = 0; r < c->rows; r++) {
		char name[16];
		snprintf(name, sizeof name, "acc%u", r);
		x->v_acc[r] = ra_vreg(x->ra, name, c->cols);
	}
}

static ao_op ds_load_op(unsigned w)
{
	return w == 4 ? SG_OP(ds_load_b128) : w == 2 ? SG_OP(ds_load_b64) : SG_OP(ds_load_b32);
}

static unsigned frag_load_count(const struct sg_cfg *c)
{
	return (c->rows + c->cols) / c->lvw;
}

/* Fragments of k-step kk (relative to the read addresses) into set s. */
static void emit_frag_loads(struct sg_ctx *x, unsigned kk, unsigned s)
{
	const struct sg_cfg *c = x->c;
	unsigned w = c->lvw;
	for (unsigned i = 0; i < c->rep_m; i++)
		for (unsigned ch = 0; ch < c->tm / w; ch++)
			IM(ds_load_op(w), ao_m((int)((kk * c->a.stride + i * c->lanes_m * c->tm + ch * w) * 4), 0),
			   SG_VN(x, x->v_fa[s], i * c->tm + ch * w, w), SG_VR(x, x->v_rd_a));
	for (unsigned j = 0; j < c->rep_n; j++)
		for (unsigned ch = 0; ch < c->tn / w; ch++)
			IM(ds_load_op(w), ao_m((int)((kk * c->b.stride + j * c->lanes_n * c->tn + ch * w) * 4), 0),
			   SG_VN(x, x->v_fb[s], j * c->tn + ch * w, w), SG_VR(x, x->v_rd_b));
}

/* acc[r][q] += a[r] * b[q], outer product in row order. */
static void emit_fmas(struct sg_ctx *x, unsigned s)
{
	const struct sg_cfg *c = x->c;
	for (unsigned r = 0; r < c->rows; r++)
		for (unsigned q = 0; q < c->cols; q++)
			I(SG_OP(v_fmac_f32), sg_acc(x, r, q, 1), SG_V(x, x->v_fa[s], r), SG_V(x, x->v_fb[s], q));
}

/* n k-steps, software-pipelined over the fragment sets.  loads: the global
 * loads to spread, nloads of them (0: none). */
static void emit_ksteps(struct sg_ctx *x, unsigned n, unsigned nloads)
{
	const struct sg_cfg *c = x->c;
	unsigned sets = c->frag_sets, nfl = frag_load_count(c);
	unsigned done = 0;
	emit_frag_loads(x, 0, 0);
	for (unsigned j = 0; j < n; j++) {
		bool ahead = sets == 2 && j + 1 < n;
		if (ahead)
			emit_frag_loads(x, j + 1, (j + 1) % 2);
		unsigned until = nloads * (j + 1) / n;
		for (; done < until; done++)
			sg_emit_fast_load(x, done);
		ao_waitcnt(x->k, -1, -1, ahead ? (int)(nfl < 63 ? nfl : 0) : 0);
		emit_fmas(x, j % sets);
		if (sets == 1 && j + 1 < n)
			emit_frag_loads(x, j + 1, 0);
	}
}

void sg_emit_tile_compute(struct sg_ctx *x, bool with_loads)
{
	const struct sg_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	unsigned nloads = with_loads ? sg_fast_load_count(x) : 0;
	bool spread = c->prefetch && c->sgpr_bases && c->unroll == c->bk;
	if (nloads && !spread) {
		for (unsigned i = 0; i < nloads; i++)
			sg_emit_fast_load(x, i);
		nloads = 0;
	}
	if (c->unroll == c->bk) {
		emit_ksteps(x, c->bk, nloads);
		return;
	}
	unsigned trips = c->bk / c->unroll;
	int top = ao_label(k, NULL);
	I(SG_OP(s_mov_b32), ao_s(x->s_inner), ao_u32(trips));
	ao_comment(k, "sgemm: inner trip count");
	ao_bind(k, (unsigned)top);
	unsigned first = ao_inst_count(k);
	emit_ksteps(x, c->unroll, 0);
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_a), ao_u32(c->unroll * c->a.stride * 4), SG_VR(x, x->v_rd_a));
	ao_inst_at(k, first)->comment = "sgemm: inner loop";
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_b), ao_u32(c->unroll * c->b.stride * 4), SG_VR(x, x->v_rd_b));
	I(SG_OP(s_sub_u32), ao_s(x->s_inner), ao_s(x->s_inner), ao_int(1));
	I(SG_OP(s_cmp_lg_u32), ao_s(x->s_inner), ao_int(0));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)top));
	ao_comment(k, "sgemm: end of inner loop");
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_a), ao_u32(0u - c->bk * c->a.stride * 4), SG_VR(x, x->v_rd_a));
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_b), ao_u32(0u - c->bk * c->b.stride * 4), SG_VR(x, x->v_rd_b));
	ao_comment(k, "back to the tile's first k-step");
}
