/* exec_valu.c — vector ALU: VOP1, VOP2, VOP3 and the VOPD halves.
 *
 * An op is a lane function computing all 32 lanes of a result from three
 * 32-lane sources (scalars already broadcast); the executor fetches sources,
 * applies VOP3 input modifiers, output modifiers, and writes the lanes EXEC
 * enables.  Float lane functions run a fast loop and fall back to the exact
 * path (flush, NaN rules of fmath.h) only when some lane is a denormal or NaN.
 * Compares, carries, 64-bit and cross-lane ops are in exec_vcmp.c.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;
#define LANES for (unsigned l = 0; l < EMU_LANES; l++)

typedef void (*lane_fn)(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c);

/* ---- float arithmetic: fast loop + exact fallback ------------------------------- */

/* NARG: number of sources whose NaN/denormal matters. */
#define F32_OP(NAME, NARG, EXPR)                                                                 \
	EMU_SIMD static u32 NAME##_fast(u32 *restrict r, const u32 *restrict A, const u32 *restrict B, \
					const u32 *restrict C, u32 ftz, u32 K)                   \
	{                                                                                        \
		u32 bad = 0;                                                                     \
		(void)B; (void)C; (void)K;                                                       \
		if (!ftz) {                                                                      \
			LANES {                                                                  \
				float x = emu_f(A[l]), y = emu_f(B[l]), z = emu_f(C[l]), k = emu_f(K); \
				(void)x; (void)y; (void)z; (void)k;                              \
				u32 o = emu_u(EXPR);                                             \
				r[l] = o;                                                        \
				bad |= emu_isnan32(o);                                           \
			}                                                                        \
			return bad;                                                              \
		}                                                                                \
		LANES {                                                                          \
			float x = emu_f(A[l]), y = emu_f(B[l]), z = emu_f(C[l]), k = emu_f(K);   \
			(void)x; (void)y; (void)z; (void)k;                                      \
			u32 o = emu_u(EXPR);                                                     \
			r[l] = o;                                                                \
			u32 in = emu_special32(A[l]);                                            \
			if (NARG > 1) in |= emu_special32(B[l]);                                 \
			if (NARG > 2) in |= emu_special32(C[l]);                                 \
			bad |= emu_isnan32(o) | in | emu_special32(o);                           \
		}                                                                                \
		return bad;                                                                      \
	}                                                                                        \
	static EMU_COLD void NAME##_exact(u32 *r, const u32 *A, const u32 *B, const u32 *C, bool ftz, u32 K) \
	{                                                                                        \
		LANES {                                                                          \
			u32 a = A[l], b = B[l], c = C[l];                                        \
			if (ftz) { a = emu_ftz32(a); b = emu_ftz32(b); c = emu_ftz32(c); K = emu_ftz32(K); } \
			float x = emu_f(a), y = emu_f(b), z = emu_f(c), k = emu_f(K);             \
			(void)x; (void)y; (void)z; (void)k;                                      \
			u32 o = emu_u(EXPR);                                                     \
			if (emu_isnan32(o))                                                      \
				o = emu_nan3(a, b, c, NARG);                                     \
			else if (ftz)                                                            \
				o = emu_ftz32(o);                                                \
			r[l] = o;                                                                \
		}                                                                                \
	}                                                                                        \
	static void NAME(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) \
	{                                                                                        \
		bool ftz = w->g->run->ftz, ftz_sw = w->g->run->ftz_sw;                          \
		u32 K = w->s[EMU_OPND_LITERAL];                                                  \
		if (NAME##_fast(r, a, b, c, ftz_sw, K))                                          \
			NAME##_exact(r, a, b, c, ftz, K);                                        \
	}

F32_OP(ln_add_f32, 2, x + y)
F32_OP(ln_sub_f32, 2, x - y)
F32_OP(ln_subrev_f32, 2, y - x)
F32_OP(ln_mul_f32, 2, x * y)
F32_OP(ln_fmac_f32, 3, fmaf(x, y, z))
F32_OP(ln_fma_f32, 3, fmaf(x, y, z))
F32_OP(ln_fmamk_f32, 2, fmaf(x, k, y))
F32_OP(ln_fmaak_f32, 2, fmaf(x, y, k))
F32_OP(ln_trunc_f32, 1, truncf(x))
F32_OP(ln_ceil_f32, 1, ceilf(x))
F32_OP(ln_floor_f32, 1, floorf(x))
F32_OP(ln_rndne_f32, 1, nearbyintf(x))
F32_OP(ln_fract_f32, 1, !isfinite(x) ? NAN : fminf(x - floorf(x), 0x1.fffffep-1f)) /* fminf would drop a NaN */
F32_OP(ln_sqrt_f32, 1, sqrtf(x))
F32_OP(ln_rcp_f32, 1, 1.0f / x)
F32_OP(ln_rsq_f32, 1, 1.0f / sqrtf(x))
F32_OP(ln_exp_f32, 1, exp2f(x))
F32_OP(ln_log_f32, 1, log2f(x))
F32_OP(ln_sin_f32, 1, sinf(x * 6.28318530717958647692f))
F32_OP(ln_cos_f32, 1, cosf(x * 6.28318530717958647692f))
/* Division helpers without the range scaling: exact except at the exponent
 * extremes the scaling exists for (see emu/HAZARDS.md, limits). */
F32_OP(ln_div_fmas_f32, 3, fmaf(x, y, z))

/* v_mul_dx9_zero: 0 * anything (even inf/NaN) is 0. */
static void ln_mul_dx9_zero_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	ln_mul_f32(w, r, a, b, c);
	LANES if (!(a[l] & 0x7fffffffu) || !(b[l] & 0x7fffffffu)) r[l] = 0;
}

static u32 in_ftz(const struct emu_wave *w, u32 x) { return w->g->run->ftz ? emu_ftz32(x) : x; }

static void ln_min_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)c;
	bool ie = w->g->run->ieee;
	LANES r[l] = emu_minmax32(in_ftz(w, a[l]), in_ftz(w, b[l]), false, ie);
}

static void ln_max_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)c;
	bool ie = w->g->run->ieee;
	LANES r[l] = emu_minmax32(in_ftz(w, a[l]), in_ftz(w, b[l]), true, ie);
}

static void ln_min3_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	bool ie = w->g->run->ieee;
	LANES r[l] = emu_minmax32(emu_minmax32(in_ftz(w, a[l]), in_ftz(w, b[l]), false, ie), in_ftz(w, c[l]), false, ie);
}

static void ln_max3_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	bool ie = w->g->run->ieee;
	LANES r[l] = emu_minmax32(emu_minmax32(in_ftz(w, a[l]), in_ftz(w, b[l]), true, ie), in_ftz(w, c[l]), true, ie);
}

/* gfx11 v_maxmin: min(max(a, b), c); v_minmax: max(min(a, b), c) */
static void ln_maxmin_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	bool ie = w->g->run->ieee;
	LANES r[l] = emu_minmax32(emu_minmax32(in_ftz(w, a[l]), in_ftz(w, b[l]), true, ie), in_ftz(w, c[l]), false, ie);
}

static void ln_minmax_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	bool ie = w->g->run->ieee;
	LANES r[l] = emu_minmax32(emu_minmax32(in_ftz(w, a[l]), in_ftz(w, b[l]), false, ie), in_ftz(w, c[l]), true, ie);
}

static void ln_med3_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	bool ie = w->g->run->ieee;
	LANES {
		u32 x = in_ftz(w, a[l]), y = in_ftz(w, b[l]), z = in_ftz(w, c[l]);
		if (emu_isnan32(x) || emu_isnan32(y) || emu_isnan32(z)) {
			r[l] = emu_minmax32(emu_minmax32(x, y, false, ie), z, false, ie);
			continue;
		}
		u32 mx = emu_minmax32(emu_minmax32(x, y, true, ie), z, true, ie);
		if (mx == x)
			r[l] = emu_minmax32(y, z, true, ie);
		else if (mx == y)
			r[l] = emu_minmax32(x, z, true, ie);
		else
			r[l] = emu_minmax32(x, y, true, ie);
	}
}

static void ln_ldexp_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)c;
	LANES {
		u32 x = in_ftz(w, a[l]);
		u32 o = emu_u(ldexpf(emu_f(x), (int32_t)b[l] > 1000 ? 1000 : (int32_t)b[l] < -1000 ? -1000 : (int32_t)b[l]));
		r[l] = emu_isnan32(o) ? (x | 0x00400000u) : in_ftz(w, o);
	}
}

static void ln_frexp_mant_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)b, (void)c;
	LANES {
		u32 x = in_ftz(w, a[l]);
		int e;
		float f = emu_f(x);
		r[l] = (isnan(f) || isinf(f)) ? (isnan(f) ? x | 0x00400000u : x) : emu_u(frexpf(f, &e));
	}
}

static void ln_frexp_exp_i32_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)b, (void)c;
	LANES {
		int e = 0;
		float f = emu_f(in_ftz(w, a[l]));
		if (!isnan(f) && !isinf(f))
			frexpf(f, &e);
		r[l] = (u32)e;
	}
}

static void ln_div_fixup_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	/* a = quotient estimate, b = denominator, c = numerator; special cases from the ISA. */
	LANES {
		float q = emu_f(in_ftz(w, a[l])), d = emu_f(in_ftz(w, b[l])), n = emu_f(in_ftz(w, c[l]));
		u32 sign = (b[l] ^ c[l]) & 0x80000000u;
		u32 o;
		if (isnan(d))
			o = b[l] | 0x00400000u;
		else if (isnan(n))
			o = c[l] | 0x00400000u;
		else if ((d == 0 && n == 0) || (isinf(d) && isinf(n)))
			o = 0xffc00000u;
		else if (d == 0 || isinf(n))
			o = sign | 0x7f800000u;
		else if (isinf(d) || n == 0)
			o = sign;
		else
			o = sign | (emu_u(q) & 0x7fffffffu);
		r[l] = w->g->run->ftz ? emu_ftz32(o) : o;
	}
}

static void ln_cvt_f32_i32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u((float)(int32_t)a[l]); }
static void ln_cvt_f32_u32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u((float)a[l]); }
static void ln_cvt_i32_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)b, (void)c; LANES r[l] = (u32)emu_cvt_i32(emu_f(in_ftz(w, a[l]))); }
static void ln_cvt_u32_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)b, (void)c; LANES r[l] = emu_cvt_u32(emu_f(in_ftz(w, a[l]))); }
static void ln_cvt_nearest_i32_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)b, (void)c; LANES r[l] = (u32)emu_cvt_i32(floorf(emu_f(in_ftz(w, a[l])) + 0.5f)); }
static void ln_cvt_floor_i32_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)b, (void)c; LANES r[l] = (u32)emu_cvt_i32(floorf(emu_f(in_ftz(w, a[l])))); }
static void ln_cvt_f32_ubyte0(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u((float)(a[l] & 0xff)); }
static void ln_cvt_f32_ubyte1(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u((float)(a[l] >> 8 & 0xff)); }
static void ln_cvt_f32_ubyte2(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u((float)(a[l] >> 16 & 0xff)); }
static void ln_cvt_f32_ubyte3(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u((float)(a[l] >> 24)); }
static void ln_cvt_f32_f16(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)b, (void)c; LANES r[l] = emu_u(emu_h2f((uint16_t)a[l])); }

static void ln_cvt_pk_rtz_f16_f32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)c;
	LANES r[l] = emu_f2h_rtz(emu_f(in_ftz(w, a[l]))) | (u32)emu_f2h_rtz(emu_f(in_ftz(w, b[l]))) << 16;
}

static void ln_pack_b32_f16(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c) { (void)w, (void)c; LANES r[l] = (a[l] & 0xffff) | b[l] << 16; }

static void ln_dot2acc_f32_f16(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	LANES {
		float lo = emu_h2f((uint16_t)a[l]) * emu_h2f((uint16_t)b[l]);
		float hi = emu_h2f((uint16_t)(a[l] >> 16)) * emu_h2f((uint16_t)(b[l] >> 16));
		u32 o = emu_u(lo + hi + emu_f(c[l]));
		r[l] = emu_isnan32(o) ? EMU_QNAN32 : in_ftz(w, o);
	}
}

/* ---- integer and bitwise --------------------------------------------------------- */
#define I32_OP(NAME, EXPR)                                                                         \
	static void NAME(const struct emu_wave *w, u32 *restrict r, const u32 *A, const u32 *B, const u32 *C) \
	{                                                                                          \
		(void)w, (void)B, (void)C;                                                         \
		LANES {                                                                            \
			u32 a = A[l], b = B[l], c = C[l];                                          \
			(void)a, (void)b, (void)c;                                                 \
			r[l] = (EXPR);                                                             \
		}                                                                                  \
	}

I32_OP(ln_mov_b32, a)
I32_OP(ln_cndmask_b32, (c >> l & 1) ? b : a)
I32_OP(ln_not_b32, ~a)
I32_OP(ln_bfrev_b32, emu_bitrev32(a))
I32_OP(ln_clz_i32_u32, a ? (u32)__builtin_clz(a) : 0xffffffffu)
I32_OP(ln_ctz_i32_b32, a ? (u32)__builtin_ctz(a) : 0xffffffffu)
I32_OP(ln_mul_i32_i24, (u32)((int64_t)emu_sext24(a) * emu_sext24(b)))
I32_OP(ln_mul_hi_i32_i24, (u32)(((int64_t)emu_sext24(a) * emu_sext24(b)) >> 32))
I32_OP(ln_mul_u32_u24, (a & 0xffffff) * (b & 0xffffff))
I32_OP(ln_mul_hi_u32_u24, (u32)(((uint64_t)(a & 0xffffff) * (b & 0xffffff)) >> 32))
I32_OP(ln_min_i32, (int32_t)a < (int32_t)b ? a : b)
I32_OP(ln_max_i32, (int32_t)a > (int32_t)b ? a : b)
I32_OP(ln_min_u32, a < b ? a : b)
I32_OP(ln_max_u32, a > b ? a : b)
I32_OP(ln_lshlrev_b32, b << (a & 31))
I32_OP(ln_lshrrev_b32, b >> (a & 31))
I32_OP(ln_ashrrev_i32, (u32)((int32_t)b >> (a & 31)))
I32_OP(ln_and_b32, a & b)
I32_OP(ln_or_b32, a | b)
I32_OP(ln_xor_b32, a ^ b)
I32_OP(ln_xnor_b32, ~(a ^ b))
I32_OP(ln_add_nc_u32, a + b)
I32_OP(ln_sub_nc_u32, a - b)
I32_OP(ln_subrev_nc_u32, b - a)
I32_OP(ln_add_nc_i32, a + b)
I32_OP(ln_sub_nc_i32, a - b)
I32_OP(ln_mad_i32_i24, (u32)((int64_t)emu_sext24(a) * emu_sext24(b)) + c)
I32_OP(ln_mad_u32_u24, (a & 0xffffff) * (b & 0xffffff) + c)
I32_OP(ln_bfe_u32, emu_bfe_u(a, b, c))
I32_OP(ln_bfe_i32, (u32)emu_bfe_i(a, b, c))
I32_OP(ln_bfi_b32, (a & b) | (~a & c))
I32_OP(ln_alignbit_b32, (u32)((((uint64_t)a << 32) | b) >> (c & 31)))
I32_OP(ln_alignbyte_b32, (u32)((((uint64_t)a << 32) | b) >> (8 * (c & 3))))
I32_OP(ln_min3_i32, (u32)((int32_t)a < (int32_t)b ? ((int32_t)a < (int32_t)c ? a : c) : ((int32_t)b < (int32_t)c ? b : c)))
I32_OP(ln_max3_i32, (u32)((int32_t)a > (int32_t)b ? ((int32_t)a > (int32_t)c ? a : c) : ((int32_t)b > (int32_t)c ? b : c)))
I32_OP(ln_min3_u32, a < b ? (a < c ? a : c) : (b < c ? b : c))
I32_OP(ln_max3_u32, a > b ? (a > c ? a : c) : (b > c ? b : c))
I32_OP(ln_med3_i32, (u32)((int32_t)a > (int32_t)b ? ((int32_t)b > (int32_t)c ? b : ((int32_t)a > (int32_t)c ? c : a)) : ((int32_t)a > (int32_t)c ? a : ((int32_t)b > (int32_t)c ? c : b))))
I32_OP(ln_med3_u32, a > b ? (b > c ? b : (a > c ? c : a)) : (a > c ? a : (b > c ? c : b)))
I32_OP(ln_maxmin_u32, (a > b ? a : b) < c ? (a > b ? a : b) : c)
I32_OP(ln_minmax_u32, (a < b ? a : b) > c ? (a < b ? a : b) : c)
I32_OP(ln_maxmin_i32, (u32)((int32_t)a > (int32_t)b ? ((int32_t)a < (int32_t)c ? a : c) : ((int32_t)b < (int32_t)c ? b : c)))
I32_OP(ln_minmax_i32, (u32)((int32_t)a < (int32_t)b ? ((int32_t)a > (int32_t)c ? a : c) : ((int32_t)b > (int32_t)c ? b : c)))
I32_OP(ln_cvt_i32_i16, (u32)(int32_t)(int16_t)a)
I32_OP(ln_cvt_u32_u16, a & 0xffff)
I32_OP(ln_sad_u32, (a > b ? a - b : b - a) + c)
I32_OP(ln_xor3_b32, a ^ b ^ c)
I32_OP(ln_xad_u32, (a ^ b) + c)
I32_OP(ln_lshl_add_u32, (a << (b & 31)) + c)
I32_OP(ln_add_lshl_u32, (a + b) << (c & 31))
I32_OP(ln_add3_u32, a + b + c)
I32_OP(ln_lshl_or_b32, (a << (b & 31)) | c)
I32_OP(ln_and_or_b32, (a & b) | c)
I32_OP(ln_or3_b32, a | b | c)
I32_OP(ln_bcnt_u32_b32, (u32)__builtin_popcount(a) + b)
I32_OP(ln_mbcnt_lo_u32_b32, (u32)__builtin_popcount(a & ((1u << l) - 1u)) + b)
I32_OP(ln_mbcnt_hi_u32_b32, b) /* wave32: no lanes above 31 precede a lane */
I32_OP(ln_mul_lo_u32, a * b)
I32_OP(ln_mul_hi_u32, (u32)(((uint64_t)a * b) >> 32))
I32_OP(ln_mul_hi_i32, (u32)(((int64_t)(int32_t)a * (int32_t)b) >> 32))
I32_OP(ln_cvt_pk_u16_u32, (a > 0xffff ? 0xffff : a) | (b > 0xffff ? 0xffff : b) << 16)
I32_OP(ln_cvt_pk_i16_i32, ((u32)((int32_t)a > 32767 ? 32767 : (int32_t)a < -32768 ? -32768 : (int32_t)a) & 0xffff) |
	(u32)((int32_t)b > 32767 ? 32767 : (int32_t)b < -32768 ? -32768 : (int32_t)b) << 16)

/* v_perm_b32: byte select from {a,b} (b is bytes 0-3), with the constant selectors. */
static u32 perm_byte(uint64_t ab, unsigned sel)
{
	if (sel < 8)
		return (u32)(ab >> (8 * sel)) & 0xff;
	if (sel < 12) { /* sign of the high byte of a 16-bit half */
		unsigned byte = (sel - 8) * 2 + 1;
		return (ab >> (8 * byte + 7) & 1) ? 0xff : 0;
	}
	return sel == 12 ? 0 : 0xff;
}

static void ln_perm_b32(const struct emu_wave *w, u32 *restrict r, const u32 *a, const u32 *b, const u32 *c)
{
	(void)w;
	LANES {
		uint64_t ab = (uint64_t)a[l] << 32 | b[l];
		u32 o = 0;
		for (unsigned i = 0; i < 4; i++)
			o |= perm_byte(ab, (c[l] >> (8 * i)) & 0xff) << (8 * i);
		r[l] = o;
	}
}

/* The lane function of every LANE and LANEX row of isa/isa_gfx11.def (the
 * rest NULL): emu_ex_valu and the VOPD halves compute through it. */
#define EX(f) NULL
#define LANE(l) ln_##l
#define LANEX(l, f) ln_##l
#define NONE NULL
#define OP(n, e, o, c, d, s0, s1, s2, flags, x) [ISA_OP_##n] = x,
#define VOPD(n, x, y, b)
#define VOPDY(n, y, b)
static const lane_fn lane_tab[ISA_OP_COUNT] = {
#include "isa/isa_gfx11.def"
};
#undef OP
#undef VOPD
#undef VOPDY
#undef EX
#undef LANE
#undef LANEX
#undef NONE

/* Ops whose output modifiers are float clamp/omod (integer clamp is not modelled). */
static bool is_float_op(unsigned op)
{
	return isa_ops[op].flags & (ISA_F_FP | ISA_F_OMOD);
}

static const u32 zeros[EMU_LANES];

/* Source i with VOP3 abs/neg applied (float ops). */
static inline const u32 *fsrc(struct emu_wave *w, const struct emu_inst *in, unsigned i, u32 tmp[EMU_LANES])
{
	unsigned code = in->src[i];
	if (code == EMU_OPND_NONE)
		return zeros;
	const u32 *p = EMU_UNLIKELY(code - EMU_OPND_F_HALF <= EMU_OPND_F_INV2PI - EMU_OPND_F_HALF) && emu_ops16(in->op)
			       ? emu_vsrc16(w, code, tmp) : emu_vsrc(w, code, tmp);
	if (EMU_UNLIKELY(in->opsel >> i & 1) && emu_ops16(in->op)) {
		/* the high half of a 16-bit source (VOP3 op_sel, or a true16 .h register) */
		LANES tmp[l] = p[l] >> 16;
		p = tmp;
	}
	unsigned abs = in->abs >> i & 1, neg = in->neg >> i & 1;
	if (EMU_UNLIKELY(abs | neg)) {
		/* the sign of a 16-bit source is bit 15 (the half is in the low bits by now) */
		u32 sign = emu_ops16(in->op) ? 0x8000u : 0x80000000u;
		u32 clr = abs ? ~sign : 0xffffffffu, flip = neg ? sign : 0;
		LANES tmp[l] = (p[l] & clr) ^ flip;
		return tmp;
	}
	return p;
}

static EMU_COLD void out_mods(const struct emu_wave *w, const struct emu_inst *in, u32 *r)
{
	if (!is_float_op(in->op))
		return;
	bool dx10 = w->g->run->kd.dx10_clamp;
	LANES r[l] = emu_u((float)emu_outmod(emu_f(r[l]), in->omod, in->clamp, dx10));
}

/* Integer clamp (VOP3 clamp bit on the CLAMP rows): saturate instead of wrap. */
static EMU_COLD void int_clamp(unsigned op, u32 *r, const u32 *A, const u32 *B, const u32 *C)
{
	LANES {
		int64_t s = 0;
		uint64_t u = 0;
		bool sgn = false;
		u32 a = A[l], b = B[l], c = C[l];
		switch (op) {
		case ISA_OP_v_add_nc_u32: u = (uint64_t)a + b; break;
		case ISA_OP_v_sub_nc_u32: u = a < b ? 0 : a - b; break;
		case ISA_OP_v_subrev_nc_u32: u = b < a ? 0 : b - a; break;
		case ISA_OP_v_mul_u32_u24: u = (uint64_t)(a & 0xffffff) * (b & 0xffffff); break;
		case ISA_OP_v_mad_u32_u24: u = (uint64_t)(a & 0xffffff) * (b & 0xffffff) + c; break;
		case ISA_OP_v_sad_u32: u = (uint64_t)(a > b ? a - b : b - a) + c; break;
		case ISA_OP_v_add_nc_i32: s = (int64_t)(int32_t)a + (int32_t)b, sgn = true; break;
		case ISA_OP_v_sub_nc_i32: s = (int64_t)(int32_t)a - (int32_t)b, sgn = true; break;
		case ISA_OP_v_mul_i32_i24: s = (int64_t)emu_sext24(a) * emu_sext24(b), sgn = true; break;
		case ISA_OP_v_mad_i32_i24: s = (int64_t)emu_sext24(a) * emu_sext24(b) + (int32_t)c, sgn = true; break;
		default: continue;
		}
		r[l] = sgn ? (u32)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s)
			   : (u32)(u > UINT32_MAX ? UINT32_MAX : u);
	}
}

/* The one VALU executor for every op of lane_tab. */
void emu_ex_valu(struct emu_wave *w, const struct emu_inst *in)
{
	u32 ta[EMU_LANES], tb[EMU_LANES], tc[EMU_LANES], r[EMU_LANES];
	const u32 *a = fsrc(w, in, 0, ta), *b = fsrc(w, in, 1, tb), *c = fsrc(w, in, 2, tc);
	lane_tab[in->op](w, r, a, b, c);
	if (EMU_UNLIKELY(in->clamp | in->omod)) {
		if (isa_ops[in->op].flags & ISA_F_CLAMP)
			int_clamp(in->op, r, a, b, c);
		else
			out_mods(w, in, r);
	}
	emu_vwrite(w, in->dst, r);
	w->g->st.valu++;
}

/* v_fmac_f32 without modifiers, computed and written under EXEC in one pass;
 * nonzero (nothing written) when a lane produced a NaN. */
EMU_SIMD static u32 fmac1_fast(u32 *d, const u32 *a, const u32 *b, u32 exec)
{
	u32 r[EMU_LANES], bad = 0;
	LANES {
		u32 o = emu_u(fmaf(emu_f(a[l]), emu_f(b[l]), emu_f(d[l])));
		r[l] = o;
		bad |= emu_isnan32(o);
	}
	if (bad)
		return bad;
	if (exec == 0xffffffffu) {
		LANES d[l] = r[l];
	} else {
		LANES d[l] = (exec >> l & 1) ? r[l] : d[l];
	}
	return 0;
}

/* v_fmac_f32: the hot path of every GEMM. */
void emu_ex_fmac(struct emu_wave *w, const struct emu_inst *in)
{
	w->g->st.valu_fma++;
	if (EMU_LIKELY(!(in->abs | in->neg | in->clamp | in->omod) && !w->g->run->ftz_sw)) {
		u32 ta[EMU_LANES], tb[EMU_LANES];
		const u32 *a = emu_vsrc(w, in->src[0], ta), *b = emu_vsrc(w, in->src[1], tb);
		if (!fmac1_fast(w->v[in->dst - EMU_OPND_VGPR0], a, b, emu_exec_mask(w)))
			return;
	}
	emu_ex_valu(w, in);
}

/* ---- VOPD: both halves read everything before either writes ---------------------- */
static void vopd_generic(struct emu_wave *w, const struct emu_inst *in)
{
	u32 rx[EMU_LANES], ry[EMU_LANES];
	u32 t0[EMU_LANES], t1[EMU_LANES], t2[EMU_LANES];
	const struct emu_vopd_half *h = &in->x;
	lane_tab[h->op](w, rx, emu_vsrc(w, h->src0, t0), h->src1 == EMU_OPND_NONE ? zeros : emu_vsrc(w, h->src1, t1),
			h->src2 == EMU_OPND_NONE ? zeros : emu_vsrc(w, h->src2, t2));
	h = &in->y;
	lane_tab[h->op](w, ry, emu_vsrc(w, h->src0, t0), h->src1 == EMU_OPND_NONE ? zeros : emu_vsrc(w, h->src1, t1),
			h->src2 == EMU_OPND_NONE ? zeros : emu_vsrc(w, h->src2, t2));
	emu_vwrite(w, in->x.dst, rx);
	emu_vwrite(w, in->y.dst, ry);
}

/* v_dual_fmac_f32 :: v_dual_fmac_f32, the GEMM inner loop: one pass over the
 * lanes for both halves, written under EXEC when no lane produced a NaN.
 * Returns nonzero (and writes nothing) when one did: the caller redoes it. */
EMU_SIMD static u32 fmac2_fast(u32 *dx, const u32 *ax, const u32 *bx, u32 *dy, const u32 *ay, const u32 *by, u32 exec)
{
	u32 rx[EMU_LANES], ry[EMU_LANES], bad = 0;
	LANES {
		u32 ox = emu_u(fmaf(emu_f(ax[l]), emu_f(bx[l]), emu_f(dx[l])));
		u32 oy = emu_u(fmaf(emu_f(ay[l]), emu_f(by[l]), emu_f(dy[l])));
		rx[l] = ox;
		ry[l] = oy;
		bad |= emu_isnan32(ox) | emu_isnan32(oy);
	}
	if (bad)
		return bad;
	if (exec == 0xffffffffu) {
		LANES dx[l] = rx[l];
		LANES dy[l] = ry[l];
	} else {
		LANES dx[l] = (exec >> l & 1) ? rx[l] : dx[l];
		LANES dy[l] = (exec >> l & 1) ? ry[l] : dy[l];
	}
	return 0;
}

/* v_dual_fmac_f32 :: v_dual_fmac_f32 with VGPR sources and no half reading the
 * other's destination: chosen at decode (emu_vopd_executor), no tests left. */
static void ex_vopd_fmac2(struct emu_wave *w, const struct emu_inst *in)
{
	w->g->st.vopd++;
	if (EMU_LIKELY(!fmac2_fast(w->v[in->x.dst - EMU_OPND_VGPR0], w->v[in->x.src0 - EMU_OPND_VGPR0],
				   w->v[in->x.src1 - EMU_OPND_VGPR0], w->v[in->y.dst - EMU_OPND_VGPR0],
				   w->v[in->y.src0 - EMU_OPND_VGPR0], w->v[in->y.src1 - EMU_OPND_VGPR0], emu_exec_mask(w))))
		return;
	vopd_generic(w, in);
}

void emu_exec_vopd(struct emu_wave *w, const struct emu_inst *in)
{
	w->g->st.vopd++;
	/* Fast path only when no half reads the other's destination: the reads must
	 * all happen before the writes (both directions are legal, a read gets the
	 * old value), which vopd_generic does. */
	if (in->x.op == ISA_OP_v_fmac_f32 && in->y.op == ISA_OP_v_fmac_f32 && !w->g->run->ftz_sw &&
	    in->x.dst != in->y.src0 && in->x.dst != in->y.src1 && in->y.dst != in->x.src0 && in->y.dst != in->x.src1) {
		u32 t0[EMU_LANES], t1[EMU_LANES];
		const u32 *ax = in->x.src0 >= EMU_OPND_VGPR0 ? w->v[in->x.src0 - EMU_OPND_VGPR0] : emu_vsrc(w, in->x.src0, t0);
		const u32 *ay = in->y.src0 >= EMU_OPND_VGPR0 ? w->v[in->y.src0 - EMU_OPND_VGPR0] : emu_vsrc(w, in->y.src0, t1);
		if (!fmac2_fast(w->v[in->x.dst - EMU_OPND_VGPR0], ax, w->v[in->x.src1 - EMU_OPND_VGPR0],
				w->v[in->y.dst - EMU_OPND_VGPR0], ay, w->v[in->y.src1 - EMU_OPND_VGPR0], emu_exec_mask(w)))
			return;
	}
	vopd_generic(w, in);
}

bool emu_vopd_half_ok(unsigned op) { return op < ISA_OP_COUNT && lane_tab[op] != NULL; }

emu_exec_fn emu_vopd_executor(const struct emu_run *run, const struct emu_inst *in)
{
	if (!emu_vopd_half_ok(in->x.op) || !emu_vopd_half_ok(in->y.op))
		return NULL;
	if (in->x.op == ISA_OP_v_fmac_f32 && in->y.op == ISA_OP_v_fmac_f32 && !run->ftz_sw &&
	    emu_opnd_vgpr(in->x.src0) && emu_opnd_vgpr(in->y.src0) && in->x.dst != in->y.src0 &&
	    in->x.dst != in->y.src1 && in->y.dst != in->x.src0 && in->y.dst != in->x.src1)
		return ex_vopd_fmac2;
	return emu_exec_vopd;
}
