/* config.c — read rdna3gen's --config file with libyaml: one flat mapping of
 * scalar keys to scalar values; anything else is an error with its line.
 * The file is opened, capped and its parse errors worded as the tuner's
 * shapes file is (kernlib/kernlib.h).
 * Names are checked as they come (known, not given before), so the work is
 * linear in the file, whose size is capped. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "rdna3gen/config.h"
#include "kernlib/kernlib.h"

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

int gen_config_read(const char *path, const struct gen_config_names *names, struct gen_assign **out,
		    unsigned *n, char *err, size_t errlen)
{
	*out = NULL;
	*n = 0;
	yaml_parser_t p;
	struct kl_yaml_in in;
	if (kl_yaml_open(path, "config", &p, &in, err, errlen))
		return -1;
	FILE *f = in.f;
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
			kl_yaml_fail(&p, &in, path, "config", err, errlen);
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
