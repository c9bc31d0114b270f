// Float math through compiler builtins only (no device library): IEEE division
// and square root (clang expands both to correctly rounded sequences), the
// fast hardware approximations (__expf, __logf, rsqrt), exp via llvm.exp.f32,
// rounding functions, fmin/fmax/fma, and a denormal-keeping kernel.
#include "common.h"

extern "C" __global__ void div_sqrt(const float *a, const float *b, float *q, float *r, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		q[i] = a[i] / b[i];
		r[i] = __builtin_sqrtf(__builtin_fabsf(a[i]));
	}
}

// HIP's __expf / __logf / rsqrtf map to v_exp_f32 / v_log_f32 / v_rsq_f32.
extern "C" __global__ void fast_math(const float *a, float *e, float *l, float *rs, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		float x = a[i];
		e[i] = __builtin_amdgcn_exp2f(x * 1.44269504f);       // __expf
		l[i] = __builtin_amdgcn_logf(__builtin_fabsf(x) + 1.0f) * 0.693147181f; // __logf
		rs[i] = __builtin_amdgcn_rsqf(__builtin_fabsf(x) + 0.5f);
	}
}

// expf, logf and exp2f as llvm intrinsics: the backend's range-reduced expansions.
extern "C" __global__ void libm_builtins(const float *a, float *e, float *l, float *e2, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		float x = a[i];
		e[i] = __builtin_expf(x);
		l[i] = __builtin_logf(__builtin_fabsf(x) + 0.25f);
		e2[i] = __builtin_exp2f(x * 0.5f);
	}
}

// floor, ceil, trunc, rint, round, fmin, fmax, fma, copysign, ldexp, frexp's exponent.
extern "C" __global__ void rounding(const float *a, const float *b, float *out, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		float x = a[i], y = b[i];
		float *o = out + 10 * i;
		o[0] = __builtin_floorf(x);
		o[1] = __builtin_ceilf(x);
		o[2] = __builtin_truncf(x);
		o[3] = __builtin_rintf(x);
		o[4] = __builtin_roundf(x);
		o[5] = __builtin_fminf(x, y);
		o[6] = __builtin_fmaxf(x, y);
		o[7] = __builtin_fmaf(x, y, 1.0f);
		o[8] = __builtin_copysignf(y, x);
		o[9] = __builtin_ldexpf(x, (int)y % 20);
	}
}

// double precision: a * b + c, division, sqrt, and conversions.
extern "C" __global__ void f64_ops(const double *a, const double *b, double *out, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		double x = a[i], y = b[i];
		out[4 * i + 0] = __builtin_fma(x, y, 0.5);
		out[4 * i + 1] = x / y;
		out[4 * i + 2] = __builtin_sqrt(__builtin_fabs(x));
		out[4 * i + 3] = (double)(float)x + (double)(long long)(y * 1000.0);
	}
}
