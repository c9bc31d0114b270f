// trans_use: a TRANS result used at once.  clang puts s_waitcnt_depctr 0xfff
// between them for the 11.0 targets (FeatureVALUTransUseHazard) and only an
// s_delay_alu for the 11.5 ones (tests/emu/trans_test.c).
extern "C" __attribute__((global)) void trans_use(float *out, const float *in)
{
	unsigned i = __builtin_amdgcn_workitem_id_x();
	float x = in[i];
	float r = __builtin_amdgcn_rcpf(x);
	out[i] = r * x + r;
}
