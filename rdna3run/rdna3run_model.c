/* rdna3run_model.c — rdna3run --model: the launch hook that runs a dispatch
 * under the timing model (model/model.h) and prints the prediction, and with
 * --model-html one offline page of it: the roofline and the cycle breakdown;
 * with --model-timing the instruction timing of the simulated waves. */
#include "asm_out/asm_out.h"
#include "rdna3run/rdna3run.h"
#include "model/model.h"
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

_Static_assert(MDL_B_N <= RP_MAX_PARTS, "every bucket of the breakdown fits the report's bar");
_Static_assert((int)RP_MATH_WMMA == (int)MDL_MATH_WMMA && (int)RP_MATH_FP64 == (int)MDL_MATH_FP64,
	       "the report's maths in the model's order");

static void html_escaped(struct ao_text *t, const char *s)
{
	for (; *s; s++) /* names and text lines hold no markup, but < > & may occur */
		ao_textf(t, "%s", *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : *s == '&' ? "&amp;" : (char[2]){ *s, 0 });
}

/* t to path (a temporary beside it, renamed: run_files), then t->p freed.  0, or
 * -1 after one error line. */
static int write_text(const char *path, struct ao_text *t)
{
	int rc = -1;
	if (t->oom) {
		run_error("%s: out of memory", path);
	} else {
		struct run_files f = { 0 };
		rc = run_files_add(&f, path, t->p, t->len) || run_files_commit(&f, NULL) ? -1 : 0;
	}
	free(t->p);
	return rc;
}

static int write_html(const struct run_model *rm, const struct emu_launch *l, const struct mdl_prediction *p,
		      const struct mdl_consts *c, const char *text)
{
	struct ao_text t = { 0 };
	ao_textf(&t, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>timing model</title>\n"
		     "<style>body{font-family:sans-serif;margin:1em 2em}pre{background:#f6f6f6;padding:.5em;white-space:pre-wrap}</style>"
		     "</head><body>\n<h1>Timing model: ");
	html_escaped(&t, l->kernel_name ? l->kernel_name : "kernel");
	ao_textf(&t, "</h1>\n<p>Kernel <code>");
	html_escaped(&t, l->kernel_name ? l->kernel_name : "?");
	ao_textf(&t, "</code> of <code>");
	html_escaped(&t, rm->file ? rm->file : "?");
	ao_textf(&t, "</code>, launched as grid %u,%u,%u (workgroups) of block %u,%u,%u (work-items), predicted "
		     "for the %s (%s, %s) with %.0f CUs at %.0f MHz (model/devices.def).</p>\n<pre>",
		 l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
		 rm->device ? rm->device->display : "?", rm->device ? rm->device->name : "?",
		 rm->device ? rm->device->target : "?", c->cus, c->clock_mhz);
	html_escaped(&t, text);
	ao_textf(&t, "</pre>\n");
	static struct rp_prediction rp;
	memset(&rp, 0, sizeof rp);
	rp.seconds = p->r.seconds;
	rp.cycles = (double)p->r.cycles;
	rp.clock_mhz = c->clock_mhz;
	rp.flops = rm->flops > 0 ? rm->flops : 0;
	rp.dram_bytes = mdl_predict_dram_bytes(p);
	struct mdl_roofs rf;
	mdl_roofs(c, &rf);
	rp.roofs = (struct rp_roofs){ rf.peak_gflops, rf.dram_gbs, rf.mall_gbs, rf.l2_gbs, rf.wmma_gflops, rf.fp64_gflops,
				      (enum rp_math)mdl_result_math(&p->r), "" };
	if (rm->device) {
		snprintf(rp.roofs.dram, sizeof rp.roofs.dram, "%s", rm->device->mem);
		snprintf(rp.device, sizeof rp.device, "%s", rm->device->display);
	}
	for (unsigned i = 0; i < MDL_B_N && i < RP_MAX_PARTS; i++) {
		snprintf(rp.part[i], sizeof rp.part[i], "%s", mdl_bucket_names[i]);
		rp.part_cycles[rp.nparts++] = (double)p->r.bucket[i];
	}
	rp.wmma_ops = (double)p->r.wmma_ops;
	rp.wmma_busy = (double)p->r.wmma_busy;
	rp_prediction_html(&t, &rp);
	ao_textf(&t, "<p>Clock %.0f MHz; constants in model/consts.def.</p>\n</body></html>\n",
		 c->clock_mhz);
	return write_text(rm->html, &t);
}

/* --model-timing: the instruction timing of the run the prediction came from,
 * as text: a header, the 20 instructions that waited longest, then every
 * instruction that issued in code order (docs/model.md, "Instruction timing") */
static double avg(uint64_t sum, uint64_t n)
{
	return n ? (double)sum / (double)n : 0;
}

static void timing_line(struct ao_text *t, const struct mdl_inst_time *a, size_t i, uint64_t all_before)
{
	ao_textf(t, "%7zx %9llu %12llu %8.1f %6.2f %8.1f  %s\n", i * 4, (unsigned long long)a->hits,
		 (unsigned long long)a->before, avg(a->before, a->preceded),
		 all_before ? 100.0 * (double)a->before / (double)all_before : 0.0, avg(a->after, a->followed),
		 a->text ? a->text : "?");
}

/* By cycles before issue, most first; ties by offset. */
struct ranked {
	uint64_t before;
	size_t i;
};
static int by_before(const void *x, const void *y)
{
	const struct ranked *a = x, *b = y;
	if (a->before != b->before)
		return a->before < b->before ? 1 : -1;
	return a->i < b->i ? -1 : 1;
}

static void timing_text(struct ao_text *t, const struct mdl_timing *tm, const char *kernel, struct ranked *r)
{
	uint64_t all = 0, hits = 0;
	size_t m = 0;
	for (size_t i = 0; i < tm->n; i++)
		if (tm->at[i].hits) {
			all += tm->at[i].before, hits += tm->at[i].hits;
			r[m++] = (struct ranked){ tm->at[i].before, i };
		}
	ao_textf(t, "# instruction timing of %s under the timing model: the simulated units' waves only\n"
		    "# (%llu waves, %llu issues); before: cycles from the wave's previous issue to this one,\n"
		    "# after: from this issue to the wave's next (docs/model.md, \"Instruction timing\")\n",
		 kernel ? kernel : "the kernel", (unsigned long long)tm->waves, (unsigned long long)hits);
	if (tm->oom)
		ao_textf(t, "# incomplete: memory ran out while the issues were gathered\n");
	const char *head = " offset      hits before_total  before_avg before_%  after_avg  instruction\n";
	qsort(r, m, sizeof *r, by_before);
	ao_textf(t, "\n# the %zu that waited longest\n%s", m < 20 ? m : (size_t)20, head);
	for (size_t j = 0; j < m && j < 20; j++)
		timing_line(t, &tm->at[r[j].i], r[j].i, all);
	ao_textf(t, "\n# every instruction issued, in code order\n%s", head);
	for (size_t i = 0; i < tm->n; i++)
		if (tm->at[i].hits)
			timing_line(t, &tm->at[i], i, all);
}

static int write_timing(const struct run_model *rm, const struct emu_launch *l, const struct mdl_timing *tm)
{
	struct ao_text t = { 0 };
	struct ranked *r = malloc((tm->n ? tm->n : 1) * sizeof *r);
	if (r)
		timing_text(&t, tm, l->kernel_name, r);
	t.oom |= !r;
	free(r);
	return write_text(rm->timing, &t);
}

int run_model_device(const struct run_opts *o, const struct ld_code_object *co, const struct mdl_device **out)
{
	unsigned mach = ld_machine(co);
	const struct isa_target *own = isa_target_by_mach(mach);
	const struct mdl_device *d = o->model_device;
	if (!d) {
		d = mdl_device_default(own ? own : isa_target_default());
		if (!d) {
			run_error("%s: no described device runs its target (see rdna3gen list --devices)", o->file);
			return RUN_EXIT_FAIL;
		}
	}
	const struct isa_target *t = mdl_device_target(d);
	if (!t || !isa_target_runs(t, mach)) {
		char code[32];
		if (own)
			snprintf(code, sizeof code, "%s", own->name);
		else
			snprintf(code, sizeof code, "machine 0x%x", mach);
		run_error("--device-model %s is a %s device; %s is %s code (HIP would not load it there)", d->name,
			  d->target, o->file, code);
		return RUN_EXIT_USAGE;
	}
	*out = d;
	return -1;
}

int run_model_launch(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
		     size_t errlen)
{
	struct run_model *rm = ctx;
	struct mdl_opts mo = { 0 };
	struct emu_progress ep = { run_progress_report, &rm->progress };
	if (rm->progress.on)
		mo.progress = &ep;
	mdl_consts_default(&mo.c);
	if (rm->device)
		mdl_consts_device(&mo.c, rm->device);
	if (rm->constants && mdl_consts_load(&mo.c, rm->constants, err, errlen))
		return EMU_E_ARG;
	static struct mdl_prediction p; /* large: the plan and the statistics */
	static struct mdl_timing tm; /* --model-timing: emptied by each prediction */
	if (rm->timing)
		mo.timing = &tm;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	run_progress_start(&rm->progress);
	int rc = mdl_predict(dev, l, &mo, rm->sample, &p, err, errlen);
	run_progress_end(&rm->progress);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*st = p.r.emu;
	/* the host time the prediction took, printed as the run's wall time */
	st->seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	if (rc) {
		mdl_timing_free(&tm);
		return rc;
	}
	rm->predicted_s += p.r.seconds;
	static char buf[8192], plan[1024]; /* static: off the stack, as the prediction is */
	if (rm->json) {
		mdl_predict_format_json(&p, rm->flops, rm->bytes, buf, sizeof buf);
		fputs(buf, stdout);
	}
	if (!rm->json || rm->html) { /* the page shows the text form */
		mdl_format_text(&p.r, &mo.c, rm->flops, rm->bytes, buf, sizeof buf);
		mdl_predict_format_text(&p, plan, sizeof plan);
	}
	if (!rm->json) {
		fputs(buf, stdout);
		fputs(plan, stdout);
		if (rm->device) /* last: the lines before are the prediction's, as before */
			printf("model: device %s (%s: %s, %.0f CUs at %.0f MHz; model/devices.def)\n", rm->device->display,
			       rm->device->name, rm->device->target, mo.c.cus, mo.c.clock_mhz);
	}
	if (rm->timing) {
		int wrc = write_timing(rm, l, &tm);
		mdl_timing_free(&tm);
		if (wrc) {
			snprintf(err, errlen, "%s: not written", rm->timing);
			return EMU_E_ARG;
		}
	}
	if (rm->html) {
		static char text[sizeof buf + sizeof plan];
		snprintf(text, sizeof text, "%s%s", buf, plan);
		if (write_html(rm, l, &p, &mo.c, text)) {
			snprintf(err, errlen, "%s: not written", rm->html);
			return EMU_E_ARG;
		}
	}
	return 0;
}
