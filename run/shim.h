/* shim.h — the shim's shared state and helpers, private to run/shim_*.c
 * (device, memory, module, handles).
 *
 * The shim is libamdhip64 on the emulator: the module-API part of
 * the HIP runtime (shim_device.c: errors and devices; shim_memory.c: memory, streams,
 * events; shim_module.c: modules and launches).  Prototypes come from the HIP
 * headers, so every exported function has the ABI the host was built for.
 *
 * Device pointers are emulated addresses (never dereferenceable on the host);
 * every call runs synchronously, so streams are checked and otherwise ignored
 * and an event's time is the host clock when it was recorded.  Every handle
 * and device pointer given out is tracked until it is freed (shim_handles.c). */
#ifndef RDNA3_RUN_SHIM_H
#define RDNA3_RUN_SHIM_H

#include "emu/emu.h"
#include "isa/isa.h"
#include "loader/loader.h"

#include <hip/hip_runtime_api.h>
#include <pthread.h>

#define SHIM_EXPORT __attribute__((visibility("default")))

struct shim_alloc {
	uint64_t addr;
	size_t size;
	bool module;              /* a loaded code object: copies yes, hipFree no */
};

struct ihipModuleSymbol_t {
	struct ihipModule_t *mod;
	const struct ld_kernel *kernel;
};

struct ihipModule_t {
	struct ld_code_object *co;
	uint64_t base;                        /* image in device memory */
	struct ihipModuleSymbol_t *funcs;     /* one per kernel */
	unsigned nfuncs;
};

struct ihipEvent_t {
	double ms;                            /* host clock at record, ms */
	bool recorded;
};

struct ihipStream_t {
	int unused;
};

/* One lock around the device and the tables below. */
extern pthread_mutex_t shim_lock;
extern struct emu_dev *shim_dev;

/* Every API call returns through here: HIP keeps the last error per thread. */
hipError_t shim_ret(hipError_t e);
void shim_report(const char *fmt, const char *what);   /* stderr unless RDNA3_SHIM_QUIET */
hipError_t shim_device(void);                          /* create on first use; lock held */
/* Whether the shim's device (its target: RDNA3_SHIM_DEVICE's card, else the
 * default) runs co, as HIP asks of a module; why not into why. */
struct ld_code_object;
bool shim_runs(const struct ld_code_object *co, char *why, size_t n);
/* The name of that target (static storage), NULL when there is no device. */
const char *shim_target_name(void);
double shim_now_ms(void);
/* Tracked device ranges (hipMalloc'd buffers, loaded code objects); lock held. */
struct shim_alloc *shim_find_alloc(const void *p, size_t n);
hipError_t shim_track(uint64_t addr, size_t size, bool module);
void shim_untrack(uint64_t addr);
/* Whether p lies where device memory was ever handed out (a device pointer,
 * live or freed: never to be dereferenced on the host); lock held. */
bool shim_in_device_window(const void *p);

/* Handles given out and not yet freed (shim_handles.c); lock held for all. */
enum shim_kind { SHIM_MODULE, SHIM_EVENT, SHIM_STREAM, SHIM_HOST };
hipError_t shim_handle_add(enum shim_kind kind, const void *p);
bool shim_handle_live(enum shim_kind kind, const void *p);
bool shim_handle_remove(enum shim_kind kind, const void *p);   /* false: not live */
struct ihipModule_t *shim_function_module(const void *f);      /* NULL: not live */
bool shim_stream_ok(hipStream_t s);                             /* NULL, per-thread or live */

#endif
