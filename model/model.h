/* model.h — the timing model: predicts when every instruction of a dispatch
 * issues on an RX 7900 XTX, from the instructions the emulator really
 * executes (any code object).
 *
 * Execution-driven.  The model owns the clock: on each SIMD it picks the wave
 * that issues next (oldest ready wave first), and asks the emulator's stepper
 * (emu.h) to execute that wave's next instruction; the step reports the
 * decoded instruction, its registers, EXEC and the lane addresses, from which
 * the model derives dependencies, LDS bank conflicts and memory requests.  The
 * functional result is the emulator's own, bit-exact; emu_launch (timing off)
 * is not involved.  See docs/model.md for the rules and their sources.
 *
 * Layers, all declared here: the constants table (consts.def); the per-SIMD
 * core (issue, dependencies, counters, barriers, LDS: core.c, lds.c, run.c);
 * the vector memory hierarchy (mm_*, mem.c), which plugs in through
 * mdl_mem_fn; the dispatch of workgroups over the CUs or WGPs with sampling
 * (md_*, dispatch.c); the whole-GPU prediction (mdl_predict) and the roofs
 * it is drawn under (mdl_roofs; the pictures are report/'s).  Everything is deterministic: the same calls in the
 * same order give the same cycles.
 */
#ifndef RDNA3_MODEL_H
#define RDNA3_MODEL_H

#include "emu/emu.h"
#include "isa/isa.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- constants: model/consts.def, one row each (value, unit, source) ---------------- */
struct mdl_consts {
#define MDL_CONST(name, value, unit, source) double name;
#include "model/consts.def"
#undef MDL_CONST
	/* the ISA target of the device: its VGPR file, LDS and wave slots decide the
	 * occupancy (set with the device; mdl_consts_default: the default target) */
	const struct isa_target *target;
	/* the card whose facts were set (mdl_consts_device), or NULL: its name
	 * and memory label the roofs of a prediction */
	const struct mdl_device *device;
};

struct mdl_const_row {
	const char *name, *unit, *source;
	double value;                /* the default */
	size_t offset;               /* of the field in struct mdl_consts */
};
extern const struct mdl_const_row mdl_const_rows[];
extern const unsigned mdl_nconsts;

/* consts.def, then the default device of the default target (devices.def). */
void mdl_consts_default(struct mdl_consts *c);
/* Set one constant by name; -1 if there is no such constant. */
int mdl_consts_set(struct mdl_consts *c, const char *name, double value);
int mdl_const_find(const char *name);  /* row index, or -1 */
/* The DRAM bandwidth the model uses, GB/s: the card's bw_dram at its
 * sustained share, dram_efficiency (the ports, the DRAM roof, the roofline). */
double mdl_dram_gbs(const struct mdl_consts *c);
/* A launch's own cost, launch_us, in the card's clock cycles. */
double mdl_launch_cycles(const struct mdl_consts *c);
double mdl_const_get(const struct mdl_consts *c, unsigned row);
/* A constants file (`name value` lines, `#` comments; rdna3run --microbench -o
 * writes them) over any rows of the table.  Nothing changes on error. */
int mdl_consts_load(struct mdl_consts *c, const char *path, char *err, size_t errlen);

/* ---- device models: model/devices.def, one described card a row ----------------------
 * The per-card figures, in the order of a row's facts.  X(name, unit, constant):
 * constant rows are fields of struct mdl_consts (a device sets them over
 * consts.def); the others describe the board to the HIP shim only. */
#define MDL_DEVICE_FACTS(X)                                                                   \
	X(cus, "CUs", 1) X(clock_mhz, "MHz", 1) X(cus_per_sa, "CUs per shader array", 1)     \
	X(l2_bytes, "bytes", 1) X(mall_bytes, "bytes", 1) X(bw_mall, "GB/s", 1)               \
	X(bw_dram, "GB/s", 1) X(mem_bytes, "bytes", 0) X(bus_bits, "bits", 0)
enum mdl_device_fact {
#define MDL_DF_ENUM_(name, unit, constant) MDL_DF_##name,
	MDL_DEVICE_FACTS(MDL_DF_ENUM_)
#undef MDL_DF_ENUM_
	MDL_DF_N
};
struct mdl_device_fact_row {
	const char *name, *unit;
	bool constant;               /* a field of struct mdl_consts */
};
extern const struct mdl_device_fact_row mdl_device_facts[MDL_DF_N];

struct mdl_fact {
	double value;
	const char *source;          /* "assumed: ..." when no page gave it */
};
struct mdl_device {
	const char *name;            /* for the command line: rx7900xtx */
	const char *display;         /* AMD Radeon RX 7900 XTX */
	const char *target;          /* the ISA target it runs (isa/targets.def name) */
	const char *mem;             /* its DRAM's kind: "GDDR6", "LPDDR5X" (the roofline's label) */
	const char *mem_source;
	struct mdl_fact fact[MDL_DF_N];
};
/* Every row; *n (when n is not NULL) gets the count. */
const struct mdl_device *mdl_devices(unsigned *n);
const struct mdl_device *mdl_device_find(const char *name);  /* NULL: no such row */
/* The first row that runs target t; NULL when none does. */
const struct mdl_device *mdl_device_default(const struct isa_target *t);
/* The ISA target of this build that runs d's code, or NULL (not one of isa/targets.def). */
const struct isa_target *mdl_device_target(const struct mdl_device *d);
/* Set the device's constant facts over c. */
void mdl_consts_device(struct mdl_consts *c, const struct mdl_device *d);

/* ---- memory hierarchy ------------------------------------------------------------ */
enum mm_level { MM_L0, MM_L1, MM_L2, MM_MALL, MM_DRAM, MM_NLEVELS };
extern const char *const mm_level_name[MM_NLEVELS];

struct mm;

/* A hierarchy for a dispatch that keeps active_cus CUs busy, of which sim_cus
 * are simulated; every CU requests through its own L0 (in WGP mode a WGP's
 * SIMDs 2-3 ask as its second CU).  Sampled (sim_cus < active_cus): each
 * group of cus_per_port consecutive CUs (a WGP's two, which the dispatch
 * keeps busy together) gets cus_per_port/active_cus of the shared bandwidth
 * of L2, Infinity Cache and DRAM (1/min(active groups, groups per array) of its
 * array's L1), and each line a simulated CU brings into a shared
 * level stands for active_cus/sim_cus lines when that level's capacity is
 * counted.  Full: the CUs use one port per array and one for the GPU.
 * NULL on bad arguments or out of memory. */
struct mm *mm_new(const struct mdl_consts *c, unsigned active_cus, unsigned sim_cus, unsigned cus_per_port);
void mm_free(struct mm *m);

/* What a vector memory access is (the how argument below): a load (0) or a
 * store (MM_STORE), and MM_NOALLOC when its lines must not be brought into
 * the Infinity Cache: on gfx11 an instruction's DLC bit is MALL NOALLOC (LLVM,
 * SIMemoryLegalizer: nontemporal and volatile accesses set it for that), so
 * such a line is served by the Infinity Cache only while it already holds it,
 * and a store of it goes on to DRAM. */
enum { MM_STORE = 1u, MM_NOALLOC = 2u };

/* One vector memory instruction of a wave on CU cu (0 .. CUs-1) issued at cycle:
 * lane l (bit l of exec) accesses bytes at addr[l] (and, when naddr is 64, at
 * addr[32 + l] too), as how says (MM_*).  Returns the cycle its data is back
 * (load) or its write is acknowledged (store); *served (may be NULL) is the
 * farthest level a line of it went to.  Calls for one CU come in nondecreasing
 * cycle order; shared levels see all CUs' calls in call order. */
/* mm_access for a request whose workgroup runs lag cycles behind its CU's
 * fastest: in a sampled hierarchy, a line another CU fetched for it (the
 * sharing draws) was asked for that much earlier and arrives that much sooner,
 * never before the latency of the level that served it.  past (0: none) is
 * how long the workgroup before it in the same slot ran: in a sampled
 * hierarchy, a line new to the simulation was loaded by the other units in
 * the rounds before and L2 or the Infinity Cache still holds it with
 * probability p_prev (md_sharing); it is entered as filled that long ago. */
uint64_t mm_access_lag(struct mm *m, unsigned cu, uint64_t cycle, const uint64_t *addr, unsigned naddr,
		       uint32_t exec, unsigned bytes, unsigned how, uint64_t lag, uint64_t past, enum mm_level *served);
uint64_t mm_access(struct mm *m, unsigned cu, uint64_t cycle, const uint64_t *addr, unsigned naddr,
		   uint32_t exec, unsigned bytes, unsigned how, enum mm_level *served);

struct mm_stats {
	uint64_t insts, loads, stores;
	uint64_t lines[MM_NLEVELS];  /* lines served by each level (loads and stores) */
	uint64_t bytes_dram;         /* bytes moved over the DRAM port */
	uint64_t bytes_dram_first;   /* of those, for workgroups of their slot's first round */
	uint64_t bytes_req;          /* bytes the lanes asked for */
	bool oom;                    /* a shared level could not grow: results are approximate */
};
void mm_get_stats(const struct mm *m, struct mm_stats *s);

/* Rounds before a sampled later round the sharing pass looks back over for
 * lines another unit loaded (model/share.c), at most. */
#define MD_SHARE_BACK 16
/* Line sharing between units (model/share.c): measured on every active unit's
 * first two rounds of workgroups (and the rounds before the second, when the
 * simulation skips them) run functionally, before a sampled simulation. */
struct md_sharing {
	double touches;              /* sum over units of the distinct lines each loads */
	double arrays;               /* sum over shader arrays of the distinct lines each loads */
	double lines;                /* distinct lines over the GPU */
	/* per sampled unit (md_sample_unit order), for the lines it loads: in
	 * its first round, the chance that one comes first from another CU of
	 * the array (l1) or, failing that, of another array (l2), counting only
	 * the units the simulation does not run; in later rounds, the chance that
	 * an unsimulated unit loaded it in the rounds before and a shared level
	 * still holds it (prev), and failing that the l1 and l2 chances of the
	 * round (l1b, l2b) */
	double unit_l1[16], unit_l2[16], unit_prev[16], unit_l1b[16], unit_l2b[16];
	/* of prev, the chance that L2 still holds the line (the rest of prev is
	 * in the Infinity Cache only) */
	double unit_prev_l2[16];
	double p_l1, p_l2, p_prev, p_prev_l2; /* the means over the sampled units (printed: all but p_prev_l2) */
};
struct md_plan;
/* progress (NULL: none) counts the workgroups the pass runs, as mdl_opts.progress does. */
int md_sharing_measure(struct emu_dev *dev, const struct emu_launch *L, const struct md_plan *p,
		       const struct mdl_consts *c, const struct emu_progress *progress, struct md_sharing *sh,
		       char *err, size_t errlen);
/* A sampled hierarchy stands in for the units it does not simulate: a line a
 * simulated CU misses in its array's L1 is an L1 hit with probability p_l1
 * (another CU of the array brought it), else an L2 hit with probability p_l2,
 * decided by a hash of line and CU; the capacity a fill stands for shrinks by
 * the same sharing.  Call before the first mm_access. */
void mm_set_sharing(struct mm *m, const struct md_sharing *sh);
/* The sharing draws of one CU: sampled unit i's of sh (md_sharing.unit_*). */
void mm_set_cu_sharing(struct mm *m, unsigned cu, const struct md_sharing *sh, unsigned i);
/* Sampled: the unit whose first CU is cu runs weight times the average
 * unit's concurrent workgroups (a unit with q + 1 workgroups beside units
 * with q), and its shares of the shared ports grow with it.  Call once per
 * unit, before the first mm_access. */
void mm_set_cu_weight(struct mm *m, unsigned cu, double weight);

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
	unsigned waves_per_simd;     /* occupancy (isa/isa.h's isa_occupancy) */
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

#define MD_MAX_ROUNDS 8 /* rounds a sampled unit simulates before its time is extrapolated */

/* Workgroups one unit (a CU; a WGP in WGP mode) holds at once, from
 * isa_occupancy (filled in *occ) for target t (the device's: struct
 * mdl_consts.target; NULL: the default target): the one occupancy rule of the
 * model, for planned and unplanned dispatches alike. */
unsigned md_groups_per_unit(const struct isa_target *t, unsigned vgprs, unsigned lds_bytes, unsigned block_threads,
			    bool wgp_mode, struct isa_occupancy *occ);
/* Plan a dispatch.  vgprs and lds_bytes from the descriptor, block_threads
 * work-items per workgroup.  per_group 0 plans a full simulation; otherwise
 * that many units (at most 8) of each group are sampled.  Returns 0, or -1
 * with a message. */
int md_plan_make(uint64_t nwg, unsigned vgprs, unsigned lds_bytes, unsigned block_threads, bool wgp_mode,
		 const struct mdl_consts *c, unsigned per_group, struct md_plan *p, char *err, size_t errlen);
/* Workgroups unit u runs, and the j-th of them (index in the grid). */
uint64_t md_unit_wgs(const struct md_plan *p, unsigned u);
/* Workgroups the simulation runs on unit u: md_unit_wgs, or at most sim_wgs. */
uint64_t md_unit_sim_wgs(const struct md_plan *p, unsigned u);
uint64_t md_unit_wg(const struct md_plan *p, unsigned u, uint64_t j);
/* First CU of unit u (a WGP holds CUs 2u and 2u + 1). */
unsigned md_unit_cu(const struct md_plan *p, unsigned u);
unsigned md_sample_unit(const struct md_plan *p, unsigned i);

/* ---- memory interface ----------------------------------------------------------------
 * A vector or scalar memory request as the core issues it.  The function
 * returns the cycle at which the request completes (data in registers for a
 * load, counter decremented for a store).  NULL: fixed latencies of consts.def. */
struct mdl_mem_req {
	unsigned cu;                 /* CU index, 0 .. cus-1 */
	uint64_t now;                /* issue cycle */
	const uint64_t *addr;        /* lane addresses (emu_step.addr) */
	uint32_t exec;               /* active lanes */
	unsigned naddr;              /* 1 (scalar) or 32 */
	unsigned bytes;              /* per lane */
	bool store, scalar;
	bool mall_noalloc;           /* the instruction's DLC bit (MM_NOALLOC) */
	bool scratch;                /* addr are the lanes' private offsets (scratch) */
	uint64_t wave;               /* the wave's dispatch order, for scratch placement */
	uint64_t lag;                /* cycles its workgroup runs behind its CU's fastest (sampled sharing) */
	uint64_t past;               /* how long the workgroup before it in its slot ran (0: none) */
};
typedef uint64_t (*mdl_mem_fn)(void *ctx, const struct mdl_mem_req *r);
/* The request's kind for mm_access (MM_*). */
static inline unsigned mdl_mem_how(const struct mdl_mem_req *r)
{
	return (r->store ? MM_STORE : 0u) | (r->mall_noalloc ? MM_NOALLOC : 0u);
}

/* ---- where the cycles went ----------------------------------------------------------
 * Every cycle of every SIMD is charged to one bucket: the SIMD issued a VALU op
 * (VALU_BUSY) or another op (ISSUE_OTHER), or it issued nothing, charged to why
 * the wave that issued next had to wait. */
#define MDL_BUCKETS(X) \
	X(VALU_BUSY, "VALU busy") X(ISSUE_OTHER, "other issue") X(VALU_DEP, "VALU dependency stall") \
	X(TRANS, "transcendental unit busy") X(SALU_DEP, "SALU dependency stall") X(LDS, "LDS wait") \
	X(SMEM, "SMEM wait") X(VMEM, "VMEM wait") X(BARRIER, "barrier wait") X(BANK, "bank-conflict stall") \
	X(BRANCH, "branch") X(TAIL, "dispatch tail") X(IDLE, "idle")

enum mdl_bucket {
#define MDL_B_ENUM_(e, s) MDL_B_##e,
	MDL_BUCKETS(MDL_B_ENUM_)
#undef MDL_B_ENUM_
	MDL_B_N
};
extern const char *const mdl_bucket_names[MDL_B_N];

/* ---- per-issue observation (SQTT-style trace) ---------------------------------------- */
struct mdl_issue {
	unsigned cu, simd, slot;     /* where it issued; slot 0..15 on that SIMD */
	uint64_t wave;               /* dispatch order of the wave over the launch */
	uint32_t pc;                 /* byte offset from the kernel entry */
	uint64_t cycle;
	const struct emu_inst *in;   /* emu/decode.h */
};
typedef void (*mdl_issue_fn)(void *ctx, const struct mdl_issue *is);

/* ---- instruction timing (model/timing.c) ---------------------------------------------
 * Per instruction of the kernel, from the issues of the simulated waves: how
 * often it issued, the cycles from the wave's previous issue to it (before:
 * what it waited) and from it to the wave's next issue (after: the latency a
 * profiler's instruction timing shows).  Gathered by mdl_timing_on_issue
 * (ctx: the struct mdl_timing), or by mdl_predict through mdl_opts.timing. */
struct mdl_inst_time {
	uint64_t hits;
	uint64_t before, preceded;   /* cycles, over the issues the wave had issued before */
	uint64_t after, followed;    /* cycles, over the issues the wave issued after */
	char *text;                  /* the instruction as the emulator prints it */
};
struct mdl_timing_wave;
struct mdl_timing {
	struct mdl_inst_time *at;    /* by byte offset / 4; n entries, zero where nothing issued */
	size_t n;
	struct mdl_timing_wave *w;   /* the last issue per (CU, SIMD, slot) */
	size_t nw;
	uint64_t waves;
	bool oom;                    /* memory ran out: the figures are incomplete */
};
void mdl_timing_on_issue(void *ctx, const struct mdl_issue *is);
void mdl_timing_free(struct mdl_timing *t); /* and empty again */

/* ---- running a dispatch ------------------------------------------------------------------ */
struct mdl_opts {
	struct mdl_consts c;         /* mdl_consts_default, then overrides */
	unsigned cus;                /* CUs to simulate; 0 = c.cus */
	mdl_mem_fn mem;              /* NULL: fixed latencies */
	void *mem_ctx;
	mdl_issue_fn on_issue;       /* NULL: none */
	void *issue_ctx;
	/* A dispatch plan (md_plan_make): simulate its sampled units only, each
	 * running the workgroups round-robin dispatch gives it, with the plan's
	 * occupancy.  NULL: `cus` CUs take workgroups as slots free up. */
	const struct md_plan *plan;
	/* How far the run is (rdna3run's progress line; the model prints
	 * nothing): emu_progress.fn gets the workgroups simulated to their end
	 * and how many the run simulates (0 done when it begins), under the name
	 * progress_what (NULL: "workgroups simulated").  mdl_predict also counts
	 * the workgroups its line-sharing pass runs.  NULL: none. */
	const struct emu_progress *progress;
	const char *progress_what;
	/* mdl_predict: NULL, or emptied and filled with the instruction timing of
	 * the run its prediction comes from (on_issue still gets every issue) */
	struct mdl_timing *timing;
};

struct mdl_result {
	uint64_t cycles;             /* first issue to the end of the last wave */
	double seconds;              /* cycles / clock */
	uint64_t workgroups, waves, insts, valu_ops;
	unsigned cus_used, simds;    /* SIMDs simulated (cus * simds_per_cu) */
	uint64_t bucket[MDL_B_N];    /* SIMD-cycles by bucket; they add up to simds * cycles */
	/* v_wmma_*: how many, SIMD-cycles the WMMA pipe executed them, and its idle
	 * cycles between two WMMAs of a SIMD by why the next WMMA was late: the
	 * bucket of the longest stall of its wave since that wave's previous WMMA
	 * (ISSUE_OTHER: the wave was issuing other instructions), VALU_BUSY (other
	 * VALU ops in front of it), VALU_DEP (its sources were not ready). */
	uint64_t wmma_ops, wmma_busy, wmma_gap[MDL_B_N];
	/* VALU and transcendental ops on f64 operands (v_*_f64: ISA_F_F64), of the
	 * simulated units, as valu_ops */
	uint64_t f64_ops;
	/* with a plan that extrapolates (md_plan.sim_wgs): per simulated unit, the
	 * cycle its last wave ended, and of its workgroups past the first round
	 * how many ended and their cycles from placement to end */
	uint64_t unit_end[16], unit_later_n[16], unit_later_cycles[16];
	struct emu_stats emu;        /* the emulator's own statistics of the run */
};

/* Run the dispatch through the emulator's stepper under the model.  Device
 * memory ends as emu_launch leaves it.  0, or an EMU_E_* code with the message. */
int mdl_run(struct emu_dev *dev, const struct emu_launch *launch, const struct mdl_opts *o,
	    struct mdl_result *r, char *err, size_t errlen);

/* The breakdown as text (one line per non-empty bucket) or as a JSON object
 * (model/format.c), into buf (always terminated).  flops/bytes: useful work for
 * the rate line (0: omitted). */
void mdl_format_text(const struct mdl_result *r, const struct mdl_consts *c, double flops, double bytes, char *buf,
		     size_t n);
void mdl_format_json(const struct mdl_result *r, const struct mdl_consts *c, double flops, double bytes, char *buf,
		     size_t n);

/* ---- a prediction for the whole GPU (model/predict.c) ----------------------------------
 * Plans the dispatch (md_plan_make), simulates the planned units with the memory
 * hierarchy, and reports the kernel: r as mdl_run fills it, with cycles and
 * seconds for the whole kernel (the latest unit plus the launch overhead, which
 * the breakdown counts as idle).  per_group 0 simulates every active unit;
 * otherwise that many units of each group (see md_plan_make), or with
 * MDL_SAMPLE_AUTO one, then as many as MDL_SAMPLE_BUDGET allows when that one
 * was cheap (predict.c).  A sampled group ends with the mean of its units.
 * The constants are o->c. */
#define MDL_SAMPLE_AUTO 0xffffffffu
#define MDL_SAMPLE_BUDGET 16e6 /* wave-instructions the sampled units may run in all (about 4 CPU-s) */
struct mdl_prediction {
	struct mdl_consts c;         /* the constants as used */
	struct md_plan plan;
	struct mdl_result r;
	struct mm_stats mem;         /* of the simulated units */
	struct md_sharing share;     /* sampled plans: line sharing between the units (share.c) */
	/* The DRAM roof (predict.c): the cycles the whole dispatch's DRAM bytes
	 * take at the sustained bw_dram x dram_efficiency, and whether they were
	 * longer than the simulation (the kernel's time is then the roof's, the
	 * difference VMEM wait). */
	uint64_t dram_roof_cycles;
	bool dram_bound;
};
int mdl_predict(struct emu_dev *dev, const struct emu_launch *L, const struct mdl_opts *o, unsigned per_group,
		struct mdl_prediction *p, char *err, size_t errlen);
/* DRAM bytes of the whole dispatch: the simulated units' traffic stands for
 * the active CUs' and, when extrapolated, for all rounds (the first simulated
 * round for itself, the later ones for the unit's other rounds). */
double mdl_predict_dram_bytes(const struct mdl_prediction *p);
/* The roofs a prediction is drawn under (the roofline of the HTML pages), from
 * the constants: the FP32 peak, cus x flops_per_cu_cycle x clock; the WMMA
 * f16/bf16 peak, cus x simds_per_cu x clock x the 2 x 16^3 flops of a
 * 16x16x16 v_wmma every wmma_issue cycles; the FP64 peak, cus x
 * fp64_flops_per_cu_cycle x clock (all GFLOP/s); and the bandwidths of DRAM
 * (the card's memory: struct mdl_device.mem), the Infinity Cache and L2, in GB/s. */
struct mdl_roofs {
	double peak_gflops, dram_gbs, mall_gbs, l2_gbs;
	double wmma_gflops, fp64_gflops;
};
void mdl_roofs(const struct mdl_consts *c, struct mdl_roofs *r);
/* The math whose peak a kernel is drawn under: WMMA when it executed a
 * v_wmma_* (r->wmma_ops), else FP64 when it executed a VALU op on f64
 * operands (r->f64_ops), else FP32.  Named "FP32", "WMMA", "FP64" in the JSON. */
enum mdl_math { MDL_MATH_FP32, MDL_MATH_WMMA, MDL_MATH_FP64, MDL_MATH_N };
extern const char *const mdl_math_names[MDL_MATH_N];
enum mdl_math mdl_result_math(const struct mdl_result *r);
/* The dispatch plan and where the memory lines came from, as text lines
 * (format.c; they follow mdl_format_text's). */
void mdl_predict_format_text(const struct mdl_prediction *p, char *buf, size_t n);
/* The whole prediction as one JSON document on one line: mdl_format_json's
 * members, then "plan": the dispatch plan, the memory lines, the dispatch's
 * DRAM bytes and the roofs.  flops/bytes as for mdl_format_json.  Cut off
 * (and so not JSON) only when n is too small: 8 KiB is plenty. */
void mdl_predict_format_json(const struct mdl_prediction *p, double flops, double bytes, char *buf, size_t n);

#endif
