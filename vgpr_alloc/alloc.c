/* alloc.c — live intervals and first-fit placement of virtual VGPR ranges. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgpr_alloc/vgpr_alloc.h"

/* Registers counted while allocating: beyond the 256 limit so that a kernel
 * that does not fit can say how many it would need. */
#define POOL_REGS 2048

struct ra_ctx {
	struct ra_vreg_info *v;
	unsigned n, cap;
};

struct ra_ctx *ra_new(void) { return calloc(1, sizeof(struct ra_ctx)); }

void ra_free(struct ra_ctx *ra)
{
	if (!ra)
		return;
	free(ra->v);
	free(ra);
}

int ra_vreg(struct ra_ctx *ra, const char *name, unsigned count)
{
	if (count < 1 || count > 64)
		return RA_E_ARG;
	if (ra->n == ra->cap) {
		unsigned cap = ra->cap ? ra->cap * 2 : 32;
		void *p = realloc(ra->v, cap * sizeof *ra->v);
		if (!p)
			return RA_E_NOMEM;
		ra->v = p;
		ra->cap = cap;
	}
	struct ra_vreg_info *r = &ra->v[ra->n];
	memset(r, 0, sizeof *r);
	snprintf(r->name, sizeof r->name, "%s", name ? name : "v");
	r->count = count;
	r->pin = -1;
	r->bank = -1;
	r->phys = -1;
	return (int)ra->n++;
}

int ra_want_bank(struct ra_ctx *ra, unsigned id, unsigned bank)
{
	if (id >= ra->n || bank >= ISA_VGPR_BANKS)
		return RA_E_ARG;
	ra->v[id].bank = (int)bank;
	return 0;
}

int ra_pin(struct ra_ctx *ra, unsigned id, unsigned phys)
{
	if (id >= ra->n || phys + ra->v[id].count > RA_VGPR_MAX)
		return RA_E_ARG;
	ra->v[id].pin = (int)phys;
	return 0;
}

struct ao_opnd ra_op(const struct ra_ctx *ra, unsigned id)
{
	return ao_virt(id, 0, id < ra->n ? ra->v[id].count : 1);
}

struct ao_opnd ra_sub(const struct ra_ctx *ra, unsigned id, unsigned sub, unsigned n)
{
	(void)ra;
	return ao_virt(id, sub, n);
}

unsigned ra_count(const struct ra_ctx *ra) { return ra->n; }

const struct ra_vreg_info *ra_info(const struct ra_ctx *ra, unsigned id)
{
	return id < ra->n ? &ra->v[id] : NULL;
}

/* ---- phase 1: live intervals ---------------------------------------------------- */

struct use_scan {
	unsigned *first, *last;     /* inclusive instruction indices; first = ~0u unused */
	unsigned char *first_reads; /* the first access reads the range */
};

/* Visit every operand of instruction i: fn(ctx, operand, is_dst, dst_also_read). */
static void each_opnd(const struct ao_inst *in,
		      void (*fn)(void *ctx, const struct ao_opnd *o, bool dst, bool dst_read),
		      void *ctx)
{
	unsigned dm = ao_inst_dst_mask(in);
	if (in->kind == AO_INST_VOPD) {
		for (unsigned j = 0; j < in->x.n; j++)
			fn(ctx, &in->x.o[j], j == 0, j == 0 && ao_inst_dst_read(in, 0));
		for (unsigned j = 0; j < in->y.n; j++)
			fn(ctx, &in->y.o[j], j == 0, j == 0 && ao_inst_dst_read(in, 1));
		return;
	}
	for (unsigned j = 0; j < in->n; j++)
		fn(ctx, &in->o[j], (dm >> j) & 1, ao_inst_dst_read(in, j));
}

struct scan_ctx {
	struct ra_ctx *ra;
	struct use_scan *u;
	unsigned i;
	int bad;
};

static void note_use(void *vctx, const struct ao_opnd *o, bool dst, bool dst_read)
{
	struct scan_ctx *c = vctx;
	if (o->kind != AO_K_VIRT)
		return;
	if (o->reg >= c->ra->n || o->sub + o->count > c->ra->v[o->reg].count) {
		c->bad = 1;
		return;
	}
	unsigned id = o->reg;
	if (c->u->first[id] == ~0u) {
		c->u->first[id] = c->i;
		c->u->first_reads[id] = !dst || dst_read;
	} else if (c->u->first[id] == c->i && (!dst || dst_read)) {
		c->u->first_reads[id] = 1;
	}
	c->u->last[id] = c->i;
}

/* Stretch ranges over the loops they are live across, until nothing changes
 * (nested loops need more than one pass). */
static void stretch_loops(struct ra_ctx *ra, struct ao_kernel *k, struct use_scan *u)
{
	unsigned n = ao_inst_count(k);
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned j = 0; j < n; j++) {
			struct ao_inst *in = ao_inst_at(k, j);
			if (!ao_inst_is_branch(in))
				continue;
			int top = ao_label_pos(k, in->o[0].reg);
			if (top < 0 || (unsigned)top > j)
				continue;        /* forward branch: no loop */
			unsigned L = (unsigned)top;
			for (unsigned id = 0; id < ra->n; id++) {
				if (u->first[id] == ~0u || u->last[id] < L || u->first[id] > j)
					continue;
				bool live_in = u->first[id] < L;
				bool carried = u->first[id] >= L && u->first_reads[id];
				if ((live_in || carried) && u->last[id] < j) {
					u->last[id] = j;
					changed = true;
				}
				if (carried && u->first[id] > L) {
					u->first[id] = L;
					changed = true;
				}
			}
		}
	}
}

/* ---- phases 2-4: placement ------------------------------------------------------------ */

static bool overlaps(const struct ra_interval *a, const struct ra_interval *b)
{
	return a->start < b->end && b->start < a->end;
}

/* Stable insertion sort of range ids by interval start (ids already ascending). */
static void sort_by_start(unsigned *order, unsigned n, const struct ra_vreg_info *v)
{
	for (unsigned i = 1; i < n; i++) {
		unsigned id = order[i], j = i;
		while (j > 0 && v[order[j - 1]].live.start > v[id].live.start) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = id;
	}
}

static void phys_use(void *vctx, const struct ao_opnd *o, bool dst, bool dst_read)
{
	(void)dst;
	(void)dst_read;
	unsigned char *fixed = vctx;
	if (o->kind == AO_K_VGPR)
		for (unsigned r = o->reg; r < o->reg + o->count && r < POOL_REGS; r++)
			fixed[r] = 1;
}

static void rewrite(void *vctx, const struct ao_opnd *co, bool dst, bool dst_read)
{
	(void)dst;
	(void)dst_read;
	struct ra_ctx *ra = vctx;
	struct ao_opnd *o = (struct ao_opnd *)co;
	if (o->kind != AO_K_VIRT)
		return;
	unsigned base = (unsigned)ra->v[o->reg].phys;
	*o = (struct ao_opnd){ .kind = AO_K_VGPR, .count = o->count, .mods = o->mods,
			       .reg = base + o->sub };
}

/* The allocator's scratch state, shared by its phases. */
struct alloc_work {
	struct use_scan u;
	unsigned *order;          /* ids of the used ranges */
	unsigned nused;
	unsigned char *fixed;     /* registers an instruction names physically */
	unsigned char *busy;
};

/* Phase 1: live intervals from the first to the last use (stretched over
 * loops), the physical uses, and the list of ranges some instruction uses. */
static int live_ranges(struct ra_ctx *ra, struct ao_kernel *k, struct alloc_work *w, char *err,
		       size_t errlen)
{
	unsigned n = ao_inst_count(k);
	for (unsigned id = 0; id < ra->n; id++)
		w->u.first[id] = ~0u;
	struct scan_ctx sc = { ra, &w->u, 0, 0 };
	for (unsigned i = 0; i < n; i++) {
		sc.i = i;
		each_opnd(ao_inst_at(k, i), note_use, &sc);
		each_opnd(ao_inst_at(k, i), phys_use, w->fixed);
	}
	if (sc.bad) {
		snprintf(err, errlen, "an operand names an unknown virtual register or a part past its end");
		return RA_E_ARG;
	}
	stretch_loops(ra, k, &w->u);
	w->nused = 0;
	for (unsigned id = 0; id < ra->n; id++) {
		struct ra_vreg_info *r = &ra->v[id];
		r->phys = -1;
		if (w->u.first[id] == ~0u) {
			r->live = (struct ra_interval){ 0, 0 };
			continue;
		}
		r->live = (struct ra_interval){ w->u.first[id], w->u.last[id] + 1 };
		w->order[w->nused++] = id;
	}
	return RA_OK;
}

/* Phase 2: pins keep their registers; they may not meet physical uses or
 * each other while both are live. */
static int place_pins(struct ra_ctx *ra, struct alloc_work *w, char *err, size_t errlen)
{
	for (unsigned a = 0; a < w->nused; a++) {
		struct ra_vreg_info *r = &ra->v[w->order[a]];
		if (r->pin < 0)
			continue;
		for (unsigned q = 0; q < r->count; q++)
			if (w->fixed[(unsigned)r->pin + q]) {
				snprintf(err, errlen, "%s pinned to v%u, which an instruction also names directly",
					 r->name, r->pin + q);
				return RA_E_PIN;
			}
		for (unsigned b = 0; b < a; b++) {
			struct ra_vreg_info *o = &ra->v[w->order[b]];
			if (o->pin >= 0 && overlaps(&r->live, &o->live) &&
			    r->pin < o->pin + (int)o->count && o->pin < r->pin + (int)r->count) {
				snprintf(err, errlen, "%s and %s are pinned to overlapping registers while both live",
					 r->name, o->name);
				return RA_E_PIN;
			}
		}
		r->phys = r->pin;
	}
	return RA_OK;
}

/* Phase 4: in w->order, each unpinned range takes the lowest block of its size
 * (in its wanted bank, if any) that no live range and no physical use holds.  *peak: registers used. */
static int first_fit(struct ra_ctx *ra, struct alloc_work *w, unsigned *peak, char *err, size_t errlen)
{
	*peak = 0;
	for (unsigned a = 0; a < w->nused; a++) {
		struct ra_vreg_info *r = &ra->v[w->order[a]];
		if (r->pin >= 0) {
			if ((unsigned)r->pin + r->count > *peak)
				*peak = (unsigned)r->pin + r->count;
			continue;
		}
		memcpy(w->busy, w->fixed, POOL_REGS);
		for (unsigned b = 0; b < w->nused; b++) {
			const struct ra_vreg_info *o = &ra->v[w->order[b]];
			if (o->phys < 0 || !overlaps(&r->live, &o->live))
				continue;
			memset(w->busy + o->phys, 1, o->count);
		}
		unsigned base = 0;
		for (; base + r->count <= POOL_REGS; base++) {
			if (r->bank >= 0 && isa_vgpr_bank(base) != (unsigned)r->bank)
				continue;
			unsigned q = 0;
			while (q < r->count && !w->busy[base + q])
				q++;
			if (q == r->count)
				break;
			base += q;   /* skip past the busy register */
		}
		if (base + r->count > POOL_REGS) {
			snprintf(err, errlen, "more than %d VGPRs needed", POOL_REGS);
			return RA_E_LIMIT;
		}
		r->phys = (int)base;
		if (base + r->count > *peak)
			*peak = base + r->count;
	}
	for (unsigned r = 0; r < POOL_REGS; r++)
		if (w->fixed[r] && r + 1 > *peak)
			*peak = r + 1;
	return RA_OK;
}

int ra_allocate(struct ra_ctx *ra, struct ao_kernel *k, unsigned limit, unsigned *needed,
		char *err, size_t errlen)
{
	if (limit == 0 || limit > RA_VGPR_MAX)
		limit = RA_VGPR_MAX;
	struct alloc_work w = {
		.u = { calloc(ra->n + 1, sizeof(unsigned)), calloc(ra->n + 1, sizeof(unsigned)),
		       calloc(ra->n + 1, 1) },
		.order = calloc(ra->n + 1, sizeof(unsigned)),
		.fixed = calloc(POOL_REGS, 1),
		.busy = calloc(POOL_REGS, 1),
	};
	int rc = RA_OK;
	unsigned peak = 0;
	if (!w.u.first || !w.u.last || !w.u.first_reads || !w.order || !w.fixed || !w.busy) {
		snprintf(err, errlen, "out of memory");
		rc = RA_E_NOMEM;
	}
	if (!rc)
		rc = live_ranges(ra, k, &w, err, errlen);
	if (!rc)
		rc = place_pins(ra, &w, err, errlen);
	if (!rc) {
		sort_by_start(w.order, w.nused, ra->v);   /* phase 3: by start, then id */
		rc = first_fit(ra, &w, &peak, err, errlen);
	}
	if (!rc && needed)
		*needed = peak;
	if (!rc && peak > limit) {
		snprintf(err, errlen, "the kernel needs %u VGPRs, the limit is %u", peak, limit);
		rc = RA_E_LIMIT;
	}
	if (!rc)   /* phase 5: virtual operands become physical */
		for (unsigned i = 0; i < ao_inst_count(k); i++)
			each_opnd(ao_inst_at(k, i), rewrite, ra);
	free(w.u.first);
	free(w.u.last);
	free(w.u.first_reads);
	free(w.order);
	free(w.fixed);
	free(w.busy);
	return rc;
}

char *ra_report(const struct ra_ctx *ra)
{
	size_t cap = 64 + (size_t)ra->n * 96, len = 0;
	char *s = malloc(cap);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (unsigned id = 0; id < ra->n; id++) {
		const struct ra_vreg_info *r = &ra->v[id];
		char regs[32];
		if (r->phys < 0)
			snprintf(regs, sizeof regs, "unused");
		else if (r->count == 1)
			snprintf(regs, sizeof regs, "v%d", r->phys);
		else
			snprintf(regs, sizeof regs, "v[%d:%d]", r->phys, r->phys + (int)r->count - 1);
		len += (size_t)snprintf(s + len, cap - len, "%-16s %-10s live [%u, %u)%s\n", r->name, regs,
					r->live.start, r->live.end, r->pin >= 0 ? " pinned" : "");
	}
	return s;
}
