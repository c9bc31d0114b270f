/* attention_combine.c — the split-KV combine of the attention template: the
 * workgroup that finished last reads every split's partials from ws and
 * merges them (docs/attention.md, "Split-KV"):
 *   M = max_s m_s,  w_s = l_s exp2(m_s - M),  O = sum_s w_s o_s / sum_s w_s.
 * Every read is a glc dlc load (past the non-coherent caches).  The loads of
 * one split wait on memory, so they are overlapped: each lane group reads
 * the maxima of its own splits (into O's accumulators, zero only once the
 * sum starts) and the groups' maxima then meet across lanes; the sum's first
 * steps, one per register set (the Q fragments, then as many sets as the
 * other registers of the key loop, dead now, hold: one at D = 128, two at
 * D = 64 in decode), load while the maxima land, and each set loads the
 * step np on as soon as it is summed, so np steps are always in flight.  A
 * lane's partials are 2 nd quads of 4 floats;
 * ws holds quad q of every row together (attention_out.c), so the b128 load
 * of one quad by a group's lanes touches one 128-byte line, not one per
 * lane.  A build whose spare registers hold no second set of partials sums
 * one step at a time.
 *
 * Lane groups: a wave's R valid rows (a run-time value: S_q, or S_q G
 * packed, need not fill the 16) sit in lanes 0 .. R-1 of each half, so with
 * R <= 8 most lanes would idle.  With rows_p2 the power of two >= R, the 16
 * lanes of a half form groups = 16 / rows_p2 groups of rows_p2 lanes: lane
 * l % 16 = g rows_p2 + r serves row r of the wave and, in the sum, the
 * splits g, g + groups, ... (a lane whose split is past the last neither
 * loads nor adds: exec); the groups' maxima meet first.  The groups'
 * sums are then added across lanes, one ds_bpermute round per doubling of
 * the distance rows_p2 .. 8, after which every lane of a row holds the
 * row's totals.  With R > 8 there is one group and no round. */
#include "templates/attention.h"

#include <string.h>

#define NINF 0xff800000u

#define AT_COMB_SETS 4 /* register sets of partials, at most */

/* The register set one split's partials load into. */
struct part {
	struct ao_opnd m, l, o[8 * AT_MAX_ND];
};

struct comb {
	unsigned s_row;   /* bytes between two splits' o rows: 4 D rows (S_q, packed S_q G) */
	unsigned s_mls;   /* bytes between two splits' (m, l) rows: 8 rows */
	unsigned s_last;  /* n_split - 1 */
	unsigned pair[4]; /* SGPR pairs: the split's ml and o bases */
	unsigned s_lg;    /* log2 rows_p2 */
	unsigned s_grp;   /* groups = 16 / rows_p2 */
	unsigned s_u;     /* a set's first split, unclamped */
	int vg;           /* the lane's group */
	int mlg;          /* t2 plus the group's split offset: the lane's (m, l) */
	int oq;           /* 2 nd registers: the lane's quads of o (its group's split) */
};

/* s[pair] = ws + split * stride */
static void split_base(struct at *a, unsigned pair, unsigned s_split, unsigned s_stride)
{
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(s_split), ao_s(s_stride));
	AO_I(K_, AO_OP(s_add_u32), ao_s(pair), SA(A_WS), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_addc_u32), ao_s(pair + 1), SA(A_WS + 1), ao_int(0));
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
 * the loads it issued.  vml: the lane's offset to its (m, l); its quads of o
 * (the split's block holds quad q of every row, then quad q + 1:
 * attention_out.c) at the offsets in oq. */
static unsigned load_part(struct at *a, const struct comb *c, unsigned s_split, const struct part *p,
			  unsigned ml_pair, unsigned o_pair, int vml, bool with_o)
{
	const unsigned flags = AO_GLC | AO_DLC;
	split_base(a, ml_pair, s_split, c->s_mls);
	AO_IM(K_, AO_OP(global_load_b32), ao_m(0, flags), p->m, V(vml), ao_sr(ml_pair, 2));
	if (!with_o)
		return 1;
	AO_IM(K_, AO_OP(global_load_b32), ao_m(4, flags), p->l, V(vml), ao_sr(ml_pair, 2));
	split_base(a, o_pair, s_split, c->s_row);
	unsigned n = 2;
	for (unsigned q = 0; q < 2 * a->nd; q++) {
		struct ao_opnd q4, addr = VS(c->oq, q);
		if (quad(p->o, 4 * q, 8 * a->nd, &q4)) {
			AO_IM(K_, AO_OP(global_load_b128), ao_m(0, flags), q4, addr, ao_sr(o_pair, 2));
			n++;
			continue;
		}
		for (unsigned i = 0; i < 4; i++, n++)
			AO_IM(K_, AO_OP(global_load_b32), ao_m((int)(4 * i), flags), p->o[4 * q + i], addr,
			      ao_sr(o_pair, 2));
	}
	return n;
}

/* vcc = the lanes whose split s_first + g is below n_split (s_first may be
 * past it: then none). */
static void valid_lanes(struct at *a, const struct comb *c, unsigned s_first)
{
	AO_I(K_, AO_OP(s_min_u32), ao_s(a->s_t), ao_s(s_first), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_t), ao_s(a->s_nsplit), ao_s(a->s_t));
	AO_I(K_, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(a->s_t), V(c->vg));
}

/* l += w, O += w o with w = l_s exp2(m_s - M) (alpha holds M, or 0 for
 * -inf), in the lanes whose split (s_first + g) is one: the others loaded
 * nothing. */
static void add_part(struct at *a, const struct comb *c, const struct part *p, unsigned s_first)
{
	valid_lanes(a, c, s_first);
	AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(a->s_save), ao_vcc());
	AO_I(K_, AO_OP(v_sub_f32), p->m, p->m, V(a->alpha));
	AO_I(K_, AO_OP(v_exp_f32), p->m, p->m);
	AO_I(K_, AO_OP(v_mul_f32), p->m, p->m, p->l);
	AO_I(K_, AO_OP(v_add_f32), V(a->l), V(a->l), p->m);
	for (unsigned e = 0; e < 8 * a->nd; e++)
		AO_I(K_, AO_OP(v_fmac_f32), VS(a->oacc[e / 8], e % 8), p->m, p->o[e]);
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
}

/* Registers of the key loop that are dead in the epilogue, one by one: the
 * further sets of partials.  Returns how many there are (at most n). */
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

/* The set at s_u = s_s + u groups (u = 0 .. 3), loaded by the lanes whose
 * split is one (from the clamped SGPR base); returns the loads. */
static unsigned load_step(struct at *a, const struct comb *c, unsigned u, const struct part *p, unsigned i)
{
	if (u == 0) {
		AO_I(K_, AO_OP(s_mov_b32), ao_s(c->s_u), ao_s(a->s_s));
	} else {
		AO_I(K_, AO_OP(s_mul_i32), ao_s(c->s_u), ao_s(c->s_grp), ao_u32(u));
		AO_I(K_, AO_OP(s_add_u32), ao_s(c->s_u), ao_s(a->s_s), ao_s(c->s_u));
	}
	AO_I(K_, AO_OP(s_min_u32), ao_s(a->s_loop), ao_s(c->s_u), ao_s(c->s_last));
	valid_lanes(a, c, c->s_u);
	AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(a->s_save), ao_vcc());
	unsigned n = load_part(a, c, a->s_loop, p, c->pair[2 * i], c->pair[2 * i + 1], c->mlg, true);
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
	return n;
}

/* The loads load_part issues for a whole set into p. */
static unsigned step_loads(const struct at *a, const struct part *p)
{
	unsigned n = 2;
	for (unsigned q = 0; q < 2 * a->nd; q++) {
		struct ao_opnd q4;
		n += quad(p->o, 4 * q, 8 * a->nd, &q4) ? 1 : 4;
	}
	return n;
}

/* vmcnt(n), or vmcnt(63) when n does not fit its 6 bits (a longer wait) */
static void wait_vm(struct at *a, unsigned n)
{
	ao_waitcnt(K_, n < 63 ? (int)n : 63, -1, -1);
}

/* m = max(m, the k maxima loaded) */
static void max_fold(struct at *a, const struct ao_opnd *m, unsigned k)
{
	unsigned u = 0;
	for (; u + 2 <= k; u += 2)
		AO_I(K_, AO_OP(v_max3_f32), V(a->m), V(a->m), m[u], m[u + 1]);
	if (u < k)
		AO_I(K_, AO_OP(v_max_f32), V(a->m), V(a->m), m[u]);
}

/* One round of maxima: the lane's group reads the maxima of the splits
 * s_s + g + groups u, u < k, into m (-inf where the split is past the
 * last: a lane whose split is none loads nothing, exec). */
static void max_round(struct at *a, const struct comb *c, const struct ao_opnd *m, unsigned k)
{
	int past = ao_label(K_, NULL);
	for (unsigned u = 0; u < k; u++)
		AO_I(K_, AO_OP(v_mov_b32), m[u], ao_u32(NINF));
	for (unsigned u = 0; u < k; u++) {
		struct part p = { .m = m[u] };
		AO_I(K_, AO_OP(s_mul_i32), ao_s(c->s_u), ao_s(c->s_grp), ao_u32(u));
		AO_I(K_, AO_OP(s_add_u32), ao_s(c->s_u), ao_s(a->s_s), ao_s(c->s_u));
		if (u) {
			AO_I(K_, AO_OP(s_cmp_ge_u32), ao_s(c->s_u), ao_s(a->s_nsplit));
			AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)past));
		}
		valid_lanes(a, c, c->s_u);
		AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(a->s_save), ao_vcc());
		load_part(a, c, c->s_u, &p, c->pair[u % 4], 0, c->mlg, false);
		AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
	}
	ao_bind(K_, (unsigned)past);
}

/* Rounds across the lane groups: at distance rows_p2, 2 rows_p2, .. 8 (lane
 * l % 16 ^ distance, within the half) each of the n values val[e] takes the
 * partner's through ds_bpermute into tmp[e] and combines it with op, at most
 * 32 in flight (lgkmcnt has 6 bits).  After the last round every lane of a
 * row holds the row's combined value. */
static void group_rounds(struct at *a, const struct comb *c, const struct ao_opnd *val, const struct ao_opnd *tmp,
			 unsigned n, ao_op op)
{
	unsigned batch = 16, s_d = c->s_u;
	int xr = a->muse;
	int top = ao_label(K_, NULL), done = ao_label(K_, NULL);
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(s_d), ao_int(1), ao_s(c->s_lg));
	ao_bind(K_, (unsigned)top);
	AO_I(K_, AO_OP(s_cmp_ge_u32), ao_s(s_d), ao_int(16));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)done));
	/* xaddr is 4 (lane ^ 16): 4 (lane ^ d) = xaddr ^ (64 + 4 d) */
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_s(s_d), ao_int(2));
	AO_I(K_, AO_OP(s_or_b32), ao_s(a->s_t), ao_s(a->s_t), ao_int(64));
	AO_I(K_, AO_OP(v_xor_b32), V(xr), ao_s(a->s_t), V(a->xaddr));
	for (unsigned b = 0; b * batch < n + batch; b++) {
		unsigned lo = b * batch, hi = lo + batch < n ? lo + batch : n;
		for (unsigned e = lo; e < hi; e++)
			AO_I(K_, AO_OP(ds_bpermute_b32), tmp[e], V(xr), val[e]);
		if (b == 0)
			continue;
		ao_waitcnt(K_, -1, -1, lo < n ? (int)(hi - lo) : 0);
		for (unsigned e = lo - batch; e < lo && e < n; e++)
			AO_I(K_, op, val[e], val[e], tmp[e]);
	}
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(s_d), ao_s(s_d), ao_int(1));
	AO_I(K_, AO_OP(s_branch), ao_lab((unsigned)top));
	ao_bind(K_, (unsigned)done);
}

/* M over the splits: each lane group reads the maxima of its own splits
 * (up to k per round, into O's accumulators, which the sum zeroes after),
 * then the groups' maxima meet across lanes; alpha = M, or 0 when M = -inf.
 * The sum's first steps (one per register set, registers M does not need)
 * are issued before the last round's wait, so their loads fly while the
 * maxima land.  k keeps every load in flight within vmcnt's 6 bits; l and O
 * start at 0. */
static void max_pass(struct at *a, const struct comb *c, const struct part *p, unsigned np)
{
	struct ao_opnd m[32];
	unsigned nl = 0;
	for (unsigned i = 0; i < np; i++)
		nl += step_loads(a, &p[i]);
	unsigned k = 8 * a->nd < 32 ? 8 * a->nd : 32;
	if (k + nl > 63)
		k = nl + 4 <= 63 ? 63 - nl : 4;
	for (unsigned u = 0; u < k; u++)
		m[u] = VS(a->oacc[u / 8], u % 8);
	int top = ao_label(K_, NULL), last = ao_label(K_, NULL);
	AO_I(K_, AO_OP(v_mov_b32), V(a->m), ao_u32(NINF));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_s), ao_int(0));
	ao_bind(K_, (unsigned)top);
	max_round(a, c, m, k);
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(c->s_grp), ao_u32(k));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_s), ao_s(a->s_s), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(a->s_s), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)last));
	ao_waitcnt(K_, 0, -1, -1);
	max_fold(a, m, k);
	AO_I(K_, AO_OP(s_branch), ao_lab((unsigned)top));
	ao_bind(K_, (unsigned)last);
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_s), ao_int(0));
	for (unsigned i = 0; i < np; i++)
		load_step(a, c, i, &p[i], i % 2);
	/* the steps' loads may stay in flight */
	wait_vm(a, nl);
	max_fold(a, m, k);
	const struct ao_opnd mv = V(a->m);
	group_rounds(a, c, &mv, &m[0], 1, AO_OP(v_max_f32)); /* m[0]: free now */
	AO_I(K_, AO_OP(v_cmp_neq_f32), ao_vcc(), ao_u32(NINF), V(a->m));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->alpha), ao_int(0), V(a->m), ao_vcc());
	AO_I(K_, AO_OP(v_mov_b32), V(a->l), ao_int(0));
	for (unsigned e = 0; e < 8 * a->nd; e++)
		AO_I(K_, AO_OP(v_mov_b32), VS(a->oacc[e / 8], e % 8), ao_int(0));
}

/* The sum over the splits, groups at a time, from the steps max_pass left
 * in flight, one per register set: set i holds the step at s + i groups,
 * and is reloaded with the step np further on as soon as it is summed, so
 * np steps are always in flight (np = 1: one at a time). */
static void sum_pass(struct at *a, const struct comb *c, const struct part *p, unsigned np)
{
	int top = ao_label(K_, NULL), out = ao_label(K_, NULL);
	unsigned nl[AT_COMB_SETS], all = 0;
	for (unsigned i = 0; i < np; i++)
		all += nl[i] = step_loads(a, &p[i]);
	ao_bind(K_, (unsigned)top);
	for (unsigned i = 0; i < np; i++) {
		/* the other sets' loads, issued after this one's, may stay in flight */
		wait_vm(a, all - nl[i]);
		unsigned s_first = a->s_s;
		if (i) {
			AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_loop), ao_s(c->s_grp), ao_u32(i));
			AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_loop), ao_s(a->s_s), ao_s(a->s_loop));
			AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(a->s_loop), ao_s(a->s_nsplit));
			AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)out));
			s_first = a->s_loop;
		}
		add_part(a, c, &p[i], s_first);
		load_step(a, c, i + np, &p[i], i % 2);
	}
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(c->s_grp), ao_u32(np));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_s), ao_s(a->s_s), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(a->s_s), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)top));
	ao_bind(K_, (unsigned)out);
	ao_waitcnt(K_, 0, -1, -1);
	ao_comment(K_, "the loads past the last split land before their registers are reused");
}

/* The groups' sums added across lanes (group_rounds): the partner's l and o
 * into tmp, the first set of partials, landed. */
static void sum_groups(struct at *a, const struct comb *c, const struct ao_opnd *tmp)
{
	unsigned n = 8 * a->nd + 1;
	struct ao_opnd val[8 * AT_MAX_ND + 1];
	val[0] = V(a->l);
	for (unsigned e = 0; e + 1 < n; e++)
		val[e + 1] = VS(a->oacc[e / 8], e % 8);
	group_rounds(a, c, val, tmp, n, AO_OP(v_add_f32));
}

/* s_lg = log2 rows_p2 and s_grp = 16 / rows_p2 from the wave's valid rows
 * R (its lanes 0 .. R-1 of a half: qi below the rows); the lane's group
 * and the row it serves, qi with the group's bits cleared, into muse. */
static void lane_groups(struct at *a, const struct comb *c)
{
	AO_I(K_, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(a->s_rows), V(a->qi));
	AO_I(K_, AO_OP(s_and_b32), ao_s(a->s_t), ao_vcc(), ao_u32(0xffff));
	AO_I(K_, AO_OP(s_bcnt1_i32_b32), ao_s(a->s_t), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(c->s_lg), ao_int(0));
	for (unsigned t = 1; t < 16; t *= 2) {
		AO_I(K_, AO_OP(s_cmp_gt_u32), ao_s(a->s_t), ao_u32(t));
		AO_I(K_, AO_OP(s_addc_u32), ao_s(c->s_lg), ao_s(c->s_lg), ao_int(0));
	}
	AO_I(K_, AO_OP(s_lshr_b32), ao_s(c->s_grp), ao_int(16), ao_s(c->s_lg));
	AO_I(K_, AO_OP(v_lshrrev_b32), V(c->vg), ao_s(c->s_lg), V(a->lane16));
	/* qi & ~(16 - rows_p2): the wave's first row plus l % rows_p2 */
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_int(1), ao_s(c->s_lg));
	AO_I(K_, AO_OP(s_sub_u32), ao_s(a->s_t), ao_int(16), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_not_b32), ao_s(a->s_t), ao_s(a->s_t));
	AO_I(K_, AO_OP(v_and_b32), V(a->muse), ao_s(a->s_t), V(a->qi));
}

/* The register sets of partials, np of them (returned): the Q fragments (and
 * t1, w0), then as many sets as the other registers of the key loop hold,
 * all dead now; at most AT_COMB_SETS, and as many as keep every step's loads
 * and four maxima in flight within vmcnt's 6 bits. */
static unsigned part_sets(struct at *a, struct part *p)
{
	const int ml[AT_COMB_SETS][2] = { { a->t1, a->w[0] }, { a->x[0], a->x[1] }, { a->x[2], a->x[3] },
					  { a->w[1], a->w[2] } };
	struct ao_opnd spare[8 * AT_MAX_ND * (AT_COMB_SETS - 1)];
	unsigned n = 8 * a->nd, ns = spare_regs(a, spare, n * (AT_COMB_SETS - 1)), np = 1, loads = 0;
	for (unsigned e = 0; e < n; e++)
		p[0].o[e] = VS(a->qf[e / 8], e % 8);
	for (; np < AT_COMB_SETS && (np + 1) * n <= ns + n; np++)
		memcpy(p[np].o, spare + (np - 1) * n, n * sizeof spare[0]);
	for (unsigned i = 0; i < np; i++) {
		p[i].m = V(ml[i][0]), p[i].l = V(ml[i][1]);
		if ((loads += step_loads(a, &p[i])) + 4 > 63)
			return i ? i : 1;
	}
	return np;
}

void at_combine(struct at *a, unsigned s_row, unsigned s_ml)
{
	/* the key loop's bases and temporaries are dead: the split bases */
	struct comb c = { .s_row = s_row, .s_mls = a->s_t2, .s_last = a->s_k0,
			  .pair = { a->s_qb, a->s_kb, a->s_vb, a->s_kt },
			  .s_lg = (unsigned)ao_sgprs(K_, 1), .s_grp = (unsigned)ao_sgprs(K_, 1),
			  .s_u = (unsigned)ao_sgprs(K_, 1),
			  .vg = ra_vreg(a->ra, "comb_g", 1), .mlg = ra_vreg(a->ra, "comb_mlg", 1),
			  .oq = ra_vreg(a->ra, "comb_oq", 2 * a->nd) };
	lane_groups(a, &c);
	/* muse: the lane's row (clamped to the last row); t2 the byte offset of
	 * its (m, l) in split 0; oq[0] that of its first quad of o,
	 * 4 D s_row + 32 row + 16 half (attention_out.c) */
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_rows), ao_int(-1));
	AO_I(K_, AO_OP(v_min_u32), V(a->muse), ao_s(a->s_t), V(a->muse));
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->t2), ao_s(s_row), V(a->muse));
	AO_I(K_, AO_OP(v_lshl_add_u32), V(a->t2), V(a->t2), ao_int(3), ao_s(s_ml));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(s_row), ao_u32(4 * a->d));
	AO_I(K_, AO_OP(v_lshl_add_u32), VS(c.oq, 0), V(a->muse), ao_int(5), ao_s(a->s_t));
	AO_I(K_, AO_OP(v_lshl_add_u32), VS(c.oq, 0), V(a->half), ao_int(4), VS(c.oq, 0));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(c.s_mls), ao_s(a->s_rows), ao_int(3));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(c.s_row), ao_s(c.s_mls), ao_u32(a->d / 2));
	AO_I(K_, AO_OP(s_add_u32), ao_s(c.s_last), ao_s(a->s_nsplit), ao_int(-1));
	/* the group's first split: g splits further on; quad q: 32 q rows on */
	AO_I(K_, AO_OP(v_mul_lo_u32), V(c.mlg), V(c.vg), ao_s(c.s_mls));
	AO_I(K_, AO_OP(v_add_nc_u32), V(c.mlg), V(a->t2), V(c.mlg));
	AO_I(K_, AO_OP(v_mul_lo_u32), V(a->muse), V(c.vg), ao_s(c.s_row));
	AO_I(K_, AO_OP(v_add_nc_u32), VS(c.oq, 0), VS(c.oq, 0), V(a->muse));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_s(a->s_rows), ao_int(5));
	for (unsigned q = 1; q < 2 * a->nd; q++)
		AO_I(K_, AO_OP(v_add_nc_u32), VS(c.oq, q), ao_s(a->s_t), VS(c.oq, q - 1));
	struct part p[AT_COMB_SETS];
	unsigned np = part_sets(a, p);
	max_pass(a, &c, p, np);
	sum_pass(a, &c, p, np);
	struct ao_opnd tmp[8 * AT_MAX_ND + 1];
	tmp[0] = p[0].m;
	memcpy(tmp + 1, p[0].o, 8 * a->nd * sizeof tmp[0]);
	sum_groups(a, &c, tmp);
}
