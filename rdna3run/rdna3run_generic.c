/* rdna3run_generic.c — rdna3run's generic mode: any kernel with --buffer
 * allocations, --arg values and --dump outputs, on the backend main opened.
 * See docs/rdna3run.md. */
#include "rdna3run/rdna3run.h"
#include "vocab/vocab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gbuf {                    /* one --buffer on the device */
	const char *name;
	uint64_t addr;
	size_t bytes;
};

/* Whether --dump NAME names the --buffer given as key: the same key, or the
 * key without its :TYPE (--buffer A:f16=... is dumped as A). */
static bool dump_names(const char *name, const char *key)
{
	size_t n = strlen(name);
	return !strncmp(key, name, n) && (key[n] == 0 || (key[n] == ':' && !strchr(name, ':')));
}

/* The --buffer options: each allocated on the device, filled, and set as its
 * argument in ka.  bufs[0..*nb) lists what was allocated, for the caller to
 * free (on failure too).  0, or the exit status after one error line: usage
 * for what the options ask (sizes, names, fills), failure for the rest. */
static int place_buffers(const struct run_opts *o, struct ld_backend *b, const struct ld_kernel *k,
			  struct ld_kargs *ka, struct gbuf *bufs, unsigned *nb)
{
	char err[256];
	bool emu = !strcmp(b->name, "emu");
	uint64_t dev_bytes = 0;
	for (unsigned i = 0; i < o->nbuffers; i++) {
		const char *spec = o->buffers[i].value, *colon = strchr(spec, ':');
		char num[32];
		size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
		uint64_t bytes;
		if (len >= sizeof num) {
			run_error("--buffer %s: bad size '%s'", o->buffers[i].name, spec);
			return RUN_EXIT_USAGE;
		}
		memcpy(num, spec, len);
		num[len] = 0;
		if (vc_uint_parse(num, UINT64_MAX, &bytes) != VC_OK || !bytes || bytes > ((uint64_t)1 << 34)) {
			run_error("--buffer %s: bad size '%s'", o->buffers[i].name, num);
			return RUN_EXIT_USAGE;
		}
		for (unsigned j = 0; j < *nb; j++)
			if (!strcmp(bufs[j].name, o->buffers[i].name)) {
				run_error("--buffer %s given twice", o->buffers[i].name);
				return RUN_EXIT_USAGE;
			}
		struct run_key rk;
		if (run_arg_key(k, "--buffer", o->buffers[i].name, &rk))
			return RUN_EXIT_USAGE;
		if (rk.idx < 0 || k->args[rk.idx].kind != LD_ARG_GLOBAL_BUFFER || ka->set[rk.idx]) {
			run_error("--buffer %s: %s", o->buffers[i].name,
				  rk.idx < 0 ? "no argument starts at that offset"
				  : ka->set[rk.idx] ? "that argument already has a buffer"
				  : "the argument is not a global_buffer");
			return RUN_EXIT_USAGE;
		}
		/* the emulator keeps device memory on the host too */
		dev_bytes += emu ? bytes : 0;
		char what[96];
		snprintf(what, sizeof what, "--buffer %s", o->buffers[i].name);
		if (!run_host_mem_ok(dev_bytes + bytes, what))
			return RUN_EXIT_FAIL;
		uint8_t *host = malloc(bytes);
		if (!host) {
			run_error("out of memory for --buffer %s", o->buffers[i].name);
			return RUN_EXIT_FAIL;
		}
		/* elements of the key's :TYPE, else of the metadata's .value_type; f32
		 * when it has none (or "struct"), as every fill was before fills had types */
		enum ld_scalar et = rk.type;
		unsigned esize = rk.size;
		if (!esize && !ld_type_word(k->args[rk.idx].value_type, &et, &esize))
			et = LD_SC_FLOAT, esize = 4;
		int frc = run_fill_buffer(host, bytes, colon ? colon + 1 : NULL, et, esize, o->seed + i, err, sizeof err);
		if (frc) {
			run_error("--buffer %s: %s", o->buffers[i].name, err);
			free(host);
			return frc;
		}
		uint64_t addr = 0;
		int rc = ld_alloc(b, bytes, &addr, err, sizeof err);
		if (!rc)
			rc = ld_write(b, addr, host, bytes, err, sizeof err);
		free(host);
		if (addr)
			bufs[(*nb)++] = (struct gbuf){ o->buffers[i].name, addr, bytes };
		if (!rc)
			rc = ld_kargs_set_index(ka, (unsigned)rk.idx, &addr, 8, err, sizeof err);
		if (rc) {
			run_error("%s", err);
			return RUN_EXIT_FAIL;
		}
	}
	return 0;
}

int run_generic(const struct run_opts *o, struct ld_backend *b, void *module,
		       const struct ld_kernel *k)
{
	char err[256];
	int status = RUN_EXIT_FAIL;
	struct gbuf bufs[RUN_MAX_NAMED];
	unsigned nb = 0;
	struct run_files dumps = { 0 };
	struct ld_kargs ka;
	if (ld_kargs_init(&ka, k, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	uint32_t block[3];
	if (o->have_block) {
		memcpy(block, o->block, sizeof block);
	} else if (k->reqd_workgroup_size[0]) {
		memcpy(block, k->reqd_workgroup_size, sizeof block);
	} else if (k->block_threads) {
		block[0] = k->block_threads, block[1] = block[2] = 1;
	} else {
		run_error("kernel %s: give --block (its metadata names no workgroup size)", k->name);
		status = RUN_EXIT_USAGE;
		goto out;
	}
	if (ld_check_dispatch(k, o->grid, block, err, sizeof err)) {
		run_error("%s", err);
		status = RUN_EXIT_USAGE; /* --grid or --block against the kernel */
		goto out;
	}
	if ((status = place_buffers(o, b, k, &ka, bufs, &nb)) != 0)
		goto out;
	status = RUN_EXIT_FAIL;
	if (run_set_args(o, &ka)) {
		status = RUN_EXIT_USAGE; /* an --arg that does not fit its argument */
		goto out;
	}
	for (unsigned i = 0; i < o->ndumps; i++) {
		bool found = false;
		for (unsigned j = 0; j < nb; j++)
			found |= dump_names(o->dumps[i].name, bufs[j].name);
		if (!found) {
			run_error("--dump %s: no --buffer of that name", o->dumps[i].name);
			status = RUN_EXIT_USAGE;
			goto out;
		}
	}
	if (ld_kargs_finish(&ka, o->grid, block, err, sizeof err)) {
		run_error("%s", err);
		status = RUN_EXIT_USAGE; /* an argument no --arg or --buffer set */
		goto out;
	}
	/* One launch whose results are dumped, then --bench REPS timed ones (which
	 * may keep changing the buffers: only the first launch's output counts). */
	struct ld_run_stats st;
	if (ld_launch(b, module, k, &ka, o->grid, block, 1, &st, err, sizeof err)) {
		run_error("%s", err);
		goto out;
	}
	fprintf(run_info, "ran %s: grid %u,%u,%u block %u,%u,%u on %s\n", k->name, o->grid[0], o->grid[1], o->grid[2],
	        block[0], block[1], block[2], b->device);
	if (!o->bench)
		run_print_stats(b, &st, 0);
	for (unsigned i = 0; i < o->ndumps; i++)
		for (unsigned j = 0; j < nb; j++) {
			if (!dump_names(o->dumps[i].name, bufs[j].name))
				continue;
			uint8_t *host = malloc(bufs[j].bytes);
			int rc = host ? ld_read(b, host, bufs[j].addr, bufs[j].bytes, err, sizeof err)
				      : LD_E_NOMEM;
			if (rc) {
				run_error("--dump %s: %s", bufs[j].name, host ? err : "out of memory");
				free(host);
				goto out;
			}
			rc = run_files_add(&dumps, o->dumps[i].value, host, bufs[j].bytes);
			free(host);
			if (rc)
				goto out;
		}
	if (run_files_commit(&dumps, o->file))
		goto out;
	if (o->bench) {
		if (ld_launch(b, module, k, &ka, o->grid, block, o->bench, &st, err, sizeof err)) {
			run_error("%s", err);
			goto out;
		}
		run_print_stats(b, &st, 0);
	}
	status = RUN_EXIT_OK;
out:
	run_files_discard(&dumps);
	for (unsigned j = 0; j < nb; j++)
		ld_free(b, bufs[j].addr);
	ld_kargs_free(&ka);
	return status;
}
