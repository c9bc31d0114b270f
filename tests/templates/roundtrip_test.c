/* roundtrip_test — every template with several parameter sets is built into a
 * .hsaco by the LLVM under test (tests/llvm.h; tests/run.sh runs this once per
 * installed LLVM), then checked with LLVM's own tools, not with our code:
 *   - llvm-objdump-NN -d matches the builder's listing instruction by
 *     instruction (text, address of each instruction, branch targets);
 *   - llvm-readelf-NN --notes metadata matches the kernel description (the
 *     argument layout and kernarg size derived by hand, below);
 *   - the descriptor (llvm-objdump -s of NAME.kd) and the metadata register
 *     counts cover the highest register the disassembly touches; VCC reserved
 *     when the disassembly names vcc.
 * Also: the assembler's errors come back with the .s line, and a failed build
 * leaves no output and an existing one untouched. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tests/check.h"
#include "asm_out/asm_out.h"
#include "templates/templates.h"
#include "tests/llvm.h"

static char tmpdir[256];

static bool have(const char *tool)
{
	char cmd[256];
	snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", tool);
	return system(cmd) == 0;
}

/* collapse blanks, trim */
static void normalize(char *s)
{
	char *d = s;
	bool sp = false;
	for (char *p = s; *p; p++) {
		if (isspace((unsigned char)*p)) {
			sp = d != s;
			continue;
		}
		if (sp)
			*d++ = ' ';
		sp = false;
		*d++ = *p;
	}
	*d = '\0';
}

struct dis {
	char text[256];
	unsigned long off;         /* address - kernel start */
	long target;               /* branch: <sym+0xOFF> offset, else -1 */
};

/* Parse llvm-objdump -d: instructions of the kernel symbol. */
static unsigned parse_objdump(char *out, const char *sym, struct dis *d, unsigned max)
{
	char head[160];
	snprintf(head, sizeof head, "<%s>:", sym);
	char *p = strstr(out, head);
	if (!p)
		return 0;
	/* the header is "0000000000001800 <sym>:" */
	unsigned long base;
	char *ls = p;
	while (ls > out && ls[-1] != '\n')
		ls--;
	base = strtoul(ls, NULL, 16);
	unsigned n = 0;
	for (char *line = strchr(p, '\n'); line && n < max; line = strchr(line, '\n')) {
		line++;
		if (*line != '\t')
			break;
		char *cm = strstr(line, "//");
		char *nl = strchr(line, '\n');
		if (!cm || (nl && cm > nl))
			break;
		snprintf(d[n].text, sizeof d[n].text, "%.*s", (int)(cm - line), line);
		normalize(d[n].text);
		d[n].off = strtoul(cm + 3, NULL, 16) - base;
		d[n].target = -1;
		char *lt = strchr(cm, '<');
		if (lt && (!nl || lt < nl)) {
			char *plus = strstr(lt, "+0x");
			d[n].target = plus && (!nl || plus < nl) ? (long)strtoul(plus + 3, NULL, 16) : 0;
			/* numeric operand of the branch is not compared: drop it */
			char *sp = strchr(d[n].text, ' ');
			if (sp)
				*sp = '\0';
		}
		n++;
	}
	return n;
}

/* Highest register index + 1 named in the text, for file 'v' or 's'. */
static void max_regs(const char *text, unsigned *vmax, unsigned *smax, bool *vcc)
{
	for (const char *p = text; *p; p++) {
		char prev = p == text ? ' ' : p[-1];
		if ((*p == 'v' || *p == 's') && !isalnum((unsigned char)prev) && prev != '_') {
			unsigned hi = 0;
			bool got = false;
			if (isdigit((unsigned char)p[1])) {
				hi = (unsigned)strtoul(p + 1, NULL, 10);
				got = true;
			} else if (p[1] == '[') {
				const char *c = strchr(p, ':');
				if (c) {
					hi = (unsigned)strtoul(c + 1, NULL, 10);
					got = true;
				}
			}
			if (got) {
				unsigned *m = *p == 'v' ? vmax : smax;
				if (hi + 1 > *m)
					*m = hi + 1;
			}
		}
		if (strncmp(p, "vcc", 3) == 0)
			*vcc = true;
	}
}

/* The value of "KEY: value" in the kernel's metadata map (4-space indent). */
static bool meta_has(const char *notes, const char *key, const char *value)
{
	char want[200];
	snprintf(want, sizeof want, "%s: %s", key, value);
	normalize(want);
	const char *p = notes;
	while ((p = strstr(p, key)) != NULL) {
		const char *ls = p, *le = strchr(p, '\n');
		while (ls > notes && ls[-1] != '\n')
			ls--;
		char line[256];
		snprintf(line, sizeof line, "%.*s", le ? (int)(le - ls) : (int)strlen(ls), ls);
		normalize(line);
		if (strcmp(line, want) == 0)
			return true;
		p += strlen(key);
	}
	return false;
}

static unsigned meta_uint(const char *notes, const char *key)
{
	const char *p = strstr(notes, key);
	return p ? (unsigned)strtoul(p + strlen(key) + 1, NULL, 10) : ~0u;
}

/* 64 descriptor bytes of SYM.kd from llvm-objdump -s. */
static bool read_kd(const char *hsaco, const char *sym, unsigned char kd[64])
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "%s -s %s", llvm_tool("llvm-readelf"), hsaco);
	char *syms = llvm_capture(cmd);
	if (!syms)
		return false;
	char name[160];
	snprintf(name, sizeof name, " %s.kd\n", sym);
	char *p = strstr(syms, name);
	unsigned long addr = 0;
	if (p) {
		char *ls = p;
		while (ls > syms && ls[-1] != '\n')
			ls--;
		char *colon = strchr(ls, ':');
		addr = colon ? strtoul(colon + 1, NULL, 16) : 0;
	}
	free(syms);
	if (!p)
		return false;
	snprintf(cmd, sizeof cmd, "%s -s -j .rodata %s", llvm_tool("llvm-objdump"), hsaco);
	char *dump = llvm_capture(cmd);
	if (!dump)
		return false;
	unsigned got = 0;
	for (char *line = dump; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		if (line[0] != ' ')
			continue;
		char *end;
		unsigned long a = strtoul(line, &end, 16);
		if (end == line)
			continue;
		char *q = end;
		for (int w = 0; w < 4; w++) {
			while (*q == ' ')
				q++;
			for (int b = 0; b < 4; b++, a++) {
				if (!isxdigit((unsigned char)q[0]) || !isxdigit((unsigned char)q[1]))
					goto next;
				char hx[3] = { q[0], q[1], 0 };
				if (a >= addr && a < addr + 64) {
					kd[a - addr] = (unsigned char)strtoul(hx, NULL, 16);
					got++;
				}
				q += 2;
			}
		}
	next:;
	}
	free(dump);
	return got == 64;
}

static unsigned le32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (unsigned)p[3] << 24; }

struct tool { const char *clang, *lld, *dump, *readelf; unsigned major; };

/* The kernel signatures, derived by hand from docs/cli.md (natural alignment,
 * call order): the metadata must show these, whatever asm_out computed. */
struct want_arg { const char *name; unsigned offset, size; bool ptr; };
static const struct want_sig {
	const char *tpl;
	unsigned kernarg_size, nargs;
	struct want_arg args[16];
} signatures[] = {
	{ "scale", 28, 5, { { "src", 0, 8, true }, { "dst", 8, 8, true }, { "count", 16, 4, false },
			    { "a", 20, 4, false }, { "b", 24, 4, false } } },
	{ "sgemm-naive", 56, 11, { { "A", 0, 8, true }, { "B", 8, 8, true }, { "C", 16, 8, true },
				   { "rows", 24, 4, false }, { "cols", 28, 4, false }, { "depth", 32, 4, false },
				   { "lda", 36, 4, false }, { "ldb", 40, 4, false }, { "ldc", 44, 4, false },
				   { "alpha", 48, 4, false }, { "beta", 52, 4, false } } },
	/* stencil (docs/stencil.md): f64 coefficients are 8-byte aligned, after yhi at 32 */
	{ "stencil-r1-f64", 72, 11, { { "f", 0, 8, true }, { "u", 8, 8, true }, { "nx", 16, 4, false },
				      { "ny", 20, 4, false }, { "nz", 24, 4, false }, { "ylo", 28, 4, false },
				      { "yhi", 32, 4, false }, { "c0", 40, 8, false }, { "cx1", 48, 8, false },
				      { "cy1", 56, 8, false }, { "cz1", 64, 8, false } } },
	{ "stencil-r2-f32", 64, 14, { { "f", 0, 8, true }, { "u", 8, 8, true }, { "nx", 16, 4, false },
				      { "ny", 20, 4, false }, { "nz", 24, 4, false }, { "ylo", 28, 4, false },
				      { "yhi", 32, 4, false }, { "c0", 36, 4, false }, { "cx1", 40, 4, false },
				      { "cx2", 44, 4, false }, { "cy1", 48, 4, false }, { "cy2", 52, 4, false },
				      { "cz1", 56, 4, false }, { "cz2", 60, 4, false } } },
};

static const struct want_sig *signature_of(const char *tpl)
{
	for (size_t i = 0; i < sizeof signatures / sizeof signatures[0]; i++)
		if (strcmp(signatures[i].tpl, tpl) == 0)
			return &signatures[i];
	return NULL;
}

/* Registers the disassembly names: v0..v(vmax - 1), s0..s(smax - 1), vcc. */
struct regs_seen {
	unsigned vmax, smax;
	bool vcc;
};

/* llvm-objdump's listing against the builder, instruction by instruction
 * (text, offset, branch targets); notes the registers it names. */
static void check_disassembly(const char *label, struct ao_kernel *k, const char *path, const struct tool *t,
			      struct regs_seen *rs)
{
	char name[300], why[600], cmd[800];
	const char *sym = ao_info(k)->name;
	snprintf(cmd, sizeof cmd, "%s -d %s", t->dump, path);
	char *out = llvm_capture(cmd);
	unsigned n = ao_inst_count(k);
	struct dis *d = calloc(n + 8, sizeof *d);
	unsigned nd = out && d ? parse_objdump(out, sym, d, n + 8) : 0;
	snprintf(name, sizeof name, "%s: objdump lists %u instructions", label, n);
	snprintf(why, sizeof why, "objdump lists %u", nd);
	check(nd == n, name, why);
	unsigned bad = 0, off = 0;
	char first_bad[600] = "";
	for (unsigned i = 0; i < n && i < nd; i++) {
		char want[256];
		ao_print_inst(k, i, want, sizeof want);
		struct ao_inst *in = ao_inst_at(k, i);
		bool ok;
		if (ao_inst_is_branch(in)) {
			int pos = ao_label_pos(k, in->o[0].reg);
			unsigned toff = 0;
			for (int j = 0; j < pos; j++)
				toff += ao_inst_size(k, (unsigned)j);
			*strchr(want, ' ') = '\0';
			ok = strcmp(want, d[i].text) == 0 && d[i].target == (long)toff;
		} else {
			ok = strcmp(want, d[i].text) == 0;
		}
		ok = ok && d[i].off == off;
		if (!ok && !bad++)
			snprintf(first_bad, sizeof first_bad, "#%u at +0x%x: built '%s', objdump '%s' at +0x%lx", i,
				 off, want, d[i].text, d[i].off);
		off += ao_inst_size(k, i);
		max_regs(d[i].text, &rs->vmax, &rs->smax, &rs->vcc);
	}
	snprintf(name, sizeof name, "%s: disassembly matches the builder instruction by instruction", label);
	check(bad == 0 && nd == n, name, first_bad);
	free(d);
	free(out);
}

/* The metadata note against the hand-derived signature: kernel keys, every
 * argument in order (offset, size, kind), amdhsa.version. */
/* A template parameter's value by name (the test reads the values, not the template's code). */
static long pval(const struct tpl_values *v, const char *name)
{
	bool common;
	int i = tpl_param_find(v->tpl, name, &common);
	return i < 0 ? -1 : common ? v->c[i] : v->v[i];
}

/* LDS bytes by docs/stencil.md: zmarch lds keeps a ring of r + 2 planes of the
 * tile and its halo, each padded to 16 bytes; every other kernel here none. */
static long want_lds(const struct tpl_values *v)
{
	if (strcmp(v->tpl->name, "stencil") != 0 || pval(v, "zmarch") != 2)
		return 0;
	long r = pval(v, "radius"), pts = pval(v, "points"), dir = pval(v, "dir"), es = pval(v, "dtype") ? 8 : 4;
	long tx = pval(v, "bx") * (dir == 0 ? pts : 1), ty = pval(v, "by") * (dir == 1 ? pts : 1);
	return (r + 2) * (((tx + 2 * r) * (ty + 2 * r) * es + 15) / 16 * 16);
}

static void check_note(const char *label, struct ao_kernel *k, const struct tpl_values *v,
		       const struct want_sig *sig, const char *notes, unsigned nargs_described)
{
	char name[300], kd_name[160];
	const char *sym = ao_info(k)->name;
	snprintf(kd_name, sizeof kd_name, "%s.kd", sym);
	struct { const char *key; char value[200]; } want[24];
	unsigned nw = 0;
#define W(k_, ...) do { want[nw].key = k_; snprintf(want[nw].value, sizeof want[nw].value, __VA_ARGS__); nw++; } while (0)
	W(".name", "%s", sym);
	W(".symbol", "%s", kd_name);
	W(".kernarg_segment_size", "%u", sig->kernarg_size);
	W(".kernarg_segment_align", "8");   /* the pointer arguments */
	bool stencil = strcmp(v->tpl->name, "stencil") == 0;
	if (stencil) {   /* docs/stencil.md: tiles, and zmarch lds's ring of r + 2 padded planes */
		long r = pval(v, "radius"), pts = pval(v, "points"), dir = pval(v, "dir"), es = pval(v, "dtype") ? 8 : 4;
		long tx = pval(v, "bx") * (dir == 0 ? pts : 1), ty = pval(v, "by") * (dir == 1 ? pts : 1);
		long tz = pval(v, "zmarch") ? pval(v, "zlen") : dir == 2 ? pts : 1;
		W(".rdna3.tile_x", "%ld", tx);
		W(".rdna3.tile_y", "%ld", ty);
		W(".rdna3.tile_z", "%ld", tz);
		W(".rdna3.radius", "%ld", r);
		W(".rdna3.dtype", "%s", es == 8 ? "f64" : "f32");
		W(".rdna3.slab_rows", "%ld", pval(v, "slab-rows"));
	}
	W(".group_segment_fixed_size", "%ld", want_lds(v));
	W(".private_segment_fixed_size", "0");
	W(".max_flat_workgroup_size", "%u", ao_info(k)->block_threads);
	W(".wavefront_size", "32");
	W(".rdna3.template", "%s", v->tpl->name);
	W(".rdna3.block_threads", "%u", ao_info(k)->block_threads);
	if (stencil) {
	} else if (strcmp(v->tpl->name, "sgemm-naive") == 0) {
		W(".rdna3.tile_m", "%ld", v->v[1]);
		W(".rdna3.tile_n", "%ld", v->v[0]);
		W(".rdna3.layout", "NN");
	} else {
		W(".rdna3.tile_m", "1");
		W(".rdna3.tile_n", "%ld", v->v[0] * v->v[1]);
	}
#undef W
	bool meta_ok = true;
	char miss[400] = "";
	for (unsigned i = 0; i < nw; i++)
		if (!meta_has(notes, want[i].key, want[i].value)) {
			meta_ok = false;
			snprintf(miss, sizeof miss, "no '%s: %s'", want[i].key, want[i].value);
		}
	/* every argument, in order, with offset, size, kind */
	const char *p = strstr(notes, ".args:");
	unsigned seen = 0;
	for (unsigned a = 0; a < sig->nargs && p; a++) {
		const struct want_arg *ad = &sig->args[a];
		p = strstr(p, "      - ");
		if (!p)
			break;
		const char *next = strstr(p + 8, "      - ");
		const char *kend = strstr(p, "\n    .");
		if (!next || (kend && kend < next))
			next = kend ? kend : p + strlen(p);
		char blk[1024];
		snprintf(blk, sizeof blk, "%.*s", (int)(next - p), p);
		char exp[4][64];
		snprintf(exp[0], 64, ".name: %s", ad->name);
		snprintf(exp[1], 64, ".offset: %u", ad->offset);
		snprintf(exp[2], 64, ".size: %u", ad->size);
		snprintf(exp[3], 64, ".value_kind: %s", ad->ptr ? "global_buffer" : "by_value");
		normalize(blk);
		for (int e = 0; e < 4; e++)
			if (!strstr(blk, exp[e])) {
				meta_ok = false;
				snprintf(miss, sizeof miss, "argument %u: no '%.64s'", a, exp[e]);
			}
		if (ad->ptr && !strstr(blk, ".address_space: global")) {
			meta_ok = false;
			snprintf(miss, sizeof miss, "argument %u: no address space", a);
		}
		p = next;
		seen++;
	}
	if (seen != sig->nargs || nargs_described != sig->nargs) {
		meta_ok = false;
		snprintf(miss, sizeof miss, "%u arguments in the note, %u described, %u expected", seen,
			 nargs_described, sig->nargs);
	}
	snprintf(name, sizeof name, "%s: metadata note matches the hand-derived signature (%u arguments)", label,
		 sig->nargs);
	check(meta_ok, name, miss);
	unsigned co = (unsigned)v->c[TPL_C_CODE_OBJECT];
	snprintf(name, sizeof name, "%s: amdhsa.version 1.%u for code object v%u", label, co == 4 ? 1 : 2, co);
	const char *ver = strstr(notes, "amdhsa.version:\n  - 1\n  - ");
	check(ver && strtoul(ver + strlen("amdhsa.version:\n  - 1\n  - "), NULL, 10) == (co == 4 ? 1u : 2u),
	      name, "wrong or missing");
}

/* Register counts of the note and the reserve_vcc directive cover what the
 * disassembly names. */
static void check_register_counts(const char *label, const char *text, const char *notes,
				  const struct regs_seen *rs)
{
	char name[300], why[600], val[64];
	unsigned mv = meta_uint(notes, ".vgpr_count:"), ms = meta_uint(notes, ".sgpr_count:");
	snprintf(name, sizeof name, "%s: .vgpr_count %u covers v%u, .sgpr_count %u covers s%u%s", label, mv,
		 rs->vmax - 1, ms, rs->smax - 1, rs->vcc ? " + vcc" : "");
	snprintf(why, sizeof why, "vgpr_count %u < %u or sgpr_count %u < %u", mv, rs->vmax, ms,
		 rs->smax + (rs->vcc ? 2 : 0));
	check(mv >= rs->vmax && ms >= rs->smax + (rs->vcc ? 2u : 0u) && mv <= 256, name, why);
	snprintf(name, sizeof name, "%s: .amdhsa_reserve_vcc %d (disassembly %s vcc)", label, rs->vcc,
		 rs->vcc ? "names" : "never names");
	snprintf(val, sizeof val, ".amdhsa_reserve_vcc %d", rs->vcc);
	check(strstr(text, val) != NULL, name, "directive disagrees with the disassembly");
}

/* The kernel descriptor's fields, read back from the code object. */
static void check_descriptor(const char *label, struct ao_kernel *k, const struct want_sig *sig,
			     const char *path, unsigned vmax, unsigned lds)
{
	char name[300], why[600];
	unsigned char kd[64];
	if (!read_kd(path, ao_info(k)->name, kd)) {
		check(0, label, "cannot read the kernel descriptor");
		return;
	}
	unsigned rsrc1 = le32(kd + 48), rsrc2 = le32(kd + 52), props = kd[56] | kd[57] << 8;
	unsigned vgpr_alloc = ((rsrc1 & 63) + 1) * 8;   /* wave32: granules of 8 */
	snprintf(name, sizeof name, "%s: descriptor allocates %u VGPRs >= %u touched", label, vgpr_alloc, vmax);
	check(vgpr_alloc >= vmax, name, "too few");
	snprintf(name, sizeof name, "%s: descriptor LDS %u, kernarg %u, wgp %u, user SGPRs 2, wave32", label,
		 lds, sig->kernarg_size, (unsigned)ao_info(k)->wgp_mode);
	snprintf(why, sizeof why, "group %u kernarg %u rsrc1 %08x rsrc2 %08x props %04x", le32(kd), le32(kd + 8),
		 rsrc1, rsrc2, props);
	check(le32(kd) == lds && le32(kd + 8) == sig->kernarg_size &&
	      ((rsrc1 >> 29) & 1) == (unsigned)ao_info(k)->wgp_mode && ((rsrc2 >> 1) & 31) == 2 &&
	      (rsrc2 >> 7 & 1) && (props & 0x8) && (props & 0x400), name, why);
}

/* Builds the kernel with LLVM t; with full, checks its disassembly, note,
 * register counts and descriptor against the builder and by hand. */
static void check_kernel(const char *label, struct ao_kernel *k, const struct tpl_values *v, const char *sig_name,
			 const char *text, size_t len, const struct tool *t, bool full)
{
	char name[300], path[400], cmd[800];
	snprintf(path, sizeof path, "%s/%s-llvm%u.hsaco", tmpdir, label, t->major);
	struct ao_toolchain tc = { .clang_major = t->major, .lld_major = t->major };
	snprintf(tc.clang, sizeof tc.clang, "%s", t->clang);
	snprintf(tc.lld, sizeof tc.lld, "%s", t->lld);
	char err[600] = "";
	int rc = ao_build_hsaco(&tc, text, len, path, NULL, NULL, NULL, err, sizeof err);
	snprintf(name, sizeof name, "%s: assembles and links with LLVM %u", label, t->major);
	check(rc == 0, name, err);
	if (rc || !full)
		return;

	struct ao_summary s;
	ao_finalize(k, &s);
	struct regs_seen rs = { 1, 0, false };
	check_disassembly(label, k, path, t, &rs);

	snprintf(cmd, sizeof cmd, "%s --notes %s", t->readelf, path);
	char *notes = llvm_capture(cmd);
	if (!notes) {
		check(0, label, "llvm-readelf --notes failed");
		return;
	}
	const struct want_sig *sig = signature_of(sig_name ? sig_name : v->tpl->name);
	if (!sig) {
		check(0, label, "no hand-derived signature for this template in the test");
		free(notes);
		return;
	}
	check_note(label, k, v, sig, notes, s.nargs);
	check_register_counts(label, text, notes, &rs);
	free(notes);
	check_descriptor(label, k, sig, path, rs.vmax, (unsigned)want_lds(v));
}

/* sig: the signature's name when it is not the template's (it depends on the values) */
struct set { const char *tpl; const char *label; const char *assign[8]; const char *sig; };

static const struct set sets[] = {
	{ "scale", "scale-default", { NULL }, NULL },
	{ "scale", "scale-b32-i3", { "block=32", "items=3" }, NULL },
	{ "scale", "scale-b1024-i16", { "block=1024", "items=16" }, NULL },
	{ "scale", "scale-wide-wgp-co4", { "preset=wide", "mode=wgp", "code-object=4" }, NULL },
	{ "scale", "scale-co6-nodirective", { "code-object=6", "version-directive=false" }, NULL },
	{ "sgemm-naive", "sgemm-naive-default", { NULL }, NULL },
	{ "sgemm-naive", "sgemm-naive-1x32", { "bx=1", "by=32" }, NULL },
	{ "sgemm-naive", "sgemm-naive-k1", { "preset=k1" }, NULL },
	{ "sgemm-naive", "sgemm-naive-1024x1-wgp", { "bx=1024", "by=1", "mode=wgp" }, NULL },
	{ "sgemm-naive", "sgemm-naive-64x4-co4", { "bx=64", "by=4", "code-object=4" }, NULL },
	{ "stencil", "stencil-lap5", { "preset=lap5" }, "stencil-r1-f64" },
	{ "stencil", "stencil-best", { "preset=best" }, "stencil-r1-f64" },
	{ "stencil", "stencil-lds-f32-r2", { "zmarch=lds", "dtype=f32", "radius=2", "bx=32", "by=2", "unroll=2" },
	  "stencil-r2-f32" },
	{ "stencil", "stencil-z4-f32-r2-co6", { "points=4", "dir=z", "dtype=f32", "radius=2", "slab-rows=8",
					   "code-object=6" }, "stencil-r2-f32" },
};

static void test_asm_errors(const struct tool *t)
{
	struct ao_toolchain tc = { .clang_major = t->major, .lld_major = t->major };
	snprintf(tc.clang, sizeof tc.clang, "%s", t->clang);
	snprintf(tc.lld, sizeof tc.lld, "%s", t->lld);
	const char *bad = "\t.text\n\ts_nop 0\n\tv_cndmask_b32_e64 v0, v1, v2, s[4:5]\n\ts_endpgm\n";
	char path[400], spath[400], err[600] = "";
	snprintf(path, sizeof path, "%s/bad.hsaco", tmpdir);
	snprintf(spath, sizeof spath, "%s/bad.s", tmpdir);
	FILE *f = fopen(path, "w");
	fputs("good old bytes", f);
	fclose(f);
	int rc = ao_build_hsaco(&tc, bad, strlen(bad), path, spath, NULL, NULL, err, sizeof err);
	check(rc == AO_E_ASM && strstr(err, ":3:") && strstr(err, "v_cndmask_b32_e64 v0, v1, v2, s[4:5]"),
	      "assembler error names line 3 and shows it", err);
	char buf[64] = "";
	f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof buf, f))
			buf[0] = '\0';
		fclose(f);
	}
	check(strcmp(buf, "good old bytes") == 0, "failed build leaves the existing .hsaco untouched", buf);
	check(access(spath, F_OK) != 0, "failed build writes no .s", "bad.s exists");
	char ls[600];
	snprintf(ls, sizeof ls, "ls -a %s | grep tmp | wc -l", tmpdir);
	char *c = llvm_capture(ls);
	check(c && atoi(c) == 0, "no temporary files left next to the output", c ? c : "?");
	free(c);

	struct ao_toolchain old = tc;
	snprintf(old.clang, sizeof old.clang, "clang-14");
	setenv("RDNA3_CLANG", "clang-14", 1);
	struct ao_toolchain found;
	if (have("clang-14")) {
		rc = ao_toolchain_find(&found, err, sizeof err);
		check(rc == AO_E_TOOL && strstr(err, "LLVM 14") && strstr(err, ">= 19"),
		      "RDNA3_CLANG=clang-14 refused with the reason", err);
	}
	setenv("RDNA3_CLANG", "/nonexistent/clang-99", 1);
	rc = ao_toolchain_find(&found, err, sizeof err);
	check(rc == AO_E_TOOL, "RDNA3_CLANG pointing nowhere refused", err);
	unsetenv("RDNA3_CLANG");
	rc = ao_toolchain_find(&found, err, sizeof err);
	check(rc == 0 && found.clang_major >= 19 && found.lld_major >= 19, "newest clang-NN/ld.lld-NN >= 19 found", err);
	(void)old;
}

int main(void)
{
	const char *t = getenv("TMPDIR");
	snprintf(tmpdir, sizeof tmpdir, "%s/rt_XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tmpdir)) {
		check(0, "temporary folder", "mkdtemp failed");
		return 1;
	}
	struct tool tool = { llvm_tool("clang"), llvm_tool("ld.lld"), llvm_tool("llvm-objdump"),
			     llvm_tool("llvm-readelf"), (unsigned)atoi(llvm_major()) };
	for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
		const struct set *s = &sets[i];
		struct tpl_values v;
		tpl_defaults(tpl_find(s->tpl), &v);
		char err[600] = "";
		int rc = 0;
		for (int a = 0; s->assign[a] && !rc; a++) {
			char nm[64];
			const char *eq = strchr(s->assign[a], '=');
			snprintf(nm, sizeof nm, "%.*s", (int)(eq - s->assign[a]), s->assign[a]);
			rc = strcmp(nm, "preset") == 0 ? tpl_apply_preset(&v, eq + 1, err, sizeof err)
						       : tpl_set(&v, nm, eq + 1, err, sizeof err);
		}
		struct ao_kernel *k = NULL;
		if (!rc)
			rc = tpl_build(&v, &k, err, sizeof err);
		char name[200];
		snprintf(name, sizeof name, "%s: builds", s->label);
		check(rc == 0, name, err);
		if (rc)
			continue;
		struct ao_emit_opts eo = tpl_emit_opts(&v);
		char *text;
		size_t len;
		if (ao_print(k, &eo, &text, &len)) {
			check(0, s->label, ao_error(k));
			ao_kernel_free(k);
			continue;
		}
		check_kernel(s->label, k, &v, s->sig, text, len, &tool, true);
		free(text);
		ao_kernel_free(k);
	}
	test_asm_errors(&tool);
	char cmd[300];
	snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
	if (system(cmd) != 0)
		check(0, "cleanup", tmpdir);
	return check_exit();
}
