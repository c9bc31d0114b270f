/* fixtures.h — shared by the C tests of the loader and the HIP shim
 * (loader_test.c and args_test.c here, tests/run/shim_test.c): CHECK on the
 * check library (tests/check.h) and the fixtures that loader/loader.mk builds into
 * $BUILD/llvmNN/tests/loader (NN: the LLVM under test, tests/llvm.h).
 * Header-only: each test program is one file. */
#ifndef RDNA3_TESTS_LOADER_FIXTURES_H
#define RDNA3_TESTS_LOADER_FIXTURES_H

#include "tests/check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "tests/llvm.h"

#define CHECK(name, cond, ...) checkf((cond), (name), __VA_ARGS__)

static char fixture_dir[512];

/* fixture_dir = $BUILD/llvmNN/tests/loader (build/ when BUILD is unset). */
static inline void fixture_init(void)
{
	snprintf(fixture_dir, sizeof fixture_dir, "%s/tests/loader", llvm_fixtures());
}

static inline void fixture_path(char *path, size_t n, const char *name)
{
	snprintf(path, n, "%s/%s", fixture_dir, name);
}

/* The whole fixture file in a malloc'd buffer (*n bytes), NULL when it is
 * missing or unreadable. */
static inline uint8_t *fixture_read(const char *name, size_t *n)
{
	char path[700];
	fixture_path(path, sizeof path, name);
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	uint8_t *buf = NULL;
	size_t cap = 0, len = 0;
	for (;;) {
		if (len == cap) {
			uint8_t *grown = realloc(buf, cap = cap ? 2 * cap : 1 << 16);
			if (!grown) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = grown;
		}
		size_t got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (!got)
			break;
	}
	if (ferror(f)) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*n = len;
	return buf;
}

#endif
