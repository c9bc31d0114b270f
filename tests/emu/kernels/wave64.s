// A wave64 kernel (built with -mattr=+wavefrontsize64): the emulator refuses it.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl w64
.p2align 8
.type w64,@function
w64:
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel w64
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_wavefront_size32 0
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: w64
    .symbol: w64.kd
    .kernarg_segment_size: 0
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 64
    .sgpr_count: 8
    .vgpr_count: 8
...
.end_amdgpu_metadata
