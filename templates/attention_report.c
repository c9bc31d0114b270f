/* attention_report.c — `rdna3gen attention --report FILE`: per key tile of
 * the main loop, the WMMAs, v_exp_f32 and the other instructions by class,
 * the bytes loaded, the VGPRs against the budget of each occupancy, and what
 * bounds a tile on the SIMD: the WMMA pipe, the transcendental unit or the
 * rest of the VALU.
 *
 * Every count comes from the built kernel's instruction list, after register
 * allocation.  attention_loop.c tags every instruction of the loop's first
 * key tile (AT_TAG_TILE, through the loop's branch back or out), except the
 * blocks only some tiles run: O's rescale when a row maximum moved
 * (AT_TAG_RESCALE), the mask of a tile the causal limit or S_kv cuts
 * (AT_TAG_MASK), the clamped addresses of the ragged last tile
 * (AT_TAG_RAGGED).  A steady tile (all kv-tile keys inside S_kv, none
 * masked, a row maximum that moved) runs the tile and the rescale blocks in
 * the order they are laid out (within the first tile: the blocks of later
 * unrolled tiles carry the same tags); a masked tile adds the mask, a tile whose row
 * maxima stayed leaves out the rescale.  The cycle figures use the timing
 * model's issue constants (model/consts.def, quoted with their sources) and
 * bound a tile from below with one wave per SIMD; where the time really goes
 * is the model's to say (rdna3run --attention ... --model). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/iclass.h"
#include "templates/attention.h"

/* The timing model's constants as consts.def gives them, with their sources
 * (read here, not linked: the generator does not run the model). */
#define MDL_CONST(name, value, unit, source) double name; const char *name##_src;
static const struct mdl_defaults {
#include "model/consts.def"
} mc = {
#undef MDL_CONST
#define MDL_CONST(name, value, unit, source) .name = (value), .name##_src = (source),
#include "model/consts.def"
};
#undef MDL_CONST

enum { C_WMMA, C_EXP, C_TRANS, C_VALU, C_SALU, C_LDS, C_VMEM, C_SMEM, C_WAIT, C_BARRIER, C_BRANCH, C_OTHER,
       C_COUNT };
static const char *const class_name[C_COUNT] = {
	"v_wmma", "v_exp_f32", "other transcendental", "other VALU", "SALU", "LDS", "VMEM", "SMEM",
	"waits", "barriers", "branches", "other",
};

/* Instructions by class, bytes per lane. */
struct at_counts {
	double n[C_COUNT];
	double vmem_bytes, lds_bytes;   /* per lane: loads' destinations, stores' data */
	unsigned insts;
};

/* One walk of the loop: all of it, and its longest stretch without a
 * v_wmma (round the loop's end: the stretch after the last WMMA goes on
 * with the one before the first), where the wave's own WMMAs leave the
 * SIMD's WMMA pipe to the other waves. */
struct at_walk {
	struct at_counts all, gap;
};

static void add_counts(struct at_counts *to, const struct at_counts *c)
{
	for (int i = 0; i < C_COUNT; i++)
		to->n[i] += c->n[i];
	to->vmem_bytes += c->vmem_bytes;
	to->lds_bytes += c->lds_bytes;
	to->insts += c->insts;
}

static bool starts(const char *s, const char *p) { return s && strncmp(s, p, strlen(p)) == 0; }

static void count(struct at_counts *w, const struct ao_inst *in)
{
	w->insts++;
	if (in->kind == AO_INST_WAITCNT || in->kind == AO_INST_DELAY) {
		w->n[C_WAIT]++;
		return;
	}
	if (in->kind == AO_INST_VOPD) {
		w->n[C_VALU]++;
		return;
	}
	const char *name = ao_op_name(in->op);
	unsigned cls = ao_op_cls(in->op);
	int c;
	if (isa_is_wmma(in->op))
		c = C_WMMA;
	else if (in->op == AO_OP(v_exp_f32))
		c = C_EXP;
	else if (cls == ISA_CLS_TRANS)
		c = C_TRANS;
	else {
		static const int by_iclass[ISA_IC_COUNT] = {
			[ISA_IC_FMA] = C_VALU, [ISA_IC_VALU] = C_VALU, [ISA_IC_LDS] = C_LDS, [ISA_IC_VMEM] = C_VMEM,
			[ISA_IC_SMEM] = C_SMEM, [ISA_IC_SALU] = C_SALU, [ISA_IC_BRANCH] = C_BRANCH,
			[ISA_IC_WAIT] = C_WAIT, [ISA_IC_BARRIER] = C_BARRIER, [ISA_IC_OTHER] = C_OTHER,
		};
		c = by_iclass[isa_iclass_of(in->op, cls)];
	}
	w->n[c]++;
	if (in->n < 2)
		return;
	/* loads: the destination's dwords; stores: the data operand's (ds_bpermute moves one dword) */
	double *bytes = c == C_VMEM ? &w->vmem_bytes : c == C_LDS ? &w->lds_bytes : NULL;
	if (!bytes)
		return;
	if (strstr(name, "load") || starts(name, "ds_bpermute"))
		*bytes += 4.0 * in->o[0].count;
	else if (strstr(name, "store"))
		*bytes += strstr(name, "b16") ? 2.0 : 4.0 * in->o[1].count;
}

/* The instructions tagged with one of the tags in the bit set `tags`, in
 * the order they are laid out (the order a tile runs them: the blocks it
 * skips are the untagged or other-tagged ones), with the longest stretch
 * without a v_wmma round the end. */
static void walk(struct ao_kernel *k, unsigned tags, struct at_walk *w)
{
	memset(w, 0, sizeof *w);
	struct at_counts cur = { 0 }, head = { 0 };
	bool seen = false;
	/* the first tile: from its first AT_TAG_TILE instruction to its last (the
	 * blocks of later unrolled tiles carry the same block tags) */
	unsigned lo = ao_inst_count(k), hi = 0;
	for (unsigned i = 0; i < ao_inst_count(k); i++)
		if (ao_inst_at(k, i)->tag == AT_TAG_TILE) {
			lo = i < lo ? i : lo;
			hi = i;
		}
	for (unsigned i = lo; i <= hi && i < ao_inst_count(k); i++) {
		const struct ao_inst *in = ao_inst_at(k, i);
		if (in->tag >= 32 || !(tags & 1u << in->tag))
			continue;
		count(&w->all, in);
		if (in->kind == AO_INST_OP && isa_is_wmma(in->op)) {
			if (!seen)
				head = cur;
			else if (cur.insts > w->gap.insts)
				w->gap = cur;
			seen = true;
			memset(&cur, 0, sizeof cur);
		} else {
			count(&cur, in);
		}
	}
	add_counts(&cur, &head);
	if (cur.insts > w->gap.insts)
		w->gap = cur;
}

/* Each tagged block by class, as rows (the blocks of the tag enum in attention.h). */
static void print_blocks(struct ao_text *b, struct ao_kernel *k)
{
	static const char *const block_name[AT_TAG_COUNT] = {
		[AT_TAG_TILE] = "every tile",
		[AT_TAG_RESCALE] = "+ O rescale (a row maximum moved)",
		[AT_TAG_MASK] = "+ mask (causal or S_kv within the tile)",
		[AT_TAG_RAGGED] = "+ ragged last tile (clamped addresses)",
	};
	static const char *const short_name[C_COUNT] = {
		"v_wmma", "v_exp", "trans", "VALU", "SALU", "LDS", "VMEM", "SMEM", "waits", "barriers", "branches", "other",
	};
	ao_textf(b, "\nthe tagged blocks of the first key tile, one wave, by class (trans: other transcendental, "
		 "VALU: other VALU)\n  %-40s", "");
	for (int c = 0; c < C_COUNT; c++)
		ao_textf(b, " %9s", short_name[c]);
	ao_textf(b, "\n");
	for (unsigned g = AT_TAG_TILE; g < AT_TAG_COUNT; g++) {
		struct at_walk w;
		walk(k, 1u << g, &w);
		ao_textf(b, "  %-40s", block_name[g]);
		for (int c = 0; c < C_COUNT; c++)
			ao_textf(b, " %9.0f", w.all.n[c]);
		ao_textf(b, "\n");
	}
}

static void print_counts(struct ao_text *b, const struct at_counts *w, double tiles)
{
	for (int c = 0; c < C_COUNT; c++)
		if (w->n[c] > 0 || c <= C_VALU)
			ao_textf(b, "  %-22s %8.2f\n", class_name[c], w->n[c] / tiles);
	ao_textf(b, "  %-22s %8.2f\n", "total", w->insts / tiles);
	ao_textf(b, "  global bytes loaded    %8.0f per wave (%.0f per lane)\n", 32 * w->vmem_bytes / tiles,
		 w->vmem_bytes / tiles);
	ao_textf(b, "  LDS bytes moved        %8.0f per wave (stores, loads and lane exchanges)\n",
		 32 * w->lds_bytes / tiles);
}

/* The difference a choice makes, per tile: "+12 other VALU, +2 SALU". */
static void print_delta(struct ao_text *b, const char *what, const struct at_counts *w, const struct at_counts *s,
			double tiles)
{
	ao_textf(b, "  %-44s", what);
	bool any = false;
	for (int c = 0; c < C_COUNT; c++) {
		double d = (w->n[c] - s->n[c]) / tiles;
		if (d != 0) {
			ao_textf(b, "%s%+.2f %s", any ? ", " : " ", d, class_name[c]);
			any = true;
		}
	}
	ao_textf(b, "%s\n", any ? "" : " no difference");
}

/* The most VGPRs per lane with which w waves fit in a SIMD's VGPR file. */
static unsigned vgpr_most(const struct isa_target *t, unsigned w)
{
	unsigned most = t->vgprs_per_lane / w / t->vgpr_granule * t->vgpr_granule;
	return most > ISA_VGPRS ? ISA_VGPRS : most;
}

/* The longest stretch without a v_wmma: the wave's softmax and its V tile's
 * trip through LDS, which only other waves' WMMAs can cover. */
static void print_gap(struct ao_text *b, const struct at_counts *g)
{
	ao_textf(b, "longest stretch of the tile without a v_wmma (the softmax, P's packing, the V tile through "
		 "LDS: only other waves' WMMAs keep the SIMD's WMMA pipe busy meanwhile): %u instructions,", g->insts);
	bool any = false;
	for (int c = 0; c < C_COUNT; c++)
		if (g->n[c] > 0) {
			ao_textf(b, "%s %.0f %s", any ? "," : "", g->n[c], class_name[c]);
			any = true;
		}
	ao_textf(b, "\n");
}

static void print_resources(struct ao_text *b, struct ao_kernel *k)
{
	struct ao_summary sum;
	memset(&sum, 0, sizeof sum);
	ao_finalize(k, &sum);
	const struct isa_target *t = ao_info(k)->target;
	struct isa_occupancy o;
	isa_occupancy(t, sum.next_free_vgpr, sum.lds_bytes, ao_info(k)->block_threads, ao_info(k)->wgp_mode, &o);
	ao_textf(b, "\nresources\n");
	ao_textf(b, "  VGPRs        %u of %u a wave can address (allocated in granules of %u: %u)\n",
		 sum.next_free_vgpr, ISA_VGPRS, t->vgpr_granule, o.vgpr_alloc);
	ao_textf(b, "  SGPRs        %u (VCC included)\n", sum.sgpr_count);
	ao_textf(b, "  LDS          %u bytes per workgroup\n", sum.lds_bytes);
	ao_textf(b, "  occupancy    %u waves per SIMD (VGPR limit %u = %u / %u, LDS/barrier limit %u in %s mode, "
		 "at most %u; whole workgroups of %u waves)\n", o.waves, o.by_vgpr, t->vgprs_per_lane, o.vgpr_alloc,
		 o.by_lds, ao_info(k)->wgp_mode ? "WGP" : "CU", t->waves_per_simd, (ao_info(k)->block_threads + 31) / 32);
	/* each budget once, with the most waves it allows */
	ao_textf(b, "  VGPR budget  VGPRs per lane for N waves per SIMD (the VGPR file alone):");
	for (unsigned w = 1; w <= t->waves_per_simd; w++) {
		unsigned most = vgpr_most(t, w);
		if (w < t->waves_per_simd && vgpr_most(t, w + 1) == most)
			continue;
		ao_textf(b, " %u: <= %u%s", w, most, w == o.by_vgpr ? " (this kernel)" : "");
	}
	ao_textf(b, "\n");
}

/* What bounds one tile on a SIMD: the WMMA pipe against the transcendental
 * unit and the rest of the VALU, from the model's issue constants. */
static void print_bounds(struct ao_text *b, const struct at_counts *s, double tiles, unsigned d, unsigned tile)
{
	double wmma = s->n[C_WMMA] / tiles, trans = (s->n[C_EXP] + s->n[C_TRANS]) / tiles;
	double valu = s->n[C_VALU] / tiles;
	double c_wmma = wmma * mc.wmma_issue, c_trans = trans * mc.trans_issue, c_valu = (valu + trans) * mc.valu_issue;
	double per_wmma = 2.0 * 16 * 16 * 16, subtiles = tile / 16.0;
	ao_textf(b, "\nwork per tile (one wave: 16 queries x %u keys)\n", tile);
	ao_textf(b, "  WMMA FLOP            %.0f = %.2f v_wmma x %.0f (2 x 16^3)\n", wmma * per_wmma, wmma, per_wmma);
	ao_textf(b, "  attention FLOP       %.0f = 4 D per query-key pair (Q K^T and P V, 2 D each) x 16 x %u\n",
		 4.0 * d * 16 * tile, tile);
	ao_textf(b, "  per 16x16 score tile %.2f v_wmma (Q K^T and P V: one per 16-wide slice of D = %u each, "
		 "2 x %u) and %.2f v_exp_f32 per lane (256 scores over 32 lanes = 8, and the tile's share of "
		 "the one exp of alpha)\n", wmma / subtiles, d, d / 16, s->n[C_EXP] / tiles / subtiles);
	ao_textf(b, "\nSIMD cycles per tile, one wave, from model/consts.def:\n");
	ao_textf(b, "  WMMA pipe            %8.1f = %.2f x wmma_issue %.0f (%s)\n", c_wmma, wmma, mc.wmma_issue,
		 mc.wmma_issue_src);
	ao_textf(b, "  transcendental unit  %8.1f = %.2f x trans_issue %.0f (%s)\n", c_trans, trans, mc.trans_issue,
		 mc.trans_issue_src);
	ao_textf(b, "  VALU issue           %8.1f = %.2f VALU ops but WMMA, transcendental included, x valu_issue %.0f "
		 "(64-bit and integer-multiply ops take longer)\n", c_valu, valu + trans, mc.valu_issue);
	if (c_trans > 0)
		ao_textf(b, "  WMMA : exp           %.2f : 1, so the tile is %s-bound before the VALU is counted\n",
			 c_wmma / c_trans, c_wmma >= c_trans ? "WMMA" : "exp");
	/* a WMMA holds the SIMD's VALU (no other VALU op of any wave executes
	 * meanwhile), so the other VALU ops' issue adds to it; the
	 * transcendental unit's own time overlaps the plain VALU ops */
	double hold = c_wmma + (c_valu > c_trans ? c_valu : c_trans);
	if (hold > 0)
		ao_textf(b, "  VALU held            %8.1f = WMMA pipe + max(VALU issue, transcendental unit): the "
			 "WMMAs can use at most %.1f %% of the WMMA roof while the other VALU work shares the SIMD\n",
			 hold, 100 * c_wmma / hold);
}

static void print_stalls(struct ao_text *b)
{
	ao_textf(b, "\nwhere the softmax stalls: the timing model runs the kernel and charges each SIMD-cycle to a "
		 "bucket (VALU dependency stall, transcendental unit busy, LDS wait for the lane exchanges, "
		 "barrier wait, ...) and says why the WMMA pipe was idle (\"WMMA idle:\" lines):\n"
		 "  rdna3run K.hsaco --attention B HQ HKV SQ SKV D [--causal] --model [--model-format json]\n"
		 "(causal: add --model-full; the CUs the model samples by default may run far from the average "
		 "work, bench/attention.sh checks it)\n"
		 "and `rdna3gen report K.hsaco --model PRED.json -o K.html` draws the roofline with the WMMA roof "
		 "and the cycle breakdown (docs/report.md).\n");
}

char *at_report(const struct tpl_values *v, struct ao_kernel *k)
{
	struct at a;
	char err[256];
	memset(&a, 0, sizeof a);
	if (at_derive(v, &a, err, sizeof err))
		return NULL;
	struct ao_text b = { 0 };
	ao_textf(&b, "attention report (%s, wave32): head-dim %u, kv-tile %u keys, %u waves of 16 queries, "
		 "unroll %u%s%s\n", ao_info(k)->target->name, a.d, a.tile, a.waves, a.unroll,
		 a.causal ? ", causal" : "", a.split ? ", split-KV" : "");
	print_resources(&b, k);
	struct at_walk steady, masked, same;
	unsigned tile = 1u << AT_TAG_TILE, rescale = 1u << AT_TAG_RESCALE, mask = 1u << AT_TAG_MASK;
	walk(k, tile | rescale, &steady);
	walk(k, tile | rescale | mask, &masked);
	walk(k, tile, &same);
	if (!steady.all.n[C_WMMA]) {
		ao_textf(&b, "\n(per-tile counts unavailable: no v_wmma tagged as the key tile's)\n");
	} else {
		ao_textf(&b, "\ninstructions per key tile (one wave, the loop's first tile; a full tile, no key "
			 "masked, O rescaled)\n");
		print_counts(&b, &steady.all, 1);
		ao_textf(&b, "other tiles, per tile against the above:\n");
		print_delta(&b, "masked (causal diagonal, ragged key range):", &masked.all, &steady.all, 1);
		print_delta(&b, "no row maximum moved (O's rescale skipped):", &same.all, &steady.all, 1);
		print_gap(&b, &steady.gap);
		print_blocks(&b, k);
		print_bounds(&b, &steady.all, 1, a.d, a.tile);
	}
	print_stalls(&b);
	if (b.oom) {
		free(b.p);
		return NULL;
	}
	return b.p;
}
