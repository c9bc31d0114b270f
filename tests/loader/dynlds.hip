// reverse_dynamic: dynamic shared memory (extern __shared__), sized by the
// launch (hipModuleLaunchKernel's sharedMemBytes), after 64 bytes of static LDS.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
extern "C" __global__ void reverse_dynamic(int *buf, int n)
{
	extern __shared__ int dyn[];
	__shared__ int fixed[16];
	unsigned t = __builtin_amdgcn_workitem_id_x();
	if (t < 16)
		fixed[t] = (int)t;
	dyn[t] = buf[t];
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
	buf[t] = dyn[n - 1 - (int)t] + fixed[t % 16] - (int)(t % 16);
}
