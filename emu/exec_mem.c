/* exec_mem.c — memory: SMEM (scalar loads), GLOBAL/FLAT, SCRATCH and DS (LDS).
 *
 * Every access is checked: a global address must lie inside one registered
 * buffer (read-only buffers refuse writes) and be aligned to its element (a
 * dword for 4 bytes and more); LDS addresses must lie inside the descriptor's
 * group segment; scratch inside the lane's private segment.  All lanes are read
 * before any destination register is written, so an address register may also
 * be the destination.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

/* Bytes per lane of each memory op, whether a narrow load sign-extends, and the
 * d16 forms: a load into the low (1) or high (2) half of the register, keeping
 * the other half; a store of the high half (2). */
struct mem_kind {
	uint8_t bytes;
	uint8_t sext;
	uint8_t d16;
};

static const struct mem_kind kinds[ISA_OP_COUNT] = {
	[ISA_OP_flat_load_b32] = { 4, 0 },
	[ISA_OP_flat_store_b32] = { 4, 0 },
	[ISA_OP_flat_load_u8] = { 1, 0 },
	[ISA_OP_flat_load_i8] = { 1, 1 },
	[ISA_OP_flat_load_u16] = { 2, 0 },
	[ISA_OP_flat_load_d16_b16] = { 2, 0, 1 },
	[ISA_OP_flat_load_d16_hi_b16] = { 2, 0, 2 },
	[ISA_OP_flat_store_d16_hi_b16] = { 2, 0, 2 },
	[ISA_OP_global_load_d16_u8] = { 1, 0, 1 },
	[ISA_OP_global_load_d16_i8] = { 1, 1, 1 },
	[ISA_OP_global_load_d16_b16] = { 2, 0, 1 },
	[ISA_OP_global_load_d16_hi_u8] = { 1, 0, 2 },
	[ISA_OP_global_load_d16_hi_i8] = { 1, 1, 2 },
	[ISA_OP_global_load_d16_hi_b16] = { 2, 0, 2 },
	[ISA_OP_global_store_d16_hi_b8] = { 1, 0, 2 },
	[ISA_OP_global_store_d16_hi_b16] = { 2, 0, 2 },
	[ISA_OP_scratch_load_d16_b16] = { 2, 0, 1 },
	[ISA_OP_scratch_load_d16_hi_b16] = { 2, 0, 2 },
	[ISA_OP_scratch_store_d16_hi_b16] = { 2, 0, 2 },
	[ISA_OP_ds_load_u16_d16] = { 2, 0, 1 },
	[ISA_OP_ds_load_u16_d16_hi] = { 2, 0, 2 },
	[ISA_OP_ds_store_b16_d16_hi] = { 2, 0, 2 },
	[ISA_OP_flat_load_i16] = { 2, 1 },
	[ISA_OP_flat_load_b64] = { 8, 0 },
	[ISA_OP_flat_load_b96] = { 12, 0 },
	[ISA_OP_flat_load_b128] = { 16, 0 },
	[ISA_OP_flat_store_b8] = { 1, 0 },
	[ISA_OP_flat_store_b16] = { 2, 0 },
	[ISA_OP_flat_store_b64] = { 8, 0 },
	[ISA_OP_flat_store_b96] = { 12, 0 },
	[ISA_OP_flat_store_b128] = { 16, 0 },
	[ISA_OP_scratch_load_u8] = { 1, 0 },
	[ISA_OP_scratch_load_i8] = { 1, 1 },
	[ISA_OP_scratch_load_u16] = { 2, 0 },
	[ISA_OP_scratch_load_i16] = { 2, 1 },
	[ISA_OP_scratch_store_b8] = { 1, 0 },
	[ISA_OP_scratch_store_b16] = { 2, 0 },
	[ISA_OP_ds_load_i8] = { 1, 1 },
	[ISA_OP_ds_load_i16] = { 2, 1 },
	[ISA_OP_global_load_u8] = { 1, 0 },
	[ISA_OP_global_load_i8] = { 1, 1 },
	[ISA_OP_global_load_u16] = { 2, 0 },
	[ISA_OP_global_load_i16] = { 2, 1 },
	[ISA_OP_global_load_b32] = { 4, 0 },
	[ISA_OP_global_load_b64] = { 8, 0 },
	[ISA_OP_global_load_b96] = { 12, 0 },
	[ISA_OP_global_load_b128] = { 16, 0 },
	[ISA_OP_global_store_b8] = { 1, 0 },
	[ISA_OP_global_store_b16] = { 2, 0 },
	[ISA_OP_global_store_b32] = { 4, 0 },
	[ISA_OP_global_store_b64] = { 8, 0 },
	[ISA_OP_global_store_b96] = { 12, 0 },
	[ISA_OP_global_store_b128] = { 16, 0 },
	[ISA_OP_scratch_load_b32] = { 4, 0 },
	[ISA_OP_scratch_load_b64] = { 8, 0 },
	[ISA_OP_scratch_load_b96] = { 12, 0 },
	[ISA_OP_scratch_load_b128] = { 16, 0 },
	[ISA_OP_scratch_store_b32] = { 4, 0 },
	[ISA_OP_scratch_store_b64] = { 8, 0 },
	[ISA_OP_scratch_store_b96] = { 12, 0 },
	[ISA_OP_scratch_store_b128] = { 16, 0 },
	[ISA_OP_ds_store_b32] = { 4, 0 },
	[ISA_OP_ds_store_2addr_b32] = { 4, 0 },
	[ISA_OP_ds_store_2addr_stride64_b32] = { 4, 0 },
	[ISA_OP_ds_store_b8] = { 1, 0 },
	[ISA_OP_ds_store_b16] = { 2, 0 },
	[ISA_OP_ds_load_b32] = { 4, 0 },
	[ISA_OP_ds_load_2addr_b32] = { 4, 0 },
	[ISA_OP_ds_load_2addr_stride64_b32] = { 4, 0 },
	[ISA_OP_ds_load_u8] = { 1, 0 },
	[ISA_OP_ds_load_u16] = { 2, 0 },
	[ISA_OP_ds_store_b64] = { 8, 0 },
	[ISA_OP_ds_store_2addr_b64] = { 8, 0 },
	[ISA_OP_ds_store_2addr_stride64_b64] = { 8, 0 },
	[ISA_OP_ds_load_b64] = { 8, 0 },
	[ISA_OP_ds_load_2addr_b64] = { 8, 0 },
	[ISA_OP_ds_load_2addr_stride64_b64] = { 8, 0 },
	[ISA_OP_ds_store_b96] = { 12, 0 },
	[ISA_OP_ds_store_b128] = { 16, 0 },
	[ISA_OP_ds_load_b96] = { 12, 0 },
	[ISA_OP_ds_load_b128] = { 16, 0 },
};

/* A 1- or 2-byte load widened to a dword, sign- or zero-extended; a d16 load
 * fills one half of old (the destination's value) instead. */
static inline u32 load_narrow(const uint8_t *p, const struct mem_kind *k, u32 old)
{
	u32 v = k->bytes == 2 ? (u32)(p[0] | p[1] << 8) : p[0];
	if (k->sext)
		v = k->bytes == 2 ? (u32)(int32_t)(int16_t)v : (u32)(int32_t)(int8_t)v;
	if (k->d16)
		v = k->d16 == 1 ? (old & 0xffff0000u) | (v & 0xffff) : (old & 0xffff) | v << 16;
	return v;
}

/* The low bytes of a narrow store: of the register's high half for d16_hi stores. */
static inline void store_narrow(uint8_t *p, const struct mem_kind *k, u32 v)
{
	v = k->d16 == 2 ? v >> 16 : v;
	memcpy(p, &v, k->bytes); /* little-endian low bytes */
}

static u64 sreg64(const struct emu_wave *w, unsigned code)
{
	return (u64)w->s[(code + 1) & 255] << 32 | w->s[code & 255];
}

/* ---- global memory ----------------------------------------------------------------- */
static EMU_COLD uint8_t *gmem_slow(struct emu_wave *w, unsigned lane, u64 addr, unsigned n, bool write)
{
	const struct emu_buf *b = emu_mem_find(w->g->run->dev, addr);
	if (!b || n > b->size - (addr - b->addr)) {
		emu_fault(w, lane, EMU_E_FAULT, "%u-byte %s at 0x%llx is outside every buffer%s", n,
			  write ? "write" : "read", (unsigned long long)addr,
			  b ? " (runs past the end of one)" : "");
		return NULL;
	}
	w->mc_lo = b->addr;
	w->mc_hi = b->addr + b->size;
	w->mc_host = b->host;
	w->mc_ro = b->flags & EMU_MEM_READONLY;
	w->mc_idx = (unsigned)(b - w->g->run->dev->bufs);
	if (write && w->mc_ro) {
		emu_fault(w, lane, EMU_E_FAULT, "write to read-only buffer at 0x%llx", (unsigned long long)addr);
		return NULL;
	}
	return b->host + (addr - b->addr);
}

uint8_t *emu_gmem(struct emu_wave *w, unsigned lane, u64 addr, unsigned n, bool write)
{
	unsigned align = n >= 4 ? 4 : n;
	if (EMU_UNLIKELY(addr & (align - 1))) {
		emu_fault(w, lane, EMU_E_FAULT, "misaligned %u-byte %s at 0x%llx", n, write ? "write" : "read",
			  (unsigned long long)addr);
		return NULL;
	}
	if (EMU_LIKELY(addr >= w->mc_lo && addr + n <= w->mc_hi && addr + n > addr && !(write && w->mc_ro)))
		return w->mc_host + (addr - w->mc_lo);
	return gmem_slow(w, lane, addr, n, write);
}

/* Per-lane address of a GLOBAL/FLAT instruction. */
static inline u64 vaddr(const struct emu_wave *w, const struct emu_inst *in, unsigned l)
{
	if (in->saddr != EMU_OPND_NONE)
		return sreg64(w, in->saddr) + w->v[in->addr - EMU_OPND_VGPR0][l] + (int64_t)in->offset;
	unsigned a = in->addr - EMU_OPND_VGPR0;
	return ((u64)w->v[a + 1][l] << 32 | w->v[a][l]) + (int64_t)in->offset;
}

static uint8_t *flat_at(struct emu_wave *w, unsigned l, u64 a, unsigned n, bool write);

/* The memory a lane of a GLOBAL or FLAT instruction touches (FLAT may address
 * LDS or scratch through the apertures). */
static inline uint8_t *mem_at(struct emu_wave *w, const struct emu_inst *in, unsigned l, unsigned n, bool write)
{
	u64 a = vaddr(w, in, l);
	return in->enc == ISA_ENC_FLAT ? flat_at(w, l, a, n, write) : emu_gmem(w, l, a, n, write);
}

/* The global race check for one lane of a GLOBAL/FLAT access that succeeded
 * (mem_at returned memory, so the wave's buffer cache holds its buffer); a
 * FLAT address in the LDS or scratch aperture is not global. */
static void race_lane(struct emu_wave *w, const struct emu_inst *in, unsigned l, unsigned n, bool write)
{
	u64 a = vaddr(w, in, l);
	u32 hi = (u32)(a >> 32);
	if (in->enc == ISA_ENC_FLAT && (hi == EMU_APERTURE_SHARED_HI || hi == EMU_APERTURE_PRIVATE_HI))
		return;
	emu_race_global(w, l, a, n, write);
}

static void write_dwords(struct emu_wave *w, unsigned code, unsigned ndw, u32 data[][EMU_LANES])
{
	for (unsigned k = 0; k < ndw; k++)
		emu_vwrite(w, code + k, data[k]);
}

/* Fast path of a dword-multiple global load: every active lane inside the
 * wave's cached buffer and aligned; anything else takes the checked per-lane
 * path (which also reports the fault). */
static bool global_load_fast(struct emu_wave *w, const struct emu_inst *in, unsigned bytes, u32 data[][EMU_LANES])
{
	u32 exec = emu_exec_mask(w);
	u64 addr[EMU_LANES];
	u64 lo = w->mc_lo, hi = w->mc_hi;
	u32 bad = 0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		u64 a = vaddr(w, in, l);
		addr[l] = a;
		bad |= (exec >> l & 1) & ((a & 3) != 0 || a < lo || a + bytes > hi);
	}
	if (bad)
		return false;
	const uint8_t *base = w->mc_host - lo;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		const uint8_t *p = base + addr[l];
		for (unsigned d = 0; d < bytes / 4; d++)
			memcpy(&data[d][l], p + 4 * d, 4);
	}
	return true;
}

void emu_ex_global_load(struct emu_wave *w, const struct emu_inst *in)
{
	const struct mem_kind *k = &kinds[in->op];
	unsigned ndw = (k->bytes + 3) / 4;
	u32 data[4][EMU_LANES];
	bool race = w->g->run->checks & EMU_CHECK_GLOBAL_RACE;
	if (k->bytes >= 4 && !race && global_load_fast(w, in, k->bytes, data)) {
		write_dwords(w, in->dst, ndw, data);
		w->g->st.vmem++;
		return;
	}
	u32 exec = emu_exec_mask(w);
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		const uint8_t *p = mem_at(w, in, l, k->bytes, false);
		if (!p)
			return;
		if (race) {
			race_lane(w, in, l, k->bytes, false);
			if (w->halt)
				return;
		}
		if (k->bytes >= 4) {
			for (unsigned d = 0; d < ndw; d++)
				memcpy(&data[d][l], p + 4 * d, 4);
		} else {
			data[0][l] = load_narrow(p, k, w->v[in->dst - EMU_OPND_VGPR0][l]);
		}
	}
	write_dwords(w, in->dst, ndw, data);
	w->g->st.vmem++;
}

void emu_ex_global_store(struct emu_wave *w, const struct emu_inst *in)
{
	const struct mem_kind *k = &kinds[in->op];
	u32 exec = emu_exec_mask(w);
	unsigned dat = in->data0 - EMU_OPND_VGPR0;
	bool race = w->g->run->checks & EMU_CHECK_GLOBAL_RACE;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		uint8_t *p = mem_at(w, in, l, k->bytes, true);
		if (!p)
			return;
		if (race) {
			race_lane(w, in, l, k->bytes, true);
			if (w->halt)
				return;
		}
		if (k->bytes >= 4) {
			for (unsigned d = 0; d < k->bytes / 4; d++)
				memcpy(p + 4 * d, &w->v[dat + d][l], 4);
		} else {
			store_narrow(p, k, w->v[dat][l]);
		}
	}
	w->g->st.vmem++;
}

/* ---- scratch: per-lane private memory ------------------------------------------------- */
static uint8_t *scratch_off(struct emu_wave *w, unsigned l, u64 off, unsigned n);

static uint8_t *scratch_at(struct emu_wave *w, const struct emu_inst *in, unsigned l, unsigned n)
{
	u64 off = (u64)(int64_t)in->offset;
	if (in->saddr != EMU_OPND_NONE)
		off += w->s[in->saddr & 255];
	if (in->addr != EMU_OPND_NONE)
		off += w->v[in->addr - EMU_OPND_VGPR0][l];
	return scratch_off(w, l, off & 0xffffffffu, n);
}

/* Lane l's private memory at byte offset off. */
static uint8_t *scratch_off(struct emu_wave *w, unsigned l, u64 off, unsigned n)
{
	u32 priv = w->g->run->kd.private_segment_size;
	if (EMU_UNLIKELY(!w->g->run->kd.private_segment)) {
		/* Without ENABLE_PRIVATE_SEGMENT the dispatcher sets up no scratch at all. */
		emu_fault(w, l, EMU_E_FAULT, "scratch access, but the kernel descriptor does not enable the private segment");
		return NULL;
	}
	if (off + n > priv) {
		emu_fault(w, l, EMU_E_FAULT, "scratch access of %u bytes at offset 0x%llx is outside the %u-byte private segment",
			  n, (unsigned long long)off, priv);
		return NULL;
	}
	if (off & (n >= 4 ? 3 : n - 1)) {
		emu_fault(w, l, EMU_E_FAULT, "misaligned scratch access at offset 0x%llx", (unsigned long long)off);
		return NULL;
	}
	return w->scratch + (size_t)l * priv + off;
}

void emu_ex_scratch(struct emu_wave *w, const struct emu_inst *in)
{
	const struct mem_kind *k = &kinds[in->op];
	bool store = isa_ops[in->op].flags & ISA_F_STORE;
	unsigned ndw = (k->bytes + 3) / 4;
	u32 data[4][EMU_LANES];
	u32 exec = emu_exec_mask(w);
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		uint8_t *p = scratch_at(w, in, l, k->bytes);
		if (!p)
			return;
		if (k->bytes < 4) {
			if (store)
				store_narrow(p, k, w->v[in->data0 - EMU_OPND_VGPR0][l]);
			else
				data[0][l] = load_narrow(p, k, w->v[in->dst - EMU_OPND_VGPR0][l]);
			continue;
		}
		for (unsigned d = 0; d < ndw; d++) {
			if (store)
				memcpy(p + 4 * d, &w->v[in->data0 - EMU_OPND_VGPR0 + d][l], 4);
			else
				memcpy(&data[d][l], p + 4 * d, 4);
		}
	}
	if (!store)
		write_dwords(w, in->dst, ndw, data);
	w->g->st.vmem++;
}

/* ---- SMEM ------------------------------------------------------------------------------ */
void emu_ex_smem(struct emu_wave *w, const struct emu_inst *in)
{
	const struct isa_opinfo *oi = &isa_ops[in->op];
	w->g->st.smem++;
	if (!oi->dst)
		return; /* cache invalidations */
	u64 base = sreg64(w, in->sbase) & 0xffffffffffffull;
	u64 addr = base + (int64_t)in->offset + (in->soffset != EMU_OPND_NONE ? w->s[in->soffset & 255] : 0);
	unsigned n = oi->dst * 4u;
	if (oi->src0 == 4) { /* s_buffer_load: sbase is a buffer descriptor; check num_records */
		u32 num = w->s[(in->sbase + 2) & 255];
		u64 off = addr - base;
		if (off + n > num) {
			emu_fault(w, ~0u, EMU_E_FAULT, "s_buffer_load at offset 0x%llx beyond the buffer's %u bytes",
				  (unsigned long long)off, num);
			return;
		}
	}
	const uint8_t *p = emu_gmem(w, ~0u, addr, n, false);
	if (!p)
		return;
	u32 v[16];
	memcpy(v, p, n);
	for (unsigned d = 0; d < oi->dst; d++)
		emu_swrite(w, in->dst + d, v[d]);
}

/* ---- DS (LDS) ---------------------------------------------------------------------------- */
static inline uint8_t *lds_at(struct emu_wave *w, unsigned l, u32 addr, unsigned n, bool write, bool atomic)
{
	struct emu_group *g = w->g;
	unsigned align = n >= 4 ? 4 : n;
	if (EMU_UNLIKELY((u64)addr + n > g->lds_size)) {
		emu_fault(w, l, EMU_E_FAULT, "LDS %s of %u bytes at 0x%x is beyond the %u bytes allocated",
			  write ? "write" : "read", n, addr, g->lds_size);
		return NULL;
	}
	if (EMU_UNLIKELY(addr & (align - 1))) {
		emu_fault(w, l, EMU_E_FAULT, "misaligned LDS access of %u bytes at 0x%x", n, addr);
		return NULL;
	}
	if ((g->run->checks & EMU_CHECK_LDS_RACE) && !atomic && addr != w->lds_last) {
		w->lds_last = addr; /* lanes reading one address (broadcast) are checked once */
		emu_hz_lds(w, l, addr, n, write);
		if (w->halt)
			return NULL;
	}
	return g->lds + addr;
}

static uint8_t *flat_at(struct emu_wave *w, unsigned l, u64 a, unsigned n, bool write)
{
	u32 hi = (u32)(a >> 32);
	if (hi == EMU_APERTURE_SHARED_HI) {
		w->lds_last = ~0u; /* the race check's "same address as the last lane" holds within a DS op only */
		return lds_at(w, l, (u32)a, n, write, false);
	}
	if (hi == EMU_APERTURE_PRIVATE_HI)
		return scratch_off(w, l, (u32)a, n);
	return emu_gmem(w, l, a, n, write);
}

/* A lane's LDS address(es): base + offset, or for the two-address forms base
 * plus element offsets scaled by the element size (x64 for stride64). */
static void ds_addrs(const struct emu_inst *in, unsigned size, bool two, u32 base, u32 *a0, u32 *a1)
{
	if (!two) {
		*a0 = base + (u32)in->offset;
		*a1 = 0;
		return;
	}
	unsigned scale = size * ((in->op == ISA_OP_ds_store_2addr_stride64_b32 || in->op == ISA_OP_ds_store_2addr_stride64_b64 ||
				 in->op == ISA_OP_ds_load_2addr_stride64_b32 || in->op == ISA_OP_ds_load_2addr_stride64_b64) ? 64 : 1);
	*a0 = base + in->offset0 * scale;
	*a1 = base + in->offset1 * scale;
}

static bool ds_2addr(unsigned op)
{
	return op == ISA_OP_ds_store_2addr_b32 || op == ISA_OP_ds_store_2addr_stride64_b32 ||
	       op == ISA_OP_ds_store_2addr_b64 || op == ISA_OP_ds_store_2addr_stride64_b64 ||
	       op == ISA_OP_ds_load_2addr_b32 || op == ISA_OP_ds_load_2addr_stride64_b32 ||
	       op == ISA_OP_ds_load_2addr_b64 || op == ISA_OP_ds_load_2addr_stride64_b64;
}

/* Fast path of a single-address LDS load of 4 bytes or more: all active lanes
 * in bounds and aligned (else the per-lane path reports the fault). */
static bool ds_load_fast(struct emu_wave *w, const struct emu_inst *in, unsigned bytes, u32 data[][EMU_LANES])
{
	struct emu_group *g = w->g;
	u32 exec = emu_exec_mask(w), size = g->lds_size, off = (u32)in->offset, bad = 0;
	const u32 *av = w->v[in->addr - EMU_OPND_VGPR0];
	if (bytes > size)
		return false;
	u32 limit = size - bytes;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		u32 a = av[l] + off;
		bad |= (exec >> l & 1) & (((a & 3) != 0) | (a > limit));
	}
	if (bad)
		return false;
	const uint8_t *lds = g->lds;
	unsigned ndw = bytes / 4;
	if (exec == 0xffffffffu && ndw == 2) { /* ds_load_b64, the GEMM fragment load */
		for (unsigned l = 0; l < EMU_LANES; l++) {
			u64 v;
			memcpy(&v, lds + av[l] + off, 8);
			data[0][l] = (u32)v;
			data[1][l] = (u32)(v >> 32);
		}
	} else if (exec == 0xffffffffu && ndw == 4) {
		for (unsigned l = 0; l < EMU_LANES; l++) {
			u32 v[4];
			memcpy(v, lds + av[l] + off, 16);
			data[0][l] = v[0], data[1][l] = v[1], data[2][l] = v[2], data[3][l] = v[3];
		}
	} else {
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!(exec >> l & 1))
				continue;
			const uint8_t *p = lds + av[l] + off;
			for (unsigned d = 0; d < ndw; d++)
				memcpy(&data[d][l], p + 4 * d, 4);
		}
	}
	if (g->run->checks & EMU_CHECK_LDS_RACE) {
		/* Inline read check (see emu_hz_lds): a lane whose dwords sit in one bitmap
		 * word, none written in this epoch, only sets its read bits; anything
		 * else, or unwaited-store marks in this epoch, goes to emu_hz_lds. */
		uint64_t *wb = g->lds_wbits, *rb = g->lds_wbits + (size_t)g->lds_words * (1 + w->id);
		bool marks = g->late_epoch == g->epoch;
		u32 word = ~0u;
		uint64_t acc = 0; /* read bits of 'word' gathered in a register: neighbouring lanes share words */
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!(exec >> l & 1))
				continue;
			u32 a = av[l] + off, first = a >> 2, last = (a + bytes - 1) >> 2;
			uint64_t mask = (~0ull >> (63 - (last - first))) << (first & 63);
			if (EMU_LIKELY(!marks && (first >> 6) == (last >> 6) && !(wb[first >> 6] & mask))) {
				if (first >> 6 != word) {
					if (word != ~0u)
						rb[word] |= acc;
					word = first >> 6;
					acc = 0;
				}
				acc |= mask;
				continue;
			}
			emu_hz_lds(w, l, a, bytes, false);
			if (w->halt)
				return true;
		}
		if (word != ~0u)
			rb[word] |= acc;
	}
	return true;
}

void emu_ex_ds_load(struct emu_wave *w, const struct emu_inst *in)
{
	w->lds_last = ~0u;
	const struct mem_kind *k = &kinds[in->op];
	bool two = ds_2addr(in->op);
	unsigned ndw = (k->bytes + 3) / 4, per = ndw;
	u32 data[4][EMU_LANES];
	if (!two && k->bytes >= 4 && ds_load_fast(w, in, k->bytes, data)) {
		if (!w->halt)
			write_dwords(w, in->dst, ndw, data);
		w->g->st.lds++;
		return;
	}
	u32 exec = emu_exec_mask(w);
	const u32 *av = w->v[in->addr - EMU_OPND_VGPR0];
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		u32 a0, a1;
		ds_addrs(in, k->bytes, two, av[l], &a0, &a1);
		const uint8_t *p = lds_at(w, l, a0, k->bytes, false, false);
		if (!p)
			return;
		if (k->bytes >= 4) {
			for (unsigned d = 0; d < per; d++)
				memcpy(&data[d][l], p + 4 * d, 4);
		} else {
			data[0][l] = load_narrow(p, k, w->v[in->dst - EMU_OPND_VGPR0][l]);
		}
		if (two) {
			const uint8_t *q = lds_at(w, l, a1, k->bytes, false, false);
			if (!q)
				return;
			for (unsigned d = 0; d < per; d++)
				memcpy(&data[per + d][l], q + 4 * d, 4);
		}
	}
	write_dwords(w, in->dst, two ? 2 * per : per, data);
	w->g->st.lds++;
}

/* Fast path of a single-address LDS store of 4 bytes or more (see ds_load_fast). */
static bool ds_store_fast(struct emu_wave *w, const struct emu_inst *in, unsigned bytes)
{
	struct emu_group *g = w->g;
	u32 exec = emu_exec_mask(w), size = g->lds_size, off = (u32)in->offset, bad = 0;
	const u32 *av = w->v[in->addr - EMU_OPND_VGPR0];
	unsigned d0 = in->data0 - EMU_OPND_VGPR0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		u32 a = av[l] + off;
		bad |= (exec >> l & 1) & ((a & 3) != 0 || (u64)a + bytes > size);
	}
	if (bad || (g->run->checks & EMU_CHECK_LDS_RACE))
		return false;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		uint8_t *p = g->lds + av[l] + off;
		for (unsigned d = 0; d < bytes / 4; d++)
			memcpy(p + 4 * d, &w->v[d0 + d][l], 4);
	}
	return true;
}

void emu_ex_ds_store(struct emu_wave *w, const struct emu_inst *in)
{
	w->lds_last = ~0u;
	const struct mem_kind *k = &kinds[in->op];
	bool two = ds_2addr(in->op);
	if (!two && k->bytes >= 4 && ds_store_fast(w, in, k->bytes)) {
		w->g->st.lds++;
		return;
	}
	u32 exec = emu_exec_mask(w);
	const u32 *av = w->v[in->addr - EMU_OPND_VGPR0];
	unsigned d0 = in->data0 - EMU_OPND_VGPR0, d1 = two ? in->data1 - EMU_OPND_VGPR0 : 0;
	u32 seen[2 * EMU_LANES];
	unsigned nseen = 0;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		u32 a0, a1;
		ds_addrs(in, k->bytes, two, av[l], &a0, &a1);
		uint8_t *p = lds_at(w, l, a0, k->bytes, true, false);
		if (!p)
			return;
		if (k->bytes >= 4) {
			for (unsigned d = 0; d < k->bytes / 4; d++)
				memcpy(p + 4 * d, &w->v[d0 + d][l], 4);
		} else {
			store_narrow(p, k, w->v[d0][l]);
		}
		seen[nseen++] = a0;
		if (two) {
			uint8_t *q = lds_at(w, l, a1, k->bytes, true, false);
			if (!q)
				return;
			for (unsigned d = 0; d < k->bytes / 4; d++)
				memcpy(q + 4 * d, &w->v[d1 + d][l], 4);
			seen[nseen++] = a1;
		}
	}
	if ((w->g->run->checks & (EMU_CHECK_LDS_RACE | EMU_CHECK_WAITCNT)) == (EMU_CHECK_LDS_RACE | EMU_CHECK_WAITCNT))
		emu_hz_lds_store(w, seen, nseen, k->bytes);
	w->g->st.lds++;
}

/* Cross-lane ops that use the LDS crossbar but not LDS memory. */
void emu_ex_ds_lanes(struct emu_wave *w, const struct emu_inst *in)
{
	u32 exec = emu_exec_mask(w), r[EMU_LANES] = { 0 };
	const u32 *av = w->v[in->addr - EMU_OPND_VGPR0];
	if (in->op == ISA_OP_ds_swizzle_b32) {
		const u32 *src = av;
		unsigned off = (unsigned)in->offset & 0xffff;
		if ((off & 0x8000) && (off & 0x7f00)) {
			/* LLVM reads only 0x80xx as QUAD_PERM; 0xc000 and 0xe000 are the
			 * rotate and FFT modes of later documents, the rest undefined. */
			emu_fault(w, ~0u, EMU_E_DECODE, "ds_swizzle_b32 offset 0x%x: swizzle mode not modelled", off);
			return;
		}
		for (unsigned l = 0; l < EMU_LANES; l++) {
			unsigned s;
			if (off & 0x8000) /* quad permute */
				s = (l & ~3u) | ((off >> (2 * (l & 3))) & 3);
			else
				s = ((l & (off & 0x1f)) | ((off >> 5) & 0x1f)) ^ ((off >> 10) & 0x1f);
			r[l] = (exec >> s & 1) ? src[s & 31] : 0;
		}
	} else {
		const u32 *data = w->v[in->data0 - EMU_OPND_VGPR0];
		for (unsigned l = 0; l < EMU_LANES; l++) {
			if (!(exec >> l & 1))
				continue;
			unsigned sel = ((av[l] + (u32)in->offset) >> 2) & 31;
			if (in->op == ISA_OP_ds_bpermute_b32)
				r[l] = (exec >> sel & 1) ? data[sel] : 0;
			else
				r[sel] = data[l];
		}
	}
	emu_vwrite(w, in->dst, r);
	w->g->st.lds++;
}

/* buffer_gl0_inv / buffer_gl1_inv: memory here is coherent, nothing to drop. */
void emu_ex_cache_inv(struct emu_wave *w, const struct emu_inst *in)
{
	(void)in;
	w->g->st.vmem++;
}

/* The lane accessors for exec_atomic.c. */
uint64_t emu_vaddr(const struct emu_wave *w, const struct emu_inst *in, unsigned l) { return vaddr(w, in, l); }

uint8_t *emu_atomic_at(struct emu_wave *w, const struct emu_inst *in, unsigned l, unsigned n)
{
	u64 a = vaddr(w, in, l);
	if (in->enc == ISA_ENC_FLAT && (u32)(a >> 32) == EMU_APERTURE_SHARED_HI)
		return lds_at(w, l, (u32)a, n, true, true); /* exempt from the race check, as DS atomics are */
	return mem_at(w, in, l, n, true);
}

uint8_t *emu_lds_at(struct emu_wave *w, unsigned l, uint32_t addr, unsigned n, bool write, bool atomic)
{
	return lds_at(w, l, addr, n, write, atomic);
}

/* The addresses an instruction about to execute will touch, for the stepper's
 * caller (a timing model).  Computed from the same fields as the executors,
 * before the instruction can overwrite its own address registers. */
void emu_mem_lanes(const struct emu_wave *w, const struct emu_inst *in, struct emu_step *st)
{
	const struct isa_opinfo *oi = &isa_ops[in->op];
	unsigned bytes = kinds[in->op].bytes;
	if (!bytes)
		bytes = 4u * (oi->dst ? oi->dst : oi->src1 ? oi->src1 : 1);
	st->store = (oi->flags & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
	st->bytes = (uint16_t)bytes;
	st->naddr = EMU_LANES;
	switch (in->enc) {
	case ISA_ENC_SMEM:
		st->space = EMU_SPACE_SCALAR;
		st->naddr = 1;
		st->bytes = (uint16_t)(4u * oi->dst);
		st->addr[0] = (sreg64(w, in->sbase) & 0xffffffffffffull) + (int64_t)in->offset +
			      (in->soffset != EMU_OPND_NONE ? w->s[in->soffset & 255] : 0);
		return;
	case ISA_ENC_DS: {
		bool two = ds_2addr(in->op);
		st->space = EMU_SPACE_LDS;
		st->naddr = two ? 2 * EMU_LANES : EMU_LANES;
		const u32 *base = w->v[in->addr - EMU_OPND_VGPR0];
		for (unsigned l = 0; l < EMU_LANES; l++) {
			u32 a0, a1;
			ds_addrs(in, bytes, two, base[l], &a0, &a1);
			st->addr[l] = a0;
			st->addr[EMU_LANES + l] = a1;
		}
		return;
	}
	case ISA_ENC_MUBUF:
	case ISA_ENC_MTBUF:
		st->space = EMU_SPACE_GLOBAL;
		emu_buf_lanes(w, in, st);
		return;
	case ISA_ENC_SCRATCH:
		st->space = EMU_SPACE_SCRATCH;
		for (unsigned l = 0; l < EMU_LANES; l++) {
			u64 off = (u64)(int64_t)in->offset + (in->saddr != EMU_OPND_NONE ? w->s[in->saddr & 255] : 0) +
				  (in->addr != EMU_OPND_NONE ? w->v[in->addr - EMU_OPND_VGPR0][l] : 0);
			st->addr[l] = off & 0xffffffffu;
		}
		return;
	default: /* GLOBAL, FLAT: FLAT may address LDS or scratch through the apertures */
		st->space = EMU_SPACE_GLOBAL;
		for (unsigned l = 0; l < EMU_LANES; l++)
			st->addr[l] = vaddr(w, in, l);
		if (in->enc == ISA_ENC_FLAT) {
			u32 hi = (u32)(st->addr[0] >> 32);
			if (hi == EMU_APERTURE_SHARED_HI || hi == EMU_APERTURE_PRIVATE_HI)
				st->space = hi == EMU_APERTURE_SHARED_HI ? EMU_SPACE_LDS : EMU_SPACE_SCRATCH;
		}
		return;
	}
}

bool emu_mem_kind_known(unsigned op) { return op < ISA_OP_COUNT && kinds[op].bytes != 0; }
