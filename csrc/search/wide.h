/*
** wide.h -- the coin-moving game on windows of 65 to 256 cells, where the
** bitboards (at most 64 cells) cannot go, as a pn_keygame: a state is the
** set of cells its coins hold, keyed by its rank among the sets of as many
** cells (so keys fit a word while C(cells, coins) < 2^63), its moves
** counted on cell sets of four words (or by the dense move rule of
** core/rules.c past threshold 3), an admissible and
** consistent bound (the goal cells left uncovered).  Coins all alike.
** The bidirectional search and A* run on it unchanged (wide.c).
*/
#ifndef PN_WIDE_H
#define PN_WIDE_H

#include "keygame.h"

#define PN_WIDE_MAXCELL 256
#define PN_WIDE_WORDS (PN_WIDE_MAXCELL / 64)

typedef struct pn_widegame {
  const pn_board *w;
  int ncell, ncoin, d;
  pn_graph g;                  /* the window's cells in CSR form */
  /* the same as cell sets (each cell's neighbours, and every cell), for
  ** the pattern databases and the moves by bit-sliced counters (d <= 3) */
  uint64_t (*nbrw)[PN_WIDE_WORDS];
  /* the words of each cell's neighbour set that may be nonzero: those
  ** from wlo[c] up to whi[c] (excluded) */
  uint8_t *wlo, *whi;
  uint64_t allw[PN_WIDE_WORDS];
  int nw;                      /* words in use */
  uint64_t *binom;             /* C(c, j): binom[j * (ncell + 1) + c] */
  uint64_t (*pat)[PN_WIDE_WORDS];   /* goal placements, as cell sets */
  size_t npat, patcap;
  uint8_t *gin;                /* one placement: 1 on its cells, else 0 */
  int full;                    /* goals have every coin: keys in goals[] */
  uint64_t *goals;
  uint64_t *gsorted;           /* goals[] in increasing order (is_goal) */
  const struct pn_pdb *pdb;    /* A*: window pattern databases, or NULL */
  pn_keygame game;
} pn_widegame;

/* PN_ELIMIT (said in err) when the window has more than 256 cells, the
** coins are not all alike, or the sets of cells outnumber 2^63 */
int pn_widegame_init(pn_widegame *wg, const pn_board *w, const pn_rule *r,
                     const pn_config *start, const pn_config *goal,
                     pn_goalmode mode, pn_error *err);
void pn_widegame_free(pn_widegame *wg);
/* the key of a configuration on the window (0 if a coin is off it) */
uint64_t pn_widegame_key(const pn_widegame *wg, const pn_config *c);
pn_move pn_widegame_move(const pn_widegame *wg, uint32_t mv);

/* pn_search on a window the bitboards cannot hold: the wide game's
** bidirectional search or A*, as method m asks (auto: bidirectional when
** the goal has every coin, else A*); PN_ELIMIT when the wide game cannot
** be made either (err says why) */
int pn_search_wide(const pn_board *w, const pn_rule *r,
                   const pn_config *start, const pn_config *goal,
                   pn_goalmode mode, pn_method m, const pn_searchopts *o,
                   const pn_limits *lim, pn_result *res, pn_error *err);

/* method full on the wide game: the full-space search over the ranked
** keys (keyfull.c) toward the goal's placements (a goal with every coin).
** Its verdict in res when it is unsolvable or a limit stopped it (the
** table does not fit the budget, the time); else *dist (-1 otherwise) and
** the placement reached in *reached (a path needs a search of its own).
** PN_ELIMIT when the wide game cannot be made (err says why). */
int pn_wide_full(const pn_board *w, const pn_rule *r, const pn_config *start,
                 const pn_config *goal, pn_goalmode mode,
                 const pn_searchopts *o, const pn_limits *lim,
                 pn_result *res, pn_config *reached, int *dist,
                 pn_error *err);
/* a distance table (pn_distances) on the wide game, without paths: out's
** dist (ntargets slots, the caller's), layers, hardest configuration.
** PN_ELIMIT when the wide game cannot be made, the table does not fit
** the budget, or a limit stopped the search (err says which). */
int pn_wide_table(const pn_board *w, const pn_rule *r, const pn_config *start,
                  const pn_config *targets, size_t ntargets, int complete,
                  const pn_searchopts *o, const pn_limits *lim,
                  pn_disttable *out, pn_error *err);

#endif
