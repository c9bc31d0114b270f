/* Bank-aware allocation of one k-step of FMAs (acc += a * b).
 * Fixed phases, no randomness (BANKS.md, "Algorithm"):
 *   1. check the input and recognise a full outer product (the grid case);
 *   2. place the fragments: A in banks 2-3, B in banks 0-1, element pairs
 *      (2t, 2t+1) in one even-aligned register pair (one ds_load_b64);
 *   3. order and pair the FMAs (grid: 2x2 blocks along an Euler trail of
 *      the A-pair x B-pair graph, rows walked as a snake when none exists;
 *      otherwise: accumulators split by parity, even and odd uses zipped);
 *   4. give accumulators registers: the grid picks, per instruction, the
 *      banks where the multiplicand reads do not miss;
 *   5. check every pair with ra_vopd_ok (the predicate did not do the work). */
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RA_MAX_FMA 16384u

const char *const ra_single_why_str[] = {
	[RA_PAIRED] = "paired",
	[RA_SINGLE_ODD] = "odd number of FMAs: one is left without a partner",
	[RA_SINGLE_PARITY] = "accumulator uses cannot be split evenly between "
			     "even and odd registers",
};

/* Banks of the two fragments: the seed's choice (B low pair, A high pair). */
#define RA_BANK_B0 0u
#define RA_BANK_A0 2u

static unsigned align_up4(unsigned v)
{
	while (ra_bank(v) != 0)
		v++;
	return v;
}

static bool push_op(struct ra_bank_out *o, uint32_t fx, bool ax, int64_t fy,
		    bool ay, enum ra_single_why why)
{
	struct ra_fma_op *op = &o->ops[o->n_ops++];
	memset(op, 0, sizeof *op);
	op->dual = fy >= 0;
	op->why = op->dual ? RA_PAIRED : why;
	op->fma[0] = fx;
	op->a_in_src0[0] = ax;
	if (op->dual) {
		op->fma[1] = (uint32_t)fy;
		op->a_in_src0[1] = ay;
		o->n_dual++;
	} else {
		o->n_single++;
	}
	return op->dual;
}

/* Multiplicand operands of each half (accumulators filled later). */
static void fill_operands(const struct ra_bank_in *in, struct ra_bank_out *o)
{
	for (size_t i = 0; i < o->n_ops; i++) {
		struct ra_fma_op *op = &o->ops[i];
		for (int h = 0; h < (op->dual ? 2 : 1); h++) {
			const struct ra_fma *f = &in->fma[op->fma[h]];
			unsigned va = o->a_vgpr[f->a], vb = o->b_vgpr[f->b];
			struct ra_vopd_half *x = &op->half[h];
			x->op = RA_VOPD_FMAC_F32;
			x->src0.kind = RA_OPND_VGPR;
			x->src0.val = op->a_in_src0[h] ? va : vb;
			x->vsrc1 = op->a_in_src0[h] ? vb : va;
			x->dst = o->acc_vgpr[f->acc];
		}
	}
}

/* ---- Phase 3, grid: 2x2 blocks along an Euler trail --------------------- */

/* Block (p, q) covers A elements 2p, 2p+1 and B elements 2q, 2q+1.  Its
 * full form is two pairs, (a0 b0 | a1 b1) and (a0 b1 | a1 b0): with A in
 * src0 on banks 2/3 and B in vsrc1 on banks 0/1 both are legal, and the
 * second reads exactly what the first read, through the same ports.
 *
 * Consecutive blocks share one fragment pair, so a block's first pair
 * misses on two reads only.  Which pair changes decides which banks miss
 * (A: 2, 3; B: 0, 1).  Alternating the two spreads the misses evenly over
 * the four banks.  Blocks are the edges of the complete bipartite graph
 * K(P, Q) (A pairs x B pairs); a walk that alternates is a trail of that
 * graph, so an Euler trail (every edge once) is a full alternating order.
 * It exists when at most two vertices have odd degree; otherwise rows of
 * blocks are walked as a snake (still one shared pair per step, but most
 * steps change B). */

struct block { unsigned p, q; };

/* Hierholzer's algorithm on K(np, nq), lowest free neighbour first.
 * Vertices 0..np-1 are A pairs, np.. are B pairs.  Fills blk[np * nq] and
 * returns 1; 0 when no Euler trail exists; -1 when memory runs out. */
static int euler_blocks(unsigned np, unsigned nq, struct block *blk)
{
	unsigned nv = np + nq, odd = 0, start = 0;
	for (unsigned v = nv; v-- > 0;) {
		unsigned deg = v < np ? nq : np;
		if (deg % 2) {
			odd++;
			start = v;
		}
	}
	if (odd > 2)
		return 0;
	size_t ne = (size_t)np * nq;
	uint8_t *used = calloc(ne, 1);
	unsigned *next = calloc(nv, sizeof *next);
	unsigned *stack = malloc((ne + 1) * sizeof *stack);
	unsigned *trail = malloc((ne + 1) * sizeof *trail);
	bool ok = used && next && stack && trail;
	if (ok) {
		size_t sp = 0, nt = 0;
		stack[sp++] = start;
		while (sp) {
			unsigned v = stack[sp - 1], deg = v < np ? nq : np;
			/* Lowest neighbour whose edge is unused. */
			while (next[v] < deg) {
				unsigned w = next[v];
				size_t e = v < np ? (size_t)v * nq + w : (size_t)w * nq + (v - np);
				if (!used[e])
					break;
				next[v]++;
			}
			if (next[v] < deg) {
				unsigned w = next[v]++;
				size_t e = v < np ? (size_t)v * nq + w : (size_t)w * nq + (v - np);
				used[e] = 1;
				stack[sp++] = v < np ? np + w : w;
			} else {
				trail[nt++] = v;
				sp--;
			}
		}
		/* trail holds ne + 1 vertices (reversed, which is still a trail). */
		for (size_t i = 0; i < ne; i++) {
			unsigned u = trail[i], w = trail[i + 1];
			blk[i] = u < np ? (struct block){ u, w - np } : (struct block){ w, u - np };
		}
	}
	free(used);
	free(next);
	free(stack);
	free(trail);
	return ok ? 1 : -1;
}

/* No Euler trail (more than two odd vertices: P or Q odd, and neither is 2
 * with the other odd): take the largest even part K(P', Q') (P' = P or
 * P - 1, likewise Q'), whose Euler circuit starts and ends at A pair 0;
 * then the odd B column (walked down from A pair 0, A changes only), the
 * corner, and the odd A row (B changes only).  Every step still shares a
 * pair; only the column and row steps repeat the same kind of change. */
static int cover_blocks(unsigned np, unsigned nq, struct block *blk)
{
	unsigned ep = np - np % 2, eq = nq - nq % 2;
	size_t k = 0;
	if (ep && eq) {
		int r = euler_blocks(ep, eq, blk);
		if (r < 0)
			return RA_BANK_E_NOMEM;
		k = (size_t)ep * eq;  /* r > 0: all degrees are even */
	}
	if (nq % 2)
		for (unsigned p = 0; p < ep; p++)
			blk[k++] = (struct block){ p, nq - 1 };
	if (np % 2) {
		/* Enter the row through the B pair of the previous block. */
		unsigned q0 = k ? blk[k - 1].q : 0;
		blk[k++] = (struct block){ np - 1, q0 };
		for (unsigned q = 0; q < nq; q++)
			if (q != q0)
				blk[k++] = (struct block){ np - 1, q };
	}
	return RA_BANK_OK;
}

static int schedule_grid(const struct ra_bank_in *in, struct ra_bank_out *o,
			 const uint32_t *fma_of)
{
	unsigned ta = in->n_a, tb = in->n_b;
	unsigned np = ta / 2, nq = tb / 2;  /* full 2x2 blocks */
	size_t nfull = (size_t)np * nq;
	struct block *blk = malloc((nfull + 1) * sizeof *blk);
	if (!blk)
		return RA_BANK_E_NOMEM;
	int r = nfull ? euler_blocks(np, nq, blk) : 1;
	if (r == 0)
		r = cover_blocks(np, nq, blk) == RA_BANK_OK ? 1 : -1;
	if (r < 0) {
		free(blk);
		return RA_BANK_E_NOMEM;
	}
#define F(a, b) ((int64_t)fma_of[(size_t)(a) * tb + (b)])
	for (size_t k = 0; k < nfull; k++) {
		unsigned a0 = 2 * blk[k].p, a1 = a0 + 1, b0 = 2 * blk[k].q, b1 = b0 + 1;
		push_op(o, (uint32_t)F(a0, b0), true, F(a1, b1), true, RA_PAIRED);
		push_op(o, (uint32_t)F(a0, b1), true, F(a1, b0), true, RA_PAIRED);
	}
	/* Edges of an odd extent.  A lone B value (odd TB) pairs two A values:
	 * Y takes the B value through src0 (bank 0/1 against X's bank 2/3) and
	 * its A value through vsrc1.  A lone A value (odd TA) likewise.  The
	 * walk starts at the end nearest the last full block. */
	unsigned last_p = nfull ? blk[nfull - 1].p : 0, last_q = nfull ? blk[nfull - 1].q : 0;
	if (tb % 2) {
		unsigned b = tb - 1;
		for (unsigned i = 0; i < np; i++) {
			unsigned p = 2 * last_p >= np ? np - 1 - i : i;
			push_op(o, (uint32_t)F(2 * p, b), true, F(2 * p + 1, b), false, RA_PAIRED);
		}
	}
	if (ta % 2) {
		unsigned a = ta - 1;
		for (unsigned i = 0; i < nq; i++) {
			unsigned q = 2 * last_q >= nq ? nq - 1 - i : i;
			push_op(o, (uint32_t)F(a, 2 * q), true, F(a, 2 * q + 1), false, RA_PAIRED);
		}
	}
	if (ta % 2 && tb % 2)  /* odd count: the corner issues alone */
		push_op(o, (uint32_t)F(ta - 1, tb - 1), true, -1, true, RA_SINGLE_ODD);
#undef F
	free(blk);
	return RA_BANK_OK;
}

/* ---- Phase 4, grid: accumulator banks per instruction ------------------ */

/* Bank pairs an instruction's two accumulators may take (even, odd). */
static const unsigned acc_cand[4][2] = { { 0, 1 }, { 2, 3 }, { 0, 3 }, { 2, 1 } };

struct acc_plan {
	unsigned quota[RA_VGPR_BANKS], taken[RA_VGPR_BANKS];
	int *choice;                            /* candidate (pair) or bank (single) */
};

static bool cand_free(const struct acc_plan *pl, int c)
{
	return pl->taken[acc_cand[c][0]] < pl->quota[acc_cand[c][0]] &&
	       pl->taken[acc_cand[c][1]] < pl->quota[acc_cand[c][1]];
}

static void take(struct acc_plan *pl, size_t i, int c)
{
	pl->choice[i] = c;
	pl->taken[acc_cand[c][0]]++;
	pl->taken[acc_cand[c][1]]++;
}

/* Accumulator reads always miss (each is read once per k-step), so each
 * goes to a bank where the instruction's multiplicands do not miss.  Pass
 * 1 serves the instructions with exactly one conflict-free choice; pass 2
 * the rest, preferring banks the neighbours do not use (every bank written
 * within two instructions), then the banks with most registers left.  Then
 * registers are numbered in instruction order, bank by bank. */
static int assign_grid_accs(const struct ra_bank_in *in, struct ra_bank_out *o)
{
	size_t n = o->n_ops;
	struct ra_access *seq = calloc(n ? n : 1, sizeof *seq);
	struct ra_access_score *sc = calloc(n ? n : 1, sizeof *sc);
	uint8_t (*miss)[RA_VGPR_BANKS] = calloc(n ? n : 1, sizeof *miss);
	int *choice = malloc((n ? n : 1) * sizeof *choice);
	int rc = RA_BANK_E_NOMEM;
	if (!seq || !sc || !miss || !choice)
		goto out;
	fill_operands(in, o);
	for (size_t i = 0; i < n; i++) {
		const struct ra_fma_op *op = &o->ops[i];
		ra_access_from_vopd(&seq[i], &op->half[0], op->dual ? &op->half[1] : NULL);
		for (int h = 0; h < 2; h++) {
			seq[i].read[h][RA_SLOT_SRC2] = -1;
			seq[i].write_n[h] = 0;
		}
	}
	struct ra_cache_stats st;
	ra_cache_score(seq, n, NULL, &st, sc);
	struct acc_plan pl = { .choice = choice };
	for (size_t i = 0; i < n; i++) {
		memcpy(miss[i], sc[i].miss_bank, sizeof miss[i]);
		choice[i] = -1;
	}
	for (unsigned b = 0; b < RA_VGPR_BANKS; b++)
		pl.quota[b] = in->n_acc / RA_VGPR_BANKS + (b < in->n_acc % RA_VGPR_BANKS);

	for (size_t i = 0; i < n; i++) {          /* pass 1 */
		if (!o->ops[i].dual)
			continue;
		int only = -1, zero = 0;
		for (int c = 0; c < 4; c++)
			if (!miss[i][acc_cand[c][0]] && !miss[i][acc_cand[c][1]]) {
				only = c;
				zero++;
			}
		if (zero == 1 && cand_free(&pl, only))
			take(&pl, i, only);
	}
	size_t pairs_open = 0;
	for (size_t i = 0; i < n; i++)
		pairs_open += o->ops[i].dual && choice[i] < 0;
	for (size_t i = 0; i < n; i++) {          /* pass 2 */
		if (choice[i] >= 0)
			continue;
		unsigned near[RA_VGPR_BANKS] = { 0 };
		for (int d = -1; d <= 1; d += 2) {
			size_t j = i + (size_t)d;
			if ((d < 0 && i == 0) || j >= n || choice[j] < 0)
				continue;
			if (o->ops[j].dual) {
				near[acc_cand[choice[j]][0]]++;
				near[acc_cand[choice[j]][1]]++;
			} else {
				near[choice[j]]++;
			}
		}
		int best = -1;
		long best_cost = 0;
		if (o->ops[i].dual) {
			for (int c = 0; c < 4; c++) {
				unsigned e = acc_cand[c][0], d = acc_cand[c][1];
				if (!cand_free(&pl, c))
					continue;
				long cost = 1000L * (miss[i][e] + miss[i][d]) + 100L * (near[e] + near[d]) -
					    (long)(pl.quota[e] - pl.taken[e] + pl.quota[d] - pl.taken[d]);
				if (best < 0 || cost < best_cost) {
					best = c;
					best_cost = cost;
				}
			}
			/* best >= 0: even and odd quotas each cover the open pairs. */
			take(&pl, i, best);
			pairs_open--;
		} else {
			/* A single may only take a parity with registers to spare. */
			unsigned rem[2] = { 0, 0 };
			for (unsigned b = 0; b < RA_VGPR_BANKS; b++)
				rem[ra_bank_parity(b)] += pl.quota[b] - pl.taken[b];
			for (unsigned b = 0; b < RA_VGPR_BANKS; b++) {
				if (pl.taken[b] >= pl.quota[b] || rem[ra_bank_parity(b)] <= pairs_open)
					continue;
				long cost = 1000L * miss[i][b] + 100L * near[b] -
					    (long)(pl.quota[b] - pl.taken[b]);
				if (best < 0 || cost < best_cost) {
					best = (int)b;
					best_cost = cost;
				}
			}
			choice[i] = best;
			pl.taken[best]++;
		}
	}
	unsigned next[RA_VGPR_BANKS] = { 0 };
	for (size_t i = 0; i < n; i++) {
		const struct ra_fma_op *op = &o->ops[i];
		for (int h = 0; h < (op->dual ? 2 : 1); h++) {
			unsigned b = op->dual ? acc_cand[choice[i]][h] : (unsigned)choice[i];
			o->acc_vgpr[in->fma[op->fma[h]].acc] = o->acc_lo + RA_VGPR_BANKS * next[b]++ + b;
		}
	}
	rc = RA_BANK_OK;
out:
	free(seq);
	free(sc);
	free(miss);
	free(choice);
	return rc;
}

/* ---- Phases 3-4, general input ----------------------------------------- */

/* Splits accumulators into even/odd to maximise min(E, O), E and O the FMA
 * counts on each side: exact subset sum over accumulator use counts. */
static int split_parity(const struct ra_bank_in *in, const unsigned *uses,
			bool *odd, size_t *best_e)
{
	size_t total = in->n_fma, na = in->n_acc, w = total + 1;
	uint8_t *reach = calloc((na + 1) * w, 1);
	if (!reach)
		return RA_BANK_E_NOMEM;
	reach[0] = 1;  /* reach[c * w + s]: first c accumulators can sum to s */
	for (size_t c = 0; c < na; c++)
		for (size_t s = 0; s <= total; s++)
			if (reach[c * w + s]) {
				reach[(c + 1) * w + s] = 1;
				if (s + uses[c] <= total)
					reach[(c + 1) * w + s + uses[c]] = 1;
			}
	size_t e = total / 2;
	while (!reach[na * w + e])
		e--;  /* s = 0 is always reachable */
	*best_e = e;
	/* Walk back: accumulators in the even set sum to e. */
	size_t s = e;
	for (size_t c = na; c-- > 0;) {
		if (reach[c * w + s]) {
			odd[c] = true;
		} else {
			odd[c] = false;
			s -= uses[c];
		}
	}
	free(reach);
	return RA_BANK_OK;
}

/* Accumulator registers for general input: the parity split, then even
 * accumulators on even VGPRs and odd on odd, by index.  *uses and *odd are
 * malloc'ed for general_pairs (caller frees). */
static int general_accs(const struct ra_bank_in *in, struct ra_bank_out *o,
			unsigned **uses_out, bool **odd_out)
{
	unsigned *uses = calloc(in->n_acc, sizeof *uses);
	bool *odd = calloc(in->n_acc, sizeof *odd);
	*uses_out = uses;
	*odd_out = odd;
	if (!uses || !odd)
		return RA_BANK_E_NOMEM;
	for (size_t i = 0; i < in->n_fma; i++)
		uses[in->fma[i].acc]++;
	size_t e;
	int rc = split_parity(in, uses, odd, &e);
	if (rc)
		return rc;
	o->max_pairs = e;  /* e <= total - e: the even side is the smaller */
	unsigned ne = 0, no = 0;
	for (unsigned c = 0; c < in->n_acc; c++) {
		if (odd[c])
			o->acc_vgpr[c] = o->acc_lo + 2 * no++ + 1;
		else
			o->acc_vgpr[c] = o->acc_lo + 2 * ne++;
	}
	unsigned span_e = ne ? 2 * ne - 1 : 0, span_o = 2 * no;
	o->acc_hi = o->acc_lo + (span_e > span_o ? span_e : span_o);
	return RA_BANK_OK;
}

/* Even-accumulator uses zipped with odd-accumulator uses, each list in
 * program order, so every accumulator keeps its order of updates. */
static int general_pairs(const struct ra_bank_in *in, struct ra_bank_out *o,
			 const bool *odd)
{
	uint32_t *ev = malloc(in->n_fma * sizeof *ev), *od = malloc(in->n_fma * sizeof *od);
	if (!ev || !od) {
		free(ev);
		free(od);
		return RA_BANK_E_NOMEM;
	}
	size_t n_ev = 0, n_od = 0;
	for (size_t i = 0; i < in->n_fma; i++) {
		if (odd[in->fma[i].acc])
			od[n_od++] = (uint32_t)i;
		else
			ev[n_ev++] = (uint32_t)i;
	}
	size_t pairs = n_ev < n_od ? n_ev : n_od;
	for (size_t t = 0; t < pairs; t++) {
		/* A in src0 for both halves when the banks allow, otherwise Y
		 * swaps (always legal: A and B banks are disjoint). */
		const struct ra_fma *x = &in->fma[ev[t]], *y = &in->fma[od[t]];
		bool straight = ra_bank(o->a_vgpr[x->a]) != ra_bank(o->a_vgpr[y->a]) &&
				ra_bank(o->b_vgpr[x->b]) != ra_bank(o->b_vgpr[y->b]);
		push_op(o, ev[t], true, od[t], straight, RA_PAIRED);
	}
	enum ra_single_why why = in->n_fma % 2 && pairs == in->n_fma / 2
				 ? RA_SINGLE_ODD : RA_SINGLE_PARITY;
	for (size_t t = pairs; t < n_ev; t++)
		push_op(o, ev[t], true, -1, true, why);
	for (size_t t = pairs; t < n_od; t++)
		push_op(o, od[t], true, -1, true, why);
	free(ev);
	free(od);
	return RA_BANK_OK;
}

/* ---- Driver ------------------------------------------------------------ */

static int check_input(const struct ra_bank_in *in, struct ra_diag *d)
{
	if (!in->fma || in->n_fma == 0)
		return RA_FAIL(d, RA_BANK_E_INPUT, "no FMAs given");
	if (in->n_fma > RA_MAX_FMA)
		return RA_FAIL(d, RA_BANK_E_INPUT, "%zu FMAs: at most %u per k-step",
			    in->n_fma, RA_MAX_FMA);
	if (!in->n_acc || !in->n_a || !in->n_b)
		return RA_FAIL(d, RA_BANK_E_INPUT, "empty register pool (acc %u, a %u, b %u)",
			    in->n_acc, in->n_a, in->n_b);
	if (in->n_acc > RA_VGPR_MAX || in->n_a > RA_VGPR_MAX || in->n_b > RA_VGPR_MAX)
		return RA_FAIL(d, RA_BANK_E_INPUT, "pool larger than %d VGPRs", RA_VGPR_MAX);
	if (in->frag_sets > 4)
		return RA_FAIL(d, RA_BANK_E_INPUT, "%u fragment sets: at most 4", in->frag_sets);
	if (in->base >= RA_VGPR_MAX || in->budget > RA_VGPR_MAX - in->base)
		return RA_FAIL(d, RA_BANK_E_INPUT, "base v%u with budget %u exceeds v%d",
			    in->base, in->budget, RA_VGPR_MAX - 1);
	for (size_t i = 0; i < in->n_fma; i++) {
		const struct ra_fma *f = &in->fma[i];
		if (f->acc >= in->n_acc || f->a >= in->n_a || f->b >= in->n_b)
			return RA_FAIL(d, RA_BANK_E_INPUT, "FMA %zu (acc %u, a %u, b %u) "
				    "outside its pools", i, f->acc, f->a, f->b);
	}
	return RA_BANK_OK;
}

/* Full outer product: every (a, b) once, every accumulator once.  Fills
 * fma_of[a * n_b + b]. */
static bool is_grid(const struct ra_bank_in *in, uint32_t *fma_of, uint8_t *seen_acc)
{
	if (in->n_fma != (size_t)in->n_a * in->n_b || in->n_acc != in->n_fma)
		return false;
	for (size_t i = 0; i < in->n_fma; i++)
		fma_of[i] = UINT32_MAX;
	for (size_t i = 0; i < in->n_fma; i++) {
		const struct ra_fma *f = &in->fma[i];
		size_t k = (size_t)f->a * in->n_b + f->b;
		if (fma_of[k] != UINT32_MAX || seen_acc[f->acc])
			return false;
		fma_of[k] = (uint32_t)i;
		seen_acc[f->acc] = 1;
	}
	return true;
}

/* A element k: register pair t = k / 2 of the fragment region, upper half
 * (banks 2, 3); B element k: lower half (banks 0, 1). */
static void place_fragments(const struct ra_bank_in *in, struct ra_bank_out *o)
{
	unsigned hi = o->frag_lo;
	for (unsigned k = 0; k < in->n_a; k++) {
		o->a_vgpr[k] = o->frag_lo + RA_VGPR_BANKS * (k / 2) + RA_BANK_A0 + k % 2;
		if (o->a_vgpr[k] + 1 > hi)
			hi = o->a_vgpr[k] + 1;
	}
	for (unsigned k = 0; k < in->n_b; k++) {
		o->b_vgpr[k] = o->frag_lo + RA_VGPR_BANKS * (k / 2) + RA_BANK_B0 + k % 2;
		if (o->b_vgpr[k] + 1 > hi)
			hi = o->b_vgpr[k] + 1;
	}
	o->frag_hi = hi;
	unsigned sets = in->frag_sets ? in->frag_sets : 1, size = hi - o->frag_lo;
	o->frag_sets = sets;
	o->frag_stride = align_up4(size);
	o->frag_hi = o->frag_lo + o->frag_stride * (sets - 1) + size;
	for (unsigned k = 0; k < in->n_a; k += 2) {
		o->a_runs[o->n_a_runs++] = (struct ra_run){
			k, o->a_vgpr[k], k + 1 < in->n_a ? 2 : 1 };
	}
	for (unsigned k = 0; k < in->n_b; k += 2) {
		o->b_runs[o->n_b_runs++] = (struct ra_run){
			k, o->b_vgpr[k], k + 1 < in->n_b ? 2 : 1 };
	}
}

static int finish(const struct ra_bank_in *in, struct ra_bank_out *o, struct ra_diag *d)
{
	fill_operands(in, o);
	for (size_t i = 0; i < o->n_ops; i++) {
		const char *why;
		const struct ra_fma_op *op = &o->ops[i];
		if (op->dual && !ra_vopd_ok(&op->half[0], &op->half[1], &why))
			return RA_FAIL(d, RA_BANK_E_INTERNAL, "pair %zu rejected: %s", i, why);
	}
	o->end = o->frag_hi > o->acc_hi ? o->frag_hi : o->acc_hi;
	if (o->end - in->base > in->budget)
		return RA_FAIL(d, RA_BANK_E_BUDGET, "needs %u VGPRs from v%u (v%u..v%u), budget %u",
			    o->end - in->base, in->base, in->base, o->end - 1, in->budget);
	uint8_t used[RA_VGPR_MAX] = { 0 };
	for (unsigned k = 0; k < in->n_acc; k++)
		used[o->acc_vgpr[k]] = 1;
	for (unsigned s = 0; s < o->frag_sets; s++) {
		for (unsigned k = 0; k < in->n_a; k++)
			used[o->a_vgpr[k] + s * o->frag_stride] = 1;
		for (unsigned k = 0; k < in->n_b; k++)
			used[o->b_vgpr[k] + s * o->frag_stride] = 1;
	}
	o->n_free = 0;
	for (unsigned v = in->base; v < o->end; v++)
		if (!used[v])
			o->free_vgpr[o->n_free++] = v;
	size_t n = in->n_fma;
	if (o->n_single == 0)
		o->note[0] = '\0';
	else if (o->max_pairs == n / 2)
		snprintf(o->note, sizeof o->note, "%zu FMAs (odd): %zu pairs, 1 single",
			 n, o->max_pairs);
	else
		snprintf(o->note, sizeof o->note, "accumulator uses split at best "
			 "%zu even / %zu odd: %zu pairs, %zu singles",
			 o->max_pairs, n - o->max_pairs, o->max_pairs, o->n_single);
	return RA_BANK_OK;
}

void ra_bank_free(struct ra_bank_out *o)
{
	free(o->acc_vgpr);
	free(o->a_vgpr);
	free(o->b_vgpr);
	free(o->ops);
	free(o->a_runs);
	free(o->b_runs);
	free(o->free_vgpr);
	memset(o, 0, sizeof *o);
}

int ra_bank_alloc(const struct ra_bank_in *in, struct ra_bank_out *o, struct ra_diag *d)
{
	memset(o, 0, sizeof *o);
	if (d)
		d->msg[0] = '\0';
	int rc = check_input(in, d);
	if (rc)
		return rc;
	uint32_t *fma_of = malloc((size_t)in->n_a * in->n_b * sizeof *fma_of);
	uint8_t *seen = calloc(in->n_acc, 1);
	o->acc_vgpr = calloc(in->n_acc, sizeof *o->acc_vgpr);
	o->a_vgpr = calloc(in->n_a, sizeof *o->a_vgpr);
	o->b_vgpr = calloc(in->n_b, sizeof *o->b_vgpr);
	o->ops = calloc(in->n_fma, sizeof *o->ops);
	o->a_runs = calloc(in->n_a, sizeof *o->a_runs);
	o->b_runs = calloc(in->n_b, sizeof *o->b_runs);
	o->free_vgpr = calloc(RA_VGPR_MAX, sizeof *o->free_vgpr);
	if (!fma_of || !seen || !o->acc_vgpr || !o->a_vgpr || !o->b_vgpr ||
	    !o->ops || !o->a_runs || !o->b_runs || !o->free_vgpr) {
		rc = RA_FAIL(d, RA_BANK_E_NOMEM, "out of memory");
		goto out;
	}
	o->grid = is_grid(in, fma_of, seen);
	/* Accumulators first, then the fragments, each from a 4-aligned VGPR
	 * so bank quotas are exact. */
	o->acc_lo = align_up4(in->base);
	if (o->grid) {
		o->acc_hi = o->acc_lo + in->n_acc;
		o->frag_lo = align_up4(o->acc_hi);
		place_fragments(in, o);
		if (schedule_grid(in, o, fma_of)) {
			rc = RA_FAIL(d, RA_BANK_E_NOMEM, "out of memory");
			goto out;
		}
		o->max_pairs = in->n_fma / 2;
		if (assign_grid_accs(in, o)) {
			rc = RA_FAIL(d, RA_BANK_E_NOMEM, "out of memory");
			goto out;
		}
	} else {
		/* The split fixes the accumulator pool, then the fragments follow. */
		unsigned *uses = NULL;
		bool *odd = NULL;
		rc = general_accs(in, o, &uses, &odd);
		if (!rc) {
			o->frag_lo = align_up4(o->acc_hi);
			place_fragments(in, o);
			rc = general_pairs(in, o, odd);
		}
		free(uses);
		free(odd);
		if (rc) {
			rc = RA_FAIL(d, rc, "out of memory");
			goto out;
		}
	}
	if (o->frag_hi > RA_VGPR_MAX || o->acc_hi > RA_VGPR_MAX) {
		rc = RA_FAIL(d, RA_BANK_E_BUDGET, "needs VGPRs beyond v%d", RA_VGPR_MAX - 1);
		goto out;
	}
	rc = finish(in, o, d);
out:
	free(fma_of);
	free(seen);
	if (rc)
		ra_bank_free(o);
	return rc;
}

void ra_bank_accesses(const struct ra_bank_out *o, struct ra_access *seq)
{
	for (size_t i = 0; i < o->n_ops; i++) {
		const struct ra_fma_op *op = &o->ops[i];
		ra_access_from_vopd(&seq[i], &op->half[0], op->dual ? &op->half[1] : NULL);
	}
}

size_t ra_bank_grid(struct ra_fma *f, unsigned tm, unsigned tn)
{
	size_t n = 0;
	for (unsigned i = 0; i < tm; i++)
		for (unsigned j = 0; j < tn; j++)
			f[n++] = (struct ra_fma){ (uint16_t)(i * tn + j), (uint16_t)i, (uint16_t)j };
	return n;
}

void ra_bank_op_for_set(const struct ra_bank_out *o, const struct ra_fma_op *op,
			unsigned set, struct ra_fma_op *dst)
{
	*dst = *op;
	for (int h = 0; h < (op->dual ? 2 : 1); h++) {
		/* The allocator's src0 and vsrc1 are always fragment VGPRs. */
		dst->half[h].src0.val += set * o->frag_stride;
		dst->half[h].vsrc1 += set * o->frag_stride;
	}
}
