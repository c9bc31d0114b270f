/* isa_test — unit tests of emu_decode's fields and of emu_disasm's edges.
 *
 * Encodings are the ones llvm-mc-19 -mcpu=gfx1100 --show-encoding printed for
 * the text beside them; every buffer is allocated at its exact size so a read
 * past n is an ASan error.
 */
#include "tests/check.h"
#include "emu/decode.h"
#include "emu/emu.h"
#include "isa/isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The failure names the condition and its line. */
#define CHECK(name, cond) checkf((cond), (name), "%s (line %d)", #cond, __LINE__)

/* Decodes `bytes` (exactly n bytes in a heap buffer) and checks the text. */
static int dec(const char *name, const uint8_t *bytes, size_t n, const char *text, struct emu_inst *in)
{
	uint8_t *buf = malloc(n);
	if (!buf)
		return -1;
	memcpy(buf, bytes, n);
	int len = emu_decode(buf, n, in);
	char out[128];
	int dl = emu_disasm(buf, n, 0, out, sizeof out);
	free(buf);
	if (len != (int)n || dl != len || strcmp(out, text) != 0) {
		checkf(false, name, "decoded %d bytes of %zu as \"%s\", want \"%s\"", len, n,
		       dl >= 0 ? out : "<error>", text);
		return -1;
	}
	return 0;
}

#define B(...) (const uint8_t[]){ __VA_ARGS__ }, sizeof((const uint8_t[]){ __VA_ARGS__ })

/* Decoded fields of each family, beside the text llvm-objdump prints. */
static void fields_vopd(void)
{
	struct emu_inst in;

	if (!dec("vopd", B(0x04, 0x11, 0x00, 0xc8, 0x05, 0x13, 0x00, 0x00),
		 "v_dual_fmac_f32 v0, v4, v8 :: v_dual_fmac_f32 v1, v5, v9", &in))
		CHECK("vopd halves", in.op == ISA_OP_v_dual && in.enc == ISA_ENC_VOPD &&
		      in.x.op == ISA_OP_v_fmac_f32 && in.x.dst == 256 && in.x.src0 == 260 &&
		      in.x.src1 == 264 && in.x.src2 == 256 && in.y.op == ISA_OP_v_fmac_f32 &&
		      in.y.dst == 257 && in.y.src0 == 261 && in.y.src1 == 265 && in.y.src2 == 257);

	/* vdstY's low bit is the inverse of vdstX's */
	if (!dec("vopd even x", B(0x00, 0x01, 0x24, 0xca, 0x01, 0x05, 0xfe, 0xfe),
		 "v_dual_mov_b32 v254, v0 :: v_dual_and_b32 v255, v1, v2", &in))
		CHECK("vopd dst parity", in.x.dst == 256 + 254 && in.y.dst == 256 + 255 &&
		      in.x.op == ISA_OP_v_mov_b32 && in.x.src1 == EMU_OPND_NONE &&
		      in.y.op == ISA_OP_v_and_b32);

	if (!dec("vopd literal", B(0x01, 0x05, 0x50, 0xc8, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41),
		 "v_dual_fmaak_f32 v0, v1, v2, 0x41000000 :: v_dual_mov_b32 v1, 0x41000000", &in))
		CHECK("vopd literal fields", in.len == 12 && in.lit == 0x41000000 &&
		      in.x.op == ISA_OP_v_fmaak_f32 && in.y.src0 == EMU_OPND_LITERAL);

	if (!dec("vopd cndmask", B(0x01, 0x05, 0x52, 0xca, 0x02, 0x07, 0x00, 0x00),
		 "v_dual_cndmask_b32 v0, v1, v2 :: v_dual_cndmask_b32 v1, v2, v3", &in))
		CHECK("vopd cndmask reads vcc", in.x.src2 == EMU_OPND_VCC_LO && in.y.src2 == EMU_OPND_VCC_LO);
}

static void fields_memory(void)
{
	struct emu_inst in;

	if (!dec("ds_load_b128", B(0x00, 0x01, 0xfc, 0xdb, 0x04, 0x00, 0x00, 0x00),
		 "ds_load_b128 v[0:3], v4 offset:256", &in))
		CHECK("ds_load_b128 fields", in.op == ISA_OP_ds_load_b128 && in.dst == 256 &&
		      in.addr == 260 && in.offset == 256 && in.data0 == EMU_OPND_NONE &&
		      isa_ops[in.op].dst == 4 && (isa_ops[in.op].flags & ISA_F_LGKMCNT));

	if (!dec("ds_store_b128", B(0x10, 0x00, 0x7c, 0xdb, 0x04, 0x00, 0x00, 0x00),
		 "ds_store_b128 v4, v[0:3] offset:16", &in))
		CHECK("ds_store_b128 fields", in.addr == 260 && in.data0 == 256 && in.offset == 16 &&
		      in.dst == EMU_OPND_NONE);

	if (!dec("ds 2addr", B(0x04, 0xff, 0xdc, 0xd8, 0x01, 0x00, 0x00, 0x00),
		 "ds_load_2addr_b32 v[0:1], v1 offset0:4 offset1:255", &in))
		CHECK("ds 2addr offsets", in.offset0 == 4 && in.offset1 == 255 && in.dst == 256);

	if (!dec("global saddr", B(0x40, 0x00, 0x52, 0xdc, 0x00, 0x00, 0x02, 0x01),
		 "global_load_b32 v1, v0, s[2:3] offset:64", &in))
		CHECK("global saddr fields", in.enc == ISA_ENC_GLOBAL && in.dst == 257 && in.addr == 256 &&
		      in.saddr == 2 && in.offset == 64 && (isa_ops[in.op].flags & ISA_F_VMCNT));

	if (!dec("global off", B(0x00, 0x00, 0x52, 0xdc, 0x02, 0x00, 0x7c, 0x01),
		 "global_load_b32 v1, v[2:3], off", &in))
		CHECK("global 64-bit vaddr", in.saddr == EMU_OPND_NONE && in.addr == 258);

	if (!dec("global negative offset", B(0xf0, 0xff, 0x52, 0xdc, 0x01, 0x00, 0x02, 0x00),
		 "global_load_b32 v0, v1, s[2:3] offset:-16 glc slc dlc", &in))
		CHECK("global offset sign and cache bits", in.offset == -16 && in.glc && in.slc && in.dlc);

	if (!dec("scratch no vaddr", B(0x10, 0x00, 0x51, 0xdc, 0x00, 0x00, 0x02, 0x00),
		 "scratch_load_b32 v0, off, s2 offset:16", &in))
		CHECK("scratch sve=0 has no address", in.enc == ISA_ENC_SCRATCH && in.addr == EMU_OPND_NONE &&
		      in.saddr == 2 && in.offset == 16 && !in.sve);

	if (!dec("global atomic return", B(0x00, 0x40, 0xd6, 0xdc, 0x01, 0x02, 0x02, 0x00),
		 "global_atomic_add_u32 v0, v1, v2, s[2:3] glc", &in))
		CHECK("atomic with glc returns", in.dst == 256 && in.addr == 257 && in.data0 == 258);

	if (!dec("s_load_b128", B(0x00, 0x01, 0x08, 0xf4, 0x10, 0x00, 0x00, 0xf8),
		 "s_load_b128 s[4:7], s[0:1], 0x10", &in))
		CHECK("s_load_b128 fields", in.dst == 4 && in.sbase == 0 && in.offset == 16 &&
		      in.soffset == EMU_OPND_NONE && isa_ops[in.op].dst == 4);

	if (!dec("s_load soffset", B(0x00, 0x00, 0x00, 0xf4, 0xfc, 0xff, 0x1f, 0xd3),
		 "s_load_b32 s0, s[0:1], s105 offset:-0x4", &in))
		CHECK("s_load soffset fields", in.soffset == 105 && in.offset == -4);
}

static void fields_scalar(void)
{
	struct emu_inst in;

	if (!dec("s_waitcnt", B(0x10, 0x08, 0x89, 0xbf), "s_waitcnt vmcnt(2) expcnt(0) lgkmcnt(1)", &in))
		CHECK("s_waitcnt counters", in.vmcnt == 2 && in.expcnt == 0 && in.lgkmcnt == 1);

	if (!dec("s_waitcnt_vscnt", B(0x00, 0x00, 0x7c, 0xbc), "s_waitcnt_vscnt null, 0x0", &in))
		CHECK("s_waitcnt_vscnt fields", in.src[0] == EMU_OPND_NULL && in.simm16 == 0 &&
		      in.dst == EMU_OPND_NONE);

	if (!dec("s_barrier", B(0x00, 0x00, 0xbd, 0xbf), "s_barrier", &in))
		CHECK("s_barrier class", isa_ops[in.op].cls == ISA_CLS_BARRIER);
	if (!dec("s_endpgm", B(0x00, 0x00, 0xb0, 0xbf), "s_endpgm", &in))
		CHECK("s_endpgm op", in.op == ISA_OP_s_endpgm);

	if (!dec("branch back", B(0xfd, 0xff, 0xa2, 0xbf), "s_cbranch_scc1 65533", &in))
		CHECK("branch displacement in bytes", in.branch == -12 && (isa_ops[in.op].flags & ISA_F_RSCC));
	if (!dec("s_call", B(0x02, 0x00, 0x1e, 0xba), "s_call_b64 s[30:31], 2", &in))
		CHECK("s_call fields", in.dst == 30 && in.branch == 8);

	if (!dec("s_delay_alu", B(0x91, 0x00, 0x87, 0xbf),
		 "s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)", &in))
		CHECK("s_delay_alu imm", in.simm16 == 0x91);

	if (!dec("s_addk", B(0xfb, 0xff, 0x80, 0xb7), "s_addk_i32 s0, 0xfffb", &in))
		CHECK("s_addk reads its dst", in.dst == 0 && in.src[0] == 0 && in.simm16 == 0xfffb);

	if (!dec("sop2 literal", B(0x01, 0xff, 0x00, 0x8b, 0xff, 0xff, 0x00, 0x00), "s_and_b32 s0, s1, 0xffff", &in))
		CHECK("sop2 literal fields", in.src[0] == 1 && in.src[1] == EMU_OPND_LITERAL && in.lit == 0xffff);
}

static void fields_vector(void)
{
	struct emu_inst in;

	if (!dec("v_fmac e32", B(0x01, 0x05, 0x00, 0x56), "v_fmac_f32_e32 v0, v1, v2", &in))
		CHECK("fmac accumulator is src2", in.dst == 256 && in.src[0] == 257 && in.src[1] == 258 &&
		      in.src[2] == 256 && in.enc == ISA_ENC_VOP2);

	if (!dec("v_fmac e64", B(0x00, 0x00, 0x2b, 0xd5, 0x01, 0x05, 0x02, 0x00), "v_fmac_f32_e64 v0, v1, v2", &in))
		CHECK("fmac e64 accumulator is src2", in.src[2] == 256 && in.enc == ISA_ENC_VOP3);

	if (!dec("v_cndmask e32", B(0x01, 0x05, 0x00, 0x02), "v_cndmask_b32_e32 v0, v1, v2, vcc_lo", &in))
		CHECK("cndmask e32 mask", in.src[2] == EMU_OPND_VCC_LO);
	if (!dec("v_cndmask e64", B(0x00, 0x00, 0x01, 0xd5, 0x01, 0x05, 0x12, 0x00),
		 "v_cndmask_b32_e64 v0, v1, v2, s4", &in))
		CHECK("cndmask e64 mask", in.src[2] == 4);

	if (!dec("add_co_ci e32", B(0x01, 0x05, 0x00, 0x40), "v_add_co_ci_u32_e32 v0, vcc_lo, v1, v2, vcc_lo", &in))
		CHECK("add_co_ci e32 carries", in.sdst == EMU_OPND_VCC_LO && in.src[2] == EMU_OPND_VCC_LO);
	if (!dec("add_co_ci e64", B(0x00, 0x04, 0x20, 0xd5, 0x01, 0x05, 0x1a, 0x00),
		 "v_add_co_ci_u32_e64 v0, s4, v1, v2, s6", &in))
		CHECK("add_co_ci e64 carries", in.enc == ISA_ENC_VOP3SD && in.sdst == 4 && in.src[2] == 6);

	if (!dec("mad_u64_u32", B(0x00, 0x7c, 0xfe, 0xd6, 0x01, 0x05, 0x12, 0x04),
		 "v_mad_u64_u32 v[0:1], null, v1, v2, v[4:5]", &in))
		CHECK("mad_u64_u32 fields", in.enc == ISA_ENC_VOP3SD && in.dst == 256 &&
		      in.sdst == EMU_OPND_NULL && in.src[0] == 257 && in.src[1] == 258 && in.src[2] == 260 &&
		      isa_ops[in.op].dst == 2 && isa_ops[in.op].src2 == 2);

	if (!dec("v_cmp e32", B(0x00, 0x03, 0x94, 0x7c), "v_cmp_eq_u32_e32 vcc_lo, v0, v1", &in))
		CHECK("v_cmp e32 writes vcc_lo", in.dst == EMU_OPND_VCC_LO && in.src[0] == 256 && in.src[1] == 257);
	if (!dec("v_cmp e64", B(0x04, 0x00, 0x4a, 0xd4, 0x00, 0x03, 0x02, 0x00), "v_cmp_eq_u32_e64 s4, v0, v1", &in))
		CHECK("v_cmp e64 writes sdst", in.dst == 4);
	if (!dec("v_cmpx e64", B(0x7e, 0x00, 0xca, 0xd4, 0x00, 0x03, 0x02, 0x00), "v_cmpx_eq_u32_e64 v0, v1", &in))
		CHECK("v_cmpx writes exec", in.dst == EMU_OPND_EXEC_LO && (isa_ops[in.op].flags & ISA_F_WEXEC));

	if (!dec("vop1 literal", B(0xff, 0x02, 0x00, 0x7e, 0x78, 0x56, 0x34, 0x12), "v_mov_b32_e32 v0, 0x12345678", &in))
		CHECK("vop1 literal fields", in.src[0] == EMU_OPND_LITERAL && in.lit == 0x12345678 && in.len == 8);
	if (!dec("vop3 literal", B(0x00, 0x00, 0x13, 0xd6, 0x01, 0xff, 0x0d, 0x04, 0x00, 0x00, 0x00, 0x41),
		 "v_fma_f32 v0, v1, 0x41000000, v3", &in))
		CHECK("vop3 literal fields", in.len == 12 && in.src[1] == EMU_OPND_LITERAL && in.lit == 0x41000000);

	if (!dec("vop3 modifiers", B(0x00, 0x83, 0x03, 0xd5, 0x01, 0x05, 0x02, 0x28),
		 "v_add_f32_e64 v0, -|v1|, |v2| clamp mul:2", &in))
		CHECK("vop3 modifier fields", in.neg == 1 && in.abs == 3 && in.clamp == 1 && in.omod == 1);

	if (!dec("readfirstlane", B(0x01, 0x05, 0x00, 0x7e), "v_readfirstlane_b32 s0, v1", &in))
		CHECK("readfirstlane writes an SGPR", in.dst == 0 && in.src[0] == 257);

	if (!dec("fmamk", B(0x01, 0x05, 0x00, 0x58, 0x00, 0x00, 0x00, 0x41), "v_fmamk_f32 v0, v1, 0x41000000, v2", &in))
		CHECK("fmamk K", in.lit == 0x41000000 && in.src[0] == 257 && in.src[1] == 258 && in.len == 8);

	/* SGPR tuples are aligned as the hardware reads them: s[29:30] is s[28:29] */
	if (!dec("sgpr pair alignment", B(0x1d, 0x04, 0x80, 0x8c), "s_or_b64 s[0:1], s[28:29], s[4:5]", &in))
		CHECK("sgpr pair aligned", in.src[0] == 28 && in.src[1] == 4);
	if (!dec("sgpr quad alignment", B(0x80, 0x0b, 0x08, 0xf4, 0x00, 0x00, 0x00, 0xf8),
		 "s_load_b128 s[44:47], s[0:1], null", &in))
		CHECK("sgpr quad aligned", in.dst == 44);
}

static void test_fields(void)
{
	fields_vopd();
	fields_memory();
	fields_scalar();
	fields_vector();
}

/* The target table: the default row carries LLVM's figures for gfx1100
 * (isa/targets.def cites them), and the lookups find it by name and by
 * machine, refuse what is not a row, and accept gfx11-generic code. */
static void test_targets(void)
{
	const struct isa_target *t = isa_target_default();
	checkf(t && !strcmp(t->name, "gfx1100") && t->mach == 0x41 && t->mach_generic == 0x54 &&
		       t->vgprs_per_lane == 1536 && t->vgpr_granule == 24 && t->waves_per_simd == 16 &&
		       t->lds_per_cu == 65536 && isa_target_number(t) == 1100,
	       "target default row is gfx1100", "got %s mach 0x%x generic 0x%x vgprs %u granule %u waves %u lds %u "
	       "number %u", t ? t->name : "(none)", t ? t->mach : 0, t ? t->mach_generic : 0,
	       t ? t->vgprs_per_lane : 0, t ? t->vgpr_granule : 0, t ? t->waves_per_simd : 0,
	       t ? t->lds_per_cu : 0, t ? isa_target_number(t) : 0);
	check(isa_target_by_name("gfx1100") == t && isa_target_by_mach(0x41) == t, "target found by name and mach",
	      "by_name or by_mach did not give the default row");
	check(!isa_target_by_name("gfx1200") && !isa_target_by_name("gfx1100:xnack-") && !isa_target_by_name("") &&
		      !isa_target_by_name(NULL) && !isa_target_by_mach(0x48) && !isa_target_by_mach(0x54),
	      "target lookups refuse what is not a row", "a name or machine without a row was found");
	check(isa_target_runs(t, 0x41) && isa_target_runs(t, 0x54) && !isa_target_runs(t, 0x46) &&
		      !isa_target_runs(t, 0x36),
	      "target runs its own and its generic machine only", "isa_target_runs");
	unsigned n = 0;
	check(isa_targets(&n) == t && n >= 1, "target table is not empty, default first", "isa_targets");
	/* The other rows, as LLVM gives them (isa/targets.def cites where): the
	 * ELF machine, the register file (1.5x on gfx1101 and gfx1151 only) and
	 * 11.5's features; 214 VGPRs fit 7 waves in gfx1100's file, 4 in gfx1102's. */
	const struct isa_target *t1 = isa_target_by_name("gfx1101"), *t2 = isa_target_by_name("gfx1102"),
				  *t3 = isa_target_by_name("gfx1103"), *t50 = isa_target_by_name("gfx1150"),
				  *t51 = isa_target_by_name("gfx1151");
	check(n == 6 && t1 && t2 && t3 && t50 && t51 && t1->mach == 0x46 && t2->mach == 0x47 && t3->mach == 0x44 &&
		      t50->mach == 0x43 && t51->mach == 0x4a && isa_target_by_mach(0x4a) == t51 &&
		      isa_target_number(t51) == 1151 && t51->vgprs_per_lane == 1536 && t51->vgpr_granule == 24 &&
		      t1->vgprs_per_lane == 1536 && t2->vgprs_per_lane == 1024 && t2->vgpr_granule == 16 &&
		      t3->vgprs_per_lane == 1024 && t50->vgprs_per_lane == 1024,
	      "target rows gfx1101..gfx1151", "a row's machine, version or register file differs from LLVM's");
	check(t2 && t51 && (t->features & ISA_F_VALU_TRANS_USE_HAZARD) && (t2->features & ISA_F_VALU_TRANS_USE_HAZARD) &&
		      !(t->features & ISA_F_SALU_FLOAT) && (t51->features & ISA_F_SALU_FLOAT) &&
		      (t51->features & ISA_F_DPP_SRC1_SGPR) && !(t51->features & ISA_F_VALU_TRANS_USE_HAZARD),
	      "target features: 11.0 hazards, 11.5 SALU floats", "features column");
	struct isa_occupancy o0, o2;
	isa_occupancy(t, 214, 0, 32, false, &o0);
	if (t2)
		isa_occupancy(t2, 214, 0, 32, false, &o2);
	checkf(t2 && o0.vgpr_alloc == 216 && o0.by_vgpr == 7 && o2.vgpr_alloc == 224 && o2.by_vgpr == 4,
	       "target register file sets occupancy", "gfx1100 %u -> %u waves, gfx1102 %u -> %u", o0.vgpr_alloc,
	       o0.by_vgpr, t2 ? o2.vgpr_alloc : 0, t2 ? o2.by_vgpr : 0);
}

/* Occupancy against values worked out by hand from the default target's
 * figures (1536 VGPRs per lane, granule 24, 16 waves per SIMD, LDS 64 KiB per
 * CU / 128 KiB per WGP) and 16/32 workgroups with barriers. */
static void test_occupancy(void)
{
	static const struct {
		unsigned vgprs, lds, threads;
		bool wgp;
		unsigned alloc, by_vgpr, by_lds, waves;
	} t[] = {
		/* 222 -> 240; 1536/240 = 6.  LDS 64K/16K = 4 WGs x 4 waves / 2 SIMDs = 8.
		 * A WG puts 2 waves on each SIMD: min(6, 8) = 6, a multiple of 2. */
		{ 222, 16384, 128, false, 240, 6, 8, 6 },
		/* 100 -> 120; 12.  128K/40000 = 3 WGs x 8 waves / 4 SIMDs = 6; share 2 -> 6. */
		{ 100, 40000, 256, true, 120, 12, 6, 6 },
		/* Nothing used: 16 by VGPRs; 64 WGs x 1 wave / 2 = 32, capped at 16. */
		{ 0, 0, 32, false, 0, 16, 16, 16 },
		/* 130 -> 144; 10.  No LDS, 256 threads: barrier cap 16 WGs x 8 / 2 = 64 -> 16;
		 * share 4: 10 rounds down to 8. */
		{ 130, 0, 256, false, 144, 10, 16, 8 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct isa_occupancy o;
		isa_occupancy(isa_target_default(), t[i].vgprs, t[i].lds, t[i].threads, t[i].wgp, &o);
		char name[64], why[128];
		snprintf(name, sizeof name, "occupancy case %zu", i);
		snprintf(why, sizeof why, "got alloc %u vgpr %u lds %u waves %u", o.vgpr_alloc, o.by_vgpr,
			 o.by_lds, o.waves);
		check(o.vgpr_alloc == t[i].alloc && o.by_vgpr == t[i].by_vgpr && o.by_lds == t[i].by_lds &&
			      o.waves == t[i].waves,
		      name, why);
	}
}

/* Every prefix shorter than the instruction must be refused, without reading
 * past it (ASan checks the exact-size buffers). */
static void test_truncation(void)
{
	static const struct { uint8_t b[12]; unsigned n; } v[] = {
		{ { 0x04, 0x11, 0x00, 0xc8, 0x05, 0x13, 0x00, 0x00 }, 8 },
		{ { 0x01, 0x05, 0x50, 0xc8, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41 }, 12 },
		{ { 0x00, 0x00, 0x13, 0xd6, 0x01, 0xff, 0x0d, 0x04, 0x00, 0x00, 0x00, 0x41 }, 12 },
		{ { 0xff, 0x02, 0x00, 0x7e, 0x78, 0x56, 0x34, 0x12 }, 8 },
		{ { 0x01, 0xff, 0x00, 0x8b, 0xff, 0xff, 0x00, 0x00 }, 8 },
		{ { 0x00, 0x01, 0x08, 0xf4, 0x10, 0x00, 0x00, 0xf8 }, 8 },
		{ { 0x00, 0x01, 0xfc, 0xdb, 0x04, 0x00, 0x00, 0x00 }, 8 },
		{ { 0x40, 0x00, 0x52, 0xdc, 0x00, 0x00, 0x02, 0x01 }, 8 },
		{ { 0x01, 0xf8, 0x80, 0xb9, 0x03, 0x00, 0x00, 0x00 }, 8 },
		{ { 0x01, 0x05, 0x00, 0x58, 0x00, 0x00, 0x00, 0x41 }, 8 },
	};
	int bad = 0;
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		for (unsigned n = 0; n <= v[i].n; n++) {
			uint8_t *buf = malloc(n ? n : 1);
			if (!buf)
				return;
			memcpy(buf, v[i].b, n);
			struct emu_inst in;
			char text[64];
			int len = emu_decode(buf, n, &in);
			int dl = emu_disasm(buf, n, 0, text, sizeof text);
			free(buf);
			int want = n == v[i].n ? (int)n : EMU_E_DECODE;
			if (len != want || dl != want) {
				checkf(false, "truncation", "vector %zu with %u bytes gave %d/%d, want %d", i, n, len,
				       dl, want);
				bad++;
			}
		}
	}
	if (!bad)
		check(true, "truncated encodings refused", NULL);
}

static void test_invalid(void)
{
	static const struct { const char *what; uint8_t b[8]; } v[] = {
		{ "unknown SOP1 opcode", { 0x01, 0xff, 0x80, 0xbe } },
		{ "VOP2 opcode outside the table (0x3c, v_pk_fmac_f16)", { 0x01, 0x05, 0x00, 0x78 } },
		{ "MUBUF opcode outside the table (0x3f, buffer_atomic_inc_u32)", { 0x00, 0x00, 0xfc, 0xe0, 0x00, 0x01, 0x01, 0x80 } },
		{ "DPP16 reserved control 0x130", { 0xfa, 0x02, 0x00, 0x7e, 0x01, 0x30, 0x01, 0xff } },
		{ "DPP16 of a 64-bit op (v_cvt_f64_f32)", { 0xfa, 0x20, 0x00, 0x7e, 0x01, 0xe4, 0x00, 0xff } },
		{ "DPP8 of an op with a K constant (v_fmaak_f32)", { 0xe9, 0x02, 0x00, 0x5a, 0x01, 0x00, 0x00, 0x00 } },
		{ "neg on an integer op", { 0x00, 0x00, 0x25, 0xd5, 0x01, 0x05, 0x02, 0x60 } },
		{ "s_barrier with an immediate", { 0x01, 0x00, 0xbd, 0xbf } },
		{ "fmaak in VOP3", { 0x00, 0x00, 0x2d, 0xd5, 0x01, 0x05, 0x02, 0x00 } },
		{ "flat segment 3", { 0x00, 0x00, 0x53, 0xdc, 0x00, 0x00, 0x7c, 0x00 } },
		{ "VOPD unused Y opcode", { 0x01, 0x01, 0x3e, 0xca, 0x02, 0x07, 0x00, 0x00 } },
		{ "VOP3P opcode with bit 23 set", { 0x01, 0x00, 0xa2, 0xcc, 0x02, 0x05, 0x02, 0x1c } },
		{ "SGPR tuple past s105", { 0x00, 0x17, 0x10, 0xf4, 0x00, 0x00, 0x00, 0xf8 } },
		{ "FLAT with an SGPR base", { 0x00, 0x00, 0x50, 0xdc, 0x00, 0x00, 0x02, 0x00 } },
		{ "GLOBAL with SVE", { 0x00, 0x00, 0x52, 0xdc, 0x01, 0x00, 0x82, 0x00 } },
		{ "v_dual_mov with a vsrc1", { 0x01, 0x03, 0x10, 0xca, 0x02, 0x01, 0x00, 0x00 } },
		{ "clamp on v_and_or_b32", { 0x00, 0x80, 0x57, 0xd6, 0x01, 0x05, 0x0e, 0x04 } },
		{ "omod on an integer op", { 0x00, 0x00, 0x25, 0xd5, 0x01, 0x05, 0x02, 0x08 } },
		{ "readfirstlane of a constant", { 0x80, 0x04, 0x00, 0x7e } },
	};
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		struct emu_inst in;
		char name[96], text[64] = "x";
		snprintf(name, sizeof name, "invalid: %s", v[i].what);
		int len = emu_decode(v[i].b, sizeof v[i].b, &in);
		int dl = emu_disasm(v[i].b, sizeof v[i].b, 0, text, sizeof text);
		CHECK(name, len == EMU_E_DECODE && dl == EMU_E_DECODE && strcmp(text, "<invalid encoding>") == 0);
	}
	struct emu_inst in;
	CHECK("invalid: NULL code", emu_decode(NULL, 4, &in) == EMU_E_DECODE);
}

static void test_small_output(void)
{
	static const uint8_t b[] = { 0x04, 0x11, 0x00, 0xc8, 0x05, 0x13, 0x00, 0x00 };
	char out[16];
	memset(out, 'x', sizeof out);
	int len = emu_disasm(b, sizeof b, 0, out, 10);
	CHECK("small output buffer is truncated and terminated",
	      len == 8 && strlen(out) == 9 && strncmp(out, "v_dual_fm", 9) == 0 && out[10] == 'x');
	CHECK("NULL output buffer", emu_disasm(b, sizeof b, 0, NULL, 0) == 8);
}

static void test_table(void)
{
	int dup = 0;
	for (unsigned a = 1; a < ISA_OP_COUNT; a++)
		for (unsigned b = a + 1; b < ISA_OP_COUNT; b++)
			if (strcmp(isa_ops[a].name, isa_ops[b].name) == 0) {
				checkf(false, "table", "%s appears twice", isa_ops[a].name);
				dup++;
			}
	if (!dup)
		checkn(true, "table: %d unique mnemonics", ISA_OP_COUNT - 1);
	CHECK("vopd names", strcmp(isa_vopd_name(ISA_OP_v_fmac_f32), "v_dual_fmac_f32") == 0 &&
	      strcmp(isa_vopd_name(ISA_OP_v_add_nc_u32), "v_dual_add_nc_u32") == 0 &&
	      isa_vopd_name(ISA_OP_v_fma_f32) == NULL);
	CHECK("vopd Y-only ops are not X ops", isa_vopd_y_op[16] == ISA_OP_v_add_nc_u32 &&
	      isa_vopd_x_op[8] == ISA_OP_v_mov_b32 && isa_vopd_x_op[13] == ISA_OP_INVALID);
	CHECK("row attributes", isa_ops[ISA_OP_s_add_u32].cls == ISA_CLS_SALU &&
	      (isa_ops[ISA_OP_s_add_u32].flags & ISA_F_WSCC) && isa_ops[ISA_OP_v_rcp_f32].cls == ISA_CLS_TRANS &&
	      isa_ops[ISA_OP_global_store_b128].src1 == 4 &&
	      (isa_ops[ISA_OP_global_store_b128].flags & ISA_F_VSCNT));
}

int main(void)
{
	test_targets();
	test_occupancy();
	test_fields();
	test_truncation();
	test_invalid();
	test_small_output();
	test_table();
	return check_exit();
}
