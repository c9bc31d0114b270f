// y[i] = a * x[i] + y[i] for i < n; kernargs: x@0 y@8 n@16 a@20.  Block 64, grid n/64.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl axpy
.p2align 8
.type axpy,@function
axpy:
	s_load_b128 s[4:7], s[0:1], 0x0
	s_load_b64 s[8:9], s[0:1], 0x10
	v_lshl_add_u32 v1, s2, 6, v0          // global id = wg*64 + tid
	s_waitcnt lgkmcnt(0)
	v_cmp_gt_u32_e32 vcc_lo, s8, v1
	s_and_saveexec_b32 s10, vcc_lo
	s_cbranch_execz .Ldone
	v_lshlrev_b32 v1, 2, v1
	global_load_b32 v2, v1, s[4:5]
	global_load_b32 v3, v1, s[6:7]
	s_waitcnt vmcnt(0)
	v_fmac_f32_e32 v3, s9, v2
	global_store_b32 v1, v3, s[6:7]
.Ldone:
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel axpy
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_system_sgpr_workgroup_id_x 1
	.amdhsa_kernarg_size 24
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: axpy
    .symbol: axpy.kd
    .kernarg_segment_size: 24
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 1024
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 8
    .args:
      - { .name: x, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: yv, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: count, .offset: 16, .size: 4, .value_kind: by_value }
      - { .name: alpha, .offset: 20, .size: 4, .value_kind: by_value }
...
.end_amdgpu_metadata
