/*
** engine.c -- the exact search engine's entry point for one puzzle:
** pn_search chooses the methods and runs them (distance tables are
** distances.c).
**
** Method "auto" on a window the bitboards can hold:
**   1. bidirectional BFS on hashed states (short puzzles), up to
**      AUTO_QUICK states when the goal is one placement, else within a
**      share of the budget;
**   2. past AUTO_QUICK, A* with window pattern databases (pdb.c); at
**      once when a pn_pdbcache holds the tables; from the start or from
**      the goal by reverse moves, whichever a probe of both finds
**      cheaper (run_astar);
**   3. if that runs out of memory and the ranked space fits the budget,
**      BFS over the whole ranked space (3 bits per state), from the start
**      until the goal is reached.
** A goal with fewer coins than the start (extra coins anywhere) has no
** finite set of goal states to search back from: A* searches forward.
** Windows of 65 to 256 cells with coins all alike go to the wide game
** (wide.c: the bidirectional search, or A* with the goal-cells bound);
** other windows over 64 cells, or with more than 16 labels, to the plain
** BFS.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "coins.h"
#include "engine.h"
#include "fullbfs.h"
#include "keygame.h"
#include "verdict.h"
#include "wide.h"
#include "core/util.h"



/* copy key-search moves into the result as positions */

/* {====================================================================
** One puzzle
** ===================================================================== */

void pn_full_progress(const pn_fullbfs *f, void *ud) {
  const pn_searchopts *o = ud;
  pn_progress p;
  p.phase = "full";
  p.depth = f->maxdepth;
  p.total = 0;
  p.states = f->reached;
  p.layer = f->layer[f->maxdepth];
  p.seconds = f->seconds;
  p.memory = f->memory;
  o->progress(&p, o->progress_ud);
}

static const char *full_name(const pn_fullbfs *f) {
  return f->two ? "full-space BFS (two bits per state)"
       : f->lean ? "full-space BFS (lean: depths mod 3)"
                 : pn_method_name(PN_M_FULL);
}
/*
** A path of exactly dist moves from start to goal (a fixed configuration)
** found by a search of its own: the two-bit encoding keeps no depths to
** walk back through (fullbfs.c, note 6).  The search is the auto method
** (never the two-bit one again) under what is left of the limits; its
** length is checked against the table's, two exact methods that must
** agree.  *moves gets dist + 1 slots (at least one).  PN_ELIMIT, with the
** search's reason in err, when a limit stopped it.
*/
int pn_path_by_search(const pn_board *w, const pn_rule *r,
                          const pn_config *start, const pn_config *goal,
                          int dist, const pn_searchopts *o,
                          const pn_limits *lim, pn_move **moves,
                          pn_error *err) {
  pn_searchopts o2;
  pn_result res;
  int rc;
  if (o) o2 = *o; else memset(&o2, 0, sizeof o2);
  o2.lim = *lim;
  o2.method = PN_M_AUTO;
  o2.encoding = PN_ENC_LEAN;
  o2.pdbcache = NULL;
  pn_result_init(&res);
  rc = pn_search(w, r, start, goal, PN_FIXED, &o2, &res, err);
  if (rc != PN_OK) { pn_result_clear(&res); return rc; }
  if (res.verdict == PN_UNKNOWN) {     /* the caller says the rest */
    rc = pn_seterror(err, PN_ELIMIT, "%.200s", res.reason);
  } else if (res.verdict != PN_SOLVED || res.nmoves != (size_t)dist) {
    rc = pn_seterror(err, PN_EINTERNAL, "penny bug: the distance table (two "
                     "bits per state) has a target at %d moves, the search "
                     "for its path says %s", dist, res.reason);
  } else {
    *moves = malloc(((size_t)dist + 1) * sizeof **moves);
    if (!*moves) rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    else if (dist) memcpy(*moves, res.moves, (size_t)dist * sizeof **moves);
  }
  pn_result_clear(&res);
  return rc;
}

/* BFS over the ranked space from the start to the goal states */
static int run_full(const pn_coingame *cg, const pn_rule *r,
                    const pn_config *start, const pn_searchopts *o,
                    const pn_limits *lim, pn_result *res, pn_error *err) {
  pn_fullbfs f;
  bbstate st;
  uint64_t *targets;
  size_t i;
  int rc, best = -1, at = -1;
  if (!cg->full)
    return pn_seterror(err, PN_EINVAL, "the full-space search needs a goal "
                       "with every coin");
  bb_from_config(&cg->s, cg->w, start, &st);
  targets = malloc((cg->npat + 1) * sizeof *targets);
  if (!targets) return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (i = 0; i < cg->npat; i++) targets[i] = bb_rank(&cg->s, &cg->pat[i]);
  if ((rc = pn_fullbfs_init(&f, &cg->s, lim, o ? o->threads : 0,
                            o ? o->encoding : PN_ENC_AUTO, NULL,
                            o ? o->lifted : 0, o ? o->scratch : NULL, err))
      != PN_OK) {
    free(targets);
    if (rc != PN_ELIMIT) return rc;
    /* the space does not fit the budget: a limit, not an error (the
    ** callers checked that the start is not the goal) */
    res->verdict = PN_UNKNOWN;
    if (res->lower_bound < 1) res->lower_bound = 1;
    snprintf(res->reason, sizeof res->reason, "full-space BFS: %.200s; A* "
             "('astar') and the bidirectional search ('bidir') keep only the "
             "states they reach", err->msg);
    return PN_OK;
  }
  /* any one goal placement ends the search */
  rc = pn_fullbfs_run(&f, &st, targets, cg->npat, PN_STOP_ANY,
                      o && o->progress ? pn_full_progress : NULL, (void *)o, err);
  res->states = f.reached;
  res->expanded = f.expanded;
  res->depth = f.complete_depth;
  res->memory = f.memory;
  if (rc == PN_OK) {
    for (i = 0; i < cg->npat; i++) {
      int d = pn_fullbfs_dist(&f, i);
      if (d >= 0 && (best < 0 || d < best)) { best = d; at = (int)i; }
    }
    if (best < 0) {
      res->verdict = PN_UNSOLVABLE;
      snprintf(res->reason, sizeof res->reason, "complete search (%s): all "
               "%llu reachable configurations examined", full_name(&f),
               (unsigned long long)f.reached);
    } else if (f.two) {
      /* the goal placement reached, and its path by another search */
      pn_config goal;
      char name[64];
      snprintf(name, sizeof name, "%s", full_name(&f));
      pn_config_init(&goal);
      pn_fullbfs_free(&f);              /* the path search needs the room */
      rc = bb_to_config(&cg->s, cg->w, &cg->pat[at], &goal, err);
      if (rc == PN_OK)
        rc = pn_path_by_search(cg->w, r, start, &goal, best, o, lim,
                            &res->moves, err);
      pn_config_clear(&goal);
      if (rc == PN_OK) {
        res->nmoves = (size_t)best;
        res->verdict = PN_SOLVED;
        snprintf(res->reason, sizeof res->reason, "optimal: %s completed "
                 "every layer up to %d moves without reaching the goal (the "
                 "path found by a search of its own, of the same length)",
                 name, best - 1);
      } else if (rc == PN_ELIMIT) {
        /* the length is proven, the path is not found: no solution */
        res->verdict = PN_UNKNOWN;
        res->lower_bound = best;
        snprintf(res->reason, sizeof res->reason, "%.40s: the goal is %d moves "
                 "away and no fewer, but the search for the path stopped "
                 "(%.120s)", name, best, err->msg);
        rc = PN_OK;
      }
    } else {
      int *from = malloc(((size_t)best + 1) * sizeof *from);
      int *to = malloc(((size_t)best + 1) * sizeof *to);
      if (!from || !to || pn_fullbfs_path(&f, (size_t)at, from, to) != best)
        rc = pn_seterror(err, PN_EINTERNAL, "penny bug: full-space path "
                         "reconstruction failed");
      else {
        res->moves = malloc(((size_t)best + 1) * sizeof *res->moves);
        if (!res->moves) rc = pn_seterror(err, PN_ENOMEM, "out of memory");
        else {
          for (i = 0; i < (size_t)best; i++) {
            res->moves[i].from = pn_board_cell(cg->w, (size_t)from[i]);
            res->moves[i].to = pn_board_cell(cg->w, (size_t)to[i]);
          }
          res->nmoves = (size_t)best;
          res->verdict = PN_SOLVED;
          snprintf(res->reason, sizeof res->reason, "optimal: %s completed "
                   "every layer up to %d moves without reaching the goal",
                   full_name(&f), best - 1);
        }
      }
      free(from);
      free(to);
    }
  } else if (rc == PN_ELIMIT) {
    int earlier = res->lower_bound > f.complete_depth + 1;
    res->verdict = PN_UNKNOWN;
    if (!earlier) res->lower_bound = f.complete_depth + 1;
    snprintf(res->reason, sizeof res->reason, "%s: %.180s; at least %d "
             "moves%s", full_name(&f), err->msg, res->lower_bound,
             earlier ? " (proven by an earlier stage)" : "");
    rc = PN_OK;
  }
  pn_fullbfs_free(&f);          /* a no-op after the two-bit branch */
  free(targets);
  return rc;
}

#define AUTO_QUICK ((size_t)1 << 22)
/* states of auto's search from both ends before A* on the plain states
** (bfs.c): a few hundredths of a second */
#define PLAIN_QUICK ((size_t)1 << 17)
/* states each way of A*'s direction probe (penny.h, PN_DIR_AUTO): about
** half a second, and a larger probe chooses no better (BENCHMARKS.md) */
#define PN_DIR_PROBE ((size_t)1 << 20)
/* the forward probe goes on, before the second set of tables is built,
** for as many states as A* stores in the time the first set took to
** build (at about PN_DIR_RATE states a second), so that a puzzle solved
** in that time pays no second build (short puzzles would pay more for the
** second tables than they save) */
#define PN_DIR_RATE 1.5e6
/* states of each probe when a pn_pdbcache holds the second set already:
** a probe then costs its states alone.  With every table held, the
** font5x9 puzzles to H, S and U stored the fewest states with 2^18 (2^16,
** 2^17, 2^19, 2^20 more); the whole font5x9 set 4% fewer than with 2^20,
** a few long puzzles going the worse way (BENCHMARKS.md, part D) */
#define PN_DIR_HELD ((size_t)1 << 18)
/* short probes whose counts at their highest common bound lie within a
** factor PN_DIR_CLOSE of each other (or that finish no bound in common)
** probe again, both up to PN_DIR_PROBE: on the font5x9 puzzles to Q, with
** every table held, 94 M states stored instead of 189 M (to H, S and U:
** 184 M instead of 172 M) */
#define PN_DIR_CLOSE 2

/* the counts of a finished stage of key search into res; kr is cleared */
static void take_stage(pn_result *res, pn_keyresult *kr) {
  /* what a stage proved stays proven (res->lower_bound: the best bound
  ** of the stages before the last) */
  if ((kr->stopped || kr->paused) && kr->lower_bound > res->lower_bound)
    res->lower_bound = kr->lower_bound;
  res->states += kr->states;
  res->expanded += kr->expanded;
  if (kr->memory > res->memory) res->memory = kr->memory;
  pn_keyresult_clear(kr);
  memset(kr, 0, sizeof *kr);
}

/* The successors met on random walks from the start (a fixed seed, so
** the same on every run), walks of WALKLEN steps that never enter a
** state the databases prove dead: a sample of what A* lists, to choose
** the dead-subset bit sets that catch the most. */
#define SAMPLE 4096
#define WALKLEN 24

static void choose_bits(const pn_coingame *cg, uint64_t start, pn_pdb *pdb) {
  const pn_keygame *g = &cg->game;
  uint64_t *out = malloc((size_t)g->maxsucc * sizeof *out), x = start, next;
  uint64_t seed = 0x9e3779b97f4a7c15u;
  uint32_t *mv = malloc((size_t)g->maxsucc * sizeof *mv);
  bb_t *m = malloc(SAMPLE * sizeof *m);
  size_t n = 0, step;
  if (out && mv && m) {
    for (step = 0; n < SAMPLE && step < 4 * SAMPLE; step++) {
      bbstate st;
      int k;
      if (step % WALKLEN == 0) x = start;
      if ((k = g->succ(g->ud, x, out, mv)) == 0) { x = start; continue; }
      seed = pn_mix64(seed);
      next = out[seed % (uint64_t)k];
      pn_coingame_state(cg, next, &st);
      m[n] = bb_union(&cg->s, &st);
      if (pn_pdb_h(pdb, m[n++]) < PN_PDB_DEAD) x = next;
    }
    pn_pdb_choose_bits(pdb, m, n);
  }
  free(out);
  free(mv);
  free(m);
}

/* the threads a search runs on */
static int nthreads(const pn_searchopts *o) {
  return o && o->threads > 0 ? o->threads : pn_ncores();
}

/* The tables for A* on game g (from its start key), toward its goal, or
** from its source when `from` (g the reversed game): window pattern
** databases when the goal has one placement and their tables fit a
** quarter of the budget (the largest windows that do), else none (the
** goal-cells bound alone).  They come from the cache when it holds the
** same ones (*held: the bytes of its tables, already taken from keylim),
** else they are built (and kept in the cache, when there is one).
** PN_EINTR / PN_ELIMIT when a limit stops the build (err says which). */
static int get_tables(pn_coingame *g, int from, uint64_t key,
                      const pn_searchopts *o, pn_limits *keylim, pn_pdb *pdb,
                      size_t *held, pn_result *res, pn_error *err) {
  pn_pdbcache *cache = o ? o->pdbcache : NULL;
  bb_t cells = bb_union(&g->s, &g->pat[0]);
  double t0 = pn_clock();
  int rc;
  g->pdb = NULL;
  if (g->npat != 1 || (o && o->pdb < 0)) return PN_OK;
  /* the cells of the bitboard space are the board's, in order */
  if (!pn_pdb_plan_fit(pdb, g->s.ncoin, g->w, o ? o->pdb : 0,
                       PN_PDB_DEFCELLS, (keylim->max_memory + *held) / 4,
                       nthreads(o)))
    return PN_OK;
  pdb->from = from;
  if (cache && (g->pdb = pn_pdbcache_find(cache, from, &g->s, cells, pdb))) {
    memset(pdb, 0, sizeof *pdb);
    cache->reuses++;
    res->pdb_reused = 1;
    return PN_OK;
  }
  if (cache) {                  /* held with other windows: they go */
    pn_pdb *q = pn_pdbcache_find(cache, from, &g->s, cells, NULL);
    if (q) {
      keylim->max_memory += q->bytes;
      *held -= q->bytes;
      pn_pdbcache_drop(q);
    }
  }
  rc = pn_pdb_build(pdb, &g->s, cells, nthreads(o), keylim, t0, err);
  if (rc == PN_EINTR || rc == PN_ELIMIT) {
    memset(pdb, 0, sizeof *pdb);
    return rc;
  }
  if (rc != PN_OK) {                    /* on with the goal-cells bound */
    memset(pdb, 0, sizeof *pdb);
    return PN_OK;
  }
  choose_bits(g, key, pdb);
  res->pdb_seconds += pdb->seconds;
  keylim->max_memory -= pdb->bytes;
  if (cache) {
    size_t freed = 0;
    g->pdb = pn_pdbcache_keep(cache, pdb, &g->s, cells, &freed);
    keylim->max_memory += freed;
    *held -= freed;
    cache->builds++;
  } else {
    g->pdb = pdb;
  }
  return PN_OK;
}

/* The states stored when each bound was done (+ 1; 0: not done), seen
** through the game's progress callback, which goes on to the caller's */
typedef struct bounds_seen {
  uint64_t at[256];
  void (*fn)(const pn_progress *p, void *ud);
  void *ud;
} bounds_seen;

static void seen_progress(const pn_progress *p, void *ud) {
  bounds_seen *b = ud;
  /* "depth f" is reported as bucket f starts: bound f - 1 is done */
  if (p->depth >= 1 && p->depth <= 256) b->at[p->depth - 1] = p->states + 1;
  if (b->fn) b->fn(p, b->ud);
}

/* A* on game g from key under lim */
static int astar_on(pn_coingame *g, uint64_t key, const pn_searchopts *o,
                    const pn_limits *lim, const char *label,
                    pn_keyresult *kr, pn_error *err) {
  pn_keygame game = g->game;
  game.label = label;
  memset(kr, 0, sizeof *kr);
  return pn_key_astar(&game, key, nthreads(o), lim, kr, err);
}

/* whether the tables prove g's goal out of reach from key (then res says
** so) */
static int proven_dead(pn_coingame *g, uint64_t key, pn_result *res) {
  if (!g->pdb || g->game.h(g, key) < PN_PDB_DEAD) return 0;
  res->verdict = PN_UNSOLVABLE;
  snprintf(res->reason, sizeof res->reason, "the relaxed puzzle of a "
           "window pattern database has no solution (coins leaving "
           "the window for free, its outside counted as occupied)");
  return 1;
}

/* a stop of a key search by a limit while building tables */
static void stopped_building(pn_coingame *g, uint64_t key, int rc,
                             const pn_error *err, pn_keyresult *kr) {
  kr->stopped = rc;
  snprintf(kr->why, sizeof kr->why, "%.150s", err->msg);
  kr->lower_bound = g->game.h(g, key);
}

/* the moves of a backward search, in the order of the real game */
static void turn_around(pn_keyresult *kr) {
  size_t i, n = kr->nmoves;
  for (i = 0; i < n / 2; i++) {
    uint32_t t = kr->moves[i];
    kr->moves[i] = kr->moves[n - 1 - i];
    kr->moves[n - 1 - i] = t;
  }
}

/* whether the backward search looks cheaper by the probes' counts
** (seen[0] forward, seen[1] backward); *close: whether the counts at
** their highest common bound lie within PN_DIR_CLOSE of each other, or
** they finished no bound in common */
static int choose_back(const bounds_seen *seen, int *close) {
  int b, hf = -1, hb = -1, common = -1;
  uint64_t f, k;
  for (b = 0; b < 256; b++) {
    if (seen[0].at[b]) hf = b;
    if (seen[1].at[b]) hb = b;
    if (seen[0].at[b] && seen[1].at[b]) common = b;
  }
  if (common < 0) {
    *close = 1;
    return hb > hf;
  }
  f = seen[0].at[common];
  k = seen[1].at[common];
  *close = f < PN_DIR_CLOSE * k && k < PN_DIR_CLOSE * f;
  return k < f;
}

/* the probe *h run on until it holds `pause` states; ended (*h NULL)
** unless it paused */
static int probe_run(pn_astar **h, size_t pause, pn_keyresult *kr,
                     pn_error *err) {
  int rc = pn_astar_run(*h, pause, kr, err);
  if (rc != PN_OK || !kr->paused) {
    pn_astar_end(*h);
    *h = NULL;
  }
  return rc;
}

/* A probe: A* on game g from key under lim, paused once it holds `pause`
** states (0: run to the end), the bounds it completes in seen.  *h keeps
** a paused probe (else NULL), to be run on or dropped (probe_drop) */
static int probe_on(pn_coingame *g, uint64_t key, const pn_searchopts *o,
                    const pn_limits *lim, bounds_seen *seen, size_t pause,
                    const char *label, pn_astar **h, pn_keyresult *kr,
                    pn_error *err) {
  pn_keygame game = g->game;
  int rc;
  game.label = label;
  memset(seen->at, 0, sizeof seen->at);
  seen->fn = game.progress;
  seen->ud = game.progress_ud;
  game.progress = seen_progress;
  game.progress_ud = seen;
  memset(kr, 0, sizeof *kr);
  *h = NULL;
  if ((rc = pn_astar_begin(&game, key, nthreads(o), lim, h, err)) != PN_OK)
    return rc;
  return probe_run(h, pause, kr, err);
}

/* a paused probe given up: what it stored counts in res */
static void probe_drop(pn_astar **h, pn_keyresult *kr, pn_result *res) {
  if (!*h) return;
  pn_astar_end(*h);
  *h = NULL;
  take_stage(res, kr);
}

/*
** A* from the start (cg, key) or from the goal by reverse moves (bg, the
** reversed game, from bkey; NULL when the goal is not one placement with
** every coin).  Which way pays depends on the puzzle: the bound is
** weakest far from the end it is measured to, and the states A* stores
** pile up where it is weakest: either way can store several times fewer
** states than the other (BENCHMARKS.md).  PN_DIR_AUTO probes forward
** (PN_DIR_RATE), then backward up to PN_DIR_PROBE states (both
** PN_DIR_HELD when the start's tables are held, and on up to PN_DIR_PROBE
** on a close call; a probe that ends the search is the answer) and then
** runs on the probe of the way that stored fewer states to finish the
** highest bound both finished (the growth from bound to bound is steady,
** so the early bounds tell).  A probe pauses between two batches, the
** other way's probe runs with what it holds taken from the memory budget,
** and the chosen one runs on: the same search as one from scratch, less
** the states it had stored (where the budget is small, under 8 times what
** a probe holds, it starts afresh instead).  *g_used: the game whose
** result kr holds (its moves already in the real game's order).  Sets res
** (unsolvable) when tables prove the goal out of reach.
*/
static int run_astar(pn_coingame *cg, uint64_t key, pn_coingame *bg,
                     uint64_t bkey, const pn_searchopts *o,
                     pn_limits *keylim, pn_pdb *pdb, size_t *held,
                     pn_keyresult *kr, pn_result *res,
                     pn_coingame **g_used, pn_error *err) {
  int dir = o ? o->direction : PN_DIR_AUTO, rc, back;
  bounds_seen *seen = NULL;
  size_t cap = PN_DIR_PROBE, mx = keylim->max_states, lent = 0;
  int again = 0;                      /* a close call may probe again */
  int resume = 0;                     /* the chosen probe runs on */
  pn_astar *h[2] = { NULL, NULL };    /* the probes, paused */
  pn_keyresult pk[2];                 /*   and what they stored */
  *g_used = cg;
  memset(pk, 0, sizeof pk);
  if (dir == PN_DIR_BACKWARD && !bg)
    return pn_seterror(err, PN_EINVAL, "a backward search needs a goal of "
                       "one placement with every coin");
  if (dir != PN_DIR_BACKWARD) {
    rc = get_tables(cg, 0, key, o, keylim, &pdb[0], held, res, err);
    if (rc == PN_EINTR || rc == PN_ELIMIT) {
      stopped_building(cg, key, rc, err, kr);
      return PN_OK;
    }
    if (proven_dead(cg, key, res)) return PN_OK;
  }
  if (dir == PN_DIR_FORWARD || (dir == PN_DIR_AUTO && !bg))
    return astar_on(cg, key, o, keylim, "A* forward", kr, err);
  back = dir == PN_DIR_BACKWARD;
  if (!back) {
    /* the forward probe */
    pn_pdbcache *cache = o ? o->pdbcache : NULL;
    /* tables from the start held already cost nothing more: both probes
    ** are then short */
    int held_from = cache && pn_pdbcache_find(cache, 1, &bg->s,
                                              bb_union(&bg->s, &bg->pat[0]),
                                              NULL);
    size_t probe = held_from ? PN_DIR_HELD : PN_DIR_PROBE, fcap;
    double more = cg->pdb && !held_from ? cg->pdb->seconds * PN_DIR_RATE
                                        : 0;
    fcap = more > (double)probe ? (size_t)more : probe;
    cap = fcap < probe ? fcap : probe;
    again = held_from && (!mx || mx > PN_DIR_PROBE);
    if (!(seen = malloc(2 * sizeof *seen)))
      return pn_seterror(err, PN_ENOMEM, "out of memory");
    /* under the caller's cap, a probe that reaches it is the answer */
    rc = probe_on(cg, key, o, keylim, &seen[0], mx && fcap >= mx ? 0 : fcap,
                  "A* probe forward", &h[0], kr, err);
    if (!kr->paused) goto done;
    pk[0] = *kr;
    /* the other way's search takes what the paused one holds from the
    ** budget; under a small budget each way starts afresh instead */
    lent = pn_astar_memory(h[0]);
    resume = lent <= keylim->max_memory / 8;
    if (!resume) {
      probe_drop(&h[0], &pk[0], res);
      lent = 0;
    }
    keylim->max_memory -= lent;
  }
  rc = get_tables(bg, 1, bkey, o, keylim, &pdb[1], held, res, err);
  if (rc == PN_EINTR || rc == PN_ELIMIT) {
    stopped_building(bg, bkey, rc, err, kr);
    rc = PN_OK;
    goto done;
  }
  if (proven_dead(bg, bkey, res)) { rc = PN_OK; goto done; }
  if (!back) {
    /* the backward probe, then the choice */
    int close;
    rc = probe_on(bg, bkey, o, keylim, &seen[1], mx && cap >= mx ? 0 : cap,
                  "A* probe backward", &h[1], kr, err);
    if (!kr->paused) { back = 1; goto done; }
    pk[1] = *kr;
    if (!resume) probe_drop(&h[1], &pk[1], res);
    back = choose_back(seen, &close);
    if (close && again) {             /* both on, longer */
      int i;
      for (i = 0; i < 2; i++) {
        if (!h[i]) {                  /* afresh */
          rc = probe_on(i ? bg : cg, i ? bkey : key, o, keylim, &seen[i],
                        PN_DIR_PROBE, i ? "A* probe backward"
                                        : "A* probe forward", &h[i], kr,
                        err);
        } else {
          pn_astar_budget(h[i], keylim->max_memory + lent
                                - pn_astar_memory(h[1 - i]));
          rc = probe_run(&h[i], PN_DIR_PROBE, kr, err);
        }
        if (!kr->paused) { back = i; goto done; }
        pk[i] = *kr;
        if (!resume) probe_drop(&h[i], &pk[i], res);
      }
      back = choose_back(seen, &close);
    }
  }
  if (h[back]) {                       /* the chosen probe runs on */
    pn_astar *x = h[back];
    h[back] = NULL;
    probe_drop(&h[1 - back], &pk[1 - back], res);
    keylim->max_memory += lent;
    lent = 0;
    pn_astar_budget(x, keylim->max_memory);
    pn_astar_label(x, back ? "A* backward" : "A* forward");
    rc = pn_astar_run(x, 0, kr, err);
    pn_astar_end(x);
  } else {
    rc = back ? astar_on(bg, bkey, o, keylim, "A* backward", kr, err)
              : astar_on(cg, key, o, keylim, "A* forward", kr, err);
  }
done:
  /* a probe still paused here is given up (the other way ended it) */
  probe_drop(&h[0], &pk[0], res);
  probe_drop(&h[1], &pk[1], res);
  keylim->max_memory += lent;
  free(seen);
  if (back) {
    *g_used = bg;
    res->backward = 1;
    if (rc == PN_OK && kr->found) turn_around(kr);
  }
  return rc;
}

/* method full on a window past the bitboards: the full-space search on
** the wide game's ranked keys (wide.c), then the path by a search of its
** own, as with two bits per state on the bitboards; PN_ELIMIT when the
** wide game cannot be made */
static int wide_full(const pn_board *w, const pn_rule *r,
                     const pn_config *start, const pn_config *goal,
                     pn_goalmode mode, const pn_searchopts *o,
                     const pn_limits *lim, pn_result *res, pn_error *err) {
  pn_config reached;
  int dist, rc;
  double t0 = pn_clock();
  pn_config_init(&reached);
  rc = pn_wide_full(w, r, start, goal, mode, o, lim, res, &reached, &dist,
                    err);
  if (rc == PN_OK && dist == 0) {
    res->verdict = PN_SOLVED;
    snprintf(res->reason, sizeof res->reason, "the start is the goal");
  } else if (rc == PN_OK && dist > 0) {
    rc = pn_path_by_search(w, r, start, &reached, dist, o, lim, &res->moves,
                           err);
    if (rc == PN_OK) {
      res->nmoves = (size_t)dist;
      res->verdict = PN_SOLVED;
      snprintf(res->reason, sizeof res->reason, "optimal: full-space BFS "
               "(ranked keys, two bits per state) completed every layer up "
               "to %d moves without reaching the goal (the path found by a "
               "search of its own, of the same length)", dist - 1);
    } else if (rc == PN_ELIMIT) {
      res->verdict = PN_UNKNOWN;
      res->lower_bound = dist;
      snprintf(res->reason, sizeof res->reason, "full-space BFS (ranked "
               "keys): the goal is %d moves away and no fewer, but the "
               "search for the path stopped (%.120s)", dist, err->msg);
      rc = PN_OK;
    }
  }
  res->seconds = pn_clock() - t0;
  pn_config_clear(&reached);
  return rc;
}

/* how A*'s expansion was partial, for a reason */
/* the coin game's move codes, for pn_key_verdict */
static pn_move coin_move(const void *cg, uint32_t mv) {
  return pn_coingame_move(cg, mv);
}

int pn_search(const pn_board *w, const pn_rule *r, const pn_config *start,
              const pn_config *goal, pn_goalmode mode,
              const pn_searchopts *o, pn_result *res, pn_error *err) {
  pn_coingame cg, bg, *used = NULL;
  pn_limits lim;
  pn_method m = o ? o->method : PN_M_AUTO;
  pn_keyresult kr;
  pn_pdb pdb[2];
  pn_pdbcache *cache = o ? o->pdbcache : NULL;
  pn_pdb *mine[2] = {NULL, NULL};   /* the cache's sets for this puzzle */
  pn_error e2;
  size_t fullneed, held = 0, pdbbytes = 0;
  int rc, hasbg = 0;
  double t0 = pn_clock();
  pn_result_clear(res);
  memset(pdb, 0, sizeof pdb);
  bg.pdb = NULL;                /* the rest only once hasbg (70 KB) */
  if (o) lim = o->lim; else memset(&lim, 0, sizeof lim);
  if (!lim.max_memory) lim.max_memory = pn_default_memory();
  if (!lim.since) lim.since = t0;       /* every stage on the same clock */
  if (o && o->progress && !lim.progress) {
    lim.progress = o->progress;         /* plain BFS, pattern databases */
    lim.progress_ud = o->progress_ud;
  }
  if (m == PN_M_PLAIN) return pn_bfs(w, r, start, goal, mode, &lim, res, err);
  if ((rc = pn_rule_valid(r, err)) != PN_OK) return rc;
  if (r->slide)
    return pn_seterror(err, PN_EINVAL, "the engine does not know slides: "
                       "method 'bfs' searches them");
  if (!pn_board_bounded(w))
    return pn_seterror(err, PN_EINVAL, "the search needs a bounded board "
                       "(or a window of the lattice)");
  if (goal->n > start->n)
    return pn_seterror(err, PN_EINVAL, "the goal has more coins than the start");
  rc = pn_coingame_init(&cg, w, r, start, goal, mode, &e2);
  if (rc == PN_ELIMIT) {            /* too big for the bitboards */
    pn_error e3;
    rc = m == PN_M_FULL
       ? wide_full(w, r, start, goal, mode, o, &lim, res, &e3)
       : pn_search_wide(w, r, start, goal, mode, m, o, &lim, res, &e3);
    if (rc != PN_ELIMIT) {
      if (rc != PN_OK) *err = e3;
      return rc;
    }
    /* keys wider than a word, or labels: the plain search's states, by
    ** A* (in auto too: with the bound "goal coins out of place" it stores
    ** hundreds of states where the search from both ends stores millions,
    ** BENCHMARKS.md part V), or from both ends; fixed goals or any
    ** placement of one */
    if (m == PN_M_BIDIR && goal->n == start->n && !r->slide)
      return pn_bfs_bidir(w, r, start, goal, mode, &lim, res, err);
    if (m == PN_M_AUTO && goal->n == start->n && !r->slide) {
      /* first a short search from both ends: it proves at once a goal
      ** that few configurations reach out of reach, which A* from the
      ** start cannot; then A* */
      pn_limits ql = lim;
      if (!ql.max_states || ql.max_states > PLAIN_QUICK)
        ql.max_states = PLAIN_QUICK;
      rc = pn_bfs_bidir(w, r, start, goal, mode, &ql, res, err);
      if (rc != PN_OK || res->verdict != PN_UNKNOWN) return rc;
    }
    if (m == PN_M_AUTO || m == PN_M_ASTAR)
      return pn_bfs_astar(w, r, start, goal, mode, &lim, res, err);
    return pn_seterror(err, PN_ELIMIT, "%s: %s; method 'bfs' (or 'auto', "
                       "which turns to A*) searches windows of any size",
                       pn_method_name(m), e3.msg);
  }
  if (rc != PN_OK) { *err = e2; return rc; }
  if (cg.npat == 0) {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "the goal does not fit in the "
             "region the coins can reach");
    goto out;
  }
  {
    bbstate st;
    bb_from_config(&cg.s, w, start, &st);
    if (cg.game.is_goal(&cg, pn_coingame_key(&cg, &st))) {
      res->verdict = PN_SOLVED;
      snprintf(res->reason, sizeof res->reason, "the start is the goal");
      goto out;
    }
    /* a side of the cache that is full and holds nothing for this puzzle
    ** frees its oldest set now, before the search builds its own */
    if (cache) {
      bb_t cells[2];
      int side;
      cells[0] = bb_union(&cg.s, &cg.pat[0]);
      cells[1] = bb_union(&cg.s, &st);
      for (side = 0; side < 2; side++) {
        if (cg.npat == 1 && (side == 0 || cg.full))
          mine[side] = pn_pdbcache_find(cache, side, &cg.s, cells[side],
                                        NULL);
        if (!mine[side]
            && pn_pdbcache_count(cache, side) >= cache->keep[side])
          pn_pdbcache_drop_oldest(cache, side, NULL, NULL);
      }
    }
  }
  if (o && o->progress) {
    cg.game.progress = o->progress;
    cg.game.progress_ud = o->progress_ud;
  }
  if (m == PN_M_AUTO) m = cg.full ? PN_M_BIDIR : PN_M_ASTAR;
  if (m == PN_M_FULL) {
    if (cache) pn_pdbcache_clear(cache);    /* the space needs the room */
    rc = run_full(&cg, r, start, o, &lim, res, err);
    goto out;
  }
  if (m == PN_M_BIDIR && !cg.full) {
    rc = pn_seterror(err, PN_EINVAL, "bidirectional search needs a goal "
                     "with every coin (use astar)");
    goto out;
  }
  memset(&kr, 0, sizeof kr);
  {
    bbstate st;
    uint64_t key;
    pn_limits keylim = lim;
    int autom = o ? o->method == PN_M_AUTO : 1, fallback = autom, quick = 0;
    size_t handover = (size_t)(cg.s.size / 32) + 1024;
    bb_from_config(&cg.s, w, start, &st);
    key = pn_coingame_key(&cg, &st);
    /* in auto mode, when the full-space search fits the budget, hand over
    ** to it once the hashed search has stored 1/32 of the space: past that
    ** the ranked search is faster (about 13 bytes and 70-180 hashed
    ** neighbours per hashed state, against 3 bits and sequential scans) */
    pn_fullbfs_bytes(&cg.s, o ? o->threads : 0,
                     o && o->encoding == PN_ENC_BYTE ? PN_ENC_BYTE
                                                     : PN_ENC_LEAN, &fullneed);
    if (fallback && cg.full && fullneed <= lim.max_memory
        && !lim.max_states) {
      if (keylim.max_memory > lim.max_memory / 2)
        keylim.max_memory = lim.max_memory / 2;
      keylim.max_states = handover;
      keylim.probe_levels = 0;  /* the full-space search takes over */
    } else {
      fallback = 0;             /* the caller's limits stop the search */
    }
    /* the tables the cache holds count against the budget of the key
    ** searches (they go before a full-space search): the oldest sets of
    ** other puzzles go until the held ones take less than half of it; if
    ** this puzzle's alone take more, all go */
    if (cache) {
      while (pn_pdbcache_bytes(cache, -1) >= keylim.max_memory / 2
             && pn_pdbcache_drop_oldest(cache, -1, mine[0], mine[1])) {}
      if (pn_pdbcache_bytes(cache, -1) >= keylim.max_memory / 2) {
        pn_pdbcache_clear(cache);
        mine[0] = mine[1] = NULL;
      }
      held = pn_pdbcache_bytes(cache, -1);
      keylim.max_memory -= held;
    }
    /* in auto mode with one goal placement, the bidirectional search
    ** answers short puzzles; past AUTO_QUICK states, A* with pattern
    ** databases takes over (BENCHMARKS.md, part D).  With the tables in
    ** hand, A* at once: it stores far fewer states than the quick stage */
    if (autom && m == PN_M_BIDIR && cg.npat == 1 && (mine[0] || mine[1]))
      m = PN_M_ASTAR;
    if (autom && m == PN_M_BIDIR && cg.npat == 1 && !lim.max_states) {
      quick = 1;
      if (!keylim.max_states || keylim.max_states > AUTO_QUICK)
        keylim.max_states = AUTO_QUICK;
      keylim.probe_levels = 0;
    }
    if (m == PN_M_BIDIR) {
      rc = pn_key_bidir(&cg.game, &key, 1, cg.goals, cg.npat, nthreads(o),
                        &keylim, &kr, err);
      if (rc == PN_OK && quick && kr.stopped == PN_ENOMEM
          && kr.states >= AUTO_QUICK) {
        take_stage(res, &kr);
        m = PN_M_ASTAR;
        keylim.max_states = fallback ? handover : 0;
      }
    }
    if (rc == PN_OK && m == PN_M_ASTAR) {
      uint64_t bkey = 0;
      /* the game of reverse moves, for A* from the goal (the goal one
      ** placement with every coin) */
      if (cg.full && cg.npat == 1 && !(o && o->direction == PN_DIR_FORWARD)) {
        bbstate gs;
        if ((rc = pn_coingame_init(&bg, w, r, goal, start, PN_FIXED, &e2))
            != PN_OK) { *err = e2; goto out; }
        pn_coingame_reverse(&bg);
        hasbg = 1;
        bg.game.progress = cg.game.progress;
        bg.game.progress_ud = cg.game.progress_ud;
        bb_from_config(&bg.s, w, goal, &gs);
        bkey = pn_coingame_key(&bg, &gs);
      }
      rc = run_astar(&cg, key, hasbg ? &bg : NULL, bkey, o, &keylim, pdb,
                     &held, &kr, res, &used, err);
      pdbbytes = (cg.pdb ? cg.pdb->bytes : 0) + (bg.pdb ? bg.pdb->bytes : 0);
      if (rc == PN_OK && res->verdict == PN_UNSOLVABLE) goto out;
    }
    if (rc != PN_OK) { pn_keyresult_clear(&kr); goto out; }
    if (kr.stopped == PN_EINTR) {
      pn_keyresult_clear(&kr);
      rc = pn_seterror(err, PN_EINTR, "interrupted");
      goto out;
    }
    if (kr.stopped == PN_ENOMEM && fallback && cg.full
        && fullneed <= lim.max_memory) {
      take_stage(res, &kr);
      pn_pdb_free(&pdb[0]);
      pn_pdb_free(&pdb[1]);
      cg.pdb = bg.pdb = NULL;
      res->backward = 0;
      if (cache) pn_pdbcache_clear(cache);  /* the space needs the room */
      held = 0;
      rc = run_full(&cg, r, start, o, &lim, res, err);
      goto out;
    }
    used = used ? used : &cg;
    rc = pn_key_verdict(coin_move, used, used->pdb, m, &kr, res, err);
    pn_keyresult_clear(&kr);
  }
out:
  res->seconds = pn_clock() - t0;
  res->memory += pdbbytes ? pdbbytes : held;
  pn_pdb_free(&pdb[0]);
  pn_pdb_free(&pdb[1]);
  if (hasbg) pn_coingame_free(&bg);
  pn_coingame_free(&cg);
  return rc;
}

/* }==================================================================== */
