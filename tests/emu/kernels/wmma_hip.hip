// A 16x16x16 f16 product through clang's WMMA builtin, for tests/emu/wmma_test.c:
// the operand layout the compiler assumes, run on the emulator.  A row-major and
// B column-major f16 16x16 (so each fragment is one contiguous 32-byte vector),
// C row-major f32 16x16, read and written: C = A x B + C.
// -nogpulib: no device library, so the lane id comes from the builtin.
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
typedef float float8 __attribute__((ext_vector_type(8)));
extern "C" __global__ void wmma_f32_f16(const half16 *a, const half16 *bt, float *c)
{
	unsigned tid = __builtin_amdgcn_workitem_id_x(), lane = tid % 16, half = tid / 16;
	half16 af = a[lane];  // row `lane` of A
	half16 bf = bt[lane]; // column `lane` of B
	float8 cf;
	for (int e = 0; e < 8; e++)
		cf[e] = c[16 * (2 * e + half) + lane];
	cf = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(af, bf, cf);
	for (int e = 0; e < 8; e++)
		c[16 * (2 * e + half) + lane] = cf[e];
}
