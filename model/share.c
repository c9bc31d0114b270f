/* share.c — how much the units of a dispatch share the lines they load, for a
 * sampled prediction.
 *
 * A sampled plan simulates a few units; the others do not bring lines into L1
 * and L2 for them, so the simulated units would fetch from DRAM what on the
 * GPU another CU of the same shader array (L1) or of another array (L2) had
 * just fetched: the A and B panels of a GEMM are read by every workgroup of a
 * tile row or column at the same time.  Before the sampled simulation, every
 * active unit's first round of workgroups is run *functionally* (no timing,
 * a stepper of its own) for its first MD_SHARE_LOADS global loads per wave, and
 * the lines they touch are counted three ways:
 *
 *   touches  sum over units of the distinct lines each unit loads;
 *   arrays   sum over shader arrays of the distinct lines the array loads;
 *   lines    distinct lines over the GPU.
 *
 * A line a unit loads was brought into its array's L1 by another unit with
 * probability 1 - arrays/touches, and, failing that, into L2 by another array
 * with probability 1 - lines/arrays (mem.c applies both; model/model.h).
 * Then the sampled units' second rounds run the same way: of the lines a unit
 * loads there that it did not load in its first round (fresh), the share
 * another unit did (again) is p_prev, the chance that such a line is still in
 * L2 or the Infinity Cache from the previous round (mem.c).
 * A wave stops before any instruction that would write global memory
 * (emu_group_peek): device memory is as the simulation expects it.  Its
 * scratch stores go on (the pass's group has private memory of its own).
 */
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

#define MD_SHARE_LOADS 64        /* global loads per wave looked at */
#define MD_SHARE_INSTS 20000     /* instructions per wave at most */

struct line_set {
	uint64_t *key;               /* line + 1; 0 = empty */
	uint32_t *unit, *array;      /* the last unit and array that loaded it, + 1 */
	size_t cap, n;
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return x;
}

static bool set_grow(struct line_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 4096;
	uint64_t *key = calloc(cap, sizeof *key);
	uint32_t *unit = malloc(cap * sizeof *unit), *array = malloc(cap * sizeof *array);
	if (!key || !unit || !array) {
		free(key), free(unit), free(array);
		return false;
	}
	for (size_t i = 0; i < s->cap; i++) {
		if (!s->key[i])
			continue;
		size_t j = mix(s->key[i]) & (cap - 1);
		while (key[j])
			j = (j + 1) & (cap - 1);
		key[j] = s->key[i], unit[j] = s->unit[i], array[j] = s->array[i];
	}
	free(s->key), free(s->unit), free(s->array);
	s->key = key, s->unit = unit, s->array = array, s->cap = cap;
	return true;
}

/* Units are visited in order and the CUs of an array are consecutive units,
 * so "last unit / array that loaded it" counts distinct lines per unit and
 * per array in one pass. */
static bool set_touch(struct line_set *s, uint64_t line, unsigned unit, unsigned array, struct md_sharing *sh)
{
	if ((s->n + 1) * 2 > s->cap && !set_grow(s))
		return false;
	uint64_t k = line + 1;
	size_t j = mix(k) & (s->cap - 1);
	while (s->key[j] && s->key[j] != k)
		j = (j + 1) & (s->cap - 1);
	if (!s->key[j]) {
		s->key[j] = k, s->unit[j] = 0, s->array[j] = 0;
		s->n++;
		sh->lines++;
	}
	if (s->unit[j] != unit + 1)
		s->unit[j] = unit + 1, sh->touches++;
	if (s->array[j] != array + 1)
		s->array[j] = array + 1, sh->arrays++;
	return true;
}

/* A line the unit loads in its second round (s: those lines so far): fresh if
 * the unit did not load it in its first round (first), again if another did. */
static bool set_touch_again(struct line_set *s, const struct line_set *first, uint64_t line, unsigned unit,
			    struct md_sharing *sh)
{
	struct md_sharing once = { 0 }; /* set_touch counts a touch the unit's first of the line */
	if (!set_touch(s, line, unit, 0, &once))
		return false;
	if (once.touches == 0)
		return true; /* loaded before in this round */
	bool seen = false;
	if (first->cap) { /* the first round loaded something */
		uint64_t k = line + 1;
		size_t j = mix(k) & (first->cap - 1);
		while (first->key[j] && first->key[j] != k)
			j = (j + 1) & (first->cap - 1);
		if (first->key[j] && first->unit[j] == unit + 1)
			return true; /* its own (the last first-round unit to load it) */
		seen = first->key[j] != 0;
	}
	sh->fresh++;
	if (seen)
		sh->again++;
	return true;
}

/* A store to global memory: the pass must not change what the simulation reads.
 * Scratch stores go on: each emulator group has its own private memory, so
 * the pass writes none of the simulation's (a spilling kernel stores to
 * scratch before its first global load, and stopping there measured no
 * sharing at all). */
static bool writes_memory(const struct emu_step *st)
{
	return st->space == EMU_SPACE_GLOBAL && st->store;
}

/* Run one workgroup's waves round-robin until each has made its loads, would
 * write memory, or ended; a barrier is released when every live wave is at it. */
static bool run_group(struct emu_group *g, unsigned nwaves, unsigned unit, unsigned array, unsigned line_shift,
		      struct line_set *set, const struct line_set *first, struct md_sharing *sh, struct emu_step *st)
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
			if (!st->in || st->status != EMU_STEP_RUN || writes_memory(st) || loads[w] >= MD_SHARE_LOADS ||
			    insts[w] >= MD_SHARE_INSTS) {
				stopped[w] = true;
				continue;
			}
			live++;
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
					if (!(first ? set_touch_again(set, first, x, unit, sh) : set_touch(set, x, unit, array, sh)))
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

int md_sharing_measure(struct emu_dev *dev, const struct emu_launch *L, const struct md_plan *p,
		       const struct mdl_consts *c, struct md_sharing *sh, char *err, size_t errlen)
{
	memset(sh, 0, sizeof *sh);
	struct emu_stepper *stp;
	int rc = emu_stepper_new(dev, L, &stp, err, errlen);
	if (rc != EMU_OK)
		return rc;
	struct emu_group *g = emu_group_new(stp);
	struct emu_step *step = malloc(sizeof *step); /* large: the lane addresses */
	struct line_set set = { 0 };
	unsigned shift = 0, per_sa = c->cus_per_sa >= 1 ? (unsigned)c->cus_per_sa : 1;
	while ((1ull << shift) < (uint64_t)c->line_bytes)
		shift++;
	unsigned nwaves = emu_stepper_waves(stp);
	bool ok = g && step;
	for (unsigned u = 0; ok && u < p->active_units; u++) {
		uint64_t n = md_unit_wgs(p, u);
		if (n > p->wg_per_unit)
			n = p->wg_per_unit;
		for (uint64_t j = 0; ok && j < n; j++) {
			emu_group_start(g, md_unit_wg(p, u, j));
			ok = run_group(g, nwaves, u, md_unit_cu(p, u) / per_sa, shift, &set, NULL, sh, step);
		}
	}
	struct line_set again = { 0 };
	for (unsigned i = 0; ok && i < p->nsample; i++) {
		unsigned u = md_sample_unit(p, i);
		uint64_t n = md_unit_wgs(p, u);
		if (n > 2 * (uint64_t)p->wg_per_unit)
			n = 2 * (uint64_t)p->wg_per_unit;
		for (uint64_t j = p->wg_per_unit; ok && j < n; j++) {
			emu_group_start(g, md_unit_wg(p, u, j));
			ok = run_group(g, nwaves, u, 0, shift, &again, &set, sh, step);
		}
	}
	free(again.key), free(again.unit), free(again.array);
	emu_group_free(g);
	free(step);
	emu_stepper_end(stp, NULL, NULL, 0); /* a fault here shows again in the simulation */
	free(set.key), free(set.unit), free(set.array);
	if (!ok)
		return EMU_E_NOMEM;
	if (sh->touches > 0) {
		sh->p_l1 = 1 - sh->arrays / sh->touches;
		sh->p_l2 = sh->arrays > 0 ? 1 - sh->lines / sh->arrays : 0;
	}
	sh->p_prev = sh->fresh > 0 ? sh->again / sh->fresh : 0;
	return EMU_OK;
}
