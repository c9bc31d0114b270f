/* vgpr_alloc_test — allocator unit tests.  Expected placements are written
 * beside the builder calls ("-> v2" = the range lands at v2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/check.h"
#include "vgpr_alloc/vgpr_alloc.h"


static struct ao_kernel *kernel(void)
{
	struct ao_kernel_info info = { .name = "t", .block_threads = 64, .wgid = { true } };
	return ao_kernel_new(&info);
}

static void expect_phys(struct ra_ctx *ra, int id, int want, const char *what)
{
	char name[128], why[128];
	snprintf(name, sizeof name, "%s -> v%d", what, want);
	snprintf(why, sizeof why, "got v%d", ra_info(ra, (unsigned)id)->phys);
	check(ra_info(ra, (unsigned)id)->phys == want, name, why);
}

static void expect_text(struct ao_kernel *k, unsigned i, const char *want)
{
	char got[128], name[200], why[200];
	ao_print_inst(k, i, got, sizeof got);
	snprintf(name, sizeof name, "rewritten: %s", want);
	snprintf(why, sizeof why, "got '%s'", got);
	check(strcmp(got, want) == 0, name, why);
}

/* tid -> a (shift) -> b (64-bit mad) -> c (b's high half); b and c stored:
 * a dies at the mad, tid at the shift. */
static void straight_line(struct ao_kernel *k, struct ra_ctx *ra, int tid, int a, int b, int c)
{
	AO_I(k, AO_OP(v_lshlrev_b32), ra_op(ra, a), ao_int(2), ra_op(ra, tid));
	AO_I(k, AO_OP(v_mad_u64_u32), ra_op(ra, b), ao_null(), ra_op(ra, a), ao_s(2), ao_int(0));
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, c), ra_reg(ra, b, 1));
	AO_I(k, AO_OP(global_store_b32), ra_op(ra, b), ra_op(ra, c), ao_off());
	AO_I0(k, AO_OP(s_endpgm));
}

/* Straight-line code: ranges whose lives do not overlap share registers. */
static void test_reuse(void)
{
	struct ao_kernel *k = kernel();
	struct ra_ctx *ra = ra_new();
	int tid = ra_vreg(ra, "tid", 1), a = ra_vreg(ra, "a", 1), b = ra_vreg(ra, "b", 2),
	    c = ra_vreg(ra, "c", 1);
	ra_pin(ra, (unsigned)tid, 0);                                              /* -> v0 */
	straight_line(k, ra, tid, a, b, c);
	char err[200] = "";
	unsigned need = 0;
	int rc = ra_allocate(ra, k, 0, &need, err, sizeof err);
	check(rc == 0, "allocate straight line", err);
	expect_phys(ra, tid, 0, "tid (pinned)");
	expect_phys(ra, a, 1, "a");
	expect_phys(ra, b, 2, "b (2 registers)");
	expect_phys(ra, c, 0, "c reuses v0 after tid and a die");
	check(need == 4, "needs 4 VGPRs", "");
	expect_text(k, 1, "v_mad_u64_u32 v[2:3], null, v1, s2, 0");
	expect_text(k, 2, "v_mov_b32_e32 v0, v3");
	ra_free(ra);
	ao_kernel_free(k);
}

/* A wanted bank: first fit skips bases in other banks (a: v1 is free but in
 * bank 1), and a range without a wish still takes the lowest block. */
static void test_want_bank(void)
{
	struct ao_kernel *k = kernel();
	struct ra_ctx *ra = ra_new();
	int tid = ra_vreg(ra, "tid", 1), a = ra_vreg(ra, "a", 1), b = ra_vreg(ra, "b", 2),
	    c = ra_vreg(ra, "c", 1);
	ra_pin(ra, (unsigned)tid, 0);
	check(ra_want_bank(ra, (unsigned)a, 2) == 0, "want bank 2 accepted", "");
	check(ra_want_bank(ra, (unsigned)c, 3) == 0, "want bank 3 accepted", "");
	check(ra_want_bank(ra, (unsigned)c, 4) == RA_E_ARG, "want bank 4 refused", "");
	check(ra_want_bank(ra, 99, 0) == RA_E_ARG, "want bank of an unknown range refused", "");
	straight_line(k, ra, tid, a, b, c);
	char err[200] = "";
	unsigned need = 0;
	int rc = ra_allocate(ra, k, 0, &need, err, sizeof err);
	check(rc == 0, "allocate with wanted banks", err);
	expect_phys(ra, a, 2, "a in bank 2: v2, not the free v1");
	expect_phys(ra, b, 0, "b (no wish) at the lowest free pair, v[0:1]");
	expect_phys(ra, c, 3, "c in bank 3: v3, not the free v2");
	check(need == 4, "needs 4 VGPRs with the wishes", "");
	ra_free(ra);
	ao_kernel_free(k);
}

/* A value live into a loop stays live to the loop's end; a value read at the
 * loop top before being written (carried) too. */
static void test_loop(void)
{
	struct ao_kernel *k = kernel();
	struct ra_ctx *ra = ra_new();
	int acc = ra_vreg(ra, "acc", 1), x = ra_vreg(ra, "x", 1), t = ra_vreg(ra, "t", 1),
	    after = ra_vreg(ra, "after", 1);
	int top = ao_label(k, "top");
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, acc), ao_int(0));               /* 0: acc -> v1 (v0 fixed) */
	ao_bind(k, (unsigned)top);
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, t), ao_v(0));                   /* 1: t -> v2 */
	AO_I(k, AO_OP(v_add_f32), ra_op(ra, acc), ra_op(ra, acc), ra_op(ra, t)); /* 2: t dies here... */
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, x), ra_op(ra, acc));            /* 3: x -> v2, t is dead */
	AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)top));              /* 4: loop back */
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, after), ra_op(ra, x));          /* 5: after -> v1 (acc died at 4) */
	AO_I0(k, AO_OP(s_endpgm));
	char err[200] = "";
	int rc = ra_allocate(ra, k, 0, NULL, err, sizeof err);
	check(rc == 0, "allocate loop", err);
	expect_phys(ra, acc, 1, "acc (v0 named directly)");
	expect_phys(ra, t, 2, "t");
	/* x is defined at 3 and used at 5; t's interval is [1, 3): x may reuse v2 */
	expect_phys(ra, x, 2, "x reuses t's register");
	expect_phys(ra, after, 1, "after reuses acc's register");
	const struct ra_vreg_info *ia = ra_info(ra, (unsigned)acc);
	check(ia->live.start == 0 && ia->live.end == 5, "acc live over the whole loop [0, 5)", "");
	ra_free(ra);
	ao_kernel_free(k);

	/* carried: y is read at the loop top before its write at the bottom */
	k = kernel();
	ra = ra_new();
	int y = ra_vreg(ra, "y", 1), z = ra_vreg(ra, "z", 1);
	top = ao_label(k, "top");
	ao_bind(k, (unsigned)top);
	AO_I(k, AO_OP(v_mov_b32), ao_v(0), ra_op(ra, y));                   /* 0: read y */
	AO_I(k, AO_OP(v_mov_b32), ra_op(ra, z), ao_int(1));                 /* 1: z */
	AO_I(k, AO_OP(v_add_f32), ra_op(ra, y), ra_op(ra, z), ra_op(ra, z)); /* 2: write y */
	AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)top));              /* 3 */
	AO_I0(k, AO_OP(s_endpgm));
	rc = ra_allocate(ra, k, 0, NULL, err, sizeof err);
	check(rc == 0, "allocate carried loop", err);
	const struct ra_vreg_info *iy = ra_info(ra, (unsigned)y);
	check(iy->live.start == 0 && iy->live.end == 4, "carried y live over the whole loop [0, 4)", "");
	check(ra_info(ra, (unsigned)y)->phys != ra_info(ra, (unsigned)z)->phys, "y and z apart", "");
	ra_free(ra);
	ao_kernel_free(k);
}

static void test_limit(void)
{
	struct ao_kernel *k = kernel();
	struct ra_ctx *ra = ra_new();
	int big[5];
	for (int i = 0; i < 5; i++) {
		big[i] = ra_vreg(ra, "big", 64);
		AO_I(k, AO_OP(v_mov_b32), ra_sub(ra, (unsigned)big[i], 0, 1), ao_int(0));
	}
	for (int i = 0; i < 5; i++)
		AO_I(k, AO_OP(v_mov_b32), ao_v(0), ra_sub(ra, (unsigned)big[i], 63, 1));
	AO_I0(k, AO_OP(s_endpgm));
	char err[200] = "";
	unsigned need = 0;
	int rc = ra_allocate(ra, k, 0, &need, err, sizeof err);
	check(rc == RA_E_LIMIT && need == 321 && strstr(err, "321"), "5 x 64 live + v0: needs 321, refused", err);
	ra_free(ra);
	ao_kernel_free(k);

	k = kernel();
	ra = ra_new();
	int p = ra_vreg(ra, "p", 2);
	ra_pin(ra, (unsigned)p, 4);
	AO_I(k, AO_OP(v_mov_b32), ao_v(5), ao_int(0));
	AO_I(k, AO_OP(v_mov_b32), ra_sub(ra, (unsigned)p, 0, 1), ao_int(0));
	AO_I0(k, AO_OP(s_endpgm));
	rc = ra_allocate(ra, k, 0, NULL, err, sizeof err);
	check(rc == RA_E_PIN, "pin over a directly named register refused", err);
	ra_free(ra);
	ao_kernel_free(k);
}

static void test_report(void)
{
	struct ao_kernel *k = kernel();
	struct ra_ctx *ra = ra_new();
	int a = ra_vreg(ra, "acc", 4);
	ra_vreg(ra, "unused", 1);
	AO_I(k, AO_OP(v_mov_b32), ra_sub(ra, (unsigned)a, 3, 1), ao_int(0));
	AO_I0(k, AO_OP(s_endpgm));
	char err[200] = "";
	ra_allocate(ra, k, 0, NULL, err, sizeof err);
	char *rep = ra_report(ra);
	check(rep && strstr(rep, "acc") && strstr(rep, "v[0:3]") && strstr(rep, "unused"),
	      "report names ranges and registers", rep ? rep : "NULL");
	free(rep);
	expect_text(k, 0, "v_mov_b32_e32 v3, 0");
	ra_free(ra);
	ao_kernel_free(k);
}

/* VOPD formation after allocation (fuse.c), cases worked out by hand from
 * LLVM's rules (src0 banks differ, vsrc1 banks differ, destinations of
 * different parity; bank = VGPR mod 4). */
#define FMAC(k, d, a, b) AO_I((k), AO_OP(v_fmac_f32), ao_v(d), ao_v(a), ao_v(b))
static void test_fuse(void)
{
	struct ra_fuse_stats st;
	struct ao_kernel *k = kernel();
	/* as written: src0 v4/v5 banks 0/1, vsrc1 v9/v10 banks 1/2, dst v0/v1 */
	FMAC(k, 0, 4, 9);
	FMAC(k, 1, 5, 10);
	int end = ao_label(k, "end");
	ao_bind(k, (unsigned)end);
	AO_I0(k, AO_OP(s_endpgm));
	check(ra_fuse_fmac(k, &st) == 0 && st.pairs == 1 && st.singles == 0 && ao_inst_count(k) == 2,
	      "fuse: a legal pair as written", "");
	expect_text(k, 0, "v_dual_fmac_f32 v0, v4, v9 :: v_dual_fmac_f32 v1, v5, v10");
	check(ao_label_pos(k, (unsigned)end) == 1, "fuse: the label after the pair moves up", "");
	ao_kernel_free(k);

	/* the second reads the first's result: no pair */
	k = kernel();
	FMAC(k, 0, 4, 9);
	FMAC(k, 1, 0, 10);
	check(ra_fuse_fmac(k, &st) == 0 && st.pairs == 0 && st.singles == 2 && ao_inst_count(k) == 2,
	      "fuse: a dependent FMA stays single", "");
	ao_kernel_free(k);

	/* one src0 v4 for both (same bank): legal once Y's factors swap, src0
	 * v4/v10 banks 0/2 and vsrc1 v9/v4 banks 1/0 */
	k = kernel();
	FMAC(k, 0, 4, 9);
	FMAC(k, 1, 4, 10);
	check(ra_fuse_fmac(k, &st) == 0 && st.pairs == 1, "fuse: factors swapped", "");
	expect_text(k, 0, "v_dual_fmac_f32 v0, v4, v9 :: v_dual_fmac_f32 v1, v10, v4");
	ao_kernel_free(k);

	/* v0 and v2 have one parity: the first pairs with the third (v1), which
	 * moves up past the second */
	k = kernel();
	FMAC(k, 0, 4, 8);
	FMAC(k, 2, 5, 9);
	FMAC(k, 1, 6, 10);
	check(ra_fuse_fmac(k, &st) == 0 && st.pairs == 1 && st.singles == 1 && ao_inst_count(k) == 2,
	      "fuse: a partner moved up past an FMA", "");
	expect_text(k, 0, "v_dual_fmac_f32 v0, v4, v8 :: v_dual_fmac_f32 v1, v6, v10");
	expect_text(k, 1, "v_fmac_f32_e32 v2, v5, v9");
	ao_kernel_free(k);

	/* a label between two FMAs is a block boundary */
	k = kernel();
	FMAC(k, 0, 4, 9);
	int mid = ao_label(k, "mid");
	ao_bind(k, (unsigned)mid);
	FMAC(k, 1, 5, 10);
	check(ra_fuse_fmac(k, &st) == 0 && st.pairs == 0 && ao_inst_count(k) == 2 &&
	      ao_label_pos(k, (unsigned)mid) == 1, "fuse: no pair across a label", "");
	ao_kernel_free(k);
}

int main(void)
{
	test_fuse();
	test_reuse();
	test_want_bank();
	test_loop();
	test_limit();
	test_report();
	return check_exit();
}
