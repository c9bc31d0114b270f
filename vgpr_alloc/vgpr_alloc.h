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
 * The bank-aware plan (ra_bank_alloc, below) gives physical registers; a
 * template names them physically and first fit places the virtual ranges
 * around them.
 *
 * Errors: negative RA_E_* with a one-line message in the caller's buffer.
 *
 * Bank-aware part (vgpr_alloc/bank_*.c, see vgpr_alloc/BANKS.md): VGPR banks,
 * the gfx11 dual-issue (VOPD) legality predicate, the bank-cache model and the
 * bank-aware allocator for an outer-product inner loop.  Bank computations
 * here go through ra_bank(), which is isa_vgpr_bank() of isa/isa.h, where the
 * bank rule (index mod 4) is written once.
 */
#ifndef RDNA3_VGPR_ALLOC_H
#define RDNA3_VGPR_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asm_out/asm_out.h"
#include "isa/isa.h"
#include "vocab/vocab.h"

enum ra_err {
	RA_OK = 0,
	RA_E_ARG = -1,     /* bad id, size, pin */
	RA_E_NOMEM = -2,
	RA_E_LIMIT = -3,   /* more VGPRs needed than the limit (message says how many) */
	RA_E_PIN = -4,     /* two pinned ranges, or a pin and a physical use, collide */
};

#define RA_VGPR_MAX ISA_VGPRS   /* VGPRs addressable by one wave (isa/isa.h) */

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
	int bank;                  /* first fit only at a base in this VGPR bank, or -1 (any) */
	int phys;                  /* allocated base after ra_allocate, or -1 (unused) */
	struct ra_interval live;
};

struct ra_ctx *ra_new(void);
void ra_free(struct ra_ctx *ra);              /* NULL is fine */

/* A new virtual range of count (1..64) consecutive VGPRs; returns its id. */
int ra_vreg(struct ra_ctx *ra, const char *name, unsigned count);
/* Fix a range at physical base phys (e.g. v0 holds the work-item ids). */
int ra_pin(struct ra_ctx *ra, unsigned id, unsigned phys);
/* Let first fit place the range only at a base in VGPR bank `bank` (0..3),
 * so that its element k sits in bank (bank + k) mod 4. */
int ra_want_bank(struct ra_ctx *ra, unsigned id, unsigned bank);

/* Operands: the whole range, or registers sub .. sub+n-1 of it. */
struct ao_opnd ra_op(const struct ra_ctx *ra, unsigned id);
struct ao_opnd ra_sub(const struct ra_ctx *ra, unsigned id, unsigned sub, unsigned n);
static inline struct ao_opnd ra_reg(const struct ra_ctx *ra, unsigned id, unsigned sub)
{ return ra_sub(ra, id, sub, 1); }

/* Allocate every range used in k and rewrite its operands to physical VGPRs.
 * limit: highest register count allowed (0 = RA_VGPR_MAX).  On RA_E_LIMIT,
 * *needed (if not NULL) holds how many VGPRs the kernel would need. */
int ra_allocate(struct ra_ctx *ra, struct ao_kernel *k, unsigned limit, unsigned *needed,
		char *err, size_t errlen);

unsigned ra_count(const struct ra_ctx *ra);
const struct ra_vreg_info *ra_info(const struct ra_ctx *ra, unsigned id);

/* "name  v[a:b]  live [s, e)" per line into a malloc'd string. */
char *ra_report(const struct ra_ctx *ra);

/* ===================== Bank-aware allocation ============================= */

/* ---- Bank facts ------------------------------------------------------- */

#define RA_VGPR_BANKS ISA_VGPR_BANKS  /* the bank rule is isa/isa.h's */

static inline unsigned ra_bank(unsigned vgpr) { return isa_vgpr_bank(vgpr); }
/* Parity of the bank (= parity of the register): VOPD destinations and
 * accumulators must differ in it. */
static inline unsigned ra_bank_parity(unsigned vgpr) { return ra_bank(vgpr) % 2; }

/* ---- VOPD halves and the legality predicate --------------------------- */

/* Operand slots: the read ports of each bank's cache, and the component
 * operands LLVM compares between the halves of a VOPD (src0, src1 by bank,
 * src2 by parity). */
enum ra_slot { RA_SLOT_SRC0, RA_SLOT_SRC1, RA_SLOT_SRC2, RA_SLOTS };

/* The VOPD opcodes of isa/isa_gfx11.def as the allocator names them, one row
 * each in ra_vopd_ops[] (same order; bank_vopd.c checks the count). */
enum ra_vopd_op {
	RA_VOPD_FMAC_F32, RA_VOPD_FMAAK_F32, RA_VOPD_FMAMK_F32, RA_VOPD_MUL_F32,
	RA_VOPD_ADD_F32, RA_VOPD_SUB_F32, RA_VOPD_SUBREV_F32,
	RA_VOPD_MUL_DX9_ZERO_F32, RA_VOPD_MOV_B32, RA_VOPD_CNDMASK_B32,
	RA_VOPD_MAX_F32, RA_VOPD_MIN_F32, RA_VOPD_DOT2ACC_F32_F16,
	RA_VOPD_ADD_NC_U32, RA_VOPD_LSHLREV_B32, RA_VOPD_AND_B32,
	RA_VOPD_NOPS
};

struct ra_vopd_op_info {
	const char *name;  /* mnemonic without the v_ (or v_dual_) prefix */
	ao_op base;        /* its opcode row: the VOPD rows of isa/isa_gfx11.def give
			    * the X and Y opcodes, its flags ACC, LITK, RVCC */
	int8_t vsrc1_slot; /* slot the VGPR of the vsrc1 field is read through:
			   * RA_SLOT_SRC1, RA_SLOT_SRC2 (fmamk: the addend) or
			   * -1 (no vsrc1) */
};
extern const struct ra_vopd_op_info ra_vopd_ops[RA_VOPD_NOPS];

enum ra_opnd_kind {
	RA_OPND_VGPR,    /* val = VGPR index */
	RA_OPND_SGPR,    /* val = SGPR index (vcc_lo is SGPR 106) */
	RA_OPND_INLINE,  /* val = 9-bit source code (128..208, 240..248): no cost */
	RA_OPND_LITERAL  /* val = the 32-bit literal */
};
/* vcc_lo as an SGPR index: the hardware numbers it right after s105 (isa/isa.h). */
#define RA_SGPR_VCC_LO ISA_SGPRS

struct ra_opnd {
	enum ra_opnd_kind kind;
	uint32_t val;
};

/* One half of a VOPD instruction: OP dst, src0, vsrc1 [, K]. */
struct ra_vopd_half {
	enum ra_vopd_op op;
	unsigned dst;          /* VGPR */
	struct ra_opnd src0;
	unsigned vsrc1;        /* VGPR; ignored when the op has none */
	uint32_t k;            /* literal K of fmaak/fmamk */
};

/* True when "v_dual_X :: v_dual_Y" is legal: every rule LLVM 19 checks for
 * gfx11 (opcode allowed in its slot, destination parity, src0 banks, vsrc1
 * banks, accumulator parity, one unique literal, at most two constant-bus
 * reads).  One half may read what the other writes: the halves execute at the
 * same time and the read gets the old value (ISA guide, VOPD).  On false,
 * *why (if why != NULL) names the broken rule with LLVM's wording. */
bool ra_vopd_ok(const struct ra_vopd_half *x, const struct ra_vopd_half *y,
		const char **why);
/* True when the pair computes what X then Y in program order compute: Y reads
 * no VGPR X writes.  For fusing two instructions of a sequence into one pair;
 * not a legality rule. */
bool ra_vopd_in_order(const struct ra_vopd_half *x, const struct ra_vopd_half *y);

/* v_fmac_f32 dst, src0, vsrc1 of the half, as asm_out writes one (either
 * half of a v_dual_fmac_f32, or the single op). */
struct ao_half ra_fmac_half(const struct ra_vopd_half *h);

/* VOPD formation after allocation (fuse.c): in each run of mutually
 * independent v_fmac_f32 on VGPRs (no label inside), pairs that ra_vopd_ok
 * allows, factors tried in both orders, become v_dual_fmac_f32 in place of
 * the earlier FMA.  For code whose registers were placed without the bank
 * rules, as a compiler pairs them.  Returns 0 or an asm_out error. */
struct ra_fuse_stats { unsigned pairs, singles; };
int ra_fuse_fmac(struct ao_kernel *k, struct ra_fuse_stats *st);

/* Writes "v_dual_OP dst, src0, vsrc1[, K]" (one half) into buf; returns the
 * length snprintf would have written. */
int ra_vopd_half_str(char *buf, size_t size, const struct ra_vopd_half *h);

/* ---- Bank-cache model ------------------------------------------------- */

/* One instruction as the model sees it: VGPRs read through each slot by
 * each half (-1 = none; a non-dual instruction uses half 0 only) and the
 * VGPR ranges it writes (n = 0: none; an LDS load writes a range). */
struct ra_access {
	int16_t read[2][RA_SLOTS];
	int16_t write[2];
	uint8_t write_n[2];
	bool dual;
};

/* The model (details and reasons in BANKS.md): each bank has one cache
 * entry per slot holding the VGPR last read through that slot of that bank.
 * A read is a hit when the entry holds that VGPR.  window = 0: an entry
 * lives until replaced or until its VGPR is written; window = 1: an entry
 * only serves the next instruction.  A miss reads the bank's register
 * file; two or more misses in one bank in one instruction are a bank
 * conflict (extra = misses - 1).  Two different VGPRs read through the same
 * slot of the same bank in one instruction are a port conflict. */
struct ra_cache_model {
	unsigned window;
};

struct ra_access_score {      /* per instruction */
	uint8_t hit_mask[2];      /* bit s: read through slot s by half h hit */
	uint8_t miss_bank[RA_VGPR_BANKS];
	uint8_t bank_conflicts;   /* sum over banks of max(0, misses - 1) */
	uint8_t port_conflicts;
};

struct ra_cache_stats {
	size_t insts, reads, hits;
	size_t reads_slot[RA_SLOTS], hits_slot[RA_SLOTS];
	size_t reads_bank[RA_VGPR_BANKS], misses_bank[RA_VGPR_BANKS];
	size_t bank_conflicts, port_conflicts;
};

/* Scores seq[0..n) under model m (NULL: window 0).  per may be NULL,
 * otherwise it receives n entries.  Works on any instruction sequence. */
void ra_cache_score(const struct ra_access *seq, size_t n,
		    const struct ra_cache_model *m, struct ra_cache_stats *st,
		    struct ra_access_score *per);

/* An empty record: no reads, no writes, not dual.  Fill the slots of a
 * foreign instruction after this (VOP2/VOP3: half 0; ds_load: write range). */
void ra_access_clear(struct ra_access *acc);

/* The access record of a VOPD pair (y may be NULL for one VALU op written
 * with the same fields, e.g. v_fmac_f32). */
void ra_access_from_vopd(struct ra_access *acc, const struct ra_vopd_half *x,
			 const struct ra_vopd_half *y);

/* ---- Allocator for one k-step of FMAs --------------------------------- */

/* acc += a * b, each an index into its class (accumulators, A fragment,
 * B fragment).  Classes are disjoint register pools. */
struct ra_fma {
	uint16_t acc, a, b;
};

struct ra_bank_in {
	unsigned n_acc, n_a, n_b;      /* pool sizes; fragment index = LDS order */
	const struct ra_fma *fma;      /* one k-step, program order */
	size_t n_fma;
	unsigned base;                 /* first VGPR the allocator may use */
	unsigned budget;               /* VGPRs available from base */
	unsigned frag_sets;            /* fragment copies (0 or 1: one; 2: prefetch the
					* next k-step into the other set), at most 4 */
};

/* Why an FMA issues alone as v_fmac_f32. */
enum ra_single_why {
	RA_PAIRED,
	RA_SINGLE_ODD,        /* odd number of FMAs: one is left over */
	RA_SINGLE_PARITY,     /* accumulator uses cannot be split evenly
			       * between even and odd registers */
};
extern const char *const ra_single_why_str[];

/* One instruction of the k-step.  dual: half[0] is X, half[1] is Y;
 * otherwise half[0] is a v_fmac_f32 (VOP2: same fields). */
struct ra_fma_op {
	bool dual;
	enum ra_single_why why;      /* RA_PAIRED when dual */
	uint32_t fma[2];             /* indices into ra_bank_in.fma */
	bool a_in_src0[2];           /* false: src0 = B operand, vsrc1 = A */
	struct ra_vopd_half half[2]; /* physical, ready to print */
};

/* A fragment run: elements first..first+len-1 live in v[vgpr..vgpr+len-1];
 * len 2 runs start at an even VGPR (ds_load_b64), len 1 runs are ds_load_b32. */
struct ra_run {
	unsigned first, vgpr, len;
};

struct ra_bank_out {
	unsigned *acc_vgpr, *a_vgpr, *b_vgpr;  /* physical VGPR per index */
	struct ra_fma_op *ops;
	size_t n_ops, n_dual, n_single;
	size_t max_pairs;              /* upper bound proven for this input */
	struct ra_run *a_runs, *b_runs;
	size_t n_a_runs, n_b_runs;
	unsigned acc_lo, acc_hi;       /* accumulator pool [lo, hi) */
	unsigned frag_lo, frag_hi;     /* fragment region [lo, hi), all sets */
	unsigned frag_sets, frag_stride; /* set s = set 0 + s * frag_stride (a
					  * multiple of 4: banks unchanged) */
	unsigned *free_vgpr;           /* holes inside [base, end) */
	size_t n_free;
	unsigned end;                  /* one past the last VGPR used */
	bool grid;                     /* input recognised as a full outer product */
	char note[160];                /* why pairing stops short, or "" */
};

struct ra_diag {
	char msg[160];
};
/* Fill d (when not NULL) with a one-line message and return err: vc_fail
 * (vocab/vocab.h) on the diagnostic's buffer. */
#define RA_FAIL(d, err, ...) vc_fail((d) ? (d)->msg : NULL, sizeof (d)->msg, (err), __VA_ARGS__)

/* Negative like RA_E_* above, with the same numbers where the meaning is
 * the same (ARG, NOMEM, LIMIT). */
enum ra_bank_err {
	RA_BANK_OK = 0,
	RA_BANK_E_INPUT = -1,    /* malformed input (index out of range, empty pool) */
	RA_BANK_E_NOMEM = -2,
	RA_BANK_E_BUDGET = -3,   /* does not fit in the budget */
	RA_BANK_E_INTERNAL = -5  /* a produced pair failed ra_vopd_ok: a bug */
};

/* Fills f[0 .. tm*tn) with the outer product of a thread tile, row-major:
 * acc = i*tn + j, a = i, b = j.  Returns tm*tn. */
size_t ra_bank_grid(struct ra_fma *f, unsigned tm, unsigned tn);

/* Allocates physical VGPRs and orders the k-step.  Deterministic.  On
 * error out is left empty (safe to ra_bank_free) and d (may be NULL) holds
 * a one-line message. */
int ra_bank_alloc(const struct ra_bank_in *in, struct ra_bank_out *out,
		  struct ra_diag *d);
void ra_bank_free(struct ra_bank_out *out);

/* One line of assembly for op: "v_dual_fmac_f32 ... :: v_dual_fmac_f32 ..."
 * or "v_fmac_f32 vD, src0, vsrc1" for a single.  Returns snprintf's count. */
int ra_fma_op_str(char *buf, size_t size, const struct ra_fma_op *op);

/* Copy of op reading fragment set s (a_vgpr, b_vgpr, runs and ops describe
 * set 0).  Every bank property carries over: the offset is a multiple of 4. */
void ra_bank_op_for_set(const struct ra_bank_out *out, const struct ra_fma_op *op,
			unsigned set, struct ra_fma_op *dst);

/* The access records of out->ops (n_ops entries written to seq). */
void ra_bank_accesses(const struct ra_bank_out *out, struct ra_access *seq);

/* ---- Accumulator write-back ------------------------------------------- */

struct ra_move {
	uint16_t dst, src;   /* v_mov_b32 v[dst], v[src] */
};

/* Parallel copy: value i sits in cur[i] and is wanted in want[i] (want
 * distinct, cur distinct).  Writes the fewest v_mov_b32 moves: chains
 * first, then each cycle of length L as L + 1 moves through scratch (which
 * must hold no value).  A wanted VGPR that no value of cur occupies must be
 * free (its old content is overwritten).  *moves is malloc'ed (free it); *n_moves its count;
 * *n_cycles the cycles broken (may be NULL). */
int ra_writeback(const unsigned *cur, const unsigned *want, size_t n,
		 unsigned scratch, struct ra_move **moves, size_t *n_moves,
		 size_t *n_cycles, struct ra_diag *d);

/* One write-back instruction: v_mov_b32, or v_dual_mov_b32 X :: Y. */
struct ra_move_op {
	struct ra_move x, y;
	bool dual;
};

/* Pairs consecutive moves into v_dual_mov_b32 where legal (ra_vopd_ok)
 * and equal in effect to the two moves in order (ra_vopd_in_order).  out needs n entries;
 * returns the number of instructions written. */
size_t ra_moves_dual(const struct ra_move *mv, size_t n, struct ra_move_op *out);

/* True when every store group can be stored straight from cur: group g
 * lists width[g] value indices (in memory order) in idx[off..off+width),
 * off = sum of earlier widths; they must sit in consecutive ascending
 * VGPRs. */
bool ra_stores_straight(const unsigned *cur, const unsigned *idx,
			const unsigned *width, size_t n_groups);

#endif
