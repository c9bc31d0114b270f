/* internal.h — the model's inside: waves, SIMDs, CUs.  Private to model/. */
#ifndef RDNA3_MODEL_INTERNAL_H
#define RDNA3_MODEL_INTERNAL_H

#include "emu/decode.h"
#include "isa/isa.h"
#include "model/model.h"

#define MDL_MAX_SIMDS 4              /* per CU (WGP mode would use 4) */
#define MDL_MAX_SLOTS 16             /* waves per SIMD */
#define MDL_MAX_GROUPS 64            /* resident workgroups per CU or WGP (one-wave ones on 4 SIMDs) */
#define MDL_MAX_OUT 64               /* outstanding memory ops tracked per wave */
#define MDL_FETCH_WIN 4              /* chunks of code a wave keeps (the next instruction's and those ahead) */
#define MDL_SALU_HIST 4              /* SALU ops per wave whose results a dependent SALU op waits for */
#define MDL_NEVER UINT64_MAX
#define MDL_VLOADS 16             /* vector loads of a CU remembered for vmem_busy_loads */
#define MDL_SC_MAX 1024           /* most scalar-cache lines a CU keeps (smem_cache_lines) */
#define MDL_SC_WAYS 4             /* its associativity */
#define MDL_OC_WR 8               /* a VGPR one of a wave's latest this many VALU ops wrote reads as cached */
#define MDL_OC_WAYS 8             /* most entries of a bank's operand cache (vgpr_cache_ways) */
#define MDL_LEAD 2048              /* barriers per workgroup whose lead time a CU keeps */

enum mdl_wstate { MW_FREE, MW_READY, MW_BARRIER, MW_DONE };

/* One outstanding memory operation of a wave: when it completes, and why a
 * wait on it is charged where it is. */
struct mdl_out {
	uint64_t done;
	uint8_t counter;             /* enum emu_counter */
	uint8_t bucket;              /* MDL_B_LDS / SMEM / VMEM */
};

struct mdl_group;

struct mdl_wave {
	uint8_t state;               /* enum mdl_wstate */
	uint8_t why;                 /* bucket charged while nx waits for ready */
	unsigned simd, slot, widx;   /* widx: wave index in the workgroup */
	uint64_t uid;                /* dispatch order over the launch (age) */
	uint8_t prio;                /* s_setprio: issue order is this, then age */
	struct mdl_group *grp;
	struct emu_step nx;          /* the next instruction, already executed functionally */
	uint8_t cls;                 /* the class nx issues in (cls_of) */
	bool nop;                    /* nx is an s_nop */
	uint64_t fx_ready;           /* the cycle nx is fetched whole */
	uint64_t ready;              /* earliest issue cycle of nx from the wave's own state */
	uint64_t last_issue, extra;  /* extra: earliest next issue after a branch/s_nop */
	uint64_t last_salu;          /* issue of the wave's latest SALU op (0: none) */
	bool prev_waits;             /* the previous instruction was an s_nop or an s_waitcnt* */
	uint64_t valu_exec;          /* execution of the wave's latest VALU op (0: none) */
	uint64_t valu_done;          /* when all of the wave's VALU results are written (0: none) */
	uint64_t trans_exec;         /* execution of the wave's latest transcendental op (0: none) */
	/* instruction fetch: the chunks fx_base .. fx_base + fx_n - 1 of the
	 * wave's code (in fetch_bytes units of its pc) are known, fx_at[i] the
	 * cycle chunk fx_base + i is usable (a ring:
	 * fx_at[chunk % MDL_FETCH_WIN]) */
	uint32_t fx_base;
	unsigned fx_n;
	uint64_t fx_at[MDL_FETCH_WIN];
	/* s_delay_alu: when the results of the wave's last 4 VALU ops (vhist[0]
	 * the latest) and last 3 transcendental ops are ready for a VALU op, the
	 * pending delays (instructions to go, -1 none; their ids) and the cycle
	 * the next instruction may issue by them */
	uint64_t vhist[4], thist[3];
	int8_t dly_at[2];
	uint8_t dly_id[2];
	uint64_t dly_t;
	uint64_t stall;              /* longest issue stall since the wave's last WMMA, and its bucket */
	uint8_t stall_why;
	/* VALU ops the wave issued, and after which of them each VGPR was last
	 * written (0: never): a VGPR one of the latest MDL_OC_WR ops wrote reads
	 * as cached (model/opcache.c) */
	uint32_t oc_nvalu;
	uint32_t oc_wseq[ISA_VGPRS];
	uint64_t rr[512];            /* ready cycle of each register for any consumer (non-VALU producers) */
	uint64_t vrd[512];           /* VALU-produced: cycle a dependent VALU op may execute, 0 = none */
	uint8_t rwhy[512];           /* bucket of the producer of each register */
	uint64_t wacc[512];          /* WMMA-produced: cycle a WMMA reading it as C may execute, 0 = none */
	struct mdl_out out[MDL_MAX_OUT];
	unsigned nout;
	/* the wave's latest SALU ops in the scalar queue, newest first: when each
	 * executed and its registers (NULL: none); cleared at placement */
	uint64_t sx[MDL_SALU_HIST];
	const struct emu_hzinfo *sxu[MDL_SALU_HIST];
};

struct mdl_group {
	struct emu_group *eg;        /* the emulator's context */
	bool busy;
	uint64_t index;
	unsigned nwaves, live, at_barrier;
	uint64_t barrier_t;          /* latest barrier issue so far */
	uint64_t start;              /* cycle it was placed */
	unsigned nbar;               /* barriers it passed */
	uint64_t lag;                /* at its latest barrier: cycles behind the CU's fastest workgroup */
	bool placed;                 /* the slot ran a workgroup before */
	bool later;                  /* with a plan: past the unit's first round */
	uint64_t past;               /* how long that one ran (the slot's previous round) */
	struct mdl_wave *w[32];
};

/* Issued ops of one SIMD queue that have not retired: their execution
 * cycles, ascending (the ops execute in SIMD order). */
struct mdl_queue {
	uint64_t at[32];
	unsigned n;
};

struct mdl_simd {
	struct mdl_wave *slot[MDL_MAX_SLOTS];
	uint64_t valu_free, trans_free; /* structural: next cycle each is free */
	bool valu_bank;              /* valu_free was pushed out by VGPR reads (a bank busy) */
	uint64_t cat_free[ISA_CLS_COUNT]; /* next cycle an instruction of each class may issue */
	uint64_t last_exec, trans_exec; /* VALU: execution of the latest issued op, of the latest transcendental */
	uint64_t wmma_end;           /* first cycle after the SIMD's latest WMMA (0: none yet) */
	struct mdl_queue vq;         /* VALU queue (VALU and WMMA ops) */
	struct mdl_queue tq;         /* transcendental queue (TRANS class: v_exp_f32 ..., v_mul_lo_u32 ...) */
	struct mdl_queue sq;         /* scalar queue (SALU ops) */
	uint64_t salu_exec;          /* execution of the latest SALU op */
	uint64_t acct;               /* cycles before this are charged */
	bool acct_valu;              /* the cycle acct - 1 is charged as VALU busy */
	bool used;
	/* the operand caches: per VGPR bank, the VGPRs it holds (+ 1, 0: none),
	 * most recently used first, and whose; the register file: the next cycle
	 * each bank can read (model/opcache.c) */
	uint16_t oc_vgpr[ISA_VGPR_BANKS][MDL_OC_WAYS];
	uint64_t oc_wave[ISA_VGPR_BANKS][MDL_OC_WAYS];
	uint64_t rf_free[ISA_VGPR_BANKS];
	/* cached choice: the wave that issues next and when */
	struct mdl_wave *pick;
	uint64_t pick_t;
	uint8_t pick_why;
};

/* A line of the scalar cache: which line, when its data arrives (or
 * arrived), when a wave waiting on it last got it, when it was last used
 * (0: empty). */
struct mdl_sline {
	uint64_t line, ready, last_ret, used;
};

struct mdl_cu {
	unsigned id;                 /* the GPU's CU number (memory requests, issue reports) */
	unsigned unit;               /* with a plan: the unit it simulates */
	uint64_t taken;              /* with a plan: workgroups of the unit started */
	uint64_t end;                /* the last cycle of any of its waves */
	uint64_t later_n, later_cycles; /* with a plan: its workgroups past the first round that ended, their cycles */
	struct mdl_simd simd[MDL_MAX_SIMDS];
	struct mdl_group grp[MDL_MAX_GROUPS];
	struct mdl_wave *waves;      /* simds * MDL_MAX_SLOTS */
	/* next cycle the LDS pipe and the vector memory issue port are free: one
	 * LDS pipe for the unit, a CU in CU mode or the WGP's four SIMDs in WGP
	 * mode (docs/model.md, "LDS") */
	uint64_t lds_free, vmem_free;
	/* without a memory model: completion cycles of the CU's latest vector
	 * loads, to count those in flight when another issues (vmem_busy_loads) */
	uint64_t vload_done[MDL_VLOADS];
	unsigned vload_next;
	struct mdl_sline scache[MDL_SC_MAX]; /* the scalar cache, MDL_SC_WAYS-way sets */
	/* the fewest cycles from placement to barrier k of any of its workgroups
	 * (0: none yet), for the lag of the others */
	uint64_t lead[MDL_LEAD];
	unsigned ngroups_busy;
};

struct mdl_sim {
	const struct mdl_opts *o;
	const struct mdl_consts *c;
	struct emu_stepper *stp;
	unsigned simds, cus, group_cap, nwaves;
	struct mdl_cu *cu;
	uint64_t next_group, ngroups, next_uid;
	uint64_t done, expect;       /* workgroups ended, and that the run simulates */
	struct mdl_result *r;
	uint64_t end;                /* last cycle of any wave */
	/* instruction fetch from the constants (mdl_fetch_setup): chunks of
	 * 1 << fx_shift bytes, fx_ahead of them ahead */
	unsigned fx_shift, fx_ahead;
	uint64_t fx_interval, fx_latency;
};

/* core.c: one CU */
void mdl_cu_pick(struct mdl_sim *s, struct mdl_cu *cu, unsigned simd);
/* Issue the picked wave of the SIMD at its pick time.  Returns true when a
 * workgroup of the CU finished (a slot for dispatch). */
bool mdl_cu_issue(struct mdl_sim *s, struct mdl_cu *cu, unsigned simd);
/* Place workgroup index on the CU at cycle t (stepper context already started). */
void mdl_cu_place(struct mdl_sim *s, struct mdl_cu *cu, struct mdl_group *g, uint64_t t);
/* lds.c: cycles the LDS needs for one DS instruction (bank conflicts included). */
unsigned mdl_lds_cycles(const struct mdl_consts *c, const struct emu_step *st);
/* fetch.c: the fetch parameters of the run from its constants; after the
 * wave took its next instruction (nx), its chunks of code brought up to
 * date and fx_ready, the cycle nx is fetched whole. */
void mdl_fetch_setup(struct mdl_sim *s);
void mdl_fetch_advance(const struct mdl_sim *s, struct mdl_wave *w);
/* opcache.c: the VGPR reads of a VALU op that could execute at ex0, through
 * the SIMD's operand cache and the register file's banks: the cycle its last
 * read is done (>= ex0).  Updates the cache, the banks and the wave's fresh
 * results. */
uint64_t mdl_vgpr_reads(const struct mdl_consts *c, struct mdl_simd *sm, struct mdl_wave *w, const struct emu_inst *in,
			const struct emu_hzinfo *u, uint64_t ex0);
/* opcache.c: a memory instruction of w will overwrite the VGPRs u writes */
void mdl_vgpr_overwritten(struct mdl_simd *sm, struct mdl_wave *w, const struct emu_hzinfo *u);

#endif
