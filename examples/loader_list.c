/* loader_list — a program built against the installed libraries with
 * pkg-config alone:
 *
 *     cc loader_list.c $(pkg-config --cflags --libs rdna3) -o loader_list
 *     ./loader_list kernel.hsaco
 *     ./loader_list LIB M N K          (a kernel library: rdna3gen tune --shapes)
 *
 * Given a kernel library, it first picks the code object for an NN product
 * of M x N x K (kl_pick, kernlib/kernlib.h), as a host application would.
 * It lists the kernels of an RDNA3 code object and their arguments (the
 * loader), places the code object in the emulator (the emulator backend), and
 * names the templates the generator library offers.  Exit 0, or 1 with one
 * line on stderr. */
#include <stdio.h>
#include <stdlib.h>

#include "kernlib/kernlib.h"
#include "loader/loader.h"
#include "templates/templates.h"

int main(int argc, char **argv)
{
	char err[256];
	struct ld_code_object *co = NULL;
	if (argc != 2 && argc != 5) {
		fprintf(stderr, "usage: loader_list FILE.hsaco | loader_list LIB M N K\n");
		return 1;
	}
	const char *file = argv[1];
	char picked[KL_PATH_MAX];
	if (argc == 5) {
		struct kl_lib *lib = NULL;
		const struct kl_entry *e;
		uint32_t m = (uint32_t)strtoul(argv[2], NULL, 10), n = (uint32_t)strtoul(argv[3], NULL, 10),
			 k = (uint32_t)strtoul(argv[4], NULL, 10);
		const uint32_t mnk[3] = { m, n, k };
		if (kl_open(argv[1], &lib, err, sizeof err) || kl_pick(lib, mnk, 3, 0 /* NN */, &e, NULL, err, sizeof err)) {
			fprintf(stderr, "loader_list: %s\n", err);
			kl_close(lib);
			return 1;
		}
		snprintf(picked, sizeof picked, "%s", e->kernel);
		printf("library %s picks %s for %ux%ux%u\n", argv[1], picked, m, n, k);
		kl_close(lib);
		file = picked;
	}
	if (ld_open_file(file, &co, err, sizeof err)) {
		fprintf(stderr, "loader_list: %s\n", err);
		return 1;
	}
	for (unsigned i = 0; i < ld_kernel_count(co); i++) {
		const struct ld_kernel *k = ld_kernel_at(co, i);
		printf("kernel %s: %u VGPRs, %u SGPRs, %u bytes of arguments\n", k->name, k->vgpr_count,
		       k->sgpr_count, k->kernarg_size);
		for (unsigned j = 0; j < k->nargs; j++)
			if (k->args[j].kind != LD_ARG_HIDDEN)
				printf("  %s at %u, %u bytes, %s\n", k->args[j].name, k->args[j].offset,
				       k->args[j].size, k->args[j].value_kind);
	}
	struct ld_backend *b = NULL;
	void *module = NULL;
	struct ld_emu_options eo = { .threads = 1 };
	int rc = ld_backend_emu_open(&eo, &b, err, sizeof err);
	if (!rc)
		rc = ld_load(b, co, &module, err, sizeof err);
	if (rc)
		fprintf(stderr, "loader_list: %s\n", err);
	else
		printf("loaded on the %s\n", b->device);
	ld_unload(b, module);
	ld_backend_close(b);
	ld_close(co);
	printf("templates:");
	for (unsigned i = 0; i < tpl_count(); i++)
		printf(" %s", tpl_at(i)->name);
	printf("\n");
	return rc ? 1 : 0;
}
