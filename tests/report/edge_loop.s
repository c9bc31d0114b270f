# edge_loop: a loop whose edge path is an out-of-line block placed after
# s_endpgm that branches back into the loop (as hgemm lays out its edge
# copies), for the report's loop finder (tests/report/report_test.c,
# test_edge_loop, derives the expected figures from this text by hand).
# Never run.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl edge_loop
.p2align 8
.type edge_loop,@function
edge_loop:
  s_mov_b32 s2, 4
.Lloop:
  v_wmma_f32_16x16x16_f16 v[16:23], v[0:7], v[8:15], v[16:23]
  s_cmp_lt_u32 s2, 2
  s_cbranch_scc1 .Ledge
  v_add_f32 v0, v1, v2
.Lback:
  v_wmma_f32_16x16x16_f16 v[24:31], v[0:7], v[8:15], v[24:31]
  s_sub_u32 s2, s2, 1
  s_cmp_lg_u32 s2, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
.Ledge:
  v_mov_b32 v0, 0
  v_mov_b32 v1, 0
  v_wmma_f32_16x16x16_f16 v[32:39], v[0:7], v[8:15], v[32:39]
  v_fmac_f32 v3, v4, v5
  s_branch .Lback
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel edge_loop
  .amdhsa_next_free_vgpr 40
  .amdhsa_next_free_sgpr 4
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_workgroup_processor_mode 0
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: edge_loop
    .symbol: edge_loop.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 6
    .vgpr_count: 40
    .args: []
...
.end_amdgpu_metadata
