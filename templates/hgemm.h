/* hgemm.h — the registers and constants of one hgemm build, shared by the
 * template (templates/hgemm.c: parameters, set-up, direct main loop, epilogue)
 * and its LDS main loop (templates/hgemm_lds.c).  Private to templates/. */
#ifndef RDNA3_TEMPLATES_HGEMM_H
#define RDNA3_TEMPLATES_HGEMM_H

#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdbool.h>

/* One operand's copy from global memory to its LDS tile, which always holds
 * [m or n][k] rows of `stride` halves (k contiguous, what a fragment reads).
 * A lane moves `passes` vectors of gv halves; kc: the operand is k-contiguous
 * in memory (A as N, B as T), so a vector is gv consecutive k of one row and is
 * stored as it is; otherwise gv consecutive m (or n) of one k, stored as gv
 * separate halves (a transpose). */
struct hg_copy {
	bool kc;
	unsigned rows;               /* m (or n) extent of the tile: BM or BN */
	unsigned gv, per_row, step, passes; /* halves per vector, vectors per memory row, memory rows per pass */
	unsigned region;             /* byte offset of the operand's tile in an LDS buffer */
	unsigned sX, sLd, sMN;       /* SGPRs: base pointer (pair), leading dimension, M or N */
	unsigned s_tile, s_pass, s_pstride, s_tstep; /* tile base pair, pass bases (passes pairs), strides */
	int stage[2][16];            /* VGPRs per set (prefetch=2: two) and pass: gv/2 staged halves each */
	int voff, lw, lr, mn0, k0;   /* VGPRs: global offset, LDS write/read bases, first m|n and k of the lane's vector */
};

struct hg {
	struct ao_kernel *k;
	struct ra_ctx *ra;
	unsigned tm, tn, wm, wn;
	bool ta, tb;
	unsigned dtype, out;
	/* LDS main loop (lds = 1) */
	bool lds;
	unsigned prefetch;            /* tiles whose global loads are in flight during the WMMAs: 0, 1, 2 */
	unsigned unroll, pad, buffers, gvec, lvec; /* k-steps per tile, halves of padding, LDS buffers, halves per global / LDS vector */
	unsigned bm, bn, bk, stride, buf_bytes;
	struct hg_copy ca, cb;
	unsigned s_k0l, s_kfast, s_d, s_nd;
	int slow_l[6], back_l[6];     /* out-of-line edge copies and where they return */
	bool site_used[6];
	unsigned site_set[6], set;    /* the staging set each copy site uses; the current one */
	int t1, t2;
	/* SGPRs */
	unsigned sA, sB, sC, sM, sN, sK, sLda, sLdb, sLdc, sAlpha, sBeta;
	unsigned s_t, s_t2, s_base, s_k0, s_kcnt, s_save, s_mask, wgx, wgy;
	int frag_a[4], frag_b[4], acc[4][4], off_a[4], off_b[4];
	int lane, half, row0, col, val, cv, offc;
};

#define K_ (h->k)
#define V(id) ra_op(h->ra, (unsigned)(id))
#define VS(id, i) ra_sub(h->ra, (unsigned)(id), (unsigned)(i), 1)
#define VN(id, i, n) ra_sub(h->ra, (unsigned)(id), (unsigned)(i), (unsigned)(n))

/* hgemm_lds.c */
/* The tile geometry of an lds = 1 build: 0, or a one-line reason it cannot be built. */
int hg_lds_plan(struct hg *h, unsigned threads, char *err, size_t errlen);
/* Virtual registers of the LDS main loop (before set-up code is emitted). */
void hg_lds_regs(struct hg *h);
/* Per-lane set-up (after the common set-up: val/cv hold the wave's first row/column). */
void hg_lds_setup(struct hg *h, int tid);
/* The main loop over K (K >= 1) and the out-of-line edge copies (after s_endpgm). */
void hg_lds_loop(struct hg *h);
void hg_lds_tail(struct hg *h);

#endif
