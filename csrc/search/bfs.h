/*
** bfs.h -- what the plain search (bfs.c) lends the engine (engine.c)
** besides the public pn_bfs.
*/
#ifndef PN_BFS_H
#define PN_BFS_H

#include "penny.h"

/* The plain search from both ends, for a goal with every coin (fixed, or
** up to translation, rotation or symmetry: the goal's side starts from
** each placement in the window) and no slides: optimal, any window,
** labelled or not, half of lim's memory and states for each side.
** Returns as pn_bfs does. */
int pn_bfs_bidir(const pn_board *b, const pn_rule *r, const pn_config *start,
                 const pn_config *goal, pn_goalmode mode,
                 const pn_limits *lim, pn_result *res, pn_error *err);

/* A* on the same states, for a goal with every coin or fewer, in any
** mode, with the bound "goal coins out of place" in the placement with
** the most in place (admissible and consistent): optimal, any window,
** labelled or not, slides too. */
int pn_bfs_astar(const pn_board *b, const pn_rule *r, const pn_config *start,
                 const pn_config *goal, pn_goalmode mode,
                 const pn_limits *lim, pn_result *res, pn_error *err);

#endif
