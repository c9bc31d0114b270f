/* exec_sfpu.c — the scalar float ops of GFX11.5 (FeatureSALUFloatInsts:
 * s_add_f32 and kin, the OP_NEEDS(SALU_FLOAT) rows of isa/isa_gfx11.def).
 *
 * The ISA guide's SALU floating-point section (RDNA4's 6.8, the section
 * RDNA3.5 introduced): each op is its VALU twin on one value; rounding and
 * denormals follow the mode (the descriptor's: FLOAT_DENORM_MODE_32 for f32,
 * _16_64 for f16, round to nearest even); only the compares write SCC; an f16
 * op reads the low half of its SGPR (s_cvt_hi_f32_f16 the high half) and a
 * 16-bit result sets bits 31:16 to 0.  The math is fmath.h's and exec_h16.c's,
 * the same the VALU uses, so a scalar and a vector op agree bit for bit.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;

/* A 32-bit source; an f16 row reads an inline float constant as its f16 bit
 * pattern, as emu_vsrc16 does for the VALU. */
static u32 src(const struct emu_wave *w, const struct emu_inst *in, unsigned i)
{
	static const uint16_t f16[] = {
#define INLINE_FLOAT(code, text, f32, f16, f64) f16,
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
	};
	unsigned code = in->src[i];
	if ((isa_ops[in->op].flags & (ISA_F_F16 | ISA_F_I16)) && code >= EMU_OPND_F_HALF && code <= EMU_OPND_F_INV2PI)
		return f16[code - EMU_OPND_F_HALF];
	return w->s[code & 255];
}

static u32 h_ftz(u32 h) { return (h & 0x7c00) ? h : (h & 0x8000); }

/* An f32 result: the quieted first NaN input (or the default NaN), flushed
 * when the mode flushes. */
static u32 f32_out(float f, u32 a, u32 b, u32 c, unsigned n, bool ftz)
{
	u32 o = emu_u(f);
	if (emu_isnan32(o))
		return emu_nan3(a, b, c, n);
	return ftz ? emu_ftz32(o) : o;
}

#define SALU_DONE(w) ((w)->g->st.salu++)

/* ---- SOP2 f32: s_add_f32 .. s_fmac_f32, s_cvt_pk_rtz_f16_f32 ------------------- */
void emu_ex_sop2_f32(struct emu_wave *w, const struct emu_inst *in)
{
	const struct emu_run *run = w->g->run;
	bool ftz = run->ftz;
	u32 a = src(w, in, 0), b = src(w, in, 1), k = in->lit, d;
	u32 c = in->src[2] != EMU_OPND_NONE ? w->s[in->src[2] & 255] : 0;
	if (ftz)
		a = emu_ftz32(a), b = emu_ftz32(b), c = emu_ftz32(c), k = emu_ftz32(k);
	float x = emu_f(a), y = emu_f(b);
	switch (in->op) {
	case ISA_OP_s_add_f32: d = f32_out(x + y, a, b, 0, 2, ftz); break;
	case ISA_OP_s_sub_f32: d = f32_out(x - y, a, b, 0, 2, ftz); break;
	case ISA_OP_s_mul_f32: d = f32_out(x * y, a, b, 0, 2, ftz); break;
	case ISA_OP_s_fmac_f32: d = f32_out(fmaf(x, y, emu_f(c)), a, b, c, 3, ftz); break;
	case ISA_OP_s_fmaak_f32: d = f32_out(fmaf(x, y, emu_f(k)), a, b, k, 3, ftz); break;
	case ISA_OP_s_fmamk_f32: d = f32_out(fmaf(x, emu_f(k), y), a, k, b, 3, ftz); break;
	case ISA_OP_s_min_f32: d = emu_minmax32(a, b, false, run->ieee); break;
	case ISA_OP_s_max_f32: d = emu_minmax32(a, b, true, run->ieee); break;
	case ISA_OP_s_cvt_pk_rtz_f16_f32: d = emu_f2h_rtz(x) | (u32)emu_f2h_rtz(y) << 16; break;
	default: d = 0; break;
	}
	emu_swrite(w, in->dst, d);
	SALU_DONE(w);
}

/* ---- SOP2 f16: computed as the VALU op of the same name ------------------------- */
void emu_ex_sop2_f16(struct emu_wave *w, const struct emu_inst *in)
{
	static const uint16_t valu[][2] = {
		{ ISA_OP_s_add_f16, ISA_OP_v_add_f16 }, { ISA_OP_s_sub_f16, ISA_OP_v_sub_f16 },
		{ ISA_OP_s_mul_f16, ISA_OP_v_mul_f16 }, { ISA_OP_s_min_f16, ISA_OP_v_min_f16 },
		{ ISA_OP_s_max_f16, ISA_OP_v_max_f16 }, { ISA_OP_s_fmac_f16, ISA_OP_v_fma_f16 },
	};
	const struct emu_run *run = w->g->run;
	unsigned op = ISA_OP_INVALID;
	for (size_t i = 0; i < sizeof valu / sizeof valu[0]; i++)
		if (valu[i][0] == in->op)
			op = valu[i][1];
	u32 c = in->src[2] != EMU_OPND_NONE ? w->s[in->src[2] & 255] : 0;
	u32 d = emu_h16_op(op, src(w, in, 0), src(w, in, 1), c, run->kd.float_denorm_16_64 == 0, run->ieee);
	emu_swrite(w, in->dst, d & 0xffff);
	SALU_DONE(w);
}

/* f16 rounding to an integral value: exact in f32, so rounded once. */
static u32 h_round_int(u32 h, unsigned op)
{
	if ((h & 0x7fff) > 0x7c00)
		return h | 0x0200;
	float f = emu_h2f((uint16_t)h);
	switch (op) {
	case ISA_OP_s_ceil_f16: f = ceilf(f); break;
	case ISA_OP_s_floor_f16: f = floorf(f); break;
	case ISA_OP_s_trunc_f16: f = truncf(f); break;
	default: f = nearbyintf(f); break;
	}
	return emu_f2h(f);
}

/* ---- SOP1: rounding and conversions ---------------------------------------------- */
void emu_ex_sop1_f(struct emu_wave *w, const struct emu_inst *in)
{
	const struct emu_run *run = w->g->run;
	bool ftz = run->ftz, flush16 = run->kd.float_denorm_16_64 == 0;
	u32 a = src(w, in, 0), af = ftz ? emu_ftz32(a) : a, h = a & 0xffff, d;
	float x = emu_f(af);
	if (flush16)
		h = h_ftz(h);
	switch (in->op) {
	case ISA_OP_s_ceil_f32: d = f32_out(ceilf(x), af, 0, 0, 1, ftz); break;
	case ISA_OP_s_floor_f32: d = f32_out(floorf(x), af, 0, 0, 1, ftz); break;
	case ISA_OP_s_trunc_f32: d = f32_out(truncf(x), af, 0, 0, 1, ftz); break;
	case ISA_OP_s_rndne_f32: d = f32_out(nearbyintf(x), af, 0, 0, 1, ftz); break;
	case ISA_OP_s_cvt_f32_i32: d = emu_u((float)(int32_t)a); break;
	case ISA_OP_s_cvt_f32_u32: d = emu_u((float)a); break;
	case ISA_OP_s_cvt_i32_f32: d = (u32)emu_cvt_i32(x); break;
	case ISA_OP_s_cvt_u32_f32: d = emu_cvt_u32(x); break;
	case ISA_OP_s_cvt_f16_f32: /* a NaN keeps its sign and top mantissa bits, quieted */
		d = emu_isnan32(af) ? (0x7e00u | (af >> 16 & 0x8000) | (af >> 13 & 0x1ff)) : emu_f2h(x);
		d = flush16 ? h_ftz(d) : d;
		break;
	case ISA_OP_s_cvt_f32_f16: d = emu_u(emu_h2f((uint16_t)h)); break;
	case ISA_OP_s_cvt_hi_f32_f16: {
		u32 hi = a >> 16;
		d = emu_u(emu_h2f((uint16_t)(flush16 ? h_ftz(hi) : hi)));
		break;
	}
	default: d = h_round_int(h, in->op); break; /* s_ceil_f16 .. s_rndne_f16 */
	}
	emu_swrite(w, in->dst, d);
	SALU_DONE(w);
}

/* ---- SOPC: SCC = the v_cmp predicate numbered by the low opcode bits ------------- */
void emu_ex_sopc_f(struct emu_wave *w, const struct emu_inst *in)
{
	const struct emu_run *run = w->g->run;
	u32 a = src(w, in, 0), b = src(w, in, 1);
	float x, y;
	if (isa_ops[in->op].flags & ISA_F_I16) { /* the f16 compares (isa_gfx11.def says why I16) */
		bool flush = run->kd.float_denorm_16_64 == 0;
		a &= 0xffff, b &= 0xffff;
		x = emu_h2f((uint16_t)(flush ? h_ftz(a) : a));
		y = emu_h2f((uint16_t)(flush ? h_ftz(b) : b));
	} else {
		x = emu_f(run->ftz ? emu_ftz32(a) : a);
		y = emu_f(run->ftz ? emu_ftz32(b) : b);
	}
	w->s[EMU_OPND_SCC] = emu_fcmp(isa_ops[in->op].opcode & 15, x, y);
	SALU_DONE(w);
}
