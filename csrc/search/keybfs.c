/*
** keybfs.c -- breadth-first search over keys from a start to the first
** state the game calls a goal (pn_key_bfs, keygame.h).
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keytab.h"

/* {====================================================================
** Forward breadth-first search to a goal predicate
** ===================================================================== */

int pn_key_bfs(const pn_keygame *g, uint64_t start, const pn_limits *lim,
               pn_keyresult *res, pn_error *err) {
  pn_budget b;
  keytab t;
  vec cur, next;
  scratch sc;
  int depth = 0, rc = PN_OK, isnew;
  uint64_t goal = 0;
  int found = 0;
  memset(res, 0, sizeof *res);
  pn_budget_init(&b, lim);
  memset(&t, 0, sizeof t); memset(&cur, 0, sizeof cur);
  memset(&next, 0, sizeof next);
  t.b = cur.b = next.b = &b;
  t.packed = packs(g);
  if (!g->pred || !scratch_init(&sc, g)) {
    if (g->pred) scratch_free(&sc);
    return pn_seterror(err, PN_EINVAL, "the search needs predecessors");
  }
  if (!tab_put(&t, start, 0, &isnew) || !vec_push(&cur, start)) goto stopped;
  if (g->is_goal(g->ud, start)) { found = 1; goal = start; }
  while (!found && cur.n > 0) {
    size_t i;
    next.n = 0;
    for (i = 0; i < cur.n && !found; i++) {
      int nk = g->succ(g->ud, cur.a[i], sc.out, sc.mv), j;
      res->expanded++;
      for (j = 0; j < nk; j++) {
        if (!tab_put(&t, sc.out[j], (uint8_t)(depth + 1), &isnew))
          goto stopped;
        if (!isnew) continue;
        if (g->is_goal(g->ud, sc.out[j])) { found = 1; goal = sc.out[j]; break; }
        if (!vec_push(&next, sc.out[j])) goto stopped;
      }
      if ((res->expanded & (POLL - 1)) == 0 && pn_budget_poll(&b)) goto stopped;
    }
    if (found) break;
    report(g, "bfs", depth + 1, t.n, next.n, &b);
    if (++depth >= 250) {
      b.stopped = PN_ELIMIT;
      snprintf(b.why, sizeof b.why, "more than 250 layers");
      depth--;
      goto stopped;
    }
    { vec x = cur; cur = next; next = x; }
  }
  res->found = found;
  res->states = t.n;
  res->memory = b.peak;
  if (found && !path_to(g, &t, 1, 0, goal, &sc, res))
    rc = pn_seterror(err, PN_EINTERNAL, "penny bug: path reconstruction "
                     "failed");
  goto done;
stopped:
  res->stopped = b.stopped;
  snprintf(res->why, sizeof res->why, "%s", b.why);
  res->states = t.n;
  res->memory = b.peak;
  res->lower_bound = depth + 1;
done:
  tab_free(&t); vec_free(&cur); vec_free(&next);
  scratch_free(&sc);
  return rc;
}

/* }==================================================================== */
