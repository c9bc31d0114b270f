// VOP3 and VOP3SD (native VOP3 opcodes): every row, then operand forms.
v_mad_i32_i24 v0, v2, v4, v6
v_mad_u32_u24 v0, v2, v4, v6
v_bfe_u32 v0, v2, v4, v6
v_bfe_i32 v0, v2, v4, v6
v_bfi_b32 v0, v2, v4, v6
v_fma_f32 v0, v2, v4, v6
v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_alignbit_b32 v0, v2, v4, v6
v_alignbyte_b32 v0, v2, v4, v6
v_min3_f32 v0, v2, v4, v6
v_min3_i32 v0, v2, v4, v6
v_min3_u32 v0, v2, v4, v6
v_max3_f32 v0, v2, v4, v6
v_max3_i32 v0, v2, v4, v6
v_max3_u32 v0, v2, v4, v6
v_med3_f32 v0, v2, v4, v6
v_med3_i32 v0, v2, v4, v6
v_med3_u32 v0, v2, v4, v6
v_sad_u32 v0, v2, v4, v6
v_div_fixup_f32 v0, v2, v4, v6
v_div_fmas_f32 v0, v2, v4, v6
v_xor3_b32 v0, v2, v4, v6
v_perm_b32 v0, v2, v4, v6
v_xad_u32 v0, v2, v4, v6
v_lshl_add_u32 v0, v2, v4, v6
v_add_lshl_u32 v0, v2, v4, v6
v_add3_u32 v0, v2, v4, v6
v_lshl_or_b32 v0, v2, v4, v6
v_and_or_b32 v0, v2, v4, v6
v_or3_b32 v0, v2, v4, v6
v_pack_b32_f16 v0, v2, v4
v_ldexp_f32 v0, v2, v4
v_bcnt_u32_b32 v0, v2, v4
v_mbcnt_lo_u32_b32 v0, v2, v4
v_mbcnt_hi_u32_b32 v0, v2, v4
v_cvt_pk_u16_u32 v0, v2, v4
v_cvt_pk_i16_i32 v0, v2, v4
v_sub_nc_i32 v0, v2, v4
v_add_nc_i32 v0, v2, v4
v_add_f64 v[0:1], v[2:3], v[4:5]
v_mul_f64 v[0:1], v[2:3], v[4:5]
v_mul_lo_u32 v0, v2, v4
v_mul_hi_u32 v0, v2, v4
v_mul_hi_i32 v0, v2, v4
v_lshlrev_b64 v[0:1], v2, v[4:5]
v_lshrrev_b64 v[0:1], v2, v[4:5]
v_ashrrev_i64 v[0:1], v2, v[4:5]
v_readlane_b32 s0, v1, s2
v_writelane_b32 v0, s1, s2
v_div_scale_f32 v0, s6, v2, v4, v6
v_mad_u64_u32 v[0:1], s6, v2, v4, v[6:7]
v_mad_i64_i32 v[0:1], s6, v2, v4, v[6:7]
v_add_co_u32 v0, s6, v2, v4
v_sub_co_u32 v0, s6, v2, v4
v_subrev_co_u32 v0, s6, v2, v4
