// HIP-style kernels for the emulator test, compiled unmodified by
// clang-19 -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -O2 (WGP mode).
// There are no HIP headers, so the few work-item builtins are spelled out here.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

__device__ static inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ static inline unsigned bid_x() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ static inline unsigned bdim_x()
{
	// AQL dispatch packet: workgroup_size_x is the u16 at byte 4
	const unsigned short *p = (const unsigned short *)__builtin_amdgcn_dispatch_ptr();
	return p[2];
}
__device__ static inline void sync_threads()
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

extern "C" __global__ void saxpy_div(const float *x, float *y, const float *d, int n, float a)
{
	int i = bid_x() * bdim_x() + tid_x();
	if (i < n) {
		float v = a * x[i] + y[i];
		y[i] = (v > 10.0f ? 10.0f : v) / d[i];
	}
}

extern "C" __global__ void block_sum(const float *x, float *out, int n)
{
	__shared__ float part[256];
	unsigned t = tid_x(), i = bid_x() * bdim_x() + t;
	part[t] = i < (unsigned)n ? x[i] : 0.0f;
	sync_threads();
	for (unsigned s = bdim_x() / 2; s > 0; s >>= 1) {
		if (t < s)
			part[t] += part[t + s];
		sync_threads();
	}
	if (t == 0)
		out[bid_x()] = part[0];
}

extern "C" __global__ void int_mix(const int *a, long long *out, int n)
{
	int i = bid_x() * bdim_x() + tid_x();
	if (i >= n)
		return;
	int v = a[i];
	long long w = (long long)v * 1000003 + (v / 7) - (v % 13) + (unsigned)v / 3u;
	out[i] = w ^ ((long long)i << 33);
}

// A private array indexed at run time: scratch, reached through flat
// instructions and the private aperture (src_private_base).
extern "C" __global__ void private_table(const int *idx, int *out, int n)
{
	int t = bid_x() * bdim_x() + tid_x();
	volatile int tab[24];
	for (int i = 0; i < 24; i++)
		tab[i] = i * t;
	if (t < n)
		out[t] = tab[(unsigned)idx[t] % 24u];
}
