// mcpu: gfx1151
// FeatureDPPSrc1SGPR (ISA 11.5): a scalar src1 of a VOP3 DPP form; the 11.0
// targets refuse every line (an SGPR src2 they take, the last line).
v_add_f32_e64_dpp v0, v1, s2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_add_f32_e64_dpp v0, v1, 1.0 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_add_f32_e64_dpp v0, v1, vcc_lo row_shr:1 row_mask:0xf bank_mask:0xf
v_add_f32_e64_dpp v0, v1, m0 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_add_f32_e64_dpp v0, v1, exec_lo quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_add_f32_e64_dpp v0, v1, s105 dpp8:[0,1,2,3,4,5,6,7]
v_fma_f32_e64_dpp v0, v1, s2, s3 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_max_i32_e64_dpp v1, v2, s7 dpp8:[7,6,5,4,3,2,1,0] fi:1
v_fma_f32_e64_dpp v0, v1, v2, s3 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
