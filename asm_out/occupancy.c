/* occupancy.c — waves per SIMD a gfx1100 kernel can keep resident.
 *
 * The figures are LLVM 19's model of gfx1100 (llvm/lib/Target/AMDGPU/Utils/
 * AMDGPUBaseInfo.cpp): getTotalNumVGPRs() = 1536 per SIMD lane in wave32 on
 * subtargets with Feature1_5xVGPRs (gfx1100/gfx1101, LLVM review D134522),
 * getVGPRAllocGranule() = 24 for wave32 there, getMaxWavesPerEU() = 16 for
 * GFX10.3 and later.  SGPRs do not limit occupancy on gfx10+ (every wave gets
 * its 106).  LDS: 64 KiB per CU (CU mode: a workgroup stays on one CU, 2 SIMDs),
 * 128 KiB per WGP (WGP mode, 4 SIMDs).  Workgroups of more than one wave also
 * take a barrier: at most 16 per CU in CU mode, 32 per WGP in WGP mode
 * (getMaxWorkGroupsPerCU, same file). */
#include "asm_out/asm_out.h"

void ao_occupancy(unsigned vgprs, unsigned lds_bytes, unsigned block_threads, bool wgp_mode,
		  struct ao_occupancy *occ)
{
	unsigned g = AO_GFX1100_VGPR_GRANULE, waves_per_wg = (block_threads + 31) / 32;
	occ->vgpr_alloc = (vgprs + g - 1) / g * g;
	occ->by_vgpr = occ->vgpr_alloc ? AO_GFX1100_VGPRS_PER_LANE / occ->vgpr_alloc : AO_GFX1100_MAX_WAVES;
	if (occ->by_vgpr > AO_GFX1100_MAX_WAVES)
		occ->by_vgpr = AO_GFX1100_MAX_WAVES;
	unsigned simds = wgp_mode ? 4 : 2;
	unsigned lds = wgp_mode ? 2 * AO_GFX1100_LDS_PER_CU : AO_GFX1100_LDS_PER_CU;
	unsigned wgs = lds_bytes ? lds / lds_bytes : 64;
	unsigned barriers = wgp_mode ? 32 : 16;
	if (waves_per_wg > 1 && wgs > barriers)
		wgs = barriers;
	occ->by_lds = wgs * waves_per_wg / simds;
	if (occ->by_lds > AO_GFX1100_MAX_WAVES)
		occ->by_lds = AO_GFX1100_MAX_WAVES;
	/* Whole workgroups only: waves per SIMD come in multiples of a workgroup's share. */
	unsigned share = (waves_per_wg + simds - 1) / simds;
	unsigned w = occ->by_vgpr < occ->by_lds ? occ->by_vgpr : occ->by_lds;
	occ->waves = share ? w / share * share : w;
}
