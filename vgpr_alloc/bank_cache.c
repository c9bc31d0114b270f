/* The bank-cache model (BANKS.md, "Bank-cache model"): one entry per read
 * slot of each bank, filled by reads, dropped when its VGPR is written. */
#include "vgpr_alloc/vgpr_alloc.h"

#include <string.h>

struct cache_entry {
	int vgpr;       /* -1: empty */
	size_t last;    /* instruction that last read it */
};

static void drop_written(struct cache_entry c[RA_VGPR_BANKS][RA_SLOTS],
			 int first, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		int v = first + (int)k;
		struct cache_entry *row = c[ra_bank((unsigned)v)];
		for (int s = 0; s < RA_SLOTS; s++)
			if (row[s].vgpr == v)
				row[s].vgpr = -1;
	}
}

void ra_cache_score(const struct ra_access *seq, size_t n,
		    const struct ra_cache_model *m, struct ra_cache_stats *st,
		    struct ra_access_score *per)
{
	unsigned window = m ? m->window : 0;
	struct cache_entry c[RA_VGPR_BANKS][RA_SLOTS];
	for (int b = 0; b < RA_VGPR_BANKS; b++)
		for (int s = 0; s < RA_SLOTS; s++)
			c[b][s] = (struct cache_entry){ -1, 0 };
	memset(st, 0, sizeof *st);
	st->insts = n;

	for (size_t i = 0; i < n; i++) {
		const struct ra_access *a = &seq[i];
		struct ra_access_score sc;
		memset(&sc, 0, sizeof sc);
		/* VGPR each (bank, slot) port delivers in this instruction. */
		int port[RA_VGPR_BANKS][RA_SLOTS];
		for (int b = 0; b < RA_VGPR_BANKS; b++)
			for (int s = 0; s < RA_SLOTS; s++)
				port[b][s] = -1;

		for (int h = 0; h < 2; h++) {
			for (int s = 0; s < RA_SLOTS; s++) {
				int v = a->read[h][s];
				if (v < 0)
					continue;
				unsigned b = ra_bank((unsigned)v);
				st->reads++;
				st->reads_slot[s]++;
				st->reads_bank[b]++;
				bool hit;
				if (port[b][s] == v) {
					hit = true;  /* same value, same port: one read serves both */
				} else {
					if (port[b][s] >= 0)
						sc.port_conflicts++;
					port[b][s] = v;
					const struct cache_entry *e = &c[b][s];
					hit = e->vgpr == v &&
					      (window == 0 || i - e->last <= window);
				}
				if (hit) {
					st->hits++;
					st->hits_slot[s]++;
					sc.hit_mask[h] |= (uint8_t)(1u << s);
				} else {
					st->misses_bank[b]++;
					sc.miss_bank[b]++;
				}
			}
		}
		for (int b = 0; b < RA_VGPR_BANKS; b++) {
			if (sc.miss_bank[b] > 1)
				sc.bank_conflicts += (uint8_t)(sc.miss_bank[b] - 1);
			for (int s = 0; s < RA_SLOTS; s++)
				if (port[b][s] >= 0)
					c[b][s] = (struct cache_entry){ port[b][s], i };
		}
		for (int h = 0; h < 2; h++)
			if (a->write_n[h] && a->write[h] >= 0)
				drop_written(c, a->write[h], a->write_n[h]);
		st->bank_conflicts += sc.bank_conflicts;
		st->port_conflicts += sc.port_conflicts;
		if (per)
			per[i] = sc;
	}
}
