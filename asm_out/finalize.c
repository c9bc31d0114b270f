/* finalize.c — derive what the assembler does not check from the instructions
 * actually emitted, and refuse kernels that would assemble but run wrong. */
#include <stdio.h>
#include <string.h>

#include "asm_out/internal.h"

struct scan {
	unsigned vmax, smax;   /* highest register index + 1 */
	bool vcc;
	bool ds;
};

static void scan_opnd(struct ao_kernel *k, struct scan *s, const struct ao_opnd *o, unsigned idx)
{
	switch (o->kind) {
	case AO_K_VGPR:
		if (o->reg + o->count > s->vmax)
			s->vmax = o->reg + o->count;
		break;
	case AO_K_SGPR:
		if (o->reg + o->count > s->smax)
			s->smax = o->reg + o->count;
		break;
	case AO_K_SPECIAL:
		if (o->reg == AO_VCC_LO || o->reg == AO_VCC_HI)
			s->vcc = true;
		break;
	case AO_K_VIRT:
		ao_fail(k, "instruction %u: virtual register %u was not allocated", idx, o->reg);
		break;
	case AO_K_LABEL:
		if (ao_label_pos(k, o->reg) < 0)
			ao_fail(k, "instruction %u: label %s is never bound", idx, k->labels[o->reg].name);
		break;
	default:
		break;
	}
}

static unsigned vgpr_of(const struct ao_opnd *o) { return o->kind == AO_K_VGPR ? o->reg : ~0u; }

/* LLVM's VOPD pairing rules (docs/isa-notes.md).  One half reading what the other
 * writes is legal: both read before either writes (ISA guide, VOPD). */
static void check_vopd(struct ao_kernel *k, unsigned idx, const struct ao_inst *in)
{
	const struct ao_half *x = &in->x, *y = &in->y;
	unsigned dx = vgpr_of(&x->o[0]), dy = vgpr_of(&y->o[0]);
	if (dx == ~0u || dy == ~0u) {
		ao_fail(k, "instruction %u: VOPD destinations must be VGPRs", idx);
		return;
	}
	if ((dx & 1) == (dy & 1))
		ao_fail(k, "instruction %u: VOPD destinations v%u and v%u: one must be even, the other odd",
			idx, dx, dy);
	unsigned x0 = vgpr_of(&x->o[1]), y0 = vgpr_of(&y->o[1]);
	if (x0 != ~0u && y0 != ~0u && isa_vgpr_bank(x0) == isa_vgpr_bank(y0))
		ao_fail(k, "instruction %u: VOPD src0 v%u and v%u in the same bank", idx, x0, y0);
	if (x->n > 2 && y->n > 2 && !(isa_ops[x->op].flags & ISA_F_LITK) &&
	    !(isa_ops[y->op].flags & ISA_F_LITK)) {
		unsigned x1 = vgpr_of(&x->o[2]), y1 = vgpr_of(&y->o[2]);
		if (x1 != ~0u && y1 != ~0u && isa_vgpr_bank(x1) == isa_vgpr_bank(y1))
			ao_fail(k, "instruction %u: VOPD vsrc1 v%u and v%u in the same bank", idx, x1, y1);
	}
}

/* The part of an LDS address known when building: the instruction offset.  An
 * access whose offset alone runs past the declared LDS is refused (the
 * VGPR part is checked at run time by the emulator). */
static void check_lds_offset(struct ao_kernel *k, unsigned idx, const struct ao_inst *in)
{
	const struct isa_opinfo *r = &isa_ops[in->op];
	unsigned dwords = (r->flags & ISA_F_LOAD) ? r->dst : r->src1;
	if (dwords == 0 || strstr(r->name, "2addr"))
		return;      /* 2addr offsets are in elements; atomics without data */
	unsigned end = (unsigned)in->m.offset + 4u * dwords;
	if (in->m.offset < 0 || end > k->lds_bytes)
		ao_fail(k, "instruction %u: %s offset %d reaches byte %u, LDS declared %u bytes", idx, r->name,
			in->m.offset, end, k->lds_bytes);
}

int ao_finalize(struct ao_kernel *k, struct ao_summary *sum)
{
	if (k->err[0])
		return AO_E_STATE;
	struct scan s = { .vmax = 1, .smax = 0 };   /* v0 holds the work-item ids */
	memset(sum, 0, sizeof *sum);
	bool ends = false;
	for (unsigned i = 0; i < k->ninst; i++) {
		const struct ao_inst *in = &k->insts[i];
		if (in->kind == AO_INST_VOPD) {
			for (unsigned j = 0; j < in->x.n; j++)
				scan_opnd(k, &s, &in->x.o[j], i);
			for (unsigned j = 0; j < in->y.n; j++)
				scan_opnd(k, &s, &in->y.o[j], i);
			if (in->x.op == AO_OP(v_cndmask_b32) || in->y.op == AO_OP(v_cndmask_b32))
				s.vcc = true;   /* the VOPD cndmask reads vcc_lo implicitly */
			if (!k->err[0])
				check_vopd(k, i, in);
			sum->vopd++;
			sum->by_class[ISA_CLS_VALU]++;
		} else {
			for (unsigned j = 0; j < in->n; j++)
				scan_opnd(k, &s, &in->o[j], i);
			if (in->op == AO_OP(s_cbranch_vccz) || in->op == AO_OP(s_cbranch_vccnz))
				s.vcc = true;
			sum->by_class[isa_ops[in->op].cls]++;
			if (isa_ops[in->op].enc == ISA_ENC_DS) {
				s.ds = true;
				check_lds_offset(k, i, in);
			}
			if (ao_is_smem_load(in) && in->n >= 2 && in->o[1].kind == AO_K_SGPR &&
			    in->o[1].reg == AO_SGPR_KERNARG) {
				unsigned end = (unsigned)in->m.offset + 4u * in->o[0].count;
				if (in->m.offset < 0 || end > k->kernarg_end)
					ao_fail(k, "instruction %u: %s reads kernarg bytes %d..%u, the segment has %u",
						i, isa_ops[in->op].name, in->m.offset, end - 1, k->kernarg_end);
			}
			if (in->op == AO_OP(s_endpgm))
				ends = true;
		}
		sum->code_bytes += ao_inst_size(k, i);
	}
	for (unsigned l = 0; l < k->nlabel && !k->err[0]; l++)
		if (k->labels[l].pos < 0)
			ao_fail(k, "label %s is never bound", k->labels[l].name);
	if (!ends)
		ao_fail(k, "kernel %s has no s_endpgm", k->name);
	if (s.ds && k->lds_bytes == 0)
		ao_fail(k, "kernel %s uses LDS instructions but declares no LDS (ao_lds)", k->name);
	if (k->err[0])
		return AO_E_STATE;

	unsigned init_sgprs = k->user_sgprs + k->system_sgprs;
	sum->next_free_vgpr = s.vmax;
	sum->next_free_sgpr = s.smax > init_sgprs ? s.smax : init_sgprs;
	sum->uses_vcc = s.vcc;
	/* The metadata's sgpr_count includes VCC, as LLVM counts it. */
	sum->sgpr_count = sum->next_free_sgpr + (s.vcc ? 2 : 0);
	sum->lds_bytes = k->lds_bytes;
	sum->kernarg_size = k->kernarg_end;
	sum->kernarg_align = k->kernarg_align;   /* largest argument alignment, at least 4 */
	sum->user_sgprs = k->user_sgprs;
	sum->system_sgprs = k->system_sgprs;
	sum->insts = k->ninst;
	sum->nargs = k->nargs;
	sum->args = k->args;
	return 0;
}
