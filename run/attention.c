/* attention.c — one forward attention of a code object's kernel
 * (run/attention.h).
 *
 * The kernel's contract (docs/attention.md, "Kernel interface"): arguments q,
 * k, v, o, lse, ws, scale_log2, the sizes and the strides of each tensor; D,
 * the types, the mask, the query block, the log-sum-exp and the split-KV
 * chunk in .rdna3.*; grid ceil(S_q / block_q) x H_q x B·n_split of
 * block_threads work-items (with .rdna3.gqa_pack 1: ceil(S_q·G / block_q) x
 * H_kv x B·n_split, G = H_q / H_kv); every element of O in the tensor
 * written, nothing else. */
#include "run/attention.h"
#include "run/half.h"
#include "vocab/vocab.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { T_Q, T_K, T_V, T_O, T_LSE, T_N };
static const char *const tensor_names[T_N] = { "q", "k", "v", "o", "lse" };

/* One tensor [nb, nh, ns, d] at base + b·sb + h·sh + i·ss + x (lse: d = 1),
 * in a buffer of elems elements: the tensor and, for O and lse, a guard after
 * it that no write may reach. */
struct tensor {
	enum attention_fmt fmt;
	uint32_t nb, nh, ns, d;
	uint32_t sb, sh, ss;
	size_t elems;
	void *host;                  /* inputs as written; O and lse as read back */
	uint64_t dev;
	bool have_dev;
};

struct attention {
	struct ld_backend *b;
	void *module;
	const struct ld_kernel *k;
	uint32_t batch, hq, hkv, sq, skv;
	unsigned d, block_q;
	enum attention_fmt in, out;
	bool causal, lse, pack;
	uint32_t kv_split, n_split;
	float scale_log2;
	uint32_t grid[3], block[3];
	struct tensor t[T_N];
	uint64_t ws;
	bool have_ws;
	struct ld_kargs ka;
	bool have_ka, launched;
	char *err;
	size_t errlen;
};

#define FAIL(a, ...) vc_fail((a)->err, (a)->errlen, ATTENTION_FAIL, __VA_ARGS__)
#define USAGE(a, ...) vc_fail((a)->err, (a)->errlen, ATTENTION_USAGE, __VA_ARGS__)

static unsigned fmt_bytes(enum attention_fmt f)
{
	return f == ATTN_F32 ? 4 : 2;
}

/* What the kernel leaves alone: a quiet NaN with a payload no arithmetic
 * makes, so an element never written fails the check as not finite too. */
static const uint32_t sentinel_bits[3] = { 0x7e5a, 0x7fe5, 0x7fe5a5a5 };

static bool fmt_parse(const char *s, bool inputs, enum attention_fmt *f)
{
	for (int i = 0; i < (inputs ? 2 : 3); i++)
		if (s && !strcmp(s, attention_fmt_names[i])) {
			*f = (enum attention_fmt)i;
			return true;
		}
	return false;
}

/* The shape the kernel was generated for; the request must agree. */
static int find_kernel_shape(struct attention *a, const struct attention_req *q)
{
	const struct ld_kernel *k = a->k;
	int64_t d = 0, causal = -1, bq = 0, lse = 0, split = 0, pack = 0;
	const char *dt = ld_kernel_meta_str(k, "dtype"), *out = ld_kernel_meta_str(k, "out");
	if (ld_kernel_meta_int(k, "head_dim", &d) != LD_OK || !dt)
		return FAIL(a, "kernel %s is not an attention kernel: it records no .rdna3.head_dim and .rdna3.dtype "
			    "(rdna3gen attention writes them)", k->name);
	if (d != 64 && d != 128)
		return FAIL(a, "kernel %s: .rdna3.head_dim %lld is not 64 or 128", k->name, (long long)d);
	if (!fmt_parse(dt, true, &a->in) || !fmt_parse(out, false, &a->out))
		return FAIL(a, "kernel %s: .rdna3.dtype '%s' is not f16 or bf16, or .rdna3.out '%s' not f16, bf16 or f32",
			    k->name, dt, out ? out : "");
	if (ld_kernel_meta_int(k, "causal", &causal) != LD_OK || (causal != 0 && causal != 1) ||
	    ld_kernel_meta_int(k, "lse", &lse) != LD_OK || (lse != 0 && lse != 1))
		return FAIL(a, "kernel %s: .rdna3.causal and .rdna3.lse must be 0 or 1", k->name);
	if (ld_kernel_meta_int(k, "block_q", &bq) != LD_OK || bq < 1 || bq > 65536)
		return FAIL(a, "kernel %s: .rdna3.block_q is missing or not 1..65536", k->name);
	if (ld_kernel_meta_int(k, "kv_split", &split) != LD_OK || split < 0 || split > UINT32_MAX)
		return FAIL(a, "kernel %s: .rdna3.kv_split is missing or negative", k->name);
	/* absent in kernels made before query-head packing: not packed */
	if (ld_kernel_meta_int(k, "gqa_pack", &pack) == LD_OK && pack != 0 && pack != 1)
		return FAIL(a, "kernel %s: .rdna3.gqa_pack must be 0 or 1", k->name);
	a->pack = pack == 1;
	a->d = (unsigned)d, a->causal = causal, a->lse = lse, a->block_q = (unsigned)bq;
	a->kv_split = (uint32_t)split;
	if (q->head_dim != a->d)
		return USAGE(a, "kernel %s has head dimension %u, not D = %u", k->name, a->d, q->head_dim);
	if (q->causal >= 0 && (bool)q->causal != a->causal)
		return USAGE(a, "kernel %s is %scausal: --causal %s", k->name, a->causal ? "" : "not ",
			     a->causal ? "is its mask already" : "needs a kernel generated with the causal mask");
	return 0;
}

/* The arguments by name, each of the kind and size the contract says. */
static const char *const size_args[5] = { "batch", "hq", "hkv", "sq", "skv" };
static const char *const stride_args[4][3] = {
	{ "q_sb", "q_sh", "q_ss" }, { "k_sb", "k_sh", "k_ss" }, { "v_sb", "v_sh", "v_ss" }, { "o_sb", "o_sh", "o_ss" },
};

static int find_args(struct attention *a)
{
	const struct ld_kernel *k = a->k;
	static const char *const bufs[6] = { "q", "k", "v", "o", "lse", "ws" };
	for (int i = 0; i < 6; i++) {
		const struct ld_arg *x = ld_arg_find(k, bufs[i]);
		if (!x || x->kind != LD_ARG_GLOBAL_BUFFER)
			return FAIL(a, "kernel %s is not an attention kernel: no buffer argument %s (see --list)", k->name,
				    bufs[i]);
	}
	const struct ld_arg *s = ld_arg_find(k, "scale_log2");
	if (!s || s->kind != LD_ARG_BY_VALUE || s->size != 4)
		return FAIL(a, "kernel %s is not an attention kernel: no 4-byte argument scale_log2", k->name);
	for (int i = 0; i < 5 + 12; i++) {
		const char *name = i < 5 ? size_args[i] : stride_args[(i - 5) / 3][(i - 5) % 3];
		const struct ld_arg *x = ld_arg_find(k, name);
		if (!x || x->kind != LD_ARG_BY_VALUE || x->size != 4)
			return FAIL(a, "kernel %s is not an attention kernel: no 4-byte argument %s", k->name, name);
	}
	return 0;
}

/* A tensor's strides (packed, or with gaps after each row, head and batch
 * that keep rows 16-byte aligned) and its buffer's size; false past 2^31
 * elements. */
static bool lay_out(struct tensor *t, enum attention_fmt f, uint32_t nb, uint32_t nh, uint32_t ns, uint32_t d,
		    bool padded, uint64_t guard)
{
	uint64_t ss = d + (padded ? 8 : 0), sh = ns * ss + (padded ? 64 : 0), sb = nh * sh + (padded ? 128 : 0);
	uint64_t last = (nb - 1) * sb + (nh - 1) * sh + (ns - 1) * ss + d;
	*t = (struct tensor){ .fmt = f, .nb = nb, .nh = nh, .ns = ns, .d = d };
	if (last + guard > (uint64_t)1 << 31 || sb > UINT32_MAX)
		return false;
	t->sb = (uint32_t)sb, t->sh = (uint32_t)sh, t->ss = (uint32_t)ss;
	t->elems = (size_t)(last + guard);
	return true;
}

/* Sizes, tensors and the grid. */
static int find_dispatch(struct attention *a, const struct attention_req *q)
{
	const struct ld_kernel *k = a->k;
	const uint32_t n[6] = { q->batch, q->hq, q->hkv, q->sq, q->skv, q->head_dim };
	static const char *const names[6] = { "B", "HQ", "HKV", "SQ", "SKV", "D" };
	for (int i = 0; i < 6; i++)
		if (!n[i])
			return USAGE(a, "%s = 0: every size of an attention is at least 1", names[i]);
	if (q->hq % q->hkv)
		return USAGE(a, "HQ = %u is not a multiple of HKV = %u (each key/value head serves HQ/HKV query heads)",
			     q->hq, q->hkv);
	a->batch = q->batch, a->hq = q->hq, a->hkv = q->hkv, a->sq = q->sq, a->skv = q->skv;
	uint64_t guard = (uint64_t)a->block_q * a->d;   /* a whole query block written past the end lands here */
	bool ok = lay_out(&a->t[T_Q], a->in, a->batch, a->hq, a->sq, a->d, q->padded, 0) &&
		  lay_out(&a->t[T_K], a->in, a->batch, a->hkv, a->skv, a->d, q->padded, 0) &&
		  lay_out(&a->t[T_V], a->in, a->batch, a->hkv, a->skv, a->d, q->padded, 0) &&
		  lay_out(&a->t[T_O], a->out, a->batch, a->hq, a->sq, a->d, q->padded, guard) &&
		  lay_out(&a->t[T_LSE], ATTN_F32, a->batch, a->hq, a->sq, 1, false, a->block_q);
	if (!ok)
		return USAGE(a, "%u x %u x %u x %u: a tensor of more than 2^31 elements (the kernel's offsets are 32-bit)",
			     a->batch, a->hq > a->hkv ? a->hq : a->hkv, a->sq > a->skv ? a->sq : a->skv, a->d);
	a->n_split = a->kv_split ? (a->skv + a->kv_split - 1) / a->kv_split : 1;
	/* packed, a workgroup's rows are (query, head) pairs of one key/value head */
	uint64_t rows = a->pack ? (uint64_t)a->sq * (a->hq / a->hkv) : a->sq;
	if (a->pack && rows >= (uint64_t)1 << 24)
		return USAGE(a, "SQ·HQ/HKV = %llu rows per key/value head: kernel %s packs the query heads and takes "
			     "fewer than 2^24", (unsigned long long)rows, k->name);
	a->grid[0] = (uint32_t)((rows + a->block_q - 1) / a->block_q), a->grid[1] = a->pack ? a->hkv : a->hq;
	uint64_t z = (uint64_t)a->batch * a->n_split;
	if (z > UINT32_MAX)
		return USAGE(a, "B = %u times %u key chunks is too many workgroups", a->batch, a->n_split);
	a->grid[2] = (uint32_t)z;
	a->block[0] = k->block_threads, a->block[1] = a->block[2] = 1;
	if (!a->block[0])
		return FAIL(a, "kernel %s records no .rdna3.block_threads", k->name);
	if (q->have_grid && memcmp(q->grid, a->grid, sizeof a->grid))
		return USAGE(a, "--grid %u,%u,%u does not match kernel %s: its block of %u %s%s needs grid %u,%u,%u",
			     q->grid[0], q->grid[1], q->grid[2], k->name, a->block_q,
			     a->pack ? "(query, head) rows of a key/value head" : "queries",
			     a->kv_split ? " and key chunks" : "", a->grid[0], a->grid[1], a->grid[2]);
	if (q->have_block && memcmp(q->block, a->block, sizeof a->block))
		return USAGE(a, "--block %u,%u,%u does not match kernel %s: it runs %u work-items per workgroup",
			     q->block[0], q->block[1], q->block[2], k->name, a->block[0]);
	return ld_check_dispatch(k, a->grid, a->block, a->err, a->errlen) ? ATTENTION_USAGE : 0;
}

static void store(enum attention_fmt f, void *p, size_t i, double x)
{
	if (f == ATTN_F32) {
		float v = (float)x;
		memcpy((char *)p + 4 * i, &v, 4);
		return;
	}
	float v = (float)attention_round(f, x); /* exact in the format: the bits below are too */
	uint16_t bits = f == ATTN_F16 ? half_f16_bits(v) : half_bf16_bits(v);
	memcpy((char *)p + 2 * i, &bits, 2);
}

static void fill_sentinel(struct tensor *t)
{
	unsigned es = fmt_bytes(t->fmt);
	for (size_t i = 0; i < t->elems; i++)
		memcpy((char *)t->host + i * es, &sentinel_bits[t->fmt], es);
}

/* Q, K, V uniform in [-1, 1) rounded to the input type (the stride gaps too:
 * finite values the kernel must not use), O and lse the sentinel; the
 * emulator's device copies count against the host's memory as well. */
static int fill_host(struct attention *a, uint64_t seed)
{
	uint64_t need = 0;
	for (int i = 0; i < T_N; i++)
		need += (uint64_t)a->t[i].elems * fmt_bytes(a->t[i].fmt);
	need *= strcmp(a->b->name, "emu") ? 1 : 2;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages > 0 && page > 0 && need > (uint64_t)pages * (uint64_t)page)
		return FAIL(a, "--attention needs %.1f GiB of host memory; this host has %.1f GiB",
			    (double)need / (1 << 30), (double)pages * (double)page / (1 << 30));
	for (int i = 0; i < T_N; i++)
		if (!(a->t[i].host = malloc(a->t[i].elems * fmt_bytes(a->t[i].fmt) + 1)))
			return FAIL(a, "out of memory for tensor %s", tensor_names[i]);
	uint64_t st = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	st = st ? st : 1;
	for (int i = T_Q; i <= T_V; i++)
		for (size_t e = 0; e < a->t[i].elems; e++)
			store(a->in, a->t[i].host, e, vc_random(&st));
	fill_sentinel(&a->t[T_O]);
	fill_sentinel(&a->t[T_LSE]);
	return 0;
}

/* The split-KV workspace: partial outputs, (m, l) pairs and the counters
 * (docs/attention.md, "Split-KV"), zeroed once. */
static int alloc_ws(struct attention *a)
{
	uint64_t rows = (uint64_t)a->batch * a->hq * a->n_split * a->sq;
	/* a counter per workgroup row block: B x grid y x grid x */
	uint64_t bytes = rows * (a->d + 2) * 4 + (uint64_t)a->batch * a->grid[1] * a->grid[0] * 4;
	void *zero = calloc(1, (size_t)bytes);
	if (!zero)
		return FAIL(a, "out of memory for the %llu-byte split-KV workspace", (unsigned long long)bytes);
	int rc = ld_alloc(a->b, (size_t)bytes, &a->ws, a->err, a->errlen);
	a->have_ws = !rc;
	if (!rc)
		rc = ld_write(a->b, a->ws, zero, (size_t)bytes, a->err, a->errlen);
	free(zero);
	return rc ? ATTENTION_FAIL : 0;
}

/* Device copies and the arguments. */
static int set_kargs(struct attention *a)
{
	char *err = a->err;
	size_t errlen = a->errlen;
	for (int i = 0; i < T_N; i++) {
		struct tensor *t = &a->t[i];
		size_t bytes = t->elems * fmt_bytes(t->fmt);
		if (i == T_LSE && !a->lse)
			continue;
		if (ld_alloc(a->b, bytes, &t->dev, err, errlen))
			return ATTENTION_FAIL;
		t->have_dev = true;
		if (ld_write(a->b, t->dev, t->host, bytes, err, errlen))
			return ATTENTION_FAIL;
	}
	if (a->kv_split && alloc_ws(a))
		return ATTENTION_FAIL;
	if (ld_kargs_init(&a->ka, a->k, err, errlen))
		return ATTENTION_FAIL;
	a->have_ka = true;
	int rc = 0;
	for (int i = 0; i < T_N && !rc; i++)
		rc = ld_kargs_set_ptr(&a->ka, tensor_names[i], a->t[i].have_dev ? a->t[i].dev : 0, err, errlen);
	if (!rc)
		rc = ld_kargs_set_ptr(&a->ka, "ws", a->have_ws ? a->ws : 0, err, errlen);
	if (!rc)
		rc = ld_kargs_set_f32(&a->ka, "scale_log2", a->scale_log2, err, errlen);
	const uint32_t sizes[5] = { a->batch, a->hq, a->hkv, a->sq, a->skv };
	for (int i = 0; i < 5 && !rc; i++)
		rc = ld_kargs_set_u32(&a->ka, size_args[i], sizes[i], err, errlen);
	for (int i = 0; i < 4 && !rc; i++) {
		const struct tensor *t = &a->t[i];
		const uint32_t s[3] = { t->sb, t->sh, t->ss };
		for (int j = 0; j < 3 && !rc; j++)
			rc = ld_kargs_set_u32(&a->ka, stride_args[i][j], s[j], err, errlen);
	}
	if (rc || ld_kargs_finish(&a->ka, a->grid, a->block, err, errlen))
		return ATTENTION_FAIL;
	return 0;
}

int attention_prepare(struct ld_backend *b, void *module, const struct ld_kernel *k,
		      const struct attention_req *q, struct attention **out, char *err, size_t errlen)
{
	*out = NULL;
	struct attention *a = calloc(1, sizeof *a);
	if (!a)
		return vc_fail(err, errlen, ATTENTION_FAIL, "out of memory");
	*a = (struct attention){ .b = b, .module = module, .k = k, .err = err, .errlen = errlen };
	int rc = find_kernel_shape(a, q);
	if (!rc)
		rc = find_args(a);
	if (!rc)
		rc = find_dispatch(a, q);
	/* the softmax scale 1/sqrt(D), in the exp2 domain as the kernel takes it */
	if (!rc)
		a->scale_log2 = (float)(M_LOG2E / sqrt((double)a->d));
	if (!rc)
		rc = fill_host(a, q->seed);
	if (!rc)
		rc = set_kargs(a);
	if (rc) {
		attention_free(a);
		return rc;
	}
	a->err = NULL, a->errlen = 0;
	*out = a;
	return ATTENTION_OK;
}

void attention_get_info(const struct attention *a, struct attention_info *in)
{
	*in = (struct attention_info){ .head_dim = a->d, .block_q = a->block_q, .in = a->in, .out = a->out,
				       .causal = a->causal, .lse = a->lse, .gqa_pack = a->pack, .kv_split = a->kv_split,
				       .n_split = a->n_split, .scale_log2 = a->scale_log2 };
	memcpy(in->grid, a->grid, sizeof in->grid);
	memcpy(in->block, a->block, sizeof in->block);
	uint64_t row_pairs = 0;
	for (uint32_t i = 0; i < a->sq; i++)
		row_pairs += attention_visible(a->sq, a->skv, a->causal, i);
	in->pairs = row_pairs * a->batch * a->hq;
	in->flops = 4.0 * a->d * (double)in->pairs;
	double qo = (double)a->batch * a->hq * a->sq * a->d, kv = (double)a->batch * a->hkv * a->skv * a->d;
	in->bytes = qo * (fmt_bytes(a->in) + fmt_bytes(a->out)) + 2 * kv * fmt_bytes(a->in) +
		    (a->lse ? 4.0 * a->batch * a->hq * a->sq : 0);
}

int attention_launch(struct attention *a, unsigned reps, struct ld_run_stats *st, char *err, size_t errlen)
{
	memset(st, 0, sizeof *st);
	if (ld_launch(a->b, a->module, a->k, &a->ka, a->grid, a->block, reps ? reps : 1, st, err, errlen))
		return ATTENTION_FAIL;
	for (int i = T_O; i <= T_LSE && !a->launched; i++) {
		const struct tensor *t = &a->t[i];
		if (t->have_dev && ld_read(a->b, t->host, t->dev, t->elems * fmt_bytes(t->fmt), err, errlen))
			return ATTENTION_FAIL;
	}
	a->launched = true;
	return ATTENTION_OK;
}

/* One head's K or V rows as doubles, packed (row stride D). */
/* One head's K or V rows as doubles, packed (row stride D). */
static void head_to_double(const struct tensor *t, uint32_t b, uint32_t h, double *dst)
{
	unsigned es = fmt_bytes(t->fmt);
	for (uint32_t j = 0; j < t->ns; j++)
		for (unsigned x = 0; x < t->d; x++) {
			size_t e = (size_t)b * t->sb + (size_t)h * t->sh + (size_t)j * t->ss + x;
			dst[(size_t)j * t->d + x] = attention_load(t->fmt, (const char *)t->host + e * es);
		}
}

/* What one thread of the check found: its counts, and its worst element by
 * how far outside its bound (ties: the lower (batch, head) unit, so that the
 * report does not depend on the number of threads). */
struct part {
	const struct attention *a;
	unsigned first, step;            /* the (batch, head) units u = first + k·step */
	struct attention_check c;
	double worst_excess;
	uint64_t worst_unit;
	double *buf;                     /* K and V of a head as doubles, a row's q, o, vmax, scores */
};

/* One checked value: a failure when outside tol (an exact match passes, as
 * −∞ = −∞ for a row with no key; anything not finite otherwise fails). */
static void judge(struct part *p, uint64_t unit, bool is_lse, double got, double want, double tol,
		  const uint32_t at[4])
{
	struct attention_check *c = &p->c;
	double d = got == want ? 0 : isfinite(got) && isfinite(want) ? fabs(got - want) : INFINITY;
	double *max = is_lse ? &c->max_lse_abs : &c->max_abs;
	if (d > *max)
		*max = d;
	if (d <= tol)
		return;
	if (is_lse)
		c->lse_bad++;
	else
		c->bad++, c->nonfinite += !isfinite(got);
	double excess = tol > 0 ? d / tol : INFINITY;
	if (excess > p->worst_excess) {
		p->worst_excess = excess, p->worst_unit = unit;
		memcpy(c->worst, at, sizeof c->worst);
		c->worst_got = got, c->worst_want = want, c->worst_bound = tol;
	}
}

/* Every row of one (batch, query head) against the reference. */
static void check_head(const struct attention *a, struct part *p, uint32_t b, uint32_t h)
{
	const struct tensor *tq = &a->t[T_Q], *to = &a->t[T_O];
	size_t head = (size_t)a->skv * a->d;
	double *kd = p->buf, *vd = kd + head, *qd = vd + head, *o = qd + a->d, *vmax = o + a->d, *scores = vmax + a->d;
	uint64_t unit = (uint64_t)b * a->hq + h;
	uint32_t kh = h / (a->hq / a->hkv);
	head_to_double(&a->t[T_K], b, kh, kd);
	head_to_double(&a->t[T_V], b, kh, vd);
	for (uint32_t i = 0; i < a->sq; i++) {
		size_t qe = (size_t)b * tq->sb + (size_t)h * tq->sh + (size_t)i * tq->ss;
		for (unsigned x = 0; x < a->d; x++)
			qd[x] = attention_load(a->in, (const char *)tq->host + (qe + x) * fmt_bytes(a->in));
		uint32_t nvis = attention_visible(a->sq, a->skv, a->causal, i);
		double lse, score_abs;
		attention_reference_row(qd, kd, a->d, vd, a->d, a->d, nvis, a->scale_log2, scores, o, vmax, &lse,
					&score_abs);
		struct attention_bound bd;
		attention_bound(a->in, a->out, a->d, a->skv, a->scale_log2, score_abs, &bd);
		size_t oe = (size_t)b * to->sb + (size_t)h * to->sh + (size_t)i * to->ss;
		for (unsigned x = 0; x < a->d; x++) {
			double got = attention_load(a->out, (const char *)to->host + (oe + x) * fmt_bytes(a->out));
			double tol = nvis ? bd.v_coef * vmax[x] + bd.out_rel * fabs(o[x]) + bd.out_abs : 0;
			p->c.elements++;
			judge(p, unit, false, got, o[x], tol, (const uint32_t[4]){ b, h, i, x });
		}
		if (!a->lse)
			continue;
		p->c.rows++;
		float got;
		memcpy(&got, (const char *)a->t[T_LSE].host + 4 * (unit * a->sq + i), 4);
		judge(p, unit, true, got, lse, nvis ? bd.lse_abs + bd.lse_rel * fabs(lse) : 0,
		      (const uint32_t[4]){ b, h, i, UINT32_MAX });
	}
}

static void *check_units(void *arg)
{
	struct part *p = arg;
	const struct attention *a = p->a;
	for (uint64_t u = p->first; u < (uint64_t)a->batch * a->hq; u += p->step)
		check_head(a, p, (uint32_t)(u / a->hq), (uint32_t)(u % a->hq));
	return NULL;
}

/* Whether element e of a tensor's buffer is in the tensor (not a stride gap
 * or the guard): strides at least the extent below them make the
 * decomposition exact. */
static bool in_tensor(const struct tensor *t, size_t e)
{
	size_t b = e / t->sb, r = e % t->sb, h = r / t->sh, i = r % t->sh / t->ss, x = r % t->sh % t->ss;
	return b < t->nb && h < t->nh && i < t->ns && x < t->d;
}

/* Every element of O outside the tensor, and of lse past it, still the sentinel. */
static void check_outside(const struct attention *a, struct attention_check *c)
{
	for (int i = T_O; i <= T_LSE; i++) {
		const struct tensor *t = &a->t[i];
		unsigned es = fmt_bytes(t->fmt);
		if (!t->have_dev)
			continue;
		for (size_t e = 0; e < t->elems; e++) {
			if (in_tensor(t, e))
				continue;
			c->outside++;
			if (memcmp((const char *)t->host + e * es, &sentinel_bits[t->fmt], es) && !c->outside_changed++) {
				c->worst_outside = true;
				c->worst[0] = (uint32_t)e, c->worst[1] = i == T_LSE;
				c->worst_got = attention_load(t->fmt, (const char *)t->host + e * es);
				c->worst_want = NAN;
			}
		}
	}
}

/* Threads for the reference: one per online CPU (at most 64), when there is
 * enough work to be worth one (a prefill of thousands of keys takes minutes
 * on one core); never more than the (batch, head) units.
 * RDNA3_ATTENTION_CHECK_THREADS=N sets the count (the tests: the same report
 * from one thread and from several). */
static unsigned check_threads(const struct attention *a)
{
	double work = (double)a->batch * a->hq * a->sq * a->skv * a->d;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t units = (uint64_t)a->batch * a->hq, n = work < 1e8 || cpus < 2 ? 1 : cpus > 64 ? 64 : (uint64_t)cpus;
	const char *force = getenv("RDNA3_ATTENTION_CHECK_THREADS");
	if (force && *force)
		n = strtoul(force, NULL, 10), n = n < 1 ? 1 : n > 64 ? 64 : n;
	return (unsigned)(n < units ? n : units);
}


/* The parts' counts summed into c, and the worst element of them all. */
static void merge_parts(struct part *parts, unsigned n, struct attention_check *c)
{
	struct part *w = NULL;
	for (unsigned i = 0; i < n; i++) {
		struct attention_check *pc = &parts[i].c;
		c->elements += pc->elements, c->bad += pc->bad, c->nonfinite += pc->nonfinite;
		c->rows += pc->rows, c->lse_bad += pc->lse_bad;
		c->max_abs = fmax(c->max_abs, pc->max_abs), c->max_lse_abs = fmax(c->max_lse_abs, pc->max_lse_abs);
		if (pc->bad + pc->lse_bad && (!w || parts[i].worst_excess > w->worst_excess ||
					      (parts[i].worst_excess == w->worst_excess && parts[i].worst_unit < w->worst_unit)))
			w = &parts[i];
	}
	if (w) {
		memcpy(c->worst, w->c.worst, sizeof c->worst);
		c->worst_got = w->c.worst_got, c->worst_want = w->c.worst_want, c->worst_bound = w->c.worst_bound;
	}
}

int attention_check(const struct attention *a, struct attention_check *c, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	if (err && errlen)
		err[0] = 0;
	if (!a->launched)
		return vc_fail(err, errlen, ATTENTION_FAIL, "the attention has not run");
	unsigned n = check_threads(a);
	struct part *parts = calloc(n, sizeof *parts);
	pthread_t *tid = calloc(n, sizeof *tid);
	bool ok = parts && tid;
	for (unsigned i = 0; ok && i < n; i++) {
		parts[i] = (struct part){ .a = a, .first = i, .step = n, .worst_excess = -1 };
		ok = (parts[i].buf = malloc((2 * (size_t)a->skv * a->d + 3 * a->d + a->skv) * sizeof(double))) != NULL;
	}
	unsigned started = 0;
	for (; ok && started + 1 < n; started++)   /* the last part on this thread */
		if (pthread_create(&tid[started], NULL, check_units, &parts[started]))
			break;
	if (ok)
		for (unsigned i = started; i < n; i++)   /* a thread that could not start: its units here */
			check_units(&parts[i]);
	for (unsigned i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	if (ok)
		merge_parts(parts, n, c);
	for (unsigned i = 0; parts && i < n; i++)
		free(parts[i].buf);
	free(parts), free(tid);
	if (!ok)
		return vc_fail(err, errlen, ATTENTION_FAIL, "out of memory for the reference");
	check_outside(a, c);
	return c->bad || c->lse_bad || c->outside_changed ? ATTENTION_FAIL : ATTENTION_OK;
}

const void *attention_buffer(const struct attention *a, unsigned i, size_t *bytes)
{
	if (i >= T_N || (i == T_LSE && !a->lse)) {
		*bytes = 0;
		return NULL;
	}
	*bytes = a->t[i].elems * fmt_bytes(a->t[i].fmt);
	return a->t[i].host;
}

void attention_free(struct attention *a)
{
	if (!a)
		return;
	if (a->have_ka)
		ld_kargs_free(&a->ka);
	for (int i = 0; i < T_N; i++) {
		if (a->t[i].have_dev)
			ld_free(a->b, a->t[i].dev);
		free(a->t[i].host);
	}
	if (a->have_ws)
		ld_free(a->b, a->ws);
	free(a);
}
