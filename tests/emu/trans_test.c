/* trans_test — the TRANS-use hazard (emu/HAZARDS.md, `trans-use`): the 11.0
 * targets (FeatureVALUTransUseHazard in isa/targets.def) need a wait for VALU
 * results (s_waitcnt_depctr va_vdst(0), or a VMEM/FLAT/DS instruction) between
 * a TRANS instruction and a VALU reading its result while at most 5 VALU and 1
 * other TRANS instructions came between (LLVM's fixVALUTransUseHazard); the
 * 11.5 targets do not.  Each case is a short sequence in a one-wave kernel,
 * assembled and run as gfx1100 (reported or clean, as the case says) and as
 * gfx1151 (always clean).  Then clang's own code: for gfx1100 it pads with
 * s_waitcnt_depctr and runs clean; for gfx1151 it does not, runs clean there,
 * and the same code run as gfx1100 is reported. */
#include "isa/isa.h"
#include "tests/emu/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define RCP "v_rcp_f32 v2, v1\n "
#define MOV "v_mov_b32 v5, v6\n "
static const struct tucase {
	const char *name, *text;
	const char *want;          /* as gfx1100: a substring of the report, or NULL: clean */
	unsigned checks;
} cases[] = {
	{ "tu_use_at_once", RCP "v_add_f32 v3, v2, v1", "reads v2, written by the TRANS instruction at pc", EMU_CHECK_ALL },
	{ "tu_five_valus", RCP MOV MOV MOV MOV MOV "v_add_f32 v3, v2, v1", "with 5 VALU and 0 TRANS", EMU_CHECK_ALL },
	{ "tu_six_valus", RCP MOV MOV MOV MOV MOV MOV "v_add_f32 v3, v2, v1", NULL, EMU_CHECK_ALL },
	{ "tu_one_trans", RCP "v_sqrt_f32 v7, v1\n v_add_f32 v3, v2, v1", "with 1 VALU and 1 TRANS", EMU_CHECK_ALL },
	{ "tu_two_trans", RCP "v_sqrt_f32 v7, v1\n v_sqrt_f32 v8, v1\n v_add_f32 v3, v2, v1", NULL, EMU_CHECK_ALL },
	{ "tu_depctr", RCP "s_waitcnt_depctr 0xfff\n v_add_f32 v3, v2, v1", NULL, EMU_CHECK_ALL },
	{ "tu_delay_alu", RCP "s_delay_alu instid0(TRANS32_DEP_1)\n v_add_f32 v3, v2, v1", "reads v2", EMU_CHECK_ALL },
	{ "tu_salu_between", RCP "s_mov_b32 s5, 0\n s_nop 7\n s_mov_b32 s6, 0\n s_nop 7\n v_add_f32 v3, v2, v1", "reads v2",
	  EMU_CHECK_ALL },
	{ "tu_vmem_between", RCP "global_load_b32 v9, v0, s[0:1]\n s_waitcnt vmcnt(0)\n v_add_f32 v3, v2, v1", NULL,
	  EMU_CHECK_ALL },
	{ "tu_vopd", RCP "v_dual_mov_b32 v4, v2 :: v_dual_mov_b32 v5, v1", "reads v2", EMU_CHECK_ALL },
	{ "tu_trans_reads_trans", RCP "v_sqrt_f32 v3, v2", "reads v2", EMU_CHECK_ALL },
	{ "tu_f64", "v_rcp_f64 v[10:11], v[12:13]\n v_mov_b32 v3, v11", "reads v11", EMU_CHECK_ALL },
	{ "tu_other_register", RCP "v_add_f32 v3, v1, v1", NULL, EMU_CHECK_ALL },
	{ "tu_check_off", RCP "v_add_f32 v3, v2, v1", NULL, EMU_CHECK_ALL & ~EMU_CHECK_TRANS_USE },
};

/* One wave: out = s[0:1]; v1 = 2.0, v6 = v12 = v13 = 0; the case; store v3. */
static int run_text(const char *tag, const char *target, const char *text, unsigned checks, char *err, size_t errlen)
{
	char src[4096], path[700];
	snprintf(src, sizeof src,
		 ".amdhsa_code_object_version 5\n.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n.text\n.globl %s\n.p2align 8\n"
		 ".type %s,@function\n%s:\n s_load_b64 s[0:1], s[0:1], 0x0\n v_mov_b32 v1, 2.0\n v_mov_b32 v3, 0\n"
		 " v_mov_b32 v6, 0\n v_mov_b32 v12, 0\n v_mov_b32 v13, 1.0\n v_lshlrev_b32 v0, 2, v0\n"
		 " s_waitcnt lgkmcnt(0)\n %s\n global_store_b32 v0, v3, s[0:1]\n s_endpgm\n.rodata\n.p2align 6\n"
		 ".amdhsa_kernel %s\n .amdhsa_next_free_vgpr 16\n .amdhsa_next_free_sgpr 8\n"
		 " .amdhsa_user_sgpr_kernarg_segment_ptr 1\n .amdhsa_wavefront_size32 1\n .amdhsa_kernarg_size 8\n"
		 ".end_amdhsa_kernel\n.amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n"
		 "  - .name: %s\n    .symbol: %s.kd\n    .kernarg_segment_size: 8\n    .kernarg_segment_align: 8\n"
		 "    .group_segment_fixed_size: 0\n    .private_segment_fixed_size: 0\n    .max_flat_workgroup_size: 32\n"
		 "    .wavefront_size: 32\n    .sgpr_count: 8\n    .vgpr_count: 16\n"
		 "    .args:\n      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }\n"
		 "...\n.end_amdgpu_metadata\n",
		 target, tag, tag, tag, text, tag, tag, tag);
	if (th_build_text_for(target, tag, src, path, sizeof path, err, errlen))
		return -1;
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = checks };
	if (th_open(&t, path, &o)) {
		snprintf(err, errlen, "%s", t.err);
		return -1;
	}
	uint64_t out = emu_alloc(t.dev, 4096, 0);
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	int rc = th_run(&t, tag, &out, sizeof out, grid, block);
	snprintf(err, errlen, "%s", t.err);
	th_close(&t);
	return rc;
}

static void test_cases(const char *t0, const char *t5)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const struct tucase *c = &cases[i];
		char err[1200], name[80];
		int rc = run_text(c->name, t0, c->text, c->checks, err, sizeof err);
		bool reported = rc == EMU_E_FAULT && strstr(err, "TRANS-use hazard: ") && (!c->want || strstr(err, c->want));
		snprintf(name, sizeof name, "%s_%s", c->name, t0);
		th_ok(c->want ? reported : rc == 0, name, "rc %d: %s", rc, err);
		char tag[64];
		snprintf(tag, sizeof tag, "%s_11_5", c->name);
		rc = run_text(tag, t5, c->text, c->checks, err, sizeof err);
		snprintf(name, sizeof name, "%s_%s", c->name, t5);
		th_ok(rc == 0, name, "rc %d: %s", rc, err);
	}
}

/* clang's trans_use kernel for target: 0 and the path, after checking whether
 * the code has the s_waitcnt_depctr va_vdst(0) it should have (has_wait):
 * clang-19 writes it 0xfff, clang-22 depctr_va_vdst(0) (0x0f9f). */
static int clang_build(const char *target, bool has_wait, char *path, size_t n)
{
	char cmd[4096], name[64];
	snprintf(path, n, "%s/trans_use_%s.hsaco", th_tmpdir(), target);
	snprintf(cmd, sizeof cmd,
		 "%s -x hip --offload-arch=%s --cuda-device-only -nogpulib -nogpuinc -O2 --no-gpu-bundle-output -o '%s' "
		 "tests/emu/kernels/trans_use.hip >'%s.log' 2>&1 && %s -d '%s' | grep -qE 's_waitcnt_depctr (0xfff|.*depctr_va_vdst\\(0\\))'",
		 llvm_tool("clang"), target, path, path, llvm_tool("llvm-objdump"), path);
	int rc = system(cmd);
	snprintf(name, sizeof name, "tu_clang_%s_%s", target, has_wait ? "pads" : "does_not_pad");
	th_ok(has_wait ? rc == 0 : rc != 0, name, "clang -x hip for %s, llvm-objdump -d: depctr %s (log %s.log)", target,
	      rc == 0 ? "found" : "not found", path);
	return access(path, R_OK) == 0 ? 0 : -1;
}

static int run_clang(const char *path, const char *as, char *err, size_t n)
{
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(&t, path, &o)) {
		snprintf(err, n, "%s", t.err);
		return -1;
	}
	float x[32];
	for (int i = 0; i < 32; i++)
		x[i] = (float)(i + 1);
	uint64_t in = emu_alloc(t.dev, sizeof x, EMU_MEM_READONLY), out = emu_alloc(t.dev, sizeof x, 0);
	emu_write(t.dev, in, x, sizeof x);
	struct { uint64_t out, in; } ka = { out, in };
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	t.target = as;
	int rc = th_run(&t, "trans_use", &ka, sizeof ka, grid, block);
	snprintf(err, n, "%s", t.err);
	th_close(&t);
	return rc;
}

static void test_clang(const char *t0, const char *t5)
{
	char p0[700], p5[700], err[1200];
	if (!clang_build(t0, true, p0, sizeof p0)) {
		int rc = run_clang(p0, t0, err, sizeof err);
		th_ok(rc == 0, "tu_clang_code_clean_on_11_0", "rc %d: %s", rc, err);
	}
	if (!clang_build(t5, false, p5, sizeof p5)) {
		int rc = run_clang(p5, t5, err, sizeof err);
		th_ok(rc == 0, "tu_clang_code_clean_on_11_5", "rc %d: %s", rc, err);
		rc = run_clang(p5, t0, err, sizeof err);
		th_ok(rc == EMU_E_FAULT && strstr(err, "TRANS-use hazard: reads v2"), "tu_clang_11_5_code_reported_as_11_0",
		      "rc %d: %s", rc, err);
	}
}

int main(void)
{
	/* the default target has the hazard, the last row (an 11.5 one) does not */
	unsigned n;
	const struct isa_target *t = isa_targets(&n);
	const char *t0 = t[0].name, *t5 = t[n - 1].name;
	th_ok((t[0].features & ISA_F_VALU_TRANS_USE_HAZARD) && !(t[n - 1].features & ISA_F_VALU_TRANS_USE_HAZARD),
	      "tu_targets", "%s and %s: the first must have FeatureVALUTransUseHazard, the last not", t0, t5);
	test_cases(t0, t5);
	test_clang(t0, t5);
	th_cleanup(check_failures);
	return check_exit();
}
