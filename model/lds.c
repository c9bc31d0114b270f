/* lds.c — how many cycles the LDS of a CU needs for one DS instruction, from
 * the lane addresses the emulator computed.
 *
 * The LDS serves lds_banks dword-wide banks per cycle (bank = dword address mod
 * banks).  Lanes reading the same dword share one access (broadcast).  A wave's
 * request of D dwords per lane is served in dwords-per-lane passes over the 32
 * lanes; the cost is the busiest bank's count of distinct dwords, and never
 * less than the data divided by the banks' width.
 */
#include "model/internal.h"

#include <string.h>

#define MAX_ACC (2 * 32 * 4)         /* 2addr forms, 32 lanes, up to 4 dwords per address */

unsigned mdl_lds_cycles(const struct mdl_consts *c, const struct emu_step *st)
{
	unsigned banks = (unsigned)c->lds_banks;
	if (banks == 0 || banks > 64)
		banks = 32;
	uint32_t dw[MAX_ACC];
	unsigned n = 0, per = (st->bytes + 3u) / 4u;
	if (per > 4)
		per = 4;
	for (unsigned a = 0; a < st->naddr; a++) {
		if (!(st->exec >> (a & 31) & 1))
			continue;
		uint32_t base = (uint32_t)(st->addr[a] >> 2);
		for (unsigned k = 0; k < per && n < MAX_ACC; k++)
			dw[n++] = base + k;
	}
	if (!n)
		return 1;
	/* distinct dwords per bank (n <= 256): an open-addressing set of twice
	 * that size finds repeats in linear time (the model calls this for every
	 * DS instruction; a quadratic search was a third of its time) */
	uint32_t set[2 * MAX_ACC];
	bool used[2 * MAX_ACC];
	memset(used, 0, sizeof used);
	unsigned count[64];
	memset(count, 0, sizeof count);
	unsigned worst = 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned h = (dw[i] * 2654435761u) >> 23; /* 9 bits: 0 .. 2 * MAX_ACC - 1 */
		while (used[h] && set[h] != dw[i])
			h = (h + 1) & (2 * MAX_ACC - 1);
		if (used[h])
			continue;
		used[h] = true, set[h] = dw[i];
		unsigned b = dw[i] % banks;
		if (++count[b] > worst)
			worst = count[b];
	}
	unsigned width = (unsigned)c->lds_dwords_per_clk ? (unsigned)c->lds_dwords_per_clk : 32;
	unsigned floor = (n + width - 1) / width;
	return worst > floor ? worst : floor;
}
