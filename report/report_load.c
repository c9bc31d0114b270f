/* report_load.c — reports on code objects and assembly files: the kernel's
 * machine code is decoded by the emulator's decoder (emu/decode.h), its
 * resources read from the descriptor and the metadata (loader/loader.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_out/asm_out.h"
#include "report/report_internal.h"
#include "loader/loader.h"

static const struct ld_kernel *pick_kernel(const struct ld_code_object *co, const char *name,
					   char *err, size_t errlen)
{
	unsigned n = ld_kernel_count(co);
	if (name) {
		const struct ld_kernel *k = ld_kernel_find(co, name);
		if (!k) {
			char list[256] = "";
			size_t m = 0;
			for (unsigned i = 0; i < n && m < sizeof list - 1; i++)
				m += (size_t)snprintf(list + m, sizeof list - m, "%s%s", i ? ", " : "",
						      ld_kernel_at(co, i)->name);
			vc_fail(err, errlen, RP_E_INPUT, "no kernel '%s' in the code object (kernels: %s)", name,
				n ? list : "none");
		}
		return k;
	}
	if (n == 1)
		return ld_kernel_at(co, 0);
	if (n == 0)
		vc_fail(err, errlen, RP_E_INPUT, "the code object has no kernel");
	else
		vc_fail(err, errlen, RP_E_INPUT, "the code object has %u kernels: name one with --kernel (first: %s)",
			n, ld_kernel_at(co, 0)->name);
	return NULL;
}

static int report_co(const struct ld_code_object *co, const char *name, struct rp_report *r,
		     char *err, size_t errlen)
{
	const struct ld_kernel *k = pick_kernel(co, name, err, errlen);
	if (!k)
		return RP_E_INPUT;
	/* Only what the report needs from the descriptor (AMDGPUUsage, "Kernel
	 * Descriptor"): the code entry (byte 16, signed 64-bit, relative to the
	 * descriptor), COMPUTE_PGM_RSRC1.WGP_MODE (byte 48, bit 29) and
	 * KERNEL_CODE_PROPERTIES.ENABLE_WAVEFRONT_SIZE32 (byte 56, bit 10).  The
	 * emulator's emu_kd_parse would refuse kernels it cannot run (trap
	 * handler, round modes, dynamic stack) that the report can still read. */
	uint64_t entry_u = 0;
	for (int i = 7; i >= 0; i--)
		entry_u = entry_u << 8 | k->kd[16 + i];
	uint32_t rsrc1 = (uint32_t)k->kd[48] | (uint32_t)k->kd[49] << 8 | (uint32_t)k->kd[50] << 16 |
			 (uint32_t)k->kd[51] << 24;
	unsigned props = (unsigned)k->kd[56] | (unsigned)k->kd[57] << 8;
	if (!(props & (1u << 10)))
		return vc_fail(err, errlen, RP_E_INPUT,
			       "kernel %s is wave64: the report models wave32 (VOPD, VGPR granules) only", k->name);
	bool wgp_mode = rsrc1 & (1u << 29);
	size_t isz = ld_image_size(co);
	uint8_t *img = malloc(isz ? isz : 1);
	if (!img)
		return vc_fail(err, errlen, RP_E_NOMEM, "out of memory");
	char lerr[256];
	if (ld_image(co, 0, img, isz, lerr, sizeof lerr)) {
		free(img);
		return vc_fail(err, errlen, RP_E_INPUT, "%s", lerr);
	}
	long long entry = (long long)k->kd_vaddr + (long long)(int64_t)entry_u;
	if (entry < 0 || (unsigned long long)entry >= isz || entry % 4) {
		free(img);
		return vc_fail(err, errlen, RP_E_INPUT, "kernel %s: code entry 0x%llx outside the image", k->name,
			       entry);
	}
	int rc = rp_insts_from_code(img + entry, isz - (size_t)entry, &r->insts, &r->ninsts, err, errlen);
	free(img);
	if (rc)
		return rc;
	struct rp_summary *s = &r->sum;
	snprintf(s->kernel, sizeof s->kernel, "%s", k->name);
	snprintf(s->source, sizeof s->source, "code object");
	s->target = ld_target(co);   /* the code object's: its VGPR file decides the occupancy */
	s->vgprs = k->vgpr_count;
	s->sgprs = k->sgpr_count;
	s->lds_bytes = k->group_segment_size;
	s->block_threads = k->max_flat_workgroup_size;
	s->wgp_mode = wgp_mode;
	rc = rp_analyse(r, err, errlen);
	if (rc)
		return rc;
	int64_t kf = 0;
	if (ld_kernel_meta_int(k, "kstep_fmas", &kf))
		kf = 0;
	rp_apply_meta(r, (long)kf, ld_kernel_meta_str(k, "single_why"));
	return 0;
}

int rp_from_code_object(const void *bytes, size_t n, const char *kernel, struct rp_report *r,
			char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	struct ld_code_object *co = NULL;
	char lerr[256];
	int lrc = ld_open_mem(bytes, n, &co, lerr, sizeof lerr);
	if (lrc)
		return vc_fail(err, errlen, lrc == LD_E_NOMEM ? RP_E_NOMEM : RP_E_INPUT, "%s", lerr);
	int rc = report_co(co, kernel, r, err, errlen);
	ld_close(co);
	if (rc)
		rp_free(r);
	return rc;
}

static int read_all(const char *path, char **out, size_t *n, char *err, size_t errlen)
{
	int rc = ao_read_file(path, out, n, err, errlen);
	return rc == 0 ? 0 : rc == AO_E_NOMEM ? RP_E_NOMEM : RP_E_INPUT;
}

static bool ends_with(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Assemble the .s text into a code object (in memory). */
static int assemble(const char *path, const char *text, size_t len, char **co, size_t *con,
		    char *err, size_t errlen)
{
	*co = NULL;
	*con = 0;
	struct ao_toolchain tc;
	char terr[512];
	if (ao_toolchain_find(&tc, terr, sizeof terr))
		return vc_fail(err, errlen, RP_E_TOOL, "%s", terr);
	void *bytes;
	int rc = ao_assemble(&tc, text, len, path, &bytes, con, NULL, NULL, terr, sizeof terr);
	if (rc)
		return vc_fail(err, errlen, rc == AO_E_ASM ? RP_E_INPUT : RP_E_TOOL, "%s", terr);
	*co = bytes;
	return 0;
}

int rp_from_file(const char *path, const char *kernel, struct rp_report *r, char *err, size_t errlen)
{
	memset(r, 0, sizeof *r);
	char *bytes = NULL;
	size_t n = 0;
	int rc = read_all(path, &bytes, &n, err, errlen);
	if (rc)
		return rc;
	bool is_s = ends_with(path, ".s") || ends_with(path, ".S");
	if (is_s) {
		char *co;
		size_t con;
		rc = assemble(path, bytes, n, &co, &con, err, errlen);
		free(bytes);
		if (rc)
			return rc;
		bytes = co;
		n = con;
	}
	char cerr[768];
	rc = rp_from_code_object(bytes, n, kernel, r, cerr, sizeof cerr);
	free(bytes);
	if (rc)
		vc_fail(err, errlen, rc, "%s: %s", path, cerr);
	if (rc == 0 && is_s)
		snprintf(r->sum.source, sizeof r->sum.source, "assembly");
	return rc;
}

int rp_summary_from_file(const char *path, const char *kernel, struct rp_summary *s,
			 char *err, size_t errlen)
{
	struct rp_report r;
	int rc = rp_from_file(path, kernel, &r, err, errlen);
	if (rc == 0)
		*s = r.sum;
	rp_free(&r);
	return rc;
}
