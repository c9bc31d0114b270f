/* attention_pack.c — gqa-pack of the attention template (docs/attention.md,
 * "Query-head packing"): a workgroup serves every query head of one
 * key/value head, so each K and V tile is loaded and staged once for the G =
 * H_q / H_kv heads that read it.  Its rows are the flattened (query, head in
 * the group) pairs: row r of key/value head hk is query r / G of head
 * hk G + r % G.  G comes from the arguments, so one kernel takes any
 * grouping, G = 1 (plain multi-head attention) included.
 *
 * Without gqa-pack the same names stand for the unpacked shape: the rows are
 * the queries (S_q of them), the grid's y the query heads, G unused. */
#include "templates/attention.h"

void at_pack_scalars(struct at *a)
{
	if (!a->pack) {
		a->s_nh = a->s_arg + A_HQ;
		a->s_rows = a->s_arg + A_SQ;
		a->s_h0 = a->wgy;
		return;
	}
	a->s_g = (unsigned)ao_sgprs(a->k, 1);
	a->s_h0 = (unsigned)ao_sgprs(a->k, 1);
	a->s_rows = (unsigned)ao_sgprs(a->k, 1);
	a->s_nh = a->s_arg + A_HKV;
	at_udiv(a, a->s_g, a->s_arg + A_HQ, a->s_arg + A_HKV);
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_rows), SA(A_SQ), ao_s(a->s_g));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_h0), ao_s(a->wgy), ao_s(a->s_g));
	ao_comment(K_, "gqa-pack: S_q G rows per key/value head, its first query head");
}

/* dst = num / den per lane (num below 2^24, den an SGPR). */
static void udiv_lane(struct at *a, int dst, int num, unsigned den)
{
	at_udiv_lanes(a, dst, V(num), den, ra_vreg(a->ra, "pack_r", 1), ra_vreg(a->ra, "pack_c", 1));
}

/* Fresh registers each call, so that the set-up's and the epilogue's are not
 * one range live across the key loop. */
void at_pack_lane(struct at *a, int *vq, int *vhg)
{
	int rc = ra_vreg(a->ra, "pack_row", 1);
	*vq = ra_vreg(a->ra, "pack_q", 1);
	*vhg = ra_vreg(a->ra, "pack_hg", 1);
	/* a row past the last reads (and would write) the last; its stores are masked */
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_rows), ao_int(-1));
	AO_I(K_, AO_OP(v_min_u32), V(rc), ao_s(a->s_t), V(a->qi));
	udiv_lane(a, *vq, rc, a->s_g);
	AO_I(K_, AO_OP(v_mul_lo_u32), V(*vhg), V(*vq), ao_s(a->s_g));
	AO_I(K_, AO_OP(v_sub_nc_u32), V(*vhg), V(rc), V(*vhg));
}
