/* tune_eval.c — one candidate of rdna3gen tune, in a worker process: build,
 * assemble, check on the emulator at a ragged shape, predict with the model.
 * The emulator and the model run through rdna3run (the same binary as the
 * user's `rdna3run K.hsaco --gemm M N K --check` and `--model`), so what the
 * search measures is exactly what a user reproduces by hand.
 *
 * The prediction at the target shape samples: the model runs the full M x N
 * grid (itself sampling CUs, --model-sample 1) at K = 128 and K = 256, and the
 * time is extended linearly in K (the k-loop repeats; docs/tune.md gives the
 * error against a full prediction).  The top of the ranking is then predicted
 * again at the full depth (tune_confirm). */
#include "tune/tune_eval.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <fcntl.h>
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
	snprintf(e->toolchain, sizeof e->toolchain, "clang-%u/ld.lld-%u", e->tc.clang_major, e->tc.lld_major);
	const char *env = getenv("RDNA3RUN");
	char self[900];
	ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
	if (env && *env) {
		snprintf(e->rdna3run, sizeof e->rdna3run, "%s", env);
	} else if (n > 0) {
		self[n] = 0;
		char *slash = strrchr(self, '/');
		snprintf(e->rdna3run, sizeof e->rdna3run, "%.*s/rdna3run", (int)(slash ? slash - self : 1),
			 slash ? self : ".");
	}
	if (!e->rdna3run[0] || access(e->rdna3run, X_OK)) {
		snprintf(err, errlen, "cannot find rdna3run beside rdna3gen (%s); set RDNA3RUN", e->rdna3run);
		return -1;
	}
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

/* The cache key: template, every parameter, the shapes, the toolchain and the
 * binaries that check and predict. */
static void key_of(const struct tune_env *e, const struct tune_cand *c, char *key, size_t n)
{
	const struct tune_run *r = e->r;
	char s[2048], val[64], a[64], b[64];
	size_t len = (size_t)snprintf(s, sizeof s, "%s %s %ux%ux%u k%d,%d", RDNA3_VERSION, r->t->name, r->m, r->n, r->k,
				      K1, K2);
	for (unsigned i = 0; i < tune_nparams(r->t) && len < sizeof s; i++) {
		tune_param_text(&c->v, i, val, sizeof val);
		len += (size_t)snprintf(s + len, sizeof s - len, " %s=%s", tune_param_name(r->t, i), val);
	}
	stamp("/proc/self/exe", a, sizeof a);
	stamp(e->rdna3run, b, sizeof b);
	if (len < sizeof s)
		snprintf(s + len, sizeof s - len, " %s %s %s %s %s", e->toolchain, e->tc.clang, e->tc.lld, a, b);
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
	const struct tune_run *r = e->r;
	c->gflops = c->status == TUNE_OK && c->seconds > 0 ? 2.0 * r->m * r->n * r->k / c->seconds / 1e9 : 0;
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

/* Run argv with stdout and stderr into out; the exit status, 128 + signal. */
static int run_tool(char *const argv[], const char *out)
{
	fflush(NULL);
	pid_t p = fork();
	if (p == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666);
		if (fd < 0)
			_exit(127);
		dup2(fd, 1);
		dup2(fd, 2);
		close(fd);
		execv(argv[0], argv);
		_exit(127);
	}
	if (p < 0)
		return 127;
	int st;
	while (waitpid(p, &st, 0) < 0)
		if (errno != EINTR)
			return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The last line starting with prefix in text, into buf (one line). */
static void last_line(const char *text, const char *prefix, char *buf, size_t n)
{
	const char *hit = NULL;
	for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		if (!strncmp(p, prefix, strlen(prefix)))
			hit = p;
	if (hit) {
		size_t l = strcspn(hit, "\n");
		snprintf(buf, n, "%.*s", (int)(l < n ? l : n - 1), hit);
	}
}

/* The largest cause of lost issue cycles in the model's JSON breakdown, or
 * "VALU" when VALU issue is 70 % or more of all SIMD-cycles. */
static void limit_of(const char *json, char *buf, size_t n)
{
	const char *p = strstr(json, "\"breakdown\": {");
	if (!p)
		return;
	p += strlen("\"breakdown\": {");
	double total = 0, valu = 0, top = -1;
	while (*p == ' ' || *p == '"') {
		const char *q = strchr(p, '"');
		const char *name = q + 1, *end = strchr(name, '"');
		if (!q || !end)
			break;
		double v = strtod(end + 2, (char **)&p);
		total += v;
		if (!strncmp(name, "VALU busy", (size_t)(end - name)))
			valu = v;
		else if (v > top) {
			top = v;
			snprintf(buf, n, "%.*s", (int)(end - name), name);
		}
		while (*p == ',' || *p == ' ')
			p++;
	}
	if (total > 0 && valu >= 0.7 * total)
		snprintf(buf, n, "VALU");
}

static long param(const struct tpl_values *v, const char *name)
{
	bool common;
	int i = tpl_param_find(v->tpl, name, &common);
	return i < 0 ? 0 : common ? v->c[i] : v->v[i];
}

/* One model run at depth k: seconds, or -1 with why. */
static double model_at(const struct tune_env *e, const char *hsaco, const char *out, uint32_t k, struct tune_cand *c)
{
	char m[16], nn[16], kk[16];
	snprintf(m, sizeof m, "%u", e->r->m), snprintf(nn, sizeof nn, "%u", e->r->n), snprintf(kk, sizeof kk, "%u", k);
	char *argv[] = { (char *)e->rdna3run, (char *)hsaco, "--backend", "emu", "--gemm", m, nn, kk, "--model",
			 "--model-format", "json", "--model-sample", "1", NULL };
	int rc = run_tool(argv, out);
	char *text = NULL, err[256];
	size_t n;
	if (ao_read_file(out, &text, &n, err, sizeof err))
		text = NULL;
	double s = -1;
	const char *p = text ? strstr(text, "\"seconds\": ") : NULL;
	if (rc == 0 && p) {
		s = strtod(p + strlen("\"seconds\": "), NULL);
		limit_of(text, c->limit, sizeof c->limit);
		const char *o = strstr(text, "\"occupancy_limit\": \"");
		if (o)
			snprintf(c->occ_limit, sizeof c->occ_limit, "%.*s", (int)strcspn(o + 20, "\""), o + 20);
	} else {
		c->status = rc >= 128 ? TUNE_FAULT : TUNE_MODEL;
		snprintf(c->why, sizeof c->why, "model at K=%u: exit %d", k, rc);
		if (text)
			last_line(text, "rdna3run:", c->why, sizeof c->why);
	}
	free(text);
	return s;
}

static void evaluate(const struct tune_env *e, struct tune_cand *c, const char *base)
{
	char err[1024], hsaco[1200], out[1200];
	struct ao_kernel *k;
	int rc = tpl_build(&c->v, &k, err, sizeof err);
	char *text = NULL;
	size_t len = 0;
	if (!rc && ao_print(k, NULL, &text, &len))
		rc = -1, snprintf(err, sizeof err, "%s", ao_error(k) ? ao_error(k) : "cannot print");
	if (rc) {
		c->status = TUNE_REFUSED;
		snprintf(c->why, sizeof c->why, "%.190s", err);
		ao_kernel_free(k);
		return;
	}
	ao_kernel_free(k);
	void *co = NULL;
	size_t co_len;
	rc = ao_assemble(&e->tc, text, len, NULL, &co, &co_len, NULL, NULL, err, sizeof err);
	free(text);
	snprintf(hsaco, sizeof hsaco, "%s.hsaco", base);
	if (!rc)
		rc = ao_write_atomic(hsaco, co, co_len, err, sizeof err);
	free(co);
	if (rc) {
		c->status = TUNE_ASM;
		snprintf(c->why, sizeof c->why, "%.*s", (int)strcspn(err, "\n"), err);
		return;
	}
	/* the check: one more than a tile along M, N and K, ragged in each */
	char m[24], n[24], kk[24];
	snprintf(m, sizeof m, "%ld", param(&c->v, "bm") + 3);
	snprintf(n, sizeof n, "%ld", param(&c->v, "bn") + 5);
	snprintf(kk, sizeof kk, "%ld", 2 * param(&c->v, "bk") + 3);
	snprintf(out, sizeof out, "%s.out", base);
	char *argv[] = { (char *)e->rdna3run, hsaco, "--backend", "emu", "--gemm", m, n, kk, "--check", NULL };
	rc = run_tool(argv, out);
	if (rc) {
		char *t = NULL;
		size_t tn;
		if (ao_read_file(out, &t, &tn, err, sizeof err))
			t = NULL;
		bool wrong = t && strstr(t, "check: FAILED");
		c->status = wrong ? TUNE_WRONG : TUNE_FAULT;
		snprintf(c->why, sizeof c->why, "emulator at %sx%sx%s: exit %d", m, n, kk, rc);
		if (t)
			last_line(t, wrong ? "check: FAILED" : "rdna3run:", c->why, sizeof c->why);
		free(t);
		unlink(out);
		return;
	}
	const struct tune_run *r = e->r;
	double s;
	if (r->k <= K2) {
		s = model_at(e, hsaco, out, r->k, c);
		c->full = true;
	} else {
		double t1 = model_at(e, hsaco, out, K1, c);
		double t2 = t1 < 0 ? -1 : model_at(e, hsaco, out, K2, c);
		s = t2 < 0 ? -1 : t2 + (t2 - t1) * (double)(r->k - K2) / (K2 - K1);
	}
	unlink(out);
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
	char base[1100], hsaco[1200], out[1200], err[256];
	key_of(e, c, base, sizeof base);
	snprintf(hsaco, sizeof hsaco, "%s.hsaco", base);
	snprintf(out, sizeof out, "%s.full.out", base);
	void *co = NULL;
	size_t len;
	if (access(hsaco, R_OK) && !tune_winner_hsaco(e, c, &co, &len, err, sizeof err))
		ao_write_atomic(hsaco, co, len, err, sizeof err);
	free(co);
	double sampled = c->seconds;
	double s = model_at(e, hsaco, out, e->r->k, c);
	unlink(out);
	if (s > 0)
		c->seconds = s, c->sampled_seconds = sampled;
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
	if (tune_winner_hsaco(e, &c, &co, &len, err, errlen))
		return -1;
	char path[1100], out[1100];
	snprintf(path, sizeof path, "%s/probe.hsaco", e->cache);
	snprintf(out, sizeof out, "%s/probe.out", e->cache);
	int rc = ao_write_atomic(path, co, len, err, errlen);
	free(co);
	if (rc)
		return -1;
	char *argv[] = { (char *)e->rdna3run, path, "--backend", "hip", "--gemm", "64", "64", "8", NULL };
	rc = run_tool(argv, out);
	if (rc) {
		char *t = NULL;
		size_t n;
		snprintf(err, errlen, "rdna3run exit %d", rc);
		if (!ao_read_file(out, &t, &n, err, errlen))
			last_line(t, "rdna3run:", err, errlen);
		free(t);
		if (rc == 3)
			snprintf(err + strlen(err), errlen - strlen(err), " (no HIP device)");
	}
	unlink(out);
	unlink(path);
	return rc ? -1 : 0;
}

/* The top 5 by the model, timed on the GPU (rdna3run --bench 20: HIP events). */
int tune_hip_time(const struct tune_env *e, struct tune_run *r, char *err, size_t errlen)
{
	enum { TOP = 5 };
	unsigned top[TOP], nt = tune_top(r, top, TOP);
	char m[16], n[16], k[16], out[1100];
	snprintf(m, sizeof m, "%u", r->m), snprintf(n, sizeof n, "%u", r->n), snprintf(k, sizeof k, "%u", r->k);
	snprintf(out, sizeof out, "%s/hip.out", e->cache);
	unsigned best = r->nc;
	for (unsigned t = 0; t < nt; t++) {
		struct tune_cand *c = &r->c[top[t]];
		char path[1100];
		key_of(e, c, path, sizeof path - 8);
		strcat(path, ".hsaco");
		char *argv[] = { (char *)e->rdna3run, path, "--backend", "hip", "--gemm", m, n, k, "--bench", "20", NULL };
		int rc = run_tool(argv, out);
		char *text = NULL;
		size_t tl;
		if (rc || ao_read_file(out, &text, &tl, err, errlen)) {
			snprintf(err, errlen, "timing candidate #%u: rdna3run exit %d", c->order, rc);
			free(text);
			return -1;
		}
		const char *p = strstr(text, "time ");
		c->hip_ms = p ? strtod(p + 5, NULL) : 0;
		free(text);
		if (c->hip_ms > 0 && (best == r->nc || c->hip_ms < r->c[best].hip_ms))
			best = top[t];
	}
	unlink(out);
	if (best == r->nc) {
		snprintf(err, errlen, "no time could be read from rdna3run --bench");
		return -1;
	}
	r->winner = best;
	r->hip = true;
	return 0;
}
