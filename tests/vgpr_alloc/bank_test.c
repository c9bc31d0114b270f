/* Tests of the bank-aware part of vgpr_alloc/vgpr_alloc.h: the VOPD predicate, the bank-cache model,
 * the allocator over many tile shapes, the write-back moves.  The checks
 * against llvm-mc are in bank_llvm_mc.sh (with bank_dump.c). */
#include "tests/check.h"
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ----------------------------------------------------------- */

static struct ra_vopd_half H(enum ra_vopd_op op, unsigned dst, enum ra_opnd_kind k,
			     uint32_t s0, unsigned v1)
{
	return (struct ra_vopd_half){ .op = op, .dst = dst, .src0 = { k, s0 },
				      .vsrc1 = v1, .k = 0 };
}
#define FMAC(d, s0, v1) H(RA_VOPD_FMAC_F32, d, RA_OPND_VGPR, s0, v1)
#define FMAMK(d, s0, v1) ((struct ra_vopd_half){ .op = RA_VOPD_FMAMK_F32, .dst = d, \
	.src0 = { RA_OPND_VGPR, s0 }, .vsrc1 = v1, .k = 0x1234 })

/* ---- ra_vopd_ok against hand-written cases ----------------------------- */

/* Cases checked with llvm-mc-19 -mcpu=gfx1100. */
static void test_vopd_rules(void)
{
	struct {
		const char *name;
		struct ra_vopd_half x, y;
		const char *why;  /* NULL: legal */
	} c[] = {
		{ "seed pair", FMAC(5, 186, 184), FMAC(2, 187, 185), NULL },
		{ "same src0 register", FMAC(0, 4, 8), FMAC(1, 4, 9), "src0" },
		{ "src0 banks equal", FMAC(0, 4, 8), FMAC(1, 8, 9), "src0" },
		{ "vsrc1 banks equal", FMAC(0, 4, 8), FMAC(1, 5, 12), "src1" },
		{ "dst parity equal", FMAC(0, 4, 8), FMAC(2, 5, 9), "even and the other odd" },
		{ "dst equal", FMAC(0, 4, 8), FMAC(0, 5, 9), "even and the other odd" },
		{ "dst banks 0/3", FMAC(0, 4, 8), FMAC(3, 5, 9), NULL },
		{ "sgpr src0 both", H(RA_VOPD_FMAC_F32, 0, RA_OPND_SGPR, 1, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_SGPR, 2, 9), NULL },
		{ "vgpr and sgpr src0 same number", FMAC(0, 4, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_SGPR, 4, 9), NULL },
		{ "two literals", H(RA_VOPD_FMAC_F32, 0, RA_OPND_LITERAL, 0x1234, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_LITERAL, 0x1235, 9), "literal" },
		{ "same literal twice", H(RA_VOPD_FMAC_F32, 0, RA_OPND_LITERAL, 0x1234, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_LITERAL, 0x1234, 9), NULL },
		{ "inline constants", H(RA_VOPD_FMAC_F32, 0, RA_OPND_INLINE, 242, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_INLINE, 244, 9), NULL },
		{ "cndmask vcc + sgpr", H(RA_VOPD_CNDMASK_B32, 0, RA_OPND_VGPR, 4, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_SGPR, 1, 9), NULL },
		{ "cndmask sgpr + vcc + sgpr", H(RA_VOPD_CNDMASK_B32, 0, RA_OPND_SGPR, 0, 8),
		  H(RA_VOPD_FMAC_F32, 1, RA_OPND_SGPR, 1, 9), "constant bus" },
		{ "mov has no vsrc1", H(RA_VOPD_MUL_F32, 0, RA_OPND_VGPR, 4, 8),
		  H(RA_VOPD_MOV_B32, 1, RA_OPND_VGPR, 5, 8), NULL },
		{ "mov src0 bank", H(RA_VOPD_MUL_F32, 0, RA_OPND_VGPR, 4, 8),
		  H(RA_VOPD_MOV_B32, 1, RA_OPND_VGPR, 8, 0), "src0" },
		{ "add_nc_u32 only as Y", H(RA_VOPD_ADD_NC_U32, 0, RA_OPND_VGPR, 4, 8),
		  FMAC(1, 5, 9), "only as the Y" },
		{ "add_nc_u32 as Y", FMAC(1, 5, 9), H(RA_VOPD_ADD_NC_U32, 0, RA_OPND_VGPR, 4, 8), NULL },
		{ "X writes Y src0 is legal (Y reads the old value)", FMAC(0, 1, 8), FMAC(1, 0, 9), NULL },
		{ "X writes Y vsrc1 is legal (Y reads the old value)", FMAC(10, 1, 8), FMAC(1, 6, 10), NULL },
		{ "Y writes X src0 is fine", FMAC(0, 1, 8), FMAC(1, 6, 9), NULL },
		/* fmamk: K takes the src1 position, its vsrc1 VGPR is compared as src2 */
		{ "fmamk vsrc1 not compared as src1", FMAC(4, 8, 7), FMAMK(11, 1, 7), NULL },
		{ "fmamk vsrc1 parity vs fmac accumulator", FMAC(3, 5, 8), FMAMK(0, 4, 11), "src2" },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		const char *why = NULL;
		bool ok = ra_vopd_ok(&c[i].x, &c[i].y, &why);
		if (!c[i].why)
			checkn(ok, "vopd legal: %s%s%s", c[i].name, ok ? "" : ": ", ok ? "" : why);
		else
			checkn(!ok && why && strstr(why, c[i].why), "vopd illegal: %s (%s)",
			      c[i].name, why ? why : "accepted");
	}
	struct ra_vopd_half x = H(RA_VOPD_FMAAK_F32, 0, RA_OPND_SGPR, 0, 8), y;
	x.k = 0x1234;
	y = H(RA_VOPD_FMAC_F32, 1, RA_OPND_SGPR, 1, 9);
	checkn(!ra_vopd_ok(&x, &y, NULL), "vopd illegal: fmaak K + two SGPRs");
	y.src0.val = 0;
	checkn(ra_vopd_ok(&x, &y, NULL), "vopd legal: fmaak K + one SGPR twice");
	/* Program-order equivalence (for fusing a sequence), not legality. */
	struct ra_vopd_half a = FMAC(0, 1, 8), b = FMAC(1, 0, 9), d = FMAC(1, 6, 9);
	checkn(!ra_vopd_in_order(&a, &b), "in order: X writes v0, Y reads it");
	checkn(ra_vopd_in_order(&a, &d), "in order: only Y writes what X reads (v1)");
	checkn(!ra_vopd_in_order(&d, &a), "in order: X writes v1, Y reads it");
}

/* ---- the bank-cache model on hand-computed sequences ------------------- */

static void test_cache_model(void)
{
	/* Case 1: the seed's first four pairs (kernel 6).  Window 0 and 1 agree.
	 *  I0 v5,v186,v184 :: v2,v187,v185  all 6 miss; misses b0:1 b1:2 b2:2
	 *     b3:1 -> 2 bank conflicts.
	 *  I1 v3,v186,v185 :: v4,v187,v184  src0 v186(b2) v187(b3) hit; src1
	 *     v185(b1) v184(b0) hit (Y read them through src1 in I0); v3, v4
	 *     miss -> 4 hits, 0 conflicts.
	 *  I2 v9,v186,v188 :: v6,v187,v189  src0 2 hits; v188(b0) v189(b1) miss;
	 *     v9(b1) v6(b2) miss -> 2 hits; b1 has 2 misses -> 1 conflict.
	 *  I3 v7,v187,v188 :: v8,v186,v189  4 hits; v7, v8 miss.
	 *  Total: 24 reads, 10 hits (src0 6/8, src1 4/8, src2 0/8), 3 conflicts. */
	struct ra_vopd_half s[4][2] = {
		{ FMAC(5, 186, 184), FMAC(2, 187, 185) },
		{ FMAC(3, 186, 185), FMAC(4, 187, 184) },
		{ FMAC(9, 186, 188), FMAC(6, 187, 189) },
		{ FMAC(7, 187, 188), FMAC(8, 186, 189) },
	};
	struct ra_access seq[6];
	struct ra_access_score per[6];
	struct ra_cache_stats st;
	for (int i = 0; i < 4; i++)
		ra_access_from_vopd(&seq[i], &s[i][0], &s[i][1]);
	for (unsigned w = 0; w <= 1; w++) {
		ra_cache_score(seq, 4, &(struct ra_cache_model){ w }, &st, per);
		checkn(st.reads == 24 && st.hits == 10 && st.bank_conflicts == 3 &&
		      st.port_conflicts == 0, "cache seed case window %u: reads %zu hits %zu "
		      "conflicts %zu (want 24 10 3)", w, st.reads, st.hits, st.bank_conflicts);
		checkn(st.hits_slot[0] == 6 && st.hits_slot[1] == 4 && st.hits_slot[2] == 0,
		      "cache seed case window %u slots: %zu %zu %zu (want 6 4 0)", w,
		      st.hits_slot[0], st.hits_slot[1], st.hits_slot[2]);
	}
	checkn(per[1].hit_mask[0] == 3 && per[1].hit_mask[1] == 3 &&
	      per[0].bank_conflicts == 2 && per[2].bank_conflicts == 1,
	      "cache seed case per instruction");

	/* Case 2: window, write invalidation, port conflict.
	 *  I0 v_fmac v1, v4, v8     v4(b0) v8(b0) v1(b1) miss; b0:2 -> 1 conflict
	 *  I1 v_fmac v2, v5, v9     all miss; b1:2 -> 1 conflict
	 *  I2 v_fmac v3, v4, v8     w0: v4, v8 hit (entries kept since I0), v3
	 *                           miss.  w1: all miss, b0:2 -> 1 conflict
	 *  I3 (LDS load) writes v4  drops v4
	 *  I4 v_fmac v1, v4, v8     v4 miss (dropped); v8 w0 hit, w1 miss;
	 *                           v1 miss (I0 wrote it).  w1: b0:2 -> 1 conflict
	 *  I5 v10,v12,v13 :: v11,v16,v14   v12, v16 both src0 of b0 -> 1 port
	 *                           conflict; 6 misses, b0:2 b2:2 -> 2 conflicts
	 *  w0: 18 reads, 3 hits, 4 bank conflicts, 1 port conflict.
	 *  w1: 18 reads, 0 hits, 6 bank conflicts, 1 port conflict. */
	struct ra_vopd_half f0 = FMAC(1, 4, 8), f1 = FMAC(2, 5, 9), f2 = FMAC(3, 4, 8);
	struct ra_vopd_half f4 = FMAC(1, 4, 8), x5 = FMAC(10, 12, 13), y5 = FMAC(11, 16, 14);
	ra_access_from_vopd(&seq[0], &f0, NULL);
	ra_access_from_vopd(&seq[1], &f1, NULL);
	ra_access_from_vopd(&seq[2], &f2, NULL);
	ra_access_clear(&seq[3]);
	seq[3].write[0] = 4;
	seq[3].write_n[0] = 1;
	ra_access_from_vopd(&seq[4], &f4, NULL);
	ra_access_from_vopd(&seq[5], &x5, &y5);
	ra_cache_score(seq, 6, &(struct ra_cache_model){ 0 }, &st, NULL);
	checkn(st.reads == 18 && st.hits == 3 && st.bank_conflicts == 4 && st.port_conflicts == 1,
	      "cache case 2 window 0: reads %zu hits %zu bank %zu port %zu (want 18 3 4 1)",
	      st.reads, st.hits, st.bank_conflicts, st.port_conflicts);
	ra_cache_score(seq, 6, &(struct ra_cache_model){ 1 }, &st, NULL);
	checkn(st.reads == 18 && st.hits == 0 && st.bank_conflicts == 6 && st.port_conflicts == 1,
	      "cache case 2 window 1: reads %zu hits %zu bank %zu port %zu (want 18 0 6 1)",
	      st.reads, st.hits, st.bank_conflicts, st.port_conflicts);
}

/* ---- the allocator over tile shapes ------------------------------------ */

struct shape_result {
	size_t fmas, dual, single, mul_reads, mul_hits, conflicts;
};

static bool same_out(const struct ra_bank_out *a, const struct ra_bank_out *b,
		     const struct ra_bank_in *in)
{
	return a->n_ops == b->n_ops && a->end == b->end &&
	       !memcmp(a->ops, b->ops, a->n_ops * sizeof *a->ops) &&
	       !memcmp(a->acc_vgpr, b->acc_vgpr, in->n_acc * sizeof *a->acc_vgpr) &&
	       !memcmp(a->a_vgpr, b->a_vgpr, in->n_a * sizeof *a->a_vgpr) &&
	       !memcmp(a->b_vgpr, b->b_vgpr, in->n_b * sizeof *a->b_vgpr);
}

/* Every promise of vgpr_alloc.h (bank part) for one allocation; returns the first broken one. */
static const char *verify(const struct ra_bank_in *in, const struct ra_bank_out *o)
{
	static char msg[200];
	uint8_t owner[RA_VGPR_MAX] = { 0 };
	unsigned *seen = calloc(in->n_fma, sizeof *seen);
	const char *bad = NULL;
#define BAD(...) do { snprintf(msg, sizeof msg, __VA_ARGS__); bad = msg; goto out; } while (0)
	/* Distinct physical registers inside [base, base + budget). */
	for (int cls = 0; cls < 3; cls++) {
		unsigned n = cls == 0 ? in->n_acc : cls == 1 ? in->n_a : in->n_b;
		const unsigned *v = cls == 0 ? o->acc_vgpr : cls == 1 ? o->a_vgpr : o->b_vgpr;
		for (unsigned k = 0; k < n; k++) {
			if (v[k] < in->base || v[k] >= in->base + in->budget)
				BAD("class %d index %u in v%u, outside the budget", cls, k, v[k]);
			if (owner[v[k]])
				BAD("v%u given twice", v[k]);
			owner[v[k]] = 1;
			if (cls == 1 && ra_bank(v[k]) < 2)
				BAD("A element %u in bank %u", k, ra_bank(v[k]));
			if (cls == 2 && ra_bank(v[k]) >= 2)
				BAD("B element %u in bank %u", k, ra_bank(v[k]));
		}
	}
	/* Fragment runs: element pairs in even-aligned consecutive VGPRs. */
	for (int cls = 1; cls < 3; cls++) {
		const struct ra_run *r = cls == 1 ? o->a_runs : o->b_runs;
		size_t nr = cls == 1 ? o->n_a_runs : o->n_b_runs;
		unsigned n = cls == 1 ? in->n_a : in->n_b, covered = 0;
		const unsigned *v = cls == 1 ? o->a_vgpr : o->b_vgpr;
		for (size_t i = 0; i < nr; i++) {
			if (r[i].first != covered || r[i].vgpr != v[r[i].first])
				BAD("run %zu of class %d does not continue the fragment", i, cls);
			if (r[i].len == 2 && (ra_bank_parity(r[i].vgpr) || v[r[i].first + 1] != r[i].vgpr + 1))
				BAD("run %zu of class %d not an aligned pair", i, cls);
			if (r[i].len < 2 && r[i].first + 1 < n)
				BAD("run %zu of class %d narrower than possible", i, cls);
			covered += r[i].len;
		}
		if (covered != n)
			BAD("runs of class %d cover %u of %u", cls, covered, n);
	}
	/* Every FMA exactly once, operands as declared, pairs legal. */
	size_t dual = 0;
	for (size_t i = 0; i < o->n_ops; i++) {
		const struct ra_fma_op *op = &o->ops[i];
		for (int h = 0; h < (op->dual ? 2 : 1); h++) {
			const struct ra_fma *f = &in->fma[op->fma[h]];
			const struct ra_vopd_half *x = &op->half[h];
			unsigned va = o->a_vgpr[f->a], vb = o->b_vgpr[f->b];
			seen[op->fma[h]]++;
			if (x->dst != o->acc_vgpr[f->acc] || x->src0.kind != RA_OPND_VGPR ||
			    !((x->src0.val == va && x->vsrc1 == vb) || (x->src0.val == vb && x->vsrc1 == va)))
				BAD("op %zu half %d does not compute FMA %u", i, h, op->fma[h]);
		}
		if (op->dual) {
			const char *why;
			dual++;
			if (!ra_vopd_ok(&op->half[0], &op->half[1], &why))
				BAD("op %zu: %s", i, why);
			/* The plan's pairs fuse independent FMAs: Y reads nothing X writes
			 * (legal either way, but only then equal to the two in order). */
			unsigned xd = op->half[0].dst;
			if (op->half[1].src0.val == xd || op->half[1].vsrc1 == xd)
				BAD("op %zu: X writes a Y source", i);
		} else if (op->why == RA_PAIRED) {
			BAD("op %zu single without a reason", i);
		}
	}
	for (size_t i = 0; i < in->n_fma; i++)
		if (seen[i] != 1)
			BAD("FMA %zu issued %u times", i, seen[i]);
	if (dual != o->n_dual || o->n_dual + o->n_single != o->n_ops)
		BAD("counts disagree");
	if (o->n_dual != o->max_pairs)
		BAD("%zu pairs, %zu possible", o->n_dual, o->max_pairs);
out:
#undef BAD
	free(seen);
	return bad;
}

static void test_shape(unsigned tm, unsigned tn, struct shape_result *res)
{
	struct ra_fma f[256];
	size_t n = ra_bank_grid(f, tm, tn);
	struct ra_bank_in in = { tm * tn, tm, tn, f, n, 2, 254, 1 };
	struct ra_bank_out o, o2;
	struct ra_diag d;
	int rc = ra_bank_alloc(&in, &o, &d);
	if (!checkn(rc == RA_BANK_OK, "alloc %ux%u%s%s", tm, tn, rc ? ": " : "", rc ? d.msg : ""))
		return;
	const char *bad = verify(&in, &o);
	checkn(!bad, "alloc %ux%u verified%s%s", tm, tn, bad ? ": " : "", bad ? bad : "");
	checkn(o.grid && o.n_dual == n / 2 && o.n_single == n % 2,
	      "alloc %ux%u pairs %zu/%zu singles %zu", tm, tn, o.n_dual, n / 2, o.n_single);
	checkn(o.acc_hi - o.acc_lo == n, "alloc %ux%u accumulators contiguous", tm, tn);
	rc = ra_bank_alloc(&in, &o2, &d);
	checkn(rc == RA_BANK_OK && same_out(&o, &o2, &in), "alloc %ux%u deterministic", tm, tn);
	ra_bank_free(&o2);

	/* Bank spread and pattern: with even TM and TN every pair reads each
	 * bank once through src0/vsrc1, and each bank holds n/4 accumulators;
	 * the second k-step (after the fragment loads) scores like the first. */
	struct ra_access *seq = calloc(2 * o.n_ops + 2, sizeof *seq);
	struct ra_access_score *per = calloc(2 * o.n_ops + 2, sizeof *per);
	struct ra_cache_stats st;
	if (!seq || !per) {
		checkn(false, "alloc %ux%u: out of memory", tm, tn);
		goto out;
	}
	ra_bank_accesses(&o, seq);
	if (tm % 2 == 0 && tn % 2 == 0) {
		bool spread = true;
		unsigned acc_bank[RA_VGPR_BANKS] = { 0 };
		for (size_t i = 0; i < o.n_ops; i++) {
			unsigned mask = 0;
			for (int h = 0; h < 2; h++)
				for (int s = RA_SLOT_SRC0; s <= RA_SLOT_SRC1; s++)
					mask |= 1u << ra_bank((unsigned)seq[i].read[h][s]);
			spread &= mask == 0xf;
		}
		for (unsigned k = 0; k < in.n_acc; k++)
			acc_bank[ra_bank(o.acc_vgpr[k])]++;
		for (int b = 0; b < RA_VGPR_BANKS; b++)
			spread &= acc_bank[b] == n / RA_VGPR_BANKS;
		checkn(spread, "alloc %ux%u reads all four banks per pair", tm, tn);
	}
	/* Two k-steps with the fragment loads (writes) before each. */
	struct ra_access ld;
	ra_access_clear(&ld);
	ld.write[0] = (int16_t)o.frag_lo;
	ld.write_n[0] = (uint8_t)(o.frag_hi - o.frag_lo);
	size_t k = o.n_ops;
	memmove(seq + 1, seq, k * sizeof *seq);
	seq[0] = ld;
	seq[k + 1] = ld;
	memcpy(seq + k + 2, seq + 1, k * sizeof *seq);
	ra_cache_score(seq, 2 * k + 2, NULL, &st, per);
	checkn(!memcmp(per + 1, per + k + 2, k * sizeof *per),
	      "alloc %ux%u same bank pattern every k-step", tm, tn);
	ra_cache_score(seq + 1, k, NULL, &st, NULL);
	if (tm % 2 == 0 && tn % 2 == 0 && tm >= 4 && tn >= 4) {
		/* Euler circuit (TM, TN multiples of 4): A and B changes alternate,
		 * misses even over banks; otherwise within 20 %. */
		size_t lo = st.misses_bank[0], hi = lo;
		for (int b = 1; b < RA_VGPR_BANKS; b++) {
			lo = st.misses_bank[b] < lo ? st.misses_bank[b] : lo;
			hi = st.misses_bank[b] > hi ? st.misses_bank[b] : hi;
		}
		bool even = tm % 4 == 0 && tn % 4 == 0 ? hi - lo <= 1 : 5 * (hi - lo) <= hi;
		checkn(even, "alloc %ux%u misses even over banks (%zu %zu %zu %zu)", tm, tn,
		      st.misses_bank[0], st.misses_bank[1], st.misses_bank[2], st.misses_bank[3]);
	}
	res->fmas += n;
	res->dual += o.n_dual;
	res->single += o.n_single;
	res->mul_reads += st.reads_slot[RA_SLOT_SRC0] + st.reads_slot[RA_SLOT_SRC1];
	res->mul_hits += st.hits_slot[RA_SLOT_SRC0] + st.hits_slot[RA_SLOT_SRC1];
	res->conflicts += st.bank_conflicts;
	printf("# %ux%u: %zu/%zu FMAs dual-issued, multiplicand hits %zu/%zu, bank conflicts %zu, "
	       "VGPRs v%u..v%u, %zu free inside\n", tm, tn, 2 * o.n_dual, n,
	       st.hits_slot[0] + st.hits_slot[1], st.reads_slot[0] + st.reads_slot[1],
	       st.bank_conflicts, in.base, o.end - 1, o.n_free);
out:
	free(seq);
	free(per);
	ra_bank_free(&o);
}

static void test_shapes(void)
{
	static const unsigned shapes[][2] = {
		{ 4, 4 }, { 4, 8 }, { 8, 4 }, { 8, 8 }, { 8, 16 }, { 16, 8 }, { 4, 16 },
		{ 16, 4 }, { 6, 6 }, { 6, 8 }, { 8, 6 }, { 6, 10 }, { 10, 6 }, { 12, 12 },
		{ 12, 16 }, { 16, 12 }, { 2, 2 }, { 2, 16 }, { 16, 2 }, { 1, 1 }, { 1, 2 },
		{ 2, 1 }, { 1, 16 }, { 16, 1 }, { 3, 3 }, { 3, 5 }, { 5, 3 }, { 5, 7 },
		{ 7, 5 }, { 7, 7 }, { 9, 9 }, { 3, 8 }, { 8, 3 }, { 5, 16 }, { 16, 5 },
		{ 11, 13 }, { 4, 12 }, { 12, 4 }, { 10, 10 }, { 14, 14 },
	};
	struct shape_result even = { 0 }, odd = { 0 };
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		unsigned tm = shapes[i][0], tn = shapes[i][1];
		test_shape(tm, tn, tm % 2 || tn % 2 ? &odd : &even);
	}
	printf("# even shapes: %zu/%zu FMAs dual-issued, multiplicand hits %zu/%zu, conflicts %zu\n",
	       2 * even.dual, even.fmas, even.mul_hits, even.mul_reads, even.conflicts);
	printf("# odd shapes: %zu/%zu FMAs dual-issued, %zu singles, multiplicand hits %zu/%zu, "
	       "conflicts %zu\n", 2 * odd.dual, odd.fmas, odd.single, odd.mul_hits,
	       odd.mul_reads, odd.conflicts);

	/* 16x16 needs 256 accumulators plus fragments: more than a wave has. */
	struct ra_fma f[256];
	size_t n = ra_bank_grid(f, 16, 16);
	struct ra_bank_in in = { 256, 16, 16, f, n, 0, 256, 1 };
	struct ra_bank_out o;
	struct ra_diag d;
	int rc = ra_bank_alloc(&in, &o, &d);
	checkn(rc == RA_BANK_E_BUDGET && d.msg[0], "alloc 16x16 refused: %s", d.msg);
	ra_bank_free(&o);
}

/* The seed's hand-made 8x16 inner loop against ours, under the same model. */
static void test_seed_comparison(void)
{
	struct ra_fma f[128];
	size_t n = ra_bank_grid(f, 8, 16);
	struct ra_bank_in in = { 128, 8, 16, f, n, 2, 254, 1 };
	struct ra_bank_out o;
	struct ra_diag d;
	if (!checkn(ra_bank_alloc(&in, &o, &d) == RA_BANK_OK, "alloc 8x16 for seed comparison"))
		return;
	struct ra_access seq[64];
	struct ra_cache_stats st;
	ra_bank_accesses(&o, seq);
	ra_cache_score(seq, o.n_ops, NULL, &st, NULL);
	/* Blocks share a fragment pair with their predecessor: 4 misses in the
	 * first pair, then 2 per 2x2 block: 256 - 4 - 2 * 31 = 190 hits. */
	checkn(st.hits_slot[0] + st.hits_slot[1] == 190,
	      "alloc 8x16 multiplicand hits %zu (want 190)", st.hits_slot[0] + st.hits_slot[1]);
	checkn(st.bank_conflicts <= 2, "alloc 8x16 bank conflicts %zu (only the first pair)",
	      st.bank_conflicts);
	ra_bank_free(&o);
}

/* Two fragment sets (prefetch of the next k-step): set 1 is set 0 moved by
 * a multiple of 4, so its pairs are legal and score the same. */
static void test_frag_sets(void)
{
	struct ra_fma f[128];
	size_t n = ra_bank_grid(f, 8, 16);
	struct ra_bank_in in = { 128, 8, 16, f, n, 2, 254, 2 };
	struct ra_bank_out o;
	struct ra_diag d = { "" };
	if (!checkn(ra_bank_alloc(&in, &o, &d) == RA_BANK_OK, "frag sets 8x16 x2 alloc%s%s",
		   d.msg[0] ? ": " : "", d.msg))
		return;
	const char *bad = verify(&in, &o);
	checkn(!bad, "frag sets 8x16 x2 verified%s%s", bad ? ": " : "", bad ? bad : "");
	uint8_t owner[RA_VGPR_MAX] = { 0 };
	bool ok = o.frag_sets == 2 && o.frag_stride % RA_VGPR_BANKS == 0 && o.end <= 256;
	for (unsigned k = 0; k < 128; k++)
		owner[o.acc_vgpr[k]]++;
	for (unsigned s = 0; s < 2; s++) {
		for (unsigned k = 0; k < 8; k++)
			owner[o.a_vgpr[k] + s * o.frag_stride]++;
		for (unsigned k = 0; k < 16; k++)
			owner[o.b_vgpr[k] + s * o.frag_stride]++;
	}
	for (int v = 0; v < RA_VGPR_MAX; v++)
		ok &= owner[v] <= 1 && (!owner[v] || ((unsigned)v >= in.base && (unsigned)v < o.end));
	checkn(ok, "frag sets 8x16 x2: disjoint registers v%u..v%u, stride %u", in.base, o.end - 1,
	      o.frag_stride);
	struct ra_access s0[64], s1[64];
	struct ra_access_score p0[64], p1[64];
	struct ra_cache_stats st;
	bool legal = true;
	for (size_t i = 0; i < o.n_ops; i++) {
		struct ra_fma_op op;
		ra_bank_op_for_set(&o, &o.ops[i], 1, &op);
		legal &= ra_vopd_ok(&op.half[0], &op.half[1], NULL);
		ra_access_from_vopd(&s0[i], &o.ops[i].half[0], &o.ops[i].half[1]);
		ra_access_from_vopd(&s1[i], &op.half[0], &op.half[1]);
	}
	ra_cache_score(s0, o.n_ops, NULL, &st, p0);
	ra_cache_score(s1, o.n_ops, NULL, &st, p1);
	checkn(legal && !memcmp(p0, p1, o.n_ops * sizeof *p0),
	      "frag sets 8x16 x2: set 1 legal, same bank pattern");
	ra_bank_free(&o);
	in.frag_sets = 5;
	checkn(ra_bank_alloc(&in, &o, &d) == RA_BANK_E_INPUT, "frag sets 5 refused: %s", d.msg);
}

/* ---- general (non outer product) input --------------------------------- */

static void test_general(void)
{
	struct {
		const char *name;
		unsigned n_acc, n_a, n_b;
		struct ra_fma f[12];
		size_t n;
		size_t pairs;
		enum ra_single_why why;
	} c[] = {
		/* two dot products of length 4: uses 4/4 -> 4 pairs */
		{ "two reductions", 2, 4, 4, { { 0, 0, 0 }, { 0, 1, 1 }, { 0, 2, 2 }, { 0, 3, 3 },
		  { 1, 0, 1 }, { 1, 1, 2 }, { 1, 2, 3 }, { 1, 3, 0 } }, 8, 4, RA_PAIRED },
		/* uses 5/1/1: best split 2 | 5 -> 2 pairs, 3 singles */
		{ "one hot accumulator", 3, 2, 2, { { 0, 0, 0 }, { 0, 1, 1 }, { 0, 0, 1 }, { 0, 1, 0 },
		  { 0, 0, 0 }, { 1, 1, 1 }, { 2, 0, 1 } }, 7, 2, RA_SINGLE_PARITY },
		/* uses 2/2/2: sums 2 or 4, never 3 -> 2 pairs, 2 singles */
		{ "three equal accumulators", 3, 2, 2, { { 0, 0, 0 }, { 0, 1, 1 }, { 1, 0, 1 },
		  { 1, 1, 0 }, { 2, 0, 0 }, { 2, 1, 1 } }, 6, 2, RA_SINGLE_PARITY },
		/* three distinct accumulators, not a grid (a repeated product) */
		{ "odd count", 3, 2, 2, { { 0, 0, 0 }, { 1, 0, 0 }, { 2, 1, 1 } }, 3, 1, RA_SINGLE_ODD },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
		struct ra_bank_in in = { c[i].n_acc, c[i].n_a, c[i].n_b, c[i].f, c[i].n, 0, 64, 1 };
		struct ra_bank_out o;
		struct ra_diag d;
		int rc = ra_bank_alloc(&in, &o, &d);
		if (!checkn(rc == RA_BANK_OK, "general %s%s%s", c[i].name, rc ? ": " : "", rc ? d.msg : ""))
			continue;
		const char *bad = verify(&in, &o);
		checkn(!bad, "general %s verified%s%s", c[i].name, bad ? ": " : "", bad ? bad : "");
		bool why_ok = true;
		for (size_t k = 0; k < o.n_ops; k++)
			if (!o.ops[k].dual)
				why_ok &= o.ops[k].why == c[i].why;
		checkn(!o.grid && o.n_dual == c[i].pairs && why_ok,
		      "general %s: %zu pairs (want %zu), reason %s", c[i].name, o.n_dual,
		      c[i].pairs, o.n_single ? ra_single_why_str[c[i].why] : "-");
		/* Updates of one accumulator stay in program order. */
		bool order = true;
		for (unsigned a = 0; a < c[i].n_acc; a++) {
			long last = -1;
			for (size_t k = 0; k < o.n_ops; k++)
				for (int h = 0; h < (o.ops[k].dual ? 2 : 1); h++)
					if (c[i].f[o.ops[k].fma[h]].acc == a) {
						order &= (long)o.ops[k].fma[h] > last;
						last = (long)o.ops[k].fma[h];
					}
		}
		checkn(order, "general %s keeps accumulator order", c[i].name);
		ra_bank_free(&o);
	}
}

/* Random FMA lists over small pools (grid or not): every promise holds, the
 * pair count is the proven maximum, the output is deterministic. */
static void test_random_inputs(void)
{
	uint32_t seed = 4242;
	int bad_cases = 0, grids = 0, singles = 0;
	char first[512] = "";
	for (int t = 0; t < 300; t++) {
		struct ra_fma f[96];
		seed = seed * 1103515245u + 12345u;
		unsigned na = 1 + (seed >> 8) % 9, nb = 1 + (seed >> 12) % 9;
		unsigned nacc = 1 + (seed >> 16) % 40;
		size_t n = 1 + (seed >> 20) % 96;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			f[i] = (struct ra_fma){ (uint16_t)((seed >> 8) % nacc),
						(uint16_t)((seed >> 16) % na),
						(uint16_t)((seed >> 24) % nb) };
		}
		if (t % 10 == 0) {  /* some full outer products */
			n = ra_bank_grid(f, na, nb);
			nacc = na * nb;
		}
		struct ra_bank_in in = { nacc, na, nb, f, n, (unsigned)t % 7, 200, 1 + (unsigned)t % 2 };
		struct ra_bank_out o, o2;
		struct ra_diag d;
		const char *bad = NULL;
		if (ra_bank_alloc(&in, &o, &d) != RA_BANK_OK) {
			bad = d.msg;
		} else {
			bad = verify(&in, &o);
			if (!bad && (ra_bank_alloc(&in, &o2, &d) != RA_BANK_OK || !same_out(&o, &o2, &in)))
				bad = "not deterministic";
			else if (!bad)
				ra_bank_free(&o2);
			if (!bad && !o.grid && nacc <= 12) {
				/* Best parity split by brute force. */
				unsigned uses[12] = { 0 };
				size_t best = 0;
				for (size_t i = 0; i < n; i++)
					uses[f[i].acc]++;
				for (unsigned m = 0; m < 1u << nacc; m++) {
					size_t e = 0;
					for (unsigned c = 0; c < nacc; c++)
						e += m >> c & 1 ? uses[c] : 0;
					size_t lo = e < n - e ? e : n - e;
					best = lo > best ? lo : best;
				}
				if (best != o.n_dual)
					bad = "pair count differs from the brute-force optimum";
			}
			grids += o.grid;
			singles += (int)o.n_single;
			ra_bank_free(&o);
		}
		if (bad && !bad_cases++)
			snprintf(first, sizeof first, "case %d (%zu FMAs, pools %u/%u/%u): %s", t, n,
				 nacc, na, nb, bad);
	}
	checkn(bad_cases == 0, "random inputs: 300 cases (%d grids, %d singles)%s%s", grids, singles,
	      bad_cases ? ", first failure " : "", first);
}

static void test_errors(void)
{
	struct ra_fma f[64];
	size_t n = ra_bank_grid(f, 8, 8);
	struct ra_bank_out o;
	struct ra_diag d;
	struct ra_bank_in in = { 64, 8, 8, f, n, 0, 50, 1 };
	int rc = ra_bank_alloc(&in, &o, &d);
	checkn(rc == RA_BANK_E_BUDGET && strstr(d.msg, "budget"), "error budget: %s", d.msg);
	ra_bank_free(&o);
	f[3].a = 9;
	in.budget = 200;
	rc = ra_bank_alloc(&in, &o, &d);
	checkn(rc == RA_BANK_E_INPUT && strstr(d.msg, "FMA 3"), "error index: %s", d.msg);
	in.n_fma = 0;
	rc = ra_bank_alloc(&in, &o, &d);
	checkn(rc == RA_BANK_E_INPUT, "error empty: %s", d.msg);
	in.n_fma = n;
	f[3].a = 3;
	in.base = 250;
	in.budget = 10;
	rc = ra_bank_alloc(&in, &o, &d);
	checkn(rc == RA_BANK_E_INPUT, "error base+budget: %s", d.msg);
}

/* ---- write-back -------------------------------------------------------- */

/* Applies the moves to a register file of value ids; true when every value
 * ends in its wanted register. */
static bool simulate(const unsigned *cur, const unsigned *want, size_t n,
		     const struct ra_move *mv, size_t nm)
{
	int reg[RA_VGPR_MAX];
	for (int r = 0; r < RA_VGPR_MAX; r++)
		reg[r] = -1;
	for (size_t i = 0; i < n; i++)
		reg[cur[i]] = (int)i;
	for (size_t k = 0; k < nm; k++)
		reg[mv[k].dst] = reg[mv[k].src];
	for (size_t i = 0; i < n; i++)
		if (reg[want[i]] != (int)i)
			return false;
	return true;
}

/* Cycles of the parallel copy cur -> want, counted here rather than taken
 * from ra_writeback: value i must go where value next(i) sits (cur[next(i)]
 * = want[i]); following next from a misplaced value either ends at a free
 * register (a chain) or comes back to it (a cycle). */
static size_t count_cycles(const unsigned *cur, const unsigned *want, size_t n)
{
	int holder[RA_VGPR_MAX];
	bool seen[RA_VGPR_MAX] = { false };
	size_t cycles = 0;
	for (int r = 0; r < RA_VGPR_MAX; r++)
		holder[r] = -1;
	for (size_t i = 0; i < n; i++)
		holder[cur[i]] = (int)i;
	for (size_t i = 0; i < n; i++) {
		if (cur[i] == want[i] || seen[i])
			continue;
		for (int j = (int)i;;) {
			seen[j] = true;
			j = holder[want[j]];
			if (j == (int)i) {
				cycles++;
				break;
			}
			if (j < 0 || seen[j] || cur[j] == want[j])
				break;
		}
	}
	return cycles;
}

static void test_writeback(void)
{
	/* Hand case: a 3-cycle (10->11->12->10), a fixed point, a chain into a
	 * free register: 4 moves for the cycle + 1 = 5, one cycle. */
	unsigned cur[5] = { 10, 11, 12, 13, 14 }, want[5] = { 11, 12, 10, 13, 20 };
	struct ra_move *mv;
	size_t nm, cyc;
	struct ra_diag d;
	int rc = ra_writeback(cur, want, 5, 30, &mv, &nm, &cyc, &d);
	checkn(rc == RA_BANK_OK && nm == 5 && cyc == 1 && simulate(cur, want, 5, mv, nm),
	      "writeback hand case: %zu moves %zu cycles (want 5 1)", nm, cyc);
	free(mv);
	rc = ra_writeback(cur, want, 5, 12, &mv, &nm, &cyc, &d);
	checkn(rc == RA_BANK_E_INPUT, "writeback refuses a busy scratch: %s", d.msg);

	/* Pseudo-random permutations: moves = moved values + cycles. */
	uint32_t seed = 12345;
	bool all = true;
	for (int t = 0; t < 200; t++) {
		unsigned nv = 1 + t % 128, c2[128], w2[128], perm[200];
		for (unsigned i = 0; i < 200; i++)
			perm[i] = i;
		for (unsigned i = 199; i > 0; i--) {
			seed = seed * 1103515245u + 12345u;
			unsigned j = (seed >> 8) % (i + 1), tmp = perm[i];
			perm[i] = perm[j];
			perm[j] = tmp;
		}
		for (unsigned i = 0; i < nv; i++) {
			c2[i] = i;  /* values in v0.., wanted anywhere in v0..v199 */
			w2[i] = t % 2 ? perm[i] % nv : perm[i];
		}
		if (t % 2) {  /* permutation of the same registers */
			for (unsigned i = 0; i < nv; i++)
				w2[i] = i;
			for (unsigned i = nv - 1; i > 0; i--) {
				seed = seed * 1103515245u + 12345u;
				unsigned j = (seed >> 8) % (i + 1), tmp = w2[i];
				w2[i] = w2[j];
				w2[j] = tmp;
			}
		}
		rc = ra_writeback(c2, w2, nv, 250, &mv, &nm, &cyc, &d);
		size_t moved = 0;
		for (unsigned i = 0; i < nv; i++)
			moved += c2[i] != w2[i];
		all &= rc == RA_BANK_OK && cyc == count_cycles(c2, w2, nv) && nm == moved + cyc &&
		       simulate(c2, w2, nv, mv, nm);
		free(mv);
	}
	checkn(all, "writeback 200 random permutations: correct and moved + cycles moves");

	/* 8x16 accumulators from the allocator to row-major store order
	 * (acc (i, j) -> acc_lo + 16 i + j, global_store_b128 per 4 columns). */
	struct ra_fma f[128];
	size_t n = ra_bank_grid(f, 8, 16);
	struct ra_bank_in in = { 128, 8, 16, f, n, 2, 254, 1 };
	struct ra_bank_out o;
	if (!checkn(ra_bank_alloc(&in, &o, &d) == RA_BANK_OK, "writeback 8x16 alloc"))
		return;
	unsigned wantr[128], idx[128], width[32];
	for (unsigned i = 0; i < 128; i++) {
		wantr[i] = o.acc_lo + i;
		idx[i] = i;
	}
	for (unsigned g = 0; g < 32; g++)
		width[g] = 4;
	checkn(!ra_stores_straight(o.acc_vgpr, idx, width, 32), "writeback 8x16 permuted layout "
	      "cannot be stored straight");
	checkn(ra_stores_straight(wantr, idx, width, 32), "writeback row-major layout stores straight");
	rc = ra_writeback(o.acc_vgpr, wantr, 128, o.frag_lo, &mv, &nm, &cyc, &d);
	size_t moved = 0;
	for (unsigned i = 0; i < 128; i++)
		moved += o.acc_vgpr[i] != wantr[i];
	checkn(rc == RA_BANK_OK && simulate(o.acc_vgpr, wantr, 128, mv, nm) &&
	      cyc == count_cycles(o.acc_vgpr, wantr, 128) && nm == moved + cyc,
	      "writeback 8x16: %zu v_mov_b32 (%zu values move, %zu cycles)", nm, moved, cyc);

	/* The same moves, paired into v_dual_mov_b32 where legal: executed
	 * with VOPD semantics (both sources read first) they give the same
	 * registers. */
	struct ra_move_op *ops = malloc((nm ? nm : 1) * sizeof *ops);
	size_t ni = ops ? ra_moves_dual(mv, nm, ops) : 0;
	int reg[RA_VGPR_MAX];
	for (int r = 0; r < RA_VGPR_MAX; r++)
		reg[r] = -1;
	for (unsigned i = 0; i < 128; i++)
		reg[o.acc_vgpr[i]] = (int)i;
	bool legal = ops != NULL;
	for (size_t k = 0; k < ni; k++) {
		int vx = reg[ops[k].x.src], vy = ops[k].dual ? reg[ops[k].y.src] : 0;
		reg[ops[k].x.dst] = vx;
		if (ops[k].dual) {
			reg[ops[k].y.dst] = vy;
			struct ra_vopd_half hx = { .op = RA_VOPD_MOV_B32, .dst = ops[k].x.dst,
						   .src0 = { RA_OPND_VGPR, ops[k].x.src } };
			struct ra_vopd_half hy = { .op = RA_VOPD_MOV_B32, .dst = ops[k].y.dst,
						   .src0 = { RA_OPND_VGPR, ops[k].y.src } };
			legal &= ra_vopd_ok(&hx, &hy, NULL);
		}
	}
	for (unsigned i = 0; i < 128; i++)
		legal &= reg[wantr[i]] == (int)i;
	checkn(legal && ni < nm, "writeback 8x16 dual moves: %zu instructions for %zu moves", ni, nm);
	free(ops);
	free(mv);
	ra_bank_free(&o);
}

int main(void)
{
	test_vopd_rules();
	test_cache_model();
	test_shapes();
	test_seed_comparison();
	test_frag_sets();
	test_general();
	test_random_inputs();
	test_errors();
	test_writeback();
	return check_exit();
}
