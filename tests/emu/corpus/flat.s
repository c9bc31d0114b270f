// GLOBAL, SCRATCH, FLAT: every row, SGPR base or 64-bit VGPR address, offsets, cache bits.
global_load_b32 v0, v1, s[0:1]
global_load_b64 v[0:1], v1, s[0:1]
global_load_b96 v[0:2], v1, s[0:1]
global_load_b128 v[0:3], v1, s[0:1]
global_load_u8 v0, v1, s[0:1]
global_load_i8 v0, v1, s[0:1]
global_load_u16 v0, v1, s[0:1]
global_load_i16 v0, v1, s[0:1]
global_store_b32 v1, v0, s[0:1]
global_store_b64 v1, v[0:1], s[0:1]
global_store_b96 v1, v[0:2], s[0:1]
global_store_b128 v1, v[0:3], s[0:1]
global_store_b8 v1, v0, s[0:1]
global_store_b16 v1, v0, s[0:1]
global_atomic_add_u32 v1, v0, s[0:1]
global_atomic_add_f32 v1, v0, s[0:1]
scratch_load_b32 v0, v1, off
scratch_load_b64 v[0:1], v1, off
scratch_load_b96 v[0:2], v1, off
scratch_load_b128 v[0:3], v1, off
scratch_store_b32 v1, v0, off
scratch_store_b64 v1, v[0:1], off
scratch_store_b96 v1, v[0:2], off
scratch_store_b128 v1, v[0:3], off
flat_load_b32 v0, v[0:1]
flat_store_b32 v[0:1], v2
global_load_b32 v0, v[2:3], off
global_load_b32 v0, v[2:3], off offset:-4096
global_load_b32 v0, v[2:3], off offset:4095
global_load_b32 v0, v1, s[2:3] offset:-16 glc slc dlc
global_load_b128 v[0:3], v1, s[2:3] offset:16
global_store_b32 v[2:3], v0, off
global_store_b128 v1, v[4:7], s[2:3] offset:64 glc
global_atomic_add_u32 v0, v1, v2, s[2:3] glc
global_atomic_add_u32 v1, v2, s[2:3]
global_atomic_add_u32 v[0:1], v2, off
global_atomic_add_u32 v0, v[0:1], v2, off glc
global_atomic_add_f32 v[0:1], v2, off offset:8
scratch_load_b32 v0, off, s2
scratch_load_b32 v0, off, s2 offset:16
scratch_load_b32 v0, v1, s2 offset:-16
scratch_load_b32 v0, off, off offset:16
scratch_load_b32 v0, v1, off
scratch_store_b32 off, v0, s2 offset:4
scratch_store_b32 v1, v0, off
scratch_store_b128 off, v[0:3], s2
flat_load_b32 v0, v[0:1] offset:4095
flat_load_b32 v0, v[0:1] glc
flat_store_b32 v[0:1], v2 offset:16
global_load_b64 v[0:1], v[2:3], off offset:8
global_load_b96 v[0:2], v[2:3], off
global_load_b128 v[252:255], v[2:3], off offset:-16
global_load_u8 v0, v[2:3], off offset:1
global_load_i16 v0, v1, s[104:105] offset:2 slc
global_store_b8 v[2:3], v0, off offset:1
global_store_b16 v1, v0, s[2:3] dlc
global_store_b64 v[2:3], v[4:5], off offset:-8
global_store_b96 v1, v[4:6], s[2:3] offset:12
global_atomic_add_f32 v1, v2, s[2:3] offset:4
scratch_load_b64 v[0:1], off, s2 offset:8
scratch_load_b96 v[0:2], v1, s2
scratch_load_b128 v[0:3], off, off offset:-4096
scratch_store_b64 off, v[0:1], s105 offset:4095
scratch_store_b96 v1, v[0:2], off offset:12 glc slc
flat_load_b32 v0, v[254:255] offset:4095
.long 0xDC501FFF, 0x007C0000   // flat offset bit 12
buffer_gl0_inv
buffer_gl1_inv
global_atomic_swap_b32 v0, v1, v2, s[0:1] glc
global_atomic_cmpswap_b32 v0, v1, v[2:3], s[0:1] glc
global_atomic_add_u32 v0, v1, v2, s[0:1] glc
global_atomic_sub_u32 v0, v1, v2, s[0:1] glc
global_atomic_min_i32 v0, v1, v2, s[0:1] glc
global_atomic_min_u32 v0, v1, v2, s[0:1] glc
global_atomic_max_i32 v0, v1, v2, s[0:1] glc
global_atomic_max_u32 v0, v1, v2, s[0:1] glc
global_atomic_and_b32 v0, v1, v2, s[0:1] glc
global_atomic_or_b32 v0, v1, v2, s[0:1] glc
global_atomic_xor_b32 v0, v1, v2, s[0:1] glc
global_atomic_inc_u32 v0, v1, v2, s[0:1] glc
global_atomic_dec_u32 v0, v1, v2, s[0:1] glc
global_atomic_swap_b64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_cmpswap_b64 v[0:1], v1, v[2:5], s[0:1] glc
global_atomic_add_u64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_min_f32 v0, v1, v2, s[0:1] glc
global_atomic_max_f32 v0, v1, v2, s[0:1] glc
global_atomic_add_f32 v1, v2, s[0:1]
flat_load_u8 v0, v[0:1]
flat_load_i8 v0, v[0:1]
flat_load_u16 v0, v[0:1]
flat_load_i16 v0, v[0:1]
flat_load_b64 v[0:1], v[0:1]
flat_load_b96 v[0:2], v[0:1]
flat_load_b128 v[0:3], v[0:1]
flat_store_b8 v[0:1], v2
flat_store_b16 v[0:1], v2
flat_store_b64 v[0:1], v[2:3]
flat_store_b96 v[0:1], v[2:4]
flat_store_b128 v[0:1], v[2:5]
flat_atomic_add_u32 v0, v[0:1], v2 glc
flat_atomic_cmpswap_b32 v0, v[0:1], v[2:3] glc
flat_atomic_swap_b32 v0, v[0:1], v2 glc
flat_atomic_add_f32 v[0:1], v2
scratch_load_u8 v0, v1, off
scratch_load_i8 v0, v1, off
scratch_load_u16 v0, v1, off
scratch_load_i16 v0, v1, off
scratch_store_b8 v1, v0, off
scratch_store_b16 v1, v0, off
global_atomic_cmpswap_b32 v1, v[2:3], s[0:1] offset:-4
global_atomic_cmpswap_b64 v[0:1], v[2:5], off
global_atomic_add_u64 v[0:1], v[0:1], v[2:3], off glc
flat_atomic_cmpswap_b32 v[0:1], v[2:3] offset:8
global_load_b32 v0, v1, s[0:1] offset:4 glc slc dlc
flat_atomic_sub_u32 v0, v[2:3], v4 glc
flat_atomic_sub_u32 v[2:3], v4 offset:4
flat_atomic_min_i32 v0, v[2:3], v4 glc
flat_atomic_min_i32 v[2:3], v4 offset:4
flat_atomic_min_u32 v0, v[2:3], v4 glc
flat_atomic_min_u32 v[2:3], v4 offset:4
flat_atomic_max_i32 v0, v[2:3], v4 glc
flat_atomic_max_i32 v[2:3], v4 offset:4
flat_atomic_max_u32 v0, v[2:3], v4 glc
flat_atomic_max_u32 v[2:3], v4 offset:4
flat_atomic_and_b32 v0, v[2:3], v4 glc
flat_atomic_and_b32 v[2:3], v4 offset:4
flat_atomic_or_b32 v0, v[2:3], v4 glc
flat_atomic_or_b32 v[2:3], v4 offset:4
flat_atomic_xor_b32 v0, v[2:3], v4 glc
flat_atomic_xor_b32 v[2:3], v4 offset:4
flat_atomic_inc_u32 v0, v[2:3], v4 glc
flat_atomic_inc_u32 v[2:3], v4 offset:4
flat_atomic_dec_u32 v0, v[2:3], v4 glc
flat_atomic_dec_u32 v[2:3], v4 offset:4
flat_atomic_min_f32 v0, v[2:3], v4 glc
flat_atomic_min_f32 v[2:3], v4 offset:4
flat_atomic_max_f32 v0, v[2:3], v4 glc
flat_atomic_max_f32 v[2:3], v4 offset:4
flat_atomic_swap_b64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_cmpswap_b64 v[2:3], v[4:7]
flat_atomic_add_u64 v[0:1], v[2:3], v[4:5] glc
global_atomic_sub_u64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_sub_u64 v[4:5], v[6:7], off offset:8
flat_atomic_sub_u64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_sub_u64 v[2:3], v[4:5]
global_atomic_min_i64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_min_i64 v[4:5], v[6:7], off offset:8
flat_atomic_min_i64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_min_i64 v[2:3], v[4:5]
global_atomic_min_u64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_min_u64 v[4:5], v[6:7], off offset:8
flat_atomic_min_u64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_min_u64 v[2:3], v[4:5]
global_atomic_max_i64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_max_i64 v[4:5], v[6:7], off offset:8
flat_atomic_max_i64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_max_i64 v[2:3], v[4:5]
global_atomic_max_u64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_max_u64 v[4:5], v[6:7], off offset:8
flat_atomic_max_u64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_max_u64 v[2:3], v[4:5]
global_atomic_and_b64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_and_b64 v[4:5], v[6:7], off offset:8
flat_atomic_and_b64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_and_b64 v[2:3], v[4:5]
global_atomic_or_b64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_or_b64 v[4:5], v[6:7], off offset:8
flat_atomic_or_b64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_or_b64 v[2:3], v[4:5]
global_atomic_xor_b64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_xor_b64 v[4:5], v[6:7], off offset:8
flat_atomic_xor_b64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_xor_b64 v[2:3], v[4:5]
global_atomic_inc_u64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_inc_u64 v[4:5], v[6:7], off offset:8
flat_atomic_inc_u64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_inc_u64 v[2:3], v[4:5]
global_atomic_dec_u64 v[0:1], v1, v[2:3], s[0:1] glc
global_atomic_dec_u64 v[4:5], v[6:7], off offset:8
flat_atomic_dec_u64 v[0:1], v[2:3], v[4:5] glc
flat_atomic_dec_u64 v[2:3], v[4:5]
