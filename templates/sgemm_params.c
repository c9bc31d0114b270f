/* sgemm_params.c — the parameters of the `sgemm` template, its presets (the
 * seed's kernels 2-8 and `best`), the shape derived from them and every constraint,
 * checked before anything is emitted. */
#include <stdio.h>
#include <string.h>

#include "templates/sgemm.h"
#include "vocab/vocab.h"

static const struct tpl_param params[SG_NPARAMS] = {
	[SG_LAYOUT] = { "layout", TPL_LAYOUT, VC_NN, VC_NN, VC_TT, NULL,
			"op(A), op(B): N as stored, T transposed (A is MxK for N, KxM for T)" },
	[SG_BM] = { "bm", TPL_INT, 128, 1, 512, NULL, "rows of C per workgroup (power of two)" },
	[SG_BN] = { "bn", TPL_INT, 128, 1, 512, NULL, "columns of C per workgroup (power of two)" },
	[SG_BK] = { "bk", TPL_INT, 8, 1, 64, NULL, "depth of one LDS tile (power of two)" },
	[SG_TM] = { "tm", TPL_INT, 4, 1, 16, NULL, "rows of the thread tile (repeated to fill the wave tile)" },
	[SG_TN] = { "tn", TPL_INT, 4, 1, 16, NULL, "columns of the thread tile" },
	[SG_WAVES_M] = { "waves-m", TPL_INT, 4, 1, 32, NULL, "waves along M in the workgroup (power of two)" },
	[SG_WAVES_N] = { "waves-n", TPL_INT, 1, 1, 32, NULL, "waves along N in the workgroup (power of two)" },
	[SG_LANES_M] = { "lanes-m", TPL_INT, 4, 1, 32, NULL, "lanes along M inside a wave (lanes-m*lanes-n = 32)" },
	[SG_LANES_N] = { "lanes-n", TPL_INT, 8, 1, 32, NULL, "lanes along N inside a wave" },
	[SG_THREADS] = { "threads", TPL_INT, 128, 32, 1024, NULL,
			 "work-items per workgroup (wave32: waves-m*waves-n*32)" },
	[SG_PAD_A] = { "pad-a", TPL_INT, 4, 0, 64, NULL, "floats of padding per LDS row of A" },
	[SG_PAD_B] = { "pad-b", TPL_INT, 0, 0, 64, NULL, "floats of padding per LDS row of B" },
	[SG_LDS_BUFFERS] = { "lds-buffers", TPL_INT, 1, 1, 2, NULL,
			     "1: single LDS buffer (two barriers per tile), 2: double (one barrier)" },
	[SG_PREFETCH] = { "prefetch", TPL_BOOL, 1, 0, 1, NULL,
			  "load the next tile into registers while computing this one" },
	[SG_GLOBAL_VEC] = { "global-vec", TPL_WIDTH, VC_B32, VC_B32, VC_B128, NULL,
			    "width of global loads of A, B and of the accesses to C" },
	[SG_LDS_VEC] = { "lds-vec", TPL_WIDTH, VC_B128, VC_B32, VC_B128, NULL,
			 "width of LDS fragment loads (and of stores when the copy allows)" },
	[SG_SGPR_BASES] = { "sgpr-bases", TPL_BOOL, 0, 0, 1, NULL,
			    "one precomputed SGPR base per global load plus one VGPR offset; "
			    "with prefetch the loads are spread through the inner loop" },
	[SG_UNROLL] = { "unroll", TPL_INT, 8, 1, 64, NULL, "k-steps per inner-loop iteration (divides bk)" },
	[SG_WALK] = { "walk", TPL_ENUM, 0, 0, 2, "row|col|grouped",
		      "order in which workgroups walk the tiles of C" },
	[SG_GROUP] = { "group", TPL_INT, 8, 1, 64, NULL, "walk grouped: tile rows per group (L2 reuse)" },
	[SG_DUAL] = { "dual", TPL_BOOL, 0, 0, 1, NULL,
		   "bank-aware registers: every FMA pair of a k-step is one v_dual_fmac_f32 "
		   "(A fragments in banks 2-3, B in 0-1, ds_load_b64)" },
	[SG_SETPRIO] = { "setprio", TPL_INT, 0, 0, 3, NULL,
			 "s_setprio level while FMAs issue (0: none; where: setprio-at)" },
	[SG_DELAY_ALU] = { "delay-alu", TPL_BOOL, 0, 0, 1, NULL,
			   "s_delay_alu before an FMA that reads one of the last four VALU results" },
	[SG_ADDR_CHAIN] = { "addr-chain", TPL_BOOL, 0, 0, 1, NULL,
			    "compute each global load's 64-bit address with five dependent VALU ops "
			    "(index, sign, shift, add, carry), as HIP's code for the seed's kernels 2-7 does" },
	[SG_VOPD_FUSE] = { "vopd-fuse", TPL_BOOL, 0, 0, 1, NULL,
			   "after register allocation, pair independent FMAs of a k-step into v_dual_fmac_f32 "
			   "where the bank rules allow, as HIP's compiler does for the seed's kernels 3-5" },
	[SG_ACC_BANK] = { "acc-bank", TPL_ENUM, 0, 0, 4, "any|0|1|2|3",
			  "without dual: accumulator acc[i][j] this many VGPR banks above B[j] (mod 4); "
			  "any: wherever first fit puts it" },
	[SG_A_KVEC] = { "a-kvec", TPL_INT, 1, 1, 4, NULL,
			"k-steps of A per LDS fragment load: 2 or 4 keep A m-major in LDS (As[m][k]) and load a-kvec "
			"k-steps of a row at once, as HIP's compiler does for the seed's kernel 2 (power of two)" },
	[SG_SETPRIO_AT] = { "setprio-at", TPL_ENUM, 0, 0, 1, "tile|kstep",
			    "where setprio holds: tile, from a tile's first k-step to its last FMA; kstep, in each "
			    "k-step from after its first FMA to its last, as the seed's kernels 6-8 do" },
	[SG_FRAG_SETS] = { "frag-sets", TPL_ENUM, 0, 0, 2, "auto|1|2",
			   "LDS fragment register sets: 2 loads a k-step's fragments while the step before "
			   "computes, 1 loads, waits and computes each step in turn, as the seed's kernels 6-8 "
			   "do (auto: 2 when unroll >= 2)" },
};

/* The seed's kernels (see docs/sgemm.md), for any M, N, K. */
static const struct tpl_preset presets[] = {
	{ "k2", "layout=NN bm=32 bn=32 bk=32 tm=1 tn=1 waves-m=32 waves-n=1 lanes-m=1 lanes-n=32 "
		"threads=1024 pad-a=0 pad-b=0 lds-buffers=1 prefetch=false global-vec=b32 lds-vec=b32 "
		"sgpr-bases=false unroll=32 walk=row mode=wgp addr-chain=true a-kvec=4",
	  "kernel 2: LDS tiling 32x32, one element per thread" },
	{ "k3", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=2 lanes-m=4 lanes-n=8 "
		"threads=256 pad-a=0 pad-b=0 lds-buffers=1 prefetch=false global-vec=b32 lds-vec=b128 "
		"sgpr-bases=false unroll=8 walk=row mode=wgp addr-chain=true vopd-fuse=true",
	  "kernel 3: 128x128 block, 8x8 per thread (4x4 repeated 2x2)" },
	{ "k4", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=2 lanes-m=4 lanes-n=8 "
		"threads=256 pad-a=0 pad-b=0 lds-buffers=1 prefetch=true global-vec=b32 lds-vec=b128 "
		"sgpr-bases=false unroll=8 walk=row mode=wgp addr-chain=true vopd-fuse=true",
	  "kernel 4: kernel 3 plus global->register prefetch of the next tile" },
	{ "k5", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=1 lanes-m=4 lanes-n=8 "
		"threads=128 pad-a=4 pad-b=0 lds-buffers=1 prefetch=true global-vec=b32 lds-vec=b128 "
		"sgpr-bases=false unroll=8 walk=row mode=cu addr-chain=true vopd-fuse=true acc-bank=3",
	  "kernel 5: LDS padding (+4 on A), CU mode, 8x16 per thread, 128 threads" },
	{ "k6", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=1 lanes-m=4 lanes-n=8 "
		"threads=128 pad-a=4 pad-b=0 lds-buffers=1 prefetch=true global-vec=b32 lds-vec=b64 "
		"sgpr-bases=false unroll=1 walk=row mode=cu dual=true setprio=1 setprio-at=kstep frag-sets=1 delay-alu=false addr-chain=true",
	  "kernel 6: kernel 5 with bank-aware VGPRs, every FMA a v_dual_fmac_f32 (inner loop kept)" },
	{ "k7", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=1 lanes-m=4 lanes-n=8 "
		"threads=128 pad-a=4 pad-b=0 lds-buffers=1 prefetch=true global-vec=b32 lds-vec=b64 "
		"sgpr-bases=false unroll=8 walk=row mode=cu dual=true setprio=1 setprio-at=kstep frag-sets=1 delay-alu=false addr-chain=true",
	  "kernel 7: kernel 6 with the inner loop fully unrolled" },
	{ "k8", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=1 lanes-m=4 lanes-n=8 "
		"threads=128 pad-a=4 pad-b=0 lds-buffers=1 prefetch=true global-vec=b32 lds-vec=b64 "
		"sgpr-bases=true unroll=8 walk=row mode=cu dual=true setprio=1 setprio-at=kstep frag-sets=1 delay-alu=false",
	  "kernel 8: kernel 7 with global loads through SGPR bases, spread over the k-steps" },
	{ "best", "layout=NN bm=128 bn=128 bk=8 tm=4 tn=4 waves-m=4 waves-n=1 lanes-m=4 lanes-n=8 "
		  "threads=128 pad-a=4 pad-b=0 lds-buffers=2 prefetch=true global-vec=b128 lds-vec=b128 "
		  "sgpr-bases=true unroll=8 walk=row mode=cu dual=true setprio=0 delay-alu=false",
	  "kernel 8 plus LDS double buffering (one barrier per tile) and 16-byte global loads and "
	  "stores (docs/sgemm.md, \"Why best\")" },
};

static bool pow2(unsigned x) { return x && !(x & (x - 1)); }

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return TPL_E_ARG; } while (0)

static int derive_copy(struct sg_copy *cp, const char *name, bool k_contig, bool x_major, unsigned bx,
		       unsigned bk, unsigned pad, unsigned gvw, unsigned threads, char *err, size_t errlen)
{
	cp->k_contig = k_contig;
	cp->x_major = x_major;
	cp->rows_contig = k_contig == x_major;
	cp->bx = bx;
	cp->stride = (x_major ? bk : bx) + pad;
	cp->k_bytes = x_major ? 4 : cp->stride * 4;
	cp->lc = k_contig ? bk : bx;
	cp->lo = k_contig ? bx : bk;
	cp->vw = gvw;
	if (cp->lc % gvw)
		FAIL("global-vec: %u floats per load do not divide the %u contiguous floats of a %s tile row "
		     "(%s)", gvw, cp->lc, name, k_contig ? "bk" : name[0] == 'A' ? "bm" : "bn");
	unsigned per_row = cp->lc / gvw;   /* loads that cover one row (powers of two) */
	cp->tpr = per_row < threads ? per_row : threads;
	cp->cpr = per_row / cp->tpr;
	cp->rpp = threads / cp->tpr;
	if (cp->lo % cp->rpp)
		FAIL("threads: %u work-items load %u rows of %s per pass, which does not divide its %u rows "
		     "(the tile %ux%u has fewer elements than work-items x global-vec)",
		     threads, cp->rpp, name, cp->lo, cp->lo, cp->lc);
	cp->passes = cp->lo / cp->rpp;
	cp->slots = cp->passes * cp->cpr;
	if (cp->slots > SG_MAX_SLOTS)
		FAIL("bk: %u global loads of %s per work-item and tile, at most %u", cp->slots, name,
		     SG_MAX_SLOTS);
	cp->lds_bytes = (x_major ? bx : bk) * cp->stride * 4;
	return 0;
}

/* The parameters as they were given, before any check. */
static void read_values(const struct tpl_values *v, struct sg_cfg *c)
{
	memset(c, 0, sizeof *c);
	const long *p = v->v;
	c->ta = vc_layout_ta((enum vc_layout)p[SG_LAYOUT]);
	c->tb = vc_layout_tb((enum vc_layout)p[SG_LAYOUT]);
	c->bm = (unsigned)p[SG_BM], c->bn = (unsigned)p[SG_BN], c->bk = (unsigned)p[SG_BK];
	c->tm = (unsigned)p[SG_TM], c->tn = (unsigned)p[SG_TN];
	c->waves_m = (unsigned)p[SG_WAVES_M], c->waves_n = (unsigned)p[SG_WAVES_N];
	c->lanes_m = (unsigned)p[SG_LANES_M], c->lanes_n = (unsigned)p[SG_LANES_N];
	c->threads = (unsigned)p[SG_THREADS];
	c->pad_a = (unsigned)p[SG_PAD_A], c->pad_b = (unsigned)p[SG_PAD_B];
	c->buffers = (unsigned)p[SG_LDS_BUFFERS];
	c->prefetch = p[SG_PREFETCH] != 0;
	c->gvw = vc_width_bits((enum vc_width)p[SG_GLOBAL_VEC]) / 32;   /* in floats */
	c->lvw = vc_width_bits((enum vc_width)p[SG_LDS_VEC]) / 32;
	c->sgpr_bases = p[SG_SGPR_BASES] != 0;
	c->unroll = (unsigned)p[SG_UNROLL];
	c->walk = (enum sg_walk)p[SG_WALK];
	c->group = (unsigned)p[SG_GROUP];
	c->dual = p[SG_DUAL] != 0, c->setprio = (unsigned)p[SG_SETPRIO];
	c->delay_alu = p[SG_DELAY_ALU] != 0, c->addr_chain = p[SG_ADDR_CHAIN] != 0;
	c->vopd_fuse = p[SG_VOPD_FUSE] != 0, c->acc_bank = (int)p[SG_ACC_BANK] - 1;   /* any: -1 */
	c->a_kvec = (unsigned)p[SG_A_KVEC];
	c->setprio_kstep = p[SG_SETPRIO_AT] == 1;
	c->frag_sets = (unsigned)p[SG_FRAG_SETS];   /* auto: 0, settled by sg_derive */
}

int sg_derive(const struct tpl_values *v, struct sg_cfg *c, char *err, size_t errlen)
{
	read_values(v, c);
	if (c->vopd_fuse && c->dual)
		FAIL("vopd-fuse, dual: dual plans every FMA as a v_dual_fmac_f32 already; choose one");
	if (c->acc_bank >= 0 && c->dual)
		FAIL("acc-bank, dual: dual places the accumulators by its own bank plan; use acc-bank any");
	if (c->a_kvec > 1 && c->dual)
		FAIL("a-kvec, dual: dual loads each k-step's fragments by its bank plan; use a-kvec 1");
	if (c->setprio_kstep && !c->setprio)
		FAIL("setprio-at kstep: it places s_setprio N in every k-step, but setprio is 0; give setprio 1-3");
	if (c->addr_chain && c->sgpr_bases)
		FAIL("addr-chain, sgpr-bases: choose one way to address the global loads (a VALU chain per load, "
		     "or one SGPR base per load)");
	if (!pow2(c->bm))
		FAIL("bm: %u is not a power of two", c->bm);
	if (!pow2(c->bn))
		FAIL("bn: %u is not a power of two", c->bn);
	if (!pow2(c->bk))
		FAIL("bk: %u is not a power of two", c->bk);
	if (!pow2(c->a_kvec))
		FAIL("a-kvec: %u is not a power of two (1, 2 or 4)", c->a_kvec);
	if (!pow2(c->waves_m) || !pow2(c->waves_n))
		FAIL("waves-m, waves-n: %u x %u: each must be a power of two", c->waves_m, c->waves_n);
	if (c->lanes_m * c->lanes_n != 32)
		FAIL("lanes-m*lanes-n = %u x %u = %u: a wave has 32 lanes", c->lanes_m, c->lanes_n,
		     c->lanes_m * c->lanes_n);
	c->waves = c->waves_m * c->waves_n;
	if (c->threads % 32)
		FAIL("threads: %u is not a multiple of 32 (wave32: whole waves only)", c->threads);
	if (c->waves * 32 != c->threads)
		FAIL("threads: %u, but waves-m*waves-n*32 = %u", c->threads, c->waves * 32);
	if (c->bm % c->waves_m)
		FAIL("waves-m: %u waves do not divide bm = %u", c->waves_m, c->bm);
	if (c->bn % c->waves_n)
		FAIL("waves-n: %u waves do not divide bn = %u", c->waves_n, c->bn);
	c->wm = c->bm / c->waves_m;
	c->wn = c->bn / c->waves_n;
	if (c->wm % (c->lanes_m * c->tm))
		FAIL("tm: the wave tile has %u rows (bm/waves-m), not a multiple of lanes-m*tm = %u",
		     c->wm, c->lanes_m * c->tm);
	if (c->wn % (c->lanes_n * c->tn))
		FAIL("tn: the wave tile has %u columns (bn/waves-n), not a multiple of lanes-n*tn = %u",
		     c->wn, c->lanes_n * c->tn);
	c->rep_m = c->wm / (c->lanes_m * c->tm);
	c->rep_n = c->wn / (c->lanes_n * c->tn);
	c->rows = c->tm * c->rep_m;
	c->cols = c->tn * c->rep_n;
	if (c->rows > SG_MAX_ROWS)
		FAIL("tm: %u accumulator rows per work-item (tm x %u repeats), at most %u", c->rows, c->rep_m,
		     SG_MAX_ROWS);
	if (c->cols > SG_MAX_COLS)
		FAIL("tn: %u accumulator columns per work-item (tn x %u repeats), at most %u", c->cols,
		     c->rep_n, SG_MAX_COLS);
	if (c->rows * c->cols > SG_MAX_ACCS)
		FAIL("bm, bn: %u accumulators per work-item (%u x %u); with fragments and addresses they "
		     "cannot fit in %u VGPRs (at most %u accumulators)", c->rows * c->cols, c->rows, c->cols,
		     ISA_VGPRS, SG_MAX_ACCS);
	/* dual: fragments are loaded by element pairs (ds_load_b64) whatever lds-vec */
	if (!c->dual && ((c->a_kvec == 1 && c->tm % c->lvw) || c->tn % c->lvw))
		FAIL("lds-vec: %u floats per LDS load must divide tm = %u and tn = %u", c->lvw, c->tm, c->tn);
	if (c->pad_a % c->lvw || c->pad_b % c->lvw)
		FAIL("pad-a, pad-b: %u and %u must be multiples of the LDS vector width %u (aligned rows)",
		     c->pad_a, c->pad_b, c->lvw);
	if (c->tn % c->gvw)
		FAIL("global-vec: %u floats per access must divide tn = %u (vector stores of C)", c->gvw, c->tn);
	if (c->bk % c->unroll)
		FAIL("unroll: %u does not divide bk = %u", c->unroll, c->bk);
	if (c->unroll % c->a_kvec)
		FAIL("a-kvec: %u k-steps per load of A do not divide unroll = %u", c->a_kvec, c->unroll);
	if (c->pad_a % c->a_kvec)
		FAIL("pad-a: %u must be a multiple of a-kvec = %u (aligned rows of A)", c->pad_a, c->a_kvec);
	int rc = derive_copy(&c->a, "A", !c->ta, c->a_kvec > 1, c->bm, c->bk, c->pad_a, c->gvw, c->threads,
			     err, errlen);
	if (!rc)
		rc = derive_copy(&c->b, "B", c->tb, false, c->bn, c->bk, c->pad_b, c->gvw, c->threads, err,
				 errlen);
	if (rc)
		return rc;
	c->buf_bytes = c->a.lds_bytes + c->b.lds_bytes;
	c->lds_bytes = c->buf_bytes * c->buffers;
	if (c->lds_bytes > ISA_LDS_BYTES)
		FAIL("bm, bn, bk: %u bytes of LDS (%u buffer%s of A %ux(%u+%u) and B %ux(%u+%u) floats), "
		     "at most %u per workgroup", c->lds_bytes, c->buffers, c->buffers > 1 ? "s" : "",
		     c->a.lds_bytes / (c->a.stride * 4), c->a.stride - c->pad_a, c->pad_a, c->bk, c->bn, c->pad_b,
		     ISA_LDS_BYTES);
	if (!c->frag_sets)
		c->frag_sets = c->unroll >= 2 ? 2 : 1;
	if (c->frag_sets == 2 && c->unroll < 2)
		FAIL("frag-sets 2: the second set is loaded while the k-step before computes, and unroll %u "
		     "leaves one k-step per loop trip; give unroll 2 or more, or frag-sets 1", c->unroll);
	/* VGPRs: an estimate to refuse hopeless shapes early; the allocator has
	 * the last word (ra_allocate reports how many it needed). */
	unsigned frag = c->frag_sets * (c->rows * c->a_kvec + c->cols);
	if (c->dual)   /* 4-aligned pools; the holes beside the shorter fragment serve others */
		frag += 4;
	unsigned pf = (c->a.slots + c->b.slots) * c->gvw;
	unsigned addr = c->sgpr_bases ? 2 : c->a.passes + c->b.passes;
	unsigned est = c->rows * c->cols + frag + pf + addr + 8;
	if (est > ISA_VGPRS)
		FAIL("tm, tn, bm, bn: about %u VGPRs needed (%u accumulators, %u fragment, %u prefetch, "
		     "%u address registers), at most %u", est, c->rows * c->cols, frag, pf, addr + 8, ISA_VGPRS);
	/* SGPRs: ISA_SGPRS addressable in wave32, VCC included: 36 fixed (wave start,
	 * arguments, loop state), 8 for a walk other than row, per operand 5 + vw
	 * (+ 2 per load with sgpr-bases), 5 for the epilogue, 2 for VCC; the
	 * builder refuses what still does not fit (sg_build). */
	unsigned sg = 36 + (c->walk != SG_WALK_ROW ? 8 : 0) + 10 + (c->a.cpr + c->b.cpr) * c->gvw + 5 + 2 +
		      (c->sgpr_bases ? 2 * (c->a.passes + c->b.passes) : 0);
	if (sg > ISA_SGPRS)
		FAIL("sgpr-bases: about %u SGPRs needed (%u + %u load addresses per tile%s), at most %u", sg,
		     c->a.passes, c->b.passes, c->sgpr_bases ? ", two SGPRs per base" : "", ISA_SGPRS);
	/* instruction offsets: global 13-bit signed, DS 16-bit unsigned */
	if (c->wn * 4 > 4095)
		FAIL("bn/waves-n: a wave tile %u columns wide does not fit the 4095-byte store offset", c->wn);
	return 0;
}

static int check(const struct tpl_values *v, char *err, size_t errlen)
{
	struct sg_cfg c;
	return sg_derive(v, &c, err, errlen);
}

static void kernel_info(const struct tpl_values *v, struct ao_kernel_info *info)
{
	info->name = "sgemm";
	info->block_threads = (unsigned)v->v[SG_THREADS];
	info->wgid[0] = info->wgid[1] = true;
	info->workitem_ids = 0;
}

/* rdna3gen tune's search space.  threads and lanes-n follow from waves-m x
 * waves-n and lanes-m (wave32).  Skinny products (transformer inference:
 * M = 1..64 rows) add 8- and 16-row tiles; they come last so that the points,
 * and so the order, of every other search stay as they were. */
static const struct tpl_axis axes[] = {
	{ "bm", { "32", "64", "128", "256", "16", "8" }, 4 },
	{ "bn", { "32", "64", "128", "256" }, 0 },
	{ "bk", { "8", "16", "32" }, 0 },
	{ "tm", { "2", "4", "8" }, 0 },
	{ "tn", { "2", "4", "8" }, 0 },
	{ "waves-m", { "1", "2", "4", "8" }, 0 },
	{ "waves-n", { "1", "2", "4" }, 0 },
	{ "lanes-m", { "2", "4", "8", "16" }, 0 },
	{ "pad-a", { "0", "4" }, 0 },
	{ "lds-buffers", { "1", "2" }, 0 },
	{ "global-vec", { "b32", "b64", "b128" }, 0 },
	{ "lds-vec", { "b64", "b128" }, 0 },
	{ "sgpr-bases", { "false", "true" }, 0 },
	{ "walk", { "row", "grouped" }, 0 },
	{ "dual", { "false", "true" }, 0 },
};

static void derive(struct tpl_values *v)
{
	v->v[SG_THREADS] = v->v[SG_WAVES_M] * v->v[SG_WAVES_N] * 32;
	v->v[SG_LANES_N] = 32 / v->v[SG_LANES_M];
}

/* one more than a tile along M, N and K, ragged in each */
static void check_shape(const struct tpl_values *v, uint32_t mnk[3])
{
	mnk[0] = (uint32_t)v->v[SG_BM] + 3;
	mnk[1] = (uint32_t)v->v[SG_BN] + 5;
	mnk[2] = 2 * (uint32_t)v->v[SG_BK] + 3;
}

static const char *const dims[] = { "m", "n", "k" };

static const struct tpl_space space = {
	.axes = axes,
	.naxes = sizeof axes / sizeof axes[0],
	.fixed = "prefetch=true",
	.derive = derive,
	.check_shape = check_shape,
	.dims = dims,
	.ndims = 3,
};

const struct tpl_template tpl_sgemm = {
	.name = "sgemm",
	.summary = "C = alpha*op(A)*op(B) + beta*C, FP32 row-major, LDS and register tiling, any M, N, K",
	.params = params,
	.nparams = SG_NPARAMS,
	.presets = presets,
	.npresets = sizeof presets / sizeof presets[0],
	.check = check,
	.build = sg_build,
	.kernel_info = kernel_info,
	.report = sg_report,
	.space = &space,
};
