/* helpers.c — short instruction sequences every template writes. */
#include "asm_out/internal.h"

int ao_loop_begin(struct ao_kernel *k, struct ao_loop *l, unsigned s_counter, struct ao_opnd trip)
{
	l->counter = s_counter;
	l->top = ao_label(k, "loop");
	if (l->top < 0)
		return l->top;
	int rc = AO_I(k, AO_OP(s_mov_b32), ao_s(s_counter), trip);
	if (rc < 0)
		return rc;
	return ao_bind(k, (unsigned)l->top);
}

int ao_loop_end(struct ao_kernel *k, const struct ao_loop *l)
{
	if (l->top < 0)
		return ao_fail(k, "ao_loop_end without ao_loop_begin");
	AO_I(k, AO_OP(s_add_i32), ao_s(l->counter), ao_s(l->counter), ao_int(-1));
	AO_I(k, AO_OP(s_cmp_lg_u32), ao_s(l->counter), ao_int(0));
	return AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)l->top));
}

int ao_add_u64(struct ao_kernel *k, struct ao_opnd dst, struct ao_opnd a, struct ao_opnd b)
{
	if (dst.count != 2 || a.count != 2 || (b.kind != AO_K_IMM && b.count != 2))
		return ao_fail(k, "ao_add_u64: operands must be register pairs (or b an immediate)");
	struct ao_opnd blo = b.kind == AO_K_IMM ? b : ao_part(b, 0, 1);
	struct ao_opnd bhi = b.kind == AO_K_IMM ? ao_int(0) : ao_part(b, 1, 1);
	/* VOP3SD takes an SGPR or constant in either source; put it first so the
	 * carry-in _e32 form (SGPR/constant only as src0) is possible */
	AO_I(k, AO_OP(v_add_co_u32), ao_part(dst, 0, 1), ao_vcc(), blo, ao_part(a, 0, 1));
	return AO_I(k, AO_OP(v_add_co_ci_u32), ao_part(dst, 1, 1), ao_vcc(), bhi, ao_part(a, 1, 1), ao_vcc());
}
