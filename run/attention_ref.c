/* attention_ref.c — the attention check's reference and bound (run/attention.h):
 * one query row in double, the error bound of docs/attention.md ("Check")
 * from the formats, the head dimension and S_kv, and the element formats. */
#include "run/attention.h"
#include "run/half.h"

#include <math.h>
#include <string.h>

const char *const attention_fmt_names[3] = { "f16", "bf16", "f32" };

/* Unit roundoff of f32, and of the 16-bit formats (their 11 and 8
 * significand bits). */
#define U32 0x1p-24
static const double unit_of[3] = { 0x1p-11, 0x1p-8, 0x1p-24 };
/* The absolute error of one value rounded to the format near zero: half the
 * subnormal step (f16 keeps subnormals, 2^-25), or a flushed f32 or bf16
 * subnormal (below 2^-126) when the hardware flushes f32 denormals. */
static const double tiny_of[3] = { 0x1p-25, 0x1p-126, 0x1p-126 };

double attention_round(enum attention_fmt fmt, double x)
{
	switch (fmt) {
	case ATTN_F16:
		return (double)(_Float16)x;
	case ATTN_BF16:
		return (double)half_bf16_value(half_bf16_bits((float)x));
	default:
		return (double)(float)x;
	}
}

double attention_load(enum attention_fmt fmt, const void *p)
{
	if (fmt == ATTN_F32) {
		float f;
		memcpy(&f, p, 4);
		return f;
	}
	uint16_t b;
	memcpy(&b, p, 2);
	return fmt == ATTN_F16 ? half_f16_value(b) : half_bf16_value(b);
}

uint32_t attention_visible(uint32_t sq, uint32_t skv, bool causal, uint32_t i)
{
	if (!causal)
		return skv;
	int64_t n = (int64_t)i + 1 + (int64_t)skv - (int64_t)sq;
	return n <= 0 ? 0 : n >= skv ? skv : (uint32_t)n;
}

void attention_reference_row(const double *q, const double *k, size_t k_ss, const double *v, size_t v_ss,
			     unsigned d, uint32_t nvis, double scale_log2, double *scores, double *o, double *vmax,
			     double *lse, double *score_abs)
{
	for (unsigned x = 0; x < d; x++)
		o[x] = 0, vmax[x] = 0;
	*score_abs = 0;
	if (!nvis) {
		*lse = -INFINITY;
		return;
	}
	/* the scaled scores in the exp2 domain and their maximum */
	double m = -INFINITY;
	for (uint32_t j = 0; j < nvis; j++) {
		const double *kj = k + j * k_ss;
		double s = 0, a = 0;
		for (unsigned x = 0; x < d; x++)
			s += q[x] * kj[x], a += fabs(q[x] * kj[x]);
		scores[j] = s * scale_log2;
		m = fmax(m, scores[j]);
		*score_abs = fmax(*score_abs, a);
	}
	double l = 0;
	for (uint32_t j = 0; j < nvis; j++) {
		const double *vj = v + j * v_ss;
		double p = exp2(scores[j] - m);
		l += p;
		for (unsigned x = 0; x < d; x++) {
			o[x] += p * vj[x];
			vmax[x] = fmax(vmax[x], fabs(vj[x]));
		}
	}
	for (unsigned x = 0; x < d; x++)
		o[x] /= l;
	*lse = (m + log2(l)) * M_LN2;
}


/* docs/attention.md, "Check", derives each term.  rho bounds the relative
 * error of every weight p_j against exp2(t_j − m) for the same m: the
 * scores' error (D products summed in f32 by any order or rounding, 2D + 4
 * units), one exp2 and one rescale per key tile at most; a weighted mean
 * whose weights move by at most rho moves by at most 2·rho/(1 − rho) of the
 * largest |v|. */
void attention_bound(enum attention_fmt in, enum attention_fmt out, unsigned d, uint32_t skv, double scale_log2,
		     double score_abs, struct attention_bound *bd)
{
	double n = skv;
	double dt = fabs(scale_log2) * (2.0 * d + 4) * U32 * score_abs;   /* the exp2 argument's error */
	double rho = M_LN2 * dt * (1 + dt) + 3 * (n + 2) * U32;
	double mean = rho < 0.5 ? 2 * rho / (1 - rho) : 2;
	/* P rounded to the input type before P·V (l summed unrounded), P's
	 * underflow in the input type and in f32, the P·V and l sums in f32, the
	 * accumulator's rescales, the division, the split-KV combination */
	double v = unit_of[in] * (1 + 2 * rho) + n * (tiny_of[in] + 0x1p-126) + mean + (4 * n + 8) * U32;
	*bd = (struct attention_bound){
		.v_coef = (v < 2 ? v : 2) * (1 + unit_of[out]),   /* the rounding of O scales its error too */
		.out_rel = out == ATTN_F32 ? U32 : unit_of[out] + 2 * U32,
		.out_abs = tiny_of[out],
		.lse_abs = M_LN2 * dt + mean + (n + 8) * U32,
		.lse_rel = 4 * U32,
	};
}
