/* run/emu_place.c — see emu_place.h. */
#include "run/emu_place.h"
#include "isa/isa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int run_ld_rc(int erc, int fallback)
{
	return erc == EMU_E_NOMEM ? LD_E_NOMEM : erc == EMU_E_ARG ? LD_E_ARG : fallback;
}

/* The code object's instructions against its target (emu_code_check): an
 * instruction its target lacks refuses the whole object, as LLVM's assembler
 * refuses the source, with its address as llvm-objdump prints it. */
static int code_check(const struct ld_code_object *co, const uint8_t *img, size_t n, char *err, size_t errlen)
{
	uint64_t vaddr, size;
	for (unsigned i = 0; ld_code_segment(co, i, &vaddr, &size); i++) {
		if (vaddr > n || size > n - vaddr)
			continue; /* ld_image placed every segment: never */
		char why[200];
		if (emu_code_check(img + vaddr, (size_t)size, vaddr, ld_target(co)->name, why, sizeof why) != EMU_OK) {
			snprintf(err, errlen, "%s", why);
			return LD_E_ARCH;
		}
	}
	return LD_OK;
}

int run_place_code_object(struct emu_dev *dev, const struct ld_code_object *co, uint64_t *base,
			  size_t *size, char *err, size_t errlen)
{
	size_t n = ld_image_size(co);
	size_t alloc = n ? n : 1;  /* emu_alloc refuses 0 bytes */
	uint8_t *img = malloc(alloc);
	if (!img) {
		snprintf(err, errlen, "out of memory");
		return LD_E_NOMEM;
	}
	uint64_t at = emu_alloc(dev, alloc, EMU_MEM_READONLY);
	if (!at) {
		free(img);
		snprintf(err, errlen, "emu: cannot allocate %zu bytes for the code object", alloc);
		return LD_E_NOMEM;
	}
	int rc = ld_image(co, at, img, n, err, errlen);
	if (!rc)
		rc = code_check(co, img, n, err, errlen);
	int erc = rc ? 0 : emu_write(dev, at, img, n);
	if (erc) {
		rc = run_ld_rc(erc, LD_E_BACKEND);
		snprintf(err, errlen, "emu: cannot write the code object (error %d)", erc);
	}
	free(img);
	if (rc) {
		emu_free(dev, at);
		return rc;
	}
	*base = at;
	*size = alloc;
	return LD_OK;
}

struct emu_launch run_launch_desc(uint64_t base, const struct ld_kernel *k,
				  const struct ld_kargs *ka, const uint32_t grid[3],
				  const uint32_t block[3], uint32_t dynamic_lds, const char *target)
{
	struct emu_launch l = {
		.kernel_name = k->name,
		.target = target,
		.kd_addr = base + k->kd_vaddr,
		.kernarg = ka->buf,
		.kernarg_size = ka->size,
		.dynamic_lds = dynamic_lds,
	};
	memcpy(l.grid, grid, sizeof l.grid);
	memcpy(l.block, block, sizeof l.block);
	return l;
}
