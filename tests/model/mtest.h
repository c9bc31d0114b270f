/* mtest.h — the timing model's hand tests (model_test.c, dispatch_test.c):
 * kernels built from a body of instructions with the LLVM under test, run
 * under the model with a trace of every issue.  Expected cycles are worked
 * out by hand from the rules of docs/model.md and the named constants of
 * model/consts.def, never read from the model. */
#ifndef RDNA3_TESTS_MODEL_MTEST_H
#define RDNA3_TESTS_MODEL_MTEST_H

#include "emu/decode.h"
#include "model/model.h"
#include "tests/emu/harness.h"

#define MAXI 128

/* Settings of the next build (build, run, open_launch): .amdhsa_next_free_vgpr,
 * private segment bytes per work-item, LDS bytes for open_launch. */
extern unsigned kernel_vgprs, kernel_priv, kernel_lds;
/* A constant the next runs use instead of its default (NULL: none). */
extern const char *set_const;
extern double set_value;

/* Issue trace of one run: cycle and wave of every issued instruction, by SIMD. */
struct trace {
	unsigned n;
	uint64_t cycle[MAXI];
	unsigned simd[MAXI], op[MAXI];
	uint64_t wave[MAXI];
};

void on_issue(void *ctx, const struct mdl_issue *is);
/* Cycle of the k-th issued instruction of wave w with opcode op (k from 0). */
long long at(const struct trace *t, uint64_t w, unsigned op, unsigned k);
/* Build kernel `name` (one buffer argument p) around body into path. */
int build(const char *name, const char *body, unsigned lds, unsigned block, char *path, size_t pathlen);
/* Build and run one kernel (one workgroup of `block` work-items) under the model. */
int run(const char *name, const char *body, unsigned lds, unsigned block, struct trace *t, struct mdl_result *r,
	struct mdl_consts *c);
/* Build kernel `sym` (one buffer argument, kernel_lds bytes of LDS) and open
 * it for a launch of grid workgroups of `block` work-items; the buffer is 4096
 * bytes at *buf.  0, or -1 with the failure reported under `name`. */
int open_launch(const char *name, const char *sym, const char *body, unsigned grid, unsigned block, struct th *h,
		struct emu_launch *L, uint64_t *buf);

#endif
