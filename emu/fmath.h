/* fmath.h — pure bit-level helpers for the VALU: IEEE single and half
 * precision as the gfx11 VALU computes them.  No wave state here.
 *
 * Rules we model (from the RDNA3 ISA guide): results are correctly rounded to
 * nearest even; fused ops round once; with FLOAT_DENORM_MODE_32 = 0 denormal
 * inputs and results are flushed to zero of the same sign; a NaN result is the
 * quieted first NaN input, or the default NaN 0x7fc00000 when no input was NaN
 * (x86 would produce 0xffc00000, so every NaN result is rewritten).
 */
#ifndef RDNA3_EMU_FMATH_H
#define RDNA3_EMU_FMATH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
/* Lane loops compiled twice; the CPU picks the AVX2+FMA copy when it has one. */
#define EMU_SIMD __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define EMU_SIMD
#endif

#define EMU_QNAN32 0x7fc00000u

/* The host flushes f32 denormals itself when the kernel asks for it (x86 MXCSR
 * DAZ+FTZ, set per worker thread for the launch), so the fast lane loops only
 * look for NaN results.  Elsewhere the loops also check inputs in software. */
#if defined(__SSE2__)
#include <xmmintrin.h>
#define EMU_HW_FTZ 1
static inline unsigned emu_fpmode_flush(void) { unsigned old = _mm_getcsr(); _mm_setcsr(old | 0x8040u); return old; }
static inline unsigned emu_fpmode_ieee(void) { unsigned old = _mm_getcsr(); _mm_setcsr(old & ~0x8040u); return old; }
static inline void emu_fpmode_restore(unsigned old) { _mm_setcsr(old); }
#else
#define EMU_HW_FTZ 0
static inline unsigned emu_fpmode_flush(void) { return 0; }
static inline unsigned emu_fpmode_ieee(void) { return 0; }
static inline void emu_fpmode_restore(unsigned old) { (void)old; }
#endif

static inline float emu_f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t emu_u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double emu_d(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static inline uint64_t emu_ud(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }

static inline bool emu_isnan32(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
static inline bool emu_isdenorm32(uint32_t x) { return (x & 0x7fffffffu) - 1u < 0x007fffffu; }
/* Denormal or NaN: the lanes the fast path leaves to the exact path. */
static inline uint32_t emu_special32(uint32_t x) { uint32_t a = x & 0x7fffffffu; return (a - 1u < 0x007fffffu) | (a > 0x7f800000u); }
static inline uint32_t emu_ftz32(uint32_t x) { return (x & 0x7f800000u) ? x : (x & 0x80000000u); }

/* NaN result: quiet the first NaN input, else the default NaN. */
static inline uint32_t emu_nan3(uint32_t a, uint32_t b, uint32_t c, unsigned n)
{
	if (emu_isnan32(a))
		return a | 0x00400000u;
	if (n > 1 && emu_isnan32(b))
		return b | 0x00400000u;
	if (n > 2 && emu_isnan32(c))
		return c | 0x00400000u;
	return EMU_QNAN32;
}

/* IEEE-mode min/max: a signaling NaN input gives a quiet NaN; a quiet NaN
 * input gives the other operand.  Non-IEEE mode: any NaN gives the other. */
static inline uint32_t emu_minmax32(uint32_t a, uint32_t b, bool max, bool ieee)
{
	bool na = emu_isnan32(a), nb = emu_isnan32(b);
	if (ieee && ((na && !(a & 0x00400000u)) || (nb && !(b & 0x00400000u))))
		return (na ? a : b) | 0x00400000u;
	if (na && nb)
		return a | 0x00400000u;
	if (na)
		return b;
	if (nb)
		return a;
	float x = emu_f(a), y = emu_f(b);
	if (x == y) /* +0 vs -0: max prefers +0, min prefers -0 */
		return max ? (a & b) : (a | b);
	return (max ? x > y : x < y) ? a : b;
}

/* VOP3 output modifiers on a float result: omod scales it (1, *2, *4, /2),
 * then clamp limits it to [0, 1]; a NaN clamps to 0 only with DX10_CLAMP.
 * Scaling a float or half by a power of two in double rounds once, as the
 * hardware does. */
static inline double emu_outmod(double f, unsigned omod, bool clamp, bool dx10)
{
	static const double scale[4] = { 1.0, 2.0, 4.0, 0.5 };
	f *= scale[omod & 3];
	if (clamp)
		f = isnan(f) ? (dx10 ? 0.0 : f) : f < 0.0 ? 0.0 : f > 1.0 ? 1.0 : f;
	return f;
}

/* Half precision <-> single, round to nearest even. */
static inline float emu_h2f(uint16_t h)
{
	uint32_t s = (uint32_t)(h & 0x8000) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
	if (e == 0x1f)
		return emu_f(s | 0x7f800000u | (m << 13));
	if (e == 0) {
		float f = (float)m * 0x1p-24f;
		return s ? -f : f;
	}
	return emu_f(s | ((e + 112) << 23) | (m << 13));
}

static inline uint16_t emu_f2h(float f)
{
	uint32_t x = emu_u(f), s = (x >> 16) & 0x8000, a = x & 0x7fffffffu;
	if (a > 0x7f800000u)
		return (uint16_t)(s | 0x7e00 | ((a >> 13) & 0x3ff));
	if (a >= 0x477ff000u) /* rounds to >= 65520: infinity */
		return (uint16_t)(s | 0x7c00);
	if (a < 0x38800000u) { /* below the smallest normal half: denormal or zero */
		float v = emu_f(a) * 0x1p24f; /* exact scaling into the denormal grid */
		return (uint16_t)(s | (uint32_t)nearbyintf(v));
	}
	uint32_t m = a + 0x00000fffu + ((a >> 13) & 1); /* round to nearest even at bit 13 */
	return (uint16_t)(s | ((m - 0x38000000u) >> 13));
}

/* Single to half rounded toward zero (v_cvt_pk_rtz_f16_f32). */
static inline uint16_t emu_f2h_rtz(float f)
{
	uint16_t h = emu_f2h(f);
	if (isnan(f) || isinf(f))
		return h;
	float back = emu_h2f(h);
	if (fabsf(back) > fabsf(f)) /* rounded away from zero: step one ulp back */
		h = (uint16_t)(h - 1);
	return h;
}

/* Float compare predicate p (0 F, 1 LT, 2 EQ, 3 LE, 4 GT, 5 LG, 6 GE, 7 O, 8 U,
 * 9 NGE, 10 NLG, 11 NGT, 12 NLE, 13 NEQ, 14 NLT, 15 T), numbered as the v_cmp
 * and s_cmp opcodes number them, is itself the set of relations it accepts:
 * bit 0 less, bit 1 equal, bit 2 greater, bit 3 unordered. */
static inline bool emu_fcmp(unsigned p, float a, float b)
{
	unsigned rel = isnan(a) || isnan(b) ? 8u : a < b ? 1u : a == b ? 2u : 4u;
	return (p & rel) != 0;
}

static inline uint32_t emu_bfe_u(uint32_t x, uint32_t off, uint32_t w)
{
	off &= 31;
	w &= 31;
	if (w == 0)
		return 0;
	if (off + w < 32)
		return (x << (32 - off - w)) >> (32 - w);
	return x >> off;
}

static inline int32_t emu_bfe_i(uint32_t x, uint32_t off, uint32_t w)
{
	off &= 31;
	w &= 31;
	if (w == 0)
		return 0;
	if (off + w < 32)
		return (int32_t)(x << (32 - off - w)) >> (32 - w);
	return (int32_t)x >> off;
}

static inline uint32_t emu_bitrev32(uint32_t x)
{
	x = (x >> 1 & 0x55555555u) | (x & 0x55555555u) << 1;
	x = (x >> 2 & 0x33333333u) | (x & 0x33333333u) << 2;
	x = (x >> 4 & 0x0f0f0f0fu) | (x & 0x0f0f0f0fu) << 4;
	x = (x >> 8 & 0x00ff00ffu) | (x & 0x00ff00ffu) << 8;
	return x >> 16 | x << 16;
}

static inline int32_t emu_sext24(uint32_t x) { return (int32_t)(x << 8) >> 8; }

/* f32 -> i32/u32 as v_cvt does: truncate, saturate, NaN -> 0. */
static inline int32_t emu_cvt_i32(float f)
{
	if (f != f)
		return 0;
	if (f >= 2147483648.0f)
		return INT32_MAX;
	if (f <= -2147483648.0f)
		return INT32_MIN;
	return (int32_t)f;
}

static inline uint32_t emu_cvt_u32(float f)
{
	if (f != f || f <= 0.0f)
		return 0;
	if (f >= 4294967296.0f)
		return UINT32_MAX;
	return (uint32_t)f;
}

#endif
