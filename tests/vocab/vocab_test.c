/* vocab_test — each vocabulary accepts its documented spellings and nothing
 * else (vocab/vocab.h).  Expected values are written out by hand. */
#include <stdio.h>
#include <string.h>

#include "tests/check.h"
#include "vocab/vocab.h"

/* A check whose failure names the input it was given. */
static void check_in(bool ok, const char *name, const char *input)
{
	checkf(ok, name, "input '%s'", input);
}

static void test_layout(void)
{
	static const struct { const char *s; int want; } rows[] = {
		{ "NN", VC_NN }, { "NT", VC_NT }, { "TN", VC_TN }, { "TT", VC_TT },
		{ "nn", VC_NN }, { "nt", VC_NT }, { "tN", VC_TN }, { "Tt", VC_TT },
		{ "", -1 }, { "N", -1 }, { "NNN", -1 }, { "NC", -1 }, { "n t", -1 }, { "NT ", -1 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		enum vc_layout l = VC_LAYOUT_COUNT;
		bool ok = vc_layout_parse(rows[i].s, &l);
		char name[96];
		snprintf(name, sizeof name, "layout '%s' %s", rows[i].s, rows[i].want < 0 ? "refused" : "parses");
		check_in(rows[i].want < 0 ? !ok : ok && (int)l == rows[i].want, name, rows[i].s);
	}
	check_in(!strcmp(vc_layout_str(VC_NT), "NT") && !strcmp(vc_layout_str(VC_TN), "TN") &&
	      !strcmp(vc_layout_str(VC_LAYOUT_COUNT), "?"), "layouts print upper case", "");
	check_in(!vc_layout_ta(VC_NT) && vc_layout_tb(VC_NT) && vc_layout_ta(VC_TN) && !vc_layout_tb(VC_TN),
	      "layout: first letter is A's, second B's", "NT/TN");
}

static void test_bool(void)
{
	bool b = false;
	check_in(vc_bool_parse("true", &b) && b, "bool true", "true");
	check_in(vc_bool_parse("false", &b) && !b, "bool false", "false");
	static const char *const bad[] = { "yes", "no", "on", "off", "1", "0", "True", "FALSE", "", "truex" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char name[64];
		snprintf(name, sizeof name, "bool '%s' refused", bad[i]);
		check_in(!vc_bool_parse(bad[i], &b), name, bad[i]);
	}
	check_in(!vc_bool_parse(NULL, &b), "bool NULL refused", "(null)");
	check_in(!strcmp(vc_bool_str(true), "true") && !strcmp(vc_bool_str(false), "false"), "bools print", "");
}

static void test_int(void)
{
	int64_t v = 0;
	uint64_t u = 0;
	check_in(vc_int_parse("0", -5, 5, &v) == VC_OK && v == 0, "int 0", "0");
	check_in(vc_int_parse("1024", 1, 1024, &v) == VC_OK && v == 1024, "int at max", "1024");
	check_in(vc_int_parse("-5", -5, 5, &v) == VC_OK && v == -5, "int negative at min", "-5");
	check_in(vc_int_parse("1025", 1, 1024, &v) == VC_E_RANGE, "int above max", "1025");
	check_in(vc_int_parse("-1", 0, 10, &v) == VC_E_RANGE, "int below min", "-1");
	check_in(vc_int_parse("-9223372036854775808", INT64_MIN, 0, &v) == VC_OK && v == INT64_MIN,
	      "int INT64_MIN", "-9223372036854775808");
	check_in(vc_int_parse("9223372036854775808", INT64_MIN, INT64_MAX, &v) == VC_E_RANGE,
	      "int past INT64_MAX", "9223372036854775808");
	static const char *const bad[] = { "010", "0x10", "+5", " 5", "5 ", "5x", "", "-", "-0", "1e3",
					   "00", "--1", "1.0" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char name[64];
		snprintf(name, sizeof name, "int '%s' refused as not decimal", bad[i]);
		check_in(vc_int_parse(bad[i], INT64_MIN, INT64_MAX, &v) == VC_E_SYNTAX, name, bad[i]);
	}
	check_in(vc_uint_parse("18446744073709551615", UINT64_MAX, &u) == VC_OK && u == UINT64_MAX,
	      "uint UINT64_MAX", "18446744073709551615");
	check_in(vc_uint_parse("18446744073709551616", UINT64_MAX, &u) == VC_E_RANGE, "uint overflow",
	      "18446744073709551616");
	check_in(vc_uint_parse("-1", UINT64_MAX, &u) == VC_E_SYNTAX, "uint '-1' refused", "-1");
	check_in(vc_uint_parse("4294967296", UINT32_MAX, &u) == VC_E_RANGE, "uint above max", "4294967296");
	check_in(vc_uint_parse("010", 100, &u) == VC_E_SYNTAX, "uint '010' refused (not octal 8)", "010");
}

static void test_width_dtype(void)
{
	enum vc_width w;
	check_in(vc_width_parse("b128", &w) && w == VC_B128 && vc_width_bits(w) == 128, "width b128", "b128");
	check_in(vc_width_parse("b32", &w) && vc_width_bits(w) == 32 && !strcmp(vc_width_str(w), "b32"),
	      "width b32 round trip", "b32");
	check_in(!vc_width_parse("B64", &w) && !vc_width_parse("64", &w) && !vc_width_parse("b16", &w),
	      "widths other than b32|b64|b128 refused", "B64/64/b16");
	const struct vc_dtype *d = vc_dtype_parse("f32");
	check_in(d && d->kind == VC_FLOAT && d->bytes == 4, "dtype f32", "f32");
	d = vc_dtype_parse("i64");
	check_in(d && d->kind == VC_SINT && d->bytes == 8, "dtype i64", "i64");
	d = vc_dtype_parse("u8");
	check_in(d && d->kind == VC_UINT && d->bytes == 1, "dtype u8", "u8");
	check_in(!vc_dtype_parse("F32") && !vc_dtype_parse("float") && !vc_dtype_parse("f8"),
	      "unknown dtypes refused", "F32/float/f8");
}

int main(void)
{
	test_layout();
	test_bool();
	test_int();
	test_width_dtype();
	return check_exit();
}
