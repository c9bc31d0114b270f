/* hgemm_lds.c — the LDS main loop of the hgemm template (lds = 1).
 *
 * Per tile of K (bk = 16 * unroll): the workgroup copies its A (bm x bk) and
 * B (bn x bk) tiles from global memory into registers with global-vec wide
 * loads, stores them into LDS as [m or n][k] rows of bk + pad halves (so a
 * fragment row is contiguous), and every wave reads its fragments with lds-vec
 * wide ds_loads and issues tiles-m * tiles-n WMMAs per k-step.  prefetch issues
 * the next tile's global loads before the current tile's WMMAs; two LDS
 * buffers need one barrier per tile instead of two.
 *
 * Edges: a tile is copied with vector loads only when the whole workgroup is
 * inside M and N, the tile inside K and lda, ldb even (4-byte aligned
 * vectors); any other tile takes an out-of-line copy that loads each half on
 * its own under an EXEC mask of the lanes whose element exists, leaving zeros
 * elsewhere (so data past K never reaches a WMMA).  That copy sits after
 * s_endpgm, so the interior path never takes a branch.
 */
#include <stdio.h>

#include "templates/hgemm.h"

static unsigned lg2(unsigned x)
{
	unsigned l = 0;
	while ((1u << l) < x)
		l++;
	return l;
}

static int plan_copy(const struct hg *h, struct hg_copy *c, const char *name, bool kc, unsigned rows,
		     unsigned threads, char *err, size_t errlen)
{
	c->kc = kc;
	c->rows = rows;
	c->gv = h->gvec;
	unsigned along = kc ? h->bk : rows, across = kc ? rows : h->bk;
	c->per_row = along / c->gv;
	if (c->per_row == 0 || threads % c->per_row) {
		snprintf(err, errlen, "global-vec: %s rows of %u halves in vectors of %u halves do not tile %u threads",
			 name, along, c->gv, threads);
		return TPL_E_ARG;
	}
	c->step = threads / c->per_row;
	if (across % c->step || across / c->step > 16) {
		snprintf(err, errlen, "global-vec: the %s tile (%ux%u halves) is not 1..16 passes of %u threads x %u halves",
			 name, rows, h->bk, threads, c->gv);
		return TPL_E_ARG;
	}
	c->passes = across / c->step;
	return 0;
}

int hg_lds_plan(struct hg *h, unsigned threads, char *err, size_t errlen)
{
	if ((h->tm & (h->tm - 1)) || (h->tn & (h->tn - 1))) {
		snprintf(err, errlen, "lds=true needs tiles-m and tiles-n of 1, 2 or 4 (got %ux%u)", h->tm, h->tn);
		return TPL_E_ARG;
	}
	h->bm = 16 * h->tm * h->wm;
	h->bn = 16 * h->tn * h->wn;
	h->bk = 16 * h->unroll;
	h->stride = h->bk + h->pad;
	unsigned align = h->gvec > h->lvec ? h->gvec : h->lvec;
	if (h->pad % align) {
		snprintf(err, errlen, "pad: %u halves is not a multiple of %u (the wider of global-vec and lds-vec): "
			 "LDS vectors would be misaligned", h->pad, align);
		return TPL_E_ARG;
	}
	int rc = plan_copy(h, &h->ca, "A", !h->ta, h->bm, threads, err, errlen);
	if (!rc)
		rc = plan_copy(h, &h->cb, "B", h->tb, h->bn, threads, err, errlen);
	if (rc)
		return rc;
	h->ca.region = 0;
	h->cb.region = h->bm * h->stride * 2;
	h->buf_bytes = (h->bm + h->bn) * h->stride * 2;
	if (h->buf_bytes * h->buffers > ISA_LDS_BYTES) {
		snprintf(err, errlen, "lds-buffers=%u x (%u+%u rows x %u halves) = %u bytes of LDS: at most %u", h->buffers,
			 h->bm, h->bn, h->stride, h->buf_bytes * h->buffers, ISA_LDS_BYTES);
		return TPL_E_ARG;
	}
	unsigned stage = (h->ca.passes + h->cb.passes) * (h->gvec / 2) * (h->prefetch == 2 ? 2 : 1);
	unsigned vg = 8 * h->tm * h->tn + 8 * (h->tm + h->tn) + stage + 10 + 14;
	if (vg > ISA_VGPRS) {
		snprintf(err, errlen, "tiles %ux%u with %u staged VGPRs need about %u VGPRs: at most %d", h->tm, h->tn, stage,
			 vg, ISA_VGPRS);
		return TPL_E_ARG;
	}
	return 0;
}

void hg_lds_regs(struct hg *h)
{
	struct hg_copy *cs[2] = { &h->ca, &h->cb };
	for (unsigned i = 0; i < 2; i++) {
		struct hg_copy *c = cs[i];
		for (unsigned set = 0; set < (h->prefetch == 2 ? 2u : 1u); set++)
			for (unsigned p = 0; p < c->passes; p++)
				c->stage[set][p] = ra_vreg(h->ra, i ? "stage_b" : "stage_a", c->gv / 2);
		c->voff = ra_vreg(h->ra, "goff", 1);
		c->lw = ra_vreg(h->ra, "lds_w", 1);
		c->lr = ra_vreg(h->ra, "lds_r", 1);
		c->mn0 = ra_vreg(h->ra, "vec_mn", 1);
		c->k0 = ra_vreg(h->ra, "vec_k", 1);
		c->s_tile = (unsigned)ao_sgprs(h->k, 2);
		c->s_pass = (unsigned)ao_sgprs(h->k, 2 * c->passes);
		c->s_pstride = (unsigned)ao_sgprs(h->k, 1);
		c->s_tstep = (unsigned)ao_sgprs(h->k, 1);
	}
	h->ca.sX = h->sA, h->ca.sLd = h->sLda, h->ca.sMN = h->sM;
	h->cb.sX = h->sB, h->cb.sLd = h->sLdb, h->cb.sMN = h->sN;
	h->t1 = ra_vreg(h->ra, "t1", 1);
	h->t2 = ra_vreg(h->ra, "t2", 1);
	h->s_k0l = (unsigned)ao_sgprs(h->k, 1);
	h->s_kfast = (unsigned)ao_sgprs(h->k, 1);
	h->s_d = (unsigned)ao_sgprs(h->k, 1);
	h->s_nd = (unsigned)ao_sgprs(h->k, 1);
}

/* One operand's lane registers: which vector the lane moves, where it goes. */
static void setup_copy(struct hg *h, struct hg_copy *c, int tid, unsigned wg, unsigned extent, int wave0)
{
	if (c->kc) { /* consecutive lanes along a row: coalesced loads, row-contiguous stores */
		AO_I(K_, AO_OP(v_lshrrev_b32), V(c->mn0), ao_int((int)lg2(c->per_row)), V(tid));
		AO_I(K_, AO_OP(v_and_b32), V(c->k0), ao_u32(c->per_row - 1), V(tid));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(c->k0), ao_int((int)lg2(c->gv)), V(c->k0));
	} else { /* consecutive lanes along k: the transposing 16-bit stores of one
		  * instruction spread over the banks (their bank is set by k) */
		AO_I(K_, AO_OP(v_and_b32), V(c->k0), ao_u32(c->step - 1), V(tid));
		AO_I(K_, AO_OP(v_lshrrev_b32), V(c->mn0), ao_int((int)lg2(c->step)), V(tid));
		AO_I(K_, AO_OP(v_lshlrev_b32), V(c->mn0), ao_int((int)lg2(c->gv)), V(c->mn0));
	}
	/* LDS write base: (mn * stride + k) * 2 + region */
	AO_I(K_, AO_OP(v_mad_u32_u24), V(c->lw), V(c->mn0), ao_u32(h->stride), V(c->k0));
	AO_I(K_, AO_OP(v_lshl_add_u32), V(c->lw), V(c->lw), ao_int(1), ao_u32(c->region));
	/* the workgroup's first m (n), then the lane's global offset from the tile base */
	AO_I(K_, AO_OP(s_mul_i32), ao_s(h->s_t), ao_s(wg), ao_u32(extent));
	AO_I(K_, AO_OP(v_add_nc_u32), V(c->mn0), ao_s(h->s_t), V(c->mn0));
	AO_I(K_, AO_OP(v_mul_lo_u32), V(c->voff), V(c->kc ? c->mn0 : c->k0), ao_s(c->sLd));
	AO_I(K_, AO_OP(v_add_nc_u32), V(c->voff), V(c->voff), V(c->kc ? c->k0 : c->mn0));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(c->voff), ao_int(1), V(c->voff));
	/* LDS read base: (the wave's first row in the tile + lane) * stride * 2 + region */
	AO_I(K_, AO_OP(v_subrev_nc_u32), V(h->t1), ao_s(h->s_t), V(wave0));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->t1), V(h->t1), V(h->lane));
	AO_I(K_, AO_OP(v_mul_u32_u24), V(c->lr), ao_u32(h->stride * 2), V(h->t1));
	AO_I(K_, AO_OP(v_add_nc_u32), V(c->lr), ao_u32(c->region), V(c->lr));
	/* SGPRs: tile base = X (k0 = 0), pass stride step*ld*2, tile step bk*2 or bk*ld*2 */
	AO_I(K_, AO_OP(s_mov_b32), ao_s(c->s_tile), ao_s(c->sX));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(c->s_tile + 1), ao_s(c->sX + 1));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(c->s_pstride), ao_s(c->sLd), ao_u32(c->step * 2));
	if (c->kc)
		AO_I(K_, AO_OP(s_mov_b32), ao_s(c->s_tstep), ao_u32(h->bk * 2));
	else
		AO_I(K_, AO_OP(s_mul_i32), ao_s(c->s_tstep), ao_s(c->sLd), ao_u32(h->bk * 2));
}

void hg_lds_setup(struct hg *h, int tid)
{
	setup_copy(h, &h->ca, tid, h->wgy, h->bm, h->val);
	setup_copy(h, &h->cb, tid, h->wgx, h->bn, h->cv);
	/* vector copies: tiles below kfast = (K / bk) * bk, when the workgroup is
	 * inside M and N and lda, ldb are even; else kfast = 0 */
	AO_I(K_, AO_OP(s_lshr_b32), ao_s(h->s_kfast), ao_s(h->sK), ao_int((int)lg2(h->bk)));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(h->s_kfast), ao_s(h->s_kfast), ao_int((int)lg2(h->bk)));
	const unsigned wg[2] = { h->wgy, h->wgx }, ext[2] = { h->bm, h->bn }, lim[2] = { h->sM, h->sN };
	for (unsigned i = 0; i < 2; i++) {
		AO_I(K_, AO_OP(s_mul_i32), ao_s(h->s_t), ao_s(wg[i]), ao_u32(ext[i]));
		AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_t), ao_s(h->s_t), ao_u32(ext[i]));
		AO_I(K_, AO_OP(s_cmp_le_u32), ao_s(h->s_t), ao_s(lim[i]));
		AO_I(K_, AO_OP(s_cselect_b32), ao_s(h->s_kfast), ao_s(h->s_kfast), ao_int(0));
	}
	AO_I(K_, AO_OP(s_or_b32), ao_s(h->s_t), ao_s(h->sLda), ao_s(h->sLdb));
	AO_I(K_, AO_OP(s_and_b32), ao_s(h->s_t), ao_s(h->s_t), ao_int(1));
	AO_I(K_, AO_OP(s_cselect_b32), ao_s(h->s_kfast), ao_int(0), ao_s(h->s_kfast));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_d), ao_u32(h->buf_bytes));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_nd), ao_u32((uint32_t)-(int32_t)h->buf_bytes));
}

static ao_op gload(unsigned halves)
{
	return halves == 8 ? AO_OP(global_load_b128) : halves == 4 ? AO_OP(global_load_b64) : AO_OP(global_load_b32);
}

static ao_op dstore(unsigned halves)
{
	return halves == 8 ? AO_OP(ds_store_b128) : halves == 4 ? AO_OP(ds_store_b64) : AO_OP(ds_store_b32);
}

static ao_op dload(unsigned halves)
{
	return halves == 8 ? AO_OP(ds_load_b128) : halves == 4 ? AO_OP(ds_load_b64) : AO_OP(ds_load_b32);
}

/* Global -> staging registers for the tile at k0 = s_k0l; then both tile
 * bases and s_k0l move one tile along K.  site: which out-of-line edge copy. */
static void copy_global(struct hg *h, unsigned site)
{
	if (!h->site_used[site]) {
		h->site_used[site] = true;
		h->slow_l[site] = ao_label(K_, NULL);
		h->back_l[site] = ao_label(K_, NULL);
	}
	h->site_set[site] = h->set;
	struct hg_copy *cs[2] = { &h->ca, &h->cb };
	AO_I(K_, AO_OP(s_cmp_lt_u32), ao_s(h->s_k0l), ao_s(h->s_kfast));
	AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)h->slow_l[site]));
	for (unsigned i = 0; i < 2; i++) /* every pass base first: one SALU-to-VMEM wait per tile */
		for (unsigned p = 1; p < cs[i]->passes; p++) {
			unsigned prev = p == 1 ? cs[i]->s_tile : cs[i]->s_pass + 2 * (p - 1), cur = cs[i]->s_pass + 2 * p;
			AO_I(K_, AO_OP(s_add_u32), ao_s(cur), ao_s(prev), ao_s(cs[i]->s_pstride));
			AO_I(K_, AO_OP(s_addc_u32), ao_s(cur + 1), ao_s(prev + 1), ao_int(0));
		}
	for (unsigned i = 0; i < 2; i++)
		for (unsigned p = 0; p < cs[i]->passes; p++)
			AO_IM(K_, gload(cs[i]->gv), ao_m(0, 0), V(cs[i]->stage[h->set][p]), V(cs[i]->voff),
			      ao_sr(p ? cs[i]->s_pass + 2 * p : cs[i]->s_tile, 2));
	ao_bind(K_, (unsigned)h->back_l[site]);
	for (unsigned i = 0; i < 2; i++) {
		AO_I(K_, AO_OP(s_add_u32), ao_s(cs[i]->s_tile), ao_s(cs[i]->s_tile), ao_s(cs[i]->s_tstep));
		AO_I(K_, AO_OP(s_addc_u32), ao_s(cs[i]->s_tile + 1), ao_s(cs[i]->s_tile + 1), ao_int(0));
	}
	AO_I(K_, AO_OP(s_add_u32), ao_s(h->s_k0l), ao_s(h->s_k0l), ao_u32(h->bk));
}

/* The edge copy of one operand: each half on its own, only where it exists. */
static void slow_copy(struct hg *h, const struct hg_copy *c, unsigned set)
{
	for (unsigned p = 0; p < c->passes; p++)
		for (unsigned e = 0; e < c->gv; e++) {
			unsigned dmn = c->kc ? p * c->step : e, dk = c->kc ? e : p * c->step;
			AO_I(K_, AO_OP(v_add_nc_u32), V(h->t1), ao_u32(dmn), V(c->mn0));
			AO_I(K_, AO_OP(v_add3_u32), V(h->t2), ao_s(h->s_k0l), ao_u32(dk), V(c->k0));
			AO_I(K_, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(c->sMN), V(h->t1));
			AO_I(K_, AO_OP(v_cmp_gt_u32), ao_s(h->s_t), ao_s(h->sK), V(h->t2));
			AO_I(K_, AO_OP(s_and_b32), ao_vcc(), ao_vcc(), ao_s(h->s_t));
			AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(h->s_save), ao_vcc());
			/* element offset: (mn * ld + k) for k-contiguous, (k * ld + mn) otherwise */
			int row = c->kc ? h->t1 : h->t2, col = c->kc ? h->t2 : h->t1;
			AO_I(K_, AO_OP(v_mul_lo_u32), V(row), V(row), ao_s(c->sLd));
			AO_I(K_, AO_OP(v_add_nc_u32), V(h->t1), V(row), V(col));
			AO_I(K_, AO_OP(v_lshlrev_b32), V(h->t1), ao_int(1), V(h->t1));
			ao_op ld = e % 2 ? AO_OP(global_load_d16_hi_b16) : AO_OP(global_load_d16_b16);
			AO_IM(K_, ld, ao_m(0, 0), VS(c->stage[set][p], e / 2), V(h->t1), ao_sr(c->sX, 2));
			AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(h->s_save));
		}
}

void hg_lds_tail(struct hg *h)
{
	struct hg_copy *cs[2] = { &h->ca, &h->cb };
	for (unsigned site = 0; site < 6; site++) {
		if (!h->site_used[site])
			continue;
		ao_bind(K_, (unsigned)h->slow_l[site]);
		ao_comment(K_, "edge tile: each half on its own, zero where it does not exist");
		for (unsigned i = 0; i < 2; i++)
			for (unsigned p = 0; p < cs[i]->passes; p++)
				for (unsigned j = 0; j < cs[i]->gv / 2; j++)
					AO_I(K_, AO_OP(v_mov_b32), VS(cs[i]->stage[h->site_set[site]][p], j), ao_int(0));
		slow_copy(h, &h->ca, h->site_set[site]);
		slow_copy(h, &h->cb, h->site_set[site]);
		AO_I(K_, AO_OP(s_branch), ao_lab((unsigned)h->back_l[site]));
	}
}

/* Staging registers -> the LDS buffer at the write bases. */
static void copy_lds(struct hg *h)
{
	struct hg_copy *cs[2] = { &h->ca, &h->cb };
	for (unsigned i = 0; i < 2; i++) {
		const struct hg_copy *c = cs[i];
		for (unsigned p = 0; p < c->passes; p++) {
			if (c->kc) {
				AO_IM(K_, dstore(c->gv), ao_m((int)(p * c->step * h->stride * 2), 0), V(c->lw),
				      V(c->stage[h->set][p]));
				continue;
			}
			for (unsigned e = 0; e < c->gv; e++) /* a transpose: each half to its own row */
				AO_IM(K_, e % 2 ? AO_OP(ds_store_b16_d16_hi) : AO_OP(ds_store_b16),
				      ao_m((int)((e * h->stride + p * c->step) * 2), 0), V(c->lw), VS(c->stage[h->set][p], e / 2));
		}
	}
	ao_waitcnt(K_, -1, -1, 0); /* the stores are done before the barrier that publishes them */
}

/* The WMMAs of one tile from the LDS buffer at the read bases.  Fragments load
 * in the order A0, B0..B(tn-1), A1..A(tm-1), and each WMMA waits only for the
 * fragments it reads (LDS returns in order). */
static void compute(struct hg *h)
{
	unsigned per = 16 / h->lvec, total = (h->tm + h->tn) * per;
	ao_op mma = h->dtype == 1 ? AO_OP(v_wmma_f32_16x16x16_bf16) : AO_OP(v_wmma_f32_16x16x16_f16);
	for (unsigned s = 0; s < h->unroll; s++) {
		unsigned order[8], n = 0;
		order[n++] = 0;
		for (unsigned b = 0; b < h->tn; b++)
			order[n++] = 4 + b;
		for (unsigned a = 1; a < h->tm; a++)
			order[n++] = a;
		for (unsigned i = 0; i < n; i++) {
			bool isb = order[i] >= 4;
			unsigned f = order[i] % 4;
			const struct hg_copy *c = isb ? &h->cb : &h->ca;
			int frag = isb ? h->frag_b[f] : h->frag_a[f];
			for (unsigned j = 0; j < per; j++)
				AO_IM(K_, dload(h->lvec), ao_m((int)((16 * f * h->stride + 16 * s + j * h->lvec) * 2), 0),
				      VN(frag, j * h->lvec / 2, h->lvec / 2), V(c->lr));
		}
		int waited = -1;
		for (unsigned a = 0; a < h->tm; a++)
			for (unsigned b = 0; b < h->tn; b++) {
				unsigned need = (a == 0 ? 2 + b : 1 + h->tn + a) * per;
				if ((int)(total - need) != waited && (waited < 0 || (int)(total - need) < waited)) {
					waited = (int)(total - need);
					ao_waitcnt(K_, -1, -1, waited);
				}
				AO_I(K_, mma, V(h->acc[a][b]), V(h->frag_a[a]), V(h->frag_b[b]), V(h->acc[a][b]));
			}
	}
}

/* The other LDS buffer: reads move by s_d, writes by -s_d, then s_d flips. */
static void flip_buffers(struct hg *h)
{
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->ca.lr), ao_s(h->s_d), V(h->ca.lr));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->cb.lr), ao_s(h->s_d), V(h->cb.lr));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->ca.lw), ao_s(h->s_nd), V(h->ca.lw));
	AO_I(K_, AO_OP(v_add_nc_u32), V(h->cb.lw), ao_s(h->s_nd), V(h->cb.lw));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_t), ao_s(h->s_d));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_d), ao_s(h->s_nd));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_nd), ao_s(h->s_t));
}

/* One iteration of the prefetch=2 loop: the WMMAs of the current tile, then
 * the next tile (its loads issued two tiles ago, in staging set `set`) into the
 * other LDS buffer, then the loads of the tile after that into the same set. */
static void loop2_iteration(struct hg *h, unsigned set, unsigned site)
{
	compute(h);
	ao_waitcnt(K_, (int)(h->ca.passes + h->cb.passes), -1, -1); /* the older set is in */
	if (h->buffers == 1)
		AO_I0(K_, AO_OP(s_barrier));
	h->set = set;
	copy_lds(h);
	copy_global(h, site);
	AO_I0(K_, AO_OP(s_barrier));
	if (h->buffers == 2)
		flip_buffers(h);
}

/* prefetch=2: tile j is staged in set j % 2, loaded two tiles before its WMMAs;
 * the loop runs iterations in pairs (the sets alternate), then an odd one. */
static void loop2(struct hg *h, unsigned s_trip, unsigned s_left)
{
	unsigned nload = h->ca.passes + h->cb.passes;
	h->set = 0;
	copy_global(h, 0);
	h->set = 1;
	copy_global(h, 1);
	ao_waitcnt(K_, (int)nload, -1, -1);
	h->set = 0;
	copy_lds(h);
	if (h->buffers == 2) {
		AO_I(K_, AO_OP(v_add_nc_u32), V(h->ca.lw), ao_s(h->s_d), V(h->ca.lw));
		AO_I(K_, AO_OP(v_add_nc_u32), V(h->cb.lw), ao_s(h->s_d), V(h->cb.lw));
	}
	copy_global(h, 2);
	AO_I0(K_, AO_OP(s_barrier));
	/* iterations: ceil(K / bk) - 1, in pairs */
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_trip), ao_s(h->sK), ao_u32(h->bk - 1));
	AO_I(K_, AO_OP(s_lshr_b32), ao_s(s_trip), ao_s(s_trip), ao_int((int)lg2(h->bk)));
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_trip), ao_s(s_trip), ao_int(-1));
	AO_I(K_, AO_OP(s_lshr_b32), ao_s(h->s_t2), ao_s(s_trip), ao_int(1));
	int odd = ao_label(K_, NULL), last = ao_label(K_, NULL);
	AO_I(K_, AO_OP(s_cmp_eq_u32), ao_s(h->s_t2), ao_int(0));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)odd));
	struct ao_loop kloop;
	ao_loop_begin(K_, &kloop, s_left, ao_s(h->s_t2));
	loop2_iteration(h, 1, 3);
	loop2_iteration(h, 0, 4);
	ao_loop_end(K_, &kloop);
	ao_bind(K_, (unsigned)odd);
	AO_I(K_, AO_OP(s_bitcmp1_b32), ao_s(s_trip), ao_int(0));
	AO_I(K_, AO_OP(s_cbranch_scc0), ao_lab((unsigned)last));
	loop2_iteration(h, 1, 5);
	ao_bind(K_, (unsigned)last);
	compute(h);
}

void hg_lds_loop(struct hg *h)
{
	unsigned s_trip = (unsigned)ao_sgprs(K_, 1), s_left = (unsigned)ao_sgprs(K_, 1);
	if (h->prefetch == 2) {
		loop2(h, s_trip, s_left);
		return;
	}
	AO_I(K_, AO_OP(s_mov_b32), ao_s(h->s_k0l), ao_int(0));
	copy_global(h, 0);
	ao_waitcnt(K_, 0, -1, -1);
	copy_lds(h);
	if (h->buffers == 2) { /* the loop's first writes go to buffer 1 */
		AO_I(K_, AO_OP(v_add_nc_u32), V(h->ca.lw), ao_s(h->s_d), V(h->ca.lw));
		AO_I(K_, AO_OP(v_add_nc_u32), V(h->cb.lw), ao_s(h->s_d), V(h->cb.lw));
	}
	if (h->prefetch) /* tile 1 is on its way during tile 0's WMMAs */
		copy_global(h, 1);
	AO_I0(K_, AO_OP(s_barrier));
	/* ceil(K / bk) tiles: the loop runs all but the last */
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_trip), ao_s(h->sK), ao_u32(h->bk - 1));
	AO_I(K_, AO_OP(s_lshr_b32), ao_s(s_trip), ao_s(s_trip), ao_int((int)lg2(h->bk)));
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_trip), ao_s(s_trip), ao_int(-1));
	int last = ao_label(K_, NULL);
	AO_I(K_, AO_OP(s_cmp_eq_u32), ao_s(s_trip), ao_int(0));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)last));
	struct ao_loop kloop;
	ao_loop_begin(K_, &kloop, s_left, ao_s(s_trip));
	compute(h);
	if (!h->prefetch)
		copy_global(h, 2);
	ao_waitcnt(K_, 0, -1, -1);
	if (h->buffers == 1) /* every wave has read the buffer before it is overwritten */
		AO_I0(K_, AO_OP(s_barrier));
	copy_lds(h);
	if (h->prefetch) /* the tile after: its loads wait behind this barrier and the WMMAs */
		copy_global(h, 2);
	AO_I0(K_, AO_OP(s_barrier));
	if (h->buffers == 2)
		flip_buffers(h);
	ao_loop_end(K_, &kloop);
	ao_bind(K_, (unsigned)last);
	compute(h);
}
