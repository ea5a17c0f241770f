/*
** trigeom.h -- geometry of the triangular lattice for the tri/ files:
** axial coordinates, neighbours, triangles and how they roll.
**
** A triangle is three pairwise adjacent positions.  Rolling vertex a of
** the triangle {a, b, c} moves the coin at a across the edge bc to
** b + c - a: a move that is always legal (the destination touches b and
** c), and the way a triangle of coins travels (thesis Lemma 2.2).
*/
#ifndef PN_TRIGEOM_H
#define PN_TRIGEOM_H

#include <stdint.h>

#include "penny.h"

typedef struct tpt { int64_t x, y; } tpt;

static const tpt TRI_DIR[6] = {{1,0},{0,1},{-1,1},{-1,0},{0,-1},{1,-1}};

static inline tpt tadd(tpt a, tpt b) { tpt r = {a.x + b.x, a.y + b.y}; return r; }
static inline tpt tsub(tpt a, tpt b) { tpt r = {a.x - b.x, a.y - b.y}; return r; }
static inline int teq(tpt a, tpt b) { return a.x == b.x && a.y == b.y; }

/* the unit vectors in the order above: 60 degrees apart */
static inline int tdir(tpt d) {
  int k;
  for (k = 0; k < 6; k++)
    if (TRI_DIR[k].x == d.x && TRI_DIR[k].y == d.y) return k;
  return -1;
}

static inline int tadjacent(tpt a, tpt b) { return tdir(tsub(b, a)) >= 0; }

/* the lattice distance */
static inline int64_t tdist(tpt a, tpt b) {
  int64_t dx = b.x - a.x, dy = b.y - a.y, s = dx + dy;
  int64_t m = dx < 0 ? -dx : dx;
  if ((dy < 0 ? -dy : dy) > m) m = dy < 0 ? -dy : dy;
  if ((s < 0 ? -s : s) > m) m = s < 0 ? -s : s;
  return m;
}

/* the 3-colouring of the board (thesis Figure 10): neighbours differ */
static inline int tcolour(tpt a) {
  int64_t m = (a.x - a.y) % 3;
  return (int)(m < 0 ? m + 3 : m);
}

/* coordinates <-> packed positions of the (unbounded) board */
static inline tpt tpt_of(const pn_board *b, pn_pos p) {
  int64_t c[PN_MAXDIM];
  tpt t;
  pn_board_unpack(b, p, c);
  t.x = c[0]; t.y = c[1];
  return t;
}

static inline int pos_of(const pn_board *b, tpt t, pn_pos *p) {
  int64_t c[PN_MAXDIM];
  c[0] = t.x; c[1] = t.y;
  return pn_board_pack(b, c, p, NULL) == PN_OK;
}

/* is there a coin of c at t?  and how many of t's neighbours hold one? */
static inline int tri_has(const pn_config *c, const pn_board *b, tpt t) {
  pn_pos p;
  return pos_of(b, t, &p) && pn_config_find(c, p) >= 0;
}

static inline int tri_degree(const pn_config *c, const pn_board *b, tpt t) {
  int k, n = 0;
  for (k = 0; k < 6; k++) n += tri_has(c, b, tadd(t, TRI_DIR[k]));
  return n;
}

#endif
