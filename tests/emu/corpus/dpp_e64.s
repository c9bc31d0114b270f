// VOP3 (_e64_dpp) forms of DPP16 and DPP8
v_add_f32_e64_dpp v1, -v2, v3 row_shr:1 row_mask:0xf bank_mask:0xf
v_fma_f32_e64_dpp v1, v2, v3, v4 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_add3_u32_e64_dpp v1, v2, v3, v4 row_xmask:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
v_max_i32_e64_dpp v1, v2, v3 dpp8:[7,6,5,4,3,2,1,0]
v_add_f32_e64_dpp v1, v2, v3 dpp8:[7,6,5,4,3,2,1,0] fi:1
v_mov_b32_e64_dpp v1, v2 row_shr:2 row_mask:0x3 bank_mask:0xf
v_cmp_gt_f32_e64_dpp s5, v2, v3 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf
v_add_f32_e64_dpp v1, |v2|, v3 clamp row_shr:1 row_mask:0xf bank_mask:0xf
v_cndmask_b32_e64_dpp v1, v2, v3, s4 row_shr:1 row_mask:0xf bank_mask:0xf
