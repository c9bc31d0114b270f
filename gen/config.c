/* config.c — read a YAML parameter file with libyaml: one flat mapping of
 * scalar keys to scalar values; anything else is an error with its line. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "gen/config.h"

static int add(struct gen_assign **a, unsigned *n, unsigned *cap, const char *k, const char *v,
	       unsigned line)
{
	if (*n == *cap) {
		unsigned c = *cap ? *cap * 2 : 16;
		void *p = realloc(*a, c * sizeof **a);
		if (!p)
			return -1;
		*a = p;
		*cap = c;
	}
	struct gen_assign *e = &(*a)[(*n)++];
	snprintf(e->name, sizeof e->name, "%s", k);
	snprintf(e->value, sizeof e->value, "%s", v);
	e->line = line;
	return 0;
}

int gen_config_read(const char *path, struct gen_assign **out, unsigned *n, char *err, size_t errlen)
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
	yaml_parser_set_input_file(&p, f);
	struct gen_assign *a = NULL;
	unsigned na = 0, cap = 0;
	int depth = 0, rc = 0, docs = 0;
	char key[64] = "";
	bool have_key = false;
	for (bool done = false; !done && rc == 0;) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
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
				if (strlen(s) >= sizeof key || !*s) {
					snprintf(err, errlen, "%s:%u: bad parameter name '%.40s'", path, line, s);
					rc = -1;
					break;
				}
				for (unsigned i = 0; i < na; i++)
					if (strcmp(a[i].name, s) == 0) {
						snprintf(err, errlen, "%s:%u: '%s' given twice (first on line %u)", path,
							 line, s, a[i].line);
						rc = -1;
					}
				snprintf(key, sizeof key, "%s", s);
				have_key = true;
			} else {
				if (strlen(s) >= sizeof a[0].value) {
					snprintf(err, errlen, "%s:%u: value of '%s' is too long", path, line, key);
					rc = -1;
				} else if (add(&a, &na, &cap, key, s, line)) {
					snprintf(err, errlen, "%s: out of memory", path);
					rc = -1;
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
	if (rc) {
		free(a);
		return -1;
	}
	*out = a;
	*n = na;
	return 0;
}
