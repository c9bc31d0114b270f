/* vgpr_alloc.h — virtual VGPR ranges -> physical VGPRs over an asm_out kernel.
 *
 * Templates create virtual ranges (ra_vreg), use them as operands through
 * ra_op / ra_sub (asm_out AO_K_VIRT operands), and call ra_allocate once the
 * kernel is built.  The allocator runs in fixed phases, deterministically:
 *   1. live intervals: [first, last] instruction index of every range; a range
 *      live into a loop (a backward branch), or read at the loop top before it
 *      is written, is stretched over the whole loop;
 *   2. pins: ranges with a fixed register (ra_pin) keep it;
 *   3. order: by interval start, then id;
 *   4. first fit: the lowest free block of the range's size, among registers no
 *      live range holds and that no instruction names physically.
 * A later pass (bank-aware placement) slots in between 2 and 4 as a per-range
 * preference; the interval and pool structures below are what it works on.
 *
 * Errors: negative RA_E_* with a one-line message in the caller's buffer.
 */
#ifndef RDNA3_VGPR_ALLOC_H
#define RDNA3_VGPR_ALLOC_H

#include <stddef.h>

#include "asm_out/asm_out.h"

enum ra_err {
	RA_OK = 0,
	RA_E_ARG = -1,     /* bad id, size, pin */
	RA_E_NOMEM = -2,
	RA_E_LIMIT = -3,   /* more VGPRs needed than the limit (message says how many) */
	RA_E_PIN = -4,     /* two pinned ranges, or a pin and a physical use, collide */
};

#define RA_MAX_VGPRS 256   /* per wave, gfx11 wave32 */

struct ra_ctx;

/* Half-open interval of instruction indices [start, end) during which a
 * range is live.  start = end = 0 for a range that no instruction uses. */
struct ra_interval {
	unsigned start, end;
};

struct ra_vreg_info {
	char name[32];
	unsigned count;            /* registers in the range */
	int pin;                   /* fixed physical base, or -1 */
	int phys;                  /* allocated base after ra_allocate, or -1 (unused) */
	struct ra_interval live;
};

struct ra_ctx *ra_new(void);
void ra_free(struct ra_ctx *ra);              /* NULL is fine */

/* A new virtual range of count (1..64) consecutive VGPRs; returns its id. */
int ra_vreg(struct ra_ctx *ra, const char *name, unsigned count);
/* Fix a range at physical base phys (e.g. v0 holds the work-item ids). */
int ra_pin(struct ra_ctx *ra, unsigned id, unsigned phys);

/* Operands: the whole range, or registers sub .. sub+n-1 of it. */
struct ao_opnd ra_op(const struct ra_ctx *ra, unsigned id);
struct ao_opnd ra_sub(const struct ra_ctx *ra, unsigned id, unsigned sub, unsigned n);
static inline struct ao_opnd ra_reg(const struct ra_ctx *ra, unsigned id, unsigned sub)
{ return ra_sub(ra, id, sub, 1); }

/* Allocate every range used in k and rewrite its operands to physical VGPRs.
 * limit: highest register count allowed (0 = RA_MAX_VGPRS).  On RA_E_LIMIT,
 * *needed (if not NULL) holds how many VGPRs the kernel would need. */
int ra_allocate(struct ra_ctx *ra, struct ao_kernel *k, unsigned limit, unsigned *needed,
		char *err, size_t errlen);

unsigned ra_count(const struct ra_ctx *ra);
const struct ra_vreg_info *ra_info(const struct ra_ctx *ra, unsigned id);

/* "name  v[a:b]  live [s, e)" per line into a malloc'd string. */
char *ra_report(const struct ra_ctx *ra);

#endif
