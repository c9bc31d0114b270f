/* tune.c — rdna3gen tune: enumerate a template's legal parameter sets (its
 * search space, templates/templates.h; its own check decides), build each,
 * prune by static occupancy, check the survivors on the emulator at a small
 * ragged shape and predict their time at the target shape with the timing
 * model (both in-process, one worker process per candidate, -j at a time),
 * then rank.  Results are cached per
 * candidate so an interrupted search resumes.  See docs/tune.md. */
#include "tune/tune.h"
#include "tune/tune_eval.h"
#include "model/model.h"
#include "vocab/vocab.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define EXIT_USAGE 2

const char *const tune_status_names[TUNE_NSTATUS] = {
#define TUNE_S_NAME_(e, s) s,
	TUNE_STATUSES(TUNE_S_NAME_)
#undef TUNE_S_NAME_
};

int tune_fail(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("rdna3gen: tune: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	return status;
}


const struct mdl_device *tune_device(const struct tune_opts *o)
{
	const struct isa_target *t = &isa_targets(NULL)[o->target];
	return o->device ? mdl_device_find(o->device) : mdl_device_default(t);
}

double tune_rate(const struct tune_run *r, const struct tpl_values *v, double seconds)
{
	if (!(seconds > 0))
		return 0;
	const struct tpl_space *sp = r->t->space;
	double work = sp->work ? sp->work(v, r->shape) : 2.0 * r->shape[0] * r->shape[1] * r->shape[2];
	return work / seconds / 1e9;
}

const char *tune_unit(const struct tpl_template *t)
{
	return t->space->unit ? t->space->unit : "GFLOP/s";
}

const char *tune_rate_column(const struct tpl_template *t)
{
	return strcmp(tune_unit(t), "GB/s") ? "gflops" : "gbs";
}

/* A GEMM's one-letter dimensions in capitals, as the GEMM's literature writes
 * them; longer names (nx, skv) as they are. */
void tune_shape_text(const struct tune_run *r, char *buf, size_t n)
{
	const struct tpl_space *sp = r->t->space;
	const uint32_t *v = r->shape;
	size_t len = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < TPL_SHAPE_MAX && i < sp->ndims && len < n; i++) {
		const char *d = sp->dims[i];
		len += (size_t)snprintf(buf + len, n - len, "%s%c%s=%u", i ? " " : "",
					d[1] ? d[0] : toupper((unsigned char)d[0]), d + 1, v[i]);
	}
}

/* "MxNxK": the sizes of the template's dimensions joined by x. */
void tune_shape_x(const struct tune_run *r, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < r->t->space->ndims && i < TPL_SHAPE_MAX && len < n; i++)
		len += (size_t)snprintf(buf + len, n - len, "%s%u", i ? "x" : "", r->shape[i]);
}

/* ---- the search space: the template's (struct tpl_space, next to its
 * parameter table), as stored values per axis; its check decides which
 * combinations are legal. */
#define NAXES_MAX 24

struct space {
	const struct tpl_space *ts;
	unsigned naxes;
	int idx[NAXES_MAX];          /* parameter index in the template */
	unsigned nval[NAXES_MAX];
	long val[NAXES_MAX][TPL_AXIS_VALUES];   /* stored values */
};

/* Whether "name=value ..." names the parameter. */
static bool fixed_names(const char *fixed, const char *name)
{
	size_t n = strlen(name);
	for (const char *p = fixed; p && *p; p += strcspn(p, " "), p += strspn(p, " "))
		if (!strncmp(p, name, n) && p[n] == '=')
			return true;
	return false;
}

/* The axes' values; an axis the command line fixes (tune_run.fixed) has the
 * one value base holds. */
static int space_init(const struct tpl_template *t, bool small_m, const struct tpl_values *base, const char *fixed,
		      struct space *s, char *err, size_t errlen)
{
	struct tpl_values v;
	tpl_defaults(t, &v);
	bool common;
	s->ts = t->space;
	s->naxes = t->space->naxes;
	if (s->naxes > NAXES_MAX) {
		snprintf(err, errlen, "template %s: %u axes to search, at most %d", t->name, s->naxes, NAXES_MAX);
		return -1;
	}
	for (unsigned a = 0; a < s->naxes; a++) {
		const struct tpl_axis *ax = &s->ts->axes[a];
		s->idx[a] = tpl_param_find(t, ax->param, &common);
		if (s->idx[a] < 0 || common) {
			snprintf(err, errlen, "template %s has no parameter %s to search", t->name, ax->param);
			return -1;
		}
		s->nval[a] = 0;
		if (fixed_names(fixed, ax->param)) {
			s->val[a][s->nval[a]++] = base->v[s->idx[a]];
			continue;
		}
		for (unsigned j = 0; j < TPL_AXIS_VALUES && ax->vals[j] && (small_m || !ax->small_m || j < ax->small_m); j++) {
			if (tpl_set(&v, ax->param, ax->vals[j], err, errlen))
				return -1;
			s->val[a][s->nval[a]++] = v.v[s->idx[a]];
		}
	}
	return 0;
}

/* A legal point: the value index along each axis. */
struct point {
	uint8_t at[NAXES_MAX];
	uint64_t hash;
};

static void point_values(const struct space *s, const struct point *p, struct tpl_values *v)
{
	for (unsigned a = 0; a < s->naxes; a++)
		v->v[s->idx[a]] = s->val[a][p->at[a]];
	if (s->ts->derive)
		s->ts->derive(v);
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ull;
	return h;
}

static int by_hash(const void *a, const void *b)
{
	const struct point *x = a, *y = b;
	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return memcmp(x->at, y->at, NAXES_MAX);
}

/* Every legal point, in a fixed pseudo-random order (a hash of the point), so
 * that a budget samples the whole space rather than one corner of it. */
static struct point *enumerate(const struct space *s, const struct tpl_values *base, size_t *np)
{
	size_t cap = 4096, n = 0;
	struct point *out = malloc(cap * sizeof *out);
	if (!out)
		return NULL;
	struct point p = { { 0 }, 0 };
	struct tpl_values v = *base;
	char err[256];
	for (;;) {
		point_values(s, &p, &v);
		if (v.tpl->check(&v, err, sizeof err) == 0) {
			if (n == cap) {
				struct point *q = realloc(out, 2 * cap * sizeof *out);
				if (!q) {
					free(out);
					return NULL;
				}
				out = q, cap *= 2;
			}
			p.hash = fnv(0xcbf29ce484222325ull, p.at, s->naxes);
			out[n++] = p;
		}
		unsigned a = 0;
		while (a < s->naxes && ++p.at[a] == s->nval[a])
			p.at[a++] = 0;
		if (a == s->naxes)
			break;
	}
	qsort(out, n, sizeof *out, by_hash);
	*np = n;
	return out;
}

/* ---- the static pass: build without assembling, prune by occupancy */
static void static_pass(struct tune_cand *c, unsigned *best_occ)
{
	struct ao_kernel *k;
	char err[512];
	int rc = tpl_build(&c->v, &k, err, sizeof err);
	if (rc) {
		c->status = TUNE_REFUSED;
		snprintf(c->why, sizeof c->why, "%.190s", err);
		return;
	}
	struct ao_summary s;
	ao_finalize(k, &s);
	struct isa_occupancy occ;
	isa_occupancy(ao_info(k)->target, s.next_free_vgpr, s.lds_bytes, ao_info(k)->block_threads,
		      ao_info(k)->wgp_mode, &occ);
	ao_kernel_free(k);
	c->vgprs = s.next_free_vgpr, c->lds = s.lds_bytes, c->occ = occ.waves;
	if (occ.waves * 4 < *best_occ) {
		c->status = TUNE_PRUNED;
		snprintf(c->why, sizeof c->why, "occupancy %u waves/SIMD, under a quarter of the %u of an earlier candidate",
			 occ.waves, *best_occ);
		return;
	}
	if (occ.waves > *best_occ)
		*best_occ = occ.waves;
}

/* Parameter order (the template's table) for ties. */
static int cmp_params(const struct tune_cand *a, const struct tune_cand *b)
{
	for (unsigned i = 0; i < TPL_MAX_PARAMS; i++)
		if (a->v.v[i] != b->v.v[i])
			return a->v.v[i] < b->v.v[i] ? -1 : 1;
	return 0;
}

static bool better(const struct tune_cand *a, const struct tune_cand *b)
{
	if (a->seconds != b->seconds)
		return a->seconds < b->seconds;
	return cmp_params(a, b) < 0;
}

static void progress(const struct tune_run *r, unsigned done, unsigned total, time_t t0, bool final)
{
	double el = difftime(time(NULL), t0);
	double eta = r->time_limit > 0 ? fmax(0, r->time_limit - el) : done ? el / done * (total - done) : 0;
	char best[96] = "none yet";
	if (r->winner < r->nc)
		snprintf(best, sizeof best, "%.0f %s (#%u)", r->c[r->winner].rate, tune_unit(r->t), r->c[r->winner].order);
	fprintf(stderr, "%stune: %u/%u evaluated, best %s, elapsed %.0fs, ETA %.0fs%s", isatty(2) ? "\r" : "", done,
		total, best, el, eta, isatty(2) && !final ? "   " : "\n");
	fflush(stderr);
}

/* Run the evaluations, jobs at a time, a cached result instead of a worker
 * where there is one. */
static void evaluate_all(struct tune_run *r, const struct tune_env *env, unsigned budget, double time_limit)
{
	time_t t0 = time(NULL);
	unsigned scan = 0, next = 0, running = 0, done = 0, best_occ = 0, cached = 0;
	unsigned total = budget < r->nc ? budget : r->nc;   /* for the progress line */
	if (r->shard_n > 1)   /* about this share of them */
		total = (total + r->shard_n - 1) / r->shard_n;
	pid_t *pids = calloc(r->jobs, sizeof *pids);
	unsigned *slot_c = calloc(r->jobs, sizeof *slot_c);
	if (!pids || !slot_c) {
		free(pids), free(slot_c);
		tune_fail(1, "out of memory");
		return;
	}
	for (;;) {
		bool late = time_limit > 0 && difftime(time(NULL), t0) >= time_limit;
		while (running < r->jobs && !late && next < budget) {
			/* the static pass, in enumeration order, as candidates are needed */
			while (scan < r->nc && (static_pass(&r->c[scan], &best_occ), r->c[scan].status != TUNE_PENDING))
				scan++;
			if (scan == r->nc)
				break;
			struct tune_cand *c = &r->c[scan++];
			next++;   /* another shard's candidate counts against the budget, as in one search */
			if (r->shard_n > 1 && !tune_shard_mine(r, c))
				continue;
			if (tune_cache_load(env, c) == 0) {
				done++;
				cached++;
				r->evaluated++;
				if (c->status == TUNE_OK && (r->winner == r->nc || better(c, &r->c[r->winner])))
					r->winner = (unsigned)(c - r->c);
				continue;
			}
			unsigned s = 0;
			while (pids[s])
				s++;
			fflush(NULL);
			pid_t p = fork();
			if (p == 0)
				_exit(tune_eval_child(env, c));
			if (p < 0) {
				c->status = TUNE_FAULT;
				snprintf(c->why, sizeof c->why, "cannot start a worker: %s", strerror(errno));
				continue;
			}
			pids[s] = p, slot_c[s] = (unsigned)(c - r->c);
			running++;
		}
		if (!running)
			break;
		int st;
		pid_t p = wait(&st);
		if (p < 0 && errno == ECHILD)
			break;
		unsigned s = 0;
		while (s < r->jobs && pids[s] != p)
			s++;
		if (s == r->jobs)
			continue;
		pids[s] = 0;
		running--;
		struct tune_cand *c = &r->c[slot_c[s]];
		if (tune_cache_load(env, c)) {
			c->status = TUNE_FAULT;
			if (WIFSIGNALED(st))
				snprintf(c->why, sizeof c->why, "the worker died of signal %d", WTERMSIG(st));
			else
				snprintf(c->why, sizeof c->why, "the worker left no result (exit %d)", WEXITSTATUS(st));
		}
		if (c->status != TUNE_OK && c->why[0])
			fprintf(stderr, "%srdna3gen: tune: candidate #%u: %s: %s\n", isatty(2) ? "\n" : "", c->order,
				tune_status_names[c->status], c->why);
		done++;
		r->evaluated++;
		if (c->status == TUNE_OK && (r->winner == r->nc || better(c, &r->c[r->winner])))
			r->winner = (unsigned)(c - r->c);
		progress(r, done, total, t0, false);
	}
	if (isatty(2))
		progress(r, done, total, t0, true);
	/* a rerun answered from the cache says so: its figures are the earlier run's */
	if (cached)
		fprintf(stderr, "tune: %u of %u evaluated candidates from the cache (%s)\n", cached, done, env->cache);
	free(pids), free(slot_c);
	r->nc = scan;   /* candidates past the budget were never looked at */
}

unsigned tune_confirm_set(const struct tune_run *r, unsigned *idx, unsigned *top)
{
	unsigned n = *top = tune_top(r, idx, r->confirm);
	for (unsigned i = 0; i < r->nc; i++)
		if (r->c[i].v.preset && !strcmp(r->c[i].v.preset, "best") && r->c[i].status == TUNE_OK) {
			bool in = false;
			for (unsigned j = 0; j < *top; j++)
				in |= idx[j] == i;
			if (!in)
				idx[n++] = i;
		}
	return n;
}

void tune_pick_winner(struct tune_run *r)
{
	/* a full-depth prediction beats any estimate; the estimates decide only
	 * when no candidate has one */
	unsigned w = r->nc;
	for (unsigned i = 0; i < r->nc; i++) {
		const struct tune_cand *c = &r->c[i];
		if (c->status == TUNE_OK && (w == r->nc || c->full > r->c[w].full ||
					     (c->full == r->c[w].full && better(c, &r->c[w]))))
			w = i;
	}
	r->winner = w;
}

/* The estimate at K = 128/256 can be far from a prediction at the full depth
 * (docs/tune.md): the r->confirm fastest by it, and the preset `best` (the
 * design they are compared with), are predicted again at the full depth, and
 * the winner is the fastest of the full-depth predictions. */
static void confirm_top(struct tune_run *r, const struct tune_env *env)
{
	unsigned idx[TUNE_CONFIRM_MAX + 1], top, n = tune_confirm_set(r, idx, &top);
	bool need = false;
	for (unsigned i = 0; i < n; i++)
		need |= !r->c[idx[i]].full;
	if (need)
		fprintf(stderr, "rdna3gen: tune: predicting the %u fastest%s again at the full depth (K = %u)\n", top,
			n > top ? " and best" : "", r->shape[2]);
	tune_confirm(env, r, idx, n);
	tune_pick_winner(r);
}

/* The presets of the template first (the known kernels are always compared),
 * then the enumerated points; duplicates of a preset left out. */
/* Parameters the target shape fixes on every candidate, as a GEMM's layout
 * is the target's: an attention's head dimension is the shape's D (a
 * preset of another D would run a kernel the shape refuses). */
static const struct {
	enum tpl_runner runner;
	const char *param;
	unsigned dim;                /* the shape's size it takes */
} shape_params[] = {
	{ TPL_RUN_ATTENTION, "head-dim", 5 },
};

/* The shape's parameter of r's template into v, when it has one; its index or -1. */
static int fix_by_shape(const struct tune_run *r, struct tpl_values *v)
{
	for (size_t i = 0; i < sizeof shape_params / sizeof shape_params[0]; i++) {
		bool common = false;
		int p = r->t->space->runner == shape_params[i].runner ? tpl_param_find(r->t, shape_params[i].param, &common)
								      : -1;
		if (p >= 0 && !common) {
			v->v[p] = r->shape[shape_params[i].dim];
			return p;
		}
	}
	return -1;
}

int tune_collect(struct tune_run *r)
{
	struct space sp;
	char err[512];
	bool small_m = r->shape[0] <= TPL_SMALL_M, common = false;   /* tpl_param_find sets it only when it finds the name */
	struct tpl_values base;
	tpl_defaults(r->t, &base);
	/* the target's layout on every candidate (a GEMM template's parameter) */
	int i_layout = tpl_param_find(r->t, "layout", &common);
	if (common)
		i_layout = -1;
	if (i_layout >= 0)
		base.v[i_layout] = r->layout;
	base.c[TPL_C_TARGET] = r->target;
	if (r->t->space->fixed && tpl_apply_values(&base, "search space", r->t->space->fixed, err, sizeof err))
		return tune_fail(1, "template %s: %s", r->t->name, err);
	int i_shape = fix_by_shape(r, &base);
	long by_shape = i_shape >= 0 ? base.v[i_shape] : 0;
	if (r->fixed[0] && tpl_apply_values(&base, "command line", r->fixed, err, sizeof err))
		return tune_fail(1, "template %s: %s", r->t->name, err);
	if (i_shape >= 0 && base.v[i_shape] != by_shape)   /* --head-dim 128 at D = 64 */
		return tune_fail(2, "--%s %ld: the shape gives %ld", r->t->params[i_shape].name, base.v[i_shape],
				 by_shape);
	if (space_init(r->t, small_m, &base, r->fixed, &sp, err, sizeof err))
		return tune_fail(1, "%s", err);
	/* the legal points depend only on the template, the layout and on M <=
	 * TPL_SMALL_M: a library of many shapes enumerates once per kind */
	static struct point *pts;
	static size_t np;
	static const struct tpl_template *pts_t;
	static long pts_layout = -1;
	static long pts_shape_value = -1;
	static bool pts_small;
	static char pts_fixed[sizeof r->fixed];
	long shape_value = i_shape >= 0 ? base.v[i_shape] : -1;
	if (pts_t != r->t || pts_layout != r->layout || pts_small != small_m || strcmp(pts_fixed, r->fixed) ||
	    pts_shape_value != shape_value) {
		free(pts);
		pts = enumerate(&sp, &base, &np);
		pts_t = r->t;
		pts_layout = pts ? r->layout : -1;
		pts_small = small_m;
		pts_shape_value = shape_value;
		snprintf(pts_fixed, sizeof pts_fixed, "%s", r->fixed);
	}
	if (!pts)
		return tune_fail(1, "out of memory");
	size_t cap = r->t->npresets + np;
	r->c = calloc(cap ? cap : 1, sizeof *r->c);
	if (!r->c)
		return tune_fail(1, "out of memory");
	unsigned n = 0;
	for (unsigned i = 0; i < r->t->npresets; i++) {
		struct tpl_values v;
		tpl_defaults(r->t, &v);
		if (tpl_apply_preset(&v, r->t->presets[i].name, err, sizeof err))
			continue;
		if (i_layout >= 0)
			v.v[i_layout] = r->layout;
		fix_by_shape(r, &v);
		if (r->fixed[0] && tpl_apply_values(&v, "command line", r->fixed, err, sizeof err))
			continue;
		v.c[TPL_C_TARGET] = r->target;
		if (r->t->check(&v, err, sizeof err))
			continue;
		r->c[n].v = v;
		r->c[n].order = n;
		n++;
	}
	unsigned npre = n;
	for (size_t i = 0; i < np; i++) {
		struct tpl_values v = base;
		point_values(&sp, &pts[i], &v);
		bool dup = false;
		for (unsigned j = 0; j < npre && !dup; j++)
			dup = cmp_params(&r->c[j], &(struct tune_cand){ .v = v }) == 0 &&
			      !memcmp(r->c[j].v.c, v.c, sizeof v.c);
		if (dup)
			continue;
		r->c[n].v = v;
		r->c[n].order = n;
		n++;
	}
	if (!n && i_shape >= 0) {   /* the shape asks what no candidate can be: say why */
		char why[256] = "no candidate is legal";
		r->t->check(&base, why, sizeof why);
		free(r->c);
		r->c = NULL;
		return tune_fail(2, "--shape: %s = %ld: template %s cannot take it (%s)", r->t->params[i_shape].name,
				 base.v[i_shape], r->t->name, why);
	}
	r->nc = n;
	r->winner = n;
	return 0;
}

int tune_search(struct tune_run *r, const struct tune_env *env, unsigned budget, double time_limit)
{
	int rc = tune_collect(r);
	if (rc)
		return rc;
	fprintf(stderr, "rdna3gen: tune: %u legal candidates, evaluating %s%u on %u worker%s (%s)\n", r->nc,
		time_limit > 0 ? "for the time given, at most " : "", budget, r->jobs, r->jobs == 1 ? "" : "s",
		env->toolchain);
	time_t t0 = time(NULL);
	evaluate_all(r, env, budget, time_limit);
	if (r->winner > r->nc)
		r->winner = r->nc;
	if (r->winner < r->nc && r->confirm && r->shape[2] > TUNE_K_DIRECT && r->t->space->runner == TPL_RUN_GEMM)
		confirm_top(r, env);
	r->seconds_total = difftime(time(NULL), t0);
	return 0;
}

const char *tune_check_template(const char *name, const struct tpl_template **t)
{
	*t = tpl_find(name);
	if (!*t)
		return "unknown template '%s' (see: rdna3gen list)";
	if (!(*t)->space)
		return "template %s cannot be tuned: it declares no search space (rdna3gen list says which do)";
	return NULL;
}

int tune_main(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[2], "merge"))
		return tune_merge_main(argc, argv);
	struct tune_opts o;
	int rc = tune_parse_opts(argc, argv, &o);
	if (rc)
		return rc;
	struct tune_run r = { 0 };
	const char *bad = tune_check_template(o.tpl, &r.t);
	if (bad)
		return tune_fail(EXIT_USAGE, bad, o.tpl);
	if (o.shapes)
		return tune_library(&o);
	for (unsigned i = 0; i < TPL_SHAPE_MAX; i++)
		r.shape[i] = (uint32_t)o.shape[i];
	r.layout = o.layout;
	snprintf(r.fixed, sizeof r.fixed, "%s", o.fixed);
	r.target = o.target;
	r.device = tune_device(&o);
	r.jobs = o.jobs;
	r.confirm = o.confirm;
	r.time_limit = o.time_limit;
	struct tune_env env;
	char err[1024];
	if (tune_env_init(&env, &r, o.cache, err, sizeof err))
		return tune_fail(1, "%s", err);
	r.toolchain = env.toolchain;
	if (!strcmp(o.backend, "hip") && tune_hip_probe(&env, err, sizeof err))
		return tune_fail(3, "--backend hip: %s; nothing timed, nothing written (the model's ranking needs no "
			    "--backend)", err);
	if ((rc = tune_search(&r, &env, o.budget, o.time_limit)))
		return rc;
	if (r.winner >= r.nc) {
		free(r.c);
		return tune_fail(1, "no candidate was correct and timed; nothing written");
	}
	if (!strcmp(o.backend, "hip") && tune_hip_time(&env, &r, err, sizeof err)) {
		free(r.c);
		return tune_fail(1, "--backend hip: %s; nothing written", err);
	}
	void *co = NULL;
	size_t co_len = 0;
	rc = tune_winner_hsaco(&env, &r.c[r.winner], &co, &co_len, err, sizeof err);
	if (!rc)
		rc = tune_write_outputs(&r, o.out, co, co_len, err, sizeof err);
	free(co);
	if (rc) {
		free(r.c);
		return tune_fail(1, "%s", err);
	}
	const struct tune_cand *w = &r.c[r.winner];
	const char *how = r.hip ? ", timed on the GPU" : w->full ? " by the model" : " by the model's K = 128/256 estimate";
	char at[128];
	tune_shape_x(&r, at, sizeof at);
	printf("winner #%u: %.1f %s predicted (%.4f ms) at %s%s; %u evaluated; %s written\n", w->order, w->rate,
	       tune_unit(r.t), w->seconds * 1e3, at, how, r.evaluated, o.out);
	free(r.c);
	return 0;
}
