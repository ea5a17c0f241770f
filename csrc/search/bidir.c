/*
** bidir.c -- the bidirectional breadth-first search over keys, on every
** core (pn_key_bidir, keygame.h).
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keytab.h"
#include "team.h"

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
**
** Move pruning (pn_keygame.succ_after, and pred_after backward): a
** collected layer keeps each new key's tag beside it (the move of the
** first insert), and its expansion leaves out the moves whose state p
** or p's neighbours hold, or two other moves from p reach, the second
** larger (the same move after another, or coins to each other's cells).
** The layers stay whole: a state t of layer k + 1 is m(s), s in layer k
** with tag L from p in layer k - 1; m is not left out for reaching p or
** its neighbours (of layer k at most); if it is for moves m1 then m2 > m
** from p, u = m1(p) is in layer k (no nearer: t = m2(u)), and t = m2(u)
** is the same question for the larger move m2, so some pair generates t
** (A*'s claim in astar.c, layer by layer; backward, the same in the game
** of moves undone).  It halves the keys listed, most of them already
** stored.  A side the game cannot prune expands every move, as does a
** frontier listed by a scan of the tables (no tags).
** ===================================================================== */

/* frontier states per chunk: a layer is cut into about LAYER_CHUNKS chunks
** of MINCHUNK to MAXCHUNK states.  Small chunks stop a layer that meets
** the other side sooner and keep the buffers in cache (a short search
** gains most); large ones cost fewer barriers (a long search gains a
** little).  The size depends on the
** frontier's size only, so the chunks are the same for any number of
** threads. */
#define MINCHUNK 1024
#define MAXCHUNK 8192
#define LAYER_CHUNKS 32
#define PROBE_CHUNK 1024          /* frontier states per probing chunk */
#define SAMPLE 64                 /* frontier states per one whose moves
                                  ** left out by pruning are counted */

typedef struct side {
  keytab t[NPART];
  vec cur[NPART];             /* the frontier (its keys have val = depth),
                              ** cw words each: the key, then its tag */
  vec nxt[NPART];             /* the layer's new keys, when collected */
  int cw;                     /* words per frontier entry: 1 or 2 */
  int collect;                /* the layer collects its new keys (memory
                              ** to spare) rather than scan the tables */
  size_t off[NPART + 1];      /* cur[p] starts at off[p] of the frontier */
  size_t nnew[NPART];         /* keys new in the layer being made */
  uint64_t prev_layer;        /* size of the layer before the frontier */
  int depth;                  /* complete layers */
  double weight;              /* keys per expansion as if every move were
                              ** listed (estimate): the side to expand
                              ** is chosen by these.  Pruning halves a
                              ** side's keys (0.44 to 0.56 kept on
                              ** 100-cell squares), not its layers:
                              ** weighed by the keys kept, the pruned
                              ** side is chosen until it outgrows the
                              ** other (2.6x the time on one puzzle of
                              ** bench part V) */
  double kept;                /* the share of them pruning keeps (the
                              ** last layer's sample) */
  double unpruned;            /* keys made, as if every move were listed
                              ** (those left out counted on a sample of
                              ** the frontier, one in SAMPLE) */
  uint64_t expanded;
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
  uint64_t sfull, skept;      /* the sample's keys, all and kept */
  uint64_t since;             /* probing: successors since the last poll */
  uint64_t *pout, *ph;        /* probing: keys and hashes, by level */
  uint32_t *pmv;              /* probing: moves, by level */
  hit hit;                    /* probing: best meeting point of the chunk */
} bworker;

struct bidir {
  const pn_keygame *g;
  pn_budget *b;
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
  int tags;                   /* layers prune moves where the game can */
  int bw;                     /* words per buffer entry in this layer */
};

/* the frontier key at position a of side x, its tag in *tag (0: none);
** *p is a partition at or before the one holding a */
static uint64_t frontier_key(const side *x, size_t a, int *p,
                             uint32_t *tag) {
  const uint64_t *e;
  while (x->off[*p + 1] <= a) ++*p;
  e = x->cur[*p].a + (a - x->off[*p]) * (size_t)x->cw;
  *tag = x->cw == 2 ? (uint32_t)e[1] : 0;
  return e[0];
}

/* phase 1: successors (or predecessors) of positions [a, b) */
static void expand_slice(bidir *bd, bworker *w, size_t a, size_t b) {
  side *x = &bd->s[bd->dir];
  const pn_keygame *g = bd->g;
  int p = 0, k;
  /* each partition gets about made/expanded/NPART keys per state (the
  ** buffers of a layer that prunes cross into mmap'ed sizes, whose
  ** pages fault at every chunk, if sized for every move) */
  double work = x->weight * (bd->bw == 2 && x->cw == 2 ? x->kept : 1);
  size_t want = (size_t)((double)(b - a) * work * 1.25 / NPART) + 64;
  for (k = 0; k < NPART; k++) {
    w->buf[k].n = 0;
    vec_presize(&w->buf[k], want * (size_t)bd->bw);
  }
  for (; a < b; a++) {
    uint32_t tag;
    uint64_t key = frontier_key(x, a, &p, &tag);
    int nk, j;
    if (tag && a % SAMPLE == 0) {     /* the moves pruning leaves out */
      w->sfull += (uint64_t)(bd->dir
                               ? g->pred(g->ud, key, w->sc.out, w->sc.mv)
                               : g->succ(g->ud, key, w->sc.out, w->sc.mv));
    }
    if (bd->bw == 2) {
      nk = bd->dir ? g->pred_after(g->ud, key, tag, w->sc.out, w->sc.mv)
                   : g->succ_after(g->ud, key, tag, w->sc.out, w->sc.mv);
      if (tag && a % SAMPLE == 0) w->skept += (uint64_t)nk;
    } else
      nk = bd->dir ? g->pred(g->ud, key, w->sc.out, w->sc.mv)
                   : g->succ(g->ud, key, w->sc.out, w->sc.mv);
    w->expanded++;
    w->made += (uint64_t)nk;
    if (bd->bw == 1) {
      for (j = 0; j < nk; j++)
        if (!vec_push(&w->buf[part_of(w->sc.out[j])], w->sc.out[j])) break;
    } else {
      for (j = 0; j < nk; j++)
        if (!vec_push2(&w->buf[part_of(w->sc.out[j])], w->sc.out[j],
                       w->sc.mv[j]))
          break;
    }
    if (j < nk) {
      __atomic_store_n(&bd->failed, 1, __ATOMIC_RELAXED);
      return;
    }
  }
}

/* the new keys of a layer of side x, k[0], k[bw], ... (n of them, bw
** words apart), their hashes kh[0..n), against the other side's table
** yt, fetching slots a few keys ahead */
static void meet_keys(const side *x, const keytab *yt, meet *m,
                      const uint64_t *k, const uint64_t *kh, size_t n,
                      size_t bw) {
  size_t i;
  if (!yt->cap) return;
  for (i = 0; i < n && i < AHEAD; i++) tab_prefetch(yt, kh[i]);
  for (i = 0; i < n; i++) {
    uint8_t other;
    if (i + AHEAD < n) tab_prefetch(yt, kh[i + AHEAD]);
    other = tab_get_h(yt, k[i * bw], kh[i]);
    if (other != NOVAL) meet_take(m, x->depth + 1 + other, k[i * bw]);
  }
}

#define NEWBATCH 512              /* new keys checked against the other
                                  ** side together */

/* the n entries of a[] (bw words each: the key, then its tag) into the
** table xt with value val, the new ones appended to fresh[] (entries as
** in a; *nfresh of them; their hashes to freshh[]) and checked against yt
** by the batch; 0 when the table cannot grow.  tab_put_h's work with the
** table's fields in locals: its slots are words of the type of its
** counts, so that the compiler, after each store to a slot, would read
** the fields again.  Inlined for each layout (packed: key << 8 | value;
** else the key, its value beside it) and entry size */
HOT int insert_keys(side *x, keytab *xt, const keytab *yt, meet *m,
                    vec *nx, const uint64_t *a, size_t n, uint8_t val,
                    uint64_t *fresh, uint64_t *freshh, size_t *nfresh,
                    size_t *nnew, const int packed, const size_t bw) {
  uint64_t *keys = xt->keys, ring[AHEAD];
  uint8_t *vals = xt->val;
  size_t cap = xt->cap, cnt = xt->n, full = xt->full, i, j, k, nf = *nfresh;
  size_t made = 0;
  keyctx c;
  c.sh = 0;
  for (i = 0; i < n && i < AHEAD; i++) {
    ring[i] = pn_mix64(a[i * bw]);
    if (cap) __builtin_prefetch(&keys[pn_slot_home(ring[i], cap)]);
  }
  for (i = 0; i < n; i++) {
    uint64_t key = a[i * bw], h = ring[i % AHEAD], w;
    if (i + AHEAD < n) {
      k = i % AHEAD;
      ring[k] = pn_mix64(a[(i + AHEAD) * bw]);
      if (cap) __builtin_prefetch(&keys[pn_slot_home(ring[k], cap)]);
    }
    if (cnt >= full) {
      xt->n = cnt;
      if (!tab_grow(xt)) return 0;
      keys = xt->keys; vals = xt->val; cap = xt->cap; full = xt->full;
    }
    c.key = key;
    j = pn_slots_probe(keys, cap, h, packed ? key_same_packed : key_same, &c,
                       &w);
    if (w != EMPTY) continue;
    if (packed) {
      keys[j] = key << 8 | val;
    } else {
      keys[j] = key;
      vals[j] = val;
    }
    cnt++;
    made++;
    freshh[nf] = h;
    fresh[nf * bw] = key;
    if (bw == 2) fresh[nf * bw + 1] = a[i * bw + 1];
    if (++nf == NEWBATCH) {
      meet_keys(x, yt, m, fresh, freshh, nf, bw);
      if (nx && !vec_append(nx, fresh, nf * bw)) return 0;
      nf = 0;
    }
  }
  xt->n = cnt;
  *nfresh = nf;
  *nnew += made;
  return 1;
}

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
  vec *nx = x->collect ? &x->nxt[p] : NULL;
  uint64_t fresh[2 * NEWBATCH], freshh[NEWBATCH];
  size_t nfresh = 0, bw = (size_t)bd->bw;
  int t, ok;
  /* the state limit counts nothing here (the budget is shared: the layer
  ** checks it between chunks), so the inserts skip tab_put_h */
  for (t = 0; t < bd->nt; t++) {
    const vec *v = &bd->w[t].buf[p];
    size_t n = v->n / bw;
    if (bw == 2)
      ok = xt->packed
             ? insert_keys(x, xt, yt, m, nx, v->a, n, val, fresh, freshh,
                           &nfresh, &x->nnew[p], 1, 2)
             : insert_keys(x, xt, yt, m, nx, v->a, n, val, fresh, freshh,
                           &nfresh, &x->nnew[p], 0, 2);
    else
      ok = xt->packed
             ? insert_keys(x, xt, yt, m, nx, v->a, n, val, fresh, freshh,
                           &nfresh, &x->nnew[p], 1, 1)
             : insert_keys(x, xt, yt, m, nx, v->a, n, val, fresh, freshh,
                           &nfresh, &x->nnew[p], 0, 1);
    if (!ok) return 0;
  }
  if (nfresh == 0) return 1;
  meet_keys(x, yt, m, fresh, freshh, nfresh, bw);
  return !nx || vec_append(nx, fresh, nfresh * bw);
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
  /* polled by successors made, not states expanded: a state of a large
  ** puzzle has hundreds, and POLL of them keep the overshoot of a time
  ** limit to a few milliseconds */
  if (w->since >= POLL) {
    w->since = 0;
    if (probe_poll(bd)) return;
  }
  w->expanded++;
  nk = bd->dir ? g->pred(g->ud, key, out, mv) : g->succ(g->ud, key, out, mv);
  w->since += (uint64_t)nk + 1;
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
    uint32_t tag;
    uint64_t key = frontier_key(x, a, &p, &tag);
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
      probe_slice(bd, w, bd->lo + team_slice(len, w->id, bd->nt),
                  bd->lo + team_slice(len, w->id + 1, bd->nt));
    return;
  }
  if (w->id < bd->nt)
    expand_slice(bd, w, bd->lo + team_slice(len, w->id, bd->nt),
                 bd->lo + team_slice(len, w->id + 1, bd->nt));
  if (bd->nt > 1) team_sync(&bd->tm);
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
  return n / (uint64_t)x->cw;
}

/* the new frontier (the keys of val x->depth, as many as the layer's
** inserts found new) in cur: the keys the layer collected, in the order
** they were inserted, or else listed in slot order by a scan of the
** tables, once the old frontier is gone (so the other side can use its
** memory).  0 when the budget has no room for it (the list is then
** incomplete, and only the other side can be probed).  The collected
** keys have their tags beside them when the layer had (bw words) */
static int side_frontier(side *x, int bw) {
  uint8_t d = (uint8_t)x->depth;
  int p;
  for (p = 0; p < NPART; p++) vec_free(&x->cur[p]);
  x->cw = x->collect ? bw : 1;
  if (x->collect) {
    for (p = 0; p < NPART; p++) {
      x->cur[p] = x->nxt[p];
      x->nxt[p].a = NULL;
      x->nxt[p].n = x->nxt[p].cap = 0;
    }
    return 1;
  }
  for (p = 0; p < NPART; p++) {
    const keytab *t = &x->t[p];
    vec *v = &x->cur[p];
    const uint64_t *k = t->keys;
    uint64_t *out;
    size_t i, n = 0, want = x->nnew[p], cap = t->cap;
    if (!vec_reserve(v, want)) return 0;
    out = v->a;
    /* a scan of every slot: locals, so that the loop reads the slots
    ** alone */
    if (t->packed) {
      for (i = 0; i < cap && n < want; i++)
        if (k[i] != EMPTY && (uint8_t)k[i] == d) out[n++] = k[i] >> 8;
    } else {
      const uint8_t *val = t->val;
      for (i = 0; i < cap && n < want; i++)
        if (k[i] != EMPTY && val[i] == d) out[n++] = k[i];
    }
    v->n = n;
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
    total += x->cur[p].n / (size_t)x->cw;
  }
  x->off[NPART] = total;
  return total;
}

/* would the next layer of x outgrow the budget?  An estimate: the layer
** grows as the last one did, the tables by half at a load of 0.7, and
** the new frontier's list replaces the old */
static int layer_too_big(const bidir *bd, const side *x) {
  const pn_budget *b = bd->b;
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
  if (cur * growth > cur) need += (cur * growth - cur) * 8 * x->cw;
  return (double)b->used + need > (double)b->max;
}

/* levels 1..levels below the frontier of side bd->dir, without storing
** them.  1: a meeting point in *best; 0: none (b->stopped says why, and
** *lb is the lower bound proven) */
static int bidir_probe(bidir *bd, int levels, hit *best, int *lb) {
  side *x = &bd->s[bd->dir], *y = &bd->s[1 - bd->dir];
  pn_budget *b = bd->b;
  size_t total = set_offsets(x), lo, step = PROBE_CHUNK;
  int k, t, found = 0;
  *lb = x->depth + y->depth + 1;
  bd->probing = 1;
  for (t = 0; t < bd->nthreads; t++) bd->w[t].expanded = 0;
  for (k = 1; k <= levels && !found; k++) {
    if (x->depth + y->depth + k >= 250) break;
    bd->plevel = k;
    for (lo = 0; lo < total && !found; lo += step) {
      size_t hi = total - lo > step ? lo + step : total;
      for (t = 0; t < bd->nthreads; t++) bd->w[t].hit.len = -1;
      run_chunk(bd, lo, hi);
      /* a worker's halt means a limit the main thread sees as well */
      if (pn_budget_poll(b)) goto out;
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
  v0 = (kview){ bd->s[0].t, NPART, 0 };
  v1 = (kview){ bd->s[1].t, NPART, 0 };
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
  pn_budget *b = bd->b;
  size_t total = set_offsets(x), lo, chunk = total / LAYER_CHUNKS;
  int p, t;
  /* the new keys are collected as they are inserted while the budget
  ** has room for a second frontier: a scan of the tables reads every
  ** slot (a tenth of a short search's time) */
  x->collect = b->used < b->max / 4;
  bd->bw = bd->tags && (bd->dir ? bd->g->pred_after : bd->g->succ_after)
           ? 2 : 1;
  for (p = 0; p < NPART; p++) {
    bd->m[p].best = -1;
    x->nnew[p] = 0;
    vec_free(&x->nxt[p]);
  }
  for (t = 0; t < bd->nthreads; t++)
    bd->w[t].made = bd->w[t].expanded = bd->w[t].sfull = bd->w[t].skept = 0;
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
    if (pn_budget_poll(b)) return 0;
    /* the layers so far did not meet, so every meeting point of this one
    ** has the same length, depth_x + 1 + depth_y: the first chunk that
    ** meets ends the search (the same chunk for any number of threads) */
    for (p = 0; p < NPART; p++)
      if (bd->m[p].best >= 0) meet_take(found, bd->m[p].best, bd->m[p].key);
    if (found->best >= 0) break;
  }
  {
    uint64_t made = 0, full = 0, kept = 0;
    for (t = 0; t < bd->nthreads; t++) {
      made += bd->w[t].made;
      full += bd->w[t].sfull;
      kept += bd->w[t].skept;
      x->expanded += bd->w[t].expanded;
    }
    x->unpruned += kept ? (double)made * (double)full / (double)kept
                        : (double)made;
    if (kept) x->kept = (double)kept / (double)full;
  }
  return 1;
}

int pn_key_bidir(const pn_keygame *g, const uint64_t *starts, size_t nstart,
                 const uint64_t *goals, size_t ngoal, int threads,
                 const pn_limits *lim, pn_keyresult *res, pn_error *err) {
  pn_budget b;
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
  pn_budget_init(&b, lim);
  b.mt = 1;
  pthread_mutex_init(&b.lock, NULL);
  bd->g = g;
  bd->b = &b;
  bd->nthreads = threads;
  for (k = 0; k < 2; k++) {
    for (p = 0; p < NPART; p++) {
      bd->s[k].t[p].b = bd->s[k].cur[p].b = bd->s[k].nxt[p].b = &b;
      bd->s[k].t[p].packed = packs(g);
    }
    bd->s[k].weight = g->maxsucc / 2.0 + 1;
    bd->s[k].kept = 0.5;
    bd->s[k].cw = 1;
  }
  bd->tags = g->tagbits > 0 && !(lim && lim->prune < 0);
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
    if (view_get(&(kview){ bd->s[1].t, NPART, 0 }, starts[i]) == 0)
      meet_take(&found, 0, starts[i]);
  while (found.best < 0) {
    side *x;
    uint64_t n0 = 0, n1 = 0;
    for (p = 0; p < NPART; p++) {
      n0 += bd->s[0].cur[p].n / (uint64_t)bd->s[0].cw;
      n1 += bd->s[1].cur[p].n / (uint64_t)bd->s[1].cw;
    }
    if (n0 == 0 || n1 == 0) break;                      /* exhausted */
    bd->dir = n0 * bd->s[0].weight <= n1 * bd->s[1].weight ? 0 : 1;
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
    if (x->expanded) x->weight = x->unpruned / (double)x->expanded;
    {
      uint64_t layer;
      x->prev_layer = frontier_size(x);
      if (!side_frontier(x, bd->bw)) {
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
    v0 = (kview){ bd->s[0].t, NPART, 0 };
    v1 = (kview){ bd->s[1].t, NPART, 0 };
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
      vec_free(&bd->s[k].nxt[p]);
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
