// Reference GEMM kernels compiled from HIP C++ (not by rdna3gen), for testing
// rdna3run --gemm independently of the generator.  Row-major
// C = alpha * A * B + beta * C; one work-item per element, 64 per workgroup
// along x (columns); grid (ceil(N/64), M).  sgemm_off_by_one is deliberately
// wrong in one element so that --check must fail.
#define __global__ __attribute__((global))
typedef unsigned int u32;

static __attribute__((device)) void gemm(const float *A, const float *B, float *C, u32 M, u32 N,
					 u32 K, u32 lda, u32 ldb, u32 ldc, float alpha, float beta,
					 int poison)
{
	u32 col = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
	u32 row = __builtin_amdgcn_workgroup_id_y();
	if (row >= M || col >= N)
		return;
	float acc = 0.0f;
	for (u32 k = 0; k < K; k++)
		acc += A[(unsigned long)row * lda + k] * B[(unsigned long)k * ldb + col];
	float c = alpha * acc;
	if (beta != 0.0f)
		c += beta * C[(unsigned long)row * ldc + col];
	if (poison && row == M / 2 && col == N / 2)
		c += 0.001f * (c == 0.0f ? 1.0f : c);
	C[(unsigned long)row * ldc + col] = c;
}

extern "C" __global__ void sgemm_ref(const float *A, const float *B, float *C, u32 M, u32 N, u32 K,
				     u32 lda, u32 ldb, u32 ldc, float alpha, float beta)
{
	gemm(A, B, C, M, N, K, lda, ldb, ldc, alpha, beta, 0);
}

extern "C" __global__ void sgemm_off_by_one(const float *A, const float *B, float *C, u32 M, u32 N,
					    u32 K, u32 lda, u32 ldb, u32 ldc, float alpha, float beta)
{
	gemm(A, B, C, M, N, K, lda, ldb, ldc, alpha, beta, 1);
}
