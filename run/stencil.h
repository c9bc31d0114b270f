/* stencil.h — one 3-D star stencil, f = c0·u + Σ_d c_axis[d]·(u[-d] + u[+d]),
 * of a code object's kernel through any loader backend: the kernel's
 * arguments found by name (docs/stencil.md, "Kernel arguments"), the radius,
 * element type and tile from its metadata, the grid from the tile, the rows
 * launched as y-slabs when the kernel asks for it (.rdna3.slab_rows), u and
 * the coefficients filled on the host, and the check against a long-double
 * reference that also proves every boundary element untouched.  `rdna3run
 * --stencil` and the tuner run stencils through it.  Nothing here prints. */
#ifndef RDNA3_RUN_STENCIL_H
#define RDNA3_RUN_STENCIL_H

#include "loader/loader.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum stencil_status {            /* as rdna3run's exit statuses */
	STENCIL_OK = 0,
	STENCIL_FAIL = 1,        /* the kernel, a fault, out of memory, a failed check */
	STENCIL_USAGE = 2,       /* what was asked contradicts the kernel */
};

#define STENCIL_MAX_RADIUS 4

enum stencil_dtype { STENCIL_F32, STENCIL_F64 };

struct stencil_req {
	uint32_t n[3];               /* nx, ny, nz: x fastest */
	int radius;                  /* 1..4, or -1: the kernel's (.rdna3.radius) */
	int dtype;                   /* enum stencil_dtype, or -1: the kernel's (.rdna3.dtype) */
	uint64_t seed;               /* of u, f's first contents and the coefficients */
	bool have_grid, have_block;  /* the caller's dispatch: must be the kernel's (one slab) */
	uint32_t grid[3], block[3];
};

struct stencil_info {
	unsigned radius;
	enum stencil_dtype dtype;
	uint32_t grid[3], block[3];  /* of one full slab (the first launch) */
	unsigned slabs;              /* launches per run */
	uint32_t slab_rows;          /* rows of one slab; 0: one launch */
	uint64_t points;             /* interior points written */
	/* The lab notes' figure of merit: bytes of every element some interior
	 * point reads (the theoretical fetch) plus those of every interior point
	 * written, over the time. */
	double fetch_bytes, write_bytes;
};

/* The check: each interior f within (3 + 6r + 2)·u·Σ|c||u| of the
 * long-double sum (u the unit roundoff of the element type), and every other
 * element of f bitwise as filled. */
struct stencil_check {
	uint64_t interior, boundary, bad, nonfinite, boundary_changed;
	double max_abs;
	uint32_t worst[3];           /* the element furthest outside its bound, or the first boundary one changed */
	double worst_got, worst_want;
};

struct stencil;

int stencil_prepare(struct ld_backend *b, void *module, const struct ld_kernel *k, const struct stencil_req *q,
		    struct stencil **out, char *err, size_t errlen);
void stencil_get_info(const struct stencil *s, struct stencil_info *info);
/* Every slab, reps times each (at least once); st sums the slabs' times.  The
 * first call reads f back. */
int stencil_launch(struct stencil *s, unsigned reps, struct ld_run_stats *st, char *err, size_t errlen);
int stencil_check(const struct stencil *s, struct stencil_check *c, char *err, size_t errlen);
/* u (0) as launched, f (1) as the first launch left it: raw bytes. */
const void *stencil_buffer(const struct stencil *s, unsigned i, size_t *bytes);
void stencil_free(struct stencil *s);

#endif
