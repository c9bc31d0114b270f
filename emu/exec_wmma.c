/* exec_wmma.c — the wave32 v_wmma_* ops: D = A x B + C on one 16x16x16 tile.
 *
 * Operand layout (emu/WMMA.md, checked against what clang-19 emits for
 * __builtin_amdgcn_wmma_*_w32): lane l of A holds row l%16 (element k of the
 * row in VGPR k/2 half k%2 for 16-bit types, byte k%4 of VGPR k/4 for iu8,
 * nibble k%8 of VGPR k/8 for iu4); B is the same with "column" for "row".  Both
 * half-waves must hold the same data: the emulator reads lanes 0-15 and faults
 * when lanes 16-31 differ, since that is a layout bug in the kernel.  C/D: VGPR
 * j of lane l is element (2j + l/16, l%16); the 16-bit D forms keep it in the
 * half op_sel[2] selects and preserve the other half.
 *
 * Precision: every product of two f16 or bf16 values is exact in double, the
 * 16 products and C are summed in double (exact unless the magnitudes span
 * more than 53 bits) and the sum is rounded once to the destination format,
 * nearest even.  The hardware's internal order and rounding are not documented;
 * kernels that need bit-exact agreement should keep sums exactly representable.
 * Modifiers: neg_lo[i]/neg_hi[i] negate the low/high 16-bit halves of A (i=0)
 * or B (i=1); neg_lo[2] negates C and neg_hi[2] takes its absolute value.
 * For iu8/iu4, neg_lo[0]/[1] make A/B signed and clamp saturates to i32.
 */
#include "emu/fmath.h"
#include "emu/machine.h"

typedef uint32_t u32;

enum wm_in { WM_F16, WM_BF16, WM_IU8, WM_IU4 };
enum wm_out { WM_OF32, WM_OF16, WM_OBF16, WM_OI32 };

struct wm_kind { uint8_t ok, in, out; };
static const struct wm_kind wm_kinds[ISA_OP_COUNT] = {
	[ISA_OP_v_wmma_f32_16x16x16_f16] = { 1, WM_F16, WM_OF32 },
	[ISA_OP_v_wmma_f32_16x16x16_bf16] = { 1, WM_BF16, WM_OF32 },
	[ISA_OP_v_wmma_f16_16x16x16_f16] = { 1, WM_F16, WM_OF16 },
	[ISA_OP_v_wmma_bf16_16x16x16_bf16] = { 1, WM_BF16, WM_OBF16 },
	[ISA_OP_v_wmma_i32_16x16x16_iu8] = { 1, WM_IU8, WM_OI32 },
	[ISA_OP_v_wmma_i32_16x16x16_iu4] = { 1, WM_IU4, WM_OI32 },
};

static double bf16_to_d(u32 h) { return (double)emu_f((h & 0xffffu) << 16); }

/* Round a double to bf16, nearest even (NaN: the quiet default). */
static u32 d_to_bf16(double d)
{
	u32 f = emu_u((float)d);
	if (emu_isnan32(f))
		return 0x7fc0;
	return (f + 0x7fffu + (f >> 16 & 1)) >> 16;
}

/* Element k (0..15) of fragment row/column r of a source operand, as a double
 * (floats) or an integer held exactly in a double (iu8/iu4). */
static double wm_elem(const struct emu_inst *in, unsigned type, u32 *const *v, unsigned i, unsigned r, unsigned k)
{
	bool sgn = in->neg >> i & 1;
	switch (type) {
	case WM_IU8: {
		u32 b = v[k / 4][r] >> (8 * (k % 4)) & 0xff;
		return sgn ? (double)(int8_t)b : (double)b;
	}
	case WM_IU4: {
		u32 n = v[k / 8][r] >> (4 * (k % 8)) & 0xf;
		return sgn && n >= 8 ? (double)n - 16 : (double)n;
	}
	default: {
		u32 h = v[k / 2][r] >> (16 * (k % 2)) & 0xffff;
		double x = type == WM_F16 ? (double)emu_h2f((uint16_t)h) : bf16_to_d(h);
		bool neg = (k % 2 ? in->neg_hi : in->neg) >> i & 1;
		return neg ? -x : x;
	}
	}
}

/* The VGPR rows of source i; NULL after a fault (not replicated, not a VGPR). */
static bool wm_rows(struct emu_wave *w, const struct emu_inst *in, unsigned i, unsigned n, u32 **v)
{
	for (unsigned j = 0; j < n; j++) {
		v[j] = w->v[in->src[i] - EMU_OPND_VGPR0 + j];
		for (unsigned l = 0; l < 16; l++)
			if (v[j][l] != v[j][l + 16]) {
				emu_fault(w, l + 16, EMU_E_FAULT,
					  "%s: operand %c (v%u) differs between lanes %u and %u: A/B must be replicated across the half-waves",
					  isa_ops[in->op].name, "AB"[i], in->src[i] - EMU_OPND_VGPR0 + j, l, l + 16);
				return false;
			}
	}
	return true;
}

/* C element of VGPR j, lane l as a double (floats) or integer. */
static double wm_c(const struct emu_inst *in, unsigned out, u32 c, bool vgpr)
{
	if (out == WM_OI32)
		return (double)(int32_t)c;
	double x;
	if (out == WM_OF32)
		x = (double)emu_f(c);
	else {
		u32 h = c >> (vgpr && (in->opsel >> 2 & 1) ? 16 : 0) & 0xffff; /* constants: low half */
		x = out == WM_OF16 ? (double)emu_h2f((uint16_t)h) : bf16_to_d(h);
	}
	if (in->neg_hi >> 2 & 1)
		x = fabs(x);
	return in->neg >> 2 & 1 ? -x : x;
}

static u32 wm_round(const struct emu_inst *in, unsigned out, double s, u32 old)
{
	switch (out) {
	case WM_OI32: {
		/* the sum wraps like a 32-bit register unless clamp saturates */
		if (in->clamp)
			return (u32)(int32_t)(s > 2147483647.0 ? 2147483647.0 : s < -2147483648.0 ? -2147483648.0 : s);
		return (u32)(uint64_t)(int64_t)s;
	}
	case WM_OF32: {
		u32 f = emu_u((float)s);
		return emu_isnan32(f) ? EMU_QNAN32 : f;
	}
	default: {
		u32 h = out == WM_OF16 ? (isnan(s) ? 0x7e00u : emu_f2h((float)s)) : d_to_bf16(s);
		unsigned sh = in->opsel >> 2 & 1 ? 16 : 0;
		return (old & ~(0xffffu << sh)) | h << sh;
	}
	}
}

void emu_ex_wmma(struct emu_wave *w, const struct emu_inst *in)
{
	const struct wm_kind kd = wm_kinds[in->op];
	const struct isa_opinfo *r = &isa_ops[in->op];
	if (emu_exec_mask(w) != 0xffffffffu) {
		emu_fault(w, ~0u, EMU_E_FAULT, "%s needs EXEC all ones (exec = 0x%08x)", r->name, emu_exec_mask(w));
		return;
	}
	u32 *va[8], *vb[8];
	if (!wm_rows(w, in, 0, r->src0, va) || !wm_rows(w, in, 1, r->src1, vb))
		return;
	double a[16][16], b[16][16]; /* a[row][k], b[col][k] */
	for (unsigned i = 0; i < 16; i++)
		for (unsigned k = 0; k < 16; k++) {
			a[i][k] = wm_elem(in, kd.in, va, 0, i, k);
			b[i][k] = wm_elem(in, kd.in, vb, 1, i, k);
		}
	u32 t[EMU_LANES], d[8][EMU_LANES];
	for (unsigned j = 0; j < 8; j++) {
		unsigned code = in->src[2] + (emu_opnd_vgpr(in->src[2]) ? j : 0);
		const u32 *c = kd.out == WM_OF16 ? emu_vsrc16(w, code, t) : emu_vsrc(w, code, t);
		for (unsigned l = 0; l < EMU_LANES; l++) {
			unsigned row = 2 * j + l / 16, col = l % 16;
			double s = wm_c(in, kd.out, c[l], emu_opnd_vgpr(in->src[2]));
			for (unsigned k = 0; k < 16; k++)
				s += a[row][k] * b[col][k];
			d[j][l] = wm_round(in, kd.out, s, w->v[in->dst - EMU_OPND_VGPR0 + j][l]);
		}
	}
	/* written after every C read: D may overlap C */
	for (unsigned j = 0; j < 8; j++)
		emu_vwrite(w, in->dst + j, d[j]);
	w->g->st.valu++;
}

bool emu_wmma_kind_known(unsigned op) { return op < ISA_OP_COUNT && wm_kinds[op].ok; }
