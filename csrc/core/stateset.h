/*
** stateset.h -- the one visited set of states longer than a word: each
** state is stored once, in the order it was first seen, as a record of
** keylen bytes (what tells states apart) and payload bytes (what the
** search keeps with it: a parent index, a move, a depth).  An open-
** addressing table (slots.h, each slot a 32-bit fingerprint and a record
** index) finds duplicates.  Every allocation is charged to the set's
** budget first, so a search that outgrows it gets a verdict, not an
** out-of-memory kill.
**
** The exact engine's windows of at most 64 cells have one-word keys and
** keep them in the slots themselves (search/keytab.h); every other
** search (the reference BFS, line pushes, the combined grid) stores its
** states here.  Not part of the public API.
*/
#ifndef PN_STATESET_H
#define PN_STATESET_H

#include <stddef.h>
#include <stdint.h>

#include "budget.h"

typedef struct pn_stateset {
  size_t keylen, reclen;       /* bytes compared; bytes per record */
  uint8_t *arena;              /* n records, in order of arrival */
  size_t n, cap;
  uint64_t *table;             /* fingerprint << 32 | (index + 1); 0 = free */
  size_t tcap;
  pn_budget budget;            /* used: bytes held (the caller may take its
                               ** own); max_states: at most UINT32_MAX - 1 */
} pn_stateset;

/* an empty set of records of keylen + payload bytes; max_states at most
** UINT32_MAX - 1 (indices are 32-bit) */
void pn_stateset_init(pn_stateset *s, size_t keylen, size_t payload,
                      size_t max_memory, size_t max_states);
void pn_stateset_free(pn_stateset *s);
/* no state, the allocations kept (an iterative deepening's next round) */
void pn_stateset_clear(pn_stateset *s);

/*
** The index of the record with key key: a new record (its payload zeroed,
** *isnew = 1) when the key is not there yet.  -1 when adding it would pass
** max_memory or max_states (or malloc fails): the set is unchanged.
*/
int64_t pn_stateset_put(pn_stateset *s, const void *key, int *isnew);

/* the index of key, or -1 */
int64_t pn_stateset_find(const pn_stateset *s, const void *key);

/* record i: its key, then (at + keylen) its payload */
static inline uint8_t *pn_stateset_at(const pn_stateset *s, size_t i) {
  return s->arena + i * s->reclen;
}

#endif
