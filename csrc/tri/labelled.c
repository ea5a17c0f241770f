/*
** labelled.c -- four labelled coins or more on the triangular grid (thesis
** Thm 2.5: decided as unlabelled).
**
** Gather the coins into a compact agglomerate p_1, p_2, ... (a triangle,
** then each new position next to two of the previous ones), solve the
** unlabelled puzzle from it, see where each coin of the agglomerate would
** end, and permute the agglomerate first so that every label ends in its
** place.  A swap of the coins at P and Q takes three moves through a free
** cell F next to the agglomerate (P -> F, Q -> P, F -> Q); the thesis's
** Figure 9 routines are lost, this is the re-derived routine, checked move
** by move, with other free cells and the other order tried when a move
** would be illegal.  Three labelled coins are three.c.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tri.h"
#include "core/util.h"

/* {====================================================================
** Four coins or more
** ===================================================================== */

/* labelled state during the construction: the configuration, with the
** moves recorded */
typedef struct lstate {
  const pn_board *b;
  pn_config c;
  movelist out;
  int failed;
} lstate;

static int lmove(lstate *s, pn_pos from, pn_pos to) {
  pn_rule r = {2, 0};
  pn_move m;
  m.from = from; m.to = to;
  if (pn_move_check(s->b, &r, &s->c, m, NULL) != PN_LEGAL) return 0;
  if (!pn_move_apply(&s->c, m) || !ml_push(&s->out, from, to)) {
    s->failed = 1;
    return 0;
  }
  return 1;
}

static int occupied_at(const lstate *s, tpt t) {
  pn_pos p;
  return pos_of(s->b, t, &p) && pn_config_find(&s->c, p) >= 0;
}

/* gather the coins into an agglomerate: positions in ag[0..n) */
static int agglomerate(lstate *s, pn_pos *ag) {
  size_t n = s->c.n, k = 0, i;
  pn_hmap in;                  /* positions of the agglomerate */
  pn_move m;
  pn_pos w[3];
  int ok = 0;
  pn_hmap_init(&in);
  /* a triangle, made with at most two moves as in the unlabelled solver */
  if (!tri_find_triangle(s->b, &s->c, w)) {
    tpt p, a1 = {0, 0}, q;
    int j, found = 0, d;
    if (!tri_find_move(s->b, &s->c, &m)) goto done;
    p = tpt_of(s->b, m.to);
    for (j = 0; j < 6 && !found; j++) {
      tpt nb = tadd(p, TRI_DIR[j]);
      pn_pos np;
      if (pos_of(s->b, nb, &np) && np != m.from
          && pn_config_find(&s->c, np) >= 0) { a1 = nb; found = 1; }
    }
    if (!lmove(s, m.from, m.to)) goto done;
    d = tdir(tsub(p, a1));
    q = tadd(a1, TRI_DIR[(d + 1) % 6]);
    if (!occupied_at(s, q)) {
      pn_pos qp;
      pos_of(s->b, q, &qp);
      for (i = 0; i < s->c.n; i++) {
        tpt c = tpt_of(s->b, s->c.pos[i]);
        if (teq(c, a1) || teq(c, p)) continue;
        if (lmove(s, s->c.pos[i], qp)) break;
      }
      if (i == s->c.n) goto done;
    }
    pos_of(s->b, a1, &w[0]); pos_of(s->b, p, &w[1]); pos_of(s->b, q, &w[2]);
  }
  for (i = 0; i < 3; i++) {
    int isnew;
    ag[k++] = w[i];
    pn_hmap_put(&in, (uint64_t)w[i], 0, &isnew);
  }
  /* grow: the free-or-outside position with the most agglomerate
  ** neighbours, nearest to the start; coins already there join */
  while (k < n) {
    pn_pos best = 0;
    int bestn = -1;
    int64_t bestd = 0;
    tpt c0 = tpt_of(s->b, ag[0]);
    size_t j;
    for (j = 0; j < k; j++) {
      tpt c = tpt_of(s->b, ag[j]);
      int d;
      for (d = 0; d < 6; d++) {
        tpt q = tadd(c, TRI_DIR[d]);
        pn_pos qp;
        int cnt = 0, e;
        int64_t dist;
        if (!pos_of(s->b, q, &qp) || pn_hmap_get(&in, (uint64_t)qp)) continue;
        for (e = 0; e < 6; e++) {
          pn_pos np;
          if (pos_of(s->b, tadd(q, TRI_DIR[e]), &np)
              && pn_hmap_get(&in, (uint64_t)np)) cnt++;
        }
        dist = tdist(q, c0);
        if (cnt >= 2 && (cnt > bestn || (cnt == bestn && (dist < bestd
            || (dist == bestd && qp < best))))) {
          best = qp; bestn = cnt; bestd = dist;
        }
      }
    }
    if (bestn < 2) goto done;
    if (pn_config_find(&s->c, best) < 0) {
      /* bring a coin from outside the agglomerate */
      for (j = 0; j < s->c.n; j++)
        if (!pn_hmap_get(&in, (uint64_t)s->c.pos[j])) break;
      if (j == s->c.n || !lmove(s, s->c.pos[j], best)) goto done;
    }
    {
      int isnew;
      ag[k++] = best;
      pn_hmap_put(&in, (uint64_t)best, 0, &isnew);
    }
  }
  ok = 1;
done:
  pn_hmap_free(&in);
  return ok;
}

/* play three moves if all three are legal in turn; else leave the
** configuration as it was */
static int three(lstate *s, const pn_move *m) {
  pn_rule r = {2, 0};
  int k;
  for (k = 0; k < 3; k++) {
    if (pn_move_check(s->b, &r, &s->c, m[k], NULL) != PN_LEGAL) break;
    pn_move_apply(&s->c, m[k]);
  }
  if (k == 3) {
    for (k = 0; k < 3; k++)
      if (!ml_push(&s->out, m[k].from, m[k].to)) { s->failed = 1; return 0; }
    return 1;
  }
  while (k-- > 0) {                        /* take back what was played */
    pn_move back;
    back.from = m[k].to; back.to = m[k].from;
    pn_move_apply(&s->c, back);
  }
  return 0;
}

/* swap the coins at P and Q (P -> F, Q -> P, F -> Q) through a free cell
** F next to the agglomerate, trying the cells and both orders */
static int swap_coins(lstate *s, pn_pos P, pn_pos Q, const pn_pos *ag,
                      size_t n) {
  size_t i;
  int d, order;
  for (order = 0; order < 2; order++) {
    pn_pos X = order ? Q : P, Y = order ? P : Q;
    for (i = 0; i < n; i++) {
      tpt c = tpt_of(s->b, ag[i]);
      for (d = 0; d < 6; d++) {
        pn_move m[3];
        pn_pos F;
        if (!pos_of(s->b, tadd(c, TRI_DIR[d]), &F)
            || pn_config_find(&s->c, F) >= 0) continue;
        m[0].from = X; m[0].to = F;
        m[1].from = Y; m[1].to = X;
        m[2].from = F; m[2].to = Y;
        if (three(s, m)) return 1;
        if (s->failed) return 0;
      }
    }
  }
  return 0;
}

int tri_solve_labelled(const pn_board *b, const pn_config *A,
                       const pn_config *B, pn_budget *meter, pn_move **moves,
                       size_t *nmoves, pn_error *err) {
  lstate s;
  pn_pos *ag = NULL;
  pn_move *um = NULL;
  size_t nu = 0, n = A->n, i, j;
  pn_hmap where;               /* position -> agglomerate index of its coin */
  int32_t *want = NULL;
  pn_config agc;
  int rc = PN_OK;
  memset(&s, 0, sizeof s);
  s.b = b;
  s.out.meter = meter;
  pn_config_init(&s.c);
  pn_config_init(&agc);
  pn_hmap_init(&where);
  *moves = NULL; *nmoves = 0;
  ag = malloc((n + 1) * sizeof *ag);
  want = malloc((n + 1) * sizeof *want);
  if (!ag || !want || pn_config_copy(&s.c, A, err) != PN_OK) goto nomem;
  if (!agglomerate(&s, ag)) {
    rc = s.failed ? pn_seterror(err, PN_ENOMEM, "out of memory")
       : pn_seterror(err, PN_EINTERNAL, "penny bug: could not gather the "
                     "coins into an agglomerate");
    goto done;
  }
  /* the unlabelled solution from the agglomerate, and where each of its
  ** coins ends: follow the coins along the moves */
  if ((rc = pn_config_copy(&agc, &s.c, err)) != PN_OK) goto done;
  if ((rc = tri_solve_unlabelled(b, &agc, B, meter, &um, &nu, err)) != PN_OK)
    goto done;
  if (!pn_hmap_reserve(&where, n)) goto nomem;
  for (i = 0; i < n; i++) {
    int isnew;
    pn_hmap_put(&where, (uint64_t)ag[i], (int64_t)i, &isnew);
  }
  for (j = 0; j < nu; j++) {
    int64_t *v = pn_hmap_get(&where, (uint64_t)um[j].from), id;
    int isnew;
    if (!v) {
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: a move of the "
                       "unlabelled solution starts on an empty position");
      goto done;
    }
    id = *v;
    pn_hmap_del(&where, (uint64_t)um[j].from);
    pn_hmap_put(&where, (uint64_t)um[j].to, id, &isnew);
  }
  /* the label each agglomerate position must hold */
  for (i = 0; i < B->n; i++) {
    int64_t *v = pn_hmap_get(&where, (uint64_t)B->pos[i]);
    if (!v) {
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: the unlabelled "
                       "solution misses a goal position");
      goto done;
    }
    want[*v] = B->label[i];
  }
  /* permute: put the right label on each position in turn */
  for (i = 0; i < n; i++) {
    ptrdiff_t at = pn_config_find(&s.c, ag[i]);
    if (s.c.label[at] == want[i]) continue;
    for (j = i + 1; j < n; j++) {
      ptrdiff_t bt = pn_config_find(&s.c, ag[j]);
      if (s.c.label[bt] == want[i] && s.c.label[bt] != want[j]) break;
    }
    if (j == n)
      for (j = i + 1; j < n; j++)
        if (s.c.label[pn_config_find(&s.c, ag[j])] == want[i]) break;
    if (j == n || !swap_coins(&s, ag[i], ag[j], ag, n)) {
      rc = s.failed ? pn_seterror(err, PN_ENOMEM, "out of memory")
         : pn_seterror(err, PN_EINTERNAL, "penny bug: no swap routine for "
                       "two coins of the agglomerate");
      goto done;
    }
  }
  for (j = 0; j < nu; j++)
    if (!ml_push(&s.out, um[j].from, um[j].to)) goto nomem;
  *moves = s.out.m;
  *nmoves = s.out.n;
  s.out.m = NULL;
  goto done;
nomem:
  rc = pn_seterror(err, PN_ENOMEM, "out of memory");
done:
  ml_free(&s.out);
  pn_config_clear(&s.c);
  pn_config_clear(&agc);
  pn_hmap_free(&where);
  free(ag);
  free(want);
  free(um);
  return rc;
}

/* }==================================================================== */
