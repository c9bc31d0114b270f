/* templates.h — the kernel templates and the table of their parameters.
 *
 * Every template declares its parameters once (name, type, default, range,
 * help) and, optionally, named presets.  The CLI's `list`, its flag and YAML
 * parsing, range checks and --help are all driven from these tables, so a new
 * template only adds a table, a check and a build function.
 *
 * Values are applied in a fixed order: defaults, then a preset (--preset or
 * `preset:` in YAML), then the YAML file, then command-line flags.  Parameter
 * names are lower case with '-' between words; '_' is accepted for '-'.
 *
 * Errors: TPL_E_ARG means the user's input is wrong (the message names the
 * parameter and the limit); TPL_E_BUILD means the template itself failed.
 */
#ifndef RDNA3_TEMPLATES_H
#define RDNA3_TEMPLATES_H

#include <stdbool.h>
#include <stddef.h>

#include "asm_out/asm_out.h"

enum tpl_err { TPL_OK = 0, TPL_E_ARG = -1, TPL_E_BUILD = -2, TPL_E_NOMEM = -3 };

enum tpl_type {
	TPL_INT,     /* decimal integer in [min, max] */
	TPL_BOOL,    /* 0/1; text: true|false (vocab/vocab.h) */
	TPL_ENUM,    /* index into choices ("cu|wgp") */
	TPL_FLOAT,   /* value stored as float bits; min/max ignored */
	TPL_LAYOUT,  /* enum vc_layout: NN|NT|TN|TT, any case */
	TPL_WIDTH,   /* enum vc_width: b32|b64|b128 */
	TPL_TARGET,  /* a row of isa/targets.def by name, stored as its index */
};

struct tpl_param {
	const char *name;
	enum tpl_type type;
	long def, min, max;
	const char *choices;     /* TPL_ENUM: alternatives separated by '|' */
	const char *help;
};

/* A preset: "name=value name=value ..." over the template's parameters. */
struct tpl_preset {
	const char *name;
	const char *values;
	const char *help;
};

#define TPL_MAX_PARAMS 48

/* Parameters every template has (stored apart from the template's own). */
enum tpl_common {
	TPL_C_MODE,              /* cu | wgp */
	TPL_C_CODE_OBJECT,       /* 4 | 5 | 6 */
	TPL_C_VERSION_DIRECTIVE, /* write .amdhsa_code_object_version */
	TPL_C_TARGET,            /* the GPU: a row of isa/targets.def */
	TPL_C_COUNT
};
extern const struct tpl_param tpl_common_params[TPL_C_COUNT];

struct tpl_values;

/* ---- search spaces (rdna3gen tune, tune/) ------------------------------------------
 * A template that can be tuned declares, next to its parameter table, the
 * values tried per parameter (text, as on the command line; the template's
 * check decides which combinations are legal), the values every enumerated
 * candidate shares, the parameters that follow from the searched ones, and the
 * small shape, ragged in every dimension, that each candidate is checked at
 * before it is timed.  The tuner runs each candidate as its runner says (a
 * GEMM of the target shape, run/gemm.h; a stencil, run/stencil.h) and ranks
 * by the template's figure of merit, work / time in the template's unit. */
#define TPL_AXIS_VALUES 6
#define TPL_SMALL_M 64           /* skinny products: M at most this */
/* The most dimensions a shape has (attention: B, H_q, H_kv, S_q, S_kv, D);
 * shapes are arrays of this many sizes, the first ndims used. */
#define TPL_SHAPE_MAX 6
enum tpl_runner {
	TPL_RUN_GEMM,                /* run/gemm.h at M x N x K; 2 M N K FLOP, GFLOP/s */
	TPL_RUN_STENCIL,             /* run/stencil.h at nx x ny x nz; the lab notes' bytes, GB/s */
	TPL_RUN_ATTENTION,           /* run/attention.h at B x H_q x H_kv x S_q x S_kv x D; 4 D FLOP per unmasked
	                                (query, key) pair (the space's work must say so), GFLOP/s */
};
struct tpl_axis {
	const char *param;
	const char *vals[TPL_AXIS_VALUES];
	unsigned small_m;            /* values from this index on only for M <= TPL_SMALL_M; 0: all */
};
struct tpl_space {
	const struct tpl_axis *axes;
	unsigned naxes;
	const char *fixed;           /* "name=value ..." on every enumerated candidate, or NULL */
	void (*derive)(struct tpl_values *v);   /* what follows from the axes, or NULL */
	void (*check_shape)(const struct tpl_values *v, uint32_t shape[TPL_SHAPE_MAX]);
	/* the dimensions of a shape (rdna3gen tune --shape takes ndims sizes), and
	 * what a kernel library of the template is keyed by (its index and shapes
	 * file, kernlib/kernlib.h): the GEMM's m, n, k */
	const char *const *dims;
	unsigned ndims;
	enum tpl_runner runner;
	/* The work of one run at shape (FLOP or bytes, as unit says); NULL: 2 m n k
	 * FLOP in GFLOP/s.  unit: "GFLOP/s" or "GB/s" (NULL: GFLOP/s). */
	double (*work)(const struct tpl_values *v, const uint32_t shape[TPL_SHAPE_MAX]);
	const char *unit;
};

struct tpl_values;

struct tpl_template {
	const char *name;            /* CLI name, e.g. "sgemm-naive" */
	const char *summary;         /* one line */
	const struct tpl_param *params;
	unsigned nparams;
	const struct tpl_preset *presets;
	unsigned npresets;
	/* Constraints between parameters; message names the parameter and the limit. */
	int (*check)(const struct tpl_values *v, char *err, size_t errlen);
	/* Build into k (created by tpl_build with the template's kernel info). */
	int (*build)(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen);
	/* Kernel info for these values (name, workgroup size, ids). */
	void (*kernel_info)(const struct tpl_values *v, struct ao_kernel_info *info);
	/* Optional: text for --report FILE about the built kernel (malloc'd), NULL on OOM. */
	char *(*report)(const struct tpl_values *v, struct ao_kernel *k);
	/* Optional: the search space of rdna3gen tune; NULL: the template is not tuned. */
	const struct tpl_space *space;
};

struct tpl_values {
	const struct tpl_template *tpl;
	long v[TPL_MAX_PARAMS];          /* the template's parameters, table order */
	long c[TPL_C_COUNT];             /* common parameters */
	const char *preset;              /* applied preset name, or NULL */
};

/* Registry */
unsigned tpl_count(void);
const struct tpl_template *tpl_at(unsigned i);
const struct tpl_template *tpl_find(const char *name);

/* Values */
void tpl_defaults(const struct tpl_template *t, struct tpl_values *v);
/* The parameter called name: *common tells which table; returns its index or -1. */
int tpl_param_find(const struct tpl_template *t, const char *name, bool *common);
const struct tpl_param *tpl_param_at(const struct tpl_template *t, int idx, bool common);
/* Parse text for parameter name, range-check, store. */
int tpl_set(struct tpl_values *v, const char *name, const char *text, char *err, size_t errlen);
int tpl_apply_preset(struct tpl_values *v, const char *preset, char *err, size_t errlen);
/* "name=value name=value ..." from a table (a preset, a search space's fixed
 * values); what names it in messages.  A value the table rejects is TPL_E_BUILD. */
int tpl_apply_values(struct tpl_values *v, const char *what, const char *values, char *err, size_t errlen);
/* "1..1024", "cu|wgp", "bool": the accepted range, for messages and `list`. */
void tpl_param_range(const struct tpl_param *p, char *buf, size_t n);
/* The value as text ("256", "cu", "true", "1.5"). */
void tpl_param_value(const struct tpl_param *p, long value, char *buf, size_t n);
float tpl_float(long stored);

/* Check the values, build the kernel and allocate its registers.  On success
 * *out is a finished kernel ready for ao_print (caller frees). */
int tpl_build(const struct tpl_values *v, struct ao_kernel **out, char *err, size_t errlen);
/* The target the values ask for (--target): a row of isa/targets.def. */
const struct isa_target *tpl_target(const struct tpl_values *v);
/* The ao_print options the common parameters ask for. */
struct ao_emit_opts tpl_emit_opts(const struct tpl_values *v);

/* The ending of a template's build: allocate the kernel's virtual registers
 * (only a whole kernel: a builder error is reported by tpl_build) and free
 * the allocator.  0, or TPL_E_BUILD with the allocator's message in err. */
struct ra_ctx;
int tpl_finish(struct ra_ctx *ra, struct ao_kernel *k, char *err, size_t errlen);

/* ao_sgprs for a template's builder: an overflow is remembered in *short
 * (the first failure of the kernel only), so the build can name the
 * parameters behind it without reading asm_out's message; 0 on overflow. */
static inline unsigned tpl_sgprs(struct ao_kernel *k, unsigned n, bool *short_)
{
	bool failed_before = ao_error(k) != NULL;
	int s = ao_sgprs(k, n);
	if (s < 0 && !failed_before)
		*short_ = true;
	return s < 0 ? 0 : (unsigned)s;
}

/* ceil(log2(x)) for x >= 1. */
static inline unsigned tpl_log2(unsigned x)
{
	unsigned l = 0;
	while ((1u << l) < x)
		l++;
	return l;
}

/* Templates (one file each) */
extern const struct tpl_template tpl_scale;
extern const struct tpl_template tpl_sgemm_naive;
extern const struct tpl_template tpl_sgemm;
extern const struct tpl_template tpl_hgemm;
extern const struct tpl_template tpl_microbench;
extern const struct tpl_template tpl_stencil;
extern const struct tpl_template tpl_attention;

#endif
