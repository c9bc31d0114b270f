/* bank_score.c — the report's scorer of the bank-cache model (vgpr_alloc/BANKS.md
 * §2; the rules are restated in report/report.h beside the types).
 *
 * It is kept apart from the allocator's scorer (ra_cache_score) on purpose:
 * the report judges the layouts the allocator makes, and a checker that shares
 * the allocator's code shares its mistakes.  So it is also built another way:
 * it stores no cache entries.  It keeps, per VGPR, when it was last read
 * through each slot and when it was last written, and per port when it was
 * last read; whether a port holds a VGPR follows from those times
 * (struct rp_bank_cache).  tests/report/bank_score_compare.c runs it and
 * ra_cache_score on the same records. */
#include <string.h>

#include "report/report.h"

/* BANKS.md's model with window 0: an entry lives until replaced or written. */
const struct rp_bank_model rp_model = { .window = 0 };

enum { STAMP_X = 0, STAMP_Y = 1, STAMP_WRITE = 2, STAMPS_PER_INST = 4 };

static size_t stamp(size_t inst, unsigned part) { return STAMPS_PER_INST * inst + part; }
static size_t inst_of(size_t st) { return st / STAMPS_PER_INST; }

void rp_bank_cache_init(struct rp_bank_cache *c, const struct rp_bank_model *m)
{
	memset(c, 0, sizeof *c);   /* every time 0: never read, never written */
	c->now = 1;
	c->window = m ? m->window : 0;
}

/* Did port (bank of v, s) hold v when the current instruction began?  Only if
 * v was the port's last read, was not written after it and, with a window,
 * that read is at most `window` instructions back. */
static bool port_holds(const struct rp_bank_cache *c, int v, unsigned s)
{
	if (v < 0 || v >= ISA_VGPRS)
		return false;
	size_t last = c->read_at[v][s];
	if (last == 0 || last != c->port_read_at[isa_vgpr_bank((unsigned)v)][s] || c->written_at[v] > last)
		return false;
	return c->window == 0 || c->now - inst_of(last) <= c->window;
}

/* The score of one instruction, from the times before it.  Y may read through
 * a slot what X reads through it: the same VGPR comes from one port read (Y's
 * read is a hit), a different VGPR of the same bank is a port conflict. */
static void score(const struct rp_bank_cache *c, const struct ra_access *in, struct rp_bank_score *sc)
{
	memset(sc, 0, sizeof *sc);
	for (unsigned h = 0; h < 2; h++)
		for (unsigned s = 0; s < RA_SLOTS; s++) {
			int v = in->read[h][s], x = h == 1 ? in->read[0][s] : -1;
			if (v < 0)
				continue;
			unsigned b = isa_vgpr_bank((unsigned)v);
			if (x >= 0 && x != v && isa_vgpr_bank((unsigned)x) == b)
				sc->port_conflicts++;
			if (x == v || port_holds(c, v, s))
				sc->hit_mask[h] |= (uint8_t)(1u << s);
			else
				sc->misses[b]++;
		}
	for (unsigned b = 0; b < ISA_VGPR_BANKS; b++)
		if (sc->misses[b] > 1)
			sc->bank_conflicts += (uint8_t)(sc->misses[b] - 1);
}

/* The times after the instruction: its reads (X's, then Y's, so Y's is the
 * port's last where both read one), then its writes. */
static void advance(struct rp_bank_cache *c, const struct ra_access *in)
{
	for (unsigned h = 0; h < 2; h++)
		for (unsigned s = 0; s < RA_SLOTS; s++) {
			int v = in->read[h][s];
			if (v < 0 || v >= ISA_VGPRS)
				continue;
			size_t t = stamp(c->now, h == 0 ? STAMP_X : STAMP_Y);
			c->read_at[v][s] = t;
			c->port_read_at[isa_vgpr_bank((unsigned)v)][s] = t;
		}
	for (unsigned h = 0; h < 2; h++)
		for (int k = 0; in->write[h] >= 0 && k < in->write_n[h]; k++)
			if (in->write[h] + k < ISA_VGPRS)
				c->written_at[in->write[h] + k] = stamp(c->now, STAMP_WRITE);
	c->now++;
}

void rp_bank_cache_step(struct rp_bank_cache *c, const struct ra_access *in, struct rp_bank_score *sc)
{
	score(c, in, sc);
	advance(c, in);
}

void rp_bank_totals_add(struct rp_bank_totals *t, const struct ra_access *in, const struct rp_bank_score *sc)
{
	t->insts++;
	for (unsigned h = 0; h < 2; h++)
		for (unsigned s = 0; s < RA_SLOTS; s++) {
			int v = in->read[h][s];
			if (v < 0)
				continue;
			bool hit = sc->hit_mask[h] & (1u << s);
			t->reads++;
			t->reads_slot[s]++;
			t->reads_bank[isa_vgpr_bank((unsigned)v)]++;
			t->hits += hit;
			t->hits_slot[s] += hit;
		}
	for (unsigned b = 0; b < ISA_VGPR_BANKS; b++)
		t->misses_bank[b] += sc->misses[b];
	t->bank_conflicts += sc->bank_conflicts;
	t->port_conflicts += sc->port_conflicts;
}

void rp_bank_score_seq(const struct ra_access *seq, size_t n, const struct rp_bank_model *m,
		       struct rp_bank_score *per, struct rp_bank_totals *t)
{
	struct rp_bank_cache c;
	rp_bank_cache_init(&c, m);
	memset(t, 0, sizeof *t);
	for (size_t i = 0; i < n; i++) {
		struct rp_bank_score sc;
		rp_bank_cache_step(&c, &seq[i], &sc);
		rp_bank_totals_add(t, &seq[i], &sc);
		if (per)
			per[i] = sc;
	}
}
