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
	struct gpu_consts gc;
	gpu_consts_default(&gc);
	if (rm->constants && mdl_consts_load(&mo.c, &gc, rm->constants, err, errlen))
		return EMU_E_ARG;
	static struct mdl_prediction p; /* large: the plan and the statistics */
	int rc = mdl_predict(dev, l, &mo, &gc, rm->sample, &p, err, errlen);
	*st = p.r.emu;
	if (rc)
		return rc;
	char buf[4096];
	if (rm->json) {
		mdl_format_json(&p.r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
		fputs(buf, stdout);
		mdl_predict_format(&p, true, buf, sizeof buf);
	} else {
		mdl_format_text(&p.r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
		fputs(buf, stdout);
		mdl_predict_format(&p, false, buf, sizeof buf);
	}
	fputs(buf, stdout);
	return 0;
}
