/*
** bitboard.c -- states of a window of at most 64 cells as bitboards (one
** mask per label class) and their combinatorial ranking.
**
** Rank: the colex rank of the union of the masks among C(ncell, ncoin),
** times the number of arrangements of the classes on the occupied cells,
** plus the rank of the arrangement.  The colex rank of a mask with bits
** p_0 < p_1 < ... is sum C(p_i, i+1); it is read eight cells at a time
** from a table indexed by (chunk, byte, coins below the chunk).  Colex
** order is the numeric order of the masks, so scanning ranks in order
** scans masks in order.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bitboard.h"
#include "core/util.h"

/* {====================================================================
** Small colex helpers (bits of p among n cells)
** ===================================================================== */

static uint64_t colex_rank(const bbspace *s, bb_t p) {
  uint64_t r = 0;
  int i = 0;
  while (p) {
    int b = __builtin_ctzll(p);
    p &= p - 1;
    r += s->binom[b][++i];
  }
  return r;
}

/* the mask of k bits among n cells with colex rank r */
static bb_t colex_unrank(const bbspace *s, uint64_t r, int n, int k) {
  bb_t m = 0;
  int p = n - 1, i;
  for (i = k; i >= 1; i--) {
    while (s->binom[p][i] > r) p--;
    m |= (bb_t)1 << p;
    r -= s->binom[p][i];
    p--;
  }
  return m;
}

/* parallel bit deposit, in software (extract: bb_pext in bitboard.h) */
static bb_t pdep(bb_t x, bb_t mask) {
  bb_t out = 0;
  while (mask) {
    bb_t low = mask & -mask;
    if (x & 1) out |= low;
    x >>= 1;
    mask &= mask - 1;
  }
  return out;
}

/* }==================================================================== */


/* {====================================================================
** Set-up
** ===================================================================== */

/* the edges of the window by offset, for neighbour counts by shifts
** (bitboard.h, bb_targets); none when the offsets are too many */
static void shifts(bbspace *s) {
  int i, j, n = 0;
  int off[BB_MAXSHIFT];
  for (i = 0; i < s->ncell; i++) {
    bb_t m = s->nbr[i];
    while (m) {
      int o = __builtin_ctzll(m) - i;
      m &= m - 1;
      for (j = 0; j < n && off[j] != o; j++) {}
      if (j == n) {
        if (n == BB_MAXSHIFT) { s->nshift = 0; return; }
        off[n] = o;
        s->smask[n++] = 0;
      }
      s->smask[j] |= (bb_t)1 << i;
    }
  }
  /* a shift costs about as much as a coin of the coin-by-coin count */
  if (n > s->ncoin) { s->nshift = 0; return; }
  for (j = 0; j < n; j++) {
    s->lsh[j] = off[j] > 0 ? (unsigned)off[j] : 0;
    s->rsh[j] = off[j] < 0 ? (unsigned)-off[j] : 0;
  }
  s->nshift = n;
}

static int cmp_i32(const void *a, const void *b) {
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

int bb_fits(const pn_board *w, pn_error *err) {
  int n = (int)pn_board_ncells(w);
  if (!pn_board_bounded(w) || n > BB_MAXCELL)
    return pn_seterror(err, PN_ELIMIT, "the bitboard engine handles windows "
                       "of at most %d cells (this one has %d)", BB_MAXCELL, n);
  return PN_OK;
}

int bb_init(bbspace *s, const pn_board *w, const pn_rule *r,
            const pn_config *start, pn_error *err) {
  int n = (int)pn_board_ncells(w), i, j, k, rc;
  int32_t labels[BB_MAXCLASS];
  if ((rc = bb_fits(w, err)) != PN_OK) return rc;
  memset(s, 0, sizeof *s);
  if (r->d > BB_MAXD)
    return pn_seterror(err, PN_ELIMIT, "the bitboard engine handles d <= %d",
                       BB_MAXD);
  if (start->n == 0)
    return pn_seterror(err, PN_EINVAL, "the start has no coins");
  if (start->n > (size_t)n)
    return pn_seterror(err, PN_EINVAL, "the start has %zu coins, more than "
                       "the %d cells of the window", start->n, n);
  s->ncell = n;
  s->ncoin = (int)start->n;
  s->d = r->d;
  s->all = n == 64 ? ~(bb_t)0 : (((bb_t)1 << n) - 1);
  for (i = 0; i < n; i++) {
    const uint32_t *nb;
    int deg = pn_board_cell_neighbours(w, (size_t)i, &nb);
    for (j = 0; j < deg; j++) s->nbr[i] |= (bb_t)1 << nb[j];
  }
  shifts(s);
  /* label classes, in increasing label order */
  for (i = 0; i < (int)start->n; i++) {
    for (k = 0; k < s->nclass && labels[k] != start->label[i]; k++) {}
    if (k == s->nclass) {
      if (s->nclass == BB_MAXCLASS)
        return pn_seterror(err, PN_ELIMIT, "the bitboard engine handles at "
                           "most %d distinct labels", BB_MAXCLASS);
      labels[s->nclass++] = start->label[i];
    }
  }
  qsort(labels, (size_t)s->nclass, sizeof *labels, cmp_i32);
  for (k = 0; k < s->nclass; k++) s->label[k] = labels[k];
  for (i = 0; i < (int)start->n; i++)
    for (k = 0; k < s->nclass; k++)
      if (s->label[k] == start->label[i]) s->count[k]++;
  /* binomials */
  for (i = 0; i <= BB_MAXCELL; i++) {
    s->binom[i][0] = 1;
    for (j = 1; j <= i; j++)
      s->binom[i][j] = s->binom[i - 1][j - 1] + (j <= i - 1 ? s->binom[i - 1][j] : 0);
  }
  for (i = 0; i <= BB_MAXCELL; i++)
    for (j = 0; j <= BB_MAXCELL + 1; j++)
      s->dbin[i][j] = s->binom[i][j + 1] - s->binom[i][j];
  s->nunion = s->binom[n][s->ncoin];
  s->narrange = 1;
  {
    int left = s->ncoin;
    for (k = 0; k < s->nclass; k++) {
      if (__builtin_mul_overflow(s->narrange, s->binom[left][s->count[k]],
                                 &s->narrange))
        goto toolarge;
      left -= s->count[k];
    }
  }
  if (__builtin_mul_overflow(s->nunion, s->narrange, &s->size))
    goto toolarge;
  /* the chunk table of the union rank */
  s->nchunk = (n + 7) / 8;
  s->rtab = calloc((size_t)s->nchunk * 256 * (size_t)(s->ncoin + 1),
                   sizeof *s->rtab);
  if (!s->rtab) return pn_seterror(err, PN_ENOMEM, "out of memory");
  /* the entry of a byte is its entry without its highest bit hb, plus
  ** the term of hb (the rest's bits come before it): bytes in increasing
  ** order, one term each */
  for (j = 0; j < s->nchunk; j++) {
    unsigned byte;
    for (byte = 1; byte < 256; byte++) {
      int below, hb = 31 - __builtin_clz(byte), nrest;
      unsigned rest = byte & ~(1u << hb);
      const uint64_t *vr = s->rtab + ((size_t)j * 256 + rest)
                                     * (size_t)(s->ncoin + 1);
      uint64_t *v = s->rtab + ((size_t)j * 256 + byte) * (size_t)(s->ncoin + 1);
      if ((bb_t)byte << (8 * j) & ~s->all) continue;
      nrest = __builtin_popcount(rest);
      for (below = 0; below + nrest + 1 <= s->ncoin; below++)
        v[below] = vr[below] + s->binom[8 * j + hb][below + nrest + 1];
    }
  }
  return PN_OK;
toolarge:
  return pn_seterror(err, PN_ELIMIT, "the state space is too large to rank "
                     "in 64 bits");
}

void bb_free(bbspace *s) {
  free(s->rtab);
  s->rtab = NULL;
}

int bb_from_config(const bbspace *s, const pn_board *w, const pn_config *c,
                   bbstate *st) {
  size_t i;
  int k;
  memset(st, 0, sizeof *st);
  if ((int)c->n != s->ncoin) return 0;
  for (i = 0; i < c->n; i++) {
    int64_t id = pn_board_index(w, c->pos[i]);
    if (id < 0) return 0;
    for (k = 0; k < s->nclass && s->label[k] != c->label[i]; k++) {}
    if (k == s->nclass) return 0;
    st->m[k] |= (bb_t)1 << id;
  }
  for (k = 0; k < s->nclass; k++)
    if (__builtin_popcountll(st->m[k]) != s->count[k]) return 0;
  return 1;
}

int bb_to_config(const bbspace *s, const pn_board *w, const bbstate *st,
                 pn_config *c, pn_error *err) {
  int k, rc;
  c->n = 0;
  if ((rc = pn_config_reserve(c, (size_t)s->ncoin, err)) != PN_OK) return rc;
  for (k = 0; k < s->nclass; k++) {
    bb_t m = st->m[k];
    while (m) {
      int b = __builtin_ctzll(m);
      m &= m - 1;
      if ((rc = pn_config_add(c, pn_board_cell(w, (size_t)b), s->label[k],
                              err)) != PN_OK) return rc;
    }
  }
  return PN_OK;
}

/* }==================================================================== */


/* {====================================================================
** Rank and unrank
** ===================================================================== */

uint64_t bb_rank(const bbspace *s, const bbstate *st) {
  bb_t u;
  uint64_t r, arr = 0, mul = 1;
  int k, left;
  if (s->nclass == 1) return bb_rank_mask(s, st->m[0]);
  u = bb_union(s, st);
  r = bb_rank_mask(s, u);
  left = s->ncoin;
  for (k = 0; k < s->nclass - 1; k++) {
    arr += mul * colex_rank(s, bb_pext(st->m[k], u));
    mul *= s->binom[left][s->count[k]];
    left -= s->count[k];
    u &= ~st->m[k];
  }
  return r * s->narrange + arr;
}

void bb_unrank(const bbspace *s, uint64_t r, bbstate *st) {
  bb_t u;
  uint64_t arr;
  int k, left;
  if (s->nclass == 1) {
    st->m[0] = colex_unrank(s, r, s->ncell, s->ncoin);
    return;
  }
  arr = r % s->narrange;
  u = colex_unrank(s, r / s->narrange, s->ncell, s->ncoin);
  left = s->ncoin;
  for (k = 0; k < s->nclass - 1; k++) {
    uint64_t nk = s->binom[left][s->count[k]];
    st->m[k] = pdep(colex_unrank(s, arr % nk, left, s->count[k]), u);
    arr /= nk;
    left -= s->count[k];
    u &= ~st->m[k];
  }
  st->m[s->nclass - 1] = u;
}

/* }==================================================================== */


