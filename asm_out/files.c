/* files.c — output files written all or none, never over an input or a file
 * that is not a regular one, and temporary files removed when the process is
 * interrupted.  Shared by both command lines (rdna3gen, rdna3run). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "asm_out/internal.h"

/* ---- temporaries removed on SIGINT, SIGTERM, SIGHUP ------------------------- */

/* Fixed slots the signal handler can read without locks: a path is complete
 * before its slot is marked used.  Files are unlinked before folders are removed. */
#define AO_TEMP_SLOTS 64
static char temp_path[AO_TEMP_SLOTS][4200];
static volatile sig_atomic_t temp_kind[AO_TEMP_SLOTS];   /* 0 free, 1 file, 2 folder */
static volatile pid_t child;

void ao_child_track(pid_t pid) { child = pid; }

int ao_temp_track(const char *path, bool folder)
{
	for (int i = 0; i < AO_TEMP_SLOTS; i++)
		if (!temp_kind[i] && strlen(path) < sizeof temp_path[i]) {
			memcpy(temp_path[i], path, strlen(path) + 1);
			temp_kind[i] = folder ? 2 : 1;
			return i;
		}
	return -1;   /* untracked: still removed on every normal path */
}

void ao_temp_untrack(int slot)
{
	if (slot >= 0 && slot < AO_TEMP_SLOTS)
		temp_kind[slot] = 0;
}

static void remove_temps_and_die(int sig)
{
	if (child > 0) {
		kill(child, sig);
		while (waitpid(child, NULL, 0) < 0 && errno == EINTR)
			;
	}
	for (int kind = 1; kind <= 2; kind++)
		for (int i = 0; i < AO_TEMP_SLOTS; i++)
			if (temp_kind[i] == kind) {
				if (kind == 1)
					unlink(temp_path[i]);
				else
					rmdir(temp_path[i]);
				temp_kind[i] = 0;
			}
	signal(sig, SIG_DFL);
	raise(sig);
}

static const int interrupt_sigs[] = { SIGINT, SIGTERM, SIGHUP };

void ao_interrupts_hold(sigset_t *old)
{
	sigset_t s;
	sigemptyset(&s);
	for (size_t i = 0; i < sizeof interrupt_sigs / sizeof interrupt_sigs[0]; i++)
		sigaddset(&s, interrupt_sigs[i]);
	sigprocmask(SIG_BLOCK, &s, old);
}

void ao_interrupts_release(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

void ao_remove_temps_on_signal(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = remove_temps_and_die;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof interrupt_sigs / sizeof interrupt_sigs[0]; i++) {
		struct sigaction old;
		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(interrupt_sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(interrupt_sigs[i], &sa, NULL);
	}
}

/* ---- where each output goes ------------------------------------------------------ */

enum target { T_NEW, T_REPLACE, T_DEVICE };

struct dest {
	enum target how;
	dev_t dev;        /* the file's (T_REPLACE, T_DEVICE) or its folder's (T_NEW) */
	ino_t ino;
	const char *base; /* T_NEW: the name inside that folder */
};

/* How path can be written, or an error: an existing regular file is replaced,
 * a character device (/dev/null, or a link to one) written straight, a new
 * name created in an existing folder; anything else (a folder, FIFO, socket,
 * symbolic link to anything but a device) is refused, since replacing it would
 * destroy it. */
static int classify(const char *path, struct dest *d, char *err, size_t errlen)
{
	struct stat st;
	memset(d, 0, sizeof *d);
	if (!*path) {
		snprintf(err, errlen, "an output file name is empty");
		return AO_E_IO;
	}
	if (lstat(path, &st) == 0) {
		struct stat to;
		if (S_ISLNK(st.st_mode) && stat(path, &to) == 0 && S_ISCHR(to.st_mode))
			st = to;   /* /dev/stdout and the like: the device it names */
		const char *what = S_ISDIR(st.st_mode)    ? "a folder"
				   : S_ISLNK(st.st_mode)  ? "a symbolic link (name the file itself)"
				   : S_ISFIFO(st.st_mode) ? "a FIFO"
				   : S_ISSOCK(st.st_mode) ? "a socket"
				   : S_ISBLK(st.st_mode)  ? "a block device"
							  : NULL;
		if (what) {
			snprintf(err, errlen, "%s: is %s, not a regular file; refusing to replace it", path, what);
			return AO_E_IO;
		}
		d->how = S_ISCHR(st.st_mode) ? T_DEVICE : T_REPLACE;
		d->dev = st.st_dev;
		d->ino = st.st_ino;
		return 0;
	}
	if (errno != ENOENT) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return AO_E_IO;
	}
	const char *slash = strrchr(path, '/');
	char dir[4096];
	if (snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".") >=
	    (int)sizeof dir) {
		snprintf(err, errlen, "%s: name too long", path);
		return AO_E_IO;
	}
	if (stat(dir, &st) != 0) {
		snprintf(err, errlen, "%s: folder %s: %s", path, dir, strerror(errno));
		return AO_E_IO;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: %s is not a folder", path, dir);
		return AO_E_IO;
	}
	d->how = T_NEW;
	d->dev = st.st_dev;
	d->ino = st.st_ino;
	d->base = slash ? slash + 1 : path;
	return 0;
}

static bool same_file(const struct dest *a, const struct dest *b)
{
	if (a->dev != b->dev || a->ino != b->ino || (a->how == T_NEW) != (b->how == T_NEW))
		return false;
	return a->how != T_NEW || strcmp(a->base, b->base) == 0;
}

/* Every output checked before anything is written: where it goes, that it is
 * no input (compared by device and inode, so ./a.hsaco, a link to it and
 * a/../a.hsaco all match) and that no two outputs are one file. */
static int plan(const struct ao_output *files, unsigned n, const char *const *inputs, unsigned nin,
		struct dest *d, char *err, size_t errlen)
{
	for (unsigned i = 0; i < n; i++) {
		int rc = classify(files[i].path, &d[i], err, errlen);
		if (rc)
			return rc;
		for (unsigned j = 0; j < nin; j++) {
			struct stat st;
			if (inputs[j] && d[i].how == T_REPLACE && stat(inputs[j], &st) == 0 &&
			    st.st_dev == d[i].dev && st.st_ino == d[i].ino) {
				snprintf(err, errlen, "%s: is the input %s; refusing to overwrite it",
					 files[i].path, inputs[j]);
				return AO_E_IO;
			}
		}
		for (unsigned j = 0; j < i; j++)
			if (d[i].how != T_DEVICE && same_file(&d[i], &d[j])) {
				snprintf(err, errlen, "%s and %s name the same file; give each output its own",
					 files[j].path, files[i].path);
				return AO_E_IO;
			}
	}
	return 0;
}

int ao_outputs_check(const struct ao_output *files, unsigned n, const char *const *inputs,
		     unsigned ninputs, char *err, size_t errlen)
{
	struct dest *d = calloc(n ? n : 1, sizeof *d);
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return AO_E_NOMEM;
	}
	int rc = plan(files, n, inputs, ninputs, d, err, errlen);
	free(d);
	return rc;
}

/* ---- writing ------------------------------------------------------------------ */

/* A new "DIR/.NAME.tmpXXXXXX" beside path: its descriptor, or -1 (errno). */
static int make_temp_beside(const char *path, char *tmp, size_t n)
{
	const char *slash = strrchr(path, '/');
	int dlen = slash ? (int)(slash - path + 1) : 0;
	if (snprintf(tmp, n, "%.*s.%s.tmpXXXXXX", dlen, path, slash ? slash + 1 : path) >= (int)n) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return mkstemp(tmp);
}

/* All of data to fd: 0 or an errno. */
static int write_all(int fd, const void *data, size_t n)
{
	const char *p = data;
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* data to a new temporary file, with the mode a new file would get, closed. */
static int fill(int fd, const void *data, size_t n, mode_t mode)
{
	int rc = write_all(fd, data, n);
	if (!rc && fchmod(fd, mode) != 0)
		rc = errno;
	if (close(fd) != 0 && !rc)
		rc = errno;
	return rc;
}

/* A character device is opened and written, never created or replaced. */
static int write_device(const char *path, const void *data, size_t n)
{
	int fd = open(path, O_WRONLY | O_NOCTTY);
	if (fd < 0)
		return errno;
	int rc = write_all(fd, data, n);
	if (close(fd) != 0 && !rc)
		rc = errno;
	return rc;
}

int ao_write_outputs(const struct ao_output *files, unsigned n, const char *const *inputs,
		     unsigned nin, char *err, size_t errlen)
{
	char (*tmp)[4096] = calloc(n ? n : 1, sizeof *tmp);
	struct dest *d = calloc(n ? n : 1, sizeof *d);
	int *slot = calloc(n ? n : 1, sizeof *slot);
	if (!tmp || !d || !slot) {
		free(tmp), free(d), free(slot);
		snprintf(err, errlen, "out of memory");
		return AO_E_NOMEM;
	}
	int rc = plan(files, n, inputs, nin, d, err, errlen);
	mode_t um = umask(0);
	umask(um);
	/* Every new or replaced file goes to a temporary beside it first: nothing
	 * is touched unless all of them were written. */
	unsigned made = 0;
	for (; !rc && made < n; made++) {
		slot[made] = -1;
		if (d[made].how == T_DEVICE)
			continue;
		const char *path = files[made].path;
		sigset_t old;
		ao_interrupts_hold(&old);   /* tracked before an interrupt can see it exist */
		int fd = make_temp_beside(path, tmp[made], sizeof tmp[made]);
		int saved = errno;
		if (fd >= 0)
			slot[made] = ao_temp_track(tmp[made], false);
		ao_interrupts_release(&old);
		errno = saved;
		if (fd < 0) {
			snprintf(err, errlen, "%s: cannot create a temporary file: %s", path, strerror(errno));
			rc = AO_E_IO;
			break;
		}
		int e = fill(fd, files[made].data, files[made].len, 0666 & ~um);
		if (e) {
			snprintf(err, errlen, "%s: %s", path, strerror(e));
			rc = AO_E_IO;
			made++;
			break;
		}
	}
	/* Devices next (a failure still replaces nothing), then the renames
	 * within each folder: the ones done before a failure stay done. */
	for (unsigned i = 0; !rc && i < n; i++)
		if (d[i].how == T_DEVICE) {
			int e = write_device(files[i].path, files[i].data, files[i].len);
			if (e) {
				snprintf(err, errlen, "%s: %s", files[i].path, strerror(e));
				rc = AO_E_IO;
			}
		}
	for (unsigned i = 0; i < made; i++) {
		if (d[i].how == T_DEVICE)
			continue;
		if (rc || rename(tmp[i], files[i].path) != 0) {
			if (!rc) {
				snprintf(err, errlen, "%s: %s", files[i].path, strerror(errno));
				rc = AO_E_IO;
			}
			unlink(tmp[i]);
		}
		ao_temp_untrack(slot[i]);
	}
	free(tmp), free(d), free(slot);
	return rc;
}

int ao_write_files(const struct ao_output *files, unsigned n, char *err, size_t errlen)
{
	return ao_write_outputs(files, n, NULL, 0, err, errlen);
}

int ao_write_atomic(const char *path, const void *data, size_t n, char *err, size_t errlen)
{
	struct ao_output f = { path, data, n };
	return ao_write_files(&f, 1, err, errlen);
}
