/* isa.h — the gfx1100 facts every layer shares, each written here once: the
 * register-file and LDS limits, the VGPR bank rule, the range of inline
 * integers.  Data only (constants and one-line pure functions); the opcode and
 * field rows are isa/isa_gfx11.def and isa/isa_fields.def, the inline float
 * constants isa/inline_consts.def, the dispatch packet below.
 *
 * Sources: the AMD RDNA3 ISA reference guide, checked with llvm-mc-19
 * -mcpu=gfx1100 where an assembler can tell (s105 is the last SGPR it accepts,
 * v255 the last VGPR; ds_* offsets beyond 64 KiB are refused). */
#ifndef RDNA3_ISA_ISA_H
#define RDNA3_ISA_ISA_H

#include <stdbool.h>
#include <stdint.h>

/* ---- limits ----------------------------------------------------------------- */
#define ISA_VGPRS 256           /* VGPRs one wave32 can address, v0..v255 */
#define ISA_SGPRS 106           /* SGPRs one wave can address, s0..s105 (vcc_lo is 106) */
#define ISA_LDS_BYTES 65536     /* LDS one workgroup can allocate (64 KiB) */
#define ISA_WAVE_LANES 32       /* wave32, the only mode the project generates */
#define ISA_WORKGROUP_MAX 1024  /* work-items per workgroup */

/* ---- the VGPR bank rule -------------------------------------------------------
 * A SIMD's VGPR file has four banks; VGPR n lives in bank n mod 4.  Operands of
 * one instruction (and of the two halves of a VOPD) that share a bank cost a
 * read-port conflict; VOPD refuses same-bank src0/src1 pairs outright.  Every
 * bank computation in the project goes through isa_vgpr_bank(). */
#define ISA_VGPR_BANKS 4
static inline unsigned isa_vgpr_bank(unsigned vgpr) { return vgpr % ISA_VGPR_BANKS; }

/* ---- inline constants ------------------------------------------------------------
 * Integers -16..64 are encoded in the operand field itself (operand codes
 * 128..208); so are the floats of isa/inline_consts.def (240..248).  Anything
 * else is a literal dword. */
#define ISA_INLINE_INT_MIN (-16)
#define ISA_INLINE_INT_MAX 64
static inline bool isa_inline_int(int64_t v) { return v >= ISA_INLINE_INT_MIN && v <= ISA_INLINE_INT_MAX; }

/* ---- the AQL kernel dispatch packet -----------------------------------------------
 * Byte offsets in the 64-byte packet a kernel reads through its dispatch pointer
 * (HSA Platform System Architecture specification, hsa_kernel_dispatch_packet_t). */
enum isa_aql_dispatch {
	ISA_AQL_HEADER = 0,                 /* u16: packet type, barrier, fences */
	ISA_AQL_SETUP = 2,                  /* u16: dimensions, 1..3 */
	ISA_AQL_WORKGROUP_SIZE = 4,         /* u16 x 3 */
	ISA_AQL_GRID_SIZE = 12,             /* u32 x 3, in work-items */
	ISA_AQL_PRIVATE_SEGMENT_SIZE = 24,  /* u32: scratch bytes per work-item */
	ISA_AQL_GROUP_SEGMENT_SIZE = 28,    /* u32: LDS bytes per workgroup */
	ISA_AQL_KERNEL_OBJECT = 32,         /* u64: address of the kernel descriptor */
	ISA_AQL_KERNARG_ADDRESS = 40,       /* u64 */
	ISA_AQL_COMPLETION_SIGNAL = 56,     /* u64 */
	ISA_AQL_PACKET_BYTES = 64,
};

#endif
