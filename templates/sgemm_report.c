/* sgemm_report.c — `rdna3gen sgemm --report FILE`: resources, occupancy,
 * instructions per k-step by class and bytes moved per FMA.
 *
 * Every count comes from the emitted instruction list (ao_inst), never from
 * the parameters: the steady-state k-tile iteration is found by the labels
 * (struct ao_inst.tag) sgemm.c puts on its first and last instruction, the guarded
 * variant inside it is left out, and an inner loop counts as many times as
 * the immediate of its trip-count instruction says.  The numbers are gathered
 * in struct sg_stats first and printed second, so other output forms (json,
 * html) only add a printer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/iclass.h"
#include "templates/sgemm.h"

/* Occupancy: isa_occupancy for the kernel's target (isa/targets.def cites the figures). */

/* Classes: isa/iclass.h, the classifier the register-bank report uses too. */
static const char *const iclass_name[ISA_IC_COUNT] = {
	"VALU FMA", "VALU other", "LDS", "VMEM", "SMEM", "SALU", "branch", "waitcnt", "barrier", "other",
};

struct sg_stats {
	const struct isa_target *target;
	unsigned vgprs, sgprs, lds_bytes, threads;
	bool wgp;
	unsigned vgpr_alloc, occ_vgpr, occ_lds, occ;
	bool found;                     /* markers present */
	unsigned ksteps;
	double inst[ISA_IC_COUNT];      /* per steady-state iteration */
	double fmas;                    /* FMAs per lane per iteration (a dual counts 2) */
	double g_load, g_store, l_load, l_store;   /* bytes per lane per iteration */
	unsigned total_insts, code_bytes;
};

static bool starts(const char *s, const char *p) { return s && strncmp(s, p, strlen(p)) == 0; }

static enum isa_iclass classify(const struct ao_inst *in)
{
	if (in->kind == AO_INST_VOPD)
		return isa_iclass_vopd(in->x.op, in->y.op);
	if (in->kind == AO_INST_WAITCNT || in->kind == AO_INST_DELAY)
		return ISA_IC_WAIT;
	return isa_iclass_of(in->op, ao_op_cls(in->op));
}

static void count_inst(struct sg_stats *st, const struct ao_inst *in, double w)
{
	enum isa_iclass ic = classify(in);
	st->inst[ic] += w;
	if (in->kind == AO_INST_VOPD) {
		st->fmas += w * isa_vopd_fmas(in->x.op, in->y.op);
		return;
	}
	if (ic == ISA_IC_FMA) {
		st->fmas += w;
		return;
	}
	const char *name = ao_op_name(in->op);
	if (!name || in->n == 0)
		return;
	/* loads: the destination's dwords; stores: the data operand's */
	if (starts(name, "global_load"))
		st->g_load += w * 4 * in->o[0].count;
	else if (starts(name, "global_store") && in->n >= 2)
		st->g_store += w * 4 * in->o[1].count;
	else if (starts(name, "ds_load"))
		st->l_load += w * 4 * in->o[0].count;
	else if (starts(name, "ds_store") && in->n >= 2)
		st->l_store += w * 4 * in->o[1].count;
}

static int find_tag(struct ao_kernel *k, enum sg_tag tag)
{
	for (unsigned i = 0; i < ao_inst_count(k); i++)
		if (ao_inst_at(k, i)->tag == tag)
			return (int)i;
	return -1;
}

static void gather(struct ao_kernel *k, unsigned ksteps, struct sg_stats *st)
{
	struct ao_summary sum;
	memset(st, 0, sizeof *st);
	if (ao_finalize(k, &sum) == 0) {
		st->vgprs = sum.next_free_vgpr;
		st->sgprs = sum.sgpr_count;
		st->lds_bytes = sum.lds_bytes;
		st->total_insts = sum.insts;
		st->code_bytes = sum.code_bytes;
	}
	st->threads = ao_info(k)->block_threads;
	st->wgp = ao_info(k)->wgp_mode;
	st->target = ao_info(k)->target;
	struct isa_occupancy o;
	isa_occupancy(st->target, st->vgprs, st->lds_bytes, st->threads, st->wgp, &o);
	st->vgpr_alloc = o.vgpr_alloc;
	st->occ_vgpr = o.by_vgpr;
	st->occ_lds = o.by_lds;
	st->occ = o.waves;

	int lo = find_tag(k, SG_TAG_LOOP), end = find_tag(k, SG_TAG_END);
	int e0 = find_tag(k, SG_TAG_EDGE), e1 = find_tag(k, SG_TAG_FAST);
	if (lo < 0 || end < lo)
		return;
	st->found = true;
	st->ksteps = ksteps;
	double w = 1;
	for (int i = lo; i <= end; i++) {
		if (e0 >= 0 && e1 > e0 && i >= e0 && i < e1)
			continue;
		struct ao_inst *ai = ao_inst_at(k, (unsigned)i);
		/* the inner loop: from its first instruction to its back branch */
		if (ai->tag == SG_TAG_INNER) {
			w = 1;
			for (int j = i - 1; j >= lo; j--) {
				struct ao_inst *t = ao_inst_at(k, (unsigned)j);
				if (t->tag == SG_TAG_TRIPS && t->n == 2 &&
				    t->o[1].kind == AO_K_IMM) {
					w = t->o[1].imm;
					break;
				}
			}
		}
		count_inst(st, ai, w);
		if (ai->tag == SG_TAG_INNER_END)
			w = 1;
	}
}

static void print_text(struct ao_text *b, const struct sg_cfg *c, const struct sg_stats *st)
{
	ao_textf(b, "sgemm report (%s, wave32)\n\n", st->target->name);
	ao_textf(b, "shape: block %ux%ux%u, thread tile %ux%u (tm x tn %ux%u repeated %ux%u), %u threads "
	       "(%u waves %ux%u, lanes %ux%u), layout %c%c\n", c->bm, c->bn, c->bk, c->rows, c->cols,
	    c->tm, c->tn, c->rep_m, c->rep_n, c->threads, c->waves, c->waves_m, c->waves_n, c->lanes_m,
	    c->lanes_n, c->ta ? 'T' : 'N', c->tb ? 'T' : 'N');
	ao_textf(b, "\nresources\n");
	ao_textf(b, "  VGPRs           %u (allocated in granules of %u: %u)\n", st->vgprs, st->target->vgpr_granule,
	    st->vgpr_alloc);
	ao_textf(b, "  SGPRs           %u (VCC included)\n", st->sgprs);
	ao_textf(b, "  LDS             %u bytes per workgroup\n", st->lds_bytes);
	ao_textf(b, "  occupancy       %u waves per SIMD (VGPR limit %u = %u / %u, LDS/barrier limit %u in %s mode, "
	       "at most %u)\n", st->occ, st->occ_vgpr, st->target->vgprs_per_lane, st->vgpr_alloc,
	    st->occ_lds, st->wgp ? "WGP" : "CU", st->target->waves_per_simd);
	ao_textf(b, "  code            %u instructions, %u bytes\n", st->total_insts, st->code_bytes);
	if (!st->found) {
		ao_textf(b, "\n(no k-tile loop markers found: per-k-step counts unavailable)\n");
		return;
	}
	double ks = st->ksteps ? st->ksteps : 1;
	ao_textf(b, "\ninstructions per k-step (steady-state k-tile iteration of %u k-steps, full tiles)\n",
	    st->ksteps);
	double total = 0;
	for (int i = 0; i < ISA_IC_COUNT; i++)
		total += st->inst[i];
	for (int i = 0; i < ISA_IC_COUNT; i++)
		if (st->inst[i] > 0 || i <= ISA_IC_WAIT)
			ao_textf(b, "  %-14s %9.4f\n", iclass_name[i], st->inst[i] / ks);
	ao_textf(b, "  %-14s %9.4f\n", "total", total / ks);
	ao_textf(b, "  FMAs per lane  %9.4f per k-step\n", st->fmas / ks);
	double f = st->fmas > 0 ? st->fmas : 1;
	ao_textf(b, "\nbytes moved per FMA (per lane; an FMA is 2 FLOP)\n");
	ao_textf(b, "  global -> registers  %.4f B/FMA  (%.2f FLOP/B)\n", st->g_load / f,
	    st->g_load > 0 ? 2 * f / st->g_load : 0.0);
	ao_textf(b, "  registers -> LDS     %.4f B/FMA\n", st->l_store / f);
	ao_textf(b, "  LDS -> registers     %.4f B/FMA  (%.2f FLOP/B)\n", st->l_load / f,
	    st->l_load > 0 ? 2 * f / st->l_load : 0.0);
}

char *sg_report(const struct tpl_values *v, struct ao_kernel *k)
{
	struct sg_cfg c;
	char err[256];
	if (sg_derive(v, &c, err, sizeof err))
		return NULL;
	struct sg_stats st;
	gather(k, c.bk, &st);
	struct ao_text b = { 0 };
	print_text(&b, &c, &st);
	if (b.oom) {
		free(b.p);
		return NULL;
	}
	return b.p;
}
