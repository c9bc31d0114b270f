/* opcodes.c — the tables of isa/opcodes.h, all expanded from isa/isa_gfx11.def:
 * the row attributes (isa_ops), the opcode -> op array of each encoding
 * (isa_opcode_map, built at compile time with designated initializers, so
 * the decoder turns an opcode into an op with one array load) and the VOPD
 * half tables.  emu/decode.c matches encodings and extracts the fields.
 */
#include <stddef.h>

#include "isa/isa.h"
#include "isa/opcodes.h"

/* ---- row attributes ---------------------------------------------------------- */
const struct isa_opinfo isa_ops[ISA_OP_COUNT] = {
	[ISA_OP_INVALID] = { "<invalid>", 0, ISA_CLS_MISC, 0, 0, 0, 0, 0, 0, 0 },
#define OP(n, e, o, c, d, s0, s1, s2, f, x) \
	[ISA_OP_##n] = { #n, ISA_ENC_##e, ISA_CLS_##c, o, d, s0, s1, s2, f, 0 },
#define OP_NEEDS(ft, n, e, o, c, d, s0, s1, s2, f, x) \
	[ISA_OP_##n] = { #n, ISA_ENC_##e, ISA_CLS_##c, o, d, s0, s1, s2, f, ISA_F_##ft },
#define VOPD(n, x, y, b)
#define VOPDY(n, y, b)
#include "isa/isa_gfx11.def"
#undef OP
#undef OP_NEEDS
#undef VOPD
#undef VOPDY
};

/* ---- opcode -> op, one array per encoding --------------------------------------- */
/* Each array is filled by expanding the table with only one ENC's rows active:
 * OP() forwards to ROW_<ENC>, which is defined non-empty for that ENC only. */
#define OP(n, e, o, c, d, s0, s1, s2, f, x) ROW_##e(n, o)
#define VOPD(n, x, y, b)
#define VOPDY(n, y, b)
#define ROW_SOP1(n, o)
#define ROW_SOP2(n, o)
#define ROW_SOPK(n, o)
#define ROW_SOPC(n, o)
#define ROW_SOPP(n, o)
#define ROW_SMEM(n, o)
#define ROW_VOP1(n, o)
#define ROW_VOP2(n, o)
#define ROW_VOPC(n, o)
#define ROW_VOP3(n, o)
#define ROW_VOP3SD(n, o)
#define ROW_VOP3P(n, o)
#define ROW_VOPD(n, o)
#define ROW_DS(n, o)
#define ROW_GLOBAL(n, o)
#define ROW_SCRATCH(n, o)
#define ROW_FLAT(n, o)
#define ROW_MUBUF(n, o)
#define ROW_MTBUF(n, o)
#define SET(n, o) [o] = ISA_OP_##n,

const struct isa_opcode_map isa_opcode_map = {

#undef ROW_SOP1
#define ROW_SOP1 SET
.sop1 = {
#include "isa/isa_gfx11.def"
},
#undef ROW_SOP1
#define ROW_SOP1(n, o)

#undef ROW_SOP2
#define ROW_SOP2 SET
.sop2 = {
#include "isa/isa_gfx11.def"
},
#undef ROW_SOP2
#define ROW_SOP2(n, o)

#undef ROW_SOPK
#define ROW_SOPK SET
.sopk = {
#include "isa/isa_gfx11.def"
},
#undef ROW_SOPK
#define ROW_SOPK(n, o)

#undef ROW_SOPC
#define ROW_SOPC SET
.sopc = {
#include "isa/isa_gfx11.def"
},
#undef ROW_SOPC
#define ROW_SOPC(n, o)

#undef ROW_SOPP
#define ROW_SOPP SET
.sopp = {
#include "isa/isa_gfx11.def"
},
#undef ROW_SOPP
#define ROW_SOPP(n, o)

#undef ROW_SMEM
#define ROW_SMEM SET
.smem = {
#include "isa/isa_gfx11.def"
},
#undef ROW_SMEM
#define ROW_SMEM(n, o)

#undef ROW_VOP1
#define ROW_VOP1 SET
.vop1 = {
#include "isa/isa_gfx11.def"
},
#undef ROW_VOP1
#define ROW_VOP1(n, o)

#undef ROW_VOP2
#define ROW_VOP2 SET
.vop2 = {
#include "isa/isa_gfx11.def"
},
#undef ROW_VOP2
#define ROW_VOP2(n, o)

#undef ROW_VOPC
#define ROW_VOPC SET
.vopc = {
#include "isa/isa_gfx11.def"
},
#undef ROW_VOPC
#define ROW_VOPC(n, o)

/* VOP3 opcode space: VOPC at op, VOP2 at 256+op, VOP1 at 384+op (VOP1 opcodes
 * stay below 128), native VOP3/VOP3SD from 512. */
#undef ROW_VOPC
#undef ROW_VOP2
#undef ROW_VOP1
#undef ROW_VOP3
#undef ROW_VOP3SD
#define ROW_VOPC SET
#define ROW_VOP2(n, o) [256 + (o)] = ISA_OP_##n,
#define ROW_VOP1(n, o) [384 + (o)] = ISA_OP_##n,
#define ROW_VOP3 SET
#define ROW_VOP3SD SET
.vop3 = {
#include "isa/isa_gfx11.def"
},
#undef ROW_VOPC
#undef ROW_VOP2
#undef ROW_VOP1
#undef ROW_VOP3
#undef ROW_VOP3SD
#define ROW_VOPC(n, o)
#define ROW_VOP2(n, o)
#define ROW_VOP1(n, o)
#define ROW_VOP3(n, o)
#define ROW_VOP3SD(n, o)

#undef ROW_VOP3P
#define ROW_VOP3P SET
.vop3p = {
#include "isa/isa_gfx11.def"
},
#undef ROW_VOP3P
#define ROW_VOP3P(n, o)

#undef ROW_DS
#define ROW_DS SET
.ds = {
#include "isa/isa_gfx11.def"
},
#undef ROW_DS
#define ROW_DS(n, o)

/* FLAT-family arrays indexed by SEG field: 0 FLAT, 1 SCRATCH, 2 GLOBAL. */
#undef ROW_FLAT
#undef ROW_SCRATCH
#undef ROW_GLOBAL
#define ROW_FLAT(n, o) [0][o] = ISA_OP_##n,
#define ROW_SCRATCH(n, o) [1][o] = ISA_OP_##n,
#define ROW_GLOBAL(n, o) [2][o] = ISA_OP_##n,
.flat = {
#include "isa/isa_gfx11.def"
},
#undef ROW_FLAT
#undef ROW_SCRATCH
#undef ROW_GLOBAL
#define ROW_FLAT(n, o)
#define ROW_SCRATCH(n, o)
#define ROW_GLOBAL(n, o)

#undef ROW_MUBUF
#define ROW_MUBUF SET
.mubuf = {
#include "isa/isa_gfx11.def"
},
#undef ROW_MUBUF
#define ROW_MUBUF(n, o)
#undef ROW_MTBUF
#define ROW_MTBUF SET
.mtbuf = {
#include "isa/isa_gfx11.def"
},
};
#undef OP
#undef VOPD
#undef VOPDY
#undef SET
#undef ROW_SOP1
#undef ROW_SOP2
#undef ROW_SOPK
#undef ROW_SOPC
#undef ROW_SOPP
#undef ROW_SMEM
#undef ROW_VOP1
#undef ROW_VOP2
#undef ROW_VOPC
#undef ROW_VOP3
#undef ROW_VOP3SD
#undef ROW_VOP3P
#undef ROW_VOPD
#undef ROW_DS
#undef ROW_GLOBAL
#undef ROW_SCRATCH
#undef ROW_FLAT
#undef ROW_MUBUF
#undef ROW_MTBUF

/* ---- VOPD ------------------------------------------------------------------------- */
#define OP(n, e, o, c, d, s0, s1, s2, f, x)
#define VOPD(n, x, y, b) [x] = ISA_OP_##b,
#define VOPDY(n, y, b)
const uint16_t isa_vopd_x_op[16] = {
#include "isa/isa_gfx11.def"
};
#undef VOPD
#undef VOPDY
#define VOPD(n, x, y, b) [y] = ISA_OP_##b,
#define VOPDY(n, y, b) [y] = ISA_OP_##b,
const uint16_t isa_vopd_y_op[32] = {
#include "isa/isa_gfx11.def"
};
#undef VOPD
#undef VOPDY
#define VOPD(n, x, y, b) [ISA_OP_##b] = #n,
#define VOPDY(n, y, b) [ISA_OP_##b] = #n,
static const char *const vopd_name[ISA_OP_COUNT] = {
#include "isa/isa_gfx11.def"
};
#undef OP
#undef VOPD
#undef VOPDY

const char *isa_vopd_name(unsigned base_op)
{
	return base_op < ISA_OP_COUNT ? vopd_name[base_op] : NULL;
}

