/* microbench.c — kernels that measure one property of the GPU each, in the way
 * of the Vega microbenchmark study: a loop of `iters` iterations (a kernel
 * argument) whose body is `unroll` copies of the operation under test.  Two
 * builds that differ only in unroll (8 and 16), run with the same iters, differ
 * by iters * 8 operations and nothing else, so the difference of their times
 * divided by that count is the time of one operation, free of launch, set-up
 * and loop overhead (rdna3run --microbench does this on a GPU or the model).
 *
 *   valu-lat     one wave, a chain of dependent v_add_f32: VALU latency
 *   valu-rate    one wave, v_add_f32 on 8 independent registers: issue rate
 *   trans-rate   one wave, v_exp_f32 on 8 independent registers: transcendental rate
 *   vopd-rate    one wave, v_dual_mul_f32 :: v_dual_mul_f32 on 8 independent
 *                pairs (v12..v27; banks and parities as VOPD requires): VOPD
 *                issue rate (two operations per issue slot)
 *   lds-lat      one wave, ds_load_b32 whose address is the value it loaded
 *                (LDS is zero: address 0 every time) then s_waitcnt: LDS latency
 *   lds-conflict one wave, ds_load_b32 at lane * stride bytes, one s_waitcnt
 *                per iteration: cycles per load = the bank conflict degree
 *   gmem-chase   lane 0 only, global_load_b32 of the offset of the next hop from
 *                buf, then s_waitcnt: latency of the level that holds a chain of
 *                `buf` bytes (the host writes the chain, see docs/model.md)
 *   smem-lat     one wave, s_load_b32 whose SGPR offset is the value it loaded,
 *                then s_waitcnt: the latency of a scalar load from the level
 *                that holds a chain of `buf` bytes (the gmem-chase chain; one
 *                larger than the 16 KB scalar cache misses it every hop)
 *   barrier      `waves` waves, s_barrier: cycles per barrier
 *
 * Kernel arguments: buf (global pointer), iters (u32): 12 bytes.
 * Launch: grid (1, 1, 1), block (32 * waves, 1, 1).
 */
#include <stdio.h>

#include "templates/templates.h"

enum { P_BENCH, P_UNROLL, P_WAVES, P_STRIDE, P_COUNT };
enum { B_VALU_LAT, B_VALU_RATE, B_TRANS_RATE, B_LDS_LAT, B_LDS_CONFLICT, B_GMEM_CHASE, B_BARRIER, B_VOPD_RATE,
       B_SMEM_LAT };

static const struct tpl_param params[P_COUNT] = {
	[P_BENCH] = { "bench", TPL_ENUM, 0, 0, 8,
		      "valu-lat|valu-rate|trans-rate|lds-lat|lds-conflict|gmem-chase|barrier|vopd-rate|smem-lat",
		      "the property measured (see templates/microbench.c)" },
	[P_UNROLL] = { "unroll", TPL_INT, 8, 1, 64, NULL, "operations per loop iteration" },
	[P_WAVES] = { "waves", TPL_INT, 1, 1, 16, NULL, "waves in the workgroup (barrier)" },
	[P_STRIDE] = { "stride", TPL_INT, 4, 4, 512, NULL, "bytes between lanes (lds-conflict), a multiple of 4" },
};

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	if (v->v[P_STRIDE] % 4) {
		snprintf(err, errlen, "stride: %ld is not a multiple of 4", v->v[P_STRIDE]);
		return TPL_E_ARG;
	}
	if (v->v[P_BENCH] == B_LDS_CONFLICT && 31 * v->v[P_STRIDE] + 4 > ISA_LDS_BYTES) {
		snprintf(err, errlen, "stride: %ld puts lane 31 past 64 KiB of LDS", v->v[P_STRIDE]);
		return TPL_E_ARG;
	}
	return 0;
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "microbench";
	info->block_threads = 32u * (unsigned)(v->v[P_BENCH] == B_BARRIER ? v->v[P_WAVES] : 1);
	info->wgid[0] = true;
	info->workitem_ids = 0;
}

/* One operation of the body (registers fixed: v0 lane id, v1.. v8 work). */
static void body_op(struct ao_kernel *k, long bench, unsigned i, unsigned s_buf)
{
	unsigned r = 1 + i % 8;
	switch (bench) {
	case B_VALU_LAT:
		AO_I(k, AO_OP(v_add_f32), ao_v(1), ao_v(1), ao_v(9));
		break;
	case B_VALU_RATE:
		AO_I(k, AO_OP(v_add_f32), ao_v(r), ao_v(r), ao_v(9));
		break;
	case B_TRANS_RATE:
		AO_I(k, AO_OP(v_exp_f32), ao_v(r), ao_v(r));
		break;
	case B_LDS_LAT:
		AO_IM(k, AO_OP(ds_load_b32), ao_m(0, 0), ao_v(1), ao_v(1));
		ao_waitcnt(k, -1, -1, 0);
		break;
	case B_LDS_CONFLICT:
		AO_IM(k, AO_OP(ds_load_b32), ao_m(0, 0), ao_v(r), ao_v(10));
		break;
	case B_GMEM_CHASE:
		AO_I(k, AO_OP(global_load_b32), ao_v(1), ao_v(1), ao_sr(s_buf, 2));
		ao_waitcnt(k, 0, -1, -1);
		break;
	case B_VOPD_RATE: {
		unsigned x = 12 + 2 * (i % 8); /* X: even dst, src0 in bank 0/2, v9; Y: odd, bank 1/3, v10 */
		struct ao_half hx = { .op = AO_OP(v_mul_f32), .n = 3, .o = { ao_v(x), ao_v(x), ao_v(9) } };
		struct ao_half hy = { .op = AO_OP(v_mul_f32), .n = 3, .o = { ao_v(x + 1), ao_v(x + 1), ao_v(10) } };
		ao_vopd(k, &hx, &hy);
		break;
	}
	case B_SMEM_LAT:
		AO_IM(k, AO_OP(s_load_b32), ao_m(0, 0), ao_s(s_buf + 2), ao_sr(s_buf, 2), ao_s(s_buf + 2));
		ao_waitcnt(k, -1, -1, 0);
		break;
	default:
		AO_I0(k, AO_OP(s_barrier));
		break;
	}
}

static int build(const struct tpl_values *v, struct ao_kernel *k, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	long bench = v->v[P_BENCH];
	unsigned unroll = (unsigned)v->v[P_UNROLL];
	int buf_off = ao_arg_ptr(k, "buf", false);
	int it_off = ao_arg_u32(k, "iters");
	int s_buf = ao_sgprs(k, 4);  /* buf, then a scalar chain register */
	int s_it = ao_sgprs(k, 1);
	int s_cnt = ao_sgprs(k, 1);
	if (bench == B_LDS_LAT || bench == B_LDS_CONFLICT)
		ao_lds(k, bench == B_LDS_LAT ? 64 : 32u * (unsigned)v->v[P_STRIDE], 4);
	AO_IM(k, AO_OP(s_load_b64), ao_m(buf_off, 0), ao_sr((unsigned)s_buf, 2), ao_sr(AO_SGPR_KERNARG, 2));
	AO_IM(k, AO_OP(s_load_b32), ao_m(it_off, 0), ao_s((unsigned)s_it), ao_sr(AO_SGPR_KERNARG, 2));
	for (unsigned r = 1; r <= 8; r++)
		AO_I(k, AO_OP(v_mov_b32), ao_v(r), ao_int(0));
	AO_I(k, AO_OP(v_mov_b32), ao_v(9), ao_f32(1.0f));
	for (unsigned r = 12; bench == B_VOPD_RATE && r < 28; r++)
		AO_I(k, AO_OP(v_mov_b32), ao_v(r), ao_int(0));
	AO_I(k, AO_OP(v_mul_u32_u24), ao_v(10), ao_u32((uint32_t)v->v[P_STRIDE]), ao_v(0));
	ao_comment(k, "LDS address of the lane (lds-conflict)");
	AO_I(k, AO_OP(s_mov_b32), ao_s((unsigned)s_buf + 2), ao_int(0));
	if (bench == B_GMEM_CHASE)
		AO_I(k, AO_OP(s_mov_b32), ao_exec(), ao_int(1));
	ao_waitcnt(k, -1, -1, 0);
	int done = ao_label(k, "done");
	AO_I(k, AO_OP(s_cmp_eq_u32), ao_s((unsigned)s_it), ao_int(0));
	AO_I(k, AO_OP(s_cbranch_scc1), ao_lab((unsigned)done));
	struct ao_loop loop;
	ao_loop_begin(k, &loop, (unsigned)s_cnt, ao_s((unsigned)s_it));
	for (unsigned i = 0; i < unroll; i++)
		body_op(k, bench, i, (unsigned)s_buf);
	if (bench == B_LDS_CONFLICT) /* one wait per iteration: the extra loads cost their pipe time only */
		ao_waitcnt(k, -1, -1, 0);
	ao_loop_end(k, &loop);
	ao_bind(k, (unsigned)done);
	/* Keep the results alive: lane 0 stores v1 (a kernel whose result is dead
	 * could be timed differently by nothing here, but a reader sees it ran). */
	if (bench != B_GMEM_CHASE)
		AO_I(k, AO_OP(s_mov_b32), ao_exec(), ao_int(1));
	AO_I(k, AO_OP(v_mov_b32), ao_v(11), ao_int(0));
	AO_I(k, AO_OP(global_store_b32), ao_v(11), ao_v(1), ao_sr((unsigned)s_buf, 2));
	AO_I0(k, AO_OP(s_endpgm));
	ao_meta_int(k, "block_threads", (long)ao_info(k)->block_threads);
	return 0;
}

const struct tpl_template tpl_microbench = {
	.name = "microbench",
	.summary = "one-property GPU microbenchmarks (latency, rate, conflicts) for rdna3run --microbench",
	.params = params,
	.nparams = P_COUNT,
	.check = check,
	.build = build,
	.kernel_info = kernel_info,
};
