/* sgemm_loop.c — the inner loop over one LDS tile: per k-step, the thread's
 * A fragment (rows floats) and B fragment (cols floats) come from LDS and
 * rows x cols FMAs update the accumulators.
 *
 * Two register plans, chosen by `dual`:
 *   - off: virtual pools (frag_a0/1, frag_b0/1, acc rows) and a row-major
 *     outer product of single v_fmac_f32, placed by first fit (with
 *     acc-bank, B fragments from bank 0 and each accumulator row from bank
 *     acc-bank, so acc[i][j] sits acc-bank banks above B[j]);
 *   - on: the bank-aware plan of vgpr_alloc (ra_bank_alloc over the
 *     rows x cols outer product): physical accumulators, A fragments in banks
 *     2-3 and B fragments in banks 0-1 (ds_load_b64 per element pair), and
 *     the FMAs of one k-step as ordered v_dual_fmac_f32 pairs (singles only
 *     when the count is odd, with the reason recorded in the metadata).  The
 *     virtual ranges of the rest of the kernel are placed around it, since
 *     first fit skips every register an instruction names physically.
 * Either way, emit_frag_loads() is the only code that knows where fragment
 * elements sit, emit_fmas() the only code that orders FMAs, and every copy of
 * the k-step body (unrolled steps, the fast, guarded and last tiles) is the
 * same plan read from fragment set j % frag_sets.  With a-kvec (A m-major in
 * LDS, off plan only) one load brings a-kvec k-steps of an A row: emit_a_rows
 * puts row r's k-step j in register r * a-kvec + j % a-kvec of set
 * (j / a-kvec) % 2, which is where emit_fmas reads it.
 *
 * Pipelining: the loads of step j+1 go out before the FMAs of step j, so LDS
 * latency hides behind one k-step (s_waitcnt lgkmcnt(loads of one step)).
 * `unroll` k-steps per inner-loop iteration; unroll = bk is straight-line
 * code, and only then are the next tile's global loads spread between the
 * k-steps (sgpr-bases with prefetch), as the seed's kernel 8 does. */
#include <stdio.h>
#include <stdlib.h>

#include "templates/sgemm.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

/* Metadata the report reads (docs/metadata.md): FMAs of one k-step, how
 * many issue as v_dual_fmac_f32 instructions (two FMAs each) and as single
 * v_fmac_f32, and why the singles could not pair. */
static void record_pairing(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	const struct ra_bank_out *o = x->plan;
	const char *why = o ? "none" : "disabled";
	if (o)
		for (size_t i = 0; i < o->n_ops; i++)
			if (!o->ops[i].dual)
				why = o->ops[i].why == RA_SINGLE_ODD ? "odd" : "parity";
	ao_meta_int(x->k, "dual", o != NULL);
	ao_meta_int(x->k, "kstep_fmas", (long)(c->rows * c->cols));
	ao_meta_int(x->k, "kstep_vopd", o ? (long)o->n_dual : 0);
	ao_meta_int(x->k, "kstep_singles", o ? (long)o->n_single : (long)(c->rows * c->cols));
	ao_meta_str(x->k, "single_why", why);
}

int sg_loop_alloc(struct sg_ctx *x, char *err, size_t errlen)
{
	const struct sg_cfg *c = x->c;
	if (c->dual) {
		struct ra_fma *f = malloc(sizeof *f * c->rows * c->cols);
		struct ra_bank_out *o = calloc(1, sizeof *o);
		if (!f || !o) {
			free(f), free(o);
			return TPL_E_NOMEM;
		}
		size_t n = ra_bank_grid(f, c->rows, c->cols);
		/* v0 holds the work-item ids; everything above may be the plan's */
		struct ra_bank_in in = { .n_acc = c->rows * c->cols, .n_a = c->rows, .n_b = c->cols,
					 .fma = f, .n_fma = n, .base = 1, .budget = RA_VGPR_MAX - 1,
					 .frag_sets = c->frag_sets };
		struct ra_diag d;
		int rc = ra_bank_alloc(&in, o, &d);
		free(f);
		if (rc) {
			free(o);
			snprintf(err, errlen, "tm, tn, bm, bn: bank-aware plan for %u x %u accumulators per "
				 "work-item: %s", c->rows, c->cols, d.msg);
			return rc == RA_BANK_E_NOMEM ? TPL_E_NOMEM : TPL_E_ARG;
		}
		x->plan = o;
		record_pairing(x);
		return 0;
	}
	static const char *const fa[2] = { "frag_a0", "frag_a1" }, *const fb[2] = { "frag_b0", "frag_b1" };
	for (unsigned s = 0; s < c->frag_sets; s++) {
		x->v_fa[s] = ra_vreg(x->ra, fa[s], c->rows * c->a_kvec);
		x->v_fb[s] = ra_vreg(x->ra, fb[s], c->cols);
		if (c->acc_bank >= 0)   /* B[j] in bank j mod 4 */
			ra_want_bank(x->ra, (unsigned)x->v_fb[s], 0);
	}
	for (unsigned r = 0; r < c->rows; r++) {
		char name[16];
		snprintf(name, sizeof name, "acc%u", r);
		x->v_acc[r] = ra_vreg(x->ra, name, c->cols);
		if (c->acc_bank >= 0)   /* acc[r][j] in bank (acc_bank + j) mod 4 */
			ra_want_bank(x->ra, (unsigned)x->v_acc[r], (unsigned)c->acc_bank);
	}
	record_pairing(x);
	return 0;
}

void sg_loop_free(struct sg_ctx *x)
{
	if (x->plan) {
		ra_bank_free(x->plan);
		free(x->plan);
		x->plan = NULL;
	}
}

static ao_op ds_load_op(unsigned w)
{
	return w == 4 ? SG_OP(ds_load_b128) : w == 2 ? SG_OP(ds_load_b64) : SG_OP(ds_load_b32);
}

/* One operand's fragment as the plan places it.  Element e of the thread's
 * fragment (e = rep*t + i, t = tm or tn) lies at float rep*lanes*t + i of
 * the LDS row. */
struct frag_side {
	const struct ra_run *runs;
	size_t n_runs;
	unsigned t, lanes, stride;
	bool wide;            /* element pairs may be one ds_load_b64 */
	int v_rd;
};

static struct frag_side side(const struct sg_ctx *x, bool a)
{
	const struct sg_cfg *c = x->c;
	const struct ra_bank_out *o = x->plan;
	/* ds_load_b64 wants 8-byte addresses: even strides (rows, buffers, the B
	 * base after A) and an even thread tile (lane bases, element pairs) */
	bool even = c->a.stride % 2 == 0 && c->b.stride % 2 == 0;
	struct frag_side s = {
		.runs = a ? o->a_runs : o->b_runs, .n_runs = a ? o->n_a_runs : o->n_b_runs,
		.t = a ? c->tm : c->tn, .lanes = a ? c->lanes_m : c->lanes_n,
		.stride = a ? c->a.stride : c->b.stride,
		.v_rd = a ? x->v_rd_a : x->v_rd_b,
	};
	s.wide = even && s.t % 2 == 0;
	return s;
}

static unsigned side_loads(const struct frag_side *s)
{
	unsigned n = 0;
	for (size_t i = 0; i < s->n_runs; i++)
		n += s->runs[i].len == 2 && s->wide ? 1 : s->runs[i].len;
	return n;
}

static void emit_side(struct sg_ctx *x, const struct frag_side *s, unsigned kk, unsigned set)
{
	unsigned shift = set * x->plan->frag_stride;
	for (size_t i = 0; i < s->n_runs; i++) {
		const struct ra_run *r = &s->runs[i];
		unsigned w = r->len == 2 && s->wide ? 2 : 1;
		for (unsigned e = 0; e < r->len; e += w) {
			unsigned el = r->first + e;
			unsigned off = kk * s->stride + (el / s->t) * s->lanes * s->t + el % s->t;
			IM(ds_load_op(w), ao_m((int)(off * 4), 0), ao_vr(r->vgpr + e + shift, w),
			   SG_VR(x, s->v_rd));
		}
	}
}

/* The fragment loads of k-step kk: with a-kvec, A comes every a-kvec steps. */
static unsigned frag_load_count(const struct sg_ctx *x, unsigned kk)
{
	const struct sg_cfg *c = x->c;
	if (x->plan) {
		struct frag_side a = side(x, true), b = side(x, false);
		return side_loads(&a) + side_loads(&b);
	}
	unsigned a = c->a_kvec > 1 ? (kk % c->a_kvec ? 0 : c->rows) : c->rows / c->lvw;
	return a + c->cols / c->lvw;
}

/* A of k-steps kk .. kk + a-kvec - 1 from As[m][k]: one load per row of the
 * fragment, into set (kk / a-kvec) % 2; row r's k-step kk + i lands in
 * register r * a-kvec + i. */
static void emit_a_rows(struct sg_ctx *x, unsigned kk)
{
	const struct sg_cfg *c = x->c;
	unsigned w = c->a_kvec, s = kk / w % c->frag_sets;
	for (unsigned i = 0; i < c->rep_m; i++)
		for (unsigned e = 0; e < c->tm; e++) {
			unsigned r = i * c->tm + e, m = i * c->lanes_m * c->tm + e;
			IM(ds_load_op(w), ao_m((int)((m * c->a.stride + kk) * 4), 0), SG_VN(x, x->v_fa[s], r * w, w),
			   SG_VR(x, x->v_rd_a));
		}
}

/* Fragments of k-step kk (relative to the read addresses) into set s. */
static void emit_frag_loads(struct sg_ctx *x, unsigned kk, unsigned s)
{
	const struct sg_cfg *c = x->c;
	if (x->plan) {
		struct frag_side a = side(x, true), b = side(x, false);
		emit_side(x, &a, kk, s);
		emit_side(x, &b, kk, s);
		return;
	}
	unsigned w = c->lvw;
	if (c->a_kvec > 1) {
		if (kk % c->a_kvec == 0)
			emit_a_rows(x, kk);
	} else {
		for (unsigned i = 0; i < c->rep_m; i++)
			for (unsigned ch = 0; ch < c->tm / w; ch++)
				IM(ds_load_op(w), ao_m((int)((kk * c->a.stride + i * c->lanes_m * c->tm + ch * w) * 4), 0),
				   SG_VN(x, x->v_fa[s], i * c->tm + ch * w, w), SG_VR(x, x->v_rd_a));
	}
	for (unsigned j = 0; j < c->rep_n; j++)
		for (unsigned ch = 0; ch < c->tn / w; ch++)
			IM(ds_load_op(w), ao_m((int)((kk * c->b.stride + j * c->lanes_n * c->tn + ch * w) * 4), 0),
			   SG_VN(x, x->v_fb[s], j * c->tn + ch * w, w), SG_VR(x, x->v_rd_b));
}

/* Do two VGPR operands (physical, or the same virtual range) overlap? */
static bool vgpr_overlap(const struct ao_opnd *a, const struct ao_opnd *b)
{
	if (a->kind != b->kind || (a->kind != AO_K_VGPR && a->kind != AO_K_VIRT))
		return false;
	unsigned a0 = a->reg, b0 = b->reg;
	if (a->kind == AO_K_VIRT) {
		if (a->reg != b->reg)
			return false;
		a0 = a->sub, b0 = b->sub;
	}
	return a0 < b0 + b->count && b0 < a0 + a->count;
}

/* delay-alu: how many VALU instructions back (1..4) the nearest one that
 * writes one of rd[0..n) is, 0 when none is within four.  The scan stops at
 * a branch target, where the previous instruction in the list is not the
 * only one that may run before. */
static unsigned valu_dep(struct sg_ctx *x, const struct ao_opnd *rd, unsigned n)
{
	struct ao_kernel *k = x->k;
	unsigned at = ao_inst_count(k), valus = 0;
	while (at > 0 && valus < 4) {
		for (unsigned l = 0; l < ao_label_count(k); l++)
			if (ao_label_pos(k, l) == (int)at)
				return 0;
		const struct ao_inst *in = ao_inst_at(k, --at);
		const struct ao_opnd *w[AO_MAX_OPNDS];
		unsigned nw = 0;
		if (in->kind == AO_INST_VOPD) {
			w[nw++] = &in->x.o[0];
			w[nw++] = &in->y.o[0];
		} else if (in->kind == AO_INST_OP && ao_op_cls(in->op) == ISA_CLS_VALU) {
			unsigned mask = ao_inst_dst_mask(in);
			for (unsigned o = 0; o < in->n; o++)
				if (mask & (1u << o))
					w[nw++] = &in->o[o];
		} else {
			continue;
		}
		valus++;
		for (unsigned j = 0; j < nw; j++)
			for (unsigned i = 0; i < n; i++)
				if (vgpr_overlap(w[j], &rd[i]))
					return valus;
	}
	return 0;
}

/* With delay-alu, the s_delay_alu an FMA reading rd[0..n) needs. */
static void delay_for(struct sg_ctx *x, const struct ao_opnd *rd, unsigned n)
{
	unsigned dep = x->c->delay_alu ? valu_dep(x, rd, n) : 0;
	if (dep)
		ao_delay_alu(x->k, dep, 0, 0);   /* instid0(VALU_DEP_dep) */
}

/* setprio-at kstep: the seed's kernels 6-8 raise the priority after a k-step's
 * first FMA and drop it after the last (i: the FMA just emitted, of n) */
static void kstep_prio(struct sg_ctx *x, size_t i, size_t n)
{
	if (!x->c->setprio_kstep || n < 2)
		return;
	if (i == 0)
		I(SG_OP(s_setprio), ao_u32(x->c->setprio));
	if (i + 1 == n)
		I(SG_OP(s_setprio), ao_u32(0));
}

/* acc += a * b for k-step j of the unrolled steps: B from fragment set
 * j % sets, A from the set and register emit_frag_loads put it in. */
static void emit_fmas(struct sg_ctx *x, unsigned j)
{
	const struct sg_cfg *c = x->c;
	unsigned s = j % c->frag_sets, w = c->a_kvec, sa = j / w % c->frag_sets;
	if (!x->plan) {
		for (unsigned r = 0; r < c->rows; r++)
			for (unsigned q = 0; q < c->cols; q++) {
				struct ao_opnd o[3] = { sg_acc(x, r, q, 1), SG_V(x, x->v_fa[sa], r * w + j % w),
							SG_V(x, x->v_fb[s], q) };
				delay_for(x, o, 3);
				I(SG_OP(v_fmac_f32), o[0], o[1], o[2]);
				kstep_prio(x, (size_t)r * c->cols + q, (size_t)c->rows * c->cols);
			}
		return;
	}
	const struct ra_bank_out *o = x->plan;
	for (size_t i = 0; i < o->n_ops; i++) {
		struct ra_fma_op op;
		ra_bank_op_for_set(o, &o->ops[i], s, &op);
		struct ao_half hx = ra_fmac_half(&op.half[0]), hy = ra_fmac_half(&op.half[1]);
		struct ao_opnd rd[6] = { hx.o[0], hx.o[1], hx.o[2], hy.o[0], hy.o[1], hy.o[2] };
		delay_for(x, rd, op.dual ? 6 : 3);
		if (op.dual) {
			ao_vopd(x->k, &hx, &hy);
		} else {
			I(SG_OP(v_fmac_f32), hx.o[0], hx.o[1], hx.o[2]);
			ao_comment(x->k, op.why == RA_SINGLE_ODD ? "single: odd FMA count"
				   : "single: accumulator parity");
		}
		kstep_prio(x, i, o->n_ops);
	}
}

/* n k-steps, software-pipelined over the fragment sets.  loads: the global
 * loads to spread, nloads of them (0: none). */
static void emit_ksteps(struct sg_ctx *x, unsigned n, unsigned nloads)
{
	const struct sg_cfg *c = x->c;
	unsigned sets = c->frag_sets;
	unsigned done = 0;
	emit_frag_loads(x, 0, 0);
	for (unsigned j = 0; j < n; j++) {
		bool ahead = sets == 2 && j + 1 < n;
		if (ahead)
			emit_frag_loads(x, j + 1, (j + 1) % 2);
		unsigned until = nloads * (j + 1) / n;
		for (; done < until; done++)
			sg_emit_fast_load(x, done);
		unsigned nfl = ahead ? frag_load_count(x, j + 1) : 0;
		ao_waitcnt(x->k, -1, -1, nfl < 63 ? (int)nfl : 0);
		emit_fmas(x, j);
		if (sets == 1 && j + 1 < n)
			emit_frag_loads(x, j + 1, 0);
	}
}

static void emit_ksteps_prio(struct sg_ctx *x, unsigned n, unsigned nloads)
{
	/* setprio: the wave holds a higher priority while it issues FMAs, so
	 * waves of the SIMD that are about to load or wait at the barrier yield
	 * the VALU to it (and get it back before their own memory phase) */
	bool tile = x->c->setprio && !x->c->setprio_kstep;
	if (tile)
		I(SG_OP(s_setprio), ao_u32(x->c->setprio));
	emit_ksteps(x, n, nloads);
	if (tile)
		I(SG_OP(s_setprio), ao_u32(0));
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
		emit_ksteps_prio(x, c->bk, nloads);
		return;
	}
	unsigned trips = c->bk / c->unroll;
	int top = ao_label(k, NULL);
	I(SG_OP(s_mov_b32), ao_s(x->s_inner), ao_u32(trips));
	sg_tag(x, ao_inst_count(k) - 1, SG_TAG_TRIPS);
	ao_bind(k, (unsigned)top);
	unsigned first = ao_inst_count(k);
	emit_ksteps_prio(x, c->unroll, 0);
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_a), ao_u32(c->unroll * c->a.k_bytes), SG_VR(x, x->v_rd_a));
	sg_tag(x, first, SG_TAG_INNER);
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_b), ao_u32(c->unroll * c->b.k_bytes), SG_VR(x, x->v_rd_b));
	I(SG_OP(s_sub_u32), ao_s(x->s_inner), ao_s(x->s_inner), ao_int(1));
	I(SG_OP(s_cmp_lg_u32), ao_s(x->s_inner), ao_int(0));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)top));
	sg_tag(x, ao_inst_count(k) - 1, SG_TAG_INNER_END);
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_a), ao_u32(0u - c->bk * c->a.k_bytes), SG_VR(x, x->v_rd_a));
	I(SG_OP(v_add_nc_u32), SG_VR(x, x->v_rd_b), ao_u32(0u - c->bk * c->b.k_bytes), SG_VR(x, x->v_rd_b));
	ao_comment(k, "back to the tile's first k-step");
}

/* The accumulators leave the k-loop in the plan's permuted registers.  The
 * epilogue stores groups of global-vec consecutive columns of one row; when
 * every group already sits in consecutive ascending registers they are
 * stored straight, otherwise a parallel copy (fewest v_mov_b32, paired into
 * v_dual_mov_b32 where legal) puts accumulator i at acc_lo + i, through one
 * fragment register (dead after the loop) as the scratch for cycles. */
int sg_loop_writeback(struct sg_ctx *x, char *err, size_t errlen)
{
	const struct sg_cfg *c = x->c;
	const struct ra_bank_out *o = x->plan;
	if (!o)
		return 0;
	unsigned n = c->rows * c->cols, w = c->gvw, groups = n / w;
	unsigned *idx = malloc(sizeof *idx * n), *width = malloc(sizeof *width * groups);
	unsigned *want = malloc(sizeof *want * n);
	struct ra_move *mv = NULL;
	struct ra_move_op *ops = NULL;
	int rc = TPL_E_NOMEM;
	if (!idx || !width || !want)
		goto out;
	for (unsigned i = 0; i < n; i++)
		idx[i] = i, want[i] = o->acc_lo + i;
	for (unsigned g = 0; g < groups; g++)
		width[g] = w;
	rc = 0;
	if (ra_stores_straight(o->acc_vgpr, idx, width, groups))
		goto out;        /* sg_acc(r, q, w) is consecutive already */
	size_t n_mv = 0, n_cyc = 0;
	struct ra_diag d;
	if (ra_writeback(o->acc_vgpr, want, n, o->frag_lo, &mv, &n_mv, &n_cyc, &d)) {
		snprintf(err, errlen, "sgemm: accumulator write-back: %s", d.msg);
		rc = TPL_E_BUILD;
		goto out;
	}
	ops = malloc(sizeof *ops * (n_mv ? n_mv : 1));
	if (!ops) {
		rc = TPL_E_NOMEM;
		goto out;
	}
	size_t n_ops = ra_moves_dual(mv, n_mv, ops);
	unsigned first = ao_inst_count(x->k);
	for (size_t i = 0; i < n_ops; i++) {
		struct ao_half hx = { .op = SG_OP(v_mov_b32), .n = 2,
				      .o = { ao_v(ops[i].x.dst), ao_v(ops[i].x.src) } };
		if (ops[i].dual) {
			struct ao_half hy = { .op = SG_OP(v_mov_b32), .n = 2,
					      .o = { ao_v(ops[i].y.dst), ao_v(ops[i].y.src) } };
			ao_vopd(x->k, &hx, &hy);
		} else {
			I(SG_OP(v_mov_b32), hx.o[0], hx.o[1]);
		}
	}
	sg_mark(x, first, "accumulators to store order (computed write-back)");
	x->acc_stored = true;
	ao_meta_int(x->k, "writeback_moves", (long)n_mv);
out:
	free(idx), free(width), free(want), free(mv), free(ops);
	return rc;
}

/* Accumulators to zero.  With the plan, the two accumulators of each FMA
 * pair differ in parity, so their zeroing pairs too: one v_dual_mov_b32 per
 * pair (inline constant sources, checked by ra_vopd_ok all the same). */
void sg_loop_zero(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	const struct ra_bank_out *o = x->plan;
	if (!o) {
		for (unsigned r = 0; r < c->rows; r++)
			for (unsigned q = 0; q < c->cols; q++)
				I(SG_OP(v_mov_b32), sg_acc(x, r, q, 1), ao_int(0));
		return;
	}
	const struct ra_opnd zero = { RA_OPND_INLINE, 128 };   /* source code of 0 */
	for (size_t i = 0; i < o->n_ops; i++) {
		const struct ra_fma_op *op = &o->ops[i];
		struct ra_vopd_half h[2] = {
			{ .op = RA_VOPD_MOV_B32, .dst = op->half[0].dst, .src0 = zero },
			{ .op = RA_VOPD_MOV_B32, .dst = op->half[1].dst, .src0 = zero },
		};
		if (op->dual && ra_vopd_ok(&h[0], &h[1], NULL)) {
			struct ao_half hx = { .op = SG_OP(v_mov_b32), .n = 2, .o = { ao_v(h[0].dst), ao_int(0) } };
			struct ao_half hy = { .op = SG_OP(v_mov_b32), .n = 2, .o = { ao_v(h[1].dst), ao_int(0) } };
			ao_vopd(x->k, &hx, &hy);
			continue;
		}
		for (unsigned j = 0; j < (op->dual ? 2u : 1u); j++)
			I(SG_OP(v_mov_b32), ao_v(op->half[j].dst), ao_int(0));
	}
}
