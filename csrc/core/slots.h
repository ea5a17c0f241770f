/*
** slots.h -- the one visited-set mechanism: an open-addressing table of
** one-word slots (0 = free) probed linearly from a home scaled from the
** low 32 bits of a hash (any capacity works, so tables grow by half at
** 7/10 full, the key searches' small ones fourfold), its arrays charged
** to a budget (budget.h) before they are allocated, large ones on huge
** pages, small ones from the caller's spare blocks when it keeps some
** (spare.h).
**
** Two layouts of a slot share it: the exact engine's key table
** (search/keytab.h) packs key << 8 | value, or the key alone beside a
** byte array; the set of longer states (stateset.h) holds a 32-bit
** fingerprint << 32 | record index + 1.  Each says what a match is and
** what a slot's hash is by a function that inlines into the probe.
** Not part of the public API.
*/
#ifndef PN_SLOTS_H
#define PN_SLOTS_H

#include <stdint.h>
#include <stdlib.h>

#include "budget.h"
#include "spare.h"
#include "sys.h"

/* arrays of at least this many bytes are mmap'ed on huge pages where the
** kernel has them: a probe of a large table costs a cache miss, and
** without huge pages a TLB miss as well */
#define PN_BIGTAB ((size_t)1 << 21)

/* zeroed bytes for a table's arrays, small ones from the spare blocks sp
** when it has some (NULL when malloc fails) */
static inline void *pn_slots_alloc(pn_spare *sp, size_t bytes) {
  return bytes >= PN_BIGTAB ? pn_bigalloc(bytes) : pn_spare_get(sp, bytes, 1);
}

static inline void pn_slots_release(pn_spare *sp, void *p, size_t bytes) {
  if (!p) return;
  if (bytes >= PN_BIGTAB) pn_bigfree(p, bytes); else pn_spare_put(sp, p, bytes);
}

/* the home of hash h among cap slots (below 2^32) */
static inline size_t pn_slot_home(uint64_t h, size_t cap) {
  return (size_t)(((h & 0xffffffffu) * (uint64_t)cap) >> 32);
}

static inline size_t pn_slot_next(size_t j, size_t cap) {
  return j + 1 == cap ? 0 : j + 1;
}

/* the count of entries that makes a table of cap slots grow */
static inline size_t pn_slots_full(size_t cap) { return 7 * cap / 10; }

/* the capacity after cap: 1024 first, then half as much again; 0 (and
** b stopped) at 2^32 slots, which 32-bit homes cannot address */
static inline size_t pn_slots_grown(pn_budget *b, size_t cap) {
  size_t ncap = cap ? cap + cap / 2 : 1024;
  if (ncap < ((size_t)1 << 32)) return ncap;
  pn_budget_stop(b, PN_ENOMEM, "a table of 2^32 slots is full");
  return 0;
}

/* the capacity after cap while a table is small (below 2^17 slots): 1024
** first, then four times as much, where the slots fit a sixteenth of what
** is left of the budget (0 otherwise).  A search's tables start small and
** most of them stay so: growing by half, each key would be moved twice on
** average on the way to the final size; growing fourfold, a third of a
** time.  A* keeps sixteen tables of a few thousand keys on a short search:
** starting at 1024 slots (8 KB) spares them a growth that cost more than
** zeroing the slots does */
#define PN_SLOTS_SMALL ((size_t)1 << 17)

static inline size_t pn_slots_quick(pn_budget *b, size_t cap,
                                    size_t slotbytes) {
  size_t ncap = cap ? 4 * cap : 1024;
  if (cap >= PN_SLOTS_SMALL || !pn_budget_charge(b, ncap * slotbytes, 4))
    return 0;
  pn_budget_give(b, ncap * slotbytes);
  return ncap;
}

/* a zeroed array of bytes charged to b (NULL, b stopped, when it does not
** fit or malloc fails) */
static inline void *pn_slots_take(pn_budget *b, size_t bytes) {
  void *p;
  if (!pn_budget_take(b, bytes)) return NULL;
  if ((p = pn_slots_alloc(b->spare, bytes))) return p;
  pn_budget_give(b, bytes);
  pn_budget_stop(b, PN_ENOMEM, "out of memory");
  return NULL;
}

static inline void pn_slots_give(pn_budget *b, void *p, size_t bytes) {
  if (!p) return;
  pn_slots_release(b->spare, p, bytes);
  pn_budget_give(b, bytes);
}

/* a slot word read while other threads may write other slots: a relaxed
** atomic load (a plain move on x86) */
static inline uint64_t pn_slot_word(const uint64_t *s, size_t j) {
  return __atomic_load_n(&s[j], __ATOMIC_RELAXED);
}

/*
** The slot of s (cap slots, at least one free) whose word same(ctx, w)
** accepts, probing from the home of h; or the free slot where the probe
** ended.  The word read there goes to *word (0 when free).
*/
static inline size_t pn_slots_probe(const uint64_t *s, size_t cap,
                                    uint64_t h,
                                    int (*same)(const void *, uint64_t),
                                    const void *ctx, uint64_t *word) {
  size_t j;
  uint64_t w;
  for (j = pn_slot_home(h, cap); (w = pn_slot_word(s, j)) != 0;
       j = pn_slot_next(j, cap))
    if (same(ctx, w)) break;
  *word = w;
  return j;
}

/*
** Every held slot of old (ocap slots) moved to the first free slot from
** its home in nw (ncap slots, zeroed): hash(ctx, w) is the hash its
** home came from; moved(ctx, i, j), unless NULL, is told that slot i went
** to slot j (a layout with values beside the slots moves them).
*/
static inline void pn_slots_rehash(const uint64_t *old, size_t ocap,
                                   uint64_t *nw, size_t ncap,
                                   uint64_t (*hash)(const void *, uint64_t),
                                   void (*moved)(void *, size_t, size_t),
                                   void *ctx) {
  size_t i, j;
  for (i = 0; i < ocap; i++)
    if (old[i]) {
      for (j = pn_slot_home(hash(ctx, old[i]), ncap); nw[j];
           j = pn_slot_next(j, ncap)) {}
      nw[j] = old[i];
      if (moved) moved(ctx, i, j);
    }
}

#endif
