/* Checks of tests/corpus/intmath.hip: integer results are exact; C computes
 * the same expressions (two's complement, truncating division). */
#include "tests/corpus/corpus.h"

#include <string.h>

enum { N = 512, B = 64, G = N / B };

static uint64_t r64(uint32_t *s) { return (uint64_t)cx_rand(s) << 32 | cx_rand(s); }

static void div32(struct cx *c)
{
	int32_t a[N], b[N], q[N], r[N], wq[N], wr[N];
	uint32_t uq[N], wuq[N], s = 41;
	for (int i = 0; i < N; i++) {
		a[i] = (int32_t)cx_rand(&s);
		b[i] = (int32_t)(cx_rand(&s) >> (cx_rand(&s) % 31));
		if (b[i] == 0 || (b[i] == -1 && a[i] == INT32_MIN))
			b[i] = 7;
		if (i < 4)
			a[i] = (int32_t[]){ INT32_MIN, INT32_MAX, -1, 0 }[i], b[i] = (int32_t[]){ 3, -2, 1, 5 }[i];
		wq[i] = a[i] / b[i];
		wr[i] = a[i] % b[i];
		wuq[i] = (uint32_t)a[i] / (uint32_t)b[i];
	}
	uint64_t dq = cx_buf(c, NULL, sizeof q), dr = cx_buf(c, NULL, sizeof r), du = cx_buf(c, NULL, sizeof uq);
	struct { uint64_t a, b, q, r, uq; int32_t n; } k = { cx_in(c, a, sizeof a), cx_in(c, b, sizeof b), dq, dr, du, N };
	int rc = cx_run(c, "div_mod_i32", &k, sizeof k, G, B);
	cx_get(c, dq, q, sizeof q);
	cx_get(c, dr, r, sizeof r);
	cx_get(c, du, uq, sizeof uq);
	int bad = cx_diff_i32(q, wq, N), bad2 = cx_diff_i32(r, wr, N), bad3 = cx_diff_i32((int32_t *)uq, (int32_t *)wuq, N);
	cx_ok(c, rc == 0 && bad < 0 && bad2 < 0 && bad3 < 0, "div_mod_i32_u32", "rc %d %s; first wrong q %d r %d uq %d",
	      rc, c->t.err, bad, bad2, bad3);
}

static void div64(struct cx *c)
{
	uint64_t a[N], b[N], q[N], r[N];
	int64_t sq[N];
	uint32_t s = 43;
	int bad = -1, sbad = -1;
	for (int i = 0; i < N; i++) {
		a[i] = r64(&s);
		b[i] = r64(&s) >> (cx_rand(&s) % 64);
		b[i] = b[i] ? b[i] : 3;
		if (i % 5 == 0) /* divisors that fit 32 bits take another path in the expansion */
			b[i] = cx_rand(&s) | 1;
	}
	uint64_t da = cx_in(c, a, sizeof a), db = cx_in(c, b, sizeof b), dq = cx_buf(c, NULL, sizeof q),
		 dr = cx_buf(c, NULL, sizeof r);
	struct { uint64_t a, b, q, r; int32_t n; } k = { da, db, dq, dr, N };
	int rc = cx_run(c, "div_mod_u64", &k, sizeof k, G, B);
	cx_get(c, dq, q, sizeof q);
	cx_get(c, dr, r, sizeof r);
	for (int i = 0; i < N && bad < 0; i++)
		if (q[i] != a[i] / b[i] || r[i] != a[i] % b[i])
			bad = i;
	cx_ok(c, rc == 0 && bad < 0, "div_mod_u64", "rc %d %s; element %d", rc, c->t.err, bad);

	struct { uint64_t a, b, q; int32_t n; } k2 = { da, db, dq, N };
	rc = cx_run(c, "div_i64", &k2, sizeof k2, G, B);
	cx_get(c, dq, sq, sizeof sq);
	for (int i = 0; i < N && sbad < 0; i++) {
		int64_t x = (int64_t)a[i], y = (int64_t)b[i];
		if (y == -1 && x == INT64_MIN)
			continue;
		if (sq[i] != x / y + x % 1000003)
			sbad = i;
	}
	cx_ok(c, rc == 0 && sbad < 0, "div_rem_i64", "rc %d %s; element %d", rc, c->t.err, sbad);
}

static void mul64(struct cx *c)
{
	uint64_t a[N], b[N], out[4 * N], want[4 * N];
	uint32_t s = 47;
	for (int i = 0; i < N; i++) {
		uint64_t x = a[i] = r64(&s), y = b[i] = r64(&s);
		want[4 * i] = x * y;
		want[4 * i + 1] = (uint64_t)(((unsigned __int128)x * y) >> 64);
		want[4 * i + 2] = (x << (y & 63)) ^ (x >> ((y >> 8) & 63));
		want[4 * i + 3] = (x >> 7 | x << 57) + (uint64_t)((int64_t)x >> 13);
	}
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t a, b, out; int32_t n; } k = { cx_in(c, a, sizeof a), cx_in(c, b, sizeof b), dout, N };
	int rc = cx_run(c, "mul_shift_u64", &k, sizeof k, G, B);
	cx_get(c, dout, out, sizeof out);
	int bad = cx_diff_i32((int32_t *)out, (int32_t *)want, 8 * N);
	cx_ok(c, rc == 0 && bad < 0, "mul_mulhi_shift_rotate_u64", "rc %d %s; dword %d (result %d of element %d)", rc,
	      c->t.err, bad, bad / 2 % 4, bad / 8);

	uint32_t bits[6 * N], wbits[6 * N];
	for (int i = 0; i < N; i++) {
		uint64_t x = a[i] >> (i % 64);
		a[i] = i == 0 ? 0 : x;
		uint32_t lo = (uint32_t)a[i], rev = 0;
		for (int j = 0; j < 32; j++)
			rev |= (lo >> j & 1) << (31 - j);
		wbits[6 * i] = (uint32_t)__builtin_popcountll(a[i]);
		wbits[6 * i + 1] = a[i] ? (uint32_t)__builtin_clzll(a[i]) : 64;
		wbits[6 * i + 2] = a[i] ? (uint32_t)__builtin_ctzll(a[i]) : 64;
		wbits[6 * i + 3] = rev;
		wbits[6 * i + 4] = lo >> 24 | (lo >> 8 & 0xff00) | (lo << 8 & 0xff0000) | lo << 24;
		wbits[6 * i + 5] = lo ? 31 - (uint32_t)__builtin_clz(lo) : 99;
	}
	uint64_t dbits = cx_buf(c, NULL, sizeof bits);
	struct { uint64_t a, out; int32_t n; } k2 = { cx_in(c, a, sizeof a), dbits, N };
	rc = cx_run(c, "bit_ops", &k2, sizeof k2, G, B);
	cx_get(c, dbits, bits, sizeof bits);
	bad = cx_diff_i32((int32_t *)bits, (int32_t *)wbits, 6 * N);
	cx_ok(c, rc == 0 && bad < 0, "popcount_clz_ctz_brev_bswap", "rc %d %s; result %d of element %d: %u, want %u", rc,
	      c->t.err, bad % 6, bad / 6, bad >= 0 ? bits[bad] : 0, bad >= 0 ? wbits[bad] : 0);
}

static void misc(struct cx *c)
{
	int32_t a[N], b[N], out[5 * N], want[5 * N];
	uint32_t s = 53;
	for (int i = 0; i < N; i++) {
		int32_t x = a[i] = (int32_t)cx_rand(&s) >> (i % 24), y = b[i] = (int32_t)cx_rand(&s) >> (i % 20);
		int64_t sum = (int64_t)x + y;
		int64_t p24 = (int64_t)((int32_t)((uint32_t)x << 8) >> 8) * ((int32_t)((uint32_t)y << 8) >> 8);
		want[5 * i] = (int32_t)((uint32_t)p24 + ((uint32_t)x & 0xffffff) * ((uint32_t)y & 0xffffff));
		want[5 * i + 1] = sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : (int32_t)sum;
		want[5 * i + 2] = (int32_t)((uint32_t)(x < y ? x : y) * 3u - (uint32_t)(x > y ? x : y));
		want[5 * i + 3] = (int32_t)((x < 0 ? 0u - (uint32_t)x : (uint32_t)x) ^ (uint32_t)y);
		want[5 * i + 4] = x > 100 ? 1 : x < -100 ? -1 : y & 7;
	}
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t a, b, out; int32_t n; } k = { cx_in(c, a, sizeof a), cx_in(c, b, sizeof b), dout, N };
	int rc = cx_run(c, "int_misc", &k, sizeof k, G, B);
	cx_get(c, dout, out, sizeof out);
	int bad = cx_diff_i32(out, want, 5 * N);
	cx_ok(c, rc == 0 && bad < 0, "mul24_saturate_minmax_abs", "rc %d %s; result %d of element %d: %d, want %d", rc,
	      c->t.err, bad % 5, bad / 5, bad >= 0 ? out[bad] : 0, bad >= 0 ? want[bad] : 0);
}

void corpus_intmath(struct cx *c)
{
	if (!cx_open(c, "intmath"))
		return;
	div32(c);
	div64(c);
	mul64(c);
	misc(c);
}
