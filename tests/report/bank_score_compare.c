/* bank_score_compare.c — see bank_score_compare.h.  The allocator's scorer
 * (ra_cache_score) and the report's (rp_bank_score_seq) on the same records:
 * any difference in a hit, a miss per bank, a conflict or a total is a bug in
 * one of them (or a rule of BANKS.md §2 the two read differently). */
#include "tests/report/bank_score_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgpr_alloc/vgpr_alloc.h"

/* "X v4 v8 v0 w v0+1 | Y - v9 v1 w v1+1": what one record reads and writes. */
static void record_str(char *buf, size_t len, const struct ra_access *a)
{
	size_t at = 0;
	buf[0] = 0;
	for (int h = 0; h < (a->dual ? 2 : 1) && at < len; h++) {
		at += (size_t)snprintf(buf + at, len - at, "%s", h ? " | Y" : a->dual ? "X" : "single");
		for (int s = 0; s < RA_SLOTS && at < len; s++)
			at += a->read[h][s] < 0 ? (size_t)snprintf(buf + at, len - at, " -")
						: (size_t)snprintf(buf + at, len - at, " v%d", a->read[h][s]);
		if (at < len && a->write_n[h] && a->write[h] >= 0)
			at += (size_t)snprintf(buf + at, len - at, " w v%d+%u", a->write[h], a->write_n[h]);
	}
}

static bool same_score(const struct ra_access_score *x, const struct rp_bank_score *y)
{
	bool same = x->hit_mask[0] == y->hit_mask[0] && x->hit_mask[1] == y->hit_mask[1] &&
		    x->bank_conflicts == y->bank_conflicts && x->port_conflicts == y->port_conflicts;
	for (int b = 0; b < ISA_VGPR_BANKS; b++)
		same = same && x->miss_bank[b] == y->misses[b];
	return same;
}

static void score_diff(char *why, size_t len, size_t i, const struct ra_access *a,
		       const struct ra_access_score *x, const struct rp_bank_score *y)
{
	char rec[160];
	record_str(rec, sizeof rec, a);
	snprintf(why, len, "instruction %zu (%s): allocator hits %u/%u misses %u %u %u %u bank %u port %u; "
		 "report hits %u/%u misses %u %u %u %u bank %u port %u", i, rec, x->hit_mask[0], x->hit_mask[1],
		 x->miss_bank[0], x->miss_bank[1], x->miss_bank[2], x->miss_bank[3], x->bank_conflicts,
		 x->port_conflicts, y->hit_mask[0], y->hit_mask[1], y->misses[0], y->misses[1], y->misses[2],
		 y->misses[3], y->bank_conflicts, y->port_conflicts);
}

/* The totals side by side, in one order: 0 when they agree, else the name of
 * the first that differs. */
static const char *totals_diff(const struct ra_cache_stats *st, const struct rp_bank_totals *t, size_t *x,
			       size_t *y)
{
	static const char *const name[] = {
		"instructions", "reads", "hits", "reads src0", "reads src1", "reads src2", "hits src0",
		"hits src1", "hits src2", "reads bank 0", "reads bank 1", "reads bank 2", "reads bank 3",
		"misses bank 0", "misses bank 1", "misses bank 2", "misses bank 3", "bank conflicts",
		"port conflicts",
	};
	const size_t theirs[] = {
		st->insts, st->reads, st->hits, st->reads_slot[0], st->reads_slot[1], st->reads_slot[2],
		st->hits_slot[0], st->hits_slot[1], st->hits_slot[2], st->reads_bank[0], st->reads_bank[1],
		st->reads_bank[2], st->reads_bank[3], st->misses_bank[0], st->misses_bank[1], st->misses_bank[2],
		st->misses_bank[3], st->bank_conflicts, st->port_conflicts,
	};
	const size_t ours[] = {
		t->insts, t->reads, t->hits, t->reads_slot[0], t->reads_slot[1], t->reads_slot[2],
		t->hits_slot[0], t->hits_slot[1], t->hits_slot[2], t->reads_bank[0], t->reads_bank[1],
		t->reads_bank[2], t->reads_bank[3], t->misses_bank[0], t->misses_bank[1], t->misses_bank[2],
		t->misses_bank[3], t->bank_conflicts, t->port_conflicts,
	};
	_Static_assert(sizeof name / sizeof name[0] == sizeof ours / sizeof ours[0], "one name per total");
	for (size_t k = 0; k < sizeof ours / sizeof ours[0]; k++)
		if (theirs[k] != ours[k]) {
			*x = theirs[k], *y = ours[k];
			return name[k];
		}
	return NULL;
}

bool bsc_agree(const struct ra_access *seq, size_t n, unsigned window, char *why, size_t len)
{
	struct ra_access_score *theirs = calloc(n ? n : 1, sizeof *theirs);
	struct rp_bank_score *ours = calloc(n ? n : 1, sizeof *ours);
	if (!theirs || !ours) {
		free(theirs);
		free(ours);
		snprintf(why, len, "out of memory");
		return false;
	}
	struct ra_cache_stats st;
	struct rp_bank_totals t;
	ra_cache_score(seq, n, &(struct ra_cache_model){ .window = window }, &st, theirs);
	rp_bank_score_seq(seq, n, &(struct rp_bank_model){ .window = window }, ours, &t);
	bool agree = true;
	for (size_t i = 0; i < n && agree; i++)
		if (!same_score(&theirs[i], &ours[i])) {
			score_diff(why, len, i, &seq[i], &theirs[i], &ours[i]);
			agree = false;
		}
	size_t x = 0, y = 0;
	const char *total = agree ? totals_diff(&st, &t, &x, &y) : NULL;
	if (total) {
		snprintf(why, len, "totals: %s %zu (allocator) against %zu (report)", total, x, y);
		agree = false;
	}
	free(theirs);
	free(ours);
	return agree;
}

/* ---- random records ---------------------------------------------------------- */
static uint32_t xorshift(uint32_t *s)
{
	uint32_t x = *s;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return *s = x;
}

/* A VGPR 0..255, or -1 (no read) one time in four.  Half of them come from
 * v0..v15, four per bank, or the caches would hardly ever hit. */
static int16_t random_vgpr(uint32_t *s)
{
	uint32_t r = xorshift(s);
	if (r % 4 == 0)
		return -1;
	return (int16_t)((r >> 8) % 2 ? (r >> 9) % 16 : (r >> 9) % 256);
}

/* Half h writes nothing (one time in two) or 1..max_n VGPRs, inside v0..v255. */
static void random_write(uint32_t *s, struct ra_access *a, int h, unsigned max_n)
{
	uint32_t r = xorshift(s);
	if (r % 2)
		return;
	unsigned n = 1 + (r >> 4) % max_n;
	unsigned lo = (r >> 8) % 2 ? (r >> 9) % 16 : (r >> 9) % (257 - n);
	a->write[h] = (int16_t)lo;
	a->write_n[h] = (uint8_t)n;
}

/* A VOPD (both halves, one VGPR written each) or a single instruction (half 0,
 * up to 8 VGPRs written, as a load writes a range). */
static void random_record(uint32_t *s, struct ra_access *a)
{
	ra_access_clear(a);
	a->dual = xorshift(s) % 2;
	for (int h = 0; h < (a->dual ? 2 : 1); h++) {
		for (int sl = 0; sl < RA_SLOTS; sl++)
			a->read[h][sl] = random_vgpr(s);
		random_write(s, a, h, a->dual ? 1 : 8);
	}
}

bool bsc_agree_random(uint32_t seed, size_t n, unsigned window, char *why, size_t len)
{
	struct ra_access *seq = calloc(n ? n : 1, sizeof *seq);
	if (!seq) {
		snprintf(why, len, "out of memory");
		return false;
	}
	uint32_t s = seed ? seed : 1;
	for (size_t i = 0; i < n; i++)
		random_record(&s, &seq[i]);
	bool agree = bsc_agree(seq, n, window, why, len);
	free(seq);
	return agree;
}

/* ---- a report's loop ------------------------------------------------------------ */
bool bsc_agree_on_loop(const struct rp_report *r, char *why, size_t len)
{
	size_t n = r->nrows;
	struct ra_access *seq = calloc(2 * n + 1, sizeof *seq);
	struct ra_access_score *theirs = calloc(2 * n + 1, sizeof *theirs);
	bool agree = seq && theirs;
	if (!agree)
		snprintf(why, len, "out of memory");
	for (size_t i = 0; agree && i < n; i++)
		seq[i] = seq[n + i] = r->insts[r->rows[i].inst].acc;
	for (unsigned w = 0; agree && w <= 1; w++)
		if (!bsc_agree(seq, 2 * n, w, why, len)) {
			size_t at = strlen(why);
			snprintf(why + at, len - at, " (window %u)", w);
			agree = false;
		}
	/* What the report shows is the second pass under its model (window 0). */
	struct ra_cache_stats st;
	if (agree)
		ra_cache_score(seq, 2 * n, &(struct ra_cache_model){ .window = rp_model.window }, &st, theirs);
	for (size_t i = 0; agree && i < n; i++)
		if (!same_score(&theirs[n + i], &r->rows[i].score)) {
			score_diff(why, len, i, &seq[i], &theirs[n + i], &r->rows[i].score);
			agree = false;
		}
	free(seq);
	free(theirs);
	return agree;
}
