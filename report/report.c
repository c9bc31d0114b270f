/* report.c — the register-bank report: instruction records from either source,
 * the main loop, the bank-cache model, the summary.  See report/report.h and
 * docs/report.md. */
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_out/asm_out.h"
#include "emu/decode.h"
#include "isa/iclass.h"
#include "report/report_internal.h"

const char *const rp_cls_name[RP_CLS_COUNT] = {
#define RP_CLS_NAME_(c, s, k) s,
	RP_CLASSES(RP_CLS_NAME_)
#undef RP_CLS_NAME_
};
const char *const rp_cls_key[RP_CLS_COUNT] = {
#define RP_CLS_KEY_(c, s, k) k,
	RP_CLASSES(RP_CLS_KEY_)
#undef RP_CLS_KEY_
};

static bool starts(const char *s, const char *p) { return s && strncmp(s, p, strlen(p)) == 0; }

#define RP_CLS_SAME_(c, s, k) \
	_Static_assert((int)RP_CLS_##c == (int)ISA_IC_##c, "enum rp_cls is enum isa_iclass");
RP_CLASSES(RP_CLS_SAME_)
#undef RP_CLS_SAME_

static enum rp_cls cls_of(unsigned op) { return (enum rp_cls)isa_iclass_of(op, isa_ops[op].cls); }

/* ---- the neutral form both sources are brought to ---------------------------
 * A plain instruction: op, the VGPR range it writes, its three ALU sources as
 * operand codes (emu/decode.h).  A VOPD: two ra_vopd_half.  One function turns
 * either into the record, so the two sources cannot count differently. */
struct neutral {
	unsigned op;                     /* op id; ISA_OP_v_dual for VOPD */
	int wv, wn;                      /* written VGPR range (wn = 0: none) */
	unsigned src[3];                 /* operand codes, EMU_OPND_NONE when absent */
	unsigned xop, yop;               /* VOPD: the VALU op of each half */
	struct ra_vopd_half x, y;
	bool vopd_ok;                    /* halves mapped to ra_vopd_ops rows */
	bool wexec;                      /* writes EXEC: a destination, *saveexec, v_cmpx */
};

static int vopd_row(unsigned valu_op)
{
	const char *n = isa_vopd_name(valu_op);
	if (!n || !starts(n, "v_dual_"))
		return -1;
	for (int i = 0; i < RA_VOPD_NOPS; i++)
		if (strcmp(ra_vopd_ops[i].name, n + 7) == 0)
			return i;
	return -1;
}

static struct ra_opnd opnd_of_code(unsigned c, uint32_t lit)
{
	struct ra_opnd o = { RA_OPND_INLINE, c };
	if (emu_opnd_is_vgpr(c))
		o = (struct ra_opnd){ RA_OPND_VGPR, c - EMU_OPND_VGPR0 };
	else if (c <= EMU_OPND_VCC_HI)
		o = (struct ra_opnd){ RA_OPND_SGPR, c };
	else if (c == EMU_OPND_LITERAL)
		o = (struct ra_opnd){ RA_OPND_LITERAL, lit };
	return o;
}

static void fill_record(struct rp_inst *ri, const struct neutral *nt)
{
	ra_access_clear(&ri->acc);
	if (nt->op == ISA_OP_v_dual) {
		ri->dual = true;
		ri->valu = true;
		ri->fmas = (uint8_t)isa_vopd_fmas(nt->xop, nt->yop);
		ri->cls = (uint8_t)isa_iclass_vopd(nt->xop, nt->yop);
		if (nt->vopd_ok)
			ra_access_from_vopd(&ri->acc, &nt->x, &nt->y);
		return;
	}
	ri->end = nt->op == ISA_OP_s_endpgm;
	ri->wexec = nt->wexec;
	ri->cls = (uint8_t)cls_of(nt->op);
	ri->fmas = isa_op_is_fma(nt->op);
	unsigned c = isa_ops[nt->op].cls;
	ri->valu = c == ISA_CLS_VALU || c == ISA_CLS_TRANS;
	if (isa_is_wmma(nt->op))
		rp_wmma_record(ri, nt->op, nt->src, nt->wn > 0 ? nt->wv : -1);
	else if (ri->valu)
		for (int s = 0; s < 3; s++)
			if (emu_opnd_is_vgpr(nt->src[s]))
				ri->acc.read[0][s] = (int16_t)(nt->src[s] - EMU_OPND_VGPR0);
	if (nt->wn > 0) {
		ri->acc.write[0] = (int16_t)nt->wv;
		ri->acc.write_n[0] = (uint8_t)nt->wn;
	}
}

/* ---- source 1: the builder's instruction list ------------------------------- */
static unsigned code_of_ao(const struct ao_opnd *o)
{
	switch (o->kind) {
	case AO_K_VGPR: return EMU_OPND_VGPR0 + o->reg;
	case AO_K_SGPR: return o->reg;
	case AO_K_SPECIAL: {
		static const unsigned sp[AO_SPECIAL_COUNT] = {
			[AO_VCC_LO] = EMU_OPND_VCC_LO, [AO_VCC_HI] = EMU_OPND_VCC_HI,
			[AO_EXEC_LO] = EMU_OPND_EXEC_LO, [AO_EXEC_HI] = EMU_OPND_EXEC_HI,
			[AO_M0] = EMU_OPND_M0, [AO_NULL] = EMU_OPND_NULL, [AO_SCC] = EMU_OPND_SCC,
		};
		return o->reg < AO_SPECIAL_COUNT ? sp[o->reg] : EMU_OPND_NONE;
	}
	case AO_K_IMM: return EMU_OPND_LITERAL;
	default: return EMU_OPND_NONE;
	}
}

static void half_of_ao(const struct ao_half *h, struct ra_vopd_half *out, bool *ok)
{
	memset(out, 0, sizeof *out);
	int row = vopd_row(h->op);
	if (row < 0 || h->n < 2 || h->o[0].kind != AO_K_VGPR) {
		*ok = false;
		return;
	}
	out->op = (enum ra_vopd_op)row;
	out->dst = h->o[0].reg;
	out->src0 = opnd_of_code(code_of_ao(&h->o[1]), h->o[1].imm);
	for (unsigned i = 2; i < h->n; i++) {
		if (h->o[i].kind == AO_K_VGPR)
			out->vsrc1 = h->o[i].reg;
		else if (h->o[i].kind == AO_K_IMM)
			out->k = h->o[i].imm;
	}
}

/* Ops that write EXEC without naming it: s_*saveexec*, v_cmpx_*. */
static bool implicit_exec(unsigned op)
{
	const char *n = op < ISA_OP_COUNT ? isa_ops[op].name : NULL;
	return n && (strstr(n, "saveexec") || starts(n, "v_cmpx"));
}

static void neutral_of_ao(const struct ao_inst *in, struct neutral *nt)
{
	memset(nt, 0, sizeof *nt);
	for (int s = 0; s < 3; s++)
		nt->src[s] = EMU_OPND_NONE;
	if (in->kind == AO_INST_VOPD) {
		bool ok = true;
		nt->op = ISA_OP_v_dual;
		nt->xop = in->x.op;
		nt->yop = in->y.op;
		half_of_ao(&in->x, &nt->x, &ok);
		half_of_ao(&in->y, &nt->y, &ok);
		nt->vopd_ok = ok;
		return;
	}
	nt->op = in->op;
	nt->wexec = implicit_exec(in->op);
	unsigned dmask = in->kind == AO_INST_OP ? ao_inst_dst_mask(in) : 0, ns = 0;
	for (unsigned i = 0; i < in->n; i++) {
		const struct ao_opnd *o = &in->o[i];
		if (dmask & (1u << i)) {
			nt->wexec |= o->kind == AO_K_SPECIAL && o->reg == AO_EXEC_LO;
			if (o->kind == AO_K_VGPR && nt->wn == 0) {
				nt->wv = (int)o->reg;
				nt->wn = o->count;
			}
			continue;
		}
		if (ns < 3)
			nt->src[ns++] = code_of_ao(o);
	}
	for (unsigned i = 0; i < in->n && in->kind == AO_INST_OP; i++)
		if ((dmask & (1u << i)) && ao_inst_dst_read(in, i))
			nt->src[2] = code_of_ao(&in->o[i]);
}

static int insts_from_ao(struct ao_kernel *k, struct rp_inst **out, unsigned *n, char *err, size_t errlen)
{
	unsigned cnt = ao_inst_count(k);
	struct rp_inst *v = calloc(cnt ? cnt : 1, sizeof *v);
	if (!v)
		return vc_fail(err, errlen, RP_E_NOMEM, "out of memory");
	uint32_t off = 0;
	for (unsigned i = 0; i < cnt; i++) {
		struct ao_inst *in = ao_inst_at(k, i);
		struct rp_inst *ri = &v[i];
		struct neutral nt;
		neutral_of_ao(in, &nt);
		fill_record(ri, &nt);
		ri->offset = off;
		ri->size = (uint8_t)ao_inst_size(k, i);
		off += ri->size;
		ri->target = -1;
		if (ao_inst_is_branch(in)) {
			const char *name = ao_op_name(in->op);
			ri->branch = true;
			ri->cond = starts(name, "s_cbranch");
			for (unsigned j = 0; j < in->n; j++)
				if (in->o[j].kind == AO_K_LABEL)
					ri->target = ao_label_pos(k, in->o[j].reg);
		}
		ao_print_inst(k, i, ri->text, sizeof ri->text);
		if (in->comment && starts(in->comment, "single: "))
			snprintf(ri->why, sizeof ri->why, "%s", in->comment + 8);
	}
	*out = v;
	*n = cnt;
	return 0;
}

/* ---- source 2: machine code ------------------------------------------------- */
static void neutral_of_emu(const struct emu_inst *in, struct neutral *nt)
{
	memset(nt, 0, sizeof *nt);
	for (int s = 0; s < 3; s++)
		nt->src[s] = in->src[s];
	nt->op = in->op;
	if (in->op == ISA_OP_v_dual) {
		const struct emu_vopd_half *h[2] = { &in->x, &in->y };
		struct ra_vopd_half *o[2] = { &nt->x, &nt->y };
		nt->xop = in->x.op;
		nt->yop = in->y.op;
		nt->vopd_ok = true;
		for (int i = 0; i < 2; i++) {
			int row = vopd_row(h[i]->op);
			if (row < 0) {
				nt->vopd_ok = false;
				continue;
			}
			o[i]->op = (enum ra_vopd_op)row;
			o[i]->dst = h[i]->dst - EMU_OPND_VGPR0;
			o[i]->src0 = opnd_of_code(h[i]->src0, in->lit);
			if (emu_opnd_is_vgpr(h[i]->src1))
				o[i]->vsrc1 = h[i]->src1 - EMU_OPND_VGPR0;
			o[i]->k = in->lit;
		}
		return;
	}
	if (in->op == ISA_OP_v_fmamk_f32) {
		/* D = S0 * K + S1: the VGPR addend is read through src2, as LLVM's
		 * VOPD bank rules treat it (BANKS.md); the builder lists it third. */
		nt->src[2] = in->src[1];
		nt->src[1] = EMU_OPND_LITERAL;
	}
	const struct isa_opinfo *r = &isa_ops[in->op];
	nt->wexec = in->dst == EMU_OPND_EXEC_LO || implicit_exec(in->op);
	if (emu_opnd_is_vgpr(in->dst) && !(r->flags & ISA_F_STORE)) {
		nt->wv = in->dst - EMU_OPND_VGPR0;
		nt->wn = r->dst ? r->dst : 1;
	}
}

/* Where the kernel's code ends: a linear sweep from its entry that stops at an
 * s_endpgm no branch seen so far jumps past, at s_code_end, at an encoding
 * that does not decode, or at the end of the image. */
int rp_insts_from_code(const uint8_t *code, size_t n, struct rp_inst **out, unsigned *nout,
		       char *err, size_t errlen)
{
	size_t cap = 256, cnt = 0, pos = 0, reach = 0;
	struct rp_inst *v = malloc(cap * sizeof *v);
	if (!v)
		return vc_fail(err, errlen, RP_E_NOMEM, "out of memory");
	while (pos < n) {
		struct emu_inst in;
		int len = emu_decode(code + pos, n - pos, &in);
		if (len < 0) {
			if (cnt == 0) {
				free(v);
				return vc_fail(err, errlen, RP_E_INPUT,
					       "no decodable gfx11 instruction at the kernel entry");
			}
			break;
		}
		if (in.op == ISA_OP_s_code_end)
			break;
		if (cnt == cap) {
			cap *= 2;
			struct rp_inst *nv = realloc(v, cap * sizeof *v);
			if (!nv) {
				free(v);
				return vc_fail(err, errlen, RP_E_NOMEM, "out of memory");
			}
			v = nv;
		}
		struct rp_inst *ri = &v[cnt++];
		memset(ri, 0, sizeof *ri);
		struct neutral nt;
		neutral_of_emu(&in, &nt);
		fill_record(ri, &nt);
		ri->offset = (uint32_t)pos;
		ri->size = (uint8_t)len;
		ri->target = -1;
		const char *name = isa_ops[in.op].name;
		if (starts(name, "s_branch") || starts(name, "s_cbranch")) {
			ri->branch = true;
			ri->cond = starts(name, "s_cbranch");
			long long t = (long long)pos + len + in.branch;
			if (t >= 0 && t <= (long long)n && t < 0x40000000) {
				ri->target = -2 - (int)t;   /* resolved below: -2 - byte offset */
				if (t > (long long)reach)
					reach = (size_t)t;
			}
		}
		emu_format_inst(&in, ri->text, sizeof ri->text);
		pos += (size_t)len;
		if (in.op == ISA_OP_s_endpgm && pos > reach)
			break;
	}
	for (size_t i = 0; i < cnt; i++) {
		if (v[i].target > -2)
			continue;
		long long t = -2LL - v[i].target;
		v[i].target = -1;
		size_t lo = 0, hi = cnt;   /* offsets ascend: binary search */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (v[mid].offset < t)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < cnt && v[lo].offset == t)
			v[i].target = (int)lo;
	}
	*out = v;
	*nout = (unsigned)cnt;
	return 0;
}

/* ---- the main loop ----------------------------------------------------------- */
static bool writes_exec(const struct rp_inst *v, unsigned lo, unsigned hi)
{
	for (unsigned i = lo; i < hi; i++)
		if (v[i].wexec)
			return true;
	return false;
}

static void path_select(const struct rp_inst *v, struct rp_loop *L)
{
	/* An if/else inside the body (a conditional forward branch to T whose
	 * fall-through part ends in an unconditional forward branch to J inside
	 * the body) runs one side per iteration: one side is counted, the other
	 * is recorded as left out.  When exactly one side writes EXEC it is the
	 * guarded one (it switches lanes off at the matrix edges) and is left out;
	 * else the shorter side is counted.  A generator's fast/guarded pair is
	 * laid out this way (the fast side can be the longer one: HIP's address
	 * chains, the sgemm presets' addr-chain). */
	L->nskip = 0;
	for (unsigned i = L->first; i < L->last && L->nskip < 8; i++) {
		const struct rp_inst *b = &v[i];
		if (!b->branch || !b->cond || b->target <= (int)i + 1 || b->target > (int)L->last)
			continue;
		unsigned t = (unsigned)b->target;
		const struct rp_inst *e = &v[t - 1];
		if (!e->branch || e->cond || e->target < (int)t || e->target > (int)L->last)
			continue;
		unsigned j = (unsigned)e->target;
		unsigned fall = t - (i + 1), taken = j - t;
		bool xf = writes_exec(v, i + 1, t), xt = writes_exec(v, t, j);
		if (xf != xt ? xt : fall <= taken) {
			L->skip_lo[L->nskip] = t, L->skip_hi[L->nskip] = j;
		} else {
			L->skip_lo[L->nskip] = i + 1, L->skip_hi[L->nskip] = t;
		}
		L->nskip++;
		i = j - 1;
	}
}

static bool skipped(const struct rp_loop *L, unsigned i)
{
	for (unsigned s = 0; s < L->nskip; s++)
		if (i >= L->skip_lo[s] && i < L->skip_hi[s])
			return true;
	return false;
}

/* The loop's weight for the choice of the main loop: its WMMAs first (a WMMA
 * does 4096 multiply-adds per wave, an FMA 32), then its FMAs. */
static unsigned long loop_weight(const struct rp_inst *v, const struct rp_loop *L, const uint8_t *body)
{
	unsigned long f = 0;
	for (unsigned i = L->first; i <= L->last; i++)
		if (body[i] && !skipped(L, i))
			f += v[i].fmas + (v[i].wmma ? 1ul << 20 : 0);
	return f;
}

/* Back edges other than i whose branch lies in the body: the loops nested in i's. */
static unsigned nested_loops(struct rp_flow *fl, const uint8_t *body, unsigned i)
{
	unsigned k = 0;
	for (unsigned j = 0; j < fl->n; j++)
		k += j != i && body[j] && fl->loop[j];
	return k;
}

/* The body instructions outside [first, last]: blocks placed elsewhere (after
 * s_endpgm) that run instead of a part of the in-line body; left out. */
static void note_outside(const struct rp_inst *v, unsigned n, struct rp_loop *L, const uint8_t *body)
{
	L->outside = 0;
	for (unsigned i = 0; i < n; i++)
		if (body[i] && (i < L->first || i > L->last) && !L->outside++)
			L->outside_at = v[i].offset;
}

/* No innermost loop holds a WMMA but an enclosing one does (clang may keep a
 * loop of loads inside the k-loop): the smallest loop with the most WMMAs,
 * its nested loops counted once each.  False when there is none. */
static bool wmma_outer_loop(struct rp_flow *fl, struct rp_loop *L, uint8_t *body, uint8_t *tmp)
{
	const struct rp_inst *v = fl->v;
	unsigned best_w = 0, best_len = 0, first = 0, last = 0;
	for (unsigned i = 0; i < fl->n; i++) {
		if (!fl->loop[i])
			continue;
		unsigned lo = (unsigned)v[i].target, w = 0;
		rp_flow_body(fl, i, tmp);
		for (unsigned j = lo; j <= i; j++)
			w += tmp[j] && v[j].wmma;
		if (w > best_w || (w == best_w && w && i - lo < best_len)) {
			best_w = w, best_len = i - lo, first = lo, last = i;
			memcpy(body, tmp, fl->n);
		}
	}
	if (!best_w)
		return false;
	unsigned nl = L->nloops, ni = L->ninner;
	memset(L, 0, sizeof *L);
	*L = (struct rp_loop){ .found = true, .first = first, .last = last, .nloops = nl, .ninner = ni };
	note_outside(v, fl->n, L, body);
	snprintf(L->how, sizeof L->how,
		 "loop at 0x%x..0x%x (%u instructions, %u nested loop(s) counted once: their trip counts are not "
		 "in the code); %u loop(s), %u innermost; no innermost loop has a WMMA, the smallest loop with the "
		 "most WMMAs chosen",
		 v[first].offset, v[last].offset, last - first + 1, nested_loops(fl, body, last), nl, ni);
	return true;
}

/* The main loop: among the innermost natural loops (no other back edge in the
 * body), the one with the most WMMAs, else FMAs; body: its instructions. */
static void find_loop(struct rp_flow *fl, struct rp_loop *L, uint8_t *body, uint8_t *tmp)
{
	const struct rp_inst *v = fl->v;
	memset(L, 0, sizeof *L);
	unsigned long best_f = 0;
	for (unsigned i = 0; i < fl->n; i++) {
		if (!fl->loop[i])
			continue;
		L->nloops++;
		rp_flow_body(fl, i, tmp);
		if (nested_loops(fl, tmp, i))
			continue;
		L->ninner++;
		struct rp_loop c = { .first = (unsigned)v[i].target, .last = i };
		path_select(v, &c);
		unsigned long f = loop_weight(v, &c, tmp);
		if (!L->found || f > best_f) {
			unsigned nl = L->nloops, ni = L->ninner;
			*L = c;
			L->found = true;
			L->nloops = nl, L->ninner = ni;
			best_f = f;
			memcpy(body, tmp, fl->n);
		}
	}
	if (!L->found) {
		snprintf(L->how, sizeof L->how, "no backward branch: the kernel has no loop");
		return;
	}
	if (!(best_f >> 20) && wmma_outer_loop(fl, L, body, tmp))
		return;
	note_outside(v, fl->n, L, body);
	int m = snprintf(L->how, sizeof L->how,
			 "innermost loop at 0x%x..0x%x (%u instructions); %u loop(s), %u innermost, "
			 "the one with the most %s chosen",
			 v[L->first].offset, v[L->last].offset, L->last - L->first + 1, L->nloops,
			 L->ninner, best_f >> 20 ? "WMMAs" : "FMAs");
	for (unsigned s = 0; s < L->nskip && m > 0 && (size_t)m < sizeof L->how; s++)
		m += snprintf(L->how + m, sizeof L->how - (size_t)m,
			      "; if/else: %u instructions of one side at 0x%x left out "
			      "(the side that writes EXEC, else the longer)",
			      L->skip_hi[s] - L->skip_lo[s], v[L->skip_lo[s]].offset);
	if (L->outside && m > 0 && (size_t)m < sizeof L->how)
		snprintf(L->how + m, sizeof L->how - (size_t)m,
			 "; %u instructions of out-of-line blocks from 0x%x that branch back in left out",
			 L->outside, L->outside_at);
}

/* ---- scoring and summary ------------------------------------------------------ */
int rp_analyse(struct rp_report *r, char *err, size_t errlen)
{
	struct rp_loop *L = &r->loop;
	struct rp_summary *s = &r->sum;
	/* this file's row of the target (isa/isa.h's table is one per file), so the
	 * summaries of the three views of one kernel compare alike */
	s->target = s->target ? isa_target_by_name(s->target->name) : NULL;
	if (!s->target)
		s->target = isa_target_default();
	isa_occupancy(s->target, s->vgprs, s->lds_bytes, s->block_threads, s->wgp_mode, &s->occ);
	struct rp_flow fl;
	uint8_t *body = calloc(2 * (size_t)r->ninsts + 2, 1);
	if (!body || rp_flow_init(&fl, r->insts, r->ninsts)) {
		free(body);
		return vc_fail(err, errlen, RP_E_NOMEM, "out of memory");
	}
	find_loop(&fl, L, body, body + r->ninsts + 1);
	rp_flow_free(&fl);
	if (!L->found) {
		free(body);
		return 0;
	}
	unsigned n = 0;
	for (unsigned i = L->first; i <= L->last; i++)
		n += body[i] && !skipped(L, i);
	r->rows = calloc(n ? n : 1, sizeof *r->rows);
	if (!r->rows) {
		free(body);
		return vc_fail(err, errlen, RP_E_NOMEM, "out of memory");
	}
	unsigned k = 0;
	for (unsigned i = L->first; i <= L->last; i++)
		if (body[i] && !skipped(L, i))
			r->rows[k++].inst = i;
	free(body);
	r->nrows = n;
	/* Two iterations back to back; the second is reported: the cache then holds
	 * what the previous iteration left, as in the steady state. */
	struct rp_bank_cache cache;
	struct rp_bank_totals tot = { 0 };
	rp_bank_cache_init(&cache, &rp_model);
	for (int pass = 0; pass < 2; pass++)
		for (unsigned i = 0; i < n; i++)
			rp_bank_cache_step(&cache, &r->insts[r->rows[i].inst].acc, &r->rows[i].score);
	s->insts = n;
	for (unsigned i = 0; i < n; i++) {
		const struct rp_inst *in = &r->insts[r->rows[i].inst];
		rp_bank_totals_add(&tot, &in->acc, &r->rows[i].score);
		s->by_cls[in->cls]++;
		s->fmas += in->fmas;
		if (in->dual) {
			s->vopd++;
			s->fmas_dual += in->fmas;
		} else if (in->fmas) {
			s->singles++;
		}
		if (in->valu) {
			s->valu_insts++;
			if (!in->fmas)
				s->valu_non_fma++;
		}
	}
	s->reads = (unsigned)tot.reads;
	s->hits = (unsigned)tot.hits;
	for (int b = 0; b < ISA_VGPR_BANKS; b++) {
		s->reads_bank[b] = (unsigned)tot.reads_bank[b];
		s->misses_bank[b] = (unsigned)tot.misses_bank[b];
	}
	s->bank_conflicts = (unsigned)tot.bank_conflicts;
	s->port_conflicts = (unsigned)tot.port_conflicts;
	s->conflicts = s->bank_conflicts + s->port_conflicts;
	s->dual_pct = s->fmas ? 100.0 * s->fmas_dual / s->fmas : 0.0;
	rp_wmma_analyse(r);
	return 0;
}

void rp_apply_meta(struct rp_report *r, long kstep_fmas, const char *why)
{
	/* .rdna3.single_why (docs/metadata.md) in the words of the comment the
	 * generator puts on each single (templates/sgemm_loop.c).  Code objects
	 * written before the word "disabled" say "off", which LLVM 19 turns into
	 * the boolean false (the loader reads it back as "false"). */
	static const char *const reason[][2] = {
		{ "odd", "odd FMA count" }, { "parity", "accumulator parity" },
		{ "disabled", "dual issue off in the generator" },
		{ "off", "dual issue off in the generator" },
		{ "false", "dual issue off in the generator" },
	};
	for (size_t i = 0; why && i < sizeof reason / sizeof reason[0]; i++)
		if (strcmp(why, reason[i][0]) == 0)
			why = reason[i][1];
	if (why && strcmp(why, "none") == 0)
		why = NULL;
	for (unsigned i = 0; why && i < r->nrows; i++) {
		struct rp_inst *in = &r->insts[r->rows[i].inst];
		if (in->fmas && !in->dual && !in->why[0])
			snprintf(in->why, sizeof in->why, "%s", why);
	}
	if (kstep_fmas > 0 && kstep_fmas < 1 << 20 && r->loop.found) {
		r->sum.kstep_fmas = (unsigned)kstep_fmas;
		r->sum.ksteps = (double)r->sum.fmas / (double)kstep_fmas;
	}
}

void rp_free(struct rp_report *r)
{
	if (!r)
		return;
	free(r->insts);
	free(r->rows);
	memset(r, 0, sizeof *r);
}

int rp_from_ao(struct ao_kernel *k, struct rp_report *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	struct ao_summary sum;
	if (ao_finalize(k, &sum))
		return vc_fail(err, errlen, RP_E_INPUT, "%s", ao_error(k) ? ao_error(k) : "kernel does not finalize");
	int rc = insts_from_ao(k, &r->insts, &r->ninsts, err, errlen);
	if (rc)
		return rc;
	struct rp_summary *s = &r->sum;
	snprintf(s->kernel, sizeof s->kernel, "%s", ao_info(k)->name);
	snprintf(s->source, sizeof s->source, "generated");
	s->target = ao_info(k)->target;   /* the kernel's: its VGPR file decides the occupancy */
	s->vgprs = sum.next_free_vgpr;
	s->sgprs = sum.sgpr_count;
	s->lds_bytes = sum.lds_bytes;
	s->block_threads = ao_info(k)->block_threads;
	s->wgp_mode = ao_info(k)->wgp_mode;
	rc = rp_analyse(r, err, errlen);
	if (rc) {
		rp_free(r);
		return rc;
	}
	/* The metadata the kernel will carry: the same keys a code object's report reads. */
	char kf[32], why[64];
	const char *has_kf = ao_meta_get(k, "kstep_fmas", kf, sizeof kf);
	rp_apply_meta(r, has_kf ? strtol(kf, NULL, 10) : 0, ao_meta_get(k, "single_why", why, sizeof why));
	return 0;
}

int rp_summary_from_ao(struct ao_kernel *k, struct rp_summary *s, char *err, size_t errlen)
{
	struct rp_report r;
	int rc = rp_from_ao(k, &r, err, errlen);
	if (rc == 0)
		*s = r.sum;
	rp_free(&r);
	return rc;
}
