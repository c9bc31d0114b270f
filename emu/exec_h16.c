/* exec_h16.c — 16-bit VALU ops (f16, u16, i16) and the packed VOP3P ops.
 *
 * gfx11 (as LLVM records for gfx10+): a 16-bit result goes to the low half of
 * the destination, or the high half with VOP3 op_sel[3], and the other half is
 * preserved.  Sources are low halves, or high halves with op_sel[i].  Packed
 * (VOP3P) ops compute both halves: op_sel picks the source halves of the low
 * result, op_sel_hi those of the high result; neg/neg_hi negate per half.
 * f16 arithmetic is computed in wider precision and rounded once to nearest
 * even; f16 denormals follow FLOAT_DENORM_MODE_16_64.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;
typedef uint16_t u16;
#define LANES for (unsigned l = 0; l < EMU_LANES; l++)

#define H_QNAN 0x7e00u

static bool h_isnan(u32 h) { return (h & 0x7fff) > 0x7c00; }
static u32 h_ftz(u32 h) { return (h & 0x7c00) ? h : (h & 0x8000); }

/* Round a float result to f16: NaN rules of fmath.h (quieted first NaN input,
 * else the default NaN), flush when the 16/64 mode says so. */
static u32 h_round(float f, const u32 *in, unsigned n, bool flush)
{
	if (isnan(f)) {
		for (unsigned i = 0; i < n; i++)
			if (h_isnan(in[i]))
				return in[i] | 0x0200;
		return H_QNAN;
	}
	u32 h = emu_f2h(f);
	return flush ? h_ftz(h) : h;
}

static u32 h_minmax(u32 a, u32 b, bool max, bool ieee)
{
	bool na = h_isnan(a), nb = h_isnan(b);
	if (ieee && ((na && !(a & 0x0200)) || (nb && !(b & 0x0200))))
		return (na ? a : b) | 0x0200;
	if (na && nb)
		return a | 0x0200;
	if (na)
		return b;
	if (nb)
		return a;
	float x = emu_h2f((u16)a), y = emu_h2f((u16)b);
	if (x == y)
		return max ? (a & b) : (a | b);
	return (max ? x > y : x < y) ? a : b;
}

/* One 16-bit result from three 16-bit sources (c is the full 32-bit src2 for
 * ops that take a 32-bit operand there). */
static u32 h_op(unsigned op, u32 a, u32 b, u32 c, u32 b32, bool flush, bool ieee)
{
	const u32 in[3] = { a, b, c };
	float x = emu_h2f((u16)a), y = emu_h2f((u16)b), z = emu_h2f((u16)c);
	switch (op) {
	case ISA_OP_v_add_f16: return h_round(x + y, in, 2, flush);
	case ISA_OP_v_sub_f16: return h_round(x - y, in, 2, flush);
	case ISA_OP_v_mul_f16: return h_round(x * y, in, 2, flush);
	case ISA_OP_v_fmac_f16:
	case ISA_OP_v_fma_f16: return h_round((float)fma((double)x, (double)y, (double)z), in, 3, flush);
	case ISA_OP_v_max_f16: return h_minmax(a, b, true, ieee);
	case ISA_OP_v_min_f16: return h_minmax(a, b, false, ieee);
	case ISA_OP_v_maxmin_f16: return h_minmax(h_minmax(a, b, true, ieee), c, false, ieee);
	case ISA_OP_v_minmax_f16: return h_minmax(h_minmax(a, b, false, ieee), c, true, ieee);
	case ISA_OP_v_ldexp_f16: {
		int32_t e = (int32_t)b32;
		return h_round(ldexpf(x, e > 100 ? 100 : e < -100 ? -100 : e), in, 1, flush);
	}
	case ISA_OP_v_rcp_f16: return h_round(1.0f / x, in, 1, flush);
	case ISA_OP_v_sqrt_f16: return h_round(sqrtf(x), in, 1, flush);
	case ISA_OP_v_cvt_f16_u16: return h_round((float)(u16)a, in, 0, flush);
	case ISA_OP_v_cvt_f16_i16: return h_round((float)(int16_t)a, in, 0, flush);
	case ISA_OP_v_cvt_u16_f16: return isnan(x) || x <= 0 ? 0 : x >= 65535.0f ? 0xffff : (u32)x;
	case ISA_OP_v_cvt_i16_f16:
		return isnan(x) ? 0 : x >= 32767.0f ? 0x7fff : x <= -32768.0f ? 0x8000 : (u32)(u16)(int16_t)x;
	case ISA_OP_v_add_nc_u16: return (a + b) & 0xffff;
	case ISA_OP_v_sub_nc_u16: return (a - b) & 0xffff;
	case ISA_OP_v_mul_lo_u16: return (a * b) & 0xffff;
	case ISA_OP_v_max_u16: return a > b ? a : b;
	case ISA_OP_v_min_u16: return a < b ? a : b;
	case ISA_OP_v_max_i16: return (int16_t)a > (int16_t)b ? a : b;
	case ISA_OP_v_min_i16: return (int16_t)a < (int16_t)b ? a : b;
	case ISA_OP_v_lshlrev_b16: return (b << (a & 15)) & 0xffff;
	case ISA_OP_v_lshrrev_b16: return b >> (a & 15);
	case ISA_OP_v_ashrrev_i16: return (u32)(u16)((int16_t)b >> (a & 15));
	default: return 0;
	}
}

static u32 half_mods(const struct emu_inst *in, unsigned i, u32 x, bool hi_sel, bool neg, bool fp)
{
	u32 h = hi_sel ? x >> 16 : x & 0xffff;
	if (fp) {
		if (in->abs >> i & 1)
			h &= 0x7fff;
		if (neg)
			h ^= 0x8000;
	}
	return h;
}

/* A half-precision result, which VOP3 omod and clamp modify (fmath.h); the
 * f16 -> integer conversions are left as they are. */
static bool f16_result(unsigned op, const struct isa_opinfo *oi)
{
	return (oi->flags & (ISA_F_FP | ISA_F_OMOD)) && op != ISA_OP_v_cvt_u16_f16 && op != ISA_OP_v_cvt_i16_f16;
}

static u32 h_outmod(const struct emu_wave *w, const struct emu_inst *in, u32 h)
{
	return emu_f2h((float)emu_outmod(emu_h2f((u16)h), in->omod, in->clamp, w->g->run->kd.dx10_clamp));
}

void emu_ex_h16(struct emu_wave *w, const struct emu_inst *in)
{
	const struct isa_opinfo *oi = &isa_ops[in->op];
	bool fp = oi->flags & (ISA_F_FP | ISA_F_FP0), flush = w->g->run->kd.float_denorm_16_64 == 0;
	bool ieee = w->g->run->ieee, src16 = emu_ops16(in->op); /* v_cvt_f16_f32 reads an f32 */
	u32 t[3][EMU_LANES];
	const u32 *s[3];
	for (unsigned i = 0; i < 3; i++)
		s[i] = in->src[i] == EMU_OPND_NONE ? t[i] : src16 ? emu_vsrc16(w, in->src[i], t[i]) : emu_vsrc(w, in->src[i], t[i]);
	u32 exec = emu_exec_mask(w), *d = w->v[in->dst - EMU_OPND_VGPR0];
	bool dst_hi = in->opsel >> 3 & 1;
	LANES {
		if (!(exec >> l & 1))
			continue;
		if (in->op == ISA_OP_v_cvt_f16_f32) { /* f32 source, 16-bit result */
			u32 x = s[0][l];
			if (in->abs & 1)
				x &= 0x7fffffffu;
			if (in->neg & 1)
				x ^= 0x80000000u;
			x = w->g->run->ftz ? emu_ftz32(x) : x;
			u32 r = emu_isnan32(x) ? (0x7e00u | (x >> 16 & 0x8000) | (x >> 13 & 0x1ff)) : emu_f2h(emu_f(x));
			if (EMU_UNLIKELY(in->clamp | in->omod))
				r = h_outmod(w, in, r);
			r = flush ? h_ftz(r) : r;
			d[l] = dst_hi ? (d[l] & 0xffff) | r << 16 : (d[l] & 0xffff0000u) | r;
			continue;
		}
		u32 h[3];
		for (unsigned i = 0; i < 3; i++) {
			bool fpi = fp && (i == 0 || !(oi->flags & ISA_F_FP0));
			h[i] = in->src[i] != EMU_OPND_NONE ? half_mods(in, i, s[i][l], in->opsel >> i & 1, in->neg >> i & 1, fpi) : 0;
			if (fp && flush && fpi)
				h[i] = h_ftz(h[i]);
		}
		unsigned op = in->op;
		if (op == ISA_OP_v_fmaak_f16 || op == ISA_OP_v_fmamk_f16) { /* K is the literal's low half */
			h[2] = op == ISA_OP_v_fmaak_f16 ? in->lit & 0xffff : h[1];
			h[1] = op == ISA_OP_v_fmaak_f16 ? h[1] : in->lit & 0xffff;
			op = ISA_OP_v_fma_f16;
		}
		u32 r = h_op(op, h[0], h[1], h[2], in->src[1] != EMU_OPND_NONE ? s[1][l] : 0, flush, ieee);
		if (EMU_UNLIKELY(in->clamp) && (oi->flags & ISA_F_CLAMP)) /* saturating 16-bit add/sub */
			r = in->op == ISA_OP_v_add_nc_u16 ? (h[0] + h[1] > 0xffff ? 0xffff : r) : (h[0] < h[1] ? 0 : r);
		if (EMU_UNLIKELY(in->clamp | in->omod) && f16_result(in->op, oi))
			r = h_outmod(w, in, r);
		d[l] = dst_hi ? (d[l] & 0xffff) | r << 16 : (d[l] & 0xffff0000u) | r;
	}
	w->g->st.valu++;
}

/* v_cndmask_b16 (VOP3 only, LLVM 22's true16 selects): D.16 = mask bit of the
 * lane ? S1.16 : S0.16, the halves op_sel picks, neg/abs on the sign bit and no
 * denormal flushing (a select).  The mask is an SGPR or vcc_lo, read whole. */
void emu_ex_cndmask16(struct emu_wave *w, const struct emu_inst *in)
{
	u32 t[2][EMU_LANES];
	const u32 *s[2] = { emu_vsrc16(w, in->src[0], t[0]), emu_vsrc16(w, in->src[1], t[1]) };
	u32 mask = w->s[in->src[2] & 255], exec = emu_exec_mask(w), *d = w->v[in->dst - EMU_OPND_VGPR0];
	bool dst_hi = in->opsel >> 3 & 1;
	LANES {
		if (!(exec >> l & 1))
			continue;
		unsigned i = mask >> l & 1;
		u32 r = half_mods(in, i, s[i][l], in->opsel >> i & 1, in->neg >> i & 1, true);
		d[l] = dst_hi ? (d[l] & 0xffff) | r << 16 : (d[l] & 0xffff0000u) | r;
	}
	w->g->st.valu++;
}

/* Packed ops: both halves, written as one 32-bit result. */
void emu_ex_pk(struct emu_wave *w, const struct emu_inst *in)
{
	const struct isa_opinfo *oi = &isa_ops[in->op];
	bool fp = oi->flags & ISA_F_FP, flush = w->g->run->kd.float_denorm_16_64 == 0, ieee = w->g->run->ieee;
	u32 t[3][EMU_LANES], r[EMU_LANES];
	const u32 *s[3];
	for (unsigned i = 0; i < 3; i++)
		s[i] = in->src[i] == EMU_OPND_NONE ? t[i] : emu_vsrc16(w, in->src[i], t[i]);
	unsigned nsrc = oi->src2 ? 3 : 2;
	LANES {
		u32 half[2];
		for (unsigned part = 0; part < 2; part++) {
			u32 h[3] = { 0, 0, 0 };
			for (unsigned i = 0; i < nsrc; i++) {
				bool sel = part ? (in->opsel_hi >> i & 1) : (in->opsel >> i & 1);
				bool neg = part ? (in->neg_hi >> i & 1) : (in->neg >> i & 1);
				h[i] = half_mods(in, 3, s[i][l], sel, neg, fp); /* VOP3P has no abs */
				if (fp && flush)
					h[i] = h_ftz(h[i]);
			}
			const u32 in3[3] = { h[0], h[1], h[2] };
			float x = emu_h2f((u16)h[0]), y = emu_h2f((u16)h[1]), z = emu_h2f((u16)h[2]);
			u32 o;
			switch (in->op) {
			case ISA_OP_v_pk_add_u16: o = (h[0] + h[1]) & 0xffff; break;
			case ISA_OP_v_pk_mul_lo_u16: o = (h[0] * h[1]) & 0xffff; break;
			case ISA_OP_v_pk_mad_u16: o = (h[0] * h[1] + h[2]) & 0xffff; break;
			case ISA_OP_v_pk_lshlrev_b16: o = (h[1] << (h[0] & 15)) & 0xffff; break;
			case ISA_OP_v_pk_add_f16: o = h_round(x + y, in3, 2, flush); break;
			case ISA_OP_v_pk_mul_f16: o = h_round(x * y, in3, 2, flush); break;
			case ISA_OP_v_pk_fma_f16: o = h_round((float)fma((double)x, (double)y, (double)z), in3, 3, flush); break;
			case ISA_OP_v_pk_min_f16: o = h_minmax(h[0], h[1], false, ieee); break;
			default: o = h_minmax(h[0], h[1], true, ieee); break; /* v_pk_max_f16 */
			}
			if (EMU_UNLIKELY(in->clamp) && fp) /* VOP3P has clamp but no omod */
				o = h_outmod(w, in, o);
			half[part] = o;
		}
		r[l] = half[0] | half[1] << 16;
	}
	emu_vwrite(w, in->dst, r);
	w->g->st.valu++;
}

/* v_dot2_f32_f16: a.lo*b.lo + a.hi*b.hi + c (f32), halves and negation per op_sel. */
void emu_ex_dot2(struct emu_wave *w, const struct emu_inst *in)
{
	u32 t[3][EMU_LANES], r[EMU_LANES];
	const u32 *s[3];
	for (unsigned i = 0; i < 3; i++)
		s[i] = i < 2 ? emu_vsrc16(w, in->src[i], t[i]) : emu_vsrc(w, in->src[i], t[i]); /* f16 pairs, f32 addend */
	LANES {
		double acc = 0;
		for (unsigned part = 0; part < 2; part++) {
			double p = 1;
			for (unsigned i = 0; i < 2; i++) {
				bool sel = part ? (in->opsel_hi >> i & 1) : (in->opsel >> i & 1);
				bool neg = part ? (in->neg_hi >> i & 1) : (in->neg >> i & 1);
				p *= (double)emu_h2f((u16)half_mods(in, 3, s[i][l], sel, neg, true));
			}
			acc += p;
		}
		u32 c = s[2][l] ^ ((in->neg >> 2 & 1) ? 0x80000000u : 0);
		u32 o = emu_u((float)(acc + (double)emu_f(c)));
		r[l] = emu_isnan32(o) ? EMU_QNAN32 : (w->g->run->ftz ? emu_ftz32(o) : o);
	}
	emu_vwrite(w, in->dst, r);
	w->g->st.valu++;
}

/* v_fma_mix_f32 / v_fma_mixlo_f16 / v_fma_mixhi_f16: a source is the f32 it
 * holds, or (op_sel_hi bit set) the f16 half op_sel picks, widened; neg, then
 * neg_hi as abs.  One f32 fused multiply-add; mixlo/mixhi then round that to
 * f16 (the other half kept), the fptrunc(fma) LLVM selects them for. */
void emu_ex_mix(struct emu_wave *w, const struct emu_inst *in)
{
	bool ftz = w->g->run->ftz, flush16 = w->g->run->kd.float_denorm_16_64 == 0;
	u32 t[3][EMU_LANES], r[EMU_LANES];
	const u32 *s[3];
	for (unsigned i = 0; i < 3; i++)
		s[i] = emu_vsrc(w, in->src[i], t[i]);
	u32 *d = w->v[in->dst - EMU_OPND_VGPR0];
	LANES {
		float x[3];
		for (unsigned i = 0; i < 3; i++) {
			u32 v = s[i][l];
			if (in->opsel_hi >> i & 1) {
				u32 h = in->opsel >> i & 1 ? v >> 16 : v & 0xffff;
				h = flush16 ? h_ftz(h) : h;
				x[i] = emu_h2f((u16)h);
			} else {
				v = ftz ? emu_ftz32(v) : v;
				x[i] = emu_f(v);
			}
			if (in->neg_hi >> i & 1)
				x[i] = fabsf(x[i]);
			if (in->neg >> i & 1)
				x[i] = -x[i];
		}
		float f = fmaf(x[0], x[1], x[2]);
		if (in->op == ISA_OP_v_fma_mix_f32) {
			float o = f;
			if (in->clamp)
				o = isnan(o) ? 0.0f : o < 0.0f ? 0.0f : o > 1.0f ? 1.0f : o;
			u32 b = emu_u(o);
			r[l] = isnan(o) ? EMU_QNAN32 : ftz ? emu_ftz32(b) : b;
			continue;
		}
		u32 h = isnan(f) ? H_QNAN : emu_f2h(f);
		if (in->clamp && !isnan(f))
			h = f < 0 ? 0 : f > 1 ? 0x3c00 : h;
		h = flush16 ? h_ftz(h) : h;
		r[l] = in->op == ISA_OP_v_fma_mixhi_f16 ? (d[l] & 0xffff) | h << 16 : (d[l] & 0xffff0000u) | h;
	}
	emu_vwrite(w, in->dst, r);
	w->g->st.valu++;
}

/* One f16 result of VALU op `op` (v_add_f16 ...) from the low halves of a, b,
 * c: denormal inputs flushed when flush, the rounding and NaN rules above.
 * The SALU's f16 ops compute through it (exec_sfpu.c). */
uint32_t emu_h16_op(unsigned op, uint32_t a, uint32_t b, uint32_t c, bool flush, bool ieee)
{
	a &= 0xffff, b &= 0xffff, c &= 0xffff;
	if (flush)
		a = h_ftz(a), b = h_ftz(b), c = h_ftz(c);
	return h_op(op, a, b, c, b, flush, ieee);
}
