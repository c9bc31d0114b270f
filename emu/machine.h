/* machine.h — the emulator's inside: device, waves, workgroups, the decoded
 * instruction cache and the executor interface.  Private to the emu/ sources.
 *
 * Register file.  A wave's scalar operand space is one array s[256] indexed by
 * the 9-bit operand code of decode.h: SGPRs, vcc, m0, exec, and also the inline
 * constants (filled once), SCC (s[253], 0 or 1) and the literal (s[255], stored
 * by the step loop before each instruction).  Reading any scalar source is then
 * one load.  VGPRs are v[n][lane].
 */
#ifndef RDNA3_EMU_MACHINE_H
#define RDNA3_EMU_MACHINE_H

#include "emu/decode.h"
#include "emu/emu.h"
#include "isa/isa.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define EMU_LANES 32
#define EMU_SCRATCH_MAX 65536u       /* private bytes per lane we agree to model */
#define EMU_MAX_WAVES 32u            /* 1024 work-items per workgroup */

/* Flat address apertures: a flat address whose high dword is the shared base is
 * an LDS offset, the private base a scratch offset of the lane; anything else
 * is global.  src_shared_base/src_private_base (operands 235/237, limits 236/238)
 * read as these; our global addresses stay far below them. */
#define EMU_APERTURE_SHARED_HI 0x00010000u
#define EMU_APERTURE_PRIVATE_HI 0x00020000u
static inline uint64_t emu_aperture64(unsigned code)
{
	uint64_t hi = code <= 236 ? EMU_APERTURE_SHARED_HI : EMU_APERTURE_PRIVATE_HI;
	return hi << 32 | ((code & 1) ? 0 : 0xffffffffu); /* 235/237 base, 236/238 limit */
}

#if defined(__GNUC__)
#define EMU_LIKELY(x) __builtin_expect(!!(x), 1)
#define EMU_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define EMU_COLD __attribute__((cold, noinline))
#else
#define EMU_LIKELY(x) (x)
#define EMU_UNLIKELY(x) (x)
#define EMU_COLD
#endif

/* ---- device memory ---------------------------------------------------------- */
struct emu_buf {
	uint64_t addr, size;
	uint8_t *host;
	unsigned flags;
};

struct emu_dev {
	struct emu_opts opts;
	struct emu_buf *bufs;        /* sorted by addr */
	unsigned nbufs, cap;
	uint64_t next_addr;
};

const struct emu_buf *emu_mem_find(const struct emu_dev *dev, uint64_t addr);

/* ---- decoded instruction cache ---------------------------------------------- */
struct emu_wave;
typedef void (*emu_exec_fn)(struct emu_wave *w, const struct emu_inst *in);

struct emu_dinst {
	struct emu_inst in;
	emu_exec_fn fn;
	emu_exec_fn base;            /* DPP: the executor of the op itself (fn is emu_exec_dpp) */
	uint8_t words;               /* length in dwords */
	uint8_t bad;                 /* 0, or an enum emu_bad reason (decode-time refusal) */
	uint8_t valu;                /* enum emu_valu_kind, for the WMMA hazard (hazard.c) */
	uint8_t tu;                  /* enum emu_tu_kind, for the TRANS-use hazard (hazard.c) */
	_Atomic uint8_t ready;
	struct emu_hzinfo hz;
};

enum emu_bad { EMU_BAD_NONE, EMU_BAD_DECODE, EMU_BAD_UNSUPPORTED, EMU_BAD_TARGET, EMU_BAD_VGPR, EMU_BAD_VOPD_SRC0,
	       EMU_BAD_VOPD_SRC1 };

/* What the WMMA hazard check needs to know of an instruction.  The values add
 * up with emu_wave.wmma_live: valu + wmma_live >= 2 iff the check has work. */
enum emu_valu_kind { EMU_VK_OTHER, EMU_VK_VALU, EMU_VK_WMMA };

/* What the TRANS-use hazard check needs to know of an instruction: set only
 * when the launch's target has the hazard and the check is on.  The values add
 * up with emu_wave.tu_live (0, or 2 while a TRANS result is in its window):
 * tu + tu_live >= 3 iff the check has work (a TRANS always; a VALU or an
 * instruction that ends the window only while one is live). */
enum emu_tu_kind { EMU_TU_NONE = 0, EMU_TU_VALU = 1, EMU_TU_EXPIRE = 1, EMU_TU_TRANS = 3 };
#define EMU_TU_LIVE 2

/* ---- launch, workgroup, wave -------------------------------------------------- */
struct emu_race_buf {            /* race.c: per dword, the writing and the reading workgroup */
	_Atomic uint32_t *writer, *reader;   /* NULL for read-only buffers */
};

struct emu_run {
	struct emu_dev *dev;
	const struct emu_launch *launch;
	struct emu_kd kd;
	const struct isa_target *target; /* emu_launch.target's row (this file's copy of isa/targets.def) */
	unsigned checks;
	uint64_t entry;              /* device address of the first instruction */
	uint64_t kernarg_addr, dispatch_addr, queue_addr;
	const struct emu_buf *code;  /* the buffer holding the code */
	struct emu_dinst *icache;    /* one slot per code dword of that buffer */
	size_t icache_n;
	pthread_mutex_t icache_lock;
	unsigned block_threads, nwaves;
	uint64_t nwg;
	uint64_t budget;
	_Atomic uint64_t used;       /* wave-instructions charged against the budget */
	_Atomic uint64_t next_wg;
	_Atomic uint64_t fault_wg;   /* lowest faulting workgroup index, or UINT64_MAX */
	pthread_mutex_t fault_lock;
	int fault_code;
	char fault_msg[512];
	struct emu_fault fault;
	bool scratch;
	bool ftz;                    /* f32 denormals flushed (FLOAT_DENORM_MODE_32 = 0) */
	bool ftz_sw;                 /* ftz, and the host does not flush for us */
	bool ieee;                   /* IEEE mode: min/max quiet signaling NaNs */
	bool trace;                  /* one wave is traced (emu_opts.trace, or EMU_TRACE set) */
	uint64_t trace_wg;           /* its workgroup's linear index */
	unsigned trace_wave;
	uint64_t trace_left;         /* lines still to print */
	FILE *trace_out;
	struct emu_race_buf *race;   /* EMU_CHECK_GLOBAL_RACE: one per device buffer */
	unsigned nrace;
	/* emu_launch_progress: workgroups ended, and who is reporting them (a
	 * worker that finds the flag set skips its report instead of waiting) */
	const struct emu_progress *progress;
	_Atomic uint64_t wg_done;
	atomic_flag progress_busy;
};

struct emu_lds_shadow {
	uint32_t late_epoch;         /* epoch in which an unwaited store may still land */
	uint32_t late_pc;            /* that store (offset in the code buffer) */
	uint8_t writer;              /* wave that wrote it in this epoch (see lds_wbits) */
	uint8_t late_writer;         /* wave of that store */
};

/* An LDS store not yet known complete: its lane addresses, for the barrier check. */
#define EMU_LDS_RING 8
struct emu_lds_store {
	uint32_t seq, pc_off, n;     /* lgkm issue number, code offset, bytes per address */
	unsigned naddr;
	uint32_t addr[2 * EMU_LANES];
};

enum emu_wave_state { EMU_WAVE_RUN, EMU_WAVE_BARRIER, EMU_WAVE_DONE };

struct emu_pending {
	uint32_t seq;                /* issue number on its counter; 0 = nothing pending */
	uint8_t counter;
	uint32_t load_pc_lo;         /* low bits of the load's pc, for the report */
};

struct emu_group;

struct emu_wave {
	uint32_t s[256];             /* scalar operand space, see top of file */
	uint32_t (*v)[EMU_LANES];    /* VGPRs */
	uint64_t pc, next_pc;
	const struct emu_dinst *cur;
	struct emu_group *g;
	uint8_t halt;                /* set by executors to leave the step loop */
	uint8_t state;               /* enum emu_wave_state */
	unsigned id;
	uint8_t *scratch;            /* lane-major private memory, priv bytes per lane */
	/* memory lookup cache: last buffer hit */
	uint64_t mc_lo, mc_hi;
	uint32_t lds_last;           /* LDS race check: address of the last lane checked */
	struct emu_lds_store ldsst[EMU_LDS_RING]; /* recent LDS stores, ring */
	unsigned nldsst;             /* stores recorded (ring index = count % EMU_LDS_RING) */
	uint8_t *mc_host;
	bool mc_ro;
	unsigned mc_idx;             /* index of that buffer in the device's table */
	/* waitcnt model (hazard.c) */
	uint32_t issued[EMU_CNT_N], done[EMU_CNT_N];
	unsigned npending;           /* registers with a pending load */
	uint16_t plist[64];            /* codes made pending (may hold settled ones) */
	unsigned nplist;             /* entries in plist; > 64: overflowed, scan pend[] */
	struct emu_pending pend[512];
	uint64_t pmask[8];           /* codes with a pending load (bit set iff pend[code].seq) */
	/* WMMA hazard (hazard.c): the last VALU instruction was a WMMA, its D at
	 * wmma_d (an operand code), its pc offset wmma_pc. */
	uint8_t wmma_live;
	uint16_t wmma_d;
	uint32_t wmma_pc;
	/* TRANS-use hazard (hazard.c): the last two TRANS results (VGPR range,
	 * the VALU and TRANS counts when they issued, pc offset); tu_live is
	 * EMU_TU_LIVE while one of them is inside its window, else 0. */
	uint8_t tu_live;
	uint32_t tu_valus, tu_trans;
	struct emu_tu_rec { uint16_t code; uint8_t n; uint32_t valus, trans, pc; } tu_rec[2];
	uint64_t insts;
};

struct emu_group {
	struct emu_run *run;
	uint32_t id[3];
	uint64_t index;
	unsigned nwaves;
	struct emu_wave waves[EMU_MAX_WAVES];
	uint32_t (*vmem)[EMU_LANES];
	uint8_t *lds;
	unsigned lds_size;
	struct emu_lds_shadow *shadow;
	uint64_t *lds_wbits;         /* race check: written bitmap, then one read bitmap per wave */
	unsigned lds_words;          /* 64-bit words per bitmap */
	uint32_t late_epoch;         /* epoch with unwaited-store marks in the shadow */
	uint32_t epoch;              /* barrier generation; grows across workgroups */
	uint8_t *scratch;
	struct emu_stats st;
	uint64_t budget_left;        /* local slice of the launch budget */
	bool faulted;
	struct emu_stepper *stepper; /* the stepper that owns this context, or NULL (emu_launch) */
};

/* ---- executors ------------------------------------------------------------------ */
/* The executor of each op, from the EXEC column of its row (exec_table.c):
 * NULL for an op with none ("unsupported").  The executors themselves are
 * emu_ex_NAME in the family files (exec_salu.c, exec_valu.c, ...). */
extern const emu_exec_fn emu_exec_of[ISA_OP_COUNT];
/* Rows whose executor cannot run them: no executor (but v_dual, whose executor
 * the decoder picks per pair), or a memory, atomic or WMMA executor without
 * the op in its family's per-op table (access size, atomic kind, WMMA types).
 * Returns how many, the first max of them in ops. */
unsigned emu_exec_table_gaps(unsigned *ops, unsigned max);
bool emu_mem_kind_known(unsigned op);
bool emu_atomic_kind_known(unsigned op);
bool emu_wmma_kind_known(unsigned op);
void emu_exec_vopd(struct emu_wave *w, const struct emu_inst *in);
void emu_exec_dpp(struct emu_wave *w, const struct emu_inst *in); /* DPP16/DPP8 around dinst.base */
bool emu_vopd_half_ok(unsigned op);         /* a VOPD half op has a lane function */
emu_exec_fn emu_vopd_executor(const struct emu_run *run, const struct emu_inst *in); /* NULL: unsupported */

/* Faults: record the first one of the wave, stop the wave.  lane = ~0u if none. */
/* race.c: the global-memory race check of one launch. */
int emu_race_begin(struct emu_run *run);     /* EMU_OK or EMU_E_NOMEM */
void emu_race_end(struct emu_run *run);      /* safe after a failed begin */
void emu_race_global(struct emu_wave *w, unsigned lane, uint64_t addr, unsigned n, bool write);

void emu_fault(struct emu_wave *w, unsigned lane, int code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5), cold))
#endif
	;

/* Operand helpers */
static inline uint32_t emu_exec_mask(const struct emu_wave *w) { return w->s[EMU_OPND_EXEC_LO]; }
static inline bool emu_opnd_vgpr(unsigned c) { return c >= EMU_OPND_VGPR0 && c < EMU_OPND_VGPR0 + ISA_VGPRS; }

/* 32 lanes of a source: VGPR storage, or a scalar broadcast into tmp. */
static inline const uint32_t *emu_vsrc(struct emu_wave *w, unsigned code, uint32_t tmp[EMU_LANES])
{
	if (code >= EMU_OPND_VGPR0)
		return w->v[code - EMU_OPND_VGPR0];
	uint32_t x = w->s[code & 255];
	for (unsigned l = 0; l < EMU_LANES; l++)
		tmp[l] = x;
	return tmp;
}

/* A 64-bit operand (f64 or integer) reads an inline float constant (operands
 * 240..248) as the double (isa/inline_consts.def): LLVM encodes the u64
 * 0x3ff0000000000000 as 1.0. */
static inline uint64_t emu_inline_f64(unsigned code)
{
	static const uint64_t d[] = {
#define INLINE_FLOAT(code, text, f32, f16, f64) f64,
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
	};
	return d[code - EMU_OPND_F_HALF];
}

/* 16-bit operands (f16, i16, packed): an inline float constant (0.5 .. 1/(2*pi))
 * reads as its f16 bit pattern with a zero high half, as LLVM encodes them. */
static inline bool emu_ops16(unsigned op)
{
	return isa_ops[op].flags & (ISA_F_F16 | ISA_F_I16 | ISA_F_PK16);
}

static inline const uint32_t *emu_vsrc16(struct emu_wave *w, unsigned code, uint32_t tmp[EMU_LANES])
{
	static const uint16_t f16[] = {
#define INLINE_FLOAT(code, text, f32, f16, f64) f16,
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
	};
	if (code - EMU_OPND_F_HALF > EMU_OPND_F_INV2PI - EMU_OPND_F_HALF)
		return emu_vsrc(w, code, tmp);
	for (unsigned l = 0; l < EMU_LANES; l++)
		tmp[l] = f16[code - EMU_OPND_F_HALF];
	return tmp;
}

/* Write r into the lanes of VGPR code that EXEC enables. */
static inline void emu_vwrite(struct emu_wave *w, unsigned code, const uint32_t r[EMU_LANES])
{
	uint32_t *d = w->v[code - EMU_OPND_VGPR0];
	uint32_t exec = emu_exec_mask(w);
	if (exec == 0xffffffffu) {
		for (unsigned l = 0; l < EMU_LANES; l++)
			d[l] = r[l];
	} else {
		for (unsigned l = 0; l < EMU_LANES; l++)
			d[l] = (exec >> l & 1) ? r[l] : d[l];
	}
}

/* Scalar destination write: null discards, SCC/constants are not destinations. */
static inline void emu_swrite(struct emu_wave *w, unsigned code, uint32_t v)
{
	if (code < EMU_OPND_NULL || code == EMU_OPND_M0 || code == EMU_OPND_EXEC_LO || code == EMU_OPND_EXEC_HI)
		w->s[code] = v;
}

/* 64-bit VALU operands (exec_vcmp.c): source i of a 64-bit op (constants widened
 * as integers, or as doubles when f64), and a masked write of a VGPR pair. */
void emu_src64(struct emu_wave *w, const struct emu_inst *in, unsigned i, bool f64, uint64_t out[EMU_LANES]);
void emu_vwrite64(struct emu_wave *w, unsigned code, const uint64_t r[EMU_LANES]);

/* Global memory: host pointer for [addr, addr+n) or NULL after reporting a fault. */
uint8_t *emu_gmem(struct emu_wave *w, unsigned lane, uint64_t addr, unsigned n, bool write);
/* Lane accessors of exec_mem.c for the atomics: address of a GLOBAL/FLAT lane;
 * the memory a GLOBAL/FLAT atomic lane or a DS lane touches, checked (atomics
 * are exempt from the LDS race check); NULL after reporting a fault. */
uint64_t emu_vaddr(const struct emu_wave *w, const struct emu_inst *in, unsigned l);
uint8_t *emu_atomic_at(struct emu_wave *w, const struct emu_inst *in, unsigned l, unsigned n);
uint8_t *emu_lds_at(struct emu_wave *w, unsigned l, uint32_t addr, unsigned n, bool write, bool atomic);

/* Hazard checks (hazard.c) */
void emu_hz_decode(const struct emu_run *run, struct emu_dinst *d);
void emu_hz_check(struct emu_wave *w, const struct emu_dinst *d);
void emu_hz_waitcnt(struct emu_wave *w, unsigned vm, unsigned lgkm, unsigned vs);
void emu_hz_lds(struct emu_wave *w, unsigned lane, uint32_t byte_addr, unsigned n, bool write);
void emu_hz_lds_store(struct emu_wave *w, const uint32_t *addr, unsigned naddr, unsigned n);
void emu_hz_barrier_wave(struct emu_wave *w);
void emu_hz_epoch(struct emu_group *g);
void emu_hz_wmma(struct emu_wave *w, const struct emu_dinst *d);
void emu_hz_trans(struct emu_wave *w, const struct emu_dinst *d);

/* Does an instruction need the TRANS-use checker (enum emu_tu_kind). */
static inline bool emu_hz_trans_needed(const struct emu_wave *w, const struct emu_dinst *d)
{
	return d->tu + w->tu_live >= 3;
}

/* Does an instruction need the WMMA hazard checker: a WMMA, or a VALU
 * instruction right after one (enum emu_valu_kind). */
static inline bool emu_hz_wmma_needed(const struct emu_wave *w, const struct emu_dinst *d)
{
	return d->valu + w->wmma_live >= 2;
}

/* Does an instruction need the waitcnt checker: it issues on a counter, or
 * touches a register with a load pending. */
static inline bool emu_hz_needed(const struct emu_wave *w, const struct emu_dinst *d)
{
	if (d->hz.counter)
		return true;
	if (!w->npending)
		return false;
	uint64_t hit = 0;
	for (unsigned i = 0; i < 8; i++)
		hit |= d->hz.mask[i] & w->pmask[i];
	return hit != 0;
}

/* ---- launch internals shared by launch.c (thread pool) and step.c (stepper) ---- */
/* Validate a dispatch and build its run (icache, kernarg, dispatch packet);
 * NULL with the message in err on failure, *rc the code. */
struct emu_run *emu_run_prepare(struct emu_dev *dev, const struct emu_launch *L, int *rc, char *err, size_t errlen);
void emu_run_destroy(struct emu_run *run);
/* The launch result: the lowest faulting workgroup's report, or EMU_OK. */
int emu_run_result(struct emu_run *run, struct emu_stats *stats, char *err, size_t errlen);
void emu_stats_add(struct emu_stats *to, const struct emu_stats *s);
struct emu_group *emu_group_alloc(struct emu_run *run);
void emu_group_dispose(struct emu_group *g);
void emu_group_setup(struct emu_group *g, uint64_t index); /* waves ready, LDS zeroed */
void emu_group_next_epoch(struct emu_group *g);          /* barrier release bookkeeping */
bool emu_budget_refill(struct emu_wave *w);              /* false: budget exhausted (faulted) */
const struct emu_dinst *emu_fetch_slow(struct emu_wave *w, uint64_t pc);

/* Instruction fetch through the decode cache. */
static inline const struct emu_dinst *emu_fetch(struct emu_wave *w, uint64_t pc)
{
	struct emu_run *run = w->g->run;
	uint64_t off = pc - run->code->addr;
	if (EMU_LIKELY(off < run->code->size && !(off & 3))) {
		const struct emu_dinst *d = &run->icache[off >> 2];
		if (EMU_LIKELY(atomic_load_explicit(&d->ready, memory_order_acquire) && !d->bad))
			return d;
	}
	return emu_fetch_slow(w, pc);
}

/* The addresses of a memory instruction about to execute (exec_mem.c). */
void emu_mem_lanes(const struct emu_wave *w, const struct emu_inst *in, struct emu_step *st);
/* The same for MUBUF and MTBUF (exec_buf.c): through the buffer descriptor. */
void emu_buf_lanes(const struct emu_wave *w, const struct emu_inst *in, struct emu_step *st);

/* "s_add_f32WHERE is not a T instruction (FeatureSALUFloatInsts: T1|T2)":
 * why target t refuses op, and the targets that have it (target.c); where
 * is "" or " at 0x..". */
void emu_target_refusal(const struct emu_inst *in, const struct isa_target *t, const char *where, char *buf,
			size_t n);
/* An f16 result of the VALU op `op` from three low halves (exec_h16.c). */
uint32_t emu_h16_op(unsigned op, uint32_t a, uint32_t b, uint32_t c, bool flush, bool ieee);

/* Disassembly for reports (decode.c / disasm.c) */
void emu_inst_text(const struct emu_run *run, uint64_t pc, char *out, size_t n);

#endif
