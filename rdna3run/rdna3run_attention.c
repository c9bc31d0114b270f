/* rdna3run_attention.c — `rdna3run --attention B HQ HKV SQ SKV D`: the
 * command line's attention through run/attention.h (arguments by name, the
 * grid from the kernel's query block, the fills, the check against the
 * double reference), and what rdna3run prints of it: the launch line, the
 * rate in the figure of merit of docs/attention.md (measured, or predicted
 * under --model), the check's lines, the --dump files. */
#include "rdna3run/rdna3run.h"
#include "run/attention.h"

#include <stdio.h>
#include <string.h>

static const char *const buffer_names[5] = { "q", "k", "v", "o", "lse" };

static int buffer_index(const char *name)
{
	for (int i = 0; i < 5; i++)
		if (!strcmp(name, buffer_names[i]))
			return i;
	return -1;
}

static int write_dumps(const struct run_opts *o, const struct attention *a)
{
	struct run_files dumps = { 0 };
	for (unsigned i = 0; i < o->ndumps; i++) {
		size_t n;
		const void *p = attention_buffer(a, (unsigned)buffer_index(o->dumps[i].name), &n);
		if (run_files_add(&dumps, o->dumps[i].value, p, n)) {
			run_files_discard(&dumps);
			return -1;
		}
	}
	return run_files_commit(&dumps, o->file) ? -1 : 0;
}

static int print_check(const struct attention *a, const struct attention_info *in)
{
	struct attention_check c;
	char err[256];
	int rc = attention_check(a, &c, err, sizeof err);
	if (rc && err[0]) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	char lse[96] = "";
	if (in->lse)
		snprintf(lse, sizeof lse, ", lse max abs error %.3g", c.max_lse_abs);
	fprintf(run_info, "check: max abs error %.3g%s; bound from %s inputs, %s output, D = %u, S_kv "
		"(docs/attention.md, \"Check\")\n", c.max_abs, lse, attention_fmt_names[in->in],
		attention_fmt_names[in->out], in->head_dim);
	if (!rc) {
		fprintf(run_info, "check: PASSED (%llu elements of O%s, %llu elements outside untouched)\n",
			(unsigned long long)c.elements, in->lse ? " and their rows' log-sum-exp" : "",
			(unsigned long long)c.outside);
		return RUN_EXIT_OK;
	}
	if (c.worst_outside) {
		fprintf(run_info, "check: FAILED: %llu elements outside the tensors written; the first: %s element %u = %.9g\n",
			(unsigned long long)c.outside_changed, c.worst[1] ? "lse" : "o", c.worst[0], c.worst_got);
		run_error("check failed: %llu elements outside the tensors were written",
			  (unsigned long long)c.outside_changed);
		return RUN_EXIT_FAIL;
	}
	char where[64];
	if (c.worst[3] == UINT32_MAX)
		snprintf(where, sizeof where, "lse[%u][%u][%u]", c.worst[0], c.worst[1], c.worst[2]);
	else
		snprintf(where, sizeof where, "O[%u][%u][%u][%u]", c.worst[0], c.worst[1], c.worst[2], c.worst[3]);
	fprintf(run_info, "check: FAILED: %llu of %llu elements of O outside the bound (%llu not finite), %llu of %llu "
		"log-sum-exp rows; worst %s (b, h, i, d) = %.9g, expected %.9g, bound %.3g\n",
		(unsigned long long)c.bad, (unsigned long long)c.elements, (unsigned long long)c.nonfinite,
		(unsigned long long)c.lse_bad, (unsigned long long)c.rows, where, c.worst_got, c.worst_want,
		c.worst_bound);
	run_error("check failed: %llu of %llu elements of O and %llu of %llu log-sum-exp rows wrong",
		  (unsigned long long)c.bad, (unsigned long long)c.elements, (unsigned long long)c.lse_bad,
		  (unsigned long long)c.rows);
	return RUN_EXIT_FAIL;
}

/* The rate of docs/attention.md: 4·D per unmasked pair over the time, and
 * the bytes of Q, K, V and O over the time (decode's roof is memory). */
static void print_rate(const char *who, const struct attention_info *in, double seconds, const char *what)
{
	if (seconds <= 0)
		return;
	fprintf(run_info, "%s: attention %.4f ms%s, %.2f TFLOP/s (4*D*%llu unmasked pairs / time), %.1f GB/s "
		"(Q+K+V+O %.0f bytes / time)\n", who, seconds * 1e3, what, in->flops / seconds * 1e-12,
		(unsigned long long)in->pairs, in->bytes / seconds * 1e-9, in->bytes);
}

/* One run on fresh O (checked, dumped), then --bench REPS timed ones. */
static int launch(const struct run_opts *o, struct ld_backend *b, const struct ld_kernel *k, struct attention *a,
		  struct run_model *rm)
{
	struct attention_info in;
	attention_get_info(a, &in);
	char split[64] = "";
	if (in.kv_split)
		snprintf(split, sizeof split, ", keys in %u chunks of %u", in.n_split, in.kv_split);
	fprintf(run_info, "attention %s: B %u, H %u/%u, S %u x %u, D %u, %s -> %s%s%s%s%s, grid %u,%u,%u block "
		"%u,%u,%u on %s\n", k->name, o->an[0], o->an[1], o->an[2], o->an[3], o->an[4], in.head_dim,
		attention_fmt_names[in.in], attention_fmt_names[in.out], in.causal ? ", causal" : "",
		in.lse ? ", lse" : "", in.gqa_pack ? ", query heads packed" : "", split, in.grid[0], in.grid[1],
		in.grid[2], in.block[0], in.block[1],
		in.block[2], b->device);
	if (rm)
		rm->flops = in.flops, rm->bytes = in.bytes;
	struct ld_run_stats st;
	char err[256];
	if (attention_launch(a, 1, &st, err, sizeof err)) {
		run_error("%s", err);
		return RUN_EXIT_FAIL;
	}
	if (!o->bench)
		run_print_stats(b, &st, 0);
	if (rm)
		/* the model's WMMA timing has no hardware ground truth yet (issue 25): say so */
		print_rate("model", &in, rm->predicted_s, " predicted (unvalidated: no WMMA ground truth yet)");
	else if (!st.has_counts && !o->bench)
		print_rate(b->name, &in, st.best_ms * 1e-3, "");
	if (write_dumps(o, a))
		return RUN_EXIT_FAIL;
	int status = o->check ? print_check(a, &in) : RUN_EXIT_OK;
	if (o->bench) {
		if (attention_launch(a, o->bench, &st, err, sizeof err)) {
			run_error("%s", err);
			return RUN_EXIT_FAIL;
		}
		run_print_stats(b, &st, 0);
		if (!st.has_counts)
			print_rate(b->name, &in, st.best_ms * 1e-3, " best");
	}
	return status;
}

int run_attention(const struct run_opts *o, struct ld_backend *b, void *module, const struct ld_kernel *k,
		  struct run_model *rm)
{
	for (unsigned i = 0; i < o->ndumps; i++)
		if (buffer_index(o->dumps[i].name) < 0) {
			run_error("--dump %s: not a tensor of kernel %s (q, k, v, o or lse)", o->dumps[i].name, k->name);
			return RUN_EXIT_USAGE;
		}
	if (o->nargs) {
		run_error("--arg is for the generic mode; --attention sets every argument of kernel %s", k->name);
		return RUN_EXIT_USAGE;
	}
	struct attention_req q = {
		.batch = o->an[0], .hq = o->an[1], .hkv = o->an[2], .sq = o->an[3], .skv = o->an[4],
		.head_dim = o->an[5], .causal = o->causal ? 1 : -1, .padded = o->padded, .seed = o->seed,
		.have_grid = o->have_grid, .have_block = o->have_block,
	};
	memcpy(q.grid, o->grid, sizeof q.grid);
	memcpy(q.block, o->block, sizeof q.block);
	struct attention *a;
	char err[512] = "";
	int rc = attention_prepare(b, module, k, &q, &a, err, sizeof err);
	if (rc) {
		run_error("%s", err);
		return rc == ATTENTION_USAGE ? RUN_EXIT_USAGE : RUN_EXIT_FAIL;
	}
	size_t n;
	for (unsigned i = 0; i < o->ndumps; i++)
		if (!attention_buffer(a, (unsigned)buffer_index(o->dumps[i].name), &n)) {
			run_error("--dump %s: kernel %s writes no log-sum-exp (.rdna3.lse 0)", o->dumps[i].name, k->name);
			attention_free(a);
			return RUN_EXIT_USAGE;
		}
	int status = launch(o, b, k, a, rm);
	attention_free(a);
	return status;
}
