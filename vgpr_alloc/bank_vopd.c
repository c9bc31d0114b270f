/* VOPD (dual issue) opcode rows and the pair legality predicate.
 * Opcodes and flags come from the rows of isa/isa_gfx11.def; the slot rules follow LLVM's VOPD component operands: fmamk's literal
 * takes the src1 position, so its vsrc1 VGPR is compared as src2. */
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdio.h>
#include <string.h>

#define S1 RA_SLOT_SRC1
#define S2 RA_SLOT_SRC2
#define ROW(id, base_op, v1) [id] = { .name = #base_op + 2, .base = ISA_OP_##base_op, .vsrc1_slot = v1 }
const struct ra_vopd_op_info ra_vopd_ops[RA_VOPD_NOPS] = {
	ROW(RA_VOPD_FMAC_F32,         v_fmac_f32,         S1),
	ROW(RA_VOPD_FMAAK_F32,        v_fmaak_f32,        S1),
	ROW(RA_VOPD_FMAMK_F32,        v_fmamk_f32,        S2),
	ROW(RA_VOPD_MUL_F32,          v_mul_f32,          S1),
	ROW(RA_VOPD_ADD_F32,          v_add_f32,          S1),
	ROW(RA_VOPD_SUB_F32,          v_sub_f32,          S1),
	ROW(RA_VOPD_SUBREV_F32,       v_subrev_f32,       S1),
	ROW(RA_VOPD_MUL_DX9_ZERO_F32, v_mul_dx9_zero_f32, S1),
	ROW(RA_VOPD_MOV_B32,          v_mov_b32,          -1),
	ROW(RA_VOPD_CNDMASK_B32,      v_cndmask_b32,      S1),
	ROW(RA_VOPD_MAX_F32,          v_max_f32,          S1),
	ROW(RA_VOPD_MIN_F32,          v_min_f32,          S1),
	ROW(RA_VOPD_DOT2ACC_F32_F16,  v_dot2acc_f32_f16,  S1),
	ROW(RA_VOPD_ADD_NC_U32,       v_add_nc_u32,       S1),
	ROW(RA_VOPD_LSHLREV_B32,      v_lshlrev_b32,      S1),
	ROW(RA_VOPD_AND_B32,          v_and_b32,          S1),
};

/* Every VOPD row of the opcode table has its row above. */
enum {
	TABLE_VOPD_ROWS = 0
#define OP(name, enc, opc, cls, d, s0, s1, s2, flags, exec)
#define VOPD(name, xopc, yopc, base) + 1
#define VOPDY(name, yopc, base) + 1
#include "isa/isa_gfx11.def"
#undef OP
#undef VOPD
#undef VOPDY
};
_Static_assert((int)TABLE_VOPD_ROWS == (int)RA_VOPD_NOPS, "a VOPD row of isa/isa_gfx11.def without its ra_vopd_ops row");

/* What the allocator reads from the opcode row. */
static bool dst_is_src2(const struct ra_vopd_op_info *o) { return ao_op_flags(o->base) & ISA_F_ACC; }
static bool has_k(const struct ra_vopd_op_info *o) { return ao_op_flags(o->base) & ISA_F_LITK; }
static bool reads_vcc(const struct ra_vopd_op_info *o) { return ao_op_flags(o->base) & ISA_F_RVCC; }
#undef ROW
#undef S1
#undef S2

/* VGPR read through each slot by half h (-1: none or not a VGPR). */
static void slot_regs(const struct ra_vopd_half *h, int r[RA_SLOTS])
{
	const struct ra_vopd_op_info *o = &ra_vopd_ops[h->op];
	r[RA_SLOT_SRC0] = h->src0.kind == RA_OPND_VGPR ? (int)h->src0.val : -1;
	r[RA_SLOT_SRC1] = r[RA_SLOT_SRC2] = -1;
	if (dst_is_src2(o))
		r[RA_SLOT_SRC2] = (int)h->dst;
	if (o->vsrc1_slot >= 0)
		r[o->vsrc1_slot] = (int)h->vsrc1;
}

static bool regs_in_range(const struct ra_vopd_half *h)
{
	int r[RA_SLOTS];
	slot_regs(h, r);
	for (int s = 0; s < RA_SLOTS; s++)
		if (r[s] >= RA_VGPR_MAX)
			return false;
	return h->dst < RA_VGPR_MAX;
}

/* Does half h read VGPR v through any slot? */
static bool reads_vgpr(const struct ra_vopd_half *h, unsigned v)
{
	int r[RA_SLOTS];
	slot_regs(h, r);
	for (int s = 0; s < RA_SLOTS; s++)
		if (r[s] == (int)v)
			return true;
	return false;
}

/* Literal values used by h (at most two: src0 literal and K). */
static int literals(const struct ra_vopd_half *h, uint32_t out[2])
{
	int n = 0;
	if (h->src0.kind == RA_OPND_LITERAL)
		out[n++] = h->src0.val;
	if (has_k(&ra_vopd_ops[h->op]))
		out[n++] = h->k;
	return n;
}

static int add_unique(uint32_t *set, int n, uint32_t v)
{
	for (int i = 0; i < n; i++)
		if (set[i] == v)
			return n;
	set[n] = v;
	return n + 1;
}

#define FAIL(msg) do { if (why) *why = (msg); return false; } while (0)

bool ra_vopd_ok(const struct ra_vopd_half *x, const struct ra_vopd_half *y,
		const char **why)
{
	if (why)
		*why = NULL;
	if ((unsigned)x->op >= RA_VOPD_NOPS || (unsigned)y->op >= RA_VOPD_NOPS)
		FAIL("unknown VOPD opcode");
	const struct ra_vopd_op_info *ox = &ra_vopd_ops[x->op];
	if (!ao_vopd_x_ok(ox->base))
		FAIL("opcode exists only as the Y half");
	if (!regs_in_range(x) || !regs_in_range(y))
		FAIL("VGPR index out of range");

	/* Bank rules: only slots holding a VGPR in both halves are compared;
	 * dst and src2 by parity, src0 and src1 by bank (LLVM's masks). */
	if (ra_bank_parity(x->dst) == ra_bank_parity(y->dst))
		FAIL("one dst register must be even and the other odd");
	static const char *const slot_msg[RA_SLOTS] = {
		"src0 operands must use different VGPR banks",
		"src1 operands must use different VGPR banks",
		"src2 operands must use different VGPR banks",
	};
	int rx[RA_SLOTS], ry[RA_SLOTS];
	slot_regs(x, rx);
	slot_regs(y, ry);
	for (int s = 0; s < RA_SLOTS; s++) {
		if (rx[s] < 0 || ry[s] < 0)
			continue;
		bool same = s == RA_SLOT_SRC2
			    ? ra_bank_parity((unsigned)rx[s]) == ra_bank_parity((unsigned)ry[s])
			    : ra_bank((unsigned)rx[s]) == ra_bank((unsigned)ry[s]);
		if (same)
			FAIL(slot_msg[s]);
	}

	/* One unique literal, shared by both halves if equal. */
	uint32_t lit[4], lx[2], ly[2];
	int nlit = 0, nx = literals(x, lx), ny = literals(y, ly);
	for (int i = 0; i < nx; i++)
		nlit = add_unique(lit, nlit, lx[i]);
	for (int i = 0; i < ny; i++)
		nlit = add_unique(lit, nlit, ly[i]);
	if (nlit > 1)
		FAIL("only one unique literal operand is allowed");

	/* Constant bus: unique SGPRs (implicit VCC included) + literal <= 2. */
	uint32_t sg[4];
	int nsg = 0;
	const struct ra_vopd_half *h2[2] = { x, y };
	for (int i = 0; i < 2; i++) {
		if (h2[i]->src0.kind == RA_OPND_SGPR)
			nsg = add_unique(sg, nsg, h2[i]->src0.val);
		if (reads_vcc(&ra_vopd_ops[h2[i]->op]))
			nsg = add_unique(sg, nsg, RA_SGPR_VCC_LO);
	}
	if (nsg + nlit > 2)
		FAIL("invalid operand (violates constant bus restrictions)");
	return true;
}

bool ra_vopd_in_order(const struct ra_vopd_half *x, const struct ra_vopd_half *y)
{
	return !reads_vgpr(y, x->dst);
}

/* Inline constants by their 9-bit source encoding (isa/isa.h, isa/inline_consts.def). */
static int inline_str(char *buf, size_t size, uint32_t code)
{
	static const struct { uint32_t code; const char *text; } fp[] = {
#define INLINE_FLOAT(c, text, f32, f16, f64) { c, text },
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
	};
	if (code >= 128 && code <= 192)
		return snprintf(buf, size, "%u", (unsigned)(code - 128));
	if (code >= 193 && code <= 208)
		return snprintf(buf, size, "-%u", (unsigned)(code - 192));
	for (size_t i = 0; i < sizeof fp / sizeof fp[0]; i++)
		if (fp[i].code == code)
			return snprintf(buf, size, "%s", fp[i].text);
	return snprintf(buf, size, "?");
}

static int opnd_str(char *buf, size_t size, const struct ra_opnd *o)
{
	switch (o->kind) {
	case RA_OPND_VGPR: return snprintf(buf, size, "v%u", (unsigned)o->val);
	case RA_OPND_SGPR: return snprintf(buf, size, "s%u", (unsigned)o->val);
	case RA_OPND_INLINE: return inline_str(buf, size, o->val);
	case RA_OPND_LITERAL: return snprintf(buf, size, "0x%x", (unsigned)o->val);
	}
	return snprintf(buf, size, "?");
}

int ra_vopd_half_str(char *buf, size_t size, const struct ra_vopd_half *h)
{
	if ((unsigned)h->op >= RA_VOPD_NOPS)
		return snprintf(buf, size, "v_dual_?");
	const struct ra_vopd_op_info *o = &ra_vopd_ops[h->op];
	char s0[24];
	opnd_str(s0, sizeof s0, &h->src0);
	if (o->vsrc1_slot < 0)
		return snprintf(buf, size, "v_dual_%s v%u, %s", o->name, h->dst, s0);
	if (h->op == RA_VOPD_FMAMK_F32)
		return snprintf(buf, size, "v_dual_%s v%u, %s, 0x%x, v%u", o->name,
				h->dst, s0, (unsigned)h->k, h->vsrc1);
	if (has_k(o))
		return snprintf(buf, size, "v_dual_%s v%u, %s, v%u, 0x%x", o->name,
				h->dst, s0, h->vsrc1, (unsigned)h->k);
	return snprintf(buf, size, "v_dual_%s v%u, %s, v%u", o->name, h->dst, s0,
			h->vsrc1);
}

static void access_half(struct ra_access *acc, int i, const struct ra_vopd_half *h)
{
	int r[RA_SLOTS];
	slot_regs(h, r);
	for (int s = 0; s < RA_SLOTS; s++)
		acc->read[i][s] = (int16_t)r[s];
	acc->write[i] = (int16_t)h->dst;
	acc->write_n[i] = 1;
}

void ra_access_clear(struct ra_access *acc)
{
	for (int i = 0; i < 2; i++) {
		for (int s = 0; s < RA_SLOTS; s++)
			acc->read[i][s] = -1;
		acc->write[i] = -1;
		acc->write_n[i] = 0;
	}
	acc->dual = false;
}

void ra_access_from_vopd(struct ra_access *acc, const struct ra_vopd_half *x,
			 const struct ra_vopd_half *y)
{
	ra_access_clear(acc);
	acc->dual = y != NULL;
	access_half(acc, 0, x);
	if (y)
		access_half(acc, 1, y);
}

int ra_fma_op_str(char *buf, size_t size, const struct ra_fma_op *op)
{
	char x[64], y[64];
	ra_vopd_half_str(x, sizeof x, &op->half[0]);
	if (!op->dual)  /* VOP2 form of the same fields: drop "dual_" */
		return snprintf(buf, size, "v_%s", x + strlen("v_dual_"));
	ra_vopd_half_str(y, sizeof y, &op->half[1]);
	return snprintf(buf, size, "%s :: %s", x, y);
}
