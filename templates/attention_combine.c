/* attention_combine.c — the split-KV combine of the attention template: the
 * workgroup that finished last reads every split's partials from ws and
 * merges them (docs/attention.md, "Split-KV"):
 *   M = max_s m_s,  w_s = l_s exp2(m_s - M),  O = sum_s w_s o_s / sum_s w_s.
 * Every read is a glc dlc load (past the non-coherent caches).  The loads of
 * one split wait on memory, so they are overlapped: the maxima are read up to
 * 16 splits at a time (an index past the last split reads the last one
 * again, harmless for a maximum), and the partials of split s + 1 load into a
 * second register set while split s is summed (the registers of the key loop,
 * dead now).  A lane's partials are a run of 8 nd floats (attention_out.c
 * stores them in its registers' order), read in b128 loads: one split is 18
 * loads at D 128 where it was 66 single dwords, and the decode preset's
 * combine, the last workgroup's serial tail, went from a fifth of the
 * kernel's time to about a tenth.  A build whose spare registers cannot hold
 * a second set of partials sums one split at a time. */
#include "templates/attention.h"

#include <string.h>

#define NINF 0xff800000u

/* The register set one split's partials load into. */
struct part {
	struct ao_opnd m, l, o[8 * AT_MAX_ND];
};

struct comb {
	unsigned s_row;   /* bytes between two splits' o rows: 4 D rows (S_q, packed S_q G) */
	unsigned s_mls;   /* bytes between two splits' (m, l) rows: 8 rows */
	unsigned s_last;  /* n_split - 1 */
	unsigned pair[4]; /* SGPR pairs: the split's ml and o bases */
};

/* s[pair] = ws + split * stride */
static void split_base(struct at *a, unsigned pair, unsigned s_split, unsigned s_stride)
{
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(s_split), ao_s(s_stride));
	AO_I(K_, AO_OP(s_add_u32), ao_s(pair), SA(A_WS), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_addc_u32), ao_s(pair + 1), SA(A_WS + 1), ao_int(0));
}

/* s_dst = min(s_s + u, n_split - 1) */
static void clamped_split(struct at *a, const struct comb *c, unsigned s_dst, unsigned u)
{
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_dst), ao_s(a->s_s), ao_u32(u));
	AO_I(K_, AO_OP(s_min_u32), ao_s(s_dst), ao_s(s_dst), ao_s(c->s_last));
}

/* Four registers of a part from o[e] (of n): one b128 when o[e .. e+3] are one run
 * of a virtual range (the Q fragments and the spare registers are, in runs of
 * four or eight). */
static bool quad(const struct ao_opnd *o, unsigned e, unsigned n, struct ao_opnd *q)
{
	if (e + 4 > n)
		return false;
	for (unsigned i = 1; i < 4; i++)
		if (o[e + i].kind != o[e].kind || o[e + i].reg != o[e].reg || o[e + i].sub != o[e].sub + i)
			return false;
	*q = o[e];
	q->count = 4;
	return true;
}

/* The partials of split s_split into p (with_o: the o values too); returns
 * the loads it issued.  The lane offsets: t2 to its (m, l), muse to its
 * first o (its o values are a run of 8 nd floats, attention_out.c). */
static unsigned load_part(struct at *a, const struct comb *c, unsigned s_split, const struct part *p,
			  unsigned ml_pair, unsigned o_pair, bool with_o)
{
	const unsigned flags = AO_GLC | AO_DLC;
	split_base(a, ml_pair, s_split, c->s_mls);
	AO_IM(K_, AO_OP(global_load_b32), ao_m(0, flags), p->m, V(a->t2), ao_sr(ml_pair, 2));
	if (!with_o)
		return 1;
	AO_IM(K_, AO_OP(global_load_b32), ao_m(4, flags), p->l, V(a->t2), ao_sr(ml_pair, 2));
	split_base(a, o_pair, s_split, c->s_row);
	unsigned n = 2;
	for (unsigned e = 0; e < 8 * a->nd; n++) {
		struct ao_opnd q;
		if (quad(p->o, e, 8 * a->nd, &q)) {
			AO_IM(K_, AO_OP(global_load_b128), ao_m((int)(4 * e), flags), q, V(a->muse), ao_sr(o_pair, 2));
			e += 4;
		} else {
			AO_IM(K_, AO_OP(global_load_b32), ao_m((int)(4 * e), flags), p->o[e], V(a->muse),
			      ao_sr(o_pair, 2));
			e++;
		}
	}
	return n;
}

/* l += w, O += w o with w = l_s exp2(m_s - M) (alpha holds M, or 0 for -inf). */
static void add_part(struct at *a, const struct part *p)
{
	AO_I(K_, AO_OP(v_sub_f32), p->m, p->m, V(a->alpha));
	AO_I(K_, AO_OP(v_exp_f32), p->m, p->m);
	AO_I(K_, AO_OP(v_mul_f32), p->m, p->m, p->l);
	AO_I(K_, AO_OP(v_add_f32), V(a->l), V(a->l), p->m);
	for (unsigned e = 0; e < 8 * a->nd; e++)
		AO_I(K_, AO_OP(v_fmac_f32), VS(a->oacc[e / 8], e % 8), p->m, p->o[e]);
}

/* Registers of the key loop that are dead in the epilogue, one by one: the
 * second set of partials.  Returns how many there are (at most n). */
static unsigned spare_regs(const struct at *a, struct ao_opnd *o, unsigned n)
{
	unsigned k = 0;
	for (unsigned r = 0; r < a->ring && k < n; r++)
		for (unsigned i = 0; i < 8 && k < n; i++)
			o[k++] = VS(a->kr[r], i);
	for (unsigned p = 0; p < a->vpasses && k < n; p++)
		for (unsigned i = 0; i < 4 && k < n; i++)
			o[k++] = VS(a->stage[p], i);
	for (unsigned r = 0; r < a->vring && k < n; r++)
		for (unsigned i = 0; i < 8 && k < n; i++)
			o[k++] = VS(a->vf[r], i);
	for (unsigned t = 0; t < a->nt && k < n; t++)
		for (unsigned i = 0; i < 8 && k < n; i++)
			o[k++] = VS(a->sacc[t], i);
	return k;
}

/* M over the splits, up to 16 loads per wait (into the key loop's dead
 * registers; an index past the last split reads the last one again,
 * harmless for a maximum); alpha = M, or 0 when M = -inf. */
static void max_pass(struct at *a, const struct comb *c)
{
	struct ao_opnd m[16];
	unsigned k = spare_regs(a, m, 16);
	if (k < 4) {
		const struct ao_opnd four[4] = { V(a->t1), V(a->x[0]), V(a->x[1]), V(a->x[2]) };
		memcpy(m, four, sizeof four);
		k = 4;
	}
	int top = ao_label(K_, NULL);
	AO_I(K_, AO_OP(v_mov_b32), V(a->m), ao_u32(NINF));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_s), ao_int(0));
	ao_bind(K_, (unsigned)top);
	for (unsigned u = 0; u < k; u++) {
		struct part p = { .m = m[u] };
		clamped_split(a, c, a->s_loop, u);
		load_part(a, c, a->s_loop, &p, c->pair[u % 4], 0, false);
	}
	ao_waitcnt(K_, 0, -1, -1);
	unsigned u = 0;
	for (; u + 2 <= k; u += 2)
		AO_I(K_, AO_OP(v_max3_f32), V(a->m), V(a->m), m[u], m[u + 1]);
	if (u < k)
		AO_I(K_, AO_OP(v_max_f32), V(a->m), V(a->m), m[u]);
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_s), ao_s(a->s_s), ao_u32(k));
	AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(a->s_s), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)top));
	AO_I(K_, AO_OP(v_cmp_neq_f32), ao_vcc(), ao_u32(NINF), V(a->m));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->alpha), ao_int(0), V(a->m), ao_vcc());
}

/* The sum over the splits: two register sets (a: the Q fragments, b: the
 * spare registers) alternate, or, without spare registers, one. */
static void sum_pass(struct at *a, const struct comb *c)
{
	struct part pa = { .m = V(a->t1), .l = V(a->w[0]) }, pb = { .m = V(a->x[0]), .l = V(a->x[1]) };
	unsigned n = 8 * a->nd;
	for (unsigned e = 0; e < n; e++)
		pa.o[e] = VS(a->qf[e / 8], e % 8);
	bool two = spare_regs(a, pb.o, n) == n;
	int top = ao_label(K_, NULL);
	AO_I(K_, AO_OP(v_mov_b32), V(a->l), ao_int(0));
	for (unsigned e = 0; e < n; e++)
		AO_I(K_, AO_OP(v_mov_b32), VS(a->oacc[e / 8], e % 8), ao_int(0));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_s), ao_int(0));
	if (two)
		load_part(a, c, a->s_s, &pa, c->pair[0], c->pair[1], true);
	ao_bind(K_, (unsigned)top);
	if (!two) {
		load_part(a, c, a->s_s, &pa, c->pair[0], c->pair[1], true);
		ao_waitcnt(K_, 0, -1, -1);
		add_part(a, &pa);
	} else {
		/* split s is in a (or on its way); s + 1 into b, s + 2 into a behind it */
		clamped_split(a, c, a->s_loop, 1);
		/* the set just loaded may stay in flight (within vmcnt's 6 bits) */
		unsigned nb = load_part(a, c, a->s_loop, &pb, c->pair[2], c->pair[3], true);
		ao_waitcnt(K_, nb < 63 ? (int)nb : 63, -1, -1);
		add_part(a, &pa);
		clamped_split(a, c, a->s_loop, 2);
		unsigned na = load_part(a, c, a->s_loop, &pa, c->pair[0], c->pair[1], true);
		ao_waitcnt(K_, na < 63 ? (int)na : 63, -1, -1);
		int skip = ao_label(K_, NULL);
		AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_s), ao_int(1));
		AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(a->s_t), ao_s(a->s_nsplit));
		AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)skip));
		add_part(a, &pb);
		ao_bind(K_, (unsigned)skip);
	}
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_s), ao_s(a->s_s), ao_int(two ? 2 : 1));
	AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(a->s_s), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)top));
	ao_waitcnt(K_, 0, -1, -1);
	ao_comment(K_, "the loads past the last split land before their registers are reused");
}

void at_combine(struct at *a, unsigned s_row, unsigned s_ml)
{
	/* the key loop's bases and temporaries are dead: the split bases */
	struct comb c = { .s_row = s_row, .s_mls = a->s_t2, .s_last = a->s_k0,
			  .pair = { a->s_qb, a->s_kb, a->s_vb, a->s_kt } };
	/* muse: the lane's row of split 0 (clamped to the last row); t2 the
	 * byte offset of its (m, l), muse then that of its first o */
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_rows), ao_int(-1));
	AO_I(K_, AO_OP(v_min_u32), V(a->muse), ao_s(a->s_t), V(a->qi));
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->muse), ao_s(s_row), V(a->muse));
	AO_I(K_, AO_OP(v_lshl_add_u32), V(a->t2), V(a->muse), ao_int(3), ao_s(s_ml));
	AO_I(K_, AO_OP(v_mul_u32_u24), V(a->muse), ao_u32(a->d), V(a->muse));
	AO_I(K_, AO_OP(v_lshl_add_u32), V(a->muse), V(a->half), ao_int((int)tpl_log2(a->d / 2)), V(a->muse));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->muse), ao_int(2), V(a->muse));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(c.s_mls), ao_s(a->s_rows), ao_int(3));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(c.s_row), ao_s(c.s_mls), ao_u32(a->d / 2));
	AO_I(K_, AO_OP(s_add_u32), ao_s(c.s_last), ao_s(a->s_nsplit), ao_int(-1));
	max_pass(a, &c);
	sum_pass(a, &c);
}
