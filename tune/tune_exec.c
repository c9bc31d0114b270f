/* tune_exec.c — a candidate's code object run in-process, through the same
 * runner as rdna3run (the template's: run/gemm.h as `rdna3run --gemm`,
 * run/stencil.h as `rdna3run --stencil`, run/attention.h as `rdna3run
 * --attention`): its check on the emulator (against OpenBLAS, the stencil's
 * long-double reference or the attention's double one), the timing model's
 * prediction (the emulator under model/), and its time on a GPU.  What the
 * search measures is what a user reproduces with rdna3run; the results come
 * back as structs. */
#include "tune/tune_eval.h"
#include "emu/emu.h"
#include "model/model.h"
#include "run/attention.h"
#include "run/gemm.h"
#include "run/stencil.h"
#include "vocab/vocab.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The model in place of emu_launch (ld_emu_options.launch): the prediction
 * lands in the context. */
struct model_ctx {
	unsigned sample;             /* units per group (rdna3run --model-sample) */
	const struct mdl_device *device;   /* the card; NULL: the default */
	struct mdl_prediction p;     /* the last launch's */
	double seconds;              /* every launch's (a stencil's slabs) */
	bool done;
};

static int model_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
			size_t errlen)
{
	struct model_ctx *m = ctx;
	struct mdl_opts mo = { 0 };
	mdl_consts_default(&mo.c);
	if (m->device)
		mdl_consts_device(&mo.c, m->device);
	int rc = mdl_predict(dev, l, &mo, m->sample, &m->p, err, errlen);
	*st = m->p.r.emu;
	m->done = rc == 0;
	m->seconds += rc ? 0 : m->p.r.seconds;
	return rc;
}

/* The test hook of tests/tune/tune.sh: a worker about to check a shape of
 * RDNA3_TUNE_CRASH_M rows dies of SIGSEGV, as an emulator bug would kill it,
 * to show that the search survives a worker's crash. */
static void crash_hook(uint32_t m)
{
	const char *s = getenv("RDNA3_TUNE_CRASH_M");
	if (s && *s && strtoul(s, NULL, 10) == m)
		raise(SIGSEGV);
}

/* One GEMM of the code object's only kernel at shape on backend b: launched
 * reps times, checked when why is set (the failed check's line into why,
 * *wrong set).  GEMM_* with the message in err. */
static int gemm_once(struct ld_backend *b, void *module, const struct ld_kernel *k, const uint32_t shape[TPL_SHAPE_MAX],
		     unsigned reps, bool *wrong, char *why, size_t whylen, struct ld_run_stats *st, char *err,
		     size_t errlen)
{
	struct gemm_req q = { .m = shape[0], .n = shape[1], .k = shape[2], .layout = -1, .dtype = -1,
			      .alpha = 1.0f, .check = why != NULL, .seed = 1 };
	struct gemm *g = NULL;
	struct gemm_check chk = { 0 };
	struct ld_run_stats first = { 0 };
	int rc = gemm_prepare(b, module, k, &q, &g, err, errlen);
	if (!rc)
		rc = gemm_launch(g, 1, &first, err, errlen);
	if (!rc && why && (rc = gemm_check(g, &chk, err, errlen)) && !err[0]) {
		*wrong = true;
		snprintf(why, whylen, "check: FAILED: %llu of %llu elements outside the bound; worst C[%u][%u] = %.9g, "
			 "expected %.9g", (unsigned long long)chk.bad, (unsigned long long)chk.elements, chk.worst_row,
			 chk.worst_col, chk.worst_got, chk.worst_want);
	}
	if (!rc && reps)
		rc = gemm_launch(g, reps, st, err, errlen);
	else if (st)
		*st = first;
	gemm_free(g);
	return rc;
}

/* The same for a stencil of nx x ny x nz (every slab). */
static int stencil_once(struct ld_backend *b, void *module, const struct ld_kernel *k, const uint32_t shape[TPL_SHAPE_MAX],
			unsigned reps, bool *wrong, char *why, size_t whylen, struct ld_run_stats *st, char *err,
			size_t errlen)
{
	struct stencil_req q = { .n = { shape[0], shape[1], shape[2] }, .radius = -1, .dtype = -1, .seed = 1 };
	struct stencil *s = NULL;
	struct stencil_check chk = { 0 };
	struct ld_run_stats first = { 0 };
	int rc = stencil_prepare(b, module, k, &q, &s, err, errlen);
	if (!rc)
		rc = stencil_launch(s, 1, &first, err, errlen);
	if (!rc && why && (rc = stencil_check(s, &chk, err, errlen)) && !err[0]) {
		*wrong = true;
		snprintf(why, whylen, "check: FAILED: %llu of %llu interior points outside the bound, %llu boundary "
			 "elements written; worst f[%u][%u][%u] (z, y, x) = %.17g, expected %.17g",
			 (unsigned long long)chk.bad, (unsigned long long)chk.interior,
			 (unsigned long long)chk.boundary_changed, chk.worst[2], chk.worst[1], chk.worst[0], chk.worst_got,
			 chk.worst_want);
	}
	if (!rc && reps)
		rc = stencil_launch(s, reps, st, err, errlen);
	else if (st)
		*st = first;
	stencil_free(s);
	return rc;
}

/* The same for an attention of B x H_q x H_kv x S_q x S_kv x D (the mask the
 * kernel's). */
static int attention_once(struct ld_backend *b, void *module, const struct ld_kernel *k,
			  const uint32_t shape[TPL_SHAPE_MAX], unsigned reps, bool *wrong, char *why, size_t whylen,
			  struct ld_run_stats *st, char *err, size_t errlen)
{
	struct attention_req q = { .batch = shape[0], .hq = shape[1], .hkv = shape[2], .sq = shape[3], .skv = shape[4],
				   .head_dim = shape[5], .causal = -1, .seed = 1 };
	struct attention *a = NULL;
	struct attention_check chk = { 0 };
	struct ld_run_stats first = { 0 };
	int rc = attention_prepare(b, module, k, &q, &a, err, errlen);
	if (!rc)
		rc = attention_launch(a, 1, &first, err, errlen);
	if (!rc && why && (rc = attention_check(a, &chk, err, errlen)) && !err[0]) {
		*wrong = true;
		snprintf(why, whylen, "check: FAILED: %llu of %llu elements of O outside the bound (%llu not finite), %llu "
			 "log-sum-exp rows, %llu elements outside the tensors written; worst (b, h, i, d) %u %u %u %d = %.9g, "
			 "expected %.9g", (unsigned long long)chk.bad, (unsigned long long)chk.elements,
			 (unsigned long long)chk.nonfinite, (unsigned long long)chk.lse_bad,
			 (unsigned long long)chk.outside_changed, chk.worst[0], chk.worst[1], chk.worst[2], (int)chk.worst[3],
			 chk.worst_got, chk.worst_want);
	}
	if (!rc && reps)
		rc = attention_launch(a, reps, st, err, errlen);
	else if (st)
		*st = first;
	attention_free(a);
	return rc;
}

typedef int run_fn(struct ld_backend *b, void *module, const struct ld_kernel *k, const uint32_t shape[TPL_SHAPE_MAX],
		   unsigned reps, bool *wrong, char *why, size_t whylen, struct ld_run_stats *st, char *err,
		   size_t errlen);
/* Each runner's function and the dimensions of its shape (enum tpl_runner order). */
static const struct {
	run_fn *run;
	unsigned ndims;
} runners[] = {
	[TPL_RUN_GEMM] = { gemm_once, 3 }, [TPL_RUN_STENCIL] = { stencil_once, 3 },
	[TPL_RUN_ATTENTION] = { attention_once, 6 },
};

/* "MxNxK": the shape in a message. */
static void shape_x(enum tpl_runner runner, const uint32_t shape[TPL_SHAPE_MAX], char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < runners[runner].ndims && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%u", i ? "x" : "", shape[i]);
}

/* The code object's only kernel, loaded, run by the template's runner. */
static int run_once(enum tpl_runner runner, struct ld_backend *b, const struct ld_code_object *co,
		    const uint32_t shape[TPL_SHAPE_MAX], unsigned reps, bool *wrong, char *why, size_t whylen,
		    struct ld_run_stats *st, char *err, size_t errlen)
{
	void *module = NULL;
	if (ld_kernel_count(co) != 1)
		return vc_fail(err, errlen, GEMM_FAIL, "the code object has %u kernels, not one", ld_kernel_count(co));
	if (ld_load(b, co, &module, err, errlen))
		return GEMM_FAIL;
	int rc = runners[runner].run(b, module, ld_kernel_at(co, 0), shape, reps, wrong, why, whylen, st, err, errlen);
	ld_unload(b, module);
	return rc;
}

static int open_co(const void *bytes, size_t len, struct ld_code_object **co, char *err, size_t errlen)
{
	return ld_open_mem(bytes, len, co, err, errlen) ? GEMM_FAIL : 0;
}

int tune_exec_check(enum tpl_runner runner, const void *bytes, size_t len, const uint32_t shape[TPL_SHAPE_MAX],
		    enum tune_status *status, char *why, size_t n)
{
	crash_hook(shape[0]);
	struct ld_code_object *co = NULL;
	struct ld_backend *b = NULL;
	struct ld_emu_options eo = { .checks = EMU_CHECK_DEFAULT };
	char err[512] = "", line[400] = "";
	bool wrong = false;
	int rc = open_co(bytes, len, &co, err, sizeof err);
	if (!rc && ld_backend_emu_open(&eo, &b, err, sizeof err))
		rc = GEMM_FAIL;
	if (!rc)
		rc = run_once(runner, b, co, shape, 0, &wrong, line, sizeof line, NULL, err, sizeof err);
	ld_backend_close(b);
	ld_close(co);
	*status = TUNE_OK;
	if (!rc)
		return 0;
	*status = wrong ? TUNE_WRONG : TUNE_FAULT;
	char at[96];
	shape_x(runner, shape, at, sizeof at);
	snprintf(why, n, "emulator at %s: %s", at, wrong ? line : err);
	return -1;
}

/* The largest cause of lost issue cycles, or "VALU" when VALU issue is 70 %
 * or more of all SIMD-cycles. */
static void limit_of(const struct mdl_result *r, char *buf, size_t n)
{
	double total = 0, top = -1;
	for (unsigned i = 0; i < MDL_B_N; i++) {
		double v = (double)r->bucket[i];
		total += v;
		if (i != MDL_B_VALU_BUSY && v > top) {
			top = v;
			snprintf(buf, n, "%s", mdl_bucket_names[i]);
		}
	}
	if (total > 0 && (double)r->bucket[MDL_B_VALU_BUSY] >= 0.7 * total)
		snprintf(buf, n, "VALU");
}

int tune_exec_predict(enum tpl_runner runner, const void *bytes, size_t len, const uint32_t shape[TPL_SHAPE_MAX],
		      const struct mdl_device *device, struct tune_cand *c)
{
	struct ld_code_object *co = NULL;
	struct ld_backend *b = NULL;
	struct model_ctx *mc = calloc(1, sizeof *mc); /* large: the plan and the statistics */
	char err[512] = "";
	int rc = mc ? open_co(bytes, len, &co, err, sizeof err) : vc_fail(err, sizeof err, GEMM_FAIL, "out of memory");
	if (mc)
		mc->sample = 1, mc->device = device; /* one unit of each group: what the search ranks by (docs/tune.md) */
	struct ld_emu_options eo = { .checks = EMU_CHECK_DEFAULT, .launch = model_launch, .launch_ctx = mc };
	if (!rc && ld_backend_emu_open(&eo, &b, err, sizeof err))
		rc = GEMM_FAIL;
	if (!rc)
		rc = run_once(runner, b, co, shape, 0, NULL, NULL, 0, NULL, err, sizeof err);
	ld_backend_close(b);
	ld_close(co);
	double s = -1;
	if (!rc && mc->done && mc->seconds > 0) {
		s = mc->seconds;
		limit_of(&mc->p.r, c->limit, sizeof c->limit);
		snprintf(c->occ_limit, sizeof c->occ_limit, "%s", mc->p.plan.limit ? mc->p.plan.limit : "");
	} else {
		c->status = TUNE_MODEL;
		char at[96];
		shape_x(runner, shape, at, sizeof at);
		snprintf(c->why, sizeof c->why, "model at %.40s: %.140s", at, err[0] ? err : "no prediction");
	}
	free(mc);
	return s < 0 ? -1 : (c->seconds = s, 0);
}

int tune_exec_hip_open(struct ld_backend **b, char *err, size_t errlen)
{
	char why[256];
	if (ld_backend_hip_open(LD_DEVICE_AUTO, b, why, sizeof why))
		return vc_fail(err, errlen, -1, "backend hip: %s", why);
	return 0;
}

int tune_exec_hip_time(enum tpl_runner runner, struct ld_backend *b, const void *bytes, size_t len,
		       const uint32_t shape[TPL_SHAPE_MAX], unsigned reps, double *ms, char *err, size_t errlen)
{
	struct ld_code_object *co = NULL;
	struct ld_run_stats st = { 0 };
	char why[512] = "";
	int rc = open_co(bytes, len, &co, why, sizeof why);
	if (!rc)
		rc = run_once(runner, b, co, shape, reps, NULL, NULL, 0, &st, why, sizeof why);
	ld_close(co);
	if (rc)
		return vc_fail(err, errlen, -1, "backend hip (%s): %s", b->device, why);
	*ms = st.best_ms;
	return 0;
}
