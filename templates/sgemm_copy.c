/* sgemm_copy.c — one k-tile of A and B from global memory into registers,
 * and from registers into LDS.
 *
 * Each operand's tile is lo rows of lc contiguous floats in memory; lane t
 * loads vw floats at (row t / tpr + q*rpp, column (t % tpr)*vw + j*tpr*vw) for
 * each of its loads p = q*cpr + j (q: row pass, one address each; j: the
 * column step, an instruction offset).  Both paths load into the same
 * registers, so the LDS store that follows is one piece of code:
 *   fast     one global_load_bN per load, no checks (block inside M x N and a
 *            full k-tile: decided per tile by a scalar branch);
 *   guarded  every float alone (global_load_b32 at offset 4e), its lane
 *            switched off in EXEC when the element lies outside the matrix,
 *            the register zeroed first.  Zeros past K keep the K tail exact;
 *            rows past M (columns past N) only feed accumulators that are
 *            never stored, and no lane outside the matrices touches memory. */
#include <stdio.h>

#include "templates/sgemm.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

static ao_op ds_store_op(unsigned w)
{
	return w == 4 ? SG_OP(ds_store_b128) : w == 2 ? SG_OP(ds_store_b64) : SG_OP(ds_store_b32);
}

static void alloc_one(struct sg_ctx *x, const struct sg_copy *cp, struct sg_copy_regs *r, char which)
{
	char name[24];
	snprintf(name, sizeof name, "%c_col", which);
	r->v_c = ra_vreg(x->ra, name, 1);
	snprintf(name, sizeof name, "%c_row", which);
	r->v_r = ra_vreg(x->ra, name, 1);
	snprintf(name, sizeof name, "%c_off", which);
	r->v_off = ra_vreg(x->ra, name, 1);
	if (!x->c->sgpr_bases)
		for (unsigned p = 1; p < cp->passes; p++) {
			snprintf(name, sizeof name, "%c_off%u", which, p);
			r->v_off_slot[p] = ra_vreg(x->ra, name, 1);
		}
	snprintf(name, sizeof name, "%c_lds_st", which);
	r->v_st = ra_vreg(x->ra, name, 1);
	for (unsigned p = 0; p < cp->slots; p++) {
		snprintf(name, sizeof name, "%c_pf%u", which, p);
		r->v_pf[p] = ra_vreg(x->ra, name, cp->vw);
	}
}

void sg_copy_alloc(struct sg_ctx *x)
{
	alloc_one(x, &x->c->a, &x->a, 'a');
	alloc_one(x, &x->c->b, &x->b, 'b');
}

unsigned sg_fast_load_count(const struct sg_ctx *x)
{
	return x->c->a.slots + x->c->b.slots;
}

/* Address operands of pass q: VGPR offset and SGPR base. */
static void pass_addr(const struct sg_ctx *x, const struct sg_copy_regs *r, unsigned q,
		      struct ao_opnd *voff, struct ao_opnd *sbase)
{
	if (x->c->sgpr_bases) {
		*voff = SG_VR(x, r->v_off);
		*sbase = ao_sr(r->s_slot + 2 * q, 2);
	} else {
		*voff = SG_VR(x, r->v_off_slot[q]);
		*sbase = ao_sr(r->s_base, 2);
	}
}

/* Slot p: row pass p / cpr; its floats start (p % cpr)*tpr*vw floats along the row. */
static unsigned slot_pass(const struct sg_copy *cp, unsigned p) { return p / cp->cpr; }
static unsigned slot_col(const struct sg_copy *cp, unsigned p) { return (p % cp->cpr) * cp->tpr * cp->vw; }

/* addr-chain: the load's address as HIP computes it for the seed's kernels
 * 2-7, five dependent VALU ops (element index, its sign, the 64-bit shift to
 * bytes, the add of the base and its carry) into a 64-bit VGPR pair, then
 * global_load ... off.  Passes alternate between two pairs of the scratch
 * registers, so a pass's chain does not wait for the previous load to issue.
 * The s_delay_alu that LLVM puts in such a chain is there too. */
static void emit_chain_load(struct sg_ctx *x, const struct sg_copy *cp, const struct sg_copy_regs *r, unsigned p)
{
	unsigned q = slot_pass(cp, p), lo = 2 * (q & 1);
	struct ao_opnd ix = SG_V(x, x->v_tmp, lo), sg = SG_V(x, x->v_tmp, lo + 1);
	struct ao_opnd pair = ra_sub(x->ra, (unsigned)x->v_tmp, lo, 2);
	I(SG_OP(v_lshrrev_b32), ix, ao_int(2), SG_VR(x, r->v_off_slot[q]));
	ao_comment(x->k, "address chain: element index");
	/* each op reads the one before: LLVM's s_delay_alu covers two at a time
	 * (VALU_DEP_1, then NEXT VALU_DEP_1), so the wave waits, not the ALU */
	ao_delay_alu(x->k, 1, 1, 1);
	I(SG_OP(v_ashrrev_i32), sg, ao_int(31), ix);
	I(SG_OP(v_lshlrev_b64), pair, ao_int(2), pair);
	ao_delay_alu(x->k, 1, 1, 1);
	ao_add_u64(x->k, pair, pair, ao_sr(r->s_base, 2));
	IM(sg_global_load_op(cp->vw), ao_m((int)(slot_col(cp, p) * 4), 0), SG_VR(x, r->v_pf[p]), pair, ao_off());
}

void sg_emit_fast_load(struct sg_ctx *x, unsigned i)
{
	const struct sg_copy *cp = i < x->c->a.slots ? &x->c->a : &x->c->b;
	const struct sg_copy_regs *r = i < x->c->a.slots ? &x->a : &x->b;
	unsigned p = i < x->c->a.slots ? i : i - x->c->a.slots;
	struct ao_opnd voff, sbase;
	pass_addr(x, r, slot_pass(cp, p), &voff, &sbase);
	if (x->c->addr_chain) {
		emit_chain_load(x, cp, r, p);
		return;
	}
	IM(sg_global_load_op(cp->vw), ao_m((int)(slot_col(cp, p) * 4), 0), SG_VR(x, r->v_pf[p]), voff, sbase);
}

static void guarded_one(struct sg_ctx *x, const struct sg_copy *cp, const struct sg_copy_regs *r)
{
	struct ao_kernel *k = x->k;
	unsigned rem_c = cp->k_contig ? x->s_rem_k : r->s_rem_x;
	unsigned rem_r = cp->k_contig ? r->s_rem_x : x->s_rem_k;
	struct ao_opnd t0 = SG_V(x, x->v_tmp, 0), t1 = SG_V(x, x->v_tmp, 1);
	I(SG_OP(v_sub_nc_u32), t0, ao_s(rem_c), SG_VR(x, r->v_c));
	I(SG_OP(v_sub_nc_u32), t1, ao_s(rem_r), SG_VR(x, r->v_r));
	ao_comment(k, "floats left after this lane's position, along and across rows");
	for (unsigned j = 0; j < cp->cpr; j++)
		for (unsigned e = 0; e < cp->vw; e++)
			I(SG_OP(v_cmp_lt_i32), ao_s(r->s_mask_c + j * cp->vw + e),
			  ao_u32(slot_col(cp, j) + e), t0);
	for (unsigned p = 0; p < cp->slots; p++)
		for (unsigned e = 0; e < cp->vw; e++)
			I(SG_OP(v_mov_b32), SG_V(x, r->v_pf[p], e), ao_int(0));
	for (unsigned p = 0; p < cp->slots; p++) {
		struct ao_opnd voff, sbase;
		unsigned q = slot_pass(cp, p), j = p % cp->cpr;
		pass_addr(x, r, q, &voff, &sbase);
		I(SG_OP(s_mov_b32), ao_exec(), ao_int(-1));
		I(SG_OP(v_cmp_lt_i32), ao_vcc(), ao_u32(q * cp->rpp), t1);
		ao_comment(k, "this pass's row inside the matrix");
		for (unsigned e = 0; e < cp->vw; e++) {
			I(SG_OP(s_and_b32), ao_exec(), ao_s(r->s_mask_c + j * cp->vw + e), ao_vcc());
			IM(SG_OP(global_load_b32), ao_m((int)(4 * (slot_col(cp, p) + e)), 0), SG_V(x, r->v_pf[p], e),
			   voff, sbase);
		}
	}
	I(SG_OP(s_mov_b32), ao_exec(), ao_int(-1));
}

void sg_emit_guarded_loads(struct sg_ctx *x)
{
	guarded_one(x, &x->c->a, &x->a);
	guarded_one(x, &x->c->b, &x->b);
}

static void advance_one(struct sg_ctx *x, const struct sg_copy_regs *r)
{
	if (x->c->sgpr_bases) {
		I(SG_OP(v_add_nc_u32), SG_VR(x, r->v_off), ao_s(r->s_kstep), SG_VR(x, r->v_off));
	} else {
		I(SG_OP(s_add_u32), ao_s(r->s_base), ao_s(r->s_base), ao_s(r->s_kstep));
		I(SG_OP(s_addc_u32), ao_s(r->s_base + 1), ao_s(r->s_base + 1), ao_int(0));
	}
}

void sg_emit_advance(struct sg_ctx *x)
{
	advance_one(x, &x->a);
	advance_one(x, &x->b);
	ao_comment(x->k, "next k-tile");
	I(SG_OP(s_sub_u32), ao_s(x->s_rem_k), ao_s(x->s_rem_k), ao_u32(x->c->bk));
}

static void store_one(struct sg_ctx *x, const struct sg_copy *cp, const struct sg_copy_regs *r)
{
	unsigned w = cp->vw < x->c->lvw ? cp->vw : x->c->lvw;
	for (unsigned p = 0; p < cp->slots; p++) {
		if (cp->rows_contig) {
			/* a row of the LDS tile: vw consecutive floats */
			for (unsigned ch = 0; ch < cp->vw / w; ch++)
				IM(ds_store_op(w),
				   ao_m((int)((slot_pass(cp, p) * cp->rpp * cp->stride + slot_col(cp, p) + ch * w) * 4), 0),
				   SG_VR(x, r->v_st), SG_VN(x, r->v_pf[p], ch * w, w));
		} else {
			/* transposed: each float to its own LDS row */
			for (unsigned e = 0; e < cp->vw; e++)
				IM(SG_OP(ds_store_b32),
				   ao_m((int)(((slot_col(cp, p) + e) * cp->stride + slot_pass(cp, p) * cp->rpp) * 4), 0),
				   SG_VR(x, r->v_st), SG_V(x, r->v_pf[p], e));
		}
	}
}

void sg_emit_lds_store(struct sg_ctx *x)
{
	store_one(x, &x->c->a, &x->a);
	store_one(x, &x->c->b, &x->b);
}
