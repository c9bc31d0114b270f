/* stencil.c — template `stencil`: 3D star stencils of radius 1..4 on the
 * interior of a row-major nx*ny*nz grid, f32 or f64 (docs/stencil.md).
 *
 * Kernel arguments: f (output), u (const input), nx, ny, nz, ylo, yhi (u32),
 * then c0, cx1..cxR, cy1..cyR, cz1..czR (f32 or f64, the dtype).  For every
 * interior point r <= i < nx-r, max(r, ylo) <= j < min(ny-r, yhi),
 * r <= k < nz-r:
 *   f[p] = c0*u[p] + sum_d cx_d*(u[p-d] + u[p+d]) + cy_d*(u[p-d*nx] + u[p+d*nx])
 *                  + cz_d*(u[p-d*nx*ny] + u[p+d*nx*ny]).
 * No other element of f is written and no access leaves either buffer.
 * Launch: block (block_threads, 1, 1); grid (ceil((nx-2r)/tile_x),
 * ceil((yhi-ylo)/tile_y), ceil((nz-2r)/tile_z)); recorded in the metadata
 * with the dtype, radius and slab_rows (docs/metadata.md).
 *
 * This file: the parameters, the presets (the lab notes' kernels), the
 * derived shape and every check, and the build, which searches for the most
 * loads in flight that fit the register budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "templates/stencil.h"

static const struct tpl_param params[ST_NPARAMS] = {
	[ST_RADIUS] = { "radius", TPL_INT, 1, 1, ST_MAX_RADIUS, NULL,
			"stencil radius r: 7, 13, 19 or 25 points (6r + 1)" },
	[ST_DTYPE] = { "dtype", TPL_ENUM, ST_F64, 0, 1, "f32|f64", "element type of u, f and the coefficients" },
	[ST_BX] = { "bx", TPL_INT, 256, 1, 1024, NULL, "work-items of a workgroup along x (power of two)" },
	[ST_BY] = { "by", TPL_INT, 1, 1, 1024, NULL, "work-items along y (bx*by: whole waves of 32)" },
	[ST_POINTS] = { "points", TPL_INT, 1, 1, ST_MAX_POINTS, NULL,
			"stencil points per work-item (loop tiling: neighbours shared between them are loaded once)" },
	[ST_DIR] = { "dir", TPL_ENUM, ST_DIR_Y, 0, 2, "x|y|z", "the direction a work-item's points run in" },
	[ST_ORDER] = { "order", TPL_ENUM, ST_ORDER_FORWARD, 0, 1, "natural|forward",
		       "order of the loads: the terms' textbook order, or forward only in memory (by address)" },
	[ST_VEC] = { "vec", TPL_INT, 1, 1, 4, NULL,
		     "elements per global load or store at most (neighbours on a row merge; 16 bytes at most)" },
	[ST_NONTEMPORAL] = { "nontemporal", TPL_BOOL, 0, 0, 1, NULL,
			     "stores of f with glc slc dlc: streamed, evicted first, so the cache keeps u" },
	[ST_ZMARCH] = { "zmarch", TPL_ENUM, ST_ZM_NONE, 0, 2, "none|regs|lds",
			"z-marching: each work-item walks along z with its columns' z-neighbours in registers; "
			"the in-plane neighbours from memory (regs) or from the block's plane in LDS (lds)" },
	[ST_ZLEN] = { "zlen", TPL_INT, 64, 1, 4096, NULL, "z-marching: planes one workgroup walks (tile_z)" },
	[ST_UNROLL] = { "unroll", TPL_INT, 1, 1, ST_MAX_UNROLL, NULL,
			"z-marching: z-steps per loop iteration (their loads stream together)" },
	[ST_WAVES] = { "waves-per-simd", TPL_INT, 0, 0, 16, NULL,
		       "launch bounds: waves per SIMD the kernel must allow; its VGPRs fit the target's file "
		       "divided by this (0: up to 256 VGPRs)" },
	[ST_SLAB_ROWS] = { "slab-rows", TPL_INT, 0, 0, 1 << 20, NULL,
			   "subdomains: the runner launches the rows as y-slabs of this many rows, a multiple of "
			   "tile_y (0: one launch)" },
};

/* The lab notes' Laplacian kernels (amd-lab-notes, finite-difference), for any
 * radius and dtype; docs/stencil.md says where they differ from the originals.
 * waves-per-simd 8 is HIP's default launch bound (1024 work-items: 32 waves
 * on a WGP's 4 SIMDs); 2 is __launch_bounds__(256). */
#define LAB "bx=256 by=1 vec=2 zmarch=none zlen=64 unroll=1 slab-rows=0 mode=wgp "
static const struct tpl_preset presets[] = {
	{ "lap1", LAB "points=1 dir=y order=natural nontemporal=false waves-per-simd=8",
	  "kernel 1: one point per work-item, 256 work-items along x" },
	{ "lap2", LAB "points=8 dir=y order=natural nontemporal=false waves-per-simd=8",
	  "kernel 2: 8 points per work-item along y (loop tiling), loads in the terms' order" },
	{ "lap3", LAB "points=8 dir=y order=forward nontemporal=false waves-per-simd=8",
	  "kernel 3: kernel 2 with the loads reordered to move forward in memory only" },
	{ "lap4", LAB "points=8 dir=y order=forward nontemporal=false waves-per-simd=2",
	  "kernel 4: kernel 3 with launch bounds 256 (a register budget of 2 waves per SIMD)" },
	{ "lap5", LAB "points=8 dir=y order=forward nontemporal=true waves-per-simd=2",
	  "kernel 5: kernel 4 with nontemporal stores of f" },
	{ "lap7", "bx=256 by=1 vec=2 zmarch=none zlen=64 unroll=1 mode=wgp "
		  "points=8 dir=y order=forward nontemporal=true waves-per-simd=2 slab-rows=128",
	  "kernel 7: kernel 5 launched as y-slabs of 128 rows (subdomains)" },
	{ "best", "bx=64 by=6 points=2 dir=x order=forward vec=2 nontemporal=true zmarch=regs zlen=64 "
		  "unroll=8 waves-per-simd=0 slab-rows=0 mode=wgp",
	  "z-marching in registers: each input value fetched about once, whatever the plane size" },
};

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return TPL_E_ARG; } while (0)

static const char *const dtype_name[] = { "f32", "f64" };

/* VGPRs one wave may use when `waves` must fit on a SIMD of target t:
 * the file's share, rounded down to the allocation granule (isa_occupancy
 * rounds up to it). */
static unsigned vgpr_budget(const struct isa_target *t, unsigned waves)
{
	if (!waves)
		return ISA_VGPRS;
	unsigned b = t->vgprs_per_lane / waves / t->vgpr_granule * t->vgpr_granule;
	return b < ISA_VGPRS ? b : ISA_VGPRS;
}

static int derive_lds(struct st_cfg *c, char *err, size_t errlen)
{
	c->hx = c->tile_x + 2 * c->r;
	c->hy = c->tile_y + 2 * c->r;
	c->plane_bytes = (c->hx * c->hy * c->esize + 15) / 16 * 16;
	c->lds_slots = c->r + 2;
	c->lds_bytes = c->lds_slots * c->plane_bytes;
	unsigned lds_max = ISA_LDS_BYTES < c->target->lds_per_cu ? ISA_LDS_BYTES : c->target->lds_per_cu;
	if (c->lds_bytes > lds_max)
		FAIL("zmarch: lds keeps %u planes of %ux%u elements (the block's tile and its halo): %u bytes, "
		     "at most %u per workgroup on %s", c->lds_slots, c->hx, c->hy, c->lds_bytes, lds_max,
		     c->target->name);
	c->coop = (c->hx * c->hy + c->threads - 1) / c->threads;
	if (c->coop > ST_MAX_COOP)
		FAIL("bx, by: %u loads per work-item bring a plane of %ux%u elements into LDS, at most %u",
		     c->coop, c->hx, c->hy, ST_MAX_COOP);
	/* the kernel divides a plane element's index by hx as a multiply by
	 * ceil(2^32 / hx) (stencil_zmarch.c): check it is exact for every index */
	uint64_t magic = ((1ull << 32) + c->hx - 1) / c->hx;
	for (uint64_t e = 0; e < (uint64_t)c->coop * c->threads; e++)
		if ((e * magic) >> 32 != e / c->hx)
			FAIL("bx, by: element %llu of the LDS plane (%u wide) cannot be placed by a 32-bit reciprocal",
			     (unsigned long long)e, c->hx);
	return 0;
}

int st_derive(const struct tpl_values *v, struct st_cfg *c, char *err, size_t errlen)
{
	memset(c, 0, sizeof *c);
	const long *p = v->v;
	c->target = tpl_target(v);
	c->r = (unsigned)p[ST_RADIUS];
	c->dtype = (enum st_dtype)p[ST_DTYPE];
	c->esize = c->dtype == ST_F64 ? 8 : 4;
	c->ew = c->esize / 4;
	c->bx = (unsigned)p[ST_BX], c->by = (unsigned)p[ST_BY];
	c->threads = c->bx * c->by;
	c->lbx = tpl_log2(c->bx);
	c->points = (unsigned)p[ST_POINTS];
	c->dir = (enum st_dir)p[ST_DIR];
	c->px = c->dir == ST_DIR_X ? c->points : 1;
	c->py = c->dir == ST_DIR_Y ? c->points : 1;
	c->pz = c->dir == ST_DIR_Z ? c->points : 1;
	c->order = (enum st_order)p[ST_ORDER];
	c->vec = (unsigned)p[ST_VEC];
	c->nontemporal = p[ST_NONTEMPORAL] != 0;
	c->zm = (enum st_zmarch)p[ST_ZMARCH];
	c->zlen = (unsigned)p[ST_ZLEN];
	c->unroll = (unsigned)p[ST_UNROLL];
	c->waves = (unsigned)p[ST_WAVES];
	c->slab_rows = (unsigned)p[ST_SLAB_ROWS];

	if (c->bx & (c->bx - 1))
		FAIL("bx: %u is not a power of two", c->bx);
	if (c->threads % 32)
		FAIL("bx, by: %u x %u = %u work-items is not a multiple of 32 (wave32: whole waves only)", c->bx,
		     c->by, c->threads);
	if (c->threads > 1024)
		FAIL("bx, by: %u x %u = %u work-items, at most 1024 per workgroup", c->bx, c->by, c->threads);
	if (c->vec * c->esize > 16)
		FAIL("vec: %u %s elements are %u bytes, the widest global access is 16 (b128)", c->vec,
		     dtype_name[c->dtype], c->vec * c->esize);
	if (c->zm == ST_ZM_NONE && c->unroll != 1)
		FAIL("unroll: %u z-steps per iteration, but only a z-marching kernel (zmarch regs|lds) has a loop",
		     c->unroll);
	if (c->zm == ST_ZM_NONE && c->zlen != (unsigned)params[ST_ZLEN].def)
		FAIL("zlen: %u planes, but only a z-marching kernel (zmarch regs|lds) walks along z", c->zlen);
	if (c->zm != ST_ZM_NONE && c->dir == ST_DIR_Z)
		FAIL("dir: z-marching walks along z already; a work-item's points run along x or y");
	c->tile_x = c->bx * c->px;
	c->tile_y = c->by * c->py;
	c->tile_z = c->zm == ST_ZM_NONE ? c->pz : c->zlen;
	if (c->slab_rows % c->tile_y)
		FAIL("slab-rows: %u is not a multiple of tile_y = %u (by x points along y)", c->slab_rows,
		     c->tile_y);
	c->budget = vgpr_budget(c->target, c->waves);
	if (c->zm == ST_ZM_LDS)
		return derive_lds(c, err, errlen);
	return 0;
}

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	struct st_cfg c;
	return st_derive(v, &c, err, errlen);
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "stencil";
	info->block_threads = (unsigned)(v->v[ST_BX] * v->v[ST_BY]);
	info->wgid[0] = info->wgid[1] = info->wgid[2] = true;
	info->workitem_ids = 0;
}

/* ---- the build ---------------------------------------------------------------- */

enum emit_rc { EMIT_OK = 0, EMIT_VGPRS, EMIT_SGPRS, EMIT_FAIL };

static void declare_args(struct st_ctx *x)
{
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	ao_arg_ptr(k, "f", false);
	ao_arg_ptr(k, "u", true);
	static const char *const dims[] = { "nx", "ny", "nz", "ylo", "yhi" };
	for (unsigned i = 0; i < 5; i++)
		ao_arg_u32(k, dims[i]);
	static const char axis[] = { 'x', 'y', 'z' };
	for (unsigned i = 0; i < 1 + 3 * c->r; i++) {
		char name[16];
		if (i == 0)
			snprintf(name, sizeof name, "c0");
		else
			snprintf(name, sizeof name, "c%c%u", axis[(i - 1) / c->r], (i - 1) % c->r + 1);
		int off = c->dtype == ST_F64 ? ao_arg_f64(k, name) : ao_arg_f32(k, name);
		if (i == 0)
			x->coef_off = off < 0 ? 0 : (unsigned)off;
	}
}

/* The whole kernel into k with `inflight` loads in flight, its registers
 * allocated within the budget: EMIT_VGPRS (with *needed) when they do not fit. */
static enum emit_rc emit(const struct st_cfg *c, struct ao_kernel *k, unsigned inflight, unsigned *needed,
			 char *err, size_t errlen)
{
	struct st_ctx ctx, *x = &ctx;
	memset(x, 0, sizeof *x);
	x->c = c, x->k = k, x->inflight = inflight;
	x->ra = ra_new();
	if (!x->ra)
		return EMIT_FAIL;
	declare_args(x);
	if (c->zm == ST_ZM_LDS)
		ao_lds(k, c->lds_bytes, 16);
	x->v_tid = ra_vreg(x->ra, "tid", 1);
	ra_pin(x->ra, (unsigned)x->v_tid, 0);   /* v0: packed work-item ids at wave start */
	x->v_tmp = ra_vreg(x->ra, "tmp", 2);
	int l_end = st_emit_setup(x);
	if (c->zm == ST_ZM_NONE)
		st_emit_block(x, l_end);
	else
		st_emit_zmarch(x, l_end);
	ao_bind(k, (unsigned)l_end);
	AO_I0(k, AO_OP(s_endpgm));

	ao_meta_str(k, "dtype", dtype_name[c->dtype]);
	ao_meta_int(k, "radius", c->r);
	ao_meta_int(k, "block_threads", c->threads);
	ao_meta_int(k, "tile_x", c->tile_x);
	ao_meta_int(k, "tile_y", c->tile_y);
	ao_meta_int(k, "tile_z", c->tile_z);
	ao_meta_int(k, "slab_rows", c->slab_rows);

	enum emit_rc rc = EMIT_OK;
	if (x->sgprs_short) {
		rc = EMIT_SGPRS;
	} else if (!ao_error(k)) {   /* a builder error is reported by tpl_build */
		int arc = ra_allocate(x->ra, k, c->budget, needed, err, errlen);
		rc = arc == RA_E_LIMIT ? EMIT_VGPRS : arc ? EMIT_FAIL : EMIT_OK;
	}
	ra_free(x->ra);
	return rc;
}

/* Loads one body could have in flight at most: all of them, up to vmcnt's range. */
static unsigned max_inflight(const struct st_cfg *c)
{
	struct st_plan *p = malloc(sizeof *p);
	if (!p)
		return 1;
	/* regs streams the global loads of a whole iteration; lds streams each
	 * step's LDS reads, one element each */
	if (c->zm == ST_ZM_NONE)
		st_plan_block(c, false, p);
	else
		st_plan_step(c, c->zm == ST_ZM_LDS, p);
	unsigned n = p->nload * (c->zm == ST_ZM_REGS ? c->unroll : 1);
	free(p);
	if (n > ST_MAX_INFLIGHT)
		n = ST_MAX_INFLIGHT;
	return n ? n : 1;
}

/* Does the kernel fit the budget with n loads in flight?  A scratch build. */
static enum emit_rc try_inflight(const struct st_cfg *c, const struct ao_kernel *k, unsigned n, unsigned *needed)
{
	struct ao_kernel *s = ao_kernel_new(ao_info(k));
	if (!s)
		return EMIT_FAIL;
	char err[256];
	enum emit_rc rc = emit(c, s, n, needed, err, sizeof err);
	if (rc == EMIT_OK && ao_error(s))
		rc = EMIT_FAIL;
	ao_kernel_free(s);
	return rc;
}

int st_build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	struct st_cfg c;
	int rc = st_derive(v, &c, err, errlen);
	if (rc)
		return rc;
	/* the most loads in flight that fit: all of them when they do, else a
	 * binary search (more loads in flight never need fewer registers) */
	unsigned hi = max_inflight(&c), best = hi, needed = 0;
	enum emit_rc e = try_inflight(&c, k, hi, &needed);
	if (e == EMIT_VGPRS) {
		unsigned lo = 1, need1 = 0;
		e = try_inflight(&c, k, 1, &need1);
		if (e == EMIT_VGPRS) {
			if (c.waves)
				FAIL("waves-per-simd: the kernel needs %u VGPRs even with one load in flight; %u waves "
				     "per SIMD on %s allow %u (%u per lane, granule %u)", need1, c.waves, c.target->name,
				     c.budget, c.target->vgprs_per_lane, c.target->vgpr_granule);
			FAIL("points, radius, unroll: the kernel needs %u VGPRs even with one load in flight, at "
			     "most %u", need1, ISA_VGPRS);
		}
		best = lo;
		while (e == EMIT_OK && lo + 1 < hi) {
			unsigned mid = (lo + hi) / 2;
			if (try_inflight(&c, k, mid, &needed) == EMIT_OK)
				lo = mid, best = mid;
			else
				hi = mid;
		}
	}
	if (e == EMIT_SGPRS)
		FAIL("points, radius, unroll: the kernel needs more than %u SGPRs (plane bases, coefficients "
		     "and point masks)", ISA_SGPRS);
	rc = emit(&c, k, best, &needed, err, errlen);
	if (rc == EMIT_SGPRS)
		FAIL("points, radius, unroll: the kernel needs more than %u SGPRs", ISA_SGPRS);
	if (rc == EMIT_VGPRS)
		FAIL("waves-per-simd: the kernel needs %u VGPRs, at most %u", needed, c.budget);
	return rc == EMIT_OK ? 0 : TPL_E_BUILD;
}

/* ---- rdna3gen tune's search space ------------------------------------------------
 * The radius and dtype come from the command line (tune stencil --radius 2
 * --dtype f32); the check drops the combinations it refuses (unroll without
 * z-marching, blocks that are not whole waves, LDS rings too large). */
static const struct tpl_axis axes[] = {
	{ "zmarch", { "none", "regs", "lds" }, 0 },
	{ "points", { "1", "2", "4", "8" }, 0 },
	{ "dir", { "x", "y" }, 0 },
	{ "bx", { "32", "64", "256" }, 0 },
	{ "by", { "1", "2", "4", "6" }, 0 },
	{ "vec", { "1", "2" }, 0 },
	{ "unroll", { "1", "2", "4", "8" }, 0 },
};

/* one tile and a ragged part more than a tile in every dimension */
static void check_shape(const struct tpl_values *v, uint32_t n[3])
{
	struct st_cfg c;
	char err[256];
	if (st_derive(v, &c, err, sizeof err)) {
		n[0] = n[1] = n[2] = 2 * ST_MAX_RADIUS + 1;
		return;
	}
	n[0] = c.tile_x + 2 * c.r + 3;
	n[1] = c.tile_y + 2 * c.r + 5;
	n[2] = (c.tile_z < 8 ? c.tile_z : 8) + 2 * c.r + 3;
}

/* The lab notes' bytes (docs/stencil.md, "Figure of merit"): every element
 * with at least two coordinates in the interior is read, the interior written. */
static double work(const struct tpl_values *v, const uint32_t shape[3])
{
	double r = (double)v->v[ST_RADIUS], es = v->v[ST_DTYPE] == ST_F64 ? 8 : 4, n[3], in[3];
	for (int i = 0; i < 3; i++)
		n[i] = shape[i], in[i] = shape[i] - 2 * r;
	double write = in[0] * in[1] * in[2];
	double read = write + (n[0] - in[0]) * in[1] * in[2] + in[0] * (n[1] - in[1]) * in[2] +
		      in[0] * in[1] * (n[2] - in[2]);
	return (read + write) * es;
}

static const char *const dims[] = { "nx", "ny", "nz" };

static const struct tpl_space space = {
	.axes = axes,
	.naxes = sizeof axes / sizeof axes[0],
	.fixed = "order=forward nontemporal=true",
	.check_shape = check_shape,
	.dims = dims,
	.ndims = 3,
	.runner = TPL_RUN_STENCIL,
	.work = work,
	.unit = "GB/s",
};

const struct tpl_template tpl_stencil = {
	.name = "stencil",
	.summary = "3D star stencils of radius 1..4, f32/f64, on the interior of any nx*ny*nz grid",
	.params = params,
	.nparams = ST_NPARAMS,
	.presets = presets,
	.npresets = sizeof presets / sizeof presets[0],
	.check = check,
	.build = st_build,
	.kernel_info = kernel_info,
	.space = &space,
};
