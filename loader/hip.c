/* hip.c — the `hip` backend: HIP's module API, with the runtime opened at run
 * time so one binary serves ROCm 6 (libamdhip64.so.6), ROCm 5 (.so.5) and
 * hosts with no HIP at all.  Signatures come from the HIP headers through
 * __typeof__, so a pointer can never disagree with the function it holds. */
#include "loader/ld_internal.h"

#include "isa/isa.h"

#include <dlfcn.h>
#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* X(name): every HIP entry point this backend calls. */
#define HIP_FUNCS(X)                                                                  \
	X(hipInit) X(hipGetDeviceCount) X(hipSetDevice) X(hipDeviceGetName)            \
	X(hipGetErrorName) X(hipModuleLoadData) X(hipModuleUnload)                      \
	X(hipModuleGetFunction) X(hipModuleLaunchKernel) X(hipMalloc) X(hipFree)        \
	X(hipMemcpy) X(hipEventCreate) X(hipEventRecord) X(hipEventSynchronize)         \
	X(hipEventElapsedTime) X(hipEventDestroy) X(hipDeviceSynchronize)              \
	X(hipDeviceGetAttribute) X(hipRuntimeGetVersion)

struct hip_api {
#define FIELD(f) __typeof__(&f) f;
	HIP_FUNCS(FIELD)
#undef FIELD
};

static const char *const hip_libs[] = { "libamdhip64.so.6", "libamdhip64.so.5" };

static const char *errname(const struct hip_api *h, hipError_t e)
{
	const char *s = h->hipGetErrorName ? h->hipGetErrorName(e) : NULL;
	return s ? s : "hipErrorUnknown";
}

#define HIP_FAIL(h, e, what) \
	vc_fail(err, errlen, LD_E_BACKEND, "hip: %s: %s (%d)", what, errname(h, e), (int)(e))

static int hip_load(struct ld_backend *b, const struct ld_code_object *co, void **module,
		    char *err, size_t errlen)
{
	struct hip_api *h = b->impl;
	size_t n;
	const void *elf = ld_elf_bytes(co, &n);
	hipModule_t mod = NULL;
	hipError_t e = h->hipModuleLoadData(&mod, elf);
	/* The code object passed our checks for the target, so these two mean
	 * the device is something else: LD_E_ARCH lets "auto" choose the emulator. */
	if (e == hipErrorNoBinaryForGpu || e == hipErrorInvalidImage)
		return vc_fail(err, errlen, LD_E_ARCH, "hip: hipModuleLoadData: %s (%d): %s cannot "
			       "run this %s code object", errname(h, e), (int)e, b->device,
			       isa_target_default()->name);
	if (e != hipSuccess)
		return HIP_FAIL(h, e, "hipModuleLoadData");
	*module = mod;
	return LD_OK;
}

static void hip_unload(struct ld_backend *b, void *module)
{
	struct hip_api *h = b->impl;
	h->hipModuleUnload((hipModule_t)module);
}

static int hip_alloc(struct ld_backend *b, size_t bytes, uint64_t *addr, char *err, size_t errlen)
{
	struct hip_api *h = b->impl;
	void *p = NULL;
	hipError_t e = h->hipMalloc(&p, bytes);
	if (e != hipSuccess)
		return HIP_FAIL(h, e, "hipMalloc");
	*addr = (uint64_t)(uintptr_t)p;
	return LD_OK;
}

static void hip_free(struct ld_backend *b, uint64_t addr)
{
	struct hip_api *h = b->impl;
	h->hipFree((void *)(uintptr_t)addr);
}

static int hip_write(struct ld_backend *b, uint64_t dst, const void *src, size_t n, char *err,
		     size_t errlen)
{
	struct hip_api *h = b->impl;
	hipError_t e = h->hipMemcpy((void *)(uintptr_t)dst, src, n, hipMemcpyHostToDevice);
	return e == hipSuccess ? LD_OK : HIP_FAIL(h, e, "hipMemcpy to the device");
}

static int hip_read(struct ld_backend *b, void *dst, uint64_t src, size_t n, char *err,
		    size_t errlen)
{
	struct hip_api *h = b->impl;
	hipError_t e = h->hipMemcpy(dst, (const void *)(uintptr_t)src, n, hipMemcpyDeviceToHost);
	return e == hipSuccess ? LD_OK : HIP_FAIL(h, e, "hipMemcpy from the device");
}

static int hip_launch(struct ld_backend *b, void *module, const struct ld_kernel *k,
		      const struct ld_kargs *kernarg, const uint32_t grid[3], const uint32_t block[3],
		      unsigned reps, struct ld_run_stats *st, char *err, size_t errlen)
{
	struct hip_api *h = b->impl;
	hipFunction_t f = NULL;
	hipEvent_t start = NULL, stop = NULL;
	int rc = LD_OK;
	hipError_t e = h->hipModuleGetFunction(&f, (hipModule_t)module, k->name);
	if (e != hipSuccess)
		return HIP_FAIL(h, e, "hipModuleGetFunction");
	if ((e = h->hipEventCreate(&start)) != hipSuccess || (e = h->hipEventCreate(&stop)) != hipSuccess) {
		rc = HIP_FAIL(h, e, "hipEventCreate");
		goto out;
	}
	/* The explicit arguments only, as HIP hosts pass them: the runtime lays
	 * out the hidden ones itself from the kernel's metadata. */
	size_t size = k->explicit_kernarg_size;
	void *extra_args[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, kernarg->buf,
			       HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END };
	void **extra = size ? extra_args : NULL;
	double sum = 0;
	for (unsigned r = 0; r < reps; r++) {
		float ms = 0;
		if ((e = h->hipEventRecord(start, NULL)) != hipSuccess) {
			rc = HIP_FAIL(h, e, "hipEventRecord");
			goto out;
		}
		e = h->hipModuleLaunchKernel(f, grid[0], grid[1], grid[2], block[0], block[1], block[2],
					     0, NULL, NULL, extra);
		if (e != hipSuccess) {
			rc = HIP_FAIL(h, e, "hipModuleLaunchKernel");
			goto out;
		}
		if ((e = h->hipEventRecord(stop, NULL)) != hipSuccess ||
		    (e = h->hipEventSynchronize(stop)) != hipSuccess) {
			rc = HIP_FAIL(h, e, "kernel run");
			goto out;
		}
		if ((e = h->hipEventElapsedTime(&ms, start, stop)) != hipSuccess) {
			rc = HIP_FAIL(h, e, "hipEventElapsedTime");
			goto out;
		}
		if (r == 0 || ms < st->best_ms)
			st->best_ms = ms;
		sum += ms;
		st->runs++;
	}
	st->mean_ms = st->runs ? sum / st->runs : 0;
	if ((e = h->hipDeviceSynchronize()) != hipSuccess)
		rc = HIP_FAIL(h, e, "hipDeviceSynchronize");
out:
	if (start)
		h->hipEventDestroy(start);
	if (stop)
		h->hipEventDestroy(stop);
	return rc;
}

static void hip_destroy(struct ld_backend *b)
{
	/* The runtime stays loaded: unloading HIP while its threads live is unsafe. */
	free(b->impl);
	free(b);
}

static const struct ld_backend_ops hip_ops = {
	.load = hip_load, .unload = hip_unload, .alloc = hip_alloc, .free = hip_free,
	.write = hip_write, .read = hip_read, .launch = hip_launch, .destroy = hip_destroy,
};

/* A device's architecture: its gfx number (isa_target_number: 1036 for
 * gfx1036) with exact set, or major*100 + minor*10 without the stepping
 * (exact clear: gfx103x), or 0 when the runtime does not say.  Only
 * hipDeviceGetAttribute is used: hipGetDeviceProperties fills a struct whose
 * layout changed in ROCm 6.  ROCm 5 answers hipDeviceAttributeGcnArch
 * (major*100 + minor*10 + stepping); ROCm 6 renamed it
 * hipDeviceAttributeUnused4 (same number), so there (HIP_VERSION >= 6.0) only the compute
 * capability, which HIP fills with the gfx major and minor, is asked; a
 * GPU of another 11.0 stepping then looks like any 11.0 device and
 * hipModuleLoadData has the last word. */
struct hip_arch {
	unsigned number;
	bool exact;
};

static struct hip_arch device_arch(const struct hip_api *h, int dev, bool rocm6)
{
	struct hip_arch a = { 0, false };
	int v = 0, major = 0, minor = 0;
	if (!rocm6 && h->hipDeviceGetAttribute(&v, hipDeviceAttributeGcnArch, dev) == hipSuccess && v > 0) {
		a.number = (unsigned)v;
		a.exact = true;
	} else if (h->hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, dev) ==
			   hipSuccess &&
		   h->hipDeviceGetAttribute(&minor, hipDeviceAttributeComputeCapabilityMinor, dev) ==
			   hipSuccess &&
		   major > 0 && major < 100 && minor >= 0 && minor < 10) {
		a.number = (unsigned)(major * 100 + minor * 10);
	}
	return a;
}

static void arch_str(struct hip_arch a, char *buf, size_t n)
{
	if (!a.number)
		snprintf(buf, n, "unknown");
	else if (a.exact)
		snprintf(buf, n, "gfx%u", a.number);
	else
		snprintf(buf, n, "gfx%ux", a.number / 10);
}

/* The device to use: `want`, or the first of the default target (an exact
 * answer before one of its major.minor family), else device 0.  why says
 * which, and what the others are. */
static int choose_device(const struct hip_api *h, int want, int count, char *why, size_t whylen,
			 struct hip_arch *arch)
{
	int v = 0;
	bool rocm6 = h->hipRuntimeGetVersion(&v) == hipSuccess && v >= 60000000;
	if (want >= 0) {
		*arch = device_arch(h, want, rocm6);
		snprintf(why, whylen, "device %d as requested", want);
		return want;
	}
	const struct isa_target *t = isa_target_default();
	unsigned target = isa_target_number(t);
	/* the family: the name with its stepping, the last character, as "x" */
	char family_name[24];
	snprintf(family_name, sizeof family_name, "%.*sx", (int)strlen(t->name) - 1, t->name);
	char list[128] = "";
	int exact = -1, family = -1;
	for (int d = 0; d < count; d++) {
		struct hip_arch a = device_arch(h, d, rocm6);
		char s[24];
		arch_str(a, s, sizeof s);
		size_t l = strlen(list);
		if (l + 32 < sizeof list)
			snprintf(list + l, sizeof list - l, "%s%d: %s", d ? ", " : "", d, s);
		else if (l + 5 < sizeof list && !strstr(list, "..."))
			snprintf(list + l, sizeof list - l, ", ...");
		if (a.number == target && a.exact && exact < 0)
			exact = d;
		if (a.number / 10 == target / 10 && !a.exact && family < 0)
			family = d;
	}
	int d = exact >= 0 ? exact : family >= 0 ? family : 0;
	*arch = device_arch(h, d, rocm6);
	if (count == 1)
		snprintf(why, whylen, "the only device (%s)", list);
	else if (exact >= 0 || family >= 0)
		snprintf(why, whylen, "the first %s of %d devices (%s)", exact >= 0 ? t->name : family_name,
			 count, list);
	else
		snprintf(why, whylen, "no device reports %s, so device 0 (%s)", t->name, list);
	return d;
}

int ld_backend_hip_open(int device, struct ld_backend **out, char *err, size_t errlen)
{
	if (!out)
		return vc_fail(err, errlen, LD_E_ARG, "ld_backend_hip_open: no output");
	*out = NULL;
	if (device < LD_DEVICE_AUTO)
		return vc_fail(err, errlen, LD_E_ARG, "ld_backend_hip_open: bad device %d", device);
	void *lib = NULL;
	const char *env = getenv("RDNA3_HIP_LIB"), *used = NULL;
	if (env && env[0]) {
		lib = dlopen(env, RTLD_NOW | RTLD_LOCAL);
		used = env;
	}
	for (size_t i = 0; !env && !lib && i < sizeof hip_libs / sizeof hip_libs[0]; i++)
		if ((lib = dlopen(hip_libs[i], RTLD_NOW | RTLD_LOCAL)))
			used = hip_libs[i];
	if (!lib)
		return vc_fail(err, errlen, LD_E_NODEVICE, "hip: no HIP runtime (%s)",
			       env ? env : "libamdhip64.so.6 or .so.5 not found");

	struct hip_api *h = calloc(1, sizeof *h);
	struct ld_backend *b = calloc(1, sizeof *b);
	if (!h || !b) {
		free(h);
		free(b);
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	}
#define LOOKUP(f)                                                                         \
	if (!(*(void **)&h->f = dlsym(lib, #f))) {                                          \
		free(h);                                                                    \
		free(b);                                                                    \
		return vc_fail(err, errlen, LD_E_BACKEND, "hip: %s lacks %s", used, #f);    \
	}
	HIP_FUNCS(LOOKUP)
#undef LOOKUP
	int count = 0, rc;
	hipError_t e = h->hipInit(0);
	if (e != hipSuccess) {
		rc = vc_fail(err, errlen, LD_E_NODEVICE, "hip: hipInit: %s (%d)", errname(h, e), (int)e);
		goto fail;
	}
	e = h->hipGetDeviceCount(&count);
	if (e == hipSuccess && count < 1)
		e = hipErrorNoDevice; /* name the problem, not "hipSuccess" */
	if (e != hipSuccess) {
		rc = vc_fail(err, errlen, LD_E_NODEVICE, "hip: hipGetDeviceCount: %s (%d), %d devices",
			     errname(h, e), (int)e, count);
		goto fail;
	}
	if (device >= count) {
		rc = vc_fail(err, errlen, LD_E_NODEVICE, "hip: no device %d: the runtime has %d (0..%d)",
			     device, count, count - 1);
		goto fail;
	}
	struct hip_arch arch;
	int d = choose_device(h, device, count, b->why, sizeof b->why, &arch);
	if ((e = h->hipSetDevice(d)) != hipSuccess) {
		rc = vc_fail(err, errlen, LD_E_NODEVICE, "hip: hipSetDevice(%d): %s (%d)", d,
			     errname(h, e), (int)e);
		goto fail;
	}
	char name[64] = "", as[24];
	if (h->hipDeviceGetName(name, (int)sizeof name, d) != hipSuccess || !name[0])
		snprintf(name, sizeof name, "unnamed");
	arch_str(arch, as, sizeof as);
	unsigned nt;
	const struct isa_target *rows = isa_targets(&nt);
	for (unsigned i = 0; i < nt && arch.exact; i++)
		if (isa_target_number(&rows[i]) == arch.number)
			snprintf(b->target, sizeof b->target, "%s", rows[i].name);
	b->ops = &hip_ops;
	b->name = "hip";
	b->impl = h;
	snprintf(b->device, sizeof b->device, "device %d: %s, %s, via %s", d, name, as, used);
	*out = b;
	return LD_OK;
fail:
	free(h);
	free(b);
	return rc;
}
