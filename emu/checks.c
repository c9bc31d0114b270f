/* checks.c — the names of the emulator's switchable checks (enum emu_check), as
 * rdna3run --checks and the shim's RDNA3_SHIM_CHECKS spell them. */
#include "emu/emu.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	unsigned bit;
} check_names[] = {
	{ "waitcnt", EMU_CHECK_WAITCNT },
	{ "lds-race", EMU_CHECK_LDS_RACE },
	{ "vopd-bank", EMU_CHECK_VOPD },
	{ "wmma-hazard", EMU_CHECK_WMMA },
	{ "trans-use", EMU_CHECK_TRANS_USE },
	{ "global-race", EMU_CHECK_GLOBAL_RACE },
};

const char *emu_check_names(void) { return "waitcnt, lds-race, vopd-bank, wmma-hazard, trans-use, global-race, all, default, none"; }

int emu_checks_parse(const char *list, unsigned *mask, char *err, size_t errlen)
{
	unsigned m = 0;
	const char *p = list;
	if (!p || !*p)
		goto bad;
	for (;;) {
		size_t n = strcspn(p, ",");
		bool found = false;
		if (n == 3 && !strncmp(p, "all", 3))
			m |= EMU_CHECK_ALL, found = true;
		else if (n == 7 && !strncmp(p, "default", 7))
			m |= EMU_CHECK_DEFAULT, found = true;
		else if (n == 4 && !strncmp(p, "none", 4) && !strcmp(list, "none"))
			found = true;
		for (size_t i = 0; i < sizeof check_names / sizeof check_names[0] && !found; i++)
			if (strlen(check_names[i].name) == n && !strncmp(p, check_names[i].name, n))
				m |= check_names[i].bit, found = true;
		if (!found) {
			snprintf(err, errlen, "unknown check '%.*s' in '%s' (known: %s; 'none' alone)", (int)(n < 40 ? n : 40),
				 p, list, emu_check_names());
			return EMU_E_ARG;
		}
		if (!p[n])
			break;
		p += n + 1;
		if (!*p)
			goto bad;
	}
	*mask = m;
	return EMU_OK;
bad:
	snprintf(err, errlen, "empty check list '%s' (known: %s)", list ? list : "", emu_check_names());
	return EMU_E_ARG;
}
