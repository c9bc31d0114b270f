/* loader.h — gfx1100 code objects (.hsaco): read, describe, place in memory,
 * and launch through a backend (real HIP, or the emulator).
 *
 * This is the one code-object reader of the project: the emulator's tests,
 * rdna3run, the HIP shim and `rdna3gen report` all go through it.  ELF is read
 * with libelf, the NT_AMDGPU_METADATA note with msgpack-c.
 *
 * Errors: functions return 0 on success or a negative LD_E_* value, and write a
 * one-line message to the caller's buffer.  Nothing here prints or exits.
 * Lifetime: ld_open_mem copies the bytes it is given; the caller may free them.
 */
#ifndef RDNA3_LOADER_H
#define RDNA3_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum ld_err {
	LD_OK = 0,
	LD_E_ARG = -1,      /* bad argument from the caller */
	LD_E_IO = -2,       /* file missing or unreadable */
	LD_E_ELF = -3,      /* not an ELF64 AMDGPU object, truncated, corrupt */
	LD_E_ARCH = -4,     /* not gfx1100 */
	LD_E_META = -5,     /* metadata note missing or malformed */
	LD_E_RELOC = -6,    /* relocation we do not support */
	LD_E_NOKERNEL = -7, /* no kernel by that name */
	LD_E_KARG = -8,     /* kernel argument name/type/size mismatch */
	LD_E_NOMEM = -9,
	LD_E_BACKEND = -10, /* backend failure (HIP error, emulator fault) */
};

enum ld_value_kind {
	LD_ARG_BY_VALUE,
	LD_ARG_GLOBAL_BUFFER,
	LD_ARG_HIDDEN,        /* any hidden_* kind: filled by the launcher */
	LD_ARG_OTHER,
};

struct ld_arg {
	char name[64];            /* "" when the metadata has none */
	char value_kind[40];      /* as written in the metadata, e.g. "global_buffer" */
	enum ld_value_kind kind;
	uint32_t offset, size;
	bool is_const;            /* .is_const / address_space constant */
	/* additions */
	char type_name[32];       /* .type_name when present (OpenCL), else "" */
};

struct ld_kernel {
	char name[128];
	char symbol[140];         /* NAME.kd */
	uint64_t kd_vaddr;        /* descriptor address inside the image */
	uint8_t kd[64];           /* the raw descriptor bytes */
	uint32_t kernarg_size, kernarg_align;
	uint32_t group_segment_size, private_segment_size;
	uint32_t max_flat_workgroup_size, wavefront_size;
	uint32_t sgpr_count, vgpr_count;
	unsigned nargs;
	struct ld_arg *args;
	/* Tile shape recorded by rdna3gen (0 when the kernel has none). */
	uint32_t tile_m, tile_n, block_threads;
	char layout[3];           /* "NN", "NT", ... or "" */
	/* additions */
	uint32_t tile_k;          /* .rdna3.tile_k (0 when absent) */
	uint32_t sgpr_spill_count, vgpr_spill_count;
	uint32_t reqd_workgroup_size[3];  /* all 0 when the kernel names none */
	uint32_t explicit_kernarg_size;   /* end of the last non-hidden argument */
};

struct ld_code_object;

int ld_open_file(const char *path, struct ld_code_object **out, char *err, size_t errlen);
int ld_open_mem(const void *bytes, size_t n, struct ld_code_object **out, char *err, size_t errlen);
void ld_close(struct ld_code_object *co);   /* safe on NULL and on partial state */

unsigned ld_kernel_count(const struct ld_code_object *co);
const struct ld_kernel *ld_kernel_at(const struct ld_code_object *co, unsigned i);
const struct ld_kernel *ld_kernel_find(const struct ld_code_object *co, const char *name);

/* The loaded image: every PT_LOAD segment copied to its virtual address,
 * bss zeroed, dynamic relocations applied for a load at device address base. */
size_t ld_image_size(const struct ld_code_object *co);
int ld_image(const struct ld_code_object *co, uint64_t base, void *dst, size_t dst_size,
	     char *err, size_t errlen);

/* The argument called name ("" never matches), or NULL. */
const struct ld_arg *ld_arg_find(const struct ld_kernel *k, const char *name);

/* The ELF bytes of the code object (our copy; valid until ld_close).  This is
 * what hipModuleLoadData takes. */
const void *ld_elf_bytes(const struct ld_code_object *co, size_t *n);

#endif
