/* rdna3run_gemm.c — `rdna3run --gemm M N K`: C = alpha * op(A) * op(B) + beta * C
 * with op() from the layout (N: as stored, T: transposed), matrices row-major
 * unless the kernel's metadata says `.rdna3.order: col`.  Arguments are found
 * by role (table below); the grid comes from the tile shape in the metadata.
 * The check compares with OpenBLAS under a bound that grows with K. */
#include "gen/rdna3run.h"
#include "vocab/vocab.h"

#include <cblas.h>
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* mats: A, B and C as launched; C0 is C's first value, C the kernel's result. */
static int check_result(const struct run_opts *o, bool col_major, bool ta, bool tb,
			const struct mat mats[3], const float *C0, const float *C)
{
	size_t nc = mats[2].elems;
	float *ref = malloc(nc * sizeof *ref), *bound = malloc(nc * sizeof *bound);
	float *aa = malloc(mats[0].elems * sizeof *aa), *ab = malloc(mats[1].elems * sizeof *ab);
	if (!ref || !bound || !aa || !ab) {
		free(ref), free(bound), free(aa), free(ab);
		run_error("out of memory for the check");
		return RUN_EXIT_FAIL;
	}
	enum CBLAS_ORDER ord = col_major ? CblasColMajor : CblasRowMajor;
	enum CBLAS_TRANSPOSE opa = ta ? CblasTrans : CblasNoTrans, opb = tb ? CblasTrans : CblasNoTrans;
	memcpy(ref, C0, nc * sizeof *ref);
	cblas_sgemm(ord, opa, opb, (int)o->m, (int)o->n, (int)o->k, o->alpha, mats[0].host,
		    (int)mats[0].ld, mats[1].host, (int)mats[1].ld, o->beta, ref, (int)mats[2].ld);
	/* Error bound: each of the K-term dot products (ours and the reference's)
	 * is within K*u*sum|a||b| of the exact value, u = 2^-24; so allow
	 * (K + 2) * 2^-23 * (|alpha| |A||B| + |beta| |C0|), plus the smallest normal. */
	for (size_t i = 0; i < mats[0].elems; i++)
		aa[i] = fabsf(mats[0].host[i]);
	for (size_t i = 0; i < mats[1].elems; i++)
		ab[i] = fabsf(mats[1].host[i]);
	for (size_t i = 0; i < nc; i++)
		bound[i] = fabsf(C0[i]);
	cblas_sgemm(ord, opa, opb, (int)o->m, (int)o->n, (int)o->k, fabsf(o->alpha), aa,
		    (int)mats[0].ld, ab, (int)mats[1].ld, fabsf(o->beta), bound, (int)mats[2].ld);
	double scale = (o->k + 2.0) * ldexp(1.0, -23);
	double max_abs = 0, max_rel = 0;
	size_t bad = 0, worst_i = 0, nan_count = 0;
	uint32_t wr = 0, wc = 0;
	double worst_excess = -1;
	for (uint32_t r = 0; r < o->m; r++)
		for (uint32_t c = 0; c < o->n; c++) {
			size_t i = idx(col_major, mats[2].ld, r, c);
			double got = C[i], want = ref[i], d = fabs(got - want);
			if (isnan(got) || isinf(got)) {
				nan_count++;
				d = INFINITY;
			}
			double tol = scale * bound[i] + FLT_MIN;
			if (d > max_abs)
				max_abs = d;
			if (want != 0 && d / fabs(want) > max_rel)
				max_rel = d / fabs(want);
			if (!(d <= tol)) {    /* a NaN reference or bound fails too */
				bad++;
				if (d / tol > worst_excess) {
					worst_excess = d / tol;
					worst_i = i, wr = r, wc = c;
				}
			}
		}
	printf("check: max abs error %.3g, max rel error %.3g, bound (K+2)*2^-23*(|alpha||A||B|+|beta||C|)"
	       " with K=%u\n", max_abs, max_rel, o->k);
	int status = RUN_EXIT_OK;
	if (bad) {
		printf("check: FAILED: %zu of %llu elements outside the bound (%zu not finite); worst "
		       "C[%u][%u] = %.9g, expected %.9g\n", bad, (unsigned long long)o->m * o->n,
		       nan_count, wr, wc, C[worst_i], ref[worst_i]);
		run_error("check failed: %zu of %llu elements wrong", bad,
			  (unsigned long long)o->m * o->n);
		status = RUN_EXIT_FAIL;
	} else {
		printf("check: PASSED (%llu elements)\n", (unsigned long long)o->m * o->n);
	}
	free(ref), free(bound), free(aa), free(ab);
	return status;
}

int run_gemm(const struct run_opts *o, struct ld_backend *b, void *module,
	     const struct ld_kernel *k)
{
	char err[256];
	int status = RUN_EXIT_FAIL;
	const struct ld_arg *ra[R_COUNT];
	for (int r = 0; r < R_COUNT; r++)
		ra[r] = role_arg(k, (enum role)r);
	for (int r = R_A; r <= R_C; r++)
		if (!ra[r] || ra[r]->kind != LD_ARG_GLOBAL_BUFFER) {
			if (args_unnamed(k))
				run_error("kernel %s: its metadata names no arguments, so A, B and C cannot "
					  "be found: compile it with -fhip-kernel-arg-name (clang -x hip)",
					  k->name);
			else
				run_error("kernel %s is not a GEMM kernel: no buffer argument for %s "
					  "(see --list)", k->name, roles[r].role);
			return RUN_EXIT_FAIL;
		}

	/* layout: the kernel's (specialized) or the option, in any case */
	const char *kl = k->layout[0] ? k->layout : ld_kernel_meta_str(k, "layout");
	enum vc_layout klayout = VC_NN;
	if (kl && !vc_layout_parse(kl, &klayout)) {
		run_error("kernel %s: .rdna3.layout '%s' is not one of " VC_WORDS_LAYOUT, k->name, kl);
		return RUN_EXIT_FAIL;
	}
	if (o->layout >= 0 && kl && (enum vc_layout)o->layout != klayout) {
		run_error("kernel %s was generated for layout %s, not %s", k->name, vc_layout_str(klayout),
			  vc_layout_str((enum vc_layout)o->layout));
		return RUN_EXIT_FAIL;
	}
	enum vc_layout lay = o->layout >= 0 ? (enum vc_layout)o->layout : klayout;
	const char *layout = vc_layout_str(lay);
	bool ta = vc_layout_ta(lay), tb = vc_layout_tb(lay);
	const char *order = ld_kernel_meta_str(k, "order");
	bool col_major = order && !strcmp(order, "col");

	/* stored shapes: op(A) is M x K, op(B) is K x N, C is M x N */
	struct mat mats[3] = {
		{ "A", ta ? o->k : o->m, ta ? o->m : o->k, o->lda, 0, NULL, 0 },
		{ "B", tb ? o->n : o->k, tb ? o->k : o->n, o->ldb, 0, NULL, 0 },
		{ "C", o->m, o->n, o->ldc, 0, NULL, 0 },
	};
	for (int i = 0; i < 3; i++) {
		struct mat *m = &mats[i];
		m->name = ra[R_A + i]->name;
		uint32_t minld = col_major ? m->rows : m->cols;
		if (!m->ld)
			m->ld = minld;
		if (m->ld < minld) {
			run_error("ld%c = %u is too small for a %ux%u %s-major %s (at least %u)",
				  'a' + i, m->ld, m->rows, m->cols, col_major ? "column" : "row",
				  roles[i].role, minld);
			return RUN_EXIT_FAIL;
		}
		m->elems = mat_elems(col_major, m->rows, m->cols, m->ld);
		if (m->elems > ((size_t)1 << 32)) {
			run_error("matrix %s of %zu elements is too large", roles[i].role, m->elems);
			return RUN_EXIT_FAIL;
		}
	}
	/* cblas_sgemm takes int sizes */
	if (o->check && (o->m > INT_MAX || o->n > INT_MAX || o->k > INT_MAX || mats[0].ld > INT_MAX ||
			 mats[1].ld > INT_MAX || mats[2].ld > INT_MAX)) {
		run_error("--check: sizes and leading dimensions must be below 2^31 (cblas_sgemm's int)");
		return RUN_EXIT_FAIL;
	}
	/* Kernels without a stride argument assume packed matrices. */
	for (int i = 0; i < 3; i++)
		if (!ra[R_LDA + i] && mats[i].ld != (col_major ? mats[i].rows : mats[i].cols)) {
			run_error("kernel %s has no ld%c argument: matrices must be packed", k->name,
				  'a' + i);
			return RUN_EXIT_FAIL;
		}
	/* Sizes the kernel was specialized for, when it records them. */
	static const char *const fixed_keys[3] = { "m", "n", "k" };
	const uint32_t dims[3] = { o->m, o->n, o->k };
	for (int i = 0; i < 3; i++) {
		int64_t v;
		if (!ra[R_M + i] && ld_kernel_meta_int(k, fixed_keys[i], &v) == LD_OK && v != dims[i]) {
			run_error("kernel %s was generated for %s = %lld, not %u", k->name, roles[R_M + i].role,
				  (long long)v, dims[i]);
			return RUN_EXIT_FAIL;
		}
	}

	/* dispatch shape */
	uint32_t grid[3], block[3] = { k->block_threads, 1, 1 };
	if (o->have_block)
		memcpy(block, o->block, sizeof block);
	if (o->have_grid) {
		memcpy(grid, o->grid, sizeof grid);
	} else {
		if (!k->tile_m || !k->tile_n) {
			run_error("kernel %s records no tile shape (.rdna3.tile_m/.rdna3.tile_n): give "
				  "--grid and --block", k->name);
			return RUN_EXIT_FAIL;
		}
		/* Kernels that mask work-items outside M x N say .rdna3.guarded: 1
		 * (docs/metadata.md). */
		int64_t guarded = 0;
		ld_kernel_meta_int(k, "guarded", &guarded);
		if (!guarded && (o->m % k->tile_m || o->n % k->tile_n ||
				 (k->tile_k && o->k % k->tile_k))) {
			run_error("M N K = %u %u %u: kernel %s needs multiples of its tile %u x %u x %u",
				  o->m, o->n, o->k, k->name, k->tile_m, k->tile_n, k->tile_k ? k->tile_k : 1);
			return RUN_EXIT_FAIL;
		}
		grid[0] = (o->n + k->tile_n - 1) / k->tile_n;
		grid[1] = (o->m + k->tile_m - 1) / k->tile_m;
		grid[2] = 1;
	}
	if (!block[0]) {
		run_error("kernel %s records no .rdna3.block_threads: give --block", k->name);
		return RUN_EXIT_FAIL;
	}
	if (ld_check_dispatch(k, grid, block, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}

	/* host matrices: A, B, C, C's first and final values, the check's four
	 * temporaries, and with the emulator its device copies of A, B, C */
	uint64_t abc = mats[0].elems + mats[1].elems + mats[2].elems;
	uint64_t need = 4 * (abc + 2 * mats[2].elems);
	need += o->check ? 4 * (abc + mats[2].elems) : 0;
	need += !strcmp(b->name, "emu") ? 4 * abc : 0;
	if (!run_host_mem_ok(need, "--gemm"))
		return RUN_EXIT_FAIL;

	/* host matrices */
	uint64_t s = o->seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	float *c0 = NULL, *cout = NULL;
	for (int i = 0; i < 3; i++) {
		mats[i].host = calloc(mats[i].elems, sizeof(float));
		if (!mats[i].host) {
			run_error("out of memory for %s", roles[i].role);
			goto out;
		}
	}
	if (o->fill == FILL_SEED) {
		/* A[i] = i over the stored elements, B = identity pattern, C = 0 */
		for (size_t i = 0; i < mats[0].elems; i++)
			mats[0].host[i] = (float)i;
		for (uint32_t r = 0; r < mats[1].rows && r < mats[1].cols; r++)
			mats[1].host[idx(col_major, mats[1].ld, r, r)] = 1.0f;
	} else {
		for (int i = 0; i < 3; i++)
			for (size_t j = 0; j < mats[i].elems; j++)
				mats[i].host[j] = run_random(&s);
	}
	c0 = malloc(mats[2].elems * sizeof *c0);
	cout = malloc(mats[2].elems * sizeof *cout);
	if (!c0 || !cout) {
		run_error("out of memory");
		goto out;
	}
	memcpy(c0, mats[2].host, mats[2].elems * sizeof *c0);

	struct ld_kargs ka;
	if (ld_kargs_init(&ka, k, err, sizeof err)) {
		run_error("%s", err);
		goto out;
	}
	int rc = LD_OK;
	for (int i = 0; i < 3 && !rc; i++) {
		rc = ld_alloc(b, mats[i].elems * sizeof(float), &mats[i].dev, err, sizeof err);
		if (!rc)
			rc = ld_write(b, mats[i].dev, mats[i].host, mats[i].elems * sizeof(float), err,
				      sizeof err);
		if (!rc)
			rc = ld_kargs_set_ptr(&ka, ra[R_A + i]->name, mats[i].dev, err, sizeof err);
	}
	for (int i = 0; i < 3 && !rc; i++) {
		if (ra[R_M + i])
			rc = ld_kargs_set_u32(&ka, ra[R_M + i]->name, dims[i], err, sizeof err);
		if (!rc && ra[R_LDA + i])
			rc = ld_kargs_set_u32(&ka, ra[R_LDA + i]->name, mats[i].ld, err, sizeof err);
	}
	if (!rc && ra[R_ALPHA])
		rc = ld_kargs_set_f32(&ka, ra[R_ALPHA]->name, o->alpha, err, sizeof err);
	if (!rc && ra[R_BETA])
		rc = ld_kargs_set_f32(&ka, ra[R_BETA]->name, o->beta, err, sizeof err);
	else if (!rc && o->beta != 0) {
		run_error("kernel %s has no beta argument: --beta must be 0", k->name);
		goto kargs_out;
	}
	if (!rc && !ra[R_ALPHA] && o->alpha != 1.0f) {
		run_error("kernel %s has no alpha argument: --alpha must be 1", k->name);
		goto kargs_out;
	}
	if (rc) {
		run_error("%s", err);
		goto kargs_out;
	}
	if (run_set_args(o, &ka))
		goto kargs_out;
	if (ld_kargs_finish(&ka, grid, block, err, sizeof err)) {
		run_error("%s", err);
		goto kargs_out;
	}
	for (unsigned i = 0; i < o->ndumps; i++) {
		bool found = false;
		for (int j = 0; j < 3; j++)
			found |= !strcmp(o->dumps[i].name, mats[j].name) ||
				 !strcmp(o->dumps[i].name, roles[j].role);
		if (!found) {
			run_error("--dump %s: not a matrix of kernel %s (A, B or C)", o->dumps[i].name, k->name);
			goto kargs_out;
		}
	}

	printf("gemm %s: M=%u N=%u K=%u layout %s %s-major lda=%u ldb=%u ldc=%u alpha=%g beta=%g, "
	       "grid %u,%u,%u block %u,%u,%u on %s\n", k->name, o->m, o->n, o->k, layout,
	       col_major ? "column" : "row", mats[0].ld, mats[1].ld, mats[2].ld, o->alpha, o->beta,
	       grid[0], grid[1], grid[2], block[0], block[1], block[2], b->device);
	/* One launch on fresh C (checked, dumped), then --bench REPS timed ones
	 * (with beta != 0 they keep updating C: only the first result counts). */
	struct ld_run_stats st;
	if (ld_launch(b, module, k, &ka, grid, block, 1, &st, err, sizeof err) ||
	    ld_read(b, cout, mats[2].dev, mats[2].elems * sizeof(float), err, sizeof err)) {
		run_error("%s", err);
		goto kargs_out;
	}
	if (!o->bench)
		run_print_stats(b, &st, 2.0 * o->m * o->n * o->k);
	struct run_files dumps = { 0 };
	for (unsigned i = 0; i < o->ndumps; i++) {
		const float *p = cout;
		size_t n = mats[2].elems;
		for (int j = 0; j < 2; j++)
			if (!strcmp(o->dumps[i].name, mats[j].name) || !strcmp(o->dumps[i].name, roles[j].role))
				p = mats[j].host, n = mats[j].elems;
		if (run_files_add(&dumps, o->dumps[i].value, p, n * sizeof(float))) {
			run_files_discard(&dumps);
			goto kargs_out;
		}
	}
	if (run_files_commit(&dumps, o->file))
		goto kargs_out;
	status = RUN_EXIT_OK;
	if (o->check)
		status = check_result(o, col_major, ta, tb, mats, c0, cout);
	if (o->bench) {
		if (ld_launch(b, module, k, &ka, grid, block, o->bench, &st, err, sizeof err)) {
			run_error("%s", err);
			status = RUN_EXIT_FAIL;
		} else {
			run_print_stats(b, &st, 2.0 * o->m * o->n * o->k);
		}
	}
kargs_out:
	ld_kargs_free(&ka);
out:
	for (int i = 0; i < 3; i++) {
		ld_free(b, mats[i].dev);
		free(mats[i].host);
	}
	free(c0);
	free(cout);
	return status;
}
