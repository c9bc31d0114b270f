/* roofline.c — pictures of a timing-model prediction for the HTML pages
 * (`rdna3gen report --model`, `rdna3run --model-html`): a roofline (arithmetic
 * intensity against achieved FLOP/s under the compute and memory roofs of the
 * RX 7900 XTX, as the model's constants give them) and the cycle breakdown as
 * one stacked bar.  Plain SVG text, no script, so a page stays one offline file.
 */
#include "report/report.h"

#include <math.h>
#include <string.h>

/* The plot: log10 axes, at least intensity 2^-4 .. 2^10 flop/byte and 10 ..
 * 10^5 GFLOP/s, widened so every roof and point is inside. */
enum { W = 560, H = 360, L = 60, R = 20, T = 20, B = 44 };
struct axes {
	double x0, x1, y0, y1; /* log10 of the ends: intensity, GFLOP/s */
};

static double px(const struct axes *a, double ai) { return L + (log10(ai) - a->x0) / (a->x1 - a->x0) * (W - L - R); }
static double py(const struct axes *a, double gf)
{
	return H - B - (log10(gf) - a->y0) / (a->y1 - a->y0) * (H - T - B);
}

/* A compute roof: its height and its label around the peak in TFLOP/s. */
struct peak {
	double gflops;
	const char *before, *after;
};

/* The kernel's compute roof first (solid), then one beside it (dashed): half
 * the FP32 peak for an FP32 kernel (no dual issue), the FP32 peak for a WMMA
 * or FP64 kernel, whose other math runs on the VALU. */
static void peaks(const struct rp_roofs *rf, struct peak pk[2])
{
	struct peak fp32 = { rf->peak_gflops, "FP32 peak ", " TFLOP/s (dual issue)" };
	if (rf->math == RP_MATH_WMMA && rf->wmma_gflops > 0) {
		pk[0] = (struct peak){ rf->wmma_gflops, "WMMA f16/bf16 peak ", " TFLOP/s" };
		pk[1] = fp32;
	} else if (rf->math == RP_MATH_FP64 && rf->fp64_gflops > 0) {
		pk[0] = (struct peak){ rf->fp64_gflops, "FP64 peak ", " TFLOP/s" };
		pk[1] = fp32;
	} else {
		pk[0] = fp32;
		pk[1] = (struct peak){ rf->peak_gflops / 2, "", " TFLOP/s without v_dual" };
	}
}

/* Intensity and GFLOP/s of a point, or false when it cannot be drawn. */
static bool point_at(const struct rp_roof_point *p, double *ai, double *gf)
{
	if (!(p->flops > 0 && p->bytes > 0 && p->seconds > 0))
		return false;
	*ai = p->flops / p->bytes, *gf = p->flops / p->seconds * 1e-9;
	return true;
}

/* Room above the highest roof or point for its label, and around a point for its dot. */
static struct axes axes_for(const struct peak pk[2], const struct rp_roof_point *p, unsigned n)
{
	struct axes a = { log10(1.0 / 16), log10(1024), 1, 5 };
	for (unsigned i = 0; i < 2; i++)
		if (pk[i].gflops > 0)
			a.y1 = fmax(a.y1, log10(pk[i].gflops) + 0.2);
	for (unsigned i = 0; i < n; i++) {
		double ai, gf;
		if (!point_at(&p[i], &ai, &gf))
			continue;
		a.x0 = fmin(a.x0, log10(ai) - 0.15), a.x1 = fmax(a.x1, log10(ai) + 0.15);
		a.y0 = fmin(a.y0, log10(gf) - 0.15), a.y1 = fmax(a.y1, log10(gf) + 0.1);
	}
	return a;
}

/* A bandwidth roof from the plot's left or bottom edge up to the ridge where
 * it meets the kernel's compute roof, labelled along it at the fraction at of
 * its length (log scale), turned to the line's slope on the page. */
static void roof(struct ao_text *t, const struct axes *ax, double gbs, double peak, const char *name,
		 const char *style, double at)
{
	double a0 = pow(10, ax->x0), ridge = peak / gbs, a1 = fmin(ridge, pow(10, ax->x1));
	double g0 = fmax(gbs * a0, pow(10, ax->y0));
	a0 = g0 / gbs;
	if (!(a1 > a0))
		return;
	ao_textf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n", px(ax, a0), py(ax, g0), px(ax, a1),
		 py(ax, gbs * a1), style);
	double al = a0 * pow(a1 / a0, at), x = px(ax, al), y = py(ax, gbs * al) - 4;
	double deg = atan2(py(ax, 1) - py(ax, 10), px(ax, 10) - px(ax, 1)) * 180 / 3.14159265358979;
	ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" transform=\"rotate(%.0f %.1f %.1f)\">%s %.0f GB/s</text>\n",
		 x, y, -deg, x, y, name, gbs);
}

/* A compute roof from its ridge with DRAM to the right edge, labelled above
 * it (below it for the second, which may lie close under the first). */
static void compute_roof(struct ao_text *t, const struct axes *ax, const struct peak *pk, double dram_gbs,
			 bool second)
{
	double right = pow(10, ax->x1), tf = pk->gflops / 1000;
	ao_textf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" %s/>\n",
		 px(ax, fmax(pk->gflops / dram_gbs, pow(10, ax->x0))), py(ax, pk->gflops), px(ax, right),
		 py(ax, pk->gflops), second ? "stroke-dasharray=\"4 3\"" : "stroke-width=\"2\"");
	ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%s%.*f%s</text>\n",
		 px(ax, right) - 4, py(ax, pk->gflops) + (second ? 12 : -4), pk->before, tf < 10 ? 2 : 1, tf, pk->after);
}

void rp_roofline_svg(struct ao_text *t, const struct rp_roofs *rf, const struct rp_roof_point *p, unsigned n)
{
	struct peak pk[2];
	peaks(rf, pk);
	struct axes a = axes_for(pk, p, n);
	ao_textf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\">\n", W,
		 H);
	ao_textf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n", L, T, W - L - R,
		 H - T - B);
	double l2 = log10(2);
	for (int e = (int)ceil(a.x0 / l2 / 2) * 2; e <= a.x1 / l2; e += 2) /* x ticks: even powers of two */
		ao_textf(t, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%g</text>\n", px(&a, pow(2, e)),
			 H - B + 14, pow(2, e));
	for (int e = (int)ceil(a.y0); e <= a.y1; e++)
		ao_textf(t, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%g</text>\n", L - 4,
			 py(&a, pow(10, e)) + 3, pow(10, e));
	ao_textf(t, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">arithmetic intensity (FLOP per DRAM byte)</text>\n",
		 (W + L) / 2, H - 8);
	ao_textf(t, "<text x=\"14\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">GFLOP/s</text>\n",
		 H / 2, H / 2);
	compute_roof(t, &a, &pk[0], rf->dram_gbs, false);
	compute_roof(t, &a, &pk[1], rf->dram_gbs, true);
	roof(t, &a, rf->dram_gbs, pk[0].gflops, rf->dram[0] ? rf->dram : "DRAM", "stroke=\"#06c\" stroke-width=\"2\"", 0.15);
	roof(t, &a, rf->mall_gbs, pk[0].gflops, "Infinity Cache", "stroke=\"#06c\" stroke-dasharray=\"4 3\"", 0.15);
	roof(t, &a, rf->l2_gbs, pk[0].gflops, "L2", "stroke=\"#0a6\" stroke-dasharray=\"2 2\"", 0.75);
	for (unsigned i = 0; i < n; i++) {
		double ai, gf;
		if (!point_at(&p[i], &ai, &gf))
			continue;
		double x = px(&a, ai), y = py(&a, gf);
		ao_textf(t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#e80\"><title>%s: %.1f FLOP/byte, %.0f GFLOP/s</title></circle>\n",
			 x, y, p[i].label, ai, gf);
		/* the label on the dot's left when it would run past the plot (6 px a character at
		 * most), and under it there, clear of the peak's label at the right edge */
		bool left = x + 6 + 6.0 * (double)strlen(p[i].label) > W - R;
		ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\"%s>%s</text>\n", left ? x - 6 : x + 6, y + (left ? 14 : 4),
			 left ? " text-anchor=\"end\"" : "", p[i].label);
	}
	ao_textf(t, "</svg>\n");
}

void rp_breakdown_svg(struct ao_text *t, const char *const *names, const double *cycles, unsigned n)
{
	static const char *const color[] = { "#2a7", "#7b4", "#e80", "#c50", "#96c", "#06c", "#39c", "#c00",
					     "#f6a", "#a60", "#777", "#bbb", "#ddd" };
	double total = 0;
	for (unsigned i = 0; i < n; i++)
		total += cycles[i] > 0 ? cycles[i] : 0;
	unsigned shown = 0;
	for (unsigned i = 0; i < n; i++)
		shown += cycles[i] > 0;
	int h = 40 + 16 * (int)shown;
	ao_textf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\">\n", W, h);
	double x = 0;
	unsigned row = 0;
	for (unsigned i = 0; i < n && total > 0; i++) {
		if (!(cycles[i] > 0))
			continue;
		double w = cycles[i] / total * W, pct = 100 * cycles[i] / total;
		const char *col = color[i % (sizeof color / sizeof color[0])];
		ao_textf(t, "<rect x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"24\" fill=\"%s\"><title>%s: %.1f %%</title></rect>\n",
			 x, w, col, names[i], pct);
		ao_textf(t, "<rect x=\"0\" y=\"%u\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"16\" y=\"%u\" font-size=\"11\">%s %.1f %%</text>\n",
			 34 + 16 * row, col, 43 + 16 * row, names[i], pct);
		x += w;
		row++;
	}
	ao_textf(t, "</svg>\n");
}

/* A pipe that runs beside the SIMD's issue (the WMMA pipe): its own bar, busy
 * for busy of total cycles, so it is never read as one of the buckets above. */
void rp_pipe_bar_svg(struct ao_text *t, const char *name, double busy, double total, double ops)
{
	double share = total > 0 && busy > 0 ? fmin(busy / total, 1) : 0;
	ao_textf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"50\" font-family=\"sans-serif\">\n", W);
	ao_textf(t, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"24\" fill=\"#eee\"/>\n", W);
	ao_textf(t, "<rect x=\"0\" y=\"0\" width=\"%.1f\" height=\"24\" fill=\"#639\"><title>%s: %.1f %%</title></rect>\n",
		 share * W, name, 100 * share);
	ao_textf(t, "<rect x=\"0\" y=\"34\" width=\"10\" height=\"10\" fill=\"#639\"/><text x=\"16\" y=\"43\" font-size=\"11\">"
		    "%s %.1f %% (%.0f ops)</text>\n",
		 name, 100 * share, ops);
	ao_textf(t, "</svg>\n");
}
