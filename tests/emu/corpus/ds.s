// DS: every row, offsets (single, offset0/offset1), gds, swizzle patterns.
ds_load_b32 v0, v1
ds_load_b64 v[0:1], v1
ds_load_b96 v[0:2], v1
ds_load_b128 v[0:3], v1
ds_load_2addr_b32 v[0:1], v1 offset1:1
ds_load_2addr_b64 v[0:3], v1 offset1:1
ds_load_2addr_stride64_b32 v[0:1], v1 offset1:1
ds_load_2addr_stride64_b64 v[0:3], v1 offset1:1
ds_store_b32 v1, v0
ds_store_b64 v1, v[0:1]
ds_store_b96 v1, v[0:2]
ds_store_b128 v1, v[0:3]
ds_store_2addr_b32 v1, v0, v2 offset1:1
ds_store_2addr_b64 v1, v[0:1], v[2:3] offset1:1
ds_store_2addr_stride64_b32 v1, v0, v2 offset1:1
ds_store_2addr_stride64_b64 v1, v[0:1], v[2:3] offset1:1
ds_load_u8 v0, v1
ds_load_u16 v0, v1
ds_store_b8 v1, v0
ds_store_b16 v1, v0
ds_add_u32 v1, v0
ds_add_rtn_u32 v0, v1, v2
ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,16)
ds_bpermute_b32 v0, v1, v2
ds_permute_b32 v0, v1, v2
ds_load_b32 v0, v1 offset:65535
ds_load_b32 v0, v1 offset:4
ds_store_b32 v1, v2 offset:4
ds_load_2addr_b32 v[0:1], v1 offset0:4 offset1:255
ds_load_2addr_b32 v[0:1], v1
ds_load_2addr_b32 v[0:1], v1 offset0:1
ds_store_2addr_b64 v1, v[0:1], v[2:3] offset0:2 offset1:3
ds_store_b32 v1, v2 gds
ds_add_u32 v1, v2 offset:8
ds_add_rtn_u32 v0, v1, v2 offset:8
ds_swizzle_b32 v0, v1 offset:0x1f
ds_swizzle_b32 v0, v1 offset:swizzle(QUAD_PERM,0,1,2,3)
ds_swizzle_b32 v0, v1 offset:swizzle(BITMASK_PERM,"01pip")
ds_swizzle_b32 v0, v1 offset:swizzle(BROADCAST,4,1)
ds_swizzle_b32 v0, v1 offset:swizzle(REVERSE,8)
ds_swizzle_b32 v0, v1 offset:swizzle(SWAP,1)
ds_swizzle_b32 v0, v1
ds_bpermute_b32 v0, v1, v2 offset:4
ds_load_b128 v[252:255], v255 offset:16
ds_load_b64 v[254:255], v0 offset:8
ds_load_b96 v[4:6], v1 offset:12
ds_store_b96 v1, v[4:6] offset:12
ds_store_b128 v255, v[252:255] offset:65520
ds_load_2addr_stride64_b32 v[0:1], v1 offset0:255 offset1:1
ds_store_2addr_stride64_b64 v1, v[0:1], v[2:3] offset0:1
ds_store_2addr_b32 v1, v2, v3
ds_load_u8 v0, v1 offset:1
ds_load_u16 v0, v1 offset:2
ds_store_b8 v1, v0 offset:3
ds_store_b16 v1, v0 offset:6
ds_permute_b32 v0, v1, v2 offset:16
.long 0xD8D48100, 0x00000001   // swizzle: QUAD_PERM bit with stray bits
.long 0xD8D47FFF, 0x00000001
.long 0xD8D4003C, 0x00000001
.long 0xD8D4001E, 0x00000001
.long 0xD8D40C1F, 0x00000001
// LDS atomics
ds_add_f32 v0, v1
ds_add_rtn_f32 v0, v1, v2 offset:4
ds_sub_u32 v0, v1
ds_min_i32 v0, v1
ds_max_i32 v0, v1
ds_min_u32 v0, v1
ds_max_u32 v0, v1
ds_and_b32 v0, v1
ds_or_b32 v0, v1
ds_xor_b32 v0, v1
ds_min_f32 v0, v1
ds_max_f32 v0, v1
ds_cmpstore_b32 v0, v1, v2 offset:8
ds_cmpstore_rtn_b32 v0, v1, v2, v3
ds_storexchg_rtn_b32 v0, v1, v2
ds_sub_rtn_u32 v0, v1, v2
ds_min_rtn_i32 v0, v1, v2
ds_max_rtn_i32 v0, v1, v2
ds_min_rtn_u32 v0, v1, v2
ds_max_rtn_u32 v0, v1, v2
ds_and_rtn_b32 v0, v1, v2
ds_or_rtn_b32 v0, v1, v2
ds_xor_rtn_b32 v0, v1, v2
ds_load_i8 v0, v1 offset:3
ds_load_i16 v0, v1
ds_add_u64 v0, v[2:3]
ds_add_rtn_u64 v[0:1], v1, v[2:3] offset:16
