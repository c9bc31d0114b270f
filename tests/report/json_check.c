/* json_check.c — a strict JSON checker for the report's json form (RFC 8259
 * grammar, no extensions): report_test checks every json rendering with it. */
#include <stdbool.h>
#include <string.h>

bool json_valid(const char *s);

static const char *ws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
		p++;
	return p;
}
static const char *value(const char *p, int depth);
static const char *string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p && *p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL;
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!strchr("0123456789abcdefABCDEF", p[i]) || !p[i])
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
		p++;
	}
	return *p == '"' ? p + 1 : NULL;
}
static const char *number(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return NULL;
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return NULL;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return p;
}
static const char *value(const char *p, int depth)
{
	if (depth > 64)
		return NULL;
	p = ws(p);
	if (*p == '{' || *p == '[') {
		char close = *p == '{' ? '}' : ']';
		bool obj = *p == '{';
		p = ws(p + 1);
		if (*p == close)
			return p + 1;
		for (;;) {
			if (obj) {
				p = string(ws(p));
				if (!p)
					return NULL;
				p = ws(p);
				if (*p++ != ':')
					return NULL;
			}
			p = value(p, depth + 1);
			if (!p)
				return NULL;
			p = ws(p);
			if (*p == ',') {
				p++;
				continue;
			}
			return *p == close ? p + 1 : NULL;
		}
	}
	if (*p == '"')
		return string(p);
	if (strncmp(p, "true", 4) == 0)
		return p + 4;
	if (strncmp(p, "false", 5) == 0)
		return p + 5;
	if (strncmp(p, "null", 4) == 0)
		return p + 4;
	return number(p);
}
bool json_valid(const char *s)
{
	const char *p = value(s, 0);
	return p && *ws(p) == 0;
}
