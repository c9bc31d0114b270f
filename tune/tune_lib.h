/* tune_lib.h — private to tune/: one shape of a kernel library build and what
 * the library writer needs, shared by the one-machine build (tune/tune_lib.c)
 * and the merge of a sharded one's parts (tune/tune_shard.c). */
#ifndef RDNA3_TUNE_TUNE_LIB_H
#define RDNA3_TUNE_TUNE_LIB_H

#include "kernlib/kernlib.h"
#include "tune/tune.h"
#include "tune/tune_eval.h"

/* A candidate's result as a sharded build's part records it: order names it
 * in the shape's candidate list (tune_collect), the rest is the search's. */
struct tune_rec {
	unsigned order;
	double seconds, sampled;     /* as tune_cand: the figure, and the estimate of a confirmed one */
	bool full;
};

/* One shape's result. */
struct lib_shape {
	struct kl_shape s;
	bool ok;
	struct tune_cand win;
	double rate;                 /* the winner's: predicted, or measured with --backend hip */
	double best_rate;            /* the preset `best` at the same shape by the model; 0 when not timed */
	unsigned evaluated;
	bool hip;
	unsigned kernel;             /* index into the library's distinct kernels */
	struct tune_rec *recs;       /* --shard: this share's correct candidates (malloc'd) */
	unsigned nrecs;
};

struct lib_kernel {
	char name[64];               /* file name without .hsaco / .yaml */
	char params[2048];           /* every parameter as text: equal texts are one kernel */
	void *co;
	size_t co_len;
	unsigned shape;              /* the first shape it won (its config's comment) */
};

/* The distinct winners of sh, each with its code object, into k (room for ns);
 * then every file of LIB (o->out) written together, all or none.  0, or -1
 * with err. */
int tune_lib_kernels(const struct tune_env *env, struct lib_shape *sh, unsigned ns, struct lib_kernel *k,
		     unsigned *nk, char *err, size_t errlen);
int tune_lib_write(const struct tune_opts *o, const struct tpl_template *tpl, const struct lib_shape *sh,
		   unsigned ns, const struct lib_kernel *k, unsigned nk, char *err, size_t errlen);
/* The shape's winner into ls (ok, win, rate, best_rate) from r after its
 * search or merge. */
void tune_lib_take_winner(const struct tune_run *r, struct lib_shape *ls);
/* --shard: the part (PART/part.txt) of a sharded build; 0, or -1 with err. */
int tune_part_write(const struct tune_opts *o, const struct tpl_template *tpl, const struct lib_shape *sh,
		    unsigned ns, const char *toolchain, char *err, size_t errlen);

#endif
