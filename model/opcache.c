/* opcache.c — the VGPR reads of VALU ops: the SIMD's operand cache in front of
 * the register file, and the register file's read ports.  The rule and the
 * source of vgpr_read_ahead are in docs/model.md ("VGPR banks") and
 * model/consts.def.
 *
 * Each of the four VGPR banks (isa_vgpr_bank, n mod 4) has an operand cache
 * with one entry per source slot (src0, src1, src2: the ISA guide's three read
 * ports per bank, VOPD section) holding the VGPR last read through it; a VGPR
 * one of the wave's last MDL_OC_WR VALU ops wrote is forwarded (fresh).  Every
 * other read misses and goes to the register file, which reads one VGPR per
 * bank per cycle.  The reads of an op start vgpr_read_ahead cycles before the
 * cycle it could otherwise execute, in order with the earlier ops' reads, and
 * the op executes no earlier than its last read: two misses in one bank cost
 * nothing after a cycle the bank was idle, three always cost a cycle.
 */
#include "isa/isa.h"
#include "model/internal.h"

/* One VGPR source of a VALU op through slot k (src0, src1, src2) of its bank:
 * a hit when that port last read it for this wave or the wave wrote it
 * lately; the port now holds it.  A VGPR the op already read through another
 * slot is read from the register file once. */
static void oc_read(struct mdl_simd *sm, const struct mdl_wave *w, unsigned code, unsigned k, unsigned *miss,
		    unsigned *seen, unsigned *nseen)
{
	if (code < EMU_OPND_VGPR0 || code >= EMU_OPND_VGPR0 + ISA_VGPRS)
		return;
	unsigned v = code - EMU_OPND_VGPR0, b = isa_vgpr_bank(v);
	bool hit = (sm->oc_vgpr[b][k] == v + 1 && sm->oc_wave[b][k] == w->uid) ||
		   (w->oc_wseq[v] && w->oc_nvalu - w->oc_wseq[v] < MDL_OC_WR);
	sm->oc_vgpr[b][k] = (uint16_t)(v + 1), sm->oc_wave[b][k] = w->uid;
	if (hit)
		return;
	for (unsigned i = 0; i < *nseen; i++)
		if (seen[i] == v)
			return;
	seen[(*nseen)++] = v;
	miss[b]++;
}

uint64_t mdl_vgpr_reads(const struct mdl_consts *c, struct mdl_simd *sm, struct mdl_wave *w, const struct emu_inst *in,
			const struct emu_hzinfo *u, uint64_t ex0)
{
	unsigned miss[ISA_VGPR_BANKS] = { 0 }, seen[6], nseen = 0;
	if (in->enc == ISA_ENC_VOPD) {
		const struct emu_vopd_half *h[2] = { &in->x, &in->y };
		for (unsigned i = 0; i < 2; i++) {
			oc_read(sm, w, h[i]->src0, 0, miss, seen, &nseen);
			oc_read(sm, w, h[i]->src1, 1, miss, seen, &nseen);
			oc_read(sm, w, h[i]->src2, 2, miss, seen, &nseen);
		}
	} else {
		for (unsigned k = 0; k < 3; k++)
			if (in->src[k] != EMU_OPND_NONE)
				oc_read(sm, w, in->src[k], k, miss, seen, &nseen);
	}
	/* the register file: one read per bank per cycle, from ahead cycles
	 * before the op could execute */
	uint64_t ahead = c->vgpr_read_ahead > 0 ? (uint64_t)c->vgpr_read_ahead : 0;
	uint64_t start = ex0 > ahead ? ex0 - ahead : 0, ex = ex0;
	for (unsigned b = 0; b < ISA_VGPR_BANKS; b++) {
		if (!miss[b])
			continue;
		uint64_t first = sm->rf_free[b] > start ? sm->rf_free[b] : start, last = first + miss[b] - 1;
		sm->rf_free[b] = last + 1;
		ex = last > ex ? last : ex;
	}
	/* the op's results: a later op of the wave reads them as fresh */
	for (unsigned i = 0; i < u->nw; i++)
		for (unsigned k = 0; k < u->w[i].n; k++) {
			unsigned code = u->w[i].code + k;
			if (code < EMU_OPND_VGPR0 || code >= EMU_OPND_VGPR0 + ISA_VGPRS)
				continue;
			unsigned v = code - EMU_OPND_VGPR0, b = isa_vgpr_bank(v);
			for (unsigned s = 0; s < 3; s++)
				if (sm->oc_vgpr[b][s] == v + 1 && sm->oc_wave[b][s] == w->uid)
					sm->oc_vgpr[b][s] = 0;
			w->oc_wseq[v] = w->oc_nvalu + 1;
		}
	w->oc_nvalu++;
	return ex;
}
