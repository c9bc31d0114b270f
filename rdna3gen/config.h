/* config.h — rdna3gen's YAML parameter file: a flat mapping NAME: VALUE. */
#ifndef RDNA3_RDNA3GEN_CONFIG_H
#define RDNA3_RDNA3GEN_CONFIG_H

#include <stddef.h>

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

#endif
