/* fetch.c — instruction fetch of a wave: which chunks of its code it has,
 * and from which cycle each is usable.  The rule and the source of its
 * constants are in docs/model.md ("Instruction fetch") and model/consts.def.
 */
#include "model/internal.h"

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The run's fetch parameters, once: chunks of fetch_bytes rounded down to a
 * power of two (at least 4), the window at most what a wave keeps. */
void mdl_fetch_setup(struct mdl_sim *s)
{
	const struct mdl_consts *c = s->c;
	unsigned shift = 2; /* chunks of at least 4 bytes, a power of two */
	while (shift < 16 && (double)(2u << shift) <= c->fetch_bytes)
		shift++;
	s->fx_shift = shift;
	s->fx_ahead = c->fetch_ahead < MDL_FETCH_WIN ? (unsigned)c->fetch_ahead : MDL_FETCH_WIN;
	s->fx_interval = (uint64_t)c->fetch_interval;
	s->fx_latency = (uint64_t)c->fetch_latency;
}

/* Instruction fetch (SQTT: runs of 12-byte instructions issue with bubbles,
 * the same in every wave, that a younger wave's ops fill): the wave's code
 * arrives in fetch_bytes chunks, at most one per fetch_interval cycles, each
 * usable fetch_latency cycles after the issue that brought the last byte of
 * the wave's next instruction within fetch_ahead chunks of it.  A jump (a pc
 * outside the chunks known) starts over: the target's chunk is usable when
 * the wave may issue again, the next ones one per fetch_interval. */
void mdl_fetch_advance(const struct mdl_sim *s, struct mdl_wave *w)
{
	uint32_t k = w->nx.pc >> s->fx_shift, kend = (w->nx.pc + w->nx.in->len - 1) >> s->fx_shift;
	uint32_t top = kend + s->fx_ahead; /* the last chunk the wave may have */
	if (top > k + MDL_FETCH_WIN - 1)    /* a constants file's large window: as many as the ring holds */
		top = k + MDL_FETCH_WIN - 1;
	uint32_t end = w->fx_base + w->fx_n; /* one past the last chunk known */
	if (!w->fx_n || k < w->fx_base || k > end) {
		uint64_t t0 = max64(w->extra, w->last_issue + 1);
		for (uint32_t j = k; j <= top; j++)
			w->fx_at[j % MDL_FETCH_WIN] = t0 + (j - k) * s->fx_interval;
		end = top + 1;
	}
	for (; end <= top; end++) /* after the latest chunk known (end - 1) */
		w->fx_at[end % MDL_FETCH_WIN] = max64(w->fx_at[(end - 1) % MDL_FETCH_WIN] + s->fx_interval,
						      w->last_issue + s->fx_latency);
	w->fx_base = k, w->fx_n = end - k;
	w->fx_ready = w->fx_at[(kend < end ? kend : end - 1) % MDL_FETCH_WIN];
}
