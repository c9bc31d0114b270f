/* dispatch.c — workgroups over the CUs (or WGPs) of the GPU, occupancy from
 * the kernel descriptor, and the choice of the units to simulate.
 *
 * Occupancy is isa/isa.h's isa_occupancy for the device's target (LLVM's
 * figures in isa/targets.def: VGPR file, LDS, wave slots; barriers), turned
 * into resident workgroups per unit:
 * a workgroup's waves are spread over the unit's SIMDs (2 per CU, 4 per WGP).
 *
 * Sampling: with round-robin dispatch, unit u runs ceil((nwg - u) / U)
 * workgroups, so the units fall into at most two groups (q + 1 and q
 * workgroups), and within a group they differ only in the addresses their
 * workgroups touch.  A sampled plan simulates a few units of each group,
 * spread over the group, and takes the latest finish as the kernel's: the
 * last round's tail is there because a simulated unit runs all of its
 * workgroups, including the last partial round.
 */
#include "model/model.h"

#include "isa/isa.h"

#include <stdio.h>
#include <string.h>

/* Workgroups one unit (a CU, or a WGP in WGP mode) holds at once: the
 * occupancy in waves per SIMD over each workgroup's share of a SIMD's slots.
 * A workgroup takes its share of wave slots on every SIMD; one of fewer
 * waves than the unit has SIMDs takes a slot on as many SIMDs, and its
 * neighbours the others (mdl_cu_place), so those fit simds / waves times as
 * many. */
unsigned md_groups_per_unit(const struct isa_target *t, unsigned vgprs, unsigned lds_bytes, unsigned block_threads,
			    bool wgp_mode, struct isa_occupancy *occ)
{
	isa_occupancy(t ? t : isa_target_default(), vgprs, lds_bytes, block_threads, wgp_mode, occ);
	unsigned simds = wgp_mode ? 4 : 2, waves = (block_threads + 31) / 32;
	if (waves && waves < simds) {
		/* Counted in workgroups, not waves per SIMD: two one-wave
		 * workgroups of 48 KB of LDS fit a WGP, half a wave per SIMD,
		 * which whole waves per SIMD rounded to none ("does not fit"),
		 * and five of 12 KB in a CU's 64 KB would have been four. */
		unsigned by_vgpr = occ->by_vgpr * (simds / waves);
		return by_vgpr < occ->wgs_by_lds ? by_vgpr : occ->wgs_by_lds;
	}
	unsigned share = (waves + simds - 1) / simds;
	return share ? occ->waves / share : 0;
}

int md_plan_make(uint64_t nwg, unsigned vgprs, unsigned lds_bytes, unsigned block_threads, bool wgp_mode,
		 const struct mdl_consts *c, unsigned per_group, struct md_plan *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	unsigned cus = (unsigned)c->cus;
	if (!nwg || !block_threads || block_threads > 1024 || !cus) {
		snprintf(err, errlen, "dispatch: %llu workgroups of %u work-items cannot be planned",
			 (unsigned long long)nwg, block_threads);
		return -1;
	}
	if (per_group > 8) {
		snprintf(err, errlen, "dispatch: at most 8 sampled units per group (asked %u)", per_group);
		return -1;
	}
	const struct isa_target *target = c->target ? c->target : isa_target_default();
	struct isa_occupancy occ;
	p->wg_per_unit = md_groups_per_unit(target, vgprs, lds_bytes, block_threads, wgp_mode, &occ);
	p->nwg = nwg;
	p->wgp_mode = wgp_mode;
	p->units = wgp_mode ? cus / 2 : cus;
	p->simds_per_unit = wgp_mode ? 4 : 2;
	p->waves_per_wg = (block_threads + 31) / 32;
	p->waves_per_simd = occ.waves;
	if (!p->wg_per_unit) {
		snprintf(err, errlen, "dispatch: a workgroup of %u waves with %u VGPRs and %u bytes of LDS does not fit a %s",
			 p->waves_per_wg, vgprs, lds_bytes, wgp_mode ? "WGP" : "CU");
		return -1;
	}
	p->limit = occ.by_vgpr < occ.by_lds ? "VGPRs" : occ.by_lds < target->waves_per_simd ? "LDS" : "waves";
	p->active_units = nwg < p->units ? (unsigned)nwg : p->units;
	if (nwg < (uint64_t)p->units * p->wg_per_unit && nwg <= p->units)
		p->limit = "grid";
	p->active_cus = p->active_units * (wgp_mode ? 2 : 1);

	/* Groups: units [0, r) run q + 1 workgroups, [r, active) run q. */
	uint64_t q = nwg / p->units;
	unsigned r = (unsigned)(nwg % p->units);
	unsigned lo[2] = { 0, r }, hi[2] = { r, q ? p->units : r };
	p->full = per_group == 0;
	if (p->full) {
		p->nsample = p->active_units; /* md_sample_unit(i) is unit i */
		return 0;
	}
	/* Steady rounds repeat: past MD_MAX_ROUNDS, simulate those and scale. */
	uint64_t most = q + (r ? 1 : 0), cap = (uint64_t)MD_MAX_ROUNDS * p->wg_per_unit;
	if (most > cap) {
		p->sim_wgs = cap;
		p->extrapolate = (double)most / (double)cap;
	}
	for (int g = 0; g < 2; g++) {
		unsigned n = hi[g] - lo[g];
		unsigned k = n < per_group ? n : per_group;
		for (unsigned i = 0; i < k; i++) /* evenly spread, first and last of the group included */
			p->sample[p->nsample++] = lo[g] + (unsigned)((uint64_t)(n - 1) * i / (k > 1 ? k - 1 : 1));
	}
	return 0;
}

uint64_t md_unit_wgs(const struct md_plan *p, unsigned u)
{
	if (u >= p->units || u >= p->nwg)
		return 0;
	return (p->nwg - u + p->units - 1) / p->units;
}

/* The j-th workgroup a unit simulates.  Unextrapolated: its j-th.  A unit
 * that simulates S of its T rounds (S = MD_MAX_ROUNDS) runs its first round
 * (cold caches, as on the GPU) and then the middle round of each of S - 1
 * equal strata of its rounds 1 .. T-2, so the rounds it stands for are a
 * sample of the whole grid: with its first rounds only, a stencil launched
 * over nz = 32 planes simulated the z = 0 boundary workgroups, which return
 * at once, and the lab notes' kernel 5 at 1024 x 3072 x 32 came out at
 * 126,000 GB/s; spread to the ends, two of its three later rounds were still
 * boundary planes (1,770 GB/s). */
uint64_t md_unit_wg(const struct md_plan *p, unsigned u, uint64_t j)
{
	uint64_t R = p->wg_per_unit, n = md_unit_wgs(p, u);
	uint64_t S = p->sim_wgs / (R ? R : 1), T = R ? (n + R - 1) / R : 0;
	if (!p->sim_wgs || n <= p->sim_wgs || S < 2 || T < 3)
		return u + j * p->units;
	/* rounds 1 .. T-2 in S-1 equal strata, the middle of each */
	uint64_t s = j / R, round = s ? 1 + (2 * s - 1) * (T - 2) / (2 * (S - 1)) : 0;
	return u + (round * R + j % R) * p->units;
}

uint64_t md_unit_sim_wgs(const struct md_plan *p, unsigned u)
{
	uint64_t n = md_unit_wgs(p, u);
	return p->sim_wgs && n > p->sim_wgs ? p->sim_wgs : n;
}

unsigned md_unit_cu(const struct md_plan *p, unsigned u)
{
	return p->wgp_mode ? 2 * u : u;
}

/* The unit simulated i-th: sample[i], or i itself in a full plan. */
unsigned md_sample_unit(const struct md_plan *p, unsigned i)
{
	return p->full ? i : p->sample[i];
}
