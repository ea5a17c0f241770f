/*
** keyfull.c -- the full-space search on a key game whose keys are dense
** (1 .. nkeys): two bits per key, layer by layer (keygame.h).
**
** Korf's two-bit breadth-first search, as in fullbfs.c's two-bit
** encoding: a key is not reached (3), waiting in an even layer (2) or in
** an odd one (1), or expanded (0).  Each layer scans the table for the
** keys waiting with its parity, expands each (its code to 0) and marks its
** successors that are not reached as waiting with the next parity.  Every
** change only clears bits, so one atomic AND makes it: a key not reached
** can only become waiting with the next parity during a layer, so two
** threads that mark it clear the same bit, and the one that saw the 3
** counts it.  No depths are kept; a path is found by a search of its own
** (engine.c, pn_path_by_search), whose length must be the table's.
**
** It serves the wide game (wide.c), whose keys are the ranks of the coin
** sets.  The bitboards have their own search (fullbfs.c): it lifts each
** set of k - 1 coins once, by a bitmap over the ranks of such sets, and
** gathers the successors by slices of ranks before it writes them.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keygame.h"
#include "team.h"
#include "core/util.h"

#define CHUNK_WORDS 512                /* 16,384 keys per work unit */
#define M55 UINT64_C(0x5555555555555555)

struct kfull;

typedef struct kfworker {
  struct kfull *k;
  int id;
  uint64_t found, first, expanded;
  uint64_t *out;
  uint32_t *mv;
} kfworker;

typedef struct kfull {
  const pn_keygame *g;
  const pn_limits *lim;
  double t0;
  uint64_t *tab, nwords, nchunks;
  uint8_t *touch[2];                   /* by parity: chunks with keys
                                       ** waiting in its layers */
  uint64_t next_chunk;                 /* claimed by the threads */
  int depth;                           /* the layer being expanded */
  int stop;                            /* 0, PN_ELIMIT or PN_EINTR */
  team tm;
  kfworker w[MAXTHREADS];
} kfull;

size_t pn_key_full_bytes(uint64_t nkeys) {
  return (size_t)((nkeys + 1 + 31) / 32) * 8;
}

static unsigned code_of(const kfull *k, uint64_t key) {
  uint64_t x = __atomic_load_n(&k->tab[key >> 5], __ATOMIC_RELAXED);
  return (unsigned)(x >> ((key & 31) * 2)) & 3;
}

/* one layer: the keys waiting with the layer's parity, chunk by chunk */
static void layer_job(void *ud) {
  kfworker *w = ud;
  kfull *k = w->k;
  const pn_keygame *g = k->g;
  int even = (k->depth & 1) == 0;
  /* the bit a successor clears: to 1 (odd) from an even layer, to 2 */
  uint64_t mark = even ? 2 : 1;
  for (;;) {
    uint64_t c = __atomic_fetch_add(&k->next_chunk, 1, __ATOMIC_RELAXED), i;
    uint64_t end = (c + 1) * CHUNK_WORDS;
    if (c >= k->nchunks || __atomic_load_n(&k->stop, __ATOMIC_RELAXED)) break;
    if (!k->touch[!even][c]) continue;
    if (w->id == 0) {
      int stop = pn_poll(k->lim, k->t0);
      if (stop != PN_OK) {
        __atomic_store_n(&k->stop, stop, __ATOMIC_RELAXED);
        break;
      }
    }
    k->touch[!even][c] = 0;       /* no key gets this parity in this layer */
    if (end > k->nwords) end = k->nwords;
    for (i = c * CHUNK_WORDS; i < end; i++) {
      uint64_t x = __atomic_load_n(&k->tab[i], __ATOMIC_RELAXED);
      uint64_t lo = x & M55, hi = (x >> 1) & M55;
      uint64_t m = even ? hi & ~lo : lo & ~hi;
      while (m) {
        int b = __builtin_ctzll(m), n, j;
        uint64_t key = i * 32 + (uint64_t)(b >> 1);
        m &= m - 1;
        __atomic_fetch_and(&k->tab[i], ~((uint64_t)3 << b), __ATOMIC_RELAXED);
        w->expanded++;
        n = g->succ(g->ud, key, w->out, w->mv);
        for (j = 0; j < n; j++) {
          uint64_t s = w->out[j], old;
          int sh = (int)(s & 31) * 2;
          if (code_of(k, s) != 3) continue;
          old = __atomic_fetch_and(&k->tab[s >> 5], ~(mark << sh),
                                   __ATOMIC_RELAXED);
          if ((old >> sh & 3) == 3) {
            __atomic_store_n(&k->touch[even][(s >> 5) / CHUNK_WORDS], 1,
                             __ATOMIC_RELAXED);
            w->found++;
            if (s < w->first) w->first = s;
          }
        }
      }
    }
  }
}

static void *worker_main(void *ud) {
  kfworker *w = ud;
  team_serve(&w->k->tm, layer_job, w);
  return NULL;
}

static int targets_left(const pn_keyfull *res, size_t ntargets) {
  size_t i, left = 0;
  for (i = 0; i < ntargets; i++) left += res->tdist[i] < 0;
  return (int)left;
}

int pn_key_full(const pn_keygame *g, uint64_t nkeys, uint64_t start,
                const uint64_t *targets, size_t ntargets, int stop,
                int threads, const pn_limits *lim, pn_keyfull *res,
                pn_error *err) {
  kfull *k;
  size_t bytes = pn_key_full_bytes(nkeys), i;
  size_t scratch;
  uint64_t key;
  int t, rc = PN_OK, *tdist = res->tdist;
  memset(res, 0, sizeof *res);
  res->tdist = tdist;
  if (threads < 1) threads = 1;
  if (threads > MAXTHREADS) threads = MAXTHREADS;
  scratch = (size_t)threads * (size_t)(g->maxsucc + 1)
          * (sizeof(uint64_t) + sizeof(uint32_t))
          + 2 * ((bytes / 8 + CHUNK_WORDS - 1) / CHUNK_WORDS);
  res->memory = bytes + scratch;
  res->threads = threads;
  if (lim && lim->max_memory && bytes + scratch > lim->max_memory)
    return pn_seterror(err, PN_ELIMIT, "the ranked space (%.3g states) needs "
                       "%.2f GB at two bits per state, over the memory "
                       "budget of %.2f GB", (double)nkeys,
                       (double)(bytes + scratch) / 1e9, lim->max_memory / 1e9);
  if (start < 1 || start > nkeys)
    return pn_seterror(err, PN_EINVAL, "the start is not a key of the space");
  if (!(k = calloc(1, sizeof *k)))
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  k->g = g; k->lim = lim; k->t0 = pn_clock();
  k->nwords = bytes / 8;
  k->nchunks = (k->nwords + CHUNK_WORDS - 1) / CHUNK_WORDS;
  k->tab = malloc(bytes);
  k->touch[0] = calloc(k->nchunks, 1);
  k->touch[1] = calloc(k->nchunks, 1);
  if (!k->tab || !k->touch[0] || !k->touch[1]) {
    rc = -1;
    threads = 0;
    goto done;
  }
  /* every key not reached; key 0 and the keys past nkeys never waiting */
  memset(k->tab, 0xff, bytes);
  k->tab[0] &= ~(uint64_t)3;
  for (key = nkeys + 1; key < k->nwords * 32; key++)
    k->tab[key >> 5] &= ~((uint64_t)3 << ((key & 31) * 2));
  k->tab[start >> 5] &= ~((uint64_t)1 << ((start & 31) * 2));   /* 2 */
  k->touch[0][(start >> 5) / CHUNK_WORDS] = 1;
  for (t = 0; t < threads; t++) {
    kfworker *w = &k->w[t];
    w->k = k;
    w->id = t;
    w->out = malloc((size_t)(g->maxsucc + 1) * sizeof *w->out);
    w->mv = malloc((size_t)(g->maxsucc + 1) * sizeof *w->mv);
    if (!w->out || !w->mv) break;
  }
  if (t < threads) { rc = -1; goto done; }
  for (i = 0; i < ntargets; i++)
    res->tdist[i] = targets[i] == start ? 0 : -1;
  res->layer[0] = 1;
  res->reached = 1;
  res->hardest = start;
  team_start(&k->tm, threads, worker_main, k->w, sizeof k->w[0]);
  res->threads = team_ready(&k->tm);
  for (;;) {
    uint64_t found = 0, first = UINT64_MAX;
    int left = targets_left(res, ntargets);
    if (ntargets && ((stop == PN_STOP_ANY && left < (int)ntargets)
                     || (stop == PN_STOP_ALL && left == 0)))
      break;
    if (k->depth == 255) { k->stop = PN_ELIMIT; res->toodeep = 1; break; }
    k->next_chunk = 0;
    for (t = 0; t < res->threads; t++) {
      k->w[t].found = 0;
      k->w[t].first = UINT64_MAX;
    }
    team_round(&k->tm, layer_job, &k->w[0], 0);
    for (t = 0; t < res->threads; t++) {
      found += k->w[t].found;
      res->expanded += k->w[t].expanded;
      k->w[t].expanded = 0;
      if (k->w[t].first < first) first = k->w[t].first;
    }
    if (k->stop) break;
    if (found == 0) { res->done = 1; break; }
    k->depth++;
    res->layer[k->depth] = found;
    res->reached += found;
    res->maxdepth = res->complete_depth = k->depth;
    res->hardest = first;
    for (i = 0; i < ntargets; i++)
      if (res->tdist[i] < 0 && code_of(k, targets[i]) != 3)
        res->tdist[i] = k->depth;
    if (g->progress) {
      pn_progress p;
      memset(&p, 0, sizeof p);
      p.phase = g->label ? g->label : "full";
      p.depth = k->depth;
      p.states = res->reached;
      p.layer = found;
      p.seconds = pn_clock() - k->t0;
      p.memory = res->memory;
      g->progress(&p, g->progress_ud);
    }
  }
  team_stop(&k->tm);
  res->stopped = k->stop;
done:
  res->seconds = pn_clock() - k->t0;
  for (t = 0; t < threads; t++) {
    free(k->w[t].out);
    free(k->w[t].mv);
  }
  free(k->tab);
  free(k->touch[0]);
  free(k->touch[1]);
  free(k);
  if (rc < 0) goto nomem;
  if (res->stopped == PN_EINTR)
    return pn_seterror(err, PN_EINTR, "interrupted");
  if (res->toodeep)
    return pn_seterror(err, PN_ELIMIT, "more than 255 layers");
  if (res->stopped)
    return pn_seterror(err, PN_ELIMIT, "time limit of %g s reached",
                       lim ? lim->time_limit : 0.0);
  return PN_OK;
nomem:
  return pn_seterror(err, PN_ENOMEM, "out of memory for the ranked space "
                     "(%.2f GB)", (double)bytes / 1e9);
}
