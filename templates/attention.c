/* attention.c — template `attention`: fused flash-attention forward on the
 * WMMA units, O = softmax(scale * Q K^T + mask) V (docs/attention.md: the
 * kernel interface, the design).
 *
 * One wave owns 16 queries; a workgroup of `waves` waves owns 16 * waves
 * consecutive queries of one (batch, head) and walks the keys in tiles of
 * kv-tile: S^T = K Q^T on the WMMA units (Q^T fragments stay in registers),
 * the online softmax in f32 with a lane per query, O^T += V^T P^T with the V
 * tile transposed through LDS.  With kv-split, the workgroups of one query
 * block share the keys and the last one to finish combines their partials.
 * With gqa-pack, a workgroup's rows are the (query, head) pairs of one
 * key/value head instead, so its K and V are loaded once for all its heads.
 *
 * This file: the parameters, presets, checks and search space, the
 * arguments, the set-up of the registers; the loop is attention_loop.c, the
 * epilogue attention_out.c, the split-KV combine attention_combine.c, the
 * rows of gqa-pack attention_pack.c, the report attention_report.c. */
#include <stdio.h>
#include <string.h>

#include "templates/attention.h"

enum {
	P_HEAD_DIM, P_DTYPE, P_OUT, P_CAUSAL, P_LSE, P_WAVES, P_KV_TILE, P_KV_SPLIT, P_UNROLL, P_K_AHEAD,
	P_V_PAD, P_PREFETCH, P_V_AHEAD, P_V_STORE, P_GQA_PACK, P_COUNT
};

static const struct tpl_param params[P_COUNT] = {
	[P_HEAD_DIM] = { "head-dim", TPL_INT, 64, 64, 128, NULL, "head dimension D: 64 or 128" },
	[P_DTYPE] = { "dtype", TPL_ENUM, AT_F16, 0, 1, "f16|bf16", "element type of Q, K and V" },
	[P_OUT] = { "out", TPL_ENUM, AT_OUT_F16, 0, 2, "f16|bf16|f32", "element type of O" },
	[P_CAUSAL] = { "causal", TPL_BOOL, 0, 0, 1, NULL, "causal mask, bottom-right aligned" },
	[P_LSE] = { "lse", TPL_BOOL, 0, 0, 1, NULL, "write the natural log-sum-exp of every row" },
	[P_WAVES] = { "waves", TPL_INT, 4, 1, 8, NULL,
		      "waves per workgroup; each owns 16 queries, so block_q = 16 * waves" },
	[P_KV_TILE] = { "kv-tile", TPL_INT, 32, 16, 128, NULL,
			"keys per loop iteration (a multiple of 16): the V tile staged in LDS" },
	[P_KV_SPLIT] = { "kv-split", TPL_INT, 0, 0, 1 << 20, NULL,
			 "split-KV: keys per chunk, a power of two and a multiple of kv-tile (0: one workgroup "
			 "walks every key)" },
	[P_UNROLL] = { "unroll", TPL_INT, 1, 1, 4, NULL, "key tiles per loop iteration" },
	[P_K_AHEAD] = { "k-ahead", TPL_INT, 4, 1, AT_MAX_RING, NULL,
			"K fragments (16 keys x 16 d) whose loads are in flight ahead of the WMMA that reads them" },
	[P_V_PAD] = { "v-pad", TPL_INT, 8, 0, 64, NULL,
		      "halves of padding per row of the transposed V tile in LDS (a multiple of 8)" },
	[P_PREFETCH] = { "prefetch", TPL_BOOL, 0, 0, 1, NULL,
			 "issue the next tile's V and first K loads once this tile's V is in LDS, so they are in "
			 "flight during its P V (false: at the top of the tile)" },
	[P_V_AHEAD] = { "v-ahead", TPL_INT, 2, 1, AT_MAX_RING, NULL,
			"V fragments whose LDS loads are in flight ahead of the WMMA that reads them" },
	[P_V_STORE] = { "v-store", TPL_ENUM, 0, 0, 2, "b16|b32|b64",
			"the transposing LDS stores of the V tile: one per element, or one per 2 (b32) or 4 (b64) "
			"keys' elements of a d, paired by v_perm (a VALU op per dword)" },
	[P_GQA_PACK] = { "gqa-pack", TPL_BOOL, 0, 0, 1, NULL,
			 "a workgroup serves every query head of one key/value head: its rows are the (query, head) "
			 "pairs, so each K and V tile is loaded once for the H_q / H_kv heads that read it" },
};

static const struct tpl_preset presets[] = {
	{ "small", "waves=1 kv-tile=16 kv-split=0 unroll=1 k-ahead=2 v-pad=8 prefetch=false v-ahead=2 v-store=b16 "
		   "gqa-pack=false",
	  "one wave, 16 queries, 16 keys per iteration: the smallest kernel" },
	{ "best", "head-dim=64 waves=2 kv-tile=64 kv-split=0 unroll=1 k-ahead=8 v-pad=8 prefetch=true v-ahead=2 "
		  "v-store=b64 gqa-pack=false",
	  "prefill, head-dim 64: 32 queries per workgroup, 64 keys per iteration, every K fragment of a tile "
	  "in flight, V stored four keys at a time" },
	{ "best128", "head-dim=128 waves=2 kv-tile=16 kv-split=0 unroll=1 k-ahead=5 v-pad=8 prefetch=true v-ahead=3 "
		     "v-store=b64 gqa-pack=false",
	  "prefill, head-dim 128: 32 queries per workgroup, 16 keys per iteration, five K fragments in flight "
	  "(what fits the registers)" },
	{ "decode", "waves=1 kv-tile=16 kv-split=256 unroll=1 k-ahead=4 v-pad=8 prefetch=true v-ahead=2 v-store=b64 "
		    "gqa-pack=true",
	  "decode (few queries, many keys), either head-dim: one wave per workgroup serving every query head of "
	  "a key/value head, the keys split in chunks of 256" },
	{ "decode128", "head-dim=128 waves=1 kv-tile=16 kv-split=256 unroll=1 k-ahead=5 v-pad=8 prefetch=true v-ahead=1 "
		       "v-store=b64 gqa-pack=true",
	  "decode, head-dim 128: as decode with five K fragments in flight and one V fragment (what fits the "
	  "registers; a tile at head-dim 64 has four K fragments)" },
};

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return TPL_E_ARG; } while (0)

/* VGPRs the build needs: fragments, accumulators, staging, about 24 more */
static unsigned vgpr_estimate(const struct at *a)
{
	return 8 * a->nd * 2 + 8 * a->nt + 8 * a->ring + 4 * a->vpasses + 8 * a->vring + a->nt + 32;
}

/* The shape from the values, every constraint checked. */
int at_derive(const struct tpl_values *v, struct at *a, char *err, size_t errlen)
{
	const long *p = v->v;
	a->d = (unsigned)p[P_HEAD_DIM];
	a->nd = a->d / 16;
	a->dtype = (unsigned)p[P_DTYPE];
	a->out = (unsigned)p[P_OUT];
	a->causal = p[P_CAUSAL] != 0;
	a->lse = p[P_LSE] != 0;
	a->waves = (unsigned)p[P_WAVES];
	a->threads = 32 * a->waves;
	a->block_q = 16 * a->waves;
	a->tile = (unsigned)p[P_KV_TILE];
	a->nt = a->tile / 16;
	a->split = (unsigned)p[P_KV_SPLIT];
	a->unroll = (unsigned)p[P_UNROLL];
	a->ring = (unsigned)p[P_K_AHEAD];
	a->prefetch = p[P_PREFETCH] != 0;
	a->vring = (unsigned)p[P_V_AHEAD];
	a->vgroup = 1u << p[P_V_STORE];
	a->pack = p[P_GQA_PACK] != 0;
	unsigned pad = (unsigned)p[P_V_PAD];
	if (a->d != 64 && a->d != 128)
		FAIL("head-dim: %u is not 64 or 128", a->d);
	if (a->tile % 16)
		FAIL("kv-tile: %u keys is not a multiple of 16", a->tile);
	if (a->split && (a->split % a->tile || (a->split & (a->split - 1))))
		FAIL("kv-split: %u keys is not a power of two and a multiple of kv-tile = %u", a->split, a->tile);
	if (a->split && a->unroll > 1)
		FAIL("unroll: %u, but a split-KV kernel walks one tile per iteration", a->unroll);
	if (pad % 8)
		FAIL("v-pad: %u halves is not a multiple of 8 (the V fragments are read 16 bytes at a time)", pad);
	if (a->vring > a->nt * a->nd)
		FAIL("v-ahead: %u, but a key tile has %u V fragments (kv-tile / 16 x head-dim / 16)", a->vring,
		     a->nt * a->nd);
	if (a->ring > a->nt * a->nd)
		FAIL("k-ahead: %u, but a key tile has %u K fragments (kv-tile / 16 x head-dim / 16)", a->ring,
		     a->nt * a->nd);
	unsigned vecs = a->tile * a->d / 8;
	if (vecs % a->threads)
		FAIL("kv-tile: the V tile (%u keys x %u d) is %u vectors of 8, not a multiple of %u work-items "
		     "(waves)", a->tile, a->d, vecs, a->threads);
	a->vpasses = vecs / a->threads;
	if (a->vpasses > AT_MAX_PASSES)
		FAIL("kv-tile: %u vectors of the V tile per work-item, at most %u (more waves or a smaller tile)",
		     a->vpasses, AT_MAX_PASSES);
	a->vstep = a->threads / (a->d / 8);
	if (a->vpasses % a->vgroup)
		FAIL("v-store: %u keys per store need a multiple of %u V vectors per work-item, it has %u (kv-tile "
		     "%u, %u work-items)", a->vgroup, a->vgroup, a->vpasses, a->tile, a->threads);
	if (a->vgroup == 4 && a->ring < 2)
		FAIL("v-store: b64 packs its dwords in two K fragment slots, k-ahead must be 2 or more");
	a->vstride = a->tile + pad;
	a->lds_flag = (a->d * a->vstride * 2 + 15) / 16 * 16;
	if (a->lds_flag + 16 > ISA_LDS_BYTES)
		FAIL("kv-tile, v-pad: the V tile needs %u bytes of LDS, at most %u", a->lds_flag, ISA_LDS_BYTES - 16);
	unsigned vg = vgpr_estimate(a);
	if (vg > ISA_VGPRS)
		FAIL("kv-tile: head-dim %u, kv-tile %u, k-ahead %u and %u V vectors per work-item need about %u "
		     "VGPRs, at most %u", a->d, a->tile, a->ring, a->vpasses, vg, ISA_VGPRS);
	return 0;
}

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	struct at a;
	memset(&a, 0, sizeof a);
	return at_derive(v, &a, err, errlen);
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "attention";
	info->block_threads = (unsigned)(32 * v->v[P_WAVES]);
	info->wgid[0] = info->wgid[1] = info->wgid[2] = true;
	info->workitem_ids = 0;
}

/* The arguments of docs/attention.md; returns the byte offset of the first. */
static int declare_args(struct ao_kernel *k)
{
	static const char *const ptrs[] = { "q", "k", "v", "o", "lse", "ws" };
	static const char *const u32s[] = { "batch", "hq", "hkv", "sq", "skv", "q_sb", "q_sh", "q_ss", "k_sb",
					    "k_sh", "k_ss", "v_sb", "v_sh", "v_ss", "o_sb", "o_sh", "o_ss" };
	int first = -1;
	for (unsigned i = 0; i < 6; i++) {
		int off = ao_arg_ptr(k, ptrs[i], i < 3);
		if (!i)
			first = off;
	}
	ao_arg_f32(k, "scale_log2");
	for (unsigned i = 0; i < sizeof u32s / sizeof u32s[0]; i++)
		ao_arg_u32(k, u32s[i]);
	return first;
}

/* q = num / den in every lane: num an SGPR or the lane's VGPR, below 2^24,
 * den an SGPR; r and c are scratch VGPRs.  A float estimate within one of
 * the truth, then one step each way. */
void at_udiv_lanes(struct at *a, int q, struct ao_opnd num, unsigned den, int r, int c)
{
	AO_I(K_, AO_OP(v_cvt_f32_u32), V(q), num);
	AO_I(K_, AO_OP(v_cvt_f32_u32), V(r), ao_s(den));
	AO_I(K_, AO_OP(v_rcp_f32), V(r), V(r));
	AO_I(K_, AO_OP(v_mul_f32), V(q), V(q), V(r));
	AO_I(K_, AO_OP(v_cvt_u32_f32), V(q), V(q));
	ao_comment(K_, "quotient estimate, within one of the truth below 2^24");
	/* r = num - q*den; q -= r < 0; then q += (num - q*den >= den) */
	AO_I(K_, AO_OP(v_mul_lo_u32), V(r), V(q), ao_s(den));
	AO_I(K_, AO_OP(v_sub_nc_u32), V(r), num, V(r));
	AO_I(K_, AO_OP(v_ashrrev_i32), V(c), ao_int(31), V(r));
	AO_I(K_, AO_OP(v_add_nc_u32), V(q), V(q), V(c));
	AO_I(K_, AO_OP(v_mul_lo_u32), V(r), V(q), ao_s(den));
	AO_I(K_, AO_OP(v_sub_nc_u32), V(r), num, V(r));
	AO_I(K_, AO_OP(v_cmp_le_u32), ao_vcc(), ao_s(den), V(r));
	AO_I(K_, AO_OP(v_cndmask_b32), V(c), ao_int(0), ao_int(1), ao_vcc());
	AO_I(K_, AO_OP(v_add_nc_u32), V(q), V(q), V(c));
}

void at_udiv(struct at *a, unsigned dst, unsigned num, unsigned den)
{
	at_udiv_lanes(a, a->t1, ao_s(num), den, a->t2, a->w[0]);
	AO_I(K_, AO_OP(v_readfirstlane_b32), ao_s(dst), V(a->t1));
}

/* s[dst:dst+1] = s[ptr:ptr+1] + 2 * (s_b * sb + head * sh) */
static void head_base(struct at *a, unsigned dst, unsigned ptr, unsigned sb, unsigned sh, unsigned head)
{
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_b), SA(sb));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t2), ao_s(head), SA(sh));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_s(a->s_t2));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_s(a->s_t), ao_int(1));
	AO_I(K_, AO_OP(s_add_u32), ao_s(dst), SA(ptr), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_addc_u32), ao_s(dst + 1), SA(ptr + 1), ao_int(0));
}

/* Causal: the last query q of the workgroup sees keys below q + 1 + S_kv -
 * S_q, which ends its walk; below the first query's limit no key is masked.
 * Packed, the queries are the first and the last row's, divided by G. */
static void causal_bounds(struct at *a)
{
	AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_t2), SA(A_SKV), SA(A_SQ));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_q0), ao_u32(a->block_q));
	AO_I(K_, AO_OP(s_min_u32), ao_s(a->s_t), ao_s(a->s_t), ao_s(a->s_rows));
	if (a->pack) {
		/* the last row's query plus one: (rows_end - 1) / G + 1 */
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_int(-1));
		at_udiv(a, a->s_t, a->s_t, a->s_g);
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_int(1));
	}
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_s(a->s_t2));
	AO_I(K_, AO_OP(s_min_i32), ao_s(a->s_kend), ao_s(a->s_kend), ao_s(a->s_t));
	if (a->pack) {
		at_udiv(a, a->s_t, a->s_q0, a->s_g);
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_int(1));
	} else {
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_q0), ao_int(1));
	}
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_s(a->s_t2));
	AO_I(K_, AO_OP(s_min_i32), ao_s(a->s_kfull), ao_s(a->s_kfull), ao_s(a->s_t));
}

/* Batch, split, key/value head, the three bases, the key range. */
static void setup_scalars(struct at *a)
{
	if (a->split) {
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_nsplit), SA(A_SKV), ao_u32(a->split - 1));
		AO_I(K_, AO_OP(s_lshr_b32), ao_s(a->s_nsplit), ao_s(a->s_nsplit), ao_int((int)tpl_log2(a->split)));
		at_udiv(a, a->s_b, a->wgz, a->s_nsplit);
		AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_b), ao_s(a->s_nsplit));
		AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_s), ao_s(a->wgz), ao_s(a->s_t));
	} else {
		AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_b), ao_s(a->wgz));
		AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_s), ao_int(0));
	}
	at_pack_scalars(a);
	if (a->pack) {
		AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_hk), ao_s(a->wgy));
	} else {
		/* grouped-query attention: h / (hq / hkv) = h * hkv / hq, as hq = (hq / hkv) * hkv */
		AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->wgy), SA(A_HKV));
		at_udiv(a, a->s_hk, a->s_t, a->s_arg + A_HQ);
	}
	head_base(a, a->s_qb, A_Q, A_Q_SB, A_Q_SH, a->s_h0);
	head_base(a, a->s_kb, A_K, A_K_SB, A_K_SH, a->s_hk);
	head_base(a, a->s_vb, A_V, A_V_SB, A_V_SH, a->s_hk);
	/* nx = ceil(rows / block_q) row blocks (block_q need not be a power of two) */
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t2), ao_s(a->s_rows), ao_u32(a->block_q - 1));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_nx), ao_u32(a->block_q));
	at_udiv(a, a->s_nx, a->s_t2, a->s_nx);
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_q0), ao_s(a->wgx), ao_u32(a->block_q));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_skv1), SA(A_SKV), ao_int(-1));
	/* keys [k0, kend): the split's chunk, cut at S_kv and, causal, at the last query's limit */
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_k0), ao_s(a->s_s), ao_int(a->split ? (int)tpl_log2(a->split) : 0));
	if (a->split) {
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_kend), ao_s(a->s_k0), ao_u32(a->split));
		AO_I(K_, AO_OP(s_min_u32), ao_s(a->s_kend), ao_s(a->s_kend), SA(A_SKV));
	} else {
		AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_kend), SA(A_SKV));
	}
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_kfull), SA(A_SKV));
	if (a->causal)
		causal_bounds(a);
}

/* The loop wants a positive scale (it takes the row maximum of the unscaled
 * scores and masks them with -inf): s * scale = (-s) * |scale|, so a negative
 * scale negates Q (the sign bits of its halves) and scale_log2 becomes
 * max(|scale_log2|, 2^-126); a zero scale, made the least normal, gives
 * exp2 of about 0, the uniform softmax, within the f32 rounding. */
static void scale_sign(struct at *a)
{
	AO_I(K_, AO_OP(s_ashr_i32), ao_s(a->s_t), SA(A_SCALE), ao_int(31));
	AO_I(K_, AO_OP(s_and_b32), ao_s(a->s_t), ao_s(a->s_t), ao_u32(0x80008000u));
	AO_I(K_, AO_OP(s_bitset0_b32), SA(A_SCALE), ao_int(31));
	AO_I(K_, AO_OP(s_max_u32), SA(A_SCALE), SA(A_SCALE), ao_u32(0x00800000u));
	ao_waitcnt(K_, 0, -1, -1);
	for (unsigned c = 0; c < a->nd; c++)
		for (unsigned j = 0; j < 8; j++)
			AO_I(K_, AO_OP(v_xor_b32), VS(a->qf[c], j), ao_s(a->s_t), VS(a->qf[c], j));
}

/* Lane registers: query, key limit, exchange address, selectors, Q fragments,
 * the V copy's addresses, the softmax state. */
static void setup_lanes(struct at *a)
{
	AO_I(K_, AO_OP(v_and_b32), V(a->tid), ao_int(0x3ff), V(a->tid));
	AO_I(K_, AO_OP(v_and_b32), V(a->lane16), ao_int(15), V(a->tid));
	AO_I(K_, AO_OP(v_bfe_u32), V(a->half), V(a->tid), ao_int(4), ao_int(1));
	/* row = q0 + 16 * wave + lane % 16: the query, or packed the (query, head) pair */
	AO_I(K_, AO_OP(v_lshrrev_b32), V(a->qi), ao_int(5), V(a->tid));
	AO_I(K_, AO_OP(v_lshl_add_u32), V(a->qi), V(a->qi), ao_int(4), V(a->lane16));
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->qi), ao_s(a->s_q0), V(a->qi));
	int vq = a->qi, vhg = -1;
	if (a->pack)
		at_pack_lane(a, &vq, &vhg);
	/* lim: keys below it are visible to the lane's query (signed) */
	if (a->causal) {
		AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_t), SA(A_SKV), SA(A_SQ));
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_int(1));
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->lim), ao_s(a->s_t), V(vq));
		AO_I(K_, AO_OP(v_min_i32), V(a->lim), SA(A_SKV), V(a->lim));
	} else {
		AO_I(K_, AO_OP(v_mov_b32), V(a->lim), SA(A_SKV));
	}
	/* the partner lane l ^ 16 for ds_bpermute: byte address of its dword */
	AO_I(K_, AO_OP(v_xor_b32), V(a->xaddr), ao_int(16), V(a->tid));
	AO_I(K_, AO_OP(v_and_b32), V(a->xaddr), ao_int(31), V(a->xaddr));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->xaddr), ao_int(2), V(a->xaddr));
	/* v_perm selectors that put the lane's own key first in lanes 0-15, second in 16-31 */
	AO_I(K_, AO_OP(v_cmp_ne_u32), ao_vcc(), ao_int(0), V(a->half));
	AO_I(K_, AO_OP(v_mov_b32), V(a->sel_a), ao_u32(0x05040100));
	AO_I(K_, AO_OP(v_mov_b32), V(a->t1), ao_u32(0x01000504));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->sel_a), V(a->sel_a), V(a->t1), ao_vcc());
	AO_I(K_, AO_OP(v_mov_b32), V(a->sel_b), ao_u32(0x07060302));
	AO_I(K_, AO_OP(v_mov_b32), V(a->t1), ao_u32(0x03020706));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->sel_b), V(a->sel_b), V(a->t1), ao_vcc());
	/* Q^T fragments: the lane's query row (clamped to S_q - 1), 16 d per slice;
	 * packed, its head's (vq and vhg are clamped already) */
	if (a->pack) {
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->t1), V(vq), SA(A_Q_SS));
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->t2), V(vhg), SA(A_Q_SH));
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->t1), V(a->t1), V(a->t2));
	} else {
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), SA(A_SQ), ao_int(-1));
		AO_I(K_, AO_OP(v_min_u32), V(a->t1), ao_s(a->s_t), V(a->qi));
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->t1), V(a->t1), SA(A_Q_SS));
	}
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->t1), ao_int(1), V(a->t1));
	for (unsigned c = 0; c < a->nd; c++)
		for (unsigned h = 0; h < 2; h++)
			AO_IM(K_, AO_OP(global_load_b128), ao_m((int)(32 * c + 16 * h), 0),
			      ra_sub(a->ra, (unsigned)a->qf[c], 4 * h, 4), V(a->t1), ao_sr(a->s_qb, 2));
	scale_sign(a);
	/* V copy: the lane's vectors are d 8 * (tid % (D/8)) of the keys vkey + at_vrow(pass),
	 * vkey = vgroup * (tid / (D/8)) */
	unsigned per_key = a->d / 8;
	AO_I(K_, AO_OP(v_lshrrev_b32), V(a->vkey), ao_int((int)tpl_log2(per_key)), V(a->tid));
	if (a->vgroup > 1)
		AO_I(K_, AO_OP(v_lshlrev_b32), V(a->vkey), ao_int((int)tpl_log2(a->vgroup)), V(a->vkey));
	AO_I(K_, AO_OP(v_and_b32), V(a->vdo), ao_u32(per_key - 1), V(a->tid));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->vdo), ao_int(3), V(a->vdo));
	AO_I(K_, AO_OP(v_mad_u32_u24), V(a->lw), V(a->vdo), ao_u32(a->vstride), V(a->vkey));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->lw), ao_int(1), V(a->lw));
	AO_I(K_, AO_OP(v_mul_u32_u24), V(a->lr), ao_u32(2 * a->vstride), V(a->lane16));
	AO_I(K_, AO_OP(v_mov_b32), V(a->m), ao_u32(0xff800000u));
	AO_I(K_, AO_OP(v_mov_b32), V(a->l), ao_int(0));
	for (unsigned c = 0; c < a->nd; c++)
		for (unsigned j = 0; j < 8; j++)
			AO_I(K_, AO_OP(v_mov_b32), VS(a->oacc[c], j), ao_int(0));
}

static void alloc_regs(struct at *a)
{
	struct ao_kernel *k = a->k;
	a->s_arg = (unsigned)ao_sgprs(k, 32);
	a->wgx = (unsigned)ao_sgpr_wgid(k, 0);
	a->wgy = (unsigned)ao_sgpr_wgid(k, 1);
	a->wgz = (unsigned)ao_sgpr_wgid(k, 2);
	a->s_qb = (unsigned)ao_sgprs(k, 2);
	a->s_kb = (unsigned)ao_sgprs(k, 2);
	a->s_vb = (unsigned)ao_sgprs(k, 2);
	a->s_kt = (unsigned)ao_sgprs(k, 2);
	a->s_vp = (unsigned)ao_sgprs(k, 2 * a->vpasses);
	a->s_vstep = (unsigned)ao_sgprs(k, 1);
	unsigned *one[] = { &a->s_b, &a->s_s, &a->s_hk, &a->s_nsplit, &a->s_nx, &a->s_q0, &a->s_k0, &a->s_kend,
			    &a->s_kfull, &a->s_skv1, &a->s_t, &a->s_t2, &a->s_save, &a->s_loop };
	for (unsigned i = 0; i < sizeof one / sizeof one[0]; i++)
		*one[i] = (unsigned)ao_sgprs(k, 1);
	a->tid = ra_vreg(a->ra, "tid", 1);
	ra_pin(a->ra, (unsigned)a->tid, 0);
	for (unsigned c = 0; c < a->nd; c++) {
		a->qf[c] = ra_vreg(a->ra, "qfrag", 8);
		a->oacc[c] = ra_vreg(a->ra, "oacc", 8);
	}
	for (unsigned t = 0; t < a->nt; t++) {
		a->sacc[t] = ra_vreg(a->ra, "sacc", 8);
		a->koff[t] = ra_vreg(a->ra, "koff", 1);
	}
	for (unsigned r = 0; r < a->ring; r++)
		a->kr[r] = ra_vreg(a->ra, "kfrag", 8);
	for (unsigned p = 0; p < a->vpasses; p++)
		a->stage[p] = ra_vreg(a->ra, "vstage", 4);
	for (unsigned r = 0; r < a->vring; r++)
		a->vf[r] = ra_vreg(a->ra, "vfrag", 8);
	int *lanes[] = { &a->lane16, &a->half, &a->qi, &a->lim, &a->xaddr, &a->sel_a, &a->sel_b, &a->vkey,
			 &a->vdo, &a->voff, &a->lw, &a->lr, &a->m, &a->l, &a->muse, &a->alpha, &a->t1, &a->t2,
			 &a->w[0], &a->w[1], &a->w[2], &a->w[3], &a->x[0], &a->x[1], &a->x[2], &a->x[3],
			 &a->w1[0], &a->w1[1], &a->w1[2], &a->w1[3], &a->x1[0], &a->x1[1], &a->x1[2], &a->x1[3] };
	for (unsigned i = 0; i < sizeof lanes / sizeof lanes[0]; i++)
		*lanes[i] = ra_vreg(a->ra, "t", 1);
}

static void write_meta(struct at *a)
{
	static const char *const dtypes[] = { "f16", "bf16" }, *const outs[] = { "f16", "bf16", "f32" };
	ao_meta_int(K_, "head_dim", a->d);
	ao_meta_str(K_, "dtype", dtypes[a->dtype]);
	ao_meta_str(K_, "out", outs[a->out]);
	ao_meta_int(K_, "causal", a->causal);
	ao_meta_int(K_, "block_q", a->block_q);
	ao_meta_int(K_, "lse", a->lse);
	ao_meta_int(K_, "kv_split", a->split);
	ao_meta_int(K_, "block_threads", a->threads);
	ao_meta_int(K_, "gqa_pack", a->pack);
}

static int build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	struct at aa, *a = &aa;
	memset(a, 0, sizeof *a);
	if (at_derive(v, a, err, errlen))
		return TPL_E_ARG;
	a->k = k;
	a->ra = ra_new();
	if (!a->ra)
		return TPL_E_NOMEM;
	int args = declare_args(k);
	alloc_regs(a);
	ao_lds(k, a->lds_flag + 16, 16);
	AO_IM(k, AO_OP(s_load_b512), ao_m(args, 0), ao_sr(a->s_arg, 16), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b256), ao_m(args + 64, 0), ao_sr(a->s_arg + 16, 8), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b128), ao_m(args + 96, 0), ao_sr(a->s_arg + 24, 4), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b64), ao_m(args + 112, 0), ao_sr(a->s_arg + 28, 2), ao_sr(AO_SGPR_KERNARG, 2));
	ao_waitcnt(k, -1, -1, 0);
	setup_scalars(a);
	setup_lanes(a);
	at_loop(a);
	at_epilogue(a);
	write_meta(a);
	return tpl_finish(a->ra, k, err, errlen);
}

/* rdna3gen tune's search space: the workgroup (waves), the key tile, the
 * loads in flight, the V stores and the split; head-dim, dtype, out,
 * causal and lse come from the command line (--head-dim 128 --causal). */
static const struct tpl_axis axes[] = {
	{ "waves", { "1", "2", "4", "8" }, 0 },
	{ "kv-tile", { "16", "32", "64" }, 0 },
	{ "k-ahead", { "2", "4", "8" }, 0 },
	{ "v-ahead", { "1", "2", "4" }, 0 },
	{ "v-store", { "b16", "b32", "b64" }, 0 },
	{ "prefetch", { "false", "true" }, 0 },
	{ "kv-split", { "0", "64", "128", "256" }, 0 },
	{ "gqa-pack", { "false", "true" }, 0 },
};

/* ragged in every size: two query blocks and a part, two key tiles and a
 * part (three split chunks and a part with kv-split), GQA 2:1 */
static void check_shape(const struct tpl_values *v, uint32_t shape[TPL_SHAPE_MAX])
{
	uint32_t keys = v->v[P_KV_SPLIT] ? 3 * (uint32_t)v->v[P_KV_SPLIT] : 2 * (uint32_t)v->v[P_KV_TILE];
	shape[0] = 1;
	shape[1] = 2;
	shape[2] = 1;
	shape[3] = 2 * 16 * (uint32_t)v->v[P_WAVES] + 5;
	shape[4] = keys + 7;
	shape[5] = (uint32_t)v->v[P_HEAD_DIM];
}

/* 4 D FLOP per unmasked (query, key) pair (docs/attention.md, "Figure of merit") */
static double work(const struct tpl_values *v, const uint32_t shape[TPL_SHAPE_MAX])
{
	double b = shape[0], hq = shape[1], sq = shape[3], skv = shape[4], d = shape[5], pairs = sq * skv;
	if (v->v[P_CAUSAL]) {
		pairs = 0;
		for (double i = 0; i < sq; i++) {
			double see = i + 1 + skv - sq;
			pairs += see <= 0 ? 0 : see < skv ? see : skv;
		}
	}
	return 4 * d * b * hq * pairs;
}

static const char *const dims[] = { "b", "hq", "hkv", "sq", "skv", "d" };

static const struct tpl_space space = {
	.axes = axes,
	.naxes = sizeof axes / sizeof axes[0],
	.check_shape = check_shape,
	.dims = dims,
	.ndims = 6,
	.runner = TPL_RUN_ATTENTION,
	.work = work,
	.unit = "GFLOP/s",
};

const struct tpl_template tpl_attention = {
	.name = "attention",
	.summary = "fused flash-attention forward on the WMMA units: f16/bf16 Q, K, V; causal, GQA, split-KV",
	.params = params,
	.nparams = P_COUNT,
	.presets = presets,
	.npresets = sizeof presets / sizeof presets[0],
	.check = check,
	.build = build,
	.kernel_info = kernel_info,
	.report = at_report,
	.space = &space,
};
