/* build.c — the kernel under construction: instructions, labels, arguments,
 * scalar registers, LDS, metadata keys.  Errors are sticky (see asm_out.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "asm_out/internal.h"

int ao_fail(struct ao_kernel *k, const char *fmt, ...)
{
	if (k->err[0] == '\0') {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(k->err, sizeof k->err, fmt, ap);
		va_end(ap);
	}
	return AO_E_ARG;
}

const char *ao_error(const struct ao_kernel *k) { return k->err[0] ? k->err : NULL; }
const struct ao_kernel_info *ao_info(const struct ao_kernel *k) { return &k->info; }

/* Grow *arr (of *cap elements of size sz) to hold at least need. */
static int grow(void **arr, unsigned *cap, unsigned need, size_t sz)
{
	if (need <= *cap)
		return 0;
	unsigned n = *cap ? *cap * 2 : 64;
	while (n < need)
		n *= 2;
	void *p = realloc(*arr, n * sz);
	if (!p)
		return AO_E_NOMEM;
	*arr = p;
	*cap = n;
	return 0;
}

/* Words LLVM's YAML reading of .amdgpu_metadata turns into something other than
 * the string written, quotes or not (docs/isa-notes.md): YAML 1.1 booleans
 * (LLVM 19), null, and the names of infinity and NaN (nil in LLVM 19, float in
 * 22).  Compared without case: "On", "OFF", "True", "Nan" are all retyped by
 * one LLVM or another. */
#define AO_AS_BOOL "is read as a boolean by LLVM"
#define AO_AS_NUM "is read as a number by LLVM"
static const char *const yaml_words[][2] = {
	{ "y", AO_AS_BOOL },   { "n", AO_AS_BOOL },     { "yes", AO_AS_BOOL },  { "no", AO_AS_BOOL },
	{ "on", AO_AS_BOOL },  { "off", AO_AS_BOOL },   { "true", AO_AS_BOOL }, { "false", AO_AS_BOOL },
	{ "inf", AO_AS_NUM },  { "infinity", AO_AS_NUM }, { "nan", AO_AS_NUM },
	{ "null", "is read as null by LLVM" },
};

const char *ao_meta_text_unsafe(const char *s)
{
	if (!s || !*s)
		return "is empty";
	if (strlen(s) > 100)
		return "is longer than 100 characters";
	/* A leading digit, '.', '-' or '+' is where YAML numbers start (12, 0x10,
	 * 010, 1e5, .5, -1, .inf): one rule keeps all of them out. */
	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
		return "must start with a letter or '_' (LLVM reads numbers into what starts otherwise)";
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '_' || *p == '.' || *p == '-'))
			return "may hold only letters, digits, '_', '.' and '-'";
	for (size_t i = 0; i < sizeof yaml_words / sizeof yaml_words[0]; i++)
		if (strcasecmp(s, yaml_words[i][0]) == 0)
			return yaml_words[i][1];
	return NULL;
}

/* Kernel and argument names: symbols ([A-Za-z_][A-Za-z0-9_]*) that the
 * metadata keeps as strings. */
static const char *name_unsafe(const char *s)
{
	const char *why = ao_meta_text_unsafe(s);
	if (why)
		return why;
	for (const char *p = s; *p; p++)
		if (*p == '.' || *p == '-')
			return "is not an identifier ([A-Za-z_][A-Za-z0-9_]*)";
	return NULL;
}

/* Label names end up in symbols only (.L<id>_<name>). */
static bool label_ok(const char *s)
{
	if (!*s || strlen(s) > 100 || (*s >= '0' && *s <= '9'))
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return true;
}

struct ao_kernel *ao_kernel_new(const struct ao_kernel_info *info)
{
	if (!info || name_unsafe(info->name) || info->block_threads < 1 ||
	    info->block_threads > 1024 || info->workitem_ids > 2)
		return NULL;
	struct ao_kernel *k = calloc(1, sizeof *k);
	if (!k)
		return NULL;
	k->info = *info;
	if (!k->info.target)
		k->info.target = isa_target_default();
	snprintf(k->name, sizeof k->name, "%s", info->name);
	k->info.name = k->name;
	/* Wave start: user SGPRs (only the kernarg pointer) then workgroup ids. */
	k->user_sgprs = 2;
	unsigned s = k->user_sgprs;
	for (unsigned d = 0; d < 3; d++)
		k->wgid_sgpr[d] = info->wgid[d] ? (int)s++ : -1;
	k->system_sgprs = s - k->user_sgprs;
	k->sgpr_next = s;
	k->kernarg_align = 4;
	return k;
}

void ao_kernel_free(struct ao_kernel *k)
{
	if (!k)
		return;
	free(k->insts);
	free(k->labels);
	free(k->args);
	free(k);
}

int ao_sgpr_wgid(const struct ao_kernel *k, unsigned dim)
{
	return dim < 3 ? k->wgid_sgpr[dim] : -1;
}

int ao_arg(struct ao_kernel *k, const char *name, enum ao_arg_kind kind,
	   unsigned size, unsigned align, bool is_const)
{
	if (k->err[0])
		return AO_E_STATE;
	const char *why = name_unsafe(name);
	if (!why && strlen(name) >= sizeof k->args[0].name)
		why = "is too long";
	/* LLVM 19 also rejects the boolean words as argument names, quoted or not. */
	if (why)
		return ao_fail(k, "argument name '%s' %s", name ? name : "", why);
	if (size == 0 || size > 256 || align == 0 || (align & (align - 1)) || align > 16)
		return ao_fail(k, "argument '%s': bad size %u or alignment %u", name, size, align);
	for (unsigned i = 0; i < k->nargs; i++)
		if (strcmp(k->args[i].name, name) == 0)
			return ao_fail(k, "argument '%s' declared twice", name);
	if (grow((void **)&k->args, &k->cap_args, k->nargs + 1, sizeof *k->args))
		return ao_fail(k, "out of memory");
	unsigned off = (k->kernarg_end + align - 1) & ~(align - 1);
	struct ao_arg_desc *a = &k->args[k->nargs++];
	memset(a, 0, sizeof *a);
	snprintf(a->name, sizeof a->name, "%s", name);
	a->kind = kind;
	a->offset = off;
	a->size = size;
	a->align = align;
	a->is_const = is_const;
	k->kernarg_end = off + size;
	if (align > k->kernarg_align)
		k->kernarg_align = align;
	return (int)off;
}

int ao_sgprs(struct ao_kernel *k, unsigned count)
{
	if (k->err[0])
		return -1;
	unsigned align = count >= 4 ? 4 : count == 2 ? 2 : 1;
	unsigned s = (k->sgpr_next + align - 1) & ~(align - 1);
	if (count == 0 || s + count > ISA_SGPRS) {
		ao_fail(k, "out of SGPRs: %u more needed above s%u (limit %u)", count, k->sgpr_next,
			ISA_SGPRS);
		return -1;
	}
	k->sgpr_next = s + count;
	return (int)s;
}

int ao_lds(struct ao_kernel *k, unsigned bytes, unsigned align)
{
	if (k->err[0])
		return -1;
	if (align == 0 || (align & (align - 1)))
		align = 4;
	unsigned off = (k->lds_bytes + align - 1) & ~(align - 1);
	if (bytes > ISA_LDS_BYTES || off + bytes > ISA_LDS_BYTES) {
		ao_fail(k, "LDS: %u bytes needed, limit %u per workgroup", off + bytes, ISA_LDS_BYTES);
		return -1;
	}
	k->lds_bytes = off + bytes;
	return (int)off;
}

int ao_label(struct ao_kernel *k, const char *name)
{
	if (k->err[0])
		return AO_E_STATE;
	if (grow((void **)&k->labels, &k->cap_label, k->nlabel + 1, sizeof *k->labels))
		return ao_fail(k, "out of memory");
	struct ao_label_rec *l = &k->labels[k->nlabel];
	/* .L<id>_<name>: unique even when templates reuse names in unrolled code */
	if (name && !label_ok(name))
		return ao_fail(k, "label name '%s' is not an identifier", name);
	snprintf(l->name, sizeof l->name, ".L%u_%.24s", k->nlabel, name ? name : "l");
	l->pos = -1;
	return (int)k->nlabel++;
}

int ao_bind(struct ao_kernel *k, unsigned label)
{
	if (k->err[0])
		return AO_E_STATE;
	if (label >= k->nlabel)
		return ao_fail(k, "bind: no label %u", label);
	if (k->labels[label].pos >= 0)
		return ao_fail(k, "label %s bound twice", k->labels[label].name);
	k->labels[label].pos = (int)k->ninst;
	return 0;
}

unsigned ao_label_count(const struct ao_kernel *k) { return k->nlabel; }

int ao_label_pos(const struct ao_kernel *k, unsigned label)
{
	return label < k->nlabel ? k->labels[label].pos : -1;
}

static struct ao_meta_rec *meta_slot(struct ao_kernel *k, const char *key)
{
	if (k->err[0])
		return NULL;
	for (const char *p = key; p && *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || *p == '_' || (*p >= '0' && *p <= '9'))) {
			ao_fail(k, "metadata key '%s': use [a-z0-9_]", key);
			return NULL;
		}
	if (!key || !*key || strlen(key) >= sizeof k->meta[0].key) {
		ao_fail(k, "metadata key missing or too long");
		return NULL;
	}
	for (unsigned i = 0; i < k->nmeta; i++)
		if (strcmp(k->meta[i].key, key) == 0)
			return &k->meta[i];
	if (k->nmeta == sizeof k->meta / sizeof k->meta[0]) {
		ao_fail(k, "too many metadata keys");
		return NULL;
	}
	struct ao_meta_rec *m = &k->meta[k->nmeta++];
	snprintf(m->key, sizeof m->key, "%s", key);
	return m;
}

int ao_meta_int(struct ao_kernel *k, const char *key, long value)
{
	struct ao_meta_rec *m = meta_slot(k, key);
	if (!m)
		return AO_E_ARG;
	m->is_str = false;
	m->ival = value;
	return 0;
}

int ao_meta_str(struct ao_kernel *k, const char *key, const char *value)
{
	struct ao_meta_rec *m = meta_slot(k, key);
	if (!m)
		return AO_E_ARG;
	const char *why = ao_meta_text_unsafe(value);
	if (!why && strlen(value) >= sizeof m->sval)
		why = "is too long";
	if (why)
		return ao_fail(k, "metadata value '%s' for %s %s", value ? value : "", key, why);
	m->is_str = true;
	snprintf(m->sval, sizeof m->sval, "%s", value);
	return 0;
}

/* ---- operands ------------------------------------------------------------- */

struct ao_opnd ao_f32(float f)
{
	struct ao_opnd o = { .kind = AO_K_IMM, .count = 1, .fp = 1 };
	memcpy(&o.imm, &f, 4);
	return o;
}

static int check_opnd(struct ao_kernel *k, const char *op, const struct ao_opnd *o)
{
	switch (o->kind) {
	case AO_K_VGPR:
		if (o->count < 1 || o->reg + o->count > ISA_VGPRS)
			return ao_fail(k, "%s: v%u x%u is outside v0..v255", op, o->reg, o->count);
		return 0;
	case AO_K_SGPR:
		if (o->count < 1 || o->reg + o->count > ISA_SGPRS)
			return ao_fail(k, "%s: s%u x%u is outside s0..s105", op, o->reg, o->count);
		if (o->count >= 2 && o->reg % 2)
			return ao_fail(k, "%s: SGPR range s[%u:%u] must start at an even register", op,
				       o->reg, o->reg + o->count - 1);
		return 0;
	case AO_K_VIRT:
		if (o->count < 1)
			return ao_fail(k, "%s: empty virtual register range", op);
		return 0;
	case AO_K_SPECIAL:
		if (o->reg >= AO_SPECIAL_COUNT)
			return ao_fail(k, "%s: bad special register %u", op, o->reg);
		return 0;
	case AO_K_IMM:
	case AO_K_OFF:
		return 0;
	case AO_K_LABEL:
		if (o->reg >= k->nlabel)
			return ao_fail(k, "%s: no label %u", op, o->reg);
		return 0;
	default:
		return ao_fail(k, "%s: empty operand", op);
	}
}

static struct ao_inst *push(struct ao_kernel *k)
{
	if (grow((void **)&k->insts, &k->cap_inst, k->ninst + 1, sizeof *k->insts)) {
		ao_fail(k, "out of memory");
		return NULL;
	}
	struct ao_inst *in = &k->insts[k->ninst];
	memset(in, 0, sizeof *in);
	return in;
}

int ao_inst(struct ao_kernel *k, ao_op op, const struct ao_opnd *o, unsigned n,
	    const struct ao_mods *m)
{
	if (k->err[0])
		return AO_E_STATE;
	if (!ao_op_valid(op))
		return ao_fail(k, "instruction %u: unknown opcode %u", k->ninst, op);
	const char *name = isa_ops[op].name;
	if (n > AO_MAX_OPNDS)
		return ao_fail(k, "%s: %u operands (at most %u)", name, n, AO_MAX_OPNDS);
	for (unsigned i = 0; i < n; i++)
		if (check_opnd(k, name, &o[i]))
			return AO_E_ARG;
	struct ao_inst *in = push(k);
	if (!in)
		return AO_E_NOMEM;
	in->kind = AO_INST_OP;
	in->op = op;
	in->n = (uint8_t)n;
	for (unsigned i = 0; i < n; i++)
		in->o[i] = o[i];
	if (m)
		in->m = *m;
	/* The destination size must match the row (a b128 load needs 4 registers). */
	unsigned dm = ao_inst_dst_mask(in);
	if ((dm & 1) && n > 0 && isa_ops[op].dst &&
	    (o[0].kind == AO_K_VGPR || o[0].kind == AO_K_SGPR || o[0].kind == AO_K_VIRT) &&
	    o[0].count != isa_ops[op].dst)
		return ao_fail(k, "%s: destination has %u registers, the instruction writes %u", name,
			       o[0].count, isa_ops[op].dst);
	if (ao_inst_is_branch(in) && (n != 1 || o[0].kind != AO_K_LABEL))
		return ao_fail(k, "%s: a branch takes one label operand", name);
	return (int)k->ninst++;
}

int ao_waitcnt(struct ao_kernel *k, int vmcnt, int expcnt, int lgkmcnt)
{
	if (k->err[0])
		return AO_E_STATE;
	if (vmcnt > 63 || expcnt > 7 || lgkmcnt > 63)
		return ao_fail(k, "s_waitcnt: count out of range (vm %d exp %d lgkm %d)", vmcnt, expcnt,
			       lgkmcnt);
	unsigned vm = vmcnt < 0 ? 63 : (unsigned)vmcnt;
	unsigned ex = expcnt < 0 ? 7 : (unsigned)expcnt;
	unsigned lg = lgkmcnt < 0 ? 63 : (unsigned)lgkmcnt;
	struct ao_inst *in = push(k);
	if (!in)
		return AO_E_NOMEM;
	in->kind = AO_INST_WAITCNT;
	in->op = AO_OP(s_waitcnt);
	/* gfx11 simm16: vmcnt [15:10], lgkmcnt [9:4], expcnt [2:0] */
	in->simm = vm << 10 | lg << 4 | ex;
	return (int)k->ninst++;
}

int ao_delay_alu(struct ao_kernel *k, unsigned instid0, unsigned skip, unsigned instid1)
{
	if (k->err[0])
		return AO_E_STATE;
	if (instid0 > 11 || instid1 > 11 || skip > 5)
		return ao_fail(k, "s_delay_alu: field out of range");
	struct ao_inst *in = push(k);
	if (!in)
		return AO_E_NOMEM;
	in->kind = AO_INST_DELAY;
	in->op = AO_OP(s_delay_alu);
	in->simm = instid0 | skip << 4 | instid1 << 7;
	return (int)k->ninst++;
}

static int check_half(struct ao_kernel *k, const struct ao_half *h, bool is_x)
{
	if (!ao_op_valid(h->op) || !(is_x ? ao_vopd_x_ok(h->op) : ao_vopd_y_ok(h->op)))
		return ao_fail(k, "VOPD: %s cannot be the %s half",
			       ao_op_valid(h->op) ? isa_ops[h->op].name : "?", is_x ? "X" : "Y");
	if (h->n < 2 || h->n > 4)
		return ao_fail(k, "VOPD %s: %u operands", isa_ops[h->op].name, h->n);
	for (unsigned i = 0; i < h->n; i++)
		if (check_opnd(k, isa_ops[h->op].name, &h->o[i]))
			return AO_E_ARG;
	return 0;
}

int ao_vopd(struct ao_kernel *k, const struct ao_half *x, const struct ao_half *y)
{
	if (k->err[0])
		return AO_E_STATE;
	if (check_half(k, x, true) || check_half(k, y, false))
		return AO_E_ARG;
	struct ao_inst *in = push(k);
	if (!in)
		return AO_E_NOMEM;
	in->kind = AO_INST_VOPD;
	in->op = x->op;
	in->x = *x;
	in->y = *y;
	return (int)k->ninst++;
}

/* Instructions [lo, hi) are replaced by the n <= hi - lo instructions of
 * `with` (a pass after allocation: VOPD pairs formed from single ops);
 * labels after them keep preceding the instructions they preceded, a tag on
 * lo stays on the first.  Refused (AO_E_ARG, no error recorded: the caller
 * keeps the old instructions) when a label is bound or a tag set inside
 * (lo, hi).  A VOPD of `with` is checked as ao_vopd checks one: a bad half
 * is an error, recorded like any builder error. */
int ao_replace(struct ao_kernel *k, unsigned lo, unsigned hi, const struct ao_inst *with, unsigned n)
{
	if (k->err[0])
		return AO_E_STATE;
	if (lo >= hi || hi > k->ninst || n > hi - lo)
		return ao_fail(k, "replace: instructions [%u, %u) by %u", lo, hi, n);
	for (unsigned l = 0; l < k->nlabel; l++)
		if (k->labels[l].pos > (int)lo && k->labels[l].pos < (int)hi)
			return AO_E_ARG;
	for (unsigned i = lo + 1; i < hi; i++)
		if (k->insts[i].tag)
			return AO_E_ARG;
	for (unsigned i = 0; i < n; i++)
		if (with[i].kind == AO_INST_VOPD && (check_half(k, &with[i].x, true) || check_half(k, &with[i].y, false)))
			return AO_E_ARG;
	uint8_t tag = k->insts[lo].tag;
	memmove(&k->insts[lo], with, n * sizeof with[0]);
	if (n)
		k->insts[lo].tag = tag;
	unsigned gone = hi - lo - n;
	memmove(&k->insts[lo + n], &k->insts[hi], (k->ninst - hi) * sizeof k->insts[0]);
	k->ninst -= gone;
	for (unsigned l = 0; l < k->nlabel; l++)
		if (k->labels[l].pos >= (int)hi)
			k->labels[l].pos -= (int)gone;
	return 0;
}

void ao_comment(struct ao_kernel *k, const char *static_text)
{
	if (k->ninst)
		k->insts[k->ninst - 1].comment = static_text;
}

unsigned ao_inst_count(const struct ao_kernel *k) { return k->ninst; }

struct ao_inst *ao_inst_at(struct ao_kernel *k, unsigned i)
{
	return i < k->ninst ? &k->insts[i] : NULL;
}

/* ---- operand roles ---------------------------------------------------------- */

bool ao_inst_is_branch(const struct ao_inst *in)
{
	if (in->kind != AO_INST_OP || !ao_op_valid(in->op))
		return false;
	const char *n = isa_ops[in->op].name;
	return strcmp(n, "s_branch") == 0 || strncmp(n, "s_cbranch_", 10) == 0;
}

unsigned ao_inst_dst_mask(const struct ao_inst *in)
{
	if (in->kind == AO_INST_VOPD)
		return 3;
	if (in->kind != AO_INST_OP || in->n == 0)
		return 0;
	const struct isa_opinfo *r = &isa_ops[in->op];
	switch (r->enc) {
	case ISA_ENC_SOPP:
	case ISA_ENC_SOPC:
		return 0;
	case ISA_ENC_SOP1:
	case ISA_ENC_SOP2:
	case ISA_ENC_SOPK:
		return (r->flags & ISA_F_NODST) ? 0 : 1;
	case ISA_ENC_SMEM:
		return (r->flags & ISA_F_STORE) ? 0 : 1;
	case ISA_ENC_VOPC:
		return (r->flags & ISA_F_WEXEC) ? 0 : 1;   /* v_cmpx writes only exec */
	case ISA_ENC_VOP3SD:
		return 3;                               /* vdst, sdst */
	case ISA_ENC_VOP2:
		return (r->flags & ISA_F_WVCC) ? 3 : 1;  /* carry out is the second operand */
	case ISA_ENC_VOP1:
	case ISA_ENC_VOP3:
	case ISA_ENC_VOP3P:
		return r->dst ? 1 : 0;
	case ISA_ENC_DS:
	case ISA_ENC_GLOBAL:
	case ISA_ENC_SCRATCH:
	case ISA_ENC_FLAT:
		return (r->flags & ISA_F_LOAD) ? 1 : 0;
	default:
		return 0;
	}
}

bool ao_inst_dst_read(const struct ao_inst *in, unsigned i)
{
	if (in->kind == AO_INST_VOPD) {
		const struct ao_half *h = i == 0 ? &in->x : &in->y;
		return (isa_ops[h->op].flags & ISA_F_ACC) != 0;
	}
	return in->kind == AO_INST_OP && i == 0 && (isa_ops[in->op].flags & ISA_F_ACC);
}

static bool is_vgpr(const struct ao_opnd *o) { return o->kind == AO_K_VGPR || o->kind == AO_K_VIRT; }
static bool is_vcc(const struct ao_opnd *o) { return o->kind == AO_K_SPECIAL && o->reg == AO_VCC_LO; }

bool ao_uses_e64(const struct ao_inst *in)
{
	if (in->kind != AO_INST_OP)
		return false;
	const struct isa_opinfo *r = &isa_ops[in->op];
	if (r->enc != ISA_ENC_VOP1 && r->enc != ISA_ENC_VOP2 && r->enc != ISA_ENC_VOPC)
		return false;
	if (r->flags & ISA_F_NOE64)
		return false;
	if (in->m.form == AO_FORM_E64 || (in->m.flags & AO_CLAMP))
		return true;
	if (in->m.form == AO_FORM_E32)
		return false;
	unsigned dm = ao_inst_dst_mask(in);
	unsigned nd = (unsigned)__builtin_popcount(dm);
	for (unsigned i = nd; i < in->n; i++)
		if (in->o[i].mods)
			return true;
	/* e32 writes its compare result / carry to vcc_lo only */
	if (r->enc == ISA_ENC_VOPC && nd == 1 && !is_vcc(&in->o[0]))
		return true;
	if (nd == 2 && !is_vcc(&in->o[1]))
		return true;
	/* e32 reads a carry-in / condition from vcc_lo only, as the last operand */
	if ((r->flags & ISA_F_RVCC) && in->n > 0 && !is_vcc(&in->o[in->n - 1]))
		return true;
	/* VOP2/VOPC e32: the second source must be a VGPR */
	if ((r->enc == ISA_ENC_VOP2 || r->enc == ISA_ENC_VOPC) && in->n > nd + 1 &&
	    !is_vgpr(&in->o[nd + 1]))
		return true;
	return false;
}

static bool half_literal(const struct ao_half *h)
{
	if (isa_ops[h->op].flags & ISA_F_LITK)
		return true;
	for (unsigned i = 1; i < h->n; i++)
		if (h->o[i].kind == AO_K_IMM && !ao_imm_inline(h->o[i].imm))
			return true;
	return false;
}

bool ao_inst_has_literal(const struct ao_inst *in)
{
	if (in->kind == AO_INST_VOPD)
		return half_literal(&in->x) || half_literal(&in->y);
	if (in->kind != AO_INST_OP)
		return false;
	const struct isa_opinfo *r = &isa_ops[in->op];
	switch (r->enc) {
	case ISA_ENC_SOP1: case ISA_ENC_SOP2: case ISA_ENC_SOPC:
	case ISA_ENC_VOP1: case ISA_ENC_VOP2: case ISA_ENC_VOPC:
	case ISA_ENC_VOP3: case ISA_ENC_VOP3SD: case ISA_ENC_VOP3P:
		break;
	default:
		return false;   /* SOPK/SOPP/SMEM/memory: immediates live in the instruction */
	}
	if (r->flags & ISA_F_LITK)
		return true;
	for (unsigned i = 0; i < in->n; i++)
		if (in->o[i].kind == AO_K_IMM && !ao_imm_inline(in->o[i].imm))
			return true;
	return false;
}

bool ao_is_smem_load(const struct ao_inst *in)
{
	return in->kind == AO_INST_OP && isa_ops[in->op].enc == ISA_ENC_SMEM &&
	       !(isa_ops[in->op].flags & ISA_F_STORE);
}

unsigned ao_inst_size(const struct ao_kernel *k, unsigned i)
{
	if (i >= k->ninst)
		return 0;
	const struct ao_inst *in = &k->insts[i];
	if (in->kind == AO_INST_WAITCNT || in->kind == AO_INST_DELAY)
		return 4;
	if (in->kind == AO_INST_VOPD)
		return 8 + (ao_inst_has_literal(in) ? 4 : 0);
	unsigned base;
	switch (isa_ops[in->op].enc) {
	case ISA_ENC_SOP1: case ISA_ENC_SOP2: case ISA_ENC_SOPK: case ISA_ENC_SOPC:
	case ISA_ENC_SOPP:
		base = 4;
		break;
	case ISA_ENC_VOP1: case ISA_ENC_VOP2: case ISA_ENC_VOPC:
		base = ao_uses_e64(in) ? 8 : 4;
		break;
	default:
		base = 8;   /* SMEM VOP3 VOP3SD VOP3P DS GLOBAL SCRATCH FLAT */
	}
	return base + (ao_inst_has_literal(in) ? 4 : 0);
}

const char *ao_meta_get(const struct ao_kernel *k, const char *key, char *buf, size_t n)
{
	for (unsigned i = 0; key && i < k->nmeta; i++) {
		const struct ao_meta_rec *m = &k->meta[i];
		if (strcmp(m->key, key) != 0)
			continue;
		if (m->is_str)
			snprintf(buf, n, "%s", m->sval);
		else
			snprintf(buf, n, "%ld", m->ival);
		return buf;
	}
	return NULL;
}
