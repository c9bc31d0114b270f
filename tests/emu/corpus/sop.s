// SOP1, SOP2, SOPK, SOPC, SOPP: every row, then operand forms.
// Each line is checked against llvm-objdump-19 by tests/emu/isa_corpus.sh.
s_mov_b32 s0, s1
s_mov_b64 s[0:1], s[2:3]
s_not_b32 s0, s1
s_brev_b32 s0, s1
s_ff1_i32_b32 s0, s1
s_flbit_i32_b32 s0, s1
s_sext_i32_i8 s0, s1
s_sext_i32_i16 s0, s1
s_getpc_b64 s[0:1]
s_setpc_b64 s[0:1]
s_swappc_b64 s[0:1], s[2:3]
s_and_saveexec_b32 s0, s1
s_or_saveexec_b32 s0, s1
s_andn2_saveexec_b32 s0, s1
s_and_not1_saveexec_b32 s0, s1
s_bcnt1_i32_b32 s0, s1
s_abs_i32 s0, s1
s_cmov_b32 s0, s1
s_add_u32 s0, s1, s2
s_sub_u32 s0, s1, s2
s_add_i32 s0, s1, s2
s_sub_i32 s0, s1, s2
s_addc_u32 s0, s1, s2
s_subb_u32 s0, s1, s2
s_min_i32 s0, s1, s2
s_min_u32 s0, s1, s2
s_max_i32 s0, s1, s2
s_max_u32 s0, s1, s2
s_cselect_b32 s0, s1, s2
s_cselect_b64 s[0:1], s[2:3], s[4:5]
s_and_b32 s0, s1, s2
s_and_b64 s[0:1], s[2:3], s[4:5]
s_or_b32 s0, s1, s2
s_or_b64 s[0:1], s[2:3], s[4:5]
s_xor_b32 s0, s1, s2
s_xor_b64 s[0:1], s[2:3], s[4:5]
s_and_not1_b32 s0, s1, s2
s_or_not1_b32 s0, s1, s2
s_nand_b32 s0, s1, s2
s_nor_b32 s0, s1, s2
s_xnor_b32 s0, s1, s2
s_lshl_b32 s0, s1, s2
s_lshl_b64 s[0:1], s[2:3], s4
s_lshr_b32 s0, s1, s2
s_lshr_b64 s[0:1], s[2:3], s4
s_ashr_i32 s0, s1, s2
s_ashr_i64 s[0:1], s[2:3], s4
s_lshl1_add_u32 s0, s1, s2
s_lshl2_add_u32 s0, s1, s2
s_lshl3_add_u32 s0, s1, s2
s_lshl4_add_u32 s0, s1, s2
s_bfm_b32 s0, s1, s2
s_mul_i32 s0, s1, s2
s_mul_hi_u32 s0, s1, s2
s_mul_hi_i32 s0, s1, s2
s_bfe_u32 s0, s1, s2
s_bfe_i32 s0, s1, s2
s_pack_ll_b32_b16 s0, s1, s2
s_absdiff_i32 s0, s1, s2
s_movk_i32 s0, 0x1234
s_cmovk_i32 s0, 0x1234
s_cmpk_eq_u32 s0, 0x1234
s_cmpk_lg_u32 s0, 0x1234
s_addk_i32 s0, 0x1234
s_mulk_i32 s0, 0x1234
s_waitcnt_vscnt null, 0x0
s_waitcnt_vmcnt null, 0x0
s_waitcnt_expcnt null, 0x0
s_waitcnt_lgkmcnt null, 0x0
s_cmp_eq_i32 s0, s1
s_cmp_lg_i32 s0, s1
s_cmp_gt_i32 s0, s1
s_cmp_ge_i32 s0, s1
s_cmp_lt_i32 s0, s1
s_cmp_le_i32 s0, s1
s_cmp_eq_u32 s0, s1
s_cmp_lg_u32 s0, s1
s_cmp_gt_u32 s0, s1
s_cmp_ge_u32 s0, s1
s_cmp_lt_u32 s0, s1
s_cmp_le_u32 s0, s1
s_bitcmp0_b32 s0, s1
s_bitcmp1_b32 s0, s1
s_cmp_eq_u64 s[0:1], s[2:3]
s_cmp_lg_u64 s[0:1], s[2:3]
s_nop 0
s_setkill 0
s_setprio 1
s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
s_clause 0x3
s_delay_alu instid0(VALU_DEP_1)
s_waitcnt vmcnt(0)
s_barrier
s_endpgm
s_branch 1
s_cbranch_scc0 1
s_cbranch_scc1 1
s_cbranch_vccz 1
s_cbranch_vccnz 1
s_cbranch_execz 1
s_cbranch_execnz 1
s_sleep 1
s_icache_inv
s_code_end
s_and_b32 exec_lo, exec_lo, s0
s_mov_b32 exec_lo, s0
s_getreg_b32 s0, hwreg(HW_REG_MODE)
s_setreg_b32 hwreg(HW_REG_MODE), s0
s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x3
s_mov_b32 m0, s0
s_or_not1_saveexec_b32 s0, s1
s_xor_saveexec_b32 s0, s1
s_and_not0_saveexec_b32 s0, s1
s_bitset0_b32 s0, s1
s_bitset1_b32 s0, s1
s_bcnt0_i32_b32 s0, s1
s_cmpk_gt_i32 s0, 0x12
s_cmpk_eq_i32 s0, 0x12
s_addk_i32 s0, -5
s_movk_i32 s0, -5
s_call_b64 s[0:1], 1
s_and_not1_b64 s[0:1], s[2:3], s[4:5]
s_or_not1_b64 s[0:1], s[2:3], s[4:5]
s_bfe_u64 s[0:1], s[2:3], s4
s_pack_lh_b32_b16 s0, s1, s2
s_pack_hh_b32_b16 s0, s1, s2
s_pack_hl_b32_b16 s0, s1, s2
s_not_b64 s[0:1], s[2:3]
s_cmov_b64 s[0:1], s[2:3]
s_bcnt1_i32_b64 s0, s[2:3]
s_ff1_i32_b64 s0, s[2:3]
s_wait_idle
s_round_mode 0x1
s_denorm_mode 0x1
s_inst_prefetch 0x1
s_trap 2
s_sendmsghalt sendmsg(1,0)
s_waitcnt_depctr 0xfffe
s_cbranch_vccz 0
s_version 0x1
// operand forms
s_branch -3
s_branch 0x7fff
s_mov_b32 s0, 0x12345678
s_mov_b32 s0, -1
s_mov_b32 s0, 64
s_mov_b32 s0, -16
s_mov_b32 s0, 0.5
s_mov_b32 s0, -4.0
s_mov_b32 s0, 0.15915494
s_mov_b32 s0, 0x3e22f983
s_mov_b32 s0, 65
s_mov_b32 s0, -17
s_mov_b32 s0, 0x3f800000
s_mov_b32 s0, 0xbf800000
s_mov_b32 s0, 1.5
s_mov_b64 s[0:1], 0x12345678
s_mov_b64 s[0:1], -1
s_mov_b64 s[0:1], 1.0
s_mov_b64 s[0:1], vcc
s_mov_b64 s[0:1], exec
s_mov_b64 exec, s[0:1]
s_mov_b32 vcc_lo, vcc_hi
s_mov_b32 exec_lo, exec_hi
s_mov_b32 m0, s105
s_mov_b32 null, s0
s_mov_b64 s[0:1], src_shared_base
s_mov_b32 s0, src_private_base
s_mov_b32 s0, src_scc
s_mov_b32 s0, ttmp0
s_mov_b64 s[0:1], ttmp[2:3]
s_mov_b32 s0, src_shared_limit
s_mov_b32 s0, src_private_limit
s_waitcnt vmcnt(0) lgkmcnt(0)
s_waitcnt lgkmcnt(0)
s_waitcnt expcnt(0)
s_waitcnt 0xffff
s_waitcnt 0
s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(63)
s_waitcnt vmcnt(1) expcnt(2) lgkmcnt(3)
s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
s_delay_alu instid0(TRANS32_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1)
s_delay_alu instid0(VALU_DEP_4)
s_delay_alu instid0(SALU_CYCLE_3)
s_delay_alu instskip(SKIP_2) | instid1(VALU_DEP_2)
s_delay_alu 0
s_sendmsg 0x1
s_sendmsg 0x8
s_nop 7
s_clause 0x3f
s_waitcnt_vscnt null, 0x3f
s_set_inst_prefetch_distance 0x3
s_waitcnt_depctr depctr_va_vdst(0)
s_waitcnt_depctr 0xffe3
s_setprio 3
s_sleep 0
s_getreg_b32 s0, hwreg(HW_REG_HW_ID1)
s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 4)
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 4), 0xf
s_and_b32 s0, s1, 0xffff
s_lshl_b32 s0, 1, s1
s_and_b64 s[0:1], exec, vcc
s_cmp_eq_u32 s0, 0x1234
s_cmp_eq_u64 s[0:1], 0
s_addk_i32 s0, 0x8000
s_cselect_b32 s0, -1, 0
s_cselect_b64 s[0:1], -1, 0
s_endpgm 0
s_endpgm 1
s_icache_inv
s_code_end
s_wait_idle
s_trap 0
s_round_mode 0xf
s_denorm_mode 0xf
s_barrier
s_setkill 1
s_cmpk_ge_i32 s0, 0x12
s_cmpk_lt_i32 s0, 0x12
s_cmpk_le_i32 s0, 0x12
s_cmpk_lg_i32 s0, 0x12
s_cmpk_gt_u32 s0, 0x12
s_cmpk_ge_u32 s0, 0x12
s_cmpk_lt_u32 s0, 0x12
s_cmpk_le_u32 s0, 0x12
s_getreg_b32 s0, hwreg(HW_REG_STATUS)
s_getreg_b32 s0, hwreg(HW_REG_TRAPSTS)
s_getreg_b32 s0, hwreg(HW_REG_GPR_ALLOC)
s_getreg_b32 s0, hwreg(HW_REG_LDS_ALLOC)
s_getreg_b32 s0, hwreg(HW_REG_IB_STS)
s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES)
s_getreg_b32 s0, hwreg(HW_REG_PERF_SNAPSHOT_PC_LO)
s_getreg_b32 s0, hwreg(HW_REG_PERF_SNAPSHOT_PC_HI)
s_getreg_b32 s0, hwreg(HW_REG_FLAT_SCR_LO)
s_getreg_b32 s0, hwreg(HW_REG_FLAT_SCR_HI)
s_getreg_b32 s0, hwreg(HW_REG_HW_ID2)
s_getreg_b32 s0, hwreg(HW_REG_PERF_SNAPSHOT_DATA)
s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES)
s_getreg_b32 s0, hwreg(4)
s_getreg_b32 s5, hwreg(HW_REG_MODE, 31, 1)
s_setreg_b32 hwreg(HW_REG_MODE, 2, 2), s3
s_sendmsg sendmsg(MSG_HS_TESSFACTOR)
s_sendmsg sendmsg(MSG_RTN_GET_REALTIME)
s_sendmsg sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg sendmsg(MSG_RTN_GET_DDID)
s_sendmsg sendmsg(MSG_RTN_GET_TMA)
s_sendmsg sendmsg(MSG_RTN_SAVE_WAVE)
s_sendmsg sendmsg(MSG_RTN_GET_TBA)
s_sendmsg 0x4
s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_3) | instid1(TRANS32_DEP_2)
s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_4) | instid1(TRANS32_DEP_3)
s_delay_alu instid0(FMA_ACCUM_CYCLE_1) | instid1(SALU_CYCLE_2)
s_delay_alu instskip(SAME) | instid1(VALU_DEP_1)
s_waitcnt_depctr 0xfff
s_waitcnt_depctr 0xff9f
s_waitcnt_depctr 0x0
s_waitcnt_depctr 0xfffe
s_waitcnt_depctr depctr_va_sdst(0)
s_waitcnt_depctr depctr_sa_sdst(0)
s_waitcnt_depctr depctr_va_vcc(0)
s_waitcnt_depctr depctr_vm_vsrc(0) depctr_va_ssrc(0)
s_waitcnt_depctr depctr_hold_cnt(0) depctr_va_vdst(3)
s_mov_b32 s105, s104
s_mov_b64 s[104:105], s[102:103]
s_add_u32 s0, s1, 0x80000000
s_add_u32 s0, vcc_hi, m0
s_sub_i32 s0, 0xffffff00, exec_lo
s_mul_i32 s0, s1, -16
s_lshl_b64 s[0:1], s[2:3], 63
s_and_b64 s[0:1], s[2:3], 0xff
s_or_b64 exec, exec, s[4:5]
s_and_saveexec_b32 s0, vcc_lo
s_and_not1_saveexec_b32 s4, s5
s_or_saveexec_b32 s105, -1
s_xor_b64 vcc, vcc, exec
s_bfe_u32 s0, s1, 0x80008
s_cselect_b32 s0, s1, 0x3f800000
s_cmp_lg_u32 vcc_lo, 0
s_cmp_lt_i32 s0, -1
s_bitcmp1_b32 s0, 31
s_cmp_eq_u64 s[0:1], exec
s_cmp_lg_u64 vcc, 0
s_setpc_b64 s[30:31]
s_swappc_b64 s[30:31], s[4:5]
s_getpc_b64 s[4:5]
s_call_b64 s[30:31], 0xffff
s_movk_i32 s0, 0x7fff
s_mulk_i32 s0, 0xffff
s_cmovk_i32 vcc_lo, 0x1
s_cmpk_eq_u32 m0, 0x0
s_waitcnt_vmcnt null, 0xffff
s_waitcnt_expcnt null, 0x7
s_waitcnt_lgkmcnt null, 0x3f
s_waitcnt_vscnt null, 0x1
s_nop 0xf
s_clause 0x1
s_setprio 0
s_sleep 0x7fff
s_branch 0
s_branch 0xffff
s_cbranch_scc0 0x8000
s_cbranch_execz -1
s_cbranch_vccnz 0xfff0
s_trap 0xff
// encodings the assembler would not choose; objdump's reading is the reference
.long 0xBF80FFFF  // s_nop 0xffff
.long 0xBF800041
.long 0xBFB5FFFF  // s_setprio
.long 0xBF9200FF  // s_denorm_mode
.long 0xBF8100FF  // s_setkill
.long 0xBF830041  // s_sleep
.long 0xBF900040  // s_trap
.long 0xBF910041  // s_round_mode
.long 0xBF850041  // s_clause
.long 0xBF8400FF  // s_set_inst_prefetch_distance
.long 0xB08000FF  // s_version
.long 0xB0801041
.long 0xB0808041
.long 0xB0804041
.long 0xB080E041
.long 0xB080A041
.long 0xBF870FFF  // s_delay_alu, invalid fields
.long 0xBF870C0C
.long 0xBFB60002  // s_sendmsg
.long 0xBFB60103
.long 0xBFB60008
.long 0xBFB60004
.long 0xBF89FFF0  // s_waitcnt
.long 0xBF89FFFF
.long 0xBF890000
.long 0xBF89FC07
.long 0xBE8001FF, 0xffffffff  // 64-bit literals
.long 0xBE8001FF, 0x80000000
.long 0xBE8001FF, 0x00000040
.long 0xBE8001FF, 0x3f800000
.long 0xBE8000FF, 0x3f000000  // 32-bit literals equal to inline constants
.long 0xBE8000FF, 0x00000040
.long 0xBE8000FF, 0xfffffff0
.long 0xBE8000FF, 0x3e22f983
.long 0xBE8000FF, 0xc0800000
s_and_not1_saveexec_b64 s[0:1], s[2:3]
s_and_saveexec_b64 s[0:1], s[2:3]
s_or_saveexec_b64 s[0:1], s[2:3]
s_nand_b64 s[0:1], s[2:3], s[4:5]
s_nor_b64 s[0:1], s[2:3], s[4:5]
s_xnor_b64 s[0:1], s[2:3], s[4:5]
s_bfe_i64 s[0:1], s[2:3], s4
s_bfm_b64 s[0:1], s2, s3
s_brev_b64 s[0:1], s[2:3]
s_clz_i32_u64 s0, s[2:3]
s_bitset0_b64 s[0:1], s2
s_bitset1_b64 s[0:1], s2
s_bitcmp0_b64 s[0:1], s2
s_bitcmp1_b64 s[0:1], s2
s_sendmsg_rtn_b64 s[4:5], sendmsg(MSG_RTN_GET_REALTIME)
s_sendmsg_rtn_b32 s4, sendmsg(MSG_RTN_GET_DOORBELL)
s_sendmsg_rtn_b32 s105, sendmsg(MSG_RTN_GET_TMA)
.long 0xBE844CFF   // s_sendmsg_rtn_b32 with an unknown message
.long 0xBE844C05
