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
#include <string.h>

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

/* fresh mapped slots (pn_slots_alloc) written before they are probed:
** a page read first is mapped to the zero page, and faults again when
** written (a rehash probes before it writes).  About 6% of the time of
** A*'s rehashes on one thread (font5x9 L-U), 15% on two */
static inline void pn_slots_fault(uint64_t *s, size_t cap, size_t lo,
                                  size_t hi) {
  if (cap * sizeof *s >= PN_BIGTAB) memset(s + lo, 0, (hi - lo) * sizeof *s);
}

/* word w, whose hash is h, put in the first free slot from its home in s
** (cap slots): that slot */
static inline size_t pn_slots_place(uint64_t *s, size_t cap, uint64_t w,
                                    uint64_t h) {
  size_t j;
  for (j = pn_slot_home(h, cap); s[j]; j = pn_slot_next(j, cap)) {}
  s[j] = w;
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
  pn_slots_fault(nw, ncap, 0, ncap);
  for (i = 0; i < ocap; i++)
    if (old[i]) {
      j = pn_slots_place(nw, ncap, old[i], hash(ctx, old[i]));
      if (moved) moved(ctx, i, j);
    }
}

/*
** The same rehash shared by threads.  The old slots are cut into chunks
** at free slots: no probe run crosses a free slot, so the keys of a chunk
** have their homes in it, and (the home scaled from the same 32 bits)
** their new homes in the chunk's share of the new slots.  Each thread
** takes chunks (pn_rehash_chunks) and moves each key to the first free
** slot from its new home within the chunk's share; a key that would
** pass the share's end is left, with the slots before the first free
** one (a run that wraps around), to one thread afterwards
** (pn_rehash_finish), which moves them as pn_slots_rehash does.  Every
** key then sits after a run of held slots from its home: the table is
** sound, though its keys may lie in another order than one thread's
** rehash leaves them (which no probe sees).
*/
#define PN_REHASH_CHUNKS 64
#define PN_REHASH_LEFT 64       /* keys a chunk leaves, noted one by one */

typedef struct pn_rehash {
  const uint64_t *old;
  uint64_t *nw;
  size_t ocap, ncap;
  void *ctx;                    /* for hash and moved, as pn_slots_rehash */
  int nk;
  int next;                     /* chunks taken (atomic) */
  size_t at[PN_REHASH_CHUNKS + 1];   /* chunk k: old slots at[k]..at[k+1] */
  size_t stop[PN_REHASH_CHUNKS];     /* left from here to its end */
  size_t nleft[PN_REHASH_CHUNKS];
  size_t left[PN_REHASH_CHUNKS][PN_REHASH_LEFT];
} pn_rehash;

/* the chunks of r (nk of them at most), r's other fields set.  Then
** hash(ctx, w) and moved (unless NULL) as for pn_slots_rehash: passed to
** each call, so that they inline */
static inline void pn_rehash_plan(pn_rehash *r, int nk) {
  size_t i = 0;
  int k;
  if (nk > PN_REHASH_CHUNKS) nk = PN_REHASH_CHUNKS;
  if (nk < 1) nk = 1;
  r->nk = nk;
  r->next = 0;
  for (k = 0; k < nk; k++) {
    size_t want = r->ocap / (size_t)nk * (size_t)k;
    if (i < want) i = want;
    while (i < r->ocap && r->old[i]) i++;     /* a free slot */
    r->at[k] = i;
  }
  r->at[nk] = r->ocap;
}

/* move key i of the old slots to the first free slot from its home */
static inline void pn_rehash_one(const pn_rehash *r, size_t i,
                                 uint64_t (*hash)(const void *, uint64_t),
                                 void (*moved)(void *, size_t, size_t)) {
  size_t j = pn_slots_place(r->nw, r->ncap, r->old[i],
                            hash(r->ctx, r->old[i]));
  if (moved) moved(r->ctx, i, j);
}

/* a thread's share: the chunks not yet taken */
static inline void pn_rehash_chunks(pn_rehash *r,
                                    uint64_t (*hash)(const void *, uint64_t),
                                    void (*moved)(void *, size_t, size_t)) {
  int k;
  while ((k = __atomic_fetch_add(&r->next, 1, __ATOMIC_RELAXED)) < r->nk) {
    size_t lo = (size_t)((uint64_t)r->at[k] * r->ncap / r->ocap);
    size_t hi = k + 1 < r->nk
                ? (size_t)((uint64_t)r->at[k + 1] * r->ncap / r->ocap)
                : r->ncap;
    size_t i, j;
    r->nleft[k] = 0;
    r->stop[k] = r->at[k + 1];
    pn_slots_fault(r->nw, r->ncap, lo, hi);
    for (i = r->at[k]; i < r->at[k + 1]; i++) {
      if (!r->old[i]) continue;
      j = pn_slot_home(hash(r->ctx, r->old[i]), r->ncap);
      if (j >= lo)
        while (j < hi && r->nw[j]) j++;
      if (j < lo || j >= hi) {
        if (r->nleft[k] == PN_REHASH_LEFT) {
          r->stop[k] = i;
          break;
        }
        r->left[k][r->nleft[k]++] = i;
        continue;
      }
      r->nw[j] = r->old[i];
      if (moved) moved(r->ctx, i, j);
    }
  }
}

/* the keys the chunks left, on one thread after them all */
static inline void pn_rehash_finish(pn_rehash *r,
                                    uint64_t (*hash)(const void *, uint64_t),
                                    void (*moved)(void *, size_t, size_t)) {
  size_t i, x;
  int k;
  for (k = 0; k < r->nk; k++) {
    for (x = 0; x < r->nleft[k]; x++)
      pn_rehash_one(r, r->left[k][x], hash, moved);
    for (i = r->stop[k]; i < r->at[k + 1]; i++)
      if (r->old[i]) pn_rehash_one(r, i, hash, moved);
  }
  for (i = 0; i < r->at[0]; i++)            /* a run that wraps around */
    if (r->old[i]) pn_rehash_one(r, i, hash, moved);
}

#endif
