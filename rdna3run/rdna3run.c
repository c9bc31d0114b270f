/* rdna3run — run an RDNA3 code object on a HIP device or on the emulator:
 * list its kernels, run a GEMM kernel and check it against OpenBLAS, or run
 * any kernel with buffers and arguments given on the command line.
 * See docs/rdna3run.md. */
#include "rdna3run/rdna3run.h"
#include "kernlib/kernlib.h"
#include "emu/emu.h"
#include "vocab/vocab.h"
#include "asm_out/asm_out.h"
#include "isa/isa.h"
#include "model/model.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *run_info;

void run_error(const char *fmt, ...)
{
	va_list ap;
	fputs("rdna3run: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void list_kernels(const struct ld_code_object *co, const char *file)
{
	unsigned n = ld_kernel_count(co);
	printf("%s: %u kernel%s\n", file, n, n == 1 ? "" : "s");
	for (unsigned i = 0; i < n; i++) {
		const struct ld_kernel *k = ld_kernel_at(co, i);
		printf("kernel %s (descriptor %s at 0x%llx)\n", k->name, k->symbol,
		       (unsigned long long)k->kd_vaddr);
		printf("  resources: %u VGPRs, %u SGPRs, %u bytes LDS, %u bytes scratch, wave%u, "
		       "at most %u work-items per workgroup", k->vgpr_count, k->sgpr_count,
		       k->group_segment_size, k->private_segment_size, k->wavefront_size,
		       k->max_flat_workgroup_size);
		if (k->vgpr_spill_count || k->sgpr_spill_count)
			printf(", spills %u VGPR %u SGPR", k->vgpr_spill_count, k->sgpr_spill_count);
		printf("\n");
		if (k->nrdna3) {
			printf("  rdna3:");
			for (unsigned j = 0; j < k->nrdna3; j++) {
				if (k->rdna3[j].is_str)
					printf(" %s=%s", k->rdna3[j].key, k->rdna3[j].str);
				else
					printf(" %s=%lld", k->rdna3[j].key, (long long)k->rdna3[j].ival);
			}
			printf("\n");
		}
		printf("  arguments (%u bytes):\n", k->kernarg_size);
		for (unsigned j = 0; j < k->nargs; j++) {
			const struct ld_arg *a = &k->args[j];
			if (a->kind == LD_ARG_HIDDEN)
				continue;
			printf("    %2u %-12s offset %3u size %u %s%s%s%s\n", j, a->name[0] ? a->name : "(unnamed)",
			       a->offset, a->size, a->value_kind, a->is_const ? " const" : "", a->type_name[0] ? " " : "",
			       a->type_name);
		}
		unsigned hidden = 0;
		for (unsigned j = 0; j < k->nargs; j++)
			hidden += k->args[j].kind == LD_ARG_HIDDEN;
		if (hidden)
			printf("    (%u hidden arguments, filled at launch)\n", hidden);
	}
}

void run_print_stats(const struct ld_backend *b, const struct ld_run_stats *st, double flop)
{
	if (st->has_counts) {
		fprintf(run_info, "%s: %llu wave-instructions (VALU %llu, FMA %llu, VOPD %llu, SALU %llu, "
		        "SMEM %llu, VMEM %llu, LDS %llu, branch %llu, wait %llu), %llu workgroups, "
		        "%llu waves\n", b->name, (unsigned long long)st->wave_insts,
		        (unsigned long long)st->valu, (unsigned long long)st->valu_fma,
		        (unsigned long long)st->vopd, (unsigned long long)st->salu,
		        (unsigned long long)st->smem, (unsigned long long)st->vmem,
		        (unsigned long long)st->lds, (unsigned long long)st->branch,
		        (unsigned long long)st->wait, (unsigned long long)st->workgroups,
		        (unsigned long long)st->waves);
		fprintf(run_info, "%s: wall time %.3f ms (best of %u)\n", b->name, st->best_ms, st->runs);
		return;
	}
	fprintf(run_info, "%s: time %.4f ms best, %.4f ms mean of %u launch%s", b->name, st->best_ms,
	        st->mean_ms, st->runs, st->runs == 1 ? "" : "es");
	if (flop > 0 && st->best_ms > 0)
		fprintf(run_info, ", %.1f GFLOP/s", flop / (st->best_ms * 1e6));
	fprintf(run_info, "\n");
}

int run_outputs_check(const struct run_opts *o)
{
	struct ao_output files[RUN_MAX_NAMED + 3];
	unsigned n = 0;
	for (unsigned i = 0; i < o->ndumps; i++)
		files[n++] = (struct ao_output){ o->dumps[i].value, NULL, 0 };
	if (o->model_html)
		files[n++] = (struct ao_output){ o->model_html, NULL, 0 };
	if (o->model_timing)
		files[n++] = (struct ao_output){ o->model_timing, NULL, 0 };
	if (o->microbench_out)
		files[n++] = (struct ao_output){ o->microbench_out, NULL, 0 };
	char err[1024];
	if (ao_outputs_check(files, n, &o->file, 1, err, sizeof err)) {
		run_error("%s", err);
		return -1;
	}
	return 0;
}

int run_files_add(struct run_files *f, const char *path, const void *p, size_t n)
{
	if (f->n >= RUN_MAX_NAMED) {
		run_error("%s: too many output files", path);
		return -1;
	}
	void *copy = malloc(n ? n : 1);
	if (!copy) {
		run_error("%s: out of memory", path);
		return -1;
	}
	memcpy(copy, p, n);
	f->data[f->n] = copy;
	f->len[f->n] = n;
	f->path[f->n++] = path;
	return 0;
}

int run_files_commit(struct run_files *f, const char *input)
{
	struct ao_output files[RUN_MAX_NAMED];
	for (unsigned i = 0; i < f->n; i++)
		files[i] = (struct ao_output){ f->path[i], f->data[i], f->len[i] };
	char err[1024];
	int rc = ao_write_outputs(files, f->n, &input, 1, err, sizeof err);
	if (rc)
		run_error("%s", err);
	run_files_discard(f);
	return rc ? -1 : 0;
}

void run_files_discard(struct run_files *f)
{
	for (unsigned i = 0; i < f->n; i++)
		free(f->data[i]);
	f->n = 0;
}

bool run_host_mem_ok(uint64_t bytes, const char *what)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
	if (pages <= 0 || page <= 0 || bytes <= (uint64_t)pages * (uint64_t)page)
		return true;
	run_error("%s needs %.1f GiB of host memory; this host has %.1f GiB", what,
		  (double)bytes / (1 << 30), (double)pages * (double)page / (1 << 30));
	return false;
}

static const struct ld_kernel *pick_kernel(const struct ld_code_object *co, const struct run_opts *o)
{
	unsigned n = ld_kernel_count(co);
	if (o->kernel) {
		const struct ld_kernel *k = ld_kernel_find(co, o->kernel);
		if (!k) {
			char names[256] = "";
			for (unsigned i = 0; i < n && strlen(names) < 200; i++)
				snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
					 i ? ", " : "", ld_kernel_at(co, i)->name);
			run_error("%s: no kernel '%s' (it has: %s)", o->file, o->kernel,
				  n ? names : "none");
		}
		return k;
	}
	if (n == 1)
		return ld_kernel_at(co, 0);
	if (n == 0)
		run_error("%s has no kernels", o->file);
	else
		run_error("%s has %u kernels: name one with --kernel (first: %s)", o->file, n,
			  ld_kernel_at(co, 0)->name);
	return NULL;
}

/* The backend with the code object loaded: -1 to go on, else an exit status.
 * With "auto", a HIP device that cannot run the target's code passes the work to
 * the emulator; one stderr line says which backend runs and why. */
static int open_backend(const struct run_opts *o, const struct ld_code_object *co,
			struct ld_backend **b, void **module, struct run_model *rm)
{
	struct ld_emu_options eo = { .threads = o->threads, .checks = o->checks, .trace = o->trace,
				     .trace_wg = { o->trace_wg[0], o->trace_wg[1], o->trace_wg[2] },
				     .trace_wave = o->trace_wave, .trace_lines = o->trace_lines,
				     .inst_budget = o->max_insts };
	/* The plain emulator runs through a hook of ours only to show progress:
	 * off a terminal (and under --trace, whose lines it would cut into)
	 * emu_launch runs as before. */
	if (o->model)
		eo.launch = run_model_launch, eo.launch_ctx = rm;
	else if (rm->progress.on && !o->trace)
		eo.launch = run_emu_progress_launch, eo.launch_ctx = &rm->progress;
	bool autosel = !strcmp(o->backend, "auto");
	char err[256], why[256];
	int rc = ld_backend_open(o->backend, o->device, &eo, b, why, sizeof why);
	if (rc) {
		run_error("%s", why);
		return rc == LD_E_NODEVICE ? RUN_EXIT_NODEVICE : RUN_EXIT_FAIL;
	}
	/* The HIP device and why that one: with --backend hip before anything can
	 * fail on it; with auto once it is the backend that runs. */
	bool hip = !strcmp((*b)->name, "hip");
	if (hip && !autosel)
		fprintf(stderr, "rdna3run: backend hip (%s): %s\n", (*b)->device, (*b)->why);
	rc = ld_load(*b, co, module, err, sizeof err);
	if (hip && autosel && rc != LD_E_ARCH)
		fprintf(stderr, "rdna3run: backend hip (%s): %s\n", (*b)->device, (*b)->why);
	/* auto on the emulator: either no HIP device was usable (the usual case
	 * without a GPU: one line, the HIP error with -v) or the device cannot run
	 * this code object (a GPU is there: its error is always said). */
	bool wrong_device = false;
	if (rc == LD_E_ARCH && autosel && strcmp((*b)->name, "emu")) {
		snprintf(why, sizeof why, "%s", err);
		wrong_device = true;
		ld_backend_close(*b);
		*b = NULL;
		rc = ld_backend_emu_open(&eo, b, err, sizeof err);
		if (!rc)
			rc = ld_load(*b, co, module, err, sizeof err);
	}
	if (autosel && *b && !strcmp((*b)->name, "emu")) {
		if (wrong_device)
			fprintf(stderr, "rdna3run: the HIP device cannot run this code object: running on the %s: %s\n",
				(*b)->device, why);
		else if (o->verbose && why[0])
			fprintf(stderr, "rdna3run: no HIP device: running on the %s (%s)\n", (*b)->device, why);
		else
			fprintf(stderr, "rdna3run: no HIP device: running on the %s\n", (*b)->device);
	}
	if (rc) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	return -1;
}

/* The target of the device a library's kernel will run on (kl_open_target):
 * the HIP device's (--backend hip, or auto when a device is there), else the
 * emulator's, which is the card of --device-model or the default target's.
 * who says which device that is.  0, or an exit status. */
static int library_target(const struct run_opts *o, char *target, size_t n, char *who, size_t wn)
{
	char why[256];
	struct ld_backend *b = NULL;
	if (strcmp(o->backend, "emu") && ld_backend_hip_open(o->device, &b, why, sizeof why) == LD_OK) {
		snprintf(target, n, "%s", b->target);
		snprintf(who, wn, "the HIP device, %s", b->device);
		ld_backend_close(b);
		if (target[0])
			return 0;
		run_error("%s: the HIP runtime does not say the device's exact target (%s): give the library of one "
			  "target (LIB/TARGET)", o->file, who);
		return RUN_EXIT_FAIL;
	}
	if (!strcmp(o->backend, "hip")) {
		run_error("%s", why);
		return RUN_EXIT_NODEVICE;
	}
	snprintf(target, n, "%s", o->model_device ? o->model_device->target : isa_target_default()->name);
	snprintf(who, wn, "the emulator, %s", o->model_device ? "--device-model's card" : "its default target");
	return 0;
}

/* FILE is a kernel library (a folder with index.yaml, or a folder of them, one
 * per target: docs/tune.md): the kernel the index of the running device's
 * target picks for --gemm M N K and the layout (--layout, else NN) replaces
 * it, and one line says which and why.  0, or an exit status. */
static int pick_from_library(struct run_opts *o, char *path, size_t pathlen)
{
	struct stat st;
	if (!o->file || stat(o->file, &st) || !S_ISDIR(st.st_mode))
		return 0;
	if (!o->gemm) {
		run_error("%s is a kernel library: it needs --gemm M N K to pick a kernel", o->file);
		return RUN_EXIT_USAGE;
	}
	char err[512], target[24], who[200];
	struct kl_lib *lib;
	int rc = library_target(o, target, sizeof target, who, sizeof who);
	if (rc)
		return rc;
	if (kl_open_target(o->file, target, &lib, err, sizeof err)) {
		run_error("%s (the device: %s)", err, who);
		return RUN_EXIT_FAIL;
	}
	/* a GEMM is picked by M, N, K: a library keyed otherwise is of another kind */
	const struct kl_head *h = kl_head(lib);
	if (h->ndims != 3 || strcmp(h->dims[0], "m") || strcmp(h->dims[1], "n") || strcmp(h->dims[2], "k")) {
		run_error("%s is a library of %s kernels keyed by %s...: --gemm picks by m, n, k", o->file,
			  h->template_name, h->dims[0]);
		kl_close(lib);
		return RUN_EXIT_USAGE;
	}
	const struct kl_entry *e;
	double far;
	int lay = o->layout >= 0 ? o->layout : VC_NN;
	const char *layout = vc_layout_str((enum vc_layout)lay);
	if (kl_pick(lib, (const uint32_t[]){ o->m, o->n, o->k }, 3, lay, &e, &far, err, sizeof err)) {
		run_error("%s", err);
		kl_close(lib);
		return RUN_EXIT_FAIL;
	}
	char where[96];
	if (far == 0)
		snprintf(where, sizeof where, "inside its ranges");
	else
		snprintf(where, sizeof where, "the nearest entry, %.2f octaves outside its ranges", far);
	fprintf(run_info, "library %s: %ux%ux%u %s on %s -> %s (index line %u: M %u..%u N %u..%u K %u..%u, %s", o->file,
		o->m, o->n, o->k, layout, target, e->kernel, e->line, e->lo[0], e->hi[0], e->lo[1], e->hi[1], e->lo[2],
		e->hi[2], where);
	if (e->rate > 0)
		fprintf(run_info, "; %.1f %s at %ux%ux%u by the %s", e->rate, h->unit, e->tuned_at[0], e->tuned_at[1], e->tuned_at[2],
		       !strcmp(e->timed, "gpu") ? "GPU" : "model");
	if (h->device[0])
		fprintf(run_info, " for %s", h->device);
	if (h->target[0])
		fprintf(run_info, "; %s code", h->target);
	fprintf(run_info, ")\n");
	snprintf(path, pathlen, "%s", e->kernel);
	o->file = path;
	kl_close(lib);
	return 0;
}

int main(int argc, char **argv)
{
	char lib_kernel[KL_PATH_MAX];
	struct run_opts o;
	setvbuf(stdout, NULL, _IOLBF, 0); /* keep report lines in order with stderr */
	run_info = stdout;
	int status = run_parse_args(argc, argv, &o);
	if (status >= 0)
		goto done;
	run_info = o.model && o.model_json ? stderr : stdout;
	if ((status = pick_from_library(&o, lib_kernel, sizeof lib_kernel)) != 0)
		goto done;
	status = -1;
	ao_remove_temps_on_signal();     /* the --dump temporaries go with Ctrl-C */
	if (run_outputs_check(&o)) {   /* before the kernel runs: no output then */
		status = RUN_EXIT_FAIL;
		goto done;
	}
	if (o.microbench) {
		status = run_microbench(&o);
		goto done;
	}
	char err[256];
	struct ld_code_object *co = NULL;
	struct stat fst;
	if (stat(o.file, &fst)) { /* a file that is not there was mistyped: usage */
		run_error("%s: %s", o.file, strerror(errno));
		status = RUN_EXIT_USAGE;
		goto done;
	}
	if (ld_open_file(o.file, &co, err, sizeof err)) {
		run_error("%s", err);
		status = RUN_EXIT_FAIL;
		goto done;
	}
	if (o.list) {
		list_kernels(co, o.file);
		status = RUN_EXIT_OK;
		if (!o.gemm && !o.stencil && !o.attention && !o.have_grid)
			goto close;
	}
	const struct ld_kernel *k = pick_kernel(co, &o);
	if (!k) { /* a --kernel the file lacks, or none of several named: usage */
		status = ld_kernel_count(co) ? RUN_EXIT_USAGE : RUN_EXIT_FAIL;
		goto close;
	}
	struct ld_backend *b = NULL;
	void *module = NULL;
	struct run_model rm = { .json = o.model_json, .sample = o.model_sample, .constants = o.model_constants,
				.html = o.model_html, .timing = o.model_timing, .file = o.file };
	if (o.model && (status = run_model_device(&o, co, &rm.device)) >= 0)
		goto close;
	run_progress_init(&rm.progress, o.model ? "model" : "emu");
	if (o.gemm)
		rm.flops = 2.0 * o.m * o.n * o.k;
	for (unsigned i = 0; i < o.nbuffers; i++)
		rm.bytes += strtod(o.buffers[i].value, NULL);
	status = open_backend(&o, co, &b, &module, &rm);
	if (status < 0) {
		status = o.gemm ? run_gemm(&o, b, module, k)
			 : o.stencil ? run_stencil(&o, b, module, k, o.model ? &rm : NULL)
			 : o.attention ? run_attention(&o, b, module, k, o.model ? &rm : NULL)
				     : run_generic(&o, b, module, k);
		ld_unload(b, module);
	}
	ld_backend_close(b);
close:
	ld_close(co);
done:
	run_free_opts(&o);
	return status;
}
