/* run/ld_emu.c — the `emu` backend (the emulator of emu/emu.h behind
 * struct ld_backend) and the `auto` choice between hip and emu.  Built into
 * libld_emu.a: it is the one place that knows both loader/ and emu/, so that
 * libloader.a never depends on the emulator and the emulator never on ELF. */
#include "emu/emu.h"
#include "isa/isa.h"
#include "loader/loader.h"
#include "run/emu_place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct emu_backend {
	struct emu_dev *dev;
	int (*launch)(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
		      size_t errlen);  /* NULL: emu_launch */
	void *launch_ctx;
};

/* A loaded code object: the image lives in read-only device memory. */
struct emu_module {
	uint64_t base;
	size_t size;
	const char *target;       /* the code object's target: the device this emulator is for it */
};

static int eb_load(struct ld_backend *b, const struct ld_code_object *co, void **module,
		   char *err, size_t errlen)
{
	struct emu_backend *eb = b->impl;
	struct emu_module *m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(err, errlen, "out of memory");
		return LD_E_NOMEM;
	}
	int rc = run_place_code_object(eb->dev, co, &m->base, &m->size, err, errlen);
	if (rc) {
		free(m);
		return rc;
	}
	/* the emulator runs every target of isa/targets.def: it is the one loaded */
	m->target = ld_target(co)->name;
	snprintf(b->device, sizeof b->device, "%s emulator", m->target);
	*module = m;
	return LD_OK;
}

static void eb_unload(struct ld_backend *b, void *module)
{
	struct emu_backend *eb = b->impl;
	struct emu_module *m = module;
	emu_free(eb->dev, m->base);
	free(m);
}

static int eb_alloc(struct ld_backend *b, size_t bytes, uint64_t *addr, char *err, size_t errlen)
{
	struct emu_backend *eb = b->impl;
	*addr = emu_alloc(eb->dev, bytes, 0);
	if (!*addr) {
		snprintf(err, errlen, "emu: cannot allocate %zu bytes", bytes);
		return LD_E_NOMEM;
	}
	return LD_OK;
}

static void eb_free(struct ld_backend *b, uint64_t addr)
{
	struct emu_backend *eb = b->impl;
	emu_free(eb->dev, addr);
}

static int eb_write(struct ld_backend *b, uint64_t dst, const void *src, size_t n, char *err,
		    size_t errlen)
{
	struct emu_backend *eb = b->impl;
	int erc = emu_write(eb->dev, dst, src, n);
	if (erc)
		snprintf(err, errlen, "emu: write of %zu bytes at 0x%llx outside device memory", n,
			 (unsigned long long)dst);
	return erc ? run_ld_rc(erc, LD_E_BACKEND) : LD_OK;
}

static int eb_read(struct ld_backend *b, void *dst, uint64_t src, size_t n, char *err,
		   size_t errlen)
{
	struct emu_backend *eb = b->impl;
	int erc = emu_read(eb->dev, src, dst, n);
	if (erc)
		snprintf(err, errlen, "emu: read of %zu bytes at 0x%llx outside device memory", n,
			 (unsigned long long)src);
	return erc ? run_ld_rc(erc, LD_E_BACKEND) : LD_OK;
}

static int eb_launch(struct ld_backend *b, void *module, const struct ld_kernel *k,
		     const struct ld_kargs *kernarg, const uint32_t grid[3], const uint32_t block[3],
		     unsigned reps, struct ld_run_stats *st, char *err, size_t errlen)
{
	struct emu_backend *eb = b->impl;
	struct emu_module *m = module;
	struct emu_launch l = run_launch_desc(m->base, k, kernarg, grid, block, 0, m->target);
	double sum = 0;
	for (unsigned r = 0; r < reps; r++) {
		struct emu_stats es;
		memset(&es, 0, sizeof es);
		char msg[240] = "";
		int erc = eb->launch ? eb->launch(eb->launch_ctx, eb->dev, &l, &es, msg, sizeof msg)
				     : emu_launch(eb->dev, &l, &es, msg, sizeof msg);
		if (erc) {
			snprintf(err, errlen, "emu: %s%s", erc == EMU_E_FAULT ? "kernel fault: " : "", msg);
			return run_ld_rc(erc, LD_E_BACKEND);
		}
		double ms = es.seconds * 1e3;
		if (r == 0 || ms < st->best_ms)
			st->best_ms = ms;
		sum += ms;
		st->runs++;
		/* counters of one launch: every launch runs the same instructions */
		st->has_counts = true;
		st->wave_insts = es.wave_insts;
		st->valu = es.valu;
		st->valu_fma = es.valu_fma;
		st->vopd = es.vopd;
		st->salu = es.salu;
		st->smem = es.smem;
		st->vmem = es.vmem;
		st->lds = es.lds;
		st->branch = es.branch;
		st->wait = es.wait;
		st->workgroups = es.workgroups;
		st->waves = es.waves;
	}
	st->mean_ms = sum / st->runs;
	return LD_OK;
}

static void eb_destroy(struct ld_backend *b)
{
	struct emu_backend *eb = b->impl;
	if (eb)
		emu_dev_free(eb->dev);
	free(eb);
	free(b);
}

static const struct ld_backend_ops emu_ops = {
	.load = eb_load, .unload = eb_unload, .alloc = eb_alloc, .free = eb_free,
	.write = eb_write, .read = eb_read, .launch = eb_launch, .destroy = eb_destroy,
};

int ld_backend_emu_open(const struct ld_emu_options *opt, struct ld_backend **out, char *err,
			size_t errlen)
{
	if (!out) {
		snprintf(err, errlen, "ld_backend_emu_open: no output");
		return LD_E_ARG;
	}
	*out = NULL;
	struct emu_opts eo = { 0 };
	if (opt) {
		eo.threads = opt->threads;
		eo.checks = opt->checks;
		eo.inst_budget = opt->inst_budget;
		eo.trace = opt->trace;
		memcpy(eo.trace_wg, opt->trace_wg, sizeof eo.trace_wg);
		eo.trace_wave = opt->trace_wave;
		eo.trace_lines = opt->trace_lines;
	}
	struct ld_backend *b = calloc(1, sizeof *b);
	struct emu_backend *eb = calloc(1, sizeof *eb);
	if (b && eb)
		eb->dev = emu_dev_new(&eo);
	if (eb && opt) {
		eb->launch = opt->launch;
		eb->launch_ctx = opt->launch_ctx;
	}
	if (!b || !eb || !eb->dev) {
		free(eb);
		free(b);
		snprintf(err, errlen, "out of memory");
		return LD_E_NOMEM;
	}
	b->ops = &emu_ops;
	b->name = "emu";
	b->impl = eb;
	snprintf(b->device, sizeof b->device, "%s emulator", isa_target_default()->name);
	*out = b;
	return LD_OK;
}

int ld_backend_open(const char *which, int device, const struct ld_emu_options *opt,
		    struct ld_backend **out, char *err, size_t errlen)
{
	if (!which || strcmp(which, "auto") == 0) {
		char why[200] = "";
		if (ld_backend_hip_open(device, out, why, sizeof why) == LD_OK) {
			if (err && errlen)
				err[0] = 0;
			return LD_OK;
		}
		int rc = ld_backend_emu_open(opt, out, err, errlen);
		if (rc == LD_OK)
			snprintf(err, errlen, "%s", why); /* why hip was passed over */
		return rc;
	}
	if (strcmp(which, "hip") == 0)
		return ld_backend_hip_open(device, out, err, errlen);
	if (strcmp(which, "emu") == 0)
		return ld_backend_emu_open(opt, out, err, errlen);
	snprintf(err, errlen, "unknown backend '%s' (auto, hip or emu)", which);
	return LD_E_ARG;
}
