/* kd.c — the 64-byte kernel descriptor: decode, validate, refuse what we cannot run.
 *
 * Bit positions follow LLVM's AMDHSAKernelDescriptor.h / AMDGPUUsage.rst and were
 * checked against clang-19 output (.rodata of a .hsaco built from .amdhsa_kernel
 * directives): rsrc1 0x60ac0004 = 40 VGPRs, WGP mode, IEEE, DX10 clamp, f32 denorms
 * flushed; rsrc2 0x1188 = 4 user SGPRs, wg id x,y, work-item ids x,y,z;
 * properties 0x040a = dispatch ptr, kernarg ptr, wave32.
 */
#include "emu/machine.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static uint32_t rd32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }
static uint32_t bits(uint32_t v, unsigned lo, unsigned n) { return (v >> lo) & ((1u << n) - 1); }

static int refuse(char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		int n = snprintf(err, errlen, "kernel descriptor: ");
		if (n > 0 && (size_t)n < errlen)
			vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return EMU_E_KD;
}

int emu_kd_parse(const uint8_t raw[64], struct emu_kd *kd, char *err, size_t errlen)
{
	if (!raw || !kd)
		return refuse(err, errlen, "no descriptor");
	memset(kd, 0, sizeof *kd);
	kd->group_segment_size = rd32(raw + 0);
	kd->private_segment_size = rd32(raw + 4);
	kd->kernarg_size = rd32(raw + 8);
	kd->entry_offset = (int64_t)((uint64_t)rd32(raw + 16) | (uint64_t)rd32(raw + 20) << 32);
	kd->rsrc3 = rd32(raw + 44);
	kd->rsrc1 = rd32(raw + 48);
	kd->rsrc2 = rd32(raw + 52);
	kd->properties = (uint16_t)(raw[56] | raw[57] << 8);
	uint16_t preload = (uint16_t)(raw[58] | raw[59] << 8);

	uint32_t r1 = kd->rsrc1, r2 = kd->rsrc2, pr = kd->properties;
	kd->wave32 = bits(pr, 10, 1);
	/* Wave32 VGPRs come in granules of 8 on gfx11 (encoded as granules - 1). */
	kd->vgprs = (bits(r1, 0, 6) + 1) * 8;
	kd->float_round_32 = bits(r1, 12, 2);
	kd->float_denorm_32 = bits(r1, 16, 2);
	kd->float_denorm_16_64 = bits(r1, 18, 2);
	kd->dx10_clamp = bits(r1, 21, 1);
	kd->ieee_mode = bits(r1, 23, 1);
	kd->wgp_mode = bits(r1, 29, 1);

	kd->private_segment = bits(r2, 0, 1);
	kd->user_sgprs = bits(r2, 1, 5);
	kd->wgid_x = bits(r2, 7, 1);
	kd->wgid_y = bits(r2, 8, 1);
	kd->wgid_z = bits(r2, 9, 1);
	kd->wg_info = bits(r2, 10, 1);
	kd->vgpr_workitem_ids = bits(r2, 11, 2);

	bool priv_buf = bits(pr, 0, 1);
	kd->user_dispatch_ptr = bits(pr, 1, 1);
	kd->user_queue_ptr = bits(pr, 2, 1);
	kd->user_kernarg_ptr = bits(pr, 3, 1);
	kd->user_dispatch_id = bits(pr, 4, 1);
	bool flat_scratch_init = bits(pr, 5, 1);
	kd->user_private_segment_size = bits(pr, 6, 1);

	if (!kd->wave32)
		return refuse(err, errlen, "wave64 is not supported (only wave32: properties bit 10 is 0)");
	if (priv_buf)
		return refuse(err, errlen, "private segment buffer user SGPRs are not supported on gfx11");
	if (flat_scratch_init)
		return refuse(err, errlen, "flat scratch init user SGPRs are not supported");
	if (bits(pr, 11, 1))
		return refuse(err, errlen, "dynamic stack (uses_dynamic_stack) is not supported");
	if (preload)
		return refuse(err, errlen, "kernarg preloading is not supported on %s", isa_target_default()->name);
	if (kd->vgpr_workitem_ids == 3)
		return refuse(err, errlen, "work-item id VGPR mode 3 is undefined");
	if (kd->float_round_32 != 0)
		return refuse(err, errlen, "f32 round mode %u is not supported (only round to nearest even)",
			      kd->float_round_32);
	if (bits(r1, 14, 2) != 0)
		return refuse(err, errlen, "f16/f64 round mode %u is not supported (only round to nearest even)",
			      bits(r1, 14, 2));
	if (kd->float_denorm_16_64 == 1 || kd->float_denorm_16_64 == 2)
		return refuse(err, errlen, "f16/f64 denorm mode %u (flush only one side) is not supported",
			      kd->float_denorm_16_64);
	if (kd->float_denorm_32 == 1 || kd->float_denorm_32 == 2)
		return refuse(err, errlen, "f32 denorm mode %u (flush only one side) is not supported",
			      kd->float_denorm_32);
	if (bits(r2, 6, 1))
		return refuse(err, errlen, "trap handler is not supported");
	if (bits(r1, 22, 1))
		return refuse(err, errlen, "debug mode is not supported");
	if (kd->group_segment_size > ISA_LDS_BYTES)
		return refuse(err, errlen, "LDS size %u exceeds the 64 KiB a workgroup can have",
			      kd->group_segment_size);
	if (kd->private_segment_size > EMU_SCRATCH_MAX)
		return refuse(err, errlen, "private segment of %u bytes per lane is beyond the emulator's %u",
			      kd->private_segment_size, EMU_SCRATCH_MAX);
	unsigned need = 2u * kd->user_dispatch_ptr + 2u * kd->user_queue_ptr + 2u * kd->user_kernarg_ptr +
			2u * kd->user_dispatch_id + kd->user_private_segment_size;
	if (need > kd->user_sgprs)
		return refuse(err, errlen, "enabled user SGPRs need %u registers but USER_SGPR_COUNT is %u",
			      need, kd->user_sgprs);
	return EMU_OK;
}
