# hand_loop: a tiny loop with known banks, cache hits and conflicts for the
# register-bank report's test (tests/report/report_test.c derives the expected
# figures from this text, by hand, in its comments).  Two nested loops: the
# report must pick the inner one.  It is never run.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl hand_loop
.p2align 8
.type hand_loop,@function
hand_loop:
  s_mov_b32 s3, 2
.Louter:
  s_mov_b32 s2, 4
.Linner:
  v_dual_fmac_f32 v0, v4, v8 :: v_dual_fmac_f32 v1, v5, v9
  v_dual_fmac_f32 v2, v4, v9 :: v_dual_fmac_f32 v3, v5, v8
  v_fmac_f32 v10, v4, v12
  v_add_f32 v11, v6, v10
  ds_load_b32 v4, v20
  s_sub_u32 s2, s2, 1
  s_cmp_lg_u32 s2, 0
  s_cbranch_scc1 .Linner
  s_sub_u32 s3, s3, 1
  s_cmp_lg_u32 s3, 0
  s_cbranch_scc1 .Louter
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel hand_loop
  .amdhsa_next_free_vgpr 21
  .amdhsa_next_free_sgpr 4
  .amdhsa_group_segment_fixed_size 4096
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_system_sgpr_workgroup_id_x 1
  .amdhsa_workgroup_processor_mode 0
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: hand_loop
    .symbol: hand_loop.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 4096
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .wavefront_size: 32
    .sgpr_count: 6
    .vgpr_count: 21
    .rdna3.single_why: odd
    .args: []
...
.end_amdgpu_metadata
