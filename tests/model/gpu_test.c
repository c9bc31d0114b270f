/* gpu_test — the GPU-level model on cases worked out by hand: one line from
 * DRAM, an L0 hit, coalescing, a stream bound by its share of DRAM bandwidth,
 * working sets that fit L1, L2 and the Infinity Cache, accesses the Infinity
 * Cache does not allocate (DLC) and a stencil's planes through it, lines
 * shared between CUs, the constants file, and the dispatch plan (occupancy, round-robin,
 * sampled units).  The pictures are report/'s (tests/report/report_test.c). */
#include "tests/check.h"
#include "model/model.h"


#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* 32 lanes at base + lane * stride. */
static void lanes(uint64_t *a, uint64_t base, uint64_t stride)
{
	for (unsigned l = 0; l < 32; l++)
		a[l] = base + l * stride;
}

static struct mdl_consts K;

static void test_one_line(void)
{
	struct mm *m = mm_new(&K, 1, 1, 1);
	uint64_t a[32];
	lanes(a, 0x10000, 4);
	enum mm_level lv;
	/* Cold: ports L0 1 cycle (128 B at 128 B/cycle), L1 0.5 (256 B/cycle, one CU
	 * active), L2 1/16, MALL 128/2120, DRAM 1/3, then 850 of DRAM latency:
	 * 1 + 0.5 + 0.0625 + 0.0604 + 0.3333 + 850 = 851.96 -> 852. */
	uint64_t t = mm_access(m, 0, 0, a, 32, ~0u, 4, false, &lv);
	checkf(t == 852 && lv == MM_DRAM, "mem: a cold line comes from DRAM in 852 cycles", "got %llu from %s",
	      (unsigned long long)t, mm_level_name[lv]);
	/* Again at 1000: L0 hit, 1 cycle of port + 270. */
	t = mm_access(m, 0, 1000, a, 32, ~0u, 4, false, &lv);
	checkf(t == 1271 && lv == MM_L0, "mem: the same line again hits L0 at 1271", "got %llu from %s",
	      (unsigned long long)t, mm_level_name[lv]);
	struct mm_stats st;
	mm_get_stats(m, &st);
	checkf(st.lines[MM_DRAM] == 1 && st.lines[MM_L0] == 1 && st.bytes_req == 256 && st.bytes_dram == 128,
	      "mem: statistics count lines, requested and DRAM bytes", "dram %llu l0 %llu req %llu",
	      (unsigned long long)st.lines[MM_DRAM], (unsigned long long)st.lines[MM_L0],
	      (unsigned long long)st.bytes_req);
	mm_free(m);
}

/* A second wave asks at cycle 10 for the line a first one asked for at 0:
 * L0 has its tag (a hit) but not yet its data, which arrives at 852 (above);
 * the hit waits for it instead of 10 + 1 + 270 = 281. */
static void test_line_in_flight(void)
{
	struct mm *m = mm_new(&K, 1, 1, 1);
	uint64_t a[32];
	lanes(a, 0x10000, 4);
	enum mm_level lv;
	uint64_t t0 = mm_access(m, 0, 0, a, 32, ~0u, 4, false, &lv);
	uint64_t t1 = mm_access(m, 0, 10, a, 32, ~0u, 4, false, &lv);
	checkf(t0 == 852 && t1 == 852 && lv == MM_L0, "mem: an L0 hit on a line still on its way waits for its data",
	       "first %llu, second %llu from %s, want 852 and 852 from L0", (unsigned long long)t0,
	       (unsigned long long)t1, mm_level_name[lv]);
	mm_free(m);
}

static uint64_t lines_of(uint64_t base, uint64_t stride, uint32_t exec, unsigned bytes)
{
	struct mm *m = mm_new(&K, 1, 1, 1);
	uint64_t a[32];
	lanes(a, base, stride);
	mm_access(m, 0, 0, a, 32, exec, bytes, false, NULL);
	struct mm_stats st;
	mm_get_stats(m, &st);
	mm_free(m);
	uint64_t n = 0;
	for (int i = 0; i < MM_NLEVELS; i++)
		n += st.lines[i];
	return n;
}

static void test_coalescing(void)
{
	checkf(lines_of(0x1000, 4, ~0u, 4) == 1, "coalesce: 32 consecutive dwords are one line", " ");
	checkf(lines_of(0x1000, 128, ~0u, 4) == 32, "coalesce: a 128-byte stride is 32 lines", " ");
	checkf(lines_of(0x1000, 16, ~0u, 16) == 4, "coalesce: 32 x 16 bytes are 4 lines", " ");
	checkf(lines_of(0x1000 + 124, 4, 1, 8) == 2, "coalesce: 8 bytes across a line boundary are 2 lines", " ");
	checkf(lines_of(0x1000, 128, 0x5, 4) == 2, "coalesce: lanes off in exec cost nothing", " ");
	checkf(lines_of(0x1000, 0, ~0u, 4) == 1, "coalesce: one address for all lanes is one line", " ");
}

/* A stream of distinct lines from one of 96 busy CUs: its DRAM share is the
 * sustained 960 GB/s x 0.90 (dram_efficiency) / 2.5 GHz / 96 = 3.6 bytes per
 * cycle, 35.556 cycles per line, so 1000 lines issued at once at cycle 0 are
 * back after the first line's way to the DRAM port (L0 1, L1 128 / (256 / 8)
 * = 4, L2 128 / (2048 / 96) = 6, MALL 128 / (2120 / 96) = 5.8: 16.8 cycles;
 * strict shares, share_burst 0) + 1000 * 35.556 + 850 = 36422.4 -> 36423
 * cycles. */
static void test_stream(void)
{
	struct mm *m = mm_new(&K, 96, 1, 1);
	uint64_t a[32], last = 0;
	for (unsigned i = 0; i < 1000; i++) {
		lanes(a, 0x100000 + (uint64_t)i * 128, 4);
		last = mm_access(m, 0, 0, a, 32, ~0u, 4, false, NULL);
	}
	checkf(last == 36423, "mem: a stream is bound by the CU's share of DRAM bandwidth",
	      "last line back at %llu, want 36423", (unsigned long long)last);
	mm_free(m);
}

/* The two CUs of a WGP (cus_per_port 2) share one share of each shared port:
 * 1/48 of DRAM where a CU alone gets 1/96.  CU 0 streaming alone: L0 1, L1
 * 128 / (256 / 4) = 2, L2 128 / (2048 / 48) = 3, MALL 128 / (2120 / 48) =
 * 2.9: 8.9 cycles, + 1000 * 17.778 (test_stream's 35.556 / 2) + 850 =
 * 18636.7 -> 18637.  Its pair's CU 1,
 * streaming other lines from cycle 0, queues behind it; CU 2 (the next WGP)
 * does not. */
static void test_pair_share(void)
{
	struct mm *m = mm_new(&K, 96, 4, 2);
	uint64_t a[32], last[3] = { 0, 0, 0 };
	for (unsigned cu = 0; cu < 3; cu++)
		for (unsigned i = 0; i < 1000; i++) {
			lanes(a, 0x100000 + (uint64_t)(cu * 1000 + i) * 128, 4);
			last[cu] = mm_access(m, cu, 0, a, 32, ~0u, 4, false, NULL);
		}
	checkf(last[0] == 18637 && last[1] > 36000 && last[2] == last[0],
	       "mem: a WGP's two CUs share one share of the shared ports",
	       "CU 0 alone %llu (want 18637), its pair's CU 1 after it %llu (want > 36000), the next WGP's CU 2 %llu",
	       (unsigned long long)last[0], (unsigned long long)last[1], (unsigned long long)last[2]);
	mm_free(m);
}

/* Two passes over a working set, the first as how (MM_*), the second as
 * then; the farthest level that served the second. */
static enum mm_level second_pass_as(uint64_t bytes, unsigned how, unsigned then)
{
	struct mm *m = mm_new(&K, 1, 1, 1);
	uint64_t a[32], t = 0;
	enum mm_level lv = MM_L0, worst = MM_L0;
	for (int pass = 0; pass < 2; pass++)
		for (uint64_t off = 0; off < bytes; off += 128) {
			lanes(a, 0x1000000 + off, 4);
			t = mm_access(m, 0, t + 1, a, 32, ~0u, 4, pass ? then : how, &lv);
			if (pass == 1 && lv > worst)
				worst = lv;
		}
	mm_free(m);
	return worst;
}

static enum mm_level second_pass(uint64_t bytes) { return second_pass_as(bytes, 0, 0); }

static void test_working_sets(void)
{
	enum mm_level lv;
	lv = second_pass(16 << 10);
	checkf(lv == MM_L0, "mem: 16 KB read twice: second pass from L0", "from %s", mm_level_name[lv]);
	lv = second_pass(128 << 10);
	checkf(lv == MM_L1, "mem: 128 KB read twice: second pass from L1", "from %s", mm_level_name[lv]);
	lv = second_pass(2 << 20);
	checkf(lv == MM_L2, "mem: 2 MB read twice: second pass from L2", "from %s", mm_level_name[lv]);
	lv = second_pass(32 << 20);
	checkf(lv == MM_MALL, "mem: 32 MB read twice: second pass from the Infinity Cache", "from %s",
	      mm_level_name[lv]);
	lv = second_pass(160 << 20);
	checkf(lv == MM_DRAM, "mem: 160 MB read twice: second pass from DRAM", "from %s", mm_level_name[lv]);
}

/* gfx11's DLC bit (MM_NOALLOC): 32 MB, more than L2 holds, less than the
 * Infinity Cache, so the second pass reads whatever the first left there. */
static void test_mall_noalloc(void)
{
	enum mm_level lv = second_pass_as(32 << 20, MM_STORE, 0);
	checkf(lv == MM_MALL, "mem: 32 MB stored, then read: from the Infinity Cache", "from %s", mm_level_name[lv]);
	lv = second_pass_as(32 << 20, MM_STORE | MM_NOALLOC, 0);
	checkf(lv == MM_DRAM, "mem: 32 MB stored with DLC (MALL NOALLOC), then read: from DRAM", "from %s",
	       mm_level_name[lv]);
	lv = second_pass_as(32 << 20, MM_NOALLOC, 0);
	checkf(lv == MM_DRAM, "mem: 32 MB read with DLC, then again: from DRAM", "from %s", mm_level_name[lv]);
	lv = second_pass_as(32 << 20, 0, MM_NOALLOC);
	checkf(lv == MM_MALL, "mem: 32 MB read, then again with DLC: from the Infinity Cache, which holds it",
	       "from %s", mm_level_name[lv]);
}

/* A 7-point stencil's reuse of its input planes through the Infinity Cache:
 * plane z reads, line by line, planes z - 1, z and z + 1 of u and stores
 * plane z of f (as how says).  A plane is read a third time after about
 * three planes of u were touched since its second read (four with f's), so
 * a cache of C lines serves two reads in three while a plane holds fewer
 * than about C / 3 lines when the stores do not allocate, C / 4 when they
 * do, and one in three past that.  L1 and L2 are made small, the Infinity
 * Cache 24576 lines (3 MB: the RX 7900 XTX's 96 MB scaled by 1/32).
 * Returns the share of the reads of planes 4 on that the Infinity Cache
 * served. */
static double stencil_mall_share(double lines_per_plane, unsigned store_how)
{
	struct mdl_consts k = K;
	k.l1_bytes = k.l2_bytes = 64 << 10, k.mall_bytes = 3 << 20;
	struct mm *m = mm_new(&k, 1, 1, 1);
	uint64_t a[32], t = 0, p = (uint64_t)lines_per_plane, reads = 0, mall = 0;
	enum mm_level lv;
	for (uint64_t z = 0; m && z < 8; z++)
		for (uint64_t i = 0; i < p; i++) {
			for (uint64_t dz = z ? 0 : 1; dz < 3; dz++) {
				lanes(a, (1ull << 40) + ((z + dz - 1) * p + i) * 128, 4);
				mm_access(m, 0, ++t, a, 32, ~0u, 4, 0, &lv);
				reads += z >= 4, mall += z >= 4 && lv == MM_MALL;
			}
			lanes(a, (1ull << 41) + (z * p + i) * 128, 4);
			mm_access(m, 0, t, a, 32, ~0u, 4, MM_STORE | store_how, &lv);
		}
	mm_free(m);
	return reads ? (double)mall / (double)reads : -1;
}

static void test_stencil_knee(void)
{
	const double c = 24576;
	const struct { double plane; unsigned how; double want; const char *what; } cases[] = {
		{ c / 3.2, MM_NOALLOC, 2.0 / 3, "a plane of C / 3.2 lines, DLC stores: two reads in three" },
		{ c / 2.4, MM_NOALLOC, 1.0 / 3, "a plane of C / 2.4 lines, DLC stores: one read in three" },
		{ c / 5.3, 0, 2.0 / 3, "a plane of C / 5.3 lines, allocating stores: two reads in three" },
		{ c / 3.7, 0, 1.0 / 3, "a plane of C / 3.7 lines, allocating stores: one read in three" },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		double got = stencil_mall_share(cases[i].plane, cases[i].how);
		checkf(fabs(got - cases[i].want) < 0.01, cases[i].what, "the Infinity Cache served %.3f of the reads", got);
	}
}

/* CU 0 and 1 share shader array 0, CU 8 is in array 1. */
static void test_sharing(void)
{
	struct mm *m = mm_new(&K, 96, 96, 1);
	uint64_t a[32];
	enum mm_level lv;
	lanes(a, 0x2000000, 4);
	/* Full simulation: whole ports.  CU 0 at 100: L0 128/128 = 1, L1 128/256 = 0.5,
	 * L2 128/2048, MALL 128/2120, DRAM 128/384 cycles: 101.956, then 850: 952.
	 * CU 1 at 200 hits L1 (ports 1 + 0.5, 320 of latency: 522) but the line is
	 * still on its way: it waits for CU 0's fill, 952. */
	uint64_t t0 = mm_access(m, 0, 100, a, 32, ~0u, 4, false, &lv);
	uint64_t t1 = mm_access(m, 1, 200, a, 32, ~0u, 4, false, &lv);
	checkf(lv == MM_L1 && t0 == 952 && t1 == 952, "mem: a line CU 0 is loading hits L1 for CU 1 of its array, when it arrives",
	      "from %s at %llu (fill %llu)", mm_level_name[lv], (unsigned long long)t1, (unsigned long long)t0);
	uint64_t t2 = mm_access(m, 3, 2000, a, 32, ~0u, 4, false, &lv);
	checkf(lv == MM_L1 && t2 == 2000 + 1 + 1 + 320 /* 0.5 rounded up with the rest */, "mem: once there, an L1 hit takes the L1 latency", "at %llu",
	      (unsigned long long)t2);
	mm_access(m, 8, 300, a, 32, ~0u, 4, false, &lv);
	checkf(lv == MM_L2, "mem: and L2 for CU 8 of another array", "from %s", mm_level_name[lv]);
	lanes(a, 0x3000000, 4);
	mm_access(m, 0, 1000, a, 32, ~0u, 4, false, &lv);
	mm_access(m, 1, 500, a, 32, ~0u, 4, false, &lv); /* simulated after CU 0, but earlier in time */
	checkf(lv == MM_DRAM, "mem: a CU never hits what another CU loads later in simulated time", "from %s",
	      mm_level_name[lv]);
	/* A store: L0 port 1 cycle, the L2 port 128/2048, then L2's latency 420: 3421.06 -> 3422. */
	uint64_t t = mm_access(m, 2, 3000, a, 32, ~0u, 4, true, &lv);
	checkf(lv == MM_L2 && t == 3422, "mem: a store is acknowledged by L2", "at %llu from %s",
	      (unsigned long long)t, mm_level_name[lv]);
	mm_free(m);
}

/* A sampled hierarchy (1 of 96 CUs simulated): each CU has 1/96 of the shared
 * ports.  At cycle 100 a new line passes L0 1 + L1 4 + L2 6 + MALL 5.8 + DRAM
 * 35.556 (test_stream) = 52.35 cycles, then 850: 1002.35, 1003 from DRAM.  With every line
 * shared in the array (share.c counts: 2 touches, 1 per array) it is an L1
 * hit (ports to L1: 5) at the latency of where it really came from (DRAM):
 * 955, and no DRAM traffic; shared between arrays only (2, 2, 1): an L2 hit
 * (ports 11), 961.  With share_burst 256 a CU idle that long may use the whole
 * ports: L0 1 + L1 128/256 + L2 128/2048 + MALL 128/2120 + DRAM 128/345.6 =
 * 2.00 cycles: 952 all three. */
static void test_sampled_sharing(void)
{
	/* p_l1, p_l2 set to 1 (the counts give 1/2) so that the one line is shared */
	const struct md_sharing none = { 0 }, in_array = { .touches = 2, .arrays = 1, .lines = 1, .p_l1 = 1 },
				  across = { .touches = 2, .arrays = 2, .lines = 1, .p_l2 = 1 };
	const struct md_sharing *sh[3] = { &none, &in_array, &across };
	const char *name[3] = { "mem: sampled, an unshared new line comes from DRAM over the CU's port shares",
				"mem: sampled, a line shared in the array is an L1 hit at the DRAM latency",
				"mem: sampled, a line shared between arrays is an L2 hit at the DRAM latency" };
	const uint64_t want_t[2][3] = { { 1003, 955, 961 }, { 952, 952, 952 } };
	const enum mm_level want_lv[3] = { MM_DRAM, MM_L1, MM_L2 };
	struct mdl_consts kb = K;
	kb.share_burst = 256;
	for (int i = 0; i < 6; i++) {
		int j = i % 3, b = i / 3;
		struct mm *m = mm_new(b ? &kb : &K, 96, 1, 1);
		mm_set_sharing(m, sh[j]);
		uint64_t a[32];
		enum mm_level lv;
		lanes(a, 0x4000000, 4);
		uint64_t t = mm_access(m, 0, 100, a, 32, ~0u, 4, false, &lv);
		struct mm_stats st;
		mm_get_stats(m, &st);
		char what[160];
		snprintf(what, sizeof what, "%s%s", name[j], b ? ", whole ports after an idle share_burst" : "");
		checkf(t == want_t[b][j] && lv == want_lv[j] && (j == 0) == (st.bytes_dram == 128), what,
		       "at %llu from %s, %llu DRAM bytes", (unsigned long long)t, mm_level_name[lv],
		       (unsigned long long)st.bytes_dram);
		mm_free(m);
	}
}

/* The two sharing draws of a line are independent: with p_l1 = p_l2 = 1/2,
 * of 4000 new lines about half are L1 hits (another CU of the array), a
 * quarter L2 hits (not in the array, another array) and a quarter come from
 * DRAM (binomial sd under 0.008; the bound is 0.03). */
/* The same line shared in the array, asked for by a workgroup 300 cycles
 * behind its CU's fastest: the other CU asked 300 cycles earlier, so its data
 * is back 300 cycles sooner, 955 - 300 = 655 (test_sampled_sharing); 1000
 * behind, no sooner than an L1 hit (ports 5 + lat_l1 320 after cycle 100):
 * 425. */
static void test_sharing_lag(void)
{
	const struct md_sharing in_array = { .touches = 2, .arrays = 1, .lines = 1, .p_l1 = 1 };
	const uint64_t lag[2] = { 300, 1000 }, want[2] = { 655, 425 };
	for (int i = 0; i < 2; i++) {
		struct mm *m = mm_new(&K, 96, 1, 1);
		mm_set_sharing(m, &in_array);
		uint64_t a[32];
		enum mm_level lv;
		lanes(a, 0x4000000, 4);
		uint64_t t = mm_access_lag(m, 0, 100, a, 32, ~0u, 4, false, lag[i], 0, &lv);
		checkf(t == want[i] && lv == MM_L1, i ? "mem: sampled, a shared line is never back before an L1 hit"
						       : "mem: sampled, a shared line asked for by a lagging workgroup is back sooner",
		       "lag %llu: at %llu from %s, want %llu from L1", (unsigned long long)lag[i], (unsigned long long)t,
		       mm_level_name[lv], (unsigned long long)want[i]);
		mm_free(m);
	}
}

/* Sampled (1 of 96 CUs simulated), every line of a later round was loaded by
 * the other units in the rounds before and L2 still holds it (p_prev =
 * p_prev_l2 = 1): a line new to the simulation, asked for at 5000 by a
 * workgroup whose slot's previous one ran 4000 cycles, was brought into L2 at
 * 1000 and nothing came in since: an L2 hit, ports L0 1 + L1 4 + L2 6
 * (test_sampled_sharing) + 420 = 5431.  Held by the Infinity Cache only
 * (p_prev_l2 = 0): a MALL hit, ports + MALL 5.8 + 446 = 5462.8 -> 5463.  In
 * a first round (no previous workgroup) it comes from DRAM: 5000 + 52.35 +
 * 850 = 5902.35 -> 5903. */
static void test_previous_round(void)
{
	const struct md_sharing in_l2 = { .touches = 1, .arrays = 1, .lines = 1, .p_prev = 1, .p_prev_l2 = 1 },
				  in_mall = { .touches = 1, .arrays = 1, .lines = 1, .p_prev = 1 };
	const struct md_sharing *prev[3] = { &in_l2, &in_mall, &in_l2 };
	const uint64_t past[3] = { 4000, 4000, 0 }, want[3] = { 5431, 5463, 5903 };
	const enum mm_level want_lv[3] = { MM_L2, MM_MALL, MM_DRAM };
	const char *what[3] = { "mem: sampled, a line the rounds before loaded is still in L2",
				"mem: sampled, a line the rounds before loaded is still in the Infinity Cache only",
				"mem: sampled, a first-round line new to the simulation comes from DRAM" };
	for (int i = 0; i < 3; i++) {
		struct mm *m = mm_new(&K, 96, 1, 1);
		mm_set_sharing(m, prev[i]);
		uint64_t a[32];
		enum mm_level lv;
		lanes(a, 0x4000000, 4);
		uint64_t t = mm_access_lag(m, 0, 5000, a, 32, ~0u, 4, false, 0, past[i], &lv);
		checkf(t == want[i] && lv == want_lv[i], what[i],
		       "past %llu: at %llu from %s, want %llu from %s", (unsigned long long)past[i], (unsigned long long)t,
		       mm_level_name[lv], (unsigned long long)want[i], mm_level_name[want_lv[i]]);
		mm_free(m);
	}
}

static void test_sharing_draws(void)
{
	const struct md_sharing half = { .touches = 4, .arrays = 2, .lines = 1, .p_l1 = 0.5, .p_l2 = 0.5 };
	struct mm *m = mm_new(&K, 96, 1, 1);
	mm_set_sharing(m, &half);
	uint64_t a[32];
	for (unsigned i = 0; i < 4000; i++) {
		lanes(a, 0x4000000 + (uint64_t)i * 128, 0);
		mm_access(m, 0, 100 + 10ull * i, a, 32, ~0u, 4, false, NULL);
	}
	struct mm_stats st;
	mm_get_stats(m, &st);
	double n = 4000, l1 = st.lines[MM_L1] / n, l2 = st.lines[MM_L2] / n, dr = st.lines[MM_DRAM] / n;
	checkf(fabs(l1 - 0.5) < 0.03 && fabs(l2 - 0.25) < 0.03 && fabs(dr - 0.25) < 0.03,
	       "mem: sampled, the L1 and L2 sharing draws are independent", "L1 %.3f L2 %.3f DRAM %.3f, want 0.5 0.25 0.25",
	       l1, l2, dr);
	mm_free(m);
}

static void test_consts(void)
{
	char path[] = "/tmp/gpu_test_XXXXXX", err[256];
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	/* one row of the core, two of the memory hierarchy, a latency set to 0 */
	fprintf(f, "# measured\nlat_l0 123\n  bw_dram 800\nvalu_latency 7\nbarrier_latency 0\n");
	fclose(f);
	struct mdl_consts c;
	mdl_consts_default(&c);
	int rc = mdl_consts_load(&c, path, err, sizeof err);
	checkf(rc == 0 && c.lat_l0 == 123 && c.bw_dram == 800 && c.lat_l2 == 420 && c.valu_latency == 7 &&
		       c.barrier_latency == 0,
	      "consts: a file overrides the rows it names (core and memory alike)", "rc %d: %s", rc, err);
	f = fopen(path, "w");
	fprintf(f, "lat_l0 100\nNO_SUCH 1\n");
	fclose(f);
	rc = mdl_consts_load(&c, path, err, sizeof err);
	checkf(rc < 0 && strstr(err, ":2:") && c.lat_l0 == 123, "consts: an unknown name is refused, nothing changes",
	      "rc %d: %s", rc, err);
	f = fopen(path, "w");
	fprintf(f, "bw_l2 0\n");
	fclose(f);
	rc = mdl_consts_load(&c, path, err, sizeof err);
	checkf(rc < 0, "consts: a zero rate is refused", "rc %d", rc);
	unlink(path);
	checkf(mdl_consts_load(&c, "/nonexistent/x", err, sizeof err) < 0 && strstr(err, "/nonexistent/x"),
	      "consts: a missing file is named", "%s", err);
	/* Every row: a unit, a source, a default that is not negative, and a name
	 * the file reader can set (so --model-constants reaches all of them). */
	int ok = 1;
	for (unsigned i = 0; i < mdl_nconsts; i++) {
		struct mdl_consts t;
		mdl_consts_default(&t);
		ok &= mdl_const_rows[i].source[0] && mdl_const_rows[i].unit[0] && mdl_const_get(&K, i) >= 0;
		ok &= mdl_consts_set(&t, mdl_const_rows[i].name, 12345) == 0 && mdl_const_get(&t, i) == 12345;
	}
	checkf(ok && mdl_nconsts > 50, "consts: every row has a value, a unit and a source, and can be set by name",
	      "%u rows", mdl_nconsts);
	/* --model-constants reaches every row: a file naming all of them, each set
	 * to its row number + 1 */
	f = fopen(path, "w");
	for (unsigned i = 0; i < mdl_nconsts; i++)
		fprintf(f, "%s %u\n", mdl_const_rows[i].name, i + 1);
	fclose(f);
	mdl_consts_default(&c);
	rc = mdl_consts_load(&c, path, err, sizeof err);
	ok = rc == 0;
	for (unsigned i = 0; ok && i < mdl_nconsts; i++)
		ok = mdl_const_get(&c, i) == i + 1;
	unlink(path);
	checkf(ok, "consts: a constants file sets every row", "rc %d: %s", rc, err);
}

static void test_dispatch(void)
{
	struct md_plan p, p2;
	char err[256];
	/* k8: 210 VGPRs (216 allocated: 7 waves), 16640 bytes of LDS (3 workgroups of
	 * 4 waves = 6 per SIMD): 3 workgroups per CU, limited by LDS. */
	int rc = md_plan_make(1024, 210, 16640, 128, false, &K, 2, &p, err, sizeof err);
	checkf(rc == 0 && p.wg_per_unit == 3 && p.waves_per_simd == 6 && !strcmp(p.limit, "LDS") && p.units == 96,
	      "dispatch: k8's occupancy is 3 workgroups per CU, by LDS", "rc %d wg %u waves %u limit %s", rc,
	      p.wg_per_unit, p.waves_per_simd, p.limit);
	/* 1024 = 10 * 96 + 64: units 0..63 run 11 workgroups, 64..95 run 10. */
	checkf(md_unit_wgs(&p, 0) == 11 && md_unit_wgs(&p, 63) == 11 && md_unit_wgs(&p, 64) == 10 &&
		      md_unit_wg(&p, 5, 2) == 197,
	      "dispatch: round-robin gives units 0..63 11 workgroups and the rest 10", " ");
	checkf(p.nsample == 4 && p.sample[0] == 0 && p.sample[1] == 63 && p.sample[2] == 64 && p.sample[3] == 95,
	      "dispatch: two sampled units per group, first and last", "%u samples", p.nsample);
	/* 64 workgroups: one group of 64 units with one each. */
	rc = md_plan_make(64, 210, 16640, 128, false, &K, 2, &p, err, sizeof err);
	checkf(rc == 0 && p.active_units == 64 && p.active_cus == 64 && p.nsample == 2 && p.sample[1] == 63 &&
		      !strcmp(p.limit, "grid"),
	      "dispatch: 64 workgroups keep 64 CUs busy", "active %u samples %u", p.active_units, p.nsample);
	rc = md_plan_make(1000, 32, 0, 256, true, &K, 0, &p, err, sizeof err);
	/* WGP mode: 8 waves over 4 SIMDs, 16 waves per SIMD by VGPRs -> 8 workgroups per WGP. */
	checkf(rc == 0 && p.units == 48 && p.wg_per_unit == 8 && p.full && p.nsample == 48 && md_unit_cu(&p, 3) == 6 &&
		      md_sample_unit(&p, 47) == 47,
	      "dispatch: WGP mode has 48 units of 2 CUs, full plans simulate all", "units %u wg %u", p.units,
	      p.wg_per_unit);
	/* One-wave workgroups held by the LDS, counted in workgroups: 48 KB each,
	 * two fit a WGP's 128 KB (half a wave per SIMD); 12 KB each, five fit a
	 * CU's 64 KB (two and a half per SIMD). */
	rc = md_plan_make(1000, 32, 49152, 32, true, &K, 0, &p, err, sizeof err);
	int rc2 = md_plan_make(1000, 32, 12288, 32, false, &K, 0, &p2, err, sizeof err);
	checkf(rc == 0 && p.wg_per_unit == 2 && rc2 == 0 && p2.wg_per_unit == 5,
	       "dispatch: one-wave workgroups held by the LDS (2 of 48 KB per WGP, 5 of 12 KB per CU)",
	       "rc %d/%d, %u and %u per unit: %s", rc, rc2, p.wg_per_unit, p2.wg_per_unit, err);
	/* The naive kernel at 4096^3: 65536 workgroups of 8 waves, 4 per CU (16 waves per
	 * SIMD): units 0..63 run 683 = 65536 / 96 rounded up; MD_MAX_ROUNDS rounds (4 each)
	 * are simulated and scaled by 683 / (4 MD_MAX_ROUNDS). */
	const unsigned sim = 4 * MD_MAX_ROUNDS;
	rc = md_plan_make(65536, 24, 0, 256, false, &K, 2, &p, err, sizeof err);
	checkf(rc == 0 && p.wg_per_unit == 4 && p.sim_wgs == sim && p.extrapolate == 683.0 / sim &&
		      md_unit_sim_wgs(&p, 0) == sim && md_unit_wgs(&p, 0) == 683,
	      "dispatch: a long dispatch simulates MD_MAX_ROUNDS rounds and scales", "wg %u sim %llu x %.4f", p.wg_per_unit,
	      (unsigned long long)p.sim_wgs, p.extrapolate);
	rc = md_plan_make(1024, 210, 16640, 128, false, &K, 2, &p, err, sizeof err);
	checkf(rc == 0 && p.sim_wgs == 0, "dispatch: 11 workgroups of 3 per CU (4 rounds) are all simulated", "sim %llu",
	      (unsigned long long)p.sim_wgs);
	rc = md_plan_make(10, 256, 65536, 1024, false, &K, 2, &p, err, sizeof err);
	checkf(rc < 0 && strstr(err, "does not fit"), "dispatch: a workgroup that cannot fit is an error", "%s", err);
}

bool json_valid(const char *s); /* tests/report/json_check.c */

/* One document for the whole prediction: the result's members, the WMMA
 * pipe's, and the plan as the member "plan" (rdna3run printed the two objects
 * spliced by text before mdl_predict_format_json). */
static void test_predict_json(void)
{
	static struct mdl_prediction p;
	char err[256] = "";
	p.c = K;
	int rc = md_plan_make(16, 128, 0, 128, false, &K, 1, &p.plan, err, sizeof err);
	p.r.cycles = 1000, p.r.seconds = 4e-7, p.r.workgroups = 16, p.r.waves = 64, p.r.cus_used = 16, p.r.simds = 32;
	p.r.bucket[MDL_B_VALU_BUSY] = 24000, p.r.bucket[MDL_B_IDLE] = 8000;
	p.r.wmma_ops = 3, p.r.wmma_busy = 96, p.r.wmma_gap[MDL_B_BARRIER] = 5;
	p.mem.lines[MM_DRAM] = 7, p.mem.bytes_dram = 896;
	static char buf[8192];
	mdl_predict_format_json(&p, 1e6, 0, buf, sizeof buf);
	const char *nl = strchr(buf, '\n');
	checkf(rc == 0 && json_valid(buf) && nl && !nl[1] && !strncmp(buf, "{\"cycles\": 1000, \"seconds\": 4e-07, ", 35) &&
		       strstr(buf, "\"gflops\": 2500.000, \"breakdown\": {\"VALU busy\": 24000, ") &&
		       strstr(buf, "\"wmma\": {\"ops\": 3, \"busy\": 96, \"idle\": {") &&
		       strstr(buf, "}}, \"plan\": {\"workgroups\": 16, \"unit\": \"CU\", ") &&
		       strstr(buf, "\"lines\": {\"L0\": 0, \"L1\": 0, \"L2\": 0, \"MALL\": 0, \"DRAM\": 7}, ") &&
		       strstr(buf, "\"roofs\": {\"peak_gflops\": 61440.000, ") &&
		       /* AMD-spec: 122.9 TFLOP/s WMMA f16/bf16, 1.92 TFLOP/s FP64 */
		       strstr(buf, "\"wmma_gflops\": 122880.000, \"fp64_gflops\": 1920.000, \"math\": \"WMMA\", "
				   "\"device\": \"AMD Radeon RX 7900 XTX\", \"dram\": \"GDDR6\"}"),
	       "predict_json_one_document", "%s%s", err, buf);
}

/* The device rows (model/devices.def): every figure has a source, and a
 * figure no page gave says "assumed"; every constant fact is a row of
 * consts.def; every ISA target has a default card; a card sets its figures
 * over the constants, the default card's being mdl_consts_default's. */
static void test_devices(void)
{
	unsigned n;
	const struct mdl_device *d = mdl_devices(&n);
	int sourced = 1;
	char first_bad[128] = "";
	for (unsigned i = 0; i < n; i++)
		for (unsigned k = 0; k < MDL_DF_N; k++) {
			const char *s = d[i].fact[k].source;
			if (!s || !s[0] || d[i].fact[k].value < 0) {
				if (sourced)
					snprintf(first_bad, sizeof first_bad, "%s: %s", d[i].name, mdl_device_facts[k].name);
				sourced = 0;
			}
		}
	checkf(sourced && n == 8, "devices: eight cards, every figure with a source", "%u cards; first without: %s", n,
	       first_bad);
	int known = 1;
	for (unsigned k = 0; k < MDL_DF_N; k++)
		known &= !mdl_device_facts[k].constant || mdl_const_find(mdl_device_facts[k].name) >= 0;
	checkf(known, "devices: every constant fact is a row of consts.def", "a fact names no constant");
	unsigned nt;
	const struct isa_target *t = isa_targets(&nt);
	int defaults = 1;
	for (unsigned i = 0; i < nt; i++)
		defaults &= mdl_device_default(&t[i]) && mdl_device_target(mdl_device_default(&t[i])) &&
			    mdl_device_target(mdl_device_default(&t[i]))->mach == t[i].mach;
	checkf(defaults, "devices: every ISA target has a default card that runs it", "a target without a card");
	const struct mdl_device *xt = mdl_device_find("rx7900xt");
	struct mdl_consts c;
	mdl_consts_default(&c);
	double cus0 = c.cus;
	if (xt)
		mdl_consts_device(&c, xt);
	checkf(xt && cus0 == mdl_device_default(isa_target_default())->fact[MDL_DF_cus].value && c.cus == 84 &&
		       c.bw_dram == 800 && c.lat_l2 == K.lat_l2,
	       "devices: a card sets its figures, the others stay", "cus %g -> %g", cus0, c.cus);
	checkf(!mdl_device_find("rx9999"), "devices: an unknown name finds none", "found");
}

int main(void)
{
	mdl_consts_default(&K);
	test_one_line();
	test_line_in_flight();
	test_coalescing();
	test_stream();
	test_pair_share();
	test_working_sets();
	test_mall_noalloc();
	test_stencil_knee();
	test_sharing();
	test_sampled_sharing();
	test_sharing_draws();
	test_sharing_lag();
	test_previous_round();
	test_consts();
	test_devices();
	test_dispatch();
	test_predict_json();
	return check_exit();
}
