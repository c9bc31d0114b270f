/* model.h — the timing model: predicts when every instruction of a dispatch
 * issues on an RX 7900 XTX (gfx1100), from the instructions the emulator really
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
 * Layers: the per-SIMD core (issue, dependencies, counters, barriers, LDS) is
 * here; the memory hierarchy plugs in through mdl_mem_fn; dispatch of
 * workgroups over the CUs is mdl_run's loop.
 */
#ifndef RDNA3_MODEL_H
#define RDNA3_MODEL_H

#include "emu/emu.h"
#include "model/gpu.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- constants: model/consts.def, one row each ------------------------------------ */
struct mdl_consts {
#define MDL_CONST(name, value, unit, source) double name;
#include "model/consts.def"
#undef MDL_CONST
};

struct mdl_const_row {
	const char *name, *unit, *source;
	double value;                /* the default */
	size_t offset;               /* of the field in struct mdl_consts */
};
extern const struct mdl_const_row mdl_const_rows[];
extern const unsigned mdl_nconsts;

void mdl_consts_default(struct mdl_consts *c);
/* Set one constant by name; -1 if there is no such constant. */
int mdl_consts_set(struct mdl_consts *c, const char *name, double value);

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
	bool scratch;                /* addr are the lanes' private offsets (scratch) */
	uint64_t wave;               /* the wave's dispatch order, for scratch placement */
};
typedef uint64_t (*mdl_mem_fn)(void *ctx, const struct mdl_mem_req *r);

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

/* ---- running a dispatch ------------------------------------------------------------------ */
struct mdl_opts {
	struct mdl_consts c;         /* mdl_consts_default, then overrides */
	unsigned cus;                /* CUs to simulate; 0 = c.cus */
	mdl_mem_fn mem;              /* NULL: fixed latencies */
	void *mem_ctx;
	mdl_issue_fn on_issue;       /* NULL: none */
	void *issue_ctx;
	/* A dispatch plan (model/gpu.h): simulate its sampled units only, each
	 * running the workgroups round-robin dispatch gives it, with the plan's
	 * occupancy.  NULL: `cus` CUs take workgroups as slots free up. */
	const struct md_plan *plan;
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
	struct emu_stats emu;        /* the emulator's own statistics of the run */
};

/* Run the dispatch through the emulator's stepper under the model.  Device
 * memory ends as emu_launch leaves it.  0, or an EMU_E_* code with the message. */
int mdl_run(struct emu_dev *dev, const struct emu_launch *launch, const struct mdl_opts *o,
	    struct mdl_result *r, char *err, size_t errlen);

/* The breakdown as text (one line per non-empty bucket) or as a JSON object,
 * into buf (always terminated).  flops/bytes: useful work for the rate line
 * (0: omitted). */
void mdl_format_text(const struct mdl_result *r, const struct mdl_consts *c, double flops, double bytes, char *buf,
		     size_t n);
void mdl_format_json(const struct mdl_result *r, const struct mdl_consts *c, double flops, double bytes, char *buf,
		     size_t n);

/* ---- a prediction for the whole GPU (model/predict.c) ----------------------------------
 * Plans the dispatch (model/gpu.h), simulates the planned units with the memory
 * hierarchy, and reports the kernel: r as mdl_run fills it, with cycles and
 * seconds for the whole kernel (the latest unit plus the launch overhead, which
 * the breakdown counts as idle).  per_group 0 simulates every active unit;
 * otherwise that many units of each group (see md_plan_make).  gc: the GPU
 * table; its clock and CU count are taken from o->c. */
struct mdl_prediction {
	struct gpu_consts gc;        /* the GPU table as used */
	struct md_plan plan;
	struct mdl_result r;
	struct mm_stats mem;         /* of the simulated units */
};
int mdl_predict(struct emu_dev *dev, const struct emu_launch *L, const struct mdl_opts *o,
		const struct gpu_consts *gc, unsigned per_group, struct mdl_prediction *p, char *err, size_t errlen);
/* The dispatch plan and where the memory lines came from, as text lines or JSON. */
void mdl_predict_format(const struct mdl_prediction *p, bool json, char *buf, size_t n);
/* A constants file (`NAME VALUE` lines, `#` comments) over both tables: core
 * rows (consts.def) and GPU rows (gpu_consts.def).  Nothing changes on error. */
int mdl_consts_load(struct mdl_consts *c, struct gpu_consts *g, const char *path, char *err, size_t errlen);

#endif
