/* disasm.c — emu_disasm: one instruction printed exactly as llvm-objdump-19
 * prints it for the default target (the text before its "//" comment).
 *
 * Names and operand sizes come from the opcode table; this file only knows
 * the operand syntax.  Every rule here is exercised by tests/emu/corpus/.
 */
#include "emu/decode.h"
#include "emu/emu.h"
#include "isa/isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct out {
	char *buf;
	size_t cap, len;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	if (o->len >= o->cap)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
	va_end(ap);
	if (k > 0)
		o->len = o->len + (size_t)k < o->cap ? o->len + (size_t)k : o->cap - 1;
}

/* ---- constants ---------------------------------------------------------------- */
/* The float inline constants, indexed by operand code - 240 (isa/inline_consts.def). */
static const struct { const char *text; uint32_t f32; uint16_t f16; uint32_t f64_hi; } fconst[] = {
#define INLINE_FLOAT(code, text, f32, f16, f64) [(code) - EMU_OPND_F_HALF] = { text, f32, f16, (uint32_t)((f64) >> 32) },
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
};
#define N_FCONST (sizeof fconst / sizeof fconst[0])

enum optype { T_B32, T_B64, T_F64, T_F16, T_I16, T_PK16 };

static enum optype src_type(const struct isa_opinfo *r, unsigned size)
{
	if (r->flags & ISA_F_PK16)
		return T_PK16;
	if (r->flags & ISA_F_F16)
		return T_F16;
	if (r->flags & ISA_F_I16)
		return T_I16;
	if (size == 2)
		return (r->flags & ISA_F_F64) ? T_F64 : T_B64;
	return T_B32;
}

/* Literal dwords print as the inline constant they equal, else in hex. */
static void put_literal(struct out *o, uint32_t v, enum optype t)
{
	switch (t) {
	case T_F16:
	case T_PK16: {
		uint32_t h = (t == T_F16) ? (v & 0xffff) : v;
		if (h <= 0xffff) {
			int16_t s = (int16_t)h;
			if (isa_inline_int(s)) { put(o, "%d", s); return; }
			for (size_t i = 0; i < N_FCONST; i++)
				if (h == fconst[i].f16) { put(o, "%s", fconst[i].text); return; }
		}
		if (t == T_PK16 && isa_inline_int((int32_t)v)) {
			put(o, "%d", (int32_t)v);
			return;
		}
		put(o, "0x%x", h);
		return;
	}
	case T_I16:
		if (isa_inline_int((int32_t)v)) { put(o, "%d", (int32_t)v); return; }
		put(o, "0x%x", v & 0xffff);
		return;
	case T_F64:
		/* the literal is the high dword of the double */
		if (v == 0) { put(o, "0"); return; }
		for (size_t i = 0; i + 1 < N_FCONST; i++) /* not 1/(2*pi): its low dword is not 0 */
			if (v == fconst[i].f64_hi) { put(o, "%s", fconst[i].text); return; }
		put(o, "0x%x", v);
		return;
	case T_B64:
		if (v <= 64) { put(o, "%u", v); return; }
		put(o, "0x%x", v);
		return;
	case T_B32:
		if (isa_inline_int((int32_t)v)) { put(o, "%d", (int32_t)v); return; }
		for (size_t i = 0; i < N_FCONST; i++)
			if (v == fconst[i].f32) { put(o, "%s", fconst[i].text); return; }
		put(o, "0x%x", v);
		return;
	}
}

static void put_regs(struct out *o, const char *pfx, unsigned first, unsigned size)
{
	if (size <= 1)
		put(o, "%s%u", pfx, first);
	else
		put(o, "%s[%u:%u]", pfx, first, first + size - 1);
}

/* Any operand code, `size` dwords wide. */
static void put_opnd(struct out *o, unsigned c, unsigned size, enum optype t, uint32_t lit)
{
	if (size == 0)
		size = 1;
	if (c >= EMU_OPND_VGPR0 && c < 512) { put_regs(o, "v", c - EMU_OPND_VGPR0, size); return; }
	if (c <= EMU_OPND_SGPR_MAX) { put_regs(o, "s", c, size); return; }
	if (c >= 108 && c <= 123) { put_regs(o, "ttmp", c - 108, size); return; }
	if (c >= 128 && c <= 192) { put(o, "%u", c - 128); return; }
	if (c >= 193 && c <= 208) { put(o, "-%u", c - 192); return; }
	if (c >= EMU_OPND_F_HALF && c <= EMU_OPND_F_INV2PI) {
		if (t == T_I16) { /* an integer operand sees the f16 bit pattern */
			put(o, "0x%x", fconst[c - EMU_OPND_F_HALF].f16);
			return;
		}
		if (c == EMU_OPND_F_INV2PI && (t == T_F64 || size == 2))
			put(o, "0.15915494309189532");
		else
			put(o, "%s", fconst[c - EMU_OPND_F_HALF].text);
		return;
	}
	switch (c) {
	case EMU_OPND_VCC_LO: put(o, size == 2 ? "vcc" : "vcc_lo"); return;
	case EMU_OPND_VCC_HI: put(o, "vcc_hi"); return;
	case EMU_OPND_NULL: put(o, "null"); return;
	case EMU_OPND_M0: put(o, "m0"); return;
	case EMU_OPND_EXEC_LO: put(o, size == 2 ? "exec" : "exec_lo"); return;
	case EMU_OPND_EXEC_HI: put(o, "exec_hi"); return;
	case 235: put(o, "src_shared_base"); return;
	case 236: put(o, "src_shared_limit"); return;
	case 237: put(o, "src_private_base"); return;
	case 238: put(o, "src_private_limit"); return;
	case EMU_OPND_SCC: put(o, "src_scc"); return;
	case EMU_OPND_LITERAL: put_literal(o, lit, t); return;
	default: put(o, "<bad %u>", c); return;
	}
}

/* ---- scalar immediates ---------------------------------------------------------- */
enum simm_fmt {
	S_HEX = 0,     /* 0x%x (SOPK default) */
	S_NONE,        /* no operand */
	S_DEC,         /* unsigned decimal */
	S_DEC_NZ,      /* decimal, omitted when 0 (s_endpgm) */
	S_IMM,         /* decimal up to 64, else 0x%x */
	S_VERSION,     /* s_version: decimal | UC_VERSION_* flags */
	S_WAITCNT, S_DELAY, S_SENDMSG, S_DEPCTR, S_HWREG,
};

static const uint8_t simm_fmt[ISA_OP_COUNT] = {
	[ISA_OP_s_nop] = S_IMM, [ISA_OP_s_setkill] = S_IMM, [ISA_OP_s_sleep] = S_IMM,
	[ISA_OP_s_clause] = S_HEX, [ISA_OP_s_set_inst_prefetch_distance] = S_HEX,
	[ISA_OP_s_delay_alu] = S_DELAY, [ISA_OP_s_waitcnt_depctr] = S_DEPCTR,
	[ISA_OP_s_waitcnt] = S_WAITCNT, [ISA_OP_s_wait_idle] = S_NONE,
	[ISA_OP_s_trap] = S_IMM, [ISA_OP_s_round_mode] = S_HEX, [ISA_OP_s_denorm_mode] = S_IMM,
	[ISA_OP_s_code_end] = S_NONE, [ISA_OP_s_endpgm] = S_DEC_NZ,
	[ISA_OP_s_branch] = S_DEC, [ISA_OP_s_cbranch_scc0] = S_DEC, [ISA_OP_s_cbranch_scc1] = S_DEC,
	[ISA_OP_s_cbranch_vccz] = S_DEC, [ISA_OP_s_cbranch_vccnz] = S_DEC,
	[ISA_OP_s_cbranch_execz] = S_DEC, [ISA_OP_s_cbranch_execnz] = S_DEC,
	[ISA_OP_s_setprio] = S_IMM, [ISA_OP_s_sendmsg] = S_SENDMSG, [ISA_OP_s_sendmsghalt] = S_SENDMSG,
	[ISA_OP_s_icache_inv] = S_NONE, [ISA_OP_s_barrier] = S_NONE,
	[ISA_OP_s_version] = S_VERSION, [ISA_OP_s_call_b64] = S_DEC,
	[ISA_OP_s_getreg_b32] = S_HWREG, [ISA_OP_s_setreg_b32] = S_HWREG,
	[ISA_OP_s_setreg_imm32_b32] = S_HWREG,
};

static void put_waitcnt(struct out *o, const struct emu_inst *in)
{
	/* Counters at their maximum are left out, unless all are. */
	int all = in->vmcnt == 63 && in->expcnt == 7 && in->lgkmcnt == 63;
	const char *sep = "";
	if (all || in->vmcnt != 63) { put(o, "vmcnt(%u)", in->vmcnt); sep = " "; }
	if (all || in->expcnt != 7) { put(o, "%sexpcnt(%u)", sep, in->expcnt); sep = " "; }
	if (all || in->lgkmcnt != 63) put(o, "%slgkmcnt(%u)", sep, in->lgkmcnt);
}

static void put_delay(struct out *o, unsigned v)
{
	static const char *const id[12] = {
		"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4",
		"TRANS32_DEP_1", "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1",
		"SALU_CYCLE_1", "SALU_CYCLE_2", "SALU_CYCLE_3",
	};
	static const char *const skip[6] = { "SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4" };
	unsigned id0 = v & 0xf, sk = (v >> 4) & 7, id1 = (v >> 7) & 0xf;
	const char *sep = "";
	if (id0) {
		put(o, "instid0(%s)", id0 < 12 ? id[id0] : "/* invalid instid value */");
		sep = " | ";
	}
	if (sk) {
		put(o, "%sinstskip(%s)", sep, sk < 6 ? skip[sk] : "/* invalid instskip value */");
		sep = " | ";
	}
	if (id1)
		put(o, "%sinstid1(%s)", sep, id1 < 12 ? id[id1] : "/* invalid instid value */");
	if (!id0 && !sk && !id1)
		put(o, "0");
}

static void put_sendmsg(struct out *o, unsigned v)
{
	static const struct { unsigned id; const char *name; } msgs[] = {
		{ 1, "MSG_INTERRUPT" }, { 2, "MSG_HS_TESSFACTOR" }, { 3, "MSG_DEALLOC_VGPRS" },
		{ 5, "MSG_STALL_WAVE_GEN" }, { 6, "MSG_HALT_WAVES" }, { 9, "MSG_GS_ALLOC_REQ" },
		{ 0x80, "MSG_RTN_GET_DOORBELL" }, { 0x81, "MSG_RTN_GET_DDID" },
		{ 0x82, "MSG_RTN_GET_TMA" }, { 0x83, "MSG_RTN_GET_REALTIME" },
		{ 0x84, "MSG_RTN_SAVE_WAVE" }, { 0x85, "MSG_RTN_GET_TBA" },
		{ 0x86, "MSG_RTN_GET_TBA_TO_PC" },
	};
	/* gfx11: an 8-bit id; a known one prints by name whatever the other bits, an
	 * unknown one as sendmsg(id, 0, 0) when nothing else is set, else as a number */
	unsigned id = v & 0xff;
	for (size_t i = 0; i < sizeof msgs / sizeof msgs[0]; i++)
		if (msgs[i].id == id) { put(o, "sendmsg(%s)", msgs[i].name); return; }
	if (v == id)
		put(o, "sendmsg(%u, 0, 0)", id);
	else
		put(o, "%u", v);
}

/* s_waitcnt_depctr: symbolic only when the unused bits 5..6 are clear; fields
 * at their default are left out unless all are. */
static void put_depctr(struct out *o, unsigned v)
{
	static const struct { const char *name; uint8_t lo, width; } f[] = {
		{ "depctr_hold_cnt", 7, 1 }, { "depctr_sa_sdst", 0, 1 }, { "depctr_va_vdst", 12, 4 },
		{ "depctr_va_sdst", 9, 3 }, { "depctr_va_ssrc", 8, 1 }, { "depctr_va_vcc", 1, 1 },
		{ "depctr_vm_vsrc", 2, 3 },
	};
	if (v & 0x60) { put(o, "0x%x", v); return; }
	int any = 0;
	for (int pass = 0; pass < 2 && !any; pass++) {
		const char *sep = "";
		for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
			unsigned m = (1u << f[i].width) - 1, x = (v >> f[i].lo) & m;
			if (pass == 0 && x == m)
				continue;
			put(o, "%s%s(%u)", sep, f[i].name, x);
			sep = " ";
			any = 1;
		}
	}
}

static void put_hwreg(struct out *o, unsigned v)
{
	static const char *const names[32] = {
		[1] = "HW_REG_MODE", [2] = "HW_REG_STATUS", [3] = "HW_REG_TRAPSTS",
		[5] = "HW_REG_GPR_ALLOC", [6] = "HW_REG_LDS_ALLOC", [7] = "HW_REG_IB_STS",
		[15] = "HW_REG_SH_MEM_BASES", [18] = "HW_REG_PERF_SNAPSHOT_PC_LO",
		[19] = "HW_REG_PERF_SNAPSHOT_PC_HI", [20] = "HW_REG_FLAT_SCR_LO",
		[21] = "HW_REG_FLAT_SCR_HI", [23] = "HW_REG_HW_ID1", [24] = "HW_REG_HW_ID2",
		[27] = "HW_REG_PERF_SNAPSHOT_DATA", [29] = "HW_REG_SHADER_CYCLES",
	};
	unsigned id = v & 0x3f, off = (v >> 6) & 0x1f, size = ((v >> 11) & 0x1f) + 1;
	if (id < 32 && names[id])
		put(o, "hwreg(%s", names[id]);
	else
		put(o, "hwreg(%u", id);
	if (off != 0 || size != 32)
		put(o, ", %u, %u", off, size);
	put(o, ")");
}

/* s_version: an 8-bit version with UC_VERSION_W64/W32/MDP flags in bits 13..15 */
static void put_version(struct out *o, unsigned imm)
{
	static const char *const flag[3] = { "UC_VERSION_W64_BIT", "UC_VERSION_W32_BIT", "UC_VERSION_MDP_BIT" };
	if (imm & 0x1f00) {
		put(o, "0x%x", imm);
		return;
	}
	unsigned nflags = 0;
	for (int i = 0; i < 3; i++)
		nflags += (imm >> (13 + i)) & 1;
	for (unsigned i = 1; i < nflags; i++)
		put(o, "(");
	static const char *const named[16] = { [0] = "UC_VERSION_GFX7", [4] = "UC_VERSION_GFX10",
						[6] = "UC_VERSION_GFX11", [9] = "UC_VERSION_GFX12" };
	unsigned base = imm & 0xff;
	if (base < 16 && named[base])
		put(o, "%s", named[base]);
	else
		put(o, "%u", base);
	unsigned done = 0;
	for (int i = 0; i < 3; i++) {
		if (!((imm >> (13 + i)) & 1))
			continue;
		put(o, "|%s", flag[i]);
		if (++done < nflags)
			put(o, ")");
	}
}

static void dis_scalar(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	unsigned imm = (unsigned)in->simm16 & 0xffff;
	switch (in->enc) {
	case ISA_ENC_SOP1:
		if (r->dst) {
			put_opnd(o, in->dst, r->dst, T_B32, in->lit);
			if (in->op == ISA_OP_s_sendmsg_rtn_b32 || in->op == ISA_OP_s_sendmsg_rtn_b64) {
				put(o, ", ");
				put_sendmsg(o, (unsigned)in->simm16);
				return;
			}
			if (r->src0) put(o, ", ");
		}
		if (r->src0) put_opnd(o, in->src[0], r->src0, src_type(r, r->src0), in->lit);
		return;
	case ISA_ENC_SOP2:
		put_opnd(o, in->dst, r->dst, T_B32, in->lit);
		put(o, ", ");
		put_opnd(o, in->src[0], r->src0, src_type(r, r->src0), in->lit);
		if (in->op == ISA_OP_s_fmamk_f32) /* K between the sources, as v_fmamk */
			put(o, ", 0x%x", in->lit);
		put(o, ", ");
		put_opnd(o, in->src[1], r->src1, src_type(r, r->src1), in->lit);
		if (in->op == ISA_OP_s_fmaak_f32)
			put(o, ", 0x%x", in->lit);
		return;
	case ISA_ENC_SOPC:
		put_opnd(o, in->src[0], r->src0, src_type(r, r->src0), in->lit);
		put(o, ", ");
		put_opnd(o, in->src[1], r->src1, src_type(r, r->src1), in->lit);
		return;
	case ISA_ENC_SOPK:
		switch (simm_fmt[in->op]) {
		case S_HWREG:
			if (in->op == ISA_OP_s_getreg_b32) {
				put_opnd(o, in->dst, 1, T_B32, 0);
				put(o, ", ");
				put_hwreg(o, imm);
			} else if (in->op == ISA_OP_s_setreg_b32) {
				put_hwreg(o, imm);
				put(o, ", ");
				put_opnd(o, in->src[0], 1, T_B32, 0);
			} else {
				put_hwreg(o, imm);
				put(o, ", ");
				put_literal(o, in->lit, T_B32);
			}
			return;
		case S_VERSION:
			put_version(o, imm);
			return;
		case S_DEC:
			if (in->op == ISA_OP_s_call_b64) {
				put_opnd(o, in->dst, 2, T_B32, 0);
				put(o, ", ");
			}
			put(o, "%u", imm);
			return;
		default:
			put_opnd(o, (r->flags & ISA_F_NODST) ? in->src[0] : in->dst, 1, T_B32, 0);
			put(o, ", 0x%x", imm);
			return;
		}
	case ISA_ENC_SOPP:
		switch (simm_fmt[in->op]) {
		case S_NONE: return;
		case S_DEC: put(o, "%u", imm); return;
		case S_DEC_NZ: if (imm) put(o, "%u", imm); return;
		case S_IMM: put(o, imm <= 64 ? "%u" : "0x%x", imm); return;
		case S_WAITCNT: put_waitcnt(o, in); return;
		case S_DELAY: put_delay(o, imm); return;
		case S_SENDMSG: put_sendmsg(o, imm); return;
		case S_DEPCTR: put_depctr(o, imm); return;
		default: put(o, "0x%x", imm); return;
		}
	default:
		return;
	}
}

static void put_sep_space(struct out *o, int *first)
{
	put(o, *first ? " " : ", ");
	*first = 0;
}

static void dis_smem(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	if (!r->dst)
		return;
	put_opnd(o, in->dst, r->dst, T_B32, 0);
	put(o, ", ");
	put_opnd(o, in->sbase, r->src0, T_B32, 0);
	put(o, ", ");
	if (in->soffset != EMU_OPND_NONE) {
		put_opnd(o, in->soffset, 1, T_B32, 0);
		if (in->offset)
			put(o, " offset:%s0x%x", in->offset < 0 ? "-" : "",
			    (unsigned)(in->offset < 0 ? -in->offset : in->offset));
	} else if (in->offset == 0) {
		put(o, "null");
	} else {
		put(o, "%s0x%x", in->offset < 0 ? "-" : "",
		    (unsigned)(in->offset < 0 ? -in->offset : in->offset));
	}
	if (in->glc) put(o, " glc");
	if (in->dlc) put(o, " dlc");
}

static int is_mix(unsigned op)
{
	return op == ISA_OP_v_fma_mix_f32 || op == ISA_OP_v_fma_mixlo_f16 || op == ISA_OP_v_fma_mixhi_f16;
}

/* A true16 high half in an _e32 form (the decoder's op_sel bit; LLVM 20+ prints v1.h). */
static int t16_hi(const struct emu_inst *in, unsigned bit)
{
	return (in->enc == ISA_ENC_VOP1 || in->enc == ISA_ENC_VOP2 || in->enc == ISA_ENC_VOPC) && (in->opsel & bit);
}

/* A VALU source with its VOP3 modifiers. */
static void put_vsrc(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r,
		     int i, unsigned size)
{
	int neg = (in->neg >> i) & 1, abs = (in->abs >> i) & 1;
	if (is_mix(in->op))
		abs = (in->neg_hi >> i) & 1; /* v_fma_mix*: neg_hi is abs, both print inline */
	else if (in->enc == ISA_ENC_VOP3P)
		neg = 0; /* printed as neg_lo:[...] */
	/* a negated constant without abs prints as neg(c): "-" would read as its sign */
	int neg_fn = neg && !abs && !emu_opnd_is_vgpr(in->src[i]) && in->src[i] >= EMU_OPND_INT0 &&
		     in->src[i] != EMU_OPND_SCC && !(in->src[i] >= EMU_OPND_SHARED_BASE && in->src[i] <= EMU_OPND_PRIVATE_LIMIT);
	put(o, neg_fn ? "neg(" : neg ? "-" : "");
	if (abs) put(o, "|");
	if (is_mix(in->op) && in->src[i] == EMU_OPND_LITERAL)
		put(o, "0x%x", in->lit & 0xffff); /* llvm-objdump 19 and 22 print the low half whatever op_sel_hi says */
	else
		put_opnd(o, in->src[i], size, src_type(r, size), in->lit);
	if (t16_hi(in, 1u << i))
		put(o, ".h");
	if (abs) put(o, "|");
	if (neg_fn) put(o, ")");
}

/* VOP3P: op_sel, op_sel_hi (default: all set), neg_lo, neg_hi, one entry per source */
static void put_bits(struct out *o, const char *name, unsigned v, int n)
{
	put(o, " %s:[", name);
	for (int i = 0; i < n; i++)
		put(o, "%u%s", (v >> i) & 1, i + 1 < n ? "," : "]");
}

static void put_vop3p_mods(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	int n = r->src2 ? 3 : r->src1 ? 2 : 1;
	unsigned all = (1u << n) - 1;
	if (is_mix(in->op)) { /* op_sel_hi selects f16 sources: default none */
		if (in->opsel & all) put_bits(o, "op_sel", in->opsel, n);
		if (in->opsel_hi & all) put_bits(o, "op_sel_hi", in->opsel_hi, n);
		if (in->clamp) put(o, " clamp");
		return;
	}
	if (in->opsel & all) put_bits(o, "op_sel", in->opsel, n);
	/* the 32-bit-D WMMA forms have no op_sel_hi to print */
	if ((in->opsel_hi & all) != all && !(isa_is_wmma(in->op) && !isa_wmma_d16(in->op))) put_bits(o, "op_sel_hi", in->opsel_hi, n);
	if (in->neg & all) put_bits(o, "neg_lo", in->neg, n);
	if (in->neg_hi & all) put_bits(o, "neg_hi", in->neg_hi, n);
	if (in->clamp) put(o, " clamp");
}

/* DPP lane pattern, masks and flags, as llvm-objdump prints them. */
static void put_dpp(struct out *o, const struct emu_inst *in)
{
	if (in->dpp == EMU_DPP8) {
		put(o, " dpp8:[");
		for (int i = 0; i < 8; i++)
			put(o, "%u%s", in->dpp8 >> (3 * i) & 7, i < 7 ? "," : "]");
	} else {
		unsigned c = in->dpp_ctrl;
		static const char *const row_op[] = { "row_shl", "row_shr", "row_ror" };
		if (c <= 0xff)
			put(o, " quad_perm:[%u,%u,%u,%u]", c & 3, c >> 2 & 3, c >> 4 & 3, c >> 6 & 3);
		else if (c <= 0x12f)
			put(o, " %s:%u", row_op[(c - 0x100) >> 4], c & 0xf);
		else if (c == 0x140 || c == 0x141)
			put(o, c == 0x140 ? " row_mirror" : " row_half_mirror");
		else
			put(o, " %s:%u", c < 0x160 ? "row_share" : "row_xmask", c & 0xf);
		put(o, " row_mask:0x%x bank_mask:0x%x", in->row_mask, in->bank_mask);
		if (in->dpp_bc)
			put(o, " bound_ctrl:1");
	}
	if (in->dpp_fi)
		put(o, " fi:1");
}

static void dis_valu(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	const unsigned sz[3] = { r->src0, r->src1, r->src2 };
	int e64 = in->enc == ISA_ENC_VOP3 || in->enc == ISA_ENC_VOP3SD;
	int first = 1;
	int nsrc = 3;

	/* destinations */
	if (r->enc == ISA_ENC_VOPC) {
		if (!(r->flags & ISA_F_WEXEC)) {
			put_sep_space(o, &first);
			put_opnd(o, in->dst, 1, T_B32, 0);
		}
	} else if (r->dst) {
		put_sep_space(o, &first);
		put_opnd(o, in->dst, r->dst, T_B32, 0);
		if (t16_hi(in, 8))
			put(o, ".h");
	}
	if (in->sdst != EMU_OPND_NONE && (e64 || (r->flags & ISA_F_WVCC))) {
		put_sep_space(o, &first);
		put_opnd(o, in->sdst, 1, T_B32, 0);
	}

	/* sources: VOP2 fmac's src2 (= dst) is implicit in _e32 and absent in _e64 */
	if (r->flags & ISA_F_ACC)
		nsrc = 2;
	for (int i = 0; i < nsrc; i++) {
		if (in->src[i] == EMU_OPND_NONE || !sz[i])
			continue;
		if ((in->op == ISA_OP_v_fmamk_f32 || in->op == ISA_OP_v_fmamk_f16) && i == 1)
			put(o, ", 0x%x", in->lit); /* K always prints in hex */
		put_sep_space(o, &first);
		put_vsrc(o, in, r, i, sz[i]);
	}
	if (in->op == ISA_OP_v_fmaak_f32 || in->op == ISA_OP_v_fmaak_f16)
		put(o, ", 0x%x", in->lit);

	if (in->enc == ISA_ENC_VOP3P) {
		put_vop3p_mods(o, in, r);
		return;
	}
	if (in->dpp && !e64)
		put_dpp(o, in);
	if (!e64)
		return;
	/* LLVM 19 neither parses nor prints op_sel on v_cndmask_b16 (LLVM 22 writes .h) */
	if ((r->flags & ISA_F_OPSEL) && in->opsel && in->op != ISA_OP_v_cndmask_b16) {
		int n = (r->src2 ? 3 : r->src1 ? 2 : 1);
		put(o, " op_sel:[");
		for (int i = 0; i < n; i++)
			put(o, "%u,", (in->opsel >> i) & 1);
		put(o, "%u]", (in->opsel >> 3) & 1);
	}
	if (in->clamp) put(o, " clamp");
	static const char *const omod[4] = { "", " mul:2", " mul:4", " div:2" };
	put(o, "%s", omod[in->omod & 3]);
	if (in->dpp)
		put_dpp(o, in);
}

static void dis_vopd_half(struct out *o, const struct emu_vopd_half *h, uint32_t lit)
{
	const struct isa_opinfo *r = &isa_ops[h->op];
	const char *name = isa_vopd_name(h->op);
	put(o, "%s ", name ? name : "?");
	put_opnd(o, h->dst, 1, T_B32, 0);
	put(o, ", ");
	put_opnd(o, h->src0, 1, (r->flags & ISA_F_PK16) ? T_PK16 : T_B32, lit);
	if (h->op == ISA_OP_v_fmamk_f32)
		put(o, ", 0x%x", lit);
	if (h->src1 != EMU_OPND_NONE) {
		put(o, ", ");
		put_opnd(o, h->src1, 1, T_B32, 0);
	}
	if (h->op == ISA_OP_v_fmaak_f32)
		put(o, ", 0x%x", lit);
}

static const char *ds_swizzle_ids[] = { "QUAD_PERM", "BITMASK_PERM", "SWAP", "REVERSE", "BROADCAST" };

static int is_pow2(unsigned v) { return v && !(v & (v - 1)); }

static void put_swizzle(struct out *o, unsigned imm)
{
	if ((imm & 0xff00) == 0x8000) {
		put(o, " offset:swizzle(%s,%u,%u,%u,%u)", ds_swizzle_ids[0], imm & 3, (imm >> 2) & 3,
		    (imm >> 4) & 3, (imm >> 6) & 3);
		return;
	}
	if (imm & 0x8000) {
		put(o, " offset:%u", imm);
		return;
	}
	unsigned and_m = imm & 0x1f, or_m = (imm >> 5) & 0x1f, xor_m = (imm >> 10) & 0x1f;
	if (and_m == 0x1f && or_m == 0 && is_pow2(xor_m)) {
		put(o, " offset:swizzle(%s,%u)", ds_swizzle_ids[2], xor_m);
	} else if (and_m == 0x1f && or_m == 0 && xor_m > 0 && is_pow2(xor_m + 1)) {
		put(o, " offset:swizzle(%s,%u)", ds_swizzle_ids[3], xor_m + 1);
	} else if (0x20 - and_m > 1 && is_pow2(0x20 - and_m) && or_m < 0x20 - and_m && xor_m == 0) {
		put(o, " offset:swizzle(%s,%u,%u)", ds_swizzle_ids[4], 0x20 - and_m, or_m);
	} else {
		unsigned p0 = (0 | or_m) ^ xor_m, p1 = ((0x1f & and_m) | or_m) ^ xor_m;
		put(o, " offset:swizzle(%s,\"", ds_swizzle_ids[1]);
		for (unsigned m = 0x10; m; m >>= 1) {
			unsigned b0 = p0 & m, b1 = p1 & m;
			put(o, "%c", b0 && b1 ? '1' : !b0 && !b1 ? '0' : !b0 ? 'p' : 'i');
		}
		put(o, "\")");
	}
}

static void dis_ds(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	int first = 1;
	if (r->dst) { put_sep_space(o, &first); put_opnd(o, in->dst, r->dst, T_B32, 0); }
	if (r->src0) { put_sep_space(o, &first); put_opnd(o, in->addr, 1, T_B32, 0); }
	if (r->src1) { put_sep_space(o, &first); put_opnd(o, in->data0, r->src1, T_B32, 0); }
	if (r->src2) { put_sep_space(o, &first); put_opnd(o, in->data1, r->src2, T_B32, 0); }
	if (in->op == ISA_OP_ds_swizzle_b32) {
		if (in->offset)
			put_swizzle(o, (unsigned)in->offset);
	} else if (r->flags & ISA_F_DS2) {
		if (in->offset0) put(o, " offset0:%u", in->offset0);
		if (in->offset1) put(o, " offset1:%u", in->offset1);
	} else if (in->offset) {
		put(o, " offset:%u", (unsigned)in->offset);
	}
	if (in->gds) put(o, " gds");
}

static void dis_flat(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	int first = 1;
	int wide = in->enc == ISA_ENC_FLAT || (in->enc == ISA_ENC_GLOBAL && in->saddr == EMU_OPND_NONE);
	if (in->dst != EMU_OPND_NONE) { put_sep_space(o, &first); put_opnd(o, in->dst, r->dst ? r->dst : r->src1, T_B32, 0); }
	put_sep_space(o, &first);
	if (in->addr == EMU_OPND_NONE)
		put(o, "off");
	else
		put_opnd(o, in->addr, wide ? 2 : 1, T_B32, 0);
	if (r->src1) { put(o, ", "); put_opnd(o, in->data0, r->src1, T_B32, 0); }
	if (in->enc != ISA_ENC_FLAT) {
		put(o, ", ");
		if (in->saddr == EMU_OPND_NONE)
			put(o, "off");
		else
			put_opnd(o, in->saddr, in->enc == ISA_ENC_GLOBAL ? 2 : 1, T_B32, 0);
	}
	if (in->offset) put(o, " offset:%d", in->offset);
	if (in->glc) put(o, " glc");
	if (in->slc) put(o, " slc");
	if (in->dlc) put(o, " dlc");
}

/* The MTBUF formats the decoder accepts (32-bit components), as LLVM names them:
 * 20-22 BUF_FMT_32_{UINT,SINT,FLOAT}, 48-50 32_32, 58-60 32_32_32, 61-63 32_32_32_32. */
static void put_buf_fmt(struct out *o, unsigned f)
{
	static const char *const comps[] = { "32", "32_32", "32_32_32", "32_32_32_32" };
	static const char *const kinds[] = { "UINT", "SINT", "FLOAT" };
	unsigned c = f <= 22 ? 0 : f <= 50 ? 1 : f <= 60 ? 2 : 3;
	unsigned first = c == 0 ? 20 : c == 1 ? 48 : c == 2 ? 58 : 61;
	put(o, " format:[BUF_FMT_%s_%s]", comps[c], kinds[(f - first) % 3]);
}

/* MUBUF loads and stores: vdata, vaddr or off, the descriptor, soffset, then
 * idxen offen offset glc slc dlc (llvm-objdump's order). */
static void dis_mubuf(struct out *o, const struct emu_inst *in, const struct isa_opinfo *r)
{
	if (!(r->flags & (ISA_F_LOAD | ISA_F_STORE)))
		return; /* buffer_gl0_inv, buffer_gl1_inv: no operands */
	put(o, " ");
	if (r->flags & ISA_F_LOAD)
		put_opnd(o, in->dst, r->dst, T_B32, 0);
	else
		put_opnd(o, in->data0, r->src1, T_B32, 0);
	put(o, ", ");
	if (in->addr == EMU_OPND_NONE)
		put(o, "off");
	else
		put_opnd(o, in->addr, in->idxen && in->offen ? 2 : 1, T_B32, 0);
	put(o, ", ");
	put_opnd(o, in->sbase, 4, T_B32, 0);
	put(o, ", ");
	put_opnd(o, in->soffset, 1, T_B32, 0);
	if (in->enc == ISA_ENC_MTBUF)
		put_buf_fmt(o, in->fmt);
	if (in->idxen) put(o, " idxen");
	if (in->offen) put(o, " offen");
	if (in->offset) put(o, " offset:%d", in->offset);
	if (in->glc) put(o, " glc");
	if (in->slc) put(o, " slc");
	if (in->dlc) put(o, " dlc");
}

static const char *suffix(const struct emu_inst *in, const struct isa_opinfo *r)
{
	if (r->flags & (ISA_F_BARE | ISA_F_NOE64))
		return "";
	if (in->dpp && (in->enc == ISA_ENC_VOP3 || in->enc == ISA_ENC_VOP3SD))
		return "_e64_dpp"; /* every VOP3 DPP form, native VOP3 rows too */
	if (r->enc != ISA_ENC_VOP1 && r->enc != ISA_ENC_VOP2 && r->enc != ISA_ENC_VOPC)
		return "";
	if (in->dpp) /* llvm-objdump-19 prints VOPC DPP forms without a suffix */
		return r->enc == ISA_ENC_VOPC ? "" : "_dpp";
	return (in->enc == ISA_ENC_VOP3 || in->enc == ISA_ENC_VOP3SD) ? "_e64" : "_e32";
}

/* Print a decoded instruction (see emu/decode.h). */
size_t emu_format_inst(const struct emu_inst *in, char *buf, size_t cap)
{
	struct out o = { buf, cap, 0 };
	if (cap)
		buf[0] = 0;
	const struct isa_opinfo *r = &isa_ops[in->op];
	if (in->op == ISA_OP_v_dual) {
		dis_vopd_half(&o, &in->x, in->lit);
		put(&o, " :: ");
		dis_vopd_half(&o, &in->y, in->lit);
		return o.len;
	}
	put(&o, "%s%s", r->name, suffix(in, r));
	size_t name_len = o.len;
	switch (in->enc) {
	case ISA_ENC_SOP1: case ISA_ENC_SOP2: case ISA_ENC_SOPC: case ISA_ENC_SOPK: case ISA_ENC_SOPP:
		put(&o, " ");
		dis_scalar(&o, in, r);
		break;
	case ISA_ENC_SMEM:
		put(&o, " ");
		dis_smem(&o, in, r);
		break;
	case ISA_ENC_DS:
		dis_ds(&o, in, r);
		break;
	case ISA_ENC_GLOBAL: case ISA_ENC_SCRATCH: case ISA_ENC_FLAT:
		dis_flat(&o, in, r);
		break;
	case ISA_ENC_MUBUF: case ISA_ENC_MTBUF:
		dis_mubuf(&o, in, r);
		break;
	default:
		dis_valu(&o, in, r);
		break;
	}
	/* operand-less forms leave a trailing blank */
	if (o.len == name_len + 1 && cap > o.len) {
		o.len = name_len;
		buf[o.len] = 0;
	}
	return o.len;
}

int emu_disasm(const uint8_t *code, size_t n, uint64_t pc, char *out, size_t outlen)
{
	(void)pc; /* llvm-objdump prints branch offsets, not targets, in the text */
	struct emu_inst in;
	int len = emu_decode(code, n, &in);
	if (len < 0) {
		if (out && outlen)
			snprintf(out, outlen, "<invalid encoding>");
		return EMU_E_DECODE;
	}
	if (out && outlen)
		emu_format_inst(&in, out, outlen);
	return len;
}
