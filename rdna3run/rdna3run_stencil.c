/* rdna3run_stencil.c — `rdna3run --stencil NX NY NZ`: the command line's
 * stencil through run/stencil.h (arguments by name, the slabs, the fills, the
 * check against the long-double reference), and what rdna3run prints of it:
 * the launch line, the effective bandwidth in the lab notes' figure of merit
 * (measured, or predicted under --model), the check's lines, the --dump files. */
#include "rdna3run/rdna3run.h"
#include "run/stencil.h"

#include <stdio.h>
#include <string.h>

static const char *const dtype_names[] = { "f32", "f64" };
static const char *const buffer_names[2] = { "u", "f" };

static int buffer_index(const char *name)
{
	for (int i = 0; i < 2; i++)
		if (!strcmp(name, buffer_names[i]))
			return i;
	return -1;
}

static int write_dumps(const struct run_opts *o, const struct stencil *s)
{
	struct run_files dumps = { 0 };
	for (unsigned i = 0; i < o->ndumps; i++) {
		size_t n;
		const void *p = stencil_buffer(s, (unsigned)buffer_index(o->dumps[i].name), &n);
		if (run_files_add(&dumps, o->dumps[i].value, p, n)) {
			run_files_discard(&dumps);
			return -1;
		}
	}
	return run_files_commit(&dumps, o->file) ? -1 : 0;
}

static int print_check(const struct stencil *s, const struct stencil_info *in)
{
	struct stencil_check c;
	char err[256];
	int rc = stencil_check(s, &c, err, sizeof err);
	if (rc && err[0]) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	fprintf(run_info, "check: max abs error %.3g, bound (6r+3)*u*sum|c||u| with r=%u, u=2^-%d; boundary "
		"unchanged\n", c.max_abs, in->radius, in->dtype == STENCIL_F64 ? 53 : 24);
	if (!rc) {
		fprintf(run_info, "check: PASSED (%llu interior points, %zu boundary elements untouched)\n",
			(unsigned long long)c.interior,
			(size_t)c.boundary);
		return RUN_EXIT_OK;
	}
	if (c.boundary_changed) {
		fprintf(run_info, "check: FAILED: %llu boundary elements written; first f[%u][%u][%u] (z, y, x) = %.17g, "
			"was %.17g\n", (unsigned long long)c.boundary_changed, c.worst[2], c.worst[1], c.worst[0],
			c.worst_got, c.worst_want);
		run_error("check failed: %llu elements outside the interior were written",
			  (unsigned long long)c.boundary_changed);
		return RUN_EXIT_FAIL;
	}
	fprintf(run_info, "check: FAILED: %llu of %llu interior points outside the bound (%llu not finite); worst "
		"f[%u][%u][%u] (z, y, x) = %.17g, expected %.17g\n", (unsigned long long)c.bad,
		(unsigned long long)c.interior, (unsigned long long)c.nonfinite, c.worst[2], c.worst[1], c.worst[0],
		c.worst_got, c.worst_want);
	run_error("check failed: %llu of %llu interior points wrong", (unsigned long long)c.bad,
		  (unsigned long long)c.interior);
	return RUN_EXIT_FAIL;
}

/* The effective bandwidth of the lab notes: (theoretical fetch + write) / time. */
static void print_bandwidth(const char *who, const struct stencil_info *in, double seconds, const char *what)
{
	if (seconds <= 0)
		return;
	double bytes = in->fetch_bytes + in->write_bytes;
	fprintf(run_info, "%s: stencil %.4f ms%s, effective %.1f GB/s ((fetch %.0f + write %.0f bytes) / time)\n", who,
		seconds * 1e3, what, bytes / seconds * 1e-9, in->fetch_bytes, in->write_bytes);
}

/* One run of every slab on fresh f (checked, dumped), then --bench REPS timed ones. */
static int launch(const struct run_opts *o, struct ld_backend *b, const struct ld_kernel *k, struct stencil *s,
		  struct run_model *rm)
{
	struct stencil_info in;
	stencil_get_info(s, &in);
	char slabs[96] = "";
	if (in.slabs > 1)
		snprintf(slabs, sizeof slabs, " in %u slabs of %u rows", in.slabs, in.slab_rows);
	fprintf(run_info, "stencil %s: %u x %u x %u %s radius %u (%u points), grid %u,%u,%u block %u,%u,%u%s on %s\n",
		k->name, o->sn[0], o->sn[1], o->sn[2], dtype_names[in.dtype], in.radius, 6 * in.radius + 1,
		in.grid[0], in.grid[1], in.grid[2], in.block[0], in.block[1], in.block[2], slabs, b->device);
	struct ld_run_stats st;
	char err[256];
	if (stencil_launch(s, 1, &st, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	if (!o->bench)
		run_print_stats(b, &st, 0);
	if (rm)
		print_bandwidth("model", &in, rm->predicted_s, in.slabs > 1 ? " predicted (the slabs' sum)" : " predicted");
	else if (!st.has_counts && !o->bench)
		print_bandwidth(b->name, &in, st.best_ms * 1e-3, "");
	if (write_dumps(o, s))
		return RUN_EXIT_FAIL;
	int status = o->check ? print_check(s, &in) : RUN_EXIT_OK;
	if (o->bench) {
		if (stencil_launch(s, o->bench, &st, err, sizeof err)) {
			run_error("%s", err);
			return RUN_EXIT_FAIL;
		}
		run_print_stats(b, &st, 0);
		if (!st.has_counts)
			print_bandwidth(b->name, &in, st.best_ms * 1e-3, " best");
	}
	return status;
}

int run_stencil(const struct run_opts *o, struct ld_backend *b, void *module, const struct ld_kernel *k,
		struct run_model *rm)
{
	for (unsigned i = 0; i < o->ndumps; i++)
		if (buffer_index(o->dumps[i].name) < 0) {
			run_error("--dump %s: not a grid of kernel %s (u or f)", o->dumps[i].name, k->name);
			return RUN_EXIT_USAGE;
		}
	if (o->nargs) {
		run_error("--arg is for the generic mode; --stencil sets every argument of kernel %s", k->name);
		return RUN_EXIT_USAGE;
	}
	struct stencil_req q = {
		.n = { o->sn[0], o->sn[1], o->sn[2] }, .radius = o->radius, .dtype = o->sdtype, .seed = o->seed,
		.have_grid = o->have_grid, .have_block = o->have_block,
	};
	memcpy(q.grid, o->grid, sizeof q.grid);
	memcpy(q.block, o->block, sizeof q.block);
	struct stencil *s;
	char err[512] = "";
	int rc = stencil_prepare(b, module, k, &q, &s, err, sizeof err);
	if (rc) {
		run_error("%s", err);
		return rc == STENCIL_USAGE ? RUN_EXIT_USAGE : RUN_EXIT_FAIL;
	}
	int status = launch(o, b, k, s, rm);
	stencil_free(s);
	return status;
}
