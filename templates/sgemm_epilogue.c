/* sgemm_epilogue.c — C = alpha*acc + beta*C for the thread's rows x cols
 * elements.  Element (r, q) of the thread is row row_thr + r' and column
 * col_thr + q' of the block, with r' = (r / tm)*lanes_m*tm + r % tm and
 * q' = (q / tn)*lanes_n*tn + q % tn.
 *
 * beta = +-0 never reads C (it may hold NaN).  A block inside M x N stores
 * global-vec floats at a time; an edge block stores float by float with
 * the lanes outside M x N switched off in EXEC. */
#include <stdio.h>

#include "templates/sgemm.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

static ao_op gstore(unsigned w)
{
	return w == 4 ? SG_OP(global_store_b128) : w == 2 ? SG_OP(global_store_b64) : SG_OP(global_store_b32);
}

struct ep {
	unsigned s_cbase, s_ldc4, s_rowm, s_beta;
	int v_cur, v_dr, v_dc;
};

static unsigned row_of(const struct sg_cfg *c, unsigned r)
{
	return (r / c->tm) * c->lanes_m * c->tm + r % c->tm;
}

static unsigned col_of(const struct sg_cfg *c, unsigned q)
{
	return (q / c->tn) * c->lanes_n * c->tn + q % c->tn;
}

/* acc += beta * C for row r, C's row in the virtual range c_row.  With the
 * bank-aware plan the accumulators are physical, and c_row[q], c_row[q+1]
 * lie in different banks wherever the allocator puts the range; so columns
 * q, q+1 pair into one v_dual_fmac_f32 (beta, one SGPR, counts once on the
 * constant bus) when their accumulators differ in parity: always once they
 * were moved to store order (acc_lo + r*cols + q); in the plan's own layout
 * (b32 stores) only where the plan paired two FMAs of one row (a one-row
 * tile), since its pairs otherwise put rows 2p and 2p+1 on the two parities.
 * ra_vopd_ok judges each pair with c_row placed at the first 4-aligned
 * register past the accumulators: the same banks as any real placement and,
 * like it, apart from every accumulator (first fit never gives a virtual
 * range a register an instruction names physically). */
static void emit_beta_row(struct sg_ctx *x, unsigned r)
{
	const struct sg_cfg *c = x->c;
	struct ao_opnd beta = ao_s(x->s_ab + 1);
	unsigned hi = x->plan ? x->plan->acc_hi : 0;
	unsigned crow_at = hi + (RA_VGPR_BANKS - ra_bank(hi)) % RA_VGPR_BANKS;   /* bank 0 */
	for (unsigned q = 0; q < c->cols;) {
		unsigned d0 = sg_acc(x, r, q, 1).reg, d1 = q + 1 < c->cols ? sg_acc(x, r, q + 1, 1).reg : 0;
		struct ra_vopd_half h[2] = {
			{ .op = RA_VOPD_FMAC_F32, .dst = d0, .src0 = { RA_OPND_SGPR, x->s_ab + 1 }, .vsrc1 = crow_at + q },
			{ .op = RA_VOPD_FMAC_F32, .dst = d1, .src0 = { RA_OPND_SGPR, x->s_ab + 1 },
			  .vsrc1 = crow_at + q + 1 },
		};
		if (x->plan && q + 1 < c->cols && ra_vopd_ok(&h[0], &h[1], NULL)) {
			struct ao_half hx = { .op = SG_OP(v_fmac_f32), .n = 3,
					      .o = { ao_v(d0), beta, SG_V(x, x->v_crow, q) } };
			struct ao_half hy = { .op = SG_OP(v_fmac_f32), .n = 3,
					      .o = { ao_v(d1), beta, SG_V(x, x->v_crow, q + 1) } };
			ao_vopd(x->k, &hx, &hy);
			q += 2;
		} else {
			I(SG_OP(v_fmac_f32), sg_acc(x, r, q, 1), beta, SG_V(x, x->v_crow, q));
			q++;
		}
	}
}

static void emit_rows(struct sg_ctx *x, const struct ep *e, bool guarded, bool beta)
{
	const struct sg_cfg *c = x->c;
	unsigned w = guarded ? 1 : c->gvw;
	struct ao_opnd cb = ao_sr(e->s_cbase, 2), cur = SG_VR(x, e->v_cur);
	for (unsigned r = 0; r < c->rows; r++) {
		unsigned rr = row_of(c, r);
		I(SG_OP(s_mul_i32), ao_s(x->s_tmp), ao_s(e->s_ldc4), ao_u32(rr));
		I(SG_OP(v_add_nc_u32), cur, ao_s(x->s_tmp), SG_VR(x, x->v_c_off));
		if (guarded)
			I(SG_OP(v_cmp_lt_i32), ao_s(e->s_rowm), ao_u32(rr), SG_VR(x, e->v_dr));
		if (beta) {
			for (unsigned q = 0; q < c->cols; q += w) {
				if (guarded) {
					I(SG_OP(v_cmp_lt_i32), ao_vcc(), ao_u32(col_of(c, q)), SG_VR(x, e->v_dc));
					I(SG_OP(s_and_b32), ao_exec(), ao_vcc(), ao_s(e->s_rowm));
				}
				IM(sg_global_load_op(w), ao_m((int)(col_of(c, q) * 4), 0), SG_VN(x, x->v_crow, q, w), cur, cb);
			}
			if (guarded)
				I(SG_OP(s_mov_b32), ao_exec(), ao_int(-1));
			ao_waitcnt(x->k, 0, -1, -1);
			emit_beta_row(x, r);
		}
		for (unsigned q = 0; q < c->cols; q += w) {
			if (guarded) {
				I(SG_OP(v_cmp_lt_i32), ao_vcc(), ao_u32(col_of(c, q)), SG_VR(x, e->v_dc));
				I(SG_OP(s_and_b32), ao_exec(), ao_vcc(), ao_s(e->s_rowm));
			}
			IM(gstore(w), ao_m((int)(col_of(c, q) * 4), 0), cur, sg_acc(x, r, q, w), cb);
		}
		if (guarded)
			I(SG_OP(s_mov_b32), ao_exec(), ao_int(-1));
	}
}

/* acc *= alpha.  With the bank-aware plan the accumulators are physical:
 * an even and an odd one lie in different banks, so they pair into one
 * v_dual_mul_f32 (alpha, one SGPR, counts once on the constant bus). */
static void emit_alpha(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	unsigned n = c->rows * c->cols, ne = 0, no = 0;
	unsigned ev[SG_MAX_ACCS], od[SG_MAX_ACCS];
	if (x->plan)
		for (unsigned i = 0; i < n; i++) {
			unsigned v = sg_acc(x, i / c->cols, i % c->cols, 1).reg;
			if (v % 2)
				od[no++] = v;
			else
				ev[ne++] = v;
		}
	unsigned pairs = ne < no ? ne : no;
	for (unsigned i = 0; i < pairs; i++) {
		struct ra_vopd_half h[2] = {
			{ .op = RA_VOPD_MUL_F32, .dst = ev[i], .src0 = { RA_OPND_SGPR, x->s_ab }, .vsrc1 = ev[i] },
			{ .op = RA_VOPD_MUL_F32, .dst = od[i], .src0 = { RA_OPND_SGPR, x->s_ab }, .vsrc1 = od[i] },
		};
		if (ra_vopd_ok(&h[0], &h[1], NULL)) {
			struct ao_half hx = { .op = SG_OP(v_mul_f32), .n = 3,
					      .o = { ao_v(ev[i]), ao_s(x->s_ab), ao_v(ev[i]) } };
			struct ao_half hy = { .op = SG_OP(v_mul_f32), .n = 3,
					      .o = { ao_v(od[i]), ao_s(x->s_ab), ao_v(od[i]) } };
			ao_vopd(x->k, &hx, &hy);
		} else {
			I(SG_OP(v_mul_f32), ao_v(ev[i]), ao_s(x->s_ab), ao_v(ev[i]));
			I(SG_OP(v_mul_f32), ao_v(od[i]), ao_s(x->s_ab), ao_v(od[i]));
		}
	}
	for (unsigned i = pairs; i < ne; i++)
		I(SG_OP(v_mul_f32), ao_v(ev[i]), ao_s(x->s_ab), ao_v(ev[i]));
	for (unsigned i = pairs; i < no; i++)
		I(SG_OP(v_mul_f32), ao_v(od[i]), ao_s(x->s_ab), ao_v(od[i]));
	if (!x->plan)
		for (unsigned r = 0; r < c->rows; r++)
			for (unsigned q = 0; q < c->cols; q++)
				I(SG_OP(v_mul_f32), sg_acc(x, r, q, 1), ao_s(x->s_ab), sg_acc(x, r, q, 1));
}

void sg_emit_epilogue(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	struct ep e;
	unsigned t = x->s_tmp, sC = x->s_args + 4, sLdc = x->s_dims + 3;
	e.s_cbase = sg_sgprs(x, 2);
	e.s_ldc4 = sg_sgprs(x, 1);
	e.s_rowm = sg_sgprs(x, 1);
	e.s_beta = sg_sgprs(x, 1);
	e.v_cur = ra_vreg(x->ra, "c_addr", 1);
	e.v_dr = ra_vreg(x->ra, "c_rows_left", 1);
	e.v_dc = ra_vreg(x->ra, "c_cols_left", 1);
	int l_guard = ao_label(k, "c_edge"), l_done = ao_label(k, "c_done");
	int l_fast_beta = ao_label(k, "c_fast_beta"), l_edge_beta = ao_label(k, "c_edge_beta");

	emit_alpha(x);
	ao_comment(k, "acc *= alpha");
	/* block base in C: C + (m0*ldc + n0)*4, 64-bit */
	I(SG_OP(s_mul_i32), ao_s(t), ao_s(x->s_m0), ao_s(sLdc));
	I(SG_OP(s_mul_hi_u32), ao_s(t + 1), ao_s(x->s_m0), ao_s(sLdc));
	I(SG_OP(s_add_u32), ao_s(t), ao_s(t), ao_s(x->s_n0));
	I(SG_OP(s_addc_u32), ao_s(t + 1), ao_s(t + 1), ao_int(0));
	I(SG_OP(s_lshl_b64), ao_sr(t, 2), ao_sr(t, 2), ao_int(2));
	I(SG_OP(s_add_u32), ao_s(e.s_cbase), ao_s(sC), ao_s(t));
	I(SG_OP(s_addc_u32), ao_s(e.s_cbase + 1), ao_s(sC + 1), ao_s(t + 1));
	I(SG_OP(s_lshl_b32), ao_s(e.s_ldc4), ao_s(sLdc), ao_int(2));
	struct ao_opnd t0 = SG_V(x, x->v_tmp, 0);
	I(SG_OP(v_mul_lo_u32), t0, SG_VR(x, x->v_row_thr), ao_s(sLdc));
	I(SG_OP(v_add_nc_u32), t0, t0, SG_VR(x, x->v_col_thr));
	I(SG_OP(v_lshlrev_b32), SG_VR(x, x->v_c_off), ao_int(2), t0);
	ao_comment(k, "lane's byte offset in the C block");
	I(SG_OP(s_and_b32), ao_s(e.s_beta), ao_s(x->s_ab + 1), ao_u32(0x7fffffff));
	ao_comment(k, "beta != +-0 (SCC): read C");
	I(SG_OP(s_cmp_ge_u32), ao_s(x->a.s_rem_x), ao_u32(c->bm));
	I(SG_OP(s_cbranch_scc0), ao_lab((unsigned)l_guard));
	I(SG_OP(s_cmp_ge_u32), ao_s(x->b.s_rem_x), ao_u32(c->bn));
	I(SG_OP(s_cbranch_scc0), ao_lab((unsigned)l_guard));
	I(SG_OP(s_cmp_lg_u32), ao_s(e.s_beta), ao_int(0));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)l_fast_beta));
	emit_rows(x, &e, false, false);
	I(SG_OP(s_branch), ao_lab((unsigned)l_done));
	ao_bind(k, (unsigned)l_fast_beta);
	emit_rows(x, &e, false, true);
	I(SG_OP(s_branch), ao_lab((unsigned)l_done));

	ao_bind(k, (unsigned)l_guard);
	I(SG_OP(v_sub_nc_u32), SG_VR(x, e.v_dr), ao_s(x->a.s_rem_x), SG_VR(x, x->v_row_thr));
	I(SG_OP(v_sub_nc_u32), SG_VR(x, e.v_dc), ao_s(x->b.s_rem_x), SG_VR(x, x->v_col_thr));
	ao_comment(k, "rows and columns of C left from this lane's first element");
	I(SG_OP(s_cmp_lg_u32), ao_s(e.s_beta), ao_int(0));
	I(SG_OP(s_cbranch_scc1), ao_lab((unsigned)l_edge_beta));
	emit_rows(x, &e, true, false);
	I(SG_OP(s_branch), ao_lab((unsigned)l_done));
	ao_bind(k, (unsigned)l_edge_beta);
	emit_rows(x, &e, true, true);
	ao_bind(k, (unsigned)l_done);
	AO_I0(x->k, SG_OP(s_endpgm));
}
