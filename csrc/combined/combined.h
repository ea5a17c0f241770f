/*
** combined.h -- the combined square and triangular grid (DDV Section 6,
** open problem (iv); their Figure 4: the O back to the H).
**
** Coins are unit-diameter disks centred on points of Z[zeta], zeta =
** e^{i pi/6}, the integer combinations of the twelfth roots of unity.  A
** point is stored by its coefficients on the basis 1, zeta, zeta^2,
** zeta^3 (zeta^4 = zeta^2 - 1).  Its plane coordinates are
**     x = (X0 + X1 sqrt3) / 2,   X0 = 2 c0 + c2,  X1 = c1
**     y = (Y0 + Y1 sqrt3) / 2,   Y0 = c1 + 2 c3,  Y1 = c2
** so every distance is compared exactly, in integers.  The square grid
** is embedded as x + y zeta^3 and the triangular grid (axial x, y) as
** x + y zeta^2; y grows downward in both, as everywhere in penny.
**
** Two coins touch when their centres are at distance exactly 1: the
** points then differ by a twelfth root of unity (the only elements of
** modulus 1 in Z[zeta], by Kronecker's theorem), so the places a coin can
** go are u + zeta^k for the coins u.  A move takes a coin to a point
** touching at least d of the other coins (d = 2: the coin rests in a
** square or in an equilateral-triangle arrangement with two of them, or
** any mix) and no closer than 1 to any other coin.  The moved coin is
** lifted: its old place does not block it.
**
** Not part of the public API; the Lua binding is lua_combined.c.
*/
#ifndef PN_COMBINED_H
#define PN_COMBINED_H

#include <stddef.h>
#include <stdint.h>

#include "penny.h"

#define PN_Z12_MAXCOINS 24
#define PN_Z12_MAXCOEF (1 << 20)      /* |coefficient| bound of a point */

typedef struct pn_z12 {
  int32_t c[4];
} pn_z12;

typedef struct pn_z12move {
  pn_z12 from, to;
} pn_z12move;

/* why a move is illegal (0 = legal) */
enum {
  PN_Z12_LEGAL = 0,
  PN_Z12_NOCOIN,      /* no coin at from */
  PN_Z12_SAME,        /* to == from */
  PN_Z12_OVERLAP,     /* to is closer than 1 to another coin (or on it) */
  PN_Z12_FEW          /* to touches fewer than d other coins */
};

/* z * zeta^k, k any integer */
pn_z12 pn_z12_rotate(pn_z12 z, int k);
/* the complex conjugate (reflection in the x axis) */
pn_z12 pn_z12_conj(pn_z12 z);
pn_z12 pn_z12_add(pn_z12 a, pn_z12 b);
pn_z12 pn_z12_sub(pn_z12 a, pn_z12 b);
int pn_z12_cmp(const pn_z12 *a, const pn_z12 *b);    /* lexicographic */
/* sign of |z|^2 - 1, exactly */
int pn_z12_norm_cmp1(pn_z12 z);
/* k in 0..11 when z = zeta^k, else -1 */
int pn_z12_unit(pn_z12 z);
/* the plane coordinates: x = (xy[0] + xy[1] sqrt3)/2, y = (xy[2] +
** xy[3] sqrt3)/2 */
void pn_z12_coords(pn_z12 z, int64_t xy[4]);

/* Is moving the coin at m.from to m.to legal among coins[0..n)?  Returns
** PN_Z12_LEGAL or the reason; *witness (if not NULL) gets the index of
** the blocking coin (OVERLAP) or the number of touching coins (FEW). */
int pn_z12_check(const pn_z12 *coins, size_t n, pn_z12move m, int d,
                 size_t *witness);

/* All legal moves from coins[0..n): written to out (capacity
** 12 * n * n always suffices), their number returned. */
size_t pn_z12_moves(const pn_z12 *coins, size_t n, int d, pn_z12move *out);

/* Shortest move sequence from start to a placement of goal (same number
** of coins n <= PN_Z12_MAXCOINS).  mode: 0 = the goal exactly, 1 = up to
** translation, 2 = up to the twelve rotations and reflections (and
** translation).  IDA* with the admissible bound n - (largest overlap of
** the current configuration with a placement of the goal) and a
** transposition table; every completed iteration with bound b proves
** that no solution has at most b moves.  max_depth caps the bound
** (then: unknown with lower bound max_depth + 1).  When an iteration
** ends with nothing cut off by its bound, the whole reachable set was
** explored: unsolvable.  Returns PN_OK (verdict in res), or an error
** (PN_EINVAL, PN_ERANGE).  Limits (time, the memory budget of the table,
** interrupt) give the verdict unknown with the proven lower bound. */
typedef struct pn_z12result {
  pn_verdict verdict;
  pn_z12move *moves;        /* malloc'ed */
  size_t nmoves;
  int lower_bound;          /* proven: no solution has fewer moves */
  uint64_t nodes;           /* configurations expanded */
  uint64_t stored;          /* largest transposition table */
  size_t memory;            /* peak bytes of the table */
  double seconds;
  char reason[200];
} pn_z12result;

int pn_z12_solve(const pn_z12 *start, const pn_z12 *goal, size_t n, int d,
                 int mode, int max_depth, const pn_limits *lim,
                 pn_z12result *res, pn_error *err);
void pn_z12_result_clear(pn_z12result *res);

#endif
