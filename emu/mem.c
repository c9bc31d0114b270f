/* mem.c — device memory: registered buffers at emulated addresses.
 *
 * Addresses start high (above 4 GiB, so a pointer truncated to 32 bits faults)
 * and only grow: a freed range is never handed out again, so a stale pointer
 * faults instead of aliasing a new buffer.  Every buffer is followed by an
 * unmapped guard gap.  Lookups binary-search the sorted table.
 */
#include "emu/machine.h"

#include <stdlib.h>
#include <string.h>

#define EMU_ADDR_BASE 0x100000000ull   /* first device address */
#define EMU_ADDR_ALIGN 256u            /* buffer alignment, as HIP guarantees */
#define EMU_GUARD 65536u               /* unmapped bytes after every buffer */

struct emu_dev *emu_dev_new(const struct emu_opts *opts)
{
	struct emu_dev *dev = calloc(1, sizeof *dev);
	if (!dev)
		return NULL;
	if (opts)
		dev->opts = *opts;
	dev->next_addr = EMU_ADDR_BASE;
	return dev;
}

void emu_dev_free(struct emu_dev *dev)
{
	if (!dev)
		return;
	for (unsigned i = 0; i < dev->nbufs; i++)
		free(dev->bufs[i].host);
	free(dev->bufs);
	free(dev);
}

uint64_t emu_alloc(struct emu_dev *dev, size_t bytes, unsigned flags)
{
	if (!dev || bytes == 0 || bytes > ((size_t)1 << 40) || (flags & ~(unsigned)EMU_MEM_READONLY))
		return 0;
	if (dev->nbufs == dev->cap) {
		unsigned cap = dev->cap ? dev->cap * 2 : 16;
		struct emu_buf *nb = realloc(dev->bufs, cap * sizeof *nb);
		if (!nb)
			return 0;
		dev->bufs = nb;
		dev->cap = cap;
	}
	/* Pad the host side to 16 bytes so vector copies never read past it. */
	uint8_t *host = calloc(1, (bytes + 15) & ~(size_t)15);
	if (!host)
		return 0;
	uint64_t addr = dev->next_addr;
	dev->next_addr = (addr + bytes + EMU_GUARD + EMU_ADDR_ALIGN - 1) & ~(uint64_t)(EMU_ADDR_ALIGN - 1);
	/* Addresses only grow, so appending keeps the table sorted. */
	dev->bufs[dev->nbufs++] = (struct emu_buf){ .addr = addr, .size = bytes, .host = host, .flags = flags };
	return addr;
}

const struct emu_buf *emu_mem_find(const struct emu_dev *dev, uint64_t addr)
{
	unsigned lo = 0, hi = dev->nbufs;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		const struct emu_buf *b = &dev->bufs[mid];
		if (addr < b->addr)
			hi = mid;
		else if (addr - b->addr >= b->size)
			lo = mid + 1;
		else
			return b;
	}
	return NULL;
}

int emu_free(struct emu_dev *dev, uint64_t addr)
{
	if (!dev)
		return EMU_E_ARG;
	for (unsigned i = 0; i < dev->nbufs; i++) {
		if (dev->bufs[i].addr == addr) {
			free(dev->bufs[i].host);
			memmove(&dev->bufs[i], &dev->bufs[i + 1], (dev->nbufs - i - 1) * sizeof dev->bufs[0]);
			dev->nbufs--;
			return EMU_OK;
		}
	}
	return EMU_E_ARG;
}

/* Host view of [addr, addr+n) when it lies inside one buffer, else NULL. */
static uint8_t *host_range(struct emu_dev *dev, uint64_t addr, size_t n)
{
	if (!dev)
		return NULL;
	const struct emu_buf *b = emu_mem_find(dev, addr);
	if (!b || n > b->size - (addr - b->addr))
		return NULL;
	return b->host + (addr - b->addr);
}

int emu_write(struct emu_dev *dev, uint64_t addr, const void *src, size_t n)
{
	if (n == 0)
		return EMU_OK;
	uint8_t *p = host_range(dev, addr, n);
	if (!p || !src)
		return EMU_E_ARG;
	memcpy(p, src, n);
	return EMU_OK;
}

int emu_read(struct emu_dev *dev, uint64_t addr, void *dst, size_t n)
{
	if (n == 0)
		return EMU_OK;
	uint8_t *p = host_range(dev, addr, n);
	if (!p || !dst)
		return EMU_E_ARG;
	memcpy(dst, p, n);
	return EMU_OK;
}

int emu_fill(struct emu_dev *dev, uint64_t addr, int byte, size_t n)
{
	if (n == 0)
		return EMU_OK;
	uint8_t *p = host_range(dev, addr, n);
	if (!p)
		return EMU_E_ARG;
	memset(p, byte, n);
	return EMU_OK;
}
