// Integer code: division and remainder by run-time divisors (the long
// reciprocal sequences clang expands), 64-bit arithmetic, bit operations.
#include "common.h"

extern "C" __global__ void div_mod_i32(const int *a, const int *b, int *q, int *r, unsigned *uq, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		q[i] = a[i] / b[i];
		r[i] = a[i] % b[i];
		uq[i] = (unsigned)a[i] / (unsigned)b[i];
	}
}

extern "C" __global__ void div_mod_u64(const unsigned long long *a, const unsigned long long *b,
				       unsigned long long *q, unsigned long long *r, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		q[i] = a[i] / b[i];
		r[i] = a[i] % b[i];
	}
}

extern "C" __global__ void div_i64(const long long *a, const long long *b, long long *q, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n)
		q[i] = a[i] / b[i] + a[i] % 1000003;
}

// 64-bit multiply, multiply-high, shifts and rotates.
extern "C" __global__ void mul_shift_u64(const unsigned long long *a, const unsigned long long *b,
					 unsigned long long *out, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		unsigned long long x = a[i], y = b[i];
		out[4 * i + 0] = x * y;
		out[4 * i + 1] = (unsigned long long)(((unsigned __int128)x * y) >> 64);
		out[4 * i + 2] = (x << (y & 63)) ^ (x >> ((y >> 8) & 63));
		out[4 * i + 3] = (x >> 7 | x << 57) + (unsigned long long)((long long)x >> 13);
	}
}

// popcount, leading/trailing zeros, bit reverse, byte swap, on 32 and 64 bits.
extern "C" __global__ void bit_ops(const unsigned long long *a, unsigned *out, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		unsigned long long x = a[i];
		unsigned lo = (unsigned)x;
		out[6 * i + 0] = __builtin_popcountll(x);
		out[6 * i + 1] = x ? __builtin_clzll(x) : 64;
		out[6 * i + 2] = x ? __builtin_ctzll(x) : 64;
		out[6 * i + 3] = __builtin_bitreverse32(lo);
		out[6 * i + 4] = __builtin_bswap32(lo);
		out[6 * i + 5] = lo ? 31 - __builtin_clz(lo) : 99;
	}
}

// 24-bit multiplies, saturating adds, integer min/max/abs, select chains.
extern "C" __global__ void int_misc(const int *a, const int *b, int *out, int n)
{
	unsigned i = gid_x();
	if (i < (unsigned)n) {
		int x = a[i], y = b[i];
		/* __mul24 / __umul24: the operands' low 24 bits */
		out[5 * i + 0] = ((x << 8) >> 8) * ((y << 8) >> 8) + (int)(((unsigned)x & 0xffffff) * ((unsigned)y & 0xffffff));
		long long s = (long long)x + y;
		out[5 * i + 1] = s > 2147483647 ? 2147483647 : s < -2147483647 - 1 ? -2147483647 - 1 : (int)s;
		out[5 * i + 2] = (x < y ? x : y) * 3 - (x > y ? x : y);
		out[5 * i + 3] = (x < 0 ? -x : x) ^ y;
		out[5 * i + 4] = x > 100 ? 1 : x < -100 ? -1 : y & 7;
	}
}
