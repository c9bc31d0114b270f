// VOP3P: every packed row, op_sel/op_sel_hi/neg_lo/neg_hi/clamp, constants.
v_pk_fma_f16 v0, v1, v2, v3
v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[0,1,1] neg_lo:[1,0,0] neg_hi:[0,0,1] clamp
v_pk_add_f16 v0, v1, v2 op_sel:[0,1]
v_pk_add_f16 v0, 1.0, v2
v_pk_mul_f16 v0, 0x3c00, v2
v_pk_mul_f16 v0, s1, v2 op_sel_hi:[0,0]
v_dot2_f32_f16 v0, v1, v2, v3
v_dot2_f32_f16 v0, v1, v2, v3 op_sel_hi:[0,1,1] neg_lo:[1,0,0]
v_dot2_f32_f16 v0, v1, v2, 1.0
v_pk_add_f16 v0, 0x12345678, v2
v_pk_mul_lo_u16 v0, v1, v2
v_pk_lshlrev_b16 v0, 1, v2
v_pk_mad_u16 v0, v1, v2, v3 op_sel:[0,0,1]
v_pk_add_u16 v0, v1, s2 clamp
v_pk_min_f16 v0, v1, v2 neg_hi:[1,1]
v_pk_max_f16 v0, -1, v2
v_pk_fma_f16 v254, v255, s105, 0.5
