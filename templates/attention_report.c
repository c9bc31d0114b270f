/* attention_report.c — `rdna3gen attention --report FILE`: resources,
 * occupancy and the instructions of one key tile.
 *
 * The counts come from the emitted instruction list: the loop (attention_loop.c)
 * tags every instruction of its first key tile with AT_TAG_TILE, except those
 * of the blocks that run only on some tiles (AT_TAG_RESCALE: O's rescale when a
 * row maximum moved; AT_TAG_MASK: tiles past the first query's limit;
 * AT_TAG_RAGGED: the last tile, past S_kv), which are counted apart. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/iclass.h"
#include "templates/attention.h"

enum { C_WMMA, C_EXP, C_VALU, C_LDS, C_VMEM, C_SALU, C_BRANCH, C_WAIT, C_BARRIER, C_OTHER, C_COUNT };
static const char *const class_name[C_COUNT] = {
	"WMMA", "v_exp_f32", "other VALU", "LDS", "VMEM", "SALU", "branch", "waitcnt", "barrier", "other",
};
/* the tagged blocks, in the order of the AT_TAG_* values */
static const char *const block_name[AT_TAG_COUNT] = {
	[AT_TAG_TILE] = "every tile",
	[AT_TAG_RESCALE] = "+ O rescale (a row maximum moved)",
	[AT_TAG_MASK] = "+ mask (causal or S_kv within the tile)",
	[AT_TAG_RAGGED] = "+ ragged last tile (clamped addresses)",
};

static unsigned class_of(const struct ao_inst *in)
{
	if (in->kind == AO_INST_WAITCNT || in->kind == AO_INST_DELAY)
		return C_WAIT;
	const char *name = ao_op_name(in->op);
	if (name && !strncmp(name, "v_wmma", 6))
		return C_WMMA;
	if (in->kind == AO_INST_OP && in->op == AO_OP(v_exp_f32))
		return C_EXP;
	static const unsigned of_iclass[ISA_IC_COUNT] = {
		[ISA_IC_FMA] = C_VALU, [ISA_IC_VALU] = C_VALU, [ISA_IC_LDS] = C_LDS, [ISA_IC_VMEM] = C_VMEM,
		[ISA_IC_SMEM] = C_OTHER, [ISA_IC_SALU] = C_SALU, [ISA_IC_BRANCH] = C_BRANCH, [ISA_IC_WAIT] = C_WAIT,
		[ISA_IC_BARRIER] = C_BARRIER, [ISA_IC_OTHER] = C_OTHER,
	};
	enum isa_iclass ic = in->kind == AO_INST_VOPD ? isa_iclass_vopd(in->x.op, in->y.op)
						      : isa_iclass_of(in->op, ao_op_cls(in->op));
	return of_iclass[ic];
}

struct at_stats {
	struct ao_summary sum;
	struct isa_occupancy occ;
	unsigned n[AT_TAG_COUNT][C_COUNT];
	bool found;
};

static void gather(struct ao_kernel *k, struct at_stats *st)
{
	memset(st, 0, sizeof *st);
	ao_finalize(k, &st->sum);
	const struct ao_kernel_info *info = ao_info(k);
	isa_occupancy(info->target, st->sum.next_free_vgpr, st->sum.lds_bytes, info->block_threads, info->wgp_mode,
		      &st->occ);
	for (unsigned i = 0; i < ao_inst_count(k); i++) {
		const struct ao_inst *in = ao_inst_at(k, i);
		if (in->tag > 0 && in->tag < AT_TAG_COUNT) {
			st->n[in->tag][class_of(in)]++;
			st->found = true;
		}
	}
}

static void print_text(struct ao_text *b, const struct at *a, const struct at_stats *st, const struct ao_kernel *k)
{
	static const char *const dtypes[] = { "f16", "bf16" }, *const outs[] = { "f16", "bf16", "f32" };
	const struct isa_target *t = ao_info(k)->target;
	ao_textf(b, "attention report (%s, wave32)\n\n", t->name);
	ao_textf(b, "shape: head-dim %u, %s -> %s, %s, block_q %u (%u waves of 16 queries), kv-tile %u, kv-split %u\n",
		 a->d, dtypes[a->dtype], outs[a->out], a->causal ? "causal" : "not causal", a->block_q, a->waves,
		 a->tile, a->split);
	ao_textf(b, "\nresources\n");
	ao_textf(b, "  VGPRs           %u (allocated in granules of %u: %u)\n", st->sum.next_free_vgpr, t->vgpr_granule,
		 st->occ.vgpr_alloc);
	ao_textf(b, "  SGPRs           %u (VCC included)\n", st->sum.sgpr_count);
	ao_textf(b, "  LDS             %u bytes per workgroup (the V tile, [%u d][%u keys + pad])\n", st->sum.lds_bytes,
		 a->d, a->tile);
	ao_textf(b, "  occupancy       %u waves per SIMD (VGPR limit %u, LDS/barrier limit %u, at most %u)\n",
		 st->occ.waves, st->occ.by_vgpr, st->occ.by_lds, t->waves_per_simd);
	ao_textf(b, "  code            %u instructions, %u bytes\n", st->sum.insts, st->sum.code_bytes);
	if (!st->found) {
		ao_textf(b, "\n(no key tile markers found)\n");
		return;
	}
	ao_textf(b, "\ninstructions per wave per key tile of %u keys (%u WMMA tiles of 16x16x16 per product)\n",
		 a->tile, a->nt * a->nd);
	ao_textf(b, "  %-42s", "");
	for (unsigned c = 0; c < C_COUNT; c++)
		ao_textf(b, " %10s", class_name[c]);
	ao_textf(b, "\n");
	for (unsigned g = AT_TAG_TILE; g < AT_TAG_COUNT; g++) {
		ao_textf(b, "  %-42s", block_name[g]);
		for (unsigned c = 0; c < C_COUNT; c++)
			ao_textf(b, " %10u", st->n[g][c]);
		ao_textf(b, "\n");
	}
	const unsigned *n = st->n[AT_TAG_TILE];
	unsigned wmma = n[C_WMMA] ? n[C_WMMA] : 1;
	ao_textf(b, "\nper WMMA on every tile: %.2f v_exp_f32, %.2f other VALU, %.2f LDS, %.2f VMEM\n",
		 (double)n[C_EXP] / wmma, (double)n[C_VALU] / wmma, (double)n[C_LDS] / wmma, (double)n[C_VMEM] / wmma);
	ao_textf(b, "(on RDNA3 the WMMA runs on the VALU: every other VALU instruction takes issue slots from it)\n");
}

char *at_report(const struct tpl_values *v, struct ao_kernel *k)
{
	struct at a;
	char err[256];
	if (at_derive(v, &a, err, sizeof err))
		return NULL;
	struct at_stats st;
	gather(k, &st);
	struct ao_text b = { 0 };
	print_text(&b, &a, &st, k);
	if (b.oom) {
		free(b.p);
		return NULL;
	}
	return b.p;
}
