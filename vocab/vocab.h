/* vocab.h — the words rdna3gen, rdna3run, their YAML files and the code-object
 * metadata share, each parsed by one function here and printed one way.
 *
 *   layout    NN|NT|TN|TT   op(A) then op(B), BLAS's transa/transb: N as stored,
 *                           T transposed.  Any case on input ("nt", "Nt");
 *                           printed upper case.
 *   boolean   true|false    exactly these words (no yes/on/1, no capitals).
 *   integer   decimal       digits only, a '-' where the range allows one; no
 *                           '+', no leading zeros ("010" is refused, not 8), no
 *                           0x, no spaces or trailing characters.
 *   width     b32|b64|b128  a memory access width in bits.
 *   dtype     f16 f32 f64 i8 i16 i32 i64 u8 u16 u32 u64
 *
 * This module depends on nothing but libc, so any layer may use it: the
 * templates (their parameters), both CLIs (flags, YAML through the templates,
 * and rdna3run reading a kernel's .rdna3.layout).  Nothing here prints or
 * exits: callers put the words of VC_WORDS_* in their messages and --help.
 * Also here, because every layer needs them and they are written once: the
 * way a library reports a failure (vc_fail) and the size limits of the text
 * files the tools read.
 */
#ifndef RDNA3_VOCAB_H
#define RDNA3_VOCAB_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define VC_WORDS_LAYOUT "NN|NT|TN|TT"
#define VC_WORDS_BOOL "true|false"
#define VC_WORDS_WIDTH "b32|b64|b128"
#define VC_WORDS_DTYPE "f16|f32|f64|i8|i16|i32|i64|u8|u16|u32|u64"

/* One paragraph for the --help of both tools: how values are spelled. */
#define VC_HELP_VALUES                                                                  \
	"Values: layouts " VC_WORDS_LAYOUT " (op(A) op(B); N as stored, T transposed; any\n" \
	"case), booleans " VC_WORDS_BOOL ", integers in decimal, widths " VC_WORDS_WIDTH ".\n" \
	"An option given twice is an error.\n"

/* Layout: the index ta * 2 + tb (0 NN, 1 NT, 2 TN, 3 TT). */
enum vc_layout { VC_NN, VC_NT, VC_TN, VC_TT, VC_LAYOUT_COUNT };
bool vc_layout_parse(const char *s, enum vc_layout *out);
const char *vc_layout_str(enum vc_layout l);     /* "NN" .. "TT"; "?" when out of range */
static inline bool vc_layout_ta(enum vc_layout l) { return l >= VC_TN; }
static inline bool vc_layout_tb(enum vc_layout l) { return l & 1; }

bool vc_bool_parse(const char *s, bool *out);
const char *vc_bool_str(bool b);

/* Integers: 0, VC_E_SYNTAX (not a decimal integer), or VC_E_RANGE (outside
 * [min, max]); *out is set only on success. */
enum vc_err { VC_OK = 0, VC_E_SYNTAX = -1, VC_E_RANGE = -2 };
int vc_int_parse(const char *s, int64_t min, int64_t max, int64_t *out);
int vc_uint_parse(const char *s, uint64_t max, uint64_t *out);

/* Width: the index 0 b32, 1 b64, 2 b128 (bits = 32 << index). */
enum vc_width { VC_B32, VC_B64, VC_B128, VC_WIDTH_COUNT };
bool vc_width_parse(const char *s, enum vc_width *out);
const char *vc_width_str(enum vc_width w);
static inline unsigned vc_width_bits(enum vc_width w) { return 32u << w; }

/* Element types of buffers and by-value arguments. */
enum vc_dtype_kind { VC_FLOAT, VC_SINT, VC_UINT };
struct vc_dtype {
	const char *name;        /* "f32" */
	enum vc_dtype_kind kind;
	unsigned bytes;
};
/* The dtype called s (exactly, lower case), or NULL. */
const struct vc_dtype *vc_dtype_parse(const char *s);

/* ---- errors -----------------------------------------------------------------------
 * Every library reports a failure one way: a one-line message in the
 * caller's buffer (err may be NULL or errlen 0: then only the code) and the
 * library's negative code, returned, so a call site reads
 *     return vc_fail(err, errlen, LD_E_ELF, "%s: truncated", path);
 * Header-only, so the lowest layers use it without linking libvocab. */
static inline int vc_fail(char *err, size_t errlen, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static inline int vc_fail(char *err, size_t errlen, int code, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* ---- test data -----------------------------------------------------------------------
 * The next value in [-1, 1) of a xorshift64 sequence (state must not be 0):
 * the "random" fills of rdna3run and of the GEMM runner (run/gemm.h), one
 * sequence so that a seed means the same matrices everywhere.  Header-only. */
static inline float vc_random(uint64_t *state)
{
	uint64_t s = *state;
	s ^= s << 13, s ^= s >> 7, s ^= s << 17; /* xorshift64 */
	*state = s;
	return (float)((double)(s >> 40) / (double)(1ull << 23) - 1.0);
}

/* ---- limits of what the tools read ------------------------------------------------
 * The largest YAML or JSON file any tool reads (configs, shapes files, a
 * library's index.yaml, rdna3run's JSON prediction): thousands of entries,
 * and a bound on what a bad path can make a tool allocate. */
#define VC_TEXT_FILE_MAX (1u << 20)
/* The largest GEMM dimension (M, N or K) a shapes file, a library index or
 * --shape accepts. */
#define VC_DIM_MAX (1u << 20)

#endif
