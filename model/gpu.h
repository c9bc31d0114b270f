/* gpu.h — the GPU-level half of the timing model: the vector memory hierarchy
 * (L0 per CU, L1 per shader array, L2, Infinity Cache, GDDR6) fed by the lane
 * addresses the emulator computes, and the dispatch of workgroups over the CUs
 * or WGPs with occupancy from the kernel descriptor and sampling of a few of
 * them.  The per-SIMD core (model.h) calls mm_access for each vector memory
 * instruction and md_* to know which workgroups a simulated CU runs.
 *
 * Everything here is deterministic: the same calls in the same order give the
 * same cycles.  Cycles are shader-clock cycles.  Every constant is a row of
 * model/gpu_consts.def with its unit and source.
 */
#ifndef RDNA3_MODEL_GPU_H
#define RDNA3_MODEL_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- constants ----------------------------------------------------------------- */
enum gpu_const {
#define GPU_CONST(name, value, unit, source) GPU_##name,
#include "model/gpu_consts.def"
#undef GPU_CONST
	GPU_NCONSTS
};

/* One value per row of gpu_consts.def; gpu_consts_default fills the table's
 * values, gpu_consts_load overrides rows from a constants file (lines
 * `NAME VALUE`, `#` comments), as `rdna3run --microbench` writes them. */
struct gpu_consts {
	double v[GPU_NCONSTS];
};
void gpu_consts_default(struct gpu_consts *c);
int gpu_consts_load(struct gpu_consts *c, const char *path, char *err, size_t errlen);
/* The reader under it: set(ctx, NAME, VALUE) per line, < 0 refuses the name. */
int gpu_consts_read(const char *path, int (*set)(void *ctx, const char *name, double v), void *ctx, char *err,
		    size_t errlen);
const char *gpu_const_name(unsigned i);
const char *gpu_const_unit(unsigned i);
const char *gpu_const_source(unsigned i);
int gpu_const_find(const char *name); /* index, or -1 */

/* ---- memory hierarchy ------------------------------------------------------------ */
enum mm_level { MM_L0, MM_L1, MM_L2, MM_MALL, MM_DRAM, MM_NLEVELS };
extern const char *const mm_level_name[MM_NLEVELS];

struct mm;

/* A hierarchy for a dispatch that keeps active_cus CUs busy, of which sim_cus
 * are simulated (sampling): each simulated CU gets 1/active_cus of the shared
 * bandwidth of L2, Infinity Cache and DRAM (1/min(active, CUs per array) of
 * its array's L1), and each line a simulated CU brings into a shared level
 * stands for active_cus/sim_cus lines when that level's capacity is counted.
 * NULL on bad arguments or out of memory. */
struct mm *mm_new(const struct gpu_consts *c, unsigned active_cus, unsigned sim_cus);
void mm_free(struct mm *m);

/* One vector memory instruction of a wave on CU cu (0 .. CUs-1) issued at cycle:
 * lane l (bit l of exec) accesses bytes at addr[l] (and, when naddr is 64, at
 * addr[32 + l] too).  Returns the cycle its data is back (load) or its write
 * is acknowledged (store); *served (may be NULL) is the farthest level a line
 * of it went to.  Calls for one CU come in nondecreasing cycle order; shared
 * levels see all CUs' calls in call order. */
uint64_t mm_access(struct mm *m, unsigned cu, uint64_t cycle, const uint64_t *addr, unsigned naddr,
		   uint32_t exec, unsigned bytes, bool store, enum mm_level *served);

struct mm_stats {
	uint64_t insts, loads, stores;
	uint64_t lines[MM_NLEVELS];  /* lines served by each level (loads and stores) */
	uint64_t bytes_dram;         /* bytes moved over the DRAM port */
	uint64_t bytes_req;          /* bytes the lanes asked for */
	bool oom;                    /* a shared level could not grow: results are approximate */
};
void mm_get_stats(const struct mm *m, struct mm_stats *s);

/* ---- dispatch ---------------------------------------------------------------------- */
/* Workgroups go to units (a CU in CU mode, a WGP in WGP mode) round-robin in
 * index order: unit u runs workgroups u, u + U, u + 2U, ... with at most
 * wg_per_unit of them resident at once, the next one starting when one ends.
 * With equal workgroup times this is what a dispatcher that fills the first
 * free slot does; it makes every unit's work known without simulating the
 * others, which is what sampling needs. */
struct md_plan {
	uint64_t nwg;                /* workgroups in the grid */
	unsigned units;              /* 96 CUs or 48 WGPs */
	bool wgp_mode;
	unsigned simds_per_unit;     /* 2 or 4 */
	unsigned waves_per_wg;
	unsigned waves_per_simd;     /* occupancy (asm_out's ao_occupancy) */
	unsigned wg_per_unit;        /* resident workgroups per unit */
	const char *limit;           /* what limits wg_per_unit: "VGPRs", "LDS", "waves" or "grid" */
	unsigned active_units;       /* units that get at least one workgroup */
	unsigned active_cus;         /* CUs those units hold */
	/* The units to simulate, md_sample_unit(p, 0 .. nsample - 1): every active
	 * one (full), or a few of each group of units that run the same number of
	 * workgroups (sample[]). */
	unsigned nsample;
	unsigned sample[16];
	bool full;
	/* Long dispatches: a sampled unit runs only its first sim_wgs workgroups
	 * (MD_MAX_ROUNDS rounds of wg_per_unit) and its time is scaled by
	 * extrapolate = (its workgroups) / sim_wgs; 0 and 1: no extrapolation. */
	uint64_t sim_wgs;
	double extrapolate;
};

#define MD_MAX_ROUNDS 4 /* rounds a sampled unit simulates before its time is extrapolated */

/* Plan a dispatch.  vgprs and lds_bytes from the descriptor, block_threads
 * work-items per workgroup.  per_group 0 plans a full simulation; otherwise
 * that many units (at most 8) of each group are sampled.  Returns 0, or -1
 * with a message. */
int md_plan_make(uint64_t nwg, unsigned vgprs, unsigned lds_bytes, unsigned block_threads, bool wgp_mode,
		 const struct gpu_consts *c, unsigned per_group, struct md_plan *p, char *err, size_t errlen);
/* Workgroups unit u runs, and the j-th of them (index in the grid). */
uint64_t md_unit_wgs(const struct md_plan *p, unsigned u);
/* Workgroups the simulation runs on unit u: md_unit_wgs, or at most sim_wgs. */
uint64_t md_unit_sim_wgs(const struct md_plan *p, unsigned u);
uint64_t md_unit_wg(const struct md_plan *p, unsigned u, uint64_t j);
/* First CU of unit u (a WGP holds CUs 2u and 2u + 1). */
unsigned md_unit_cu(const struct md_plan *p, unsigned u);
unsigned md_sample_unit(const struct md_plan *p, unsigned i);
/* The kernel's cycles from the finish cycles of the simulated units (in the
 * order of md_sample_unit): the latest of them, plus the launch overhead.  A
 * sampled unit stands for the others of its group. */
double md_kernel_cycles(const struct md_plan *p, const double *finish, const struct gpu_consts *c);

/* ---- pictures for the HTML report (svg.c) ----------------------------------------- */
struct ao_text;
struct gpu_roof_point {
	const char *label;
	double flops, bytes, seconds; /* bytes: DRAM traffic, for the intensity */
};
/* A roofline of the constants' compute and memory roofs with the points. */
void gpu_roofline_svg(struct ao_text *t, const struct gpu_consts *c, const struct gpu_roof_point *p, unsigned n);
/* One stacked bar: n named parts in cycles, with a legend of their shares. */
void gpu_breakdown_svg(struct ao_text *t, const char *const *names, const double *cycles, unsigned n);

#endif
