/* Checks of tests/corpus/math.hip and math_ocml.hip.  Exact where the ISA
 * rounds correctly (IEEE division and square root as clang expands them,
 * rounding functions, fma, min/max, f64 fma/div).  Otherwise a ULP bound
 * against the same expression in host libm (double precision where it
 * matters), stated at each check:
 *   v_exp_f32, v_log_f32, v_rsq_f32 (the fast __expf/__logf/rsqrtf paths): 1 ULP
 *   each in the RDNA3 ISA guide; bound 4 ULP for the expression.
 *   expf/logf/exp2f through LLVM's expansions: OpenCL's 3 ULP; bound 4 ULP.
 *   ocml sin/cos/tanh/erf/pow/log1p: the device library's documented 2-4 ULP;
 *   bound 4 ULP. */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <string.h>

enum { N = 512, B = 64, G = N / B };

static void check_ulp(struct cx *c, const char *name, int rc, const float *got, const float *want, int n,
		      uint32_t bound)
{
	uint32_t worst;
	int bad = cx_diff_ulp(got, want, n, bound, &worst);
	cx_ok(c, rc == 0 && bad < 0, name, "rc %d %s; element %d: %a, want %a (%u ULP > %u)", rc, c->t.err, bad,
	      bad >= 0 ? got[bad] : 0.0, bad >= 0 ? want[bad] : 0.0, bad >= 0 ? cx_ulps(got[bad], want[bad]) : 0, bound);
}

static void exact_ops(struct cx *c, const float *a, const float *b, uint64_t da, uint64_t db)
{
	float q[N], r[N], wq[N], wr[N];
	for (int i = 0; i < N; i++) {
		wq[i] = a[i] / b[i];
		wr[i] = sqrtf(fabsf(a[i]));
	}
	uint64_t dq = cx_buf(c, NULL, sizeof q), dr = cx_buf(c, NULL, sizeof r);
	struct { uint64_t a, b, q, r; int32_t n; } k = { da, db, dq, dr, N };
	int rc = cx_run(c, "div_sqrt", &k, sizeof k, G, B);
	cx_get(c, dq, q, sizeof q);
	cx_get(c, dr, r, sizeof r);
	check_ulp(c, "f32_div_correctly_rounded", rc, q, wq, N, 0);
	check_ulp(c, "f32_sqrt_correctly_rounded", rc, r, wr, N, 0);

	static float out[10 * N], want[10 * N];
	for (int i = 0; i < N; i++) {
		float x = a[i], y = b[i], *w = want + 10 * i;
		w[0] = floorf(x), w[1] = ceilf(x), w[2] = truncf(x), w[3] = rintf(x), w[4] = roundf(x);
		w[5] = fminf(x, y), w[6] = fmaxf(x, y), w[7] = fmaf(x, y, 1.0f), w[8] = copysignf(y, x);
		w[9] = ldexpf(x, (int)y % 20);
	}
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t a, b, out; int32_t n; } k2 = { da, db, dout, N };
	rc = cx_run(c, "rounding", &k2, sizeof k2, G, B);
	cx_get(c, dout, out, sizeof out);
	int bad = cx_diff_i32((int32_t *)out, (int32_t *)want, 10 * N);
	cx_ok(c, rc == 0 && bad < 0, "floor_ceil_trunc_rint_round_fmin_fmax_fma_copysign_ldexp",
	      "rc %d %s; function %d of element %d: %a, want %a", rc, c->t.err, bad % 10, bad / 10,
	      bad >= 0 ? out[bad] : 0.0, bad >= 0 ? want[bad] : 0.0);
}

static void approx_ops(struct cx *c, const float *a, uint64_t da)
{
	static float e[N], l[N], rs[N], we[N], wl[N], wrs[N];
	for (int i = 0; i < N; i++) {
		float x = a[i];
		we[i] = (float)exp2((double)(x * 1.44269504f));
		wl[i] = (float)log2((double)(fabsf(x) + 1.0f)) * 0.693147181f;
		wrs[i] = (float)(1.0 / sqrt((double)(fabsf(x) + 0.5f)));
	}
	uint64_t de = cx_buf(c, NULL, sizeof e), dl = cx_buf(c, NULL, sizeof l), dr = cx_buf(c, NULL, sizeof rs);
	struct { uint64_t a, e, l, r; int32_t n; } k = { da, de, dl, dr, N };
	int rc = cx_run(c, "fast_math", &k, sizeof k, G, B);
	cx_get(c, de, e, sizeof e);
	cx_get(c, dl, l, sizeof l);
	cx_get(c, dr, rs, sizeof rs);
	check_ulp(c, "fast_expf_v_exp_f32_4ulp", rc, e, we, N, 4);
	check_ulp(c, "fast_logf_v_log_f32_4ulp", rc, l, wl, N, 4);
	check_ulp(c, "rsqrtf_v_rsq_f32_4ulp", rc, rs, wrs, N, 4);

	for (int i = 0; i < N; i++) {
		float x = a[i];
		we[i] = (float)exp((double)x);
		wl[i] = (float)log((double)(fabsf(x) + 0.25f));
		wrs[i] = (float)exp2((double)(x * 0.5f));
	}
	rc = cx_run(c, "libm_builtins", &k, sizeof k, G, B);
	cx_get(c, de, e, sizeof e);
	cx_get(c, dl, l, sizeof l);
	cx_get(c, dr, rs, sizeof rs);
	check_ulp(c, "expf_llvm_expansion_4ulp", rc, e, we, N, 4);
	check_ulp(c, "logf_llvm_expansion_4ulp", rc, l, wl, N, 4);
	check_ulp(c, "exp2f_4ulp", rc, rs, wrs, N, 4);
}

static void f64(struct cx *c)
{
	double a[N], b[N], out[4 * N];
	uint32_t s = 61;
	for (int i = 0; i < N; i++) {
		a[i] = (double)cx_randf(&s, -1000.0f, 1000.0f) * (1.0 + 1e-9 * i);
		b[i] = (double)cx_randf(&s, 0.01f, 50.0f) * (1.0 - 1e-10 * i);
	}
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t a, b, out; int32_t n; } k = { cx_in(c, a, sizeof a), cx_in(c, b, sizeof b), dout, N };
	int rc = cx_run(c, "f64_ops", &k, sizeof k, G, B);
	cx_get(c, dout, out, sizeof out);
	int bad = -1;
	for (int i = 0; i < N && bad < 0; i++) {
		double w[4] = { fma(a[i], b[i], 0.5), a[i] / b[i], sqrt(fabs(a[i])),
				(double)(float)a[i] + (double)(long long)(b[i] * 1000.0) };
		if (memcmp(w, out + 4 * i, sizeof w))
			bad = i;
	}
	cx_ok(c, rc == 0 && bad < 0, "f64_fma_div_sqrt_convert_exact", "rc %d %s; element %d", rc, c->t.err, bad);
}

static void ocml(struct cx *c, const float *a)
{
	if (!cx_open(c, "math_ocml")) /* a device of its own: inputs go there */
		return;
	uint64_t da = cx_in(c, a, N * sizeof *a);
	static float out[6 * N], want[6 * N];
	for (int i = 0; i < N; i++) {
		double x = a[i];
		float *w = want + 6 * i;
		w[0] = (float)sin(x), w[1] = (float)cos(x), w[2] = (float)tanh((double)(a[i] * 0.25f));
		w[3] = (float)erf((double)(a[i] * 0.5f)), w[4] = (float)pow((double)(fabsf(a[i]) + 0.5f), 1.5);
		w[5] = (float)log1p(fabs(x));
	}
	uint64_t dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t a, out; int32_t n; } k = { da, dout, N };
	int rc = cx_run(c, "ocml_funcs", &k, sizeof k, G, B);
	cx_get(c, dout, out, sizeof out);
	check_ulp(c, "ocml_sin_cos_tanh_erf_pow_log1p_4ulp", rc, out, want, 6 * N, 4);
}

void corpus_math(struct cx *c)
{
	if (!cx_open(c, "math"))
		return;
	static float a[N], b[N];
	uint32_t s = 59;
	for (int i = 0; i < N; i++) {
		a[i] = cx_randf(&s, -10.0f, 10.0f);
		b[i] = cx_randf(&s, -10.0f, 10.0f);
		b[i] = fabsf(b[i]) < 1e-3f ? 0.5f : b[i];
	}
	a[0] = 0.5f, a[1] = -2.5f, a[2] = 3.5f; /* ties for rint/round */
	uint64_t da = cx_in(c, a, sizeof a), db = cx_in(c, b, sizeof b);
	exact_ops(c, a, b, da, db);
	approx_ops(c, a, da);
	f64(c);
	ocml(c, a);
}
