/*
** wide.c -- the coin game on windows of 65 to 256 cells (wide.h).
**
** A state is the sorted list of its coins' cells c_0 < ... < c_{k-1}; its
** key is 1 + sum_j C(c_j, j + 1), its rank in the combinatorial number
** system (the k-sets of n cells are numbered 0 .. C(n, k) - 1), so any
** window whose sets fit 63 bits keys them in a word, and the key
** searches (bidir.c, astar.c) run on it as they do on the bitboards.
** Moves come from bit-sliced counters over cell sets of four words, as
** on the bitboards (thresholds up to 3; above, the one dense move rule,
** pn_dense_moves); every callback works on the stack alone, so the
** searches' threads share it.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pdb.h"
#include "verdict.h"
#include "wide.h"
#include "core/sys.h"
#include "core/util.h"

/* states of auto's search from both ends before A* (a few hundredths of
** a second) */
#define WIDE_QUICK ((size_t)1 << 18)
/* A*'s pattern databases by default: windows of at most 20 cells, built
** in a tenth of a second at most.  Windows of 27 cells (the bitboards'
** default, which a cache keeps from one solve to the next) took 0.5 to
** 8 s on 100-cell windows of 13-15 coins, more than A* itself on goals
** 8-12 moves away, for at most half the states (doc/design/engine.md) */
#define WIDE_PDBCELLS PN_PDB_BITCELLS

/* the column of C(., j): column-major, so that unrank's walk down the
** cells reads consecutive words */
static const uint64_t *binom_col(const pn_widegame *wg, int j) {
  return wg->binom + (size_t)j * (size_t)(wg->ncell + 1);
}

static uint64_t binom(const pn_widegame *wg, uint32_t c, int j) {
  return binom_col(wg, j)[c];
}

/* the cells of key, in increasing order: coin j on the largest c with
** C(c, j + 1) <= r, its column walked down eight cells at a time, then
** one (C(j, j + 1) = 0 stops both at j); on 200 cells the coins lie
** some twenty cells apart */
static void unrank(const pn_widegame *wg, uint64_t key, uint32_t *cells) {
  uint64_t r = key - 1;
  int64_t c = wg->ncell - 1;
  int j;
  for (j = wg->ncoin - 1; j >= 0; j--) {
    const uint64_t *col = binom_col(wg, j + 1);
    while (c - 8 >= j && col[c - 8] > r) c -= 8;
    while (col[c] > r) c--;
    cells[j] = (uint32_t)c;
    r -= col[c];
    c--;
  }
}

/* the key of cells (increasing): 1 + sum_j C(c_j, j + 1) */
static uint64_t rank_of(const pn_widegame *wg, const uint32_t *cells) {
  uint64_t r = 1;
  int j;
  for (j = 0; j < wg->ncoin; j++) r += binom(wg, cells[j], j + 1);
  return r;
}

/*
** The keys of a state's moves in O(1) each, from sums made once per
** state.  The coin c_m put on t leaves R = S - c_m (r_0 < ... < r_{k-2})
** plus t; with j cells of R below t its key is
**   1 + sum_{i < j} C(r_i, i + 1) + C(t, j + 1) + sum_{i >= j} C(r_i, i + 2).
** Written with the state's sums, B_s[x] = sum_{i<x} C(c_i, i+s) and
** A_s[x] = sum_{i>=x} C(c_i, i+s), and J the state's cells below t:
**   t < c_m:  (1 - A2[m] + A1[m+1]) + E[J] + C(t, J+1),  E = B1 + A2
**   t > c_m:  (1 + B1[m] - B0[m+1]) + F[J] + C(t, J),    F = B0 + A1
** so a state's moves cost a bracket per coin and a value per cell.
*/
typedef struct sums {
  uint64_t lo[PN_WIDE_MAXCELL + 1], hi[PN_WIDE_MAXCELL + 1];  /* per coin */
  uint64_t E[PN_WIDE_MAXCELL + 1], F[PN_WIDE_MAXCELL + 1];
  int below[PN_WIDE_WORDS];    /* the state's cells in the words before */
  uint64_t occ[PN_WIDE_WORDS];
} sums;

static void sums_make(const pn_widegame *wg, const uint32_t *cells,
                      sums *sm) {
  /* the suffix sums S_s[x] = sum_{i >= x} C(c_i, i + s), one walk down
  ** the coins: A1 = S1, A2 = S2, and B_s[x] = S_s[0] - S_s[x] */
  uint64_t S0[PN_WIDE_MAXCELL + 1], S1[PN_WIDE_MAXCELL + 1],
           S2[PN_WIDE_MAXCELL + 1];
  size_t rows = (size_t)wg->ncell + 1;
  int i, k = wg->ncoin, w, acc = 0;
  S0[k] = S1[k] = S2[k] = 0;
  memset(sm->occ, 0, sizeof sm->occ);
  for (i = k - 1; i >= 0; i--) {
    const uint64_t *col = binom_col(wg, i) + cells[i];  /* C(c_i, i) */
    S0[i] = S0[i + 1] + col[0];
    S1[i] = S1[i + 1] + col[rows];
    S2[i] = S2[i + 1] + col[2 * rows];
    sm->occ[cells[i] >> 6] |= (uint64_t)1 << (cells[i] & 63);
  }
  for (i = 0; i < k; i++) {
    sm->E[i] = S1[0] - S1[i] + S2[i];
    sm->F[i] = S0[0] - S0[i] + S1[i];
    sm->lo[i] = 1 - S2[i] + S1[i + 1];
    sm->hi[i] = 1 + S1[0] - S1[i] - S0[0] + S0[i + 1];
  }
  sm->E[k] = S1[0];
  sm->F[k] = S0[0];
  for (w = 0; w < PN_WIDE_WORDS; w++) {
    sm->below[w] = acc;
    acc += __builtin_popcountll(sm->occ[w]);
  }
}

/* the values of the free cell t: vlo for a coin above t, vhi below */
static void sums_cell(const pn_widegame *wg, const sums *sm, uint32_t t,
                      uint64_t *vlo, uint64_t *vhi) {
  int J = sm->below[t >> 6]
        + __builtin_popcountll(sm->occ[t >> 6] & (((uint64_t)1 << (t & 63)) - 1));
  *vlo = sm->E[J] + binom(wg, t, J + 1);
  *vhi = sm->F[J] + binom(wg, t, J);
}

typedef struct gen {
  const pn_widegame *wg;
  sums sm;
  const uint32_t *cells;
  int m;                       /* the mover's index among the cells */
  uint64_t *out;
  uint32_t *mv;
  int n;
} gen;

/* moves come grouped by mover, movers in increasing order
** (pn_dense_moves) */
static void emit(uint32_t from, uint32_t to, void *ud) {
  gen *g = ud;
  uint64_t vlo, vhi;
  while (g->cells[g->m] != from) g->m++;
  sums_cell(g->wg, &g->sm, to, &vlo, &vhi);
  g->out[g->n] = to < from ? g->sm.lo[g->m] + vlo : g->sm.hi[g->m] + vhi;
  g->mv[g->n++] = from << 8 | to;
}

/*
** Move pruning (pn_keygame.succ_after: A*, and the bidirectional search
** forward; pred_after below, backward): a state's tag is the move
** a -> b that led to it from p, its code a << 8 | b.  A move c -> t is
** left out when the state it reaches is p, or one move from p, or
** reached from p by two other moves of which the second has a larger
** code (the searches' proof descends to such a pair, bidir.c, astar.c).
** Coins are alike, so the two moves may be the same coins in the other
** order or each to the other's cell:
**   - the moves of the coin on b (to a, that is p; elsewhere, one move
**     from p), and c -> a when c -> b is a move from p;
**   - c -> t, then a -> b (c < a: a is free, so never c): c -> t a move
**     from p, and a -> b one after it.  With kbc the neighbours of b
**     among the coins but b's and c's, a -> b follows c -> t when
**     kbc + [t next to b] >= d; c -> t, a move here, is one from p
**     unless t is next to b and not to a, and then its count decides;
**   - c -> b, then a -> t (c < a): c -> b a move from p (kbc + [a next
**     to b] >= d), and a -> t then one as c -> t is here: every move of
**     such a coin;
**   - a -> t, then c -> b (t < b): a -> t a move from p (t, not a, has d
**     neighbours among the coins but b), and c -> b one after it when
**     kbc + [t next to b] >= d.
** So a coin's moves are left out as sets of cells, by whether c < a and
** whether c is next to b.
*/
typedef struct prune {
  uint32_t a, b;
  /* the cells a coin on c may not move to, by c < a and c next to b
  ** (cut[(c < a) << 1 | c ~ b]), but for the cells next to b, not to a,
  ** with d neighbours in p (just): a move from p unless c is one of
  ** them, so left out too when c is not next to them and jt[] says */
  uint64_t cut[4][PN_WIDE_WORDS], just[PN_WIDE_WORDS];
  int jt[4];
} prune;

/* the cells of word w below cell c */
static uint64_t cells_below(int w, uint32_t c) {
  return (uint32_t)w < c >> 6 ? ~(uint64_t)0
       : (uint32_t)w == c >> 6 ? ((uint64_t)1 << (c & 63)) - 1 : 0;
}

static int adjacent(const pn_widegame *wg, uint32_t x, uint32_t y) {
  return (int)(wg->nbrw[x][y >> 6] >> (y & 63) & 1);
}

/* the cuts of the words wd[0..nwd) alone (the words that hold
** destinations: prune_cut is asked for no other) */
static void prune_make(const pn_widegame *wg, uint32_t last,
                       const uint64_t occ[PN_WIDE_WORDS],
                       const uint64_t *td, const uint64_t *td1,
                       const int *wd, int nwd, prune *x) {
  const uint64_t *nb, *na;
  uint64_t p[PN_WIDE_WORDS], abit[PN_WIDE_WORDS] = { 0 };
  uint64_t all[PN_WIDE_WORDS], nbc[PN_WIDE_WORDS], anyjust = 0;
  uint64_t swap[PN_WIDE_WORDS];
  int w, k, q, kb = 0, ab;
  x->a = last >> 8;
  x->b = last & 255;
  nb = wg->nbrw[x->b];
  na = wg->nbrw[x->a];
  ab = adjacent(wg, x->a, x->b);
  abit[x->a >> 6] = (uint64_t)1 << (x->a & 63);
  for (w = 0; w < PN_WIDE_WORDS; w++) p[w] = occ[w];
  p[x->b >> 6] &= ~((uint64_t)1 << (x->b & 63));
  for (w = wg->wlo[x->b]; w < wg->whi[x->b]; w++)
    kb += __builtin_popcountll(nb[w] & p[w]);
  p[x->a >> 6] |= abit[x->a >> 6];                /* p: before a -> b */
  for (q = 0; q < nwd; q++) {
    uint64_t m, more = 0;
    w = wd[q];
    m = nb[w] & ~na[w] & ~abit[w];
    x->just[w] = 0;
    for (; m; m &= m - 1) {
      uint32_t t = (uint32_t)(w * 64 + __builtin_ctzll(m));
      int n = 0, v;
      for (v = wg->wlo[t]; v < wg->whi[t]; v++)
        n += __builtin_popcountll(wg->nbrw[t][v] & p[v]);
      if (n > wg->d) more |= (uint64_t)1 << (t & 63);
      else if (n == wg->d) x->just[w] |= (uint64_t)1 << (t & 63);
    }
    anyjust |= x->just[w];
    /* the moves after which a -> b is one: all, or to b's neighbours;
    ** of these, those that are moves from p whatever the coin */
    all[w] = ~abit[w] & (~nb[w] | na[w] | more);
    nbc[w] = nb[w] & ~abit[w] & (na[w] | more);
    /* the cells below b where a could have gone from p: free here, not
    ** a, with d neighbours among the coins but b */
    swap[w] = td ? ((td[w] & ~nb[w]) | (td1[w] & nb[w])) & ~abit[w]
                   & cells_below(w, x->b)
                 : 0;
  }
  for (k = 0; k < 4; k++) {
    int kbc = kb - (k & 1);           /* b's neighbours but b and c */
    const uint64_t *set = !(k & 2) ? NULL : kbc >= wg->d ? all
                        : kbc + 1 == wg->d ? nbc : NULL;
    /* c -> b a move from p: c's moves by a's, when c < a */
    int whole = (k & 2) && kbc + ab >= wg->d;
    for (q = 0; q < nwd; q++) {
      w = wd[q];
      x->cut[k][w] = whole ? ~(uint64_t)0
                   : (set ? set[w] : 0) | (kbc + ab >= wg->d ? abit[w] : 0)
                     | (kbc >= wg->d ? swap[w]
                        : kbc + 1 == wg->d ? swap[w] & nb[w] : 0);
    }
    x->jt[k] = !whole && set && anyjust;
  }
}

/* the cells of word w the coin on c (its neighbours nc) may not move to */
static inline uint64_t prune_cut(const prune *x, int k, const uint64_t *nc,
                                 int w) {
  return x->cut[k][w] | (x->jt[k] ? x->just[w] & ~nc[w] : 0);
}

/* prune_cut's case for the coin on c */
static inline int prune_case(const pn_widegame *wg, const prune *x,
                             uint32_t c) {
  return (c < x->a) << 1 | adjacent(wg, c, x->b);
}

/* the moves of a state by the one dense move rule (core/rules.c); with
** `last` (not 0), those pruning leaves out are dropped */
static int succ_dense(const pn_widegame *wg, uint32_t *cells, uint64_t *out,
                      uint32_t *mv, uint32_t last) {
  uint32_t cnt[PN_WIDE_MAXCELL], targets[PN_WIDE_MAXCELL];
  uint8_t occ[PN_WIDE_MAXCELL];
  gen g;
  int i;
  memset(occ, 0, (size_t)wg->ncell);
  memset(cnt, 0, (size_t)wg->ncell * sizeof *cnt);
  for (i = 0; i < wg->ncoin; i++) occ[cells[i]] = 1;
  g.wg = wg; g.cells = cells; g.m = 0; g.out = out; g.mv = mv; g.n = 0;
  sums_make(wg, cells, &g.sm);
  pn_dense_moves(&wg->g, wg->d, occ, cells, (size_t)wg->ncoin, cnt, targets,
                 emit, &g);
  if (last) {                  /* movers come in increasing order */
    prune x;
    uint32_t at = UINT32_MAX;
    int j, n = 0, k = 0;
    int wd[PN_WIDE_WORDS], w;
    for (w = 0; w < wg->nw; w++) wd[w] = w;
    prune_make(wg, last, g.sm.occ, NULL, NULL, wd, wg->nw, &x);
    for (j = 0; j < g.n; j++) {
      uint32_t c = mv[j] >> 8, t = mv[j] & 255;
      if (c == x.b) continue;
      if (c != at) k = prune_case(wg, &x, at = c);
      if (prune_cut(&x, k, wg->nbrw[c], (int)(t >> 6)) >> (t & 63) & 1)
        continue;
      out[n] = out[j];
      mv[n++] = mv[j];
    }
    g.n = n;
  }
  return g.n;
}

/*
** The same moves by bit-sliced counters over cell sets of four words, as
** the bitboards count (bitboard.h), for d <= 3: g[j] holds the cells
** with at least j + 1 occupied neighbours, each coin's neighbour set
** added once; the coin on c may go to a free cell with d + 1, or with d
** that is not next to c.  Movers and their destinations come in
** increasing order, as from pn_dense_moves: the same moves in the same
** order, so every search finds the same paths with either.  With `last`
** (not 0), those pruning leaves out are not listed (succ_after).
*/
static void h_moves(const pn_widegame *wg, uint64_t set[PN_WIDE_WORDS],
                    const uint32_t *mv, int n, int *hs);
static int uncovered_set(const pn_widegame *wg,
                         const uint64_t set[PN_WIDE_WORDS]);

/* the cell set of the cells of a state */
static void cells_set(const pn_widegame *wg, const uint32_t *cells,
                      uint64_t set[PN_WIDE_WORDS]) {
  int i;
  memset(set, 0, PN_WIDE_WORDS * sizeof *set);
  for (i = 0; i < wg->ncoin; i++)
    set[cells[i] >> 6] |= (uint64_t)1 << (cells[i] & 63);
}

/* one placement's count of cells, without tables */
static int one_count(const pn_widegame *wg) {
  return wg->npat == 1 && !wg->pdb;
}

/* the listing, compiled for thresholds 2 and 3 apart (list): the
** counters' indices and the fourth counter's test are then constants */
HOT int list_d(const pn_widegame *wg, uint64_t key, uint32_t last,
               uint64_t *out, uint32_t *mv, int *hs, int d) {
  uint32_t cells[PN_WIDE_MAXCELL];
  uint64_t g[4][PN_WIDE_WORDS], td[PN_WIDE_WORDS] = { 0 };
  uint64_t td1[PN_WIDE_WORDS] = { 0 };
  uint64_t freec[PN_WIDE_WORDS], vlo[PN_WIDE_MAXCELL], vhi[PN_WIDE_MAXCELL];
  uint64_t dest;
  sums sm;
  prune pr;
  int i, w, q, n = 0, nw = wg->nw, wd[PN_WIDE_WORDS], nwd = 0;
  const uint8_t *gin = NULL;
  int u = 0;
  unrank(wg, key, cells);
  /* the counters stop at 4: thresholds of at most 3 */
  if (d > 3) {
    n = succ_dense(wg, cells, out, mv, last);
    if (hs) {
      cells_set(wg, cells, freec);
      h_moves(wg, freec, mv, n, hs);
    }
    return n;
  }
  memset(g, 0, sizeof g);
  for (w = 0; w < nw; w++) freec[w] = wg->allw[w];
  /* each coin's neighbours, over the words they lie in; the fourth
  ** counter only for threshold 3 */
  for (i = 0; i < wg->ncoin; i++) {
    uint32_t c = cells[i];
    const uint64_t *m = wg->nbrw[c];
    freec[c >> 6] &= ~((uint64_t)1 << (c & 63));
    for (w = wg->wlo[c]; w < wg->whi[c]; w++) {
      uint64_t x = m[w];
      if (d == 3) g[3][w] |= g[2][w] & x;
      g[2][w] |= g[1][w] & x;
      g[1][w] |= g[0][w] & x;
      g[0][w] |= x;
    }
  }
  for (w = 0; w < nw; w++) {
    td[w] = g[d - 1][w] & freec[w];
    td1[w] = g[d][w] & freec[w];
    if (td[w]) wd[nwd++] = w;
  }
  sums_make(wg, cells, &sm);
  if (last) prune_make(wg, last, sm.occ, td, td1, wd, nwd, &pr);
  /* the cheap bound as the moves come: c -> t leaves the placement's
  ** cells uncovered less t (if one of them) plus c (if one) */
  if (hs && one_count(wg)) {
    gin = wg->gin;
    u = uncovered_set(wg, sm.occ);
  }
  for (q = 0; q < nwd; q++)
    for (w = wd[q], dest = td[w]; dest; dest &= dest - 1) {
      uint32_t t = (uint32_t)(w * 64 + __builtin_ctzll(dest));
      sums_cell(wg, &sm, t, &vlo[t], &vhi[t]);
    }
  /* the destinations lie in the words of td: those alone are read */
  for (i = 0; i < wg->ncoin && nwd > 0; i++) {
    uint32_t c = cells[i];
    const uint64_t *m = wg->nbrw[c];
    int k = 0;
    if (last) {
      if (c == pr.b) continue;
      k = prune_case(wg, &pr, c);
    }
    for (q = 0; q < nwd; q++) {
      w = wd[q];
      dest = td1[w] | (td[w] & ~m[w]);
      if (last) dest &= ~prune_cut(&pr, k, m, w);
      for (; dest; dest &= dest - 1) {
        uint32_t t = (uint32_t)(w * 64 + __builtin_ctzll(dest));
        out[n] = t < c ? sm.lo[i] + vlo[t] : sm.hi[i] + vhi[t];
        if (gin) hs[n] = u + gin[c] - gin[t];
        mv[n++] = c << 8 | t;
      }
    }
  }
  if (hs && !gin) h_moves(wg, sm.occ, mv, n, hs);
  return n;
}

static int list(const pn_widegame *wg, uint64_t key, uint32_t last,
                uint64_t *out, uint32_t *mv, int *hs) {
  switch (wg->d) {
  case 2: return list_d(wg, key, last, out, mv, hs, 2);
  case 3: return list_d(wg, key, last, out, mv, hs, 3);
  default: return list_d(wg, key, last, out, mv, hs, wg->d);
  }
}

static int succ(void *ud, uint64_t key, uint64_t *out, uint32_t *mv) {
  return list(ud, key, 0, out, mv, NULL);
}

static int succ_after(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                      uint32_t *tags) {
  return list(ud, key, last, out, tags, NULL);
}

/* the state before key's move a -> b (tag a << 8 | b): its coin on b
** back on a */
static uint64_t undo(void *ud, uint64_t key, uint32_t tag) {
  const pn_widegame *wg = ud;
  uint32_t cells[PN_WIDE_MAXCELL], a = tag >> 8, b = tag & 255;
  int i, j;
  unrank(wg, key, cells);
  for (i = 0, j = 0; i < wg->ncoin; i++)
    if (cells[i] != b) cells[j++] = cells[i];
  if (j != wg->ncoin - 1) return 0;            /* b holds no coin */
  for (; j > 0 && cells[j - 1] > a; j--) cells[j] = cells[j - 1];
  if (j > 0 && cells[j - 1] == a) return 0;    /* a holds one */
  cells[j] = a;
  return rank_of(wg, cells);
}

/* A*'s listing: the bounds with the moves (h_moves) */
static int succ_h(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                  uint32_t *tags, int *hs) {
  return list(ud, key, last, out, tags, hs);
}

/* the states one move before key: a coin with at least d neighbours among
** the others came from any free cell */
/*
** Backward, the same pruning on the moves undone (pred_after): a state
** s's tag a << 8 | b is the move a -> b from s to q, one step nearer the
** goal (the coin on b in q came back to a).  A predecessor of s by the
** move y -> x (the coin on x goes back to the free y) is left out when
**   - x is a: undoing the coin's move again reaches q or a state one
**     step back from q (b has d neighbours in s less a);
**   - y is b, and x could have gone back to a from q: that state, one
**     step back from q;
**   - y < a, and undoing y -> x and a -> b from q commute: x can go
**     back from q (its neighbours in s, less a, plus b: at least d),
**     and b from q after it (its neighbours in s less a and x, plus y);
**   - x < b, x goes back to a from q and then b to y (b's neighbours in
**     s less x: at least d): every undoing of x;
**   - y < a, b goes back to y from q (its neighbours in s less a) and
**     then x to a (x's neighbours in s, less a, plus y).
** A coin goes back when it has d neighbours, wherever it goes.
*/
static int pred_list(const pn_widegame *wg, uint64_t key, uint32_t last,
                     uint64_t *out, uint32_t *mv) {
  uint32_t cells[PN_WIDE_MAXCELL], y;
  uint64_t vlo[PN_WIDE_MAXCELL], vhi[PN_WIDE_MAXCELL];
  uint64_t freec[PN_WIDE_WORDS], below[PN_WIDE_WORDS], m;
  uint64_t bbit[PN_WIDE_WORDS] = { 0 };
  uint32_t a = last >> 8, b = last & 255;
  sums sm;
  int i, w, n = 0, kb = 0, ab = 0, nw = wg->nw;
  unrank(wg, key, cells);
  sums_make(wg, cells, &sm);
  for (w = 0; w < nw; w++) {
    freec[w] = wg->allw[w] & ~sm.occ[w];
    for (m = freec[w]; m; m &= m - 1) {
      y = (uint32_t)(w * 64 + __builtin_ctzll(m));
      sums_cell(wg, &sm, y, &vlo[y], &vhi[y]);
    }
    /* the cells before a */
    below[w] = cells_below(w, a);
  }
  if (last) {
    for (w = 0; w < nw; w++)
      kb += __builtin_popcountll(wg->nbrw[b][w] & sm.occ[w]);
    ab = adjacent(wg, a, b);
    kb -= ab;
    bbit[b >> 6] = (uint64_t)1 << (b & 63);
  }
  for (i = 0; i < wg->ncoin; i++) {
    uint32_t x = cells[i];
    uint64_t go[PN_WIDE_WORDS];
    int k = 0, kbx;
    for (w = 0; w < nw; w++)
      k += __builtin_popcountll(wg->nbrw[x][w] & sm.occ[w]);
    if (k < wg->d) continue;
    for (w = 0; w < nw; w++) go[w] = freec[w];
    if (last) {
      int kx;
      if (x == a) continue;
      kx = k - adjacent(wg, x, a);           /* x's neighbours but a */
      kbx = kb - adjacent(wg, b, x);
      if (kx + adjacent(wg, x, b) >= wg->d) {
        /* x goes back from q: not to b, nor before a where b follows;
        ** nowhere when x < b and b then goes back from there */
        if (x < b && kbx + ab >= wg->d) continue;
        go[b >> 6] &= ~bbit[b >> 6];
        if (kbx + 1 >= wg->d)
          for (w = 0; w < nw; w++)
            go[w] &= ~(below[w] & (kbx >= wg->d ? ~(uint64_t)0
                                                : wg->nbrw[b][w]));
      }
      /* b goes back to y < a from q, then x to a */
      if (kb >= wg->d && kx + 1 >= wg->d)
        for (w = 0; w < nw; w++)
          go[w] &= ~(below[w] & ~bbit[w]
                     & (kx >= wg->d ? ~(uint64_t)0 : wg->nbrw[x][w]));
    }
    for (w = 0; w < nw; w++)
      for (m = go[w]; m; m &= m - 1) {
        y = (uint32_t)(w * 64 + __builtin_ctzll(m));
        out[n] = y < x ? sm.lo[i] + vlo[y] : sm.hi[i] + vhi[y];
        mv[n++] = y << 8 | x;
      }
  }
  return n;
}

static int pred(void *ud, uint64_t key, uint64_t *out, uint32_t *mv) {
  return pred_list(ud, key, 0, out, mv);
}

static int pred_after(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                      uint32_t *tags) {
  return pred_list(ud, key, last, out, tags);
}

static void cellset(const pn_widegame *wg, uint64_t key,
                    uint64_t set[PN_WIDE_WORDS]) {
  uint32_t cells[PN_WIDE_MAXCELL];
  unrank(wg, key, cells);
  cells_set(wg, cells, set);
}

/* the goal cells of the nearest placement that key leaves uncovered: a
** move covers at most one more, so the bound is admissible and consistent
** (a minimum of such bounds is too) */
static int uncovered_set(const pn_widegame *wg,
                         const uint64_t set[PN_WIDE_WORDS]) {
  size_t p;
  int best = wg->ncoin + 1, w;
  for (p = 0; p < wg->npat && best > 0; p++) {
    int u = 0;
    for (w = 0; w < PN_WIDE_WORDS; w++)
      u += __builtin_popcountll(wg->pat[p][w] & ~set[w]);
    if (u < best) best = u;
  }
  return best;
}

static int uncovered(void *ud, uint64_t key) {
  const pn_widegame *wg = ud;
  uint64_t set[PN_WIDE_WORDS];
  cellset(wg, key, set);
  return uncovered_set(wg, set);
}

/* a goal with every coin is a key among the goals' (no decoding);
** otherwise a state that covers a placement */
static int is_goal(void *ud, uint64_t key) {
  const pn_widegame *wg = ud;
  size_t lo = 0, hi = wg->npat;
  if (!wg->gsorted) return uncovered(ud, key) == 0;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (wg->gsorted[mid] < key) lo = mid + 1; else hi = mid;
  }
  return lo < wg->npat && wg->gsorted[lo] == key;
}

static int key_cmp(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* with pattern databases (one placement): the larger of their bound and
** the goal cells uncovered, both consistent */
static int bound_set(const pn_widegame *wg, const uint64_t set[PN_WIDE_WORDS]) {
  int h = pn_pdb_hw(wg->pdb, set), w, u = 0;
  for (w = 0; w < PN_WIDE_WORDS; w++)
    u += __builtin_popcountll(wg->pat[0][w] & ~set[w]);
  return h > u ? h : u;
}

static int bound(void *ud, uint64_t key) {
  const pn_widegame *wg = ud;
  uint64_t set[PN_WIDE_WORDS];
  cellset(wg, key, set);
  return bound_set(wg, set);
}

static int bound_cheap(void *ud) {
  return one_count(ud);
}

/* the bound of each move mv[0..n) from a state of cell set `set`, the
** move's two cells flipped (list counts the cheap bound as it goes) */
static void h_moves(const pn_widegame *wg, uint64_t set[PN_WIDE_WORDS],
                    const uint32_t *mv, int n, int *hs) {
  int j;
  for (j = 0; j < n; j++) {
    uint32_t from = mv[j] >> 8, to = mv[j] & 255;
    uint64_t fb = (uint64_t)1 << (from & 63), tb = (uint64_t)1 << (to & 63);
    set[from >> 6] ^= fb;
    set[to >> 6] ^= tb;
    hs[j] = wg->pdb ? bound_set(wg, set) : uncovered_set(wg, set);
    set[from >> 6] ^= fb;
    set[to >> 6] ^= tb;
  }
}

/* the threads of a search: the option, else every core */
static int wide_threads(const pn_searchopts *o) {
  return o && o->threads > 0 ? o->threads : pn_ncores();
}

/* the pattern databases for A* toward the goal's one placement, the
** largest windows (pdb cells, by default WIDE_PDBCELLS) whose tables
** fit a quarter of the budget, as on the bitboards (engine.c); none when
** the goal has more placements, or pdb = false.  PN_EINTR / PN_ELIMIT
** when a limit stops the build; other failures leave the cell bound */
static int wide_tables(pn_widegame *wg, const pn_searchopts *o,
                       const pn_limits *lim, int threads, pn_pdb *pdb,
                       pn_result *res, pn_error *err) {
  int rc;
  double t0 = pn_clock();
  if (wg->npat != 1 || (o && o->pdb < 0)) return PN_OK;
  if (!pn_pdb_plan_fit(pdb, wg->ncoin, wg->w, o ? o->pdb : 0, WIDE_PDBCELLS,
                       lim->max_memory / 4, threads))
    return PN_OK;
  rc = pn_pdb_build_nbr(pdb, (const uint64_t (*)[PN_PDB_WORDS])wg->nbrw,
                        wg->d, wg->ncoin, wg->pat[0], threads, lim, t0, err);
  if (rc == PN_EINTR || rc == PN_ELIMIT) {
    memset(pdb, 0, sizeof *pdb);
    return rc;
  }
  if (rc != PN_OK) {
    memset(pdb, 0, sizeof *pdb);
    return PN_OK;
  }
  res->pdb_seconds += pdb->seconds;
  wg->pdb = pdb;
  wg->game.h = bound;
  return PN_OK;
}

/* a placement of the goal: its cell set, once, if it fits the window */
static int placed(const pn_config *c, void *ud) {
  pn_widegame *wg = ud;
  uint64_t set[PN_WIDE_WORDS];
  size_t i;
  memset(set, 0, sizeof set);
  for (i = 0; i < c->n; i++) {
    int64_t id = pn_board_index(wg->w, c->pos[i]);
    if (id < 0) return 0;
    set[id >> 6] |= (uint64_t)1 << (id & 63);
  }
  for (i = 0; i < wg->npat; i++)
    if (memcmp(wg->pat[i], set, sizeof set) == 0) return 1;
  if (wg->npat == wg->patcap) return 0;
  memcpy(wg->pat[wg->npat++], set, sizeof set);
  return 1;
}

/* C(c, j) for c <= n, j <= k + 1, saturated at 2^64 - 1 (a rank never
** needs a saturated entry: each term is at most the rank); 0 when C(n, k)
** is 2^63 or more */
static int make_binom(pn_widegame *wg) {
  int n = wg->ncell, k = wg->ncoin, c, j, m = k + 2;
  size_t rows = (size_t)n + 1;
  uint64_t *b = malloc(rows * (size_t)m * sizeof *b);
  if (!b) return -1;
  for (j = 1; j < m; j++) b[(size_t)j * rows] = 0;       /* C(0, j) */
  for (c = 0; c <= n; c++) {
    b[c] = 1;                                   /* C(c, 0) */
    for (j = 1; j < m && c > 0; j++) {
      uint64_t x = b[(size_t)(j - 1) * rows + (size_t)c - 1],
               y = b[(size_t)j * rows + (size_t)c - 1];
      b[(size_t)j * rows + (size_t)c] = x > UINT64_MAX - y ? UINT64_MAX : x + y;
    }
  }
  wg->binom = b;
  return b[(size_t)k * rows + (size_t)n] < ((uint64_t)1 << 63);
}

int pn_widegame_init(pn_widegame *wg, const pn_board *w, const pn_rule *r,
                     const pn_config *start, const pn_config *goal,
                     pn_goalmode mode, pn_error *err) {
  pn_goal gl;
  size_t i, cap;
  int rc;
  uint64_t total;
  memset(wg, 0, sizeof *wg);
  wg->w = w;
  wg->ncell = (int)pn_board_ncells(w);
  wg->ncoin = (int)start->n;
  wg->d = r->d;
  if (!pn_board_bounded(w) || wg->ncell > PN_WIDE_MAXCELL)
    return pn_seterror(err, PN_ELIMIT, "the engine handles windows of at "
                       "most %d cells (this one has %d)", PN_WIDE_MAXCELL,
                       wg->ncell);
  if (start->n == 0 || start->n > (size_t)wg->ncell)
    return pn_seterror(err, PN_EINVAL, "the start has %zu coins for a "
                       "window of %d cells", start->n, wg->ncell);
  for (i = 0; i < start->n; i++)
    if (start->label[i] != start->label[0])
      return pn_seterror(err, PN_ELIMIT, "on windows of more than 64 cells "
                         "the engine takes coins that are all alike");
  for (i = 0; i < goal->n; i++)
    if (goal->label[i] != start->label[0])
      return pn_seterror(err, PN_ELIMIT, "on windows of more than 64 cells "
                         "the engine takes coins that are all alike");
  rc = make_binom(wg);
  if (rc < 0) return pn_seterror(err, PN_ENOMEM, "out of memory");
  if (rc == 0) {
    pn_widegame_free(wg);
    return pn_seterror(err, PN_ELIMIT, "%d coins on %d cells have more than "
                       "2^63 configurations, too many to key", wg->ncoin,
                       wg->ncell);
  }
  total = binom(wg, (uint32_t)wg->ncell, wg->ncoin);
  pn_board_csr(w, &wg->g);
  wg->nw = (wg->ncell + 63) / 64;
  for (i = 0; i < (size_t)wg->ncell; i++)
    wg->allw[i >> 6] |= (uint64_t)1 << (i & 63);
  if (!(wg->nbrw = calloc((size_t)wg->ncell, sizeof *wg->nbrw))
      || !(wg->wlo = calloc((size_t)wg->ncell, 2))) {
    pn_widegame_free(wg);
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  }
  wg->whi = wg->wlo + wg->ncell;
  for (i = 0; i < (size_t)wg->ncell; i++) {
    uint32_t j;
    int lo = PN_WIDE_WORDS, hi = 0;
    for (j = wg->g.off[i]; j < wg->g.off[i + 1]; j++) {
      uint32_t v = wg->g.nbr[j];
      wg->nbrw[i][v >> 6] |= (uint64_t)1 << (v & 63);
      if ((int)(v >> 6) < lo) lo = (int)(v >> 6);
      if ((int)(v >> 6) + 1 > hi) hi = (int)(v >> 6) + 1;
    }
    wg->wlo[i] = (uint8_t)(lo < hi ? lo : 0);
    wg->whi[i] = (uint8_t)(lo < hi ? hi : 0);
  }
  if ((rc = pn_goal_init(&gl, w, goal, mode, err)) != PN_OK) {
    pn_widegame_free(wg);
    return rc;
  }
  cap = goal->n == 0 || mode == PN_FIXED ? 1
      : (size_t)wg->ncell * (size_t)(gl.nvariants > 0 ? gl.nvariants : 1);
  wg->pat = malloc(cap * sizeof *wg->pat);
  wg->patcap = cap;
  if (!wg->pat) rc = pn_seterror(err, PN_ENOMEM, "out of memory");
  else rc = pn_goal_placements(&gl, placed, wg, err);
  pn_goal_free(&gl);
  wg->full = goal->n == start->n;
  if (rc == PN_OK && wg->npat == 1) {
    if (!(wg->gin = calloc((size_t)wg->ncell, 1)))
      rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    for (i = 0; rc == PN_OK && i < (size_t)wg->ncell; i++)
      wg->gin[i] = (uint8_t)(wg->pat[0][i >> 6] >> (i & 63) & 1);
  }
  if (rc == PN_OK && wg->full) {
    uint32_t cells[PN_WIDE_MAXCELL];
    if (!(wg->goals = malloc((wg->npat + 1) * sizeof *wg->goals)))
      rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    for (i = 0; rc == PN_OK && i < wg->npat; i++) {
      int c, k = 0;
      for (c = 0; c < wg->ncell; c++)
        if (wg->pat[i][c >> 6] >> (c & 63) & 1) cells[k++] = (uint32_t)c;
      wg->goals[i] = rank_of(wg, cells);
    }
    if (rc == PN_OK
        && (wg->gsorted = malloc((wg->npat + 1) * sizeof *wg->gsorted))) {
      memcpy(wg->gsorted, wg->goals, wg->npat * sizeof *wg->goals);
      qsort(wg->gsorted, wg->npat, sizeof *wg->gsorted, key_cmp);
    }
  }
  if (rc != PN_OK) { pn_widegame_free(wg); return rc; }
  wg->game.ud = wg;
  wg->game.maxsucc = wg->ncoin * (wg->ncell - wg->ncoin) + 1;
  wg->game.keybits = 64 - __builtin_clzll(total);
  wg->game.succ = succ;
  wg->game.pred = pred;
  wg->game.is_goal = is_goal;
  wg->game.h = uncovered;
  wg->game.h_cheap = bound_cheap;
  wg->game.tagbits = 16;               /* from << 8 | to: never 0 */
  wg->game.succ_after = succ_after;
  wg->game.succ_h = succ_h;
  wg->game.undo = undo;
  wg->game.pred_after = pred_after;
  return PN_OK;
}

void pn_widegame_free(pn_widegame *wg) {
  free(wg->nbrw);
  wg->nbrw = NULL;
  free(wg->wlo);
  wg->wlo = wg->whi = NULL;
  free(wg->gin);
  wg->gin = NULL;
  free(wg->binom);
  free(wg->pat);
  free(wg->goals);
  free(wg->gsorted);
  wg->binom = NULL;
  wg->pat = NULL;
  wg->goals = NULL;
  wg->gsorted = NULL;
}

uint64_t pn_widegame_key(const pn_widegame *wg, const pn_config *c) {
  uint32_t cells[PN_WIDE_MAXCELL];
  size_t i;
  if (c->n != (size_t)wg->ncoin) return 0;
  for (i = 0; i < c->n; i++) {
    int64_t id = pn_board_index(wg->w, c->pos[i]);
    if (id < 0) return 0;
    cells[i] = (uint32_t)id;
  }
  for (i = 1; i < c->n; i++) {         /* ids in increasing order */
    uint32_t x = cells[i];
    size_t j = i;
    for (; j > 0 && cells[j - 1] > x; j--) cells[j] = cells[j - 1];
    cells[j] = x;
  }
  return rank_of(wg, cells);
}

pn_move pn_widegame_move(const pn_widegame *wg, uint32_t mv) {
  pn_move m;
  m.from = pn_board_cell(wg->w, mv >> 8);
  m.to = pn_board_cell(wg->w, mv & 255);
  return m;
}

static pn_move wide_move(const void *wg, uint32_t mv) {
  return pn_widegame_move(wg, mv);
}

int pn_search_wide(const pn_board *w, const pn_rule *r,
                   const pn_config *start, const pn_config *goal,
                   pn_goalmode mode, pn_method m, const pn_searchopts *o,
                   const pn_limits *lim, pn_result *res, pn_error *err) {
  pn_widegame wg;
  pn_keyresult kr;
  pn_pdb pdb;
  uint64_t key;
  int rc, threads = wide_threads(o);
  int quick = 0;
  pn_limits ql = *lim;
  double t0 = pn_clock();
  memset(&pdb, 0, sizeof pdb);
  if ((rc = pn_widegame_init(&wg, w, r, start, goal, mode, err)) != PN_OK)
    return rc;
  memset(&kr, 0, sizeof kr);
  key = pn_widegame_key(&wg, start);
  /* auto: the search from both ends for WIDE_QUICK states (short puzzles,
  ** and goals few configurations reach, proved out of reach), then A*,
  ** which on goals a few moves away stores tens of times fewer states */
  if (m == PN_M_AUTO && wg.full && !lim->max_states) {
    quick = 1;
    ql.max_states = WIDE_QUICK;
    ql.probe_levels = 0;
  }
  if (m == PN_M_AUTO) m = wg.full ? PN_M_BIDIR : PN_M_ASTAR;
  if (wg.npat == 0) {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "the goal does not fit in the "
             "region the coins can reach");
  } else if (!key) {
    rc = pn_seterror(err, PN_EINVAL, "a coin of the start is off the board");
  } else if (is_goal(&wg, key)) {
    res->verdict = PN_SOLVED;
    snprintf(res->reason, sizeof res->reason, "the start is the goal");
  } else if (m == PN_M_FULL) {
    rc = pn_seterror(err, PN_EINVAL, "penny bug: the full-space search on "
                     "the wide game goes through pn_wide_full");
  } else if (m == PN_M_BIDIR && !wg.full) {
    rc = pn_seterror(err, PN_EINVAL, "bidirectional search needs a goal "
                     "with every coin (use astar)");
  } else {
    if (o && o->progress) {
      wg.game.progress = o->progress;
      wg.game.progress_ud = o->progress_ud;
    }
    if (m == PN_M_BIDIR) {
      rc = pn_key_bidir(&wg.game, &key, 1, wg.goals, wg.npat, threads,
                        quick ? &ql : lim, &kr, err);
      if (rc == PN_OK && quick && kr.stopped == PN_ENOMEM
          && kr.states >= WIDE_QUICK) {
        pn_keyresult_clear(&kr);
        m = PN_M_ASTAR;
      }
    }
    if (m == PN_M_ASTAR) {
      pn_limits al = *lim;
      rc = wide_tables(&wg, o, lim, threads, &pdb, res, err);
      if (wg.pdb) al.max_memory -= pdb.bytes;
      if (rc == PN_ELIMIT) {
        /* a limit while building: unknown, the start's cell bound */
        res->verdict = PN_UNKNOWN;
        res->lower_bound = uncovered(&wg, key);
        snprintf(res->reason, sizeof res->reason, "%.200s", err->msg);
        rc = PN_OK;
        goto done;
      }
      if (rc == PN_OK) rc = pn_key_astar(&wg.game, key, threads, &al, &kr, err);
    }
    if (rc == PN_OK && kr.stopped == PN_EINTR)
      rc = pn_seterror(err, PN_EINTR, "interrupted");
    else if (rc == PN_OK)
      rc = pn_key_verdict(wide_move, &wg, wg.pdb, m, &kr, res, err);
    pn_keyresult_clear(&kr);
  }
done:
  res->seconds = pn_clock() - t0;
  pn_pdb_free(&pdb);
  pn_widegame_free(&wg);
  /* PN_ELIMIT means "the wide game cannot be made": a search's limit is a
  ** verdict, never that code */
  return rc == PN_ELIMIT ? PN_EINVAL : rc;
}

/* {====================================================================
** The full-space search on the ranked keys (keyfull.c)
** ===================================================================== */

/* the configuration of key, its coins all labelled as the start's */
static int config_of(const pn_widegame *wg, uint64_t key, int32_t label,
                     pn_config *c, pn_error *err) {
  uint32_t cells[PN_WIDE_MAXCELL];
  int i, rc;
  unrank(wg, key, cells);
  c->n = 0;
  if ((rc = pn_config_reserve(c, (size_t)wg->ncoin, err)) != PN_OK) return rc;
  for (i = 0; i < wg->ncoin; i++) {
    c->pos[i] = pn_board_cell(wg->w, cells[i]);
    c->label[i] = label;
  }
  c->n = (size_t)wg->ncoin;
  return PN_OK;
}

/* what the ranked keys' search cannot do that the bitboards' can: other
** encodings than two bits, a search shared by processes */
static int wide_full_opts(const pn_searchopts *o, pn_error *err) {
  if (o && (o->encoding == PN_ENC_BYTE || o->encoding == PN_ENC_LEAN))
    return pn_seterror(err, PN_EINVAL, "encoding '%s' takes windows of at "
                       "most 64 cells; past them the full-space search "
                       "keeps two bits per state ('two' or 'auto')",
                       o->encoding == PN_ENC_BYTE ? "byte" : "lean");
  if (o && o->net && o->net->size > 1)
    return pn_seterror(err, PN_EINVAL, "a search shared by processes takes "
                       "windows of at most 64 cells (shared = false searches "
                       "alone)");
  return PN_OK;
}

int pn_wide_full(const pn_board *w, const pn_rule *r, const pn_config *start,
                 const pn_config *goal, pn_goalmode mode,
                 const pn_searchopts *o, const pn_limits *lim,
                 pn_result *res, pn_config *reached, int *dist,
                 pn_error *err) {
  pn_widegame wg;
  pn_keyfull kf;
  uint64_t key;
  size_t i;
  int rc, at = -1;
  *dist = -1;
  if ((rc = pn_widegame_init(&wg, w, r, start, goal, mode, err)) != PN_OK)
    return rc;
  memset(&kf, 0, sizeof kf);
  key = pn_widegame_key(&wg, start);
  if ((rc = wide_full_opts(o, err)) != PN_OK) goto out;
  if (!wg.full) {
    rc = pn_seterror(err, PN_EINVAL, "the full-space search needs a goal "
                     "with every coin");
    goto out;
  }
  if (!key) {
    rc = pn_seterror(err, PN_EINVAL, "a coin of the start is off the board");
    goto out;
  }
  if (wg.npat == 0) {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "the goal does not fit in the "
             "region the coins can reach");
    goto out;
  }
  if (!(kf.tdist = malloc(wg.npat * sizeof *kf.tdist))) {
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    goto out;
  }
  if (o && o->progress) {
    wg.game.progress = o->progress;
    wg.game.progress_ud = o->progress_ud;
  }
  rc = pn_key_full(&wg.game, binom(&wg, (uint32_t)wg.ncell, wg.ncoin), key,
                   wg.goals, wg.npat, PN_STOP_ANY, wide_threads(o), lim, &kf,
                   err);
  res->states = kf.reached;
  res->expanded = kf.expanded;
  res->depth = kf.complete_depth;
  res->memory = kf.memory;
  if (rc == PN_ELIMIT) {
    /* the table does not fit, or a limit stopped it: unknown */
    res->verdict = PN_UNKNOWN;
    if (res->lower_bound < kf.complete_depth + 1)
      res->lower_bound = kf.complete_depth + 1;
    snprintf(res->reason, sizeof res->reason, "full-space BFS (ranked keys, "
             "two bits per state): %.120s; at least %d moves%s", err->msg,
             res->lower_bound, kf.reached ? "" : "; 'astar' and 'bidir' "
             "keep only the states they reach");
    rc = PN_OK;
    goto out;
  }
  if (rc != PN_OK) goto out;
  for (i = 0; i < wg.npat; i++)
    if (kf.tdist[i] >= 0 && (at < 0 || kf.tdist[i] < kf.tdist[at]))
      at = (int)i;
  if (at < 0) {
    res->verdict = PN_UNSOLVABLE;
    snprintf(res->reason, sizeof res->reason, "complete search (full-space "
             "BFS on ranked keys, two bits per state): all %llu reachable "
             "configurations examined", (unsigned long long)kf.reached);
    goto out;
  }
  *dist = kf.tdist[at];
  rc = config_of(&wg, wg.goals[at], start->label[0], reached, err);
out:
  free(kf.tdist);
  pn_widegame_free(&wg);
  return rc;
}

int pn_wide_table(const pn_board *w, const pn_rule *r, const pn_config *start,
                  const pn_config *targets, size_t ntargets, int complete,
                  const pn_searchopts *o, const pn_limits *lim,
                  pn_disttable *out, pn_error *err) {
  pn_widegame wg;
  pn_keyfull kf;
  uint64_t key, *keys = NULL;
  size_t i;
  int rc, d;
  if ((rc = pn_widegame_init(&wg, w, r, start, start, PN_FIXED, err))
      != PN_OK)
    return rc;
  memset(&kf, 0, sizeof kf);
  key = pn_widegame_key(&wg, start);
  keys = malloc((ntargets + 1) * sizeof *keys);
  kf.tdist = out->dist;
  if (!keys) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto out; }
  if ((rc = wide_full_opts(o, err)) != PN_OK) goto out;
  if (!key) {
    rc = pn_seterror(err, PN_EINVAL, "the start is not in the window");
    goto out;
  }
  for (i = 0; i < ntargets; i++) {
    size_t j;
    int alike = 1;
    for (j = 0; j < targets[i].n; j++)
      alike = alike && targets[i].label[j] == start->label[0];
    if (!alike || !(keys[i] = pn_widegame_key(&wg, &targets[i]))) {
      rc = pn_seterror(err, PN_EINVAL, "target %zu is not a configuration "
                       "of the window with the start's coins and labels",
                       i + 1);
      goto out;
    }
  }
  if (o && o->progress) {
    wg.game.progress = o->progress;
    wg.game.progress_ud = o->progress_ud;
  }
  rc = pn_key_full(&wg.game, binom(&wg, (uint32_t)wg.ncell, wg.ncoin), key,
                   keys, ntargets, complete ? PN_STOP_NEVER : PN_STOP_ALL,
                   wide_threads(o), lim, &kf, err);
  if (rc != PN_OK) goto out;
  out->maxdepth = kf.maxdepth;
  out->complete = kf.done;
  for (d = 0; d <= kf.maxdepth && d < 256; d++) out->layer[d] = kf.layer[d];
  out->reached = kf.reached;
  out->expanded = kf.expanded;
  out->memory = kf.memory;
  out->threads = kf.threads;
  out->encoding = PN_ENC_TWO;
  out->seconds = kf.seconds;
  if (out->complete && kf.maxdepth > 0)
    rc = config_of(&wg, kf.hardest, start->label[0], &out->hardest, err);
out:
  free(keys);
  pn_widegame_free(&wg);
  return rc;
}

/* }==================================================================== */
