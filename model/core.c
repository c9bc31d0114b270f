/* core.c — one CU: per-SIMD issue of up to 16 waves, dependencies, counters,
 * barriers, LDS.  The rules and the source of every constant are in
 * docs/model.md and model/consts.def.
 *
 * A wave always holds its next instruction already executed by the emulator
 * (nx) with the earliest cycle its own state allows it to issue (ready).  A
 * SIMD issues at most one instruction of each class per cycle (cat_free):
 * among its waves the one with the smallest issue cycle, ties to the higher
 * s_setprio level, then the oldest (lowest dispatch order).
 */
#include "isa/isa.h"
#include "model/internal.h"

#include <string.h>

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* The class an instruction issues in: quarter-rate integer multiplies issue
 * like transcendental ops (one per trans_issue; isa/isa_gfx11.def, QRATE). */
static unsigned cls_of(const struct emu_inst *in)
{
	return isa_ops[in->op].flags & ISA_F_QRATE ? ISA_CLS_TRANS : isa_ops[in->op].cls;
}

static bool is_valu(unsigned cls) { return cls == ISA_CLS_VALU || cls == ISA_CLS_TRANS; }

static bool is_delay_alu(const struct emu_inst *in) { return in->op == ISA_OP_s_delay_alu; }

/* The cycle at which at most `limit` of the wave's operations on the counters
 * in `mask` are still outstanding, and the bucket of the one waited for. */
static uint64_t counter_ready(const struct mdl_wave *w, unsigned mask, unsigned limit, uint8_t *why)
{
	uint64_t t[MDL_MAX_OUT];
	uint8_t b[MDL_MAX_OUT];
	unsigned n = 0;
	for (unsigned i = 0; i < w->nout; i++)
		if (mask >> w->out[i].counter & 1)
			t[n] = w->out[i].done, b[n++] = w->out[i].bucket;
	if (n <= limit)
		return 0;
	/* the (limit+1)-th latest completion: partial selection, n <= 64 */
	uint64_t r = 0;
	for (unsigned k = 0; k <= limit; k++) {
		unsigned best = k;
		for (unsigned i = k + 1; i < n; i++)
			if (t[i] > t[best])
				best = i;
		uint64_t x = t[k];
		uint8_t y = b[k];
		t[k] = t[best], b[k] = b[best];
		t[best] = x, b[best] = y;
		r = t[k];
		*why = b[k];
	}
	return r;
}

#define CNT(c) (1u << (c))

/* The wait an s_waitcnt* instruction asks for: ready cycle. */
static uint64_t waitcnt_ready(const struct mdl_wave *w, const struct emu_inst *in, uint8_t *why)
{
	uint64_t r = 0;
	unsigned n = (unsigned)in->simm16 & 0xffff;
	switch (in->op) {
	case ISA_OP_s_waitcnt:
		r = max64(counter_ready(w, CNT(EMU_CNT_VM), in->vmcnt, why), 0);
		r = max64(r, counter_ready(w, CNT(EMU_CNT_LDS) | CNT(EMU_CNT_SMEM), in->lgkmcnt, why));
		return r;
	case ISA_OP_s_waitcnt_vscnt: return counter_ready(w, CNT(EMU_CNT_VS), n, why);
	case ISA_OP_s_waitcnt_vmcnt: return counter_ready(w, CNT(EMU_CNT_VM), n, why);
	case ISA_OP_s_waitcnt_lgkmcnt: return counter_ready(w, CNT(EMU_CNT_LDS) | CNT(EMU_CNT_SMEM), n, why);
	case ISA_OP_s_wait_idle: return counter_ready(w, 0x1e, 0, why);
	default: return 0;
	}
}

/* Earliest issue of the wave's next instruction from its own state.  A VALU op
 * does not wait here for VALU results it reads: it waits in the SIMD's VALU
 * queue (issue_valu); every other consumer of a VALU result waits for it. */
static void wave_ready(const struct mdl_consts *c, struct mdl_wave *w)
{
	const struct emu_step *st = &w->nx;
	uint64_t t = max64(w->last_issue + 1, w->extra);
	uint8_t why = MDL_B_IDLE;
	if (w->extra > w->last_issue + 1)
		why = MDL_B_BRANCH;
	unsigned cls = w->cls;
	/* how much later than a VALU reader a memory reader of a VALU result may
	 * issue; never negative, whatever a constants file sets */
	double vlat = cls == ISA_CLS_VMEM ? (st->store ? c->valu_store_latency : c->valu_mem_latency)
		      : cls == ISA_CLS_LDS ? c->valu_lds_latency : c->valu_latency;
	uint64_t vextra = vlat > c->valu_latency ? (uint64_t)(vlat - c->valu_latency) : 0;
	const struct emu_hzinfo *u = st->use;
	for (unsigned i = 0; i < u->nr; i++)
		for (unsigned k = 0; k < u->r[i].n; k++) {
			unsigned code = (u->r[i].code + k) & 511;
			if (w->rr[code] > t)
				t = w->rr[code], why = w->rwhy[code];
			if (!is_valu(cls) && w->vrd[code] && w->vrd[code] + vextra > t)
				t = w->vrd[code] + vextra, why = MDL_B_VALU_DEP;
		}
	if ((cls == ISA_CLS_VALU || cls == ISA_CLS_TRANS) && w->rr[EMU_OPND_EXEC_LO] > t)
		t = w->rr[EMU_OPND_EXEC_LO], why = w->rwhy[EMU_OPND_EXEC_LO];
	if (cls == ISA_CLS_WAIT) {
		uint8_t b = MDL_B_IDLE;
		uint64_t r = waitcnt_ready(w, st->in, &b);
		if (r > t)
			t = r, why = b;
	}
	if (cls == ISA_CLS_WAIT && w->last_issue + (uint64_t)c->waitcnt_min_gap > t)
		t = w->last_issue + (uint64_t)c->waitcnt_min_gap, why = MDL_B_IDLE;
	if (st->in->op == ISA_OP_s_waitcnt_depctr && w->trans_exec && w->trans_exec + (uint64_t)c->trans_depctr_latency > t)
		t = w->trans_exec + (uint64_t)c->trans_depctr_latency, why = MDL_B_TRANS;
	if (w->last_salu && cls == ISA_CLS_BRANCH && st->in->op != ISA_OP_s_branch &&
	    w->last_salu + (uint64_t)c->salu_branch_latency > t)
		t = w->last_salu + (uint64_t)c->salu_branch_latency, why = MDL_B_SALU_DEP;
	if (c->vmem_waits_all_valu && w->valu_done && cls == ISA_CLS_VMEM && w->valu_done + (uint64_t)c->vmem_waits_all_valu > t)
		t = w->valu_done + (uint64_t)c->vmem_waits_all_valu, why = MDL_B_VALU_DEP;
	if (w->last_salu && cls == ISA_CLS_VMEM && w->last_salu + (uint64_t)c->salu_vmem_latency > t)
		t = w->last_salu + (uint64_t)c->salu_vmem_latency, why = MDL_B_SALU_DEP;
	if (w->dly_t > t) /* s_delay_alu: the wave waits in its front end, the ALU goes on */
		t = w->dly_t, why = MDL_B_VALU_DEP;
	if (w->fx_ready > t)
		t = w->fx_ready, why = MDL_B_IDLE;
	if (st->in->op == ISA_OP_s_nop) { /* SQTT stamps s_nop N when its N+1 cycles are over, plus
					    * nop_after_issue after anything but an s_nop or s_waitcnt */
		uint64_t r = w->last_issue + (uint64_t)c->nop_base + ((unsigned)st->in->simm16 & 0xf) +
			     (w->prev_waits ? 0 : (uint64_t)c->nop_after_issue);
		if (r > t)
			t = r, why = MDL_B_BRANCH;
	}
	w->ready = t;
	w->why = why;
}

/* s_delay_alu (LLVM's AMDGPUInsertDelayAlu: "to avoid stalls on GFX11+"):
 * instid0 (bits 3:0) delays the next instruction, instid1 (10:7) the one
 * instskip (6:4: 0 the same, 1 the one after, 2..5 one to four further)
 * places on.  A delayed instruction waits in the wave's front end until the
 * result it names is ready, so it does not enter the VALU queue early and
 * hold the other waves' VALU ops behind it (Mesa's ACO: "if the SIMD
 * frontend already waits, we don't need to insert a delay to avoid stalling
 * the ALUs").  Ids: 1-4 VALU_DEP_n, the wave's n-th latest VALU op; 5-7
 * TRANS32_DEP_n; 9-11 SALU_CYCLE_n, n cycles after its latest SALU op;
 * 0 none, 8 FMA_ACCUM_CYCLE_1 nothing (the model has no accumulation cost). */
static void delay_note(struct mdl_wave *w, unsigned simm)
{
	unsigned id0 = simm & 0xf, skip = simm >> 4 & 7, id1 = simm >> 7 & 0xf;
	w->dly_at[0] = id0 ? 0 : -1, w->dly_id[0] = (uint8_t)id0;
	w->dly_at[1] = id1 ? (int8_t)skip : -1, w->dly_id[1] = (uint8_t)id1;
}

static uint64_t delay_ready(const struct mdl_wave *w, unsigned id)
{
	if (id >= 1 && id <= 4)
		return w->vhist[id - 1];
	if (id >= 5 && id <= 7)
		return w->thist[id - 5];
	if (id >= 9 && id <= 11 && w->last_salu)
		return w->last_salu + (id - 8);
	return 0;
}

/* The cycle the delays falling on the instruction just fetched allow. */
static uint64_t delay_due(struct mdl_wave *w)
{
	uint64_t t = 0;
	for (unsigned k = 0; k < 2; k++) {
		if (w->dly_at[k] < 0)
			continue;
		if (w->dly_at[k]-- == 0) {
			uint64_t r = delay_ready(w, w->dly_id[k]);
			t = r > t ? r : t;
		}
	}
	return t;
}

/* Step the emulator until the wave holds an instruction that issues (an
 * s_delay_alu issues nothing: the delays it names are noted for the
 * instructions they fall on). */
static void wave_fetch(struct mdl_sim *s, struct mdl_wave *w)
{
	struct emu_group *eg = w->grp->eg;
	for (;;) {
		int status = emu_group_step(eg, w->widx, &w->nx);
		if (status == EMU_STEP_FAULT || !w->nx.in) {
			w->state = MW_DONE;
			return;
		}
		s->r->insts++;
		if (!is_delay_alu(w->nx.in) || status != EMU_STEP_RUN)
			break;
		delay_note(w, (unsigned)w->nx.in->simm16);
	}
	w->dly_t = delay_due(w);
	mdl_fetch_advance(s, w);
	w->state = MW_READY;
	w->cls = (uint8_t)cls_of(w->nx.in);
	w->nop = w->nx.in->op == ISA_OP_s_nop;
	wave_ready(s->c, w);
}

void mdl_cu_place(struct mdl_sim *s, struct mdl_cu *cu, struct mdl_group *g, uint64_t t)
{
	g->live = g->nwaves;
	g->at_barrier = 0;
	g->barrier_t = 0;
	g->past = g->placed ? t - g->start : 0;
	g->placed = true;
	g->start = t, g->nbar = 0, g->lag = 0;
	/* A workgroup of fewer waves than SIMDs starts on the SIMD with the most
	 * free wave slots (the lowest on a tie), so that one-wave workgroups fill
	 * all of them; a larger one starts on SIMD 0. */
	unsigned base = 0;
	if (g->nwaves < s->simds) {
		unsigned best = 0;
		for (unsigned k = 0; k < s->simds; k++) {
			unsigned used = 0;
			for (unsigned j = 0; j < MDL_MAX_SLOTS; j++)
				used += cu->simd[k].slot[j] != NULL;
			if (k == 0 || used < best)
				best = used, base = k;
		}
	}
	for (unsigned i = 0; i < g->nwaves; i++) {
		unsigned simd = (base + i) % s->simds, slot = 0;
		while (slot < MDL_MAX_SLOTS && cu->simd[simd].slot[slot])
			slot++;
		struct mdl_wave *w = &cu->waves[simd * MDL_MAX_SLOTS + slot];
		memset(w, 0, offsetof(struct mdl_wave, rr));
		memset(w->rr, 0, sizeof w->rr);
		memset(w->rwhy, 0, sizeof w->rwhy);
		memset(w->vrd, 0, sizeof w->vrd);
		memset(w->wacc, 0, sizeof w->wacc);
		w->nout = 0;
		memset(w->sx, 0, sizeof w->sx), memset(w->sxu, 0, sizeof w->sxu);
		w->fx_n = 0;
		w->simd = simd, w->slot = slot, w->widx = i, w->grp = g;
		w->dly_at[0] = w->dly_at[1] = -1;
		w->uid = s->next_uid++;
		w->last_issue = t + (uint64_t)(i * s->c->wave_launch_interval);
		w->extra = w->last_issue;
		cu->simd[simd].slot[slot] = w;
		cu->simd[simd].used = true;
		g->w[i] = w;
		s->r->waves++;
	}
	for (unsigned i = 0; i < g->nwaves; i++)
		wave_fetch(s, g->w[i]);
	for (unsigned k = 0; k < s->simds; k++)
		mdl_cu_pick(s, cu, k);
}

/* The first cycle from t on at which queue q has fewer than cap live entries,
 * an entry retiring rel cycles after its op executes: with at[] ascending,
 * the live entries are its tail and the (n - cap + 1)-th earliest retirement
 * frees one.  cap 0 (or above 32): no limit. */
static uint64_t queue_free(const struct mdl_queue *q, unsigned cap, uint64_t rel, uint64_t t)
{
	/* the entries are ascending: the queue holds cap live ones at t exactly
	 * when the cap-th latest is still live, and frees when that one does */
	if (cap < 1 || cap > 32 || q->n < cap)
		return t;
	uint64_t r = q->at[q->n - cap] + rel;
	return r > t ? r : t;
}

/* An op issued at t that executes at ex joins q; the entries retired by t leave. */
static void queue_push(struct mdl_queue *q, uint64_t rel, uint64_t t, uint64_t ex)
{
	unsigned n = 0;
	for (unsigned i = 0; i < q->n; i++)
		if (q->at[i] + rel > t)
			q->at[n++] = q->at[i];
	if (n == 32)
		memmove(q->at, q->at + 1, --n * sizeof q->at[0]);
	q->at[n++] = ex;
	q->n = n;
}

/* Structural limits of the SIMD for the wave's next instruction. */
static uint64_t simd_free(const struct mdl_consts *c, const struct mdl_simd *sm, const uint64_t *vmem_free,
			  const struct mdl_wave *w, uint8_t *why)
{
	unsigned cls = w->cls;
	/* one issue per class per cycle; an s_nop neither takes a class slot nor waits for one */
	uint64_t t = w->nop ? w->ready : max64(sm->cat_free[cls], w->ready);
	if ((cls == ISA_CLS_VALU || cls == ISA_CLS_TRANS) && sm->valu_free > t)
		t = sm->valu_free, *why = sm->valu_bank ? MDL_B_BANK : MDL_B_VALU_BUSY;
	if (cls == ISA_CLS_TRANS && sm->trans_free > t)
		t = sm->trans_free, *why = MDL_B_TRANS;
	if (cls == ISA_CLS_VMEM && *vmem_free > t)
		t = *vmem_free, *why = MDL_B_VMEM;
	if (cls == ISA_CLS_VALU) {
		uint64_t q = queue_free(&sm->vq, (unsigned)c->valu_queue, (uint64_t)c->valu_queue_release, t);
		if (q > t)
			t = q, *why = MDL_B_VALU_DEP;
	}
	if (cls == ISA_CLS_TRANS) {
		uint64_t q = queue_free(&sm->tq, (unsigned)c->trans_queue, 0, t);
		if (q > t)
			t = q, *why = MDL_B_TRANS;
	}
	if (cls == ISA_CLS_SALU) {
		uint64_t q = queue_free(&sm->sq, (unsigned)c->salu_queue, 0, t);
		if (q > t)
			t = q, *why = MDL_B_SALU_DEP;
	}
	return t;
}

/* Whether wave a issues before wave b when both can: the higher s_setprio
 * level first, then the older (ISA guide, S_SETPRIO: the wave priority is
 * {user priority, wave age}). */
static bool issues_before(const struct mdl_wave *a, const struct mdl_wave *b)
{
	return a->prio != b->prio ? a->prio > b->prio : a->uid < b->uid;
}

/* The SIMD's next issue.  Earliest first, ties by issues_before; VALU ops in
 * addition follow the VALU port's strict order: a later wave's VALU op does
 * not pass an earlier wave's VALU op that is waiting (SQTT mb_f1_valu_*: the
 * second wave's chain starts only after the first wave's last add).
 */
void mdl_cu_pick(struct mdl_sim *s, struct mdl_cu *cu, unsigned k)
{
	struct mdl_simd *sm = &cu->simd[k];
	sm->pick = NULL;
	sm->pick_t = MDL_NEVER;
	struct mdl_wave *own = NULL;
	uint64_t own_t = 0;
	for (unsigned i = 0; i < MDL_MAX_SLOTS; i++) {
		struct mdl_wave *w = sm->slot[i];
		if (w && w->state == MW_READY && is_valu(w->cls) && (!own || issues_before(w, own)))
			own = w;
	}
	if (own) {
		uint8_t why = own->why;
		own_t = simd_free(s->c, sm, &cu->vmem_free, own, &why);
	}
	for (unsigned i = 0; i < MDL_MAX_SLOTS; i++) {
		struct mdl_wave *w = sm->slot[i];
		if (!w || w->state != MW_READY)
			continue;
		if (w->ready > sm->pick_t) /* issues no earlier than ready: cannot win */
			continue;
		uint8_t why = w->why;
		uint64_t t = simd_free(s->c, sm, &cu->vmem_free, w, &why);
		if (own && w != own && is_valu(w->cls) && own->ready <= t && own_t >= t)
			t = own_t + 1, why = MDL_B_VALU_DEP;
		if (t < sm->pick_t || (t == sm->pick_t && issues_before(w, sm->pick)))
			sm->pick = w, sm->pick_t = t, sm->pick_why = why;
	}
}

static void push_out(struct mdl_wave *w, uint64_t done, unsigned counter, unsigned bucket, uint64_t now)
{
	if (w->nout == MDL_MAX_OUT) { /* drop the completed ones */
		unsigned j = 0;
		for (unsigned i = 0; i < w->nout; i++)
			if (w->out[i].done > now)
				w->out[j++] = w->out[i];
		w->nout = j;
		if (j == MDL_MAX_OUT) /* 64 in flight: the oldest is forgotten */
			memmove(w->out, w->out + 1, --w->nout * sizeof w->out[0]);
	}
	w->out[w->nout++] = (struct mdl_out){ done, (uint8_t)counter, (uint8_t)bucket };
}

static void set_dst(struct mdl_wave *w, const struct emu_hzinfo *u, uint64_t t, unsigned bucket, bool async_only)
{
	for (unsigned i = 0; i < u->nw; i++) {
		if (async_only != (i == u->async_w))
			continue;
		for (unsigned k = 0; k < u->w[i].n; k++) {
			unsigned code = (u->w[i].code + k) & 511;
			w->rr[code] = t;
			w->vrd[code] = 0;
			w->wacc[code] = 0;
			w->rwhy[code] = (uint8_t)bucket;
		}
	}
}

/* The wave's VALU (transcendental) op whose result is ready for a VALU op
 * at r: the history s_delay_alu's VALU_DEP_n (TRANS32_DEP_n) looks up. */
static void delay_history(struct mdl_wave *w, bool trans, uint64_t r)
{
	uint64_t *h = trans ? w->thist : w->vhist;
	unsigned n = trans ? 3 : 4;
	memmove(h + 1, h, (n - 1) * sizeof *h);
	h[0] = r;
}

/* A VALU op issued at t executes once the SIMD's previous VALU op has, its
 * sources are ready and the register file has read those the operand cache
 * misses (model/opcache.c).  Returns the cycles those reads delayed it. */
static uint64_t issue_valu(const struct mdl_consts *c, struct mdl_simd *sm, struct mdl_wave *w, uint64_t t, bool trans)
{
	const struct emu_hzinfo *u = w->nx.use;
	uint64_t ex = max64(t, sm->last_exec + 1), rel = (uint64_t)c->valu_queue_release;
	if (trans)
		ex = max64(ex, sm->trans_exec + (uint64_t)c->trans_issue);
	for (unsigned i = 0; i < u->nr; i++)
		for (unsigned k = 0; k < u->r[i].n; k++)
			ex = max64(ex, w->vrd[(u->r[i].code + k) & 511]);
	uint64_t ex0 = ex;
	ex = mdl_vgpr_reads(c, sm, w, w->nx.in, u, ex0);
	sm->last_exec = ex;
	w->valu_exec = ex;
	/* a quarter-rate multiply is a VALU op to s_delay_alu (LLVM's isTRANS is false) */
	bool qrate = isa_ops[w->nx.in->op].flags & ISA_F_QRATE;
	double lat = qrate ? c->intmul_latency : trans ? c->trans_latency : c->valu_latency;
	delay_history(w, trans && !qrate, ex + (uint64_t)lat);
	w->valu_done = max64(w->valu_done, ex + (uint64_t)lat);
	if (trans && !qrate) /* s_waitcnt_depctr's rule is about transcendental results only */
		w->trans_exec = ex;
	if (trans)
		sm->trans_exec = ex;
	if (trans) /* its entry frees when it executes */
		queue_push(&sm->tq, 0, t, ex);
	else
		queue_push(&sm->vq, rel, t, ex);
	for (unsigned i = 0; i < u->nw; i++)
		for (unsigned k = 0; k < u->w[i].n; k++) {
			unsigned code = (u->w[i].code + k) & 511;
			w->wacc[code] = 0;
			w->rr[code] = 0;
			w->vrd[code] = ex + (uint64_t)(trans ? lat : code < EMU_OPND_VGPR0 ? c->valu_sgpr_latency : c->valu_latency);
			w->rwhy[code] = trans ? MDL_B_TRANS : MDL_B_VALU_DEP;
		}
	return ex - ex0;
}

/* A v_wmma_* issued at t: it executes once the SIMD's previous VALU op has and
 * its sources are ready (a C that the previous WMMA wrote after
 * wmma_acc_latency, any other source as for VALU ops), holds the SIMD's VALU
 * for wmma_issue cycles (no VALU op of any wave executes meanwhile) and keeps
 * its queue entry until then.  Idle cycles of the SIMD's WMMA pipe before it
 * are charged to why it was late (struct mdl_result). */
static void issue_wmma(struct mdl_sim *s, struct mdl_simd *sm, struct mdl_wave *w, uint64_t t)
{
	const struct mdl_consts *c = s->c;
	const struct emu_hzinfo *u = w->nx.use;
	unsigned c0 = w->nx.in->src[2];
	uint64_t order = max64(t, sm->last_exec + 1), ex = order, rel = (uint64_t)c->valu_queue_release;
	for (unsigned i = 0; i < u->nr; i++)
		for (unsigned k = 0; k < u->r[i].n; k++) {
			unsigned code = (u->r[i].code + k) & 511;
			bool as_c = code >= c0 && code < c0 + 8 && w->wacc[code];
			ex = max64(ex, as_c ? w->wacc[code] : w->vrd[code]);
		}
	if (sm->wmma_end && ex > sm->wmma_end) {
		unsigned why = ex == t ? (w->stall ? w->stall_why : MDL_B_ISSUE_OTHER)
			       : ex == order ? MDL_B_VALU_BUSY : MDL_B_VALU_DEP;
		s->r->wmma_gap[why] += ex - sm->wmma_end;
	}
	uint64_t end = ex + (uint64_t)c->wmma_issue;
	s->r->wmma_ops++;
	s->r->wmma_busy += (uint64_t)c->wmma_issue;
	sm->wmma_end = end;
	sm->last_exec = end - 1;
	w->valu_exec = ex;
	delay_history(w, false, ex + (uint64_t)c->wmma_latency);
	w->valu_done = max64(w->valu_done, ex + (uint64_t)c->wmma_latency);
	w->stall = 0;
	queue_push(&sm->vq, rel, t, end - 1);
	for (unsigned i = 0; i < u->nw; i++)
		for (unsigned k = 0; k < u->w[i].n; k++) {
			unsigned code = (u->w[i].code + k) & 511;
			w->rr[code] = 0;
			w->vrd[code] = ex + (uint64_t)c->wmma_latency;
			w->wacc[code] = ex + (uint64_t)c->wmma_acc_latency;
			w->rwhy[code] = MDL_B_VALU_DEP;
		}
}

/* Without a memory model, a vector load completes vmem_latency after its issue,
 * vmem_busy_extra later when vmem_busy_loads or more of the CU's loads are
 * still in flight (SQTT: a SIMD's first two waves get their first loads back
 * after ~580 cycles, the other waves after ~850), and no closer than
 * vmem_return_interval to another of the CU's loads (the data come back one
 * wave at a time). */
static uint64_t fixed_load_latency(const struct mdl_consts *c, struct mdl_cu *cu, uint64_t t)
{
	unsigned busy = 0;
	for (unsigned i = 0; i < MDL_VLOADS; i++)
		busy += cu->vload_done[i] > t;
	uint64_t lat = (uint64_t)c->vmem_latency;
	if (busy >= (unsigned)c->vmem_busy_loads)
		lat += (uint64_t)c->vmem_busy_extra;
	uint64_t d = t + lat, gap = (uint64_t)c->vmem_return_interval;
	for (bool moved = gap > 0; moved;) {
		moved = false;
		for (unsigned i = 0; i < MDL_VLOADS; i++)
			if (cu->vload_done[i] + gap > d && d + gap > cu->vload_done[i])
				d = cu->vload_done[i] + gap, moved = true;
	}
	cu->vload_done[cu->vload_next++ % MDL_VLOADS] = d;
	return d - t;
}

/* A scalar load through the CU's scalar cache (smem_cache_lines lines of
 * smem_line_bytes, MDL_SC_WAYS-way, least recently used out): a hit answers
 * smem_hit_latency after issue; a line still on its way answers when it
 * arrives, the waves waiting on it one per smem_return_interval (SQTT: the
 * waves of a launch that all load the kernarg line wake 1-3 cycles apart);
 * a miss asks the memory model or takes smem_latency.  One line decides:
 * a load that crosses a line is answered by the later of its two. */
static uint64_t scalar_load(struct mdl_sim *s, struct mdl_cu *cu, struct mdl_wave *w, uint64_t t)
{
	const struct mdl_consts *c = s->c;
	const struct emu_step *st = &w->nx;
	uint64_t lb = c->smem_line_bytes > 0 ? (uint64_t)c->smem_line_bytes : 64, done = t;
	unsigned lines = c->smem_cache_lines < MDL_SC_WAYS	? MDL_SC_WAYS
			 : c->smem_cache_lines > MDL_SC_MAX ? MDL_SC_MAX
							     : (unsigned)c->smem_cache_lines;
	unsigned sets = lines / MDL_SC_WAYS;
	uint64_t first = st->addr[0] / lb, last = (st->addr[0] + (st->bytes ? st->bytes : 1) - 1) / lb;
	for (uint64_t line = first; line <= last; line++) {
		struct mdl_sline *set = &cu->scache[(line % sets) * MDL_SC_WAYS], *e = NULL, *old = set;
		for (unsigned i = 0; i < MDL_SC_WAYS && !e; i++) {
			if (set[i].used && set[i].line == line)
				e = &set[i];
			else if (set[i].used < old->used)
				old = &set[i];
		}
		uint64_t at;
		if (e && e->ready <= t) {
			at = t + (uint64_t)c->smem_hit_latency;
		} else if (e) {
			at = max64(e->ready, e->last_ret + (uint64_t)c->smem_return_interval);
			e->last_ret = at;
		} else {
			struct mdl_mem_req q = { .cu = cu->id, .now = t, .addr = &st->addr[0], .exec = 1, .naddr = 1,
						 .bytes = st->bytes, .scalar = true, .wave = w->uid };
			at = s->o->mem ? s->o->mem(s->o->mem_ctx, &q) : t + (uint64_t)c->smem_latency;
			e = old;
			*e = (struct mdl_sline){ line, at, at, 0 };
		}
		e->used = t + 1;
		done = max64(done, at);
	}
	return done;
}

/* Whether the instruction u reads a register that p writes. */
static bool reads_result(const struct emu_hzinfo *u, const struct emu_hzinfo *p)
{
	for (unsigned i = 0; i < u->nr; i++)
		for (unsigned j = 0; j < p->nw; j++) {
			unsigned a = u->r[i].code, b = p->w[j].code;
			if (a < b + p->w[j].n && b < a + u->r[i].n)
				return true;
		}
	return false;
}

/* A SALU op enters its SIMD's scalar queue when it issues (the cycle SQTT
 * stamps) and leaves it when it executes: in order, one per cycle, an op
 * reading one of the wave's latest SALU results salu_dep_latency after that
 * op (salu_mul_latency for the multiplies).  A wave alone so issues a
 * dependent chain every cycle, crowded waves as the queue drains. */
static void issue_salu(const struct mdl_consts *c, struct mdl_simd *sm, struct mdl_wave *w, uint64_t t)
{
	const struct emu_hzinfo *u = w->nx.use;
	unsigned op = w->nx.in->op;
	bool mul = op == ISA_OP_s_mul_i32 || op == ISA_OP_s_mul_hi_u32 || op == ISA_OP_s_mul_hi_i32;
	uint64_t lat = (uint64_t)(mul ? c->salu_mul_latency : c->salu_dep_latency);
	uint64_t ex = max64(t, sm->salu_exec + 1);
	for (unsigned k = 0; k < MDL_SALU_HIST; k++)
		if (w->sxu[k] && w->sx[k] + lat > ex && reads_result(u, w->sxu[k]))
			ex = w->sx[k] + lat;
	sm->salu_exec = ex;
	queue_push(&sm->sq, 0, t, ex);
	memmove(w->sx + 1, w->sx, (MDL_SALU_HIST - 1) * sizeof w->sx[0]);
	memmove(w->sxu + 1, w->sxu, (MDL_SALU_HIST - 1) * sizeof w->sxu[0]);
	w->sx[0] = ex, w->sxu[0] = u;
}

/* A memory instruction: its completion cycle from the memory model or the
 * fixed latencies, its counter, the LDS pipe of the CU. */
static void issue_mem(struct mdl_sim *s, struct mdl_cu *cu, struct mdl_wave *w, uint64_t t)
{
	const struct mdl_consts *c = s->c;
	const struct emu_step *st = &w->nx;
	const struct emu_hzinfo *u = st->use;
	uint64_t done;
	unsigned bucket;
	if (st->space == EMU_SPACE_LDS && w->cls == ISA_CLS_LDS) {
		unsigned busy = mdl_lds_cycles(c, st);
		/* one LDS pipe per unit: a CU's in CU mode, the WGP's in WGP mode (docs/model.md, "LDS") */
		uint64_t *pipe = &cu->lds_free;
		uint64_t start = max64(t, *pipe);
		*pipe = start + busy;
		done = start + busy + (uint64_t)c->lds_latency;
		bucket = MDL_B_LDS;
	} else if (st->space == EMU_SPACE_SCALAR || w->cls == ISA_CLS_SMEM) {
		done = scalar_load(s, cu, w, t);
		bucket = MDL_B_SMEM;
	} else {
		/* a WGP's SIMDs 2-3 are its second CU's, with that CU's L0 */
		struct mdl_mem_req q = { .cu = cu->id + (s->simds > 2 && w->simd >= 2), .now = t, .addr = st->addr,
					 .exec = st->exec, .naddr = st->naddr, .bytes = st->bytes, .store = st->store,
					 .mall_noalloc = st->in && st->in->dlc, .scratch = st->space == EMU_SPACE_SCRATCH,
					 .wave = w->uid, .lag = w->grp->lag, .past = w->grp->past };
		if (s->o->mem)
			done = s->o->mem(s->o->mem_ctx, &q);
		else if (st->store && u->async_w == 0xff)
			done = t + (uint64_t)c->vmem_store_latency;
		else
			done = t + fixed_load_latency(c, cu, t);
		bucket = MDL_B_VMEM;
	}
	mdl_vgpr_overwritten(&cu->simd[w->simd], w, u);
	set_dst(w, u, done, bucket, true);
	push_out(w, done, u->counter, bucket, t);
}

/* The workgroup passed its barrier nbar at cycle go: how far it runs behind
 * the fastest workgroup of its CU, counted from placement (model/share.c:
 * the sampled sharing of lines). */
static void group_lead(struct mdl_cu *cu, struct mdl_group *g, uint64_t go)
{
	unsigned k = g->nbar++;
	if (k >= MDL_LEAD)
		return;
	uint64_t rel = go - g->start + 1;
	if (!cu->lead[k] || rel < cu->lead[k])
		cu->lead[k] = rel;
	g->lag = rel - cu->lead[k];
}

/* The s_barrier of the wave issued at t: the last live wave releases all. */
static void issue_barrier(struct mdl_sim *s, struct mdl_cu *cu, struct mdl_wave *w, uint64_t t)
{
	struct mdl_group *g = w->grp;
	w->state = MW_BARRIER;
	g->at_barrier++;
	g->barrier_t = max64(g->barrier_t, t);
	if (g->at_barrier < g->live)
		return;
	emu_group_release(g->eg);
	uint64_t go = g->barrier_t + (uint64_t)s->c->barrier_latency;
	group_lead(cu, g, go);
	g->at_barrier = 0;
	for (unsigned i = 0; i < g->nwaves; i++) {
		struct mdl_wave *x = g->w[i];
		if (x->state != MW_BARRIER)
			continue;
		x->extra = go;
		wave_fetch(s, x);
		if (x->state == MW_READY && x->ready == go)
			x->why = MDL_B_BARRIER;
	}
}

/* The wave ended: free its slot; true when its workgroup is complete. */
static bool wave_end(struct mdl_sim *s, struct mdl_cu *cu, struct mdl_wave *w, uint64_t t)
{
	struct mdl_group *g = w->grp;
	w->state = MW_DONE;
	cu->simd[w->simd].slot[w->slot] = NULL;
	if (t > s->end)
		s->end = t;
	if (t > cu->end)
		cu->end = t;
	g->live--;
	if (!g->live && g->later)
		cu->later_n++, cu->later_cycles += t + 1 - g->start;
	if (g->live && g->at_barrier == g->live) { /* the others wait at a barrier */
		g->at_barrier--;                       /* issue_barrier counts again */
		struct mdl_wave *x = NULL;
		for (unsigned i = 0; i < g->nwaves && !x; i++)
			if (g->w[i]->state == MW_BARRIER)
				x = g->w[i];
		issue_barrier(s, cu, x, g->barrier_t);
	}
	return g->live == 0;
}

/* Charge the SIMD's cycles up to and including the issue at t.  Each cycle is
 * charged once, so the buckets add up to the SIMD-cycles: a second issue in a
 * cycle already charged (one issue per class per cycle) only turns an "other
 * issue" cycle into "VALU busy" when it is a VALU op. */
static void account(struct mdl_sim *s, struct mdl_simd *sm, uint64_t t, unsigned why, bool valu)
{
	if (t < sm->acct) {
		if (valu && !sm->acct_valu && t + 1 == sm->acct) {
			s->r->bucket[MDL_B_ISSUE_OTHER]--;
			s->r->bucket[MDL_B_VALU_BUSY]++;
			sm->acct_valu = true;
		}
		return;
	}
	s->r->bucket[why] += t - sm->acct;
	s->r->bucket[valu ? MDL_B_VALU_BUSY : MDL_B_ISSUE_OTHER]++;
	sm->acct = t + 1;
	sm->acct_valu = valu;
}

bool mdl_cu_issue(struct mdl_sim *s, struct mdl_cu *cu, unsigned k)
{
	const struct mdl_consts *c = s->c;
	struct mdl_simd *sm = &cu->simd[k];
	struct mdl_wave *w = sm->pick;
	uint64_t t = sm->pick_t;
	const struct emu_step *st = &w->nx;
	const struct emu_inst *in = st->in;
	unsigned cls = w->cls;
	bool valu = cls == ISA_CLS_VALU || cls == ISA_CLS_TRANS;
	account(s, sm, t, sm->pick_why, valu);
	if (t > w->last_issue + 1 && t - w->last_issue - 1 > w->stall)
		w->stall = t - w->last_issue - 1, w->stall_why = sm->pick_why;
	if (s->o->on_issue) {
		struct mdl_issue is = { cu->id, k, w->slot, w->uid, st->pc, t, in };
		s->o->on_issue(s->o->issue_ctx, &is);
	}
	w->last_issue = t;
	w->extra = 0;
	w->prev_waits = cls == ISA_CLS_WAIT || in->op == ISA_OP_s_nop;
	if (in->op == ISA_OP_s_setprio)
		w->prio = (uint8_t)(in->simm16 & 3);
	/* SQTT: s_nop of several waves issue in one cycle (up to 7 in the
	 * traces); every other class issues once per cycle per SIMD */
	if (in->op != ISA_OP_s_nop)
		sm->cat_free[cls] = t + 1;
	bool group_done = false, others = cls == ISA_CLS_VMEM; /* others: another SIMD's pick may change */
	switch (cls) {
	case ISA_CLS_VALU:
	case ISA_CLS_TRANS: {
		bool wide = isa_ops[in->op].flags & ISA_F_F64;
		uint64_t stall = 0; /* cycles the register file's reads held the op */
		if (cls == ISA_CLS_TRANS)
			sm->trans_free = t + (uint64_t)c->trans_issue;
		if (isa_is_wmma(in->op))
			issue_wmma(s, sm, w, t);
		else
			stall = issue_valu(c, sm, w, t, cls == ISA_CLS_TRANS);
		sm->valu_free = t + stall +
				(uint64_t)(wide                     ? c->valu64_issue
					   : in->op == ISA_OP_v_dual ? c->vopd_issue
								     : c->valu_issue);
		sm->valu_bank = stall > 0;
		s->r->valu_ops += in->op == ISA_OP_v_dual ? 2 : 1;
		s->r->f64_ops += wide;
		break;
	}
	case ISA_CLS_SALU:
		w->last_salu = t;
		issue_salu(c, sm, w, t);
		set_dst(w, st->use, t + (uint64_t)c->salu_latency, MDL_B_SALU_DEP, false);
		break;
	case ISA_CLS_SMEM:
	case ISA_CLS_VMEM:
	case ISA_CLS_LDS:
		if (cls == ISA_CLS_VMEM)
			cu->vmem_free = t + (uint64_t)c->vmem_issue_interval;
		if (st->use->counter)
			issue_mem(s, cu, w, t);
		break;
	case ISA_CLS_BRANCH:
		w->extra = t + (uint64_t)(st->taken ? c->branch_taken : c->branch_not_taken);
		break;
	default:
		break;
	}
	if (cls == ISA_CLS_BARRIER || st->status == EMU_STEP_BARRIER) {
		issue_barrier(s, cu, w, t);
		others = true;
	} else if (st->status == EMU_STEP_DONE || st->status == EMU_STEP_FAULT) {
		group_done = wave_end(s, cu, w, t);
		others = true;
	} else {
		wave_fetch(s, w);
		if (w->state == MW_DONE)
			group_done = wave_end(s, cu, w, t), others = true;
	}
	/* A SIMD's pick depends on its own waves and the CU's vector memory port
	 * only: re-pick the others when a barrier, a wave's end or a VMEM issue
	 * may have changed them (a third of the model's time went to re-picks) */
	for (unsigned i = 0; i < s->simds; i++)
		if (i == k || others)
			mdl_cu_pick(s, cu, i);
	return group_done;
}
