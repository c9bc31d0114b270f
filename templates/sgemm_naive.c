/* sgemm_naive.c — one work-item per element of C, row-major:
 *   C[r][c] = alpha * sum_k A[r][k] * B[k][c] + beta * C[r][c]
 * with A[r][k] at A + 4*(r*lda + k), B[k][c] at B + 4*(k*ldb + c),
 * C[r][c] at C + 4*(r*ldc + c).  When beta is +0 or -0, C is never read (it
 * may hold NaN).  All address arithmetic is 64-bit.
 *
 * Workgroup (gx, gy) covers rows gy*by .. gy*by+by-1 and columns gx*bx ..
 * gx*bx+bx-1; work-item t is column t % bx, row t / bx of that tile.
 * Work-items outside M x N are switched off in EXEC.
 *
 * Kernel arguments: A, B (const float*), C (float*), rows (M), cols (N),
 * depth (K), lda, ldb, ldc (u32), alpha, beta (f32): 56 bytes.  (LLVM 19
 * refuses an argument named N, see docs/isa-notes.md.)
 * Launch: block = (bx*by, 1, 1), grid = (ceil(N/bx), ceil(M/by), 1); recorded
 * as .rdna3.block_threads, .rdna3.tile_n = bx, .rdna3.tile_m = by.
 */
#include <stdio.h>

#include "templates/templates.h"
#include "vgpr_alloc/vgpr_alloc.h"
#include "vocab/vocab.h"

enum { P_BX, P_BY, P_COUNT };

static const struct tpl_param params[P_COUNT] = {
	[P_BX] = { "bx", TPL_INT, 16, 1, 1024, NULL, "columns of C per workgroup (a power of two)" },
	[P_BY] = { "by", TPL_INT, 16, 1, 1024, NULL, "rows of C per workgroup" },
};

static const struct tpl_preset presets[] = {
	{ "k1", "bx=16 by=16 mode=wgp", "the seed's kernel 1: 16x16 work-items, one per element, WGP mode (HIP's default)" },
};

static unsigned log2u(unsigned x)
{
	unsigned l = 0;
	while ((1u << l) < x)
		l++;
	return l;
}

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	long bx = v->v[P_BX], by = v->v[P_BY];
	if (bx & (bx - 1)) {
		snprintf(err, errlen, "bx: %ld is not a power of two", bx);
		return TPL_E_ARG;
	}
	if (bx * by > 1024 || (bx * by) % 32) {
		snprintf(err, errlen, "bx*by = %ld work-items: must be a multiple of 32 (whole waves) and at most 1024",
			 bx * by);
		return TPL_E_ARG;
	}
	return 0;
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "sgemm_naive";
	info->block_threads = (unsigned)(v->v[P_BX] * v->v[P_BY]);
	info->wgid[0] = info->wgid[1] = true;
	info->workitem_ids = 0;
}

static int build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	unsigned bx = (unsigned)v->v[P_BX], by = (unsigned)v->v[P_BY];
	struct ra_ctx *ra = ra_new();
	if (!ra)
		return TPL_E_NOMEM;

	int off_a = ao_arg_ptr(k, "A", true);
	ao_arg_ptr(k, "B", true);
	ao_arg_ptr(k, "C", false);
	ao_arg_u32(k, "rows");   /* M: LLVM 19 refuses the argument name N, so all three are words */
	ao_arg_u32(k, "cols");   /* N */
	int off_k = ao_arg_u32(k, "depth");   /* K */
	ao_arg_u32(k, "lda");
	ao_arg_u32(k, "ldb");
	ao_arg_u32(k, "ldc");
	int off_alpha = ao_arg_f32(k, "alpha");
	ao_arg_f32(k, "beta");

	unsigned wgx = (unsigned)ao_sgpr_wgid(k, 0), wgy = (unsigned)ao_sgpr_wgid(k, 1);
	unsigned s_ptr = (unsigned)ao_sgprs(k, 8);     /* A B C M N: s_ptr+0..7 */
	unsigned sA = s_ptr, sB = s_ptr + 2, sC = s_ptr + 4, sM = s_ptr + 6, sN = s_ptr + 7;
	unsigned s_dim = (unsigned)ao_sgprs(k, 4);     /* K lda ldb ldc */
	unsigned sK = s_dim, sLda = s_dim + 1, sLdb = s_dim + 2, sLdc = s_dim + 3;
	unsigned s_ab = (unsigned)ao_sgprs(k, 2);      /* alpha beta */
	unsigned sAlpha = s_ab, sBeta = s_ab + 1;
	unsigned s_col0 = (unsigned)ao_sgprs(k, 1), s_row0 = (unsigned)ao_sgprs(k, 1);
	unsigned s_ncmp = (unsigned)ao_sgprs(k, 1), s_save = (unsigned)ao_sgprs(k, 1);
	unsigned s_left = (unsigned)ao_sgprs(k, 1), s_tmp = (unsigned)ao_sgprs(k, 1);
	unsigned s_bstep = (unsigned)ao_sgprs(k, 2);   /* 4*ldb as 64 bits */

	int tid = ra_vreg(ra, "tid", 1);
	ra_pin(ra, (unsigned)tid, 0);
	int col = ra_vreg(ra, "col64", 2);  /* column, 0: a 64-bit value for the C address */
	int row = ra_vreg(ra, "row", 1);
	int pa = ra_vreg(ra, "pa", 2), pb = ra_vreg(ra, "pb", 2), pc = ra_vreg(ra, "pc", 2);
	int acc = ra_vreg(ra, "acc", 1), va = ra_vreg(ra, "a", 1), vb = ra_vreg(ra, "b", 1);
	int vc = ra_vreg(ra, "c", 1);
	int epilogue = ao_label(k, "epilogue");
	int store = ao_label(k, "store"), done = ao_label(k, "done");
	struct ao_opnd colv = ra_sub(ra, (unsigned)col, 0, 1);

	AO_IM(k, AO_OP(s_load_b256), ao_m(off_a, 0), ao_sr(s_ptr, 8), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b128), ao_m(off_k, 0), ao_sr(s_dim, 4), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b64), ao_m(off_alpha, 0), ao_sr(s_ab, 2), ao_sr(AO_SGPR_KERNARG, 2));
	AO_I(k, AO_OP(v_and_b32), ra_op(ra, tid), ao_int(0x3ff), ra_op(ra, tid));
	AO_I(k, AO_OP(v_and_b32), colv, ao_u32(bx - 1), ra_op(ra, tid));
	ao_comment(k, "column in tile = t % bx");
	AO_I(k, AO_OP(v_lshrrev_b32), ra_op(ra, row), ao_int((int)log2u(bx)), ra_op(ra, tid));
	ao_comment(k, "row in tile = t / bx");
	AO_I(k, AO_OP(s_lshl_b32), ao_s(s_col0), ao_s(wgx), ao_int((int)log2u(bx)));
	AO_I(k, AO_OP(s_mul_i32), ao_s(s_row0), ao_s(wgy), ao_u32(by));
	AO_I(k, AO_OP(v_add_nc_u32), colv, ao_s(s_col0), colv);
	AO_I(k, AO_OP(v_add_nc_u32), ra_op(ra, row), ao_s(s_row0), ra_op(ra, row));
	ao_waitcnt(k, -1, -1, 0);
	AO_I(k, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(sM), ra_op(ra, row));
	ao_comment(k, "row < M");
	AO_I(k, AO_OP(v_cmp_gt_u32), ao_s(s_ncmp), ao_s(sN), colv);
	ao_comment(k, "col < N");
	AO_I(k, AO_OP(s_and_b32), ao_vcc(), ao_vcc(), ao_s(s_ncmp));
	AO_I(k, AO_OP(s_and_saveexec_b32), ao_s(s_save), ao_vcc());
	AO_I(k, AO_OP(s_cbranch_execz), ao_lab((unsigned)done));

	/* pa = A + 4*row*lda (64-bit) */
	AO_I(k, AO_OP(v_mad_u64_u32), ra_op(ra, pa), ao_null(), ra_op(ra, row), ao_s(sLda), ao_int(0));
	AO_I(k, AO_OP(v_lshlrev_b64), ra_op(ra, pa), ao_int(2), ra_op(ra, pa));
	ao_add_u64(k, ra_op(ra, pa), ra_op(ra, pa), ao_sr(sA, 2));
	/* pb = B + 4*col */
	AO_I(k, AO_OP(v_mad_u64_u32), ra_op(ra, pb), ao_null(), colv, ao_int(4), ao_sr(sB, 2));
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, acc), ao_int(0));
	AO_I(k, AO_OP(s_cmp_eq_u32), ao_s(sK), ao_int(0));
	AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)epilogue));
	AO_I(k, AO_OP(s_mov_b32), ao_s(s_bstep), ao_s(sLdb));
	AO_I(k, AO_OP(s_mov_b32), ao_s(s_bstep + 1), ao_int(0));
	AO_I(k, AO_OP(s_lshl_b64), ao_sr(s_bstep, 2), ao_sr(s_bstep, 2), ao_int(2));
	ao_comment(k, "B row step = 4*ldb bytes");

	struct ao_loop kloop;
	ao_loop_begin(k, &kloop, s_left, ao_s(sK));          /* K >= 1 here */
	AO_I(k, AO_OP(global_load_b32), ra_op(ra, va), ra_op(ra, pa), ao_off());
	AO_I(k, AO_OP(global_load_b32), ra_op(ra, vb), ra_op(ra, pb), ao_off());
	ao_add_u64(k, ra_op(ra, pa), ra_op(ra, pa), ao_int(4));            /* next column of A */
	ao_add_u64(k, ra_op(ra, pb), ra_op(ra, pb), ao_sr(s_bstep, 2));    /* next row of B */
	ao_waitcnt(k, 0, -1, -1);
	AO_I(k, AO_OP(v_fmac_f32), ra_op(ra, acc), ra_op(ra, va), ra_op(ra, vb));
	ao_loop_end(k, &kloop);

	ao_bind(k, (unsigned)epilogue);
	/* pc = C + 4*(row*ldc + col) */
	AO_I(k, AO_OP(v_mov_b32), ra_sub(ra, (unsigned)col, 1, 1), ao_int(0));
	AO_I(k, AO_OP(v_mad_u64_u32), ra_op(ra, pc), ao_null(), ra_op(ra, row), ao_s(sLdc), ra_op(ra, col));
	AO_I(k, AO_OP(v_lshlrev_b64), ra_op(ra, pc), ao_int(2), ra_op(ra, pc));
	ao_add_u64(k, ra_op(ra, pc), ra_op(ra, pc), ao_sr(sC, 2));
	AO_I(k, AO_OP(v_mul_f32), ra_op(ra, acc), ao_s(sAlpha), ra_op(ra, acc));
	AO_I(k, AO_OP(s_and_b32), ao_s(s_tmp), ao_s(sBeta), ao_u32(0x7fffffff));
	ao_comment(k, "SCC = (beta != +-0)");
	AO_I(k, AO_OP(s_cbranch_scc0), ao_lab((unsigned)store));
	AO_I(k, AO_OP(global_load_b32), ra_op(ra, vc), ra_op(ra, pc), ao_off());
	ao_waitcnt(k, 0, -1, -1);
	AO_I(k, AO_OP(v_fmac_f32), ra_op(ra, acc), ao_s(sBeta), ra_op(ra, vc));
	ao_bind(k, (unsigned)store);
	AO_I(k, AO_OP(global_store_b32), ra_op(ra, pc), ra_op(ra, acc), ao_off());
	ao_bind(k, (unsigned)done);
	AO_I0(k, AO_OP(s_endpgm));

	ao_meta_int(k, "block_threads", bx * by);
	ao_meta_int(k, "tile_m", by);
	ao_meta_int(k, "tile_n", bx);
	ao_meta_str(k, "layout", vc_layout_str(VC_NN));
	ao_meta_str(k, "dtype", "f32");
	ao_meta_str(k, "out", "f32");
	ao_meta_int(k, "guarded", 1);   /* any M, N, K: edges are masked, not required to be multiples */

	return tpl_finish(ra, k, err, errlen);
}

const struct tpl_template tpl_sgemm_naive = {
	.name = "sgemm-naive",
	.summary = "C = alpha*A*B + beta*C, row-major, one work-item per element of C",
	.params = params,
	.nparams = P_COUNT,
	.presets = presets,
	.npresets = sizeof presets / sizeof presets[0],
	.check = check,
	.build = build,
	.kernel_info = kernel_info,
};
