/* args.c — building a kernarg segment by argument name, with the checks that
 * turn a wrong call into LD_E_KARG instead of a kernel reading garbage. */
#include "loader/ld_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int ld_kargs_init(struct ld_kargs *a, const struct ld_kernel *k, char *err, size_t errlen)
{
	if (!a || !k)
		return ld_fail(err, errlen, LD_E_ARG, "ld_kargs_init: no kernel");
	memset(a, 0, sizeof *a);
	a->kernel = k;
	a->size = k->kernarg_size;
	a->buf = calloc(1, a->size ? a->size : 1);
	a->set = calloc(k->nargs ? k->nargs : 1, sizeof *a->set);
	if (!a->buf || !a->set) {
		ld_kargs_free(a);
		return ld_fail(err, errlen, LD_E_NOMEM, "out of memory");
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
		*rc = ld_fail(err, errlen, LD_E_KARG, "kernel %s has no argument '%s'%s",
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
		return ld_fail(err, errlen, LD_E_KARG, "argument %s is %s, not a by_value number",
			       name, arg->value_kind);
	if (arg->size != n)
		return ld_fail(err, errlen, LD_E_KARG, "argument %s has %u bytes, value has %zu",
			       name, arg->size, n);
	if (arg->type_name[0]) {
		bool is_float = strstr(arg->type_name, "float") || strstr(arg->type_name, "double") ||
				strstr(arg->type_name, "half");
		if (is_float != (nk == NUM_FLOAT))
			return ld_fail(err, errlen, LD_E_KARG, "argument %s is %s, value is %s", name,
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
		return ld_fail(err, errlen, LD_E_KARG, "argument %s is %s, not a global_buffer",
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

int ld_kargs_set_text(struct ld_kargs *a, const char *name, const char *text, char *err,
		      size_t errlen)
{
	int rc = LD_OK;
	unsigned idx;
	const struct ld_arg *arg = lookup(a, name, &idx, err, errlen, &rc);
	if (!arg)
		return rc;
	if (!text || !text[0])
		return ld_fail(err, errlen, LD_E_KARG, "argument %s: empty value", name);
	if (arg->kind != LD_ARG_BY_VALUE)
		return ld_fail(err, errlen, LD_E_KARG, "argument %s is %s: give it a buffer, not '%s'",
			       name, arg->value_kind, text);
	char *end;
	errno = 0;
	if (looks_float(text)) {
		double d = strtod(text, &end);
		if (*end || errno == ERANGE)
			return ld_fail(err, errlen, LD_E_KARG, "argument %s: '%s' is not a number",
				       name, text);
		if (arg->size == 4)
			return ld_kargs_set_f32(a, name, (float)d, err, errlen);
		if (arg->size == 8)
			return ld_kargs_set_f64(a, name, d, err, errlen);
		return ld_fail(err, errlen, LD_E_KARG,
			       "argument %s has %u bytes: no floating-point value fits", name,
			       arg->size);
	}
	bool neg = text[0] == '-';
	unsigned long long u = 0;
	long long s = 0;
	if (neg)
		s = strtoll(text, &end, 0);
	else
		u = strtoull(text, &end, 0);
	if (*end || errno == ERANGE || end == text)
		return ld_fail(err, errlen, LD_E_KARG, "argument %s: '%s' is not a number", name, text);
	if (arg->size == 0 || arg->size > 8)
		return ld_fail(err, errlen, LD_E_KARG, "argument %s has %u bytes: not an integer",
			       name, arg->size);
	unsigned bits = arg->size * 8;
	if (neg ? (bits < 64 && s < -(1LL << (bits - 1)))
		: (bits < 64 && u > (1ULL << bits) - 1))
		return ld_fail(err, errlen, LD_E_KARG, "argument %s: %s does not fit in %u bytes",
			       name, text, arg->size);
	if (arg->type_name[0] && (strstr(arg->type_name, "float") || strstr(arg->type_name, "double")))
		return ld_fail(err, errlen, LD_E_KARG, "argument %s is %s, value is an integer", name,
			       arg->type_name);
	uint64_t v = neg ? (uint64_t)s : (uint64_t)u;
	store(a, idx, &v, arg->size); /* little-endian: the low bytes */
	return LD_OK;
}

int ld_kargs_set_index(struct ld_kargs *a, unsigned i, const void *v, size_t n, char *err,
		       size_t errlen)
{
	if (!a || !a->kernel || i >= a->kernel->nargs || (!v && n))
		return ld_fail(err, errlen, LD_E_KARG, "no argument %u", i);
	if (a->kernel->args[i].size != n)
		return ld_fail(err, errlen, LD_E_KARG, "argument %u has %u bytes, value has %zu", i,
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
		return ld_fail(err, errlen, LD_E_ARG, "ld_kargs_finish: missing argument");
	const struct ld_kernel *k = a->kernel;
	for (unsigned i = 0; i < k->nargs; i++) {
		const struct ld_arg *arg = &k->args[i];
		if (arg->kind != LD_ARG_HIDDEN) {
			if (!a->set[i])
				return arg->name[0]
				  ? ld_fail(err, errlen, LD_E_KARG, "kernel %s: argument %s not given",
					    k->name, arg->name)
				  : ld_fail(err, errlen, LD_E_KARG, "kernel %s: argument %u not given",
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
		return ld_fail(err, errlen, LD_E_ARG, "ld_check_dispatch: missing argument");
	for (int d = 0; d < 3; d++)
		if (!grid[d] || !block[d])
			return ld_fail(err, errlen, LD_E_ARG, "grid %u,%u,%u block %u,%u,%u: zero size",
				       grid[0], grid[1], grid[2], block[0], block[1], block[2]);
	uint64_t threads = (uint64_t)block[0] * block[1] * block[2];
	uint32_t limit = k->max_flat_workgroup_size ? k->max_flat_workgroup_size : 1024;
	if (threads > limit)
		return ld_fail(err, errlen, LD_E_ARG,
			       "block of %llu work-items exceeds kernel %s's limit of %u",
			       (unsigned long long)threads, k->name, limit);
	const uint32_t *r = k->reqd_workgroup_size;
	if ((r[0] || r[1] || r[2]) && (r[0] != block[0] || r[1] != block[1] || r[2] != block[2]))
		return ld_fail(err, errlen, LD_E_ARG, "kernel %s requires block %u,%u,%u", k->name,
			       r[0], r[1], r[2]);
	/* rdna3gen's kernels are written for the block they record (work-item ids
	 * in x only): another one would silently compute part of the work. */
	if (!(r[0] || r[1] || r[2]) && k->block_threads &&
	    (block[0] != k->block_threads || block[1] != 1 || block[2] != 1))
		return ld_fail(err, errlen, LD_E_ARG,
			       "kernel %s was generated for a block of %u,1,1 (.rdna3.block_threads), not %u,%u,%u",
			       k->name, k->block_threads, block[0], block[1], block[2]);
	for (int d = 0; d < 3; d++)
		if ((uint64_t)grid[d] * block[d] > UINT32_MAX)
			return ld_fail(err, errlen, LD_E_ARG, "grid too large in dimension %d", d);
	return LD_OK;
}
