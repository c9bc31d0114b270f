/* isa_random — random encodings of the table's rows, for the differential
 * decoder test in tests/emu/isa_corpus.sh.
 *
 * Usage: isa_random COUNT SEED > FILE.s
 * Prints COUNT lines ".long d0, d1, d2": a row chosen at random with its
 * encoding prefix and opcode (VOP1/VOP2/VOPC rows half the time as VOP3), all
 * other bits random.  llvm-mc assembles the words unchanged; llvm-objdump then
 * says what each means, and isa_corpus --random checks that emu_decode agrees
 * wherever it accepts an encoding.  VOP3P op_sel/op_sel_hi/neg_hi bits and the
 * MUBUF operand bits stay zero: which of their combinations LLVM accepts is not
 * modelled by the decoder.
 */
#include "emu/decode.h"

#include <stdio.h>
#include <stdlib.h>

static uint64_t state;

static uint32_t rnd(void)
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (uint32_t)state;
}

/* DPP source forms (src0 250, 233, 234) and true16 high halves (bit 7 of a
 * 16-bit VGPR field in an _e32 form) are decoded beyond what llvm-objdump-19
 * reads; the corpus files check them.  Random _e32 words keep clear of both. */
static uint32_t plain_e32(const struct isa_opinfo *r, uint32_t d0, int as_vop3)
{
	if (as_vop3 || (r->enc != ISA_ENC_VOP1 && r->enc != ISA_ENC_VOP2 && r->enc != ISA_ENC_VOPC))
		return d0;
	unsigned s0 = d0 & 0x1ff;
	if (s0 == 233 || s0 == 234 || s0 == 250)
		d0 = (d0 & ~0x1ffu) | 0x100u | (s0 & 0x7f);
	if (r->flags & (ISA_F_F16 | ISA_F_I16 | ISA_F_D16)) {
		if (d0 & 0x100)
			d0 &= ~0x80u;                 /* src0 VGPR */
		d0 &= ~(1u << 16);                    /* VOP2/VOPC vsrc1 */
		if (r->enc != ISA_ENC_VOPC)
			d0 &= ~(1u << 24);            /* vdst */
	}
	return d0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: isa_random COUNT SEED\n");
		return 2;
	}
	long count = strtol(argv[1], NULL, 10);
	state = 0x9e3779b97f4a7c15ull ^ (uint64_t)strtoull(argv[2], NULL, 10);
	for (long k = 0; k < count; k++) {
		unsigned op = 1 + rnd() % (ISA_OP_COUNT - 1);
		const struct isa_opinfo *r = &isa_ops[op];
		uint32_t d0 = rnd(), d1 = rnd(), d2 = rnd();
		unsigned o = r->opcode;
		int as_vop3 = rnd() & 1;
		switch (r->enc) {
		case ISA_ENC_SOP1: d0 = 0x17du << 23 | (d0 & 0x7f00ff) | o << 8; break;
		case ISA_ENC_SOP2: d0 = 2u << 30 | o << 23 | (d0 & 0x7fffff); break;
		case ISA_ENC_SOPK: d0 = 0xbu << 28 | o << 23 | (d0 & 0x7fffff); break;
		case ISA_ENC_SOPC: d0 = 0x17eu << 23 | o << 16 | (d0 & 0xffff); break;
		case ISA_ENC_SOPP: d0 = 0x17fu << 23 | o << 16 | (rnd() & 3 ? d0 & 0x3f : d0 & 0xffff); break;
		case ISA_ENC_SMEM: d0 = 0x3du << 26 | o << 18 | (d0 & 0x7fff); break;
		case ISA_ENC_VOP1:
			if (as_vop3) { o += 384; goto vop3; }
			d0 = 0x3fu << 25 | (d0 & 0x1fe0000) | o << 9 | (d0 & 0x1ff);
			break;
		case ISA_ENC_VOP2:
			if (as_vop3) { o += 256; goto vop3; }
			d0 = o << 25 | (d0 & 0x1ffffff);
			break;
		case ISA_ENC_VOPC:
			if (as_vop3) goto vop3;
			d0 = 0x3eu << 25 | o << 17 | (d0 & 0x1ffff);
			break;
		case ISA_ENC_VOP3:
		case ISA_ENC_VOP3SD:
		vop3:
			d0 = 0x35u << 26 | o << 16 | (d0 & 0xffff);
			if (rnd() & 1)
				d1 &= 0x07ffffff; /* no neg/omod half the time */
			break;
		case ISA_ENC_VOP3P:
			d0 = 0xccu << 24 | o << 16 | (d0 & 0x80ff);
			d1 = (d1 & 0x07ffffff) | 3u << 27;
			break;
		case ISA_ENC_VOPD: d0 = 0x32u << 26 | (d0 & 0x3ffffff); break;
		case ISA_ENC_DS: d0 = 0x36u << 26 | o << 18 | (d0 & 0x3ffff); break;
		case ISA_ENC_FLAT:
		case ISA_ENC_GLOBAL:
		case ISA_ENC_SCRATCH: {
			unsigned seg = r->enc == ISA_ENC_FLAT ? 0 : r->enc == ISA_ENC_SCRATCH ? 1 : 2;
			d0 = 0x37u << 26 | o << 18 | seg << 16 | (d0 & 0xffff);
			break;
		}
		case ISA_ENC_MUBUF: d0 = 0x38u << 26 | o << 18; d1 = 0; break;
		case ISA_ENC_MTBUF: { /* a format the decoder models: 32-bit components */
			static const unsigned fmts[] = { 20, 21, 22, 48, 49, 50, 58, 59, 60, 61, 62, 63 };
			d0 = 0x3au << 26 | fmts[rnd() % 12] << 19 | o << 15;
			d1 = 0;
			break;
		}
		default: continue;
		}
		d0 = plain_e32(r, d0, as_vop3);
		printf(".long 0x%08x, 0x%08x, 0x%08x\n", d0, d1, d2);
	}
	return 0;
}
