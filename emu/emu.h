/* emu.h — the emulator of the ISA target: runs the machine code of a loaded code object.
 *
 * The emulator knows nothing of ELF, of metadata or of the generator.  It sees
 * what the GPU sees: device memory (a set of registered buffers at emulated
 * addresses, never host pointers), a 64-byte kernel descriptor in that memory,
 * the code it points at, a kernarg segment and a dispatch shape.  Loading a
 * .hsaco into device memory is the loader's job.
 *
 * Errors: functions return 0 (or a valid address) on success and a negative
 * EMU_E_* on failure, with a one-line message in the caller's buffer.  Nothing
 * here prints or exits.
 */
#ifndef RDNA3_EMU_H
#define RDNA3_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum emu_err {
	EMU_OK = 0,
	EMU_E_ARG = -1,         /* bad argument from the caller */
	EMU_E_NOMEM = -2,       /* host allocation failed */
	EMU_E_KD = -3,          /* kernel descriptor asks for something we refuse */
	EMU_E_FAULT = -4,       /* the kernel faulted (bad access, hazard, race, ...) */
	EMU_E_DECODE = -5,      /* invalid or unsupported instruction encoding */
	EMU_E_BUDGET = -6,      /* instruction budget exhausted (runaway kernel) */
};

/* ---- kernel descriptor (code object v4/v5/v6 layout, 64 bytes) ---------- */
struct emu_kd {
	uint32_t group_segment_size;   /* LDS bytes per workgroup */
	uint32_t private_segment_size; /* scratch bytes per lane */
	uint32_t kernarg_size;
	int64_t entry_offset;          /* code start, relative to the descriptor */
	uint32_t rsrc1, rsrc2, rsrc3;
	uint16_t properties;
	/* decoded from the words above */
	unsigned vgprs;                /* allocated VGPRs per lane (granule-rounded) */
	unsigned user_sgprs;           /* USER_SGPR_COUNT */
	bool user_dispatch_ptr, user_queue_ptr, user_kernarg_ptr, user_dispatch_id;
	bool user_private_segment_size; /* properties bit, gfx11: no flat_scratch_init */
	bool wgid_x, wgid_y, wgid_z, wg_info;
	unsigned vgpr_workitem_ids;    /* 0: x only, 1: x,y, 2: x,y,z (packed in v0) */
	bool private_segment;          /* rsrc2 ENABLE_PRIVATE_SEGMENT */
	bool wave32, wgp_mode, ieee_mode, dx10_clamp;
	unsigned float_round_32, float_denorm_32, float_denorm_16_64;
};

/* Decode and validate a descriptor.  Refuses (EMU_E_KD, with the reason) what the
 * emulator cannot run faithfully: wave64, features it does not model. */
int emu_kd_parse(const uint8_t raw[64], struct emu_kd *kd, char *err, size_t errlen);

/* ---- device ------------------------------------------------------------- */
enum emu_check {
	EMU_CHECK_WAITCNT = 1u << 0,   /* loaded register used before its s_waitcnt */
	EMU_CHECK_LDS_RACE = 1u << 1,  /* two waves touch one LDS dword between barriers */
	EMU_CHECK_VOPD = 1u << 2,      /* VOPD halves read src0 (or vsrc1) from one VGPR bank */
	EMU_CHECK_GLOBAL_RACE = 1u << 3, /* two workgroups of a dispatch write one global dword, or one reads what another writes */
	EMU_CHECK_WMMA = 1u << 4,      /* a WMMA reads as A or B what the WMMA just before it wrote */
	EMU_CHECK_TRANS_USE = 1u << 5, /* a VALU reads a TRANS result too soon, on targets with the
	                                  hazard (FeatureVALUTransUseHazard, isa/targets.def) */
	EMU_CHECK_ALL = 0x3f,
	/* What rdna3run and the shim check unless told otherwise: all but the
	 * global race check, which costs speed and memory, and the TRANS-use
	 * check: code that LLVM never padded breaks that rule and still ran
	 * correctly on an RX 7900 XTX (tinygrad's FP16 GEMM of ../shared/groundtruth,
	 * a v_rcp_iflag_f32 read one VALU later), so it is asked for, not imposed
	 * (emu/HAZARDS.md). */
	EMU_CHECK_DEFAULT = EMU_CHECK_WAITCNT | EMU_CHECK_LDS_RACE | EMU_CHECK_VOPD | EMU_CHECK_WMMA,
	/* Bounds of global, scratch and LDS accesses are always checked. */
};

/* A comma-separated list of check names (waitcnt, lds-race, vopd-bank,
 * wmma-hazard, trans-use, global-race; all; default; or none alone) as a mask of EMU_CHECK_* bits.
 * EMU_OK, or EMU_E_ARG with the reason in err. */
int emu_checks_parse(const char *list, unsigned *mask, char *err, size_t errlen);
const char *emu_check_names(void);   /* the accepted names, for help texts */

struct emu_opts {
	unsigned threads;        /* worker threads for workgroups; 0 = all cores */
	unsigned checks;         /* EMU_CHECK_* bits; 0 = none */
	uint64_t inst_budget;    /* wave-instructions per launch; 0 = emu_budget_default */
	/* Trace one wave (rdna3run --trace): each instruction it executes, one line,
	 * with the values of the registers it wrote (VGPRs: every lane, '-' for
	 * lanes off in exec), at most trace_lines lines per launch (0: 10000),
	 * to trace_out (NULL: stdout).  A workgroup or wave outside the launch is
	 * refused (EMU_E_ARG). */
	bool trace;
	uint32_t trace_wg[3];
	unsigned trace_wave;
	uint64_t trace_lines;
	FILE *trace_out;
};

/* A device and its memory belong to one host thread at a time; emu_launch runs
 * the dispatch on its own worker threads (emu_opts.threads) and returns when it
 * is complete. */
struct emu_dev;

struct emu_dev *emu_dev_new(const struct emu_opts *opts);   /* NULL on OOM */
void emu_dev_free(struct emu_dev *dev);                      /* NULL is fine */

enum emu_mem_flags { EMU_MEM_READONLY = 1u << 0 };          /* kernel writes fault */

/* Device memory.  Addresses are emulated (never host pointers), 256-byte aligned,
 * with unmapped guard space between buffers.  emu_alloc returns 0 on failure. */
uint64_t emu_alloc(struct emu_dev *dev, size_t bytes, unsigned flags);
int emu_free(struct emu_dev *dev, uint64_t addr);
int emu_write(struct emu_dev *dev, uint64_t addr, const void *src, size_t n);
int emu_read(struct emu_dev *dev, uint64_t addr, void *dst, size_t n);
int emu_fill(struct emu_dev *dev, uint64_t addr, int byte, size_t n);

/* ---- launch --------------------------------------------------------------- */
struct emu_launch {
	const char *kernel_name;  /* for reports only */
	uint64_t kd_addr;         /* device address of the kernel descriptor */
	const void *kernarg;      /* host bytes, copied to a read-only segment */
	size_t kernarg_size;
	uint32_t grid[3];         /* workgroups in x, y, z (HIP gridDim) */
	uint32_t block[3];        /* work-items per workgroup (HIP blockDim) */
	uint32_t dynamic_lds;     /* LDS bytes after the static segment (HIP sharedMemBytes); 0 = none */
	/* The ISA target the device is (a name of isa/targets.def; NULL: the
	 * default target): which instructions exist (an instruction the target
	 * lacks stops the run as LLVM's assembler refuses it, emu_code_check) and
	 * which hazards the checks apply (emu/HAZARDS.md). */
	const char *target;
};

struct emu_fault {
	uint32_t wg[3];           /* workgroup id */
	unsigned wave, lane;      /* wave within the workgroup; lane (or ~0u) */
	uint64_t pc;              /* device address of the instruction */
	char text[96];            /* disassembled instruction */
};

struct emu_stats {
	uint64_t wave_insts;      /* wave-instructions executed */
	uint64_t valu, valu_fma, vopd, salu, smem, vmem, lds, branch, wait;
	uint64_t workgroups, waves;
	double seconds;           /* wall time of the launch */
	bool faulted;
	struct emu_fault fault;   /* the first fault, when faulted */
};

/* How far a launch has come, for a caller that shows it (rdna3run's progress
 * line on a terminal; nothing here prints).  fn gets what is counted
 * ("workgroups"), how many of them are done and the total.  emu_launch calls
 * it after each workgroup ends, from its worker threads but never from two at
 * once (a worker that finds another reporting skips its report rather than
 * wait), so fn must be quick and decide itself how often to show anything. */
struct emu_progress {
	void (*fn)(void *ctx, const char *what, uint64_t done, uint64_t total);
	void *ctx;
};

/* Run a dispatch to completion.  On a fault, the message names kernel,
 * workgroup, wave, lane, PC and the disassembled instruction. */
int emu_launch(struct emu_dev *dev, const struct emu_launch *launch,
	       struct emu_stats *stats, char *err, size_t errlen);
/* emu_launch, reporting its workgroups through progress (NULL: none). */
int emu_launch_progress(struct emu_dev *dev, const struct emu_launch *launch, const struct emu_progress *progress,
			struct emu_stats *stats, char *err, size_t errlen);

/* The instruction budget of a launch when emu_opts.inst_budget is 0:
 * EMU_BUDGET_PER_WAVE wave-instructions for every wave of the dispatch (the
 * workgroups times the waves of one).  A 4096^3 SGEMM needs under 10^6 per
 * wave; a runaway kernel ends with EMU_E_BUDGET, naming a wave and its PC. */
#define EMU_BUDGET_PER_WAVE 100000000ull
uint64_t emu_budget_default(const struct emu_launch *launch);

/* ---- stepping: one instruction at a time, for analysis layers ------------------
 *
 * emu_launch runs a dispatch as fast as it can.  A stepper runs the same
 * dispatch under the caller's control: the caller creates workgroup contexts,
 * starts workgroups in them, and executes one instruction of one wave at a
 * time, in any order it likes (a timing model picks the wave whose issue cycle
 * comes first).  Each step reports what the instruction was and what it
 * touched.  Results are bit-exact with emu_launch for any race-free kernel;
 * emu_launch itself does not pay for this interface.
 */

/* The counter an instruction increments (its s_waitcnt field). */
enum emu_counter { EMU_CNT_NONE, EMU_CNT_VM, EMU_CNT_VS, EMU_CNT_LDS, EMU_CNT_SMEM, EMU_CNT_N };

/* A register range an instruction reads or writes, as operand codes of
 * emu/decode.h (0..105 SGPRs, 106 vcc_lo, 126 exec_lo, 256+n vn). */
struct emu_regs {
	uint16_t code;
	uint8_t n;                   /* dwords */
};

#define EMU_HZ_MAXR 8
#define EMU_HZ_MAXW 3

/* The registers of one instruction, computed once per code dword.  SCC and
 * the implicit EXEC read of VALU ops are not listed. */
struct emu_hzinfo {
	uint8_t nr, nw;
	uint8_t counter;             /* enum emu_counter: which counter the instruction bumps */
	uint8_t async_w;             /* index in w[] of the range a load returns later, or 0xff */
	struct emu_regs r[EMU_HZ_MAXR];
	struct emu_regs w[EMU_HZ_MAXW];
	uint64_t mask[8];            /* every register in r[] and w[] (except the async one), by code */
};

enum emu_space { EMU_SPACE_NONE, EMU_SPACE_GLOBAL, EMU_SPACE_LDS, EMU_SPACE_SCRATCH, EMU_SPACE_SCALAR };

enum emu_wave_status { EMU_STEP_RUN, EMU_STEP_BARRIER, EMU_STEP_DONE, EMU_STEP_FAULT };

struct emu_inst;                 /* emu/decode.h */

/* What one executed instruction was and touched. */
struct emu_step {
	const struct emu_inst *in;   /* the decoded instruction */
	const struct emu_hzinfo *use;/* its registers and counter */
	uint32_t pc;                 /* byte offset from the kernel entry */
	uint32_t exec;               /* EXEC when it issued */
	bool taken;                  /* a branch that was taken */
	uint8_t status;              /* enum emu_wave_status of the wave afterwards */
	/* Memory instructions: lane l (exec bit l) accessed bytes at addr[l], and
	 * for the two-address DS forms also at addr[32 + l].  SMEM: addr[0] only,
	 * naddr = 1.  LDS addresses are byte offsets in the workgroup's LDS. */
	uint8_t space;               /* enum emu_space */
	uint8_t naddr;               /* 0, 1 (SMEM), 32, or 64 (2addr DS) */
	uint16_t bytes;              /* per address */
	bool store;
	uint64_t addr[2 * 32];
};

struct emu_stepper;
struct emu_group;                /* one workgroup context: registers and LDS */

/* Prepare a dispatch for stepping (checks as emu_launch).  *out is NULL on error. */
int emu_stepper_new(struct emu_dev *dev, const struct emu_launch *launch, struct emu_stepper **out,
		    char *err, size_t errlen);
uint64_t emu_stepper_groups(const struct emu_stepper *s);        /* workgroups in the grid */
unsigned emu_stepper_waves(const struct emu_stepper *s);         /* waves per workgroup */
const struct emu_kd *emu_stepper_kd(const struct emu_stepper *s);
/* Finish: statistics of every context freed so far, and the first fault (lowest
 * workgroup index) as emu_launch reports it.  Frees the stepper. */
int emu_stepper_end(struct emu_stepper *s, struct emu_stats *stats, char *err, size_t errlen);

struct emu_group *emu_group_new(struct emu_stepper *s);          /* NULL on OOM */
void emu_group_free(struct emu_group *g);                       /* merges its statistics */
/* Start workgroup index (x fastest) in the context: registers as the dispatcher
 * sets them, LDS zeroed.  Every wave is ready to step. */
void emu_group_start(struct emu_group *g, uint64_t index);
/* Execute the next instruction of wave (0 .. waves-1), which must be in state
 * EMU_STEP_RUN; fills *st.  Returns st->status. */
int emu_group_step(struct emu_group *g, unsigned wave, struct emu_step *st);
/* Fill *st for the wave's next instruction (decoded instruction, registers,
 * EXEC, lane addresses) without executing it: st->in is NULL when the wave
 * is not running.  A caller that must not write memory looks before it steps. */
void emu_group_peek(struct emu_group *g, unsigned wave, struct emu_step *st);
/* Pass over the wave's next instruction without executing it: a caller that
 * must not write memory drops a plain store so, and the wave goes on as if it
 * had been made (no register changes; no counter was raised for it). */
void emu_group_skip(struct emu_group *g, unsigned wave);
/* Release every wave waiting at the barrier (call when no live wave is running). */
void emu_group_release(struct emu_group *g);

/* ---- target features ------------------------------------------------------------
 * Whether code[0..n) holds an instruction that target (a name of
 * isa/targets.def; NULL: the default) does not have (the OP_NEEDS rows of
 * isa/isa_gfx11.def: the 11.5 SALU float ops on an 11.0 target), as LLVM's
 * assembler refuses them for that -mcpu.  Decodes from code[0] on, one
 * instruction after the other, and stops quietly at a word it cannot decode
 * (data, or an encoding the emulator lacks; emu_launch stops at those when it
 * reaches them, and refuses a missing-feature instruction there too).
 * EMU_OK when none; EMU_E_DECODE with one line naming the first one, its
 * address (addr + offset) and the target; EMU_E_ARG for an unknown target. */
int emu_code_check(const uint8_t *code, size_t n, uint64_t addr, const char *target, char *err, size_t errlen);

/* ---- disassembly ----------------------------------------------------------- */
/* Decode one instruction at code[0..n) and print it as llvm-objdump does
 * (without address or bytes).  Returns its length in bytes, or EMU_E_DECODE. */
int emu_disasm(const uint8_t *code, size_t n, uint64_t pc, char *out, size_t outlen);

#endif
