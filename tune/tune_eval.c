/* tune_eval.c — one candidate of rdna3gen tune, in a worker process: build,
 * assemble, check on the emulator at a ragged shape, predict with the model,
 * all in-process (tune/tune_exec.c, through the runner rdna3run uses: --gemm
 * or --stencil); the worker's result goes back as a record in the per-candidate cache.
 *
 * The prediction at the target shape samples: the model runs the full M x N
 * grid (itself sampling CUs, one unit per group) at K = 128 and K = 256, and
 * the time is extended linearly in K (the k-loop repeats; docs/tune.md gives
 * the error against a full prediction).  The top of the ranking is then
 * predicted again at the full depth (tune_confirm). */
#include "tune/tune_eval.h"
#include "loader/loader.h"
#include "model/model.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef RDNA3_VERSION
#define RDNA3_VERSION "0"
#endif

enum { K1 = 128, K2 = TUNE_K_DIRECT };   /* the sampled depths */
/* How the template's candidates run (struct tpl_space). */
#define RUNNER(e) ((e)->r->t->space->runner)

static int mkdirs(char *path)
{
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = 0;
			int rc = mkdir(path, 0777);
			*p = '/';
			if (rc && errno != EEXIST)
				return -1;
		}
	return mkdir(path, 0777) && errno != EEXIST ? -1 : 0;
}

/* size and mtime of a binary: a rebuilt rdna3gen or rdna3run (new model
 * constants, new emulator) does not reuse old results. */
static void stamp(const char *path, char *buf, size_t n)
{
	struct stat st;
	if (stat(path, &st))
		snprintf(buf, n, "?");
	else
		snprintf(buf, n, "%lld.%lld", (long long)st.st_size, (long long)st.st_mtime);
}

int tune_env_init(struct tune_env *e, const struct tune_run *r, const char *cache, char *err, size_t errlen)
{
	memset(e, 0, sizeof *e);
	e->r = r;
	if (ao_toolchain_find(&e->tc, err, errlen))
		return -1;
	e->tc.target = &isa_targets(NULL)[r->target];   /* -mcpu: the run's --target */
	snprintf(e->toolchain, sizeof e->toolchain, "clang-%u/ld.lld-%u", e->tc.clang_major, e->tc.lld_major);
	if (cache) {
		snprintf(e->cache, sizeof e->cache, "%s", cache);
	} else {
		const char *x = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
		if (x && *x)
			snprintf(e->cache, sizeof e->cache, "%s/rdna3gen/tune", x);
		else
			snprintf(e->cache, sizeof e->cache, "%s/.cache/rdna3gen/tune", home && *home ? home : "/tmp");
	}
	if (mkdirs(e->cache)) {
		snprintf(err, errlen, "cache %s: %s", e->cache, strerror(errno));
		return -1;
	}
	return 0;
}

/* The cache key: template, every parameter (the target among them), the card
 * the model predicts for, the shapes, the toolchain and the
 * binaries that check and predict. */
static void key_of(const struct tune_env *e, const struct tune_cand *c, char *key, size_t n)
{
	const struct tune_run *r = e->r;
	char s[2048], val[64], a[64];
	char shape[128];
	tune_shape_x(r, shape, sizeof shape);
	size_t len = (size_t)snprintf(s, sizeof s, "%s %s %s k%d,%d", RDNA3_VERSION, r->t->name, shape, K1, K2);
	for (unsigned i = 0; i < tune_nparams(r->t) && len < sizeof s; i++) {
		tune_param_text(&c->v, i, val, sizeof val);
		len += (size_t)snprintf(s + len, sizeof s - len, " %s=%s", tune_param_name(r->t, i), val);
	}
	stamp("/proc/self/exe", a, sizeof a);
	if (len < sizeof s)
		snprintf(s + len, sizeof s - len, " %s %s %s %s %s", e->toolchain, e->tc.clang, e->tc.lld, a,
			 e->r->device ? e->r->device->name : "-");
	uint64_t h = 0xcbf29ce484222325ull;
	for (const char *p = s; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	snprintf(key, n, "%s/%016llx", e->cache, (unsigned long long)h);
}

int tune_cache_load(const struct tune_env *e, struct tune_cand *c)
{
	char path[1100], *text;
	size_t n;
	char err[256];
	key_of(e, c, path, sizeof path - 8);
	strcat(path, ".txt");
	if (access(path, R_OK) || ao_read_file(path, &text, &n, err, sizeof err))
		return -1;
	int status = -1;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq++ = 0;
		if (!strcmp(line, "status"))
			status = atoi(eq);
		else if (!strcmp(line, "seconds"))
			c->seconds = strtod(eq, NULL);
		else if (!strcmp(line, "limit"))
			snprintf(c->limit, sizeof c->limit, "%s", eq);
		else if (!strcmp(line, "occ_limit"))
			snprintf(c->occ_limit, sizeof c->occ_limit, "%s", eq);
		else if (!strcmp(line, "why"))
			snprintf(c->why, sizeof c->why, "%s", eq);
		else if (!strcmp(line, "full"))
			c->full = atoi(eq) != 0;
		else if (!strcmp(line, "sampled"))
			c->sampled_seconds = strtod(eq, NULL);
	}
	free(text);
	if (status <= TUNE_PENDING || status >= TUNE_NSTATUS)
		return -1;
	c->status = (enum tune_status)status;
	c->rate = c->status == TUNE_OK ? tune_rate(e->r, &c->v, c->seconds) : 0;
	return 0;
}

static void cache_store(const struct tune_env *e, const struct tune_cand *c)
{
	char path[1100], buf[1024], err[256];
	key_of(e, c, path, sizeof path - 8);
	strcat(path, ".txt");
	int n = snprintf(buf, sizeof buf,
			 "status=%d\nseconds=%.17g\nfull=%d\nsampled=%.17g\nlimit=%s\nocc_limit=%s\nwhy=%s\n",
			 (int)c->status, c->seconds, c->full, c->sampled_seconds, c->limit, c->occ_limit, c->why);
	ao_write_atomic(path, buf, (size_t)n, err, sizeof err);
}

/* The candidate's code object, assembled in memory; NULL with c's status set. */
static void *build_candidate(const struct tune_env *e, struct tune_cand *c, size_t *co_len)
{
	char err[1024];
	struct ao_kernel *k;
	int rc = tpl_build(&c->v, &k, err, sizeof err);
	char *text = NULL;
	size_t len = 0;
	if (!rc && ao_print(k, NULL, &text, &len))
		rc = -1, snprintf(err, sizeof err, "%s", ao_error(k) ? ao_error(k) : "cannot print");
	ao_kernel_free(k);
	if (rc) {
		c->status = TUNE_REFUSED;
		snprintf(c->why, sizeof c->why, "%.190s", err);
		return NULL;
	}
	void *co = NULL;
	rc = ao_assemble(&e->tc, text, len, NULL, &co, co_len, NULL, NULL, err, sizeof err);
	free(text);
	if (rc) {
		c->status = TUNE_ASM;
		snprintf(c->why, sizeof c->why, "%.*s", (int)strcspn(err, "\n"), err);
		return NULL;
	}
	return co;
}

static void evaluate(const struct tune_env *e, struct tune_cand *c, const char *base)
{
	size_t co_len;
	void *co = build_candidate(e, c, &co_len);
	if (!co)
		return;
	char hsaco[1200], err[256];
	snprintf(hsaco, sizeof hsaco, "%s.hsaco", base);
	ao_write_atomic(hsaco, co, co_len, err, sizeof err); /* for the confirmation and the winner; rebuilt if lost */
	/* the check: the template's shape for it, ragged in M, N and K */
	uint32_t check[TPL_SHAPE_MAX] = { 0 };
	c->v.tpl->space->check_shape(&c->v, check);
	enum tune_status st;
	if (tune_exec_check(RUNNER(e), co, co_len, check, &st, c->why, sizeof c->why)) {
		c->status = st;
		free(co);
		return;
	}
	const struct tune_run *r = e->r;
	double s = -1;
	uint32_t at[TPL_SHAPE_MAX];
	memcpy(at, r->shape, sizeof at);
	if (r->shape[2] <= K2 || RUNNER(e) != TPL_RUN_GEMM) { /* the depth estimate is the k-loop's */
		if (!tune_exec_predict(RUNNER(e), co, co_len, at, e->r->device, c))
			s = c->seconds;
		c->full = true;
	} else {
		at[2] = K1;
		double t1 = tune_exec_predict(RUNNER(e), co, co_len, at, e->r->device, c) ? -1 : c->seconds;
		at[2] = K2;
		double t2 = t1 < 0 || tune_exec_predict(RUNNER(e), co, co_len, at, e->r->device, c) ? -1 : c->seconds;
		s = t2 < 0 ? -1 : t2 + (t2 - t1) * (double)(r->shape[2] - K2) / (K2 - K1);
	}
	free(co);
	if (s > 0) {
		c->status = TUNE_OK;
		c->seconds = s;
	}
}

int tune_eval_child(const struct tune_env *e, struct tune_cand *c)
{
	char base[1100];
	key_of(e, c, base, sizeof base);
	evaluate(e, c, base);
	cache_store(e, c);
	return 0;
}

/* In a worker: c at the full depth, from its cached code object (built
 * again when the cache has lost it). */
static int confirm_child(const struct tune_env *e, struct tune_cand *c)
{
	void *co = NULL;
	size_t len;
	char err[256];
	double sampled = c->seconds;
	if (tune_winner_hsaco(e, c, &co, &len, err, sizeof err)) {
		c->status = TUNE_ASM;
		snprintf(c->why, sizeof c->why, "%.*s", (int)strcspn(err, "\n"), err);
	} else if (!tune_exec_predict(RUNNER(e), co, len, e->r->shape, e->r->device, c)) {
		c->sampled_seconds = sampled;
	}
	free(co);
	c->full = true;   /* a failure at the full depth is the candidate's (status model-failed) */
	cache_store(e, c);
	return 0;
}

void tune_confirm(const struct tune_env *e, struct tune_run *r, const unsigned *idx, unsigned n)
{
	unsigned next = 0, running = 0, jobs = r->jobs ? r->jobs : 1;
	while (next < n || running) {
		while (running < jobs && next < n) {
			struct tune_cand *c = &r->c[idx[next++]];
			if (c->full || c->status != TUNE_OK)
				continue;
			fflush(NULL);
			pid_t p = fork();
			if (p == 0)
				_exit(confirm_child(e, c));
			if (p < 0) /* no worker: the estimate stays */
				continue;
			running++;
		}
		if (!running)
			break;
		if (wait(NULL) < 0 && errno == ECHILD)
			break;
		running--;
	}
	for (unsigned i = 0; i < n; i++) {
		struct tune_cand *c = &r->c[idx[i]];
		if (!c->full && c->status == TUNE_OK)
			tune_cache_load(e, c);
		if (c->status != TUNE_OK && c->why[0])
			fprintf(stderr, "rdna3gen: tune: candidate #%u at the full depth: %s: %s\n", c->order,
				tune_status_names[c->status], c->why);
	}
}

unsigned tune_top(const struct tune_run *r, unsigned *top, unsigned max)
{
	unsigned nt = 0;
	for (unsigned i = 0; i < r->nc && max; i++) {
		if (r->c[i].status != TUNE_OK)
			continue;
		unsigned j = nt < max ? nt++ : max;
		if (j == max && r->c[i].seconds >= r->c[top[max - 1]].seconds)
			continue;
		if (j == max)
			j = max - 1;
		while (j > 0 && r->c[top[j - 1]].seconds > r->c[i].seconds)
			top[j] = top[j - 1], j--;
		top[j] = i;
	}
	return nt;
}

int tune_winner_hsaco(const struct tune_env *e, const struct tune_cand *c, void **co, size_t *len, char *err,
		      size_t errlen)
{
	char path[1100];
	key_of(e, c, path, sizeof path - 8);
	strcat(path, ".hsaco");
	if (ao_read_file(path, (char **)co, len, err, errlen) == 0)
		return 0;
	struct ao_kernel *k;
	char *text;
	size_t tl;
	if (tpl_build(&c->v, &k, err, errlen))
		return -1;
	int rc = ao_print(k, NULL, &text, &tl);
	ao_kernel_free(k);
	if (rc) {
		snprintf(err, errlen, "the winner cannot be printed again");
		return -1;
	}
	rc = ao_assemble(&e->tc, text, tl, NULL, co, len, NULL, NULL, err, errlen);
	free(text);
	return rc ? -1 : 0;
}

int tune_hip_probe(const struct tune_env *e, char *err, size_t errlen)
{
	struct tune_cand c = { 0 };
	tpl_defaults(e->r->t, &c.v);
	void *co;
	size_t len;
	struct ld_backend *b;
	if (tune_exec_hip_open(&b, err, errlen))
		return -1;
	int rc = tune_winner_hsaco(e, &c, &co, &len, err, errlen);
	double ms;
	uint32_t at[TPL_SHAPE_MAX] = { 64, 64, 8 };   /* a small GEMM or stencil; an attention at its check shape */
	if (RUNNER(e) == TPL_RUN_ATTENTION)
		e->r->t->space->check_shape(&c.v, at);
	if (!rc) {
		rc = tune_exec_hip_time(RUNNER(e), b, co, len, at, 1, &ms, err, errlen);
		free(co);
	}
	ld_backend_close(b);
	return rc ? -1 : 0;
}

/* The top 5 by the model, timed on the GPU (20 launches, HIP events, the
 * best of them, as rdna3run --bench 20). */
int tune_hip_time(const struct tune_env *e, struct tune_run *r, char *err, size_t errlen)
{
	enum { TOP = 5 };
	unsigned top[TOP], nt = tune_top(r, top, TOP);
	struct ld_backend *b;
	if (tune_exec_hip_open(&b, err, errlen))
		return -1;
	unsigned best = r->nc;
	int rc = 0;
	for (unsigned t = 0; t < nt && !rc; t++) {
		struct tune_cand *c = &r->c[top[t]];
		void *co = NULL;
		size_t len;
		rc = tune_winner_hsaco(e, c, &co, &len, err, errlen);
		if (!rc)
			rc = tune_exec_hip_time(RUNNER(e), b, co, len, r->shape, 20, &c->hip_ms, err, errlen);
		free(co);
		if (rc)
			snprintf(err + strlen(err), errlen - strlen(err), " (timing candidate #%u)", c->order);
		else if (c->hip_ms > 0 && (best == r->nc || c->hip_ms < r->c[best].hip_ms))
			best = top[t];
	}
	ld_backend_close(b);
	if (rc)
		return -1;
	if (best == r->nc)
		return vc_fail(err, errlen, -1, "no candidate could be timed on the GPU");
	r->winner = best;
	r->hip = true;
	return 0;
}
