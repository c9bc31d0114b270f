/* Allocation time of the bank-aware allocator per thread-tile shape.
 * One line per shape: median and best of repeated ra_bank_alloc calls. */
#include "vgpr_alloc/vgpr_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	static const unsigned shapes[][2] = {
		{ 4, 4 }, { 8, 8 }, { 8, 16 }, { 16, 8 }, { 12, 16 }, { 7, 9 }, { 16, 16 },
	};
	enum { REPS = 201 };
	for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
		unsigned tm = shapes[s][0], tn = shapes[s][1];
		struct ra_fma f[256];
		size_t n = ra_bank_grid(f, tm, tn);
		struct ra_bank_in in = { tm * tn, tm, tn, f, n, 0, RA_VGPR_MAX, 1 };
		double t[REPS];
		int rc = 0;
		struct ra_diag d = { "" };
		for (int r = 0; r < REPS; r++) {
			struct ra_bank_out o;
			double t0 = now_us();
			rc = ra_bank_alloc(&in, &o, &d);
			t[r] = now_us() - t0;
			ra_bank_free(&o);
		}
		qsort(t, REPS, sizeof t[0], cmp_double);
		printf("alloc %2ux%-2u %3zu FMAs: median %7.1f us, best %7.1f us, %s\n", tm, tn, n,
		       t[REPS / 2], t[0], rc ? d.msg : "ok");
	}
	return 0;
}
