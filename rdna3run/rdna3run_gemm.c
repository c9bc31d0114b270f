/* rdna3run_gemm.c — `rdna3run --gemm M N K`: the command line's GEMM through
 * run/gemm.h (arguments by role, layout, shapes, dispatch, fills, the check
 * against OpenBLAS), and what rdna3run prints of it: the launch line, the
 * timing, the check's lines and the --dump files. */
#include "rdna3run/rdna3run.h"
#include "run/gemm.h"

#include <stdio.h>
#include <string.h>

/* --arg values after the roles (gemm_req.more_args). */
static int more_args(void *ctx, struct ld_kargs *ka, char *err, size_t errlen)
{
	if (!run_set_args(ctx, ka))
		return 0;
	if (errlen)
		err[0] = 0; /* run_set_args printed the line */
	return -1;
}

/* --dump NAME must name A, B or C (the role or the kernel's argument name). */
static int dump_matrix(const struct gemm_info *in, const char *name)
{
	static const char *const role[3] = { "A", "B", "C" };
	for (int j = 0; j < 3; j++)
		if (!strcmp(name, in->arg_name[j]) || !strcmp(name, role[j]))
			return j;
	return -1;
}

/* --dump files, all or none: A and B as launched, C as the kernel left it. */
static int write_dumps(const struct run_opts *o, const struct gemm *g, const struct gemm_info *in)
{
	struct run_files dumps = { 0 };
	for (unsigned i = 0; i < o->ndumps; i++) {
		size_t n;
		const float *p = gemm_matrix(g, (unsigned)dump_matrix(in, o->dumps[i].name), &n);
		if (run_files_add(&dumps, o->dumps[i].value, p, n * sizeof(float))) {
			run_files_discard(&dumps);
			return -1;
		}
	}
	return run_files_commit(&dumps, o->file) ? -1 : 0;
}

static int print_check(const struct run_opts *o, const struct gemm *g)
{
	struct gemm_check c;
	char err[256];
	int rc = gemm_check(g, &c, err, sizeof err);
	if (rc && err[0]) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	fprintf(run_info, "check: max abs error %.3g, max rel error %.3g, bound (K+2)*2^-23*(|alpha||A||B|+|beta||C|)"
	        " with K=%u\n", c.max_abs, c.max_rel, o->k);
	if (!rc) {
		fprintf(run_info, "check: PASSED (%llu elements)\n", (unsigned long long)c.elements);
		return RUN_EXIT_OK;
	}
	fprintf(run_info, "check: FAILED: %llu of %llu elements outside the bound (%llu not finite); worst "
	        "C[%u][%u] = %.9g, expected %.9g\n", (unsigned long long)c.bad, (unsigned long long)c.elements,
	        (unsigned long long)c.nonfinite, c.worst_row, c.worst_col, c.worst_got, c.worst_want);
	run_error("check failed: %llu of %llu elements wrong", (unsigned long long)c.bad,
		  (unsigned long long)c.elements);
	return RUN_EXIT_FAIL;
}

/* One launch on fresh C (checked, dumped), then --bench REPS timed ones
 * (with beta != 0 they keep updating C: only the first result counts). */
static int launch(const struct run_opts *o, struct ld_backend *b, const struct ld_kernel *k, struct gemm *g)
{
	struct gemm_info in;
	gemm_get_info(g, &in);
	for (unsigned i = 0; i < o->ndumps; i++)
		if (dump_matrix(&in, o->dumps[i].name) < 0) {
			run_error("--dump %s: not a matrix of kernel %s (A, B or C)", o->dumps[i].name, k->name);
			return RUN_EXIT_USAGE;
		}
	fprintf(run_info, "gemm %s: M=%u N=%u K=%u layout %s %s-major lda=%u ldb=%u ldc=%u alpha=%g beta=%g, "
	        "grid %u,%u,%u block %u,%u,%u on %s\n", k->name, o->m, o->n, o->k, in.layout,
	        in.col_major ? "column" : "row", in.ld[0], in.ld[1], in.ld[2], o->alpha, o->beta,
	        in.grid[0], in.grid[1], in.grid[2], in.block[0], in.block[1], in.block[2], b->device);
	struct ld_run_stats st;
	char err[256];
	double flop = 2.0 * o->m * o->n * o->k;
	if (gemm_launch(g, 1, &st, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	if (!o->bench)
		run_print_stats(b, &st, flop);
	if (write_dumps(o, g, &in))
		return RUN_EXIT_FAIL;
	int status = o->check ? print_check(o, g) : RUN_EXIT_OK;
	if (o->bench) {
		if (gemm_launch(g, o->bench, &st, err, sizeof err)) {
			run_error("%s", err);
			status = RUN_EXIT_FAIL;
		} else {
			run_print_stats(b, &st, flop);
		}
	}
	return status;
}

int run_gemm(const struct run_opts *o, struct ld_backend *b, void *module, const struct ld_kernel *k)
{
	struct gemm_req q = {
		.m = o->m, .n = o->n, .k = o->k, .ld = { o->lda, o->ldb, o->ldc }, .layout = o->layout,
		.dtype = o->dtype, .alpha = o->alpha, .beta = o->beta, .check = o->check,
		.seed_fill = o->fill == FILL_SEED, .seed = o->seed, .have_grid = o->have_grid,
		.have_block = o->have_block, .more_args = more_args, .ctx = (void *)o,
	};
	memcpy(q.grid, o->grid, sizeof q.grid);
	memcpy(q.block, o->block, sizeof q.block);
	struct gemm *g;
	char err[512] = "";
	int rc = gemm_prepare(b, module, k, &q, &g, err, sizeof err);
	if (rc) {
		if (err[0]) /* else --arg said it */
			run_error("%s", err);
		return rc == GEMM_USAGE ? RUN_EXIT_USAGE : RUN_EXIT_FAIL;
	}
	int status = launch(o, b, k, g);
	gemm_free(g);
	return status;
}
