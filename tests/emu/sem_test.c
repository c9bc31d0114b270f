/* sem_test — instruction semantics against hand-computed values.
 *
 * Each row of sem_vectors.inc becomes a short block of a generated kernel: set
 * the inputs, run the row's instructions, store (v4|s13, SCC, vcc_lo, exec_lo)
 * for that row.  Two kernels are built, one flushing f32 denormals and one
 * keeping them; a failure names the row and the instruction text.  Rows in
 * lower case (f, k, b) use instructions only the ISA 11.5 targets have (the
 * SALU float ops): they make two more kernels, assembled for the first target
 * with FeatureSALUFloatInsts, and the flushing one is also run as the default
 * target, which must refuse it as LLVM does (naming the instruction). */
#include "isa/isa.h"
#include "tests/emu/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sem_row {
	char mode;
	const char *text;
	uint32_t a, b, c, want;
	char aux;
	uint32_t aux_want;
	int line;
};

static const struct sem_row rows[] = {
#define SEM(mode, text, a, b, c, want, aux, auxv) \
	{ mode, text, (uint32_t)(a), (uint32_t)(b), (uint32_t)(c), (uint32_t)(want), (char)(aux), (uint32_t)(auxv), __LINE__ },
#include "tests/emu/sem_vectors.inc"
#undef SEM
};
enum { NROWS = sizeof rows / sizeof rows[0] };

/* kmode: 'F' or 'K' (the default target's kernels), 'f' or 'k' (the 11.5 target's) */
static bool in_kernel(char mode, char kmode)
{
	bool lower = kmode == 'f' || kmode == 'k';
	if (lower != (mode >= 'a' && mode <= 'z'))
		return false;
	char m = lower ? (char)(mode - 'a' + 'A') : mode, km = lower ? (char)(kmode - 'a' + 'A') : kmode;
	return m == 'B' || m == km || (m == 'Z' && km == 'F');
}

/* The first target with the SALU float ops, or NULL. */
static const struct isa_target *salu_float_target(void)
{
	unsigned n;
	const struct isa_target *t = isa_targets(&n);
	for (unsigned i = 0; i < n; i++)
		if (t[i].features & ISA_F_SALU_FLOAT)
			return &t[i];
	return NULL;
}

/* Append to a growing text buffer. */
struct buf {
	char *p;
	size_t n, cap;
};

static void put(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void put(struct buf *b, const char *fmt, ...)
{
	for (;;) {
		va_list ap;
		va_start(ap, fmt);
		int k = vsnprintf(b->p + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (k >= 0 && (size_t)k < b->cap - b->n) {
			b->n += (size_t)k;
			return;
		}
		b->cap = b->cap ? 2 * b->cap : 65536;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			abort();
	}
}

static char *kernel_text(char kmode, const char *target, const char *name, unsigned *count)
{
	struct buf b = { 0 };
	put(&b, ".amdhsa_code_object_version 5\n.amdgcn_target \"amdgcn-amd-amdhsa--%s\"\n.text\n", target);
	put(&b, ".globl %s\n.p2align 8\n.type %s,@function\n%s:\n", name, name, name);
	put(&b, " s_load_b128 s[20:23], s[0:1], 0x0\n s_waitcnt lgkmcnt(0)\n s_mov_b32 exec_lo, 1\n");
	unsigned n = 0;
	for (unsigned i = 0; i < NROWS; i++) {
		const struct sem_row *r = &rows[i];
		if (!in_kernel(r->mode, kmode))
			continue;
		put(&b, "// row %u (line %d)\n", i, r->line);
		put(&b, " v_mov_b32 v1, 0x%x\n v_mov_b32 v2, 0x%x\n v_mov_b32 v3, 0x%x\n", r->a, r->b, r->c);
		put(&b, " s_mov_b32 s10, 0x%x\n s_mov_b32 s11, 0x%x\n s_mov_b32 s12, 0x%x\n s_mov_b32 vcc_lo, 0x%x\n", r->a,
		    r->b, r->c, r->c);
		put(&b, " v_mov_b32 v4, %s\n s_mov_b32 s13, 0\n s_bitcmp1_b32 s12, 0\n", r->mode == 'Z' ? "0x7777" : "0");
		if (r->mode == 'Z')
			put(&b, " s_mov_b32 exec_lo, 0\n");
		/* the results are read after a wait for VALU results, as LLVM pads a
		 * TRANS result's use on the 11.0 targets (the trans-use check) */
		put(&b, " %s\n s_waitcnt_depctr 0xfff\n", r->text);
		put(&b, " s_cselect_b32 s14, 1, 0\n s_mov_b32 s15, vcc_lo\n s_mov_b32 s16, exec_lo\n s_mov_b32 exec_lo, 1\n");
		put(&b, " v_or_b32 v5, s13, v4\n v_mov_b32 v6, s14\n v_mov_b32 v7, s15\n v_mov_b32 v8, s16\n v_mov_b32 v9, 0\n");
		put(&b, " global_store_b128 v9, v[5:8], s[20:21]\n s_add_u32 s20, s20, 16\n s_addc_u32 s21, s21, 0\n");
		n++;
	}
	put(&b, " s_endpgm\n.rodata\n.p2align 6\n.amdhsa_kernel %s\n", name);
	put(&b, " .amdhsa_next_free_vgpr 24\n .amdhsa_next_free_sgpr 24\n .amdhsa_user_sgpr_kernarg_segment_ptr 1\n");
	put(&b, " .amdhsa_kernarg_size 16\n .amdhsa_group_segment_fixed_size 1024\n .amdhsa_private_segment_fixed_size 64\n .amdhsa_enable_private_segment 1\n .amdhsa_wavefront_size32 1\n .amdhsa_float_denorm_mode_32 %d\n", kmode == 'F' || kmode == 'f' ? 0 : 3);
	put(&b, ".end_amdhsa_kernel\n.amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n");
	put(&b, "  - .name: %s\n    .symbol: %s.kd\n    .kernarg_segment_size: 16\n    .kernarg_segment_align: 8\n", name, name);
	put(&b, "    .group_segment_fixed_size: 1024\n    .private_segment_fixed_size: 64\n    .max_flat_workgroup_size: 32\n");
	put(&b, "    .wavefront_size: 32\n    .sgpr_count: 24\n    .vgpr_count: 24\n");
	put(&b, "    .args:\n      - { .name: results, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }\n");
	put(&b, "      - { .name: work, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }\n");
	put(&b, "...\n.end_amdgpu_metadata\n");
	*count = n;
	return b.p;
}

/* The kernel of kmode run as the default target, which lacks its
 * instructions: refused at the first one, as LLVM refuses the source. */
static void check_refused(struct th *t, const char *name, const void *ka, size_t n)
{
	const struct isa_target *def = isa_target_default();
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	char want[96];
	snprintf(want, sizeof want, "is not a %s instruction (FeatureSALUFloatInsts: ", def->name);
	t->target = def->name;
	int rc = th_run(t, name, ka, n, grid, block);
	t->target = NULL;
	th_ok(rc == EMU_E_DECODE && strstr(t->err, want) && strstr(t->err, "`s_") && !strchr(t->err, '\n'),
	      "sem_salu_float_refused_on_default_target", "rc %d: %s", rc, t->err);
}

static void run_mode(char kmode)
{
	char name[32], path[600], err[700], tname[64];
	bool lower = kmode == 'f' || kmode == 'k';
	const struct isa_target *tg = lower ? salu_float_target() : isa_target_default();
	snprintf(name, sizeof name, "sem_%c%s", kmode == 'F' || kmode == 'f' ? 'f' : 'k', lower ? "_salu_float" : "");
	if (!tg) {
		checkf(false, "sem_salu_float_target", "no target of isa/targets.def has FeatureSALUFloatInsts");
		return;
	}
	unsigned n;
	char *text = kernel_text(kmode, tg->name, name, &n);
	snprintf(tname, sizeof tname, "%s_build", name);
	if (th_build_text_for(tg->name, name, text, path, sizeof path, err, sizeof err)) {
		checkf(false, tname, "%s", err);
		free(text);
		return;
	}
	free(text);
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(&t, path, &o)) {
		snprintf(tname, sizeof tname, "%s_open", name);
		checkf(false, tname, "%s", t.err);
		return;
	}
	uint64_t out = emu_alloc(t.dev, n * 16, 0), work = emu_alloc(t.dev, 256, 0);
	struct { uint64_t out, work; } ka = { out, work };
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	if (kmode == 'f')
		check_refused(&t, name, &ka, sizeof ka);
	int rc = th_run(&t, name, &ka, sizeof ka, grid, block);
	snprintf(tname, sizeof tname, "sem_%s%s_kernel_runs", kmode == 'F' || kmode == 'f' ? "flush" : "keep",
		 lower ? "_salu_float" : "");
	th_ok(rc == 0, tname, "%s", t.err);
	uint32_t *res = calloc(n, 16);
	emu_read(t.dev, out, res, n * 16);
	unsigned k = 0;
	for (unsigned i = 0; i < NROWS; i++) {
		const struct sem_row *r = &rows[i];
		if (!in_kernel(r->mode, kmode))
			continue;
		const uint32_t *got = res + 4 * k++;
		uint32_t aux = r->aux == 'S' ? got[1] : r->aux == 'V' ? got[2] : r->aux == 'E' ? got[3] : r->aux_want;
		char text1[48];
		snprintf(text1, sizeof text1, "%s", r->text);
		for (char *p = text1; *p; p++)
			if (*p == ' ' || *p == '\n' || *p == ',')
				*p = '_';
		snprintf(tname, sizeof tname, "sem_%c_line%d_%s", kmode, r->line, text1);
		th_ok(rc == 0 && got[0] == r->want && aux == r->aux_want, tname,
		      "`%s` a=0x%x b=0x%x c=0x%x: result 0x%x (want 0x%x), %c 0x%x (want 0x%x)", r->text, r->a, r->b,
		      r->c, got[0], r->want, r->aux ? r->aux : '-', aux, r->aux_want);
	}
	free(res);
	th_close(&t);
}

int main(void)
{
	run_mode('F');
	run_mode('K');
	run_mode('f');
	run_mode('k');
	th_cleanup(check_failures);
	return check_exit();
}
