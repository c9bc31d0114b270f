# wmma_loop: a loop of WMMAs with known fragments, banks and one chained-WMMA
# hazard, for the register-bank report's WMMA lines (tests/report/report_test.c,
# test_wmma, derives the expected figures from this text by hand).  Never run.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl wmma_loop
.p2align 8
.type wmma_loop,@function
wmma_loop:
  s_mov_b32 s2, 4
.Lloop:
  v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]
  v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[40:47], v[24:31]
  v_add_f32 v0, v1, v2
  v_wmma_i32_16x16x16_iu8 v[48:55], v[1:4], v[5:8], v[48:55]
  v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]
  v_wmma_f32_16x16x16_f16 v[24:31], v[16:23], v[40:47], v[24:31]
  v_wmma_i32_16x16x16_iu8 v[48:55], v[1:4], v[5:8], 0
  s_sub_u32 s2, s2, 1
  s_cmp_lg_u32 s2, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel wmma_loop
  .amdhsa_next_free_vgpr 56
  .amdhsa_next_free_sgpr 4
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_workgroup_processor_mode 0
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: wmma_loop
    .symbol: wmma_loop.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 6
    .vgpr_count: 60
    .args: []
...
.end_amdgpu_metadata
