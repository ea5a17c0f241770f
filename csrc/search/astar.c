/*
** astar.c -- A* over keys, on every core (pn_key_astar, keygame.h).
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keytab.h"
#include "team.h"

/* {====================================================================
** A*, on every core
**
** Buckets by f = g + h, each split by g; the lowest is taken a batch of
** ABATCH entries at a time, from its largest g down (ties between equal
** f go to the state nearest the goal by h: the last bucket ends sooner),
** the last pushed first within one g, in two phases:
**   1. the threads take pieces of the batch (PIECE entries at most; a
**      small batch in pieces of fewer, so that every thread has one).  Each
**      entry is checked against the table (a state closed since, or
**      reached more cheaply, is stale), and the successors of the others
**      are listed with their f: those the table does not hold as cheaply,
**      or all of them when one thread does the phase and the heuristic
**      costs less than the probe (pn_keygame.h_cheap): phase 2 probes
**      each anyway.  The heuristic is computed here.  When nothing writes
**      the table meanwhile, phase 1 also closes the states it expands,
**      their slots at hand (closing is what phase 2 would do first, and
**      changes nothing phase 1 decides: below).
**   2. the successors are inserted and pushed on their buckets in batch
**      order.  On one thread, for a small batch and under partial
**      expansion, one thread walks the lists in order: it checks each
**      entry against the table again and closes its state (unless
**      phase 1 did), inserts its successors and pushes them.  Else the
**      threads take partitions of the table (below) and each inserts, in
**      batch order, the successors phase 1 listed there; then one thread
**      walks the lists in order and pushes those they let in, while the
**      others take the next batch's phase 1.
** Each batch is popped before the batch before it goes through phase 2.
** On one thread under full expansion, the two phases of each entry run
** one after the other, entry by entry (astar_one).  Phase 1 of an entry
** then sees the inserts of the entries before it, which changes nothing:
** they cannot make it stale (below), and a successor it leaves out as
** held by the table, phase 2 would leave out too.  So this is the same
** search without the lists between the phases.  Its tables grow as its
** inserts need, not before each batch: near the memory budget,
** expansion may turn partial a batch apart from more threads' (both
** prove the same).
** Under partial expansion, one thread walks a batch's lists while the
** others run phase 1 of the next.  Phase 1 only reads the table, which
** phase 2 may be writing: a slot is one word, read and written whole
** (relaxed atomics), and no table grows meanwhile (its room for a batch
** is made before its phase 2, the same way on any number of threads).
** What phase 1 reads of the table only saves work: the table is monotone
** (costs only fall, closed stays closed), so a successor it drops would
** be dropped by phase 2 too, and phase 2 decides everything else from
** the table as it is then (stale entries; under partial expansion,
** next_bound).
**
** The inserts shared by partitions decide as the walk in order would.
** Each partition's successors are taken in batch order by the one thread
** that holds it, and what happens to a key depends on its own slot only.
** The entries' states are checked by phase 1 alone: it ran after the
** batch before was inserted, with nothing writing the table, and the
** batch's own inserts cannot make its entries stale (each holds its
** least cost, below: none is reached more cheaply; and no key is twice
** in one bucket, its h fixing its g there, and a key pushed once at a
** cost).  For the same reasons phase 1 may close them: a successor of
** the batch that is one of its entries is held at its least cost, not
** above the successor's, closed or not.  The one walk in order pushes,
** so the buckets are filled the same way too.  So the search is the same
** for any number of threads.
** With a consistent heuristic, every state of the lowest bucket has its
** least cost, so expanding a batch of them before the successors of the
** first are inserted changes nothing a serial A* would prove.
**
** A bucket entry is key << 7 | g when keys fit 56 bits (a stale entry is
** one whose g is not the table's), else the key alone (then stale when
** g + h is not the bucket's f), or two words under move pruning (below).
**
** Move pruning (pn_keygame.succ_after), when the game offers it: its
** tags go in the entry beside the key and g (key << (7 + tb) | tag << 7 |
** g) where they fit one word, else in a second word (the key, then
** tag << 7 | g: the wide game's 53-bit ranks and 16-bit moves; the
** buckets take twice the room, and the expansions list about half the
** successors).  The entry keeps the move that set the table's g, and
** its expansion leaves out the moves to p, to p's neighbours, and to
** states that two other moves from p reach, the second larger (the moves
** in the other order, or coins to each other's cells; keygame.h).
** This is safe with duplicate detection.  Claim: once bucket F is done,
** every state t with d(t) + h(t) <= F is generated at cost d(t) (d: the
** distance from the start).  By induction on d(t) = k: t = m(s) for some
** s at distance k - 1 with d(s) + h(s) <= F (h is consistent), expanded
** at cost k - 1 by the hypothesis, so the parent p of its tag L is at
** distance k - 2 (closed, its cost least).  m was not left out for t
** being p or one move from p: those are at distance k - 1 at most.  If m
** was left out for moves m1 then m2 > m from p, then u = m1(p) is at
** distance k - 1, d(u) + h(u) <= F, so u was expanded too, and
** t = m2(u): the same question for the pair (u, m2), whose move is
** larger.  Moves are finite, so some pair generates t.  Successors
** dropped as dead (h infinite) have no goal below them.
**
** Once the search holds 3/4 of its memory budget beyond its buffers (or
** throughout, or never: pn_limits.partial), expansion is partial
** (Yoshizumi, Miura and Ishida's PEA*): a state expanded in bucket f
** stores only its successors of bound f, and goes to a second stack of
** bucket f', the least bound above f among the others, to be expanded
** again for those of bound f' when the search gets there.  A successor
** whose bound is above the optimal length is never stored: these are
** most of what a plain A* stores while it works through its last bucket.
** The re-expansions cost time, hence full expansion while memory allows.
** A bucket's own entries are taken before its re-expansions.  The switch
** depends on the tables and buckets only, the same on any number of
** threads.
** ===================================================================== */

/* the table byte: cost so far (0..126), 0x80 set once expanded */
#define CLOSED 0x80
#define MAXG 126
#define NBUCKET (MAXG * 2 + 2)
/* bucket entries per batch: larger ones mean fewer rounds, each closed by
** the team's barriers, and more states in the last bucket (measured in
** doc/design/engine.md; -DABATCH=4096 builds them for many cores) */
#ifndef ABATCH
#define ABATCH 1024
#endif
#define PIECE 32                   /* entries per piece of phase 1, at most */
#define NPIECE (ABATCH / PIECE)
#define MINPIECE 2                 /*   and at least */
_Static_assert(ABATCH % PIECE == 0 && ABATCH <= 65536,
               "ABATCH: whole pieces, entries numbered in 16 bits");
#define APAR 32                    /* smaller batches on one thread */
#define CLOSEAHEAD 8               /* entries fetched ahead in phase 2 */
#define REHASH_TEAM 65536          /* slots from which the team rehashes */
/* the expanded states whose tags a partition notes, at most: the path
** back from the goal walks predecessors until it meets them (the first
** expanded, nearest the start) */
#define NOTES_PER_PART 4096
/* a listed successor: its key, tag (pruning), bound, partition of the
** table and entry of the batch; one left out by partial expansion: its
** key and bound.  Records, so that a short search writes a page or two
** of the lists, not one per field */
typedef struct listed {
  uint64_t key;
  uint32_t tag;
  uint8_t f;
  uint8_t part;
  uint16_t parent;
} listed;

typedef struct __attribute__((packed)) leftout {
  uint64_t key;
  uint8_t f;
} leftout;

enum { A_STALE, A_GOAL, A_EXPAND };

typedef struct astar astar;

typedef struct aworker {
  astar *a;
  scratch sc;
  int *hs;                          /* bounds of successors (succ_h) */
  uint64_t *hh;                     /* hashes of successors (pn_mix64) */
  listed *lc;                       /* a piece's successors in batch order
                                    ** (threads: group copies them) */
  size_t maxc, maxl;                /* the most successors a piece of its
                                    ** listed and left out (lists_dirty) */
} aworker;

/* what phase 1 lists for one piece of a batch, entry after entry; on
** more threads than one, grouped by partition (in batch order within
** each), so that a thread inserting a partition reads its successors
** from lines of their own, not one line per successor written by
** another core */
typedef struct apiece {
  listed *c;                        /* successors listed */
  size_t nc;                        /* how many */
  leftout *l;                       /* partial: successors left out */
  uint32_t *ix;                     /* grouped: the place in c of the
                                    ** successor j in batch order */
  uint32_t off[NPART + 1];          /* grouped: partition p's are
                                    ** c[off[p]..off[p+1]) */
} apiece;

/* a batch: its entries, and what phase 1 found for each */
typedef struct abatch {
  uint64_t *e;                      /* entries, in pop order (copied:
                                    ** phase 2 pushes on the bucket), of
                                    ** ew words each (entry_push) */
  size_t nb;
  int f;                            /* the bucket */
  int re;                           /* re-expansions */
  int partial;                      /* expanded partially */
  int one;                          /* in one pass (astar_one) */
  int filter;                       /* phase 1 drops what the table holds */
  int grouped;                      /* phase 1 groups the pieces' lists */
  int exact;                        /* phase 1 read a table nobody wrote */
  int closing;                      /*   and closed the states it expands */
  size_t stop;                      /* the first goal entry, else nb */
  size_t ps;                        /* entries per piece */
  int npiece;
  int taken;                        /* pieces taken (atomic) */
  uint8_t *status;                  /* per entry */
  uint8_t *gx;                      /* its cost */
  uint8_t *epart;                   /* its partition */
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
  int ew;                           /* words per entry: 1, or 2 (the key,
                                    ** then tag << 7 | cost) */
  int costed;                       /* entries hold their cost */
  int cheap;                        /* the bound costs less than a probe */
  int partial;                      /* partial expansion (PEA*) */
  int noting;                       /* the expanded states' tags noted */
  vec notes[NPART];                 /*   key, tag: by the key's partition */
  abatch ab[2];                     /* in phase 2 and in phase 1, in turn */
  void *lists;                      /* their pieces' lists, one mapping */
  size_t lbytes;
  pn_rehash *rh;                    /* a table the workers rehash */
  pn_rehash rehash;
  abatch *p1;                       /* the batch of the workers' phase 1 */
  abatch *p2;                       /* the batch whose inserts they share */
  int nextpart;                     /* partitions of p2 taken (atomic) */
  uint32_t *acc;                    /* the successors let in, by partition:
                                    ** piece * per + index, in batch order */
  size_t accat[NPART], accn[NPART]; /*   partition p's at acc + accat[p] */
  size_t newn[NPART];               /* states new in each partition */
  size_t per;                       /* successors per piece at most */
  size_t maxacc;                    /* the most successors a batch let in
                                    ** through the partitions (acc) */
  aworker w[MAXTHREADS];
  team tm;
};

/* an entry's words: one, key << (7 + tb) | tag << 7 | cost when the
** table packs (else the key alone); or two, the key and tag << 7 | cost */
static uint64_t entry_key(const astar *a, const uint64_t *e) {
  return a->ew == 1 && a->packed ? e[0] >> (7 + a->tb) : e[0];
}

static int entry_cost(const astar *a, const uint64_t *e) {
  return (int)(e[a->ew - 1] & 0x7f);
}

/* the tag bits (none without pruning: then tags are move codes, dropped) */
static uint32_t tag_mask(const astar *a) {
  return ((uint32_t)1 << a->tb) - 1;
}

static uint32_t entry_tag(const astar *a, const uint64_t *e) {
  return (uint32_t)(e[a->ew - 1] >> 7) & tag_mask(a);
}

/* entry i of batch B */
static const uint64_t *bentry(const astar *a, const abatch *B, size_t i) {
  return B->e + i * (size_t)a->ew;
}

/* an entry pushed on v; 0 when the budget refuses */
HOT int entry_push(const astar *a, vec *v, uint64_t key, uint32_t tag,
                   int cost) {
  uint64_t low = (uint64_t)(tag & tag_mask(a)) << 7 | (uint64_t)cost;
  if (a->ew == 1)
    return vec_push(v, a->packed ? key << (7 + a->tb) | low : key);
  return vec_push2(v, key, low);
}

/* the table's value of key, whose pn_mix64 is h */
HOT uint8_t astar_get_h(const astar *a, uint64_t key, uint64_t h) {
  return tab_get_h(&a->t[part_of(key)], key, h);
}

static uint8_t astar_get(const astar *a, uint64_t key) {
  return astar_get_h(a, key, pn_mix64(key));
}

PREFETCHER void astar_prefetch_h(const astar *a, uint64_t key, uint64_t h) {
  tab_prefetch(&a->t[part_of(key)], h);
}

PREFETCHER void astar_prefetch(const astar *a, uint64_t key) {
  astar_prefetch_h(a, key, pn_mix64(key));
}

HOT uint8_t *astar_put_h(astar *a, uint64_t key, uint64_t h, uint8_t val,
                         int *isnew) {
  return tab_put_h(&a->t[part_of(key)], key, h, val, isnew);
}

static uint8_t *astar_put(astar *a, uint64_t key, uint8_t val, int *isnew) {
  return astar_put_h(a, key, pn_mix64(key), val, isnew);
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

/* whether the table holds key (whose pn_mix64 is h) at cost gx or less,
** or expanded */
HOT int astar_holds_h(const astar *a, uint64_t key, uint64_t h, int gx) {
  uint8_t v = astar_get_h(a, key, h);
  return v != NOVAL && ((v & CLOSED) || v <= gx);
}

static int astar_holds(const astar *a, uint64_t key, int gx) {
  return astar_holds_h(a, key, pn_mix64(key), gx);
}

/* key, expanded, and its tag noted for the path (a->noting) where its
** partition has room (astar_reserve makes it); the partition's one
** writer calls */
static void note(astar *a, uint64_t key, uint32_t tag) {
  vec *v = &a->notes[part_of(key)];
  if (v->n + 2 > v->cap) return;
  v->a[v->n++] = key;
  v->a[v->n++] = tag;
}

/* room in a partition's notes for `want` words, NOTES_PER_PART notes at
** most, as the budget lets them in (a hint: without, the path walks) */
static void notes_room(vec *v, size_t want) {
  if (want > 2 * NOTES_PER_PART) want = 2 * NOTES_PER_PART;
  if (want > v->cap) vec_reserve_hint(v, want);
}

/* note, making room as it goes (one thread: astar_one) */
static void note_grow(astar *a, uint64_t key, uint32_t tag) {
  vec *v = &a->notes[part_of(key)];
  if (v->n + 2 > v->cap) notes_room(v, 2 * v->n + 2);
  note(a, key, tag);
}

/* the tag noted for key, or 0: its partition's notes read through (a
** few thousand at most, for the few states of a path) */
static uint32_t noted(const astar *a, uint64_t key) {
  const vec *v = &a->notes[part_of(key)];
  size_t i;
  for (i = 0; i < v->n; i += 2)
    if (v->a[i] == key) return (uint32_t)v->a[i + 1];
  return 0;
}

/* the moves from the start to goal (whose entry had tag gtag): back
** through the tags noted, undone (each state's parent at one less), and
** where a state has none, through its predecessors (keytab.h's walk) */
static int astar_path(astar *a, uint64_t goal, uint32_t gtag,
                      pn_keyresult *res) {
  const pn_keygame *g = a->g;
  scratch *sc = &a->w[0].sc;
  kview v;
  uint64_t key = goal;
  uint32_t tag = gtag;
  size_t n = 0;
  uint8_t d;
  v.t = a->t; v.np = NPART; v.strip = CLOSED;
  d = view_get(&v, key);
  if (!(res->moves = malloc(((size_t)d + 1) * sizeof *res->moves))) return 0;
  for (; d != 0; d--) {
    uint64_t back = tag ? g->undo(g->ud, key, tag) : 0;
    if (back && view_get(&v, back) == d - 1) {
      res->moves[n++] = tag;
      key = back;
    } else if (!walk_step(g, &v, &key, d, 0, sc, res->moves, &n)) {
      return 0;
    }
    tag = noted(a, key);
  }
  path_order(res, n);
  return 1;
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

/* the nc successors src of a piece into its lists: their partitions
** counted (the room a batch needs, astar_reserve), and when grouped,
** copied to c by partition (src is then the worker's own lc) */
static void group(apiece *pc, listed *src, size_t nc, int grouped) {
  uint32_t at[NPART];
  size_t j;
  int p;
  pc->nc = nc;
  memset(pc->off, 0, sizeof pc->off);
  for (j = 0; j < nc; j++) {
    unsigned q = part_of(src[j].key);
    src[j].part = (uint8_t)q;
    pc->off[q + 1]++;
  }
  for (p = 0; p < NPART; p++) pc->off[p + 1] += pc->off[p];
  if (!grouped) return;
  memcpy(at, pc->off, sizeof at);
  for (j = 0; j < nc; j++) {
    uint32_t x = at[src[j].part]++;
    pc->ix[j] = x;
    pc->c[x] = src[j];
  }
}

/* successor j of piece pc, in batch order */
static inline const listed *listed_at(const abatch *B, const apiece *pc,
                                      size_t j) {
  return &pc->c[B->grouped ? pc->ix[j] : j];
}

/* the successors of the entry e (its key) into w's scratch, with their
** bounds in w->hs when the game lists them (succ_h); their number */
HOT int list_of(const astar *a, aworker *w, uint64_t key, const uint64_t *e) {
  const pn_keygame *g = a->g;
  uint32_t tag = a->tb ? entry_tag(a, e) : 0;
  if (w->hs) return g->succ_h(g->ud, key, tag, w->sc.out, w->sc.mv, w->hs);
  if (a->tb) return g->succ_after(g->ud, key, tag, w->sc.out, w->sc.mv);
  return g->succ(g->ud, key, w->sc.out, w->sc.mv);
}

/* of the nk successors in w's scratch, those the table does not hold at
** cost gx + 1 or less, nor expanded, kept (in order) with their hashes
** (w->hh); their number.  Each key mixed once, for the fetch and the
** probe */
static int unheld(const astar *a, aworker *w, int nk, int gx) {
  int j, m;
  for (j = 0; j < nk; j++) {
    w->hh[j] = pn_mix64(w->sc.out[j]);
    if (j < AHEAD) astar_prefetch_h(a, w->sc.out[j], w->hh[j]);
  }
  for (j = 0, m = 0; j < nk; j++) {
    uint64_t c = w->sc.out[j];
    if (j + AHEAD < nk)
      astar_prefetch_h(a, w->sc.out[j + AHEAD], w->hh[j + AHEAD]);
    if (!astar_holds_h(a, c, w->hh[j], gx + 1)) {
      if (w->hs) w->hs[m] = w->hs[j];
      w->sc.mv[m] = w->sc.mv[j];
      w->hh[m] = w->hh[j];
      w->sc.out[m++] = c;
    }
  }
  return m;
}

/* f of successor j in w's scratch, whose parent costs gx, in bucket f or
** above; -1 past the last bucket (a dead state) */
HOT int bound_of(const astar *a, const aworker *w, int j, int gx, int f) {
  const pn_keygame *g = a->g;
  int fc = gx + 1 + (w->hs ? w->hs[j] : g->h(g->ud, w->sc.out[j]));
  if (fc < f) fc = f;                /* cannot happen with a consistent h */
  return fc > NBUCKET - 1 ? -1 : fc;
}

/* phase 1 on piece k of batch B */
static void astar_piece(astar *a, aworker *w, abatch *B, int k) {
  const pn_keygame *g = a->g;
  apiece *pc = &B->piece[k];
  listed *out = B->grouped ? w->lc : pc->c;
  size_t lo = (size_t)k * B->ps, hi = lo + B->ps < B->nb ? lo + B->ps
                                                          : B->nb, i;
  size_t nc = 0, nl = 0;
  /* the entries' own slots are looked up first (not re-expansions of
  ** entries that hold their cost: it comes with them) */
  int look = !B->re || !a->costed;
  /* the successors' bounds, when the game lists them with the moves */
  int *hs = w->hs;
  for (i = lo; look && i < hi && i < lo + CLOSEAHEAD; i++)
    astar_prefetch(a, entry_key(a, bentry(a, B, i)));
  for (i = lo; i < hi; i++) {
    const uint64_t *e = bentry(a, B, i);
    uint64_t key = entry_key(a, e);
    uint8_t v, *sv = NULL;
    int gx, nk, j, m;
    size_t firstc = nc, firstl = nl;
    if (look && i + CLOSEAHEAD < hi)
      astar_prefetch(a, entry_key(a, bentry(a, B, i + CLOSEAHEAD)));
    B->nchild[i] = 0;
    B->nleft[i] = 0;
    B->lbound[i] = 0;
    B->gx[i] = 0;
    B->epart[i] = (uint8_t)part_of(key);
    if (B->re) {            /* closed, its cost final, not the goal */
      gx = a->costed ? entry_cost(a, e) : astar_get(a, key) & ~CLOSED;
    } else {
      if (B->closing) {
        sv = astar_slot(a, key);
        v = sv ? *sv : NOVAL;
      } else {
        v = astar_get(a, key);
      }
      gx = v & ~CLOSED;
      if (v == NOVAL || (v & CLOSED)
          || (a->costed ? gx != entry_cost(a, e)
                        : gx + g->h(g->ud, key) != B->f)) {
        B->status[i] = A_STALE;
        continue;
      }
      if (g->is_goal(g->ud, key)) { B->status[i] = A_GOAL; continue; }
    }
    B->gx[i] = (uint8_t)gx;
    B->status[i] = A_EXPAND;
    if (sv) val_set(sv, v | CLOSED);
    if (gx + 1 > MAXG) continue;
    nk = list_of(a, w, key, e);
    /* (a re-expansion's successors of bound below f are in the table at
    ** gx + 1 or less) */
    m = B->filter ? unheld(a, w, nk, gx) : nk;
    /* their bounds, fetching the heuristic's memory a state ahead: all
    ** listed, or (partial) those of bound f listed and the others noted
    ** with a lower bound on theirs */
    if (!hs && g->h_hint && m > 0) g->h_hint(g->ud, w->sc.out[0]);
    for (j = 0; j < m; j++) {
      uint64_t c = w->sc.out[j];
      int fc;
      if (!hs && g->h_hint && j + 1 < m) g->h_hint(g->ud, w->sc.out[j + 1]);
      if (B->partial) {
        int lb = hs ? (hs[j] > B->f - gx - 1 ? hs[j] : 0)
                    : h_above(g, c, B->f - gx - 1);
        if (lb > 0) {
          if (gx + 1 + lb < NBUCKET) {
            if (B->lbound[i] == 0 || gx + 1 + lb < B->lbound[i]) {
              B->lbound[i] = (uint8_t)(gx + 1 + lb);
              B->lkey[i] = c;
            }
            pc->l[nl].key = c;
            pc->l[nl++].f = (uint8_t)(gx + 1 + lb);
          }
          continue;
        }
        fc = B->f;
      } else if ((fc = bound_of(a, w, j, gx, B->f)) < 0) {
        continue;
      }
      out[nc].key = c;
      out[nc].tag = w->sc.mv[j];
      out[nc].f = (uint8_t)fc;
      out[nc++].parent = (uint16_t)i;
    }
    B->nchild[i] = (uint32_t)(nc - firstc);
    B->nleft[i] = (uint32_t)(nl - firstl);
  }
  if (nc > w->maxc) w->maxc = nc;
  if (nl > w->maxl) w->maxl = nl;
  group(pc, out, nc, B->grouped);
}

/* phase 1: the pieces of B not yet taken */
static void astar_take(astar *a, aworker *w, abatch *B) {
  int k;
  while ((k = __atomic_fetch_add(&B->taken, 1, __ATOMIC_RELAXED))
         < B->npiece) {
    astar_piece(a, w, B, k);
  }
}

static void split_take(astar *a, abatch *B);

/* a worker's round: its share of p2's inserts, then of p1's phase 1 */
static void astar_job(void *ud) {
  aworker *w = ud;
  astar *a = w->a;
  if (a->rh) {
    tab_rehash_chunks(a->rh);
    return;
  }
  if (a->p2) {
    split_take(a, a->p2);
    team_sync(&a->tm);
  }
  if (a->p1) astar_take(a, w, a->p1);
}

static void *aworker_main(void *ud) {
  aworker *w = ud;
  team_serve(&w->a->tm, astar_job, w);         /* a round: a batch */
  return NULL;
}

/* entries (of ew words) in bucket f: open by cost (NULL: none yet), and
** re-expansions */
static size_t bucket_size(const vec *open, const vec *again, int ew) {
  size_t n = again->n;
  int g;
  for (g = 0; open && g <= MAXG; g++) n += open[g].n;
  return n / (size_t)ew;
}

/* the buckets: open[f][g], entries of bound f and cost g; again[f],
** states to expand again for their successors of bound f.  A bucket's
** row of costs is allocated when the first entry comes: a search uses
** a few buckets of the NBUCKET, and the whole grid (a megabyte) would
** cost a short search more than its states do */
typedef struct abuckets {
  vec *open[NBUCKET];
  vec again[NBUCKET];
  int top[NBUCKET];                 /* open[f][g] is empty above g */
  pn_budget *b;
} abuckets;

/* the row of costs of bucket f (NULL, b stopped, when out of memory) */
static vec *bucket_row_new(abuckets *bk, int f) {
  int g;
  if (!(bk->open[f] = calloc(MAXG + 1, sizeof *bk->open[f]))) {
    pn_budget_stop(bk->b, PN_ENOMEM, "out of memory");
    return NULL;
  }
  for (g = 0; g <= MAXG; g++) bk->open[f][g].b = bk->b;
  return bk->open[f];
}

/* inline: phase 2 asks for a row with every state it pushes */
static inline vec *bucket_row(abuckets *bk, int f) {
  return bk->open[f] ? bk->open[f] : bucket_row_new(bk, f);
}

static void bucket_free(abuckets *bk, int f) {
  int g;
  if (bk->open[f]) {
    for (g = 0; g <= MAXG; g++) vec_free(&bk->open[f][g]);
    free(bk->open[f]);
    bk->open[f] = NULL;
  }
  vec_free(&bk->again[f]);
}

/* successor lc, at cost g, pushed on its bucket; 0 when a limit stops it */
static inline int push_open(const astar *a, abuckets *bk, const listed *lc,
                            int g) {
  vec *row = bucket_row(bk, lc->f);
  if (!row || !entry_push(a, &row[g], lc->key, lc->tag, g)) return 0;
  if (bk->top[lc->f] < g) bk->top[lc->f] = g;
  return 1;
}

/* successor lc (whose pn_mix64 is h) at cost g inserted, and pushed
** unless the table holds it as cheaply or expanded; 0 when a limit stops
** it */
HOT int let_in(astar *a, abuckets *bk, const listed *lc, uint64_t h, int g) {
  int isnew;
  uint8_t *cv = astar_put_h(a, lc->key, h, (uint8_t)g, &isnew);
  if (!cv) return 0;
  if (!isnew) {
    if ((*cv & CLOSED) || *cv <= g) return 1;
    val_set(cv, (uint8_t)g);
  }
  return push_open(a, bk, lc, g);
}

/* phase 2 walks the pieces' lists in order: fetch the slot of the next
** successor of a cursor (piece *pk, successor *pj) running ahead, its
** hash kept in ring[(*q)++ % RING] for the insert that follows */
#define RING (2 * AHEAD)

HOT void ahead_next(const astar *a, const abatch *B, int *pk,
                    size_t *pj, uint64_t *ring, size_t *q) {
  while (*pk < B->npiece && *pj >= B->piece[*pk].nc) { (*pk)++; *pj = 0; }
  if (*pk < B->npiece) {
    uint64_t c = listed_at(B, &B->piece[*pk], (*pj)++)->key;
    uint64_t h = pn_mix64(c);
    ring[(*q)++ % RING] = h;
    astar_prefetch_h(a, c, h);
  }
}

/* partial: the least bound above B's of the successors of entry i that
** phase 1 left out (l[0..n)) and that the table does not hold at cost
** gx + 1 or less: the next bucket of the entry, or 0.
** Read now rather than by phase 1, which may have seen the table while
** an earlier batch was inserted; the least one is the answer but for
** rare cases */
static int next_bound(const astar *a, const abatch *B, size_t i,
                      const leftout *l, uint32_t n) {
  int gx = B->gx[i], best = 0;
  uint32_t j;
  if (!B->lbound[i]) return 0;
  if (!astar_holds(a, B->lkey[i], gx + 1)) return B->lbound[i];
  for (j = 0; j < n; j++)
    if ((best == 0 || l[j].f < best) && !astar_holds(a, l[j].key, gx + 1))
      best = l[j].f;
  return best;
}

/* phase 2 of batch B: close its states, insert the successors listed,
** push them on their buckets; 0 when a limit stops it.  Another batch may
** be in phase 1 meanwhile: no table grows (the caller made room). */
static int astar_phase2(astar *a, abatch *B, abuckets *bk,
                        pn_keyresult *res, int *found, uint64_t *goal,
                        uint32_t *gtag) {
  size_t i, pj = 0, cat = 0, lat = 0, qa = 0, q = 0;
  int pk = 0;
  uint64_t ring[RING];
  for (i = 0; i < AHEAD; i++) ahead_next(a, B, &pk, &pj, ring, &qa);
  for (i = 0; !B->closing && i < B->nb && i < CLOSEAHEAD; i++)
    astar_prefetch(a, entry_key(a, bentry(a, B, i)));
  for (i = 0; i < B->nb; i++) {
    const apiece *pc = &B->piece[i / B->ps];
    const uint64_t *e = bentry(a, B, i);
    uint64_t key = entry_key(a, e);
    uint32_t tag = entry_tag(a, e), j = 0;
    int gx = B->gx[i], nf;
    if (i % B->ps == 0) cat = lat = 0;
    if (i + CLOSEAHEAD < B->nb) {
      if (!B->closing)
        astar_prefetch(a, entry_key(a, bentry(a, B, i + CLOSEAHEAD)));
      if (B->lbound[i + CLOSEAHEAD])
        astar_prefetch(a, B->lkey[i + CLOSEAHEAD]);
    }
    if (B->status[i] == A_STALE) goto next;
    if (!B->re) {
      /* stale since phase 1 read its slot (phase 1 may read while the
      ** batch before is inserted: the table decides now), unless phase 1
      ** closed it */
      uint8_t *v = NULL;
      if (!B->closing) {
        v = astar_slot(a, key);
        if (!v || (*v & CLOSED)
            || (a->costed && (*v & ~CLOSED) != entry_cost(a, e)))
          goto next;
      }
      if (B->status[i] == A_GOAL) {
        *found = 1;
        *goal = key;
        *gtag = tag;
        return 1;
      }
      if (v) val_set(v, *v | CLOSED);
      if (a->noting) note(a, key, tag);
      res->expanded++;
    }
    nf = B->partial ? next_bound(a, B, i, pc->l + lat, B->nleft[i])
                    : 0;
    if (nf && !entry_push(a, &bk->again[nf], key, tag, gx))
      return 0;
    for (j = 0; j < B->nchild[i]; j++) {
      uint64_t hc = ring[q++ % RING];
      ahead_next(a, B, &pk, &pj, ring, &qa);
      if (!let_in(a, bk, listed_at(B, pc, cat + j), hc, gx + 1)) return 0;
    }
  next:
    /* the successors of an entry gone stale since phase 1: the cursor
    ** fetching ahead has passed them, so the ring passes them too */
    for (; j < B->nchild[i]; j++) {
      q++;
      ahead_next(a, B, &pk, &pj, ring, &qa);
    }
    cat += B->nchild[i];
    lat += B->nleft[i];
  }
  return 1;
}

/* B expanded in one pass, phase 1 and 2 of each entry before the next's
** (one thread, full expansion): the same checks, bounds, inserts and
** pushes in the same order as the two phases, without the lists between
** them.  The tables grow as the inserts need, not before the batch.  0
** when a limit stops it */
static int astar_one(astar *a, abatch *B, abuckets *bk, pn_keyresult *res,
                     int *found, uint64_t *goal, uint32_t *gtag) {
  const pn_keygame *g = a->g;
  aworker *w = &a->w[0];
  size_t i;
  int hint = !w->hs && g->h_hint;
  for (i = 0; i < B->nb && i < CLOSEAHEAD; i++)
    astar_prefetch(a, entry_key(a, bentry(a, B, i)));
  for (i = 0; i < B->nb; i++) {
    const uint64_t *e = bentry(a, B, i);
    uint64_t key = entry_key(a, e);
    uint32_t tag = entry_tag(a, e);
    uint8_t *v;
    int gx, nk, j;
    if (i + CLOSEAHEAD < B->nb)
      astar_prefetch(a, entry_key(a, bentry(a, B, i + CLOSEAHEAD)));
    v = astar_slot(a, key);
    if (!v || (*v & CLOSED)) continue;
    gx = *v & ~CLOSED;
    if (a->costed ? gx != entry_cost(a, e) : gx + g->h(g->ud, key) != B->f)
      continue;
    if (g->is_goal(g->ud, key)) {
      *found = 1;
      *goal = key;
      *gtag = tag;
      return 1;
    }
    val_set(v, *v | CLOSED);
    if (a->noting) note_grow(a, key, tag);
    res->expanded++;
    if (gx + 1 > MAXG) continue;
    nk = list_of(a, w, key, e);
    /* a heuristic dearer than a probe: the successors the table holds
    ** left out first, as phase 1 does; else their slots fetched
    ** together, then probed */
    if (!a->cheap) {
      nk = unheld(a, w, nk, gx);
    } else {
      for (j = 0; j < nk; j++) {
        w->hh[j] = pn_mix64(w->sc.out[j]);
        astar_prefetch_h(a, w->sc.out[j], w->hh[j]);
      }
    }
    if (hint && nk > 0) g->h_hint(g->ud, w->sc.out[0]);
    for (j = 0; j < nk; j++) {
      listed lc;
      int fc;
      if (hint && j + 1 < nk) g->h_hint(g->ud, w->sc.out[j + 1]);
      if ((fc = bound_of(a, w, j, gx, B->f)) < 0) continue;
      lc.key = w->sc.out[j];
      lc.tag = w->sc.mv[j];
      lc.f = (uint8_t)fc;
      if (!let_in(a, bk, &lc, w->hh[j], gx + 1)) return 0;
    }
  }
  return 1;
}

/* the successors phase 1 listed for B, and in partition p */
static size_t listed_in(const abatch *B, int p) {
  size_t n = 0;
  int k;
  for (k = 0; k < B->npiece; k++)
    n += p < 0 ? B->piece[k].nc
               : B->piece[k].off[p + 1] - B->piece[k].off[p];
  return n;
}

/* a table's keys moved to its new slots by every thread of the team,
** between rounds (tab_grow_by) */
static void astar_rehash(void *ud, pn_rehash *r) {
  astar *a = ud;
  pn_rehash_plan(r, 4 * a->tm.n);
  a->rh = r;
  team_round(&a->tm, astar_job, &a->w[0], 0);
  a->rh = NULL;
}

/* room in every table for what B listed there, made before B's phase 2
** (led by the thread that pops; no other reads the tables then): no
** table grows while threads insert or read, and every number of threads
** grows them at the same batches.  A large table's keys are moved by
** the team.  0 when the budget refuses */
static int astar_reserve(astar *a, const abatch *B) {
  size_t ne[NPART] = { 0 }, i;
  int p;
  for (p = 0; p < NPART; p++) {
    keytab *t = &a->t[p];
    size_t n = listed_in(B, p);
    int shared = a->tm.n > 1 && t->cap >= REHASH_TEAM;
    while (t->n + n >= t->full)
      if (!tab_grow_by(t, &a->rehash, shared ? astar_rehash : NULL, a))
        return 0;
  }
  /* the notes of its entries */
  for (i = 0; a->noting && !B->re && i < B->nb; i++) ne[B->epart[i]]++;
  for (p = 0; p < NPART; p++)
    if (ne[p]) notes_room(&a->notes[p], a->notes[p].n + 2 * ne[p]);
  return 1;
}

/* {--------------------------------------------------------------------
** Phase 2 shared by partitions
** --------------------------------------------------------------------- */

/* the next successor of partition p's walk through B (piece *k, place
** *j of its lists, id the piece's first place plus j), or NULL at the
** end */
static inline const listed *part_next(const abatch *B, int p, int *k,
                                      uint32_t *j, uint32_t *id,
                                      size_t per) {
  while (*k < B->npiece && *j >= B->piece[*k].off[p + 1]) {
    if (++*k < B->npiece) *j = B->piece[*k].off[p];
  }
  if (*k >= B->npiece) return NULL;
  {
    uint32_t x = (*j)++;
    *id = (uint32_t)((size_t)*k * per) + x;
    return &B->piece[*k].c[x];
  }
}

/* partition p of B's inserts: its entries before B->stop closed, the
** successors of those inserted in batch order, the ones let in (new, or
** cheaper) noted in acc for the walk that pushes.  Its table has room
** (astar_reserve), and no other thread touches it meanwhile */
static void split_part(astar *a, const abatch *B, int p) {
  keytab *t = &a->t[p];
  uint32_t *acc = a->acc + a->accat[p], id, aid;
  size_t i, na = 0, nnew = 0, q = 0, qa = 0;
  uint64_t ring[RING];
  const listed *lc;
  int k = 0, ka = 0, isnew;
  uint32_t j = B->npiece ? B->piece[0].off[p] : 0, ja = j;
  size_t per = a->per, ne = 0;
  uint16_t mine[ABATCH];
  for (i = 0; i < B->stop; i++)        /* never re-expansions: splits */
    if (B->epart[i] == p && B->status[i] == A_EXPAND) {
      if (!B->closing) {
        mine[ne++] = (uint16_t)i;
      } else if (a->noting) {
        const uint64_t *e = bentry(a, B, i);
        note(a, entry_key(a, e), entry_tag(a, e));
      }
    }
  for (i = 0; i < ne && i < CLOSEAHEAD; i++)
    astar_prefetch(a, entry_key(a, bentry(a, B, mine[i])));
  for (i = 0; i < ne; i++) {
    const uint64_t *e = bentry(a, B, mine[i]);
    uint64_t key = entry_key(a, e);
    uint8_t *v;
    if (i + CLOSEAHEAD < ne)
      astar_prefetch(a, entry_key(a, bentry(a, B, mine[i + CLOSEAHEAD])));
    v = astar_slot(a, key);
    if (v) val_set(v, *v | CLOSED);
    if (v && a->noting) note(a, key, entry_tag(a, e));
  }
  /* a cursor AHEAD successors on fetches their slots */
  for (i = 0; i < AHEAD && (lc = part_next(B, p, &ka, &ja, &aid, per)); i++) {
    uint64_t h = pn_mix64(lc->key);
    ring[qa++ % RING] = h;
    tab_prefetch(t, h);
  }
  while ((lc = part_next(B, p, &k, &j, &id, per))) {
    uint64_t h = ring[q++ % RING];
    const listed *la = part_next(B, p, &ka, &ja, &aid, per);
    size_t e = lc->parent;
    int gx = B->gx[e];
    uint8_t *cv;
    if (la) {
      uint64_t ha = pn_mix64(la->key);
      ring[qa++ % RING] = ha;
      tab_prefetch(t, ha);
    }
    if (e >= B->stop || B->status[e] != A_EXPAND) continue;
    cv = tab_put_reserved(t, lc->key, h, (uint8_t)(gx + 1), &isnew);
    if (!isnew) {
      if ((*cv & CLOSED) || *cv <= gx + 1) continue;
      val_set(cv, (uint8_t)(gx + 1));
    } else {
      nnew++;
    }
    acc[na++] = id;
  }
  a->accn[p] = na;
  a->newn[p] = nnew;
}

/* the partitions of B not yet taken */
static void split_take(astar *a, abatch *B) {
  int p;
  while ((p = __atomic_fetch_add(&a->nextpart, 1, __ATOMIC_RELAXED))
         < NPART)
    split_part(a, B, p);
}

/* after the partitions: B's lists walked in order, its expansions counted
** and the successors let in pushed on their buckets; 0 when a limit
** stops it */
static int split_push(astar *a, const abatch *B, abuckets *bk,
                      pn_keyresult *res) {
  size_t cur[NPART] = { 0 }, i, cat = 0;
  for (i = 0; i < B->stop; i++) {
    const apiece *pc = &B->piece[i / B->ps];
    uint32_t base = (uint32_t)((i / B->ps) * a->per), j;
    int gx = B->gx[i];
    if (i % B->ps == 0) cat = 0;
    if (B->status[i] == A_EXPAND) res->expanded++;
    for (j = 0; j < B->nchild[i]; j++) {
      uint32_t x = pc->ix[cat + j];            /* grouped: splits */
      const listed *lc = &pc->c[x];
      int p = lc->part;
      if (cur[p] == a->accn[p] || a->acc[a->accat[p] + cur[p]] != base + x)
        continue;
      cur[p]++;
      if (!push_open(a, bk, lc, gx + 1)) return 0;
    }
    cat += B->nchild[i];
  }
  return 1;
}

/* whether B's inserts may be shared by the threads: a batch whose
** entries phase 1 saw exactly (nothing wrote the table meanwhile), not
** re-expansions or partial, large enough, and not near max_states (the
** walk in order stops exactly there) */
static int splits(const astar *a, const abatch *B, const pn_budget *b) {
  return a->tm.n > 1 && B->grouped && B->exact && !B->re && !B->partial
         && B->nb >= APAR
         && !(b->max_states && b->states + listed_in(B, -1) >= b->max_states);
}

/* the first goal among B's entries (phase 1's status is exact: splits) */
static size_t first_goal(const abatch *B) {
  size_t i;
  for (i = 0; i < B->nb; i++)
    if (B->status[i] == A_GOAL) return i;
  return B->nb;
}

/* }-------------------------------------------------------------------- */

/* a batch's share of the lists: per successors for each piece, listed
** and left out, and (threads sharing phase 2) grouped by partition */
static size_t lists_bytes(size_t per, int shared) {
  return NPIECE * per * (sizeof(listed) + sizeof(leftout)
                         + (shared ? sizeof(uint32_t) : 0));
}

/* pages of 4 KiB (at least: the lists are mapped without huge pages)
** that an array of n bytes touches, in bytes */
static size_t span(size_t n) {
  return n ? (n / 4096 + 2) * 4096 : 0;
}

/* the bytes of the lists the search may have written: in each of the
** two batches' pieces, the most any piece listed and left out (and their
** indices by partition), and the successors let in through acc */
static size_t lists_dirty(const astar *a, int threads) {
  size_t c = 0, l = 0;
  int t;
  for (t = 0; t < threads; t++) {
    if (a->w[t].maxc > c) c = a->w[t].maxc;
    if (a->w[t].maxl > l) l = a->w[t].maxl;
  }
  return 2 * NPIECE * (span(c * sizeof(listed)) + span(c * sizeof(uint32_t))
                       + span(l * sizeof(leftout)))
         + span(a->maxacc * sizeof(uint32_t));
}

/* B's arrays, and its pieces' lists from m (lists_bytes(per, shared) of
** them) */
static int abatch_init(abatch *B, size_t per, int shared, uint8_t *m) {
  int k;
  memset(B, 0, sizeof *B);
  B->e = malloc(2 * ABATCH * sizeof *B->e);       /* two words at most */
  B->status = malloc(ABATCH);
  B->gx = malloc(ABATCH);
  B->epart = malloc(ABATCH);
  B->lbound = malloc(ABATCH);
  B->nchild = malloc(ABATCH * sizeof *B->nchild);
  B->nleft = malloc(ABATCH * sizeof *B->nleft);
  B->lkey = malloc(ABATCH * sizeof *B->lkey);
  if (!B->e || !B->status || !B->gx || !B->epart || !B->lbound
      || !B->nchild || !B->nleft || !B->lkey)
    return 0;
  for (k = 0; k < NPIECE; k++, m += per * sizeof(listed))
    B->piece[k].c = (listed *)(void *)m;
  for (k = 0; shared && k < NPIECE; k++, m += per * sizeof(uint32_t))
    B->piece[k].ix = (uint32_t *)(void *)m;
  for (k = 0; k < NPIECE; k++, m += per * sizeof(leftout))
    B->piece[k].l = (leftout *)(void *)m;
  return 1;
}

static void abatch_free(abatch *B) {
  free(B->e); free(B->status); free(B->gx); free(B->epart); free(B->lbound);
  free(B->nchild); free(B->nleft); free(B->lkey);
}

/* the next batch of bucket f into B (none when the bucket is empty) */
static void astar_pop(astar *a, abuckets *bk, int f, abatch *B) {
  vec *q, *row = bk->open[f];
  size_t i, ew = (size_t)a->ew, n;
  while (row && bk->top[f] > 0 && row[bk->top[f]].n == 0) bk->top[f]--;
  q = row && row[bk->top[f]].n > 0 ? &row[bk->top[f]] : &bk->again[f];
  n = q->n / ew;
  B->nb = n < ABATCH ? n : ABATCH;
  for (i = 0; i < B->nb; i++) {            /* the last pushed first */
    q->n -= ew;
    B->e[i * ew] = q->a[q->n];
    if (ew == 2) B->e[i * ew + 1] = q->a[q->n + 1];
  }
  B->f = f;
  B->re = q == &bk->again[f];
  B->partial = a->partial;
  /* pieces as many as NPIECE, of at least MINPIECE entries */
  B->ps = (B->nb + NPIECE - 1) / NPIECE;
  if (B->ps < MINPIECE) B->ps = MINPIECE;
  B->npiece = (int)((B->nb + B->ps - 1) / B->ps);
  B->taken = 0;
  vec_trim(q);
}

/* A* between pauses (pn_astar_begin): the search, its budget, and where
** its loop stands */
struct pn_astar {
  astar *a;
  abuckets *bk;
  pn_keygame g;                     /* the caller's, copied: a->g */
  pn_limits lim;                    /*   and its limits: b.lim */
  int haslim;
  pn_budget b;
  int threads, started, h0;
  int f;                            /* the bucket it is in */
  abatch *B2;                       /* popped, its phase 2 to come */
  int paused;                       /* bucket f reported already */
  int partial_from;                 /* -1: expansion is full */
  uint64_t expanded;
  size_t fixed, dirty;
};

int pn_astar_begin(const pn_keygame *g, uint64_t start, int threads,
                   const pn_limits *lim, pn_astar **out, pn_error *err) {
  pn_astar *h;
  astar *a;
  abuckets *bk;
  int f, t, isnew;
  size_t per, bufbytes;
  *out = NULL;
  if (!g->pred || !g->h)
    return pn_seterror(err, PN_EINVAL, "A* needs predecessors and a "
                       "heuristic");
  if (threads < 1) threads = 1;
  if (threads > MAXTHREADS) threads = MAXTHREADS;
  h = calloc(1, sizeof *h);
  a = calloc(1, sizeof *a);
  bk = calloc(1, sizeof *bk);
  if (!h || !a || !bk) {
    free(h);
    free(a);
    free(bk);
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  }
  h->a = a;
  h->bk = bk;
  h->g = *g;
  if (lim) { h->lim = *lim; h->haslim = 1; }
  lim = h->haslim ? &h->lim : NULL;
  g = &h->g;
  h->threads = threads;
  h->partial_from = -1;
  pn_budget_init(&h->b, lim);
  for (f = 0; f < NBUCKET; f++) bk->again[f].b = &h->b;
  bk->b = &h->b;
  a->g = g;
  a->packed = packs(g);
  a->partial = lim && lim->partial > 0;
  a->cheap = g->h_cheap && g->h_cheap(g->ud);
  /* pruning: the tags in the entries, beside key and cost in one word
  ** where they fit, else in a second */
  a->ew = 1;
  if (g->succ_after && g->tagbits > 0 && !(lim && lim->prune < 0)) {
    a->tb = g->tagbits;
    if (!a->packed || g->keybits + g->tagbits + 7 > 64) a->ew = 2;
  }
  a->costed = a->packed || a->ew == 2;
  a->noting = a->tb && g->undo;
  for (t = 0; t < NPART; t++) {
    a->t[t].b = &h->b;
    a->t[t].packed = a->packed;
    a->notes[t].b = &h->b;
  }
  /* the lists of a piece hold its entries' successors at most */
  per = (size_t)PIECE * (size_t)(g->maxsucc + 1);
  a->per = per;
  /* the same on any number of threads (the budget decides when expansion
  ** turns partial): two batches' lists, and the successors let in by
  ** the threads sharing phase 2 */
  bufbytes = 2 * lists_bytes(per, 1) + NPIECE * per * sizeof(uint32_t);
  for (t = 0; t < threads; t++) {
    aworker *w = &a->w[t];
    w->a = a;
    if (!scratch_init(&w->sc, g)) break;
    if (g->succ_h
        && !(w->hs = malloc((size_t)(g->maxsucc + 1) * sizeof *w->hs)))
      break;
    if (!(w->hh = malloc((size_t)(g->maxsucc + 1) * sizeof *w->hh))) break;
    if (threads > 1 && !(w->lc = malloc(per * sizeof *w->lc))) break;
  }
  /* the lists: tens of megabytes of which a batch writes a few, in one
  ** mapping that the kernel backs where written (from the heap, they
  ** would be taken and given back at each search); the caller's spare
  ** keeps it from one search to the next, its pages still backed */
  a->lbytes = bufbytes;
  if (!(a->lists = pn_spare_take_map(h->b.spare, a->lbytes, &h->dirty)))
    a->lists = pn_bigalloc_sparse(a->lbytes);
  if (a->lists) a->acc = (uint32_t *)(void *)((uint8_t *)a->lists
                                              + 2 * lists_bytes(per, 1));
  if (t < threads || !a->lists
      || !abatch_init(&a->ab[0], per, 1, a->lists)
      || !abatch_init(&a->ab[1], per, 1,
                      (uint8_t *)a->lists + lists_bytes(per, 1))) {
    pn_astar_end(h);
    return pn_seterror(err, PN_ENOMEM, "out of memory for A*'s buffers");
  }
  h->h0 = g->h(g->ud, start);
  if (h->h0 > MAXG) h->h0 = MAXG;
  h->f = h->h0;
  *out = h;
  if (!pn_budget_take(&h->b, bufbytes)) {  /* a limit: run says so */
    snprintf(h->b.why, sizeof h->b.why, "memory budget of %.2f MB is "
             "below the %.2f MB of A*'s buffers", h->b.max / 1e6,
             (double)bufbytes / 1e6);
    return PN_OK;
  }
  h->fixed = h->b.used;
  /* the workers start with the first batch that needs them; if one
  ** cannot start, the search runs on one thread */
  team_start(&a->tm, threads, aworker_main, a->w, sizeof a->w[0]);
  h->started = 1;
  if (!astar_put(a, start, 0, &isnew) || !bucket_row(bk, h->h0)
      || !entry_push(a, &bk->open[h->h0][0], start, 0, 0)) {
    if (!h->b.stopped) pn_budget_stop(&h->b, PN_ENOMEM, "out of memory");
    return PN_OK;                          /* run says so */
  }
  if (a->partial) h->partial_from = h->h0;
  return PN_OK;
}

int pn_astar_run(pn_astar *h, size_t pause, pn_keyresult *res,
                 pn_error *err) {
  astar *a = h->a;
  abuckets *bk = h->bk;
  pn_budget *b = &h->b;
  const pn_keygame *g = &h->g;
  const pn_limits *lim = h->haslim ? &h->lim : NULL;
  abatch *B2 = h->B2, *B1;
  int f, rc = PN_OK, found = 0, ok = 1, threads = h->threads;
  uint64_t goal = 0;
  uint32_t gtag = 0;
  memset(res, 0, sizeof *res);
  res->expanded = h->expanded;
  if (b->stopped) goto stopped;
  for (f = h->f; f < NBUCKET && !found; f++) {
    h->f = f;
    if (f > h->h0 && !h->paused)
      report(g, "astar", f, astar_states(a),
             bucket_size(bk->open[f], &bk->again[f], a->ew), b);
    h->paused = 0;
    /* bucket f grows while it is processed; its entries are taken from
    ** the largest cost down (the nearest the goal by the bound: in the
    ** last bucket, the goal comes sooner), then its re-expansions.  Each
    ** batch is popped before the one before it is inserted (phase 2),
    ** so that its phase 1 can run on the other threads meanwhile */
    for (;;) {
      int par, split = 0, beside = 0;
      if (!a->partial && !(lim && lim->partial < 0)
          && b->used - h->fixed > (b->max - h->fixed) / 4 * 3) {
        a->partial = 1;                  /* the rest lean, at a cost */
        h->partial_from = f;
      }
      B1 = B2 == &a->ab[0] ? &a->ab[1] : &a->ab[0];
      astar_pop(a, bk, f, B1);
      if (B1->nb == 0 && !B2) break;
      B1->one = threads == 1 && !B1->re && !B1->partial;
      par = B1->nb >= APAR && team_ready(&a->tm) > 1;
      if (B2) {
        if (!B2->one && !astar_reserve(a, B2)) goto stopped;
        split = splits(a, B2, b);
        /* under partial expansion, B2's inserts in order beside B1's
        ** phase 1 when its packed table slots can be read as they are
        ** written; else before it, so that B1's phase 1 reads the table
        ** as its phase 2 will find it */
        beside = !split && par && a->packed && (B2->re || B2->partial);
      }
      a->p1 = B1->nb ? B1 : NULL;
      B1->filter = par || !a->cheap;
      B1->grouped = a->tm.n > 1;
      B1->exact = !beside;
      /* nothing writes the table during B1's phase 1 (B2's walk in order
      ** only pushes): phase 1 closes what it expands, its slots at hand */
      B1->closing = B1->exact && !B1->re && !B1->one;
      if (split) {
        /* the threads insert B2's successors by partition, then one
        ** pushes them in order while the others list B1's */
        size_t at = 0;
        int p;
        for (p = 0; p < NPART; p++) {
          a->accat[p] = at;
          at += listed_in(B2, p);
        }
        if (at > a->maxacc) a->maxacc = at;
        B2->stop = first_goal(B2);
        a->p2 = B2;
        a->nextpart = 0;
        team_begin(&a->tm);
        split_take(a, B2);
        team_sync(&a->tm);
        ok = split_push(a, B2, bk, res);
        if (a->p1) astar_take(a, &a->w[0], B1);
        team_end(&a->tm);
        a->p2 = NULL;
        for (p = 0; p < NPART; p++) b->states += a->newn[p];
        if (ok && B2->stop < B2->nb) {
          const uint64_t *e = bentry(a, B2, B2->stop);
          found = 1;
          goal = entry_key(a, e);
          gtag = entry_tag(a, e);
        }
      } else {
        if (B2 && B2->one)
          ok = astar_one(a, B2, bk, res, &found, &goal, &gtag);
        else if (B2 && !beside)
          ok = astar_phase2(a, B2, bk, res, &found, &goal, &gtag);
        if (ok && !found && B1->nb && !B1->one) {
          if (par) team_begin(&a->tm);
          if (beside)
            ok = astar_phase2(a, B2, bk, res, &found, &goal, &gtag);
          astar_take(a, &a->w[0], B1);
          if (par) team_end(&a->tm);
        }
      }
      if (!ok) goto stopped;
      if (found) break;
      B2 = B1->nb ? B1 : NULL;
      if (pn_budget_poll(b)) goto stopped;
      /* a pause between batches: B2 waits for its phase 2 */
      if (pause && astar_states(a) >= pause) {
        h->B2 = B2;
        h->paused = 1;
        res->paused = 1;
        res->states = astar_states(a);
        res->memory = b->peak;
        res->lower_bound = f;
        goto out;
      }
    }
    B2 = NULL;
    if (!found) bucket_free(bk, f);      /* done: its room goes back */
  }
  res->found = found;
  res->states = astar_states(a);
  res->memory = b->peak;
  if (found && !(a->noting ? astar_path(a, goal, gtag, res)
                           : path_to(g, a->t, NPART, CLOSED, goal,
                                     &a->w[0].sc, res)))
    rc = pn_seterror(err, PN_EINTERNAL, "penny bug: A* path "
                     "reconstruction failed");
  goto out;
stopped:
  res->stopped = b->stopped;
  snprintf(res->why, sizeof res->why, "%s", b->why);
  res->states = astar_states(a);
  res->memory = b->peak;
  res->lower_bound = h->f;    /* every f below was exhausted */
out:
  h->expanded = res->expanded;
  if (h->partial_from >= 0) {
    res->partial = 1;
    res->partial_from = h->partial_from;
  }
  return rc;
}

size_t pn_astar_memory(const pn_astar *h) {
  return h->b.used;
}

void pn_astar_budget(pn_astar *h, size_t max_memory) {
  h->lim.max_memory = max_memory;
  h->b.max = max_memory;
}

void pn_astar_label(pn_astar *h, const char *label) {
  h->g.label = label;
}

void pn_astar_end(pn_astar *h) {
  astar *a;
  abuckets *bk;
  int f, t;
  if (!h) return;
  a = h->a;
  bk = h->bk;
  if (h->started) team_stop(&a->tm);
  for (t = 0; t < NPART; t++) {
    tab_free(&a->t[t]);
    vec_free(&a->notes[t]);
  }
  for (f = 0; f < NBUCKET; f++)        /* a search fills a few */
    if (bk->open[f] || bk->again[f].a) bucket_free(bk, f);
  for (t = 0; t < MAXTHREADS; t++)
    if (a->w[t].sc.out || a->w[t].sc.mv) scratch_free(&a->w[t].sc);
  for (t = 0; t < MAXTHREADS; t++) {
    free(a->w[t].hs);
    free(a->w[t].hh);
    free(a->w[t].lc);
  }
  abatch_free(&a->ab[0]);
  abatch_free(&a->ab[1]);
  if (a->lists && !pn_spare_keep_map(h->b.spare, a->lists, a->lbytes,
                                     h->dirty + lists_dirty(a, h->threads)))
    pn_bigfree(a->lists, a->lbytes);
  free(bk);
  free(a);
  free(h);
}

int pn_key_astar(const pn_keygame *g, uint64_t start, int threads,
                 const pn_limits *lim, pn_keyresult *res, pn_error *err) {
  pn_astar *h;
  int rc = pn_astar_begin(g, start, threads, lim, &h, err);
  memset(res, 0, sizeof *res);
  if (rc != PN_OK) return rc;
  rc = pn_astar_run(h, 0, res, err);
  pn_astar_end(h);
  return rc;
}

/* }==================================================================== */
