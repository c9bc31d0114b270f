/* bank_score_compare.h — the report's bank-cache scorer (report/bank_score.c)
 * against the allocator's (ra_cache_score, vgpr_alloc/bank_cache.c).  The two
 * are written apart on purpose; these functions run both on the same records
 * and say where they first disagree.  Each returns true when they agree, else
 * false with the instruction and both scores in why. */
#ifndef RDNA3_TESTS_REPORT_BANK_SCORE_COMPARE_H
#define RDNA3_TESTS_REPORT_BANK_SCORE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report/report.h"

/* seq[0..n) under window `window`: every instruction's score and the totals. */
bool bsc_agree(const struct ra_access *seq, size_t n, unsigned window, char *why, size_t len);

/* n random records from seed (VGPRs 0..255 or none, half of them drawn from
 * v0..v15 so that hits, port conflicts and overwrites happen; dual and single;
 * write ranges), scored under `window`. */
bool bsc_agree_random(uint32_t seed, size_t n, unsigned window, char *why, size_t len);

/* A report's loop body, twice back to back as rp_analyse scores it, under
 * windows 0 and 1; and the rows the report holds against the allocator's
 * second pass under the report's model. */
bool bsc_agree_on_loop(const struct rp_report *r, char *why, size_t len);

#endif
