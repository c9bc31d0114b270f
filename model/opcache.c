/* opcache.c — VGPR bank conflicts of VALU ops through the SIMD's operand
 * cache (vgpr_alloc/BANKS.md, section 2, plus fresh results): which source
 * reads miss the cache, and how many extra register-file cycles the worst
 * bank costs.  The rule and the source of vgpr_bank_conflict are in
 * docs/model.md and model/consts.def.
 */
#include "isa/isa.h"
#include "model/internal.h"

/* One VGPR source of a VALU op through slot k (src0, src1, src2) of its bank:
 * a hit when that port last read it for this wave or the wave wrote it
 * lately; the port now holds it.  Counts misses per bank. */
static void oc_read(struct mdl_simd *sm, const struct mdl_wave *w, unsigned code, unsigned k, unsigned *miss)
{
	if (code < EMU_OPND_VGPR0 || code >= EMU_OPND_VGPR0 + ISA_VGPRS)
		return;
	unsigned v = code - EMU_OPND_VGPR0, b = isa_vgpr_bank(v);
	bool hit = (sm->oc_vgpr[b][k] == v + 1 && sm->oc_wave[b][k] == w->uid) ||
		   (w->oc_wseq[v] && w->oc_nvalu - w->oc_wseq[v] < MDL_OC_WR);
	miss[b] += !hit;
	sm->oc_vgpr[b][k] = (uint16_t)(v + 1), sm->oc_wave[b][k] = w->uid;
}

/* Extra cycles of register-file reads of a VALU op (the VGPR bank model of
 * vgpr_alloc/BANKS.md, section 2, plus fresh results): the misses of one bank
 * are read one per cycle, so the op takes (most misses in one bank - 1)
 * cycles more.  Updates the SIMD's operand cache and the wave's fresh results. */
unsigned mdl_vgpr_bank_extra(struct mdl_simd *sm, struct mdl_wave *w, const struct emu_inst *in,
			     const struct emu_hzinfo *u)
{
	unsigned miss[ISA_VGPR_BANKS] = { 0 }, worst = 0;
	if (in->enc == EMU_ENC_VOPD) {
		const struct emu_vopd_half *h[2] = { &in->x, &in->y };
		for (unsigned i = 0; i < 2; i++) {
			oc_read(sm, w, h[i]->src0, 0, miss);
			oc_read(sm, w, h[i]->src1, 1, miss);
			oc_read(sm, w, h[i]->src2, 2, miss);
		}
	} else {
		for (unsigned k = 0; k < 3; k++)
			if (in->src[k] != EMU_OPND_NONE && (k == 0 || in->src[k] != in->src[k - 1]))
				oc_read(sm, w, in->src[k], k, miss);
	}
	for (unsigned b = 0; b < ISA_VGPR_BANKS; b++)
		worst = miss[b] > worst ? miss[b] : worst;
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
	return worst > 1 ? worst - 1 : 0;
}
