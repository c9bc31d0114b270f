// The HIP C++ equivalent of `rdna3gen hgemm --preset best` (layout NN, f16 in,
// f32 out; M, N multiples of 128 and K of 16 here): 4 waves per workgroup, each
// wave 4x4 WMMA tiles of 16x16, fragments read straight from global memory.
// Grid (N/128, M/128) of 128 threads.  tests/corpus/hgemm_test.c checks it on
// the emulator; docs/hgemm.md sets its register-bank report beside the best
// preset's; bench/hgemm.sh times it.
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));
extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(128, 128)))
void hgemm_ref(const _Float16 *A, const _Float16 *B, float *C, unsigned M, unsigned N, unsigned K,
	       unsigned lda, unsigned ldb, unsigned ldc, float alpha, float beta)
{
	unsigned tid = __builtin_amdgcn_workitem_id_x(), lane = tid % 16, half = (tid / 16) % 2, w = tid / 32;
	unsigned m0 = __builtin_amdgcn_workgroup_id_y() * 128 + (w / 2) * 64;
	unsigned n0 = __builtin_amdgcn_workgroup_id_x() * 128 + (w % 2) * 64;
	float8 acc[4][4] = {};
	for (unsigned k0 = 0; k0 < K; k0 += 16) {
		half16 a[4], b[4];
		for (int t = 0; t < 4; t++)
			for (int e = 0; e < 16; e++) {
				a[t][e] = A[(m0 + 16 * t + lane) * lda + k0 + e];
				b[t][e] = B[(k0 + e) * ldb + n0 + 16 * t + lane];
			}
		for (int i = 0; i < 4; i++)
			for (int j = 0; j < 4; j++)
				acc[i][j] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[i], b[j], acc[i][j]);
	}
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			for (int e = 0; e < 8; e++) {
				float *c = &C[(m0 + 16 * i + 2 * e + half) * ldc + n0 + 16 * j + lane];
				*c = alpha * acc[i][j][e] + (beta != 0.0f ? beta * *c : 0.0f);
			}
}
