/* ops.c — the VOPD rows of isa/isa_gfx11.def as the builder reads them, and
 * the facts about one instruction that follow from its row and operands. */
#include <string.h>

#include "asm_out/internal.h"

/* VOPD slots, keyed by the VALU op each half runs.  xopc/yopc < 0: no slot. */
static const struct { ao_op base; int x, y; } vopd_rows[] = {
#define OP(name, enc, opc, cls, d, s0, s1, s2, flags, exec)
#define VOPD(name, xopc, yopc, base) { ISA_OP_##base, xopc, yopc },
#define VOPDY(name, yopc, base) { ISA_OP_##base, -1, yopc },
#include "isa/isa_gfx11.def"
#undef OP
#undef VOPD
#undef VOPDY
};

bool ao_op_valid(unsigned op)
{
	return op > 0 && op < ISA_OP_COUNT && isa_ops[op].name != NULL;
}

const char *ao_op_name(ao_op op) { return ao_op_valid(op) ? isa_ops[op].name : NULL; }
unsigned ao_op_enc(ao_op op) { return ao_op_valid(op) ? isa_ops[op].enc : 0; }
unsigned ao_op_cls(ao_op op) { return ao_op_valid(op) ? isa_ops[op].cls : 0; }
unsigned ao_op_flags(ao_op op) { return ao_op_valid(op) ? isa_ops[op].flags : 0; }

int ao_op_find(const char *name)
{
	for (unsigned i = 1; i < ISA_OP_COUNT; i++)
		if (isa_ops[i].name && strcmp(isa_ops[i].name, name) == 0)
			return (int)i;
	return -1;
}

bool ao_vopd_x_ok(ao_op op)
{
	for (size_t i = 0; i < sizeof vopd_rows / sizeof vopd_rows[0]; i++)
		if (vopd_rows[i].base == op)
			return vopd_rows[i].x >= 0;
	return false;
}

bool ao_vopd_y_ok(ao_op op)
{
	for (size_t i = 0; i < sizeof vopd_rows / sizeof vopd_rows[0]; i++)
		if (vopd_rows[i].base == op)
			return vopd_rows[i].y >= 0;
	return false;
}

/* The inline constants of isa/isa.h and isa/inline_consts.def: the assembler
 * encodes these without a literal dword (llvm-mc-19: 0x3f800000 given to an
 * integer op is printed and encoded as 1.0). */
static const uint32_t inline_f32[] = {
#define INLINE_FLOAT(code, text, f32, f16, f64) f32,
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
};

bool ao_imm_inline(uint32_t bits)
{
	if (isa_inline_int((int32_t)bits))
		return true;
	for (size_t i = 0; i < sizeof inline_f32 / sizeof inline_f32[0]; i++)
		if (bits == inline_f32[i])
			return true;
	return false;
}
