/* stencil_zmarch.c — z-marching (2.5-D blocking): each work-item walks its
 * columns along z, from z0 for zlen planes (fewer at the grid's end).
 *
 * The z-neighbours of a column live in a ring of registers: slot i holds
 * plane k - r + i of every own column (one virtual range of points * ew
 * registers per slot).  At an iteration of u steps starting at plane k,
 * slots 0 .. 2r-1 hold planes k-r .. k+r-1; step s loads plane k+s+r into
 * slot 2r+s and reads planes k+s-r .. k+s+r from slots s .. s+2r.  After the
 * u steps, 2r moves bring the last 2r planes back to slots 0 .. 2r-1.  The
 * main loop takes `unroll` steps per iteration, a second loop the rest one at
 * a time.  So every value of u is loaded from memory once per column
 * (plus the block's in-plane halo), whatever the plane size: the planes the
 * stencil reuses no longer have to stay in the last-level cache.
 *
 * regs: the in-plane neighbours (dz = 0, not own columns) are global loads,
 * streamed like the body without z-marching (stencil_body.c); each step's
 * loads go out with up to `inflight` loads of the later steps.
 *
 * lds: the block's plane with its halo (hx * hy elements) is brought into LDS
 * by the whole workgroup, coop loads per work-item (element t + q*threads of
 * the plane, row-major), one plane per step, into a ring of r + 2 planes: at
 * step k the plane k+r is stored, and after one barrier the work-items read
 * plane k's in-plane neighbours and their own columns' plane k+r from LDS.
 * The plane k+r+1 is loaded from global memory right after the barrier, so
 * its latency hides behind the step's arithmetic.  The ring has r + 2 planes
 * so that one barrier per step suffices: the slot written at step k was last
 * read at step k-2, before the barrier of step k-1. */
#include <stdlib.h>

#include "templates/stencil.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

#define RING (2 * ST_MAX_RADIUS + ST_MAX_UNROLL)

/* The workgroup's LDS plumbing (lds), shared by both paths. */
struct coop {
	int v_goff[ST_MAX_COOP];        /* byte offset of element q in the plane (global) */
	unsigned s_mask[ST_MAX_COOP];   /* lanes whose element q is in the grid */
	int v_st;                       /* LDS byte address of element 0 of the lane */
	int v_lds;                      /* LDS byte address of the lane's (col - r, row - r) */
	unsigned s_slot_k, s_slot_kr;   /* LDS byte offsets of plane k's and plane k+r's slots */
};

/* One path's registers and state. */
struct walk {
	struct st_ctx *x;
	struct coop *co;                /* lds, else NULL */
	bool guarded;
	struct st_plan *step, *prime;
	int win[RING];
	int acc;
	int data[ST_MAX_COOP];          /* lds: the plane k+r on its way to LDS */
	int exec;                       /* guarded: the mask exec holds */
	unsigned s_walk;                /* u base of plane k (64-bit) */
	unsigned cur_step;              /* step s of the body being emitted */
	int *vreg;                      /* per load of the body: its range */
	int v_rd_k, v_rd_kr;            /* lds: read addresses of this step */
};

/* b[j] = plane (k + from + j) for j < count: x->s_base pairs. */
static void set_bases(struct st_ctx *x, unsigned s_walk, int from, unsigned count)
{
	unsigned b = x->s_base, p = x->s_plane;
	I(AO_OP(s_mov_b64), ao_sr(b, 2), ao_sr(s_walk, 2));
	for (int i = 0; i < -from; i++) {
		I(AO_OP(s_sub_u32), ao_s(b), ao_s(b), ao_s(p));
		I(AO_OP(s_subb_u32), ao_s(b + 1), ao_s(b + 1), ao_s(p + 1));
	}
	for (unsigned j = 1; j < count; j++)
		st_add64(x, b + 2 * j, b + 2 * (j - 1), p);
}

static unsigned base(const struct st_ctx *x, unsigned j) { return x->s_base + 2 * j; }

/* ---- lds: the plane's loads and stores ----------------------------------------- */

/* Per coop slot q: the element's global offset and lane mask; the lane's LDS
 * addresses.  Element e = tid + q*threads of the plane sits at row e / hx
 * (a multiply by the reciprocal, exact for these e: st_derive checks it),
 * column e % hx. */
static void coop_setup(struct st_ctx *x, struct coop *co)
{
	const struct st_cfg *c = x->c;
	unsigned nx = x->s_args + 4, ny = nx + 1, le = tpl_log2(c->esize), r = c->r;
	unsigned s0 = x->s_tmp, s1 = x->s_tmp + 1;
	uint32_t magic = (uint32_t)(((1ull << 32) + c->hx - 1) / c->hx);
	struct ao_opnd tid = ST_VR(x, x->v_tid), e = ST_V(x, x->v_tmp, 0), t = ST_V(x, x->v_tmp, 1);
	int v_row = ra_vreg(x->ra, "coop_row", 1), v_col = ra_vreg(x->ra, "coop_col", 1);
	I(AO_OP(s_sub_u32), ao_s(s0), ao_s(x->s_x0), ao_u32(r));
	I(AO_OP(s_sub_u32), ao_s(s1), ao_s(x->s_y0), ao_u32(r));
	for (unsigned q = 0; q < c->coop; q++) {
		co->v_goff[q] = ra_vreg(x->ra, "coop_off", 1);
		co->s_mask[q] = st_sgprs(x, 1);
		I(AO_OP(v_add_nc_u32), e, ao_u32(q * c->threads), tid);
		I(AO_OP(v_mul_hi_u32), ST_VR(x, v_row), e, ao_u32(magic));
		I(AO_OP(v_mul_u32_u24), t, ao_u32(c->hx), ST_VR(x, v_row));
		I(AO_OP(v_sub_nc_u32), ST_VR(x, v_col), e, t);
		ao_comment(x->k, "plane element e = tid + q*threads: row e / hx, column e % hx");
		I(AO_OP(v_cmp_gt_u32), ao_s(co->s_mask[q]), ao_u32(c->hx * c->hy), e);
		I(AO_OP(v_add_nc_u32), t, ao_s(s0), ST_VR(x, v_col));
		I(AO_OP(v_cmp_gt_u32), ao_s(x->s_tmp + 2), ao_s(nx), t);
		I(AO_OP(s_and_b32), ao_s(co->s_mask[q]), ao_s(co->s_mask[q]), ao_s(x->s_tmp + 2));
		I(AO_OP(v_add_nc_u32), t, ao_s(s1), ST_VR(x, v_row));
		I(AO_OP(v_cmp_gt_u32), ao_s(x->s_tmp + 2), ao_s(ny), t);
		I(AO_OP(s_and_b32), ao_s(co->s_mask[q]), ao_s(co->s_mask[q]), ao_s(x->s_tmp + 2));
		ao_comment(x->k, "element q is in the plane and inside the grid");
		I(AO_OP(v_mul_lo_u32), t, ST_VR(x, v_row), ao_s(nx));
		I(AO_OP(v_add_nc_u32), t, t, ST_VR(x, v_col));
		I(AO_OP(v_lshlrev_b32), ST_VR(x, co->v_goff[q]), ao_int((int)le), t);
	}
	co->v_st = ra_vreg(x->ra, "lds_st", 1);
	I(AO_OP(v_lshlrev_b32), ST_VR(x, co->v_st), ao_int((int)le), tid);
	co->v_lds = ra_vreg(x->ra, "lds_lane", 1);
	I(AO_OP(v_mul_u32_u24), t, ao_u32(c->hx), ST_VR(x, x->v_rowb));
	I(AO_OP(v_add_nc_u32), t, t, ST_VR(x, x->v_col));
	I(AO_OP(v_lshlrev_b32), ST_VR(x, co->v_lds), ao_int((int)le), t);
	ao_comment(x->k, "LDS address of the lane's halo corner");
	co->s_slot_k = st_sgprs(x, 1);
	co->s_slot_kr = st_sgprs(x, 1);
}

static ao_op ds_load_op(unsigned ew) { return ew == 2 ? AO_OP(ds_load_b64) : AO_OP(ds_load_b32); }
static ao_op ds_store_op(unsigned ew) { return ew == 2 ? AO_OP(ds_store_b64) : AO_OP(ds_store_b32); }

/* Global loads of the plane whose u base is s_b into w->data, each under its mask. */
static void coop_load(struct walk *w, unsigned s_b)
{
	struct st_ctx *x = w->x;
	for (unsigned q = 0; q < x->c->coop; q++) {
		I(AO_OP(s_mov_b32), ao_exec(), ao_s(w->co->s_mask[q]));
		IM(st_global_load_op(x->c->ew), ao_m(0, 0), ST_VR(x, w->data[q]), ST_VR(x, w->co->v_goff[q]),
		   ao_sr(s_b, 2));
	}
	w->exec = -2;
}

/* w->data into the LDS slot at v_addr + offset (bytes). */
static void coop_store(struct walk *w, struct ao_opnd v_addr, unsigned offset)
{
	struct st_ctx *x = w->x;
	for (unsigned q = 0; q < x->c->coop; q++) {
		I(AO_OP(s_mov_b32), ao_exec(), ao_s(w->co->s_mask[q]));
		IM(ds_store_op(x->c->ew), ao_m((int)(offset + q * x->c->threads * x->c->esize), 0), v_addr,
		   ST_VR(x, w->data[q]));
	}
	w->exec = -2;
}

/* ---- the loads of a body --------------------------------------------------------- */

/* In-flight limit of loads whose registers are reserved anyway (the
 * window's priming): wait only so that vmcnt does not overflow. */
static void prime_window(struct walk *w)
{
	struct st_ctx *x = w->x;
	const struct st_plan *p = w->prime;
	for (unsigned g = 0; g < p->nload; g++) {
		const struct st_load *ld = &p->load[g];
		if (g >= ST_MAX_INFLIGHT)
			ao_waitcnt(x->k, ST_MAX_INFLIGHT - 1, -1, -1);
		if (w->guarded)
			st_set_exec(x, ld->first, &w->exec);
		struct ao_opnd dst = ST_VN(x, w->win[ld->dz + (int)x->c->r], (unsigned)ld->col * x->c->ew,
					   ld->width * x->c->ew);
		st_emit_load(x, ld, dst, base(x, (unsigned)(ld->dz + (int)x->c->r)));
	}
}

static struct ao_opnd step_dst(struct walk *w, unsigned s, const struct st_load *ld, unsigned i)
{
	struct st_ctx *x = w->x;
	unsigned ew = x->c->ew;
	if (ld->col >= 0)   /* the window fill of plane +r */
		return ST_VN(x, w->win[s + 2 * x->c->r], (unsigned)ld->col * ew, ld->width * ew);
	w->vreg[i] = ra_vreg(x->ra, "u", ld->width * ew);
	return ST_VR(x, w->vreg[i]);
}

static void regs_issue(struct st_ctx *x, void *user, unsigned i)
{
	struct walk *w = user;
	unsigned n = w->step->nload, s = i / n;
	const struct st_load *ld = &w->step->load[i % n];
	if (w->guarded)
		st_set_exec(x, ld->first, &w->exec);
	st_emit_load(x, ld, step_dst(w, s, ld, i), base(x, s + (unsigned)ld->dz));
}

/* LDS: in-plane taps from plane k's slot, the fill from plane k+r's. */
static void lds_issue(struct st_ctx *x, void *user, unsigned i)
{
	struct walk *w = user;
	const struct st_cfg *c = x->c;
	const struct st_load *ld = &w->step->load[i % w->step->nload];
	int r = (int)c->r;
	unsigned off = (unsigned)(((r + ld->dy) * (int)c->hx + r + ld->dx) * (int)c->esize);
	int addr = ld->dz ? w->v_rd_kr : w->v_rd_k;
	IM(ds_load_op(c->ew), ao_m((int)off, 0), step_dst(w, w->cur_step, ld, i), ST_VR(x, addr));
}

static struct ao_opnd step_value(struct st_ctx *x, void *user, const struct st_tap *t)
{
	struct walk *w = user;
	unsigned ew = x->c->ew, s = w->cur_step, r = x->c->r;
	if (t->col >= 0)   /* a window entry or the fill: the ring */
		return ST_VN(x, w->win[(int)(s + r) + t->dz], (unsigned)t->col * ew, ew);
	unsigned i = w->co ? (unsigned)t->load : s * w->step->nload + (unsigned)t->load;
	return ST_VN(x, w->vreg[i], t->elem * ew, ew);
}

/* The terms of step s: the window's first (their values are there), then
 * the step's loads as they return. */
static void step_compute(struct walk *w, struct st_stream *st, unsigned s, unsigned first_load)
{
	struct st_ctx *x = w->x;
	const struct st_plan *p = w->step;
	bool touched[ST_MAX_POINTS] = { false };
	w->cur_step = s;
	if (w->guarded)
		st_set_exec(x, 0, &w->exec);
	for (unsigned t = 0; t < p->ntap; t++) {
		const struct st_tap *tap = &p->tap[t];
		if (!tap->window)
			continue;
		struct ao_opnd val = step_value(x, w, tap);
		for (unsigned u = tap->use0; u < tap->use0 + tap->nuse; u++) {
			const struct st_use *use = &p->use[u];
			st_emit_fma(x, ST_VN(x, w->acc, use->point * x->c->ew, x->c->ew), use->coef, val,
				    !touched[use->point]);
			touched[use->point] = true;
		}
	}
	for (unsigned g = 0; g < p->nload; g++) {
		st_stream_need(x, st, first_load + g);
		if (w->guarded)
			st_set_exec(x, 0, &w->exec);
		st_consume(x, p, g, w->acc, touched, step_value, w);
	}
}

/* After u steps: slots u .. u+2r-1 back to 0 .. 2r-1 (ascending: a slot is
 * overwritten only after it was read). */
static void rotate(struct walk *w, unsigned u)
{
	struct st_ctx *x = w->x;
	const struct st_cfg *c = x->c;
	if (w->guarded)
		st_set_exec(x, 0, &w->exec);
	for (unsigned i = 0; i < 2 * c->r; i++)
		for (unsigned q = 0; q < c->points * c->ew; q++)
			I(AO_OP(v_mov_b32), ST_V(x, w->win[i], q), ST_V(x, w->win[i + u], q));
	ao_comment(x->k, "the window moves on by the iteration's planes");
}

/* ---- bodies ---------------------------------------------------------------------- */

static void body_regs(struct walk *w, unsigned u)
{
	struct st_ctx *x = w->x;
	const struct st_cfg *c = x->c;
	unsigned n = w->step->nload;
	set_bases(x, w->s_walk, 0, u + c->r);
	struct st_stream st = { .total = u * n, .issue = regs_issue, .user = w };
	for (unsigned s = 0; s < u; s++) {
		step_compute(w, &st, s, s * n);
		st_emit_stores(x, w->acc, base(x, s), w->guarded, &w->exec);
	}
	rotate(w, u);
	I(AO_OP(s_mov_b64), ao_sr(w->s_walk, 2), ao_sr(base(x, u), 2));
}

/* s_slot += plane bytes, modulo the ring. */
static void next_slot(struct st_ctx *x, unsigned s_slot)
{
	const struct st_cfg *c = x->c;
	I(AO_OP(s_add_u32), ao_s(s_slot), ao_s(s_slot), ao_u32(c->plane_bytes));
	I(AO_OP(s_cmp_eq_u32), ao_s(s_slot), ao_u32(c->lds_bytes));
	I(AO_OP(s_cselect_b32), ao_s(s_slot), ao_int(0), ao_s(s_slot));
}

static void body_lds(struct walk *w, unsigned u)
{
	struct st_ctx *x = w->x;
	const struct st_cfg *c = x->c;
	struct coop *co = w->co;
	struct ao_kernel *k = x->k;
	unsigned n = w->step->nload;
	set_bases(x, w->s_walk, 0, u + c->r + 1);
	struct ao_opnd tv = ST_V(x, x->v_tmp, 0);
	for (unsigned s = 0; s < u; s++) {
		ao_waitcnt(k, 0, -1, -1);
		st_set_exec(x, -1, &w->exec);   /* every lane: the addresses below are per lane */
		I(AO_OP(v_add_nc_u32), tv, ao_s(co->s_slot_kr), ST_VR(x, co->v_st));
		coop_store(w, tv, 0);
		ao_comment(k, "plane k+r into its LDS slot");
		ao_waitcnt(k, -1, -1, 0);
		AO_I0(k, AO_OP(s_barrier));
		int l_skip = ao_label(k, "last_plane");
		if (s == u - 1) {   /* the last step of the walk loads nothing more */
			I(AO_OP(s_cmp_le_u32), ao_s(x->s_steps), ao_u32(u));
			I(AO_OP(s_cbranch_scc1), ao_lab((unsigned)l_skip));
		}
		coop_load(w, base(x, s + c->r + 1));
		ao_comment(k, "plane k+r+1 from memory while this step computes");
		ao_bind(k, (unsigned)l_skip);
		st_set_exec(x, -1, &w->exec);
		I(AO_OP(v_add_nc_u32), ST_VR(x, w->v_rd_k), ao_s(co->s_slot_k), ST_VR(x, co->v_lds));
		I(AO_OP(v_add_nc_u32), ST_VR(x, w->v_rd_kr), ao_s(co->s_slot_kr), ST_VR(x, co->v_lds));
		w->cur_step = s;
		struct st_stream st = { .total = n, .issue = lds_issue, .user = w, .lds = true };
		step_compute(w, &st, s, 0);
		st_emit_stores(x, w->acc, base(x, s), w->guarded, &w->exec);
		next_slot(x, co->s_slot_k);
		next_slot(x, co->s_slot_kr);
	}
	rotate(w, u);
	I(AO_OP(s_mov_b64), ao_sr(w->s_walk, 2), ao_sr(base(x, u), 2));
}

/* lds: planes z0 .. z0+r-1 into slots 0 .. r-1, plane z0+r into w->data. */
static void prime_lds(struct walk *w)
{
	struct st_ctx *x = w->x;
	const struct st_cfg *c = x->c;
	for (unsigned j = 0; j < c->r; j++) {
		coop_load(w, base(x, c->r + j));
		ao_waitcnt(x->k, 0, -1, -1);
		coop_store(w, ST_VR(x, w->co->v_st), j * c->plane_bytes);
		ao_waitcnt(x->k, -1, -1, 0);
	}
	coop_load(w, base(x, 2 * c->r));
	I(AO_OP(s_mov_b32), ao_s(w->co->s_slot_k), ao_int(0));
	I(AO_OP(s_mov_b32), ao_s(w->co->s_slot_kr), ao_u32(c->r * c->plane_bytes));
}

static void walk_path(struct walk *w, int l_end)
{
	struct st_ctx *x = w->x;
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	for (unsigned i = 0; i < 2 * c->r + c->unroll; i++)
		w->win[i] = ra_vreg(x->ra, "window", c->points * c->ew);
	w->acc = ra_vreg(x->ra, "acc", c->points * c->ew);
	if (w->co) {
		for (unsigned q = 0; q < c->coop; q++)
			w->data[q] = ra_vreg(x->ra, "plane", c->ew);
		w->v_rd_k = ra_vreg(x->ra, "lds_k", 1);
		w->v_rd_kr = ra_vreg(x->ra, "lds_kr", 1);
	}
	I(AO_OP(s_mov_b64), ao_sr(w->s_walk, 2), ao_sr(x->s_u0, 2));
	I(AO_OP(s_sub_u32), ao_s(x->s_steps), ao_s(x->s_khi), ao_s(x->s_z0));
	I(AO_OP(s_min_u32), ao_s(x->s_steps), ao_s(x->s_steps), ao_u32(c->zlen));
	ao_comment(k, "planes this workgroup walks");
	set_bases(x, w->s_walk, -(int)c->r, 2 * c->r + 1);
	prime_window(w);
	if (w->co)
		prime_lds(w);
	ao_waitcnt(k, 0, -1, -1);
	ao_comment(k, "the window holds planes z0-r .. z0+r-1");
	void (*body)(struct walk *, unsigned) = w->co ? body_lds : body_regs;
	if (c->unroll > 1) {
		int l_main = ao_label(k, "zmain"), l_rest = ao_label(k, "zrest");
		ao_bind(k, (unsigned)l_main);
		w->exec = -2;   /* a loop top: reached with whatever mask the code before or the last iteration left */
		I(AO_OP(s_cmp_lt_u32), ao_s(x->s_steps), ao_u32(c->unroll));
		I(AO_OP(s_cbranch_scc1), ao_lab((unsigned)l_rest));
		body(w, c->unroll);
		I(AO_OP(s_sub_u32), ao_s(x->s_steps), ao_s(x->s_steps), ao_u32(c->unroll));
		I(AO_OP(s_branch), ao_lab((unsigned)l_main));
		ao_bind(k, (unsigned)l_rest);
	}
	int l_one = ao_label(k, "zstep");
	ao_bind(k, (unsigned)l_one);
	w->exec = -2;
	I(AO_OP(s_cmp_eq_u32), ao_s(x->s_steps), ao_int(0));
	I(AO_OP(s_cbranch_scc1), ao_lab((unsigned)l_end));
	body(w, 1);
	I(AO_OP(s_sub_u32), ao_s(x->s_steps), ao_s(x->s_steps), ao_int(1));
	I(AO_OP(s_branch), ao_lab((unsigned)l_one));
}

void st_emit_zmarch(struct st_ctx *x, int l_end)
{
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	struct st_plan *plans = malloc(4 * sizeof *plans);
	int *vreg = malloc(ST_MAX_LOADS * ST_MAX_UNROLL * sizeof *vreg);
	struct coop *co = c->zm == ST_ZM_LDS ? calloc(1, sizeof *co) : NULL;
	if (!plans || !vreg || (c->zm == ST_ZM_LDS && !co)) {
		ao_fail(k, "out of memory");
		free(plans), free(vreg), free(co);
		return;
	}
	/* lds reads whole elements from LDS, so its plans are per element */
	bool lds = co != NULL;
	st_plan_step(c, lds, &plans[0]);
	st_plan_prime(c, false, &plans[1]);
	st_plan_step(c, true, &plans[2]);
	st_plan_prime(c, true, &plans[3]);
	unsigned nb = c->unroll + c->r + 1 > 2 * c->r + 1 ? c->unroll + c->r + 1 : 2 * c->r + 1;
	x->s_base = st_sgprs(x, 2 * nb);
	x->s_steps = st_sgprs(x, 1);
	unsigned s_walk = st_sgprs(x, 2);
	if (co)
		coop_setup(x, co);

	int l_ragged = ao_label(k, "ragged");
	if (!lds) {   /* lds: every wave takes part in the plane's loads and barriers */
		I(AO_OP(s_cmp_eq_u32), ao_s(x->s_mask[0]), ao_int(0));
		I(AO_OP(s_cbranch_scc1), ao_lab((unsigned)l_end));
		ao_comment(k, "no point of this wave is interior");
	}
	I(AO_OP(s_cmp_eq_u32), ao_s(x->s_mask[c->points - 1]), ao_exec());
	I(AO_OP(s_cbranch_scc0), ao_lab((unsigned)l_ragged));
	ao_comment(k, "some lane has a point outside the interior: the guarded copy");
	struct walk fast = { .x = x, .co = co, .guarded = false, .step = &plans[0], .prime = &plans[1],
			     .exec = -1, .s_walk = s_walk, .vreg = vreg };
	walk_path(&fast, l_end);
	ao_bind(k, (unsigned)l_ragged);
	struct walk slow = { .x = x, .co = co, .guarded = true, .step = &plans[2], .prime = &plans[3],
			     .exec = -1, .s_walk = s_walk, .vreg = vreg };
	walk_path(&slow, l_end);
	free(plans);
	free(vreg);
	free(co);
}
