/*
** unlabelled.c -- the construction for unlabelled coins on the triangular
** grid (thesis Thm 2.4, Appendix A.2), played in the take/drop game G' and
** cleaned into plain moves (Prop 1.13).
**
**  1. BREAK: take coins b_1, ..., b_e off B while some coin has two
**     neighbours among the rest; B^- = B minus them has components of one
**     or two coins, and the b_i can be dropped back in reverse order.
**  2. Form a triangle in A (at most two moves) and take every other coin.
**  3. Roll the triangle to each component C of B^- in turn (a roll moves
**     one coin across the other two), leave C there, and drop one or two
**     coins to rebuild a triangle T'(C) beside it.  At the last component,
**     take the triangle's spare coins instead.
**  4. Drop b_e, ..., b_1.
** Components are visited in a serpentine order of their positions, so the
** triangle travels O(d_AB + n + d_B) steps in practice (O(d_AB + n d_B) in
** the worst case, as the thesis says); a component of two coins goes last
** when there is one, which keeps enough coins in the reserve (thesis proof
** of Thm 2.4).  CLEAN pairs each take with a later drop into one move.
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tri.h"
#include "core/util.h"

/* {====================================================================
** Action lists
** ===================================================================== */

typedef struct acts {
  const pn_board *b;
  pn_action *a;
  size_t n, cap;
  pn_budget *meter;       /* counts the actions and the moves CLEAN makes */
  int failed;            /* out of memory, a coordinate out of range, or
                         ** the meter said stop */
} acts;

static void act(acts *s, pn_actkind k, tpt from, tpt to) {
  pn_action *x;
  if (s->failed) return;
  if (s->meter && pn_budget_tick(s->meter) != PN_OK) { s->failed = 1; return; }
  if (s->n == s->cap) {
    size_t ncap = s->cap ? 2 * s->cap : 256;
    pn_action *na;
    /* CLEAN turns each action into at most one move */
    if (s->meter && pn_budget_grow(s->meter, (ncap - s->cap)
                                  * (sizeof *na + sizeof(pn_move)))) {
      s->failed = 1;
      return;
    }
    na = realloc(s->a, ncap * sizeof *na);
    if (!na) { s->failed = 1; return; }
    s->a = na;
    s->cap = ncap;
  }
  x = &s->a[s->n];
  x->kind = k;
  x->from = x->to = 0;
  if ((k != PN_ACT_DROP && !pos_of(s->b, from, &x->from))
      || (k != PN_ACT_TAKE && !pos_of(s->b, to, &x->to))) {
    s->failed = 1;
    return;
  }
  s->n++;
}

/* }==================================================================== */


/* {====================================================================
** Triangles
** ===================================================================== */

typedef struct tri3 { tpt v[3]; } tri3;

/* centroid in plane units times 3 (x + y/2, y sqrt(3)/2), as doubles:
** only used to choose the direction of travel */
static void centroid(const tri3 *t, double *X, double *Y) {
  double sx = (double)(t->v[0].x + t->v[1].x + t->v[2].x);
  double sy = (double)(t->v[0].y + t->v[1].y + t->v[2].y);
  *X = sx + sy / 2;
  *Y = sy * 0.8660254037844386;
}

static int same_set(const tri3 *a, const tri3 *b) {
  int i, j, k = 0;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      if (teq(a->v[i], b->v[j])) { k++; break; }
  return k == 3;
}

/* roll vertex k across the opposite edge */
static tri3 rolled(const tri3 *t, int k) {
  tri3 r = *t;
  r.v[k] = tsub(tadd(t->v[(k + 1) % 3], t->v[(k + 2) % 3]), t->v[k]);
  return r;
}

/* roll the triangle *t until it covers target: each roll goes to the
** neighbouring triangle closest to the target (on the honeycomb of
** triangle centres some neighbour is always strictly closer, so this ends,
** after about twice the distance) */
static void travel(acts *s, tri3 *t, const tri3 *target) {
  double tx, ty;
  centroid(target, &tx, &ty);
  while (!same_set(t, target) && !s->failed) {
    int k, best = 0;
    double bd = HUGE_VAL;
    for (k = 0; k < 3; k++) {
      tri3 r = rolled(t, k);
      double x, y, d;
      centroid(&r, &x, &y);
      d = (x - tx) * (x - tx) + (y - ty) * (y - ty);
      if (d < bd) { bd = d; best = k; }
    }
    {
      tri3 r = rolled(t, best);
      act(s, PN_ACT_MOVE, t->v[best], r.v[best]);
      *t = r;
    }
  }
}

static double dist2(const tri3 *a, const tri3 *b) {
  double ax, ay, bx, by;
  centroid(a, &ax, &ay);
  centroid(b, &bx, &by);
  return (ax - bx) * (ax - bx) + (ay - by) * (ay - by);
}

/* }==================================================================== */


/* {====================================================================
** BREAK and the components of B^-
** ===================================================================== */

typedef struct comp { tpt c[2]; int n; int64_t key1, key2; } comp;

static int has_set(const pn_hmap *h, const pn_board *b, tpt t) {
  pn_pos p;
  return pos_of(b, t, &p) && pn_hmap_get(h, (uint64_t)p) != NULL;
}

/* serpentine order: by row, alternately left to right and right to left */
static int cmp_comp(const void *x, const void *y) {
  const comp *a = x, *b = y;
  if (a->key1 != b->key1) return a->key1 < b->key1 ? -1 : 1;
  if (a->key2 != b->key2) return a->key2 < b->key2 ? -1 : 1;
  return 0;
}

/* BREAK (thesis Algorithm 8): removal order in *brk, the components of
** what remains in *comps */
static int break_goal(const pn_board *b, const pn_config *B, tpt **brk,
                      size_t *nbrk, comp **comps, size_t *ncomp) {
  pn_hmap deg;               /* position -> neighbours inside B^- */
  tpt *queue, *out;
  comp *cs;
  size_t i, q = 0, nq = 0, no = 0, nc = 0;
  int k, ok = 0;
  pn_hmap_init(&deg);
  queue = malloc((B->n + 1) * sizeof *queue);
  out = malloc((B->n + 1) * sizeof *out);
  cs = malloc((B->n + 1) * sizeof *cs);
  if (!queue || !out || !cs || !pn_hmap_reserve(&deg, B->n)) goto done;
  for (i = 0; i < B->n; i++) {
    int isnew;
    pn_hmap_put(&deg, (uint64_t)B->pos[i], 0, &isnew);
  }
  for (i = 0; i < B->n; i++) {
    tpt c = tpt_of(b, B->pos[i]);
    int64_t d = 0;
    for (k = 0; k < 6; k++) d += has_set(&deg, b, tadd(c, TRI_DIR[k]));
    *pn_hmap_get(&deg, (uint64_t)B->pos[i]) = d;
    if (d >= 2) queue[nq++] = c;
  }
  /* remove a coin with two neighbours while there is one; degrees only
  ** decrease, so the first queue is enough */
  for (q = 0; q < nq; q++) {
    pn_pos p;
    int64_t *d;
    pos_of(b, queue[q], &p);
    d = pn_hmap_get(&deg, (uint64_t)p);
    if (!d || *d < 2) continue;
    pn_hmap_del(&deg, (uint64_t)p);
    out[no++] = queue[q];
    for (k = 0; k < 6; k++) {
      pn_pos np;
      int64_t *nd;
      if (!pos_of(b, tadd(queue[q], TRI_DIR[k]), &np)) continue;
      nd = pn_hmap_get(&deg, (uint64_t)np);
      if (nd) --*nd;
    }
  }
  /* components: single coins and pairs */
  for (i = 0; i < deg.cap; i++) {
    tpt c;
    if (!deg.used[i]) continue;
    c = tpt_of(b, (pn_pos)deg.keys[i]);
    if (deg.vals[i] == 0) {
      cs[nc].n = 1; cs[nc].c[0] = c; nc++;
    } else {
      for (k = 0; k < 6; k++) {
        tpt o = tadd(c, TRI_DIR[k]);
        if (has_set(&deg, b, o) && (o.y > c.y || (o.y == c.y && o.x > c.x))) {
          cs[nc].n = 2; cs[nc].c[0] = c; cs[nc].c[1] = o; nc++;
        }
      }
    }
  }
  for (i = 0; i < nc; i++) {
    cs[i].key1 = cs[i].c[0].y;
    cs[i].key2 = (cs[i].c[0].y & 1) ? -cs[i].c[0].x : cs[i].c[0].x;
  }
  qsort(cs, nc, sizeof *cs, cmp_comp);
  /* a pair goes last, if there is one: the nearest pair to the end */
  for (i = nc; i-- > 0;)
    if (cs[i].n == 2) {
      comp p = cs[i];
      memmove(cs + i, cs + i + 1, (nc - i - 1) * sizeof *cs);
      cs[nc - 1] = p;
      break;
    }
  ok = 1;
done:
  pn_hmap_free(&deg);
  free(queue);
  if (!ok) { free(out); free(cs); return 0; }
  *brk = out; *nbrk = no;
  *comps = cs; *ncomp = nc;
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** SOLVE
** ===================================================================== */

/* the triangle T(C) on component C nearest to the moving triangle t */
static tri3 landing(const comp *C, const tri3 *t) {
  tri3 best, cand;
  double bd = HUGE_VAL;
  int k;
  memset(&best, 0, sizeof best);
  for (k = 0; k < 6; k++) {
    if (C->n == 1) {
      cand.v[0] = C->c[0];
      cand.v[1] = tadd(C->c[0], TRI_DIR[k]);
      cand.v[2] = tadd(C->c[0], TRI_DIR[(k + 1) % 6]);
    } else {
      /* a common neighbour of the pair: c0 + the direction 60 degrees
      ** either side of c1 - c0 */
      int d = tdir(tsub(C->c[1], C->c[0]));
      if (k >= 2) break;
      cand.v[0] = C->c[0];
      cand.v[1] = C->c[1];
      cand.v[2] = tadd(C->c[0], TRI_DIR[(d + (k ? 1 : 5)) % 6]);
    }
    if (dist2(&cand, t) < bd) { bd = dist2(&cand, t); best = cand; }
  }
  return best;
}

/* a triangle in A, formed with at most two moves (recorded), and the
** resulting positions in *occ */
static int first_triangle(const pn_board *b, pn_config *occ, acts *s,
                          tri3 *t) {
  pn_pos w[3];
  pn_move m;
  tpt a1, a2 = {0, 0}, p, q;
  int k, found = 0;
  pn_rule r = {2, 0};
  if (tri_find_triangle(b, occ, w)) {
    for (k = 0; k < 3; k++) t->v[k] = tpt_of(b, w[k]);
    return 1;
  }
  if (!tri_find_move(b, occ, &m)) return 0;
  p = tpt_of(b, m.to);
  /* two occupied neighbours of p, and the mover is neither */
  for (k = 0; k < 6 && found < 2; k++) {
    tpt n = tadd(p, TRI_DIR[k]);
    pn_pos np;
    if (pos_of(b, n, &np) && np != m.from && pn_config_find(occ, np) >= 0) {
      if (found == 0) a1 = n; else a2 = n;
      found++;
    }
  }
  (void)a2;
  act(s, PN_ACT_MOVE, tpt_of(b, m.from), p);
  pn_move_apply(occ, m);
  /* a1 and p are adjacent: complete the triangle on their common
  ** neighbour q, with a coin there or brought there */
  k = tdir(tsub(p, a1));
  q = tadd(a1, TRI_DIR[(k + 1) % 6]);
  {
    pn_pos qp;
    if (!pos_of(b, q, &qp)) return 0;
    if (pn_config_find(occ, qp) < 0) {
      size_t i;
      pn_move mv;
      mv.to = qp;
      for (i = 0; i < occ->n; i++) {
        tpt c = tpt_of(b, occ->pos[i]);
        if (teq(c, a1) || teq(c, p)) continue;
        mv.from = occ->pos[i];
        if (pn_move_check(b, &r, occ, mv, NULL) == PN_LEGAL) break;
      }
      if (i == occ->n) return 0;
      act(s, PN_ACT_MOVE, tpt_of(b, mv.from), q);
      pn_move_apply(occ, mv);
    }
  }
  t->v[0] = a1; t->v[1] = p; t->v[2] = q;
  return 1;
}

int tri_solve_unlabelled(const pn_board *b, const pn_config *A,
                         const pn_config *B, pn_budget *meter, pn_move **moves,
                         size_t *nmoves, pn_error *err) {
  acts s;
  tri3 t;
  tpt *brk = NULL;
  comp *cs = NULL;
  size_t nbrk = 0, nc = 0, i;
  pn_config occ;
  int rc = PN_OK;
  memset(&s, 0, sizeof s);
  s.b = b;
  s.meter = meter;
  pn_config_init(&occ);
  *moves = NULL; *nmoves = 0;
  if (A->n != B->n || A->n < 3)
    return pn_seterror(err, PN_EINVAL, "the constructive solver needs two "
                       "configurations of the same size >= 3");
  if (!break_goal(b, B, &brk, &nbrk, &cs, &nc)) {
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    goto done;
  }
  if ((rc = pn_config_copy(&occ, A, err)) != PN_OK) goto done;
  for (i = 0; i < occ.n; i++) occ.label[i] = 0;
  if (!first_triangle(b, &occ, &s, &t)) {
    rc = pn_seterror(err, PN_EINVAL, "the start allows no move");
    goto done;
  }
  /* take every coin but the triangle */
  for (i = 0; i < occ.n; i++) {
    tpt c = tpt_of(b, occ.pos[i]);
    if (!teq(c, t.v[0]) && !teq(c, t.v[1]) && !teq(c, t.v[2]))
      act(&s, PN_ACT_TAKE, c, c);
  }
  for (i = 0; i < nc && !s.failed; i++) {
    const comp *C = &cs[i];
    tri3 land = landing(C, &t), next;
    int k, spare[3], ns = 0;
    travel(&s, &t, &land);
    /* the triangle's coins that are not C's */
    for (k = 0; k < 3; k++)
      if (!teq(t.v[k], C->c[0]) && !(C->n == 2 && teq(t.v[k], C->c[1])))
        spare[ns++] = k;
    if (i + 1 < nc) {
      if (C->n == 1) {          /* drop p3 = p1 + p2 - c */
        next.v[0] = t.v[spare[0]];
        next.v[1] = t.v[spare[1]];
        next.v[2] = tsub(tadd(next.v[0], next.v[1]), C->c[0]);
        act(&s, PN_ACT_DROP, next.v[2], next.v[2]);
      } else {                  /* drop p2 = c0 + p1 - c1, p3 = p1 + p2 - c0 */
        tpt p1 = t.v[spare[0]];
        tpt p2 = tsub(tadd(C->c[0], p1), C->c[1]);
        tpt p3 = tsub(tadd(p1, p2), C->c[0]);
        act(&s, PN_ACT_DROP, p2, p2);
        act(&s, PN_ACT_DROP, p3, p3);
        next.v[0] = p1; next.v[1] = p2; next.v[2] = p3;
      }
      t = next;
    } else {
      for (k = 0; k < ns; k++)
        act(&s, PN_ACT_TAKE, t.v[spare[k]], t.v[spare[k]]);
    }
  }
  for (i = nbrk; i-- > 0;) act(&s, PN_ACT_DROP, brk[i], brk[i]);
  if (s.failed) {
    rc = meter && meter->stopped ? meter->stopped
       : pn_seterror(err, PN_ERANGE, "the triangle left the supported "
                     "coordinate range, or memory ran out");
    goto done;
  }
  {
    /* the take/drop sequence must be legal in G' before CLEAN (cheap, and
    ** it tells a construction bug from a conversion bug) */
    pn_rule r = {2, 0};
    char why[96];
    size_t bad = pn_takedrop_check(b, &r, A, s.a, s.n, NULL, why, sizeof why);
    if (bad) {
      tpt f = tpt_of(b, s.a[bad - 1].from), t2 = tpt_of(b, s.a[bad - 1].to);
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: take/drop action %zu "
                       "of %zu (kind %d, (%lld,%lld)->(%lld,%lld)): %s", bad,
                       s.n, (int)s.a[bad - 1].kind, (long long)f.x,
                       (long long)f.y, (long long)t2.x, (long long)t2.y, why);
      goto done;
    }
  }
#ifdef PN_DEBUG_TRI
  {
    size_t z;
    for (z = 0; z < s.n; z++) {
      tpt f = tpt_of(b, s.a[z].from), t2 = tpt_of(b, s.a[z].to);
      fprintf(stderr, "%c(%lld,%lld)->(%lld,%lld) ", "MTD"[s.a[z].kind],
              (long long)f.x, (long long)f.y, (long long)t2.x, (long long)t2.y);
    }
    fprintf(stderr, "\n");
  }
#endif
  rc = pn_clean(A, s.a, s.n, moves, nmoves, err);
done:
  free(brk);
  free(cs);
  free(s.a);
  pn_config_clear(&occ);
  return rc;
}

/* }==================================================================== */
