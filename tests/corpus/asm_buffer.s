// Hand-written kernels with buffer descriptors (V#) built in SGPRs as Tensile
// and rocBLAS do: raw buffers with range checking (loads past num_records read
// 0, stores past it are dropped), structured records, plus scalar loops,
// mixed-precision FMA and wave votes.  Kernarg at s[0:1], workgroup id x in s2.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text

// dst[i] = src[i] + 1 through raw buffers of count elements (word3 0x31004000:
// oob_select 3, what Tensile writes for gfx11); seen[i] = what lane i loaded.
.globl tensile_style_copy
.p2align 8
.type tensile_style_copy,@function
tensile_style_copy:
	s_load_b128 s[4:7], s[0:1], 0x0       // src, dst
	s_load_b64 s[8:9], s[0:1], 0x10       // seen
	s_load_b32 s10, s[0:1], 0x18          // count
	s_waitcnt lgkmcnt(0)
	s_lshl_b32 s10, s10, 2                // num_records: bytes
	s_mov_b32 s12, s4
	s_and_b32 s13, s5, 0xffff
	s_mov_b32 s14, s10
	s_mov_b32 s15, 0x31004000
	s_mov_b32 s16, s6
	s_and_b32 s17, s7, 0xffff
	s_mov_b32 s18, s10
	s_mov_b32 s19, 0x31004000
	v_lshlrev_b32 v1, 2, v0
	buffer_load_b32 v2, v1, s[12:15], 0 offen
	s_waitcnt vmcnt(0)
	global_store_b32 v1, v2, s[8:9]
	v_add_f32 v2, 1.0, v2
	buffer_store_b32 v2, v1, s[16:19], 0 offen
	s_endpgm

// Records of two ints, stride 8, nrec records (oob_select 1: index checked):
// out[i] = recs[i] for every lane, zeros past nrec.
.globl buffer_struct_records
.p2align 8
.type buffer_struct_records,@function
buffer_struct_records:
	s_load_b128 s[4:7], s[0:1], 0x0       // recs, out
	s_load_b32 s10, s[0:1], 0x10          // nrec
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s12, s4
	s_and_b32 s13, s5, 0xffff
	s_or_b32 s13, s13, 8 << 16            // stride 8
	s_mov_b32 s14, s10
	s_mov_b32 s15, 1 << 28                // oob_select 1
	v_mov_b32 v2, 0x7777
	buffer_load_b64 v[2:3], v0, s[12:15], 0 idxen
	v_lshlrev_b32 v1, 3, v0
	s_waitcnt vmcnt(0)
	global_store_b64 v1, v[2:3], s[6:7]
	s_endpgm

// A scalar loop: sum of k*k for k = 1 .. wg+5, negated for odd workgroups
// (s_bitcmp1 + s_cselect); lane 0 stores it.
.globl scalar_loop_cselect
.p2align 8
.type scalar_loop_cselect,@function
scalar_loop_cselect:
	s_load_b64 s[4:5], s[0:1], 0x0        // out
	s_add_u32 s6, s2, 5
	s_mov_b32 s7, 0
	s_mov_b32 s8, 1
.Lsq_loop:
	s_mul_i32 s9, s8, s8
	s_add_u32 s7, s7, s9
	s_add_u32 s8, s8, 1
	s_cmp_le_u32 s8, s6
	s_cbranch_scc1 .Lsq_loop
	s_sub_u32 s10, 0, s7
	s_bitcmp1_b32 s2, 0
	s_cselect_b32 s7, s10, s7
	s_lshl_b32 s11, s2, 2
	v_mov_b32 v1, s11
	v_mov_b32 v2, s7
	v_cmp_eq_u32 vcc_lo, 0, v0
	s_and_saveexec_b32 s12, vcc_lo
	s_waitcnt lgkmcnt(0)
	global_store_b32 v1, v2, s[4:5]
	s_endpgm

// f16 pairs accumulated in f32 with v_fma_mix_f32: each lane reads 8 dwords
// (16 halves) of x and y, acc = fma(lo x, lo y, acc) then the high halves.
.globl fma_mix_dot
.p2align 8
.type fma_mix_dot,@function
fma_mix_dot:
	s_load_b128 s[4:7], s[0:1], 0x0       // xs, ys
	s_load_b64 s[8:9], s[0:1], 0x10       // out
	v_lshlrev_b32 v1, 5, v0
	s_waitcnt lgkmcnt(0)
	global_load_b128 v[10:13], v1, s[4:5]
	global_load_b128 v[14:17], v1, s[4:5] offset:16
	global_load_b128 v[20:23], v1, s[6:7]
	global_load_b128 v[24:27], v1, s[6:7] offset:16
	v_mov_b32 v2, 0
	s_waitcnt vmcnt(0)
	v_fma_mix_f32 v2, v10, v20, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v10, v20, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v11, v21, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v11, v21, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v12, v22, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v12, v22, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v13, v23, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v13, v23, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v14, v24, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v14, v24, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v15, v25, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v15, v25, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v16, v26, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v16, v26, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v17, v27, v2 op_sel_hi:[1,1,0]
	v_fma_mix_f32 v2, v17, v27, v2 op_sel:[1,1,0] op_sel_hi:[1,1,0]
	v_lshlrev_b32 v3, 2, v0
	global_store_b32 v3, v2, s[8:9]
	s_endpgm

// Votes: per wave the number of lanes with x > 0 (s_bcnt1 of the compare
// mask), the first such lane (s_ctz, -1 if none), lane 31's x (v_readlane);
// per lane x > 0 ? 2x : -x through an if/else on EXEC.
.globl wave_vote
.p2align 8
.type wave_vote,@function
wave_vote:
	s_load_b128 s[4:7], s[0:1], 0x0       // in, out
	s_lshl_b32 s8, s2, 6                  // 64 lanes per workgroup
	v_add_nc_u32 v1, s8, v0
	v_lshlrev_b32 v1, 2, v1
	s_waitcnt lgkmcnt(0)
	global_load_b32 v2, v1, s[4:5]
	s_waitcnt vmcnt(0)
	v_cmp_lt_i32 vcc_lo, 0, v2
	s_bcnt1_i32_b32 s9, vcc_lo
	s_ctz_i32_b32 s10, vcc_lo
	v_readlane_b32 s11, v2, 31
	s_and_saveexec_b32 s12, vcc_lo
	s_cbranch_execz .Lvote_else
	v_lshlrev_b32 v3, 1, v2
.Lvote_else:
	s_and_not1_saveexec_b32 s12, s12
	s_cbranch_execz .Lvote_join
	v_sub_nc_u32 v3, 0, v2
.Lvote_join:
	s_or_b32 exec_lo, exec_lo, s12
	global_store_b32 v1, v3, s[6:7] offset:1024 // per-lane results after 256 summary dwords
	v_and_b32 v9, 31, v0                  // lane 0 of each wave writes its summary
	v_cmp_eq_u32 vcc_lo, 0, v9
	s_and_saveexec_b32 s14, vcc_lo
	s_cbranch_execz .Lvote_end
	v_add_nc_u32 v4, s8, v0               // global wave index = (64 wg + t) / 32
	v_lshrrev_b32 v4, 5, v4
	v_lshlrev_b32 v4, 4, v4
	v_mov_b32 v5, s9
	v_mov_b32 v6, s10
	v_mov_b32 v7, s11
	v_mov_b32 v8, 0
	global_store_b128 v4, v[5:8], s[6:7]
.Lvote_end:
	s_endpgm

// Typed buffer access: records of four floats (stride 16, index-checked),
// tbuffer_load_format_xyzw with BUF_FMT_32_32_32_32_FLOAT; out gets (x + y, z * w)
// through tbuffer_store_format_xy with a 32_32 format (records of 8 bytes).
.globl tbuffer_records
.p2align 8
.type tbuffer_records,@function
tbuffer_records:
	s_load_b128 s[4:7], s[0:1], 0x0       // recs, out
	s_load_b32 s10, s[0:1], 0x10          // nrec
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s12, s4
	s_and_b32 s13, s5, 0xffff
	s_or_b32 s13, s13, 16 << 16
	s_mov_b32 s14, s10
	s_mov_b32 s15, 1 << 28
	s_mov_b32 s16, s6
	s_and_b32 s17, s7, 0xffff
	s_or_b32 s17, s17, 8 << 16
	s_mov_b32 s18, s10
	s_mov_b32 s19, 1 << 28
	tbuffer_load_format_xyzw v[2:5], v0, s[12:15], 0 format:[BUF_FMT_32_32_32_32_FLOAT] idxen
	s_waitcnt vmcnt(0)
	v_add_f32 v6, v2, v3
	v_mul_f32 v7, v4, v5
	tbuffer_store_format_xy v[6:7], v0, s[16:19], 0 format:[BUF_FMT_32_32_FLOAT] idxen
	s_endpgm

.rodata
.p2align 6
.amdhsa_kernel tensile_style_copy
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 28
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel buffer_struct_records
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 20
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel scalar_loop_cselect
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 8
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel fma_mix_dot
	.amdhsa_next_free_vgpr 32
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 24
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel tbuffer_records
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 24
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 20
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel wave_vote
	.amdhsa_next_free_vgpr 16
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 16
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel

.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: tensile_style_copy
    .symbol: tensile_style_copy.kd
    .kernarg_segment_size: 28
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 20
    .vgpr_count: 8
    .args:
      - { .name: src, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: dst, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: seen, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: count, .offset: 24, .size: 4, .value_kind: by_value }
  - .name: buffer_struct_records
    .symbol: buffer_struct_records.kd
    .kernarg_segment_size: 20
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 8
    .args:
      - { .name: recs, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: nrec, .offset: 16, .size: 4, .value_kind: by_value }
  - .name: scalar_loop_cselect
    .symbol: scalar_loop_cselect.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 8
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: fma_mix_dot
    .symbol: fma_mix_dot.kd
    .kernarg_segment_size: 24
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 32
    .args:
      - { .name: xs, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: ys, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: wave_vote
    .symbol: wave_vote.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 16
    .args:
      - { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: tbuffer_records
    .symbol: tbuffer_records.kd
    .kernarg_segment_size: 20
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 24
    .vgpr_count: 8
    .args:
      - { .name: recs, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: nrec, .offset: 16, .size: 4, .value_kind: by_value }
...
.end_amdgpu_metadata
