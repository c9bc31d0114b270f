# reloc: a data table needing R_AMDGPU_RELATIVE64 and R_AMDGPU_ABS64 at load time.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl k
.p2align 8
.type k,@function
k:
  s_endpgm
.data
.p2align 3
.globl table
table:
  .quad k
  .quad table+8
.rodata
.p2align 6
.amdhsa_kernel k
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: k
    .symbol: k.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 1
    .vgpr_count: 1
...
.end_amdgpu_metadata
