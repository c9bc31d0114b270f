/* Checks of tests/corpus/rows.hip.  Exact: transpose, dynamic-LDS reverse,
 * block scan, template instances, gemv (the wave's reduction order is
 * simulated), the error path.  Bounded: softmax within 16 ULP of the double
 * result (expf to 4 ULP, then a 128-way float tree sum and a division);
 * layernorm within 2^-18 (1 + |y|) absolute (mean and variance are float sums,
 * and x - mean cancels). */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <string.h>

static void softmax_layernorm(struct cx *c)
{
	enum { R = 6, C = 200 };
	static float x[R * C], y[R * C], want[R * C], gam[C], bet[C];
	uint32_t s = 71;
	for (int i = 0; i < R * C; i++)
		x[i] = cx_randf(&s, -6.0f, 6.0f);
	for (int j = 0; j < C; j++)
		gam[j] = cx_randf(&s, 0.5f, 1.5f), bet[j] = cx_randf(&s, -0.5f, 0.5f);
	for (int r = 0; r < R; r++) {
		double m = -INFINITY, sum = 0;
		for (int j = 0; j < C; j++)
			m = fmax(m, x[r * C + j]);
		for (int j = 0; j < C; j++)
			sum += exp(x[r * C + j] - m);
		for (int j = 0; j < C; j++)
			want[r * C + j] = (float)(exp(x[r * C + j] - m) / sum);
	}
	uint64_t dx = cx_in(c, x, sizeof x), dy = cx_buf(c, NULL, sizeof y);
	struct { uint64_t x, y; int32_t cols; } k = { dx, dy, C };
	int rc = cx_run(c, "softmax_rows", &k, sizeof k, R, 128);
	cx_get(c, dy, y, sizeof y);
	uint32_t worst;
	int bad = cx_diff_ulp(y, want, R * C, 16, &worst);
	cx_ok(c, rc == 0 && bad < 0, "softmax_rows_16ulp", "rc %d %s; element %d: %a, want %a (worst %u ULP)", rc,
	      c->t.err, bad, bad >= 0 ? y[bad] : 0.0, bad >= 0 ? want[bad] : 0.0, worst);

	for (int r = 0; r < R; r++) {
		double mean = 0, var = 0;
		for (int j = 0; j < C; j++)
			mean += x[r * C + j];
		mean /= C;
		for (int j = 0; j < C; j++)
			var += (x[r * C + j] - mean) * (x[r * C + j] - mean);
		double inv = 1.0 / sqrt(var / C + 1e-5);
		for (int j = 0; j < C; j++)
			want[r * C + j] = (float)((x[r * C + j] - mean) * inv * gam[j] + bet[j]);
	}
	struct { uint64_t x, g, b, y; int32_t cols; float eps; } k2 = { dx, cx_in(c, gam, sizeof gam),
									cx_in(c, bet, sizeof bet), dy, C, 1e-5f };
	rc = cx_run(c, "layernorm_rows", &k2, sizeof k2, R, 64);
	cx_get(c, dy, y, sizeof y);
	bad = -1;
	for (int i = 0; i < R * C && bad < 0; i++)
		if (!(fabsf(y[i] - want[i]) <= 0x1p-18f * (1.0f + fabsf(want[i]))))
			bad = i;
	cx_ok(c, rc == 0 && bad < 0, "layernorm_rows_2^-18", "rc %d %s; element %d: %a, want %a", rc, c->t.err, bad,
	      bad >= 0 ? y[bad] : 0.0, bad >= 0 ? want[bad] : 0.0);
}

static void lds_kernels(struct cx *c)
{
	enum { RW = 70, CL = 45 };
	static float in[RW * CL], out[RW * CL], want[RW * CL];
	for (int i = 0; i < RW * CL; i++)
		in[i] = (float)i;
	for (int r = 0; r < RW; r++)
		for (int q = 0; q < CL; q++)
			want[q * RW + r] = in[r * CL + q];
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t in, out; int32_t rows, cols; } k = { cx_in(c, in, sizeof in), dout, RW, CL };
	const uint32_t g[3] = { 2, 3, 1 }, b[3] = { 32, 8, 1 };
	int rc = cx_run3(c, "transpose32", &k, sizeof k, g, b, 0);
	cx_get(c, dout, out, sizeof out);
	int bad = cx_diff_i32((int32_t *)out, (int32_t *)want, RW * CL);
	cx_ok(c, rc == 0 && bad < 0, "transpose_tiled_lds_edges", "rc %d %s; element %d", rc, c->t.err, bad);

	enum { NB = 3, BT = 128 };
	int32_t iv[NB * BT], ov[NB * BT], wv[NB * BT];
	for (int i = 0; i < NB * BT; i++)
		iv[i] = i * 7 - 100, wv[i] = (i / BT) * BT * 7 + (BT - 1 - i % BT) * 7 - 100;
	uint64_t dov = cx_buf(c, NULL, sizeof ov);
	struct { uint64_t in, out; } k2 = { cx_in(c, iv, sizeof iv), dov };
	const uint32_t g2[3] = { NB, 1, 1 }, b2[3] = { BT, 1, 1 };
	rc = cx_run3(c, "reverse_dynamic", &k2, sizeof k2, g2, b2, BT * 4);
	cx_get(c, dov, ov, sizeof ov);
	bad = cx_diff_i32(ov, wv, NB * BT);
	cx_ok(c, rc == 0 && bad < 0, "dynamic_shared_memory", "rc %d %s; element %d", rc, c->t.err, bad);

	int32_t sc[2 * 256], so[2 * 256], sw[2 * 256];
	uint32_t s = 73;
	for (int i = 0; i < 512; i++)
		sc[i] = (int32_t)(cx_rand(&s) % 100);
	for (int blk = 0; blk < 2; blk++)
		for (int i = 0, acc = 0; i < 256; i++)
			sw[blk * 256 + i] = acc, acc += sc[blk * 256 + i];
	uint64_t dso = cx_buf(c, NULL, sizeof so);
	struct { uint64_t in, out; } k3 = { cx_in(c, sc, sizeof sc), dso };
	rc = cx_run(c, "block_scan", &k3, sizeof k3, 2, 256);
	cx_get(c, dso, so, sizeof so);
	bad = cx_diff_i32(so, sw, 512);
	cx_ok(c, rc == 0 && bad < 0, "block_exclusive_scan_launch_bounds", "rc %d %s; element %d", rc, c->t.err, bad);
}

static void templates_gemv(struct cx *c)
{
	enum { N = 1000 };
	static float fx[N], fy[N], fw[N];
	static int32_t ix[N], iy[N], iw[N];
	uint32_t s = 79;
	for (int i = 0; i < N; i++) {
		fx[i] = cx_randf(&s, -3.0f, 3.0f), fy[i] = cx_randf(&s, -3.0f, 3.0f);
		fw[i] = fmaf(1.25f, fx[i], fy[i]);
		ix[i] = (int32_t)(cx_rand(&s) % 1000), iy[i] = (int32_t)(cx_rand(&s) % 1000);
		iw[i] = -3 * ix[i] + iy[i];
	}
	uint64_t dfy = cx_buf(c, fy, sizeof fy), diy = cx_buf(c, iy, sizeof iy);
	struct { uint64_t x, y; float a; int32_t n; } kf = { cx_in(c, fx, sizeof fx), dfy, 1.25f, N };
	int rc = cx_run(c, "_Z9scale_addIfLi4EEvPKT_PS0_S0_i", &kf, sizeof kf, (N / 4 + 63) / 64, 64);
	cx_get(c, dfy, fy, sizeof fy);
	cx_ok(c, rc == 0 && memcmp(fy, fw, sizeof fy) == 0, "template_float_unroll4", "rc %d %s", rc, c->t.err);
	struct { uint64_t x, y; int32_t a, n; } ki = { cx_in(c, ix, sizeof ix), diy, -3, N };
	rc = cx_run(c, "_Z9scale_addIiLi2EEvPKT_PS0_S0_i", &ki, sizeof ki, (N / 2 + 63) / 64, 64);
	cx_get(c, diy, iy, sizeof iy);
	int bad = cx_diff_i32(iy, iw, N);
	cx_ok(c, rc == 0 && bad < 0, "template_int_unroll2", "rc %d %s; element %d", rc, c->t.err, bad);

	enum { R = 8, C = 100 };
	static float A[R * C], x[C], y[R], want[R];
	for (int i = 0; i < R * C; i++)
		A[i] = cx_randf(&s, -1.0f, 1.0f);
	for (int j = 0; j < C; j++)
		x[j] = cx_randf(&s, -1.0f, 1.0f);
	for (int r = 0; r < R; r++) {
		float p[32], t[32];
		for (int l = 0; l < 32; l++) {
			p[l] = 0.0f;
			for (int j = l; j < C; j += 32)
				p[l] = fmaf(A[r * C + j], x[j], p[l]);
		}
		for (int m = 16; m > 0; m >>= 1) {
			for (int l = 0; l < 32; l++)
				t[l] = p[l] + p[l ^ m];
			memcpy(p, t, sizeof p);
		}
		want[r] = p[0];
	}
	uint64_t dy = cx_buf(c, NULL, sizeof y);
	struct { uint64_t A, x, y; int32_t cols; } kg = { cx_in(c, A, sizeof A), cx_in(c, x, sizeof x), dy, C };
	rc = cx_run(c, "gemv_wave_rows", &kg, sizeof kg, R * 32 / 64, 64);
	cx_get(c, dy, y, sizeof y);
	cx_ok(c, rc == 0 && memcmp(y, want, sizeof y) == 0, "gemv_wave_shuffle_bit_exact", "rc %d %s; %a vs %a", rc,
	      c->t.err, y[0], want[0]);
}

static void error_path(struct cx *c)
{
	enum { N = 300 };
	float x[N], y[N], w[N];
	int32_t err[2];
	for (int i = 0; i < N; i++)
		x[i] = (float)i * 0.5f, w[i] = sqrtf(x[i]);
	uint64_t dx = cx_in(c, x, sizeof x), dy = cx_buf(c, NULL, sizeof y), de = cx_buf(c, NULL, sizeof err);
	struct { uint64_t x, y, err; int32_t n; } k = { dx, dy, de, N };
	int rc = cx_run(c, "checked_sqrt", &k, sizeof k, (N + 63) / 64, 64);
	cx_get(c, dy, y, sizeof y);
	cx_get(c, de, err, sizeof err);
	cx_ok(c, rc == 0 && err[0] == 0 && err[1] == 0 && memcmp(y, w, sizeof y) == 0, "error_path_clean_input",
	      "rc %d %s; err %d count %d", rc, c->t.err, err[0], err[1]);
	x[17] = -1.0f, x[200] = -2.0f, x[250] = NAN;
	dx = cx_in(c, x, sizeof x);
	de = cx_buf(c, NULL, sizeof err);
	k.x = dx, k.err = de;
	rc = cx_run(c, "checked_sqrt", &k, sizeof k, (N + 63) / 64, 64);
	cx_get(c, de, err, sizeof err);
	cx_ok(c, rc == 0 && (err[0] == 1 || err[0] == 2) && err[1] == 3, "error_path_reports_bad_input",
	      "rc %d %s; err %d count %d", rc, c->t.err, err[0], err[1]);
}

void corpus_rows(struct cx *c)
{
	if (!cx_open(c, "rows"))
		return;
	softmax_layernorm(c);
	lds_kernels(c);
	templates_gemv(c);
	error_path(c);
}
