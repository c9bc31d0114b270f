/* exec_attention.c — the tuner's attention runner (tune/tune_exec.c,
 * TPL_RUN_ATTENTION) on a code object of the attention template given as
 * argv[1] (tests/tune/attention.sh builds it: the default kernel, D = 64,
 * not causal): the emulator's check at a ragged shape of six sizes passes, a
 * shape the kernel refuses (D = 128) is a fault whose line names the six
 * sizes and the reason, and the model predicts a time. */
#include "tests/check.h"
#include "tune/tune_eval.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	rewind(f);
	void *p = n > 0 ? malloc((size_t)n) : NULL;
	if (p && fread(p, 1, (size_t)n, f) != (size_t)n) {
		free(p);
		p = NULL;
	}
	fclose(f);
	*len = p ? (size_t)n : 0;
	return p;
}

int main(int argc, char **argv)
{
	size_t len = 0;
	void *co = argc > 1 ? read_all(argv[1], &len) : NULL;
	if (!check(co != NULL, "read_code_object", argc > 1 ? argv[1] : "no file given"))
		return check_exit();
	enum tune_status st = TUNE_PENDING;
	char why[400] = "";
	const uint32_t good[TPL_SHAPE_MAX] = { 1, 2, 1, 77, 45, 64 };
	int rc = tune_exec_check(TPL_RUN_ATTENTION, co, len, good, &st, why, sizeof why);
	checkf(rc == 0 && st == TUNE_OK, "exec_check_attention", "rc %d status %d: %s", rc, (int)st, why);
	const uint32_t bad[TPL_SHAPE_MAX] = { 1, 2, 1, 77, 45, 128 };
	rc = tune_exec_check(TPL_RUN_ATTENTION, co, len, bad, &st, why, sizeof why);
	checkf(rc == -1 && st == TUNE_FAULT && strstr(why, "emulator at 1x2x1x77x45x128: ") &&
	       strstr(why, "head dimension 64, not D = 128"), "exec_check_refused_shape", "rc %d status %d: %s", rc,
	       (int)st, why);
	struct tune_cand c;
	memset(&c, 0, sizeof c);
	rc = tune_exec_predict(TPL_RUN_ATTENTION, co, len, good, NULL, &c);
	checkf(rc == 0 && c.seconds > 0 && c.limit[0], "exec_predict_attention", "rc %d seconds %g: %s", rc, c.seconds,
	       c.why);
	free(co);
	return check_exit();
}
