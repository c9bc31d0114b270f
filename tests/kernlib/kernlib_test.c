/* kernlib_test — kernel library indexes (kl_open, kl_pick) written by hand
 * into a temporary folder, and written by kl_index_text and read back: the pick inside a range and the nearest range
 * outside all of them (distances derived by hand), and each bad index refused
 * with one line naming the problem.  The kernel files only need to exist. */
#include "kernlib/kernlib.h"
#include "vocab/vocab.h"
#include "tests/check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

static int pick(const struct kl_lib *lib, uint32_t m, uint32_t n, uint32_t k, int layout, const struct kl_entry **p,
		double *d, char *err, size_t errlen)
{
	const uint32_t x[3] = { m, n, k };
	return kl_pick(lib, x, 3, layout, p, d, err, errlen);
}

/* kl_open of an index; rc, message in err. */
static int open_index(const char *text, struct kl_lib **lib, char *err, size_t n)
{
	put("index.yaml", text);
	return kl_open(dir, lib, err, n);
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
	struct kl_lib *lib = NULL;
	int rc = open_index(good, &lib, err, sizeof err);
	if (!checkf(rc == 0 && kl_count(lib) == 5, "lib_open_good", "rc %d: %s", rc, err))
		return;
	const struct kl_entry *e = kl_at(lib, 0), *p;
	char want[400];
	snprintf(want, sizeof want, "%s/a.hsaco", dir);
	checkf(e && !strcmp(e->kernel, want) && e->lo[0] == 1 && e->hi[0] == 16 && e->lo[1] == 4096 &&
		       e->hi[2] == 4096 && e->layout == VC_NN && e->rate == 100.5 && e->tuned_at[0] == 16 &&
		       !strcmp(e->timed, "model"),
	       "lib_entry_fields", "%s [%u,%u] %d %g", e ? e->kernel : "-", e ? e->lo[0] : 0, e ? e->hi[0] : 0,
	       e ? e->layout : -2, e ? e->rate : 0);
	checkf(kl_at(lib, 4)->layout == VC_TN, "lib_layout_any_case", "%d", kl_at(lib, 4)->layout);
	double d = -1;
	rc = pick(lib, 16, 4096, 4096, VC_NN, &p, &d, err, sizeof err);
	check(rc == 0 && p == kl_at(lib, 0) && d == 0, "lib_pick_inside_range_end", err);
	rc = pick(lib, 17, 4096, 4096, VC_NN, &p, &d, err, sizeof err);
	check(rc == 0 && p == kl_at(lib, 1) && d == 0, "lib_pick_next_range", err);
	/* 128 x 4096 x 4096: 1 octave past [17, 64] (128/64); 3 * log2(4096/1024) = 6 from 1024^3 and
	 * log2(4096/128) = 5 from 4096^3 */
	rc = pick(lib, 128, 4096, 4096, VC_NN, &p, &d, err, sizeof err);
	checkf(rc == 0 && p == kl_at(lib, 1) && fabs(d - 1) < 1e-12, "lib_pick_nearest_outside", "%d %g", rc, d);
	/* 2048^3: 3 octaves from both 1024^3 and 4096^3: the first in the index wins */
	rc = pick(lib, 2048, 2048, 2048, VC_NN, &p, &d, err, sizeof err);
	checkf(rc == 0 && p == kl_at(lib, 2) && fabs(d - 3) < 1e-12, "lib_pick_tie_first_in_index", "%g", d);
	/* 3000^3: log2(3000/1024)*3 = 4.65 against log2(4096/3000)*3 = 1.35 */
	rc = pick(lib, 3000, 3000, 3000, VC_NN, &p, &d, err, sizeof err);
	checkf(rc == 0 && p == kl_at(lib, 3) && fabs(d - 3 * log2(4096 / 3000.0)) < 1e-9, "lib_pick_nearest_log",
	       "%g", d);
	rc = pick(lib, 8, 8, 8, VC_TN, &p, &d, err, sizeof err);
	check(rc == 0 && p == kl_at(lib, 4), "lib_pick_only_of_layout", err);
	rc = pick(lib, 8, 8, 8, VC_NT, &p, &d, err, sizeof err);
	checkf(rc == KL_E_NOKERNEL && strstr(err, "no kernel for layout NT") && !strchr(err, '\n'),
	       "lib_pick_no_layout", "%d %s", rc, err);
	rc = pick(lib, 0, 8, 8, VC_NN, &p, &d, err, sizeof err);
	check(rc == KL_E_ARG, "lib_pick_zero_refused", err);
	kl_close(lib);
}

struct bad_case {
	const char *name, *index, *expect;
	int rc;
};

static void test_bad(void)
{
	static const struct bad_case cases[] = {
		{ "lib_bad_unknown_key", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco, "
					 "speed: 3}\n", "index.yaml:3: unknown key 'speed'", KL_E_META },
		{ "lib_bad_top_key", "template: sgemm\nkernel:\n  - {m: 1}\n", "index.yaml:2: unknown or repeated key 'kernel'", KL_E_META },
		{ "lib_bad_overlap", "template: sgemm\nkernels:\n  - {m: [1, 16], n: 64, k: 64, layout: NN, kernel: a.hsaco}\n"
				     "  - {m: [16, 32], n: [1, 64], k: 64, layout: NN, kernel: b.hsaco}\n",
		  "index.yaml:4: this entry's ranges overlap those of the entry on line 3", KL_E_META },
		{ "lib_bad_missing_kernel", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: no.hsaco}\n",
		  "index.yaml:3: kernel: ", KL_E_META },
		{ "lib_bad_missing_config", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco, "
					    "config: no.yaml}\n", "config: ", KL_E_META },
		{ "lib_bad_path_outside", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: ../a.hsaco}\n",
		  "is not a file name in the library", KL_E_META },
		{ "lib_bad_size_zero", "template: sgemm\nkernels:\n  - {m: 0, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "m: '0' is not a size", KL_E_META },
		{ "lib_bad_size_negative", "template: sgemm\nkernels:\n  - {m: 1, n: -4, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "n: '-4' is not a size", KL_E_META },
		{ "lib_bad_empty_range", "template: sgemm\nkernels:\n  - {m: [9, 8], n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "range [9, 8] is empty", KL_E_META },
		{ "lib_bad_layout", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NX, kernel: a.hsaco}\n",
		  "layout: 'NX'", KL_E_META },
		{ "lib_bad_no_layout", "template: sgemm\nkernels:\n  - {m: 1, n: 1, k: 1, kernel: a.hsaco}\n",
		  "kernel entry without 'layout'", KL_E_META },
		{ "lib_bad_twice", "template: sgemm\nkernels:\n  - {m: 1, m: 2, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "'m' given twice", KL_E_META },
		{ "lib_bad_no_template", "kernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "template: the name of the template", KL_E_META },
		{ "lib_bad_v2_no_dims", "version: 2\ntemplate: stencil\nkernels:\n  - {nx: 1, kernel: a.hsaco}\n",
		  "no dims", KL_E_META },
		{ "lib_bad_v2_dim_is_a_key", "version: 2\ntemplate: x\ndims: [m, kernel]\nkernels:\n  - {m: 1, kernel: a.hsaco}\n",
		  "dims: 'kernel' is not a dimension name", KL_E_META },
		{ "lib_bad_v2_missing_dim", "version: 2\ntemplate: x\ndims: [nx, ny]\nkernels:\n  - {nx: 1, kernel: a.hsaco}\n",
		  "kernel entry without 'ny'", KL_E_META },
		{ "lib_bad_v2_gflops", "version: 2\ntemplate: x\ndims: [nx]\nkernels:\n  - {nx: 1, kernel: a.hsaco, gflops: 3}\n",
		  "unknown key 'gflops'", KL_E_META },
		{ "lib_bad_v2_tuned_at", "version: 2\ntemplate: x\ndims: [nx, ny]\nkernels:\n  - {nx: 1, ny: 2, kernel: a.hsaco, tuned_at: [1]}\n",
		  "tuned_at: a list of 2 sizes", KL_E_META },
		{ "lib_bad_no_kernels", "template: sgemm\nkernels: []\n", "no kernels", KL_E_META },
		{ "lib_bad_v1_target", "template: sgemm\ntarget: gfx1100\nkernels:\n  - {m: 1, n: 1, k: 1, layout: NN, kernel: a.hsaco}\n",
		  "version 1 has no dims, unit, target or device", KL_E_META },
		{ "lib_bad_v2_target_word", "version: 2\ntemplate: x\ndims: [nx]\ntarget: GFX 11\nkernels:\n  - {nx: 1, kernel: a.hsaco}\n",
		  "target: 'GFX 11' is not a name", KL_E_META },
		{ "lib_bad_version", "version: 3\ntemplate: sgemm\nkernels: []\n", "knows versions 1 and 2", KL_E_META },
		{ "lib_bad_yaml", "template: sgemm\nkernels: [ {m: 1\n", "malformed YAML", KL_E_META },
		{ "lib_bad_not_mapping", "- 1\n- 2\n", "not a kernel library index", KL_E_META },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char err[512] = "";
		struct kl_lib *lib = (struct kl_lib *)1;
		int rc = open_index(cases[i].index, &lib, err, sizeof err);
		checkf(rc == cases[i].rc && !lib && strstr(err, cases[i].expect) && !strchr(err, '\n'), cases[i].name,
		       "rc %d: %s", rc, err);
	}
	char err[512] = "";
	struct kl_lib *lib = NULL;
	unlink(strcat(strcpy((char[300]){ 0 }, dir), "/index.yaml"));
	int rc = kl_open(dir, &lib, err, sizeof err);
	checkf(rc == KL_E_IO && !lib && strstr(err, "index.yaml: cannot open the library index"), "lib_bad_no_index",
	       "rc %d: %s", rc, err);
}

/* kl_index_text, read back by kl_open: a library of another template's three
 * dimensions and no layout, its head, its entries, a pick; and a GEMM index
 * with layouts. */
static void test_write_read(void)
{
	struct kl_head h = { .template_name = "stencil", .ndims = 3, .dims = { "nx", "ny", "nz" }, .unit = "GB/s",
			     .target = "gfx1151", .device = "8060s" };
	struct kl_entry e[2] = {
		{ .lo = { 8, 8, 8 }, .hi = { 256, 256, 256 }, .layout = -1, .kernel = "a.hsaco", .config = "a.yaml",
		  .tuned_at = { 256, 256, 256 }, .rate = 700.5, .timed = "model" },
		{ .lo = { 257, 8, 8 }, .hi = { 1024, 1024, 1024 }, .layout = -1, .kernel = "b.hsaco" },
	};
	char *text = NULL, err[512] = "";
	size_t len = 0;
	int rc = kl_index_text(&h, e, 2, "written by kernlib_test", &text, &len);
	if (!checkf(rc == 0 && text && strlen(text) == len && strstr(text, "version: 2\n") &&
			    strstr(text, "dims: [nx, ny, nz]\nunit: GB/s\n"),
		    "kl_index_text_head", "rc %d: %s", rc, text ? text : "")) {
		free(text);
		return;
	}
	put("index.yaml", text);
	free(text);
	struct kl_lib *lib = NULL;
	rc = kl_open(dir, &lib, err, sizeof err);
	if (!checkf(rc == 0 && kl_count(lib) == 2, "kl_index_text_reads_back", "rc %d: %s", rc, err))
		return;
	const struct kl_head *rh = kl_head(lib);
	const struct kl_entry *a = kl_at(lib, 0), *p;
	checkf(!strcmp(rh->template_name, "stencil") && rh->ndims == 3 && !strcmp(rh->dims[2], "nz") &&
		       !strcmp(rh->unit, "GB/s") && !strcmp(rh->target, "gfx1151") && !strcmp(rh->device, "8060s") &&
		       a->layout == -1 && a->hi[1] == 256 && a->rate == 700.5 &&
		       a->tuned_at[2] == 256 && !strcmp(a->timed, "model") && strstr(a->config, "/a.yaml") &&
		       !kl_at(lib, 1)->config[0],
	       "kl_round_trip_fields", "%s %u %s %g", rh->template_name, rh->ndims, rh->unit, a->rate);
	double d = -1;
	rc = kl_pick(lib, (const uint32_t[]){ 300, 300, 300 }, 3, -1, &p, &d, err, sizeof err);
	check(rc == 0 && p == kl_at(lib, 1) && d == 0, "kl_pick_three_dims_no_layout", err);
	rc = kl_pick(lib, (const uint32_t[]){ 300, 300 }, 2, -1, &p, &d, err, sizeof err);
	check(rc == KL_E_ARG && strstr(err, "2 sizes for a library of 3 dimensions"), "kl_pick_wrong_dims", err);
	rc = kl_pick(lib, (const uint32_t[]){ 300, 300, 300 }, 3, VC_NN, &p, &d, err, sizeof err);
	check(rc == KL_E_NOKERNEL, "kl_pick_layout_in_library_without", err);
	kl_close(lib);
	/* two entries of one layout that overlap cannot be written and read */
	struct kl_head g = { .template_name = "sgemm", .ndims = 3, .dims = { "m", "n", "k" }, .unit = "GFLOP/s" };
	struct kl_entry ge[2] = { { .lo = { 1, 1, 1 }, .hi = { 64, 64, 64 }, .layout = VC_NT, .kernel = "a.hsaco" },
				  { .lo = { 1, 1, 1 }, .hi = { 64, 64, 64 }, .layout = VC_NN, .kernel = "b.hsaco" } };
	rc = kl_index_text(&g, ge, 2, NULL, &text, &len);
	put("index.yaml", rc ? "" : text);
	free(text);
	rc = kl_open(dir, &lib, err, sizeof err);
	checkf(rc == 0 && kl_at(lib, 0)->layout == VC_NT && kl_at(lib, 1)->layout == VC_NN, "kl_round_trip_layouts",
	       "rc %d: %s", rc, err);
	kl_close(lib);
	check(kl_overlap(ge[0].lo, ge[0].hi, VC_NN, ge[1].lo, ge[1].hi, VC_NN, 3) &&
		      !kl_overlap(ge[0].lo, ge[0].hi, VC_NT, ge[1].lo, ge[1].hi, VC_NN, 3),
	      "kl_overlap_same_layout_only", "");
}

/* kl_shapes_read with the dimensions a template names */
static void test_shapes(void)
{
	static const char *const gemm[3] = { "m", "n", "k" }, *const grid[2] = { "nx", "ny" };
	char path[400], err[512] = "";
	snprintf(path, sizeof path, "%s/s.yaml", dir);
	put("s.yaml", "layout: NT\nshapes:\n  - {m: [1, 16], n: 64, k: 64}\n  - {m: 17, n: 64, k: 64, layout: NN}\n");
	struct kl_shape *s = NULL;
	unsigned n = 0;
	int rc = kl_shapes_read(path, gemm, 3, &s, &n, err, sizeof err);
	checkf(rc == 0 && n == 2 && s[0].layout == VC_NT && s[0].hi[0] == 16 && s[1].layout == VC_NN && s[1].line == 4,
	       "kl_shapes_gemm", "rc %d: %s", rc, err);
	free(s);
	put("s.yaml", "shapes:\n  - {nx: [8, 64], ny: 32}\n  - {nx: 64, ny: [1, 32]}\n");
	rc = kl_shapes_read(path, grid, 2, &s, &n, err, sizeof err);
	checkf(rc == KL_E_META && strstr(err, "s.yaml:3: this shape overlaps the shape on line 2"), "kl_shapes_overlap",
	       "rc %d: %s", rc, err);
	put("s.yaml", "shapes:\n  - {nx: 8, m: 32}\n");
	rc = kl_shapes_read(path, grid, 2, &s, &n, err, sizeof err);
	checkf(rc == KL_E_META && strstr(err, "unknown key 'm' in a shape (nx ... ny, layout)"),
	       "kl_shapes_keys_are_the_dims", "rc %d: %s", rc, err);
	unlink(path);
}

/* A library of one target in dir/sub (a kernel file and an index naming it
 * and its target, or none when target is ""). */
static void put_sub(const char *sub, const char *target)
{
	char path[400], text[400];
	snprintf(path, sizeof path, "%s/%s", dir, sub);
	mkdir(path, 0777);
	snprintf(path, sizeof path, "%s/%s/k.hsaco", dir, sub);
	FILE *f = fopen(path, "w");
	if (f)
		fclose(f);
	snprintf(text, sizeof text, "version: 2\ntemplate: sgemm\ndims: [m, n, k]\nunit: GFLOP/s\n%s%s%skernels:\n"
		 "  - {m: 64, n: 64, k: 64, layout: NN, kernel: k.hsaco}\n", target[0] ? "target: " : "", target,
		 target[0] ? "\n" : "");
	snprintf(path, sizeof path, "%s/%s/index.yaml", dir, sub);
	if ((f = fopen(path, "w")))
		fputs(text, f), fclose(f);
}

static void rm_sub(const char *sub)
{
	char path[400];
	unlink((snprintf(path, sizeof path, "%s/%s/k.hsaco", dir, sub), path));
	unlink((snprintf(path, sizeof path, "%s/%s/index.yaml", dir, sub), path));
	rmdir((snprintf(path, sizeof path, "%s/%s", dir, sub), path));
}

/* kl_open_target: a folder of libraries, one per target, or one library. */
static void test_targets(void)
{
	char set[400], err[512] = "", want[600];
	struct kl_lib *lib = NULL;
	snprintf(set, sizeof set, "%s/set", dir);
	mkdir(set, 0777);
	put_sub("set/b", "gfx1151");
	put_sub("set/a", "gfx1100");
	int rc = kl_open_target(set, "gfx1151", &lib, err, sizeof err);
	snprintf(want, sizeof want, "%s/b/k.hsaco", set);
	checkf(rc == 0 && !strcmp(kl_head(lib)->target, "gfx1151") && !strcmp(kl_at(lib, 0)->kernel, want),
	       "kl_open_target_picks_its_folder", "rc %d: %s", rc, err);
	kl_close(lib);
	rc = kl_open_target(set, "gfx1100", &lib, err, sizeof err);
	checkf(rc == 0 && !strcmp(kl_head(lib)->target, "gfx1100"), "kl_open_target_picks_the_other", "rc %d: %s", rc, err);
	kl_close(lib);
	rc = kl_open_target(set, "gfx1102", &lib, err, sizeof err);
	snprintf(want, sizeof want, "%s has no kernel for gfx1102 (its libraries: gfx1100 in a, gfx1151 in b)", set);
	checkf(rc == KL_E_NOKERNEL && !lib && !strcmp(err, want), "kl_open_target_no_library_of_the_target", "rc %d: %s",
	       rc, err);
	rc = kl_open_target(set, NULL, &lib, err, sizeof err);
	checkf(rc == KL_E_ARG && !lib && strstr(err, "several targets"), "kl_open_target_no_target_of_several",
	       "rc %d: %s", rc, err);
	put_sub("set/c", "gfx1151");
	rc = kl_open_target(set, "gfx1151", &lib, err, sizeof err);
	checkf(rc == KL_E_META && !lib && strstr(err, "/b and ") && strstr(err, "/c both hold gfx1151 kernels"),
	       "kl_open_target_two_of_one_target", "rc %d: %s", rc, err);
	rm_sub("set/c");
	/* one library: its own target must be the device's; one without a target serves any */
	snprintf(set, sizeof set, "%s/set/a", dir);
	rc = kl_open_target(set, "gfx1151", &lib, err, sizeof err);
	checkf(rc == KL_E_NOKERNEL && !lib && strstr(err, "has no kernel for gfx1151: its kernels are gfx1100 code"),
	       "kl_open_target_one_library_of_another_target", "rc %d: %s", rc, err);
	put_sub("set/a", "");
	rc = kl_open_target(set, "gfx1151", &lib, err, sizeof err);
	checkf(rc == 0, "kl_open_target_a_library_without_target_serves_any", "rc %d: %s", rc, err);
	kl_close(lib);
	rc = kl_open_target(dir, "gfx1100", &lib, err, sizeof err); /* dir's index.yaml is gone by now */
	checkf(rc == KL_E_IO && strstr(err, "not a kernel library"), "kl_open_target_no_library", "rc %d: %s", rc, err);
	rm_sub("set/a");
	rm_sub("set/b");
	rmdir((snprintf(set, sizeof set, "%s/set", dir), set));
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
	test_write_read();
	test_shapes();
	char path[400];
	for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++)
		unlink((snprintf(path, sizeof path, "%s/%s", dir, files[i]), path));
	unlink((snprintf(path, sizeof path, "%s/index.yaml", dir), path));
	test_targets();
	rmdir(dir);
	return check_exit();
}
