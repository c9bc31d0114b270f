/* scale.c — y[i] = a*x[i] + b for i < n.
 *
 * Workgroup g handles elements [g*block*items, (g+1)*block*items); work-item t
 * handles g*block*items + j*block + t for j < items, so consecutive lanes touch
 * consecutive floats.  Lanes past n are switched off in EXEC (the tail), and a
 * wave with no lane left skips the element.  Addresses are 64-bit, so any n
 * up to 2^32 - block*items works.
 *
 * Kernel arguments: src = x (const float*), dst = y (float*), count = n (u32),
 * a (f32), b (f32): 28 bytes.  (LLVM 19 refuses the argument names y and n.)
 * Launch: block = (block, 1, 1), grid = (ceil(n / (block*items)), 1, 1);
 * recorded as .rdna3.block_threads and .rdna3.tile_n (elements per workgroup).
 */
#include <stdio.h>

#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"

enum { P_BLOCK, P_ITEMS, P_COUNT };

static const struct tpl_param params[P_COUNT] = {
	[P_BLOCK] = { "block", TPL_INT, 256, 32, 1024, NULL,
		      "work-items per workgroup (a multiple of 32: whole waves)" },
	[P_ITEMS] = { "items", TPL_INT, 1, 1, 16, NULL, "elements per work-item" },
};

static const struct tpl_preset presets[] = {
	{ "small", "block=64 items=1", "one wave pair per workgroup" },
	{ "wide", "block=256 items=4", "four elements per work-item" },
};

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	if (v->v[P_BLOCK] % 32) {
		snprintf(err, errlen, "block: %ld is not a multiple of 32 (wave32: whole waves only)",
			 v->v[P_BLOCK]);
		return TPL_E_ARG;
	}
	return 0;
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "scale";
	info->block_threads = (unsigned)v->v[P_BLOCK];
	info->wgid[0] = true;
	info->workitem_ids = 0;
}

static int build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	unsigned block = (unsigned)v->v[P_BLOCK], items = (unsigned)v->v[P_ITEMS];
	struct ra_ctx *ra = ra_new();
	if (!ra)
		return TPL_E_NOMEM;

	int x_off = ao_arg_ptr(k, "src", true);     /* x; LLVM 19 refuses the name y */
	int y_off = ao_arg_ptr(k, "dst", false);    /* y */
	int n_off = ao_arg_u32(k, "count");
	int a_off = ao_arg_f32(k, "a");
	int b_off = ao_arg_f32(k, "b");
	(void)y_off;
	(void)a_off;
	unsigned wg = (unsigned)ao_sgpr_wgid(k, 0);
	int s_xy = ao_sgprs(k, 4);      /* x, y */
	int s_na = ao_sgprs(k, 2);      /* n, a */
	int s_b = ao_sgprs(k, 1);
	int s_base = ao_sgprs(k, 1);    /* first element of this work-item's current j */
	int s_save = ao_sgprs(k, 1);    /* EXEC before the tail mask */

	int tid = ra_vreg(ra, "tid", 1);
	ra_pin(ra, (unsigned)tid, 0);   /* v0: packed work-item ids at wave start */
	int idx = ra_vreg(ra, "idx64", 2), off = ra_vreg(ra, "offset", 2);
	int px = ra_vreg(ra, "px", 2), py = ra_vreg(ra, "py", 2), val = ra_vreg(ra, "val", 1);

	AO_IM(k, AO_OP(s_load_b128), ao_m(x_off, 0), ao_sr((unsigned)s_xy, 4), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b64), ao_m(n_off, 0), ao_sr((unsigned)s_na, 2), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b32), ao_m(b_off, 0), ao_s((unsigned)s_b), ao_sr(AO_SGPR_KERNARG, 2));
	AO_I(k, AO_OP(v_and_b32), ra_op(ra, tid), ao_int(0x3ff), ra_op(ra, tid));
	ao_comment(k, "work-item id x (bits 0..9 of v0)");
	AO_I(k, AO_OP(s_mul_i32), ao_s((unsigned)s_base), ao_s(wg), ao_u32(block * items));
	ao_waitcnt(k, -1, -1, 0);
	for (unsigned j = 0; j < items; j++) {
		int skip = ao_label(k, "tail");
		AO_I(k, AO_OP(v_add_nc_u32), ra_sub(ra, (unsigned)idx, 0, 1), ao_s((unsigned)s_base), ra_op(ra, tid));
		AO_I(k, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s((unsigned)s_na), ra_sub(ra, (unsigned)idx, 0, 1));
		ao_comment(k, "i < n");
		AO_I(k, AO_OP(s_and_saveexec_b32), ao_s((unsigned)s_save), ao_vcc());
		AO_I(k, AO_OP(s_cbranch_execz), ao_lab((unsigned)skip));
		AO_I(k, AO_OP(v_mov_b32), ra_sub(ra, (unsigned)idx, 1, 1), ao_int(0));
		AO_I(k, AO_OP(v_lshlrev_b64), ra_op(ra, off), ao_int(2), ra_op(ra, idx));
		ao_add_u64(k, ra_op(ra, px), ra_op(ra, off), ao_sr((unsigned)s_xy, 2));
		AO_I(k, AO_OP(global_load_b32), ra_op(ra, val), ra_op(ra, px), ao_off());
		ao_add_u64(k, ra_op(ra, py), ra_op(ra, off), ao_sr((unsigned)s_xy + 2, 2));
		ao_waitcnt(k, 0, -1, -1);
		AO_I(k, AO_OP(v_fma_f32), ra_op(ra, val), ra_op(ra, val), ao_s((unsigned)s_na + 1), ao_s((unsigned)s_b));
		ao_comment(k, "a*x + b");
		AO_I(k, AO_OP(global_store_b32), ra_op(ra, py), ra_op(ra, val), ao_off());
		ao_bind(k, (unsigned)skip);
		AO_I(k, AO_OP(s_mov_b32), ao_exec(), ao_s((unsigned)s_save));
		if (j + 1 < items)
			AO_I(k, AO_OP(s_add_i32), ao_s((unsigned)s_base), ao_s((unsigned)s_base), ao_u32(block));
	}
	AO_I0(k, AO_OP(s_endpgm));

	ao_meta_int(k, "block_threads", block);
	ao_meta_int(k, "tile_m", 1);
	ao_meta_int(k, "tile_n", block * items);

	return tpl_finish(ra, k, err, errlen);
}

const struct tpl_template tpl_scale = {
	.name = "scale",
	.summary = "y[i] = a*x[i] + b for any length n (EXEC-masked tail)",
	.params = params,
	.nparams = P_COUNT,
	.presets = presets,
	.npresets = sizeof presets / sizeof presets[0],
	.check = check,
	.build = build,
	.kernel_info = kernel_info,
};
