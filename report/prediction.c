/* prediction.c — a timing-model prediction beside the register-bank report:
 * read from the JSON `rdna3run --model --model-format json` prints (the
 * report does not run kernels; the model does, on the emulator), and drawn as
 * an HTML section: the figures, the roofline and the cycle breakdown bar
 * (report/roofline.c).  The reader looks up the keys it needs in the text, so
 * other lines around the JSON objects (a GEMM check's output) do no harm.
 */
#include "report/report.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The number after "key": (first occurrence), or -1 when absent or not a number. */
static double number(const char *text, const char *key)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\": ", key);
	const char *p = strstr(text, pat);
	if (!p)
		return -1;
	char *end;
	double v = strtod(p + strlen(pat), &end);
	return end == p + strlen(pat) ? -1 : v;
}

/* "math": "WMMA" or "FP64" (the model's mdl_math_names); FP32 when absent. */
static enum rp_math math_of(const char *text)
{
	const char *s = strstr(text, "\"math\": \"");
	if (!s)
		return RP_MATH_FP32;
	s += strlen("\"math\": \"");
	return !strncmp(s, "WMMA\"", 5) ? RP_MATH_WMMA : !strncmp(s, "FP64\"", 5) ? RP_MATH_FP64 : RP_MATH_FP32;
}

/* "KEY": "TEXT" into buf (quotes and backslashes not expected; "" when absent or too long). */
static void string_of(const char *text, const char *key, char *buf, size_t n)
{
	char pat[64];
	snprintf(pat, sizeof pat, "\"%s\": \"", key);
	const char *s = strstr(text, pat), *q = s ? strchr(s + strlen(pat), '"') : NULL;
	buf[0] = 0;
	if (q && (size_t)(q - s - strlen(pat)) < n)
		snprintf(buf, n, "%.*s", (int)(q - s - strlen(pat)), s + strlen(pat));
}

/* "breakdown": {"NAME": N, ...}: the parts in order. */
static int breakdown(const char *text, struct rp_prediction *p)
{
	const char *s = strstr(text, "\"breakdown\": {");
	if (!s)
		return -1;
	s += strlen("\"breakdown\": {");
	while (*s == ' ')
		s++;
	while (*s == '"' && p->nparts < RP_MAX_PARTS) {
		const char *q = strchr(s + 1, '"');
		if (!q || (size_t)(q - s - 1) >= sizeof p->part[0] || strncmp(q, "\": ", 3))
			return -1;
		memcpy(p->part[p->nparts], s + 1, (size_t)(q - s - 1));
		p->part[p->nparts][q - s - 1] = 0;
		char *end;
		double v = strtod(q + 3, &end);
		if (end == q + 3 || v < 0)
			return -1;
		p->part_cycles[p->nparts++] = v;
		s = end;
		if (*s == ',')
			s++;
		while (*s == ' ')
			s++;
	}
	return *s == '}' && p->nparts ? 0 : -1;
}

int rp_prediction_read(const char *path, struct rp_prediction *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return RP_E_INPUT;
	}
	char *text = malloc(VC_TEXT_FILE_MAX + 1);
	size_t n = text ? fread(text, 1, VC_TEXT_FILE_MAX + 1, f) : 0;
	fclose(f);
	if (!text || n > VC_TEXT_FILE_MAX) {
		free(text);
		snprintf(err, errlen, "%s: %s", path, text ? "larger than 1 MiB: not a prediction" : "out of memory");
		return RP_E_INPUT;
	}
	text[n] = 0;
	static const char *const need[] = { "seconds", "cycles", "clock_mhz", "dram_bytes", "peak_gflops", "dram_gbs",
					    "mall_gbs", "l2_gbs" };
	double v[8];
	const char *missing = NULL;
	for (unsigned i = 0; i < 8 && !missing; i++)
		if (!((v[i] = number(text, need[i])) >= 0))
			missing = need[i];
	if (!missing && breakdown(text, p))
		missing = "breakdown";
	if (!missing && !(v[0] > 0 && v[4] > 0 && v[5] > 0))
		missing = "a positive time and roofs";
	double flops = number(text, "flops"), wmma = number(text, "wmma_gflops"), fp64 = number(text, "fp64_gflops");
	enum rp_math math = math_of(text);
	const char *wm = strstr(text, "\"wmma\": {"); /* the WMMA pipe: only a WMMA kernel's result has it */
	double wmma_ops = wm ? number(wm, "ops") : 0, wmma_busy = wm ? number(wm, "busy") : 0;
	if ((math == RP_MATH_WMMA && !(wmma > 0)) || (math == RP_MATH_FP64 && !(fp64 > 0)))
		math = RP_MATH_FP32; /* no such roof in the file: nothing to draw the kernel under */
	char dram[sizeof p->roofs.dram];
	string_of(text, "dram", dram, sizeof dram); /* the card's memory (model/devices.def), when given */
	string_of(text, "device", p->device, sizeof p->device);
	free(text);
	if (missing) {
		snprintf(err, errlen, "%s: not a prediction of `rdna3run --model --model-format json` (no %s)", path,
			 missing);
		return RP_E_INPUT;
	}
	p->seconds = v[0];
	p->cycles = v[1];
	p->clock_mhz = v[2];
	p->dram_bytes = v[3];
	/* a prediction printed before the WMMA and FP64 roofs is drawn under FP32 */
	p->roofs = (struct rp_roofs){ v[4], v[5], v[6], v[7], wmma > 0 ? wmma : 0, fp64 > 0 ? fp64 : 0, math, "" };
	memcpy(p->roofs.dram, dram, sizeof dram);
	p->flops = flops > 0 ? flops : 0;
	p->wmma_ops = wmma_ops > 0 ? wmma_ops : 0;
	p->wmma_busy = wmma_busy > 0 ? wmma_busy : 0;
	return 0;
}

void rp_prediction_html(struct ao_text *t, const struct rp_prediction *p)
{
	ao_textf(t, "<h2 id=\"prediction\">Predicted %s%s (timing model)</h2>\n<p>%.4g ms (%.0f cycles at %.0f MHz)",
		 p->device[0] ? "for the " : "", p->device, p->seconds * 1e3, p->cycles, p->clock_mhz);
	if (p->flops > 0)
		ao_textf(t, ", <span id=\"pred-gflops\">%.1f</span> GFLOP/s, %.3g FLOP per DRAM byte",
			 p->flops / p->seconds * 1e-9, p->dram_bytes > 0 ? p->flops / p->dram_bytes : 0);
	ao_textf(t, ".</p>\n");
	if (p->flops > 0 && p->dram_bytes > 0) {
		static const char *const peak[] = {
			[RP_MATH_FP32] = "the FP32 peak",
			[RP_MATH_WMMA] = "the WMMA f16/bf16 peak (the kernel executes v_wmma_*; the FP32 peak dashed)",
			[RP_MATH_FP64] = "the FP64 peak (the kernel executes v_*_f64; the FP32 peak dashed)",
		};
		struct rp_roof_point pt = { "this kernel", p->flops, p->dram_bytes, p->seconds };
		ao_textf(t, "<h3>Roofline</h3>\n<p>Arithmetic intensity over the modelled DRAM traffic (%.3g bytes), "
			    "achieved FLOP/s against %s and the memory roofs of the model's constants.</p>\n"
			    "<div id=\"roofline\">",
			 p->dram_bytes, peak[p->roofs.math]);
		rp_roofline_svg(t, &p->roofs, &pt, 1);
		ao_textf(t, "</div>\n");
	}
	const char *names[RP_MAX_PARTS];
	for (unsigned i = 0; i < p->nparts; i++)
		names[i] = p->part[i];
	ao_textf(t, "<h3>Where the SIMD cycles went</h3>\n<div id=\"breakdown\">");
	rp_breakdown_svg(t, names, p->part_cycles, p->nparts);
	ao_textf(t, "</div>\n");
	if (p->wmma_ops > 0) {
		double total = 0;
		for (unsigned i = 0; i < p->nparts; i++)
			total += p->part_cycles[i];
		ao_textf(t, "<p>The WMMA pipe runs each v_wmma_* while its SIMD issues other instructions or waits, so "
			    "its busy cycles overlap the buckets above (they add up to every SIMD-cycle) and get a bar of "
			    "their own.</p>\n<div id=\"wmma-pipe\">");
		rp_pipe_bar_svg(t, "WMMA pipe busy", p->wmma_busy, total, p->wmma_ops);
		ao_textf(t, "</div>\n");
	}
}
