/* exec_f64.c — double precision VALU ops and the f32<->f64 conversions.
 *
 * f64 denormals follow FLOAT_DENORM_MODE_16_64 (usually "keep"), which may
 * differ from the f32 mode the worker thread's host FP mode is set for; each
 * executor switches the host mode for its duration when they differ.
 * NaN results: the quieted first NaN input, else the default NaN.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;
typedef uint64_t u64;
#define LANES for (unsigned l = 0; l < EMU_LANES; l++)

#define QNAN64 0x7ff8000000000000ull

static bool isnan64(u64 x) { return (x & ~(1ull << 63)) > 0x7ff0000000000000ull; }

static u64 nan_of(u64 r, const u64 *in, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (isnan64(in[i]))
			return in[i] | (1ull << 51);
	return isnan64(r) ? QNAN64 : r;
}

/* Host FP mode for f64 work: flush exactly when the 16/64 mode says so. */
static unsigned enter64(const struct emu_wave *w)
{
	const struct emu_run *run = w->g->run;
	bool flush64 = run->kd.float_denorm_16_64 == 0;
	if (flush64 == run->ftz)
		return ~0u;
	return flush64 ? emu_fpmode_flush() : emu_fpmode_ieee();
}

static void leave64(unsigned old)
{
	if (old != ~0u)
		emu_fpmode_restore(old);
}

static double d_(u64 x) { return emu_d(x); }

/* VOP3 omod and clamp on f64 results (fmath.h). */
static void out_mods64(const struct emu_wave *w, const struct emu_inst *in, u64 *r)
{
	if (EMU_LIKELY(!(in->omod | in->clamp)))
		return;
	bool dx10 = w->g->run->kd.dx10_clamp;
	LANES r[l] = emu_ud(emu_outmod(d_(r[l]), in->omod, in->clamp, dx10));
}

static u64 unary(unsigned op, u64 a)
{
	double x = d_(a);
	switch (op) {
	case ISA_OP_v_trunc_f64: return emu_ud(trunc(x));
	case ISA_OP_v_ceil_f64: return emu_ud(ceil(x));
	case ISA_OP_v_rndne_f64: return emu_ud(nearbyint(x));
	case ISA_OP_v_floor_f64: return emu_ud(floor(x));
	case ISA_OP_v_fract_f64: return !isfinite(x) ? QNAN64 : emu_ud(fmin(x - floor(x), 0x1.fffffffffffffp-1));
	case ISA_OP_v_rcp_f64: return emu_ud(1.0 / x);
	case ISA_OP_v_rsq_f64: return emu_ud(1.0 / sqrt(x));
	case ISA_OP_v_sqrt_f64: return emu_ud(sqrt(x));
	case ISA_OP_v_frexp_mant_f64: {
		int e;
		return isinf(x) ? a : emu_ud(frexp(x, &e));
	}
	default: return a;
	}
}

static u64 minmax64(u64 a, u64 b, bool max, bool ieee)
{
	bool na = isnan64(a), nb = isnan64(b);
	if (ieee && ((na && !(a >> 51 & 1)) || (nb && !(b >> 51 & 1))))
		return (na ? a : b) | (1ull << 51);
	if (na && nb)
		return a | (1ull << 51);
	if (na)
		return b;
	if (nb)
		return a;
	double x = d_(a), y = d_(b);
	if (x == y)
		return max ? (a & b) : (a | b);
	return (max ? x > y : x < y) ? a : b;
}

/* Ops with a 64-bit result from 64-bit sources. */
void emu_ex_f64(struct emu_wave *w, const struct emu_inst *in)
{
	const struct isa_opinfo *oi = &isa_ops[in->op];
	u64 a[EMU_LANES], b[EMU_LANES], c[EMU_LANES], r[EMU_LANES];
	u32 tb[EMU_LANES];
	const u32 *b32 = NULL;
	emu_src64(w, in, 0, true, a);
	if (oi->src1 == 2)
		emu_src64(w, in, 1, true, b);
	else if (oi->src1)
		b32 = emu_vsrc(w, in->src[1], tb);
	if (oi->src2)
		emu_src64(w, in, 2, true, c);
	unsigned mode = enter64(w);
	bool ieee = w->g->run->ieee;
	LANES {
		u64 o;
		switch (in->op) {
		case ISA_OP_v_fma_f64:
		case ISA_OP_v_div_fmas_f64: o = emu_ud(fma(d_(a[l]), d_(b[l]), d_(c[l]))); break;
		case ISA_OP_v_add_f64: o = emu_ud(d_(a[l]) + d_(b[l])); break;
		case ISA_OP_v_mul_f64: o = emu_ud(d_(a[l]) * d_(b[l])); break;
		case ISA_OP_v_min_f64: o = minmax64(a[l], b[l], false, ieee); break;
		case ISA_OP_v_max_f64: o = minmax64(a[l], b[l], true, ieee); break;
		case ISA_OP_v_ldexp_f64: {
			int32_t e = (int32_t)b32[l];
			o = emu_ud(ldexp(d_(a[l]), e > 3000 ? 3000 : e < -3000 ? -3000 : e));
			break;
		}
		case ISA_OP_v_div_fixup_f64: {
			/* a = quotient estimate, b = denominator, c = numerator */
			double q = d_(a[l]), dd = d_(b[l]), n = d_(c[l]);
			u64 sign = (b[l] ^ c[l]) & (1ull << 63);
			if (isnan(dd))
				o = b[l] | (1ull << 51);
			else if (isnan(n))
				o = c[l] | (1ull << 51);
			else if ((dd == 0 && n == 0) || (isinf(dd) && isinf(n)))
				o = 0xfff8000000000000ull;
			else if (dd == 0 || isinf(n))
				o = sign | 0x7ff0000000000000ull;
			else if (isinf(dd) || n == 0)
				o = sign;
			else
				o = sign | (emu_ud(q) & ~(1ull << 63));
			r[l] = o;
			continue;
		}
		case ISA_OP_v_div_scale_f64: o = a[l]; break; /* no scaling, see HAZARDS.md */
		default: o = unary(in->op, a[l]); break;
		}
		if (isnan64(o) && in->op != ISA_OP_v_min_f64 && in->op != ISA_OP_v_max_f64) {
			u64 ins[3] = { a[l], b[l], c[l] };
			o = nan_of(o, ins, oi->src2 ? 3 : oi->src1 == 2 ? 2 : 1);
		}
		r[l] = o;
	}
	leave64(mode);
	out_mods64(w, in, r);
	emu_vwrite64(w, in->dst, r);
	if (in->op == ISA_OP_v_div_scale_f64)
		emu_swrite(w, in->sdst != EMU_OPND_NONE ? in->sdst : EMU_OPND_VCC_LO, 0);
	w->g->st.valu++;
}

/* f64 -> 32-bit: v_cvt_{i32,u32,f32}_f64, v_frexp_exp_i32_f64. */
void emu_ex_f64_to32(struct emu_wave *w, const struct emu_inst *in)
{
	u64 a[EMU_LANES];
	u32 r[EMU_LANES];
	emu_src64(w, in, 0, true, a);
	unsigned mode = enter64(w);
	LANES {
		double x = d_(a[l]);
		switch (in->op) {
		case ISA_OP_v_cvt_i32_f64:
			r[l] = isnan(x) ? 0 : x >= 2147483647.0 ? 0x7fffffffu : x <= -2147483648.0 ? 0x80000000u : (u32)(int32_t)x;
			break;
		case ISA_OP_v_cvt_u32_f64:
			r[l] = isnan(x) || x <= 0 ? 0 : x >= 4294967295.0 ? 0xffffffffu : (u32)x;
			break;
		case ISA_OP_v_frexp_exp_i32_f64: {
			int e = 0;
			if (!isnan(x) && !isinf(x))
				frexp(x, &e);
			r[l] = (u32)e;
			break;
		}
		default: { /* v_cvt_f32_f64 */
			leave64(mode);
			u32 o = emu_u((float)x);
			mode = enter64(w);
			if (isnan(x))
				o = (u32)(a[l] >> 63) << 31 | 0x7fc00000u | (u32)(a[l] >> 29 & 0x3fffff);
			if (EMU_UNLIKELY(in->omod | in->clamp))
				o = emu_u((float)emu_outmod(emu_f(o), in->omod, in->clamp, w->g->run->kd.dx10_clamp));
			r[l] = w->g->run->ftz ? emu_ftz32(o) : o;
			break;
		}
		}
	}
	leave64(mode);
	emu_vwrite(w, in->dst, r);
	w->g->st.valu++;
}

/* 32-bit -> f64: v_cvt_f64_{i32,u32,f32}. */
void emu_ex_f64_from32(struct emu_wave *w, const struct emu_inst *in)
{
	u32 ta[EMU_LANES];
	u64 r[EMU_LANES];
	const u32 *a = emu_vsrc(w, in->src[0], ta);
	LANES {
		if (in->op == ISA_OP_v_cvt_f64_i32) {
			r[l] = emu_ud((double)(int32_t)a[l]);
		} else if (in->op == ISA_OP_v_cvt_f64_u32) {
			r[l] = emu_ud((double)a[l]);
		} else {
			u32 x = (in->abs & 1 ? a[l] & 0x7fffffffu : a[l]) ^ (in->neg & 1 ? 0x80000000u : 0);
			float f = emu_f(w->g->run->ftz ? emu_ftz32(x) : x);
			r[l] = isnan(f) ? (0x7ff8000000000000ull | (u64)(x >> 31) << 63 | (u64)(x & 0x3fffff) << 29)
					: emu_ud((double)f);
		}
	}
	out_mods64(w, in, r);
	emu_vwrite64(w, in->dst, r);
	w->g->st.valu++;
}
