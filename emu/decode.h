/* decode.h — gfx11 instruction decoding: the decoded form of one instruction
 * that the executor, the hazard checker and the disassembler read, and the
 * decoder that fills it.  The opcode table it decodes against (op enum,
 * encodings, classes, flags, rows) is isa/opcodes.h.
 *
 * Data only plus two pure functions; no allocation, no I/O.
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

#include "isa/opcodes.h"

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

enum emu_dpp { EMU_DPP_NONE, EMU_DPP16, EMU_DPP8 };

/* ---- decoded instruction ---------------------------------------------------- */
struct emu_vopd_half {
	uint16_t op;              /* VALU op executed by this half (ISA_OP_v_fmac_f32, ...) */
	uint16_t dst;             /* 256 + vdst */
	uint16_t src0;            /* operand code (SGPR, constant, literal or VGPR) */
	uint16_t src1;            /* 256 + vsrc1 (EMU_OPND_NONE for mov) */
	uint16_t src2;            /* fmac: dst; cndmask: vcc_lo; otherwise NONE */
};

struct emu_inst {
	uint16_t op;              /* enum isa_op; ISA_OP_v_dual for VOPD */
	uint8_t enc;              /* encoding actually read (VOP3 for an _e64 of a VOP2 row) */
	uint8_t len;              /* bytes: 4, 8 or 12 */
	uint8_t needs;            /* target features (isa/isa.h) the encoding needs beyond its
	                             row's isa_ops[op].needs: ISA_F_DPP_SRC1_SGPR for a scalar
	                             src1 of a VOP3 DPP form (emu_inst_runs_on) */

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

/* Whether a target with these features (struct isa_target.features) has the
 * decoded instruction: its row's and its encoding's needs. */
static inline int emu_inst_runs_on(const struct emu_inst *in, unsigned features)
{
	return !((isa_ops[in->op].needs | in->needs) & ~features);
}
static inline int emu_opnd_is_sgpr(unsigned c) { return c <= EMU_OPND_SGPR_MAX; }

#endif
