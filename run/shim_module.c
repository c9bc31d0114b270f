/* shim_module.c — code objects (through the loader) and kernel launches (on the
 * emulator). */
#include "run/emu_place.h"
#include "run/shim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- modules ---------------------------------------------------------------- */
static hipError_t module_from(struct ld_code_object *co, hipModule_t *out)
{
	struct ihipModule_t *m = calloc(1, sizeof *m);
	char err[256];
	hipError_t e = hipSuccess;
	if (!shim_runs(co, err, sizeof err)) {
		shim_report("hipshim: %s\n", err);
		ld_close(co);
		free(m);
		return hipErrorNoBinaryForGpu;
	}
	unsigned nk = ld_kernel_count(co);
	if (!m || !(m->funcs = calloc(nk ? nk : 1, sizeof *m->funcs))) {
		e = hipErrorOutOfMemory;
		goto fail;
	}
	m->co = co;
	m->nfuncs = nk;
	for (unsigned i = 0; i < nk; i++)
		m->funcs[i] = (struct ihipModuleSymbol_t){ m, ld_kernel_at(co, i) };
	pthread_mutex_lock(&shim_lock);
	if ((e = shim_device()) == hipSuccess) {
		size_t size;
		int rc = run_place_code_object(shim_dev, co, &m->base, &size, err, sizeof err);
		if (rc) { /* LD_E_ARCH: an instruction the code object's target lacks */
			shim_report("hipshim: %s\n", err);
			e = rc == LD_E_NOMEM ? hipErrorOutOfMemory : rc == LD_E_ARCH ? hipErrorNoBinaryForGpu : hipErrorInvalidImage;
		}
		else if ((e = shim_track(m->base, size, true)) != hipSuccess)
			emu_free(shim_dev, m->base), m->base = 0;
		else if ((e = shim_handle_add(SHIM_MODULE, m)) != hipSuccess)
			shim_untrack(m->base), emu_free(shim_dev, m->base), m->base = 0;
	}
	pthread_mutex_unlock(&shim_lock);
	if (e != hipSuccess)
		goto fail;
	*out = m;
	return hipSuccess;
fail:
	if (m)
		free(m->funcs);
	free(m);
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
		return shim_ret(hipErrorInvalidValue);
	int rc = ld_open_file(fname, &co, err, sizeof err);
	if (rc)
		return shim_ret(open_error(rc, err));
	return shim_ret(module_from(co, module));
}

SHIM_EXPORT hipError_t hipModuleLoadData(hipModule_t *module, const void *image)
{
	char err[512];
	struct ld_code_object *co = NULL;
	if (!module || !image)
		return shim_ret(hipErrorInvalidValue);
	int rc = ld_open_image(image, &co, err, sizeof err);
	if (rc)
		return shim_ret(open_error(rc, err));
	return shim_ret(module_from(co, module));
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
	pthread_mutex_lock(&shim_lock);
	bool live = shim_handle_remove(SHIM_MODULE, m);
	if (live) {
		shim_untrack(m->base);
		emu_free(shim_dev, m->base);
	}
	pthread_mutex_unlock(&shim_lock);
	if (!live)
		return shim_ret(hipErrorInvalidResourceHandle);
	ld_close(m->co);
	free(m->funcs);
	free(m);
	return hipSuccess;
}

/* Whether m (f) is loaded; the lock is held for the look-up only. */
static bool module_live(hipModule_t m)
{
	pthread_mutex_lock(&shim_lock);
	bool live = shim_handle_live(SHIM_MODULE, m);
	pthread_mutex_unlock(&shim_lock);
	return live;
}

static bool function_live(hipFunction_t f)
{
	pthread_mutex_lock(&shim_lock);
	bool live = shim_function_module(f) != NULL;
	pthread_mutex_unlock(&shim_lock);
	return live;
}

SHIM_EXPORT hipError_t hipModuleGetFunction(hipFunction_t *f, hipModule_t m, const char *name)
{
	if (!f || !name)
		return shim_ret(hipErrorInvalidValue);
	if (!module_live(m))
		return shim_ret(hipErrorInvalidResourceHandle);
	const struct ld_kernel *k = ld_kernel_find(m->co, name);
	if (!k)
		return shim_ret(hipErrorNotFound);
	*f = &m->funcs[k - ld_kernel_at(m->co, 0)];
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t m,
					  const char *name)
{
	uint64_t vaddr, size;
	if (!name)
		return shim_ret(hipErrorInvalidValue);
	if (!module_live(m))
		return shim_ret(hipErrorInvalidResourceHandle);
	if (ld_symbol_find(m->co, name, &vaddr, &size))
		return shim_ret(hipErrorNotFound);
	if (dptr)
		*dptr = (hipDeviceptr_t)(uintptr_t)(m->base + vaddr);
	if (bytes)
		*bytes = (size_t)size;
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attr, hipFunction_t f)
{
	if (!value || !f)
		return shim_ret(hipErrorInvalidValue);
	if (!function_live(f))
		return shim_ret(hipErrorInvalidResourceHandle);
	const struct ld_kernel *k = f->kernel;
	switch (attr) {
	case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *value = (int)k->max_flat_workgroup_size; break;
	case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES: *value = (int)k->group_segment_size; break;
	case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES: *value = (int)k->private_segment_size; break;
	case HIP_FUNC_ATTRIBUTE_NUM_REGS: *value = (int)k->vgpr_count; break;
	case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES: *value = 0; break;
	case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: *value = 0; break;
	default: return shim_ret(hipErrorInvalidValue);
	}
	return hipSuccess;
}

SHIM_EXPORT hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gx, unsigned int gy,
					     unsigned int gz, unsigned int bx, unsigned int by,
					     unsigned int bz, unsigned int sharedMemBytes,
					     hipStream_t stream, void **kernelParams, void **extra)
{
	char err[512];
	if (!function_live(f))
		return shim_ret(hipErrorInvalidResourceHandle);
	pthread_mutex_lock(&shim_lock);
	bool stream_ok = shim_stream_ok(stream);
	pthread_mutex_unlock(&shim_lock);
	if (!stream_ok)
		return shim_ret(hipErrorInvalidHandle);
	const struct ld_kernel *k = f->kernel;
	const uint32_t grid[3] = { gx, gy, gz }, block[3] = { bx, by, bz };
	if (ld_check_dispatch(k, grid, block, err, sizeof err)) {
		shim_report("hipshim: %s\n", err);
		return shim_ret(hipErrorInvalidConfiguration);
	}
	struct ld_kargs ka;
	if (ld_kargs_init(&ka, k, err, sizeof err))
		return shim_ret(hipErrorOutOfMemory);
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
		return shim_ret(e);
	}
	struct emu_launch l = run_launch_desc(f->mod->base, k, &ka, grid, block, sharedMemBytes, shim_target_name());
	struct emu_stats st;
	pthread_mutex_lock(&shim_lock);
	int rc = emu_launch(shim_dev, &l, &st, err, sizeof err);
	pthread_mutex_unlock(&shim_lock);
	ld_kargs_free(&ka);
	if (rc) {
		shim_report("hipshim: %s\n", err);
		return shim_ret(rc == EMU_E_FAULT    ? hipErrorIllegalAddress
				: rc == EMU_E_BUDGET ? hipErrorLaunchTimeOut
						     : hipErrorLaunchFailure);
	}
	return hipSuccess;
}
