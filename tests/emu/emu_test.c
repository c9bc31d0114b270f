/* emu_test — end-to-end tests of the emulator on real code objects. */
#include "tests/emu/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char kdir[512];

static const char *kpath(const char *name, char *buf, size_t n)
{
	snprintf(buf, n, "%s/%s", kdir, name);
	return buf;
}

static void test_axpy(unsigned threads)
{
	char src[600], out[600], err[600], name[64];
	snprintf(name, sizeof name, "axpy_j%u", threads);
	snprintf(out, sizeof out, "%s/axpy.hsaco", th_tmpdir());
	if (th_build(kpath("axpy.s", src, sizeof src), out, NULL, err, sizeof err)) {
		th_ok(0, name, "%s", err);
		return;
	}
	struct emu_opts o = { .threads = threads, .checks = EMU_CHECK_ALL };
	struct th t;
	if (th_open(&t, out, &o)) {
		th_ok(0, name, "%s", t.err);
		return;
	}
	enum { N = 1000 };
	float x[N], y[N], want[N];
	for (int i = 0; i < N; i++) {
		x[i] = (float)i * 0.5f;
		y[i] = 3.0f - (float)i;
		want[i] = 2.5f * x[i] + y[i];
	}
	uint64_t dx = emu_alloc(t.dev, sizeof x, 0), dy = emu_alloc(t.dev, sizeof y, 0);
	emu_write(t.dev, dx, x, sizeof x);
	emu_write(t.dev, dy, y, sizeof y);
	struct { uint64_t x, y; uint32_t n; float a; } ka = { dx, dy, N, 2.5f };
	uint32_t grid[3] = { (N + 63) / 64, 1, 1 }, block[3] = { 64, 1, 1 };
	int rc = th_run(&t, "axpy", &ka, sizeof ka, grid, block);
	emu_read(t.dev, dy, y, sizeof y);
	int bad = -1;
	for (int i = 0; i < N && bad < 0; i++)
		if (memcmp(&y[i], &want[i], 4))
			bad = i;
	th_ok(rc == 0 && bad < 0, name, "rc %d %s; first bad %d", rc, t.err, bad);
	th_close(&t);
}

int main(int argc, char **argv)
{
	snprintf(kdir, sizeof kdir, "%s", argc > 1 ? argv[1] : "tests/emu/kernels");
	test_axpy(1);
	test_axpy(2);
	return th_failed;
}
