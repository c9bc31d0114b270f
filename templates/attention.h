/* attention.h — the shape and registers of one build of the attention
 * template (docs/attention.md), shared by its files: attention.c (parameters,
 * checks, arguments, set-up), attention_loop.c (the walk over the keys),
 * attention_out.c (normalising, the stores, the split-KV combine) and
 * attention_pack.c (gqa-pack's rows).  Private to templates/. */
#ifndef RDNA3_TEMPLATES_ATTENTION_H
#define RDNA3_TEMPLATES_ATTENTION_H

#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdbool.h>

enum { AT_F16, AT_BF16 };                 /* dtype */
enum { AT_OUT_F16, AT_OUT_BF16, AT_OUT_F32 }; /* out */

#define AT_MAX_ND 8       /* 16-wide slices of the head dimension (128) */
#define AT_MAX_NT 8       /* 16-key sub-tiles per key tile (128 keys) */
#define AT_MAX_PASSES 16  /* V tile vectors per work-item */
#define AT_MAX_RING 8     /* K or V fragments in flight */

/* The kernel arguments' dwords, in the order docs/attention.md gives. */
enum {
	A_Q = 0, A_K = 2, A_V = 4, A_O = 6, A_LSE = 8, A_WS = 10, A_SCALE = 12,
	A_BATCH, A_HQ, A_HKV, A_SQ, A_SKV,
	A_Q_SB, A_Q_SH, A_Q_SS, A_K_SB, A_K_SH, A_K_SS, A_V_SB, A_V_SH, A_V_SS, A_O_SB, A_O_SH, A_O_SS,
	A_DWORDS
};

struct at {
	struct ao_kernel *k;
	struct ra_ctx *ra;
	/* shape */
	unsigned d, nd;               /* head dimension, its 16-wide slices */
	unsigned dtype, out;
	bool causal, lse;
	unsigned waves, threads, block_q;
	unsigned tile, nt;            /* keys per loop iteration, 16-key sub-tiles */
	unsigned split;               /* keys per split chunk, 0: none */
	unsigned unroll;              /* key tiles per loop iteration */
	bool pack;                    /* gqa-pack: a workgroup's rows are the (query, head) pairs of one key/value head */
	bool prefetch;                /* the next tile's V and first K loads issued before this tile's P V */
	unsigned ring;                /* K fragments loaded ahead of the WMMAs */
	unsigned vring;               /* V fragments (from LDS) loaded ahead of the WMMAs */
	unsigned vstride;             /* halves per row of the transposed V tile in LDS */
	unsigned vpasses, vstep;      /* b128 vectors per work-item for the V tile; keys per pass */
	unsigned vgroup;              /* v-store b16|b32|b64: 1, 2, 4 adjacent keys per LDS store, loaded by consecutive passes */
	unsigned lds_flag;            /* byte offset of the split-KV broadcast dword in LDS */
	/* SGPRs */
	unsigned s_arg;               /* the arguments, A_* dwords from here */
	unsigned wgx, wgy, wgz;
	unsigned s_b, s_s, s_hk, s_nsplit; /* batch, split index, key/value head, n_split */
	unsigned s_qb, s_kb, s_vb;    /* pairs: Q, K, V bases of this (batch, head) */
	unsigned s_kt, s_vp, s_vstep; /* pairs: the K tile's row k0, each V pass's row; bytes of a V row */
	unsigned s_nx;                /* query blocks: ceil(S_q / block_q) */
	unsigned s_q0;                /* the workgroup's first query */
	unsigned s_k0, s_kend, s_kfull; /* current key; end of the keys walked; below kfull no key is masked */
	unsigned s_skv1;              /* S_kv - 1 */
	unsigned s_g, s_h0;           /* G = H_q / H_kv (packed); the workgroup's first query head */
	unsigned s_nh, s_rows;        /* heads along the grid's y (H_q, or H_kv packed); rows per head (S_q, or S_q G packed) */
	unsigned s_t, s_t2, s_save, s_loop;
	/* VGPRs */
	int tid, lane16, half, qi, lim, xaddr, sel_a, sel_b;
	int qf[AT_MAX_ND], oacc[AT_MAX_ND], sacc[AT_MAX_NT], kr[AT_MAX_RING], koff[AT_MAX_NT];
	int vf[AT_MAX_RING], stage[AT_MAX_PASSES];
	int vkey, vdo, voff, lw, lr;  /* V copy: the lane's key, first d and offset from the tile's row; LDS write and read bases */
	int m, l, muse, alpha, t1, t2, w[4], x[4], w1[4], x1[4];
};

/* ao_inst.tag of the loop's first key tile, for the report: every tile, or
 * the blocks only some tiles run */
enum { AT_TAG_NONE, AT_TAG_TILE, AT_TAG_RESCALE, AT_TAG_MASK, AT_TAG_RAGGED, AT_TAG_COUNT };

#define K_ (a->k)
#define V(id) ra_op(a->ra, (unsigned)(id))
#define VS(id, i) ra_sub(a->ra, (unsigned)(id), (unsigned)(i), 1)
#define SA(i) ao_s(a->s_arg + (unsigned)(i))

/* The V tile's row that pass p of a work-item loads, from its row vkey:
 * g vstep (p / g) + p % g with g = vgroup (vkey a multiple of g). */
static inline unsigned at_vrow(const struct at *a, unsigned p)
{
	return a->vgroup * a->vstep * (p / a->vgroup) + p % a->vgroup;
}

/* attention.c: the shape from the values, every constraint checked */
int at_derive(const struct tpl_values *v, struct at *a, char *err, size_t errlen);
/* attention_report.c: --report's text (malloc'd), NULL on OOM */
char *at_report(const struct tpl_values *v, struct ao_kernel *k);

/* Tag the instructions from index lo on that have no tag yet. */
static inline void at_tag(struct at *a, unsigned lo, unsigned tag)
{
	for (unsigned i = lo; i < ao_inst_count(a->k); i++)
		if (!ao_inst_at(a->k, i)->tag)
			ao_inst_at(a->k, i)->tag = (uint8_t)tag;
}

/* attention_loop.c: the loop over the key tiles [s_k0, s_kend) (may be empty) */
void at_loop(struct at *a);
/* attention_out.c: the epilogue: O (or the split's partials and the combine) and lse */
void at_epilogue(struct at *a);
/* attention_combine.c: the last split's workgroup merges the partials of
 * every split (s_row: ws row of split 0, s_ml: byte offset of ws_ml) into
 * oacc, l and m (the totals) */
void at_combine(struct at *a, unsigned s_row, unsigned s_ml);
/* dst = num / den in SGPRs (u32 below 2^24), through VALU temporaries t1, t2 */
void at_udiv(struct at *a, unsigned dst, unsigned num, unsigned den);
/* q = num / den in every lane (num an SGPR or VGPR operand below 2^24, den an
 * SGPR; r and c scratch VGPRs): the one division at_udiv and packing use */
void at_udiv_lanes(struct at *a, int q, struct ao_opnd num, unsigned den, int r, int c);
/* attention_pack.c: G, the rows and the first query head of the workgroup (all
 * SGPRs; without gqa-pack S_q, H_q and the grid's y) */
void at_pack_scalars(struct at *a);
/* attention_pack.c: the lane's query (vq) and head in the group (vhg) from
 * its row qi clamped below the rows: qi / G and qi % G; fresh registers */
void at_pack_lane(struct at *a, int *vq, int *vhg);

#endif
