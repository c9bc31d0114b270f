/* registry_test — every template's parameter table is consistent, every
 * preset applies and builds, and values parse as documented.  New templates
 * are covered by adding them to the registry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"
#include "templates/templates.h"


static bool name_ok(const char *s)
{
	if (!s || !*s || s[0] == '-')
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-'))
			return false;
	return true;
}

static void test_tables(void)
{
	for (unsigned i = 0; i < tpl_count(); i++) {
		const struct tpl_template *t = tpl_at(i);
		char name[200], why[300] = "";
		bool ok = t->nparams <= TPL_MAX_PARAMS && t->build && t->kernel_info && t->summary;
		for (unsigned p = 0; p < t->nparams && ok; p++) {
			const struct tpl_param *q = &t->params[p];
			bool common;
			if (!name_ok(q->name) || !q->help) {
				ok = false;
				snprintf(why, sizeof why, "parameter %u: bad name or no help", p);
			} else if (tpl_param_find(t, q->name, &common) != (int)p || common) {
				ok = false;
				snprintf(why, sizeof why, "%s: name not unique or shadows a common parameter", q->name);
			} else if (q->type == TPL_INT && (q->def < q->min || q->def > q->max)) {
				ok = false;
				snprintf(why, sizeof why, "%s: default %ld outside %ld..%ld", q->name, q->def, q->min, q->max);
			}
		}
		snprintf(name, sizeof name, "%s: parameter table consistent (%u parameters)", t->name, t->nparams);
		check(ok, name, why);

		struct tpl_values v;
		tpl_defaults(t, &v);
		struct ao_kernel *k = NULL;
		char err[400] = "";
		int rc = tpl_build(&v, &k, err, sizeof err);
		snprintf(name, sizeof name, "%s: builds with its defaults", t->name);
		check(rc == 0, name, err);
		ao_kernel_free(k);

		for (unsigned p = 0; p < t->npresets; p++) {
			tpl_defaults(t, &v);
			rc = tpl_apply_preset(&v, t->presets[p].name, err, sizeof err);
			k = NULL;
			if (!rc)
				rc = tpl_build(&v, &k, err, sizeof err);
			snprintf(name, sizeof name, "%s: preset %s applies and builds", t->name, t->presets[p].name);
			check(rc == 0 && v.preset && strcmp(v.preset, t->presets[p].name) == 0, name, err);
			ao_kernel_free(k);
		}
	}
	check(tpl_find("scale") == &tpl_scale && tpl_find("sgemm-naive") == &tpl_sgemm_naive &&
	      tpl_find("sgemm_naive") == NULL, "tpl_find by exact name", "");
}

static void test_values(void)
{
	struct tpl_values v;
	tpl_defaults(&tpl_scale, &v);
	char err[300];
	check(tpl_set(&v, "block", "64", err, sizeof err) == 0 && v.v[0] == 64, "decimal integers parse", err);
	check(tpl_set(&v, "block", "0x40", err, sizeof err) == TPL_E_ARG && strstr(err, "not a decimal integer") &&
	      v.v[0] == 64, "0x refused", err);
	check(tpl_set(&v, "block", "010", err, sizeof err) == TPL_E_ARG && v.v[0] == 64,
	      "leading zero refused (not octal 8)", err);
	check(tpl_set(&v, "code_object", "6", err, sizeof err) == 0 && v.c[TPL_C_CODE_OBJECT] == 6,
	      "'_' matches '-' in names", err);
	check(tpl_set(&v, "version-directive", "false", err, sizeof err) == 0 && v.c[TPL_C_VERSION_DIRECTIVE] == 0,
	      "booleans: false", err);
	check(tpl_set(&v, "version-directive", "yes", err, sizeof err) == TPL_E_ARG &&
	      tpl_set(&v, "version-directive", "1", err, sizeof err) == TPL_E_ARG &&
	      v.c[TPL_C_VERSION_DIRECTIVE] == 0, "booleans: yes and 1 refused", err);
	check(tpl_set(&v, "version-directive", "maybe", err, sizeof err) == TPL_E_ARG &&
	      strstr(err, "not a boolean"), "bad boolean refused", err);
	check(tpl_set(&v, "mode", "wgp", err, sizeof err) == 0 && v.c[TPL_C_MODE] == 1, "enum by name", err);
	check(tpl_set(&v, "block", "64x", err, sizeof err) == TPL_E_ARG && strstr(err, "not a decimal integer"),
	      "trailing garbage refused", err);
	check(tpl_set(&v, "block", "99999999999999999999", err, sizeof err) == TPL_E_ARG, "overflow refused", err);
	check(tpl_set(&v, "nope", "1", err, sizeof err) == TPL_E_ARG && strstr(err, "unknown parameter 'nope'"),
	      "unknown name refused", err);
	check(tpl_apply_preset(&v, "k1", err, sizeof err) == TPL_E_ARG && strstr(err, "small"),
	      "unknown preset lists the known ones", err);
	struct ao_emit_opts o = tpl_emit_opts(&v);
	check(o.code_object == 6 && o.no_version_directive, "emit options follow the common parameters", "");

	char buf[64];
	const struct tpl_param fp = { "ratio", TPL_FLOAT, 0, 0, 0, NULL, "x" };
	struct tpl_template ft = { .name = "f", .params = &fp, .nparams = 1 };
	tpl_defaults(&ft, &v);
	check(tpl_set(&v, "ratio", "1.5", err, sizeof err) == 0 && tpl_float(v.v[0]) == 1.5f, "floats parse", err);
	tpl_param_value(&fp, v.v[0], buf, sizeof buf);
	check(strcmp(buf, "1.5") == 0, "floats print", buf);
	check(tpl_set(&v, "ratio", "inf", err, sizeof err) == TPL_E_ARG, "non-finite float refused", err);

	/* sgemm: layouts in any case, printed upper case; widths b32|b64|b128 */
	tpl_defaults(&tpl_sgemm, &v);
	bool common;
	int li = tpl_param_find(&tpl_sgemm, "layout", &common), gi = tpl_param_find(&tpl_sgemm, "global-vec", &common);
	const struct tpl_param *lp = tpl_param_at(&tpl_sgemm, li, false);
	check(tpl_set(&v, "layout", "nt", err, sizeof err) == 0 && v.v[li] == 1 &&
	      tpl_set(&v, "layout", "TN", err, sizeof err) == 0 && v.v[li] == 2, "layout nt and TN parse", err);
	tpl_param_value(lp, v.v[li], buf, sizeof buf);
	check(strcmp(buf, "TN") == 0, "layout prints upper case", buf);
	check(tpl_set(&v, "layout", "N", err, sizeof err) == TPL_E_ARG && strstr(err, "NN|NT|TN|TT"),
	      "bad layout refused naming the words", err);
	check(tpl_set(&v, "global-vec", "b128", err, sizeof err) == 0 && v.v[gi] == 2 &&
	      tpl_set(&v, "global-vec", "128", err, sizeof err) == TPL_E_ARG, "widths: b128, not 128", err);
}

int main(void)
{
	test_tables();
	test_values();
	return check_exit();
}
