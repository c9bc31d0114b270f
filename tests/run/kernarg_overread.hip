// Kernels whose argument loads read past the end of their kernarg segment, as
// clang compiles them for gfx1100: arguments are loaded in 16- and 32-byte
// s_load pieces, so a segment whose size is not a multiple of the piece is
// over-read (12 -> 16, 20 -> 24, 28 -> 32, 36 -> 40, 44 -> 48, 56 and 60 -> 64
// with clang-19 and clang-22; 4 and 64 are read exactly).  A runtime hands the
// kernel a larger buffer, so these are correct kernels.  The ones without an
// output trap unless argument i holds the value i.
#define __global__ __attribute__((global))
#define TID __builtin_amdgcn_workitem_id_x()
#define TRAP_UNLESS(c)                  \
	do {                            \
		if (!(c))               \
			__builtin_trap(); \
	} while (0)
typedef int i;

extern "C" __global__ void ka4(i a1) { TRAP_UNLESS(a1 == 1); }
extern "C" __global__ void ka12(i a1, i a2, i a3) { TRAP_UNLESS(a1 == 1 && a2 == 2 && a3 == 3); }
extern "C" __global__ void ka20(i *out, i a1, i a2, i a3) { out[TID] = a1 + 10 * a2 + 100 * a3; }
extern "C" __global__ void ka28(i a1, i a2, i a3, i a4, i a5, i a6, i a7)
{
	TRAP_UNLESS(a1 == 1 && a2 == 2 && a3 == 3 && a4 == 4 && a5 == 5 && a6 == 6 && a7 == 7);
}
// The shape of the seed study's kernels: (float*, float*, float*, int, float, float).
extern "C" __global__ void ka36(const float *x, const float *y, float *z, i n, float al, float be)
{
	i k = TID;
	if (k < n)
		z[k] = al * x[k] + be * y[k];
}
extern "C" __global__ void ka44(i a1, i a2, i a3, i a4, i a5, i a6, i a7, i a8, i a9, i a10, i a11)
{
	TRAP_UNLESS(a1 == 1 && a2 == 2 && a3 == 3 && a4 == 4 && a5 == 5 && a6 == 6 && a7 == 7 && a8 == 8 &&
		    a9 == 9 && a10 == 10 && a11 == 11);
}
extern "C" __global__ void ka56(i a1, i a2, i a3, i a4, i a5, i a6, i a7, i a8, i a9, i a10, i a11, i a12,
				i a13, i a14)
{
	TRAP_UNLESS(a1 == 1 && a2 == 2 && a3 == 3 && a4 == 4 && a5 == 5 && a6 == 6 && a7 == 7 && a8 == 8 &&
		    a9 == 9 && a10 == 10 && a11 == 11 && a12 == 12 && a13 == 13 && a14 == 14);
}
extern "C" __global__ void ka60(i a1, i a2, i a3, i a4, i a5, i a6, i a7, i a8, i a9, i a10, i a11, i a12,
				i a13, i a14, i a15)
{
	TRAP_UNLESS(a1 == 1 && a2 == 2 && a3 == 3 && a4 == 4 && a5 == 5 && a6 == 6 && a7 == 7 && a8 == 8 &&
		    a9 == 9 && a10 == 10 && a11 == 11 && a12 == 12 && a13 == 13 && a14 == 14 && a15 == 15);
}
extern "C" __global__ void ka64(i *out, i a1, i a2, i a3, i a4, i a5, i a6, i a7, i a8, i a9, i a10, i a11,
				i a12, i a13, i a14)
{
	out[TID] = a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14;
}
