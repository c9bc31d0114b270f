/* internal.h — shared between the asm_out source files; not part of the API. */
#ifndef RDNA3_ASM_OUT_INTERNAL_H
#define RDNA3_ASM_OUT_INTERNAL_H

#include "asm_out/asm_out.h"

#include <signal.h>
#include <sys/types.h>

/* files.c: the tool process running now (0: none); an interrupt stops it and
 * waits for it before removing the temporaries it writes. */
void ao_child_track(pid_t pid);

/* files.c: hold off the interrupts whose handler removes the temporaries
 * (SIGINT, SIGTERM, SIGHUP) while a temporary or a child comes into being
 * and is tracked; *old is the mask to give back (ao_interrupts_release) and to
 * hand a child. */
void ao_interrupts_hold(sigset_t *old);
void ao_interrupts_release(const sigset_t *old);

struct ao_label_rec {
	char name[40];
	int pos;             /* instruction index it precedes; -1 while unbound */
};

struct ao_meta_rec {
	char key[40];
	bool is_str;
	long ival;
	char sval[64];
};

struct ao_kernel {
	struct ao_kernel_info info;
	char name[128];

	struct ao_inst *insts;
	unsigned ninst, cap_inst;

	struct ao_label_rec *labels;
	unsigned nlabel, cap_label;

	struct ao_arg_desc *args;
	unsigned nargs, cap_args;
	unsigned kernarg_end, kernarg_align;

	struct ao_meta_rec meta[16];
	unsigned nmeta;

	unsigned user_sgprs, system_sgprs;
	int wgid_sgpr[3];
	unsigned sgpr_next;  /* bump allocator */
	unsigned lds_bytes;

	char err[256];       /* first error; "" when none */
};

/* The opcode rows are isa_ops[] of libisa.a (isa/opcodes.h): one expansion
 * of isa/isa_gfx11.def for the builder, the decoder and the disassembler. */

bool ao_op_valid(unsigned op);

/* Encoding-level facts about one instruction. */
bool ao_uses_e64(const struct ao_inst *in);           /* VOP1/2/C promoted to VOP3 */
bool ao_imm_inline(uint32_t bits);                    /* an inline constant for 32-bit ops */
bool ao_inst_has_literal(const struct ao_inst *in);
bool ao_is_smem_load(const struct ao_inst *in);

#endif
