/* target.c — what differs between the targets of isa/targets.def for the
 * emulator's decoder: the instructions a target lacks (the OP_NEEDS rows of
 * isa/isa_gfx11.def), refused as LLVM's assembler refuses them for that -mcpu
 * ("instruction not supported on this GPU").  The hazards that differ are
 * hazard.c's. */
#include "emu/machine.h"

#include <stdio.h>

void emu_target_refusal(const struct emu_inst *in, const struct isa_target *t, const char *where, char *buf, size_t n)
{
	unsigned missing = (isa_ops[in->op].needs | in->needs) & ~t->features, bit = missing & -missing;
	char with[96];
	isa_targets_with(bit, with, sizeof with);
	/* the one need an encoding adds today: decode.c's scalar src1 of a VOP3 DPP form */
	snprintf(buf, n, "%s%s%s is not a %s instruction (%s: %s)", isa_ops[in->op].name,
		 (in->needs & bit) ? "_e64_dpp with a scalar src1" : "", where, t->name,
		 isa_feature_name(bit), with[0] ? with : "no target");
}

int emu_code_check(const uint8_t *code, size_t n, uint64_t addr, const char *target, char *err, size_t errlen)
{
	const struct isa_target *t = target ? isa_target_by_name(target) : isa_target_default();
	if (!t) {
		snprintf(err, errlen, "target %s is not one of isa/targets.def", target);
		return EMU_E_ARG;
	}
	for (size_t off = 0; off + 4 <= n;) {
		struct emu_inst in;
		int len = emu_decode(code + off, n - off, &in);
		if (len <= 0)
			return EMU_OK; /* data or an encoding we lack: nothing after it is known to be code */
		if (!emu_inst_runs_on(&in, t->features)) {
			char at[32];
			snprintf(at, sizeof at, " at 0x%llx", (unsigned long long)(addr + off));
			emu_target_refusal(&in, t, at, err, errlen);
			return EMU_E_DECODE;
		}
		off += (size_t)len;
	}
	return EMU_OK;
}
