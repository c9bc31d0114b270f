/* rdna3run_microbench.c — rdna3run --microbench [-o FILE]: the microbenchmark
 * kernels of templates/microbench.c, each built with n and with 2n operations
 * per iteration (n = 8, or 16 where 8 would not hide the loop's own cost) and
 * run with the same iteration count; the difference of the two times over the
 * extra operations is the cost of one operation.  On a GPU
 * (hip) the times are HIP event times at the model's clock; on the emulator
 * they are the timing model's cycles, so the derived constants must come back
 * as the model's own (the self-consistency test, tests/model/microbench.sh).
 * With -o FILE the constants are written as `NAME VALUE` lines that
 * --model-constants reads.
 */
#include "rdna3run/rdna3run.h"
#include "loader/loader.h"
#include "model/model.h"
#include "templates/templates.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One measurement: template values, the working set, and which constant it
 * gives: the cost of one operation minus `offset`, the cycles the model's
 * structure adds to the named constant (an issue slot, a port, a wait
 * release; docs/model.md, "Microbenchmarks"). */
struct mb_row {
	const char *label, *bench;
	unsigned waves, stride;
	unsigned unroll;        /* n: operations per iteration of the shorter build (0: 8) */
	int level;              /* gmem-chase: working set sized for this level (enum mm_level) */
	const char *constant;   /* NULL: printed only */
	double offset;
};

static const struct mb_row rows[] = {
	/* 8 dependent ops (40 cycles) would not cover the loop's branch, counter
	 * and queue: the shorter build would time the loop, not the chain */
	{ "VALU dependent latency", "valu-lat", 1, 4, 16, -1, "valu_latency", 0 },
	{ "VALU issue interval", "valu-rate", 1, 4, 0, -1, "valu_issue", 0 },
	{ "transcendental issue interval", "trans-rate", 1, 4, 0, -1, "trans_issue", 0 },
	{ "VOPD issue interval", "vopd-rate", 1, 4, 0, -1, "vopd_issue", 0 },
	{ "scalar load latency, L2-sized chain", "smem-lat", 1, 4, 0, MM_L2, "smem_latency", 1 },
	{ "LDS load latency", "lds-lat", 1, 4, 0, -1, "lds_latency", 2 },
	{ "LDS loads, lanes 4 bytes apart", "lds-conflict", 1, 4, 0, -1, NULL, 0 },
	{ "LDS loads, lanes 8 bytes apart", "lds-conflict", 1, 8, 0, -1, NULL, 0 },
	{ "LDS loads, lanes 128 bytes apart", "lds-conflict", 1, 128, 0, -1, NULL, 0 },
	{ "global load latency, L0-sized chain", "gmem-chase", 1, 4, 0, MM_L0, "lat_l0", 2 },
	{ "global load latency, L1-sized chain", "gmem-chase", 1, 4, 0, MM_L1, "lat_l1", 3 },
	{ "global load latency, L2-sized chain", "gmem-chase", 1, 4, 0, MM_L2, "lat_l2", 3 },
	{ "global load latency, Infinity-Cache-sized chain", "gmem-chase", 1, 4, 0, MM_MALL, "lat_mall", 3 },
	{ "global load latency, DRAM-sized chain", "gmem-chase", 1, 4, 0, MM_DRAM, "lat_dram", 3 },
	{ "barrier, 2 waves", "barrier", 2, 4, 0, -1, "barrier_latency", 0 },
};

struct mb_ctx {
	struct mdl_consts c;    /* the constants the derived ones are compared with */
	struct mdl_consts run;  /* the constants the model runs with: c, unless a fault is injected */
	uint64_t cycles;        /* of the last launch under the model */
};

/* The emulator's launch hook: the kernel under the model, its cycles kept. */
static int model_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
			size_t errlen)
{
	struct mb_ctx *m = ctx;
	static struct mdl_prediction p;
	struct mdl_opts mo = { .c = m->run };
	int rc = mdl_predict(dev, l, &mo, 0, &p, err, errlen);
	*st = p.r.emu;
	m->cycles = p.r.cycles;
	return rc;
}

/* A chain working set for a level: well inside it and well past the one before. */
static uint64_t chain_bytes(const struct mdl_consts *c, int level)
{
	switch (level) {
	case MM_L0: return (uint64_t)(c->l0_bytes / 2);
	case MM_L1: return (uint64_t)(c->l0_bytes * 4);
	case MM_L2: return (uint64_t)(c->l1_bytes * 4);
	case MM_MALL: return (uint64_t)(c->l2_bytes * 4);
	default: return (uint64_t)(c->mall_bytes * 2);
	}
}

static int build(const struct ao_toolchain *tc, const struct mb_row *r, unsigned unroll, void **co, size_t *n,
		 char *err, size_t errlen)
{
	struct tpl_values v;
	tpl_defaults(tpl_find("microbench"), &v);
	char num[3][16];
	snprintf(num[0], sizeof num[0], "%u", unroll);
	snprintf(num[1], sizeof num[1], "%u", r->waves);
	snprintf(num[2], sizeof num[2], "%u", r->stride);
	struct ao_kernel *k = NULL;
	int rc = tpl_set(&v, "bench", r->bench, err, errlen) || tpl_set(&v, "unroll", num[0], err, errlen) ||
		 tpl_set(&v, "waves", num[1], err, errlen) || tpl_set(&v, "stride", num[2], err, errlen) ||
		 tpl_build(&v, &k, err, errlen);
	char *s = NULL;
	size_t slen = 0;
	struct ao_emit_opts eo = tpl_emit_opts(&v);
	if (!rc)
		rc = ao_print(k, &eo, &s, &slen);
	if (!rc)
		rc = ao_assemble(tc, s, slen, "microbench.s", co, n, NULL, NULL, err, errlen);
	free(s);
	ao_kernel_free(k);
	return rc ? -1 : 0;
}

/* Time of one launch with iters, in cycles. */
static int timed(struct ld_backend *b, struct mb_ctx *m, void *module, const struct ld_kernel *k, uint64_t buf,
		 uint32_t iters, unsigned waves, double *cycles, char *err, size_t errlen)
{
	struct ld_kargs ka;
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32 * waves, 1, 1 };
	struct ld_run_stats st;
	int rc = ld_kargs_init(&ka, k, err, errlen);
	if (rc)
		return rc;
	rc = ld_kargs_set_ptr(&ka, "buf", buf, err, errlen) || ld_kargs_set_u32(&ka, "iters", iters, err, errlen) ||
	     ld_kargs_finish(&ka, grid, block, err, errlen) ||
	     ld_launch(b, module, k, &ka, grid, block, strcmp(b->name, "emu") ? 5 : 1, &st, err, errlen);
	ld_kargs_free(&ka);
	if (!rc)
		*cycles = strcmp(b->name, "emu") ? st.best_ms * 1e-3 * m->c.clock_mhz * 1e6 : (double)m->cycles;
	return rc;
}

/* One row: both builds, the chain or zeros in buf, the two times. */
static int measure(const struct ao_toolchain *tc, struct ld_backend *b, struct mb_ctx *m, const struct mb_row *r,
		   double *per_op, char *err, size_t errlen)
{
	uint64_t bytes = r->level >= 0 ? chain_bytes(&m->c, r->level) : 4096;
	uint64_t lines = bytes / 128;
	unsigned n1 = r->unroll ? r->unroll : 8;
	/* The n1 extra operations per iteration must all be warm: iters * n1 >= one pass. */
	uint32_t iters = r->level >= 0 ? (uint32_t)(lines / n1 + 64) : 256;
	uint32_t *host = calloc(bytes / 4, 4);
	if (!host) {
		snprintf(err, errlen, "out of memory for a %llu-byte chain", (unsigned long long)bytes);
		return -1;
	}
	if (r->level >= 0)
		for (uint64_t i = 0; i < lines; i++)
			host[i * 32] = (uint32_t)((i + 1) % lines * 128);
	uint64_t buf = 0;
	int rc = ld_alloc(b, bytes, &buf, err, errlen);
	double t[2] = { 0, 0 };
	for (unsigned u = 0; u < 2 && !rc; u++) {
		void *co = NULL, *module = NULL;
		size_t n = 0;
		struct ld_code_object *obj = NULL;
		rc = build(tc, r, n1 * (u + 1), &co, &n, err, errlen);
		if (!rc)
			rc = ld_open_mem(co, n, &obj, err, errlen);
		if (!rc)
			rc = ld_load(b, obj, &module, err, errlen);
		if (!rc)
			rc = ld_write(b, buf, host, bytes, err, errlen);
		if (!rc)
			rc = timed(b, m, module, ld_kernel_find(obj, "microbench"), buf, iters, r->waves, &t[u], err,
				   errlen);
		if (module)
			ld_unload(b, module);
		ld_close(obj);
		free(co);
	}
	if (buf)
		ld_free(b, buf);
	free(host);
	*per_op = (t[1] - t[0]) / ((double)n1 * iters);
	return rc ? -1 : 0;
}

int run_microbench(const struct run_opts *o)
{
	char err[512];
	struct ao_toolchain tc;
	if (ao_toolchain_find(&tc, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	static struct mb_ctx m;
	mdl_consts_default(&m.c);
	if (o->model_constants && mdl_consts_load(&m.c, o->model_constants, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_USAGE;
	}
	m.run = m.c;
	/* A test hook (tests/model/microbench.sh): RDNA3_MICROBENCH_FAULT=NAME=VALUE
	 * runs the model with one constant other than its table says, as a model
	 * that did not do what its table claims; the derived constant must then
	 * differ from the table's, which is what the self-consistency test checks. */
	const char *fault = getenv("RDNA3_MICROBENCH_FAULT");
	if (fault && *fault) {
		char name[64];
		double v;
		if (sscanf(fault, "%63[^=]=%lf", name, &v) != 2 || mdl_consts_set(&m.run, name, v)) {
			run_error("RDNA3_MICROBENCH_FAULT: expected NAME=VALUE with a constant of model/consts.def, got '%s'",
				  fault);
			return RUN_EXIT_USAGE;
		}
		fprintf(stderr, "rdna3run: the model runs with %s = %g (RDNA3_MICROBENCH_FAULT)\n", name, v);
	}
	struct ld_emu_options eo = { .threads = 1, .launch = model_launch, .launch_ctx = &m };
	struct ld_backend *b = NULL;
	char why[256];
	if (ld_backend_open(o->backend, o->device, &eo, &b, why, sizeof why)) {
		run_error("%s", why);
		return RUN_EXIT_NODEVICE;
	}
	fprintf(stderr, "rdna3run: microbenchmarks on %s (%s)%s\n", b->name, b->device,
		strcmp(b->name, "emu") ? "" : ": the timing model's cycles");
	char out[4096];
	size_t len = (size_t)snprintf(out, sizeof out, "# rdna3run --microbench on %s (%s)\n", b->name, b->device);
	int status = RUN_EXIT_OK;
	printf("%-48s %12s  %s\n", "microbenchmark", "cycles/op", "constant");
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		const struct mb_row *r = &rows[i];
		double per_op;
		if (measure(&tc, b, &m, r, &per_op, err, sizeof err)) {
			run_error("%s: %s", r->label, err);
			status = RUN_EXIT_FAIL;
			break;
		}
		if (!r->constant) {
			printf("%-48s %12.2f\n", r->label, per_op);
			continue;
		}
		double value = per_op - r->offset;
		printf("%-48s %12.2f  %s = %.2f\n", r->label, per_op, r->constant, value);
		if (len < sizeof out)
			len += (size_t)snprintf(out + len, sizeof out - len, "%s %.3f\n", r->constant, value);
	}
	ld_backend_close(b);
	if (status == RUN_EXIT_OK && o->microbench_out) {
		struct run_files f = { 0 };
		if (run_files_add(&f, o->microbench_out, out, len < sizeof out ? len : sizeof out - 1) ||
		    run_files_commit(&f, NULL))
			status = RUN_EXIT_FAIL;
	}
	return status;
}
