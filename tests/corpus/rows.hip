// Row-wise and block-wide kernels as ML and BLAS-like code writes them:
// softmax and layernorm rows, a tiled transpose, dynamic shared memory, a
// block scan, __launch_bounds__, templates, and an error path without printf.
#include "common.h"

// Block-wide sum of a float in LDS (tree), the value returned to every thread.
template <unsigned BLOCK> __device__ static float block_sum(float v, float *red)
{
	unsigned t = tid_x();
	red[t] = v;
	sync_threads();
	for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
		if (t < s)
			red[t] += red[t + s];
		sync_threads();
	}
	float r = red[0];
	sync_threads();
	return r;
}

template <unsigned BLOCK> __device__ static float block_max(float v, float *red)
{
	unsigned t = tid_x();
	red[t] = v;
	sync_threads();
	for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
		if (t < s)
			red[t] = __builtin_fmaxf(red[t], red[t + s]);
		sync_threads();
	}
	float r = red[0];
	sync_threads();
	return r;
}

// One workgroup of 128 per row: y = exp(x - max) / sum.
extern "C" __global__ void __launch_bounds__(128) softmax_rows(const float *x, float *y, int cols)
{
	__shared__ float red[128];
	const float *row = x + bid_x() * cols;
	float m = -__builtin_inff();
	for (int c = tid_x(); c < cols; c += 128)
		m = __builtin_fmaxf(m, row[c]);
	m = block_max<128>(m, red);
	float s = 0.0f;
	for (int c = tid_x(); c < cols; c += 128)
		s += __builtin_expf(row[c] - m);
	s = block_sum<128>(s, red);
	for (int c = tid_x(); c < cols; c += 128)
		y[bid_x() * cols + c] = __builtin_expf(row[c] - m) / s;
}

// layernorm: y = (x - mean) * rsqrt(var + eps) * gamma + beta, one row per block.
extern "C" __global__ void __launch_bounds__(64) layernorm_rows(const float *x, const float *gamma, const float *beta,
								float *y, int cols, float eps)
{
	__shared__ float red[64];
	const float *row = x + bid_x() * cols;
	float s = 0.0f;
	for (int c = tid_x(); c < cols; c += 64)
		s += row[c];
	float mean = block_sum<64>(s, red) / cols;
	float v = 0.0f;
	for (int c = tid_x(); c < cols; c += 64) {
		float d = row[c] - mean;
		v += d * d;
	}
	float inv = 1.0f / __builtin_sqrtf(block_sum<64>(v, red) / cols + eps);
	for (int c = tid_x(); c < cols; c += 64)
		y[bid_x() * cols + c] = (row[c] - mean) * inv * gamma[c] + beta[c];
}

// Tiled transpose through LDS with a padded tile (32 x 33): 32 x 8 threads.
extern "C" __global__ void transpose32(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[32][33];
	unsigned bx = bid_x() * 32, by = bid_y() * 32, tx = tid_x(), ty = tid_y();
	for (unsigned j = ty; j < 32; j += 8)
		if (by + j < (unsigned)rows && bx + tx < (unsigned)cols)
			tile[j][tx] = in[(by + j) * cols + bx + tx];
	sync_threads();
	for (unsigned j = ty; j < 32; j += 8)
		if (bx + j < (unsigned)cols && by + tx < (unsigned)rows)
			out[(bx + j) * rows + by + tx] = tile[tx][j];
}

// Dynamic shared memory (extern __shared__, sized at launch): reverse a block.
extern "C" __global__ void reverse_dynamic(const int *in, int *out)
{
	extern __shared__ int dyn[];
	unsigned t = tid_x(), n = bdim_x();
	dyn[t] = in[bid_x() * n + t];
	sync_threads();
	out[bid_x() * n + t] = dyn[n - 1 - t];
}

// Block-wide exclusive scan (Blelloch) in LDS, 256 threads.
extern "C" __global__ void __launch_bounds__(256) block_scan(const int *in, int *out)
{
	__shared__ int s[256];
	unsigned t = tid_x();
	s[t] = in[bid_x() * 256 + t];
	sync_threads();
	for (unsigned d = 1; d < 256; d <<= 1) {
		unsigned i = (t + 1) * 2 * d - 1;
		if (i < 256)
			s[i] += s[i - d];
		sync_threads();
	}
	if (t == 0)
		s[255] = 0;
	sync_threads();
	for (unsigned d = 128; d > 0; d >>= 1) {
		unsigned i = (t + 1) * 2 * d - 1;
		if (i < 256) {
			int x = s[i - d];
			s[i - d] = s[i];
			s[i] += x;
		}
		sync_threads();
	}
	out[bid_x() * 256 + t] = s[t];
}

// A template kernel instantiated for two types and two unroll factors; the
// host finds them by their mangled names.
template <typename T, int U> __global__ void scale_add(const T *x, T *y, T a, int n)
{
	unsigned base = (bid_x() * bdim_x() + tid_x()) * U;
#pragma unroll
	for (int u = 0; u < U; u++)
		if (base + u < (unsigned)n)
			y[base + u] = a * x[base + u] + y[base + u];
}
template __global__ void scale_add<float, 4>(const float *, float *, float, int);
template __global__ void scale_add<int, 2>(const int *, int *, int, int);

// gemv: y = A x, one wave per row, the wave's partial sums joined by shuffles.
extern "C" __global__ void gemv_wave_rows(const float *A, const float *x, float *y, int cols)
{
	unsigned row = gid_x() / 32, l = lane_id();
	float s = 0.0f;
	for (int c = l; c < cols; c += 32)
		s = __builtin_fmaf(A[row * cols + c], x[c], s);
	for (int m = 16; m > 0; m >>= 1)
		s += shfl_xor_f(s, m);
	if (l == 0)
		y[row] = s;
}

// Error path without printf: bad inputs set an error word (first error wins,
// by compare-and-swap) and the thread returns; good inputs are processed.
enum { ERR_NONE = 0, ERR_NEGATIVE = 1, ERR_NAN = 2 };
extern "C" __global__ void checked_sqrt(const float *x, float *y, int *err, int n)
{
	unsigned i = gid_x();
	if (i >= (unsigned)n)
		return;
	float v = x[i];
	int code = v != v ? ERR_NAN : v < 0.0f ? ERR_NEGATIVE : ERR_NONE;
	if (code != ERR_NONE) {
		int expected = ERR_NONE;
		__hip_atomic_compare_exchange_strong(err, &expected, code, __ATOMIC_RELAXED, __ATOMIC_RELAXED,
						     __HIP_MEMORY_SCOPE_AGENT);
		__hip_atomic_fetch_add(&err[1], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
		return;
	}
	y[i] = __builtin_sqrtf(v);
}
