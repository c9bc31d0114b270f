// MUBUF buffer loads and stores (descriptor in SGPRs)
buffer_load_b32 v1, v2, s[4:7], s3 offen offset:16 glc slc dlc
buffer_load_b32 v1, v2, s[4:7], 0 idxen
buffer_load_b128 v[1:4], v[2:3], s[8:11], s5 idxen offen offset:4095
buffer_store_b16 v1, off, s[4:7], m0 offset:2
buffer_store_b64 v[1:2], v5, s[100:103], 1 offen glc
buffer_load_u8 v1, off, s[4:7], -1
buffer_load_b32 v1, off, s[4:7], s101
buffer_load_b32 v1, off, ttmp[4:7], exec_lo
buffer_load_i8 v1, v2, s[4:7], 0 offen
buffer_load_u16 v1, off, s[4:7], 0 offset:2
buffer_load_i16 v1, off, s[4:7], s2
buffer_load_b64 v[1:2], v3, s[4:7], 0 idxen
buffer_load_b96 v[1:3], off, s[4:7], 0 glc
buffer_store_b8 v1, v2, s[4:7], 0 offen offset:3
buffer_store_b32 v1, off, s[4:7], 0
buffer_store_b96 v[1:3], v[4:5], s[4:7], s0 idxen offen
buffer_store_b128 v[1:4], off, s[4:7], 0 slc
buffer_load_format_x v1, off, s[4:7], 0
buffer_load_format_xy v[1:2], v3, s[4:7], 0 idxen
buffer_load_format_xyz v[1:3], off, s[4:7], s2 offset:12
buffer_load_format_xyzw v[1:4], v5, s[4:7], 0 offen glc
buffer_store_format_x v1, off, s[4:7], 0
buffer_store_format_xy v[1:2], off, s[4:7], 0 offset:8
buffer_store_format_xyz v[1:3], v4, s[4:7], 0 idxen
buffer_store_format_xyzw v[1:4], off, s[4:7], 0 slc
