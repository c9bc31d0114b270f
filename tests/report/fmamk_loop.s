# fmamk_loop: v_fmamk_f32 reads its VGPR addend through src2 (the VOPD rule of
# vgpr_alloc/BANKS.md), v_fmaak_f32 through src1; both are FMAs (tests/report).
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl fm
.p2align 8
.type fm,@function
fm:
.Ll:
  v_fmamk_f32 v1, v2, 0x40000000, v3
  v_fmaak_f32 v5, v6, v7, 0x3f800000
  s_cbranch_scc1 .Ll
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel fm
  .amdhsa_next_free_vgpr 8
  .amdhsa_next_free_sgpr 4
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: fm
    .symbol: fm.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 4
    .vgpr_count: 8
    .args: []
...
.end_amdgpu_metadata
