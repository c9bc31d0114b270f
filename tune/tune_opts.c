/* tune_opts.c — the command line of rdna3gen tune: usage, parsing, and the
 * checks of which options go together.  A template's own parameters given as
 * --NAME VALUE (--radius 2, --dtype f64) are fixed on every candidate: a
 * searched axis keeps that one value.  See docs/tune.md. */
#include "tune/tune.h"
#include "model/model.h"
#include "vocab/vocab.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXIT_USAGE 2
#define opts tune_opts

static void usage_tune(FILE *f)
{
	fprintf(f, "usage: rdna3gen tune TEMPLATE --shape M N K [--layout nn|nt|tn|tt] [--budget N | --time SECONDS]\n"
		   "                [-j N] [--confirm N] [--backend model|hip] [--cache DIR] [--target GPU]\n"
		   "                [--device-model CARD] [--PARAM VALUE]... -o DIR\n"
		   "       rdna3gen tune TEMPLATE --shapes SHAPES.yaml [--budget N | --time SECONDS] [-j N]\n"
		   "                [--confirm N] [--backend model|hip] [--cache DIR] [--target GPU]\n"
		   "                [--device-model CARD] [--shard K/N] -o LIB\n"
		   "       rdna3gen tune attention --shape B HQ HKV SQ SKV D [--causal] [options as above] -o DIR\n"
		   "TEMPLATE: one that declares a search space (");
	for (unsigned i = 0, n = 0; i < tpl_count(); i++)
		if (tpl_at(i)->space)
			fprintf(f, "%s%s", n++ ? ", " : "", tpl_at(i)->name);
	fprintf(f, "; rdna3gen list shows each one's axes).\n"
		   "Searches the template's parameters for the fastest kernel at M x N x K: each legal candidate\n"
		   "is built, checked on the emulator at a small shape with ragged edges and timed by the\n"
		   "model (--backend hip: the top candidates are then timed on the GPU).  DIR gets\n"
		   "winner.yaml (for rdna3gen TEMPLATE --config), winner.hsaco, candidates.csv, candidates.json\n"
		   "and search.html, all or none.  --budget: candidates evaluated [100]; --time: stop\n"
		   "starting candidates after SECONDS; -j: worker processes [online CPUs]; --cache: results\n"
		   "per candidate [$XDG_CACHE_HOME/rdna3gen/tune].  When K > 256 the model's figure is\n"
		   "an estimate from K = 128 and 256; --confirm: the fastest N by it, and best, are\n"
		   "predicted again at the full depth and the winner is the fastest of those [4; 0: off].\n"
		   "--shapes: a kernel library, each shape of the file searched as above (--budget,\n"
		   "--time and --confirm per shape); LIB gets index.yaml (shape ranges -> kernel), the\n"
		   "kernels, their configs and summary.csv, all or none; libkernlib's kl_pick and\n"
		   "rdna3run LIB --gemm M N K read it (a folder of such libraries, one per --target:\n"
		   "the one of the running device's target).\n"
		   "--shard K/N (with --shapes): evaluate this shard's share only and write PART/part.txt;\n"
		   "rdna3gen tune merge -o LIB PART... joins the N parts into the library one run writes.\n"
		   "--PARAM VALUE: a parameter of the template (--radius 2, --dtype f64), fixed on every candidate;\n"
		   "a searched one then keeps that one value.\n"
		   "--shape takes as many sizes as the template has dimensions (an attention: six); --causal\n"
		   "alone is --causal true.\n"
		   "See docs/tune.md.\n");
}

static bool parse_ll(const char *s, long long *v)
{
	char *end;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return *s && !*end && !errno;
}

/* An option given twice is refused, as rdna3gen's and rdna3run's own are: a
 * repeated --budget would otherwise silently take the last.  seen holds the
 * options met so far.  0, or 1 after the error line. */
static int once(const char *a, const char **seen, unsigned *nseen)
{
	for (unsigned i = 0; i < *nseen; i++)
		if (!strcmp(seen[i], a)) {
			tune_fail(EXIT_USAGE, "%s given twice", a);
			return 1;
		}
	if (*nseen < 32)
		seen[(*nseen)++] = a;
	return 0;
}

/* -o DIR must be a directory it can write, or one it can create, before a
 * search of minutes ends on it.  0, or 1 after the error line. */
static int out_dir_unusable(const char *out)
{
	struct stat st;
	const char *why = NULL;
	if (!stat(out, &st)) {
		if (!S_ISDIR(st.st_mode))
			why = "not a directory";
		else if (access(out, W_OK | X_OK))
			why = strerror(errno);
		return why ? (tune_fail(EXIT_USAGE, "-o %s: %s", out, why), 1) : 0;
	}
	char parent[4096];
	snprintf(parent, sizeof parent, "%s", out);
	char *slash = strrchr(parent, '/');
	while (slash && slash > parent && slash[1] == 0) { /* "a/b/": the parent of b */
		*slash = 0;
		slash = strrchr(parent, '/');
	}
	const char *dir = !slash ? "." : slash == parent ? "/" : (*slash = 0, parent);
	if (stat(dir, &st))
		why = strerror(errno);
	else if (!S_ISDIR(st.st_mode))
		why = "not a directory";
	else if (access(dir, W_OK | X_OK))
		why = strerror(errno);
	return why ? (tune_fail(EXIT_USAGE, "-o %s: cannot be created (%s: %s)", out, dir, why), 1) : 0;
}

/* A word --shape takes as a size: a number, perhaps negative (refused later). */
static bool is_size_word(const char *s)
{
	return isdigit((unsigned char)s[0]) || (s[0] == '-' && isdigit((unsigned char)s[1]));
}

static int opts_agree(struct opts *o, bool have_budget);

int tune_parse_opts(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof *o);
	o->layout = VC_NN;
	o->budget = 100;
	o->confirm = 4;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	o->jobs = cpus > 0 ? (unsigned)cpus : 1;
	o->backend = "model";
	bool have_budget = false;
	const char *seen[32];
	unsigned nseen = 0;
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		long long x;
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage_tune(stdout);
			exit(0);
		}
		if (a[0] != '-') {
			if (o->tpl)
				return tune_fail(EXIT_USAGE, "one template only ('%s' and '%s')", o->tpl, a);
			o->tpl = a;
			continue;
		}
		if (once(a, seen, &nseen))
			return EXIT_USAGE;
		if (!strcmp(a, "--shape")) {
			/* the sizes up to the next option or word ("--shape 512 512 --budget 8"):
			 * how many the template takes is checked once it is known; a negative
			 * number is a size, refused there as one */
			while (o->nshape < TPL_SHAPE_MAX && i + 1 < argc && is_size_word(argv[i + 1]))
				o->shape_words[o->nshape++] = argv[++i];
			o->shape_stop = i + 1 < argc ? argv[i + 1] : NULL;
			o->have_shape = true;
			continue;
		}
		if (!strcmp(a, "--causal") && (i + 1 >= argc || argv[i + 1][0] == '-')) {
			/* the attention template's mask as the issue writes it: --causal alone is
			 * --causal true (a boolean, vocab/vocab.h) */
			size_t len = strlen(o->fixed);
			snprintf(o->fixed + len, sizeof o->fixed - len, "%scausal=true", len ? " " : "");
			continue;
		}
		if (i + 1 >= argc)
			return tune_fail(EXIT_USAGE, "unknown option or missing value: '%s' (see rdna3gen tune --help)", a);
		const char *val = argv[++i];
		if (!strcmp(a, "-o")) {
			o->out = val;
		} else if (!strcmp(a, "--shapes")) {
			o->shapes = val;
		} else if (!strcmp(a, "--cache")) {
			o->cache = val;
		} else if (!strcmp(a, "--backend")) {
			if (strcmp(val, "model") && strcmp(val, "hip"))
				return tune_fail(EXIT_USAGE, "--backend %s: model or hip", val);
			o->backend = val;
		} else if (!strcmp(a, "--target")) {
			const struct isa_target *t = isa_target_by_name(val);
			if (!t)
				return tune_fail(EXIT_USAGE, "--target %s: unknown target (see rdna3gen sgemm --help)", val);
			o->target = t - isa_targets(NULL);
		} else if (!strcmp(a, "--device-model")) {
			if (!mdl_device_find(val))
				return tune_fail(EXIT_USAGE, "--device-model %s: no such card (see rdna3gen list --devices)", val);
			o->device = val;
		} else if (!strcmp(a, "--layout")) {
			enum vc_layout l;
			if (!vc_layout_parse(val, &l))
				return tune_fail(EXIT_USAGE, "--layout %s: one of " VC_WORDS_LAYOUT, val);
			o->layout = l;
			o->have_layout = true;
		} else if (!strcmp(a, "--budget") || !strcmp(a, "-j")) {
			if (!parse_ll(val, &x) || x <= 0 || x > 1000000)
				return tune_fail(EXIT_USAGE, "%s %s: a count in 1..1000000", a, val);
			if (a[1] == 'j')
				o->jobs = (unsigned)x;
			else
				o->budget = (unsigned)x, have_budget = true;
		} else if (!strcmp(a, "--shard")) {
			unsigned k, n;
			char tail;
			if (!isdigit((unsigned char)val[0]) || sscanf(val, "%u/%u%c", &k, &n, &tail) != 2 || n < 1 ||
			    n > 1024 || k >= n)
				return tune_fail(EXIT_USAGE, "--shard %s: K/N with 0 <= K < N <= 1024", val);
			o->shard_k = k, o->shard_n = n;
		} else if (!strcmp(a, "--confirm")) {
			if (!parse_ll(val, &x) || x < 0 || x > TUNE_CONFIRM_MAX)
				return tune_fail(EXIT_USAGE, "--confirm %s: a count in 0..%d", val, TUNE_CONFIRM_MAX);
			o->confirm = (unsigned)x;
		} else if (!strcmp(a, "--time")) {
			char *end;
			o->time_limit = strtod(val, &end);
			if (*end || !(o->time_limit > 0))
				return tune_fail(EXIT_USAGE, "--time %s: seconds, more than 0", val);
		} else if (a[1] == '-' && a[2]) {
			/* a template parameter, checked once the template is known */
			size_t len = strlen(o->fixed);
			int w = snprintf(o->fixed + len, sizeof o->fixed - len, "%s%s=%s", len ? " " : "", a + 2, val);
			if (w < 0 || (size_t)w >= sizeof o->fixed - len)
				return tune_fail(EXIT_USAGE, "%s %s: too many template parameters on the command line", a, val);
		} else {
			return tune_fail(EXIT_USAGE, "unknown option '%s' (see rdna3gen tune --help)", a);
		}
	}
	return opts_agree(o, have_budget);
}

/* The --NAME VALUE options that are the template's own parameters: each one
 * a parameter of the template (not a common one: those have their options),
 * its value in range.  0, or the usage status after the error line. */
static int template_params_agree(const struct opts *o)
{
	const struct tpl_template *t = tpl_find(o->tpl);
	if (!t)
		return 0;   /* tune_check_template says so */
	struct tpl_values v;
	tpl_defaults(t, &v);
	char buf[sizeof o->fixed], err[256];
	snprintf(buf, sizeof buf, "%s", o->fixed);
	for (char *save, *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(kv, '=');
		*eq = 0;
		bool common = false;
		if (tpl_param_find(t, kv, &common) < 0 || common)
			return tune_fail(EXIT_USAGE, "unknown option '--%s' (not a parameter of template %s; see rdna3gen tune "
					 "--help)", kv, t->name);
		if (tpl_set(&v, kv, eq + 1, err, sizeof err))
			return tune_fail(EXIT_USAGE, "%s", err);
	}
	bool common = false;
	if (o->have_layout && (tpl_param_find(t, "layout", &common) < 0 || common))
		return tune_fail(EXIT_USAGE, "--layout: template %s has no layout", t->name);
	return 0;
}

/* --shape's sizes: as many as the template has dimensions (a GEMM's M N K,
 * an attention's B HQ HKV SQ SKV D), each in 1..VC_DIM_MAX.  0, or 1 after
 * the error line. */
static int shape_agrees(struct opts *o, const struct tpl_template *t)
{
	static const char *const gemm[3] = { "m", "n", "k" }, *const counts[TPL_SHAPE_MAX + 1] = {
		"no", "one", "two", "three", "four", "five", "six",
	};
	const char *const *dims = t && t->space ? t->space->dims : gemm;
	unsigned nd = t && t->space && t->space->ndims <= TPL_SHAPE_MAX ? t->space->ndims : 3;
	char upper[TPL_SHAPE_MAX][16], names[6 * TPL_SHAPE_MAX] = "";   /* "M N K", as the literature writes them */
	for (unsigned d = 0, len = 0; d < nd; d++) {
		size_t j = 0;
		for (; dims[d][j] && j + 1 < sizeof upper[d]; j++)
			upper[d][j] = (char)toupper((unsigned char)dims[d][j]);
		upper[d][j] = 0;
		len += (unsigned)snprintf(names + len, sizeof names - len, "%s%s", d ? " " : "", upper[d]);
	}
	if (o->nshape != nd) {
		const char *s = o->shape_stop;
		tune_fail(EXIT_USAGE, "--shape needs %s sizes %s, got %u%s%s%s", counts[nd], names, o->nshape,
			  s ? " before '" : "", s ? s : "", s ? "'" : "");
		return 1;
	}
	for (unsigned d = 0; d < nd; d++) {
		long long x;
		if (!parse_ll(o->shape_words[d], &x) || x <= 0 || x > VC_DIM_MAX) {
			tune_fail(EXIT_USAGE, "--shape: %s = '%s' is not a size in 1..%u", upper[d], o->shape_words[d],
				  VC_DIM_MAX);
			return 1;
		}
		o->shape[d] = x;
	}
	return 0;
}


/* The options together: what is missing, and what does not go with what.  0,
 * or the usage status after the error line. */
static int opts_agree(struct opts *o, bool have_budget)
{
	if (!o->tpl)
		return tune_fail(EXIT_USAGE, "no template (rdna3gen tune sgemm ..., see --help)");
	if (template_params_agree(o))
		return EXIT_USAGE;
	const struct tpl_template *t = tpl_find(o->tpl);
	if (o->shapes && t && t->space && t->space->runner != TPL_RUN_GEMM)
		return tune_fail(EXIT_USAGE, "--shapes: kernel libraries hold GEMM kernels (their index is keyed by layout "
				 "and m, n, k); tune %s one --shape at a time", t->name);
	if (!o->have_shape && !o->shapes)
		return tune_fail(EXIT_USAGE, "no --shape M N K or --shapes FILE");
	if (o->have_shape && o->shapes)
		return tune_fail(EXIT_USAGE, "--shape and --shapes: give one");
	if (o->have_shape && t && t->space && shape_agrees(o, t))   /* else tune_check_template says why */
		return EXIT_USAGE;
	if (o->have_layout && o->shapes)
		return tune_fail(EXIT_USAGE, "--layout with --shapes: give the layout in the shapes file");
	if (!o->out)
		return tune_fail(EXIT_USAGE, "no output: give -o DIR");
	if (out_dir_unusable(o->out))
		return EXIT_USAGE;
	if (have_budget && o->time_limit > 0)
		return tune_fail(EXIT_USAGE, "--budget and --time: give one");
	if (o->shard_n && !o->shapes)
		return tune_fail(EXIT_USAGE, "--shard: with --shapes only (one shape is a shapes file of one line)");
	/* a share of a search stopped by the clock, or ranked by a GPU, would not
	 * add up with the others to the one search */
	if (o->shard_n && (o->time_limit > 0 || !strcmp(o->backend, "hip")))
		return tune_fail(EXIT_USAGE, "--shard with %s: the parts would not add up to one search",
				 o->time_limit > 0 ? "--time" : "--backend hip");
	const struct mdl_device *d = tune_device(o);
	if (o->device && strcmp(d->target, isa_targets(NULL)[o->target].name))   /* the table is per file: by name */
		return tune_fail(EXIT_USAGE, "--device-model %s is a %s card; the kernels are built for %s (--target)", o->device,
				 d->target, isa_targets(NULL)[o->target].name);
	if (o->time_limit > 0)
		o->budget = 1000000;
	return 0;
}

