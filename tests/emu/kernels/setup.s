// Wave start state: every user SGPR enabled, workgroup ids x/y/z, work-item
// ids x/y/z.  Each work-item stores a record of what it was given at
// out + 32 * (workgroup linear id * 45 + local linear id); block (5,3,3),
// grid (2,3,2): the second wave of each workgroup is partial (13 lanes).
// Record: v0, wg x, wg y, wg z, packet[4..7], packet[8..11], exec_lo, s8.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl setup
.p2align 8
.type setup,@function
setup:
	s_load_b64 s[20:21], s[4:5], 0x0      // out, through the kernarg pointer
	s_load_b64 s[22:23], s[0:1], 0x4      // dispatch packet: workgroup sizes
	s_load_b32 s26, s[2:3], 0x0           // the queue pointer must be readable
	v_bfe_u32 v1, v0, 0, 10
	v_bfe_u32 v2, v0, 10, 10
	v_bfe_u32 v3, v0, 20, 10
	v_mad_u32_u24 v1, v2, 5, v1
	v_mad_u32_u24 v1, v3, 15, v1          // local linear id
	s_mul_i32 s24, s10, 2
	s_add_u32 s24, s24, s9
	s_mul_i32 s25, s11, 6
	s_add_u32 s24, s24, s25
	s_mul_i32 s24, s24, 45
	v_add_nc_u32 v1, s24, v1
	v_lshlrev_b32 v1, 5, v1
	v_mov_b32 v4, v0
	v_mov_b32 v5, s9
	v_mov_b32 v6, s10
	v_mov_b32 v7, s11
	s_waitcnt lgkmcnt(0)
	v_mov_b32 v8, s22
	v_mov_b32 v9, s23
	v_mov_b32 v10, exec_lo
	v_mov_b32 v11, s8
	global_store_b128 v1, v[4:7], s[20:21]
	global_store_b128 v1, v[8:11], s[20:21] offset:16
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel setup
	.amdhsa_next_free_vgpr 16
	.amdhsa_next_free_sgpr 32
	.amdhsa_user_sgpr_dispatch_ptr 1
	.amdhsa_user_sgpr_queue_ptr 1
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_user_sgpr_dispatch_id 1
	.amdhsa_user_sgpr_private_segment_size 1
	.amdhsa_system_sgpr_workgroup_id_x 1
	.amdhsa_system_sgpr_workgroup_id_y 1
	.amdhsa_system_sgpr_workgroup_id_z 1
	.amdhsa_system_vgpr_workitem_id 2
	.amdhsa_private_segment_fixed_size 24
	.amdhsa_kernarg_size 8
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: setup
    .symbol: setup.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 24
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 32
    .vgpr_count: 16
    .args:
      - { .name: records, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
.end_amdgpu_metadata
