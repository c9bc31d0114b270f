/* hazard.c — the bug catchers: missing s_waitcnt, LDS races, VOPD bank
 * conflicts, WMMA results read too early, registers beyond the descriptor's
 * allocation.  Each check is listed
 * in emu/HAZARDS.md with its trigger, rule and test.
 *
 * The emulator performs every memory access when the instruction issues, so a
 * program with a missing wait still computes the right answer here; the
 * counters below model when the hardware could deliver the data, and a read of
 * a register whose load is not yet proven complete is a fault.
 *
 * Counter rules (gfx11): vmcnt counts loads and returns them in order; vscnt
 * counts stores (s_waitcnt_vscnt); lgkmcnt counts LDS and SMEM: LDS in order
 * among themselves, SMEM in any order.  After "counter <= N":
 *   in-order op: complete iff at least N ops of its kind were issued after it;
 *   SMEM op: complete only when N = 0.
 */
#include "emu/machine.h"

#include <stdio.h>
#include <string.h>

static void add_r(struct emu_hzinfo *h, unsigned code, unsigned n)
{
	if (code == EMU_OPND_NONE || n == 0 || (code >= 128 && code < EMU_OPND_VGPR0) || code == EMU_OPND_NULL)
		return;
	if (h->nr < EMU_HZ_MAXR)
		h->r[h->nr++] = (struct emu_regs){ (uint16_t)code, (uint8_t)n };
}

static void add_w(struct emu_hzinfo *h, unsigned code, unsigned n)
{
	if (code == EMU_OPND_NONE || n == 0 || (code >= 128 && code < EMU_OPND_VGPR0) || code == EMU_OPND_NULL)
		return;
	if (h->nw < EMU_HZ_MAXW)
		h->w[h->nw++] = (struct emu_regs){ (uint16_t)code, (uint8_t)n };
}

static bool vgpr_over(const struct emu_hzinfo *h, unsigned limit)
{
	for (unsigned i = 0; i < h->nr; i++)
		if (h->r[i].code >= EMU_OPND_VGPR0 && (unsigned)(h->r[i].code - EMU_OPND_VGPR0 + h->r[i].n) > limit)
			return true;
	for (unsigned i = 0; i < h->nw; i++)
		if (h->w[i].code >= EMU_OPND_VGPR0 && (unsigned)(h->w[i].code - EMU_OPND_VGPR0 + h->w[i].n) > limit)
			return true;
	return false;
}

/* Two VGPR operand codes in the same bank (the rule of isa/isa.h). */
static bool same_bank(unsigned a, unsigned b)
{
	return isa_vgpr_bank(a - EMU_OPND_VGPR0) == isa_vgpr_bank(b - EMU_OPND_VGPR0);
}

static void vopd_half(struct emu_hzinfo *h, const struct emu_vopd_half *x)
{
	add_r(h, x->src0, 1);
	add_r(h, x->src1, 1);
	add_r(h, x->src2, 1);
	add_w(h, x->dst, 1);
}

/* The TRANS-use hazard's view of an instruction (enum emu_tu_kind): nothing
 * unless the target has FeatureVALUTransUseHazard (isa/targets.def) and the
 * check is on.  What ends the window is LLVM's: VMEM, FLAT, DS (and exports),
 * and s_waitcnt_depctr with va_vdst 0 (bits 15:12; LLVM inserts 0x0fff). */
static uint8_t trans_use_kind(const struct emu_run *run, const struct emu_inst *in)
{
	unsigned cls = isa_ops[in->op].cls;
	if (!(run->target->features & ISA_F_VALU_TRANS_USE_HAZARD) || !(run->checks & EMU_CHECK_TRANS_USE))
		return EMU_TU_NONE;
	if (cls == ISA_CLS_TRANS)
		return EMU_TU_TRANS;
	if (cls == ISA_CLS_VALU)
		return EMU_TU_VALU;
	if (cls == ISA_CLS_VMEM || cls == ISA_CLS_LDS || (in->op == ISA_OP_s_waitcnt_depctr && !(in->simm16 >> 12 & 15)))
		return EMU_TU_EXPIRE;
	return EMU_TU_NONE;
}

/* Register ranges, asynchronous destination, counter; refusals found once. */
void emu_hz_decode(const struct emu_run *run, struct emu_dinst *d)
{
	const struct emu_inst *in = &d->in;
	const struct isa_opinfo *oi = &isa_ops[in->op];
	struct emu_hzinfo *h = &d->hz;
	memset(h, 0, sizeof *h);
	h->async_w = 0xff;
	d->valu = EMU_VK_OTHER;
	if (isa_is_wmma(in->op))
		d->valu = EMU_VK_WMMA;
	else if (oi->cls == ISA_CLS_VALU || oi->cls == ISA_CLS_TRANS)
		d->valu = EMU_VK_VALU;
	d->tu = trans_use_kind(run, in);
	switch (in->enc) {
	case ISA_ENC_VOPD:
		vopd_half(h, &in->x);
		vopd_half(h, &in->y);
		if (run->checks & EMU_CHECK_VOPD) {
			/* Each VGPR bank (isa_vgpr_bank) has one src0 and one src1
			 * read port (ISA guide, VOPD restrictions).  One half reading what the
			 * other writes is no fault: both read before either writes. */
			if (emu_opnd_vgpr(in->x.src0) && emu_opnd_vgpr(in->y.src0) && same_bank(in->x.src0, in->y.src0))
				d->bad = EMU_BAD_VOPD_SRC0;
			else if (emu_opnd_vgpr(in->x.src1) && emu_opnd_vgpr(in->y.src1) && same_bank(in->x.src1, in->y.src1))
				d->bad = EMU_BAD_VOPD_SRC1;
		}
		break;
	case ISA_ENC_SMEM:
		add_r(h, in->sbase, oi->src0);
		add_r(h, in->soffset, 1);
		if (oi->dst) {
			h->async_w = h->nw;
			add_w(h, in->dst, oi->dst);
		}
		h->counter = EMU_CNT_SMEM;
		break;
	case ISA_ENC_DS:
		add_r(h, in->addr, oi->src0);
		add_r(h, in->data0, oi->src1);
		add_r(h, in->data1, oi->src2);
		if (oi->dst && (oi->flags & ISA_F_LOAD)) {
			h->async_w = h->nw;
			add_w(h, in->dst, oi->dst);
		}
		h->counter = EMU_CNT_LDS;
		break;
	case ISA_ENC_MUBUF:
	case ISA_ENC_MTBUF:
		if (!(oi->flags & (ISA_F_LOAD | ISA_F_STORE)))
			break; /* cache invalidations */
		add_r(h, in->addr, in->idxen && in->offen ? 2 : 1);
		add_r(h, in->sbase, 4);
		if (in->soffset <= EMU_OPND_EXEC_HI)
			add_r(h, in->soffset, 1);
		add_r(h, in->data0, oi->src1);
		if (oi->flags & ISA_F_LOAD) {
			h->async_w = h->nw;
			add_w(h, in->dst, oi->dst);
		}
		h->counter = (oi->flags & ISA_F_LOAD) ? EMU_CNT_VM : EMU_CNT_VS;
		break;
	case ISA_ENC_GLOBAL:
	case ISA_ENC_SCRATCH:
	case ISA_ENC_FLAT:
		add_r(h, in->addr, in->saddr == EMU_OPND_NONE ? (in->enc == ISA_ENC_SCRATCH ? 1 : 2) : 1);
		add_r(h, in->saddr, in->enc == ISA_ENC_SCRATCH ? 1 : 2);
		add_r(h, in->data0, oi->src1);
		/* loads and returning atomics (glc) count on vmcnt, everything else on vscnt */
		if (oi->dst && in->dst != EMU_OPND_NONE && (oi->flags & (ISA_F_LOAD | ISA_F_ATOMIC))) {
			h->async_w = h->nw;
			add_w(h, in->dst, oi->dst);
			h->counter = EMU_CNT_VM;
		} else {
			h->counter = (oi->flags & ISA_F_LOAD) ? EMU_CNT_VM : EMU_CNT_VS;
		}
		break;
	default: {
		static const uint8_t one = 1;
		const uint8_t sz[3] = { oi->src0, oi->src1, oi->src2 };
		for (unsigned i = 0; i < 3; i++)
			add_r(h, in->src[i], sz[i] ? sz[i] : (in->src[i] != EMU_OPND_NONE ? one : 0));
		add_w(h, in->dst, oi->dst);
		add_w(h, in->sdst, 1);
		if (oi->flags & ISA_F_WEXEC)
			add_w(h, EMU_OPND_EXEC_LO, 1);
		if (oi->flags & ISA_F_RVCC)
			add_r(h, EMU_OPND_VCC_LO, 1);
		break;
	}
	}
	for (unsigned i = 0; i < h->nr; i++)
		for (unsigned k = 0; k < h->r[i].n; k++)
			h->mask[(h->r[i].code + k) >> 6 & 7] |= 1ull << ((h->r[i].code + k) & 63);
	for (unsigned i = 0; i < h->nw; i++)
		if (i != h->async_w)
			for (unsigned k = 0; k < h->w[i].n; k++)
				h->mask[(h->w[i].code + k) >> 6 & 7] |= 1ull << ((h->w[i].code + k) & 63);
	if (vgpr_over(h, run->kd.vgprs))
		d->bad = EMU_BAD_VGPR;
}

static inline bool retired(const struct emu_wave *w, const struct emu_pending *p)
{
	return p->seq <= w->done[p->counter];
}

static const char *cnt_name(unsigned c)
{
	switch (c) {
	case EMU_CNT_VM: return "vmcnt";
	case EMU_CNT_LDS:
	case EMU_CNT_SMEM: return "lgkmcnt";
	default: return "vscnt";
	}
}

static void reg_name(unsigned code, char *buf, size_t n)
{
	if (code >= EMU_OPND_VGPR0)
		snprintf(buf, n, "v%u", code - EMU_OPND_VGPR0);
	else if (code <= EMU_OPND_SGPR_MAX)
		snprintf(buf, n, "s%u", code);
	else
		snprintf(buf, n, "operand %u", code);
}

static EMU_COLD void missing_wait(struct emu_wave *w, unsigned code, const struct emu_pending *p, const char *what)
{
	char r[16];
	reg_name(code, r, sizeof r);
	emu_fault(w, ~0u, EMU_E_FAULT,
		  "missing s_waitcnt: %s %s before the load at pc 0x%llx returned (needs %s)", what, r,
		  (unsigned long long)(w->g->run->code->addr + p->load_pc_lo), cnt_name(p->counter));
}

/* A register is pending; resolve it or report it.  Returns false on a fault. */
static bool settle(struct emu_wave *w, unsigned code, const char *what)
{
	struct emu_pending *p = &w->pend[code];
	if (!p->seq)
		return true;
	if (retired(w, p)) {
		p->seq = 0;
		w->npending--;
		w->pmask[code >> 6] &= ~(1ull << (code & 63));
		return true;
	}
	missing_wait(w, code, p, what);
	return false;
}

void emu_hz_check(struct emu_wave *w, const struct emu_dinst *d)
{
	const struct emu_hzinfo *h = &d->hz;
	uint64_t hit = 0;
	for (unsigned i = 0; i < 8; i++)
		hit |= h->mask[i] & w->pmask[i];
	if (hit) {
		for (unsigned i = 0; i < h->nr; i++)
			for (unsigned k = 0; k < h->r[i].n; k++)
				if (!settle(w, h->r[i].code + k, "reads"))
					return;
		for (unsigned i = 0; i < h->nw; i++) {
			if (i == h->async_w)
				continue;
			for (unsigned k = 0; k < h->w[i].n; k++)
				if (!settle(w, h->w[i].code + k, "overwrites"))
					return;
		}
	}
	if (!h->counter)
		return;
	uint32_t seq = ++w->issued[h->counter];
	if (h->async_w == 0xff)
		return;
	const struct emu_regs *r = &h->w[h->async_w];
	for (unsigned k = 0; k < r->n; k++) {
		struct emu_pending *p = &w->pend[r->code + k];
		if (p->seq && !retired(w, p) && !(p->counter == h->counter && h->counter != EMU_CNT_SMEM)) {
			/* Two loads racing for one register, on different or unordered counters. */
			missing_wait(w, r->code + k, p, "a second load overwrites");
			return;
		}
		if (!p->seq) {
			w->npending++;
			w->pmask[(r->code + k) >> 6] |= 1ull << ((r->code + k) & 63);
			if (w->nplist < 64)
				w->plist[w->nplist] = (uint16_t)(r->code + k);
			w->nplist++;
		}
		p->seq = seq;
		p->counter = h->counter;
		p->load_pc_lo = (uint32_t)(w->pc - w->g->run->code->addr);
	}
}

/* WMMA hazard (gfx11): a WMMA must not read as A or B a VGPR that the WMMA
 * just before it wrote as D, unless a VALU instruction (an independent one, or
 * v_nop) issues between them; non-VALU instructions in between do not count.
 * C may be the previous D (the hardware waits for it), and so may any operand
 * of a non-WMMA VALU.  Called for a VALU instruction while the last VALU was a
 * WMMA, and for every WMMA (emu_hz_wmma_needed). */
void emu_hz_wmma(struct emu_wave *w, const struct emu_dinst *d)
{
	const struct emu_inst *in = &d->in;
	if (d->valu == EMU_VK_WMMA) {
		if (w->wmma_live && (w->g->run->checks & EMU_CHECK_WMMA))
			for (unsigned i = 0; i < 2; i++) {
				unsigned lo = in->src[i], n = i ? isa_ops[in->op].src1 : isa_ops[in->op].src0;
				if (!emu_opnd_vgpr(lo) || lo >= w->wmma_d + 8u || w->wmma_d >= lo + n)
					continue;
				unsigned v = (lo > w->wmma_d ? lo : w->wmma_d) - EMU_OPND_VGPR0;
				emu_fault(w, ~0u, EMU_E_FAULT,
					  "WMMA hazard: reads v%u as %c, written as D by the WMMA at pc 0x%llx just before; "
					  "needs a VALU instruction (v_nop) between them",
					  v, "AB"[i], (unsigned long long)(w->g->run->code->addr + w->wmma_pc));
				return;
			}
		w->wmma_live = 1;
		w->wmma_d = in->dst;
		w->wmma_pc = (uint32_t)(w->pc - w->g->run->code->addr);
	} else {
		w->wmma_live = 0;
	}
}

/* TRANS-use hazard (FeatureVALUTransUseHazard, the 11.0 targets): a VALU
 * instruction (TRANS ones included) must not read a VGPR a TRANS instruction
 * wrote while at most 5 VALU and at most 1 other TRANS instructions issued
 * between them, unless something that waits for VALU results (VMEM, FLAT, DS,
 * s_waitcnt_depctr va_vdst(0)) came between: LLVM's
 * GCNHazardRecognizer::fixVALUTransUseHazard, which inserts
 * s_waitcnt_depctr 0x0fff.  s_delay_alu does not count.  Only the last two
 * TRANS results can be in the window (two more TRANS end it). */
void emu_hz_trans(struct emu_wave *w, const struct emu_dinst *d)
{
	const struct emu_hzinfo *h = &d->hz;
	bool live = false;
	if (d->tu == EMU_TU_EXPIRE && isa_ops[d->in.op].cls != ISA_CLS_VALU) {
		w->tu_live = 0;
		w->tu_rec[0].n = w->tu_rec[1].n = 0;
		return;
	}
	for (unsigned k = 0; k < 2; k++) {
		struct emu_tu_rec *t = &w->tu_rec[k];
		uint32_t valus = w->tu_valus - t->valus, trans = w->tu_trans - t->trans;
		if (!t->n || valus > 5 || trans > 1) {
			t->n = 0;
			continue;
		}
		live = true;
		for (unsigned i = 0; i < h->nr; i++) {
			const struct emu_regs *r = &h->r[i];
			if (r->code < EMU_OPND_VGPR0 || r->code >= t->code + t->n || t->code >= r->code + r->n)
				continue;
			unsigned v = (r->code > t->code ? r->code : t->code) - EMU_OPND_VGPR0;
			emu_fault(w, ~0u, EMU_E_FAULT,
				  "TRANS-use hazard: reads v%u, written by the TRANS instruction at pc 0x%llx with %u VALU "
				  "and %u TRANS instructions between (%s: FeatureVALUTransUseHazard); needs s_waitcnt_depctr "
				  "0xfff before it",
				  v, (unsigned long long)(w->g->run->code->addr + t->pc), valus, trans, w->g->run->target->name);
			return;
		}
	}
	w->tu_valus++;
	if (d->tu == EMU_TU_TRANS) {
		w->tu_trans++;
		w->tu_rec[1] = w->tu_rec[0];
		w->tu_rec[0] = (struct emu_tu_rec){ 0, 0, w->tu_valus, w->tu_trans, (uint32_t)(w->pc - w->g->run->code->addr) };
		for (unsigned i = 0; i < h->nw; i++)
			if (h->w[i].code >= EMU_OPND_VGPR0) {
				w->tu_rec[0].code = h->w[i].code;
				w->tu_rec[0].n = h->w[i].n;
				live = true;
				break;
			}
	}
	/* nothing live: the VALUs that follow are not counted, so forget the records */
	w->tu_live = live ? EMU_TU_LIVE : 0;
	if (!live)
		w->tu_rec[0].n = w->tu_rec[1].n = 0;
}

void emu_hz_waitcnt(struct emu_wave *w, unsigned vm, unsigned lgkm, unsigned vs)
{
	if (w->issued[EMU_CNT_VM] > vm && w->issued[EMU_CNT_VM] - vm > w->done[EMU_CNT_VM])
		w->done[EMU_CNT_VM] = w->issued[EMU_CNT_VM] - vm;
	if (w->issued[EMU_CNT_VS] > vs && w->issued[EMU_CNT_VS] - vs > w->done[EMU_CNT_VS])
		w->done[EMU_CNT_VS] = w->issued[EMU_CNT_VS] - vs;
	if (w->issued[EMU_CNT_LDS] > lgkm && w->issued[EMU_CNT_LDS] - lgkm > w->done[EMU_CNT_LDS])
		w->done[EMU_CNT_LDS] = w->issued[EMU_CNT_LDS] - lgkm;
	if (lgkm == 0)
		w->done[EMU_CNT_SMEM] = w->issued[EMU_CNT_SMEM];
	/* Everything returned: forget the pending registers now rather than when each
	 * is next read, so the step loop stops calling the checker. */
	if (w->npending && w->done[EMU_CNT_VM] == w->issued[EMU_CNT_VM] && w->done[EMU_CNT_LDS] == w->issued[EMU_CNT_LDS] &&
	    w->done[EMU_CNT_SMEM] == w->issued[EMU_CNT_SMEM]) {
		if (w->nplist <= 64) {
			for (unsigned i = 0; i < w->nplist; i++)
				w->pend[w->plist[i]].seq = 0;
		} else {
			for (unsigned i = 0; i < 512; i++)
				w->pend[i].seq = 0;
		}
		w->npending = 0;
		w->nplist = 0;
		memset(w->pmask, 0, sizeof w->pmask);
	}
}

/* LDS race: between two barriers (one epoch), a dword written by one wave must
 * not be read or written by another.  Per epoch: one bitmap of the dwords
 * written (the writer is in the shadow), one bitmap per wave of the dwords it
 * read; all cleared when the epoch changes (emu_hz_epoch).  A read costs a bit
 * test and a bit set; a write checks the other waves' read bitmaps. */
void emu_hz_epoch(struct emu_group *g)
{
	memset(g->lds_wbits, 0, (size_t)g->lds_words * (g->nwaves + 1) * sizeof g->lds_wbits[0]);
}

static EMU_COLD void lds_race(struct emu_wave *w, unsigned lane, uint32_t dw, bool write, unsigned other, bool other_wrote)
{
	emu_fault(w, lane, EMU_E_FAULT, "LDS race: %s of LDS byte 0x%x, %s by wave %u since the last s_barrier",
		  write ? "write" : "read", dw * 4, other_wrote ? "written" : "read", other);
}

void emu_hz_lds(struct emu_wave *w, unsigned lane, uint32_t addr, unsigned n, bool write)
{
	struct emu_group *g = w->g;
	uint32_t me = w->id;
	uint64_t *wb = g->lds_wbits, *rb = g->lds_wbits + (size_t)g->lds_words * (1 + me);
	uint32_t first = addr >> 2, last = (addr + n - 1) >> 2;
	/* Fast path: the access lies in one bitmap word, nothing marked late, and no
	 * dword of it written in this epoch (by anyone: the slow path sorts out "me"). */
	if (EMU_LIKELY((first >> 6) == (last >> 6) && g->late_epoch != g->epoch)) {
		uint32_t word = first >> 6;
		uint64_t mask = (~0ull >> (63 - (last - first))) << (first & 63);
		if (!(wb[word] & mask)) {
			if (!write) {
				rb[word] |= mask;
				return;
			}
			uint64_t others = 0;
			for (unsigned j = 0; j < g->nwaves; j++)
				if (j != me)
					others |= g->lds_wbits[(size_t)g->lds_words * (1 + j) + word];
			if (!(others & mask)) {
				wb[word] |= mask;
				for (uint32_t dw = first; dw <= last; dw++)
					g->shadow[dw].writer = (uint8_t)me;
				return;
			}
		}
	}
	for (uint32_t dw = first; dw <= last; dw++) {
		uint32_t word = dw >> 6;
		uint64_t bit = 1ull << (dw & 63);
		if (EMU_UNLIKELY(g->late_epoch == g->epoch)) {
			const struct emu_lds_shadow *s = &g->shadow[dw];
			if (s->late_epoch == g->epoch && s->late_writer != me) {
				emu_fault(w, lane, EMU_E_FAULT,
					  "LDS %s of byte 0x%x that wave %u stored at pc 0x%llx without s_waitcnt lgkmcnt(0) before s_barrier",
					  write ? "write" : "read", dw * 4, s->late_writer,
					  (unsigned long long)(g->run->code->addr + s->late_pc));
				return;
			}
		}
		if ((wb[word] & bit) && g->shadow[dw].writer != me) {
			lds_race(w, lane, dw, write, g->shadow[dw].writer, true);
			return;
		}
		if (!write) {
			rb[word] |= bit;
			continue;
		}
		for (unsigned j = 0; j < g->nwaves; j++) {
			if (j != me && (g->lds_wbits[(size_t)g->lds_words * (1 + j) + word] & bit)) {
				lds_race(w, lane, dw, write, j, false);
				return;
			}
		}
		wb[word] |= bit;
		g->shadow[dw].writer = (uint8_t)me;
	}
}

/* Unwaited LDS stores at a barrier.  The emulator performs a store at issue, but
 * the hardware may complete it after s_barrier releases the other waves, which
 * then read stale data.  Stores are remembered (lane addresses) until the wave
 * reaches a barrier; those whose lgkmcnt is not yet proven are marked in the
 * shadow for the next epoch, and another wave touching them there is a fault. */
void emu_hz_lds_store(struct emu_wave *w, const uint32_t *addr, unsigned naddr, unsigned n)
{
	struct emu_lds_store *s = &w->ldsst[w->nldsst++ % EMU_LDS_RING];
	s->seq = w->issued[EMU_CNT_LDS];
	s->pc_off = (uint32_t)(w->pc - w->g->run->code->addr);
	s->n = n;
	s->naddr = naddr;
	memcpy(s->addr, addr, naddr * sizeof addr[0]);
}

void emu_hz_barrier_wave(struct emu_wave *w)
{
	struct emu_group *g = w->g;
	unsigned k = w->nldsst < EMU_LDS_RING ? w->nldsst : EMU_LDS_RING;
	for (unsigned i = 0; i < k; i++) {
		const struct emu_lds_store *s = &w->ldsst[i];
		if (s->seq <= w->done[EMU_CNT_LDS])
			continue;
		for (unsigned a = 0; a < s->naddr; a++)
			for (uint32_t dw = s->addr[a] >> 2; dw <= (s->addr[a] + s->n - 1) >> 2; dw++) {
				struct emu_lds_shadow *sh = &g->shadow[dw];
				sh->late_epoch = g->epoch + 1;
				g->late_epoch = g->epoch + 1;
				sh->late_writer = (uint8_t)w->id;
				sh->late_pc = s->pc_off;
			}
	}
	w->nldsst = 0;
}
