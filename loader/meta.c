/* meta.c — the NT_AMDGPU_METADATA note (MessagePack, code object v3+) decoded
 * with msgpack-c into struct ld_kernel / struct ld_arg.
 *
 * Every value is type- and range-checked: the note comes from a file we do not
 * trust.  Keys we do not know are skipped, so newer code objects still load. */
#include "loader/ld_internal.h"

#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool key_is(const msgpack_object *k, const char *s)
{
	size_t n = strlen(s);
	return k->type == MSGPACK_OBJECT_STR && k->via.str.size == n &&
	       memcmp(k->via.str.ptr, s, n) == 0;
}

/* Copy a string value; refuse what does not fit rather than truncate, since a
 * truncated name could match the wrong kernel or argument. */
static int get_str(const msgpack_object *v, char *dst, size_t cap)
{
	if (v->type != MSGPACK_OBJECT_STR || v->via.str.size >= cap ||
	    memchr(v->via.str.ptr, 0, v->via.str.size))
		return -1;
	memcpy(dst, v->via.str.ptr, v->via.str.size);
	dst[v->via.str.size] = 0;
	return 0;
}

#define RDNA3_PREFIX ".rdna3."
#define RDNA3_PREFIX_LEN (sizeof RDNA3_PREFIX - 1)

static bool is_rdna3_key(const msgpack_object *k)
{
	return k->type == MSGPACK_OBJECT_STR && k->via.str.size > RDNA3_PREFIX_LEN &&
	       memcmp(k->via.str.ptr, RDNA3_PREFIX, RDNA3_PREFIX_LEN) == 0 &&
	       !memchr(k->via.str.ptr, 0, k->via.str.size);
}

static int get_u32(const msgpack_object *v, uint32_t *dst)
{
	if (v->type != MSGPACK_OBJECT_POSITIVE_INTEGER || v->via.u64 > UINT32_MAX)
		return -1;
	*dst = (uint32_t)v->via.u64;
	return 0;
}

static int get_bool(const msgpack_object *v, bool *dst)
{
	if (v->type == MSGPACK_OBJECT_BOOLEAN)
		*dst = v->via.boolean;
	else if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER && v->via.u64 <= 1)
		*dst = v->via.u64 != 0;
	else
		return -1;
	return 0;
}

/* Unsigned per-kernel fields: one row per metadata key. */
static const struct {
	const char *key;
	size_t off;
} kernel_u32[] = {
	{ ".kernarg_segment_size", offsetof(struct ld_kernel, kernarg_size) },
	{ ".kernarg_segment_align", offsetof(struct ld_kernel, kernarg_align) },
	{ ".group_segment_fixed_size", offsetof(struct ld_kernel, group_segment_size) },
	{ ".private_segment_fixed_size", offsetof(struct ld_kernel, private_segment_size) },
	{ ".max_flat_workgroup_size", offsetof(struct ld_kernel, max_flat_workgroup_size) },
	{ ".wavefront_size", offsetof(struct ld_kernel, wavefront_size) },
	{ ".sgpr_count", offsetof(struct ld_kernel, sgpr_count) },
	{ ".vgpr_count", offsetof(struct ld_kernel, vgpr_count) },
	{ ".sgpr_spill_count", offsetof(struct ld_kernel, sgpr_spill_count) },
	{ ".vgpr_spill_count", offsetof(struct ld_kernel, vgpr_spill_count) },
	/* written by rdna3gen, see docs/metadata.md */
	{ ".rdna3.tile_m", offsetof(struct ld_kernel, tile_m) },
	{ ".rdna3.tile_n", offsetof(struct ld_kernel, tile_n) },
	{ ".rdna3.tile_k", offsetof(struct ld_kernel, tile_k) },
	{ ".rdna3.block_threads", offsetof(struct ld_kernel, block_threads) },
};

static const struct {
	const char *prefix;
	enum ld_value_kind kind;
} value_kinds[] = {
	{ "by_value", LD_ARG_BY_VALUE },
	{ "global_buffer", LD_ARG_GLOBAL_BUFFER },
	{ "hidden_", LD_ARG_HIDDEN },
};

static enum ld_value_kind kind_of(const char *s)
{
	for (size_t i = 0; i < sizeof value_kinds / sizeof value_kinds[0]; i++) {
		size_t n = strlen(value_kinds[i].prefix);
		bool prefix = value_kinds[i].prefix[n - 1] == '_';
		if (prefix ? strncmp(s, value_kinds[i].prefix, n) == 0
			   : strcmp(s, value_kinds[i].prefix) == 0)
			return value_kinds[i].kind;
	}
	return LD_ARG_OTHER;
}

static int decode_arg(const msgpack_object *m, struct ld_arg *a, const char *kname,
		      unsigned idx, char *err, size_t errlen)
{
	bool have_off = false, have_size = false, have_kind = false;

	if (m->type != MSGPACK_OBJECT_MAP)
		return vc_fail(err, errlen, LD_E_META, "kernel %s: argument %u is not a map",
			       kname, idx);
	for (uint32_t i = 0; i < m->via.map.size; i++) {
		const msgpack_object *k = &m->via.map.ptr[i].key, *v = &m->via.map.ptr[i].val;
		int bad = 0;
		if (key_is(k, ".name"))
			bad = get_str(v, a->name, sizeof a->name);
		else if (key_is(k, ".type_name"))
			bad = get_str(v, a->type_name, sizeof a->type_name);
		else if (key_is(k, ".value_type"))
			bad = get_str(v, a->value_type, sizeof a->value_type);
		else if (key_is(k, ".offset"))
			bad = get_u32(v, &a->offset), have_off = true;
		else if (key_is(k, ".size"))
			bad = get_u32(v, &a->size), have_size = true;
		else if (key_is(k, ".value_kind"))
			bad = get_str(v, a->value_kind, sizeof a->value_kind), have_kind = true;
		else if (key_is(k, ".address_space")) {
			char as[32];
			bad = get_str(v, as, sizeof as);
			if (!bad && strcmp(as, "constant") == 0)
				a->is_const = true;
		} else if (key_is(k, ".is_const"))
			bad = get_bool(v, &a->is_const);
		if (bad)
			return vc_fail(err, errlen, LD_E_META,
				       "kernel %s: argument %u: bad value for %.*s", kname, idx,
				       k->type == MSGPACK_OBJECT_STR ? (int)k->via.str.size : 3,
				       k->type == MSGPACK_OBJECT_STR ? k->via.str.ptr : "key");
	}
	if (!have_off || !have_size || !have_kind)
		return vc_fail(err, errlen, LD_E_META,
			       "kernel %s: argument %u lacks .offset, .size or .value_kind",
			       kname, idx);
	a->kind = kind_of(a->value_kind);
	return LD_OK;
}

/* Every .rdna3.* pair of kernel map m into kn->rdna3, kept for --list and for
 * keys added later.  LD_OK, or an error after the message. */
static int decode_rdna3_keys(const msgpack_object *m, struct ld_kernel *kn, char *err, size_t errlen)
{
	unsigned nr = 0;
	for (uint32_t i = 0; i < m->via.map.size; i++)
		nr += is_rdna3_key(&m->via.map.ptr[i].key);
	if (nr) {
		kn->rdna3 = calloc(nr, sizeof *kn->rdna3);
		if (!kn->rdna3)
			return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	}
	for (uint32_t i = 0; i < m->via.map.size; i++) {
		const msgpack_object *k = &m->via.map.ptr[i].key, *v = &m->via.map.ptr[i].val;
		if (!is_rdna3_key(k))
			continue;
		struct ld_meta_kv *kv = &kn->rdna3[kn->nrdna3];
		size_t kl = k->via.str.size - RDNA3_PREFIX_LEN;
		if (kl >= sizeof kv->key)
			return vc_fail(err, errlen, LD_E_META, "kernel %s: metadata key too long", kn->name);
		memcpy(kv->key, k->via.str.ptr + RDNA3_PREFIX_LEN, kl);
		if (v->type == MSGPACK_OBJECT_STR) {
			kv->is_str = true;
			if (get_str(v, kv->str, sizeof kv->str))
				return vc_fail(err, errlen, LD_E_META, "kernel %s: .rdna3.%s too long",
					       kn->name, kv->key);
		} else if (v->type == MSGPACK_OBJECT_POSITIVE_INTEGER && v->via.u64 <= INT64_MAX) {
			kv->ival = (int64_t)v->via.u64;
		} else if (v->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) {
			kv->ival = v->via.i64;
		} else if (v->type == MSGPACK_OBJECT_BOOLEAN) {
			/* LLVM's YAML step retypes words (LLVM 19: off, no, y become false
			 * or true, quoted or not): keep what it wrote, as text. */
			kv->is_str = true;
			snprintf(kv->str, sizeof kv->str, "%s", v->via.boolean ? "true" : "false");
		} else if (v->type == MSGPACK_OBJECT_FLOAT32 || v->type == MSGPACK_OBJECT_FLOAT64) {
			kv->is_str = true;     /* 1e3 (LLVM 22), as text */
			snprintf(kv->str, sizeof kv->str, "%.17g", v->via.f64);
		} else if (v->type == MSGPACK_OBJECT_NIL) {
			memset(kv, 0, sizeof *kv); /* 1e3, nan (LLVM 19): the value is lost; */
			continue;                  /* as if absent */
		} else {
			return vc_fail(err, errlen, LD_E_META, "kernel %s: .rdna3.%s is not a number or "
				       "string", kn->name, kv->key);
		}
		kn->nrdna3++;
	}
	return LD_OK;
}

static int decode_kernel(const msgpack_object *m, struct ld_kernel *kn, unsigned idx,
			 char *err, size_t errlen)
{
	const msgpack_object *args = NULL;
	bool have_name = false, have_sym = false, have_kas = false;

	if (m->type != MSGPACK_OBJECT_MAP)
		return vc_fail(err, errlen, LD_E_META, "kernel %u is not a map", idx);
	/* names first, so later messages can name the kernel */
	for (uint32_t i = 0; i < m->via.map.size; i++) {
		const msgpack_object *k = &m->via.map.ptr[i].key, *v = &m->via.map.ptr[i].val;
		if (key_is(k, ".name")) {
			if (get_str(v, kn->name, sizeof kn->name) || !kn->name[0])
				return vc_fail(err, errlen, LD_E_META, "kernel %u: bad .name", idx);
			have_name = true;
		}
	}
	if (!have_name)
		return vc_fail(err, errlen, LD_E_META, "kernel %u has no .name", idx);
	for (uint32_t i = 0; i < m->via.map.size; i++) {
		const msgpack_object *k = &m->via.map.ptr[i].key, *v = &m->via.map.ptr[i].val;
		int bad = 0;
		if (key_is(k, ".symbol"))
			bad = get_str(v, kn->symbol, sizeof kn->symbol), have_sym = true;
		else if (key_is(k, ".args")) {
			if (v->type != MSGPACK_OBJECT_ARRAY)
				bad = 1;
			args = v;
		} else if (key_is(k, ".rdna3.layout")) {
			bad = get_str(v, kn->layout, sizeof kn->layout);
		} else if (key_is(k, ".reqd_workgroup_size")) {
			if (v->type != MSGPACK_OBJECT_ARRAY || v->via.array.size != 3)
				bad = 1;
			for (unsigned d = 0; !bad && d < 3; d++)
				bad = get_u32(&v->via.array.ptr[d], &kn->reqd_workgroup_size[d]);
		} else {
			for (size_t t = 0; t < sizeof kernel_u32 / sizeof kernel_u32[0]; t++)
				if (key_is(k, kernel_u32[t].key)) {
					bad = get_u32(v, (uint32_t *)((char *)kn + kernel_u32[t].off));
					if (t == 0)
						have_kas = true;
					break;
				}
		}
		if (bad)
			return vc_fail(err, errlen, LD_E_META, "kernel %s: bad value for %.*s",
				       kn->name,
				       k->type == MSGPACK_OBJECT_STR ? (int)k->via.str.size : 3,
				       k->type == MSGPACK_OBJECT_STR ? k->via.str.ptr : "key");
	}
	int rc = decode_rdna3_keys(m, kn, err, errlen);
	if (rc)
		return rc;
	if (!have_sym || !have_kas)
		return vc_fail(err, errlen, LD_E_META,
			       "kernel %s lacks .symbol or .kernarg_segment_size", kn->name);
	if (kn->kernarg_size > 65536)
		return vc_fail(err, errlen, LD_E_META, "kernel %s: kernarg segment of %u bytes",
			       kn->name, kn->kernarg_size);
	if (!args || args->via.array.size == 0)
		return LD_OK;
	if (args->via.array.size > 4096)
		return vc_fail(err, errlen, LD_E_META, "kernel %s: %u arguments", kn->name,
			       args->via.array.size);
	kn->args = calloc(args->via.array.size, sizeof *kn->args);
	if (!kn->args)
		return vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
	kn->nargs = args->via.array.size;
	for (unsigned i = 0; i < kn->nargs; i++) {
		struct ld_arg *a = &kn->args[i];
		rc = decode_arg(&args->via.array.ptr[i], a, kn->name, i, err, errlen);
		if (rc)
			return rc;
		if ((uint64_t)a->offset + a->size > kn->kernarg_size)
			return vc_fail(err, errlen, LD_E_META,
				       "kernel %s: argument %u (offset %u, size %u) outside the "
				       "%u-byte kernarg segment", kn->name, i, a->offset, a->size,
				       kn->kernarg_size);
		if (a->kind != LD_ARG_HIDDEN && a->offset + a->size > kn->explicit_kernarg_size)
			kn->explicit_kernarg_size = a->offset + a->size;
		if (a->kind == LD_ARG_GLOBAL_BUFFER && a->size != 8)
			return vc_fail(err, errlen, LD_E_META,
				       "kernel %s: global_buffer argument %u of size %u",
				       kn->name, i, a->size);
	}
	return LD_OK;
}

/* MessagePack headers 0xc4..0xdf: how many big-endian length/count bytes follow,
 * fixed payload bytes after them, and what the length counts. */
enum mp_kind { MP_BAD, MP_FIXED, MP_BYTES, MP_ITEMS, MP_PAIRS };
static const struct {
	uint8_t len_bytes, fixed;
	uint8_t kind;
} mp_head[0xe0 - 0xc4] = {
	[0xc4 - 0xc4] = { 1, 0, MP_BYTES }, [0xc5 - 0xc4] = { 2, 0, MP_BYTES }, [0xc6 - 0xc4] = { 4, 0, MP_BYTES },
	[0xc7 - 0xc4] = { 1, 1, MP_BYTES }, [0xc8 - 0xc4] = { 2, 1, MP_BYTES }, [0xc9 - 0xc4] = { 4, 1, MP_BYTES },
	[0xca - 0xc4] = { 0, 4, MP_FIXED }, [0xcb - 0xc4] = { 0, 8, MP_FIXED },
	[0xcc - 0xc4] = { 0, 1, MP_FIXED }, [0xcd - 0xc4] = { 0, 2, MP_FIXED }, [0xce - 0xc4] = { 0, 4, MP_FIXED },
	[0xcf - 0xc4] = { 0, 8, MP_FIXED }, [0xd0 - 0xc4] = { 0, 1, MP_FIXED }, [0xd1 - 0xc4] = { 0, 2, MP_FIXED },
	[0xd2 - 0xc4] = { 0, 4, MP_FIXED }, [0xd3 - 0xc4] = { 0, 8, MP_FIXED }, [0xd4 - 0xc4] = { 0, 2, MP_FIXED },
	[0xd5 - 0xc4] = { 0, 3, MP_FIXED }, [0xd6 - 0xc4] = { 0, 5, MP_FIXED }, [0xd7 - 0xc4] = { 0, 9, MP_FIXED },
	[0xd8 - 0xc4] = { 0, 17, MP_FIXED }, [0xd9 - 0xc4] = { 1, 0, MP_BYTES }, [0xda - 0xc4] = { 2, 0, MP_BYTES },
	[0xdb - 0xc4] = { 4, 0, MP_BYTES }, [0xdc - 0xc4] = { 2, 0, MP_ITEMS }, [0xdd - 0xc4] = { 4, 0, MP_ITEMS },
	[0xde - 0xc4] = { 2, 0, MP_PAIRS }, [0xdf - 0xc4] = { 4, 0, MP_PAIRS },
};

/* Whether the first MessagePack object in p[0..n) is complete, every count of
 * an array or map within the bytes left (each item takes at least one).
 * msgpack-c allocates a container's items from its count before reading them,
 * so a corrupted count asked it for gigabytes; this walk needs no memory. */
static bool mp_complete(const uint8_t *p, size_t n)
{
	uint64_t pending = 1;     /* objects still to read */
	size_t at = 0;
	while (pending) {
		if (at >= n)
			return false;
		uint8_t b = p[at++];
		uint64_t skip = 0, items = 0;
		pending--;
		if (b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3)
			continue;
		if (b <= 0x8f)
			items = 2u * (b & 0x0f);
		else if (b <= 0x9f)
			items = b & 0x0f;
		else if (b <= 0xbf)
			skip = b & 0x1f;
		else if (b == 0xc1)
			return false;
		else {
			unsigned lb = mp_head[b - 0xc4].len_bytes;
			uint64_t len = 0;
			if (mp_head[b - 0xc4].kind == MP_BAD || n - at < lb)
				return false;
			for (unsigned i = 0; i < lb; i++)
				len = len << 8 | p[at++];
			switch (mp_head[b - 0xc4].kind) {
			case MP_FIXED: skip = mp_head[b - 0xc4].fixed; break;
			case MP_BYTES: skip = len + mp_head[b - 0xc4].fixed; break;
			case MP_ITEMS: items = len; break;
			default: items = 2 * len; break;
			}
		}
		if (skip > n - at)
			return false;
		at += (size_t)skip;
		pending += items;
		if (pending > n - at)
			return false;
	}
	return true;
}

int ld_meta_decode(struct ld_code_object *co, const void *desc, size_t n, char *err,
		   size_t errlen)
{
	msgpack_unpacked up;
	size_t off = 0;
	int rc = LD_OK;
	const msgpack_object *kernels = NULL;

	msgpack_unpacked_init(&up);
	if (!mp_complete(desc, n) || msgpack_unpack_next(&up, desc, n, &off) != MSGPACK_UNPACK_SUCCESS ||
	    up.data.type != MSGPACK_OBJECT_MAP) {
		rc = vc_fail(err, errlen, LD_E_META, "metadata note is not a MessagePack map");
		goto out;
	}
	for (uint32_t i = 0; i < up.data.via.map.size; i++) {
		const msgpack_object *k = &up.data.via.map.ptr[i].key;
		const msgpack_object *v = &up.data.via.map.ptr[i].val;
		if (key_is(k, "amdhsa.kernels"))
			kernels = v;
		else if (key_is(k, "amdhsa.target") && get_str(v, co->target, sizeof co->target)) {
			rc = vc_fail(err, errlen, LD_E_META, "bad amdhsa.target");
			goto out;
		}
	}
	if (!kernels || kernels->type != MSGPACK_OBJECT_ARRAY) {
		rc = vc_fail(err, errlen, LD_E_META, "metadata has no amdhsa.kernels list");
		goto out;
	}
	if (kernels->via.array.size == 0)
		goto out;
	if (kernels->via.array.size > 4096) {
		rc = vc_fail(err, errlen, LD_E_META, "%u kernels", kernels->via.array.size);
		goto out;
	}
	co->kernels = calloc(kernels->via.array.size, sizeof *co->kernels);
	if (!co->kernels) {
		rc = vc_fail(err, errlen, LD_E_NOMEM, "out of memory");
		goto out;
	}
	co->nkernels = kernels->via.array.size;
	for (unsigned i = 0; i < co->nkernels && !rc; i++) {
		rc = decode_kernel(&kernels->via.array.ptr[i], &co->kernels[i], i, err, errlen);
		for (unsigned j = 0; j < i && !rc; j++)
			if (strcmp(co->kernels[j].name, co->kernels[i].name) == 0)
				rc = vc_fail(err, errlen, LD_E_META, "kernel %s listed twice",
					     co->kernels[i].name);
	}
out:
	msgpack_unpacked_destroy(&up);
	return rc;
}

void ld_kernels_free(struct ld_kernel *k, unsigned n)
{
	if (!k)
		return;
	for (unsigned i = 0; i < n; i++) {
		free(k[i].args);
		free(k[i].rdna3);
	}
	free(k);
}

int ld_kernel_meta_int(const struct ld_kernel *k, const char *key, int64_t *v)
{
	for (unsigned i = 0; k && key && i < k->nrdna3; i++)
		if (!k->rdna3[i].is_str && strcmp(k->rdna3[i].key, key) == 0) {
			if (v)
				*v = k->rdna3[i].ival;
			return LD_OK;
		}
	return LD_E_META;
}

const char *ld_kernel_meta_str(const struct ld_kernel *k, const char *key)
{
	for (unsigned i = 0; k && key && i < k->nrdna3; i++)
		if (k->rdna3[i].is_str && strcmp(k->rdna3[i].key, key) == 0)
			return k->rdna3[i].str;
	return NULL;
}
