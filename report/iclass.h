/* report/iclass.h — the one instruction classifier of the reports: which unit an
 * opcode row issues to (the CLS column of isa/isa_gfx11.def), with the f32
 * fused multiply-adds singled out, since the reports count FMAs per k-step.
 * Both the register-bank report (report/) and the sgemm report
 * (templates/sgemm_report.c) classify through here, so they cannot disagree.
 * Op ids and classes are those of the table's declaration, emu/decode.h
 * (asm_out's AO_OP ids are the same numbers). */
#ifndef RDNA3_REPORT_ICLASS_H
#define RDNA3_REPORT_ICLASS_H

#include <stdbool.h>

#include "emu/decode.h"

/* In report order. */
enum rp_iclass {
	RP_IC_FMA, RP_IC_VALU, RP_IC_LDS, RP_IC_VMEM, RP_IC_SMEM, RP_IC_SALU, RP_IC_BRANCH,
	RP_IC_WAIT, RP_IC_BARRIER, RP_IC_OTHER, RP_IC_COUNT
};

/* An f32 FMA: one lane-FMA (2 FLOP) of SGEMM work.  v_fmamk/v_fmaak take one
 * factor or the addend as a constant and are FMAs all the same. */
static inline bool rp_op_is_fma(unsigned op)
{
	return op == EMU_OP_v_fmac_f32 || op == EMU_OP_v_fma_f32 || op == EMU_OP_v_fmaak_f32 ||
	       op == EMU_OP_v_fmamk_f32;
}

/* The class of a plain instruction with opcode op of table class cls (enum
 * emu_cls of its row).  s_delay_alu is a wait for the ALU pipeline, not SALU. */
static inline enum rp_iclass rp_iclass_of(unsigned op, unsigned cls)
{
	if (op == EMU_OP_s_delay_alu)
		return RP_IC_WAIT;
	switch (cls) {
	case EMU_CLS_VALU: case EMU_CLS_TRANS: return rp_op_is_fma(op) ? RP_IC_FMA : RP_IC_VALU;
	case EMU_CLS_LDS: return RP_IC_LDS;
	case EMU_CLS_VMEM: return RP_IC_VMEM;
	case EMU_CLS_SMEM: return RP_IC_SMEM;
	case EMU_CLS_SALU: return RP_IC_SALU;
	case EMU_CLS_BRANCH: return RP_IC_BRANCH;
	case EMU_CLS_WAIT: return RP_IC_WAIT;
	case EMU_CLS_BARRIER: return RP_IC_BARRIER;
	default: return RP_IC_OTHER;
	}
}

/* A VOPD of the VALU ops xop and yop: FMA when either half is one. */
static inline enum rp_iclass rp_iclass_vopd(unsigned xop, unsigned yop)
{
	return rp_op_is_fma(xop) || rp_op_is_fma(yop) ? RP_IC_FMA : RP_IC_VALU;
}

/* FMAs a VOPD does per lane (0, 1 or 2). */
static inline unsigned rp_vopd_fmas(unsigned xop, unsigned yop)
{
	return (unsigned)rp_op_is_fma(xop) + (unsigned)rp_op_is_fma(yop);
}

#endif
