/* exec_vcmp.c — VALU ops with a lane-mask or scalar side: compares (VOPC,
 * v_cmpx), carry chains, 64-bit integer/f64 ops, and cross-lane moves
 * (readfirstlane, readlane, writelane).
 *
 * Lane masks are wave32: one SGPR; bits of lanes EXEC disables are written 0.
 * Compare predicates come from the opcode field, as the hardware lays them
 * out: f32 0x10-0x1f (16 predicates), i32 0x40, u32 0x48, i64 0x50, u64 0x58
 * (8 predicates each); v_cmpx is the same plus 0x80.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;
typedef uint64_t u64;
#define LANES for (unsigned l = 0; l < EMU_LANES; l++)

/* float predicates: emu_fcmp (fmath.h) */
/* integer predicate p (0 F, 1 LT, 2 EQ, 3 LE, 4 GT, 5 NE, 6 GE, 7 T) */
static bool icmp(unsigned p, int sgn, u64 a, u64 b, int bits)
{
	int c;
	if (bits == 32) {
		if (sgn)
			c = (int32_t)a < (int32_t)b ? -1 : (int32_t)a > (int32_t)b;
		else
			c = (u32)a < (u32)b ? -1 : (u32)a > (u32)b;
	} else {
		if (sgn)
			c = (int64_t)a < (int64_t)b ? -1 : (int64_t)a > (int64_t)b;
		else
			c = a < b ? -1 : a > b;
	}
	switch (p) {
	case 0: return false;
	case 1: return c < 0;
	case 2: return c == 0;
	case 3: return c <= 0;
	case 4: return c > 0;
	case 5: return c != 0;
	case 6: return c >= 0;
	default: return true;
	}
}

/* 32-bit source lanes with float modifiers. */
static const u32 *src32(struct emu_wave *w, const struct emu_inst *in, unsigned i, u32 tmp[EMU_LANES])
{
	const u32 *p = emu_ops16(in->op) ? emu_vsrc16(w, in->src[i], tmp) : emu_vsrc(w, in->src[i], tmp);
	if (EMU_UNLIKELY((in->abs | in->neg) >> i & 1)) {
		/* a 16-bit source: op_sel picks its half later, so both halves get the sign bit */
		u32 sign = emu_ops16(in->op) ? 0x80008000u : 0x80000000u;
		u32 clr = (in->abs >> i & 1) ? ~sign : 0xffffffffu, flip = (in->neg >> i & 1) ? sign : 0;
		LANES tmp[l] = (p[l] & clr) ^ flip;
		return tmp;
	}
	return p;
}

/* 64-bit source lanes: VGPR pair, SGPR pair, or a constant widened as the op's type wants. */
void emu_src64(struct emu_wave *w, const struct emu_inst *in, unsigned i, bool f64, u64 out[EMU_LANES])
{
	unsigned code = in->src[i];
	if (code >= EMU_OPND_VGPR0) {
		const u32 *lo = w->v[code - EMU_OPND_VGPR0], *hi = w->v[code - EMU_OPND_VGPR0 + 1];
		LANES out[l] = (u64)hi[l] << 32 | lo[l];
	} else {
		u64 v;
		if (code < 128)
			v = (u64)w->s[code + 1] << 32 | w->s[code];
		else if (code == EMU_OPND_LITERAL)
			v = f64 ? (u64)in->lit << 32 : (u64)in->lit;
		else if (code >= EMU_OPND_SHARED_BASE && code <= EMU_OPND_PRIVATE_LIMIT)
			v = emu_aperture64(code);
		else if (code >= EMU_OPND_F_HALF && code <= EMU_OPND_F_INV2PI)
			v = emu_inline_f64(code);
		else
			v = (u64)(int64_t)(int32_t)w->s[code & 255];
		LANES out[l] = v;
	}
	if (EMU_UNLIKELY((in->abs | in->neg) >> i & 1)) {
		u64 clr = (in->abs >> i & 1) ? ~(1ull << 63) : ~0ull, flip = (in->neg >> i & 1) ? 1ull << 63 : 0;
		LANES out[l] = (out[l] & clr) ^ flip;
	}
}

void emu_vwrite64(struct emu_wave *w, unsigned code, const u64 r[EMU_LANES])
{
	u32 lo[EMU_LANES], hi[EMU_LANES];
	LANES {
		lo[l] = (u32)r[l];
		hi[l] = (u32)(r[l] >> 32);
	}
	emu_vwrite(w, code, lo);
	emu_vwrite(w, code + 1, hi);
}

static unsigned mask_dst(const struct emu_inst *in)
{
	return in->sdst != EMU_OPND_NONE ? in->sdst : EMU_OPND_VCC_LO;
}

/* ---- compares -------------------------------------------------------------------- */
/* IEEE class index of a value, as v_cmp_class numbers them: 0 signaling NaN,
 * 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
 * 8 +normal, 9 +inf.  Works on any width given its exponent and mantissa masks. */
static unsigned fclass(u64 x, unsigned bits, u64 expmask, u64 quietbit)
{
	u64 sign = x >> (bits - 1) & 1, ax = x & ~(1ull << (bits - 1)), mant = (quietbit << 1) - 1;
	if ((ax & expmask) == expmask)
		return (ax & mant) ? ((ax & quietbit) ? 1u : 0u) : (sign ? 2u : 9u);
	if (ax & expmask)
		return sign ? 3u : 8u;
	return ax ? (sign ? 4u : 7u) : (sign ? 5u : 6u);
}

static inline u32 half_of(const struct emu_inst *in, unsigned i, u32 x)
{
	return (in->opsel >> i & 1) ? x >> 16 : x & 0xffff;
}

/* Compare predicates by opcode range: f16 0x00, f32 0x10, f64 0x20, i16 0x30,
 * u16 0x38, i32 0x40, u32 0x48, i64 0x50, u64 0x58; class f16/f32/f64 at
 * 0x7d/0x7e/0x7f.  v_cmpx is the same plus 0x80. */
void emu_ex_vcmp(struct emu_wave *w, const struct emu_inst *in)
{
	const struct isa_opinfo *oi = &isa_ops[in->op];
	unsigned opc = oi->opcode & 0x7f, exec = emu_exec_mask(w);
	u32 mask = 0;
	bool ftz = w->g->run->ftz, ftz64 = w->g->run->kd.float_denorm_16_64 == 0;
	if (opc < 0x10 || (opc >= 0x30 && opc < 0x40)) { /* 16-bit */
		u32 ta[EMU_LANES], tb[EMU_LANES];
		const u32 *a = src32(w, in, 0, ta), *b = src32(w, in, 1, tb);
		LANES {
			u32 x = half_of(in, 0, a[l]), y = half_of(in, 1, b[l]);
			bool r;
			if (opc < 0x10) {
				if (ftz64) {
					x = (x & 0x7c00) ? x : (x & 0x8000);
					y = (y & 0x7c00) ? y : (y & 0x8000);
				}
				r = emu_fcmp(opc & 15, emu_h2f((uint16_t)x), emu_h2f((uint16_t)y));
			} else {
				bool sgn = opc < 0x38;
				u64 xx = sgn ? (u64)(int64_t)(int16_t)x : x, yy = sgn ? (u64)(int64_t)(int16_t)y : y;
				r = icmp(opc & 7, sgn, xx, yy, 64);
			}
			mask |= (u32)r << l;
		}
	} else if (opc < 0x20) {
		u32 ta[EMU_LANES], tb[EMU_LANES];
		const u32 *a = src32(w, in, 0, ta), *b = src32(w, in, 1, tb);
		LANES {
			u32 x = ftz ? emu_ftz32(a[l]) : a[l], y = ftz ? emu_ftz32(b[l]) : b[l];
			mask |= (u32)emu_fcmp(opc & 15, emu_f(x), emu_f(y)) << l;
		}
	} else if (opc < 0x30) {
		u64 a[EMU_LANES], b[EMU_LANES];
		emu_src64(w, in, 0, true, a);
		emu_src64(w, in, 1, true, b);
		LANES {
			u64 x = a[l], y = b[l];
			if (ftz64) {
				x = (x & 0x7ff0000000000000ull) ? x : (x & (1ull << 63));
				y = (y & 0x7ff0000000000000ull) ? y : (y & (1ull << 63));
			}
			double dx = emu_d(x), dy = emu_d(y);
			unsigned rel = isnan(dx) || isnan(dy) ? 8u : dx < dy ? 1u : dx == dy ? 2u : 4u;
			mask |= (u32)((opc & 15 & rel) != 0) << l;
		}
	} else if (opc >= 0x40 && opc < 0x50) {
		u32 ta[EMU_LANES], tb[EMU_LANES];
		const u32 *a = emu_vsrc(w, in->src[0], ta), *b = emu_vsrc(w, in->src[1], tb);
		LANES mask |= (u32)icmp(opc & 7, opc < 0x48, a[l], b[l], 32) << l;
	} else if (opc >= 0x50 && opc < 0x60) {
		u64 a[EMU_LANES], b[EMU_LANES];
		emu_src64(w, in, 0, false, a);
		emu_src64(w, in, 1, false, b);
		LANES mask |= (u32)icmp(opc & 7, opc < 0x58, a[l], b[l], 64) << l;
	} else { /* v_cmp_class_f16 / _f32 / _f64 */
		u32 tb[EMU_LANES];
		const u32 *b = emu_vsrc(w, in->src[1], tb);
		if (opc == 0x7f) {
			u64 a[EMU_LANES];
			emu_src64(w, in, 0, true, a);
			LANES mask |= (b[l] >> fclass(a[l], 64, 0x7ff0000000000000ull, 1ull << 51) & 1) << l;
		} else {
			u32 ta[EMU_LANES];
			const u32 *a = src32(w, in, 0, ta);
			LANES {
				unsigned cls = opc == 0x7e ? fclass(a[l], 32, 0x7f800000u, 0x00400000u)
							   : fclass(half_of(in, 0, a[l]), 16, 0x7c00, 0x200);
				mask |= (b[l] >> cls & 1) << l;
			}
		}
	}
	mask &= exec;
	/* The decoder names the mask destination in dst: vcc_lo (_e32), an SGPR (_e64), exec (v_cmpx). */
	if (oi->flags & ISA_F_WEXEC)
		w->s[EMU_OPND_EXEC_LO] = mask;
	else
		emu_swrite(w, in->dst != EMU_OPND_NONE ? in->dst : EMU_OPND_VCC_LO, mask);
	w->g->st.valu++;
}

/* ---- carry chains ----------------------------------------------------------------- */
void emu_ex_carry(struct emu_wave *w, const struct emu_inst *in)
{
	u32 ta[EMU_LANES], tb[EMU_LANES], r[EMU_LANES];
	const u32 *a = emu_vsrc(w, in->src[0], ta), *b = emu_vsrc(w, in->src[1], tb);
	u32 cin = in->src[2] != EMU_OPND_NONE ? w->s[in->src[2] & 255] : 0;
	u32 exec = emu_exec_mask(w), cout = 0;
	unsigned op = in->op;
	LANES {
		u64 x = a[l], y = b[l], c = cin >> l & 1;
		u64 s;
		if (op == ISA_OP_v_add_co_u32 || op == ISA_OP_v_add_co_ci_u32)
			s = x + y + c;
		else if (op == ISA_OP_v_sub_co_u32 || op == ISA_OP_v_sub_co_ci_u32)
			s = x - y - c;
		else
			s = y - x - c;
		r[l] = (u32)s;
		cout |= (u32)(s >> 32 & 1) << l; /* carry, or borrow (wrapped high bit) */
		if (EMU_UNLIKELY(in->clamp) && (s >> 32 & 1)) /* saturate: all ones on carry, 0 on borrow */
			r[l] = (op == ISA_OP_v_add_co_u32 || op == ISA_OP_v_add_co_ci_u32) ? 0xffffffffu : 0;
	}
	emu_vwrite(w, in->dst, r);
	emu_swrite(w, mask_dst(in), cout & exec);
	w->g->st.valu++;
}

void emu_ex_mad64(struct emu_wave *w, const struct emu_inst *in)
{
	u32 ta[EMU_LANES], tb[EMU_LANES];
	u64 c[EMU_LANES], r[EMU_LANES];
	const u32 *a = emu_vsrc(w, in->src[0], ta), *b = emu_vsrc(w, in->src[1], tb);
	emu_src64(w, in, 2, false, c);
	u32 cout = 0;
	bool sgn = in->op == ISA_OP_v_mad_i64_i32;
	LANES {
		if (sgn) {
			int64_t p = (int64_t)(int32_t)a[l] * (int32_t)b[l];
			__int128 s = (__int128)p + (int64_t)c[l];
			r[l] = (u64)s;
			cout |= (u32)(s != (__int128)(int64_t)s) << l;
		} else {
			unsigned __int128 s = (unsigned __int128)((u64)a[l] * b[l]) + c[l];
			r[l] = (u64)s;
			cout |= (u32)(s >> 64) << l;
		}
	}
	emu_vwrite64(w, in->dst, r);
	emu_swrite(w, mask_dst(in), cout & emu_exec_mask(w));
	w->g->st.valu++;
}

void emu_ex_shift64(struct emu_wave *w, const struct emu_inst *in)
{
	u32 ta[EMU_LANES];
	u64 b[EMU_LANES], r[EMU_LANES];
	const u32 *a = emu_vsrc(w, in->src[0], ta);
	emu_src64(w, in, 1, false, b);
	LANES {
		unsigned s = a[l] & 63;
		r[l] = in->op == ISA_OP_v_lshlrev_b64 ? b[l] << s
		     : in->op == ISA_OP_v_lshrrev_b64 ? b[l] >> s
		     : (u64)((int64_t)b[l] >> s);
	}
	emu_vwrite64(w, in->dst, r);
	w->g->st.valu++;
}

/* v_div_scale_f32 without scaling: returns its first source and a zero flag
 * mask; v_div_fmas then does no rescaling.  Exact for operands whose quotient
 * and reciprocal stay inside the normal range. */
void emu_ex_div_scale(struct emu_wave *w, const struct emu_inst *in)
{
	u32 ta[EMU_LANES];
	const u32 *a = src32(w, in, 0, ta);
	emu_vwrite(w, in->dst, a);
	emu_swrite(w, mask_dst(in), 0);
	w->g->st.valu++;
}

/* ---- cross-lane ------------------------------------------------------------------- */
void emu_ex_readfirstlane(struct emu_wave *w, const struct emu_inst *in)
{
	u32 exec = emu_exec_mask(w);
	unsigned lane = exec ? (unsigned)__builtin_ctz(exec) : 0;
	u32 v = in->src[0] >= EMU_OPND_VGPR0 ? w->v[in->src[0] - EMU_OPND_VGPR0][lane] : w->s[in->src[0] & 255];
	emu_swrite(w, in->dst, v);
	w->g->st.valu++;
}

void emu_ex_readlane(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned lane = w->s[in->src[1] & 255] & 31;
	u32 v = in->src[0] >= EMU_OPND_VGPR0 ? w->v[in->src[0] - EMU_OPND_VGPR0][lane] : w->s[in->src[0] & 255];
	emu_swrite(w, in->dst, v);
	w->g->st.valu++;
}

void emu_ex_writelane(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned lane = w->s[in->src[1] & 255] & 31;
	w->v[in->dst - EMU_OPND_VGPR0][lane] = w->s[in->src[0] & 255];
	w->g->st.valu++;
}

void emu_ex_vnop(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	w->g->st.valu++;
}
