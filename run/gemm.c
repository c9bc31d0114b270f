/* gemm.c — one GEMM through a loader backend (run/gemm.h): C = alpha * op(A) *
 * op(B) + beta * C with op() from the layout (N: as stored, T: transposed),
 * matrices row-major unless the kernel's metadata says `.rdna3.order: col`.
 * Arguments are found by role (table below); the grid comes from the tile
 * shape in the metadata.  The check compares with OpenBLAS under a bound that
 * grows with K. */
#include "run/gemm.h"
#include "run/half.h"
#include "vocab/vocab.h"

#include <cblas.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum role { R_A, R_B, R_C, R_M, R_N, R_K, R_LDA, R_LDB, R_LDC, R_ALPHA, R_BETA, R_COUNT };

/* Argument names accepted for each role, first match wins.  Buffers are
 * global_buffer arguments; the rest by_value (sizes 4: u32 or f32). */
static const struct {
	const char *role;
	const char *names[6];
} roles[R_COUNT] = {
	[R_A] = { "A", { "A", "a", "ptr_a", "mat_a" } },
	[R_B] = { "B", { "B", "b", "ptr_b", "mat_b" } },
	[R_C] = { "C", { "C", "c", "ptr_c", "mat_c" } },
	[R_M] = { "M", { "M", "m", "dim_m", "size_m", "rows" } },
	[R_N] = { "N", { "N", "n", "dim_n", "size_n", "cols", "ncols" } },
	[R_K] = { "K", { "K", "k", "dim_k", "size_k", "depth" } },
	[R_LDA] = { "lda", { "lda", "stride_a" } },
	[R_LDB] = { "ldb", { "ldb", "stride_b" } },
	[R_LDC] = { "ldc", { "ldc", "stride_c" } },
	[R_ALPHA] = { "alpha", { "alpha" } },
	[R_BETA] = { "beta", { "beta" } },
};

/* (ld_arg_find also matches clang's "NAME.coerce" pointer names.) */
static const struct ld_arg *role_arg(const struct ld_kernel *k, enum role r)
{
	for (size_t i = 0; i < sizeof roles[r].names / sizeof roles[r].names[0] && roles[r].names[i];
	     i++) {
		const struct ld_arg *a = ld_arg_find(k, roles[r].names[i]);
		if (a)
			return a;
	}
	return NULL;
}

/* Explicit arguments without a name: clang at any -O without
 * -fhip-kernel-arg-name or -fno-discard-value-names. */
static bool args_unnamed(const struct ld_kernel *k)
{
	for (unsigned i = 0; i < k->nargs; i++)
		if (k->args[i].kind != LD_ARG_HIDDEN && !k->args[i].name[0])
			return true;
	return false;
}

/* Elements of a stored matrix: rows x cols as stored (after the layout's
 * transposition), ld elements between consecutive rows (row-major) or
 * columns (column-major). */
struct mat {
	const char *name;
	uint32_t rows, cols, ld;
	size_t elems;
	float *host;
	uint64_t dev;
};

static size_t mat_elems(bool col_major, uint32_t rows, uint32_t cols, uint32_t ld)
{
	return col_major ? (size_t)ld * (cols - 1) + rows : (size_t)ld * (rows - 1) + cols;
}

static size_t idx(bool col_major, uint32_t ld, uint32_t r, uint32_t c)
{
	return col_major ? (size_t)c * ld + r : (size_t)r * ld + c;
}

/* Element formats in device memory: f32, or 16-bit f16/bf16 for A and B
 * (.rdna3.dtype) and for C (.rdna3.out); see docs/hgemm.md.  The host keeps
 * floats holding values exactly representable in the format, so the check runs
 * cblas_sgemm on the converted inputs. */
enum efmt { EF_F32, EF_F16, EF_BF16 };
static const char *const efmt_names[] = { "f32", "f16", "bf16" };

static bool efmt_parse(const char *s, enum efmt *out)
{
	for (int i = 0; i < 3; i++)
		if (s && !strcmp(s, efmt_names[i])) {
			*out = (enum efmt)i;
			return true;
		}
	return false;
}

static uint16_t f32_to_bits16(enum efmt f, float x)
{
	return f == EF_F16 ? half_f16_bits(x) : half_bf16_bits(x);
}

static float bits16_to_f32(enum efmt f, uint16_t b)
{
	return f == EF_F16 ? half_f16_value(b) : half_bf16_value(b);
}

/* Round the host values to the format (in place). */
static void efmt_round(enum efmt f, float *p, size_t n)
{
	if (f != EF_F32)
		for (size_t i = 0; i < n; i++)
			p[i] = bits16_to_f32(f, f32_to_bits16(f, p[i]));
}

/* Device copies: f32 as is, 16-bit formats packed. */
static int efmt_write(struct ld_backend *b, enum efmt f, uint64_t dev, const float *p, size_t n, char *err,
		      size_t errlen)
{
	if (f == EF_F32)
		return ld_write(b, dev, p, n * sizeof(float), err, errlen);
	uint16_t *t = malloc(n * 2 + 2);
	if (!t) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		t[i] = f32_to_bits16(f, p[i]);
	int rc = ld_write(b, dev, t, n * 2, err, errlen);
	free(t);
	return rc;
}

static int efmt_read(struct ld_backend *b, enum efmt f, float *p, uint64_t dev, size_t n, char *err, size_t errlen)
{
	if (f == EF_F32)
		return ld_read(b, p, dev, n * sizeof(float), err, errlen);
	uint16_t *t = malloc(n * 2 + 2);
	if (!t) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	int rc = ld_read(b, t, dev, n * 2, err, errlen);
	for (size_t i = 0; !rc && i < n; i++)
		p[i] = bits16_to_f32(f, t[i]);
	free(t);
	return rc;
}

struct gemm {
	const struct gemm_req *q;
	struct ld_backend *b;
	void *module;
	const struct ld_kernel *k;
	const struct ld_arg *ra[R_COUNT];
	const char *layout;           /* "NN" ... */
	bool ta, tb, col_major;
	enum efmt fmt[3];             /* element formats of A, B, C in device memory */
	struct mat mats[3];           /* A, B, C as stored */
	uint32_t dims[3];             /* M, N, K */
	uint32_t grid[3], block[3];
	float alpha, beta;
	float *c0, *cout;             /* C's first value, the kernel's result */
	struct ld_kargs ka;
	bool have_ka, launched;
	char *err;
	size_t errlen;
};

#define FAIL(g, ...) vc_fail((g)->err, (g)->errlen, GEMM_FAIL, __VA_ARGS__)
#define USAGE(g, ...) vc_fail((g)->err, (g)->errlen, GEMM_USAGE, __VA_ARGS__)

/* A, B and C must be buffer arguments found by role. */
static int find_args(struct gemm *g)
{
	const struct ld_kernel *k = g->k;
	for (int r = 0; r < R_COUNT; r++)
		g->ra[r] = role_arg(k, (enum role)r);
	for (int r = R_A; r <= R_C; r++)
		if (!g->ra[r] || g->ra[r]->kind != LD_ARG_GLOBAL_BUFFER) {
			if (args_unnamed(k))
				return FAIL(g, "kernel %s: its metadata names no arguments, so A, B and C cannot be "
					       "found: compile it with -fhip-kernel-arg-name (clang -x hip)", k->name);
			return FAIL(g, "kernel %s is not a GEMM kernel: no buffer argument for %s (see --list)", k->name,
				    roles[r].role);
		}
	return 0;
}

/* The layout: the kernel's (specialized) or the request's, and the element
 * formats, the kernel's, which the request's dtype must match. */
static int find_layout(struct gemm *g)
{
	const struct ld_kernel *k = g->k;
	const char *kl = k->layout[0] ? k->layout : ld_kernel_meta_str(k, "layout");
	enum vc_layout klayout = VC_NN;
	if (kl && !vc_layout_parse(kl, &klayout))
		return FAIL(g, "kernel %s: .rdna3.layout '%s' is not one of " VC_WORDS_LAYOUT, k->name, kl);
	if (g->q->layout >= 0 && kl && (enum vc_layout)g->q->layout != klayout)
		return USAGE(g, "kernel %s was generated for layout %s, not %s", k->name, vc_layout_str(klayout),
			     vc_layout_str((enum vc_layout)g->q->layout));
	enum vc_layout lay = g->q->layout >= 0 ? (enum vc_layout)g->q->layout : klayout;
	g->layout = vc_layout_str(lay);
	g->ta = vc_layout_ta(lay), g->tb = vc_layout_tb(lay);
	const char *order = ld_kernel_meta_str(k, "order");
	g->col_major = order && !strcmp(order, "col");
	enum efmt fab = EF_F32, fc = EF_F32;
	const char *kdt = ld_kernel_meta_str(k, "dtype"), *kout = ld_kernel_meta_str(k, "out");
	if ((kdt && !efmt_parse(kdt, &fab)) || (kout && !efmt_parse(kout, &fc)))
		return FAIL(g, "kernel %s: .rdna3.dtype '%s' or .rdna3.out '%s' is not f32, f16 or bf16", k->name,
			    kdt ? kdt : "", kout ? kout : "");
	if (g->q->dtype >= 0 && !kdt)
		fab = (enum efmt)(EF_F16 + g->q->dtype); /* a kernel that records none: as told */
	if (g->q->dtype >= 0 && fab != (enum efmt)(EF_F16 + g->q->dtype))
		return USAGE(g, "kernel %s takes %s A and B, not %s (--dtype)", k->name, efmt_names[fab],
			     efmt_names[EF_F16 + g->q->dtype]);
	g->fmt[0] = g->fmt[1] = fab;
	g->fmt[2] = fc;
	return 0;
}

/* Stored shapes (op(A) is M x K, op(B) is K x N, C is M x N), their leading
 * dimensions, and the sizes a specialized kernel was generated for. */
static int find_shapes(struct gemm *g)
{
	const struct gemm_req *q = g->q;
	const struct ld_kernel *k = g->k;
	const struct mat init[3] = {
		{ "A", g->ta ? q->k : q->m, g->ta ? q->m : q->k, q->ld[0], 0, NULL, 0 },
		{ "B", g->tb ? q->n : q->k, g->tb ? q->k : q->n, q->ld[1], 0, NULL, 0 },
		{ "C", q->m, q->n, q->ld[2], 0, NULL, 0 },
	};
	memcpy(g->mats, init, sizeof init);
	g->dims[0] = q->m, g->dims[1] = q->n, g->dims[2] = q->k;
	for (int i = 0; i < 3; i++) {
		struct mat *m = &g->mats[i];
		m->name = g->ra[R_A + i]->name;
		uint32_t minld = g->col_major ? m->rows : m->cols;
		if (!m->ld)
			m->ld = minld;
		if (m->ld < minld)
			return USAGE(g, "ld%c = %u is too small for a %ux%u %s-major %s (at least %u)", 'a' + i, m->ld,
				     m->rows, m->cols, g->col_major ? "column" : "row", roles[i].role, minld);
		m->elems = mat_elems(g->col_major, m->rows, m->cols, m->ld);
		if (m->elems > ((size_t)1 << 32))
			return FAIL(g, "matrix %s of %zu elements is too large", roles[i].role, m->elems);
	}
	/* cblas_sgemm takes int sizes */
	if (q->check && (q->m > INT_MAX || q->n > INT_MAX || q->k > INT_MAX || g->mats[0].ld > INT_MAX ||
			 g->mats[1].ld > INT_MAX || g->mats[2].ld > INT_MAX))
		return USAGE(g, "--check: sizes and leading dimensions must be below 2^31 (cblas_sgemm's int)");
	/* Kernels without a stride argument assume packed matrices. */
	for (int i = 0; i < 3; i++)
		if (!g->ra[R_LDA + i] && g->mats[i].ld != (g->col_major ? g->mats[i].rows : g->mats[i].cols))
			return USAGE(g, "kernel %s has no ld%c argument: matrices must be packed", k->name, 'a' + i);
	/* Sizes the kernel was specialized for, when it records them. */
	static const char *const fixed_keys[3] = { "m", "n", "k" };
	for (int i = 0; i < 3; i++) {
		int64_t v;
		if (!g->ra[R_M + i] && ld_kernel_meta_int(k, fixed_keys[i], &v) == LD_OK && v != g->dims[i])
			return USAGE(g, "kernel %s was generated for %s = %lld, not %u", k->name, roles[R_M + i].role,
				     (long long)v, g->dims[i]);
	}
	return 0;
}

/* The dispatch shape: the request's, else one workgroup per tile of C. */
static int find_dispatch(struct gemm *g)
{
	const struct gemm_req *q = g->q;
	const struct ld_kernel *k = g->k;
	g->block[0] = k->block_threads, g->block[1] = g->block[2] = 1;
	if (q->have_block)
		memcpy(g->block, q->block, sizeof g->block);
	if (q->have_grid) {
		memcpy(g->grid, q->grid, sizeof g->grid);
	} else {
		if (!k->tile_m || !k->tile_n)
			return USAGE(g, "kernel %s records no tile shape (.rdna3.tile_m/.rdna3.tile_n): give --grid and "
				     "--block", k->name);
		/* Kernels that mask work-items outside M x N say .rdna3.guarded: 1
		 * (docs/metadata.md). */
		int64_t guarded = 0;
		ld_kernel_meta_int(k, "guarded", &guarded);
		if (!guarded && (q->m % k->tile_m || q->n % k->tile_n || (k->tile_k && q->k % k->tile_k)))
			return USAGE(g, "M N K = %u %u %u: kernel %s needs multiples of its tile %u x %u x %u", q->m,
				     q->n, q->k, k->name, k->tile_m, k->tile_n, k->tile_k ? k->tile_k : 1);
		g->grid[0] = (q->n + k->tile_n - 1) / k->tile_n;
		g->grid[1] = (q->m + k->tile_m - 1) / k->tile_m;
		g->grid[2] = 1;
	}
	if (!g->block[0])
		return USAGE(g, "kernel %s records no .rdna3.block_threads: give --block", k->name);
	if (ld_check_dispatch(k, g->grid, g->block, g->err, g->errlen))
		return GEMM_FAIL;
	return 0;
}

/* Host matrices, C's first value and room for the result.  The memory check
 * counts the check's four temporaries and, with the emulator, its device
 * copies of A, B and C: a line rather than the out-of-memory killer. */
static int fill_host(struct gemm *g)
{
	const struct gemm_req *q = g->q;
	struct mat *mats = g->mats;
	uint64_t abc = mats[0].elems + mats[1].elems + mats[2].elems;
	uint64_t need = 4 * (abc + 2 * mats[2].elems);
	need += q->check ? 4 * (abc + mats[2].elems) : 0;
	need += !strcmp(g->b->name, "emu") ? 4 * abc : 0;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages > 0 && page > 0 && need > (uint64_t)pages * (uint64_t)page)
		return FAIL(g, "--gemm needs %.1f GiB of host memory; this host has %.1f GiB",
			    (double)need / (1 << 30), (double)pages * (double)page / (1 << 30));
	for (int i = 0; i < 3; i++)
		if (!(mats[i].host = calloc(mats[i].elems, sizeof(float))))
			return FAIL(g, "out of memory for %s", roles[i].role);
	if (q->seed_fill) {
		/* A[i] = i over the stored elements, B = identity pattern, C = 0 */
		for (size_t i = 0; i < mats[0].elems; i++)
			mats[0].host[i] = (float)i;
		for (uint32_t r = 0; r < mats[1].rows && r < mats[1].cols; r++)
			mats[1].host[idx(g->col_major, mats[1].ld, r, r)] = 1.0f;
	} else {
		uint64_t s = q->seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
		for (int i = 0; i < 3; i++)
			for (size_t j = 0; j < mats[i].elems; j++)
				mats[i].host[j] = vc_random(&s);
	}
	for (int i = 0; i < 3; i++)
		efmt_round(g->fmt[i], mats[i].host, mats[i].elems);
	g->c0 = malloc(mats[2].elems * sizeof *g->c0);
	g->cout = malloc(mats[2].elems * sizeof *g->cout);
	if (!g->c0 || !g->cout)
		return FAIL(g, "out of memory");
	memcpy(g->c0, mats[2].host, mats[2].elems * sizeof *g->c0);
	return 0;
}

/* Device copies of A, B, C and the kernel arguments by role; alpha and beta
 * only where the kernel takes them. */
static int set_kargs(struct gemm *g)
{
	const struct gemm_req *q = g->q;
	const struct ld_kernel *k = g->k;
	const struct ld_arg *const *ra = g->ra;
	char *err = g->err;
	size_t errlen = g->errlen;
	if (ld_kargs_init(&g->ka, k, err, errlen))
		return GEMM_FAIL;
	g->have_ka = true;
	int rc = LD_OK;
	for (int i = 0; i < 3 && !rc; i++) {
		struct mat *m = &g->mats[i];
		rc = ld_alloc(g->b, m->elems * (g->fmt[i] == EF_F32 ? 4 : 2), &m->dev, err, errlen);
		if (!rc)
			rc = efmt_write(g->b, g->fmt[i], m->dev, m->host, m->elems, err, errlen);
		if (!rc)
			rc = ld_kargs_set_ptr(&g->ka, ra[R_A + i]->name, m->dev, err, errlen);
	}
	for (int i = 0; i < 3 && !rc; i++) {
		if (ra[R_M + i])
			rc = ld_kargs_set_u32(&g->ka, ra[R_M + i]->name, g->dims[i], err, errlen);
		if (!rc && ra[R_LDA + i])
			rc = ld_kargs_set_u32(&g->ka, ra[R_LDA + i]->name, g->mats[i].ld, err, errlen);
	}
	if (!rc && ra[R_ALPHA])
		rc = ld_kargs_set_f32(&g->ka, ra[R_ALPHA]->name, q->alpha, err, errlen);
	if (!rc && ra[R_BETA])
		rc = ld_kargs_set_f32(&g->ka, ra[R_BETA]->name, q->beta, err, errlen);
	else if (!rc && q->beta != 0)
		return USAGE(g, "kernel %s has no beta argument: --beta must be 0", k->name);
	if (!rc && !ra[R_ALPHA] && q->alpha != 1.0f)
		return USAGE(g, "kernel %s has no alpha argument: --alpha must be 1", k->name);
	if (rc)
		return GEMM_FAIL;
	if (q->more_args && q->more_args(q->ctx, &g->ka, err, errlen))
		return GEMM_USAGE;
	if (ld_kargs_finish(&g->ka, g->grid, g->block, err, errlen))
		return GEMM_FAIL;
	return 0;
}

int gemm_prepare(struct ld_backend *b, void *module, const struct ld_kernel *k, const struct gemm_req *q,
		 struct gemm **out, char *err, size_t errlen)
{
	*out = NULL;
	struct gemm *g = calloc(1, sizeof *g);
	if (!g)
		return vc_fail(err, errlen, GEMM_FAIL, "out of memory");
	*g = (struct gemm){ .q = q, .b = b, .module = module, .k = k, .err = err, .errlen = errlen };
	int rc = find_args(g);
	if (!rc)
		rc = find_layout(g);
	if (!rc)
		rc = find_shapes(g);
	if (!rc)
		rc = find_dispatch(g);
	if (!rc)
		rc = fill_host(g);
	if (!rc)
		rc = set_kargs(g);
	if (rc) {
		gemm_free(g);
		return rc;
	}
	g->alpha = q->alpha, g->beta = q->beta;
	g->q = NULL, g->err = NULL, g->errlen = 0; /* the request and err need not outlive the preparation */
	*out = g;
	return GEMM_OK;
}

void gemm_get_info(const struct gemm *g, struct gemm_info *info)
{
	info->layout = g->layout;
	info->col_major = g->col_major;
	for (int i = 0; i < 3; i++) {
		info->ld[i] = g->mats[i].ld;
		info->grid[i] = g->grid[i], info->block[i] = g->block[i];
		info->arg_name[i] = g->mats[i].name;
	}
}

int gemm_check(const struct gemm *g, struct gemm_check *c, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	const struct mat *mats = g->mats;
	size_t nc = mats[2].elems;
	float *ref = malloc(nc * sizeof *ref), *bound = malloc(nc * sizeof *bound);
	float *aa = malloc(mats[0].elems * sizeof *aa), *ab = malloc(mats[1].elems * sizeof *ab);
	if (!ref || !bound || !aa || !ab) {
		free(ref), free(bound), free(aa), free(ab);
		return vc_fail(err, errlen, GEMM_FAIL, "out of memory for the check");
	}
	if (err && errlen)
		err[0] = 0;
	uint32_t m = g->dims[0], n = g->dims[1], k = g->dims[2];
	enum CBLAS_ORDER ord = g->col_major ? CblasColMajor : CblasRowMajor;
	enum CBLAS_TRANSPOSE opa = g->ta ? CblasTrans : CblasNoTrans, opb = g->tb ? CblasTrans : CblasNoTrans;
	memcpy(ref, g->c0, nc * sizeof *ref);
	cblas_sgemm(ord, opa, opb, (int)m, (int)n, (int)k, g->alpha, mats[0].host, (int)mats[0].ld, mats[1].host,
		    (int)mats[1].ld, g->beta, ref, (int)mats[2].ld);
	/* Error bound: each of the K-term dot products (ours and the reference's)
	 * is within K*u*sum|a||b| of the exact value, u = 2^-24; so allow
	 * (K + 2) * 2^-23 * (|alpha| |A||B| + |beta| |C0|), plus the smallest normal. */
	for (size_t i = 0; i < mats[0].elems; i++)
		aa[i] = fabsf(mats[0].host[i]);
	for (size_t i = 0; i < mats[1].elems; i++)
		ab[i] = fabsf(mats[1].host[i]);
	for (size_t i = 0; i < nc; i++)
		bound[i] = fabsf(g->c0[i]);
	cblas_sgemm(ord, opa, opb, (int)m, (int)n, (int)k, fabsf(g->alpha), aa, (int)mats[0].ld, ab, (int)mats[1].ld,
		    fabsf(g->beta), bound, (int)mats[2].ld);
	double scale = (k + 2.0) * ldexp(1.0, -23);
	/* a 16-bit C adds one rounding of the result: unit roundoff 2^-11 (f16) or 2^-8
	 * (bf16) of |alpha||A||B| + |beta||C| >= |C|, and half the f16 subnormal step */
	enum efmt fc = g->fmt[2];
	scale += fc == EF_F16 ? ldexp(1.0, -11) : fc == EF_BF16 ? ldexp(1.0, -8) : 0;
	double tiny = fc == EF_F16 ? ldexp(1.0, -24) : FLT_MIN;
	double worst_excess = -1;
	c->elements = (uint64_t)m * n;
	for (uint32_t r = 0; r < m; r++)
		for (uint32_t col = 0; col < n; col++) {
			size_t i = idx(g->col_major, mats[2].ld, r, col);
			double got = g->cout[i], want = ref[i], d = fabs(got - want);
			if (isnan(got) || isinf(got)) {
				c->nonfinite++;
				d = INFINITY;
			}
			double tol = scale * bound[i] + tiny;
			if (d > c->max_abs)
				c->max_abs = d;
			if (want != 0 && d / fabs(want) > c->max_rel)
				c->max_rel = d / fabs(want);
			if (!(d <= tol)) {    /* a NaN reference or bound fails too */
				c->bad++;
				if (d / tol > worst_excess) {
					worst_excess = d / tol;
					c->worst_row = r, c->worst_col = col, c->worst_got = got, c->worst_want = want;
				}
			}
		}
	free(ref), free(bound), free(aa), free(ab);
	return c->bad ? GEMM_FAIL : GEMM_OK;
}


int gemm_launch(struct gemm *g, unsigned reps, struct ld_run_stats *st, char *err, size_t errlen)
{
	if (ld_launch(g->b, g->module, g->k, &g->ka, g->grid, g->block, reps ? reps : 1, st, err, errlen))
		return GEMM_FAIL;
	if (!g->launched && efmt_read(g->b, g->fmt[2], g->cout, g->mats[2].dev, g->mats[2].elems, err, errlen))
		return GEMM_FAIL;
	g->launched = true;
	return GEMM_OK;
}

const float *gemm_matrix(const struct gemm *g, unsigned i, size_t *elems)
{
	if (i > 2)
		return NULL;
	*elems = g->mats[i].elems;
	return i == 2 ? g->cout : g->mats[i].host;
}

void gemm_free(struct gemm *g)
{
	if (!g)
		return;
	if (g->have_ka)
		ld_kargs_free(&g->ka);
	for (int i = 0; i < 3; i++) {
		ld_free(g->b, g->mats[i].dev);
		free(g->mats[i].host);
	}
	free(g->c0);
	free(g->cout);
	free(g);
}
