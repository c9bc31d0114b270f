// VOPC: every row in its _e32 and _e64 forms (generated from the table).
v_cmp_f_f32 vcc_lo, v0, v2
v_cmp_f_f32_e64 s4, v0, v2
v_cmp_lt_f32 vcc_lo, v0, v2
v_cmp_lt_f32_e64 s4, v0, v2
v_cmp_eq_f32 vcc_lo, v0, v2
v_cmp_eq_f32_e64 s4, v0, v2
v_cmp_le_f32 vcc_lo, v0, v2
v_cmp_le_f32_e64 s4, v0, v2
v_cmp_gt_f32 vcc_lo, v0, v2
v_cmp_gt_f32_e64 s4, v0, v2
v_cmp_lg_f32 vcc_lo, v0, v2
v_cmp_lg_f32_e64 s4, v0, v2
v_cmp_ge_f32 vcc_lo, v0, v2
v_cmp_ge_f32_e64 s4, v0, v2
v_cmp_o_f32 vcc_lo, v0, v2
v_cmp_o_f32_e64 s4, v0, v2
v_cmp_u_f32 vcc_lo, v0, v2
v_cmp_u_f32_e64 s4, v0, v2
v_cmp_nge_f32 vcc_lo, v0, v2
v_cmp_nge_f32_e64 s4, v0, v2
v_cmp_nlg_f32 vcc_lo, v0, v2
v_cmp_nlg_f32_e64 s4, v0, v2
v_cmp_ngt_f32 vcc_lo, v0, v2
v_cmp_ngt_f32_e64 s4, v0, v2
v_cmp_nle_f32 vcc_lo, v0, v2
v_cmp_nle_f32_e64 s4, v0, v2
v_cmp_neq_f32 vcc_lo, v0, v2
v_cmp_neq_f32_e64 s4, v0, v2
v_cmp_nlt_f32 vcc_lo, v0, v2
v_cmp_nlt_f32_e64 s4, v0, v2
v_cmp_t_f32 vcc_lo, v0, v2
v_cmp_t_f32_e64 s4, v0, v2
v_cmp_lt_i32 vcc_lo, v0, v2
v_cmp_lt_i32_e64 s4, v0, v2
v_cmp_eq_i32 vcc_lo, v0, v2
v_cmp_eq_i32_e64 s4, v0, v2
v_cmp_le_i32 vcc_lo, v0, v2
v_cmp_le_i32_e64 s4, v0, v2
v_cmp_gt_i32 vcc_lo, v0, v2
v_cmp_gt_i32_e64 s4, v0, v2
v_cmp_ne_i32 vcc_lo, v0, v2
v_cmp_ne_i32_e64 s4, v0, v2
v_cmp_ge_i32 vcc_lo, v0, v2
v_cmp_ge_i32_e64 s4, v0, v2
v_cmp_lt_u32 vcc_lo, v0, v2
v_cmp_lt_u32_e64 s4, v0, v2
v_cmp_eq_u32 vcc_lo, v0, v2
v_cmp_eq_u32_e64 s4, v0, v2
v_cmp_le_u32 vcc_lo, v0, v2
v_cmp_le_u32_e64 s4, v0, v2
v_cmp_gt_u32 vcc_lo, v0, v2
v_cmp_gt_u32_e64 s4, v0, v2
v_cmp_ne_u32 vcc_lo, v0, v2
v_cmp_ne_u32_e64 s4, v0, v2
v_cmp_ge_u32 vcc_lo, v0, v2
v_cmp_ge_u32_e64 s4, v0, v2
v_cmp_lt_i64 vcc_lo, v[0:1], v[2:3]
v_cmp_lt_i64_e64 s4, v[0:1], v[2:3]
v_cmp_eq_i64 vcc_lo, v[0:1], v[2:3]
v_cmp_eq_i64_e64 s4, v[0:1], v[2:3]
v_cmp_le_i64 vcc_lo, v[0:1], v[2:3]
v_cmp_le_i64_e64 s4, v[0:1], v[2:3]
v_cmp_gt_i64 vcc_lo, v[0:1], v[2:3]
v_cmp_gt_i64_e64 s4, v[0:1], v[2:3]
v_cmp_ne_i64 vcc_lo, v[0:1], v[2:3]
v_cmp_ne_i64_e64 s4, v[0:1], v[2:3]
v_cmp_ge_i64 vcc_lo, v[0:1], v[2:3]
v_cmp_ge_i64_e64 s4, v[0:1], v[2:3]
v_cmp_lt_u64 vcc_lo, v[0:1], v[2:3]
v_cmp_lt_u64_e64 s4, v[0:1], v[2:3]
v_cmp_eq_u64 vcc_lo, v[0:1], v[2:3]
v_cmp_eq_u64_e64 s4, v[0:1], v[2:3]
v_cmp_le_u64 vcc_lo, v[0:1], v[2:3]
v_cmp_le_u64_e64 s4, v[0:1], v[2:3]
v_cmp_gt_u64 vcc_lo, v[0:1], v[2:3]
v_cmp_gt_u64_e64 s4, v[0:1], v[2:3]
v_cmp_ne_u64 vcc_lo, v[0:1], v[2:3]
v_cmp_ne_u64_e64 s4, v[0:1], v[2:3]
v_cmp_ge_u64 vcc_lo, v[0:1], v[2:3]
v_cmp_ge_u64_e64 s4, v[0:1], v[2:3]
v_cmp_class_f32 vcc_lo, v0, v2
v_cmp_class_f32_e64 s4, v0, v2
v_cmpx_lt_f32 v0, v2
v_cmpx_lt_f32_e64 v0, v2
v_cmpx_eq_f32 v0, v2
v_cmpx_eq_f32_e64 v0, v2
v_cmpx_le_f32 v0, v2
v_cmpx_le_f32_e64 v0, v2
v_cmpx_gt_f32 v0, v2
v_cmpx_gt_f32_e64 v0, v2
v_cmpx_lg_f32 v0, v2
v_cmpx_lg_f32_e64 v0, v2
v_cmpx_ge_f32 v0, v2
v_cmpx_ge_f32_e64 v0, v2
v_cmpx_neq_f32 v0, v2
v_cmpx_neq_f32_e64 v0, v2
v_cmpx_lt_i32 v0, v2
v_cmpx_lt_i32_e64 v0, v2
v_cmpx_eq_i32 v0, v2
v_cmpx_eq_i32_e64 v0, v2
v_cmpx_le_i32 v0, v2
v_cmpx_le_i32_e64 v0, v2
v_cmpx_gt_i32 v0, v2
v_cmpx_gt_i32_e64 v0, v2
v_cmpx_ne_i32 v0, v2
v_cmpx_ne_i32_e64 v0, v2
v_cmpx_ge_i32 v0, v2
v_cmpx_ge_i32_e64 v0, v2
v_cmpx_lt_u32 v0, v2
v_cmpx_lt_u32_e64 v0, v2
v_cmpx_eq_u32 v0, v2
v_cmpx_eq_u32_e64 v0, v2
v_cmpx_le_u32 v0, v2
v_cmpx_le_u32_e64 v0, v2
v_cmpx_gt_u32 v0, v2
v_cmpx_gt_u32_e64 v0, v2
v_cmpx_ne_u32 v0, v2
v_cmpx_ne_u32_e64 v0, v2
v_cmpx_ge_u32 v0, v2
v_cmpx_ge_u32_e64 v0, v2
v_cmp_lt_f16 vcc_lo, v0, v2
v_cmp_lt_f16_e64 s4, v0, v2
v_cmp_eq_f16 vcc_lo, v0, v2
v_cmp_eq_f16_e64 s4, v0, v2
v_cmp_le_f16 vcc_lo, v0, v2
v_cmp_le_f16_e64 s4, v0, v2
v_cmp_gt_f16 vcc_lo, v0, v2
v_cmp_gt_f16_e64 s4, v0, v2
v_cmp_lg_f16 vcc_lo, v0, v2
v_cmp_lg_f16_e64 s4, v0, v2
v_cmp_ge_f16 vcc_lo, v0, v2
v_cmp_ge_f16_e64 s4, v0, v2
v_cmp_u_f16 vcc_lo, v0, v2
v_cmp_u_f16_e64 s4, v0, v2
v_cmp_neq_f16 vcc_lo, v0, v2
v_cmp_neq_f16_e64 s4, v0, v2
v_cmp_f_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_f_f64_e64 s4, v[0:1], v[2:3]
v_cmp_lt_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_lt_f64_e64 s4, v[0:1], v[2:3]
v_cmp_eq_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_eq_f64_e64 s4, v[0:1], v[2:3]
v_cmp_le_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_le_f64_e64 s4, v[0:1], v[2:3]
v_cmp_gt_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_gt_f64_e64 s4, v[0:1], v[2:3]
v_cmp_lg_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_lg_f64_e64 s4, v[0:1], v[2:3]
v_cmp_ge_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_ge_f64_e64 s4, v[0:1], v[2:3]
v_cmp_o_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_o_f64_e64 s4, v[0:1], v[2:3]
v_cmp_u_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_u_f64_e64 s4, v[0:1], v[2:3]
v_cmp_nge_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_nge_f64_e64 s4, v[0:1], v[2:3]
v_cmp_nlg_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_nlg_f64_e64 s4, v[0:1], v[2:3]
v_cmp_ngt_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_ngt_f64_e64 s4, v[0:1], v[2:3]
v_cmp_nle_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_nle_f64_e64 s4, v[0:1], v[2:3]
v_cmp_neq_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_neq_f64_e64 s4, v[0:1], v[2:3]
v_cmp_nlt_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_nlt_f64_e64 s4, v[0:1], v[2:3]
v_cmp_t_f64 vcc_lo, v[0:1], v[2:3]
v_cmp_t_f64_e64 s4, v[0:1], v[2:3]
v_cmp_lt_i16 vcc_lo, v0, v2
v_cmp_lt_i16_e64 s4, v0, v2
v_cmp_eq_i16 vcc_lo, v0, v2
v_cmp_eq_i16_e64 s4, v0, v2
v_cmp_lt_u16 vcc_lo, v0, v2
v_cmp_lt_u16_e64 s4, v0, v2
v_cmp_eq_u16 vcc_lo, v0, v2
v_cmp_eq_u16_e64 s4, v0, v2
v_cmp_gt_u16 vcc_lo, v0, v2
v_cmp_gt_u16_e64 s4, v0, v2
v_cmp_class_f64 vcc_lo, v[0:1], v2
v_cmp_class_f64_e64 s4, v[0:1], v2
v_cmpx_f_f32 v0, v2
v_cmpx_f_f32_e64 v0, v2
v_cmpx_o_f32 v0, v2
v_cmpx_o_f32_e64 v0, v2
v_cmpx_u_f32 v0, v2
v_cmpx_u_f32_e64 v0, v2
v_cmpx_nge_f32 v0, v2
v_cmpx_nge_f32_e64 v0, v2
v_cmpx_nlg_f32 v0, v2
v_cmpx_nlg_f32_e64 v0, v2
v_cmpx_ngt_f32 v0, v2
v_cmpx_ngt_f32_e64 v0, v2
v_cmpx_nle_f32 v0, v2
v_cmpx_nle_f32_e64 v0, v2
v_cmpx_nlt_f32 v0, v2
v_cmpx_nlt_f32_e64 v0, v2
v_cmpx_t_f32 v0, v2
v_cmpx_t_f32_e64 v0, v2
v_cmpx_lt_f64 v[0:1], v[2:3]
v_cmpx_lt_f64_e64 v[0:1], v[2:3]
v_cmpx_eq_f64 v[0:1], v[2:3]
v_cmpx_eq_f64_e64 v[0:1], v[2:3]
v_cmpx_le_f64 v[0:1], v[2:3]
v_cmpx_le_f64_e64 v[0:1], v[2:3]
v_cmpx_gt_f64 v[0:1], v[2:3]
v_cmpx_gt_f64_e64 v[0:1], v[2:3]
v_cmpx_lg_f64 v[0:1], v[2:3]
v_cmpx_lg_f64_e64 v[0:1], v[2:3]
v_cmpx_ge_f64 v[0:1], v[2:3]
v_cmpx_ge_f64_e64 v[0:1], v[2:3]
v_cmpx_o_f64 v[0:1], v[2:3]
v_cmpx_o_f64_e64 v[0:1], v[2:3]
v_cmpx_u_f64 v[0:1], v[2:3]
v_cmpx_u_f64_e64 v[0:1], v[2:3]
v_cmpx_neq_f64 v[0:1], v[2:3]
v_cmpx_neq_f64_e64 v[0:1], v[2:3]
v_cmpx_lt_i64 v[0:1], v[2:3]
v_cmpx_lt_i64_e64 v[0:1], v[2:3]
v_cmpx_eq_i64 v[0:1], v[2:3]
v_cmpx_eq_i64_e64 v[0:1], v[2:3]
v_cmpx_le_i64 v[0:1], v[2:3]
v_cmpx_le_i64_e64 v[0:1], v[2:3]
v_cmpx_gt_i64 v[0:1], v[2:3]
v_cmpx_gt_i64_e64 v[0:1], v[2:3]
v_cmpx_ne_i64 v[0:1], v[2:3]
v_cmpx_ne_i64_e64 v[0:1], v[2:3]
v_cmpx_ge_i64 v[0:1], v[2:3]
v_cmpx_ge_i64_e64 v[0:1], v[2:3]
v_cmpx_lt_u64 v[0:1], v[2:3]
v_cmpx_lt_u64_e64 v[0:1], v[2:3]
v_cmpx_eq_u64 v[0:1], v[2:3]
v_cmpx_eq_u64_e64 v[0:1], v[2:3]
v_cmpx_le_u64 v[0:1], v[2:3]
v_cmpx_le_u64_e64 v[0:1], v[2:3]
v_cmpx_gt_u64 v[0:1], v[2:3]
v_cmpx_gt_u64_e64 v[0:1], v[2:3]
v_cmpx_ne_u64 v[0:1], v[2:3]
v_cmpx_ne_u64_e64 v[0:1], v[2:3]
v_cmpx_ge_u64 v[0:1], v[2:3]
v_cmpx_ge_u64_e64 v[0:1], v[2:3]
v_cmpx_class_f32 v0, v2
v_cmpx_class_f32_e64 v0, v2
