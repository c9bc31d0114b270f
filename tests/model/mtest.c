/* mtest.c — what the timing model's hand tests share: build a kernel around a
 * body of instructions, run it under the model with an issue trace, look up
 * issue cycles (tests/model/mtest.h). */
#include "tests/model/mtest.h"

#include <stdio.h>
#include <string.h>

unsigned kernel_vgprs = 8;
unsigned kernel_priv;
unsigned kernel_lds;
const char *set_const;
double set_value;

void on_issue(void *ctx, const struct mdl_issue *is)
{
	struct trace *t = ctx;
	if (t->n < MAXI) {
		t->cycle[t->n] = is->cycle;
		t->simd[t->n] = is->simd;
		t->wave[t->n] = is->wave;
		t->op[t->n++] = is->in->op;
	}
}

/* Cycle of the k-th issued instruction of wave w with opcode op (k from 0). */
long long at(const struct trace *t, uint64_t w, unsigned op, unsigned k)
{
	for (unsigned i = 0; i < t->n; i++)
		if (t->wave[i] == w && t->op[i] == op && k-- == 0)
			return (long long)t->cycle[i];
	return -1000000;
}

int build(const char *name, const char *body, unsigned lds, unsigned block, char *path, size_t pathlen)
{
	char text[16384], err[1024];
	int len = snprintf(text, sizeof text,
		 ".amdhsa_code_object_version 5\n.amdgcn_target \"amdgcn-amd-amdhsa--gfx1100\"\n.text\n"
		 ".globl %s\n.p2align 8\n.type %s,@function\n%s:\n%s"
		 ".rodata\n.p2align 6\n.amdhsa_kernel %s\n .amdhsa_next_free_vgpr %u\n .amdhsa_next_free_sgpr 8\n"
		 " .amdhsa_user_sgpr_kernarg_segment_ptr 1\n .amdhsa_kernarg_size 8\n"
		 " .amdhsa_group_segment_fixed_size %u\n .amdhsa_private_segment_fixed_size %u\n .amdhsa_enable_private_segment %u\n"
		 " .amdhsa_wavefront_size32 1\n.end_amdhsa_kernel\n"
		 ".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n  - .name: %s\n"
		 "    .symbol: %s.kd\n    .kernarg_segment_size: 8\n    .kernarg_segment_align: 8\n"
		 "    .group_segment_fixed_size: %u\n    .private_segment_fixed_size: %u\n"
		 "    .max_flat_workgroup_size: %u\n    .wavefront_size: 32\n    .sgpr_count: 8\n"
		 "    .vgpr_count: %u\n    .args:\n      - { .name: p, .offset: 0, .size: 8, .value_kind: global_buffer, "
		 ".address_space: global }\n...\n.end_amdgpu_metadata\n",
		 name, name, name, body, name, kernel_vgprs, lds, kernel_priv, kernel_priv > 0, name, name, lds, kernel_priv, block,
		 kernel_vgprs);
	if (len < 0 || (size_t)len >= sizeof text) {
		th_ok(0, name, "build: the kernel text is longer than %zu bytes", sizeof text);
		return -1;
	}
	if (th_build_text(name, text, path, pathlen, err, sizeof err)) {
		th_ok(0, name, "build: %s", err);
		return -1;
	}
	return 0;
}


/* Build and run one kernel (one workgroup of `block` work-items) under the model. */
int run(const char *name, const char *body, unsigned lds, unsigned block, struct trace *t,
	       struct mdl_result *r, struct mdl_consts *c)
{
	char path[512];
	memset(t, 0, sizeof *t);
	if (build(name, body, lds, block, path, sizeof path))
		return -1;
	struct th h;
	/* every check but trans-use: test_trans_queue times a chain of dependent
	 * v_exp_f32 without the waits the 11.0 targets need between them */
	struct emu_opts eo = { .threads = 1, .checks = EMU_CHECK_ALL & ~EMU_CHECK_TRANS_USE };
	if (th_open(&h, path, &eo)) {
		th_ok(0, name, "open: %s", h.err);
		return -1;
	}
	uint64_t buf = emu_alloc(h.dev, 4096, 0);
	const struct ld_kernel *k = ld_kernel_find(h.co, name);
	struct emu_launch L = { .kernel_name = name, .kd_addr = h.base + k->kd_vaddr, .kernarg = &buf,
				.kernarg_size = 8, .grid = { 1, 1, 1 }, .block = { block, 1, 1 } };
	struct mdl_opts o = { .on_issue = on_issue, .issue_ctx = t };
	mdl_consts_default(&o.c);
	if (set_const && mdl_consts_set(&o.c, set_const, set_value)) {
		th_ok(0, name, "no constant %s", set_const);
		th_close(&h);
		return -1;
	}
	*c = o.c;
	int rc = mdl_run(h.dev, &L, &o, r, h.err, sizeof h.err);
	if (rc)
		th_ok(0, name, "run: %s", h.err);
	th_close(&h);
	return rc;
}

/* Build kernel `sym` (one buffer argument) and open it for a launch of grid
 * workgroups of `block` work-items; the buffer is 4096 bytes at *buf.  0, or
 * -1 with the failure reported under `name`. */
int open_launch(const char *name, const char *sym, const char *body, unsigned grid, unsigned block,
		       struct th *h, struct emu_launch *L, uint64_t *buf)
{
	char path[512];
	if (build(sym, body, kernel_lds, block, path, sizeof path))
		return -1;
	struct emu_opts eo = { .threads = 1, .checks = EMU_CHECK_ALL };
	if (th_open(h, path, &eo)) {
		th_ok(0, name, "open: %s", h->err);
		return -1;
	}
	*buf = emu_alloc(h->dev, 4096, 0);
	const struct ld_kernel *k = ld_kernel_find(h->co, sym);
	*L = (struct emu_launch){ .kernel_name = sym, .kd_addr = h->base + k->kd_vaddr, .kernarg = buf,
				  .kernarg_size = 8, .grid = { grid, 1, 1 }, .block = { block, 1, 1 } };
	return 0;
}
