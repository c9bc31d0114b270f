/* rdna3run_model.c — rdna3run --model: the launch hook that runs a dispatch
 * under the timing model (model/model.h) and prints the prediction. */
#include "gen/rdna3run.h"
#include "model/model.h"

#include <stdio.h>

int run_model_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
		     size_t errlen)
{
	const struct run_model *rm = ctx;
	struct mdl_opts mo = { 0 };
	mdl_consts_default(&mo.c);
	struct mdl_result r;
	int rc = mdl_run(dev, l, &mo, &r, err, errlen);
	*st = r.emu;
	if (rc)
		return rc;
	char buf[4096];
	if (rm->json)
		mdl_format_json(&r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
	else
		mdl_format_text(&r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
	fputs(buf, stdout);
	return 0;
}
