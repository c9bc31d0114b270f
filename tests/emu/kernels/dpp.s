// DPP16 and DPP8 source forms on a full wave: every lane stores row k of the
// result at out[32*k + lane].  v2 = lane * 10 + 1 is the source; every
// destination starts as 0xee so lanes that do not write are seen.
// Rows: 0 row_shr:1 bound_ctrl:1, 1 row_shr:1 (no write at each row's lane 0),
// 2 row_shl:3, 3 row_ror:5, 4 row_mirror, 5 row_half_mirror, 6 row_share:6,
// 7 row_xmask:9, 8 quad_perm:[2,3,0,1], 9 row_mask:0x1 (row 1 keeps 0xee),
// 10 bank_mask:0x5, 11 dpp8:[7,6,5,4,3,2,1,0], 12 v_add_nc_u32_dpp with
// row_shr:2 plus lane (src1 not permuted), 13 with EXEC = even lanes:
// row_shl:1 bound_ctrl:1 (odd sources are inactive: 0), 14 the same with fi:1,
// 15 v_add3_u32_e64_dpp (a VOP3 DPP form) row_shr:1 bound_ctrl:1 plus 2 lane.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl dpp
.p2align 8
.type dpp,@function
dpp:
	s_load_b64 s[4:5], s[0:1], 0x0
	v_lshlrev_b32 v1, 2, v0              // lane * 4
	v_mad_u32_u24 v2, v0, 10, 1          // lane * 10 + 1
	v_mov_b32 v10, 0xee
	v_mov_b32 v11, 0xee
	v_mov_b32 v12, 0xee
	v_mov_b32 v13, 0xee
	v_mov_b32 v14, 0xee
	v_mov_b32 v15, 0xee
	v_mov_b32 v16, 0xee
	v_mov_b32 v17, 0xee
	v_mov_b32 v18, 0xee
	v_mov_b32 v19, 0xee
	v_mov_b32 v20, 0xee
	v_mov_b32 v21, 0xee
	v_mov_b32 v22, 0xee
	v_mov_b32 v23, 0xee
	v_mov_b32 v24, 0xee
	v_mov_b32 v25, 0xee
	v_mov_b32_dpp v10, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_mov_b32_dpp v11, v2 row_shr:1 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v12, v2 row_shl:3 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v13, v2 row_ror:5 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v14, v2 row_mirror row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v15, v2 row_half_mirror row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v16, v2 row_share:6 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v17, v2 row_xmask:9 row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v18, v2 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf
	v_mov_b32_dpp v19, v2 quad_perm:[0,1,2,3] row_mask:0x1 bank_mask:0xf
	v_mov_b32_dpp v20, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0x5
	v_mov_b32_dpp v21, v2 dpp8:[7,6,5,4,3,2,1,0]
	v_add_nc_u32_dpp v22, v2, v0 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_add3_u32_e64_dpp v25, v2, v0, v0 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_and_b32 v3, 1, v0
	v_cmp_eq_u32_e32 vcc_lo, 0, v3
	s_and_saveexec_b32 s8, vcc_lo
	v_mov_b32_dpp v23, v2 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_mov_b32_dpp v24, v2 row_shl:1 row_mask:0xf bank_mask:0xf fi:1
	s_mov_b32 exec_lo, s8
	s_waitcnt lgkmcnt(0)
	global_store_b32 v1, v10, s[4:5]
	global_store_b32 v1, v11, s[4:5] offset:128
	global_store_b32 v1, v12, s[4:5] offset:256
	global_store_b32 v1, v13, s[4:5] offset:384
	global_store_b32 v1, v14, s[4:5] offset:512
	global_store_b32 v1, v15, s[4:5] offset:640
	global_store_b32 v1, v16, s[4:5] offset:768
	global_store_b32 v1, v17, s[4:5] offset:896
	global_store_b32 v1, v18, s[4:5] offset:1024
	global_store_b32 v1, v19, s[4:5] offset:1152
	global_store_b32 v1, v20, s[4:5] offset:1280
	global_store_b32 v1, v21, s[4:5] offset:1408
	global_store_b32 v1, v22, s[4:5] offset:1536
	global_store_b32 v1, v23, s[4:5] offset:1664
	global_store_b32 v1, v24, s[4:5] offset:1792
	global_store_b32 v1, v25, s[4:5] offset:1920
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel dpp
	.amdhsa_next_free_vgpr 32
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 8
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: dpp
    .symbol: dpp.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 32
    .args:
      - { .name: rows, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
.end_amdgpu_metadata
