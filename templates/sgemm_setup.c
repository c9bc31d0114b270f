/* sgemm_setup.c — everything before the k-loop: kernel arguments into SGPRs,
 * the workgroup's tile of C (walk order), the per-operand SGPR bases and
 * per-lane offsets of the global -> LDS copy, and the LDS read addresses of
 * the thread's fragments.
 *
 * Address arithmetic: bases are 64-bit SGPR pairs; per-lane offsets are
 * 32-bit VGPRs added by the hardware (global_load v, voff, s[base:base+1]).
 * So one operand's byte offsets within a block row/column must stay below
 * 4 GiB (docs/sgemm.md). */
#include "templates/sgemm.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

/* q = num / den, r = num % den for uniform unsigned values below 2^24 (tile
 * counts): float reciprocal estimate, then one correction in each direction,
 * so an estimate one too high or one too low both end exact. */
void sg_emit_udiv(struct sg_ctx *x, unsigned s_q, unsigned s_r, unsigned s_num, unsigned s_den)
{
	struct ao_opnd t0 = SG_V(x, x->v_tmp, 0), t1 = SG_V(x, x->v_tmp, 1);
	unsigned s1 = x->s_tmp + 2, s2 = x->s_tmp + 3;
	I(SG_OP(v_cvt_f32_u32), t0, ao_s(s_den));
	I(SG_OP(v_rcp_iflag_f32), t0, t0);
	I(SG_OP(v_cvt_f32_u32), t1, ao_s(s_num));
	I(SG_OP(s_waitcnt_depctr), ao_u32(0xfff));
	ao_comment(x->k, "va_vdst(0): a VALU must not read a TRANS result this soon (gfx11, LLVM fixVALUTransUseHazard)");
	I(SG_OP(v_mul_f32), t1, t1, t0);
	I(SG_OP(v_cvt_u32_f32), t1, t1);
	I(SG_OP(v_readfirstlane_b32), ao_s(s_q), t1);
	I(SG_OP(s_mul_i32), ao_s(s1), ao_s(s_q), ao_s(s_den));
	I(SG_OP(s_sub_u32), ao_s(s_r), ao_s(s_num), ao_s(s1));
	ao_comment(x->k, "remainder of the estimate: may be -den or >= den");
	I(SG_OP(s_cmp_lt_i32), ao_s(s_r), ao_int(0));
	I(SG_OP(s_cselect_b32), ao_s(s1), ao_int(-1), ao_int(0));
	I(SG_OP(s_cselect_b32), ao_s(s2), ao_s(s_den), ao_int(0));
	I(SG_OP(s_add_i32), ao_s(s_q), ao_s(s_q), ao_s(s1));
	I(SG_OP(s_add_i32), ao_s(s_r), ao_s(s_r), ao_s(s2));
	I(SG_OP(s_cmp_ge_u32), ao_s(s_r), ao_s(s_den));
	I(SG_OP(s_cselect_b32), ao_s(s1), ao_int(1), ao_int(0));
	I(SG_OP(s_cselect_b32), ao_s(s2), ao_s(s_den), ao_int(0));
	I(SG_OP(s_add_i32), ao_s(s_q), ao_s(s_q), ao_s(s1));
	I(SG_OP(s_sub_i32), ao_s(s_r), ao_s(s_r), ao_s(s2));
}

/* s_m0, s_n0: the block of C this workgroup computes. */
static void emit_walk(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	unsigned wgx = (unsigned)ao_sgpr_wgid(k, 0), wgy = (unsigned)ao_sgpr_wgid(k, 1);
	unsigned sM = x->s_args + 6, sN = x->s_args + 7;
	unsigned lbm = tpl_log2(c->bm), lbn = tpl_log2(c->bn);
	if (c->walk == SG_WALK_ROW) {
		I(SG_OP(s_lshl_b32), ao_s(x->s_m0), ao_s(wgy), ao_int((int)lbm));
		I(SG_OP(s_lshl_b32), ao_s(x->s_n0), ao_s(wgx), ao_int((int)lbn));
		ao_comment(k, "walk row: block (wgy, wgx)");
		return;
	}
	unsigned s = sg_sgprs(x, 8);
	unsigned gx = s, gy = s + 1, lin = s + 2, bm = s + 3, bn = s + 4, t = s + 5, u = s + 6;
	I(SG_OP(s_add_u32), ao_s(gx), ao_s(sN), ao_u32(c->bn - 1));
	I(SG_OP(s_lshr_b32), ao_s(gx), ao_s(gx), ao_int((int)lbn));
	ao_comment(k, "tiles along N (the grid's x)");
	I(SG_OP(s_add_u32), ao_s(gy), ao_s(sM), ao_u32(c->bm - 1));
	I(SG_OP(s_lshr_b32), ao_s(gy), ao_s(gy), ao_int((int)lbm));
	I(SG_OP(s_mul_i32), ao_s(lin), ao_s(wgy), ao_s(gx));
	I(SG_OP(s_add_u32), ao_s(lin), ao_s(lin), ao_s(wgx));
	ao_comment(k, "linear workgroup id, in dispatch order");
	if (c->walk == SG_WALK_COL) {
		sg_emit_udiv(x, bn, bm, lin, gy);
		ao_comment(k, "walk col: consecutive ids go down a column of tiles");
	} else {
		I(SG_OP(s_mul_i32), ao_s(t), ao_s(gx), ao_u32(c->group));
		sg_emit_udiv(x, u, lin, lin, t);
		ao_comment(k, "walk grouped: group = id / (group*tiles_n)");
		I(SG_OP(s_mul_i32), ao_s(u), ao_s(u), ao_u32(c->group));
		I(SG_OP(s_sub_u32), ao_s(t), ao_s(gy), ao_s(u));
		I(SG_OP(s_min_u32), ao_s(t), ao_s(t), ao_u32(c->group));
		ao_comment(k, "tile rows in this group");
		sg_emit_udiv(x, bn, bm, lin, t);
		I(SG_OP(s_add_u32), ao_s(bm), ao_s(bm), ao_s(u));
	}
	I(SG_OP(s_lshl_b32), ao_s(x->s_m0), ao_s(bm), ao_int((int)lbm));
	I(SG_OP(s_lshl_b32), ao_s(x->s_n0), ao_s(bn), ao_int((int)lbn));
}

/* One operand: SGPR bases, lane offsets, LDS store address, guard masks. */
static void setup_copy(struct sg_ctx *x, const struct sg_copy *cp, struct sg_copy_regs *r,
		       unsigned s_ptr, unsigned s_ld, unsigned s_x0, unsigned s_xdim, unsigned lds_off)
{
	struct ao_kernel *k = x->k;
	unsigned t = x->s_tmp;
	r->s_base = sg_sgprs(x, 2);
	r->s_ld4 = sg_sgprs(x, 1);
	r->s_kstep = sg_sgprs(x, 1);
	r->s_rem_x = sg_sgprs(x, 1);
	r->s_mask_c = sg_sgprs(x, cp->cpr * cp->vw);
	I(SG_OP(s_sub_u32), ao_s(r->s_rem_x), ao_s(s_xdim), ao_s(s_x0));
	I(SG_OP(s_lshl_b32), ao_s(r->s_ld4), ao_s(s_ld), ao_int(2));
	if (cp->k_contig) {
		/* element (x, k) at (x*ld + k)*4: the block starts x0 rows in */
		I(SG_OP(s_mul_i32), ao_s(t), ao_s(s_x0), ao_s(s_ld));
		I(SG_OP(s_mul_hi_u32), ao_s(t + 1), ao_s(s_x0), ao_s(s_ld));
		I(SG_OP(s_lshl_b64), ao_sr(t, 2), ao_sr(t, 2), ao_int(2));
		I(SG_OP(s_mov_b32), ao_s(r->s_kstep), ao_u32(cp->lc * 4));
	} else {
		/* element (k, x) at (k*ld + x)*4: the block starts x0 columns in */
		I(SG_OP(s_lshl_b32), ao_s(t), ao_s(s_x0), ao_int(2));
		I(SG_OP(s_mov_b32), ao_s(t + 1), ao_int(0));
		I(SG_OP(s_lshl_b32), ao_s(r->s_kstep), ao_s(s_ld), ao_int((int)tpl_log2(cp->lo) + 2));
	}
	I(SG_OP(s_add_u32), ao_s(r->s_base), ao_s(s_ptr), ao_s(t));
	I(SG_OP(s_addc_u32), ao_s(r->s_base + 1), ao_s(s_ptr + 1), ao_s(t + 1));
	ao_comment(k, "64-bit base of the block's first tile");

	/* lane coordinates: contiguous c (a multiple of vw), other r */
	struct ao_opnd tid = SG_VR(x, x->v_tid);
	I(SG_OP(v_and_b32), SG_VR(x, r->v_c), ao_u32(cp->tpr - 1), tid);
	if (cp->vw > 1)
		I(SG_OP(v_lshlrev_b32), SG_VR(x, r->v_c), ao_int((int)tpl_log2(cp->vw)), SG_VR(x, r->v_c));
	I(SG_OP(v_lshrrev_b32), SG_VR(x, r->v_r), ao_int((int)tpl_log2(cp->tpr)), tid);
	/* v_off = (r*ld + c)*4 */
	struct ao_opnd vt = SG_V(x, x->v_tmp, 0);
	I(SG_OP(v_mul_lo_u32), vt, SG_VR(x, r->v_r), ao_s(s_ld));
	I(SG_OP(v_add_nc_u32), vt, vt, SG_VR(x, r->v_c));
	I(SG_OP(v_lshlrev_b32), SG_VR(x, r->v_off), ao_int(2), vt);
	/* pass p starts p*rpp rows further: rpp*ld*4 bytes */
	unsigned s_step = t + 2;
	I(SG_OP(s_mul_i32), ao_s(s_step), ao_s(r->s_ld4), ao_u32(cp->rpp));
	if (x->c->sgpr_bases) {
		r->s_slot = sg_sgprs(x, 2 * cp->passes);
		I(SG_OP(s_mov_b64), ao_sr(r->s_slot, 2), ao_sr(r->s_base, 2));
		for (unsigned p = 1; p < cp->passes; p++) {
			unsigned d = r->s_slot + 2 * p, sp = d - 2;
			I(SG_OP(s_add_u32), ao_s(d), ao_s(sp), ao_s(s_step));
			I(SG_OP(s_addc_u32), ao_s(d + 1), ao_s(sp + 1), ao_int(0));
		}
		ao_comment(k, "one SGPR base per load, one VGPR offset for all");
	} else {
		r->v_off_slot[0] = r->v_off;
		for (unsigned p = 1; p < cp->passes; p++)
			I(SG_OP(v_add_nc_u32), SG_VR(x, r->v_off_slot[p]), ao_s(s_step),
			  SG_VR(x, r->v_off_slot[p - 1]));
	}
	/* LDS store address, row stride cp->stride floats: row r, column c when an
	 * LDS row runs along memory's contiguous dimension, else transposed */
	if (cp->rows_contig)
		I(SG_OP(v_mad_u32_u24), vt, SG_VR(x, r->v_r), ao_u32(cp->stride), SG_VR(x, r->v_c));
	else
		I(SG_OP(v_mad_u32_u24), vt, SG_VR(x, r->v_c), ao_u32(cp->stride), SG_VR(x, r->v_r));
	I(SG_OP(v_lshl_add_u32), SG_VR(x, r->v_st), vt, ao_int(2), ao_u32(lds_off));
	ao_comment(k, "LDS address of this lane's stores");
}

void sg_emit_setup(struct sg_ctx *x)
{
	const struct sg_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	x->s_args = sg_sgprs(x, 8);
	x->s_dims = sg_sgprs(x, 4);
	x->s_ab = sg_sgprs(x, 2);
	x->s_tmp = sg_sgprs(x, 4);
	x->s_m0 = sg_sgprs(x, 1);
	x->s_n0 = sg_sgprs(x, 1);
	x->s_rem_k = sg_sgprs(x, 1);
	x->s_tiles = sg_sgprs(x, 1);
	x->s_fast = sg_sgprs(x, 1);
	x->s_next = sg_sgprs(x, 1);
	x->s_inner = sg_sgprs(x, 1);
	x->s_flip = sg_sgprs(x, 1);
	unsigned sA = x->s_args, sB = sA + 2, sM = sA + 6, sN = sA + 7;
	unsigned sK = x->s_dims, sLda = sK + 1, sLdb = sK + 2;

	IM(SG_OP(s_load_b256), ao_m(0, 0), ao_sr(x->s_args, 8), ao_sr(AO_SGPR_KERNARG, 2));
	IM(SG_OP(s_load_b128), ao_m(32, 0), ao_sr(x->s_dims, 4), ao_sr(AO_SGPR_KERNARG, 2));
	IM(SG_OP(s_load_b64), ao_m(48, 0), ao_sr(x->s_ab, 2), ao_sr(AO_SGPR_KERNARG, 2));
	I(SG_OP(v_and_b32), SG_VR(x, x->v_tid), ao_int(0x3ff), SG_VR(x, x->v_tid));
	ao_waitcnt(k, -1, -1, 0);
	emit_walk(x);

	/* k-tiles, and how many of the leading ones the fast path may load: all
	 * full ones when the block lies inside M x N, none otherwise. */
	unsigned lbk = tpl_log2(c->bk);
	I(SG_OP(s_add_u32), ao_s(x->s_tiles), ao_s(sK), ao_u32(c->bk - 1));
	I(SG_OP(s_lshr_b32), ao_s(x->s_tiles), ao_s(x->s_tiles), ao_int((int)lbk));
	I(SG_OP(s_lshr_b32), ao_s(x->s_fast), ao_s(sK), ao_int((int)lbk));
	ao_comment(k, "full k-tiles");
	I(SG_OP(s_mov_b32), ao_s(x->s_rem_k), ao_s(sK));
	setup_copy(x, &c->a, &x->a, sA, sLda, x->s_m0, sM, 0);
	setup_copy(x, &c->b, &x->b, sB, sLdb, x->s_n0, sN, c->a.lds_bytes);
	I(SG_OP(s_cmp_ge_u32), ao_s(x->a.s_rem_x), ao_u32(c->bm));
	I(SG_OP(s_cselect_b32), ao_s(x->s_fast), ao_s(x->s_fast), ao_int(0));
	I(SG_OP(s_cmp_ge_u32), ao_s(x->b.s_rem_x), ao_u32(c->bn));
	I(SG_OP(s_cselect_b32), ao_s(x->s_fast), ao_s(x->s_fast), ao_int(0));
	ao_comment(k, "tiles loaded unguarded: full k-tiles of a block inside M x N");
	if (c->buffers == 2)
		I(SG_OP(s_mov_b32), ao_s(x->s_flip), ao_u32(c->buf_bytes));

	/* the thread's place: wave (wave_m, wave_n), lane (lm, ln) */
	struct ao_opnd tid = SG_VR(x, x->v_tid);
	struct ao_opnd t0 = SG_V(x, x->v_tmp, 0), t1 = SG_V(x, x->v_tmp, 1);
	unsigned lwn = tpl_log2(c->waves_n), lln = tpl_log2(c->lanes_n);
	I(SG_OP(v_lshrrev_b32), t0, ao_int((int)(5 + lwn)), tid);
	I(SG_OP(v_mul_u32_u24), t0, ao_u32(c->wm), t0);
	I(SG_OP(v_bfe_u32), t1, tid, ao_int((int)lln), ao_int((int)(5 - lln)));
	I(SG_OP(v_mad_u32_u24), SG_VR(x, x->v_row_thr), t1, ao_u32(c->tm), t0);
	ao_comment(k, "first row of the thread in the block");
	if (lwn)
		I(SG_OP(v_bfe_u32), t0, tid, ao_int(5), ao_int((int)lwn));
	else
		I(SG_OP(v_mov_b32), t0, ao_int(0));
	I(SG_OP(v_mul_u32_u24), t0, ao_u32(c->wn), t0);
	I(SG_OP(v_and_b32), t1, ao_u32(c->lanes_n - 1), tid);
	I(SG_OP(v_mad_u32_u24), SG_VR(x, x->v_col_thr), t1, ao_u32(c->tn), t0);
	ao_comment(k, "first column of the thread in the block");
	if (c->a.x_major)   /* As[m][k]: the thread's first row */
		I(SG_OP(v_mul_u32_u24), SG_VR(x, x->v_rd_a), ao_u32(c->a.stride * 4), SG_VR(x, x->v_row_thr));
	else                /* As[k][m]: its first column of row k = 0 */
		I(SG_OP(v_lshlrev_b32), SG_VR(x, x->v_rd_a), ao_int(2), SG_VR(x, x->v_row_thr));
	I(SG_OP(v_lshl_add_u32), SG_VR(x, x->v_rd_b), SG_VR(x, x->v_col_thr), ao_int(2),
	  ao_u32(c->a.lds_bytes));
	ao_comment(k, "LDS fragment addresses (buffer 0)");
}
