// DPP16 and DPP8 source forms (decoded and printed as llvm-objdump-19 does)
v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v1, v2 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
v_mov_b32_dpp v1, v2 row_shr:15 row_mask:0x3 bank_mask:0x5
v_mov_b32_dpp v1, v2 row_ror:7 row_mask:0xf bank_mask:0xf fi:1
v_mov_b32_dpp v1, v2 row_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v1, v2 row_half_mirror row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v1, v2 row_share:3 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v1, v2 row_xmask:5 row_mask:0xf bank_mask:0xf
v_add_f32_dpp v1, -v2, |v3| row_shr:1 row_mask:0xf bank_mask:0xf
v_add_nc_u32_dpp v1, v2, v3 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:1
v_max_i32_dpp v1, v2, v3 row_xmask:1 row_mask:0xf bank_mask:0xf
v_add_co_ci_u32_dpp v1, vcc_lo, v2, v3, vcc_lo row_shr:1 row_mask:0xf bank_mask:0xf
v_cndmask_b32_dpp v1, v2, v3, vcc_lo quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf
v_cmp_gt_f32_dpp vcc_lo, v2, v3 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v1, v2 dpp8:[7,6,5,4,3,2,1,0]
v_add_f32_dpp v1, v2, v3 dpp8:[1,0,3,2,5,4,7,6] fi:1
v_cvt_f32_i32_dpp v1, v2 row_shr:3 row_mask:0xf bank_mask:0xf
v_mul_f32_dpp v1, v2, v3 row_shl:1 row_mask:0xa bank_mask:0xf
v_fmac_f32_dpp v1, v2, v3 quad_perm:[1,1,1,1] row_mask:0xf bank_mask:0xf
v_add_f16_dpp v1, v2, v3 row_shr:1 row_mask:0xf bank_mask:0xf
v_sub_nc_u32_dpp v1, v2, v3 row_shr:1 row_mask:0xf bank_mask:0xf
// register-indexed moves
s_movrels_b32 s1, s2
s_movrels_b64 s[2:3], s[4:5]
s_movreld_b32 s1, s2
s_movreld_b64 s[2:3], s[4:5]
v_movreld_b32_e32 v1, v2
v_movrels_b32_e32 v1, v2
v_movrelsd_b32_e32 v1, v2
v_movreld_b32_e64 v1, s2
v_movrels_b32_e64 v1, v2
v_movrelsd_b32_e64 v1, v2
// f16 with a K constant, mixed-precision FMA
v_fmaak_f16 v1, v2, v3, 0x3e00
v_fmamk_f16 v1, v2, 0x3e00, v3
v_fma_mix_f32 v1, v2, v3, v4
v_fma_mix_f32 v1, v2, v3, v4 op_sel_hi:[1,1,0]
v_fma_mix_f32 v1, -v2, |v3|, v4 op_sel:[1,0,0] op_sel_hi:[1,1,1]
v_fma_mixlo_f16 v1, v2, v3, v4 op_sel_hi:[1,1,1] clamp
v_fma_mixhi_f16 v1, v2, s3, 1.0 op_sel_hi:[0,1,0]
