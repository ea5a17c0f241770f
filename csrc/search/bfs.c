/*
** bfs.c -- plain breadth-first search over the configurations of a bounded
** board: the correctness reference for every faster engine.
**
** A state is the sorted array of its coins, each coin one uint32
** (cell id << 8 | label rank).  States are stored once, in BFS order, in
** the visited set (stateset.h) with their parent's index as payload; the
** parents lead back to the start, and each move is recovered as the
** difference of a state and its parent.  Memory is checked against the
** budget before every allocation, so a search that is too large stops
** with a clear verdict instead of being killed.
**
** pn_bfs_bidir is the same search from both ends, for a goal with every
** coin, on windows that neither the bitboards nor the wide game's
** one-word keys hold (labelled coins past 64 cells, more than 2^63 coin
** sets): each side has its own visited set, the goal's side expands by
** reverse moves from every placement of the goal (one when fixed; up to
** translation or rotation, each image in the window), and the two meet in
** about the square root of the states one side would store.  pn_bfs_astar
** is A* on the same states, bounded by the goal's coins out of place in
** the placement nearest to the state.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bfs.h"
#include "core/stateset.h"
#include "core/util.h"

#define MAX_CELLS ((uint32_t)1 << 24)
#define MAX_RANKS 256
#define DEFAULT_MEMORY ((size_t)1 << 30)

void pn_result_init(pn_result *r) {
  memset(r, 0, sizeof *r);
  r->verdict = PN_UNKNOWN;
}

void pn_result_clear(pn_result *r) {
  free(r->moves);
  pn_result_init(r);
}

typedef struct bfs {
  const pn_board *b;
  const pn_rule *r;
  uint32_t n;                  /* coins per state */
  uint32_t ncell;
  pn_graph g;
  pn_stateset set;              /* the states, each with its parent */
  /* scratch for expansion */
  uint8_t *occ;
  uint8_t *rank;               /* rank of the coin on each cell */
  uint32_t *coins, *cnt, *targets, *child;
  pn_pos *pos;                 /* slides: the coins' positions */
  uint32_t cur;                /* state being expanded */
  int found;                   /* goal index + 1 once found */
  int oom;                     /* budget hit while inserting */
  const pn_stateset *other;    /* both ends: the other side's states */
  int64_t meet;                /* both ends: found there, at this index */
  struct queue *open;          /* A*: the states to expand, by estimate */
  /* A*: the goal's placements by cell: hent[hoff[c] .. hoff[c+1]) are
  ** placement << 16 | label rank + 1 of each placement's coin on cell c;
  ** on[] counts a state's coins on each placement (zero between uses),
  ** touched[] lists the placements counted */
  const size_t *hoff;
  const uint64_t *hent;
  uint32_t *on;
  uint32_t *touched;
  int ngoal;                   /* A*: coins of the goal */
  uint16_t curg;               /* A*: moves to the state expanded */
  pn_goal goal;
  int32_t *labels;             /* rank -> label */
  pn_error *err;
} bfs;

static const uint32_t *state_at(const bfs *s, size_t i) {
  return (const uint32_t *)(const void *)pn_stateset_at(&s->set, i);
}

static uint32_t parent_of(const bfs *s, size_t i) {
  uint32_t p;
  memcpy(&p, pn_stateset_at(&s->set, i) + s->set.keylen, sizeof p);
  return p;
}

/* insert state st (sorted) with parent; returns index, or -1 if it was
** known, or -2 when the budget is exhausted */
static int64_t insert(bfs *s, const uint32_t *st, uint32_t parent) {
  int isnew;
  int64_t i = pn_stateset_put(&s->set, st, &isnew);
  if (i < 0) return -2;
  if (!isnew) return -1;
  memcpy(pn_stateset_at(&s->set, (size_t)i) + s->set.keylen, &parent,
         sizeof parent);
  return i;
}

/* {====================================================================
** Goal test
** ===================================================================== */

static int is_goal(bfs *s, const uint32_t *st) {
  pn_config *c = &s->goal.tmp;
  uint32_t i;
  c->n = 0;
  if (pn_config_reserve(c, s->n, NULL) != PN_OK) return 0;
  for (i = 0; i < s->n; i++) {       /* ids sorted = positions sorted */
    c->pos[i] = pn_board_cell(s->b, st[i] >> 8);
    c->label[i] = s->labels[st[i] & 0xff];
  }
  c->n = s->n;
  return pn_goal_test(&s->goal, c);
}

/* }==================================================================== */


/* {====================================================================
** Expansion and the main loop
** ===================================================================== */

/* {====================================================================
** A*'s open list: a stack of (state index, moves) per estimate f, the
** smallest f first; an entry whose moves are no longer its state's (a
** shorter way was found since) is passed over.  Growth is charged to
** the budget.
** ===================================================================== */

typedef struct queue {
  uint64_t **at;               /* at[f]: index << 16 | g */
  size_t *n, *cap;
  int nf;                      /* estimates with a stack */
} queue;

static int queue_push(queue *q, pn_budget *b, int f, uint64_t e) {
  if (f >= q->nf) {
    int nf = f + 16, k;
    uint64_t **at = realloc(q->at, (size_t)nf * sizeof *at);
    size_t *n, *cap;
    if (!at) return 0;
    q->at = at;
    n = realloc(q->n, (size_t)nf * sizeof *n);
    if (!n) return 0;
    q->n = n;
    cap = realloc(q->cap, (size_t)nf * sizeof *cap);
    if (!cap) return 0;
    q->cap = cap;
    for (k = q->nf; k < nf; k++) { at[k] = NULL; n[k] = cap[k] = 0; }
    q->nf = nf;
  }
  if (q->n[f] == q->cap[f]) {
    size_t c = q->cap[f] ? 2 * q->cap[f] : 1024;
    uint64_t *v;
    if (!pn_budget_take(b, (c - q->cap[f]) * sizeof *v)) return 0;
    if (!(v = realloc(q->at[f], c * sizeof *v))) return 0;
    q->at[f] = v;
    q->cap[f] = c;
  }
  q->at[f][q->n[f]++] = e;
  return 1;
}

static void queue_free(queue *q) {
  int f;
  for (f = 0; f < q->nf; f++) free(q->at[f]);
  free(q->at); free(q->n); free(q->cap);
  memset(q, 0, sizeof *q);
}

/* the goal's coins not on their cells with their labels, in the
** placement that has the most on them: one move puts at most one on and
** takes at most one off in each placement, so the least over placements
** is consistent too */
static int out_of_place(const bfs *s, const uint32_t *st) {
  uint32_t i, nt = 0;
  int best = 0;
  for (i = 0; i < s->n; i++) {
    uint32_t c = st[i] >> 8;
    uint64_t lab = (st[i] & 0xff) + 1;
    size_t e;
    for (e = s->hoff[c]; e < s->hoff[c + 1]; e++)
      if ((s->hent[e] & 0xffff) == lab) {
        uint32_t p = (uint32_t)(s->hent[e] >> 16);
        if (s->on[p]++ == 0) s->touched[nt++] = p;
        if ((int)s->on[p] > best) best = (int)s->on[p];
      }
  }
  for (i = 0; i < nt; i++) s->on[s->touched[i]] = 0;
  return s->ngoal - best;
}

static uint16_t moves_of(const bfs *s, size_t i) {
  uint16_t g;
  memcpy(&g, pn_stateset_at(&s->set, i) + s->set.keylen + sizeof(uint32_t),
         sizeof g);
  return g;
}

/* a state one move after the one expanded: stored, or its way shortened,
** and put on the open list */
static void astar_child(bfs *s, const uint32_t *ch) {
  int isnew;
  int64_t i = pn_stateset_put(&s->set, ch, &isnew);
  uint16_t g = (uint16_t)(s->curg + 1);
  uint8_t *rec;
  if (i < 0) { s->oom = 1; return; }
  rec = pn_stateset_at(&s->set, (size_t)i) + s->set.keylen;
  if (!isnew && moves_of(s, (size_t)i) <= g) return;
  memcpy(rec, &s->cur, sizeof s->cur);
  memcpy(rec + sizeof s->cur, &g, sizeof g);
  if (!queue_push(s->open, &s->set.budget, g + out_of_place(s, ch),
                  (uint64_t)i << 16 | g))
    s->oom = 1;
}

/* }==================================================================== */

static void emit_child(uint32_t from, uint32_t to, void *ud) {
  bfs *s = ud;
  const uint32_t *st = state_at(s, s->cur);
  uint32_t *ch = s->child, i, j, coin = (to << 8) | s->rank[from];
  int placed = 0;
  int64_t idx;
  if (s->found || s->oom) return;
  if (s->r->slide) {
    pn_move m;
    m.from = pn_board_cell(s->b, from);
    m.to = pn_board_cell(s->b, to);
    if (pn_slide_move(s->b, s->pos, s->n, m) != 1) return;
  }
  /* child = st without from, with the new coin inserted in order */
  for (i = j = 0; i < s->n; i++) {
    if ((st[i] >> 8) == from) continue;
    if (!placed && coin < st[i]) { ch[j++] = coin; placed = 1; }
    ch[j++] = st[i];
  }
  if (!placed) ch[j++] = coin;
  if (s->open) { astar_child(s, ch); return; }
  idx = insert(s, ch, s->cur);
  if (idx == -2) { s->oom = 1; return; }
  if (idx < 0) return;
  if (s->other) {
    int64_t at = pn_stateset_find(s->other, ch);
    if (at >= 0) { s->found = (int)(idx + 1); s->meet = at; }
  } else if (is_goal(s, ch)) {
    s->found = (int)(idx + 1);
  }
}

/* the coins of state si into the scratch (occ, rank, coins, pos) */
static void load(bfs *s, uint32_t si) {
  uint32_t i;
  const uint32_t *st = state_at(s, si);
  s->cur = si;
  for (i = 0; i < s->n; i++) {
    uint32_t c = st[i] >> 8;
    s->coins[i] = c;
    s->occ[c] = 1;
    s->rank[c] = (uint8_t)(st[i] & 0xff);
    if (s->r->slide) s->pos[i] = pn_board_cell(s->b, c);
  }
}

static void unload(bfs *s) {
  uint32_t i;
  for (i = 0; i < s->n; i++) s->occ[s->coins[i]] = 0;
}

static void expand(bfs *s, uint32_t si) {
  load(s, si);
  pn_dense_moves(&s->g, s->r->d, s->occ, s->coins, s->n, s->cnt, s->targets,
                 emit_child, s);
  unload(s);
}

/* the states one move before si: a coin with at least d neighbours among
** the others came from any free cell (no slides) */
static void expand_back(bfs *s, uint32_t si) {
  uint32_t i, j, a;
  load(s, si);
  for (i = 0; i < s->n && !s->found && !s->oom; i++) {
    uint32_t t = s->coins[i];
    int k = 0;
    for (j = s->g.off[t]; j < s->g.off[t + 1]; j++) k += s->occ[s->g.nbr[j]];
    if (k < s->r->d) continue;
    for (a = 0; a < s->ncell && !s->found && !s->oom; a++)
      if (!s->occ[a]) emit_child(t, a, s);
  }
  unload(s);
}

/* the move from state a to state b, which differ in exactly one coin:
** both sorted arrays walked */
static pn_move move_between(const bfs *s, const uint32_t *a,
                            const uint32_t *b) {
  uint32_t x = 0, y = 0, from = 0, to = 0;
  pn_move m;
  while (x < s->n || y < s->n) {
    if (y >= s->n || (x < s->n && a[x] < b[y])) from = a[x++] >> 8;
    else if (x >= s->n || b[y] < a[x]) to = b[y++] >> 8;
    else { x++; y++; }
  }
  m.from = pn_board_cell(s->b, from);
  m.to = pn_board_cell(s->b, to);
  return m;
}

/* moves from the start to state idx, recovered from the parent links (a
** root is its own parent); then, with back (the goal's side of a search
** from both ends), the moves from its state bidx on to the goal */
static int path(bfs *s, uint32_t idx, const bfs *back, uint32_t bidx,
                pn_result *res) {
  size_t len = 0, k;
  uint32_t i;
  for (i = idx; parent_of(s, i) != i; i = parent_of(s, i)) len++;
  if (back)
    for (i = bidx; parent_of(back, i) != i; i = parent_of(back, i)) len++;
  res->moves = malloc((len + 1) * sizeof *res->moves);
  if (!res->moves) return pn_seterror(s->err, PN_ENOMEM, "out of memory");
  res->nmoves = len;
  k = len;
  if (back) {
    /* the goal's side, from its end: state i reached by reverse moves from
    ** its parent, so the move goes from i to the parent */
    size_t m = 0;
    for (i = bidx; parent_of(back, i) != i; i = parent_of(back, i)) m++;
    k = len - m;
    for (i = bidx; parent_of(back, i) != i; i = parent_of(back, i))
      res->moves[k++] = move_between(back, state_at(back, i),
                                     state_at(back, parent_of(back, i)));
    k = len - m;
  }
  for (i = idx; parent_of(s, i) != i; i = parent_of(s, i))
    res->moves[--k] = move_between(s, state_at(s, parent_of(s, i)),
                                   state_at(s, i));
  return PN_OK;
}

static void bfs_free(bfs *s) {
  pn_stateset_free(&s->set);
  free(s->occ); free(s->rank); free(s->coins); free(s->cnt);
  free(s->targets); free(s->child); free(s->labels); free(s->pos);
  free((void *)s->hoff); free((void *)s->hent); free(s->on);
  free(s->touched);
  pn_goal_free(&s->goal);
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* encode a configuration as a state; 0 if a coin is off the board */
static int encode(bfs *s, const pn_config *c, uint32_t *st, int nranks) {
  size_t i;
  for (i = 0; i < c->n; i++) {
    int64_t id = pn_board_index(s->b, c->pos[i]);
    int r;
    if (id < 0) return 0;
    for (r = 0; r < nranks && s->labels[r] != c->label[i]; r++) {}
    st[i] = ((uint32_t)id << 8) | (uint32_t)r;
  }
  qsort(st, c->n, sizeof *st, cmp_u32);
  return 1;
}

/* The goal's placements in the window, each an encoded state of its
** coins: the goal itself when fixed, else each of its images under the
** mode's symmetries and translations (pn_goal_placements) with every coin
** on a cell of the window; the goal's labels are checked once against
** the start s->child (encoded), as every placement has them. */
typedef struct placements {
  const bfs *s;
  int nranks;
  uint32_t ngoal;
  uint32_t *rows;              /* np rows of ngoal coins, each sorted */
  size_t np, cap;
  int nomem;
} placements;

static int add_placement(const pn_config *c, void *ud) {
  placements *pl = ud;
  const bfs *s = pl->s;
  uint32_t *row;
  size_t i;
  if (pl->np == pl->cap) {
    size_t cap = pl->cap ? 2 * pl->cap : 16;
    uint32_t *v = realloc(pl->rows, cap * pl->ngoal * sizeof *v);
    if (!v) { pl->nomem = 1; return 0; }
    pl->rows = v; pl->cap = cap;
  }
  row = pl->rows + pl->np * pl->ngoal;
  /* its labels are the goal's, checked against the start's already */
  for (i = 0; i < c->n; i++) {
    int64_t id = pn_board_index(s->b, c->pos[i]);
    int k;
    if (id < 0) return 0;
    for (k = 0; k < pl->nranks && s->labels[k] != c->label[i]; k++) {}
    row[i] = (uint32_t)id << 8 | (uint32_t)k;
  }
  qsort(row, c->n, sizeof *row, cmp_u32);
  pl->np++;
  return 0;
}

/* the placements into *pl (free pl->rows); PN_OK with pl->np == 0 when
** there is none, and res says why: the goal is out of reach */
static int goal_placements(const bfs *s, const pn_config *goal,
                           pn_goalmode mode, int nranks, placements *pl,
                           pn_result *res, pn_error *err) {
  pn_goal g;
  uint32_t count[MAX_RANKS], need[MAX_RANKS];
  size_t i;
  int rc, k;
  memset(pl, 0, sizeof *pl);
  pl->s = s; pl->nranks = nranks; pl->ngoal = (uint32_t)goal->n;
  memset(count, 0, sizeof count);
  memset(need, 0, sizeof need);
  for (i = 0; i < s->n; i++) count[s->child[i] & 0xff]++;
  for (i = 0; i < goal->n; i++) {
    for (k = 0; k < nranks && s->labels[k] != goal->label[i]; k++) {}
    if (k == nranks || ++need[k] > count[k]) {
      res->verdict = PN_UNSOLVABLE;
      snprintf(res->reason, sizeof res->reason,
               "the goal's labels are not among the start's");
      return PN_OK;
    }
  }
  if ((rc = pn_goal_init(&g, s->b, goal, mode, err)) != PN_OK) return rc;
  rc = pn_goal_placements(&g, add_placement, pl, err);
  pn_goal_free(&g);
  if (rc == PN_OK && pl->nomem)
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
  if (rc == PN_OK && pl->np == 0) {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, mode == PN_FIXED
             ? "a coin of the goal is outside the region the coins can reach"
             : "the goal fits nowhere in the region the coins can reach");
  }
  return rc;
}

/* every 1024 expansions, the limits: PN_OK to go on; PN_ELIMIT when the
** time is up (res: unknown, at least bound moves); PN_EINTR on Ctrl-C
** (err set) */
static int poll_limits(const pn_limits *lim, double t0, size_t expanded,
                       int bound, size_t states, pn_result *res,
                       pn_error *err) {
  int stop;
  if ((expanded & 1023) != 0) return PN_OK;
  stop = pn_poll(lim, t0);
  if (stop == PN_EINTR) return pn_seterror(err, PN_EINTR, "interrupted");
  if (stop == PN_ELIMIT) {
    res->verdict = PN_UNKNOWN;
    res->lower_bound = bound;
    snprintf(res->reason, sizeof res->reason, "time limit of %g s reached "
             "after %zu states; at least %d moves", lim->time_limit, states,
             bound);
    return PN_ELIMIT;
  }
  return PN_OK;
}

/* the verdict when the budget is spent: unknown, at least bound moves */
static void too_large(pn_result *res, size_t states, size_t bytes,
                      int bound) {
  res->verdict = PN_UNKNOWN;
  res->lower_bound = bound;
  snprintf(res->reason, sizeof res->reason, "too large for this solver: "
           "stopped at the limit of %zu states (%.0f MB), at least %d moves",
           states, bytes / 1e6, bound);
}

/* one side of a search: the checks, the label ranks (in order of first
** appearance in the start, so that both sides of a search from both ends
** agree), the visited set under 1/parts of lim's memory and states, the
** scratch.  The caller frees s (bfs_free) whatever this returns. */
static int open_side(bfs *s, const pn_board *b, const pn_rule *r,
                     const pn_config *start, const pn_config *goal,
                     const pn_limits *lim, size_t parts, size_t payload,
                     int *nranks, pn_error *err) {
  int rc;
  size_t i;
  memset(s, 0, sizeof *s);
  s->b = b; s->r = r; s->err = err;
  *nranks = 0;
  if (goal->n > start->n)
    return pn_seterror(err, PN_EINVAL, "the goal has more coins (%zu) than "
                       "the start (%zu)", goal->n, start->n);
  if ((rc = pn_rule_valid(r, err)) != PN_OK) return rc;
  if (!pn_board_bounded(b))
    return pn_seterror(err, PN_EINVAL, "plain BFS needs a bounded board "
                       "(or a window of the lattice)");
  if (pn_board_ncells(b) > MAX_CELLS)
    return pn_seterror(err, PN_ELIMIT, "too large for this solver: %zu "
                       "cells (plain BFS handles up to %u)",
                       pn_board_ncells(b), (unsigned)MAX_CELLS);
  if (start->n == 0)
    return pn_seterror(err, PN_EINVAL, "the start has no coins");
  s->n = (uint32_t)start->n;
  s->ncell = (uint32_t)pn_board_ncells(b);
  pn_board_csr(b, &s->g);
  pn_stateset_init(&s->set, s->n * sizeof(uint32_t), payload,
                   (lim && lim->max_memory ? lim->max_memory
                                           : DEFAULT_MEMORY) / parts,
                   (lim && lim->max_states ? lim->max_states
                                           : UINT32_MAX) / parts);
  s->labels = malloc(MAX_RANKS * sizeof *s->labels);
  if (!s->labels) return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (i = 0; i < start->n; i++) {
    int k;
    for (k = 0; k < *nranks && s->labels[k] != start->label[i]; k++) {}
    if (k == *nranks) {
      if (*nranks == MAX_RANKS)
        return pn_seterror(err, PN_ELIMIT, "too many distinct labels for "
                           "plain BFS (at most %d)", MAX_RANKS);
      s->labels[(*nranks)++] = start->label[i];
    }
  }
  s->occ = calloc(s->ncell, 1);
  s->rank = calloc(s->ncell, 1);
  s->cnt = calloc(s->ncell, sizeof *s->cnt);
  s->targets = malloc(s->ncell * sizeof *s->targets);
  s->coins = malloc(s->n * sizeof *s->coins);
  s->child = malloc(s->n * sizeof *s->child);
  s->pos = malloc((s->n + 1) * sizeof *s->pos);
  if (!s->occ || !s->rank || !s->cnt || !s->targets || !s->coins || !s->child
      || !s->pos)
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  (void)pn_budget_take(&s->set.budget,                /* the scratch */
                        s->ncell * (2 + 2 * sizeof(uint32_t)));
  return PN_OK;
}

int pn_bfs(const pn_board *b, const pn_rule *r, const pn_config *start,
           const pn_config *goal, pn_goalmode mode, const pn_limits *lim,
           pn_result *res, pn_error *err) {
  bfs s;
  int rc = PN_OK, nranks = 0;
  size_t i, layer_start, layer_end;
  double t0 = pn_clock();
  pn_result_clear(res);
  rc = open_side(&s, b, r, start, goal, lim, 1, sizeof(uint32_t), &nranks,
                 err);
  if (rc != PN_OK) goto out;
  if ((rc = pn_goal_init(&s.goal, b, goal, mode, err)) != PN_OK) goto out;
  if (!encode(&s, start, s.child, nranks)) {
    rc = pn_seterror(err, PN_EINVAL, "a coin of the start is off the board");
    goto out;
  }
  if (mode == PN_FIXED) {    /* a goal coin off the window: unreachable */
    for (i = 0; i < goal->n; i++)
      if (pn_board_index(b, goal->pos[i]) < 0) {
        res->verdict = PN_UNSOLVABLE;
        snprintf(res->reason, sizeof res->reason, "a coin of the goal is "
                 "outside the region the coins can reach");
        goto out;
      }
  }
  if (insert(&s, s.child, 0) < 0) {
    /* a limit, not an error: nothing is proven beyond the start */
    res->verdict = PN_UNKNOWN;
    res->lower_bound = pn_goal_test(&s.goal, start) ? 0 : 1;
    snprintf(res->reason, sizeof res->reason, "plain BFS: the memory budget "
             "of %zu bytes does not hold the first state", s.set.budget.max);
    goto out;
  }
  if (is_goal(&s, state_at(&s, 0))) s.found = 1;
  layer_start = 0; layer_end = 1;
  res->depth = 0;
  while (!s.found && !s.oom && layer_start < layer_end) {
    for (i = layer_start; i < layer_end && !s.found && !s.oom; i++) {
      expand(&s, (uint32_t)i);
      res->expanded++;
      rc = poll_limits(lim, t0, res->expanded, res->depth + 1, s.set.n, res,
                       err);
      if (rc == PN_EINTR) goto out;
      if (rc == PN_ELIMIT) { rc = PN_OK; goto stats; }
    }
    if (s.found || s.oom) break;
    layer_start = layer_end;
    layer_end = s.set.n;
    if (layer_start < layer_end) res->depth++;
    if (lim && lim->progress) {
      pn_progress p;
      memset(&p, 0, sizeof p);
      p.phase = "bfs";
      p.depth = res->depth;
      p.states = s.set.n;
      p.layer = layer_end - layer_start;
      p.seconds = pn_clock() - t0;
      p.memory = s.set.budget.used;
      lim->progress(&p, lim->progress_ud);
    }
  }
  if (s.found) {
    res->verdict = PN_SOLVED;
    if ((rc = path(&s, (uint32_t)(s.found - 1), NULL, 0, res)) != PN_OK)
      goto out;
    if (res->nmoves == 0)
      snprintf(res->reason, sizeof res->reason, "the start is the goal");
    else
      snprintf(res->reason, sizeof res->reason, "optimal: breadth-first "
               "search completed every layer up to %zu moves without "
               "reaching the goal", res->nmoves - 1);
  } else if (s.oom) {
    too_large(res, s.set.n, s.set.budget.used, res->depth + 1);
  } else {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "complete search: all %zu "
             "reachable configurations examined", s.set.n);
  }
stats:
  res->states = s.set.n;
  res->memory = s.set.budget.used;
out:
  res->seconds = pn_clock() - t0;
  bfs_free(&s);
  return rc;
}

/* }==================================================================== */


/* {====================================================================
** From both ends
** ===================================================================== */

int pn_bfs_bidir(const pn_board *b, const pn_rule *r, const pn_config *start,
                 const pn_config *goal, pn_goalmode mode,
                 const pn_limits *lim, pn_result *res, pn_error *err) {
  bfs side[2];                  /* 0: from the start; 1: back from the goal */
  size_t lo[2] = { 0, 0 }, hi[2] = { 1, 1 }, i, k;
  int depth[2] = { 0, 0 }, rc, nranks, x;
  placements pl;
  double t0 = pn_clock();
  pn_result_clear(res);
  memset(side, 0, sizeof side);
  memset(&pl, 0, sizeof pl);
  if (r->slide || goal->n != start->n)
    return pn_seterror(err, PN_EINVAL, "a search from both ends needs a goal "
                       "with every coin and no slides");
  /* each side holds half of the budget */
  for (x = 0; x < 2; x++) {
    rc = open_side(&side[x], b, r, start, goal, lim, 2, sizeof(uint32_t),
                   &nranks, err);
    if (rc != PN_OK) goto out;
  }
  side[0].other = &side[1].set;
  side[1].other = &side[0].set;
  if (!encode(&side[0], start, side[0].child, nranks)) {
    rc = pn_seterror(err, PN_EINVAL, "a coin of the start is off the board");
    goto out;
  }
  /* as many coins: labels within the start's are the start's.  The
  ** goal's side starts from every placement, each its own root */
  rc = goal_placements(&side[0], goal, mode, nranks, &pl, res, err);
  if (rc != PN_OK || pl.np == 0) goto out;
  for (x = 0; x < 2; x++)
    for (i = 0; i < (x == 0 ? 1 : pl.np); i++) {
      const uint32_t *st = x == 0 ? side[0].child : pl.rows + i * pl.ngoal;
      if (insert(&side[x], st, (uint32_t)side[x].set.n) == -2) {
        res->verdict = PN_UNKNOWN;
        res->lower_bound = 1;
        snprintf(res->reason, sizeof res->reason, "bidirectional BFS: the "
                 "memory budget of %zu bytes does not hold the first "
                 "states", 2 * side[x].set.budget.max);
        goto out;
      }
    }
  hi[1] = side[1].set.n;
  if (pn_stateset_find(&side[1].set, state_at(&side[0], 0)) >= 0) {
    res->verdict = PN_SOLVED;
    snprintf(res->reason, sizeof res->reason, "the start is the goal");
    goto stats;
  }
  for (;;) {
    /* the side with the smaller frontier expands a whole layer; when one
    ** side's frontier is empty, everything it reaches has been seen */
    bfs *s;
    x = hi[0] - lo[0] <= hi[1] - lo[1] ? 0 : 1;
    s = &side[x];
    if (lo[x] == hi[x]) {
      res->verdict = PN_UNSOLVABLE;
      snprintf(res->reason, sizeof res->reason, "complete search: all %zu "
               "configurations %s examined", s->set.n,
               x == 0 ? "reachable from the start"
                      : "from which the goal is reachable");
      goto stats;
    }
    for (i = lo[x]; i < hi[x] && !s->found && !s->oom; i++) {
      if (x == 0) expand(s, (uint32_t)i); else expand_back(s, (uint32_t)i);
      res->expanded++;
      rc = poll_limits(lim, t0, res->expanded, depth[0] + depth[1] + 1,
                       side[0].set.n + side[1].set.n, res, err);
      if (rc == PN_EINTR) goto out;
      if (rc == PN_ELIMIT) { rc = PN_OK; goto stats; }
    }
    if (s->found) {
      /* no two states within the sides' depths met before this layer, so
      ** no path is shorter than this one */
      bfs *f = &side[0], *bk = &side[1];
      uint32_t fi = x == 0 ? (uint32_t)(s->found - 1) : (uint32_t)s->meet;
      uint32_t bi = x == 0 ? (uint32_t)s->meet : (uint32_t)(s->found - 1);
      res->verdict = PN_SOLVED;
      if ((rc = path(f, fi, bk, bi, res)) != PN_OK) goto out;
      snprintf(res->reason, sizeof res->reason, "optimal: bidirectional BFS "
               "completed every layer on both sides without meeting below "
               "%zu moves", res->nmoves);
      goto stats;
    }
    if (s->oom) {
      too_large(res, side[0].set.n + side[1].set.n,
                side[0].set.budget.used + side[1].set.budget.used,
                depth[0] + depth[1] + 1);
      goto stats;
    }
    lo[x] = hi[x];
    hi[x] = s->set.n;
    if (lo[x] < hi[x]) depth[x]++;
    if (lim && lim->progress) {
      pn_progress p;
      memset(&p, 0, sizeof p);
      p.phase = "bidir";
      p.depth = depth[0] + depth[1];
      p.states = side[0].set.n + side[1].set.n;
      p.layer = hi[x] - lo[x];
      p.seconds = pn_clock() - t0;
      p.memory = side[0].set.budget.used + side[1].set.budget.used;
      lim->progress(&p, lim->progress_ud);
    }
  }
stats:
  res->states = side[0].set.n + side[1].set.n;
  res->memory = side[0].set.budget.used + side[1].set.budget.used;
  res->depth = depth[0] + depth[1];
out:
  res->seconds = pn_clock() - t0;
  for (k = 0; k < 2; k++) bfs_free(&side[k]);
  free(pl.rows);
  return rc;
}

/* }==================================================================== */


/* {====================================================================
** A*
** ===================================================================== */

/* the placements by cell for the bound (bfs's hoff, hent, on, touched);
** 0 when out of memory */
static int index_placements(bfs *s, const placements *pl) {
  size_t *hoff = calloc(s->ncell + 1, sizeof *hoff), i, c;
  uint64_t *hent = malloc((pl->np * pl->ngoal + 1) * sizeof *hent);
  s->hoff = hoff; s->hent = hent;
  s->on = calloc(pl->np, sizeof *s->on);
  s->touched = malloc(pl->np * sizeof *s->touched);
  if (!hoff || !hent || !s->on || !s->touched) return 0;
  (void)pn_budget_take(&s->set.budget, (s->ncell + 1) * sizeof *hoff
                       + pl->np * (pl->ngoal * sizeof *hent + 8));
  for (i = 0; i < pl->np * pl->ngoal; i++) hoff[(pl->rows[i] >> 8) + 1]++;
  for (c = 0; c < s->ncell; c++) hoff[c + 1] += hoff[c];
  for (i = 0; i < pl->np * pl->ngoal; i++) {
    uint32_t x = pl->rows[i];
    /* filled from the back of each cell's range: hoff ends as the starts */
    hent[--hoff[(x >> 8) + 1]] = (uint64_t)(i / pl->ngoal) << 16
                                 | ((x & 0xff) + 1);
  }
  /* hoff[c + 1] now starts cell c's range: shift back by one */
  memmove(hoff, hoff + 1, s->ncell * sizeof *hoff);
  hoff[s->ncell] = pl->np * pl->ngoal;
  return 1;
}

int pn_bfs_astar(const pn_board *b, const pn_rule *r, const pn_config *start,
                 const pn_config *goal, pn_goalmode mode,
                 const pn_limits *lim, pn_result *res, pn_error *err) {
  bfs s;
  queue q;
  placements pl;
  int rc, nranks, f = 0;
  double t0 = pn_clock();
  pn_result_clear(res);
  memset(&q, 0, sizeof q);
  memset(&pl, 0, sizeof pl);
  /* payload: the parent and the moves, in two words (records stay
  ** 4-byte aligned) */
  rc = open_side(&s, b, r, start, goal, lim, 1, 2 * sizeof(uint32_t),
                 &nranks, err);
  if (rc != PN_OK) goto out;
  if (!encode(&s, start, s.child, nranks)) {
    rc = pn_seterror(err, PN_EINVAL, "a coin of the start is off the board");
    goto out;
  }
  /* the goal: its placements, by cell */
  rc = goal_placements(&s, goal, mode, nranks, &pl, res, err);
  if (rc != PN_OK || pl.np == 0) goto out;
  if (!index_placements(&s, &pl)) {
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    goto out;
  }
  s.ngoal = (int)goal->n;
  s.open = &q;
  {
    int isnew;
    int64_t i0 = pn_stateset_put(&s.set, s.child, &isnew);
    uint16_t g0 = 0;
    uint32_t p0 = 0;
    if (i0 < 0 || !queue_push(&q, &s.set.budget,
                              out_of_place(&s, s.child), 0)) {
      res->verdict = PN_UNKNOWN;
      res->lower_bound = out_of_place(&s, s.child) ? 1 : 0;
      snprintf(res->reason, sizeof res->reason, "A*: the memory budget of "
               "%zu bytes does not hold the first state", s.set.budget.max);
      goto out;
    }
    memcpy(pn_stateset_at(&s.set, 0) + s.set.keylen, &p0, sizeof p0);
    memcpy(pn_stateset_at(&s.set, 0) + s.set.keylen + sizeof p0, &g0,
           sizeof g0);
  }
  for (;;) {
    uint64_t e;
    uint32_t idx;
    uint16_t g;
    while (f < q.nf && q.n[f] == 0) f++;
    if (f >= q.nf) {
      res->verdict = PN_UNSOLVABLE;
      snprintf(res->reason, sizeof res->reason, "complete search: all %zu "
               "reachable configurations examined", s.set.n);
      break;
    }
    e = q.at[f][--q.n[f]];
    idx = (uint32_t)(e >> 16);
    g = (uint16_t)(e & 0xffff);
    if (moves_of(&s, idx) != g) continue;       /* a shorter way since */
    if (f == g) {                  /* nothing out of place: the goal */
      res->verdict = PN_SOLVED;
      if ((rc = path(&s, idx, NULL, 0, res)) != PN_OK) goto out;
      if (res->nmoves == 0)
        snprintf(res->reason, sizeof res->reason, "the start is the goal");
      else
        snprintf(res->reason, sizeof res->reason, "optimal: A* with an "
                 "admissible heuristic (goal coins out of place) expanded "
                 "every state of lower estimate");
      break;
    }
    if (g == UINT16_MAX - 1) {
      rc = pn_seterror(err, PN_ELIMIT, "A*: more than %d moves", g);
      goto out;
    }
    s.curg = g;
    expand(&s, idx);
    res->expanded++;
    if (s.oom) {
      too_large(res, s.set.n, s.set.budget.used, f);
      break;
    }
    rc = poll_limits(lim, t0, res->expanded, f, s.set.n, res, err);
    if (rc == PN_EINTR) goto out;
    if (rc == PN_ELIMIT) { rc = PN_OK; break; }
    if ((res->expanded & 1023) == 0) {
      if (lim && lim->progress) {
        pn_progress p;
        memset(&p, 0, sizeof p);
        p.phase = "astar";
        p.depth = f;
        p.states = s.set.n;
        p.seconds = pn_clock() - t0;
        p.memory = s.set.budget.used;
        lim->progress(&p, lim->progress_ud);
      }
    }
  }
  res->states = s.set.n;
  res->memory = s.set.budget.used;
  res->depth = f;
out:
  res->seconds = pn_clock() - t0;
  queue_free(&q);
  free(pl.rows);
  bfs_free(&s);
  return rc;
}

/* }==================================================================== */
