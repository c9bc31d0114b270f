/* isa.h — the gfx1100 facts every layer shares, each written here once: the
 * register-file and LDS limits, the VGPR bank rule, the range of inline
 * integers, the occupancy rule.  Data only (constants and short pure
 * functions); the opcode and
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

/* ---- occupancy -------------------------------------------------------------------
 * Waves per SIMD a gfx1100 kernel can keep resident, and what limits it.  The
 * figures are LLVM 19's model of gfx1100 (llvm/lib/Target/AMDGPU/Utils/
 * AMDGPUBaseInfo.cpp): getTotalNumVGPRs() = 1536 per SIMD lane in wave32 on
 * subtargets with Feature1_5xVGPRs (gfx1100/gfx1101, LLVM review D134522),
 * getVGPRAllocGranule() = 24 for wave32 there, getMaxWavesPerEU() = 16 for
 * GFX10.3 and later.  SGPRs do not limit occupancy on gfx10+ (every wave gets
 * its 106).  LDS: 64 KiB per CU (CU mode: a workgroup stays on one CU, 2
 * SIMDs), 128 KiB per WGP (WGP mode, 4 SIMDs).  Workgroups of more than one
 * wave also take a barrier: at most 16 per CU in CU mode, 32 per WGP in WGP
 * mode (getMaxWorkGroupsPerCU, same file).  The generator (asm_out, templates,
 * the report) and the timing model (dispatch) all use this one rule. */
#define ISA_VGPRS_PER_LANE 1536   /* VGPR file of a SIMD, per lane, wave32 */
#define ISA_VGPR_GRANULE 24       /* VGPRs are allocated in granules of 24 (wave32) */
#define ISA_MAX_WAVES 16          /* wave slots per SIMD */
#define ISA_LDS_PER_CU ISA_LDS_BYTES /* CU mode: the CU's LDS is the workgroup limit */

struct isa_occupancy {
	unsigned vgpr_alloc;   /* VGPRs per lane after rounding to the allocation granule */
	unsigned by_vgpr;      /* limit from the VGPR file */
	unsigned by_lds;       /* limit from LDS size and the barrier limit on workgroups */
	unsigned waves;        /* the occupancy: waves per SIMD, whole workgroups only */
};

static inline void isa_occupancy(unsigned vgprs, unsigned lds_bytes, unsigned block_threads, bool wgp_mode,
				 struct isa_occupancy *occ)
{
	unsigned g = ISA_VGPR_GRANULE, waves_per_wg = (block_threads + 31) / 32;
	occ->vgpr_alloc = (vgprs + g - 1) / g * g;
	occ->by_vgpr = occ->vgpr_alloc ? ISA_VGPRS_PER_LANE / occ->vgpr_alloc : ISA_MAX_WAVES;
	if (occ->by_vgpr > ISA_MAX_WAVES)
		occ->by_vgpr = ISA_MAX_WAVES;
	unsigned simds = wgp_mode ? 4 : 2;
	unsigned lds = wgp_mode ? 2 * ISA_LDS_PER_CU : ISA_LDS_PER_CU;
	unsigned wgs = lds_bytes ? lds / lds_bytes : 64;
	unsigned barriers = wgp_mode ? 32 : 16;
	if (waves_per_wg > 1 && wgs > barriers)
		wgs = barriers;
	occ->by_lds = wgs * waves_per_wg / simds;
	if (occ->by_lds > ISA_MAX_WAVES)
		occ->by_lds = ISA_MAX_WAVES;
	/* Whole workgroups only: waves per SIMD come in multiples of a workgroup's share. */
	unsigned share = (waves_per_wg + simds - 1) / simds;
	unsigned w = occ->by_vgpr < occ->by_lds ? occ->by_vgpr : occ->by_lds;
	occ->waves = share ? w / share * share : w;
}

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
