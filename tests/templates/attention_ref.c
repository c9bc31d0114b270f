/* attention_ref.c — inputs and a reference for tests/templates/attention.sh.
 *
 *   attention_ref gen DIR B HQ HKV SQ SKV D DTYPE SEED
 *     writes DIR/q.bin, k.bin, v.bin ([B, H, S, D], contiguous, DTYPE f16|bf16):
 *     uniform values on a grid the format holds exactly;
 *   attention_ref check DIR B HQ HKV SQ SKV D DTYPE OUT CAUSAL SCALE [LSE [bshd]]
 *     compares DIR/o.bin (OUT f16|bf16|f32) and, with LSE, DIR/lse.bin (f32)
 *     with softmax(SCALE Q K^T + mask) V in double; prints the largest errors
 *     and "check: PASSED" or "check: FAILED".  bshd: Q, K, V and O are
 *     [B, S, H, D] in memory (the generator's values are the same bytes).
 * The bound: p is rounded to DTYPE before P V and O to OUT, inputs are in
 * [-1, 1], so |error| <= 2 u_in + u_out plus the sums' f32 rounding. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint16_t to_bits(double x, int bf16)
{
	float f = (float)x;
	uint32_t u;
	memcpy(&u, &f, 4);
	if (bf16)
		return (uint16_t)(u >> 16);
	/* x is a normal f16 value or 0 (the generator's grid) */
	if (f == 0)
		return 0;
	uint32_t s = (u >> 16) & 0x8000, e = (u >> 23) & 0xff, m = u & 0x7fffff;
	return (uint16_t)(s | ((e - 127 + 15) << 10) | (m >> 13));
}

static double from_bits(uint16_t h, int bf16)
{
	if (bf16) {
		uint32_t u = (uint32_t)h << 16;
		float f;
		memcpy(&f, &u, 4);
		return f;
	}
	int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
	double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(1024 + m, e - 25);
	return s ? -v : v;
}

/* Element (b, h, s, 0) of a [B, H, S, D] tensor stored [B, H, S, D] or, bshd, [B, S, H, D]. */
static int bshd;
static long row_at(long b, long h, long s, long H, long S, long D)
{
	return (bshd ? (b * S + s) * H + h : (b * H + h) * S + s) * D;
}

static void *slurp(const char *dir, const char *name, size_t bytes)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "rb");
	void *p = malloc(bytes ? bytes : 1);
	if (!f || !p || fread(p, 1, bytes, f) != bytes) {
		fprintf(stderr, "attention_ref: cannot read %zu bytes of %s\n", bytes, path);
		exit(2);
	}
	fclose(f);
	return p;
}

static void gen(const char *dir, const long *n, int bf16, unsigned seed)
{
	static const char *const names[] = { "q.bin", "k.bin", "v.bin" };
	size_t counts[3] = { (size_t)(n[0] * n[1] * n[3] * n[5]), (size_t)(n[0] * n[2] * n[4] * n[5]),
			     (size_t)(n[0] * n[2] * n[4] * n[5]) };
	int grid = bf16 ? 128 : 1024;
	srand(seed);
	for (int t = 0; t < 3; t++) {
		uint16_t *b = malloc(counts[t] * 2 + 2);
		for (size_t i = 0; i < counts[t]; i++)
			b[i] = to_bits((double)(rand() % (2 * grid) - grid) / grid, bf16);
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, names[t]);
		FILE *f = fopen(path, "wb");
		if (!f || fwrite(b, 2, counts[t], f) != counts[t] || fclose(f)) {
			fprintf(stderr, "attention_ref: cannot write %s\n", path);
			exit(2);
		}
		free(b);
	}
}

static int check(const char *dir, const long *n, int bf16, int out, int causal, double scale, int lse)
{
	long B = n[0], HQ = n[1], HKV = n[2], SQ = n[3], SKV = n[4], D = n[5];
	uint16_t *q = slurp(dir, "q.bin", (size_t)(B * HQ * SQ * D) * 2);
	uint16_t *k = slurp(dir, "k.bin", (size_t)(B * HKV * SKV * D) * 2);
	uint16_t *v = slurp(dir, "v.bin", (size_t)(B * HKV * SKV * D) * 2);
	size_t osz = out == 2 ? 4 : 2;
	unsigned char *o = slurp(dir, "o.bin", (size_t)(B * HQ * SQ * D) * osz);
	float *l = lse ? slurp(dir, "lse.bin", (size_t)(B * HQ * SQ) * 4) : NULL;
	double *s = malloc((size_t)SKV * sizeof *s), worst = 0, worst_lse = 0;
	if (!s) {
		fprintf(stderr, "attention_ref: out of memory\n");
		exit(2);
	}
	double tol = (bf16 ? 2.0 / 256 : 2.0 / 2048) + (out == 1 ? 1.0 / 256 : out == 0 ? 1.0 / 2048 : 0) + 1e-4;
	long bad = 0;
	for (long b = 0; b < B; b++)
		for (long h = 0; h < HQ; h++)
			for (long i = 0; i < SQ; i++) {
				long hk = h / (HQ / HKV), see = causal ? i + SKV - SQ + 1 : SKV;
				if (see > SKV)
					see = SKV;
				const uint16_t *qr = q + row_at(b, h, i, HQ, SQ, D);
				double m = -INFINITY, sum = 0;
				for (long j = 0; j < see; j++) {
					const uint16_t *kr = k + row_at(b, hk, j, HKV, SKV, D);
					double dot = 0;
					for (long d = 0; d < D; d++)
						dot += from_bits(qr[d], bf16) * from_bits(kr[d], bf16);
					s[j] = dot * scale;
					m = s[j] > m ? s[j] : m;
				}
				for (long j = 0; j < see; j++)
					sum += exp(s[j] - m);
				for (long d = 0; d < D; d++) {
					double ref = 0;
					for (long j = 0; j < see; j++)
						ref += exp(s[j] - m) * from_bits(v[row_at(b, hk, j, HKV, SKV, D) + d], bf16);
					ref = see > 0 ? ref / sum : 0;
					size_t at = (size_t)(row_at(b, h, i, HQ, SQ, D) + d);
					double got;
					if (out == 2) {
						float f;
						memcpy(&f, o + at * 4, 4);
						got = f;
					} else {
						uint16_t hb;
						memcpy(&hb, o + at * 2, 2);
						got = from_bits(hb, out == 1);
					}
					double e = fabs(got - ref);
					if (!(e <= tol)) {
						if (bad++ < 5)
							printf("o[%ld][%ld][%ld][%ld] = %g, want %g\n", b, h, i, d, got, ref);
						e = isnan(e) ? INFINITY : e;
					}
					worst = e > worst ? e : worst;
				}
				if (l) {
					double want = see > 0 ? m + log(sum) : -INFINITY, got = l[(b * HQ + h) * SQ + i];
					double e = want == got ? 0 : fabs(got - want);
					if (!(e <= 1e-3 * (1 + fabs(want)))) {
						if (bad++ < 5)
							printf("lse[%ld][%ld][%ld] = %g, want %g\n", b, h, i, got, want);
						e = isnan(e) ? INFINITY : e;
					}
					worst_lse = e > worst_lse ? e : worst_lse;
				}
			}
	printf("max |o - ref| = %.3g (bound %.3g)", worst, tol);
	if (l)
		printf(", max |lse - ref| = %.3g", worst_lse);
	printf("\ncheck: %s\n", bad ? "FAILED" : "PASSED");
	free(q), free(k), free(v), free(o), free(l), free(s);
	return bad ? 1 : 0;
}

static int type_of(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(s, names[i]))
			return i;
	fprintf(stderr, "attention_ref: unknown type %s\n", s);
	exit(2);
}

int main(int argc, char **argv)
{
	static const char *const in_types[] = { "f16", "bf16" }, *const out_types[] = { "f16", "bf16", "f32" };
	long n[6];
	if (argc < 11 || (strcmp(argv[1], "gen") && strcmp(argv[1], "check"))) {
		fprintf(stderr, "usage: attention_ref gen|check DIR B HQ HKV SQ SKV D DTYPE ...\n");
		return 2;
	}
	for (int i = 0; i < 6; i++)
		n[i] = strtol(argv[3 + i], NULL, 10);
	int bf16 = type_of(argv[9], in_types, 2);
	if (!strcmp(argv[1], "gen"))
		return gen(argv[2], n, bf16, (unsigned)strtoul(argv[10], NULL, 10)), 0;
	if (argc < 14) {
		fprintf(stderr, "usage: attention_ref check DIR B HQ HKV SQ SKV D DTYPE OUT CAUSAL SCALE [LSE [bshd]]\n");
		return 2;
	}
	bshd = argc > 14 && !strcmp(argv[14], "bshd");
	return check(argv[2], n, bf16, type_of(argv[10], out_types, 3), atoi(argv[11]), strtod(argv[12], NULL),
		     argc > 13 && atoi(argv[13]));
}
