/* exec_dpp.c — DPP16 and DPP8 source forms of VOP1/VOP2/VOPC instructions.
 *
 * A DPP instruction (VOP1/VOP2/VOPC, or VOP3 as _e64_dpp) is its base op with
 * src0 read across lanes.  The wrapper
 * gathers the lanes into the wave's spare VGPR row (one past the descriptor's
 * VGPRs, never addressable by the kernel), narrows EXEC to the lanes that may
 * write, runs the base executor on a copy whose src0 names that row, and puts
 * EXEC back.  Rules (RDNA3 ISA guide, DPP; LLVM's modifier syntax):
 *   - DPP16 rows are 16 lanes.  row_shl/row_shr:n read lane l+n / l-n of the
 *     same row; a lane whose source falls outside the row has an invalid source.
 *     row_ror rotates within the row, row_mirror / row_half_mirror reverse the
 *     row / each half row, row_share:n reads lane n of the row, row_xmask:n
 *     lane (l xor n) of the row, quad_perm picks within groups of four.
 *   - A source lane that EXEC disables is invalid too, unless fetch-inactive (fi)
 *     is set.  An invalid source reads 0 with bound_ctrl, otherwise the lane does
 *     not write (its destination keeps the old value: llvm.amdgcn.update.dpp).
 *   - row_mask bit r / bank_mask bit b enable writes of row r / of lanes
 *     4b..4b+3 of every row; disabled lanes keep their destination.
 *   - DPP8: lane l reads lane (l & ~7) + sel[l & 7]; a disabled source lane
 *     reads 0 unless fi is set.
 */
#include "emu/machine.h"

typedef uint32_t u32;

/* Source lane of lane l under a DPP16 control, or -1 when outside the row. */
static int dpp16_src(unsigned ctrl, unsigned l)
{
	unsigned row = l & ~15u, i = l & 15u, n = ctrl & 15u;
	if (ctrl <= 0xff)
		return (int)((l & ~3u) | (ctrl >> (2 * (l & 3)) & 3));
	switch (ctrl >> 4) {
	case 0x10: return i + n < 16 ? (int)(l + n) : -1;          /* row_shl */
	case 0x11: return i >= n ? (int)(l - n) : -1;              /* row_shr */
	case 0x12: return (int)(row | ((i - n) & 15u));            /* row_ror */
	case 0x14: return n == 0 ? (int)(row | (15u - i)) : (int)((l & ~7u) | (7u - (l & 7u))); /* mirrors */
	case 0x15: return (int)(row | n);                          /* row_share */
	case 0x16: return (int)(row | (i ^ n));                    /* row_xmask */
	default: return -1;                                        /* the decoder refuses the rest */
	}
}

void emu_exec_dpp(struct emu_wave *w, const struct emu_inst *in)
{
	const struct emu_run *run = w->g->run;
	u32 exec = emu_exec_mask(w), write = 0;
	const u32 *s = w->v[in->src[0] - EMU_OPND_VGPR0];
	u32 *spare = w->v[run->kd.vgprs];
	for (unsigned l = 0; l < EMU_LANES; l++) {
		int src;
		if (in->dpp == EMU_DPP8) {
			src = (int)((l & ~7u) | (in->dpp8 >> (3 * (l & 7)) & 7));
			spare[l] = (in->dpp_fi || (exec >> src & 1)) ? s[src] : 0;
			write |= 1u << l;
			continue;
		}
		if (!(in->row_mask >> (l >> 4) & 1) || !(in->bank_mask >> ((l & 15) >> 2) & 1))
			continue;
		src = dpp16_src(in->dpp_ctrl, l);
		if (src >= 0 && (in->dpp_fi || (exec >> src & 1))) {
			spare[l] = s[src];
			write |= 1u << l;
		} else if (in->dpp_bc) {
			spare[l] = 0;
			write |= 1u << l;
		}
	}
	struct emu_inst base = *in;
	base.src[0] = (uint16_t)(EMU_OPND_VGPR0 + run->kd.vgprs);
	base.dpp = EMU_DPP_NONE;
	bool writes_exec = isa_ops[in->op].flags & ISA_F_WEXEC;
	w->s[EMU_OPND_EXEC_LO] = exec & write;
	w->cur->base(w, &base);
	if (!writes_exec)
		w->s[EMU_OPND_EXEC_LO] = exec;
}
