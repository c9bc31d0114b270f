/* llvm.h — the LLVM toolchain a test drives.  tests/run.sh runs every test
 * that touches LLVM once per installed LLVM >= 19 with RDNA3_LLVM=NN in the
 * environment; a test started by hand uses LLVM 19.  Header-only. */
#ifndef TESTS_LLVM_H
#define TESTS_LLVM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "19", "22", ...: the major version under test. */
static inline const char *llvm_major(void)
{
	const char *v = getenv("RDNA3_LLVM");
	return v && *v ? v : "19";
}

/* "NAME-NN" (clang-19, llvm-mc-22, ...).  One buffer per tool name, kept for
 * the whole run, so results stay valid. */
static inline const char *llvm_tool(const char *name)
{
	static char buf[16][64];
	for (unsigned i = 0; i < 16; i++) {
		size_t n = strlen(name);
		if (!buf[i][0] || (strncmp(buf[i], name, n) == 0 && buf[i][n] == '-')) {
			snprintf(buf[i], sizeof buf[0], "%s-%s", name, llvm_major());
			return buf[i];
		}
	}
	return "llvm-tool-table-full";
}

/* $BUILD/llvmNN: where the make rules put the fixtures built by this LLVM
 * (tests/loader/NAME.hsaco, tests/run/gemm_ref*.hsaco). */
static inline const char *llvm_fixtures(void)
{
	static char dir[400];
	const char *b = getenv("BUILD");
	snprintf(dir, sizeof dir, "%s/llvm%s", b && *b ? b : "build", llvm_major());
	return dir;
}

/* Run cmd (an LLVM tool, usually), return its stdout (malloc'd) or NULL when
 * it fails. */
static inline char *llvm_capture(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	if (!p)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *s = malloc(cap);
	size_t r;
	while (s && (r = fread(s + n, 1, cap - n - 1, p)) > 0) {
		n += r;
		if (n + 1 == cap) {
			char *q = realloc(s, cap *= 2);
			if (!q) {
				free(s);
				s = NULL;
			}
			s = q;
		}
	}
	if (pclose(p) != 0 || !s) {
		free(s);
		return NULL;
	}
	s[n] = '\0';
	return s;
}

#endif
