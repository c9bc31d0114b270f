/* kernlib.h — kernel libraries: a folder LIB whose index.yaml maps ranges of a
 * template's dimensions (M, N, K for the GEMM templates) and, optionally, a
 * layout to a code object in LIB.  `rdna3gen tune TEMPLATE --shapes FILE -o
 * LIB` writes one (the shapes file is read here too), rdna3run and any host
 * pick kernels from it.  Every rule of the format is in this module: the
 * keys, the sizes and layouts (spelled as vocab/vocab.h says), the overlap
 * rule shared by shapes files and indexes, and the pick.  docs/tune.md gives
 * the format.  Functions return 0 or a negative KL_E_* with one line in err
 * ("FILE:LINE: what" for a bad index or shapes file).  Link -lyaml -lm. */
#ifndef RDNA3_KERNLIB_H
#define RDNA3_KERNLIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum kl_err {
	KL_OK = 0,
	KL_E_ARG = -1,       /* a bad argument to a call */
	KL_E_IO = -2,        /* no index, or it cannot be read */
	KL_E_META = -3,      /* the index or shapes file says something wrong */
	KL_E_NOMEM = -4,
	KL_E_NOKERNEL = -5,  /* no kernel of that layout */
};

#define KL_MAX_DIMS 4
#define KL_PATH_MAX 1280
#define KL_NAME_MAX 32

/* The head of an index: the template, its dimensions (names as the template
 * declares them) and the unit of the entries' rate. */
struct kl_head {
	char template_name[KL_NAME_MAX];
	unsigned ndims;
	char dims[KL_MAX_DIMS][KL_NAME_MAX];
	char unit[16];               /* "GFLOP/s" */
	char target[KL_NAME_MAX];    /* the GPU the kernels were built for (a row of isa/targets.def), or "" */
	char device[KL_NAME_MAX];    /* the card their rates were predicted or measured on, or "" */
};

struct kl_entry {
	uint32_t lo[KL_MAX_DIMS], hi[KL_MAX_DIMS];   /* the inclusive ranges this kernel serves */
	int layout;                  /* enum vc_layout, or -1: none (any layout) */
	char kernel[KL_PATH_MAX];    /* read: LIB/FILE.hsaco; written: FILE.hsaco */
	char config[KL_PATH_MAX];    /* the same for FILE.yaml (rdna3gen --config), or "" */
	uint32_t tuned_at[KL_MAX_DIMS];   /* where it was tuned (0s when not given) */
	double rate;                 /* its figure there, in the head's unit (0 when not given) */
	char timed[8];               /* how the rate was found: "model", "gpu" or "" */
	unsigned line;               /* of the entry in index.yaml */
};

/* ---- reading and picking -------------------------------------------------------
 * kl_open reads and checks the whole index (an unknown key, a malformed value,
 * two overlapping ranges of one layout, a missing kernel or config file:
 * KL_E_META), so a pick never meets a bad entry.  Version 1 indexes (GEMM,
 * M/N/K, `gflops`) read as version 2 with dims [m, n, k] and unit GFLOP/s. */
struct kl_lib;
int kl_open(const char *dir, struct kl_lib **out, char *err, size_t errlen);
void kl_close(struct kl_lib *lib);          /* safe on NULL */
/* The library of one target: dir itself when it holds an index.yaml (whose
 * kernels must be that target's code, or name no target), else the one
 * folder of dir that holds the library of that target (LIB/T for each target
 * T, as `rdna3gen tune --target T -o LIB/T` writes them; any folder name).  target: a row of isa/targets.def, or NULL for the only
 * library.  KL_E_NOKERNEL with one line naming the target and the libraries
 * there are when none is for it; KL_E_META when two are; KL_E_IO when dir
 * holds no library at all; a library that does not open fails it (its error). */
int kl_open_target(const char *dir, const char *target, struct kl_lib **out, char *err, size_t errlen);
const struct kl_head *kl_head(const struct kl_lib *lib);
unsigned kl_count(const struct kl_lib *lib);
const struct kl_entry *kl_at(const struct kl_lib *lib, unsigned i);
/* The kernel for sizes x[0 .. ndims) (the head's order) and layout (enum
 * vc_layout, or -1 for a library without layouts): the entry of that layout
 * whose ranges hold x; when none does, the nearest, the distance being the sum
 * over the dimensions of how many octaves the size lies outside the range
 * (|log2(size / nearest end)|), ties to the entry first in the index.
 * *distance (may be NULL): 0 inside.  KL_E_NOKERNEL when no entry has that
 * layout. */
int kl_pick(const struct kl_lib *lib, const uint32_t *x, unsigned ndims, int layout, const struct kl_entry **out,
	    double *distance, char *err, size_t errlen);

/* The rule both files follow: two entries (or shapes) of one layout must not
 * overlap in every dimension, or no pick could choose between them. */
bool kl_overlap(const uint32_t *alo, const uint32_t *ahi, int alayout, const uint32_t *blo, const uint32_t *bhi,
		int blayout, unsigned ndims);

/* ---- writing -------------------------------------------------------------------
 * The text of index.yaml (malloc'd, NUL-terminated) for head and entries whose
 * kernel and config are file names inside LIB; comment: one line said at the
 * top (how it was made), or NULL.  0 or KL_E_NOMEM / KL_E_ARG. */
int kl_index_text(const struct kl_head *head, const struct kl_entry *e, unsigned n, const char *comment, char **text,
		  size_t *len);

/* ---- the shapes file of rdna3gen tune --shapes --------------------------------------
 *   layout: NN                  # optional: the default layout of the shapes
 *   shapes:
 *     - {m: 4096, n: 4096, k: 4096}
 *     - {m: [17, 64], n: 4096, k: 4096, layout: NT}
 * Keys are the template's dimensions (dims[0 .. ndims)) and layout; each size
 * an integer in 1..VC_DIM_MAX or a range [LO, HI]; a shape is tuned at the
 * upper end of its ranges and serves all of them; overlapping shapes of one
 * layout are refused (kl_overlap). */
struct kl_shape {
	uint32_t lo[KL_MAX_DIMS], hi[KL_MAX_DIMS];
	int layout;                  /* enum vc_layout */
	unsigned line;
};
int kl_shapes_read(const char *path, const char *const *dims, unsigned ndims, struct kl_shape **out, unsigned *n,
		   char *err, size_t errlen);

/* ---- YAML input through the size cap ---------------------------------------------
 * A YAML file as libyaml input, read through a cap of VC_TEXT_FILE_MAX, and the
 * one line that says why a parse failed; what names the file in errors
 * ("shapes", "config").  The shapes reader here and rdna3gen's --config reader
 * refuse a large, unreadable or malformed file in the same words. */
#include <stdio.h>
#include <yaml.h>
struct kl_yaml_in {
	FILE *f;
	size_t read;
	bool too_big, io_error;
};
/* 0, or -1 with err set and nothing to release; after 0 the caller calls
 * yaml_parser_delete(p) and fclose(in->f). */
int kl_yaml_open(const char *path, const char *what, yaml_parser_t *p, struct kl_yaml_in *in, char *err,
		 size_t errlen);
void kl_yaml_fail(const yaml_parser_t *p, const struct kl_yaml_in *in, const char *path, const char *what, char *err,
		  size_t errlen);

#endif
