/* emu_rate — emulator speed: wave-instructions per second on FMA-heavy code
 * (bench/emu_fma.s) and the time of the LDS-tiled SGEMM
 * (tests/emu/kernels/sgemm_lds.s), with checks on and off, 1 thread and all.
 *
 *   emu_rate [--sgemm N] [--threads T] [--fma 0]   one result line per configuration
 */
#include "tests/emu/harness.h"

#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double cpu_seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int open_k(struct th *t, const char *src, const char *tag, unsigned threads, unsigned checks)
{
	char out[600], err[600];
	snprintf(out, sizeof out, "%s/%s.hsaco", th_tmpdir(), tag);
	if (th_build(src, out, NULL, err, sizeof err)) {
		fprintf(stderr, "emu_rate: %s\n", err);
		return -1;
	}
	struct emu_opts o = { .threads = threads, .checks = checks };
	if (th_open(t, out, &o)) {
		fprintf(stderr, "emu_rate: %s\n", t->err);
		return -1;
	}
	return 0;
}

static int fma_rate(const char *kernel, unsigned threads, unsigned checks)
{
	struct th t;
	if (open_k(&t, "bench/emu_fma.s", "fma", threads, checks))
		return 1;
	uint32_t wgs = 32, iters = 3000;
	uint64_t out = emu_alloc(t.dev, wgs * 1024, 0);
	struct { uint64_t out; uint32_t iters; } ka = { out, iters };
	uint32_t grid[3] = { wgs, 1, 1 }, block[3] = { 256, 1, 1 };
	/* best of three launches: the first also pays for first-touch page faults */
	int rc = 0;
	double cpu = 1e30, wall = 1e30;
	for (int rep = 0; rep < 3 && !rc; rep++) {
		double c0 = cpu_seconds();
		rc = th_run(&t, kernel, &ka, 12, grid, block);
		double c = cpu_seconds() - c0;
		cpu = c < cpu ? c : cpu;
		wall = t.st.seconds < wall ? t.st.seconds : wall;
	}
	if (rc) {
		fprintf(stderr, "emu_rate: %s\n", t.err);
		th_close(&t);
		return 1;
	}
	double r = (double)t.st.wave_insts / wall;
	printf("%-9s threads %-2u checks %-3s  %10llu wave-insts  %6.3f s wall  %6.1f M wave-insts/s  %6.1f M/s per CPU-second  (%.0f%% VOPD)\n",
	       kernel, threads, checks ? "on" : "off", (unsigned long long)t.st.wave_insts, wall, r * 1e-6,
	       (double)t.st.wave_insts / cpu * 1e-6, 100.0 * (double)t.st.vopd / (double)t.st.wave_insts);
	th_close(&t);
	return 0;
}

static int sgemm_time(int n, unsigned threads, unsigned checks, bool verify)
{
	struct th t;
	if (open_k(&t, "tests/emu/kernels/sgemm_lds.s", "sgemm", threads, checks))
		return 1;
	size_t cnt = (size_t)n * n, bytes = cnt * 4;
	float *A = malloc(bytes), *B = malloc(bytes), *C = malloc(bytes);
	for (size_t i = 0; i < cnt; i++) {
		A[i] = (float)((i * 7 + 3) % 17) * 0.125f - 1.0f;
		B[i] = (float)((i * 5 + 1) % 13) * 0.25f - 1.5f;
	}
	double c0 = cpu_seconds();
	int rc = th_sgemm_lds(&t, n, A, B, C);
	double cpu = cpu_seconds() - c0;
	if (rc) {
		fprintf(stderr, "emu_rate: %s\n", t.err);
		free(A), free(B), free(C);
		th_close(&t);
		return 1;
	}
	double maxerr = -1;
	if (verify) {
		float *R = malloc(bytes);
		cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1.0f, A, n, B, n, 0.0f, R, n);
		maxerr = 0;
		for (size_t i = 0; i < cnt; i++)
			maxerr = fmax(maxerr, fabs((double)C[i] - R[i]) / (1.0 + fabs((double)R[i])));
		free(R);
	}
	printf("sgemm_lds %4d^3 threads %-2u checks %-3s  %7.2f s wall  %7.2f CPU-s  %6.1f M wave-insts/s  %6.2f GFLOP/s",
	       n, threads, checks ? "on" : "off", t.st.seconds, cpu, (double)t.st.wave_insts / t.st.seconds * 1e-6,
	       2.0 * n * (double)n * n / t.st.seconds * 1e-9);
	if (verify)
		printf("  max rel. error vs OpenBLAS %.2e", maxerr);
	printf("\n");
	free(A), free(B), free(C);
	th_close(&t);
	return 0;
}

int main(int argc, char **argv)
{
	int n = 1024, fma = 1;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned all = cores > 0 ? (unsigned)cores : 1;
	for (int i = 1; i < argc; i += 2) {
		if (i + 1 < argc && !strcmp(argv[i], "--sgemm"))
			n = atoi(argv[i + 1]);
		else if (i + 1 < argc && !strcmp(argv[i], "--threads"))
			all = (unsigned)atoi(argv[i + 1]);
		else if (i + 1 < argc && !strcmp(argv[i], "--fma"))
			fma = atoi(argv[i + 1]);
		else {
			fprintf(stderr, "emu_rate: unknown option or missing value: %s\n"
					"usage: emu_rate [--sgemm N] [--threads T] [--fma 0]\n", argv[i]);
			return 2;
		}
	}
	if (n < 64 || n % 64) {
		fprintf(stderr, "emu_rate: --sgemm N needs a multiple of 64\n");
		return 2;
	}
	int bad = 0;
	if (fma) {
		bad |= fma_rate("fma_loop", 1, 0);
		bad |= fma_rate("fma_loop", 1, EMU_CHECK_ALL);
		bad |= fma_rate("fma_loop", all, 0);
		bad |= fma_rate("fma_loop", all, EMU_CHECK_ALL);
		bad |= fma_rate("fmac_loop", 1, 0);
		bad |= fma_rate("fmac_loop", 1, EMU_CHECK_ALL);
	}
	bad |= sgemm_time(n, all, 0, false);
	bad |= sgemm_time(n, all, EMU_CHECK_ALL, true);
	th_cleanup(false);
	return bad;
}
