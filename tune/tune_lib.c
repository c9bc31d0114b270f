/* tune_lib.c — rdna3gen tune TEMPLATE --shapes FILE -o LIB: a kernel library.
 * Each shape of the file is searched as `--shape` does (same budget, same
 * cache, so a second run resumes); the winners are written together into LIB
 * (index.yaml, one code object and one --config file per distinct winner,
 * summary.csv), all or none.  kernlib/ writes index.yaml's text and reads the
 * shapes file and the index back (kl_pick); docs/tune.md gives both formats. */
#include "tune/tune_lib.h"
#include "isa/isa.h"
#include "model/model.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void params_text(const struct tpl_values *v, char *buf, size_t n)
{
	size_t len = 0;
	buf[0] = 0;
	for (unsigned i = 0; i < tune_nparams(v->tpl) && len < n; i++) {
		char val[64];
		tune_param_text(v, i, val, sizeof val);
		len += (size_t)snprintf(buf + len, n - len, "%s=%s;", tune_param_name(v->tpl, i), val);
	}
}

static long value_of(const struct tpl_values *v, const char *name)
{
	bool common;
	int i = tpl_param_find(v->tpl, name, &common);
	return i < 0 ? 0 : common ? v->c[i] : v->v[i];
}

/* sgemm-nn-64x256x16-1a2b3c4d: layout and block tile (for templates with bm,
 * bn and bk; else only the layout) for people, a hash of every parameter so
 * two different kernels never share a name. */
static void kernel_name(const struct tpl_values *v, const char *params, char *buf, size_t n)
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (const char *p = params; *p; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
	char l[3];
	snprintf(l, sizeof l, "%s", vc_layout_str((enum vc_layout)value_of(v, "layout")));
	l[0] = (char)(l[0] | 0x20), l[1] = (char)(l[1] | 0x20);
	bool common, tiled = tpl_param_find(v->tpl, "bm", &common) >= 0;
	if (tiled)
		snprintf(buf, n, "%s-%s-%ldx%ldx%ld-%08llx", v->tpl->name, l, value_of(v, "bm"), value_of(v, "bn"),
			 value_of(v, "bk"), (unsigned long long)(h >> 32));
	else
		snprintf(buf, n, "%s-%s-%08llx", v->tpl->name, l, (unsigned long long)(h >> 32));
}

void tune_lib_take_winner(const struct tune_run *r, struct lib_shape *ls)
{
	ls->ok = true;
	ls->win = r->c[r->winner];
	ls->hip = r->hip;
	ls->rate = r->hip ? tune_rate(r, &ls->win.v, ls->win.hip_ms * 1e-3) : ls->win.rate;
	for (unsigned i = 0; i < r->nc; i++)
		if (r->c[i].v.preset && !strcmp(r->c[i].v.preset, "best") && r->c[i].status == TUNE_OK)
			ls->best_rate = r->c[i].rate;
}

/* --shard: this share's correct candidates, for the part. */
static void keep_records(const struct tune_run *r, struct lib_shape *ls)
{
	ls->recs = calloc(r->nc ? r->nc : 1, sizeof *ls->recs);
	for (unsigned i = 0; ls->recs && i < r->nc; i++)
		if (r->c[i].status == TUNE_OK)
			ls->recs[ls->nrecs++] = (struct tune_rec){ r->c[i].order, r->c[i].seconds, r->c[i].sampled_seconds,
								   r->c[i].full };
	ls->ok = ls->recs != NULL;   /* a share may hold no correct candidate: the merge decides */
}

/* Search one shape: at the upper end of each of its ranges. */
static void search_shape(const struct tune_opts *o, struct tune_run *r, struct tune_env *env, struct lib_shape *ls)
{
	r->shape[0] = ls->s.hi[0], r->shape[1] = ls->s.hi[1], r->shape[2] = ls->s.hi[2];
	r->layout = ls->s.layout;
	r->c = NULL, r->nc = 0, r->evaluated = 0, r->hip = false;
	char salt[200];
	snprintf(salt, sizeof salt, "%u %u %u %u %u %u %d", ls->s.lo[0], ls->s.hi[0], ls->s.lo[1], ls->s.hi[1],
		 ls->s.lo[2], ls->s.hi[2], ls->s.layout);
	r->shard_salt = 0xcbf29ce484222325ull;
	for (const char *p = salt; *p; p++)
		r->shard_salt = (r->shard_salt ^ (unsigned char)*p) * 0x100000001b3ull;
	if (tune_search(r, env, o->budget, o->time_limit))
		return;
	ls->evaluated = r->evaluated;
	char err[1024];
	if (r->shard_n > 1)
		keep_records(r, ls);
	else if (r->winner >= r->nc)
		tune_fail(1, "shape on line %u (%ux%ux%u %s): no candidate was correct and timed", ls->s.line, r->shape[0], r->shape[1],
			  r->shape[2], vc_layout_str((enum vc_layout)r->layout));
	else if (!strcmp(o->backend, "hip") && tune_hip_time(env, r, err, sizeof err))
		tune_fail(1, "shape on line %u: --backend hip: %s", ls->s.line, err);
	else
		tune_lib_take_winner(r, ls);
	free(r->c);
	r->c = NULL;
}

/* index.yaml: one entry per shape (kernlib writes the text), keyed by the
 * template's dimensions. */
static int index_of(const struct tune_opts *o, const struct tpl_template *tpl, const struct lib_shape *sh, unsigned ns,
		    const struct lib_kernel *k, struct ao_text *t)
{
	struct kl_head h = { .ndims = tpl->space->ndims };
	snprintf(h.template_name, sizeof h.template_name, "%s", tpl->name);
	snprintf(h.unit, sizeof h.unit, "%s", tune_unit(tpl));
	snprintf(h.target, sizeof h.target, "%s", isa_targets(NULL)[o->target].name);
	const struct mdl_device *dev = tune_device(o);
	snprintf(h.device, sizeof h.device, "%s", dev ? dev->name : "");
	for (unsigned d = 0; d < h.ndims && d < KL_MAX_DIMS; d++)
		snprintf(h.dims[d], sizeof h.dims[d], "%s", tpl->space->dims[d]);
	struct kl_entry *e = calloc(ns, sizeof *e);
	if (!e)
		return KL_E_NOMEM;
	for (unsigned i = 0; i < ns; i++) {
		const struct lib_shape *s = &sh[i];
		memcpy(e[i].lo, s->s.lo, sizeof e[i].lo);
		memcpy(e[i].hi, s->s.hi, sizeof e[i].hi);
		memcpy(e[i].tuned_at, s->s.hi, sizeof e[i].tuned_at);
		e[i].layout = s->s.layout;
		snprintf(e[i].kernel, sizeof e[i].kernel, "%s.hsaco", k[s->kernel].name);
		snprintf(e[i].config, sizeof e[i].config, "%s.yaml", k[s->kernel].name);
		e[i].rate = s->rate;
		snprintf(e[i].timed, sizeof e[i].timed, "%s", s->hip ? "gpu" : "model");
	}
	char comment[600];
	snprintf(comment, sizeof comment, "rdna3gen kernel library: rdna3gen tune %s --shapes %s (docs/tune.md).", o->tpl,
		 o->shapes);
	int rc = kl_index_text(&h, e, ns, comment, &t->p, &t->len);
	free(e);
	return rc;
}

static void summary_of(const struct lib_shape *sh, unsigned ns, const struct lib_kernel *k, struct ao_text *t)
{
	ao_textf(t, "line,layout,m,n,k,tuned_m,tuned_n,tuned_k,kernel,evaluated,gflops,timed,best_gflops,vs_best\n");
	for (unsigned i = 0; i < ns; i++) {
		const struct lib_shape *s = &sh[i];
		ao_textf(t, "%u,%s", s->s.line, vc_layout_str((enum vc_layout)s->s.layout));
		for (unsigned d = 0; d < 3; d++)
			ao_textf(t, ",%u..%u", s->s.lo[d], s->s.hi[d]);
		ao_textf(t, ",%u,%u,%u,%s,%u,%.1f,%s,", s->s.hi[0], s->s.hi[1], s->s.hi[2], k[s->kernel].name,
			 s->evaluated, s->rate, s->hip ? "gpu" : "model");
		if (s->best_rate > 0)
			ao_textf(t, "%.1f,%.3f", s->best_rate, s->rate / s->best_rate);
		else
			ao_textf(t, ",");
		ao_textf(t, "\n");
	}
}

/* Every file of LIB in memory, then written together. */
int tune_lib_write(const struct tune_opts *o, const struct tpl_template *tpl, const struct lib_shape *sh,
			 unsigned ns, const struct lib_kernel *k, unsigned nk, char *err, size_t errlen)
{
	unsigned nf = 2 + 2 * nk;
	struct ao_text *txt = calloc(2 + nk, sizeof *txt);
	struct ao_output *files = calloc(nf, sizeof *files);
	char(*paths)[1100] = calloc(nf, sizeof *paths);
	int rc = -1;
	bool made = false;
	if (!txt || !files || !paths) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	bool oom = index_of(o, tpl, sh, ns, k, &txt[0]) != 0;
	summary_of(sh, ns, k, &txt[1]);
	oom |= txt[1].oom;
	for (unsigned i = 0; i < nk; i++) {
		const struct lib_shape *s = &sh[k[i].shape];
		struct tune_run r = { .t = tpl, .shape = { s->s.hi[0], s->s.hi[1], s->s.hi[2] },
				      .c = (struct tune_cand *)&s->win, .nc = 1, .winner = 0, .hip = s->hip,
				      .evaluated = s->evaluated };
		tune_winner_yaml(&r, &txt[2 + i]);
		oom |= txt[2 + i].oom;
	}
	snprintf(paths[0], sizeof paths[0], "%s/index.yaml", o->out);
	snprintf(paths[1], sizeof paths[1], "%s/summary.csv", o->out);
	files[0] = (struct ao_output){ paths[0], txt[0].p, txt[0].len };
	files[1] = (struct ao_output){ paths[1], txt[1].p, txt[1].len };
	for (unsigned i = 0; i < nk; i++) {
		snprintf(paths[2 + 2 * i], sizeof paths[0], "%s/%s.yaml", o->out, k[i].name);
		snprintf(paths[3 + 2 * i], sizeof paths[0], "%s/%s.hsaco", o->out, k[i].name);
		files[2 + 2 * i] = (struct ao_output){ paths[2 + 2 * i], txt[2 + i].p, txt[2 + i].len };
		files[3 + 2 * i] = (struct ao_output){ paths[3 + 2 * i], k[i].co, k[i].co_len };
	}
	if (oom) {
		snprintf(err, errlen, "out of memory");
	} else if (!(made = mkdir(o->out, 0777) == 0) && errno != EEXIST) {
		snprintf(err, errlen, "-o %s: %s", o->out, strerror(errno));
	} else {
		rc = ao_write_files(files, nf, err, errlen);
		if (rc && made)
			rmdir(o->out);
	}
out:
	for (unsigned i = 0; txt && i < 2 + nk; i++)
		free(txt[i].p);
	free(txt), free(files), free(paths);
	return rc ? -1 : 0;
}

/* The distinct winners, each with its code object. */
int tune_lib_kernels(const struct tune_env *env, struct lib_shape *sh, unsigned ns, struct lib_kernel *k,
			   unsigned *nk, char *err, size_t errlen)
{
	*nk = 0;
	for (unsigned i = 0; i < ns; i++) {
		char params[sizeof k->params];
		params_text(&sh[i].win.v, params, sizeof params);
		unsigned j = 0;
		while (j < *nk && strcmp(k[j].params, params))
			j++;
		sh[i].kernel = j;
		if (j < *nk)
			continue;
		snprintf(k[j].params, sizeof k[j].params, "%s", params);
		kernel_name(&sh[i].win.v, params, k[j].name, sizeof k[j].name);
		k[j].shape = i;
		if (tune_winner_hsaco(env, &sh[i].win, &k[j].co, &k[j].co_len, err, errlen))
			return -1;
		(*nk)++;
	}
	return 0;
}

static void print_library(const struct tune_opts *o, const struct lib_shape *sh, unsigned ns,
			  const struct lib_kernel *k, unsigned nk)
{
	for (unsigned i = 0; i < ns; i++) {
		const struct lib_shape *s = &sh[i];
		printf("line %u %ux%ux%u %s: %s.hsaco, %.1f GFLOP/s %s", s->s.line, s->s.hi[0], s->s.hi[1], s->s.hi[2],
		       vc_layout_str((enum vc_layout)s->s.layout), k[s->kernel].name, s->rate,
		       s->hip ? "measured" : "predicted");
		if (s->best_rate > 0)
			printf(" (best: %.1f, %.2fx)", s->best_rate, s->rate / s->best_rate);
		printf("\n");
	}
	printf("%u shapes, %u kernels: %s/index.yaml written\n", ns, nk, o->out);
}

int tune_library(const struct tune_opts *o)
{
	struct kl_shape *shapes;
	unsigned ns;
	char err[1024];
	struct tune_run r = { .jobs = o->jobs, .confirm = o->confirm, .time_limit = o->time_limit,
			      .target = o->target, .device = tune_device(o),
			      .shard_k = o->shard_k, .shard_n = o->shard_n };
	tune_check_template(o->tpl, &r.t);
	if (kl_shapes_read(o->shapes, r.t->space->dims, r.t->space->ndims, &shapes, &ns, err, sizeof err))
		return tune_fail(2, "%s", err);
	struct tune_env env;
	if (tune_env_init(&env, &r, o->cache, err, sizeof err)) {
		free(shapes);
		return tune_fail(1, "%s", err);
	}
	r.toolchain = env.toolchain;
	if (!strcmp(o->backend, "hip") && tune_hip_probe(&env, err, sizeof err)) {
		free(shapes);
		return tune_fail(3, "--backend hip: %s; nothing timed, nothing written", err);
	}
	struct lib_shape *sh = calloc(ns, sizeof *sh);
	struct lib_kernel *k = calloc(ns, sizeof *k);
	if (!sh || !k) {
		free(shapes), free(sh), free(k);
		return tune_fail(1, "out of memory");
	}
	unsigned failed = 0;
	for (unsigned i = 0; i < ns; i++) {
		sh[i].s = shapes[i];
		fprintf(stderr, "rdna3gen: tune: shape %u/%u (%s line %u): %ux%ux%u %s%s\n", i + 1, ns, o->shapes,
			shapes[i].line, shapes[i].hi[0], shapes[i].hi[1], shapes[i].hi[2],
			vc_layout_str((enum vc_layout)shapes[i].layout), o->shard_n ? ", this shard's share" : "");
		search_shape(o, &r, &env, &sh[i]);
		failed += !sh[i].ok;
	}
	free(shapes);
	unsigned nk = 0;
	int rc = 0;
	if (failed) {
		rc = tune_fail(1, "%u of %u shapes found no kernel; nothing written (the results so far are cached: the same "
			      "command resumes)", failed, ns);
	} else if (o->shard_n) {
		if (tune_part_write(o, r.t, sh, ns, env.toolchain, err, sizeof err))
			rc = tune_fail(1, "%s; nothing written", err);
		else
			printf("shard %u/%u: %u shapes, %s/part.txt written (rdna3gen tune merge -o LIB PART... joins the parts)\n",
			       o->shard_k, o->shard_n, ns, o->out);
	} else if (tune_lib_kernels(&env, sh, ns, k, &nk, err, sizeof err) ||
		   tune_lib_write(o, r.t, sh, ns, k, nk, err, sizeof err)) {
		rc = tune_fail(1, "%s; nothing written", err);
	} else {
		print_library(o, sh, ns, k, nk);
	}
	for (unsigned i = 0; i < nk; i++)
		free(k[i].co);
	for (unsigned i = 0; i < ns; i++)
		free(sh[i].recs);
	free(sh), free(k);
	return rc;
}
