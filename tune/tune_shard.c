/* tune_shard.c — a kernel library built in parts: `rdna3gen tune TEMPLATE
 * --shapes FILE --shard K/N -o PART` searches this shard's share of every
 * shape (tune_shard_mine: a stable hash of the shape and the candidate), and
 * `rdna3gen tune merge -o LIB PART...` joins the parts into the library one
 * search would have written (docs/tune.md, "Sharded builds").
 *
 * Why the parts add up: every shard enumerates and prunes each shape's
 * candidates exactly as one search does, so the budget covers the same
 * candidates; it evaluates only its own.  Each shard predicts its own fastest
 * --confirm candidates (and `best`) again at the full depth, so the union of
 * the parts holds the full-depth figure of every candidate among the global
 * fastest --confirm; the merge ranks by the estimates, keeps the full-depth
 * figures of that global set only, and picks the winner by the search's own
 * rule (tune_confirm_set, tune_pick_winner). */
#include "isa/isa.h"
#include "tune/tune_lib.h"
#include "model/model.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef RDNA3_VERSION
#define RDNA3_VERSION "0"
#endif

#define PART_MAGIC "rdna3gen tune part 1"

bool tune_shard_mine(const struct tune_run *r, const struct tune_cand *c)
{
	uint64_t h = r->shard_salt;
	char val[64];
	for (unsigned i = 0; i < tune_nparams(r->t); i++) {
		tune_param_text(&c->v, i, val, sizeof val);
		for (const char *p = val; *p; p++)
			h = (h ^ (unsigned char)*p) * 0x100000001b3ull;
		h = (h ^ ';') * 0x100000001b3ull;
	}
	return h % r->shard_n == r->shard_k;
}

/* ---- a part: PART/part.txt ------------------------------------------------------ */
/* The head: what every part of one build shares, and the shard.  The target
 * line names the card the model predicted for too. */
static void head_text(struct ao_text *t, const struct tune_opts *o, const char *tpl, const char *toolchain)
{
	const struct mdl_device *d = tune_device(o);
	ao_textf(t, PART_MAGIC "\ntemplate %s\ntarget %s %s\ntuner %s %s\nbudget %u confirm %u\nshard %u/%u\nshapes %s\n",
		 tpl, isa_targets(NULL)[o->target].name, d ? d->name : "-", RDNA3_VERSION, toolchain, o->budget,
		 o->confirm, o->shard_k, o->shard_n, o->shapes);
}

int tune_part_write(const struct tune_opts *o, const struct tpl_template *tpl, const struct lib_shape *sh,
		    unsigned ns, const char *toolchain, char *err, size_t errlen)
{
	struct ao_text t = { 0 };
	head_text(&t, o, tpl->name, toolchain);
	for (unsigned i = 0; i < ns; i++) {
		const struct kl_shape *s = &sh[i].s;
		ao_textf(&t, "shape %u line %u layout %d", i, s->line, s->layout);
		for (unsigned d = 0; d < tpl->space->ndims; d++)
			ao_textf(&t, " %u %u", s->lo[d], s->hi[d]);
		ao_textf(&t, " evaluated %u candidates %u\n", sh[i].evaluated, sh[i].nrecs);
		for (unsigned j = 0; j < sh[i].nrecs; j++) {
			const struct tune_rec *c = &sh[i].recs[j];
			ao_textf(&t, "cand %u %.17g %.17g %d\n", c->order, c->seconds, c->sampled, c->full);
		}
	}
	ao_textf(&t, "end\n");
	char path[4200];
	snprintf(path, sizeof path, "%s/part.txt", o->out);
	struct ao_output f = { path, t.p, t.len };
	bool made = false;
	int rc = -1;
	if (t.oom)
		snprintf(err, errlen, "out of memory");
	else if (!(made = mkdir(o->out, 0777) == 0) && errno != EEXIST)
		snprintf(err, errlen, "-o %s: %s", o->out, strerror(errno));
	else if ((rc = ao_write_files(&f, 1, err, errlen)) && made)
		rmdir(o->out);
	free(t.p);
	return rc ? -1 : 0;
}

struct part_shape {
	struct kl_shape s;
	unsigned evaluated, nrecs;
	struct tune_rec *recs;
};

struct part {
	const char *dir;
	char head[2048];             /* the lines every part of one build shares */
	char tpl[64], shapes[1200], target[32], device[32];
	unsigned budget, confirm, k, n, ns;
	struct part_shape *sh;
};

static void part_free(struct part *p)
{
	for (unsigned i = 0; p->sh && i < p->ns; i++)
		free(p->sh[i].recs);
	free(p->sh);
	p->sh = NULL;
}

/* One "shape ..." line and its "cand ..." lines. */
static int read_shape(FILE *f, const char *line, unsigned ndims, struct part_shape *ps)
{
	int at = 0;
	unsigned idx;
	if (sscanf(line, "shape %u line %u layout %d%n", &idx, &ps->s.line, &ps->s.layout, &at) != 3)
		return -1;
	for (unsigned d = 0; d < ndims; d++) {
		int n = 0;
		if (sscanf(line + at, " %u %u%n", &ps->s.lo[d], &ps->s.hi[d], &n) != 2)
			return -1;
		at += n;
	}
	if (sscanf(line + at, " evaluated %u candidates %u", &ps->evaluated, &ps->nrecs) != 2 || ps->nrecs > 1u << 24)
		return -1;
	ps->recs = calloc(ps->nrecs ? ps->nrecs : 1, sizeof *ps->recs);
	char buf[256];
	for (unsigned j = 0; ps->recs && j < ps->nrecs; j++) {
		int full;
		struct tune_rec *c = &ps->recs[j];
		if (!fgets(buf, sizeof buf, f) ||
		    sscanf(buf, "cand %u %lg %lg %d", &c->order, &c->seconds, &c->sampled, &full) != 4 || !(c->seconds > 0))
			return -1;
		c->full = full != 0;
	}
	return ps->recs ? 0 : -1;
}

/* PART/part.txt into p; 0, or -1 with err. */
static int part_read(const char *dir, struct part *p, char *err, size_t errlen)
{
	*p = (struct part){ .dir = dir };
	char path[1300], line[1400];
	snprintf(path, sizeof path, "%s/part.txt", dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return vc_fail(err, errlen, -1, "%s: %s", path, strerror(errno));
	int rc = -1;
	size_t hl = 0;
	const struct tpl_template *t = NULL;
	/* the head: seven lines, all but "shard" the same in every part of one build */
	for (unsigned i = 0; i < 7 && fgets(line, sizeof line, f); i++) {
		if (i == 5 && sscanf(line, "shard %u/%u", &p->k, &p->n) == 2)
			continue;
		hl += (size_t)snprintf(p->head + hl, hl < sizeof p->head ? sizeof p->head - hl : 0, "%s", line);
		if (i == 0 && strcmp(line, PART_MAGIC "\n"))
			break;
		sscanf(line, "template %63s", p->tpl);
		sscanf(line, "target %31s %31s", p->target, p->device);
		sscanf(line, "budget %u confirm %u", &p->budget, &p->confirm);
		if (!strncmp(line, "shapes ", 7))
			snprintf(p->shapes, sizeof p->shapes, "%.*s", (int)strcspn(line + 7, "\n"), line + 7);
	}
	if (!p->n || p->n > 1024 || p->k >= p->n || !(t = tpl_find(p->tpl)) || !t->space || !p->shapes[0]) {
		fclose(f);
		return vc_fail(err, errlen, -1, "%s: not a part of a sharded rdna3gen tune build", path);
	}
	p->sh = calloc(1024, sizeof *p->sh);
	while (p->sh && fgets(line, sizeof line, f)) {
		if (!strcmp(line, "end\n")) {
			rc = 0;
			break;
		}
		if (p->ns == 1024 || read_shape(f, line, t->space->ndims, &p->sh[p->ns++]))
			break;
	}
	fclose(f);
	if (rc)
		part_free(p);
	return rc ? vc_fail(err, errlen, -1, "%s: malformed or cut short", path) : 0;
}

/* ---- the merge ---------------------------------------------------------------------- */
/* The parts are one build: the same head, shards 0 .. N-1 once each, the same
 * shapes.  0, or -1 with err. */
static int parts_agree(const struct part *p, unsigned np, char *err, size_t errlen)
{
	bool seen[1024] = { false };
	for (unsigned i = 0; i < np; i++) {
		if (strcmp(p[i].head, p[0].head) || p[i].n != p[0].n || p[i].ns != p[0].ns)
			return vc_fail(err, errlen, -1, "%s and %s are parts of different builds (template, target and card, tuner "
				       "version, toolchain, shapes file, budget or shard count differ)", p[0].dir, p[i].dir);
		if (seen[p[i].k])
			return vc_fail(err, errlen, -1, "%s: shard %u/%u given twice", p[i].dir, p[i].k, p[i].n);
		seen[p[i].k] = true;
		for (unsigned s = 0; s < p[i].ns; s++)
			if (memcmp(p[i].sh[s].s.lo, p[0].sh[s].s.lo, sizeof p[0].sh[s].s.lo) ||
			    memcmp(p[i].sh[s].s.hi, p[0].sh[s].s.hi, sizeof p[0].sh[s].s.hi) ||
			    p[i].sh[s].s.layout != p[0].sh[s].s.layout)
				return vc_fail(err, errlen, -1, "%s and %s: shape %u differs", p[0].dir, p[i].dir, s);
	}
	for (unsigned k = 0; k < p[0].n; k++)
		if (!seen[k])
			return vc_fail(err, errlen, -1, "shard %u/%u is missing", k, p[0].n);
	return 0;
}

/* Shape s of every part into r (its candidates from tune_collect) and ls: the
 * figures of the parts, the global full-depth set, the winner. */
static int merge_shape(const struct part *p, unsigned np, unsigned s, struct tune_run *r, struct lib_shape *ls)
{
	const struct kl_shape *ks = &p[0].sh[s].s;
	r->shape[0] = ks->hi[0], r->shape[1] = ks->hi[1], r->shape[2] = ks->hi[2], r->layout = ks->layout;
	if (tune_collect(r))
		return -1;
	ls->s = *ks;
	double *full_s = calloc(r->nc ? r->nc : 1, sizeof *full_s);
	for (unsigned i = 0; i < np && full_s; i++) {
		const struct part_shape *ps = &p[i].sh[s];
		ls->evaluated += ps->evaluated;
		for (unsigned j = 0; j < ps->nrecs; j++) {
			const struct tune_rec *rec = &ps->recs[j];
			if (rec->order >= r->nc)
				continue;
			struct tune_cand *c = &r->c[rec->order];
			c->status = TUNE_OK, c->seconds = rec->seconds, c->sampled_seconds = rec->sampled, c->full = rec->full;
			/* a shard's confirmation counts only for the global set, chosen by the estimates */
			if (r->shape[2] > TUNE_K_DIRECT && r->confirm && c->full && c->sampled_seconds > 0)
				full_s[rec->order] = c->seconds, c->seconds = c->sampled_seconds, c->full = false;
		}
	}
	if (full_s && r->shape[2] > TUNE_K_DIRECT && r->confirm) {
		unsigned idx[TUNE_CONFIRM_MAX + 1], top, n = tune_confirm_set(r, idx, &top);
		for (unsigned i = 0; i < n; i++)
			if (full_s[idx[i]] > 0)
				r->c[idx[i]].seconds = full_s[idx[i]], r->c[idx[i]].full = true;
	}
	free(full_s);
	for (unsigned i = 0; i < r->nc; i++)
		if (r->c[i].status == TUNE_OK)
			r->c[i].rate = 2.0 * r->shape[0] * r->shape[1] * r->shape[2] / r->c[i].seconds / 1e9;
	tune_pick_winner(r);
	if (r->winner >= r->nc)
		return tune_fail(1, "shape on line %u: no part has a correct candidate", ks->line), -1;
	tune_lib_take_winner(r, ls);
	return 0;
}

static void usage_merge(FILE *f)
{
	fprintf(f, "usage: rdna3gen tune merge -o LIB [--cache DIR] PART...\n"
		   "Joins the parts of a kernel library built in shards (rdna3gen tune TEMPLATE --shapes FILE\n"
		   "--shard K/N -o PART, one per K in 0..N-1) into LIB: index.yaml, the kernels, their configs\n"
		   "and summary.csv, all or none, the same as one unsharded run writes.  Parts of different\n"
		   "templates, targets, tuner versions, toolchains, shapes files or budgets are refused.  The\n"
		   "winners' code objects come from the cache (--cache, as tune's) or are built again.\n"
		   "See docs/tune.md, \"Sharded builds\".\n");
}

/* The merge's arguments: -o LIB, --cache DIR, the parts.  0, or an exit status. */
static int merge_args(int argc, char **argv, const char **out, const char **cache, const char ***parts,
		      unsigned *np)
{
	*out = *cache = NULL;
	*np = 0;
	*parts = calloc((size_t)argc, sizeof **parts);
	if (!*parts)
		return tune_fail(1, "out of memory");
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage_merge(stdout);
			exit(0);
		}
		if (!strcmp(a, "-o") || !strcmp(a, "--cache")) {
			const char **slot = a[1] == 'o' ? out : cache;
			if (*slot || i + 1 >= argc)
				return tune_fail(2, "merge: %s %s", a, *slot ? "given twice" : "needs a value");
			*slot = argv[++i];
		} else if (a[0] == '-') {
			return tune_fail(2, "merge: unknown option '%s' (see rdna3gen tune merge --help)", a);
		} else {
			(*parts)[(*np)++] = a;
		}
	}
	if (!*out)
		return tune_fail(2, "merge: no output: give -o LIB");
	if (!*np)
		return tune_fail(2, "merge: no parts (the -o folders of rdna3gen tune ... --shard K/N)");
	return 0;
}

static int merge_write(const struct part *p, unsigned np, const char *out, const char *cache)
{
	char err[1024];
	struct tune_run r = { .t = tpl_find(p[0].tpl), .confirm = p[0].confirm, .jobs = 1 };
	/* the candidates are those of the parts' target (their values name it),
	 * the figures those of their card */
	const struct isa_target *t = isa_target_by_name(p[0].target);
	if (!t)
		return tune_fail(1, "merge: %s: target '%s' is not one of this build's", p[0].dir, p[0].target);
	r.target = t - isa_targets(NULL);
	r.device = mdl_device_find(p[0].device);
	struct tune_env env;
	if (tune_env_init(&env, &r, cache, err, sizeof err))
		return tune_fail(1, "merge: %s", err);
	char tuner[200];
	snprintf(tuner, sizeof tuner, "\ntuner %s %s\n", RDNA3_VERSION, env.toolchain);
	if (!strstr(p[0].head, tuner))
		return tune_fail(1, "merge: the parts were made by another tuner version or toolchain than this one (%s)",
				 env.toolchain);
	unsigned ns = p[0].ns, nk = 0;
	struct lib_shape *sh = calloc(ns ? ns : 1, sizeof *sh);
	struct lib_kernel *k = calloc(ns ? ns : 1, sizeof *k);
	int rc = sh && k ? 0 : tune_fail(1, "out of memory");
	for (unsigned s = 0; !rc && s < ns; s++) {
		rc = merge_shape(p, np, s, &r, &sh[s]) ? 1 : 0;
		free(r.c);
		r.c = NULL;
	}
	struct tune_opts o = { .tpl = p[0].tpl, .shapes = p[0].shapes, .out = out, .target = r.target,
				.device = r.device ? r.device->name : NULL };
	if (!rc && (tune_lib_kernels(&env, sh, ns, k, &nk, err, sizeof err) ||
		    tune_lib_write(&o, r.t, sh, ns, k, nk, err, sizeof err)))
		rc = tune_fail(1, "merge: %s; nothing written", err);
	if (!rc)
		printf("%u parts, %u shapes, %u kernels: %s/index.yaml written\n", np, ns, nk, out);
	for (unsigned i = 0; k && i < nk; i++)
		free(k[i].co);
	free(sh), free(k);
	return rc;
}

int tune_merge_main(int argc, char **argv)
{
	const char *out, *cache, **dirs;
	unsigned np;
	int rc = merge_args(argc, argv, &out, &cache, &dirs, &np);
	struct part *p = rc ? NULL : calloc(np, sizeof *p);
	if (!rc && !p)
		rc = tune_fail(1, "out of memory");
	char err[1400];
	unsigned nread = 0;
	for (; !rc && nread < np; nread++)
		if (part_read(dirs[nread], &p[nread], err, sizeof err))
			rc = tune_fail(1, "merge: %s", err);
	if (!rc && parts_agree(p, np, err, sizeof err))
		rc = tune_fail(1, "merge: %s; nothing written", err);
	if (!rc)
		rc = merge_write(p, np, out, cache);
	for (unsigned i = 0; p && i < nread; i++)
		part_free(&p[i]);
	free(p);
	free(dirs);
	return rc;
}
