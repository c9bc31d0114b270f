// FMA-heavy loops for bench/emu_rate.  fma_loop: per iteration 32
// v_dual_fmac_f32 (64 FMAs per lane) and 3 scalar instructions; fmac_loop: the
// same 64 FMAs as single v_fmac_f32.  Kernarg: out@0, iterations@8.  No
// .amdgcn_target: the target is the assembler's -mcpu (tests/emu/harness.c).
.amdhsa_code_object_version 5
.text
.globl fma_loop
.p2align 8
.type fma_loop,@function
fma_loop:
	s_load_b64 s[4:5], s[0:1], 0x0
	s_load_b32 s6, s[0:1], 0x8
	v_cvt_f32_u32 v0, v0
	v_mul_f32 v1, 0x3f000000, v0
	v_add_f32 v2, 1.0, v0
	v_sub_f32 v3, 2.0, v0
.irp i, 8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71
	v_mov_b32 v\i, 0
.endr
	s_waitcnt lgkmcnt(0)
.Lloop:
	v_dual_fmac_f32 v8, v0, v1 :: v_dual_fmac_f32 v9, v2, v3
	v_dual_fmac_f32 v10, v0, v1 :: v_dual_fmac_f32 v11, v2, v3
	v_dual_fmac_f32 v12, v0, v1 :: v_dual_fmac_f32 v13, v2, v3
	v_dual_fmac_f32 v14, v0, v1 :: v_dual_fmac_f32 v15, v2, v3
	v_dual_fmac_f32 v16, v0, v1 :: v_dual_fmac_f32 v17, v2, v3
	v_dual_fmac_f32 v18, v0, v1 :: v_dual_fmac_f32 v19, v2, v3
	v_dual_fmac_f32 v20, v0, v1 :: v_dual_fmac_f32 v21, v2, v3
	v_dual_fmac_f32 v22, v0, v1 :: v_dual_fmac_f32 v23, v2, v3
	v_dual_fmac_f32 v24, v0, v1 :: v_dual_fmac_f32 v25, v2, v3
	v_dual_fmac_f32 v26, v0, v1 :: v_dual_fmac_f32 v27, v2, v3
	v_dual_fmac_f32 v28, v0, v1 :: v_dual_fmac_f32 v29, v2, v3
	v_dual_fmac_f32 v30, v0, v1 :: v_dual_fmac_f32 v31, v2, v3
	v_dual_fmac_f32 v32, v0, v1 :: v_dual_fmac_f32 v33, v2, v3
	v_dual_fmac_f32 v34, v0, v1 :: v_dual_fmac_f32 v35, v2, v3
	v_dual_fmac_f32 v36, v0, v1 :: v_dual_fmac_f32 v37, v2, v3
	v_dual_fmac_f32 v38, v0, v1 :: v_dual_fmac_f32 v39, v2, v3
	v_dual_fmac_f32 v40, v0, v1 :: v_dual_fmac_f32 v41, v2, v3
	v_dual_fmac_f32 v42, v0, v1 :: v_dual_fmac_f32 v43, v2, v3
	v_dual_fmac_f32 v44, v0, v1 :: v_dual_fmac_f32 v45, v2, v3
	v_dual_fmac_f32 v46, v0, v1 :: v_dual_fmac_f32 v47, v2, v3
	v_dual_fmac_f32 v48, v0, v1 :: v_dual_fmac_f32 v49, v2, v3
	v_dual_fmac_f32 v50, v0, v1 :: v_dual_fmac_f32 v51, v2, v3
	v_dual_fmac_f32 v52, v0, v1 :: v_dual_fmac_f32 v53, v2, v3
	v_dual_fmac_f32 v54, v0, v1 :: v_dual_fmac_f32 v55, v2, v3
	v_dual_fmac_f32 v56, v0, v1 :: v_dual_fmac_f32 v57, v2, v3
	v_dual_fmac_f32 v58, v0, v1 :: v_dual_fmac_f32 v59, v2, v3
	v_dual_fmac_f32 v60, v0, v1 :: v_dual_fmac_f32 v61, v2, v3
	v_dual_fmac_f32 v62, v0, v1 :: v_dual_fmac_f32 v63, v2, v3
	v_dual_fmac_f32 v64, v0, v1 :: v_dual_fmac_f32 v65, v2, v3
	v_dual_fmac_f32 v66, v0, v1 :: v_dual_fmac_f32 v67, v2, v3
	v_dual_fmac_f32 v68, v0, v1 :: v_dual_fmac_f32 v69, v2, v3
	v_dual_fmac_f32 v70, v0, v1 :: v_dual_fmac_f32 v71, v2, v3
	s_sub_u32 s6, s6, 1
	s_cmp_lg_u32 s6, 0
	s_cbranch_scc1 .Lloop
	v_lshlrev_b32 v4, 2, v0
	v_cvt_u32_f32 v4, v0
	v_lshlrev_b32 v4, 2, v4
	v_lshl_add_u32 v4, s2, 10, v4
	global_store_b32 v4, v8, s[4:5]
	s_endpgm
.globl fmac_loop
.p2align 8
.type fmac_loop,@function
fmac_loop:
	s_load_b64 s[4:5], s[0:1], 0x0
	s_load_b32 s6, s[0:1], 0x8
	v_cvt_f32_u32 v0, v0
	v_mul_f32 v1, 0x3f000000, v0
	v_add_f32 v2, 1.0, v0
	v_sub_f32 v3, 2.0, v0
.irp i, 8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71
	v_mov_b32 v\i, 0
.endr
	s_waitcnt lgkmcnt(0)
.Lloop1:
	v_fmac_f32 v8, v0, v1
	v_fmac_f32 v9, v2, v3
	v_fmac_f32 v10, v0, v1
	v_fmac_f32 v11, v2, v3
	v_fmac_f32 v12, v0, v1
	v_fmac_f32 v13, v2, v3
	v_fmac_f32 v14, v0, v1
	v_fmac_f32 v15, v2, v3
	v_fmac_f32 v16, v0, v1
	v_fmac_f32 v17, v2, v3
	v_fmac_f32 v18, v0, v1
	v_fmac_f32 v19, v2, v3
	v_fmac_f32 v20, v0, v1
	v_fmac_f32 v21, v2, v3
	v_fmac_f32 v22, v0, v1
	v_fmac_f32 v23, v2, v3
	v_fmac_f32 v24, v0, v1
	v_fmac_f32 v25, v2, v3
	v_fmac_f32 v26, v0, v1
	v_fmac_f32 v27, v2, v3
	v_fmac_f32 v28, v0, v1
	v_fmac_f32 v29, v2, v3
	v_fmac_f32 v30, v0, v1
	v_fmac_f32 v31, v2, v3
	v_fmac_f32 v32, v0, v1
	v_fmac_f32 v33, v2, v3
	v_fmac_f32 v34, v0, v1
	v_fmac_f32 v35, v2, v3
	v_fmac_f32 v36, v0, v1
	v_fmac_f32 v37, v2, v3
	v_fmac_f32 v38, v0, v1
	v_fmac_f32 v39, v2, v3
	v_fmac_f32 v40, v0, v1
	v_fmac_f32 v41, v2, v3
	v_fmac_f32 v42, v0, v1
	v_fmac_f32 v43, v2, v3
	v_fmac_f32 v44, v0, v1
	v_fmac_f32 v45, v2, v3
	v_fmac_f32 v46, v0, v1
	v_fmac_f32 v47, v2, v3
	v_fmac_f32 v48, v0, v1
	v_fmac_f32 v49, v2, v3
	v_fmac_f32 v50, v0, v1
	v_fmac_f32 v51, v2, v3
	v_fmac_f32 v52, v0, v1
	v_fmac_f32 v53, v2, v3
	v_fmac_f32 v54, v0, v1
	v_fmac_f32 v55, v2, v3
	v_fmac_f32 v56, v0, v1
	v_fmac_f32 v57, v2, v3
	v_fmac_f32 v58, v0, v1
	v_fmac_f32 v59, v2, v3
	v_fmac_f32 v60, v0, v1
	v_fmac_f32 v61, v2, v3
	v_fmac_f32 v62, v0, v1
	v_fmac_f32 v63, v2, v3
	v_fmac_f32 v64, v0, v1
	v_fmac_f32 v65, v2, v3
	v_fmac_f32 v66, v0, v1
	v_fmac_f32 v67, v2, v3
	v_fmac_f32 v68, v0, v1
	v_fmac_f32 v69, v2, v3
	v_fmac_f32 v70, v0, v1
	v_fmac_f32 v71, v2, v3
	s_sub_u32 s6, s6, 1
	s_cmp_lg_u32 s6, 0
	s_cbranch_scc1 .Lloop1
	v_cvt_u32_f32 v4, v0
	v_lshlrev_b32 v4, 2, v4
	v_lshl_add_u32 v4, s2, 10, v4
	global_store_b32 v4, v8, s[4:5]
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel fma_loop
	.amdhsa_next_free_vgpr 72
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_system_sgpr_workgroup_id_x 1
	.amdhsa_kernarg_size 12
	.amdhsa_wavefront_size32 1
	.amdhsa_float_denorm_mode_32 3
.end_amdhsa_kernel
.amdhsa_kernel fmac_loop
	.amdhsa_next_free_vgpr 72
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_system_sgpr_workgroup_id_x 1
	.amdhsa_kernarg_size 12
	.amdhsa_wavefront_size32 1
	.amdhsa_float_denorm_mode_32 3
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: fma_loop
    .symbol: fma_loop.kd
    .kernarg_segment_size: 12
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 72
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: iters, .offset: 8, .size: 4, .value_kind: by_value }
  - .name: fmac_loop
    .symbol: fmac_loop.kd
    .kernarg_segment_size: 12
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 72
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: iters, .offset: 8, .size: 4, .value_kind: by_value }
...
.end_amdgpu_metadata
