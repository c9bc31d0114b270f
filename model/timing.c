/* timing.c — the model's instruction timing: per instruction of the kernel,
 * how often the simulated waves issued it and the cycles around each issue,
 * gathered from the core's issue events (mdl_opts.on_issue) as a GPU
 * profiler's instruction timing is from a thread trace.  Two gaps per issue,
 * both within one wave: "before", from the wave's previous issue to this one
 * (the cycles the instruction waited: an s_waitcnt's wait, the target of a
 * taken branch its refetch), and "after", from this issue to the wave's next
 * (the latency a profiler such as RGP shows for it).  See docs/model.md,
 * "Instruction timing". */
#include "emu/decode.h"
#include "model/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The last issue of the wave in one (CU, SIMD, slot): a slot's next wave
 * starts afresh. */
struct mdl_timing_wave {
	uint64_t wave, cycle;
	uint32_t pc;
	bool live;
};

#define SLOTS_PER_CU (MDL_MAX_SIMDS * MDL_MAX_SLOTS)

static bool grow(void **p, size_t *n, size_t need, size_t size)
{
	if (need <= *n)
		return true;
	size_t m = *n ? *n : 64;
	while (m < need)
		m *= 2;
	void *q = realloc(*p, m * size);
	if (!q)
		return false;
	memset((char *)q + *n * size, 0, (m - *n) * size);
	*p = q;
	*n = m;
	return true;
}

void mdl_timing_on_issue(void *ctx, const struct mdl_issue *is)
{
	struct mdl_timing *t = ctx;
	size_t i = is->pc / 4, k = (size_t)is->cu * SLOTS_PER_CU + is->simd * MDL_MAX_SLOTS + is->slot;
	if (t->oom || !grow((void **)&t->at, &t->n, i + 1, sizeof *t->at) ||
	    !grow((void **)&t->w, &t->nw, k + 1, sizeof *t->w)) {
		t->oom = true;
		return;
	}
	struct mdl_inst_time *a = &t->at[i];
	if (!a->text) {
		char s[128];
		emu_format_inst(is->in, s, sizeof s);
		a->text = strdup(s);
		if (!a->text) {
			t->oom = true;
			return;
		}
	}
	struct mdl_timing_wave *w = &t->w[k];
	if (w->live && w->wave == is->wave) {
		uint64_t gap = is->cycle - w->cycle;
		t->at[w->pc / 4].after += gap;
		t->at[w->pc / 4].followed++;
		a->before += gap;
		a->preceded++;
	} else {
		t->waves++;
	}
	a->hits++;
	*w = (struct mdl_timing_wave){ is->wave, is->cycle, is->pc, true };
}

void mdl_timing_free(struct mdl_timing *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->at[i].text);
	free(t->at);
	free(t->w);
	memset(t, 0, sizeof *t);
}
