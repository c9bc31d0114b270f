/* report_render.c — the report as text, json (docs/report.md) or one offline
 * html file with the per-instruction bank grid. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_out/asm_out.h"
#include "report/report_internal.h"

static const char model_text[] =
	"bank = VGPR index mod 4; each bank has one cache entry per operand slot (src0, src1, src2) "
	"holding the VGPR last read through that slot; a read is a hit when the entry holds it "
	"(window 0: entries live until replaced or until their VGPR is written, loads included); "
	"a miss reads the register file; two or more misses in one bank in one instruction are a bank "
	"conflict (misses - 1); two different VGPRs through the same slot of the same bank are a port "
	"conflict; writes cost nothing. Only VALU instructions read through the ports. The loop body is "
	"scored twice back to back and the second pass is reported (steady state). "
	"Model of vgpr_alloc/BANKS.md (the report's own scorer, which the allocator's agrees with); not a measurement: recorded RX 7900 XTX traces show "
	"no cycle lost to same-bank reads, so conflicts are a layout statistic, not cycles (the timing model "
	"charges only what the register file cannot read in time: docs/model.md, \"VGPR reads\"); dual issue "
	"(one slot per VOPD pair) is measured.";

static const char *const slot_name[RA_SLOTS] = { "src0", "src1", "src2" };

static const struct rp_inst *row_inst(const struct rp_report *r, unsigned i)
{
	return &r->insts[r->rows[i].inst];
}

/* ---- text ---------------------------------------------------------------- */
static void text_read(struct ao_text *b, const struct rp_inst *in, const struct rp_bank_score *sc,
		      int h)
{
	for (int s = 0; s < RA_SLOTS; s++) {
		int v = in->acc.read[h][s];
		if (v < 0)
			ao_textf(b, "  -  ");
		else
			ao_textf(b, "  %u%c ", isa_vgpr_bank((unsigned)v), sc->hit_mask[h] & (1u << s) ? '*' : ' ');
	}
}

static void text_write(struct ao_text *b, const struct rp_inst *in, int h)
{
	if (in->acc.write_n[h] == 0 || in->acc.write[h] < 0)
		ao_textf(b, " - ");
	else if (in->acc.write_n[h] == 1)
		ao_textf(b, " %u ", isa_vgpr_bank((unsigned)in->acc.write[h]));
	else
		ao_textf(b, " * ");
}

static void render_text(struct ao_text *b, const struct rp_report *r)
{
	const struct rp_summary *s = &r->sum;
	ao_textf(b, "register-bank report: kernel %s (%s, %s wave32)\n\n", s->kernel, s->source, s->target->name);
	ao_textf(b, "model: %s\n\n", model_text);
	ao_textf(b, "main loop: %s\n\n", r->loop.how);
	ao_textf(b, "resources\n");
	ao_textf(b, "  VGPRs %u (allocated %u), SGPRs %u, LDS %u bytes, %u threads, %s mode\n", s->vgprs,
	    s->occ.vgpr_alloc, s->sgprs, s->lds_bytes, s->block_threads, s->wgp_mode ? "WGP" : "CU");
	ao_textf(b, "  occupancy %u waves per SIMD (VGPR limit %u, LDS/barrier limit %u)\n", s->occ.waves,
	    s->occ.by_vgpr, s->occ.by_lds);
	if (r->pred) {
		const struct rp_prediction *p = r->pred;
		ao_textf(b, "  predicted (timing model) %.4g ms", p->seconds * 1e3);
		if (p->flops > 0)
			ao_textf(b, ", %.1f GFLOP/s", p->flops / p->seconds * 1e-9);
		ao_textf(b, "\n");
	}
	if (!r->loop.found)
		return;
	ao_textf(b, "\nsummary (one loop iteration)\n");
	ao_textf(b, "  FMAs %u, dual-issued %u (%.1f %%), VOPD instructions %u, single FMAs %u\n", s->fmas,
	    s->fmas_dual, s->dual_pct, s->vopd, s->singles);
	ao_textf(b, "  VALU instructions %u, of which without FMA %u\n", s->valu_insts, s->valu_non_fma);
	ao_textf(b, "  VGPR reads %u, bank-cache hits %u, conflicts %u (bank %u, port %u)\n", s->reads, s->hits,
	    s->conflicts, s->bank_conflicts, s->port_conflicts);
	ao_textf(b, "  register-file reads per bank 0/1/2/3: %u / %u / %u / %u\n", s->misses_bank[0],
	    s->misses_bank[1], s->misses_bank[2], s->misses_bank[3]);
	ao_textf(b, "  instructions per iteration %u:", s->insts);
	for (int c = 0; c < RP_CLS_COUNT; c++)
		if (s->by_cls[c])
			ao_textf(b, " %s %u,", rp_cls_name[c], s->by_cls[c]);
	b->len -= b->p && b->p[b->len - 1] == ',';
	if (s->ksteps > 0) {
		double k = s->ksteps;
		ao_textf(b, "\n  per k-step (%.4g k-steps per iteration: .rdna3.kstep_fmas %u): instructions %.4g, "
		            "VALU without FMA %.4g, conflicts %.4g;", k, s->kstep_fmas, s->insts / k, s->valu_non_fma / k,
		    s->conflicts / k);
		for (int c = 0; c < RP_CLS_COUNT; c++)
			if (s->by_cls[c])
				ao_textf(b, " %s %.4g,", rp_cls_name[c], s->by_cls[c] / k);
		b->len -= b->p && b->p[b->len - 1] == ',';
	}
	ao_textf(b, "\n");
	rp_wmma_text(b, r);
	ao_textf(b, "\nper instruction: bank read through src0 src1 src2 of X (or the only op) and of Y "
	            "(* = cache hit), bank written, conflicts\n");
	ao_textf(b, "  offset |  X:s0 s1   s2  |  Y:s0 s1   s2  | wX wY | conf | dual | instruction\n");
	for (unsigned i = 0; i < r->nrows; i++) {
		const struct rp_inst *in = row_inst(r, i);
		const struct rp_bank_score *sc = &r->rows[i].score;
		ao_textf(b, "  %06x |", in->offset);
		text_read(b, in, sc, 0);
		ao_textf(b, "|");
		text_read(b, in, sc, 1);
		ao_textf(b, "|");
		text_write(b, in, 0);
		text_write(b, in, 1);
		ao_textf(b, "| %4u | %-4s | %s", sc->bank_conflicts + sc->port_conflicts,
		    in->dual ? "yes" : in->valu ? "no" : "", in->text);
		if (in->fmas && !in->dual)
			ao_textf(b, "   [single: %s]", in->why[0] ? in->why : "no reason recorded");
		ao_textf(b, "\n");
	}
}

/* ---- json ---------------------------------------------------------------- */
static void json_str(struct ao_text *b, const char *s)
{
	ao_textf(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			ao_textf(b, "\\%c", c);
		else if (c < 0x20)
			ao_textf(b, "\\u%04x", c);
		else
			ao_textf(b, "%c", c);
	}
	ao_textf(b, "\"");
}

static void json_half(struct ao_text *b, const struct rp_inst *in, const struct rp_bank_score *sc, int h)
{
	ao_textf(b, "{");
	for (int s = 0; s < RA_SLOTS; s++) {
		int v = in->acc.read[h][s];
		ao_textf(b, "%s\"%s\": ", s ? ", " : "", slot_name[s]);
		if (v < 0)
			ao_textf(b, "null");
		else
			ao_textf(b, "{\"vgpr\": %d, \"bank\": %u, \"hit\": %s}", v, isa_vgpr_bank((unsigned)v),
			    sc->hit_mask[h] & (1u << s) ? "true" : "false");
	}
	ao_textf(b, ", \"write\": ");
	if (in->acc.write_n[h] == 0 || in->acc.write[h] < 0)
		ao_textf(b, "null");
	else
		ao_textf(b, "{\"vgpr\": %d, \"count\": %u, \"bank\": %u}", in->acc.write[h], in->acc.write_n[h],
		    isa_vgpr_bank((unsigned)in->acc.write[h]));
	ao_textf(b, "}");
}

static void render_json(struct ao_text *b, const struct rp_report *r)
{
	const struct rp_summary *s = &r->sum;
	ao_textf(b, "{\n  \"format\": \"rdna3gen-bank-report\",\n  \"version\": 1,\n  \"kernel\": ");
	json_str(b, s->kernel);
	ao_textf(b, ",\n  \"source\": ");
	json_str(b, s->source);
	ao_textf(b, ",\n  \"model\": {\"name\": \"bank-cache\", \"window\": %u, \"text\": ", rp_model.window);
	json_str(b, model_text);
	ao_textf(b, "},\n  \"resources\": {\"vgprs\": %u, \"vgprs_allocated\": %u, \"sgprs\": %u, "
	            "\"lds_bytes\": %u, \"block_threads\": %u, \"mode\": \"%s\", \"occupancy\": %u, "
	            "\"occupancy_vgpr_limit\": %u, \"occupancy_lds_limit\": %u},\n",
	    s->vgprs, s->occ.vgpr_alloc, s->sgprs, s->lds_bytes, s->block_threads, s->wgp_mode ? "wgp" : "cu",
	    s->occ.waves, s->occ.by_vgpr, s->occ.by_lds);
	const struct rp_loop *L = &r->loop;
	ao_textf(b, "  \"loop\": {\"found\": %s, \"loops\": %u, \"innermost\": %u", L->found ? "true" : "false",
	    L->nloops, L->ninner);
	if (L->found) {
		ao_textf(b, ", \"first_offset\": %u, \"last_offset\": %u, \"left_out\": [",
		    r->insts[L->first].offset, r->insts[L->last].offset);
		for (unsigned k = 0; k < L->nskip; k++)
			ao_textf(b, "%s{\"offset\": %u, \"instructions\": %u}", k ? ", " : "",
			    r->insts[L->skip_lo[k]].offset, L->skip_hi[k] - L->skip_lo[k]);
		if (L->outside)   /* out-of-line blocks of the body, from the first one */
			ao_textf(b, "%s{\"offset\": %u, \"instructions\": %u}", L->nskip ? ", " : "", L->outside_at,
			    L->outside);
		ao_textf(b, "]");
	}
	ao_textf(b, ", \"how\": ");
	json_str(b, L->how);
	ao_textf(b, "},\n  \"summary\": {\"instructions\": %u, \"fmas\": %u, \"fmas_dual\": %u, "
	            "\"dual_pct\": %.2f, \"vopd\": %u, \"singles\": %u, \"valu\": %u, \"valu_non_fma\": %u, "
	            "\"reads\": %u, \"hits\": %u, \"conflicts\": %u, \"bank_conflicts\": %u, "
	            "\"port_conflicts\": %u, \"reads_bank\": [%u, %u, %u, %u], \"misses_bank\": [%u, %u, %u, %u], "
	            "\"by_class\": {",
	    s->insts, s->fmas, s->fmas_dual, s->dual_pct, s->vopd, s->singles, s->valu_insts,
	    s->valu_non_fma, s->reads, s->hits, s->conflicts, s->bank_conflicts, s->port_conflicts,
	    s->reads_bank[0], s->reads_bank[1], s->reads_bank[2], s->reads_bank[3], s->misses_bank[0],
	    s->misses_bank[1], s->misses_bank[2], s->misses_bank[3]);
	for (int c = 0; c < RP_CLS_COUNT; c++)
		ao_textf(b, "%s\"%s\": %u", c ? ", " : "", rp_cls_key[c], s->by_cls[c]);
	ao_textf(b, "}, \"kstep_fmas\": %u, \"ksteps\": %.4f, \"per_kstep\": ", s->kstep_fmas, s->ksteps);
	if (s->ksteps > 0) {
		double k = s->ksteps;
		ao_textf(b, "{\"instructions\": %.4f, \"valu_non_fma\": %.4f, \"conflicts\": %.4f, \"by_class\": {",
		    s->insts / k, s->valu_non_fma / k, s->conflicts / k);
		for (int c = 0; c < RP_CLS_COUNT; c++)
			ao_textf(b, "%s\"%s\": %.4f", c ? ", " : "", rp_cls_key[c], s->by_cls[c] / k);
		ao_textf(b, "}}");
	} else {
		ao_textf(b, "null");
	}
	ao_textf(b, "},\n");
	rp_wmma_json(b, r);
	ao_textf(b, "  \"instructions\": [");
	for (unsigned i = 0; i < r->nrows; i++) {
		const struct rp_inst *in = row_inst(r, i);
		const struct rp_bank_score *sc = &r->rows[i].score;
		ao_textf(b, "%s\n    {\"offset\": %u, \"text\": ", i ? "," : "", in->offset);
		json_str(b, in->text);
		ao_textf(b, ", \"class\": \"%s\", \"fmas\": %u, \"dual\": %s, \"x\": ", rp_cls_key[in->cls], in->fmas,
		    in->dual ? "true" : "false");
		json_half(b, in, sc, 0);
		ao_textf(b, ", \"y\": ");
		if (in->dual)
			json_half(b, in, sc, 1);
		else
			ao_textf(b, "null");
		ao_textf(b, ", \"bank_conflicts\": %u, \"port_conflicts\": %u, \"single_why\": ", sc->bank_conflicts,
		    sc->port_conflicts);
		if (in->fmas && !in->dual)
			json_str(b, in->why);
		else
			ao_textf(b, "null");
		ao_textf(b, "}");
	}
	ao_textf(b, "\n  ]\n}\n");
}

/* ---- html ----------------------------------------------------------------- */
static void html_str(struct ao_text *b, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': ao_textf(b, "&lt;"); break;
		case '>': ao_textf(b, "&gt;"); break;
		case '&': ao_textf(b, "&amp;"); break;
		case '"': ao_textf(b, "&quot;"); break;
		default: ao_textf(b, "%c", *s);
		}
	}
}

static void html_read(struct ao_text *b, const struct rp_inst *in, const struct rp_bank_score *sc, int h,
		      bool present)
{
	for (int s = 0; s < RA_SLOTS; s++) {
		int v = present ? in->acc.read[h][s] : -1;
		if (v < 0) {
			ao_textf(b, "<td class=\"e\"></td>");
			continue;
		}
		bool hit = sc->hit_mask[h] & (1u << s);
		ao_textf(b, "<td class=\"b%u%s\" title=\"v%d bank %u %s\">%s%u</td>", isa_vgpr_bank((unsigned)v),
		    hit ? " hit" : "", v, isa_vgpr_bank((unsigned)v), hit ? "cache hit" : "register file",
		    hit ? "C" : "R", isa_vgpr_bank((unsigned)v));
	}
}

static void html_write(struct ao_text *b, const struct rp_inst *in, int h)
{
	if (in->acc.write_n[h] == 0 || in->acc.write[h] < 0) {
		ao_textf(b, "<td class=\"e\"></td>");
		return;
	}
	unsigned v = (unsigned)in->acc.write[h];
	if (in->acc.write_n[h] == 1)
		ao_textf(b, "<td class=\"b%u w\" title=\"v%u\">W%u</td>", isa_vgpr_bank(v), v, isa_vgpr_bank(v));
	else
		ao_textf(b, "<td class=\"wr\" title=\"v%u..v%u\">W*</td>", v, v + in->acc.write_n[h] - 1);
}

/* The seed's view: per bank, what the instruction does to it: R = a read
 * from the register file, C = a read served by the bank cache, W = a write
 * (one letter each, in slot order, X then Y).  Two R in one cell are a bank
 * conflict. */
static void html_banks(struct ao_text *b, const struct rp_inst *in, const struct rp_bank_score *sc)
{
	char cell[ISA_VGPR_BANKS][16] = { "", "", "", "" };
	for (int h = 0; h < 2; h++)
		for (int s = 0; s < RA_SLOTS; s++) {
			int v = in->acc.read[h][s];
			if (v < 0)
				continue;
			char *c = cell[isa_vgpr_bank((unsigned)v)];
			size_t m = strlen(c);
			if (m + 1 < sizeof cell[0])
				c[m] = sc->hit_mask[h] & (1u << s) ? 'C' : 'R', c[m + 1] = 0;
		}
	for (int h = 0; h < 2; h++) {
		if (!in->acc.write_n[h] || in->acc.write[h] < 0)
			continue;
		for (unsigned k = 0; k < in->acc.write_n[h] && k < ISA_VGPR_BANKS; k++) {
			char *c = cell[isa_vgpr_bank((unsigned)in->acc.write[h] + k)];
			size_t m = strlen(c);
			if (m + 1 < sizeof cell[0])
				c[m] = 'W', c[m + 1] = 0;
		}
	}
	for (int k = 0; k < ISA_VGPR_BANKS; k++) {
		if (!cell[k][0]) {
			ao_textf(b, "<td class=\"e\"></td>");
			continue;
		}
		ao_textf(b, "<td class=\"b%d%s\">%s</td>", k, sc->misses[k] > 1 ? " bc" : "", cell[k]);
	}
}

static void render_html(struct ao_text *b, const struct rp_report *r)
{
	const struct rp_summary *s = &r->sum;
	ao_textf(b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>bank report: ");
	html_str(b, s->kernel);
	ao_textf(b, "</title>\n<style>\n"
	            "body{font-family:sans-serif;margin:16px;color:#222}\n"
	            "table.grid{border-collapse:collapse;font-family:monospace;font-size:12px}\n"
	            "table.grid td,table.grid th{border:1px solid #bbb;padding:1px 4px;text-align:center}\n"
	            "table.grid td.t{text-align:left;white-space:nowrap}\n"
	            ".b0{background:#8fd18f}.b1{background:#8fb8e8}.b2{background:#f0c36e}.b3{background:#e89090}\n"
	            "td.hit{font-weight:bold;outline:2px dashed #333;outline-offset:-3px}\n"
	            "td.w{font-style:italic}td.wr{background:#ccc}td.e{background:#fafafa}\n"
	            "tr.conf td.cf{background:#d22;color:#fff;font-weight:bold}\n"
	            "td.bc{box-shadow:inset 0 0 0 2px #d22}\n"
	            "tr.single td.t{color:#a00}\n"
	            ".legend span{display:inline-block;padding:2px 8px;margin-right:6px;border:1px solid #999}\n"
	            "table.sum td{padding:1px 10px}\n"
	            "</style></head><body>\n<h1>Register-bank report: ");
	html_str(b, s->kernel);
	ao_textf(b, "</h1>\n<p>%s, %s wave32. Main loop: ", s->source, s->target->name);
	html_str(b, r->loop.how);
	ao_textf(b, "</p>\n<p><b>Model.</b> ");
	html_str(b, model_text);
	ao_textf(b, "</p>\n<table class=\"sum\">\n"
	            "<tr><td>VGPRs</td><td>%u (allocated %u)</td><td>SGPRs</td><td>%u</td></tr>\n"
	            "<tr><td>LDS</td><td>%u bytes</td><td>occupancy</td><td>%u waves/SIMD (%u threads, %s mode)</td></tr>\n",
	    s->vgprs, s->occ.vgpr_alloc, s->sgprs, s->lds_bytes, s->occ.waves, s->block_threads,
	    s->wgp_mode ? "WGP" : "CU");
	if (r->loop.found) {
		ao_textf(b, "<tr><td>FMAs</td><td>%u</td><td>dual-issued</td><td id=\"dual\">%.1f %% (%u in %u VOPD)</td></tr>\n"
		            "<tr><td>conflicts</td><td id=\"conflicts\">%u</td><td>cache hits</td><td>%u of %u reads</td></tr>\n"
		            "<tr><td>instructions</td><td>%u per iteration</td><td>VALU without FMA</td><td>%u</td></tr>\n",
		    s->fmas, s->dual_pct, s->fmas_dual, s->vopd, s->conflicts, s->hits, s->reads, s->insts,
		    s->valu_non_fma);
		if (s->ksteps > 0)
			ao_textf(b, "<tr><td>k-steps</td><td>%.4g per iteration</td><td>per k-step</td><td>%.4g "
			            "instructions, %.4g VALU without FMA, %.4g conflicts</td></tr>\n", s->ksteps,
			    s->insts / s->ksteps, s->valu_non_fma / s->ksteps, s->conflicts / s->ksteps);
		rp_wmma_html(b, r);
		ao_textf(b, "<tr><td>by class</td><td colspan=\"3\">");
		for (int c = 0; c < RP_CLS_COUNT; c++)
			if (s->by_cls[c])
				ao_textf(b, "%s %u; ", rp_cls_name[c], s->by_cls[c]);
		ao_textf(b, "</td></tr>\n");
	}
	ao_textf(b, "</table>\n<p class=\"legend\"><span class=\"b0\">bank 0</span><span class=\"b1\">bank 1</span>"
	            "<span class=\"b2\">bank 2</span><span class=\"b3\">bank 3</span>"
	            "R = read from the register file, C (dashed) = bank-cache hit, W = written; "
	            "a red count marks a conflict. Per bank: the reads (R, C) and writes (W) of each bank in "
	            "the instruction, framed in red when two reads miss in it.</p>\n");
	if (r->pred)
		rp_prediction_html(b, r->pred);
	if (!r->loop.found) {
		ao_textf(b, "</body></html>\n");
		return;
	}
	ao_textf(b, "<table class=\"grid\" id=\"bankgrid\">\n<tr><th rowspan=\"2\">#</th><th rowspan=\"2\">offset</th>"
	            "<th colspan=\"3\">X (or single)</th><th colspan=\"3\">Y</th><th colspan=\"2\">dst</th>"
	            "<th colspan=\"4\">per bank</th>"
	            "<th rowspan=\"2\">conflicts</th><th rowspan=\"2\">dual</th><th rowspan=\"2\">instruction</th></tr>\n"
	            "<tr><th>src0</th><th>src1</th><th>src2</th><th>src0</th><th>src1</th><th>src2</th>"
	            "<th>X</th><th>Y</th><th>0</th><th>1</th><th>2</th><th>3</th></tr>\n");
	for (unsigned i = 0; i < r->nrows; i++) {
		const struct rp_inst *in = row_inst(r, i);
		const struct rp_bank_score *sc = &r->rows[i].score;
		unsigned cf = sc->bank_conflicts + sc->port_conflicts;
		bool single = in->fmas && !in->dual;
		ao_textf(b, "<tr class=\"bank-row%s%s\"><td>%u</td><td>%06x</td>", cf ? " conf" : "",
		    single ? " single" : "", i, in->offset);
		html_read(b, in, sc, 0, true);
		html_read(b, in, sc, 1, in->dual);
		html_write(b, in, 0);
		if (in->dual)
			html_write(b, in, 1);
		else
			ao_textf(b, "<td class=\"e\"></td>");
		html_banks(b, in, sc);
		ao_textf(b, "<td class=\"cf\">%s%u</td><td>%s</td><td class=\"t\">", cf ? "" : "", cf,
		    in->dual ? "yes" : in->valu ? "no" : "");
		html_str(b, in->text);
		if (single) {
			ao_textf(b, " [single: ");
			html_str(b, in->why[0] ? in->why : "no reason recorded");
			ao_textf(b, "]");
		}
		ao_textf(b, "</td></tr>\n");
	}
	ao_textf(b, "</table>\n</body></html>\n");
}

int rp_format_parse(const char *name, enum rp_format *f)
{
	if (strcmp(name, "text") == 0)
		*f = RP_TEXT;
	else if (strcmp(name, "json") == 0)
		*f = RP_JSON;
	else if (strcmp(name, "html") == 0)
		*f = RP_HTML;
	else
		return RP_E_INPUT;
	return 0;
}

char *rp_render(const struct rp_report *r, enum rp_format f)
{
	struct ao_text b = { 0 };
	ao_textf(&b, "%s", "");
	if (f == RP_JSON)
		render_json(&b, r);
	else if (f == RP_HTML)
		render_html(&b, r);
	else
		render_text(&b, r);
	if (b.oom) {
		free(b.p);
		return NULL;
	}
	return b.p;
}
