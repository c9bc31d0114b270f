/* rdna3run_args.c — the generic mode's argument keys and buffer fills:
 * --arg KEY=VALUE and --buffer KEY=BYTES[:FILL], where KEY names an explicit
 * argument by name, by position (0, 1, ... in metadata order) or by kernarg
 * offset (@24), optionally typed (:i32, :f32, ...).  See docs/rdna3run.md. */
#include "rdna3run/rdna3run.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	enum ld_scalar t;
	unsigned size;
} key_types[] = {
	{ "i8", LD_SC_INT, 1 },   { "i16", LD_SC_INT, 2 },  { "i32", LD_SC_INT, 4 },  { "i64", LD_SC_INT, 8 },
	{ "u8", LD_SC_UINT, 1 },  { "u16", LD_SC_UINT, 2 }, { "u32", LD_SC_UINT, 4 }, { "u64", LD_SC_UINT, 8 },
	{ "f32", LD_SC_FLOAT, 4 }, { "f64", LD_SC_FLOAT, 8 },
};

static bool all_digits(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

static bool parse_off(const char *s, size_t n, uint32_t *v)
{
	char buf[24];
	if (!n || n >= sizeof buf)
		return false;
	memcpy(buf, s, n);
	buf[n] = 0;
	int base = buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X') ? 16 : 10;
	char *end;
	errno = 0;
	unsigned long long x = strtoull(buf, &end, base);
	if (*end || errno || end == buf || buf[0] == '-' || buf[0] == '+' || x > UINT32_MAX)
		return false;
	*v = (uint32_t)x;
	return true;
}

int run_arg_key(const struct ld_kernel *k, const char *opt, const char *key, struct run_key *out)
{
	memset(out, 0, sizeof *out);
	out->idx = -1;
	const char *colon = strchr(key, ':');
	size_t n = colon ? (size_t)(colon - key) : strlen(key);
	if (colon) {
		size_t i = 0;
		while (i < sizeof key_types / sizeof key_types[0] && strcmp(colon + 1, key_types[i].name))
			i++;
		if (i == sizeof key_types / sizeof key_types[0]) {
			run_error("%s %s: unknown type '%s' (i8..i64, u8..u64, f32, f64)", opt, key, colon + 1);
			return -1;
		}
		out->type = key_types[i].t;
		out->size = key_types[i].size;
	}
	if (key[0] == '@') {
		if (!parse_off(key + 1, n - 1, &out->offset)) {
			run_error("%s %s: bad offset (decimal or 0x hex after @)", opt, key);
			return -1;
		}
		for (unsigned i = 0; i < k->nargs; i++)
			if (k->args[i].kind != LD_ARG_HIDDEN && k->args[i].offset == out->offset)
				out->idx = (int)i;
		out->by_offset = true;
		if (out->idx < 0 && !out->size) {
			run_error("%s %s: no argument starts at offset %u; give a type (%s:i32=...)", opt, key,
				  out->offset, key);
			return -1;
		}
	} else if (all_digits(key, n)) {
		unsigned long pos = strtoul(key, NULL, 10), explicit_n = 0;
		for (unsigned i = 0; i < k->nargs; i++)
			explicit_n += k->args[i].kind != LD_ARG_HIDDEN;
		if (n > 6 || pos >= explicit_n) {
			run_error("%s %s: kernel %s has %lu explicit arguments (positions 0..%lu)", opt, key, k->name,
				  explicit_n, explicit_n ? explicit_n - 1 : 0);
			return -1;
		}
		out->idx = (int)pos;   /* explicit arguments come first in the metadata */
	} else {
		char name[64];
		if (n >= sizeof name) {
			run_error("%s %s: no such argument", opt, key);
			return -1;
		}
		memcpy(name, key, n);
		name[n] = 0;
		const struct ld_arg *a = ld_arg_find(k, name);
		if (!a) {
			bool unnamed = false;
			for (unsigned i = 0; i < k->nargs; i++)
				unnamed |= k->args[i].kind != LD_ARG_HIDDEN && !k->args[i].name[0];
			run_error("%s %s: kernel %s has no argument '%s'%s", opt, key, k->name, name,
				  unnamed ? " (its metadata names no arguments: use a position or @offset, or compile "
					    "HIP sources with -fhip-kernel-arg-name)" : "");
			return -1;
		}
		out->idx = (int)(a - k->args);
	}
	if (out->idx >= 0 && out->size && k->args[out->idx].size != out->size) {
		run_error("%s %s: the argument has %u bytes, %s has %u", opt, key, k->args[out->idx].size, colon + 1,
			  out->size);
		return -1;
	}
	return 0;
}

int run_set_args(const struct run_opts *o, struct ld_kargs *ka)
{
	char err[256];
	uint32_t raw_lo[RUN_MAX_NAMED], raw_hi[RUN_MAX_NAMED];
	unsigned nraw = 0;
	for (unsigned i = 0; i < o->nargs; i++) {
		const char *key = o->args[i].name, *text = o->args[i].value;
		struct run_key rk;
		if (run_arg_key(ka->kernel, "--arg", key, &rk))
			return -1;
		if (rk.idx >= 0) {
			if (ka->set[rk.idx]) {
				run_error("--arg %s: already set (by an earlier option or by --gemm)", key);
				return -1;
			}
			if (ld_kargs_set_text_index(ka, (unsigned)rk.idx, rk.type, text, err, sizeof err)) {
				run_error("--arg %s: %s", key, err);
				return -1;
			}
			continue;
		}
		/* bytes no argument of the metadata covers */
		uint64_t bits;
		if (ld_scalar_parse(text, rk.type, rk.size, &bits, err, sizeof err)) {
			run_error("--arg %s: %s", key, err);
			return -1;
		}
		for (unsigned j = 0; j < nraw; j++)
			if (rk.offset < raw_hi[j] && raw_lo[j] < rk.offset + rk.size) {
				run_error("--arg %s: overlaps an earlier --arg at offset %u", key, raw_lo[j]);
				return -1;
			}
		if (ld_kargs_set_bytes(ka, rk.offset, &bits, rk.size, err, sizeof err)) {
			run_error("--arg %s: %s", key, err);
			return -1;
		}
		raw_lo[nraw] = rk.offset, raw_hi[nraw++] = rk.offset + rk.size;
	}
	return 0;
}

float run_random(uint64_t *state)
{
	uint64_t s = *state;
	s ^= s << 13, s ^= s >> 7, s ^= s << 17; /* xorshift64 */
	*state = s;
	return (float)((double)(s >> 40) / (double)(1ull << 23) - 1.0);
}

/* --buffer fills: zero, random (floats in [-1, 1)), iota (float i), identity
 * (an identity matrix of floats, square or identity:COLS columns, row-major),
 * or a number (every float). */
bool run_fill_buffer(uint8_t *p, size_t bytes, const char *how, uint64_t seed)
{
	size_t nf = bytes / 4;
	float *f = (float *)(void *)p;
	memset(p, 0, bytes);
	if (!how || !strcmp(how, "zero"))
		return true;
	if (!strcmp(how, "random")) {
		uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
		for (size_t i = 0; i < nf; i++)
			f[i] = run_random(&s);
	} else if (!strcmp(how, "iota")) {
		for (size_t i = 0; i < nf; i++)
			f[i] = (float)i;
	} else if (!strncmp(how, "identity", 8) && (how[8] == 0 || how[8] == ':')) {
		uint64_t cols;
		if (how[8] == ':') {
			char *end;
			errno = 0;
			cols = strtoull(how + 9, &end, 10);
			if (*end || errno || how[9] < '1' || how[9] > '9' || cols > nf || nf % cols)
				return false;
		} else {
			cols = (uint64_t)llround(sqrt((double)nf));
			if (cols * cols != nf || bytes % 4)
				return false;
		}
		for (uint64_t r = 0; r < nf / cols && r < cols; r++)
			f[r * cols + r] = 1.0f;
	} else {
		char *end;
		errno = 0;
		float v = strtof(how, &end);
		if (*end || errno || !*how)
			return false;
		for (size_t i = 0; i < nf; i++)
			f[i] = v;
	}
	return true;
}
