/* config.c — read a YAML parameter file with libyaml: one flat mapping of
 * scalar keys to scalar values; anything else is an error with its line.
 * Names are checked as they come (known, not given before), so the work is
 * linear in the file, whose size is capped. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "gen/config.h"

/* A key: one of names, not seen before (seen[i]: the line of name i, 0 if not
 * yet).  0, or -1 with the error. */
static int take_name(const struct gen_config_names *names, unsigned *seen, const char *s, size_t max,
		     const char *path, unsigned line, char *err, size_t errlen)
{
	int idx = strlen(s) < max ? names->index_of(s, names->ctx) : -1;
	if (idx < 0 || (unsigned)idx >= names->n) {
		snprintf(err, errlen, "%s:%u: unknown parameter '%.40s' for %s", path, line, s, names->what);
		return -1;
	}
	if (seen[idx]) {
		snprintf(err, errlen, "%s:%u: '%s' given twice (first on line %u)", path, line, s, seen[idx]);
		return -1;
	}
	seen[idx] = line;
	return 0;
}

struct capped {
	FILE *f;
	size_t read;
	bool too_big, io_error;
};

/* libyaml's input: the file, failing past GEN_CONFIG_MAX_BYTES. */
static int read_capped(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct capped *c = data;
	*got = fread(buf, 1, size, c->f);
	c->read += *got;
	if (c->read > GEN_CONFIG_MAX_BYTES) {
		c->too_big = true;
		return 0;
	}
	if (*got == 0 && ferror(c->f)) {
		c->io_error = true;
		return 0;
	}
	return 1;
}

int gen_config_read(const char *path, const struct gen_config_names *names, struct gen_assign **out,
		    unsigned *n, char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: cannot open the config file: %s", path, strerror(errno));
		return -1;
	}
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	struct capped in = { .f = f };
	yaml_parser_set_input(&p, read_capped, &in);
	unsigned *seen = calloc(names->n + 1, sizeof *seen), na = 0;
	struct gen_assign *a = calloc(names->n + 1, sizeof *a);
	if (!seen || !a) {
		free(seen);
		free(a);
		yaml_parser_delete(&p);
		fclose(f);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	int depth = 0, rc = 0, docs = 0;
	char key[64] = "";
	bool have_key = false;
	for (bool done = false; !done && rc == 0;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			if (in.too_big)
				snprintf(err, errlen, "%s: larger than %u KiB: not a parameter file", path,
					 GEN_CONFIG_MAX_BYTES >> 10);
			else if (in.io_error)
				snprintf(err, errlen, "%s: cannot read the config file: %s", path, strerror(errno));
			else
				snprintf(err, errlen, "%s:%lu: malformed YAML: %s", path,
					 (unsigned long)p.problem_mark.line + 1, p.problem ? p.problem : "parse error");
			rc = -1;
			break;
		}
		unsigned line = (unsigned)ev.start_mark.line + 1;
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_DOCUMENT_START_EVENT:
			if (++docs > 1) {
				snprintf(err, errlen, "%s:%u: only one YAML document is allowed", path, line);
				rc = -1;
			}
			break;
		case YAML_MAPPING_START_EVENT:
			if (depth++ > 0) {
				snprintf(err, errlen, "%s:%u: value of '%s' must be a single value, not a mapping",
					 path, line, key);
				rc = -1;
			}
			break;
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		case YAML_SEQUENCE_START_EVENT:
			snprintf(err, errlen, "%s:%u: %s%s%s must be a single value, not a list", path, line,
				 have_key ? "value of '" : "the file", have_key ? key : "", have_key ? "'" : "");
			rc = -1;
			break;
		case YAML_ALIAS_EVENT:
			snprintf(err, errlen, "%s:%u: aliases are not supported", path, line);
			rc = -1;
			break;
		case YAML_SCALAR_EVENT: {
			const char *s = (const char *)ev.data.scalar.value;
			if (depth != 1) {
				snprintf(err, errlen, "%s:%u: expected 'name: value' lines", path, line);
				rc = -1;
			} else if (!have_key) {
				if (take_name(names, seen, s, sizeof key, path, line, err, errlen)) {
					rc = -1;
					break;
				}
				snprintf(key, sizeof key, "%s", s);
				have_key = true;
			} else {
				if (strlen(s) >= sizeof a[0].value) {
					snprintf(err, errlen, "%s:%u: value of '%s' is too long", path, line, key);
					rc = -1;
				} else {
					struct gen_assign *e = &a[na++];   /* na <= names->n: each name once */
					snprintf(e->name, sizeof e->name, "%s", key);
					snprintf(e->value, sizeof e->value, "%s", s);
					e->line = line;
				}
				have_key = false;
			}
			break;
		}
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	fclose(f);
	free(seen);
	if (rc) {
		free(a);
		return -1;
	}
	*out = a;
	*n = na;
	return 0;
}
