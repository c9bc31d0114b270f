// 16-bit float code: _Float16 arithmetic, half2 packed math, bf16 storage with
// f32 arithmetic, f16 inputs accumulated in f32 (v_fma_mix), f16 dot products.
#include "common.h"

typedef _Float16 half;
typedef _Float16 half2 __attribute__((ext_vector_type(2)));

// y = a * x + y in half precision (one rounding: clang fuses into an f16 FMA).
extern "C" __global__ void haxpy(half a, const half *x, half *y, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		y[i] = a * x[i] + y[i];
}

// Packed half2: z = x * y + z and a packed max, per pair.
extern "C" __global__ void half2_fma_max(const half2 *x, const half2 *y, half2 *z, half2 *m, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		half2 a = x[i], b = y[i];
		z[i] = a * b + z[i];
		m[i] = __builtin_elementwise_max(a, b);
	}
}

// bf16 storage, f32 arithmetic: out = bf16(float(a) * s + float(b)).
extern "C" __global__ void bf16_scale_add(const __bf16 *a, const __bf16 *b, __bf16 *out, float s, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		out[i] = (__bf16)((float)a[i] * s + (float)b[i]);
}

// f16 inputs, f32 accumulator: acc += float(x) * float(y) (v_fma_mix_f32).
extern "C" __global__ void mixed_dot_rows(const half *x, const half *y, float *out, int len)
{
	unsigned r = gid_x();
	float acc = 0.0f;
	for (int k = 0; k < len; k++)
		acc = __builtin_fmaf((float)x[r * len + k], (float)y[k], acc);
	out[r] = acc;
}

// Half results rounded from f32 math: out = half(float(x) * float(y) + c).
extern "C" __global__ void f16_from_f32_fma(const half *x, const half *y, half *out, float c, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		out[i] = (half)__builtin_fmaf((float)x[i], (float)y[i], c);
}

// Conversions: f32 -> f16 -> f32 round trip, f16 -> int, int -> f16.
extern "C" __global__ void f16_convert(const float *in, half *h, int *iv, half *hi, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		half x = (half)in[i];
		h[i] = x;
		iv[i] = (int)x;
		hi[i] = (half)(int)(in[i] * 3.0f);
	}
}
