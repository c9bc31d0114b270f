/* codeobj.c — find clang/ld.lld, assemble and link a .s into a .hsaco (written
 * through files.c).  The only part of asm_out that spawns processes. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "asm_out/internal.h"

extern char **environ;

#define MIN_LLVM 19   /* first release whose assembler takes every form we print */

/* ---- files ------------------------------------------------------------------ */

int ao_read_file(const char *path, char **out, size_t *n, char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return AO_E_IO;
	}
	size_t cap = 65536, len = 0;
	char *p = malloc(cap + 1);
	bool too_big = false;
	while (p) {
		len += fread(p + len, 1, cap - len, f);
		if (len < cap)
			break;
		if (cap >= AO_READ_MAX) {    /* /dev/zero and the like end here */
			too_big = true;
			break;
		}
		char *q = realloc(p, cap * 2 + 1);
		if (!q) {
			free(p);
			p = NULL;
			break;
		}
		p = q;
		cap *= 2;
	}
	int rc = !p ? AO_E_NOMEM : ferror(f) ? AO_E_IO : too_big ? AO_E_ARG : 0;
	if (rc == AO_E_IO)
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	else if (rc == AO_E_ARG)
		snprintf(err, errlen, "%s: larger than %u MiB", path, (unsigned)(AO_READ_MAX >> 20));
	else if (rc)
		snprintf(err, errlen, "%s: out of memory", path);
	fclose(f);
	if (rc) {
		free(p);
		return rc;
	}
	p[len] = '\0';
	*out = p;
	*n = len;
	return 0;
}

/* ao_read_file for the tools' own output, whose errors the callers word. */
static int read_all(const char *path, char **out, size_t *n)
{
	char ignored[8];
	return ao_read_file(path, out, n, ignored, sizeof ignored);
}

/* ---- processes ----------------------------------------------------------------- */

static void log_cmd(ao_log_fn log, void *user, char *const argv[])
{
	if (!log)
		return;
	char line[4096];
	size_t n = 0;
	line[0] = '\0';
	for (unsigned i = 0; argv[i]; i++) {
		bool plain = strpbrk(argv[i], " \t'\"$\\") == NULL && argv[i][0];
		int w = snprintf(line + n, sizeof line - n, plain ? "%s%s" : "%s'%s'", i ? " " : "",
				 argv[i]);
		if (w < 0 || (size_t)w >= sizeof line - n)
			break;
		n += (size_t)w;
	}
	log(user, line);
}

/* Run argv with stdout+stderr to out_path; returns the exit status, or -1 when
 * it could not start (errno kept). */
static int run(char *const argv[], const char *out_path)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	/* The interrupts wait until the child is tracked: the handler (files.c)
	 * stops a tracked child before it removes the temporaries, so no child
	 * it does not know of can write one after it.  The child gets the mask
	 * the caller had. */
	sigset_t old;
	ao_interrupts_hold(&old);
	posix_spawnattr_t at;
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &old);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	if (rc == 0)
		ao_child_track(pid);   /* an interrupt stops it before removing its files */
	ao_interrupts_release(&old);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			ao_child_track(0);
			return -1;
		}
	ao_child_track(0);
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* ---- toolchain ---------------------------------------------------------------------- */

/* "clang version 19.1.7" / "LLD 19.1.7": the number after the marker. */
static unsigned version_of(const char *tool, const char *marker, char *tmpdir)
{
	char out[4200];
	snprintf(out, sizeof out, "%s/version.txt", tmpdir);
	char *argv[] = { (char *)tool, "--version", NULL };
	if (run(argv, out) != 0)
		return 0;
	char *text;
	size_t n;
	if (read_all(out, &text, &n))
		return 0;
	unsigned v = 0;
	char *p = strstr(text, marker);
	if (p)
		v = (unsigned)strtoul(p + strlen(marker), NULL, 10);
	free(text);
	unlink(out);
	return v;
}

/* Newest PREFIX-NN on PATH: its NN, and in *too_old the newest NN below
 * MIN_LLVM when nothing usable exists (for the error). */
static unsigned newest_on_path(const char *prefix, unsigned *too_old)
{
	const char *path = getenv("PATH");
	if (!path)
		path = "/usr/bin:/bin";
	char *copy = strdup(path);
	unsigned best = 0;
	*too_old = 0;
	size_t plen = strlen(prefix);
	for (char *save = NULL, *dir = copy ? strtok_r(copy, ":", &save) : NULL; dir;
	     dir = strtok_r(NULL, ":", &save)) {
		DIR *d = opendir(dir);
		if (!d)
			continue;
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (strncmp(e->d_name, prefix, plen) != 0 || e->d_name[plen] != '-')
				continue;
			const char *num = e->d_name + plen + 1;
			if (!*num || strspn(num, "0123456789") != strlen(num) || strlen(num) > 3)
				continue;
			char full[4096];
			snprintf(full, sizeof full, "%s/%s", dir, e->d_name);
			if (access(full, X_OK) != 0)
				continue;
			unsigned v = (unsigned)atoi(num);
			if (v >= MIN_LLVM && v > best)
				best = v;
			if (v < MIN_LLVM && v > *too_old)
				*too_old = v;
		}
		closedir(d);
	}
	free(copy);
	return best;
}

static int pick(const char *env, const char *prefix, const char *marker, char *dst, size_t dstlen,
		unsigned *major, char *tmpdir, char *err, size_t errlen)
{
	const char *given = getenv(env);
	if (given && *given) {
		unsigned v = version_of(given, marker, tmpdir);
		if (v == 0) {
			snprintf(err, errlen, "%s=%s: cannot run it or read its version", env, given);
			return AO_E_TOOL;
		}
		if (v < MIN_LLVM) {
			snprintf(err, errlen,
				 "%s=%s is LLVM %u; %s code needs LLVM >= %d (older assemblers "
				 "reject VOPD and code object v5 directives)", env, given, v,
				 isa_target_default()->name, MIN_LLVM);
			return AO_E_TOOL;
		}
		snprintf(dst, dstlen, "%s", given);
		*major = v;
		return 0;
	}
	unsigned old;
	unsigned v = newest_on_path(prefix, &old);
	if (v == 0) {
		if (old)
			snprintf(err, errlen,
				 "only %s-%u found on PATH; %s code needs LLVM >= %d (older "
				 "assemblers reject VOPD and code object v5 directives): run "
				 "scripts/deps.sh or set %s", prefix, old, isa_target_default()->name, MIN_LLVM,
				 env);
		else
			snprintf(err, errlen, "no %s-NN (NN >= %d) on PATH: run scripts/deps.sh or set %s",
				 prefix, MIN_LLVM, env);
		return AO_E_TOOL;
	}
	snprintf(dst, dstlen, "%s-%u", prefix, v);
	*major = v;
	return 0;
}

/* A private folder for the tools' files.  Its folder and the files the tools
 * write there are tracked (files.c), so an interrupt removes them too. */
static const char *const tmp_names[] = { "version.txt", "kernel.s", "kernel.o", "kernel.hsaco", "tool.txt" };
struct tmpdir {
	char path[4096];
	int slot[1 + sizeof tmp_names / sizeof tmp_names[0]];
};

static int make_tmpdir(struct tmpdir *t)
{
	const char *e = getenv("TMPDIR");
	snprintf(t->path, sizeof t->path, "%s/rdna3gen.XXXXXX", e && *e ? e : "/tmp");
	/* tracked before an interrupt can see it exist */
	sigset_t old;
	ao_interrupts_hold(&old);
	bool made = mkdtemp(t->path) != NULL;
	int saved = errno;
	if (made)
		t->slot[0] = ao_temp_track(t->path, true);
	ao_interrupts_release(&old);
	if (!made) {
		errno = saved;
		return -1;
	}
	for (size_t i = 0; i < sizeof tmp_names / sizeof tmp_names[0]; i++) {
		char p[4200];
		snprintf(p, sizeof p, "%s/%s", t->path, tmp_names[i]);
		t->slot[i + 1] = ao_temp_track(p, false);
	}
	return 0;
}

static void remove_tmpdir(struct tmpdir *t)
{
	const char *dir = t->path;
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char p[4400];
			snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
			unlink(p);
		}
		closedir(d);
	}
	rmdir(dir);
	for (size_t i = 0; i < sizeof t->slot / sizeof t->slot[0]; i++)
		ao_temp_untrack(t->slot[i]);
}

int ao_toolchain_find(struct ao_toolchain *tc, char *err, size_t errlen)
{
	memset(tc, 0, sizeof *tc);
	struct tmpdir td;
	char *dir = td.path;
	if (make_tmpdir(&td)) {
		snprintf(err, errlen, "cannot create a temporary folder: %s", strerror(errno));
		return AO_E_IO;
	}
	int rc = pick("RDNA3_CLANG", "clang", "clang version ", tc->clang, sizeof tc->clang,
		      &tc->clang_major, dir, err, errlen);
	if (!rc)
		rc = pick("RDNA3_LLD", "ld.lld", "LLD ", tc->lld, sizeof tc->lld, &tc->lld_major, dir,
			  err, errlen);
	remove_tmpdir(&td);
	tc->target = isa_target_default();
	return rc;
}

/* ---- build ------------------------------------------------------------------------- */

/* The first "FILE:LINE:COL: error: MSG" of the assembler output, with the
 * offending source line. */
static void asm_error(const char *out, const char *s_text, const char *shown, char *err,
		      size_t errlen)
{
	const char *e = strstr(out, ": error: ");
	if (!e) {
		const char *nl = strchr(out, '\n');
		snprintf(err, errlen, "assembler failed: %.*s", nl ? (int)(nl - out) : 200, out);
		return;
	}
	const char *ls = e;
	while (ls > out && ls[-1] != '\n')
		ls--;
	/* ls: "path:LINE:COL" up to e */
	const char *c2 = e;
	while (c2 > ls && c2[-1] != ':')
		c2--;                           /* c2: COL */
	const char *c1 = c2 - 1;
	while (c1 > ls && c1[-1] != ':')
		c1--;                           /* c1: LINE */
	unsigned line = (unsigned)strtoul(c1, NULL, 10);
	const char *msg = e + 9;
	const char *msg_end = strchr(msg, '\n');
	int msg_len = msg_end ? (int)(msg_end - msg) : (int)strlen(msg);
	/* the source line */
	const char *sl = s_text;
	for (unsigned i = 1; i < line && sl; i++) {
		sl = strchr(sl, '\n');
		if (sl)
			sl++;
	}
	if (sl) {
		while (*sl == '\t' || *sl == ' ')
			sl++;
		const char *se = strchr(sl, '\n');
		snprintf(err, errlen, "%s:%u: %.*s: %.*s", shown, line, msg_len, msg,
			 se ? (int)(se - sl) : (int)strlen(sl), sl);
	} else {
		snprintf(err, errlen, "%s:%u: %.*s", shown, line, msg_len, msg);
	}
}

int ao_assemble(const struct ao_toolchain *tc, const char *s_text, size_t s_len, const char *s_name,
		void **co, size_t *co_len, ao_log_fn log, void *log_user, char *err, size_t errlen)
{
	*co = NULL;
	*co_len = 0;
	struct tmpdir td;
	char *dir = td.path;
	if (make_tmpdir(&td)) {
		snprintf(err, errlen, "cannot create a temporary folder: %s", strerror(errno));
		return AO_E_IO;
	}
	char s_tmp[4200], o_tmp[4200], h_tmp[4200], out_tmp[4200];
	snprintf(s_tmp, sizeof s_tmp, "%s/kernel.s", dir);
	snprintf(o_tmp, sizeof o_tmp, "%s/kernel.o", dir);
	snprintf(h_tmp, sizeof h_tmp, "%s/kernel.hsaco", dir);
	snprintf(out_tmp, sizeof out_tmp, "%s/tool.txt", dir);
	int rc = 0;
	char *bytes = NULL, *text = NULL;
	size_t nbytes = 0, ntext;

	FILE *f = fopen(s_tmp, "wb");
	bool written = f && fwrite(s_text, 1, s_len, f) == s_len;
	if (f && fclose(f) != 0)
		written = false;
	if (!written) {
		snprintf(err, errlen, "%s: %s", s_tmp, strerror(errno));
		rc = AO_E_IO;
		goto out;
	}
	char mcpu[64];
	snprintf(mcpu, sizeof mcpu, "-mcpu=%s", (tc->target ? tc->target : isa_target_default())->name);
	char *cc[] = { (char *)tc->clang, "-target", "amdgcn-amd-amdhsa", mcpu, "-c", s_tmp, "-o", o_tmp, NULL };
	log_cmd(log, log_user, cc);
	int st = run(cc, out_tmp);
	if (st != 0) {
		if (st < 0) {
			snprintf(err, errlen, "cannot run %s: %s", tc->clang, strerror(errno));
			rc = AO_E_TOOL;
		} else {
			if (read_all(out_tmp, &text, &ntext) == 0)
				asm_error(text, s_text, s_name ? s_name : "kernel.s", err, errlen);
			else
				snprintf(err, errlen, "%s failed with status %d", tc->clang, st);
			rc = AO_E_ASM;
		}
		goto out;
	}
	char *ld[] = { (char *)tc->lld, "-shared", o_tmp, "-o", h_tmp, NULL };
	log_cmd(log, log_user, ld);
	st = run(ld, out_tmp);
	if (st != 0) {
		if (st < 0) {
			snprintf(err, errlen, "cannot run %s: %s", tc->lld, strerror(errno));
			rc = AO_E_TOOL;
		} else {
			if (read_all(out_tmp, &text, &ntext) == 0) {
				char *nl = strchr(text, '\n');
				if (nl)
					*nl = '\0';
				snprintf(err, errlen, "linker: %s", text);
			} else {
				snprintf(err, errlen, "%s failed with status %d", tc->lld, st);
			}
			rc = AO_E_ASM;
		}
		goto out;
	}
	if (read_all(h_tmp, &bytes, &nbytes)) {
		snprintf(err, errlen, "%s: cannot read the linked code object", h_tmp);
		rc = AO_E_IO;
		goto out;
	}
	*co = bytes;
	*co_len = nbytes;
out:
	free(text);
	remove_tmpdir(&td);
	return rc;
}

int ao_build_hsaco(const struct ao_toolchain *tc, const char *s_text, size_t s_len,
		   const char *hsaco_path, const char *s_path,
		   ao_log_fn log, void *log_user, char *err, size_t errlen)
{
	void *co;
	size_t n;
	int rc = ao_assemble(tc, s_text, s_len, s_path, &co, &n, log, log_user, err, errlen);
	if (rc)
		return rc;
	struct ao_output files[2] = { { hsaco_path, co, n }, { s_path, s_text, s_len } };
	rc = ao_write_files(files, s_path ? 2 : 1, err, errlen);
	free(co);
	return rc;
}
