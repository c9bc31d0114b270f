/* rdna3run_opts.c — the command line of rdna3run: usage text, option parsing
 * (one function per group of options) and the checks of which options go
 * together.  See docs/rdna3run.md. */
#include "rdna3run/rdna3run.h"
#include "emu/emu.h"
#include "isa/isa.h"
#include "model/model.h"
#include "vocab/vocab.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


/* A format: %s is the default target's name. */
static const char usage_fmt[] =
	"usage: rdna3run FILE.hsaco --list\n"
	"       rdna3run --microbench [-o CONSTANTS] [--backend auto|hip|emu] [--model-constants FILE]\n"
	"       rdna3run FILE.hsaco [--kernel NAME] --gemm M N K [--alpha A] [--beta B]\n"
	"                [--lda L] [--ldb L] [--ldc L] [--layout " VC_WORDS_LAYOUT "] [--dtype f16|bf16] [--check]\n"
	"                [--bench REPS] [--seed S] [--fill random|seed] [--dump NAME=FILE]\n"
	"       rdna3run FILE.hsaco [--kernel NAME] --stencil NX NY NZ [--radius R] [--dtype f32|f64] [--check]\n"
	"                [--bench REPS] [--seed S] [--dump u|f=FILE]\n"
	"       rdna3run FILE.hsaco [--kernel NAME] --attention B HQ HKV SQ SKV D [--causal] [--padded]\n"
	"                [--check] [--bench REPS] [--seed S] [--dump q|k|v|o|lse=FILE]\n"
	"       rdna3run LIB/ --gemm M N K [options as above]   (a kernel library: its index picks\n"
	"                the kernel for M, N, K and --layout; a folder of libraries, one per target:\n"
	"                the running device's target's; docs/tune.md)\n"
	"       rdna3run FILE.hsaco [--kernel NAME] --grid X,Y,Z --block X,Y,Z\n"
	"                [--arg KEY=VALUE]... [--buffer KEY=BYTES[:FILL]]... [--dump KEY=FILE]...\n"
	"                [--bench REPS]\n"
	"common: [--backend auto|hip|emu] [--device N] [-v] [-j N] [--strict|--unchecked|--checks LIST]\n"
	"        [--max-instructions N] [--seed S] [--trace X[,Y[,Z]][:WAVE]] [--trace-lines N]\n"
	"        [--model [--model-format text|json] [--model-sample N | --model-full] [--model-constants FILE]\n"
	"                 [--model-html FILE] [--model-timing FILE] [--device-model NAME]]\n"
	"        [--help] [--version]\n"
	"\n"
	"  --device N is the HIP device; without it the first %s device (the choice and\n"
	"  why on stderr);\n"
	"  --backend auto runs on a HIP device that can run the code object, else on the\n"
	"  emulator, saying which on stderr; -v adds why HIP was passed over;\n"
	"  --grid is in workgroups (HIP gridDim), --block in work-items (blockDim);\n"
	"  emu checks waits, LDS races, VOPD banks and WMMA hazards by default (--strict); --unchecked\n"
	"  skips them;\n"
	"  --checks LIST picks from waitcnt, lds-race, vopd-bank, wmma-hazard, trans-use, global-race, all, default, none\n"
	"  emu stops a launch after N wave-instructions (--max-instructions; default 10^8 per wave\n"
	"  of the launch) and names the wave and PC that were running: a runaway kernel\n"
	"  --model runs the launch under the timing model (emulator) and prints the predicted time,\n"
	"  GFLOP/s (GEMM) or GB/s (over the --buffer bytes) and where the cycles went\n"
	"  --model simulates N CUs of each group that runs the same number of workgroups (default: 1,\n"
	"  up to 8 when their workgroups are short) and takes the latest group, a group's mean;\n"
	"  --model-full simulates every CU; --model-constants reads NAME VALUE\n"
	"  lines (as rdna3run --microbench writes them) over the model's constants\n"
	"  --device-model NAME predicts for that card of rdna3gen list --devices (its CUs, clock,\n"
	"  caches and bandwidths; default: the first card of the code object's target); with a\n"
	"  kernel library the emulator stands for that card: its target's library is picked\n"
	"  --model-html writes the prediction as one HTML page: roofline and cycle breakdown\n"
	"  --model-timing writes the instruction timing of the simulated waves: per instruction\n"
	"  its issues and the cycles before and after each (docs/model.md, Instruction timing)\n"
	"  on a terminal, an emulator or --model launch still running after 2 s shows its\n"
	"  progress on stderr: workgroups done of the total, elapsed time and ETA\n"
	"  --microbench times the microbenchmark kernels (templates/microbench.c) on a GPU, or on the\n"
	"  emulator under the model, and writes the constants they give (-o) for --model-constants\n"
	"  KEY is an argument's NAME, its position (0, 1, ...) or @OFFSET, then optionally :TYPE\n"
	"  (i8..i64, u8..u64, f16, bf16, f32, f64; VALUE is typed by the metadata otherwise)\n"
	"  FILL is zero, random, iota, identity[:COLS], a number or file=PATH (raw bytes, the\n"
	"  buffer's size), written in the argument's .value_type (or :TYPE; f32 when none);\n"
	"  exit 0 ok, 1 failure, 2 usage, 3 no HIP device\n"
	"\n" VC_HELP_VALUES "(--arg, --buffer and --dump may be repeated, once per NAME.)\n";

/* Integers on the command line are decimal (vocab/vocab.h). */
static bool parse_u64(const char *s, uint64_t *v)
{
	return vc_uint_parse(s, UINT64_MAX, v) == VC_OK;
}

static bool parse_u32(const char *s, uint32_t *v)
{
	uint64_t x;
	if (vc_uint_parse(s, UINT32_MAX, &x) != VC_OK)
		return false;
	*v = (uint32_t)x;
	return true;
}

static bool parse_float(const char *s, float *v)
{
	char *end;
	if (!s || !*s)
		return false;
	errno = 0;
	*v = strtof(s, &end);
	return !*end && !errno;
}

/* X[,Y[,Z]]: one to three integers of at least lo, no field empty ("1,,1" is
 * not 1,1 nor 1,1,1); missing ones are lo. */
static bool parse_dim3_min(const char *s, uint32_t d[3], uint32_t lo)
{
	d[0] = d[1] = d[2] = lo;
	for (int i = 0; s && i < 3; i++) {
		const char *comma = strchr(s, ',');
		size_t len = comma ? (size_t)(comma - s) : strlen(s);
		char field[24];
		if (len == 0 || len >= sizeof field)
			return false;
		memcpy(field, s, len);
		field[len] = 0;
		if (!parse_u32(field, &d[i]) || d[i] < lo)
			return false;
		if (!comma)
			return true;
		s = comma + 1;
	}
	return false;    /* a fourth field */
}
static bool parse_dim3(const char *s, uint32_t d[3]) { return parse_dim3_min(s, d, 1); }

static bool add_named(struct run_named *list, unsigned *n, const char *opt, const char *s)
{
	const char *eq = s ? strchr(s, '=') : NULL;
	if (!eq || eq == s || !eq[1]) {
		run_error("%s wants NAME=VALUE, got '%s'", opt, s ? s : "");
		return false;
	}
	if (*n >= RUN_MAX_NAMED) {
		run_error("too many %s options", opt);
		return false;
	}
	/* the name is s up to '='; keep both pieces in one copy */
	char *copy = strdup(s);
	if (!copy) {
		run_error("out of memory");
		return false;
	}
	copy[eq - s] = 0;
	list[*n].name = copy;
	list[*n].value = copy + (eq - s) + 1;
	(*n)++;
	return true;
}

static void free_named(struct run_named *list, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		free((char *)list[i].name);
}

/* An option given twice (or with an alternative: --strict, --unchecked and
 * --checks) is refused; --arg, --buffer and --dump repeat, one per NAME.  seen
 * holds the options met so far.  0, or an exit status after one error line. */
static int once(const char *a, const char **seen, unsigned *nseen)
{
	static const char *const repeatable[] = { "--arg", "--buffer", "--dump" };
	static const char *const groups[][3] = {
		{ "--strict", "--unchecked", "--checks" }, { "-h", "--help", "" }, { "-v", "--verbose", "" },
	};
	for (size_t i = 0; i < sizeof repeatable / sizeof repeatable[0]; i++)
		if (!strcmp(a, repeatable[i]))
			return 0;
	const char *const *group = NULL;
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
		for (int j = 0; j < 3; j++)
			if (!strcmp(a, groups[i][j]))
				group = groups[i];
	for (unsigned i = 0; i < *nseen; i++)
		if (!strcmp(seen[i], a) ||
		    (group && (!strcmp(seen[i], group[0]) || !strcmp(seen[i], group[1]) || !strcmp(seen[i], group[2])))) {
			if (!strcmp(seen[i], a))
				run_error("%s given twice", a);
			else
				run_error("%s and %s: give one", seen[i], a);
			return RUN_EXIT_USAGE;
		}
	seen[(*nseen)++] = a;
	return 0;
}

/* Returns -1 to go on, else an exit status. */
/* One option at argv[*i] (advanced past its values): OPT_NOT_MINE when the
 * function does not know it, OPT_OK, or an exit status after one error line. */
enum { OPT_NOT_MINE = -2, OPT_OK = -1 };
#define NEED(nargs)                                                              \
	do {                                                                     \
		if (i + (nargs) >= argc) {                                       \
			run_error("%s needs %d value%s", a, nargs, nargs > 1 ? "s" : ""); \
			return RUN_EXIT_USAGE;                                   \
		}                                                                \
	} while (0)
#define BAD(what)                                                        \
	do {                                                             \
		run_error("%s: bad %s '%s'", a, what, v ? v : "");       \
		return RUN_EXIT_USAGE;                                   \
	} while (0)

/* How to run: help, emulator checks and trace, the model, backend, device. */
static int parse_run_option(int argc, char **argv, int *ip, struct run_opts *o)
{
	int i = *ip;
	const char *a = argv[i];
	const char *v = i + 1 < argc ? argv[i + 1] : NULL;
	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		printf(usage_fmt, isa_target_default()->name);
		return RUN_EXIT_OK;
	} else if (!strcmp(a, "--version")) {
		printf("rdna3run %s\n", RDNA3_VERSION);
		return RUN_EXIT_OK;
	} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
		o->verbose = true;
	} else if (!strcmp(a, "--list")) {
		o->list = true;
	} else if (!strcmp(a, "--check")) {
		o->check = true;
	} else if (!strcmp(a, "--strict")) {
		o->checks = EMU_CHECK_DEFAULT;
	} else if (!strcmp(a, "--trace")) {
		NEED(1);
		v = argv[++i];
		const char *colon = strchr(v, ':');
		char wg[48];
		size_t n = colon ? (size_t)(colon - v) : strlen(v);
		o->trace = true;
		if (n >= sizeof wg)
			BAD("wave (X[,Y[,Z]][:WAVE])");
		memcpy(wg, v, n);
		wg[n] = 0;
		if (!parse_dim3_min(wg, o->trace_wg, 0) || (colon && !parse_u32(colon + 1, &o->trace_wave)))
			BAD("wave (X[,Y[,Z]][:WAVE], workgroup ids and wave from 0)");
	} else if (!strcmp(a, "--trace-lines")) {
		NEED(1);
		if (!parse_u64(argv[++i], &o->trace_lines) || !o->trace_lines)
			BAD("line count (a positive integer)");
	} else if (!strcmp(a, "--checks")) {
		NEED(1);
		char why[256];
		if (emu_checks_parse(argv[++i], &o->checks, why, sizeof why)) {
			run_error("--checks: %s", why);
			return RUN_EXIT_USAGE;
		}
	} else if (!strcmp(a, "--unchecked")) {
		o->checks = 0;
	} else if (!strcmp(a, "--model")) {
		o->model = true;
	} else if (!strcmp(a, "--model-format")) {
		o->model_only = o->model_only ? o->model_only : a; /* goes with --model (check_combination) */
		NEED(1);
		o->model_json = !strcmp(argv[++i], "json");
		if (!o->model_json && strcmp(argv[i], "text")) {
			run_error("--model-format: %s (text or json)", argv[i]);
			return RUN_EXIT_USAGE;
		}
	} else if (!strcmp(a, "--microbench")) {
		o->microbench = true;
	} else if (!strcmp(a, "-o")) {
		NEED(1);
		o->microbench_out = argv[++i];
	} else if (!strcmp(a, "--model-full")) {
		o->model_only = o->model_only ? o->model_only : a; /* goes with --model (check_combination) */
		o->model_sample = 0;
	} else if (!strcmp(a, "--model-sample")) {
		o->model_only = o->model_only ? o->model_only : a; /* goes with --model (check_combination) */
		NEED(1);
		uint64_t n;
		if (!parse_u64(argv[++i], &n) || n < 1 || n > 8) {
			run_error("--model-sample: %s (1 to 8 units per group)", argv[i]);
			return RUN_EXIT_USAGE;
		}
		o->model_sample = (unsigned)n;
	} else if (!strcmp(a, "--model-constants")) {
		NEED(1);
		o->model_constants = argv[++i];
	} else if (!strcmp(a, "--model-html")) {
		o->model_only = o->model_only ? o->model_only : a; /* goes with --model (check_combination) */
		NEED(1);
		o->model_html = argv[++i];
	} else if (!strcmp(a, "--model-timing")) {
		o->model_only = o->model_only ? o->model_only : a; /* goes with --model (check_combination) */
		NEED(1);
		o->model_timing = argv[++i];
	} else if (!strcmp(a, "--device-model")) {
		NEED(1);
		o->model_device = mdl_device_find(argv[++i]);
		if (!o->model_device) {
			run_error("--device-model: %s is not a described device (see rdna3gen list --devices)", argv[i]);
			return RUN_EXIT_USAGE;
		}
	} else if (!strcmp(a, "--kernel")) {
		NEED(1);
		o->kernel = argv[++i];
	} else if (!strcmp(a, "--backend")) {
		NEED(1);
		o->backend = argv[++i];
		if (strcmp(v, "auto") && strcmp(v, "hip") && strcmp(v, "emu"))
			BAD("backend (auto, hip or emu)");
	} else if (!strcmp(a, "--device")) {
		NEED(1);
		uint64_t d;
		if (vc_uint_parse(argv[++i], 1023, &d) != VC_OK)
			BAD("device (a HIP device index, decimal)");
		o->device = (int)d;
	} else if (!strcmp(a, "-j")) {
		NEED(1);
		if (!parse_u32(argv[++i], &o->threads) || o->threads > 1024)
			BAD("thread count (decimal, at most 1024)");
	} else if (!strcmp(a, "--max-instructions")) {
		NEED(1);
		if (!parse_u64(argv[++i], &o->max_insts) || !o->max_insts)
			BAD("instruction count (a positive decimal integer)");
	} else {
		return OPT_NOT_MINE;
	}
	*ip = i;
	return OPT_OK;
}

/* --attention B HQ HKV SQ SKV D: six positive sizes, H_q a multiple of H_kv
 * (the kernel's metadata judges D). */
static int parse_attention(int argc, char **argv, int *ip, struct run_opts *o)
{
	static const char *const names[6] = { "B", "HQ", "HKV", "SQ", "SKV", "D" };
	int i = *ip;
	o->attention = true;
	for (int j = 0; j < 6; j++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!v || (v[0] == '-' && v[1] && !isdigit((unsigned char)v[1]))) {
			run_error("--attention needs six sizes B HQ HKV SQ SKV D, got %d", j);
			return RUN_EXIT_USAGE;
		}
		if (!parse_u32(argv[++i], &o->an[j]) || !o->an[j]) {
			run_error("--attention: %s = '%s' is not a positive decimal integer", names[j], argv[i]);
			return RUN_EXIT_USAGE;
		}
	}
	if (o->an[1] % o->an[2]) {
		run_error("--attention: HQ = %u is not a multiple of HKV = %u", o->an[1], o->an[2]);
		return RUN_EXIT_USAGE;
	}
	*ip = i;
	return OPT_OK;
}

/* What to run: the GEMM, its scalars and layout, the repetitions, the fill,
 * the generic mode's grid, arguments, buffers and dumps. */
static int parse_launch_option(int argc, char **argv, int *ip, struct run_opts *o)
{
	int i = *ip;
	const char *a = argv[i];
	const char *v = i + 1 < argc ? argv[i + 1] : NULL;
	if (!strcmp(a, "--gemm")) {
		NEED(3);
		o->gemm = true;
		if (!parse_u32(argv[i + 1], &o->m) || !parse_u32(argv[i + 2], &o->n) ||
		    !parse_u32(argv[i + 3], &o->k) || !o->m || !o->n || !o->k) {
			run_error("--gemm: M N K must be positive decimal integers");
			return RUN_EXIT_USAGE;
		}
		i += 3;
	} else if (!strcmp(a, "--alpha") || !strcmp(a, "--beta")) {
		NEED(1);
		if (!parse_float(argv[++i], a[2] == 'a' ? &o->alpha : &o->beta))
			BAD("number");
	} else if (!strcmp(a, "--lda") || !strcmp(a, "--ldb") || !strcmp(a, "--ldc")) {
		NEED(1);
		uint32_t *p = a[4] == 'a' ? &o->lda : a[4] == 'b' ? &o->ldb : &o->ldc;
		if (!parse_u32(argv[++i], p) || !*p)
			BAD("leading dimension (a positive decimal integer)");
	} else if (!strcmp(a, "--layout")) {
		NEED(1);
		enum vc_layout l;
		if (!vc_layout_parse(argv[++i], &l))
			BAD("layout (" VC_WORDS_LAYOUT ", any case)");
		o->layout = (int)l;
	} else if (!strcmp(a, "--dtype")) {
		NEED(1);
		o->dtype_word = argv[++i]; /* its mode reads it (check_combination) */
	} else if (!strcmp(a, "--stencil")) {
		NEED(3);
		o->stencil = true;
		for (int j = 0; j < 3; j++)
			if (!parse_u32(argv[i + 1 + j], &o->sn[j]) || !o->sn[j]) {
				run_error("--stencil: NX NY NZ must be positive decimal integers");
				return RUN_EXIT_USAGE;
			}
		i += 3;
	} else if (!strcmp(a, "--attention")) {
		int rc = parse_attention(argc, argv, &i, o);
		if (rc != OPT_OK)
			return rc;
	} else if (!strcmp(a, "--causal")) {
		o->causal = true;
	} else if (!strcmp(a, "--padded")) {
		o->padded = true;
	} else if (!strcmp(a, "--radius")) {
		NEED(1);
		uint32_t r;
		if (!parse_u32(argv[++i], &r) || r < 1 || r > 4)
			BAD("stencil radius (1 to 4)");
		o->radius = (int)r;
	} else if (!strcmp(a, "--bench")) {
		NEED(1);
		if (!parse_u32(argv[++i], &o->bench) || !o->bench || o->bench > 100000)
			BAD("repetition count (decimal, 1 to 100000)");
	} else if (!strcmp(a, "--seed")) {
		NEED(1);
		if (!parse_u64(argv[++i], &o->seed))
			BAD("seed (a decimal integer)");
	} else if (!strcmp(a, "--fill")) {
		NEED(1);
		v = argv[++i];
		if (!strcmp(v, "random"))
			o->fill = FILL_RANDOM;
		else if (!strcmp(v, "seed"))
			o->fill = FILL_SEED;
		else
			BAD("fill (random or seed)");
	} else if (!strcmp(a, "--grid") || !strcmp(a, "--block")) {
		NEED(1);
		bool g = a[2] == 'g';
		if (!parse_dim3(argv[++i], g ? o->grid : o->block))
			BAD("size (X[,Y[,Z]], each at least 1)");
		*(g ? &o->have_grid : &o->have_block) = true;
	} else if (!strcmp(a, "--arg")) {
		NEED(1);
		if (!add_named(o->args, &o->nargs, a, argv[++i]))
			return RUN_EXIT_USAGE;
	} else if (!strcmp(a, "--buffer")) {
		NEED(1);
		if (!add_named(o->buffers, &o->nbuffers, a, argv[++i]))
			return RUN_EXIT_USAGE;
	} else if (!strcmp(a, "--dump")) {
		NEED(1);
		if (!add_named(o->dumps, &o->ndumps, a, argv[++i]))
			return RUN_EXIT_USAGE;
	} else {
		return OPT_NOT_MINE;
	}
	*ip = i;
	return OPT_OK;
}
#undef NEED
#undef BAD

/* The code object's path, or an unknown option. */
static int parse_operand(const char *a, struct run_opts *o)
{
	if (a[0] == '-' && a[1]) {
		run_error("unknown option %s (see --help)", a);
		return RUN_EXIT_USAGE;
	}
	if (o->file) {
		run_error("more than one file: %s and %s", o->file, a);
		return RUN_EXIT_USAGE;
	}
	o->file = a;
	return OPT_OK;
}

/* The mode (--gemm, --stencil, the generic launch) and the options only one
 * mode reads: --dtype's words are the mode's element types. */
static int check_mode(struct run_opts *o)
{
	if (o->gemm + o->stencil + o->attention > 1) {
		run_error("%s: one mode at a time", o->gemm && o->stencil ? "--gemm and --stencil"
			  : o->gemm ? "--gemm and --attention" : "--stencil and --attention");
		return RUN_EXIT_USAGE;
	}
	if ((o->causal || o->padded) && !o->attention) {
		run_error("%s goes with --attention", o->causal ? "--causal" : "--padded");
		return RUN_EXIT_USAGE;
	}
	if (o->radius >= 0 && !o->stencil) {
		run_error("--radius goes with --stencil");
		return RUN_EXIT_USAGE;
	}
	const char *w = o->dtype_word;
	if (w && o->gemm) {
		if (strcmp(w, "f16") && strcmp(w, "bf16")) {
			run_error("--dtype: bad element type of A and B '%s' (f16 or bf16)", w);
			return RUN_EXIT_USAGE;
		}
		o->dtype = strcmp(w, "f16") ? 1 : 0;
	} else if (w && o->stencil) {
		if (strcmp(w, "f32") && strcmp(w, "f64")) {
			run_error("--dtype: bad stencil element type '%s' (f32 or f64)", w);
			return RUN_EXIT_USAGE;
		}
		o->sdtype = strcmp(w, "f32") ? 1 : 0;
	} else if (w) {
		run_error("--dtype goes with --gemm or --stencil%s", o->attention ? " (--attention takes the kernel's types)" : "");
		return RUN_EXIT_USAGE;
	}
	if ((o->gemm || o->stencil || o->attention) && o->nbuffers) {
		run_error("--buffer is for the generic mode; --%s allocates its data",
			  o->gemm ? "gemm" : o->stencil ? "stencil" : "attention");
		return RUN_EXIT_USAGE;
	}
	return -1;
}

/* Options that do not go together, or miss their partner; -1 when none. */
static int check_combination(struct run_opts *o)
{
	if (o->microbench)
		return -1;
	if (!o->file) {
		run_error("no code object given (see --help)");
		return RUN_EXIT_USAGE;
	}
	if (o->model && !strcmp(o->backend, "hip")) {
		run_error("--model runs on the emulator (--backend emu or auto), not on hip");
		return RUN_EXIT_USAGE;
	}
	/* without --model, a card is the emulator's device only for a library's pick */
	struct stat st;
	bool lib = !stat(o->file, &st) && S_ISDIR(st.st_mode);
	if (o->model_device && !o->model && (!lib || !strcmp(o->backend, "hip"))) {
		run_error("--device-model goes with --model, or with a kernel library on the emulator");
		return RUN_EXIT_USAGE;
	}
	if (o->model_only && !o->model) {
		run_error("%s goes with --model", o->model_only);
		return RUN_EXIT_USAGE;
	}
	if (o->model)
		o->backend = "emu";
	if (!o->list && !o->gemm && !o->stencil && !o->attention && !o->have_grid) {
		run_error("nothing to do: give --list, --gemm M N K, --stencil NX NY NZ, --attention B HQ HKV SQ SKV D, "
			  "or --grid/--block (see --help)");
		return RUN_EXIT_USAGE;
	}
	if (o->device != LD_DEVICE_AUTO && !strcmp(o->backend, "emu")) {
		run_error("--device picks a HIP device: it does not go with --backend emu");
		return RUN_EXIT_USAGE;
	}
	int rc = check_mode(o);
	if (rc >= 0)
		return rc;
	if ((o->trace || o->trace_lines) && !strcmp(o->backend, "hip")) {
		run_error("--trace runs on the emulator: not with --backend hip");
		return RUN_EXIT_USAGE;
	}
	if (o->trace_lines && !o->trace) {
		run_error("--trace-lines goes with --trace");
		return RUN_EXIT_USAGE;
	}
	if (o->trace)
		o->backend = "emu";   /* the trace is the emulator's */
	/* The check's bound scales with |alpha| and |beta|: a NaN or infinite one
	 * bounds nothing (and a NaN bound would pass every element). */
	if (o->check && (!isfinite(o->alpha) || !isfinite(o->beta))) {
		run_error("--check needs a finite --alpha and --beta (got %g and %g)", o->alpha, o->beta);
		return RUN_EXIT_USAGE;
	}
	return -1;
}

int run_parse_args(int argc, char **argv, struct run_opts *o)
{
	memset(o, 0, sizeof *o);
	o->backend = "auto";
	o->checks = EMU_CHECK_DEFAULT; /* waits, LDS races, VOPD banks, WMMA and TRANS-use hazards unless told otherwise */
	o->alpha = 1.0f;
	o->seed = 1;
	o->model_sample = MDL_SAMPLE_AUTO; /* one unit of each group, more when cheap: docs/model.md, "Dispatch and sampling" */
	o->layout = -1;
	o->dtype = -1;
	o->sdtype = -1;
	o->radius = -1;
	o->device = LD_DEVICE_AUTO;
	const char *seen[64];
	unsigned nseen = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (a[0] == '-' && a[1] && nseen < sizeof seen / sizeof seen[0] && once(a, seen, &nseen))
			return RUN_EXIT_USAGE;
		int rc = parse_run_option(argc, argv, &i, o);
		if (rc == OPT_NOT_MINE)
			rc = parse_launch_option(argc, argv, &i, o);
		if (rc == OPT_NOT_MINE)
			rc = parse_operand(a, o);
		if (rc != OPT_OK)
			return rc;
	}
	return check_combination(o);
}

void run_free_opts(struct run_opts *o)
{
	free_named(o->args, o->nargs);
	free_named(o->buffers, o->nbuffers);
	free_named(o->dumps, o->ndumps);
}
