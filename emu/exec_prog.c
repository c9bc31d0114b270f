/* exec_prog.c — program control (SOPP and the SOPK waits): branches, s_waitcnt,
 * s_barrier, s_endpgm, and the scheduling hints that change no state
 * (s_nop, s_clause, s_delay_alu, s_setprio, s_sendmsg ...).
 */
#include "emu/machine.h"

static void ex_branch(struct emu_wave *w, const struct emu_inst *in)
{
	bool take;
	switch (in->op) {
	case EMU_OP_s_branch: take = true; break;
	case EMU_OP_s_cbranch_scc0: take = w->s[EMU_OPND_SCC] == 0; break;
	case EMU_OP_s_cbranch_scc1: take = w->s[EMU_OPND_SCC] != 0; break;
	case EMU_OP_s_cbranch_vccz: take = w->s[EMU_OPND_VCC_LO] == 0; break;
	case EMU_OP_s_cbranch_vccnz: take = w->s[EMU_OPND_VCC_LO] != 0; break;
	case EMU_OP_s_cbranch_execz: take = w->s[EMU_OPND_EXEC_LO] == 0; break;
	default: take = w->s[EMU_OPND_EXEC_LO] != 0; break; /* s_cbranch_execnz */
	}
	if (take)
		w->next_pc += (int64_t)in->branch;
	w->g->st.branch++;
}

static void ex_waitcnt(struct emu_wave *w, const struct emu_inst *in)
{
	if (w->g->run->checks & EMU_CHECK_WAITCNT)
		emu_hz_waitcnt(w, in->vmcnt, in->lgkmcnt, ~0u);
	w->g->st.wait++;
}

/* s_waitcnt_{vs,vm,lgkm,exp}cnt null, N: the SGPR (null here) adds nothing. */
static void ex_waitcnt_k(struct emu_wave *w, const struct emu_inst *in)
{
	unsigned n = (unsigned)in->simm16 & 0xffff;
	if (in->src[0] != EMU_OPND_NONE && in->src[0] < 128 && in->src[0] != EMU_OPND_NULL)
		n = w->s[in->src[0]] < n ? w->s[in->src[0]] : n;
	if (w->g->run->checks & EMU_CHECK_WAITCNT) {
		switch (in->op) {
		case EMU_OP_s_waitcnt_vscnt: emu_hz_waitcnt(w, ~0u, ~0u, n); break;
		case EMU_OP_s_waitcnt_vmcnt: emu_hz_waitcnt(w, n, ~0u, ~0u); break;
		case EMU_OP_s_waitcnt_lgkmcnt: emu_hz_waitcnt(w, ~0u, n, ~0u); break;
		default: break;
		}
	}
	w->g->st.wait++;
}

/* Waits for everything: all counters to zero. */
static void ex_wait_idle(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	if (w->g->run->checks & EMU_CHECK_WAITCNT)
		emu_hz_waitcnt(w, 0, 0, 0);
	w->g->st.wait++;
}

static void ex_barrier(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	if ((w->g->run->checks & (EMU_CHECK_LDS_RACE | EMU_CHECK_WAITCNT)) == (EMU_CHECK_LDS_RACE | EMU_CHECK_WAITCNT))
		emu_hz_barrier_wave(w);
	w->state = EMU_WAVE_BARRIER;
	w->halt = 1;
	w->g->st.wait++;
}

static void ex_endpgm(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	w->state = EMU_WAVE_DONE;
	w->halt = 1;
}

static void ex_hint(struct emu_wave *w, const struct emu_inst *in)
{
	(void)w, (void)in; /* no architectural state: timing hints and messages */
}

static void ex_trap(struct emu_wave *w, const struct emu_inst *in)
{
	emu_fault(w, ~0u, EMU_E_FAULT, "%s executed (trap %d)", emu_ops[in->op].name, in->simm16);
}

static const emu_exec_fn prog_tab[EMU_OP_COUNT] = {
	[EMU_OP_s_nop] = ex_hint,
	[EMU_OP_s_setkill] = ex_hint,
	[EMU_OP_s_sleep] = ex_hint,
	[EMU_OP_s_set_inst_prefetch_distance] = ex_hint,
	[EMU_OP_s_clause] = ex_hint,
	[EMU_OP_s_delay_alu] = ex_hint,
	[EMU_OP_s_waitcnt_depctr] = ex_hint,
	[EMU_OP_s_waitcnt] = ex_waitcnt,
	[EMU_OP_s_wait_idle] = ex_wait_idle,
	[EMU_OP_s_trap] = ex_trap,
	[EMU_OP_s_code_end] = ex_trap,
	[EMU_OP_s_round_mode] = ex_hint,
	[EMU_OP_s_denorm_mode] = ex_hint,
	[EMU_OP_s_branch] = ex_branch,
	[EMU_OP_s_cbranch_scc0] = ex_branch,
	[EMU_OP_s_cbranch_scc1] = ex_branch,
	[EMU_OP_s_cbranch_vccz] = ex_branch,
	[EMU_OP_s_cbranch_vccnz] = ex_branch,
	[EMU_OP_s_cbranch_execz] = ex_branch,
	[EMU_OP_s_cbranch_execnz] = ex_branch,
	[EMU_OP_s_endpgm] = ex_endpgm,
	[EMU_OP_s_setprio] = ex_hint,
	[EMU_OP_s_sendmsg] = ex_hint,      /* dealloc_vgprs and friends */
	[EMU_OP_s_sendmsghalt] = ex_hint,
	[EMU_OP_s_icache_inv] = ex_hint,
	[EMU_OP_s_barrier] = ex_barrier,
	[EMU_OP_s_waitcnt_vscnt] = ex_waitcnt_k,
	[EMU_OP_s_waitcnt_vmcnt] = ex_waitcnt_k,
	[EMU_OP_s_waitcnt_expcnt] = ex_waitcnt_k,
	[EMU_OP_s_waitcnt_lgkmcnt] = ex_waitcnt_k,
};

emu_exec_fn emu_prog_lookup(unsigned op)
{
	return op < EMU_OP_COUNT ? prog_tab[op] : NULL;
}

/* The dispatch table: each family answers for its ops. */
emu_exec_fn emu_exec_lookup(unsigned op)
{
	emu_exec_fn f;
	if ((f = emu_prog_lookup(op)) || (f = emu_salu_lookup(op)) || (f = emu_valu_lookup(op)) ||
	    (f = emu_vcmp_lookup(op)) || (f = emu_f64_lookup(op)) || (f = emu_mem_lookup(op)) ||
	    (f = emu_atomic_lookup(op)) || (f = emu_h16_lookup(op)) || (f = emu_movrel_lookup(op)) ||
	    (f = emu_buf_lookup(op)) || (f = emu_wmma_lookup(op)))
		return f;
	return NULL;
}
