/* attention.h — one forward attention, O = softmax(scale · Q·Kᵀ + mask) · V,
 * of a code object's kernel through any loader backend: the kernel's
 * arguments found by name and its shape read from its metadata
 * (docs/attention.md, "Kernel interface"), the grid it needs, Q, K and V
 * filled on the host, O and the log-sum-exp filled with a sentinel, the
 * split-KV workspace allocated and zeroed, and the check against a
 * double-precision reference within a bound derived from the formats
 * (docs/attention.md, "Check").  `rdna3run --attention` and the tuner run
 * attention kernels through it.  Nothing here prints. */
#ifndef RDNA3_RUN_ATTENTION_H
#define RDNA3_RUN_ATTENTION_H

#include "loader/loader.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum attention_status {          /* as rdna3run's exit statuses */
	ATTENTION_OK = 0,
	ATTENTION_FAIL = 1,      /* the kernel, a fault, out of memory, a failed check */
	ATTENTION_USAGE = 2,     /* what was asked contradicts the kernel */
};

/* Element formats: Q, K, V are f16 or bf16; O any of the three. */
enum attention_fmt { ATTN_F16, ATTN_BF16, ATTN_F32 };
extern const char *const attention_fmt_names[3];

struct attention_req {
	uint32_t batch, hq, hkv, sq, skv, head_dim;
	int causal;                  /* 1: the kernel must be causal; -1: the kernel's (.rdna3.causal) */
	bool padded;                 /* gaps between rows, heads and batches (the stride arguments at work) */
	uint64_t seed;               /* of Q, K and V */
	bool have_grid, have_block;  /* the caller's dispatch: must be the kernel's */
	uint32_t grid[3], block[3];
};

struct attention_info {
	unsigned head_dim, block_q;
	enum attention_fmt in, out;
	bool causal, lse;
	bool gqa_pack;               /* rows are the (query, head) pairs of a key/value head: grid y = H_kv */
	uint32_t kv_split, n_split;  /* keys per split chunk (0: none) and chunks */
	uint32_t grid[3], block[3];
	float scale_log2;            /* as passed: (1/sqrt(D))·log2(e) rounded to f32 */
	uint64_t pairs;              /* unmasked (query, key) pairs over B and H_q */
	/* The figure of merit: 4·D FLOP per unmasked pair; and the bytes of Q, K,
	 * V, O (and the log-sum-exp) at their packed sizes, for decode's GB/s. */
	double flops, bytes;
};

/* The check (docs/attention.md, "Check"): every element of O within its
 * bound, the log-sum-exp of every row within its bound (when the kernel
 * writes it), a row that sees no key exactly 0 (lse −∞), and every element
 * of O and lse outside the tensors (stride gaps, the guard after the end)
 * bitwise the sentinel. */
struct attention_check {
	uint64_t elements, bad, nonfinite;      /* of O */
	uint64_t rows, lse_bad;                 /* log-sum-exp rows checked (0 without .rdna3.lse) */
	uint64_t outside, outside_changed;      /* sentinel elements of O and lse */
	double max_abs, max_lse_abs;
	/* the element furthest outside its bound: b, h, i, d (d = UINT32_MAX: the
	 * row's log-sum-exp); or, when worst_outside, the first sentinel element
	 * written: its offset in worst[0], and worst[1] 0 for O, 1 for lse */
	uint32_t worst[4];
	bool worst_outside;
	double worst_got, worst_want, worst_bound;
};

struct attention;

int attention_prepare(struct ld_backend *b, void *module, const struct ld_kernel *k,
		      const struct attention_req *q, struct attention **out, char *err, size_t errlen);
void attention_get_info(const struct attention *a, struct attention_info *info);
/* reps launches (at least one); the first call reads O (and lse) back. */
int attention_launch(struct attention *a, unsigned reps, struct ld_run_stats *st, char *err, size_t errlen);
int attention_check(const struct attention *a, struct attention_check *c, char *err, size_t errlen);
/* q, k, v (0..2) as launched, o (3) and lse (4) as the first launch left
 * them: raw bytes, NULL for lse when the kernel writes none. */
const void *attention_buffer(const struct attention *a, unsigned i, size_t *bytes);
void attention_free(struct attention *a);

/* ---- the reference and the bound (run/attention_ref.c), for the check
 * and its tests */

/* Keys query i sees (keys 0 .. n-1): S_kv, or under the causal mask,
 * bottom-right aligned, i + 1 + (S_kv − S_q) clamped to 0..S_kv. */
uint32_t attention_visible(uint32_t sq, uint32_t skv, bool causal, uint32_t i);

/* One query row against nvis keys (key j's row at k + j·k_ss, v + j·v_ss),
 * in double: scores q·k (into scores, nvis of them, scaled), p =
 * exp2(s·scale_log2 − max), o[d] = Σ p v / Σ p;
 * vmax[d] = max_j |v_jd|; *lse the natural-log log-sum-exp of the scaled
 * scores; *score_abs = max_j Σ_d |q_d k_jd|.  No key: o = 0, vmax = 0,
 * lse = −∞, score_abs = 0. */
void attention_reference_row(const double *q, const double *k, size_t k_ss, const double *v, size_t v_ss,
			     unsigned d, uint32_t nvis, double scale_log2, double *scores, double *o, double *vmax,
			     double *lse, double *score_abs);

/* The bound of one row: |O_d − O_ref,d| ≤ v_coef·vmax[d] + out_rel·|O_ref,d|
 * + out_abs, |lse − lse_ref| ≤ lse_abs + lse_rel·|lse_ref|. */
struct attention_bound {
	double v_coef, out_rel, out_abs, lse_abs, lse_rel;
};
void attention_bound(enum attention_fmt in, enum attention_fmt out, unsigned d, uint32_t skv, double scale_log2,
		     double score_abs, struct attention_bound *bd);

/* Element formats: a double rounded to fmt (nearest even), and the bits of
 * one element at p (fmt's size) as a double. */
double attention_round(enum attention_fmt fmt, double x);
double attention_load(enum attention_fmt fmt, const void *p);

#endif
