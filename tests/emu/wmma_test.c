/* wmma_test.c — the v_wmma_* executors against hand-built fragments.
 *
 * Each case runs one WMMA in a one-wave kernel: the host writes the VGPR images
 * of A (v8..), B (v16..) and C/D (v24..31) lane by lane, the kernel loads them,
 * runs the instruction and stores v24..31 back.  Matrices are placed into
 * fragments by the layout of the RDNA3 ISA guide (emu/WMMA.md): lane l holds row
 * l%16 of A and column l%16 of B, VGPR j of C/D holds element (2j + l/16, l%16).
 * Expected values are small integers worked out in the test (exact in every
 * format), so any rounding order gives the same bits.  Then a clang-built HIP
 * kernel using __builtin_amdgcn_wmma_f32_16x16x16_f16_w32 runs on the emulator.
 */
#include "emu/fmath.h"
#include "tests/emu/harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char kdir[512];
static unsigned run_checks = EMU_CHECK_ALL; /* the checks run_case switches on */

enum ty { F16, BF16, IU8, IU4 };
static const unsigned ty_vgprs[] = { 8, 8, 4, 2 }; /* VGPRs of an A/B fragment */

/* One kernel: load v8..v31 from buf[j*32 + lane], run `inst`, store v24..31. */
static int run_case(const char *tag, const char *inst, uint32_t img[24][32], int *rc_out, char *err, size_t errlen)
{
	char text[4096], path[700];
	int n = snprintf(text, sizeof text,
			 ".amdhsa_code_object_version 5\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n.text\n"
			 ".globl %s\n.p2align 8\n.type %s,@function\n%s:\n"
			 " s_load_b64 s[2:3], s[0:1], 0x0\n v_lshlrev_b32 v0, 2, v0\n s_waitcnt lgkmcnt(0)\n",
			 tag, tag, tag);
	for (int j = 0; j < 24; j++)
		n += snprintf(text + n, sizeof text - n, " global_load_b32 v%d, v0, s[2:3] offset:%d\n", 8 + j, j * 128);
	n += snprintf(text + n, sizeof text - n, " s_waitcnt vmcnt(0)\n %s\n", inst);
	for (int j = 0; j < 8; j++)
		n += snprintf(text + n, sizeof text - n, " global_store_b32 v0, v%d, s[2:3] offset:%d\n", 24 + j,
			      (16 + j) * 128);
	snprintf(text + n, sizeof text - n,
		 " s_endpgm\n.rodata\n.p2align 6\n.amdhsa_kernel %s\n .amdhsa_next_free_vgpr 40\n"
		 " .amdhsa_next_free_sgpr 8\n .amdhsa_user_sgpr_kernarg_segment_ptr 1\n .amdhsa_kernarg_size 8\n"
		 " .amdhsa_wavefront_size32 1\n .amdhsa_float_denorm_mode_32 3\n.end_amdhsa_kernel\n"
		 ".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n"
		 "  - .name: %s\n    .symbol: %s.kd\n    .kernarg_segment_size: 8\n    .kernarg_segment_align: 8\n"
		 "    .group_segment_fixed_size: 0\n    .private_segment_fixed_size: 0\n"
		 "    .max_flat_workgroup_size: 32\n    .wavefront_size: 32\n    .sgpr_count: 8\n    .vgpr_count: 40\n"
		 "    .args:\n      - { .name: buf, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }\n"
		 "...\n.end_amdgpu_metadata\n",
		 tag, tag, tag);
	if (th_build_text(tag, text, path, sizeof path, err, errlen))
		return -1;
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = run_checks };
	if (th_open(&t, path, &o)) {
		snprintf(err, errlen, "%s", t.err);
		return -1;
	}
	uint64_t buf = emu_alloc(t.dev, sizeof(uint32_t[24][32]), 0);
	emu_write(t.dev, buf, img, sizeof(uint32_t[24][32]));
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	*rc_out = th_run(&t, tag, &buf, sizeof buf, grid, block);
	snprintf(err, errlen, "%s", t.err);
	emu_read(t.dev, buf, img, sizeof(uint32_t[24][32]));
	th_close(&t);
	return 0;
}

static uint32_t enc(enum ty t, int x)
{
	switch (t) {
	case F16: return emu_f2h((float)x);
	case BF16: return emu_u((float)x) >> 16;
	case IU8: return (uint32_t)x & 0xff;
	default: return (uint32_t)x & 0xf;
	}
}

/* Place matrix m (m[r][k]: row r of A, or column r of B) into VGPR images img[0..]. */
static void put_frag(enum ty t, int m[16][16], uint32_t (*img)[32])
{
	unsigned per = 32 / (t == IU8 ? 8 : t == IU4 ? 4 : 16); /* elements per VGPR */
	for (unsigned j = 0; j < ty_vgprs[t]; j++)
		for (unsigned l = 0; l < 32; l++) {
			uint32_t v = 0;
			for (unsigned e = 0; e < per; e++)
				v |= enc(t, m[l % 16][j * per + e]) << (e * (32 / per));
			img[j][l] = v;
		}
}

struct wcase {
	const char *name, *inst;
	enum ty in;
	char out;                 /* 'f' f32, 'h' f16 low, 'H' f16 high, 'b' bf16 low, 'i' i32 */
	int asign, bsign;         /* iu: operands signed */
	int nega, negc, absc, clamp;
	int amax;                 /* values of A, B drawn from [-amax, amax] (or [0, amax]) */
};

static const struct wcase cases[] = {
	{ "f32_f16", "v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31]", F16, 'f', 1, 1, 0, 0, 0, 0, 8 },
	{ "f32_f16_neg", "v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31] neg_lo:[1,0,1] neg_hi:[1,0,0]", F16, 'f', 1, 1, 1, 1, 0, 0, 8 },
	{ "f32_f16_absc", "v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31] neg_hi:[0,0,1]", F16, 'f', 1, 1, 0, 0, 1, 0, 8 },
	{ "f32_bf16", "v_wmma_f32_16x16x16_bf16 v[24:31], v[8:15], v[16:23], v[24:31]", BF16, 'f', 1, 1, 0, 0, 0, 0, 8 },
	{ "f16_f16_lo", "v_wmma_f16_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31]", F16, 'h', 1, 1, 0, 0, 0, 0, 4 },
	{ "f16_f16_hi", "v_wmma_f16_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31] op_sel:[0,0,1]", F16, 'H', 1, 1, 0, 0, 0, 0, 4 },
	{ "bf16_bf16", "v_wmma_bf16_16x16x16_bf16 v[24:31], v[8:15], v[16:23], v[24:31]", BF16, 'b', 1, 1, 0, 0, 0, 0, 2 },
	{ "i32_iu8_ss", "v_wmma_i32_16x16x16_iu8 v[24:31], v[8:11], v[16:19], v[24:31] neg_lo:[1,1,0]", IU8, 'i', 1, 1, 0, 0, 0, 0, 127 },
	{ "i32_iu8_uu", "v_wmma_i32_16x16x16_iu8 v[24:31], v[8:11], v[16:19], v[24:31]", IU8, 'i', 0, 0, 0, 0, 0, 0, 255 },
	{ "i32_iu8_su", "v_wmma_i32_16x16x16_iu8 v[24:31], v[8:11], v[16:19], v[24:31] neg_lo:[1,0,0]", IU8, 'i', 1, 0, 0, 0, 0, 0, 127 },
	{ "i32_iu4_ss", "v_wmma_i32_16x16x16_iu4 v[24:31], v[8:9], v[16:17], v[24:31] neg_lo:[1,1,0]", IU4, 'i', 1, 1, 0, 0, 0, 0, 7 },
	{ "i32_iu4_uu", "v_wmma_i32_16x16x16_iu4 v[24:31], v[8:9], v[16:17], v[24:31]", IU4, 'i', 0, 0, 0, 0, 0, 0, 15 },
	{ "i32_iu8_clamp", "v_wmma_i32_16x16x16_iu8 v[24:31], v[8:11], v[16:19], v[24:31] clamp", IU8, 'i', 0, 0, 0, 0, 0, 1, 255 },
};

static int draw(unsigned *seed, int max, int sgn)
{
	*seed = *seed * 1103515245u + 12345u;
	int r = (int)((*seed >> 16) % (unsigned)(sgn ? 2 * max + 1 : max + 1));
	return sgn ? r - max : r;
}

static void test_case(const struct wcase *c, unsigned ci)
{
	int a[16][16], b[16][16]; /* a[row][k], b[col][k] */
	int64_t cm[16][16];
	unsigned seed = 7 + ci;
	for (int i = 0; i < 16; i++)
		for (int k = 0; k < 16; k++) {
			a[i][k] = draw(&seed, c->amax, c->asign);
			b[i][k] = draw(&seed, c->amax, c->bsign);
		}
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++)
			cm[i][j] = c->clamp ? (i == 0 ? 0x7fff0000 : -5) : draw(&seed, 64, 1);
	static uint32_t img[24][32];
	memset(img, 0, sizeof img);
	put_frag(c->in, a, img);
	put_frag(c->in, b, img + 8);
	for (int j = 0; j < 8; j++)
		for (int l = 0; l < 32; l++) {
			int64_t x = cm[2 * j + l / 16][l % 16];
			uint32_t keep = 0xabcd0000u; /* the other half of 16-bit D must survive */
			switch (c->out) {
			case 'f': img[16 + j][l] = emu_u((float)x); break;
			case 'h': img[16 + j][l] = keep | emu_f2h((float)x); break;
			case 'H': img[16 + j][l] = (uint32_t)emu_f2h((float)x) << 16 | 0xabcd; break;
			case 'b': img[16 + j][l] = keep | emu_u((float)x) >> 16; break;
			default: img[16 + j][l] = (uint32_t)x; break;
			}
		}
	char err[1024];
	int rc = -1;
	if (run_case(c->name, c->inst, img, &rc, err, sizeof err) || rc) {
		th_ok(0, c->name, "rc %d: %s", rc, err);
		return;
	}
	int bad = 0;
	char msg[256] = "";
	for (int j = 0; j < 8 && !bad; j++)
		for (int l = 0; l < 32 && !bad; l++) {
			int r = 2 * j + l / 16, col = l % 16;
			int64_t s = cm[r][col];
			if (c->absc && s < 0) s = -s;
			if (c->negc) s = -s;
			for (int k = 0; k < 16; k++)
				s += (int64_t)(c->nega ? -a[r][k] : a[r][k]) * b[col][k];
			if (c->clamp && s > 2147483647) s = 2147483647;
			uint32_t want, got = img[16 + j][l];
			switch (c->out) {
			case 'f': want = emu_u((float)s); break;
			case 'h': want = 0xabcd0000u | emu_f2h((float)s); break;
			case 'H': want = (uint32_t)emu_f2h((float)s) << 16 | 0xabcd; break;
			case 'b': want = 0xabcd0000u | emu_u((float)s) >> 16; break;
			default: want = (uint32_t)s; break;
			}
			if (got != want) {
				bad = 1;
				snprintf(msg, sizeof msg, "D[%d][%d] (v%d lane %d) = 0x%08x, want 0x%08x", r, col, 24 + j, l,
					 got, want);
			}
		}
	th_ok(!bad, c->name, "%s", msg);
}

/* A/B not replicated across the half-waves: a layout bug, reported as a fault. */
static void test_not_replicated(void)
{
	static uint32_t img[24][32];
	memset(img, 0, sizeof img);
	img[3][17] = 0x3c00; /* lane 17 of A differs from lane 1 */
	char err[1024];
	int rc = 0;
	int built = run_case("wmma_halves", "v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31]", img, &rc,
			     err, sizeof err);
	th_ok(built == 0 && rc == EMU_E_FAULT && strstr(err, "replicated"), "wmma_halves_fault",
	      "rc %d, message: %s", rc, err);
}

/* The kernel clang builds from __builtin_amdgcn_wmma_f32_16x16x16_f16_w32. */
static void test_hip(void)
{
	char path[700], cmd[4096];
	const char *clang = llvm_tool("clang");   /* the LLVM under test, tests/llvm.h */
	snprintf(path, sizeof path, "%s/wmma_hip.hsaco", th_tmpdir());
	snprintf(cmd, sizeof cmd,
		 "%s -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -O2 --no-gpu-bundle-output "
		 "-o '%s' '%s/wmma_hip.hip' >'%s.log' 2>&1",
		 clang, path, kdir, path);
	if (system(cmd) != 0) {
		th_ok(0, "wmma_hip_build", "clang -x hip failed, see %s.log", path);
		return;
	}
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(&t, path, &o)) {
		th_ok(0, "wmma_hip_open", "%s", t.err);
		return;
	}
	uint16_t a[256], b[256], bt[256];
	float c[256], want[256];
	for (int i = 0; i < 256; i++) {
		a[i] = emu_f2h((float)((i * 7) % 9 - 4) * 0.5f);
		b[i] = emu_f2h((float)((i * 5) % 11 - 5) * 0.25f);
		c[i] = (float)(i % 13) - 6.0f;
	}
	for (int k = 0; k < 16; k++)
		for (int j = 0; j < 16; j++)
			bt[16 * j + k] = b[16 * k + j]; /* the kernel takes B column-major */
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			double s = c[16 * i + j];
			for (int k = 0; k < 16; k++)
				s += (double)emu_h2f(a[16 * i + k]) * emu_h2f(b[16 * k + j]);
			want[16 * i + j] = (float)s; /* exact: multiples of 1/8 well inside f32 */
		}
	uint64_t da = emu_alloc(t.dev, sizeof a, EMU_MEM_READONLY), db = emu_alloc(t.dev, sizeof b, EMU_MEM_READONLY),
		 dc = emu_alloc(t.dev, sizeof c, 0);
	emu_write(t.dev, da, a, sizeof a);
	emu_write(t.dev, db, bt, sizeof bt);
	emu_write(t.dev, dc, c, sizeof c);
	struct { uint64_t a, b, c; } ka = { da, db, dc };
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	int rc = th_run(&t, "wmma_f32_f16", &ka, sizeof ka, grid, block);
	emu_read(t.dev, dc, c, sizeof c);
	int bad = -1;
	for (int i = 0; i < 256 && bad < 0; i++)
		if (c[i] != want[i])
			bad = i;
	th_ok(rc == 0 && bad < 0, "wmma_hip_f32_f16", "rc %d %s; first bad D[%d][%d] = %g, want %g", rc, t.err,
	      bad / 16, bad % 16, bad >= 0 ? c[bad] : 0.0, bad >= 0 ? want[bad] : 0.0);
	th_close(&t);
}

/* The WMMA hazard (emu/HAZARDS.md): a WMMA reading as A or B the D of the WMMA
 * just before it needs a VALU instruction between them (LLVM's gfx11 hazard
 * recognizer inserts v_nop; test_hip_chain shows it does).  Zero operands: only
 * whether the run stops, and the message, matter here. */
#define WM_F32 "v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31]\n "
static const struct hzcase {
	const char *name, *inst;
	const char *want;         /* in the fault message; NULL: runs clean */
	unsigned checks;
} hz_cases[] = {
	{ "wmma_hz_a", WM_F32 "v_wmma_f32_16x16x16_f16 v[32:39], v[24:31], v[16:23], 0",
	  "`v_wmma_f32_16x16x16_f16 v[32:39], v[24:31], v[16:23], 0`: WMMA hazard: reads v24 as A", EMU_CHECK_ALL },
	{ "wmma_hz_b_part", WM_F32 "v_wmma_f32_16x16x16_f16 v[32:39], v[8:15], v[28:35], 0",
	  "WMMA hazard: reads v28 as B", EMU_CHECK_ALL },
	{ "wmma_hz_salu", WM_F32 "s_nop 0\n s_mov_b32 s4, 0\n v_wmma_f32_16x16x16_f16 v[32:39], v[24:31], v[16:23], 0",
	  "WMMA hazard: reads v24 as A", EMU_CHECK_ALL },
	{ "wmma_hz_branch", WM_F32 "s_branch .Lnext\n.Lnext:\n v_wmma_f32_16x16x16_f16 v[32:39], v[8:15], v[24:31], 0",
	  "WMMA hazard: reads v24 as B", EMU_CHECK_ALL },
	{ "wmma_hz_iu",
	  "v_wmma_i32_16x16x16_iu8 v[24:31], v[8:11], v[12:15], v[24:31]\n"
	  " v_wmma_i32_16x16x16_iu4 v[32:39], v[30:31], v[8:9], 0",
	  "WMMA hazard: reads v30 as A", EMU_CHECK_ALL },
	{ "wmma_hz_v_nop", WM_F32 "v_nop\n v_wmma_f32_16x16x16_f16 v[32:39], v[24:31], v[16:23], 0", NULL, EMU_CHECK_ALL },
	{ "wmma_hz_valu", WM_F32 "v_mov_b32 v32, 0\n v_wmma_f32_16x16x16_f16 v[32:39], v[8:15], v[24:31], 0", NULL,
	  EMU_CHECK_ALL },
	{ "wmma_hz_vopd", WM_F32 "v_dual_mov_b32 v32, 0 :: v_dual_mov_b32 v33, 0\n"
	  " v_wmma_f32_16x16x16_f16 v[32:39], v[24:31], v[16:23], 0", NULL, EMU_CHECK_ALL },
	{ "wmma_hz_c_chain", WM_F32 WM_F32 "v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[8:15], v[24:31]", NULL,
	  EMU_CHECK_ALL },
	{ "wmma_hz_off", WM_F32 "v_wmma_f32_16x16x16_f16 v[32:39], v[24:31], v[16:23], 0", NULL,
	  EMU_CHECK_ALL & ~EMU_CHECK_WMMA },
};

static void test_hazard_cases(void)
{
	static uint32_t img[24][32];
	for (unsigned i = 0; i < sizeof hz_cases / sizeof hz_cases[0]; i++) {
		const struct hzcase *c = &hz_cases[i];
		memset(img, 0, sizeof img);
		char err[1024] = "";
		int rc = -1;
		run_checks = c->checks;
		int built = run_case(c->name, c->inst, img, &rc, err, sizeof err);
		run_checks = EMU_CHECK_ALL;
		if (c->want)
			th_ok(built == 0 && rc == EMU_E_FAULT && strstr(err, c->want), c->name,
			      "rc %d, want a fault with '%s', message: %s", rc, c->want, err);
		else
			th_ok(built == 0 && rc == 0, c->name, "rc %d: %s", rc, err);
	}
}

/* Does each function of clang's output have a v_nop between its two v_wmma? */
static int nop_between_wmmas(const char *s)
{
	int pairs = 0;
	const char *w1;
	while ((w1 = strstr(s, "v_wmma_"))) {
		const char *w2 = strstr(w1 + 1, "v_wmma_");
		if (!w2)
			return -1;
		const char *nop = strstr(w1, "v_nop");
		if (!nop || nop > w2)
			return -1;
		pairs++;
		s = w2 + 1;
	}
	return pairs;
}

/* Run clang's wmma_chain kernels (tests/emu/kernels/wmma_chain.hip) built from
 * text; NULL want: they must run clean and compute D2 = D1.B + C (chain_a) or
 * A.D1 + C (chain_b) with D1 = A.B + C; else they must stop with want. */
static void run_chain(const char *tag, const char *text, const char *want)
{
	char path[700], err[1024] = "";
	if (th_build_text(tag, text, path, sizeof path, err, sizeof err)) {
		th_ok(0, tag, "%s", err);
		return;
	}
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(&t, path, &o)) {
		th_ok(0, tag, "%s", t.err);
		return;
	}
	/* Rows of A in equal pairs (D1's half-waves then hold equal rows, as an A/B
	 * operand must), odd k of A and B zero (the high halves of the f16 D are
	 * not part of the product).  Small integers: every sum is exact in f16. */
	int A[16][16], B[16][16], C[16][16];
	for (int i = 0; i < 16; i++)
		for (int k = 0; k < 16; k++) {
			A[i][k] = k % 2 ? 0 : ((i / 2) * 3 + k) % 5 - 2;
			B[k][i] = k % 2 ? 0 : (i * 7 + k * 3) % 5 - 2;
			C[i][k] = ((i / 2) * 5 + k) % 9 - 4; /* C(2j, n) = C(2j+1, n) */
		}
	uint16_t a[16][16], b[16][16], c[16][16], out[32][16];
	for (int r = 0; r < 16; r++)
		for (int k = 0; k < 16; k++) {
			a[r][k] = emu_f2h((float)A[r][k]);
			b[r][k] = emu_f2h((float)B[k][r]);
			c[r][k] = emu_f2h((float)C[k][r]);
		}
	int D1[16][16], D2[2][16][16];
	for (int m = 0; m < 16; m++)
		for (int n = 0; n < 16; n++) {
			D1[m][n] = C[m][n];
			for (int k = 0; k < 16; k++)
				D1[m][n] += A[m][k] * B[k][n];
		}
	for (int m = 0; m < 16; m++)
		for (int n = 0; n < 16; n++) {
			D2[0][m][n] = D2[1][m][n] = C[m][n];
			for (int k = 0; k < 16; k += 2) {
				D2[0][m][n] += D1[k][m] * B[k][n]; /* A2(m, k) = D1(k, m): lane m's D1 fragment */
				D2[1][m][n] += A[m][k] * D1[k][n]; /* B2(k, n) = D1(k, n) */
			}
		}
	uint64_t da = emu_alloc(t.dev, sizeof a, EMU_MEM_READONLY), db = emu_alloc(t.dev, sizeof b, EMU_MEM_READONLY),
		 dc = emu_alloc(t.dev, sizeof c, EMU_MEM_READONLY), dout = emu_alloc(t.dev, sizeof out, 0);
	emu_write(t.dev, da, a, sizeof a);
	emu_write(t.dev, db, b, sizeof b);
	emu_write(t.dev, dc, c, sizeof c);
	struct { uint64_t a, b, c, out; } ka = { da, db, dc, dout };
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	for (int v = 0; v < 2; v++) {
		char name[80];
		snprintf(name, sizeof name, "%s_%c", tag, "ab"[v]);
		emu_write(t.dev, dout, memset(out, 0, sizeof out), sizeof out);
		int rc = th_run(&t, v ? "wmma_chain_b" : "wmma_chain_a", &ka, sizeof ka, grid, block);
		if (want) {
			th_ok(rc == EMU_E_FAULT && strstr(t.err, want) && strstr(t.err, "`v_wmma_f16_16x16x16_f16"), name,
			      "rc %d, want a fault with '%s' naming the v_wmma, message: %s", rc, want, t.err);
			continue;
		}
		emu_read(t.dev, dout, out, sizeof out);
		int bad = -1;
		for (int l = 0; l < 32 && bad < 0; l++)
			for (int j = 0; j < 8 && bad < 0; j++)
				if (emu_h2f(out[l][2 * j]) != (float)D2[v][2 * j + l / 16][l % 16])
					bad = l * 8 + j;
		th_ok(rc == 0 && bad < 0, name, "rc %d %s; first bad: lane %d VGPR %d", rc, t.err, bad / 8, bad % 8);
	}
	th_close(&t);
}

/* clang's own output passes; the same code without its v_nop is stopped. */
static void test_hip_chain(void)
{
	char path[700], cmd[4096];
	snprintf(path, sizeof path, "%s/wmma_chain.s", th_tmpdir());
	snprintf(cmd, sizeof cmd,
		 "%s -x hip --offload-arch=gfx1100 --cuda-device-only -nogpulib -O2 -S -o '%s' '%s/wmma_chain.hip' "
		 ">'%s.log' 2>&1 && cat '%s'",
		 llvm_tool("clang"), path, kdir, path, path);
	char *s = llvm_capture(cmd);
	if (!s) {
		th_ok(0, "wmma_chain_build", "clang -x hip -S failed, see %s.log", path);
		return;
	}
	int pairs = nop_between_wmmas(s);
	th_ok(pairs == 2, "wmma_chain_llvm_v_nop", "want a v_nop between the two v_wmma of both kernels in %s (%d)",
	      path, pairs);
	run_chain("wmma_chain_clang", s, NULL);
	/* take out every "\tv_nop\n" line */
	char *o = s;
	for (const char *p = s; *p;) {
		if (!strncmp(p, "\tv_nop\n", 7)) {
			p += 7;
			continue;
		}
		*o++ = *p++;
	}
	*o = 0;
	run_chain("wmma_chain_no_nop", s, "WMMA hazard: reads v");
	free(s);
}

int main(int argc, char **argv)
{
	snprintf(kdir, sizeof kdir, "%s", argc > 1 ? argv[1] : "tests/emu/kernels");
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
		test_case(&cases[i], i);
	test_not_replicated();
	test_hip();
	test_hazard_cases();
	test_hip_chain();
	th_cleanup(check_failures);
	return check_exit();
}
