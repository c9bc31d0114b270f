/* stencil_setup.c — everything before the body: kernel arguments into SGPRs,
 * the workgroup's first interior point and the interior's ends, the 64-bit
 * origin of its block, per-lane row offsets, and the lane masks of the
 * work-item's points.
 *
 * Addresses: element (i, j, k) is at byte ((k*ny + j)*nx + i) * esize.  The
 * block's origin O = (x0 - r, y0 - r, z0) is a 64-bit SGPR base (u0); a plane
 * dz further is u0 + dz * plane bytes (SGPR pairs, 64-bit adds); a row dy of
 * the lane is a 32-bit VGPR offset ((row + r + dy)*nx + col + r) * esize from
 * its plane's base; an element dx along the row is the instruction offset
 * dx * esize.  So only one plane's rows of one block need 32-bit offsets:
 * (tile_y + 2r) * nx * esize below 4 GiB (docs/stencil.md).  A plane has
 * nx*ny < 2^32 elements (the product is taken in 32 bits). */
#include "templates/stencil.h"

#define I(...) AO_I(x->k, __VA_ARGS__)
#define IM(...) AO_IM(x->k, __VA_ARGS__)

void st_add64(struct st_ctx *x, unsigned dst, unsigned a, unsigned b)
{
	I(AO_OP(s_add_u32), ao_s(dst), ao_s(a), ao_s(b));
	I(AO_OP(s_addc_u32), ao_s(dst + 1), ao_s(a + 1), ao_s(b + 1));
}

/* The s_load pieces that cover n dwords from kernarg byte off into s[dst..]:
 * largest first, so each piece starts at an SGPR aligned to its size. */
static void load_dwords(struct st_ctx *x, unsigned dst, unsigned off, unsigned n)
{
	static const struct { unsigned dw; ao_op op; } piece[] = {
		{ 16, AO_OP(s_load_b512) }, { 8, AO_OP(s_load_b256) }, { 4, AO_OP(s_load_b128) },
		{ 2, AO_OP(s_load_b64) },   { 1, AO_OP(s_load_b32) },
	};
	for (unsigned i = 0, done = 0; i < sizeof piece / sizeof piece[0]; i++)
		while (n - done >= piece[i].dw) {
			IM(piece[i].op, ao_m((int)(off + 4 * done), 0), ao_sr(dst + done, piece[i].dw),
			   ao_sr(AO_SGPR_KERNARG, 2));
			done += piece[i].dw;
		}
}

/* v = a * k for a constant k: a shift when k is a power of two. */
static void vmul_const(struct st_ctx *x, struct ao_opnd dst, struct ao_opnd a, unsigned k)
{
	if (k == 1)
		I(AO_OP(v_mov_b32), dst, a);
	else if ((k & (k - 1)) == 0)
		I(AO_OP(v_lshlrev_b32), dst, ao_int((int)tpl_log2(k)), a);
	else
		I(AO_OP(v_mul_u32_u24), dst, ao_u32(k), a);
}

/* x0, y0, z0: the workgroup's first interior point; the interior's ends;
 * the kernel ends for a workgroup with nothing to do (a grid larger than the
 * launch rule asks for). */
static void emit_origin(struct st_ctx *x, int l_end)
{
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	unsigned nx = x->s_args + 4, ny = nx + 1, nz = nx + 2, ylo = nx + 3;
	unsigned r = c->r;
	I(AO_OP(s_mul_i32), ao_s(x->s_x0), ao_s((unsigned)ao_sgpr_wgid(k, 0)), ao_u32(c->tile_x));
	I(AO_OP(s_add_u32), ao_s(x->s_x0), ao_s(x->s_x0), ao_u32(r));
	I(AO_OP(s_max_u32), ao_s(ylo), ao_s(ylo), ao_u32(r));
	ao_comment(k, "rows from max(r, ylo): never a row whose neighbours leave the grid");
	I(AO_OP(s_mul_i32), ao_s(x->s_y0), ao_s((unsigned)ao_sgpr_wgid(k, 1)), ao_u32(c->tile_y));
	I(AO_OP(s_add_u32), ao_s(x->s_y0), ao_s(x->s_y0), ao_s(ylo));
	I(AO_OP(s_mul_i32), ao_s(x->s_z0), ao_s((unsigned)ao_sgpr_wgid(k, 2)), ao_u32(c->tile_z));
	I(AO_OP(s_add_u32), ao_s(x->s_z0), ao_s(x->s_z0), ao_u32(r));
	ao_comment(k, "first interior point of the workgroup: (x0, y0, z0)");
	I(AO_OP(s_sub_u32), ao_s(x->s_ihi), ao_s(nx), ao_u32(r));
	I(AO_OP(s_sub_u32), ao_s(x->s_khi), ao_s(nz), ao_u32(r));
	I(AO_OP(s_sub_u32), ao_s(x->s_jhi), ao_s(ny), ao_u32(r));
	I(AO_OP(s_min_u32), ao_s(x->s_jhi), ao_s(x->s_jhi), ao_s(x->s_yhi));
	ao_comment(k, "interior ends: nx - r, min(ny - r, yhi), nz - r");
	unsigned lo[3] = { x->s_x0, x->s_y0, x->s_z0 }, hi[3] = { x->s_ihi, x->s_jhi, x->s_khi };
	for (unsigned d = 0; d < 3; d++) {
		I(AO_OP(s_cmp_ge_u32), ao_s(lo[d]), ao_s(hi[d]));
		I(AO_OP(s_cbranch_scc1), ao_lab((unsigned)l_end));
	}
	ao_comment(k, "nothing of the interior in this workgroup");
}

/* u0 = u + O*esize, fu = f - u, plane bytes, row bytes (SALU, 64-bit). */
static void emit_bases(struct st_ctx *x)
{
	const struct st_cfg *c = x->c;
	unsigned sf = x->s_args, su = sf + 2, nx = sf + 4, ny = sf + 5;
	unsigned t = x->s_tmp, le = tpl_log2(c->esize), r = c->r;
	I(AO_OP(s_mul_i32), ao_s(t + 2), ao_s(nx), ao_s(ny));
	ao_comment(x->k, "plane elements nx*ny (below 2^32)");
	I(AO_OP(s_mul_i32), ao_s(t), ao_s(x->s_z0), ao_s(t + 2));
	I(AO_OP(s_mul_hi_u32), ao_s(t + 1), ao_s(x->s_z0), ao_s(t + 2));
	I(AO_OP(s_sub_u32), ao_s(t + 3), ao_s(x->s_y0), ao_u32(r));
	I(AO_OP(s_mul_i32), ao_s(t + 3), ao_s(t + 3), ao_s(nx));
	I(AO_OP(s_add_u32), ao_s(t + 3), ao_s(t + 3), ao_s(x->s_x0));
	I(AO_OP(s_sub_u32), ao_s(t + 3), ao_s(t + 3), ao_u32(r));
	I(AO_OP(s_add_u32), ao_s(t), ao_s(t), ao_s(t + 3));
	I(AO_OP(s_addc_u32), ao_s(t + 1), ao_s(t + 1), ao_int(0));
	ao_comment(x->k, "origin O = (z0*ny + y0 - r)*nx + x0 - r, 64-bit");
	I(AO_OP(s_lshl_b64), ao_sr(t, 2), ao_sr(t, 2), ao_int((int)le));
	st_add64(x, x->s_u0, su, t);
	ao_comment(x->k, "u0: the block's origin in u");
	I(AO_OP(s_sub_u32), ao_s(x->s_fu), ao_s(sf), ao_s(su));
	I(AO_OP(s_subb_u32), ao_s(x->s_fu + 1), ao_s(sf + 1), ao_s(su + 1));
	ao_comment(x->k, "f - u: a u address plus this is the same element of f");
	I(AO_OP(s_mov_b32), ao_s(x->s_plane), ao_s(t + 2));
	I(AO_OP(s_mov_b32), ao_s(x->s_plane + 1), ao_int(0));
	I(AO_OP(s_lshl_b64), ao_sr(x->s_plane, 2), ao_sr(x->s_plane, 2), ao_int((int)le));
	ao_comment(x->k, "bytes per plane");
	I(AO_OP(s_lshl_b32), ao_s(x->s_nxb), ao_s(nx), ao_int((int)le));
}

/* The lane: its column and row in the block, its row offsets, its masks. */
static void emit_lane(struct st_ctx *x)
{
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	unsigned nx = x->s_args + 4, r = c->r;
	struct ao_opnd tid = ST_VR(x, x->v_tid), t0 = ST_V(x, x->v_tmp, 0), t1 = ST_V(x, x->v_tmp, 1);
	int v_col = x->v_col = ra_vreg(x->ra, "col", 1), v_row = x->v_rowb = ra_vreg(x->ra, "row", 1);
	int v_i0 = ra_vreg(x->ra, "i0", 1), v_j0 = ra_vreg(x->ra, "j0", 1);
	I(AO_OP(v_and_b32), t0, ao_u32(c->bx - 1), tid);
	vmul_const(x, ST_VR(x, v_col), t0, c->px);
	I(AO_OP(v_lshrrev_b32), t0, ao_int((int)c->lbx), tid);
	vmul_const(x, ST_VR(x, v_row), t0, c->py);
	ao_comment(k, "the lane's first point in the block: (col, row)");
	I(AO_OP(v_add_nc_u32), ST_VR(x, v_i0), ao_s(x->s_x0), ST_VR(x, v_col));
	I(AO_OP(v_add_nc_u32), ST_VR(x, v_j0), ao_s(x->s_y0), ST_VR(x, v_row));

	/* row offsets: ((row + r + dy)*nx + col + r) * esize for each dy a plan reads */
	int hi;
	st_plan_rows(c, &x->row_lo, &hi);
	int v_row0 = ra_vreg(x->ra, "row_off", 1);
	I(AO_OP(v_add_nc_u32), t0, ao_u32(r), ST_VR(x, v_row));
	I(AO_OP(v_mul_lo_u32), t0, t0, ao_s(nx));
	I(AO_OP(v_add3_u32), t0, t0, ST_VR(x, v_col), ao_u32(r));
	I(AO_OP(v_lshlrev_b32), ST_VR(x, v_row0), ao_int((int)tpl_log2(c->esize)), t0);
	ao_comment(k, "byte offset of the lane's row from the block's origin");
	for (int dy = x->row_lo; dy <= hi; dy++) {
		if (dy == 0) {
			x->v_row[dy - x->row_lo] = v_row0;
			continue;
		}
		int v = ra_vreg(x->ra, "row_dy", 1);
		x->v_row[dy - x->row_lo] = v;
		I(AO_OP(s_mul_i32), ao_s(x->s_tmp), ao_s(x->s_nxb), ao_int(dy));
		I(AO_OP(v_add_nc_u32), ST_VR(x, v), ao_s(x->s_tmp), ST_VR(x, v_row0));
	}

	/* masks: lanes whose point n lies in the interior.  The block starts
	 * inside it, so only the ends can cut; the other axes' tests are shared. */
	unsigned sa = x->s_tmp + 1;
	struct ao_opnd i0 = ST_VR(x, v_i0), j0 = ST_VR(x, v_j0);
	if (c->dir == ST_DIR_X) {
		I(AO_OP(v_cmp_gt_u32), ao_s(sa), ao_s(x->s_jhi), j0);
	} else if (c->dir == ST_DIR_Y) {
		I(AO_OP(v_cmp_gt_u32), ao_s(sa), ao_s(x->s_ihi), i0);
	} else {
		I(AO_OP(v_cmp_gt_u32), ao_s(sa), ao_s(x->s_ihi), i0);
		I(AO_OP(v_cmp_gt_u32), ao_s(x->s_tmp + 2), ao_s(x->s_jhi), j0);
		I(AO_OP(s_and_b32), ao_s(sa), ao_s(sa), ao_s(x->s_tmp + 2));
	}
	for (unsigned n = 0; n < c->points; n++) {
		unsigned m = x->s_mask[n];
		if (c->dir == ST_DIR_Z) {
			I(AO_OP(s_add_u32), ao_s(x->s_tmp), ao_s(x->s_z0), ao_u32(n));
			I(AO_OP(s_cmp_lt_u32), ao_s(x->s_tmp), ao_s(x->s_khi));
			I(AO_OP(s_cselect_b32), ao_s(m), ao_s(sa), ao_int(0));
			continue;
		}
		struct ao_opnd along = c->dir == ST_DIR_X ? i0 : j0;
		unsigned end = c->dir == ST_DIR_X ? x->s_ihi : x->s_jhi;
		if (n) {
			I(AO_OP(v_add_nc_u32), t1, ao_u32(n), along);
			along = t1;
		}
		I(AO_OP(v_cmp_gt_u32), ao_s(m), ao_s(end), along);
		I(AO_OP(s_and_b32), ao_s(m), ao_s(m), ao_s(sa));
	}
	ao_comment(k, "lane masks of the points: interior points are a prefix of them");
}

int st_emit_setup(struct st_ctx *x)
{
	const struct st_cfg *c = x->c;
	struct ao_kernel *k = x->k;
	int l_end = ao_label(k, "end");
	x->s_args = st_sgprs(x, 8);
	x->s_yhi = st_sgprs(x, 1);
	unsigned ncoef = (1 + 3 * c->r) * c->ew;
	x->s_coef = st_sgprs(x, ncoef);
	x->s_x0 = st_sgprs(x, 1), x->s_y0 = st_sgprs(x, 1), x->s_z0 = st_sgprs(x, 1);
	x->s_ihi = st_sgprs(x, 1), x->s_jhi = st_sgprs(x, 1), x->s_khi = st_sgprs(x, 1);
	x->s_u0 = st_sgprs(x, 2), x->s_fu = st_sgprs(x, 2), x->s_plane = st_sgprs(x, 2);
	x->s_nxb = st_sgprs(x, 1);
	x->s_tmp = st_sgprs(x, 4);
	for (unsigned n = 0; n < c->points; n++)
		x->s_mask[n] = st_sgprs(x, 1);

	IM(AO_OP(s_load_b256), ao_m(0, 0), ao_sr(x->s_args, 8), ao_sr(AO_SGPR_KERNARG, 2));
	IM(AO_OP(s_load_b32), ao_m(32, 0), ao_s(x->s_yhi), ao_sr(AO_SGPR_KERNARG, 2));
	load_dwords(x, x->s_coef, x->coef_off, ncoef);
	ao_comment(k, "coefficients c0, cx1.., cy1.., cz1..");
	I(AO_OP(v_and_b32), ST_VR(x, x->v_tid), ao_int(0x3ff), ST_VR(x, x->v_tid));
	ao_comment(k, "work-item id (bits 0..9 of v0)");
	ao_waitcnt(k, -1, -1, 0);
	emit_origin(x, l_end);
	emit_bases(x);
	emit_lane(x);
	return l_end;
}
