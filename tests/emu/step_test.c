/* step_test — the stepper (emu.h: emu_group_step) reports the lane addresses a
 * timing model needs before each memory instruction executes.  Buffer
 * instructions go through their descriptor, as emu_ex_buffer does: base +
 * soffset + offset (offen) + stride * index (idxen); a lane whose access lies
 * out of range (oob_select 3, raw) touches no memory and is cleared from the
 * reported EXEC.  (Before, buffer instructions were reported as flat
 * addresses from their VGPR pair: every lane a line of its own.) */
#include "tests/emu/harness.h"

#include <stdio.h>
#include <string.h>

#define NAME "step_buffer"

static const char text[] =
	".amdhsa_code_object_version 5\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n.text\n"
	".globl " NAME "\n.p2align 8\n.type " NAME ",@function\n" NAME ":\n"
	"  s_load_b64 s[4:5], s[0:1], 0x0\n  v_lshlrev_b32 v0, 2, v0\n  s_waitcnt lgkmcnt(0)\n"
	"  s_and_b32 s5, s5, 0xffff\n  s_mov_b32 s6, 64\n  s_mov_b32 s7, 0x30000000\n"
	"  buffer_load_b32 v1, v0, s[4:7], 0 offen offset:16\n"
	"  s_or_b32 s5, s5, 0x100000\n  s_movk_i32 s6, 0x1000\n"
	"  buffer_load_b32 v2, v0, s[4:7], 0 idxen\n  s_waitcnt vmcnt(0)\n  s_endpgm\n"
	".rodata\n.p2align 6\n.amdhsa_kernel " NAME "\n .amdhsa_next_free_vgpr 8\n .amdhsa_next_free_sgpr 8\n"
	" .amdhsa_user_sgpr_kernarg_segment_ptr 1\n .amdhsa_kernarg_size 8\n .amdhsa_wavefront_size32 1\n"
	".end_amdhsa_kernel\n"
	".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n  - .name: " NAME "\n"
	"    .symbol: " NAME ".kd\n    .kernarg_segment_size: 8\n    .kernarg_segment_align: 8\n"
	"    .group_segment_fixed_size: 0\n    .private_segment_fixed_size: 0\n"
	"    .max_flat_workgroup_size: 32\n    .wavefront_size: 32\n    .sgpr_count: 8\n"
	"    .vgpr_count: 8\n    .args:\n      - { .name: p, .offset: 0, .size: 8, .value_kind: global_buffer, "
	".address_space: global }\n...\n.end_amdgpu_metadata\n";

int main(void)
{
	char path[512], err[1024];
	struct th h;
	if (th_build_text(NAME, text, path, sizeof path, err, sizeof err)) {
		th_ok(0, NAME, "build: %s", err);
		return check_exit();
	}
	struct emu_opts eo = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(&h, path, &eo)) {
		th_ok(0, NAME, "open: %s", h.err);
		return check_exit();
	}
	uint64_t buf = emu_alloc(h.dev, 4096, 0);
	const struct ld_kernel *k = ld_kernel_find(h.co, NAME);
	struct emu_launch L = { .kernel_name = NAME, .kd_addr = h.base + k->kd_vaddr, .kernarg = &buf,
				.kernarg_size = 8, .grid = { 1, 1, 1 }, .block = { 32, 1, 1 } };
	struct emu_stepper *s = NULL;
	struct emu_group *g = NULL;
	int rc = emu_stepper_new(h.dev, &L, &s, h.err, sizeof h.err);
	if (rc == EMU_OK && !(g = emu_group_new(s)))
		rc = EMU_E_NOMEM;
	th_ok(rc == EMU_OK, "step_buffer_start", "%s", h.err);
	struct emu_step st, got[2];
	unsigned n = 0;
	if (g) {
		emu_group_start(g, 0);
		while (emu_group_step(g, 0, &st) == EMU_STEP_RUN && st.in)
			if (st.space == EMU_SPACE_GLOBAL && n < 2)
				got[n++] = st;
	}
	th_ok(n == 2, "step_buffer_loads", "%u buffer loads reported, want 2", n);
	if (n == 2) {
		/* offen: lane l at 16 + 4 l, in range while 16 + 4 l + 4 <= 64 (lanes 0-11) */
		unsigned bad = 0;
		for (unsigned l = 0; l < 12; l++)
			bad += got[0].addr[l] != buf + 16 + 4 * l;
		th_ok(bad == 0 && got[0].exec == 0xfffu && got[0].bytes == 4, "step_buffer_offen",
		      "%u lanes at the wrong address, exec %#x, %u bytes (want base + 16 + 4 l on lanes 0-11, exec 0xfff, 4)",
		      bad, got[0].exec, got[0].bytes);
		/* idxen, stride 16: lane l at index 4 l, i.e. 64 l, all in range */
		bad = 0;
		for (unsigned l = 0; l < 32; l++)
			bad += got[1].addr[l] != buf + 64 * l;
		th_ok(bad == 0 && got[1].exec == 0xffffffffu, "step_buffer_idxen",
		      "%u lanes at the wrong address, exec %#x (want base + 64 l on every lane)", bad, got[1].exec);
	}
	emu_group_free(g);
	if (s)
		emu_stepper_end(s, NULL, NULL, 0);
	th_close(&h);
	th_cleanup(check_failures);
	return check_exit();
}
