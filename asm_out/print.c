/* print.c — the target's assembly text: instructions exactly as llvm-objdump-19
 * prints them, the .amdhsa_kernel descriptor and the .amdgpu_metadata block. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_out/internal.h"

/* ---- growable text buffer ---------------------------------------------------- */
void ao_textf(struct ao_text *b, const char *fmt, ...)
{
	if (b->oom)
		return;
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		size_t room = b->cap - b->len;
		int n = vsnprintf(b->p ? b->p + b->len : NULL, room, fmt, ap);
		va_end(ap);
		if (n < 0) {
			b->oom = true;
			return;
		}
		if ((size_t)n < room) {
			b->len += (size_t)n;
			return;
		}
		size_t cap = b->cap ? b->cap * 2 : 4096;
		while (cap < b->len + (size_t)n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			b->oom = true;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
}

/* ---- operands ---------------------------------------------------------------- */
static const char *const special_names[AO_SPECIAL_COUNT] = {
	[AO_VCC_LO] = "vcc_lo", [AO_VCC_HI] = "vcc_hi", [AO_EXEC_LO] = "exec_lo",
	[AO_EXEC_HI] = "exec_hi", [AO_M0] = "m0", [AO_NULL] = "null", [AO_SCC] = "scc",
};

/* f32 inline constants as llvm-objdump spells them (isa/inline_consts.def) */
static const struct { uint32_t bits; const char *text; } fconst[] = {
#define INLINE_FLOAT(code, text, f32, f16, f64) { f32, text },
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
};

static void put_imm(struct ao_text *b, uint32_t bits, bool force_literal)
{
	int32_t s = (int32_t)bits;
	if (!force_literal) {
		if (isa_inline_int(s)) {
			ao_textf(b, "%d", s);
			return;
		}
		for (size_t i = 0; i < sizeof fconst / sizeof fconst[0]; i++)
			if (fconst[i].bits == bits) {
				ao_textf(b, "%s", fconst[i].text);
				return;
			}
	}
	ao_textf(b, "0x%x", bits);
}

static void put_reg(struct ao_text *b, char file, unsigned reg, unsigned count)
{
	if (count == 1)
		ao_textf(b, "%c%u", file, reg);
	else
		ao_textf(b, "%c[%u:%u]", file, reg, reg + count - 1);
}

static void put_opnd(struct ao_text *b, const struct ao_kernel *k, const struct ao_opnd *o, bool litk)
{
	if (o->mods & AO_NEG)
		ao_textf(b, "-");
	if (o->mods & AO_ABS)
		ao_textf(b, "|");
	switch (o->kind) {
	case AO_K_VGPR: put_reg(b, 'v', o->reg, o->count); break;
	case AO_K_SGPR: put_reg(b, 's', o->reg, o->count); break;
	case AO_K_VIRT:
		if (o->count == 1)
			ao_textf(b, "%%%u.%u", o->reg, o->sub);
		else
			ao_textf(b, "%%%u.[%u:%u]", o->reg, o->sub, o->sub + o->count - 1);
		break;
	case AO_K_SPECIAL: ao_textf(b, "%s", special_names[o->reg]); break;
	case AO_K_IMM: put_imm(b, o->imm, litk); break;
	case AO_K_LABEL: ao_textf(b, "%s", k->labels[o->reg].name); break;
	case AO_K_OFF: ao_textf(b, "off"); break;
	default: ao_textf(b, "?"); break;
	}
	if (o->mods & AO_ABS)
		ao_textf(b, "|");
}

/* kidx: index of the operand that is the constant K of fmaak/fmamk (always a
 * literal, printed in hex), or -1. */
static void put_opnds(struct ao_text *b, const struct ao_kernel *k, const struct ao_opnd *o,
		      unsigned n, int kidx)
{
	for (unsigned i = 0; i < n; i++) {
		ao_textf(b, i ? ", " : " ");
		put_opnd(b, k, &o[i], (int)i == kidx);
	}
}

static int k_index(ao_op op)
{
	if (!(isa_ops[op].flags & ISA_F_LITK))
		return -1;
	return op == AO_OP(v_fmamk_f32) ? 2 : 3;   /* fmaak: d, s0, s1, K; fmamk: d, s0, K, s1 */
}

static void put_half(struct ao_text *b, const struct ao_kernel *k, const struct ao_half *h)
{
	const struct isa_opinfo *r = &isa_ops[h->op];
	/* v_fmac_f32 -> v_dual_fmac_f32; fmaak/fmamk carry K as a literal */
	ao_textf(b, "v_dual_%s", r->name + 2);
	put_opnds(b, k, h->o, h->n, k_index(h->op));
}

static const char *const delay_id[] = {
	"NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4", "TRANS32_DEP_1",
	"TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2",
	"SALU_CYCLE_3",
};
static const char *const delay_skip[] = { "SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4" };

static void put_inst(struct ao_text *b, const struct ao_kernel *k, const struct ao_inst *in)
{
	if (in->kind == AO_INST_WAITCNT) {
		unsigned vm = in->simm >> 10 & 63, lg = in->simm >> 4 & 63, ex = in->simm & 7;
		bool all = vm == 63 && lg == 63 && ex == 7;   /* objdump then prints every field */
		ao_textf(b, "s_waitcnt");
		if (all || vm != 63)
			ao_textf(b, " vmcnt(%u)", vm);
		if (all || ex != 7)
			ao_textf(b, " expcnt(%u)", ex);
		if (all || lg != 63)
			ao_textf(b, " lgkmcnt(%u)", lg);
		return;
	}
	if (in->kind == AO_INST_DELAY) {
		unsigned id0 = in->simm & 15, skip = in->simm >> 4 & 7, id1 = in->simm >> 7 & 15;
		ao_textf(b, "s_delay_alu instid0(%s)", delay_id[id0]);
		if (skip)
			ao_textf(b, " | instskip(%s)", delay_skip[skip]);
		if (id1)
			ao_textf(b, " | instid1(%s)", delay_id[id1]);
		return;
	}
	if (in->kind == AO_INST_VOPD) {
		put_half(b, k, &in->x);
		ao_textf(b, " :: ");
		put_half(b, k, &in->y);
		return;
	}
	const struct isa_opinfo *r = &isa_ops[in->op];
	const char *suffix = "";
	if ((r->enc == ISA_ENC_VOP1 || r->enc == ISA_ENC_VOP2 || r->enc == ISA_ENC_VOPC) &&
	    !(r->flags & ISA_F_NOE64))
		suffix = ao_uses_e64(in) ? "_e64" : "_e32";
	ao_textf(b, "%s%s", r->name, suffix);
	switch (r->enc) {
	case ISA_ENC_SMEM:
		put_opnds(b, k, in->o, in->n, -1);
		/* As llvm-objdump 19 and 22 print it (and llvm-mc takes it back): with
		 * an SGPR offset (the last operand) "s2" or "s2 offset:0x10"; without
		 * one, the immediate offset in its place, "null" when 0. */
		if (in->n == 3 && !(r->flags & ISA_F_STORE)) {
			if (in->m.offset)
				ao_textf(b, " offset:0x%x", (unsigned)in->m.offset);
		} else if (in->m.offset == 0) {
			ao_textf(b, ", null");
		} else {
			ao_textf(b, ", 0x%x", (unsigned)in->m.offset);
		}
		return;
	case ISA_ENC_SOPK:
		put_opnds(b, k, in->o, in->n ? in->n - 1 : 0, -1);
		if (in->n && in->o[in->n - 1].kind == AO_K_IMM)
			ao_textf(b, "%s0x%x", in->n > 1 ? ", " : " ", in->o[in->n - 1].imm & 0xffff);
		return;
	case ISA_ENC_SOPP:
		if (in->op == AO_OP(s_waitcnt_depctr) && in->n == 1 && in->o[0].kind == AO_K_IMM) {
			/* as llvm-objdump prints encodings without a symbolic form (0xfff) */
			ao_textf(b, " 0x%x", in->o[0].imm & 0xffff);
			return;
		}
		if (in->n == 1 && in->o[0].kind == AO_K_IMM)
			ao_textf(b, " %d", (int32_t)in->o[0].imm);
		else
			put_opnds(b, k, in->o, in->n, -1);
		return;
	case ISA_ENC_DS:
		put_opnds(b, k, in->o, in->n, -1);
		if (strstr(r->name, "2addr")) {
			if (in->m.offset)
				ao_textf(b, " offset0:%d", in->m.offset);
			if (in->m.offset1)
				ao_textf(b, " offset1:%u", in->m.offset1);
		} else if (in->m.offset) {
			ao_textf(b, " offset:%d", in->m.offset);
		}
		return;
	case ISA_ENC_GLOBAL:
	case ISA_ENC_SCRATCH:
	case ISA_ENC_FLAT:
		put_opnds(b, k, in->o, in->n, -1);
		if (in->m.offset)
			ao_textf(b, " offset:%d", in->m.offset);
		if (in->m.flags & AO_GLC) ao_textf(b, " glc");
		if (in->m.flags & AO_SLC) ao_textf(b, " slc");
		if (in->m.flags & AO_DLC) ao_textf(b, " dlc");
		return;
	default:
		put_opnds(b, k, in->o, in->n, k_index(in->op));
		if (in->m.flags & AO_CLAMP)
			ao_textf(b, " clamp");
		return;
	}
}

int ao_print_inst(const struct ao_kernel *k, unsigned i, char *buf, size_t n)
{
	if (i >= k->ninst || n == 0)
		return AO_E_ARG;
	struct ao_text b = { 0 };
	put_inst(&b, k, &k->insts[i]);
	if (b.oom) {
		free(b.p);
		return AO_E_NOMEM;
	}
	snprintf(buf, n, "%s", b.p ? b.p : "");
	free(b.p);
	return 0;
}

/* ---- the file ------------------------------------------------------------------- */
static void put_metadata(struct ao_text *b, const struct ao_kernel *k, const struct ao_summary *s,
			 unsigned co)
{
	ao_textf(b, "\t.amdgpu_metadata\n---\n");
	ao_textf(b, "amdhsa.version: [ 1, %u ]\n", co == 4 ? 1 : 2);
	ao_textf(b, "amdhsa.kernels:\n");
	ao_textf(b, "  - .name: %s\n", k->name);
	ao_textf(b, "    .symbol: %s.kd\n", k->name);
	ao_textf(b, "    .kernarg_segment_size: %u\n", s->kernarg_size);
	ao_textf(b, "    .kernarg_segment_align: %u\n", s->kernarg_align);
	ao_textf(b, "    .group_segment_fixed_size: %u\n", s->lds_bytes);
	ao_textf(b, "    .private_segment_fixed_size: 0\n");
	ao_textf(b, "    .max_flat_workgroup_size: %u\n", k->info.block_threads);
	ao_textf(b, "    .wavefront_size: 32\n");
	ao_textf(b, "    .sgpr_count: %u\n", s->sgpr_count);
	ao_textf(b, "    .vgpr_count: %u\n", s->next_free_vgpr);
	ao_textf(b, "    .sgpr_spill_count: 0\n");
	ao_textf(b, "    .vgpr_spill_count: 0\n");
	for (unsigned i = 0; i < k->nmeta; i++) {
		if (k->meta[i].is_str)
			ao_textf(b, "    .rdna3.%s: %s\n", k->meta[i].key, k->meta[i].sval);
		else
			ao_textf(b, "    .rdna3.%s: %ld\n", k->meta[i].key, k->meta[i].ival);
	}
	if (k->nargs) {
		ao_textf(b, "    .args:\n");
		for (unsigned i = 0; i < k->nargs; i++) {
			const struct ao_arg_desc *a = &k->args[i];
			ao_textf(b, "      - .name: %s\n", a->name);
			ao_textf(b, "        .offset: %u\n", a->offset);
			ao_textf(b, "        .size: %u\n", a->size);
			if (a->kind == AO_ARG_GLOBAL_PTR) {
				ao_textf(b, "        .value_kind: global_buffer\n");
				ao_textf(b, "        .address_space: global\n");
				if (a->is_const)
					ao_textf(b, "        .is_const: true\n");
			} else {
				ao_textf(b, "        .value_kind: by_value\n");
				/* the C names runners read the value's type from (loader/args.c) */
				static const char *const type_name[] = {
					[AO_ARG_F32] = "float", [AO_ARG_U32] = "uint", [AO_ARG_F64] = "double",
				};
				if ((unsigned)a->kind < sizeof type_name / sizeof type_name[0] && type_name[a->kind])
					ao_textf(b, "        .type_name: %s\n", type_name[a->kind]);
			}
		}
	}
	ao_textf(b, "...\n\t.end_amdgpu_metadata\n");
}

int ao_print(struct ao_kernel *k, const struct ao_emit_opts *opts, char **out, size_t *len)
{
	*out = NULL;
	if (len)
		*len = 0;
	unsigned co = opts && opts->code_object ? opts->code_object : 5;
	if (co < 4 || co > 6)
		return ao_fail(k, "code object version %u: use 4, 5 or 6", co);
	struct ao_summary s;
	int rc = ao_finalize(k, &s);
	if (rc)
		return rc;
	struct ao_text b = { 0 };
	if (opts && opts->header)
		ao_textf(&b, "%s", opts->header);
	ao_textf(&b, "\t.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n", k->info.target->name);
	if (!(opts && opts->no_version_directive))
		ao_textf(&b, "\t.amdhsa_code_object_version %u\n", co);
	ao_textf(&b, "\t.text\n\t.globl %s\n\t.p2align 8\n\t.type %s,@function\n%s:\n", k->name,
		  k->name, k->name);
	for (unsigned i = 0; i <= k->ninst; i++) {
		for (unsigned l = 0; l < k->nlabel; l++)
			if (k->labels[l].pos == (int)i)
				ao_textf(&b, "%s:\n", k->labels[l].name);
		if (i == k->ninst)
			break;
		ao_textf(&b, "\t");
		put_inst(&b, k, &k->insts[i]);
		if (k->insts[i].comment)
			ao_textf(&b, " ; %s", k->insts[i].comment);
		ao_textf(&b, "\n");
	}
	ao_textf(&b, ".L%s_end:\n\t.size %s, .L%s_end-%s\n\n", k->name, k->name, k->name, k->name);

	ao_textf(&b, "\t.rodata\n\t.p2align 6\n\t.amdhsa_kernel %s\n", k->name);
	ao_textf(&b, "\t\t.amdhsa_group_segment_fixed_size %u\n", s.lds_bytes);
	ao_textf(&b, "\t\t.amdhsa_private_segment_fixed_size 0\n");
	ao_textf(&b, "\t\t.amdhsa_kernarg_size %u\n", s.kernarg_size);
	ao_textf(&b, "\t\t.amdhsa_user_sgpr_kernarg_segment_ptr 1\n");
	ao_textf(&b, "\t\t.amdhsa_wavefront_size32 1\n");
	for (unsigned d = 0; d < 3; d++)
		ao_textf(&b, "\t\t.amdhsa_system_sgpr_workgroup_id_%c %d\n", "xyz"[d],
			  k->wgid_sgpr[d] >= 0);
	ao_textf(&b, "\t\t.amdhsa_system_vgpr_workitem_id %u\n", k->info.workitem_ids);
	ao_textf(&b, "\t\t.amdhsa_next_free_vgpr %u\n", s.next_free_vgpr);
	ao_textf(&b, "\t\t.amdhsa_next_free_sgpr %u\n", s.next_free_sgpr);
	ao_textf(&b, "\t\t.amdhsa_reserve_vcc %d\n", s.uses_vcc);
	/* f32 denormals kept (mode 3), as clang does for gfx11: results then match
	 * an IEEE CPU reference bit for bit where the operations agree. */
	ao_textf(&b, "\t\t.amdhsa_float_denorm_mode_32 3\n");
	ao_textf(&b, "\t\t.amdhsa_float_denorm_mode_16_64 3\n");
	ao_textf(&b, "\t\t.amdhsa_workgroup_processor_mode %d\n", k->info.wgp_mode);
	ao_textf(&b, "\t\t.amdhsa_memory_ordered 1\n");
	ao_textf(&b, "\t.end_amdhsa_kernel\n\n");
	put_metadata(&b, k, &s, co);
	if (b.oom) {
		free(b.p);
		return AO_E_NOMEM;
	}
	*out = b.p;
	if (len)
		*len = b.len;
	return 0;
}
