// Hand-written kernels in the style of the seed study (hand ISA assembled with
// LLVM): the user SGPR layouts hipcc sets up (dispatch ptr, queue ptr, kernarg
// ptr, dispatch id; workgroup ids after them), SGPRs used far beyond what the
// descriptor's next_free_sgpr names (gfx10+ allocates all 106), SGPR base
// addresses for global loads, LDS with barriers, DPP, M0-indexed registers.
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text

// c[i] = a[i] + b[i] for i < count.  hipcc's full layout: s[0:1] dispatch packet,
// s[2:3] queue, s[4:5] kernarg, s[6:7] dispatch id, s8 workgroup id x.
// blockDim.x comes from the dispatch packet; c's address is kept in s[40:41].
.globl vadd_hipcc_layout
.p2align 8
.type vadd_hipcc_layout,@function
vadd_hipcc_layout:
	s_load_b32 s9, s[0:1], 0x4            // workgroup_size_x | workgroup_size_y << 16
	s_load_b128 s[12:15], s[4:5], 0x0     // a, b
	s_load_b64 s[40:41], s[4:5], 0x10     // c
	s_load_b32 s18, s[4:5], 0x18          // count
	s_waitcnt lgkmcnt(0)
	s_and_b32 s9, s9, 0xffff
	s_mul_i32 s9, s9, s8                  // blockIdx.x * blockDim.x
	v_add_nc_u32 v1, s9, v0
	v_cmp_gt_u32 vcc_lo, s18, v1
	s_and_saveexec_b32 s20, vcc_lo
	s_cbranch_execz .Lvadd_end
	v_lshlrev_b32 v1, 2, v1
	global_load_b32 v2, v1, s[12:13]
	global_load_b32 v3, v1, s[14:15]
	s_waitcnt vmcnt(0)
	v_add_f32 v2, v2, v3
	global_store_b32 v1, v2, s[40:41]
.Lvadd_end:
	s_endpgm

// The seed's kernel 8 layout: kernarg at s[0:1], USER_SGPR_COUNT 14, so the
// workgroup ids land in s14 (x) and s15 (y).  out[(y*gx + x)*32 + t] =
// x*1000 + y*100 + t.
.globl seed_sgpr14_grid2d
.p2align 8
.type seed_sgpr14_grid2d,@function
seed_sgpr14_grid2d:
	s_load_b64 s[20:21], s[0:1], 0x0      // out
	s_load_b32 s22, s[0:1], 0x8           // gx
	s_waitcnt lgkmcnt(0)
	s_mul_i32 s23, s15, s22
	s_add_u32 s23, s23, s14               // y*gx + x
	s_lshl_b32 s23, s23, 7                // * 32 lanes * 4 bytes
	s_mul_i32 s24, s14, 1000
	s_mul_i32 s25, s15, 100
	s_add_u32 s24, s24, s25
	v_add_nc_u32 v1, s24, v0
	v_lshlrev_b32 v2, 2, v0
	v_add_nc_u32 v2, s23, v2
	global_store_b32 v2, v1, s[20:21]
	s_endpgm

// Kernel 8's batched loads: eight base addresses B + k*stride precomputed in
// s[24:39] with s_add_u32/s_addc_u32, then eight global_load_b32 with one VGPR
// byte offset.  out[t] = sum over k of B[k*stride/4 + t] (in order k = 0..7).
.globl batched_sbase_loads
.p2align 8
.type batched_sbase_loads,@function
batched_sbase_loads:
	s_load_b128 s[20:23], s[0:1], 0x0     // B, out
	s_load_b32 s19, s[0:1], 0x10          // stride in bytes
	s_waitcnt lgkmcnt(0)
	s_mov_b32 s17, 0
	s_add_u32 s24, s20, 0
	s_addc_u32 s25, s21, 0
	s_add_u32 s26, s24, s19
	s_addc_u32 s27, s25, s17
	s_add_u32 s28, s26, s19
	s_addc_u32 s29, s27, s17
	s_add_u32 s30, s28, s19
	s_addc_u32 s31, s29, s17
	s_add_u32 s32, s30, s19
	s_addc_u32 s33, s31, s17
	s_add_u32 s34, s32, s19
	s_addc_u32 s35, s33, s17
	s_add_u32 s36, s34, s19
	s_addc_u32 s37, s35, s17
	s_add_u32 s38, s36, s19
	s_addc_u32 s39, s37, s17
	v_lshlrev_b32 v1, 2, v0
	global_load_b32 v10, v1, s[24:25]
	global_load_b32 v11, v1, s[26:27]
	global_load_b32 v12, v1, s[28:29]
	global_load_b32 v13, v1, s[30:31]
	global_load_b32 v14, v1, s[32:33]
	global_load_b32 v15, v1, s[34:35]
	global_load_b32 v16, v1, s[36:37]
	global_load_b32 v17, v1, s[38:39]
	s_waitcnt vmcnt(0)
	v_add_f32 v2, v10, v11
	v_add_f32 v2, v2, v12
	v_add_f32 v2, v2, v13
	v_add_f32 v2, v2, v14
	v_add_f32 v2, v2, v15
	v_add_f32 v2, v2, v16
	v_add_f32 v2, v2, v17
	global_store_b32 v1, v2, s[22:23]
	s_endpgm

// Two waves reverse 64 ints through LDS across a barrier.
.globl lds_reverse_barrier
.p2align 8
.type lds_reverse_barrier,@function
lds_reverse_barrier:
	s_load_b128 s[4:7], s[0:1], 0x0       // in, out
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_b32 v2, v1, s[4:5]
	v_sub_nc_u32 v3, 63, v0
	v_lshlrev_b32 v3, 2, v3
	s_waitcnt vmcnt(0)
	ds_store_b32 v1, v2
	s_waitcnt lgkmcnt(0)
	s_barrier
	buffer_gl0_inv
	ds_load_b32 v4, v3
	s_waitcnt lgkmcnt(0)
	global_store_b32 v1, v4, s[6:7]
	s_endpgm

// Inclusive prefix sums within each row of 16 lanes: DPP row_shr 1, 2, 4, 8
// with bound_ctrl (lanes shifted in from outside the row read 0).
.globl dpp_row_scan
.p2align 8
.type dpp_row_scan,@function
dpp_row_scan:
	s_load_b128 s[4:7], s[0:1], 0x0       // in, out
	v_lshlrev_b32 v1, 2, v0
	s_waitcnt lgkmcnt(0)
	global_load_b32 v2, v1, s[4:5]
	s_waitcnt vmcnt(0)
	v_add_nc_u32_dpp v2, v2, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_add_nc_u32_dpp v2, v2, v2 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_add_nc_u32_dpp v2, v2, v2 row_shr:4 row_mask:0xf bank_mask:0xf bound_ctrl:1
	v_add_nc_u32_dpp v2, v2, v2 row_shr:8 row_mask:0xf bank_mask:0xf bound_ctrl:1
	global_store_b32 v1, v2, s[6:7]
	s_endpgm

// The dispatch packet and ids of a 3-D grid: s[0:1] dispatch, s[2:3] queue,
// s[4:5] kernarg, s[6:7] dispatch id, s8/s9/s10 workgroup id x/y/z.  Lane 0
// of each workgroup writes grid_size_x, workgroup_size_x, its z id, and
// x + 10 y (ids read from the SGPRs, sizes from the packet).
.globl dispatch_fields_3d
.p2align 8
.type dispatch_fields_3d,@function
dispatch_fields_3d:
	s_load_b64 s[12:13], s[4:5], 0x0      // out
	s_load_b32 s14, s[0:1], 0xc           // grid_size_x
	s_load_b32 s15, s[0:1], 0x4           // workgroup_size_x | y << 16
	s_load_b32 s16, s[2:3], 0x0           // the queue is readable
	s_waitcnt lgkmcnt(0)
	v_cmp_eq_u32 vcc_lo, 0, v0
	s_and_saveexec_b32 s17, vcc_lo
	s_cbranch_execz .Ldf_end
	s_mul_i32 s18, s10, 2                 // ((z*2 + y)*3 + x) * 16 bytes
	s_add_u32 s18, s18, s9
	s_mul_i32 s18, s18, 3
	s_add_u32 s18, s18, s8
	s_lshl_b32 s18, s18, 4
	s_and_b32 s15, s15, 0xffff
	s_mul_i32 s19, s9, 10
	s_add_u32 s19, s19, s8
	v_mov_b32 v1, s18
	v_mov_b32 v2, s14
	v_mov_b32 v3, s15
	v_mov_b32 v4, s10
	v_mov_b32 v5, s19
	global_store_b128 v1, v[2:5], s[12:13]
.Ldf_end:
	s_endpgm

// M0-indexed registers: s_movrels picks table[wg & 7] out of s[16:23] (loaded
// with s_load_b256), v_movrels picks v[2 + (wg & 3)].  out[wg*32 + t] =
// table[wg & 7] + t * ((wg & 3) + 1).
.globl movrel_select
.p2align 8
.type movrel_select,@function
movrel_select:
	s_load_b64 s[12:13], s[0:1], 0x0      // out
	s_load_b256 s[16:23], s[0:1], 0x8     // table[8] (by value)
	v_mov_b32 v2, v0
	v_lshlrev_b32 v3, 1, v0
	v_mul_u32_u24 v4, v0, 3
	v_lshlrev_b32 v5, 2, v0
	s_and_b32 m0, s2, 7
	s_waitcnt lgkmcnt(0)
	s_movrels_b32 s24, s16
	s_and_b32 m0, s2, 3
	v_movrels_b32 v6, v2
	v_add_nc_u32 v6, s24, v6
	s_lshl_b32 s25, s2, 7
	v_lshlrev_b32 v1, 2, v0
	v_add_nc_u32 v1, s25, v1
	global_store_b32 v1, v6, s[12:13]
	s_endpgm

.rodata
.p2align 6
.amdhsa_kernel vadd_hipcc_layout
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 24
	.amdhsa_user_sgpr_dispatch_ptr 1
	.amdhsa_user_sgpr_queue_ptr 1
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_user_sgpr_dispatch_id 1
	.amdhsa_kernarg_size 28
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel seed_sgpr14_grid2d
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 18
	.amdhsa_user_sgpr_count 14
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_system_sgpr_workgroup_id_y 1
	.amdhsa_kernarg_size 12
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel batched_sbase_loads
	.amdhsa_next_free_vgpr 24
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 20
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel lds_reverse_barrier
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_group_segment_fixed_size 256
	.amdhsa_kernarg_size 16
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel dpp_row_scan
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 16
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel dispatch_fields_3d
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 20
	.amdhsa_user_sgpr_dispatch_ptr 1
	.amdhsa_user_sgpr_queue_ptr 1
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_user_sgpr_dispatch_id 1
	.amdhsa_system_sgpr_workgroup_id_y 1
	.amdhsa_system_sgpr_workgroup_id_z 1
	.amdhsa_kernarg_size 8
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.p2align 6
.amdhsa_kernel movrel_select
	.amdhsa_next_free_vgpr 8
	.amdhsa_next_free_sgpr 8
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_kernarg_size 40
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel

.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: vadd_hipcc_layout
    .symbol: vadd_hipcc_layout.kd
    .kernarg_segment_size: 28
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 256
    .wavefront_size: 32
    .sgpr_count: 42
    .vgpr_count: 8
    .args:
      - { .name: a, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: b, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: c, .offset: 16, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: count, .offset: 24, .size: 4, .value_kind: by_value }
  - .name: seed_sgpr14_grid2d
    .symbol: seed_sgpr14_grid2d.kd
    .kernarg_segment_size: 12
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 26
    .vgpr_count: 8
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: gx, .offset: 8, .size: 4, .value_kind: by_value }
  - .name: batched_sbase_loads
    .symbol: batched_sbase_loads.kd
    .kernarg_segment_size: 20
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 40
    .vgpr_count: 24
    .args:
      - { .name: B, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: stride, .offset: 16, .size: 4, .value_kind: by_value }
  - .name: lds_reverse_barrier
    .symbol: lds_reverse_barrier.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 256
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .args:
      - { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: dpp_row_scan
    .symbol: dpp_row_scan.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 8
    .vgpr_count: 8
    .args:
      - { .name: in, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: out, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: dispatch_fields_3d
    .symbol: dispatch_fields_3d.kd
    .kernarg_segment_size: 8
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 20
    .vgpr_count: 8
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
  - .name: movrel_select
    .symbol: movrel_select.kd
    .kernarg_segment_size: 40
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 0
    .private_segment_fixed_size: 0
    .max_flat_workgroup_size: 32
    .wavefront_size: 32
    .sgpr_count: 26
    .vgpr_count: 8
    .args:
      - { .name: out, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: table, .offset: 8, .size: 32, .value_kind: by_value }
...
.end_amdgpu_metadata
