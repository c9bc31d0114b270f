// Global-memory races between workgroups (rdna3run --checks ...,global-race),
// and kernels of the same shapes without one.  Grid 4 workgroups of 32.
#define __global__ __attribute__((global))
#define TID __builtin_amdgcn_workitem_id_x()
#define WG __builtin_amdgcn_workgroup_id_x()

// every workgroup writes out[0..31]: a write-write race
extern "C" __global__ void race_ww(int *out) { out[TID] = (int)WG; }
// workgroup 1 reads what workgroup 0 writes: a read-write race
extern "C" __global__ void race_rw(int *buf)
{
	if (WG == 0)
		buf[TID] = 7;
	else if (WG == 1)
		buf[32 + TID] = buf[TID];
}
// disjoint outputs, a shared read-only input, and an atomic counter: no race
extern "C" __global__ void norace(const int *in, int *out, int *count)
{
	out[WG * 32 + TID] = in[TID] + (int)WG;
	__atomic_fetch_add(count, 1, __ATOMIC_RELAXED);
}
// one workgroup reads and writes its own elements: no race
extern "C" __global__ void norace_rmw(int *buf) { buf[WG * 32 + TID] += 1; }
