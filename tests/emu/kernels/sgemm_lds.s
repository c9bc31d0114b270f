// LDS-tiled SGEMM: C = A * B, row-major N x N floats, N a multiple of 64.
// Kernargs: A@0 B@8 C@16 N@24.  Grid (N/64, N/64), block 256: each workgroup
// computes a 64x64 tile of C, each thread 4x4 of it.  Per k-step of 16 the
// workgroup stages A (transposed, 16x64) and B (16x64) in LDS between two
// barriers, so the loop holds two s_barrier per iteration.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl sgemm_lds
.p2align 8
.type sgemm_lds,@function
sgemm_lds:
	s_load_b128 s[4:7], s[0:1], 0x0
	s_load_b64 s[8:9], s[0:1], 0x10
	s_load_b32 s10, s[0:1], 0x18
	v_and_b32 v1, 15, v0                  // tx
	v_lshrrev_b32 v2, 4, v0               // ty
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s14, s3, 6                 // m0 = 64 * workgroup y
	s_lshl_b32 s15, s2, 6                 // n0 = 64 * workgroup x
	// A: ((m0 + tid/4) * N + (tid%4)*4) * 4
	v_lshrrev_b32 v3, 2, v0
	v_add_nc_u32 v3, s14, v3
	v_mul_lo_u32 v3, v3, s10
	v_and_b32 v9, 3, v0
	v_lshl_add_u32 v3, v9, 2, v3
	v_lshlrev_b32 v3, 2, v3
	// B: ((tid/16) * N + n0 + (tid%16)*4) * 4
	v_mul_lo_u32 v4, v2, s10
	v_add_nc_u32 v4, s15, v4
	v_lshl_add_u32 v4, v1, 2, v4
	v_lshlrev_b32 v4, 2, v4
	// LDS As[k][m] at 0: store address (tid%4)*4*64*4 + (tid/4)*4
	v_lshlrev_b32 v5, 10, v9
	v_lshrrev_b32 v10, 2, v0
	v_lshl_add_u32 v5, v10, 2, v5
	// LDS Bs[k][n] at 4096: (tid/16)*256 + (tid%16)*16
	v_lshlrev_b32 v6, 8, v2
	v_lshl_add_u32 v6, v1, 4, v6
	v_add_nc_u32 v6, 0x1000, v6
	v_lshlrev_b32 v7, 4, v2               // As read base: ty*16
	v_lshlrev_b32 v8, 4, v1               // Bs read base: tx*16
.irp i, 32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47
	v_mov_b32 v\i, 0
.endr
	s_lshl_b32 s12, s10, 6                // B advance per k-step: 16 rows * N * 4
	s_lshr_b32 s11, s10, 4                // k-steps
.Lloop:
	global_load_b128 v[12:15], v3, s[4:5]
	global_load_b128 v[16:19], v4, s[6:7]
	v_add_nc_u32 v3, 64, v3
	v_add_nc_u32 v4, s12, v4
	s_waitcnt vmcnt(0)
	ds_store_b32 v5, v12
	ds_store_b32 v5, v13 offset:256
	ds_store_b32 v5, v14 offset:512
	ds_store_b32 v5, v15 offset:768
	ds_store_b128 v6, v[16:19]
	s_waitcnt lgkmcnt(0)
	s_barrier
.irp k, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
	ds_load_b128 v[20:23], v7 offset:\k*256
	ds_load_b128 v[24:27], v8 offset:4096+\k*256
	s_waitcnt lgkmcnt(0)
.irp i, 0,1,2,3
.irp j, 0,1,2,3
	v_fmac_f32 v[32+\i*4+\j], v[20+\i], v[24+\j]
.endr
.endr
.endr
	s_barrier
	s_sub_u32 s11, s11, 1
	s_cmp_lg_u32 s11, 0
	s_cbranch_scc1 .Lloop
	// C: ((m0 + ty*4) * N + n0 + tx*4) * 4, one row of 4 per store
	v_lshl_add_u32 v9, v2, 2, s14
	v_mul_lo_u32 v9, v9, s10
	v_add_nc_u32 v9, s15, v9
	v_lshl_add_u32 v9, v1, 2, v9
	v_lshlrev_b32 v9, 2, v9
	s_lshl_b32 s13, s10, 2
	global_store_b128 v9, v[32:35], s[8:9]
	v_add_nc_u32 v9, s13, v9
	global_store_b128 v9, v[36:39], s[8:9]
	v_add_nc_u32 v9, s13, v9
	global_store_b128 v9, v[40:43], s[8:9]
	v_add_nc_u32 v9, s13, v9
	global_store_b128 v9, v[44:47], s[8:9]
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel sgemm_lds
	.amdhsa_next_free_vgpr 48
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_system_sgpr_workgroup_id_x 1
	.amdhsa_system_sgpr_workgroup_id_y 1
	.amdhsa_group_segment_fixed_size 8192
	.amdhsa_kernarg_size 28
	.amdhsa_wavefront_size32 1
	.amdhsa_float_denorm_mode_32 3
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: sgemm_lds
    .symbol: sgemm_lds.kd
    .kernarg_segment_size: 28
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 8192
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 48
    .args:
      - { .name: A, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: B, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: C, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: dim, .offset: 24, .size: 4, .value_kind: by_value }
...
.end_amdgpu_metadata
