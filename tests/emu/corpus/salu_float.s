// mcpu: gfx1151
// The ISA 11.5 SALU float ops (FeatureSALUFloatInsts), every row with SGPR,
// inline (integer and float) and literal operands: assembled for the target
// named above (isa_corpus.sh reads the "mcpu:" line), as the 11.0 targets
// have none of them.
s_add_f32 s0, s1, s2
s_add_f32 s5, 1.0, s7
s_add_f32 s5, s7, -4.0
s_add_f32 s5, 0x40490fdb, s7
s_add_f32 s5, s7, 0.15915494
s_add_f32 m0, vcc_lo, exec_lo
s_sub_f32 s0, s1, s2
s_sub_f32 s105, 0.5, 2
s_min_f32 s0, s1, s2
s_min_f32 s3, 0x7fc00000, s4
s_max_f32 s0, s1, s2
s_max_f32 s3, -1, s9
s_mul_f32 s0, s1, s2
s_mul_f32 s3, 2.0, 0x3dcccccd
s_fmaak_f32 s0, s1, s2, 0x40000000
s_fmaak_f32 s0, 1.0, s2, 0x3f800000
s_fmamk_f32 s0, s1, 0x40000000, s2
s_fmamk_f32 s6, s1, 0x41200000, -2.0
s_fmac_f32 s0, s1, s2
s_fmac_f32 s9, 0.5, s2
s_fmac_f32 s9, s2, 0x42280000
s_cvt_pk_rtz_f16_f32 s0, s1, s2
s_cvt_pk_rtz_f16_f32 s0, 1.0, 0x3e800000
s_add_f16 s0, s1, s2
s_add_f16 s0, 1.0, s2
s_add_f16 s0, s1, 0x4248
s_sub_f16 s0, s1, s2
s_sub_f16 s0, -2.0, s2
s_min_f16 s0, s1, s2
s_max_f16 s0, s1, s2
s_mul_f16 s0, s1, s2
s_mul_f16 s0, 0.5, 4
s_fmac_f16 s0, s1, s2
s_fmac_f16 s3, 2.0, s4
s_ceil_f32 s0, s1
s_ceil_f32 s0, 0x40490fdb
s_floor_f32 s0, s1
s_trunc_f32 s0, s1
s_rndne_f32 s0, s1
s_rndne_f32 s0, -0.5
s_cvt_f32_i32 s0, s1
s_cvt_f32_i32 s0, -7
s_cvt_f32_u32 s0, s1
s_cvt_f32_u32 s0, 0x12345678
s_cvt_i32_f32 s0, s1
s_cvt_i32_f32 s0, 4.0
s_cvt_u32_f32 s0, s1
s_cvt_f16_f32 s0, s1
s_cvt_f16_f32 s0, 0.5
s_cvt_f32_f16 s0, s1
s_cvt_f32_f16 s0, 1.0
s_cvt_hi_f32_f16 s0, s1
s_ceil_f16 s0, s1
s_floor_f16 s0, s1
s_trunc_f16 s0, s1
s_rndne_f16 s0, s1
s_rndne_f16 s0, 0x3555
s_cmp_lt_f32 s0, s1
s_cmp_lt_f32 1.0, s1
s_cmp_eq_f32 s0, 0x40490fdb
s_cmp_le_f32 s0, s1
s_cmp_gt_f32 s0, s1
s_cmp_lg_f32 s0, s1
s_cmp_ge_f32 s0, s1
s_cmp_o_f32 s0, s1
s_cmp_u_f32 s0, s1
s_cmp_nge_f32 s0, s1
s_cmp_nlg_f32 s0, s1
s_cmp_ngt_f32 s0, s1
s_cmp_nle_f32 s0, s1
s_cmp_neq_f32 s0, s1
s_cmp_nlt_f32 s0, s1
s_cmp_lt_f16 s0, s1
s_cmp_lt_f16 0.5, s1
s_cmp_eq_f16 s0, s1
s_cmp_le_f16 s0, s1
s_cmp_gt_f16 s0, s1
s_cmp_lg_f16 s0, s1
s_cmp_ge_f16 s0, s1
s_cmp_o_f16 s0, s1
s_cmp_u_f16 s0, s1
s_cmp_nge_f16 s0, s1
s_cmp_nlg_f16 s0, s1
s_cmp_ngt_f16 s0, s1
s_cmp_nle_f16 s0, s1
s_cmp_neq_f16 s0, s1
s_cmp_nlt_f16 s0, s1
s_cmp_nlt_f16 s0, 0x3800
