/* run/emu_place.h — a code object placed in emulator memory and a dispatch of
 * one of its kernels described for emu_launch: the one path used by both
 * users of the emulator in run/ (the loader's emu backend, run/ld_emu.c, and
 * the HIP shim, run/shim_module.c). */
#ifndef RDNA3_RUN_EMU_PLACE_H
#define RDNA3_RUN_EMU_PLACE_H

#include "emu/emu.h"
#include "loader/loader.h"

/* The loader error for emulator error erc (EMU_E_*): fallback unless it is
 * out-of-memory or a bad argument. */
int run_ld_rc(int erc, int fallback);

/* Load co's image into fresh read-only device memory of dev, relocated for
 * that address.  On success *base is the image's device address and *size its
 * allocated size (at least 1); on failure nothing stays allocated and the
 * result is LD_E_NOMEM (no device memory), the error of ld_image, LD_E_ARCH
 * for an instruction the code object's target does not have (emu_code_check:
 * "s_add_f32 at 0x1000 is not a T instruction (...)"), or an LD_E_* for
 * a failed write, with err set. */
int run_place_code_object(struct emu_dev *dev, const struct ld_code_object *co, uint64_t *base,
			  size_t *size, char *err, size_t errlen);

/* The emu_launch of kernel k of the code object placed at base, with the
 * finished kernarg segment ka (borrowed: it must outlive the launch), on a
 * device of target (a name of isa/targets.def, static storage; NULL: the
 * default target). */
struct emu_launch run_launch_desc(uint64_t base, const struct ld_kernel *k,
				  const struct ld_kargs *ka, const uint32_t grid[3],
				  const uint32_t block[3], uint32_t dynamic_lds, const char *target);

#endif
