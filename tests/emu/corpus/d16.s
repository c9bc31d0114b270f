// d16 loads (one half of the register) and d16_hi stores
global_load_d16_u8 v1, v2, s[4:5]
global_load_d16_i8 v1, v2, s[4:5] offset:-4
global_load_d16_b16 v1, v[2:3], off
global_load_d16_hi_u8 v1, v2, s[4:5]
global_load_d16_hi_i8 v1, v2, s[4:5] offset:8
global_load_d16_hi_b16 v1, v2, s[4:5] glc
global_store_d16_hi_b8 v2, v1, s[4:5]
global_store_d16_hi_b16 v[2:3], v1, off offset:16
flat_load_d16_b16 v1, v[2:3]
flat_load_d16_hi_b16 v1, v[2:3] offset:4
flat_store_d16_hi_b16 v[2:3], v1
scratch_load_d16_b16 v1, v2, off
scratch_load_d16_hi_b16 v1, off, s2 offset:4
scratch_store_d16_hi_b16 v2, v1, off
ds_load_u16_d16 v1, v2
ds_load_u16_d16_hi v1, v2 offset:6
ds_store_b16_d16_hi v1, v2 offset:2
