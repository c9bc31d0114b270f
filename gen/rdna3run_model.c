/* rdna3run_model.c — rdna3run --model: the launch hook that runs a dispatch
 * under the timing model (model/model.h) and prints the prediction, and with
 * --model-html one offline page of it: the roofline and the cycle breakdown. */
#include "asm_out/asm_out.h"
#include "gen/rdna3run.h"
#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* DRAM bytes of the whole dispatch: the simulated units' traffic stands for the
 * active CUs' and, when extrapolated, for all rounds. */
static double dram_bytes(const struct mdl_prediction *p)
{
	const struct md_plan *pl = &p->plan;
	double sim_cus = (double)pl->nsample * (pl->wgp_mode ? 2 : 1);
	double f = pl->extrapolate > 1 ? pl->extrapolate : 1;
	return (double)p->mem.bytes_dram * (sim_cus > 0 ? pl->active_cus / sim_cus : 1) * f;
}

static int write_html(const struct run_model *rm, const struct mdl_prediction *p, const struct mdl_consts *c,
		      const char *text)
{
	struct ao_text t = { 0 };
	ao_textf(&t, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>timing model</title>\n"
		     "<style>body{font-family:sans-serif;margin:1em 2em}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}</style>"
		     "</head><body>\n<h1>Predicted on an RX 7900 XTX (timing model)</h1>\n<pre>");
	for (const char *s = text; *s; s++) /* the text lines hold no markup but < > & may occur */
		ao_textf(&t, "%s", *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&' ? "&amp;" : (char[2]){ *s, 0 });
	ao_textf(&t, "</pre>\n");
	if (rm->flops > 0) {
		struct gpu_roof_point pt = { "this kernel", rm->flops, dram_bytes(p), p->r.seconds };
		ao_textf(&t, "<h2>Roofline</h2>\n<p>Arithmetic intensity over the modelled DRAM traffic (%.3g bytes), "
			     "achieved FLOP/s against the FP32 peak and the memory roofs of the constants table.</p>\n",
			 pt.bytes);
		gpu_roofline_svg(&t, &p->c, &pt, 1);
	}
	double cyc[MDL_B_N];
	for (unsigned i = 0; i < MDL_B_N; i++)
		cyc[i] = (double)p->r.bucket[i];
	ao_textf(&t, "<h2>Where the SIMD cycles went</h2>\n");
	gpu_breakdown_svg(&t, mdl_bucket_names, cyc, MDL_B_N);
	ao_textf(&t, "<p>Clock %.0f MHz; constants in model/consts.def.</p>\n</body></html>\n",
		 c->clock_mhz);
	int rc = -1;
	if (t.oom) {
		run_error("%s: out of memory", rm->html);
	} else {
		struct run_files f = { 0 };
		rc = run_files_add(&f, rm->html, t.p, t.len) || run_files_commit(&f, NULL) ? -1 : 0;
	}
	free(t.p);
	return rc;
}

int run_model_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
		     size_t errlen)
{
	const struct run_model *rm = ctx;
	struct mdl_opts mo = { 0 };
	mdl_consts_default(&mo.c);
	if (rm->constants && mdl_consts_load(&mo.c, rm->constants, err, errlen))
		return EMU_E_ARG;
	static struct mdl_prediction p; /* large: the plan and the statistics */
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int rc = mdl_predict(dev, l, &mo, rm->sample, &p, err, errlen);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*st = p.r.emu;
	/* the host time the prediction took, printed as the run's wall time */
	st->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	if (rc)
		return rc;
	char buf[4096], plan[1024];
	if (rm->json)
		mdl_format_json(&p.r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
	else
		mdl_format_text(&p.r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
	mdl_predict_format(&p, rm->json, plan, sizeof plan);
	fputs(buf, stdout);
	fputs(plan, stdout);
	if (rm->html) {
		char text[sizeof buf + sizeof plan];
		if (rm->json) {
			mdl_format_text(&p.r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
			mdl_predict_format(&p, false, plan, sizeof plan);
		}
		snprintf(text, sizeof text, "%s%s", buf, plan);
		if (write_html(rm, &p, &mo.c, text)) {
			snprintf(err, errlen, "%s: not written", rm->html);
			return EMU_E_ARG;
		}
	}
	return 0;
}
