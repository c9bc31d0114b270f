/* exec_movrel.c — register-indexed moves: s_movrels/s_movreld (SGPRs) and
 * v_movrels/v_movreld/v_movrelsd (VGPRs), the register number offset by M0.
 *
 * RDNA3 ISA guide: s_movrels D = SGPR[S0 + M0], s_movreld SGPR[D + M0] = S0;
 * v_movrels D = VGPR[S0 + M0], v_movreld VGPR[D + M0] = S0, v_movrelsd
 * VGPR[D + M0] = VGPR[S0 + M0].  An index that leaves the SGPRs (s0..s105) or
 * the VGPRs the descriptor allocates stops the run: a kernel that does so has
 * a bug, whatever the hardware then reads.
 */
#include "emu/machine.h"

typedef uint32_t u32;

static bool sgpr_range_ok(struct emu_wave *w, unsigned first, unsigned n, const char *what)
{
	if (first + n - 1 <= EMU_OPND_SGPR_MAX)
		return true;
	emu_fault(w, ~0u, EMU_E_FAULT, "%s: SGPR index %u + M0 %u is past s105", what, first,
		  w->s[EMU_OPND_M0]);
	return false;
}

void emu_ex_s_movrel(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned n = isa_ops[in->op].dst, m0 = w->s[EMU_OPND_M0];
	bool src_rel = in->op == ISA_OP_s_movrels_b32 || in->op == ISA_OP_s_movrels_b64;
	unsigned src = in->src[0], dst = in->dst;
	if (src_rel) {
		if (src > EMU_OPND_SGPR_MAX || !sgpr_range_ok(w, src + m0, n, isa_ops[in->op].name))
			return;
		src += m0;
	} else {
		if (dst > EMU_OPND_SGPR_MAX || !sgpr_range_ok(w, dst + m0, n, isa_ops[in->op].name))
			return;
		dst += m0;
	}
	u32 v[2] = { w->s[src], n > 1 ? w->s[src + 1] : 0 };
	for (unsigned i = 0; i < n; i++)
		emu_swrite(w, dst + i, v[i]);
	w->g->st.salu++;
}

static bool vgpr_ok(struct emu_wave *w, unsigned code, const char *what)
{
	unsigned k = code - EMU_OPND_VGPR0 + w->s[EMU_OPND_M0];
	if (code >= EMU_OPND_VGPR0 && k < w->g->run->kd.vgprs)
		return true;
	emu_fault(w, ~0u, EMU_E_FAULT, "%s: VGPR index %u + M0 %u is beyond the %u VGPRs allocated", what,
		  code - EMU_OPND_VGPR0, w->s[EMU_OPND_M0], w->g->run->kd.vgprs);
	return false;
}

void emu_ex_v_movrel(struct emu_wave *w, const struct emu_inst *in)
{
	const char *name = isa_ops[in->op].name;
	unsigned m0 = w->s[EMU_OPND_M0], src = in->src[0], dst = in->dst;
	bool rel_src = in->op != ISA_OP_v_movreld_b32, rel_dst = in->op != ISA_OP_v_movrels_b32;
	if ((rel_src && !vgpr_ok(w, src, name)) || (rel_dst && !vgpr_ok(w, dst, name)))
		return;
	u32 tmp[EMU_LANES], r[EMU_LANES];
	const u32 *s = emu_vsrc(w, rel_src ? src + m0 : src, tmp);
	for (unsigned l = 0; l < EMU_LANES; l++)
		r[l] = s[l];
	emu_vwrite(w, rel_dst ? dst + m0 : dst, r);
	w->g->st.valu++;
}
