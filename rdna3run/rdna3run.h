/* rdna3run.h — private to the rdna3run CLI (rdna3run/rdna3run*.c), one file per
 * phase or mode: rdna3run.c (main: open, pick the kernel and backend, output
 * files), rdna3run_opts.c (the command line), rdna3run_args.c (--arg keys and
 * fills), rdna3run_generic.c, rdna3run_gemm.c, rdna3run_model.c (--model),
 * rdna3run_microbench.c, rdna3run_stencil.c, rdna3run_attention.c. */
#ifndef RDNA3_RDNA3RUN_H
#define RDNA3_RDNA3RUN_H

#include "loader/loader.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>

/* Exit statuses (docs/rdna3run.md). */
enum {
	RUN_EXIT_OK = 0,
	RUN_EXIT_FAIL = 1,      /* bad file, kernel, arguments, fault, failed check */
	RUN_EXIT_USAGE = 2,     /* bad command line */
	RUN_EXIT_NODEVICE = 3,  /* --backend hip and no HIP device */
};

enum run_fill { FILL_RANDOM, FILL_SEED };

struct run_named {               /* NAME=VALUE from --arg, --buffer, --dump */
	const char *name, *value;
};

#define RUN_MAX_NAMED 64

struct mdl_device;                /* model/model.h */

struct run_opts {
	const char *file, *kernel, *backend;
	int device;                      /* HIP device index, or LD_DEVICE_AUTO */
	bool list, check;
	bool verbose;                    /* -v: why the backend was chosen (the HIP error of a fallback) */
	unsigned checks;                 /* EMU_CHECK_* for the emulator */
	bool trace;                      /* --trace X,Y,Z:WAVE (emulator only) */
	uint32_t trace_wg[3];
	unsigned trace_wave;
	uint64_t trace_lines;
	unsigned bench;                  /* 0: one launch, untimed beyond wall time */
	uint64_t seed;
	enum run_fill fill;
	unsigned threads;
	uint64_t max_insts;              /* emu budget per launch; 0 = per wave x waves */
	bool have_grid, have_block;
	uint32_t grid[3], block[3];
	/* GEMM mode */
	bool gemm;
	uint32_t m, n, k, lda, ldb, ldc; /* ld*: 0 = packed */
	float alpha, beta;
	int layout;                      /* enum vc_layout, or -1: the kernel's, else NN */
	int dtype;                       /* --dtype: 0 f16, 1 bf16, or -1: the kernel's (.rdna3.dtype, else f32) */
	/* stencil mode (--stencil NX NY NZ) */
	bool stencil;
	uint32_t sn[3];
	int radius;                      /* --radius, or -1: the kernel's */
	int sdtype;                      /* --dtype f32|f64 (0, 1), or -1: the kernel's */
	const char *dtype_word;          /* --dtype as given, read by the mode */
	/* attention mode (--attention B HQ HKV SQ SKV D) */
	bool attention;
	uint32_t an[6];
	bool causal;                     /* --causal: the kernel must be causal (else its mask is taken) */
	bool padded;                     /* --padded: gaps between rows, heads and batches */
	/* timing model (--model): run through model/ instead of emu_launch */
	bool model, model_json;
	const char *model_only;          /* the first option that only --model reads, or NULL */
	unsigned model_sample;            /* units per group to simulate; 0 = all (--model-full) */
	const char *model_constants;     /* --model-constants FILE, or NULL */
	const char *model_html;          /* --model-html FILE, or NULL */
	const char *model_timing;        /* --model-timing FILE, or NULL */
	const struct mdl_device *model_device; /* --device-model NAME, or NULL: the target's default */
	/* --microbench: run the microbenchmarks, write constants to -o FILE */
	bool microbench;
	const char *microbench_out;
	/* generic mode */
	unsigned nargs, nbuffers, ndumps;
	struct run_named args[RUN_MAX_NAMED], buffers[RUN_MAX_NAMED], dumps[RUN_MAX_NAMED];
};

/* One line "rdna3run: ..." on stderr. */
void run_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Where the run's report lines go (the launch, emu: statistics, check:):
 * stdout, or stderr when stdout carries one JSON document (--model-format
 * json), so that `rdna3run ... > pred.json` is JSON and nothing else. */
extern FILE *run_info;

/* Print a launch's timing (and counters) on stdout; flop = 0 for no GFLOP/s. */
void run_print_stats(const struct ld_backend *b, const struct ld_run_stats *st, double flop);

/* Whether bytes of host memory can be had at all (not more than the host's
 * physical memory), so that a huge shape gets an error line rather than the
 * out-of-memory killer.  Prints the line when not. */
bool run_host_mem_ok(uint64_t bytes, const char *what);

/* An argument key of --arg/--buffer (rdna3run_args.c): NAME, a position
 * (explicit arguments in metadata order, from 0) or @OFFSET, then optionally
 * :TYPE (i8..i64, u8..u64, f16, bf16, f32, f64): an --arg's type, a --buffer's
 * element type. */
struct run_key {
	int idx;                 /* the argument, or -1: bytes at offset no argument starts at */
	uint32_t offset;         /* @OFFSET */
	bool by_offset;
	enum ld_scalar type;     /* LD_SC_ANY when no :TYPE */
	unsigned size;           /* bytes of :TYPE, 0 when none */
};
int run_arg_key(const struct ld_kernel *k, const char *opt, const char *key, struct run_key *out);

/* Set the --arg values into ka, refusing an argument already set (by --buffer,
 * the GEMM roles or an earlier --arg).  0, or -1 after one error line. */
int run_set_args(const struct run_opts *o, struct ld_kargs *ka);

/* A --buffer fill (zero, random, iota, identity[:COLS], a number or
 * file=PATH; docs/rdna3run.md) of bytes at p, in elements of type t and size
 * bytes (the buffer's :TYPE, else its argument's .value_type, else f32; bytes
 * past the last whole element stay 0).  0, or a RUN_EXIT_* status with why
 * set to one line: usage for a fill that is not one of these or does not fit
 * the type or the buffer (a file of another size, a missing file), failure
 * for a file that cannot be read. */
int run_fill_buffer(uint8_t *p, size_t bytes, const char *how, enum ld_scalar t, unsigned size, uint64_t seed,
		    char *why, size_t whylen);
/* The type word of a scalar type and size (ld_type_word's inverse). */
const char *run_type_name(enum ld_scalar t, unsigned size);

/* Output files (--dump), all or none, through ao_write_outputs (asm_out):
 * add keeps a copy of the bytes; commit writes every file or none, never over
 * the code object (input) or anything but a regular file or a character
 * device.  run_outputs_check refuses bad paths (--dump, --model-html, the
 * --microbench -o file) before the kernel runs.  add,
 * commit and check print one error line and return -1 on failure; discard
 * frees what was not committed (safe to call twice). */
struct run_files {
	unsigned n;
	void *data[RUN_MAX_NAMED];
	size_t len[RUN_MAX_NAMED];
	const char *path[RUN_MAX_NAMED];
};
int run_outputs_check(const struct run_opts *o);
int run_files_add(struct run_files *f, const char *path, const void *p, size_t n);
int run_files_commit(struct run_files *f, const char *input);
void run_files_discard(struct run_files *f);

/* The progress line of a long launch (rdna3run_progress.c): on stderr, when
 * stderr is a terminal, once the launch has run RDNA3_PROGRESS_AFTER_MS (else
 * 2 s): "rdna3run: WHO: DONE/TOTAL WHAT, elapsed Ns, ETA Ns", rewritten in
 * place a few times a second and cleared when the launch returns. */
struct run_progress {
	bool on;                         /* stderr is a terminal */
	const char *who;                 /* "emu" or "model" */
	double after;                    /* seconds into a launch before the first line */
	double t0;                       /* the launch began */
	const char *what;                /* the current count (emu_progress.fn's what) */
	uint64_t done, total;
	double count_t0;                 /* the current count began */
	double shown;                    /* the last line was printed */
	bool any_shown;
	size_t width;                    /* of the widest line printed, 0: none to clear */
};
void run_progress_init(struct run_progress *p, const char *who);
void run_progress_start(struct run_progress *p);
/* An emu_progress function (emu/emu.h); ctx is a struct run_progress. */
void run_progress_report(void *ctx, const char *what, uint64_t done, uint64_t total);
void run_progress_end(struct run_progress *p);
struct emu_dev;
struct emu_launch;
struct emu_stats;
/* The emulator launch hook of a run on a terminal: emu_launch with the
 * progress line.  ctx is a struct run_progress. */
int run_emu_progress_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st,
			    char *err, size_t errlen);

/* --model: the emulator launch hook that runs the dispatch under the timing
 * model and prints its prediction (text or JSON) on stdout.  ctx is a struct
 * run_model. */
struct run_model {
	bool json;
	unsigned sample;                 /* units per group to simulate, 0 = all */
	const char *constants;           /* constants file, or NULL */
	const char *html;                /* --model-html FILE, or NULL */
	const char *timing;              /* --model-timing FILE, or NULL */
	const char *file;                /* the code object, named on the page */
	const struct mdl_device *device;  /* the card predicted for (run_model_device) */
	double flops;                    /* useful work for GFLOP/s (GEMM: 2MNK), 0: none */
	double bytes;                    /* bytes for GB/s (generic: the --buffer sizes), 0: none */
	double predicted_s;              /* the predicted seconds of every launch so far */
	struct run_progress progress;    /* the line while the model runs */
};
int run_model_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
		     size_t errlen);
/* The card --model predicts for: --device-model's, else the first of the code
 * object's target.  A card of another target than the code object's is refused
 * (HIP would not load the code on it).  -1 to go on, else an exit status after
 * one error line. */
int run_model_device(const struct run_opts *o, const struct ld_code_object *co, const struct mdl_device **out);

/* --microbench (rdna3run_microbench.c): returns a RUN_EXIT_* status. */
int run_microbench(const struct run_opts *o);
/* The command line into o (rdna3run_opts.c): -1 to go on, else an exit
 * status (0 after --help or --version) after one error line.  run_free_opts
 * frees what parsing kept (call it after either). */
int run_parse_args(int argc, char **argv, struct run_opts *o);
void run_free_opts(struct run_opts *o);

/* GEMM mode: returns a RUN_EXIT_* status. */
int run_gemm(const struct run_opts *o, struct ld_backend *b, void *module,
	     const struct ld_kernel *k);
/* Stencil mode (rdna3run_stencil.c): returns a RUN_EXIT_* status; rm is the
 * --model state (its predicted seconds summed over the slabs), or NULL. */
int run_stencil(const struct run_opts *o, struct ld_backend *b, void *module, const struct ld_kernel *k,
		struct run_model *rm);
/* Attention mode (rdna3run_attention.c): returns a RUN_EXIT_* status; rm is
 * the --model state (its flops and bytes set from the shape), or NULL. */
int run_attention(const struct run_opts *o, struct ld_backend *b, void *module, const struct ld_kernel *k,
		  struct run_model *rm);
/* Generic mode (rdna3run_generic.c): returns a RUN_EXIT_* status. */
int run_generic(const struct run_opts *o, struct ld_backend *b, void *module,
		const struct ld_kernel *k);

#endif
