/* exec_buf.c — MUBUF and MTBUF buffer loads and stores through a buffer
 * descriptor (V#).  MTBUF (typed) accesses of the 32-bit component formats
 * move min(op, format) components; a load of more components than the format
 * has reads 0 for y and z and 1 (1.0 for FLOAT formats) for w.
 *
 * The descriptor is four SGPRs (RDNA3 ISA guide, "Buffer resource"; gfx11
 * layout): base address [47:0], stride [61:48], swizzle enable [63:62],
 * num_records [95:64], add_tid_enable [119], oob_select [125:124].  For each
 * lane:
 *   index  = vaddr (idxen; the first VGPR when offen is set too)
 *   offset = vaddr (offen; the second VGPR with idxen) + the instruction's offset
 *   address = base + soffset + offset + stride * index
 * Range checking (oob_select; soffset is outside the check, as LLVM's buffer
 * intrinsics document):
 *   0: index >= num_records or offset + bytes > stride
 *   1: index >= num_records
 *   2: num_records == 0
 *   3: (raw) stride * index + offset + bytes > num_records
 * checked per dword of a multi-dword access.  An out-of-range load returns 0
 * and an out-of-range store is dropped, without a fault: kernels such as
 * Tensile's rely on that at matrix edges.  An in-range access still has to
 * lie inside a buffer the host allocated (the usual bounds check).  Swizzled
 * addressing and add_tid_enable stop the run as not modelled.
 */
#include "emu/machine.h"

#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

struct vdesc {
	u64 base;
	u32 stride, num_records;
	unsigned oob;
	unsigned fmt;                /* word3 [18:12]: the format MUBUF format ops use */
};

/* Components of a 32-bit MTBUF format (20-22: 1, 48-50: 2, 58-60: 3, 61-63: 4),
 * and whether they are floats (the last of each UINT, SINT, FLOAT triple). */
static unsigned fmt_components(unsigned f)
{
	return f <= 22 ? 1 : f <= 50 ? 2 : f <= 60 ? 3 : 4;
}

static bool fmt_float(unsigned f)
{
	return f == 22 || f == 50 || f == 60 || f == 63;
}

static bool fmt_modelled(unsigned f)
{
	return (f >= 20 && f <= 22) || (f >= 48 && f <= 50) || (f >= 58 && f <= 63);
}

/* Bytes per lane and whether a narrow load sign-extends.  A typed (MTBUF) access
 * moves the components both the op and the format have. */
static void buf_kind(unsigned op, unsigned typed_fmt, unsigned *bytes, bool *sext)
{
	*sext = op == ISA_OP_buffer_load_i8 || op == ISA_OP_buffer_load_i16;
	if (typed_fmt) {
		const struct isa_opinfo *r = &isa_ops[op];
		unsigned n = r->dst ? r->dst : r->src1, f = fmt_components(typed_fmt);
		*bytes = 4 * (n < f ? n : f);
		return;
	}
	switch (op) {
	case ISA_OP_buffer_load_u8: case ISA_OP_buffer_load_i8: case ISA_OP_buffer_store_b8: *bytes = 1; break;
	case ISA_OP_buffer_load_u16: case ISA_OP_buffer_load_i16: case ISA_OP_buffer_store_b16: *bytes = 2; break;
	default: {
		const struct isa_opinfo *r = &isa_ops[op];
		*bytes = 4u * (r->dst ? r->dst : r->src1);
	}
	}
}

static bool read_desc(struct emu_wave *w, const struct emu_inst *in, struct vdesc *d)
{
	const u32 *s = &w->s[in->sbase];
	d->base = (u64)(s[1] & 0xffff) << 32 | s[0];
	d->stride = s[1] >> 16 & 0x3fff;
	d->num_records = s[2];
	d->oob = s[3] >> 28 & 3;
	d->fmt = s[3] >> 12 & 0x7f;
	if (s[1] >> 30) {
		emu_fault(w, ~0u, EMU_E_DECODE, "%s: swizzled buffer addressing (descriptor swizzle_enable %u) is not modelled",
			  isa_ops[in->op].name, s[1] >> 30);
		return false;
	}
	if (s[3] >> 23 & 1) {
		emu_fault(w, ~0u, EMU_E_DECODE, "%s: add_tid_enable buffer descriptors are not modelled", isa_ops[in->op].name);
		return false;
	}
	return true;
}

/* Is dword (or narrow element) [off, off + n) of record index out of range? */
static bool out_of_range(const struct vdesc *d, u32 index, u64 off, unsigned n)
{
	switch (d->oob) {
	case 0: return index >= d->num_records || off + n > d->stride;
	case 1: return index >= d->num_records;
	case 2: return d->num_records == 0;
	default: return (u64)d->stride * index + off + n > d->num_records;
	}
}

void emu_ex_buffer(struct emu_wave *w, const struct emu_inst *in)
{
	struct vdesc d;
	if (!read_desc(w, in, &d))
		return;
	unsigned bytes;
	bool sext, store = isa_ops[in->op].flags & ISA_F_STORE;
	/* typed accesses: MTBUF (format in the instruction), MUBUF format ops (in the V#) */
	bool fmt_op = in->op >= ISA_OP_buffer_load_format_x && in->op <= ISA_OP_buffer_store_format_xyzw;
	unsigned fmt = in->enc == ISA_ENC_MTBUF ? in->fmt : fmt_op ? d.fmt : 0;
	if (fmt_op && !fmt_modelled(fmt)) {
		emu_fault(w, ~0u, EMU_E_DECODE, "%s: descriptor format %u is not modelled (only 32-bit component formats)",
			  isa_ops[in->op].name, fmt);
		return;
	}
	buf_kind(in->op, fmt, &bytes, &sext);
	unsigned piece = bytes < 4 ? bytes : 4, npiece = bytes / piece;
	u64 soff = w->s[in->soffset & 255];
	unsigned va = in->addr - EMU_OPND_VGPR0, vd = (store ? in->data0 : in->dst) - EMU_OPND_VGPR0;
	u32 data[4][EMU_LANES] = { { 0 } }, exec = emu_exec_mask(w);
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		u32 index = in->idxen ? w->v[va][l] : 0;
		u64 off = (in->offen ? w->v[va + in->idxen][l] : 0) + (u64)(u32)in->offset;
		for (unsigned k = 0; k < npiece; k++) {
			u64 o = off + (u64)k * piece;
			if (out_of_range(&d, index, o, piece))
				continue; /* loads read 0, stores are dropped */
			uint8_t *p = emu_gmem(w, l, d.base + soff + o + (u64)d.stride * index, piece, store);
			if (!p)
				return;
			u32 v = 0;
			if (store) {
				v = w->v[vd + k][l];
				memcpy(p, &v, piece);
				continue;
			}
			memcpy(&v, p, piece);
			if (sext)
				v = piece == 1 ? (u32)(int32_t)(int8_t)v : (u32)(int32_t)(int16_t)v;
			data[k][l] = v;
		}
	}
	if (store) {
		w->g->st.vmem++;
		return;
	}
	/* a typed load of more components than its format has: y, z read 0, w reads 1 */
	unsigned ndst = isa_ops[in->op].dst;
	for (unsigned k = npiece; k < ndst; k++) {
		u32 one = fmt_float(fmt) ? 0x3f800000u : 1;
		for (unsigned l = 0; l < EMU_LANES; l++)
			data[k][l] = k == 3 ? one : 0;
	}
	for (unsigned k = 0; k < ndst; k++)
		emu_vwrite(w, in->dst + k, data[k]);
	w->g->st.vmem++;
}

/* The addresses a buffer instruction about to execute will touch, for the
 * stepper's caller (emu_mem_lanes): the lanes' addresses as emu_ex_buffer
 * computes them, each lane's first byte.  A lane whose whole access is out of
 * range touches no memory: its bit in st->exec is cleared.  A descriptor the
 * executor refuses (swizzled, add_tid) leaves the lanes at the base: that
 * instruction faults when it executes. */
void emu_buf_lanes(const struct emu_wave *w, const struct emu_inst *in, struct emu_step *st)
{
	const u32 *s = &w->s[in->sbase];
	struct vdesc d = { (u64)(s[1] & 0xffff) << 32 | s[0], s[1] >> 16 & 0x3fff, s[2], s[3] >> 28 & 3, 0 };
	u64 soff = w->s[in->soffset & 255];
	unsigned va = in->addr - EMU_OPND_VGPR0, n = st->bytes ? st->bytes : 1;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		u32 index = in->idxen ? w->v[va][l] : 0;
		u64 off = (in->offen ? w->v[va + in->idxen][l] : 0) + (u64)(u32)in->offset;
		st->addr[l] = d.base + soff + off + (u64)d.stride * index;
		if (out_of_range(&d, index, off, n < 4 ? n : 4))
			st->exec &= ~(1u << l);
	}
}
