/* shim.c — libamdhip64 on the gfx1100 emulator: the module-API part of the
 * HIP runtime, so that an unmodified HIP host program (and rdna3run's hip
 * backend) runs kernels where there is no GPU.  Built as libamdhip64.so.6
 * (with a .so.5 name beside it); prototypes come from the HIP headers, so
 * every exported function has the ABI the host was compiled against.
 *
 * Device pointers are emulated addresses (never dereferenceable on the host);
 * every call runs synchronously, so streams are accepted and ignored and an
 * event's time is the host clock when it was recorded. */
#include "emu/emu.h"
#include "loader/loader.h"

#include <hip/hip_runtime_api.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SHIM_EXPORT __attribute__((visibility("default")))

/* ---- state ---------------------------------------------------------------- */
struct shim_alloc {
	uint64_t addr;
	size_t size;
	bool module;              /* a loaded code object: copies yes, hipFree no */
};

struct ihipModuleSymbol_t {
	struct ihipModule_t *mod;
	const struct ld_kernel *kernel;
};

struct ihipModule_t {
	struct ld_code_object *co;
	uint64_t base;                        /* image in device memory */
	struct ihipModuleSymbol_t *funcs;     /* one per kernel */
};

struct ihipEvent_t {
	double ms;                            /* host clock at record, ms */
	bool recorded;
};

struct ihipStream_t {
	int unused;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct emu_dev *dev;
static struct shim_alloc *allocs;
static size_t nallocs, cap_allocs;
static _Thread_local hipError_t last_error = hipSuccess;
static int current_device;

/* Every API call returns through here: HIP keeps the last error per thread. */
static hipError_t ret(hipError_t e)
{
	if (e != hipSuccess)
		last_error = e;
	return e;
}

static void shim_report(const char *fmt, const char *what)
{
	if (!getenv("RDNA3_SHIM_QUIET"))
		fprintf(stderr, fmt, what);
}

/* The device, created on first use.  Caller holds the lock. */
static hipError_t device(void)
{
	if (dev)
		return hipSuccess;
	struct emu_opts o = { 0 };
	const char *t = getenv("RDNA3_SHIM_THREADS"), *c = getenv("RDNA3_SHIM_CHECKS");
	if (t)
		o.threads = (unsigned)strtoul(t, NULL, 10);
	if (c)
		o.checks = (unsigned)strtoul(c, NULL, 0);
	dev = emu_dev_new(&o);
	return dev ? hipSuccess : hipErrorOutOfMemory;
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The allocation containing [p, p+n), or NULL.  Caller holds the lock. */
static struct shim_alloc *find_alloc(const void *p, size_t n)
{
	uint64_t a = (uint64_t)(uintptr_t)p;
	for (size_t i = 0; i < nallocs; i++)
		if (a >= allocs[i].addr && a - allocs[i].addr <= allocs[i].size &&
		    n <= allocs[i].size - (a - allocs[i].addr))
			return &allocs[i];
	return NULL;
}

/* Track a range; caller holds the lock. */
static hipError_t track(uint64_t addr, size_t size, bool module)
{
	if (nallocs == cap_allocs) {
		size_t nc = cap_allocs ? 2 * cap_allocs : 64;
		struct shim_alloc *na = realloc(allocs, nc * sizeof *na);
		if (!na)
			return hipErrorOutOfMemory;
		allocs = na, cap_allocs = nc;
	}
	allocs[nallocs++] = (struct shim_alloc){ addr, size, module };
	return hipSuccess;
}

static void untrack(uint64_t addr)
{
	for (size_t i = 0; i < nallocs; i++)
		if (allocs[i].addr == addr) {
			allocs[i] = allocs[--nallocs];
			return;
		}
}

/* ---- errors --------------------------------------------------------------- */
#define HIP_ERRORS(X)                                                                     \
	X(hipSuccess) X(hipErrorInvalidValue) X(hipErrorOutOfMemory)                       \
	X(hipErrorNotInitialized) X(hipErrorDeinitialized) X(hipErrorInvalidConfiguration) \
	X(hipErrorInvalidPitchValue) X(hipErrorInvalidSymbol) X(hipErrorInvalidDevicePointer) \
	X(hipErrorInvalidMemcpyDirection) X(hipErrorInsufficientDriver)                     \
	X(hipErrorInvalidDeviceFunction) X(hipErrorNoDevice) X(hipErrorInvalidDevice)       \
	X(hipErrorInvalidImage) X(hipErrorInvalidContext) X(hipErrorNoBinaryForGpu)         \
	X(hipErrorInvalidKernelFile) X(hipErrorInvalidSource) X(hipErrorFileNotFound)       \
	X(hipErrorSharedObjectInitFailed) X(hipErrorOperatingSystem)                        \
	X(hipErrorInvalidHandle) X(hipErrorNotFound) X(hipErrorNotReady)                    \
	X(hipErrorIllegalAddress) X(hipErrorLaunchOutOfResources) X(hipErrorLaunchTimeOut)  \
	X(hipErrorLaunchFailure) X(hipErrorNotSupported) X(hipErrorUnknown)

static const struct {
	hipError_t code;
	const char *name;
} error_names[] = {
#define ROW(e) { e, #e },
	HIP_ERRORS(ROW)
#undef ROW
};

SHIM_EXPORT const char *hipGetErrorName(hipError_t e)
{
	for (size_t i = 0; i < sizeof error_names / sizeof error_names[0]; i++)
		if (error_names[i].code == e)
			return error_names[i].name;
	return "hipErrorUnknown";
}

/* HIP's own runtime answers with the name too. */
SHIM_EXPORT const char *hipGetErrorString(hipError_t e)
{
	return hipGetErrorName(e);
}

SHIM_EXPORT hipError_t hipGetLastError(void)
{
	hipError_t e = last_error;
	last_error = hipSuccess;
	return e;
}

SHIM_EXPORT hipError_t hipPeekAtLastError(void)
{
	return last_error;
}

/* ---- device --------------------------------------------------------------- */
SHIM_EXPORT hipError_t hipInit(unsigned int flags)
{
	if (flags)
		return ret(hipErrorInvalidValue);
	pthread_mutex_lock(&lock);
	hipError_t e = device();
	pthread_mutex_unlock(&lock);
	return ret(e);
}

SHIM_EXPORT hipError_t hipDriverGetVersion(int *v)
{
	if (!v)
		return ret(hipErrorInvalidValue);
	*v = HIP_VERSION;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipRuntimeGetVersion(int *v)
{
	return hipDriverGetVersion(v);
}

SHIM_EXPORT hipError_t hipGetDeviceCount(int *count)
{
	if (!count)
		return ret(hipErrorInvalidValue);
	*count = 1;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipSetDevice(int id)
{
	if (id != 0)
		return ret(hipErrorInvalidDevice);
	current_device = id;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipGetDevice(int *id)
{
	if (!id)
		return ret(hipErrorInvalidValue);
	*id = current_device;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipDeviceGet(hipDevice_t *d, int ordinal)
{
	if (!d)
		return ret(hipErrorInvalidValue);
	if (ordinal != 0)
		return ret(hipErrorInvalidDevice);
	*d = 0;
	return hipSuccess;
}

static const char device_name[] = "AMD Radeon RX 7900 XTX (rdna3gen emulator)";

SHIM_EXPORT hipError_t hipDeviceGetName(char *name, int len, hipDevice_t d)
{
	if (!name || len <= 0)
		return ret(hipErrorInvalidValue);
	if (d != 0)
		return ret(hipErrorInvalidDevice);
	snprintf(name, (size_t)len, "%s", device_name);
	return hipSuccess;
}

/* Figures of the RX 7900 XTX (docs/rdna3run.md): 96 CUs, wave32, 64 KiB LDS. */
enum {
	DEV_CUS = 96,
	DEV_CLOCK_KHZ = 2500000,
	DEV_LDS = 65536,
	DEV_MAX_BLOCK = 1024,
};
#define DEV_MEM ((size_t)24 << 30)

SHIM_EXPORT hipError_t hipGetDeviceProperties(hipDeviceProp_t *p, int id)
{
	if (!p)
		return ret(hipErrorInvalidValue);
	if (id != 0)
		return ret(hipErrorInvalidDevice);
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s", device_name);
	snprintf(p->gcnArchName, sizeof p->gcnArchName, "gfx1100");
	p->gcnArch = 1100;
	p->totalGlobalMem = DEV_MEM;
	p->sharedMemPerBlock = DEV_LDS;
	p->regsPerBlock = 65536;
	p->warpSize = 32;
	p->maxThreadsPerBlock = DEV_MAX_BLOCK;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = DEV_MAX_BLOCK;
	p->maxGridSize[0] = p->maxGridSize[1] = p->maxGridSize[2] = 0x7fffffff;
	p->clockRate = DEV_CLOCK_KHZ;
	p->memoryClockRate = 1250000;
	p->memoryBusWidth = 384;
	p->totalConstMem = DEV_MEM;
	p->major = 11;
	p->minor = 0;
	p->multiProcessorCount = DEV_CUS;
	p->l2CacheSize = 6 << 20;
	p->maxThreadsPerMultiProcessor = 2048;
	p->clockInstructionRate = 100000;
	p->maxSharedMemoryPerMultiProcessor = DEV_LDS;
	p->memPitch = DEV_MEM;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipDeviceGetAttribute(int *v, hipDeviceAttribute_t attr, int id)
{
	if (!v)
		return ret(hipErrorInvalidValue);
	if (id != 0)
		return ret(hipErrorInvalidDevice);
	switch (attr) {
	case hipDeviceAttributeMaxThreadsPerBlock:
	case hipDeviceAttributeMaxBlockDimX:
	case hipDeviceAttributeMaxBlockDimY:
	case hipDeviceAttributeMaxBlockDimZ: *v = DEV_MAX_BLOCK; break;
	case hipDeviceAttributeMaxGridDimX:
	case hipDeviceAttributeMaxGridDimY:
	case hipDeviceAttributeMaxGridDimZ: *v = 0x7fffffff; break;
	case hipDeviceAttributeWarpSize: *v = 32; break;
	case hipDeviceAttributeMultiprocessorCount: *v = DEV_CUS; break;
	case hipDeviceAttributeClockRate: *v = DEV_CLOCK_KHZ; break;
	case hipDeviceAttributeMaxSharedMemoryPerBlock: *v = DEV_LDS; break;
	case hipDeviceAttributeComputeCapabilityMajor: *v = 11; break;
	case hipDeviceAttributeComputeCapabilityMinor: *v = 0; break;
	default: return ret(hipErrorInvalidValue);
	}
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipDeviceSynchronize(void)
{
	return hipSuccess; /* every call already ran to completion */
}

SHIM_EXPORT hipError_t hipDeviceReset(void)
{
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipMemGetInfo(size_t *free_bytes, size_t *total)
{
	if (!free_bytes || !total)
		return ret(hipErrorInvalidValue);
	size_t used = 0;
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nallocs; i++)
		used += allocs[i].size;
	pthread_mutex_unlock(&lock);
	*total = DEV_MEM;
	*free_bytes = used < DEV_MEM ? DEV_MEM - used : 0;
	return hipSuccess;
}

/* ---- memory --------------------------------------------------------------- */
SHIM_EXPORT hipError_t hipMalloc(void **ptr, size_t size)
{
	if (!ptr)
		return ret(hipErrorInvalidValue);
	*ptr = NULL;
	if (size == 0)
		return hipSuccess;
	pthread_mutex_lock(&lock);
	hipError_t e = device();
	if (e == hipSuccess) {
		uint64_t a = emu_alloc(dev, size, 0);
		if (!a)
			e = hipErrorOutOfMemory;
		else if ((e = track(a, size, false)) != hipSuccess)
			emu_free(dev, a);
		else
			*ptr = (void *)(uintptr_t)a;
	}
	pthread_mutex_unlock(&lock);
	return ret(e);
}

SHIM_EXPORT hipError_t hipFree(void *ptr)
{
	if (!ptr)
		return hipSuccess;
	hipError_t e = hipErrorInvalidDevicePointer;
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nallocs; i++)
		if (allocs[i].addr == (uint64_t)(uintptr_t)ptr && !allocs[i].module) {
			emu_free(dev, allocs[i].addr);
			allocs[i] = allocs[--nallocs];
			e = hipSuccess;
			break;
		}
	pthread_mutex_unlock(&lock);
	return ret(e);
}

SHIM_EXPORT hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags)
{
	(void)flags;
	if (!ptr)
		return ret(hipErrorInvalidValue);
	*ptr = size ? malloc(size) : NULL;
	return ret(size && !*ptr ? hipErrorOutOfMemory : hipSuccess);
}

SHIM_EXPORT hipError_t hipHostFree(void *ptr)
{
	free(ptr);
	return hipSuccess;
}

/* Copy with the lock held.  Device sides must lie inside one allocation. */
static hipError_t copy(void *dst, const void *src, size_t n, hipMemcpyKind kind)
{
	if (n == 0)
		return hipSuccess;
	if (!dst || !src)
		return hipErrorInvalidValue;
	bool dd = find_alloc(dst, n) != NULL, sd = find_alloc(src, n) != NULL;
	switch (kind) {
	case hipMemcpyHostToHost: dd = sd = false; break;
	case hipMemcpyHostToDevice: if (!dd) return hipErrorInvalidValue; sd = false; break;
	case hipMemcpyDeviceToHost: if (!sd) return hipErrorInvalidValue; dd = false; break;
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
		return emu_write(dev, da, src, n) ? hipErrorInvalidValue : hipSuccess;
	if (!dd && sd)
		return emu_read(dev, sa, dst, n) ? hipErrorInvalidValue : hipSuccess;
	void *tmp = malloc(n);
	if (!tmp)
		return hipErrorOutOfMemory;
	hipError_t e = emu_read(dev, sa, tmp, n) || emu_write(dev, da, tmp, n) ? hipErrorInvalidValue
									     : hipSuccess;
	free(tmp);
	return e;
}

SHIM_EXPORT hipError_t hipMemcpy(void *dst, const void *src, size_t n, hipMemcpyKind kind)
{
	pthread_mutex_lock(&lock);
	hipError_t e = copy(dst, src, n, kind);
	pthread_mutex_unlock(&lock);
	return ret(e);
}

SHIM_EXPORT hipError_t hipMemcpyAsync(void *dst, const void *src, size_t n, hipMemcpyKind kind,
				      hipStream_t stream)
{
	(void)stream;
	return hipMemcpy(dst, src, n, kind);
}

SHIM_EXPORT hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t n,
					   hipMemcpyKind kind, hipStream_t stream)
{
	(void)stream;
	return hipMemcpy(dst, src, n, kind);
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
		return ret(hipErrorInvalidValue);
	size_t n = count * elem;
	uint8_t *tmp = malloc(n);
	if (!tmp)
		return ret(hipErrorOutOfMemory);
	for (size_t i = 0; i < count; i++)
		memcpy(tmp + i * elem, pattern, elem);
	pthread_mutex_lock(&lock);
	hipError_t e = find_alloc(dst, n) && !emu_write(dev, (uint64_t)(uintptr_t)dst, tmp, n)
			       ? hipSuccess : hipErrorInvalidValue;
	pthread_mutex_unlock(&lock);
	free(tmp);
	return ret(e);
}

SHIM_EXPORT hipError_t hipMemset(void *dst, int value, size_t n)
{
	uint8_t b = (uint8_t)value;
	return fill(dst, &b, 1, n);
}

SHIM_EXPORT hipError_t hipMemsetAsync(void *dst, int value, size_t n, hipStream_t stream)
{
	(void)stream;
	return hipMemset(dst, value, n);
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
SHIM_EXPORT hipError_t hipStreamCreate(hipStream_t *s)
{
	if (!s)
		return ret(hipErrorInvalidValue);
	*s = calloc(1, sizeof **s);
	return ret(*s ? hipSuccess : hipErrorOutOfMemory);
}

SHIM_EXPORT hipError_t hipStreamCreateWithFlags(hipStream_t *s, unsigned int flags)
{
	(void)flags;
	return hipStreamCreate(s);
}

SHIM_EXPORT hipError_t hipStreamDestroy(hipStream_t s)
{
	free(s);
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipStreamSynchronize(hipStream_t s)
{
	(void)s;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipStreamQuery(hipStream_t s)
{
	(void)s;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipEventCreate(hipEvent_t *ev)
{
	if (!ev)
		return ret(hipErrorInvalidValue);
	*ev = calloc(1, sizeof **ev);
	return ret(*ev ? hipSuccess : hipErrorOutOfMemory);
}

SHIM_EXPORT hipError_t hipEventCreateWithFlags(hipEvent_t *ev, unsigned flags)
{
	(void)flags;
	return hipEventCreate(ev);
}

SHIM_EXPORT hipError_t hipEventRecord(hipEvent_t ev, hipStream_t stream)
{
	(void)stream;
	if (!ev)
		return ret(hipErrorInvalidHandle);
	ev->ms = now_ms();
	ev->recorded = true;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipEventSynchronize(hipEvent_t ev)
{
	return ev ? hipSuccess : ret(hipErrorInvalidHandle);
}

SHIM_EXPORT hipError_t hipEventQuery(hipEvent_t ev)
{
	return ev ? hipSuccess : ret(hipErrorInvalidHandle);
}

SHIM_EXPORT hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop)
{
	if (!ms)
		return ret(hipErrorInvalidValue);
	if (!start || !stop)
		return ret(hipErrorInvalidHandle);
	if (!start->recorded || !stop->recorded)
		return ret(hipErrorNotReady);
	*ms = (float)(stop->ms - start->ms);
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipEventDestroy(hipEvent_t ev)
{
	if (!ev)
		return ret(hipErrorInvalidHandle);
	free(ev);
	return hipSuccess;
}

/* ---- modules ---------------------------------------------------------------- */
static hipError_t module_from(struct ld_code_object *co, hipModule_t *out)
{
	struct ihipModule_t *m = calloc(1, sizeof *m);
	size_t size = ld_image_size(co);
	uint8_t *img = malloc(size ? size : 1);
	char err[256];
	hipError_t e = hipSuccess;
	unsigned nk = ld_kernel_count(co);
	if (!m || !img || !(m->funcs = calloc(nk ? nk : 1, sizeof *m->funcs))) {
		e = hipErrorOutOfMemory;
		goto fail;
	}
	m->co = co;
	for (unsigned i = 0; i < nk; i++)
		m->funcs[i] = (struct ihipModuleSymbol_t){ m, ld_kernel_at(co, i) };
	pthread_mutex_lock(&lock);
	if ((e = device()) == hipSuccess) {
		m->base = emu_alloc(dev, size ? size : 1, EMU_MEM_READONLY);
		if (!m->base)
			e = hipErrorOutOfMemory;
		else if (ld_image(co, m->base, img, size, err, sizeof err) ||
			 emu_write(dev, m->base, img, size))
			e = hipErrorInvalidImage;
		else if ((e = track(m->base, size ? size : 1, true)) != hipSuccess)
			emu_free(dev, m->base), m->base = 0;
	}
	pthread_mutex_unlock(&lock);
	if (e != hipSuccess)
		goto fail;
	free(img);
	*out = m;
	return hipSuccess;
fail:
	if (m && m->base) {
		pthread_mutex_lock(&lock);
		emu_free(dev, m->base);
		pthread_mutex_unlock(&lock);
	}
	if (m)
		free(m->funcs);
	free(m);
	free(img);
	ld_close(co);
	return e;
}

static hipError_t open_error(int rc, const char *err)
{
	shim_report("hipshim: %s\n", err);
	switch (rc) {
	case LD_E_IO: return hipErrorFileNotFound;
	case LD_E_ARCH: return hipErrorNoBinaryForGpu;
	case LD_E_NOMEM: return hipErrorOutOfMemory;
	default: return hipErrorInvalidImage;
	}
}

SHIM_EXPORT hipError_t hipModuleLoad(hipModule_t *module, const char *fname)
{
	char err[512];
	struct ld_code_object *co = NULL;
	if (!module || !fname)
		return ret(hipErrorInvalidValue);
	int rc = ld_open_file(fname, &co, err, sizeof err);
	if (rc)
		return ret(open_error(rc, err));
	return ret(module_from(co, module));
}

SHIM_EXPORT hipError_t hipModuleLoadData(hipModule_t *module, const void *image)
{
	char err[512];
	struct ld_code_object *co = NULL;
	if (!module || !image)
		return ret(hipErrorInvalidValue);
	int rc = ld_open_image(image, &co, err, sizeof err);
	if (rc)
		return ret(open_error(rc, err));
	return ret(module_from(co, module));
}

SHIM_EXPORT hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image,
					   unsigned int numOptions, hipJitOption *options,
					   void **optionValues)
{
	(void)numOptions, (void)options, (void)optionValues;
	return hipModuleLoadData(module, image);
}

SHIM_EXPORT hipError_t hipModuleUnload(hipModule_t m)
{
	if (!m)
		return ret(hipErrorInvalidHandle);
	pthread_mutex_lock(&lock);
	untrack(m->base);
	emu_free(dev, m->base);
	pthread_mutex_unlock(&lock);
	ld_close(m->co);
	free(m->funcs);
	free(m);
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipModuleGetFunction(hipFunction_t *f, hipModule_t m, const char *name)
{
	if (!f || !m || !name)
		return ret(hipErrorInvalidValue);
	const struct ld_kernel *k = ld_kernel_find(m->co, name);
	if (!k)
		return ret(hipErrorNotFound);
	*f = &m->funcs[k - ld_kernel_at(m->co, 0)];
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t m,
					  const char *name)
{
	uint64_t vaddr, size;
	if (!m || !name)
		return ret(hipErrorInvalidValue);
	if (ld_symbol_find(m->co, name, &vaddr, &size))
		return ret(hipErrorNotFound);
	if (dptr)
		*dptr = (hipDeviceptr_t)(uintptr_t)(m->base + vaddr);
	if (bytes)
		*bytes = (size_t)size;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attr, hipFunction_t f)
{
	if (!value || !f)
		return ret(hipErrorInvalidValue);
	const struct ld_kernel *k = f->kernel;
	switch (attr) {
	case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = (int)k->max_flat_workgroup_size; break;
	case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = (int)k->group_segment_size; break;
	case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = (int)k->private_segment_size; break;
	case HIP_FUNC_ATTRIBUTE_NUM_REGS: *value = (int)k->vgpr_count; break;
	case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = 0; break;
	case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = 0; break;
	default: return ret(hipErrorInvalidValue);
	}
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gx, unsigned int gy,
					     unsigned int gz, unsigned int bx, unsigned int by,
					     unsigned int bz, unsigned int sharedMemBytes,
					     hipStream_t stream, void **kernelParams, void **extra)
{
	(void)stream;
	char err[512];
	if (!f)
		return ret(hipErrorInvalidResourceHandle);
	const struct ld_kernel *k = f->kernel;
	const uint32_t grid[3] = { gx, gy, gz }, block[3] = { bx, by, bz };
	if (sharedMemBytes) {
		shim_report("hipshim: %s\n", "dynamic shared memory is not supported");
		return ret(hipErrorNotSupported);
	}
	if (ld_check_dispatch(k, grid, block, err, sizeof err)) {
		shim_report("hipshim: %s\n", err);
		return ret(hipErrorInvalidConfiguration);
	}
	struct ld_kargs ka;
	if (ld_kargs_init(&ka, k, err, sizeof err))
		return ret(hipErrorOutOfMemory);
	hipError_t e = hipSuccess;
	if (kernelParams && extra) {
		e = hipErrorInvalidValue;
	} else if (kernelParams) {
		/* one pointer per explicit argument, in metadata order */
		for (unsigned i = 0; i < k->nargs && e == hipSuccess; i++)
			if (k->args[i].kind != LD_ARG_HIDDEN &&
			    (!kernelParams[i] ||
			     ld_kargs_set_index(&ka, i, kernelParams[i], k->args[i].size, err, sizeof err)))
				e = hipErrorInvalidValue;
	} else if (extra) {
		const uint8_t *buf = NULL;
		size_t size = 0;
		bool have_size = false;
		for (unsigned i = 0; extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
			if (i >= 64) {
				e = hipErrorInvalidValue;
				break;
			}
			if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER)
				buf = extra[i + 1];
			else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE && extra[i + 1])
				size = *(const size_t *)extra[i + 1], have_size = true;
			else
				e = hipErrorInvalidValue;
		}
		if (e == hipSuccess && (!buf || !have_size || size < k->explicit_kernarg_size))
			e = hipErrorInvalidValue;
		/* explicit arguments from the buffer; the hidden ones are ours to fill */
		for (unsigned i = 0; i < k->nargs && e == hipSuccess; i++)
			if (k->args[i].kind != LD_ARG_HIDDEN &&
			    ld_kargs_set_index(&ka, i, buf + k->args[i].offset, k->args[i].size, err,
					       sizeof err))
				e = hipErrorInvalidValue;
	} else if (k->explicit_kernarg_size) {
		e = hipErrorInvalidValue;
	}
	if (e == hipSuccess && ld_kargs_finish(&ka, grid, block, err, sizeof err))
		e = hipErrorInvalidValue;
	if (e != hipSuccess) {
		ld_kargs_free(&ka);
		return ret(e);
	}
	struct emu_launch l = {
		.kernel_name = k->name,
		.kd_addr = f->mod->base + k->kd_vaddr,
		.kernarg = ka.buf,
		.kernarg_size = ka.size,
	};
	memcpy(l.grid, grid, sizeof grid);
	memcpy(l.block, block, sizeof block);
	struct emu_stats st;
	pthread_mutex_lock(&lock);
	int rc = emu_launch(dev, &l, &st, err, sizeof err);
	pthread_mutex_unlock(&lock);
	ld_kargs_free(&ka);
	if (rc) {
		shim_report("hipshim: %s\n", err);
		return ret(rc == EMU_E_FAULT ? hipErrorIllegalAddress : hipErrorLaunchFailure);
	}
	return hipSuccess;
}
