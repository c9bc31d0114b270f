/* report_cfg.c — control flow of a kernel's instructions, for the choice of
 * the main loop (report.c, find_loop).
 *
 * A branch to a lower address is not always a loop: a generator (hgemm's
 * out-of-line edge copies after s_endpgm) or a compiler may place a block
 * after the end of the program that jumps back into the loop it left.  A back
 * edge is a branch whose target dominates it (every path from the entry to the
 * branch passes through the target); the loop of a back edge is its natural
 * loop: the target and every instruction that reaches the branch without
 * passing through the target.  Instruction-level graph: an instruction flows
 * to the next one unless it is an unconditional branch or s_endpgm, and a
 * branch also flows to its target. */
#include <stdlib.h>
#include <string.h>

#include "report/report_internal.h"

static bool falls_through(const struct rp_inst *v, unsigned n, unsigned i)
{
	return i + 1 < n && !v[i].end && !(v[i].branch && !v[i].cond);
}

static void classify(struct rp_flow *f);

int rp_flow_init(struct rp_flow *f, const struct rp_inst *v, unsigned n)
{
	memset(f, 0, sizeof *f);
	f->v = v;
	f->n = n;
	f->pred_at = calloc((size_t)n + 1, sizeof *f->pred_at);
	f->pred = calloc(2 * (size_t)n + 1, sizeof *f->pred);
	f->stack = calloc((size_t)n + 1, sizeof *f->stack);
	f->seen = calloc((size_t)n + 1, 1);
	f->loop = calloc(3 * ((size_t)n + 1), 1);
	if (!f->pred_at || !f->pred || !f->stack || !f->seen || !f->loop) {
		rp_flow_free(f);
		return -1;
	}
	/* Predecessor lists, compressed: counts, prefix sums, fill. */
	for (unsigned i = 0; i < n; i++) {
		if (falls_through(v, n, i))
			f->pred_at[i + 1]++;
		if (v[i].branch && v[i].target >= 0)
			f->pred_at[v[i].target]++;
	}
	unsigned sum = 0;
	for (unsigned i = 0; i <= n; i++) {
		unsigned c = f->pred_at[i];
		f->pred_at[i] = sum;
		sum += c;
	}
	unsigned *fill = f->stack;   /* reused as the fill cursors */
	for (unsigned i = 0; i < n; i++)
		fill[i] = f->pred_at[i];
	for (unsigned i = 0; i < n; i++) {
		if (falls_through(v, n, i))
			f->pred[fill[i + 1]++] = i;
		if (v[i].branch && v[i].target >= 0)
			f->pred[fill[v[i].target]++] = i;
	}
	classify(f);
	return 0;
}

void rp_flow_free(struct rp_flow *f)
{
	free(f->pred_at);
	free(f->pred);
	free(f->stack);
	free(f->seen);
	free(f->loop);
	memset(f, 0, sizeof *f);
}

/* Whether a path leads from instruction `from` to `to` that does not pass
 * through `avoid` (f->n: none). */
static bool reaches(struct rp_flow *f, unsigned from, unsigned to, unsigned avoid)
{
	memset(f->seen, 0, f->n);
	unsigned sp = 0;
	f->seen[from] = 1;
	f->stack[sp++] = from;
	while (sp) {
		unsigned x = f->stack[--sp];
		if (x == to)
			return true;
		unsigned succ[2], ns = 0;
		if (falls_through(f->v, f->n, x))
			succ[ns++] = x + 1;
		if (f->v[x].branch && f->v[x].target >= 0)
			succ[ns++] = (unsigned)f->v[x].target;
		for (unsigned s = 0; s < ns; s++)
			if (succ[s] != avoid && !f->seen[succ[s]]) {
				f->seen[succ[s]] = 1;
				f->stack[sp++] = succ[s];
			}
	}
	return false;
}

/* Whether every path from the entry to instruction i passes through t. */
static bool dominates(struct rp_flow *f, unsigned t, unsigned i)
{
	return t == 0 || t == i || !reaches(f, 0, i, t);
}

/* Which branches close a loop (f->loop[i]): a back edge (RP_LOOP_NATURAL:
 * its target dominates it, the body is its natural loop) or, for a cycle
 * with more than one entry (clang's structurized code may enter a loop both
 * at its head and past it), a backward branch that lies in no natural loop
 * and whose target reaches it (RP_LOOP_RANGE: the body is the address range
 * [target, branch]).  A backward branch inside a natural loop that is no back
 * edge (an out-of-line block returning into the loop) closes none. */
static void classify(struct rp_flow *f)
{
	uint8_t *in_natural = f->loop + f->n + 1, *body = in_natural + f->n + 1;
	for (unsigned i = 0; i < f->n; i++) {
		const struct rp_inst *b = &f->v[i];
		if (b->branch && b->target >= 0 && b->target <= (int)i && dominates(f, (unsigned)b->target, i)) {
			f->loop[i] = RP_LOOP_NATURAL;
			rp_flow_body(f, i, body);
			for (unsigned j = 0; j < f->n; j++)
				in_natural[j] |= body[j];
		}
	}
	for (unsigned i = 0; i < f->n; i++) {
		const struct rp_inst *b = &f->v[i];
		if (!f->loop[i] && b->branch && b->target >= 0 && b->target <= (int)i && !in_natural[i] &&
		    reaches(f, (unsigned)b->target, i, f->n))
			f->loop[i] = RP_LOOP_RANGE;
	}
}

void rp_flow_body(struct rp_flow *f, unsigned i, uint8_t *body)
{
	unsigned t = (unsigned)f->v[i].target, sp = 0;
	memset(body, 0, f->n);
	if (f->loop[i] == RP_LOOP_RANGE) {
		memset(body + t, 1, i - t + 1);
		return;
	}
	body[t] = 1;
	if (!body[i]) {
		body[i] = 1;
		f->stack[sp++] = i;
	}
	while (sp) {
		unsigned x = f->stack[--sp];
		for (unsigned p = f->pred_at[x]; p < f->pred_at[x + 1]; p++) {
			unsigned y = f->pred[p];
			if (!body[y]) {
				body[y] = 1;
				f->stack[sp++] = y;
			}
		}
	}
}
