/* Checks of tests/corpus/atomics.hip: results that do not depend on the order
 * in which lanes and workgroups reach the atomics (counts, exact float sums of
 * small integers, min/max, permutations). */
#include "tests/corpus/corpus.h"

#include <stdlib.h>
#include <string.h>

enum { N = 1000, B = 128, G = (N + B - 1) / B };

static int cmp_i32(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

static void counters(struct cx *c, const int32_t *in, uint64_t din)
{
	int32_t cnt[16], want[16] = { 0 };
	uint64_t dc = cx_buf(c, NULL, sizeof cnt);
	struct { uint64_t in, count; int32_t n; } k1 = { din, dc, N };
	int rc = cx_run(c, "count_buckets", &k1, sizeof k1, G, B);
	cx_get(c, dc, cnt, sizeof cnt);
	for (int i = 0; i < N; i++)
		want[(uint32_t)in[i] % 16u]++;
	int bad = cx_diff_i32(cnt, want, 16);
	cx_ok(c, rc == 0 && bad < 0, "atomic_add_counters", "rc %d %s; bucket %d: %d, want %d", rc, c->t.err, bad,
	      bad >= 0 ? cnt[bad] : 0, bad >= 0 ? want[bad] : 0);

	int32_t mm[2] = { INT32_MAX, INT32_MIN }, wmm[2] = { INT32_MAX, INT32_MIN };
	uint64_t dm = cx_buf(c, mm, sizeof mm);
	struct { uint64_t in, mm; int32_t n; } k2 = { din, dm, N };
	rc = cx_run(c, "atomic_minmax", &k2, sizeof k2, G, B);
	cx_get(c, dm, mm, sizeof mm);
	for (int i = 0; i < N; i++) {
		wmm[0] = in[i] < wmm[0] ? in[i] : wmm[0];
		wmm[1] = in[i] > wmm[1] ? in[i] : wmm[1];
	}
	cx_ok(c, rc == 0 && mm[0] == wmm[0] && mm[1] == wmm[1], "atomic_min_max", "rc %d %s; %d %d, want %d %d", rc,
	      c->t.err, mm[0], mm[1], wmm[0], wmm[1]);

	int32_t out[N], sorted_in[N];
	uint32_t next = 0;
	uint64_t dout = cx_buf(c, NULL, sizeof out), dn = cx_buf(c, &next, 4);
	struct { uint64_t in, out, next; int32_t n; } k3 = { din, dout, dn, N };
	rc = cx_run(c, "ticket_slots", &k3, sizeof k3, G, B);
	cx_get(c, dout, out, sizeof out);
	cx_get(c, dn, &next, 4);
	memcpy(sorted_in, in, sizeof sorted_in);
	qsort(out, N, 4, cmp_i32);
	qsort(sorted_in, N, 4, cmp_i32);
	cx_ok(c, rc == 0 && next == N && memcmp(out, sorted_in, sizeof out) == 0, "atomic_ticket_permutation",
	      "rc %d %s; %u tickets", rc, c->t.err, next);
}

static void floats(struct cx *c)
{
	float in[N], sum = 0, want = 0;
	uint32_t s = 9;
	for (int i = 0; i < N; i++) {
		in[i] = (float)((int)(cx_rand(&s) % 201) - 100); /* small integers: any order is exact */
		want += in[i];
	}
	uint64_t din = cx_in(c, in, sizeof in), ds = cx_buf(c, NULL, 4);
	struct { uint64_t in, sum; int32_t n; } k = { din, ds, N };
	int rc = cx_run(c, "atomic_fsum", &k, sizeof k, G, B);
	cx_get(c, ds, &sum, 4);
	cx_ok(c, rc == 0 && sum == want, "atomic_add_f32", "rc %d %s; %g, want %g", rc, c->t.err, sum, want);

	float mx = -1e30f, wmx = -1e30f;
	for (int i = 0; i < N; i++) {
		in[i] = cx_randf(&s, -50.0f, 50.0f);
		wmx = in[i] > wmx ? in[i] : wmx;
	}
	din = cx_in(c, in, sizeof in);
	uint64_t dm = cx_buf(c, &mx, 4);
	k.in = din, k.sum = dm;
	rc = cx_run(c, "cas_fmax", &k, sizeof k, G, B);
	cx_get(c, dm, &mx, 4);
	cx_ok(c, rc == 0 && mx == wmx, "cas_loop_float_max", "rc %d %s; %g, want %g", rc, c->t.err, mx, wmx);
}

static void histogram(struct cx *c)
{
	enum { HN = 5000 };
	uint8_t in[HN];
	uint32_t hist[256], want[256] = { 0 }, s = 4;
	for (int i = 0; i < HN; i++) {
		in[i] = (uint8_t)(cx_rand(&s) % 97 + (i & 1) * 100);
		want[in[i]]++;
	}
	uint64_t din = cx_in(c, in, sizeof in), dh = cx_buf(c, NULL, sizeof hist);
	struct { uint64_t in, hist; int32_t n; } k = { din, dh, HN };
	int rc = cx_run(c, "histogram256", &k, sizeof k, 4, 256);
	cx_get(c, dh, hist, sizeof hist);
	int bad = cx_diff_i32((const int32_t *)hist, (const int32_t *)want, 256);
	cx_ok(c, rc == 0 && bad < 0, "lds_atomic_histogram", "rc %d %s; bin %d: %u, want %u", rc, c->t.err, bad,
	      bad >= 0 ? hist[bad] : 0, bad >= 0 ? want[bad] : 0);

	uint64_t v[N], acc[2] = { 0, 0 }, wsum = 0;
	for (int i = 0; i < N; i++)
		wsum += v[i] = (uint64_t)cx_rand(&s) << 20 | cx_rand(&s);
	uint64_t dv = cx_in(c, v, sizeof v), da = cx_buf(c, acc, sizeof acc);
	struct { uint64_t in, acc; int32_t n; } k2 = { dv, da, N };
	rc = cx_run(c, "atomic_u64", &k2, sizeof k2, G, B);
	cx_get(c, da, acc, sizeof acc);
	cx_ok(c, rc == 0 && acc[0] == wsum && acc[1] == 0x123456789abcdefull, "atomic_add_swap_u64",
	      "rc %d %s; %llx %llx", rc, c->t.err, (unsigned long long)acc[0], (unsigned long long)acc[1]);
}

void corpus_atomics(struct cx *c)
{
	if (!cx_open(c, "atomics"))
		return;
	int32_t in[N];
	uint32_t s = 21;
	for (int i = 0; i < N; i++)
		in[i] = (int32_t)(cx_rand(&s) % 20001) - 10000;
	counters(c, in, cx_in(c, in, sizeof in));
	floats(c);
	histogram(c);
}
