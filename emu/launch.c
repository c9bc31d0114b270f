/* launch.c — a dispatch: validate, set up waves as the dispatcher does, run
 * workgroups on a thread pool, merge statistics, report the first fault.
 *
 * Determinism: workgroups are independent; a worker takes the next workgroup
 * index from an atomic counter, and when workgroups fault, the one with the
 * lowest index is reported (indices below a fault are always still run), so the
 * report is the same for every thread count, and so are all results of a run
 * that does not fault (workgroups above a faulting one may or may not have run;
 * the shared instruction budget is the exception, see emu/HAZARDS.md).
 */
#include "emu/fmath.h"
#include "emu/machine.h"
#include "vocab/vocab.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define EMU_BUDGET_SLICE 4096u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- instruction fetch through the decode cache ------------------------------ */

void emu_inst_text(const struct emu_run *run, uint64_t pc, char *out, size_t n)
{
	const struct emu_buf *b = run->code;
	if (!b || pc < b->addr || pc - b->addr >= b->size) {
		snprintf(out, n, "<pc outside code>");
		return;
	}
	uint64_t off = pc - b->addr;
	if (emu_disasm(b->host + off, (size_t)(b->size - off), pc, out, n) < 0)
		snprintf(out, n, "<invalid encoding %08x>", *(const uint32_t *)(const void *)(b->host + (off & ~3ull)));
}

static EMU_COLD void fill(struct emu_run *run, struct emu_dinst *d, size_t idx)
{
	pthread_mutex_lock(&run->icache_lock);
	if (!atomic_load_explicit(&d->ready, memory_order_relaxed)) {
		const struct emu_buf *b = run->code;
		size_t off = idx * 4;
		int len = emu_decode(b->host + off, (size_t)(b->size - off), &d->in);
		if (len < 0) {
			d->bad = EMU_BAD_DECODE;
			d->words = 1;
		} else {
			d->words = (uint8_t)(len / 4);
			if (d->in.op == ISA_OP_v_dual)
				d->fn = emu_vopd_executor(run, &d->in);
			else
				d->fn = emu_exec_of[d->in.op];
			if (d->fn && d->in.dpp) {
				d->base = d->fn;
				d->fn = emu_exec_dpp;
			}
			if (!emu_inst_runs_on(&d->in, run->target->features))
				d->bad = EMU_BAD_TARGET;
			else if (!d->fn)
				d->bad = EMU_BAD_UNSUPPORTED;
			else
				emu_hz_decode(run, d);
		}
		atomic_store_explicit(&d->ready, 1, memory_order_release);
	}
	pthread_mutex_unlock(&run->icache_lock);
}

EMU_COLD const struct emu_dinst *emu_fetch_slow(struct emu_wave *w, uint64_t pc)
{
	struct emu_run *run = w->g->run;
	const struct emu_buf *b = run->code;
	w->pc = pc;
	if ((pc & 3) || pc < b->addr || pc - b->addr >= b->size) {
		emu_fault(w, ~0u, EMU_E_FAULT, "program counter 0x%llx is outside the code buffer",
			  (unsigned long long)pc);
		return NULL;
	}
	size_t idx = (size_t)((pc - b->addr) >> 2);
	struct emu_dinst *d = &run->icache[idx];
	if (!atomic_load_explicit(&d->ready, memory_order_acquire))
		fill(run, d, idx);
	w->cur = d;
	switch (d->bad) {
	case EMU_BAD_NONE:
		return d;
	case EMU_BAD_DECODE:
		emu_fault(w, ~0u, EMU_E_DECODE, "invalid or unknown instruction encoding");
		return NULL;
	case EMU_BAD_UNSUPPORTED:
		emu_fault(w, ~0u, EMU_E_DECODE, "instruction %s is not supported by the emulator",
			  isa_ops[d->in.op].name);
		return NULL;
	case EMU_BAD_TARGET: {
		char why[160];
		emu_target_refusal(&d->in, run->target, "", why, sizeof why);
		emu_fault(w, ~0u, EMU_E_DECODE, "%s", why);
		return NULL;
	}
	case EMU_BAD_VGPR:
		emu_fault(w, ~0u, EMU_E_FAULT, "uses a VGPR beyond the %u the kernel descriptor allocates",
			  run->kd.vgprs);
		return NULL;
	default:
		emu_fault(w, ~0u, EMU_E_FAULT, "VOPD: %s of both halves in VGPR bank %u (the ISA requires different banks)",
			  d->bad == EMU_BAD_VOPD_SRC0 ? "src0" : "vsrc1",
			  isa_vgpr_bank((d->bad == EMU_BAD_VOPD_SRC0 ? d->in.x.src0 : d->in.x.src1) - EMU_OPND_VGPR0));
		return NULL;
	}
}

/* ---- faults -------------------------------------------------------------------- */

void emu_fault(struct emu_wave *w, unsigned lane, int code, const char *fmt, ...)
{
	struct emu_group *g = w->g;
	struct emu_run *run = g->run;
	w->halt = 1;
	w->state = EMU_WAVE_DONE;
	if (g->faulted)
		return;
	g->faulted = true;
	char why[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
	struct emu_fault f = { .wg = { g->id[0], g->id[1], g->id[2] }, .wave = w->id, .lane = lane, .pc = w->pc };
	emu_inst_text(run, w->pc, f.text, sizeof f.text);
	pthread_mutex_lock(&run->fault_lock);
	if (g->index < atomic_load(&run->fault_wg)) {
		atomic_store(&run->fault_wg, g->index);
		run->fault = f;
		run->fault_code = code;
		char lanebuf[24] = "";
		if (lane != ~0u)
			snprintf(lanebuf, sizeof lanebuf, " lane %u", lane);
		snprintf(run->fault_msg, sizeof run->fault_msg,
			 "%s: workgroup (%u,%u,%u) wave %u%s pc 0x%llx (+0x%llx) `%s`: %s",
			 run->launch->kernel_name ? run->launch->kernel_name : "kernel", f.wg[0], f.wg[1], f.wg[2],
			 w->id, lanebuf, (unsigned long long)w->pc,
			 (unsigned long long)(w->pc - run->entry), f.text, why);
	}
	pthread_mutex_unlock(&run->fault_lock);
}

/* ---- waves --------------------------------------------------------------------- */

/* The inline constants read as any other scalar source (machine.h): integers
 * at 128 + n and 192 + n (isa/isa.h), floats at their codes (isa/inline_consts.def). */
static void wave_init_constants(struct emu_wave *w)
{
	memset(w->s, 0, sizeof w->s);
	for (unsigned i = 0; i <= ISA_INLINE_INT_MAX; i++)
		w->s[EMU_OPND_INT0 + i] = i;
	for (unsigned i = 1; i <= -ISA_INLINE_INT_MIN; i++)
		w->s[EMU_OPND_INT_NEG1 - 1 + i] = (uint32_t)-(int32_t)i;
#define INLINE_FLOAT(code, text, f32, f16, f64) w->s[code] = f32;
#include "isa/inline_consts.def"
#undef INLINE_FLOAT
	for (unsigned c = EMU_OPND_SHARED_BASE; c <= EMU_OPND_PRIVATE_LIMIT; c++)
		w->s[c] = (uint32_t)(emu_aperture64(c) >> 32);
}

static void wave_setup(struct emu_group *g, struct emu_wave *w, unsigned id)
{
	struct emu_run *run = g->run;
	const struct emu_kd *kd = &run->kd;
	const struct emu_launch *L = run->launch;
	memset(w->s, 0, 128 * sizeof w->s[0]);
	w->s[EMU_OPND_SCC] = 0;
	w->id = id;
	w->g = g;
	w->halt = 0;
	w->state = EMU_WAVE_RUN;
	w->pc = run->entry;
	w->mc_lo = 1;
	w->mc_hi = 0;
	memset(w->issued, 0, sizeof w->issued);
	memset(w->done, 0, sizeof w->done);
	if (w->npending)
		memset(w->pend, 0, sizeof w->pend);
	memset(w->pmask, 0, sizeof w->pmask);
	w->npending = 0;
	w->nplist = 0;
	w->nldsst = 0;
	w->wmma_live = w->tu_live = 0;
	w->tu_rec[0].n = w->tu_rec[1].n = 0;

	/* User SGPRs in their fixed order, then the system SGPRs. */
	unsigned s = 0;
	if (kd->user_dispatch_ptr) {
		w->s[s++] = (uint32_t)run->dispatch_addr;
		w->s[s++] = (uint32_t)(run->dispatch_addr >> 32);
	}
	if (kd->user_queue_ptr) {
		w->s[s++] = (uint32_t)run->queue_addr;
		w->s[s++] = (uint32_t)(run->queue_addr >> 32);
	}
	if (kd->user_kernarg_ptr) {
		w->s[s++] = (uint32_t)run->kernarg_addr;
		w->s[s++] = (uint32_t)(run->kernarg_addr >> 32);
	}
	if (kd->user_dispatch_id) {
		w->s[s++] = 0;
		w->s[s++] = 0;
	}
	if (kd->user_private_segment_size)
		w->s[s++] = kd->private_segment_size;
	s = kd->user_sgprs;
	if (kd->wgid_x)
		w->s[s++] = g->id[0];
	if (kd->wgid_y)
		w->s[s++] = g->id[1];
	if (kd->wgid_z)
		w->s[s++] = g->id[2];
	if (kd->wg_info)
		w->s[s++] = 0;
	if (kd->private_segment)
		w->s[s++] = 0; /* wave scratch offset: scratch is addressed per lane here */

	/* v0: packed work-item ids; EXEC: the lanes that exist. */
	unsigned bx = L->block[0], by = L->block[1];
	uint32_t exec = 0;
	memset(w->v, 0, (size_t)kd->vgprs * sizeof w->v[0]);
	for (unsigned l = 0; l < EMU_LANES; l++) {
		unsigned t = id * EMU_LANES + l;
		if (t >= run->block_threads)
			break;
		exec |= 1u << l;
		unsigned x = t % bx, y = (t / bx) % by, z = t / (bx * by);
		uint32_t v0 = x;
		if (kd->vgpr_workitem_ids >= 1)
			v0 |= y << 10;
		if (kd->vgpr_workitem_ids >= 2)
			v0 |= z << 20;
		w->v[0][l] = v0;
	}
	w->s[EMU_OPND_EXEC_LO] = exec;
	if (run->scratch)
		memset(w->scratch, 0, (size_t)kd->private_segment_size * EMU_LANES);
}

/* The default budget: EMU_BUDGET_PER_WAVE for every wave of the launch, so a
 * runaway kernel stops in about the same time whatever its grid, while a real
 * kernel (each wave runs its own share of the work) stays far below it. */
static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

uint64_t emu_budget_default(const struct emu_launch *L)
{
	uint64_t threads = (uint64_t)L->block[0] * L->block[1] * L->block[2];
	uint64_t waves = mul_sat(mul_sat((threads + EMU_LANES - 1) / EMU_LANES, L->grid[0]),
				 mul_sat(L->grid[1], L->grid[2]));
	return mul_sat(waves ? waves : 1, EMU_BUDGET_PER_WAVE);
}

/* Charge the budget in slices so the step loop only decrements a local counter;
 * the last slice is what is left, so a small budget is honoured too (to within
 * one instruction per worker thread). */
EMU_COLD bool emu_budget_refill(struct emu_wave *w)
{
	struct emu_group *g = w->g;
	struct emu_run *run = g->run;
	uint64_t used = atomic_load(&run->used), take;
	do {
		if (used >= run->budget) {
			emu_fault(w, ~0u, EMU_E_BUDGET,
				  "instruction budget of %llu wave-instructions exhausted (a runaway kernel, "
				  "or one that needs a larger budget)", (unsigned long long)run->budget);
			return false;
		}
		take = run->budget - used < EMU_BUDGET_SLICE ? run->budget - used : EMU_BUDGET_SLICE;
	} while (!atomic_compare_exchange_weak(&run->used, &used, used + take));
	g->budget_left = take;
	return true;
}

/* Register names for the trace: SGPRs, VCC, M0, EXEC by their operand code. */
static void reg_name(unsigned code, char *out, size_t n)
{
	static const struct {
		unsigned code;
		const char *name;
	} special[] = { { EMU_OPND_VCC_LO, "vcc_lo" }, { EMU_OPND_VCC_HI, "vcc_hi" }, { EMU_OPND_M0, "m0" },
			{ EMU_OPND_EXEC_LO, "exec_lo" }, { EMU_OPND_EXEC_HI, "exec_hi" } };
	for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
		if (special[i].code == code) {
			snprintf(out, n, "%s", special[i].name);
			return;
		}
	if (code >= EMU_OPND_VGPR0)
		snprintf(out, n, "v%u", code - EMU_OPND_VGPR0);
	else
		snprintf(out, n, "s%u", code);
}

/* The traced wave (emu_opts.trace): one line per executed instruction, its
 * offset from the kernel entry, the text, and every register it wrote. */
static EMU_COLD void trace(struct emu_wave *w, const struct emu_dinst *d)
{
	struct emu_run *run = w->g->run;
	if (w->id != run->trace_wave || w->g->index != run->trace_wg || !run->trace_left)
		return;
	FILE *f = run->trace_out;
	if (--run->trace_left == 0) {
		fprintf(f, "trace: stopped at the line limit\n");
		return;
	}
	char text[96], name[16];
	emu_inst_text(run, w->pc, text, sizeof text);
	const struct emu_hzinfo *h = &d->hz;
	const unsigned flags = isa_ops[d->in.op].flags;
	bool writes = h->nw || (flags & ISA_F_WSCC);   /* pad the text only when registers follow */
	fprintf(f, writes ? "trace: +0x%04llx  %-48s" : "trace: +0x%04llx  %s", (unsigned long long)(w->pc - run->entry),
		text);
	uint32_t exec = w->s[EMU_OPND_EXEC_LO];
	for (unsigned i = 0; i < h->nw; i++)
		for (unsigned k = 0; k < h->w[i].n; k++) {
			unsigned code = h->w[i].code + k;
			if (code == EMU_OPND_NULL)
				continue;
			reg_name(code, name, sizeof name);
			if (code < EMU_OPND_VGPR0) {
				fprintf(f, "  %s=%08x", name, w->s[code & 255]);
				continue;
			}
			fprintf(f, "  %s=[", name);
			for (unsigned l = 0; l < EMU_LANES; l++) {
				if (l)
					fputc(' ', f);
				if (exec >> l & 1)
					fprintf(f, "%08x", w->v[code - EMU_OPND_VGPR0][l]);
				else
					fputc('-', f);
			}
			fprintf(f, "]");
		}
	if (flags & ISA_F_WSCC)
		fprintf(f, "  scc=%u", w->s[EMU_OPND_SCC] & 1);
	fputc('\n', f);
}

/* The step loop: run one wave until it ends, waits at a barrier or faults. */
static void run_wave(struct emu_wave *w)
{
	struct emu_group *g = w->g;
	const struct emu_run *run = g->run;
	const bool checks = run->checks & EMU_CHECK_WAITCNT, tracing = run->trace;
	const struct emu_dinst *end = run->icache + run->icache_n;
	uint64_t left = g->budget_left, n = 0;
	const struct emu_dinst *d = emu_fetch(w, w->pc);
	w->halt = 0;
	while (d) {
		w->cur = d;
		w->s[EMU_OPND_LITERAL] = d->in.lit;
		uint64_t next = w->pc + d->in.len;
		w->next_pc = next;
		if (checks && emu_hz_needed(w, d))
			emu_hz_check(w, d);
		if (EMU_UNLIKELY(emu_hz_wmma_needed(w, d)))
			emu_hz_wmma(w, d);
		if (EMU_UNLIKELY(emu_hz_trans_needed(w, d)))
			emu_hz_trans(w, d);
		d->fn(w, &d->in);
		if (EMU_UNLIKELY(tracing))
			trace(w, d);
		n++;
		if (EMU_UNLIKELY(w->halt)) {
			if (w->state == EMU_WAVE_BARRIER)
				w->pc = w->next_pc;
			break;
		}
		if (EMU_UNLIKELY(--left == 0)) {
			if (!emu_budget_refill(w))
				break;
			left = g->budget_left;
		}
		if (EMU_LIKELY(w->next_pc == next)) {
			const struct emu_dinst *nd = d + d->words;
			w->pc = next;
			if (EMU_LIKELY(nd < end && atomic_load_explicit(&nd->ready, memory_order_acquire) && !nd->bad)) {
				d = nd;
				continue;
			}
		}
		w->pc = w->next_pc;
		d = emu_fetch(w, w->pc);
	}
	g->budget_left = left ? left : 1;
	w->insts += n;
	g->st.wave_insts += n;
}

/* A workgroup's registers as the dispatcher sets them, LDS zeroed. */
void emu_group_setup(struct emu_group *g, uint64_t index)
{
	struct emu_run *run = g->run;
	const struct emu_launch *L = run->launch;
	g->index = index;
	g->id[0] = (uint32_t)(index % L->grid[0]);
	g->id[1] = (uint32_t)(index / L->grid[0] % L->grid[1]);
	g->id[2] = (uint32_t)(index / ((uint64_t)L->grid[0] * L->grid[1]));
	g->faulted = false;
	g->epoch++;
	if (run->checks & EMU_CHECK_LDS_RACE)
		emu_hz_epoch(g);
	if (g->lds_size)
		memset(g->lds, 0, g->lds_size);
	for (unsigned i = 0; i < g->nwaves; i++)
		wave_setup(g, &g->waves[i], i);
	g->st.workgroups++;
	g->st.waves += g->nwaves;
}

/* Every live wave is at the barrier: a new epoch, and they run again. */
void emu_group_next_epoch(struct emu_group *g)
{
	g->epoch++;
	if (g->run->checks & EMU_CHECK_LDS_RACE)
		emu_hz_epoch(g);
	for (unsigned i = 0; i < g->nwaves; i++)
		if (g->waves[i].state == EMU_WAVE_BARRIER)
			g->waves[i].state = EMU_WAVE_RUN;
}

/* All waves of a workgroup, interleaved at barriers. */
static void run_group(struct emu_group *g, uint64_t index)
{
	emu_group_setup(g, index);
	for (;;) {
		unsigned live = 0;
		for (unsigned i = 0; i < g->nwaves; i++) {
			struct emu_wave *w = &g->waves[i];
			if (w->state == EMU_WAVE_RUN)
				run_wave(w);
			if (g->faulted)
				return;
			if (w->state != EMU_WAVE_DONE)
				live++;
		}
		if (!live)
			return;
		emu_group_next_epoch(g);
	}
}

/* ---- workgroup contexts and the thread pool ---------------------------------------- */

void emu_group_dispose(struct emu_group *g)
{
	if (!g)
		return;
	free(g->vmem);
	free(g->lds);
	free(g->shadow);
	free(g->lds_wbits);
	free(g->scratch);
	free(g);
}

struct emu_group *emu_group_alloc(struct emu_run *run)
{
	struct emu_group *g = calloc(1, sizeof *g);
	if (!g)
		return NULL;
	g->run = run;
	g->nwaves = run->nwaves;
	g->lds_size = run->kd.group_segment_size;
	size_t priv = (size_t)run->kd.private_segment_size * EMU_LANES;
	/* one spare row per wave past its VGPRs: the lanes a DPP source gathers (exec_dpp.c) */
	g->vmem = calloc((size_t)g->nwaves * (run->kd.vgprs + 1), sizeof g->vmem[0]);
	g->lds = calloc(1, g->lds_size + 16);
	g->shadow = calloc(g->lds_size / 4 + 4, sizeof g->shadow[0]);
	g->lds_words = (g->lds_size / 4 + 4) / 64 + 1;
	g->lds_wbits = calloc((size_t)g->lds_words * (g->nwaves + 1), sizeof g->lds_wbits[0]);
	g->scratch = run->scratch ? calloc(g->nwaves, priv) : NULL;
	if (!g->vmem || !g->lds || !g->shadow || !g->lds_wbits || (run->scratch && !g->scratch)) {
		emu_group_dispose(g);
		return NULL;
	}
	for (unsigned i = 0; i < g->nwaves; i++) {
		struct emu_wave *w = &g->waves[i];
		wave_init_constants(w);
		w->v = g->vmem + (size_t)i * (run->kd.vgprs + 1);
		w->scratch = g->scratch ? g->scratch + i * priv : NULL;
		w->g = g;
	}
	g->budget_left = 1;
	return g;
}

/* One workgroup more is done: tell the caller's progress function, unless
 * another worker is telling it now (that report is as good as this one). */
static void report_progress(struct emu_run *run)
{
	atomic_fetch_add_explicit(&run->wg_done, 1, memory_order_relaxed);
	if (atomic_flag_test_and_set_explicit(&run->progress_busy, memory_order_acquire))
		return;
	/* read under the flag, so that no report says less than the one before */
	uint64_t done = atomic_load_explicit(&run->wg_done, memory_order_relaxed);
	run->progress->fn(run->progress->ctx, "workgroups", done, run->nwg);
	atomic_flag_clear_explicit(&run->progress_busy, memory_order_release);
}

static void *worker(void *arg)
{
	struct emu_group *g = arg;
	struct emu_run *run = g->run;
	unsigned fpmode = run->ftz ? emu_fpmode_flush() : 0;
	for (;;) {
		uint64_t i = atomic_fetch_add(&run->next_wg, 1);
		if (i >= run->nwg || i > atomic_load(&run->fault_wg))
			break;
		run_group(g, i);
		if (run->progress)
			report_progress(run);
	}
	if (run->ftz)
		emu_fpmode_restore(fpmode);
	return NULL;
}

static unsigned default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

/* The kernarg segment as a runtime hands it to a kernel: the HSA runtime allocates
 * kernarg memory in whole pages (the kernarg region's allocation granule is 4 KiB),
 * and compilers rely on that: clang loads arguments in 16- and 32-byte s_load pieces,
 * so a 36-byte segment is read up to byte 40.  The segment is mapped rounded up to
 * EMU_KERNARG_GRANULE bytes; the padding reads as zeros. */
#define EMU_KERNARG_GRANULE 4096u

static uint64_t alloc_copy(struct emu_dev *dev, const void *src, size_t n, size_t mapped)
{
	uint64_t a = emu_alloc(dev, mapped, EMU_MEM_READONLY);
	if (a && n)
		emu_write(dev, a, src, n);
	return a;
}

void emu_run_destroy(struct emu_run *run)
{
	if (!run)
		return;
	if (run->kernarg_addr)
		emu_free(run->dev, run->kernarg_addr);
	if (run->dispatch_addr)
		emu_free(run->dev, run->dispatch_addr);
	if (run->queue_addr)
		emu_free(run->dev, run->queue_addr);
	emu_race_end(run);
	free(run->icache);
	pthread_mutex_destroy(&run->icache_lock);
	pthread_mutex_destroy(&run->fault_lock);
	free(run);
}

/* The AQL dispatch packet: sizes, kernel object, kernarg address. */
static void write_packet(struct emu_run *run)
{
	const struct emu_launch *L = run->launch;
	uint8_t pkt[ISA_AQL_PACKET_BYTES] = { 0 };
	uint16_t setup = L->grid[2] * L->block[2] > 1 ? 3 : L->grid[1] * L->block[1] > 1 ? 2 : 1;
	memcpy(pkt + ISA_AQL_SETUP, &setup, 2);
	for (int i = 0; i < 3; i++) {
		uint16_t ws = (uint16_t)L->block[i];
		uint32_t gs = L->grid[i] * L->block[i];
		memcpy(pkt + ISA_AQL_WORKGROUP_SIZE + 2 * i, &ws, 2);
		memcpy(pkt + ISA_AQL_GRID_SIZE + 4 * i, &gs, 4);
	}
	memcpy(pkt + ISA_AQL_PRIVATE_SEGMENT_SIZE, &run->kd.private_segment_size, 4);
	memcpy(pkt + ISA_AQL_GROUP_SEGMENT_SIZE, &run->kd.group_segment_size, 4);
	memcpy(pkt + ISA_AQL_KERNEL_OBJECT, &L->kd_addr, 8);
	memcpy(pkt + ISA_AQL_KERNARG_ADDRESS, &run->kernarg_addr, 8);
	emu_write(run->dev, run->dispatch_addr, pkt, sizeof pkt);
}

/* The descriptor, code and kernarg of a launch, checked; the run's derived state. */
static int run_setup(struct emu_run *run, const char *name, char *err, size_t errlen)
{
	struct emu_dev *dev = run->dev;
	const struct emu_launch *L = run->launch;
	uint8_t raw[64];
	char kerr[200];
	int rc;
	if (emu_read(dev, L->kd_addr, raw, 64) != EMU_OK || (L->kd_addr & 63))
		return vc_fail(err, errlen, EMU_E_ARG, "%s: kernel descriptor address 0x%llx is not 64 aligned bytes of device memory",
			    name, (unsigned long long)L->kd_addr);
	if ((rc = emu_kd_parse(raw, &run->kd, kerr, sizeof kerr)) != EMU_OK)
		return vc_fail(err, errlen, rc, "%s: %s", name, kerr);
	/* dynamic LDS (HIP's sharedMemBytes) follows the static segment: one LDS allocation */
	if (L->dynamic_lds > ISA_LDS_BYTES - run->kd.group_segment_size)
		return vc_fail(err, errlen, EMU_E_ARG, "%s: %u bytes of static and %u of dynamic LDS exceed the %u a workgroup has",
			    name, run->kd.group_segment_size, L->dynamic_lds, ISA_LDS_BYTES);
	run->kd.group_segment_size += L->dynamic_lds;
	run->entry = L->kd_addr + (uint64_t)run->kd.entry_offset;
	run->code = emu_mem_find(dev, run->entry);
	if (!run->code || (run->entry & 255))
		return vc_fail(err, errlen, EMU_E_KD, "%s: kernel entry 0x%llx is not 256-byte aligned code in device memory",
			    name, (unsigned long long)run->entry);
	if (!(run->target = L->target ? isa_target_by_name(L->target) : isa_target_default()))
		return vc_fail(err, errlen, EMU_E_ARG, "%s: target %s is not one of isa/targets.def", name, L->target);
	if (L->kernarg_size < run->kd.kernarg_size || (L->kernarg_size && !L->kernarg))
		return vc_fail(err, errlen, EMU_E_ARG, "%s: kernarg segment of %zu bytes given, the descriptor needs %u",
			    name, L->kernarg_size, run->kd.kernarg_size);
	uint64_t threads = (uint64_t)L->block[0] * L->block[1] * L->block[2];
	run->checks = dev->opts.checks & EMU_CHECK_ALL;
	if ((run->checks & EMU_CHECK_GLOBAL_RACE) && emu_race_begin(run) != EMU_OK)
		return vc_fail(err, errlen, EMU_E_NOMEM, "%s: out of memory for the global race check", name);
	run->ftz = run->kd.float_denorm_32 == 0;
	run->ftz_sw = run->ftz && !EMU_HW_FTZ;
	run->ieee = run->kd.ieee_mode;
	const char *tr = getenv("EMU_TRACE");
	run->trace = dev->opts.trace || (tr && *tr && *tr != '0');
	run->trace_out = dev->opts.trace ? (dev->opts.trace_out ? dev->opts.trace_out : stdout) : stderr;
	run->trace_left = (dev->opts.trace && dev->opts.trace_lines ? dev->opts.trace_lines : 10000) + 1;
	if (dev->opts.trace) {
		const uint32_t *t = dev->opts.trace_wg;
		if (t[0] >= L->grid[0] || t[1] >= L->grid[1] || t[2] >= L->grid[2] ||
		    dev->opts.trace_wave >= (threads + EMU_LANES - 1) / EMU_LANES)
			return vc_fail(err, errlen, EMU_E_ARG,
				    "%s: trace: workgroup (%u,%u,%u) wave %u is not in the launch (grid %ux%ux%u, %llu waves per workgroup)",
				    name, t[0], t[1], t[2], dev->opts.trace_wave, L->grid[0], L->grid[1], L->grid[2],
				    (unsigned long long)((threads + EMU_LANES - 1) / EMU_LANES));
		run->trace_wg = t[0] + (uint64_t)L->grid[0] * (t[1] + (uint64_t)L->grid[1] * t[2]);
		run->trace_wave = dev->opts.trace_wave;
		fprintf(run->trace_out, "trace: %s workgroup (%u,%u,%u) wave %u: offset from the entry, instruction, registers written (VGPRs: lanes 0..31, - off in exec)\n",
			name, t[0], t[1], t[2], run->trace_wave);
	}
	run->block_threads = (unsigned)threads;
	run->nwaves = (unsigned)((threads + EMU_LANES - 1) / EMU_LANES);
	run->nwg = (uint64_t)L->grid[0] * L->grid[1] * L->grid[2];
	run->budget = dev->opts.inst_budget ? dev->opts.inst_budget : emu_budget_default(L);
	run->scratch = run->kd.private_segment_size > 0;
	run->icache_n = (size_t)(run->code->size / 4);
	run->icache = calloc(run->icache_n + 1, sizeof run->icache[0]);
	if (!run->icache)
		return vc_fail(err, errlen, EMU_E_NOMEM, "%s: out of memory", name);
	write_packet(run);
	return EMU_OK;
}

struct emu_run *emu_run_prepare(struct emu_dev *dev, const struct emu_launch *L, int *rc, char *err, size_t errlen)
{
	*rc = EMU_E_ARG;
	if (!dev || !L) {
		vc_fail(err, errlen, EMU_E_ARG, "emu_launch: no device or launch");
		return NULL;
	}
	const char *name = L->kernel_name ? L->kernel_name : "kernel";
	for (int i = 0; i < 3; i++)
		if (!L->grid[i] || !L->block[i] || L->block[i] > ISA_WORKGROUP_MAX) {
			vc_fail(err, errlen, EMU_E_ARG, "%s: bad dispatch shape grid %ux%ux%u block %ux%ux%u", name,
			     L->grid[0], L->grid[1], L->grid[2], L->block[0], L->block[1], L->block[2]);
			return NULL;
		}
	uint64_t threads = (uint64_t)L->block[0] * L->block[1] * L->block[2];
	if ((uint64_t)L->grid[0] * L->grid[1] > (1ull << 40) / L->grid[2]) {
		vc_fail(err, errlen, EMU_E_ARG, "%s: grid %ux%ux%u has more than 2^40 workgroups", name, L->grid[0],
		     L->grid[1], L->grid[2]);
		return NULL;
	}
	if (threads > ISA_WORKGROUP_MAX) {
		vc_fail(err, errlen, EMU_E_ARG, "%s: %llu work-items per workgroup (at most %u)", name,
		     (unsigned long long)threads, ISA_WORKGROUP_MAX);
		return NULL;
	}
	struct emu_run *run = calloc(1, sizeof *run);
	if (!run) {
		*rc = vc_fail(err, errlen, EMU_E_NOMEM, "%s: out of memory", name);
		return NULL;
	}
	run->dev = dev;
	run->launch = L;
	pthread_mutex_init(&run->icache_lock, NULL);
	pthread_mutex_init(&run->fault_lock, NULL);
	atomic_store(&run->fault_wg, UINT64_MAX);
	/* Kernarg segment, AQL dispatch packet and a zeroed queue, all read-only.  Made
	 * before any buffer is looked up: allocating may move the buffer table. */
	uint8_t zero[256] = { 0 };
	size_t kernarg_mapped = (L->kernarg_size / EMU_KERNARG_GRANULE + 1) * EMU_KERNARG_GRANULE;
	run->kernarg_addr = alloc_copy(dev, L->kernarg, L->kernarg_size, kernarg_mapped);
	run->dispatch_addr = alloc_copy(dev, zero, ISA_AQL_PACKET_BYTES, ISA_AQL_PACKET_BYTES);
	run->queue_addr = alloc_copy(dev, zero, sizeof zero, sizeof zero);
	if (!run->kernarg_addr || !run->dispatch_addr || !run->queue_addr)
		*rc = vc_fail(err, errlen, EMU_E_NOMEM, "%s: out of device memory", name);
	else
		*rc = run_setup(run, name, err, errlen);
	if (*rc != EMU_OK) {
		emu_run_destroy(run);
		return NULL;
	}
	return run;
}

void emu_stats_add(struct emu_stats *to, const struct emu_stats *s)
{
	to->wave_insts += s->wave_insts;
	to->valu += s->valu;
	to->valu_fma += s->valu_fma;
	to->vopd += s->vopd;
	to->salu += s->salu;
	to->smem += s->smem;
	to->vmem += s->vmem;
	to->lds += s->lds;
	to->branch += s->branch;
	to->wait += s->wait;
	to->workgroups += s->workgroups;
	to->waves += s->waves;
}

int emu_run_result(struct emu_run *run, struct emu_stats *stats, char *err, size_t errlen)
{
	if (atomic_load(&run->fault_wg) == UINT64_MAX)
		return EMU_OK;
	int rc = run->fault_code ? run->fault_code : EMU_E_FAULT;
	vc_fail(err, errlen, rc, "%s", run->fault_msg);
	if (stats) {
		stats->faulted = true;
		stats->fault = run->fault;
	}
	return rc;
}

int emu_launch(struct emu_dev *dev, const struct emu_launch *L, struct emu_stats *stats, char *err, size_t errlen)
{
	return emu_launch_progress(dev, L, NULL, stats, err, errlen);
}

int emu_launch_progress(struct emu_dev *dev, const struct emu_launch *L, const struct emu_progress *progress,
			struct emu_stats *stats, char *err, size_t errlen)
{
	if (stats)
		memset(stats, 0, sizeof *stats);
	int rc;
	struct emu_run *run = emu_run_prepare(dev, L, &rc, err, errlen);
	if (!run)
		return rc;
	run->progress = progress && progress->fn ? progress : NULL;
	atomic_flag_clear(&run->progress_busy);
	const char *name = L->kernel_name ? L->kernel_name : "kernel";
	unsigned nthreads = dev->opts.threads ? dev->opts.threads : default_threads();
	if (nthreads > run->nwg)
		nthreads = (unsigned)run->nwg;
	struct emu_group **groups = calloc(nthreads, sizeof *groups);
	pthread_t *tids = calloc(nthreads, sizeof *tids);
	if (!groups || !tids) {
		rc = vc_fail(err, errlen, EMU_E_NOMEM, "%s: out of memory", name);
		goto out;
	}
	for (unsigned i = 0; i < nthreads; i++) {
		groups[i] = emu_group_alloc(run);
		if (!groups[i]) {
			rc = vc_fail(err, errlen, EMU_E_NOMEM, "%s: out of memory for workgroup state", name);
			goto out;
		}
	}
	double t0 = now();
	unsigned started = 0;
	for (unsigned i = 1; i < nthreads; i++) {
		if (pthread_create(&tids[i], NULL, worker, groups[i]) != 0)
			break;
		started = i;
	}
	worker(groups[0]);
	for (unsigned i = 1; i <= started; i++)
		pthread_join(tids[i], NULL);
	double t1 = now();

	if (stats) {
		for (unsigned i = 0; i < nthreads; i++)
			emu_stats_add(stats, &groups[i]->st);
		stats->seconds = t1 - t0;
	}
	rc = emu_run_result(run, stats, err, errlen);
out:
	if (groups)
		for (unsigned i = 0; i < nthreads; i++)
			emu_group_dispose(groups[i]);
	free(groups);
	free(tids);
	emu_run_destroy(run);
	return rc;
}
