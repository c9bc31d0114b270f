# add1: buf[i] += 1.0 for every i < count, 64 work-items per workgroup.
# The loader tests' main fixture: named arguments, rdna3 tile keys.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl add1
.p2align 8
.type add1,@function
add1:
  s_load_b64 s[4:5], s[0:1], 0x0
  s_load_b32 s6, s[0:1], 0x8
  s_lshl_b32 s3, s2, 6
  v_add_nc_u32 v0, s3, v0
  s_waitcnt lgkmcnt(0)
  v_cmp_gt_u32 vcc_lo, s6, v0
  s_and_saveexec_b32 s7, vcc_lo
  s_cbranch_execz .Ldone
  v_lshlrev_b32 v0, 2, v0
  global_load_b32 v1, v0, s[4:5]
  s_waitcnt vmcnt(0)
  v_add_f32 v1, 1.0, v1
  global_store_b32 v0, v1, s[4:5]
.Ldone:
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel add1
  .amdhsa_next_free_vgpr 2
  .amdhsa_next_free_sgpr 8
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_system_sgpr_workgroup_id_x 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: add1
    .symbol: add1.kd
    .kernarg_segment_size: 12
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 10
    .vgpr_count: 2
    .rdna3.tile_m: 64
    .rdna3.tile_n: 32
    .rdna3.block_threads: 64
    .rdna3.layout: NT
    .args:
      - .name: buf
        .offset: 0
        .size: 8
        .value_kind: global_buffer
        .address_space: global
      - .name: count
        .offset: 8
        .size: 4
        .value_kind: by_value
...
.end_amdgpu_metadata
