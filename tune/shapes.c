/* shapes.c — read the shapes file of `rdna3gen tune --shapes` (a list of M,
 * N, K sizes or ranges; tune/shapes.h) with libyaml, under the size cap and
 * with the one-line errors of tune/yaml_file.h. */
#include "tune/shapes.h"
#include "tune/yaml_file.h"
#include "vocab/vocab.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shapes_ctx {
	const char *path;
	yaml_document_t *doc;
	char *err;
	size_t errlen;
};

static int shape_bad(const struct shapes_ctx *c, const yaml_node_t *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int shape_bad(const struct shapes_ctx *c, const yaml_node_t *at, const char *fmt, ...)
{
	char what[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	snprintf(c->err, c->errlen, "%s:%lu: %s", c->path, at ? (unsigned long)at->start_mark.line + 1 : 1ul, what);
	return -1;
}

static const char *node_text(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static yaml_node_t *item(const struct shapes_ctx *c, const yaml_node_t *seq, unsigned i)
{
	return yaml_document_get_node(c->doc, seq->data.sequence.items.start[i]);
}

static unsigned items(const yaml_node_t *seq)
{
	return seq->type == YAML_SEQUENCE_NODE ? (unsigned)(seq->data.sequence.items.top - seq->data.sequence.items.start)
					       : 0;
}

static int size_at(const struct shapes_ctx *c, const yaml_node_t *n, char dim, uint32_t *v)
{
	int64_t x;
	const char *s = node_text(n);
	if (!s || vc_int_parse(s, 1, VC_DIM_MAX, &x))
		return shape_bad(c, n, "%c = '%.20s' is not a size in 1..%u", dim, s ? s : "(not a value)",
				 VC_DIM_MAX);
	*v = (uint32_t)x;
	return 0;
}

static int layout_at(const struct shapes_ctx *c, const yaml_node_t *n, int *out)
{
	enum vc_layout l;
	const char *s = node_text(n);
	if (!s || !vc_layout_parse(s, &l))
		return shape_bad(c, n, "layout '%.20s' is not one of " VC_WORDS_LAYOUT, s ? s : "(not a value)");
	*out = (int)l;
	return 0;
}

static int shape_at(const struct shapes_ctx *c, const yaml_node_t *n, int layout, struct tune_shape *s)
{
	if (n->type != YAML_MAPPING_NODE)
		return shape_bad(c, n, "each shape is a mapping {m: M, n: N, k: K}");
	s->line = (unsigned)n->start_mark.line + 1;
	s->layout = layout;
	bool seen[4] = { false };
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const yaml_node_t *vn = yaml_document_get_node(c->doc, p->value);
		const char *key = node_text(kn);
		static const char *const keys[4] = { "m", "n", "k", "layout" };
		unsigned d = 0;
		while (key && d < 4 && strcmp(key, keys[d]))
			d++;
		if (!key || d == 4)
			return shape_bad(c, kn, "unknown key '%.40s' in a shape (m, n, k, layout)", key ? key : "?");
		if (seen[d])
			return shape_bad(c, kn, "'%s' given twice", key);
		seen[d] = true;
		if (d == 3) {
			if (layout_at(c, vn, &s->layout))
				return -1;
		} else if (vn->type == YAML_SEQUENCE_NODE) {
			if (items(vn) != 2)
				return shape_bad(c, vn, "%s: a size or a range [LO, HI]", key);
			if (size_at(c, item(c, vn, 0), "MNK"[d], &s->lo[d]) || size_at(c, item(c, vn, 1), "MNK"[d], &s->hi[d]))
				return -1;
			if (s->lo[d] > s->hi[d])
				return shape_bad(c, vn, "%s: range [%u, %u] is empty", key, s->lo[d], s->hi[d]);
		} else {
			if (size_at(c, vn, "MNK"[d], &s->lo[d]))
				return -1;
			s->hi[d] = s->lo[d];
		}
	}
	for (unsigned d = 0; d < 3; d++)
		if (!seen[d])
			return shape_bad(c, n, "a shape without '%c'", "mnk"[d]);
	return 0;
}

static bool shapes_overlap(const struct tune_shape *a, const struct tune_shape *b)
{
	for (unsigned d = 0; d < 3; d++)
		if (a->hi[d] < b->lo[d] || b->hi[d] < a->lo[d])
			return false;
	return a->layout == b->layout;
}

static int shapes_of(const struct shapes_ctx *c, struct tune_shape **out, unsigned *n)
{
	yaml_node_t *root = yaml_document_get_root_node(c->doc);
	if (!root || root->type != YAML_MAPPING_NODE)
		return shape_bad(c, root, "not a shapes file (a mapping with 'shapes:' and a list)");
	const yaml_node_t *list = NULL, *layout = NULL;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const yaml_node_t *vn = yaml_document_get_node(c->doc, p->value);
		const char *key = node_text(kn);
		const yaml_node_t **slot = !key ? NULL : !strcmp(key, "shapes") ? &list : !strcmp(key, "layout") ? &layout : NULL;
		if (!slot)
			return shape_bad(c, kn, "unknown key '%.40s' (shapes, layout)", key ? key : "?");
		if (*slot)
			return shape_bad(c, kn, "'%s' given twice", key);
		*slot = vn;
	}
	int def = VC_NN;
	if (layout && layout_at(c, layout, &def))
		return -1;
	if (!list || list->type != YAML_SEQUENCE_NODE || !items(list))
		return shape_bad(c, list ? list : root, "'shapes:' must be a list of at least one shape");
	unsigned ns = items(list);
	struct tune_shape *s = calloc(ns, sizeof *s);
	if (!s)
		return shape_bad(c, root, "out of memory");
	for (unsigned i = 0; i < ns; i++) {
		int rc = shape_at(c, item(c, list, i), def, &s[i]);
		for (unsigned j = 0; j < i && !rc; j++)
			if (shapes_overlap(&s[j], &s[i]))
				rc = shape_bad(c, item(c, list, i), "this shape overlaps the shape on line %u (layout %s)",
					       s[j].line, vc_layout_str((enum vc_layout)s[i].layout));
		if (rc) {
			free(s);
			return -1;
		}
	}
	*out = s;
	*n = ns;
	return 0;
}

/* After the first document: the stream must end (a second document would be
 * silently ignored otherwise). */
static int one_document(yaml_parser_t *p, const struct tune_yaml_in *in, const char *path, char *err, size_t errlen)
{
	yaml_document_t next;
	if (!yaml_parser_load(p, &next)) {
		tune_yaml_fail(p, in, path, "shapes", err, errlen);
		return -1;
	}
	int rc = 0;
	if (yaml_document_get_root_node(&next)) {
		snprintf(err, errlen, "%s:%lu: only one YAML document is allowed", path,
			 (unsigned long)next.start_mark.line + 1);
		rc = -1;
	}
	yaml_document_delete(&next);
	return rc;
}

int tune_shapes_read(const char *path, struct tune_shape **out, unsigned *n, char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	yaml_parser_t p;
	struct tune_yaml_in in;
	if (tune_yaml_open(path, "shapes", &p, &in, err, errlen))
		return -1;
	yaml_document_t doc;
	int rc = -1;
	if (!yaml_parser_load(&p, &doc)) {
		tune_yaml_fail(&p, &in, path, "shapes", err, errlen);
	} else {
		struct shapes_ctx c = { path, &doc, err, errlen };
		rc = shapes_of(&c, out, n);
		yaml_document_delete(&doc);
		if (rc == 0)
			rc = one_document(&p, &in, path, err, errlen);
		if (rc != 0) {
			free(*out);
			*out = NULL;
			*n = 0;
		}
	}
	yaml_parser_delete(&p);
	fclose(in.f);
	return rc;
}
