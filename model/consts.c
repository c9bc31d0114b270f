/* consts.c — the constants table of model/consts.def as data, defaults, and
 * overrides by name (for --model-constants). */
#include "model/model.h"

#include <stddef.h>
#include <string.h>

const struct mdl_const_row mdl_const_rows[] = {
#define MDL_CONST(name, value, unit, source) { #name, #unit, source, value, offsetof(struct mdl_consts, name) },
#include "model/consts.def"
#undef MDL_CONST
};
const unsigned mdl_nconsts = sizeof mdl_const_rows / sizeof mdl_const_rows[0];

const char *const mdl_bucket_names[MDL_B_N] = {
#define MDL_B_NAME_(e, s) s,
	MDL_BUCKETS(MDL_B_NAME_)
#undef MDL_B_NAME_
};

void mdl_consts_default(struct mdl_consts *c)
{
	for (unsigned i = 0; i < mdl_nconsts; i++)
		*(double *)(void *)((char *)c + mdl_const_rows[i].offset) = mdl_const_rows[i].value;
}

int mdl_consts_set(struct mdl_consts *c, const char *name, double value)
{
	for (unsigned i = 0; i < mdl_nconsts; i++)
		if (strcmp(mdl_const_rows[i].name, name) == 0) {
			*(double *)(void *)((char *)c + mdl_const_rows[i].offset) = value;
			return 0;
		}
	return -1;
}
