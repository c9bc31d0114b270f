/* gen_time — time from template parameters to a .hsaco for each sgemm preset
 * (template build + register allocation + text, then clang/ld.lld through
 * ao_build_hsaco), next to the time clang takes to compile the equivalent
 * HIP C++ kernel (bench/sgemm_ref.hip with the preset's -D values) to a code
 * object.  Best of REPS runs each (env GEN_TIME_REPS, default 5).  One line
 * per configuration.  Run from the repository root (or set SGEMM_REF_HIP). */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "asm_out/asm_out.h"
#include "isa/isa.h"
#include "templates/templates.h"

extern char **environ;

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The preset's shape as -D values for bench/sgemm_ref.hip (NN layout). */
struct cfg {
	const char *preset;
	const char *defs[12];
};

static const struct cfg cfgs[] = {
	{ "k2", { "-DBM=32", "-DBN=32", "-DBK=32", "-DTM=1", "-DTN=1", "-DWAVES_M=32", "-DWAVES_N=1",
		  "-DLANES_M=1", "-DLANES_N=32", "-DPAD_A=0", "-DPAD_B=0", "-DPREFETCH=0" } },
	{ "k3", { "-DBM=128", "-DBN=128", "-DBK=8", "-DTM=4", "-DTN=4", "-DWAVES_M=4", "-DWAVES_N=2",
		  "-DLANES_M=4", "-DLANES_N=8", "-DPAD_A=0", "-DPAD_B=0", "-DPREFETCH=0" } },
	{ "k4", { "-DBM=128", "-DBN=128", "-DBK=8", "-DTM=4", "-DTN=4", "-DWAVES_M=4", "-DWAVES_N=2",
		  "-DLANES_M=4", "-DLANES_N=8", "-DPAD_A=0", "-DPAD_B=0", "-DPREFETCH=1" } },
	{ "k5", { "-DBM=128", "-DBN=128", "-DBK=8", "-DTM=4", "-DTN=4", "-DWAVES_M=4", "-DWAVES_N=1",
		  "-DLANES_M=4", "-DLANES_N=8", "-DPAD_A=4", "-DPAD_B=0", "-DPREFETCH=1" } },
	/* best: the same tiles as k5; what HIP C++ cannot say (bank placement, VOPD
	 * pairing, unrolled SGPR-based loads, LDS double buffering) is the generator's part. */
	{ "best", { "-DBM=128", "-DBN=128", "-DBK=8", "-DTM=4", "-DTN=4", "-DWAVES_M=4", "-DWAVES_N=1",
		    "-DLANES_M=4", "-DLANES_N=8", "-DPAD_A=4", "-DPAD_B=0", "-DPREFETCH=1" } },
};

/* parameters -> .hsaco; returns ms, or -1 with err; *gen_ms: the part before the toolchain */
static double time_gen(const char *preset, const struct ao_toolchain *tc, const char *out, double *gen_ms,
		       unsigned *insts, char *err, size_t errlen)
{
	double t0 = now_ms();
	const struct tpl_template *t = tpl_find("sgemm");
	struct tpl_values v;
	struct ao_kernel *k = NULL;
	char *text = NULL;
	size_t len = 0;
	if (!t) {
		snprintf(err, errlen, "no sgemm template");
		return -1;
	}
	tpl_defaults(t, &v);
	if (tpl_apply_preset(&v, preset, err, errlen) || tpl_build(&v, &k, err, errlen))
		return -1;
	struct ao_emit_opts eo = tpl_emit_opts(&v);
	if (ao_print(k, &eo, &text, &len)) {
		snprintf(err, errlen, "print: %s", ao_error(k) ? ao_error(k) : "?");
		ao_kernel_free(k);
		return -1;
	}
	*insts = ao_inst_count(k);
	*gen_ms = now_ms() - t0;
	int rc = ao_build_hsaco(tc, text, len, out, NULL, NULL, NULL, err, errlen);
	free(text);
	ao_kernel_free(k);
	return rc ? -1 : now_ms() - t0;
}

static double time_clang(const char *clang, const char *src, const struct cfg *c, const char *out)
{
	const char *argv[32];
	char arch[64];
	snprintf(arch, sizeof arch, "--offload-arch=%s", isa_target_default()->name);
	int n = 0;
	argv[n++] = clang;
	argv[n++] = "-x";
	argv[n++] = "hip";
	argv[n++] = arch;
	argv[n++] = "--cuda-device-only";
	argv[n++] = "-nogpulib";
	argv[n++] = "-O3";
	argv[n++] = "--no-gpu-bundle-output";   /* a code object, not an offload bundle */
	argv[n++] = "-c";
	for (int i = 0; i < 12; i++)
		argv[n++] = c->defs[i];
	argv[n++] = src;
	argv[n++] = "-o";
	argv[n++] = out;
	argv[n] = NULL;
	double t0 = now_ms();
	pid_t pid;
	if (posix_spawnp(&pid, clang, NULL, NULL, (char *const *)argv, environ) != 0)
		return -1;
	int st;
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
		return -1;
	return now_ms() - t0;
}

int main(void)
{
	const char *src = getenv("SGEMM_REF_HIP") ? getenv("SGEMM_REF_HIP") : "bench/sgemm_ref.hip";
	int reps = getenv("GEN_TIME_REPS") ? atoi(getenv("GEN_TIME_REPS")) : 5;
	if (reps < 1)
		reps = 1;
	char err[1024];
	struct ao_toolchain tc;
	if (ao_toolchain_find(&tc, err, sizeof err)) {
		fprintf(stderr, "gen_time: %s\n", err);
		return 1;
	}
	if (access(src, R_OK) != 0) {
		fprintf(stderr, "gen_time: cannot read %s (run from the repository root or set SGEMM_REF_HIP)\n", src);
		return 1;
	}
	char dir[] = "/tmp/gen_time.XXXXXX", out[600], ref[600];
	if (!mkdtemp(dir)) {
		fprintf(stderr, "gen_time: cannot create a temporary folder\n");
		return 1;
	}
	snprintf(out, sizeof out, "%s/k.hsaco", dir);
	snprintf(ref, sizeof ref, "%s/ref.hsaco", dir);
	printf("gen_time: best of %d; rdna3gen = parameters -> .hsaco (generate + %s/%s), "
	       "HIP = %s -x hip -O3 on %s\n", reps, tc.clang, tc.lld, tc.clang, src);
	int status = 0;
	for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
		double best = -1, best_gen = -1, best_hip = -1;
		unsigned insts = 0;
		for (int r = 0; r < reps; r++) {
			double g = 0, ms = time_gen(cfgs[i].preset, &tc, out, &g, &insts, err, sizeof err);
			if (ms < 0) {
				fprintf(stderr, "gen_time: %s: %s\n", cfgs[i].preset, err);
				status = 1;
				break;
			}
			if (best < 0 || ms < best)
				best = ms;
			if (best_gen < 0 || g < best_gen)
				best_gen = g;
			double h = time_clang(tc.clang, src, &cfgs[i], ref);
			if (h < 0) {
				fprintf(stderr, "gen_time: %s: %s failed on %s\n", cfgs[i].preset, tc.clang, src);
				status = 1;
				break;
			}
			if (best_hip < 0 || h < best_hip)
				best_hip = h;
		}
		if (best < 0 || best_hip < 0)
			continue;
		printf("gen_time sgemm --preset %s: rdna3gen %.1f ms (generate %.1f ms, %u instructions; "
		       "assemble+link %.1f ms) | HIP C++ %.1f ms | %.1fx\n", cfgs[i].preset, best, best_gen, insts,
		       best - best_gen, best_hip, best_hip / best);
	}
	unlink(out);
	unlink(ref);
	rmdir(dir);
	return status;
}
