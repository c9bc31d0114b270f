/* rdna3run_progress.c — the progress line of a long emulator or model run:
 * on a terminal only, after RUN_PROGRESS_AFTER seconds, one line on stderr
 * rewritten in place ('\r') at most every RUN_PROGRESS_EVERY seconds, cleared
 * when the launch returns so that what follows starts on a clean line.  The
 * emulator and the model count (struct emu_progress); this file decides
 * whether and how to show it, in the form of `rdna3gen tune`'s line. */
#include "rdna3run/rdna3run.h"
#include "emu/emu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define RUN_PROGRESS_AFTER 2.0   /* seconds: a shorter run shows nothing */
#define RUN_PROGRESS_EVERY 0.25  /* seconds between two lines at least */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* RDNA3_PROGRESS_AFTER_MS (for tests: 0 shows the first report at once), else
 * RUN_PROGRESS_AFTER; a value that is not a plain number of milliseconds is ignored. */
static double after_seconds(void)
{
	const char *s = getenv("RDNA3_PROGRESS_AFTER_MS");
	char *end;
	if (!s || !*s)
		return RUN_PROGRESS_AFTER;
	unsigned long ms = strtoul(s, &end, 10);
	return *end || *s == '-' ? RUN_PROGRESS_AFTER : (double)ms / 1000;
}

void run_progress_init(struct run_progress *p, const char *who)
{
	memset(p, 0, sizeof *p);
	p->on = isatty(2);
	p->who = who;
	p->after = after_seconds();
}

void run_progress_start(struct run_progress *p)
{
	p->t0 = p->count_t0 = now();
	p->what = NULL;
	p->total = p->done = 0;
	p->any_shown = false;
	p->width = 0;
}

/* The ETA is that of the current count (the model counts more than one thing
 * in turn: docs/rdna3run.md), at the rate it has gone so far. */
void run_progress_report(void *ctx, const char *what, uint64_t done, uint64_t total)
{
	struct run_progress *p = ctx;
	if (!p->on)
		return;
	double t = now();
	/* a new count: the first began with the launch, a later one reports 0 when it begins */
	if (what != p->what || total != p->total || done < p->done) {
		p->count_t0 = p->what ? t : p->t0;
		p->what = what, p->total = total;
	}
	p->done = done;
	if (t - p->t0 < p->after || (p->any_shown && t - p->shown < RUN_PROGRESS_EVERY))
		return;
	p->shown = t, p->any_shown = true;
	double el = t - p->t0, rate = done ? (t - p->count_t0) / (double)done : 0;
	char line[160], eta[32] = "";
	if (done) /* no rate yet before the first is done */
		snprintf(eta, sizeof eta, ", ETA %.0fs", rate * (double)(total - (done < total ? done : total)));
	int n = snprintf(line, sizeof line, "rdna3run: %s: %llu/%llu %s, elapsed %.0fs%s", p->who,
			 (unsigned long long)done, (unsigned long long)total, what, el, eta);
	if (n < 0)
		return;
	size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
	/* padded to the last line's width: a shorter line leaves nothing of it behind */
	fprintf(stderr, "\r%s%*s", line, p->width > len ? (int)(p->width - len) : 0, "");
	fflush(stderr);
	if (len > p->width)
		p->width = len;
}

void run_progress_end(struct run_progress *p)
{
	if (p->width)
		fprintf(stderr, "\r%*s\r", (int)p->width, "");
	fflush(stderr);
	p->width = 0;
}

int run_emu_progress_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st,
			    char *err, size_t errlen)
{
	struct run_progress *p = ctx;
	struct emu_progress ep = { run_progress_report, p };
	run_progress_start(p);
	int rc = emu_launch_progress(dev, l, &ep, st, err, errlen);
	run_progress_end(p);
	return rc;
}
