// Cross-lane operations on a full wave: every lane stores row k of the result
// at out[32*k + lane].  Rows: 0 ds_bpermute from lane^1, 1 ds_permute to lane^3,
// 2 ds_swizzle quad_perm [3,2,1,0], 3 ds_swizzle bitmask (xor 1),
// 4 v_readlane of lane 7 (via s), 5 v_writelane into lane 5, 6 v_mbcnt,
// 7 compare mask (lanes < 12) read back through v_cndmask,
// 8 s_and_saveexec to even lanes then v_mov (odd lanes keep 0xee).
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl lanes
.p2align 8
.type lanes,@function
lanes:
	s_load_b64 s[4:5], s[0:1], 0x0
	v_lshlrev_b32 v1, 2, v0              // lane * 4
	v_mul_u32_u24 v2, v0, 10             // lane * 10
	s_waitcnt lgkmcnt(0)
	// row 0: bpermute from lane ^ 1
	v_xor_b32 v3, 4, v1
	ds_bpermute_b32 v4, v3, v2
	// row 1: permute to lane ^ 3
	v_xor_b32 v3, 12, v1
	ds_permute_b32 v5, v3, v2
	// rows 2, 3: swizzles
	ds_swizzle_b32 v6, v2 offset:swizzle(QUAD_PERM, 3, 2, 1, 0)
	ds_swizzle_b32 v7, v2 offset:swizzle(BITMASK_PERM, "ppppi")
	s_waitcnt lgkmcnt(0)
	// row 4: readlane 7
	v_readlane_b32 s6, v2, 7
	v_mov_b32 v8, s6
	// row 5: writelane 999 into lane 5
	v_mov_b32 v9, v2
	s_movk_i32 s7, 999
	v_writelane_b32 v9, s7, 5
	// row 6: mbcnt of all ones
	v_mbcnt_lo_u32_b32 v10, -1, 0
	// row 7: lanes < 12 select 1
	v_cmp_gt_u32_e32 vcc_lo, 12, v0
	v_cndmask_b32_e64 v11, 0, 1, vcc_lo
	// row 8: even lanes only
	v_mov_b32 v12, 0xee
	v_and_b32 v13, 1, v0
	v_cmp_eq_u32_e32 vcc_lo, 0, v13
	s_and_saveexec_b32 s8, vcc_lo
	v_mov_b32 v12, v2
	s_mov_b32 exec_lo, s8
	global_store_b32 v1, v4, s[4:5]
	global_store_b32 v1, v5, s[4:5] offset:128
	global_store_b32 v1, v6, s[4:5] offset:256
	global_store_b32 v1, v7, s[4:5] offset:384
	global_store_b32 v1, v8, s[4:5] offset:512
	global_store_b32 v1, v9, s[4:5] offset:640
	global_store_b32 v1, v10, s[4:5] offset:768
	global_store_b32 v1, v11, s[4:5] offset:896
	global_store_b32 v1, v12, s[4:5] offset:1024
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel lanes
	.amdhsa_next_free_vgpr 16
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 8
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: lanes
    .symbol: lanes.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 16
    .args:
      - { .name: rows, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
.end_amdgpu_metadata
