// Global atomics from every work-item of every workgroup: counter[0] += 1,
// counter[1] += work-item id, counter[2] += 0.5 (f32).  Block 64, any grid.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl atomics
.p2align 8
.type atomics,@function
atomics:
	s_load_b64 s[4:5], s[0:1], 0x0
	v_mov_b32 v1, 0
	v_mov_b32 v2, 1
	v_mov_b32 v3, 0.5
	s_waitcnt lgkmcnt(0)
	global_atomic_add_u32 v1, v2, s[4:5]
	global_atomic_add_u32 v1, v0, s[4:5] offset:4
	global_atomic_add_f32 v1, v3, s[4:5] offset:8
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel atomics
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 8
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: atomics
    .symbol: atomics.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .args:
      - { .name: counter, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
...
.end_amdgpu_metadata
