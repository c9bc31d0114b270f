/* mem.c — the vector memory hierarchy of an RX 7900 XTX for the timing model.
 *
 * A wave's memory instruction is cut into the 128-byte lines its active lanes
 * touch (coalescing: lanes in one line cost one line).  Each line goes down the
 * levels until one holds it:
 *
 *   L0    per CU, set-associative LRU tags, fed in the CU's cycle order;
 *   L1    per shader array, L2 and Infinity Cache (MALL): shared by CUs that
 *         the model simulates one after the other, so their contents are kept
 *         as first-touch times instead of tags: a line is held at cycle t when
 *         some CU brought it in at f <= t and fewer lines than the level holds
 *         were brought in since (FIFO replacement measured in simulated time).
 *         That makes a CU simulated later see what earlier-simulated CUs
 *         loaded before its own cycle, not after;
 *   DRAM  everything else.
 *
 * Bandwidth: every level is a port that moves so many bytes per cycle and
 * queues requests (next-free cycle).  A CU owns its L0 port, and a share of
 * the shared ports: 1/CUs-per-array of its array's L1, 1/active CUs of L2,
 * MALL and DRAM, so CUs simulated separately still divide the GPU's bandwidth.
 * A line's data is back at (the cycle it leaves the last port) + the latency of
 * the level that served it; the instruction completes with its last line.
 * Stores are written through L0 (no allocation) to L2, which allocates; a line
 * new to the Infinity Cache is charged to the DRAM port (its write-back).  An
 * access with gfx11's DLC bit (MALL NOALLOC, model.h) brings no line into the
 * Infinity Cache: it is served there only by a line already held.
 */
#include "model/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const mm_level_name[MM_NLEVELS] = { "L0", "L1", "L2", "MALL", "DRAM" };

/* ---- first-touch level: line -> cycle it was brought in ---------------------- */
#define FT_BUCKET_SHIFT 8 /* cycles per bucket of the fill histogram: 256 */

struct ft_level {
	uint64_t *key;           /* line + 1; 0 = empty */
	uint64_t *when;          /* fill cycle */
	uint64_t *ready;         /* cycle the fill's data is back: later hits wait for it */
	size_t cap, n;           /* slots (power of two), used */
	uint32_t *tree;          /* Fenwick tree over buckets: fills per bucket */
	size_t nb;               /* buckets (power of two) */
	double cap_lines;        /* capacity in lines */
	double scale;            /* lines one simulated fill stands for */
};

static uint64_t hash64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return x;
}

/* murmur3's 64-bit finalizer: every input bit reaches every output bit. */
static uint64_t mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	x *= 0xc4ceb9fe1a85ec53ull;
	x ^= x >> 33;
	return x;
}

/* A number in [0, 1) from a line, a CU and a salt, the same every run.  The
 * draws of one line and CU with different salts are independent (with the
 * salt added before a one-multiply mix they had come out nearly equal, so
 * the L1 and L2 sharing draws were one draw). */
static double unit_hash(uint64_t line, unsigned cu, unsigned salt)
{
	uint64_t x = mix64(line * 0x9e3779b97f4a7c15ull ^ mix64(cu * 0x632be59bd9b4e019ull + 1));
	return (double)(mix64(x ^ mix64((uint64_t)salt + 0x2545f4914f6cdd1dull)) >> 11) * 0x1p-53;
}

static void ft_tree_add(struct ft_level *l, size_t b, int d)
{
	for (size_t i = b + 1; i <= l->nb; i += i & -i)
		l->tree[i - 1] = (uint32_t)((int64_t)l->tree[i - 1] + d);
}

static uint64_t ft_tree_sum(const struct ft_level *l, size_t b) /* fills in buckets 0..b */
{
	uint64_t s = 0;
	if (b >= l->nb)
		b = l->nb - 1;
	for (size_t i = b + 1; i; i -= i & -i)
		s += l->tree[i - 1];
	return s;
}

static bool ft_grow_tree(struct ft_level *l, size_t need)
{
	size_t nb = l->nb ? l->nb : 1024;
	while (nb <= need)
		nb *= 2;
	if (nb == l->nb)
		return true;
	/* Rebuild from the table: cheap next to the simulation that made the fills. */
	uint32_t *t = calloc(nb, sizeof *t);
	if (!t)
		return false;
	free(l->tree);
	l->tree = t;
	l->nb = nb;
	for (size_t i = 0; i < l->cap; i++)
		if (l->key[i])
			ft_tree_add(l, (size_t)(l->when[i] >> FT_BUCKET_SHIFT), 1);
	return true;
}

static bool ft_rehash(struct ft_level *l, size_t cap)
{
	uint64_t *key = calloc(cap, sizeof *key), *when = malloc(cap * sizeof *when), *ready = malloc(cap * sizeof *ready);
	if (!key || !when || !ready) {
		free(key);
		free(when);
		free(ready);
		return false;
	}
	for (size_t i = 0; i < l->cap; i++) {
		if (!l->key[i])
			continue;
		size_t j = hash64(l->key[i]) & (cap - 1);
		while (key[j])
			j = (j + 1) & (cap - 1);
		key[j] = l->key[i];
		when[j] = l->when[i];
		ready[j] = l->ready[i];
	}
	free(l->key);
	free(l->when);
	free(l->ready);
	l->key = key;
	l->when = when;
	l->ready = ready;
	l->cap = cap;
	return true;
}

static bool ft_init(struct ft_level *l, double bytes, double line, double scale)
{
	memset(l, 0, sizeof *l);
	l->cap_lines = bytes / line;
	l->scale = scale;
	return ft_rehash(l, 1024) && ft_grow_tree(l, 0);
}

static void ft_free(struct ft_level *l)
{
	free(l->key);
	free(l->when);
	free(l->ready);
	free(l->tree);
}

/* The line's slot (*j), with room for one more line and the fill histogram
 * reaching cycle t; a new line's key is not set yet.  False: out of memory. */
static bool ft_slot(struct ft_level *l, uint64_t line, uint64_t t, size_t *j)
{
	if ((l->n + 1) * 2 > l->cap && !ft_rehash(l, l->cap * 2))
		return false;
	if (!ft_grow_tree(l, (size_t)(t >> FT_BUCKET_SHIFT)))
		return false;
	uint64_t k = line + 1;
	size_t i = hash64(k) & (l->cap - 1);
	while (l->key[i] && l->key[i] != k)
		i = (i + 1) & (l->cap - 1);
	*j = i;
	return true;
}

/* Slot j's line is (first) brought in at t: new, or moved from its old fill. */
static void ft_fill(struct ft_level *l, size_t j, uint64_t line, uint64_t t)
{
	if (l->key[j])
		ft_tree_add(l, (size_t)(l->when[j] >> FT_BUCKET_SHIFT), -1);
	else
		l->key[j] = line + 1, l->n++;
	ft_tree_add(l, (size_t)(t >> FT_BUCKET_SHIFT), 1);
	l->when[j] = t;
}

/* Is line held at cycle t?  A level that allocates (alloc) brings it in when
 * not, so then or not it is there from t on (a fill moves the first-touch
 * time earlier, a refill after eviction moves it later); one that does not
 * (MM_NOALLOC) fills nothing.  *ready is the line's data-ready cycle: read
 * it on a hit, set it on a fill (valid until the next access to this level),
 * NULL on a miss that filled nothing.  Returns -1 on out of memory. */
static int ft_access(struct ft_level *l, uint64_t line, uint64_t t, uint64_t **ready, bool alloc)
{
	size_t j;
	*ready = NULL;
	if (!ft_slot(l, line, t, &j))
		return -1;
	/* not held when new, or when a CU simulated earlier filled it later */
	bool held = false;
	if (l->key[j] && l->when[j] <= t) {
		size_t tb = (size_t)(t >> FT_BUCKET_SHIFT), fb = (size_t)(l->when[j] >> FT_BUCKET_SHIFT);
		held = (double)(ft_tree_sum(l, tb) - ft_tree_sum(l, fb)) * l->scale < l->cap_lines;
	}
	if (held || alloc)
		*ready = &l->ready[j];
	if (!held && alloc)
		ft_fill(l, j, line, t); /* new, or evicted since: this access is the fill */
	return held;
}

/* A fill at cycle f < now that the simulation did not make (sampled: another
 * unit's): the line's first-touch time moves to f unless it was brought in
 * after f.  Returns false on out of memory. */
static bool ft_fill_past(struct ft_level *l, uint64_t line, uint64_t f)
{
	size_t j;
	if (!ft_slot(l, line, f, &j))
		return false;
	if (!l->key[j])
		l->ready[j] = f;
	if (!l->key[j] || l->when[j] < f)
		ft_fill(l, j, line, f);
	return true;
}

/* ---- L0: set-associative LRU tags of one CU ------------------------------------- */
struct l0 {
	uint64_t *tag;           /* line + 1 per way; 0 = invalid */
	uint64_t *use;           /* last use, for LRU */
	uint64_t *ready;         /* cycle the fill's data is back: a hit before waits for it */
	uint64_t tick;
	unsigned sets, ways;
};

/* Hit or miss; *ready is the way's data-ready cycle (read it on a hit, set it
 * on a miss: the waves that ask for a line already on its way share its fill). */
static bool l0_lookup(struct l0 *c, uint64_t line, uint64_t **ready)
{
	unsigned set = (unsigned)(hash64(line) % c->sets);
	size_t base = (size_t)set * c->ways;
	uint64_t *tag = c->tag + base, *use = c->use + base;
	unsigned victim = 0;
	c->tick++;
	for (unsigned w = 0; w < c->ways; w++) {
		if (tag[w] == line + 1) {
			use[w] = c->tick;
			*ready = &c->ready[base + w];
			return true;
		}
		if (use[w] < use[victim])
			victim = w;
	}
	tag[victim] = line + 1;
	use[victim] = c->tick;
	*ready = &c->ready[base + victim];
	return false;
}

/* ---- ports ------------------------------------------------------------------------ */
struct port {
	double free;             /* cycle the port (or the CU's share of it) is next free */
	double rate;             /* bytes per cycle */
	/* A share of a shared port (sampled): the CU may run up to burst cycles
	 * ahead of its share, at the whole port's rate (whole, next free at
	 * whole_free); the other units are not all in step with it. */
	double burst, whole, whole_free;
};

static double port_use(struct port *p, double t, double bytes)
{
	double start = t > p->free ? t : p->free;
	if (p->burst <= 0) {
		p->free = start + bytes / p->rate;
		return p->free;
	}
	double lo = t - p->burst;
	p->free = (p->free > lo ? p->free : lo) + bytes / p->rate;
	p->whole_free = (t > p->whole_free ? t : p->whole_free) + bytes / p->whole;
	return p->whole_free > p->free ? p->whole_free : p->free;
}

/* ---- the hierarchy ------------------------------------------------------------------ */
struct cu_state {
	struct l0 l0;
	struct port port[MM_NLEVELS]; /* L0 own; L1, L2, MALL, DRAM shares */
	/* sampled: its sharing draws (mm_set_sharing, mm_set_cu_sharing): a
	 * first round's, a later round's previous-round chance and its own */
	double p_l1, p_l2, p_prev, p_l1b, p_l2b;
	double p_prev_l2;             /* of p_prev, the chance that L2 still holds the line */
	uint64_t last;                /* last issue cycle, for the order check */
};

struct mm {
	struct mdl_consts c;
	unsigned cus, cus_per_sa, nsa;
	double line, lat[MM_NLEVELS];
	struct cu_state *cu;
	struct ft_level *l1;          /* one per shader array */
	struct ft_level l2, mall;
	unsigned shared_levels;       /* L1, L2 and the Infinity Cache; 2 on a card without one */
	struct mm_stats st;
	bool oom;
	double active, sim;           /* CUs with work, simulated CUs */
	unsigned per_port;            /* sampled: CUs sharing one share of each shared port */
	/* Full simulation: the shared ports are whole, one per array (L1) and one
	 * for the GPU (L2, MALL, DRAM), used in simulated-time order by all CUs */
	struct port *sa_port, gpu_port[MM_NLEVELS];
};

void mm_free(struct mm *m)
{
	if (!m)
		return;
	if (m->cu)
		for (unsigned i = 0; i < m->cus; i++) {
			free(m->cu[i].l0.tag);
			free(m->cu[i].l0.use);
			free(m->cu[i].l0.ready);
		}
	if (m->l1)
		for (unsigned i = 0; i < m->nsa; i++)
			ft_free(&m->l1[i]);
	ft_free(&m->l2);
	ft_free(&m->mall);
	free(m->cu);
	free(m->l1);
	free(m->sa_port);
	free(m);
}

struct mm *mm_new(const struct mdl_consts *c, unsigned active_cus, unsigned sim_cus, unsigned cus_per_port)
{
	if (!active_cus || !sim_cus || sim_cus > active_cus || !cus_per_port || active_cus > c->cus ||
	    active_cus % cus_per_port || sim_cus % cus_per_port)
		return NULL;
	struct mm *m = calloc(1, sizeof *m);
	if (!m)
		return NULL;
	m->c = *c;
	m->cus = (unsigned)c->cus;
	m->cus_per_sa = (unsigned)c->cus_per_sa;
	if (!m->cus_per_sa)
		m->cus_per_sa = 1;
	m->nsa = (m->cus + m->cus_per_sa - 1) / m->cus_per_sa;
	m->line = c->line_bytes;
	const double lat[MM_NLEVELS] = { c->lat_l0, c->lat_l1, c->lat_l2, c->lat_mall, c->lat_dram };
	for (int i = 0; i < MM_NLEVELS; i++)
		m->lat[i] = lat[i];
	double per_gb = 1000.0 / c->clock_mhz; /* GB/s -> bytes per cycle */
	/* sampled: one share per group of cus_per_port CUs (a WGP's two) */
	double a = active_cus / cus_per_port, sa_cus = m->cus_per_sa / cus_per_port > 0 ? m->cus_per_sa / cus_per_port : 1;
	double sa_share = a < sa_cus ? a : sa_cus;
	double rate[MM_NLEVELS] = {
		c->bw_l0, c->bw_l1 / sa_share, c->bw_l2 / a, c->bw_mall * per_gb / a,
		mdl_dram_gbs(c) * per_gb / a,
	};
	double scale = (double)active_cus / sim_cus;
	m->active = active_cus, m->sim = sim_cus, m->per_port = cus_per_port;
	m->sa_port = calloc(m->nsa, sizeof *m->sa_port);
	for (unsigned i = 0; m->sa_port && i < m->nsa; i++)
		m->sa_port[i].rate = c->bw_l1;
	m->gpu_port[MM_L2].rate = c->bw_l2;
	m->gpu_port[MM_MALL].rate = c->bw_mall * per_gb;
	m->gpu_port[MM_DRAM].rate = mdl_dram_gbs(c) * per_gb;
	m->cu = calloc(m->cus, sizeof *m->cu);
	m->l1 = calloc(m->nsa, sizeof *m->l1);
	bool ok = m->cu && m->l1 && m->sa_port;
	unsigned ways = (unsigned)c->l0_ways, lines = (unsigned)(c->l0_bytes / m->line);
	if (!ways || ways > lines)
		ok = false;
	for (unsigned i = 0; ok && i < m->cus; i++) {
		struct cu_state *s = &m->cu[i];
		s->l0.ways = ways;
		s->l0.sets = lines / ways;
		s->l0.tag = calloc((size_t)s->l0.sets * ways, sizeof *s->l0.tag);
		s->l0.use = calloc((size_t)s->l0.sets * ways, sizeof *s->l0.use);
		s->l0.ready = calloc((size_t)s->l0.sets * ways, sizeof *s->l0.ready);
		ok = s->l0.tag && s->l0.use && s->l0.ready;
		for (int l = 0; l < MM_NLEVELS; l++) {
			s->port[l].rate = rate[l];
			if (l > MM_L0 && sim_cus < active_cus) {
				s->port[l].burst = c->share_burst;
				s->port[l].whole = rate[l] * (l == MM_L1 ? sa_share : a);
			}
		}
	}
	for (unsigned i = 0; ok && i < m->nsa; i++)
		ok = ft_init(&m->l1[i], c->l1_bytes, m->line, scale);
	ok = ok && ft_init(&m->l2, c->l2_bytes, m->line, scale) && ft_init(&m->mall, c->mall_bytes, m->line, scale);
	/* a card without an Infinity Cache (APUs without one) sends an L2 miss to DRAM,
	 * through no port of a level it does not have */
	m->shared_levels = c->mall_bytes > 0 ? 3 : 2;
	if (!ok) {
		mm_free(m);
		return NULL;
	}
	return m;
}

/* The port a CU uses for a level: its own L0; in a sampled simulation its
 * share of each shared port (the CUs not simulated use the rest), in a full
 * one the whole shared port, so a CU may take more than its share while
 * others wait.  The CUs of a group (a WGP's two) use their first CU's share,
 * the unit's: split in halves, one CU could not use what the other leaves,
 * which no port of the GPU forbids. */
static struct port *port_of(struct mm *m, unsigned cu, enum mm_level lv)
{
	if (lv == MM_L0)
		return &m->cu[cu].port[lv];
	if (m->sim < m->active)
		return &m->cu[cu - cu % m->per_port].port[lv];
	return lv == MM_L1 ? &m->sa_port[cu / m->cus_per_sa] : &m->gpu_port[lv];
}

/* A line over the DRAM port at cycle t, counted (past 0: a workgroup of its
 * slot's first round, which mdl_predict_dram_bytes extrapolates apart);
 * returns when the port has passed it. */
static double dram_line(struct mm *m, unsigned cu, double t, uint64_t past)
{
	m->st.bytes_dram += (uint64_t)m->line;
	if (!past)
		m->st.bytes_dram_first += (uint64_t)m->line;
	return port_use(port_of(m, cu, MM_DRAM), t, m->line);
}

/* The distinct lines of an instruction, in first-lane order (at most 2 per address). */
static unsigned coalesce(const struct mm *m, const uint64_t *addr, unsigned naddr, uint32_t exec, unsigned bytes,
			 uint64_t *lines)
{
	unsigned n = 0, shift = 0;
	while ((1ull << shift) < (uint64_t)m->line)
		shift++;
	for (unsigned i = 0; i < naddr; i++) {
		if (!(exec >> (i & 31) & 1))
			continue;
		uint64_t first = addr[i] >> shift, last = (addr[i] + (bytes ? bytes : 1) - 1) >> shift;
		for (uint64_t l = first; l <= last; l++) {
			unsigned k = 0;
			while (k < n && lines[k] != l)
				k++;
			if (k == n)
				lines[n++] = l;
		}
	}
	return n;
}

/* Held at t?  A level that allocates (alloc) brings the line in when not. */
static int level_lookup(struct mm *m, struct ft_level *l, uint64_t line, uint64_t t, uint64_t **ready, bool alloc)
{
	int r = ft_access(l, line, t, ready, alloc);
	if (r < 0) {
		m->oom = true;
		*ready = NULL;
	}
	return r > 0;
}

uint64_t mm_access(struct mm *m, unsigned cu, uint64_t cycle, const uint64_t *addr, unsigned naddr, uint32_t exec,
		   unsigned bytes, unsigned how, enum mm_level *served)
{
	return mm_access_lag(m, cu, cycle, addr, naddr, exec, bytes, how, 0, 0, served);
}

uint64_t mm_access_lag(struct mm *m, unsigned cu, uint64_t cycle, const uint64_t *addr, unsigned naddr,
		       uint32_t exec, unsigned bytes, unsigned how, uint64_t lag, uint64_t past, enum mm_level *served)
{
	bool store = how & MM_STORE, mall_alloc = !(how & MM_NOALLOC);
	if (served)
		*served = MM_L0;
	if (cu >= m->cus || (naddr != 32 && naddr != 64 && naddr != 1))
		return cycle;
	struct cu_state *s = &m->cu[cu];
	s->last = cycle;
	uint64_t lines[128];
	unsigned n = coalesce(m, addr, naddr, exec, bytes, lines);
	m->st.insts++;
	if (store)
		m->st.stores++;
	else
		m->st.loads++;
	m->st.bytes_req += (uint64_t)__builtin_popcount(exec) * bytes * (naddr == 64 ? 2 : 1);
	double done = (double)cycle;
	enum mm_level far = MM_L0;
	struct ft_level *l1 = &m->l1[cu / m->cus_per_sa];
	for (unsigned i = 0; i < n; i++) {
		uint64_t line = lines[i];
		double t = port_use(&s->port[MM_L0], (double)cycle, m->line);
		uint64_t at = (uint64_t)t;
		enum mm_level lv = MM_L0;
		double c;
		uint64_t *rp, *l0_ready;
		if (store) {
			/* Written through L0 and L1 to L2; a line new to the MALL costs a
			 * write-back (at once when the MALL does not take it). */
			t = port_use(port_of(m, cu, MM_L2), t, m->line);
			lv = MM_L2;
			c = t + m->lat[MM_L2];
			if (!level_lookup(m, &m->l2, line, at, &rp, true)) {
				if (rp)
					*rp = (uint64_t)c;
				if (m->shared_levels < 3 || !level_lookup(m, &m->mall, line, at, &rp, mall_alloc)) {
					if (rp)
						*rp = (uint64_t)c;
					dram_line(m, cu, t, past);
				}
			}
		} else if (l0_lookup(&s->l0, line, &l0_ready)) {
			c = t + m->lat[MM_L0];
			if ((double)*l0_ready > c)
				c = (double)*l0_ready;
		} else {
			/* Down the shared levels; a hit on a line still on its way
			 * (another CU's fill) waits for that fill's data. */
			struct ft_level *shared[3] = { l1, &m->l2, &m->mall };
			uint64_t *fill[3];
			unsigned nfill = 0;
			double ready = 0;
			enum mm_level ghost = MM_NLEVELS; /* sampled: served at this level by another CU's fill */
			lv = MM_DRAM;
			/* Sampled: the other units loaded the line in an earlier round
			 * and L2 and the Infinity Cache, or the Infinity Cache alone,
			 * still hold it (share.c counts the lines that came in since):
			 * it is entered there as filled one workgroup-time ago. */
			bool later = past && past < at;
			double h = later && s->p_prev > 0 ? unit_hash(line, cu, 3) : 1;
			if (h < s->p_prev && !((h >= s->p_prev_l2 || ft_fill_past(&m->l2, line, at - past)) &&
					       (!mall_alloc || ft_fill_past(&m->mall, line, at - past))))
				m->oom = true;
			for (int k = 0; k < (int)m->shared_levels; k++) {
				if (ghost == MM_NLEVELS)
					t = port_use(port_of(m, cu, (enum mm_level)(MM_L1 + k)), t, m->line);
				if (level_lookup(m, shared[k], line, at, &rp, k < 2 || mall_alloc)) {
					lv = (enum mm_level)(MM_L1 + k);
					ready = rp ? (double)*rp : 0;
					break;
				}
				if (rp)
					fill[nfill++] = rp;
				/* Another CU of the array (L1) or of another array (L2) asked for
				 * it at about the same time (the units run in step): its data
				 * comes from where that CU's request went, at that latency, but
				 * over the other CU's ports (the lookups go on, without ports). */
				double p = k == 0 ? (later ? s->p_l1b : s->p_l1) : k == 1 ? (later ? s->p_l2b : s->p_l2) : 0;
				if (ghost == MM_NLEVELS && p > 0 && unit_hash(line, cu, (unsigned)k) < p)
					ghost = (enum mm_level)(MM_L1 + k);
			}
			if (lv == MM_DRAM && ghost == MM_NLEVELS) {
				t = dram_line(m, cu, t, past);
			}
			c = t + m->lat[lv];
			if (ghost < lv) {
				/* the other CU asked `lag` cycles earlier (its workgroup is as
				 * far ahead as the fastest of ours), not before the latency
				 * of the level that now holds the line */
				double floor = t + m->lat[ghost];
				c = c - (double)lag > floor ? c - (double)lag : floor;
				lv = ghost;
			}
			if (ready > c)
				c = ready;
			for (unsigned k = 0; k < nfill; k++)
				*fill[k] = (uint64_t)ceil(c - 1e-6);
			*l0_ready = (uint64_t)ceil(c - 1e-6);
		}
		m->st.lines[lv]++;
		if (lv > far)
			far = lv;
		if (c > done)
			done = c;
	}
	if (served)
		*served = far;
	return (uint64_t)ceil(done - 1e-6); /* up to whole cycles, float noise aside */
}

void mm_get_stats(const struct mm *m, struct mm_stats *s)
{
	*s = m->st;
	s->oom = m->oom;
}

void mm_set_sharing(struct mm *m, const struct md_sharing *sh)
{
	if (sh->touches <= 0 || m->sim >= m->active)
		return;
	for (unsigned i = 0; i < m->cus; i++)
		m->cu[i].p_l1 = m->cu[i].p_l1b = sh->p_l1, m->cu[i].p_l2 = m->cu[i].p_l2b = sh->p_l2,
		m->cu[i].p_prev = sh->p_prev, m->cu[i].p_prev_l2 = sh->p_prev_l2;
	/* A simulated fill into an array's L1 stands for the fills of the array's
	 * CUs (one simulated CU per array), less what they share.  A simulated CU
	 * fills L2 and the Infinity Cache with every line it misses in L1, the
	 * lines the sharing draws serve too (their lookups go on), so one fill
	 * there stands for the GPU's distinct lines per simulated CU's distinct
	 * lines: see share.c for the three counts, which are per unit (a WGP's two
	 * CUs are one). */
	double units = m->active / m->per_port, sa_units = m->cus_per_sa / m->per_port;
	if (sa_units < 1)
		sa_units = 1;
	double per_sa = units < sa_units ? units : sa_units;
	for (unsigned i = 0; i < m->nsa; i++)
		m->l1[i].scale = per_sa * (sh->arrays / sh->touches);
	m->l2.scale = m->mall.scale = m->active / m->sim * (sh->lines / sh->touches);
}

void mm_set_cu_weight(struct mm *m, unsigned cu, double weight)
{
	if (cu >= m->cus || weight <= 0)
		return;
	for (int l = MM_L1; l < MM_NLEVELS; l++)
		m->cu[cu].port[l].rate *= weight;
}

void mm_set_cu_sharing(struct mm *m, unsigned cu, const struct md_sharing *sh, unsigned i)
{
	if (cu >= m->cus || m->sim >= m->active || i >= 16)
		return;
	struct cu_state *s = &m->cu[cu];
	s->p_l1 = sh->unit_l1[i], s->p_l2 = sh->unit_l2[i], s->p_prev = sh->unit_prev[i];
	s->p_l1b = sh->unit_l1b[i], s->p_l2b = sh->unit_l2b[i];
	s->p_prev_l2 = sh->unit_prev_l2[i];
}
