/* co.c — reading a code object for the default target (isa/targets.def):
 * ELF64 checks with libelf, PT_LOAD segments, kernel descriptors by their
 * NAME.kd symbols, the metadata note, dynamic relocations, and the loaded
 * image.
 *
 * Every offset, size and index read from the file is checked against the file
 * (and against LD_IMAGE_MAX) before use; libelf checks some of them too, but a
 * truncated file must give a reason, not a crash, whichever layer notices. */
#include "loader/ld_internal.h"

#include "isa/isa.h"

#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EM_AMDGPU_ 224
#define ELFOSABI_AMDGPU_HSA_ 64
#define EF_AMDGPU_MACH_MASK 0xffu
#define NT_AMDGPU_METADATA_ 32
#define R_AMDGPU_NONE_ 0
#define R_AMDGPU_ABS64_ 3
#define R_AMDGPU_RELATIVE64_ 13

/* Names of other GPUs' machines, only for the messages of LD_E_ARCH
 * (EF_AMDGPU_MACH_* values, each checked with clang-19 -mcpu=NAME and
 * llvm-readelf-19 -h); a value not listed is printed in hex.  The machines of
 * the project's own targets are named by their rows of isa/targets.def
 * (mach_name), so they are not repeated here. */
static const struct {
	unsigned mach;
	const char *name;
} mach_names[] = {
	{ 0x2c, "gfx900" }, { 0x2f, "gfx906" }, { 0x30, "gfx908" }, { 0x36, "gfx1030" },
	{ 0x3f, "gfx90a" }, { 0x40, "gfx940" }, { 0x45, "gfx1036" },
	{ 0x48, "gfx1200" }, { 0x4b, "gfx941" }, { 0x4c, "gfx942" },
	{ 0x4e, "gfx1201" }, { 0x51, "gfx9-generic" }, { 0x52, "gfx10-1-generic" },
	{ 0x53, "gfx10-3-generic" }, { 0x55, "gfx1152" }, { 0x59, "gfx12-generic" },
};

static const char *mach_name(unsigned mach)
{
	const struct isa_target *t = isa_target_by_mach(mach);
	if (t)
		return t->name;
	for (size_t i = 0; i < sizeof mach_names / sizeof mach_names[0]; i++)
		if (mach_names[i].mach == mach)
			return mach_names[i].name;
	return NULL;
}

/* The row of isa/targets.def a code object of machine `mach` runs on: its own
 * row, or the default target for the generic machine of the family. */
static const struct isa_target *target_of(unsigned mach)
{
	const struct isa_target *t = isa_target_by_mach(mach);
	if (!t && isa_target_runs(isa_target_default(), mach))
		t = isa_target_default();
	return t;
}

static bool range_ok(uint64_t off, uint64_t len, uint64_t total)
{
	return off <= total && len <= total - off;
}

/* Where vaddr..vaddr+len lies in the file, or NULL when it is not wholly
 * backed by file bytes of one PT_LOAD segment. */
static const uint8_t *file_bytes_at(const struct ld_code_object *co, uint64_t vaddr,
				    uint64_t len)
{
	for (unsigned i = 0; i < co->nsegs; i++) {
		const struct ld_segment *s = &co->segs[i];
		if (vaddr >= s->vaddr && range_ok(vaddr - s->vaddr, len, s->filesz))
			return co->bytes + s->offset + (vaddr - s->vaddr);
	}
	return NULL;
}

static int read_segments(struct ld_code_object *co, Elf *elf, char *err, size_t errlen)
{
	size_t phnum;
	if (elf_getphdrnum(elf, &phnum) != 0)
		return vc_fail(err, errlen, LD_E_ELF, "bad program headers: %s", elf_errmsg(-1));
	if (phnum == 0 || phnum > 4096)
		return vc_fail(err, errlen, LD_E_ELF, "%zu program headers", phnum);
	co->segs = calloc(phnum, sizeof *co->segs);
	if (!co->segs)
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph))
			return vc_fail(err, errlen, LD_E_ELF, "program header %zu unreadable: %s",
				       i, elf_errmsg(-1));
		if (ph.p_type != PT_LOAD)
			continue;
		if (!range_ok(ph.p_offset, ph.p_filesz, co->size))
			return vc_fail(err, errlen, LD_E_ELF,
				       "segment %zu (offset 0x%llx, %llu bytes) past the end of the "
				       "%zu-byte file (truncated?)", i, (unsigned long long)ph.p_offset,
				       (unsigned long long)ph.p_filesz, co->size);
		if (ph.p_filesz > ph.p_memsz || !range_ok(ph.p_vaddr, ph.p_memsz, LD_IMAGE_MAX))
			return vc_fail(err, errlen, LD_E_ELF,
				       "segment %zu: vaddr 0x%llx, %llu bytes in memory, %llu in the "
				       "file: out of range", i, (unsigned long long)ph.p_vaddr,
				       (unsigned long long)ph.p_memsz, (unsigned long long)ph.p_filesz);
		co->segs[co->nsegs++] = (struct ld_segment){ ph.p_vaddr, ph.p_memsz, ph.p_offset,
							     ph.p_filesz, (ph.p_flags & PF_X) != 0 };
		if (ph.p_vaddr + ph.p_memsz > co->image_size)
			co->image_size = ph.p_vaddr + ph.p_memsz;
	}
	if (co->nsegs == 0)
		return vc_fail(err, errlen, LD_E_ELF, "no loadable segment");
	return LD_OK;
}

/* Section data, after checking the section lies inside the file. */
static Elf_Data *section_data(struct ld_code_object *co, Elf_Scn *scn, const GElf_Shdr *sh)
{
	if (sh->sh_type != SHT_NOBITS && !range_ok(sh->sh_offset, sh->sh_size, co->size))
		return NULL;
	Elf_Data *d = elf_getdata(scn, NULL);
	if (d && d->d_size && !d->d_buf)
		return NULL;
	return d;
}

static int read_note(struct ld_code_object *co, Elf_Scn *scn, const GElf_Shdr *sh,
		     bool *found, char *err, size_t errlen)
{
	Elf_Data *d = section_data(co, scn, sh);
	if (!d)
		return vc_fail(err, errlen, LD_E_ELF, "note section unreadable (truncated?)");
	size_t off = 0, next;
	GElf_Nhdr nh;
	size_t name_off, desc_off;
	while (off < d->d_size && (next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
		if (!range_ok(name_off, nh.n_namesz, d->d_size) ||
		    !range_ok(desc_off, nh.n_descsz, d->d_size))
			return vc_fail(err, errlen, LD_E_ELF, "note outside its section");
		const char *name = (const char *)d->d_buf + name_off;
		if (nh.n_type == NT_AMDGPU_METADATA_ && nh.n_namesz == 7 &&
		    memcmp(name, "AMDGPU", 7) == 0) {
			if (*found)
				return vc_fail(err, errlen, LD_E_META, "two metadata notes");
			*found = true;
			int rc = ld_meta_decode(co, (const uint8_t *)d->d_buf + desc_off,
						nh.n_descsz, err, errlen);
			if (rc)
				return rc;
		}
		off = next;
	}
	return LD_OK;
}

/* Fill kd_vaddr and kd[] of every metadata kernel from its NAME.kd symbol. */
static int read_symbols(struct ld_code_object *co, Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh,
			char *err, size_t errlen)
{
	bool keep_objects = co->nsyms == 0; /* .dynsym and .symtab list the same ones */
	Elf_Data *d = section_data(co, scn, sh);
	if (!d)
		return vc_fail(err, errlen, LD_E_ELF, "symbol table unreadable (truncated?)");
	if (sh->sh_entsize != sizeof(Elf64_Sym))
		return vc_fail(err, errlen, LD_E_ELF, "symbol table entry size %llu",
			       (unsigned long long)sh->sh_entsize);
	size_t nsym = d->d_size / sizeof(Elf64_Sym);
	for (size_t i = 1; i < nsym; i++) {
		GElf_Sym sym;
		if (!gelf_getsym(d, (int)i, &sym))
			return vc_fail(err, errlen, LD_E_ELF, "symbol %zu unreadable", i);
		if (sym.st_shndx == SHN_UNDEF)
			continue;
		const char *name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name)
			return vc_fail(err, errlen, LD_E_ELF, "symbol %zu: bad name offset", i);
		if ((GELF_ST_TYPE(sym.st_info) == STT_OBJECT || GELF_ST_TYPE(sym.st_info) == STT_NOTYPE) &&
		    keep_objects && name[0] &&
		    range_ok(sym.st_value, sym.st_size, co->image_size)) {
			struct ld_symbol *ns = realloc(co->syms, (co->nsyms + 1) * sizeof *ns);
			if (!ns)
				return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
			co->syms = ns;
			ns[co->nsyms].name = strdup(name);
			if (!ns[co->nsyms].name)
				return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
			ns[co->nsyms].vaddr = sym.st_value;
			ns[co->nsyms++].size = sym.st_size;
		}
		for (unsigned k = 0; k < co->nkernels; k++) {
			struct ld_kernel *kn = &co->kernels[k];
			if (strcmp(kn->symbol, name) != 0 || kn->kd_vaddr)
				continue;
			const uint8_t *p = file_bytes_at(co, sym.st_value, 64);
			if (!p || sym.st_value == 0)
				return vc_fail(err, errlen, LD_E_ELF,
					       "kernel %s: descriptor %s at 0x%llx is not inside the "
					       "file's loadable data", kn->name, name,
					       (unsigned long long)sym.st_value);
			kn->kd_vaddr = sym.st_value;
			memcpy(kn->kd, p, 64);
		}
	}
	return LD_OK;
}

static int read_relocs(struct ld_code_object *co, Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh,
		       char *err, size_t errlen)
{
	Elf_Data *d = section_data(co, scn, sh);
	if (!d)
		return vc_fail(err, errlen, LD_E_ELF, "relocation section unreadable (truncated?)");
	if (sh->sh_entsize != sizeof(Elf64_Rela))
		return vc_fail(err, errlen, LD_E_ELF, "relocation entry size %llu",
			       (unsigned long long)sh->sh_entsize);
	size_t n = d->d_size / sizeof(Elf64_Rela);
	if (n == 0)
		return LD_OK;
	if (n > co->size / sizeof(Elf64_Rela))
		return vc_fail(err, errlen, LD_E_ELF, "%zu relocations", n);
	struct ld_reloc *r = realloc(co->relocs, (co->nrelocs + n) * sizeof *r);
	if (!r)
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	co->relocs = r;

	Elf_Data *symd = NULL;
	GElf_Shdr symsh;
	Elf_Scn *symscn = elf_getscn(elf, sh->sh_link);
	if (symscn && gelf_getshdr(symscn, &symsh) &&
	    (symsh.sh_type == SHT_DYNSYM || symsh.sh_type == SHT_SYMTAB))
		symd = section_data(co, symscn, &symsh);

	for (size_t i = 0; i < n; i++) {
		GElf_Rela ra;
		if (!gelf_getrela(d, (int)i, &ra))
			return vc_fail(err, errlen, LD_E_ELF, "relocation %zu unreadable", i);
		uint32_t type = (uint32_t)GELF_R_TYPE(ra.r_info);
		uint32_t symi = (uint32_t)GELF_R_SYM(ra.r_info);
		uint64_t value = (uint64_t)ra.r_addend;
		if (type == R_AMDGPU_NONE_)
			continue;
		if (type != R_AMDGPU_RELATIVE64_ && type != R_AMDGPU_ABS64_)
			return vc_fail(err, errlen, LD_E_RELOC,
				       "relocation type %u at 0x%llx is not supported", type,
				       (unsigned long long)ra.r_offset);
		if (type == R_AMDGPU_ABS64_) {
			GElf_Sym sym;
			if (!symd || !gelf_getsym(symd, (int)symi, &sym) || symi == 0)
				return vc_fail(err, errlen, LD_E_ELF,
					       "relocation %zu: bad symbol index %u", i, symi);
			if (sym.st_shndx == SHN_UNDEF)
				return vc_fail(err, errlen, LD_E_RELOC,
					       "relocation at 0x%llx needs an undefined symbol",
					       (unsigned long long)ra.r_offset);
			value += sym.st_value;
		}
		if (!range_ok(ra.r_offset, 8, co->image_size))
			return vc_fail(err, errlen, LD_E_ELF,
				       "relocation at 0x%llx outside the %llu-byte image",
				       (unsigned long long)ra.r_offset,
				       (unsigned long long)co->image_size);
		co->relocs[co->nrelocs++] = (struct ld_reloc){ ra.r_offset, value, type };
	}
	return LD_OK;
}

static int parse(struct ld_code_object *co, char *err, size_t errlen)
{
	static const uint8_t magic[4] = { 0x7f, 'E', 'L', 'F' };
	int rc;

	if (co->size < 4 || memcmp(co->bytes, magic, 4) != 0)
		return vc_fail(err, errlen, LD_E_ELF, "not an ELF file");
	if (co->size < sizeof(Elf64_Ehdr))
		return vc_fail(err, errlen, LD_E_ELF, "truncated ELF header (%zu bytes)", co->size);
	if (co->bytes[EI_CLASS] != ELFCLASS64 || co->bytes[EI_DATA] != ELFDATA2LSB)
		return vc_fail(err, errlen, LD_E_ELF, "not a little-endian ELF64 file");

	if (elf_version(EV_CURRENT) == EV_NONE)
		return vc_fail(err, errlen, LD_E_ELF, "libelf: %s", elf_errmsg(-1));
	Elf *elf = elf_memory((char *)co->bytes, co->size);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		rc = vc_fail(err, errlen, LD_E_ELF, "unreadable ELF: %s", elf_errmsg(-1));
		goto out;
	}
	GElf_Ehdr eh;
	if (!gelf_getehdr(elf, &eh)) {
		rc = vc_fail(err, errlen, LD_E_ELF, "bad ELF header: %s", elf_errmsg(-1));
		goto out;
	}
	if (eh.e_machine != EM_AMDGPU_) {
		rc = vc_fail(err, errlen, LD_E_ELF, "not an AMDGPU code object (e_machine %u)",
			     eh.e_machine);
		goto out;
	}
	if (eh.e_ident[EI_OSABI] != ELFOSABI_AMDGPU_HSA_ || eh.e_type != ET_DYN) {
		rc = vc_fail(err, errlen, LD_E_ELF,
			     "not an AMDHSA code object (OS ABI %u, type %u; want 64, shared)",
			     eh.e_ident[EI_OSABI], eh.e_type);
		goto out;
	}
	co->mach = eh.e_flags & EF_AMDGPU_MACH_MASK;
	co->abi_version = eh.e_ident[EI_ABIVERSION];
	if (!(co->target_row = target_of(co->mach))) {
		char names[128];
		isa_target_names(names, sizeof names);
		const char *name = mach_name(co->mach);
		rc = name ? vc_fail(err, errlen, LD_E_ARCH, "code object is for %s, not %s", name, names)
			  : vc_fail(err, errlen, LD_E_ARCH, "code object is for machine 0x%x, not %s", co->mach,
				    names);
		goto out;
	}
	if ((rc = read_segments(co, elf, err, errlen)))
		goto out;

	/* Notes first: the kernels they describe are matched to symbols after. */
	size_t shnum;
	if (elf_getshdrnum(elf, &shnum) != 0 || shnum > 65536) {
		rc = vc_fail(err, errlen, LD_E_ELF, "bad section headers: %s", elf_errmsg(-1));
		goto out;
	}
	bool have_meta = false, have_syms = false;
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh)) {
			rc = vc_fail(err, errlen, LD_E_ELF, "bad section header: %s", elf_errmsg(-1));
			goto out;
		}
		if (sh.sh_type == SHT_NOTE && (rc = read_note(co, scn, &sh, &have_meta, err, errlen)))
			goto out;
	}
	if (!have_meta) {
		rc = vc_fail(err, errlen, LD_E_META, "no NT_AMDGPU_METADATA note (code object v3+)");
		goto out;
	}
	scn = NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh)) {
			rc = vc_fail(err, errlen, LD_E_ELF, "bad section header");
			goto out;
		}
		if (sh.sh_type == SHT_DYNSYM || sh.sh_type == SHT_SYMTAB) {
			have_syms = true;
			rc = read_symbols(co, elf, scn, &sh, err, errlen);
		} else if (sh.sh_type == SHT_RELA && (sh.sh_flags & SHF_ALLOC)) {
			rc = read_relocs(co, elf, scn, &sh, err, errlen);
		} else if (sh.sh_type == SHT_REL && sh.sh_size && (sh.sh_flags & SHF_ALLOC)) {
			rc = vc_fail(err, errlen, LD_E_RELOC, "REL relocations are not supported");
		}
		if (rc)
			goto out;
	}
	if (!have_syms && co->nkernels) {
		rc = vc_fail(err, errlen, LD_E_ELF, "no symbol table");
		goto out;
	}
	for (unsigned k = 0; k < co->nkernels; k++)
		if (!co->kernels[k].kd_vaddr) {
			rc = vc_fail(err, errlen, LD_E_META, "kernel %s: no descriptor symbol %s",
				     co->kernels[k].name, co->kernels[k].symbol);
			goto out;
		}
	rc = LD_OK;
out:
	if (elf)
		elf_end(elf);
	return rc;
}

/* A clang offload bundle (what `hipcc --genco` writes) holding code objects
 * for several targets: "__CLANG_OFFLOAD_BUNDLE__", an entry count, then per
 * entry offset, size, target-ID length and target ID (all 64-bit LE).  The
 * default target's entry is chosen; its processor may carry feature suffixes
 * (NAME:xnack-). */
static const char bundle_magic[] = "__CLANG_OFFLOAD_BUNDLE__";
#define BUNDLE_MAGIC_LEN (sizeof bundle_magic - 1)

static uint64_t rd64le(const uint8_t *p)
{
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static int bundle_entry(const uint8_t *b, size_t n, size_t *off, size_t *size, char *err,
			size_t errlen)
{
	char seen[160] = "";
	const char *want = isa_target_default()->name;
	size_t want_len = strlen(want), pos = BUNDLE_MAGIC_LEN;
	if (n < pos + 8)
		return vc_fail(err, errlen, LD_E_ELF, "truncated offload bundle");
	uint64_t count = rd64le(b + pos);
	pos += 8;
	if (count > 4096)
		return vc_fail(err, errlen, LD_E_ELF, "offload bundle with %llu entries",
			       (unsigned long long)count);
	for (uint64_t i = 0; i < count; i++) {
		if (!range_ok(pos, 24, n))
			return vc_fail(err, errlen, LD_E_ELF, "truncated offload bundle");
		uint64_t eo = rd64le(b + pos), es = rd64le(b + pos + 8), tl = rd64le(b + pos + 16);
		pos += 24;
		if (!range_ok(pos, tl, n) || !range_ok(eo, es, n))
			return vc_fail(err, errlen, LD_E_ELF, "offload bundle entry %llu out of the file",
				       (unsigned long long)i);
		const char *t = (const char *)b + pos;
		pos += tl;
		/* the processor follows the last "--" (hipv4-amdgcn-amd-amdhsa--NAME) */
		const char *proc = NULL;
		for (size_t j = 0; j + 1 < tl; j++)
			if (t[j] == '-' && t[j + 1] == '-')
				proc = t + j + 2;
		size_t pl = proc ? tl - (size_t)(proc - t) : 0;
		if (proc && pl >= want_len && memcmp(proc, want, want_len) == 0 &&
		    (pl == want_len || proc[want_len] == ':') && es > 0) {
			*off = (size_t)eo;
			*size = (size_t)es;
			return LD_OK;
		}
		if (strlen(seen) + tl + 3 < sizeof seen)
			snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%s%.*s",
				 seen[0] ? ", " : "", (int)tl, t);
	}
	return vc_fail(err, errlen, LD_E_ARCH, "offload bundle has no %s code object (has: %s)", want,
		       seen[0] ? seen : "nothing");
}

int ld_open_mem(const void *bytes, size_t n, struct ld_code_object **out, char *err,
		size_t errlen)
{
	if (out)
		*out = NULL;
	if (bytes && n >= BUNDLE_MAGIC_LEN && memcmp(bytes, bundle_magic, BUNDLE_MAGIC_LEN) == 0) {
		size_t off = 0, size = 0;
		int rc = bundle_entry(bytes, n, &off, &size, err, errlen);
		if (rc)
			return rc;
		if (size >= BUNDLE_MAGIC_LEN &&
		    memcmp((const uint8_t *)bytes + off, bundle_magic, BUNDLE_MAGIC_LEN) == 0)
			return vc_fail(err, errlen, LD_E_ELF, "offload bundle inside a bundle");
		return ld_open_mem((const uint8_t *)bytes + off, size, out, err, errlen);
	}

	if (!out || (!bytes && n))
		return vc_fail(err, errlen, LD_E_ARG, "ld_open_mem: no buffer");
	struct ld_code_object *co = calloc(1, sizeof *co);
	if (!co)
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	co->bytes = malloc(n ? n : 1);
	if (!co->bytes) {
		ld_close(co);
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	}
	if (n)
		memcpy(co->bytes, bytes, n);
	co->size = n;
	int rc = parse(co, err, errlen);
	if (rc) {
		ld_close(co);
		return rc;
	}
	*out = co;
	return LD_OK;
}

int ld_open_file(const char *path, struct ld_code_object **out, char *err, size_t errlen)
{
	char msg[200];
	if (!path || !out)
		return vc_fail(err, errlen, LD_E_ARG, "ld_open_file: no path");
	*out = NULL;
	FILE *f = fopen(path, "rb");
	if (!f)
		return vc_fail(err, errlen, LD_E_IO, "%s: %s", path, strerror(errno));
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0;
	for (;;) {
		if (n == cap) {
			if (cap >= LD_IMAGE_MAX) {
				fclose(f);
				free(buf);
				return vc_fail(err, errlen, LD_E_ELF, "%s: larger than %llu MiB", path,
					       (unsigned long long)(LD_IMAGE_MAX >> 20));
			}
			cap = cap ? 2 * cap : 65536;
			uint8_t *nb = realloc(buf, cap);
			if (!nb) {
				fclose(f);
				free(buf);
				return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	int read_errno = ferror(f) ? errno : 0;
	fclose(f);
	if (read_errno) {
		free(buf);
		return vc_fail(err, errlen, LD_E_IO, "%s: %s", path, strerror(read_errno));
	}
	int rc = ld_open_mem(buf, n, out, msg, sizeof msg);
	free(buf);
	if (rc)
		return vc_fail(err, errlen, rc, "%s: %s", path, msg);
	return LD_OK;
}

int ld_open_image(const void *p, struct ld_code_object **out, char *err, size_t errlen)
{
	static const uint8_t magic[4] = { 0x7f, 'E', 'L', 'F' };
	Elf64_Ehdr eh;
	if (!p || !out)
		return vc_fail(err, errlen, LD_E_ARG, "ld_open_image: no image");
	*out = NULL;
	/* Compare byte by byte: p may be a short buffer that is neither. */
	size_t same = 0;
	while (same < BUNDLE_MAGIC_LEN && ((const char *)p)[same] == bundle_magic[same])
		same++;
	if (same == BUNDLE_MAGIC_LEN) {
		/* the bundle ends after its headers and its last entry */
		const uint8_t *b = p;
		uint64_t count = rd64le(b + BUNDLE_MAGIC_LEN), pos = BUNDLE_MAGIC_LEN + 8, end = pos;
		for (uint64_t i = 0; i < count && i < 4096 && pos < LD_IMAGE_MAX; i++) {
			uint64_t eo = rd64le(b + pos), es = rd64le(b + pos + 8), tl = rd64le(b + pos + 16);
			if (eo > LD_IMAGE_MAX || es > LD_IMAGE_MAX || tl > 4096)
				return vc_fail(err, errlen, LD_E_ELF, "bad offload bundle header");
			pos += 24 + tl;
			end = eo + es > end ? eo + es : end;
		}
		end = pos > end ? pos : end;
		if (end > LD_IMAGE_MAX)
			return vc_fail(err, errlen, LD_E_ELF, "offload bundle too large");
		return ld_open_mem(p, (size_t)end, out, err, errlen);
	}
	for (int i = 0; i < 4; i++)
		if (((const uint8_t *)p)[i] != magic[i])
			return vc_fail(err, errlen, LD_E_ELF, "not an ELF image");
	memcpy(&eh, p, sizeof eh);
	if (eh.e_ident[EI_CLASS] != ELFCLASS64)
		return vc_fail(err, errlen, LD_E_ELF, "not an ELF64 image");
	if ((eh.e_shnum && eh.e_shentsize != sizeof(Elf64_Shdr)) ||
	    (eh.e_phnum && eh.e_phentsize != sizeof(Elf64_Phdr)) ||
	    eh.e_shoff > LD_IMAGE_MAX || eh.e_phoff > LD_IMAGE_MAX)
		return vc_fail(err, errlen, LD_E_ELF, "bad ELF header tables");
	/* The file ends after the last of: the header tables, each section's
	 * bytes, each segment's file bytes. */
	uint64_t end = sizeof eh;
	uint64_t t = eh.e_shoff + (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr);
	end = t > end ? t : end;
	t = eh.e_phoff + (uint64_t)eh.e_phnum * sizeof(Elf64_Phdr);
	end = t > end ? t : end;
	const uint8_t *b = p;
	for (unsigned i = 0; i < eh.e_shnum; i++) {
		Elf64_Shdr sh;
		memcpy(&sh, b + eh.e_shoff + (uint64_t)i * sizeof sh, sizeof sh);
		if (sh.sh_type != SHT_NOBITS && sh.sh_offset <= LD_IMAGE_MAX &&
		    sh.sh_size <= LD_IMAGE_MAX && sh.sh_offset + sh.sh_size > end)
			end = sh.sh_offset + sh.sh_size;
	}
	for (unsigned i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		memcpy(&ph, b + eh.e_phoff + (uint64_t)i * sizeof ph, sizeof ph);
		if (ph.p_offset <= LD_IMAGE_MAX && ph.p_filesz <= LD_IMAGE_MAX &&
		    ph.p_offset + ph.p_filesz > end)
			end = ph.p_offset + ph.p_filesz;
	}
	if (end > LD_IMAGE_MAX)
		return vc_fail(err, errlen, LD_E_ELF, "image larger than %llu MiB",
			       (unsigned long long)(LD_IMAGE_MAX >> 20));
	return ld_open_mem(p, (size_t)end, out, err, errlen);
}

void ld_close(struct ld_code_object *co)
{
	if (!co)
		return;
	ld_kernels_free(co->kernels, co->nkernels);
	for (size_t i = 0; i < co->nsyms; i++)
		free(co->syms[i].name);
	free(co->syms);
	free(co->relocs);
	free(co->segs);
	free(co->bytes);
	free(co);
}

unsigned ld_kernel_count(const struct ld_code_object *co)
{
	return co ? co->nkernels : 0;
}

const struct ld_kernel *ld_kernel_at(const struct ld_code_object *co, unsigned i)
{
	return co && i < co->nkernels ? &co->kernels[i] : NULL;
}

const struct ld_kernel *ld_kernel_find(const struct ld_code_object *co, const char *name)
{
	if (!co || !name)
		return NULL;
	for (unsigned i = 0; i < co->nkernels; i++)
		if (strcmp(co->kernels[i].name, name) == 0 || strcmp(co->kernels[i].symbol, name) == 0)
			return &co->kernels[i];
	return NULL;
}

const struct ld_arg *ld_arg_find(const struct ld_kernel *k, const char *name)
{
	if (!k || !name || !name[0])
		return NULL;
	for (unsigned i = 0; i < k->nargs; i++)
		if (strcmp(k->args[i].name, name) == 0)
			return &k->args[i];
	size_t n = strlen(name);
	for (unsigned i = 0; i < k->nargs; i++)
		if (strncmp(k->args[i].name, name, n) == 0 && strcmp(k->args[i].name + n, ".coerce") == 0)
			return &k->args[i];
	return NULL;
}

int ld_symbol_find(const struct ld_code_object *co, const char *name, uint64_t *vaddr,
		   uint64_t *size)
{
	for (size_t i = 0; co && name && i < co->nsyms; i++)
		if (strcmp(co->syms[i].name, name) == 0) {
			if (vaddr)
				*vaddr = co->syms[i].vaddr;
			if (size)
				*size = co->syms[i].size;
			return LD_OK;
		}
	return LD_E_NOKERNEL;
}

const struct isa_target *ld_target(const struct ld_code_object *co) { return co->target_row; }

unsigned ld_machine(const struct ld_code_object *co) { return co->mach; }

bool ld_code_segment(const struct ld_code_object *co, unsigned i, uint64_t *vaddr, uint64_t *size)
{
	for (unsigned k = 0; k < co->nsegs; k++)
		if (co->segs[k].exec && i-- == 0) {
			*vaddr = co->segs[k].vaddr;
			*size = co->segs[k].filesz;
			return true;
		}
	return false;
}

const void *ld_elf_bytes(const struct ld_code_object *co, size_t *n)
{
	if (n)
		*n = co ? co->size : 0;
	return co ? co->bytes : NULL;
}

size_t ld_image_size(const struct ld_code_object *co)
{
	return co ? (size_t)co->image_size : 0;
}

int ld_image(const struct ld_code_object *co, uint64_t base, void *dst, size_t dst_size,
	     char *err, size_t errlen)
{
	if (!co || !dst)
		return vc_fail(err, errlen, LD_E_ARG, "ld_image: no code object or buffer");
	if (dst_size < co->image_size)
		return vc_fail(err, errlen, LD_E_ARG, "ld_image: buffer of %zu bytes, image needs %llu",
			       dst_size, (unsigned long long)co->image_size);
	uint8_t *img = dst;
	memset(img, 0, co->image_size); /* bss and the gaps between segments */
	for (unsigned i = 0; i < co->nsegs; i++)
		memcpy(img + co->segs[i].vaddr, co->bytes + co->segs[i].offset, co->segs[i].filesz);
	for (size_t i = 0; i < co->nrelocs; i++) {
		uint64_t v = base + co->relocs[i].value;
		memcpy(img + co->relocs[i].offset, &v, 8); /* little-endian host and device */
	}
	return LD_OK;
}
