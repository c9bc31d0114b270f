/* config.h — rdna3gen's YAML parameter file: a flat mapping NAME: VALUE. */
#ifndef RDNA3_GEN_CONFIG_H
#define RDNA3_GEN_CONFIG_H

#include <stddef.h>

struct gen_assign {
	char name[64];
	char value[256];
	unsigned line;        /* 1-based line in the file; 0 for command-line flags */
};

/* Read FILE into *out (malloc'd, *n entries).  Returns 0, or -1 with
 * "FILE:LINE: problem" in err. */
int gen_config_read(const char *path, struct gen_assign **out, unsigned *n, char *err, size_t errlen);

#endif
