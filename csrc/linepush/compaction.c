/*
** compaction.c -- the Compaction Puzzle (Akitaya, Löffler, Viglietta
** Section 3): sparse configurations (no two tokens in a row or a column)
** pushed into a w x h box.
**
** Theorem 8: every sparse configuration of n = wh tokens can be pushed
** into a w x h box iff min(w, h) <= 2 or w = h = 3.  The constructions,
** as the proof gives them (simulated, and checked at the end):
**   h = 1:  push up until one row remains, then right until contiguous;
**   h = 2:  push down until the top row holds n/2 tokens (each push adds
**           at most one), then up until the box is two rows tall (the top
**           row falls as a block, the others reach the bottom first), then
**           right: each row compacts on its own;
**   3 x 3:  push right until the left column holds 3 tokens, left until
**           the right column holds 3, then up until the bottom row is just
**           below t2, the middle of the three other tokens, down until the
**           top row is just above it, and right until 3 wide;
**   w = 1, w = 2: the same with the axes exchanged.
** Lemma 7's configurations C_{a,b} (two anti-diagonal quadrants) cannot be
** pushed into an a x b box for a >= 4, b >= 3.
** Observation 6: the anti-diagonal of n tokens reaches every compact
** configuration of n tokens: for each column of the target's canonical
** form (heights c_1 >= c_2 >= ...), c_j - 1 pushes right gather the
** column, and c_j pushes up align the rest of the diagonal with its
** bottom; then a search over shapes leads to the target.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linepush.h"
#include "core/util.h"

typedef struct seq {
  pn_pushdir *d;
  size_t n, cap;
  int failed;
} seq;

static void push_rec(pconf *p, seq *s, pn_pushdir d) {
  if (s->n == s->cap) {
    size_t nc = s->cap ? 2 * s->cap : 64;
    pn_pushdir *nd = realloc(s->d, nc * sizeof *nd);
    if (!nd) { s->failed = 1; return; }
    s->d = nd; s->cap = nc;
  }
  s->d[s->n++] = d;
  if (!pc_push(p, d)) s->failed = 1;
}

static int count_col(const pconf *p, int32_t x) {
  int i, k = 0;
  for (i = 0; i < p->n; i++) k += p->t[i].x == x;
  return k;
}

static int count_row(const pconf *p, int32_t y) {
  int i, k = 0;
  for (i = 0; i < p->n; i++) k += p->t[i].y == y;
  return k;
}

int pn_push_sparse(const pn_board *b, const pn_config *c) {
  pconf p;
  int i, ok = 1;
  if (pc_from_config(b, c, &p, NULL) != PN_OK) return 0;
  for (i = 0; i < p.n && ok; i++)
    ok = count_row(&p, p.t[i].y) == 1 && count_col(&p, p.t[i].x) == 1;
  pc_free(&p);
  return ok;
}

static int is_box(const pconf *p, int w, int h) {
  return p->w == w && p->h == h && p->n == w * h;
}

/* exchange the axes of a configuration, and of push directions */
static void transpose(pconf *p) {
  int i;
  for (i = 0; i < p->n; i++) {
    int32_t t = p->t[i].x;
    p->t[i].x = p->t[i].y;
    p->t[i].y = t;
  }
  pc_normalise(p);
}

static pn_pushdir tdir(pn_pushdir d) {
  switch (d) {
    case PN_PUSH_LEFT: return PN_PUSH_UP;
    case PN_PUSH_UP: return PN_PUSH_LEFT;
    case PN_PUSH_DOWN: return PN_PUSH_RIGHT;
    default: return PN_PUSH_DOWN;                /* right */
  }
}

/* the row of the token with label id */
static int32_t y_of(const pconf *p, int32_t id) {
  int j;
  for (j = 0; j < p->n; j++) if (p->t[j].label == id) return p->t[j].y;
  return 0;
}

/* the construction for a box of height h <= 2 or 3 x 3 (rows as given) */
static int build(pconf *p, int w, int h, seq *s) {
  int guard = 4 * (p->w + p->h) + 16, i;
  if (h == 1) {
    while (p->h > 1 && guard-- > 0) push_rec(p, s, PN_PUSH_UP);
    while (p->w > w && guard-- > 0) push_rec(p, s, PN_PUSH_RIGHT);
  } else if (h == 2) {
    while (count_row(p, 0) < p->n / 2 && guard-- > 0)
      push_rec(p, s, PN_PUSH_DOWN);
    while (p->h > 2 && guard-- > 0) push_rec(p, s, PN_PUSH_UP);
    while (p->w > w && guard-- > 0) push_rec(p, s, PN_PUSH_RIGHT);
  } else if (w == 3 && h == 3) {
    int32_t mid;
    int ids[3], k = 0;
    for (i = 0; i < p->n; i++) p->t[i].label = i;      /* follow tokens */
    while (count_col(p, 0) < 3 && guard-- > 0) push_rec(p, s, PN_PUSH_RIGHT);
    while (count_col(p, p->w - 1) < 3 && guard-- > 0)
      push_rec(p, s, PN_PUSH_LEFT);
    for (i = 0; i < p->n && k < 3; i++)
      if (p->t[i].x != 0 && p->t[i].x != p->w - 1) ids[k++] = p->t[i].label;
    if (k != 3) return 0;
    /* t1, t2, t3 by y: the tokens are sorted by (y, x), so in order */
    mid = ids[1];
    while (p->h - 1 > y_of(p, mid) + 1 && guard-- > 0)
      push_rec(p, s, PN_PUSH_UP);
    while (y_of(p, mid) > 1 && guard-- > 0) push_rec(p, s, PN_PUSH_DOWN);
    while (p->w > 3 && guard-- > 0) push_rec(p, s, PN_PUSH_RIGHT);
    for (i = 0; i < p->n; i++) p->t[i].label = 0;
  } else {
    return 0;
  }
  return !s->failed && is_box(p, w, h);
}

int pn_push_box(const pn_board *b, const pn_config *c, int w, int h,
                pn_pushdir **pushes, size_t *npushes, char *why,
                size_t whylen, pn_error *err) {
  pconf p;
  seq s;
  int rc, ok, t = 0, rows = h, cols = w;
  memset(&s, 0, sizeof s);
  *pushes = NULL; *npushes = 0;
  why[0] = '\0';
  if (w < 1 || h < 1) return pn_seterror(err, PN_EINVAL, "a box is at least 1 x 1");
  if ((size_t)w * (size_t)h != c->n) {
    snprintf(why, whylen, "a %d x %d box holds %d tokens, the configuration "
             "has %zu", w, h, w * h, c->n);
    return PN_OK;
  }
  if (!pn_push_sparse(b, c)) {
    snprintf(why, whylen, "the configuration is not sparse: Theorem 8 does "
             "not apply (exact search decides)");
    return PN_OK;
  }
  if (!(w <= 2 || h <= 2 || (w == 3 && h == 3))) {
    snprintf(why, whylen, "Theorem 8: not every sparse configuration can "
             "become a %d x %d box (Lemma 7); exact search decides this one",
             w, h);
    return PN_OK;
  }
  if ((rc = pc_from_config(b, c, &p, err)) != PN_OK) return rc;
  for (rc = 0; rc < p.n; rc++) p.t[rc].label = 0;
  rc = PN_OK;
  if (h > 2 && w <= 2) {            /* columns: work transposed */
    transpose(&p);
    t = 1;
    rows = w; cols = h;
  }
  ok = build(&p, cols, rows, &s);
  if (!ok) {
    free(s.d);
    pc_free(&p);
    return pn_seterror(err, PN_EINTERNAL, "penny bug: the Theorem 8 "
                       "construction did not give the box");
  }
  if (t) {
    size_t i;
    for (i = 0; i < s.n; i++) s.d[i] = tdir(s.d[i]);
  }
  snprintf(why, whylen, "Theorem 8: a sparse configuration of %d tokens "
           "always becomes a %d x %d box", w * h, w, h);
  *pushes = s.d;
  *npushes = s.n;
  pc_free(&p);
  return PN_OK;
}

/* {====================================================================
** Lemma 7 and Observation 6
** ===================================================================== */

int pn_push_lemma7(const pn_board *b, int a, int bb, pn_config *out,
                   pn_error *err) {
  pconf p;
  int n1, n2, i, rc;
  if (a < 1 || bb < 1 || a * bb > 4096)
    return pn_seterror(err, PN_EINVAL, "Lemma 7 needs a, b >= 1 and ab <= 4096");
  n1 = a * bb / 2;
  n2 = a * bb - n1;
  p.n = n1 + n2;
  p.t = malloc((size_t)p.n * sizeof *p.t);
  if (!p.t) return pn_seterror(err, PN_ENOMEM, "out of memory");
  /* upper-left quadrant: its anti-diagonal (bottom-left to top-right);
  ** lower-right quadrant: the same */
  for (i = 0; i < n1; i++) {
    p.t[i].x = i; p.t[i].y = n1 - 1 - i; p.t[i].label = 0;
  }
  for (i = 0; i < n2; i++) {
    p.t[n1 + i].x = n1 + i; p.t[n1 + i].y = n1 + n2 - 1 - i;
    p.t[n1 + i].label = 0;
  }
  pc_normalise(&p);
  rc = pc_to_config(b, &p, out, err);
  pc_free(&p);
  return rc;
}

int pn_push_diagonal(const pn_board *b, int n, pn_config *out, pn_error *err) {
  pconf p;
  int i, rc;
  if (n < 1 || n > 100000)
    return pn_seterror(err, PN_EINVAL, "the diagonal needs 1..100000 tokens");
  p.n = n;
  p.t = malloc((size_t)n * sizeof *p.t);
  if (!p.t) return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (i = 0; i < n; i++) { p.t[i].x = i; p.t[i].y = n - 1 - i; p.t[i].label = 0; }
  pc_normalise(&p);
  rc = pc_to_config(b, &p, out, err);
  pc_free(&p);
  return rc;
}

static int cmp_desc(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (y > x) - (y < x);
}

int pn_push_from_diagonal(const pn_board *b, const pn_config *target,
                          pn_pushdir **pushes, size_t *npushes,
                          pn_error *err) {
  pconf tg, p;
  seq s;
  int *heights = NULL, i, j, rc = PN_OK;
  memset(&s, 0, sizeof s);
  *pushes = NULL; *npushes = 0;
  if ((rc = pc_from_config(b, target, &tg, err)) != PN_OK) return rc;
  if (!pc_compact(&tg)) {
    pc_free(&tg);
    return pn_seterror(err, PN_EINVAL, "the target is not compact");
  }
  /* about 2n pushes of O(n) each: 20,000 tokens take a few seconds */
  if (tg.n > 20000) {
    pc_free(&tg);
    return pn_seterror(err, PN_ELIMIT, "the diagonal construction handles at "
                       "most 20000 tokens (%d given)", tg.n);
  }
  for (i = 0; i < tg.n; i++) tg.t[i].label = 0;
  /* the diagonal */
  p.n = tg.n;
  p.t = malloc(((size_t)p.n + 1) * sizeof *p.t);
  heights = calloc((size_t)tg.w + 1, sizeof *heights);
  if (!p.t || !heights) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto out; }
  for (i = 0; i < p.n; i++) { p.t[i].x = i; p.t[i].y = p.n - 1 - i; p.t[i].label = 0; }
  pc_normalise(&p);
  /* the canonical form's column heights, tallest first */
  for (i = 0; i < tg.n; i++) heights[tg.t[i].x]++;
  qsort(heights, (size_t)tg.w, sizeof *heights, cmp_desc);
  for (j = 0; j < tg.w; j++) {
    int k;
    for (k = 0; k < heights[j] - 1; k++) push_rec(&p, &s, PN_PUSH_RIGHT);
    if (j + 1 < tg.w)
      for (k = 0; k < heights[j]; k++) push_rec(&p, &s, PN_PUSH_UP);
  }
  /* then to the target's shape */
  {
    pn_pushdir *tail;
    size_t nt, k;
    if (!pc_shape_path(&p, &tg, &tail, &nt)) {
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: the diagonal did not "
                       "reach a configuration compatible with the target");
      goto out;
    }
    for (k = 0; k < nt; k++) push_rec(&p, &s, tail[k]);
    free(tail);
  }
  if (s.failed || !pc_equal(&p, &tg)) {
    rc = pn_seterror(err, PN_EINTERNAL, "penny bug: the diagonal "
                     "construction missed the target");
    goto out;
  }
  *pushes = s.d;
  *npushes = s.n;
  s.d = NULL;
out:
  free(s.d);
  free(heights);
  pc_free(&p);
  pc_free(&tg);
  return rc;
}

/* }==================================================================== */
