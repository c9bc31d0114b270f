/* attention_loop.c — the walk over the key tiles of the attention template.
 *
 * Per tile of kv-tile keys at k0:
 *   1. the V tile's global loads (b128: 8 d of one key per work-item and
 *      pass) and the first k-ahead K fragment loads are issued at the top of
 *      the tile, or with prefetch by the tile before it, once its V is in
 *      LDS, so they are in flight during steps 2-4 (or the previous P V);
 *   2. S^T = K Q^T per 16-key sub-tile t: A = the K fragment (lane l: key
 *      k0 + 16t + l % 16, 16 consecutive d), B = the Q^T fragment kept in
 *      registers; the K fragments stream through a ring of k-ahead slots.
 *      The accumulator gives lane l query l % 16 and keys 2j + l / 16;
 *   3. mask (only a tile that reaches past the first query's limit), the
 *      row maximum (the lane's values, then one ds_bpermute exchange with
 *      lane l ^ 16), the rescale factor alpha = exp2(m_old - m_new) of the
 *      lane's partial row sum and of O (skipped when no maximum moved),
 *      p = exp2(s scale - m_new) (one fma; the maximum is taken before
 *      scaling, as the scale is positive).  A row that has seen no key yet
 *      has m = -inf: it subtracts 0 instead, so every exp2 sees -inf
 *      (giving 0) or a finite value, never NaN;
 *   4. P^T packs into the B fragments in place of S: the lane's own pairs are
 *      rounded to 16 bits, exchanged with lane l ^ 16, and v_perm puts keys
 *      2i (lanes 0-15's) and 2i+1 (lanes 16-31's) in each dword, the same
 *      in both half-waves;
 *   5. the V tile goes into LDS transposed, [d][key] rows of v-pad padded
 *      halves (16-bit stores, or v-store's 32- or 64-bit ones of adjacent
 *      keys), between two barriers, and O^T += V^T P^T reads its A
 *      fragments (lane l: d = 16c + l % 16, 16 consecutive keys) with
 *      ds_load_b128, v-ahead ahead.  O^T's accumulator has a lane per query
 *      too, so the rescale of step 3 is a per-lane multiply.
 * Keys past S_kv read the last key's row (in bounds; their p is 0). */
#include "templates/attention.h"

/* The tile at s_k0 reaches past S_kv: fall through; else branch to label. */
static void unless_ragged(struct at *a, int label)
{
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_k0), ao_u32(a->tile));
	AO_I(K_, AO_OP(s_cmp_le_u32), ao_s(a->s_t), SA(A_SKV));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)label));
}

/* s[dst:dst+1] = s[base:base+1] + 2 * k0 * stride: row k0 of K or V */
static void row_base(struct at *a, unsigned dst, unsigned base, unsigned stride)
{
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_k0), SA(stride));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_s(a->s_t), ao_int(1));
	AO_I(K_, AO_OP(s_add_u32), ao_s(dst), ao_s(base), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_addc_u32), ao_s(dst + 1), ao_s(base + 1), ao_int(0));
}

/* Step 1: the V tile's loads into the staging registers.  Pass p's vector
 * is row vkey + at_vrow(p) of the tile: a full tile adds the row to an SGPR
 * base (one pair per pass) and keeps the lane offset voff; the ragged last
 * tile clamps each row to S_kv - 1 in a VGPR. */
static void v_loads(struct at *a)
{
	int full = ao_label(K_, NULL), done = ao_label(K_, NULL);
	row_base(a, a->s_vp, a->s_vb, A_V_SS);
	for (unsigned p = 1; p < a->vpasses; p++) {
		AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_vstep), ao_u32(at_vrow(a, p)));
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_vp + 2 * p), ao_s(a->s_vp), ao_s(a->s_t));
		AO_I(K_, AO_OP(s_addc_u32), ao_s(a->s_vp + 2 * p + 1), ao_s(a->s_vp + 1), ao_int(0));
	}
	unless_ragged(a, full);
	unsigned ragged = ao_inst_count(K_);
	AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_t), ao_s(a->s_skv1), ao_s(a->s_k0));
	for (unsigned p = 0; p < a->vpasses; p++) {
		/* 2 * (min(vkey + vrow(p), S_kv - 1 - k0) * v_ss + vdo) from row k0 */
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->t1), ao_u32(at_vrow(a, p)), V(a->vkey));
		AO_I(K_, AO_OP(v_min_u32), V(a->t1), ao_s(a->s_t), V(a->t1));
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->t1), V(a->t1), SA(A_V_SS));
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->t1), V(a->t1), V(a->vdo));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(a->t1), ao_int(1), V(a->t1));
		AO_IM(K_, AO_OP(global_load_b128), ao_m(0, 0), V(a->stage[p]), V(a->t1), ao_sr(a->s_vp, 2));
	}
	AO_I(K_, AO_OP(s_branch), ao_lab((unsigned)done));
	at_tag(a, ragged, AT_TAG_RAGGED);
	ao_bind(K_, (unsigned)full);
	for (unsigned p = 0; p < a->vpasses; p++)
		AO_IM(K_, AO_OP(global_load_b128), ao_m(0, 0), V(a->stage[p]), V(a->voff), ao_sr(a->s_vp + 2 * p, 2));
	ao_bind(K_, (unsigned)done);
}

/* Fragment i of the tile's K stream (sub-tile i / nd, d slice i % nd) into its ring slot. */
static void k_load(struct at *a, unsigned i)
{
	unsigned t = i / a->nd, c = i % a->nd;
	int slot = a->kr[i % a->ring];
	for (unsigned h = 0; h < 2; h++)
		AO_IM(K_, AO_OP(global_load_b128), ao_m((int)(32 * c + 16 * h), 0), ra_sub(a->ra, (unsigned)slot, 4 * h, 4),
		      V(a->koff[t]), ao_sr(a->s_kt, 2));
}

/* The tile's K base (row s_k0) and the loads of its first k-ahead
 * fragments.  koff[t] = 2 (16t + lane) k_ss from the row (loop_offsets),
 * clamped to row S_kv - 1 in the ragged last tile (no tile follows it). */
static void k_prime(struct at *a)
{
	int full = ao_label(K_, NULL);
	row_base(a, a->s_kt, a->s_kb, A_K_SS);
	unless_ragged(a, full);
	unsigned ragged = ao_inst_count(K_);
	AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_t), ao_s(a->s_skv1), ao_s(a->s_k0));
	for (unsigned t = 0; t < a->nt; t++) {
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->koff[t]), ao_u32(16 * t), V(a->lane16));
		AO_I(K_, AO_OP(v_min_u32), V(a->koff[t]), ao_s(a->s_t), V(a->koff[t]));
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->koff[t]), V(a->koff[t]), SA(A_K_SS));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(a->koff[t]), ao_int(1), V(a->koff[t]));
	}
	at_tag(a, ragged, AT_TAG_RAGGED);
	ao_bind(K_, (unsigned)full);
	for (unsigned i = 0; i < a->ring; i++)
		k_load(a, i);
}

/* The lane offsets of a full tile from its first row: koff[t], voff; the
 * bytes of a V row, 2 v_ss. */
static void loop_offsets(struct at *a)
{
	for (unsigned t = 0; t < a->nt; t++) {
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->koff[t]), ao_u32(16 * t), V(a->lane16));
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->koff[t]), V(a->koff[t]), SA(A_K_SS));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(a->koff[t]), ao_int(1), V(a->koff[t]));
	}
	AO_I(K_, AO_OP(v_mul_lo_u32), V(a->voff), V(a->vkey), SA(A_V_SS));
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->voff), V(a->voff), V(a->vdo));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->voff), ao_int(1), V(a->voff));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_vstep), SA(A_V_SS), ao_int(1));
}

/* Step 2: S^T = K Q^T for every sub-tile (k_prime has run for the tile). */
static void scores(struct at *a)
{
	unsigned n = a->nt * a->nd;
	ao_op mma = a->dtype == AT_BF16 ? AO_OP(v_wmma_f32_16x16x16_bf16) : AO_OP(v_wmma_f32_16x16x16_f16);
	for (unsigned i = 0; i < n; i++) {
		unsigned t = i / a->nd, c = i % a->nd, ahead = (i + a->ring < n ? i + a->ring : n) - i - 1;
		ao_waitcnt(K_, (int)(2 * ahead), -1, -1);
		struct ao_opnd acc = c ? V(a->sacc[t]) : ao_int(0);
		AO_I(K_, mma, V(a->sacc[t]), V(a->kr[i % a->ring]), V(a->qf[c]), acc);
		if (i + a->ring < n)
			k_load(a, i + a->ring);
	}
}

/* Step 3a: -inf for the keys the lane's query must not see (on the
 * unscaled scores: the scale is positive, see at_scale_sign). */
static void scale_mask(struct at *a)
{
	int unmasked = ao_label(K_, NULL);
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_k0), ao_u32(a->tile));
	AO_I(K_, AO_OP(s_cmp_le_i32), ao_s(a->s_t), ao_s(a->s_kfull));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)unmasked));
	unsigned mask = ao_inst_count(K_);
	/* t1 = lim - k0 - half: element (t, j) is key k0 + 16t + 2j + half, visible iff 16t + 2j < t1 */
	AO_I(K_, AO_OP(v_subrev_nc_u32), V(a->t1), ao_s(a->s_k0), V(a->lim));
	AO_I(K_, AO_OP(v_sub_nc_u32), V(a->t1), V(a->t1), V(a->half));
	for (unsigned t = 0; t < a->nt; t++)
		for (unsigned j = 0; j < 8; j++) {
			AO_I(K_, AO_OP(v_cmp_lt_i32), ao_vcc(), ao_int((int)(16 * t + 2 * j)), V(a->t1));
			AO_I(K_, AO_OP(v_cndmask_b32), VS(a->sacc[t], j), ao_u32(0xff800000u), VS(a->sacc[t], j),
			     ao_vcc());
		}
	at_tag(a, mask, AT_TAG_MASK);
	ao_bind(K_, (unsigned)unmasked);
}

/* Element e of the tile's scores: sub-tile e / 8, VGPR e % 8. */
static struct ao_opnd score(const struct at *a, unsigned e)
{
	return VS(a->sacc[e / 8], e % 8);
}

/* Step 3b: the new row maximum, alpha, p, the partial sums, O rescaled.
 * Reductions run as four independent chains (w[0..3]) so that consecutive
 * VALU instructions rarely wait on each other. */
static void softmax(struct at *a)
{
	unsigned n = 8 * a->nt, chains = 4;
	for (unsigned c = 0; c < chains; c++)
		AO_I(K_, AO_OP(v_max_f32), V(a->w[c]), score(a, 2 * c), score(a, 2 * c + 1));
	for (unsigned e = 2 * chains; e < n; e += 2)
		AO_I(K_, AO_OP(v_max3_f32), V(a->w[e / 2 % chains]), V(a->w[e / 2 % chains]), score(a, e), score(a, e + 1));
	AO_I(K_, AO_OP(v_max3_f32), V(a->t1), V(a->w[0]), V(a->w[1]), V(a->w[2]));
	AO_I(K_, AO_OP(v_max_f32), V(a->t1), V(a->t1), V(a->w[3]));
	AO_I(K_, AO_OP(ds_bpermute_b32), V(a->t2), V(a->xaddr), V(a->t1));
	ao_waitcnt(K_, -1, -1, 0);
	AO_I(K_, AO_OP(v_max_f32), V(a->t1), V(a->t1), V(a->t2));
	AO_I(K_, AO_OP(v_mul_f32), V(a->t1), SA(A_SCALE), V(a->t1));
	AO_I(K_, AO_OP(v_max_f32), V(a->t1), V(a->t1), V(a->m));
	ao_comment(K_, "the row's new maximum m_new (scaled)");
	/* muse = m_new, or 0 while the row has seen no key */
	AO_I(K_, AO_OP(v_cmp_neq_f32), ao_vcc(), ao_u32(0xff800000u), V(a->t1));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->muse), ao_int(0), V(a->t1), ao_vcc());
	AO_I(K_, AO_OP(v_sub_f32), V(a->alpha), V(a->m), V(a->muse));
	AO_I(K_, AO_OP(v_exp_f32), V(a->alpha), V(a->alpha));
	AO_I(K_, AO_OP(v_mov_b32), V(a->m), V(a->t1));
	for (unsigned e = 0; e < n; e++)
		AO_I(K_, AO_OP(v_fma_f32), score(a, e), score(a, e), SA(A_SCALE), ao_neg(V(a->muse)));
	for (unsigned e = 0; e < n; e++)
		AO_I(K_, AO_OP(v_exp_f32), score(a, e), score(a, e));
	for (unsigned c = 0; c < chains; c++)
		AO_I(K_, AO_OP(v_add_f32), V(a->w[c]), score(a, 2 * c), score(a, 2 * c + 1));
	for (unsigned e = 2 * chains; e < n; e += 2) {
		AO_I(K_, AO_OP(v_add_f32), V(a->w[e / 2 % chains]), V(a->w[e / 2 % chains]), score(a, e));
		AO_I(K_, AO_OP(v_add_f32), V(a->w[e / 2 % chains]), V(a->w[e / 2 % chains]), score(a, e + 1));
	}
	AO_I(K_, AO_OP(v_add_f32), V(a->w[0]), V(a->w[0]), V(a->w[1]));
	AO_I(K_, AO_OP(v_add_f32), V(a->w[2]), V(a->w[2]), V(a->w[3]));
	AO_I(K_, AO_OP(v_add_f32), V(a->w[0]), V(a->w[0]), V(a->w[2]));
	AO_I(K_, AO_OP(v_fmac_f32), V(a->w[0]), V(a->l), V(a->alpha));
	AO_I(K_, AO_OP(v_mov_b32), V(a->l), V(a->w[0]));
	ao_comment(K_, "l = alpha l + the tile's sum");
	/* O *= alpha, skipped when no lane's maximum moved (alpha = 1 everywhere) */
	int same = ao_label(K_, NULL);
	AO_I(K_, AO_OP(v_cmp_neq_f32), ao_s(a->s_t), ao_f32(1.0f), V(a->alpha));
	AO_I(K_, AO_OP(s_cmp_eq_u32), ao_s(a->s_t), ao_int(0));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)same));
	unsigned rescale = ao_inst_count(K_);
	for (unsigned c = 0; c < a->nd; c++)
		for (unsigned j = 0; j < 8; j++)
			AO_I(K_, AO_OP(v_mul_f32), VS(a->oacc[c], j), V(a->alpha), VS(a->oacc[c], j));
	at_tag(a, rescale, AT_TAG_RESCALE);
	ao_bind(K_, (unsigned)same);
}

/* Step 4: sub-tile t's p values become its P^T B fragment, in place.  The
 * lane's own pairs are rounded and packed into w and sent to lane l ^ 16
 * (own_pairs); once the exchange is back, v_perm orders each dword
 * (assemble).  The sub-tiles alternate between two register sets, so one
 * sub-tile's exchange is in flight while the next one packs. */
static void own_pairs(struct at *a, unsigned t, const int *w, const int *x)
{
	int s = a->sacc[t];
	for (unsigned i = 0; i < 4; i++) {
		if (a->dtype == AT_F16) {
			/* e64: the e32 form of a 16-bit op reaches v0-v127 only */
			AO_IM(K_, AO_OP(v_cvt_f16_f32), ao_mf(AO_FORM_E64), VS(s, 2 * i), VS(s, 2 * i));
			AO_IM(K_, AO_OP(v_cvt_f16_f32), ao_mf(AO_FORM_E64), VS(s, 2 * i + 1), VS(s, 2 * i + 1));
			AO_I(K_, AO_OP(v_pack_b32_f16), V(w[i]), VS(s, 2 * i), VS(s, 2 * i + 1));
		} else {
			/* bf16, round to nearest even (p is finite, in [0, 1]); the high halves packed */
			for (unsigned e = 0; e < 2; e++) {
				AO_I(K_, AO_OP(v_bfe_u32), V(a->t1), VS(s, 2 * i + e), ao_int(16), ao_int(1));
				AO_I(K_, AO_OP(v_add3_u32), VS(s, 2 * i + e), VS(s, 2 * i + e), ao_u32(0x7fff), V(a->t1));
			}
			AO_I(K_, AO_OP(v_perm_b32), V(w[i]), VS(s, 2 * i + 1), VS(s, 2 * i), ao_u32(0x07060302));
		}
		AO_I(K_, AO_OP(ds_bpermute_b32), V(x[i]), V(a->xaddr), V(w[i]));
	}
}

static void assemble(struct at *a, unsigned t, const int *w, const int *x)
{
	int s = a->sacc[t];
	for (unsigned i = 0; i < 4; i++) {
		AO_I(K_, AO_OP(v_perm_b32), VS(s, 2 * i), V(x[i]), V(w[i]), V(a->sel_a));
		AO_I(K_, AO_OP(v_perm_b32), VS(s, 2 * i + 1), V(x[i]), V(w[i]), V(a->sel_b));
	}
}

static void pack_p(struct at *a)
{
	const int *w[2] = { a->w, a->w1 }, *x[2] = { a->x, a->x1 };
	for (unsigned t = 0; t < a->nt; t++) {
		own_pairs(a, t, w[t % 2], x[t % 2]);
		if (t) {
			ao_waitcnt(K_, -1, -1, 4);
			assemble(a, t - 1, w[(t - 1) % 2], x[(t - 1) % 2]);
		}
	}
	ao_waitcnt(K_, -1, -1, 0);
	assemble(a, a->nt - 1, w[(a->nt - 1) % 2], x[(a->nt - 1) % 2]);
}

/* Step 5a: the staged V tile into LDS, transposed, between barriers: a
 * 16-bit store per element, or (v-store b32, b64) the elements of 2 or 4
 * adjacent keys paired by v_perm into one store per d. */
static void v_store(struct at *a)
{
	ao_waitcnt(K_, 0, -1, -1);
	AO_I0(K_, AO_OP(s_barrier));
	ao_comment(K_, "every wave is done reading the previous V tile");
	if (a->vgroup == 1) {
		for (unsigned p = 0; p < a->vpasses; p++)
			for (unsigned e = 0; e < 8; e++) {
				ao_op st = e % 2 ? AO_OP(ds_store_b16_d16_hi) : AO_OP(ds_store_b16);
				int off = (int)(2 * (at_vrow(a, p) + e * a->vstride));
				AO_IM(K_, st, ao_m(off, 0), V(a->lw), VS(a->stage[p], e / 2));
			}
	} else if (a->vgroup == 2) {
		/* passes 2r and 2r + 1 hold keys vkey + vrow and the next one: one dword per d */
		const int *tmp[2] = { a->w, a->x };
		for (unsigned p = 0; p < a->vpasses; p += 2)
			for (unsigned e = 0; e < 8; e++) {
				int d = tmp[e / 4][e % 4];
				AO_I(K_, AO_OP(v_perm_b32), V(d), VS(a->stage[p + 1], e / 2), VS(a->stage[p], e / 2),
				     ao_u32(e % 2 ? 0x07060302u : 0x05040100u));
				int off = (int)(2 * (at_vrow(a, p) + e * a->vstride));
				AO_IM(K_, AO_OP(ds_store_b32), ao_m(off, 0), V(a->lw), V(d));
			}
	} else {
		/* passes 4r .. 4r + 3 hold four adjacent keys: two dwords per d, packed in
		 * the first two K fragment slots (free between the tile's S and the next
		 * tile's K loads) */
		for (unsigned p = 0; p < a->vpasses; p += 4)
			for (unsigned e = 0; e < 8; e++) {
				struct ao_opnd q = ra_sub(a->ra, (unsigned)a->kr[e / 4], 2 * (e % 4), 2);
				for (unsigned h = 0; h < 2; h++)
					AO_I(K_, AO_OP(v_perm_b32), ao_part(q, h, 1), VS(a->stage[p + 2 * h + 1], e / 2),
					     VS(a->stage[p + 2 * h], e / 2), ao_u32(e % 2 ? 0x07060302u : 0x05040100u));
				int off = (int)(2 * (at_vrow(a, p) + e * a->vstride));
				AO_IM(K_, AO_OP(ds_store_b64), ao_m(off, 0), V(a->lw), q);
			}
	}
	ao_waitcnt(K_, -1, -1, 0);
	AO_I0(K_, AO_OP(s_barrier));
}

/* V^T fragment i (sub-tile i / nd, d slice i % nd) into ring slot i % v-ahead. */
static void v_frag_load(struct at *a, unsigned i)
{
	unsigned t = i / a->nd, c = i % a->nd;
	int base = (int)(2 * (16 * c * a->vstride + 16 * t));
	for (unsigned h = 0; h < 2; h++)
		AO_IM(K_, AO_OP(ds_load_b128), ao_m(base + 16 * (int)h, 0),
		      ra_sub(a->ra, (unsigned)a->vf[i % a->vring], 4 * h, 4), V(a->lr));
}

/* Step 5b: O^T += V^T P^T, the V fragments v-ahead loads ahead of their WMMA. */
static void pv(struct at *a)
{
	unsigned n = a->nt * a->nd;
	ao_op mma = a->dtype == AT_BF16 ? AO_OP(v_wmma_f32_16x16x16_bf16) : AO_OP(v_wmma_f32_16x16x16_f16);
	for (unsigned i = 0; i < a->vring && i < n; i++)
		v_frag_load(a, i);
	for (unsigned i = 0; i < n; i++) {
		unsigned t = i / a->nd, c = i % a->nd, ahead = (i + a->vring < n ? i + a->vring : n) - i - 1;
		ao_waitcnt(K_, -1, -1, (int)(2 * ahead));
		AO_I(K_, mma, V(a->oacc[c]), V(a->vf[i % a->vring]), V(a->sacc[t]), V(a->oacc[c]));
		if (i + a->vring < n)
			v_frag_load(a, i + a->vring);
	}
}

/* One key tile.  Without prefetch its V and first K loads are issued at its
 * top; with prefetch, by the tile before it (or the loop's prologue), once
 * that tile's V is in LDS, so they are in flight during its P V. */
static void tile(struct at *a)
{
	if (!a->prefetch) {
		v_loads(a);
		k_prime(a);
	}
	scores(a);
	scale_mask(a);
	softmax(a);
	pack_p(a);
	v_store(a);
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_k0), ao_s(a->s_k0), ao_u32(a->tile));
	if (a->prefetch) {
		/* only a tile that exists: the ragged one's clamp needs k0 < S_kv */
		int none = ao_label(K_, NULL);
		AO_I(K_, AO_OP(s_cmp_lt_i32), ao_s(a->s_k0), ao_s(a->s_kend));
		AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)none));
		v_loads(a);
		k_prime(a);
		ao_bind(K_, (unsigned)none);
	}
	pv(a);
}

void at_loop(struct at *a)
{
	int done = ao_label(K_, "keys_done"), top = ao_label(K_, "key_tile");
	AO_I(K_, AO_OP(s_cmp_lt_i32), ao_s(a->s_k0), ao_s(a->s_kend));
	AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)done));
	loop_offsets(a);
	if (a->prefetch) {
		v_loads(a);
		k_prime(a);
	}
	ao_bind(K_, (unsigned)top);
	for (unsigned u = 0; u < a->unroll; u++) {
		unsigned first = ao_inst_count(K_);
		tile(a);
		AO_I(K_, AO_OP(s_cmp_lt_i32), ao_s(a->s_k0), ao_s(a->s_kend));
		AO_I(K_, u + 1 < a->unroll ? AO_OP(s_cbranch_scc0) : AO_OP(s_cbranch_scc1),
		     ao_lab((unsigned)(u + 1 < a->unroll ? done : top)));
		if (!u)
			at_tag(a, first, AT_TAG_TILE);
	}
	ao_bind(K_, (unsigned)done);
}
