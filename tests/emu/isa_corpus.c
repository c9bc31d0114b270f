/* isa_corpus — differential test of emu_decode/emu_disasm against llvm-objdump.
 *
 * Usage: isa_corpus NAME < listing      (one llvm-objdump-19 -d listing)
 *        isa_corpus --random NAME < listing  (refused encodings are not failures)
 *        isa_corpus --target T ...       (the listing's code object is for target T,
 *                                         a row of isa/targets.def; default: the first)
 *        isa_corpus --coverage FILE...   (listings of the whole corpus)
 *
 * For every instruction line of the listing ("\tTEXT // ADDR: WORDS"), the
 * bytes are rebuilt from WORDS and decoded at ADDR with the rest of the
 * section available.  The decoded length must equal the number of bytes
 * objdump consumed and emu_disasm's text must equal TEXT; ".long" lines
 * (objdump could not decode) must be refused by emu_decode, or be an
 * instruction the target lacks (isa_op_runs_on: llvm-objdump reads an
 * object's machine from its ELF header, and knows no 11.5 op in an 11.0 one).
 * --coverage fails for each table row (OP or VOPD half) that no listing line
 * decodes to, and for each VOP1/VOP2/VOPC row that has an _e64 form but was
 * never seen in it.
 */
#include "emu/decode.h"
#include "emu/emu.h"
#include "isa/isa.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct line {
	char text[256];
	unsigned long addr;
	unsigned nbytes;
	int is_long;
};

struct listing {
	struct line *lines;
	size_t n, cap;
	uint8_t *bytes;
	size_t nbytes;
	unsigned long base;
};

static int parse_line(const char *s, struct line *l)
{
	const char *c = strstr(s, "// ");
	if (!c || s[0] != '\t')
		return 0;
	const char *colon = strchr(c, ':');
	if (!colon)
		return 0;
	char *end;
	l->addr = strtoul(c + 3, &end, 16);
	if (end != colon)
		return 0;
	size_t tl = (size_t)(c - (s + 1));
	while (tl && isspace((unsigned char)s[1 + tl - 1]))
		tl--;
	if (tl >= sizeof l->text)
		return 0;
	memcpy(l->text, s + 1, tl);
	l->text[tl] = 0;
	l->is_long = strncmp(l->text, ".long", 5) == 0;
	return 1;
}

static int read_listing(FILE *f, struct listing *L)
{
	char buf[1024];
	memset(L, 0, sizeof *L);
	size_t bcap = 0;
	while (fgets(buf, sizeof buf, f)) {
		struct line l = { 0 };
		if (!parse_line(buf, &l))
			continue;
		const char *p = strchr(strstr(buf, "// "), ':') + 1;
		unsigned nb = 0;
		uint8_t tmp[64];
		for (;;) {
			while (*p == ' ')
				p++;
			if (!isxdigit((unsigned char)*p))
				break;
			char *end;
			unsigned long w = strtoul(p, &end, 16);
			if (end - p != 8 || nb + 4 > sizeof tmp)
				break;
			for (int i = 0; i < 4; i++)
				tmp[nb++] = (uint8_t)(w >> (8 * i));
			p = end;
		}
		if (!nb)
			continue;
		l.nbytes = nb;
		if (L->n == 0)
			L->base = l.addr;
		if (l.addr != L->base + L->nbytes) {
			fprintf(stderr, "listing is not contiguous at %lx\n", l.addr);
			free(L->lines);
			free(L->bytes);
			return -1;
		}
		if (L->n == L->cap) {
			L->cap = L->cap ? 2 * L->cap : 256;
			struct line *nl = realloc(L->lines, L->cap * sizeof *L->lines);
			if (!nl)
				goto oom;
			L->lines = nl;
		}
		if (L->nbytes + nb > bcap) {
			bcap = bcap ? 2 * bcap + nb : 4096;
			uint8_t *nb2 = realloc(L->bytes, bcap);
			if (!nb2)
				goto oom;
			L->bytes = nb2;
		}
		memcpy(L->bytes + L->nbytes, tmp, nb);
		L->nbytes += nb;
		L->lines[L->n++] = l;
	}
	return 0;
oom:
	free(L->lines);
	free(L->bytes);
	return -1;
}

/* ---- coverage ------------------------------------------------------------------ */
static unsigned char seen_op[ISA_OP_COUNT];      /* bit 0: any form, bit 1: _e64 form */
static unsigned char seen_x[ISA_OP_COUNT], seen_y[ISA_OP_COUNT];

static void note(const struct emu_inst *in)
{
	seen_op[in->op] |= 1;
	if (in->enc == ISA_ENC_VOP3 || in->enc == ISA_ENC_VOP3SD)
		seen_op[in->op] |= 2;
	if (in->op == ISA_OP_v_dual) {
		seen_x[in->x.op] = 1;
		seen_y[in->y.op] = 1;
	}
}

/* DPP forms and true16 high halves of _e32 forms: decoded as LLVM 20+ reads
 * them, beyond what llvm-objdump-19 prints (it refuses them or names v128+).
 * Random words that happen to decode so are not compared; tests/emu/corpus
 * lists the DPP forms objdump-19 does print. */
static int beyond_llvm19(const struct emu_inst *in)
{
	int e32 = in->enc == ISA_ENC_VOP1 || in->enc == ISA_ENC_VOP2 || in->enc == ISA_ENC_VOPC;
	return in->dpp || (e32 && in->opsel);
}

/* quiet: report nothing (coverage pass).  lenient: encodings emu_decode refuses
 * are not failures (random input holds many instructions outside the table).
 * mnemonic: compare lengths and the first word only; emu_disasm prints what
 * llvm-objdump-19 prints, newer LLVMs spell operands differently (true16
 * v0.l/v0.h, lit(...) for literals an inline constant could hold). */
static int mnemonic;

static bool same_text(const char *ours, const char *llvm)
{
	if (!mnemonic)
		return strcmp(ours, llvm) == 0;
	size_t n = strcspn(ours, " ");
	return n == strcspn(llvm, " ") && strncmp(ours, llvm, n) == 0;
}

/* features: the target's (isa_target.features); the ops it lacks decode as refused */
static int check_listing(const char *name, struct listing *L, int quiet, int lenient, unsigned features)
{
	FILE *rep = quiet ? NULL : stdout;
	int bad = 0, refused = 0, both_refuse = 0;
	for (size_t i = 0; i < L->n; i++) {
		const struct line *l = &L->lines[i];
		size_t off = l->addr - L->base;
		struct emu_inst in;
		char text[256];
		int len = emu_decode(L->bytes + off, L->nbytes - off, &in);
		if (len >= 0 && !emu_inst_runs_on(&in, features))
			len = -1;
		if (lenient && len >= 0 && beyond_llvm19(&in)) {
			refused++;
			continue;
		}
		if (l->is_long) {
			both_refuse += len < 0;
			if (len >= 0) {
				emu_format_inst(&in, text, sizeof text);
				if (rep) fprintf(rep, "not ok %s: %s at 0x%lx decoded as \"%s\" but llvm refuses it\n",
				       name, l->text, l->addr, text);
				bad++;
			}
			continue;
		}
		if (len < 0) {
			refused++;
			if (lenient)
				continue;
			if (rep) fprintf(rep, "not ok %s: \"%s\" at 0x%lx: emu_decode refused it\n", name, l->text, l->addr);
			bad++;
			continue;
		}
		note(&in);
		int dl = emu_disasm(L->bytes + off, L->nbytes - off, l->addr, text, sizeof text);
		if ((unsigned)len != l->nbytes || dl != len) {
			if (rep) fprintf(rep, "not ok %s: \"%s\" at 0x%lx: length %d, llvm %u\n", name, l->text, l->addr,
			       len, l->nbytes);
			bad++;
		} else if (!same_text(text, l->text)) {
			if (rep) fprintf(rep, "not ok %s: at 0x%lx: got \"%s\", llvm \"%s\"\n", name, l->addr, text, l->text);
			bad++;
		}
	}
	if (!L->n) {
		printf("not ok %s: no instructions in the listing\n", name);
		bad++;
	}
	if (!quiet && !bad && lenient)
		printf("ok %s (%zu decoded as llvm-objdump reads them, %d refused by both, %d outside the table)\n",
		       name, L->n - (size_t)refused - (size_t)both_refuse, both_refuse, refused);
	else if (!quiet && !bad)
		printf("ok %s (%zu instructions)\n", name, L->n);
	return bad;
}

static int coverage(void)
{
	int bad = 0, rows = 0;
	for (unsigned op = 1; op < ISA_OP_COUNT; op++) {
		const struct isa_opinfo *r = &isa_ops[op];
		rows++;
		if (!(seen_op[op] & 1)) {
			printf("not ok coverage: %s has no corpus line\n", r->name);
			bad++;
			continue;
		}
		int has_e64 = (r->enc == ISA_ENC_VOP1 || r->enc == ISA_ENC_VOP2 || r->enc == ISA_ENC_VOPC) &&
			      !(r->flags & ISA_F_NOE64);
		if (has_e64 && !(seen_op[op] & 2)) {
			printf("not ok coverage: %s has no _e64 corpus line\n", r->name);
			bad++;
		}
	}
	for (unsigned i = 0; i < 16; i++) {
		unsigned op = isa_vopd_x_op[i];
		if (op && !seen_x[op]) {
			printf("not ok coverage: %s (VOPD X) has no corpus line\n", isa_vopd_name(op));
			bad++;
		}
	}
	for (unsigned i = 0; i < 32; i++) {
		unsigned op = isa_vopd_y_op[i];
		if (op && !seen_y[op]) {
			printf("not ok coverage: %s (VOPD Y) has no corpus line\n", isa_vopd_name(op));
			bad++;
		}
	}
	if (!bad)
		printf("ok coverage: all %d table rows and every VOPD half exercised\n", rows);
	return bad;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "--coverage") == 0) {
		int bad = 0;
		for (int i = 2; i < argc; i++) {
			FILE *f = fopen(argv[i], "r");
			struct listing L;
			if (!f || read_listing(f, &L) < 0) {
				printf("not ok coverage: cannot read %s\n", argv[i]);
				return 1;
			}
			fclose(f);
			check_listing(argv[i], &L, 1, 0, ~0u); /* every target's listing */
			free(L.lines);
			free(L.bytes);
		}
		bad += coverage();
		return bad ? 1 : 0;
	}
	int lenient = 0, a = 1;
	const struct isa_target *target = isa_target_default();
	for (; a < argc - 1; a++) {
		if (strcmp(argv[a], "--random") == 0)
			lenient = 1;
		else if (strcmp(argv[a], "--mnemonic") == 0)
			mnemonic = 1;
		else if (strcmp(argv[a], "--target") == 0 && a + 2 < argc && isa_target_by_name(argv[a + 1]))
			target = isa_target_by_name(argv[++a]);
		else
			break;
	}
	if (a != argc - 1) {
		fprintf(stderr, "usage: isa_corpus [--random] [--mnemonic] [--target T] NAME < listing | "
				"isa_corpus --coverage FILE...\n");
		return 2;
	}
	const char *name = argv[argc - 1];
	struct listing L;
	if (read_listing(stdin, &L) < 0) {
		printf("not ok %s: cannot read the listing\n", name);
		return 1;
	}
	int bad = check_listing(name, &L, 0, lenient, target->features);
	free(L.lines);
	free(L.bytes);
	return bad ? 1 : 0;
}
