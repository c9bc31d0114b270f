/* set.c — the library of a target (kl_open_target, kernlib/kernlib.h): a
 * folder that is a library (its index.yaml), or a folder of libraries, one
 * per target, each as `rdna3gen tune --target T -o LIB/NAME` writes it (the
 * way GPU libraries ship one file per architecture). */
#include "kernlib/kernlib.h"
#include "vocab/vocab.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

/* The names of dir's folders that hold an index.yaml, sorted (so the answer
 * and its messages do not depend on the file system's order); *n of them in a
 * malloc'd array of KL_NAME_MAX-wide names, NULL with *n = 0 when none. */
static char (*sublibraries(const char *dir, unsigned *n))[KL_NAME_MAX]
{
	*n = 0;
	DIR *d = opendir(dir);
	if (!d)
		return NULL;
	char(*names)[KL_NAME_MAX] = NULL;
	unsigned cap = 0;
	for (struct dirent *de; (de = readdir(d));) {
		char path[KL_PATH_MAX];
		struct stat st;
		if (de->d_name[0] == '.' || strlen(de->d_name) >= KL_NAME_MAX)
			continue;
		snprintf(path, sizeof path, "%s/%s/index.yaml", dir, de->d_name);
		if (stat(path, &st) || !S_ISREG(st.st_mode))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			char(*more)[KL_NAME_MAX] = realloc(names, cap * sizeof *names);
			if (!more)
				break;
			names = more;
		}
		memcpy(names[(*n)++], de->d_name, strlen(de->d_name) + 1); /* shorter than KL_NAME_MAX: above */
	}
	closedir(d);
	if (names)
		qsort(names, *n, sizeof *names, by_name);
	return names;
}

/* dir/index.yaml: its library, when its kernels are target's code (or name no target). */
static int single(const char *dir, const char *target, struct kl_lib **out, char *err, size_t errlen)
{
	int rc = kl_open(dir, out, err, errlen);
	if (rc || !target)
		return rc;
	const char *t = kl_head(*out)->target;
	if (!t[0] || !strcmp(t, target))
		return 0;
	rc = vc_fail(err, errlen, KL_E_NOKERNEL, "%s has no kernel for %s: its kernels are %s code", dir, target, t);
	kl_close(*out);
	*out = NULL;
	return rc;
}

int kl_open_target(const char *dir, const char *target, struct kl_lib **out, char *err, size_t errlen)
{
	*out = NULL;
	char path[KL_PATH_MAX];
	struct stat st;
	if (!dir || !*dir || strlen(dir) > KL_PATH_MAX - 2 * KL_NAME_MAX - 32)
		return vc_fail(err, errlen, KL_E_ARG, "kernel library: no folder, or its name is too long");
	snprintf(path, sizeof path, "%s/index.yaml", dir);
	if (!stat(path, &st))
		return single(dir, target, out, err, errlen);
	unsigned n;
	char(*names)[KL_NAME_MAX] = sublibraries(dir, &n);
	if (!n) {
		free(names);
		return vc_fail(err, errlen, KL_E_IO, "%s: no index.yaml, in it or in a folder of it: not a kernel library",
			       dir);
	}
	char have[256] = "";
	int rc = 0, found = -1;
	for (unsigned i = 0; i < n && !rc; i++) {
		struct kl_lib *lib;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if ((rc = kl_open(path, &lib, err, errlen)))
			break;
		const char *t = kl_head(lib)->target;
		size_t at = strlen(have);
		snprintf(have + at, sizeof have - at, "%s%s in %s", at ? ", " : "", t[0] ? t : "no target", names[i]);
		bool match = target ? !strcmp(t, target) : n == 1;
		if (match && found >= 0)
			rc = vc_fail(err, errlen, KL_E_META, "%s/%s and %s/%s both hold %s kernels", dir, names[found], dir,
				     names[i], target);
		if (match && !rc)
			found = (int)i, *out = lib;
		else
			kl_close(lib);
	}
	if (rc) {
		kl_close(*out);
		*out = NULL;
	} else if (found < 0) {
		rc = target ? vc_fail(err, errlen, KL_E_NOKERNEL, "%s has no kernel for %s (its libraries: %s)", dir, target, have)
			    : vc_fail(err, errlen, KL_E_ARG, "%s holds libraries for several targets (%s): name one", dir, have);
	}
	free(names);
	return rc;
}
