// Two dependent WMMAs, for the WMMA hazard test (tests/emu/wmma_test.c): the
// second reads the first's f16 D as A (wmma_chain_a) or as B (wmma_chain_b).
// LLVM's gfx11 hazard recognizer puts a v_nop between them; the test checks
// that it does, that the emulator runs the result clean, and that it stops
// the same code with the v_nop taken out.  a[r] is row r of A, b[n] column n
// of B, c[n] column n of C (f16 D form: element 2j of lane n is C(2j, n) and
// C(2j+1, n)); out[lane] is each lane's D fragment.
#define __global__ __attribute__((global))
typedef _Float16 half16 __attribute__((ext_vector_type(16)));
extern "C" __global__ void wmma_chain_a(const half16 *a, const half16 *b, const half16 *c, half16 *out)
{
	unsigned tid = __builtin_amdgcn_workitem_id_x(), lane = tid % 16;
	half16 d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a[lane], b[lane], c[lane], false);
	out[tid] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(d, b[lane], c[lane], false);
}
extern "C" __global__ void wmma_chain_b(const half16 *a, const half16 *b, const half16 *c, half16 *out)
{
	unsigned tid = __builtin_amdgcn_workitem_id_x(), lane = tid % 16;
	half16 d = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a[lane], b[lane], c[lane], false);
	out[tid] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32(a[lane], d, c[lane], false);
}
