/* shapes.h — the shapes file of `rdna3gen tune sgemm --shapes FILE`
 * (docs/tune.md), read with libyaml:
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
#ifndef RDNA3_TUNE_SHAPES_H
#define RDNA3_TUNE_SHAPES_H

#include <stddef.h>
#include <stdint.h>

struct tune_shape {
	uint32_t lo[3], hi[3];   /* M, N, K */
	int layout;              /* enum vc_layout */
	unsigned line;
};

/* Read FILE into *out (malloc'd, *n >= 1 shapes).  0, or -1 with
 * "FILE:LINE: problem" in err. */
int tune_shapes_read(const char *path, struct tune_shape **out, unsigned *n, char *err, size_t errlen);

#endif
