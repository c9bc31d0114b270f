/* stencil.h — internal interface of the `stencil` template (templates/stencil*.c).
 *
 * f = c0*u + sum over d = 1..r of cx_d*(u[x-d] + u[x+d]) + cy_d*(...y...) + cz_d*(...z...)
 * on the interior of a row-major nx*ny*nz grid (x fastest), f32 or f64.  The
 * kernel interface, launch rule and parameters are in docs/stencil.md.
 *
 *   stencil.c         parameter table, presets, derived shape and every check,
 *                     the build (register-budget search), the tpl_template record
 *   stencil_plan.c    which elements a work-item reads (taps), which of its
 *                     points use each one and with which coefficient, the order
 *                     of the loads and their merging into vector loads: data
 *                     only, no instructions
 *   stencil_setup.c   kernel arguments, the workgroup's origin, per-lane
 *                     offsets, plane bases, the interior masks of the points
 *   stencil_body.c    the shared emitters (loads, FMAs, stores) and the body
 *                     without z-marching: every load of the thread's points,
 *                     streamed through a window of loads in flight
 *   stencil_zmarch.c  z-marching: the walk along z with a rotating window of
 *                     each column's z-neighbours in registers, the in-plane
 *                     neighbours from memory (regs) or from LDS (lds)
 *
 * Coordinates: a work-item's points are p_n = n * e_dir (n < points) from its
 * first point; a tap (dx, dy, dz) is an element at that offset from the first
 * point.  Every element a point of the interior reads lies inside the grid,
 * so a load is safe for every lane whose point `first` (the lowest point
 * that needs it) is interior: the interior points of a lane are a prefix
 * 0 .. m-1 of its points (the workgroup starts inside the interior, so only
 * the upper bounds can cut it), so the lane mask of point `first` covers
 * every lane that needs the tap.
 */
#ifndef RDNA3_TEMPLATES_STENCIL_H
#define RDNA3_TEMPLATES_STENCIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"

/* Parameter indices (table order in stencil.c). */
enum st_param {
	ST_RADIUS, ST_DTYPE, ST_BX, ST_BY, ST_POINTS, ST_DIR, ST_ORDER, ST_VEC, ST_NONTEMPORAL,
	ST_ZMARCH, ST_ZLEN, ST_UNROLL, ST_WAVES, ST_SLAB_ROWS,
	ST_NPARAMS
};

enum st_dtype { ST_F32, ST_F64 };
enum st_dir { ST_DIR_X, ST_DIR_Y, ST_DIR_Z };
enum st_order { ST_ORDER_NATURAL, ST_ORDER_FORWARD };
enum st_zmarch { ST_ZM_NONE, ST_ZM_REGS, ST_ZM_LDS };

#define ST_MAX_RADIUS 4
#define ST_MAX_POINTS 16
#define ST_MAX_COEFS (1 + 3 * ST_MAX_RADIUS)
#define ST_MAX_TAPS 512      /* a plan's taps: points * (6r + 1) at most */
#define ST_MAX_USES 512
#define ST_MAX_LOADS 512
#define ST_MAX_INFLIGHT 60   /* loads in flight: vmcnt counts to 63 */
#define ST_MAX_UNROLL 16
#define ST_MAX_COOP 16       /* lds: global loads per work-item per plane */

/* Everything derived from the parameters (st_derive). */
struct st_cfg {
	unsigned r;                     /* radius */
	enum st_dtype dtype;
	unsigned esize, ew;             /* bytes and dwords per element */
	unsigned bx, by, threads, lbx;  /* work-items along x and y; log2(bx) */
	unsigned points;                /* points per work-item */
	enum st_dir dir;
	unsigned px, py, pz;            /* points along x, y, z: `points` along dir, else 1 */
	enum st_order order;
	unsigned vec;                   /* elements per global access at most */
	bool nontemporal;
	enum st_zmarch zm;
	unsigned zlen, unroll;          /* z-marching: planes per workgroup, steps per iteration */
	unsigned waves;                 /* waves per SIMD the kernel must allow (0: no bound) */
	unsigned budget;                /* VGPRs a wave may use: from waves and the target */
	unsigned slab_rows;
	unsigned tile_x, tile_y, tile_z;
	/* lds: the block's plane with its halo, hx * hy elements, in a ring of
	 * lds_slots planes; coop = global loads per work-item per plane */
	unsigned hx, hy, plane_bytes, lds_slots, lds_bytes, coop;
	const struct isa_target *target;
};

/* Derive cfg from the values and check every constraint; the message names
 * the parameter and the limit.  Returns 0 or TPL_E_ARG. */
int st_derive(const struct tpl_values *v, struct st_cfg *c, char *err, size_t errlen);

/* ---- plans (stencil_plan.c) ----------------------------------------------------- */

/* acc[point] += coef * value.  coef: 0 = c0, 1 + (d-1) = cx_d, 1 + r + (d-1)
 * = cy_d, 1 + 2r + (d-1) = cz_d (the order of the kernel arguments). */
struct st_use {
	uint8_t point, coef;
};

/* A value the terms read: an element at (dx, dy, dz) from the first point,
 * or (z-marching) the window entry of own column `col` at plane offset dz. */
struct st_tap {
	int8_t dx, dy, dz;
	uint8_t first;          /* lowest point that needs it */
	int8_t col;             /* z-marching: the column whose window it fills or is, else -1 */
	bool window;            /* z-marching: already in the window, no load */
	uint16_t use0, nuse;    /* its uses: plan.use[use0 .. use0 + nuse) */
	int16_t load;           /* the load that brings it, -1 for a window entry */
	uint8_t elem;           /* its element in that load */
};

/* One load instruction: `width` consecutive elements of one row from dx. */
struct st_load {
	int8_t dx, dy, dz;
	uint8_t width;
	uint8_t first;          /* mask: the lowest `first` of its taps */
	int8_t col;             /* window fill: first column it fills, else -1 */
	uint16_t tap0, ntap;    /* its taps, plan.tap[tap0 .. tap0 + ntap), ascending dx */
};

struct st_plan {
	unsigned ntap, nuse, nload;
	struct st_tap tap[ST_MAX_TAPS];
	struct st_use use[ST_MAX_USES];
	struct st_load load[ST_MAX_LOADS];
};

/* The thread's taps without z-marching: every element its points read.
 * guarded: one element per load (the ragged edge), else up to c->vec. */
void st_plan_block(const struct st_cfg *c, bool guarded, struct st_plan *p);
/* One z-step of z-marching: the in-plane neighbours (dz = 0) that are not
 * own columns, the window fill of plane +r (dz = r, col set), and the
 * window entries the terms read (window = true, no load). */
void st_plan_step(const struct st_cfg *c, bool guarded, struct st_plan *p);
/* Priming of the window: own columns at planes dz = -r .. r-1. */
void st_plan_prime(const struct st_cfg *c, bool guarded, struct st_plan *p);
/* Distinct rows dy any plan of c reads: [*lo, *hi]. */
void st_plan_rows(const struct st_cfg *c, int *lo, int *hi);

/* ---- the build context ---------------------------------------------------------- */

struct st_ctx {
	const struct st_cfg *c;
	struct ao_kernel *k;
	struct ra_ctx *ra;
	unsigned inflight;              /* loads in flight at most */
	bool sgprs_short;               /* an ao_sgprs call ran past the SGPR limit */
	/* SGPRs */
	unsigned s_args;                /* f u nx ny nz ylo: 8 */
	unsigned s_yhi, s_coef;         /* coefficients: (1 + 3r) * ew */
	unsigned coef_off;              /* kernarg byte offset of c0 */
	unsigned s_x0, s_y0, s_z0;      /* the workgroup's first interior point */
	unsigned s_ihi, s_jhi, s_khi;   /* interior ends (exclusive) */
	unsigned s_u0, s_fu;            /* u + origin bytes; f - u (64-bit) */
	unsigned s_plane;               /* plane bytes (64-bit) */
	unsigned s_nxb;                 /* row bytes */
	unsigned s_mask[ST_MAX_POINTS]; /* lanes whose point n is interior */
	unsigned s_tmp;                 /* 4 scratch */
	unsigned s_base;                /* plane bases, 64-bit each (block: dz lo..hi; zmarch: the walk) */
	int base_dz0;                   /* block: dz of the first base */
	unsigned s_steps;               /* zmarch: steps left */
	/* VGPRs */
	int v_tid;
	int v_row[ST_MAX_POINTS + 2 * ST_MAX_RADIUS]; /* byte offset of row dy (index dy - row_lo) */
	int row_lo;
	int v_tmp;                      /* 2 scratch */
	int v_col, v_rowb;              /* the lane's first point in the block: column, row */
};

#define ST_VR(x, id) ra_op((x)->ra, (unsigned)(id))
#define ST_V(x, id, sub) ra_sub((x)->ra, (unsigned)(id), (sub), 1)
#define ST_VN(x, id, sub, n) ra_sub((x)->ra, (unsigned)(id), (sub), (n))

/* ao_sgprs for the template: an overflow is remembered, so the build can
 * name the parameters behind it without reading asm_out's message. */
static inline unsigned st_sgprs(struct st_ctx *x, unsigned n)
{
	return tpl_sgprs(x->k, n, &x->sgprs_short);
}

/* The SGPR operand of coefficient `coef` (a pair for f64). */
static inline struct ao_opnd st_coef(const struct st_ctx *x, unsigned coef)
{
	return ao_sr(x->s_coef + coef * x->c->ew, x->c->ew);
}

/* stencil_setup.c: everything before the body; returns the label the
 * kernel ends at (bound by the caller). */
int st_emit_setup(struct st_ctx *x);
/* The 64-bit SGPR pair dst = a + b (b an SGPR pair). */
void st_add64(struct st_ctx *x, unsigned dst, unsigned a, unsigned b);

/* stencil_body.c */
/* global_load/store op of n dwords (1..4). */
ao_op st_global_load_op(unsigned dwords);
ao_op st_global_store_op(unsigned dwords);
/* acc (a range of points * ew registers) += coef * value, or = when first. */
void st_emit_fma(struct st_ctx *x, struct ao_opnd acc, unsigned coef, struct ao_opnd val, bool first);
/* Load ld of plan p into dst: row offset of ld->dy, base pair s_base. */
void st_emit_load(struct st_ctx *x, const struct st_load *ld, struct ao_opnd dst, unsigned s_base);
/* Stores of the points' accumulators; s_ubase is the u base pair of the
 * plane of point 0 (the pairs after it: the next planes), f is that plus
 * f - u.  Vectors along x where they may (not guarded), else one per point under
 * its lane mask (guarded; *exec tracks the mask exec holds). */
void st_emit_stores(struct st_ctx *x, int v_acc, unsigned s_ubase, bool guarded, int *exec);
/* s_mov exec: the lanes of mask `point` (guarded code only); *cur tracks it. */
void st_set_exec(struct st_ctx *x, int point, int *cur);
/* A list of loads issued at most x->inflight ahead of the one being
 * consumed; issue(x, user, i) emits load i.  lds: counted on lgkmcnt. */
struct st_stream {
	unsigned total, issued, done;
	void (*issue)(struct st_ctx *x, void *user, unsigned i);
	void *user;
	bool lds;
};
/* Issue ahead as far as allowed, then wait until load i has returned. */
void st_stream_need(struct st_ctx *x, struct st_stream *s, unsigned i);
/* FMA the taps of load g of plan p into the accumulators (a range of
 * points * ew registers); value() gives the operand of a tap; touched[n]:
 * point n has had its first term (a multiply, not an FMA). */
void st_consume(struct st_ctx *x, const struct st_plan *p, unsigned g, int v_acc, bool *touched,
		struct ao_opnd (*value)(struct st_ctx *x, void *user, const struct st_tap *t), void *user);
/* The body without z-marching (both paths). */
void st_emit_block(struct st_ctx *x, int l_end);

/* stencil_zmarch.c: the walk (both paths). */
void st_emit_zmarch(struct st_ctx *x, int l_end);

/* stencil.c: the build (tpl_template.build). */
int st_build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen);

#endif
