/* isa.h — the ISA facts every layer shares, each written here once: the
 * targets (one row of isa/targets.def each), the register-file and LDS
 * limits, the VGPR bank rule, the range of inline integers, the occupancy
 * rule.  Data only (constants and short pure functions); the opcode and
 * field rows are isa/isa_gfx11.def and isa/isa_fields.def, the inline float
 * constants isa/inline_consts.def, the dispatch packet below.
 *
 * Sources: the AMD RDNA3 ISA reference guide, checked with llvm-mc-19 for the
 * default target where an assembler can tell (s105 is the last SGPR it
 * accepts, v255 the last VGPR; ds_* offsets beyond 64 KiB are refused). */
#ifndef RDNA3_ISA_ISA_H
#define RDNA3_ISA_ISA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

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

/* ---- targets -----------------------------------------------------------------------
 * What differs between GPUs is a row of isa/targets.def; code asks the row,
 * never compares a chip name.  isa/ is headers only, so every translation
 * unit holds its own copy of the rows: compare two targets by name or mach,
 * never by pointer. */
/* Features and hazards that differ between targets (the features column of
 * isa/targets.def), named after the LLVM subtarget features they stand for. */
enum isa_feature {
	ISA_F_VALU_TRANS_USE_HAZARD = 1u << 0, /* FeatureVALUTransUseHazard (11.0): a TRANS result
	                                         read by a VALU too soon needs a wait */
	ISA_F_MAD_INTRA_FWD_BUG = 1u << 1,     /* FeatureMADIntraFwdBug (11.0) */
	ISA_F_USER_SGPR_INIT16_BUG = 1u << 2,  /* FeatureUserSGPRInit16Bug (ISA 11.0.0 and 11.0.2) */
	ISA_F_SALU_FLOAT = 1u << 3,            /* FeatureSALUFloatInsts (11.5): s_add_f32 and kin */
	ISA_F_DPP_SRC1_SGPR = 1u << 4,         /* FeatureDPPSrc1SGPR (11.5): an SGPR src1 in DPP */
};

struct isa_target {
	const char *name;          /* LLVM's processor name (-mcpu, --offload-arch) */
	unsigned mach;             /* ELF e_flags & EF_AMDGPU_MACH of its code objects */
	unsigned mach_generic;     /* the generic machine whose code objects it also runs */
	unsigned major, minor, stepping; /* ISA version */
	unsigned vgprs_per_lane;   /* VGPR file of one SIMD, per lane, wave32 */
	unsigned vgpr_granule;     /* VGPRs are allocated in multiples of this (wave32) */
	unsigned waves_per_simd;   /* wave slots of one SIMD */
	unsigned lds_per_cu;       /* LDS bytes of one CU */
	unsigned features;         /* enum isa_feature bits */
};

/* Every target, the default first; *n (when n is not NULL) gets the count. */
static inline const struct isa_target *isa_targets(unsigned *n)
{
	static const struct isa_target rows[] = {
#define ISA_TARGET(name, mach, generic, major, minor, stepping, vgprs, granule, waves, lds, features) \
	{ #name, mach, generic, major, minor, stepping, vgprs, granule, waves, lds, features },
#include "isa/targets.def"
#undef ISA_TARGET
	};
	if (n)
		*n = sizeof rows / sizeof rows[0];
	return rows;
}

/* The target of everything that is not told another one: the first row. */
static inline const struct isa_target *isa_target_default(void) { return isa_targets(NULL); }

/* "NAME|NAME|...": every row, the default first (for the messages that name
 * the targets: the loader's LD_E_ARCH, the --target parameter's range). */
static inline void isa_targets_with(unsigned features, char *buf, size_t n);
static inline void isa_target_names(char *buf, size_t n)
{
	isa_targets_with(0, buf, n);   /* every row has the empty set of features */
}

/* The row named `name` ("gfx" and digits, no feature suffix), or NULL. */
static inline const struct isa_target *isa_target_by_name(const char *name)
{
	unsigned n;
	const struct isa_target *t = isa_targets(&n);
	for (unsigned i = 0; name && i < n; i++)
		if (strcmp(t[i].name, name) == 0)
			return &t[i];
	return NULL;
}

/* The row whose own machine is `mach` (generic machines name no row), or NULL. */
static inline const struct isa_target *isa_target_by_mach(unsigned mach)
{
	unsigned n;
	const struct isa_target *t = isa_targets(&n);
	for (unsigned i = 0; i < n; i++)
		if (t[i].mach == mach)
			return &t[i];
	return NULL;
}

/* Whether code objects of machine `mach` run on target t: its own, or the
 * generic machine of its family. */
static inline bool isa_target_runs(const struct isa_target *t, unsigned mach)
{
	return mach == t->mach || mach == t->mach_generic;
}

/* LLVM's name of one feature bit (FeatureSALUFloatInsts for ISA_F_SALU_FLOAT). */
static inline const char *isa_feature_name(unsigned feature)
{
	static const char *const names[] = {
		"FeatureVALUTransUseHazard", "FeatureMADIntraFwdBug", "FeatureUserSGPRInit16Bug",
		"FeatureSALUFloatInsts", "FeatureDPPSrc1SGPR",
	};
	for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
		if (feature == 1u << i)
			return names[i];
	return "an unnamed feature";
}

/* "NAME|NAME": the targets whose features include every bit of `features`. */
static inline void isa_targets_with(unsigned features, char *buf, size_t n)
{
	unsigned nt;
	const struct isa_target *t = isa_targets(&nt);
	size_t at = 0;
	if (n)
		buf[0] = '\0';
	for (unsigned i = 0; i < nt && at < n; i++)
		if ((t[i].features & features) == features)
			at += (size_t)snprintf(buf + at, n - at, "%s%s", at ? "|" : "", t[i].name);
}

/* The ISA version as one number, 1100 for 11.0.0: what HIP's gcnArch reports
 * (major*100 + minor*10 + stepping). */
static inline unsigned isa_target_number(const struct isa_target *t)
{
	return t->major * 100 + t->minor * 10 + t->stepping;
}

/* ---- occupancy -------------------------------------------------------------------
 * Waves per SIMD a kernel can keep resident on target t, and what limits it:
 * the target's VGPR file, allocation granule and wave slots (isa/targets.def
 * cites LLVM's figures), and its LDS.  SGPRs do not limit occupancy on gfx10+
 * (every wave gets its 106).  A workgroup stays on one CU in CU mode (2
 * SIMDs, the CU's LDS) and on a WGP in WGP mode (4 SIMDs, twice the LDS).
 * Workgroups of more than one wave also take a barrier: at most 16 per CU in
 * CU mode, 32 per WGP in WGP mode (getMaxWorkGroupsPerCU, LLVM 19's
 * llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp).  The generator (asm_out,
 * templates, the report) and the timing model (dispatch) all use this one
 * rule. */
struct isa_occupancy {
	unsigned vgpr_alloc;   /* VGPRs per lane after rounding to the allocation granule */
	unsigned by_vgpr;      /* limit from the VGPR file */
	unsigned by_lds;       /* limit from LDS size and the barrier limit on workgroups */
	unsigned wgs_by_lds;   /* workgroups per CU (WGP in WGP mode) the LDS and the barriers allow */
	unsigned waves;        /* the occupancy: waves per SIMD, whole workgroups only */
};

static inline void isa_occupancy(const struct isa_target *t, unsigned vgprs, unsigned lds_bytes,
				 unsigned block_threads, bool wgp_mode, struct isa_occupancy *occ)
{
	unsigned g = t->vgpr_granule, max_waves = t->waves_per_simd, waves_per_wg = (block_threads + 31) / 32;
	occ->vgpr_alloc = (vgprs + g - 1) / g * g;
	occ->by_vgpr = occ->vgpr_alloc ? t->vgprs_per_lane / occ->vgpr_alloc : max_waves;
	if (occ->by_vgpr > max_waves)
		occ->by_vgpr = max_waves;
	unsigned simds = wgp_mode ? 4 : 2;
	unsigned lds = wgp_mode ? 2 * t->lds_per_cu : t->lds_per_cu;
	unsigned wgs = lds_bytes ? lds / lds_bytes : 64;
	unsigned barriers = wgp_mode ? 32 : 16;
	if (waves_per_wg > 1 && wgs > barriers)
		wgs = barriers;
	occ->wgs_by_lds = wgs;
	occ->by_lds = wgs * waves_per_wg / simds;
	if (occ->by_lds > max_waves)
		occ->by_lds = max_waves;
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
