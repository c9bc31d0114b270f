/* registry.c — the template table, parameter parsing and range checks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/isa.h"
#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"
#include "vocab/vocab.h"

static const struct tpl_template *const all[] = { &tpl_scale, &tpl_sgemm_naive, &tpl_sgemm, &tpl_hgemm, &tpl_microbench, &tpl_stencil,
							  &tpl_attention };

const struct tpl_param tpl_common_params[TPL_C_COUNT] = {
	[TPL_C_MODE] = { "mode", TPL_ENUM, 0, 0, 1, "cu|wgp",
			 "workgroup placement: one CU, or a WGP (two CUs sharing LDS)" },
	[TPL_C_CODE_OBJECT] = { "code-object", TPL_INT, 5, 4, 6, NULL,
				"code object version (metadata and ELF ABI version)" },
	[TPL_C_VERSION_DIRECTIVE] = { "version-directive", TPL_BOOL, 1, 0, 1, NULL,
				      "write .amdhsa_code_object_version (some ROCm clang builds reject it)" },
	[TPL_C_TARGET] = { "target", TPL_TARGET, 0, 0, 0, NULL,
			   "the GPU (LLVM's processor name): -mcpu, .amdgcn_target, its register file" },
};

unsigned tpl_count(void) { return sizeof all / sizeof all[0]; }
const struct tpl_template *tpl_at(unsigned i) { return i < tpl_count() ? all[i] : NULL; }

const struct tpl_template *tpl_find(const char *name)
{
	for (unsigned i = 0; i < tpl_count(); i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

void tpl_defaults(const struct tpl_template *t, struct tpl_values *v)
{
	memset(v, 0, sizeof *v);
	v->tpl = t;
	for (unsigned i = 0; i < t->nparams && i < TPL_MAX_PARAMS; i++)
		v->v[i] = t->params[i].def;
	for (unsigned i = 0; i < TPL_C_COUNT; i++)
		v->c[i] = tpl_common_params[i].def;
}

/* names match with '_' and '-' taken as the same */
static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a == '_' ? '-' : *a, y = *b == '_' ? '-' : *b;
		if (x != y)
			return false;
	}
	return *a == *b;
}

int tpl_param_find(const struct tpl_template *t, const char *name, bool *common)
{
	for (unsigned i = 0; i < t->nparams; i++)
		if (same_name(t->params[i].name, name)) {
			*common = false;
			return (int)i;
		}
	for (unsigned i = 0; i < TPL_C_COUNT; i++)
		if (same_name(tpl_common_params[i].name, name)) {
			*common = true;
			return (int)i;
		}
	return -1;
}

const struct tpl_param *tpl_param_at(const struct tpl_template *t, int idx, bool common)
{
	if (idx < 0)
		return NULL;
	if (common)
		return idx < TPL_C_COUNT ? &tpl_common_params[idx] : NULL;
	return (unsigned)idx < t->nparams ? &t->params[idx] : NULL;
}

float tpl_float(long stored)
{
	unsigned u = (unsigned)stored;
	float f;
	memcpy(&f, &u, 4);
	return f;
}

void tpl_param_range(const struct tpl_param *p, char *buf, size_t n)
{
	switch (p->type) {
	case TPL_INT: snprintf(buf, n, "%ld..%ld", p->min, p->max); break;
	case TPL_BOOL: snprintf(buf, n, "%s", VC_WORDS_BOOL); break;
	case TPL_LAYOUT: snprintf(buf, n, "%s", VC_WORDS_LAYOUT); break;
	case TPL_WIDTH: snprintf(buf, n, "%s", VC_WORDS_WIDTH); break;
	case TPL_ENUM: snprintf(buf, n, "%s", p->choices); break;
	case TPL_FLOAT: snprintf(buf, n, "float"); break;
	case TPL_TARGET: isa_target_names(buf, n); break;
	}
}

void tpl_param_value(const struct tpl_param *p, long value, char *buf, size_t n)
{
	switch (p->type) {
	case TPL_INT: snprintf(buf, n, "%ld", value); break;
	case TPL_BOOL: snprintf(buf, n, "%s", vc_bool_str(value)); break;
	case TPL_LAYOUT: snprintf(buf, n, "%s", vc_layout_str((enum vc_layout)value)); break;
	case TPL_WIDTH: snprintf(buf, n, "%s", vc_width_str((enum vc_width)value)); break;
	case TPL_FLOAT: snprintf(buf, n, "%g", tpl_float(value)); break;
	case TPL_TARGET: {
		unsigned nt;
		const struct isa_target *t = isa_targets(&nt);
		snprintf(buf, n, "%s", value >= 0 && (unsigned long)value < nt ? t[value].name : "?");
		break;
	}
	case TPL_ENUM: {
		const char *s = p->choices;
		for (long i = 0; i < value && s; i++) {
			s = strchr(s, '|');
			if (s)
				s++;
		}
		if (!s) {
			snprintf(buf, n, "?");
			break;
		}
		const char *e = strchr(s, '|');
		snprintf(buf, n, "%.*s", e ? (int)(e - s) : (int)strlen(s), s);
		break;
	}
	}
}

static int parse_value(const struct tpl_param *p, const char *text, long *out, char *err, size_t errlen)
{
	char range[128];
	tpl_param_range(p, range, sizeof range);
	switch (p->type) {
	case TPL_INT: {
		int64_t x;
		int rc = vc_int_parse(text, p->min, p->max, &x);
		if (rc == VC_E_SYNTAX) {
			snprintf(err, errlen, "%s: '%s' is not a decimal integer (range %s)", p->name, text,
				 range);
			return TPL_E_ARG;
		}
		if (rc) {
			snprintf(err, errlen, "%s: %s is out of range %s", p->name, text, range);
			return TPL_E_ARG;
		}
		*out = (long)x;
		return 0;
	}
	case TPL_BOOL: {
		bool b;
		if (!vc_bool_parse(text, &b)) {
			snprintf(err, errlen, "%s: '%s' is not a boolean (%s)", p->name, text, range);
			return TPL_E_ARG;
		}
		*out = b;
		return 0;
	}
	case TPL_LAYOUT: {
		enum vc_layout l;
		if (!vc_layout_parse(text, &l)) {
			snprintf(err, errlen, "%s: '%s' is not a layout (%s, any case)", p->name, text, range);
			return TPL_E_ARG;
		}
		*out = l;
		return 0;
	}
	case TPL_WIDTH: {
		enum vc_width w;
		if (!vc_width_parse(text, &w)) {
			snprintf(err, errlen, "%s: '%s' is not a width (%s)", p->name, text, range);
			return TPL_E_ARG;
		}
		*out = w;
		return 0;
	}
	case TPL_FLOAT: {
		char *end;
		float f = strtof(text, &end);
		if (!*text || *end || !isfinite(f)) {
			snprintf(err, errlen, "%s: '%s' is not a finite number", p->name, text);
			return TPL_E_ARG;
		}
		unsigned u;
		memcpy(&u, &f, 4);
		*out = (long)u;
		return 0;
	}
	case TPL_TARGET: {
		const struct isa_target *t = isa_target_by_name(text);
		if (!t) {
			snprintf(err, errlen, "%s: unknown target '%s' (one of %s)", p->name, text, range);
			return TPL_E_ARG;
		}
		*out = t - isa_targets(NULL);
		return 0;
	}
	case TPL_ENUM: {
		long i = 0;
		size_t tl = strlen(text);
		for (const char *s = p->choices; s; i++) {
			const char *e = strchr(s, '|');
			size_t l = e ? (size_t)(e - s) : strlen(s);
			if (l == tl && strncmp(s, text, l) == 0) {
				*out = i;
				return 0;
			}
			s = e ? e + 1 : NULL;
		}
		snprintf(err, errlen, "%s: '%s' is not one of %s", p->name, text, range);
		return TPL_E_ARG;
	}
	}
	return TPL_E_ARG;
}

int tpl_set(struct tpl_values *v, const char *name, const char *text, char *err, size_t errlen)
{
	bool common;
	int idx = tpl_param_find(v->tpl, name, &common);
	if (idx < 0) {
		snprintf(err, errlen, "unknown parameter '%s' for template %s (see: rdna3gen list)", name,
			 v->tpl->name);
		return TPL_E_ARG;
	}
	const struct tpl_param *p = tpl_param_at(v->tpl, idx, common);
	long x;
	int rc = parse_value(p, text, &x, err, errlen);
	if (rc)
		return rc;
	if (common)
		v->c[idx] = x;
	else
		v->v[idx] = x;
	return 0;
}

int tpl_apply_values(struct tpl_values *v, const char *what, const char *values, char *err, size_t errlen)
{
	char buf[1024];
	if (snprintf(buf, sizeof buf, "%s", values) >= (int)sizeof buf) {
		snprintf(err, errlen, "%s: longer than %zu characters", what, sizeof buf - 1);
		return TPL_E_BUILD;   /* a table entry, not the user's input */
	}
	for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');
		if (!eq) {
			snprintf(err, errlen, "%s: bad entry '%s'", what, tok);
			return TPL_E_BUILD;
		}
		*eq = '\0';
		if (tpl_set(v, tok, eq + 1, err, errlen))
			return TPL_E_BUILD;   /* values the table itself rejects are our bug */
	}
	return 0;
}

int tpl_apply_preset(struct tpl_values *v, const char *preset, char *err, size_t errlen)
{
	const struct tpl_template *t = v->tpl;
	for (unsigned i = 0; i < t->npresets; i++) {
		if (strcmp(t->presets[i].name, preset) != 0)
			continue;
		char what[80];
		snprintf(what, sizeof what, "preset %s", preset);
		int rc = tpl_apply_values(v, what, t->presets[i].values, err, errlen);
		if (rc)
			return rc;
		v->preset = t->presets[i].name;
		return 0;
	}
	if (t->npresets == 0) {
		snprintf(err, errlen, "template %s has no presets", t->name);
	} else {
		size_t n = (size_t)snprintf(err, errlen, "unknown preset '%s' for %s (one of:", preset, t->name);
		for (unsigned i = 0; i < t->npresets && n < errlen; i++)
			n += (size_t)snprintf(err + n, errlen - n, " %s", t->presets[i].name);
		if (n < errlen)
			snprintf(err + n, errlen - n, ")");
	}
	return TPL_E_ARG;
}

const struct isa_target *tpl_target(const struct tpl_values *v)
{
	unsigned nt;
	const struct isa_target *t = isa_targets(&nt);
	return v->c[TPL_C_TARGET] >= 0 && (unsigned long)v->c[TPL_C_TARGET] < nt ? &t[v->c[TPL_C_TARGET]] : t;
}

struct ao_emit_opts tpl_emit_opts(const struct tpl_values *v)
{
	struct ao_emit_opts o = { .code_object = (unsigned)v->c[TPL_C_CODE_OBJECT],
				  .no_version_directive = !v->c[TPL_C_VERSION_DIRECTIVE] };
	return o;
}

int tpl_build(const struct tpl_values *v, struct ao_kernel **out, char *err, size_t errlen)
{
	*out = NULL;
	const struct tpl_template *t = v->tpl;
	if (t->check) {
		int rc = t->check(v, err, errlen);
		if (rc)
			return rc;
	}
	struct ao_kernel_info info;
	memset(&info, 0, sizeof info);
	t->kernel_info(v, &info);
	info.wgp_mode = v->c[TPL_C_MODE] == 1;
	info.target = tpl_target(v);
	struct ao_kernel *k = ao_kernel_new(&info);
	if (!k) {
		snprintf(err, errlen, "%s: cannot create the kernel", t->name);
		return TPL_E_NOMEM;
	}
	ao_meta_str(k, "template", t->name);
	int rc = t->build(v, k, err, errlen);
	if (rc == 0 && ao_error(k)) {
		snprintf(err, errlen, "%s: %s", t->name, ao_error(k));
		rc = TPL_E_BUILD;
	}
	if (rc) {
		ao_kernel_free(k);
		return rc;
	}
	*out = k;
	return 0;
}

int tpl_finish(struct ra_ctx *ra, struct ao_kernel *k, char *err, size_t errlen)
{
	int rc = 0;
	if (!ao_error(k) && ra_allocate(ra, k, 0, NULL, err, errlen))
		rc = TPL_E_BUILD;
	ra_free(ra);
	return rc;
}
