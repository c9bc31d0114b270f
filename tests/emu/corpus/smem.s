// SMEM: every row, offsets, soffset, cache bits.
s_load_b32 s0, s[0:1], 0x0
s_load_b64 s[0:1], s[0:1], 0x0
s_load_b128 s[4:7], s[0:1], 0x10
s_load_b256 s[0:7], s[0:1], 0x0
s_load_b512 s[0:15], s[0:1], 0x0
s_buffer_load_b32 s0, s[0:3], 0x0
s_buffer_load_b64 s[0:1], s[0:3], 0x0
s_buffer_load_b128 s[0:3], s[0:3], 0x0
s_gl1_inv
s_dcache_inv
s_load_b32 s0, s[0:1], -0x100
s_load_b32 s0, s[0:1], 0x100 glc dlc
s_load_b32 s0, s[0:1], 0x4 glc
s_load_b32 s0, s[0:1], 0x4 dlc
s_load_b32 s0, s[0:1], s4 offset:0x10
s_load_b32 s0, s[0:1], s4
s_load_b32 s0, s[0:1], m0
s_load_b32 s0, s[0:1], 0xfffff
s_load_b32 s0, s[0:1], -0x100000
s_load_b32 s105, s[104:105], 0x0
s_load_b64 vcc, s[2:3], 0x8
s_load_b32 s0, vcc, 0x0
s_load_b128 s[8:11], s[4:5], s105 offset:-0x4
s_buffer_load_b32 s0, s[0:3], s5
s_buffer_load_b32 s0, s[4:7], 0x40 glc
