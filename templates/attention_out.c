/* attention_out.c — the epilogue of the attention template.
 *
 * The lane's row sum is the sum of its own keys' p; one ds_bpermute adds the
 * partner's (lane l ^ 16, the same query).  O is divided by it (0 for a row
 * that saw no key) and stored from the accumulator's layout: lane l holds
 * query l % 16 and d = 16c + 2j + l / 16, each element stored on its own, only
 * for queries below S_q.  lse = (m + log2 l) * ln 2, or -inf when l = 0.
 *
 * Split-KV (docs/attention.md): each workgroup writes its normalised partial
 * O and its (m, l) into ws, waits for its stores (s_waitcnt_vscnt), and after
 * a barrier one lane increments the workgroup row's counter; the old value
 * goes to every wave through LDS (a one-wave workgroup reads it from the
 * lane).  The last workgroup resets the counter and combines every split's
 * partials (attention_combine.c). */
#include "templates/attention.h"

#define LN2 0.693147180559945309f

/* inv = 1 / l, or 0 when l = 0; O *= inv. */
static void normalise(struct at *a)
{
	AO_I(K_, AO_OP(v_rcp_f32), V(a->t1), V(a->l));
	AO_I(K_, AO_OP(v_cmp_lt_f32), ao_vcc(), ao_int(0), V(a->l));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->t1), ao_int(0), V(a->t1), ao_vcc());
	for (unsigned c = 0; c < a->nd; c++)
		for (unsigned j = 0; j < 8; j++)
			AO_I(K_, AO_OP(v_mul_f32), VS(a->oacc[c], j), V(a->t1), VS(a->oacc[c], j));
}

/* exec = lanes whose row is below the rows, S_q or packed S_q G (and,
 * half_only, in lanes 0-15); old exec in s_save */
static void query_exec(struct at *a, bool half_only)
{
	AO_I(K_, AO_OP(v_cmp_gt_u32), ao_vcc(), ao_s(a->s_rows), V(a->qi));
	if (half_only) {
		AO_I(K_, AO_OP(v_cmp_eq_u32), ao_s(a->s_t2), ao_int(0), V(a->half));
		AO_I(K_, AO_OP(s_and_b32), ao_vcc(), ao_vcc(), ao_s(a->s_t2));
	}
	AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(a->s_save), ao_vcc());
}

/* One step of O's conversion to the output type (nothing for f32): f16
 * dst = cvt(val) at step 0; bf16 rounded to nearest even, tmp = the lowest
 * kept bit at step 0, dst = val + 0x7fff + tmp (the high half) at step 1. */
static void convert_step(struct at *a, unsigned step, struct ao_opnd dst, struct ao_opnd val, int tmp)
{
	if (a->out == AT_OUT_F16 && !step)
		AO_IM(K_, AO_OP(v_cvt_f16_f32), ao_mf(AO_FORM_E64), dst, val);
	else if (a->out == AT_OUT_BF16 && !step)
		AO_I(K_, AO_OP(v_bfe_u32), V(tmp), val, ao_int(16), ao_int(1));
	else if (a->out == AT_OUT_BF16)
		AO_I(K_, AO_OP(v_add3_u32), dst, val, ao_u32(0x7fff), V(tmp));
}

/* The accumulator in the output type, in place (O is dead once stored);
 * four temporaries in turn keep the bf16 rounding's two steps apart. */
static void convert_o(struct at *a)
{
	const int tmp[4] = { a->t1, a->w1[0], a->w1[1], a->w1[2] };
	for (unsigned e = 0; e < 8 * a->nd; e += 4)
		for (unsigned step = 0; step < 2; step++)
			for (unsigned i = 0; i < 4; i++) {
				struct ao_opnd val = VS(a->oacc[(e + i) / 8], (e + i) % 8);
				convert_step(a, step, val, val, tmp[i]);
			}
}

/* O (already normalised) to the output tensor in its type.  burst: every
 * value converted first, then the stores back to back (a store issues only
 * once the wave's VALU results are written, so a conversion between two
 * stores holds each one up), for the split-KV combine, whose stores are the
 * kernel's tail; else each conversion just before its store, which the
 * model prefers where many waves end at once (prefill D 64: 79.68 against
 * 78.68 TFLOP/s). */
static void store_o(struct at *a, bool burst)
{
	unsigned esz = a->out == AT_OUT_F32 ? 4 : 2;
	const ao_op st = a->out == AT_OUT_F32   ? AO_OP(global_store_b32)
			 : a->out == AT_OUT_F16 ? AO_OP(global_store_b16)
						: AO_OP(global_store_d16_hi_b16);
	/* base: o + esz * (b * o_sb + h0 * o_sh); lane: esz * (qi * o_ss + half),
	 * packed esz * (q * o_ss + hg * o_sh + half) */
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_b), SA(A_O_SB));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t2), ao_s(a->s_h0), SA(A_O_SH));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_s(a->s_t2));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_s(a->s_t), ao_int(esz == 4 ? 2 : 1));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_qb), SA(A_O), ao_s(a->s_t));
	AO_I(K_, AO_OP(s_addc_u32), ao_s(a->s_qb + 1), SA(A_O + 1), ao_int(0));
	int vq = a->qi, vhg = -1;
	if (a->pack)
		at_pack_lane(a, &vq, &vhg);
	query_exec(a, false);
	AO_I(K_, AO_OP(v_mul_lo_u32), V(a->t2), V(vq), SA(A_O_SS));
	if (a->pack) {
		AO_I(K_, AO_OP(v_mul_lo_u32), V(a->t1), V(vhg), SA(A_O_SH));
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->t2), V(a->t2), V(a->t1));
	}
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->t2), V(a->t2), V(a->half));
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->t2), ao_int(esz == 4 ? 2 : 1), V(a->t2));
	if (burst)
		convert_o(a);
	for (unsigned c = 0; c < a->nd; c++)
		for (unsigned j = 0; j < 8; j++) {
			struct ao_opnd val = VS(a->oacc[c], j);
			if (!burst && a->out != AT_OUT_F32) { /* converted into t1 just before its store */
				for (unsigned step = 0; step < 2; step++)
					convert_step(a, step, V(a->t1), val, a->t1);
				val = V(a->t1);
			}
			AO_IM(K_, st, ao_m((int)((16 * c + 2 * j) * esz), 0), V(a->t2), val, ao_sr(a->s_qb, 2));
		}
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
}

/* lse[b][h][qi] = (m + log2 l) ln 2, or -inf when l = 0 (lanes 0-15). */
static void store_lse(struct at *a)
{
	if (!a->lse)
		return;
	AO_I(K_, AO_OP(v_log_f32), V(a->t1), V(a->l));
	AO_I(K_, AO_OP(v_add_f32), V(a->t1), V(a->m), V(a->t1));
	AO_I(K_, AO_OP(v_mul_f32), V(a->t1), ao_f32(LN2), V(a->t1));
	AO_I(K_, AO_OP(v_cmp_lt_f32), ao_vcc(), ao_int(0), V(a->l));
	AO_I(K_, AO_OP(v_cndmask_b32), V(a->t1), ao_u32(0xff800000u), V(a->t1), ao_vcc());
	/* offset 4 * ((b * hq + h0) * S_q + qi), packed 4 * ((b * hq + h0) * S_q + hg * S_q + q) */
	int vq = a->qi, vhg = -1;
	if (a->pack)
		at_pack_lane(a, &vq, &vhg);
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_b), SA(A_HQ));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t), ao_s(a->s_t), ao_s(a->s_h0));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(a->s_t), SA(A_SQ));
	query_exec(a, true);
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->t2), ao_s(a->s_t), V(vq));
	if (a->pack) {
		AO_I(K_, AO_OP(v_mul_lo_u32), V(vhg), V(vhg), SA(A_SQ));
		AO_I(K_, AO_OP(v_add_nc_u32), V(a->t2), V(a->t2), V(vhg));
	}
	AO_I(K_, AO_OP(v_lshlrev_b32), V(a->t2), ao_int(2), V(a->t2));
	AO_IM(K_, AO_OP(global_store_b32), ao_m(0, 0), V(a->t2), V(a->t1), ao_sr(a->s_arg + A_LSE, 2));
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
}

/* s_row = ((b * nh + y) * n_split + split) * rows: the split's first ws row
 * (nh, rows: H_q and S_q, packed H_kv and S_q G; y the grid's);
 * s_ml = 4 * B * nh * n_split * rows * D: the byte offset of ws_ml. */
static void ws_offsets(struct at *a, unsigned s_row, unsigned s_ml, unsigned split)
{
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_row), ao_s(a->s_b), ao_s(a->s_nh));
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_row), ao_s(s_row), ao_s(a->wgy));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_row), ao_s(s_row), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_row), ao_s(s_row), ao_s(split));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_row), ao_s(s_row), ao_s(a->s_rows));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_ml), SA(A_BATCH), ao_s(a->s_nh));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_ml), ao_s(s_ml), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_ml), ao_s(s_ml), ao_s(a->s_rows));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_ml), ao_s(s_ml), ao_u32(4 * a->d));
}

/* This split's partial O, m and l into ws.  The split's block of o holds
 * quad q (4 floats) of every row's two halves, then quad q + 1: lane
 * (row, half) writes its quad q, d = 16 (q / 2) + 8 (q % 2) + 2 j + half
 * (j < 4), at 32 (q rows + row) + 16 half, so one b128 store of a wave
 * writes 512 contiguous bytes (four lines), and so does one load of the
 * combine where a row's lanes read one split. */
static void store_partials(struct at *a, unsigned s_row, unsigned s_ml)
{
	unsigned ws = a->s_arg + A_WS, nq = 2 * a->nd;
	query_exec(a, false);
	/* o: 4 D row + 32 qi + 16 half, quad q 32 q rows further; the addresses
	 * first (into the Q fragments, dead now), then the stores back to back */
	AO_I(K_, AO_OP(v_add_nc_u32), V(a->t2), ao_s(s_row), V(a->qi));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t), ao_s(s_row), ao_u32(4 * a->d));
	AO_I(K_, AO_OP(v_lshl_add_u32), VS(a->qf[0], 0), V(a->qi), ao_int(5), ao_s(a->s_t));
	AO_I(K_, AO_OP(v_lshl_add_u32), VS(a->qf[0], 0), V(a->half), ao_int(4), VS(a->qf[0], 0));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(a->s_t), ao_s(a->s_rows), ao_int(5));
	for (unsigned q = 1; q < nq; q++)
		AO_I(K_, AO_OP(v_add_nc_u32), VS(a->qf[q / 8], q % 8), ao_s(a->s_t), VS(a->qf[(q - 1) / 8], (q - 1) % 8));
	for (unsigned q = 0; q < nq; q++)
		AO_IM(K_, AO_OP(global_store_b128), ao_m(0, 0), VS(a->qf[q / 8], q % 8),
		      ra_sub(a->ra, (unsigned)a->oacc[q / 2], 4 * (q % 2), 4), ao_sr(ws, 2));
	/* ml: s_ml + 8 * (row + qi), written by lanes 0-15 */
	AO_I(K_, AO_OP(v_lshl_add_u32), V(a->t2), V(a->t2), ao_int(3), ao_s(s_ml));
	AO_I(K_, AO_OP(v_cmp_eq_u32), ao_vcc(), ao_int(0), V(a->half));
	AO_I(K_, AO_OP(s_and_b32), ao_exec(), ao_exec(), ao_vcc());
	AO_IM(K_, AO_OP(global_store_b32), ao_m(0, 0), V(a->t2), V(a->m), ao_sr(ws, 2));
	AO_IM(K_, AO_OP(global_store_b32), ao_m(4, 0), V(a->t2), V(a->l), ao_sr(ws, 2));
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
}

/* exec = lane 0 of wave 0 (old exec in s_save) */
static void first_lane(struct at *a)
{
	AO_I(K_, AO_OP(v_cmp_eq_u32), ao_vcc(), ao_int(0), V(a->tid));
	AO_I(K_, AO_OP(s_and_saveexec_b32), ao_s(a->s_save), ao_vcc());
}

/* The counter ws_cnt[b][y][x]: every store of the workgroup is complete,
 * then one increment; s_t = its old value, in every wave.  s_cnt gets the
 * counter's byte offset. */
static void count_done(struct at *a, unsigned s_cnt)
{
	/* 4 * (B nh n_split rows (D + 2) + (b nh + y) nx + x), nx = ceil(rows / block_q) */
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_cnt), SA(A_BATCH), ao_s(a->s_nh));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_cnt), ao_s(s_cnt), ao_s(a->s_nsplit));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_cnt), ao_s(s_cnt), ao_s(a->s_rows));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(s_cnt), ao_s(s_cnt), ao_u32(a->d + 2));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t2), ao_s(a->s_b), ao_s(a->s_nh));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t2), ao_s(a->s_t2), ao_s(a->wgy));
	AO_I(K_, AO_OP(s_mul_i32), ao_s(a->s_t2), ao_s(a->s_t2), ao_s(a->s_nx));
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t2), ao_s(a->s_t2), ao_s(a->wgx));
	AO_I(K_, AO_OP(s_add_u32), ao_s(s_cnt), ao_s(s_cnt), ao_s(a->s_t2));
	AO_I(K_, AO_OP(s_lshl_b32), ao_s(s_cnt), ao_s(s_cnt), ao_int(2));
	AO_I(K_, AO_OP(s_waitcnt_vscnt), ao_null(), ao_int(0));
	ao_comment(K_, "the partials are at L2 before the counter moves");
	AO_I0(K_, AO_OP(s_barrier));
	first_lane(a);
	AO_I(K_, AO_OP(v_mov_b32), V(a->t1), ao_int(1));
	AO_I(K_, AO_OP(v_mov_b32), V(a->t2), ao_s(s_cnt));
	AO_IM(K_, AO_OP(global_atomic_add_u32), ao_m(0, AO_GLC), V(a->t1), V(a->t2), V(a->t1),
	      ao_sr(a->s_arg + A_WS, 2));
	ao_waitcnt(K_, 0, -1, -1);
	if (a->waves == 1) {
		/* one wave: lane 0 holds the old value, the first lane once exec is back */
		AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
		AO_I(K_, AO_OP(v_readfirstlane_b32), ao_s(a->s_t), V(a->t1));
		return;
	}
	AO_I(K_, AO_OP(v_mov_b32), V(a->t2), ao_u32(a->lds_flag));
	AO_I(K_, AO_OP(ds_store_b32), V(a->t2), V(a->t1));
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
	ao_waitcnt(K_, -1, -1, 0);
	AO_I0(K_, AO_OP(s_barrier));
	AO_I(K_, AO_OP(v_mov_b32), V(a->t2), ao_u32(a->lds_flag));
	AO_IM(K_, AO_OP(ds_load_b32), ao_m(0, 0), V(a->t1), V(a->t2));
	ao_waitcnt(K_, -1, -1, 0);
	AO_I(K_, AO_OP(v_readfirstlane_b32), ao_s(a->s_t), V(a->t1));
}

void at_epilogue(struct at *a)
{
	AO_I(K_, AO_OP(ds_bpermute_b32), V(a->t2), V(a->xaddr), V(a->l));
	ao_waitcnt(K_, -1, -1, 0);
	AO_I(K_, AO_OP(v_add_f32), V(a->l), V(a->l), V(a->t2));
	ao_comment(K_, "the row sum: the lane's keys and its partner's");
	normalise(a);
	if (!a->split) {
		store_o(a, false);
		store_lse(a);
		AO_I0(K_, AO_OP(s_endpgm));
		return;
	}
	unsigned s_row = a->s_kend, s_ml = a->s_kfull, s_cnt = a->s_k0;
	ws_offsets(a, s_row, s_ml, a->s_s);
	store_partials(a, s_row, s_ml);
	count_done(a, s_cnt);
	int last = ao_label(K_, "last_split");
	AO_I(K_, AO_OP(s_add_u32), ao_s(a->s_t2), ao_s(a->s_nsplit), ao_int(-1));
	AO_I(K_, AO_OP(s_cmp_eq_u32), ao_s(a->s_t), ao_s(a->s_t2));
	AO_I(K_, AO_OP(s_cbranch_scc1), ao_lab((unsigned)last));
	AO_I0(K_, AO_OP(s_endpgm));
	ao_bind(K_, (unsigned)last);
	first_lane(a);
	AO_I(K_, AO_OP(v_mov_b32), V(a->t1), ao_int(0));
	AO_I(K_, AO_OP(v_mov_b32), V(a->t2), ao_s(s_cnt));
	AO_IM(K_, AO_OP(global_store_b32), ao_m(0, 0), V(a->t2), V(a->t1), ao_sr(a->s_arg + A_WS, 2));
	AO_I(K_, AO_OP(s_mov_b32), ao_exec(), ao_s(a->s_save));
	ao_comment(K_, "the counter back to 0 for the next launch");
	AO_I0(K_, AO_OP(buffer_gl0_inv));
	AO_I0(K_, AO_OP(buffer_gl1_inv));
	AO_I(K_, AO_OP(s_mov_b32), ao_s(a->s_s), ao_int(0));
	ws_offsets(a, s_row, s_ml, a->s_s);
	at_combine(a, s_row, s_ml);
	normalise(a);
	store_o(a, true);
	store_lse(a);
	AO_I0(K_, AO_OP(s_endpgm));
}
