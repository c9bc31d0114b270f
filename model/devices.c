/* devices.c — the device rows of model/devices.def as data: lookup by name,
 * the default device of a target, and a row's figures over the constants. */
#include "model/model.h"

#include <stddef.h>
#include <string.h>

const struct mdl_device_fact_row mdl_device_facts[MDL_DF_N] = {
#define MDL_DF_ROW_(name, unit, constant) { #name, unit, constant },
	MDL_DEVICE_FACTS(MDL_DF_ROW_)
#undef MDL_DF_ROW_
};

static const struct mdl_device rows[] = {
#define MDL_DEVICE(name, display, target, mem, mem_source, ...) { #name, display, target, mem, mem_source, { __VA_ARGS__ } },
#include "model/devices.def"
#undef MDL_DEVICE
};

const struct mdl_device *mdl_devices(unsigned *n)
{
	if (n)
		*n = sizeof rows / sizeof rows[0];
	return rows;
}

const struct mdl_device *mdl_device_find(const char *name)
{
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}

const struct mdl_device *mdl_device_default(const struct isa_target *t)
{
	for (size_t i = 0; t && i < sizeof rows / sizeof rows[0]; i++)
		if (!strcmp(rows[i].target, t->name))
			return &rows[i];
	return NULL;
}

const struct isa_target *mdl_device_target(const struct mdl_device *d)
{
	return isa_target_by_name(d->target);
}

void mdl_consts_device(struct mdl_consts *c, const struct mdl_device *d)
{
	const struct isa_target *t = mdl_device_target(d);
	if (t) /* its VGPR file, LDS and wave slots */
		c->target = t;
	c->device = d;
	for (unsigned i = 0; i < MDL_DF_N; i++)
		if (mdl_device_facts[i].constant)
			mdl_consts_set(c, mdl_device_facts[i].name, d->fact[i].value);
}
