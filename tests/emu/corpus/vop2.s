// VOP2: every row in its _e32 and _e64 forms (generated from the table).
v_cndmask_b32 v0, v1, v2, vcc_lo
v_cndmask_b32_e64 v0, v1, v2, s4
v_dot2acc_f32_f16 v0, v1, v2
v_add_f32 v0, v1, v2
v_add_f32_e64 v0, v1, v2
v_sub_f32 v0, v1, v2
v_sub_f32_e64 v0, v1, v2
v_subrev_f32 v0, v1, v2
v_subrev_f32_e64 v0, v1, v2
v_mul_dx9_zero_f32 v0, v1, v2
v_mul_dx9_zero_f32_e64 v0, v1, v2
v_mul_f32 v0, v1, v2
v_mul_f32_e64 v0, v1, v2
v_mul_i32_i24 v0, v1, v2
v_mul_i32_i24_e64 v0, v1, v2
v_mul_hi_i32_i24 v0, v1, v2
v_mul_hi_i32_i24_e64 v0, v1, v2
v_mul_u32_u24 v0, v1, v2
v_mul_u32_u24_e64 v0, v1, v2
v_mul_hi_u32_u24 v0, v1, v2
v_mul_hi_u32_u24_e64 v0, v1, v2
v_min_f32 v0, v1, v2
v_min_f32_e64 v0, v1, v2
v_max_f32 v0, v1, v2
v_max_f32_e64 v0, v1, v2
v_min_i32 v0, v1, v2
v_min_i32_e64 v0, v1, v2
v_max_i32 v0, v1, v2
v_max_i32_e64 v0, v1, v2
v_min_u32 v0, v1, v2
v_min_u32_e64 v0, v1, v2
v_max_u32 v0, v1, v2
v_max_u32_e64 v0, v1, v2
v_lshlrev_b32 v0, v1, v2
v_lshlrev_b32_e64 v0, v1, v2
v_lshrrev_b32 v0, v1, v2
v_lshrrev_b32_e64 v0, v1, v2
v_ashrrev_i32 v0, v1, v2
v_ashrrev_i32_e64 v0, v1, v2
v_and_b32 v0, v1, v2
v_and_b32_e64 v0, v1, v2
v_or_b32 v0, v1, v2
v_or_b32_e64 v0, v1, v2
v_xor_b32 v0, v1, v2
v_xor_b32_e64 v0, v1, v2
v_xnor_b32 v0, v1, v2
v_xnor_b32_e64 v0, v1, v2
v_add_co_ci_u32 v0, vcc_lo, v1, v2, vcc_lo
v_add_co_ci_u32_e64 v0, s5, v1, v2, s4
v_sub_co_ci_u32 v0, vcc_lo, v1, v2, vcc_lo
v_sub_co_ci_u32_e64 v0, s5, v1, v2, s4
v_subrev_co_ci_u32 v0, vcc_lo, v1, v2, vcc_lo
v_subrev_co_ci_u32_e64 v0, s5, v1, v2, s4
v_add_nc_u32 v0, v1, v2
v_add_nc_u32_e64 v0, v1, v2
v_sub_nc_u32 v0, v1, v2
v_sub_nc_u32_e64 v0, v1, v2
v_subrev_nc_u32 v0, v1, v2
v_subrev_nc_u32_e64 v0, v1, v2
v_fmac_f32 v0, v1, v2
v_fmac_f32_e64 v0, v1, v2
v_fmamk_f32 v0, v1, 0x41000000, v2
v_fmaak_f32 v0, v1, v2, 0x41000000
v_cvt_pk_rtz_f16_f32 v0, v1, v2
v_cvt_pk_rtz_f16_f32_e64 v0, v1, v2
v_add_f16 v0, v1, v2
v_add_f16_e64 v0, v1, v2
v_sub_f16 v0, v1, v2
v_sub_f16_e64 v0, v1, v2
v_mul_f16 v0, v1, v2
v_mul_f16_e64 v0, v1, v2
v_fmac_f16 v0, v1, v2
v_fmac_f16_e64 v0, v1, v2
v_max_f16 v0, v1, v2
v_max_f16_e64 v0, v1, v2
v_min_f16 v0, v1, v2
v_min_f16_e64 v0, v1, v2
v_ldexp_f16 v0, v1, v2
v_ldexp_f16_e64 v0, v1, v2
