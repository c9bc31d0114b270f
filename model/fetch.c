/* fetch.c — instruction fetch of a wave: which chunks of its code it has,
 * and from which cycle each is usable.  The rule and the source of its
 * constants are in docs/model.md ("Instruction fetch") and model/consts.def.
 */
#include "model/internal.h"

#include <string.h>

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Instruction fetch (SQTT: runs of 12-byte instructions issue with bubbles,
 * the same in every wave, that a younger wave's ops fill): the wave's code
 * arrives in fetch_bytes chunks, at most one per fetch_interval cycles, each
 * usable fetch_latency cycles after the issue that brought the last byte of
 * the wave's next instruction within fetch_ahead chunks of it.  A jump (a pc
 * outside the chunks known) starts over: the target's chunk is usable when
 * the wave may issue again, the next ones one per fetch_interval. */
void mdl_fetch_advance(const struct mdl_consts *c, struct mdl_wave *w)
{
	uint32_t bytes = c->fetch_bytes >= 4 ? (uint32_t)c->fetch_bytes : 4, k = w->nx.pc / bytes;
	uint32_t kend = (w->nx.pc + w->nx.in->len - 1) / bytes;
	unsigned ahead = (c->fetch_ahead < MDL_FETCH_WIN ? (unsigned)c->fetch_ahead : MDL_FETCH_WIN) + (kend - k);
	if (ahead > MDL_FETCH_WIN - 1) /* a constants file's large window: as many chunks as the wave keeps */
		ahead = MDL_FETCH_WIN - 1;
	if (!w->fx_n || k < w->fx_base || k > w->fx_base + w->fx_n) {
		uint64_t t0 = max64(w->extra, w->last_issue + 1);
		w->fx_base = k, w->fx_n = 0;
		while (w->fx_n <= ahead)
			w->fx_last = w->fx_at[w->fx_n] = t0 + w->fx_n * (uint64_t)c->fetch_interval, w->fx_n++;
	}
	unsigned drop = k - w->fx_base;
	if (drop) {
		w->fx_n -= drop;
		memmove(w->fx_at, w->fx_at + drop, w->fx_n * sizeof w->fx_at[0]);
		w->fx_base = k;
	}
	while (w->fx_n <= ahead) {
		w->fx_last = max64(w->fx_last + (uint64_t)c->fetch_interval, w->last_issue + (uint64_t)c->fetch_latency);
		w->fx_at[w->fx_n++] = w->fx_last;
	}
}

/* The cycle the wave's next instruction is fetched whole. */
uint64_t mdl_fetch_ready(const struct mdl_consts *c, const struct mdl_wave *w)
{
	uint32_t bytes = c->fetch_bytes >= 4 ? (uint32_t)c->fetch_bytes : 4;
	uint32_t last = (w->nx.pc + w->nx.in->len - 1) / bytes - w->fx_base;
	return w->fx_at[last < w->fx_n ? last : w->fx_n - 1];
}
