/* index.c — a kernel library's index.yaml (kernlib/kernlib.h): read with
 * libyaml and checked whole at open (every key known, every value in range, no
 * two ranges of one layout overlapping, every kernel file present), so a pick
 * never meets a bad entry; the pick; the overlap rule; and the index's text
 * for the tuner to write.  docs/tune.md gives the format. */
#include "kernlib/internal.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct kl_lib {
	char dir[KL_PATH_MAX];
	struct kl_head head;
	unsigned n;
	struct kl_entry *e;
};

/* Parsing context: the index path for messages. */
struct ctx {
	const char *path;
	yaml_document_t *doc;
	char *err;
	size_t errlen;
};

#define bad(c, at, ...) kl_bad_at((c)->err, (c)->errlen, (c)->path, at, __VA_ARGS__)

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static unsigned items(const yaml_node_t *n)
{
	return n && n->type == YAML_SEQUENCE_NODE ? (unsigned)(n->data.sequence.items.top - n->data.sequence.items.start)
						  : 0;
}

static const yaml_node_t *item(const struct ctx *c, const yaml_node_t *seq, unsigned i)
{
	return yaml_document_get_node(c->doc, seq->data.sequence.items.start[i]);
}

/* A size in 1..VC_DIM_MAX, spelled as vocab/vocab.h says. */
static int size_of(const struct ctx *c, const yaml_node_t *n, const char *key, uint32_t *out)
{
	const char *s = scalar(n);
	int64_t v;
	if (!s || vc_int_parse(s, 1, VC_DIM_MAX, &v))
		return bad(c, n, "%s: '%.20s' is not a size in 1..%u", key, s ? s : "(not a value)", VC_DIM_MAX);
	*out = (uint32_t)v;
	return 0;
}

/* [LO, HI], or [X, X] written as X. */
static int range_of(const struct ctx *c, const yaml_node_t *n, const char *key, uint32_t *lo, uint32_t *hi)
{
	if (n->type == YAML_SCALAR_NODE) {
		if (size_of(c, n, key, lo))
			return KL_E_META;
		*hi = *lo;
		return 0;
	}
	if (items(n) != 2)
		return bad(c, n, "%s: a size or a range [LO, HI]", key);
	if (size_of(c, item(c, n, 0), key, lo) || size_of(c, item(c, n, 1), key, hi))
		return KL_E_META;
	if (*lo > *hi)
		return bad(c, n, "%s: range [%u, %u] is empty", key, *lo, *hi);
	return 0;
}

/* A file name inside LIB: no folder part, no hidden or parent name. */
static int file_of(const struct ctx *c, const yaml_node_t *n, const char *key, const char *dir, char *out,
		   size_t outlen, bool must_exist)
{
	const char *s = scalar(n);
	if (!s || !*s || strchr(s, '/') || s[0] == '.' || strlen(s) > 200)
		return bad(c, n, "%s: '%.40s' is not a file name in the library", key, s ? s : "(not a value)");
	snprintf(out, outlen, "%s/%s", dir, s);
	if (must_exist && access(out, R_OK))
		return bad(c, n, "%s: %s: %s", key, out, strerror(errno));
	return 0;
}


enum { K_LAYOUT, K_KERNEL, K_CONFIG, K_TUNED, K_RATE, K_TIMED, K_FIXED };
static const char *const fixed_keys[K_FIXED] = { "layout", "kernel", "config", "tuned_at", "rate", "timed" };

/* The key's slot: a dimension (0 .. ndims - 1) or ndims + K_*; version 1
 * called the rate gflops.  -1: unknown. */
static int key_slot(const struct kl_head *h, int version, const char *key)
{
	for (unsigned d = 0; key && d < h->ndims; d++)
		if (!strcmp(key, h->dims[d]))
			return (int)d;
	if (key && version == 1 && !strcmp(key, "gflops"))
		return (int)h->ndims + K_RATE;
	for (unsigned k = 0; key && k < K_FIXED; k++)
		if (!strcmp(key, fixed_keys[k]) && !(version == 1 && k == K_RATE))
			return (int)(h->ndims + k);
	return -1;
}

/* The values beside the ranges: layout, files, where tuned, the rate. */
static int entry_values(const struct ctx *c, const yaml_node_t *const *seen, const struct kl_lib *lib,
			struct kl_entry *e)
{
	const unsigned nd = lib->head.ndims;
	if (seen[K_LAYOUT]) {
		enum vc_layout l;
		const char *s = scalar(seen[K_LAYOUT]);
		if (!s || !vc_layout_parse(s, &l))
			return bad(c, seen[K_LAYOUT], "layout: '%.20s' is not one of " VC_WORDS_LAYOUT, s ? s : "?");
		e->layout = (int)l;
	}
	if (file_of(c, seen[K_KERNEL], "kernel", lib->dir, e->kernel, sizeof e->kernel, true))
		return KL_E_META;
	if (seen[K_CONFIG] && file_of(c, seen[K_CONFIG], "config", lib->dir, e->config, sizeof e->config, true))
		return KL_E_META;
	if (seen[K_TUNED]) {
		const yaml_node_t *t = seen[K_TUNED];
		if (items(t) != nd)
			return bad(c, t, "tuned_at: a list of %u sizes (%s ...)", nd, lib->head.dims[0]);
		for (unsigned d = 0; d < nd; d++)
			if (size_of(c, item(c, t, d), "tuned_at", &e->tuned_at[d]))
				return KL_E_META;
	}
	if (seen[K_RATE]) {
		const char *s = scalar(seen[K_RATE]);
		char *end = NULL;
		e->rate = s ? strtod(s, &end) : -1;
		if (!s || !*s || *end || !(e->rate >= 0) || isinf(e->rate))
			return bad(c, seen[K_RATE], "rate: '%.20s' is not a number >= 0", s ? s : "?");
	}
	if (seen[K_TIMED]) {
		const char *s = scalar(seen[K_TIMED]);
		if (!s || (strcmp(s, "model") && strcmp(s, "gpu")))
			return bad(c, seen[K_TIMED], "timed: '%.20s' is not model|gpu", s ? s : "?");
		snprintf(e->timed, sizeof e->timed, "%s", s);
	}
	return 0;
}

static int entry_of(const struct ctx *c, const yaml_node_t *n, const struct kl_lib *lib, int version,
		    struct kl_entry *e)
{
	const struct kl_head *h = &lib->head;
	if (n->type != YAML_MAPPING_NODE)
		return bad(c, n, "kernels: each entry is a mapping (%s, ..., kernel, ...)", h->dims[0]);
	memset(e, 0, sizeof *e);
	e->layout = -1;
	e->line = (unsigned)n->start_mark.line + 1;
	const yaml_node_t *seen[KL_MAX_DIMS + K_FIXED] = { 0 };
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const char *key = scalar(kn);
		int k = key_slot(h, version, key);
		if (k < 0)
			return bad(c, kn, "unknown key '%.40s' in a kernel entry", key ? key : "?");
		if (seen[k])
			return bad(c, kn, "'%s' given twice", key);
		seen[k] = yaml_document_get_node(c->doc, p->value);
	}
	for (unsigned d = 0; d < h->ndims; d++)
		if (!seen[d])
			return bad(c, n, "kernel entry without '%s'", h->dims[d]);
		else if (range_of(c, seen[d], h->dims[d], &e->lo[d], &e->hi[d]))
			return KL_E_META;
	if (!seen[h->ndims + K_KERNEL] || (version == 1 && !seen[h->ndims + K_LAYOUT]))
		return bad(c, n, "kernel entry without '%s'", seen[h->ndims + K_KERNEL] ? "layout" : "kernel");
	return entry_values(c, seen + h->ndims, lib, e);
}

bool kl_overlap(const uint32_t *alo, const uint32_t *ahi, int alayout, const uint32_t *blo, const uint32_t *bhi,
		int blayout, unsigned ndims)
{
	for (unsigned d = 0; d < ndims; d++)
		if (ahi[d] < blo[d] || bhi[d] < alo[d])
			return false;
	return alayout == blayout;
}

/* dims: [NAME, ...] (version 2): names as the template declares them. */
static int dims_of(const struct ctx *c, const yaml_node_t *n, struct kl_head *h)
{
	h->ndims = items(n);
	if (!h->ndims || h->ndims > KL_MAX_DIMS)
		return bad(c, n, "dims: a list of 1 to %d dimension names", KL_MAX_DIMS);
	for (unsigned d = 0; d < h->ndims; d++) {
		const char *s = scalar(item(c, n, d));
		if (!s || !*s || strlen(s) >= KL_NAME_MAX || strspn(s, "abcdefghijklmnopqrstuvwxyz_0123456789") != strlen(s) ||
		    key_slot(&(struct kl_head){ 0 }, 2, s) >= 0)
			return bad(c, n, "dims: '%.20s' is not a dimension name (lower case, not a key of an entry)",
				   s ? s : "?");
		snprintf(h->dims[d], sizeof h->dims[d], "%s", s);
		for (unsigned e = 0; e < d; e++)
			if (!strcmp(h->dims[e], s))
				return bad(c, n, "dims: '%s' given twice", s);
	}
	return 0;
}

/* An optional word (lower case letters, digits, '-' and '_') into out. */
static int word_of(const struct ctx *c, const yaml_node_t *n, const char *key, char *out, size_t outlen)
{
	const char *s = n ? scalar(n) : "";
	if (!s || strlen(s) >= outlen || strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_") != strlen(s))
		return bad(c, n, "%s: '%.20s' is not a name", key, s ? s : "?");
	snprintf(out, outlen, "%s", s);
	return 0;
}

/* The root: version, template, dims, unit, target, device, kernels; the head filled. */
static int head_of(const struct ctx *c, struct kl_head *h, int *version, const yaml_node_t **kernels)
{
	yaml_node_t *root = yaml_document_get_root_node(c->doc);
	if (!root || root->type != YAML_MAPPING_NODE)
		return bad(c, root, "not a kernel library index (a mapping with template and kernels)");
	const yaml_node_t *ver = NULL, *tpl = NULL, *dims = NULL, *unit = NULL, *target = NULL, *device = NULL;
	*kernels = NULL;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const char *key = scalar(kn);
		const yaml_node_t **slot = !key ? NULL : !strcmp(key, "version") ? &ver : !strcmp(key, "template") ? &tpl
					 : !strcmp(key, "dims") ? &dims : !strcmp(key, "unit") ? &unit
					 : !strcmp(key, "target") ? &target : !strcmp(key, "device") ? &device
					 : !strcmp(key, "kernels") ? kernels : NULL;
		if (!slot || *slot)
			return bad(c, kn, "unknown or repeated key '%.40s' (version, template, dims, unit, target, device, kernels)",
				   key ? key : "?");
		*slot = yaml_document_get_node(c->doc, p->value);
	}
	const char *v = scalar(ver), *t = scalar(tpl);
	*version = !ver || (v && !strcmp(v, "1")) ? 1 : v && !strcmp(v, "2") ? 2 : 0; /* none: the first indexes */
	if (!*version)
		return bad(c, ver ? ver : root, "version '%.20s': this reader knows versions 1 and 2", v ? v : "(none)");
	if (!t || !*t || strlen(t) >= KL_NAME_MAX)
		return bad(c, tpl ? tpl : root, "template: the name of the template the kernels are of");
	snprintf(h->template_name, sizeof h->template_name, "%s", t);
	snprintf(h->unit, sizeof h->unit, "GFLOP/s");
	if (*version == 1) {  /* GEMM shapes before the template named its dimensions */
		if (dims || unit || target || device)
			return bad(c, dims ? dims : unit ? unit : target ? target : device,
				   "version 1 has no dims, unit, target or device (version 2 has)");
		*h = (struct kl_head){ .ndims = 3, .dims = { "m", "n", "k" } };
		snprintf(h->template_name, sizeof h->template_name, "%s", t);
		snprintf(h->unit, sizeof h->unit, "GFLOP/s");
	} else {
		if (!dims)
			return bad(c, root, "no dims (the template's dimensions, e.g. [m, n, k])");
		if (dims_of(c, dims, h))
			return KL_E_META;
		if (unit && (!scalar(unit) || !*scalar(unit) || strlen(scalar(unit)) >= sizeof h->unit))
			return bad(c, unit, "unit: the rate's unit, e.g. GFLOP/s");
		if (unit)
			snprintf(h->unit, sizeof h->unit, "%s", scalar(unit));
		if (word_of(c, target, "target", h->target, sizeof h->target) ||
		    word_of(c, device, "device", h->device, sizeof h->device))
			return KL_E_META;
	}
	if (!items(*kernels))
		return bad(c, *kernels ? *kernels : root, "no kernels (a list of entries)");
	return 0;
}

static int index_of(const struct ctx *c, struct kl_lib *lib)
{
	const yaml_node_t *kernels = NULL;
	int version = 0;
	if (head_of(c, &lib->head, &version, &kernels))
		return KL_E_META;
	unsigned n = items(kernels);
	lib->e = calloc(n, sizeof *lib->e);
	if (!lib->e)
		return vc_fail(c->err, c->errlen, KL_E_NOMEM, "%s: out of memory", c->path);
	for (unsigned i = 0; i < n; i++) {
		const yaml_node_t *en = item(c, kernels, i);
		struct kl_entry *e = &lib->e[i];
		if (entry_of(c, en, lib, version, e))
			return KL_E_META;
		for (unsigned j = 0; j < i; j++)
			if (kl_overlap(lib->e[j].lo, lib->e[j].hi, lib->e[j].layout, e->lo, e->hi, e->layout,
				       lib->head.ndims))
				return bad(c, en, "this entry's ranges overlap those of the entry on line %u (layout %s)",
					   lib->e[j].line, e->layout >= 0 ? vc_layout_str((enum vc_layout)e->layout) : "none");
		lib->n++;
	}
	return 0;
}
int kl_open(const char *dir, struct kl_lib **out, char *err, size_t errlen)
{
	*out = NULL;
	if (!dir || !*dir || strlen(dir) > KL_PATH_MAX - 256)
		return vc_fail(err, errlen, KL_E_ARG, "kernel library: no folder, or its name is too long");
	char path[KL_PATH_MAX];
	snprintf(path, sizeof path, "%s/index.yaml", dir);
	FILE *f = fopen(path, "rb");
	if (!f)
		return vc_fail(err, errlen, KL_E_IO, "%s: cannot open the library index: %s", path, strerror(errno));
	char *text = malloc(VC_TEXT_FILE_MAX + 1);
	size_t n = text ? fread(text, 1, VC_TEXT_FILE_MAX + 1, f) : 0;
	bool rerr = ferror(f);
	fclose(f);
	if (!text)
		return vc_fail(err, errlen, KL_E_NOMEM, "%s: out of memory", path);
	if (rerr || n > VC_TEXT_FILE_MAX) {
		free(text);
		return vc_fail(err, errlen, rerr ? KL_E_IO : KL_E_META, "%s: %s", path,
			       rerr ? "cannot read the library index" : "larger than 1 MiB: not a library index");
	}
	struct kl_lib *lib = calloc(1, sizeof *lib);
	yaml_parser_t p;
	yaml_document_t doc;
	if (!lib || !yaml_parser_initialize(&p)) {
		free(lib), free(text);
		return vc_fail(err, errlen, KL_E_NOMEM, "%s: out of memory", path);
	}
	snprintf(lib->dir, sizeof lib->dir, "%s", dir);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, n);
	int rc;
	if (!yaml_parser_load(&p, &doc)) {
		rc = vc_fail(err, errlen, KL_E_META, "%s:%lu: malformed YAML: %s", path,
			     (unsigned long)p.problem_mark.line + 1, p.problem ? p.problem : "parse error");
	} else {
		struct ctx c = { path, &doc, err, errlen };
		rc = index_of(&c, lib);
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&p);
	free(text);
	if (rc) {
		kl_close(lib);
		return rc;
	}
	*out = lib;
	return 0;
}

void kl_close(struct kl_lib *lib)
{
	if (lib)
		free(lib->e);
	free(lib);
}

const struct kl_head *kl_head(const struct kl_lib *lib)
{
	return &lib->head;
}

unsigned kl_count(const struct kl_lib *lib)
{
	return lib ? lib->n : 0;
}

const struct kl_entry *kl_at(const struct kl_lib *lib, unsigned i)
{
	return lib && i < lib->n ? &lib->e[i] : NULL;
}

/* How far x lies outside [lo, hi], in octaves (0 inside). */
static double octaves_out(uint32_t x, uint32_t lo, uint32_t hi)
{
	return x < lo ? log2((double)lo / x) : x > hi ? log2((double)x / hi) : 0;
}

int kl_pick(const struct kl_lib *lib, const uint32_t *x, unsigned ndims, int layout, const struct kl_entry **out,
	    double *distance, char *err, size_t errlen)
{
	*out = NULL;
	if (!lib || ndims != lib->head.ndims)
		return vc_fail(err, errlen, KL_E_ARG, "kernel library pick: %u sizes for a library of %u dimensions",
			       ndims, lib ? lib->head.ndims : 0);
	for (unsigned d = 0; d < ndims; d++)
		if (!x[d])
			return vc_fail(err, errlen, KL_E_ARG, "kernel library pick: %s must be >= 1", lib->head.dims[d]);
	double best = INFINITY;
	for (unsigned i = 0; i < lib->n; i++) {
		const struct kl_entry *e = &lib->e[i];
		if (e->layout != layout)
			continue;
		double d = 0;
		for (unsigned j = 0; j < ndims; j++)
			d += octaves_out(x[j], e->lo[j], e->hi[j]);
		if (d < best)   /* ties: the first in the index */
			best = d, *out = e;
	}
	if (!*out)
		return vc_fail(err, errlen, KL_E_NOKERNEL, "%s/index.yaml: no kernel for layout %s", lib->dir,
			       layout >= 0 ? vc_layout_str((enum vc_layout)layout) : "(none)");
	if (distance)
		*distance = best;
	return 0;
}

/* ---- the index's text ---------------------------------------------------------- */
struct text {
	char *p;
	size_t len, cap;
	bool oom;
};

static void put(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (t->oom || n < 0)
		return;
	if (t->len + (size_t)n + 1 > t->cap) {
		size_t cap = (t->cap ? t->cap * 2 : 4096) + (size_t)n;
		char *q = realloc(t->p, cap);
		if (!q) {
			t->oom = true;
			return;
		}
		t->p = q, t->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)n;
}

static void range_text(struct text *t, const char *key, uint32_t lo, uint32_t hi)
{
	if (lo == hi)
		put(t, "%s: %u, ", key, lo);
	else
		put(t, "%s: [%u, %u], ", key, lo, hi);
}

int kl_index_text(const struct kl_head *h, const struct kl_entry *e, unsigned n, const char *comment, char **text,
		  size_t *len)
{
	*text = NULL;
	if (!h->ndims || h->ndims > KL_MAX_DIMS || !n)
		return KL_E_ARG;
	struct text t = { 0 };
	if (comment)
		put(&t, "# %s\n", comment);
	put(&t, "# A call whose sizes lie in an entry's ranges (and of its layout) runs that kernel; outside\n"
		"# every range, the nearest entry: the fewest octaves outside, summed over the dimensions.\n"
		"version: 2\ntemplate: %s\ndims: [", h->template_name);
	for (unsigned d = 0; d < h->ndims; d++)
		put(&t, "%s%s", d ? ", " : "", h->dims[d]);
	put(&t, "]\nunit: %s\n", h->unit);
	if (h->target[0])
		put(&t, "target: %s\n", h->target);
	if (h->device[0])
		put(&t, "device: %s\n", h->device);
	put(&t, "kernels:\n");
	for (unsigned i = 0; i < n; i++) {
		put(&t, "  - {");
		for (unsigned d = 0; d < h->ndims; d++)
			range_text(&t, h->dims[d], e[i].lo[d], e[i].hi[d]);
		if (e[i].layout >= 0)
			put(&t, "layout: %s, ", vc_layout_str((enum vc_layout)e[i].layout));
		put(&t, "kernel: %s", e[i].kernel);
		if (e[i].config[0])
			put(&t, ", config: %s", e[i].config);
		if (e[i].tuned_at[0]) {
			put(&t, ", tuned_at: [");
			for (unsigned d = 0; d < h->ndims; d++)
				put(&t, "%s%u", d ? ", " : "", e[i].tuned_at[d]);
			put(&t, "]");
		}
		put(&t, ", rate: %.1f", e[i].rate);
		if (e[i].timed[0])
			put(&t, ", timed: %s", e[i].timed);
		put(&t, "}\n");
	}
	if (t.oom) {
		free(t.p);
		return KL_E_NOMEM;
	}
	*text = t.p;
	*len = t.len;
	return 0;
}
