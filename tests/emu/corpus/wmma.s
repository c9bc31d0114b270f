// WMMA: every row, op_sel on the 16-bit D forms, neg_lo/neg_hi, clamp, constant C.
v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], 1.0 neg_lo:[1,0,0] neg_hi:[0,1,1]
v_wmma_f32_16x16x16_bf16 v[0:7], v[8:15], v[16:23], v[0:7] neg_lo:[0,0,1]
v_wmma_f32_16x16x16_bf16 v[0:7], v[8:15], v[16:23], 0
v_wmma_f16_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7] op_sel:[0,0,1]
v_wmma_f16_16x16x16_f16 v[248:255], v[8:15], v[16:23], -1.0
v_wmma_bf16_16x16x16_bf16 v[0:7], v[8:15], v[16:23], v[0:7]
v_wmma_bf16_16x16x16_bf16 v[0:7], v[8:15], v[16:23], v[0:7] op_sel:[0,0,1]
v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], v[0:7] neg_lo:[1,1,0] clamp
v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], 7
v_wmma_i32_16x16x16_iu4 v[0:7], v[8:9], v[12:13], v[0:7] neg_lo:[0,1,0]
v_wmma_i32_16x16x16_iu4 v[16:23], v[8:9], v[12:13], v[16:23] clamp
