/* fuse.c — VOPD formation after allocation: single v_fmac_f32 become
 * v_dual_fmac_f32 pairs where LLVM's rules allow them (ra_vopd_ok), as HIP's
 * compiler pairs the FMAs of code that was not planned for dual issue (the
 * seed's kernels 3-5: "many v_dual_fmac, some still single").
 *
 * A run is a maximal sequence of v_fmac_f32 on VGPRs with no label inside in
 * which no FMA reads or writes a VGPR that an earlier one of the run writes,
 * nor writes one an earlier one reads: the FMAs of one k-step (distinct
 * accumulators, shared fragments).  Inside a run the order is free, so each
 * FMA in turn takes the first later unpaired one it can pair with, trying
 * each one's factors in both orders (fma(a, b, c) = fma(b, a, c) exactly);
 * the pair takes the place of the earlier FMA.  The bank rules decide what
 * pairs: registers were placed without them, so some FMAs stay single. */
#include <string.h>

#include "vgpr_alloc/vgpr_alloc.h"

#define RUN_MAX 512

struct ao_half ra_fmac_half(const struct ra_vopd_half *h)
{
	struct ao_half a = { .op = AO_OP(v_fmac_f32), .n = 3,
			     .o = { ao_v(h->dst), ao_v(h->src0.val), ao_v(h->vsrc1) } };
	return a;
}

static bool is_vgpr1(const struct ao_opnd *o) { return o->kind == AO_K_VGPR && o->count == 1 && !o->mods; }

/* A v_fmac_f32 of three plain VGPRs, as a VOPD half with factors in order
 * (swap: the other order). */
static bool fmac_of(const struct ao_inst *in, bool swap, struct ra_vopd_half *h)
{
	if (in->kind != AO_INST_OP || in->op != AO_OP(v_fmac_f32) || in->n != 3 || in->m.form == AO_FORM_E64 ||
	    in->m.flags || !is_vgpr1(&in->o[0]) || !is_vgpr1(&in->o[1]) || !is_vgpr1(&in->o[2]))
		return false;
	unsigned a = in->o[1].reg, b = in->o[2].reg;
	*h = (struct ra_vopd_half){ .op = RA_VOPD_FMAC_F32, .dst = in->o[0].reg,
				    .src0 = { RA_OPND_VGPR, swap ? b : a }, .vsrc1 = swap ? a : b };
	return true;
}

struct regset { uint64_t w[ISA_VGPRS / 64]; };
static bool rs_has(const struct regset *s, unsigned v) { return s->w[v / 64] >> (v % 64) & 1; }
static void rs_add(struct regset *s, unsigned v) { s->w[v / 64] |= 1ull << (v % 64); }

/* Pair the run [lo, lo + n) and write it back; *gone: instructions removed. */
static int fuse_run(struct ao_kernel *k, unsigned lo, unsigned n, struct ra_fuse_stats *st, unsigned *gone)
{
	static const unsigned swaps[4][2] = { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 } };
	int mate[RUN_MAX];
	struct ra_vopd_half h[RUN_MAX][2], hx[RUN_MAX], hy[RUN_MAX]; /* h[i][1]: factors swapped */
	for (unsigned i = 0; i < n; i++) {
		mate[i] = -1;
		fmac_of(ao_inst_at(k, lo + i), false, &h[i][0]);
		fmac_of(ao_inst_at(k, lo + i), true, &h[i][1]);
	}
	for (unsigned i = 0; i < n; i++) {
		if (mate[i] >= 0)
			continue;
		for (unsigned j = i + 1; j < n && mate[i] < 0; j++) {
			if (mate[j] >= 0)
				continue;
			for (unsigned s = 0; s < 4; s++) {
				const struct ra_vopd_half *x = &h[i][swaps[s][0]], *y = &h[j][swaps[s][1]];
				if (ra_vopd_ok(x, y, NULL) && ra_vopd_in_order(x, y)) {
					mate[i] = (int)j, mate[j] = (int)i;
					hx[i] = *x, hy[i] = *y;
					break;
				}
			}
		}
	}
	struct ao_inst out[RUN_MAX];
	unsigned m = 0;
	for (unsigned i = 0; i < n; i++) {
		if (mate[i] >= 0 && (unsigned)mate[i] < i)
			continue;
		if (mate[i] < 0) {
			out[m++] = *ao_inst_at(k, lo + i);
			st->singles++;
			continue;
		}
		out[m] = (struct ao_inst){ .kind = AO_INST_VOPD, .op = AO_OP(v_fmac_f32) };
		out[m].x = ra_fmac_half(&hx[i]);
		out[m++].y = ra_fmac_half(&hy[i]);
		st->pairs++;
	}
	*gone = n - m;
	if (m == n)
		return 0;
	int rc = ao_replace(k, lo, lo + n, out, m);
	if (rc == AO_E_ARG && !ao_error(k)) { /* a tag inside the run: keep it as it was */
		st->pairs -= *gone, st->singles += 2 * *gone;
		*gone = 0;
		return 0;
	}
	return rc;
}

int ra_fuse_fmac(struct ao_kernel *k, struct ra_fuse_stats *st)
{
	memset(st, 0, sizeof *st);
	unsigned nlab = ao_label_count(k);
	unsigned i = 0;
	while (i < ao_inst_count(k)) {
		struct ra_vopd_half h;
		if (!fmac_of(ao_inst_at(k, i), false, &h)) {
			i++;
			continue;
		}
		struct regset rd, wr;
		memset(&rd, 0, sizeof rd);
		memset(&wr, 0, sizeof wr);
		unsigned n = 0;
		while (i + n < ao_inst_count(k) && n < RUN_MAX && fmac_of(ao_inst_at(k, i + n), false, &h)) {
			unsigned a = h.src0.val, b = h.vsrc1, d = h.dst;
			if (rs_has(&wr, a) || rs_has(&wr, b) || rs_has(&wr, d) || rs_has(&rd, d))
				break;
			bool label = false;
			for (unsigned l = 0; n && l < nlab; l++)
				label |= ao_label_pos(k, l) == (int)(i + n);
			if (label)
				break;
			rs_add(&rd, a), rs_add(&rd, b), rs_add(&rd, d), rs_add(&wr, d);
			n++;
		}
		unsigned gone = 0;
		int rc = fuse_run(k, i, n, st, &gone);
		if (rc)
			return rc;
		i += n - gone;
	}
	return 0;
}
