/* Assembly from the bank allocator and the VOPD predicate, for
 * tests/vgpr_alloc/bank_llvm_mc.sh, which feeds it to llvm-mc:
 *   bank_dump --dump TM TN            allocator output for a TM x TN tile
 *   bank_dump --dump-writeback TM TN  write-back moves into row-major order
 *   bank_dump --dump-broken           one pair with equal destination parity
 *   bank_dump --vopd-cases            random VOPD lines, TAB, our verdict */
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FMAC(d, s0, v1) ((struct ra_vopd_half){ .op = RA_VOPD_FMAC_F32, .dst = d, \
	.src0 = { RA_OPND_VGPR, s0 }, .vsrc1 = v1 })

/* The allocator's plan for a TM x TN outer product from v0 (0, or 1 with a
 * message on stderr). */
static int alloc_tile(unsigned tm, unsigned tn, struct ra_bank_out *o)
{
	struct ra_fma f[256];
	struct ra_diag d;
	if (tm * tn > 256) {
		fprintf(stderr, "bank_dump: %ux%u: more than 256 accumulators\n", tm, tn);
		return 1;
	}
	size_t n = ra_bank_grid(f, tm, tn);
	struct ra_bank_in in = { tm * tn, tm, tn, f, n, 0, 256, 1 };
	if (ra_bank_alloc(&in, o, &d)) {
		fprintf(stderr, "bank_dump: %s\n", d.msg);
		return 1;
	}
	return 0;
}

static int dump(unsigned tm, unsigned tn)
{
	struct ra_bank_out o;
	if (alloc_tile(tm, tn, &o))
		return 1;
	char line[160];
	for (size_t i = 0; i < o.n_ops; i++) {
		ra_fma_op_str(line, sizeof line, &o.ops[i]);
		printf("%s\n", line);
	}
	ra_bank_free(&o);
	return 0;
}

/* The write-back of a TM x TN tile into row-major order, as assembly. */
static int dump_writeback(unsigned tm, unsigned tn)
{
	struct ra_bank_out o;
	struct ra_diag d;
	if (alloc_tile(tm, tn, &o))
		return 1;
	size_t n = (size_t)tm * tn;
	unsigned want[256];
	for (unsigned i = 0; i < n; i++)
		want[i] = o.acc_lo + i;
	struct ra_move *mv;
	size_t nm;
	int rc = ra_writeback(o.acc_vgpr, want, n, o.frag_lo, &mv, &nm, NULL, &d);
	struct ra_move_op *ops = rc ? NULL : malloc((nm ? nm : 1) * sizeof *ops);
	if (ops) {
		size_t ni = ra_moves_dual(mv, nm, ops);
		for (size_t k = 0; k < ni; k++) {
			if (ops[k].dual)
				printf("v_dual_mov_b32 v%u, v%u :: v_dual_mov_b32 v%u, v%u\n",
				       ops[k].x.dst, ops[k].x.src, ops[k].y.dst, ops[k].y.src);
			else
				printf("v_mov_b32 v%u, v%u\n", ops[k].x.dst, ops[k].x.src);
		}
	}
	free(ops);
	free(mv);
	ra_bank_free(&o);
	return rc || !ops;
}

static uint32_t rnd_state = 777;
static unsigned rnd(unsigned n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

static struct ra_vopd_half random_half(bool y)
{
	static const enum ra_vopd_op ops[] = {
		RA_VOPD_FMAC_F32, RA_VOPD_FMAC_F32, RA_VOPD_FMAC_F32, RA_VOPD_FMAAK_F32,
		RA_VOPD_FMAMK_F32, RA_VOPD_MUL_F32, RA_VOPD_MOV_B32, RA_VOPD_CNDMASK_B32,
		RA_VOPD_DOT2ACC_F32_F16, RA_VOPD_ADD_NC_U32, RA_VOPD_AND_B32,
	};
	struct ra_vopd_half h;
	memset(&h, 0, sizeof h);
	do
		h.op = ops[rnd(sizeof ops / sizeof ops[0])];
	while (!y && !ao_vopd_x_ok(ra_vopd_ops[h.op].base));
	h.dst = rnd(12);
	unsigned k = rnd(10);
	if (k < 6)
		h.src0 = (struct ra_opnd){ RA_OPND_VGPR, rnd(12) };
	else if (k < 8)
		h.src0 = (struct ra_opnd){ RA_OPND_SGPR, rnd(3) };
	else if (k < 9)
		h.src0 = (struct ra_opnd){ RA_OPND_INLINE, 242 };
	else
		h.src0 = (struct ra_opnd){ RA_OPND_LITERAL, 0x1234 + rnd(2) };
	h.vsrc1 = rnd(12);
	h.k = 0x1234 + rnd(2);
	return h;
}

static int vopd_cases(void)
{
	char x[64], y[64];
	for (int i = 0; i < 400; i++) {
		struct ra_vopd_half hx = random_half(false), hy = random_half(true);
		bool ok = ra_vopd_ok(&hx, &hy, NULL);
		ra_vopd_half_str(x, sizeof x, &hx);
		ra_vopd_half_str(y, sizeof y, &hy);
		printf("%s :: %s\t%s\n", x, y, ok ? "ok" : "bad");
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "--dump"))
		return dump((unsigned)atoi(argv[2]), (unsigned)atoi(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "--dump-writeback"))
		return dump_writeback((unsigned)atoi(argv[2]), (unsigned)atoi(argv[3]));
	if (argc == 2 && !strcmp(argv[1], "--vopd-cases"))
		return vopd_cases();
	if (argc == 2 && !strcmp(argv[1], "--dump-broken")) {
		struct ra_fma_op op = { .dual = true };
		op.half[0] = FMAC(4, 2, 0);
		op.half[1] = FMAC(6, 3, 1);  /* both destinations even */
		char line[160];
		ra_fma_op_str(line, sizeof line, &op);
		printf("%s\n", line);
		return ra_vopd_ok(&op.half[0], &op.half[1], NULL) ? 1 : 0;
	}
	fprintf(stderr, "usage: bank_dump --dump TM TN | --dump-writeback TM TN | "
		"--dump-broken | --vopd-cases\n");
	return 2;
}
