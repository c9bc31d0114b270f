/* ld_fuzz — libFuzzer target for the code-object reader: any bytes through
 * ld_open_mem, and, when they open, the image and the kernel lookups. */
#include "loader/loader.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ld_code_object *co = NULL;
	char err[256];
	if (ld_open_mem(data, size, &co, err, sizeof err) != LD_OK)
		return 0;
	size_t n = ld_image_size(co);
	if (n <= ((size_t)16 << 20)) {
		void *img = malloc(n ? n : 1);
		if (img)
			ld_image(co, 0x100000000ull, img, n, err, sizeof err);
		free(img);
	}
	for (unsigned i = 0; i < ld_kernel_count(co); i++) {
		const struct ld_kernel *k = ld_kernel_at(co, i);
		if (ld_kernel_find(co, k->name) == NULL)
			abort(); /* a listed kernel must be found by its name */
		struct ld_kargs a;
		if (ld_kargs_init(&a, k, err, sizeof err) == LD_OK) {
			const uint32_t g[3] = { 1, 1, 1 };
			for (unsigned j = 0; j < k->nargs; j++)
				if (k->args[j].kind != LD_ARG_HIDDEN)
					ld_kargs_set_index(&a, j, a.buf + k->args[j].offset, k->args[j].size,
							   err, sizeof err);
			ld_kargs_finish(&a, g, g, err, sizeof err);
			ld_kargs_free(&a);
		}
	}
	ld_close(co);
	return 0;
}
