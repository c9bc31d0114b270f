/* args_test — kernel arguments by name with type and size checks, text into
 * scalars of every type (f16 and bf16 rounded to nearest even), .value_type, hidden
 * arguments, dispatch checks, the backend wrappers on a fake backend, and the
 * hip backend's answer on a host without a device. */
#include "loader/loader.h"
#include "tests/loader/fixtures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct ld_code_object *open_fixture(const char *name)
{
	char path[700], err[256];
	struct ld_code_object *co = NULL;
	fixture_path(path, sizeof path, name);
	if (ld_open_file(path, &co, err, sizeof err))
		printf("# %s\n", err);
	return co;
}

static void test_add1_args(const struct ld_kernel *k)
{
	char err[256] = "";
	struct ld_kargs a;
	const uint32_t grid[3] = { 4, 1, 1 }, block[3] = { 64, 1, 1 };
	CHECK("kargs_init", ld_kargs_init(&a, k, err, sizeof err) == LD_OK && a.size == 12, "%s", err);
	int rc = ld_kargs_finish(&a, grid, block, err, sizeof err);
	CHECK("kargs_missing_named", rc == LD_E_KARG && strstr(err, "buf"), "rc %d: %s", rc, err);
	rc = ld_kargs_set_ptr(&a, "count", 0x1000, err, sizeof err);
	CHECK("kargs_ptr_into_value", rc == LD_E_KARG && strstr(err, "by_value"), "rc %d: %s", rc, err);
	rc = ld_kargs_set_f32(&a, "buf", 1.0f, err, sizeof err);
	CHECK("kargs_float_into_buffer", rc == LD_E_KARG && strstr(err, "global_buffer"), "rc %d: %s",
	      rc, err);
	rc = ld_kargs_set_u64(&a, "count", 5, err, sizeof err);
	CHECK("kargs_size_mismatch", rc == LD_E_KARG && strstr(err, "4 bytes"), "rc %d: %s", rc, err);
	rc = ld_kargs_set_u32(&a, "nosuch", 5, err, sizeof err);
	CHECK("kargs_unknown_name", rc == LD_E_KARG && strstr(err, "nosuch"), "rc %d: %s", rc, err);
	rc = ld_kargs_set_text(&a, "count", "4294967296", err, sizeof err);
	CHECK("kargs_text_range", rc == LD_E_KARG && strstr(err, "does not fit"), "rc %d: %s", rc, err);
	rc = ld_kargs_set_text(&a, "count", "12abc", err, sizeof err);
	CHECK("kargs_text_garbage", rc == LD_E_KARG, "rc %d: %s", rc, err);
	rc = ld_kargs_set_text(&a, "buf", "0x1000", err, sizeof err);
	CHECK("kargs_text_into_buffer", rc == LD_E_KARG, "rc %d: %s", rc, err);
	rc = ld_kargs_set_ptr(&a, "buf", 0x1122334455667788ull, err, sizeof err) |
	     ld_kargs_set_text(&a, "count", "0x100", err, sizeof err);
	CHECK("kargs_set", rc == LD_OK, "%s", err);
	rc = ld_kargs_finish(&a, grid, block, err, sizeof err);
	static const uint8_t want[12] = { 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0, 1, 0, 0 };
	CHECK("kargs_bytes", rc == LD_OK && memcmp(a.buf, want, 12) == 0, "rc %d: %s", rc, err);
	rc = ld_kargs_set_text(&a, "count", "-1", err, sizeof err);
	CHECK("kargs_text_negative", rc == LD_OK && a.buf[8] == 0xff && a.buf[11] == 0xff, "%s", err);
	rc = ld_kargs_set_text(&a, "count", "-2147483649", err, sizeof err);
	CHECK("kargs_text_negative_range", rc == LD_E_KARG, "rc %d", rc);
	rc = ld_kargs_set_text(&a, "count", "1.5", err, sizeof err);
	float f;
	memcpy(&f, a.buf + 8, 4);
	CHECK("kargs_text_float", rc == LD_OK && f == 1.5f, "rc %d %s", rc, err);
	ld_kargs_free(&a);
	ld_kargs_free(&a); /* twice is fine */

	uint32_t big[3] = { 128, 1, 1 }, zero[3] = { 0, 1, 1 };
	rc = ld_check_dispatch(k, grid, big, err, sizeof err);
	CHECK("dispatch_block_over_limit", rc == LD_E_ARG && strstr(err, "limit of 64"), "rc %d: %s",
	      rc, err);
	rc = ld_check_dispatch(k, zero, block, err, sizeof err);
	CHECK("dispatch_zero_grid", rc == LD_E_ARG, "rc %d", rc);
	CHECK("dispatch_ok", ld_check_dispatch(k, grid, block, err, sizeof err) == LD_OK, "%s", err);
}

static void test_hidden(const struct ld_kernel *k)
{
	char err[256] = "";
	struct ld_kargs a;
	const uint32_t grid[3] = { 7, 3, 1 }, block[3] = { 32, 2, 1 };
	ld_kargs_init(&a, k, err, sizeof err);
	int rc = ld_kargs_set_ptr(&a, "y", 0x4000, err, sizeof err) |
		 ld_kargs_set_f32(&a, "a", 2.5f, err, sizeof err) |
		 ld_kargs_set_i32(&a, "count", 100, err, sizeof err);
	CHECK("hidden_explicit_set", rc == LD_OK, "%s", err);
	rc = ld_kargs_finish(&a, grid, block, err, sizeof err);
	uint32_t bx, by, bz;
	uint16_t gx, gy, dims;
	memcpy(&bx, a.buf + 16, 4);
	memcpy(&by, a.buf + 20, 4);
	memcpy(&bz, a.buf + 24, 4);
	memcpy(&gx, a.buf + 28, 2);
	memcpy(&gy, a.buf + 30, 2);
	memcpy(&dims, a.buf + 80, 2);
	CHECK("hidden_filled", rc == LD_OK && bx == 7 && by == 3 && bz == 1 && gx == 32 && gy == 2 &&
				       dims == 2,
	      "rc %d counts %u %u %u group %u %u dims %u", rc, bx, by, bz, gx, gy, dims);
	ld_kargs_free(&a);
}

/* ---- a fake backend: memory is one host array, launches are recorded ---- */
struct fake {
	uint8_t mem[4096];
	size_t used;
	unsigned loads, unloads, launches;
	uint8_t last_kernarg[256];
	uint32_t last_grid[3];
};

static int f_load(struct ld_backend *b, const struct ld_code_object *co, void **m, char *e, size_t n)
{
	(void)co, (void)e, (void)n;
	struct fake *f = b->impl;
	f->loads++;
	*m = f;
	return LD_OK;
}
static void f_unload(struct ld_backend *b, void *m)
{
	(void)m;
	((struct fake *)b->impl)->unloads++;
}
static int f_alloc(struct ld_backend *b, size_t bytes, uint64_t *addr, char *e, size_t n)
{
	struct fake *f = b->impl;
	if (f->used + bytes > sizeof f->mem) {
		snprintf(e, n, "fake: out of memory");
		return LD_E_NOMEM;
	}
	*addr = 0x10000 + f->used;
	f->used += bytes;
	return LD_OK;
}
static void f_free(struct ld_backend *b, uint64_t addr)
{
	(void)b, (void)addr;
}
static int f_write(struct ld_backend *b, uint64_t dst, const void *src, size_t n, char *e, size_t el)
{
	(void)e, (void)el;
	memcpy(((struct fake *)b->impl)->mem + (dst - 0x10000), src, n);
	return LD_OK;
}
static int f_read(struct ld_backend *b, void *dst, uint64_t src, size_t n, char *e, size_t el)
{
	(void)e, (void)el;
	memcpy(dst, ((struct fake *)b->impl)->mem + (src - 0x10000), n);
	return LD_OK;
}
static int f_launch(struct ld_backend *b, void *m, const struct ld_kernel *k,
		    const struct ld_kargs *ka, const uint32_t grid[3], const uint32_t block[3],
		    unsigned reps, struct ld_run_stats *st, char *e, size_t el)
{
	(void)m, (void)k, (void)block, (void)e, (void)el;
	struct fake *f = b->impl;
	f->launches += reps;
	memcpy(f->last_kernarg, ka->buf, ka->size);
	memcpy(f->last_grid, grid, sizeof f->last_grid);
	st->runs = reps;
	st->best_ms = 1.0;
	return LD_OK;
}
static const struct ld_backend_ops fake_ops = {
	.load = f_load, .unload = f_unload, .alloc = f_alloc, .free = f_free,
	.write = f_write, .read = f_read, .launch = f_launch,
};

static void test_fake(struct ld_code_object *co, const struct ld_kernel *k)
{
	struct fake f;
	memset(&f, 0, sizeof f);
	struct ld_backend b = { .ops = &fake_ops, .name = "fake", .impl = &f };
	char err[256] = "";
	void *mod = NULL;
	uint64_t buf;
	int rc = ld_load(&b, co, &mod, err, sizeof err) | ld_alloc(&b, 256, &buf, err, sizeof err);
	float in[64], out[64];
	for (int i = 0; i < 64; i++)
		in[i] = (float)i;
	rc |= ld_write(&b, buf, in, sizeof in, err, sizeof err);
	rc |= ld_read(&b, out, buf, sizeof out, err, sizeof err);
	CHECK("fake_memory_roundtrip", rc == LD_OK && memcmp(in, out, sizeof in) == 0, "%s", err);
	struct ld_kargs a;
	ld_kargs_init(&a, k, err, sizeof err);
	const uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 }, huge[3] = { 1024, 1, 1 };
	struct ld_run_stats st;
	rc = ld_launch(&b, mod, k, &a, grid, block, 1, &st, err, sizeof err);
	CHECK("fake_launch_unset_args_refused", rc == LD_E_KARG && f.launches == 0, "rc %d", rc);
	ld_kargs_set_ptr(&a, "buf", buf, err, sizeof err);
	ld_kargs_set_u32(&a, "count", 64, err, sizeof err);
	ld_kargs_finish(&a, grid, block, err, sizeof err);
	rc = ld_launch(&b, mod, k, &a, grid, huge, 1, &st, err, sizeof err);
	CHECK("fake_launch_block_refused", rc == LD_E_ARG && f.launches == 0, "rc %d", rc);
	rc = ld_launch(&b, mod, k, &a, grid, block, 3, &st, err, sizeof err);
	uint64_t seen;
	memcpy(&seen, f.last_kernarg, 8);
	CHECK("fake_launch", rc == LD_OK && f.launches == 3 && seen == buf && st.runs == 3,
	      "rc %d launches %u", rc, f.launches);
	ld_unload(&b, mod);
	CHECK("fake_unload", f.loads == 1 && f.unloads == 1, "loads %u unloads %u", f.loads, f.unloads);
	ld_kargs_free(&a);
}

/* Text into 2-, 4- and 8-byte floats and integers: round to nearest even
 * (ties to the even neighbour, subnormals, the carry into the next binade),
 * a finite value that rounds to infinity refused, inf and nan as written. */
static void test_scalar_rounding(void)
{
	static const struct {
		const char *text;
		enum ld_scalar t;
		unsigned size;
		long long want;        /* the bits, or -1: refused */
	} rows[] = {
		{ "2.0", LD_SC_FLOAT, 2, 0x4000 },        { "-1.5", LD_SC_FLOAT, 2, 0xbe00 },
		{ "1.00048828125", LD_SC_FLOAT, 2, 0x3c00 }, /* 1 + 2^-11: tie, down to even */
		{ "1.00146484375", LD_SC_FLOAT, 2, 0x3c02 }, /* 1 + 3 2^-11: tie, up to even */
		{ "1.0004883", LD_SC_FLOAT, 2, 0x3c01 },   /* just past the tie */
		{ "5.9604644775390625e-8", LD_SC_FLOAT, 2, 0x0001 }, /* 2^-24, smallest subnormal */
		{ "2.98023223876953125e-8", LD_SC_FLOAT, 2, 0x0000 }, /* 2^-25: tie, down to 0 */
		{ "-3e-8", LD_SC_FLOAT, 2, 0x8001 },
		{ "6.1035156e-5", LD_SC_FLOAT, 2, 0x0400 }, /* 2^-14, smallest normal */
		{ "2047.5", LD_SC_FLOAT, 2, 0x6800 },     /* carry into 2048 */
		{ "65504", LD_SC_FLOAT, 2, 0x7bff },      { "65519.99", LD_SC_FLOAT, 2, 0x7bff },
		{ "65520", LD_SC_FLOAT, 2, -1 },          { "-1e6", LD_SC_FLOAT, 2, -1 },
		{ "inf", LD_SC_FLOAT, 2, 0x7c00 },        { "-inf", LD_SC_FLOAT, 2, 0xfc00 },
		{ "nan", LD_SC_FLOAT, 2, 0x7e00 },        { "-0.0", LD_SC_FLOAT, 2, 0x8000 },
		{ "1.5", LD_SC_BF16, 2, 0x3fc0 },         { "0.1", LD_SC_BF16, 2, 0x3dcd },
		{ "1.00390625", LD_SC_BF16, 2, 0x3f80 },  /* 1 + 2^-8: tie, down to even */
		{ "1.01171875", LD_SC_BF16, 2, 0x3f82 },  /* 1 + 3 2^-8: tie, up to even */
		{ "3.3895313892515355e38", LD_SC_BF16, 2, 0x7f7f }, /* the largest finite */
		{ "3.4e38", LD_SC_BF16, 2, -1 },          { "9.2e-41", LD_SC_BF16, 2, 0x0001 }, /* 2^-133 */
		{ "1", LD_SC_BF16, 4, -1 },               /* bf16 is 2 bytes */
		{ "0.1", LD_SC_FLOAT, 4, 0x3dcccccd },    { "3.4028235e38", LD_SC_FLOAT, 4, 0x7f7fffff },
		{ "3.5e38", LD_SC_FLOAT, 4, -1 },         { "1.4e-45", LD_SC_FLOAT, 4, 0x00000001 },
		{ "2", LD_SC_FLOAT, 8, 0x4000000000000000ll },
		{ "2.5", LD_SC_ANY, 2, 0x4100 },          /* float-looking text into 2 bytes: f16 */
		{ "-2", LD_SC_INT, 1, 0xfe },             { "2", LD_SC_UINT, 3, 0x000002 },
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		char name[80], err[160] = "";
		uint64_t bits = 0;
		int rc = ld_scalar_parse(rows[i].text, rows[i].t, rows[i].size, &bits, err, sizeof err);
		snprintf(name, sizeof name, "scalar_%s_%u_%d", rows[i].text, rows[i].size, (int)rows[i].t);
		if (rows[i].want < 0)
			CHECK(name, rc == LD_E_KARG && err[0], "rc %d bits 0x%llx", rc, (unsigned long long)bits);
		else
			CHECK(name, rc == LD_OK && bits == (uint64_t)rows[i].want, "rc %d bits 0x%llx want 0x%llx: %s", rc,
			      (unsigned long long)bits, rows[i].want, err);
	}
	uint64_t bits = 0;
	char err[160] = "";
	CHECK("from_double_i8", ld_scalar_from_double(-128, LD_SC_INT, 1, &bits, err, sizeof err) == LD_OK &&
	      bits == 0x80, "bits 0x%llx: %s", (unsigned long long)bits, err);
	CHECK("from_double_i8_range", ld_scalar_from_double(128, LD_SC_INT, 1, &bits, err, sizeof err) == LD_E_KARG,
	      "accepted");
	CHECK("from_double_u8_fraction", ld_scalar_from_double(1.5, LD_SC_UINT, 1, &bits, err, sizeof err) ==
	      LD_E_KARG, "accepted");
	enum ld_scalar t;
	unsigned size;
	CHECK("type_words", ld_type_word("bf16", &t, &size) && t == LD_SC_BF16 && size == 2 &&
	      ld_type_word("u64", &t, &size) && t == LD_SC_UINT && size == 8 && !ld_type_word("struct", &t, &size) &&
	      !ld_type_word("", &t, &size), "ld_type_word");
}

/* .value_type read from the metadata, and the types it gives by_value
 * arguments without a .type_name (tests/loader/typed.s). */
static void test_value_types(const struct ld_kernel *k)
{
	const struct ld_arg *h = ld_arg_find(k, "h"), *st = ld_arg_find(k, "st"), *none = ld_arg_find(k, "none");
	const struct ld_arg *hv = ld_arg_find(k, "hv"), *bv = ld_arg_find(k, "bv"), *xv = ld_arg_find(k, "xv");
	CHECK("value_type_read", h && st && none && !strcmp(h->value_type, "f16") && !strcmp(st->value_type, "struct") &&
	      !none->value_type[0], "h '%s'", h ? h->value_type : "?");
	CHECK("value_type_scalar", hv && bv && xv && ld_arg_scalar(hv) == LD_SC_FLOAT && ld_arg_scalar(bv) == LD_SC_BF16 &&
	      ld_arg_scalar(xv) == LD_SC_ANY, "hv %d bv %d xv %d", hv ? (int)ld_arg_scalar(hv) : -1,
	      bv ? (int)ld_arg_scalar(bv) : -1, xv ? (int)ld_arg_scalar(xv) : -1);
}

/* On this kind of host (no GPU) the hip backend must say why, by HIP error
 * name, and return LD_E_NODEVICE; with no runtime at all, the same code. */
static void test_hip_nodevice(void)
{
	struct ld_backend *b = NULL;
	char err[256] = "";
	const char *lib = getenv("RDNA3_HIP_LIB");
	if (lib && strstr(lib, "hipshim"))
		return; /* the shim has a device: tested by tests/run */
	int rc = ld_backend_hip_open(LD_DEVICE_AUTO, &b, err, sizeof err);
	if (rc == LD_OK) {
		printf("# a HIP device is present: %s\n", b->device);
		ld_backend_close(b);
		return;
	}
	CHECK("hip_nodevice", rc == LD_E_NODEVICE && b == NULL &&
				      (strstr(err, "hipError") || strstr(err, "no HIP runtime")),
	      "rc %d: %s", rc, err);
	printf("# %s\n", err);
	setenv("RDNA3_HIP_LIB", "/nonexistent/libamdhip64.so.6", 1);
	rc = ld_backend_hip_open(LD_DEVICE_AUTO, &b, err, sizeof err);
	CHECK("hip_no_runtime", rc == LD_E_NODEVICE && strstr(err, "no HIP runtime"), "rc %d: %s", rc,
	      err);
	unsetenv("RDNA3_HIP_LIB");
}

int main(void)
{
	fixture_init();
	struct ld_code_object *add1 = open_fixture("add1.hsaco");
	struct ld_code_object *hip = open_fixture("saxpy.hsaco");
	CHECK("fixtures", add1 && hip, "fixtures missing");
	if (!add1 || !hip)
		return 1;
	test_add1_args(ld_kernel_find(add1, "add1"));
	test_hidden(ld_kernel_find(hip, "scale"));
	test_fake(add1, ld_kernel_find(add1, "add1"));
	test_hip_nodevice();
	test_scalar_rounding();
	struct ld_code_object *typed = open_fixture("typed.hsaco");
	CHECK("fixture_typed", typed != NULL, "typed.hsaco missing");
	if (typed)
		test_value_types(ld_kernel_find(typed, "typed"));
	ld_close(typed);
	ld_close(add1);
	ld_close(hip);
	return check_exit();
}
