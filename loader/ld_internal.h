/* ld_internal.h — private to loader/: the parsed code object and helpers
 * shared by its source files.  Not installed, not included outside loader/. */
#ifndef RDNA3_LD_INTERNAL_H
#define RDNA3_LD_INTERNAL_H

#include "loader/loader.h"
#include "vocab/vocab.h"


/* A PT_LOAD segment, already checked against the file and the image limit. */
struct ld_segment {
	uint64_t vaddr, memsz, offset, filesz;
	bool exec;                /* PF_X: code */
};

/* A dynamic relocation, already checked: type supported, target inside the
 * image.  value = what is added to the load base (addend, plus the symbol's
 * value for R_AMDGPU_ABS64). */
struct ld_reloc {
	uint64_t offset, value;
	uint32_t type;
};

/* A defined data symbol (STT_OBJECT or untyped), for hipModuleGetGlobal. */
struct ld_symbol {
	char *name;
	uint64_t vaddr, size;
};

struct ld_code_object {
	uint8_t *bytes;           /* our copy of the ELF file */
	size_t size;
	unsigned mach;            /* e_flags & EF_AMDGPU_MACH */
	unsigned abi_version;     /* e_ident[EI_ABIVERSION]: 2 = v4, 3 = v5, 4 = v6 */
	const struct isa_target *target_row; /* its row of isa/targets.def (ld_target) */
	struct ld_segment *segs;
	unsigned nsegs;
	uint64_t image_size;
	struct ld_reloc *relocs;
	size_t nrelocs;
	struct ld_kernel *kernels;
	unsigned nkernels;
	char target[64];          /* amdhsa.target, "" when absent */
	struct ld_symbol *syms;   /* data symbols of the first symbol table read */
	size_t nsyms;
};

/* The largest image we accept: far above any kernel, low enough that a
 * corrupt size never turns into a huge allocation. */
#define LD_IMAGE_MAX ((uint64_t)256 << 20)

/* Decode the NT_AMDGPU_METADATA payload into co->kernels (kd fields not yet
 * filled).  Returns LD_OK or LD_E_META/LD_E_NOMEM. */
int ld_meta_decode(struct ld_code_object *co, const void *desc, size_t n,
		   char *err, size_t errlen);

void ld_kernels_free(struct ld_kernel *k, unsigned n);

#endif
