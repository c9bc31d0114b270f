/* loader.h — code objects (.hsaco) of the ISA target: read, describe, place in memory,
 * and launch through a backend (real HIP, or the emulator).
 *
 * This is the one code-object reader of the project: the emulator's tests,
 * rdna3run, the HIP shim and `rdna3gen report` all go through it.  ELF is read
 * with libelf, the NT_AMDGPU_METADATA note with msgpack-c, a kernel library's
 * index with libyaml.
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
	LD_E_ARCH = -4,     /* not for the target (ld_load on hip: the device is not) */
	LD_E_META = -5,     /* metadata note missing or malformed */
	LD_E_RELOC = -6,    /* relocation we do not support */
	LD_E_NOKERNEL = -7, /* no kernel by that name */
	LD_E_KARG = -8,     /* kernel argument name/type/size mismatch */
	LD_E_NOMEM = -9,
	LD_E_BACKEND = -10, /* backend failure (HIP error, emulator fault) */
	LD_E_NODEVICE = -11, /* no HIP runtime or no device */
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
	char value_type[16];      /* .value_type when present (f16, i32, struct, ...; hand-written
	                             code objects such as tinygrad's have it, clang-19 writes none), else "" */
};

/* One `.rdna3.KEY: value` pair of the metadata (KEY without the prefix). */
struct ld_meta_kv {
	char key[48];
	bool is_str;
	char str[64];             /* is_str */
	int64_t ival;             /* !is_str */
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
	unsigned nrdna3;                  /* every .rdna3.* key, in file order */
	struct ld_meta_kv *rdna3;
};

struct ld_code_object;

int ld_open_file(const char *path, struct ld_code_object **out, char *err, size_t errlen);
int ld_open_mem(const void *bytes, size_t n, struct ld_code_object **out, char *err, size_t errlen);
void ld_close(struct ld_code_object *co);   /* safe on NULL and on partial state */
/* For hosts that have only a pointer (hipModuleLoadData): the file size is
 * taken from the ELF header, section and program header tables at p, which
 * must be a whole ELF64 file in readable memory. */
int ld_open_image(const void *p, struct ld_code_object **out, char *err, size_t errlen);

unsigned ld_kernel_count(const struct ld_code_object *co);
const struct ld_kernel *ld_kernel_at(const struct ld_code_object *co, unsigned i);
const struct ld_kernel *ld_kernel_find(const struct ld_code_object *co, const char *name);

/* The loaded image: every PT_LOAD segment copied to its virtual address,
 * bss zeroed, dynamic relocations applied for a load at device address base. */
size_t ld_image_size(const struct ld_code_object *co);
int ld_image(const struct ld_code_object *co, uint64_t base, void *dst, size_t dst_size,
	     char *err, size_t errlen);

/* A `.rdna3.KEY` value of the kernel: 0 when present with the right type. */
int ld_kernel_meta_int(const struct ld_kernel *k, const char *key, int64_t *v);
const char *ld_kernel_meta_str(const struct ld_kernel *k, const char *key); /* NULL if absent */

/* The argument called name ("" never matches), or NULL.  When none is called
 * exactly that, "NAME.coerce" matches NAME: clang names a HIP pointer argument
 * so when it keeps value names (-fno-discard-value-names). */
const struct ld_arg *ld_arg_find(const struct ld_kernel *k, const char *name);

/* A data symbol (a __device__ variable): its address in the image and size.
 * LD_E_NOKERNEL when there is none by that name. */
int ld_symbol_find(const struct ld_code_object *co, const char *name, uint64_t *vaddr,
		   uint64_t *size);

/* The ELF bytes of the code object (our copy; valid until ld_close).  This is
 * what hipModuleLoadData takes. */
const void *ld_elf_bytes(const struct ld_code_object *co, size_t *n);
/* The target the code object is for: the row of isa/targets.def of its ELF
 * machine (the default target for gfx11-generic code).  ld_open_* refuses a
 * machine no row runs (LD_E_ARCH), so this is never NULL. */
struct isa_target;
const struct isa_target *ld_target(const struct ld_code_object *co);
/* Its ELF machine (EF_AMDGPU_MACH_*): a target's own or a generic one, for
 * isa_target_runs(device target, ld_machine(co)). */
unsigned ld_machine(const struct ld_code_object *co);
/* The i-th executable PT_LOAD segment (PF_X: the code), in program-header
 * order: its image address and the bytes the file gives it; false past the
 * last.  The emulator backend reads the instructions there (run/emu_place.c). */
bool ld_code_segment(const struct ld_code_object *co, unsigned i, uint64_t *vaddr, uint64_t *size);

/* ---- kernel arguments -------------------------------------------------------
 * A kernarg segment built by argument name, each value checked against the
 * metadata: buffers only into global_buffer arguments, numbers only into
 * by_value arguments of the same size (and, when the metadata gives a
 * .type_name, the same kind: float or integer).  Hidden arguments (code object
 * v5: block counts, group sizes, grid dims, ...) are filled by ld_kargs_finish. */
struct ld_kargs {
	const struct ld_kernel *kernel;
	uint8_t *buf;             /* kernarg_size bytes (at least 1), zero-initialized */
	size_t size;              /* kernel->kernarg_size */
	bool *set;                /* one flag per argument */
};

int ld_kargs_init(struct ld_kargs *a, const struct ld_kernel *k, char *err, size_t errlen);
void ld_kargs_free(struct ld_kargs *a);          /* safe on a zeroed struct */
int ld_kargs_set_ptr(struct ld_kargs *a, const char *name, uint64_t dev_addr,
		     char *err, size_t errlen);
int ld_kargs_set_u32(struct ld_kargs *a, const char *name, uint32_t v, char *err, size_t errlen);
int ld_kargs_set_i32(struct ld_kargs *a, const char *name, int32_t v, char *err, size_t errlen);
int ld_kargs_set_f32(struct ld_kargs *a, const char *name, float v, char *err, size_t errlen);
int ld_kargs_set_u64(struct ld_kargs *a, const char *name, uint64_t v, char *err, size_t errlen);
int ld_kargs_set_f64(struct ld_kargs *a, const char *name, double v, char *err, size_t errlen);
/* Scalar types of by_value arguments given as text. */
enum ld_scalar {
	LD_SC_ANY,     /* by the text's form: a float when it has '.', 'e', inf or nan */
	LD_SC_INT,     /* signed integer */
	LD_SC_UINT,    /* unsigned integer */
	LD_SC_FLOAT,   /* IEEE binary of the size: f16 (2 bytes), f32 (4) or f64 (8); "2" is 2.0 */
	LD_SC_BF16,    /* bfloat16 (2 bytes only) */
};
/* A type word (i8 i16 i32 i64, u8 .. u64, f16 bf16 f32 f64: the names LLVM
 * gives .value_type, and bf16, which LLVM has no name for) as a scalar type
 * and size; false for any other word ("struct", ""). */
bool ld_type_word(const char *word, enum ld_scalar *t, unsigned *size);
/* The type an argument's metadata gives: .type_name (float, double, half ->
 * FLOAT; bfloat16, __bf16 -> BF16; unsigned/uint... -> UINT; int, long, short,
 * char -> INT; a pointer -> ANY), else its .value_type (ld_type_word), else ANY. */
enum ld_scalar ld_arg_scalar(const struct ld_arg *arg);
/* Text as a little-endian scalar of size bytes into *bits: integers decimal or
 * 0x hex, range-checked (an integer type refuses "2.5"); floats of 2 (f16, or
 * bf16 for LD_SC_BF16), 4 or 8 bytes, the text's nearest double rounded to
 * nearest even, refused when that overflows to infinity (inf and nan are
 * taken as written). */
int ld_scalar_parse(const char *text, enum ld_scalar t, unsigned size, uint64_t *bits,
		    char *err, size_t errlen);
/* A double as such a scalar: floats rounded as above (a finite value that
 * rounds to infinity is refused), integers only when v is a whole number in
 * the type's range. */
int ld_scalar_from_double(double v, enum ld_scalar t, unsigned size, uint64_t *bits, char *err,
			  size_t errlen);
/* Text as on a command line, typed by the metadata (ld_arg_scalar), for the
 * argument named name, or for argument i (metadata order, explicit ones only)
 * typed t (LD_SC_ANY: by the metadata). */
int ld_kargs_set_text(struct ld_kargs *a, const char *name, const char *text,
		      char *err, size_t errlen);
int ld_kargs_set_text_index(struct ld_kargs *a, unsigned i, enum ld_scalar t, const char *text,
			    char *err, size_t errlen);
/* n bytes at a kernarg offset: the argument that starts there with that size
 * (marked set), or bytes no argument covers (a kernel whose metadata lists
 * fewer arguments than it reads); refuses a partial overlap and bytes past
 * the segment. */
int ld_kargs_set_bytes(struct ld_kargs *a, uint32_t offset, const void *v, size_t n,
		       char *err, size_t errlen);
/* Raw bytes for argument i (any kind); n must equal its size.  For hosts that
 * pass arguments by position, as HIP's kernelParams does. */
int ld_kargs_set_index(struct ld_kargs *a, unsigned i, const void *v, size_t n,
		       char *err, size_t errlen);
/* Check every explicit argument was given (LD_E_KARG naming the first that was
 * not) and fill the hidden ones for this dispatch shape. */
int ld_kargs_finish(struct ld_kargs *a, const uint32_t grid[3], const uint32_t block[3],
		    char *err, size_t errlen);

/* Check a dispatch shape against the kernel: no zero dimension, block size
 * within .max_flat_workgroup_size and .reqd_workgroup_size, and without the
 * latter exactly (.rdna3.block_threads, 1, 1) when the kernel records that. */
int ld_check_dispatch(const struct ld_kernel *k, const uint32_t grid[3], const uint32_t block[3],
		      char *err, size_t errlen);

/* ---- backends -----------------------------------------------------------------
 * One interface for the places a kernel can run.  Device addresses are 64-bit
 * numbers that only the backend interprets (HIP: device pointers; emulator:
 * emulated addresses).  Tests plug in their own ops. */
struct ld_run_stats {
	unsigned runs;            /* launches timed */
	double best_ms, mean_ms;  /* hip: event time per launch; emu: wall time */
	bool has_counts;          /* the counters below are filled (emulator) */
	uint64_t wave_insts, valu, valu_fma, vopd, salu, smem, vmem, lds, branch, wait;
	uint64_t workgroups, waves;
};

struct ld_backend;

struct ld_backend_ops {
	/* Make the code object's kernels launchable; *module is the backend's handle. */
	int (*load)(struct ld_backend *b, const struct ld_code_object *co, void **module,
		    char *err, size_t errlen);
	void (*unload)(struct ld_backend *b, void *module);
	int (*alloc)(struct ld_backend *b, size_t bytes, uint64_t *addr, char *err, size_t errlen);
	void (*free)(struct ld_backend *b, uint64_t addr);
	int (*write)(struct ld_backend *b, uint64_t dst, const void *src, size_t n,
		     char *err, size_t errlen);
	int (*read)(struct ld_backend *b, void *dst, uint64_t src, size_t n,
		    char *err, size_t errlen);
	/* Launch reps times (at least once) and wait; kernarg is finished. */
	int (*launch)(struct ld_backend *b, void *module, const struct ld_kernel *k,
		      const struct ld_kargs *kernarg, const uint32_t grid[3],
		      const uint32_t block[3], unsigned reps, struct ld_run_stats *stats,
		      char *err, size_t errlen);
	void (*destroy)(struct ld_backend *b);
};

struct ld_backend {
	const struct ld_backend_ops *ops;
	const char *name;         /* "hip", "emu", or a test's name */
	char device[128];         /* what it runs on, for one-line reports */
	void *impl;               /* the backend's own state */
	char why[192];            /* hip: how the device was chosen ("" if by index) */
	char target[24];          /* hip: the device's ISA target (a row of isa/targets.def) when
	                             the runtime names it exactly (ROCm 5's gcnArch), else "" */
};

/* Wrappers that check their arguments, then call the ops. */
int ld_load(struct ld_backend *b, const struct ld_code_object *co, void **module,
	    char *err, size_t errlen);
void ld_unload(struct ld_backend *b, void *module);
int ld_alloc(struct ld_backend *b, size_t bytes, uint64_t *addr, char *err, size_t errlen);
void ld_free(struct ld_backend *b, uint64_t addr);
int ld_write(struct ld_backend *b, uint64_t dst, const void *src, size_t n,
	     char *err, size_t errlen);
int ld_read(struct ld_backend *b, void *dst, uint64_t src, size_t n, char *err, size_t errlen);
int ld_launch(struct ld_backend *b, void *module, const struct ld_kernel *k,
	      const struct ld_kargs *kernarg, const uint32_t grid[3], const uint32_t block[3],
	      unsigned reps, struct ld_run_stats *stats, char *err, size_t errlen);
void ld_backend_close(struct ld_backend *b);     /* safe on NULL */

/* The HIP module API, the runtime found at run time (libamdhip64.so.6, then
 * .so.5; $RDNA3_HIP_LIB overrides), on HIP device `device`, or with
 * LD_DEVICE_AUTO on the first device whose architecture is the default target
 * of isa/targets.def (device 0 when none says so; b->why tells which and why,
 * e.g. "the first NAME of 2 devices (0: gfx1036, 1: NAME)").  The
 * architecture comes from hipDeviceGetAttribute, whose ABI ROCm 5 and 6 share (docs/loader-api.md).
 * LD_E_NODEVICE when there is no runtime, no device or no device of that
 * index: the message names the HIP error (e.g. hipErrorNoDevice). */
#define LD_DEVICE_AUTO (-1)
int ld_backend_hip_open(int device, struct ld_backend **out, char *err, size_t errlen);


struct emu_dev;
struct emu_launch;
struct emu_stats;

/* The emulator, and the choice between the two ("auto": hip when a device is
 * present, else emu).  These two live in libld_emu.a (run/ld_emu.c),
 * which needs libemu.a (and its opcode table, libisa.a); libloader.a itself
 * never depends on the emulator. */
struct ld_emu_options {
	unsigned threads;         /* worker threads; 0 = all cores */
	unsigned checks;          /* EMU_CHECK_* bits of emu/emu.h */
	uint64_t inst_budget;     /* 0 = the emulator's default */
	bool trace;               /* trace one wave (emu_opts.trace of emu/emu.h) */
	uint32_t trace_wg[3];
	unsigned trace_wave;
	uint64_t trace_lines;     /* 0 = the emulator's default */
	/* Replaces emu_launch for every launch when set (a timing model runs the
	 * dispatch through the emulator's stepper); same contract as emu_launch. */
	int (*launch)(void *ctx, struct emu_dev *dev, const struct emu_launch *l, struct emu_stats *st, char *err,
		      size_t errlen);
	void *launch_ctx;
};
int ld_backend_emu_open(const struct ld_emu_options *opt, struct ld_backend **out,
			char *err, size_t errlen);
/* which: "auto", "hip" or "emu"; device: the HIP device (LD_DEVICE_AUTO: see
 * ld_backend_hip_open).  With "auto", on success err holds why hip was passed
 * over ("" when hip was chosen): callers report the choice in one line. */
int ld_backend_open(const char *which, int device, const struct ld_emu_options *opt,
		    struct ld_backend **out, char *err, size_t errlen);

#endif
