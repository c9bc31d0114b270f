/* yaml_in.c — a YAML file read through the size cap, and the one-line
 * error of a refused parse (kernlib/kernlib.h). */
#include "kernlib/internal.h"
#include "vocab/vocab.h"

#include <errno.h>
#include <stdarg.h>
#include <string.h>

/* libyaml's input: the file, failing past VC_TEXT_FILE_MAX. */
static int read_capped(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct kl_yaml_in *c = data;
	*got = fread(buf, 1, size, c->f);
	c->read += *got;
	if (c->read > VC_TEXT_FILE_MAX) {
		c->too_big = true;
		return 0;
	}
	if (*got == 0 && ferror(c->f)) {
		c->io_error = true;
		return 0;
	}
	return 1;
}

int kl_yaml_open(const char *path, const char *what, yaml_parser_t *p, struct kl_yaml_in *in, char *err,
		   size_t errlen)
{
	*in = (struct kl_yaml_in){ .f = fopen(path, "rb") };
	if (!in->f) {
		snprintf(err, errlen, "%s: cannot open the %s file: %s", path, what, strerror(errno));
		return -1;
	}
	if (!yaml_parser_initialize(p)) {
		fclose(in->f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	yaml_parser_set_input(p, read_capped, in);
	return 0;
}

void kl_yaml_fail(const yaml_parser_t *p, const struct kl_yaml_in *in, const char *path, const char *what,
		    char *err, size_t errlen)
{
	if (in->too_big)
		snprintf(err, errlen, "%s: larger than %u KiB: not a %s file", path, VC_TEXT_FILE_MAX >> 10, what);
	else if (in->io_error)
		snprintf(err, errlen, "%s: cannot read the %s file: %s", path, what, strerror(errno));
	else
		snprintf(err, errlen, "%s:%lu: malformed YAML: %s", path, (unsigned long)p->problem_mark.line + 1,
			 p->problem ? p->problem : "parse error");
}

int kl_bad_at(char *err, size_t errlen, const char *path, const yaml_node_t *at, const char *fmt, ...)
{
	char what[300];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	return vc_fail(err, errlen, KL_E_META, "%s:%lu: %s", path, at ? (unsigned long)at->start_mark.line + 1 : 1ul,
		       what);
}
