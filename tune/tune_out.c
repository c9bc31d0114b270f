/* tune_out.c — the files rdna3gen tune writes: the winner as a --config YAML
 * file and a code object, every candidate as CSV and JSON, and an HTML page
 * with the search as an SVG scatter plot.  All are computed in memory and
 * written together (ao_write_files): all or none. */
#include "tune/tune.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

unsigned tune_nparams(const struct tpl_template *t)
{
	return t->nparams + TPL_C_COUNT;
}

const char *tune_param_name(const struct tpl_template *t, unsigned idx)
{
	bool common = idx >= t->nparams;
	return tpl_param_at(t, common ? (int)(idx - t->nparams) : (int)idx, common)->name;
}

void tune_param_text(const struct tpl_values *v, unsigned idx, char *buf, size_t n)
{
	const struct tpl_template *t = v->tpl;
	bool common = idx >= t->nparams;
	int i = common ? (int)(idx - t->nparams) : (int)idx;
	tpl_param_value(tpl_param_at(t, i, common), common ? v->c[i] : v->v[i], buf, n);
}

static long raw(const struct tpl_values *v, unsigned idx)
{
	unsigned np = v->tpl->nparams;
	return idx >= np ? v->c[idx - np] : v->v[idx];
}

void tune_winner_yaml(const struct tune_run *r, struct ao_text *t)
{
	const struct tune_cand *w = &r->c[r->winner];
	char shape[96];
	tune_shape_text(r, shape, sizeof shape);
	ao_textf(t, "# rdna3gen tune: the fastest of %u candidates for %s, %.1f %s %s\n"
		    "# use: rdna3gen %s --config winner.yaml -o %s.hsaco\ntemplate: %s\n",
		 r->evaluated, shape, r->hip ? tune_rate(r, &w->v, w->hip_ms * 1e-3) : w->rate, tune_unit(r->t),
		 r->hip ? "measured on the GPU" : "predicted by the model", r->t->name, r->t->name, r->t->name);
	for (unsigned i = 0; i < tune_nparams(r->t); i++) {
		char val[64];
		tune_param_text(&w->v, i, val, sizeof val);
		ao_textf(t, "%s: %s\n", tune_param_name(r->t, i), val);
	}
}

/* CSV fields hold no comma or quote but a reason may: quoted, "" doubled. */
static void csv_str(struct ao_text *t, const char *s)
{
	ao_textf(t, "\"");
	for (; *s; s++)
		ao_textf(t, "%s", *s == '"' ? "\"\"" : (char[2]){ *s, 0 });
	ao_textf(t, "\"");
}

static void json_str(struct ao_text *t, const char *s)
{
	ao_textf(t, "\"");
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			ao_textf(t, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			ao_textf(t, "\\u%04x", (unsigned char)*s);
		else
			ao_textf(t, "%c", *s);
	}
	ao_textf(t, "\"");
}

static void csv_of(const struct tune_run *r, struct ao_text *t)
{
	ao_textf(t, "order,preset");
	for (unsigned i = 0; i < tune_nparams(r->t); i++)
		ao_textf(t, ",%s", tune_param_name(r->t, i));
	ao_textf(t, ",status,correct,vgprs,lds_bytes,waves_per_simd,predicted_ms,%s,depth,sampled_ms,limit,"
		    "occupancy_limit,hip_ms,why\n", tune_rate_column(r->t));
	for (unsigned c = 0; c < r->nc; c++) {
		const struct tune_cand *x = &r->c[c];
		ao_textf(t, "%u,%s", x->order, x->v.preset ? x->v.preset : "");
		for (unsigned i = 0; i < tune_nparams(r->t); i++) {
			char val[64];
			tune_param_text(&x->v, i, val, sizeof val);
			ao_textf(t, ",%s", val);
		}
		bool checked = x->status == TUNE_OK || x->status == TUNE_WRONG || x->status == TUNE_MODEL;
		ao_textf(t, ",%s,%s,%u,%u,%u,", tune_status_names[x->status],
			 !checked ? "" : x->status == TUNE_WRONG ? "no" : "yes", x->vgprs, x->lds, x->occ);
		if (x->status == TUNE_OK)
			ao_textf(t, "%.6f,%.1f,%s,", x->seconds * 1e3, x->rate, x->full ? "full" : "sampled");
		else
			ao_textf(t, ",,,");
		if (x->sampled_seconds > 0)
			ao_textf(t, "%.6f", x->sampled_seconds * 1e3);
		ao_textf(t, ",%s,%s,", x->limit, x->occ_limit);
		if (x->hip_ms > 0)
			ao_textf(t, "%.6f", x->hip_ms);
		ao_textf(t, ",");
		csv_str(t, x->why);
		ao_textf(t, "\n");
	}
}

static void json_of(const struct tune_run *r, struct ao_text *t)
{
	/* m, n, k: the first three sizes (a GEMM's); shape: every dimension of the template's */
	ao_textf(t, "{\"template\": \"%s\", \"m\": %u, \"n\": %u, \"k\": %u, \"shape\": [", r->t->name, r->shape[0],
		 r->shape[1], r->shape[2]);
	for (unsigned i = 0; i < r->t->space->ndims && i < TPL_SHAPE_MAX; i++)
		ao_textf(t, "%s%u", i ? ", " : "", r->shape[i]);
	ao_textf(t, "], \"evaluated\": %u, \"toolchain\": ", r->evaluated);
	json_str(t, r->toolchain ? r->toolchain : "");
	ao_textf(t, ", \"timed_on_gpu\": %s, \"winner\": %u,\n\"candidates\": [\n", r->hip ? "true" : "false",
		 r->c[r->winner].order);
	for (unsigned c = 0; c < r->nc; c++) {
		const struct tune_cand *x = &r->c[c];
		ao_textf(t, "{\"order\": %u, \"preset\": \"%s\", \"params\": {", x->order, x->v.preset ? x->v.preset : "");
		for (unsigned i = 0; i < tune_nparams(r->t); i++) {
			char val[64];
			tune_param_text(&x->v, i, val, sizeof val);
			ao_textf(t, "%s\"%s\": ", i ? ", " : "", tune_param_name(r->t, i));
			json_str(t, val);
		}
		ao_textf(t, "}, \"status\": \"%s\", \"correct\": %s, \"vgprs\": %u, \"lds_bytes\": %u, "
			    "\"waves_per_simd\": %u", tune_status_names[x->status],
			 x->status == TUNE_OK ? "true" : x->status == TUNE_WRONG ? "false" : "null", x->vgprs, x->lds,
			 x->occ);
		if (x->status == TUNE_OK)
			ao_textf(t, ", \"predicted_seconds\": %.9g, \"%s\": %.1f, \"depth\": \"%s\"", x->seconds,
				 tune_rate_column(r->t), x->rate, x->full ? "full" : "sampled");
		if (x->sampled_seconds > 0)
			ao_textf(t, ", \"sampled_seconds\": %.9g", x->sampled_seconds);
		if (x->hip_ms > 0)
			ao_textf(t, ", \"hip_ms\": %.6f", x->hip_ms);
		ao_textf(t, ", \"limit\": ");
		json_str(t, x->limit);
		ao_textf(t, ", \"occupancy_limit\": ");
		json_str(t, x->occ_limit);
		ao_textf(t, ", \"why\": ");
		json_str(t, x->why);
		ao_textf(t, "}%s\n", c + 1 < r->nc ? "," : "");
	}
	ao_textf(t, "]}\n");
}

/* The parameter that matters most: the largest share of the GFLOP/s variance
 * its values explain (correlation ratio), over the timed candidates. */
static unsigned key_param(const struct tune_run *r)
{
	double mean = 0, tot = 0;
	unsigned n = 0, best = 0;
	for (unsigned c = 0; c < r->nc; c++)
		if (r->c[c].status == TUNE_OK)
			mean += r->c[c].rate, n++;
	if (n < 2)
		return 0;
	mean /= n;
	for (unsigned c = 0; c < r->nc; c++)
		if (r->c[c].status == TUNE_OK)
			tot += (r->c[c].rate - mean) * (r->c[c].rate - mean);
	double best_eta = -1;
	for (unsigned i = 0; i < tune_nparams(r->t); i++) {
		long vals[64];
		double sum[64] = { 0 };
		unsigned cnt[64] = { 0 }, nv = 0;
		for (unsigned c = 0; c < r->nc; c++) {
			if (r->c[c].status != TUNE_OK)
				continue;
			long v = raw(&r->c[c].v, i);
			unsigned j = 0;
			while (j < nv && vals[j] != v)
				j++;
			if (j == nv && nv < 64)
				vals[nv++] = v;
			if (j < nv)
				sum[j] += r->c[c].rate, cnt[j]++;
		}
		double between = 0;
		for (unsigned j = 0; j < nv; j++)
			between += cnt[j] * (sum[j] / cnt[j] - mean) * (sum[j] / cnt[j] - mean);
		double eta = tot > 0 && nv > 1 ? between / tot : 0;
		if (eta > best_eta + 1e-12)
			best_eta = eta, best = i;
	}
	return best;
}

static const char *const palette[] = { "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
				       "#e377c2", "#7f7f7f" };

static void html_of(const struct tune_run *r, struct ao_text *t)
{
	unsigned kp = key_param(r);
	long vals[8];
	unsigned nv = 0;
	double top = 1;
	for (unsigned c = 0; c < r->nc; c++) {
		const struct tune_cand *x = &r->c[c];
		if (x->status != TUNE_OK)
			continue;
		top = fmax(top, x->rate);
		long v = raw(&x->v, kp);
		unsigned j = 0;
		while (j < nv && vals[j] != v)
			j++;
		if (j == nv && nv < 8)
			vals[nv++] = v;
	}
	const struct tune_cand *w = &r->c[r->winner];
	char shape[96];
	tune_shape_text(r, shape, sizeof shape);
	ao_textf(t, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rdna3gen tune</title>\n"
		    "<style>body{font-family:sans-serif;margin:1em 2em}td,th{padding:0 .6em;text-align:left}</style>"
		    "</head><body>\n<h1>Search for %s at %s</h1>\n<p>%u candidates looked at, %u evaluated; "
		    "winner #%u at %.1f %s (%s). Each dot is one correct candidate, in the order the search "
		    "evaluated it; colour: <b>%s</b>, the parameter that explains most of the spread.</p>\n",
		 r->t->name, shape, r->nc, r->evaluated, w->order, w->rate, tune_unit(r->t),
		 r->hip ? "timed on the GPU" : "predicted by the timing model", tune_param_name(r->t, kp));
	const double W = 760, H = 360, L = 60, B = 30;
	ao_textf(t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-size=\"11\">\n"
		    "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>"
		    "<line x1=\"%.0f\" y1=\"10\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>\n",
		 W + L + 20, H + B + 20, L, H + 10, L + W, H + 10, L, L, H + 10);
	for (int g = 0; g <= 4; g++) {
		double y = H + 10 - H * g / 4.0;
		ao_textf(t, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"end\">%.0f</text>", L - 4, y + 4, top * g / 4);
	}
	ao_textf(t, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">candidate (evaluation order) → ; "
		    "predicted %s ↑</text>\n", L + W / 2, H + B + 10, tune_unit(r->t));
	unsigned last = r->nc ? r->c[r->nc - 1].order + 1 : 1;
	for (unsigned c = 0; c < r->nc; c++) {
		const struct tune_cand *x = &r->c[c];
		if (x->status != TUNE_OK)
			continue;
		long v = raw(&x->v, kp);
		unsigned j = 0;
		while (j < nv && vals[j] != v)
			j++;
		char val[64];
		tune_param_text(&x->v, kp, val, sizeof val);
		ao_textf(t, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"%s><title>#%u %s=%s %.0f %s</title>"
			    "</circle>\n", L + W * (x->order + 0.5) / last, H + 10 - H * x->rate / top,
			 x == w ? "6" : "3", palette[j % 8], x == w ? " stroke=\"black\"" : "", x->order,
			 tune_param_name(r->t, kp), val, x->rate, tune_unit(r->t));
	}
	ao_textf(t, "</svg>\n<p>");
	for (unsigned j = 0; j < nv; j++) {
		char val[64];
		const struct tpl_param *p = NULL;
		bool common = kp >= r->t->nparams;
		p = tpl_param_at(r->t, common ? (int)(kp - r->t->nparams) : (int)kp, common);
		tpl_param_value(p, vals[j], val, sizeof val);
		ao_textf(t, "<span style=\"color:%s\">●</span> %s=%s &nbsp; ", palette[j], tune_param_name(r->t, kp), val);
	}
	unsigned count[TUNE_NSTATUS] = { 0 };
	for (unsigned c = 0; c < r->nc; c++)
		count[r->c[c].status]++;
	ao_textf(t, "</p>\n<table><tr><th>status</th><th>candidates</th></tr>\n");
	for (unsigned s = 0; s < TUNE_NSTATUS; s++)
		if (count[s])
			ao_textf(t, "<tr><td>%s</td><td>%u</td></tr>\n", tune_status_names[s], count[s]);
	ao_textf(t, "</table>\n<p>Every candidate: candidates.csv, candidates.json. The winner: winner.yaml, "
		    "winner.hsaco.</p>\n</body></html>\n");
}

int tune_write_outputs(const struct tune_run *r, const char *dir, const void *hsaco, size_t hsaco_len, char *err,
		       size_t errlen)
{
	struct ao_text txt[4] = { { 0 } };
	tune_winner_yaml(r, &txt[0]);
	csv_of(r, &txt[1]);
	json_of(r, &txt[2]);
	html_of(r, &txt[3]);
	static const char *const names[] = { "winner.yaml", "candidates.csv", "candidates.json", "search.html" };
	char paths[5][1100];
	struct ao_output files[5];
	bool oom = false;
	for (unsigned i = 0; i < 4; i++) {
		oom |= txt[i].oom;
		snprintf(paths[i], sizeof paths[i], "%s/%s", dir, names[i]);
		files[i] = (struct ao_output){ paths[i], txt[i].p, txt[i].len };
	}
	snprintf(paths[4], sizeof paths[4], "%s/winner.hsaco", dir);
	files[4] = (struct ao_output){ paths[4], hsaco, hsaco_len };
	int rc = -1;
	bool made = false;
	if (oom) {
		snprintf(err, errlen, "out of memory");
	} else if (!(made = mkdir(dir, 0777) == 0) && errno != EEXIST) {
		snprintf(err, errlen, "-o %s: %s", dir, strerror(errno));
	} else {
		rc = ao_write_files(files, 5, err, errlen);
		if (rc && made)
			rmdir(dir);
	}
	for (unsigned i = 0; i < 4; i++)
		free(txt[i].p);
	return rc ? -1 : 0;
}
