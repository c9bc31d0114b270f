// Math from the ROCm device library (ocml, Debian's rocm-device-libs), as HIP's
// sinf/cosf/tanhf/erff/powf call it: linked as bitcode into the kernel.
#include "common.h"

extern "C" __device__ float __ocml_sin_f32(float);
extern "C" __device__ float __ocml_cos_f32(float);
extern "C" __device__ float __ocml_tanh_f32(float);
extern "C" __device__ float __ocml_erf_f32(float);
extern "C" __device__ float __ocml_pow_f32(float, float);
extern "C" __device__ float __ocml_log1p_f32(float);

extern "C" __global__ void ocml_funcs(const float *a, float *out, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		float x = a[i];
		float *o = out + 6 * i;
		o[0] = __ocml_sin_f32(x);
		o[1] = __ocml_cos_f32(x);
		o[2] = __ocml_tanh_f32(x * 0.25f);
		o[3] = __ocml_erf_f32(x * 0.5f);
		o[4] = __ocml_pow_f32(__builtin_fabsf(x) + 0.5f, 1.5f);
		o[5] = __ocml_log1p_f32(__builtin_fabsf(x));
	}
}
