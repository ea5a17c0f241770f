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
#include "core/util.h"

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
      if (tri_degree(B, b, tpt_of(b, B->pos[i])) >= 2) { centre = B->pos[i]; break; }
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
