// VOPD: every X and Y opcode, literal forms, SGPR/constant src0, register extremes.
v_dual_fmac_f32 v0, v1, v2 :: v_dual_fmac_f32 v1, v2, v3
v_dual_fmaak_f32 v0, v1, v2, 0x40000000 :: v_dual_fmaak_f32 v1, v2, v3, 0x40000000
v_dual_fmamk_f32 v0, v1, 0x40000000, v2 :: v_dual_fmamk_f32 v1, v2, 0x40000000, v3
v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v1, v2, v3
v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v1, v2, v3
v_dual_sub_f32 v0, v1, v2 :: v_dual_sub_f32 v1, v2, v3
v_dual_subrev_f32 v0, v1, v2 :: v_dual_subrev_f32 v1, v2, v3
v_dual_mul_dx9_zero_f32 v0, v1, v2 :: v_dual_mul_dx9_zero_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_mov_b32 v1, v2
v_dual_cndmask_b32 v0, v1, v2 :: v_dual_cndmask_b32 v1, v2, v3
v_dual_max_f32 v0, v1, v2 :: v_dual_max_f32 v1, v2, v3
v_dual_min_f32 v0, v1, v2 :: v_dual_min_f32 v1, v2, v3
v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_dot2acc_f32_f16 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_add_nc_u32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_lshlrev_b32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_and_b32 v1, v2, v3
v_dual_fmac_f32 v0, v4, v8 :: v_dual_fmac_f32 v1, v5, v9
v_dual_fmac_f32 v0, s4, v8 :: v_dual_fmac_f32 v1, 1.0, v9
v_dual_fmac_f32 v0, 0x41000000, v8 :: v_dual_fmac_f32 v1, 0x41000000, v9
v_dual_fmaak_f32 v0, v1, v2, 0x41000000 :: v_dual_mov_b32 v1, 0x41000000
v_dual_fmamk_f32 v0, v1, 0x41000000, v2 :: v_dual_add_f32 v1, v2, v3
v_dual_cndmask_b32 v0, v1, v2 :: v_dual_cndmask_b32 v1, s2, v3
v_dual_mov_b32 v2, s0 :: v_dual_lshlrev_b32 v3, 2, v5
v_dual_mov_b32 v254, v0 :: v_dual_and_b32 v255, v1, v2
v_dual_mov_b32 v255, v0 :: v_dual_add_nc_u32 v254, -1, v2
v_dual_mul_f32 v0, -1.0, v1 :: v_dual_mov_b32 v1, vcc_lo
v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_mov_b32 v1, v2
v_dual_mov_b32 v0, v1 :: v_dual_fmac_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_fmaak_f32 v1, v2, v3, 0x3e800000
v_dual_mov_b32 v0, v1 :: v_dual_fmamk_f32 v1, v2, 0x3e800000, v3
v_dual_mov_b32 v0, v1 :: v_dual_mul_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_sub_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_subrev_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_mul_dx9_zero_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_cndmask_b32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_max_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_min_f32 v1, v2, v3
v_dual_mov_b32 v0, v1 :: v_dual_dot2acc_f32_f16 v1, v2, v3
v_dual_fmac_f32 v10, v0, v4 :: v_dual_fmac_f32 v11, v1, v5
v_dual_fmac_f32 v255, v2, v4 :: v_dual_fmac_f32 v254, v1, v5
v_dual_add_f32 v0, s105, v1 :: v_dual_add_f32 v1, vcc_lo, v2
v_dual_mul_f32 v0, 0.5, v1 :: v_dual_mul_f32 v1, -4.0, v2
v_dual_sub_f32 v0, 64, v1 :: v_dual_subrev_f32 v1, -16, v2
v_dual_max_f32 v0, exec_lo, v1 :: v_dual_min_f32 v1, m0, v2
v_dual_fmaak_f32 v0, 0x41000000, v1, 0x41000000 :: v_dual_fmaak_f32 v1, v2, v3, 0x41000000
v_dual_cndmask_b32 v0, 0x41000000, v1 :: v_dual_add_nc_u32 v1, 0x41000000, v2
v_dual_mov_b32 v0, 0.15915494 :: v_dual_lshlrev_b32 v1, 31, v2
v_dual_mov_b32 v0, 0x12345678 :: v_dual_and_b32 v1, 0x12345678, v2
v_dual_dot2acc_f32_f16 v0, 1.0, v1 :: v_dual_fmac_f32 v1, 2.0, v2
.long 0x5A000401, 0x40000000
.long 0x5A000401, 0x00000040
.long 0x5A000401, 0x00000000
.long 0x58000501, 0x3f800000
.long 0x5A0004FF, 0x40000000
.long 0xC8500501, 0x000000FF, 0x40000000
.long 0xC85004FF, 0x000000FF, 0x00000040
.long 0xC8500501, 0x00000001, 0x3f800000
