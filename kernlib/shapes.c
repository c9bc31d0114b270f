/* shapes.c — read the shapes file of `rdna3gen tune --shapes` (a list of sizes
 * or ranges of the template's dimensions; kernlib/kernlib.h) with libyaml,
 * under the size cap and with the one-line errors of kl_yaml_fail. */
#include "kernlib/internal.h"
#include "vocab/vocab.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct shapes_ctx {
	const char *path;
	yaml_document_t *doc;
	const char *const *dims;     /* the keys of the sizes, then "layout" */
	unsigned ndims;
	char *err;
	size_t errlen;
};

#define shape_bad(c, at, ...) kl_bad_at((c)->err, (c)->errlen, (c)->path, at, __VA_ARGS__)

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

static int size_at(const struct shapes_ctx *c, const yaml_node_t *n, const char *dim, uint32_t *v)
{
	int64_t x;
	const char *s = node_text(n);
	if (!s || vc_int_parse(s, 1, VC_DIM_MAX, &x))
		return shape_bad(c, n, "%s = '%.20s' is not a size in 1..%u", dim, s ? s : "(not a value)",
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

/* A size or a range [LO, HI] of dimension d. */
static int range_at(const struct shapes_ctx *c, const yaml_node_t *vn, const char *key, unsigned d,
		    struct kl_shape *s)
{
	if (vn->type != YAML_SEQUENCE_NODE) {
		if (size_at(c, vn, key, &s->lo[d]))
			return KL_E_META;
		s->hi[d] = s->lo[d];
		return 0;
	}
	if (items(vn) != 2)
		return shape_bad(c, vn, "%s: a size or a range [LO, HI]", key);
	if (size_at(c, item(c, vn, 0), key, &s->lo[d]) || size_at(c, item(c, vn, 1), key, &s->hi[d]))
		return KL_E_META;
	if (s->lo[d] > s->hi[d])
		return shape_bad(c, vn, "%s: range [%u, %u] is empty", key, s->lo[d], s->hi[d]);
	return 0;
}

static int shape_at(const struct shapes_ctx *c, const yaml_node_t *n, int layout, struct kl_shape *s)
{
	unsigned nd = c->ndims;      /* keys 0 .. nd - 1: the sizes; nd: layout */
	if (n->type != YAML_MAPPING_NODE)
		return shape_bad(c, n, "each shape is a mapping of %s ... %s (and layout)", c->dims[0], c->dims[nd - 1]);
	s->line = (unsigned)n->start_mark.line + 1;
	s->layout = layout;
	bool seen[KL_MAX_DIMS + 1] = { false };
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		const yaml_node_t *kn = yaml_document_get_node(c->doc, p->key);
		const yaml_node_t *vn = yaml_document_get_node(c->doc, p->value);
		const char *key = node_text(kn);
		unsigned d = 0;
		while (key && d < nd && strcmp(key, c->dims[d]))
			d++;
		if (!key || (d == nd && strcmp(key, "layout")))
			return shape_bad(c, kn, "unknown key '%.40s' in a shape (%s ... %s, layout)", key ? key : "?",
					 c->dims[0], c->dims[nd - 1]);
		if (seen[d])
			return shape_bad(c, kn, "'%s' given twice", key);
		seen[d] = true;
		if (d == nd ? layout_at(c, vn, &s->layout) : range_at(c, vn, key, d, s))
			return KL_E_META;
	}
	for (unsigned d = 0; d < nd; d++)
		if (!seen[d])
			return shape_bad(c, n, "a shape without '%s'", c->dims[d]);
	return 0;
}

static int shapes_of(const struct shapes_ctx *c, struct kl_shape **out, unsigned *n)
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
		return KL_E_META;
	if (!list || list->type != YAML_SEQUENCE_NODE || !items(list))
		return shape_bad(c, list ? list : root, "'shapes:' must be a list of at least one shape");
	unsigned ns = items(list);
	struct kl_shape *s = calloc(ns, sizeof *s);
	if (!s)
		return shape_bad(c, root, "out of memory");
	for (unsigned i = 0; i < ns; i++) {
		int rc = shape_at(c, item(c, list, i), def, &s[i]);
		for (unsigned j = 0; j < i && !rc; j++)
			if (kl_overlap(s[j].lo, s[j].hi, s[j].layout, s[i].lo, s[i].hi, s[i].layout, c->ndims))
				rc = shape_bad(c, item(c, list, i), "this shape overlaps the shape on line %u (layout %s)",
					       s[j].line, vc_layout_str((enum vc_layout)s[i].layout));
		if (rc) {
			free(s);
			return KL_E_META;
		}
	}
	*out = s;
	*n = ns;
	return 0;
}

/* After the first document: the stream must end (a second document would be
 * silently ignored otherwise). */
static int one_document(yaml_parser_t *p, const struct kl_yaml_in *in, const char *path, char *err, size_t errlen)
{
	yaml_document_t next;
	if (!yaml_parser_load(p, &next)) {
		kl_yaml_fail(p, in, path, "shapes", err, errlen);
		return KL_E_META;
	}
	int rc = 0;
	if (yaml_document_get_root_node(&next)) {
		snprintf(err, errlen, "%s:%lu: only one YAML document is allowed", path,
			 (unsigned long)next.start_mark.line + 1);
		rc = KL_E_META;
	}
	yaml_document_delete(&next);
	return rc;
}

int kl_shapes_read(const char *path, const char *const *dims, unsigned ndims, struct kl_shape **out, unsigned *n,
		   char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	if (!dims || !ndims || ndims > KL_MAX_DIMS)
		return vc_fail(err, errlen, KL_E_ARG, "%s: %u dimensions to read (1..%d)", path, ndims, KL_MAX_DIMS);
	yaml_parser_t p;
	struct kl_yaml_in in;
	if (kl_yaml_open(path, "shapes", &p, &in, err, errlen))
		return KL_E_IO;
	yaml_document_t doc;
	int rc = KL_E_META;
	if (!yaml_parser_load(&p, &doc)) {
		kl_yaml_fail(&p, &in, path, "shapes", err, errlen);
	} else {
		struct shapes_ctx c = { path, &doc, dims, ndims, err, errlen };
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
