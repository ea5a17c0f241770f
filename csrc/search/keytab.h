/*
** keytab.h -- what the key searches (bidir.c, keybfs.c, astar.c) share:
** the memory budget and the limits it polls, the visited set (an
** open-addressing table of keys with one byte per state: the depth, or
** for A* the cost so far and a closed flag, packed into one word per slot
** when the keys fit 56 bits), growable vectors of keys, and paths rebuilt
** from the depths.  Every growth is checked against the budget first; a
** search that would outgrow it stops with PN_ENOMEM and a proven bound.
**
** The functions are static inline: the table's probes and inserts are
** the inner loop of every search and must inline into each of them.
*/
#ifndef PN_KEYTAB_H
#define PN_KEYTAB_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "keygame.h"
#include "core/util.h"

#define EMPTY 0
#define NOVAL 0xff
#define POLL 4096               /* expansions between limit checks */
#define AHEAD 16                /* keys fetched ahead when inserting */

/* {====================================================================
** Budget, tables, vectors
** ===================================================================== */

typedef struct budget {
  size_t used, peak, max;
  size_t states;             /* states stored in every table (not kept
                             ** when mt: the caller counts them) */
  const pn_limits *lim;
  double t0;
  int stopped;
  int mt;                    /* shared by threads: take and give lock */
  pthread_mutex_t lock;
  char why[160];
} budget;

/* count bytes against the budget if they fit in what is left of it (or,
** for a hint, in half of that); a refusal stops the search unless it was
** a hint */
static inline int charge(budget *b, size_t bytes, int hint) {
  int ok;
  if (b->mt) pthread_mutex_lock(&b->lock);
  ok = b->used <= b->max
       && (hint ? bytes <= (b->max - b->used) / 2
                : bytes <= b->max - b->used);
  if (ok) {
    b->used += bytes;
    if (b->used > b->peak) b->peak = b->used;
  } else if (!hint) {
    b->stopped = PN_ENOMEM;
    snprintf(b->why, sizeof b->why, "memory budget of %.3g MB reached",
             b->max / 1e6);
  }
  if (b->mt) pthread_mutex_unlock(&b->lock);
  return ok;
}

static inline int take(budget *b, size_t bytes) { return charge(b, bytes, 0); }

static inline void give(budget *b, size_t bytes) {
  if (b->mt) pthread_mutex_lock(&b->lock);
  b->used -= bytes;
  if (b->mt) pthread_mutex_unlock(&b->lock);
}

static inline int poll_limits(budget *b) {
  const pn_limits *lim = b->lim;
  if (b->stopped) return 1;
  switch (pn_poll(lim, b->t0)) {
    case PN_EINTR:
      b->stopped = PN_EINTR;
      snprintf(b->why, sizeof b->why, "interrupted");
      return 1;
    case PN_ELIMIT:
      b->stopped = PN_ELIMIT;
      snprintf(b->why, sizeof b->why, "time limit of %g s reached",
               lim->time_limit);
      return 1;
  }
  return 0;
}

/* A table slot is one word, key << 8 | value, when the game's keys fit
** 56 bits (every window of up to 56 cells, and most labelled games): 8
** bytes per slot, and the value comes with the key's cache line.  Wider
** keys keep their values in a byte array beside them (9 bytes per slot).
** An empty slot is 0 either way (keys are never 0). */
typedef struct keytab {
  uint64_t *keys;             /* packed: key << 8 | value; else the keys */
  uint8_t *val;               /* not packed: the values */
  size_t cap, n;
  size_t full;                /* n that makes it grow: 0.7 cap */
  int packed;
  budget *b;
} keytab;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define VALBYTE 7             /* the value's byte in a packed slot */
#else
#define VALBYTE 0
#endif

static inline int packs(const pn_keygame *g) {
  return g->keybits > 0 && g->keybits <= 56;
}

static inline size_t slot_bytes(const keytab *t) { return t->packed ? 8 : 9; }

static inline uint64_t slot_key(const keytab *t, size_t j) {
  return t->packed ? t->keys[j] >> 8 : t->keys[j];
}

static inline uint8_t *slot_val(const keytab *t, size_t j) {
  return t->packed ? (uint8_t *)&t->keys[j] + VALBYTE : &t->val[j];
}

/* the word of slot j, and its value's byte set to x: relaxed atomic
** accesses (plain moves on x86), as A*'s threads read the slots of a
** packed table while its phase 2 writes others (see A*, below) */
static inline uint64_t slot_word(const keytab *t, size_t j) {
  return __atomic_load_n(&t->keys[j], __ATOMIC_RELAXED);
}

static inline void val_set(uint8_t *v, uint8_t x) {
  __atomic_store_n(v, x, __ATOMIC_RELAXED);
}

/* table arrays: small ones from the heap, large ones mmap'ed on huge pages
** where the kernel has them (a probe of a large table costs a cache miss,
** and without huge pages a TLB miss as well) */
#define BIGTAB ((size_t)1 << 21)

static inline void *tab_alloc(size_t bytes) {
  return bytes >= BIGTAB ? pn_bigalloc(bytes) : calloc(bytes, 1);
}

static inline void tab_release(void *p, size_t bytes) {
  if (bytes >= BIGTAB) pn_bigfree(p, bytes); else free(p);
}

/* the home slot of hash h among cap slots (the low 32 bits of h scaled to
** cap: any cap below 2^32 works, so tables grow by half; the partitions
** use the top bits) */
static inline size_t slot_of(uint64_t h, size_t cap) {
  return (size_t)(((h & 0xffffffffu) * (uint64_t)cap) >> 32);
}

static inline size_t slot_next(size_t j, size_t cap) { return j + 1 == cap ? 0 : j + 1; }

static inline void tab_arrays_free(uint64_t *k, uint8_t *v, size_t cap) {
  tab_release(k, cap * sizeof *k);
  if (v) tab_release(v, cap);
}

static inline int tab_grow(keytab *t) {
  size_t ncap = t->cap ? t->cap + t->cap / 2 : 1024, sb = slot_bytes(t), i;
  uint64_t *k;
  uint8_t *v = NULL;
  if (ncap >= ((size_t)1 << 32)) {
    t->b->stopped = PN_ENOMEM;
    snprintf(t->b->why, sizeof t->b->why, "a table of 2^32 slots is full");
    return 0;
  }
  if (!t->b->mt && t->b->lim && t->b->lim->max_states
      && t->b->states >= t->b->lim->max_states) {
    t->b->stopped = PN_ENOMEM;
    snprintf(t->b->why, sizeof t->b->why, "state limit of %zu reached",
             t->b->lim->max_states);
    return 0;
  }
  if (!take(t->b, ncap * sb)) return 0;
  k = tab_alloc(ncap * sizeof *k);
  if (!t->packed) v = tab_alloc(ncap);
  if (!k || (!t->packed && !v)) {
    tab_arrays_free(k, v, ncap);
    give(t->b, ncap * sb);
    t->b->stopped = PN_ENOMEM;
    snprintf(t->b->why, sizeof t->b->why, "out of memory");
    return 0;
  }
  for (i = 0; i < t->cap; i++)
    if (t->keys[i] != EMPTY) {
      size_t j = slot_of(pn_mix64(slot_key(t, i)), ncap);
      while (k[j] != EMPTY) j = slot_next(j, ncap);
      k[j] = t->keys[i];
      if (v) v[j] = t->val[i];
    }
  tab_arrays_free(t->keys, t->val, t->cap);
  give(t->b, t->cap * sb);
  t->keys = k; t->val = v; t->cap = ncap;
  t->full = 7 * ncap / 10;
  return 1;
}

static inline void tab_free(keytab *t) {
  tab_arrays_free(t->keys, t->val, t->cap);
  if (t->b) give(t->b, t->cap * slot_bytes(t));
  t->keys = NULL; t->val = NULL; t->cap = t->n = t->full = 0;
}

/* the slot of key (whose pn_mix64 is h), or the empty slot where it would
** go; the table has at least one empty slot.  The word read there goes to
** *word unless word is NULL (EMPTY when key is not held) */
static inline size_t tab_find(const keytab *t, uint64_t key, uint64_t h,
                       uint64_t *word) {
  size_t j;
  uint64_t w;
  int sh = t->packed ? 8 : 0;
  for (j = slot_of(h, t->cap); (w = slot_word(t, j)) != EMPTY;
       j = slot_next(j, t->cap))
    if (w >> sh == key) break;
  if (word) *word = w;
  return j;
}

/* value of key (whose pn_mix64 is h), or NOVAL.  A packed table may be
** read by A*'s threads while one thread inserts (never while it grows):
** the slot is read as one word, key and value together */
static inline uint8_t tab_get_h(const keytab *t, uint64_t key, uint64_t h) {
  size_t j;
  uint64_t w;
  if (!t->cap) return NOVAL;
  j = tab_find(t, key, h, &w);
  /* packed: the value of the word that matched, not of the slot read
  ** again (it may hold another key by now) */
  if (t->packed) return w != EMPTY ? (uint8_t)w : NOVAL;
  return w != EMPTY ? t->val[j] : NOVAL;
}

/* counts one more state against the state limit (none is kept when
** several threads insert: the chunks check it) */
static inline int tab_count(keytab *t) {
  budget *b = t->b;
  if (b->mt) return 1;
  if (b->lim && b->lim->max_states && b->states >= b->lim->max_states) {
    b->stopped = PN_ENOMEM;
    snprintf(b->why, sizeof b->why, "state limit of %zu reached",
             b->lim->max_states);
    return 0;
  }
  b->states++;
  return 1;
}

/* slot of key (whose pn_mix64 is h), inserting it with val if absent
** (*isnew); NULL when the budget is exhausted.  Inlined: it is the inner
** loop of every search (the rare paths are the calls) */
HOT uint8_t *tab_put_h(keytab *t, uint64_t key, uint64_t h, uint8_t val,
                       int *isnew) {
  size_t j;
  if (t->n >= t->full && !tab_grow(t)) return NULL;
  j = tab_find(t, key, h, NULL);
  if (t->keys[j] != EMPTY) { *isnew = 0; return slot_val(t, j); }
  if (!tab_count(t)) return NULL;
  if (t->packed) {
    __atomic_store_n(&t->keys[j], key << 8 | val, __ATOMIC_RELAXED);
  } else {
    t->keys[j] = key;
    t->val[j] = val;
  }
  t->n++;
  *isnew = 1;
  return slot_val(t, j);
}

static inline uint8_t *tab_put(keytab *t, uint64_t key, uint8_t val, int *isnew) {
  return tab_put_h(t, key, pn_mix64(key), val, isnew);
}

/* start fetching the slot of hash h (a hint only) */
PREFETCHER void tab_prefetch(const keytab *t, uint64_t h) {
  if (t->cap) {
    size_t j = slot_of(h, t->cap);
    __builtin_prefetch(&t->keys[j]);
  }
}

typedef struct vec {
  uint64_t *a;
  size_t n, cap;
  budget *b;
} vec;

/* room for n keys in all */
static inline int vec_reserve(vec *v, size_t n) {
  uint64_t *na;
  if (n <= v->cap) return 1;
  if (!take(v->b, (n - v->cap) * 8)) return 0;
  na = realloc(v->a, n * sizeof *na);
  if (!na) {
    give(v->b, (n - v->cap) * 8);
    v->b->stopped = PN_ENOMEM;
    snprintf(v->b->why, sizeof v->b->why, "out of memory");
    return 0;
  }
  v->a = na; v->cap = n;
  return 1;
}

/* room for n keys in an empty vector, in one allocation (no copy, no
** doubling); a hint only: nothing happens when it would take more than
** half of what is left of the budget */
static inline void vec_presize(vec *v, size_t n) {
  uint64_t *na;
  if (n <= v->cap || v->n != 0 || !charge(v->b, (n - v->cap) * 8, 1)) return;
  if (!(na = malloc(n * sizeof *na))) {
    give(v->b, (n - v->cap) * 8);
    return;
  }
  free(v->a);
  v->a = na; v->cap = n;
}

/* vectors double up to 8 MB, then grow by a quarter (large ones are
** mmap'ed, and realloc moves their pages without copying: the slack is
** what counts against the budget) */
static inline int vec_more(vec *v) {
  return vec_reserve(v, v->cap < 256 ? 256
                        : v->cap < ((size_t)1 << 20) ? 2 * v->cap
                        : v->cap + v->cap / 4);
}

HOT int vec_push(vec *v, uint64_t x) {
  if (v->n == v->cap && !vec_more(v)) return 0;
  v->a[v->n++] = x;
  return 1;
}

/* give back what a large vector holds beyond its entries and a quarter
** more (a bucket being emptied) */
static inline void vec_trim(vec *v) {
  size_t want = v->n + v->n / 4 + 256;
  uint64_t *na;
  if (v->cap < ((size_t)1 << 20) || want > v->cap / 2) return;
  if (!(na = realloc(v->a, want * sizeof *na))) return;
  give(v->b, (v->cap - want) * 8);
  v->a = na;
  v->cap = want;
}

static inline void vec_free(vec *v) {
  free(v->a);
  if (v->b) give(v->b, v->cap * 8);
  v->a = NULL; v->n = v->cap = 0;
}

static inline void report(const pn_keygame *g, const char *phase, int depth,
                   uint64_t states, uint64_t layer, const budget *b) {
  pn_progress p;
  if (!g->progress) return;
  p.phase = g->label ? g->label : phase;
  p.depth = depth;
  p.total = 0;
  p.states = states;
  p.layer = layer;
  p.seconds = pn_clock() - b->t0;
  p.memory = b->used;
  g->progress(&p, g->progress_ud);
}

static inline void budget_init(budget *b, const pn_limits *lim) {
  memset(b, 0, sizeof *b);
  b->lim = lim;
  b->max = lim && lim->max_memory ? lim->max_memory : ((size_t)1 << 30);
  b->t0 = pn_clock();
}

/* }==================================================================== */


/* {====================================================================
** Paths from depths
** ===================================================================== */

typedef struct scratch {
  uint64_t *out;
  uint32_t *mv;
} scratch;

static inline int scratch_init(scratch *s, const pn_keygame *g) {
  s->out = malloc((size_t)(g->maxsucc + 1) * sizeof *s->out);
  s->mv = malloc((size_t)(g->maxsucc + 1) * sizeof *s->mv);
  return s->out && s->mv;
}

static inline void scratch_free(scratch *s) { free(s->out); free(s->mv); }

/* the tables of one search: one, or one per partition of the keys.  The
** partition is the top bits of a multiplicative hash of the key, cheaper
** than pn_mix64 (which places the key within its partition's table): the
** bidirectional search sorts every key it makes by partition first */
#define NPART 16

static inline unsigned part_of(uint64_t key) {
  return (unsigned)((key * 0x9e3779b97f4a7c15ULL) >> 60);
}

typedef struct kview {
  const keytab *t;
  int np;                     /* 1 or NPART */
} kview;

static inline uint8_t view_get(const kview *v, uint64_t key) {
  uint64_t h = pn_mix64(key);
  return tab_get_h(&v->t[v->np > 1 ? part_of(key) : 0], key, h);
}

/* walk from key toward depth 0 of v: through predecessors (forward table)
** or successors (backward table); moves appended to m[*n..] in walking
** order.  Returns 0 if the chain breaks (a bug). */
static inline int walk(const pn_keygame *g, const kview *v, uint64_t key,
                int backward, scratch *sc, uint32_t *m, size_t *n) {
  uint8_t d = view_get(v, key);
  while (d != 0) {
    int k = backward ? g->succ(g->ud, key, sc->out, sc->mv)
                     : g->pred(g->ud, key, sc->out, sc->mv), i;
    for (i = 0; i < k; i++)
      if (view_get(v, sc->out[i]) == d - 1) break;
    if (i == k) return 0;
    m[(*n)++] = sc->mv[i];
    key = sc->out[i];
    d--;
  }
  return 1;
}

/* moves from the start (forward table) to key, in order */
static inline int path_to(const pn_keygame *g, const keytab *f, int np,
                   uint64_t key, scratch *sc, pn_keyresult *res) {
  size_t n = 0, i;
  kview v;
  uint8_t d;
  v.t = f; v.np = np;
  d = view_get(&v, key);
  res->moves = malloc(((size_t)d + 1) * sizeof *res->moves);
  if (!res->moves) return 0;
  if (!walk(g, &v, key, 0, sc, res->moves, &n)) return 0;
  for (i = 0; i < n / 2; i++) {
    uint32_t x = res->moves[i];
    res->moves[i] = res->moves[n - 1 - i];
    res->moves[n - 1 - i] = x;
  }
  res->nmoves = n;
  return 1;
}

/* }==================================================================== */

#endif
