/* stencil.c — one star stencil of a code object's kernel (run/stencil.h).
 *
 * The kernel's contract (docs/stencil.md): arguments f, u, nx, ny, nz, ylo,
 * yhi, c0, cx1..cxR, cy1..cyR, cz1..czR; every interior point of rows
 * [ylo, yhi) written, nothing else touched; one launch per slab of
 * .rdna3.slab_rows rows (all rows at once when 0), each a grid of
 * ceil(interior / tile) workgroups per dimension. */
#include "run/stencil.h"
#include "vocab/vocab.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const dtype_names[] = { "f32", "f64" };

struct slab {
	uint32_t ylo, yhi;
	uint32_t grid[3];
	struct ld_kargs ka;
	bool have_ka;
};

struct stencil {
	struct ld_backend *b;
	void *module;
	const struct ld_kernel *k;
	unsigned r;
	enum stencil_dtype dt;
	unsigned es;                  /* bytes per element */
	uint32_t n[3], tile[3], slab_rows, block[3];
	size_t elems;
	void *u, *f0, *fout;          /* host: u, f's first contents, the result */
	uint64_t du, df;              /* device copies */
	bool have_du, have_df;
	double c[1 + 3 * STENCIL_MAX_RADIUS];   /* c0, cx1.., cy1.., cz1.. */
	unsigned nslabs;
	struct slab *slabs;
	bool launched;
	char *err;
	size_t errlen;
};

#define FAIL(s, ...) vc_fail((s)->err, (s)->errlen, STENCIL_FAIL, __VA_ARGS__)
#define USAGE(s, ...) vc_fail((s)->err, (s)->errlen, STENCIL_USAGE, __VA_ARGS__)

static const char axis_names[3] = { 'x', 'y', 'z' };

/* The name of coefficient i: c0, then cx1..cxR, cy1.., cz1.. */
static void coef_name(unsigned r, unsigned i, char *buf, size_t n)
{
	if (!i)
		snprintf(buf, n, "c0");
	else
		snprintf(buf, n, "c%c%u", axis_names[(i - 1) / r], (i - 1) % r + 1);
}

/* Radius, element type and tile from the metadata; the request must agree. */
static int find_kernel_shape(struct stencil *s, const struct stencil_req *q)
{
	const struct ld_kernel *k = s->k;
	int64_t r = 0, t[3] = { 0, 0, 0 }, slab = 0;
	static const char *const tile_keys[3] = { "tile_x", "tile_y", "tile_z" };
	const char *dt = ld_kernel_meta_str(k, "dtype");
	if (ld_kernel_meta_int(k, "radius", &r) != LD_OK || !dt)
		return USAGE(s, "kernel %s is not a stencil kernel: it records no .rdna3.radius and .rdna3.dtype "
			     "(rdna3gen stencil writes them)", k->name);
	if (r < 1 || r > STENCIL_MAX_RADIUS)
		return FAIL(s, "kernel %s: .rdna3.radius %lld is not 1..%d", k->name, (long long)r, STENCIL_MAX_RADIUS);
	s->r = (unsigned)r;
	if (!strcmp(dt, "f32"))
		s->dt = STENCIL_F32;
	else if (!strcmp(dt, "f64"))
		s->dt = STENCIL_F64;
	else
		return FAIL(s, "kernel %s: .rdna3.dtype '%s' is not f32 or f64", k->name, dt);
	s->es = s->dt == STENCIL_F64 ? 8 : 4;
	if (q->radius >= 0 && (unsigned)q->radius != s->r)
		return USAGE(s, "kernel %s is a radius-%u stencil, not radius %d (--radius)", k->name, s->r, q->radius);
	if (q->dtype >= 0 && (enum stencil_dtype)q->dtype != s->dt)
		return USAGE(s, "kernel %s takes %s data, not %s (--dtype)", k->name, dtype_names[s->dt],
			     dtype_names[q->dtype]);
	for (int i = 0; i < 3; i++)
		if (ld_kernel_meta_int(k, tile_keys[i], &t[i]) != LD_OK || t[i] < 1 || t[i] > UINT32_MAX)
			return FAIL(s, "kernel %s: .rdna3.%s is missing or not a positive integer", k->name,
				    tile_keys[i]);
	ld_kernel_meta_int(k, "slab_rows", &slab);
	if (slab < 0 || slab > UINT32_MAX || (slab && slab % t[1]))
		return FAIL(s, "kernel %s: .rdna3.slab_rows %lld is not 0 or a multiple of tile_y %lld", k->name,
			    (long long)slab, (long long)t[1]);
	for (int i = 0; i < 3; i++)
		s->tile[i] = (uint32_t)t[i];
	s->slab_rows = (uint32_t)slab;
	return 0;
}

/* The arguments by name, each of the kind and size the contract says. */
static int find_args(struct stencil *s)
{
	const struct ld_kernel *k = s->k;
	static const char *const bufs[2] = { "f", "u" }, *const ints[5] = { "nx", "ny", "nz", "ylo", "yhi" };
	for (int i = 0; i < 2; i++) {
		const struct ld_arg *a = ld_arg_find(k, bufs[i]);
		if (!a || a->kind != LD_ARG_GLOBAL_BUFFER)
			return FAIL(s, "kernel %s is not a stencil kernel: no buffer argument %s (see --list)", k->name,
				    bufs[i]);
	}
	for (int i = 0; i < 5; i++) {
		const struct ld_arg *a = ld_arg_find(k, ints[i]);
		if (!a || a->kind != LD_ARG_BY_VALUE || a->size != 4)
			return FAIL(s, "kernel %s is not a stencil kernel: no 4-byte argument %s", k->name, ints[i]);
	}
	for (unsigned i = 0; i < 1 + 3 * s->r; i++) {
		char name[16];
		coef_name(s->r, i, name, sizeof name);
		const struct ld_arg *a = ld_arg_find(k, name);
		if (!a || a->kind != LD_ARG_BY_VALUE || a->size != s->es)
			return FAIL(s, "kernel %s: no %u-byte coefficient argument %s (an %s radius-%u stencil)", k->name,
				    s->es, name, dtype_names[s->dt], s->r);
	}
	return 0;
}

/* Sizes, slabs and the grid of each. */
static int find_dispatch(struct stencil *s, const struct stencil_req *q)
{
	const struct ld_kernel *k = s->k;
	unsigned r = s->r;
	for (int i = 0; i < 3; i++)
		if (q->n[i] < 2 * r + 1)
			return USAGE(s, "%s = %u is too small for a radius-%u stencil: every dimension needs at least %u "
				     "points", (const char *[]){ "nx", "ny", "nz" }[i], q->n[i], r, 2 * r + 1);
	memcpy(s->n, q->n, sizeof s->n);
	uint64_t elems = (uint64_t)q->n[0] * q->n[1] * q->n[2];
	if (elems > ((uint64_t)1 << 36) / s->es)
		return USAGE(s, "%u x %u x %u: a grid of more than 64 GiB", q->n[0], q->n[1], q->n[2]);
	s->elems = (size_t)elems;
	s->block[0] = k->block_threads, s->block[1] = s->block[2] = 1;
	if (!s->block[0])
		return FAIL(s, "kernel %s records no .rdna3.block_threads", k->name);
	uint32_t rows = s->n[1] - 2 * r, per = s->slab_rows ? s->slab_rows : rows;
	s->nslabs = (rows + per - 1) / per;
	if (!(s->slabs = calloc(s->nslabs, sizeof *s->slabs)))
		return FAIL(s, "out of memory");
	for (unsigned i = 0; i < s->nslabs; i++) {
		struct slab *sl = &s->slabs[i];
		sl->ylo = r + i * per;
		sl->yhi = sl->ylo + per < s->n[1] - r ? sl->ylo + per : s->n[1] - r;
		sl->grid[0] = (s->n[0] - 2 * r + s->tile[0] - 1) / s->tile[0];
		sl->grid[1] = (sl->yhi - sl->ylo + s->tile[1] - 1) / s->tile[1];
		sl->grid[2] = (s->n[2] - 2 * r + s->tile[2] - 1) / s->tile[2];
	}
	const uint32_t *g = s->slabs[0].grid;
	if (q->have_grid && memcmp(q->grid, g, sizeof q->grid))
		return USAGE(s, "--grid %u,%u,%u does not match kernel %s at %u x %u x %u: its tile %u x %u x %u needs "
			     "grid %u,%u,%u%s", q->grid[0], q->grid[1], q->grid[2], k->name, s->n[0], s->n[1], s->n[2],
			     s->tile[0], s->tile[1], s->tile[2], g[0], g[1], g[2], s->nslabs > 1 ? " per slab" : "");
	if (q->have_block)
		memcpy(s->block, q->block, sizeof s->block);
	for (unsigned i = 0; i < s->nslabs; i++)
		if (ld_check_dispatch(k, s->slabs[i].grid, s->block, s->err, s->errlen))
			return STENCIL_USAGE;
	return 0;
}

static void put(const struct stencil *s, void *p, size_t i, double v)
{
	if (s->dt == STENCIL_F64)
		((double *)p)[i] = v;
	else
		((float *)p)[i] = (float)v;
}

static double get(const struct stencil *s, const void *p, size_t i)
{
	return s->dt == STENCIL_F64 ? ((const double *)p)[i] : (double)((const float *)p)[i];
}

/* Uniform in [-1, 1) with every bit of the element type's significand used:
 * with only a float's 24 bits, f64 products would be exact and an f64 kernel
 * could not be told from one that rounds wrongly. */
static double random_value(const struct stencil *s, uint64_t *st)
{
	double hi = vc_random(st);
	if (s->dt == STENCIL_F32)
		return hi;
	double v = hi + (double)vc_random(st) * 0x1p-24;
	return v >= 1.0 ? hi : v;
}

/* u uniform in [-1, 1), f's first contents too (what the boundary must keep),
 * the coefficients likewise; the emulator's device copies count against the
 * host's memory as well. */
static int fill_host(struct stencil *s, uint64_t seed)
{
	size_t bytes = s->elems * s->es;
	uint64_t need = 3 * (uint64_t)bytes + (!strcmp(s->b->name, "emu") ? 2 * (uint64_t)bytes : 0);
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages > 0 && page > 0 && need > (uint64_t)pages * (uint64_t)page)
		return FAIL(s, "--stencil needs %.1f GiB of host memory; this host has %.1f GiB",
			    (double)need / (1 << 30), (double)pages * (double)page / (1 << 30));
	s->u = malloc(bytes), s->f0 = malloc(bytes), s->fout = malloc(bytes);
	if (!s->u || !s->f0 || !s->fout)
		return FAIL(s, "out of memory for %zu-byte grids", bytes);
	uint64_t st = seed * 0x9e3779b97f4a7c15ull + 0x2545f4914f6cdd1dull;
	for (size_t i = 0; i < s->elems; i++)
		put(s, s->u, i, random_value(s, &st));
	for (size_t i = 0; i < s->elems; i++)
		put(s, s->f0, i, random_value(s, &st));
	for (unsigned i = 0; i < 1 + 3 * s->r; i++)
		s->c[i] = random_value(s, &st);
	return 0;
}

/* Device copies of u and f, and the arguments of every slab. */
static int set_kargs(struct stencil *s)
{
	char *err = s->err;
	size_t errlen = s->errlen, bytes = s->elems * s->es;
	if (ld_alloc(s->b, bytes, &s->du, err, errlen))
		return STENCIL_FAIL;
	s->have_du = true;
	if (ld_alloc(s->b, bytes, &s->df, err, errlen))
		return STENCIL_FAIL;
	s->have_df = true;
	if (ld_write(s->b, s->du, s->u, bytes, err, errlen) || ld_write(s->b, s->df, s->f0, bytes, err, errlen))
		return STENCIL_FAIL;
	for (unsigned i = 0; i < s->nslabs; i++) {
		struct slab *sl = &s->slabs[i];
		if (ld_kargs_init(&sl->ka, s->k, err, errlen))
			return STENCIL_FAIL;
		sl->have_ka = true;
		const uint32_t v[5] = { s->n[0], s->n[1], s->n[2], sl->ylo, sl->yhi };
		static const char *const ints[5] = { "nx", "ny", "nz", "ylo", "yhi" };
		int rc = ld_kargs_set_ptr(&sl->ka, "f", s->df, err, errlen);
		if (!rc)
			rc = ld_kargs_set_ptr(&sl->ka, "u", s->du, err, errlen);
		for (int j = 0; j < 5 && !rc; j++)
			rc = ld_kargs_set_u32(&sl->ka, ints[j], v[j], err, errlen);
		for (unsigned j = 0; j < 1 + 3 * s->r && !rc; j++) {
			char name[16];
			coef_name(s->r, j, name, sizeof name);
			rc = s->dt == STENCIL_F64 ? ld_kargs_set_f64(&sl->ka, name, s->c[j], err, errlen)
						  : ld_kargs_set_f32(&sl->ka, name, (float)s->c[j], err, errlen);
		}
		if (rc || ld_kargs_finish(&sl->ka, sl->grid, s->block, err, errlen))
			return STENCIL_FAIL;
	}
	return 0;
}

int stencil_prepare(struct ld_backend *b, void *module, const struct ld_kernel *k, const struct stencil_req *q,
		    struct stencil **out, char *err, size_t errlen)
{
	*out = NULL;
	struct stencil *s = calloc(1, sizeof *s);
	if (!s)
		return vc_fail(err, errlen, STENCIL_FAIL, "out of memory");
	*s = (struct stencil){ .b = b, .module = module, .k = k, .err = err, .errlen = errlen };
	int rc = find_kernel_shape(s, q);
	if (!rc)
		rc = find_args(s);
	if (!rc)
		rc = find_dispatch(s, q);
	if (!rc)
		rc = fill_host(s, q->seed);
	if (!rc)
		rc = set_kargs(s);
	if (rc) {
		stencil_free(s);
		return rc;
	}
	s->err = NULL, s->errlen = 0;
	*out = s;
	return STENCIL_OK;
}

void stencil_get_info(const struct stencil *s, struct stencil_info *in)
{
	unsigned r = s->r;
	double n[3], I[3];
	for (int i = 0; i < 3; i++)
		n[i] = s->n[i], I[i] = s->n[i] - 2.0 * r;
	*in = (struct stencil_info){ .radius = r, .dtype = s->dt, .slabs = s->nslabs, .slab_rows = s->slab_rows };
	memcpy(in->grid, s->slabs[0].grid, sizeof in->grid);
	memcpy(in->block, s->block, sizeof in->block);
	in->points = (uint64_t)I[0] * (uint64_t)I[1] * (uint64_t)I[2];
	/* read: every element with at least two of its coordinates interior (the
	 * lab notes' nx ny nz - 8 - 4(nx-2) - 4(ny-2) - 4(nz-2) at radius 1) */
	double read = I[0] * I[1] * I[2] + (n[0] - I[0]) * I[1] * I[2] + I[0] * (n[1] - I[1]) * I[2] +
		      I[0] * I[1] * (n[2] - I[2]);
	in->fetch_bytes = read * s->es;
	in->write_bytes = (double)in->points * s->es;
}

int stencil_launch(struct stencil *s, unsigned reps, struct ld_run_stats *st, char *err, size_t errlen)
{
	memset(st, 0, sizeof *st);
	for (unsigned i = 0; i < s->nslabs; i++) {
		struct slab *sl = &s->slabs[i];
		struct ld_run_stats one;
		if (ld_launch(s->b, s->module, s->k, &sl->ka, sl->grid, s->block, reps ? reps : 1, &one, err, errlen))
			return STENCIL_FAIL;
		st->runs = one.runs;
		st->best_ms += one.best_ms, st->mean_ms += one.mean_ms;
		st->has_counts = one.has_counts;
		uint64_t *sum[] = { &st->wave_insts, &st->valu, &st->valu_fma, &st->vopd, &st->salu, &st->smem,
				    &st->vmem, &st->lds, &st->branch, &st->wait, &st->workgroups, &st->waves };
		const uint64_t add[] = { one.wave_insts, one.valu, one.valu_fma, one.vopd, one.salu, one.smem,
					 one.vmem, one.lds, one.branch, one.wait, one.workgroups, one.waves };
		for (size_t j = 0; j < sizeof add / sizeof add[0]; j++)
			*sum[j] += add[j];
	}
	if (!s->launched && ld_read(s->b, s->fout, s->df, s->elems * s->es, err, errlen))
		return STENCIL_FAIL;
	s->launched = true;
	return STENCIL_OK;
}

/* The long-double value of one interior point, and Σ|c||u| of its terms. */
static long double reference(const struct stencil *s, size_t p, long double *absum)
{
	size_t stride[3] = { 1, s->n[0], (size_t)s->n[0] * s->n[1] };
	long double sum = (long double)s->c[0] * get(s, s->u, p);
	*absum = fabsl((long double)s->c[0] * get(s, s->u, p));
	for (unsigned a = 0; a < 3; a++)
		for (unsigned d = 1; d <= s->r; d++) {
			long double c = s->c[1 + a * s->r + d - 1];
			long double lo = get(s, s->u, p - d * stride[a]), hi = get(s, s->u, p + d * stride[a]);
			sum += c * (lo + hi);
			*absum += fabsl(c) * (fabsl(lo) + fabsl(hi));
		}
	return sum;
}

static bool is_interior(const struct stencil *s, uint32_t i, uint32_t j, uint32_t k)
{
	uint32_t r = s->r;
	return i >= r && i < s->n[0] - r && j >= r && j < s->n[1] - r && k >= r && k < s->n[2] - r;
}

int stencil_check(const struct stencil *s, struct stencil_check *c, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	if (err && errlen)
		err[0] = 0;
	if (!s->launched)
		return vc_fail(err, errlen, STENCIL_FAIL, "the stencil has not run");
	/* Any evaluation order of the 1 + 6r products and 6r sums rounds each term
	 * at most 6r + 1 times: (6r + 3) u bounds it with room (Higham's gamma). */
	double unit = s->dt == STENCIL_F64 ? ldexp(1.0, -53) : ldexp(1.0, -24);
	double scale = (6.0 * s->r + 3) * unit, tiny = s->dt == STENCIL_F64 ? DBL_MIN : FLT_MIN;
	double worst_excess = -1;
	size_t p = 0;
	for (uint32_t k = 0; k < s->n[2]; k++)
		for (uint32_t j = 0; j < s->n[1]; j++)
			for (uint32_t i = 0; i < s->n[0]; i++, p++) {
				const uint8_t *got_b = (const uint8_t *)s->fout + p * s->es;
				if (!is_interior(s, i, j, k)) {
					c->boundary++;
					if (memcmp(got_b, (const uint8_t *)s->f0 + p * s->es, s->es) && !c->boundary_changed++) {
						c->worst[0] = i, c->worst[1] = j, c->worst[2] = k;
						c->worst_got = get(s, s->fout, p), c->worst_want = get(s, s->f0, p);
						worst_excess = INFINITY;
					}
					continue;
				}
				c->interior++;
				long double absum, want = reference(s, p, &absum);
				double got = get(s, s->fout, p), d = fabs(got - (double)want);
				if (!isfinite(got)) {
					c->nonfinite++;
					d = INFINITY;
				}
				if (d > c->max_abs)
					c->max_abs = d;
				double tol = scale * (double)absum + tiny;
				if (!(d <= tol)) {
					c->bad++;
					if (d / tol > worst_excess) {
						worst_excess = d / tol;
						c->worst[0] = i, c->worst[1] = j, c->worst[2] = k;
						c->worst_got = got, c->worst_want = (double)want;
					}
				}
			}
	return c->bad || c->boundary_changed ? STENCIL_FAIL : STENCIL_OK;
}

const void *stencil_buffer(const struct stencil *s, unsigned i, size_t *bytes)
{
	*bytes = s->elems * s->es;
	return i == 0 ? s->u : i == 1 ? s->fout : NULL;
}

void stencil_free(struct stencil *s)
{
	if (!s)
		return;
	for (unsigned i = 0; s->slabs && i < s->nslabs; i++)
		if (s->slabs[i].have_ka)
			ld_kargs_free(&s->slabs[i].ka);
	free(s->slabs);
	if (s->have_du)
		ld_free(s->b, s->du);
	if (s->have_df)
		ld_free(s->b, s->df);
	free(s->u), free(s->f0), free(s->fout);
	free(s);
}
