/* backend.c — the checks every backend shares, in front of its ops. */
#include "loader/ld_internal.h"

#include <stdlib.h>
#include <string.h>

int ld_load(struct ld_backend *b, const struct ld_code_object *co, void **module, char *err,
	    size_t errlen)
{
	if (!b || !co || !module)
		return vc_fail(err, errlen, LD_E_ARG, "ld_load: missing argument");
	*module = NULL;
	return b->ops->load(b, co, module, err, errlen);
}

void ld_unload(struct ld_backend *b, void *module)
{
	if (b && module)
		b->ops->unload(b, module);
}

int ld_alloc(struct ld_backend *b, size_t bytes, uint64_t *addr, char *err, size_t errlen)
{
	if (!b || !addr)
		return vc_fail(err, errlen, LD_E_ARG, "ld_alloc: missing argument");
	*addr = 0;
	return b->ops->alloc(b, bytes ? bytes : 1, addr, err, errlen);
}

void ld_free(struct ld_backend *b, uint64_t addr)
{
	if (b && addr)
		b->ops->free(b, addr);
}

int ld_write(struct ld_backend *b, uint64_t dst, const void *src, size_t n, char *err,
	     size_t errlen)
{
	if (!b || (!src && n))
		return vc_fail(err, errlen, LD_E_ARG, "ld_write: missing argument");
	return n ? b->ops->write(b, dst, src, n, err, errlen) : LD_OK;
}

int ld_read(struct ld_backend *b, void *dst, uint64_t src, size_t n, char *err, size_t errlen)
{
	if (!b || (!dst && n))
		return vc_fail(err, errlen, LD_E_ARG, "ld_read: missing argument");
	return n ? b->ops->read(b, dst, src, n, err, errlen) : LD_OK;
}

int ld_launch(struct ld_backend *b, void *module, const struct ld_kernel *k,
	      const struct ld_kargs *kernarg, const uint32_t grid[3], const uint32_t block[3],
	      unsigned reps, struct ld_run_stats *stats, char *err, size_t errlen)
{
	struct ld_run_stats local;
	if (!b || !module || !k || !kernarg || kernarg->kernel != k)
		return vc_fail(err, errlen, LD_E_ARG, "ld_launch: missing argument or wrong kernarg");
	int rc = ld_check_dispatch(k, grid, block, err, errlen);
	if (rc)
		return rc;
	for (unsigned i = 0; i < k->nargs; i++)
		if (!kernarg->set[i])
			return vc_fail(err, errlen, LD_E_KARG,
				       "kernel %s: argument %u not set (call ld_kargs_finish)", k->name, i);
	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof *stats);
	return b->ops->launch(b, module, k, kernarg, grid, block, reps ? reps : 1, stats, err, errlen);
}

void ld_backend_close(struct ld_backend *b)
{
	if (b && b->ops && b->ops->destroy)
		b->ops->destroy(b);
}
