/* tune.h — `rdna3gen tune`: search the parameters of the sgemm template for
 * the fastest kernel at one shape (tune/tune.c: the search; tune/tune_out.c:
 * the files it writes).  See docs/tune.md. */
#ifndef RDNA3_TUNE_TUNE_H
#define RDNA3_TUNE_TUNE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "templates/templates.h"

/* Deeper than TUNE_K_DIRECT the model's figure is an estimate from two
 * shallower depths (tune/tune_eval.c); --confirm is at most TUNE_CONFIRM_MAX. */
enum { TUNE_K_DIRECT = 256, TUNE_CONFIRM_MAX = 32 };

/* What became of a candidate, worst first after OK in the CSV. */
#define TUNE_STATUSES(X) \
	X(PENDING, "pending") X(OK, "ok") X(PRUNED, "pruned") X(REFUSED, "refused") X(ASM, "assembler-failed") \
	X(WRONG, "wrong-result") X(FAULT, "fault") X(MODEL, "model-failed")
enum tune_status {
#define TUNE_S_ENUM_(e, s) TUNE_##e,
	TUNE_STATUSES(TUNE_S_ENUM_)
#undef TUNE_S_ENUM_
	TUNE_NSTATUS
};
extern const char *const tune_status_names[TUNE_NSTATUS];

struct tune_cand {
	struct tpl_values v;
	unsigned order;              /* enumeration order (the evaluation order) */
	enum tune_status status;
	char why[200];               /* one line: the reason a candidate failed or was pruned */
	unsigned vgprs, lds, occ;    /* static: VGPRs, LDS bytes, waves per SIMD */
	double seconds, rate;        /* predicted at the target shape; rate: the figure of merit (tune_rate) */
	bool full;                   /* seconds is a prediction at the full depth K (else the K = 128/256 estimate) */
	double sampled_seconds;      /* the K = 128/256 estimate, when seconds was confirmed at the full depth */
	char limit[40];              /* the largest cause of lost issue cycles, or "VALU" */
	char occ_limit[16];          /* what limits the occupancy (the model's plan) */
	double hip_ms;               /* --backend hip: measured, else 0 */
};

struct mdl_device;

struct tune_run {
	const struct tpl_template *t;
	uint32_t shape[TPL_SHAPE_MAX];     /* the template's dimensions (its space's dims): M, N, K for a GEMM */
	long layout;                 /* enum vc_layout */
	long target;                 /* --target: the row of isa/targets.def (TPL_C_TARGET) */
	const struct mdl_device *device;   /* the card the model predicts for (model/devices.def) */
	struct tune_cand *c;
	unsigned nc;                 /* candidates in c (all enumerated legal ones) */
	unsigned evaluated;          /* reached the emulator or the model */
	unsigned winner;             /* index into c, or nc when none */
	bool hip;                    /* the top candidates were timed on a GPU */
	double seconds_total;
	unsigned jobs;
	unsigned confirm;            /* --confirm: the top this many are predicted at the full depth */
	double time_limit;           /* --time: seconds, else 0 */
	const char *toolchain;       /* "clang-19/ld.lld-19" */
	unsigned shard_k, shard_n;   /* --shard K/N: evaluate only this share (shard_n 0: all) */
	uint64_t shard_salt;         /* the shape's key in the share's hash */
	char fixed[256];             /* template parameters the command line fixes: "name=value ..." */
};

/* The template's figure of merit for a run of seconds at r's shape: its work
 * (struct tpl_space) / seconds, in units of 10^9 of tune_unit; 0 when
 * seconds is not positive. */
double tune_rate(const struct tune_run *r, const struct tpl_values *v, double seconds);
const char *tune_unit(const struct tpl_template *t);          /* "GFLOP/s", "GB/s" */
const char *tune_rate_column(const struct tpl_template *t);   /* its CSV column: "gflops", "gbs" */
/* The shape as "M=.. N=.. K=.." in the template's dimension names. */
void tune_shape_text(const struct tune_run *r, char *buf, size_t n);
/* The shape as "MxNxK" (every dimension of the template). */
void tune_shape_x(const struct tune_run *r, char *buf, size_t n);

/* rdna3gen tune ...: the whole command; returns the exit status. */
int tune_main(int argc, char **argv);
/* "rdna3gen: tune: MESSAGE" on stderr; returns status (the exit code). */
int tune_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The command line of rdna3gen tune. */
struct tune_opts {
	const char *tpl, *out, *cache, *backend;
	const char *shapes;          /* --shapes FILE: a kernel library */
	long long shape[TPL_SHAPE_MAX];   /* --shape's sizes, the template's ndims of them */
	const char *shape_words[TPL_SHAPE_MAX];   /* as given */
	unsigned nshape;
	const char *shape_stop;      /* the word after the last size, or NULL */
	long layout;
	long target;                 /* --target: the row of isa/targets.def, 0 the default */
	const char *device;          /* --device-model NAME, or NULL: the target's first card */
	unsigned budget, jobs, confirm;
	double time_limit;
	bool have_shape, have_layout;
	unsigned shard_k, shard_n;   /* --shard K/N (shard_n 0: none) */
	char fixed[256];             /* --PARAM VALUE of the template's own parameters: "name=value ..." */
};

/* The command line into o: 0, or the exit status after one error line
 * (tune/tune_opts.c); --help exits 0. */
int tune_parse_opts(int argc, char **argv, struct tune_opts *o);
/* The card the model predicts for: --device-model, else the first card of
 * --target's (model/devices.def); NULL when the target has none. */
const struct mdl_device *tune_device(const struct tune_opts *o);
/* --shard: whether c is this shard's to evaluate: a hash of the shape's key
 * and the candidate's values, the same on every machine (tune/tune_shard.c). */
bool tune_shard_mine(const struct tune_run *r, const struct tune_cand *c);
/* The legal candidates of r's template for r->shape and r->layout into r->c
 * (the presets, then the enumerated points in their fixed order; a parameter
 * the shape gives, an attention's head-dim, set on each); 0, or the exit
 * status after the error line (2: the shape or the command line asks what no
 * candidate can be).  The same list on every machine: a candidate's
 * order is its name in a sharded build's parts. */
int tune_collect(struct tune_run *r);
/* The candidates predicted again at the full depth: the r->confirm fastest OK
 * ones by their figure (*top of them) and `best`; indices into idx (room for
 * TUNE_CONFIRM_MAX + 1), their count returned. */
unsigned tune_confirm_set(const struct tune_run *r, unsigned *idx, unsigned *top);
/* r->winner: the fastest OK candidate, a full-depth prediction before any
 * estimate, ties by the parameters in table order. */
void tune_pick_winner(struct tune_run *r);
/* rdna3gen tune merge -o LIB PART...: the library from the parts of a sharded
 * build (tune/tune_shard.c); the exit status. */
int tune_merge_main(int argc, char **argv);

struct tune_env;
/* The search for r->shape and r->layout (r->t, r->jobs set): every legal
 * candidate into r->c, budget of them evaluated; r->winner is r->nc when none
 * was correct.  0, or the exit status after a one-line message (tune_collect's). */
int tune_search(struct tune_run *r, const struct tune_env *env, unsigned budget, double time_limit);
/* NULL when the template called name can be tuned (*t set), else a message
 * format with one %s for the name. */
const char *tune_check_template(const char *name, const struct tpl_template **t);
/* --shapes: tune/tune_lib.c (the file: kernlib/kernlib.h); the exit status. */
int tune_library(const struct tune_opts *o);

/* tune/tune_out.c: every output file, computed into memory and written
 * together (ao_write_files) into dir, created if missing.  hsaco: the
 * winner's code object.  0, or -1 with the message in err. */
int tune_write_outputs(const struct tune_run *r, const char *dir, const void *hsaco, size_t hsaco_len, char *err,
		       size_t errlen);
/* The winner of r as a --config file: `name: value` lines after a comment. */
struct ao_text;
void tune_winner_yaml(const struct tune_run *r, struct ao_text *t);
/* One parameter's value as text (a template parameter, or common when
 * idx >= nparams). */
void tune_param_text(const struct tpl_values *v, unsigned idx, char *buf, size_t n);
/* Parameters of a candidate: template's then common. */
unsigned tune_nparams(const struct tpl_template *t);
const char *tune_param_name(const struct tpl_template *t, unsigned idx);

#endif
