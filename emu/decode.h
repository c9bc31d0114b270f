/* decode.h — gfx11 instruction decoding: the opcode enum built from
 * isa/isa_gfx11.def, the row attributes, and the decoded form of one
 * instruction that the executor, the hazard checker and the disassembler read.
 *
 * Data only plus two pure functions; no allocation, no I/O.  The generator
 * (asm_out) may include this header for the enums and the row table.
 *
 * Operand codes.  Every register or constant operand is a 9-bit source code as
 * the hardware encodes it: 0..105 s0..s105, 106/107 vcc_lo/hi, 124 null, 125 m0,
 * 126/127 exec_lo/hi, 128..192 the integers 0..64, 193..208 -1..-16, 240..248
 * the float constants 0.5 -0.5 1.0 -1.0 2.0 -2.0 4.0 -4.0 1/(2*pi), 253 scc,
 * 255 a literal (in emu_inst.lit), and 256..511 v0..v255.  VGPR-only fields
 * (VOP2 vsrc1, vdst, DS/FLAT addresses and data) are stored as codes too, i.e.
 * 256 + the VGPR index, so one reader handles every field.  A multi-dword
 * operand is named by its first register; its size in dwords is in the row.
 * EMU_OPND_NONE marks an absent operand.
 */
#ifndef RDNA3_EMU_DECODE_H
#define RDNA3_EMU_DECODE_H

#include <stddef.h>
#include <stdint.h>

/* ---- operand codes -------------------------------------------------------- */
enum emu_opnd {
	EMU_OPND_SGPR_MAX = 105,
	EMU_OPND_VCC_LO = 106,
	EMU_OPND_VCC_HI = 107,
	EMU_OPND_NULL = 124,
	EMU_OPND_M0 = 125,
	EMU_OPND_EXEC_LO = 126,
	EMU_OPND_EXEC_HI = 127,
	EMU_OPND_INT0 = 128,      /* 128 + n is the integer n, n = 0..64 */
	EMU_OPND_INT_NEG1 = 193,  /* 192 + n is the integer -n, n = 1..16 */
	EMU_OPND_F_HALF = 240,    /* 240..247: 0.5 -0.5 1.0 -1.0 2.0 -2.0 4.0 -4.0 */
	EMU_OPND_SHARED_BASE = 235,    /* src_shared_base; 236 src_shared_limit */
	EMU_OPND_PRIVATE_LIMIT = 238,  /* src_private_limit; 237 src_private_base */
	EMU_OPND_F_INV2PI = 248,  /* 1/(2*pi) */
	EMU_OPND_SCC = 253,
	EMU_OPND_LITERAL = 255,
	EMU_OPND_VGPR0 = 256,     /* 256 + n is vn */
	EMU_OPND_NONE = 0xffff,
};

/* ---- encodings and classes ----------------------------------------------- */
#define EMU_ENCODINGS(X) \
	X(SOP1) X(SOP2) X(SOPK) X(SOPC) X(SOPP) X(SMEM) \
	X(VOP1) X(VOP2) X(VOPC) X(VOP3) X(VOP3SD) X(VOP3P) X(VOPD) \
	X(DS) X(GLOBAL) X(SCRATCH) X(FLAT) X(MUBUF) X(MTBUF)

enum emu_enc {
#define EMU_ENC_ENUM_(e) EMU_ENC_##e,
	EMU_ENCODINGS(EMU_ENC_ENUM_)
#undef EMU_ENC_ENUM_
	EMU_ENC_COUNT
};

/* Instruction class: which unit issues it.  TRANS is the transcendental VALU
 * (its results need s_delay_alu TRANS32_DEP_n); BARRIER is s_barrier alone. */
#define EMU_CLASSES(X) \
	X(SALU) X(VALU) X(TRANS) X(SMEM) X(VMEM) X(LDS) X(BRANCH) X(WAIT) \
	X(BARRIER) X(MISC)

enum emu_cls {
#define EMU_CLS_ENUM_(c) EMU_CLS_##c,
	EMU_CLASSES(EMU_CLS_ENUM_)
#undef EMU_CLS_ENUM_
	EMU_CLS_COUNT
};

/* ---- row flags (the FLAGS column of isa_gfx11.def) ------------------------ */
enum emu_opflag {
	EMU_F_WSCC = 1u << 0,     /* writes SCC */
	EMU_F_RSCC = 1u << 1,     /* reads SCC */
	EMU_F_RVCC = 1u << 2,     /* _e32 form reads vcc_lo as its last source (src[2]) */
	EMU_F_WVCC = 1u << 3,     /* _e32 form writes vcc_lo (carry out / compare result, sdst) */
	EMU_F_WEXEC = 1u << 4,    /* writes exec (saveexec, v_cmpx) */
	EMU_F_LOAD = 1u << 5,     /* reads memory into dst */
	EMU_F_STORE = 1u << 6,    /* writes memory from data */
	EMU_F_ATOMIC = 1u << 7,   /* read-modify-write */
	EMU_F_VMCNT = 1u << 8,    /* counted by vmcnt */
	EMU_F_LGKMCNT = 1u << 9,  /* counted by lgkmcnt */
	EMU_F_VSCNT = 1u << 10,   /* counted by vscnt (stores) */
	EMU_F_ACC = 1u << 11,     /* dst is also read (fmac): decoder sets src[2] = dst */
	EMU_F_NOE64 = 1u << 12,   /* VOP1/2 row without a VOP3 form: no _e32 suffix */
	EMU_F_LITK = 1u << 13,    /* takes a mandatory 32-bit constant K (fmaak/fmamk) */
	EMU_F_F16 = 1u << 14,     /* 16-bit float operands (constants print as f16) */
	EMU_F_F64 = 1u << 15,     /* 64-bit operands (literal is the high dword) */
	EMU_F_SDST = 1u << 16,    /* VOP3 form is VOP3SD: carry-out sdst at [14:8] */
	EMU_F_SIMM = 1u << 17,    /* SOPK/SOPP immediate is signed (prints in decimal) */
	EMU_F_NODST = 1u << 18,   /* SOPK/SOP1 row whose sdst field is not a destination */
	EMU_F_WVDST = 1u << 19,   /* scalar result of a VALU op goes to an SGPR (readlane) */
	EMU_F_FP = 1u << 20,      /* float op: VOP3 neg/abs/omod apply (LLVM rejects them elsewhere) */
	EMU_F_OPSEL = 1u << 21,   /* VOP3 op_sel is an operand of this op (16-bit halves) */
	EMU_F_PK16 = 1u << 22,    /* packed 2 x f16 operands (constants print as f16 pairs) */
	EMU_F_BARE = 1u << 23,    /* printed without _e32/_e64 in either form (v_nop) */
	EMU_F_NOIMM = 1u << 24,   /* SOPP whose simm16 must be 0 (LLVM refuses others) */
	EMU_F_FP0 = 1u << 25,     /* neg/abs apply to src0 only (v_cmp_class, v_ldexp) */
	EMU_F_CLAMP = 1u << 26,   /* integer op whose clamp bit saturates (add/sub/mad/mul24/sad) */
	EMU_F_DS2 = 1u << 27,     /* DS 2addr form: offset0/offset1 count elements (x64 for stride64) */
	EMU_F_I16 = 1u << 28,     /* 16-bit integer operands (constants print as 16-bit ints) */
	EMU_F_D16 = 1u << 29,     /* 16-bit result; _e32 forms refuse v128+ for 16-bit operands */
	EMU_F_OMOD = 1u << 30,    /* output modifier allowed although the row is not FP (int-to-float cvt) */
};
/* The last flag is above INT_MAX, which C11 does not allow an enumerator. */
#define EMU_F_QRATE (1u << 31)    /* quarter-rate VALU op (32-bit integer multiply): timing only */

/* ---- the opcode table ------------------------------------------------------- */
enum emu_op {
	EMU_OP_INVALID = 0,
#define OP(name, enc, opc, cls, d, s0, s1, s2, flags, exec) EMU_OP_##name,
#define VOPD(name, xopc, yopc, base)
#define VOPDY(name, yopc, base)
#include "isa/isa_gfx11.def"
#undef OP
#undef VOPD
#undef VOPDY
	EMU_OP_COUNT
};

/* One row of isa_gfx11.def. */
struct emu_opinfo {
	const char *name;         /* llvm mnemonic without _e32/_e64 */
	uint8_t enc;              /* enum emu_enc of the row (VOP2 for v_add_f32) */
	uint8_t cls;              /* enum emu_cls */
	uint16_t opcode;          /* opcode field value in enc */
	uint8_t dst, src0, src1, src2; /* operand sizes in dwords, 0 = absent */
	uint32_t flags;           /* EMU_F_* */
};

extern const struct emu_opinfo emu_ops[EMU_OP_COUNT];

/* Opcode field -> op of each encoding (EMU_OP_INVALID where no row is), for
 * the decoder.  vop3 holds VOPC at op, VOP2 at 256+op, VOP1 at 384+op and the
 * native VOP3/VOP3SD rows from 512; flat is indexed by the SEG field (0 FLAT,
 * 1 SCRATCH, 2 GLOBAL) first. */
struct emu_opcode_map {
	uint16_t sop1[256], sop2[128], sopk[32], sopc[128], sopp[128], smem[256];
	uint16_t vop1[256], vop2[64], vopc[256], vop3[1024], vop3p[128];
	uint16_t ds[256], flat[4][128], mubuf[256], mtbuf[16];
};
extern const struct emu_opcode_map emu_opcode_map;

/* VOPD halves: opcode field -> the VALU op the half executes (EMU_OP_INVALID if
 * the opcode does not exist in that slot), and the v_dual_ name of each. */
extern const uint16_t emu_vopd_x_op[16];
extern const uint16_t emu_vopd_y_op[32];
const char *emu_vopd_name(unsigned base_op); /* "v_dual_fmac_f32", NULL if none */

enum emu_dpp { EMU_DPP_NONE, EMU_DPP16, EMU_DPP8 };

/* ---- decoded instruction ---------------------------------------------------- */
struct emu_vopd_half {
	uint16_t op;              /* VALU op executed by this half (EMU_OP_v_fmac_f32, ...) */
	uint16_t dst;             /* 256 + vdst */
	uint16_t src0;            /* operand code (SGPR, constant, literal or VGPR) */
	uint16_t src1;            /* 256 + vsrc1 (EMU_OPND_NONE for mov) */
	uint16_t src2;            /* fmac: dst; cndmask: vcc_lo; otherwise NONE */
};

struct emu_inst {
	uint16_t op;              /* enum emu_op; EMU_OP_v_dual for VOPD */
	uint8_t enc;              /* encoding actually read (VOP3 for an _e64 of a VOP2 row) */
	uint8_t len;              /* bytes: 4, 8 or 12 */

	/* Register operands as operand codes (see top of file). */
	uint16_t dst;             /* sdst / vdst / loaded data; NONE if no dst.  v_cmp: the
	                             mask SGPR (vcc_lo in _e32); v_cmpx: exec_lo; atomics:
	                             the returned old value, only when glc is set */
	uint16_t sdst;            /* carry-out: VOP3SD sdst field, vcc_lo for VOP2 _e32 carry ops */
	uint16_t src[3];          /* ALU sources; implicit ones made explicit:
	                             VOP2 cndmask/co_ci src[2] = vcc_lo,
	                             fmac src[2] = dst */
	uint32_t lit;             /* literal dword (src code 255, or fmaak/fmamk K) */

	/* VALU modifiers (VOP3/VOP3P; 0 elsewhere) */
	uint8_t neg, abs;         /* bit i applies to src[i] */
	uint8_t opsel;            /* VOP3 op_sel [3:0]; VOP3P op_sel [2:0] */
	uint8_t opsel_hi, neg_hi; /* VOP3P only */
	uint8_t clamp, omod;

	/* Memory */
	uint8_t glc, slc, dlc, gds, sve;
	uint8_t idxen, offen;      /* MUBUF: vaddr holds an index, an offset, or both (index first) */
	uint8_t fmt;              /* MTBUF: the format field (BUF_FMT_*; 1, the default, prints nothing) */
	uint8_t offset0, offset1; /* DS: offset0/offset1 (2addr forms: in elements) */
	uint16_t addr;            /* DS/FLAT/GLOBAL/SCRATCH vaddr (256+v) or NONE (scratch sve=0) */
	uint16_t data0, data1;    /* DS data0/data1, FLAT store/atomic data (256+v) */
	uint16_t saddr;           /* GLOBAL/SCRATCH SGPR base; NONE when "off" */
	uint16_t sbase;           /* SMEM base SGPR code (even); MUBUF descriptor quad (multiple of 4) */
	uint16_t soffset;         /* SMEM SGPR offset, NONE when null; MUBUF soffset operand code */
	int32_t offset;           /* SMEM/FLAT/GLOBAL/SCRATCH byte offset; DS offset0|offset1<<8 */

	/* Scalar control */
	int32_t simm16;           /* SOPK/SOPP immediate, raw 16 bits (zero-extended): the
	                             _i32 SOPK ops (movk, cmovk, addk, mulk, cmpk_*_i32)
	                             sign-extend it, cmpk_*_u32 do not */
	int32_t branch;           /* branches: byte displacement from the next instruction */
	uint8_t vmcnt, expcnt, lgkmcnt; /* s_waitcnt fields */

	struct emu_vopd_half x, y;/* VOPD halves */

	/* DPP (VOP1/VOP2/VOPC _e32 with src0 = 250, 233 or 234): src[0] is the VGPR
	   the lanes are read from; DPP16 source neg/abs are in neg/abs bits 0-1. */
	uint8_t dpp;              /* EMU_DPP_NONE, EMU_DPP16, EMU_DPP8 */
	uint8_t dpp_fi, dpp_bc;   /* fetch inactive lanes; bound_ctrl (invalid lanes read 0) */
	uint8_t row_mask, bank_mask;
	uint16_t dpp_ctrl;        /* DPP16 control (quad_perm 0x000-0x0ff, row_shl 0x101-...) */
	uint32_t dpp8;            /* DPP8: eight 3-bit lane selects */
};

/* Decode one instruction at code[0..n).  Returns its length in bytes (4, 8, 12)
 * and fills *out, or EMU_E_DECODE (-5) for an unknown or truncated encoding.
 * Never reads code[n] or beyond. */
int emu_decode(const uint8_t *code, size_t n, struct emu_inst *out);

/* Print a decoded instruction as llvm-objdump-19 does (emu_disasm without the
 * decode step).  Returns the length of the text, truncated to fit outlen. */
size_t emu_format_inst(const struct emu_inst *in, char *out, size_t outlen);

/* Operand code helpers */
static inline int emu_opnd_is_vgpr(unsigned c) { return c >= EMU_OPND_VGPR0 && c < 512; }
static inline int emu_opnd_is_sgpr(unsigned c) { return c <= EMU_OPND_SGPR_MAX; }

/* The v_wmma_* rows (contiguous in isa_gfx11.def) and the forms among them whose
 * D is 16-bit (op_sel[2] picks the half). */
static inline int emu_is_wmma(unsigned op) { return op >= EMU_OP_v_wmma_f32_16x16x16_f16 && op <= EMU_OP_v_wmma_i32_16x16x16_iu4; }
static inline int emu_wmma_d16(unsigned op) { return op == EMU_OP_v_wmma_f16_16x16x16_f16 || op == EMU_OP_v_wmma_bf16_16x16x16_bf16; }
static inline int emu_wmma_int(unsigned op) { return op == EMU_OP_v_wmma_i32_16x16x16_iu8 || op == EMU_OP_v_wmma_i32_16x16x16_iu4; }

#endif
