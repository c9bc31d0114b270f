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
 *   later:   a line that an unsimulated unit loaded in the rounds before
 *            (up to MD_SHARE_BACK of them, fewer once they have touched
 *            twice as many lines as the last shared level holds) is in L2,
 *            or in the Infinity Cache only, if that level still holds it:
 *            the rounds' loads and stores are replayed, oldest first, through
 *            the two levels at round grain with the full simulation's rule
 *            (mem.c: a level holds a line until as many lines were filled
 *            after it as it holds; back_fills), the lines of accesses with
 *            gfx11's DLC bit (MALL NOALLOC, model.h) through L2 only.
 *            p_prev and p_prev_l2: mem.c enters such a line as filled one
 *            workgroup-time ago.  A line no such level holds comes from a
 *            same-round unit not simulated with the round-1 chance measured
 *            on the later round's sharers.
 *            A stencil's plane is read again by the workgroups of the next
 *            two planes, which on a large plane are rounds later: looking one
 *            round back only, the lab notes' kernel 5 on 1024 x 1536 x 32
 *            found none of its planes again and fetched them all from DRAM
 *            (510 GB/s sampled against 989 in full); entered as held without
 *            the replay, on 1024 x 3072 x 32 it found all of them (1044
 *            against 682: the full simulation's Infinity Cache no longer
 *            holds a plane the next two planes' fills have passed).
 *
 * Device memory stays as the simulation expects it: a plain store to global
 * memory is passed over (emu_group_skip), and a wave stops before a global
 * atomic (global_store, global_atomic).  Its scratch stores go on (the
 * pass's group has private memory of its own).
 */
#include "model/internal.h"

#include <math.h>
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

/* The slot of key k (a line + 1) in a table of cap slots (a power of two):
 * where it is, or the empty one where it goes. */
static size_t probe(const uint64_t *key, size_t cap, uint64_t k)
{
	size_t j = mix(k) & (cap - 1);
	while (key[j] && key[j] != k)
		j = (j + 1) & (cap - 1);
	return j;
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
		size_t j = probe(t.key, cap, s->key[i]);
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
	size_t j = probe(s->key, s->cap, line + 1);
	return s->key[j] ? (long)j : -1;
}

/* line's slot in s, added with no unit or array when new (*fresh); -1: out
 * of memory. */
static long set_slot(struct line_set *s, uint64_t line, bool *fresh)
{
	if ((s->n + 1) * 2 > s->cap && !set_grow(s))
		return -1;
	size_t j = probe(s->key, s->cap, line + 1);
	*fresh = !s->key[j];
	if (*fresh) {
		s->key[j] = line + 1, s->unit[j] = 0, s->array[j] = 0, s->units[j] = 0, s->smask[j] = 0;
		s->n++;
	}
	return (long)j;
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
	struct line_set *stores;     /* the lines its global stores write (NULL: not counted) */
	struct line_set *noalloc;    /* with stores: the lines of its DLC loads and stores (MM_NOALLOC) */
	bool *cut;                   /* set when a wave stops at MD_SHARE_LOADS or MD_SHARE_INSTS */
};

/* Units are visited in order and the CUs of an array are consecutive units,
 * so "last unit / array that loaded it" counts distinct lines per unit and
 * per array in one pass. */
static bool set_touch(const struct visit *v, uint64_t line)
{
	struct line_set *s = v->set;
	bool fresh;
	long j = set_slot(s, line, &fresh);
	if (j < 0)
		return false;
	if (fresh && v->sh)
		v->sh->lines++;
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

/* line into s, a key only (no unit or array). */
static bool set_add(struct line_set *s, uint64_t line)
{
	bool fresh;
	return set_slot(s, line, &fresh) >= 0;
}

/* Each line the active lanes of a memory step touch, to fn (false: out of memory). */
static bool lanes_lines(const struct emu_step *st, unsigned line_shift, bool (*fn)(void *, uint64_t), void *ctx)
{
	for (unsigned l = 0; l < st->naddr && l < 32; l++) {
		if (!(st->exec >> l & 1))
			continue;
		uint64_t lo = st->addr[l] >> line_shift, hi = (st->addr[l] + st->bytes - 1) >> line_shift;
		for (uint64_t x = lo; x <= hi; x++)
			if (!fn(ctx, x))
				return false;
	}
	return true;
}

static bool load_line(void *v, uint64_t line) { return set_touch(v, line); }
static bool store_line(void *s, uint64_t line) { return set_add(s, line); }

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
				if (st->in && st->status == EMU_STEP_RUN && !global_atomic(st) && v->cut)
					*v->cut = true;
				stopped[w] = true;
				continue;
			}
			live++;
			if (v->noalloc && st->space == EMU_SPACE_GLOBAL && st->in->dlc &&
			    !lanes_lines(st, line_shift, store_line, v->noalloc))
				return false;
			if (global_store(st)) {
				if (v->stores && !lanes_lines(st, line_shift, store_line, v->stores))
					return false;
				emu_group_skip(g, w);
				insts[w]++, moved = true;
				continue;
			}
			emu_group_step(g, w, st);
			insts[w]++, moved = true;
			if (st->space != EMU_SPACE_GLOBAL || st->store || st->naddr != 32)
				continue;
			loads[w]++;
			if (!lanes_lines(st, line_shift, load_line, (void *)v))
				return false;
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

/* L2 and the Infinity Cache over the rounds a later round looks back over,
 * at round grain (share.c's header): each line the rounds load or store,
 * oldest round first, is a fill of a level unless the level still holds it
 * from its last fill, that is unless fewer lines were filled since than it
 * holds (mem.c's rule for the full simulation).  A line first seen in the
 * window is a fill of both. */
struct back_fills {
	uint64_t *key;               /* line + 1; 0 = empty */
	double *at[2];               /* per level (L2, Infinity Cache): the fill count at its last fill */
	size_t cap, n;
	double count[2], hold[2];
};

static void bf_free(struct back_fills *b)
{
	free(b->key), free(b->at[0]), free(b->at[1]);
}

/* The slot of line (new: key 0), with room for one more; -1: out of memory. */
static long bf_slot(struct back_fills *b, uint64_t line)
{
	if ((b->n + 1) * 2 > b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 4096;
		struct back_fills t = { calloc(cap, sizeof *t.key), { malloc(cap * sizeof(double)), malloc(cap * sizeof(double)) },
					cap, b->n, { b->count[0], b->count[1] }, { b->hold[0], b->hold[1] } };
		if (!t.key || !t.at[0] || !t.at[1]) {
			bf_free(&t);
			return -1;
		}
		for (size_t i = 0; i < b->cap; i++) {
			if (!b->key[i])
				continue;
			size_t j = probe(t.key, cap, b->key[i]);
			t.key[j] = b->key[i], t.at[0][j] = b->at[0][i], t.at[1][j] = b->at[1][i];
		}
		bf_free(b);
		*b = t;
	}
	return (long)probe(b->key, b->cap, line + 1);
}

/* The line is loaded or stored: a fill of each of the first levels (2: both,
 * 1: L2 only, MM_NOALLOC) that does not hold it.  A line new to the window
 * that the Infinity Cache does not take is not held there. */
static bool bf_touch(struct back_fills *b, uint64_t line, unsigned levels)
{
	long j = bf_slot(b, line);
	if (j < 0)
		return false;
	bool fresh = !b->key[j];
	if (fresh)
		b->key[j] = line + 1, b->n++, b->at[1][j] = -INFINITY;
	for (unsigned k = 0; k < levels; k++)
		if (fresh || b->count[k] - b->at[k][j] >= b->hold[k])
			b->at[k][j] = b->count[k]++;
	return true;
}

/* Which level holds the line now: 2 L2, 1 the Infinity Cache only, 0
 * neither (or the window never loaded it). */
static unsigned bf_level(const struct back_fills *b, uint64_t line)
{
	if (!b->cap)
		return 0;
	size_t j = probe(b->key, b->cap, line + 1);
	if (!b->key[j])
		return 0;
	for (unsigned k = 0; k < 2; k++)
		if (b->count[k] - b->at[k][j] < b->hold[k])
			return 2 - k;
	return 0;
}

/* The window's loads (lines some unit loaded) and stores into b, oldest round
 * first; a line of round d's noalloc set (NULL: none) fills L2 only. */
static bool bf_replay(struct back_fills *b, const struct line_set *loads, const struct line_set *stores,
		      const struct line_set *noalloc, unsigned n)
{
	for (unsigned d = n; d-- > 0;) {
		for (unsigned k = 0; k < 2; k++) {
			const struct line_set *f = k ? (stores ? &stores[d] : NULL) : &loads[d];
			for (size_t i = 0; f && i < f->cap; i++) {
				if (!f->key[i] || (!k && !f->units[i]))
					continue;
				uint64_t line = f->key[i] - 1;
				if (!bf_touch(b, line, noalloc && set_find(&noalloc[d], line) >= 0 ? 1 : 2))
					return false;
			}
		}
	}
	return true;
}

/* Sampled unit i's chances from the rounds' sets and its lists (the file's
 * header): round 1's ghost chance, p_prev, and the later rounds' ghost
 * chance; split between L1 and L2 by l1_of.  prev holds the lines of the
 * rounds before the later one and which level still holds each; simulated
 * (NULL: none) is that round when the simulation runs it too, so that a line
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
			 const struct back_fills *prev, const struct line_set *simulated, const struct line_list *l1,
			 const struct line_list *l2, double l1_of)
{
	double w1 = 0, f1 = 0, f2 = 0, before = 0, rest = 0, in_l2 = 0;
	for (size_t k = 0; k < l1->n; k++) {
		long j = set_find(r1, l1->line[k]);
		if (j < 0 || !r1->units[j] || !r1->smask[j])
			continue;
		w1 += 1.0 / popcount16(r1->smask[j]);
		f1 += 1.0 / r1->units[j];
	}
	double g1 = w1 > 0 ? 1 - f1 / w1 : 0;
	for (size_t k = 0; k < l2->n; k++) {
		long a = simulated ? set_find(simulated, l2->line[k]) : -1, b = set_find(r2, l2->line[k]);
		if (a >= 0 && simulated->smask[a])
			continue; /* the unit's own, or another simulated unit's: in the simulation */
		if (b < 0 || !r2->units[b] || !r2->smask[b])
			continue;
		double w = 1.0 / popcount16(r2->smask[b]);
		unsigned lv = bf_level(prev, l2->line[k]);
		if (lv) {
			before += w, in_l2 += lv == 2 ? w : 0;
			continue;
		}
		rest += w;
		f2 += 1.0 / r2->units[b];
	}
	double later = rest > 0 ? 1 - f2 / rest : g1;
	sh->unit_prev[i] = before + rest > 0 ? before / (before + rest) : 0;
	sh->unit_prev_l2[i] = before + rest > 0 ? in_l2 / (before + rest) : 0;
	double c[2] = { g1, later }, *o1[2] = { &sh->unit_l1[i], &sh->unit_l1b[i] }, *o2[2] = { &sh->unit_l2[i], &sh->unit_l2b[i] };
	for (unsigned r = 0; r < 2; r++) {
		double l1 = l1_of * c[r];
		*o1[r] = l1;
		*o2[r] = l1 < 1 ? (c[r] - l1) / (1 - l1) : 0;
	}
}

/* The pass's rounds: the first (PASS_FIRST), the second the unit simulates
 * (PASS_LATER: its second round, or with spread sampling the middle of the
 * first stratum, dispatch.c), and the grid rounds just before that one
 * (PASS_BACK + d - 1: d rounds before), run only when the simulation does not
 * run them.  A later round's previous-round chance must be measured on the
 * rounds the GPU ran just before it: measured on the first round instead, a
 * stencil whose simulated rounds lie planes away from the first found no line
 * from the round before and fetched its planes from DRAM again. */
enum { PASS_FIRST, PASS_LATER, PASS_BACK, PASS_ROUNDS = PASS_BACK + MD_SHARE_BACK };

/* Which of its simulated rounds a unit's later chances are measured on: its
 * second, or with spread sampling (its second simulated round is not its
 * second round, dispatch.c) the middle stratum's, a round from the middle of
 * the grid.  The first stratum's lies near the grid's start, which need not
 * be like the rest: the lab notes' kernel 5 on 1024 x 4096 x 32 has it in
 * the third of 32 planes, whose lower neighbour's lines the boundary plane
 * below never loaded, so the Infinity Cache still held them where in the
 * grid's other planes it no longer does.  Only when the pass sees whole
 * workgroups (whole): see md_sharing_measure. */
static uint64_t later_round(const struct md_plan *p, unsigned u, bool whole)
{
	uint64_t R = p->wg_per_unit, S = R ? md_unit_sim_wgs(p, u) / R : 0;
	if (!whole || S < 2 || md_unit_wg(p, u, R) == u + R * p->units)
		return 1;
	return S / 2;
}

/* The unit's j-th workgroup of pass round r (j < wg_per_unit); false: none
 * (before the grid's second round: the first is the simulation's own). */
static bool pass_wg(const struct md_plan *p, unsigned u, unsigned r, uint64_t j, bool whole, uint64_t *wg)
{
	uint64_t R = p->wg_per_unit, jj = (r == PASS_FIRST ? 0 : later_round(p, u, whole) * R) + j;
	if (jj >= md_unit_sim_wgs(p, u))
		return false;
	*wg = md_unit_wg(p, u, jj);
	if (r < PASS_BACK)
		return true;
	uint64_t back = (uint64_t)(r - PASS_BACK + 1) * R * p->units;
	if (*wg < back + R * p->units)
		return false;
	*wg -= back; /* the same slot d rounds earlier */
	return true;
}

/* Whether any unit's later round follows a round the simulation skips. */
static bool pass_spread(const struct md_plan *p)
{
	for (unsigned u = 0; u < p->active_units; u++) {
		uint64_t wg;
		if (pass_wg(p, u, PASS_BACK, 0, true, &wg))
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
				all += pass_wg(p, u, r, j, true, &wg);
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

/* The pass's state: the emulator's group and step, and what it counts. */
struct pass {
	const struct md_plan *p;
	struct emu_group *g;
	struct emu_step *step;
	struct md_sharing *sh;
	struct line_set set[PASS_ROUNDS];
	struct line_list lists[2][MD_SHARE_UNITS];
	struct line_set stores[MD_SHARE_BACK]; /* the back rounds' stored lines */
	struct line_set noalloc[MD_SHARE_BACK]; /* and the lines of their DLC accesses */
	unsigned shift, per_sa, nwaves, ns;
	bool cut;                    /* a wave of the first round stopped before its end */
	const struct emu_progress *pr;
	uint64_t done, total;
};

/* Every active unit's workgroups of pass round r. */
static bool pass_round(struct pass *s, unsigned r)
{
	const struct md_plan *p = s->p;
	bool ok = true;
	uint64_t wg;
	for (unsigned u = 0; ok && u < p->active_units; u++) {
		int sidx = -1;
		for (unsigned i = 0; i < s->ns; i++)
			if (md_sample_unit(p, i) == u)
				sidx = (int)i;
		struct visit v = { u, md_unit_cu(p, u) / s->per_sa, r >= PASS_BACK ? -1 : sidx, &s->set[r],
				   r == PASS_FIRST ? s->sh : NULL, sidx >= 0 && r < PASS_BACK ? &s->lists[r][sidx] : NULL,
				   r >= PASS_BACK ? &s->stores[r - PASS_BACK] : NULL,
				   r >= PASS_BACK ? &s->noalloc[r - PASS_BACK] : NULL, r == PASS_FIRST ? &s->cut : NULL };
		for (uint64_t j = 0; ok && j < p->wg_per_unit; j++) {
			if (!pass_wg(p, u, r, j, !s->cut, &wg))
				continue;
			emu_group_start(s->g, wg);
			ok = run_group(s->g, s->nwaves, s->shift, &v, s->step);
			if (s->total)
				s->pr->fn(s->pr->ctx, MD_SHARE_WHAT, ++s->done, s->total);
		}
	}
	return ok;
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
	struct pass *s = calloc(1, sizeof *s);
	if (!s) {
		emu_stepper_end(stp, NULL, NULL, 0);
		return EMU_E_NOMEM;
	}
	s->p = p, s->sh = sh, s->pr = pr;
	s->g = emu_group_new(stp);
	s->step = malloc(sizeof *s->step); /* large: the lane addresses */
	s->per_sa = c->cus_per_sa >= 1 ? (unsigned)c->cus_per_sa : 1;
	while ((1ull << s->shift) < (uint64_t)c->line_bytes)
		s->shift++;
	s->nwaves = emu_stepper_waves(stp), s->ns = p->nsample < MD_SHARE_UNITS ? p->nsample : MD_SHARE_UNITS;
	bool ok = s->g && s->step, spread = pass_spread(p);
	unsigned rounds = spread ? PASS_ROUNDS : PASS_BACK, nback = 0;
	s->total = pr && pr->fn ? pass_workgroups(p, rounds) : 0;
	if (s->total)
		pr->fn(pr->ctx, MD_SHARE_WHAT, 0, s->total);
	/* Back rounds, latest first, until they have touched twice as many
	 * distinct lines as the last shared level holds: the lines it holds now
	 * are the last it filled, as many distinct lines, all touched since their
	 * fill (twice: some of the touches were hits, not fills).  That needs
	 * every line a workgroup loads and stores: when the pass stopped a wave
	 * of the first round at its limits (a GEMM's long loop), it sees too few
	 * of them to count what the levels hold, and it looks one round back, at
	 * the second round it simulates, and leaves the capacity to the
	 * simulation's own caches (mem.c), as before the back rounds.  (Counted
	 * on the first loads of each wave only, k2 at 4096^3 found 83 % of its
	 * later round's lines held where one round back found 50 %, and came out
	 * 5.6 % slower with no full simulation to tell which is right.) */
	double line = c->line_bytes > 0 ? c->line_bytes : 128;
	double hold = (c->mall_bytes > 0 ? c->mall_bytes : c->l2_bytes) / line;
	struct line_set seen = { 0 };
	for (unsigned r = 0; ok && r < rounds && (double)seen.n < 2 * hold; r++) {
		if (r > PASS_BACK && s->cut)
			break;
		ok = pass_round(s, r);
		if (r < PASS_BACK)
			continue;
		nback++;
		for (unsigned k = 0; k < 2; k++) {
			const struct line_set *f = k ? &s->stores[r - PASS_BACK] : &s->set[r];
			for (size_t i = 0; ok && i < f->cap; i++)
				if (f->key[i])
					ok = set_add(&seen, f->key[i] - 1);
		}
	}
	set_free(&seen);
	if (s->total && s->done < s->total)
		pr->fn(pr->ctx, MD_SHARE_WHAT, s->total, s->total);
	emu_group_free(s->g);
	free(s->step);
	emu_stepper_end(stp, NULL, NULL, 0); /* a fault here shows again in the simulation */
	/* Without spread sampling the round before the later one is the first,
	 * which the pass ran: a line an unsimulated unit loaded then is in L2. */
	struct back_fills prev = { .hold = { INFINITY, INFINITY } };
	if (ok && spread && s->cut) {
		ok = bf_replay(&prev, &s->set[PASS_BACK], NULL, NULL, 1);
	} else if (ok && spread) {
		prev.hold[0] = c->l2_bytes / line, prev.hold[1] = c->mall_bytes / line;
		ok = bf_replay(&prev, &s->set[PASS_BACK], s->stores, s->noalloc, nback);
	} else if (ok) {
		ok = bf_replay(&prev, &s->set[PASS_FIRST], NULL, NULL, 1);
	}
	if (ok) {
		double l1_of = first_round_shares(sh), m1 = 0, m2 = 0, mp = 0, mp2 = 0;
		unsigned ns = s->ns;
		for (unsigned i = 0; i < ns; i++) {
			unit_chances(sh, i, &s->set[PASS_FIRST], &s->set[PASS_LATER], &prev,
				     spread ? NULL : &s->set[PASS_FIRST], &s->lists[0][i], &s->lists[1][i], l1_of);
			m1 += sh->unit_l1[i] / ns, m2 += sh->unit_l2[i] / ns, mp += sh->unit_prev[i] / ns;
			mp2 += sh->unit_prev_l2[i] / ns;
		}
		if (ns)
			sh->p_l1 = m1, sh->p_l2 = m2, sh->p_prev = mp, sh->p_prev_l2 = mp2;
	}
	bf_free(&prev);
	for (unsigned r = 0; r < PASS_ROUNDS; r++)
		set_free(&s->set[r]);
	for (unsigned d = 0; d < MD_SHARE_BACK; d++)
		set_free(&s->stores[d]), set_free(&s->noalloc[d]);
	for (unsigned r = 0; r < 2; r++)
		for (unsigned i = 0; i < MD_SHARE_UNITS; i++)
			free(s->lists[r][i].line);
	free(s);
	return ok ? EMU_OK : EMU_E_NOMEM;
}
