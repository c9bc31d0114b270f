/* config.h — rdna3gen's YAML parameter file: a flat mapping NAME: VALUE. */
#ifndef RDNA3_GEN_CONFIG_H
#define RDNA3_GEN_CONFIG_H

#include <stddef.h>
#include <stdint.h>

struct gen_assign {
	char name[64];
	char value[256];
	unsigned line;        /* 1-based line in the file; 0 for command-line flags */
};

/* The names a file may set: index_of maps a name to 0..n-1, or -1 when it is
 * not one ("unknown parameter 'NAME' for WHAT").  Two names with one index are
 * one parameter given twice. */
struct gen_config_names {
	unsigned n;
	int (*index_of)(const char *name, const void *ctx);
	const void *ctx;
	const char *what;
};

/* Read FILE into *out (malloc'd, *n entries, at most names->n), in time linear
 * in its size: each name is checked as it is read.  Returns 0, or -1 with
 * "FILE:LINE: problem" in err. */
int gen_config_read(const char *path, const struct gen_config_names *names, struct gen_assign **out,
		    unsigned *n, char *err, size_t errlen);

/* ---- a shapes file (rdna3gen tune sgemm --shapes FILE; docs/tune.md):
 *
 *   layout: NN                  # optional: the default layout of the shapes
 *   shapes:
 *     - {m: 4096, n: 4096, k: 4096}
 *     - {m: [17, 64], n: 4096, k: 4096, layout: NT}
 *
 * Each size is an integer in 1..VC_DIM_MAX (vocab/vocab.h) or a range [LO, HI]; a shape is
 * tuned at the upper end of its ranges and serves all of them.  Keys,
 * integers and layouts are spelled as vocab/vocab.h says; two shapes of one
 * layout whose ranges overlap are refused (the library could not choose). */
struct gen_shape {
	uint32_t lo[3], hi[3];   /* M, N, K */
	int layout;              /* enum vc_layout */
	unsigned line;
};
/* Read FILE into *out (malloc'd, *n >= 1 shapes).  0, or -1 with
 * "FILE:LINE: problem" in err. */
int gen_shapes_read(const char *path, struct gen_shape **out, unsigned *n, char *err, size_t errlen);

#endif
