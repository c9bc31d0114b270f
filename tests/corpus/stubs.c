#include "tests/corpus/corpus.h"
void corpus_intmath(struct cx *c) { (void)c; }
void corpus_math(struct cx *c) { (void)c; }
void corpus_rows(struct cx *c) { (void)c; }
void corpus_asm(struct cx *c) { (void)c; }
