/* report_wmma.c — the WMMA part of the register-bank report: where each
 * fragment (A, B, C, D) of the main loop's v_wmma_* sits, in which banks, how
 * many WMMAs one k-step issues, the VALU work beside them, the VGPR budget, and
 * the chained-WMMA hazard of emu/HAZARDS.md.  docs/report.md, "WMMA".
 *
 * What is stated about banks is what is known: the bank of each fragment VGPR
 * and how many reads each bank takes.  We found no bank rule for WMMA operands
 * in the RDNA3 ISA guide (VOPD has one) and none of the recorded RX 7900 XTX
 * traces runs a WMMA, so no cost is given, and the bank-cache model leaves WMMA
 * reads out (fill_record in report.c records a WMMA's D write only). */
#include <stdio.h>
#include <string.h>

#include "emu/decode.h"
#include "report/report_internal.h"

static const char *const role_name[RP_WM_ROLES] = { "A", "B", "C", "D" };

void rp_wmma_record(struct rp_inst *ri, unsigned op, const unsigned src[3], int wv)
{
	const struct isa_opinfo *r = &isa_ops[op];
	const unsigned n[RP_WM_ROLES] = { r->src0, r->src1, r->src2, r->dst };
	ri->wmma = true;
	ri->wm_op = (uint8_t)(op - ISA_OP_v_wmma_f32_16x16x16_f16);
	for (int i = 0; i < RP_WM_ROLES; i++) {
		unsigned c = i < RP_WM_D ? src[i] : EMU_OPND_VGPR0 + (unsigned)wv;
		bool vgpr = emu_opnd_is_vgpr(c) && (i < RP_WM_D || wv >= 0);
		ri->wm_v[i] = vgpr ? (int16_t)(c - EMU_OPND_VGPR0) : -1;
		ri->wm_n[i] = vgpr ? (uint8_t)n[i] : 0;
	}
}

static bool overlap(int a, unsigned an, int b, unsigned bn)
{
	return a >= 0 && b >= 0 && a < b + (int)bn && b < a + (int)an;
}

/* Distinct (first VGPR, size) ranges seen in one role. */
struct seen {
	uint32_t key[512];
	unsigned n;
};

static bool first_time(struct seen *s, int v, unsigned n)
{
	uint32_t k = (uint32_t)v << 8 | n;
	for (unsigned i = 0; i < s->n; i++)
		if (s->key[i] == k)
			return false;
	if (s->n < sizeof s->key / sizeof s->key[0])
		s->key[s->n++] = k;
	return true;
}

void rp_wmma_analyse(struct rp_report *r)
{
	struct rp_wmma *w = &r->sum.wmma;
	memset(w, 0, sizeof *w);
	struct seen seen[RP_WM_ROLES];
	bool used[RP_WM_ROLES][256] = { { false } }, any[256] = { false };
	for (int i = 0; i < RP_WM_ROLES; i++)
		seen[i].n = 0;
	for (unsigned i = 0; i < r->nrows; i++) {
		const struct rp_inst *in = &r->insts[r->rows[i].inst];
		if (in->valu && !in->wmma)
			w->valu_other++;
		if (!in->wmma)
			continue;
		w->wmmas++;
		if (in->wm_op < RP_WMMA_OPS)
			w->by_op[in->wm_op]++;
		if (in->wm_v[RP_WM_C] >= 0 && in->wm_v[RP_WM_C] == in->wm_v[RP_WM_D])
			w->c_is_d++;
		for (int k = 0; k < RP_WM_ROLES; k++) {
			struct rp_wmma_frag *f = &w->frag[k];
			int v = in->wm_v[k];
			if (v < 0) {
				f->inline_c += k == RP_WM_C;
				continue;
			}
			if (first_time(&seen[k], v, in->wm_n[k]))
				f->ranges++;
			f->sizes |= 1u << in->wm_n[k];
			for (unsigned j = 0; j < in->wm_n[k] && v + j < 256; j++) {
				f->access_bank[isa_vgpr_bank((unsigned)v + j)]++;
				used[k][v + j] = any[v + j] = true;
			}
		}
	}
	if (!w->wmmas)
		return;
	for (unsigned v = 0; v < 256; v++) {
		for (int k = 0; k < RP_WM_ROLES; k++)
			if (used[k][v]) {
				w->frag[k].vgprs++;
				w->frag[k].vgprs_bank[isa_vgpr_bank(v)]++;
			}
		w->frag_vgprs += any[v];
	}
	w->accumulators = w->frag[RP_WM_D].ranges;
	w->ksteps = w->accumulators ? (double)w->wmmas / w->accumulators : 0;
	/* The hazard in loop order, the body twice so that the last WMMA of one
	 * iteration meets the first of the next; the second pass is counted. */
	const struct rp_inst *prev = NULL;
	for (unsigned p = 0; p < 2; p++)
		for (unsigned i = 0; i < r->nrows; i++) {
			const struct rp_inst *in = &r->insts[r->rows[i].inst];
			if (!in->valu)
				continue;
			if (in->wmma && prev && p == 1 &&
			    (overlap(in->wm_v[RP_WM_A], in->wm_n[RP_WM_A], prev->wm_v[RP_WM_D], prev->wm_n[RP_WM_D]) ||
			     overlap(in->wm_v[RP_WM_B], in->wm_n[RP_WM_B], prev->wm_v[RP_WM_D], prev->wm_n[RP_WM_D])))
				w->hazards++;
			prev = in->wmma ? in : NULL;
		}
}

/* ---- renderings ---------------------------------------------------------------- */
static const char bank_text[] =
	"no bank rule or cost is known for WMMA operands (none found in the RDNA3 ISA guide, which gives VOPD one; "
	"no recorded RX 7900 XTX trace runs a WMMA), so no WMMA conflict is counted and the bank-cache "
	"model leaves WMMA reads out";

static bool only_eight(const struct rp_wmma *w)
{
	for (int k = 0; k < RP_WM_ROLES; k++)
		if (w->frag[k].sizes & ~(1u << 8))
			return false;
	return true;
}

static void banks4(struct ao_text *b, const unsigned *v, const char *sep)
{
	ao_textf(b, "%u%s%u%s%u%s%u", v[0], sep, v[1], sep, v[2], sep, v[3]);
}

void rp_wmma_text(struct ao_text *b, const struct rp_report *r)
{
	const struct rp_summary *s = &r->sum;
	const struct rp_wmma *w = &s->wmma;
	if (!w->wmmas)
		return;
	ao_textf(b, "\nWMMA (one loop iteration)\n  WMMAs %u (", w->wmmas);
	for (unsigned op = 0, first = 1; op < RP_WMMA_OPS; op++)
		if (w->by_op[op])
			ao_textf(b, "%s%s %u", first ? "" : ", ", isa_ops[ISA_OP_v_wmma_f32_16x16x16_f16 + op].name,
			    w->by_op[op]), first = 0;
	ao_textf(b, "); accumulators %u (C = D in %u), so %.4g k-step(s) per iteration (WMMAs / accumulators)\n",
	    w->accumulators, w->c_is_d, w->ksteps);
	if (w->ksteps > 0)
		ao_textf(b, "  per k-step: WMMA %.4g, VALU other than WMMA %.4g, instructions %.4g\n",
		    w->wmmas / w->ksteps, w->valu_other / w->ksteps, s->insts / w->ksteps);
	ao_textf(b, "  fragments (ranges, VGPRs, VGPRs per bank 0/1/2/3):");
	for (int k = 0; k < RP_WM_ROLES; k++) {
		const struct rp_wmma_frag *f = &w->frag[k];
		ao_textf(b, "%s %s %u, %u, ", k ? ";" : "", role_name[k], f->ranges, f->vgprs);
		banks4(b, f->vgprs_bank, "/");
		if (k == RP_WM_C && f->inline_c)
			ao_textf(b, " (inline constant in %u)", f->inline_c);
	}
	ao_textf(b, "\n  WMMA VGPR accesses per bank 0/1/2/3:");
	for (int k = 0; k < RP_WM_ROLES; k++) {
		ao_textf(b, "%s %s %s ", k ? "," : "", role_name[k], k == RP_WM_D ? "writes" : "reads");
		banks4(b, w->frag[k].access_bank, "/");
	}
	ao_textf(b, "\n  banks: %s%s\n", only_eight(w) ? "every fragment is 8 VGPRs, 2 in each bank, so no placement "
	                                                 "changes these counts; " : "", bank_text);
	ao_textf(b, "  WMMAs reading as A or B the D of the WMMA just before (no VALU between; each needs a "
	            "v_nop, emu/HAZARDS.md): %u\n", w->hazards);
	ao_textf(b, "  VGPR budget: %u used = fragments %u (A %u, B %u, C %u, D %u; roles may share) + other %u; "
	            "allocated %u; occupancy %u waves per SIMD (VGPR limit %u)\n",
	    s->vgprs, w->frag_vgprs, w->frag[RP_WM_A].vgprs, w->frag[RP_WM_B].vgprs, w->frag[RP_WM_C].vgprs,
	    w->frag[RP_WM_D].vgprs, s->vgprs > w->frag_vgprs ? s->vgprs - w->frag_vgprs : 0, s->occ.vgpr_alloc,
	    s->occ.waves, s->occ.by_vgpr);
}

void rp_wmma_json(struct ao_text *b, const struct rp_report *r)
{
	const struct rp_wmma *w = &r->sum.wmma;
	ao_textf(b, "  \"wmma\": ");
	if (!w->wmmas) {
		ao_textf(b, "null,\n");
		return;
	}
	ao_textf(b, "{\"wmmas\": %u, \"by_op\": {", w->wmmas);
	for (unsigned op = 0; op < RP_WMMA_OPS; op++)
		ao_textf(b, "%s\"%s\": %u", op ? ", " : "", isa_ops[ISA_OP_v_wmma_f32_16x16x16_f16 + op].name,
		    w->by_op[op]);
	ao_textf(b, "}, \"accumulators\": %u, \"c_is_d\": %u, \"ksteps\": %.4f, \"valu_other\": %u, ", w->accumulators,
	    w->c_is_d, w->ksteps, w->valu_other);
	ao_textf(b, "\"per_kstep\": ");
	if (w->ksteps > 0)
		ao_textf(b, "{\"wmma\": %.4f, \"valu_other\": %.4f, \"instructions\": %.4f}", w->wmmas / w->ksteps,
		    w->valu_other / w->ksteps, r->sum.insts / w->ksteps);
	else
		ao_textf(b, "null");
	ao_textf(b, ", \"hazards\": %u, \"fragment_vgprs\": %u, \"other_vgprs\": %u, \"fragments\": {", w->hazards,
	    w->frag_vgprs, r->sum.vgprs > w->frag_vgprs ? r->sum.vgprs - w->frag_vgprs : 0);
	for (int k = 0; k < RP_WM_ROLES; k++) {
		const struct rp_wmma_frag *f = &w->frag[k];
		ao_textf(b, "%s\"%c\": {\"ranges\": %u, \"vgprs\": %u, \"vgprs_bank\": [", k ? ", " : "", "abcd"[k],
		    f->ranges, f->vgprs);
		banks4(b, f->vgprs_bank, ", ");
		ao_textf(b, "], \"%s_bank\": [", k == RP_WM_D ? "writes" : "reads");
		banks4(b, f->access_bank, ", ");
		ao_textf(b, "]%s}", k == RP_WM_C ? (f->inline_c ? ", \"inline\": true" : ", \"inline\": false") : "");
	}
	ao_textf(b, "}, \"banks\": \"%s\"},\n", bank_text);
}

void rp_wmma_html(struct ao_text *b, const struct rp_report *r)
{
	const struct rp_wmma *w = &r->sum.wmma;
	if (!w->wmmas)
		return;
	ao_textf(b, "<tr><td>WMMAs</td><td id=\"wmma\">%u per iteration</td><td>accumulators</td><td>%u "
	            "(%.4g k-steps per iteration)</td></tr>\n", w->wmmas, w->accumulators, w->ksteps);
	if (w->ksteps > 0)
		ao_textf(b, "<tr><td>per k-step</td><td colspan=\"3\">WMMA %.4g, VALU other than WMMA %.4g, "
		            "instructions %.4g</td></tr>\n", w->wmmas / w->ksteps, w->valu_other / w->ksteps,
		    r->sum.insts / w->ksteps);
	for (int k = 0; k < RP_WM_ROLES; k++) {
		const struct rp_wmma_frag *f = &w->frag[k];
		ao_textf(b, "<tr><td>fragment %s</td><td>%u ranges, %u VGPRs</td><td>VGPRs per bank</td><td>", role_name[k],
		    f->ranges, f->vgprs);
		for (int j = 0; j < ISA_VGPR_BANKS; j++)
			ao_textf(b, "<span class=\"b%d\">%u</span> ", j, f->vgprs_bank[j]);
		ao_textf(b, "(%s per bank: ", k == RP_WM_D ? "writes" : "reads");
		banks4(b, f->access_bank, "/");
		ao_textf(b, ")</td></tr>\n");
	}
	ao_textf(b, "<tr><td>WMMA hazards</td><td>%u</td><td>VGPR budget</td><td>fragments %u + other %u</td></tr>\n"
	            "<tr><td>WMMA banks</td><td colspan=\"3\">%s%s</td></tr>\n",
	    w->hazards, w->frag_vgprs, r->sum.vgprs > w->frag_vgprs ? r->sum.vgprs - w->frag_vgprs : 0,
	    only_eight(w) ? "every fragment is 8 VGPRs, 2 in each bank; " : "", bank_text);
}
