/* format.c — a result and a prediction as text lines or as JSON.  Every JSON
 * document the model prints is written here whole, so no caller joins or edits
 * JSON text: mdl_predict_format_json writes the prediction with its plan as a
 * member, one document on one line.  The DRAM bytes and the roofs a prediction
 * is drawn with are worked out here too: they need no emulator.
 */
#include "model/model.h"

#include <stdarg.h>
#include <stdio.h>

struct out {
	char *p;
	size_t n, len;
};

/* Append to the buffer; what does not fit is cut off, the text stays terminated. */
static void put(struct out *b, const char *fmt, ...)
{
	if (b->len >= b->n)
		return;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(b->p + b->len, b->n - b->len, fmt, ap);
	va_end(ap);
	if (k > 0)
		b->len += (size_t)k;
	if (b->len >= b->n)
		b->len = b->n - 1;
}

void mdl_format_text(const struct mdl_result *r, const struct mdl_consts *c, double flops, double bytes, char *buf,
		     size_t n)
{
	struct out b = { buf, n, 0 };
	if (n)
		buf[0] = 0;
	put(&b, "model: %llu cycles = %.3f us at %.0f MHz (%llu workgroups, %llu waves on %u CUs)\n",
	    (unsigned long long)r->cycles, r->seconds * 1e6, c->clock_mhz, (unsigned long long)r->workgroups,
	    (unsigned long long)r->waves, r->cus_used);
	if (c->launch_us > 0)
		put(&b, "model: %.1f us of it are the launch (launch_us)\n",
		    c->launch_us);
	if (flops > 0 && r->seconds > 0)
		put(&b, "model: %.1f GFLOP/s\n", flops / r->seconds * 1e-9);
	if (bytes > 0 && r->seconds > 0)
		put(&b, "model: %.1f GB/s\n", bytes / r->seconds * 1e-9);
	double total = (double)r->cycles * r->simds;
	for (unsigned i = 0; i < MDL_B_N; i++)
		if (r->bucket[i])
			put(&b, "  %-26s %6.2f %%  (%llu SIMD-cycles)\n", mdl_bucket_names[i],
			    total > 0 ? 100.0 * (double)r->bucket[i] / total : 0.0, (unsigned long long)r->bucket[i]);
	if (r->wmma_ops) {
		put(&b, "  %-26s %6.2f %%  (%llu SIMD-cycles, %llu v_wmma)\n", "WMMA pipe busy",
		    total > 0 ? 100.0 * (double)r->wmma_busy / total : 0.0, (unsigned long long)r->wmma_busy,
		    (unsigned long long)r->wmma_ops);
		for (unsigned i = 0; i < MDL_B_N; i++)
			if (r->wmma_gap[i])
				put(&b, "    WMMA idle: %-19s %6.2f %%  (%llu SIMD-cycles)\n", mdl_bucket_names[i],
				    total > 0 ? 100.0 * (double)r->wmma_gap[i] / total : 0.0,
				    (unsigned long long)r->wmma_gap[i]);
	}
}

/* The members of a result's object, without its braces: a prediction's
 * document has the same ones first. */
static void result_members(struct out *b, const struct mdl_result *r, const struct mdl_consts *c, double flops,
			   double bytes)
{
	put(b, "\"cycles\": %llu, \"seconds\": %.9g, \"clock_mhz\": %.0f, \"workgroups\": %llu, \"waves\": %llu, "
	       "\"cus\": %u, \"simds\": %u",
	    (unsigned long long)r->cycles, r->seconds, c->clock_mhz, (unsigned long long)r->workgroups,
	    (unsigned long long)r->waves, r->cus_used, r->simds);
	if (flops > 0 && r->seconds > 0)
		put(b, ", \"flops\": %.17g, \"gflops\": %.3f", flops, flops / r->seconds * 1e-9);
	if (bytes > 0 && r->seconds > 0)
		put(b, ", \"bytes\": %.17g, \"gbytes_per_s\": %.3f", bytes, bytes / r->seconds * 1e-9);
	put(b, ", \"breakdown\": {");
	for (unsigned i = 0; i < MDL_B_N; i++)
		put(b, "%s\"%s\": %llu", i ? ", " : "", mdl_bucket_names[i], (unsigned long long)r->bucket[i]);
	put(b, "}");
	if (r->wmma_ops) {
		put(b, ", \"wmma\": {\"ops\": %llu, \"busy\": %llu, \"idle\": {", (unsigned long long)r->wmma_ops,
		    (unsigned long long)r->wmma_busy);
		for (unsigned i = 0; i < MDL_B_N; i++)
			put(b, "%s\"%s\": %llu", i ? ", " : "", mdl_bucket_names[i], (unsigned long long)r->wmma_gap[i]);
		put(b, "}}");
	}
	if (r->f64_ops)
		put(b, ", \"f64_ops\": %llu", (unsigned long long)r->f64_ops);
}

void mdl_format_json(const struct mdl_result *r, const struct mdl_consts *c, double flops, double bytes, char *buf,
		     size_t n)
{
	struct out b = { buf, n, 0 };
	if (n)
		buf[0] = 0;
	put(&b, "{");
	result_members(&b, r, c, flops, bytes);
	put(&b, "}\n");
}

/* The figures a prediction is drawn with (model.h says what they are). */
double mdl_predict_dram_bytes(const struct mdl_prediction *p)
{
	const struct md_plan *pl = &p->plan;
	double sim_cus = (double)pl->nsample * (pl->wgp_mode ? 2 : 1);
	double bytes = (double)p->mem.bytes_dram;
	if (pl->extrapolate > 1) {
		/* As the time (predict.c): the first round once, the later
		 * simulated rounds (MD_MAX_ROUNDS - 1 of them) standing for the
		 * unit's other rounds.  Scaled whole, the first round's bytes
		 * counted once per stratum: a stencil over 64 planes, whose first
		 * round is the boundary plane that loads nothing, came out with
		 * 11 % fewer DRAM bytes sampled than in full. */
		double first = (double)p->mem.bytes_dram_first, S = MD_MAX_ROUNDS;
		bytes = first + (bytes - first) * (pl->extrapolate * S - 1) / (S - 1);
	}
	return bytes * (sim_cus > 0 ? pl->active_cus / sim_cus : 1);
}

void mdl_roofs(const struct mdl_consts *c, struct mdl_roofs *r)
{
	double ghz = c->clock_mhz / 1000;
	r->peak_gflops = c->cus * c->flops_per_cu_cycle * ghz;
	r->dram_gbs = mdl_dram_gbs(c);
	r->mall_gbs = c->bw_mall;
	r->l2_gbs = c->bw_l2 * ghz;
	/* a 16x16x16 WMMA is 2 x 16^3 flops, and each SIMD starts one every wmma_issue cycles */
	r->wmma_gflops = c->wmma_issue > 0 ? c->cus * c->simds_per_cu * ghz * 2 * 16 * 16 * 16 / c->wmma_issue : 0;
	r->fp64_gflops = c->cus * c->fp64_flops_per_cu_cycle * ghz;
}

const char *const mdl_math_names[MDL_MATH_N] = { "FP32", "WMMA", "FP64" };

enum mdl_math mdl_result_math(const struct mdl_result *r)
{
	return r->wmma_ops ? MDL_MATH_WMMA : r->f64_ops ? MDL_MATH_FP64 : MDL_MATH_FP32;
}

/* The dispatch plan, where the memory lines came from, the DRAM bytes and the roofs. */
static void plan_object(struct out *b, const struct mdl_prediction *p)
{
	const struct md_plan *pl = &p->plan;
	const struct mm_stats *s = &p->mem;
	struct mdl_roofs rf;
	mdl_roofs(&p->c, &rf);
	put(b, "{\"workgroups\": %llu, \"unit\": \"%s\", \"units_active\": %u, \"workgroups_per_unit\": %u, "
	       "\"waves_per_simd\": %u, \"occupancy_limit\": \"%s\", \"units_simulated\": %u, \"full\": %s, ",
	    (unsigned long long)pl->nwg, pl->wgp_mode ? "WGP" : "CU", pl->active_units, pl->wg_per_unit,
	    pl->waves_per_simd, pl->limit, pl->nsample, pl->full ? "true" : "false");
	put(b, "\"lines\": {\"L0\": %llu, \"L1\": %llu, \"L2\": %llu, \"MALL\": %llu, \"DRAM\": %llu}, ",
	    (unsigned long long)s->lines[MM_L0], (unsigned long long)s->lines[MM_L1],
	    (unsigned long long)s->lines[MM_L2], (unsigned long long)s->lines[MM_MALL],
	    (unsigned long long)s->lines[MM_DRAM]);
	put(b, "\"dram_bytes_simulated\": %llu, \"extrapolated_by\": %.3f, \"dram_bytes\": %.17g, ",
	    (unsigned long long)s->bytes_dram, pl->extrapolate > 1 ? pl->extrapolate : 1.0, mdl_predict_dram_bytes(p));
	put(b, "\"roofs\": {\"peak_gflops\": %.3f, \"dram_gbs\": %.3f, \"mall_gbs\": %.3f, \"l2_gbs\": %.3f, "
	       "\"wmma_gflops\": %.3f, \"fp64_gflops\": %.3f, \"math\": \"%s\"",
	    rf.peak_gflops, rf.dram_gbs, rf.mall_gbs, rf.l2_gbs, rf.wmma_gflops, rf.fp64_gflops,
	    mdl_math_names[mdl_result_math(&p->r)]);
	if (p->c.device) /* the card of the roofs, and its memory (model/devices.def) */
		put(b, ", \"device\": \"%s\", \"dram\": \"%s\"", p->c.device->display, p->c.device->mem);
	put(b, "}, ");
	put(b, "\"shared_l1\": %.4f, \"shared_l2\": %.4f}", p->share.p_l1, p->share.p_l2);
}

void mdl_predict_format_json(const struct mdl_prediction *p, double flops, double bytes, char *buf, size_t n)
{
	struct out b = { buf, n, 0 };
	if (n)
		buf[0] = 0;
	put(&b, "{");
	result_members(&b, &p->r, &p->c, flops, bytes);
	put(&b, ", \"plan\": ");
	plan_object(&b, p);
	put(&b, "}\n");
}

void mdl_predict_format_text(const struct mdl_prediction *p, char *buf, size_t n)
{
	const struct md_plan *pl = &p->plan;
	const struct mm_stats *s = &p->mem;
	struct out b = { buf, n, 0 };
	if (n)
		buf[0] = 0;
	char xtra[96];
	snprintf(xtra, sizeof xtra, ", %llu workgroups each, time scaled by %.2f", (unsigned long long)pl->sim_wgs,
		 pl->extrapolate);
	put(&b, "model: dispatch: %llu workgroups over %u %ss, %u resident per %s (%u waves/SIMD, limited by %s); "
		"%s %u of them%s\n",
	    (unsigned long long)pl->nwg, pl->active_units, pl->wgp_mode ? "WGP" : "CU", pl->wg_per_unit,
	    pl->wgp_mode ? "WGP" : "CU", pl->waves_per_simd, pl->limit, pl->full ? "simulated all" : "simulated",
	    pl->nsample, pl->extrapolate > 1 ? xtra : "");
	uint64_t lines = 0;
	for (int i = 0; i < MM_NLEVELS; i++)
		lines += s->lines[i];
	double pct[MM_NLEVELS];
	for (int i = 0; i < MM_NLEVELS; i++)
		pct[i] = lines ? 100.0 * (double)s->lines[i] / (double)lines : 0;
	put(&b, "model: memory lines served: L0 %.1f %%, L1 %.1f %%, L2 %.1f %%, Infinity Cache %.1f %%, DRAM %.1f %%",
	    pct[MM_L0], pct[MM_L1], pct[MM_L2], pct[MM_MALL], pct[MM_DRAM]);
	if (p->share.touches > 0)
		put(&b, " (sampled; a missed line came from another CU: L1 %.1f %%, L2 %.1f %%; from the previous round %.1f %%)",
		    100 * p->share.p_l1, 100 * p->share.p_l2, 100 * p->share.p_prev);
	put(&b, "\n");
	if (p->dram_roof_cycles > 0)
		put(&b, "model: DRAM roof: %.1f MB at %.0f GB/s take %.1f us%s\n", mdl_predict_dram_bytes(p) / 1e6,
		    mdl_dram_gbs(&p->c), (double)p->dram_roof_cycles / p->c.clock_mhz,
		    p->dram_bound ? "; longer than the simulation ran, so the kernel's time is the roof's" : "");
}
