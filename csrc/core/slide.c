/*
** slide.c -- can a coin slide in the plane from one lattice point to
** another without overlapping the other coins?  (DDV Section 6, open
** problem (ii).)  Coins are disks of diameter 1 centred on the lattice
** points; touching is allowed.
**
** The centre of the moving coin must stay at distance >= 1 from every
** other centre: its free space is the plane minus the union U of the open
** unit disks around the other coins.  Two of those disks overlap when their
** centres are closer than 2; at distance exactly 2 they touch at one point,
** which is free (a gap exactly one coin wide lets the coin through).
**
** p and q (both free: lattice points are at distance >= 1) lie in different
** components of the free space iff a cycle of overlapping disks separates
** them.  (The union of the disks has the homology of its nerve, whose
** 1-skeleton is the overlap graph; a closed curve in U separates p from q
** iff its winding numbers around them differ, and mod 2 that is decided on
** the straight-line drawing of the graph's cycles, which lies in U: an edge
** shorter than 2 is covered by its two end disks.)  So: give every edge of
** the overlap graph the parity c(e) of its crossings with a ray from p plus
** a ray from q (the usual half-open rule; the parity is invariant under the
** affine map from lattice to plane coordinates, so the rays are cast in
** lattice coordinates); some cycle has odd total parity iff the system
** s(u) xor s(v) = c(uv) has no solution, found by a union-find with
** parities.  O(n^2) for n coins.  The specs compare this with a fine
** numerical sweep of the free space on random configurations.
*/
#include <stdlib.h>

#include "penny.h"
#include "slide.h"

/* squared distance of two lattice points in units of the coin diameter:
** square and king: dx^2 + dy^2; triangular and hexagonal (axial, the point
** at (x + y/2, y sqrt3/2)): dx^2 + dx dy + dy^2 */
static int64_t dist2(int tri, int64_t dx, int64_t dy) {
  return tri ? dx * dx + dx * dy + dy * dy : dx * dx + dy * dy;
}

/* does the horizontal ray from p toward +x cross the segment uv? */
static int crosses(const int64_t *p, const int64_t *u, const int64_t *v) {
  int64_t s, dy;
  if ((u[1] > p[1]) == (v[1] > p[1])) return 0;
  dy = v[1] - u[1];
  s = (u[0] - p[0]) * dy + (p[1] - u[1]) * (v[0] - u[0]);
  return dy > 0 ? s > 0 : s < 0;
}

/* the root of i, and the parity from i to it (no path compression: the
** union by size below keeps the trees O(log n) deep) */
static int find(const int *parent, const unsigned char *par, int i,
                int *parity) {
  int p = 0;
  while (parent[i] != i) { p ^= par[i]; i = parent[i]; }
  *parity = p;
  return i;
}

int pn_slide_free(int tri, const int64_t (*obs)[2], size_t n, const int64_t *p,
                  const int64_t *q) {
  int *parent, *size;
  unsigned char *par;
  size_t i, j;
  int ok = 1;
  if (n < 3) return 1;             /* a cycle needs three coins */
  parent = malloc(n * sizeof *parent);
  size = malloc(n * sizeof *size);
  par = malloc(n);
  if (!parent || !size || !par) {
    free(parent); free(size); free(par);
    return -1;
  }
  for (i = 0; i < n; i++) { parent[i] = (int)i; size[i] = 1; par[i] = 0; }
  for (i = 0; i < n && ok; i++)
    for (j = i + 1; j < n && ok; j++) {
      int64_t dx = obs[j][0] - obs[i][0], dy = obs[j][1] - obs[i][1];
      int c, pi, pj, ri, rj;
      if (dx > 2 || dx < -2 || dy > 2 || dy < -2) continue;
      if (dist2(tri, dx, dy) >= 4) continue;
      c = crosses(p, obs[i], obs[j]) ^ crosses(q, obs[i], obs[j]);
      ri = find(parent, par, (int)i, &pi);
      rj = find(parent, par, (int)j, &pj);
      if (ri == rj) {
        if ((pi ^ pj) != c) ok = 0;  /* an odd cycle: it separates p, q */
      } else {
        if (size[ri] > size[rj]) { int t = ri; ri = rj; rj = t; }
        parent[ri] = rj;
        size[rj] += size[ri];
        par[ri] = (unsigned char)(pi ^ pj ^ c);
      }
    }
  free(parent);
  free(size);
  free(par);
  return ok;
}
