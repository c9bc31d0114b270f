/* rdna3run — run a gfx1100 code object on a HIP device or on the emulator:
 * list its kernels, run a GEMM kernel and check it against OpenBLAS, or run
 * any kernel with buffers and arguments given on the command line.
 * See docs/rdna3run.md. */
#include "gen/rdna3run.h"
#include "emu/emu.h"
#include "vocab/vocab.h"
#include "asm_out/asm_out.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"usage: rdna3run FILE.hsaco --list\n"
	"       rdna3run --microbench [-o CONSTANTS] [--backend auto|hip|emu] [--model-constants FILE]\n"
	"       rdna3run FILE.hsaco [--kernel NAME] --gemm M N K [--alpha A] [--beta B]\n"
	"                [--lda L] [--ldb L] [--ldc L] [--layout " VC_WORDS_LAYOUT "] [--dtype f16|bf16] [--check]\n"
	"                [--bench REPS] [--seed S] [--fill random|seed] [--dump NAME=FILE]\n"
	"       rdna3run FILE.hsaco [--kernel NAME] --grid X,Y,Z --block X,Y,Z\n"
	"                [--arg KEY=VALUE]... [--buffer KEY=BYTES[:FILL]]... [--dump KEY=FILE]...\n"
	"                [--bench REPS]\n"
	"common: [--backend auto|hip|emu] [--device N] [-j N] [--strict|--unchecked|--checks LIST]\n"
	"        [--max-instructions N] [--seed S] [--trace X[,Y[,Z]][:WAVE]] [--trace-lines N]\n"
	"        [--model [--model-format text|json] [--model-sample N | --model-full] [--model-constants FILE]\n"
	"                 [--model-html FILE]]\n"
	"        [--help] [--version]\n"
	"\n"
	"  --device N is the HIP device; without it the first gfx1100 device (the choice and\n"
	"  why on stderr);\n"
	"  --grid is in workgroups (HIP gridDim), --block in work-items (blockDim);\n"
	"  emu checks waits, LDS races, VOPD banks and WMMA hazards by default (--strict); --unchecked\n"
	"  skips them;\n"
	"  --checks LIST picks from waitcnt, lds-race, vopd-bank, wmma-hazard, global-race, all, default, none\n"
	"  emu stops a launch after N wave-instructions (--max-instructions; default 10^8 per wave\n"
	"  of the launch) and names the wave and PC that were running: a runaway kernel\n"
	"  --model runs the launch under the timing model (emulator) and prints the predicted time,\n"
	"  GFLOP/s (GEMM) or GB/s (over the --buffer bytes) and where the cycles went\n"
	"  --model simulates N CUs (default 2) of each group that runs the same number of workgroups\n"
	"  and takes the latest; --model-full simulates every CU; --model-constants reads NAME VALUE\n"
	"  lines (as rdna3run --microbench writes them) over the model's constants\n"
	"  --model-html writes the prediction as one HTML page: roofline and cycle breakdown\n"
	"  --microbench times the microbenchmark kernels (templates/microbench.c) on a GPU, or on the\n"
	"  emulator under the model, and writes the constants they give (-o) for --model-constants\n"
	"  KEY is an argument's NAME, its position (0, 1, ...) or @OFFSET, then optionally :TYPE\n"
	"  (i8..i64, u8..u64, f32, f64; VALUE is typed by the metadata otherwise)\n"
	"  FILL is zero, random, iota, identity[:COLS] or a number;\n"
	"  exit 0 ok, 1 failure, 2 usage, 3 no HIP device\n"
	"\n" VC_HELP_VALUES "(--arg, --buffer and --dump may be repeated, once per NAME.)\n";

void run_error(const char *fmt, ...)
{
	va_list ap;
	fputs("rdna3run: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

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
	static const char *const groups[][3] = { { "--strict", "--unchecked", "--checks" }, { "-h", "--help", "" } };
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
		fputs(usage, stdout);
		return RUN_EXIT_OK;
	} else if (!strcmp(a, "--version")) {
		printf("rdna3run %s\n", RDNA3_VERSION);
		return RUN_EXIT_OK;
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
		o->model_sample = 0;
	} else if (!strcmp(a, "--model-sample")) {
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
		NEED(1);
		o->model_html = argv[++i];
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
		i++;
		if (strcmp(argv[i], "f16") && strcmp(argv[i], "bf16"))
			BAD("element type of A and B (f16 or bf16)");
		o->dtype = strcmp(argv[i], "f16") ? 1 : 0;
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
	if (o->model)
		o->backend = "emu";
	if (!o->list && !o->gemm && !o->have_grid) {
		run_error("nothing to do: give --list, --gemm M N K, or --grid/--block (see --help)");
		return RUN_EXIT_USAGE;
	}
	if (o->device != LD_DEVICE_AUTO && !strcmp(o->backend, "emu")) {
		run_error("--device picks a HIP device: it does not go with --backend emu");
		return RUN_EXIT_USAGE;
	}
	if (o->gemm && o->nbuffers) {
		run_error("--buffer is for the generic mode; --gemm allocates its matrices");
		return RUN_EXIT_USAGE;
	}
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

/* Returns -1 to go on, else an exit status. */
static int parse_args(int argc, char **argv, struct run_opts *o)
{
	memset(o, 0, sizeof *o);
	o->backend = "auto";
	o->checks = EMU_CHECK_DEFAULT; /* waits, LDS races, VOPD banks unless told otherwise */
	o->alpha = 1.0f;
	o->seed = 1;
	o->model_sample = 2;
	o->layout = -1;
	o->dtype = -1;
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

static void list_kernels(const struct ld_code_object *co, const char *file)
{
	unsigned n = ld_kernel_count(co);
	printf("%s: %u kernel%s\n", file, n, n == 1 ? "" : "s");
	for (unsigned i = 0; i < n; i++) {
		const struct ld_kernel *k = ld_kernel_at(co, i);
		printf("kernel %s (descriptor %s at 0x%llx)\n", k->name, k->symbol,
		       (unsigned long long)k->kd_vaddr);
		printf("  resources: %u VGPRs, %u SGPRs, %u bytes LDS, %u bytes scratch, wave%u, "
		       "at most %u work-items per workgroup", k->vgpr_count, k->sgpr_count,
		       k->group_segment_size, k->private_segment_size, k->wavefront_size,
		       k->max_flat_workgroup_size);
		if (k->vgpr_spill_count || k->sgpr_spill_count)
			printf(", spills %u VGPR %u SGPR", k->vgpr_spill_count, k->sgpr_spill_count);
		printf("\n");
		if (k->nrdna3) {
			printf("  rdna3:");
			for (unsigned j = 0; j < k->nrdna3; j++) {
				if (k->rdna3[j].is_str)
					printf(" %s=%s", k->rdna3[j].key, k->rdna3[j].str);
				else
					printf(" %s=%lld", k->rdna3[j].key, (long long)k->rdna3[j].ival);
			}
			printf("\n");
		}
		printf("  arguments (%u bytes):\n", k->kernarg_size);
		for (unsigned j = 0; j < k->nargs; j++) {
			const struct ld_arg *a = &k->args[j];
			if (a->kind == LD_ARG_HIDDEN)
				continue;
			printf("    %2u %-12s offset %3u size %u %s%s%s%s\n", j, a->name[0] ? a->name : "(unnamed)",
			       a->offset, a->size, a->value_kind, a->is_const ? " const" : "", a->type_name[0] ? " " : "",
			       a->type_name);
		}
		unsigned hidden = 0;
		for (unsigned j = 0; j < k->nargs; j++)
			hidden += k->args[j].kind == LD_ARG_HIDDEN;
		if (hidden)
			printf("    (%u hidden arguments, filled at launch)\n", hidden);
	}
}

void run_print_stats(const struct ld_backend *b, const struct ld_run_stats *st, double flop)
{
	if (st->has_counts) {
		printf("%s: %llu wave-instructions (VALU %llu, FMA %llu, VOPD %llu, SALU %llu, "
		       "SMEM %llu, VMEM %llu, LDS %llu, branch %llu, wait %llu), %llu workgroups, "
		       "%llu waves\n", b->name, (unsigned long long)st->wave_insts,
		       (unsigned long long)st->valu, (unsigned long long)st->valu_fma,
		       (unsigned long long)st->vopd, (unsigned long long)st->salu,
		       (unsigned long long)st->smem, (unsigned long long)st->vmem,
		       (unsigned long long)st->lds, (unsigned long long)st->branch,
		       (unsigned long long)st->wait, (unsigned long long)st->workgroups,
		       (unsigned long long)st->waves);
		printf("%s: wall time %.3f ms (best of %u)\n", b->name, st->best_ms, st->runs);
		return;
	}
	printf("%s: time %.4f ms best, %.4f ms mean of %u launch%s", b->name, st->best_ms,
	       st->mean_ms, st->runs, st->runs == 1 ? "" : "es");
	if (flop > 0 && st->best_ms > 0)
		printf(", %.1f GFLOP/s", flop / (st->best_ms * 1e6));
	printf("\n");
}

int run_outputs_check(const struct run_opts *o)
{
	struct ao_output files[RUN_MAX_NAMED + 2];
	unsigned n = 0;
	for (unsigned i = 0; i < o->ndumps; i++)
		files[n++] = (struct ao_output){ o->dumps[i].value, NULL, 0 };
	if (o->model_html)
		files[n++] = (struct ao_output){ o->model_html, NULL, 0 };
	if (o->microbench_out)
		files[n++] = (struct ao_output){ o->microbench_out, NULL, 0 };
	char err[1024];
	if (ao_outputs_check(files, n, &o->file, 1, err, sizeof err)) {
		run_error("%s", err);
		return -1;
	}
	return 0;
}

int run_files_add(struct run_files *f, const char *path, const void *p, size_t n)
{
	if (f->n >= RUN_MAX_NAMED) {
		run_error("%s: too many output files", path);
		return -1;
	}
	void *copy = malloc(n ? n : 1);
	if (!copy) {
		run_error("%s: out of memory", path);
		return -1;
	}
	memcpy(copy, p, n);
	f->data[f->n] = copy;
	f->len[f->n] = n;
	f->path[f->n++] = path;
	return 0;
}

int run_files_commit(struct run_files *f, const char *input)
{
	struct ao_output files[RUN_MAX_NAMED];
	for (unsigned i = 0; i < f->n; i++)
		files[i] = (struct ao_output){ f->path[i], f->data[i], f->len[i] };
	char err[1024];
	int rc = ao_write_outputs(files, f->n, &input, 1, err, sizeof err);
	if (rc)
		run_error("%s", err);
	run_files_discard(f);
	return rc ? -1 : 0;
}

void run_files_discard(struct run_files *f)
{
	for (unsigned i = 0; i < f->n; i++)
		free(f->data[i]);
	f->n = 0;
}

bool run_host_mem_ok(uint64_t bytes, const char *what)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages <= 0 || page <= 0 || bytes <= (uint64_t)pages * (uint64_t)page)
		return true;
	run_error("%s needs %.1f GiB of host memory; this host has %.1f GiB", what,
		  (double)bytes / (1 << 30), (double)pages * (double)page / (1 << 30));
	return false;
}

struct gbuf {
	const char *name;
	uint64_t addr;
	size_t bytes;
};

/* The --buffer options: each allocated on the device, filled, and set as its
 * argument in ka.  bufs[0..*nb) lists what was allocated, for the caller to
 * free (on failure too).  false after one error line. */
static bool place_buffers(const struct run_opts *o, struct ld_backend *b, const struct ld_kernel *k,
			  struct ld_kargs *ka, struct gbuf *bufs, unsigned *nb)
{
	char err[256];
	bool emu = !strcmp(b->name, "emu");
	uint64_t dev_bytes = 0;
	for (unsigned i = 0; i < o->nbuffers; i++) {
		const char *spec = o->buffers[i].value, *colon = strchr(spec, ':');
		char num[32];
		size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
		uint64_t bytes;
		if (len >= sizeof num) {
			run_error("--buffer %s: bad size '%s'", o->buffers[i].name, spec);
			return false;
		}
		memcpy(num, spec, len);
		num[len] = 0;
		if (!parse_u64(num, &bytes) || !bytes || bytes > ((uint64_t)1 << 34)) {
			run_error("--buffer %s: bad size '%s'", o->buffers[i].name, num);
			return false;
		}
		for (unsigned j = 0; j < *nb; j++)
			if (!strcmp(bufs[j].name, o->buffers[i].name)) {
				run_error("--buffer %s given twice", o->buffers[i].name);
				return false;
			}
		struct run_key rk;
		if (run_arg_key(k, "--buffer", o->buffers[i].name, &rk))
			return false;
		if (rk.idx < 0 || rk.size || k->args[rk.idx].kind != LD_ARG_GLOBAL_BUFFER || ka->set[rk.idx]) {
			run_error("--buffer %s: %s", o->buffers[i].name,
				  rk.idx < 0 || rk.size ? "a buffer takes an argument's name, position or offset, no type"
				  : ka->set[rk.idx] ? "that argument already has a buffer"
				  : "the argument is not a global_buffer");
			return false;
		}
		/* the emulator keeps device memory on the host too */
		dev_bytes += emu ? bytes : 0;
		char what[96];
		snprintf(what, sizeof what, "--buffer %s", o->buffers[i].name);
		if (!run_host_mem_ok(dev_bytes + bytes, what))
			return false;
		uint8_t *host = malloc(bytes);
		if (!host) {
			run_error("out of memory for --buffer %s", o->buffers[i].name);
			return false;
		}
		if (!run_fill_buffer(host, bytes, colon ? colon + 1 : NULL, o->seed + i)) {
			run_error("--buffer %s: bad fill '%s' (zero, random, iota, identity[:COLS] that fits, or a number)",
				  o->buffers[i].name, colon + 1);
			free(host);
			return false;
		}
		uint64_t addr = 0;
		int rc = ld_alloc(b, bytes, &addr, err, sizeof err);
		if (!rc)
			rc = ld_write(b, addr, host, bytes, err, sizeof err);
		free(host);
		if (addr)
			bufs[(*nb)++] = (struct gbuf){ o->buffers[i].name, addr, bytes };
		if (!rc)
			rc = ld_kargs_set_index(ka, (unsigned)rk.idx, &addr, 8, err, sizeof err);
		if (rc) {
			run_error("%s", err);
			return false;
		}
	}
	return true;
}

static int run_generic(const struct run_opts *o, struct ld_backend *b, void *module,
		       const struct ld_kernel *k)
{
	char err[256];
	int status = RUN_EXIT_FAIL;
	struct gbuf bufs[RUN_MAX_NAMED];
	unsigned nb = 0;
	struct run_files dumps = { 0 };
	struct ld_kargs ka;
	if (ld_kargs_init(&ka, k, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	uint32_t block[3];
	if (o->have_block) {
		memcpy(block, o->block, sizeof block);
	} else if (k->reqd_workgroup_size[0]) {
		memcpy(block, k->reqd_workgroup_size, sizeof block);
	} else if (k->block_threads) {
		block[0] = k->block_threads, block[1] = block[2] = 1;
	} else {
		run_error("kernel %s: give --block (its metadata names no workgroup size)", k->name);
		status = RUN_EXIT_USAGE;
		goto out;
	}
	if (ld_check_dispatch(k, o->grid, block, err, sizeof err)) {
		run_error("%s", err);
		goto out;
	}
	if (!place_buffers(o, b, k, &ka, bufs, &nb))
		goto out;
	if (run_set_args(o, &ka))
		goto out;
	for (unsigned i = 0; i < o->ndumps; i++) {
		bool found = false;
		for (unsigned j = 0; j < nb; j++)
			found |= !strcmp(bufs[j].name, o->dumps[i].name);
		if (!found) {
			run_error("--dump %s: no --buffer of that name", o->dumps[i].name);
			goto out;
		}
	}
	if (ld_kargs_finish(&ka, o->grid, block, err, sizeof err)) {
		run_error("%s", err);
		goto out;
	}
	/* One launch whose results are dumped, then --bench REPS timed ones (which
	 * may keep changing the buffers: only the first launch's output counts). */
	struct ld_run_stats st;
	if (ld_launch(b, module, k, &ka, o->grid, block, 1, &st, err, sizeof err)) {
		run_error("%s", err);
		goto out;
	}
	printf("ran %s: grid %u,%u,%u block %u,%u,%u\n", k->name, o->grid[0], o->grid[1], o->grid[2],
	       block[0], block[1], block[2]);
	if (!o->bench)
		run_print_stats(b, &st, 0);
	for (unsigned i = 0; i < o->ndumps; i++)
		for (unsigned j = 0; j < nb; j++) {
			if (strcmp(bufs[j].name, o->dumps[i].name))
				continue;
			uint8_t *host = malloc(bufs[j].bytes);
			int rc = host ? ld_read(b, host, bufs[j].addr, bufs[j].bytes, err, sizeof err)
				      : LD_E_NOMEM;
			if (rc) {
				run_error("--dump %s: %s", bufs[j].name, host ? err : "out of memory");
				free(host);
				goto out;
			}
			rc = run_files_add(&dumps, o->dumps[i].value, host, bufs[j].bytes);
			free(host);
			if (rc)
				goto out;
		}
	if (run_files_commit(&dumps, o->file))
		goto out;
	if (o->bench) {
		if (ld_launch(b, module, k, &ka, o->grid, block, o->bench, &st, err, sizeof err)) {
			run_error("%s", err);
			goto out;
		}
		run_print_stats(b, &st, 0);
	}
	status = RUN_EXIT_OK;
out:
	run_files_discard(&dumps);
	for (unsigned j = 0; j < nb; j++)
		ld_free(b, bufs[j].addr);
	ld_kargs_free(&ka);
	return status;
}

static const struct ld_kernel *pick_kernel(const struct ld_code_object *co, const struct run_opts *o)
{
	unsigned n = ld_kernel_count(co);
	if (o->kernel) {
		const struct ld_kernel *k = ld_kernel_find(co, o->kernel);
		if (!k) {
			char names[256] = "";
			for (unsigned i = 0; i < n && strlen(names) < 200; i++)
				snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
					 i ? ", " : "", ld_kernel_at(co, i)->name);
			run_error("%s: no kernel '%s' (it has: %s)", o->file, o->kernel,
				  n ? names : "none");
		}
		return k;
	}
	if (n == 1)
		return ld_kernel_at(co, 0);
	if (n == 0)
		run_error("%s has no kernels", o->file);
	else
		run_error("%s has %u kernels: name one with --kernel (first: %s)", o->file, n,
			  ld_kernel_at(co, 0)->name);
	return NULL;
}

/* The backend with the code object loaded: -1 to go on, else an exit status.
 * With "auto", a HIP device that cannot run gfx1100 code passes the work to
 * the emulator; one stderr line says which backend runs and why. */
static int open_backend(const struct run_opts *o, const struct ld_code_object *co,
			struct ld_backend **b, void **module, struct run_model *rm)
{
	struct ld_emu_options eo = { .threads = o->threads, .checks = o->checks, .trace = o->trace,
				     .trace_wg = { o->trace_wg[0], o->trace_wg[1], o->trace_wg[2] },
				     .trace_wave = o->trace_wave, .trace_lines = o->trace_lines,
				     .inst_budget = o->max_insts, .launch = o->model ? run_model_launch : NULL,
				     .launch_ctx = rm };
	bool autosel = !strcmp(o->backend, "auto");
	char err[256], why[256];
	int rc = ld_backend_open(o->backend, o->device, &eo, b, why, sizeof why);
	if (rc) {
		run_error("%s", why);
		return rc == LD_E_NODEVICE ? RUN_EXIT_NODEVICE : RUN_EXIT_FAIL;
	}
	/* The HIP device and why that one: with --backend hip before anything can
	 * fail on it; with auto once it is the backend that runs. */
	bool hip = !strcmp((*b)->name, "hip");
	if (hip && !autosel)
		fprintf(stderr, "rdna3run: backend hip (%s): %s\n", (*b)->device, (*b)->why);
	rc = ld_load(*b, co, module, err, sizeof err);
	if (hip && autosel && rc != LD_E_ARCH)
		fprintf(stderr, "rdna3run: backend hip (%s): %s\n", (*b)->device, (*b)->why);
	if (rc == LD_E_ARCH && autosel && strcmp((*b)->name, "emu")) {
		snprintf(why, sizeof why, "%s", err);
		ld_backend_close(*b);
		*b = NULL;
		rc = ld_backend_emu_open(&eo, b, err, sizeof err);
		if (!rc)
			rc = ld_load(*b, co, module, err, sizeof err);
	}
	if (autosel && *b && !strcmp((*b)->name, "emu"))
		fprintf(stderr, "rdna3run: backend %s (%s)%s%s\n", (*b)->name, (*b)->device,
			why[0] ? ": " : "", why);
	if (rc) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	return -1;
}

int main(int argc, char **argv)
{
	struct run_opts o;
	setvbuf(stdout, NULL, _IOLBF, 0); /* keep report lines in order with stderr */
	int status = parse_args(argc, argv, &o);
	if (status >= 0)
		goto done;
	ao_remove_temps_on_signal();     /* the --dump temporaries go with Ctrl-C */
	if (run_outputs_check(&o)) {   /* before the kernel runs: no output then */
		status = RUN_EXIT_FAIL;
		goto done;
	}
	if (o.microbench) {
		status = run_microbench(&o);
		goto done;
	}
	char err[256];
	struct ld_code_object *co = NULL;
	if (ld_open_file(o.file, &co, err, sizeof err)) {
		run_error("%s", err);
		status = RUN_EXIT_FAIL;
		goto done;
	}
	if (o.list) {
		list_kernels(co, o.file);
		status = RUN_EXIT_OK;
		if (!o.gemm && !o.have_grid)
			goto close;
	}
	const struct ld_kernel *k = pick_kernel(co, &o);
	if (!k) {
		status = RUN_EXIT_FAIL;
		goto close;
	}
	struct ld_backend *b = NULL;
	void *module = NULL;
	struct run_model rm = { .json = o.model_json, .sample = o.model_sample, .constants = o.model_constants,
				.html = o.model_html };
	if (o.gemm)
		rm.flops = 2.0 * o.m * o.n * o.k;
	for (unsigned i = 0; i < o.nbuffers; i++)
		rm.bytes += strtod(o.buffers[i].value, NULL);
	status = open_backend(&o, co, &b, &module, &rm);
	if (status < 0) {
		status = o.gemm ? run_gemm(&o, b, module, k) : run_generic(&o, b, module, k);
		ld_unload(b, module);
	}
	ld_backend_close(b);
close:
	ld_close(co);
done:
	free_named(o.args, o.nargs);
	free_named(o.buffers, o.nbuffers);
	free_named(o.dumps, o.ndumps);
	return status;
}
