/* internal.h — what the readers of kernlib/ share: the one-line error of a
 * value in a YAML file, "FILE:LINE: what", returned as KL_E_META. */
#ifndef RDNA3_KERNLIB_INTERNAL_H
#define RDNA3_KERNLIB_INTERNAL_H

#include "kernlib/kernlib.h"

int kl_bad_at(char *err, size_t errlen, const char *path, const yaml_node_t *at, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

#endif
