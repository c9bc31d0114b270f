/* Checks of tests/corpus/half.hip.  f16 FMA results are compared bit for bit
 * with the exact value rounded once (cx_d2h: the inputs keep a*b+c exact in a
 * double); f32-then-f16 paths with fmaf then one f16 rounding, as the
 * instructions LLVM picks (v_fma_mix*, v_cvt_f16_f32) compute them. */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <string.h>

enum { N = 300, B = 64, G = (N + B - 1) / B };

static uint16_t rand_half(uint32_t *s, float lo, float hi) { return cx_f2h(cx_randf(s, lo, hi)); }

static void check_u16(struct cx *c, const char *name, int rc, const uint16_t *got, const uint16_t *want, int n)
{
	int bad = cx_diff_u16(got, want, n);
	cx_ok(c, rc == 0 && bad < 0, name, "rc %d %s; element %d: 0x%04x, want 0x%04x", rc, c->t.err, bad,
	      bad >= 0 ? got[bad] : 0, bad >= 0 ? want[bad] : 0);
}

static void halves(struct cx *c)
{
	uint16_t x[N], y[N], want[N], got[N];
	uint32_t s = 17;
	uint16_t a = cx_f2h(1.5f);
	for (int i = 0; i < N; i++) {
		x[i] = rand_half(&s, -4.0f, 4.0f);
		y[i] = rand_half(&s, -4.0f, 4.0f);
		want[i] = cx_d2h((double)cx_h2f(a) * cx_h2f(x[i]) + cx_h2f(y[i]));
	}
	uint64_t dx = cx_in(c, x, sizeof x), dy = cx_buf(c, y, sizeof y);
	struct { uint16_t a, pad; uint32_t pad2; uint64_t x, y; int32_t n; } k = { a, 0, 0, dx, dy, N };
	int rc = cx_run(c, "haxpy", &k, sizeof k, G, B);
	cx_get(c, dy, got, sizeof got);
	check_u16(c, "f16_axpy_fma", rc, got, want, N);

	/* half2: z = x*y + z, m = max(x, y), per half */
	uint16_t z[N], m[N], wz[N], wm[N];
	for (int i = 0; i < N; i++) {
		z[i] = rand_half(&s, -8.0f, 8.0f);
		wz[i] = cx_d2h((double)cx_h2f(x[i]) * cx_h2f(y[i]) + cx_h2f(z[i]));
		wm[i] = cx_h2f(x[i]) >= cx_h2f(y[i]) ? x[i] : y[i];
	}
	uint64_t dz = cx_buf(c, z, sizeof z), dm = cx_buf(c, NULL, sizeof m);
	struct { uint64_t x, y, z, m; int32_t n; } k2 = { dx, cx_in(c, y, sizeof y), dz, dm, N / 2 };
	rc = cx_run(c, "half2_fma_max", &k2, sizeof k2, G, B);
	cx_get(c, dz, z, sizeof z);
	cx_get(c, dm, m, sizeof m);
	check_u16(c, "half2_packed_fma", rc, z, wz, N);
	check_u16(c, "half2_packed_max", rc, m, wm, N);
}

static void bf16(struct cx *c)
{
	uint16_t a[N], b[N], got[N], want[N];
	uint32_t s = 23;
	float sc = 0.7f;
	for (int i = 0; i < N; i++) {
		a[i] = cx_f2bf(cx_randf(&s, -300.0f, 300.0f));
		b[i] = cx_f2bf(cx_randf(&s, -300.0f, 300.0f));
		want[i] = cx_f2bf(fmaf(cx_bf2f(a[i]), sc, cx_bf2f(b[i])));
	}
	uint64_t da = cx_in(c, a, sizeof a), db = cx_in(c, b, sizeof b), dout = cx_buf(c, NULL, sizeof got);
	struct { uint64_t a, b, out; float s; int32_t n; } k = { da, db, dout, sc, N };
	int rc = cx_run(c, "bf16_scale_add", &k, sizeof k, G, B);
	cx_get(c, dout, got, sizeof got);
	check_u16(c, "bf16_storage_f32_math", rc, got, want, N);
}

static void mixed(struct cx *c)
{
	enum { R = 64, L = 40 };
	uint16_t x[R * L], y[L];
	float got[R], want[R];
	uint32_t s = 29;
	for (int i = 0; i < R * L; i++)
		x[i] = rand_half(&s, -2.0f, 2.0f);
	for (int k = 0; k < L; k++)
		y[k] = rand_half(&s, -2.0f, 2.0f);
	for (int r = 0; r < R; r++) {
		float acc = 0.0f;
		for (int k = 0; k < L; k++)
			acc = fmaf(cx_h2f(x[r * L + k]), cx_h2f(y[k]), acc);
		want[r] = acc;
	}
	uint64_t dx = cx_in(c, x, sizeof x), dy = cx_in(c, y, sizeof y), dout = cx_buf(c, NULL, sizeof got);
	struct { uint64_t x, y, out; int32_t len; } k = { dx, dy, dout, L };
	int rc = cx_run(c, "mixed_dot_rows", &k, sizeof k, 1, R);
	cx_get(c, dout, got, sizeof got);
	cx_ok(c, rc == 0 && memcmp(got, want, sizeof got) == 0, "f16_in_f32_accumulate_fma_mix", "rc %d %s; %a vs %a",
	      rc, c->t.err, got[0], want[0]);

	uint16_t a[N], b[N], h[N], wh[N];
	float cc = 0.3f;
	for (int i = 0; i < N; i++) {
		a[i] = rand_half(&s, -30.0f, 30.0f);
		b[i] = rand_half(&s, -30.0f, 30.0f);
		wh[i] = cx_f2h(fmaf(cx_h2f(a[i]), cx_h2f(b[i]), cc));
	}
	uint64_t dh = cx_buf(c, NULL, sizeof h);
	struct { uint64_t x, y, out; float c; int32_t n; } k2 = { cx_in(c, a, sizeof a), cx_in(c, b, sizeof b), dh, cc, N };
	rc = cx_run(c, "f16_from_f32_fma", &k2, sizeof k2, G, B);
	cx_get(c, dh, h, sizeof h);
	check_u16(c, "f16_from_f32_fma_mixlo", rc, h, wh, N);
}

static void conversions(struct cx *c)
{
	float in[N];
	uint16_t h[N], hi[N], wh[N], whi[N];
	int32_t iv[N], wiv[N];
	uint32_t s = 31;
	for (int i = 0; i < N; i++) {
		in[i] = i < 4 ? (float[]){ 65519.0f, 65520.0f, 1e-7f, -0.0f }[i] : cx_randf(&s, -1000.0f, 1000.0f);
		wh[i] = cx_f2h(in[i]);
		wiv[i] = isinf(cx_h2f(wh[i])) ? INT32_MAX : (int32_t)cx_h2f(wh[i]);
		whi[i] = cx_f2h((float)(int32_t)(in[i] * 3.0f));
	}
	uint64_t dh = cx_buf(c, NULL, sizeof h), di = cx_buf(c, NULL, sizeof iv), dhi = cx_buf(c, NULL, sizeof hi);
	struct { uint64_t in, h, iv, hi; int32_t n; } k = { cx_in(c, in, sizeof in), dh, di, dhi, N };
	int rc = cx_run(c, "f16_convert", &k, sizeof k, G, B);
	cx_get(c, dh, h, sizeof h);
	cx_get(c, di, iv, sizeof iv);
	cx_get(c, dhi, hi, sizeof hi);
	check_u16(c, "f32_to_f16_rne_inf_subnormal", rc, h, wh, N);
	int bad = cx_diff_i32(iv, wiv, N);
	cx_ok(c, rc == 0 && bad < 0, "f16_to_int_saturating", "rc %d; element %d: %d, want %d", rc, bad,
	      bad >= 0 ? iv[bad] : 0, bad >= 0 ? wiv[bad] : 0);
	check_u16(c, "int_to_f16", rc, hi, whi, N);
}

void corpus_half(struct cx *c)
{
	if (!cx_open(c, "half"))
		return;
	halves(c);
	bf16(c);
	mixed(c);
	conversions(c);
}
