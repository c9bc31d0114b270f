/* roofline.c — pictures of a timing-model prediction for the HTML pages
 * (`rdna3gen report --model`, `rdna3run --model-html`): a roofline (arithmetic
 * intensity against achieved FLOP/s under the compute and memory roofs of the
 * RX 7900 XTX, as the model's constants give them) and the cycle breakdown as
 * one stacked bar.  Plain SVG text, no script, so a page stays one offline file.
 */
#include "report/report.h"

#include <math.h>

/* The plot: log10 axes, intensity 2^-4 .. 2^10 flop/byte, 10 .. 10^5 GFLOP/s. */
enum { W = 560, H = 360, L = 60, R = 20, T = 20, B = 44 };
static const double X0 = -1.2041199826559248, X1 = 3.010299956639812; /* log10(1/16), log10(1024) */
static const double Y0 = 1, Y1 = 5;

static double px(double ai) { return L + (log10(ai) - X0) / (X1 - X0) * (W - L - R); }
static double py(double gf) { return H - B - (log10(gf) - Y0) / (Y1 - Y0) * (H - T - B); }

static void roof(struct ao_text *t, double gbs, double peak, const char *name, const char *style, double at)
{
	/* bandwidth line up to the ridge, where it meets the compute roof */
	double a0 = pow(10, X0), ridge = peak / gbs, a1 = ridge < pow(10, X1) ? ridge : pow(10, X1);
	double g0 = gbs * a0 < pow(10, Y0) ? pow(10, Y0) : gbs * a0;
	a0 = g0 / gbs;
	ao_textf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n", px(a0), py(g0), px(a1), py(gbs * a1),
		 style);
	ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" transform=\"rotate(-33 %.1f %.1f)\">%s %.0f GB/s</text>\n",
		 px(a0 * at), py(gbs * a0 * at) - 4, px(a0 * at), py(gbs * a0 * at) - 4, name, gbs);
}

void rp_roofline_svg(struct ao_text *t, const struct rp_roofs *rf, const struct rp_roof_point *p, unsigned n)
{
	double peak = rf->peak_gflops, l2 = rf->l2_gbs;
	ao_textf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\">\n", W,
		 H);
	ao_textf(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n", L, T, W - L - R,
		 H - T - B);
	for (int e = -4; e <= 10; e += 2) { /* x ticks: powers of two */
		double x = px(pow(2, e));
		ao_textf(t, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">%g</text>\n", x, H - B + 14,
			 pow(2, e));
	}
	for (int e = 1; e <= 5; e++)
		ao_textf(t, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%g</text>\n", L - 4, py(pow(10, e)) + 3,
			 pow(10, e));
	ao_textf(t, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">arithmetic intensity (FLOP per DRAM byte)</text>\n",
		 (W + L) / 2, H - 8);
	ao_textf(t, "<text x=\"14\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">GFLOP/s</text>\n",
		 H / 2, H / 2);
	ao_textf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" stroke-width=\"2\"/>\n",
		 px(peak / rf->dram_gbs), py(peak), px(pow(10, X1)), py(peak));
	ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">FP32 peak %.1f TFLOP/s (dual issue)</text>\n",
		 px(pow(10, X1)) - 4, py(peak) - 4, peak / 1000);
	ao_textf(t, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#c00\" stroke-dasharray=\"4 3\"/>\n",
		 px(peak / 2 / rf->dram_gbs), py(peak / 2), px(pow(10, X1)), py(peak / 2));
	ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%.1f TFLOP/s without v_dual</text>\n",
		 px(pow(10, X1)) - 4, py(peak / 2) + 12, peak / 2000);
	roof(t, rf->dram_gbs, peak, "GDDR6", "stroke=\"#06c\" stroke-width=\"2\"", 2.2);
	roof(t, rf->mall_gbs, peak, "Infinity Cache", "stroke=\"#06c\" stroke-dasharray=\"4 3\"", 2.2);
	roof(t, l2, peak, "L2", "stroke=\"#0a6\" stroke-dasharray=\"2 2\"", 60);
	for (unsigned i = 0; i < n; i++) {
		if (!(p[i].flops > 0 && p[i].bytes > 0 && p[i].seconds > 0))
			continue;
		double ai = p[i].flops / p[i].bytes, gf = p[i].flops / p[i].seconds * 1e-9;
		double x = px(ai), y = py(gf);
		ao_textf(t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#e80\"><title>%s: %.1f FLOP/byte, %.0f GFLOP/s</title></circle>\n",
			 x, y, p[i].label, ai, gf);
		ao_textf(t, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\">%s</text>\n", x + 6, y + 4, p[i].label);
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
