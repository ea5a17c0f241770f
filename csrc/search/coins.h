/*
** coins.h -- the coin-moving game on a window of at most 64 cells as a
** pn_keygame: bitboard successors and predecessors, goal placements and
** an admissible heuristic.
*/
#ifndef PN_COINS_H
#define PN_COINS_H

#include "bitboard.h"
#include "keygame.h"
#include "pdb.h"

typedef struct pn_coingame {
  bbspace s;
  const pn_board *w;
  /* goal patterns: every placement of the goal inside the window; a state
  ** is a goal when it holds one pattern (coin for coin, class for class) */
  bbstate *pat;
  size_t npat, patcap;
  int full;                    /* patterns have every coin: keys in goals[] */
  uint64_t *goals;             /* keys of the full patterns */
  const pn_pdb *pdb;           /* pattern databases for the one goal
                               ** placement, or NULL (not owned) */
  pn_keygame game;
} pn_coingame;

/* PN_ELIMIT when the window or labels do not fit the bitboards */
int pn_coingame_init(pn_coingame *cg, const pn_board *w, const pn_rule *r,
                     const pn_config *start, const pn_config *goal,
                     pn_goalmode mode, pn_error *err);
/* turn cg, made with the puzzle's goal as its start and the start as its
** goal (one placement, every coin), into the game of reverse moves: its
** successors are the predecessors of the real game, so a search of it
** from the real goal reaches the real start, its moves those of the real
** path in reverse order.  Its heuristic bounds the moves from the real
** start (pattern databases built `from` the start's cells).  Its moves
** are pruned as the bidirectional search prunes backward (pred_after in
** coins.c). */
void pn_coingame_reverse(pn_coingame *cg);
void pn_coingame_free(pn_coingame *cg);
uint64_t pn_coingame_key(const pn_coingame *cg, const bbstate *st);
void pn_coingame_state(const pn_coingame *cg, uint64_t key, bbstate *st);
/* move code -> positions */
pn_move pn_coingame_move(const pn_coingame *cg, uint32_t mv);

#endif
