/* harness.c — see harness.h. */
#include "tests/emu/harness.h"
#include "isa/isa.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *th_tmpdir(void)
{
	static char dir[256];
	if (!dir[0]) {
		const char *b = getenv("BUILD");
		snprintf(dir, sizeof dir, "%s/tests/emu/tmp.%ld", b ? b : "build", (long)getpid());
		char cmd[400];
		snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
		if (system(cmd) != 0)
			snprintf(dir, sizeof dir, "/tmp");
	}
	return dir;
}

int th_build(const char *src, const char *out, const char *defs, char *err, size_t errlen)
{
	char cmd[4096], log[600];
	snprintf(log, sizeof log, "%s.log", out);
	snprintf(cmd, sizeof cmd,
		 "%s -target amdgcn-amd-amdhsa -mcpu=gfx1100 %s -c '%s' -o '%s.o' >'%s' 2>&1 && %s -shared '%s.o' -o '%s' >>'%s' 2>&1",
		 llvm_tool("clang"), defs ? defs : "", src, out, log, llvm_tool("ld.lld"), out, out, log);
	if (system(cmd) != 0) {
		FILE *f = fopen(log, "r");
		char line[300] = "";
		if (f) {
			if (!fgets(line, sizeof line, f))
				line[0] = 0;
			fclose(f);
		}
		line[strcspn(line, "\n")] = 0;
		snprintf(err, errlen, "building %s failed: %s", src, line);
		return -1;
	}
	return 0;
}

int th_build_text(const char *name, const char *text, char *out, size_t outlen, char *err, size_t errlen)
{
	return th_build_text_for(NULL, name, text, out, outlen, err, errlen);
}

int th_build_text_for(const char *mcpu, const char *name, const char *text, char *out, size_t outlen, char *err,
		      size_t errlen)
{
	char defs[64] = "";
	if (mcpu)
		snprintf(defs, sizeof defs, "-mcpu=%s", mcpu); /* after th_build's own: the last one counts */
	char src[512];
	snprintf(src, sizeof src, "%s/%s.s", th_tmpdir(), name);
	snprintf(out, outlen, "%s/%s.hsaco", th_tmpdir(), name);
	FILE *f = fopen(src, "w");
	if (!f || fputs(text, f) < 0) {
		if (f)
			fclose(f);
		snprintf(err, errlen, "cannot write %s", src);
		return -1;
	}
	fclose(f);
	return th_build(src, out, defs, err, errlen);
}

int th_open(struct th *t, const char *hsaco, const struct emu_opts *opts)
{
	memset(t, 0, sizeof *t);
	if (ld_open_file(hsaco, &t->co, t->err, sizeof t->err) != 0)
		return -1;
	t->dev = emu_dev_new(opts);
	size_t n = ld_image_size(t->co);
	void *img = calloc(1, n);
	t->base = t->dev && img ? emu_alloc(t->dev, n, EMU_MEM_READONLY) : 0;
	if (!t->base || ld_image(t->co, t->base, img, n, t->err, sizeof t->err) != 0 ||
	    emu_write(t->dev, t->base, img, n) != 0) {
		if (!t->err[0])
			snprintf(t->err, sizeof t->err, "cannot place %s in emulator memory", hsaco);
		free(img);
		th_close(t);
		return -1;
	}
	free(img);
	return 0;
}

void th_close(struct th *t)
{
	emu_dev_free(t->dev);
	ld_close(t->co);
	t->dev = NULL;
	t->co = NULL;
}

int th_run(struct th *t, const char *name, const void *kernarg, size_t n, const uint32_t grid[3],
	   const uint32_t block[3])
{
	return th_run_lds(t, name, kernarg, n, grid, block, 0);
}

int th_run_lds(struct th *t, const char *name, const void *kernarg, size_t n, const uint32_t grid[3],
	       const uint32_t block[3], uint32_t dynamic_lds)
{
	const struct ld_kernel *k = ld_kernel_find(t->co, name);
	if (!k) {
		snprintf(t->err, sizeof t->err, "no kernel %s", name);
		return EMU_E_ARG;
	}
	struct emu_launch L = { .kernel_name = name, .kd_addr = t->base + k->kd_vaddr, .kernarg = kernarg,
				.kernarg_size = n, .dynamic_lds = dynamic_lds,
				.target = t->target ? t->target : ld_target(t->co)->name };
	memcpy(L.grid, grid, sizeof L.grid);
	memcpy(L.block, block, sizeof L.block);
	t->err[0] = 0;
	return emu_launch(t->dev, &L, &t->st, t->err, sizeof t->err);
}

int th_sgemm_lds(struct th *t, int n, const float *A, const float *B, float *C)
{
	size_t bytes = (size_t)n * n * 4;
	uint64_t dA = emu_alloc(t->dev, bytes, EMU_MEM_READONLY), dB = emu_alloc(t->dev, bytes, EMU_MEM_READONLY),
		 dC = emu_alloc(t->dev, bytes, 0);
	if (!dA || !dB || !dC) {
		snprintf(t->err, sizeof t->err, "no device memory for a %d^3 sgemm", n);
		return EMU_E_NOMEM;
	}
	emu_write(t->dev, dA, A, bytes);
	emu_write(t->dev, dB, B, bytes);
	struct { uint64_t a, b, c; uint32_t n; } ka = { dA, dB, dC, (uint32_t)n };
	uint32_t grid[3] = { (uint32_t)n / 64, (uint32_t)n / 64, 1 }, block[3] = { 256, 1, 1 };
	int rc = th_run(t, "sgemm_lds", &ka, 28, grid, block);
	emu_read(t->dev, dC, C, bytes);
	emu_free(t->dev, dA);
	emu_free(t->dev, dB);
	emu_free(t->dev, dC);
	return rc;
}

void th_cleanup(bool failed)
{
	const char *dir = th_tmpdir();
	if (failed || strcmp(dir, "/tmp") == 0)
		return;
	char cmd[400];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
}
