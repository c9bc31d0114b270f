/* exec_atomic.c — atomics: GLOBAL/FLAT (atomic on the host too, since
 * workgroups run on several threads) and DS (one workgroup, one thread).
 * One table says what each op does and how wide it is; one function applies it.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

#include <string.h>

typedef uint32_t u32;
typedef uint64_t u64;

/* ---- atomics ------------------------------------------------------------------------------ */
enum aop { A_ADD, A_SUB, A_MIN_I, A_MAX_I, A_MIN_U, A_MAX_U, A_AND, A_OR, A_XOR, A_SWAP, A_CMPSWAP, A_INC, A_DEC,
	   A_ADD_F, A_MIN_F, A_MAX_F };

struct atomic_kind {
	uint8_t op;               /* enum aop */
	uint8_t bytes;            /* 4 or 8 */
};

#define AK(name, o, b) [ISA_OP_##name] = { o, b }
static const struct atomic_kind akinds[ISA_OP_COUNT] = {
#define FAMILY(p)                                                                                       \
	AK(p##_swap_b32, A_SWAP, 4), AK(p##_cmpswap_b32, A_CMPSWAP, 4), AK(p##_add_u32, A_ADD, 4),        \
	AK(p##_sub_u32, A_SUB, 4), AK(p##_min_i32, A_MIN_I, 4), AK(p##_min_u32, A_MIN_U, 4),              \
	AK(p##_max_i32, A_MAX_I, 4), AK(p##_max_u32, A_MAX_U, 4), AK(p##_and_b32, A_AND, 4),              \
	AK(p##_or_b32, A_OR, 4), AK(p##_xor_b32, A_XOR, 4), AK(p##_inc_u32, A_INC, 4),                    \
	AK(p##_dec_u32, A_DEC, 4), AK(p##_swap_b64, A_SWAP, 8), AK(p##_cmpswap_b64, A_CMPSWAP, 8),        \
	AK(p##_add_u64, A_ADD, 8), AK(p##_sub_u64, A_SUB, 8), AK(p##_min_i64, A_MIN_I, 8),                \
	AK(p##_min_u64, A_MIN_U, 8), AK(p##_max_i64, A_MAX_I, 8), AK(p##_max_u64, A_MAX_U, 8),            \
	AK(p##_and_b64, A_AND, 8), AK(p##_or_b64, A_OR, 8), AK(p##_xor_b64, A_XOR, 8),                    \
	AK(p##_inc_u64, A_INC, 8), AK(p##_dec_u64, A_DEC, 8), AK(p##_add_f32, A_ADD_F, 4),                \
	AK(p##_min_f32, A_MIN_F, 4), AK(p##_max_f32, A_MAX_F, 4)
	FAMILY(global_atomic),
	FAMILY(flat_atomic),
#undef FAMILY
	AK(ds_add_u32, A_ADD, 4), AK(ds_sub_u32, A_SUB, 4), AK(ds_min_i32, A_MIN_I, 4), AK(ds_max_i32, A_MAX_I, 4),
	AK(ds_min_u32, A_MIN_U, 4), AK(ds_max_u32, A_MAX_U, 4), AK(ds_and_b32, A_AND, 4), AK(ds_or_b32, A_OR, 4),
	AK(ds_xor_b32, A_XOR, 4), AK(ds_cmpstore_b32, A_CMPSWAP, 4), AK(ds_min_f32, A_MIN_F, 4),
	AK(ds_max_f32, A_MAX_F, 4), AK(ds_add_f32, A_ADD_F, 4), AK(ds_add_rtn_u32, A_ADD, 4),
	AK(ds_sub_rtn_u32, A_SUB, 4), AK(ds_min_rtn_i32, A_MIN_I, 4), AK(ds_max_rtn_i32, A_MAX_I, 4),
	AK(ds_min_rtn_u32, A_MIN_U, 4), AK(ds_max_rtn_u32, A_MAX_U, 4), AK(ds_and_rtn_b32, A_AND, 4),
	AK(ds_or_rtn_b32, A_OR, 4), AK(ds_xor_rtn_b32, A_XOR, 4), AK(ds_storexchg_rtn_b32, A_SWAP, 4),
	AK(ds_cmpstore_rtn_b32, A_CMPSWAP, 4), AK(ds_add_u64, A_ADD, 8), AK(ds_add_rtn_u64, A_ADD, 8),
	AK(ds_add_rtn_f32, A_ADD_F, 4),
};
#undef AK

/* The new memory value; v is the data operand, cmp the compare value (cmpswap). */
static u64 atomic_apply(unsigned op, unsigned bytes, u64 old, u64 v, u64 cmp, bool ieee)
{
	bool wide = bytes == 8;
	int64_t so = wide ? (int64_t)old : (int32_t)old, sv = wide ? (int64_t)v : (int32_t)v;
	switch (op) {
	case A_ADD: return old + v;
	case A_SUB: return old - v;
	case A_MIN_I: return so < sv ? old : v;
	case A_MAX_I: return so > sv ? old : v;
	case A_MIN_U: return old < v ? old : v;
	case A_MAX_U: return old > v ? old : v;
	case A_AND: return old & v;
	case A_OR: return old | v;
	case A_XOR: return old ^ v;
	case A_SWAP: return v;
	case A_CMPSWAP: return old == cmp ? v : old;
	case A_INC: return old >= v ? 0 : old + 1;
	case A_DEC: return (old == 0 || old > v) ? v : old - 1;
	case A_ADD_F: {
		u32 r = emu_u(emu_f((u32)old) + emu_f((u32)v));
		return emu_isnan32(r) ? emu_nan3((u32)old, (u32)v, 0, 2) : r;
	}
	case A_MIN_F: return emu_minmax32((u32)old, (u32)v, false, ieee);
	default: return emu_minmax32((u32)old, (u32)v, true, ieee);
	}
}

static u64 lane_data(const struct emu_wave *w, unsigned code, unsigned l, unsigned bytes)
{
	unsigned r = code - EMU_OPND_VGPR0;
	return bytes == 8 ? (u64)w->v[r + 1][l] << 32 | w->v[r][l] : w->v[r][l];
}

/* The old values to dst (returning forms only), under EXEC. */
static void write_old(struct emu_wave *w, unsigned dst, unsigned bytes, const u64 ret[EMU_LANES])
{
	if (dst == EMU_OPND_NONE)
		return;
	if (bytes == 8) {
		emu_vwrite64(w, dst, ret);
		return;
	}
	u32 r32[EMU_LANES];
	for (unsigned l = 0; l < EMU_LANES; l++)
		r32[l] = (u32)ret[l];
	emu_vwrite(w, dst, r32);
}

/* Global/flat atomics, atomic on the host too (workgroups run on several
 * threads): integer results do not depend on the thread count; float adds
 * round in the order they happen, which only one thread makes repeatable.
 * With glc the old value is returned in dst. */
void emu_ex_global_atomic(struct emu_wave *w, const struct emu_inst *in)
{
	const struct atomic_kind *k = &akinds[in->op];
	u32 exec = emu_exec_mask(w);
	u64 ret[EMU_LANES] = { 0 };
	bool ieee = w->g->run->ieee;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		uint8_t *p = emu_atomic_at(w, in, l, k->bytes);
		if (!p)
			return;
		if (k->bytes == 8 && ((uintptr_t)p & 7)) {
			emu_fault(w, l, EMU_E_FAULT, "misaligned 8-byte atomic at 0x%llx", (unsigned long long)emu_vaddr(w, in, l));
			return;
		}
		u64 v = lane_data(w, in->data0, l, k->bytes);
		u64 cmp = k->op == A_CMPSWAP ? lane_data(w, in->data0 + k->bytes / 4, l, k->bytes) : 0;
		if (k->bytes == 4) {
			u32 *word = (u32 *)(void *)p, old = __atomic_load_n(word, __ATOMIC_RELAXED);
			while (!__atomic_compare_exchange_n(word, &old, (u32)atomic_apply(k->op, 4, old, v, cmp, ieee), false,
							    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
				;
			ret[l] = old;
		} else {
			u64 *word = (u64 *)(void *)p, old = __atomic_load_n(word, __ATOMIC_RELAXED);
			while (!__atomic_compare_exchange_n(word, &old, atomic_apply(k->op, 8, old, v, cmp, ieee), false,
							    __ATOMIC_RELAXED, __ATOMIC_RELAXED))
				;
			ret[l] = old;
		}
	}
	write_old(w, in->dst, k->bytes, ret);
	w->g->st.vmem++;
}

/* LDS atomics: the workgroup runs on one thread, lanes apply in lane order. */
void emu_ex_ds_atomic(struct emu_wave *w, const struct emu_inst *in)
{
	const struct atomic_kind *k = &akinds[in->op];
	u32 exec = emu_exec_mask(w);
	u64 ret[EMU_LANES] = { 0 };
	const u32 *av = w->v[in->addr - EMU_OPND_VGPR0];
	bool ieee = w->g->run->ieee;
	for (unsigned l = 0; l < EMU_LANES; l++) {
		if (!(exec >> l & 1))
			continue;
		u32 a = av[l] + (u32)in->offset;
		uint8_t *p = emu_lds_at(w, l, a, k->bytes, true, true);
		if (!p)
			return;
		u64 old = 0, v = lane_data(w, in->data0, l, k->bytes);
		/* ds_cmpstore: data0 is the new value, data1 the compare value */
		u64 cmp = k->op == A_CMPSWAP ? lane_data(w, in->data1, l, k->bytes) : 0;
		memcpy(&old, p, k->bytes);
		u64 nv = atomic_apply(k->op, k->bytes, old, v, cmp, ieee);
		memcpy(p, &nv, k->bytes);
		ret[l] = old;
	}
	write_old(w, in->dst, k->bytes, ret);
	w->g->st.lds++;
}

bool emu_atomic_kind_known(unsigned op) { return op < ISA_OP_COUNT && akinds[op].bytes != 0; }
