/*
** bitboard.h -- states of a window of at most 64 cells as bitboards (one
** mask per label class): their move generation by shifts, their
** combinatorial ranking (bitboard.c), for the searches of search/.
*/
#ifndef PN_BITBOARD_H
#define PN_BITBOARD_H

#include <stddef.h>
#include <stdint.h>

#include "penny.h"
#include "core/sys.h"

#ifdef __BMI2__
#include <immintrin.h>
#endif

/* Prefetch helpers are forced inline: gcc 12 finds a function whose only
** effect is a prefetch to have none, and drops its calls. */
#if defined(__GNUC__)
#define PREFETCHER static inline __attribute__((always_inline))
#else
#define PREFETCHER static inline
#endif
/* the same for the few small functions of a search's inner loop */
#define HOT PREFETCHER

#define BB_MAXCELL 64
#define BB_MAXCLASS 16       /* label classes in one state */
#define BB_MAXD 16           /* largest threshold d for bitboards */
#define BB_MAXSHIFT 8        /* neighbour counts by shifts up to this many */

typedef uint64_t bb_t;

/* the bits of x under mask, packed to the low end (parallel bit extract) */
static inline bb_t bb_pext(bb_t x, bb_t mask) {
#ifdef __BMI2__
  return _pext_u64(x, mask);
#else
  bb_t out = 0;
  int i = 0;
  for (; mask; mask &= mask - 1, i++)
    if (x & mask & -mask) out |= (bb_t)1 << i;
  return out;
#endif
}

/* a state: one mask per label class (class 0 only when unlabelled) */
typedef struct bbstate {
  bb_t m[BB_MAXCLASS];
} bbstate;

/*
** The window as bitboards, with everything the rank needs.
** Cells are the window's cell ids (0..ncell-1, in position order).
*/
typedef struct bbspace {
  int ncell, ncoin, nclass, d;
  bb_t all;
  bb_t nbr[BB_MAXCELL];
  /* the edges i -> i + o of the window by offset o: smask[j] holds the
  ** cells i with an edge to i + o_j, and o_j = lsh[j] - rsh[j] (one of
  ** them 0).  nshift = 0 when there are more offsets than BB_MAXSHIFT, or
  ** than coins: the neighbour counts then go coin by coin */
  int nshift;
  unsigned lsh[BB_MAXSHIFT], rsh[BB_MAXSHIFT];
  bb_t smask[BB_MAXSHIFT];
  int count[BB_MAXCLASS];          /* coins per class */
  int32_t label[BB_MAXCLASS];      /* the label of each class */
  /* ranking: colex rank of the union (ncell choose ncoin) times the rank
  ** of the class arrangement among the ncoin occupied cells */
  uint64_t nunion, narrange, size; /* size = nunion * narrange */
  uint64_t binom[BB_MAXCELL + 1][BB_MAXCELL + 3];   /* C(n, k), 0 for k > n */
  uint64_t dbin[BB_MAXCELL + 1][BB_MAXCELL + 2];    /* C(n,k+1) - C(n,k) */
  int nchunk;                      /* 8-cell chunks of the union mask */
  uint64_t *rtab;                  /* [nchunk][256][ncoin + 1] */
} bbspace;

/* PN_ELIMIT (said in err) unless w is a window of at most BB_MAXCELL
** cells: checked before anything is cleared (a wide window's search asks
** first) */
int bb_fits(const pn_board *w, pn_error *err);
/* set up a space; PN_ELIMIT when the window or labels do not fit */
int bb_init(bbspace *s, const pn_board *w, const pn_rule *r,
            const pn_config *start, pn_error *err);
void bb_free(bbspace *s);
/* config <-> state (positions through the window's cell ids) */
int bb_from_config(const bbspace *s, const pn_board *w, const pn_config *c,
                   bbstate *st);
int bb_to_config(const bbspace *s, const pn_board *w, const bbstate *st,
                 pn_config *c, pn_error *err);

uint64_t bb_rank(const bbspace *s, const bbstate *st);
void bb_unrank(const bbspace *s, uint64_t r, bbstate *st);

static inline bb_t bb_union(const bbspace *s, const bbstate *st) {
  bb_t u = st->m[0];
  int k;
  for (k = 1; k < s->nclass; k++) u |= st->m[k];
  return u;
}

/* colex rank of a mask with ncoin bits, by the chunk table */
static inline uint64_t bb_rank_mask(const bbspace *s, bb_t m) {
  uint64_t r = 0;
  int below = 0, j;
  for (j = 0; j < s->nchunk; j++) {
    unsigned byte = (unsigned)(m >> (8 * j)) & 0xff;
    if (byte) {
      r += s->rtab[((size_t)j * 256 + byte) * (size_t)(s->ncoin + 1) + below];
      below += __builtin_popcount(byte);
    }
  }
  return r;
}

/*
** The cells a coin may move to: free cells with at least d occupied
** neighbours, not counting the coin itself, computed once per state by
** bit-sliced saturating counters (ge[k] = cells with >= k occupied
** neighbours, k = 1..d+1).  The counters take one neighbour mask at a
** time: on a lattice window, the occupied cells shifted by each edge
** offset (the square box: 4 shifts, whatever the number of coins); else
** each coin's neighbours.  Both count, for each cell, the coins it is a
** neighbour of.
*/
typedef struct bbtargets {
  bb_t td, td1;      /* free cells with >= d, >= d+1 occupied neighbours */
} bbtargets;

/* the cells that have an edge of offset j from an occupied cell */
HOT bb_t bb_shifted(const bbspace *s, bb_t occ, int j) {
  return ((occ & s->smask[j]) << s->lsh[j]) >> s->rsh[j];
}

/* runs COUNT (a statement on the mask m) for each neighbour mask of occ:
** the shifts of a lattice window, four unrolled (a shift past nshift has
** no cells: it adds 0), else each coin's neighbours */
#define BB_EACH_MASK(s, occ, ...) do {                                  \
    bb_t rest_ = (occ);                                                 \
    int j_;                                                             \
    if ((s)->nshift) {                                                  \
      for (j_ = 0; j_ < 4; j_++) {                                      \
        bb_t m = bb_shifted(s, occ, j_);                                \
        __VA_ARGS__;                                                    \
      }                                                                 \
      for (; j_ < (s)->nshift; j_++) {                                  \
        bb_t m = bb_shifted(s, occ, j_);                                \
        __VA_ARGS__;                                                    \
      }                                                                 \
    } else                                                              \
      while (rest_) {                                                   \
        bb_t m = (s)->nbr[__builtin_ctzll(rest_)];                      \
        rest_ &= rest_ - 1;                                             \
        __VA_ARGS__;                                                    \
      }                                                                 \
  } while (0)

/* full = 0: td only (the drop of the full-space search); the constant
** folds, and with d = 2 the counters stop at 2 */
HOT void bb_targets_of(const bbspace *s, bb_t occ, bbtargets *t, int full) {
  bb_t freec = ~occ & s->all;
  int d = s->d;
  if (d == 2 && !full) {
    bb_t g1 = 0, g2 = 0;
    BB_EACH_MASK(s, occ, g2 |= g1 & m, g1 |= m);
    t->td = g2 & freec;
    t->td1 = 0;
  } else if (d <= 3) {
    /* "at least 1..4 occupied neighbours", kept in registers for the
    ** usual thresholds */
    bb_t g1 = 0, g2 = 0, g3 = 0, g4 = 0;
    BB_EACH_MASK(s, occ, g4 |= g3 & m, g3 |= g2 & m, g2 |= g1 & m, g1 |= m);
    t->td = (d == 1 ? g1 : d == 2 ? g2 : g3) & freec;
    t->td1 = (d == 1 ? g2 : d == 2 ? g3 : g4) & freec;
  } else {
    bb_t ge[BB_MAXD + 2];
    int k;
    for (k = 0; k <= d + 1; k++) ge[k] = 0;
    BB_EACH_MASK(s, occ, {
      for (k = d + 1; k >= 2; k--) ge[k] |= ge[k - 1] & m;
      ge[1] |= m;
    });
    t->td = ge[d] & freec;
    t->td1 = ge[d + 1] & freec;
  }
}

/* td and td1 */
HOT void bb_targets(const bbspace *s, bb_t occ, bbtargets *t) {
  bb_targets_of(s, occ, t, 1);
}

/* destinations of the coin on cell c */
static inline bb_t bb_dest(const bbspace *s, const bbtargets *t, int c) {
  return t->td1 | (t->td & ~s->nbr[c]);
}

/* can the coin on cell c have arrived last (>= d neighbours among the
** others)?  Used for reverse moves. */
static inline int bb_can_have_moved(const bbspace *s, bb_t occ, int c) {
  return __builtin_popcountll(s->nbr[c] & occ & ~((bb_t)1 << c)) >= s->d;
}

#endif
