/*
** engine.h -- what the engine (engine.c) lends the distance tables
** (distances.c).
*/
#ifndef PN_ENGINE_H
#define PN_ENGINE_H

#include "fullbfs.h"

/* A path of exactly dist moves from start to goal (a fixed configuration)
** found by a search of its own (the two-bit encoding keeps no depths to
** walk back through: doc/design/fullbfs.md, note 6), checked to be as
** long; PN_ELIMIT when a limit stopped it.  *moves gets dist + 1 slots. */
int pn_path_by_search(const pn_board *w, const pn_rule *r,
                      const pn_config *start, const pn_config *goal,
                      int dist, const pn_searchopts *o, const pn_limits *lim,
                      pn_move **moves, pn_error *err);
/* a progress line for a full-space search (o: the pn_searchopts) */
void pn_full_progress(const pn_fullbfs *f, void *o);

#endif
