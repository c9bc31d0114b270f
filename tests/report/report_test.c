/* report_test.c — the register-bank report (report/report.h).
 *
 *   - hand: tests/report/hand_loop.s, figures derived by hand below;
 *   - three views: a generated kernel reported from its instruction list
 *     (rp_from_ao), from its .s (assembled) and from its .hsaco give the
 *     same figures, instruction by instruction;
 *   - json: strictly well-formed (a small checker below), the documented keys;
 *   - html: one file, the grid's rows, nothing fetched from outside;
 *   - bad input: missing, corrupt, unknown kernel;
 *   - the report's bank scorer against the allocator's: random records and
 *     every loop reported here (bank_score_compare.c).
 * Prints ok/not ok per check. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/check.h"
#include "asm_out/asm_out.h"
#include "report/report.h"
#include "tests/report/bank_score_compare.h"
#include "templates/sgemm.h"
#include "templates/templates.h"

bool json_valid(const char *s);   /* json_check.c: strict RFC 8259 */

/* The report's scorer and the allocator's agree on the loop of report r. */
static void check_scorers(const char *name, const struct rp_report *r)
{
	char why[1024], full[160];
	snprintf(full, sizeof full, "%s_scorers_agree", name);
	checkf(bsc_agree_on_loop(r, why, sizeof why), full, "%s", why);
}

/* ---- hand-computed case -------------------------------------------------------
 * The inner loop of hand_loop.s (banks: v0 0, v1 1, v2 2, v3 3, v4 0, v5 1,
 * v6 2, v8 0, v9 1, v10 2, v11 3, v12 0):
 *   I0 v_dual_fmac v0, v4, v8 :: v_dual_fmac v1, v5, v9
 *   I1 v_dual_fmac v2, v4, v9 :: v_dual_fmac v3, v5, v8
 *   I2 v_fmac_f32 v10, v4, v12
 *   I3 v_add_f32 v11, v6, v10
 *   I4 ds_load_b32 v4, v20            (writes v4: its cache entries go)
 *   s_sub, s_cmp, s_cbranch
 * Cache entries are (bank, slot).  State after the first pass (the reported
 * second pass starts from it): (0,s1)=v12 (I2), (1,s0)=v5, (1,s1)=v9 (I0),
 * (2,s0)=v6, (2,s1)=v10 (I3); (0,s0) lost v4 to the load; the src2 entries
 * were dropped by the fmac writes.
 * Second pass:
 *   I0 X: v4 (0,s0) empty miss, v8 (0,s1)=v12 miss, v0 miss; Y: v5 hit, v9 hit,
 *      v1 miss.  Misses bank0 3, bank1 1 -> 2 bank conflicts; 2 hits.
 *   I1 X: v4 hit, v9 hit (src1 of bank 1), v2 miss; Y: v5 hit, v8 hit (I0 put
 *      it in (0,s1)), v3 miss.  4 hits, misses in banks 2 and 3: 0 conflicts.
 *   I2 v4 hit, v12 miss ((0,s1)=v8 now), v10 miss: 1 hit, 0 conflicts; its
 *      write of v10 drops (2,s1)=v10 too.
 *   I3 v6 hit ((2,s0) since the first pass), v10 miss: 1 hit.
 * Totals: reads 6+6+3+2 = 17, hits 2+4+1+1 = 8, bank conflicts 2, port 0;
 * register-file reads per bank: 0: 3+1 = 4, 1: 1, 2: 1+1+1 = 3, 3: 1.
 * Reads per bank: 0: 3+2+2 = 7, 1: 3+2 = 5, 2: 1+1+2 = 4, 3: 1.
 * FMAs 2+2+1 = 5, 4 of them dual (80 %), 2 VOPD, 1 single (metadata: odd),
 * VALU 4 of which 1 without FMA; 8 instructions: FMA-class 3, VALU 1, LDS 1,
 * SALU 2, branch 1.  Two loops, one innermost, from offset 8 (after the two
 * 4-byte s_mov_b32). */
static void test_hand(const char *path)
{
	struct rp_report r;
	char err[512];
	int rc = rp_from_file(path, NULL, &r, err, sizeof err);
	checkf(rc == 0, "report_hand_builds", "%s", err);
	if (rc)
		return;
	const struct rp_summary *s = &r.sum;
	checkf(r.loop.found && r.loop.nloops == 2 && r.loop.ninner == 1 && r.insts[r.loop.first].offset == 8 &&
		      r.nrows == 8, "report_hand_loop", "found %d loops %u inner %u first 0x%x rows %u",
	      r.loop.found, r.loop.nloops, r.loop.ninner, r.loop.found ? r.insts[r.loop.first].offset : 0,
	      r.nrows);
	checkf(s->reads == 17 && s->hits == 8 && s->bank_conflicts == 2 && s->port_conflicts == 0 &&
		      s->conflicts == 2, "report_hand_cache",
	      "reads %u hits %u bank %u port %u", s->reads, s->hits, s->bank_conflicts, s->port_conflicts);
	checkf(s->misses_bank[0] == 4 && s->misses_bank[1] == 1 && s->misses_bank[2] == 3 &&
		      s->misses_bank[3] == 1 && s->reads_bank[0] == 7 && s->reads_bank[1] == 5 &&
		      s->reads_bank[2] == 4 && s->reads_bank[3] == 1, "report_hand_banks",
	      "misses %u/%u/%u/%u reads %u/%u/%u/%u", s->misses_bank[0], s->misses_bank[1],
	      s->misses_bank[2], s->misses_bank[3], s->reads_bank[0], s->reads_bank[1], s->reads_bank[2],
	      s->reads_bank[3]);
	checkf(s->fmas == 5 && s->fmas_dual == 4 && s->dual_pct > 79.99 && s->dual_pct < 80.01 && s->vopd == 2 &&
		      s->singles == 1 && s->valu_insts == 4 && s->valu_non_fma == 1, "report_hand_dual",
	      "fmas %u dual %u (%.2f) vopd %u singles %u valu %u non-fma %u", s->fmas, s->fmas_dual,
	      s->dual_pct, s->vopd, s->singles, s->valu_insts, s->valu_non_fma);
	checkf(s->insts == 8 && s->by_cls[RP_CLS_FMA] == 3 && s->by_cls[RP_CLS_VALU] == 1 &&
		      s->by_cls[RP_CLS_LDS] == 1 && s->by_cls[RP_CLS_SALU] == 2 && s->by_cls[RP_CLS_BRANCH] == 1,
	      "report_hand_classes", "insts %u fma %u valu %u lds %u salu %u branch %u", s->insts,
	      s->by_cls[RP_CLS_FMA], s->by_cls[RP_CLS_VALU], s->by_cls[RP_CLS_LDS], s->by_cls[RP_CLS_SALU],
	      s->by_cls[RP_CLS_BRANCH]);
	/* per instruction: hit masks (bit = slot) of X and Y, conflicts */
	static const struct { uint8_t hx, hy, conf; } want[5] = {
		{ 0, 3, 2 }, { 3, 3, 0 }, { 1, 0, 0 }, { 1, 0, 0 }, { 0, 0, 0 },
	};
	bool rows_ok = r.nrows >= 5;
	for (unsigned i = 0; rows_ok && i < 5; i++) {
		const struct rp_bank_score *sc = &r.rows[i].score;
		rows_ok = sc->hit_mask[0] == want[i].hx && sc->hit_mask[1] == want[i].hy &&
			  sc->bank_conflicts == want[i].conf;
	}
	checkf(rows_ok, "report_hand_rows", "per-instruction hits/conflicts differ");
	check_scorers("report_hand", &r);
	const struct rp_inst *single = r.nrows >= 3 ? &r.insts[r.rows[2].inst] : NULL;
	checkf(single && strcmp(single->why, "odd FMA count") == 0, "report_hand_single_reason", "why '%s'",
	      single ? single->why : "?");
	checkf(r.insts[r.rows[0].inst].acc.write[0] == 0 && r.insts[r.rows[0].inst].acc.write[1] == 1 &&
		      r.insts[r.rows[4].inst].acc.write[0] == 4, "report_hand_writes", "written VGPRs differ");
	checkf(s->kstep_fmas == 0 && s->ksteps == 0, "report_hand_no_ksteps", "ksteps %.2f", s->ksteps);
	checkf(s->vgprs == 21 && s->sgprs == 6 && s->lds_bytes == 4096 && s->block_threads == 256 &&
		      !s->wgp_mode && s->occ.vgpr_alloc == 24 && s->occ.waves == 16,
	      "report_hand_resources", "vgprs %u sgprs %u lds %u threads %u wgp %d occ %u", s->vgprs,
	      s->sgprs, s->lds_bytes, s->block_threads, s->wgp_mode, s->occ.waves);

	/* ---- json: strictly well-formed, with the documented keys */
	char *js = rp_render(&r, RP_JSON);
	checkf(js && json_valid(js), "report_json_parses", "invalid json");
	static const char *const keys[] = {
		"\"format\": \"rdna3gen-bank-report\"", "\"version\": 1", "\"kernel\": \"hand_loop\"",
		"\"model\":", "\"resources\":", "\"loop\":", "\"summary\":", "\"instructions\": [",
		"\"fmas\": 5", "\"dual_pct\": 80.00", "\"conflicts\": 2", "\"hits\": 8",
		"\"single_why\": \"odd FMA count\"", "\"misses_bank\": [4, 1, 3, 1]",
	};
	const char *missing = NULL;
	for (size_t i = 0; js && i < sizeof keys / sizeof keys[0] && !missing; i++)
		if (!strstr(js, keys[i]))
			missing = keys[i];
	checkf(js && !missing, "report_json_keys", "missing %s", missing ? missing : "(no json)");
	unsigned nobj = 0;
	for (const char *p = js; p && (p = strstr(p, "{\"offset\": ")) != NULL; p++)
		nobj++;
	checkf(nobj == 8, "report_json_rows", "%u instruction objects", nobj);
	free(js);

	/* ---- html: one offline file with the grid */
	char *h = rp_render(&r, RP_HTML);
	unsigned nrow = 0;
	for (const char *p = h; p && (p = strstr(p, "<tr class=\"bank-row")) != NULL; p++)
		nrow++;
	bool offline = h && !strstr(h, "http:") && !strstr(h, "https:") && !strstr(h, "<script") &&
		       !strstr(h, "url(") && !strstr(h, "@import") && !strstr(h, "<link");
	checkf(h && strstr(h, "id=\"bankgrid\"") && nrow == 8 && offline && strstr(h, "class=\"b0 hit\""),
	      "report_html_grid", "rows %u offline %d", nrow, offline);
	free(h);
	char *t = rp_render(&r, RP_TEXT);
	checkf(t && strstr(t, "model: bank = VGPR index mod 4") && strstr(t, "[single: odd FMA count]"),
	      "report_text_states_model", "text form lacks the model or the reason");
	free(t);
	rp_free(&r);
}

/* ---- three views of one generated kernel ------------------------------------ */
static bool same_report(const struct rp_report *a, const struct rp_report *b, char *why, size_t n)
{
	struct rp_summary sa = a->sum, sb = b->sum;
	memset(sa.source, 0, sizeof sa.source);
	memset(sb.source, 0, sizeof sb.source);
	if (memcmp(&sa, &sb, sizeof sa) != 0) {
		snprintf(why, n, "summaries differ (fmas %u/%u hits %u/%u conflicts %u/%u vgprs %u/%u sgprs %u/%u)",
			 sa.fmas, sb.fmas, sa.hits, sb.hits, sa.conflicts, sb.conflicts, sa.vgprs, sb.vgprs,
			 sa.sgprs, sb.sgprs);
		return false;
	}
	if (a->nrows != b->nrows || a->loop.nloops != b->loop.nloops || a->loop.nskip != b->loop.nskip) {
		snprintf(why, n, "loops differ (%u/%u rows)", a->nrows, b->nrows);
		return false;
	}
	for (unsigned i = 0; i < a->nrows; i++) {
		const struct rp_inst *x = &a->insts[a->rows[i].inst], *y = &b->insts[b->rows[i].inst];
		if (x->offset != y->offset || x->cls != y->cls || x->fmas != y->fmas || x->dual != y->dual ||
		    memcmp(&x->acc, &y->acc, sizeof x->acc) != 0 ||
		    x->wmma != y->wmma || memcmp(x->wm_v, y->wm_v, sizeof x->wm_v) != 0 ||
		    memcmp(x->wm_n, y->wm_n, sizeof x->wm_n) != 0 ||
		    memcmp(&a->rows[i].score, &b->rows[i].score, sizeof a->rows[i].score) != 0) {
			snprintf(why, n, "instruction %u differs: '%.60s' / '%.60s'", i, x->text, y->text);
			return false;
		}
		if (strcmp(x->why, y->why) != 0) {
			snprintf(why, n, "reason of single %u differs: '%s' / '%s'", i, x->why, y->why);
			return false;
		}
	}
	return true;
}

/* Random byte flips anywhere in a real code object: every report ends in a
 * result or an RP_E_INPUT message, never a crash (ASan watches). */
static void test_flipped(const char *hsaco)
{
	FILE *f = fopen(hsaco, "rb");
	uint8_t *orig = NULL, *buf = NULL;
	long n = -1;
	if (f) {
		fseek(f, 0, SEEK_END);
		n = ftell(f);
		fseek(f, 0, SEEK_SET);
		orig = n > 0 ? malloc((size_t)n) : NULL;
		buf = n > 0 ? malloc((size_t)n) : NULL;
		if (orig && fread(orig, 1, (size_t)n, f) != (size_t)n)
			n = -1;
		fclose(f);
	}
	if (!orig || !buf || n <= 0) {
		checkf(false, "report_flipped_code_objects", "cannot read %s", hsaco);
		free(orig), free(buf);
		return;
	}
	unsigned seed = 12345, bad = 0, good = 0, other = 0;
	for (int t = 0; t < 300; t++) {
		memcpy(buf, orig, (size_t)n);
		for (int k = 0; k < 1 + t % 8; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t at = (seed >> 8) % (size_t)n;
			buf[at] ^= (uint8_t)(1u << ((seed >> 4) & 7));
		}
		struct rp_report r;
		char err[512];
		int rc = rp_from_code_object(buf, (size_t)n, NULL, &r, err, sizeof err);
		if (rc == 0) {
			char *txt = rp_render(&r, t % 3 == 0 ? RP_HTML : t % 3 == 1 ? RP_JSON : RP_TEXT);
			free(txt);
			good++;
		} else if (rc == RP_E_INPUT && err[0] && !strchr(err, '\n')) {
			bad++;
		} else {
			other++;
		}
		rp_free(&r);
	}
	checkf(other == 0, "report_flipped_code_objects", "%u odd results (%u reports, %u refused)", other, good,
	      bad);
	free(orig);
	free(buf);
}

/* The sgemm kernel of a preset with extra "name=value name=value" settings
 * (or none): 0, or nonzero with the reason in err. */
static int build_sgemm(const struct tpl_template *t, const char *preset, const char *extra, struct tpl_values *v,
		       struct ao_kernel **k, char *err, size_t errlen)
{
	tpl_defaults(t, v);
	int rc = tpl_apply_preset(v, preset, err, errlen);
	if (!rc && extra) {
		char buf[256];
		snprintf(buf, sizeof buf, "%s", extra);
		for (char *tok = strtok(buf, " "); tok && !rc; tok = strtok(NULL, " ")) {
			char *eq = strchr(tok, '=');
			*eq = 0;
			rc = tpl_set(v, tok, eq + 1, err, errlen);
		}
	}
	return rc ? rc : tpl_build(v, k, err, errlen);
}

static void test_three_views(const char *preset, const char *extra, const char *dir)
{
	char name[96], err[1024];
	snprintf(name, sizeof name, "report_three_views_%s%s", preset, extra ? "_odd" : "");
	const struct tpl_template *t = tpl_find("sgemm");
	struct tpl_values v;
	struct ao_kernel *k = NULL;
	if (build_sgemm(t, preset, extra, &v, &k, err, sizeof err)) {
		checkf(false, name, "build: %s", err);
		return;
	}
	struct ao_emit_opts eo = tpl_emit_opts(&v);
	char *text = NULL;
	size_t len = 0;
	struct rp_report ra = { 0 }, rs = { 0 }, rh = { 0 };
	char s_path[512], h_path[512];
	snprintf(s_path, sizeof s_path, "%s/%s.s", dir, name);
	snprintf(h_path, sizeof h_path, "%s/%s.hsaco", dir, name);
	struct ao_toolchain tc;
	bool ok = ao_print(k, &eo, &text, &len) == 0 && ao_toolchain_find(&tc, err, sizeof err) == 0 &&
		  ao_build_hsaco(&tc, text, len, h_path, s_path, NULL, NULL, err, sizeof err) == 0;
	if (ok && rp_from_ao(k, &ra, err, sizeof err))
		ok = false;
	if (ok && rp_from_file(s_path, NULL, &rs, err, sizeof err))
		ok = false;
	if (ok && rp_from_file(h_path, NULL, &rh, err, sizeof err))
		ok = false;
	char why[1400] = "";
	if (ok)
		ok = same_report(&ra, &rs, why, sizeof why) && same_report(&ra, &rh, why, sizeof why);
	else
		snprintf(why, sizeof why, "%s", err);
	bool found = ra.loop.found && ra.sum.fmas > 0;
	checkf(ok && found, name, "%s%s", why, found ? "" : " (no loop with FMAs)");
	if (ok && found)
		check_scorers(name, &ra);
	if (ok && extra) {
		const struct rp_inst *in = ra.nrows > 0 ? &ra.insts[ra.rows[0].inst] : NULL;
		for (unsigned i = 0; i < ra.nrows; i++)
			if (ra.insts[ra.rows[i].inst].fmas)
				in = &ra.insts[ra.rows[i].inst];
		checkf(ra.sum.singles == 1 && in && strcmp(in->why, "odd FMA count") == 0,
		      "report_single_reason_generated", "singles %u why '%s'", ra.sum.singles, in ? in->why : "");
	}
	/* k-steps per iteration from .rdna3.kstep_fmas (128 for the 8x16 tile):
	 * k5 and k8 unroll the 8 k-steps of a tile, k6 keeps one per iteration. */
	double want_ks = extra ? 1 : strcmp(preset, "k6") == 0 ? 1 : 8;
	/* The if/else rule against the generator's own markers: when the chosen
	 * loop is the k-tile iteration, the part left out is exactly its guarded
	 * variant [SG_TAG_EDGE, SG_TAG_FAST). */
	int edge = -1, fast = -1;
	for (unsigned i = 0; i < ao_inst_count(k); i++) {
		unsigned t = ao_inst_at(k, i)->tag;
		if (t == SG_TAG_EDGE)
			edge = (int)i;
		if (t == SG_TAG_FAST)
			fast = (int)i;
	}
	if (ok && edge > 0 && fast > edge && (unsigned)edge > ra.loop.first && (unsigned)fast <= ra.loop.last) {
		char gname[128];
		snprintf(gname, sizeof gname, "%s_guarded_left_out", name);
		checkf(ra.loop.nskip == 1 && ra.loop.skip_lo[0] == (unsigned)edge &&
			      ra.loop.skip_hi[0] == (unsigned)fast, gname, "left out %u..%u, marked %d..%d",
		      ra.loop.nskip ? ra.loop.skip_lo[0] : 0, ra.loop.nskip ? ra.loop.skip_hi[0] : 0, edge, fast);
		/* The template's first-form report (templates/sgemm_report.c) counts
		 * the same iteration from its markers, independently: its per-k-step
		 * total must equal ours. */
		char *tr = t->report ? t->report(&v, k) : NULL;
		const char *tot = tr ? strstr(tr, "\n  total") : NULL;
		double first = tot ? strtod(tot + 8, NULL) : -1;
		double ours = ra.sum.ksteps > 0 ? ra.sum.insts / ra.sum.ksteps : -2;
		snprintf(gname, sizeof gname, "%s_agrees_with_template_report", name);
		checkf(first - ours < 1e-3 && ours - first < 1e-3, gname, "per k-step %.4f here, %.4f there", ours,
		      first);
		free(tr);
	}
	/* Occupancy: the same gfx1100 figures are in templates/sgemm_report.c
	 * (the template's report) and report/report.c; they must agree. */
	if (ok && t->report) {
		char *tr = t->report(&v, k);
		const char *o = tr ? strstr(tr, "  occupancy ") : NULL;
		unsigned occ = o ? (unsigned)strtoul(o + 12 + strspn(o + 12, " "), NULL, 10) : 0;
		char oname[128];
		snprintf(oname, sizeof oname, "%s_occupancy_agrees", name);
		checkf(occ > 0 && occ == ra.sum.occ.waves, oname, "%u here, %u in the template's report",
		      ra.sum.occ.waves, occ);
		free(tr);
	}
	char ksname[128];
	snprintf(ksname, sizeof ksname, "%s_ksteps", name);
	if (ok)
		checkf(ra.sum.ksteps == want_ks && rh.sum.ksteps == want_ks, ksname,
		      "%s: ksteps %.2f / %.2f, want %.0f", preset, ra.sum.ksteps, rh.sum.ksteps, want_ks);
	if (ok && !extra && strcmp(preset, "k6") == 0) {
		/* BANKS.md: the allocator's 8x16 k-step scores 190 multiplicand hits
		 * of 256 and 2 bank conflicts; the loop's other reads (128
		 * accumulators, the address updates) all miss. */
		checkf(ra.sum.fmas == 128 && ra.sum.fmas_dual == 128 && ra.sum.vopd == 64 &&
			      ra.sum.conflicts == 2 && ra.sum.hits == 190, "report_k6_matches_banks_md",
		      "fmas %u dual %u vopd %u conflicts %u hits %u", ra.sum.fmas, ra.sum.fmas_dual, ra.sum.vopd,
		      ra.sum.conflicts, ra.sum.hits);
	}
	if (ok && !extra && strcmp(preset, "k6") == 0)
		test_flipped(h_path);
	unlink(s_path);
	unlink(h_path);
	rp_free(&ra);
	rp_free(&rs);
	rp_free(&rh);
	free(text);
	ao_kernel_free(k);
}

/* fmamk_loop.s: v_fmamk_f32 v1, v2, K, v3 reads v2 (src0) and v3 (src2);
 * v_fmaak_f32 v5, v6, v7, K reads v6 (src0) and v7 (src1); 2 FMAs, 2 singles. */
static void test_fmamk(const char *path)
{
	struct rp_report r;
	char err[512];
	int rc = rp_from_file(path, NULL, &r, err, sizeof err);
	bool ok = rc == 0 && r.nrows == 3;
	const struct ra_access *mk = ok ? &r.insts[r.rows[0].inst].acc : NULL;
	const struct ra_access *ak = ok ? &r.insts[r.rows[1].inst].acc : NULL;
	ok = ok && mk->read[0][0] == 2 && mk->read[0][1] == -1 && mk->read[0][2] == 3 && ak->read[0][0] == 6 &&
	     ak->read[0][1] == 7 && ak->read[0][2] == -1 && r.sum.fmas == 2 && r.sum.singles == 2;
	checkf(ok, "report_fmamk_slots", "rc %d '%s'", rc, rc ? err : "slots or counts differ");
	if (rc == 0)
		check_scorers("report_fmamk", &r);
	rp_free(&r);
}

/* wmma_loop.s, by hand (banks: v0-7, v8-15, v16-23 ... each 2 per bank; v[1:4]
 * and v[5:8] one per bank; v5..15 is 3 VGPRs in banks 1-3, 2 in bank 0):
 * 6 WMMAs (4 f32_f16, 2 iu8) into 3 accumulators (v16, v24, v48): 2 k-steps;
 * one other VALU (v_add); C = D in 5, an inline C in 1.  A: v[0:7], v[16:23],
 * v[1:4] = 3 ranges, 16 VGPRs, 4 per bank, read 3x2 + 2 + 2x1 = 10 per bank.
 * B: v[8:15], v[40:47], v[5:8] = 3 ranges, 19 VGPRs (4/5/5/5), 10 reads per
 * bank.  C and D: 3 ranges, 24 VGPRs; C read 5x2 = 10, D written 6x2 = 12 per
 * bank.  The fifth WMMA reads v[16:23] as A right after the fourth wrote it:
 * 1 hazard.  48 fragment VGPRs of .vgpr_count 60.  The v_add's v1, v2 are the
 * only reads the bank-cache model sees. */
static void test_wmma(const char *path)
{
	struct rp_report r;
	char err[512];
	int rc = rp_from_file(path, NULL, &r, err, sizeof err);
	checkf(rc == 0, "report_wmma_builds", "%s", err);
	if (rc)
		return;
	const struct rp_wmma *w = &r.sum.wmma;
	checkf(w->wmmas == 6 && w->by_op[0] == 4 && w->by_op[4] == 2 && w->accumulators == 3 && w->ksteps == 2 &&
		      w->valu_other == 1 && w->c_is_d == 5 && w->hazards == 1 && strstr(r.loop.how, "most WMMAs"),
	      "report_wmma_counts", "wmmas %u (%u f16, %u iu8) acc %u ksteps %.3f valu %u c=d %u hazards %u", w->wmmas,
	      w->by_op[0], w->by_op[4], w->accumulators, w->ksteps, w->valu_other, w->c_is_d, w->hazards);
	static const unsigned want[RP_WM_ROLES][2 + 2 * RA_VGPR_BANKS] = {
		{ 3, 16, 4, 4, 4, 4, 10, 10, 10, 10 },
		{ 3, 19, 4, 5, 5, 5, 10, 10, 10, 10 },
		{ 3, 24, 6, 6, 6, 6, 10, 10, 10, 10 },
		{ 3, 24, 6, 6, 6, 6, 12, 12, 12, 12 },
	};
	for (int k = 0; k < RP_WM_ROLES; k++) {
		const struct rp_wmma_frag *f = &w->frag[k];
		unsigned got[2 + 2 * RA_VGPR_BANKS] = { f->ranges, f->vgprs };
		for (int b = 0; b < RA_VGPR_BANKS; b++)
			got[2 + b] = f->vgprs_bank[b], got[6 + b] = f->access_bank[b];
		char name[64];
		snprintf(name, sizeof name, "report_wmma_fragment_%c", "abcd"[k]);
		checkf(memcmp(got, want[k], sizeof got) == 0, name,
		      "ranges %u vgprs %u per bank %u/%u/%u/%u accesses %u/%u/%u/%u", got[0], got[1], got[2], got[3],
		      got[4], got[5], got[6], got[7], got[8], got[9]);
	}
	checkf(w->frag[RP_WM_C].inline_c == 1 && w->frag_vgprs == 48 && r.sum.vgprs == 60 && r.sum.reads == 2,
	      "report_wmma_budget", "inline C %u fragment VGPRs %u of %u, bank-model reads %u",
	      w->frag[RP_WM_C].inline_c, w->frag_vgprs, r.sum.vgprs, r.sum.reads);
	char *t = rp_render(&r, RP_TEXT), *js = rp_render(&r, RP_JSON), *h = rp_render(&r, RP_HTML);
	checkf(t && strstr(t, "per k-step: WMMA 3, VALU other than WMMA 0.5, instructions 5\n") &&
		      strstr(t, "fragments 48 (A 16, B 19, C 24, D 24; roles may share) + other 12") &&
		      strstr(t, "no bank rule or cost is known for WMMA operands") &&
		      strstr(t, "v_nop, emu/HAZARDS.md): 1\n"),
	      "report_wmma_text", "text form lacks a WMMA line");
	checkf(js && json_valid(js) && strstr(js, "\"wmma\": {\"wmmas\": 6,") && strstr(js, "\"ksteps\": 2.0000") &&
		      strstr(js, "\"b\": {\"ranges\": 3, \"vgprs\": 19, \"vgprs_bank\": [4, 5, 5, 5]") &&
		      strstr(js, "\"hazards\": 1"),
	      "report_wmma_json", "json lacks the WMMA object or is not strict");
	checkf(h && strstr(h, "id=\"wmma\">6 per iteration") && strstr(h, "fragment B</td><td>3 ranges, 19 VGPRs"),
	      "report_wmma_html", "html lacks the WMMA rows");
	free(t), free(js), free(h);
	check_scorers("report_wmma", &r);
	rp_free(&r);
}

/* The hgemm best preset: the instruction list, the .s and the .hsaco give the
 * same WMMA figures; 4x4 tiles per wave (docs/hgemm.md) are 16 accumulators,
 * 16 WMMAs per k-step, and no WMMA reads a D as A or B. */
/* edge_loop.s, by hand.  Instructions: 0 s_mov; 1 WMMA (.Lloop); 2 s_cmp;
 * 3 s_cbranch .Ledge; 4 v_add_f32; 5 WMMA (.Lback); 6 s_sub; 7 s_cmp;
 * 8 s_cbranch .Lloop; 9 s_endpgm; 10, 11 v_mov; 12 WMMA; 13 v_fmac;
 * 14 s_branch .Lback; 15 s_endpgm.  Branch 14 goes back to 5 but 5 does not
 * dominate it (0 1 2 3 10 .. 14 skips 5): not a loop.  The one loop is 8 -> 1,
 * body {1..8, 10..14}; 10..14 lie after s_endpgm and are left out (5), so one
 * iteration is 1..8: 8 instructions, 2 WMMAs (D v16, v24: 2 accumulators, one
 * k-step), 1 other VALU (v_add_f32), no FMA.  The address-range finder took
 * 5..14 (10 instructions, 2 WMMAs and the v_fmac). */
static void test_edge_loop(const char *path)
{
	struct rp_report r;
	char err[512];
	int rc = rp_from_file(path, NULL, &r, err, sizeof err);
	checkf(rc == 0, "report_edge_loop_builds", "%s", err);
	if (rc)
		return;
	const struct rp_wmma *w = &r.sum.wmma;
	checkf(r.loop.found && r.loop.nloops == 1 && r.loop.first == 1 && r.loop.last == 8 && r.nrows == 8 &&
		       r.loop.outside == 5 && r.sum.fmas == 0 && w->wmmas == 2 && w->accumulators == 2 &&
		       w->valu_other == 1 && strstr(r.loop.how, "out-of-line"),
	       "report_edge_loop", "loops %u first %u last %u rows %u outside %u fmas %u wmmas %u acc %u valu %u: %s",
	       r.loop.nloops, r.loop.first, r.loop.last, r.nrows, r.loop.outside, r.sum.fmas, w->wmmas,
	       w->accumulators, w->valu_other, r.loop.how);
	check_scorers("report_edge_loop", &r);
	rp_free(&r);
}

static void test_hgemm_views(const char *dir)
{
	char err[1024], why[1400] = "", s_path[600], h_path[600];
	const struct tpl_template *t = tpl_find("hgemm");
	struct tpl_values v;
	struct ao_kernel *k = NULL;
	if (!t) {
		checkf(false, "report_hgemm_views", "no hgemm template");
		return;
	}
	tpl_defaults(t, &v);
	int rc = tpl_apply_preset(&v, "best", err, sizeof err);
	if (!rc)
		rc = tpl_build(&v, &k, err, sizeof err);
	if (rc) {
		checkf(false, "report_hgemm_views", "build: %s", err);
		return;
	}
	struct ao_emit_opts eo = tpl_emit_opts(&v);
	char *text = NULL;
	size_t len = 0;
	struct rp_report ra = { 0 }, rs = { 0 }, rh = { 0 };
	snprintf(s_path, sizeof s_path, "%s/hgemm_best.s", dir);
	snprintf(h_path, sizeof h_path, "%s/hgemm_best.hsaco", dir);
	struct ao_toolchain tc;
	bool ok = ao_print(k, &eo, &text, &len) == 0 && ao_toolchain_find(&tc, err, sizeof err) == 0 &&
		  ao_build_hsaco(&tc, text, len, h_path, s_path, NULL, NULL, err, sizeof err) == 0 &&
		  !rp_from_ao(k, &ra, err, sizeof err) && !rp_from_file(s_path, NULL, &rs, err, sizeof err) &&
		  !rp_from_file(h_path, NULL, &rh, err, sizeof err);
	if (ok)
		ok = same_report(&ra, &rs, why, sizeof why) && same_report(&ra, &rh, why, sizeof why);
	else
		snprintf(why, sizeof why, "%s", err);
	checkf(ok, "report_hgemm_views", "%s", why);
	if (ok)
		check_scorers("report_hgemm_views", &ra);
	const struct rp_wmma *w = &ra.sum.wmma;
	checkf(ok && w->accumulators == 16 && w->ksteps > 0 && w->wmmas / w->ksteps == 16 && w->hazards == 0 &&
		      w->c_is_d == w->wmmas && w->frag[RP_WM_D].vgprs == 128,
	      "report_hgemm_wmma", "accumulators %u, %.3f per k-step, hazards %u, C = D %u of %u, D VGPRs %u",
	      w->accumulators, w->ksteps > 0 ? w->wmmas / w->ksteps : 0, w->hazards, w->c_is_d, w->wmmas,
	      w->frag[RP_WM_D].vgprs);
	/* best's loop (its .s from the loop label to the back branch, by hand): per
	 * k-step 16 WMMAs and no other VALU (one LDS buffer: no address swap), under
	 * 128 instructions; the edge copies after s_endpgm are not in it. */
	bool no_end = ok;
	for (unsigned i = 0; ok && i < ra.nrows; i++)
		no_end &= !ra.insts[ra.rows[i].inst].end;
	checkf(ok && no_end && w->ksteps >= 1 && w->valu_other == 0 && ra.sum.insts < 128 * w->ksteps &&
		       ra.loop.outside > 0,
	       "report_hgemm_loop_body", "instructions %u, other VALU %u, k-steps %.3f, s_endpgm inside %d, outside %u",
	       ra.sum.insts, w->valu_other, w->ksteps, !no_end, ra.loop.outside);
	unlink(s_path);
	unlink(h_path);
	rp_free(&ra), rp_free(&rs), rp_free(&rh);
	free(text);
	ao_kernel_free(k);
}

static void test_bad_input(const char *dir)
{
	struct rp_report r;
	char err[512] = "", path[1100];
	int rc = rp_from_file("/nonexistent/k.hsaco", NULL, &r, err, sizeof err);
	checkf(rc == RP_E_INPUT && strstr(err, "/nonexistent/k.hsaco") && !strchr(err, '\n'),
	      "report_missing_file", "rc %d '%s'", rc, err);
	snprintf(path, sizeof path, "%s/garbage.hsaco", dir);
	FILE *f = fopen(path, "wb");
	if (f) {
		fputs("\x7f" "ELF garbage", f);
		fclose(f);
	}
	rc = rp_from_file(path, NULL, &r, err, sizeof err);
	checkf(rc == RP_E_INPUT, "report_corrupt_file", "rc %d '%s'", rc, err);
	unlink(path);
	snprintf(path, sizeof path, "%s/broken.s", dir);
	f = fopen(path, "wb");
	if (f) {
		fputs("  v_bogus_instruction v0\n", f);
		fclose(f);
	}
	rc = rp_from_file(path, NULL, &r, err, sizeof err);
	checkf(rc == RP_E_INPUT && !strchr(err, '\n'), "report_bad_assembly", "rc %d '%s'", rc, err);
	unlink(path);
}

/* report_test --check-json NAME FILE: one check, FILE is strict JSON with the
 * report's top-level keys (used by tests/report/report.sh on CLI output). */
static int check_json_file(const char *name, const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0;
	if (f) {
		fseek(f, 0, SEEK_END);
		long sz = ftell(f);
		fseek(f, 0, SEEK_SET);
		buf = sz >= 0 ? malloc((size_t)sz + 1) : NULL;
		if (buf)
			n = fread(buf, 1, (size_t)sz, f);
		fclose(f);
	}
	if (!buf) {
		checkf(false, name, "cannot read %s", path);
		return 1;
	}
	buf[n] = 0;
	bool keys = strstr(buf, "\"format\": \"rdna3gen-bank-report\"") && strstr(buf, "\"summary\": {") &&
		    strstr(buf, "\"instructions\": [") && strstr(buf, "\"resources\": {") && strstr(buf, "\"loop\": {");
	checkf(json_valid(buf) && keys, name, "%s: %s", path, keys ? "not strict JSON" : "keys missing");
	free(buf);
	return check_exit();
}

/* SVG: positions worked out from the axes (x: log10 of 1/16 .. 1024 over 480
 * pixels from 60; y: log10 of 10 .. 1e5 GFLOP/s over 296 pixels up from 316). */
static void test_pictures(void)
{
	/* the roofs of the default constants: 96 x 256 x 2.5 GFLOP/s, 960, 5300 and 2048 x 2.5 GB/s */
	struct rp_roofs K = { 61440, 960, 5300, 5120, 122880, 1920, RP_MATH_FP32, "GDDR6" };
	struct ao_text t = { 0 };
	struct rp_roof_point p = { "k", 1e9, 1e9, 1e-3 }; /* 1 FLOP/byte, 1000 GFLOP/s */
	rp_roofline_svg(&t, &K, &p, 1);
	checkf(t.p && strstr(t.p, "cx=\"197.1\" cy=\"168.0\"") && strstr(t.p, "61.4 TFLOP/s") && strstr(t.p, "GDDR6 960 GB/s"),
	      "svg: the roofline has the peak, the DRAM roof and the point where it belongs", "%.300s", t.p);
	free(t.p);
	/* the DRAM roof is named by the card's memory (model/devices.def), DRAM when not given */
	for (int i = 0; i < 2; i++) {
		snprintf(K.dram, sizeof K.dram, "%s", i ? "" : "LPDDR5X");
		K.dram_gbs = 256;
		t = (struct ao_text){ 0 };
		rp_roofline_svg(&t, &K, &p, 1);
		checkf(t.p && strstr(t.p, i ? ">DRAM 256 GB/s<" : ">LPDDR5X 256 GB/s<") && !strstr(t.p, "GDDR6"),
		       i ? "svg_dram_roof_unnamed" : "svg_dram_roof_lpddr5x", "%.400s", t.p ? t.p : "(oom)");
		free(t.p);
	}
	t = (struct ao_text){ 0 };
	const char *names[] = { "busy", "idle", "none" };
	double cyc[] = { 3, 1, 0 };
	rp_breakdown_svg(&t, names, cyc, 3);
	checkf(t.p && strstr(t.p, "width=\"420.0\"") && strstr(t.p, "busy 75.0 %") && !strstr(t.p, "none"),
	      "svg: the bar gives each part its share, empty parts left out", "%.300s", t.p);
	free(t.p);
}

/* The dot of a roofline (its first circle), or false when there is none. */
static bool dot_at(const char *svg, double *x, double *y)
{
	const char *c = svg ? strstr(svg, "<circle cx=\"") : NULL;
	return c && sscanf(c, "<circle cx=\"%lf\" cy=\"%lf\"", x, y) == 2;
}

/* A WMMA kernel under the WMMA peak, an FP64 one under the FP64 peak, each
 * with the FP32 peak dashed beside it; a dot above 10^5 GFLOP/s or right of
 * 1024 FLOP/byte (hgemm at 4096^3: 113 TFLOP/s, 1120 FLOP/byte) still inside
 * the frame (x 60 .. 540, y 20 .. 316), its label turned to the left. */
static void test_roofs_by_math(void)
{
	struct rp_roofs K = { 61440, 960, 5300, 5120, 122880, 1920, RP_MATH_WMMA, "GDDR6" };
	struct rp_roof_point p = { "this kernel", 1.12e11, 1e8, 1.12e11 / 113e12 };
	struct ao_text t = { 0 };
	rp_roofline_svg(&t, &K, &p, 1);
	double x = 0, y = 0;
	bool dot = dot_at(t.p, &x, &y);
	checkf(t.p && strstr(t.p, ">WMMA f16/bf16 peak 122.9 TFLOP/s<") && strstr(t.p, ">FP32 peak 61.4 TFLOP/s (dual issue)<") &&
		       !strstr(t.p, "without v_dual") && strstr(t.p, "text-anchor=\"end\">this kernel<"),
	       "svg_wmma_kernel_under_wmma_peak", "%.600s", t.p ? t.p : "(oom)");
	checkf(dot && x > 60 && x < 540 && y > 20 && y < 316, "svg_dot_inside_the_frame", "dot at %.1f, %.1f", x, y);
	free(t.p);
	K.math = RP_MATH_FP64;
	p = (struct rp_roof_point){ "k", 4e9, 1e9, 4e9 / 1.5e12 }; /* 4 FLOP/byte, 1500 GFLOP/s */
	t = (struct ao_text){ 0 };
	rp_roofline_svg(&t, &K, &p, 1);
	dot = dot_at(t.p, &x, &y);
	checkf(t.p && strstr(t.p, ">FP64 peak 1.92 TFLOP/s<") && strstr(t.p, ">FP32 peak 61.4 TFLOP/s (dual issue)<") &&
		       !strstr(t.p, "WMMA") && dot && x > 60 && x < 540 && y > 20 && y < 316,
	       "svg_fp64_kernel_under_fp64_peak", "%.600s", t.p ? t.p : "(oom)");
	free(t.p);
}

/* The one document rdna3run prints now (the plan a member) for a WMMA kernel:
 * its roofs and math. */
static void test_prediction_read_wmma(const char *dir)
{
	char path[600], err[512] = "";
	snprintf(path, sizeof path, "%s/predw.json", dir);
	FILE *f = fopen(path, "w");
	fprintf(f, "{\"cycles\": 1000, \"seconds\": 4e-07, \"clock_mhz\": 2500, \"simds\": 4, \"flops\": 40000000, "
		   "\"breakdown\": {\"VALU busy\": 1000, \"VALU dependency stall\": 2500, \"idle\": 500}, "
		   "\"wmma\": {\"ops\": 100, \"busy\": 3200, \"idle\": {\"VALU busy\": 0, \"idle\": 800}}, \"plan\": "
		   "{\"workgroups\": 1, \"dram_bytes\": 100000, \"roofs\": {\"peak_gflops\": 61440.000, \"dram_gbs\": 960.000, "
		   "\"mall_gbs\": 5300.000, \"l2_gbs\": 5120.000, \"wmma_gflops\": 122880.000, \"fp64_gflops\": 1920.000, "
		   "\"math\": \"WMMA\"}}}\n");
	fclose(f);
	struct rp_prediction p;
	int rc = rp_prediction_read(path, &p, err, sizeof err);
	checkf(rc == 0 && p.roofs.math == RP_MATH_WMMA && p.roofs.wmma_gflops == 122880 && p.roofs.fp64_gflops == 1920,
	       "report_prediction_read_wmma_roof", "rc %d %s: math %d", rc, err, (int)p.roofs.math);
	struct ao_text t = { 0 };
	rp_prediction_html(&t, &p);
	checkf(t.p && strstr(t.p, "against the WMMA f16/bf16 peak") && strstr(t.p, ">WMMA f16/bf16 peak 122.9 TFLOP/s<"),
	       "report_prediction_html_wmma_roof", "%.400s", t.p ? t.p : "(oom)");
	/* busy 3200 of the 4000 SIMD-cycles of the buckets, in a bar of its own after theirs */
	const char *bar = t.p ? strstr(t.p, "<div id=\"breakdown\">") : NULL;
	const char *pipe = bar ? strstr(bar, "<div id=\"wmma-pipe\">") : NULL;
	checkf(p.wmma_ops == 100 && p.wmma_busy == 3200 && pipe && strstr(pipe, ">WMMA pipe busy 80.0 % (100 ops)<") &&
		       strstr(bar, "overlap the buckets above"),
	       "report_prediction_html_wmma_pipe_bar", "ops %.0f busy %.0f: %.300s", p.wmma_ops, p.wmma_busy, bar ? bar : "(no bar)");
	free(t.p);
	unlink(path);
}

/* A prediction as rdna3run --model --model-format json prints it, with a line
 * of other output before it; then files that are not one. */
static void test_prediction_read(const char *dir)
{
	char path[600], err[512] = "";
	snprintf(path, sizeof path, "%s/pred.json", dir);
	FILE *f = fopen(path, "w");
	fprintf(f, "check: ok\n{\"cycles\": 2500000, \"seconds\": 0.001, \"clock_mhz\": 2500, \"workgroups\": 1, "
		   "\"flops\": 2000000000, \"gflops\": 2000.000, \"breakdown\": {\"VALU busy\": 300, \"idle\": 100}}\n"
		   "{\"workgroups\": 1, \"dram_bytes_simulated\": 5, \"dram_bytes\": 1000000000, \"roofs\": "
		   "{\"peak_gflops\": 61440.000, \"dram_gbs\": 960.000, \"mall_gbs\": 5300.000, \"l2_gbs\": 5120.000}}\n");
	fclose(f);
	struct rp_prediction p;
	int rc = rp_prediction_read(path, &p, err, sizeof err);
	checkf(rc == 0 && p.seconds == 0.001 && p.flops == 2e9 && p.dram_bytes == 1e9 && p.roofs.mall_gbs == 5300 &&
		       p.nparts == 2 && !strcmp(p.part[1], "idle") && p.part_cycles[0] == 300 &&
		       p.roofs.math == RP_MATH_FP32 && p.roofs.wmma_gflops == 0, /* from before the WMMA roof */
	       "report_prediction_read", "rc %d %s: %u parts", rc, err, p.nparts);
	/* 2 GFLOP in 1 ms at 2 FLOP/byte: 2000 GFLOP/s, on the page with the pictures */
	struct ao_text t = { 0 };
	rp_prediction_html(&t, &p);
	checkf(t.p && strstr(t.p, "<span id=\"pred-gflops\">2000.0</span>") && strstr(t.p, "2 FLOP per DRAM byte") &&
		       strstr(t.p, "<circle") && strstr(t.p, "VALU busy 75.0 %") && !strstr(t.p, "wmma-pipe"),
	       "report_prediction_html", "%.300s", t.p ? t.p : "(oom)");
	free(t.p);
	static const char *const bad[] = {
		"{\"cycles\": 1, \"seconds\": 0.001}\n",                                  /* no roofs */
		"{\"rdna3gen-bank-report\": 1}\n",                                        /* another json */
		"{\"cycles\": 1, \"seconds\": 0.001, \"clock_mhz\": 2500, \"breakdown\": {\"x\": -1}, \"dram_bytes\": 1, "
		"\"peak_gflops\": 1, \"dram_gbs\": 1, \"mall_gbs\": 1, \"l2_gbs\": 1}\n", /* a negative part */
	};
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		f = fopen(path, "w");
		fputs(bad[i], f);
		fclose(f);
		rc = rp_prediction_read(path, &p, err, sizeof err);
		checkf(rc == RP_E_INPUT && strstr(err, "not a prediction") && !strchr(err, '\n'),
		       "report_prediction_refused", "case %u: rc %d %s", i, rc, err);
	}
	unlink(path);
	rc = rp_prediction_read(path, &p, err, sizeof err);
	checkf(rc == RP_E_INPUT && strstr(err, "pred.json"), "report_prediction_missing_file", "rc %d %s", rc, err);
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "--check-json") == 0)
		return check_json_file(argv[2], argv[3]);
	const char *hand = argc > 1 ? argv[1] : "tests/report/hand_loop.s";
	const char *tmp = getenv("TMPDIR");
	char dir[512];
	snprintf(dir, sizeof dir, "%s/report_test.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		printf("not ok report_tmpdir: cannot create %s\n", dir);
		return 1;
	}
	test_hand(hand);
	char fmamk[1024];
	snprintf(fmamk, sizeof fmamk, "%.*sfmamk_loop.s", (int)(strrchr(hand, '/') ? strrchr(hand, '/') - hand + 1 : 0),
		 hand);
	test_fmamk(fmamk);
	char wmma[1024];
	snprintf(wmma, sizeof wmma, "%.*swmma_loop.s", (int)(strrchr(hand, '/') ? strrchr(hand, '/') - hand + 1 : 0), hand);
	test_wmma(wmma);
	char edge[1024];
	snprintf(edge, sizeof edge, "%.*sedge_loop.s", (int)(strrchr(hand, '/') ? strrchr(hand, '/') - hand + 1 : 0), hand);
	test_edge_loop(edge);
	test_hgemm_views(dir);
	struct rp_summary sum;
	char err[512] = "";
	int rc = rp_summary_from_file(hand, "hand_loop", &sum, err, sizeof err);
	checkf(rc == 0 && sum.fmas == 5 && sum.conflicts == 2 && strcmp(sum.kernel, "hand_loop") == 0,
	      "report_summary_call", "rc %d '%s' fmas %u", rc, err, sum.fmas);
	test_three_views("k5", NULL, dir);
	test_three_views("k6", NULL, dir);
	test_three_views("k8", NULL, dir);
	/* a 1x1 thread tile: one FMA per k-step, a single with its reason */
	test_three_views("k6", "bm=4 bn=8 bk=8 tm=1 tn=1 waves-m=1 waves-n=1 lanes-m=4 lanes-n=8 threads=32 "
			 "unroll=1", dir);
	/* 4000 random records, seed fixed: the rules of BANKS.md §2 beyond what
	 * the generated loops exercise (port conflicts, one VGPR read twice through
	 * one port, loads over cached VGPRs, window 1) */
	for (unsigned w = 0; w <= 1; w++) {
		char why[1024] = "", name[64];
		snprintf(name, sizeof name, "report_scorers_agree_random_window%u", w);
		checkf(bsc_agree_random(2024, 4000, w, why, sizeof why), name, "%s", why);
	}
	test_bad_input(dir);
	test_pictures();
	test_roofs_by_math();
	test_prediction_read(dir);
	test_prediction_read_wmma(dir);
	rmdir(dir);
	return check_exit();
}
