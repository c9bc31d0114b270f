/* exec_salu.c — scalar ALU: SOP1, SOP2, SOPK, SOPC (and the SOP1 exec masks).
 *
 * SCC lives in s[253] as 0/1, so "reads SCC" is a plain operand read.  64-bit
 * scalar sources are SGPR pairs or constants widened: inline integers sign-
 * extend, a 32-bit literal zero-extends.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t i32;

static inline u32 S(const struct emu_wave *w, unsigned code) { return w->s[code & 255]; }

static u64 S64(const struct emu_wave *w, unsigned code)
{
	if (code < 128)
		return (u64)w->s[code + 1] << 32 | w->s[code];
	if (code >= EMU_OPND_SHARED_BASE && code <= EMU_OPND_PRIVATE_LIMIT)
		return emu_aperture64(code);
	if (code == EMU_OPND_LITERAL)
		return w->s[code];
	if (code >= EMU_OPND_F_HALF && code <= EMU_OPND_F_INV2PI)
		return emu_inline_f64(code);
	return (u64)(int64_t)(i32)w->s[code & 255];
}

static void W64(struct emu_wave *w, unsigned code, u64 v)
{
	emu_swrite(w, code, (u32)v);
	emu_swrite(w, code + 1, (u32)(v >> 32));
}

static inline void SCC(struct emu_wave *w, bool v) { w->s[EMU_OPND_SCC] = v; }

#define SALU_DONE(w) ((w)->g->st.salu++)

/* ---- SOP2 ----------------------------------------------------------------------- */
void emu_ex_sop2(struct emu_wave *w, const struct emu_inst *in)
{
	u32 a = S(w, in->src[0]), b = S(w, in->src[1]), d = 0, scc = S(w, EMU_OPND_SCC);
	bool wscc = isa_ops[in->op].flags & ISA_F_WSCC;
	u64 t;
	switch (in->op) {
	case ISA_OP_s_add_u32: t = (u64)a + b; d = (u32)t; scc = t >> 32; break;
	case ISA_OP_s_sub_u32: d = a - b; scc = a < b; break;
	case ISA_OP_s_add_i32: d = a + b; scc = ((a ^ d) & (b ^ d)) >> 31; break;
	case ISA_OP_s_sub_i32: d = a - b; scc = ((a ^ b) & (a ^ d)) >> 31; break;
	case ISA_OP_s_addc_u32: t = (u64)a + b + scc; d = (u32)t; scc = t >> 32; break;
	case ISA_OP_s_subb_u32: t = (u64)a - b - scc; d = (u32)t; scc = (t >> 32) & 1; break;
	case ISA_OP_s_absdiff_i32: d = (i32)a > (i32)b ? a - b : b - a; scc = d != 0; break;
	case ISA_OP_s_lshl_b32: d = a << (b & 31); scc = d != 0; break;
	case ISA_OP_s_lshr_b32: d = a >> (b & 31); scc = d != 0; break;
	case ISA_OP_s_ashr_i32: d = (u32)((i32)a >> (b & 31)); scc = d != 0; break;
	case ISA_OP_s_lshl1_add_u32: case ISA_OP_s_lshl2_add_u32:
	case ISA_OP_s_lshl3_add_u32: case ISA_OP_s_lshl4_add_u32: {
		unsigned n = in->op - ISA_OP_s_lshl1_add_u32 + 1;
		t = ((u64)a << n) + b;
		d = (u32)t;
		scc = (t >> 32) != 0;
		break;
	}
	case ISA_OP_s_min_i32: scc = (i32)a < (i32)b; d = scc ? a : b; break;
	case ISA_OP_s_min_u32: scc = a < b; d = scc ? a : b; break;
	case ISA_OP_s_max_i32: scc = (i32)a > (i32)b; d = scc ? a : b; break;
	case ISA_OP_s_max_u32: scc = a > b; d = scc ? a : b; break;
	case ISA_OP_s_and_b32: d = a & b; scc = d != 0; break;
	case ISA_OP_s_or_b32: d = a | b; scc = d != 0; break;
	case ISA_OP_s_xor_b32: d = a ^ b; scc = d != 0; break;
	case ISA_OP_s_nand_b32: d = ~(a & b); scc = d != 0; break;
	case ISA_OP_s_nor_b32: d = ~(a | b); scc = d != 0; break;
	case ISA_OP_s_xnor_b32: d = ~(a ^ b); scc = d != 0; break;
	case ISA_OP_s_and_not1_b32: d = a & ~b; scc = d != 0; break;
	case ISA_OP_s_or_not1_b32: d = a | ~b; scc = d != 0; break;
	case ISA_OP_s_bfe_u32: d = emu_bfe_u(a, b & 31, (b >> 16) & 0x7f); scc = d != 0; break;
	case ISA_OP_s_bfe_i32: d = (u32)emu_bfe_i(a, b & 31, (b >> 16) & 0x7f); scc = d != 0; break;
	case ISA_OP_s_bfm_b32: d = (u32)(((1ull << (a & 31)) - 1) << (b & 31)); break;
	case ISA_OP_s_mul_i32: d = a * b; break;
	case ISA_OP_s_mul_hi_u32: d = (u32)(((u64)a * b) >> 32); break;
	case ISA_OP_s_mul_hi_i32: d = (u32)(((int64_t)(i32)a * (i32)b) >> 32); break;
	case ISA_OP_s_cselect_b32: d = scc ? a : b; break;
	case ISA_OP_s_pack_ll_b32_b16: d = (a & 0xffff) | b << 16; break;
	case ISA_OP_s_pack_lh_b32_b16: d = (a & 0xffff) | (b & 0xffff0000u); break;
	case ISA_OP_s_pack_hh_b32_b16: d = a >> 16 | (b & 0xffff0000u); break;
	case ISA_OP_s_pack_hl_b32_b16: d = a >> 16 | b << 16; break;
	default: break;
	}
	emu_swrite(w, in->dst, d);
	if (wscc)
		SCC(w, scc & 1);
	SALU_DONE(w);
}

void emu_ex_sop2_64(struct emu_wave *w, const struct emu_inst *in)
{
	u64 a = S64(w, in->src[0]), d = 0;
	u32 b32 = S(w, in->src[1]);
	u64 b = isa_ops[in->op].src1 == 2 ? S64(w, in->src[1]) : b32;
	switch (in->op) {
	case ISA_OP_s_lshl_b64: d = a << (b32 & 63); break;
	case ISA_OP_s_lshr_b64: d = a >> (b32 & 63); break;
	case ISA_OP_s_ashr_i64: d = (u64)((int64_t)a >> (b32 & 63)); break;
	case ISA_OP_s_and_b64: d = a & b; break;
	case ISA_OP_s_or_b64: d = a | b; break;
	case ISA_OP_s_xor_b64: d = a ^ b; break;
	case ISA_OP_s_and_not1_b64: d = a & ~b; break;
	case ISA_OP_s_or_not1_b64: d = a | ~b; break;
	case ISA_OP_s_bfe_u64: {
		unsigned off = b32 & 63, wd = (b32 >> 16) & 0x7f;
		d = wd == 0 ? 0 : (a >> off) & (wd >= 64 ? ~0ull : (1ull << wd) - 1);
		break;
	}
	case ISA_OP_s_cselect_b64: d = S(w, EMU_OPND_SCC) ? a : b; break;
	case ISA_OP_s_nand_b64: d = ~(a & b); break;
	case ISA_OP_s_nor_b64: d = ~(a | b); break;
	case ISA_OP_s_xnor_b64: d = ~(a ^ b); break;
	case ISA_OP_s_bfe_i64: {
		unsigned off = b32 & 63, wd = (b32 >> 16) & 0x7f;
		if (wd == 0) {
			d = 0;
		} else {
			u64 f = (a >> off) & (wd >= 64 ? ~0ull : (1ull << wd) - 1);
			d = wd < 64 && (f >> (wd - 1) & 1) ? f | ~((1ull << wd) - 1) : f;
		}
		break;
	}
	case ISA_OP_s_bfm_b64: d = (((u64)1 << (S(w, in->src[0]) & 63)) - 1) << (b32 & 63); break;
	default: break;
	}
	W64(w, in->dst, d);
	if (isa_ops[in->op].flags & ISA_F_WSCC)
		SCC(w, d != 0);
	SALU_DONE(w);
}

/* ---- SOP1 ----------------------------------------------------------------------- */
void emu_ex_sop1(struct emu_wave *w, const struct emu_inst *in)
{
	u32 a = S(w, in->src[0]), d = 0;
	int scc = -1;
	switch (in->op) {
	case ISA_OP_s_mov_b32: d = a; break;
	case ISA_OP_s_cmov_b32: if (!S(w, EMU_OPND_SCC)) goto done; d = a; break;
	case ISA_OP_s_brev_b32: d = emu_bitrev32(a); break;
	case ISA_OP_s_ctz_i32_b32: d = a ? (u32)__builtin_ctz(a) : 0xffffffffu; break;
	case ISA_OP_s_clz_i32_u32: d = a ? (u32)__builtin_clz(a) : 0xffffffffu; break;
	case ISA_OP_s_sext_i32_i8: d = (u32)(i32)(int8_t)a; break;
	case ISA_OP_s_sext_i32_i16: d = (u32)(i32)(int16_t)a; break;
	case ISA_OP_s_bitset0_b32: d = S(w, in->dst) & ~(1u << (a & 31)); break;
	case ISA_OP_s_bitset1_b32: d = S(w, in->dst) | (1u << (a & 31)); break;
	case ISA_OP_s_abs_i32: d = (i32)a < 0 ? -a : a; scc = d != 0; break;
	case ISA_OP_s_bcnt0_i32_b32: d = (u32)__builtin_popcount(~a); scc = d != 0; break;
	case ISA_OP_s_bcnt1_i32_b32: d = (u32)__builtin_popcount(a); scc = d != 0; break;
	case ISA_OP_s_not_b32: d = ~a; scc = d != 0; break;
	default: break;
	}
	emu_swrite(w, in->dst, d);
	if (scc >= 0)
		SCC(w, scc);
done:
	SALU_DONE(w);
}

void emu_ex_sop1_64(struct emu_wave *w, const struct emu_inst *in)
{
	u64 a = S64(w, in->src[0]);
	switch (in->op) {
	case ISA_OP_s_mov_b64: W64(w, in->dst, a); break;
	case ISA_OP_s_cmov_b64: if (S(w, EMU_OPND_SCC)) W64(w, in->dst, a); break;
	case ISA_OP_s_not_b64: W64(w, in->dst, ~a); SCC(w, ~a != 0); break;
	case ISA_OP_s_ctz_i32_b64: emu_swrite(w, in->dst, a ? (u32)__builtin_ctzll(a) : 0xffffffffu); break;
	case ISA_OP_s_brev_b64: W64(w, in->dst, (u64)emu_bitrev32((u32)a) << 32 | emu_bitrev32((u32)(a >> 32))); break;
	case ISA_OP_s_clz_i32_u64: emu_swrite(w, in->dst, a ? (u32)__builtin_clzll(a) : 0xffffffffu); break;
	case ISA_OP_s_bcnt1_i32_b64: {
		u32 d = (u32)__builtin_popcountll(a);
		emu_swrite(w, in->dst, d);
		SCC(w, d != 0);
		break;
	}
	default: break;
	}
	SALU_DONE(w);
}

/* D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0 */
void emu_ex_saveexec(struct emu_wave *w, const struct emu_inst *in)
{
	u32 a = S(w, in->src[0]), e = w->s[EMU_OPND_EXEC_LO], n = 0;
	switch (in->op) {
	case ISA_OP_s_and_saveexec_b32: n = a & e; break;
	case ISA_OP_s_or_saveexec_b32: n = a | e; break;
	case ISA_OP_s_xor_saveexec_b32: n = a ^ e; break;
	case ISA_OP_s_and_not0_saveexec_b32: n = ~a & e; break;
	case ISA_OP_s_and_not1_saveexec_b32: n = a & ~e; break;
	case ISA_OP_s_or_not1_saveexec_b32: n = a | ~e; break;
	default: break;
	}
	emu_swrite(w, in->dst, e);
	w->s[EMU_OPND_EXEC_LO] = n;
	SCC(w, n != 0);
	SALU_DONE(w);
}

/* D = S0 bit set/cleared in the 64-bit destination (which is also read). */
void emu_ex_bitset64(struct emu_wave *w, const struct emu_inst *in)
{
	u64 d = S64(w, in->dst), bit = 1ull << (S(w, in->src[0]) & 63);
	W64(w, in->dst, in->op == ISA_OP_s_bitset1_b64 ? d | bit : d & ~bit);
	SALU_DONE(w);
}

/* The wave64 forms: exec is exec_hi:exec_lo (exec_hi stays 0 in wave32). */
void emu_ex_saveexec64(struct emu_wave *w, const struct emu_inst *in)
{
	u64 a = S64(w, in->src[0]), e = S64(w, EMU_OPND_EXEC_LO), n = 0;
	switch (in->op) {
	case ISA_OP_s_and_saveexec_b64: n = a & e; break;
	case ISA_OP_s_or_saveexec_b64: n = a | e; break;
	default: n = a & ~e; break; /* s_and_not1_saveexec_b64 */
	}
	W64(w, in->dst, e);
	w->s[EMU_OPND_EXEC_LO] = (u32)n;
	w->s[EMU_OPND_EXEC_HI] = (u32)(n >> 32);
	SCC(w, n != 0);
	SALU_DONE(w);
}

/* s_sendmsg_rtn: the message results (doorbell, clock, ...) are not modelled: 0. */
void emu_ex_sendmsg_rtn(struct emu_wave *w, const struct emu_inst *in)
{
	emu_swrite(w, in->dst, 0);
	if (in->op == ISA_OP_s_sendmsg_rtn_b64)
		emu_swrite(w, in->dst + 1, 0);
	SALU_DONE(w);
}

/* ---- SOPK ------------------------------------------------------------------------ */
void emu_ex_sopk(struct emu_wave *w, const struct emu_inst *in)
{
	u32 k = (u32)in->simm16, ks = (u32)(i32)(int16_t)in->simm16, kz = k & 0xffff;
	unsigned self = in->dst != EMU_OPND_NONE ? in->dst : in->src[0];
	u32 d = S(w, self);
	switch (in->op) {
	case ISA_OP_s_movk_i32: emu_swrite(w, in->dst, ks); break;
	case ISA_OP_s_cmovk_i32: if (S(w, EMU_OPND_SCC)) emu_swrite(w, in->dst, ks); break;
	case ISA_OP_s_cmpk_eq_i32: SCC(w, d == ks); break;
	case ISA_OP_s_cmpk_lg_i32: SCC(w, d != ks); break;
	case ISA_OP_s_cmpk_gt_i32: SCC(w, (i32)d > (i32)ks); break;
	case ISA_OP_s_cmpk_ge_i32: SCC(w, (i32)d >= (i32)ks); break;
	case ISA_OP_s_cmpk_lt_i32: SCC(w, (i32)d < (i32)ks); break;
	case ISA_OP_s_cmpk_le_i32: SCC(w, (i32)d <= (i32)ks); break;
	case ISA_OP_s_cmpk_eq_u32: SCC(w, d == kz); break;
	case ISA_OP_s_cmpk_lg_u32: SCC(w, d != kz); break;
	case ISA_OP_s_cmpk_gt_u32: SCC(w, d > kz); break;
	case ISA_OP_s_cmpk_ge_u32: SCC(w, d >= kz); break;
	case ISA_OP_s_cmpk_lt_u32: SCC(w, d < kz); break;
	case ISA_OP_s_cmpk_le_u32: SCC(w, d <= kz); break;
	case ISA_OP_s_addk_i32: {
		u32 r = d + ks;
		SCC(w, ((d ^ r) & (ks ^ r)) >> 31);
		emu_swrite(w, in->dst, r);
		break;
	}
	case ISA_OP_s_mulk_i32: emu_swrite(w, in->dst, d * ks); break;
	case ISA_OP_s_getreg_b32: emu_swrite(w, in->dst, 0); break;
	default: break; /* s_setreg*, s_version: mode bits we do not model */
	}
	SALU_DONE(w);
}

/* ---- SOPC ------------------------------------------------------------------------ */
void emu_ex_sopc(struct emu_wave *w, const struct emu_inst *in)
{
	u32 a = S(w, in->src[0]), b = S(w, in->src[1]);
	bool r = false;
	switch (in->op) {
	case ISA_OP_s_cmp_eq_i32: case ISA_OP_s_cmp_eq_u32: r = a == b; break;
	case ISA_OP_s_cmp_lg_i32: case ISA_OP_s_cmp_lg_u32: r = a != b; break;
	case ISA_OP_s_cmp_gt_i32: r = (i32)a > (i32)b; break;
	case ISA_OP_s_cmp_ge_i32: r = (i32)a >= (i32)b; break;
	case ISA_OP_s_cmp_lt_i32: r = (i32)a < (i32)b; break;
	case ISA_OP_s_cmp_le_i32: r = (i32)a <= (i32)b; break;
	case ISA_OP_s_cmp_gt_u32: r = a > b; break;
	case ISA_OP_s_cmp_ge_u32: r = a >= b; break;
	case ISA_OP_s_cmp_lt_u32: r = a < b; break;
	case ISA_OP_s_cmp_le_u32: r = a <= b; break;
	case ISA_OP_s_bitcmp0_b32: r = !(a >> (b & 31) & 1); break;
	case ISA_OP_s_bitcmp1_b32: r = a >> (b & 31) & 1; break;
	case ISA_OP_s_cmp_eq_u64: r = S64(w, in->src[0]) == S64(w, in->src[1]); break;
	case ISA_OP_s_cmp_lg_u64: r = S64(w, in->src[0]) != S64(w, in->src[1]); break;
	case ISA_OP_s_bitcmp0_b64: r = !(S64(w, in->src[0]) >> (b & 63) & 1); break;
	case ISA_OP_s_bitcmp1_b64: r = S64(w, in->src[0]) >> (b & 63) & 1; break;
	default: break;
	}
	SCC(w, r);
	SALU_DONE(w);
}

/* ---- program counter: s_getpc / s_setpc / s_swappc / s_call ------------------------- */
void emu_ex_getpc(struct emu_wave *w, const struct emu_inst *in)
{
	W64(w, in->dst, w->next_pc);
	w->g->st.branch++;
}

void emu_ex_setpc(struct emu_wave *w, const struct emu_inst *in)
{
	w->next_pc = S64(w, in->src[0]);
	w->g->st.branch++;
}

void emu_ex_swappc(struct emu_wave *w, const struct emu_inst *in)
{
	u64 target = S64(w, in->src[0]);
	W64(w, in->dst, w->next_pc);
	w->next_pc = target;
	w->g->st.branch++;
}

void emu_ex_call(struct emu_wave *w, const struct emu_inst *in)
{
	W64(w, in->dst, w->next_pc);
	w->next_pc = w->next_pc + (int64_t)in->branch;
	w->g->st.branch++;
}
