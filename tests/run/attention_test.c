/* attention_test.c — the attention runner (run/attention.h) without a GPU
 * kernel: the reference on rows computed by hand, the mask, the bound's
 * shape, and the whole runner (arguments by name, strides, grid, fills,
 * split-KV workspace, check) against a host kernel behind a fake loader
 * backend.  The host kernel does what docs/attention.md asks of a kernel,
 * in the kernel's arithmetic (f32 scores, exp2 in f32, P rounded to the
 * input type, the online softmax over tiles of 16 keys, the split-KV
 * combination by the last workgroup), so its O must pass the check; broken
 * on purpose, it must fail it. */
#include "run/attention.h"
#include "tests/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the reference and the bound */

static void test_reference(void)
{
	/* scale_log2 1: scores 0 and 1 weigh 2^-1 and 2^0; O = (0.5 v0 + v1) / 1.5 */
	const double q[2] = { 1, 0 }, k[4] = { 0, 5, 1, 7 }, v[4] = { 3, 0, 0, 3 };
	double o[2], vmax[2], lse, sabs, sc[2];
	attention_reference_row(q, k, 2, v, 2, 2, 2, 1.0, sc, o, vmax, &lse, &sabs);
	checkf(fabs(o[0] - 1) < 1e-15 && fabs(o[1] - 2) < 1e-15, "reference_two_keys", "O = %.17g %.17g, want 1 2",
	       o[0], o[1]);
	checkf(fabs(lse - log(3.0)) < 1e-15, "reference_lse", "lse %.17g, want ln 3", lse);
	checkf(vmax[0] == 3 && vmax[1] == 3 && sabs == 1, "reference_magnitudes", "vmax %g %g, score_abs %g", vmax[0],
	       vmax[1], sabs);
	/* one key: O is its v, whatever the score */
	attention_reference_row(q, k + 2, 2, v + 2, 2, 2, 1, 3.0, sc, o, vmax, &lse, &sabs);
	checkf(o[0] == 0 && o[1] == 3 && fabs(lse - 3 * M_LN2) < 1e-15, "reference_one_key",
	       "O = %g %g, lse %.17g", o[0], o[1], lse);
	/* equal scores: the mean of the values */
	const double k0[4] = { 0, 1, 0, -1 };
	attention_reference_row(q, k0, 2, v, 2, 2, 2, 1.0, sc, o, vmax, &lse, &sabs);
	checkf(o[0] == 1.5 && o[1] == 1.5 && fabs(lse - M_LN2) < 1e-15, "reference_equal_scores", "O = %g %g", o[0],
	       o[1]);
	attention_reference_row(q, k, 2, v, 2, 2, 0, 1.0, sc, o, vmax, &lse, &sabs);
	check(o[0] == 0 && o[1] == 0 && isinf(lse) && lse < 0 && vmax[0] == 0, "reference_no_key", "");
}

static void test_visible(void)
{
	/* S_q 4 < S_kv 6: the last query sees every key, the first 3 */
	check(attention_visible(4, 6, true, 0) == 3 && attention_visible(4, 6, true, 3) == 6, "visible_causal_short_q",
	      "");
	/* S_q 6 > S_kv 4: the first two queries see nothing */
	check(attention_visible(6, 4, true, 0) == 0 && attention_visible(6, 4, true, 1) == 0 &&
	      attention_visible(6, 4, true, 2) == 1 && attention_visible(6, 4, true, 5) == 4, "visible_causal_long_q", "");
	check(attention_visible(1, 8192, true, 0) == 8192 && attention_visible(77, 301, false, 0) == 301,
	      "visible_decode_and_full", "");
}

static void test_bound(void)
{
	struct attention_bound a, b, c, d;
	double sl = M_LOG2E / 8;
	attention_bound(ATTN_F16, ATTN_F32, 64, 301, sl, 20, &a);
	attention_bound(ATTN_BF16, ATTN_F32, 64, 301, sl, 20, &b);
	attention_bound(ATTN_F16, ATTN_F32, 64, 8192, sl, 20, &c);
	attention_bound(ATTN_F16, ATTN_F16, 64, 301, sl, 20, &d);
	/* P's rounding dominates: a little over u_in */
	checkf(a.v_coef > 0x1p-11 && a.v_coef < 0x1p-10, "bound_f16_near_u", "v_coef %g", a.v_coef);
	checkf(b.v_coef > 0x1p-8 && b.v_coef < 0x1p-7, "bound_bf16_near_u", "v_coef %g", b.v_coef);
	checkf(c.v_coef > a.v_coef && c.lse_abs > a.lse_abs, "bound_grows_with_skv", "%g %g", c.v_coef, a.v_coef);
	checkf(d.out_rel > 0x1p-11 && a.out_rel < 0x1p-23, "bound_output_rounding", "%g %g", d.out_rel, a.out_rel);
	checkf(a.lse_abs > 0 && a.lse_abs < 1e-3, "bound_lse", "lse_abs %g", a.lse_abs);
	attention_bound(ATTN_F16, ATTN_F32, 128, 301, sl, 1e9, &a);
	checkf(a.v_coef <= 2 * (1 + 0x1p-24) && a.v_coef > 1, "bound_saturates", "v_coef %g", a.v_coef);
}

static void test_round(void)
{
	check(attention_round(ATTN_F16, 1 + 0x1p-11) == 1 && attention_round(ATTN_F16, 1 + 3 * 0x1p-11) == 1 + 0x1p-9,
	      "round_f16_nearest_even", "");
	check(attention_round(ATTN_BF16, 1 + 0x1p-8) == 1 && attention_round(ATTN_BF16, 1 + 3 * 0x1p-8) == 1 + 0x1p-6,
	      "round_bf16_nearest_even", "");
	const uint16_t h = 0x3c00, bf = 0x3f80;
	check(attention_load(ATTN_F16, &h) == 1 && attention_load(ATTN_BF16, &bf) == 1, "load_16bit", "");
}

/* ---- the host kernel behind a fake backend: device addresses are host
 * pointers */

enum bug { BUG_NONE, BUG_NO_MASK, BUG_PAST_END, BUG_SKIP_ROW, BUG_GQA, BUG_LSE, BUG_COUNT };
static const char *const bug_names[BUG_COUNT] = { "none", "no_mask", "past_end", "skip_row", "gqa", "lse" };

struct host {
	enum bug bug;
	unsigned launches;
};

static int h_load(struct ld_backend *b, const struct ld_code_object *co, void **m, char *e, size_t n)
{
	(void)co, (void)e, (void)n;
	*m = b->impl;
	return LD_OK;
}
static void h_unload(struct ld_backend *b, void *m)
{
	(void)b, (void)m;
}
static int h_alloc(struct ld_backend *b, size_t bytes, uint64_t *addr, char *e, size_t n)
{
	(void)b, (void)e, (void)n;
	void *p = malloc(bytes);
	*addr = (uint64_t)(uintptr_t)p;
	return p ? LD_OK : LD_E_NOMEM;
}
static void h_free(struct ld_backend *b, uint64_t addr)
{
	(void)b;
	free((void *)(uintptr_t)addr);
}
static int h_write(struct ld_backend *b, uint64_t dst, const void *src, size_t n, char *e, size_t el)
{
	(void)b, (void)e, (void)el;
	memcpy((void *)(uintptr_t)dst, src, n);
	return LD_OK;
}
static int h_read(struct ld_backend *b, void *dst, uint64_t src, size_t n, char *e, size_t el)
{
	(void)b, (void)e, (void)el;
	memcpy(dst, (const void *)(uintptr_t)src, n);
	return LD_OK;
}

/* The contract's arguments, in its order. */
static const char *const arg_names[] = {
	"q", "k", "v", "o", "lse", "ws", "scale_log2", "batch", "hq", "hkv", "sq", "skv",
	"q_sb", "q_sh", "q_ss", "k_sb", "k_sh", "k_ss", "v_sb", "v_sh", "v_ss", "o_sb", "o_sh", "o_ss",
};
enum { NARGS = sizeof arg_names / sizeof arg_names[0], NPTR = 6 };

struct hargs {
	uint64_t ptr[NPTR];
	float scale_log2;
	uint32_t u[NARGS - NPTR - 1];   /* batch .. o_ss */
};

static void read_args(const struct ld_kernel *k, const struct ld_kargs *ka, struct hargs *h)
{
	for (unsigned i = 0; i < NARGS; i++) {
		const struct ld_arg *a = ld_arg_find(k, arg_names[i]);
		void *dst = i < NPTR ? (void *)&h->ptr[i] : i == NPTR ? (void *)&h->scale_log2 : (void *)&h->u[i - NPTR - 1];
		memcpy(dst, ka->buf + a->offset, a->size);
	}
}

static int64_t meta(const struct ld_kernel *k, const char *key)
{
	int64_t v = 0;
	ld_kernel_meta_int(k, key, &v);
	return v;
}

static enum attention_fmt fmt_of(const char *s)
{
	return !strcmp(s, "f16") ? ATTN_F16 : !strcmp(s, "bf16") ? ATTN_BF16 : ATTN_F32;
}

static void put(enum attention_fmt f, uint64_t base, size_t i, double x)
{
	if (f == ATTN_F32) {
		float v = (float)x;
		memcpy((char *)(uintptr_t)base + 4 * i, &v, 4);
	} else if (f == ATTN_F16) {
		_Float16 v = (_Float16)(float)x;
		memcpy((char *)(uintptr_t)base + 2 * i, &v, 2);
	} else {
		float v = (float)attention_round(ATTN_BF16, (float)x);
		uint32_t u;
		memcpy(&u, &v, 4);
		uint16_t t = (uint16_t)(u >> 16);
		memcpy((char *)(uintptr_t)base + 2 * i, &t, 2);
	}
}

static float get(enum attention_fmt f, uint64_t base, size_t i)
{
	return (float)attention_load(f, (const char *)(uintptr_t)base + (f == ATTN_F32 ? 4 : 2) * i);
}

/* One query row over keys [j0, j1) in the kernel's arithmetic: the running
 * max m and sum l and the f32 accumulator, updated per tile of 16 keys. */
struct row_state {
	float m, l, acc[128];
};

static void host_row(const struct hargs *h, enum attention_fmt in, unsigned d, uint32_t b, uint32_t hq_i, uint32_t kh,
		     uint32_t i, uint32_t j0, uint32_t j1, uint32_t nvis, struct row_state *r)
{
	const uint32_t *u = h->u;   /* batch hq hkv sq skv, then q/k/v/o strides */
	size_t qe = (size_t)b * u[5] + (size_t)hq_i * u[6] + (size_t)i * u[7];
	r->m = -INFINITY, r->l = 0;
	memset(r->acc, 0, sizeof r->acc);
	for (uint32_t t0 = j0; t0 < j1; t0 += 16) {
		float t[16], mt = r->m;
		uint32_t t1 = t0 + 16 < j1 ? t0 + 16 : j1;
		for (uint32_t j = t0; j < t1; j++) {
			size_t ke = (size_t)b * u[8] + (size_t)kh * u[9] + (size_t)j * u[10];
			float s = 0;
			for (unsigned x = 0; x < d; x++)
				s += get(in, h->ptr[0], qe + x) * get(in, h->ptr[1], ke + x);
			t[j - t0] = j < nvis ? s * h->scale_log2 : -INFINITY;
			mt = fmaxf(mt, t[j - t0]);
		}
		if (mt == -INFINITY)
			continue;
		float alpha = exp2f(r->m - mt);
		r->l *= alpha;
		for (unsigned x = 0; x < d; x++)
			r->acc[x] *= alpha;
		for (uint32_t j = t0; j < t1; j++) {
			float p = exp2f(t[j - t0] - mt), pr = (float)attention_round(in, p);
			size_t ve = (size_t)b * u[11] + (size_t)kh * u[12] + (size_t)j * u[13];
			r->l += p;
			for (unsigned x = 0; x < d; x++)
				r->acc[x] += pr * get(in, h->ptr[2], ve + x);
		}
		r->m = mt;
	}
}

/* Row r of grid y: its query and query head; packed (.rdna3.gqa_pack), y is
 * the key/value head and r the pair (query r / G, head y G + r % G). */
static void host_pair(bool pack, uint32_t G, uint32_t y, uint32_t r, uint32_t *i, uint32_t *hq_i)
{
	*i = pack ? r / G : r;
	*hq_i = pack ? y * G + r % G : y;
}

/* Workgroup (x, y, z): its block of rows, its chunk of keys; with a split
 * the partials into ws and the last of the chunks combines them. */
static void host_workgroup(const struct ld_kernel *k, const struct hargs *h, enum bug bug, const uint32_t grid[3],
			   uint32_t x, uint32_t y, uint32_t z)
{
	const uint32_t *u = h->u;
	uint32_t B = u[0], HQ = u[1], HKV = u[2], SQ = u[3], SKV = u[4], G = HQ / HKV;
	unsigned d = (unsigned)meta(k, "head_dim"), bq = (unsigned)meta(k, "block_q");
	uint32_t split = (uint32_t)meta(k, "kv_split"), ns = split ? (SKV + split - 1) / split : 1;
	bool causal = meta(k, "causal"), lse = meta(k, "lse"), pack = meta(k, "gqa_pack") == 1;
	enum attention_fmt in = fmt_of(ld_kernel_meta_str(k, "dtype")), out = fmt_of(ld_kernel_meta_str(k, "out"));
	/* NH heads along y, R rows each: H_q and S_q, or packed H_kv and S_q G */
	uint32_t NH = pack ? HKV : HQ, R = pack ? SQ * G : SQ;
	uint32_t b = z / ns, s = z % ns;
	uint32_t j0 = split ? s * split : 0, j1 = split && j0 + split < SKV ? j0 + split : SKV;
	uint32_t r1 = (x + 1) * bq < R ? (x + 1) * bq : R;
	if (bug == BUG_SKIP_ROW && r1 == R)
		r1--;
	size_t rows = (size_t)B * HQ * ns * SQ;
	float *ws = (float *)(uintptr_t)h->ptr[5];
	struct row_state r;
	for (uint32_t ri = x * bq; ri < r1; ri++) {
		uint32_t i, hq_i;
		host_pair(pack, G, y, ri, &i, &hq_i);
		uint32_t kh = pack ? y : bug == BUG_GQA ? hq_i % HKV : hq_i / G;
		uint32_t nvis = bug == BUG_NO_MASK ? SKV : attention_visible(SQ, SKV, causal, i);
		host_row(h, in, d, b, hq_i, kh, i, j0, j1, nvis, &r);
		size_t oe = (size_t)b * u[14] + (size_t)hq_i * u[15] + (size_t)i * u[16];
		size_t wr = (((size_t)b * NH + y) * ns + s) * R + ri;
		for (unsigned c = 0; c < d; c++) {
			float o = r.l > 0 ? r.acc[c] / r.l : 0;
			if (split)
				ws[wr * d + c] = o;
			else
				put(out, h->ptr[3], oe + c, o);
		}
		if (split)
			ws[rows * d + 2 * wr] = r.m, ws[rows * d + 2 * wr + 1] = r.l;
		else if (lse)
			put(ATTN_F32, h->ptr[4], ((size_t)b * HQ + hq_i) * SQ + i,
			    r.l > 0 ? (r.m + log2f(r.l)) * (float)M_LN2 + (bug == BUG_LSE ? 0.01f : 0) : -INFINITY);
		if (bug == BUG_PAST_END && !split && i == SQ - 1 && b == B - 1 && hq_i == HQ - 1)
			put(out, h->ptr[3], oe + d, 0);   /* one past the last row: the guard, or a gap */
	}
	if (!split)
		return;
	uint32_t *cnt = (uint32_t *)(ws + rows * (d + 2)) + ((size_t)b * NH + y) * grid[0] + x;
	if ((*cnt)++ != ns - 1)
		return;
	*cnt = 0;
	for (uint32_t ri = x * bq; ri < r1; ri++) {
		float m = -INFINITY, l = 0, o[128] = { 0 };
		uint32_t i, hq_i;
		host_pair(pack, G, y, ri, &i, &hq_i);
		for (uint32_t t = 0; t < ns; t++)
			m = fmaxf(m, ws[rows * d + 2 * ((((size_t)b * NH + y) * ns + t) * R + ri)]);
		for (uint32_t t = 0; t < ns && m > -INFINITY; t++) {
			size_t wr = (((size_t)b * NH + y) * ns + t) * R + ri;
			float w = ws[rows * d + 2 * wr + 1] * exp2f(ws[rows * d + 2 * wr] - m);
			l += w;
			for (unsigned c = 0; c < d; c++)
				o[c] += w * ws[wr * d + c];
		}
		size_t oe = (size_t)b * u[14] + (size_t)hq_i * u[15] + (size_t)i * u[16];
		for (unsigned c = 0; c < d; c++)
			put(out, h->ptr[3], oe + c, l > 0 ? o[c] / l : 0);
		if (lse)
			put(ATTN_F32, h->ptr[4], ((size_t)b * HQ + hq_i) * SQ + i,
			    l > 0 ? (m + log2f(l)) * (float)M_LN2 : -INFINITY);
	}
}

static int h_launch(struct ld_backend *b, void *m, const struct ld_kernel *k, const struct ld_kargs *ka,
		    const uint32_t grid[3], const uint32_t block[3], unsigned reps, struct ld_run_stats *st, char *e,
		    size_t el)
{
	(void)m, (void)block, (void)e, (void)el;
	struct host *hs = b->impl;
	struct hargs h;
	read_args(k, ka, &h);
	for (unsigned r = 0; r < reps; r++, hs->launches++)
		for (uint32_t z = 0; z < grid[2]; z++)
			for (uint32_t y = 0; y < grid[1]; y++)
				for (uint32_t x = 0; x < grid[0]; x++)
					host_workgroup(k, &h, hs->bug, grid, x, y, z);
	st->runs = reps;
	st->best_ms = st->mean_ms = 1.0;
	return LD_OK;
}

static const struct ld_backend_ops host_ops = {
	.load = h_load, .unload = h_unload, .alloc = h_alloc, .free = h_free,
	.write = h_write, .read = h_read, .launch = h_launch,
};

/* A kernel as the loader would read it from the code object. */
#define NMETA 8
struct kernel_desc {
	unsigned d, block_q, causal, lse, kv_split;
	const char *dtype, *out;
	unsigned gqa_pack;
};

static void make_kernel(const struct kernel_desc *kd, struct ld_kernel *k, struct ld_arg *args, struct ld_meta_kv *kv)
{
	memset(k, 0, sizeof *k);
	snprintf(k->name, sizeof k->name, "attention_host");
	uint32_t off = 0;
	for (unsigned i = 0; i < NARGS; i++) {
		struct ld_arg *a = &args[i];
		memset(a, 0, sizeof *a);
		snprintf(a->name, sizeof a->name, "%s", arg_names[i]);
		a->kind = i < NPTR ? LD_ARG_GLOBAL_BUFFER : LD_ARG_BY_VALUE;
		snprintf(a->value_kind, sizeof a->value_kind, i < NPTR ? "global_buffer" : "by_value");
		a->size = i < NPTR ? 8 : 4;
		off = (off + a->size - 1) / a->size * a->size;
		a->offset = off;
		off += a->size;
	}
	k->args = args, k->nargs = NARGS;
	k->kernarg_size = k->explicit_kernarg_size = off;
	k->block_threads = 128, k->max_flat_workgroup_size = 128, k->wavefront_size = 32;
	const struct { const char *key; int64_t v; const char *s; } m[] = {
		{ "head_dim", kd->d, NULL }, { "dtype", 0, kd->dtype }, { "out", 0, kd->out },
		{ "causal", kd->causal, NULL }, { "block_q", kd->block_q, NULL }, { "lse", kd->lse, NULL },
		{ "kv_split", kd->kv_split, NULL }, { "gqa_pack", kd->gqa_pack, NULL },
	};
	for (unsigned i = 0; i < NMETA; i++) {
		memset(&kv[i], 0, sizeof kv[i]);
		snprintf(kv[i].key, sizeof kv[i].key, "%s", m[i].key);
		kv[i].is_str = m[i].s != NULL;
		if (m[i].s)
			snprintf(kv[i].str, sizeof kv[i].str, "%s", m[i].s);
		kv[i].ival = m[i].v;
	}
	k->rdna3 = kv, k->nrdna3 = NMETA;
}

/* prepare, launch twice (the split counters must reset), check. */
static int run_case(const struct kernel_desc *kd, const struct attention_req *q, enum bug bug,
		    struct attention_check *c, char *err, size_t errlen)
{
	struct ld_kernel k;
	struct ld_arg args[NARGS];
	struct ld_meta_kv kv[NMETA];
	make_kernel(kd, &k, args, kv);
	struct host hs = { .bug = bug };
	struct ld_backend b = { .ops = &host_ops, .name = "host", .impl = &hs };
	snprintf(b.device, sizeof b.device, "the host");
	struct attention *a;
	memset(c, 0, sizeof *c);
	int rc = attention_prepare(&b, &hs, &k, q, &a, err, errlen);
	if (rc)
		return rc;
	struct ld_run_stats st;
	rc = attention_launch(a, 2, &st, err, errlen);
	if (!rc)
		rc = attention_check(a, c, err, errlen);
	attention_free(a);
	return rc;
}

static void test_runner(void)
{
	static const struct { const char *name; struct kernel_desc k; struct attention_req q; } ok[] = {
		{ "f16_64", { 64, 16, 0, 0, 0, "f16", "f16", 0 }, { 1, 2, 1, 77, 301, 64, -1, false, 1, false, false, {0}, {0} } },
		{ "causal_gqa_lse", { 64, 16, 1, 1, 0, "f16", "f32", 0 }, { 2, 4, 2, 77, 301, 64, 1, false, 2, false, false, {0}, {0} } },
		{ "causal_long_q", { 64, 32, 1, 1, 0, "bf16", "bf16", 0 }, { 1, 2, 2, 40, 17, 64, -1, true, 3, false, false, {0}, {0} } },
		{ "decode_split", { 128, 16, 0, 1, 64, "f16", "f16", 0 }, { 2, 4, 1, 1, 301, 128, -1, false, 4, false, false, {0}, {0} } },
		{ "split_causal_padded", { 64, 16, 1, 1, 32, "bf16", "f32", 0 }, { 1, 3, 1, 21, 100, 64, -1, true, 5, false, false, {0}, {0} } },
		/* packed query heads: grid ceil(S_q G / block_q) x H_kv, the workspace's rows per key/value head */
		{ "pack_mha", { 64, 16, 1, 1, 0, "f16", "f32", 1 }, { 1, 2, 2, 21, 50, 64, -1, false, 6, true, false, { 2, 2, 1 }, {0} } },
		{ "pack_g4_causal", { 64, 16, 1, 1, 0, "f16", "f16", 1 }, { 2, 8, 2, 7, 40, 64, -1, true, 7, true, false, { 2, 2, 2 }, {0} } },
		{ "pack_g8_split", { 128, 16, 0, 1, 64, "bf16", "bf16", 1 }, { 1, 8, 1, 3, 301, 128, -1, false, 8, true, false, { 2, 1, 5 }, {0} } },
		{ "pack_g2_split_causal", { 64, 16, 1, 1, 32, "f16", "f32", 1 }, { 2, 4, 2, 13, 100, 64, -1, true, 9, true, false, { 2, 2, 8 }, {0} } },
	};
	for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		struct attention_check c;
		char err[512] = "";
		int rc = run_case(&ok[i].k, &ok[i].q, BUG_NONE, &c, err, sizeof err);
		checkn(rc == ATTENTION_OK && c.elements && !c.bad && !c.outside_changed && (!ok[i].k.lse || c.rows),
		       "runner_%s passes (rc %d %s; %llu bad of %llu, lse %llu bad, max %.3g, worst %u %u %u %u got %g want "
		       "%g bound %g)", ok[i].name, rc, err, (unsigned long long)c.bad, (unsigned long long)c.elements,
		       (unsigned long long)c.lse_bad, c.max_abs, c.worst[0], c.worst[1], c.worst[2], c.worst[3],
		       c.worst_got, c.worst_want, c.worst_bound);
	}
	/* each bug caught: a kernel broken on purpose fails the check */
	const struct kernel_desc causal = { 64, 16, 1, 1, 0, "f16", "f16", 0 };
	const struct attention_req q = { 1, 4, 2, 37, 50, 64, -1, true, 7, false, false, { 0 }, { 0 } };
	for (int bug = BUG_NO_MASK; bug < BUG_COUNT; bug++) {
		struct attention_check c;
		char err[512] = "";
		int rc = run_case(&causal, &q, (enum bug)bug, &c, err, sizeof err);
		bool caught = rc == ATTENTION_FAIL && !err[0] &&
			      (bug == BUG_PAST_END ? c.outside_changed > 0 : bug == BUG_LSE ? c.lse_bad > 0 : c.bad > 0);
		checkn(caught, "runner_catches_%s (rc %d %s; bad %llu lse_bad %llu outside %llu)", bug_names[bug], rc, err,
		       (unsigned long long)c.bad, (unsigned long long)c.lse_bad, (unsigned long long)c.outside_changed);
	}
}

/* The reference on several threads reports what it does on one, the worst
 * element included (a broken kernel, many elements outside the bound). */
static void test_threads(void)
{
	const struct kernel_desc kd = { 64, 16, 1, 1, 0, "f16", "f32", 0 };
	const struct attention_req q = { 2, 4, 2, 37, 50, 64, -1, true, 9, false, false, { 0 }, { 0 } };
	struct attention_check c[2][2];
	char err[512] = "";
	for (int t = 0; t < 2; t++) {
		setenv("RDNA3_ATTENTION_CHECK_THREADS", t ? "3" : "1", 1);
		run_case(&kd, &q, BUG_NONE, &c[t][0], err, sizeof err);
		run_case(&kd, &q, BUG_GQA, &c[t][1], err, sizeof err);
	}
	unsetenv("RDNA3_ATTENTION_CHECK_THREADS");
	for (int i = 0; i < 2; i++) {
		const struct attention_check *a = &c[0][i], *b = &c[1][i];
		checkn(a->elements == b->elements && a->bad == b->bad && a->lse_bad == b->lse_bad && a->rows == b->rows &&
		       a->max_abs == b->max_abs && a->max_lse_abs == b->max_lse_abs &&
		       !memcmp(a->worst, b->worst, sizeof a->worst) && a->worst_got == b->worst_got &&
		       (i == 0 || a->bad > 0), "check_threads_agree_%s (elements %llu/%llu, bad %llu/%llu, worst %u %u %u %u "
		       "/ %u %u %u %u)", i ? "broken" : "correct", (unsigned long long)a->elements,
		       (unsigned long long)b->elements, (unsigned long long)a->bad, (unsigned long long)b->bad, a->worst[0],
		       a->worst[1], a->worst[2], a->worst[3], b->worst[0], b->worst[1], b->worst[2], b->worst[3]);
	}
}

struct refusal {
	const char *name, *want;   /* the check's name, a phrase of the one-line error */
	struct attention_req q;
};

/* Each request is usage for kernel kd, with a one-line error that says why. */
static void refuse_each(const struct kernel_desc *kd, const struct refusal *r, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct attention_check c;
		char err[512] = "";
		int rc = run_case(kd, &r[i].q, BUG_NONE, &c, err, sizeof err);
		checkn(rc == ATTENTION_USAGE && strstr(err, r[i].want) && !strchr(err, '\n'),
		       "runner_refuses_%s (rc %d: %s)", r[i].name, rc, err);
	}
}

/* What the request may not ask of the kernel: usage. */
static void test_refusals(void)
{
	const struct kernel_desc kd = { 64, 16, 0, 0, 0, "f16", "f16", 0 };
	static const struct refusal bad[] = {
		{ "head_dim", "head dimension 64", { 1, 2, 1, 7, 9, 128, -1, false, 1, false, false, {0}, {0} } },
		{ "causal", "not causal", { 1, 2, 1, 7, 9, 64, 1, false, 1, false, false, {0}, {0} } },
		{ "zero", "SKV = 0", { 1, 2, 1, 7, 0, 64, -1, false, 1, false, false, {0}, {0} } },
		{ "gqa", "not a multiple", { 1, 3, 2, 7, 9, 64, -1, false, 1, false, false, {0}, {0} } },
		{ "grid", "needs grid 1,2,1", { 1, 2, 1, 7, 9, 64, -1, false, 1, true, false, { 2, 2, 1 }, {0} } },
		{ "block", "128 work-items", { 1, 2, 1, 7, 9, 64, -1, false, 1, false, true, {0}, { 64, 1, 1 } } },
		{ "huge", "2^31", { 65536, 64, 64, 8192, 8, 64, -1, false, 1, false, false, {0}, {0} } },
	};
	refuse_each(&kd, bad, sizeof bad / sizeof bad[0]);
	/* packed: the grid counts (query, head) rows of each key/value head, and
	 * the kernel's per-lane division takes fewer than 2^24 of them */
	const struct kernel_desc pk = { 64, 16, 0, 0, 0, "f16", "f16", 1 };
	static const struct refusal pbad[] = {
		{ "pack_grid", "needs grid 2,2,1", { 1, 8, 2, 7, 9, 64, -1, false, 1, true, false, { 1, 8, 1 }, {0} } },
		{ "pack_rows", "fewer than 2^24", { 1, 2, 1, 1u << 23, 9, 64, -1, false, 1, false, false, {0}, {0} } },
	};
	refuse_each(&pk, pbad, sizeof pbad / sizeof pbad[0]);
	struct kernel_desc other = kd;
	other.dtype = "f32";
	struct attention_check c;
	char err[512] = "";
	int rc = run_case(&other, &bad[0].q, BUG_NONE, &c, err, sizeof err);
	checkn(rc == ATTENTION_FAIL && strstr(err, ".rdna3.dtype"), "runner_refuses_f32_inputs (rc %d: %s)", rc, err);
}

int main(void)
{
	test_reference();
	test_visible();
	test_bound();
	test_round();
	test_runner();
	test_refusals();
	test_threads();
	return check_exit();
}
