/*
** util.h -- small internal helpers shared by the core: an open-addressing
** hash map from 64-bit keys to 64-bit values, hashing, and a clock.
** Not part of the public API.
*/
#ifndef PN_UTIL_H
#define PN_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "penny.h"

/* splitmix64 finaliser: a good cheap mixer for 64-bit keys */
static inline uint64_t pn_mix64(uint64_t x) {
  x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27; x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

typedef struct pn_hmap {
  size_t cap;          /* power of two, or 0 */
  size_t n;
  uint64_t *keys;
  int64_t *vals;
  uint8_t *used;
} pn_hmap;

void pn_hmap_init(pn_hmap *h);
void pn_hmap_free(pn_hmap *h);
int pn_hmap_reserve(pn_hmap *h, size_t n);             /* 0 on ENOMEM */
/* pointer to the value of key, or NULL */
int64_t *pn_hmap_get(const pn_hmap *h, uint64_t key);
/* insert key with val if absent; returns pointer to the stored value and
** sets *isnew; NULL on ENOMEM */
int64_t *pn_hmap_put(pn_hmap *h, uint64_t key, int64_t val, int *isnew);

/* remove key; returns 1 if it was there (backward-shift deletion) */
int pn_hmap_del(pn_hmap *h, uint64_t key);

double pn_clock(void);          /* monotonic seconds */

/*
** The one poll of the limits: PN_EINTR once the interrupt flag is set,
** PN_ELIMIT once lim->time_limit seconds have passed since lim->since (or,
** when that is 0, since t0: the start of the caller's work), else PN_OK
** (also for lim == NULL).
*/
int pn_poll(const pn_limits *lim, double t0);

/* comparison for qsort of pn_pos */
int pn_cmp_pos(const void *a, const void *b);

/* slides (rules.c): 1 when the coin at m.from can slide to m.to among the
** coins[0..n-1] (m.from may be among them), 0 when blocked, -1 on ENOMEM */
int pn_slide_move(const pn_board *b, const pn_pos *coins, size_t n,
                  pn_move m);

#endif
