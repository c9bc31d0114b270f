/* iclass.h — the one instruction classifier of the reports: which unit an
 * opcode row issues to (the CLS column of isa/isa_gfx11.def), with the f32
 * fused multiply-adds singled out, since the reports count FMAs per k-step.
 * Both the register-bank report (report/) and the sgemm report
 * (templates/sgemm_report.c) classify through here, so they cannot disagree;
 * it lives with the table it classifies so that both include it downward.
 * Op ids and classes are those of isa/opcodes.h (asm_out's AO_OP ids are the
 * same numbers). */
#ifndef RDNA3_ISA_ICLASS_H
#define RDNA3_ISA_ICLASS_H

#include <stdbool.h>

#include "isa/opcodes.h"

/* In report order. */
enum isa_iclass {
	ISA_IC_FMA, ISA_IC_VALU, ISA_IC_LDS, ISA_IC_VMEM, ISA_IC_SMEM, ISA_IC_SALU, ISA_IC_BRANCH,
	ISA_IC_WAIT, ISA_IC_BARRIER, ISA_IC_OTHER, ISA_IC_COUNT
};

/* An f32 FMA: one lane-FMA (2 FLOP) of SGEMM work.  v_fmamk/v_fmaak take one
 * factor or the addend as a constant and are FMAs all the same. */
static inline bool isa_op_is_fma(unsigned op)
{
	return op == ISA_OP_v_fmac_f32 || op == ISA_OP_v_fma_f32 || op == ISA_OP_v_fmaak_f32 ||
	       op == ISA_OP_v_fmamk_f32;
}

/* The class of a plain instruction with opcode op of table class cls (enum
 * isa_cls of its row).  s_delay_alu is a wait for the ALU pipeline, not SALU. */
static inline enum isa_iclass isa_iclass_of(unsigned op, unsigned cls)
{
	if (op == ISA_OP_s_delay_alu)
		return ISA_IC_WAIT;
	switch (cls) {
	case ISA_CLS_VALU: case ISA_CLS_TRANS: return isa_op_is_fma(op) ? ISA_IC_FMA : ISA_IC_VALU;
	case ISA_CLS_LDS: return ISA_IC_LDS;
	case ISA_CLS_VMEM: return ISA_IC_VMEM;
	case ISA_CLS_SMEM: return ISA_IC_SMEM;
	case ISA_CLS_SALU: return ISA_IC_SALU;
	case ISA_CLS_BRANCH: return ISA_IC_BRANCH;
	case ISA_CLS_WAIT: return ISA_IC_WAIT;
	case ISA_CLS_BARRIER: return ISA_IC_BARRIER;
	default: return ISA_IC_OTHER;
	}
}

/* A VOPD of the VALU ops xop and yop: FMA when either half is one. */
static inline enum isa_iclass isa_iclass_vopd(unsigned xop, unsigned yop)
{
	return isa_op_is_fma(xop) || isa_op_is_fma(yop) ? ISA_IC_FMA : ISA_IC_VALU;
}

/* FMAs a VOPD does per lane (0, 1 or 2). */
static inline unsigned isa_vopd_fmas(unsigned xop, unsigned yop)
{
	return (unsigned)isa_op_is_fma(xop) + (unsigned)isa_op_is_fma(yop);
}

#endif
