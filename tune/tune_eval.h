/* tune_eval.h — one candidate of rdna3gen tune: build and assemble it, check
 * it on the emulator, predict its time with the model (tune/tune_eval.c), and
 * the per-candidate cache that lets an interrupted search resume. */
#ifndef RDNA3_TUNE_TUNE_EVAL_H
#define RDNA3_TUNE_TUNE_EVAL_H

#include "asm_out/asm_out.h"
#include "tune/tune.h"

struct tune_env {
	const struct tune_run *r;
	struct ao_toolchain tc;
	char toolchain[64];          /* "clang-19/ld.lld-19": part of the cache key */
	char cache[1024];            /* the cache folder */
	uint32_t check[3];           /* the ragged check shape is per candidate; this is the target */
};

/* tune/tune_exec.c: the code object's kernel run in-process at shape (M, N, K;
 * nx, ny, nz; or B, H_q, H_kv, S_q, S_kv, D) by the template's runner.  check:
 * on the emulator (against OpenBLAS, the stencil's or the attention's
 * reference); 0, or -1 with *status (wrong-result or fault) and why.  predict: the model, one unit per group; 0 with
 * c->seconds, c->limit and c->occ_limit, or -1 with c->status and c->why;
 * device: the card (NULL: the model's default).
 * hip: a GPU (open it once), reps timed launches after one untimed; the best
 * time in *ms. */
int tune_exec_check(enum tpl_runner runner, const void *co, size_t len, const uint32_t shape[TPL_SHAPE_MAX], enum tune_status *status, char *why,
		    size_t n);
struct mdl_device;
int tune_exec_predict(enum tpl_runner runner, const void *co, size_t len, const uint32_t shape[TPL_SHAPE_MAX],
		      const struct mdl_device *device, struct tune_cand *c);
struct ld_backend;
int tune_exec_hip_open(struct ld_backend **b, char *err, size_t errlen);
int tune_exec_hip_time(enum tpl_runner runner, struct ld_backend *b, const void *co, size_t len,
		       const uint32_t shape[TPL_SHAPE_MAX], unsigned reps, double *ms, char *err, size_t errlen);

int tune_env_init(struct tune_env *e, const struct tune_run *r, const char *cache, char *err, size_t errlen);
/* The cached result of c (status, why, prediction): 0, or -1 when there is none. */
int tune_cache_load(const struct tune_env *e, struct tune_cand *c);
/* In a worker process: evaluate c, store the result in the cache; the exit status. */
int tune_eval_child(const struct tune_env *e, struct tune_cand *c);
/* Predict the candidates idx[0..n) again at the full depth K, r->jobs at a
 * time (each in a worker, its result into the cache): c->full set, the
 * estimate kept in c->sampled_seconds.  A candidate already at the full
 * depth is left alone. */
void tune_confirm(const struct tune_env *e, struct tune_run *r, const unsigned *idx, unsigned n);
/* The best max OK candidates of r by predicted seconds, fastest first, into
 * top; how many. */
unsigned tune_top(const struct tune_run *r, unsigned *top, unsigned max);
/* The winner's code object (from the cache, else built again). */
int tune_winner_hsaco(const struct tune_env *e, const struct tune_cand *c, void **co, size_t *len, char *err,
		      size_t errlen);
/* --backend hip: whether a HIP device runs the target's code objects here; then
 * time the top candidates with HIP events and re-rank them by that. */
int tune_hip_probe(const struct tune_env *e, char *err, size_t errlen);
int tune_hip_time(const struct tune_env *e, struct tune_run *r, char *err, size_t errlen);

#endif
