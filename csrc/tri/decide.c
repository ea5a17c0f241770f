/*
** decide.c -- which triangular-grid puzzles are solvable (d = 2).
**
** Galliot's thesis, Theorem 2.4 (it corrects DDV Theorem 1, whose
** condition "a component of size 4" is wrong: the 4-coin star of the
** thesis's Figure 7 is the counterexample).  For A != B, |A| = |B| = n, and
** A allowing a move, A -> B iff
**   (i)   B contains a triangle, or
**   (ii)  B contains a path of 4 coins, or
**   (iii) B has a component of size >= 3 and another of size >= 2, or
**   (iv)  A -> B in a single move.
** Otherwise B's components are all of size <= 2 (Prop 1.2: no last move)
** or one of them is a star and the rest single coins (Prop 1.3: only a
** single move can reach B).  The same holds up to translations and
** rotations, and for labelled coins when n >= 4 (Thm 2.5).
** |A| > |B| (the extra coins end anywhere): A -> B iff B+ is reachable
** for some B+ = B plus |A|-|B| coins: always when |A| >= |B| + 2, and when
** |A| = |B| + 1 iff A contains B or B has a component of size >= 2 (for
** unlabelled coins, and labelled ones when n >= 4 by Thm 2.5).
** Three labelled coins (Thm 2.7), with a goal of three or fewer, are
** decided in labelled.c.
*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trigeom.h"
#include "tri.h"
#include "../util.h"

static int has(const pn_config *c, const pn_board *b, tpt t) {
  pn_pos p;
  return pos_of(b, t, &p) && pn_config_find(c, p) >= 0;
}

/* do the coins carry two different labels?  (all alike: unlabelled) */
int tri_distinguishable(const pn_config *A) {
  size_t i;
  for (i = 1; i < A->n; i++)
    if (A->label[i] != A->label[0]) return 1;
  return 0;
}

static int degree(const pn_config *c, const pn_board *b, tpt t) {
  int k, n = 0;
  for (k = 0; k < 6; k++) n += has(c, b, tadd(t, TRI_DIR[k]));
  return n;
}

static void say(pn_tri_answer *a, int solvable, const char *rule,
                const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 4, 5)))
#endif
  ;

static void say(pn_tri_answer *a, int solvable, const char *rule,
                const char *fmt, ...) {
  va_list ap;
  a->solvable = solvable;
  snprintf(a->rule, sizeof a->rule, "%s", rule);
  va_start(ap, fmt);
  vsnprintf(a->text, sizeof a->text, fmt, ap);
  va_end(ap);
}

/* "(x,y)" into buf */
static const char *ptxt(const pn_board *b, pn_pos p, char *buf) {
  tpt t = tpt_of(b, p);
  snprintf(buf, 48, "(%lld,%lld)", (long long)t.x, (long long)t.y);
  return buf;
}

/* {====================================================================
** Conditions on B
** ===================================================================== */

int tri_find_triangle(const pn_board *b, const pn_config *B, pn_pos *w) {
  size_t i;
  int k;
  for (i = 0; i < B->n; i++) {
    tpt c = tpt_of(b, B->pos[i]);
    for (k = 0; k < 6; k++) {
      tpt u = tadd(c, TRI_DIR[k]), v = tadd(c, TRI_DIR[(k + 1) % 6]);
      if (has(B, b, u) && has(B, b, v)) {
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
      if (!has(B, b, c3)) continue;
      for (j = 0; j < 6; j++) {
        tpt c1 = tadd(c2, TRI_DIR[j]);
        if (j == k || !has(B, b, c1)) continue;
        for (l = 0; l < 6; l++) {
          tpt c4 = tadd(c3, TRI_DIR[l]);
          if (teq(c4, c2) || teq(c4, c1) || !has(B, b, c4)) continue;
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
static int components(const pn_board *b, const pn_config *B, size_t *big,
                      pn_pos *bigc, pn_pos *second, size_t *nsecond) {
  uint32_t *comp = malloc((B->n + 1) * sizeof *comp);
  size_t *size, nc, i, best = 0;
  if (!comp) return 0;
  nc = pn_components(b, B, comp);
  size = calloc(nc + 1, sizeof *size);
  if (!size) { free(comp); return 0; }
  for (i = 0; i < B->n; i++) size[comp[i]]++;
  *big = 0; *nsecond = 0;
  for (i = 0; i < nc; i++)
    if (size[i] > *big) { *big = size[i]; best = i; }
  for (i = 0; i < B->n; i++)
    if (comp[i] == best) { *bigc = B->pos[i]; break; }
  for (i = 0; i < B->n; i++)
    if (comp[i] != best && size[comp[i]] >= 2) {
      *second = B->pos[i];
      *nsecond = size[comp[i]];
      break;
    }
  free(comp);
  free(size);
  return 1;
}

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
      if (has(A, b, p) || degree(A, b, p) < 2) continue;
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
** The decision
** ===================================================================== */

int pn_tri_decide(const pn_board *b, const pn_config *A, const pn_config *B,
                  pn_goalmode mode, pn_tri_answer *ans, pn_error *err) {
  pn_goal g;
  pn_move mv;
  pn_pos w[4];
  char s1[48], s2[48], s3[48], s4[48];
  size_t big = 0, nsecond = 0;
  pn_pos bigc = 0, second = 0;
  int moves, rc;
  memset(ans, 0, sizeof *ans);
  if (pn_board_kind(b) != PN_TRI || pn_board_bounded(b))
    return pn_seterror(err, PN_EINVAL, "the triangular theory is for the "
                       "unbounded triangular grid");
  if (B->n > A->n)
    return pn_seterror(err, PN_EINVAL, "the goal has more coins than the start");
  if (!pn_config_same_labels(A, B) && A->n == B->n)
    return pn_seterror(err, PN_EINVAL, "the labels of the start and the goal "
                       "differ");
  /* already there? */
  if ((rc = pn_goal_init(&g, b, B, mode, err)) != PN_OK) {
    pn_goal_free(&g);
    return rc;
  }
  if (pn_goal_test(&g, A)) {
    pn_goal_free(&g);
    ans->already = 1;
    say(ans, 1, "equal", "the start already is the goal");
    return PN_OK;
  }
  pn_goal_free(&g);
  moves = tri_find_move(b, A, &mv);
  if (!moves) {
    say(ans, 0, "Prop 1.2 (no move)", "no two coins of the start share a "
        "free neighbour%s, so no move is possible (thesis Prop 1.2)",
        A->n < 3 ? " that a third coin could fill" : "");
    return PN_OK;
  }
  if (A->n > B->n && A->n == 3 && tri_distinguishable(A))
    return tri_complete3(b, A, B, mode, ans, NULL, err);
  if (A->n > B->n) {
    size_t e = A->n - B->n;
    if (e >= 2) {
      say(ans, 1, "|A| >= |B| + 2", "the start has %zu coins more than the "
          "goal: two of them can always complete a triangle with the goal "
          "(thesis, after Thm 2.4)", e);
      return PN_OK;
    }
    if (!components(b, B, &big, &bigc, &second, &nsecond))
      return pn_seterror(err, PN_ENOMEM, "out of memory");
    if (big >= 2) {
      say(ans, 1, "|A| = |B| + 1", "the goal has a component of %zu coins "
          "(at %s): the extra coin completes a triangle with it (thesis, "
          "after Thm 2.4)", big, ptxt(b, bigc, s1));
      ans->witness[0] = bigc;
      ans->nwitness = 1;
    } else {
      say(ans, 0, "|A| = |B| + 1", "every coin of the goal is isolated and "
          "the start does not contain the goal: the one extra coin would "
          "have to be the only coin moved (thesis, after Thm 2.4)");
    }
    return PN_OK;
  }
  if (A->n == 3 && tri_distinguishable(A))
    return tri_decide3(b, A, B, mode, ans, err);
  if (tri_find_triangle(b, B, w)) {
    say(ans, 1, "(i)", "the goal contains the triangle %s %s %s (thesis "
        "Thm 2.4 (i))", ptxt(b, w[0], s1), ptxt(b, w[1], s2),
        ptxt(b, w[2], s3));
    memcpy(ans->witness, w, 3 * sizeof *w);
    ans->nwitness = 3;
    return PN_OK;
  }
  if (tri_find_path4(b, B, w)) {
    say(ans, 1, "(ii)", "the goal contains the path of 4 coins %s-%s-%s-%s "
        "(thesis Thm 2.4 (ii))", ptxt(b, w[0], s1), ptxt(b, w[1], s2),
        ptxt(b, w[2], s3), ptxt(b, w[3], s4));
    memcpy(ans->witness, w, 4 * sizeof *w);
    ans->nwitness = 4;
    return PN_OK;
  }
  if (!components(b, B, &big, &bigc, &second, &nsecond))
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  if (big >= 3 && nsecond >= 2) {
    say(ans, 1, "(iii)", "the goal has a component of %zu coins (at %s) and "
        "another of %zu (at %s) (thesis Thm 2.4 (iii))", big,
        ptxt(b, bigc, s1), nsecond, ptxt(b, second, s2));
    ans->witness[0] = bigc; ans->witness[1] = second;
    ans->nwitness = 2;
    return PN_OK;
  }
  if (tri_one_move(b, A, B, mode, &mv)) {
    say(ans, 1, "(iv)", "the single move %s->%s reaches the goal (thesis "
        "Thm 2.4 (iv))", ptxt(b, mv.from, s1), ptxt(b, mv.to, s2));
    ans->move = mv;
    ans->has_move = 1;
    return PN_OK;
  }
  if (big <= 2) {
    say(ans, 0, "Prop 1.2 (last move)", "every component of the goal has at "
        "most 2 coins: no coin of the goal has two neighbours in it, so no "
        "move can be the last one (thesis Prop 1.2)");
    return PN_OK;
  }
  /* one component of >= 3 coins, no triangle, no path of 4: a star */
  {
    size_t i;
    pn_pos centre = bigc;
    for (i = 0; i < B->n; i++)
      if (degree(B, b, tpt_of(b, B->pos[i])) >= 2) { centre = B->pos[i]; break; }
    say(ans, 0, "Prop 1.3 (star)", "the goal's only component of more than "
        "2 coins is a star centred at %s and every other coin is alone: the "
        "last move must bring the centre, and by Prop 1.3 only a single move "
        "could reach the goal; none does", ptxt(b, centre, s1));
    ans->witness[0] = centre;
    ans->nwitness = 1;
  }
  return PN_OK;
}

/* }==================================================================== */
