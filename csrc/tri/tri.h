/*
** tri.h -- internals shared by the tri/ files.
*/
#ifndef PN_TRI_H
#define PN_TRI_H

#include "penny.h"
#include "core/budget.h"
#include "core/util.h"
#include "trigeom.h"

/* shapes.c: shapes in a configuration, single moves, move lists */
int tri_distinguishable(const pn_config *A);
int tri_find_triangle(const pn_board *b, const pn_config *B, pn_pos *w);
int tri_find_path4(const pn_board *b, const pn_config *B, pn_pos *w);
int tri_find_move(const pn_board *b, const pn_config *A, pn_move *m);
int tri_one_move(const pn_board *b, const pn_config *A, const pn_config *B,
                 pn_goalmode mode, pn_move *m);

/* three.c: three labelled coins (thesis Thm 2.7) */
int tri_decide3(const pn_board *b, const pn_config *A, const pn_config *B,
                pn_goalmode mode, pn_tri_answer *ans, pn_error *err);
/* three labelled coins, a goal of fewer: the first reachable completion
** B+ of the goal goes to *plus (when plus is not NULL) */
int tri_complete3(const pn_board *b, const pn_config *A, const pn_config *B,
                  pn_goalmode mode, pn_tri_answer *ans, pn_config *plus,
                  pn_error *err);
int tri_solve3(const pn_board *b, const pn_config *A, const pn_config *B,
               pn_goalmode mode, pn_budget *meter, pn_move **moves, size_t *n,
               pn_error *err);
/* labelled.c: n >= 4 labelled coins (thesis Thm 2.5) */
int tri_solve_labelled(const pn_board *b, const pn_config *A,
                       const pn_config *B, pn_budget *meter, pn_move **moves,
                       size_t *n, pn_error *err);

/* unlabelled.c: unlabelled positions A -> B (|A| = |B| >= 3) in G',
** cleaned into moves of G */
int tri_solve_unlabelled(const pn_board *b, const pn_config *A,
                         const pn_config *B, pn_budget *meter, pn_move **moves,
                         size_t *n, pn_error *err);

/* a growable list of moves, counted by meter (when not NULL): a push
** fails when the meter says stop */
typedef struct movelist {
  pn_move *m;
  size_t n, cap;
  pn_budget *meter;
} movelist;

int ml_push(movelist *l, pn_pos from, pn_pos to);
void ml_free(movelist *l);

#endif
