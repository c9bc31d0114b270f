/* gpu_consts.c — the constants table of model/gpu_consts.def, and a reader for
 * constants files (`NAME VALUE` lines) that override its rows. */
#include "model/gpu.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name, *unit, *source;
	double value;
} rows[GPU_NCONSTS] = {
#define GPU_CONST(name, value, unit, source) { #name, unit, source, value },
#include "model/gpu_consts.def"
#undef GPU_CONST
};

void gpu_consts_default(struct gpu_consts *c)
{
	for (unsigned i = 0; i < GPU_NCONSTS; i++)
		c->v[i] = rows[i].value;
}

const char *gpu_const_name(unsigned i) { return i < GPU_NCONSTS ? rows[i].name : NULL; }
const char *gpu_const_unit(unsigned i) { return i < GPU_NCONSTS ? rows[i].unit : NULL; }
const char *gpu_const_source(unsigned i) { return i < GPU_NCONSTS ? rows[i].source : NULL; }

int gpu_const_find(const char *name)
{
	for (unsigned i = 0; i < GPU_NCONSTS; i++)
		if (!strcmp(rows[i].name, name))
			return (int)i;
	return -1;
}

int gpu_consts_read(const char *path, int (*set)(void *ctx, const char *name, double v), void *ctx, char *err,
		    size_t errlen)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
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
		if (n != 2 || !(v > 0) || v > 1e12 || set(ctx, name, v) < 0) {
			snprintf(err, errlen, "%s:%u: expected `NAME VALUE` with a known constant and a positive value", path,
				 no);
			rc = -1;
			break;
		}
	}
	fclose(f);
	return rc;
}

static int set_row(void *ctx, const char *name, double v)
{
	int i = gpu_const_find(name);
	if (i >= 0)
		((struct gpu_consts *)ctx)->v[i] = v;
	return i;
}

/* Every row must stay positive: a zero rate or size would divide by zero. */
int gpu_consts_load(struct gpu_consts *c, const char *path, char *err, size_t errlen)
{
	struct gpu_consts t = *c;
	int rc = gpu_consts_read(path, set_row, &t, err, errlen);
	if (!rc)
		*c = t;
	return rc;
}
