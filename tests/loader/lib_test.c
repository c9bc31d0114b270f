/* lib_test — kernel library indexes (ld_lib_open, ld_lib_pick) written by
 * hand into a temporary folder: the pick inside a range and the nearest range
 * outside all of them (distances derived by hand), and each bad index refused
 * with one line naming the problem.  The kernel files only need to exist. */
#include "loader/loader.h"
#include "tests/check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[256];

static void put(const char *name, const char *text)
{
	char path[400];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* ld_lib_open of an index; rc, message in err. */
static int open_index(const char *text, struct ld_lib **lib, char *err, size_t n)
{
	put("index.yaml", text);
	return ld_lib_open(dir, lib, err, n);
}

static const char *const good =
	"# a library\nversion: 1\ntemplate: sgemm\nkernels:\n"
	"  - {m: [1, 16], n: 4096, k: 4096, layout: NN, kernel: a.hsaco, config: a.yaml, gflops: 100.5, timed: model,"
	" tuned_at: [16, 4096, 4096]}\n"
	"  - {m: [17, 64], n: 4096, k: 4096, layout: NN, kernel: b.hsaco}\n"
	"  - {m: 1024, n: 1024, k: 1024, layout: NN, kernel: c.hsaco}\n"
	"  - {m: 4096, n: 4096, k: 4096, layout: NN, kernel: d.hsaco}\n"
	"  - {m: 4096, n: 4096, k: 4096, layout: tn, kernel: e.hsaco}\n";

static void test_pick(void)
{
	char err[512] = "";
	struct ld_lib *lib = NULL;
	int rc = open_index(good, &lib, err, sizeof err);
	if (!checkf(rc == 0 && ld_lib_count(lib) == 5, "lib_open_good", "rc %d: %s", rc, err))
		return;
	const struct ld_lib_entry *e = ld_lib_at(lib, 0), *p;
	char want[400];
	snprintf(want, sizeof want, "%s/a.hsaco", dir);
	checkf(e && !strcmp(e->kernel, want) && e->lo[0] == 1 && e->hi[0] == 16 && e->lo[1] == 4096 &&
		       e->hi[2] == 4096 && !strcmp(e->layout, "NN") && e->gflops == 100.5 && e->tuned_at[0] == 16 &&
		       !strcmp(e->timed, "model"),
	       "lib_entry_fields", "%s [%u,%u] %s %g", e ? e->kernel : "-", e ? e->lo[0] : 0, e ? e->hi[0] : 0,
	       e ? e->layout : "-", e ? e->gflops : 0);
	checkf(!strcmp(ld_lib_at(lib, 4)->layout, "TN"), "lib_layout_upper_case", "%s", ld_lib_at(lib, 4)->layout);
	double d = -1;
	rc = ld_lib_pick(lib, 16, 4096, 4096, "NN", &p, &d, err, sizeof err);
	check(rc == 0 && p == ld_lib_at(lib, 0) && d == 0, "lib_pick_inside_range_end", err);
	rc = ld_lib_pick(lib, 17, 4096, 4096, "nn", &p, &d, err, sizeof err);
	check(rc == 0 && p == ld_lib_at(lib, 1) && d == 0, "lib_pick_next_range_any_case", err);
	/* 128 x 4096 x 4096: 1 octave past [17, 64] (128/64); 3 * log2(4096/1024) = 6 from 1024^3 and
	 * log2(4096/128) = 5 from 4096^3 */
	rc = ld_lib_pick(lib, 128, 4096, 4096, "NN", &p, &d, err, sizeof err);
	checkf(rc == 0 && p == ld_lib_at(lib, 1) && fabs(d - 1) < 1e-12, "lib_pick_nearest_outside", "%d %g", rc, d);
	/* 2048^3: 3 octaves from both 1024^3 and 4096^3: the first in the index wins */
	rc = ld_lib_pick(lib, 2048, 2048, 2048, "NN", &p, &d, err, sizeof err);
	checkf(rc == 0 && p == ld_lib_at(lib, 2) && fabs(d - 3) < 1e-12, "lib_pick_tie_first_in_index", "%g", d);
	/* 3000^3: log2(3000/1024)*3 = 4.65 against log2(4096/3000)*3 = 1.35 */
	rc = ld_lib_pick(lib, 3000, 3000, 3000, "NN", &p, &d, err, sizeof err);
	checkf(rc == 0 && p == ld_lib_at(lib, 3) && fabs(d - 3 * log2(4096 / 3000.0)) < 1e-9, "lib_pick_nearest_log",
	       "%g", d);
	rc = ld_lib_pick(lib, 8, 8, 8, "TN", &p, &d, err, sizeof err);
	check(rc == 0 && p == ld_lib_at(lib, 4), "lib_pick_only_of_layout", err);
	rc = ld_lib_pick(lib, 8, 8, 8, "NT", &p, &d, err, sizeof err);
	checkf(rc == LD_E_NOKERNEL && strstr(err, "no kernel for layout NT") && !strchr(err, '\n'),
	       "lib_pick_no_layout", "%d %s", rc, err);
	rc = ld_lib_pick(lib, 0, 8, 8, "NN", &p, &d, err, sizeof err);
	check(rc == LD_E_ARG, "lib_pick_zero_refused", err);
	ld_lib_close(lib);
}

struct bad_case {
	const char *name, *index, *expect;
	int rc;
};

static void test_bad(void)
{
	static const struct bad_case cases[] = {
		{ "lib_bad_unknown_key", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco, "
					 "speed: 3}\n", "index.yaml:3: unknown key 'speed'", LD_E_META },
		{ "lib_bad_top_key", "template: sgemm\nkernel:\n  - {m: 1}\n", "index.yaml:2: unknown key", LD_E_META },
		{ "lib_bad_overlap", "template: sgemm\nkernels:\n  - {m: [1, 16], n: 64, k: 64, layout: NN, kernel: a.hsaco}\n"
				     "  - {m: [16, 32], n: [1, 64], k: 64, layout: NN, kernel: b.hsaco}\n",
		  "index.yaml:4: this entry's ranges overlap those of the entry on line 3", LD_E_META },
		{ "lib_bad_missing_kernel", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: no.hsaco}\n",
		  "index.yaml:3: kernel: ", LD_E_META },
		{ "lib_bad_missing_config", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco, "
					    "config: no.yaml}\n", "config: ", LD_E_META },
		{ "lib_bad_path_outside", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: ../a.hsaco}\n",
		  "is not a file name in the library", LD_E_META },
		{ "lib_bad_size_zero", "template: sgemm\nkernels:\n  - {m: 0, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "m: '0' is not a size", LD_E_META },
		{ "lib_bad_size_negative", "template: sgemm\nkernels:\n  - {m: 1, n: -4, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "n: '-4' is not a size", LD_E_META },
		{ "lib_bad_empty_range", "template: sgemm\nkernels:\n  - {m: [9, 8], n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "range [9, 8] is empty", LD_E_META },
		{ "lib_bad_layout", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NX, kernel: a.hsaco}\n",
		  "layout: 'NX'", LD_E_META },
		{ "lib_bad_no_layout", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, kernel: a.hsaco}\n",
		  "kernel entry without 'layout'", LD_E_META },
		{ "lib_bad_twice", "template: sgemm\nkernels:\n  - {m: 1, m: 2, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "'m' given twice", LD_E_META },
		{ "lib_bad_template", "template: hgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "template 'hgemm'", LD_E_META },
		{ "lib_bad_no_kernels", "template: sgemm\nkernels: []\n", "no kernels", LD_E_META },
		{ "lib_bad_version", "version: 2\ntemplate: sgemm\nkernels: []\n", "reads version 1", LD_E_META },
		{ "lib_bad_yaml", "template: sgemm\nkernels: [ {m: 1\n", "malformed YAML", LD_E_META },
		{ "lib_bad_not_mapping", "- 1\n- 2\n", "not a kernel library index", LD_E_META },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char err[512] = "";
		struct ld_lib *lib = (struct ld_lib *)1;
		int rc = open_index(cases[i].index, &lib, err, sizeof err);
		checkf(rc == cases[i].rc && !lib && strstr(err, cases[i].expect) && !strchr(err, '\n'), cases[i].name,
		       "rc %d: %s", rc, err);
	}
	char err[512] = "";
	struct ld_lib *lib = NULL;
	unlink(strcat(strcpy((char[300]){ 0 }, dir), "/index.yaml"));
	int rc = ld_lib_open(dir, &lib, err, sizeof err);
	checkf(rc == LD_E_IO && !lib && strstr(err, "index.yaml: cannot open the library index"), "lib_bad_no_index",
	       "rc %d: %s", rc, err);
}

int main(void)
{
	snprintf(dir, sizeof dir, "%s/lib_test_XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(dir)) {
		check(false, "lib_tempdir", "mkdtemp failed");
		return check_exit();
	}
	static const char *const files[] = { "a.hsaco", "b.hsaco", "c.hsaco", "d.hsaco", "e.hsaco", "a.yaml" };
	for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++)
		put(files[i], "x");
	test_pick();
	test_bad();
	char path[400];
	for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++)
		unlink((snprintf(path, sizeof path, "%s/%s", dir, files[i]), path));
	unlink((snprintf(path, sizeof path, "%s/index.yaml", dir), path));
	rmdir(dir);
	return check_exit();
}
