/* sgemm_host — load an rdna3gen SGEMM kernel from a .hsaco with the HIP module
 * API and run it, the way a user's own program would.  Plain C; builds
 * against the HIP headers and runs on any HIP runtime (or rdna3gen's shim).
 *
 *   rdna3gen sgemm-naive -o k.hsaco
 *   sgemm_host k.hsaco [SIZE [BX BY [extra]]]
 *
 * The kernel is sgemm_naive's: C = alpha*A*B + beta*C, row-major, arguments
 * A, B, C, M, N, K, lda, ldb, ldc, alpha, beta; one work-item per element of C,
 * workgroups of BX x BY work-items (the generator's bx, by; default 16 x 16).
 * A[i] = i and B = identity, so C must equal A exactly.  With "extra", the
 * arguments go as one buffer (HIP_LAUNCH_PARAM_BUFFER_POINTER) instead of
 * kernelParams. */
#include <hip/hip_runtime_api.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                    \
	do {                                                                           \
		hipError_t e_ = (call);                                                \
		if (e_ != hipSuccess) {                                                \
			fprintf(stderr, "sgemm_host: %s: %s\n", #call, hipGetErrorName(e_)); \
			exit(1);                                                       \
		}                                                                      \
	} while (0)

/* The kernel's argument block (offsets as in its metadata). */
struct sgemm_args {
	void *a, *b, *c;
	uint32_t m, n, k, lda, ldb, ldc;
	float alpha, beta;
};

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: sgemm_host FILE.hsaco [SIZE [BX BY [extra]]]\n");
		return 2;
	}
	unsigned n = argc > 2 ? (unsigned)atoi(argv[2]) : 64;
	unsigned bx = argc > 4 ? (unsigned)atoi(argv[3]) : 16, by = argc > 4 ? (unsigned)atoi(argv[4]) : 16;
	int use_extra = argc > 5 && strcmp(argv[5], "extra") == 0;
	if (n == 0 || n > 4096 || bx == 0 || by == 0) {
		fprintf(stderr, "sgemm_host: bad size\n");
		return 2;
	}

	int count = 0;
	hipDeviceProp_t prop;
	CHECK(hipInit(0));
	CHECK(hipGetDeviceCount(&count));
	CHECK(hipSetDevice(0));
	CHECK(hipGetDeviceProperties(&prop, 0));
	printf("device: %s (%s)\n", prop.name, prop.gcnArchName);

	hipModule_t module;
	hipFunction_t fn;
	CHECK(hipModuleLoad(&module, argv[1]));
	CHECK(hipModuleGetFunction(&fn, module, "sgemm_naive"));

	size_t bytes = (size_t)n * n * sizeof(float);
	float *a = malloc(bytes), *b = calloc(1, bytes), *c = malloc(bytes);
	if (!a || !b || !c)
		return 1;
	for (size_t i = 0; i < (size_t)n * n; i++)
		a[i] = (float)i;
	for (unsigned i = 0; i < n; i++)
		b[(size_t)i * n + i] = 1.0f;
	void *da, *db, *dc;
	CHECK(hipMalloc(&da, bytes));
	CHECK(hipMalloc(&db, bytes));
	CHECK(hipMalloc(&dc, bytes));
	CHECK(hipMemcpy(da, a, bytes, hipMemcpyHostToDevice));
	CHECK(hipMemcpy(db, b, bytes, hipMemcpyHostToDevice));
	CHECK(hipMemset(dc, 0, bytes));

	struct sgemm_args args = { da, db, dc, n, n, n, n, n, n, 1.0f, 0.0f };
	unsigned gx = (n + bx - 1) / bx, gy = (n + by - 1) / by;
	hipEvent_t start, stop;
	CHECK(hipEventCreate(&start));
	CHECK(hipEventCreate(&stop));
	CHECK(hipEventRecord(start, NULL));
	if (use_extra) {
		size_t size = sizeof args;
		void *extra[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE,
				  &size, HIP_LAUNCH_PARAM_END };
		CHECK(hipModuleLaunchKernel(fn, gx, gy, 1, bx * by, 1, 1, 0, NULL, NULL, extra));
	} else {
		void *params[] = { &args.a, &args.b, &args.c, &args.m, &args.n, &args.k,
				   &args.lda, &args.ldb, &args.ldc, &args.alpha, &args.beta };
		CHECK(hipModuleLaunchKernel(fn, gx, gy, 1, bx * by, 1, 1, 0, NULL, params, NULL));
	}
	CHECK(hipEventRecord(stop, NULL));
	CHECK(hipEventSynchronize(stop));
	float ms = 0;
	CHECK(hipEventElapsedTime(&ms, start, stop));
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(c, dc, bytes, hipMemcpyDeviceToHost));

	size_t wrong = 0;
	for (size_t i = 0; i < (size_t)n * n; i++)
		wrong += c[i] != a[i];
	printf("sgemm %ux%ux%u (%s): %.3f ms, %.2f GFLOP/s, %zu wrong elements\n", n, n, n,
	       use_extra ? "extra" : "kernelParams", ms, ms > 0 ? 2.0 * n * n * n / (ms * 1e6) : 0.0,
	       wrong);
	CHECK(hipEventDestroy(start));
	CHECK(hipEventDestroy(stop));
	CHECK(hipFree(da));
	CHECK(hipFree(db));
	CHECK(hipFree(dc));
	CHECK(hipModuleUnload(module));
	free(a), free(b), free(c);
	return wrong ? 1 : 0;
}
