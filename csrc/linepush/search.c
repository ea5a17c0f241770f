/*
** search.c -- exact breadth-first search for line-push puzzles: the
** shortest push sequence to a goal configuration (up to translation), or
** to any w x h box (the Compaction Puzzle).  It answers the paper's open
** problems 2 (shortest permutation solutions) and 3 (starts that are not
** compact) on small inputs.
**
** A state is the translated configuration written as bytes: width,
** height, then (x, y, label rank) per token, sorted.  States live once in
** the visited set (stateset.h), in BFS order, each with the parent index
** and the push that reached it.  Pushes never enlarge the bounding box,
** so the search is finite.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linepush.h"
#include "core/stateset.h"
#include "core/util.h"

/* a state's payload: the parent's index, then the push from it */
typedef struct ppay {
  uint32_t parent;
  uint8_t dir;
} ppay;
#define PPAY_BYTES 5

static ppay payload(const pn_stateset *s, size_t i) {
  const uint8_t *p = pn_stateset_at(s, i) + s->keylen;
  ppay r;
  memcpy(&r.parent, p, 4);
  r.dir = p[4];
  return r;
}

/* index of the new state, -1 if known, -2 when a limit is hit */
static int64_t ps_insert(pn_stateset *s, const uint8_t *st, uint32_t parent,
                         uint8_t dir) {
  int isnew;
  int64_t i = pn_stateset_put(s, st, &isnew);
  uint8_t *p;
  if (i < 0) return -2;
  if (!isnew) return -1;
  p = pn_stateset_at(s, (size_t)i) + s->keylen;
  memcpy(p, &parent, 4);
  p[4] = dir;
  return i;
}

static void encode(const pconf *p, uint8_t *st) {
  int i;
  st[0] = (uint8_t)p->w;
  st[1] = (uint8_t)p->h;
  for (i = 0; i < p->n; i++) {
    st[2 + 3 * i] = (uint8_t)p->t[i].x;
    st[3 + 3 * i] = (uint8_t)p->t[i].y;
    st[4 + 3 * i] = (uint8_t)p->t[i].label;
  }
}

static void decode(const uint8_t *st, pconf *p) {
  int i;
  p->w = st[0];
  p->h = st[1];
  for (i = 0; i < p->n; i++) {
    p->t[i].x = st[2 + 3 * i];
    p->t[i].y = st[3 + 3 * i];
    p->t[i].label = st[4 + 3 * i];
  }
}

/* the goal: a configuration, or a box (goal NULL, box w x h) */
static int is_goal(const pconf *p, const pconf *goal, int bw, int bh) {
  if (goal) return pc_equal(p, goal);
  return p->w == bw && p->h == bh && p->n == bw * bh;
}

/* the same shape (positions) as the start */
static int same_shape(const pconf *p, const pconf *a) {
  int i;
  if (p->w != a->w || p->h != a->h) return 0;
  for (i = 0; i < p->n; i++)
    if (p->t[i].x != a->t[i].x || p->t[i].y != a->t[i].y) return 0;
  return 1;
}

/* breadth-first search from a (labels are ranks < 256, normalised) to g
** (same, or NULL for a bw x bh box); with reach != NULL there is no goal:
** the whole reachable set is explored and *reach counts the states with
** the start's shape */
static int bfs(const pconf *a, const pconf *g, int box_w, int box_h,
               const pn_limits *lim, pn_pushdir **pushes, size_t *npushes,
               pn_result *res, uint64_t *reach, pn_error *err) {
  pconf cur, nx;
  pn_stateset s;
  int found = -1, rc = PN_OK, stopped = 0;
  size_t head = 0, layer_end, depth = 0;
  uint8_t *st = NULL;
  double t0 = pn_clock();
  memset(&s, 0, sizeof s);
  memset(&cur, 0, sizeof cur);
  memset(&nx, 0, sizeof nx);
  *pushes = NULL; *npushes = 0;
  if (a->w > 255 || a->h > 255) {
    rc = pn_seterror(err, PN_ELIMIT, "the exact push search handles bounding "
                     "boxes up to 255 cells wide");
    goto out;
  }
  pn_stateset_init(&s, 2 + 3 * (size_t)a->n, PPAY_BYTES,
                   lim && lim->max_memory ? lim->max_memory : ((size_t)1 << 30),
                   lim && lim->max_states ? lim->max_states : UINT32_MAX);
  st = malloc(s.keylen);
  if (!st || !pc_copy(&cur, a) || !pc_copy(&nx, a)) {
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    goto out;
  }
  encode(a, st);
  if (ps_insert(&s, st, 0, 0) < 0) {
    /* a limit, not an error: nothing is proven beyond the start */
    res->verdict = PN_UNKNOWN;
    res->lower_bound = !reach && is_goal(a, g, box_w, box_h) ? 0 : 1;
    snprintf(res->reason, sizeof res->reason, "the memory budget of %zu "
             "bytes does not hold the first state", s.budget.max);
    if (reach) *reach = 0;
    goto out;
  }
  if (reach) *reach = 1;
  else if (is_goal(a, g, box_w, box_h)) found = 0;
  layer_end = 1;
  while (found < 0 && head < s.n) {
    int d;
    if (head == layer_end) { layer_end = s.n; depth++; }
    decode(pn_stateset_at(&s, head), &cur);
    for (d = 0; d < 4 && found < 0; d++) {
      int64_t idx;
      memcpy(nx.t, cur.t, (size_t)cur.n * sizeof *cur.t);
      nx.w = cur.w; nx.h = cur.h;
      if (!pc_push(&nx, (pn_pushdir)d)) { stopped = PN_ENOMEM; break; }
      encode(&nx, st);
      idx = ps_insert(&s, st, (uint32_t)head, (uint8_t)d);
      if (idx == -2) { stopped = PN_ENOMEM; break; }
      if (idx >= 0 && reach) *reach += (uint64_t)same_shape(&nx, a);
      else if (idx >= 0 && is_goal(&nx, g, box_w, box_h)) found = (int)idx;
    }
    if (stopped) break;
    head++;
    if ((head & 1023) == 0 && (stopped = pn_poll(lim, t0)) != PN_OK) break;
  }
  res->states = s.n;
  res->expanded = head;
  res->memory = s.budget.used;
  res->depth = (int)depth;
  if (stopped == PN_EINTR) { rc = pn_seterror(err, PN_EINTR, "interrupted"); goto out; }
  if (found >= 0) {
    size_t len = 0, k;
    uint32_t x;
    for (x = (uint32_t)found; x != 0; x = payload(&s, x).parent) len++;
    *pushes = malloc((len + 1) * sizeof **pushes);
    if (!*pushes) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto out; }
    for (k = len, x = (uint32_t)found; x != 0; x = payload(&s, x).parent)
      (*pushes)[--k] = (pn_pushdir)payload(&s, x).dir;
    *npushes = len;
    res->verdict = PN_SOLVED;
    res->nmoves = len;
    snprintf(res->reason, sizeof res->reason, len ? "optimal: breadth-first "
             "search completed every layer up to %zu pushes" : "the start "
             "already is the goal", len ? len - 1 : 0);
  } else if (stopped) {
    res->verdict = PN_UNKNOWN;
    res->lower_bound = (int)depth + 1;
    char what[96];
    if (stopped == PN_ENOMEM)
      snprintf(what, sizeof what, "the memory budget of %.4g MiB or the "
               "limit of %zu states", (double)s.budget.max / (1 << 20),
               s.budget.max_states);
    else
      snprintf(what, sizeof what, "the time limit of %g s",
               lim ? lim->time_limit : 0.0);
    snprintf(res->reason, sizeof res->reason, "%s reached after %zu states; "
             "at least %d pushes", what, s.n, res->lower_bound);
  } else {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "complete search: all %zu "
             "configurations reachable by pushes examined", s.n);
  }
  if (reach && stopped) *reach = 0;
out:
  res->seconds = pn_clock() - t0;
  free(st);
  pn_stateset_free(&s);
  pc_free(&cur);
  pc_free(&nx);
  return rc;
}

/* start and goal as pconfs with labels ranked */
static int push_bfs(const pn_board *b, const pn_config *start,
                    const pn_config *goal, int box_w, int box_h,
                    const pn_limits *lim, pn_pushdir **pushes,
                    size_t *npushes, pn_result *res, uint64_t *reach,
                    pn_error *err) {
  pconf a, g;
  int32_t ranks[256];
  int nranks = 0, i, rc;
  memset(&g, 0, sizeof g);
  *pushes = NULL; *npushes = 0;
  pn_result_clear(res);
  if ((rc = pc_from_config(b, start, &a, err)) != PN_OK) return rc;
  if (goal && (rc = pc_from_config(b, goal, &g, err)) != PN_OK) goto out;
  for (i = 0; i < a.n; i++) {
    int k;
    for (k = 0; k < nranks && ranks[k] != a.t[i].label; k++) {}
    if (k == nranks) {
      if (nranks == 256) {
        rc = pn_seterror(err, PN_ELIMIT, "too many distinct labels (256)");
        goto out;
      }
      ranks[nranks++] = a.t[i].label;
    }
    a.t[i].label = k;
  }
  if (goal) {
    const char *why = NULL;
    if (g.n != a.n) why = "the goal has another number of tokens";
    for (i = 0; i < g.n && !why; i++) {
      int k;
      for (k = 0; k < nranks && ranks[k] != g.t[i].label; k++) {}
      if (k == nranks) why = "the goal has a label the start has not";
      g.t[i].label = k;
    }
    if (why) {
      res->verdict = PN_UNSOLVABLE;
      snprintf(res->reason, sizeof res->reason, "%s", why);
      goto out;
    }
  }
  rc = bfs(&a, goal ? &g : NULL, box_w, box_h, lim, pushes, npushes, res,
           reach, err);
out:
  pc_free(&a);
  pc_free(&g);
  return rc;
}

int pc_shape_path(const pconf *from, const pconf *target, pn_pushdir **out,
                  size_t *nout) {
  pconf a, g;
  pn_limits lim;
  pn_result res;
  int i, ok = 0;
  memset(&lim, 0, sizeof lim);
  lim.max_memory = (size_t)512 << 20;
  *out = NULL; *nout = 0;
  if (!pc_copy(&a, from)) return 0;
  if (!pc_copy(&g, target)) { pc_free(&a); return 0; }
  for (i = 0; i < a.n; i++) a.t[i].label = 0;
  for (i = 0; i < g.n; i++) g.t[i].label = 0;
  pn_result_init(&res);
  if (bfs(&a, &g, 0, 0, &lim, out, nout, &res, NULL, NULL) == PN_OK
      && res.verdict == PN_SOLVED) ok = 1;
  else { free(*out); *out = NULL; *nout = 0; }
  pn_result_clear(&res);
  pc_free(&a);
  pc_free(&g);
  return ok;
}

int pn_push_search(const pn_board *b, const pn_config *start,
                   const pn_config *goal, int box_w, int box_h,
                   const pn_limits *lim, pn_pushdir **pushes, size_t *npushes,
                   pn_result *res, pn_error *err) {
  return push_bfs(b, start, goal, box_w, box_h, lim, pushes, npushes, res,
                  NULL, err);
}

int pn_push_reach(const pn_board *b, const pn_config *start,
                  const pn_limits *lim, uint64_t *same, pn_result *res,
                  pn_error *err) {
  pn_pushdir *d = NULL;
  size_t n = 0;
  int rc = push_bfs(b, start, NULL, 0, 0, lim, &d, &n, res, same, err);
  free(d);
  return rc;
}
