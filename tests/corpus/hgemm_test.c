/* Checks of tests/corpus/hgemm_wmma.hip: clang's build of the hgemm best
 * preset's design (__builtin_amdgcn_wmma_f32_16x16x16_f16_w32), f16 A and B,
 * f32 C = alpha A B + beta C, against a double-precision C reference on the
 * same f16 values.  The bound per element is the one of docs/hgemm.md for f32
 * output, ((K + 2) 2^-23) (|alpha| sum |a||b| + |beta| |c0|) + 2^-126: f16
 * products are exact in f32, the accumulation rounds in f32 (one rounding per
 * WMMA here, K/16 of them), then alpha and beta. */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct hg_case {
	const char *name;
	unsigned m, n, k, lda, ldb, ldc;
	float alpha, beta;
};

static void run_case(struct cx *c, const struct hg_case *h)
{
	size_t na = (size_t)h->m * h->lda, nb = (size_t)h->k * h->ldb, nc = (size_t)h->m * h->ldc;
	uint16_t *a = calloc(na, 2), *b = calloc(nb, 2);
	float *c0 = calloc(nc, 4), *got = calloc(nc, 4);
	if (!a || !b || !c0 || !got) {
		cx_ok(c, false, h->name, "out of memory");
		free(a), free(b), free(c0), free(got);
		return;
	}
	uint32_t s = 41 + h->m + h->k;
	for (size_t i = 0; i < na; i++)
		a[i] = cx_f2h(cx_randf(&s, -1.0f, 1.0f));
	for (size_t i = 0; i < nb; i++)
		b[i] = cx_f2h(cx_randf(&s, -1.0f, 1.0f));
	uint32_t nan = 0x7fc00000u;
	for (size_t i = 0; i < nc; i++) {
		if (h->beta != 0.0f)
			c0[i] = cx_randf(&s, -1.0f, 1.0f);
		else
			memcpy(&c0[i], &nan, 4); /* beta = 0 reads no C: NaN must not show */
	}
	uint64_t da = cx_in(c, a, na * 2), db = cx_in(c, b, nb * 2), dc = cx_buf(c, c0, nc * 4);
	struct {
		uint64_t a, b, c;
		uint32_t m, n, k, lda, ldb, ldc;
		float alpha, beta;
	} ka = { da, db, dc, h->m, h->n, h->k, h->lda, h->ldb, h->ldc, h->alpha, h->beta };
	const uint32_t grid[3] = { h->n / 128, h->m / 128, 1 }, block[3] = { 128, 1, 1 };
	int rc = cx_run3(c, "hgemm_ref", &ka, sizeof ka, grid, block, 0);
	cx_get(c, dc, got, nc * 4);
	long bad = -1;
	double worst = 0, want_bad = 0, bound_bad = 0;
	for (unsigned i = 0; i < h->m && rc == 0; i++)
		for (unsigned j = 0; j < h->n; j++) {
			double sum = 0, mag = 0;
			for (unsigned k = 0; k < h->k; k++) {
				double p = (double)cx_h2f(a[(size_t)i * h->lda + k]) * cx_h2f(b[(size_t)k * h->ldb + j]);
				sum += p;
				mag += fabs(p);
			}
			size_t at = (size_t)i * h->ldc + j;
			double cv = h->beta != 0.0f ? c0[at] : 0.0;
			double want = h->alpha * sum + h->beta * cv;
			double bound = (h->k + 2) * ldexp(1.0, -23) * (fabs(h->alpha) * mag + fabs(h->beta) * fabs(cv)) +
				       ldexp(1.0, -126);
			double err = fabs(got[at] - want);
			if (err / bound > worst)
				worst = err / bound;
			if (!(err <= bound) && bad < 0)
				bad = (long)at, want_bad = want, bound_bad = bound;
		}
	cx_ok(c, rc == 0 && bad < 0, h->name, "rc %d %s; C[%ld] = %.9g, want %.9g (bound %.3g); worst error/bound %.3f",
	      rc, c->t.err, bad, bad >= 0 ? got[bad] : 0.0, want_bad, bound_bad, worst);
	free(a), free(b), free(c0), free(got);
}

void corpus_hgemm(struct cx *c)
{
	static const struct hg_case cases[] = {
		/* one workgroup, beta = 0 over a NaN-filled C */
		{ "hgemm_wmma_128x128x64", 128, 128, 64, 64, 128, 128, 1.0f, 0.0f },
		/* 2 x 2 workgroups, padded leading dimensions, alpha and beta */
		{ "hgemm_wmma_256x256x48_ld_ab", 256, 256, 48, 56, 272, 260, 1.5f, -0.5f },
	};
	if (!cx_open(c, "hgemm_wmma"))
		return;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		run_case(c, &cases[i]);
}
