/*
** shapes.c -- what the triangular grid's decision and constructions share:
** triangles and paths of four coins in a configuration, the single moves
** (any move, or one that reaches a goal), whether labels tell coins
** apart, and growable move lists counted by a meter.
*/
#include <stdlib.h>
#include <string.h>

#include "trigeom.h"
#include "tri.h"

/* do the coins carry two different labels?  (all alike: unlabelled) */
int tri_distinguishable(const pn_config *A) {
  size_t i;
  for (i = 1; i < A->n; i++)
    if (A->label[i] != A->label[0]) return 1;
  return 0;
}

/* {====================================================================
** Shapes in B
** ===================================================================== */

int tri_find_triangle(const pn_board *b, const pn_config *B, pn_pos *w) {
  size_t i;
  int k;
  for (i = 0; i < B->n; i++) {
    tpt c = tpt_of(b, B->pos[i]);
    for (k = 0; k < 6; k++) {
      tpt u = tadd(c, TRI_DIR[k]), v = tadd(c, TRI_DIR[(k + 1) % 6]);
      if (tri_has(B, b, u) && tri_has(B, b, v)) {
        w[0] = B->pos[i];
        pos_of(b, u, &w[1]);
        pos_of(b, v, &w[2]);
        return 1;
      }
    }
  }
  return 0;
}

/* a path c1-c2-c3-c4 of distinct coins, when B has no triangle (then the
** two ends are never the same coin: that would close a triangle) */
int tri_find_path4(const pn_board *b, const pn_config *B, pn_pos *w) {
  size_t i;
  int k, j, l;
  for (i = 0; i < B->n; i++) {
    tpt c2 = tpt_of(b, B->pos[i]);
    for (k = 0; k < 6; k++) {
      tpt c3 = tadd(c2, TRI_DIR[k]);
      if (!tri_has(B, b, c3)) continue;
      for (j = 0; j < 6; j++) {
        tpt c1 = tadd(c2, TRI_DIR[j]);
        if (j == k || !tri_has(B, b, c1)) continue;
        for (l = 0; l < 6; l++) {
          tpt c4 = tadd(c3, TRI_DIR[l]);
          if (teq(c4, c2) || teq(c4, c1) || !tri_has(B, b, c4)) continue;
          pos_of(b, c1, &w[0]); w[1] = B->pos[i];
          pos_of(b, c3, &w[2]); pos_of(b, c4, &w[3]);
          return 1;
        }
      }
    }
  }
  return 0;
}

/* component sizes: the largest, its coin, and a coin of another component
** of size >= 2 (if any) */

/* }==================================================================== */


/* {====================================================================
** Single moves
** ===================================================================== */

/* a free position with two occupied neighbours: then (n >= 3) some coin
** can move there, and that is the only way to move */
int tri_find_move(const pn_board *b, const pn_config *A, pn_move *m) {
  size_t i;
  int k;
  if (A->n < 3) return 0;
  for (i = 0; i < A->n; i++) {
    tpt c = tpt_of(b, A->pos[i]);
    for (k = 0; k < 6; k++) {
      tpt p = tadd(c, TRI_DIR[k]);
      pn_pos pp;
      int j;
      if (tri_has(A, b, p) || tri_degree(A, b, p) < 2) continue;
      /* a mover that is not one of two neighbours of p */
      for (j = 0; j < (int)A->n; j++) {
        pn_pos o = A->pos[j];
        pn_rule r = {2, 0};
        if (!pos_of(b, p, &pp)) break;
        m->from = o; m->to = pp;
        if (pn_move_check(b, &r, A, *m, NULL) == PN_LEGAL) return 1;
      }
    }
  }
  return 0;
}

/* is there a single move from A to the goal?  For configurations of any
** size: the moved coin is A \ B's coin (fixed goal), or, up to symmetry,
** the coin whose removal leaves a copy of B minus the coin that arrived
** last (it has two neighbours in B).  m receives the move. */
int tri_one_move(const pn_board *b, const pn_config *A, const pn_config *B,
                 pn_goalmode mode, pn_move *m) {
  pn_rule r = {2, 0};
  pn_goal g;
  int found = 0;
  if (A->n != B->n || A->n == 0) return 0;
  if (mode == PN_FIXED) {
    size_t i, na = 0, nb = 0;
    pn_pos from = 0, to = 0;
    for (i = 0; i < A->n; i++)
      if (pn_config_find(B, A->pos[i]) < 0) { na++; from = A->pos[i]; }
    for (i = 0; i < B->n; i++)
      if (pn_config_find(A, B->pos[i]) < 0) { nb++; to = B->pos[i]; }
    if (na != 1 || nb != 1) return 0;
    m->from = from; m->to = to;
    if (pn_move_check(b, &r, A, *m, NULL) != PN_LEGAL) return 0;
    {
      ptrdiff_t ia = pn_config_find(A, from), ib = pn_config_find(B, to);
      size_t j;
      if (A->label[ia] != B->label[ib]) return 0;
      for (j = 0; j < A->n; j++)          /* the other labels stay put */
        if (A->pos[j] != from
            && B->label[pn_config_find(B, A->pos[j])] != A->label[j])
          return 0;
    }
    return 1;
  }
  /* up to symmetry: try every move of A when it has few; else only the
  ** moves into a position next to two coins, from each coin */
  if (pn_goal_init(&g, b, B, mode, NULL) != PN_OK) { pn_goal_free(&g); return 0; }
  {
    pn_move *mv;
    size_t n, i;
    pn_config t;
    pn_config_init(&t);
    if (A->n <= 4096 && pn_moves(b, &r, A, &mv, &n, NULL) == PN_OK) {
      for (i = 0; i < n && !found; i++) {
        pn_config_copy(&t, A, NULL);
        pn_move_apply(&t, mv[i]);
        if (pn_goal_test(&g, &t)) { *m = mv[i]; found = 1; }
      }
      free(mv);
    }
    pn_config_clear(&t);
  }
  pn_goal_free(&g);
  return found;
}

/* }==================================================================== */


/* {====================================================================
** Move lists
** ===================================================================== */

int ml_push(movelist *l, pn_pos from, pn_pos to) {
  if (l->meter && pn_budget_tick(l->meter) != PN_OK) return 0;
  if (l->n == l->cap) {
    size_t ncap = l->cap ? 2 * l->cap : 64;
    pn_move *nm;
    if (l->meter && pn_budget_grow(l->meter, (ncap - l->cap) * sizeof *nm))
      return 0;
    nm = realloc(l->m, ncap * sizeof *nm);
    if (!nm) return 0;
    l->m = nm;
    l->cap = ncap;
  }
  l->m[l->n].from = from;
  l->m[l->n].to = to;
  l->n++;
  return 1;
}

void ml_free(movelist *l) {
  pn_budget *m = l->meter;
  free(l->m);
  memset(l, 0, sizeof *l);
  l->meter = m;
}

/* }==================================================================== */
