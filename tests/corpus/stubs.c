#include "tests/corpus/corpus.h"
void corpus_asm(struct cx *c) { (void)c; }
