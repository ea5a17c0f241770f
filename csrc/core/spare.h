/*
** spare.h -- the blocks a caller's pn_spare keeps between searches
** (spare.c; the type and pn_spare_new/free are public, penny.h).  The
** visited sets (slots.h) take their small arrays from it and give them
** back (those under 2 MiB: larger ones are mmap'ed on huge pages, and a
** fault backs 2 MiB of them): a short search on fresh memory pays a
** page fault for every 4 KiB it touches, a fifth of a bidirectional
** search of a few milliseconds.  Not part of the public API.
*/
#ifndef PN_SPARE_H
#define PN_SPARE_H

#include <stddef.h>
#include <stdlib.h>

#include "penny.h"

/* a block of exactly `bytes` that s kept (zeroed when zero), or NULL;
** s may be NULL */
void *pn_spare_take(pn_spare *s, size_t bytes, int zero);
/* 1 when s keeps the malloc'ed block p of `bytes` (it frees its oldest
** blocks to make room); 0: the caller frees p.  s may be NULL */
int pn_spare_keep(pn_spare *s, void *p, size_t bytes);

/* a sparse mapping (pn_bigalloc_sparse) of exactly `bytes` that s kept,
** its contents whatever they were, or NULL; s may be NULL.  *dirty: the
** bytes of it that may have been written since its pages were last given
** to the kernel (0 for NULL) */
void *pn_spare_take_map(pn_spare *s, size_t bytes, size_t *dirty);
/* 1 when s keeps the sparse mapping p of `bytes`, of which at most
** `dirty` bytes were written since its pages were last given to the
** kernel: given again once that passes PN_SPARE_DIRTY (the call costs a
** walk of the whole mapping, more than a short search that wrote a few
** pages of it); 0: the caller unmaps it.  s may be NULL */
int pn_spare_keep_map(pn_spare *s, void *p, size_t bytes, size_t dirty);

/* the most bytes of a kept mapping written and not given back */
#define PN_SPARE_DIRTY ((size_t)8 << 20)

/* `bytes` from s, else from malloc (zeroed when zero); NULL when malloc
** fails */
static inline void *pn_spare_get(pn_spare *s, size_t bytes, int zero) {
  void *p = pn_spare_take(s, bytes, zero);
  if (p) return p;
  return zero ? calloc(bytes, 1) : malloc(bytes);
}

/* p (malloc'ed, `bytes`) back to s, or freed */
static inline void pn_spare_put(pn_spare *s, void *p, size_t bytes) {
  if (p && !pn_spare_keep(s, p, bytes)) free(p);
}

#endif
