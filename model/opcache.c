/* opcache.c — the VGPR reads of VALU ops: the SIMD's operand caches in front
 * of the register file, and the register file's read ports.  The rule and the
 * sources of vgpr_cache_ways and vgpr_read_ahead are in docs/model.md ("VGPR
 * reads") and model/consts.def.
 *
 * Each of the four VGPR banks (isa_vgpr_bank, n mod 4) has one operand cache
 * (the ISA guide, VOPD section: "each bank has a cache", read through three
 * ports, src0, src1 and src2) of vgpr_cache_ways entries, least recently used
 * out.  Any source slot hits an entry, and a VALU result enters the cache of
 * its bank as it is written, pushing out the oldest entry.  A VGPR one of the
 * wave's last MDL_OC_WR VALU ops wrote is forwarded (fresh) even when the
 * cache let it go; a VGPR a memory instruction overwrites leaves the cache.
 * Every other read misses and goes to the register file, which reads one VGPR
 * per bank per cycle.  The reads of an op start vgpr_read_ahead cycles before
 * the cycle it could otherwise execute, in order with the earlier ops' reads,
 * and the op executes no earlier than its last read: two misses in one bank
 * cost nothing after a cycle the bank was idle, three always cost a cycle.
 */
#include "isa/isa.h"
#include "model/internal.h"

/* The entry of bank b holding VGPR v of wave uid, or ways when none does. */
static unsigned oc_find(const struct mdl_simd *sm, unsigned b, unsigned ways, unsigned v, uint64_t uid)
{
	for (unsigned j = 0; j < ways; j++)
		if (sm->oc_vgpr[b][j] == v + 1 && sm->oc_wave[b][j] == uid)
			return j;
	return ways;
}

/* VGPR v of wave uid becomes bank b's most recent entry: entry j (the one
 * oc_find found holding it, or ways: the oldest) leaves and the younger ones
 * age by one. */
static void oc_touch(struct mdl_simd *sm, unsigned b, unsigned j, unsigned ways, unsigned v, uint64_t uid)
{
	if (j == ways)
		j = ways - 1;
	for (; j > 0; j--)
		sm->oc_vgpr[b][j] = sm->oc_vgpr[b][j - 1], sm->oc_wave[b][j] = sm->oc_wave[b][j - 1];
	sm->oc_vgpr[b][0] = (uint16_t)(v + 1), sm->oc_wave[b][0] = uid;
}

/* The VGPR an operand code names, if it names one. */
static bool oc_vgpr(unsigned code, unsigned *v)
{
	if (code < EMU_OPND_VGPR0 || code >= EMU_OPND_VGPR0 + ISA_VGPRS)
		return false;
	*v = code - EMU_OPND_VGPR0;
	return true;
}

/* One VGPR source of a VALU op: a hit when its bank's cache holds it for this
 * wave or the wave wrote it lately; the cache now holds it.  A VGPR the op
 * already read through another slot is read from the register file once. */
static void oc_read(struct mdl_simd *sm, const struct mdl_wave *w, unsigned ways, unsigned code, unsigned *miss,
		    unsigned *seen, unsigned *nseen)
{
	unsigned v;
	if (!oc_vgpr(code, &v))
		return;
	unsigned b = isa_vgpr_bank(v), j = oc_find(sm, b, ways, v, w->uid);
	bool hit = j < ways || (w->oc_wseq[v] && w->oc_nvalu - w->oc_wseq[v] < MDL_OC_WR);
	oc_touch(sm, b, j, ways, v, w->uid);
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
	unsigned ways = c->vgpr_cache_ways < 1 ? 1 : c->vgpr_cache_ways > MDL_OC_WAYS ? MDL_OC_WAYS : (unsigned)c->vgpr_cache_ways;
	if (in->enc == ISA_ENC_VOPD) {
		const struct emu_vopd_half *h[2] = { &in->x, &in->y };
		for (unsigned i = 0; i < 2; i++) {
			oc_read(sm, w, ways, h[i]->src0, miss, seen, &nseen);
			oc_read(sm, w, ways, h[i]->src1, miss, seen, &nseen);
			oc_read(sm, w, ways, h[i]->src2, miss, seen, &nseen);
		}
	} else {
		for (unsigned k = 0; k < 3; k++)
			if (in->src[k] != EMU_OPND_NONE)
				oc_read(sm, w, ways, in->src[k], miss, seen, &nseen);
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
	/* the op's results enter their banks' caches, and a later op of the
	 * wave reads them as fresh */
	for (unsigned i = 0; i < u->nw; i++)
		for (unsigned k = 0; k < u->w[i].n; k++) {
			unsigned v;
			if (!oc_vgpr(u->w[i].code + k, &v))
				continue;
			unsigned b = isa_vgpr_bank(v);
			oc_touch(sm, b, oc_find(sm, b, ways, v, w->uid), ways, v, w->uid);
			w->oc_wseq[v] = w->oc_nvalu + 1;
		}
	w->oc_nvalu++;
	return ex;
}

/* A memory instruction of the wave will overwrite VGPRs (a load's data, an
 * atomic's return): their old values leave the caches and are no longer
 * fresh, so the next read of one misses. */
void mdl_vgpr_overwritten(struct mdl_simd *sm, struct mdl_wave *w, const struct emu_hzinfo *u)
{
	for (unsigned i = 0; i < u->nw; i++)
		for (unsigned k = 0; k < u->w[i].n; k++) {
			unsigned v;
			if (!oc_vgpr(u->w[i].code + k, &v))
				continue;
			/* oc_touch moves a VGPR, so a bank holds it once at most */
			unsigned b = isa_vgpr_bank(v), j = oc_find(sm, b, MDL_OC_WAYS, v, w->uid);
			if (j < MDL_OC_WAYS)
				sm->oc_vgpr[b][j] = 0;
			w->oc_wseq[v] = 0;
		}
}
