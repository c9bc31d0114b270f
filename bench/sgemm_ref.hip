// A tiled SGEMM in HIP C++ with the design of rdna3gen's sgemm presets, for
// bench/gen_time: how long clang takes to turn the equivalent source into
// code for the target (isa/targets.def).  Row-major C = alpha*A*B + beta*C (layout NN), any M, N, K:
// LDS tiles As[BK][BM+PAD_A] (A transposed on the way in) and Bs[BK][BN+PAD_B],
// a TM x TN thread tile repeated RM x RN times in the wave tile, optional
// prefetch of the next tile into registers.  Configured with -D (defaults: k5).
// Built without the HIP headers (-nogpulib), so only compiler builtins are used.
#ifndef BM
#define BM 128
#define BN 128
#define BK 8
#define TM 4
#define TN 4
#define WAVES_M 4
#define WAVES_N 1
#define LANES_M 4
#define LANES_N 8
#define PAD_A 4
#define PAD_B 0
#define PREFETCH 1
#endif

#define THREADS (WAVES_M * WAVES_N * 32)
#define WM (BM / WAVES_M)
#define WN (BN / WAVES_N)
#define RM (WM / (LANES_M * TM))
#define RN (WN / (LANES_N * TN))
#define A_LOADS (BM * BK / THREADS)
#define B_LOADS (BN * BK / THREADS)

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
typedef unsigned int u32;
typedef unsigned long u64;

static __device__ inline void sync_threads(void)
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

static __device__ inline void load_tile(const float *A, const float *B, u32 M, u32 N, u32 K, u32 lda,
					u32 ldb, u32 m0, u32 n0, u32 k0, u32 t, float *ra, float *rb)
{
	for (int i = 0; i < A_LOADS; i++) {
		u32 e = t + i * THREADS, r = e / BK, k = e % BK;
		ra[i] = (m0 + r < M && k0 + k < K) ? A[(u64)(m0 + r) * lda + k0 + k] : 0.0f;
	}
	for (int i = 0; i < B_LOADS; i++) {
		u32 e = t + i * THREADS, k = e / BN, c = e % BN;
		rb[i] = (n0 + c < N && k0 + k < K) ? B[(u64)(k0 + k) * ldb + n0 + c] : 0.0f;
	}
}

static __device__ inline void store_tile(float (*As)[BM + PAD_A], float (*Bs)[BN + PAD_B], u32 t,
					 const float *ra, const float *rb)
{
	for (int i = 0; i < A_LOADS; i++) {
		u32 e = t + i * THREADS;
		As[e % BK][e / BK] = ra[i];
	}
	for (int i = 0; i < B_LOADS; i++) {
		u32 e = t + i * THREADS;
		Bs[e / BN][e % BN] = rb[i];
	}
}

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(THREADS, THREADS)))
void sgemm(const float *A, const float *B, float *C, u32 M, u32 N, u32 K, u32 lda, u32 ldb,
	   u32 ldc, float alpha, float beta)
{
	__shared__ float As[BK][BM + PAD_A];
	__shared__ float Bs[BK][BN + PAD_B];
	u32 t = __builtin_amdgcn_workitem_id_x();
	u32 m0 = __builtin_amdgcn_workgroup_id_y() * BM, n0 = __builtin_amdgcn_workgroup_id_x() * BN;
	u32 wave = t / 32, lane = t % 32;
	u32 row0 = (wave / WAVES_N) * WM + (lane / LANES_N) * TM;
	u32 col0 = (wave % WAVES_N) * WN + (lane % LANES_N) * TN;
	float acc[RM * TM][RN * TN] = {};
	float a[RM * TM], b[RN * TN], ra[A_LOADS], rb[B_LOADS];
	u32 tiles = (K + BK - 1) / BK;

	load_tile(A, B, M, N, K, lda, ldb, m0, n0, 0, t, ra, rb);
	store_tile(As, Bs, t, ra, rb);
	sync_threads();
	for (u32 tile = 0; tile < tiles; tile++) {
		if (PREFETCH && tile + 1 < tiles)
			load_tile(A, B, M, N, K, lda, ldb, m0, n0, (tile + 1) * BK, t, ra, rb);
		for (int k = 0; k < BK; k++) {
			for (int i = 0; i < RM; i++)
				for (int ii = 0; ii < TM; ii++)
					a[i * TM + ii] = As[k][row0 + i * LANES_M * TM + ii];
			for (int j = 0; j < RN; j++)
				for (int jj = 0; jj < TN; jj++)
					b[j * TN + jj] = Bs[k][col0 + j * LANES_N * TN + jj];
			for (int r = 0; r < RM * TM; r++)
				for (int q = 0; q < RN * TN; q++)
					acc[r][q] += a[r] * b[q];
		}
		if (tile + 1 < tiles) {
			if (!PREFETCH)
				load_tile(A, B, M, N, K, lda, ldb, m0, n0, (tile + 1) * BK, t, ra, rb);
			sync_threads();
			store_tile(As, Bs, t, ra, rb);
			sync_threads();
		}
	}
	for (int r = 0; r < RM * TM; r++) {
		u32 row = m0 + row0 + (r / TM) * LANES_M * TM + r % TM;
		if (row >= M)
			continue;
		for (int q = 0; q < RN * TN; q++) {
			u32 col = n0 + col0 + (q / TN) * LANES_N * TN + q % TN;
			if (col >= N)
				continue;
			float c = alpha * acc[r][q];
			if (beta != 0.0f)
				c += beta * C[(u64)row * ldc + col];
			C[(u64)row * ldc + col] = c;
		}
	}
}
