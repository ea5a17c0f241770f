/*
** keysearch.c -- breadth-first, bidirectional and A* searches over 64-bit
** state keys (see keysearch.h).
**
** Tables are open-addressing hash tables of keys with one byte per state
** (the depth, or for A* the cost so far and a closed flag).  Every growth
** is checked against the memory budget first; a search that would outgrow
** it stops with PN_ENOMEM in res->stopped and a proven lower bound.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  size_t states;             /* states stored in every table */
  const pn_limits *lim;
  double t0;
  int stopped;
  char why[160];
} budget;

static int take(budget *b, size_t bytes) {
  if (b->used + bytes > b->max) {
    b->stopped = PN_ENOMEM;
    snprintf(b->why, sizeof b->why, "memory budget of %.0f MB reached",
             b->max / 1e6);
    return 0;
  }
  b->used += bytes;
  if (b->used > b->peak) b->peak = b->used;
  return 1;
}

static void give(budget *b, size_t bytes) { b->used -= bytes; }

static int poll_limits(budget *b) {
  const pn_limits *lim = b->lim;
  if (b->stopped) return 1;
  if (lim && lim->interrupt && *lim->interrupt) {
    b->stopped = PN_EINTR;
    snprintf(b->why, sizeof b->why, "interrupted");
    return 1;
  }
  if (lim && lim->time_limit > 0 && pn_clock() - b->t0 > lim->time_limit) {
    b->stopped = PN_ELIMIT;
    snprintf(b->why, sizeof b->why, "time limit of %g s reached",
             lim->time_limit);
    return 1;
  }
  return 0;
}

typedef struct keytab {
  uint64_t *keys;
  uint8_t *val;
  size_t cap, n;
  budget *b;
} keytab;

static int tab_grow(keytab *t) {
  size_t ncap = t->cap ? 2 * t->cap : 1024, i;
  uint64_t *k;
  uint8_t *v;
  if (t->b->lim && t->b->lim->max_states && t->b->states >= t->b->lim->max_states) {
    t->b->stopped = PN_ENOMEM;
    snprintf(t->b->why, sizeof t->b->why, "state limit of %zu reached",
             t->b->lim->max_states);
    return 0;
  }
  if (!take(t->b, ncap * 9)) return 0;
  k = calloc(ncap, sizeof *k);
  v = malloc(ncap);
  if (!k || !v) {
    free(k); free(v);
    give(t->b, ncap * 9);
    t->b->stopped = PN_ENOMEM;
    snprintf(t->b->why, sizeof t->b->why, "out of memory");
    return 0;
  }
  for (i = 0; i < t->cap; i++)
    if (t->keys[i] != EMPTY) {
      size_t j = pn_mix64(t->keys[i]) & (ncap - 1);
      while (k[j] != EMPTY) j = (j + 1) & (ncap - 1);
      k[j] = t->keys[i];
      v[j] = t->val[i];
    }
  free(t->keys); free(t->val);
  give(t->b, t->cap * 9);
  t->keys = k; t->val = v; t->cap = ncap;
  return 1;
}

static void tab_free(keytab *t) {
  free(t->keys); free(t->val);
  if (t->b) give(t->b, t->cap * 9);
  t->keys = NULL; t->val = NULL; t->cap = t->n = 0;
}

/* value of key, or NOVAL */
static uint8_t tab_get(const keytab *t, uint64_t key) {
  size_t j;
  if (!t->cap) return NOVAL;
  for (j = pn_mix64(key) & (t->cap - 1); t->keys[j] != EMPTY;
       j = (j + 1) & (t->cap - 1))
    if (t->keys[j] == key) return t->val[j];
  return NOVAL;
}

/* slot of key, inserting it with val if absent (*isnew); NULL when the
** budget is exhausted */
static uint8_t *tab_put(keytab *t, uint64_t key, uint8_t val, int *isnew) {
  size_t j;
  if (10 * (t->n + 1) > 7 * t->cap && !tab_grow(t)) return NULL;
  for (j = pn_mix64(key) & (t->cap - 1); t->keys[j] != EMPTY;
       j = (j + 1) & (t->cap - 1))
    if (t->keys[j] == key) { *isnew = 0; return &t->val[j]; }
  if (t->b->lim && t->b->lim->max_states
      && t->b->states >= t->b->lim->max_states) {
    t->b->stopped = PN_ENOMEM;
    snprintf(t->b->why, sizeof t->b->why, "state limit of %zu reached",
             t->b->lim->max_states);
    return NULL;
  }
  t->keys[j] = key;
  t->val[j] = val;
  t->n++;
  t->b->states++;
  *isnew = 1;
  return &t->val[j];
}

typedef struct vec {
  uint64_t *a;
  size_t n, cap;
  budget *b;
} vec;

static int vec_push(vec *v, uint64_t x) {
  if (v->n == v->cap) {
    size_t ncap = v->cap ? 2 * v->cap : 256;
    uint64_t *na;
    if (!take(v->b, (ncap - v->cap) * 8)) return 0;
    na = realloc(v->a, ncap * sizeof *na);
    if (!na) {
      give(v->b, (ncap - v->cap) * 8);
      v->b->stopped = PN_ENOMEM;
      snprintf(v->b->why, sizeof v->b->why, "out of memory");
      return 0;
    }
    v->a = na; v->cap = ncap;
  }
  v->a[v->n++] = x;
  return 1;
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
  p.phase = phase;
  p.depth = depth;
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

/* walk from key toward depth 0 of t: through predecessors (forward table)
** or successors (backward table); moves appended to m[*n..] in walking
** order.  Returns 0 if the chain breaks (a bug). */
static int walk(const pn_keygame *g, const keytab *t, uint64_t key,
                int backward, scratch *sc, uint32_t *m, size_t *n) {
  uint8_t d = tab_get(t, key);
  while (d != 0) {
    int k = backward ? g->succ(g->ud, key, sc->out, sc->mv)
                     : g->pred(g->ud, key, sc->out, sc->mv), i;
    for (i = 0; i < k; i++)
      if (tab_get(t, sc->out[i]) == d - 1) break;
    if (i == k) return 0;
    m[(*n)++] = sc->mv[i];
    key = sc->out[i];
    d--;
  }
  return 1;
}

/* moves from the start (forward table) to key, in order */
static int path_to(const pn_keygame *g, const keytab *f, uint64_t key,
                   scratch *sc, pn_keyresult *res) {
  size_t n = 0, i;
  uint8_t d = tab_get(f, key);
  res->moves = malloc(((size_t)d + 1) * sizeof *res->moves);
  if (!res->moves) return 0;
  if (!walk(g, f, key, 0, sc, res->moves, &n)) return 0;
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
** Bidirectional breadth-first search
** ===================================================================== */

typedef struct side {
  keytab t;
  vec cur, next;
  int depth;                  /* complete layers */
  double work;                /* keys produced per expansion (estimate) */
  uint64_t made, expanded;
} side;

int pn_key_bidir(const pn_keygame *g, const uint64_t *starts, size_t nstart,
                 const uint64_t *goals, size_t ngoal, const pn_limits *lim,
                 pn_keyresult *res, pn_error *err) {
  budget b;
  side s[2];                  /* 0: forward from the starts, 1: backward */
  scratch sc;
  uint64_t meet = 0;
  int best = -1, k, rc = PN_OK;
  size_t i;
  memset(res, 0, sizeof *res);
  budget_init(&b, lim);
  memset(s, 0, sizeof s);
  for (k = 0; k < 2; k++) {
    s[k].t.b = s[k].cur.b = s[k].next.b = &b;
    s[k].work = g->maxsucc / 2.0 + 1;
  }
  if (!g->pred || !scratch_init(&sc, g)) {
    if (g->pred) scratch_free(&sc);
    return pn_seterror(err, PN_EINVAL, "bidirectional search needs "
                       "predecessors");
  }
  for (k = 0; k < 2; k++) {
    const uint64_t *keys = k ? goals : starts;
    size_t n = k ? ngoal : nstart;
    for (i = 0; i < n; i++) {
      int isnew;
      if (!tab_put(&s[k].t, keys[i], 0, &isnew)) goto stopped;
      if (isnew && !vec_push(&s[k].cur, keys[i])) goto stopped;
    }
  }
  for (i = 0; i < nstart; i++)
    if (tab_get(&s[1].t, starts[i]) == 0) { best = 0; meet = starts[i]; }
  while (best < 0) {
    side *x, *y;
    int dir;
    if (s[0].cur.n == 0 || s[1].cur.n == 0) break;     /* exhausted */
    dir = s[0].cur.n * s[0].work <= s[1].cur.n * s[1].work ? 0 : 1;
    x = &s[dir]; y = &s[1 - dir];
    x->next.n = 0;
    for (i = 0; i < x->cur.n; i++) {
      uint64_t key = x->cur.a[i];
      int nk = dir ? g->pred(g->ud, key, sc.out, sc.mv)
                   : g->succ(g->ud, key, sc.out, sc.mv), j;
      x->expanded++;
      x->made += (uint64_t)nk;
      for (j = 0; j < nk; j++) {
        int isnew;
        uint8_t other;
        if (!tab_put(&x->t, sc.out[j], (uint8_t)(x->depth + 1), &isnew))
          goto stopped;
        if (!isnew) continue;
        if (!vec_push(&x->next, sc.out[j])) goto stopped;
        other = tab_get(&y->t, sc.out[j]);
        if (other != NOVAL && (best < 0 || x->depth + 1 + other < best)) {
          best = x->depth + 1 + other;
          meet = sc.out[j];
        }
      }
      if ((x->expanded & (POLL - 1)) == 0 && poll_limits(&b)) goto stopped;
    }
    if (x->depth + 1 >= 250) {
      b.stopped = PN_ELIMIT;
      snprintf(b.why, sizeof b.why, "more than 250 layers");
      goto stopped;
    }
    x->depth++;
    x->work = x->expanded ? (double)x->made / (double)x->expanded : x->work;
    report(g, dir ? "bidir<" : "bidir>", s[0].depth + s[1].depth,
           s[0].t.n + s[1].t.n, x->next.n, &b);
    { vec t = x->cur; x->cur = x->next; x->next = t; }
  }
  res->states = s[0].t.n + s[1].t.n;
  res->expanded = s[0].expanded + s[1].expanded;
  res->memory = b.peak;
  if (best >= 0) {
    size_t n = 0, j;
    int ok;
    res->found = 1;
    res->moves = malloc(((size_t)best + 1) * sizeof *res->moves);
    /* the start side walks back from the meeting point (reversed), the
    ** goal side walks on from it */
    ok = res->moves && walk(g, &s[0].t, meet, 0, &sc, res->moves, &n);
    for (j = 0; ok && j < n / 2; j++) {
      uint32_t m = res->moves[j];
      res->moves[j] = res->moves[n - 1 - j];
      res->moves[n - 1 - j] = m;
    }
    ok = ok && walk(g, &s[1].t, meet, 1, &sc, res->moves, &n);
    res->nmoves = n;
    if (!ok || (int)n != best)
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: bidirectional path "
                       "reconstruction failed");
  } else {
    res->found = 0;
  }
  goto done;
stopped:
  res->stopped = b.stopped;
  snprintf(res->why, sizeof res->why, "%s", b.why);
  res->states = s[0].t.n + s[1].t.n;
  res->expanded = s[0].expanded + s[1].expanded;
  res->memory = b.peak;
  /* no path of length <= depth_f + depth_b, else they would have met */
  res->lower_bound = s[0].depth + s[1].depth + 1;
done:
  for (k = 0; k < 2; k++) {
    tab_free(&s[k].t);
    vec_free(&s[k].cur);
    vec_free(&s[k].next);
  }
  scratch_free(&sc);
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
  if (found && !path_to(g, &t, goal, &sc, res))
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
** A*
** ===================================================================== */

/* the table byte: cost so far (0..126), 0x80 set once expanded */
#define CLOSED 0x80
#define MAXG 126

int pn_key_astar(const pn_keygame *g, uint64_t start, const pn_limits *lim,
                 pn_keyresult *res, pn_error *err) {
  budget b;
  keytab t;
  vec open[MAXG * 2 + 2];     /* buckets by f = g + h */
  scratch sc;
  int f, rc = PN_OK, isnew, found = 0, h0, fmin = 0;
  uint64_t goal = 0;
  memset(res, 0, sizeof *res);
  budget_init(&b, lim);
  memset(&t, 0, sizeof t);
  memset(open, 0, sizeof open);
  t.b = &b;
  for (f = 0; f < MAXG * 2 + 2; f++) open[f].b = &b;
  if (!g->pred || !g->h || !scratch_init(&sc, g)) {
    if (g->pred && g->h) scratch_free(&sc);
    return pn_seterror(err, PN_EINVAL, "A* needs predecessors and a "
                       "heuristic");
  }
  h0 = g->h(g->ud, start);
  if (h0 > MAXG) h0 = MAXG;
  if (!tab_put(&t, start, 0, &isnew) || !vec_push(&open[h0], start))
    goto stopped;
  fmin = h0;
  for (f = h0; f <= 2 * MAXG && !found; f++) {
    fmin = f;
    if (f > h0) report(g, "astar", f, t.n, open[f].n, &b);
    /* bucket f may grow while it is processed (h can drop by one) */
    while (open[f].n > 0 && !found) {
      uint64_t key = open[f].a[--open[f].n];
      uint8_t *v = tab_put(&t, key, 0, &isnew);
      int gx, nk, j;
      if (!v) goto stopped;
      gx = *v & ~CLOSED;
      if ((*v & CLOSED) || gx + g->h(g->ud, key) != f) continue;  /* stale */
      if (g->is_goal(g->ud, key)) { found = 1; goal = key; break; }
      *v |= CLOSED;
      res->expanded++;
      if (gx + 1 > MAXG) continue;
      nk = g->succ(g->ud, key, sc.out, sc.mv);
      for (j = 0; j < nk; j++) {
        uint8_t *w = tab_put(&t, sc.out[j], (uint8_t)(gx + 1), &isnew);
        int hj, fj;
        if (!w) goto stopped;
        if (!isnew) {
          if ((*w & CLOSED) || (*w & ~CLOSED) <= gx + 1) continue;
          *w = (uint8_t)(gx + 1);
        }
        hj = g->h(g->ud, sc.out[j]);
        fj = gx + 1 + hj;
        if (fj < f) fj = f;          /* cannot happen with a consistent h */
        if (fj > 2 * MAXG + 1) continue;
        if (!vec_push(&open[fj], sc.out[j])) goto stopped;
      }
      if ((res->expanded & (POLL - 1)) == 0 && poll_limits(&b)) goto stopped;
    }
  }
  res->found = found;
  res->states = t.n;
  res->memory = b.peak;
  if (found) {
    /* the depths in the table are costs: strip the closed flags first */
    size_t i;
    for (i = 0; i < t.cap; i++) t.val[i] &= ~CLOSED;
    if (!path_to(g, &t, goal, &sc, res))
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: A* path "
                       "reconstruction failed");
  }
  goto done;
stopped:
  res->stopped = b.stopped;
  snprintf(res->why, sizeof res->why, "%s", b.why);
  res->states = t.n;
  res->memory = b.peak;
  res->lower_bound = fmin;    /* every f below was exhausted */
done:
  tab_free(&t);
  for (f = 0; f < MAXG * 2 + 2; f++) vec_free(&open[f]);
  scratch_free(&sc);
  return rc;
}

/* }==================================================================== */
