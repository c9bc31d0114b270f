/* report.h — the register-bank report of an RDNA3 kernel's main loop.
 *
 * Works on the final instructions of any kernel: the instruction list a
 * template built (struct ao_kernel) or the machine code of a code object
 * (.hsaco, or a .s file assembled first).  Both are turned into the same
 * per-instruction records (class, FMAs, the VGPRs read through each operand
 * slot of each VOPD half, the VGPRs written, branch target), and everything
 * after that is one path: loop detection, the bank-cache model of
 * vgpr_alloc/BANKS.md §2 scored by the report's own scorer (report/bank_score.c,
 * below), the summary, the renderers.  The per-instruction records are
 * struct ra_access of vgpr_alloc/vgpr_alloc.h: plain data, which VGPR each
 * half reads through each slot and what it writes.
 *
 * Errors: functions return 0 or a negative RP_E_* with a one-line message in
 * the caller's buffer.  Nothing here prints or exits.  docs/report.md
 * describes the model, the loop choice and the json form.
 */
#ifndef RDNA3_REPORT_REPORT_H
#define RDNA3_REPORT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asm_out/asm_out.h"
#include "vgpr_alloc/vgpr_alloc.h"

struct ao_kernel;

enum rp_err {
	RP_OK = 0,
	RP_E_INPUT = -1,    /* bad input: missing/corrupt file, wrong target, unknown kernel,
			       assembler rejected the .s, undecodable code */
	RP_E_NOMEM = -2,
	RP_E_TOOL = -3,     /* toolchain missing or failed to start */
};

/* Instruction classes of the report (counts per loop iteration): enum
 * suffix, name in text and html, json key. */
#define RP_CLASSES(X) \
	X(FMA, "VALU FMA", "fma") X(VALU, "VALU other", "valu") X(LDS, "LDS", "lds") \
	X(VMEM, "VMEM", "vmem") X(SMEM, "SMEM", "smem") X(SALU, "SALU", "salu") \
	X(BRANCH, "branch", "branch") X(WAIT, "wait", "wait") X(BARRIER, "barrier", "barrier") \
	X(OTHER, "other", "other")
enum rp_cls {
#define RP_CLS_ENUM_(c, s, k) RP_CLS_##c,
	RP_CLASSES(RP_CLS_ENUM_)
#undef RP_CLS_ENUM_
	RP_CLS_COUNT
};
extern const char *const rp_cls_name[RP_CLS_COUNT];  /* "VALU FMA", ... */
extern const char *const rp_cls_key[RP_CLS_COUNT];   /* json keys: "fma", "valu", ... */

/* One instruction. */
struct rp_inst {
	uint32_t offset;          /* bytes from the kernel's first instruction */
	uint8_t size;             /* 4, 8 or 12 */
	uint8_t cls;              /* enum rp_cls */
	uint8_t fmas;             /* FMAs it performs (v_dual_fmac :: v_dual_fmac = 2) */
	bool dual;                /* VOPD */
	bool valu;                /* reads VGPRs through the VALU operand ports */
	bool branch, cond;        /* a branch; conditional */
	bool end;                 /* s_endpgm: no instruction follows it */
	bool wexec;               /* writes EXEC (switches lanes off or on) */
	int target;               /* branch target (instruction index), -1 if none/unknown */
	struct ra_access acc;     /* reads per half and slot, writes (vgpr_alloc.h) */
	char text[160];           /* as llvm-objdump prints it */
	char why[64];             /* a single FMA in the loop: why it could not pair ("" unknown) */
	/* a WMMA: the first VGPR of A, B, C and D (RP_WM_*; -1: not a VGPR, an inline C) and
	 * how many VGPRs each spans */
	bool wmma;
	uint8_t wm_op;            /* 0 .. RP_WMMA_OPS-1: which v_wmma_* (op id order) */
	int16_t wm_v[4];
	uint8_t wm_n[4];
};

/* The loop's WMMAs (report_wmma.c; all zero when it has none).  Roles: A (src0),
 * B (src1), C (src2), D (written). */
enum rp_wm_role { RP_WM_A, RP_WM_B, RP_WM_C, RP_WM_D, RP_WM_ROLES };
#define RP_WMMA_OPS 6                     /* v_wmma_f32_16x16x16_f16 .. v_wmma_i32_16x16x16_iu4 */
struct rp_wmma_frag {
	unsigned ranges;                  /* distinct VGPR ranges in this role */
	unsigned vgprs;                   /* VGPRs they cover */
	unsigned vgprs_bank[ISA_VGPR_BANKS];  /* of those, per bank */
	unsigned access_bank[ISA_VGPR_BANKS]; /* VGPR reads (A, B, C) or writes (D) per bank */
	unsigned sizes;                   /* bit n set: a range of n VGPRs occurs */
	unsigned inline_c;                /* C: WMMAs whose C is an inline constant */
};
struct rp_wmma {
	unsigned wmmas;                   /* per iteration */
	unsigned by_op[RP_WMMA_OPS];
	unsigned accumulators;            /* distinct D ranges */
	double ksteps;                    /* wmmas / accumulators (each takes one WMMA per k-step) */
	unsigned valu_other;              /* VALU instructions that are not WMMA */
	unsigned c_is_d;                  /* WMMAs accumulating in place (C = D) */
	unsigned hazards;                 /* WMMAs reading as A or B the D of the WMMA just before
					     (no VALU between, loop order): each needs a v_nop */
	unsigned frag_vgprs;              /* VGPRs of any fragment (the union) */
	struct rp_wmma_frag frag[RP_WM_ROLES];
};

/* ---- the bank-cache model (report/bank_score.c) -----------------------------
 * The model of vgpr_alloc/BANKS.md §2, scored by code of the report's own: the
 * allocator has its scorer (ra_cache_score) and the report, which is there to
 * check the allocator's layouts, must not use it, or a bug in it would pass
 * unseen.  tests/report/bank_score_compare.c runs both on the same records
 * and requires the same scores.
 *
 * Each bank has one cache entry per operand slot (src0, src1, src2): the VGPR
 * last read through that slot of that bank.  A read hits when the entry held
 * that VGPR before the instruction, or when the other half of the instruction
 * reads the same VGPR through the same slot (one port read serves both: Y's
 * read is the hit); otherwise it misses and reads the bank's register file.
 * Then the reads fill their entries (one slot of one bank read by both halves
 * keeps Y's VGPR), and the instruction's writes drop the entries of the VGPRs
 * they write: an fmac's accumulator, read through src2, is gone after it. */
struct rp_bank_model {
	unsigned window;   /* 0: an entry lives until replaced or written; N > 0:
			    * besides, it serves only the N instructions after its
			    * last read (BANKS.md defines 0 and 1) */
};
/* The model the report uses: window 0 (stated in every rendering). */
extern const struct rp_bank_model rp_model;

/* One instruction's score. */
struct rp_bank_score {
	uint8_t hit_mask[2];                 /* half h (0: X or the only op, 1: Y): bit s set
						when its read through slot s hit */
	uint8_t misses[ISA_VGPR_BANKS];      /* register-file reads per bank */
	uint8_t bank_conflicts;              /* sum over banks of max(0, misses - 1) */
	uint8_t port_conflicts;              /* ports (bank, slot) read for two different VGPRs */
};

/* A sequence's totals. */
struct rp_bank_totals {
	size_t insts, reads, hits;
	size_t reads_slot[RA_SLOTS], hits_slot[RA_SLOTS];
	size_t reads_bank[ISA_VGPR_BANKS], misses_bank[ISA_VGPR_BANKS];
	size_t bank_conflicts, port_conflicts;
};

/* The caches, carried from one instruction to the next.  Kept per VGPR, not
 * per entry: when each VGPR was last read through each slot and when it was
 * last written, and per port (bank, slot) when it was last read.  An entry is
 * then derived: port (b, s) holds v when v's last read through s is the
 * port's last read and v has not been written since.  Times are stamps,
 * 4 * instruction + 0 (X's reads), + 1 (Y's reads), + 2 (the writes), so the
 * order inside an instruction is in the numbers; 0 is never. */
struct rp_bank_cache {
	size_t read_at[ISA_VGPRS][RA_SLOTS];
	size_t written_at[ISA_VGPRS];
	size_t port_read_at[ISA_VGPR_BANKS][RA_SLOTS];
	size_t now;                          /* the instruction being scored, from 1 */
	unsigned window;
};

void rp_bank_cache_init(struct rp_bank_cache *c, const struct rp_bank_model *m);  /* all empty */
/* Scores one instruction against the caches and moves them past it.  VGPR
 * numbers are below ISA_VGPRS, as an instruction can name them; a read of a
 * higher one is a miss that leaves nothing cached, a write of one does nothing. */
void rp_bank_cache_step(struct rp_bank_cache *c, const struct ra_access *in, struct rp_bank_score *sc);
/* Adds an instruction and its score to t. */
void rp_bank_totals_add(struct rp_bank_totals *t, const struct ra_access *in, const struct rp_bank_score *sc);
/* Scores seq[0..n) from empty caches; per (n entries) may be NULL, t is
 * overwritten. */
void rp_bank_score_seq(const struct ra_access *seq, size_t n, const struct rp_bank_model *m,
		       struct rp_bank_score *per, struct rp_bank_totals *t);

/* Per-instruction result for the loop body. */
struct rp_row {
	unsigned inst;                    /* index into rp_code.insts */
	struct rp_bank_score score;       /* second pass (steady state) */
};

struct rp_loop {
	bool found;
	unsigned first, last;             /* instruction indices of the body: [target, back branch] */
	unsigned nloops, ninner;          /* loops seen, innermost ones among them */
	char how[320];                    /* which loop was chosen and why, and what was left out */
	unsigned skip_lo[8], skip_hi[8];  /* alternative paths left out: [lo, hi) */
	unsigned nskip;
	unsigned outside;                 /* body instructions outside [first, last] (out-of-line blocks), left out */
	uint32_t outside_at;              /* offset of the first of them */
};

/* The figures (one loop iteration unless noted). */
struct rp_summary {
	char kernel[128];
	char source[16];                  /* "generated", "code object", "assembly" */
	/* resources */
	unsigned vgprs, sgprs, lds_bytes, block_threads;
	bool wgp_mode;
	const struct isa_target *target;  /* the GPU the kernel is for (isa/targets.def) */
	struct isa_occupancy occ;          /* waves per SIMD and their limits (isa_occupancy) */
	/* the loop */
	unsigned insts;                   /* instructions per iteration */
	unsigned by_cls[RP_CLS_COUNT];
	unsigned fmas, fmas_dual;         /* FMAs; FMAs inside VOPD instructions */
	unsigned vopd, valu_insts, singles;
	double dual_pct;                  /* 100 * fmas_dual / fmas (0 when no FMA) */
	unsigned valu_non_fma;            /* VALU instructions that do no FMA */
	unsigned reads, hits;             /* VALU VGPR reads, bank-cache hits */
	unsigned bank_conflicts, port_conflicts, conflicts;  /* conflicts = sum */
	unsigned reads_bank[ISA_VGPR_BANKS], misses_bank[ISA_VGPR_BANKS];
	/* k-steps: from the generator's metadata (.rdna3.kstep_fmas, FMAs of one
	 * k-step); 0 when the kernel does not say.  ksteps = fmas / kstep_fmas. */
	unsigned kstep_fmas;
	double ksteps;
	struct rp_wmma wmma;
};

struct rp_report {
	struct rp_inst *insts;            /* the whole kernel */
	unsigned ninsts;
	struct rp_loop loop;
	struct rp_row *rows;              /* the loop body (selected path) */
	unsigned nrows;
	struct rp_summary sum;
	/* A timing-model prediction to show with the report (rp_prediction_read),
	 * or NULL; owned by the caller, rp_free leaves it alone. */
	const struct rp_prediction *pred;
};

/* A report on a kernel a template built (after vgpr allocation; the same
 * instructions ao_print writes). */
int rp_from_ao(struct ao_kernel *k, struct rp_report *r, char *err, size_t errlen);

/* A report on kernel NAME (NULL: the only kernel; an error when there are
 * several) of a code object file: path ending in .s (assembled with the
 * toolchain ao_toolchain_find picks) or anything else (read as a code object). */
int rp_from_file(const char *path, const char *kernel, struct rp_report *r, char *err, size_t errlen);

/* A report on a code object in memory. */
int rp_from_code_object(const void *bytes, size_t n, const char *kernel, struct rp_report *r,
			char *err, size_t errlen);

void rp_free(struct rp_report *r);   /* safe on a zeroed or partial report */

/* The figures only (for a program that compares kernels; link as docs/report.md
 * says): the report is built, its summary copied, the rest freed.
 * s->fmas etc. are per iteration of the main loop (rp_summary). */
int rp_summary_from_ao(struct ao_kernel *k, struct rp_summary *s, char *err, size_t errlen);
int rp_summary_from_file(const char *path, const char *kernel, struct rp_summary *s,
			 char *err, size_t errlen);

/* Renderers: a malloc'd NUL-terminated string, NULL on OOM. */
enum rp_format { RP_TEXT, RP_JSON, RP_HTML };
int rp_format_parse(const char *name, enum rp_format *f);   /* 0 or RP_E_INPUT */
char *rp_render(const struct rp_report *r, enum rp_format f);

/* ---- pictures of a timing-model prediction (report/roofline.c) -------------------- */
/* The math a kernel's FLOPs are drawn against (the model's mdl_math). */
enum rp_math { RP_MATH_FP32, RP_MATH_WMMA, RP_MATH_FP64 };
/* The roofs of the GPU: the FP32 peak (GFLOP/s, with dual issue), the
 * bandwidths of DRAM (labelled with the card's memory, dram), the Infinity Cache and L2 (GB/s), the WMMA f16/bf16 and
 * FP64 peaks (GFLOP/s; 0: not known, as in a prediction from before they
 * were printed), and the math whose peak is the kernel's roof. */
struct rp_roofs {
	double peak_gflops, dram_gbs, mall_gbs, l2_gbs;
	double wmma_gflops, fp64_gflops;
	enum rp_math math;
	char dram[24];         /* the DRAM roof's label: the card's memory ("GDDR6", "LPDDR5X";
	                          model/devices.def); "": "DRAM" */
};
struct rp_roof_point {
	const char *label;
	double flops, bytes, seconds; /* bytes: DRAM traffic, for the intensity */
};
/* A roofline: log axes wide enough for every roof and point, the kernel's
 * compute roof (FP32: with half of it, no dual issue; WMMA, FP64: with the
 * FP32 peak dashed beside it), the memory roofs up to it, and the points
 * (those without flops, bytes or time left out). */
void rp_roofline_svg(struct ao_text *t, const struct rp_roofs *rf, const struct rp_roof_point *p, unsigned n);
/* One stacked bar: n named parts in cycles, with a legend of their shares. */
void rp_breakdown_svg(struct ao_text *t, const char *const *names, const double *cycles, unsigned n);
/* One bar for a pipe that runs beside the SIMD's issue: busy of total cycles
 * (the SIMD-cycles of the breakdown), with a legend naming its ops. */
void rp_pipe_bar_svg(struct ao_text *t, const char *name, double busy, double total, double ops);

/* ---- a timing-model prediction beside the report (report/prediction.c) ------------ */
#define RP_MAX_PARTS 16
struct rp_prediction {
	double seconds, cycles, clock_mhz;
	double flops;                     /* the kernel's FLOPs; 0: not known (no roofline point) */
	double dram_bytes;                /* modelled DRAM traffic of the whole dispatch */
	struct rp_roofs roofs;
	unsigned nparts;                  /* the cycle breakdown: SIMD-cycles by bucket */
	char part[RP_MAX_PARTS][40];
	double part_cycles[RP_MAX_PARTS];
	/* v_wmma_* executed and the SIMD-cycles the WMMA pipe ran them (0: none);
	 * these cycles overlap the buckets, which already add up to every SIMD-cycle */
	double wmma_ops, wmma_busy;
	char device[64];                  /* the card it is predicted for (its display name), or "" */
};
/* Read what `rdna3run ... --model --model-format json` prints (its stdout
 * saved to a file): the prediction's seconds, cycles, FLOPs, DRAM bytes,
 * roofs, breakdown and WMMA pipe.  0, or RP_E_INPUT with a one-line message. */
int rp_prediction_read(const char *path, struct rp_prediction *p, char *err, size_t errlen);
/* The prediction as an HTML section: the figures, the roofline (when the
 * FLOPs are known), the breakdown bar and, for a WMMA kernel, the WMMA pipe's
 * bar beside it. */
void rp_prediction_html(struct ao_text *t, const struct rp_prediction *p);

#endif
