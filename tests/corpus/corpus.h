/* corpus.h — the corpus test's shared pieces: one code object per source file,
 * built by one LLVM (its directory names it: llvm19, llvm22), device buffers,
 * launches, and the comparisons (exact, or within a stated ULP bound). */
#ifndef RDNA3_TESTS_CORPUS_H
#define RDNA3_TESTS_CORPUS_H

#include "tests/emu/harness.h"

#include <stdbool.h>
#include <stdint.h>

struct cx {
	const char *dir;            /* build/tests/corpus/llvmNN */
	const char *tag;            /* llvmNN */
	struct th t;
	bool open;
	char file[64];              /* code object opened (without .hsaco) */
};

/* Open DIR/FILE.hsaco (once per file); false after reporting a failed check. */
bool cx_open(struct cx *c, const char *file);
uint64_t cx_in(struct cx *c, const void *host, size_t bytes);   /* read-only input */
uint64_t cx_buf(struct cx *c, const void *host, size_t bytes);  /* read-write, host may be NULL (zero) */
void cx_get(struct cx *c, uint64_t addr, void *host, size_t bytes);
/* Launch with kernarg bytes (zero-padded), 1-D or 3-D shapes; dynamic LDS bytes. */
int cx_run(struct cx *c, const char *kernel, const void *ka, size_t n, unsigned gx, unsigned bx);
int cx_run3(struct cx *c, const char *kernel, const void *ka, size_t n, const uint32_t grid[3],
	    const uint32_t block[3], uint32_t lds);
/* One check line: "ok corpus_TAG_NAME" or "not ok ...: detail". */
void cx_ok(struct cx *c, bool cond, const char *name, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Index of the first differing element, or -1. */
int cx_diff_i32(const int32_t *got, const int32_t *want, int n);
int cx_diff_u16(const uint16_t *got, const uint16_t *want, int n);
/* Distance in units in the last place between two finite floats of one sign class. */
uint32_t cx_ulps(float a, float b);
/* First element more than max_ulp apart, or -1; *worst gets the largest distance. */
int cx_diff_ulp(const float *got, const float *want, int n, uint32_t max_ulp, uint32_t *worst);
/* IEEE binary16 <-> float on the host (round to nearest even), bf16 likewise. */
uint16_t cx_f2h(float f);
float cx_h2f(uint16_t h);
uint16_t cx_d2h(double d);
uint16_t cx_f2bf(float f);
float cx_bf2f(uint16_t b);
/* Deterministic inputs: xorshift. */
uint32_t cx_rand(uint32_t *s);
float cx_randf(uint32_t *s, float lo, float hi);

/* The kernel groups (one per source file). */
void corpus_wave(struct cx *c);
void corpus_atomics(struct cx *c);
void corpus_half(struct cx *c);
void corpus_intmath(struct cx *c);
void corpus_math(struct cx *c);
void corpus_rows(struct cx *c);
void corpus_hgemm(struct cx *c);
void corpus_asm(struct cx *c);
void corpus_asm_buffer(struct cx *c);

#endif
