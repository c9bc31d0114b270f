/* shim_test — the HIP shim (build/hipshim/libamdhip64.so.6) through the HIP
 * API as a host program sees it: devices, memory in every direction, errors
 * and the last-error state, modules from files and memory, launches with
 * kernelParams and extra, hidden arguments, globals, events, faults, freed and
 * made-up handles, a runaway kernel. */
#include "tests/loader/fixtures.h"

#include <hip/hip_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME(e) hipGetErrorName(e)

static void test_device(void)
{
	int count = -1, id = -1, v = 0;
	hipDeviceProp_t p;
	char name[64];
	CHECK("init", hipInit(0) == hipSuccess, "hipInit failed");
	CHECK("device_count", hipGetDeviceCount(&count) == hipSuccess && count == 1, "count %d", count);
	CHECK("set_get_device", hipSetDevice(0) == hipSuccess && hipGetDevice(&id) == hipSuccess && id == 0,
	      "id %d", id);
	CHECK("set_device_1_refused", hipSetDevice(1) == hipErrorInvalidDevice, "accepted");
	hipGetLastError();
	CHECK("properties", hipGetDeviceProperties(&p, 0) == hipSuccess && !strcmp(p.gcnArchName, "gfx1100") &&
				    p.warpSize == 32 && p.maxThreadsPerBlock == 1024 && p.multiProcessorCount == 96,
	      "arch %s warp %d", p.gcnArchName, p.warpSize);
	CHECK("attribute", hipDeviceGetAttribute(&v, hipDeviceAttributeWarpSize, 0) == hipSuccess && v == 32,
	      "warp %d", v);
	CHECK("device_name", hipDeviceGetName(name, sizeof name, 0) == hipSuccess && strstr(name, "7900"),
	      "%s", name);
	/* RDNA3_SHIM_DEVICE: another card of the target (fewer CUs), then a name
	 * not in model/devices.def: the queries fail */
	setenv("RDNA3_SHIM_DEVICE", "rx7900xt", 1);
	CHECK("shim_device_xt", hipGetDeviceProperties(&p, 0) == hipSuccess && p.multiProcessorCount == 84 &&
					!strcmp(p.gcnArchName, "gfx1100") && strstr(p.name, "7900 XT") &&
					p.clockRate == 2400000 && p.totalGlobalMem == (size_t)20 << 30,
	      "cus %d clock %d name %s", p.multiProcessorCount, p.clockRate, p.name);
	CHECK("shim_device_xt_attribute",
	      hipDeviceGetAttribute(&v, hipDeviceAttributeMultiprocessorCount, 0) == hipSuccess && v == 84, "cus %d", v);
	setenv("RDNA3_SHIM_DEVICE", "rx9999", 1);
	hipError_t e = hipGetDeviceProperties(&p, 0);
	CHECK("shim_device_unknown_refused", e == hipErrorInvalidDevice && hipGetLastError() == hipErrorInvalidDevice,
	      "%s", NAME(e));
	unsetenv("RDNA3_SHIM_DEVICE");
	CHECK("shim_device_default_again", hipGetDeviceProperties(&p, 0) == hipSuccess && p.multiProcessorCount == 96,
	      "cus %d", p.multiProcessorCount);
	int dv = 0;
	CHECK("versions", hipDriverGetVersion(&dv) == hipSuccess && dv > 0 &&
				  hipRuntimeGetVersion(&dv) == hipSuccess, "driver %d", dv);
}

static void test_errors(void)
{
	CHECK("error_name", !strcmp(NAME(hipErrorInvalidValue), "hipErrorInvalidValue") &&
				    !strcmp(NAME(hipErrorNoDevice), "hipErrorNoDevice") &&
				    !strcmp(hipGetErrorString(hipSuccess), "hipSuccess") &&
				    !strcmp(NAME((hipError_t)12345), "hipErrorUnknown"),
	      "%s", NAME(hipErrorInvalidValue));
	int host[4];
	hipGetLastError();
	hipError_t e = hipMemcpy(host, host, sizeof host, hipMemcpyHostToDevice);
	CHECK("memcpy_htod_to_host_pointer", e == hipErrorInvalidValue, "%s", NAME(e));
	CHECK("peek_keeps_error", hipPeekAtLastError() == hipErrorInvalidValue &&
					  hipPeekAtLastError() == hipErrorInvalidValue, "lost");
	CHECK("get_clears_error", hipGetLastError() == hipErrorInvalidValue && hipGetLastError() == hipSuccess,
	      "not cleared");
	CHECK("free_null", hipFree(NULL) == hipSuccess, "failed");
	CHECK("free_unknown", hipFree((void *)0x1234) == hipErrorInvalidDevicePointer, "accepted");
	hipGetLastError();
}

static void test_memory(void)
{
	float in[256], out[256];
	void *a = NULL, *b = NULL;
	for (int i = 0; i < 256; i++)
		in[i] = (float)i * 0.5f;
	CHECK("malloc", hipMalloc(&a, sizeof in) == hipSuccess && hipMalloc(&b, sizeof in) == hipSuccess && a && b,
	      "failed");
	hipError_t e = hipMemcpy(a, in, sizeof in, hipMemcpyHostToDevice);
	e = e ? e : hipMemcpy(b, a, sizeof in, hipMemcpyDeviceToDevice);
	e = e ? e : hipMemcpy(out, b, sizeof out, hipMemcpyDeviceToHost);
	CHECK("memcpy_roundtrip", e == hipSuccess && !memcmp(in, out, sizeof in), "%s", NAME(e));
	memset(out, 0, sizeof out);
	e = hipMemcpy(out, a, sizeof out, hipMemcpyDefault);
	CHECK("memcpy_default", e == hipSuccess && !memcmp(in, out, sizeof in), "%s", NAME(e));
	e = hipMemset(a, 0x3f, 16);
	unsigned char bytes[16];
	e = e ? e : hipMemcpy(bytes, a, 16, hipMemcpyDeviceToHost);
	CHECK("memset", e == hipSuccess && bytes[0] == 0x3f && bytes[15] == 0x3f, "%s", NAME(e));
	e = hipMemsetD32(a, 0x40490fdb, 4);
	e = e ? e : hipMemcpy(out, a, 16, hipMemcpyDeviceToHost);
	CHECK("memset_d32", e == hipSuccess && out[3] > 3.14f && out[3] < 3.15f, "%s", NAME(e));
	e = hipMemcpy((char *)a + 8, in, sizeof in, hipMemcpyHostToDevice);
	CHECK("memcpy_past_end", e == hipErrorInvalidValue, "%s", NAME(e));
	hipGetLastError();
	size_t fr = 0, tot = 0;
	CHECK("mem_info", hipMemGetInfo(&fr, &tot) == hipSuccess && tot > fr && fr > 0, "free %zu", fr);
	CHECK("free", hipFree(a) == hipSuccess && hipFree(b) == hipSuccess && hipFree(a) != hipSuccess,
	      "double free accepted");
	hipGetLastError();
}

/* add1: buf[i] += 1 for i < count, 64 per workgroup (tests/loader/add1.s). */
static void test_launch(void)
{
	char path[700];
	hipModule_t m = NULL;
	hipFunction_t f = NULL;
	fixture_path(path, sizeof path, "nonexistent.hsaco");
	hipError_t e = hipModuleLoad(&m, path);
	CHECK("module_missing", e == hipErrorFileNotFound, "%s", NAME(e));
	size_t n;
	unsigned char *bytes = fixture_read("add1.hsaco", &n);
	if (!bytes) {
		CHECK("fixture", 0, "add1.hsaco missing");
		return;
	}
	bytes[48] = 0x46; /* gfx1101 */
	e = hipModuleLoadData(&m, bytes);
	CHECK("module_wrong_arch", e == hipErrorNoBinaryForGpu, "%s", NAME(e));
	/* the same gfx1101 object on a gfx1101 card (RX 7800 XT) loads, and the
	 * gfx1100 one does not */
	setenv("RDNA3_SHIM_DEVICE", "rx7800xt", 1);
	hipModule_t m1 = NULL;
	e = hipModuleLoadData(&m1, bytes);
	CHECK("module_arch_of_the_card", e == hipSuccess, "%s", NAME(e));
	if (!e)
		hipModuleUnload(m1);
	bytes[48] = 0x41;
	e = hipModuleLoadData(&m1, bytes);
	CHECK("module_wrong_arch_for_the_card", e == hipErrorNoBinaryForGpu, "%s", NAME(e));
	unsetenv("RDNA3_SHIM_DEVICE");
	e = hipModuleLoadData(&m, bytes);
	memset(bytes, 0, n); /* the runtime keeps its own copy */
	free(bytes);
	CHECK("module_load_data", e == hipSuccess, "%s", NAME(e));
	if (e)
		return;
	CHECK("function_unknown", hipModuleGetFunction(&f, m, "nosuch") == hipErrorNotFound, "found");
	e = hipModuleGetFunction(&f, m, "add1");
	CHECK("function", e == hipSuccess && f, "%s", NAME(e));
	int maxt = 0;
	CHECK("func_attribute", hipFuncGetAttribute(&maxt, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f) ==
					hipSuccess && maxt == 64, "max threads %d", maxt);

	float host[128], out[128];
	for (int i = 0; i < 128; i++)
		host[i] = (float)i;
	void *buf;
	hipMalloc(&buf, sizeof host);
	hipMemcpy(buf, host, sizeof host, hipMemcpyHostToDevice);
	unsigned count = 100;
	void *params[] = { &buf, &count };
	hipEvent_t t0, t1;
	hipEventCreate(&t0);
	hipEventCreate(&t1);
	hipEventRecord(t0, NULL);
	e = hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
	hipEventRecord(t1, NULL);
	hipEventSynchronize(t1);
	float ms = -1;
	CHECK("event_elapsed", hipEventElapsedTime(&ms, t0, t1) == hipSuccess && ms >= 0, "ms %f", ms);
	hipEventDestroy(t0);
	hipEventDestroy(t1);
	hipDeviceSynchronize();
	hipMemcpy(out, buf, sizeof out, hipMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < 128; i++)
		bad += out[i] != (i < 100 ? i + 1.0f : (float)i);
	CHECK("launch_kernel_params", e == hipSuccess && bad == 0, "%s, %d wrong", NAME(e), bad);

	/* the same through one argument buffer */
	struct { void *buf; unsigned count; } args = { buf, 128 };
	size_t size = sizeof args;
	void *extra[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
			  HIP_LAUNCH_PARAM_END };
	e = hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, NULL, NULL, extra);
	hipMemcpy(out, buf, sizeof out, hipMemcpyDeviceToHost);
	bad = 0;
	for (int i = 0; i < 128; i++)
		bad += out[i] != (i < 100 ? i + 2.0f : i + 1.0f);
	CHECK("launch_extra", e == hipSuccess && bad == 0, "%s, %d wrong", NAME(e), bad);
	size_t small = 8;
	void *extra_small[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &small,
				HIP_LAUNCH_PARAM_END };
	e = hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, NULL, NULL, extra_small);
	CHECK("launch_extra_too_small", e == hipErrorInvalidValue, "%s", NAME(e));
	e = hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, NULL, params, extra);
	CHECK("launch_both_refused", e == hipErrorInvalidValue, "%s", NAME(e));
	e = hipModuleLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, NULL, params, NULL);
	CHECK("launch_block_too_big", e == hipErrorInvalidConfiguration, "%s", NAME(e));
	/* add1 records .rdna3.block_threads 64: a block of 32 would skip half its work */
	e = hipModuleLaunchKernel(f, 2, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
	CHECK("launch_block_not_recorded", e == hipErrorInvalidConfiguration, "%s", NAME(e));
	count = 1000; /* past the 512-byte buffer */
	e = hipModuleLaunchKernel(f, 16, 1, 1, 64, 1, 1, 0, NULL, params, NULL);
	CHECK("launch_fault", e == hipErrorIllegalAddress && hipGetLastError() == hipErrorIllegalAddress,
	      "%s", NAME(e));
	hipFree(buf);
	CHECK("module_unload", hipModuleUnload(m) == hipSuccess, "failed");
}

/* HIP C++ kernel reading blockDim from hidden arguments; kernelParams holds
 * only the explicit ones. */
static void test_hidden(void)
{
	char path[700];
	hipModule_t m;
	hipFunction_t f;
	fixture_path(path, sizeof path, "saxpy.hsaco");
	hipError_t e = hipModuleLoad(&m, path);
	e = e ? e : hipModuleGetFunction(&f, m, "scale");
	if (e) {
		CHECK("hidden_module", 0, "%s", NAME(e));
		return;
	}
	float host[96], out[96];
	for (int i = 0; i < 96; i++)
		host[i] = (float)i;
	void *y;
	hipMalloc(&y, sizeof host);
	hipMemcpy(y, host, sizeof host, hipMemcpyHostToDevice);
	float a = 3.0f;
	int count = 90;
	void *params[] = { &y, &a, &count };
	e = hipModuleLaunchKernel(f, 3, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
	hipMemcpy(out, y, sizeof out, hipMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < 96; i++)
		bad += out[i] != (i < 90 ? 3.0f * i : (float)i);
	CHECK("hidden_block_size", e == hipSuccess && bad == 0, "%s, %d wrong", NAME(e), bad);
	hipFree(y);
	hipModuleUnload(m);
}

/* Dynamic shared memory: sharedMemBytes extends the kernel's static LDS
 * (tests/loader/dynlds.hip); more than 64 KiB together is refused. */
static void test_dynamic_lds(void)
{
	char path[700];
	hipModule_t m;
	hipFunction_t f;
	fixture_path(path, sizeof path, "dynlds.hsaco");
	hipError_t e = hipModuleLoad(&m, path);
	e = e ? e : hipModuleGetFunction(&f, m, "reverse_dynamic");
	if (e) {
		CHECK("dynamic_lds_module", 0, "%s", NAME(e));
		return;
	}
	int host[64], out[64], n = 64;
	for (int i = 0; i < 64; i++)
		host[i] = i * 3;
	void *buf;
	hipMalloc(&buf, sizeof host);
	hipMemcpy(buf, host, sizeof host, hipMemcpyHostToDevice);
	void *params[] = { &buf, &n };
	e = hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, sizeof host, NULL, params, NULL);
	hipMemcpy(out, buf, sizeof out, hipMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < 64; i++)
		bad += out[i] != (63 - i) * 3;
	CHECK("dynamic_lds_launch", e == hipSuccess && bad == 0, "%s, %d wrong", NAME(e), bad);
	e = hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 65536, NULL, params, NULL);
	CHECK("dynamic_lds_over_64k_refused", e != hipSuccess, "%s", NAME(e));
	hipGetLastError();
	hipFree(buf);
	hipModuleUnload(m);
}

/* A __device__ table with load-time relocations, read back through
 * hipModuleGetGlobal (tests/loader/reloc.s). */
static void test_global(void)
{
	char path[700];
	hipModule_t m;
	fixture_path(path, sizeof path, "reloc.hsaco");
	if (hipModuleLoad(&m, path) != hipSuccess) {
		CHECK("global_module", 0, "load failed");
		return;
	}
	hipDeviceptr_t p = NULL;
	size_t bytes = 1;
	unsigned long long table[2] = { 0, 0 };
	hipError_t e = hipModuleGetGlobal(&p, &bytes, m, "table");
	e = e ? e : hipMemcpy(table, p, sizeof table, hipMemcpyDeviceToHost);
	CHECK("global_relocated", e == hipSuccess && table[1] == (unsigned long long)(uintptr_t)p + 8 &&
					  table[0] != 0 && table[0] < (unsigned long long)(uintptr_t)p,
	      "%s: table at %p holds 0x%llx 0x%llx", NAME(e), p, table[0], table[1]);
	CHECK("global_unknown", hipModuleGetGlobal(&p, &bytes, m, "nosuch") == hipErrorNotFound, "found");
	CHECK("module_not_freeable", hipFree(p) == hipErrorInvalidDevicePointer, "freed");
	hipGetLastError();
	hipModuleUnload(m);
}

/* Freed, repeated and made-up handles: libamdhip64 answers with an error code,
 * so must the shim (each of these was a crash: use after free, double free). */
static void test_handles(void)
{
	hipModule_t m = NULL;
	hipFunction_t f = NULL, f2 = NULL;
	char path[700];
	fixture_path(path, sizeof path, "add1.hsaco");
	hipError_t e = hipModuleLoad(&m, path);
	e = e ? e : hipModuleGetFunction(&f, m, "add1");
	if (e) {
		CHECK("handles_module", 0, "%s", NAME(e));
		return;
	}
	CHECK("module_unload_once", hipModuleUnload(m) == hipSuccess, "failed");
	e = hipModuleUnload(m);
	CHECK("module_unload_twice", e == hipErrorInvalidResourceHandle, "%s", NAME(e));
	e = hipModuleGetFunction(&f2, m, "add1");
	CHECK("module_unloaded_get_function", e == hipErrorInvalidResourceHandle, "%s", NAME(e));
	e = hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, NULL, NULL);
	CHECK("function_of_unloaded_module", e == hipErrorInvalidResourceHandle, "%s", NAME(e));
	int v = 0;
	e = hipFuncGetAttribute(&v, HIP_FUNC_ATTRIBUTE_NUM_REGS, f);
	CHECK("function_attribute_unloaded", e == hipErrorInvalidResourceHandle, "%s", NAME(e));
	e = hipModuleUnload((hipModule_t)(uintptr_t)0x1234);
	CHECK("module_made_up", e == hipErrorInvalidResourceHandle, "%s", NAME(e));

	hipEvent_t ev = NULL, ev2 = NULL;
	float ms;
	hipEventCreate(&ev);
	hipEventCreate(&ev2);
	CHECK("event_destroy_once", hipEventDestroy(ev) == hipSuccess, "failed");
	e = hipEventDestroy(ev);
	CHECK("event_destroy_twice", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipEventRecord(ev, NULL);
	CHECK("event_record_destroyed", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipEventElapsedTime(&ms, ev, ev2);
	CHECK("event_elapsed_destroyed", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipEventQuery(ev);
	CHECK("event_query_destroyed", e == hipErrorInvalidHandle, "%s", NAME(e));

	hipStream_t s = NULL, bogus = (hipStream_t)(uintptr_t)0x5678;
	float host[4] = { 1, 2, 3, 4 }, back[4] = { 0 };
	void *d = NULL;
	hipMalloc(&d, sizeof host);
	e = hipStreamCreate(&s);
	e = e ? e : hipMemcpyAsync(d, host, sizeof host, hipMemcpyHostToDevice, s);
	e = e ? e : hipStreamSynchronize(s);
	e = e ? e : hipEventRecord(ev2, s);
	CHECK("stream_live", e == hipSuccess, "%s", NAME(e));
	CHECK("stream_destroy_once", hipStreamDestroy(s) == hipSuccess, "failed");
	e = hipStreamDestroy(s);
	CHECK("stream_destroy_twice", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipStreamSynchronize(bogus);
	CHECK("stream_bogus_synchronize", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipMemcpyAsync(d, host, sizeof host, hipMemcpyHostToDevice, bogus);
	CHECK("stream_bogus_memcpy", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipEventRecord(ev2, bogus);
	CHECK("stream_bogus_event_record", e == hipErrorInvalidHandle, "%s", NAME(e));
	e = hipModuleLoad(&m, path);
	e = e ? e : hipModuleGetFunction(&f, m, "add1");
	unsigned count = 4;
	void *params[] = { &d, &count };
	e = e ? e : hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, bogus, params, NULL);
	CHECK("stream_bogus_launch", e == hipErrorInvalidHandle, "%s", NAME(e));
	hipModuleUnload(m);
	hipEventDestroy(ev2);

	void *h = NULL;
	hipHostMalloc(&h, 64, 0);
	CHECK("host_free_once", h && hipHostFree(h) == hipSuccess, "failed");
	e = hipHostFree(h);
	CHECK("host_free_twice", e == hipErrorInvalidValue, "%s", NAME(e));
	void *plain = malloc(16);
	e = hipHostFree(plain);
	CHECK("host_free_not_hip", e == hipErrorInvalidValue, "%s", NAME(e));
	free(plain);

	CHECK("device_free", hipFree(d) == hipSuccess, "failed");
	e = hipMemcpy(back, d, sizeof back, hipMemcpyDefault);
	CHECK("memcpy_from_freed_default", e == hipErrorInvalidValue, "%s", NAME(e));
	e = hipMemcpy(d, host, sizeof host, hipMemcpyDefault);
	CHECK("memcpy_to_freed_default", e == hipErrorInvalidValue, "%s", NAME(e));
	e = hipMemcpy(back, d, sizeof back, hipMemcpyHostToHost);
	CHECK("memcpy_freed_as_host", e == hipErrorInvalidValue, "%s", NAME(e));
	e = hipMemset(d, 0, sizeof host);
	CHECK("memset_freed", e == hipErrorInvalidValue, "%s", NAME(e));
	hipGetLastError();
}

/* s_branch to itself (tests/loader/spin.s): the default budget ends it with
 * hipErrorLaunchTimeOut, one wave of 10^8 instructions, a second or two. */
static void test_runaway(void)
{
	char path[700];
	hipModule_t m;
	hipFunction_t f;
	fixture_path(path, sizeof path, "spin.hsaco");
	hipError_t e = hipModuleLoad(&m, path);
	e = e ? e : hipModuleGetFunction(&f, m, "spin");
	if (e) {
		CHECK("runaway_module", 0, "%s", NAME(e));
		return;
	}
	e = hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL);
	CHECK("runaway_times_out", e == hipErrorLaunchTimeOut && hipGetLastError() == hipErrorLaunchTimeOut,
	      "%s", NAME(e));
	hipModuleUnload(m);
}

int main(void)
{
	fixture_init();
	setenv("RDNA3_SHIM_QUIET", "1", 1);
	test_device();
	test_errors();
	test_memory();
	test_launch();
	test_hidden();
	test_dynamic_lds();
	test_global();
	test_handles();
	test_runaway();
	return check_exit();
}
