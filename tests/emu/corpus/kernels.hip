// Ordinary HIP kernels: tests/emu/isa_corpus.sh compiles them with clang-19 at -O0 and -O3
// and checks that every instruction clang emits decodes and prints as llvm-objdump prints it.
// The work-item builtins and attributes HIP's headers would provide are spelled out.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
typedef unsigned int uint;
typedef float float4_t __attribute__((ext_vector_type(4)));
typedef _Float16 half2_t __attribute__((ext_vector_type(2)));
static __device__ inline uint tidy() { return __builtin_amdgcn_workitem_id_y(); }
static __device__ inline uint tid() { return __builtin_amdgcn_workitem_id_x(); }
static __device__ inline uint bid() { return __builtin_amdgcn_workgroup_id_x(); }
static __device__ inline void sync() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
extern "C" __global__ void saxpy(float *y, const float *x, float a, int n) {
  int i = bid() * 256 + tid();
  if (i < n) y[i] = a * x[i] + y[i];
}
extern "C" __global__ void reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  uint t = tid(); int i = bid() * 512 + t;
  float v = 0.f;
  if (i < n) v = in[i];
  if (i + 256 < n) v += in[i + 256];
  s[t] = v; sync();
  for (uint k = 128; k > 0; k >>= 1) { if (t < k) s[t] += s[t + k]; sync(); }
  if (t == 0) out[bid()] = s[0];
}
extern "C" __global__ void idiv(int *o, const int *a, const int *b, const unsigned *c, const unsigned *d, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  o[4*i] = a[i] / b[i];
  o[4*i+1] = a[i] % b[i];
  o[4*i+2] = c[i] / d[i];
  o[4*i+3] = c[i] % d[i];
}
extern "C" __global__ void fmath(float *o, const float *a, const float *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  float x = a[i], y = b[i];
  o[8*i] = x / y;
  o[8*i+1] = __builtin_sqrtf(x);
  o[8*i+2] = __builtin_fabsf(x) + __builtin_fminf(x, y) * __builtin_fmaxf(x, y);
  o[8*i+3] = __builtin_floorf(x) + __builtin_ceilf(y) + __builtin_truncf(x) + __builtin_rintf(y);
  o[8*i+4] = (float)(int)x + (float)(unsigned)y;
  o[8*i+5] = x < y ? x : __builtin_copysignf(y, x);
  o[8*i+6] = __builtin_fmaf(x, y, 1.0f);
  o[8*i+7] = __builtin_amdgcn_rsqf(x) + __builtin_amdgcn_rcpf(y);
}
extern "C" __global__ void bits(uint *o, const uint *a, const uint *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  uint x = a[i], y = b[i];
  o[8*i] = (x << (y & 31)) | (x >> 3);
  o[8*i+1] = (x >> 8) & 0xff;
  o[8*i+2] = __builtin_popcount(x) + __builtin_clz(y | 1) + __builtin_ctz(x | 0x80000000u);
  o[8*i+3] = ((int)x >> 5) ^ y;
  o[8*i+4] = x * y + (uint)(((unsigned long long)x * y) >> 32);
  o[8*i+5] = x > y ? x - y : y - x;
  o[8*i+6] = (x & 0xffffff) * (y & 0xffffff) + x;
  o[8*i+7] = ((x << 4) + y) + (x | (y << 16));
}
extern "C" __global__ void wide(unsigned long long *o, const unsigned long long *a, long long n) {
  long long i = (long long)bid() * 64 + tid();
  if (i >= n) return;
  unsigned long long x = a[i];
  o[i] = x * 3 + (x >> 7) + (x << 2) + (unsigned long long)((long long)x >> 9);
}
extern "C" __global__ void atom(int *c, float *f, const int *a, int n) {
  int i = bid() * 64 + tid();
  if (i < n) { __hip_atomic_fetch_add(c, a[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); __hip_atomic_fetch_add(f, 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); }
}
extern "C" __global__ void loop2d(float *c, const float *a, const float *b, int n) {
  __shared__ float as[16][17], bs[16][17];
  uint tx = tid() & 15, ty = tid() >> 4;
  uint row = __builtin_amdgcn_workgroup_id_y() * 16 + ty, col = bid() * 16 + tx;
  float acc = 0;
  for (int k = 0; k < n; k += 16) {
    as[ty][tx] = a[row * n + k + tx];
    bs[ty][tx] = b[(k + ty) * n + col];
    sync();
    for (int kk = 0; kk < 16; kk++) acc += as[ty][kk] * bs[kk][tx];
    sync();
  }
  c[row * n + col] = acc;
}
extern "C" __global__ void shfl(int *o, const int *a) {
  uint t = tid();
  int v = a[t];
  v += __builtin_amdgcn_ds_bpermute(((t + 1) & 31) << 2, v);
  v += __builtin_amdgcn_readfirstlane(v);
  o[t] = v + __builtin_amdgcn_mbcnt_lo(~0u, 0);
}
__device__ __attribute__((noinline)) float helper(float *p, int k) {
  float s = 0; for (int i = 0; i < k; i++) s += p[i] * p[i]; return s;
}
extern "C" __global__ void calls(float *o, const float *a, int n) {
  float priv[32];
  int t = tid();
  for (int i = 0; i < 32; i++) priv[i] = a[(t + i) % n];
  o[t] = helper(priv, n & 31) + priv[(t * 7) & 31];
}
extern "C" __global__ void dbl(double *o, const double *a, const double *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  double x = a[i], y = b[i];
  o[4*i] = x * y + x;
  o[4*i+1] = x / y;
  o[4*i+2] = __builtin_sqrt(x);
  o[4*i+3] = (double)(float)x + (double)i + x < y ? 1.0 : 2.0;
}
extern "C" __global__ void half(_Float16 *o, const _Float16 *a, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  _Float16 x = a[i];
  o[i] = x * x + (_Float16)1.0f;
}
extern "C" __global__ void sw(int *o, const int *a, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  int r;
  switch (a[i] & 7) { case 0: r = 5; break; case 1: r = a[i] * 3; break; case 2: r = -a[i]; break; case 3: r = a[i] >> 2; break; default: r = 0; }
  int k = 0; while (r > 1) { r = (r & 1) ? 3 * r + 1 : r / 2; k++; }
  o[i] = k;
}
extern "C" __global__ void bytes(unsigned char *o, const unsigned short *a, const signed char *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  o[i] = (unsigned char)(a[i] + b[i]);
  ((short*)o)[n + i] = (short)(a[i] * b[i]);
}
struct f4 { float x, y, z, w; };
extern "C" __global__ void sgemm(const float *A, const float *B, float *C, int N, float alpha, float beta) {
  __shared__ float As[8][128 + 4];
  __shared__ float Bs[8][128 + 4];
  uint t = tid();
  uint bx = bid(), by = __builtin_amdgcn_workgroup_id_y();
  float acc[8][8] = {};
  for (int k0 = 0; k0 < N; k0 += 8) {
    for (int l = t; l < 8 * 128; l += 256) {
      int r = l / 8, c = l % 8;
      As[c][r] = A[(by * 128 + r) * N + k0 + c];
      Bs[l / 128][l % 128] = B[(k0 + l / 128) * N + bx * 128 + l % 128];
    }
    sync();
#pragma unroll
    for (int k = 0; k < 8; k++) {
      float a[8], b[8];
#pragma unroll
      for (int i = 0; i < 8; i++) { a[i] = As[k][(t / 16) * 8 + i]; b[i] = Bs[k][(t % 16) * 8 + i]; }
#pragma unroll
      for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] += a[i] * b[j];
    }
    sync();
  }
  for (int i = 0; i < 8; i++) for (int j = 0; j < 8; j++) {
    uint r = by * 128 + (t / 16) * 8 + i, c = bx * 128 + (t % 16) * 8 + j;
    C[r * N + c] = alpha * acc[i][j] + beta * C[r * N + c];
  }
}
extern "C" __global__ void minmax(int *o, const int *a, const unsigned *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  int x = a[i]; unsigned y = b[i];
  o[i] = (x < 0 ? -x : x) + (x > 5 ? x : 5) + (int)(y < 9u ? y : 9u) + (x < -3 ? x : -3) + (int)(y > 100u ? y : 100u) + (int)(y % 3 == 0) ;
}
extern "C" __global__ void wave(uint *o, const float *a, int n) {
  uint t = tid();
  float x = a[t];
  uint b = __builtin_amdgcn_ballot_w32(x > 0.5f);
  o[t] = __builtin_popcount(b) + __builtin_ctz(b | 0x80000000u) + __builtin_amdgcn_readlane((int)x, 3)
       + __builtin_amdgcn_ds_swizzle((int)x, 0x041f);
}
extern "C" __global__ void ldsatom(int *o, float *f, const int *a, int n) {
  __shared__ int hist[64];
  __shared__ float fs[64];
  uint t = tid();
  if (t < 64) { hist[t] = 0; fs[t] = 0; }
  sync();
  int v = a[bid() * 256 + t];
  __hip_atomic_fetch_add(&hist[v & 63], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hip_atomic_fetch_add(&fs[v & 63], 0.5f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  int old = __hip_atomic_fetch_max(&hist[(v >> 6) & 63], v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  sync();
  if (t < 64) { o[bid() * 64 + t] = hist[t] + old; f[bid() * 64 + t] = fs[t]; }
}
extern "C" __global__ void trans(float *o, const float *a, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  float x = a[i];
  o[i] = __builtin_expf(x) + __builtin_logf(x + 2.f) + __builtin_sinf(x) * __builtin_cosf(x) + __builtin_exp2f(x) + __builtin_log2f(x + 1.f) + __builtin_powf(x, 1.5f);
}
extern "C" __global__ void clampsel(float *o, int *p, const float *a, const int *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  float x = a[i]; int y = b[i];
  o[i] = __builtin_fminf(__builtin_fmaxf(x, 0.f), 1.f) + (x != x ? 1.f : 0.f) + __builtin_fmaf(x, x, -x);
  int m = y < 0 ? 0 : (y > 255 ? 255 : y);
  p[i] = m + y / 7 + (int)((unsigned)y / 13u) + (y % 10) + (int)(char)y + (int)(short)(y >> 3);
}
extern "C" __global__ void narrow(unsigned char *o, const unsigned char *a, const short *b, const unsigned short *c, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  o[i] = a[i] + (unsigned char)b[i] + (unsigned char)(c[i] >> 8);
}
extern "C" __global__ void mul64(long long *o, const long long *a, const long long *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  o[i] = a[i] * b[i] + a[i] / 3 + (a[i] < b[i] ? a[i] : b[i]);
}
extern "C" __global__ void rowsum(float *o, const float *a, int cols) {
  int r = bid();
  float s = 0;
  for (int c = tid(); c < cols; c += 64) s += a[r * cols + c];
  for (int off = 16; off > 0; off >>= 1) s += __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute((int)((tid() ^ off) << 2), __builtin_bit_cast(int, s)));
  if ((tid() & 31) == 0) __hip_atomic_fetch_add(&o[r], s, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
extern "C" __global__ void transpose(float *o, const float *a, int w, int h) {
  __shared__ float t[32][33];
  uint x = bid() * 32 + tid(), y = __builtin_amdgcn_workgroup_id_y() * 32 + tidy();
  if (x < (uint)w && y < (uint)h) t[tidy()][tid()] = a[y * w + x];
  sync();
  x = __builtin_amdgcn_workgroup_id_y() * 32 + tid(); y = bid() * 32 + tidy();
  if (x < (uint)h && y < (uint)w) o[y * h + x] = t[tid()][tidy()];
}
extern "C" __global__ void scan(int *o, const int *a) {
  __shared__ int s[2][256];
  uint t = tid(); int p = 0;
  s[0][t] = a[bid() * 256 + t]; sync();
  for (uint off = 1; off < 256; off <<= 1) {
    s[1 - p][t] = s[p][t] + (t >= off ? s[p][t - off] : 0);
    p = 1 - p; sync();
  }
  o[bid() * 256 + t] = s[p][t];
}
extern "C" __global__ void bitonic(float *d, int j, int k) {
  uint i = bid() * 256 + tid(), ixj = i ^ j;
  if (ixj > i) {
    float a = d[i], b = d[ixj];
    if (((i & k) == 0 && a > b) || ((i & k) != 0 && a < b)) { d[i] = b; d[ixj] = a; }
  }
}
extern "C" __global__ void hist(uint *h, const unsigned char *p, int n) {
  __shared__ uint lh[256];
  uint t = tid(); lh[t] = 0; sync();
  for (int i = bid() * 256 + t; i < n; i += 256 * 64) __hip_atomic_fetch_add(&lh[p[i]], 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  sync();
  __hip_atomic_fetch_add(&h[t], lh[t], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
extern "C" __global__ void conv(float4_t *o, const float4_t *a, const float *k, int n) {
  int i = bid() * 64 + tid();
  if (i >= n - 2) return;
  float4_t r = a[i] * k[0] + a[i + 1] * k[1] + a[i + 2] * k[2];
  o[i] = r;
}
extern "C" __global__ void ddot(double *o, const double *a, const double *b, int n) {
  double s = 0;
  for (int i = tid(); i < n; i += 64) s += a[i] * b[i];
  __hip_atomic_fetch_add(o, s, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
extern "C" __global__ void h2(half2_t *o, const half2_t *a, const half2_t *b, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  half2_t x = a[i], y = b[i];
  o[i] = x * y + x - y;
}
extern "C" __global__ void atom64(unsigned long long *c, long long *m, const long long *a, int n) {
  int i = bid() * 64 + tid();
  if (i < n) { __hip_atomic_fetch_add(c, 1ull, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); __hip_atomic_fetch_max(m, a[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); __hip_atomic_exchange(m + 1, a[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT); }
}
extern "C" __global__ void vote(uint *o, const int *a) {
  uint t = tid();
  int v = a[t];
  uint all = __builtin_amdgcn_ballot_w32(v > 0) == __builtin_amdgcn_read_exec_lo();
  uint any = __builtin_amdgcn_ballot_w32(v < 0) != 0;
  o[t] = all * 2 + any + __builtin_ffs(v) + __builtin_clrsb(v) + __builtin_parity(v);
}
extern "C" __global__ void fastm(float *o, const float *a, int n) {
  int i = bid() * 64 + tid();
  if (i >= n) return;
  float x = a[i];
  o[i] = x / 3.0f + 1.0f / x + __builtin_sqrtf(x) / x + __builtin_expf(-x * x);
}
extern "C" __global__ void clocks(uint *o, unsigned long long *t) {
  uint x = tid();
  unsigned long long c0 = __builtin_readcyclecounter();
  unsigned long long r0 = __builtin_amdgcn_s_sendmsg_rtnl(0x83);
  o[x] = __builtin_amdgcn_workgroup_size_x() * bid() + x + __builtin_amdgcn_grid_size_x();
  __builtin_amdgcn_s_sleep(2);
  t[x] = __builtin_readcyclecounter() - c0 + r0 + __builtin_amdgcn_s_getreg(0xf801);
}
