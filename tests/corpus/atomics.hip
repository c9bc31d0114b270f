// Atomics as real code uses them: global counters, float accumulation,
// min/max, compare-and-swap loops, LDS-privatized histograms, ticket slots.
#include "common.h"

// Count of elements per bucket (value mod 16) with global atomicAdd.
extern "C" __global__ void count_buckets(const int *in, int *count, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		__hip_atomic_fetch_add(&count[(unsigned)in[i] % 16u], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Float sum with global atomicAdd (global_atomic_add_f32); the inputs are small
// integers, so every order of the additions gives the same sum.
extern "C" __global__ void atomic_fsum(const float *in, float *sum, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		__hip_atomic_fetch_add(sum, in[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Global min and max of ints.
extern "C" __global__ void atomic_minmax(const int *in, int *mm, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		__hip_atomic_fetch_min(&mm[0], in[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
		__hip_atomic_fetch_max(&mm[1], in[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
	}
}

// Float max through a compare-and-swap loop (how HIP code did it before
// hardware float min/max atomics).
extern "C" __global__ void cas_fmax(const float *in, float *out, int n)
{
	unsigned i = gid_x();
	if (i >= (unsigned)n)
		return;
	float v = in[i];
	int *p = (int *)out;
	int old = __hip_atomic_load(p, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
	while (as_float(old) < v) {
		int seen = old;
		if (__hip_atomic_compare_exchange_strong(p, &seen, as_int(v), __ATOMIC_RELAXED, __ATOMIC_RELAXED,
							 __HIP_MEMORY_SCOPE_AGENT))
			break;
		old = seen;
	}
}

// Histogram of bytes: per-workgroup LDS histogram with LDS atomics, then one
// global atomicAdd per bin and workgroup.
extern "C" __global__ void histogram256(const unsigned char *in, unsigned *hist, int n)
{
	__shared__ unsigned local[256];
	unsigned t = tid_x();
	for (unsigned b = t; b < 256; b += bdim_x())
		local[b] = 0;
	sync_threads();
	for (unsigned i = gid_x(); i < (unsigned)n; i += bdim_x() * 4u /* grid of 4 */)
		__hip_atomic_fetch_add(&local[in[i]], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
	sync_threads();
	for (unsigned b = t; b < 256; b += bdim_x())
		if (local[b])
			__hip_atomic_fetch_add(&hist[b], local[b], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// Each element takes a ticket (atomic increment) and writes itself to that slot:
// the output is a permutation of the input.
extern "C" __global__ void ticket_slots(const int *in, int *out, unsigned *next, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		unsigned slot = __hip_atomic_fetch_add(next, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
		out[slot] = in[i];
	}
}

// 64-bit atomics: a sum of 64-bit values and an exchange.
extern "C" __global__ void atomic_u64(const unsigned long long *in, unsigned long long *acc, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		__hip_atomic_fetch_add(&acc[0], in[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
	if (i == 0)
		__hip_atomic_exchange(&acc[1], 0x123456789abcdefull, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
