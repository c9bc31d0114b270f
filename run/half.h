/* half.h — the runners' 16-bit float formats, f16 and bf16: f32 to their
 * bits with round to nearest even (what the device's conversions do, and
 * what a value must be rounded to before it is stored in the format), and
 * back, exactly.  Static inline, for run/gemm.c and run/attention_ref.c. */
#ifndef RUN_HALF_H
#define RUN_HALF_H

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline uint16_t half_f16_bits(float x)
{
	_Float16 h = (_Float16)x; /* nearest even */
	uint16_t b;
	memcpy(&b, &h, 2);
	return b;
}

/* bf16 is the upper half of the f32: add half an ulp of the lower half (and
 * the kept half's low bit, for ties to even) and cut.  A NaN would carry
 * into the exponent or become infinite: it is the quiet NaN. */
static inline uint16_t half_bf16_bits(float x)
{
	uint32_t u;
	memcpy(&u, &x, 4);
	if (isnan(x))
		return 0x7fc0;
	return (uint16_t)((u + 0x7fffu + (u >> 16 & 1)) >> 16);
}

static inline float half_f16_value(uint16_t b)
{
	_Float16 h;
	memcpy(&h, &b, 2);
	return (float)h;
}

static inline float half_bf16_value(uint16_t b)
{
	uint32_t u = (uint32_t)b << 16;
	float x;
	memcpy(&x, &u, 4);
	return x;
}

#endif
