/* share.c — how much the units of a dispatch share the lines they load, for a
 * sampled prediction.
 *
 * A sampled plan simulates a few units; the others do not bring lines into L1
 * and L2 for them, so the simulated units would fetch from DRAM what on the
 * GPU another CU of the same shader array (L1) or of another array (L2) had
 * just fetched: the A and B panels of a GEMM are read by every workgroup of a
 * tile row or column at the same time, a stencil's planes by the workgroups
 * of three planes.  Before the sampled simulation, every active unit's first
 * two rounds of workgroups are run *functionally* (no timing, a stepper of
 * its own) for their first MD_SHARE_LOADS global loads or MD_SHARE_INSTS
 * instructions per wave, and the lines they touch are counted:
 *
 *   touches  sum over units of the distinct lines each unit loads (round 1);
 *   arrays   sum over shader arrays of the distinct lines the array loads;
 *   lines    distinct lines over the GPU.
 *
 * They give the capacity a simulated fill stands for (mem.c) and how the
 * sharing splits between L1 (another unit of the array) and L2 (another
 * array).  The chances the simulation draws are per sampled unit, over the
 * lines that unit loads, and count only the units the simulation does not
 * run (a line another sampled unit loads is shared in the simulation
 * itself; counting it again had made two sampled units that read the same
 * lines, a stencil's units one plane apart, share it twice):
 *
 *   round 1: a line comes first from a unit not simulated with chance
 *            (sharers not simulated) / (sharers), its sharers in any order,
 *            each line weighed by 1 / (its sampled sharers) (unit_chances);
 *   later:   a line that an unsimulated unit loaded the round before is in
 *            L2 or the Infinity Cache from then (p_prev: mem.c enters it as
 *            filled one workgroup-time ago); one that no unit loaded then
 *            comes from a same-round unit not simulated with the round-1
 *            chance measured on the second round's sharers.
 *
 * Device memory stays as the simulation expects it: a plain store to global
 * memory is passed over (emu_group_skip), and a wave stops before a global
 * atomic (global_store, global_atomic).  Its scratch stores go on (the
 * pass's group has private memory of its own).
 */
#include "model/internal.h"

#include <stdlib.h>
#include <string.h>

#define MD_SHARE_LOADS 512       /* global loads per wave looked at */
#define MD_SHARE_INSTS 5000      /* instructions per wave at most: the pass's cost */
#define MD_SHARE_UNITS 16        /* sampled units tracked (md_plan.sample) */
#define MD_SHARE_WHAT "workgroups run to measure line sharing" /* the progress count's name */

struct line_set {
	uint64_t *key;               /* line + 1; 0 = empty */
	uint32_t *unit, *array;      /* the last unit and array that loaded it, + 1 */
	uint16_t *units;             /* distinct units that loaded it */
	uint16_t *smask;             /* which sampled units (bit i: md_sample_unit(i)) */
	size_t cap, n;
};

/* The distinct lines one sampled unit loads in a round. */
struct line_list {
	uint64_t *line;
	size_t n, cap;
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return x;
}

static void set_free(struct line_set *s)
{
	free(s->key), free(s->unit), free(s->array), free(s->units), free(s->smask);
}

static bool set_grow(struct line_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 4096;
	struct line_set t = { calloc(cap, sizeof *t.key), malloc(cap * sizeof *t.unit), malloc(cap * sizeof *t.array),
			      malloc(cap * sizeof *t.units), malloc(cap * sizeof *t.smask), cap, s->n };
	if (!t.key || !t.unit || !t.array || !t.units || !t.smask) {
		set_free(&t);
		return false;
	}
	for (size_t i = 0; i < s->cap; i++) {
		if (!s->key[i])
			continue;
		size_t j = mix(s->key[i]) & (cap - 1);
		while (t.key[j])
			j = (j + 1) & (cap - 1);
		t.key[j] = s->key[i], t.unit[j] = s->unit[i], t.array[j] = s->array[i];
		t.units[j] = s->units[i], t.smask[j] = s->smask[i];
	}
	set_free(s);
	*s = t;
	return true;
}

/* The slot of line in s, or -1. */
static long set_find(const struct line_set *s, uint64_t line)
{
	if (!s->cap)
		return -1;
	uint64_t k = line + 1;
	size_t j = mix(k) & (s->cap - 1);
	while (s->key[j] && s->key[j] != k)
		j = (j + 1) & (s->cap - 1);
	return s->key[j] ? (long)j : -1;
}

static bool list_push(struct line_list *l, uint64_t line)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 1024;
		uint64_t *p = realloc(l->line, cap * sizeof *p);
		if (!p)
			return false;
		l->line = p, l->cap = cap;
	}
	l->line[l->n++] = line;
	return true;
}

/* One unit's pass over one round: which unit, its array, its sampled index
 * (-1: not simulated), the set of the round, the counts (round 1 only), the
 * list of the sampled unit's distinct lines. */
struct visit {
	unsigned unit, array;
	int sidx;
	struct line_set *set;
	struct md_sharing *sh;
	struct line_list *list;
};

/* Units are visited in order and the CUs of an array are consecutive units,
 * so "last unit / array that loaded it" counts distinct lines per unit and
 * per array in one pass. */
static bool set_touch(const struct visit *v, uint64_t line)
{
	struct line_set *s = v->set;
	if ((s->n + 1) * 2 > s->cap && !set_grow(s))
		return false;
	uint64_t k = line + 1;
	size_t j = mix(k) & (s->cap - 1);
	while (s->key[j] && s->key[j] != k)
		j = (j + 1) & (s->cap - 1);
	if (!s->key[j]) {
		s->key[j] = k, s->unit[j] = 0, s->array[j] = 0, s->units[j] = 0, s->smask[j] = 0;
		s->n++;
		if (v->sh)
			v->sh->lines++;
	}
	if (s->array[j] != v->array + 1) {
		s->array[j] = v->array + 1;
		if (v->sh)
			v->sh->arrays++;
	}
	if (s->unit[j] == v->unit + 1)
		return true;
	s->unit[j] = v->unit + 1;
	s->units[j] += s->units[j] < UINT16_MAX;
	if (v->sh)
		v->sh->touches++;
	if (v->sidx < 0)
		return true;
	s->smask[j] |= (uint16_t)(1u << v->sidx);
	return list_push(v->list, line);
}

/* The pass must not change what the simulation reads.  A plain store to
 * global memory is passed over (emu_group_skip): the wave goes on to its next
 * loads, as a stencil marching along z stores a plane before it loads the
 * next (stopped at its first store, the pass saw the first planes only, whose
 * lines the neighbours share least, and the sampled radius-4 stencil fetched
 * 1.4 times its DRAM bytes).  An atomic returns what it read, which the wave
 * may branch on: the wave stops there.  Scratch stores go on: each emulator
 * group has its own private memory, so the pass writes none of the
 * simulation's (a spilling kernel stores to scratch before its first global
 * load, and stopping there measured no sharing at all). */
static bool global_store(const struct emu_step *st)
{
	return st->space == EMU_SPACE_GLOBAL && st->store;
}

static bool global_atomic(const struct emu_step *st)
{
	return global_store(st) && (isa_ops[st->in->op].flags & ISA_F_ATOMIC);
}

/* Run one workgroup's waves round-robin until each has made its loads or
 * instructions, reached a global atomic, or ended (its plain global stores
 * passed over); a barrier is released when every live wave is at it. */
static bool run_group(struct emu_group *g, unsigned nwaves, unsigned line_shift, const struct visit *v,
		      struct emu_step *st)
{
	unsigned loads[32] = { 0 }, insts[32] = { 0 };
	bool stopped[32] = { false };
	for (;;) {
		bool moved = false;
		unsigned live = 0, at_barrier = 0;
		for (unsigned w = 0; w < nwaves && w < 32; w++) {
			if (stopped[w])
				continue;
			emu_group_peek(g, w, st);
			if (st->status == EMU_STEP_BARRIER) {
				live++, at_barrier++;
				continue;
			}
			if (!st->in || st->status != EMU_STEP_RUN || global_atomic(st) || loads[w] >= MD_SHARE_LOADS ||
			    insts[w] >= MD_SHARE_INSTS) {
				stopped[w] = true;
				continue;
			}
			live++;
			if (global_store(st)) {
				emu_group_skip(g, w);
				insts[w]++, moved = true;
				continue;
			}
			emu_group_step(g, w, st);
			insts[w]++, moved = true;
			if (st->space != EMU_SPACE_GLOBAL || st->store || st->naddr != 32)
				continue;
			loads[w]++;
			for (unsigned l = 0; l < 32; l++) {
				if (!(st->exec >> l & 1))
					continue;
				uint64_t lo = st->addr[l] >> line_shift, hi = (st->addr[l] + st->bytes - 1) >> line_shift;
				for (uint64_t x = lo; x <= hi; x++)
					if (!set_touch(v, x))
						return false;
			}
		}
		if (moved)
			continue;
		bool any_stopped = false;
		for (unsigned w = 0; w < nwaves && w < 32; w++) {
			emu_group_peek(g, w, st);
			any_stopped |= stopped[w] && st->status != EMU_STEP_DONE;
		}
		if (!live || at_barrier < live || any_stopped)
			return true; /* done, or a barrier a stopped wave will never reach */
		emu_group_release(g);
	}
}

static unsigned popcount16(uint16_t x) { return (unsigned)__builtin_popcount(x); }

/* Sampled unit i's chances from the rounds' sets and its lists (the file's
 * header): round 1's ghost chance, p_prev, and the later rounds' ghost
 * chance; split between L1 and L2 by l1_of.  prev is the round before the
 * later one; prev_simulated says the simulation runs it too, so that a line
 * a sampled unit loaded then is already in the simulation's caches.
 *
 * The draws decide a line only where the simulation first meets it: a line
 * s sampled units load is drawn by whichever of them comes first, and the
 * others find it in the caches that first lookup filled.  Of its n sharers'
 * fetch of it, the sampled units stand for s / n, so the first one's chance
 * to fetch must be s / n, and a unit is that first one for 1 / s of such
 * lines.  Each line therefore weighs 1 / s in the unit's chances: fetch
 * chance (sum of 1 / n) / (sum of 1 / s), and p_prev the weighed share of
 * lines from the round before.  Unweighted (the mean of (n - s) / n over
 * the unit's lines), the lines two sampled units share were drawn at the
 * chance of the unit's other lines, and the Laplacian's sampled units
 * fetched 8 % more lines from DRAM per workgroup than the full simulation. */
static void unit_chances(struct md_sharing *sh, unsigned i, const struct line_set *r1, const struct line_set *r2,
			 const struct line_set *prev, bool prev_simulated, const struct line_list *l1,
			 const struct line_list *l2, double l1_of)
{
	double w1 = 0, f1 = 0, f2 = 0, before = 0, rest = 0;
	for (size_t k = 0; k < l1->n; k++) {
		long j = set_find(r1, l1->line[k]);
		if (j < 0 || !r1->units[j] || !r1->smask[j])
			continue;
		w1 += 1.0 / popcount16(r1->smask[j]);
		f1 += 1.0 / r1->units[j];
	}
	double g1 = w1 > 0 ? 1 - f1 / w1 : 0;
	for (size_t k = 0; k < l2->n; k++) {
		long a = set_find(prev, l2->line[k]), b = set_find(r2, l2->line[k]);
		if (a >= 0 && prev_simulated && prev->smask[a])
			continue; /* the unit's own, or another simulated unit's: in the simulation */
		if (b < 0 || !r2->units[b] || !r2->smask[b])
			continue;
		double w = 1.0 / popcount16(r2->smask[b]);
		if (a >= 0 && prev->units[a] > 0) {
			before += w;
			continue;
		}
		rest += w;
		f2 += 1.0 / r2->units[b];
	}
	double later = rest > 0 ? 1 - f2 / rest : g1;
	sh->unit_prev[i] = before + rest > 0 ? before / (before + rest) : 0;
	double c[2] = { g1, later }, *o1[2] = { &sh->unit_l1[i], &sh->unit_l1b[i] }, *o2[2] = { &sh->unit_l2[i], &sh->unit_l2b[i] };
	for (unsigned r = 0; r < 2; r++) {
		double l1 = l1_of * c[r];
		*o1[r] = l1;
		*o2[r] = l1 < 1 ? (c[r] - l1) / (1 - l1) : 0;
	}
}

/* The pass's rounds: the first (PASS_FIRST), the second the unit simulates
 * (PASS_LATER: its second round, or with spread sampling the middle of the
 * first stratum, dispatch.c), and the grid round just before that one
 * (PASS_PREV), run only when the simulation does not run it.  A later round's
 * previous-round chance must be measured on the round the GPU ran just
 * before it: measured on the first round instead, a stencil whose simulated
 * rounds lie planes away from the first found no line from the round before
 * and fetched its planes from DRAM again. */
enum { PASS_FIRST, PASS_LATER, PASS_PREV, PASS_ROUNDS };

/* The unit's j-th workgroup of pass round r (j < wg_per_unit); false: none. */
static bool pass_wg(const struct md_plan *p, unsigned u, unsigned r, uint64_t j, uint64_t *wg)
{
	uint64_t R = p->wg_per_unit, jj = (r == PASS_FIRST ? 0 : R) + j;
	if (jj >= md_unit_sim_wgs(p, u))
		return false;
	*wg = md_unit_wg(p, u, jj);
	if (r != PASS_PREV)
		return true;
	*wg -= R * p->units; /* the same slot one round earlier */
	return *wg != md_unit_wg(p, u, j);
}

/* Whether any unit's later round follows a round the simulation skips. */
static bool pass_spread(const struct md_plan *p)
{
	for (unsigned u = 0; u < p->active_units; u++) {
		uint64_t wg;
		if (pass_wg(p, u, PASS_PREV, 0, &wg))
			return true;
	}
	return false;
}

static uint64_t pass_workgroups(const struct md_plan *p, unsigned rounds)
{
	uint64_t all = 0, wg;
	for (unsigned r = 0; r < rounds; r++)
		for (unsigned u = 0; u < p->active_units; u++)
			for (uint64_t j = 0; j < p->wg_per_unit; j++)
				all += pass_wg(p, u, r, j, &wg);
	return all;
}

/* Round 1's counts and the L1 share of its sharing, into sh. */
static double first_round_shares(struct md_sharing *sh)
{
	if (!(sh->touches > 0))
		return 0;
	sh->p_l1 = 1 - sh->arrays / sh->touches;
	sh->p_l2 = sh->arrays > 0 ? 1 - sh->lines / sh->arrays : 0;
	double all = 1 - sh->lines / sh->touches;
	return all > 0 ? sh->p_l1 / all : 0;
}

int md_sharing_measure(struct emu_dev *dev, const struct emu_launch *L, const struct md_plan *p,
		       const struct mdl_consts *c, const struct emu_progress *pr, struct md_sharing *sh, char *err,
		       size_t errlen)
{
	memset(sh, 0, sizeof *sh);
	struct emu_stepper *stp;
	int rc = emu_stepper_new(dev, L, &stp, err, errlen);
	if (rc != EMU_OK)
		return rc;
	struct emu_group *g = emu_group_new(stp);
	struct emu_step *step = malloc(sizeof *step); /* large: the lane addresses */
	struct line_set set[PASS_ROUNDS] = { { 0 } };
	struct line_list lists[2][MD_SHARE_UNITS] = { { { 0 } } };
	unsigned shift = 0, per_sa = c->cus_per_sa >= 1 ? (unsigned)c->cus_per_sa : 1;
	while ((1ull << shift) < (uint64_t)c->line_bytes)
		shift++;
	unsigned nwaves = emu_stepper_waves(stp), ns = p->nsample < MD_SHARE_UNITS ? p->nsample : MD_SHARE_UNITS;
	bool ok = g && step, spread = pass_spread(p);
	unsigned rounds = spread ? PASS_ROUNDS : PASS_PREV;
	uint64_t done = 0, total = pr && pr->fn ? pass_workgroups(p, rounds) : 0, wg;
	if (total)
		pr->fn(pr->ctx, MD_SHARE_WHAT, 0, total);
	for (unsigned r = 0; r < rounds; r++)
		for (unsigned u = 0; ok && u < p->active_units; u++) {
			int sidx = -1;
			for (unsigned i = 0; i < ns; i++)
				if (md_sample_unit(p, i) == u)
					sidx = (int)i;
			struct visit v = { u, md_unit_cu(p, u) / per_sa, r == PASS_PREV ? -1 : sidx, &set[r],
					   r == PASS_FIRST ? sh : NULL, sidx >= 0 && r != PASS_PREV ? &lists[r][sidx] : NULL };
			for (uint64_t j = 0; ok && j < p->wg_per_unit; j++) {
				if (!pass_wg(p, u, r, j, &wg))
					continue;
				emu_group_start(g, wg);
				ok = run_group(g, nwaves, shift, &v, step);
				if (total)
					pr->fn(pr->ctx, MD_SHARE_WHAT, ++done, total);
			}
		}
	emu_group_free(g);
	free(step);
	emu_stepper_end(stp, NULL, NULL, 0); /* a fault here shows again in the simulation */
	if (ok) {
		double l1_of = first_round_shares(sh), m1 = 0, m2 = 0, mp = 0;
		const struct line_set *prev = spread ? &set[PASS_PREV] : &set[PASS_FIRST];
		for (unsigned i = 0; i < ns; i++) {
			unit_chances(sh, i, &set[PASS_FIRST], &set[PASS_LATER], prev, !spread, &lists[0][i], &lists[1][i],
				     l1_of);
			m1 += sh->unit_l1[i] / ns, m2 += sh->unit_l2[i] / ns, mp += sh->unit_prev[i] / ns;
		}
		if (ns)
			sh->p_l1 = m1, sh->p_l2 = m2, sh->p_prev = mp;
	}
	for (unsigned r = 0; r < PASS_ROUNDS; r++)
		set_free(&set[r]);
	for (unsigned r = 0; r < 2; r++)
		for (unsigned i = 0; i < MD_SHARE_UNITS; i++)
			free(lists[r][i].line);
	return ok ? EMU_OK : EMU_E_NOMEM;
}
