/* meta_words_test — metadata strings no LLVM retypes.
 *   1. ao_meta_text_unsafe refuses the words LLVM 19 or 22 read as a boolean,
 *      null or number (the table in docs/isa-notes.md), in any case, and the
 *      builder refuses them as kernel names, argument names and values.
 *   2. Every string the generator emits (kernel and argument names, string
 *      .rdna3 values, of every template with its defaults, every preset, every
 *      sgemm layout, dual on and off), and words the rule accepts that look
 *      close to refused ones, go through the LLVM under test (tests/llvm.h):
 *      llvm-readelf --notes must print each as the same string, and the loader
 *      must read it back as that string.
 *   3. The loader reads what LLVM made of words it retypes (a code object
 *      written before the rule: `.rdna3.single_why: off`) instead of refusing
 *      the file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_out/asm_out.h"
#include "loader/loader.h"
#include "templates/templates.h"
#include "tests/check.h"
#include "tests/llvm.h"

static char tmpdir[256];

/* ---- 1. the rule -------------------------------------------------------------- */

static void test_rule(void)
{
	/* Retyped by LLVM 19 or 22 (llvm-readelf --notes), or where numbers start. */
	static const char *const refused[] = {
		"y", "Y", "n", "N", "yes", "Yes", "YES", "no", "No", "on", "On", "ON", "off", "Off", "OFF",
		"true", "True", "TRUE", "false", "False", "FALSE", "oFF", "null", "Null", "NULL",
		"inf", "Inf", "nan", "NaN", "NAN", "infinity", "Infinity", ".inf", ".nan", ".5",
		"1e5", "1E5", "0x10", "010", "12", "0", "-1", "+1", "0o17", "0b101", "", "a b", "a:b",
		"~", "'off'", "\"off\"", "#x",
	};
	unsigned bad = 0;
	char first[200] = "";
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
		if (!ao_meta_text_unsafe(refused[i])) {
			if (!bad++)
				snprintf(first, sizeof first, "'%s' accepted", refused[i]);
		}
	check(bad == 0, "ao_meta_text_unsafe refuses booleans, null, numbers in any case", first);
	const char *why = ao_meta_text_unsafe("OFF");
	check(why && strstr(why, "boolean"), "the reason names the retyping", why ? why : "(none)");

	struct ao_kernel_info info = { .name = "On", .block_threads = 64, .wgid = { true } };
	struct ao_kernel *k = ao_kernel_new(&info);
	check(!k, "ao_kernel_new refuses the kernel name 'On'", "accepted");
	ao_kernel_free(k);
	info.name = "meta_words";
	k = ao_kernel_new(&info);
	static const char *const bad_args[] = { "True", "inf", "nan", "FALSE", "OFF", "Yes" };
	for (size_t i = 0; k && i < sizeof bad_args / sizeof bad_args[0]; i++) {
		struct ao_kernel *k2 = ao_kernel_new(&info);
		char name[80];
		snprintf(name, sizeof name, "ao_arg refuses the argument name '%s'", bad_args[i]);
		check(k2 && ao_arg_u32(k2, bad_args[i]) < 0 && ao_error(k2) && strstr(ao_error(k2), "LLVM"), name,
		      k2 && ao_error(k2) ? ao_error(k2) : "accepted");
		ao_kernel_free(k2);
	}
	static const char *const bad_values[] = { "1e5", ".5", "0x10", "010", "OFF", "nan", "null" };
	for (size_t i = 0; k && i < sizeof bad_values / sizeof bad_values[0]; i++) {
		struct ao_kernel *k2 = ao_kernel_new(&info);
		char name[80];
		snprintf(name, sizeof name, "ao_meta_str refuses the value '%s'", bad_values[i]);
		check(k2 && ao_meta_str(k2, "x", bad_values[i]) != 0, name, "accepted");
		ao_kernel_free(k2);
	}
	ao_kernel_free(k);
}

/* ---- 2. every emitted word through LLVM ------------------------------------------ */

#define MAX_WORDS 256
static char *words[MAX_WORDS];
static unsigned nwords;

static void add_word(const char *w)
{
	for (unsigned i = 0; i < nwords; i++)
		if (strcmp(words[i], w) == 0)
			return;
	if (nwords < MAX_WORDS)
		words[nwords++] = strdup(w);
}

/* The strings one built kernel carries: its name, its argument names, and the
 * string values of the .rdna3 keys the templates write (docs/metadata.md). */
static void collect(const struct tpl_values *v, const char *label)
{
	struct ao_kernel *k = NULL;
	char err[600] = "", name[200];
	int rc = tpl_build(v, &k, err, sizeof err);
	snprintf(name, sizeof name, "%s builds", label);
	if (rc) {
		check(0, name, err);
		return;
	}
	add_word(ao_info(k)->name);
	struct ao_summary s;
	ao_finalize(k, &s);
	for (unsigned i = 0; i < s.nargs; i++)
		add_word(s.args[i].name);
	static const char *const str_keys[] = { "template", "layout", "single_why" };
	for (size_t i = 0; i < sizeof str_keys / sizeof str_keys[0]; i++) {
		char buf[80];
		if (ao_meta_get(k, str_keys[i], buf, sizeof buf))
			add_word(buf);
	}
	ao_kernel_free(k);
}

static void collect_generator_words(void)
{
	for (unsigned t = 0; t < tpl_count(); t++) {
		const struct tpl_template *tp = tpl_at(t);
		struct tpl_values v;
		char err[600], label[200];
		tpl_defaults(tp, &v);
		collect(&v, tp->name);
		for (unsigned p = 0; p < tp->npresets; p++) {
			tpl_defaults(tp, &v);
			snprintf(label, sizeof label, "%s --preset %s", tp->name, tp->presets[p].name);
			if (tpl_apply_preset(&v, tp->presets[p].name, err, sizeof err) == 0)
				collect(&v, label);
			else
				check(0, label, err);
		}
		if (strcmp(tp->name, "sgemm") != 0)
			continue;
		static const char *const variants[][2] = {
			{ "layout", "nt" }, { "layout", "tn" }, { "layout", "tt" }, { "dual", "false" }, { "dual", "true" },
		};
		for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
			tpl_defaults(tp, &v);
			snprintf(label, sizeof label, "sgemm --%s %s", variants[i][0], variants[i][1]);
			if (tpl_set(&v, variants[i][0], variants[i][1], err, sizeof err) == 0)
				collect(&v, label);
			else
				check(0, label, err);
		}
	}
}

/* A line "KEY:  WORD" (or 'WORD': a string either way; llvm-readelf pads
 * after the colon) in the notes. */
static bool notes_have(const char *notes, const char *key, const char *word)
{
	size_t kl = strlen(key), wl = strlen(word);
	for (const char *p = strstr(notes, key); p; p = strstr(p + 1, key)) {
		if (p > notes && p[-1] != ' ' && p[-1] != '-')
			continue;
		const char *v = p + kl;
		if (*v++ != ':')
			continue;
		while (*v == ' ')
			v++;
		bool q = *v == '\'';
		v += q;
		if (strncmp(v, word, wl) == 0 && (!q || v[wl] == '\'') && v[wl + q] == '\n')
			return true;
	}
	return false;
}

/* One kernel holding words[first..first+n) as .rdna3.wI values and, where
 * they are identifiers, as argument names. */
static void roundtrip_batch(const struct ao_toolchain *tc, unsigned batch, unsigned first, unsigned n)
{
	char kname[32], label[80], err[600] = "";
	snprintf(kname, sizeof kname, "words%u", batch);
	snprintf(label, sizeof label, "LLVM %s: words batch %u", llvm_major(), batch);
	struct ao_kernel_info info = { .name = kname, .block_threads = 64, .wgid = { true } };
	struct ao_kernel *k = ao_kernel_new(&info);
	bool is_arg[16] = { false };
	for (unsigned i = 0; k && i < n; i++) {
		char key[16];
		snprintf(key, sizeof key, "w%u", i);
		const char *w = words[first + i];
		ao_meta_str(k, key, w);
		is_arg[i] = !strpbrk(w, ".-") && strcmp(w, kname) != 0;
		if (is_arg[i])
			ao_arg_u32(k, w);
	}
	AO_I0(k, AO_OP(s_endpgm));
	struct ao_emit_opts eo = { .code_object = 5 };
	char *text = NULL;
	size_t len = 0;
	if (!k || ao_print(k, &eo, &text, &len)) {
		check(0, label, k && ao_error(k) ? ao_error(k) : "cannot build the kernel");
		ao_kernel_free(k);
		return;
	}
	char path[400], cmd[2048];
	snprintf(path, sizeof path, "%s/%s.hsaco", tmpdir, kname);
	int rc = ao_build_hsaco(tc, text, len, path, NULL, NULL, NULL, err, sizeof err);
	free(text);
	ao_kernel_free(k);
	if (rc) {
		check(0, label, err);
		return;
	}
	snprintf(cmd, sizeof cmd, "%s --notes %s", llvm_tool("llvm-readelf"), path);
	char *notes = llvm_capture(cmd);
	struct ld_code_object *co = NULL;
	int lrc = ld_open_file(path, &co, err, sizeof err);
	const struct ld_kernel *lk = lrc ? NULL : ld_kernel_find(co, kname);
	for (unsigned i = 0; i < n; i++) {
		const char *w = words[first + i];
		char key[32], name[200], why[900];
		snprintf(key, sizeof key, ".rdna3.w%u", i);
		snprintf(name, sizeof name, "LLVM %s keeps '%s' a string (value%s)", llvm_major(), w,
			 is_arg[i] ? ", argument name" : "");
		bool in_notes = notes && notes_have(notes, key, w) && (!is_arg[i] || notes_have(notes, ".name", w));
		const char *got = lk ? ld_kernel_meta_str(lk, key + 7) : NULL;
		bool arg_back = !is_arg[i] || (lk && ld_arg_find(lk, w));
		snprintf(why, sizeof why, "notes %s; loader %s%s", in_notes ? "ok" : "differ",
			 lrc ? err : got ? got : "(not a string)", arg_back ? "" : "; argument missing");
		check(in_notes && got && strcmp(got, w) == 0 && arg_back, name, why);
	}
	ld_close(co);
	free(notes);
}

static void test_roundtrip(const struct ao_toolchain *tc)
{
	collect_generator_words();
	unsigned from_generator = nwords;
	/* accepted by the rule, close to what it refuses */
	static const char *const near[] = { "none", "disabled", "odd", "parity", "Off_", "nan2", "e5", "x0x10",
					    "_1", "inf-", "None", "NULLx", "ON.", "y.", "Yes-", "onoff", "NN",
					    "TT", "n_", "true_", "k2", "sgemm-naive" };
	for (size_t i = 0; i < sizeof near / sizeof near[0]; i++)
		add_word(near[i]);
	char name[120];
	snprintf(name, sizeof name, "%u strings from the generator, %u in all", from_generator, nwords);
	unsigned unsafe = 0;
	for (unsigned i = 0; i < nwords; i++)
		unsafe += ao_meta_text_unsafe(words[i]) != NULL;
	check(from_generator >= 10 && unsafe == 0, name, "too few, or one the rule refuses");
	for (unsigned b = 0, first = 0; first < nwords; b++, first += 12)
		roundtrip_batch(tc, b, first, nwords - first < 12 ? nwords - first : 12);
}

/* ---- 3. the reader takes what LLVM wrote --------------------------------------- */

static void test_reader(const struct ao_toolchain *tc)
{
	static const char s[] =
		".amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n.amdhsa_code_object_version 5\n"
		".text\n.globl old\n.p2align 8\n.type old,@function\nold:\n  s_endpgm\n"
		".rodata\n.p2align 6\n.amdhsa_kernel old\n  .amdhsa_next_free_vgpr 1\n"
		"  .amdhsa_next_free_sgpr 1\n.end_amdhsa_kernel\n"
		".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n"
		"  - .name: old\n    .symbol: old.kd\n    .kernarg_segment_size: 0\n"
		"    .kernarg_segment_align: 4\n    .group_segment_fixed_size: 0\n"
		"    .private_segment_fixed_size: 0\n    .max_flat_workgroup_size: 64\n"
		"    .wavefront_size: 32\n    .sgpr_count: 1\n    .vgpr_count: 1\n"
		"    .rdna3.single_why: off\n    .rdna3.big: 1e3\n    .rdna3.tile_m: 4\n"
		"...\n.end_amdgpu_metadata\n";
	char path[400], err[600] = "", name[120];
	snprintf(path, sizeof path, "%s/old.hsaco", tmpdir);
	int rc = ao_build_hsaco(tc, s, strlen(s), path, NULL, NULL, NULL, err, sizeof err);
	snprintf(name, sizeof name, "LLVM %s: a code object with '.rdna3.single_why: off' builds", llvm_major());
	check(rc == 0, name, err);
	if (rc)
		return;
	struct ld_code_object *co = NULL;
	rc = ld_open_file(path, &co, err, sizeof err);
	snprintf(name, sizeof name, "LLVM %s: the loader reads it (off, 1e3 as LLVM retyped them)", llvm_major());
	check(rc == 0, name, err);
	const struct ld_kernel *k = rc ? NULL : ld_kernel_find(co, "old");
	const char *why = k ? ld_kernel_meta_str(k, "single_why") : NULL;
	snprintf(name, sizeof name, "LLVM %s: single_why reads 'off' or what LLVM made of it ('false')",
		 llvm_major());
	check(why && (strcmp(why, "off") == 0 || strcmp(why, "false") == 0), name, why ? why : "(none)");
	int64_t tm = 0;
	check(k && ld_kernel_meta_int(k, "tile_m", &tm) == 0 && tm == 4, "the keys after it are read too",
	      "tile_m missing");
	ld_close(co);
}

int main(void)
{
	const char *t = getenv("TMPDIR");
	snprintf(tmpdir, sizeof tmpdir, "%s/mw_XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tmpdir)) {
		check(0, "temporary folder", "mkdtemp failed");
		return 1;
	}
	struct ao_toolchain tc = { .clang_major = (unsigned)atoi(llvm_major()) };
	tc.lld_major = tc.clang_major;
	snprintf(tc.clang, sizeof tc.clang, "%s", llvm_tool("clang"));
	snprintf(tc.lld, sizeof tc.lld, "%s", llvm_tool("ld.lld"));
	test_rule();
	test_roundtrip(&tc);
	test_reader(&tc);
	for (unsigned i = 0; i < nwords; i++)
		free(words[i]);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system(cmd) != 0)
		check(0, "cleanup", tmpdir);
	return check_exit();
}
