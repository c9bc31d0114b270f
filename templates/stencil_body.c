/* stencil_body.c — the emitters every body shares (loads, FMAs, stores, lane
 * masks, the stream of loads in flight) and the body without z-marching.
 *
 * A body streams its loads: load i is issued once load i - inflight has been
 * consumed, and each load is consumed (its values FMA'd into the points that
 * use them) as soon as it returns, in the plan's order.  Each load writes a
 * virtual range of its own that dies when it is consumed, so at most
 * `inflight` loads hold registers: the allocator reuses them.  `inflight` is
 * what the register budget leaves (stencil.c searches for it), which is how
 * launch bounds change the code: a tighter budget, fewer loads in flight.
 *
 * Two copies of each body: the fast one when every lane of the wave has all
 * its points in the interior (vector loads and stores, no masks), and the
 * guarded one for the ragged edge of the grid: one element per load, each
 * load under the mask of the lowest point that needs it, the arithmetic under
 * the mask of point 0, each store under its point's mask. */
#include <stdlib.h>

#include "templates/stencil.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

ao_op st_global_load_op(unsigned dwords)
{
	static const ao_op op[5] = { 0, AO_OP(global_load_b32), AO_OP(global_load_b64), AO_OP(global_load_b96),
				     AO_OP(global_load_b128) };
	return dwords <= 4 ? op[dwords] : 0;
}

ao_op st_global_store_op(unsigned dwords)
{
	static const ao_op op[5] = { 0, AO_OP(global_store_b32), AO_OP(global_store_b64), AO_OP(global_store_b96),
				     AO_OP(global_store_b128) };
	return dwords <= 4 ? op[dwords] : 0;
}

void st_emit_fma(struct st_ctx *x, struct ao_opnd acc, unsigned coef, struct ao_opnd val, bool first)
{
	struct ao_opnd cf = st_coef(x, coef);
	if (x->c->dtype == ST_F64) {
		if (first)
			I(AO_OP(v_mul_f64), acc, cf, val);
		else
			I(AO_OP(v_fma_f64), acc, cf, val, acc);
	} else {
		if (first)
			I(AO_OP(v_mul_f32), acc, cf, val);
		else
			I(AO_OP(v_fmac_f32), acc, cf, val);
	}
}

void st_emit_load(struct st_ctx *x, const struct st_load *ld, struct ao_opnd dst, unsigned s_base)
{
	struct ao_opnd voff = ST_VR(x, x->v_row[ld->dy - x->row_lo]);
	IM(st_global_load_op(ld->width * x->c->ew), ao_m(ld->dx * (int)x->c->esize, 0), dst, voff,
	   ao_sr(s_base, 2));
}

void st_set_exec(struct st_ctx *x, int point, int *cur)
{
	if (*cur == point)
		return;
	if (point < 0)
		I(AO_OP(s_mov_b32), ao_exec(), ao_int(-1));
	else
		I(AO_OP(s_mov_b32), ao_exec(), ao_s(x->s_mask[point]));
	*cur = point;
}

/* The f base of the plane whose u base is the pair s_ubase, into s_tmp+2. */
static unsigned f_base(struct st_ctx *x, unsigned s_ubase)
{
	unsigned fb = x->s_tmp + 2;
	st_add64(x, fb, s_ubase, x->s_fu);
	return fb;
}

void st_emit_stores(struct st_ctx *x, int v_acc, unsigned s_ubase, bool guarded, int *exec)
{
	const struct st_cfg *c = x->c;
	unsigned fl = c->nontemporal ? AO_GLC | AO_SLC | AO_DLC : 0, ew = c->ew;
	if (!guarded && c->dir == ST_DIR_X) {
		unsigned fb = f_base(x, s_ubase);
		struct ao_opnd voff = ST_VR(x, x->v_row[0 - x->row_lo]);
		for (unsigned n = 0; n < c->points; n += c->vec) {
			unsigned w = c->points - n < c->vec ? c->points - n : c->vec;
			IM(st_global_store_op(w * ew), ao_m((int)(n * c->esize), fl), voff,
			   ST_VN(x, v_acc, n * ew, w * ew), ao_sr(fb, 2));
		}
		return;
	}
	unsigned fb = 0;
	for (unsigned n = 0; n < c->points; n++) {
		unsigned dz = c->dir == ST_DIR_Z ? n : 0, dy = c->dir == ST_DIR_Y ? n : 0;
		unsigned dx = c->dir == ST_DIR_X ? n : 0;
		if (n == 0 || dz != 0)
			fb = f_base(x, s_ubase + 2 * dz);
		if (guarded)
			st_set_exec(x, (int)n, exec);
		IM(st_global_store_op(ew), ao_m((int)(dx * c->esize), fl), ST_VR(x, x->v_row[(int)dy - x->row_lo]),
		   ST_VN(x, v_acc, n * ew, ew), ao_sr(fb, 2));
	}
}

void st_stream_need(struct st_ctx *x, struct st_stream *s, unsigned i)
{
	while (s->issued < s->total && s->issued < i + x->inflight)
		s->issue(x, s->user, s->issued++);
	if (i < s->done)
		return;
	unsigned younger = s->issued - i - 1;
	if (s->lds)
		ao_waitcnt(x->k, -1, -1, (int)younger);
	else
		ao_waitcnt(x->k, (int)younger, -1, -1);
	s->done = i + 1;
}

/* ---- the body without z-marching ------------------------------------------------ */

struct block_io {
	const struct st_plan *p;
	bool guarded;
	int *vreg;      /* per load */
	int exec;       /* guarded: the mask exec holds */
};

static void block_issue(struct st_ctx *x, void *user, unsigned i)
{
	struct block_io *io = user;
	const struct st_load *ld = &io->p->load[i];
	if (io->guarded)
		st_set_exec(x, ld->first, &io->exec);
	io->vreg[i] = ra_vreg(x->ra, "u", ld->width * x->c->ew);
	st_emit_load(x, ld, ST_VR(x, io->vreg[i]), x->s_base + 2 * (unsigned)(ld->dz - x->base_dz0));
}

/* Consume the taps of one load into the points' accumulators. */
void st_consume(struct st_ctx *x, const struct st_plan *p, unsigned g, int v_acc, bool *touched,
		struct ao_opnd (*value)(struct st_ctx *x, void *user, const struct st_tap *t), void *user)
{
	const struct st_load *ld = &p->load[g];
	for (unsigned t = ld->tap0; t < ld->tap0 + ld->ntap; t++) {
		const struct st_tap *tap = &p->tap[t];
		struct ao_opnd val = value(x, user, tap);
		for (unsigned u = tap->use0; u < tap->use0 + tap->nuse; u++) {
			const struct st_use *use = &p->use[u];
			st_emit_fma(x, ST_VN(x, v_acc, use->point * x->c->ew, x->c->ew), use->coef, val,
				    !touched[use->point]);
			touched[use->point] = true;
		}
	}
}

static struct ao_opnd block_value(struct st_ctx *x, void *user, const struct st_tap *t)
{
	struct block_io *io = user;
	return ST_VN(x, io->vreg[t->load], t->elem * x->c->ew, x->c->ew);
}

static void emit_block_path(struct st_ctx *x, bool guarded)
{
	const struct st_cfg *c = x->c;
	struct st_plan *p = malloc(sizeof *p);
	int *vreg = malloc(ST_MAX_LOADS * sizeof *vreg);
	if (!p || !vreg) {
		ao_fail(x->k, "out of memory");
		free(p), free(vreg);
		return;
	}
	st_plan_block(c, guarded, p);
	int acc = ra_vreg(x->ra, "acc", c->points * c->ew);
	struct block_io io = { p, guarded, vreg, -1 };
	struct st_stream s = { .total = p->nload, .issue = block_issue, .user = &io };
	bool touched[ST_MAX_POINTS] = { false };
	for (unsigned g = 0; g < p->nload; g++) {
		st_stream_need(x, &s, g);
		if (guarded)
			st_set_exec(x, 0, &io.exec);
		st_consume(x, p, g, acc, touched, block_value, &io);
	}
	st_emit_stores(x, acc, x->s_base + 2 * (unsigned)(0 - x->base_dz0), guarded, &io.exec);
	free(p);
	free(vreg);
}

void st_emit_block(struct st_ctx *x, int l_end)
{
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	/* plane bases u0 + dz * plane for every plane the points read */
	int lo = -(int)c->r, hi = (int)c->pz - 1 + (int)c->r;
	x->s_base = st_sgprs(x, 2 * (unsigned)(hi - lo + 1));
	x->base_dz0 = lo;
	unsigned b0 = x->s_base + 2 * (unsigned)-lo;
	I(AO_OP(s_mov_b64), ao_sr(b0, 2), ao_sr(x->s_u0, 2));
	for (int dz = -1; dz >= lo; dz--) {
		unsigned b = x->s_base + 2 * (unsigned)(dz - lo);
		I(AO_OP(s_sub_u32), ao_s(b), ao_s(b + 2), ao_s(x->s_plane));
		I(AO_OP(s_subb_u32), ao_s(b + 1), ao_s(b + 3), ao_s(x->s_plane + 1));
	}
	for (int dz = 1; dz <= hi; dz++) {
		unsigned b = x->s_base + 2 * (unsigned)(dz - lo);
		st_add64(x, b, b - 2, x->s_plane);
	}
	ao_comment(k, "u base of every plane the points read");

	int l_ragged = ao_label(k, "ragged");
	I(AO_OP(s_cmp_eq_u32), ao_s(x->s_mask[0]), ao_int(0));
	I(AO_OP(s_cbranch_scc1), ao_lab((unsigned)l_end));
	ao_comment(k, "no point of this wave is interior");
	I(AO_OP(s_cmp_eq_u32), ao_s(x->s_mask[c->points - 1]), ao_exec());
	I(AO_OP(s_cbranch_scc0), ao_lab((unsigned)l_ragged));
	ao_comment(k, "some lane has a point outside the interior: the guarded copy");
	emit_block_path(x, false);
	I(AO_OP(s_branch), ao_lab((unsigned)l_end));
	ao_bind(k, (unsigned)l_ragged);
	emit_block_path(x, true);
}
