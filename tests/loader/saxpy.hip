// saxpy: a kernel compiled from HIP C++ (no device library), 64 threads per block.
#define __global__ __attribute__((global))
extern "C" __global__ void saxpy(float *y, const float *x, float a, int count)
{
	int i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
	if (i < count)
		y[i] = a * x[i] + y[i];
}

// scale: reads its block size from the hidden arguments (code object v5).
extern "C" __global__ void scale(float *y, float a, int count)
{
	int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
		__builtin_amdgcn_workitem_id_x();
	if (i < count)
		y[i] *= a;
}
