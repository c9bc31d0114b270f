/* robust_test — the emulator never crashes the host: real kernels with random
 * bit flips in their code (wild branches, bad encodings, stray addresses,
 * registers out of range) must end in a clean report or a clean finish, under
 * ASan/UBSan.  Deterministic: a fixed seed. */
#include "tests/emu/harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned rng = 20261121u;
static unsigned next_rand(void)
{
	rng = rng * 1664525u + 1013904223u;
	return rng >> 8;
}

/* mode 0: flip 1-3 bits of the real code; mode 1: replace 1-4 dwords by random
 * words carrying a real encoding prefix (SOP*, VOP*, VOP3, DS, FLAT, SMEM). */
static void mutate_runs(const char *kdir, const char *file, const char *kernel, unsigned rounds, int mode)
{
	char src[700], out[700], err[700] = "", name[96];
	snprintf(src, sizeof src, "%s/%s", kdir, file);
	snprintf(out, sizeof out, "%s/robust_%s.hsaco", th_tmpdir(), kernel);
	struct th t;
	struct emu_opts o = { .threads = 1, .checks = EMU_CHECK_ALL, .inst_budget = 200000 };
	snprintf(name, sizeof name, "robust_%s_%s", kernel, mode ? "random_words" : "bit_flips");
	if (th_build(src, out, NULL, err, sizeof err) || th_open(&t, out, &o)) {
		th_ok(0, name, "%s", err[0] ? err : t.err);
		return;
	}
	const struct ld_kernel *k = ld_kernel_find(t.co, kernel);
	size_t img = ld_image_size(t.co);
	uint8_t kd[64];
	emu_read(t.dev, t.base + k->kd_vaddr, kd, 64);
	int64_t entry_off;
	memcpy(&entry_off, kd + 16, 8);
	size_t entry = (size_t)((int64_t)k->kd_vaddr + entry_off);
	size_t len = img - entry < 2048 ? img - entry : 2048;
	uint8_t *orig = malloc(len), *code = malloc(len);
	emu_read(t.dev, t.base + entry, orig, len);

	/* Buffers for any of the test kernels' kernargs: four 64 KiB buffers and N = 64. */
	uint64_t b[4];
	for (int i = 0; i < 4; i++) {
		b[i] = emu_alloc(t.dev, 65536, 0);
		emu_fill(t.dev, b[i], 0x3f, 65536);
	}
	struct { uint64_t a, b, c; uint32_t n, pad; uint64_t d; } ka = { b[0], b[1], b[2], 64, 0, b[3] };
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
	unsigned ok_runs = 0, faults = 0, bad_rc = 0;
	for (unsigned r = 0; r < rounds; r++) {
		memcpy(code, orig, len);
		static const uint32_t prefix[][2] = { /* mask, value of the top bits */
			{ 0xff800000u, 0xbe800000u }, { 0xc0000000u, 0x80000000u }, { 0xf0000000u, 0xb0000000u },
			{ 0xff800000u, 0xbf000000u }, { 0x80000000u, 0x00000000u }, { 0xfc000000u, 0xd4000000u },
			{ 0xfc000000u, 0xd8000000u }, { 0xfc000000u, 0xdc000000u }, { 0xfc000000u, 0xf4000000u },
			{ 0xfe000000u, 0x7c000000u }, { 0xfc000000u, 0xc8000000u },
		};
		unsigned n = 1 + next_rand() % (mode ? 4 : 3);
		for (unsigned f = 0; f < n; f++) {
			if (!mode) {
				unsigned bit = next_rand() % (unsigned)(len * 8);
				code[bit / 8] ^= (uint8_t)(1u << (bit % 8));
				continue;
			}
			unsigned p = next_rand() % (sizeof prefix / sizeof prefix[0]), at = next_rand() % (unsigned)(len / 4);
			uint32_t word = (next_rand() << 16 ^ next_rand()) & ~prefix[p][0];
			word |= prefix[p][1];
			memcpy(code + 4 * at, &word, 4);
		}
		emu_write(t.dev, t.base + entry, code, len);
		int rc = th_run(&t, kernel, &ka, k->kernarg_size <= sizeof ka ? sizeof ka : k->kernarg_size, grid, block);
		if (rc == 0)
			ok_runs++;
		else if (rc == EMU_E_FAULT || rc == EMU_E_DECODE || rc == EMU_E_BUDGET || rc == EMU_E_KD)
			faults++;
		else
			bad_rc++;
		if (rc && (!t.err[0] || strchr(t.err, '\n')))
			bad_rc++;
	}
	th_ok(bad_rc == 0, name, "%u runs returned an unexpected code or an empty report", bad_rc);
	/* The mutations must reach the decoder and the checks: with this seed every
	 * kernel and mode reports in 12 % of its rounds or more (the bar is 5 %) and
	 * finishes in some.  A mutated copy that never ran would report nothing. */
	char reached[120];
	snprintf(reached, sizeof reached, "%s_reported", name);
	th_ok(faults >= rounds / 20 && ok_runs > 0, reached,
	      "%u rounds: %u finished, %u reported; want at least %u reported and some finished", rounds, ok_runs, faults,
	      rounds / 20);
	printf("# %s: %u rounds, %u finished, %u reported\n", kernel, rounds, ok_runs, faults);
	free(orig);
	free(code);
	th_close(&t);
}

int main(int argc, char **argv)
{
	const char *kdir = argc > 1 ? argv[1] : "tests/emu/kernels";
	for (int mode = 0; mode < 2; mode++) {
		mutate_runs(kdir, "sgemm_lds.s", "sgemm_lds", 400, mode);
		mutate_runs(kdir, "bugs.s", "bugs", 400, mode);
	}
	th_cleanup(check_failures);
	return check_exit();
}
