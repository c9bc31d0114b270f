/* lib.c — a kernel library: LIB/index.yaml (written by `rdna3gen tune sgemm
 * --shapes`) maps ranges of M, N, K and a layout to a code object in LIB/.
 * The index is read with libyaml and checked whole at open (every key known,
 * every value in range, no two ranges of one layout overlapping, every kernel
 * file present), so a pick never meets a bad entry.  docs/tune.md gives the
 * format and the rule for a shape outside every range. */
#include "loader/ld_internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <yaml.h>

struct ld_lib {
	char dir[LD_LIB_PATH_MAX];
	char template_name[32];
	unsigned n;
	struct ld_lib_entry *e;
};

/* Parsing context: the index path for messages. */
struct ctx {
	const char *path;
	yaml_document_t *doc;
	char *err;
	size_t errlen;
};

static int bad(const struct ctx *c, const yaml_node_t *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int bad(const struct ctx *c, const yaml_node_t *at, const char *fmt, ...)
{
	char what[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return vc_fail(c->err, c->errlen, LD_E_META, "%s:%lu: %s", c->path,
		       at ? (unsigned long)at->start_mark.line + 1 : 1ul, what);
}

static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

/* A decimal size in 1..VC_DIM_MAX: digits only, no sign, no leading zero
 * (the spelling of vocab/vocab.h, which the loader does not link). */
static int size_of(const struct ctx *c, const yaml_node_t *n, const char *key, uint32_t *out)
{
	const char *s = scalar(n);
	size_t len = s ? strlen(s) : 0;
	bool digits = len > 0 && len <= 8 && s[0] != '0' && strspn(s, "0123456789") == len;
	unsigned long v = digits ? strtoul(s, NULL, 10) : 0;
	if (!digits || v < 1 || v > VC_DIM_MAX)
		return bad(c, n, "%s: '%.20s' is not a size in 1..%u", key, s ? s : "(not a value)", VC_DIM_MAX);
	*out = (uint32_t)v;
	return 0;
}

/* [LO, HI], or [X, X] written as X. */
static int range_of(const struct ctx *c, const yaml_node_t *n, const char *key, uint32_t *lo, uint32_t *hi)
{
	if (n->type == YAML_SCALAR_NODE) {
		if (size_of(c, n, key, lo))
			return LD_E_META;
		*hi = *lo;
		return 0;
	}
	if (n->type != YAML_SEQUENCE_NODE || n->data.sequence.items.top - n->data.sequence.items.start != 2)
		return bad(c, n, "%s: a size or a range [LO, HI]", key);
	yaml_node_item_t *it = n->data.sequence.items.start;
	if (size_of(c, yaml_document_get_node(c->doc, it[0]), key, lo) ||
	    size_of(c, yaml_document_get_node(c->doc, it[1]), key, hi))
		return LD_E_META;
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

enum { K_M, K_N, K_K, K_LAYOUT, K_KERNEL, K_CONFIG, K_TUNED, K_GFLOPS, K_TIMED, K_COUNT };
static const char *const entry_keys[K_COUNT] = { "m", "n", "k", "layout", "kernel", "config", "tuned_at",
						 "gflops", "timed" };
static const bool entry_required[K_COUNT] = { true, true, true, true, true, false, false, false, false };

static int entry_of(const struct ctx *c, const yaml_node_t *n, const char *dir, struct ld_lib_entry *e)
{
	if (n->type != YAML_MAPPING_NODE)
		return bad(c, n, "kernels: each entry is a mapping (m, n, k, layout, kernel, ...)");
	memset(e, 0, sizeof *e);
	e->line = (unsigned)n->start_mark.line + 1;
	const yaml_node_t *seen[K_COUNT] = { 0 };
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const yaml_node_t *vn = yaml_document_get_node(c->doc, p->value);
		const char *key = scalar(kn);
		unsigned k = 0;
		while (key && k < K_COUNT && strcmp(key, entry_keys[k]))
			k++;
		if (!key || k == K_COUNT)
			return bad(c, kn, "unknown key '%.40s' in a kernel entry", key ? key : "?");
		if (seen[k])
			return bad(c, kn, "'%s' given twice", key);
		seen[k] = vn;
	}
	for (unsigned k = 0; k < K_COUNT; k++)
		if (entry_required[k] && !seen[k])
			return bad(c, n, "kernel entry without '%s'", entry_keys[k]);
	for (unsigned d = 0; d < 3; d++)
		if (range_of(c, seen[K_M + d], entry_keys[K_M + d], &e->lo[d], &e->hi[d]))
			return LD_E_META;
	const char *l = scalar(seen[K_LAYOUT]);
	if (!l || strlen(l) != 2 || !strchr("NnTt", l[0]) || !strchr("NnTt", l[1]))
		return bad(c, seen[K_LAYOUT], "layout: '%.20s' is not NN|NT|TN|TT", l ? l : "?");
	e->layout[0] = (char)(l[0] & ~0x20), e->layout[1] = (char)(l[1] & ~0x20);
	if (file_of(c, seen[K_KERNEL], "kernel", dir, e->kernel, sizeof e->kernel, true))
		return LD_E_META;
	if (seen[K_CONFIG] && file_of(c, seen[K_CONFIG], "config", dir, e->config, sizeof e->config, true))
		return LD_E_META;
	if (seen[K_TUNED]) {
		const yaml_node_t *t = seen[K_TUNED];
		if (t->type != YAML_SEQUENCE_NODE || t->data.sequence.items.top - t->data.sequence.items.start != 3)
			return bad(c, t, "tuned_at: [M, N, K]");
		for (unsigned d = 0; d < 3; d++)
			if (size_of(c, yaml_document_get_node(c->doc, t->data.sequence.items.start[d]), "tuned_at",
				    &e->tuned_at[d]))
				return LD_E_META;
	}
	if (seen[K_GFLOPS]) {
		const char *s = scalar(seen[K_GFLOPS]);
		char *end = NULL;
		e->gflops = s ? strtod(s, &end) : -1;
		if (!s || !*s || *end || !(e->gflops >= 0) || isinf(e->gflops))
			return bad(c, seen[K_GFLOPS], "gflops: '%.20s' is not a number >= 0", s ? s : "?");
	}
	if (seen[K_TIMED]) {
		const char *s = scalar(seen[K_TIMED]);
		if (!s || (strcmp(s, "model") && strcmp(s, "gpu")))
			return bad(c, seen[K_TIMED], "timed: '%.20s' is not model|gpu", s ? s : "?");
		snprintf(e->timed, sizeof e->timed, "%s", s);
	}
	return 0;
}

static bool overlap(const struct ld_lib_entry *a, const struct ld_lib_entry *b)
{
	for (unsigned d = 0; d < 3; d++)
		if (a->hi[d] < b->lo[d] || b->hi[d] < a->lo[d])
			return false;
	return !strcmp(a->layout, b->layout);
}

static int index_of(const struct ctx *c, struct ld_lib *lib)
{
	yaml_node_t *root = yaml_document_get_root_node(c->doc);
	if (!root || root->type != YAML_MAPPING_NODE)
		return bad(c, root, "not a kernel library index (a mapping with template and kernels)");
	const yaml_node_t *kernels = NULL;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const yaml_node_t *vn = yaml_document_get_node(c->doc, p->value);
		const char *key = scalar(kn);
		if (key && !strcmp(key, "template") && scalar(vn) && !lib->template_name[0]) {
			snprintf(lib->template_name, sizeof lib->template_name, "%s", scalar(vn));
		} else if (key && !strcmp(key, "version")) {
			if (!scalar(vn) || strcmp(scalar(vn), "1"))
				return bad(c, vn, "version '%.20s': this loader reads version 1", scalar(vn) ? scalar(vn) : "?");
		} else if (key && !strcmp(key, "kernels") && vn->type == YAML_SEQUENCE_NODE && !kernels) {
			kernels = vn;
		} else {
			return bad(c, kn, "unknown key, or a bad or repeated value: '%.40s'", key ? key : "?");
		}
	}
	if (!kernels || kernels->data.sequence.items.top == kernels->data.sequence.items.start)
		return bad(c, root, "no kernels");
	if (strcmp(lib->template_name, "sgemm"))
		return bad(c, root, "template '%s': this loader picks sgemm kernels", lib->template_name);
	size_t n = (size_t)(kernels->data.sequence.items.top - kernels->data.sequence.items.start);
	lib->e = calloc(n, sizeof *lib->e);
	if (!lib->e)
		return vc_fail(c->err, c->errlen, LD_E_NOMEM, "%s: out of memory", c->path);
	for (size_t i = 0; i < n; i++) {
		const yaml_node_t *en = yaml_document_get_node(c->doc, kernels->data.sequence.items.start[i]);
		if (entry_of(c, en, lib->dir, &lib->e[i]))
			return LD_E_META;
		for (size_t j = 0; j < i; j++)
			if (overlap(&lib->e[j], &lib->e[i]))
				return bad(c, en, "this entry's ranges overlap those of the entry on line %u (layout %s)",
					   lib->e[j].line, lib->e[i].layout);
		lib->n++;
	}
	return 0;
}

int ld_lib_open(const char *dir, struct ld_lib **out, char *err, size_t errlen)
{
	*out = NULL;
	if (!dir || !*dir || strlen(dir) > LD_LIB_PATH_MAX - 256)
		return vc_fail(err, errlen, LD_E_ARG, "kernel library: no folder, or its name is too long");
	char path[LD_LIB_PATH_MAX];
	snprintf(path, sizeof path, "%s/index.yaml", dir);
	FILE *f = fopen(path, "rb");
	if (!f)
		return vc_fail(err, errlen, LD_E_IO, "%s: cannot open the library index: %s", path, strerror(errno));
	char *text = malloc(VC_TEXT_FILE_MAX + 1);
	size_t n = text ? fread(text, 1, VC_TEXT_FILE_MAX + 1, f) : 0;
	bool rerr = ferror(f);
	fclose(f);
	if (!text)
		return vc_fail(err, errlen, LD_E_NOMEM, "%s: out of memory", path);
	if (rerr || n > VC_TEXT_FILE_MAX) {
		free(text);
		return vc_fail(err, errlen, rerr ? LD_E_IO : LD_E_META, "%s: %s", path,
			       rerr ? "cannot read the library index" : "larger than 1 MiB: not a library index");
	}
	struct ld_lib *lib = calloc(1, sizeof *lib);
	yaml_parser_t p;
	yaml_document_t doc;
	if (!lib || !yaml_parser_initialize(&p)) {
		free(lib), free(text);
		return vc_fail(err, errlen, LD_E_NOMEM, "%s: out of memory", path);
	}
	snprintf(lib->dir, sizeof lib->dir, "%s", dir);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, n);
	int rc;
	if (!yaml_parser_load(&p, &doc)) {
		rc = vc_fail(err, errlen, LD_E_META, "%s:%lu: malformed YAML: %s", path,
			     (unsigned long)p.problem_mark.line + 1, p.problem ? p.problem : "parse error");
	} else {
		struct ctx c = { path, &doc, err, errlen };
		rc = index_of(&c, lib);
		yaml_document_delete(&doc);
	}
	yaml_parser_delete(&p);
	free(text);
	if (rc) {
		ld_lib_close(lib);
		return rc;
	}
	*out = lib;
	return 0;
}

void ld_lib_close(struct ld_lib *lib)
{
	if (lib)
		free(lib->e);
	free(lib);
}

unsigned ld_lib_count(const struct ld_lib *lib)
{
	return lib ? lib->n : 0;
}

const struct ld_lib_entry *ld_lib_at(const struct ld_lib *lib, unsigned i)
{
	return lib && i < lib->n ? &lib->e[i] : NULL;
}

/* How far x lies outside [lo, hi], in octaves (0 inside). */
static double octaves_out(uint32_t x, uint32_t lo, uint32_t hi)
{
	return x < lo ? log2((double)lo / x) : x > hi ? log2((double)x / hi) : 0;
}

int ld_lib_pick(const struct ld_lib *lib, uint32_t m, uint32_t n, uint32_t k, const char *layout,
		const struct ld_lib_entry **out, double *distance, char *err, size_t errlen)
{
	*out = NULL;
	if (!lib || !m || !n || !k || !layout || strlen(layout) != 2)
		return vc_fail(err, errlen, LD_E_ARG, "kernel library pick: M, N, K must be >= 1 and the layout NN|NT|TN|TT");
	const uint32_t x[3] = { m, n, k };
	double best = INFINITY;
	for (unsigned i = 0; i < lib->n; i++) {
		const struct ld_lib_entry *e = &lib->e[i];
		if (strcasecmp(e->layout, layout))
			continue;
		double d = 0;
		for (unsigned j = 0; j < 3; j++)
			d += octaves_out(x[j], e->lo[j], e->hi[j]);
		if (d < best)   /* ties: the first in the index */
			best = d, *out = e;
	}
	if (!*out)
		return vc_fail(err, errlen, LD_E_NOKERNEL, "%s/index.yaml: no kernel for layout %.2s", lib->dir, layout);
	if (distance)
		*distance = best;
	return 0;
}
