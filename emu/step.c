/* step.c — the stepper: a dispatch run one instruction at a time under the
 * caller's control (see emu.h).  It shares the run, workgroup and wave set-up
 * with launch.c; only the loop differs: one instruction per call, and a report
 * of what it was and touched.  emu_launch's loop (launch.c) is untouched, so
 * the fast path pays nothing for this.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

#include <stdlib.h>
#include <string.h>

struct emu_stepper {
	struct emu_run *run;
	struct emu_stats st;         /* merged from freed contexts */
	unsigned fpmode;             /* host FP mode to restore at the end */
};

int emu_stepper_new(struct emu_dev *dev, const struct emu_launch *launch, struct emu_stepper **out,
		    char *err, size_t errlen)
{
	*out = NULL;
	int rc;
	struct emu_run *run = emu_run_prepare(dev, launch, &rc, err, errlen);
	if (!run)
		return rc;
	struct emu_stepper *s = calloc(1, sizeof *s);
	if (!s) {
		emu_run_destroy(run);
		if (err && errlen)
			strncpy(err, "stepper: out of memory", errlen - 1), err[errlen - 1] = 0;
		return EMU_E_NOMEM;
	}
	s->run = run;
	s->fpmode = run->ftz ? emu_fpmode_flush() : 0;
	*out = s;
	return EMU_OK;
}

uint64_t emu_stepper_groups(const struct emu_stepper *s) { return s->run->nwg; }
unsigned emu_stepper_waves(const struct emu_stepper *s) { return s->run->nwaves; }
const struct emu_kd *emu_stepper_kd(const struct emu_stepper *s) { return &s->run->kd; }

int emu_stepper_end(struct emu_stepper *s, struct emu_stats *stats, char *err, size_t errlen)
{
	if (!s)
		return EMU_E_ARG;
	if (stats)
		*stats = s->st;
	int rc = emu_run_result(s->run, stats, err, errlen);
	if (s->run->ftz)
		emu_fpmode_restore(s->fpmode);
	emu_run_destroy(s->run);
	free(s);
	return rc;
}

struct emu_group *emu_group_new(struct emu_stepper *s)
{
	struct emu_group *g = emu_group_alloc(s->run);
	if (g)
		g->stepper = s;
	return g;
}

void emu_group_free(struct emu_group *g)
{
	if (!g)
		return;
	emu_stats_add(&g->stepper->st, &g->st);
	emu_group_dispose(g);
}

void emu_group_start(struct emu_group *g, uint64_t index)
{
	emu_group_setup(g, index);
}

void emu_group_release(struct emu_group *g)
{
	emu_group_next_epoch(g);
}

static uint8_t status_of(const struct emu_wave *w)
{
	if (w->g->faulted && w->state == EMU_WAVE_DONE)
		return EMU_STEP_FAULT;
	return w->state == EMU_WAVE_RUN ? EMU_STEP_RUN : w->state == EMU_WAVE_BARRIER ? EMU_STEP_BARRIER : EMU_STEP_DONE;
}

int emu_group_step(struct emu_group *g, unsigned wave, struct emu_step *st)
{
	struct emu_wave *w = &g->waves[wave];
	const struct emu_run *run = g->run;
	st->in = NULL;
	st->use = NULL;
	st->space = EMU_SPACE_NONE;
	st->naddr = 0;
	st->taken = false;
	st->store = false;
	if (w->state != EMU_WAVE_RUN || g->faulted)
		return st->status = g->faulted ? EMU_STEP_FAULT : status_of(w);
	w->halt = 0;
	const struct emu_dinst *d = emu_fetch(w, w->pc);
	if (!d)
		return st->status = EMU_STEP_FAULT;
	w->cur = d;
	st->in = &d->in;
	st->use = &d->hz;
	st->pc = (uint32_t)(w->pc - run->entry);
	st->exec = w->s[EMU_OPND_EXEC_LO];
	if (d->hz.counter)
		emu_mem_lanes(w, &d->in, st);
	w->s[EMU_OPND_LITERAL] = d->in.lit;
	uint64_t next = w->pc + d->in.len;
	w->next_pc = next;
	if ((run->checks & EMU_CHECK_WAITCNT) && emu_hz_needed(w, d))
		emu_hz_check(w, d);
	if (emu_hz_wmma_needed(w, d))
		emu_hz_wmma(w, d);
	if (emu_hz_trans_needed(w, d))
		emu_hz_trans(w, d);
	d->fn(w, &d->in);
	w->insts++;
	g->st.wave_insts++;
	if (w->state != EMU_WAVE_DONE) {
		st->taken = w->next_pc != next;
		w->pc = w->next_pc;
		if (--g->budget_left == 0)
			emu_budget_refill(w); /* faults the wave when the budget is spent */
		if (w->state == EMU_WAVE_DONE && g->faulted)
			return st->status = EMU_STEP_FAULT;
	}
	return st->status = status_of(w);
}

void emu_group_peek(struct emu_group *g, unsigned wave, struct emu_step *st)
{
	struct emu_wave *w = &g->waves[wave];
	st->in = NULL;
	st->use = NULL;
	st->space = EMU_SPACE_NONE;
	st->naddr = 0;
	st->taken = false;
	st->store = false;
	st->status = g->faulted ? EMU_STEP_FAULT : status_of(w);
	if (w->state != EMU_WAVE_RUN || g->faulted)
		return;
	const struct emu_dinst *d = emu_fetch(w, w->pc);
	if (!d)
		return;
	st->in = &d->in;
	st->use = &d->hz;
	st->pc = (uint32_t)(w->pc - g->run->entry);
	st->exec = w->s[EMU_OPND_EXEC_LO];
	if (d->hz.counter)
		emu_mem_lanes(w, &d->in, st);
}

void emu_group_skip(struct emu_group *g, unsigned wave)
{
	struct emu_wave *w = &g->waves[wave];
	if (w->state != EMU_WAVE_RUN || g->faulted)
		return;
	const struct emu_dinst *d = emu_fetch(w, w->pc);
	if (d)
		w->pc += d->in.len;
}
