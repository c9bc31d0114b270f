// Device-side helpers for the corpus kernels: what HIP's headers would provide,
// spelled with clang builtins so the kernels build with -nogpulib and no headers
// (clang-19 and clang-22 alike).  Kernels are wave32 (gfx1100's default).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __launch_bounds__(n) __attribute__((amdgpu_flat_work_group_size(1, n)))

__device__ static inline unsigned tid_x() { return __builtin_amdgcn_workitem_id_x(); }
__device__ static inline unsigned tid_y() { return __builtin_amdgcn_workitem_id_y(); }
__device__ static inline unsigned bid_x() { return __builtin_amdgcn_workgroup_id_x(); }
__device__ static inline unsigned bid_y() { return __builtin_amdgcn_workgroup_id_y(); }
// blockDim from the AQL dispatch packet (workgroup_size_x/y are u16 at bytes 4, 6)
__device__ static inline unsigned bdim_x() { return ((const unsigned short *)__builtin_amdgcn_dispatch_ptr())[2]; }
__device__ static inline unsigned bdim_y() { return ((const unsigned short *)__builtin_amdgcn_dispatch_ptr())[3]; }
__device__ static inline unsigned gid_x() { return bid_x() * bdim_x() + tid_x(); }
__device__ static inline unsigned lane_id() { return __builtin_amdgcn_mbcnt_lo(~0u, 0u); }
__device__ static inline void sync_threads()
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__device__ static inline int as_int(float f) { return __builtin_bit_cast(int, f); }
__device__ static inline float as_float(int i) { return __builtin_bit_cast(float, i); }
// HIP's __shfl_xor / __shfl_down / __shfl_up / __shfl on a 32-lane wave: ds_bpermute
__device__ static inline int shfl(int v, int src) { return __builtin_amdgcn_ds_bpermute(src << 2, v); }
__device__ static inline int shfl_xor(int v, int m) { return shfl(v, (int)lane_id() ^ m); }
__device__ static inline int shfl_down(int v, unsigned d)
{
	unsigned l = lane_id();
	return shfl(v, (int)(l + d < 32 ? l + d : l));
}
__device__ static inline int shfl_up(int v, unsigned d)
{
	unsigned l = lane_id();
	return shfl(v, (int)(l >= d ? l - d : l));
}
__device__ static inline float shfl_xor_f(float v, int m) { return as_float(shfl_xor(as_int(v), m)); }
__device__ static inline float shfl_down_f(float v, unsigned d) { return as_float(shfl_down(as_int(v), d)); }
