/* sqtt_score — the timing model against real RX 7900 XTX instruction traces.
 *
 * For every kernel of the SQTT dataset (../shared/sqtt, or $RDNA3_SQTT) that
 * runs on the emulator, run its recorded launch (manifest.csv: grid, block,
 * buffer size; emu_runs.csv: checks off or a larger buffer) through the
 * emulator under the model, keep the issue cycles of the waves the model puts
 * on the traced SIMD (CU 0, SIMD 0), and score the issue-to-issue gaps as the
 * dataset's README defines them (strict and MODAL, 50-cycle filter), with a
 * breakdown by instruction class and the denominator.
 *
 *   sqtt_score [-v] [--set CONST=VALUE ...] [--only PREFIX] [--dump KERNEL|all] [--part fit|check] [--mem]
 *
 * --mem sends vector memory through the GPU-level hierarchy (model/model.h, mm_*)
 * instead of the core's fixed latencies.
 * -v prints one line per kernel with its strict misses by class; --dump all
 * dumps every kernel (each gap, and each issue's cycle counted from the
 * kernel's first issue, HW and model); --part keeps one half of the kernels (by a
 * hash of the name): constants are fitted on "fit" and checked on "check".  Prints a skip line (exit 0) when the
 * dataset is absent.
 */
#include "emu/decode.h"
#include "model/model.h"
#include "tests/emu/harness.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSLOT 16
#define LINE 4096

enum cls { C_VALU, C_TRANS, C_SALU, C_LDS, C_SMEM, C_VMEM, C_BRANCH, C_BARRIER, C_WAIT, C_N };
static const char *const cls_name[C_N] = { "VALU", "trans", "SALU/other", "LDS", "SMEM", "VMEM", "branch", "barrier", "wait" };

struct ev {
	uint32_t off;
	int64_t t;
	uint8_t cls;
};

struct list {
	struct ev *e;
	unsigned n, cap;
	int slot;
};

struct score {
	uint64_t strict[C_N], modal[C_N], slots[C_N], pm2[C_N];
	unsigned kernels, skipped, failed, pairs_skipped;
};

static void push(struct list *l, uint32_t off, int64_t t, unsigned cls)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->e = realloc(l->e, l->cap * sizeof *l->e);
		if (!l->e) {
			fprintf(stderr, "sqtt_score: out of memory\n");
			exit(1);
		}
	}
	l->e[l->n++] = (struct ev){ off, t, (uint8_t)cls };
}

/* The class of a traced instruction, from its SQTT kind and text. */
static unsigned classify(const char *kind, const char *text)
{
	while (*text == '"')
		text++;
	if (!strncmp(kind, "VALUINST", 8))
		return C_VALU;
	if (!strncmp(text, "v_", 2))
		return C_TRANS; /* VALU ops SQTT reports as INST: transcendental and quarter-rate */
	if (!strncmp(text, "ds_", 3))
		return C_LDS;
	if (!strncmp(text, "s_load", 6) || !strncmp(text, "s_buffer_load", 13))
		return C_SMEM;
	if (!strncmp(text, "global_", 7) || !strncmp(text, "buffer_", 7) || !strncmp(text, "flat_", 5) ||
	    !strncmp(text, "scratch_", 8))
		return C_VMEM;
	if (!strncmp(text, "s_branch", 8) || !strncmp(text, "s_cbranch", 9))
		return C_BRANCH;
	if (!strncmp(text, "s_barrier", 9))
		return C_BARRIER;
	if (!strncmp(text, "s_waitcnt", 9) || !strncmp(text, "s_wait_", 7))
		return C_WAIT;
	return C_SALU;
}

/* HW lists: one per slot, waves of a slot appended in wave order. */
static unsigned read_events(const char *path, struct list *hw)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	char line[LINE];
	unsigned nslots = 0;
	if (!fgets(line, sizeof line, f)) {
		fclose(f);
		return 0;
	}
	while (fgets(line, sizeof line, f)) {
		char *fld[6];
		char *p = line;
		for (int i = 0; i < 6; i++) {
			fld[i] = p;
			if (i < 5) {
				p = strchr(p, ',');
				if (!p)
					break;
				*p++ = 0;
			}
		}
		if (!p)
			continue;
		int slot = atoi(fld[1]);
		if (slot < 0 || slot >= MAXSLOT)
			continue;
		hw[slot].slot = slot;
		push(&hw[slot], (uint32_t)strtoul(fld[2], NULL, 10), strtoll(fld[3], NULL, 10), classify(fld[4], fld[5]));
		if ((unsigned)slot + 1 > nslots)
			nslots = (unsigned)slot + 1;
	}
	fclose(f);
	return nslots;
}

/* --mem: vector memory through the GPU-level hierarchy (model/model.h, mm_*); scalar
 * loads keep the core's fixed latency. */
struct mem_ctx {
	struct mm *mm;
	double smem_latency;
};

static uint64_t mem_access(void *ctx, const struct mdl_mem_req *r)
{
	struct mem_ctx *m = ctx;
	if (r->scalar)
		return r->now + (uint64_t)m->smem_latency;
	return mm_access(m->mm, r->cu, r->now, r->addr, r->naddr, r->exec, r->bytes, mdl_mem_how(r), NULL);
}

/* Emulator side: the issues the model places on CU 0, SIMD 0, by slot. */
struct emu_side {
	struct list l[MAXSLOT];
};

static void on_issue(void *ctx, const struct mdl_issue *is)
{
	struct emu_side *e = ctx;
	if (is->cu != 0 || is->simd != 0 || is->slot >= MAXSLOT)
		return;
	push(&e->l[is->slot], is->pc, (int64_t)is->cycle, 0);
}

/* The non-empty lists, in ascending slot order. */
static unsigned present(struct list *l, struct list **out)
{
	unsigned n = 0;
	for (unsigned s = 0; s < MAXSLOT; s++)
		if (l[s].n)
			out[n++] = &l[s];
	return n;
}

static int64_t gap(const struct list *l, unsigned j) { return j ? l->e[j].t - l->e[j - 1].t : 0; }

/* The README's metric over one kernel; per-class counts by the HW instruction. */
static void score_kernel(struct list *hw, struct list *em, struct score *sc, uint64_t *km, uint64_t *ks)
{
	struct list *H[MAXSLOT], *E[MAXSLOT];
	unsigned nh = present(hw, H), ne = present(em, E);
	*km = *ks = 0;
	if (nh > ne || nh == 0) {
		sc->skipped++;
		return;
	}
	for (unsigned i = 0; i < nh; i++) {
		unsigned m = H[i]->n < E[i]->n ? H[i]->n : E[i]->n;
		bool same = true;
		for (unsigned j = 0; j < m && same; j++)
			same = H[i]->e[j].off - H[i]->e[0].off == E[i]->e[j].off - E[i]->e[0].off;
		if (!same) {
			sc->pairs_skipped++;
			continue;
		}
		for (unsigned j = 0; j < m; j++) {
			int64_t hd = gap(H[i], j), ed = gap(E[i], j);
			if (hd > 50 || ed > 50)
				continue;
			unsigned c = H[i]->e[j].cls;
			sc->slots[c]++;
			(*ks)++;
			bool strict = ed == hd, modal = strict || j == 0, pm2 = ed - hd <= 2 && hd - ed <= 2;
			if (j > 0 && nh >= 2 && !strict) {
				bool any = false;
				for (unsigned k = 0; k < nh && !modal; k++) {
					if (j >= H[k]->n)
						continue;
					int64_t a = gap(H[k], j);
					if (a > 50)
						continue;
					any = true;
					modal = a == ed;
				}
				if (!any)
					modal = strict;
			}
			sc->strict[c] += strict;
			sc->modal[c] += modal;
			sc->pm2[c] += pm2;
			*km += strict;
		}
	}
	sc->kernels++;
}

/* --dump: the HW and model gaps of one kernel, slot by slot, side by side. */
static void dump_kernel(struct list *hw, struct list *em)
{
	struct list *H[MAXSLOT], *E[MAXSLOT];
	unsigned nh = present(hw, H), ne = present(em, E);
	int64_t h0 = INT64_MAX, e0 = INT64_MAX; /* the first issue of any slot: times are printed from it */
	for (unsigned i = 0; i < nh; i++)
		if (H[i]->n && H[i]->e[0].t < h0)
			h0 = H[i]->e[0].t;
	for (unsigned i = 0; i < ne; i++)
		if (E[i]->n && E[i]->e[0].t < e0)
			e0 = E[i]->e[0].t;
	for (unsigned i = 0; i < nh && i < ne; i++) {
		printf("slot pair %u (HW slot %d):\n", i, H[i]->slot);
		unsigned m = H[i]->n > E[i]->n ? H[i]->n : E[i]->n;
		for (unsigned j = 0; j < m; j++) {
			long long hd = j < H[i]->n ? (long long)gap(H[i], j) : -1, ed = j < E[i]->n ? (long long)gap(E[i], j) : -1;
			long long ht = j < H[i]->n ? (long long)(H[i]->e[j].t - h0) : -1,
				  et = j < E[i]->n ? (long long)(E[i]->e[j].t - e0) : -1;
			printf("  %3u +0x%03x %-10s hw %5lld  model %5lld%s   (at hw %lld model %lld)\n", j,
			       j < H[i]->n ? H[i]->e[j].off : 0, j < H[i]->n ? cls_name[H[i]->e[j].cls] : "", hd, ed,
			       hd == ed ? "" : "   *", ht, et);
		}
	}
}

/* The half of the set a kernel belongs to, for fitting constants on one half
 * and reporting the error on the other: FNV-1a of the name, low bit. */
static unsigned half_of(const char *name)
{
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h & 1;
}

struct kernel {
	char name[200];
	uint32_t grid[3], block[3];
	size_t bytes;
	unsigned kernarg;
	bool unchecked;
};

static const char *field(char *line, int k, char *out, size_t n)
{
	char *p = line;
	for (int i = 0; i < k && p; i++) {
		p = strchr(p, ',');
		if (p)
			p++;
	}
	if (!p)
		return NULL;
	size_t len = strcspn(p, ",\n");
	if (len >= n)
		len = n - 1;
	memcpy(out, p, len);
	out[len] = 0;
	return out;
}

/* emu_runs.csv: how the kernel ran (ok, ok_unchecked, ok_enlarged_buffer). */
static void run_mode(const char *dir, struct kernel *k)
{
	char path[1024], line[LINE], name[200], res[64];
	snprintf(path, sizeof path, "%s/emu_runs.csv", dir);
	FILE *f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof line, f))
		if (field(line, 0, name, sizeof name) && !strcmp(name, k->name) && field(line, 1, res, sizeof res)) {
			k->unchecked = !strcmp(res, "ok_unchecked");
			if (!strcmp(res, "ok_enlarged_buffer"))
				k->bytes += 16;
		}
	fclose(f);
}

static bool use_mem;

static int run_kernel(const char *dir, const struct kernel *k, const struct mdl_opts *base, struct emu_side *es,
		      char *err, size_t errlen)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/kernels/%s.hsaco", dir, k->name);
	struct th h;
	/* every check but trans-use: these kernels ran on the card, and 18 of them
	 * read a TRANS result sooner than LLVM would (emu/HAZARDS.md) */
	struct emu_opts eo = { .threads = 1, .checks = k->unchecked ? 0 : EMU_CHECK_ALL & ~EMU_CHECK_TRANS_USE };
	if (th_open(&h, path, &eo)) {
		snprintf(err, errlen, "%s", h.err);
		return -1;
	}
	uint8_t kernarg[256] = { 0 };
	unsigned nbuf = k->kernarg / 8 < 32 ? k->kernarg / 8 : 32;
	float *fill = calloc(1, k->bytes + 4);
	for (size_t i = 0; fill && i < k->bytes / 4; i++)
		fill[i] = (float)i;
	for (unsigned i = 0; i < nbuf && fill; i++) {
		uint64_t a = emu_alloc(h.dev, k->bytes ? k->bytes : 4, 0);
		emu_write(h.dev, a, fill, k->bytes);
		memcpy(kernarg + 8 * i, &a, 8);
	}
	free(fill);
	const struct ld_kernel *lk = ld_kernel_at(h.co, 0);
	struct emu_launch L = { .kernel_name = k->name, .kd_addr = h.base + lk->kd_vaddr, .kernarg = kernarg,
				.kernarg_size = k->kernarg < sizeof kernarg ? k->kernarg : sizeof kernarg };
	memcpy(L.grid, k->grid, sizeof L.grid);
	memcpy(L.block, k->block, sizeof L.block);
	struct mdl_opts o = *base;
	o.on_issue = on_issue;
	o.issue_ctx = es;
	struct mem_ctx mc = { NULL, base->c.smem_latency };
	if (use_mem) {
		mc.mm = mm_new(&base->c, 1, 1, 1);
		o.mem = mc.mm ? mem_access : NULL;
		o.mem_ctx = &mc;
	}
	struct mdl_result r;
	int rc = mdl_run(h.dev, &L, &o, &r, err, errlen);
	mm_free(mc.mm);
	th_close(&h);
	return rc;
}

static void report(const struct score *sc, const char *dir)
{
	uint64_t s = 0, m = 0, n = 0, p = 0;
	printf("sqtt_score: %s: %u kernels scored, %u skipped (HW has more slots than the model), %u failed, "
	       "%u pairs skipped (different instruction stream)\n",
	       dir, sc->kernels, sc->skipped, sc->failed, sc->pairs_skipped);
	printf("  %-11s %8s %8s %8s %8s\n", "class", "slots", "strict", "MODAL", "+-2");
	for (unsigned c = 0; c < C_N; c++) {
		s += sc->strict[c], m += sc->modal[c], n += sc->slots[c], p += sc->pm2[c];
		if (sc->slots[c])
			printf("  %-11s %8llu %7.1f%% %7.1f%% %7.1f%%\n", cls_name[c], (unsigned long long)sc->slots[c],
			       100.0 * (double)sc->strict[c] / (double)sc->slots[c],
			       100.0 * (double)sc->modal[c] / (double)sc->slots[c],
			       100.0 * (double)sc->pm2[c] / (double)sc->slots[c]);
	}
	/* two decimals: the goals are 85 % and 95 %, and 94.98 is not 95 */
	printf("sqtt_score: strict %llu/%llu = %.2f%%  MODAL %llu/%llu = %.2f%%  (+-2: %.1f%%)\n", (unsigned long long)s,
	       (unsigned long long)n, n ? 100.0 * (double)s / (double)n : 0.0, (unsigned long long)m, (unsigned long long)n,
	       n ? 100.0 * (double)m / (double)n : 0.0, n ? 100.0 * (double)p / (double)n : 0.0);
}

static bool parse_kernel(char *line, struct kernel *k)
{
	char f[16][200];
	for (int i = 0; i < 14; i++)
		if (!field(line, i, f[i], sizeof f[i]))
			return false;
	if (strcmp(f[13], "yes") || strcmp(f[2], "yes"))
		return false;
	snprintf(k->name, sizeof k->name, "%s", f[0]);
	for (int i = 0; i < 3; i++) {
		k->grid[i] = (uint32_t)atoi(f[3 + i]);
		k->block[i] = (uint32_t)atoi(f[6 + i]);
	}
	k->bytes = (size_t)atoll(f[9]);
	k->kernarg = (unsigned)atoi(f[10]);
	k->unchecked = false;
	return true;
}

int main(int argc, char **argv)
{
	bool verbose = false;
	const char *only = NULL, *dump = NULL;
	int part = -1; /* --part fit (0) or check (1); -1 both */
	struct mdl_opts o = { 0 };
	mdl_consts_default(&o.c);
	o.cus = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-v")) {
			verbose = true;
		} else if (!strcmp(argv[i], "--only") && i + 1 < argc) {
			only = argv[++i];
		} else if (!strcmp(argv[i], "--mem")) {
			use_mem = true;
		} else if (!strcmp(argv[i], "--part") && i + 1 < argc) {
			part = !strcmp(argv[++i], "check");
		} else if (!strcmp(argv[i], "--dump") && i + 1 < argc) {
			dump = argv[++i];
			if (strcmp(dump, "all"))
				only = dump;
		} else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
			char name[64];
			double v;
			if (sscanf(argv[++i], "%63[^=]=%lf", name, &v) != 2 || mdl_consts_set(&o.c, name, v)) {
				fprintf(stderr, "sqtt_score: bad --set %s\n", argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: sqtt_score [-v] [--only PREFIX] [--dump KERNEL] [--part fit|check] [--mem] [--set CONST=VALUE ...]\n");
			return 2;
		}
	}
	const char *dir = getenv("RDNA3_SQTT");
	if (!dir || !*dir)
		dir = "../shared/sqtt";
	char path[1024], line[LINE];
	snprintf(path, sizeof path, "%s/manifest.csv", dir);
	FILE *f = fopen(path, "r");
	if (!f) {
		printf("skip sqtt_score: no SQTT dataset at %s (set RDNA3_SQTT)\n", dir);
		return 0;
	}
	struct score sc = { 0 };
	while (fgets(line, sizeof line, f)) {
		struct kernel k;
		if (!parse_kernel(line, &k) || (only && strncmp(k.name, only, strlen(only))) ||
		    (part >= 0 && half_of(k.name) != (unsigned)part))
			continue;
		run_mode(dir, &k);
		struct list hw[MAXSLOT] = { 0 };
		struct emu_side es = { 0 };
		snprintf(path, sizeof path, "%s/kernels/%s.events.csv", dir, k.name);
		read_events(path, hw);
		char err[1024];
		uint64_t km = 0, ks = 0;
		if (run_kernel(dir, &k, &o, &es, err, sizeof err)) {
			sc.failed++;
			if (verbose)
				printf("%-48s failed: %s\n", k.name, err);
		} else {
			struct score before = sc;
			score_kernel(hw, es.l, &sc, &km, &ks);
			if (dump && (!strcmp(dump, k.name) || !strcmp(dump, "all"))) {
				printf("kernel %s\n", k.name);
				dump_kernel(hw, es.l);
			}
			if (verbose) {
				printf("%-48s strict %4llu/%-4llu", k.name, (unsigned long long)km, (unsigned long long)ks);
				for (unsigned c = 0; c < C_N; c++) /* strict misses by class */
					if (sc.slots[c] - before.slots[c] > sc.strict[c] - before.strict[c])
						printf("  %s -%llu", cls_name[c],
						       (unsigned long long)(sc.slots[c] - before.slots[c] - sc.strict[c] + before.strict[c]));
				printf("\n");
			}
		}
		for (unsigned s = 0; s < MAXSLOT; s++)
			free(hw[s].e), free(es.l[s].e);
	}
	fclose(f);
	report(&sc, dir);
	th_cleanup(false);
	return 0;
}
