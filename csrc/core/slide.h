/* slide.h -- the slide test of slide.c (internal) */
#ifndef PN_SLIDE_H
#define PN_SLIDE_H

#include <stddef.h>
#include <stdint.h>

/* 1 when a coin can slide from p to q among the coins obs[0..n-1] (plane
** lattice coordinates, the moving coin not among them), 0 when a ring of
** overlapping coins separates them, -1 when out of memory.  tri: the
** triangular metric (axial coordinates), else the square one. */
int pn_slide_free(int tri, const int64_t (*obs)[2], size_t n, const int64_t *p,
                  const int64_t *q);

#endif
