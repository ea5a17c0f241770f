/*
** push.c -- the push and the structure of compact configurations
** (Akitaya, Löffler, Viglietta Section 2, Definition 12, Theorem 20).
**
** The push, in the paper's "gravity" formulation: a push "right" puts a
** barrier at the left side of the bounding box and every token that can
** falls one unit toward it.  Row by row, from the left: a token that
** finds the cell before it empty moves into it, and the ones after it
** follow, so every token to the right of the row's first gap moves one
** unit.  The other directions are the same after a change of axes.
*/
#include <stdlib.h>
#include <string.h>

#include "linepush.h"
#include "core/util.h"

/* {====================================================================
** Configurations up to translation
** ===================================================================== */

static int cmp_tok(const void *a, const void *b) {
  const ptok *x = a, *y = b;
  if (x->y != y->y) return x->y < y->y ? -1 : 1;
  return (x->x > y->x) - (x->x < y->x);
}

static int cmp_col(const void *a, const void *b) {
  const ptok *x = a, *y = b;
  if (x->x != y->x) return x->x < y->x ? -1 : 1;
  return (x->y > y->y) - (x->y < y->y);
}

static void retranslate(pconf *p);

void pc_normalise(pconf *p) {
  retranslate(p);
  qsort(p->t, (size_t)p->n, sizeof *p->t, cmp_tok);
}

int pc_from_config(const pn_board *b, const pn_config *c, pconf *p,
                   pn_error *err) {
  size_t i;
  p->n = (int)c->n;
  p->t = malloc((c->n + 1) * sizeof *p->t);
  if (!p->t) return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (i = 0; i < c->n; i++) {
    int64_t xy[PN_MAXDIM];
    pn_board_unpack(b, c->pos[i], xy);
    if (xy[0] < -(1 << 29) || xy[0] > (1 << 29) || xy[1] < -(1 << 29)
        || xy[1] > (1 << 29)) {
      free(p->t);
      p->t = NULL;
      return pn_seterror(err, PN_ERANGE, "line pushes take coordinates "
                         "within +-2^29");
    }
    p->t[i].x = (int32_t)xy[0];
    p->t[i].y = (int32_t)xy[1];
    p->t[i].label = c->label[i];
  }
  pc_normalise(p);
  return PN_OK;
}

int pc_to_config(const pn_board *b, const pconf *p, pn_config *c,
                 pn_error *err) {
  int i, rc;
  c->n = 0;
  if ((rc = pn_config_reserve(c, (size_t)p->n, err)) != PN_OK) return rc;
  for (i = 0; i < p->n; i++) {
    int64_t xy[2] = {p->t[i].x, p->t[i].y};
    pn_pos pos;
    if ((rc = pn_board_pack(b, xy, &pos, err)) != PN_OK) return rc;
    c->pos[i] = pos;
    c->label[i] = p->t[i].label;
  }
  c->n = (size_t)p->n;
  pn_config_sort(c);
  return PN_OK;
}

int pc_copy(pconf *dst, const pconf *src) {
  ptok *t = malloc(((size_t)src->n + 1) * sizeof *t);
  if (!t) return 0;
  memcpy(t, src->t, (size_t)src->n * sizeof *t);
  *dst = *src;
  dst->t = t;
  return 1;
}

void pc_free(pconf *p) {
  free(p->t);
  p->t = NULL;
  p->n = 0;
}

int pc_equal(const pconf *a, const pconf *b) {
  int i;
  if (a->n != b->n || a->w != b->w || a->h != b->h) return 0;
  for (i = 0; i < a->n; i++)
    if (a->t[i].x != b->t[i].x || a->t[i].y != b->t[i].y
        || a->t[i].label != b->t[i].label) return 0;
  return 1;
}

int pc_at(const pconf *p, int32_t x, int32_t y) {
  int lo = 0, hi = p->n;
  ptok key;
  key.x = x; key.y = y;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    int c = cmp_tok(&p->t[mid], &key);
    if (c == 0) return mid;
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  return -1;
}

/* }==================================================================== */


/* {====================================================================
** The push
** ===================================================================== */

/* one line (a row for horizontal pushes, a column for vertical ones):
** the coordinates c[0..n) ascending, tokens fall toward lo (dir -1) or
** hi (dir +1); the first token that finds the cell before it empty
** moves, and every token after it */
static void fall(ptok *t, int n, int horizontal, int32_t lo, int32_t hi,
                 int dir) {
  int k, gap = 0;
  if (dir < 0) {
    int32_t expect = lo;
    for (k = 0; k < n; k++) {
      int32_t *c = horizontal ? &t[k].x : &t[k].y;
      if (!gap && *c != expect) gap = 1;
      if (gap) (*c)--; else expect++;
    }
  } else {
    int32_t expect = hi;
    for (k = n - 1; k >= 0; k--) {
      int32_t *c = horizontal ? &t[k].x : &t[k].y;
      if (!gap && *c != expect) gap = 1;
      if (gap) (*c)++; else expect--;
    }
  }
}

/* translate to the origin and measure the box; the order is unchanged */
static void retranslate(pconf *p) {
  int32_t mx = INT32_MAX, my = INT32_MAX, Mx = INT32_MIN, My = INT32_MIN;
  int i;
  for (i = 0; i < p->n; i++) {
    if (p->t[i].x < mx) mx = p->t[i].x;
    if (p->t[i].y < my) my = p->t[i].y;
    if (p->t[i].x > Mx) Mx = p->t[i].x;
    if (p->t[i].y > My) My = p->t[i].y;
  }
  if (mx | my)
    for (i = 0; i < p->n; i++) { p->t[i].x -= mx; p->t[i].y -= my; }
  p->w = p->n ? Mx - mx + 1 : 0;
  p->h = p->n ? My - my + 1 : 0;
}

/* stable counting sort of src into dst by x (byx) or by y; count has
** room for the box's width or height + 1 */
static void counting_sort(const ptok *src, ptok *dst, int n, int byx,
                          int32_t range, int32_t *count) {
  int i;
  int32_t k;
  for (k = 0; k <= range; k++) count[k] = 0;
  for (i = 0; i < n; i++) count[(byx ? src[i].x : src[i].y) + 1]++;
  for (k = 0; k < range; k++) count[k + 1] += count[k];
  for (i = 0; i < n; i++) dst[count[byx ? src[i].x : src[i].y]++] = src[i];
}

/* O(n + w + h), no sorting by comparison: tokens are kept sorted by
** (y, x), so horizontal pushes work row by row in place; vertical ones
** regroup the tokens by column and back with counting sorts */
int pc_push(pconf *p, pn_pushdir d) {
  int i, j;
  if (p->n == 0) return 1;
  if (d == PN_PUSH_RIGHT || d == PN_PUSH_LEFT) {
    for (i = 0; i < p->n; i = j) {
      for (j = i; j < p->n && p->t[j].y == p->t[i].y; j++) {}
      fall(p->t + i, j - i, 1, 0, p->w - 1, d == PN_PUSH_RIGHT ? -1 : 1);
    }
  } else if ((p->w > p->h ? p->w : p->h) > 8 * p->n + 64) {
    /* a sparse configuration in a wide box: sort by comparison */
    qsort(p->t, (size_t)p->n, sizeof *p->t, cmp_col);
    for (i = 0; i < p->n; i = j) {
      for (j = i; j < p->n && p->t[j].x == p->t[i].x; j++) {}
      fall(p->t + i, j - i, 0, 0, p->h - 1, d == PN_PUSH_UP ? 1 : -1);
    }
    qsort(p->t, (size_t)p->n, sizeof *p->t, cmp_tok);
  } else {
    int32_t range = (p->w > p->h ? p->w : p->h) + 1;
    ptok tmp_small[256], *tmp = tmp_small;
    int32_t count_small[1024], *count = count_small;
    if (p->n > 256) tmp = malloc((size_t)p->n * sizeof *tmp);
    if (range + 1 > 1024) count = malloc(((size_t)range + 1) * sizeof *count);
    if (!tmp || !count) {
      if (tmp != tmp_small) free(tmp);
      if (count != count_small) free(count);
      return 0;
    }
    counting_sort(p->t, tmp, p->n, 1, p->w, count);     /* by column */
    for (i = 0; i < p->n; i = j) {
      for (j = i; j < p->n && tmp[j].x == tmp[i].x; j++) {}
      /* "up" gathers the tokens at the bottom (max y) */
      fall(tmp + i, j - i, 0, 0, p->h - 1, d == PN_PUSH_UP ? 1 : -1);
    }
    /* back by row (tokens stay inside the box) */
    counting_sort(tmp, p->t, p->n, 0, p->h, count);
    if (tmp != tmp_small) free(tmp);
    if (count != count_small) free(count);
  }
  retranslate(p);
  return 1;
}

int pn_push_seq(const pn_board *b, const pn_config *c, const pn_pushdir *d,
                size_t n, pn_config *out, pn_error *err) {
  pconf p;
  size_t i;
  int rc;
  for (i = 0; i < n; i++)
    if ((unsigned)d[i] > PN_PUSH_DOWN)
      return pn_seterror(err, PN_EINVAL, "push %zu: no direction %d", i + 1,
                         (int)d[i]);
  if ((rc = pc_from_config(b, c, &p, err)) != PN_OK) return rc;
  for (i = 0; i < n; i++)
    if (!pc_push(&p, d[i])) break;
  if (i < n) rc = pn_seterror(err, PN_ENOMEM, "out of memory");
  else rc = pc_to_config(b, &p, out, err);
  pc_free(&p);
  return rc;
}

int pn_push(const pn_board *b, const pn_config *c, pn_pushdir d,
            pn_config *out, pn_error *err) {
  return pn_push_seq(b, c, &d, 1, out, err);
}

/* }==================================================================== */


/* {====================================================================
** Compact and canonical configurations
** ===================================================================== */

/* row r: the interval [lo, hi] of its tokens and whether it is contiguous */
typedef struct line { int32_t lo, hi, len; int ok; } line;

static void lines(const pconf *p, line *rows, line *cols) {
  int i;
  for (i = 0; i < p->h; i++) { rows[i].lo = INT32_MAX; rows[i].hi = INT32_MIN; rows[i].len = 0; }
  for (i = 0; i < p->w; i++) { cols[i].lo = INT32_MAX; cols[i].hi = INT32_MIN; cols[i].len = 0; }
  for (i = 0; i < p->n; i++) {
    line *r = &rows[p->t[i].y], *c = &cols[p->t[i].x];
    if (p->t[i].x < r->lo) r->lo = p->t[i].x;
    if (p->t[i].x > r->hi) r->hi = p->t[i].x;
    r->len++;
    if (p->t[i].y < c->lo) c->lo = p->t[i].y;
    if (p->t[i].y > c->hi) c->hi = p->t[i].y;
    c->len++;
  }
  for (i = 0; i < p->h; i++) rows[i].ok = rows[i].len > 0
    && rows[i].hi - rows[i].lo + 1 == rows[i].len;
  for (i = 0; i < p->w; i++) cols[i].ok = cols[i].len > 0
    && cols[i].hi - cols[i].lo + 1 == cols[i].len;
}

/* Observation 1: every row and column is one interval, and each one's
** projection lies inside every row (column) at least as long */
static int nested(const line *l, int n) {
  int i, j;
  for (i = 0; i < n; i++) {
    if (!l[i].ok) return 0;
    for (j = 0; j < n; j++)
      if (l[i].len <= l[j].len && (l[i].lo < l[j].lo || l[i].hi > l[j].hi))
        return 0;
  }
  return 1;
}

int pc_compact(const pconf *p) {
  line *rows, *cols;
  int ok;
  if (p->n == 0) return 1;
  rows = malloc(((size_t)p->h + (size_t)p->w) * sizeof *rows);
  if (!rows) return 0;
  cols = rows + p->h;
  lines(p, rows, cols);
  ok = nested(rows, p->h) && nested(cols, p->w);
  free(rows);
  return ok;
}

int pc_canonical(pconf *p, pn_pushdir **seq, size_t *nseq) {
  pconf before;
  size_t cap = 0;
  int rounds, limit = 4 * (p->w + p->h + p->n) + 8;
  if (seq) { *seq = NULL; *nseq = 0; }
  if (!pc_copy(&before, p)) return 0;
  for (rounds = 0; rounds < limit; rounds++) {
    int k, changed = 0;
    for (k = 0; k < 2; k++) {
      pn_pushdir d = k ? PN_PUSH_UP : PN_PUSH_RIGHT;
      memcpy(before.t, p->t, (size_t)p->n * sizeof *p->t);
      before.w = p->w; before.h = p->h;
      if (!pc_push(p, d)) goto fail;
      if (pc_equal(&before, p)) continue;
      changed = 1;
      if (!seq) continue;
      if (*nseq == cap) {
        size_t nc = cap ? 2 * cap : 64;
        pn_pushdir *nd = realloc(*seq, nc * sizeof *nd);
        if (!nd) goto fail;
        *seq = nd; cap = nc;
      }
      (*seq)[(*nseq)++] = d;
    }
    if (!changed) break;
  }
  pc_free(&before);
  return rounds < limit ? 1 : -1;
fail:
  pc_free(&before);
  if (seq) { free(*seq); *seq = NULL; *nseq = 0; }
  return 0;
}

int pn_push_canonical(const pn_board *b, const pn_config *c, pn_config *out,
                      pn_pushdir **seq, size_t *nseq, pn_error *err) {
  pconf p;
  int rc, ok;
  if (seq) { *seq = NULL; *nseq = 0; }
  if ((rc = pc_from_config(b, c, &p, err)) != PN_OK) return rc;
  if ((double)(p.w + p.h) * (double)(p.n + 1) > 4e8) {
    pc_free(&p);
    return pn_seterror(err, PN_ELIMIT, "%d tokens spread over %d x %d: too "
                       "large to push into canonical form", p.n, (int)p.w,
                       (int)p.h);
  }
  ok = pc_canonical(&p, seq, nseq);
  if (ok <= 0) {
    pc_free(&p);
    return ok == 0 ? pn_seterror(err, PN_ENOMEM, "out of memory")
      : pn_seterror(err, PN_EINTERNAL, "penny bug: the canonical form did "
                    "not settle");
  }
  rc = pc_to_config(b, &p, out, err);
  pc_free(&p);
  if (rc != PN_OK && seq) { free(*seq); *seq = NULL; *nseq = 0; }
  return rc;
}

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int pn_push_compatible(const pn_board *b, const pn_config *x,
                       const pn_config *y) {
  pconf p, q;
  int ok = 0, i;
  if (pc_from_config(b, x, &p, NULL) != PN_OK) return 0;
  if (pc_from_config(b, y, &q, NULL) != PN_OK) { pc_free(&p); return 0; }
  if (p.n == q.n && ((p.w == q.w && p.h == q.h))) {
    int *a = calloc((size_t)(2 * (p.w + p.h) + 2), sizeof *a);
    if (a) {
      int *ra = a, *ca = a + p.h, *rb = a + p.h + p.w, *cb = rb + p.h;
      for (i = 0; i < p.n; i++) { ra[p.t[i].y]++; ca[p.t[i].x]++; }
      for (i = 0; i < q.n; i++) { rb[q.t[i].y]++; cb[q.t[i].x]++; }
      qsort(ra, (size_t)p.h, sizeof *a, cmp_int);
      qsort(ca, (size_t)p.w, sizeof *a, cmp_int);
      qsort(rb, (size_t)p.h, sizeof *a, cmp_int);
      qsort(cb, (size_t)p.w, sizeof *a, cmp_int);
      ok = memcmp(ra, rb, (size_t)p.h * sizeof *a) == 0
        && memcmp(ca, cb, (size_t)p.w * sizeof *a) == 0;
      free(a);
    }
  }
  pc_free(&p); pc_free(&q);
  return ok;
}

/* }==================================================================== */


/* {====================================================================
** The core and the group of a compact configuration
** ===================================================================== */

int pn_push_info(const pn_board *b, const pn_config *c, pn_pushinfo *info,
                 pn_error *err) {
  pconf p;
  line *rows, *cols;
  int rc, i, a2, b2, empties;
  memset(info, 0, sizeof *info);
  if ((rc = pc_from_config(b, c, &p, err)) != PN_OK) return rc;
  info->w = p.w;
  info->h = p.h;
  rows = malloc(((size_t)p.h + (size_t)p.w + 1) * sizeof *rows);
  if (!rows) { pc_free(&p); return pn_seterror(err, PN_ENOMEM, "out of memory"); }
  cols = rows + p.h;
  lines(&p, rows, cols);
  for (i = 0; i < p.h; i++) if (rows[i].len == p.w) info->full_rows++;
  for (i = 0; i < p.w; i++) if (cols[i].len == p.h) info->full_cols++;
  /* incompressible iff the box has a full row and a full column */
  info->compressible = !(info->full_rows > 0 && info->full_cols > 0);
  info->compact = p.n == 0 || (nested(rows, p.h) && nested(cols, p.w));
  free(rows);
  a2 = p.w - info->full_cols;        /* a'' */
  b2 = p.h - info->full_rows;        /* b'' */
  if (info->full_cols > a2 && info->full_rows > b2) {
    info->core_x = a2;
    info->core_y = b2;
    info->core_w = info->full_cols - a2;
    info->core_h = info->full_rows - b2;
    info->ncore = info->core_w * info->core_h;
  }
  info->moving = p.n - info->ncore;
  empties = p.w * p.h - p.n;
  if (!info->compact) info->group = PN_G_NONE, info->order = 0;
  else if (empties == 0) info->group = PN_G_TRIVIAL, info->order = 1;
  else if (empties == 1) info->group = PN_G_CYCLIC, info->order = info->moving;
  else if (p.n == 6 && empties == 2) info->group = PN_G_ALT5, info->order = 60;
  else {
    double o = 1;
    for (i = 3; i <= info->moving; i++) o *= i;     /* m! / 2 */
    info->group = PN_G_ALT;
    info->order = info->moving >= 2 ? o : 1;
  }
  pc_free(&p);
  return PN_OK;
}

/* }==================================================================== */
