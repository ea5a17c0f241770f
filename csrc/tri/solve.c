/*
** solve.c -- pn_tri_solve, the triangular grid's constructive solver: the
** goal placed (modes up to symmetry) and completed (a goal of fewer coins),
** then the construction for unlabelled coins (unlabelled.c), three
** labelled coins (Thm 2.7) or four or more (Thm 2.5, labelled.c).
*/
#include <stdlib.h>
#include <string.h>

#include "tri.h"
#include "core/util.h"

/* {====================================================================
** The entry point
** ===================================================================== */

/* place the goal for a puzzle up to symmetry: B moved so its bounding box
** starts where A's does (any placement is a solution) */
static int place_goal(const pn_board *b, const pn_config *A,
                      const pn_config *B, pn_goalmode mode, pn_config *out,
                      pn_error *err) {
  int64_t ax = INT64_MAX, ay = INT64_MAX, bx = INT64_MAX, by = INT64_MAX;
  size_t i;
  int rc;
  if ((rc = pn_config_copy(out, B, err)) != PN_OK) return rc;
  if (mode == PN_FIXED) return PN_OK;
  for (i = 0; i < A->n; i++) {
    tpt c = tpt_of(b, A->pos[i]);
    if (c.x < ax) ax = c.x;
    if (c.y < ay) ay = c.y;
  }
  for (i = 0; i < B->n; i++) {
    tpt c = tpt_of(b, B->pos[i]);
    if (c.x < bx) bx = c.x;
    if (c.y < by) by = c.y;
  }
  for (i = 0; i < out->n; i++) {
    tpt c = tpt_of(b, out->pos[i]);
    c.x += ax - bx;
    c.y += ay - by;
    if (!pos_of(b, c, &out->pos[i]))
      return pn_seterror(err, PN_ERANGE, "coordinates out of range");
  }
  pn_config_sort(out);
  return PN_OK;
}

/* B plus the extra coins of A, chosen to give B a triangle (|A| > |B|);
** the extra coins carry the labels of A that B does not use */
static int complete_goal(const pn_board *b, const pn_config *A,
                         pn_config *B, pn_error *err) {
  size_t e = A->n - B->n, i, j;
  int32_t *extra = malloc((e + 1) * sizeof *extra);
  size_t ne = 0;
  int rc = PN_OK, k;
  if (!extra) return pn_seterror(err, PN_ENOMEM, "out of memory");
  {
    /* labels of A not matched in B (multiset difference) */
    int32_t *used = calloc(A->n + 1, sizeof *used);
    if (!used) { free(extra); return pn_seterror(err, PN_ENOMEM, "out of memory"); }
    for (j = 0; j < B->n; j++)
      for (i = 0; i < A->n; i++)
        if (!used[i] && A->label[i] == B->label[j]) { used[i] = 1; break; }
    for (i = 0; i < A->n && ne < e; i++)
      if (!used[i]) extra[ne++] = A->label[i];
    free(used);
  }
  /* next to a pair if there is one (a triangle), else next to any coin,
  ** then outward: each new coin on a free neighbour of the goal so far */
  ne = 0;
  while (ne < e && rc == PN_OK) {
    int placed = 0;
    for (i = 0; i < B->n && !placed; i++) {
      tpt c = tpt_of(b, B->pos[i]);
      for (k = 0; k < 6 && !placed; k++) {
        tpt u = tadd(c, TRI_DIR[k]), v = tadd(c, TRI_DIR[(k + 1) % 6]);
        pn_pos pu, pv;
        if (!pos_of(b, u, &pu) || !pos_of(b, v, &pv)) continue;
        /* prefer a free cell beside two coins */
        if (pn_config_find(B, pu) >= 0 && pn_config_find(B, pv) < 0) {
          rc = pn_config_add(B, pv, extra[ne], err);
          placed = 1;
        }
      }
    }
    for (i = 0; i < B->n && !placed; i++) {
      tpt c = tpt_of(b, B->pos[i]);
      for (k = 0; k < 6 && !placed; k++) {
        pn_pos pu;
        if (pos_of(b, tadd(c, TRI_DIR[k]), &pu) && pn_config_find(B, pu) < 0) {
          rc = pn_config_add(B, pu, extra[ne], err);
          placed = 1;
        }
      }
    }
    ne++;
  }
  free(extra);
  return rc;
}

int pn_tri_solve(const pn_board *b, const pn_config *A, const pn_config *B,
                 pn_goalmode mode, const pn_limits *lim, pn_move **moves,
                 size_t *nmoves, pn_error *err) {
  pn_tri_answer ans;
  pn_config goal;
  pn_budget meter;
  int rc;
  int labelled = 0;
  *moves = NULL; *nmoves = 0;
  if ((rc = pn_tri_decide(b, A, B, mode, &ans, err)) != PN_OK) return rc;
  if (!ans.solvable)
    return pn_seterror(err, PN_EINVAL, "unsolvable: %s", ans.text);
  if (ans.already) return PN_OK;
  if (ans.has_move) {
    *moves = malloc(sizeof **moves);
    if (!*moves) return pn_seterror(err, PN_ENOMEM, "out of memory");
    (*moves)[0] = ans.move;
    *nmoves = 1;
    return PN_OK;
  }
  labelled = tri_distinguishable(A);
  pn_budget_init(&meter, lim);
  if (!lim || !lim->max_memory) meter.max = pn_default_memory();
  pn_config_init(&goal);
  if ((rc = place_goal(b, A, B, mode, &goal, err)) != PN_OK) goto out;
  if (goal.n < A->n && A->n == 3 && labelled) {
    /* the completion that Thm 2.7 reaches, not just any triangle */
    pn_config plus;
    pn_config_init(&plus);
    rc = tri_complete3(b, A, &goal, mode, &ans, &plus, err);
    pn_config_clear(&goal);
    goal = plus;
    if (rc == PN_OK && !ans.solvable)
      rc = pn_seterror(err, PN_EINVAL, "unsolvable: %s", ans.text);
    if (rc != PN_OK) goto out;
  } else if (goal.n < A->n
             && (rc = complete_goal(b, A, &goal, err)) != PN_OK)
    goto out;
  if (!labelled)
    rc = tri_solve_unlabelled(b, A, &goal, &meter, moves, nmoves, err);
  else if (A->n == 3)
    rc = tri_solve3(b, A, &goal, mode, &meter, moves, nmoves, err);
  else rc = tri_solve_labelled(b, A, &goal, &meter, moves, nmoves, err);
  if (rc != PN_OK && meter.stopped)
    rc = pn_budget_error(&meter, err, "building the construction");
out:
  pn_config_clear(&goal);
  return rc;
}

/* }==================================================================== */
