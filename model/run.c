/* run.c — a dispatch under the model: workgroups placed on CUs as slots free
 * up (occupancy from the descriptor), the SIMD that issues first goes next,
 * and the breakdown at the end (printed by format.c).
 */
#include "model/internal.h"
#include "vocab/vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Workgroups one CU (two SIMDs) or WGP (four) holds at once: the model's one
 * occupancy rule (md_groups_per_unit), within the model's group slots. */
static unsigned group_cap(const struct isa_target *t, const struct emu_kd *kd, unsigned nwaves, unsigned simds)
{
	struct isa_occupancy occ;
	unsigned cap = md_groups_per_unit(t, kd->vgprs, kd->group_segment_size, nwaves * 32, simds == 4, &occ);
	if (cap > MDL_MAX_GROUPS)
		cap = MDL_MAX_GROUPS;
	return cap ? cap : 1;
}

/* Start the next workgroup in a free context of the CU at cycle t.  The
 * GPU's dispatcher hands the grid's workgroups out in order, each to a CU
 * with room for it, so with every unit simulated (no plan, or a full one)
 * a CU takes the next workgroup of the grid when one of its slots frees:
 * workgroups of unequal work (causal attention's query blocks, a stencil's
 * boundary planes) then balance over the CUs as they do on the GPU.  A
 * sampled plan names each unit's workgroups (dispatch.c): round-robin, what
 * the in-order dispatcher gives when the workgroups take the same time. */
static bool dispatch(struct mdl_sim *s, struct mdl_cu *cu, uint64_t t)
{
	const struct md_plan *p = s->o->plan;
	bool dyn = !p || p->full;
	if (dyn ? s->next_group >= s->ngroups : cu->taken >= md_unit_sim_wgs(p, cu->unit))
		return false;
	for (unsigned i = 0; i < s->group_cap; i++) {
		struct mdl_group *g = &cu->grp[i];
		if (g->busy)
			continue;
		if (!g->eg && !(g->eg = emu_group_new(s->stp)))
			return false;
		g->busy = true;
		g->later = p && cu->taken >= p->wg_per_unit;
		g->index = dyn ? s->next_group++ : md_unit_wg(p, cu->unit, cu->taken);
		cu->taken++;
		g->nwaves = s->nwaves;
		emu_group_start(g->eg, g->index);
		mdl_cu_place(s, cu, g, t);
		s->r->workgroups++;
		cu->ngroups_busy++;
		return true;
	}
	return false;
}

/* The caller's progress count (mdl_opts.progress): workgroups simulated to their end. */
static void report(const struct mdl_sim *s)
{
	const struct emu_progress *pr = s->o->progress;
	if (pr && pr->fn)
		pr->fn(pr->ctx, s->o->progress_what ? s->o->progress_what : "workgroups simulated", s->done, s->expect);
}

static void release_done(struct mdl_sim *s, struct mdl_cu *cu)
{
	for (unsigned i = 0; i < s->group_cap; i++) {
		struct mdl_group *g = &cu->grp[i];
		if (g->busy && g->live == 0) {
			g->busy = false;
			cu->ngroups_busy--;
			s->done++;
			report(s);
		}
	}
}

/* The CU whose earliest pick is first, ties to the lower CU and SIMD: a
 * tournament tree over the CUs (a full simulation has up to 96 of them; a
 * linear scan of every SIMD per issue was most of its time).  node[n + k] is
 * CU k, node[i] the better of its two children; an index of n means none. */
struct tourney {
	unsigned n, *node;
	const struct mdl_sim *s;
};

static uint64_t cu_first(const struct mdl_cu *cu, unsigned simds, unsigned *simd)
{
	uint64_t bt = MDL_NEVER;
	for (unsigned i = 0; i < simds; i++)
		if (cu->simd[i].pick_t < bt)
			bt = cu->simd[i].pick_t, *simd = i;
	return bt;
}

static unsigned better(const struct tourney *t, unsigned a, unsigned b)
{
	if (a >= t->s->cus)
		return b;
	if (b >= t->s->cus)
		return a;
	unsigned x;
	uint64_t ta = cu_first(&t->s->cu[a], t->s->simds, &x), tb = cu_first(&t->s->cu[b], t->s->simds, &x);
	return tb < ta || (tb == ta && b < a) ? b : a;
}

static void tourney_update(struct tourney *t, unsigned k)
{
	for (unsigned i = (t->n + k) / 2; i >= 1; i /= 2)
		t->node[i] = better(t, t->node[2 * i], t->node[2 * i + 1]);
}

/* The event loop: the SIMD whose pick issues first goes next. */
static bool simulate(struct mdl_sim *s)
{
	for (unsigned i = 0; i < s->group_cap; i++) /* round robin over the CUs */
		for (unsigned k = 0; k < s->cus; k++)
			dispatch(s, &s->cu[k], 0);
	struct tourney t = { 1, NULL, s };
	while (t.n < s->cus)
		t.n *= 2;
	if (!(t.node = malloc(2 * t.n * sizeof *t.node)))
		return false;
	for (unsigned k = 0; k < t.n; k++)
		t.node[t.n + k] = k < s->cus ? k : t.n;
	for (unsigned i = t.n - 1; i >= 1; i--)
		t.node[i] = better(&t, t.node[2 * i], t.node[2 * i + 1]);
	for (;;) {
		unsigned k = t.node[1], bsimd = 0; /* with one CU, node[1] is its leaf */
		if (k >= s->cus)
			break;
		struct mdl_cu *best = &s->cu[k];
		uint64_t bt = cu_first(best, s->simds, &bsimd);
		if (bt == MDL_NEVER)
			break;
		if (mdl_cu_issue(s, best, bsimd)) {
			release_done(s, best);
			while (dispatch(s, best, bt + 1))
				;
		}
		tourney_update(&t, k);
	}
	free(t.node);
	return true;
}

static void finish(struct mdl_sim *s)
{
	struct mdl_result *r = s->r;
	r->cycles = s->end + 1;
	r->seconds = (double)r->cycles / (s->c->clock_mhz * 1e6);
	r->cus_used = s->cus;
	r->simds = s->cus * s->simds;
	for (unsigned k = 0; k < s->cus && k < 16; k++)
		r->unit_end[k] = s->cu[k].end, r->unit_later_n[k] = s->cu[k].later_n,
		r->unit_later_cycles[k] = s->cu[k].later_cycles;
	for (unsigned k = 0; k < s->cus; k++)
		for (unsigned i = 0; i < s->simds; i++) {
			const struct mdl_simd *sm = &s->cu[k].simd[i];
			if (r->cycles > sm->acct)
				r->bucket[sm->used ? MDL_B_TAIL : MDL_B_IDLE] += r->cycles - sm->acct;
		}
}

static void sim_free(struct mdl_sim *s)
{
	if (!s->cu)
		return;
	for (unsigned k = 0; k < s->cus; k++) {
		for (unsigned i = 0; i < MDL_MAX_GROUPS; i++)
			emu_group_free(s->cu[k].grp[i].eg);
		free(s->cu[k].waves);
	}
	free(s->cu);
}

int mdl_run(struct emu_dev *dev, const struct emu_launch *L, const struct mdl_opts *o, struct mdl_result *r,
	    char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	struct mdl_sim s = { .o = o, .c = &o->c, .r = r };
	mdl_fetch_setup(&s);
	int rc = emu_stepper_new(dev, L, &s.stp, err, errlen);
	if (rc != EMU_OK)
		return rc;
	const struct emu_kd *kd = emu_stepper_kd(s.stp);
	s.simds = (unsigned)o->c.simds_per_cu;
	if (s.simds < 1 || s.simds > MDL_MAX_SIMDS)
		s.simds = 2;
	s.nwaves = emu_stepper_waves(s.stp);
	s.ngroups = emu_stepper_groups(s.stp);
	const struct md_plan *plan = o->plan;
	uint64_t expect = s.ngroups;
	if (plan) { /* sampled or full: the plan says which units and workgroups */
		s.simds = plan->simds_per_unit;
		s.group_cap = plan->wg_per_unit < MDL_MAX_GROUPS ? plan->wg_per_unit : MDL_MAX_GROUPS;
		s.cus = plan->nsample;
		expect = 0;
		for (unsigned k = 0; k < s.cus; k++)
			expect += md_unit_sim_wgs(plan, md_sample_unit(plan, k));
	} else {
		s.group_cap = group_cap(o->c.target, kd, s.nwaves, s.simds);
		unsigned cus = o->cus ? o->cus : (unsigned)o->c.cus;
		s.cus = cus ? cus : 1;
		if (s.ngroups < s.cus)
			s.cus = (unsigned)s.ngroups;
	}
	s.expect = expect;
	s.cu = calloc(s.cus, sizeof *s.cu);
	bool oom = !s.cu;
	for (unsigned k = 0; !oom && k < s.cus; k++) {
		s.cu[k].unit = plan ? md_sample_unit(plan, k) : k;
		s.cu[k].id = plan ? md_unit_cu(plan, s.cu[k].unit) : k;
		s.cu[k].waves = calloc((size_t)s.simds * MDL_MAX_SLOTS, sizeof *s.cu[k].waves);
		oom = !s.cu[k].waves;
		for (unsigned i = 0; i < MDL_MAX_SIMDS; i++)
			s.cu[k].simd[i].pick_t = MDL_NEVER;
	}
	if (oom) {
		sim_free(&s);
		emu_stepper_end(s.stp, NULL, NULL, 0);
		return vc_fail(err, errlen, EMU_E_NOMEM, "model: out of memory");
	}
	report(&s); /* none done yet: the count begins */
	if (!simulate(&s)) {
		sim_free(&s);
		emu_stepper_end(s.stp, NULL, NULL, 0);
		return vc_fail(err, errlen, EMU_E_NOMEM, "model: out of memory");
	}
	finish(&s);
	sim_free(&s);
	rc = emu_stepper_end(s.stp, &r->emu, err, errlen);
	if (rc == EMU_OK && r->workgroups < expect)
		rc = vc_fail(err, errlen, EMU_E_FAULT, "model: %llu of %llu workgroups ran (a wave never left a barrier?)",
			  (unsigned long long)r->workgroups, (unsigned long long)expect);
	return rc;
}
