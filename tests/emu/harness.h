/* harness.h — shared by the emulator tests and bench: build a .s into a .hsaco
 * with the LLVM under test (tests/llvm.h: clang-NN/ld.lld-NN), place it in
 * emulator memory through the loader, launch. */
#ifndef RDNA3_TESTS_EMU_HARNESS_H
#define RDNA3_TESTS_EMU_HARNESS_H

#include "emu/emu.h"
#include "loader/loader.h"
#include "tests/check.h"
#include "tests/llvm.h"

struct th {
	struct emu_dev *dev;
	struct ld_code_object *co;
	uint64_t base;              /* device address of the loaded image */
	char err[1024];
	struct emu_stats st;
	const char *target;         /* emu_launch.target of th_run (NULL: the code object's target) */
};

/* Assemble src (.s) into out (.hsaco); defs: extra assembler flags or NULL. */
int th_build(const char *src, const char *out, const char *defs, char *err, size_t errlen);
/* Write text to a fresh .s file under the test temp dir and build it (for
 * -mcpu=mcpu with th_build_text_for; th_build_text: the default target). */
int th_build_text(const char *name, const char *text, char *out, size_t outlen, char *err, size_t errlen);
int th_build_text_for(const char *mcpu, const char *name, const char *text, char *out, size_t outlen, char *err,
		      size_t errlen);
int th_open(struct th *t, const char *hsaco, const struct emu_opts *opts);
void th_close(struct th *t);
/* Launch kernel `name` with kernarg bytes; 0 on success, else EMU_E_* (t->err). */
int th_run(struct th *t, const char *name, const void *kernarg, size_t n, const uint32_t grid[3],
	   const uint32_t block[3]);
/* The same with dynamic_lds bytes of dynamic LDS (HIP sharedMemBytes). */
int th_run_lds(struct th *t, const char *name, const void *kernarg, size_t n, const uint32_t grid[3],
	       const uint32_t block[3], uint32_t dynamic_lds);
/* C = A*B (n x n, row major, n a multiple of 64) with tests/emu/kernels/sgemm_lds.s
 * opened in t: A and B go to read-only buffers, C is read back.  0 or EMU_E_*. */
int th_sgemm_lds(struct th *t, int n, const float *A, const float *B, float *C);
const char *th_tmpdir(void);
/* Remove the temp dir, unless a check failed (kept for inspection then). */
void th_cleanup(bool failed);

/* One check (tests/check.h), the reason a printf format. */
#define th_ok(cond, name, ...) checkf((cond), (name), __VA_ARGS__)

#endif
