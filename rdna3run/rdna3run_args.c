/* rdna3run_args.c — the generic mode's argument keys and buffer fills:
 * --arg KEY=VALUE and --buffer KEY=BYTES[:FILL], where KEY names an explicit
 * argument by name, by position (0, 1, ... in metadata order) or by kernarg
 * offset (@24), optionally typed (:i32, :f32, ...).  See docs/rdna3run.md. */
#include "rdna3run/rdna3run.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
		if (!ld_type_word(colon + 1, &out->type, &out->size)) {
			run_error("%s %s: unknown type '%s' (i8..i64, u8..u64, f16, bf16, f32, f64)", opt, key, colon + 1);
			return -1;
		}
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
	/* a buffer's :TYPE is its elements' type (run_fill_buffer), not its size */
	if (out->idx >= 0 && out->size && k->args[out->idx].kind != LD_ARG_GLOBAL_BUFFER &&
	    k->args[out->idx].size != out->size) {
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

const char *run_type_name(enum ld_scalar t, unsigned size)
{
	static const char *const ints[] = { "i8", "i16", "i32", "i64" }, *const uints[] = { "u8", "u16", "u32", "u64" };
	unsigned lg = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;
	switch (t) {
	case LD_SC_INT: return ints[lg];
	case LD_SC_UINT: return uints[lg];
	case LD_SC_BF16: return "bf16";
	default: return size == 2 ? "f16" : size == 8 ? "f64" : "f32";
	}
}

/* The raw bytes of a file, which must have exactly the buffer's size: a
 * shorter one would leave part of the buffer to a silent default. */
static int fill_file(uint8_t *p, size_t bytes, const char *path, char *why, size_t whylen)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	if (!f || fstat(fileno(f), &st) || S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "file=%s: %s", path, f ? "is a folder" : strerror(errno));
		if (f)
			fclose(f);
		return RUN_EXIT_USAGE;
	}
	size_t got = fread(p, 1, bytes, f);
	bool longer = got == bytes && fgetc(f) != EOF, failed = ferror(f);
	fclose(f);
	if (failed) {
		snprintf(why, whylen, "file=%s: read error", path);
		return RUN_EXIT_FAIL;
	}
	if (got < bytes || longer) {
		/* a regular file's size from fstat; a pipe or device by what was read */
		char has[48];
		if (S_ISREG(st.st_mode))
			snprintf(has, sizeof has, "%llu", (unsigned long long)st.st_size);
		else
			snprintf(has, sizeof has, "%s%zu", longer ? "more than " : "", got);
		snprintf(why, whylen, "file=%s has %s bytes, the buffer %zu (a file fill must be the buffer's size)",
			 path, has, bytes);
		return RUN_EXIT_USAGE;
	}
	return 0;
}

/* The columns of an identity fill of n elements: identity:COLS (rows =
 * n / COLS), or the side of a square; 0 when it does not fit. */
static uint64_t identity_cols(const char *how, size_t n, size_t bytes, unsigned size)
{
	if (how[8] != ':') {
		uint64_t side = (uint64_t)llround(sqrt((double)n));
		return side * side == n && bytes % size == 0 ? side : 0;
	}
	char *end;
	errno = 0;
	uint64_t cols = strtoull(how + 9, &end, 10);
	return *end || errno || how[9] < '1' || how[9] > '9' || cols > n || n % cols ? 0 : cols;
}

/* Element i of a random fill: floats uniform in [-1, 1) on a grid of 2^-11
 * (f16) or 2^-8 (bf16), whose every point the format holds, so that rounding
 * cannot reach 1; f32 and f64 take vc_random's values as they are (steps of
 * 2^-23), as the fill always has.  Integers: small values (signed in [-8, 8),
 * unsigned in [0, 16)), so that sums of products stay far from overflow. */
static double random_value(uint64_t *s, enum ld_scalar t, unsigned size)
{
	double r = vc_random(s);
	if (t == LD_SC_INT)
		return floor(r * 8);
	if (t == LD_SC_UINT)
		return floor((r + 1) * 8);
	if (size == 2)
		return t == LD_SC_BF16 ? floor(r * 256) / 256 : floor(r * 2048) / 2048;
	return r;
}

int run_fill_buffer(uint8_t *p, size_t bytes, const char *how, enum ld_scalar t, unsigned size, uint64_t seed,
		    char *why, size_t whylen)
{
	size_t n = bytes / size;
	bool is_int = t == LD_SC_INT || t == LD_SC_UINT;
	/* elements are stored as the low size bytes of bits: host and device are little-endian */
	uint64_t bits = 0, mask = size == 8 ? ~0ull : (1ull << size * 8) - 1;
	char err[160];
	memset(p, 0, bytes);
	if (!how || !strcmp(how, "zero"))
		return 0;
	if (!strncmp(how, "file=", 5))
		return fill_file(p, bytes, how + 5, why, whylen);
	if (!strcmp(how, "random")) {
		uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
		for (size_t i = 0; i < n; i++) {
			if (ld_scalar_from_double(random_value(&s, t, size), t, size, &bits, err, sizeof err))
				goto unfit;    /* not reached: every value is in range */
			memcpy(p + i * size, &bits, size);
		}
	} else if (!strcmp(how, "iota")) {
		for (size_t i = 0; i < n; i++) {
			/* integers wrap (i mod 2^bits); a float iota that reaches infinity is refused */
			if (is_int)
				bits = (uint64_t)i & mask;
			else if (ld_scalar_from_double((double)i, t, size, &bits, err, sizeof err))
				goto unfit;
			memcpy(p + i * size, &bits, size);
		}
	} else if (!strncmp(how, "identity", 8) && (how[8] == 0 || how[8] == ':')) {
		uint64_t cols = identity_cols(how, n, bytes, size);
		if (!cols || ld_scalar_from_double(1.0, t, size, &bits, err, sizeof err)) {
			snprintf(why, whylen, "identity%s does not fit %zu %s elements (a square, or COLS dividing them)",
				 how + 8, n, run_type_name(t, size));
			return RUN_EXIT_USAGE;
		}
		for (uint64_t r = 0; r < n / cols && r < cols; r++)
			memcpy(p + (r * cols + r) * size, &bits, size);
	} else {
		if (!how[0] || !strchr("+-.0123456789in", how[0])) {
			snprintf(why, whylen, "bad fill '%s' (zero, random, iota, identity[:COLS], a number or file=PATH)",
				 how);
			return RUN_EXIT_USAGE;
		}
		if (ld_scalar_parse(how, t, size, &bits, err, sizeof err))
			goto unfit;
		for (size_t i = 0; i < n; i++)
			memcpy(p + i * size, &bits, size);
	}
	return 0;
unfit:
	snprintf(why, whylen, "fill '%s' in %s elements: %s", how, run_type_name(t, size), err);
	return RUN_EXIT_USAGE;
}
