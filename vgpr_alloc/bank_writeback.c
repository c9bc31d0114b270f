/* Accumulator write-back: the parallel copy from the bank-friendly layout
 * to the layout the vector stores need, with the fewest v_mov_b32. */
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Minimality: a value that must move costs at least one move; a cycle of
 * L values has no free destination to start from, so one of them must go
 * through a register outside the cycle first: L + 1.  Chains (paths ending
 * in a free register) cost exactly their length when done from the free
 * end backwards. */
int ra_writeback(const unsigned *cur, const unsigned *want, size_t n,
		 unsigned scratch, struct ra_move **moves, size_t *n_moves,
		 size_t *n_cycles, struct ra_diag *d)
{
	int holder[RA_VGPR_MAX], wanted_by[RA_VGPR_MAX];
	*moves = NULL;
	*n_moves = 0;
	if (n_cycles)
		*n_cycles = 0;
	if (n > RA_VGPR_MAX)
		return RA_FAIL(d, RA_BANK_E_INPUT, "%zu values: more than %d VGPRs", n, RA_VGPR_MAX);
	if (scratch >= RA_VGPR_MAX)
		return RA_FAIL(d, RA_BANK_E_INPUT, "scratch v%u out of range", scratch);
	for (int r = 0; r < RA_VGPR_MAX; r++)
		holder[r] = wanted_by[r] = -1;
	for (size_t i = 0; i < n; i++) {
		if (cur[i] >= RA_VGPR_MAX || want[i] >= RA_VGPR_MAX)
			return RA_FAIL(d, RA_BANK_E_INPUT, "value %zu: VGPR out of range", i);
		if (holder[cur[i]] >= 0)
			return RA_FAIL(d, RA_BANK_E_INPUT, "v%u holds two values", cur[i]);
		if (wanted_by[want[i]] >= 0)
			return RA_FAIL(d, RA_BANK_E_INPUT, "v%u wanted by two values", want[i]);
		holder[cur[i]] = (int)i;
		wanted_by[want[i]] = (int)i;
	}
	if (holder[scratch] >= 0 || wanted_by[scratch] >= 0)
		return RA_FAIL(d, RA_BANK_E_INPUT, "scratch v%u is in use", scratch);

	struct ra_move *mv = malloc((2 * n + 1) * sizeof *mv);
	unsigned *at = malloc((n ? n : 1) * sizeof *at);
	int *work = malloc((n ? n : 1) * sizeof *work);
	if (!mv || !at || !work) {
		free(mv);
		free(at);
		free(work);
		return RA_FAIL(d, RA_BANK_E_NOMEM, "out of memory");
	}
	size_t nm = 0, nw = 0, cycles = 0;
	memcpy(at, cur, n * sizeof *at);
	/* Chains: a value whose destination holds nothing can move now, and
	 * frees its old register for the value that wants it. */
	for (size_t i = 0; i < n; i++)
		if (at[i] != want[i] && holder[want[i]] < 0)
			work[nw++] = (int)i;
	while (nw) {
		int i = work[--nw];
		unsigned from = at[i];
		mv[nm++] = (struct ra_move){ (uint16_t)want[i], (uint16_t)from };
		holder[from] = -1;
		holder[want[i]] = i;
		at[i] = want[i];
		int j = wanted_by[from];
		if (j >= 0 && at[j] != want[j])
			work[nw++] = j;
	}
	/* What is left are cycles: save one value, rotate, restore. */
	for (size_t i = 0; i < n; i++) {
		if (at[i] == want[i])
			continue;
		cycles++;
		unsigned free_reg = at[i];
		mv[nm++] = (struct ra_move){ (uint16_t)scratch, (uint16_t)free_reg };
		for (;;) {
			int j = wanted_by[free_reg];
			if (j == (int)i) {
				mv[nm++] = (struct ra_move){ (uint16_t)free_reg, (uint16_t)scratch };
				at[i] = want[i];
				break;
			}
			mv[nm++] = (struct ra_move){ (uint16_t)free_reg, (uint16_t)at[j] };
			unsigned next = at[j];
			at[j] = want[j];
			free_reg = next;
		}
	}
	free(at);
	free(work);
	*moves = mv;
	*n_moves = nm;
	if (n_cycles)
		*n_cycles = cycles;
	return RA_BANK_OK;
}

bool ra_stores_straight(const unsigned *cur, const unsigned *idx,
			const unsigned *width, size_t n_groups)
{
	size_t off = 0;
	for (size_t g = 0; g < n_groups; g++) {
		for (unsigned k = 1; k < width[g]; k++)
			if (cur[idx[off + k]] != cur[idx[off]] + k)
				return false;
		off += width[g];
	}
	return true;
}

size_t ra_moves_dual(const struct ra_move *mv, size_t n, struct ra_move_op *out)
{
	size_t k = 0, i = 0;
	while (i < n) {
		struct ra_move_op *op = &out[k++];
		op->x = mv[i];
		op->dual = false;
		if (i + 1 < n) {
			/* VOPD reads both sources before writing: equal to the two
			 * moves in order exactly when X does not write Y's source. */
			struct ra_vopd_half x = { .op = RA_VOPD_MOV_B32, .dst = mv[i].dst,
						  .src0 = { RA_OPND_VGPR, mv[i].src } };
			struct ra_vopd_half y = { .op = RA_VOPD_MOV_B32, .dst = mv[i + 1].dst,
						  .src0 = { RA_OPND_VGPR, mv[i + 1].src } };
			if (ra_vopd_ok(&x, &y, NULL) && ra_vopd_in_order(&x, &y)) {
				op->y = mv[i + 1];
				op->dual = true;
				i++;
			}
		}
		i++;
	}
	return k;
}
