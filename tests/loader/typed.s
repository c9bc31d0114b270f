# typed: buffers of every .value_type, for rdna3run's typed fills
# (tests/run/fills.sh dumps the buffers as filled), and three 2-byte by_value
# arguments (f16, bf16, and one the metadata gives no type) that the kernel
# copies to out[0..1], so a test reads back how --arg encoded them.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.amdhsa_code_object_version 5
.text
.globl typed
.p2align 8
.type typed,@function
typed:
  s_load_b64 s[4:5], s[0:1], 0x58
  s_load_b64 s[6:7], s[0:1], 0x60
  v_mov_b32 v0, 0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v1, s6
  v_mov_b32 v2, s7
  global_store_b64 v0, v[1:2], s[4:5]
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel typed
  .amdhsa_next_free_vgpr 3
  .amdhsa_next_free_sgpr 8
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: typed
    .symbol: typed.kd
    .kernarg_segment_size: 104
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 10
    .vgpr_count: 3
    .args:
      - { .name: h, .offset: 0, .size: 8, .value_kind: global_buffer, .value_type: f16 }
      - { .name: b, .offset: 8, .size: 8, .value_kind: global_buffer, .value_type: bf16 }
      - { .name: f, .offset: 16, .size: 8, .value_kind: global_buffer, .value_type: f32 }
      - { .name: d, .offset: 24, .size: 8, .value_kind: global_buffer, .value_type: f64 }
      - { .name: c, .offset: 32, .size: 8, .value_kind: global_buffer, .value_type: i8 }
      - { .name: s, .offset: 40, .size: 8, .value_kind: global_buffer, .value_type: u16 }
      - { .name: i, .offset: 48, .size: 8, .value_kind: global_buffer, .value_type: i32 }
      - { .name: q, .offset: 56, .size: 8, .value_kind: global_buffer, .value_type: u64 }
      - { .name: st, .offset: 64, .size: 8, .value_kind: global_buffer, .value_type: struct }
      - { .name: none, .offset: 72, .size: 8, .value_kind: global_buffer }
      - { .name: w, .offset: 80, .size: 8, .value_kind: global_buffer, .value_type: i64 }
      - { .name: out, .offset: 88, .size: 8, .value_kind: global_buffer, .value_type: u32 }
      - { .name: hv, .offset: 96, .size: 2, .value_kind: by_value, .value_type: f16 }
      - { .name: bv, .offset: 98, .size: 2, .value_kind: by_value, .value_type: bf16 }
      - { .name: xv, .offset: 100, .size: 2, .value_kind: by_value }
...
.end_amdgpu_metadata
