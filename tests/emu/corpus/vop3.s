// VOP3 and VOP3SD (native VOP3 opcodes): every row (generated from the table).
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
v_div_fixup_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_fma_f16 v0, v2, v4, v6
v_add_nc_u16 v0, v2, v4
v_sub_nc_u16 v0, v2, v4
v_mul_lo_u16 v0, v2, v4
v_max_u16 v0, v2, v4
v_max_i16 v0, v2, v4
v_min_u16 v0, v2, v4
v_min_i16 v0, v2, v4
v_min_f64 v[0:1], v[2:3], v[4:5]
v_max_f64 v[0:1], v[2:3], v[4:5]
v_ldexp_f64 v[0:1], v[2:3], v4
v_lshlrev_b16 v0, v2, v4
v_lshrrev_b16 v0, v2, v4
v_ashrrev_i16 v0, v2, v4
v_div_scale_f32 v0, s6, v2, v4, v6
v_div_scale_f64 v[0:1], s6, v[2:3], v[4:5], v[6:7]
v_mad_u64_u32 v[0:1], s6, v2, v4, v[6:7]
v_mad_i64_i32 v[0:1], s6, v2, v4, v[6:7]
v_add_co_u32 v0, s6, v2, v4
v_sub_co_u32 v0, s6, v2, v4
v_subrev_co_u32 v0, s6, v2, v4
// 16-bit halves
v_add_nc_u16 v0, v1, v2 op_sel:[1,1,1]
v_fma_f16 v0, v1, v2, v3 op_sel:[1,0,0,1]
v_fma_f16 v0, -v1, |v2|, 1.0 clamp
v_mul_lo_u16 v0, 1.0, v2
v_lshlrev_b16 v0, 3, v2
v_max_i16 v0, -1, v2
v_fmac_f16_e64 v0, v1, v2
v_add_f16 v0, 0x3c00, v1
v_add_f16 v0, 0x1234, v1
v_cmp_lt_f16 vcc_lo, 0x1234, v1
v_cmp_lt_f64_e64 s0, 0x10000000, v[3:4]
v_cmp_class_f64_e64 vcc_lo, v[9:10], 0x260
v_div_scale_f64 v[1:2], null, v[5:6], v[5:6], v[3:4]
v_ldexp_f64 v[0:1], -v[2:3], 3
.long 0x7CB200FF, 0x3ff00000   // 64-bit integer literals
.long 0x7CB200FF, 0xffffffff
.long 0x7CB200FF, 0x00000040
.long 0xD73C0000, 0x0001FE82, 0x3ff00000
.long 0x7C4200FF, 0x3ff00000   // f64 literals
.long 0x7C4200FF, 0x00000040
.long 0xD7030000, 0x000204FF, 0x00003c00
.long 0xD7030000, 0x000204FF, 0x0000ffff
.long 0xD7030000, 0x000204FF, 0x00010040
.long 0xD7030000, 0x000204F8
.long 0xD7030000, 0x000204C1
.long 0x7E00D4FF, 0x00003c00
.long 0x7E00D4F0
.long 0x7E00A0F3
.long 0x7C6202FF, 0xfffffff0
v_maxmin_f32 v5, v5, s1, s3
v_minmax_f32 v0, -v1, |v2|, 1.0 clamp
v_maxmin_f16 v0, v1, v2, v3
v_minmax_f16 v0, v1, v2, v3
v_maxmin_u32 v0, v1, v2, 7
v_minmax_u32 v0, v1, v2, v3
v_maxmin_i32 v0, v1, -2, v3
v_minmax_i32 v0, v1, v2, v3
