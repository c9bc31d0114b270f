/* decode.c — table-driven gfx11 decoder.
 *
 * Everything here is derived from isa/isa_gfx11.def (rows, expanded into
 * isa/opcodes.c) and isa/isa_fields.def (bit ranges): decoding is a prefix
 * match, one array load (isa_opcode_map) and field extraction.
 */
#include "emu/decode.h"
#include "emu/emu.h"
#include "isa/isa.h"

#include <string.h>

/* ---- fields ------------------------------------------------------------------------- */
/* One extractor per FIELD row: f_VOP2_VDST(w) etc. */
#define ENCODING(fmt, lo, width, value, bytes)
#define FIELD(fmt, name, lo, width) \
	static inline unsigned f_##fmt##_##name(uint64_t w) \
	{ return (unsigned)(w >> (lo)) & ((1u << (width)) - 1); }
#include "isa/isa_fields.def"
#undef FIELD
#undef ENCODING

enum fmt {
#define ENCODING(fmt, lo, width, value, bytes) FMT_##fmt,
#define FIELD(fmt, name, lo, width)
#include "isa/isa_fields.def"
#undef FIELD
#undef ENCODING
	FMT_NONE
};

struct fmt_match { uint8_t lo, width; uint16_t value; };

static const struct fmt_match fmt_match[] = {
#define ENCODING(fmt, lo, width, value, bytes) [FMT_##fmt] = { lo, width, value },
#define FIELD(fmt, name, lo, width)
#include "isa/isa_fields.def"
#undef FIELD
#undef ENCODING
};

static enum fmt match_fmt(uint32_t d0)
{
	for (unsigned i = 0; i < FMT_NONE; i++) {
		const struct fmt_match *m = &fmt_match[i];
		if (((d0 >> m->lo) & ((1u << m->width) - 1)) == m->value)
			return (enum fmt)i;
	}
	return FMT_NONE;
}

/* ---- helpers ------------------------------------------------------------------------ */
static inline uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline int32_t sext(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);
	return (int32_t)((v ^ m) - m);
}

static void clear(struct emu_inst *in)
{
	memset(in, 0, sizeof *in);
	in->dst = in->sdst = EMU_OPND_NONE;
	in->src[0] = in->src[1] = in->src[2] = EMU_OPND_NONE;
	in->addr = in->data0 = in->data1 = EMU_OPND_NONE;
	in->saddr = in->sbase = in->soffset = EMU_OPND_NONE;
	in->x.op = in->y.op = ISA_OP_INVALID;
	in->x.dst = in->x.src0 = in->x.src1 = in->x.src2 = EMU_OPND_NONE;
	in->y.dst = in->y.src0 = in->y.src1 = in->y.src2 = EMU_OPND_NONE;
}

/* Source codes the decoder does not accept: reserved values, DPP markers (250
 * dpp16, 233/234 dpp8: not modelled), 249 (SDWA, absent on gfx11), and what LLVM
 * refuses on gfx11 (239 pops_exiting_wave_id, 251/252 vccz/execz, 254 lds_direct). */
static inline int bad_src(unsigned c)
{
	return (c >= 209 && c <= 234) || c == 239 || (c >= 249 && c <= 252) || c == 254;
}

/* Multi-dword SGPR (and ttmp) operands are aligned by the hardware: pairs to
 * even registers, larger tuples to multiples of 4 (llvm-objdump prints s[33:34]
 * as s[32:33]).  The decoder stores the register actually read. */
static inline uint16_t align_sgpr(uint16_t c, unsigned size)
{
	if (size < 2 || c == EMU_OPND_NONE || !(c <= EMU_OPND_SGPR_MAX || (c >= 108 && c <= 123)))
		return c;
	return (uint16_t)(size == 2 ? c & ~1u : c & ~3u);
}

/* A register tuple must fit in its file, and vcc_hi, m0, exec_hi cannot start one. */
static inline int bad_tuple(unsigned c, unsigned size)
{
	if (size < 2 || c == EMU_OPND_NONE)
		return 0;
	if (c <= EMU_OPND_SGPR_MAX)
		return c + size - 1 > EMU_OPND_SGPR_MAX;
	if (c >= 108 && c <= 123)
		return c + size - 1 > 123;
	if (c >= EMU_OPND_VGPR0)
		return c + size - 1 > 511;
	if (size > 2)
		return 1; /* only vcc and exec pair up among the special registers */
	return c == EMU_OPND_VCC_HI || c == EMU_OPND_M0 || c == EMU_OPND_EXEC_HI;
}

/* Aligns the ALU operands; nonzero when one of them is not a valid tuple. */
static int align_operands(struct emu_inst *in, const struct isa_opinfo *r)
{
	in->dst = align_sgpr(in->dst, r->dst);
	in->src[0] = align_sgpr(in->src[0], r->src0);
	in->src[1] = align_sgpr(in->src[1], r->src1);
	in->src[2] = align_sgpr(in->src[2], r->src2);
	return bad_tuple(in->dst, r->dst) || bad_tuple(in->src[0], r->src0) ||
	       bad_tuple(in->src[1], r->src1) || bad_tuple(in->src[2], r->src2);
}

/* In _e32 encodings bit 7 of a 16-bit VGPR operand selects its high half
 * (true16, as LLVM 20+ emits for gfx11: v1.h); the decoder turns it into the
 * op_sel bit the VOP3 form would carry (src0 1, src1 2, src2 4, dst 8), so the
 * executors see one representation.  LLVM 19 does not model it. */
static void true16_halves(struct emu_inst *in, const struct isa_opinfo *r)
{
	const unsigned hi = EMU_OPND_VGPR0 + 128;
	if (r->flags & (ISA_F_F16 | ISA_F_I16))
		for (unsigned i = 0; i < 2; i++)
			if (in->src[i] >= hi && in->src[i] < 512) {
				in->src[i] = (uint16_t)(in->src[i] - 128);
				in->opsel |= (uint8_t)(1u << i);
			}
	if ((r->flags & ISA_F_D16) && in->dst >= hi && in->dst < 512) {
		in->dst = (uint16_t)(in->dst - 128);
		in->opsel |= 8;
		if (r->flags & ISA_F_ACC) { /* fmac: the accumulator is the destination half */
			in->src[2] = in->dst;
			in->opsel |= 4;
		}
	}
}

/* Reads the literal dword after `base` bytes when needed.  Returns the new
 * length or EMU_E_DECODE. */
static int take_literal(const uint8_t *code, size_t n, unsigned base, struct emu_inst *in)
{
	if (n < base + 4u)
		return EMU_E_DECODE;
	in->lit = rd32(code + base);
	return (int)base + 4;
}

static int uses_literal(const struct emu_inst *in)
{
	return in->src[0] == EMU_OPND_LITERAL || in->src[1] == EMU_OPND_LITERAL ||
	       in->src[2] == EMU_OPND_LITERAL;
}

/* Nonzero when an ALU source is a code the decoder does not accept. */
static int bad_srcs(const struct emu_inst *in)
{
	for (int i = 0; i < 3; i++)
		if (in->src[i] != EMU_OPND_NONE && bad_src(in->src[i]))
			return 1;
	return 0;
}

/* The common end of SALU/VOP3/VOP3P decoding: operands aligned and valid, then
 * the length, with the literal dword after `base` bytes when a source uses it. */
static int alu_finish(struct emu_inst *in, const struct isa_opinfo *r, const uint8_t *code, size_t n, unsigned base)
{
	if (align_operands(in, r) || bad_srcs(in))
		return EMU_E_DECODE;
	/* s_fmaak/s_fmamk carry K whatever their sources (a source literal is K too) */
	return uses_literal(in) || (r->flags & ISA_F_LITK) ? take_literal(code, n, base, in) : (int)base;
}

/* ---- per-format decoders ---------------------------------------------------------------- */
static int dec_salu(enum fmt fmt, uint32_t w, const uint8_t *code, size_t n, struct emu_inst *in)
{
	const struct isa_opinfo *r;
	switch (fmt) {
	case FMT_SOP1:
		in->op = isa_opcode_map.sop1[f_SOP1_OP(w)];
		in->enc = ISA_ENC_SOP1;
		r = &isa_ops[in->op];
		if (r->src0) in->src[0] = (uint16_t)f_SOP1_SSRC0(w);
		if (in->op == ISA_OP_s_sendmsg_rtn_b32 || in->op == ISA_OP_s_sendmsg_rtn_b64)
			in->simm16 = (int32_t)f_SOP1_SSRC0(w); /* the message id */
		if (in->op == ISA_OP_s_setpc_b64 && in->src[0] >= EMU_OPND_INT0)
			return EMU_E_DECODE; /* s_setpc jumps to a register pair */
		if (r->dst) in->dst = (uint16_t)f_SOP1_SDST(w);
		break;
	case FMT_SOP2:
		in->op = isa_opcode_map.sop2[f_SOP2_OP(w)];
		in->enc = ISA_ENC_SOP2;
		r = &isa_ops[in->op];
		in->src[0] = (uint16_t)f_SOP2_SSRC0(w);
		in->src[1] = (uint16_t)f_SOP2_SSRC1(w);
		in->dst = (uint16_t)f_SOP2_SDST(w);
		if (r->flags & ISA_F_ACC)
			in->src[2] = in->dst; /* s_fmac: the destination is the addend */
		break;
	case FMT_SOPC:
		in->op = isa_opcode_map.sopc[f_SOPC_OP(w)];
		in->enc = ISA_ENC_SOPC;
		r = &isa_ops[in->op];
		in->src[0] = (uint16_t)f_SOPC_SSRC0(w);
		in->src[1] = (uint16_t)f_SOPC_SSRC1(w);
		break;
	case FMT_SOPK:
		in->op = isa_opcode_map.sopk[f_SOPK_OP(w)];
		in->enc = ISA_ENC_SOPK;
		r = &isa_ops[in->op];
		in->simm16 = (int32_t)f_SOPK_SIMM16(w);
		if (r->flags & ISA_F_NODST)
			in->src[0] = (uint16_t)f_SOPK_SDST(w);
		else
			in->dst = (uint16_t)f_SOPK_SDST(w);
		if (r->src0 && !(r->flags & ISA_F_NODST))
			in->src[0] = in->dst; /* s_addk/s_mulk read their destination */
		if (in->op == ISA_OP_s_call_b64)
			in->branch = sext((uint32_t)in->simm16, 16) * 4;
		in->dst = align_sgpr(in->dst, r->dst);
		if (r->flags & ISA_F_LITK)
			return take_literal(code, n, 4, in);
		break;
	case FMT_SOPP:
		in->op = isa_opcode_map.sopp[f_SOPP_OP(w)];
		in->enc = ISA_ENC_SOPP;
		r = &isa_ops[in->op];
		in->simm16 = (int32_t)f_SOPP_SIMM16(w);
		if ((r->flags & ISA_F_NOIMM) && in->simm16)
			return EMU_E_DECODE;
		if (r->cls == ISA_CLS_BRANCH)
			in->branch = sext((uint32_t)in->simm16, 16) * 4;
		if (in->op == ISA_OP_s_waitcnt) {
			in->vmcnt = (uint8_t)f_WAITCNT_VMCNT(w);
			in->expcnt = (uint8_t)f_WAITCNT_EXPCNT(w);
			in->lgkmcnt = (uint8_t)f_WAITCNT_LGKMCNT(w);
		}
		return in->op ? 4 : EMU_E_DECODE;
	default:
		return EMU_E_DECODE;
	}
	if (!in->op)
		return EMU_E_DECODE;
	return alu_finish(in, r, code, n, 4);
}

static int dec_smem(uint64_t w, struct emu_inst *in)
{
	in->op = isa_opcode_map.smem[f_SMEM_OP(w)];
	if (!in->op)
		return EMU_E_DECODE;
	in->enc = ISA_ENC_SMEM;
	const struct isa_opinfo *r = &isa_ops[in->op];
	if (r->dst)
		in->dst = align_sgpr((uint16_t)f_SMEM_SDATA(w), r->dst);
	if (r->src0)
		in->sbase = align_sgpr((uint16_t)(f_SMEM_SBASE(w) * 2), r->src0);
	if (bad_tuple(in->dst, r->dst) || bad_tuple(in->sbase, r->src0) ||
	    (in->dst >= EMU_OPND_M0 && in->dst <= EMU_OPND_EXEC_HI))
		return EMU_E_DECODE; /* loads go to SGPRs, vcc or ttmps, never m0 or exec */
	in->glc = (uint8_t)f_SMEM_GLC(w);
	in->dlc = (uint8_t)f_SMEM_DLC(w);
	if (!r->dst && (in->glc || in->dlc))
		return EMU_E_DECODE; /* cache invalidations take no cache bits */
	in->offset = sext(f_SMEM_OFFSET(w), 21);
	unsigned so = f_SMEM_SOFFSET(w);
	in->soffset = so == EMU_OPND_NULL ? EMU_OPND_NONE : (uint16_t)so;
	return 8;
}

/* DPP: src0 250 (DPP16) or 233/234 (DPP8, 234 with fetch-inactive) takes a second
 * dword naming the VGPR and the lane pattern.  LLVM has no DPP form of ops with a
 * K constant or a 64-bit operand, nor of readfirstlane; the control values below
 * are the ones gfx11 defines (quad_perm, row_shl/shr/ror 1-15, row_mirror,
 * row_half_mirror, row_share, row_xmask). */
static int valid_dpp_ctrl(unsigned c)
{
	return c <= 0xff || (c >= 0x101 && c <= 0x12f && (c & 0xf)) || c == 0x140 || c == 0x141 ||
	       (c >= 0x150 && c <= 0x16f);
}

static int dec_dpp(struct emu_inst *in, const struct isa_opinfo *r, const uint8_t *code, size_t n, unsigned pos)
{
	unsigned marker = in->src[0];
	if ((r->flags & (ISA_F_LITK | ISA_F_WVDST | ISA_F_F64)) || r->dst > 1 || r->src0 != 1 || r->src1 > 1 ||
	    r->src2 > 1 || n < pos + 4)
		return EMU_E_DECODE;
	uint32_t d1 = rd32(code + pos);
	in->src[0] = (uint16_t)(EMU_OPND_VGPR0 + (d1 & 0xff));
	if (marker == 250) {
		in->dpp = EMU_DPP16;
		in->dpp_ctrl = (uint16_t)(d1 >> 8 & 0x1ff);
		in->dpp_fi = (uint8_t)(d1 >> 18 & 1);
		in->dpp_bc = (uint8_t)(d1 >> 19 & 1);
		if (pos == 4) { /* _e32: the DPP dword carries the source modifiers */
			in->neg = (uint8_t)((d1 >> 20 & 1) | (d1 >> 22 & 1) << 1);
			in->abs = (uint8_t)((d1 >> 21 & 1) | (d1 >> 23 & 1) << 1);
		}
		in->bank_mask = (uint8_t)(d1 >> 24 & 0xf);
		in->row_mask = (uint8_t)(d1 >> 28);
		if (!valid_dpp_ctrl(in->dpp_ctrl) || (d1 >> 17 & 1) || ((in->neg | in->abs) && !(r->flags & ISA_F_FP)))
			return EMU_E_DECODE;
	} else {
		in->dpp = EMU_DPP8;
		in->dpp_fi = marker == 234;
		in->dpp8 = d1 >> 8;
	}
	return (int)pos + 4;
}

/* The DPP markers a src0 field may hold. */
static inline int is_dpp_marker(unsigned c)
{
	return c == 250 || c == 233 || c == 234;
}

/* VOP1/VOP2/VOPC (_e32 forms, 4 bytes + literal). */
static int dec_vop_e32(enum fmt fmt, uint32_t w, const uint8_t *code, size_t n, struct emu_inst *in)
{
	const struct isa_opinfo *r;
	unsigned vdst = 0;
	switch (fmt) {
	case FMT_VOP1:
		in->op = isa_opcode_map.vop1[f_VOP1_OP(w)];
		in->enc = ISA_ENC_VOP1;
		vdst = f_VOP1_VDST(w);
		break;
	case FMT_VOP2:
		in->op = isa_opcode_map.vop2[f_VOP2_OP(w)];
		in->enc = ISA_ENC_VOP2;
		in->src[1] = (uint16_t)(EMU_OPND_VGPR0 + f_VOP2_VSRC1(w));
		vdst = f_VOP2_VDST(w);
		break;
	case FMT_VOPC:
		in->op = isa_opcode_map.vopc[f_VOPC_OP(w)];
		in->enc = ISA_ENC_VOPC;
		in->src[1] = (uint16_t)(EMU_OPND_VGPR0 + f_VOPC_VSRC1(w));
		break;
	default:
		return EMU_E_DECODE;
	}
	if (!in->op)
		return EMU_E_DECODE;
	r = &isa_ops[in->op];
	if (r->src0)
		in->src[0] = (uint16_t)(w & 0x1ff);
	else if (fmt == FMT_VOP1 && (w & 0x1ff))
		return EMU_E_DECODE; /* v_nop: no source */
	if (fmt == FMT_VOP1 && !r->dst && vdst)
		return EMU_E_DECODE;
	int len = 4;
	if (is_dpp_marker(in->src[0])) {
		if ((len = dec_dpp(in, r, code, n, 4)) < 0)
			return len;
	} else if (in->src[0] != EMU_OPND_NONE && bad_src(in->src[0])) {
		return EMU_E_DECODE;
	}
	if (fmt == FMT_VOPC) {
		in->dst = (r->flags & ISA_F_WEXEC) ? EMU_OPND_EXEC_LO : EMU_OPND_VCC_LO;
	} else if (r->dst) {
		in->dst = (r->flags & ISA_F_WVDST) ? (uint16_t)vdst : (uint16_t)(EMU_OPND_VGPR0 + vdst);
	}
	if (fmt == FMT_VOP2) {
		if (r->flags & ISA_F_RVCC)
			in->src[2] = EMU_OPND_VCC_LO;
		if (r->flags & ISA_F_WVCC)
			in->sdst = EMU_OPND_VCC_LO;
		if (r->flags & ISA_F_ACC)
			in->src[2] = in->dst;
	}
	if (align_operands(in, r))
		return EMU_E_DECODE;
	if (!in->dpp)
		true16_halves(in, r);
	if ((r->flags & ISA_F_WVDST) && (!emu_opnd_is_vgpr(in->src[0]) || in->dst > EMU_OPND_EXEC_HI))
		return EMU_E_DECODE; /* readfirstlane: VGPR to SGPR */
	if ((r->flags & ISA_F_LITK) || in->src[0] == EMU_OPND_LITERAL)
		return take_literal(code, n, 4, in);
	return len;
}

static int dec_vop3(uint64_t w, const uint8_t *code, size_t n, struct emu_inst *in)
{
	unsigned opc = f_VOP3_OP(w);
	in->op = isa_opcode_map.vop3[opc];
	if (!in->op)
		return EMU_E_DECODE;
	const struct isa_opinfo *r = &isa_ops[in->op];
	if (r->flags & ISA_F_NOE64)
		return EMU_E_DECODE;
	int sd = r->enc == ISA_ENC_VOP3SD || (r->flags & ISA_F_SDST);
	in->enc = sd ? ISA_ENC_VOP3SD : ISA_ENC_VOP3;
	unsigned vdst = f_VOP3_VDST(w);
	if (sd) {
		in->sdst = (uint16_t)f_VOP3SD_SDST(w);
		in->clamp = (uint8_t)f_VOP3SD_CLAMP(w);
	} else {
		in->abs = (uint8_t)f_VOP3_ABS(w);
		in->opsel = (uint8_t)f_VOP3_OPSEL(w);
		in->clamp = (uint8_t)f_VOP3_CLAMP(w);
	}
	in->neg = (uint8_t)f_VOP3_NEG(w);
	in->omod = (uint8_t)f_VOP3_OMOD(w);
	if (r->enc == ISA_ENC_VOPC && !(r->flags & ISA_F_WEXEC) && vdst > EMU_OPND_EXEC_HI)
		return EMU_E_DECODE; /* the mask goes to a scalar register */
	if (r->enc == ISA_ENC_VOPC) {
		/* v_cmp_e64 writes the mask to the SGPR in vdst; v_cmpx_e64 to exec */
		in->dst = (r->flags & ISA_F_WEXEC) ? EMU_OPND_EXEC_LO : (uint16_t)vdst;
	} else if (r->dst) {
		in->dst = (r->flags & ISA_F_WVDST) ? (uint16_t)vdst : (uint16_t)(EMU_OPND_VGPR0 + vdst);
	}
	if (r->src0) in->src[0] = (uint16_t)f_VOP3_SRC0(w);
	if (r->src1) in->src[1] = (uint16_t)f_VOP3_SRC1(w);
	if (r->src2) in->src[2] = (uint16_t)f_VOP3_SRC2(w);
	/* fields of absent sources must be zero (LLVM refuses the encoding otherwise) */
	const unsigned sz[3] = { r->src0, r->src1, r->src2 };
	const unsigned fld[3] = { f_VOP3_SRC0(w), f_VOP3_SRC1(w), f_VOP3_SRC2(w) };
	for (int i = 0; i < 3; i++)
		if (!sz[i] && (fld[i] || ((in->neg | in->abs) >> i & 1)))
			return EMU_E_DECODE;
	/* Source modifiers exist only on float operands; LLVM refuses the rest. */
	unsigned fmods = (r->flags & ISA_F_FP) ? 7u : (r->flags & ISA_F_FP0) ? 1u : 0u;
	if ((in->neg | in->abs) & ~fmods)
		return EMU_E_DECODE;
	/* the mask of v_cndmask takes no modifiers; fmac_e64 keeps its src2 field and modifiers zero */
	if ((r->flags & ISA_F_RVCC) && ((in->neg | in->abs) & 4))
		return EMU_E_DECODE;
	if ((r->flags & ISA_F_ACC) && (f_VOP3_SRC2(w) || ((in->neg | in->abs) & 4)))
		return EMU_E_DECODE;
	if (in->omod && !(r->flags & (ISA_F_FP | ISA_F_FP0 | ISA_F_OMOD)))
		return EMU_E_DECODE;
	if (in->clamp && !(r->flags & (ISA_F_FP | ISA_F_FP0 | ISA_F_OMOD | ISA_F_CLAMP)))
		return EMU_E_DECODE;
	if (r->flags & ISA_F_ACC)
		in->src[2] = in->dst;
	if (align_operands(in, r))
		return EMU_E_DECODE;
	/* the mask or carry-in of v_cndmask_e64 and v_*_co_ci_e64 is a scalar register */
	if ((r->flags & ISA_F_RVCC) && in->src[2] > EMU_OPND_M0)
		return EMU_E_DECODE;
	if ((r->flags & ISA_F_WVDST) && (!emu_opnd_is_vgpr(in->src[0]) || in->dst > EMU_OPND_EXEC_HI))
		return EMU_E_DECODE; /* readlane: VGPR to SGPR */
	if ((r->flags & ISA_F_RVCC) && (in->clamp || in->omod) &&
	    ((r->enc == ISA_ENC_VOP2 && !(r->flags & ISA_F_SDST)) || in->op == ISA_OP_v_cndmask_b16))
		return EMU_E_DECODE; /* v_cndmask has no output modifiers */
	if (is_dpp_marker(in->src[0])) {
		/* VOP3 DPP (_e64_dpp): the DPP dword follows, no literal; src1 is a VGPR,
		 * or on the 11.5 targets also a scalar (SGPR, vcc, m0, exec, an inline
		 * constant: FeatureDPPSrc1SGPR, as llvm-mc-19 and -22 accept it) */
		if (r->src1 && !emu_opnd_is_vgpr(in->src[1]))
			in->needs |= ISA_F_DPP_SRC1_SGPR;
		int len = dec_dpp(in, r, code, n, 8);
		return len < 0 || bad_srcs(in) || uses_literal(in) ? EMU_E_DECODE : len;
	}
	if (bad_srcs(in))
		return EMU_E_DECODE;
	return uses_literal(in) ? take_literal(code, n, 8, in) : 8;
}

/* WMMA operands as LLVM 19 accepts them: A and B VGPR tuples, C a VGPR tuple or an
 * inline constant (read by every element), D a VGPR tuple; clamp only on the
 * integer forms, op_sel only [2] and only where D is 16-bit. */
static int bad_wmma(const struct emu_inst *in, const struct isa_opinfo *r)
{
	const unsigned c2 = in->src[2];
	if (!emu_opnd_is_vgpr(in->src[0]) || in->src[0] + r->src0 - 1 > 511 ||
	    !emu_opnd_is_vgpr(in->src[1]) || in->src[1] + r->src1 - 1 > 511 || in->dst + r->dst - 1 > 511)
		return 1;
	if (emu_opnd_is_vgpr(c2) ? c2 + r->src2 - 1 > 511 : c2 < EMU_OPND_INT0 || c2 > EMU_OPND_F_INV2PI || bad_src(c2))
		return 1;
	/* the aperture registers are no C operand (llvm-objdump-22 refuses some of them) */
	if (c2 >= EMU_OPND_SHARED_BASE && c2 <= EMU_OPND_PRIVATE_LIMIT)
		return 1;
	if (in->clamp && !isa_wmma_int(in->op))
		return 1;
	return (in->opsel & 3) || ((in->opsel & 4) && !isa_wmma_d16(in->op));
}

static int dec_vop3p(uint64_t w, const uint8_t *code, size_t n, struct emu_inst *in)
{
	if (w >> 23 & 1)
		return EMU_E_DECODE; /* bit 23 is clear in every VOP3P opcode LLVM knows */
	in->op = isa_opcode_map.vop3p[f_VOP3P_OP(w)];
	if (!in->op)
		return EMU_E_DECODE;
	const struct isa_opinfo *r = &isa_ops[in->op];
	in->enc = ISA_ENC_VOP3P;
	in->dst = (uint16_t)(EMU_OPND_VGPR0 + f_VOP3P_VDST(w));
	in->neg_hi = (uint8_t)f_VOP3P_NEG_HI(w);
	in->opsel = (uint8_t)f_VOP3P_OPSEL(w);
	in->opsel_hi = (uint8_t)(f_VOP3P_OPSEL_HI(w) | f_VOP3P_OPSEL_HI2(w) << 2);
	in->clamp = (uint8_t)f_VOP3P_CLAMP(w);
	in->neg = (uint8_t)f_VOP3P_NEG(w);
	if (r->src0) in->src[0] = (uint16_t)f_VOP3P_SRC0(w);
	if (r->src1) in->src[1] = (uint16_t)f_VOP3P_SRC1(w);
	if (r->src2) in->src[2] = (uint16_t)f_VOP3P_SRC2(w);
	const unsigned psz[3] = { r->src0, r->src1, r->src2 };
	const unsigned pfld[3] = { f_VOP3P_SRC0(w), f_VOP3P_SRC1(w), f_VOP3P_SRC2(w) };
	for (int i = 0; i < 3; i++)
		if (!psz[i] && (pfld[i] || ((in->neg | in->neg_hi | in->opsel) >> i & 1)))
			return EMU_E_DECODE;
	if (isa_is_wmma(in->op))
		return bad_wmma(in, r) ? EMU_E_DECODE : 8;
	return alu_finish(in, r, code, n, 8);
}

static int vopd_half(struct emu_vopd_half *h, unsigned op, unsigned dst, unsigned src0, unsigned vsrc1)
{
	const struct isa_opinfo *r = &isa_ops[op];
	if (!r->src1 && vsrc1)
		return EMU_E_DECODE; /* v_dual_mov: the vsrc1 field must be zero */
	h->op = (uint16_t)op;
	h->dst = (uint16_t)(EMU_OPND_VGPR0 + dst);
	h->src0 = (uint16_t)src0;
	if (r->src1)
		h->src1 = (uint16_t)(EMU_OPND_VGPR0 + vsrc1);
	if (r->flags & ISA_F_ACC)
		h->src2 = h->dst;
	else if (r->flags & ISA_F_RVCC)
		h->src2 = EMU_OPND_VCC_LO;
	return bad_src(src0) ? EMU_E_DECODE : 0;
}

static int dec_vopd(uint64_t w, const uint8_t *code, size_t n, struct emu_inst *in)
{
	unsigned xo = isa_vopd_x_op[f_VOPD_OPX(w)], yo = isa_vopd_y_op[f_VOPD_OPY(w)];
	if (!xo || !yo)
		return EMU_E_DECODE;
	in->op = ISA_OP_v_dual;
	in->enc = ISA_ENC_VOPD;
	unsigned vdx = f_VOPD_VDSTX(w);
	unsigned vdy = f_VOPD_VDSTY(w) << 1 | ((vdx & 1) ^ 1);
	if (vopd_half(&in->x, xo, vdx, f_VOPD_SRCX0(w), f_VOPD_VSRCX1(w)) ||
	    vopd_half(&in->y, yo, vdy, f_VOPD_SRCY0(w), f_VOPD_VSRCY1(w)))
		return EMU_E_DECODE;
	if (in->x.src0 == EMU_OPND_LITERAL || in->y.src0 == EMU_OPND_LITERAL ||
	    (isa_ops[xo].flags & ISA_F_LITK) || (isa_ops[yo].flags & ISA_F_LITK))
		return take_literal(code, n, 8, in);
	return 8;
}

static int dec_ds(uint64_t w, struct emu_inst *in)
{
	in->op = isa_opcode_map.ds[f_DS_OP(w)];
	if (!in->op)
		return EMU_E_DECODE;
	const struct isa_opinfo *r = &isa_ops[in->op];
	in->enc = ISA_ENC_DS;
	in->offset0 = (uint8_t)f_DS_OFFSET0(w);
	in->offset1 = (uint8_t)f_DS_OFFSET1(w);
	in->offset = in->offset0 | in->offset1 << 8;
	in->gds = (uint8_t)f_DS_GDS(w);
	if (in->gds && (in->op == ISA_OP_ds_permute_b32 || in->op == ISA_OP_ds_bpermute_b32))
		return EMU_E_DECODE; /* lane permutes have no GDS form */
	/* register fields the op does not use must be zero */
	if ((!r->dst && f_DS_VDST(w)) || (!r->src1 && f_DS_DATA0(w)) || (!r->src2 && f_DS_DATA1(w)))
		return EMU_E_DECODE;
	if (r->dst) in->dst = (uint16_t)(EMU_OPND_VGPR0 + f_DS_VDST(w));
	if (r->src0) in->addr = (uint16_t)(EMU_OPND_VGPR0 + f_DS_ADDR(w));
	if (r->src1) in->data0 = (uint16_t)(EMU_OPND_VGPR0 + f_DS_DATA0(w));
	if (r->src2) in->data1 = (uint16_t)(EMU_OPND_VGPR0 + f_DS_DATA1(w));
	if (bad_tuple(in->dst, r->dst) || bad_tuple(in->data0, r->src1) || bad_tuple(in->data1, r->src2))
		return EMU_E_DECODE;
	return 8;
}

static int dec_flat(uint64_t w, struct emu_inst *in)
{
	unsigned seg = f_FLAT_SEG(w);
	in->op = isa_opcode_map.flat[seg][f_FLAT_OP(w)];
	if (!in->op)
		return EMU_E_DECODE;
	const struct isa_opinfo *r = &isa_ops[in->op];
	in->enc = seg == 0 ? ISA_ENC_FLAT : seg == 1 ? ISA_ENC_SCRATCH : ISA_ENC_GLOBAL;
	in->glc = (uint8_t)f_FLAT_GLC(w);
	in->slc = (uint8_t)f_FLAT_SLC(w);
	in->dlc = (uint8_t)f_FLAT_DLC(w);
	in->sve = (uint8_t)f_FLAT_SVE(w);
	unsigned off = f_FLAT_OFFSET(w);
	/* FLAT: unsigned, as LLVM reads it (it assembles only 12 bits); others signed */
	in->offset = seg == 0 ? (int32_t)off : sext(off, 13);
	unsigned sa = f_FLAT_SADDR(w);
	if (seg == 0 && sa != EMU_OPND_NULL)
		return EMU_E_DECODE; /* FLAT has no SGPR base */
	if (seg != 1 && in->sve)
		return EMU_E_DECODE; /* SVE exists for scratch only */
	if (seg == 1 && sa == EMU_OPND_EXEC_HI)
		return EMU_E_DECODE;
	if (seg != 0 && sa != EMU_OPND_NULL)
		in->saddr = align_sgpr((uint16_t)sa, seg == 2 ? 2 : 1);
	/* Scratch without SVE has no VGPR address at all. */
	if (seg != 1 || in->sve)
		in->addr = (uint16_t)(EMU_OPND_VGPR0 + f_FLAT_ADDR(w));
	/* an atomic returns the old value only when glc is set */
	if (r->dst && (!(r->flags & ISA_F_ATOMIC) || in->glc))
		in->dst = (uint16_t)(EMU_OPND_VGPR0 + f_FLAT_VDST(w));
	if (r->src1) in->data0 = (uint16_t)(EMU_OPND_VGPR0 + f_FLAT_DATA(w));
	int wide = seg == 0 || (seg == 2 && in->saddr == EMU_OPND_NONE);
	if (bad_tuple(in->dst, r->dst) || bad_tuple(in->data0, r->src1) ||
	    bad_tuple(in->addr, wide ? 2 : 1) || bad_tuple(in->saddr, seg == 2 ? 2 : 1))
		return EMU_E_DECODE;
	return 8;
}

/* The operands MUBUF and MTBUF loads and stores share (same bit positions in
 * both): vaddr (absent, "off", unless idxen or offen; two VGPRs with both:
 * index then offset), vdata, the descriptor quad and soffset. */
static int buf_operands(uint64_t w, struct emu_inst *in, const struct isa_opinfo *r)
{
	if (f_MUBUF_TFE(w))
		return EMU_E_DECODE; /* texture-fail status: not modelled */
	in->idxen = (uint8_t)f_MUBUF_IDXEN(w);
	in->offen = (uint8_t)f_MUBUF_OFFEN(w);
	if (in->idxen || in->offen)
		in->addr = (uint16_t)(EMU_OPND_VGPR0 + f_MUBUF_VADDR(w));
	uint16_t vdata = (uint16_t)(EMU_OPND_VGPR0 + f_MUBUF_VDATA(w));
	if (r->flags & ISA_F_LOAD)
		in->dst = vdata;
	else
		in->data0 = vdata;
	in->sbase = (uint16_t)(f_MUBUF_SRSRC(w) * 4);
	in->soffset = (uint16_t)f_MUBUF_SOFFSET(w);
	in->offset = (int32_t)f_MUBUF_OFFSET(w);
	in->glc = (uint8_t)f_MUBUF_GLC(w);
	in->slc = (uint8_t)f_MUBUF_SLC(w);
	in->dlc = (uint8_t)f_MUBUF_DLC(w);
	unsigned data = r->dst ? r->dst : r->src1;
	if (bad_tuple(in->sbase, 4) || in->sbase > 120 || bad_src(in->soffset) || in->soffset == EMU_OPND_LITERAL ||
	    in->soffset >= EMU_OPND_VGPR0 || f_MUBUF_VDATA(w) + data > 256 ||
	    (in->addr != EMU_OPND_NONE && f_MUBUF_VADDR(w) + (in->idxen && in->offen) > 255))
		return EMU_E_DECODE;
	return 8;
}

/* MUBUF.  The cache invalidations take no operand or cache bits. */
static int dec_mubuf(uint64_t w, struct emu_inst *in)
{
	in->op = isa_opcode_map.mubuf[f_MUBUF_OP(w)];
	if (!in->op)
		return EMU_E_DECODE;
	in->enc = ISA_ENC_MUBUF;
	const struct isa_opinfo *r = &isa_ops[in->op];
	if (!(r->flags & (ISA_F_LOAD | ISA_F_STORE)))
		return f_MUBUF_GLC(w) || f_MUBUF_DLC(w) ? EMU_E_DECODE : 8;
	return buf_operands(w, in, r);
}

/* MTBUF: typed loads and stores.  Only formats of 32-bit components are
 * modelled (BUF_FMT_32, 32_32, 32_32_32, 32_32_32_32 as UINT, SINT, FLOAT:
 * 20-22, 48-50, 58-63); every other format is refused, not guessed. */
static int dec_mtbuf(uint64_t w, struct emu_inst *in)
{
	in->op = isa_opcode_map.mtbuf[f_MTBUF_OP(w)];
	unsigned f = f_MTBUF_FORMAT(w);
	if (!in->op || !((f >= 20 && f <= 22) || (f >= 48 && f <= 50) || (f >= 58 && f <= 63)))
		return EMU_E_DECODE;
	in->enc = ISA_ENC_MTBUF;
	in->fmt = (uint8_t)f;
	return buf_operands(w, in, &isa_ops[in->op]);
}

/* The register-indexed moves name a register, never a constant: s_movrels reads
 * an SGPR (or ttmp), s_movreld writes one; v_movrels/v_movrelsd read a VGPR. */
static int bad_movrel(const struct emu_inst *in)
{
	switch (in->op) {
	case ISA_OP_s_movrels_b32: case ISA_OP_s_movrels_b64: return in->src[0] > 123;
	case ISA_OP_s_movreld_b32: case ISA_OP_s_movreld_b64: return in->dst > 123;
	case ISA_OP_v_movrels_b32: case ISA_OP_v_movrelsd_b32: return !emu_opnd_is_vgpr(in->src[0]);
	default: return 0;
	}
}

int emu_decode(const uint8_t *code, size_t n, struct emu_inst *out)
{
	if (!code || !out || n < 4)
		return EMU_E_DECODE;
	clear(out);
	uint32_t d0 = rd32(code);
	enum fmt fmt = match_fmt(d0);
	int len;
	switch (fmt) {
	case FMT_SOP1: case FMT_SOP2: case FMT_SOPK: case FMT_SOPC: case FMT_SOPP:
		len = dec_salu(fmt, d0, code, n, out);
		break;
	case FMT_VOP1: case FMT_VOP2: case FMT_VOPC:
		len = dec_vop_e32(fmt, d0, code, n, out);
		break;
	case FMT_SMEM: case FMT_VOP3: case FMT_VOP3P: case FMT_VOPD: case FMT_DS: case FMT_FLAT:
	case FMT_MUBUF: case FMT_MTBUF: {
		if (n < 8)
			return EMU_E_DECODE;
		uint64_t w = d0 | (uint64_t)rd32(code + 4) << 32;
		switch (fmt) {
		case FMT_SMEM: len = dec_smem(w, out); break;
		case FMT_VOP3: len = dec_vop3(w, code, n, out); break;
		case FMT_VOP3P: len = dec_vop3p(w, code, n, out); break;
		case FMT_VOPD: len = dec_vopd(w, code, n, out); break;
		case FMT_DS: len = dec_ds(w, out); break;
		case FMT_MUBUF: len = dec_mubuf(w, out); break;
		case FMT_MTBUF: len = dec_mtbuf(w, out); break;
		default: len = dec_flat(w, out); break;
		}
		break;
	}
	default:
		return EMU_E_DECODE;
	}
	if (len < 0 || bad_movrel(out)) {
		out->op = ISA_OP_INVALID;
		return EMU_E_DECODE;
	}
	out->len = (uint8_t)len;
	return len;
}
