// Wave-level primitives as real code writes them: reductions and scans with
// shuffles (ds_bpermute), DPP row operations, ds_swizzle modes, DPP8, ballots.
#include "common.h"

// Sum of each wave's 32 ints with __shfl_xor (butterfly): every lane gets the sum.
extern "C" __global__ void wave_sum_shfl_xor(const int *in, int *out)
{
	unsigned i = gid_x();
	int v = in[i];
	for (int m = 16; m > 0; m >>= 1)
		v += shfl_xor(v, m);
	out[i] = v;
}

// Float max with __shfl_down (the tree HIP examples use); lane 0 stores.
extern "C" __global__ void wave_max_shfl_down(const float *in, float *out)
{
	unsigned i = gid_x();
	float v = in[i];
	for (unsigned d = 16; d > 0; d >>= 1)
		v = __builtin_fmaxf(v, shfl_down_f(v, d));
	if (lane_id() == 0)
		out[i / 32] = v;
}

// Float sum with __shfl_down: the order of the additions is fixed, so the
// result is reproducible bit for bit.
extern "C" __global__ void wave_fsum_shfl_down(const float *in, float *out)
{
	unsigned i = gid_x();
	float v = in[i];
	for (unsigned d = 16; d > 0; d >>= 1)
		v += shfl_down_f(v, d);
	if (lane_id() == 0)
		out[i / 32] = v;
}

// Inclusive scan with __shfl_up (Hillis-Steele).
extern "C" __global__ void wave_scan_shfl_up(const int *in, int *out)
{
	unsigned i = gid_x(), l = lane_id();
	int v = in[i];
	for (unsigned d = 1; d < 32; d <<= 1) {
		int t = shfl_up(v, d);
		if (l >= d)
			v += t;
	}
	out[i] = v;
}

// Inclusive scan with DPP: row_shr 1, 2, 3 then row_shr 4 / 8 with bound_ctrl
// (rows of 16), then the last lane of row 0 carried into row 1 by readlane.
extern "C" __global__ void wave_scan_dpp(const int *in, int *out)
{
	unsigned i = gid_x();
	int v = in[i];
	v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, true); // row_shr:1
	v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, true); // row_shr:2
	v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, true); // row_shr:4
	v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, true); // row_shr:8
	int row0 = __builtin_amdgcn_readlane(v, 15);
	if (lane_id() >= 16)
		v += row0;
	out[i] = v;
}

// Wave sum with DPP row_xmask butterflies inside a row, then the two rows joined
// through ds_swizzle SWAP16 (xor 16).
extern "C" __global__ void wave_sum_dpp_xmask(const int *in, int *out)
{
	unsigned i = gid_x();
	int v = in[i];
	v += __builtin_amdgcn_mov_dpp(v, 0x161, 0xf, 0xf, false); // row_xmask:1
	v += __builtin_amdgcn_mov_dpp(v, 0x162, 0xf, 0xf, false); // row_xmask:2
	v += __builtin_amdgcn_mov_dpp(v, 0x164, 0xf, 0xf, false); // row_xmask:4
	v += __builtin_amdgcn_mov_dpp(v, 0x168, 0xf, 0xf, false); // row_xmask:8
	v += __builtin_amdgcn_ds_swizzle(v, 0x401f);               // swizzle(SWAP,16)
	out[i] = v;
}

// Every ds_swizzle mode clang exposes: quad_perm, and bitmask (swap, reverse,
// broadcast, and/or/xor), one output row each.
extern "C" __global__ void swizzle_modes(const int *in, int *out)
{
	unsigned i = gid_x();
	int v = in[i];
	out[0 * 32 + i] = __builtin_amdgcn_ds_swizzle(v, 0x801b); // QUAD_PERM 3,2,1,0
	out[1 * 32 + i] = __builtin_amdgcn_ds_swizzle(v, 0x041f); // SWAP 1
	out[2 * 32 + i] = __builtin_amdgcn_ds_swizzle(v, 0x1c1f); // REVERSE 8 (xor 7)
	out[3 * 32 + i] = __builtin_amdgcn_ds_swizzle(v, 0x00e0 | 0x18); // BROADCAST 8, lane 7: and 0x18, or 7
	out[4 * 32 + i] = __builtin_amdgcn_ds_swizzle(v, (5 << 10) | (2 << 5) | 0x1c); // and 0x1c, or 2, xor 5
}

// DPP8: reverse each group of 8 lanes, and rotate by one within it.
extern "C" __global__ void dpp8_perms(const int *in, int *out)
{
	unsigned i = gid_x();
	int v = in[i];
	// selects packed 3 bits per lane: [7,6,5,4,3,2,1,0] and [1,2,3,4,5,6,7,0]
	out[i] = __builtin_amdgcn_mov_dpp8(v, 7 | 6 << 3 | 5 << 6 | 4 << 9 | 3 << 12 | 2 << 15 | 1 << 18);
	out[32 + i] = __builtin_amdgcn_mov_dpp8(v, 1 | 2 << 3 | 3 << 6 | 4 << 9 | 5 << 12 | 6 << 15 | 7 << 18);
}

// Stream compaction inside a wave: ballot, popcount, mbcnt give each kept
// element its slot; lane 0 stores the wave's count.
extern "C" __global__ void wave_compact(const int *in, int *out, int *count, int threshold)
{
	unsigned i = gid_x();
	int v = in[i];
	bool keep = v > threshold;
	unsigned mask = __builtin_amdgcn_ballot_w32(keep);
	unsigned slot = __builtin_amdgcn_mbcnt_lo(mask, 0u);
	unsigned wave = i / 32;
	if (keep)
		out[wave * 32 + slot] = v;
	if (lane_id() == 0)
		count[wave] = __builtin_popcount(mask);
}

// Broadcast of the first active lane's value (readfirstlane) after a branch
// that disables the low lanes.
extern "C" __global__ void wave_first_lane(const int *in, int *out)
{
	unsigned i = gid_x();
	int v = in[i];
	int r = -1;
	if (lane_id() >= 5)
		r = __builtin_amdgcn_readfirstlane(v);
	out[i] = r;
}
