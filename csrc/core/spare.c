/*
** spare.c -- memory a caller keeps between searches (spare.h, penny.h).
**
** A list of freed blocks, oldest first, matched by exact size: a table
** grows through the same capacities in every search of a game (slots.h),
** so the sizes repeat, within a search too (the partitions' tables of
** the bidirectional search grow one after another).  Besides malloc'ed
** blocks, a few sparse mappings (A*'s lists, sys.h): kept with their
** pages given to the kernel to take back when it needs them (once the
** bytes written since pass PN_SPARE_DIRTY), and so not counted against
** max.  A lock, since the threads of a search grow their tables at
** once; a take or a keep is rare next to the work a block does.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "spare.h"
#include "sys.h"

#define BLOCKS 256
#define MAPS 4                /* sparse mappings kept at most */

typedef struct block {
  void *p;
  size_t bytes;
  size_t dirty;               /* a mapping's bytes written, not given back */
  int map;                    /* a sparse mapping, not a malloc'ed block */
} block;

struct pn_spare {
  pthread_mutex_t lock;
  size_t max, held;           /* bytes of malloc'ed blocks */
  int n, maps;
  block b[BLOCKS];            /* oldest first */
};

pn_spare *pn_spare_new(size_t max_bytes) {
  pn_spare *s = malloc(sizeof *s);
  if (!s) return NULL;
  if (pthread_mutex_init(&s->lock, NULL) != 0) {
    free(s);
    return NULL;
  }
  s->max = max_bytes;
  s->held = 0;
  s->n = s->maps = 0;
  return s;
}

static void drop(const block *x) {
  if (x->map) pn_bigfree(x->p, x->bytes); else free(x->p);
}

void pn_spare_free(pn_spare *s) {
  int i;
  if (!s) return;
  for (i = 0; i < s->n; i++) drop(&s->b[i]);
  pthread_mutex_destroy(&s->lock);
  free(s);
}

size_t pn_spare_bytes(pn_spare *s) {
  size_t n;
  pthread_mutex_lock(&s->lock);
  n = s->held;
  pthread_mutex_unlock(&s->lock);
  return n;
}

/* remove block i, keeping the order */
static block take_at(pn_spare *s, int i) {
  block x = s->b[i];
  memmove(&s->b[i], &s->b[i + 1], (size_t)(s->n - i - 1) * sizeof *s->b);
  s->n--;
  if (x.map) s->maps--; else s->held -= x.bytes;
  return x;
}

/* the newest block of that kind and size (still in cache), or NULL; its
** dirty bytes to *dirty */
static void *take(pn_spare *s, size_t bytes, int map, size_t *dirty) {
  void *p = NULL;
  int i;
  *dirty = 0;
  if (!s) return NULL;
  pthread_mutex_lock(&s->lock);
  for (i = s->n - 1; i >= 0; i--)
    if (s->b[i].bytes == bytes && s->b[i].map == map) {
      block x = take_at(s, i);
      p = x.p;
      *dirty = x.dirty;
      break;
    }
  pthread_mutex_unlock(&s->lock);
  return p;
}

/* p kept, the oldest blocks given up to make room */
static int keep(pn_spare *s, void *p, size_t bytes, int map, size_t dirty) {
  block old[BLOCKS];
  int nold = 0, i;
  if (!s || (!map && bytes > s->max)) return 0;
  pthread_mutex_lock(&s->lock);
  while (s->n == BLOCKS || (map ? s->maps == MAPS : s->held + bytes > s->max)) {
    for (i = 0; i < s->n && s->b[i].map != map; i++) {}
    if (i == s->n) i = 0;               /* full of the other kind */
    old[nold++] = take_at(s, i);
  }
  s->b[s->n].p = p;
  s->b[s->n].bytes = bytes;
  s->b[s->n].dirty = dirty;
  s->b[s->n].map = map;
  s->n++;
  if (map) s->maps++; else s->held += bytes;
  pthread_mutex_unlock(&s->lock);
  for (i = 0; i < nold; i++) drop(&old[i]);
  return 1;
}

void *pn_spare_take(pn_spare *s, size_t bytes, int zero) {
  size_t dirty;
  void *p = take(s, bytes, 0, &dirty);
  if (p && zero) memset(p, 0, bytes);
  return p;
}

int pn_spare_keep(pn_spare *s, void *p, size_t bytes) {
  return keep(s, p, bytes, 0, 0);
}

void *pn_spare_take_map(pn_spare *s, size_t bytes, size_t *dirty) {
  return take(s, bytes, 1, dirty);
}

int pn_spare_keep_map(pn_spare *s, void *p, size_t bytes, size_t dirty) {
  if (!s) return 0;
  if (dirty > PN_SPARE_DIRTY) {
    pn_bigidle(p, bytes);
    dirty = 0;
  }
  return keep(s, p, bytes, 1, dirty);
}
