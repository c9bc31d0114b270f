/* gemm.h — one GEMM, C = alpha * op(A) * op(B) + beta * C, of a code object's
 * kernel through any loader backend (the GPU, the emulator, the emulator under
 * the timing model): the kernel's arguments found by role, the layout and
 * element formats from its metadata, the grid from its tile shape, inputs
 * filled on the host, and the check against OpenBLAS.  `rdna3run --gemm` and
 * the tuner (tune/) both run GEMMs through it, so what the tuner checks and
 * times is what a user reproduces by hand.  Nothing here prints: every
 * function returns a status and a one-line message.  See docs/rdna3run.md. */
#ifndef RDNA3_RUN_GEMM_H
#define RDNA3_RUN_GEMM_H

#include "loader/loader.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The statuses, equal to rdna3run's exit statuses for the same failures. */
enum gemm_status {
	GEMM_OK = 0,
	GEMM_FAIL = 1,       /* the kernel, a fault, out of memory, a failed check */
	GEMM_USAGE = 2,      /* what was asked contradicts the kernel (layout, dtype, sizes, arguments) */
};

struct gemm_req {
	uint32_t m, n, k;
	uint32_t ld[3];              /* lda, ldb, ldc; 0 = packed */
	int layout;                  /* enum vc_layout, or -1: the kernel's (else NN) */
	int dtype;                   /* A and B: 0 f16, 1 bf16, or -1: the kernel's (.rdna3.dtype, else f32) */
	float alpha, beta;
	bool check;                  /* gemm_check will be called: sizes must suit cblas_sgemm */
	bool seed_fill;              /* A[i] = i, B = the identity pattern, C = 0; else uniform [-1, 1) */
	uint64_t seed;               /* of the uniform fill */
	bool have_grid, have_block;  /* else one workgroup per tile, the kernel's workgroup size */
	uint32_t grid[3], block[3];
	/* Optional: more kernel arguments (rdna3run's --arg), set after the roles and
	 * before the arguments are finished.  0, or -1 with the message in err (a
	 * usage error). */
	int (*more_args)(void *ctx, struct ld_kargs *ka, char *err, size_t errlen);
	void *ctx;
};

/* What gemm_prepare settled. */
struct gemm_info {
	const char *layout;          /* "NN" ... */
	bool col_major;
	uint32_t ld[3];
	uint32_t grid[3], block[3];
	const char *arg_name[3];     /* the kernel's names of A, B and C */
};

/* The check: every element of C within (K + 2) * 2^-23 * (|alpha||A||B| +
 * |beta||C|) of OpenBLAS's, plus one rounding of a 16-bit C. */
struct gemm_check {
	uint64_t elements, bad, nonfinite;
	double max_abs, max_rel;
	uint32_t worst_row, worst_col;   /* the element furthest outside its bound */
	double worst_got, worst_want;
};

struct gemm;

/* Everything up to the launch: arguments by role, layout, shapes, dispatch,
 * host matrices and their device copies, kernel arguments.  GEMM_OK with *out
 * (gemm_free it), or GEMM_USAGE / GEMM_FAIL with the message in err. */
int gemm_prepare(struct ld_backend *b, void *module, const struct ld_kernel *k, const struct gemm_req *q,
		 struct gemm **out, char *err, size_t errlen);
void gemm_get_info(const struct gemm *g, struct gemm_info *info);
/* Launch reps times (at least once); the first call reads C back.  GEMM_OK or
 * GEMM_FAIL with err. */
int gemm_launch(struct gemm *g, unsigned reps, struct ld_run_stats *st, char *err, size_t errlen);
/* Compare the C of the first launch with OpenBLAS: GEMM_OK when every element
 * is within its bound, GEMM_FAIL otherwise (c says how; err empty) or when
 * out of memory (err says so). */
int gemm_check(const struct gemm *g, struct gemm_check *c, char *err, size_t errlen);
/* A (0) and B (1) as launched, C (2) as the first launch left it, as floats:
 * stored elements (with the leading dimensions' gaps) into *elems. */
const float *gemm_matrix(const struct gemm *g, unsigned i, size_t *elems);
void gemm_free(struct gemm *g);   /* frees the device copies too; safe on NULL */

#endif
