/* args.c — building a kernarg segment by argument name, with the checks that
 * turn a wrong call into LD_E_KARG instead of a kernel reading garbage. */
#include "loader/ld_internal.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ld_kargs_init(struct ld_kargs *a, const struct ld_kernel *k, char *err, size_t errlen)
{
	if (!a || !k)
		return vc_fail(err, errlen, LD_E_ARG, "ld_kargs_init: no kernel");
	memset(a, 0, sizeof *a);
	a->kernel = k;
	a->size = k->kernarg_size;
	a->buf = calloc(1, a->size ? a->size : 1);
	a->set = calloc(k->nargs ? k->nargs : 1, sizeof *a->set);
	if (!a->buf || !a->set) {
		ld_kargs_free(a);
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	}
	return LD_OK;
}

void ld_kargs_free(struct ld_kargs *a)
{
	if (!a)
		return;
	free(a->buf);
	free(a->set);
	a->buf = NULL;
	a->set = NULL;
}

static const struct ld_arg *lookup(struct ld_kargs *a, const char *name, unsigned *idx,
				   char *err, size_t errlen, int *rc)
{
	const struct ld_arg *arg = a && a->kernel ? ld_arg_find(a->kernel, name) : NULL;
	if (!arg) {
		/* clang writes no argument names unless told to: say how to get them */
		bool unnamed = false;
		for (unsigned i = 0; a && a->kernel && i < a->kernel->nargs; i++)
			unnamed |= a->kernel->args[i].kind != LD_ARG_HIDDEN && !a->kernel->args[i].name[0];
		*rc = vc_fail(err, errlen, LD_E_KARG, "kernel %s has no argument '%s'%s",
			      a && a->kernel ? a->kernel->name : "?", name ? name : "",
			      unnamed ? " (its metadata names no arguments: compile HIP sources with "
					"-fhip-kernel-arg-name)" : "");
		return NULL;
	}
	*idx = (unsigned)(arg - a->kernel->args);
	return arg;
}

static void store(struct ld_kargs *a, unsigned idx, const void *v, size_t n)
{
	memcpy(a->buf + a->kernel->args[idx].offset, v, n);
	a->set[idx] = true;
}

enum num_kind { NUM_INT, NUM_FLOAT };

/* A by_value argument of exactly n bytes whose declared type (if any) is of
 * the right kind. */
static int check_value(struct ld_kargs *a, const char *name, size_t n, enum num_kind nk,
		       unsigned *idx, char *err, size_t errlen)
{
	int rc = LD_OK;
	const struct ld_arg *arg = lookup(a, name, idx, err, errlen, &rc);
	if (!arg)
		return rc;
	if (arg->kind != LD_ARG_BY_VALUE)
		return vc_fail(err, errlen, LD_E_KARG, "argument %s is %s, not a by_value number",
			       name, arg->value_kind);
	if (arg->size != n)
		return vc_fail(err, errlen, LD_E_KARG, "argument %s has %u bytes, value has %zu",
			       name, arg->size, n);
	if (arg->type_name[0]) {
		bool is_float = strstr(arg->type_name, "float") || strstr(arg->type_name, "double") ||
				strstr(arg->type_name, "half");
		if (is_float != (nk == NUM_FLOAT))
			return vc_fail(err, errlen, LD_E_KARG, "argument %s is %s, value is %s", name,
				       arg->type_name, nk == NUM_FLOAT ? "floating-point" : "an integer");
	}
	return LD_OK;
}

int ld_kargs_set_ptr(struct ld_kargs *a, const char *name, uint64_t dev_addr, char *err,
		     size_t errlen)
{
	int rc = LD_OK;
	unsigned idx;
	const struct ld_arg *arg = lookup(a, name, &idx, err, errlen, &rc);
	if (!arg)
		return rc;
	if (arg->kind != LD_ARG_GLOBAL_BUFFER)
		return vc_fail(err, errlen, LD_E_KARG, "argument %s is %s, not a global_buffer",
			       name, arg->value_kind);
	store(a, idx, &dev_addr, 8);
	return LD_OK;
}

#define SETTER(fn, type, kind)                                                          \
	int fn(struct ld_kargs *a, const char *name, type v, char *err, size_t errlen)  \
	{                                                                               \
		unsigned idx;                                                           \
		int rc = check_value(a, name, sizeof v, kind, &idx, err, errlen);       \
		if (rc == LD_OK)                                                        \
			store(a, idx, &v, sizeof v);                                    \
		return rc;                                                              \
	}
SETTER(ld_kargs_set_u32, uint32_t, NUM_INT)
SETTER(ld_kargs_set_i32, int32_t, NUM_INT)
SETTER(ld_kargs_set_u64, uint64_t, NUM_INT)
SETTER(ld_kargs_set_f32, float, NUM_FLOAT)
SETTER(ld_kargs_set_f64, double, NUM_FLOAT)

static bool looks_float(const char *s)
{
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return false;
	return strpbrk(s, ".eE") || strstr(s, "inf") || strstr(s, "nan");
}

static const struct {
	const char *word;
	enum ld_scalar t;
	unsigned size;
} type_words[] = {
	{ "i8", LD_SC_INT, 1 },    { "i16", LD_SC_INT, 2 },  { "i32", LD_SC_INT, 4 },  { "i64", LD_SC_INT, 8 },
	{ "u8", LD_SC_UINT, 1 },   { "u16", LD_SC_UINT, 2 }, { "u32", LD_SC_UINT, 4 }, { "u64", LD_SC_UINT, 8 },
	{ "f16", LD_SC_FLOAT, 2 }, { "bf16", LD_SC_BF16, 2 }, { "f32", LD_SC_FLOAT, 4 }, { "f64", LD_SC_FLOAT, 8 },
};

bool ld_type_word(const char *word, enum ld_scalar *t, unsigned *size)
{
	for (size_t i = 0; word && i < sizeof type_words / sizeof type_words[0]; i++)
		if (!strcmp(word, type_words[i].word)) {
			*t = type_words[i].t;
			*size = type_words[i].size;
			return true;
		}
	return false;
}

enum ld_scalar ld_arg_scalar(const struct ld_arg *arg)
{
	const char *t = arg->type_name;
	if (!t[0]) {
		enum ld_scalar vt;
		unsigned size;
		return ld_type_word(arg->value_type, &vt, &size) ? vt : LD_SC_ANY;
	}
	if (strchr(t, '*'))
		return LD_SC_ANY;
	/* before "float": "bfloat16" contains it */
	if (strstr(t, "bfloat16") || strstr(t, "bf16"))
		return LD_SC_BF16;
	if (strstr(t, "float") || strstr(t, "double") || strstr(t, "half"))
		return LD_SC_FLOAT;
	if (t[0] == 'u' || strstr(t, "unsigned"))
		return LD_SC_UINT;
	if (strstr(t, "int") || strstr(t, "long") || strstr(t, "short") || strstr(t, "char"))
		return LD_SC_INT;
	return LD_SC_ANY;
}

/* An IEEE binary format narrower than double, by its field widths. */
struct fp_format {
	unsigned exp_bits, man_bits;   /* man_bits: stored fraction bits, without the implicit one */
};
static const struct fp_format fp_f16 = { 5, 10 }, fp_bf16 = { 8, 7 }, fp_f32 = { 8, 23 };

/* v rounded to nearest even into format f; false when a finite v rounds to
 * infinity.  The rounding is one nearbyint on v scaled so that the format's
 * unit in the last place at |v| is 1: exact scalings by powers of two, so v
 * is rounded once (in the default rounding mode, to nearest even). */
static bool fp_encode(double v, struct fp_format f, uint64_t *bits)
{
	int bias = (1 << (f.exp_bits - 1)) - 1;
	uint64_t sign = (uint64_t)(signbit(v) != 0) << (f.exp_bits + f.man_bits);
	uint64_t exp_ones = (((uint64_t)1 << f.exp_bits) - 1) << f.man_bits, implicit = (uint64_t)1 << f.man_bits;
	double a = fabs(v);
	if (isnan(v) || isinf(v) || a == 0) {
		*bits = sign | (a == 0 ? 0 : exp_ones) | (isnan(v) ? implicit >> 1 : 0); /* quiet NaN */
		return true;
	}
	int e;
	frexp(a, &e);                          /* a = m 2^e, m in [0.5, 1) */
	int emin = 1 - bias;                   /* the smallest normal is 2^emin */
	int q = (e - 1 < emin ? emin : e - 1) - (int)f.man_bits; /* ulp at a (subnormals: the fixed one) */
	uint64_t n = (uint64_t)nearbyint(ldexp(a, -q)); /* a = n ulps, n <= 2 implicit */
	if (n == 2 * implicit)                 /* carried into the next binade */
		n = implicit, q++;
	if (n < implicit) {                    /* subnormal (or zero after rounding) */
		*bits = sign | n;
		return true;
	}
	int64_t biased = (int64_t)q + f.man_bits + bias;
	if (biased >= (1 << f.exp_bits) - 1)
		return false;
	*bits = sign | (uint64_t)biased << f.man_bits | (n - implicit);
	return true;
}

int ld_scalar_from_double(double v, enum ld_scalar t, unsigned size, uint64_t *bits, char *err, size_t errlen)
{
	if (t == LD_SC_FLOAT || t == LD_SC_BF16) {
		if (t == LD_SC_BF16 ? size != 2 : size != 2 && size != 4 && size != 8)
			return vc_fail(err, errlen, LD_E_KARG, "%u bytes: no %s value fits", size,
				       t == LD_SC_BF16 ? "bf16" : "floating-point");
		if (size == 8) {
			memcpy(bits, &v, 8);
			return LD_OK;
		}
		struct fp_format f = t == LD_SC_BF16 ? fp_bf16 : size == 2 ? fp_f16 : fp_f32;
		if (!fp_encode(v, f, bits))
			return vc_fail(err, errlen, LD_E_KARG, "%g overflows %s to infinity", v,
				       t == LD_SC_BF16 ? "bf16" : size == 2 ? "f16" : "f32");
		return LD_OK;
	}
	if (size == 0 || size > 8)
		return vc_fail(err, errlen, LD_E_KARG, "%u bytes: not an integer", size);
	bool is_signed = t != LD_SC_UINT;
	double lo = is_signed ? -ldexp(1, (int)size * 8 - 1) : 0;
	double hi = ldexp(1, (int)size * 8 - is_signed); /* exclusive */
	if (v != trunc(v) || !(v >= lo && v < hi))
		return vc_fail(err, errlen, LD_E_KARG, "%g is not a%s integer of %u bytes", v,
			       is_signed ? "" : " non-negative", size);
	*bits = v < 0 ? (uint64_t)(int64_t)v : (uint64_t)v;
	if (size < 8)
		*bits &= ((uint64_t)1 << size * 8) - 1;
	return LD_OK;
}

/* An integer: decimal, or hex after 0x; a leading '-' only when signed. */
static int parse_int(const char *text, bool is_signed, unsigned size, uint64_t *bits, char *err, size_t errlen)
{
	bool neg = text[0] == '-';
	const char *p = neg ? text + 1 : text;
	int base = p[0] == '0' && (p[1] == 'x' || p[1] == 'X') ? 16 : 10;
	if (!*p || *p == '+' || *p == '-' || *p == ' ')
		return vc_fail(err, errlen, LD_E_KARG, "'%s' is not an integer", text);
	char *end;
	errno = 0;
	unsigned long long u = strtoull(p, &end, base);
	if (*end || errno == ERANGE || end == p)
		return vc_fail(err, errlen, LD_E_KARG, "'%s' is not an integer (decimal or 0x hex)", text);
	unsigned bits_n = size * 8;
	unsigned long long max = bits_n == 64 ? ~0ull : (1ull << bits_n) - 1;
	if (neg && !is_signed)
		return vc_fail(err, errlen, LD_E_KARG, "%s is negative, the argument is unsigned", text);
	if (neg ? u > (max >> 1) + 1 : u > max)
		return vc_fail(err, errlen, LD_E_KARG, "%s does not fit in %u bytes", text, size);
	*bits = neg ? (uint64_t)0 - u : u;
	if (size < 8)
		*bits &= (1ull << bits_n) - 1;
	return LD_OK;
}

int ld_scalar_parse(const char *text, enum ld_scalar t, unsigned size, uint64_t *bits, char *err, size_t errlen)
{
	if (!text || !text[0])
		return vc_fail(err, errlen, LD_E_KARG, "empty value");
	bool flt = t == LD_SC_FLOAT || t == LD_SC_BF16 || (t == LD_SC_ANY && looks_float(text));
	if (!flt) {
		if (size == 0 || size > 8)
			return vc_fail(err, errlen, LD_E_KARG, "%u bytes: not an integer", size);
		if (looks_float(text))
			return vc_fail(err, errlen, LD_E_KARG, "'%s' is not an integer", text);
		return parse_int(text, t != LD_SC_UINT, size, bits, err, errlen);
	}
	if (t == LD_SC_BF16 ? size != 2 : size != 2 && size != 4 && size != 8)
		return vc_fail(err, errlen, LD_E_KARG, "%u bytes: no %s value fits", size,
			       t == LD_SC_BF16 ? "bf16" : "floating-point");
	char *end;
	errno = 0;
	double d = strtod(text, &end);
	if (*end || errno == ERANGE || isspace((unsigned char)text[0]))
		return vc_fail(err, errlen, LD_E_KARG, "'%s' is not a number", text);
	return ld_scalar_from_double(d, t == LD_SC_BF16 ? t : LD_SC_FLOAT, size, bits, err, errlen);
}

int ld_kargs_set_text_index(struct ld_kargs *a, unsigned i, enum ld_scalar t, const char *text, char *err,
			    size_t errlen)
{
	if (!a || !a->kernel || i >= a->kernel->nargs || a->kernel->args[i].kind == LD_ARG_HIDDEN)
		return vc_fail(err, errlen, LD_E_KARG, "no explicit argument %u", i);
	const struct ld_arg *arg = &a->kernel->args[i];
	char what[80];
	if (arg->name[0])
		snprintf(what, sizeof what, "argument %s", arg->name);
	else
		snprintf(what, sizeof what, "argument %u (offset %u)", i, arg->offset);
	if (arg->kind != LD_ARG_BY_VALUE)
		return vc_fail(err, errlen, LD_E_KARG, "%s is %s: give it a buffer, not '%s'", what,
			       arg->value_kind, text ? text : "");
	uint64_t bits = 0;
	char why[160];
	if (ld_scalar_parse(text, t == LD_SC_ANY ? ld_arg_scalar(arg) : t, arg->size, &bits, why, sizeof why))
		return vc_fail(err, errlen, LD_E_KARG, "%s%s%s: %s", what, arg->type_name[0] ? " is " : "",
			       arg->type_name, why);
	store(a, i, &bits, arg->size); /* little-endian: the low bytes */
	return LD_OK;
}

int ld_kargs_set_text(struct ld_kargs *a, const char *name, const char *text, char *err,
		      size_t errlen)
{
	int rc = LD_OK;
	unsigned idx;
	if (!lookup(a, name, &idx, err, errlen, &rc))
		return rc;
	return ld_kargs_set_text_index(a, idx, LD_SC_ANY, text, err, errlen);
}

int ld_kargs_set_bytes(struct ld_kargs *a, uint32_t offset, const void *v, size_t n, char *err, size_t errlen)
{
	if (!a || !a->kernel || (!v && n) || n == 0)
		return vc_fail(err, errlen, LD_E_KARG, "no bytes to set");
	if ((uint64_t)offset + n > a->size)
		return vc_fail(err, errlen, LD_E_KARG, "bytes %u..%zu are outside the %zu-byte kernarg segment", offset,
			       offset + n - 1, a->size);
	for (unsigned i = 0; i < a->kernel->nargs; i++) {
		const struct ld_arg *arg = &a->kernel->args[i];
		if (arg->offset == offset && arg->size == n && arg->kind != LD_ARG_HIDDEN) {
			store(a, i, v, n);
			return LD_OK;
		}
		if (offset < arg->offset + arg->size && arg->offset < offset + n)
			return vc_fail(err, errlen, LD_E_KARG, "bytes %u..%zu overlap argument %s (offset %u, %u bytes)",
				       offset, offset + n - 1, arg->name[0] ? arg->name : arg->value_kind, arg->offset,
				       arg->size);
	}
	memcpy(a->buf + offset, v, n);
	return LD_OK;
}

int ld_kargs_set_index(struct ld_kargs *a, unsigned i, const void *v, size_t n, char *err,
		       size_t errlen)
{
	if (!a || !a->kernel || i >= a->kernel->nargs || (!v && n))
		return vc_fail(err, errlen, LD_E_KARG, "no argument %u", i);
	if (a->kernel->args[i].size != n)
		return vc_fail(err, errlen, LD_E_KARG, "argument %u has %u bytes, value has %zu", i,
			       a->kernel->args[i].size, n);
	store(a, i, v, n);
	return LD_OK;
}

/* What the launcher puts in each hidden argument (code object v5 names). */
enum hidden_src { H_ZERO, H_GRID, H_BLOCK, H_DIMS };
static const struct {
	const char *kind;
	enum hidden_src src;
	unsigned dim;
} hidden_rows[] = {
	{ "hidden_block_count_x", H_GRID, 0 },  { "hidden_block_count_y", H_GRID, 1 },
	{ "hidden_block_count_z", H_GRID, 2 },  { "hidden_group_size_x", H_BLOCK, 0 },
	{ "hidden_group_size_y", H_BLOCK, 1 },  { "hidden_group_size_z", H_BLOCK, 2 },
	{ "hidden_grid_dims", H_DIMS, 0 },
	/* Remainders are 0: grids are whole workgroups.  Offsets, heap, hostcall,
	 * queue and the rest stay 0: nothing we launch provides them. */
};

int ld_kargs_finish(struct ld_kargs *a, const uint32_t grid[3], const uint32_t block[3],
		    char *err, size_t errlen)
{
	if (!a || !a->kernel || !grid || !block)
		return vc_fail(err, errlen, LD_E_ARG, "ld_kargs_finish: missing argument");
	const struct ld_kernel *k = a->kernel;
	for (unsigned i = 0; i < k->nargs; i++) {
		const struct ld_arg *arg = &k->args[i];
		if (arg->kind != LD_ARG_HIDDEN) {
			if (!a->set[i])
				return arg->name[0]
				  ? vc_fail(err, errlen, LD_E_KARG, "kernel %s: argument %s not given",
					    k->name, arg->name)
				  : vc_fail(err, errlen, LD_E_KARG, "kernel %s: argument %u not given",
					    k->name, i);
			continue;
		}
		uint64_t v = 0;
		for (size_t r = 0; r < sizeof hidden_rows / sizeof hidden_rows[0]; r++) {
			if (strcmp(arg->value_kind, hidden_rows[r].kind) != 0)
				continue;
			unsigned d = hidden_rows[r].dim;
			switch (hidden_rows[r].src) {
			case H_GRID: v = grid[d]; break;
			case H_BLOCK: v = block[d]; break;
			case H_DIMS: v = grid[2] > 1 || block[2] > 1 ? 3
					 : grid[1] > 1 || block[1] > 1 ? 2 : 1; break;
			case H_ZERO: break;
			}
		}
		if (arg->size <= 8)
			memcpy(a->buf + arg->offset, &v, arg->size);
		else
			memset(a->buf + arg->offset, 0, arg->size);
		a->set[i] = true;
	}
	return LD_OK;
}

int ld_check_dispatch(const struct ld_kernel *k, const uint32_t grid[3], const uint32_t block[3],
		      char *err, size_t errlen)
{
	if (!k || !grid || !block)
		return vc_fail(err, errlen, LD_E_ARG, "ld_check_dispatch: missing argument");
	for (int d = 0; d < 3; d++)
		if (!grid[d] || !block[d])
			return vc_fail(err, errlen, LD_E_ARG, "grid %u,%u,%u block %u,%u,%u: zero size",
				       grid[0], grid[1], grid[2], block[0], block[1], block[2]);
	uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
	uint32_t limit = k->max_flat_workgroup_size ? k->max_flat_workgroup_size : 1024;
	if (threads > limit)
		return vc_fail(err, errlen, LD_E_ARG,
			       "block of %llu work-items exceeds kernel %s's limit of %u",
			       (unsigned long long)threads, k->name, limit);
	const uint32_t *r = k->reqd_workgroup_size;
	if ((r[0] || r[1] || r[2]) && (r[0] != block[0] || r[1] != block[1] || r[2] != block[2]))
		return vc_fail(err, errlen, LD_E_ARG, "kernel %s requires block %u,%u,%u", k->name,
			       r[0], r[1], r[2]);
	/* rdna3gen's kernels are written for the block they record (work-item ids
	 * in x only): another one would silently compute part of the work. */
	if (!(r[0] || r[1] || r[2]) && k->block_threads &&
	    (block[0] != k->block_threads || block[1] != 1 || block[2] != 1))
		return vc_fail(err, errlen, LD_E_ARG,
			       "kernel %s was generated for a block of %u,1,1 (.rdna3.block_threads), not %u,%u,%u",
			       k->name, k->block_threads, block[0], block[1], block[2]);
	for (int d = 0; d < 3; d++)
		if ((uint64_t)grid[d] * block[d] > UINT32_MAX)
			return vc_fail(err, errlen, LD_E_ARG, "grid too large in dimension %d", d);
	return LD_OK;
}
