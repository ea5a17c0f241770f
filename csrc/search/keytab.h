/*
** keytab.h -- what the key searches (bidir.c, keybfs.c, astar.c) share:
** their layout of the visited set (core/slots.h: keys with one byte per
** state, the depth, or for A* the cost so far and a closed flag, packed
** into one word per slot when the keys fit 56 bits), growable vectors of
** keys, and paths rebuilt from the depths.  Every growth is charged to
** the search's budget (core/budget.h) first; a search that would outgrow
** it stops with PN_ENOMEM and a proven bound.
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
#include "core/budget.h"
#include "core/slots.h"
#include "core/util.h"

#define EMPTY 0
#define NOVAL 0xff
#define POLL 4096               /* expansions between limit checks */
#define AHEAD 16                /* keys fetched ahead when inserting */

/* {====================================================================
** The key table, vectors
** ===================================================================== */

/* A slot of the key table (on core/slots.h) is one word, key << 8 |
** value, when the game's keys fit 56 bits (every window of up to 56
** cells, and most labelled games): 8 bytes per slot, and the value comes
** with the key's cache line.  Wider keys keep their values in a byte
** array beside them (9 bytes per slot).  Keys are never 0. */
typedef struct keytab {
  uint64_t *keys;             /* packed: key << 8 | value; else the keys */
  uint8_t *val;               /* not packed: the values */
  size_t cap, n;
  size_t full;                /* n that makes it grow */
  int packed;
  pn_budget *b;
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

static inline void val_set(uint8_t *v, uint8_t x) {
  __atomic_store_n(v, x, __ATOMIC_RELAXED);
}

/* what the slot functions need: the key sought, the shift that takes a
** slot's word to its key, and (growing an unpacked table) the value
** arrays */
typedef struct keyctx {
  uint64_t key;
  int sh;
  const uint8_t *ov;
  uint8_t *nv;
} keyctx;

static inline int key_same(const void *ctx, uint64_t w) {
  const keyctx *c = ctx;
  return w >> c->sh == c->key;
}

/* the same for a packed table: a shift the compiler knows */
static inline int key_same_packed(const void *ctx, uint64_t w) {
  return w >> 8 == ((const keyctx *)ctx)->key;
}

static inline uint64_t key_hash(const void *ctx, uint64_t w) {
  return pn_mix64(w >> ((const keyctx *)ctx)->sh);
}

static inline void key_moved(void *ctx, size_t i, size_t j) {
  keyctx *c = ctx;
  c->nv[j] = c->ov[i];
}

/* grown by half (fourfold while small), its keys moved by this thread,
** or with share(ud, r) (unless NULL), which plans r's chunks
** (pn_rehash_plan) and runs tab_rehash_chunks(r) on every thread of a
** team; 0 when the budget refuses */
static inline int tab_grow_by(keytab *t, pn_rehash *r,
                              void (*share)(void *, pn_rehash *), void *ud) {
  size_t ncap;
  uint64_t *k;
  uint8_t *v = NULL;
  keyctx c;
  if (pn_budget_full(t->b)) return 0;
  if (!(ncap = pn_slots_quick(t->b, t->cap, slot_bytes(t)))
      && !(ncap = pn_slots_grown(t->b, t->cap)))
    return 0;
  if (!(k = pn_slots_take(t->b, ncap * sizeof *k))) return 0;
  if (!t->packed && !(v = pn_slots_take(t->b, ncap))) {
    pn_slots_give(t->b, k, ncap * sizeof *k);
    return 0;
  }
  c.key = 0; c.sh = t->packed ? 8 : 0; c.ov = t->val; c.nv = v;
  if (share) {
    r->old = t->keys; r->ocap = t->cap; r->nw = k; r->ncap = ncap;
    r->ctx = &c;
    share(ud, r);
    pn_rehash_finish(r, key_hash, t->packed ? NULL : key_moved);
  } else {
    pn_slots_rehash(t->keys, t->cap, k, ncap, key_hash,
                    t->packed ? NULL : key_moved, &c);
  }
  pn_slots_give(t->b, t->keys, t->cap * sizeof *k);
  if (t->val) pn_slots_give(t->b, t->val, t->cap);
  t->keys = k; t->val = v; t->cap = ncap;
  t->full = pn_slots_full(ncap);
  return 1;
}

static inline int tab_grow(keytab *t) {
  return tab_grow_by(t, NULL, NULL, NULL);
}

/* a thread's share of a table's keys moved (tab_grow_by) */
static inline void tab_rehash_chunks(pn_rehash *r) {
  const keyctx *c = r->ctx;
  if (c->nv) pn_rehash_chunks(r, key_hash, key_moved);
  else pn_rehash_chunks(r, key_hash, NULL);
}

static inline void tab_free(keytab *t) {
  if (t->b) {
    pn_slots_give(t->b, t->keys, t->cap * sizeof *t->keys);
    if (t->val) pn_slots_give(t->b, t->val, t->cap);
  }
  t->keys = NULL; t->val = NULL; t->cap = t->n = t->full = 0;
}

/* the slot of key (whose pn_mix64 is h), or the free slot where it would
** go; the word read there goes to *word unless word is NULL (EMPTY when
** key is not held) */
static inline size_t tab_find(const keytab *t, uint64_t key, uint64_t h,
                              uint64_t *word) {
  keyctx c;
  uint64_t w;
  c.key = key;
  if (t->packed)
    return pn_slots_probe(t->keys, t->cap, h, key_same_packed, &c,
                          word ? word : &w);
  c.sh = 0;
  return pn_slots_probe(t->keys, t->cap, h, key_same, &c, word ? word : &w);
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
  /* unpacked: a thread may close the slot meanwhile (val_set) */
  return w != EMPTY ? __atomic_load_n(&t->val[j], __ATOMIC_RELAXED) : NOVAL;
}

/* key with val into the free slot j */
static inline uint8_t *tab_store(keytab *t, size_t j, uint64_t key,
                                 uint8_t val) {
  if (t->packed) {
    __atomic_store_n(&t->keys[j], key << 8 | val, __ATOMIC_RELAXED);
  } else {
    t->keys[j] = key;
    t->val[j] = val;
  }
  t->n++;
  return slot_val(t, j);
}

/* slot of key (whose pn_mix64 is h), inserting it with val if absent
** (*isnew); NULL when the budget is exhausted.  Inlined: it is the inner
** loop of every search (the rare paths are the calls) */
HOT uint8_t *tab_put_h(keytab *t, uint64_t key, uint64_t h, uint8_t val,
                       int *isnew) {
  size_t j;
  uint64_t w;
  if (t->n >= t->full && !tab_grow(t)) return NULL;
  j = tab_find(t, key, h, &w);
  if (w != EMPTY) { *isnew = 0; return slot_val(t, j); }
  if (!pn_budget_count(t->b)) return NULL;
  *isnew = 1;
  return tab_store(t, j, key, val);
}

/* tab_put_h for a thread that inserts in its own table beside others in
** theirs (A*'s shared phase 2): the caller made room (no growth) and
** counts the new states itself */
HOT uint8_t *tab_put_reserved(keytab *t, uint64_t key, uint64_t h,
                              uint8_t val, int *isnew) {
  size_t j;
  uint64_t w;
  j = tab_find(t, key, h, &w);
  if (w != EMPTY) { *isnew = 0; return slot_val(t, j); }
  *isnew = 1;
  return tab_store(t, j, key, val);
}

static inline uint8_t *tab_put(keytab *t, uint64_t key, uint8_t val, int *isnew) {
  return tab_put_h(t, key, pn_mix64(key), val, isnew);
}

/* start fetching the slot of hash h (a hint only) */
PREFETCHER void tab_prefetch(const keytab *t, uint64_t h) {
  if (t->cap) __builtin_prefetch(&t->keys[pn_slot_home(h, t->cap)]);
}

typedef struct vec {
  uint64_t *a;
  size_t n, cap;
  pn_budget *b;
} vec;

/* a small vector's array comes from the search's spare blocks (spare.h)
** and goes back to them: its capacity a power of two, so that the sizes
** repeat.  Large ones are mmap'ed by malloc, and realloc moves their
** pages without copying */
#define VEC_SMALL (PN_BIGTAB / 8)

static inline pn_spare *vec_spare(const vec *v) {
  return v->b ? v->b->spare : NULL;
}

static inline size_t vec_round(size_t n) {
  size_t r = 256;
  if (n >= VEC_SMALL) return n;
  while (r < n) r *= 2;
  return r;
}

/* v's array of n keys (n > v->cap), its first v->n keys kept; NULL when
** malloc fails */
static inline uint64_t *vec_realloc(vec *v, size_t n) {
  uint64_t *na;
  if (n >= VEC_SMALL) return realloc(v->a, n * sizeof *na);
  if (!(na = pn_spare_get(vec_spare(v), n * sizeof *na, 0))) return NULL;
  if (v->n) memcpy(na, v->a, v->n * sizeof *na);
  pn_spare_put(vec_spare(v), v->a, v->cap * sizeof *na);
  return na;
}

/* room for n keys in all when the budget lets them in as a hint (its
** refusal stops nothing): for what a search can do without */
static inline int vec_reserve_hint(vec *v, size_t n) {
  uint64_t *na;
  if (n <= v->cap) return 1;
  n = vec_round(n);
  if (!pn_budget_charge(v->b, (n - v->cap) * 8, 1)) return 0;
  if (!(na = vec_realloc(v, n))) {
    pn_budget_give(v->b, (n - v->cap) * 8);
    return 0;
  }
  v->a = na; v->cap = n;
  return 1;
}

/* room for n keys in all */
static inline int vec_reserve(vec *v, size_t n) {
  uint64_t *na;
  if (n <= v->cap) return 1;
  n = vec_round(n);
  if (!pn_budget_take(v->b, (n - v->cap) * 8)) return 0;
  if (!(na = vec_realloc(v, n))) {
    pn_budget_give(v->b, (n - v->cap) * 8);
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
  if (v->n == 0) vec_reserve_hint(v, n);
}

/* the capacity after cap: vectors double up to 8 MB, then grow by a
** quarter (large ones are mmap'ed, and realloc moves their pages without
** copying: the slack is what counts against the budget) */
static inline size_t vec_grown(size_t cap) {
  return cap < 256 ? 256 : cap < ((size_t)1 << 20) ? 2 * cap : cap + cap / 4;
}

static inline int vec_more(vec *v) {
  return vec_reserve(v, vec_grown(v->cap));
}

HOT int vec_push(vec *v, uint64_t x) {
  if (v->n == v->cap && !vec_more(v)) return 0;
  v->a[v->n++] = x;
  return 1;
}

/* two words pushed (a key and what goes with it); 0 when the budget has
** no room */
HOT int vec_push2(vec *v, uint64_t x, uint64_t y) {
  if (v->n + 2 > v->cap && !vec_more(v)) return 0;
  v->a[v->n++] = x;
  v->a[v->n++] = y;
  return 1;
}

/* the keys a[0..n) appended; 0 when the budget has no room */
static inline int vec_append(vec *v, const uint64_t *a, size_t n) {
  size_t want = v->n + n;
  if (want > v->cap) {
    size_t c = vec_grown(v->cap);
    while (c < want) c = vec_grown(c);
    if (!vec_reserve(v, c)) return 0;
  }
  memcpy(v->a + v->n, a, n * sizeof *a);
  v->n = want;
  return 1;
}

/* give back what a large vector holds beyond its entries and a quarter
** more (a bucket being emptied) */
static inline void vec_trim(vec *v) {
  size_t want = v->n + v->n / 4 + 256;
  uint64_t *na;
  if (v->cap < ((size_t)1 << 20) || want > v->cap / 2) return;
  if (!(na = realloc(v->a, want * sizeof *na))) return;
  pn_budget_give(v->b, (v->cap - want) * 8);
  v->a = na;
  v->cap = want;
}

static inline void vec_free(vec *v) {
  if (!v->cap) return;                /* never grown: nothing held */
  if (v->cap < VEC_SMALL) pn_spare_put(vec_spare(v), v->a, v->cap * 8);
  else free(v->a);
  if (v->b) pn_budget_give(v->b, v->cap * 8);
  v->a = NULL; v->n = v->cap = 0;
}

static inline void report(const pn_keygame *g, const char *phase, int depth,
                   uint64_t states, uint64_t layer, const pn_budget *b) {
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
  uint8_t strip;              /* flag bits of the values, not depth */
} kview;

static inline uint8_t view_get(const kview *v, uint64_t key) {
  uint64_t h = pn_mix64(key);
  uint8_t d = tab_get_h(&v->t[v->np > 1 ? part_of(key) : 0], key, h);
  return d == NOVAL ? d : (uint8_t)(d & ~v->strip);
}

/* walk from key toward depth 0 of v: through predecessors (forward table)
** or successors (backward table); moves appended to m[*n..] in walking
** order.  Returns 0 if the chain breaks (a bug). */
/* one step of the walk: *key, at depth d, to a neighbour at d - 1 */
static inline int walk_step(const pn_keygame *g, const kview *v,
                            uint64_t *key, uint8_t d, int backward,
                            scratch *sc, uint32_t *m, size_t *n) {
  int k = backward ? g->succ(g->ud, *key, sc->out, sc->mv)
                   : g->pred(g->ud, *key, sc->out, sc->mv), i;
  for (i = 0; i < k; i++)
    if (view_get(v, sc->out[i]) == d - 1) break;
  if (i == k) return 0;
  m[(*n)++] = sc->mv[i];
  *key = sc->out[i];
  return 1;
}

static inline int walk(const pn_keygame *g, const kview *v, uint64_t key,
                int backward, scratch *sc, uint32_t *m, size_t *n) {
  uint8_t d;
  for (d = view_get(v, key); d != 0; d--)
    if (!walk_step(g, v, &key, d, backward, sc, m, n)) return 0;
  return 1;
}

/* res's n moves, walked back from the end, put in order */
static inline void path_order(pn_keyresult *res, size_t n) {
  size_t i;
  for (i = 0; i < n / 2; i++) {
    uint32_t x = res->moves[i];
    res->moves[i] = res->moves[n - 1 - i];
    res->moves[n - 1 - i] = x;
  }
  res->nmoves = n;
}

/* moves from the start (forward table) to key, in order; the values'
** bits strip are flags, not depth */
static inline int path_to(const pn_keygame *g, const keytab *f, int np,
                          uint8_t strip, uint64_t key, scratch *sc,
                          pn_keyresult *res) {
  size_t n = 0;
  kview v;
  uint8_t d;
  v.t = f; v.np = np; v.strip = strip;
  d = view_get(&v, key);
  res->moves = malloc(((size_t)d + 1) * sizeof *res->moves);
  if (!res->moves) return 0;
  if (!walk(g, &v, key, 0, sc, res->moves, &n)) return 0;
  path_order(res, n);
  return 1;
}

/* }==================================================================== */

#endif
