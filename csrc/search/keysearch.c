/*
** keysearch.c -- breadth-first, bidirectional and A* searches over 64-bit
** state keys (see keysearch.h).
**
** Tables are open-addressing hash tables of keys with one byte per state
** (the depth, or for A* the cost so far and a closed flag), packed into
** one word per slot when the keys fit 56 bits.  Every growth
** is checked against the memory budget first; a search that would outgrow
** it stops with PN_ENOMEM in res->stopped and a proven lower bound.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "keysearch.h"
#include "../util.h"

#define EMPTY 0
#define NOVAL 0xff
#define POLL 4096               /* expansions between limit checks */

void pn_keyresult_clear(pn_keyresult *r) {
  free(r->moves);
  memset(r, 0, sizeof *r);
}

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
static int charge(budget *b, size_t bytes, int hint) {
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

static int take(budget *b, size_t bytes) { return charge(b, bytes, 0); }

static void give(budget *b, size_t bytes) {
  if (b->mt) pthread_mutex_lock(&b->lock);
  b->used -= bytes;
  if (b->mt) pthread_mutex_unlock(&b->lock);
}

static int poll_limits(budget *b) {
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

static int packs(const pn_keygame *g) {
  return g->keybits > 0 && g->keybits <= 56;
}

static size_t slot_bytes(const keytab *t) { return t->packed ? 8 : 9; }

static uint64_t slot_key(const keytab *t, size_t j) {
  return t->packed ? t->keys[j] >> 8 : t->keys[j];
}

static uint8_t *slot_val(const keytab *t, size_t j) {
  return t->packed ? (uint8_t *)&t->keys[j] + VALBYTE : &t->val[j];
}

/* the word of slot j, and its value's byte set to x: relaxed atomic
** accesses (plain moves on x86), as A*'s threads read the slots of a
** packed table while its phase 2 writes others (see A*, below) */
static uint64_t slot_word(const keytab *t, size_t j) {
  return __atomic_load_n(&t->keys[j], __ATOMIC_RELAXED);
}

static void val_set(uint8_t *v, uint8_t x) {
  __atomic_store_n(v, x, __ATOMIC_RELAXED);
}

/* table arrays: small ones from the heap, large ones mmap'ed on huge pages
** where the kernel has them (a probe of a large table costs a cache miss,
** and without huge pages a TLB miss as well) */
#define BIGTAB ((size_t)1 << 21)

static void *tab_alloc(size_t bytes) {
  return bytes >= BIGTAB ? pn_bigalloc(bytes) : calloc(bytes, 1);
}

static void tab_release(void *p, size_t bytes) {
  if (bytes >= BIGTAB) pn_bigfree(p, bytes); else free(p);
}

/* the home slot of hash h among cap slots (the low 32 bits of h scaled to
** cap: any cap below 2^32 works, so tables grow by half; the partitions
** use the top bits) */
static size_t slot_of(uint64_t h, size_t cap) {
  return (size_t)(((h & 0xffffffffu) * (uint64_t)cap) >> 32);
}

static size_t slot_next(size_t j, size_t cap) { return j + 1 == cap ? 0 : j + 1; }

static void tab_arrays_free(uint64_t *k, uint8_t *v, size_t cap) {
  tab_release(k, cap * sizeof *k);
  if (v) tab_release(v, cap);
}

static int tab_grow(keytab *t) {
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

static void tab_free(keytab *t) {
  tab_arrays_free(t->keys, t->val, t->cap);
  if (t->b) give(t->b, t->cap * slot_bytes(t));
  t->keys = NULL; t->val = NULL; t->cap = t->n = t->full = 0;
}

/* the slot of key (whose pn_mix64 is h), or the empty slot where it would
** go; the table has at least one empty slot.  The word read there goes to
** *word unless word is NULL (EMPTY when key is not held) */
static size_t tab_find(const keytab *t, uint64_t key, uint64_t h,
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
static uint8_t tab_get_h(const keytab *t, uint64_t key, uint64_t h) {
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
static int tab_count(keytab *t) {
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

static uint8_t *tab_put(keytab *t, uint64_t key, uint8_t val, int *isnew) {
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
static int vec_reserve(vec *v, size_t n) {
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
static void vec_presize(vec *v, size_t n) {
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
static int vec_more(vec *v) {
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
static void vec_trim(vec *v) {
  size_t want = v->n + v->n / 4 + 256;
  uint64_t *na;
  if (v->cap < ((size_t)1 << 20) || want > v->cap / 2) return;
  if (!(na = realloc(v->a, want * sizeof *na))) return;
  give(v->b, (v->cap - want) * 8);
  v->a = na;
  v->cap = want;
}

static void vec_free(vec *v) {
  free(v->a);
  if (v->b) give(v->b, v->cap * 8);
  v->a = NULL; v->n = v->cap = 0;
}

static void report(const pn_keygame *g, const char *phase, int depth,
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

static void budget_init(budget *b, const pn_limits *lim) {
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

static int scratch_init(scratch *s, const pn_keygame *g) {
  s->out = malloc((size_t)(g->maxsucc + 1) * sizeof *s->out);
  s->mv = malloc((size_t)(g->maxsucc + 1) * sizeof *s->mv);
  return s->out && s->mv;
}

static void scratch_free(scratch *s) { free(s->out); free(s->mv); }

/* the tables of one search: one, or one per partition of the keys.  The
** partition is the top bits of a multiplicative hash of the key, cheaper
** than pn_mix64 (which places the key within its partition's table): the
** bidirectional search sorts every key it makes by partition first */
#define NPART 16

static unsigned part_of(uint64_t key) {
  return (unsigned)((key * 0x9e3779b97f4a7c15ULL) >> 60);
}

typedef struct kview {
  const keytab *t;
  int np;                     /* 1 or NPART */
} kview;

static uint8_t view_get(const kview *v, uint64_t key) {
  uint64_t h = pn_mix64(key);
  return tab_get_h(&v->t[v->np > 1 ? part_of(key) : 0], key, h);
}

/* walk from key toward depth 0 of v: through predecessors (forward table)
** or successors (backward table); moves appended to m[*n..] in walking
** order.  Returns 0 if the chain breaks (a bug). */
static int walk(const pn_keygame *g, const kview *v, uint64_t key,
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
static int path_to(const pn_keygame *g, const keytab *f, int np,
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


/* {====================================================================
** A team of threads: the caller (worker 0) and workers 1..n-1, in step
** through a barrier
** ===================================================================== */

#define MAXTHREADS 16

typedef struct team {
  int n;                      /* threads running, the caller included */
  int want;                   /* threads asked for */
  int launched;               /* the workers were started (or tried) */
  int quit;                   /* read by the workers after each barrier */
  void *(*fn)(void *);        /* worker i runs fn(arg + i * size) */
  char *arg;
  size_t size;
  pthread_t tid[MAXTHREADS];
  pthread_barrier_t bar;
  pthread_mutex_t startlock;
} team;

/* a team of n threads, the caller included; the workers start with the
** first round that needs them (team_ready), so that a search whose
** rounds are all small never creates them (penny solve
** examples/classics.pz: 1 thread created instead of 3).  Each worker
** calls team_serve. */
static void team_start(team *tm, int n, void *(*fn)(void *), void *arg,
                       size_t size) {
  tm->n = 1;
  tm->want = n;
  tm->launched = 0;
  tm->quit = 0;
  tm->fn = fn;
  tm->arg = arg;
  tm->size = size;
  pthread_mutex_init(&tm->startlock, NULL);
}

/* the threads of the team, starting the workers if they are not yet.
** If one cannot start, those that did leave and the team is the caller
** alone: the result is 1 from then on */
static int team_ready(team *tm) {
  int started, i;
  if (tm->launched) return tm->n;
  tm->launched = 1;
  if (tm->want <= 1) return 1;
  pthread_mutex_lock(&tm->startlock);
  for (started = 1; started < tm->want; started++)
    if (pthread_create(&tm->tid[started], NULL, tm->fn,
                       tm->arg + (size_t)started * tm->size) != 0)
      break;
  if (started < tm->want
      || pthread_barrier_init(&tm->bar, NULL, (unsigned)tm->want) != 0)
    tm->quit = 1;
  pthread_mutex_unlock(&tm->startlock);
  if (tm->quit) {
    for (i = 1; i < started; i++) pthread_join(tm->tid[i], NULL);
    tm->quit = 0;
    return 1;
  }
  tm->n = tm->want;
  return tm->n;
}

/* a worker's life: job(w) for each round the caller starts with the
** barrier, until the team stops (nothing if it did not start) */
static void team_serve(team *tm, void (*job)(void *), void *w) {
  pthread_mutex_lock(&tm->startlock);
  pthread_mutex_unlock(&tm->startlock);
  if (tm->quit) return;
  for (;;) {
    pthread_barrier_wait(&tm->bar);             /* a round, or quit */
    if (tm->quit) break;
    job(w);
    pthread_barrier_wait(&tm->bar);             /* the round is done */
  }
}

/* a round begins: the workers run their job until team_end (nothing on
** one thread) */
static void team_begin(team *tm) {
  if (tm->n > 1) pthread_barrier_wait(&tm->bar);
}

/* the round ends when every worker has done its job */
static void team_end(team *tm) {
  if (tm->n > 1) pthread_barrier_wait(&tm->bar);
}

/* one round: job(w0) on the caller's thread, and job on every worker
** unless the round is solo (the workers then stay at the barrier) */
static void team_round(team *tm, void (*job)(void *), void *w0, int solo) {
  if (solo || tm->n == 1) {
    job(w0);
    return;
  }
  team_begin(tm);
  job(w0);
  team_end(tm);
}

/* where slice k of n items shared among nt threads begins */
static size_t slice_at(size_t n, int k, int nt) {
  return n * (size_t)k / (size_t)nt;
}

/* the workers, waiting at the barrier, leave; the team is gone */
static void team_stop(team *tm) {
  int i;
  if (tm->n > 1) {
    tm->quit = 1;
    pthread_barrier_wait(&tm->bar);
    for (i = 1; i < tm->n; i++) pthread_join(tm->tid[i], NULL);
    pthread_barrier_destroy(&tm->bar);
  }
  pthread_mutex_destroy(&tm->startlock);
  tm->n = 0;
}

/* }==================================================================== */


/* {====================================================================
** Bidirectional breadth-first search, on every core
**
** Each side keeps its states in NPART tables, by the top bits of the key's
** hash.  A layer is expanded in chunks of the frontier, in two phases:
**   1. the threads take slices of the chunk and sort the keys they produce
**      into buffers, one per thread and partition;
**   2. each thread owns whole partitions and inserts their keys, buffer by
**      buffer in thread order, fetching slots a few keys ahead.
** Every table sees its keys in the serial order, so the tables, the layers
** and the path found are the same for any number of threads.  Limits are
** checked between chunks.
** ===================================================================== */

/* frontier states per chunk: a layer is cut into about LAYER_CHUNKS chunks
** of MINCHUNK to MAXCHUNK states.  Small chunks stop a layer that meets
** the other side sooner and keep the buffers in cache; large ones cost
** fewer barriers (on font5x7, 1,024 made a 7-move search 2.6x faster and
** a 15-move one 12% slower than 8,192).  The size depends on the
** frontier's size only, so the chunks are the same for any number of
** threads. */
#define MINCHUNK 1024
#define MAXCHUNK 8192
#define LAYER_CHUNKS 32
#define PROBE_CHUNK 1024          /* frontier states per probing chunk */
#define AHEAD 16                  /* keys fetched ahead when inserting */

typedef struct side {
  keytab t[NPART];
  vec cur[NPART];             /* the frontier (its keys have val = depth) */
  size_t off[NPART + 1];      /* cur[p] starts at off[p] of the frontier */
  uint64_t prev_layer;        /* size of the layer before the frontier */
  int depth;                  /* complete layers */
  double work;                /* keys produced per expansion (estimate) */
  uint64_t made, expanded;
} side;

typedef struct meet {
  int best;                   /* -1: none */
  uint64_t key;
} meet;

/* keep the shorter meeting point, and of two as short the smaller key, so
** the choice does not depend on the order the keys were met in */
static void meet_take(meet *m, int len, uint64_t key) {
  if (m->best < 0 || len < m->best || (len == m->best && key < m->key)) {
    m->best = len;
    m->key = key;
  }
}

/* a meeting point found by probing below a frontier without storing:
** `from` on the frontier, `key` on the other side, n moves between them */
#define MAXPROBE 8

typedef struct hit {
  int len;                    /* -1: none */
  uint64_t key, from;
  int n;
  uint32_t mv[MAXPROBE];      /* moves from `from` to key, in search order */
} hit;

/* keep the shortest, then the smallest key, then the smallest frontier
** state: the same choice for any number of threads */
static void hit_take(hit *h, int len, uint64_t key, uint64_t from,
                     const uint32_t *mv, int n) {
  if (h->len < 0 || len < h->len
      || (len == h->len && (key < h->key
                            || (key == h->key && from < h->from)))) {
    h->len = len;
    h->key = key;
    h->from = from;
    h->n = n;
    memcpy(h->mv, mv, (size_t)n * sizeof *mv);
  }
}

typedef struct bidir bidir;

typedef struct bworker {
  bidir *bd;
  int id;
  scratch sc;
  vec buf[NPART];             /* keys of this thread's slice, by partition */
  uint64_t made, expanded;
  uint64_t *pout, *ph;        /* probing: keys and hashes, by level */
  uint32_t *pmv;              /* probing: moves, by level */
  hit hit;                    /* probing: best meeting point of the chunk */
} bworker;

struct bidir {
  const pn_keygame *g;
  budget *b;
  side s[2];                  /* 0: forward from the starts, 1: backward */
  int dir;                    /* the side being expanded */
  size_t lo, hi;              /* the chunk: positions in its frontier */
  int nt;                     /* threads in this chunk (1 for small ones) */
  int nthreads;
  bworker w[MAXTHREADS];
  team tm;
  int failed;
  meet m[NPART];              /* best meeting point found, by partition */
  int probing;                /* chunks probe plevel levels below the
                              ** frontier instead of expanding it */
  int plevel;
  int halt;                   /* probing: a thread saw a limit */
};

/* the frontier key at position a of side x; *p is a partition at or
** before the one holding a */
static uint64_t frontier_key(const side *x, size_t a, int *p) {
  while (x->off[*p + 1] <= a) ++*p;
  return x->cur[*p].a[a - x->off[*p]];
}

/* phase 1: successors (or predecessors) of positions [a, b) */
static void expand_slice(bidir *bd, bworker *w, size_t a, size_t b) {
  side *x = &bd->s[bd->dir];
  const pn_keygame *g = bd->g;
  int p = 0, k;
  /* each partition gets about made/expanded/NPART keys per state */
  size_t want = (size_t)((double)(b - a) * x->work * 1.25 / NPART) + 64;
  for (k = 0; k < NPART; k++) {
    w->buf[k].n = 0;
    vec_presize(&w->buf[k], want);
  }
  for (; a < b; a++) {
    uint64_t key = frontier_key(x, a, &p);
    int nk, j;
    nk = bd->dir ? g->pred(g->ud, key, w->sc.out, w->sc.mv)
                 : g->succ(g->ud, key, w->sc.out, w->sc.mv);
    w->expanded++;
    w->made += (uint64_t)nk;
    for (j = 0; j < nk; j++)
      if (!vec_push(&w->buf[part_of(w->sc.out[j])], w->sc.out[j])) {
        __atomic_store_n(&bd->failed, 1, __ATOMIC_RELAXED);
        return;
      }
  }
}

/* the hashes of keys k[0..n), taken in order, with the slots of table t
** fetched AHEAD keys ahead: ring_start, then ring_hash(.., i) gives
** pn_mix64(k[i]) for i = 0, 1, ... (each key is mixed once) */
static void ring_start(uint64_t *ring, const keytab *t, const uint64_t *k,
                       size_t n) {
  size_t i;
  for (i = 0; i < n && i < AHEAD; i++) {
    ring[i] = pn_mix64(k[i]);
    tab_prefetch(t, ring[i]);
  }
}

HOT uint64_t ring_hash(uint64_t *ring, const keytab *t, const uint64_t *k,
                       size_t n, size_t i) {
  uint64_t h = ring[i % AHEAD];
  if (i + AHEAD < n) {
    ring[i % AHEAD] = pn_mix64(k[i + AHEAD]);
    tab_prefetch(t, ring[i % AHEAD]);
  }
  return h;
}

/* the new keys k[0..n) of a layer of side x against the other side's
** table yt, fetching slots a few keys ahead */
static void meet_keys(const side *x, const keytab *yt, meet *m,
                      const uint64_t *k, size_t n) {
  size_t i;
  uint64_t ring[AHEAD];
  if (!yt->cap) return;
  ring_start(ring, yt, k, n);
  for (i = 0; i < n; i++) {
    uint8_t other = tab_get_h(yt, k[i], ring_hash(ring, yt, k, n, i));
    if (other != NOVAL) meet_take(m, x->depth + 1 + other, k[i]);
  }
}

#define NEWBATCH 512              /* new keys checked against the other
                                  ** side together */

/* phase 2: the keys of partition p, from every thread's buffer.  Most
** keys are already stored (a state has several parents): only the new
** ones are looked up on the other side, in batches, so that the slots
** fetched ahead are those of keys that will be looked up */
static int insert_part(bidir *bd, int p) {
  side *x = &bd->s[bd->dir], *y = &bd->s[1 - bd->dir];
  keytab *xt = &x->t[p];
  const keytab *yt = &y->t[p];
  uint8_t val = (uint8_t)(x->depth + 1);
  meet *m = &bd->m[p];
  uint64_t fresh[NEWBATCH];
  size_t nfresh = 0;
  int t;
  for (t = 0; t < bd->nt; t++) {
    const uint64_t *a = bd->w[t].buf[p].a;
    size_t i, n = bd->w[t].buf[p].n;
    uint64_t ring[AHEAD];
    ring_start(ring, xt, a, n);
    for (i = 0; i < n; i++) {
      uint64_t key = a[i], h = ring_hash(ring, xt, a, n, i);
      int isnew;
      if (!tab_put_h(xt, key, h, val, &isnew)) return 0;
      if (!isnew) continue;
      fresh[nfresh++] = key;
      if (nfresh == NEWBATCH) {
        meet_keys(x, yt, m, fresh, nfresh);
        nfresh = 0;
      }
    }
  }
  meet_keys(x, yt, m, fresh, nfresh);
  return 1;
}

/* {--------------------------------------------------------------------
** Probing: when the memory is full, the levels below the frontier of one
** side are searched depth-first without storing them, each state checked
** against the other side's tables.  Level k is done only after levels
** 1..k-1 found nothing, so the first meeting point has the shortest
** length (x->depth + k + y->depth): a shortest path from x's frontier
** leaves x's stored states at once and keeps away from them, and its
** state k steps on lies in y's last layer.  States already stored with a
** depth up to x->depth are not at distance x->depth + k: they are pruned.
** --------------------------------------------------------------------- */

/* a limit seen from a worker thread (read only; the main thread sets
** b->stopped between chunks) */
static int probe_poll(bidir *bd) {
  if (pn_poll(bd->b->lim, bd->b->t0) != PN_OK) {
    __atomic_store_n(&bd->halt, 1, __ATOMIC_RELAXED);
    return 1;
  }
  return 0;
}

/* the states lvl+1 levels below `from`, through key (lvl levels below it,
** reached by path[0..lvl)) */
static void probe_below(bidir *bd, bworker *w, uint64_t from, uint64_t key,
                        int lvl, uint32_t *path) {
  const pn_keygame *g = bd->g;
  const side *x = &bd->s[bd->dir], *y = &bd->s[1 - bd->dir];
  size_t ms = (size_t)g->maxsucc + 1;
  uint64_t *out = w->pout + (size_t)lvl * ms, *hh = w->ph + (size_t)lvl * ms;
  uint32_t *mv = w->pmv + (size_t)lvl * ms;
  int last = lvl + 1 == bd->plevel, nk, j;
  const side *look = last ? y : x;
  if (__atomic_load_n(&bd->halt, __ATOMIC_RELAXED)) return;
  if ((++w->expanded & (POLL - 1)) == 0 && probe_poll(bd)) return;
  nk = bd->dir ? g->pred(g->ud, key, out, mv) : g->succ(g->ud, key, out, mv);
  w->made += (uint64_t)nk;
  for (j = 0; j < nk; j++) {
    hh[j] = pn_mix64(out[j]);
    tab_prefetch(&look->t[part_of(out[j])], hh[j]);
  }
  for (j = 0; j < nk; j++) {
    uint8_t v = tab_get_h(&look->t[part_of(out[j])], out[j], hh[j]);
    path[lvl] = mv[j];
    if (last) {
      /* y's states of a depth beyond y->depth are a partial layer */
      if (v != NOVAL && v <= y->depth)
        hit_take(&w->hit, x->depth + lvl + 1 + v, out[j], from, path,
                 lvl + 1);
    } else if (v == NOVAL || v > x->depth) {
      probe_below(bd, w, from, out[j], lvl + 1, path);
    }
  }
}

static void probe_slice(bidir *bd, bworker *w, size_t a, size_t b) {
  const side *x = &bd->s[bd->dir];
  uint32_t path[MAXPROBE];
  int p = 0;
  for (; a < b; a++) {
    uint64_t key = frontier_key(x, a, &p);
    probe_below(bd, w, key, key, 0, path);
  }
}

/* }-------------------------------------------------------------------- */

/* both phases for thread w of the chunk (a barrier between them when
** the team has more than one thread) */
static void run_phases(void *ud) {
  bworker *w = ud;
  bidir *bd = w->bd;
  size_t len = bd->hi - bd->lo;
  int p;
  if (bd->probing) {
    if (w->id < bd->nt)
      probe_slice(bd, w, bd->lo + slice_at(len, w->id, bd->nt),
                  bd->lo + slice_at(len, w->id + 1, bd->nt));
    return;
  }
  if (w->id < bd->nt)
    expand_slice(bd, w, bd->lo + slice_at(len, w->id, bd->nt),
                 bd->lo + slice_at(len, w->id + 1, bd->nt));
  if (bd->nt > 1) pthread_barrier_wait(&bd->tm.bar);
  if (__atomic_load_n(&bd->failed, __ATOMIC_RELAXED)) return;
  for (p = w->id; p < NPART && w->id < bd->nt; p += bd->nt)
    if (!insert_part(bd, p)) {
      __atomic_store_n(&bd->failed, 1, __ATOMIC_RELAXED);
      return;
    }
}

static void *bworker_main(void *ud) {
  bworker *w = ud;
  team_serve(&w->bd->tm, run_phases, w);       /* a round: a chunk */
  return NULL;
}

/* expand positions [lo, hi) of the frontier of side bd->dir; 0 when a
** table or buffer could not grow */
static int run_chunk(bidir *bd, size_t lo, size_t hi) {
  int nt;
  bd->lo = lo;
  bd->hi = hi;
  /* small chunks on one thread: not worth the barriers (a probed state
  ** is a lot of work); the workers start with the first chunk that
  ** needs them */
  if (bd->probing)
    nt = hi - lo < (size_t)bd->nthreads ? (int)(hi - lo) : bd->nthreads;
  else
    nt = hi - lo < 512 ? 1 : bd->nthreads;
  if (nt > 1) {
    bd->nthreads = team_ready(&bd->tm);
    if (nt > bd->nthreads) nt = bd->nthreads;
  }
  bd->nt = nt;
  team_round(&bd->tm, run_phases, &bd->w[0], nt == 1);
  return !bd->failed;
}

static uint64_t side_states(const side *x) {
  uint64_t n = 0;
  int p;
  for (p = 0; p < NPART; p++) n += x->t[p].n;
  return n;
}

static uint64_t frontier_size(const side *x) {
  uint64_t n = 0;
  int p;
  for (p = 0; p < NPART; p++) n += x->cur[p].n;
  return n;
}

/* list the new frontier (the keys of val x->depth) in cur, in slot order:
** the old frontier goes first, so the other side can use its memory.  0
** when the budget has no room for it (the list is then incomplete, and
** only the other side can be probed) */
static int side_frontier(side *x) {
  uint8_t d = (uint8_t)x->depth;
  int p;
  for (p = 0; p < NPART; p++) vec_free(&x->cur[p]);
  for (p = 0; p < NPART; p++) {
    const keytab *t = &x->t[p];
    vec *v = &x->cur[p];
    size_t i, n = 0;
    for (i = 0; i < t->cap; i++)
      n += t->keys[i] != EMPTY && *slot_val(t, i) == d;
    if (!vec_reserve(v, n)) return 0;
    for (i = 0; i < t->cap; i++)
      if (t->keys[i] != EMPTY && *slot_val(t, i) == d)
        v->a[v->n++] = slot_key(t, i);
  }
  return 1;
}

static int side_put(side *x, uint64_t key) {
  uint64_t h = pn_mix64(key);
  int isnew;
  if (!tab_put_h(&x->t[part_of(key)], key, h, 0, &isnew)) return 0;
  return !isnew || vec_push(&x->cur[part_of(key)], key);
}

/* positions of the partitions' frontiers in the whole; its size */
static size_t set_offsets(side *x) {
  size_t total = 0;
  int p;
  for (p = 0; p < NPART; p++) {
    x->off[p] = total;
    total += x->cur[p].n;
  }
  x->off[NPART] = total;
  return total;
}

/* would the next layer of x outgrow the budget?  An estimate: the layer
** grows as the last one did, the tables by half at a load of 0.7, and
** the new frontier's list replaces the old */
static int layer_too_big(const bidir *bd, const side *x) {
  const budget *b = bd->b;
  double cur = (double)frontier_size(x), growth, add, need = 0;
  int p;
  if (cur < 65536 || !x->prev_layer) return 0;     /* small: just try */
  growth = cur / (double)x->prev_layer;
  add = cur * growth / NPART;
  for (p = 0; p < NPART; p++) {
    double cap = (double)x->t[p].cap, n = (double)x->t[p].n + add;
    while (10 * n > 7 * cap) cap += cap / 2;
    need += (cap - (double)x->t[p].cap) * (double)slot_bytes(&x->t[p]);
  }
  if (cur * growth > cur) need += (cur * growth - cur) * 8;
  return (double)b->used + need > (double)b->max;
}

/* levels 1..levels below the frontier of side bd->dir, without storing
** them.  1: a meeting point in *best; 0: none (b->stopped says why, and
** *lb is the lower bound proven) */
static int bidir_probe(bidir *bd, int levels, hit *best, int *lb) {
  side *x = &bd->s[bd->dir], *y = &bd->s[1 - bd->dir];
  budget *b = bd->b;
  size_t total = set_offsets(x), lo, step = PROBE_CHUNK;
  int k, t, found = 0;
  *lb = x->depth + y->depth + 1;
  bd->probing = 1;
  for (t = 0; t < bd->nthreads; t++) bd->w[t].made = bd->w[t].expanded = 0;
  for (k = 1; k <= levels && !found; k++) {
    if (x->depth + y->depth + k >= 250) break;
    bd->plevel = k;
    for (lo = 0; lo < total && !found; lo += step) {
      size_t hi = total - lo > step ? lo + step : total;
      for (t = 0; t < bd->nthreads; t++) bd->w[t].hit.len = -1;
      run_chunk(bd, lo, hi);
      /* a worker's halt means a limit the main thread sees as well */
      if (poll_limits(b)) goto out;
      for (t = 0; t < bd->nthreads; t++)
        if (bd->w[t].hit.len >= 0)
          hit_take(best, bd->w[t].hit.len, bd->w[t].hit.key,
                   bd->w[t].hit.from, bd->w[t].hit.mv, bd->w[t].hit.n);
      found = best->len >= 0;
    }
    if (!found) {
      *lb = x->depth + y->depth + k + 1;
      report(bd->g, bd->dir ? "probe<" : "probe>", *lb - 1,
             side_states(&bd->s[0]) + side_states(&bd->s[1]), 0, b);
    }
  }
out:
  for (t = 0; t < bd->nthreads; t++) {
    x->made += bd->w[t].made;
    x->expanded += bd->w[t].expanded;
  }
  bd->probing = 0;
  return found;
}

/* moves of the path through the probed meeting point h */
static int probe_path(bidir *bd, const hit *h, pn_keyresult *res) {
  const pn_keygame *g = bd->g;
  scratch *sc = &bd->w[0].sc;
  kview v0, v1;
  size_t n = 0, j;
  int ok, i;
  /* forward: start .. from, the probe's moves, key .. goal; backward:
  ** start .. key, the probe's moves reversed, from .. goal */
  uint64_t a = bd->dir ? h->key : h->from, z = bd->dir ? h->from : h->key;
  v0.t = bd->s[0].t; v0.np = NPART;
  v1.t = bd->s[1].t; v1.np = NPART;
  res->moves = malloc(((size_t)h->len + 1) * sizeof *res->moves);
  ok = res->moves && walk(g, &v0, a, 0, sc, res->moves, &n);
  for (j = 0; ok && j < n / 2; j++) {
    uint32_t m = res->moves[j];
    res->moves[j] = res->moves[n - 1 - j];
    res->moves[n - 1 - j] = m;
  }
  for (i = 0; ok && i < h->n; i++)
    res->moves[n++] = h->mv[bd->dir ? h->n - 1 - i : i];
  ok = ok && walk(g, &v1, z, 1, sc, res->moves, &n);
  res->nmoves = n;
  return ok && (int)n == h->len;
}

/* one layer of side dir; *found takes the meeting points.  0 when a limit
** stops it (b->stopped says which) */
static int bidir_layer(bidir *bd, meet *found) {
  side *x = &bd->s[bd->dir], *y = &bd->s[1 - bd->dir];
  budget *b = bd->b;
  size_t total = set_offsets(x), lo, chunk = total / LAYER_CHUNKS;
  int p, t;
  for (p = 0; p < NPART; p++) bd->m[p].best = -1;
  for (t = 0; t < bd->nthreads; t++) bd->w[t].made = bd->w[t].expanded = 0;
  if (chunk < MINCHUNK) chunk = MINCHUNK;
  if (chunk > MAXCHUNK) chunk = MAXCHUNK;
  for (lo = 0; lo < total; lo += chunk) {
    size_t hi = total - lo > chunk ? lo + chunk : total;
    if (!run_chunk(bd, lo, hi)) {
      if (!b->stopped) {
        b->stopped = PN_ENOMEM;
        snprintf(b->why, sizeof b->why, "out of memory");
      }
      return 0;
    }
    if (b->lim && b->lim->max_states
        && side_states(x) + side_states(y) >= b->lim->max_states) {
      b->stopped = PN_ENOMEM;
      snprintf(b->why, sizeof b->why, "state limit of %zu reached",
               b->lim->max_states);
      return 0;
    }
    if (poll_limits(b)) return 0;
    /* the layers so far did not meet, so every meeting point of this one
    ** has the same length, depth_x + 1 + depth_y: the first chunk that
    ** meets ends the search (the same chunk for any number of threads) */
    for (p = 0; p < NPART; p++)
      if (bd->m[p].best >= 0) meet_take(found, bd->m[p].best, bd->m[p].key);
    if (found->best >= 0) break;
  }
  for (t = 0; t < bd->nthreads; t++) {
    x->made += bd->w[t].made;
    x->expanded += bd->w[t].expanded;
  }
  return 1;
}

int pn_key_bidir(const pn_keygame *g, const uint64_t *starts, size_t nstart,
                 const uint64_t *goals, size_t ngoal, int threads,
                 const pn_limits *lim, pn_keyresult *res, pn_error *err) {
  budget b;
  bidir *bd;
  meet found = { -1, 0 };
  int k, p, t, started = 0, rc = PN_OK, lb = -1;
  int levels = lim ? lim->probe_levels : 0;
  size_t i, ms = (size_t)g->maxsucc + 1;
  memset(res, 0, sizeof *res);
  if (levels > MAXPROBE) levels = MAXPROBE;
  if (!g->pred)
    return pn_seterror(err, PN_EINVAL, "bidirectional search needs "
                       "predecessors");
  if (threads < 1) threads = 1;
  if (threads > MAXTHREADS) threads = MAXTHREADS;
  if (!(bd = calloc(1, sizeof *bd)))
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  budget_init(&b, lim);
  b.mt = 1;
  pthread_mutex_init(&b.lock, NULL);
  bd->g = g;
  bd->b = &b;
  bd->nthreads = threads;
  for (k = 0; k < 2; k++) {
    for (p = 0; p < NPART; p++) {
      bd->s[k].t[p].b = bd->s[k].cur[p].b = &b;
      bd->s[k].t[p].packed = packs(g);
    }
    bd->s[k].work = g->maxsucc / 2.0 + 1;
  }
  for (t = 0; t < threads; t++) {
    bd->w[t].bd = bd;
    bd->w[t].id = t;
    for (p = 0; p < NPART; p++) bd->w[t].buf[p].b = &b;
    bd->w[t].pout = malloc(ms * MAXPROBE * sizeof *bd->w[t].pout);
    bd->w[t].ph = malloc(ms * MAXPROBE * sizeof *bd->w[t].ph);
    bd->w[t].pmv = malloc(ms * MAXPROBE * sizeof *bd->w[t].pmv);
    if (!scratch_init(&bd->w[t].sc, g) || !bd->w[t].pout || !bd->w[t].ph
        || !bd->w[t].pmv) {
      rc = pn_seterror(err, PN_ENOMEM, "out of memory");
      goto done;
    }
  }
  /* the workers start with the first chunk that needs them; if one
  ** cannot start, the search runs on one thread */
  team_start(&bd->tm, threads, bworker_main, bd->w, sizeof bd->w[0]);
  started = 1;
  for (i = 0; i < nstart; i++)
    if (!side_put(&bd->s[0], starts[i])) goto stopped;
  for (i = 0; i < ngoal; i++)
    if (!side_put(&bd->s[1], goals[i])) goto stopped;
  for (i = 0; i < nstart; i++)
    if (view_get(&(kview){ bd->s[1].t, NPART }, starts[i]) == 0)
      meet_take(&found, 0, starts[i]);
  while (found.best < 0) {
    side *x;
    uint64_t n0 = 0, n1 = 0;
    for (p = 0; p < NPART; p++) {
      n0 += bd->s[0].cur[p].n;
      n1 += bd->s[1].cur[p].n;
    }
    if (n0 == 0 || n1 == 0) break;                      /* exhausted */
    bd->dir = n0 * bd->s[0].work <= n1 * bd->s[1].work ? 0 : 1;
    x = &bd->s[bd->dir];
    if (x->depth + 1 >= 250) {
      b.stopped = PN_ELIMIT;
      snprintf(b.why, sizeof b.why, "more than 250 layers");
      goto stopped;
    }
    /* when the memory is full (or would be), the rest is probed */
    if (levels > 0 && layer_too_big(bd, x)) {
      b.stopped = PN_ENOMEM;
      snprintf(b.why, sizeof b.why, "memory budget of %.3g MB too small "
               "for the next layer", b.max / 1e6);
      goto probe;
    }
    if (!bidir_layer(bd, &found)) {
      if (b.stopped == PN_ENOMEM && levels > 0) goto probe;
      goto stopped;
    }
    x->depth++;
    if (found.best >= 0) break;           /* a partial layer: no frontier */
    x->work = x->expanded ? (double)x->made / (double)x->expanded : x->work;
    {
      uint64_t layer;
      x->prev_layer = frontier_size(x);
      if (!side_frontier(x)) {
        /* x's layer is complete: probe below the other side's frontier */
        if (b.stopped == PN_ENOMEM && levels > 0) {
          bd->dir = 1 - bd->dir;
          goto probe;
        }
        goto stopped;
      }
      layer = frontier_size(x);
      report(g, bd->dir ? "bidir<" : "bidir>",
             bd->s[0].depth + bd->s[1].depth,
             side_states(&bd->s[0]) + side_states(&bd->s[1]), layer, &b);
    }
  }
  if (found.best >= 0) {
    size_t n = 0, j;
    kview v0, v1;
    scratch *sc = &bd->w[0].sc;          /* the threads are idle now */
    int ok;
    v0.t = bd->s[0].t; v0.np = NPART;
    v1.t = bd->s[1].t; v1.np = NPART;
    res->found = 1;
    res->moves = malloc(((size_t)found.best + 1) * sizeof *res->moves);
    /* the start side walks back from the meeting point (reversed), the
    ** goal side walks on from it */
    ok = res->moves && walk(g, &v0, found.key, 0, sc, res->moves, &n);
    for (j = 0; ok && j < n / 2; j++) {
      uint32_t m = res->moves[j];
      res->moves[j] = res->moves[n - 1 - j];
      res->moves[n - 1 - j] = m;
    }
    ok = ok && walk(g, &v1, found.key, 1, sc, res->moves, &n);
    res->nmoves = n;
    if (!ok || (int)n != found.best)
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: bidirectional path "
                       "reconstruction failed");
  } else {
    res->found = 0;
  }
  goto done;
probe:
  {
    hit h;
    int code = b.stopped;
    char why[sizeof b.why];
    snprintf(why, sizeof why, "%s", b.why);
    h.len = -1;
    b.stopped = 0;
    if (bidir_probe(bd, levels, &h, &lb)) {
      res->found = 1;
      res->probed = bd->plevel;
      if (!probe_path(bd, &h, res))
        rc = pn_seterror(err, PN_EINTERNAL, "penny bug: path reconstruction "
                         "through a probed meeting point failed");
      goto done;
    }
    res->probed = lb - (bd->s[0].depth + bd->s[1].depth + 1);
    if (b.stopped) {                    /* a time limit or Ctrl-C */
      char then[sizeof b.why];
      snprintf(then, sizeof then, "%s", b.why);
      snprintf(b.why, sizeof b.why, "%.70s, then %.70s", why, then);
    } else {
      snprintf(b.why, sizeof b.why, "%.100s; %d more levels searched "
               "without storing", why, res->probed);
      b.stopped = code;
    }
  }
stopped:
  res->stopped = b.stopped;
  snprintf(res->why, sizeof res->why, "%s", b.why);
  /* no path of length <= depth_f + depth_b, else they would have met (or
  ** the probes found no meeting point below lb) */
  res->lower_bound = lb >= 0 ? lb : bd->s[0].depth + bd->s[1].depth + 1;
done:
  res->states = side_states(&bd->s[0]) + side_states(&bd->s[1]);
  res->expanded = bd->s[0].expanded + bd->s[1].expanded;
  res->memory = b.peak;
  if (started) team_stop(&bd->tm);
  for (k = 0; k < 2; k++)
    for (p = 0; p < NPART; p++) {
      tab_free(&bd->s[k].t[p]);
      vec_free(&bd->s[k].cur[p]);
    }
  for (t = 0; t < threads; t++) {
    free(bd->w[t].pout); free(bd->w[t].ph); free(bd->w[t].pmv);
    for (p = 0; p < NPART; p++) vec_free(&bd->w[t].buf[p]);
    if (bd->w[t].sc.out || bd->w[t].sc.mv) scratch_free(&bd->w[t].sc);
  }
  pthread_mutex_destroy(&b.lock);
  free(bd);
  return rc;
}

/* }==================================================================== */


/* {====================================================================
** Forward breadth-first search to a goal predicate
** ===================================================================== */

int pn_key_bfs(const pn_keygame *g, uint64_t start, const pn_limits *lim,
               pn_keyresult *res, pn_error *err) {
  budget b;
  keytab t;
  vec cur, next;
  scratch sc;
  int depth = 0, rc = PN_OK, isnew;
  uint64_t goal = 0;
  int found = 0;
  memset(res, 0, sizeof *res);
  budget_init(&b, lim);
  memset(&t, 0, sizeof t); memset(&cur, 0, sizeof cur);
  memset(&next, 0, sizeof next);
  t.b = cur.b = next.b = &b;
  t.packed = packs(g);
  if (!g->pred || !scratch_init(&sc, g)) {
    if (g->pred) scratch_free(&sc);
    return pn_seterror(err, PN_EINVAL, "the search needs predecessors");
  }
  if (!tab_put(&t, start, 0, &isnew) || !vec_push(&cur, start)) goto stopped;
  if (g->is_goal(g->ud, start)) { found = 1; goal = start; }
  while (!found && cur.n > 0) {
    size_t i;
    next.n = 0;
    for (i = 0; i < cur.n && !found; i++) {
      int nk = g->succ(g->ud, cur.a[i], sc.out, sc.mv), j;
      res->expanded++;
      for (j = 0; j < nk; j++) {
        if (!tab_put(&t, sc.out[j], (uint8_t)(depth + 1), &isnew))
          goto stopped;
        if (!isnew) continue;
        if (g->is_goal(g->ud, sc.out[j])) { found = 1; goal = sc.out[j]; break; }
        if (!vec_push(&next, sc.out[j])) goto stopped;
      }
      if ((res->expanded & (POLL - 1)) == 0 && poll_limits(&b)) goto stopped;
    }
    if (found) break;
    report(g, "bfs", depth + 1, t.n, next.n, &b);
    if (++depth >= 250) {
      b.stopped = PN_ELIMIT;
      snprintf(b.why, sizeof b.why, "more than 250 layers");
      depth--;
      goto stopped;
    }
    { vec x = cur; cur = next; next = x; }
  }
  res->found = found;
  res->states = t.n;
  res->memory = b.peak;
  if (found && !path_to(g, &t, 1, goal, &sc, res))
    rc = pn_seterror(err, PN_EINTERNAL, "penny bug: path reconstruction "
                     "failed");
  goto done;
stopped:
  res->stopped = b.stopped;
  snprintf(res->why, sizeof res->why, "%s", b.why);
  res->states = t.n;
  res->memory = b.peak;
  res->lower_bound = depth + 1;
done:
  tab_free(&t); vec_free(&cur); vec_free(&next);
  scratch_free(&sc);
  return rc;
}

/* }==================================================================== */


/* {====================================================================
** A*, on every core
**
** Buckets by f = g + h, each split by g; the lowest is taken a batch of
** ABATCH entries at a time, from its largest g down (ties between equal
** f go to the state nearest the goal by h: the last bucket ends sooner),
** the last pushed first within one g, in two phases:
**   1. the threads take pieces of PIECE entries of the batch.  Each
**      entry is checked against the table (a state closed since, or
**      reached more cheaply, is stale), and the successors of the others
**      that the table does not hold as cheaply are listed with their f.
**      The heuristic, the costly part, is computed here.
**   2. one thread walks the lists in batch order: it checks each entry
**      against the table again, closes its state, inserts its successors
**      and pushes them on their buckets.
** Each batch is popped before the batch before it goes through phase 2,
** so that phase 2 of one runs beside phase 1 of the next on the other
** threads (on one thread, one after the other: the same batches).  Phase
** 1 only reads the table, which phase 2 may be writing: a slot is one
** word, read and written whole (relaxed atomics), and no table grows
** meanwhile (room_for).  What phase 1 reads of the table only saves work:
** the table is monotone (costs only fall, closed stays closed), so a
** successor it drops would be dropped by phase 2 too, and phase 2 decides
** everything else from the table as it is then (stale entries; under
** partial expansion, next_bound).  So the search is the same for any
** number of threads.  With a consistent heuristic, every state of the
** lowest bucket has its least cost, so expanding a batch of them before
** the successors of the first are inserted changes nothing a serial A*
** would prove.
**
** A bucket entry is key << 7 | g when keys fit 56 bits (a stale entry is
** one whose g is not the table's), else the key alone (then stale when
** g + h is not the bucket's f).
**
** Move pruning (pn_keygame.succ_after), when the game offers it and its
** tags fit an entry beside the key and g (key << (7 + tb) | tag << 7 |
** g): the entry keeps the move that set the table's g, and its expansion
** leaves out the moves that commute with that move and come before it.
** This is safe with duplicate detection.  Claim: once bucket F is done,
** every state t with d(t) + h(t) <= F is generated at cost d(t) (d: the
** distance from the start).  By induction on d(t) = k: t = m(s) for some
** s at distance k - 1 with d(s) + h(s) <= F (h is consistent), expanded
** at cost k - 1 by the hypothesis, so the parent p of its tag L is at
** distance k - 2 (closed, its cost least).  m was not left out for t
** being p or one move from p: those are at distance k - 1 at most.  If m
** was left out for commuting with L, m < L, then u = m(p) is at distance
** k - 1, d(u) + h(u) <= F, so u was expanded too, and t = L(u): the same
** question for the pair (u, L), whose move is larger.  Moves are finite,
** so some pair generates t.  Successors dropped as dead (h infinite)
** have no goal below them.
**
** Once the search holds 3/4 of its memory budget beyond its buffers (or
** throughout, or never: pn_limits.partial), expansion is partial (Yoshizumi, Miura and
** Ishida's PEA*): a state expanded in bucket f stores only its
** successors of bound f, and goes to a second stack of bucket f', the
** least bound above f among the others, to be expanded again for those
** of bound f' when the search gets there.  A successor whose bound is
** above the optimal length is never stored: these are most of what a
** plain A* stores while it works through its last bucket.  The re-
** expansions cost time, hence full expansion while memory allows.  A
** bucket's own entries are taken before its re-expansions.  The switch
** depends on the tables and buckets only, the same on any number of
** threads.
** ===================================================================== */

/* the table byte: cost so far (0..126), 0x80 set once expanded */
#define CLOSED 0x80
#define MAXG 126
#define NBUCKET (MAXG * 2 + 2)
#define ABATCH 1024                /* bucket entries per batch */
#define PIECE 128                  /* entries per piece of phase 1 */
#define NPIECE (ABATCH / PIECE)
#define APAR 128                   /* smaller batches on one thread */
#define CLOSEAHEAD 8               /* entries fetched ahead in phase 2 */
/* a listed successor: key (ck), tag (ct) and bound (cf); one left out by
** partial expansion: key (lk) and bound (lf) */
#define LISTED_BYTES (sizeof(uint64_t) + sizeof(uint32_t) + 1)
#define LEFT_BYTES (sizeof(uint64_t) + 1)

enum { A_STALE, A_GOAL, A_EXPAND };

typedef struct astar astar;

typedef struct aworker {
  astar *a;
  scratch sc;
} aworker;

/* what phase 1 lists for one piece of a batch, entry after entry */
typedef struct apiece {
  uint64_t *ck;                     /* successors listed: keys */
  uint8_t *cf;                      /*   their bounds */
  uint32_t *ct;                     /*   and their tags (pruning) */
  size_t nc;                        /* how many */
  uint64_t *lk;                     /* partial: successors left out */
  uint8_t *lf;                      /*   their bounds */
} apiece;

/* a batch: its entries, and what phase 1 found for each */
typedef struct abatch {
  uint64_t *e;                      /* entries, in pop order (copied:
                                    ** phase 2 pushes on the bucket):
                                    ** packed, key << (7 + tb) | tag << 7 |
                                    ** cost; else the key */
  size_t nb;
  int f;                            /* the bucket */
  int re;                           /* re-expansions */
  int partial;                      /* expanded partially */
  int npiece;
  int taken;                        /* pieces taken (atomic) */
  uint8_t *status;                  /* per entry */
  uint8_t *gx;                      /* its cost */
  uint32_t *nchild;                 /* successors listed */
  uint32_t *nleft;                  /* successors left out (partial) */
  uint64_t *lkey;                   /* the left out one of least bound */
  uint8_t *lbound;                  /*   and that bound (0: none) */
  apiece piece[NPIECE];
} abatch;

struct astar {
  const pn_keygame *g;
  keytab t[NPART];                  /* by the top bits of the key's hash: a
                                    ** table grows a sixteenth at a time */
  int packed;
  int tb;                           /* tag bits in an entry (0: no pruning) */
  int partial;                      /* partial expansion (PEA*) */
  abatch ab[2];                     /* in phase 2 and in phase 1, in turn */
  abatch *p1;                       /* the batch of the workers' phase 1 */
  aworker w[MAXTHREADS];
  team tm;
};

static uint64_t entry_key(const astar *a, uint64_t e) {
  return a->packed ? e >> (7 + a->tb) : e;
}

static int entry_cost(uint64_t e) { return (int)(e & 0x7f); }

/* the tag bits (none without pruning: then tags are move codes, dropped) */
static uint32_t tag_mask(const astar *a) {
  return ((uint32_t)1 << a->tb) - 1;
}

static uint32_t entry_tag(const astar *a, uint64_t e) {
  return (uint32_t)(e >> 7) & tag_mask(a);
}

static uint64_t entry_of(const astar *a, uint64_t key, uint32_t tag,
                         int cost) {
  if (!a->packed) return key;
  return key << (7 + a->tb) | (uint64_t)(tag & tag_mask(a)) << 7
         | (uint64_t)cost;
}

static uint8_t astar_get(const astar *a, uint64_t key) {
  uint64_t h = pn_mix64(key);
  return tab_get_h(&a->t[part_of(key)], key, h);
}

PREFETCHER void astar_prefetch(const astar *a, uint64_t key) {
  uint64_t h = pn_mix64(key);
  tab_prefetch(&a->t[part_of(key)], h);
}

static uint8_t *astar_put(astar *a, uint64_t key, uint8_t val, int *isnew) {
  uint64_t h = pn_mix64(key);
  return tab_put_h(&a->t[part_of(key)], key, h, val, isnew);
}

/* the value byte of key's slot, NULL when the table does not hold it
** (phase 2: the one thread that writes) */
static uint8_t *astar_slot(astar *a, uint64_t key) {
  keytab *t = &a->t[part_of(key)];
  size_t j;
  if (!t->cap) return NULL;
  j = tab_find(t, key, pn_mix64(key), NULL);
  return t->keys[j] != EMPTY ? slot_val(t, j) : NULL;
}

/* whether the table holds key at cost gx or less, or expanded */
static int astar_holds(const astar *a, uint64_t key, int gx) {
  uint8_t v = astar_get(a, key);
  return v != NOVAL && ((v & CLOSED) || v <= gx);
}

static uint64_t astar_states(const astar *a) {
  uint64_t n = 0;
  int p;
  for (p = 0; p < NPART; p++) n += a->t[p].n;
  return n;
}

/* 0 if h(key) <= bound, else a lower bound on h(key) above bound */
static int h_above(const pn_keygame *g, uint64_t key, int bound) {
  int h;
  if (g->h_above) return g->h_above(g->ud, key, bound);
  h = g->h(g->ud, key);
  return h > bound ? h : 0;
}

/* phase 1 on piece k of batch B */
static void astar_piece(astar *a, aworker *w, abatch *B, int k) {
  const pn_keygame *g = a->g;
  apiece *pc = &B->piece[k];
  size_t lo = (size_t)k * PIECE, hi = lo + PIECE < B->nb ? lo + PIECE
                                                          : B->nb, i;
  size_t nc = 0, nl = 0;
  /* the entries' own slots are looked up first (not re-expansions of
  ** packed entries: their cost comes with them) */
  int look = !B->re || !a->packed;
  for (i = lo; look && i < hi && i < lo + CLOSEAHEAD; i++)
    astar_prefetch(a, entry_key(a, B->e[i]));
  for (i = lo; i < hi; i++) {
    uint64_t e = B->e[i], key = entry_key(a, e);
    uint8_t v;
    int gx, nk, j, m;
    size_t firstc = nc, firstl = nl;
    if (look && i + CLOSEAHEAD < hi)
      astar_prefetch(a, entry_key(a, B->e[i + CLOSEAHEAD]));
    B->nchild[i] = 0;
    B->nleft[i] = 0;
    B->lbound[i] = 0;
    B->gx[i] = 0;
    if (B->re) {            /* closed, its cost final, not the goal */
      gx = a->packed ? entry_cost(e) : astar_get(a, key) & ~CLOSED;
    } else {
      v = astar_get(a, key);
      gx = v & ~CLOSED;
      if (v == NOVAL || (v & CLOSED)
          || (a->packed ? gx != entry_cost(e)
                        : gx + g->h(g->ud, key) != B->f)) {
        B->status[i] = A_STALE;
        continue;
      }
      if (g->is_goal(g->ud, key)) { B->status[i] = A_GOAL; continue; }
    }
    B->gx[i] = (uint8_t)gx;
    B->status[i] = A_EXPAND;
    if (gx + 1 > MAXG) continue;
    nk = a->tb ? g->succ_after(g->ud, key, entry_tag(a, e), w->sc.out,
                               w->sc.mv)
               : g->succ(g->ud, key, w->sc.out, w->sc.mv);
    /* the successors the table does not hold as cheaply, kept in out[]
    ** (a re-expansion's successors of bound below f are in the table at
    ** gx + 1 or less) */
    for (j = 0; j < nk && j < AHEAD; j++) astar_prefetch(a, w->sc.out[j]);
    for (j = 0, m = 0; j < nk; j++) {
      uint64_t c = w->sc.out[j];
      if (j + AHEAD < nk) astar_prefetch(a, w->sc.out[j + AHEAD]);
      if (!astar_holds(a, c, gx + 1)) {
        w->sc.mv[m] = w->sc.mv[j];
        w->sc.out[m++] = c;
      }
    }
    /* their bounds, fetching the heuristic's memory a state ahead: all
    ** listed, or (partial) those of bound f listed and the others noted
    ** with a lower bound on theirs */
    if (g->h_hint && m > 0) g->h_hint(g->ud, w->sc.out[0]);
    for (j = 0; j < m; j++) {
      uint64_t c = w->sc.out[j];
      int fc;
      if (g->h_hint && j + 1 < m) g->h_hint(g->ud, w->sc.out[j + 1]);
      if (B->partial) {
        int lb = h_above(g, c, B->f - gx - 1);
        if (lb > 0) {
          if (gx + 1 + lb < NBUCKET) {
            if (B->lbound[i] == 0 || gx + 1 + lb < B->lbound[i]) {
              B->lbound[i] = (uint8_t)(gx + 1 + lb);
              B->lkey[i] = c;
            }
            pc->lk[nl] = c;
            pc->lf[nl++] = (uint8_t)(gx + 1 + lb);
          }
          continue;
        }
        fc = B->f;
      } else {
        fc = gx + 1 + g->h(g->ud, c);
        if (fc < B->f) fc = B->f;    /* cannot happen with a consistent h */
        if (fc > NBUCKET - 1) continue;
      }
      pc->ck[nc] = c;
      pc->ct[nc] = w->sc.mv[j];
      pc->cf[nc++] = (uint8_t)fc;
    }
    B->nchild[i] = (uint32_t)(nc - firstc);
    B->nleft[i] = (uint32_t)(nl - firstl);
  }
  pc->nc = nc;
}

/* phase 1: the pieces of B not yet taken */
static void astar_take(astar *a, aworker *w, abatch *B) {
  int k;
  while ((k = __atomic_fetch_add(&B->taken, 1, __ATOMIC_RELAXED))
         < B->npiece) {
    astar_piece(a, w, B, k);
  }
}

static void astar_phase1(void *ud) {
  aworker *w = ud;
  astar_take(w->a, w, w->a->p1);
}

static void *aworker_main(void *ud) {
  aworker *w = ud;
  team_serve(&w->a->tm, astar_phase1, w);      /* a round: a batch */
  return NULL;
}

/* entries in bucket f: open by cost, and re-expansions */
static size_t bucket_size(const vec *open, const vec *again) {
  size_t n = again->n;
  int g;
  for (g = 0; g <= MAXG; g++) n += open[g].n;
  return n;
}

/* the buckets: open[f][g], entries of bound f and cost g; again[f],
** states to expand again for their successors of bound f */
typedef struct abuckets {
  vec (*open)[MAXG + 1];
  vec again[NBUCKET];
  int top[NBUCKET];                 /* open[f][g] is empty above g */
} abuckets;

/* phase 2 walks the pieces' lists in order: fetch the slot of the next
** successor of a cursor (piece *pk, successor *pj) running ahead */
static void ahead_next(const astar *a, const abatch *B, int *pk,
                       size_t *pj) {
  while (*pk < B->npiece && *pj >= B->piece[*pk].nc) { (*pk)++; *pj = 0; }
  if (*pk < B->npiece) astar_prefetch(a, B->piece[*pk].ck[(*pj)++]);
}

/* partial: the least bound above B's of the successors of entry i that
** phase 1 left out (their lk[0..n), lf[0..n)) and that the table does
** not hold at cost gx + 1 or less: the next bucket of the entry, or 0.
** Read now rather than by phase 1, which may have seen the table while
** an earlier batch was inserted; the least one is the answer but for
** rare cases */
static int next_bound(const astar *a, const abatch *B, size_t i,
                      const uint64_t *lk, const uint8_t *lf, uint32_t n) {
  int gx = B->gx[i], best = 0;
  uint32_t j;
  if (!B->lbound[i]) return 0;
  if (!astar_holds(a, B->lkey[i], gx + 1)) return B->lbound[i];
  for (j = 0; j < n; j++)
    if ((best == 0 || lf[j] < best) && !astar_holds(a, lk[j], gx + 1))
      best = lf[j];
  return best;
}

/* phase 2 of batch B: close its states, insert the successors listed,
** push them on their buckets; 0 when a limit stops it.  Another batch may
** be in phase 1 meanwhile: then no table may grow (the caller checks). */
static int astar_phase2(astar *a, abatch *B, abuckets *bk,
                        pn_keyresult *res, int *found, uint64_t *goal) {
  size_t i, pj = 0, cat = 0, lat = 0;
  int pk = 0;
  for (i = 0; i < AHEAD; i++) ahead_next(a, B, &pk, &pj);
  for (i = 0; i < B->nb && i < CLOSEAHEAD; i++)
    astar_prefetch(a, entry_key(a, B->e[i]));
  for (i = 0; i < B->nb; i++) {
    const apiece *pc = &B->piece[i / PIECE];
    uint64_t key = entry_key(a, B->e[i]);
    uint32_t tag = entry_tag(a, B->e[i]), j;
    int gx = B->gx[i], nf, fc, isnew;
    if (i % PIECE == 0) cat = lat = 0;
    if (i + CLOSEAHEAD < B->nb) {
      astar_prefetch(a, entry_key(a, B->e[i + CLOSEAHEAD]));
      if (B->lbound[i + CLOSEAHEAD])
        astar_prefetch(a, B->lkey[i + CLOSEAHEAD]);
    }
    if (B->status[i] == A_STALE) goto next;
    if (!B->re) {
      /* stale since phase 1 read its slot (phase 1 may read while the
      ** batch before is inserted: the table decides now) */
      uint8_t *v = astar_slot(a, key);
      if (!v || (*v & CLOSED)
          || (a->packed && (*v & ~CLOSED) != entry_cost(B->e[i])))
        goto next;
      if (B->status[i] == A_GOAL) { *found = 1; *goal = key; return 1; }
      val_set(v, *v | CLOSED);
      res->expanded++;
    }
    nf = B->partial ? next_bound(a, B, i, pc->lk + lat, pc->lf + lat,
                                 B->nleft[i])
                    : 0;
    if (nf && !vec_push(&bk->again[nf], entry_of(a, key, tag, gx)))
      return 0;
    for (j = 0; j < B->nchild[i]; j++) {
      uint64_t c = pc->ck[cat + j];
      uint8_t *cv;
      ahead_next(a, B, &pk, &pj);
      if (!(cv = astar_put(a, c, (uint8_t)(gx + 1), &isnew))) return 0;
      if (!isnew) {
        if ((*cv & CLOSED) || *cv <= gx + 1) continue;
        val_set(cv, (uint8_t)(gx + 1));
      }
      fc = pc->cf[cat + j];
      if (!vec_push(&bk->open[fc][gx + 1],
                    entry_of(a, c, pc->ct[cat + j], gx + 1)))
        return 0;
      if (bk->top[fc] < gx + 1) bk->top[fc] = gx + 1;
    }
  next:
    cat += B->nchild[i];
    lat += B->nleft[i];
  }
  return 1;
}

/* whether B's phase 2 may run beside another batch's phase 1: no table
** may grow while it does (B lists at most that many new states) */
static int room_for(const astar *a, const abatch *B) {
  size_t n = 0;
  int p;
  for (p = 0; p < B->npiece; p++) n += B->piece[p].nc;
  for (p = 0; p < NPART; p++)
    if (a->t[p].n + n >= a->t[p].full) return 0;
  return 1;
}

static int abatch_init(abatch *B, size_t per) {
  int k;
  memset(B, 0, sizeof *B);
  B->e = malloc(ABATCH * sizeof *B->e);
  B->status = malloc(ABATCH);
  B->gx = malloc(ABATCH);
  B->lbound = malloc(ABATCH);
  B->nchild = malloc(ABATCH * sizeof *B->nchild);
  B->nleft = malloc(ABATCH * sizeof *B->nleft);
  B->lkey = malloc(ABATCH * sizeof *B->lkey);
  if (!B->e || !B->status || !B->gx || !B->lbound || !B->nchild
      || !B->nleft || !B->lkey)
    return 0;
  for (k = 0; k < NPIECE; k++) {
    apiece *pc = &B->piece[k];
    if (!(pc->ck = malloc(per * sizeof *pc->ck))
        || !(pc->ct = malloc(per * sizeof *pc->ct))
        || !(pc->cf = malloc(per))
        || !(pc->lk = malloc(per * sizeof *pc->lk))
        || !(pc->lf = malloc(per)))
      return 0;
  }
  return 1;
}

static void abatch_free(abatch *B) {
  int k;
  for (k = 0; k < NPIECE; k++) {
    apiece *pc = &B->piece[k];
    free(pc->ck); free(pc->ct); free(pc->cf); free(pc->lk); free(pc->lf);
  }
  free(B->e); free(B->status); free(B->gx); free(B->lbound);
  free(B->nchild); free(B->nleft); free(B->lkey);
}

/* the next batch of bucket f into B (none when the bucket is empty) */
static void astar_pop(astar *a, abuckets *bk, int f, abatch *B) {
  vec *q;
  size_t i;
  while (bk->top[f] > 0 && bk->open[f][bk->top[f]].n == 0) bk->top[f]--;
  q = bk->open[f][bk->top[f]].n > 0 ? &bk->open[f][bk->top[f]]
                                    : &bk->again[f];
  B->nb = q->n < ABATCH ? q->n : ABATCH;
  for (i = 0; i < B->nb; i++) B->e[i] = q->a[--q->n];
  B->f = f;
  B->re = q == &bk->again[f];
  B->partial = a->partial;
  B->npiece = (int)((B->nb + PIECE - 1) / PIECE);
  B->taken = 0;
  vec_trim(q);
}

int pn_key_astar(const pn_keygame *g, uint64_t start, int threads,
                 const pn_limits *lim, pn_keyresult *res, pn_error *err) {
  budget b;
  astar *a;
  abuckets *bk;
  abatch *B2, *B1;
  int f, rc = PN_OK, isnew, found = 0, h0, fmin = 0, t, started = 0;
  int ok = 1;
  uint64_t goal = 0;
  size_t per, bufbytes, fixed;
  memset(res, 0, sizeof *res);
  if (!g->pred || !g->h)
    return pn_seterror(err, PN_EINVAL, "A* needs predecessors and a "
                       "heuristic");
  if (threads < 1) threads = 1;
  if (threads > MAXTHREADS) threads = MAXTHREADS;
  budget_init(&b, lim);
  a = calloc(1, sizeof *a);
  bk = calloc(1, sizeof *bk);
  if (!a || !bk) {
    free(a);
    free(bk);
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  }
  for (f = 0; f < NBUCKET; f++) bk->again[f].b = &b;
  a->g = g;
  a->packed = packs(g);
  a->partial = lim && lim->partial > 0;
  /* pruning when the entries hold the tags beside key and cost */
  if (g->succ_after && g->tagbits > 0 && a->packed && !(lim && lim->prune < 0)
      && g->keybits + g->tagbits + 7 <= 64)
    a->tb = g->tagbits;
  for (t = 0; t < NPART; t++) {
    a->t[t].b = &b;
    a->t[t].packed = a->packed;
  }
  /* the lists of a piece hold its entries' successors at most */
  per = (size_t)PIECE * (size_t)(g->maxsucc + 1);
  bufbytes = 2 * NPIECE * per * (LISTED_BYTES + LEFT_BYTES);
  for (t = 0; t < threads; t++) {
    aworker *w = &a->w[t];
    w->a = a;
    if (!scratch_init(&w->sc, g)) break;
  }
  if ((bk->open = calloc(NBUCKET, sizeof *bk->open)) != NULL)
    for (f = 0; f < NBUCKET; f++)
      for (t = 0; t <= MAXG; t++) bk->open[f][t].b = &b;
  if (!bk->open || t < threads || !abatch_init(&a->ab[0], per)
      || !abatch_init(&a->ab[1], per)) {
    rc = pn_seterror(err, PN_ENOMEM, "out of memory for A*'s buffers");
    goto cleanup;
  }
  h0 = g->h(g->ud, start);
  if (h0 > MAXG) h0 = MAXG;
  fmin = h0;
  if (!take(&b, bufbytes)) {  /* a limit */
    snprintf(b.why, sizeof b.why, "memory budget of %.2f MB is below the "
             "%.2f MB of A*'s buffers", b.max / 1e6, (double)bufbytes / 1e6);
    goto stopped;
  }
  fixed = b.used;
  /* the workers start with the first batch that needs them; if one
  ** cannot start, the search runs on one thread */
  team_start(&a->tm, threads, aworker_main, a->w, sizeof a->w[0]);
  started = 1;
  if (!astar_put(a, start, 0, &isnew)
      || !vec_push(&bk->open[h0][0], entry_of(a, start, 0, 0)))
    goto stopped;
  if (a->partial) { res->partial = 1; res->partial_from = h0; }
  for (f = h0; f < NBUCKET && !found; f++) {
    fmin = f;
    if (f > h0)
      report(g, "astar", f, astar_states(a),
             bucket_size(bk->open[f], &bk->again[f]), &b);
    /* bucket f grows while it is processed; its entries are taken from
    ** the largest cost down (the nearest the goal by the bound: in the
    ** last bucket, the goal comes sooner), then its re-expansions.  Each
    ** batch is popped before the one before it is inserted (phase 2),
    ** so that its phase 1 can run on the other threads meanwhile */
    B2 = NULL;
    for (;;) {
      int par, beside;
      if (!a->partial && !(lim && lim->partial < 0)
          && b.used - fixed > (b.max - fixed) / 4 * 3) {
        a->partial = 1;                  /* the rest lean, at a cost */
        res->partial = 1;
        res->partial_from = f;
      }
      B1 = B2 == &a->ab[0] ? &a->ab[1] : &a->ab[0];
      astar_pop(a, bk, f, B1);
      if (B1->nb == 0 && !B2) break;
      par = B1->nb >= APAR && team_ready(&a->tm) > 1;
      /* B2's inserts beside B1's phase 1 when its packed table slots can
      ** be read as they are written and no table will grow */
      beside = par && B2 && a->packed && room_for(a, B2);
      a->p1 = B1;
      if (B2 && !beside) ok = astar_phase2(a, B2, bk, res, &found, &goal);
      if (ok && !found && B1->nb) {
        if (par) team_begin(&a->tm);
        if (beside) ok = astar_phase2(a, B2, bk, res, &found, &goal);
        astar_take(a, &a->w[0], B1);
        if (par) team_end(&a->tm);
      }
      if (!ok) goto stopped;
      if (found) break;
      B2 = B1->nb ? B1 : NULL;
      if (poll_limits(&b)) goto stopped;
    }
    if (!found) {                        /* done: its room goes back */
      for (t = 0; t <= MAXG; t++) vec_free(&bk->open[f][t]);
      vec_free(&bk->again[f]);
    }
  }
  res->found = found;
  res->states = astar_states(a);
  res->memory = b.peak;
  if (found) {
    /* the depths in the table are costs: strip the closed flags first */
    size_t i;
    for (t = 0; t < NPART; t++)
      for (i = 0; i < a->t[t].cap; i++)
        *slot_val(&a->t[t], i) &= (uint8_t)~CLOSED;
    if (!path_to(g, a->t, NPART, goal, &a->w[0].sc, res))
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: A* path "
                       "reconstruction failed");
  }
  goto cleanup;
stopped:
  res->stopped = b.stopped;
  snprintf(res->why, sizeof res->why, "%s", b.why);
  res->states = astar_states(a);
  res->memory = b.peak;
  res->lower_bound = fmin;    /* every f below was exhausted */
cleanup:
  if (started) team_stop(&a->tm);
  for (t = 0; t < NPART; t++) tab_free(&a->t[t]);
  for (f = 0; f < NBUCKET; f++) {
    if (bk->open)
      for (t = 0; t <= MAXG; t++) vec_free(&bk->open[f][t]);
    vec_free(&bk->again[f]);
  }
  for (t = 0; t < MAXTHREADS; t++)
    if (a->w[t].sc.out || a->w[t].sc.mv) scratch_free(&a->w[t].sc);
  abatch_free(&a->ab[0]);
  abatch_free(&a->ab[1]);
  free(bk->open);
  free(bk);
  free(a);
  return rc;
}

/* }==================================================================== */
