/*
** config.c -- configurations: a sorted array of distinct positions, each
** with a label (0 = plain coin).  Equality, hashing, copying, translation
** normalisation and lattice symmetries.
*/
#include <stdlib.h>
#include <string.h>

#include "util.h"

void pn_config_init(pn_config *c) {
  memset(c, 0, sizeof *c);
}

void pn_config_clear(pn_config *c) {
  free(c->pos);
  free(c->label);
  pn_config_init(c);
}

int pn_config_reserve(pn_config *c, size_t n, pn_error *err) {
  pn_pos *p;
  int32_t *l;
  if (n <= c->cap) return PN_OK;
  if (n < 2 * c->cap) n = 2 * c->cap;
  if (n > SIZE_MAX / sizeof(pn_pos))
    return pn_seterror(err, PN_ENOMEM, "configuration too large");
  p = realloc(c->pos, n * sizeof *p);
  if (!p) return pn_seterror(err, PN_ENOMEM, "out of memory");
  c->pos = p;
  l = realloc(c->label, n * sizeof *l);
  if (!l) return pn_seterror(err, PN_ENOMEM, "out of memory");
  c->label = l;
  c->cap = n;
  return PN_OK;
}

int pn_config_copy(pn_config *dst, const pn_config *src, pn_error *err) {
  int rc;
  if (dst == src) return PN_OK;
  if ((rc = pn_config_reserve(dst, src->n, err)) != PN_OK) return rc;
  if (src->n) {
    memcpy(dst->pos, src->pos, src->n * sizeof *src->pos);
    memcpy(dst->label, src->label, src->n * sizeof *src->label);
  }
  dst->n = src->n;
  return PN_OK;
}

/* first index i with pos[i] >= p */
static size_t lower(const pn_config *c, pn_pos p) {
  size_t lo = 0, hi = c->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (c->pos[mid] < p) lo = mid + 1; else hi = mid;
  }
  return lo;
}

ptrdiff_t pn_config_find(const pn_config *c, pn_pos p) {
  size_t i = lower(c, p);
  return (i < c->n && c->pos[i] == p) ? (ptrdiff_t)i : -1;
}

int pn_config_add(pn_config *c, pn_pos p, int32_t label, pn_error *err) {
  size_t i = lower(c, p);
  int rc;
  if (i < c->n && c->pos[i] == p)
    return pn_seterror(err, PN_EINVAL, "two coins on one cell");
  if ((rc = pn_config_reserve(c, c->n + 1, err)) != PN_OK) return rc;
  memmove(c->pos + i + 1, c->pos + i, (c->n - i) * sizeof *c->pos);
  memmove(c->label + i + 1, c->label + i, (c->n - i) * sizeof *c->label);
  c->pos[i] = p;
  c->label[i] = label;
  c->n++;
  return PN_OK;
}

int pn_config_remove(pn_config *c, pn_pos p) {
  ptrdiff_t i = pn_config_find(c, p);
  if (i < 0) return 0;
  memmove(c->pos + i, c->pos + i + 1, (c->n - (size_t)i - 1) * sizeof *c->pos);
  memmove(c->label + i, c->label + i + 1,
          (c->n - (size_t)i - 1) * sizeof *c->label);
  c->n--;
  return 1;
}

int pn_config_equal(const pn_config *a, const pn_config *b) {
  return a->n == b->n
      && (a->n == 0 || (memcmp(a->pos, b->pos, a->n * sizeof *a->pos) == 0
      && memcmp(a->label, b->label, a->n * sizeof *a->label) == 0));
}

uint64_t pn_config_hash(const pn_config *c) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ c->n;
  size_t i;
  for (i = 0; i < c->n; i++)
    h = pn_mix64(h ^ (uint64_t)c->pos[i]) + (uint64_t)(uint32_t)c->label[i];
  return pn_mix64(h);
}

int pn_config_labelled(const pn_config *c) {
  size_t i;
  for (i = 0; i < c->n; i++)
    if (c->label[i] != 0) return 1;
  return 0;
}

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

int pn_config_same_labels(const pn_config *a, const pn_config *b) {
  int32_t *x, *y;
  int same;
  if (a->n != b->n) return 0;
  if (a->n == 0) return 1;
  x = malloc(2 * a->n * sizeof *x);
  if (!x) return -1;
  y = x + a->n;
  memcpy(x, a->label, a->n * sizeof *x);
  memcpy(y, b->label, b->n * sizeof *y);
  qsort(x, a->n, sizeof *x, cmp_i32);
  qsort(y, a->n, sizeof *y, cmp_i32);
  same = memcmp(x, y, a->n * sizeof *x) == 0;
  free(x);
  return same;
}

/* sort pos[] with labels following; positions are distinct */
typedef struct coin_at { pn_pos p; int32_t l; size_t i; } coin_at;

static int cmp_coin_at(const void *a, const void *b) {
  const coin_at *x = a, *y = b;
  if (x->p != y->p) return x->p < y->p ? -1 : 1;
  return (x->i > y->i) - (x->i < y->i);
}

int pn_config_set(pn_config *c, const pn_pos *pos, const int32_t *label,
                  size_t n, size_t *dup, pn_error *err) {
  coin_at *t;
  size_t i, first = SIZE_MAX;
  int rc;
  c->n = 0;
  if ((rc = pn_config_reserve(c, n, err)) != PN_OK) return rc;
  if (n > SIZE_MAX / sizeof *t
      || !(t = malloc((n ? n : 1) * sizeof *t)))
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (i = 0; i < n; i++) { t[i].p = pos[i]; t[i].l = label[i]; t[i].i = i; }
  qsort(t, n, sizeof *t, cmp_coin_at);
  /* the first coin, in the input's order, on a cell taken before it */
  for (i = 1; i < n; i++)
    if (t[i].p == t[i - 1].p && t[i].i < first) first = t[i].i;
  if (first != SIZE_MAX) {
    free(t);
    if (dup) *dup = first;
    return pn_seterror(err, PN_EINVAL, "two coins on one cell");
  }
  for (i = 0; i < n; i++) { c->pos[i] = t[i].p; c->label[i] = t[i].l; }
  c->n = n;
  free(t);
  return PN_OK;
}

void pn_config_sort(pn_config *c) {
  size_t i, j;
  /* insertion sort is fine for nearly-sorted input; fall back to a
  ** paired qsort through an index array for big configurations */
  if (c->n > 64) {
    typedef struct { pn_pos p; int32_t l; } pl;
    pl *t = malloc(c->n * sizeof *t);
    if (t) {
      for (i = 0; i < c->n; i++) { t[i].p = c->pos[i]; t[i].l = c->label[i]; }
      qsort(t, c->n, sizeof *t, pn_cmp_pos);   /* p is the first member */
      for (i = 0; i < c->n; i++) { c->pos[i] = t[i].p; c->label[i] = t[i].l; }
      free(t);
      return;
    }
  }
  for (i = 1; i < c->n; i++) {
    pn_pos p = c->pos[i];
    int32_t l = c->label[i];
    for (j = i; j > 0 && c->pos[j - 1] > p; j--) {
      c->pos[j] = c->pos[j - 1];
      c->label[j] = c->label[j - 1];
    }
    c->pos[j] = p;
    c->label[j] = l;
  }
}

/* translate every coin by t; PN_ERANGE if a coordinate leaves the range */
static int translate(const pn_board *b, pn_config *c, const int64_t *t,
                     pn_error *err) {
  int dim = pn_board_dim(b), d;
  size_t i;
  for (i = 0; i < c->n; i++) {
    int64_t x[PN_MAXDIM];
    int rc;
    pn_board_unpack(b, c->pos[i], x);
    for (d = 0; d < dim; d++) x[d] += t[d];
    if ((rc = pn_board_pack(b, x, &c->pos[i], err)) != PN_OK) return rc;
  }
  pn_config_sort(c);
  return PN_OK;
}

int pn_config_normalise(const pn_board *b, pn_config *c, pn_error *err) {
  int dim = pn_board_dim(b), d, k;
  int64_t lo[PN_MAXDIM], t[PN_MAXDIM];
  size_t i;
  if (pn_board_kind(b) == PN_GRAPH)
    return pn_seterror(err, PN_EINVAL, "a custom graph has no translations");
  if (c->n == 0) return PN_OK;
  for (i = 0; i < c->n; i++) {
    int64_t x[PN_MAXDIM];
    pn_board_unpack(b, c->pos[i], x);
    for (d = 0; d < dim; d++)
      if (i == 0 || x[d] < lo[d]) lo[d] = x[d];
  }
  for (d = 0; d < dim; d++) t[d] = -lo[d];
  if (pn_board_kind(b) != PN_HEX) return translate(b, c, t, err);
  /* honeycomb: only translations with (tx - ty) = 0 mod 3 keep it; pick
  ** the least extra shift k of x that puts every coin on a vertex */
  for (k = 0; k < 3; k++) {
    int ok = 1;
    for (i = 0; i < c->n && ok; i++) {
      int64_t x[PN_MAXDIM];
      int64_t m;
      pn_board_unpack(b, c->pos[i], x);
      m = ((x[0] + t[0] + k) - (x[1] + t[1])) % 3;
      if (m < 0) m += 3;
      ok = m != 2;
    }
    if (ok) break;
  }
  if (k == 3)
    return pn_seterror(err, PN_EINVAL, "coins not on one honeycomb");
  t[0] += k;
  return translate(b, c, t, err);
}

int pn_config_transform(const pn_board *b, pn_config *c, int sym,
                        pn_error *err) {
  int dim = pn_board_dim(b);
  pn_lattice lat = pn_board_kind(b);
  size_t i;
  if (sym < 0 || sym >= pn_lattice_symmetries(lat, dim))
    return pn_seterror(err, PN_EINVAL, "no symmetry %d", sym);
  for (i = 0; i < c->n; i++) {
    int64_t x[PN_MAXDIM], y[PN_MAXDIM];
    int rc;
    pn_board_unpack(b, c->pos[i], x);
    pn_lattice_transform(lat, dim, sym, x, y);
    if ((rc = pn_board_pack(b, y, &c->pos[i], err)) != PN_OK) return rc;
  }
  pn_config_sort(c);
  return PN_OK;
}
