/* predict.c — a prediction for the whole GPU: plan the dispatch (occupancy,
 * which units to simulate), run the simulated units under the core with the
 * memory hierarchy of mem.c, and turn the latest unit's finish into the
 * kernel's time.  See docs/model.md, "Dispatch and sampling".
 */
#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mem_ctx {
	struct mm *mm;
	const struct mdl_consts *c;
};

/* Scratch: the lanes' private offsets, placed as the hardware swizzles them
 * (dword d of lane l of a wave at wave_base + 128 d + 4 l), one 4 MiB region
 * per wave slot of a 1 PiB window far above the emulator's buffers. */
#define SCRATCH_BASE (1ull << 50)
#define SCRATCH_WAVE (1ull << 22)
#define SCRATCH_SLOTS 4096

static uint64_t mem_fn(void *ctx, const struct mdl_mem_req *r)
{
	struct mem_ctx *m = ctx;
	if (r->scalar) /* the scalar cache is not modelled: the core's SMEM latency */
		return r->now + (uint64_t)m->c->smem_latency;
	unsigned how = mdl_mem_how(r);
	if (r->scratch) {
		uint64_t a[32], base = SCRATCH_BASE + (r->wave % SCRATCH_SLOTS) * SCRATCH_WAVE;
		for (unsigned l = 0; l < 32; l++)
			a[l] = base + (r->addr[l] >> 2) * 128 + l * 4 + (r->addr[l] & 3);
		return mm_access_lag(m->mm, r->cu, r->now, a, 32, r->exec, r->bytes, how, r->lag, r->past, NULL);
	}
	return mm_access_lag(m->mm, r->cu, r->now, r->addr, r->naddr, r->exec, r->bytes, how, r->lag, r->past, NULL);
}

/* Workgroups unit u runs at once in its first round. */
static double min_wgs(const struct md_plan *p, unsigned u)
{
	uint64_t n = md_unit_wgs(p, u);
	return (double)(n < p->wg_per_unit ? n : p->wg_per_unit);
}

/* mdl_opts.timing: the timing gathers every issue, then the caller's hook */
struct timing_chain {
	struct mdl_timing *t;
	mdl_issue_fn fn;
	void *ctx;
};

static void timing_issue(void *ctx, const struct mdl_issue *is)
{
	struct timing_chain *ch = ctx;
	mdl_timing_on_issue(ch->t, is);
	if (ch->fn)
		ch->fn(ch->ctx, is);
}

/* so gathers o->timing (emptied first), through ch, when o asks for it */
static void timing_attach(const struct mdl_opts *o, struct mdl_opts *so, struct timing_chain *ch)
{
	*ch = (struct timing_chain){ o->timing, o->on_issue, o->issue_ctx };
	if (!o->timing)
		return;
	mdl_timing_free(o->timing);
	so->on_issue = timing_issue;
	so->issue_ctx = ch;
}

static int predict_once(struct emu_dev *dev, const struct emu_launch *L, const struct mdl_opts *o, unsigned per_group,
			struct mdl_prediction *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	uint8_t raw[64];
	struct emu_kd kd;
	char kerr[200];
	if (emu_read(dev, L->kd_addr, raw, sizeof raw) != EMU_OK) {
		snprintf(err, errlen, "model: no kernel descriptor at 0x%llx", (unsigned long long)L->kd_addr);
		return EMU_E_ARG;
	}
	if (emu_kd_parse(raw, &kd, kerr, sizeof kerr) != EMU_OK) {
		snprintf(err, errlen, "model: %s", kerr);
		return EMU_E_KD;
	}
	p->c = o->c;
	uint64_t nwg = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2];
	unsigned threads = L->block[0] * L->block[1] * L->block[2];
	if (md_plan_make(nwg, kd.vgprs, kd.group_segment_size, threads, kd.wgp_mode, &p->c, per_group, &p->plan, err,
			 errlen))
		return EMU_E_ARG;
	int rc;
	/* every CU requests, a WGP's two through their own L0s */
	unsigned per_unit = p->plan.wgp_mode ? 2 : 1;
	struct mem_ctx m = { mm_new(&p->c, p->plan.active_cus, p->plan.nsample * per_unit, per_unit), &o->c };
	if (!m.mm) {
		snprintf(err, errlen, "model: out of memory for the memory hierarchy");
		return EMU_E_NOMEM;
	}
	if (!p->plan.full && p->plan.nsample < p->plan.active_units) {
		rc = md_sharing_measure(dev, L, &p->plan, &p->c, o->progress, &p->share, err, errlen);
		if (rc) {
			mm_free(m.mm);
			return rc;
		}
		mm_set_sharing(m.mm, &p->share);
		/* port shares in proportion to the workgroups each unit runs at once */
		double all = 0;
		for (unsigned u = 0; u < p->plan.active_units; u++)
			all += (double)min_wgs(&p->plan, u);
		for (unsigned i = 0; i < p->plan.nsample; i++) {
			unsigned u = md_sample_unit(&p->plan, i);
			mm_set_cu_weight(m.mm, md_unit_cu(&p->plan, u), min_wgs(&p->plan, u) * p->plan.active_units / all);
			for (unsigned k = 0; k < per_unit && i < 16; k++)
				mm_set_cu_sharing(m.mm, md_unit_cu(&p->plan, u) + k, &p->share, i);
		}
	}
	struct mdl_opts so = *o;
	so.mem = mem_fn;
	so.mem_ctx = &m;
	so.plan = &p->plan;
	struct timing_chain ch;
	timing_attach(o, &so, &ch);
	rc = mdl_run(dev, L, &so, &p->r, err, errlen);
	mm_get_stats(m.mm, &p->mem);
	mm_free(m.mm);
	if (rc)
		return rc;
	/* The kernel: the latest group of units plus the launch overhead, charged
	 * as idle so the breakdown still adds up to SIMDs x cycles.  A group's
	 * units (those running the same number of workgroups) differ only in the
	 * addresses they touch, and the GPU hands the next workgroup to whichever
	 * slot frees first, so a group ends with the mean of its sampled units,
	 * not the slowest of them (the spread between sampled units is the
	 * sampling's: in full simulations of the Laplacian the units end within
	 * 1.5 %, sampled ones within 20 %).  Extrapolated dispatch: the first round
	 * once (its lines come cold from memory, as on the GPU), then the unit's
	 * other workgroups as its later simulated ones ran, R at a time (R
	 * resident: each takes their mean time, placement to end, over R); the
	 * breakdown scales with the kernel. */
	if (!p->plan.full) {
		double R = p->plan.wg_per_unit, sum[2] = { 0 }, cnt[2] = { 0 }, end = 0;
		uint64_t sim = p->plan.sim_wgs, gn[2] = { 0 };
		for (unsigned i = 0; i < p->plan.nsample && i < 16; i++) {
			double e = (double)p->r.unit_end[i] + 1, nl = (double)p->r.unit_later_n[i], u = e;
			uint64_t n = md_unit_wgs(&p->plan, md_sample_unit(&p->plan, i));
			if (p->plan.extrapolate > 1)
				u = nl > 0 ? e + (double)(n - sim) * ((double)p->r.unit_later_cycles[i] / nl) / R
					   : e * (double)n / (double)sim;
			unsigned g = cnt[0] == 0 || gn[0] == n ? 0 : 1;
			gn[g] = n, sum[g] += u, cnt[g]++;
		}
		for (unsigned g = 0; g < 2; g++)
			if (cnt[g] > 0 && sum[g] / cnt[g] > end)
				end = sum[g] / cnt[g];
		double f = end / (double)p->r.cycles;
		p->r.cycles = (uint64_t)(end + 0.5);
		for (unsigned i = 0; i < MDL_B_N; i++) {
			p->r.bucket[i] = (uint64_t)((double)p->r.bucket[i] * f + 0.5);
			p->r.wmma_gap[i] = (uint64_t)((double)p->r.wmma_gap[i] * f + 0.5);
		}
		p->r.wmma_ops = (uint64_t)((double)p->r.wmma_ops * f + 0.5);
		p->r.wmma_busy = (uint64_t)((double)p->r.wmma_busy * f + 0.5);
	}
	/* The DRAM roof.  Each simulated unit draws on its share of the DRAM
	 * port, but the units it stands for (the lines share.c lets it find in a
	 * cache another unit filled) and the rounds extrapolated above are not
	 * simulated against that port: a sampled memory-bound kernel came out
	 * faster than its own DRAM traffic allows (the lab notes' kernel 5 at
	 * 512^3: 2.17 ms for 2.55 GB, 1,175 GB/s on a 960 GB/s card).  No kernel
	 * moves its bytes faster than the DRAM's bandwidth: when the dispatch's
	 * DRAM bytes (mdl_predict_dram_bytes) need longer than the simulation
	 * ran, the kernel takes that long, and the difference is VMEM wait. */
	p->dram_roof_cycles = 0;
	p->dram_bound = false;
	if (o->c.bw_dram > 0) {
		double roof = mdl_predict_dram_bytes(p) / (mdl_dram_gbs(&o->c) * 1e9) * (o->c.clock_mhz * 1e6);
		p->dram_roof_cycles = (uint64_t)(roof + 0.5);
		if (p->dram_roof_cycles > p->r.cycles) {
			p->r.bucket[MDL_B_VMEM] += (p->dram_roof_cycles - p->r.cycles) * p->r.simds;
			p->r.cycles = p->dram_roof_cycles;
			p->dram_bound = true;
		}
	}
	uint64_t launch = (uint64_t)(mdl_launch_cycles(&p->c) + 0.5);
	p->r.cycles += launch;
	p->r.bucket[MDL_B_IDLE] += launch * p->r.simds;
	p->r.seconds = (double)p->r.cycles / (o->c.clock_mhz * 1e6);
	return 0;
}

/* MDL_SAMPLE_AUTO: one unit of each group first; when that was cheap, again
 * with as many units per group (up to 8) as MDL_SAMPLE_BUDGET wave-instructions
 * allow.  The units of a group differ in the addresses they touch, and the
 * sampled memory hierarchy's stand-ins for the others (share.c) make their
 * times spread (the Laplacian at 256^3: units 0 and 32 read the same planes
 * and run 6 % faster than the full simulation's units, the mean of 8 per group
 * is within 1 %); a GEMM's long workgroups keep one. */
int mdl_predict(struct emu_dev *dev, const struct emu_launch *L, const struct mdl_opts *o, unsigned per_group,
		struct mdl_prediction *p, char *err, size_t errlen)
{
	if (per_group != MDL_SAMPLE_AUTO)
		return predict_once(dev, L, o, per_group, p, err, errlen);
	int rc = predict_once(dev, L, o, 1, p, err, errlen);
	if (rc || p->plan.full || !p->plan.nsample || p->plan.nsample >= p->plan.active_units)
		return rc;
	double per_unit = (double)p->r.insts / p->plan.nsample;
	double k = per_unit > 0 ? MDL_SAMPLE_BUDGET / (per_unit * p->plan.nsample) : 8;
	if (k < 2)
		return 0;
	struct mdl_prediction *q = malloc(sizeof *q);
	if (!q) {
		snprintf(err, errlen, "model: out of memory");
		return EMU_E_NOMEM;
	}
	struct mdl_opts again = *o; /* a count of its own: the progress line says it is a second one */
	again.progress_what = "workgroups simulated again, more units per group";
	rc = predict_once(dev, L, &again, k > 8 ? 8 : (unsigned)k, q, err, errlen);
	if (!rc)
		*p = *q;
	free(q);
	return rc;
}
