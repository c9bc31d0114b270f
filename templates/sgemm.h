/* sgemm.h — internal interface of the `sgemm` template (templates/sgemm_*.c).
 *
 * The template is split by phase; each file emits one part of the kernel into
 * the shared context below:
 *   sgemm_params.c    parameter table, presets, derived shape (sg_derive),
 *                     every constraint check, the tpl_template record
 *   sgemm.c           the build: kernel arguments, the k-tile loop, the order
 *                     of the phases
 *   sgemm_setup.c     kernarg loads, workgroup walk order, SGPR bases, per-lane
 *                     offsets and LDS addresses
 *   sgemm_copy.c      global -> registers (fast path and guarded path) and
 *                     registers -> LDS
 *   sgemm_loop.c      the inner loop over one LDS tile: fragment loads and FMAs
 *                     (the part the bank-aware allocator replaces)
 *   sgemm_epilogue.c  alpha/beta and the stores of C (fast and guarded)
 *   sgemm_report.c    --report: counts taken from the emitted instructions
 *
 * Coordinates: op(A) is M x K, op(B) is K x N, C is M x N, all row-major.
 * LDS holds each operand k-major: Xs[k][x] with row stride BX + pad (floats),
 * so a thread's fragment of one k-step is contiguous.  With a-kvec > 1, A is x-major
 * instead, As[m][k] with row stride BK + pad: a-kvec k-steps of one row are
 * contiguous and come in one load, as HIP's compiler loads the seed's kernel 2.
 */
#ifndef RDNA3_TEMPLATES_SGEMM_H
#define RDNA3_TEMPLATES_SGEMM_H

#include <stdbool.h>
#include <stddef.h>

#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"

/* Parameter indices (table order in sgemm_params.c). */
enum sg_param {
	SG_LAYOUT, SG_BM, SG_BN, SG_BK, SG_TM, SG_TN, SG_WAVES_M, SG_WAVES_N, SG_LANES_M,
	SG_LANES_N, SG_THREADS, SG_PAD_A, SG_PAD_B, SG_LDS_BUFFERS, SG_PREFETCH,
	SG_GLOBAL_VEC, SG_LDS_VEC, SG_SGPR_BASES, SG_UNROLL, SG_WALK, SG_GROUP, SG_DUAL,
	SG_SETPRIO, SG_DELAY_ALU, SG_ADDR_CHAIN, SG_VOPD_FUSE, SG_ACC_BANK, SG_A_KVEC, SG_SETPRIO_AT,
	SG_FRAG_SETS, SG_NPARAMS
};

enum sg_walk { SG_WALK_ROW, SG_WALK_COL, SG_WALK_GROUPED };

#define SG_MAX_SLOTS 64     /* global loads per operand per thread per tile */
#define SG_MAX_ROWS 64      /* accumulator rows per thread */
#define SG_MAX_COLS 64u     /* accumulator columns per thread (one virtual range per row) */
#define SG_MAX_ACCS 192u    /* accumulators per thread: with fragments and addresses, ISA_VGPRS */

/* One operand's global -> LDS copy (A or B). */
struct sg_copy {
	bool k_contig;        /* k is the contiguous dimension in memory (A in N, B in T) */
	bool x_major;         /* LDS rows run along k: Xs[x][k] (A with a-kvec > 1); else Xs[k][x] */
	bool rows_contig;     /* an LDS row runs along the contiguous dimension in memory: the
			       * copy stores vectors, not one float per LDS row */
	unsigned bx;          /* BM or BN */
	unsigned stride;      /* LDS row stride in floats: bx + pad, or bk + pad when x_major */
	unsigned k_bytes;     /* LDS bytes from one k to the next: stride * 4, or 4 when x_major */
	unsigned lc, lo;      /* tile extent along the contiguous / other dimension */
	unsigned vw;          /* elements per global load */
	unsigned tpr;         /* lanes per contiguous row: min(lc / vw, threads) */
	unsigned cpr;         /* loads per lane along one row: (lc / vw) / tpr */
	unsigned rpp;         /* rows per pass: threads / tpr */
	unsigned passes;      /* row passes: lo / rpp (one address each) */
	unsigned slots;       /* loads per thread: passes * cpr; slot p = pass p / cpr,
			       * column (t % tpr)*vw + (p % cpr)*tpr*vw */
	unsigned lds_bytes;   /* one buffer */
};

/* Everything derived from the parameters (sg_derive). */
struct sg_cfg {
	bool ta, tb;                    /* layout: op(A) = A^T, op(B) = B^T */
	unsigned bm, bn, bk, tm, tn;
	unsigned waves_m, waves_n, lanes_m, lanes_n, threads, waves;
	unsigned wm, wn;                /* wave tile */
	unsigned rep_m, rep_n;          /* thread-tile repeats inside the wave tile */
	unsigned rows, cols;            /* accumulators per thread: rows x cols */
	unsigned pad_a, pad_b, buffers, gvw, lvw, unroll, group;
	bool prefetch, sgpr_bases;
	bool addr_chain;               /* each global load's address by five dependent VALU ops (HIP's code) */
	bool vopd_fuse;                /* after allocation, pair FMAs into v_dual_fmac_f32 where banks allow */
	int acc_bank;                   /* bank of acc[i][j] minus that of B[j], mod 4; -1: where first fit puts it */
	unsigned a_kvec;                /* k-steps of A per fragment load (A x-major in LDS when > 1) */
	bool dual;                      /* bank-aware plan: v_dual_fmac_f32 inner loop */
	unsigned setprio;               /* s_setprio level while FMAs issue (0: none) */
	bool setprio_kstep;             /* setprio around each k-step's FMAs from the second on, not the tile's */
	bool delay_alu;                 /* s_delay_alu before FMAs that read a recent VALU result */
	enum sg_walk walk;
	struct sg_copy a, b;
	unsigned buf_bytes;             /* one LDS buffer (A then B) */
	unsigned lds_bytes;             /* all buffers */
	unsigned frag_sets;             /* fragment register sets (frag-sets; auto: 2 when unroll >= 2) */
};

/* Derive cfg from the values and check every constraint; the message names
 * the parameter and the limit.  Returns 0 or TPL_E_ARG. */
int sg_derive(const struct tpl_values *v, struct sg_cfg *c, char *err, size_t errlen);

/* SGPRs and VGPR ranges of one operand's copy. */
struct sg_copy_regs {
	unsigned s_base;                /* 64-bit tile base (k advanced per tile) */
	unsigned s_slot;                /* sgpr-bases: first of passes x 64-bit bases */
	unsigned s_ld4;                 /* ld * 4 (bytes per row) */
	unsigned s_kstep;               /* bytes the tile base moves per k-tile (low 32 bits) */
	unsigned s_rem_x;               /* X - x0: rows/cols of this operand left in the block */
	unsigned s_mask_c;              /* guarded path: lane masks along the row (cpr*vw SGPRs) */
	int v_off;                      /* per-lane byte offset (sgpr-bases: the only one) */
	int v_off_slot[SG_MAX_SLOTS];   /* without sgpr-bases: one per pass */
	int v_c, v_r;                   /* lane's contiguous / other coordinate in the tile */
	int v_st;                       /* LDS byte address of the lane's stores */
	int v_pf[SG_MAX_SLOTS];         /* the loaded data: slots x vw registers */
};

/* The build context shared by the sgemm_*.c files. */
struct sg_ctx {
	const struct sg_cfg *c;
	struct ao_kernel *k;
	struct ra_ctx *ra;
	/* kernel arguments (SGPRs after the kernarg loads) */
	unsigned s_args;                /* A B C M N: 8 SGPRs */
	unsigned s_dims;                /* K lda ldb ldc */
	unsigned s_ab;                  /* alpha beta */
	unsigned s_m0, s_n0;            /* block origin in C */
	unsigned s_rem_k;               /* K - k0 of the tile being loaded */
	unsigned s_tiles, s_fast;       /* k-tiles, leading tiles the fast path loads */
	unsigned s_next;                /* index of the next tile to load */
	unsigned s_tmp;                 /* 4 scratch SGPRs */
	unsigned s_inner;               /* inner-loop counter (unroll < bk) */
	unsigned s_flip;                /* double buffering: +-buf_bytes */
	struct sg_copy_regs a, b;
	int v_tid, v_tmp;               /* tmp: 4 scratch VGPRs */
	int v_rd_a, v_rd_b;             /* LDS fragment read addresses */
	int v_acc[SG_MAX_ROWS];         /* accumulator rows (cols registers each) */
	int v_fa[2], v_fb[2];           /* fragment sets (dual off) */
	/* dual: the bank-aware plan (physical accumulators, fragments, ordered
	 * pairs); acc_stored: the accumulators were moved to store order
	 * (acc_lo + r*cols + q) after the k-loop */
	struct ra_bank_out *plan;
	bool acc_stored;
	bool sgprs_short;                /* an ao_sgprs call ran past the SGPR limit */
	int v_c_off;                    /* lane's byte offset in the C block */
	int v_crow;                     /* row of C values (beta != 0) */
	int v_row_thr, v_col_thr;       /* lane's first row / column in the block */
	/* the last fast/guarded load choice: [body_lo, body_hi) is its guarded
	 * part, marked for the report (which leaves it out) */
	unsigned body_lo, body_hi;
};

#define SG_OP(name) AO_OP(name)
#define SG_VR(ctx, id) ra_op((ctx)->ra, (unsigned)(id))
#define SG_V(ctx, id, sub) ra_sub((ctx)->ra, (unsigned)(id), (sub), 1)
#define SG_VN(ctx, id, sub, n) ra_sub((ctx)->ra, (unsigned)(id), (sub), (n))

/* Accumulator (r, q .. q+n-1) of the thread tile: the one place that maps
 * accumulators to registers.  n > 1 (vector stores of C) needs them in
 * consecutive registers: with the bank-aware plan they are either already
 * there (stored straight) or moved back first (sg_loop_writeback). */
static inline struct ao_opnd sg_acc(const struct sg_ctx *x, unsigned r, unsigned q, unsigned n)
{
	if (x->plan) {
		unsigned i = r * x->c->cols + q;
		return ao_vr(x->acc_stored ? x->plan->acc_lo + i : x->plan->acc_vgpr[i], n);
	}
	return ra_sub(x->ra, (unsigned)x->v_acc[r], q, n);
}

/* global_load_b32/b64/b128 for w floats (the copy and the epilogue's C loads). */
static inline ao_op sg_global_load_op(unsigned w)
{
	return w == 4 ? SG_OP(global_load_b128) : w == 2 ? SG_OP(global_load_b64) : SG_OP(global_load_b32);
}

/* The labels sgemm puts on the instructions its report looks for (struct
 * ao_inst.tag); each also shows in the .s as a comment (sg_tag_text). */
enum sg_tag {
	SG_TAG_NONE,
	SG_TAG_LOOP,      /* first instruction of the k-tile iteration */
	SG_TAG_EDGE,      /* first of the guarded-load variant (edge tiles) */
	SG_TAG_FAST,      /* first of the full-tile variant */
	SG_TAG_END,       /* last instruction of the k-tile iteration */
	SG_TAG_TRIPS,     /* s_mov of the inner loop's trip count */
	SG_TAG_INNER,     /* first instruction of the inner loop */
	SG_TAG_INNER_END, /* the inner loop's back branch */
	SG_TAG_COUNT
};
extern const char *const sg_tag_text[SG_TAG_COUNT];

/* Label instruction at with tag, and put the tag's text on it as its comment
 * (nothing when a builder error kept it from being emitted). */
static inline void sg_tag(struct sg_ctx *x, unsigned at, enum sg_tag tag)
{
	struct ao_inst *in = ao_inst_at(x->k, at);
	if (in)
		in->tag = (uint8_t)tag, in->comment = sg_tag_text[tag];
}

/* Put a plain comment on instruction at (no label). */
static inline void sg_mark(struct sg_ctx *x, unsigned at, const char *text)
{
	if (at < ao_inst_count(x->k))
		ao_inst_at(x->k, at)->comment = text;
}

/* ao_sgprs for the template: an overflow is remembered here, so sg_build
 * can name the parameters behind it without reading asm_out's message. */
static inline unsigned sg_sgprs(struct sg_ctx *x, unsigned n)
{
	return tpl_sgprs(x->k, n, &x->sgprs_short);
}

/* sgemm_setup.c */
void sg_emit_setup(struct sg_ctx *x);
void sg_emit_udiv(struct sg_ctx *x, unsigned s_q, unsigned s_r, unsigned s_num, unsigned s_den);

/* sgemm_copy.c */
enum sg_load_kind { SG_LOAD_FAST, SG_LOAD_GUARDED };
void sg_copy_alloc(struct sg_ctx *x);
/* Number of global loads one tile takes on the fast path (both operands). */
unsigned sg_fast_load_count(const struct sg_ctx *x);
/* Emit fast load i (0 .. sg_fast_load_count-1). */
void sg_emit_fast_load(struct sg_ctx *x, unsigned i);
void sg_emit_guarded_loads(struct sg_ctx *x);
/* Move the copy addresses on by one k-tile and s_rem_k down by bk. */
void sg_emit_advance(struct sg_ctx *x);
void sg_emit_lds_store(struct sg_ctx *x);

/* sgemm_loop.c */
/* Register pools of the inner loop; with dual, the bank-aware plan (0, or
 * TPL_E_ARG / TPL_E_NOMEM with the message in err). */
int sg_loop_alloc(struct sg_ctx *x, char *err, size_t errlen);
void sg_loop_free(struct sg_ctx *x);
/* acc = 0 for every accumulator (v_dual_mov_b32 pairs with the plan). */
void sg_loop_zero(struct sg_ctx *x);
/* After the k-loop: bring the accumulators into the order the stores need
 * (no-op without a plan, or when they can be stored straight). */
int sg_loop_writeback(struct sg_ctx *x, char *err, size_t errlen);
/* The FMAs of one LDS tile (bk k-steps); with_loads: interleave the fast
 * global loads of the next tile (spread when sgpr-bases, else at the top). */
void sg_emit_tile_compute(struct sg_ctx *x, bool with_loads);

/* sgemm_epilogue.c */
void sg_emit_epilogue(struct sg_ctx *x);

/* sgemm_report.c: the template's --report hook (tpl_template.report): the
 * report of a built sgemm kernel (malloc'd text).  The steady-state
 * iteration is found by the marker comments of sgemm.c and sgemm_loop.c. */
char *sg_report(const struct tpl_values *v, struct ao_kernel *k);

/* sgemm.c: the build (tpl_template.build) and the marker comments the report
 * finds by address: on the first and last instruction of the steady-state
 * k-tile iteration and on the bounds of its guarded variant (sgemm.c); on an
 * inner loop's trip-count instruction, its first instruction and its back
 * branch (sgemm_loop.c). */
int sg_build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen);

#endif
