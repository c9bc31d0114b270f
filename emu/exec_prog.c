/* exec_prog.c — program control (SOPP and the SOPK waits): branches, s_waitcnt,
 * s_barrier, s_endpgm, and the scheduling hints that change no state
 * (s_nop, s_clause, s_delay_alu, s_setprio, s_sendmsg ...).
 */
#include "emu/machine.h"

void emu_ex_branch(struct emu_wave *w, const struct emu_inst *in)
{
	bool take;
	switch (in->op) {
	case ISA_OP_s_branch: take = true; break;
	case ISA_OP_s_cbranch_scc0: take = w->s[EMU_OPND_SCC] == 0; break;
	case ISA_OP_s_cbranch_scc1: take = w->s[EMU_OPND_SCC] != 0; break;
	case ISA_OP_s_cbranch_vccz: take = w->s[EMU_OPND_VCC_LO] == 0; break;
	case ISA_OP_s_cbranch_vccnz: take = w->s[EMU_OPND_VCC_LO] != 0; break;
	case ISA_OP_s_cbranch_execz: take = w->s[EMU_OPND_EXEC_LO] == 0; break;
	default: take = w->s[EMU_OPND_EXEC_LO] != 0; break; /* s_cbranch_execnz */
	}
	if (take)
		w->next_pc += (int64_t)in->branch;
	w->g->st.branch++;
}

void emu_ex_waitcnt(struct emu_wave *w, const struct emu_inst *in)
{
	if (w->g->run->checks & EMU_CHECK_WAITCNT)
		emu_hz_waitcnt(w, in->vmcnt, in->lgkmcnt, ~0u);
	w->g->st.wait++;
}

/* s_waitcnt_{vs,vm,lgkm,exp}cnt null, N: the SGPR (null here) adds nothing. */
void emu_ex_waitcnt_k(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned n = (unsigned)in->simm16 & 0xffff;
	if (in->src[0] != EMU_OPND_NONE && in->src[0] < 128 && in->src[0] != EMU_OPND_NULL)
		n = w->s[in->src[0]] < n ? w->s[in->src[0]] : n;
	if (w->g->run->checks & EMU_CHECK_WAITCNT) {
		switch (in->op) {
		case ISA_OP_s_waitcnt_vscnt: emu_hz_waitcnt(w, ~0u, ~0u, n); break;
		case ISA_OP_s_waitcnt_vmcnt: emu_hz_waitcnt(w, n, ~0u, ~0u); break;
		case ISA_OP_s_waitcnt_lgkmcnt: emu_hz_waitcnt(w, ~0u, n, ~0u); break;
		default: break;
		}
	}
	w->g->st.wait++;
}

/* Waits for everything: all counters to zero. */
void emu_ex_wait_idle(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	if (w->g->run->checks & EMU_CHECK_WAITCNT)
		emu_hz_waitcnt(w, 0, 0, 0);
	w->g->st.wait++;
}

void emu_ex_barrier(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	if ((w->g->run->checks & (EMU_CHECK_LDS_RACE | EMU_CHECK_WAITCNT)) == (EMU_CHECK_LDS_RACE | EMU_CHECK_WAITCNT))
		emu_hz_barrier_wave(w);
	w->state = EMU_WAVE_BARRIER;
	w->halt = 1;
	w->g->st.wait++;
}

void emu_ex_endpgm(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	w->state = EMU_WAVE_DONE;
	w->halt = 1;
}

void emu_ex_hint(struct emu_wave *w, const struct emu_inst *in)
{
	(void)w, (void)in; /* no architectural state: timing hints and messages */
}

void emu_ex_trap(struct emu_wave *w, const struct emu_inst *in)
{
	emu_fault(w, ~0u, EMU_E_FAULT, "%s executed (trap %d)", isa_ops[in->op].name, in->simm16);
}
