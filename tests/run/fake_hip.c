/* fake_hip — a HIP runtime whose one device is not gfx1100: it initializes
 * and reports a device, but hipModuleLoadData answers hipErrorNoBinaryForGpu,
 * as ROCm does for a code object built for another GPU.  Loaded by rdna3run's
 * hip backend through RDNA3_HIP_LIB (tests/run/rdna3run.sh) to check that
 * `--backend auto` passes such a host over for the emulator.  Every entry
 * point that backend looks up exists; those a failed load never reaches
 * answer hipErrorNotSupported. */
#include <hip/hip_runtime_api.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

EXPORT hipError_t hipInit(unsigned int flags)
{
	(void)flags;
	return hipSuccess;
}

EXPORT hipError_t hipGetDeviceCount(int *count)
{
	*count = 1;
	return hipSuccess;
}

EXPORT hipError_t hipSetDevice(int id)
{
	return id == 0 ? hipSuccess : hipErrorInvalidDevice;
}

EXPORT hipError_t hipDeviceGetName(char *name, int len, hipDevice_t dev)
{
	(void)dev;
	if (len < 1)
		return hipErrorInvalidValue;
	strncpy(name, "fake gfx1030", (size_t)len - 1);
	name[len - 1] = 0;
	return hipSuccess;
}

EXPORT const char *hipGetErrorName(hipError_t e)
{
	return e == hipErrorNoBinaryForGpu ? "hipErrorNoBinaryForGpu"
	       : e == hipErrorNotSupported ? "hipErrorNotSupported" : "hipErrorUnknown";
}

EXPORT hipError_t hipModuleLoadData(hipModule_t *module, const void *image)
{
	(void)module, (void)image;
	return hipErrorNoBinaryForGpu;
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
