/* truth_test — the ground-truth kernels (../shared/groundtruth: code nobody here
 * wrote, each timed on an RX 7900 XTX; `make bench-truth` predicts them) still
 * run on the emulator, every check on, and compute what they should.  Not timed.
 *
 *   seed_k6:  the seed study's kernel 6 (C = alpha A B + beta C, N x N row
 *             major, grid N/128 x N/128 of 128 work-items) at 1024^3, against
 *             cblas_dgemm;
 *   seed_k8:  kernel 8 bakes N = 4096 into its global-load offsets (at 1024 it
 *             reads outside A), so it runs at N = 4096 on the first 2 x 2
 *             workgroups only: C[0:256][0:256] over the full K, the rest of C
 *             untouched;
 *   Laplacian kernel 5 of the lab notes on 300 x 64 x 24 (ny a multiple of its
 *             tile, 8; nx not of its block, 256), against a C loop; the faces
 *             keep their fill.
 *
 * Usage: truth_test DIR   (DIR = the ground-truth folder; its kernels/ holds
 * the code objects).  Kernel arguments go through the loader (hidden ones
 * filled for the launch).  Bounds:
 *   sgemm:     (K + 2) 2^-23 (|alpha| sum |a||b| + |beta| |c|) + 2^-126: f32
 *              accumulation in any order against a double reference;
 *   Laplacian: 16 2^-53 sum |terms| + 2^-1022: f64 in another order, with or
 *              without contraction into FMAs.
 */
#include "tests/emu/harness.h"

#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t rnd(uint32_t *s)
{
	*s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
	return *s;
}

static double rndu(uint32_t *s, double lo, double hi) { return lo + (hi - lo) * (rnd(s) >> 8) * 0x1p-24; }

static bool open_kernel(struct th *t, const char *dir, const char *file, const char *name)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/%s", dir, file);
	struct emu_opts o = { .threads = 2, .checks = EMU_CHECK_ALL };
	if (th_open(t, path, &o)) {
		th_ok(0, name, "%s", t->err);
		return false;
	}
	return true;
}

/* Launch kernel with the arguments in order (pointers and 4- and 8-byte
 * values as raw bytes) through the loader's kernarg builder; 0 or a failed check. */
struct karg {
	const void *p;
	size_t n;
};

static int launch(struct th *t, const char *kernel, const struct karg *args, unsigned nargs, const uint32_t grid[3],
		  const uint32_t block[3], const char *name)
{
	const struct ld_kernel *k = ld_kernel_find(t->co, kernel);
	struct ld_kargs ka = { 0 };
	char err[256] = "";
	int rc = k ? ld_kargs_init(&ka, k, err, sizeof err) : -1;
	for (unsigned i = 0; rc == 0 && i < nargs; i++)
		rc = ld_kargs_set_index(&ka, i, args[i].p, args[i].n, err, sizeof err);
	if (rc == 0)
		rc = ld_kargs_finish(&ka, grid, block, err, sizeof err);
	if (rc == 0)
		rc = th_run(t, kernel, ka.buf, ka.size, grid, block);
	ld_kargs_free(&ka);
	th_ok(rc == 0, name, "%s: %s", k ? "launch" : "no kernel", err[0] ? err : t->err);
	return rc;
}

/* Kernel 6 or 8 of the seed study, (float *a, float *b, float *c, int N, float
 * alpha, float beta), on the first gx x gy workgroups (128 x 128 of C each). */
static void seed_sgemm(const char *dir, const char *file, const char *name, int n, unsigned gx, unsigned gy,
		       float alpha, float beta)
{
	struct th t;
	if (!open_kernel(&t, dir, file, name))
		return;
	size_t nn = (size_t)n * n;
	int mr = (int)gy * 128, mc = (int)gx * 128; /* rows and columns of C computed */
	float *a = malloc(nn * 4), *b = malloc(nn * 4), *c = malloc(nn * 4), *c0 = malloc(nn * 4);
	double *da = malloc((size_t)mr * n * 8), *db = malloc((size_t)n * mc * 8), *ref = malloc((size_t)mr * mc * 8),
	       *mag = malloc((size_t)mr * mc * 8);
	uint64_t ga = emu_alloc(t.dev, nn * 4, EMU_MEM_READONLY), gb = emu_alloc(t.dev, nn * 4, EMU_MEM_READONLY),
		 gc = emu_alloc(t.dev, nn * 4, 0);
	if (!a || !b || !c || !c0 || !da || !db || !ref || !mag || !ga || !gb || !gc) {
		th_ok(0, name, "out of memory for %d^3", n);
		goto out;
	}
	uint32_t s = 0x2545f491u + (uint32_t)n;
	for (size_t i = 0; i < nn; i++)
		a[i] = (float)rndu(&s, -1, 1), b[i] = (float)rndu(&s, -1, 1), c0[i] = (float)rndu(&s, -1, 1);
	emu_write(t.dev, ga, a, nn * 4);
	emu_write(t.dev, gb, b, nn * 4);
	emu_write(t.dev, gc, c0, nn * 4);
	for (int i = 0; i < mr; i++)
		for (int k = 0; k < n; k++)
			da[(size_t)i * n + k] = a[(size_t)i * n + k];
	for (int k = 0; k < n; k++)
		for (int j = 0; j < mc; j++)
			db[(size_t)k * mc + j] = b[(size_t)k * n + j];
	for (int i = 0; i < mr; i++)
		for (int j = 0; j < mc; j++)
			ref[(size_t)i * mc + j] = (double)beta * c0[(size_t)i * n + j],
					       mag[(size_t)i * mc + j] = fabs((double)beta * c0[(size_t)i * n + j]);
	cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, mr, mc, n, alpha, da, n, db, mc, 1.0, ref, mc);
	for (size_t i = 0; i < (size_t)mr * n; i++)
		da[i] = fabs(da[i]);
	for (size_t i = 0; i < (size_t)n * mc; i++)
		db[i] = fabs(db[i]);
	cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, mr, mc, n, fabs(alpha), da, n, db, mc, 1.0, mag, mc);
	char run[96];
	snprintf(run, sizeof run, "%s_runs", name);
	int32_t nv = n;
	const struct karg args[] = { { &ga, 8 }, { &gb, 8 }, { &gc, 8 }, { &nv, 4 }, { &alpha, 4 }, { &beta, 4 } };
	const uint32_t grid[3] = { gx, gy, 1 }, block[3] = { 128, 1, 1 };
	if (launch(&t, "kernel", args, 6, grid, block, run))
		goto out;
	emu_read(t.dev, gc, c, nn * 4);
	size_t bad = 0, first = 0, outside = 0;
	double scale = (double)(n + 2) * 0x1p-23, got = 0, want = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			size_t p = (size_t)i * n + j;
			if (i >= mr || j >= mc) {
				outside += memcmp(&c[p], &c0[p], 4) != 0;
				continue;
			}
			size_t q = (size_t)i * mc + j;
			if (!(fabs(c[p] - ref[q]) <= scale * mag[q] + 0x1p-126) && !bad++)
				first = p, got = c[p], want = ref[q];
		}
	th_ok(bad == 0 && outside == 0, name,
	      "%zu of %d x %d elements outside (K+2) 2^-23 (|alpha||A||B| + |beta||C|) (first C[%zu][%zu] = %.9g, want %.9g); "
	      "%zu elements outside the launched tiles changed",
	      bad, mr, mc, first / n, first % n, got, want, outside);
out:
	free(a), free(b), free(c), free(c0), free(da), free(db), free(ref), free(mag);
	th_close(&t);
}

/* The lab notes' Laplacian kernel 5: f = (u[x-1] + u[x+1]) hx + (u[y-1] + u[y+1]) hy
 * + (u[z-1] + u[z+1]) hz + u hxyz inside, nothing written on the faces; grid
 * ((nx-1)/256+1, (ny-1)/8+1, nz), 256 work-items; (double *f, const double *u,
 * int nx, int ny, int nz, double hx, double hy, double hz, double hxyz). */
static void laplacian(const char *dir, const char *name, int nx, int ny, int nz)
{
	struct th t;
	if (!open_kernel(&t, dir, "laplacian_k5.hsaco", name))
		return;
	size_t n = (size_t)nx * ny * nz, slice = (size_t)nx * ny;
	double *u = malloc(n * 8), *f = malloc(n * 8);
	uint64_t gu = emu_alloc(t.dev, n * 8, EMU_MEM_READONLY), gf = emu_alloc(t.dev, n * 8, 0);
	double hx = 1.25, hy = 0.75, hz = 0.5, hxyz = -2 * (hx + hy + hz);
	const double fill = 12345.0;
	if (!u || !f || !gu || !gf) {
		th_ok(0, name, "out of memory for %dx%dx%d", nx, ny, nz);
		goto out;
	}
	uint32_t s = 0x9e3779b9u;
	for (size_t i = 0; i < n; i++)
		u[i] = rndu(&s, -1, 1), f[i] = fill;
	emu_write(t.dev, gu, u, n * 8);
	emu_write(t.dev, gf, f, n * 8);
	char run[96];
	snprintf(run, sizeof run, "%s_runs", name);
	int32_t dims[3] = { nx, ny, nz };
	const struct karg args[] = { { &gf, 8 },	  { &gu, 8 },  { &dims[0], 4 }, { &dims[1], 4 }, { &dims[2], 4 },
				     { &hx, 8 },	  { &hy, 8 },  { &hz, 8 },	{ &hxyz, 8 } };
	const uint32_t grid[3] = { (uint32_t)(nx - 1) / 256 + 1, (uint32_t)(ny - 1) / 8 + 1, (uint32_t)nz },
		       block[3] = { 256, 1, 1 };
	if (launch(&t, "_Z16laplacian_kernelIdEvPT_PKS0_iiiS0_S0_S0_S0_", args, 9, grid, block, run))
		goto out;
	emu_read(t.dev, gf, f, n * 8);
	size_t bad = 0, first = 0;
	double want_first = 0;
	for (int k = 0; k < nz; k++)
		for (int j = 0; j < ny; j++)
			for (int i = 0; i < nx; i++) {
				size_t p = (size_t)i + (size_t)nx * j + slice * k;
				double want = fill, bound = 0;
				if (i > 0 && i < nx - 1 && j > 0 && j < ny - 1 && k > 0 && k < nz - 1) {
					double x0 = u[p - 1] * hx, x1 = u[p + 1] * hx, y0 = u[p - nx] * hy, y1 = u[p + nx] * hy,
					       z0 = u[p - slice] * hz, z1 = u[p + slice] * hz, c = u[p] * hxyz;
					want = x0 + x1 + y0 + y1 + z0 + z1 + c;
					bound = 16 * 0x1p-53 *
							(fabs(x0) + fabs(x1) + fabs(y0) + fabs(y1) + fabs(z0) + fabs(z1) + fabs(c)) +
						0x1p-1022;
				}
				if (!(fabs(f[p] - want) <= bound) && !bad++)
					first = p, want_first = want;
			}
	th_ok(bad == 0, name,
	      "%zu of %zu points wrong (faces keep %g; inside within 16 2^-53 sum|terms|); first at %zu: %.17g, want %.17g",
	      bad, n, fill, first, bad ? f[first] : 0.0, want_first);
out:
	free(u), free(f);
	th_close(&t);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: truth_test DIR\n");
		return 2;
	}
	const char *dir = argv[1];
	seed_sgemm(dir, "seed_k6.hsaco", "truth_seed_k6_1024", 1024, 8, 8, 1.0f, 0.0f);
	seed_sgemm(dir, "seed_k8.hsaco", "truth_seed_k8_4096_2x2", 4096, 2, 2, 1.0f, 0.0f);
	laplacian(dir, "truth_laplacian_k5_300x64x24", 300, 64, 24);
	th_cleanup(check_failures);
	return check_exit();
}
