/* loader_test — the code-object reader on real .hsaco files built from
 * the .s and .hip files of tests/loader (built by loader/loader.mk into $BUILD/llvmNN/tests/loader),
 * and on every truncation and many corruptions of them. */
#define _GNU_SOURCE /* memmem */
#include "loader/loader.h"
#include "tests/loader/fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rd64(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

/* ld_arg_find on names as clang writes them with -fno-discard-value-names:
 * pointer arguments end in ".coerce"; an exact name wins over the suffix. */
static void test_arg_find_coerce(void)
{
	struct ld_arg args[4] = { { .name = "A.coerce" }, { .name = "B" }, { .name = "B.coerce" },
				  { .name = "lda" } };
	struct ld_kernel k = { .name = "k", .nargs = 4, .args = args };
	CHECK("arg_find_coerce", ld_arg_find(&k, "A") == &args[0] &&
					 ld_arg_find(&k, "A.coerce") == &args[0], "A not found");
	CHECK("arg_find_exact_first", ld_arg_find(&k, "B") == &args[1] &&
					      ld_arg_find(&k, "B.coerce") == &args[2], "wrong B");
	CHECK("arg_find_no_prefix", !ld_arg_find(&k, "A.co") && !ld_arg_find(&k, "ld") &&
					    !ld_arg_find(&k, ".coerce") && !ld_arg_find(&k, "lda.coerce"),
	      "partial names matched");
}

static void test_add1(void)
{
	char err[256] = "", path[700];
	struct ld_code_object *co = NULL;
	fixture_path(path, sizeof path, "add1.hsaco");
	int rc = ld_open_file(path, &co, err, sizeof err);
	CHECK("add1_opens", rc == LD_OK, "rc %d: %s", rc, err);
	if (rc)
		return;
	CHECK("add1_one_kernel", ld_kernel_count(co) == 1, "%u kernels", ld_kernel_count(co));
	const struct ld_kernel *k = ld_kernel_find(co, "add1");
	CHECK("add1_find", k && k == ld_kernel_at(co, 0), "not found");
	CHECK("add1_find_by_symbol", ld_kernel_find(co, "add1.kd") == k, "not found");
	CHECK("add1_unknown_kernel", !ld_kernel_find(co, "nosuch") && !ld_kernel_at(co, 1),
	      "found a kernel that does not exist");
	if (!k)
		goto out;
	CHECK("add1_symbol", strcmp(k->symbol, "add1.kd") == 0, "symbol %s", k->symbol);
	CHECK("add1_resources",
	      k->kernarg_size == 12 && k->kernarg_align == 8 && k->max_flat_workgroup_size == 64 &&
		      k->wavefront_size == 32 && k->sgpr_count == 10 && k->vgpr_count == 2 &&
		      k->group_segment_size == 0 && k->explicit_kernarg_size == 12,
	      "kernarg %u/%u wg %u wave %u sgpr %u vgpr %u", k->kernarg_size, k->kernarg_align,
	      k->max_flat_workgroup_size, k->wavefront_size, k->sgpr_count, k->vgpr_count);
	CHECK("add1_tile_keys",
	      k->tile_m == 64 && k->tile_n == 32 && k->block_threads == 64 &&
		      strcmp(k->layout, "NT") == 0 && k->tile_k == 0,
	      "tile %u x %u, %u threads, layout '%s'", k->tile_m, k->tile_n, k->block_threads,
	      k->layout);
	int64_t tm = 0;
	CHECK("add1_rdna3_keys",
	      k->nrdna3 == 4 && ld_kernel_meta_int(k, "tile_n", &tm) == LD_OK && tm == 32 &&
		      ld_kernel_meta_str(k, "layout") && !strcmp(ld_kernel_meta_str(k, "layout"), "NT") &&
		      ld_kernel_meta_int(k, "layout", &tm) != LD_OK && !ld_kernel_meta_str(k, "x"),
	      "%u keys", k->nrdna3);
	CHECK("add1_args",
	      k->nargs == 2 && strcmp(k->args[0].name, "buf") == 0 && k->args[0].offset == 0 &&
		      k->args[0].size == 8 && k->args[0].kind == LD_ARG_GLOBAL_BUFFER &&
		      strcmp(k->args[1].name, "count") == 0 && k->args[1].offset == 8 &&
		      k->args[1].size == 4 && k->args[1].kind == LD_ARG_BY_VALUE &&
		      strcmp(k->args[1].value_kind, "by_value") == 0,
	      "%u args", k->nargs);
	CHECK("add1_arg_find", ld_arg_find(k, "count") == &k->args[1] && !ld_arg_find(k, "x") &&
				       !ld_arg_find(k, ""), "lookup wrong");

	/* The descriptor: its entry offset must lead to the first instruction,
	 * s_load_b64 s[4:5], s[0:1], null (bytes from llvm-objdump-19). */
	static const uint8_t first_inst[8] = { 0x00, 0x01, 0x04, 0xf4, 0x00, 0x00, 0x00, 0xf8 };
	size_t isz = ld_image_size(co);
	uint8_t *img = malloc(isz);
	rc = ld_image(co, 0x7f0000000000ull, img, isz, err, sizeof err);
	CHECK("add1_image", rc == LD_OK, "%s", err);
	int64_t entry;
	memcpy(&entry, k->kd + 16, 8);
	uint64_t code = k->kd_vaddr + (uint64_t)entry;
	CHECK("add1_kd_entry",
	      rc == LD_OK && k->kd_vaddr % 64 == 0 && code + 8 <= isz &&
		      memcmp(img + code, first_inst, 8) == 0,
	      "kd at 0x%llx, entry %lld", (unsigned long long)k->kd_vaddr, (long long)entry);
	CHECK("add1_kd_bytes_in_image", memcmp(img + k->kd_vaddr, k->kd, 64) == 0,
	      "descriptor bytes differ from the image");
	uint32_t rsrc2;
	memcpy(&rsrc2, k->kd + 52, 4);
	CHECK("add1_kd_rsrc2_wgid_x", rsrc2 & (1u << 7), "rsrc2 0x%x", rsrc2);
	rc = ld_image(co, 0, img, isz - 1, err, sizeof err);
	CHECK("image_buffer_too_small", rc == LD_E_ARG && err[0], "rc %d", rc);
	size_t n;
	const void *elf = ld_elf_bytes(co, &n);
	CHECK("elf_bytes", elf && n > 64 && memcmp(elf, "\177ELF", 4) == 0, "n %zu", n);
	free(img);
out:
	ld_close(co);
}

static void test_reloc(void)
{
	size_t n;
	uint8_t *bytes = fixture_read("reloc.hsaco", &n);
	char err[256] = "";
	struct ld_code_object *co = NULL;
	int rc = bytes ? ld_open_mem(bytes, n, &co, err, sizeof err) : -100;
	/* ld_open_mem copies: the caller's bytes may go at once */
	memset(bytes, 0, n);
	free(bytes);
	CHECK("reloc_opens", rc == LD_OK, "rc %d: %s", rc, err);
	if (rc)
		return;
	const struct ld_kernel *k = ld_kernel_find(co, "k");
	size_t isz = ld_image_size(co);
	uint8_t *a = calloc(1, isz), *b = calloc(1, isz);
	const uint64_t base = 0x123456789000ull;
	ld_image(co, 0, a, isz, err, sizeof err);
	ld_image(co, base, b, isz, err, sizeof err);
	/* Exactly two 8-byte words move with the base: .quad k and .quad table+8. */
	unsigned moved = 0, right = 0;
	int64_t entry;
	memcpy(&entry, k->kd + 16, 8);
	for (size_t off = 0; off + 8 <= isz; off += 8) {
		uint64_t va = rd64(a + off), vb = rd64(b + off);
		if (va == vb)
			continue;
		moved++;
		if (vb - va == base &&
		    ((moved == 1 && va == k->kd_vaddr + (uint64_t)entry) || (moved == 2 && va == off)))
			right++;
	}
	CHECK("reloc_relative64_abs64", moved == 2 && right == 2, "%u words moved, %u right",
	      moved, right);
	free(a);
	free(b);
	ld_close(co);
}

static void test_hip(void)
{
	char err[256] = "", path[700];
	struct ld_code_object *co = NULL;
	fixture_path(path, sizeof path, "saxpy.hsaco");
	int rc = ld_open_file(path, &co, err, sizeof err);
	CHECK("hip_saxpy_opens", rc == LD_OK, "rc %d: %s", rc, err);
	if (rc)
		return;
	const struct ld_kernel *k = ld_kernel_find(co, "saxpy");
	CHECK("hip_saxpy_args",
	      k && k->nargs >= 4 && k->args[0].kind == LD_ARG_GLOBAL_BUFFER &&
		      k->args[1].kind == LD_ARG_GLOBAL_BUFFER && k->args[2].offset == 16 &&
		      k->args[2].kind == LD_ARG_BY_VALUE && k->args[3].offset == 20 &&
		      k->args[3].size == 4 && k->explicit_kernarg_size == 24,
	      "unexpected argument list");
	CHECK("hip_saxpy_names", k && strcmp(k->args[0].name, "y") == 0 &&
					 strcmp(k->args[3].name, "count") == 0,
	      "names '%s' '%s'", k ? k->args[0].name : "", k && k->nargs > 3 ? k->args[3].name : "");
	ld_close(co);
}

/* Bytes of add1.hsaco with one change, opened: returns rc, err filled. */
static int open_patched(const uint8_t *orig, size_t n, size_t at, const void *val, size_t len,
			char *err, size_t errlen)
{
	uint8_t *m = malloc(n);
	memcpy(m, orig, n);
	memcpy(m + at, val, len);
	struct ld_code_object *co = NULL;
	int rc = ld_open_mem(m, n, &co, err, errlen);
	free(m);
	ld_close(co);
	return rc;
}

static void test_bad(void)
{
	char err[256] = "";
	struct ld_code_object *co = NULL;
	int rc = ld_open_file("/nonexistent/k.hsaco", &co, err, sizeof err);
	CHECK("missing_file", rc == LD_E_IO && co == NULL && strstr(err, "/nonexistent/k.hsaco"),
	      "rc %d: %s", rc, err);
	rc = ld_open_mem("", 0, &co, err, sizeof err);
	CHECK("empty_file", rc == LD_E_ELF && co == NULL, "rc %d: %s", rc, err);
	rc = ld_open_mem("hello, world\n", 13, &co, err, sizeof err);
	CHECK("text_file", rc == LD_E_ELF && strstr(err, "not an ELF"), "rc %d: %s", rc, err);
	rc = ld_open_file(fixture_dir, &co, err, sizeof err);
	CHECK("directory_refused", rc == LD_E_IO && strstr(err, "directory") && !co, "rc %d: %s", rc, err);
	rc = ld_open_file("/proc/self/exe", &co, err, sizeof err);
	CHECK("host_elf_refused", rc == LD_E_ELF && strstr(err, "AMDGPU"), "rc %d: %s", rc, err);
	ld_close(NULL);

	size_t n;
	uint8_t *orig = fixture_read("add1.hsaco", &n);
	if (!orig) {
		CHECK("fixture", 0, "add1.hsaco missing");
		return;
	}
	uint32_t flags = 0x46; /* gfx1101, a row of isa/targets.def */
	rc = open_patched(orig, n, 48, &flags, 4, err, sizeof err);
	CHECK("other_target_gfx1101_accepted", rc == LD_OK, "rc %d: %s", rc, err);
	flags = 0x48; /* gfx1200: no row */
	rc = open_patched(orig, n, 48, &flags, 4, err, sizeof err);
	CHECK("wrong_arch_gfx1200", rc == LD_E_ARCH && strstr(err, "gfx1200, not gfx1100|gfx1101|"), "rc %d: %s", rc,
	      err);
	flags = 0x54; /* gfx11-generic code runs on gfx1100 */
	rc = open_patched(orig, n, 48, &flags, 4, err, sizeof err);
	CHECK("gfx11_generic_accepted", rc == LD_OK, "rc %d: %s", rc, err);
	flags = 0x59; /* gfx12-generic (clang-19 -mcpu=gfx12-generic, llvm-readelf-19 -h) */
	rc = open_patched(orig, n, 48, &flags, 4, err, sizeof err);
	CHECK("gfx12_generic_refused", rc == LD_E_ARCH && strstr(err, "gfx12-generic"), "rc %d: %s", rc, err);
	flags = 0x77;
	rc = open_patched(orig, n, 48, &flags, 4, err, sizeof err);
	CHECK("wrong_arch_unknown", rc == LD_E_ARCH && strstr(err, "0x77"), "rc %d: %s", rc, err);
	uint16_t mach = 62;
	rc = open_patched(orig, n, 18, &mach, 2, err, sizeof err);
	CHECK("non_amdgpu_machine", rc == LD_E_ELF && strstr(err, "e_machine 62"), "rc %d: %s",
	      rc, err);
	uint8_t cls = 1;
	rc = open_patched(orig, n, 4, &cls, 1, err, sizeof err);
	CHECK("elf32_refused", rc == LD_E_ELF, "rc %d: %s", rc, err);

	/* Every truncation fails with a message (the section headers are last). */
	unsigned bad = 0;
	for (size_t len = 0; len < n; len++) {
		err[0] = 0;
		rc = ld_open_mem(orig, len, &co, err, sizeof err);
		if (rc == LD_OK || co || !err[0]) {
			if (!bad++)
				printf("# truncated to %zu: rc %d\n", len, rc);
			ld_close(co);
			co = NULL;
		}
	}
	CHECK("every_truncation_refused", bad == 0, "%u truncations accepted", bad);

	/* Corruptions: each must be refused with a message or still load; never
	 * crash (the sanitizers watch).  The metadata note payload is MessagePack,
	 * so smashing its first byte must give LD_E_META. */
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	unsigned opened = 0, refused = 0, silent = 0;
	uint8_t *m = malloc(n);
	for (int it = 0; it < 3000; it++) {
		memcpy(m, orig, n);
		int flips = 1 + it % 4;
		for (int f = 0; f < flips; f++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			size_t at = (size_t)(seed >> 33) % n;
			m[at] = (uint8_t)(seed >> 20);
		}
		err[0] = 0;
		rc = ld_open_mem(m, n, &co, err, sizeof err);
		if (rc == LD_OK) {
			opened++;
			size_t isz = ld_image_size(co);
			uint8_t *img = malloc(isz ? isz : 1);
			ld_image(co, 0x1000000, img, isz, err, sizeof err);
			free(img);
			ld_close(co);
		} else if (err[0]) {
			refused++;
		} else {
			silent++;
		}
	}
	free(m);
	printf("# corruptions: %u opened, %u refused\n", opened, refused);
	CHECK("corruptions_never_silent", silent == 0 && refused > 0, "%u refused without a message",
	      silent);

	/* Find the metadata payload: the 0x80+ map header after "AMDGPU\0\0". */
	const uint8_t *owner = memmem(orig, n, "AMDGPU\0\0", 8);
	if (owner) {
		uint8_t junk = 0xc1; /* never used in MessagePack */
		rc = open_patched(orig, n, (size_t)(owner + 8 - orig), &junk, 1, err, sizeof err);
		CHECK("corrupt_metadata", rc == LD_E_META, "rc %d: %s", rc, err);
		/* a map claiming 2^32-1 pairs: refused before msgpack-c allocates for them */
		static const uint8_t huge[5] = { 0xdf, 0xff, 0xff, 0xff, 0xff };
		rc = open_patched(orig, n, (size_t)(owner + 8 - orig), huge, sizeof huge, err, sizeof err);
		CHECK("metadata_count_past_end", rc == LD_E_META, "rc %d: %s", rc, err);
	} else {
		CHECK("corrupt_metadata", 0, "note not found");
	}
	free(orig);
}

/* An unsupported relocation type (REL32 = 4 in place of RELATIVE64 = 13). */
static void test_bad_reloc(void)
{
	size_t n;
	uint8_t *orig = fixture_read("reloc.hsaco", &n);
	if (!orig)
		return;
	/* r_info of the RELATIVE64 entry: type 13, symbol 0. */
	static const uint8_t info[8] = { 13, 0, 0, 0, 0, 0, 0, 0 };
	uint8_t *p = memmem(orig, n, info, 8);
	char err[256] = "";
	if (p) {
		p[0] = 4;
		struct ld_code_object *co = NULL;
		int rc = ld_open_mem(orig, n, &co, err, sizeof err);
		CHECK("unsupported_reloc", rc == LD_E_RELOC && strstr(err, "type 4"), "rc %d: %s", rc,
		      err);
		ld_close(co);
	} else {
		CHECK("unsupported_reloc", 0, "RELATIVE64 entry not found");
	}
	free(orig);
}

/* ld_open_image finds the file's end by itself (hipModuleLoadData has no size). */
static void test_open_image(void)
{
	size_t n;
	uint8_t *orig = fixture_read("saxpy.hsaco", &n);
	if (!orig)
		return;
	uint8_t *big = calloc(1, n + 4096); /* trailing bytes must not matter */
	memcpy(big, orig, n);
	memset(big + n, 0xa5, 4096);
	struct ld_code_object *co = NULL;
	char err[256] = "";
	int rc = ld_open_image(big, &co, err, sizeof err);
	size_t got = 0;
	ld_elf_bytes(co, &got);
	CHECK("open_image_size", rc == LD_OK && got == n && ld_kernel_count(co) == 2,
	      "rc %d (%s), %zu bytes of %zu", rc, err, got, n);
	ld_close(co);
	rc = ld_open_image("MZ\x90\0", &co, err, sizeof err);
	CHECK("open_image_not_elf", rc == LD_E_ELF, "rc %d", rc);
	free(big);
	free(orig);
}

/* Clang offload bundles, made by clang-offload-bundler-14 (kept in the source
 * tree, as the tool is not a dependency):
 *   bundle.co: host (empty), saxpy.hsaco labelled gfx1030, add1.hsaco as gfx1100
 *   bundle_gfx1030.co: host (empty), saxpy.hsaco labelled gfx1030
 * -type=o -targets=host-x86_64-unknown-linux-gnu,hipv4-amdgcn-amd-amdhsa--gfx1030[,...--gfx1100] */
static void test_bundle(void)
{
	char err[256] = "";
	struct ld_code_object *co = NULL;
	int rc = ld_open_file("tests/loader/bundle.co", &co, err, sizeof err);
	CHECK("bundle_picks_gfx1100", rc == LD_OK && ld_kernel_find(co, "add1") && ld_kernel_count(co) == 1,
	      "rc %d: %s", rc, err);
	ld_close(co);
	rc = ld_open_file("tests/loader/bundle_gfx1030.co", &co, err, sizeof err);
	CHECK("bundle_without_gfx1100", rc == LD_E_ARCH && strstr(err, "hipv4-amdgcn-amd-amdhsa--gfx1030"),
	      "rc %d: %s", rc, err);
	FILE *f = fopen("tests/loader/bundle.co", "rb");
	uint8_t *b = malloc(1 << 16);
	size_t n = f ? fread(b, 1, 1 << 16, f) : 0;
	if (f)
		fclose(f);
	unsigned bad = 0;
	for (size_t len = 0; len < n; len += 7) {
		rc = ld_open_mem(b, len, &co, err, sizeof err);
		bad += rc == LD_OK || !err[0];
		ld_close(co);
		co = NULL;
	}
	CHECK("bundle_truncations_refused", n > 0 && bad == 0, "%u accepted", bad);
	uint8_t *big = calloc(1, n + 4096);
	memcpy(big, b, n);
	rc = ld_open_image(big, &co, err, sizeof err);
	CHECK("bundle_open_image", rc == LD_OK && ld_kernel_find(co, "add1"), "rc %d: %s", rc, err);
	ld_close(co);
	free(big);
	free(b);
}

int main(void)
{
	fixture_init();
	test_add1();
	test_arg_find_coerce();
	test_reloc();
	test_hip();
	test_bad();
	test_bad_reloc();
	test_open_image();
	test_bundle();
	return check_exit();
}
