/* opcodes.h — the opcode table of isa/isa_gfx11.def as C: the op enum, the
 * encodings and classes a row names, its flags, the row struct and the tables
 * expanded from the rows (isa/opcodes.c, libisa.a).  Every layer that reads the
 * table includes it from here: the decoder and executors (emu/), the generator
 * (asm_out/), the report and the timing model; none of them owns it.
 *
 * Data only plus small pure functions on op ids; no allocation, no I/O.  An op
 * id is a row's index in isa_ops[]; the decoded form of an instruction
 * (operands, modifiers) is the emulator's (emu/decode.h).
 */
#ifndef RDNA3_ISA_OPCODES_H
#define RDNA3_ISA_OPCODES_H

#include <stdint.h>

/* ---- encodings and classes ----------------------------------------------- */
#define ISA_ENCODINGS(X) \
	X(SOP1) X(SOP2) X(SOPK) X(SOPC) X(SOPP) X(SMEM) \
	X(VOP1) X(VOP2) X(VOPC) X(VOP3) X(VOP3SD) X(VOP3P) X(VOPD) \
	X(DS) X(GLOBAL) X(SCRATCH) X(FLAT) X(MUBUF) X(MTBUF)

enum isa_enc {
#define ISA_ENC_ENUM_(e) ISA_ENC_##e,
	ISA_ENCODINGS(ISA_ENC_ENUM_)
#undef ISA_ENC_ENUM_
	ISA_ENC_COUNT
};

/* Instruction class: which unit issues it.  TRANS is the transcendental VALU
 * (its results need s_delay_alu TRANS32_DEP_n); BARRIER is s_barrier alone. */
#define ISA_CLASSES(X) \
	X(SALU) X(VALU) X(TRANS) X(SMEM) X(VMEM) X(LDS) X(BRANCH) X(WAIT) \
	X(BARRIER) X(MISC)

enum isa_cls {
#define ISA_CLS_ENUM_(c) ISA_CLS_##c,
	ISA_CLASSES(ISA_CLS_ENUM_)
#undef ISA_CLS_ENUM_
	ISA_CLS_COUNT
};

/* ---- row flags (the FLAGS column of isa_gfx11.def) ------------------------ */
enum isa_opflag {
	ISA_F_WSCC = 1u << 0,     /* writes SCC */
	ISA_F_RSCC = 1u << 1,     /* reads SCC */
	ISA_F_RVCC = 1u << 2,     /* _e32 form reads vcc_lo as its last source (src[2]) */
	ISA_F_WVCC = 1u << 3,     /* _e32 form writes vcc_lo (carry out / compare result, sdst) */
	ISA_F_WEXEC = 1u << 4,    /* writes exec (saveexec, v_cmpx) */
	ISA_F_LOAD = 1u << 5,     /* reads memory into dst */
	ISA_F_STORE = 1u << 6,    /* writes memory from data */
	ISA_F_ATOMIC = 1u << 7,   /* read-modify-write */
	ISA_F_VMCNT = 1u << 8,    /* counted by vmcnt */
	ISA_F_LGKMCNT = 1u << 9,  /* counted by lgkmcnt */
	ISA_F_VSCNT = 1u << 10,   /* counted by vscnt (stores) */
	ISA_F_ACC = 1u << 11,     /* dst is also read (fmac): decoder sets src[2] = dst */
	ISA_F_NOE64 = 1u << 12,   /* VOP1/2 row without a VOP3 form: no _e32 suffix */
	ISA_F_LITK = 1u << 13,    /* takes a mandatory 32-bit constant K (fmaak/fmamk) */
	ISA_F_F16 = 1u << 14,     /* 16-bit float operands (constants print as f16) */
	ISA_F_F64 = 1u << 15,     /* 64-bit operands (literal is the high dword) */
	ISA_F_SDST = 1u << 16,    /* VOP3 form is VOP3SD: carry-out sdst at [14:8] */
	ISA_F_SIMM = 1u << 17,    /* SOPK/SOPP immediate is signed (prints in decimal) */
	ISA_F_NODST = 1u << 18,   /* SOPK/SOP1 row whose sdst field is not a destination */
	ISA_F_WVDST = 1u << 19,   /* scalar result of a VALU op goes to an SGPR (readlane) */
	ISA_F_FP = 1u << 20,      /* float op: VOP3 neg/abs/omod apply (LLVM rejects them elsewhere) */
	ISA_F_OPSEL = 1u << 21,   /* VOP3 op_sel is an operand of this op (16-bit halves) */
	ISA_F_PK16 = 1u << 22,    /* packed 2 x f16 operands (constants print as f16 pairs) */
	ISA_F_BARE = 1u << 23,    /* printed without _e32/_e64 in either form (v_nop) */
	ISA_F_NOIMM = 1u << 24,   /* SOPP whose simm16 must be 0 (LLVM refuses others) */
	ISA_F_FP0 = 1u << 25,     /* neg/abs apply to src0 only (v_cmp_class, v_ldexp) */
	ISA_F_CLAMP = 1u << 26,   /* integer op whose clamp bit saturates (add/sub/mad/mul24/sad) */
	ISA_F_DS2 = 1u << 27,     /* DS 2addr form: offset0/offset1 count elements (x64 for stride64) */
	ISA_F_I16 = 1u << 28,     /* 16-bit integer operands (constants print as 16-bit ints) */
	ISA_F_D16 = 1u << 29,     /* 16-bit result; _e32 forms refuse v128+ for 16-bit operands */
	ISA_F_OMOD = 1u << 30,    /* output modifier allowed although the row is not FP (int-to-float cvt) */
};
/* The last flag is above INT_MAX, which C11 does not allow an enumerator. */
#define ISA_F_QRATE (1u << 31)    /* quarter-rate VALU op (32-bit integer multiply): timing only */

/* ---- the opcode table ------------------------------------------------------- */
enum isa_op {
	ISA_OP_INVALID = 0,
#define OP(name, enc, opc, cls, d, s0, s1, s2, flags, exec) ISA_OP_##name,
#define VOPD(name, xopc, yopc, base)
#define VOPDY(name, yopc, base)
#include "isa/isa_gfx11.def"
#undef OP
#undef VOPD
#undef VOPDY
	ISA_OP_COUNT
};

/* One row of isa_gfx11.def. */
struct isa_opinfo {
	const char *name;         /* llvm mnemonic without _e32/_e64 */
	uint8_t enc;              /* enum isa_enc of the row (VOP2 for v_add_f32) */
	uint8_t cls;              /* enum isa_cls */
	uint16_t opcode;          /* opcode field value in enc */
	uint8_t dst, src0, src1, src2; /* operand sizes in dwords, 0 = absent */
	uint32_t flags;           /* ISA_F_* */
	uint8_t needs;            /* target features (enum isa_feature of isa/isa.h) the row
	                             needs: 0, or the OP_NEEDS column (isa_op_runs_on) */
};

extern const struct isa_opinfo isa_ops[ISA_OP_COUNT];

/* Whether a target whose features (struct isa_target.features) are `features`
 * has op: LLVM refuses the OP_NEEDS rows for targets without their feature. */
static inline int isa_op_runs_on(unsigned op, unsigned features) { return !(isa_ops[op].needs & ~features); }

/* Opcode field -> op of each encoding (ISA_OP_INVALID where no row is), for
 * the decoder.  vop3 holds VOPC at op, VOP2 at 256+op, VOP1 at 384+op and the
 * native VOP3/VOP3SD rows from 512; flat is indexed by the SEG field (0 FLAT,
 * 1 SCRATCH, 2 GLOBAL) first. */
struct isa_opcode_map {
	uint16_t sop1[256], sop2[128], sopk[32], sopc[128], sopp[128], smem[256];
	uint16_t vop1[256], vop2[64], vopc[256], vop3[1024], vop3p[128];
	uint16_t ds[256], flat[4][128], mubuf[256], mtbuf[16];
};
extern const struct isa_opcode_map isa_opcode_map;

/* VOPD halves: opcode field -> the VALU op the half executes (ISA_OP_INVALID if
 * the opcode does not exist in that slot), and the v_dual_ name of each. */
extern const uint16_t isa_vopd_x_op[16];
extern const uint16_t isa_vopd_y_op[32];
const char *isa_vopd_name(unsigned base_op); /* "v_dual_fmac_f32", NULL if none */

/* The v_wmma_* rows (contiguous in isa_gfx11.def) and the forms among them whose
 * D is 16-bit (op_sel[2] picks the half). */
static inline int isa_is_wmma(unsigned op) { return op >= ISA_OP_v_wmma_f32_16x16x16_f16 && op <= ISA_OP_v_wmma_i32_16x16x16_iu4; }
static inline int isa_wmma_d16(unsigned op) { return op == ISA_OP_v_wmma_f16_16x16x16_f16 || op == ISA_OP_v_wmma_bf16_16x16x16_bf16; }
static inline int isa_wmma_int(unsigned op) { return op == ISA_OP_v_wmma_i32_16x16x16_iu8 || op == ISA_OP_v_wmma_i32_16x16x16_iu4; }

#endif
