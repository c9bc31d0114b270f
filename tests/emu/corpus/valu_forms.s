// VALU operand forms: constants, literals, SGPR/VGPR ranges, special registers,
// VOP3 modifiers (neg, abs, clamp, omod, op_sel), carry outputs.
v_mov_b32 v0, 0x12345678
v_mov_b32 v0, s5
v_mov_b32 v255, v255
v_mov_b32 v0, 1.0
v_mov_b32 v0, 0.15915494
v_mov_b32 v0, vcc_lo
v_mov_b32 v0, exec_hi
v_mov_b32 v0, m0
v_mov_b32 v0, null
v_mov_b32_e64 v0, v1
v_add_f32_e64 v0, -|v1|, |v2| clamp
v_add_f32_e64 v0, v1, v2 mul:2
v_add_f32_e64 v0, v1, v2 mul:4
v_add_f32_e64 v0, v1, v2 div:2
v_add_f32_e64 v0, s1, 0x41000000
v_add_f32_e64 v0, 0.5, s1
v_add_f32_e64 v0, -1.0, -v1
v_add_f32_e64 v0, v1, -2.0
v_add_nc_u32_e64 v0, v1, 5 clamp
v_fma_f32 v0, v1, v2, v3
v_fma_f32 v0, -v1, v2, -v3
v_fma_f32 v0, v1, 0x41000000, v3
v_fma_f32 v0, s1, s1, v3
v_fmac_f32 v0, 0x41000000, v2
v_fmac_f32_e64 v0, v1, v2
v_fmac_f32_e64 v0, s1, -v2
v_fmaak_f32 v0, s1, v2, 0x41000000
v_fmamk_f32 v0, v1, 0x41000000, v2
v_fmaak_f32 v0, 0x41000000, v2, 0x41000000
v_cndmask_b32_e64 v0, 0, 1, vcc_lo
v_cndmask_b32_e64 v0, 0, -1, s4
v_cndmask_b32_e64 v0, -v1, |v2|, s4
v_cndmask_b16 v0, -v1, |v2|, s4
v_cndmask_b16 v0, 0x3555, v3, vcc_lo
v_cndmask_b16 v0, 0.5, v3, s4
v_cndmask_b32 v0, 0x41000000, v1, vcc_lo
v_cmp_gt_i32 vcc_lo, 0x100, v1
v_cmp_gt_i32_e64 vcc_lo, v1, 5
v_cmp_gt_f32_e64 s4, -v1, |v2|
v_cmp_lt_u64 vcc_lo, 0x100, v[0:1]
v_cmp_lt_u64_e64 s4, v[0:1], 4
v_cmp_eq_u64_e64 s4, v[0:1], s[2:3]
v_cmpx_gt_i32_e64 v1, 5
v_cmpx_gt_f32_e64 -v1, v2
v_cmpx_ne_u32 0, v1
v_cmp_class_f32 vcc_lo, v1, 3
v_add_co_u32 v0, s4, v1, v2
v_add_co_u32 v0, vcc_lo, v1, 5
v_add_co_u32 v0, null, 0x1234, v2
v_add_co_u32 v0, vcc_lo, v1, v2 clamp
v_add_co_ci_u32_e64 v0, vcc_lo, 0, v2, vcc_lo
v_add_co_ci_u32_e64 v0, null, 0, v2, s4 clamp
v_add_co_ci_u32 v0, vcc_lo, 0, v2, vcc_lo
v_sub_co_ci_u32 v0, vcc_lo, 0x100, v2, vcc_lo
v_mad_u64_u32 v[0:1], null, s1, v2, 0
v_mad_u64_u32 v[0:1], s4, v1, 0x100, v[2:3]
v_mad_u64_u32 v[0:1], vcc_lo, v1, v2, s[2:3]
v_mad_i64_i32 v[0:1], null, v1, v2, 1.0
v_div_scale_f32 v0, vcc_lo, v1, v1, v2
v_div_scale_f32 v0, s4, -v1, v1, v2
v_readfirstlane_b32 s0, v1
v_readfirstlane_b32 vcc_lo, v1
v_readlane_b32 s0, v1, 5
v_readlane_b32 s0, v1, s2
v_writelane_b32 v0, s1, 5
v_writelane_b32 v0, 5, s2
v_lshlrev_b64 v[0:1], 2, v[2:3]
v_lshlrev_b64 v[0:1], v4, s[2:3]
v_lshlrev_b64 v[0:1], 2, 0x100
v_add_f64 v[0:1], v[2:3], 1.0
v_add_f64 v[0:1], v[2:3], 0x40000000
v_add_f64 v[0:1], -v[2:3], |s[4:5]|
v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_cvt_f64_f32 v[0:1], v1
v_cvt_f32_f64 v0, v[2:3]
v_cvt_f32_f64 v0, 1.0
v_cvt_f32_f64 v0, 0x40000000
v_cvt_f32_f16 v0, 0x3c00
v_cvt_f32_f16 v0, 1.0
v_cvt_f32_f16 v0, 0x1234
v_cvt_f16_f32 v0, v1
v_pack_b32_f16 v0, v1, v2 op_sel:[1,1,0]
v_pack_b32_f16 v0, 1.0, 0x1234
v_pack_b32_f16 v0, 0.5, -2.0
v_dot2acc_f32_f16 v0, v1, v2
v_dot2acc_f32_f16 v0, 1.0, v2
v_dot2acc_f32_f16 v0, 0x3c00, v2
v_dot2acc_f32_f16 v0, 0x12345678, v2
v_bfe_u32 v0, v1, 8, 8
v_bfe_u32 v0, s1, v2, 0x100
v_lshl_add_u32 v0, v1, 2, s3
v_add3_u32 v0, v1, v2, -1
v_perm_b32 v0, v1, v2, 0x5040100
v_mul_lo_u32 v0, s1, 0x100
v_mul_hi_u32 v0, v1, s2
v_med3_f32 v0, -v1, |v2|, 0.5 clamp
v_cvt_pk_rtz_f16_f32 v0, v1, v2
v_cvt_pk_rtz_f16_f32 v0, 1.0, v2
v_mul_dx9_zero_f32 v0, v1, v2
v_ldexp_f32 v0, v1, 5
v_cvt_f32_i32 v0, -1
v_cvt_f32_u32 v0, 0x80000000
v_rcp_f32 v0, 0x40400000
v_rcp_f32_e64 v0, -v1 clamp mul:2
v_nop
v_nop_e64
v_mbcnt_lo_u32_b32 v0, -1, 0
v_add_nc_u32 v0, -1, v1
v_add_nc_u32 v0, 0xffffffef, v1
v_and_b32 v0, 0xffff, v1
v_lshlrev_b32 v0, 2, v1
v_mul_f32 v0, 0x3e22f983, v1
v_mul_f32 v0, 0xbe22f983, v1
v_mul_f32 v0, 0.15915494, v1
v_mov_b32 v0, 0x3e22f983
v_add_f32_e64 v0, v1, v2 clamp mul:2
v_cvt_i32_f32_e64 v0, -v1
v_cvt_i32_f32_e64 v0, v1 mul:2
v_cvt_u32_f32_e64 v0, |v1| clamp
v_cvt_f32_i32_e64 v0, v1 mul:2
v_cmp_class_f32_e64 s4, -v1, v2
v_cmp_lt_f32_e64 s4, v1, v2 clamp
v_ldexp_f32 v0, -v1, v2
v_ldexp_f32 v0, v1, v2 mul:2
v_frexp_exp_i32_f32_e64 v0, -v1
v_div_scale_f32 v0, s4, v1, v1, v2 mul:2
v_mad_u64_u32 v[0:1], null, v1, v2, v[4:5] clamp
v_div_fixup_f32 v0, v1, v2, v3 mul:2
v_cvt_f16_f32_e64 v0, -v1 mul:2
v_cvt_f32_f16_e64 v0, -v1 mul:2
v_mul_i32_i24_e64 v0, v1, v2 clamp
v_pack_b32_f16 v0, -v1, |v2|
v_cvt_pk_rtz_f16_f32_e64 v0, -v1, |v2| mul:2
v_cvt_f64_f32_e64 v[0:1], -v1 mul:2
v_cvt_f32_f64_e64 v0, -v[2:3] mul:2
v_mul_dx9_zero_f32_e64 v0, -v1, v2 mul:2
v_sad_u32 v0, v1, v2, v3 clamp
v_cvt_floor_i32_f32_e64 v0, -v1
v_fma_f32 v0, |v1|, -|v2|, |v3| clamp div:2
v_fma_f64 v[0:1], -v[2:3], |v[4:5]|, 0.5
v_fma_f64 v[254:255], s[2:3], 0x40100001, v[6:7]
v_mul_f64 v[0:1], 0.15915494309189532, v[2:3]
v_mov_b32 v0, ttmp15
v_mov_b32 v0, src_shared_base
v_mov_b32 v0, src_scc
v_add_nc_u32 v0, s105, v255
v_cmp_eq_u32 vcc_lo, exec_lo, v0
v_cmp_eq_u32_e64 null, v0, v1
v_cmp_eq_u32_e64 s105, v0, v1
v_cmp_eq_u32_e64 vcc_hi, v0, v1
v_cmpx_eq_u32_e64 s1, v0
v_cndmask_b32_e64 v0, v1, v2, s105
v_cndmask_b32_e64 v0, v1, 0x100, s4
v_sub_co_u32 v0, vcc_lo, s1, v2
v_subrev_co_u32 v0, s4, v1, 1.0
v_mad_u32_u24 v0, v1, 0xffffff, v3
v_and_or_b32 v0, v1, 0xff00, v3
v_readlane_b32 vcc_lo, v1, m0
.long 0x7E0002FF, 0x3f000000   // literals that equal inline constants
.long 0x7E0002FF, 0x00000040
.long 0x7E0002FF, 0xfffffff0
.long 0x7E0002FF, 0x3e22f983
.long 0xD7270000, 0x0001FE02, 0x40100001   // f64 literal (high dword)
.long 0xD7270000, 0x0001FE02, 0x00000000
.long 0xD7270000, 0x0001FE02, 0x3ff00000
.long 0x7E001EFF, 0x12345678
.long 0x7E0016FF, 0x00003800   // f16 literals
.long 0x7E0016FF, 0xffffffff
.long 0x7E0016FF, 0x00010000
.long 0x7E0016FF, 0x00000040
.long 0x7E0016FF, 0x00001234
.long 0x7E0016F8
.long 0x040004FF, 0x00003800   // packed f16 literals
.long 0x040004FF, 0x12345678
.long 0x040004FF, 0xffffffff
.long 0x040004FF, 0x00000040
.long 0xD5030800, 0x00020501   // op_sel on an op without op_sel: ignored
.long 0xD5250000, 0x60020501   // neg on an integer op: refused
.long 0xD51D0300, 0x00020501   // abs on an integer op: refused
