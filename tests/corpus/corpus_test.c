/* corpus_test — third-party-style kernels (the .hip and .s files of tests/corpus), built
 * by each installed LLVM, run on the emulator with every check on and compared
 * with C references on the host.
 *
 * Usage: corpus_test DIR...   (DIR = BUILD/llvmNN/tests/corpus, the code objects
 * LLVM NN built; checks are named after the LLVM under test, tests/llvm.h)
 * Exact comparisons wherever the ISA computes exactly (integers, moves,
 * shuffles, IEEE add/mul/fma/div/sqrt, conversions); ULP bounds, stated at each
 * check, where the kernel uses approximate instructions (v_exp_f32, v_log_f32,
 * v_rsq_f32, v_sin_f32) or reassociates.
 */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool cx_open(struct cx *c, const char *file)
{
	if (c->open && strcmp(c->file, file) == 0)
		return true;
	if (c->open)
		th_close(&c->t);
	c->open = false;
	char path[512];
	snprintf(path, sizeof path, "%s/%s.hsaco", c->dir, file);
	struct emu_opts o = { .threads = 2, .checks = EMU_CHECK_ALL };
	if (th_open(&c->t, path, &o)) {
		cx_ok(c, false, file, "%s", c->t.err);
		return false;
	}
	snprintf(c->file, sizeof c->file, "%s", file);
	c->open = true;
	return true;
}

uint64_t cx_in(struct cx *c, const void *host, size_t bytes)
{
	uint64_t a = emu_alloc(c->t.dev, bytes, EMU_MEM_READONLY);
	if (a)
		emu_write(c->t.dev, a, host, bytes);
	return a;
}

uint64_t cx_buf(struct cx *c, const void *host, size_t bytes)
{
	uint64_t a = emu_alloc(c->t.dev, bytes, 0);
	if (a && host)
		emu_write(c->t.dev, a, host, bytes);
	else if (a)
		emu_fill(c->t.dev, a, 0, bytes);
	return a;
}

void cx_get(struct cx *c, uint64_t addr, void *host, size_t bytes)
{
	if (emu_read(c->t.dev, addr, host, bytes))
		memset(host, 0xa5, bytes);
}

int cx_run3(struct cx *c, const char *kernel, const void *ka, size_t n, const uint32_t grid[3],
	    const uint32_t block[3], uint32_t lds)
{
	uint8_t buf[512] = { 0 };
	if (n > sizeof buf)
		return EMU_E_ARG;
	memcpy(buf, ka, n);
	return th_run_lds(&c->t, kernel, buf, sizeof buf, grid, block, lds);
}

int cx_run(struct cx *c, const char *kernel, const void *ka, size_t n, unsigned gx, unsigned bx)
{
	const uint32_t g[3] = { gx, 1, 1 }, b[3] = { bx, 1, 1 };
	return cx_run3(c, kernel, ka, n, g, b, 0);
}

void cx_ok(struct cx *c, bool cond, const char *name, const char *fmt, ...)
{
	char full[256], why[1024] = "";
	snprintf(full, sizeof full, "corpus_%s_%s", c->tag, name);
	if (!cond) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(why, sizeof why, fmt, ap);
		va_end(ap);
	}
	check(cond, full, why);
}

int cx_diff_i32(const int32_t *got, const int32_t *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i])
			return i;
	return -1;
}

int cx_diff_u16(const uint16_t *got, const uint16_t *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i])
			return i;
	return -1;
}

uint32_t cx_ulps(float a, float b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b) ? 0 : UINT32_MAX;
	int32_t x, y;
	memcpy(&x, &a, 4);
	memcpy(&y, &b, 4);
	/* map the sign-magnitude bit patterns onto one ordered integer line */
	int64_t ox = x < 0 ? -(int64_t)(x & 0x7fffffff) : x, oy = y < 0 ? -(int64_t)(y & 0x7fffffff) : y;
	int64_t d = ox > oy ? ox - oy : oy - ox;
	return d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
}

int cx_diff_ulp(const float *got, const float *want, int n, uint32_t max_ulp, uint32_t *worst)
{
	int bad = -1;
	*worst = 0;
	for (int i = 0; i < n; i++) {
		uint32_t u = cx_ulps(got[i], want[i]);
		if (u > *worst)
			*worst = u;
		if (u > max_ulp && bad < 0)
			bad = i;
	}
	return bad;
}

uint16_t cx_f2h(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	uint32_t sign = x >> 16 & 0x8000, ax = x & 0x7fffffff;
	if (ax > 0x7f800000)
		return (uint16_t)(sign | 0x7e00);
	if (ax >= 0x477ff000) /* rounds to inf */
		return (uint16_t)(sign | 0x7c00);
	if (ax < 0x38800000) { /* f16 subnormal or zero: scale by 2^24 and round */
		float m = fabsf(f) * 16777216.0f;
		return (uint16_t)(sign | (uint32_t)nearbyintf(m));
	}
	uint32_t r = ax - 0x38000000; /* rebias exponent 127 -> 15 (shifted by 13) */
	uint32_t h = r >> 13, rest = r & 0x1fff;
	if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
		h++;
	return (uint16_t)(sign | h);
}

/* A double rounded once to binary16 (nearest even): exact when the double holds
 * the exact value, e.g. a product of two halves plus a third. */
uint16_t cx_d2h(double d)
{
	uint16_t sign = signbit(d) ? 0x8000 : 0;
	double a = fabs(d);
	if (isnan(d))
		return 0x7e00;
	if (a < 0x1p-14) /* subnormal: a multiple of 2^-24 after rounding */
		return (uint16_t)(sign | (uint32_t)nearbyint(a * 0x1p24));
	int e;
	double f = frexp(a, &e); /* a = f 2^e, f in [0.5, 1) */
	uint32_t m = (uint32_t)nearbyint(f * 2048.0);
	if (m == 2048)
		m = 1024, e++;
	if (e - 1 + 15 >= 31)
		return (uint16_t)(sign | 0x7c00);
	return (uint16_t)(sign | (uint32_t)(e - 1 + 15) << 10 | (m - 1024));
}

float cx_h2f(uint16_t h)
{
	uint32_t e = h >> 10 & 0x1f, m = h & 0x3ff;
	float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 0x400), (int)e - 25);
	return (h & 0x8000) ? -v : v;
}

uint16_t cx_f2bf(float f)
{
	uint32_t x;
	memcpy(&x, &f, 4);
	if ((x & 0x7fffffff) > 0x7f800000)
		return (uint16_t)(x >> 16 | 0x40);
	x += 0x7fff + (x >> 16 & 1);
	return (uint16_t)(x >> 16);
}

float cx_bf2f(uint16_t b)
{
	uint32_t x = (uint32_t)b << 16;
	float f;
	memcpy(&f, &x, 4);
	return f;
}

uint32_t cx_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

float cx_randf(uint32_t *s, float lo, float hi)
{
	return lo + (hi - lo) * (float)(cx_rand(s) >> 8) / 16777216.0f;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: corpus_test DIR...\n");
		return 2;
	}
	void (*const groups[])(struct cx *) = { corpus_wave, corpus_atomics, corpus_half, corpus_intmath,
						 corpus_math, corpus_rows, corpus_asm, corpus_hgemm };
	for (int a = 1; a < argc; a++) {
		struct cx c = { .dir = argv[a] };
		char tag[32];
		snprintf(tag, sizeof tag, "llvm%s", llvm_major());
		c.tag = tag;
		for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
			groups[g](&c);
		if (c.open)
			th_close(&c.t);
	}
	th_cleanup(check_failures);
	return check_exit();
}
