// A correct kernel, and the bugs the emulator must report, one per assembler
// symbol (-Wa,-defsym,BUG_x=1).  Block 64 (two waves), grid 2.
// out[g] = 2*in[g] + 2*in[g ^ 32] (g ^ 32: the same lane of the other wave), see
// test_bugs in emu_test.c.
// Kernargs: in@0 (read-only, 129 floats), out@8 (128 floats).
.amdhsa_code_object_version 5
.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
.text
.globl bugs
.p2align 8
.type bugs,@function
bugs:
	s_load_b128 s[4:7], s[0:1], 0x0
.ifdef BUG_NOWAIT_SMEM
	s_mov_b32 s8, s4                     // kernarg pointer not back yet
.endif
	s_waitcnt lgkmcnt(0)
.ifdef BUG_LOAD_WAW
	s_load_b32 s9, s[0:1], 0x0
	s_load_b32 s9, s[0:1], 0x4           // SMEM returns out of order: either value may land last
	s_waitcnt lgkmcnt(0)
.endif
	v_lshl_add_u32 v1, s2, 6, v0         // global id g
	v_lshlrev_b32 v2, 2, v1              // byte offset of g
	global_load_b32 v3, v2, s[4:5]       // in[g]
	global_load_b32 v8, v2, s[4:5] offset:4  // in[g+1]
.ifdef BUG_NOWAIT_VM
	v_add_f32 v9, v3, v3                 // in[g] not waited for
.endif
.ifdef BUG_VMCNT_ORDER
	global_store_b32 v2, v1, s[6:7]      // counts on vscnt, not vmcnt
	s_waitcnt vmcnt(1)                   // only the first load is guaranteed
	v_add_f32 v9, v8, v8
.endif
.ifdef BUG_OVERWRITE
	v_mov_b32 v8, 0                      // overwrites a register a load is filling
.endif
	s_waitcnt vmcnt(1)                   // in order: in[g] has returned
	v_add_f32 v3, v3, v3                 // 2*in[g]
	s_waitcnt vmcnt(0)
	v_sub_f32 v8, v8, v8                 // 0, but read after its wait
	v_add_f32 v3, v3, v8
.ifdef BUG_MISALIGN
	global_load_b32 v10, v2, s[4:5] offset:2
.endif
.ifdef BUG_OOB
	v_add_nc_u32 v10, 0x200, v2
	global_store_b32 v10, v3, s[6:7]     // out has 128 floats
.endif
.ifdef BUG_READONLY
	global_store_b32 v2, v3, s[4:5]      // in is a read-only buffer
.endif
	v_lshlrev_b32 v4, 2, v0              // LDS slot of this work-item
	ds_store_b32 v4, v3
.ifndef BUG_LDS_NOWAIT_BARRIER
	s_waitcnt lgkmcnt(0)
.endif
.ifndef BUG_LDS_RACE
	s_barrier
.endif
	v_xor_b32 v5, 0x80, v4               // the slot of work-item tid ^ 32: the other wave
	ds_load_b32 v6, v5
	ds_load_b32 v7, v4
.ifdef BUG_LDS_OOB
	ds_load_b32 v7, v4 offset:256        // LDS is 256 bytes
.endif
.ifdef BUG_SMEM_ORDER
	s_load_b32 s9, s[0:1], 0x0
	s_load_b32 s10, s[0:1], 0x4
	s_waitcnt lgkmcnt(1)                 // SMEM returns out of order: nothing guaranteed
	s_mov_b32 s11, s9
.endif
	s_waitcnt lgkmcnt(1)                 // LDS returns in order: v6 is back
	v_add_f32 v3, v3, v6
	s_waitcnt lgkmcnt(0)
	v_sub_f32 v7, v7, v7
	v_add_f32 v3, v3, v7
	scratch_store_b32 off, v3, off offset:4
	scratch_load_b32 v11, off, off offset:4
.ifdef BUG_SCRATCH_OOB
	scratch_load_b32 v12, off, off offset:16   // private segment is 16 bytes
.endif
	s_waitcnt vmcnt(0)
.ifdef BUG_VOPD_BANK
	// v_dual_fmac_f32 v12, v4, v8 :: v_dual_fmac_f32 v13, v0, v9: both src0 in bank 0 (LLVM would refuse it)
	.long 0xc8001104, 0x0c0c1300
.endif
.ifdef BUG_VGPR_LIMIT
	v_mov_b32 v20, v11                   // the descriptor allocates 16 VGPRs
.endif
.ifdef BUG_INVALID
	.long 0xbf8fffff                     // no such SOPP opcode
.endif
.ifdef BUG_RUNAWAY
.Lforever:
	s_branch .Lforever
.endif
	global_store_b32 v2, v11, s[6:7]
	s_endpgm
.rodata
.p2align 6
.amdhsa_kernel bugs
	.amdhsa_next_free_vgpr 16
	.amdhsa_next_free_sgpr 16
	.amdhsa_user_sgpr_kernarg_segment_ptr 1
	.amdhsa_system_sgpr_workgroup_id_x 1
	.amdhsa_group_segment_fixed_size 256
	.amdhsa_private_segment_fixed_size 16
	.amdhsa_enable_private_segment 1
	.amdhsa_kernarg_size 16
	.amdhsa_wavefront_size32 1
.end_amdhsa_kernel
.amdgpu_metadata
---
amdhsa.version: [ 1, 2 ]
amdhsa.kernels:
  - .name: bugs
    .symbol: bugs.kd
    .kernarg_segment_size: 16
    .kernarg_segment_align: 8
    .group_segment_fixed_size: 256
    .private_segment_fixed_size: 16
    .max_flat_workgroup_size: 64
    .wavefront_size: 32
    .sgpr_count: 16
    .vgpr_count: 16
    .args:
      - { .name: src, .offset: 0, .size: 8, .value_kind: global_buffer, .address_space: global }
      - { .name: dst, .offset: 8, .size: 8, .value_kind: global_buffer, .address_space: global }
...
.end_amdgpu_metadata
