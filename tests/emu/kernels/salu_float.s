# salu_float: the ISA 11.5 SALU float ops on uniform values, results stored to
# out[0..15] (tests/emu/salu_float.sh checks each).  For the 11.5 targets only:
# llvm-mc refuses every s_*_f32/f16 line below for an 11.0 -mcpu.
.amdgcn_target "amdgcn-amd-amdhsa--gfx1151"
.amdhsa_code_object_version 5
.text
.globl salu_float
.p2align 8
.type salu_float,@function
salu_float:
  s_load_b64 s[0:1], s[0:1], 0x0
  s_mov_b32 s2, 0x3fc00000                 // 1.5
  s_mov_b32 s3, 0x40200000                 // 2.5
  s_add_f32 s4, s2, s3                     // out[0]  4.0
  s_sub_f32 s5, s2, s3                     // out[1] -1.0
  s_mul_f32 s6, s2, s3                     // out[2]  3.75
  s_fmaak_f32 s7, s2, s3, 0x41200000       // out[3]  1.5*2.5 + 10 = 13.75
  s_fmamk_f32 s8, s2, 0x41200000, s3       // out[4]  1.5*10 + 2.5 = 17.5
  s_mov_b32 s9, 1.0
  s_fmac_f32 s9, s2, s3                    // out[5]  1 + 3.75 = 4.75
  s_max_f32 s10, s2, s3                    // out[6]  2.5
  s_cvt_i32_f32 s11, s8                    // out[7]  17
  s_cvt_f32_i32 s12, -7                    // out[8] -7.0
  s_floor_f32 s13, 0xc0300000              // out[9] floor(-2.75) = -3.0
  s_cvt_f16_f32 s14, s2                    // out[10] f16 1.5 = 0x3e00
  s_add_f16 s15, s14, 1.0                  // out[11] f16 2.5 = 0x4100
  s_cvt_f32_f16 s16, s15                   // out[12] 2.5
  s_cvt_pk_rtz_f16_f32 s17, s2, s3         // out[13] 0x41003e00
  s_cmp_lt_f32 s2, s3
  s_cselect_b32 s18, 1, 0                  // out[14] 1: 1.5 < 2.5
  s_cmp_u_f32 s2, s3
  s_cselect_b32 s19, 1, 0                  // out[15] 0: ordered
  v_mov_b32 v0, 0
  v_mov_b32 v1, s4
  v_mov_b32 v2, s5
  v_mov_b32 v3, s6
  v_mov_b32 v4, s7
  v_mov_b32 v5, s8
  v_mov_b32 v6, s9
  v_mov_b32 v7, s10
  v_mov_b32 v8, s11
  v_mov_b32 v9, s12
  v_mov_b32 v10, s13
  v_mov_b32 v11, s14
  v_mov_b32 v12, s15
  v_mov_b32 v13, s16
  v_mov_b32 v14, s17
  v_mov_b32 v15, s18
  v_mov_b32 v16, s19
  s_waitcnt lgkmcnt(0)
  global_store_b128 v0, v[1:4], s[0:1]
  global_store_b128 v0, v[5:8], s[0:1] offset:16
  global_store_b128 v0, v[9:12], s[0:1] offset:32
  global_store_b128 v0, v[13:16], s[0:1] offset:48
  s_endpgm
.rodata
.p2align 6
.amdhsa_kernel salu_float
  .amdhsa_next_free_vgpr 17
  .amdhsa_next_free_sgpr 20
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [1, 2]
amdhsa.kernels:
  - .name: salu_float
    .symbol: salu_float.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 22
    .vgpr_count: 17
    .args:
      - .name: out
        .offset: 0
        .size: 8
        .value_kind: global_buffer
        .address_space: global
...
.end_amdgpu_metadata
