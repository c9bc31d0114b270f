/* race.c — the global-memory race check (EMU_CHECK_GLOBAL_RACE): within one
 * dispatch, two workgroups writing the same dword without atomics, or one
 * workgroup reading a dword another one writes.  Workgroups of one dispatch
 * have no order (no barrier spans them), so either is a bug whatever the
 * order the emulator happened to run them in.
 *
 * Each writable buffer gets two shadow words per dword for the launch: the
 * workgroup that wrote it and the one that read it (linear index + 1; 0 =
 * none; EMU_RACE_MANY = more than one reader).  Accesses of 4 bytes and more
 * are tracked, dword by dword; 1- and 2-byte accesses and atomics are not.
 * Workers update the shadows with sequentially consistent atomics, so of a
 * writer and a reader running at once at least one sees the other. */
#include "emu/machine.h"

#include <stdio.h>
#include <stdlib.h>

#define EMU_RACE_MANY UINT32_MAX

int emu_race_begin(struct emu_run *run)
{
	const struct emu_dev *dev = run->dev;
	run->race = calloc(dev->nbufs ? dev->nbufs : 1, sizeof *run->race);
	if (!run->race)
		return EMU_E_NOMEM;
	run->nrace = dev->nbufs;
	for (unsigned i = 0; i < dev->nbufs; i++) {
		const struct emu_buf *b = &dev->bufs[i];
		if (b->flags & EMU_MEM_READONLY)
			continue;   /* never written: reads cannot race */
		size_t words = (size_t)(b->size / 4);
		run->race[i].writer = calloc(words ? words : 1, sizeof(_Atomic uint32_t));
		run->race[i].reader = calloc(words ? words : 1, sizeof(_Atomic uint32_t));
		if (!run->race[i].writer || !run->race[i].reader)
			return EMU_E_NOMEM;
	}
	return EMU_OK;
}

void emu_race_end(struct emu_run *run)
{
	for (unsigned i = 0; i < run->nrace && run->race; i++) {
		free(run->race[i].writer);
		free(run->race[i].reader);
	}
	free(run->race);
	run->race = NULL;
	run->nrace = 0;
}

/* The workgroup with linear index idx as (x,y,z). */
static void wg_xyz(const struct emu_run *run, uint64_t idx, unsigned out[3])
{
	const uint32_t *g = run->launch->grid;
	out[0] = (unsigned)(idx % g[0]);
	out[1] = (unsigned)(idx / g[0] % g[1]);
	out[2] = (unsigned)(idx / g[0] / g[1]);
}

/* "global race: <mine> 0x..., which workgroup (x,y,z) <theirs> in this dispatch" */
static void report(struct emu_wave *w, unsigned lane, uint64_t addr, const char *mine, const char *theirs,
		   uint32_t other)
{
	char who[64] = "other workgroups";
	if (other != EMU_RACE_MANY) {
		unsigned o[3];
		wg_xyz(w->g->run, other - 1, o);
		snprintf(who, sizeof who, "workgroup (%u,%u,%u)", o[0], o[1], o[2]);
	}
	emu_fault(w, lane, EMU_E_FAULT,
		  "global race: %s 0x%llx, which %s %s in this dispatch (no atomic; workgroups have no order)", mine,
		  (unsigned long long)addr, who, theirs);
}

void emu_race_global(struct emu_wave *w, unsigned lane, uint64_t addr, unsigned n, bool write)
{
	struct emu_run *run = w->g->run;
	if (n < 4 || w->mc_idx >= run->nrace || !run->race[w->mc_idx].writer)
		return;
	const struct emu_race_buf *rb = &run->race[w->mc_idx];
	uint32_t me = (uint32_t)(w->g->index + 1);
	size_t first = (size_t)((addr - w->mc_lo) / 4);
	for (size_t d = first; d < first + n / 4; d++) {
		uint64_t a = w->mc_lo + 4 * d;
		if (write) {
			uint32_t prev = atomic_exchange(&rb->writer[d], me);
			if (prev && prev != me) {
				report(w, lane, a, "writes", "also writes", prev);
				return;
			}
			uint32_t r = atomic_load(&rb->reader[d]);
			if (r && r != me) {
				report(w, lane, a, "writes", r == EMU_RACE_MANY ? "read" : "reads", r);
				return;
			}
		} else {
			uint32_t wr = atomic_load(&rb->writer[d]);
			if (wr && wr != me) {
				report(w, lane, a, "reads", "writes", wr);
				return;
			}
			uint32_t r = atomic_load(&rb->reader[d]);
			if (r == 0)
				atomic_compare_exchange_strong(&rb->reader[d], &r, me);
			if (r && r != me && r != EMU_RACE_MANY)
				atomic_store(&rb->reader[d], EMU_RACE_MANY);
		}
	}
}
