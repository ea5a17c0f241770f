/*
** span.c -- Adj(C), span(C) and connected components (thesis Section 1.2).
**
** span(C) is the closure of C under adding a free position with at least d
** occupied neighbours.  The closure is computed incrementally (thesis Prop
** 1.8): each added cell bumps the counts of its neighbours, and a free cell
** joins when its count reaches d: O(|S| Delta) hash operations.
**
** On an unbounded lattice the span may be infinite.  Exact answers:
**   - triangular or king lattice, d = 1: infinite as soon as C has a coin;
**   - triangular or king lattice, d = 2: infinite iff Adj(C) is not empty
**     (two coins with a common free neighbour p: adding p gives two
**     adjacent coins, whose common neighbours make a triangle or a 2x2
**     block, which grows without end).
**   - king lattice, d = 3: infinite iff the span leaves the bounding box
**     of C.  A cell next to the box needs the three cells beside it in the
**     box's last column (or row); the three cells next to those then join
**     too, a new full column of three, and so on without end.  So the
**     closure inside the box widened by 1 decides: a cell on that ring
**     means infinite, none means the closure is the span.
** Otherwise the closure is computed inside the bounding box of C widened
** by a margin m.  If no span cell lies on the outermost ring of that box,
** every neighbour of the span is inside the box, so the closure inside is
** the true span.  Otherwise m is doubled, up to the cell limit, after
** which PN_EINFINITE says the span is infinite or larger than the limit.
** On the square, hexagonal and cubic lattices the span lies inside a hull
** of C (a position outside it has at most one neighbour inside), so the
** first round with m = 2 always succeeds there.
*/
#include <stdlib.h>
#include <string.h>

#include "util.h"

#define DEFAULT_SPAN_LIMIT ((size_t)1 << 22)

int pn_adj(const pn_board *b, int d, const pn_config *c, pn_pos **out,
           size_t *n, pn_error *err) {
  pn_hmap cnt;
  pn_pos nb[PN_MAXDEG], *res;
  size_t i, w = 0;
  *out = NULL; *n = 0;
  if (d < 1) return pn_seterror(err, PN_EINVAL, "d must be at least 1");
  pn_hmap_init(&cnt);
  for (i = 0; i < c->n; i++) {
    int k = pn_board_neighbours(b, c->pos[i], nb), j, isnew;
    for (j = 0; j < k; j++) {
      int64_t *v;
      if (pn_config_find(c, nb[j]) >= 0) continue;
      v = pn_hmap_put(&cnt, (uint64_t)nb[j], 0, &isnew);
      if (!v) goto nomem;
      ++*v;
    }
  }
  res = malloc((cnt.n + 1) * sizeof *res);
  if (!res) goto nomem;
  for (i = 0; i < cnt.cap; i++)
    if (cnt.used[i] && cnt.vals[i] >= d) res[w++] = (pn_pos)cnt.keys[i];
  qsort(res, w, sizeof *res, pn_cmp_pos);
  pn_hmap_free(&cnt);
  *out = res; *n = w;
  return PN_OK;
nomem:
  pn_hmap_free(&cnt);
  return pn_seterror(err, PN_ENOMEM, "out of memory computing Adj");
}

/* the closure of c inside the box lo..hi (all cells when box is NULL);
** *ring is set when a span cell lies on the box's outer ring */
static int closure(const pn_board *b, int d, const pn_config *c,
                   const int64_t *lo, const int64_t *hi, size_t limit,
                   pn_pos **out, size_t *n, int *ring, pn_error *err) {
  pn_hmap cnt;               /* free cell -> count; span cell -> -1 */
  pn_pos *queue = NULL, nb[PN_MAXDEG];
  size_t qn = 0, qcap = c->n + 16, head, i;
  int dim = pn_board_dim(b), rc = PN_OK;
  *ring = 0;
  pn_hmap_init(&cnt);
  queue = malloc(qcap * sizeof *queue);
  if (!queue || !pn_hmap_reserve(&cnt, 4 * c->n + 16)) goto nomem;
  for (i = 0; i < c->n; i++) {
    int isnew;
    pn_hmap_put(&cnt, (uint64_t)c->pos[i], -1, &isnew);
    queue[qn++] = c->pos[i];
  }
  for (head = 0; head < qn; head++) {
    int k = pn_board_neighbours(b, queue[head], nb), j;
    if (lo) {
      int64_t x[PN_MAXDIM];
      int t;
      pn_board_unpack(b, queue[head], x);
      for (t = 0; t < dim; t++)
        if (x[t] <= lo[t] || x[t] >= hi[t]) *ring = 1;
    }
    for (j = 0; j < k; j++) {
      int64_t *v, x[PN_MAXDIM];
      int isnew, t, inside = 1;
      if (lo) {
        pn_board_unpack(b, nb[j], x);
        for (t = 0; t < dim; t++)
          if (x[t] < lo[t] || x[t] > hi[t]) inside = 0;
        if (!inside) continue;
      }
      v = pn_hmap_put(&cnt, (uint64_t)nb[j], 0, &isnew);
      if (!v) goto nomem;
      if (*v < 0) continue;            /* already in the span */
      if (++*v >= d) {
        *v = -1;
        if (qn == qcap) {
          pn_pos *q2;
          qcap *= 2;
          q2 = realloc(queue, qcap * sizeof *queue);
          if (!q2) goto nomem;
          queue = q2;
        }
        queue[qn++] = nb[j];
        if (qn > limit) {
          rc = pn_seterror(err, PN_EINFINITE, "the span is infinite or "
                           "larger than the limit of %zu cells", limit);
          goto done;
        }
      }
    }
  }
  qsort(queue, qn, sizeof *queue, pn_cmp_pos);
  *out = queue; *n = qn;
  queue = NULL;
  goto done;
nomem:
  rc = pn_seterror(err, PN_ENOMEM, "out of memory computing the span");
done:
  free(queue);
  pn_hmap_free(&cnt);
  return rc;
}

int pn_span(const pn_board *b, int d, const pn_config *c, size_t limit,
            pn_pos **out, size_t *n, pn_error *err) {
  pn_lattice lat = pn_board_kind(b);
  int dim = pn_board_dim(b), ring, rc;
  int64_t lo[PN_MAXDIM], hi[PN_MAXDIM], blo[PN_MAXDIM], bhi[PN_MAXDIM];
  int64_t m;
  size_t i;
  *out = NULL; *n = 0;
  if (d < 1) return pn_seterror(err, PN_EINVAL, "d must be at least 1");
  if (limit == 0) limit = DEFAULT_SPAN_LIMIT;
  if (pn_board_bounded(b) || c->n == 0)
    return closure(b, d, c, NULL, NULL, limit, out, n, &ring, err);
  if ((lat == PN_TRI || lat == PN_KING) && d <= 2) {
    pn_pos *adj;
    size_t nadj;
    if (d == 1)
      return pn_seterror(err, PN_EINFINITE, "the span is infinite: on the "
                         "unbounded %s lattice with d = 1 it grows from "
                         "any coin", pn_lattice_name(lat));
    if ((rc = pn_adj(b, d, c, &adj, &nadj, err)) != PN_OK) return rc;
    free(adj);
    if (nadj > 0)
      return pn_seterror(err, PN_EINFINITE, "the span is infinite: on the "
                         "unbounded %s lattice a configuration that allows "
                         "a move spans the whole lattice",
                         pn_lattice_name(lat));
    return closure(b, d, c, NULL, NULL, limit, out, n, &ring, err);
  }
  for (i = 0; i < c->n; i++) {
    int64_t x[PN_MAXDIM];
    int t;
    pn_board_unpack(b, c->pos[i], x);
    for (t = 0; t < dim; t++) {
      if (i == 0 || x[t] < blo[t]) blo[t] = x[t];
      if (i == 0 || x[t] > bhi[t]) bhi[t] = x[t];
    }
  }
  if (lat == PN_KING && d == 3) {
    int t;
    for (t = 0; t < dim; t++) { lo[t] = blo[t] - 1; hi[t] = bhi[t] + 1; }
    rc = closure(b, d, c, lo, hi, limit, out, n, &ring, err);
    if (rc != PN_OK || !ring) return rc;
    free(*out);
    *out = NULL; *n = 0;
    return pn_seterror(err, PN_EINFINITE, "the span is infinite: on the "
                       "king lattice with d = 3, a span that leaves the "
                       "bounding box of the coins grows without end");
  }
  for (m = 2;; m *= 2) {
    int t;
    for (t = 0; t < dim; t++) { lo[t] = blo[t] - m; hi[t] = bhi[t] + m; }
    rc = closure(b, d, c, lo, hi, limit, out, n, &ring, err);
    if (rc != PN_OK) return rc;
    if (!ring) return PN_OK;
    free(*out);
    *out = NULL; *n = 0;
  }
}

size_t pn_components(const pn_board *b, const pn_config *c, uint32_t *comp) {
  size_t i, ncomp = 0, *stack;
  pn_pos nb[PN_MAXDEG];
  if (c->n == 0) return 0;
  stack = malloc(c->n * sizeof *stack);
  if (!stack) return 0;
  for (i = 0; i < c->n; i++) comp[i] = UINT32_MAX;
  for (i = 0; i < c->n; i++) {
    size_t sp = 0;
    if (comp[i] != UINT32_MAX) continue;
    comp[i] = (uint32_t)ncomp;
    stack[sp++] = i;
    while (sp > 0) {
      size_t cur = stack[--sp];
      int k = pn_board_neighbours(b, c->pos[cur], nb), j;
      for (j = 0; j < k; j++) {
        ptrdiff_t o = pn_config_find(c, nb[j]);
        if (o >= 0 && comp[o] == UINT32_MAX) {
          comp[o] = (uint32_t)ncomp;
          stack[sp++] = (size_t)o;
        }
      }
    }
    ncomp++;
  }
  free(stack);
  return ncomp;
}
