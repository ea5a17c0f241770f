/*
** verdict.c -- a key search's outcome as a puzzle's answer (verdict.h).
*/
#include <stdio.h>
#include <stdlib.h>

#include "verdict.h"
#include "core/util.h"

const char *pn_method_name(pn_method m) {
  switch (m) {
    case PN_M_AUTO: return "auto";
    case PN_M_PLAIN: return "plain BFS";
    case PN_M_BIDIR: return "bidirectional BFS";
    case PN_M_FULL: return "full-space BFS";
    case PN_M_ASTAR: return "A*";
  }
  return "?";
}

static int take_moves(pn_move (*tomove)(const void *, uint32_t),
                      const void *game, const uint32_t *mv, size_t n,
                      pn_result *res, pn_error *err) {
  size_t i;
  res->moves = malloc((n + 1) * sizeof *res->moves);
  if (!res->moves) return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (i = 0; i < n; i++) res->moves[i] = tomove(game, mv[i]);
  res->nmoves = n;
  return PN_OK;
}

static const char *partial_note(const pn_keyresult *kr, char *buf,
                                size_t size) {
  if (!kr->partial) return "";
  snprintf(buf, size, " (partially from bound %d on: only the successors "
           "of the current bound stored)", kr->partial_from);
  return buf;
}

int pn_key_verdict(pn_move (*tomove)(const void *game, uint32_t mv),
                   const void *game, const pn_pdb *pdb, pn_method m,
                   pn_keyresult *kr, pn_result *res, pn_error *err) {
  int rc = PN_OK;
  char note[96];
  res->states += kr->states;
  res->expanded += kr->expanded;
  res->probed = kr->probed;
  if (kr->memory > res->memory) res->memory = kr->memory;
  if (kr->stopped) {
    int earlier = res->lower_bound > kr->lower_bound;
    res->verdict = PN_UNKNOWN;
    if (!earlier) res->lower_bound = kr->lower_bound;
    snprintf(res->reason, sizeof res->reason, "%s: %s after %llu states; at "
             "least %d moves%s", pn_method_name(m), kr->why,
             (unsigned long long)kr->states, res->lower_bound,
             earlier ? " (proven by an earlier stage)" : "");
  } else if (kr->found) {
    res->verdict = PN_SOLVED;
    rc = take_moves(tomove, game, kr->moves, kr->nmoves, res, err);
    const char *way = res->backward ? " from the goal by reverse moves" : "";
    if (m == PN_M_ASTAR && pdb)
      snprintf(res->reason, sizeof res->reason, "optimal: A*%s with window "
               "pattern databases (%d partitions, windows of up to %d "
               "cells: an admissible, consistent bound) expanded every "
               "state of lower estimate%s", way, pdb->npart,
               pdb->maxcells, partial_note(kr, note, sizeof note));
    else if (m == PN_M_ASTAR)
      snprintf(res->reason, sizeof res->reason, "optimal: A*%s with an "
               "admissible heuristic (uncovered goal cells) expanded every "
               "state of lower estimate%s", way, partial_note(kr, note,
                                                              sizeof note));
    else if (kr->probed)
      snprintf(res->reason, sizeof res->reason, "optimal: %s completed "
               "every layer on both sides without meeting below %zu moves "
               "(memory full: the last %d level%s searched without storing)",
               pn_method_name(m), kr->nmoves, kr->probed,
               kr->probed > 1 ? "s" : "");
    else
      snprintf(res->reason, sizeof res->reason, "optimal: %s completed "
               "every layer on both sides without meeting below %zu moves",
               pn_method_name(m), kr->nmoves);
  } else {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "complete search (%s): all "
             "%llu configurations reachable %s examined", pn_method_name(m),
             (unsigned long long)kr->states,
             m == PN_M_BIDIR ? "from one side" : "from the start");
  }
  return rc;
}
