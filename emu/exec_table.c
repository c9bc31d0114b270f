/* exec_table.c — the executor of every op, expanded from the EXEC column of
 * isa/isa_gfx11.def: EX(f) is emu_ex_f, LANE(l) the VALU executor
 * emu_ex_valu (which computes through the lane function ln_l of
 * exec_valu.c), LANEX(l, f) emu_ex_f with ln_l for the VOPD halves and the
 * slow path, NONE no executor (the op stops the run as unsupported; v_dual's
 * executor is picked per pair at decode, emu_vopd_executor).  Adding an op is
 * its row plus, when no executor fits, one function emu_ex_NAME in the family
 * file (isa/ISA.md). */
#include "emu/machine.h"

#include <stddef.h>

/* Every executor the column names, declared once per row that names it (a
 * repeated declaration is allowed). */
#define EX(f) void emu_ex_##f(struct emu_wave *w, const struct emu_inst *in);
#define LANE(l)
#define LANEX(l, f) EX(f)
#define NONE
#define OP(n, e, o, c, d, s0, s1, s2, flags, x) x
#define VOPD(n, x, y, b)
#define VOPDY(n, y, b)
#include "isa/isa_gfx11.def"
void emu_ex_valu(struct emu_wave *w, const struct emu_inst *in);
#undef EX
#undef LANE
#undef LANEX
#undef NONE
#undef OP

#define EX(f) emu_ex_##f
#define LANE(l) emu_ex_valu
#define LANEX(l, f) emu_ex_##f
#define NONE NULL
#define OP(n, e, o, c, d, s0, s1, s2, flags, x) [ISA_OP_##n] = x,
const emu_exec_fn emu_exec_of[ISA_OP_COUNT] = {
#include "isa/isa_gfx11.def"
};
#undef EX
#undef LANE
#undef LANEX
#undef NONE
#undef OP
#undef VOPD
#undef VOPDY

/* Executors that read a per-op table of their family file besides the row:
 * a row naming one needs an entry there too (isa/ISA.md, adding an op). */
unsigned emu_exec_table_gaps(unsigned *ops, unsigned max)
{
	static const struct {
		emu_exec_fn fn;
		bool (*known)(unsigned op);
	} needs[] = {
		{ emu_ex_global_load, emu_mem_kind_known },   { emu_ex_global_store, emu_mem_kind_known },
		{ emu_ex_scratch, emu_mem_kind_known },       { emu_ex_ds_load, emu_mem_kind_known },
		{ emu_ex_ds_store, emu_mem_kind_known },      { emu_ex_global_atomic, emu_atomic_kind_known },
		{ emu_ex_ds_atomic, emu_atomic_kind_known },  { emu_ex_wmma, emu_wmma_kind_known },
	};
	unsigned n = 0;
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		bool gap = !emu_exec_of[op] && op != ISA_OP_v_dual;
		for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++)
			gap |= emu_exec_of[op] == needs[i].fn && !needs[i].known(op);
		if (gap && n < max)
			ops[n] = op;
		n += gap;
	}
	return n;
}
