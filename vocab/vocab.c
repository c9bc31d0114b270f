/* vocab.c — the shared words (vocab.h): one table per vocabulary. */
#include "vocab/vocab.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static const char *const layouts[VC_LAYOUT_COUNT] = { "NN", "NT", "TN", "TT" };
static const char *const widths[VC_WIDTH_COUNT] = { "b32", "b64", "b128" };
static const struct vc_dtype dtypes[] = {
	{ "f16", VC_FLOAT, 2 }, { "f32", VC_FLOAT, 4 }, { "f64", VC_FLOAT, 8 },
	{ "i8", VC_SINT, 1 },   { "i16", VC_SINT, 2 },  { "i32", VC_SINT, 4 },  { "i64", VC_SINT, 8 },
	{ "u8", VC_UINT, 1 },   { "u16", VC_UINT, 2 },  { "u32", VC_UINT, 4 },  { "u64", VC_UINT, 8 },
};

/* The index of s in words (compared with cmp), or -1. */
static int word_index(const char *s, const char *const *words, int n,
		      int (*cmp)(const char *, const char *))
{
	for (int i = 0; s && i < n; i++)
		if (cmp(s, words[i]) == 0)
			return i;
	return -1;
}

bool vc_layout_parse(const char *s, enum vc_layout *out)
{
	/* BLAS takes 'n'/'N' and 't'/'T' for each operand alike */
	int i = word_index(s, layouts, VC_LAYOUT_COUNT, strcasecmp);
	if (i < 0)
		return false;
	*out = (enum vc_layout)i;
	return true;
}

const char *vc_layout_str(enum vc_layout l)
{
	return (unsigned)l < VC_LAYOUT_COUNT ? layouts[l] : "?";
}

bool vc_bool_parse(const char *s, bool *out)
{
	static const char *const words[2] = { "false", "true" };
	int i = word_index(s, words, 2, strcmp);
	if (i < 0)
		return false;
	*out = i == 1;
	return true;
}

const char *vc_bool_str(bool b) { return b ? "true" : "false"; }

/* The magnitude of a decimal numeral without sign: no leading zeros (a
 * C reader would take "010" for octal 8), at most UINT64_MAX. */
static int decimal(const char *s, uint64_t *mag)
{
	if (!s || !isdigit((unsigned char)s[0]) || (s[0] == '0' && s[1]))
		return VC_E_SYNTAX;
	uint64_t v = 0;
	bool over = false;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s))
			return VC_E_SYNTAX;
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			over = true;
		else
			v = v * 10 + d;
	}
	*mag = v;
	return over ? VC_E_RANGE : VC_OK;
}

int vc_uint_parse(const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v;
	int rc = decimal(s, &v);
	if (rc)
		return rc;
	if (v > max)
		return VC_E_RANGE;
	*out = v;
	return VC_OK;
}

int vc_int_parse(const char *s, int64_t min, int64_t max, int64_t *out)
{
	bool neg = s && s[0] == '-';
	uint64_t mag;
	int rc = decimal(neg ? s + 1 : s, &mag);
	if (rc)
		return rc;
	if (neg && mag == 0)
		return VC_E_SYNTAX;       /* "-0" */
	int64_t v;
	if (neg) {
		if (mag > (uint64_t)INT64_MAX + 1)
			return VC_E_RANGE;
		v = mag == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)mag;
	} else {
		if (mag > (uint64_t)INT64_MAX)
			return VC_E_RANGE;
		v = (int64_t)mag;
	}
	if (v < min || v > max)
		return VC_E_RANGE;
	*out = v;
	return VC_OK;
}

bool vc_width_parse(const char *s, enum vc_width *out)
{
	int i = word_index(s, widths, VC_WIDTH_COUNT, strcmp);
	if (i < 0)
		return false;
	*out = (enum vc_width)i;
	return true;
}

const char *vc_width_str(enum vc_width w)
{
	return (unsigned)w < VC_WIDTH_COUNT ? widths[w] : "?";
}

const struct vc_dtype *vc_dtype_parse(const char *s)
{
	for (size_t i = 0; s && i < sizeof dtypes / sizeof dtypes[0]; i++)
		if (strcmp(s, dtypes[i].name) == 0)
			return &dtypes[i];
	return NULL;
}
