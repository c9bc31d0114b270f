/* yaml_file.h — a YAML file as libyaml input, read through a cap of
 * VC_TEXT_FILE_MAX (vocab/vocab.h), and the one line that says why a parse
 * failed.  Both YAML readers of the generator use it: the tuner's shapes file
 * (tune/shapes.c) and rdna3gen's --config file (rdna3gen/config.c), so the two
 * refuse a large, unreadable or malformed file in the same words. */
#ifndef RDNA3_TUNE_YAML_FILE_H
#define RDNA3_TUNE_YAML_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <yaml.h>

/* The open file and what reading it met: more than the cap, or an I/O error. */
struct tune_yaml_in {
	FILE *f;
	size_t read;
	bool too_big, io_error;
};

/* Open path as input of p (initialized here), read through in; what names the
 * file in errors ("config", "shapes").  0, or -1 with err set and nothing to
 * release.  After 0 the caller calls yaml_parser_delete(p) and fclose(in->f). */
int tune_yaml_open(const char *path, const char *what, yaml_parser_t *p, struct tune_yaml_in *in, char *err,
		   size_t errlen);

/* The one line for a parse of path that libyaml refused: the cap, the read
 * error, or "FILE:LINE: malformed YAML: PROBLEM". */
void tune_yaml_fail(const yaml_parser_t *p, const struct tune_yaml_in *in, const char *path, const char *what,
		    char *err, size_t errlen);

#endif
