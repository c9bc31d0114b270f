/* shim_device.c — the shim's state, errors and device queries. */
#include "run/shim.h"

#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

pthread_mutex_t shim_lock = PTHREAD_MUTEX_INITIALIZER;
struct emu_dev *shim_dev;
static struct shim_alloc *allocs;
static size_t nallocs, cap_allocs;
/* Every range ever tracked, with the unmapped guard the emulator leaves after
 * each buffer (emu/mem.c), so a pointer just past a freed buffer counts too. */
static uint64_t window_lo = UINT64_MAX, window_hi;
#define WINDOW_GUARD 65536u
static _Thread_local hipError_t last_error = hipSuccess;
static int current_device;

/* Every API call returns through here: HIP keeps the last error per thread. */
hipError_t shim_ret(hipError_t e)
{
	if (e != hipSuccess)
		last_error = e;
	return e;
}

void shim_report(const char *fmt, const char *what)
{
	if (!getenv("RDNA3_SHIM_QUIET"))
		fprintf(stderr, fmt, what);
}

/* The device, created on first use.  Caller holds the lock. */
hipError_t shim_device(void)
{
	if (shim_dev)
		return hipSuccess;
	struct emu_opts o = { .checks = EMU_CHECK_DEFAULT };  /* as rdna3run: checked unless told otherwise */
	const char *t = getenv("RDNA3_SHIM_THREADS"), *c = getenv("RDNA3_SHIM_CHECKS");
	const char *m = getenv("RDNA3_SHIM_MAX_INSTRUCTIONS");
	if (t)
		o.threads = (unsigned)strtoul(t, NULL, 10);
	char why[256];
	if (c && emu_checks_parse(c, &o.checks, why, sizeof why)) {
		shim_report("hipshim: RDNA3_SHIM_CHECKS: %s\n", why);
		return hipErrorInvalidValue;
	}
	if (m)
		o.inst_budget = strtoull(m, NULL, 10);  /* 0 or junk: the default budget */
	shim_dev = emu_dev_new(&o);
	return shim_dev ? hipSuccess : hipErrorOutOfMemory;
}

double shim_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The allocation containing [p, p+n), or NULL.  Caller holds the lock. */
struct shim_alloc *shim_find_alloc(const void *p, size_t n)
{
	uint64_t a = (uint64_t)(uintptr_t)p;
	for (size_t i = 0; i < nallocs; i++)
		if (a >= allocs[i].addr && a - allocs[i].addr <= allocs[i].size &&
		    n <= allocs[i].size - (a - allocs[i].addr))
			return &allocs[i];
	return NULL;
}

/* Track a range; caller holds the lock. */
hipError_t shim_track(uint64_t addr, size_t size, bool module)
{
	if (nallocs == cap_allocs) {
		size_t nc = cap_allocs ? 2 * cap_allocs : 64;
		struct shim_alloc *na = realloc(allocs, nc * sizeof *na);
		if (!na)
			return hipErrorOutOfMemory;
		allocs = na, cap_allocs = nc;
	}
	allocs[nallocs++] = (struct shim_alloc){ addr, size, module };
	if (addr < window_lo)
		window_lo = addr;
	if (addr + size + WINDOW_GUARD > window_hi)
		window_hi = addr + size + WINDOW_GUARD;
	return hipSuccess;
}

bool shim_in_device_window(const void *p)
{
	uint64_t a = (uint64_t)(uintptr_t)p;
	return a >= window_lo && a < window_hi;
}

void shim_untrack(uint64_t addr)
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
		return shim_ret(hipErrorInvalidValue);
	pthread_mutex_lock(&shim_lock);
	hipError_t e = shim_device();
	pthread_mutex_unlock(&shim_lock);
	return shim_ret(e);
}

SHIM_EXPORT hipError_t hipDriverGetVersion(int *v)
{
	if (!v)
		return shim_ret(hipErrorInvalidValue);
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
		return shim_ret(hipErrorInvalidValue);
	*count = 1;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipSetDevice(int id)
{
	if (id != 0)
		return shim_ret(hipErrorInvalidDevice);
	current_device = id;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipGetDevice(int *id)
{
	if (!id)
		return shim_ret(hipErrorInvalidValue);
	*id = current_device;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipDeviceGet(hipDevice_t *d, int ordinal)
{
	if (!d)
		return shim_ret(hipErrorInvalidValue);
	if (ordinal != 0)
		return shim_ret(hipErrorInvalidDevice);
	*d = 0;
	return hipSuccess;
}

/* The device the shim stands for (docs/rdna3run.md): a card of the timing
 * model's table (model/devices.def), RDNA3_SHIM_DEVICE=NAME's or the default
 * target's first; its ISA facts are its target's row of isa/targets.def, its
 * board's (CUs, clock, L2, memory) the card's, so a host reads the figures the
 * model predicts with.  A name not in the table, or a card whose target this
 * emulator does not run, is reported and the device queries fail. */
struct dev_facts {
	const struct mdl_device *card;
	const struct isa_target *target;
	int cus, clock_khz, l2_bytes, bus_bits, mem_clock_khz;
	size_t mem_bytes;
};

static hipError_t device_facts(struct dev_facts *f)
{
	const char *name = getenv("RDNA3_SHIM_DEVICE");
	const struct mdl_device *d = name && *name ? mdl_device_find(name) : mdl_device_default(isa_target_default());
	char why[160];
	if (!d) {
		snprintf(why, sizeof why, "%s is not a described device (rdna3gen list --devices)", name);
		shim_report("hipshim: RDNA3_SHIM_DEVICE: %s\n", why);
		return hipErrorInvalidDevice;
	}
	const struct isa_target *t = mdl_device_target(d);
	if (!t) {
		snprintf(why, sizeof why, "%s is a %s device; the emulator runs %s code", d->name, d->target,
			 isa_target_default()->name);
		shim_report("hipshim: RDNA3_SHIM_DEVICE: %s\n", why);
		return hipErrorInvalidDevice;
	}
	const struct mdl_fact *v = d->fact;
	/* HIP reports the memory clock so that clock x bus x 16 (GDDR6's transfers
	 * per clock and pin, as ROCm counts them) is the bandwidth */
	double bus_bytes = v[MDL_DF_bus_bits].value / 8;
	*f = (struct dev_facts){ d, t, (int)v[MDL_DF_cus].value, (int)(v[MDL_DF_clock_mhz].value * 1000),
				 (int)v[MDL_DF_l2_bytes].value, (int)v[MDL_DF_bus_bits].value,
				 (int)(v[MDL_DF_bw_dram].value * 1e6 / bus_bytes / 16),
				 (size_t)v[MDL_DF_mem_bytes].value };
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipDeviceGetName(char *name, int len, hipDevice_t d)
{
	if (!name || len <= 0)
		return shim_ret(hipErrorInvalidValue);
	if (d != 0)
		return shim_ret(hipErrorInvalidDevice);
	struct dev_facts f;
	hipError_t e = device_facts(&f);
	if (e != hipSuccess)
		return shim_ret(e);
	snprintf(name, (size_t)len, "%s (rdna3gen emulator)", f.card->display);
	return hipSuccess;
}


enum {
	DEV_LDS = ISA_LDS_BYTES, /* per workgroup */
	DEV_MAX_BLOCK = ISA_WORKGROUP_MAX,
};

SHIM_EXPORT hipError_t hipGetDeviceProperties(hipDeviceProp_t *p, int id)
{
	if (!p)
		return shim_ret(hipErrorInvalidValue);
	if (id != 0)
		return shim_ret(hipErrorInvalidDevice);
	struct dev_facts f;
	hipError_t e = device_facts(&f);
	if (e != hipSuccess)
		return shim_ret(e);
	memset(p, 0, sizeof *p);
	snprintf(p->name, sizeof p->name, "%s (rdna3gen emulator)", f.card->display);
	snprintf(p->gcnArchName, sizeof p->gcnArchName, "%s", f.target->name);
	p->gcnArch = (int)isa_target_number(f.target);
	p->totalGlobalMem = f.mem_bytes;
	p->sharedMemPerBlock = DEV_LDS;
	p->regsPerBlock = 65536;
	p->warpSize = 32;
	p->maxThreadsPerBlock = DEV_MAX_BLOCK;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = DEV_MAX_BLOCK;
	p->maxGridSize[0] = p->maxGridSize[1] = p->maxGridSize[2] = 0x7fffffff;
	p->clockRate = f.clock_khz;
	p->memoryClockRate = f.mem_clock_khz;
	p->memoryBusWidth = f.bus_bits;
	p->totalConstMem = f.mem_bytes;
	p->major = (int)f.target->major;
	p->minor = (int)f.target->minor;
	p->multiProcessorCount = f.cus;
	p->l2CacheSize = f.l2_bytes;
	p->maxThreadsPerMultiProcessor = 2048;
	p->clockInstructionRate = 100000;
	p->maxSharedMemoryPerMultiProcessor = (size_t)f.target->lds_per_cu;
	p->memPitch = f.mem_bytes;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipDeviceGetAttribute(int *v, hipDeviceAttribute_t attr, int id)
{
	if (!v)
		return shim_ret(hipErrorInvalidValue);
	if (id != 0)
		return shim_ret(hipErrorInvalidDevice);
	struct dev_facts f;
	hipError_t e = device_facts(&f);
	if (e != hipSuccess)
		return shim_ret(e);
	switch (attr) {
	case hipDeviceAttributeMaxThreadsPerBlock:
	case hipDeviceAttributeMaxBlockDimX:
	case hipDeviceAttributeMaxBlockDimY:
	case hipDeviceAttributeMaxBlockDimZ: *v = DEV_MAX_BLOCK; break;
	case hipDeviceAttributeMaxGridDimX:
	case hipDeviceAttributeMaxGridDimY:
	case hipDeviceAttributeMaxGridDimZ: *v = 0x7fffffff; break;
	case hipDeviceAttributeWarpSize: *v = 32; break;
	case hipDeviceAttributeMultiprocessorCount: *v = f.cus; break;
	case hipDeviceAttributeClockRate: *v = f.clock_khz; break;
	case hipDeviceAttributeMaxSharedMemoryPerBlock: *v = DEV_LDS; break;
	case hipDeviceAttributeComputeCapabilityMajor: *v = (int)f.target->major; break;
	case hipDeviceAttributeComputeCapabilityMinor: *v = (int)f.target->minor; break;
	case hipDeviceAttributeGcnArch: *v = (int)isa_target_number(f.target); break; /* ROCm 5 */
	default: return shim_ret(hipErrorInvalidValue);
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
		return shim_ret(hipErrorInvalidValue);
	size_t used = 0;
	pthread_mutex_lock(&shim_lock);
	for (size_t i = 0; i < nallocs; i++)
		used += allocs[i].size;
	pthread_mutex_unlock(&shim_lock);
	struct dev_facts f;
	hipError_t e = device_facts(&f);
	if (e != hipSuccess)
		return shim_ret(e);
	*total = f.mem_bytes;
	*free_bytes = used < f.mem_bytes ? f.mem_bytes - used : 0;
	return hipSuccess;
}


bool shim_runs(const struct ld_code_object *co, char *why, size_t n)
{
	struct dev_facts f;
	if (device_facts(&f)) {
		snprintf(why, n, "no device (RDNA3_SHIM_DEVICE)");
		return false;
	}
	if (isa_target_runs(f.target, ld_machine(co)))
		return true;
	snprintf(why, n, "the code object is %s code; the device (%s) runs %s", ld_target(co)->name, f.card->name,
		 f.target->name);
	return false;
}

const char *shim_target_name(void)
{
	struct dev_facts f;
	return device_facts(&f) == hipSuccess ? f.target->name : NULL;
}
