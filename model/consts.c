/* consts.c — the constants table of model/consts.def as data, defaults,
 * overrides by name, and the reader of constants files (`name value` lines,
 * `#` comments) that --model-constants and `rdna3run --microbench -o` share. */
#include "model/model.h"

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

const struct mdl_const_row mdl_const_rows[] = {
#define MDL_CONST(name, value, unit, source) { #name, unit, source, value, offsetof(struct mdl_consts, name) },
#include "model/consts.def"
#undef MDL_CONST
};
const unsigned mdl_nconsts = sizeof mdl_const_rows / sizeof mdl_const_rows[0];

const char *const mdl_bucket_names[MDL_B_N] = {
#define MDL_B_NAME_(e, s) s,
	MDL_BUCKETS(MDL_B_NAME_)
#undef MDL_B_NAME_
};

static double *field(struct mdl_consts *c, unsigned i)
{
	return (double *)(void *)((char *)c + mdl_const_rows[i].offset);
}

void mdl_consts_default(struct mdl_consts *c)
{
	for (unsigned i = 0; i < mdl_nconsts; i++)
		*field(c, i) = mdl_const_rows[i].value;
	c->target = isa_target_default();
	const struct mdl_device *d = mdl_device_default(c->target);
	if (d) /* a target without a described card keeps the per-card rows at 0 */
		mdl_consts_device(c, d);
}

int mdl_const_find(const char *name)
{
	for (unsigned i = 0; i < mdl_nconsts; i++)
		if (strcmp(mdl_const_rows[i].name, name) == 0)
			return (int)i;
	return -1;
}

int mdl_consts_set(struct mdl_consts *c, const char *name, double value)
{
	int i = mdl_const_find(name);
	if (i < 0)
		return -1;
	*field(c, (unsigned)i) = value;
	return 0;
}

double mdl_const_get(const struct mdl_consts *c, unsigned i)
{
	return i < mdl_nconsts ? *(const double *)(const void *)((const char *)c + mdl_const_rows[i].offset) : 0;
}

/* A latency (a row in cycles) may be set to 0; every other row must stay
 * positive: a zero rate, size or count would divide by zero or stop the
 * dispatch.  Nothing changes on error. */
int mdl_consts_load(struct mdl_consts *c, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	struct mdl_consts t = *c;
	char line[512];
	unsigned no = 0;
	int rc = 0;
	while (fgets(line, sizeof line, f)) {
		no++;
		char *p = line + strspn(line, " \t");
		if (*p == '#' || *p == '\n' || !*p)
			continue;
		char name[64], extra[8];
		double v;
		int n = sscanf(p, "%63s %lf %7s", name, &v, extra);
		int i = n == 2 ? mdl_const_find(name) : -1;
		/* a time may be 0: a latency in cycles, or launch_us (the kernel without its launch) */
		bool zero_ok = i >= 0 && (strcmp(mdl_const_rows[i].unit, "cycles") == 0 ||
					  strcmp(mdl_const_rows[i].unit, "us") == 0);
		if (i < 0 || !(v > 0 || (zero_ok && v == 0)) || v > 1e12) {
			snprintf(err, errlen,
				 "%s:%u: expected `NAME VALUE` with a known constant and a positive value (0 for a time)",
				 path, no);
			rc = -1;
			break;
		}
		*field(&t, (unsigned)i) = v;
	}
	fclose(f);
	if (!rc)
		*c = t;
	return rc;
}

double mdl_dram_gbs(const struct mdl_consts *c)
{
	return c->bw_dram * c->dram_efficiency;
}

double mdl_launch_cycles(const struct mdl_consts *c)
{
	return c->launch_us * c->clock_mhz;
}
