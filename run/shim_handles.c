/* shim_handles.c — the handles the shim gave out (modules, events, streams, host
 * allocations), so that a freed, repeated or made-up handle gets the error code
 * libamdhip64 documents instead of a use after free or a double free.  Device
 * pointers are tracked apart (shim_device.c: shim_track), ranges rather than handles. */
#include "run/shim.h"

#include <stdint.h>
#include <stdlib.h>

struct handle {
	enum shim_kind kind;
	const void *p;
};

static struct handle *handles;
static size_t nhandles, cap_handles;

hipError_t shim_handle_add(enum shim_kind kind, const void *p)
{
	if (nhandles == cap_handles) {
		size_t nc = cap_handles ? 2 * cap_handles : 64;
		struct handle *nh = realloc(handles, nc * sizeof *nh);
		if (!nh)
			return hipErrorOutOfMemory;
		handles = nh, cap_handles = nc;
	}
	handles[nhandles++] = (struct handle){ kind, p };
	return hipSuccess;
}

static size_t find(enum shim_kind kind, const void *p)
{
	for (size_t i = 0; i < nhandles; i++)
		if (handles[i].kind == kind && handles[i].p == p)
			return i;
	return SIZE_MAX;
}

bool shim_handle_live(enum shim_kind kind, const void *p)
{
	return p && find(kind, p) != SIZE_MAX;
}

bool shim_handle_remove(enum shim_kind kind, const void *p)
{
	size_t i = p ? find(kind, p) : SIZE_MAX;
	if (i == SIZE_MAX)
		return false;
	handles[i] = handles[--nhandles];
	if (!nhandles) {
		free(handles);
		handles = NULL;
		cap_handles = 0;
	}
	return true;
}

/* Addresses only, never a dereference of f: it may point into freed memory. */
struct ihipModule_t *shim_function_module(const void *f)
{
	uintptr_t a = (uintptr_t)f;
	for (size_t i = 0; f && i < nhandles; i++) {
		if (handles[i].kind != SHIM_MODULE)
			continue;
		struct ihipModule_t *m = (struct ihipModule_t *)handles[i].p;
		uintptr_t lo = (uintptr_t)m->funcs, size = sizeof m->funcs[0];
		if (a >= lo && a < lo + m->nfuncs * size && (a - lo) % size == 0)
			return m;
	}
	return NULL;
}

bool shim_stream_ok(hipStream_t s)
{
	return !s || s == hipStreamPerThread || shim_handle_live(SHIM_STREAM, s);
}
