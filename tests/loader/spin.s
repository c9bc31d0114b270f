# spin: a runaway kernel, one s_branch to itself; the emulator must stop it at
# its instruction budget (rdna3run --max-instructions, RDNA3_SHIM_MAX_INSTRUCTIONS).
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl spin
.p2align 8
.type spin,@function
spin:
  s_nop 0
.Lspin:
  s_branch .Lspin
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel spin
  .amdhsa_next_free_vgpr 1
  .amdhsa_next_free_sgpr 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: spin
    .symbol: spin.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 4
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 1
    .vgpr_count: 1
...
.end_amdgpu_metadata
