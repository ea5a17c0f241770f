/*
** linepush.h -- internals of the line-push game (Akitaya, Löffler,
** Viglietta, "Pushing Blocks by Sweeping Lines").
**
** Configurations are taken up to translation: a pconf holds its tokens
** with the bounding box at the origin, sorted by (y, x).  Coordinates as
** everywhere in penny: x to the right, y downward.
*/
#ifndef PN_LINEPUSH_H
#define PN_LINEPUSH_H

#include <stdint.h>

#include "penny.h"

typedef struct ptok {
  int32_t x, y, label;
} ptok;

typedef struct pconf {
  int n;
  int32_t w, h;            /* bounding box */
  ptok *t;                 /* n tokens, sorted by (y, x) */
} pconf;

int pc_from_config(const pn_board *b, const pn_config *c, pconf *p,
                   pn_error *err);
int pc_to_config(const pn_board *b, const pconf *p, pn_config *c,
                 pn_error *err);
int pc_copy(pconf *dst, const pconf *src);
void pc_free(pconf *p);
int pc_equal(const pconf *a, const pconf *b);
/* translate to the origin and sort */
void pc_normalise(pconf *p);
/* one push (in place); 0 when out of memory (p unchanged) */
int pc_push(pconf *p, pn_pushdir d);
int pc_compact(const pconf *p);
/* push right and up alternately until nothing changes; the pushes made
** go to *seq (malloc'ed; seq may be NULL).  1: done, 0: out of memory,
** -1: did not settle (a bug) */
int pc_canonical(pconf *p, pn_pushdir **seq, size_t *nseq);
/* the token index at (x, y), or -1 */
int pc_at(const pconf *p, int32_t x, int32_t y);

/* a push sequence between two shapes (labels ignored), by search */
int pc_shape_path(const pconf *from, const pconf *target, pn_pushdir **out,
                  size_t *nout);

#endif
