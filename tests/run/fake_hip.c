/* fake_hip — a HIP runtime without a GPU behind it, for rdna3run's hip backend
 * (loaded through RDNA3_HIP_LIB by tests/run/rdna3run.sh):
 *   FAKE_HIP_ARCHS   its devices' architectures, comma-separated, e.g.
 *                    "gfx1036,gfx1100" (default "gfx1030": one device that is
 *                    not gfx1100);
 *   FAKE_HIP_VERSION what hipRuntimeGetVersion answers (default 50200000,
 *                    ROCm 5.2; 60000000 and above: ROCm 6, which no longer
 *                    answers hipDeviceAttributeGcnArch).
 * hipModuleLoadData answers hipErrorNoBinaryForGpu on a device that is not
 * gfx1100, as ROCm does for a code object built for another GPU, and succeeds
 * on a gfx1100 one; everything after it answers hipErrorNotSupported, so a
 * test sees which device was chosen and that the load got that far. */
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

#define MAX_DEVICES 8
static unsigned archs[MAX_DEVICES]; /* 1100 for gfx1100 */
static int ndevices = -1, current;

static void setup(void)
{
	if (ndevices >= 0)
		return;
	const char *s = getenv("FAKE_HIP_ARCHS");
	ndevices = 0;
	for (s = s && *s ? s : "gfx1030"; *s && ndevices < MAX_DEVICES;) {
		unsigned n = 0;
		if (sscanf(s, "gfx%u", &n) == 1)
			archs[ndevices++] = n;
		s = strchr(s, ',');
		if (!s)
			break;
		s++;
	}
}

static int rocm6(void)
{
	const char *v = getenv("FAKE_HIP_VERSION");
	return v && atol(v) >= 60000000;
}

EXPORT hipError_t hipInit(unsigned int flags)
{
	(void)flags;
	setup();
	return hipSuccess;
}

EXPORT hipError_t hipRuntimeGetVersion(int *v)
{
	const char *s = getenv("FAKE_HIP_VERSION");
	*v = s ? atoi(s) : 50200000;
	return hipSuccess;
}

EXPORT hipError_t hipGetDeviceCount(int *count)
{
	setup();
	*count = ndevices;
	return hipSuccess;
}

EXPORT hipError_t hipSetDevice(int id)
{
	setup();
	if (id < 0 || id >= ndevices)
		return hipErrorInvalidDevice;
	current = id;
	return hipSuccess;
}

EXPORT hipError_t hipDeviceGetAttribute(int *v, hipDeviceAttribute_t attr, int id)
{
	setup();
	if (id < 0 || id >= ndevices)
		return hipErrorInvalidDevice;
	if (attr == hipDeviceAttributeGcnArch && !rocm6())
		*v = (int)archs[id];
	else if (attr == hipDeviceAttributeComputeCapabilityMajor)
		*v = (int)(archs[id] / 100);
	else if (attr == hipDeviceAttributeComputeCapabilityMinor)
		*v = (int)(archs[id] / 10 % 10);
	else
		return hipErrorInvalidValue;
	return hipSuccess;
}

EXPORT hipError_t hipDeviceGetName(char *name, int len, hipDevice_t dev)
{
	setup();
	if (len < 1 || dev < 0 || dev >= ndevices)
		return hipErrorInvalidValue;
	snprintf(name, (size_t)len, "fake gfx%u", archs[dev]);
	return hipSuccess;
}

EXPORT const char *hipGetErrorName(hipError_t e)
{
	return e == hipErrorNoBinaryForGpu ? "hipErrorNoBinaryForGpu"
	       : e == hipErrorNotSupported ? "hipErrorNotSupported" : "hipErrorUnknown";
}

EXPORT hipError_t hipModuleLoadData(hipModule_t *module, const void *image)
{
	static int token;
	(void)image;
	if (archs[current] != 1100)
		return hipErrorNoBinaryForGpu;
	*module = (hipModule_t)(void *)&token;
	return hipSuccess;
}

#define UNSUPPORTED(ret, name, ...)              \
	EXPORT ret name(__VA_ARGS__)             \
	{                                        \
		return hipErrorNotSupported;     \
	}
UNSUPPORTED(hipError_t, hipModuleUnload, hipModule_t m)
UNSUPPORTED(hipError_t, hipModuleGetFunction, hipFunction_t *f, hipModule_t m, const char *n)
UNSUPPORTED(hipError_t, hipModuleLaunchKernel, hipFunction_t f, unsigned int gx, unsigned int gy,
	    unsigned int gz, unsigned int bx, unsigned int by, unsigned int bz, unsigned int shm,
	    hipStream_t s, void **params, void **extra)
UNSUPPORTED(hipError_t, hipMalloc, void **p, size_t n)
UNSUPPORTED(hipError_t, hipFree, void *p)
UNSUPPORTED(hipError_t, hipMemcpy, void *d, const void *s, size_t n, hipMemcpyKind k)
UNSUPPORTED(hipError_t, hipEventCreate, hipEvent_t *e)
UNSUPPORTED(hipError_t, hipEventRecord, hipEvent_t e, hipStream_t s)
UNSUPPORTED(hipError_t, hipEventSynchronize, hipEvent_t e)
UNSUPPORTED(hipError_t, hipEventElapsedTime, float *ms, hipEvent_t a, hipEvent_t b)
UNSUPPORTED(hipError_t, hipEventDestroy, hipEvent_t e)
UNSUPPORTED(hipError_t, hipDeviceSynchronize, void)
