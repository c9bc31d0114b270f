/* shim_memory.c — device memory, copies and fills, streams and events. */
#include "run/shim.h"

#include <stdlib.h>
#include <string.h>

/* ---- memory --------------------------------------------------------------- */
SHIM_EXPORT hipError_t hipMalloc(void **ptr, size_t size)
{
	if (!ptr)
		return shim_ret(hipErrorInvalidValue);
	*ptr = NULL;
	if (size == 0)
		return hipSuccess;
	pthread_mutex_lock(&shim_lock);
	hipError_t e = shim_device();
	if (e == hipSuccess) {
		uint64_t a = emu_alloc(shim_dev, size, 0);
		if (!a)
			e = hipErrorOutOfMemory;
		else if ((e = shim_track(a, size, false)) != hipSuccess)
			emu_free(shim_dev, a);
		else
			*ptr = (void *)(uintptr_t)a;
	}
	pthread_mutex_unlock(&shim_lock);
	return shim_ret(e);
}

SHIM_EXPORT hipError_t hipFree(void *ptr)
{
	if (!ptr)
		return hipSuccess;
	hipError_t e = hipErrorInvalidDevicePointer;
	pthread_mutex_lock(&shim_lock);
	uint64_t a = (uint64_t)(uintptr_t)ptr;
	struct shim_alloc *al = shim_find_alloc(ptr, 0);
	if (al && al->addr == a && !al->module) {
		shim_untrack(a);
		emu_free(shim_dev, a);
		e = hipSuccess;
	}
	pthread_mutex_unlock(&shim_lock);
	return shim_ret(e);
}

SHIM_EXPORT hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags)
{
	(void)flags;
	if (!ptr)
		return shim_ret(hipErrorInvalidValue);
	*ptr = NULL;
	if (!size)
		return hipSuccess;
	void *p = malloc(size);
	if (!p)
		return shim_ret(hipErrorOutOfMemory);
	pthread_mutex_lock(&shim_lock);
	hipError_t e = shim_handle_add(SHIM_HOST, p);
	pthread_mutex_unlock(&shim_lock);
	if (e != hipSuccess)
		free(p);
	else
		*ptr = p;
	return shim_ret(e);
}

SHIM_EXPORT hipError_t hipHostFree(void *ptr)
{
	if (!ptr)
		return hipSuccess;
	pthread_mutex_lock(&shim_lock);
	bool live = shim_handle_remove(SHIM_HOST, ptr);
	pthread_mutex_unlock(&shim_lock);
	if (!live)
		return shim_ret(hipErrorInvalidValue);
	free(ptr);
	return hipSuccess;
}

/* Copy with the lock held.  Device sides must lie inside one live allocation;
 * a pointer where device memory is or was is never read on the host. */
static hipError_t copy(void *dst, const void *src, size_t n, hipMemcpyKind kind)
{
	if (n == 0)
		return hipSuccess;
	if (!dst || !src)
		return hipErrorInvalidValue;
	bool dd = shim_find_alloc(dst, n) != NULL, sd = shim_find_alloc(src, n) != NULL;
	if ((!dd && shim_in_device_window(dst)) || (!sd && shim_in_device_window(src)))
		return hipErrorInvalidValue;    /* freed, or the range runs past its buffer */
	switch (kind) {
	case hipMemcpyHostToHost: if (dd || sd) return hipErrorInvalidValue; break;
	case hipMemcpyHostToDevice: if (!dd || sd) return hipErrorInvalidValue; break;
	case hipMemcpyDeviceToHost: if (!sd || dd) return hipErrorInvalidValue; break;
	case hipMemcpyDeviceToDevice: if (!dd || !sd) return hipErrorInvalidValue; break;
	case hipMemcpyDefault: break;
	default: return hipErrorInvalidMemcpyDirection;
	}
	uint64_t da = (uint64_t)(uintptr_t)dst, sa = (uint64_t)(uintptr_t)src;
	if (!dd && !sd) {
		memmove(dst, src, n);
		return hipSuccess;
	}
	if (dd && !sd)
		return emu_write(shim_dev, da, src, n) ? hipErrorInvalidValue : hipSuccess;
	if (!dd && sd)
		return emu_read(shim_dev, sa, dst, n) ? hipErrorInvalidValue : hipSuccess;
	void *tmp = malloc(n);
	if (!tmp)
		return hipErrorOutOfMemory;
	hipError_t e = emu_read(shim_dev, sa, tmp, n) || emu_write(shim_dev, da, tmp, n) ? hipErrorInvalidValue
									     : hipSuccess;
	free(tmp);
	return e;
}

SHIM_EXPORT hipError_t hipMemcpy(void *dst, const void *src, size_t n, hipMemcpyKind kind)
{
	pthread_mutex_lock(&shim_lock);
	hipError_t e = copy(dst, src, n, kind);
	pthread_mutex_unlock(&shim_lock);
	return shim_ret(e);
}

/* HIP's answer for a stream handle that was never created or is destroyed. */
static hipError_t check_stream(hipStream_t s)
{
	pthread_mutex_lock(&shim_lock);
	bool ok = shim_stream_ok(s);
	pthread_mutex_unlock(&shim_lock);
	return ok ? hipSuccess : shim_ret(hipErrorInvalidHandle);
}

SHIM_EXPORT hipError_t hipMemcpyAsync(void *dst, const void *src, size_t n, hipMemcpyKind kind,
				      hipStream_t stream)
{
	hipError_t e = check_stream(stream);
	return e ? e : hipMemcpy(dst, src, n, kind);
}

SHIM_EXPORT hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t n,
					   hipMemcpyKind kind, hipStream_t stream)
{
	hipError_t e = check_stream(stream);
	return e ? e : hipMemcpy(dst, src, n, kind);
}

SHIM_EXPORT hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t n)
{
	return hipMemcpy(dst, src, n, hipMemcpyHostToDevice);
}

SHIM_EXPORT hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t n)
{
	return hipMemcpy(dst, src, n, hipMemcpyDeviceToHost);
}

SHIM_EXPORT hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t n)
{
	return hipMemcpy(dst, src, n, hipMemcpyDeviceToDevice);
}

static hipError_t fill(void *dst, const void *pattern, size_t elem, size_t count)
{
	if (count == 0)
		return hipSuccess;
	if (count > SIZE_MAX / elem)
		return shim_ret(hipErrorInvalidValue);
	size_t n = count * elem;
	uint8_t *tmp = malloc(n);
	if (!tmp)
		return shim_ret(hipErrorOutOfMemory);
	for (size_t i = 0; i < count; i++)
		memcpy(tmp + i * elem, pattern, elem);
	pthread_mutex_lock(&shim_lock);
	hipError_t e = shim_find_alloc(dst, n) && !emu_write(shim_dev, (uint64_t)(uintptr_t)dst, tmp, n)
			       ? hipSuccess : hipErrorInvalidValue;
	pthread_mutex_unlock(&shim_lock);
	free(tmp);
	return shim_ret(e);
}

SHIM_EXPORT hipError_t hipMemset(void *dst, int value, size_t n)
{
	uint8_t b = (uint8_t)value;
	return fill(dst, &b, 1, n);
}

SHIM_EXPORT hipError_t hipMemsetAsync(void *dst, int value, size_t n, hipStream_t stream)
{
	hipError_t e = check_stream(stream);
	return e ? e : hipMemset(dst, value, n);
}

SHIM_EXPORT hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count)
{
	return fill(dst, &value, 1, count);
}

SHIM_EXPORT hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count)
{
	return fill(dst, &value, 2, count);
}

SHIM_EXPORT hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count)
{
	return fill(dst, &value, 4, count);
}

/* ---- streams and events ----------------------------------------------------- */
/* A new handle of kind, registered; *out stays NULL on failure. */
static hipError_t handle_new(enum shim_kind kind, size_t size, void **out)
{
	void *p = calloc(1, size);
	if (!p)
		return shim_ret(hipErrorOutOfMemory);
	pthread_mutex_lock(&shim_lock);
	hipError_t e = shim_handle_add(kind, p);
	pthread_mutex_unlock(&shim_lock);
	if (e != hipSuccess) {
		free(p);
		return shim_ret(e);
	}
	*out = p;
	return hipSuccess;
}

/* Free a handle of kind once: a second time, or one never made, is refused. */
static hipError_t handle_free(enum shim_kind kind, void *p)
{
	pthread_mutex_lock(&shim_lock);
	bool live = shim_handle_remove(kind, p);
	pthread_mutex_unlock(&shim_lock);
	if (!live)
		return shim_ret(hipErrorInvalidHandle);
	free(p);
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipStreamCreate(hipStream_t *s)
{
	if (!s)
		return shim_ret(hipErrorInvalidValue);
	*s = NULL;
	return handle_new(SHIM_STREAM, sizeof **s, (void **)s);
}

SHIM_EXPORT hipError_t hipStreamCreateWithFlags(hipStream_t *s, unsigned int flags)
{
	(void)flags;
	return hipStreamCreate(s);
}

SHIM_EXPORT hipError_t hipStreamDestroy(hipStream_t s)
{
	return handle_free(SHIM_STREAM, s);
}

SHIM_EXPORT hipError_t hipStreamSynchronize(hipStream_t s)
{
	return check_stream(s);
}

SHIM_EXPORT hipError_t hipStreamQuery(hipStream_t s)
{
	return check_stream(s);
}

SHIM_EXPORT hipError_t hipEventCreate(hipEvent_t *ev)
{
	if (!ev)
		return shim_ret(hipErrorInvalidValue);
	*ev = NULL;
	return handle_new(SHIM_EVENT, sizeof **ev, (void **)ev);
}

SHIM_EXPORT hipError_t hipEventCreateWithFlags(hipEvent_t *ev, unsigned flags)
{
	(void)flags;
	return hipEventCreate(ev);
}

SHIM_EXPORT hipError_t hipEventRecord(hipEvent_t ev, hipStream_t stream)
{
	pthread_mutex_lock(&shim_lock);
	hipError_t e = !shim_handle_live(SHIM_EVENT, ev) || !shim_stream_ok(stream) ? hipErrorInvalidHandle
										    : hipSuccess;
	if (e == hipSuccess) {
		ev->ms = shim_now_ms();
		ev->recorded = true;
	}
	pthread_mutex_unlock(&shim_lock);
	return shim_ret(e);
}

static hipError_t check_event(hipEvent_t ev)
{
	pthread_mutex_lock(&shim_lock);
	bool live = shim_handle_live(SHIM_EVENT, ev);
	pthread_mutex_unlock(&shim_lock);
	return live ? hipSuccess : shim_ret(hipErrorInvalidHandle);
}

SHIM_EXPORT hipError_t hipEventSynchronize(hipEvent_t ev)
{
	return check_event(ev);
}

SHIM_EXPORT hipError_t hipEventQuery(hipEvent_t ev)
{
	return check_event(ev);
}

SHIM_EXPORT hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop)
{
	if (!ms)
		return shim_ret(hipErrorInvalidValue);
	pthread_mutex_lock(&shim_lock);
	hipError_t e = !shim_handle_live(SHIM_EVENT, start) || !shim_handle_live(SHIM_EVENT, stop)
			       ? hipErrorInvalidHandle
		       : !start->recorded || !stop->recorded ? hipErrorNotReady
							     : hipSuccess;
	if (e == hipSuccess)
		*ms = (float)(stop->ms - start->ms);
	pthread_mutex_unlock(&shim_lock);
	return shim_ret(e);
}

SHIM_EXPORT hipError_t hipEventDestroy(hipEvent_t ev)
{
	return handle_free(SHIM_EVENT, ev);
}
