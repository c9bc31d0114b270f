/* check.h — the one check library of the C tests, the protocol of tests/run.sh:
 *
 *   ok NAME                 a check that passed
 *   not ok NAME: WHY        a check that failed
 *   skip NAME: WHY          a check that could not run here (a missing tool);
 *                           counted apart, never as a pass
 *
 * check() takes the reason as plain text, checkf() as a printf format, checkn()
 * formats the name itself (no separate reason).  A test
 * program ends with `return check_exit();`: non-zero when a check failed.
 * tests/run.sh also fails a program that printed no check at all.
 * Header-only, static functions: each test program includes it once. */
#ifndef RDNA3_TESTS_CHECK_H
#define RDNA3_TESTS_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int check_failures, check_passes, check_skips;

static inline bool check(bool cond, const char *name, const char *why)
{
	if (cond) {
		printf("ok %s\n", name);
		check_passes++;
	} else {
		if (why && *why)
			printf("not ok %s: %s\n", name, why);
		else
			printf("not ok %s\n", name);
		check_failures++;
	}
	fflush(stdout);   /* lines stay in order with a crash that follows */
	return cond;
}

static inline bool checkf(bool cond, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline bool checkf(bool cond, const char *name, const char *fmt, ...)
{
	if (cond)
		return check(true, name, NULL);
	char why[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	return check(false, name, why);
}

/* A check whose name is formatted and carries its own detail. */
static inline bool checkn(bool cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool checkn(bool cond, const char *fmt, ...)
{
	char name[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	return check(cond, name, NULL);
}

static inline void skip(const char *name, const char *why)
{
	printf("skip %s: %s\n", name, why);
	fflush(stdout);
	check_skips++;
}

static inline int check_exit(void)
{
	return check_failures ? 1 : 0;
}

#endif
