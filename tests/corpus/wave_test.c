/* Checks of tests/corpus/wave.hip: each reference simulates the 32 lanes of a
 * wave in C, step by step as the kernel's source states them. */
#include "tests/corpus/corpus.h"

#include <math.h>
#include <string.h>

enum { W = 32, NW = 4, N = W * NW }; /* four waves: two workgroups of 64 */

static void ints(int32_t *v, int n, uint32_t seed, int range)
{
	for (int i = 0; i < n; i++)
		v[i] = (int32_t)(cx_rand(&seed) % (uint32_t)(2 * range + 1)) - range;
}

/* Run kernel(in, out) on N ints, out of out_n ints; 0 or EMU_E_*. */
static int run_io(struct cx *c, const char *k, const void *in, size_t in_bytes, void *out, size_t out_bytes)
{
	uint64_t din = cx_in(c, in, in_bytes), dout = cx_buf(c, NULL, out_bytes);
	struct { uint64_t in, out; } ka = { din, dout };
	int rc = cx_run(c, k, &ka, sizeof ka, N / 64, 64);
	cx_get(c, dout, out, out_bytes);
	return rc;
}

static void check_i32(struct cx *c, const char *name, int rc, const int32_t *got, const int32_t *want, int n)
{
	int bad = cx_diff_i32(got, want, n);
	cx_ok(c, rc == 0 && bad < 0, name, "rc %d %s; element %d: %d, want %d", rc, c->t.err, bad,
	      bad >= 0 ? got[bad] : 0, bad >= 0 ? want[bad] : 0);
}

static void shfl_reductions(struct cx *c)
{
	int32_t in[N], out[N], want[N];
	ints(in, N, 7, 1000);
	int rc = run_io(c, "wave_sum_shfl_xor", in, sizeof in, out, sizeof out);
	for (int w = 0; w < NW; w++) {
		int s = 0;
		for (int l = 0; l < W; l++)
			s += in[w * W + l];
		for (int l = 0; l < W; l++)
			want[w * W + l] = s;
	}
	check_i32(c, "wave_sum_shfl_xor", rc, out, want, N);

	float fin[N], fout[NW], fwant[NW];
	uint32_t seed = 11;
	for (int i = 0; i < N; i++)
		fin[i] = cx_randf(&seed, -100.0f, 100.0f);
	rc = run_io(c, "wave_max_shfl_down", fin, sizeof fin, fout, sizeof fout);
	for (int w = 0; w < NW; w++) {
		fwant[w] = fin[w * W];
		for (int l = 1; l < W; l++)
			fwant[w] = fmaxf(fwant[w], fin[w * W + l]);
	}
	cx_ok(c, rc == 0 && memcmp(fout, fwant, sizeof fout) == 0, "wave_max_shfl_down", "rc %d %s; %g vs %g", rc,
	      c->t.err, fout[0], fwant[0]);

	rc = run_io(c, "wave_fsum_shfl_down", fin, sizeof fin, fout, sizeof fout);
	for (int w = 0; w < NW; w++) {
		float v[W], t[W];
		memcpy(v, fin + w * W, sizeof v);
		for (int d = 16; d > 0; d >>= 1) {
			for (int l = 0; l < W; l++)
				t[l] = v[l] + v[l + d < W ? l + d : l];
			memcpy(v, t, sizeof v);
		}
		fwant[w] = v[0];
	}
	cx_ok(c, rc == 0 && memcmp(fout, fwant, sizeof fout) == 0, "wave_fsum_shfl_down_bit_exact", "rc %d %s; %a vs %a",
	      rc, c->t.err, fout[0], fwant[0]);
}

static void scans(struct cx *c)
{
	int32_t in[N], out[N], want[N];
	ints(in, N, 3, 500);
	for (int w = 0; w < NW; w++)
		for (int l = 0, s = 0; l < W; l++)
			want[w * W + l] = s += in[w * W + l];
	int rc = run_io(c, "wave_scan_shfl_up", in, sizeof in, out, sizeof out);
	check_i32(c, "wave_scan_shfl_up", rc, out, want, N);
	rc = run_io(c, "wave_scan_dpp", in, sizeof in, out, sizeof out);
	check_i32(c, "wave_scan_dpp_row_shr", rc, out, want, N);
	for (int w = 0; w < NW; w++)
		for (int l = 0; l < W; l++)
			want[w * W + l] = want[w * W + W - 1];
	rc = run_io(c, "wave_sum_dpp_xmask", in, sizeof in, out, sizeof out);
	check_i32(c, "wave_sum_dpp_row_xmask_swizzle", rc, out, want, N);
}

static void permutes(struct cx *c)
{
	int32_t in[N], out[5 * W], want[5 * W];
	for (int i = 0; i < N; i++)
		in[i] = 1000 + i;
	uint64_t din = cx_in(c, in, sizeof in), dout = cx_buf(c, NULL, sizeof out);
	struct { uint64_t in, out; } ka = { din, dout };
	int rc = cx_run(c, "swizzle_modes", &ka, sizeof ka, 1, 32);
	cx_get(c, dout, out, sizeof out);
	for (int l = 0; l < W; l++) {
		want[l] = 1000 + ((l & ~3) | (3 - (l & 3)));
		want[W + l] = 1000 + (l ^ 1);
		want[2 * W + l] = 1000 + (l ^ 7);
		want[3 * W + l] = 1000 + ((l & 0x18) | 7);
		want[4 * W + l] = 1000 + (((l & 0x1c) | 2) ^ 5);
	}
	check_i32(c, "ds_swizzle_modes", rc, out, want, 5 * W);

	dout = cx_buf(c, NULL, 2 * W * 4);
	ka.out = dout;
	rc = cx_run(c, "dpp8_perms", &ka, sizeof ka, 1, 32);
	cx_get(c, dout, out, 2 * W * 4);
	for (int l = 0; l < W; l++) {
		want[l] = 1000 + ((l & ~7) | (7 - (l & 7)));
		want[W + l] = 1000 + ((l & ~7) | ((l + 1) & 7));
	}
	check_i32(c, "dpp8_reverse_rotate", rc, out, want, 2 * W);
}

static void ballots(struct cx *c)
{
	int32_t in[N], out[N], count[NW], want[N], wcount[NW];
	ints(in, N, 5, 100);
	uint64_t din = cx_in(c, in, sizeof in), dout = cx_buf(c, NULL, sizeof out), dcnt = cx_buf(c, NULL, sizeof count);
	struct { uint64_t in, out, count; int32_t thr; } ka = { din, dout, dcnt, 20 };
	int rc = cx_run(c, "wave_compact", &ka, sizeof ka, N / 64, 64);
	cx_get(c, dout, out, sizeof out);
	cx_get(c, dcnt, count, sizeof count);
	memset(want, 0, sizeof want);
	for (int w = 0; w < NW; w++) {
		int k = 0;
		for (int l = 0; l < W; l++)
			if (in[w * W + l] > 20)
				want[w * W + k++] = in[w * W + l];
		wcount[w] = k;
	}
	check_i32(c, "ballot_mbcnt_compact", rc, out, want, N);
	check_i32(c, "ballot_popcount", rc, count, wcount, NW);

	struct { uint64_t in, out; } kb = { din, dout };
	rc = cx_run(c, "wave_first_lane", &kb, sizeof kb, N / 64, 64);
	cx_get(c, dout, out, sizeof out);
	for (int i = 0; i < N; i++)
		want[i] = (i % W) >= 5 ? in[(i / W) * W + 5] : -1;
	check_i32(c, "readfirstlane_after_branch", rc, out, want, N);
}

void corpus_wave(struct cx *c)
{
	if (!cx_open(c, "wave"))
		return;
	shfl_reductions(c);
	scans(c);
	permutes(c);
	ballots(c);
}
