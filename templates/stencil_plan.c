/* stencil_plan.c — what a work-item reads and in which order: data only.
 *
 * A plan lists the taps (distinct values the terms read), the uses of each
 * (which point, which coefficient), and the loads that bring them.  The
 * terms of one point come in the textbook order: centre, then for each axis
 * x, y, z and d = 1..r the pair -d, +d.  `natural` keeps the taps in the
 * order the points' terms first name them (the lab notes' kernels 1 and 2);
 * `forward` sorts them by address, so that the loads only move forward in
 * memory (kernels 3-5).  Then neighbouring taps of one row merge into vector
 * loads of up to c->vec elements, when they are next to each other in that
 * order: a forward order merges whole rows, the natural order rarely more
 * than the pair "centre, x-1" (the merge clang makes in kernel 5's code).
 */
#include <string.h>

#include "templates/stencil.h"

/* a plan never runs out of room: every point names 6r + 1 values */
_Static_assert(ST_MAX_POINTS * (6 * ST_MAX_RADIUS + 1) <= ST_MAX_USES, "uses of the largest plan");
_Static_assert(ST_MAX_USES <= ST_MAX_TAPS && ST_MAX_TAPS <= ST_MAX_LOADS, "taps and loads of the largest plan");

/* A term as collected: the tap it reads and its use. */
struct term {
	uint16_t tap;
	struct st_use use;
};

struct builder {
	struct st_plan *p;
	struct term term[ST_MAX_USES];
	unsigned nterm;
};

static int find_tap(const struct st_plan *p, int dx, int dy, int dz)
{
	for (unsigned i = 0; i < p->ntap; i++)
		if (p->tap[i].dx == dx && p->tap[i].dy == dy && p->tap[i].dz == dz)
			return (int)i;
	return -1;
}

/* The tap (dx, dy, dz), added when new; a use of it when point >= 0. */
static int add_term(struct builder *b, int dx, int dy, int dz, int point, unsigned coef, bool window, int col)
{
	struct st_plan *p = b->p;
	int t = find_tap(p, dx, dy, dz);
	if (t < 0) {
		if (p->ntap == ST_MAX_TAPS)
			return -1;
		t = (int)p->ntap++;
		p->tap[t] = (struct st_tap){ .dx = (int8_t)dx, .dy = (int8_t)dy, .dz = (int8_t)dz,
					     .first = (uint8_t)(point < 0 ? 0 : point), .col = (int8_t)col,
					     .window = window, .load = -1 };
	}
	if (point >= 0 && b->nterm < ST_MAX_USES) {
		if ((unsigned)point < p->tap[t].first)
			p->tap[t].first = (uint8_t)point;
		b->term[b->nterm++] = (struct term){ (uint16_t)t, { (uint8_t)point, (uint8_t)coef } };
	}
	return t;
}

/* Position of point n (x, y, z) from the first point. */
static void point_pos(const struct st_cfg *c, unsigned n, int pos[3])
{
	pos[0] = pos[1] = pos[2] = 0;
	pos[c->dir] = (int)n;
}

/* The own column at in-plane position (x, y), or -1 (z-marching: the points
 * lie in the plane, along x or y). */
static int own_col(const struct st_cfg *c, int x, int y)
{
	int along = c->dir == ST_DIR_X ? x : y, across = c->dir == ST_DIR_X ? y : x;
	return across == 0 && along >= 0 && along < (int)c->points ? along : -1;
}

/* The terms of point n: centre, then per axis and d the pair -d, +d; `at`
 * receives each offset from the point with its coefficient. */
typedef void (*term_fn)(struct builder *b, const struct st_cfg *c, unsigned n, const int off[3], unsigned coef);

static void each_term(struct builder *b, const struct st_cfg *c, unsigned n, term_fn at)
{
	int o[3] = { 0, 0, 0 };
	at(b, c, n, o, 0);
	for (unsigned axis = 0; axis < 3; axis++)
		for (unsigned d = 1; d <= c->r; d++)
			for (int s = -1; s <= 1; s += 2) {
				o[0] = o[1] = o[2] = 0;
				o[axis] = s * (int)d;
				at(b, c, n, o, 1 + axis * c->r + d - 1);
			}
}

static void block_term(struct builder *b, const struct st_cfg *c, unsigned n, const int off[3], unsigned coef)
{
	int pos[3];
	point_pos(c, n, pos);
	add_term(b, pos[0] + off[0], pos[1] + off[1], pos[2] + off[2], (int)n, coef, false, -1);
}

static void step_term(struct builder *b, const struct st_cfg *c, unsigned n, const int off[3], unsigned coef)
{
	int pos[3];
	point_pos(c, n, pos);
	int x = pos[0] + off[0], y = pos[1] + off[1], dz = off[2];
	if (dz != 0) {   /* the point's own column: the window, or its fill at +r */
		add_term(b, x, y, dz, (int)n, coef, dz != (int)c->r, (int)n);
		return;
	}
	int m = own_col(c, x, y);
	add_term(b, x, y, 0, (int)n, coef, m >= 0, m);
}

/* Taps sorted by address: plane, row, element (stable: equal keys keep order). */
static int tap_key_cmp(const struct st_tap *a, const struct st_tap *b)
{
	if (a->dz != b->dz)
		return a->dz < b->dz ? -1 : 1;
	if (a->dy != b->dy)
		return a->dy < b->dy ? -1 : 1;
	return a->dx < b->dx ? -1 : a->dx > b->dx;
}

/* The loads of the taps in `order` (window entries excluded), merged, and
 * the tap array rewritten in load order (ascending dx inside a load), the
 * window entries after the loads; then the uses grouped by tap. */
static void finish(struct builder *b, const struct st_cfg *c, bool guarded, const unsigned *order)
{
	struct st_plan *p = b->p;
	unsigned maxw = guarded ? 1 : c->vec;
	struct st_tap old[ST_MAX_TAPS];
	unsigned remap[ST_MAX_TAPS];
	memcpy(old, p->tap, p->ntap * sizeof *old);
	unsigned ntap = p->ntap, out = 0;
	p->nload = 0;
	for (unsigned i = 0; i < ntap;) {
		const struct st_tap *t = &old[order[i]];
		if (t->window) {
			i++;
			continue;
		}
		/* extend while the next taps in order stay on this row, contiguous */
		int lo = t->dx, hi = t->dx;
		unsigned j = i + 1;
		while (j < ntap && (unsigned)(hi - lo + 1) < maxw) {
			const struct st_tap *u = &old[order[j]];
			if (u->window || u->dy != t->dy || u->dz != t->dz || (u->col < 0) != (t->col < 0) ||
			    (u->dx != lo - 1 && u->dx != hi + 1))
				break;
			lo = u->dx < lo ? u->dx : lo;
			hi = u->dx > hi ? u->dx : hi;
			j++;
		}
		struct st_load *ld = &p->load[p->nload];
		*ld = (struct st_load){ .dx = (int8_t)lo, .dy = t->dy, .dz = t->dz, .width = (uint8_t)(hi - lo + 1),
					.first = 255, .col = -1, .tap0 = (uint16_t)out, .ntap = (uint16_t)(j - i) };
		for (int dx = lo; dx <= hi; dx++)
			for (unsigned q = i; q < j; q++) {
				const struct st_tap *u = &old[order[q]];
				if (u->dx != dx)
					continue;
				remap[order[q]] = out;
				p->tap[out] = *u;
				p->tap[out].load = (int16_t)p->nload;
				p->tap[out].elem = (uint8_t)(dx - lo);
				if (u->first < ld->first)
					ld->first = u->first;
				if (u->col >= 0 && (ld->col < 0 || u->col < ld->col))
					ld->col = u->col;
				out++;
			}
		p->nload++;
		i = j;
	}
	for (unsigned i = 0; i < ntap; i++)
		if (old[order[i]].window) {
			remap[order[i]] = out;
			p->tap[out++] = old[order[i]];
		}
	/* uses grouped by tap, in term order within a tap */
	p->nuse = 0;
	for (unsigned t = 0; t < ntap; t++) {
		p->tap[t].use0 = (uint16_t)p->nuse;
		p->tap[t].nuse = 0;
		for (unsigned q = 0; q < b->nterm; q++)
			if (remap[b->term[q].tap] == t) {
				p->use[p->nuse++] = b->term[q].use;
				p->tap[t].nuse++;
			}
	}
}

/* z-marching: own column m is read at plane k as an in-plane neighbour by
 * points m-r .. m+r, so its loads (the fill, the priming) take the mask of
 * the lowest of them: column m of a lane with point m-r interior is inside
 * the grid (an interior point's neighbours are). */
static void widen_col_masks(const struct st_cfg *c, struct st_plan *p)
{
	for (unsigned i = 0; i < p->ntap; i++) {
		int m = p->tap[i].col;
		unsigned lo = m > (int)c->r ? (unsigned)m - c->r : 0;
		if (m >= 0 && lo < p->tap[i].first)
			p->tap[i].first = (uint8_t)lo;
	}
}

static void order_and_finish(struct builder *b, const struct st_cfg *c, bool guarded)
{
	struct st_plan *p = b->p;
	widen_col_masks(c, p);
	unsigned order[ST_MAX_TAPS];
	for (unsigned i = 0; i < p->ntap; i++)
		order[i] = i;
	if (c->order == ST_ORDER_FORWARD)   /* insertion sort: stable, and plans are small */
		for (unsigned i = 1; i < p->ntap; i++) {
			unsigned id = order[i], j = i;
			while (j > 0 && tap_key_cmp(&p->tap[order[j - 1]], &p->tap[id]) > 0) {
				order[j] = order[j - 1];
				j--;
			}
			order[j] = id;
		}
	finish(b, c, guarded, order);
}

static void plan_init(struct builder *b, struct st_plan *p)
{
	memset(p, 0, sizeof *p);
	b->p = p;
	b->nterm = 0;
}

void st_plan_block(const struct st_cfg *c, bool guarded, struct st_plan *p)
{
	struct builder b;
	plan_init(&b, p);
	for (unsigned n = 0; n < c->points; n++)
		each_term(&b, c, n, block_term);
	order_and_finish(&b, c, guarded);
}

void st_plan_step(const struct st_cfg *c, bool guarded, struct st_plan *p)
{
	struct builder b;
	plan_init(&b, p);
	for (unsigned n = 0; n < c->points; n++)
		each_term(&b, c, n, step_term);
	order_and_finish(&b, c, guarded);
}

void st_plan_prime(const struct st_cfg *c, bool guarded, struct st_plan *p)
{
	struct builder b;
	plan_init(&b, p);
	for (int dz = -(int)c->r; dz < (int)c->r; dz++)
		for (unsigned n = 0; n < c->points; n++) {
			int pos[3];
			point_pos(c, n, pos);
			int t = add_term(&b, pos[0], pos[1], dz, -1, 0, false, (int)n);
			if (t >= 0)
				p->tap[t].first = (uint8_t)n;
		}
	order_and_finish(&b, c, guarded);
}

void st_plan_rows(const struct st_cfg *c, int *lo, int *hi)
{
	*lo = -(int)c->r;
	*hi = (int)c->py - 1 + (int)c->r;
}
