/* main.c — rdna3gen: template parameters -> .s / .hsaco for the ISA target.
 *
 * Exit status: 0 success; 2 bad input (unknown template or parameter, value
 * out of range, malformed YAML, bad usage), nothing written; 1 failure of the
 * toolchain or of writing the output.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_out/asm_out.h"
#include "isa/isa.h"
#include "model/model.h"
#include "rdna3gen/config.h"
#include "report/report.h"
#include "templates/templates.h"
#include "tune/tune.h"
#include "vocab/vocab.h"

#ifndef RDNA3_VERSION
#define RDNA3_VERSION "0"
#endif

#define EXIT_USAGE 2

static void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void die(int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("rdna3gen: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(status);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: rdna3gen list [--devices]\n"
		"       rdna3gen TEMPLATE [--PARAM VALUE ...] [--preset NAME] [--config FILE.yaml]\n"
		"                -o OUT.s|OUT.hsaco [--keep-s] [--summary] [-v]\n"
		"                [--report FILE [--report-format text|json|html]]\n"
		"       rdna3gen TEMPLATE --help\n"
		"       rdna3gen report FILE.s|FILE.hsaco [--kernel NAME] [--format text|json|html] [-o OUT]\n"
		"                [--model PREDICTION.json]\n"
		"       rdna3gen tune TEMPLATE --shape M N K | --shapes FILE [--layout L] [--budget N | --time S]\n"
		"                [-j N] [--backend model|hip] [--cache DIR] [--target GPU] [--PARAM VALUE]... -o DIR\n"
		"                (rdna3gen tune --help)\n"
		"       rdna3gen --help | --version\n"
		"\n"
		"Writes a %s kernel built from TEMPLATE as assembly (.s) or, through\n"
		"clang/ld.lld (LLVM >= 19; RDNA3_CLANG / RDNA3_LLD override), a code object.\n"
		"\n"
		"Options for every template:\n"
		"  -o FILE               output: FILE.s (assembly) or FILE.hsaco (code object)\n"
		"  --keep-s              with -o X.hsaco, also write X.s\n"
		"  --config FILE.yaml    parameters as 'name: value' lines (flags override it)\n"
		"  --preset NAME         start from a named parameter set (see list)\n"
		"  --mode cu|wgp         (--cu, --wgp) workgroup on one CU or on a WGP [cu]\n"
		"  --target GPU          the GPU: LLVM's processor name, a row of isa/targets.def [%s]\n"
		"  --code-object 4|5|6   code object version [5]\n"
		"  --no-version-directive  leave out .amdhsa_code_object_version\n"
		"  --summary             print registers, LDS, instruction count, sizes\n"
		"  --report FILE         write the register-bank report of the kernel's main loop\n"
		"                        (text form: after the template's own report, if it has one;\n"
		"                        sgemm: occupancy, instructions per k-step, bytes per FMA;\n"
		"                        attention: instructions per key tile, VGPR budget, WMMA vs exp)\n"
		"  --report-format F     text, json or html [from the name: .json, .html, else text]\n"
		"  -v                    print the toolchain commands\n"
		"\n"
		"tune: search the sgemm parameters for the fastest kernel at one shape: each legal\n"
		"candidate is built, checked on the emulator at a small ragged shape and timed by the\n"
		"model; DIR gets winner.yaml, winner.hsaco, candidates.csv/.json, search.html.\n"
		"See rdna3gen tune --help and docs/tune.md.\n"
		"\n"
		"report: the register-bank report of any %s kernel's main loop (a .s file is\n"
		"assembled first; anything else is read as a code object).  Output to stdout\n"
		"unless -o.  --model PREDICTION.json adds the timing model's prediction (the stdout of\n"
		"rdna3run FILE ... --model --model-format json): html gains its roofline and cycle\n"
		"breakdown, text a line.  See docs/report.md.\n"
		"\n"
		VC_HELP_VALUES
		"\n"
		"Outputs are written together, only when all are complete.\n"
		"Exit status: 0 ok, 2 bad input (nothing written), 1 toolchain or I/O failure\n"
		"(nothing replaced).\n",
		isa_target_default()->name, isa_target_default()->name, isa_target_default()->name);
}

static bool ends_with(const char *s, const char *suf);

/* The format of a report file: the flag, else the file name's extension. */
static enum rp_format report_format(const char *flag, const char *file)
{
	enum rp_format f = RP_TEXT;
	if (flag) {
		if (rp_format_parse(flag, &f))
			die(EXIT_USAGE, "unknown report format '%s' (text, json or html)", flag);
	} else if (file && ends_with(file, ".json")) {
		f = RP_JSON;
	} else if (file && (ends_with(file, ".html") || ends_with(file, ".htm"))) {
		f = RP_HTML;
	}
	return f;
}

/* rdna3gen report FILE [--kernel NAME] [--format F] [-o OUT] */
static int cmd_report(int argc, char **argv)
{
	const char *file = NULL, *kernel = NULL, *format = NULL, *out = NULL, *model = NULL;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		}
		if (strcmp(a, "--kernel") == 0 || strcmp(a, "--format") == 0 || strcmp(a, "-o") == 0 ||
		    strcmp(a, "--model") == 0) {
			if (i + 1 >= argc)
				die(EXIT_USAGE, "report: %s needs a value", a);
			const char **dst = a[1] == 'o' ? &out : a[2] == 'k' ? &kernel : a[2] == 'm' ? &model : &format;
			if (*dst)
				die(EXIT_USAGE, "report: %s given twice", a);
			*dst = argv[++i];
			continue;
		}
		if (a[0] == '-' && a[1])
			die(EXIT_USAGE, "report: unknown option '%s'", a);
		if (file)
			die(EXIT_USAGE, "report: one input file only ('%s' and '%s')", file, a);
		file = a;
	}
	if (!file)
		die(EXIT_USAGE, "report: no input (FILE.s or FILE.hsaco)");
	if (out && strcmp(out, file) == 0)
		die(EXIT_USAGE, "report: -o %s would replace the input", out);
	/* by identity too (./a.hsaco, a link to it), before the work is done */
	struct ao_output of = { out, NULL, 0 };
	char err[1024];
	const char *inputs[2] = { file, model };
	unsigned ninputs = model ? 2 : 1;
	if (out && ao_outputs_check(&of, 1, inputs, ninputs, err, sizeof err))
		die(1, "report: %s", err);
	enum rp_format f = report_format(format, out);
	static struct rp_prediction pred;
	if (model && rp_prediction_read(model, &pred, err, sizeof err))
		die(EXIT_USAGE, "report: --model %s", err);
	struct rp_report r;
	int rc = rp_from_file(file, kernel, &r, err, sizeof err);
	if (rc)
		die(rc == RP_E_INPUT ? EXIT_USAGE : 1, "report: %s", err);
	r.pred = model ? &pred : NULL;
	char *text = rp_render(&r, f);
	rp_free(&r);
	if (!text)
		die(1, "out of memory");
	if (out) {
		of.data = text;
		of.len = strlen(text);
		if (ao_write_outputs(&of, 1, inputs, ninputs, err, sizeof err))
			die(1, "report: %s", err);
	} else {
		fputs(text, stdout);
	}
	free(text);
	return 0;
}

/* --report FILE for a built kernel: the template's text report first (text
 * form), then the bank report; json and html hold the bank report. */
static char *report_of(const struct tpl_template *t, const struct tpl_values *v, struct ao_kernel *k,
		       enum rp_format f)
{
	struct rp_report r;
	char err[512];
	if (rp_from_ao(k, &r, err, sizeof err))
		die(1, "--report: %s", err);
	char *bank = rp_render(&r, f);
	rp_free(&r);
	if (!bank)
		die(1, "out of memory");
	if (f != RP_TEXT || !t->report)
		return bank;
	char *tr = t->report(v, k);
	if (!tr)
		die(1, "--report: cannot build the report");
	size_t a = strlen(tr), b = strlen(bank);
	char *all = malloc(a + b + 2);
	if (!all)
		die(1, "out of memory");
	memcpy(all, tr, a);
	all[a] = '\n';
	memcpy(all + a + 1, bank, b + 1);
	free(tr);
	free(bank);
	return all;
}

static void print_param(FILE *f, const struct tpl_param *p)
{
	char range[128], def[64];
	tpl_param_range(p, range, sizeof range);
	tpl_param_value(p, p->def, def, sizeof def);
	fprintf(f, "    --%-20s %-14s default %-8s %s\n", p->name, range, def, p->help);
}

static void describe(FILE *f, const struct tpl_template *t, bool common)
{
	fprintf(f, "%s: %s\n", t->name, t->summary);
	for (unsigned i = 0; i < t->nparams; i++)
		print_param(f, &t->params[i]);
	if (common)
		for (unsigned i = 0; i < TPL_C_COUNT; i++)
			print_param(f, &tpl_common_params[i]);
	for (unsigned i = 0; i < t->npresets; i++)
		fprintf(f, "    preset %-12s %s  (%s)\n", t->presets[i].name, t->presets[i].values,
			t->presets[i].help);
	if (t->space) {
		fprintf(f, "    tune: rdna3gen tune %s searches", t->name);
		for (unsigned i = 0; i < t->space->naxes; i++)
			fprintf(f, "%s%s", i ? ", " : " ", t->space->axes[i].param);
		fprintf(f, "\n");
	}
	if (common)
		fprintf(f, "\n%s", VC_HELP_VALUES);
}

static void cmd_list(void)
{
	for (unsigned i = 0; i < tpl_count(); i++) {
		describe(stdout, tpl_at(i), false);
		printf("\n");
	}
	printf("every template also takes:\n");
	for (unsigned i = 0; i < TPL_C_COUNT; i++)
		print_param(stdout, &tpl_common_params[i]);
}

/* The described devices of the timing model (model/devices.def): each figure
 * with its unit and source, so an assumed one shows as such. */
static void cmd_list_devices(void)
{
	unsigned n;
	const struct mdl_device *d = mdl_devices(&n);
	for (unsigned i = 0; i < n; i++) {
		bool first_of_target = true; /* the first row of a target is its default */
		for (unsigned j = 0; j < i; j++)
			first_of_target &= strcmp(d[j].target, d[i].target) != 0;
		printf("%s%s: %s (%s)%s\n", i ? "\n" : "", d[i].name, d[i].display, d[i].target,
		       first_of_target ? ", the default device of its target" : "");
		printf("  %-11s %14s %-20s %s\n", "mem", d[i].mem, "", d[i].mem_source);
		for (unsigned k = 0; k < MDL_DF_N; k++)
			printf("  %-11s %14.0f %-20s %s\n", mdl_device_facts[k].name, d[i].fact[k].value,
			       mdl_device_facts[k].unit, d[i].fact[k].source);
	}
}

static void log_stderr(void *user, const char *line)
{
	(void)user;
	fprintf(stderr, "+ %s\n", line);
}

static bool ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && strcmp(s + a - b, suf) == 0;
}

/* The command line as a comment block at the top of the .s file. */
static char *header_of(const struct tpl_values *v)
{
	const struct tpl_template *t = v->tpl;
	size_t cap = 256 + 96 * (t->nparams + TPL_C_COUNT), n = 0;
	char *h = malloc(cap);
	if (!h)
		return NULL;
	n += (size_t)snprintf(h + n, cap - n, "; generated by rdna3gen %s: template %s", RDNA3_VERSION, t->name);
	if (v->preset)
		n += (size_t)snprintf(h + n, cap - n, ", preset %s", v->preset);
	n += (size_t)snprintf(h + n, cap - n, "\n;");
	for (unsigned i = 0; i < t->nparams + TPL_C_COUNT; i++) {
		bool common = i >= t->nparams;
		int idx = common ? (int)(i - t->nparams) : (int)i;
		const struct tpl_param *p = tpl_param_at(t, idx, common);
		char val[64];
		tpl_param_value(p, common ? v->c[idx] : v->v[idx], val, sizeof val);
		n += (size_t)snprintf(h + n, cap - n, " --%s %s", p->name, val);
	}
	snprintf(h + n, cap - n, "\n");
	return h;
}

/* The names of a --config file: the template's parameters, the common ones,
 * then "preset" and "template". */
static int config_index(const char *name, const void *ctx)
{
	const struct tpl_template *t = ctx;
	bool common;
	int i = tpl_param_find(t, name, &common);
	if (i >= 0)
		return common ? (int)t->nparams + i : i;
	if (strcmp(name, "preset") == 0)
		return (int)t->nparams + TPL_C_COUNT;
	if (strcmp(name, "template") == 0)
		return (int)t->nparams + TPL_C_COUNT + 1;
	return -1;
}

/* Count flags[*n] in, refusing a second value for the same parameter (its
 * aliases included: --cu/--wgp/--mode, --pad_a/--pad-a). */
static void add_flag(const struct tpl_template *t, struct gen_assign *flags, unsigned *n)
{
	bool common, c2;
	int idx = tpl_param_find(t, flags[*n].name, &common);
	for (unsigned i = 0; i < *n; i++)
		if (tpl_param_find(t, flags[i].name, &c2) == idx && c2 == common)
			die(EXIT_USAGE, "--%s given twice", tpl_param_at(t, idx, common)->name);
	(*n)++;
}

/* One generation command: rdna3gen TEMPLATE [options] [--NAME VALUE ...]. */
struct gen_cmd {
	const struct tpl_template *t;
	const char *out, *config, *preset, *report, *report_fmt;
	bool keep_s, verbose, summary;
	struct gen_assign *flags;     /* parameter assignments, in order */
	unsigned nflags;
	bool want_hsaco;
	enum rp_format rfmt;
	char *s_path;                 /* --keep-s: OUT.hsaco -> OUT.s */
};

/* A value option: `a` takes argv[i + 1] into *dst, once. */
static void take_value(int argc, char **argv, int *i, const char **dst, const char *what)
{
	if (*i + 1 >= argc)
		die(EXIT_USAGE, "%s", what);
	if (*dst)
		die(EXIT_USAGE, "%s given twice", argv[*i]);
	*dst = argv[++*i];
}

/* One --NAME VALUE or --NAME=VALUE parameter of the template (or a common one). */
static void take_param(int argc, char **argv, int *i, struct gen_cmd *c)
{
	const struct tpl_template *t = c->t;
	const char *a = argv[*i];
	struct gen_assign *f = &c->flags[c->nflags];
	if (strncmp(a, "--", 2) != 0 || !a[2])
		die(EXIT_USAGE, "unexpected argument '%s' (parameters are --NAME VALUE)", a);
	const char *name = a + 2, *eq = strchr(name, '='), *val;
	size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
	if (nlen >= sizeof f->name)
		die(EXIT_USAGE, "unknown parameter '--%.40s...' for template %s", name, t->name);
	snprintf(f->name, sizeof f->name, "%.*s", (int)nlen, name);
	bool common;
	if (tpl_param_find(t, f->name, &common) < 0)
		die(EXIT_USAGE, "unknown parameter '--%s' for template %s (see: rdna3gen %s --help)",
		    f->name, t->name, t->name);
	if (eq) {
		val = eq + 1;
	} else {
		if (*i + 1 >= argc)
			die(EXIT_USAGE, "--%s needs a value", f->name);
		val = argv[++*i];
	}
	if (strlen(val) >= sizeof f->value)
		die(EXIT_USAGE, "--%s: value too long", f->name);
	snprintf(f->value, sizeof f->value, "%s", val);
	add_flag(t, c->flags, &c->nflags);
}

/* The command line after the template name: options, and parameter
 * assignments in order.  Returns 1 after printing the template's --help. */
static int parse_cmd(int argc, char **argv, struct gen_cmd *c)
{
	c->flags = calloc((size_t)argc, sizeof *c->flags);
	if (!c->flags)
		die(1, "out of memory");
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			describe(stdout, c->t, true);
			return 1;
		}
		if (strcmp(a, "-o") == 0 || strcmp(a, "--config") == 0 || strcmp(a, "--preset") == 0) {
			char what[64];
			snprintf(what, sizeof what, "%s needs a value", a);
			take_value(argc, argv, &i, a[1] == 'o' ? &c->out : a[2] == 'c' ? &c->config : &c->preset,
				   what);
			continue;
		}
		if (strcmp(a, "--report") == 0) {
			take_value(argc, argv, &i, &c->report, "--report needs a file name");
			continue;
		}
		if (strcmp(a, "--report-format") == 0) {
			take_value(argc, argv, &i, &c->report_fmt, "--report-format needs text, json or html");
			continue;
		}
		bool *sw = !strcmp(a, "--keep-s") ? &c->keep_s : !strcmp(a, "--summary") ? &c->summary
			 : !strcmp(a, "-v") || !strcmp(a, "--verbose") ? &c->verbose : NULL;
		if (sw) {
			if (*sw)
				die(EXIT_USAGE, "%s given twice", a);
			*sw = true;
			continue;
		}
		struct gen_assign *f = &c->flags[c->nflags];
		if (strcmp(a, "--cu") == 0 || strcmp(a, "--wgp") == 0) {
			snprintf(f->name, sizeof f->name, "mode");
			snprintf(f->value, sizeof f->value, "%s", a + 2);
			add_flag(c->t, c->flags, &c->nflags);
			continue;
		}
		if (strcmp(a, "--no-version-directive") == 0) {
			snprintf(f->name, sizeof f->name, "version-directive");
			snprintf(f->value, sizeof f->value, "false");
			add_flag(c->t, c->flags, &c->nflags);
			continue;
		}
		take_param(argc, argv, &i, c);
	}
	return 0;
}

/* The output names: -o OUT.s or OUT.hsaco, --keep-s's OUT.s, --report FILE,
 * none the same file, none the --config input, nothing but regular files and
 * character devices replaced (by identity: ao_outputs_check), before anything
 * is built. */
static void check_outputs(struct gen_cmd *c)
{
	if (!c->out)
		die(EXIT_USAGE, "no output: give -o OUT.s or -o OUT.hsaco");
	c->want_hsaco = ends_with(c->out, ".hsaco");
	if (!c->want_hsaco && !ends_with(c->out, ".s"))
		die(EXIT_USAGE, "-o %s: the name must end in .s or .hsaco", c->out);
	if (c->keep_s && !c->want_hsaco)
		die(EXIT_USAGE, "--keep-s goes with -o OUT.hsaco");
	if (c->report_fmt && !c->report)
		die(EXIT_USAGE, "--report-format goes with --report FILE");
	c->rfmt = report_format(c->report_fmt, c->report);
	if (c->keep_s) {
		size_t n = strlen(c->out);
		c->s_path = malloc(n + 1);
		if (!c->s_path)
			die(1, "out of memory");
		memcpy(c->s_path, c->out, n - 6);
		strcpy(c->s_path + n - 6, ".s");
	}
	if (c->report && (strcmp(c->report, c->out) == 0 || (c->s_path && strcmp(c->report, c->s_path) == 0)))
		die(EXIT_USAGE, "--report %s: the same file as an output", c->report);
	struct ao_output files[3] = { { c->out, NULL, 0 }, { c->s_path, NULL, 0 }, { c->report, NULL, 0 } };
	unsigned n = 1;
	if (c->s_path)
		files[n++] = files[1];
	if (c->report)
		files[n++] = files[2];
	char err[1024];
	if (ao_outputs_check(files, n, &c->config, c->config ? 1 : 0, err, sizeof err))
		die(1, "%s", err);
}

/* The parameter values: defaults < preset < YAML < flags. */
static void resolve_values(struct gen_cmd *c, struct tpl_values *v)
{
	const struct tpl_template *t = c->t;
	struct gen_assign *cfg = NULL;
	unsigned ncfg = 0;
	char err[1024];
	char what[96];
	snprintf(what, sizeof what, "template %s (see: rdna3gen %s --help)", t->name, t->name);
	const struct gen_config_names names = { t->nparams + TPL_C_COUNT + 2, config_index, t, what };
	if (c->config && gen_config_read(c->config, &names, &cfg, &ncfg, err, sizeof err))
		die(EXIT_USAGE, "%s", err);
	tpl_defaults(t, v);
	const char *cfg_preset = NULL;
	unsigned cfg_preset_line = 0;
	for (unsigned i = 0; i < ncfg; i++) {
		if (strcmp(cfg[i].name, "preset") == 0) {
			cfg_preset = cfg[i].value;
			cfg_preset_line = cfg[i].line;
		} else if (strcmp(cfg[i].name, "template") == 0 && strcmp(cfg[i].value, t->name) != 0) {
			die(EXIT_USAGE, "%s:%u: the file is for template '%s', not %s", c->config, cfg[i].line,
			    cfg[i].value, t->name);
		}
	}
	if (c->preset || cfg_preset) {
		int rc = tpl_apply_preset(v, c->preset ? c->preset : cfg_preset, err, sizeof err);
		if (rc == TPL_E_ARG && !c->preset)
			die(EXIT_USAGE, "%s:%u: %s", c->config, cfg_preset_line, err);
		if (rc)
			die(rc == TPL_E_ARG ? EXIT_USAGE : 1, "%s", err);
	}
	for (unsigned i = 0; i < ncfg; i++) {
		if (strcmp(cfg[i].name, "preset") == 0 || strcmp(cfg[i].name, "template") == 0)
			continue;
		if (tpl_set(v, cfg[i].name, cfg[i].value, err, sizeof err))
			die(EXIT_USAGE, "%s:%u: %s", c->config, cfg[i].line, err);
	}
	for (unsigned i = 0; i < c->nflags; i++)
		if (tpl_set(v, c->flags[i].name, c->flags[i].value, err, sizeof err))
			die(EXIT_USAGE, "--%s", err);
	free(cfg);
}

/* The outputs: everything is computed first, then written together, so a
 * failure anywhere leaves every output as it was. */
static void write_outputs(const struct gen_cmd *c, const struct tpl_values *v, struct ao_kernel *k,
			  char *text, size_t len)
{
	struct ao_output files[3];
	unsigned nfiles = 0;
	void *co = NULL;
	char *rt = NULL;
	char err[1024];
	if (c->want_hsaco) {
		struct ao_toolchain tc;
		if (ao_toolchain_find(&tc, err, sizeof err))
			die(1, "%s", err);
		tc.target = ao_info(k)->target;   /* -mcpu: the kernel's --target */
		size_t co_len;
		if (ao_assemble(&tc, text, len, c->s_path, &co, &co_len, c->verbose ? log_stderr : NULL, NULL, err,
				sizeof err))
			die(1, "%s", err);
		files[nfiles++] = (struct ao_output){ c->out, co, co_len };
		if (c->s_path)
			files[nfiles++] = (struct ao_output){ c->s_path, text, len };
	} else {
		files[nfiles++] = (struct ao_output){ c->out, text, len };
	}
	if (c->report) {
		rt = report_of(c->t, v, k, c->rfmt);
		files[nfiles++] = (struct ao_output){ c->report, rt, strlen(rt) };
	}
	if (ao_write_outputs(files, nfiles, &c->config, c->config ? 1 : 0, err, sizeof err))
		die(1, "%s", err);
	free(co);
	free(rt);
}

/* --summary: what the kernel uses, from its final form. */
static void print_summary(const struct tpl_template *t, const struct tpl_values *v, struct ao_kernel *k)
{
	struct ao_summary s;
	ao_finalize(k, &s);
	printf("kernel %s (template %s%s%s)\n", ao_info(k)->name, t->name, v->preset ? ", preset " : "",
	       v->preset ? v->preset : "");
	printf("  workgroup %u work-items, %s mode\n", ao_info(k)->block_threads,
	       ao_info(k)->wgp_mode ? "WGP" : "CU");
	printf("  VGPRs %u, SGPRs %u (%s VCC), LDS %u bytes\n", s.next_free_vgpr, s.sgpr_count,
	       s.uses_vcc ? "with" : "no", s.lds_bytes);
	printf("  instructions %u (%u bytes of code): VALU %u, SALU %u, SMEM %u, VMEM %u, LDS %u, "
	       "branch %u, wait %u\n", s.insts, s.code_bytes, s.by_class[ISA_CLS_VALU],
	       s.by_class[ISA_CLS_SALU], s.by_class[ISA_CLS_SMEM], s.by_class[ISA_CLS_VMEM],
	       s.by_class[ISA_CLS_LDS], s.by_class[ISA_CLS_BRANCH], s.by_class[ISA_CLS_WAIT]);
	printf("  kernarg %u bytes:", s.kernarg_size);
	for (unsigned i = 0; i < s.nargs; i++)
		printf(" %s@%u", s.args[i].name, s.args[i].offset);
	printf("\n");
}

/* rdna3gen TEMPLATE ...: parse, resolve the values, build, write. */
static int cmd_generate(int argc, char **argv, const struct tpl_template *t)
{
	struct gen_cmd c = { .t = t };
	if (parse_cmd(argc, argv, &c)) {
		free(c.flags);
		return 0;
	}
	check_outputs(&c);
	struct tpl_values v;
	resolve_values(&c, &v);
	free(c.flags);

	struct ao_kernel *k;
	char err[1024];
	int rc = tpl_build(&v, &k, err, sizeof err);
	if (rc)
		die(rc == TPL_E_ARG ? EXIT_USAGE : 1, "%s", err);
	struct ao_emit_opts eo = tpl_emit_opts(&v);
	char *header = header_of(&v);
	eo.header = header;
	char *text;
	size_t len;
	if (ao_print(k, &eo, &text, &len))
		die(1, "%s: %s", t->name, ao_error(k) ? ao_error(k) : "cannot print the kernel");
	free(header);
	write_outputs(&c, &v, k, text, len);
	free(c.s_path);
	if (c.summary)
		print_summary(t, &v, k);
	free(text);
	ao_kernel_free(k);
	return 0;
}

int main(int argc, char **argv)
{
	ao_remove_temps_on_signal();   /* Ctrl-C leaves no temporary file behind */
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	const char *first = argv[1];
	if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(first, "--version") == 0) {
		printf("rdna3gen %s\n", RDNA3_VERSION);
		return 0;
	}
	if (strcmp(first, "list") == 0) {
		if (argc == 3 && strcmp(argv[2], "--devices") == 0) {
			cmd_list_devices();
			return 0;
		}
		if (argc > 2)
			die(EXIT_USAGE, "list takes no arguments but --devices");
		cmd_list();
		return 0;
	}
	if (strcmp(first, "report") == 0)
		return cmd_report(argc, argv);
	if (strcmp(first, "tune") == 0)
		return tune_main(argc, argv);
	const struct tpl_template *t = tpl_find(first);
	if (!t) {
		if (first[0] == '-')
			die(EXIT_USAGE, "expected a template name before '%s' (see: rdna3gen --help)", first);
		die(EXIT_USAGE, "unknown template '%s' (see: rdna3gen list)", first);
	}
	return cmd_generate(argc, argv, t);
}
