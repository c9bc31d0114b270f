/* asm_out.h — build an RDNA3 kernel as a list of typed instructions, print it
 * as assembly with its descriptor and metadata, and turn it into a .hsaco
 * through clang and ld.lld.
 *
 * A kernel is built in three steps:
 *   1. ao_kernel_new(info): name, workgroup size, CU/WGP mode, which workgroup
 *      ids and work-item ids the hardware must set up.  The SGPR layout at wave
 *      start follows from that (kernarg pointer s[0:1], then workgroup ids).
 *   2. Builder calls: ao_arg_* (kernel arguments, offsets returned), ao_sgprs /
 *      ao_lds (scalar registers and LDS bytes), ao_label / ao_bind, and
 *      instructions through AO_I(k, AO_OP(v_add_f32), dst, src0, src1) with
 *      operands made by ao_v(), ao_s(), ao_int(), ao_f32(), ao_lab(), ...
 *      Virtual VGPRs (ao_virt) may be used; vgpr_alloc rewrites them.
 *   3. ao_print(k, opts, ...) produces the .s text; ao_build_hsaco() runs the
 *      toolchain.  What the assembler does not check (register counts, VCC
 *      use, kernarg size, argument list, LDS size) is derived from the
 *      instructions and arguments by ao_finalize(), which ao_print calls.
 *
 * Opcodes come from the shared table isa/isa_gfx11.def (declared in isa/opcodes.h):
 * AO_OP(v_fmac_f32) is the row for v_fmac_f32.  Operands are given in the order
 * llvm-objdump prints them (destinations first, implicit vcc_lo written out for
 * _e32 carry/cndmask forms), and the printed text is exactly what llvm-objdump
 * prints for the assembled instruction, so a disassembly can be compared line
 * by line with the builder's listing.
 *
 * Errors: functions return 0 (or an index/offset >= 0) on success and a
 * negative AO_E_* on failure.  A builder error is sticky: the first one is kept
 * in the kernel (ao_error) and later calls do nothing, so templates may check
 * once at the end.  Nothing here exits; only ao_assemble (and ao_build_hsaco,
 * through it) spawns processes.
 */
#ifndef RDNA3_ASM_OUT_H
#define RDNA3_ASM_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa/isa.h"
#include "isa/opcodes.h"

enum ao_err {
	AO_OK = 0,
	AO_E_ARG = -1,       /* bad argument / operand / limit from the caller */
	AO_E_NOMEM = -2,
	AO_E_STATE = -3,     /* inconsistent kernel (unbound label, virtual left, ...) */
	AO_E_TOOL = -4,      /* clang/ld.lld missing, too old, or failed to start */
	AO_E_ASM = -5,       /* the assembler or linker rejected the input */
	AO_E_IO = -6,        /* writing an output file failed */
};

/* ---- opcodes --------------------------------------------------------------- */
typedef uint16_t ao_op;
#define AO_OP(name) ((ao_op)ISA_OP_##name)

const char *ao_op_name(ao_op op);             /* "v_add_f32"; NULL if out of range */
int ao_op_find(const char *name);             /* op id or -1 */
unsigned ao_op_enc(ao_op op);                 /* enum isa_enc of the row */
unsigned ao_op_cls(ao_op op);                 /* enum isa_cls of the row */
unsigned ao_op_flags(ao_op op);               /* ISA_F_* flags of the row */
bool ao_vopd_x_ok(ao_op op);                  /* op has a VOPD X opcode (its VOPD row) */
bool ao_vopd_y_ok(ao_op op);                  /* op has a VOPD Y opcode */

/* ---- operands -------------------------------------------------------------- */
enum ao_kind {
	AO_K_NONE = 0,
	AO_K_VGPR,      /* v[reg .. reg+count-1] */
	AO_K_SGPR,      /* s[reg .. reg+count-1] */
	AO_K_VIRT,      /* virtual VGPR range: id = reg, first = sub, count */
	AO_K_SPECIAL,   /* reg = enum ao_special */
	AO_K_IMM,       /* 32-bit immediate: inline constant or literal, printed as objdump does */
	AO_K_LABEL,     /* branch target: reg = label id */
	AO_K_OFF,       /* "off": no SGPR base / no VGPR address in GLOBAL/SCRATCH */
};

enum ao_special {
	AO_VCC_LO, AO_VCC_HI, AO_EXEC_LO, AO_EXEC_HI, AO_M0, AO_NULL, AO_SCC,
	AO_SPECIAL_COUNT
};

enum ao_mod { AO_NEG = 1u << 0, AO_ABS = 1u << 1 };

struct ao_opnd {
	uint8_t kind;    /* enum ao_kind */
	uint8_t count;   /* registers in the range (1 for scalars/immediates) */
	uint8_t mods;    /* AO_NEG | AO_ABS (VOP3 sources) */
	uint8_t fp;      /* AO_K_IMM: value is an f32 bit pattern (prints 1.0, 0.5, ...) */
	uint16_t sub;    /* AO_K_VIRT: first register inside the virtual range */
	uint32_t reg;    /* register index, virtual id, special id, label id */
	uint32_t imm;    /* AO_K_IMM bits */
};

static inline struct ao_opnd ao_vr(unsigned reg, unsigned count)
{ struct ao_opnd o = { .kind = AO_K_VGPR, .count = (uint8_t)count, .reg = reg }; return o; }
static inline struct ao_opnd ao_v(unsigned reg) { return ao_vr(reg, 1); }
static inline struct ao_opnd ao_sr(unsigned reg, unsigned count)
{ struct ao_opnd o = { .kind = AO_K_SGPR, .count = (uint8_t)count, .reg = reg }; return o; }
static inline struct ao_opnd ao_s(unsigned reg) { return ao_sr(reg, 1); }
/* Registers sub .. sub+count-1 of virtual range id (vgpr_alloc hands out ids). */
static inline struct ao_opnd ao_virt(unsigned id, unsigned sub, unsigned count)
{ struct ao_opnd o = { .kind = AO_K_VIRT, .count = (uint8_t)count, .sub = (uint16_t)sub, .reg = id }; return o; }
static inline struct ao_opnd ao_sp(enum ao_special s)
{ struct ao_opnd o = { .kind = AO_K_SPECIAL, .count = 1, .reg = (uint32_t)s }; return o; }
static inline struct ao_opnd ao_vcc(void) { return ao_sp(AO_VCC_LO); }
static inline struct ao_opnd ao_exec(void) { return ao_sp(AO_EXEC_LO); }
static inline struct ao_opnd ao_null(void) { return ao_sp(AO_NULL); }
static inline struct ao_opnd ao_int(int32_t v)
{ struct ao_opnd o = { .kind = AO_K_IMM, .count = 1, .imm = (uint32_t)v }; return o; }
static inline struct ao_opnd ao_u32(uint32_t v)
{ struct ao_opnd o = { .kind = AO_K_IMM, .count = 1, .imm = v }; return o; }
struct ao_opnd ao_f32(float f);
static inline struct ao_opnd ao_lab(unsigned label)
{ struct ao_opnd o = { .kind = AO_K_LABEL, .count = 1, .reg = label }; return o; }
static inline struct ao_opnd ao_off(void) { struct ao_opnd o = { .kind = AO_K_OFF, .count = 1 }; return o; }
/* Registers i .. i+n-1 of a register range (VGPR, SGPR or virtual): ao_part(p, 1, 1)
 * is the high half of a 64-bit pair. */
static inline struct ao_opnd ao_part(struct ao_opnd o, unsigned i, unsigned n)
{
	if (o.kind == AO_K_VIRT)
		o.sub = (uint16_t)(o.sub + i);
	else
		o.reg += i;
	o.count = (uint8_t)n;
	return o;
}
static inline struct ao_opnd ao_neg(struct ao_opnd o) { o.mods |= AO_NEG; return o; }
static inline struct ao_opnd ao_abs(struct ao_opnd o) { o.mods |= AO_ABS; return o; }

/* ---- instructions ---------------------------------------------------------- */
enum ao_form {
	AO_FORM_AUTO = 0,  /* _e32 when the operands allow it, else _e64 */
	AO_FORM_E32,
	AO_FORM_E64,
};

enum ao_flag {        /* memory cache bits and VOP3 clamp */
	AO_GLC = 1u << 0, AO_SLC = 1u << 1, AO_DLC = 1u << 2, AO_CLAMP = 1u << 3,
};

struct ao_mods {
	int32_t offset;    /* SMEM/GLOBAL/SCRATCH/DS byte offset (DS 2addr: offset0) */
	uint8_t offset1;   /* DS 2addr: offset1 (in elements) */
	uint8_t flags;     /* enum ao_flag */
	uint8_t form;      /* enum ao_form */
};

static inline struct ao_mods ao_m(int32_t offset, unsigned flags)
{ struct ao_mods m = { .offset = offset, .flags = (uint8_t)flags }; return m; }
static inline struct ao_mods ao_m2(unsigned offset0, unsigned offset1)   /* DS 2addr */
{ struct ao_mods m = { .offset = (int32_t)offset0, .offset1 = (uint8_t)offset1 }; return m; }
static inline struct ao_mods ao_mf(enum ao_form form)
{ struct ao_mods m = { .form = (uint8_t)form }; return m; }

#define AO_MAX_OPNDS 6

/* One VOPD half: the VALU op it runs (v_fmac_f32 prints v_dual_fmac_f32),
 * dst then sources as written (src0, vsrc1, and K for fmaak/fmamk). */
struct ao_half {
	ao_op op;
	uint8_t n;
	struct ao_opnd o[4];
};

enum ao_inst_kind { AO_INST_OP = 0, AO_INST_VOPD, AO_INST_WAITCNT, AO_INST_DELAY };

struct ao_inst {
	uint8_t kind;        /* enum ao_inst_kind */
	ao_op op;            /* AO_INST_OP: the row; WAITCNT/DELAY: s_waitcnt/s_delay_alu */
	uint8_t n;           /* operand count */
	struct ao_opnd o[AO_MAX_OPNDS];
	struct ao_mods m;
	struct ao_half x, y; /* AO_INST_VOPD */
	uint32_t simm;       /* WAITCNT: encoded simm16; DELAY: encoded simm16 */
	const char *comment; /* optional, printed after the instruction (static storage) */
	uint8_t tag;         /* optional: the template's own label for the instruction (0 = none);
	                        asm_out neither prints nor reads it, so reports find a
	                        template's loop by label, not by comment text */
};

/* ---- kernel ---------------------------------------------------------------- */
struct ao_kernel_info {
	const char *name;          /* symbol name: [A-Za-z_][A-Za-z0-9_]* */
	unsigned block_threads;    /* max_flat_workgroup_size: 1..1024 */
	bool wgp_mode;             /* false: CU mode */
	bool wgid[3];              /* enable workgroup id x, y, z SGPRs */
	unsigned workitem_ids;     /* 0: x only, 1: x and y, 2: x, y and z (packed in v0) */
	const struct isa_target *target; /* the GPU it is for; NULL: isa_target_default()
	                                    (ao_info() always gives a row) */
};

struct ao_kernel;

struct ao_kernel *ao_kernel_new(const struct ao_kernel_info *info); /* NULL on OOM or bad info */
void ao_kernel_free(struct ao_kernel *k);                            /* NULL is fine */
const char *ao_error(const struct ao_kernel *k);  /* first builder error, or NULL */
int ao_fail(struct ao_kernel *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));     /* record an error (templates), returns AO_E_ARG */

/* Wave start state.  Kernarg pointer is s[0:1]; then the enabled workgroup ids. */
enum { AO_SGPR_KERNARG = 0 };
int ao_sgpr_wgid(const struct ao_kernel *k, unsigned dim);   /* SGPR index, or -1 when not enabled */

/* Kernel arguments, laid out in call order at their natural alignment.  Returns
 * the byte offset in the kernarg segment. */
enum ao_arg_kind {
	AO_ARG_GLOBAL_PTR,
	AO_ARG_BY_VALUE,
	AO_ARG_F32,            /* by_value holding an f32: `.type_name: float`, so runners parse "2" as 2.0 */
	AO_ARG_U32,            /* by_value holding a u32: `.type_name: uint`, so runners refuse "2.5" */
	AO_ARG_F64,            /* by_value holding an f64 (8 bytes, 8-aligned): `.type_name: double`, so runners store a double */
};
int ao_arg(struct ao_kernel *k, const char *name, enum ao_arg_kind kind,
	   unsigned size, unsigned align, bool is_const);
static inline int ao_arg_ptr(struct ao_kernel *k, const char *name, bool is_const)
{ return ao_arg(k, name, AO_ARG_GLOBAL_PTR, 8, 8, is_const); }
static inline int ao_arg_u32(struct ao_kernel *k, const char *name)
{ return ao_arg(k, name, AO_ARG_U32, 4, 4, false); }
static inline int ao_arg_f32(struct ao_kernel *k, const char *name)
{ return ao_arg(k, name, AO_ARG_F32, 4, 4, false); }
static inline int ao_arg_f64(struct ao_kernel *k, const char *name)
{ return ao_arg(k, name, AO_ARG_F64, 8, 8, false); }

/* Scalar registers above the wave-start ones: a bump allocator.  count 2 is
 * aligned to 2, count >= 4 to 4 (SMEM destinations need it).  -1 on overflow. */
int ao_sgprs(struct ao_kernel *k, unsigned count);
/* LDS: returns the byte offset of a new block; the total is the descriptor's
 * group segment size.  -1 past 64 KiB. */
int ao_lds(struct ao_kernel *k, unsigned bytes, unsigned align);

/* Labels: create, then bind where the next instruction will go. */
int ao_label(struct ao_kernel *k, const char *name);   /* name may be NULL; returns id */
int ao_bind(struct ao_kernel *k, unsigned label);

/* Metadata keys of our own, written as ".rdna3.KEY" in the kernel's map
 * (see docs/metadata.md).  key: [a-z_]+. */
int ao_meta_int(struct ao_kernel *k, const char *key, long value);
int ao_meta_str(struct ao_kernel *k, const char *key, const char *value);
/* NULL when S, written as a metadata string, comes back from every LLVM we
 * support (19 and 22) as that same string; else why not ("is read as a
 * boolean by LLVM", ...).  Starts with a letter or '_', then [A-Za-z0-9_.-],
 * and is no YAML boolean, null, inf or nan word in any case.  Kernel names,
 * argument names and ao_meta_str values all pass through it. */
const char *ao_meta_text_unsafe(const char *s);
/* The value recorded for KEY, as its metadata text ("128", "NN"); NULL if unset. */
const char *ao_meta_get(const struct ao_kernel *k, const char *key, char *buf, size_t n);

/* Instructions.  Returns the instruction index, or a negative AO_E_*. */
int ao_inst(struct ao_kernel *k, ao_op op, const struct ao_opnd *o, unsigned n,
	    const struct ao_mods *m);
#define AO_NARGS_(...) (sizeof((struct ao_opnd[]){__VA_ARGS__}) / sizeof(struct ao_opnd))
/* AO_I(k, AO_OP(v_add_f32), dst, src0, src1) */
#define AO_I(k, op, ...) ao_inst((k), (op), (struct ao_opnd[]){__VA_ARGS__}, AO_NARGS_(__VA_ARGS__), NULL)
/* AO_IM(k, op, ao_m(16, AO_GLC), dst, ...): with modifiers */
#define AO_IM(k, op, mods, ...) \
	ao_inst((k), (op), (struct ao_opnd[]){__VA_ARGS__}, AO_NARGS_(__VA_ARGS__), (struct ao_mods[]){mods})
#define AO_I0(k, op) ao_inst((k), (op), NULL, 0, NULL)   /* s_endpgm, s_barrier */

/* s_waitcnt: a negative count means "do not wait for this counter". */
int ao_waitcnt(struct ao_kernel *k, int vmcnt, int expcnt, int lgkmcnt);
/* s_delay_alu with the fields as LLVM names them: instid 0 NO_DEP, 1..4
 * VALU_DEP_1..4, 5..7 TRANS32_DEP_1..3, 8 FMA_ACCUM_CYCLE_1, 9..11
 * SALU_CYCLE_1..3; skip 0 SAME, 1 NEXT, 2..5 SKIP_1..SKIP_4. */
int ao_delay_alu(struct ao_kernel *k, unsigned instid0, unsigned skip, unsigned instid1);
/* VOPD pair; checks LLVM's pairing rules on physical registers when printed. */
int ao_vopd(struct ao_kernel *k, const struct ao_half *x, const struct ao_half *y);
/* A pass after allocation: instructions [lo, hi) become the n <= hi - lo
 * instructions of `with` (labels after them move with their instructions).
 * AO_E_ARG without an error when a label is bound or a tag set in (lo, hi). */
int ao_replace(struct ao_kernel *k, unsigned lo, unsigned hi, const struct ao_inst *with, unsigned n);
/* Attach a comment to the last instruction (printed after ";" in the .s). */
void ao_comment(struct ao_kernel *k, const char *static_text);

/* ---- common sequences ------------------------------------------------------ */
/* A counted loop: ao_loop_begin sets SGPR counter = trip and binds the top;
 * ao_loop_end emits counter -= 1, compare, branch back while non-zero.  The
 * body runs at least once: test trip == 0 before ao_loop_begin when it can be. */
struct ao_loop { unsigned counter; int top; };
int ao_loop_begin(struct ao_kernel *k, struct ao_loop *l, unsigned s_counter, struct ao_opnd trip);
int ao_loop_end(struct ao_kernel *k, const struct ao_loop *l);
/* 64-bit VGPR address arithmetic through VCC: dst = a + b, where a is a VGPR
 * pair (physical or virtual) and b an SGPR pair, a VGPR pair or a 32-bit
 * immediate (zero-extended). */
int ao_add_u64(struct ao_kernel *k, struct ao_opnd dst, struct ao_opnd a, struct ao_opnd b);

/* Read access for passes (allocator, lint, tests). */
unsigned ao_inst_count(const struct ao_kernel *k);
struct ao_inst *ao_inst_at(struct ao_kernel *k, unsigned i);
unsigned ao_label_count(const struct ao_kernel *k);
int ao_label_pos(const struct ao_kernel *k, unsigned label); /* index of the instruction it precedes, -1 unbound */
const struct ao_kernel_info *ao_info(const struct ao_kernel *k);

/* Per instruction: which operands are written.  bit i set = operand i is a
 * destination (VOPD: bit 0 = X dst, bit 1 = Y dst, operands X then Y). */
unsigned ao_inst_dst_mask(const struct ao_inst *in);
/* Operand i is also read although written (fmac accumulator). */
bool ao_inst_dst_read(const struct ao_inst *in, unsigned i);
bool ao_inst_is_branch(const struct ao_inst *in);

/* ---- derived facts ----------------------------------------------------------- */
struct ao_arg_desc {
	char name[48];
	enum ao_arg_kind kind;
	unsigned offset, size, align;
	bool is_const;
};

struct ao_summary {
	unsigned next_free_vgpr, next_free_sgpr;   /* highest register touched + 1 */
	bool uses_vcc;
	unsigned sgpr_count;                       /* next_free_sgpr + 2 when VCC is used */
	unsigned lds_bytes;
	unsigned kernarg_size, kernarg_align;
	unsigned user_sgprs, system_sgprs;
	unsigned insts, code_bytes;                /* instruction count, encoded size */
	unsigned by_class[ISA_CLS_COUNT];          /* instructions per class (VOPD counted as VALU) */
	unsigned vopd;
	unsigned nargs;
	const struct ao_arg_desc *args;
};

/* Check the kernel (labels bound, no virtual registers left, operand sanity,
 * kernarg loads inside the segment, LDS declared when used) and derive the
 * summary.  The summary points into the kernel. */
int ao_finalize(struct ao_kernel *k, struct ao_summary *sum);

/* ---- text ------------------------------------------------------------------ */
/* Growable text for printers (the .s file, the reports): { 0 } is empty, and p
 * is NUL-terminated once anything was appended.  After an allocation failure
 * oom is set and later appends do nothing; the owner frees p either way. */
struct ao_text {
	char *p;
	size_t len, cap;
	bool oom;
};
void ao_textf(struct ao_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

struct ao_emit_opts {
	unsigned code_object;      /* 4, 5 or 6 (0 means 5) */
	bool no_version_directive; /* leave out .amdhsa_code_object_version */
	const char *header;        /* text put first (comment lines starting with ";"), or NULL */
};

/* The whole .s file in a malloc'd NUL-terminated string (*out, *len). */
int ao_print(struct ao_kernel *k, const struct ao_emit_opts *opts, char **out, size_t *len);
/* One instruction as llvm-objdump prints it (branch targets as label names). */
int ao_print_inst(const struct ao_kernel *k, unsigned i, char *buf, size_t n);
/* Encoded size in bytes of instruction i (4, 8 or 12), as the assembler will encode it. */
unsigned ao_inst_size(const struct ao_kernel *k, unsigned i);

/* ---- code object ------------------------------------------------------------- */
struct ao_toolchain {
	char clang[512], lld[512];
	unsigned clang_major, lld_major;
	const struct isa_target *target; /* the -mcpu it assembles for: ao_toolchain_find
	                                    sets isa_target_default(); NULL means the same */
};

typedef void (*ao_log_fn)(void *user, const char *line);

/* RDNA3_CLANG / RDNA3_LLD, else the newest clang-NN / ld.lld-NN on PATH with
 * NN >= 19.  An older one is refused with the reason. */
int ao_toolchain_find(struct ao_toolchain *tc, char *err, size_t errlen);

/* Assemble and link s_text in a private temporary folder: the code object in
 * *co (malloc'd, *co_len bytes).  Assembler errors come back in err as
 * "S_NAME:LINE: message: offending text" (S_NAME NULL: "kernel.s").  log (may
 * be NULL) receives each command line before it runs. */
int ao_assemble(const struct ao_toolchain *tc, const char *s_text, size_t s_len, const char *s_name,
		void **co, size_t *co_len, ao_log_fn log, void *log_user, char *err, size_t errlen);

/* ao_assemble, then the code object to hsaco_path and, when s_path is not
 * NULL, the text to s_path: both through ao_write_files, only if the build
 * succeeded. */
int ao_build_hsaco(const struct ao_toolchain *tc, const char *s_text, size_t s_len,
		   const char *hsaco_path, const char *s_path,
		   ao_log_fn log, void *log_user, char *err, size_t errlen);

/* Output files written together (asm_out/files.c; both command lines use it).
 * First every path is checked: an existing regular file may be replaced, a
 * character device (/dev/null) is written straight, a new name needs an
 * existing folder; a folder, FIFO, socket or symbolic link is refused, as is
 * an output that is one of the inputs or another output (compared by device
 * and inode, not by name).  Then each file goes to a temporary beside it, and
 * only when every one was written are they renamed into place.  A failure
 * leaves no temporary file and no partial output; an existing file is
 * replaced only by a complete one. */
struct ao_output {
	const char *path;
	const void *data;
	size_t len;
};
int ao_write_outputs(const struct ao_output *files, unsigned n, const char *const *inputs,
		     unsigned ninputs, char *err, size_t errlen);
int ao_write_files(const struct ao_output *files, unsigned n, char *err, size_t errlen); /* no inputs */
/* The checks of ao_write_outputs alone (data unused), for a command line that
 * refuses bad outputs before doing its work. */
int ao_outputs_check(const struct ao_output *files, unsigned n, const char *const *inputs,
		     unsigned ninputs, char *err, size_t errlen);
/* Temporary files and folders removed if SIGINT, SIGTERM or SIGHUP arrives
 * while they exist: ao_remove_temps_on_signal installs the handler (a command
 * line calls it once at start; it then dies of the signal as before);
 * ao_temp_track returns a slot (-1 when all are taken) for ao_temp_untrack.
 * asm_out's own temporaries (the assembler's folder, the outputs' temporaries)
 * are tracked already.  Main thread only. */
void ao_remove_temps_on_signal(void);
int ao_temp_track(const char *path, bool folder);
void ao_temp_untrack(int slot);
/* A whole file in a malloc'd buffer with a NUL after its *n bytes.  Files
 * of AO_READ_MAX bytes or more are refused (AO_E_ARG, "larger than 256 MiB"), as
 * the loader refuses code objects (LD_IMAGE_MAX). */
#define AO_READ_MAX ((size_t)256 << 20)
int ao_read_file(const char *path, char **out, size_t *n, char *err, size_t errlen);
/* One file: ao_write_files of {path, data, n}. */
int ao_write_atomic(const char *path, const void *data, size_t n, char *err, size_t errlen);

#endif
