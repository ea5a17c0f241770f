/*
** pdb.c -- window pattern databases (see pdb.h).
**
** Building one window W of n cells.  Let R_L be the subsets of W (with at
** most N coins, N the puzzle's) whose relaxed distance is at most L.  As
** leaving W is free, R_L is closed upwards (within N coins), and
**
**   R_0     = the subsets holding the goal's cells of W,
**   R_{L+1} = R_L + P + Y, where
**   P       = { s : |s| < N, some free c of W has >= d neighbours in s
**                   (those outside W counted as occupied), s + c in R_L },
**   Y       = { s : |s| = N, s - r in R_L + P for some coin r of s }.
**
** (A subset above some s of P is in P or R_L already, as supports only
** grow with more coins; only a full window, which has no room for one
** more, needs Y.)  The sets are bit sets, subset s at bit s; bits 0..5
** of s select the bit of a word, the others the word.  Adding cell c
** is a shift by 2^c within words (c < 6) or a step of 2^(c-6) between
** words.  A subset new in P or Y at level L+1 reaches, in one step, a
** subset new at level L (one reaching an older one is older itself), so
** each pass starts from the last level's new subsets D and does the n
** cell steps only for the words where D is not empty: about twice as
** fast as n sweeps over R, and the same tables byte for byte.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pdb.h"
#include "team.h"
#include "core/util.h"

/* {====================================================================
** Plan
** ===================================================================== */

/* a dead-subset bit set of a window of k cells */
static size_t bits_bytes(int k) {
  return k < 6 ? 8 : (size_t)1 << (k - 3);
}

typedef struct cellpos {
  int id;
  int64_t a, b;                 /* coordinate along the axis, then across */
} cellpos;

static int by_line(const void *x, const void *y) {
  const cellpos *p = x, *q = y;
  if (p->a != q->a) return p->a < q->a ? -1 : 1;
  if (p->b != q->b) return p->b < q->b ? -1 : 1;
  return 0;
}

/* a window's cells: a set of PN_PDB_WORDS words */
typedef struct wset {
  uint64_t w[PN_PDB_WORDS];
} wset;

static int wset_count(const uint64_t *m) {
  int k, n = 0;
  for (k = 0; k < PN_PDB_WORDS; k++) n += __builtin_popcountll(m[k]);
  return n;
}

/* add a partition (its windows in m[0..n)) unless it is there already */
static void add_part(pn_pdb *p, const wset *m, int n) {
  int k, i;
  if (p->npart == PN_PDB_MAXPART || p->nwin + n > PN_PDB_MAXWIN) return;
  for (k = 0; k < p->npart; k++) {
    int same = p->first[k + 1] - p->first[k] == n;
    for (i = 0; same && i < n; i++) {
      int j, found = 0;
      for (j = p->first[k]; j < p->first[k + 1]; j++)
        found |= memcmp(p->wmask[j], m[i].w, sizeof m[i].w) == 0;
      same = found;
    }
    if (same) return;
  }
  for (i = 0; i < n; i++) {
    memcpy(p->wmask[p->nwin], m[i].w, sizeof m[i].w);
    p->mask[p->nwin] = m[i].w[0];
    p->wn[p->nwin++] = wset_count(m[i].w);
  }
  p->first[++p->npart] = p->nwin;
}

/* the cells c[0..n) sorted by line: windows of whole lines, filled from
** the first line (dir 1) or the last (dir -1); a line longer than max
** is cut */
static void gather(pn_pdb *p, const cellpos *c, int n, int max, int dir) {
  wset m[PN_PDB_MAXWIN], cur;
  int nm = 0, i = 0, cnt = 0;
  memset(&cur, 0, sizeof cur);
  while (i < n && nm < PN_PDB_MAXWIN - 1) {
    /* the next line: cells [lo, hi) in the order of dir */
    int lo = dir > 0 ? i : n - 1 - i, len = 0, j;
    while (i + len < n
           && c[dir > 0 ? i + len : n - 1 - i - len].a == c[lo].a) len++;
    if (cnt + len > max && cnt > 0) {
      m[nm++] = cur; memset(&cur, 0, sizeof cur); cnt = 0;
    }
    for (j = 0; j < len; j++) {
      int id = c[dir > 0 ? i + j : n - 1 - i - j].id;
      if (cnt == max) { m[nm++] = cur; memset(&cur, 0, sizeof cur); cnt = 0; }
      cur.w[id >> 6] |= (uint64_t)1 << (id & 63);
      cnt++;
    }
    i += len;
  }
  if (cnt > 0 && i == n) m[nm++] = cur;
  if (i == n) add_part(p, m, nm);
}

/* compact windows: the low LOWBITS cells' patterns ranked */
#define LOWBITS 15
#define LOWN ((size_t)1 << LOWBITS)

static int compact(int k, int ncoin) {
  return k > PN_PDB_BITCELLS && ncoin < k;
}

/* low patterns of at most m coins, m clipped to 0..LOWBITS (0 if m < 0) */
static size_t low_upto(int m) {
  size_t n = 0;
  int c;
  for (c = 0; c <= m && c <= LOWBITS; c++) {
    size_t b = 1;               /* C(LOWBITS, c) */
    int j;
    for (j = 1; j <= c; j++) b = b * (size_t)(LOWBITS - c + j) / (size_t)j;
    n += b;
  }
  return n;
}

/* the low patterns' ranks (LOWN entries): by coins, then by value */
static void rank_low(uint16_t *lowrank) {
  size_t x, first[LOWBITS + 1];
  int c;
  for (c = 0; c <= LOWBITS; c++) first[c] = low_upto(c - 1);
  for (x = 0; x < LOWN; x++)
    lowrank[x] = (uint16_t)first[__builtin_popcountll(x)]++;
}

/* the bytes of a compact window of k cells' table; its offsets by high
** pattern (2^(k - LOWBITS) entries) go to off unless it is NULL */
static size_t compact_index(uint32_t *off, int k, int ncoin) {
  size_t h, at = 0;
  for (h = 0; h < (size_t)1 << (k - LOWBITS); h++) {
    if (off) off[h] = (uint32_t)at;
    at += low_upto(ncoin - __builtin_popcountll(h));
  }
  return at;
}

/* windows of at least this many cells may be built by all the threads
** together, one after another; the others by one thread each */
#define TEAM_CELLS 22

/* bytes of a window's four bit sets while it is built */
static size_t sets_bytes(int k) {
  return ((size_t)4 << k) / 8 + 64;
}

/* the windows' cells, the largest first */
static void by_size(const pn_pdb *p, int *n) {
  int i, k;
  for (i = 0; i < p->nwin; i++) {
    for (k = i; k > 0 && n[k - 1] < p->wn[i]; k--) n[k] = n[k - 1];
    n[k] = p->wn[i];
  }
}

/* the time to build the windows of n[from..to) cells one a thread, each
** to the thread with the least so far, plus `ahead` (a window's work
** taken as 2^cells) */
static double spread(const int *n, int from, int to, int nt, double ahead) {
  double load[MAXTHREADS] = { 0 }, most = 0;
  int i, k, least;
  for (i = from; i < to; i++) {
    for (least = 0, k = 1; k < nt; k++)
      if (load[k] < load[least]) least = k;
    load[least] += ldexp(1, n[i]);
  }
  for (k = 0; k < nt; k++)
    if (load[k] > most) most = load[k];
  return ahead + most;
}

/* how many of the largest windows all nt threads build together, one
** after another: those of TEAM_CELLS or more when that ends sooner than
** one thread a window, else none.  The team's work is taken as 1.4 times
** the windows' (the blocks' pulls, the barriers, the threads sharing the
** memory: one window of 27 cells took 0.96 s on two threads and 1.39 s
** on one, on the two cores of one machine) */
static int team_windows(const pn_pdb *p, int nt) {
  int n[PN_PDB_MAXWIN], big = 0;
  double work = 0;
  if (nt < 2) return 0;
  by_size(p, n);
  while (big < p->nwin && n[big] >= TEAM_CELLS) work += ldexp(1, n[big++]);
  if (!big || spread(n, big, p->nwin, nt, 1.4 * work / nt)
              >= spread(n, 0, p->nwin, nt, 0)) return 0;
  return big;
}

/* the bytes of bit sets the build takes on nt threads: a set of the
** largest window on each thread that builds windows alone, or one the
** team's windows share and a set of the largest other one on each */
static size_t build_work(const pn_pdb *p, int nt) {
  int n[PN_PDB_MAXWIN], together = team_windows(p, nt);
  by_size(p, n);
  if (!together)
    return (size_t)(nt < p->nwin ? nt : p->nwin) * sets_bytes(n[0]);
  return sets_bytes(n[0])
         + (together < p->nwin ? (size_t)nt * sets_bytes(n[together]) : 0);
}

static int clamp_threads(int threads) {
  return threads < 1 ? 1 : threads > MAXTHREADS ? MAXTHREADS : threads;
}

int pn_pdb_plan_fit(pn_pdb *p, int ncoin, const pn_board *w, int want,
                    int def, size_t budget, int threads) {
  int top = want > 0 ? (want < PN_PDB_MAXCELLS ? want : PN_PDB_MAXCELLS)
                     : def;
  int low = top < 8 ? top : 8, mc;
  for (mc = top; mc >= low; mc--) {
    if (!pn_pdb_plan_cells(p, ncoin, w, mc)) continue;
    p->work = build_work(p, clamp_threads(threads));
    if (p->bytes + p->work <= budget) return 1;
  }
  memset(p, 0, sizeof *p);
  return 0;
}

int pn_pdb_plan_cells(pn_pdb *p, int ncoin, const pn_board *w,
                      int maxcells) {
  cellpos c[PN_PDB_WORDS * 64];
  int dim = pn_board_dim(w), axis, i, n = (int)pn_board_ncells(w);
  int anycompact = 0;
  memset(p, 0, sizeof *p);
  if (maxcells > PN_PDB_MAXCELLS) maxcells = PN_PDB_MAXCELLS;
  if (maxcells < 1 || n > PN_PDB_WORDS * 64) return 0;
  p->maxcells = maxcells;
  p->wide = n > 64;
  if (n <= maxcells) {
    wset all;
    memset(&all, 0, sizeof all);
    for (i = 0; i < n; i++) all.w[i >> 6] |= (uint64_t)1 << (i & 63);
    add_part(p, &all, 1);
  } else {
    /* lines along the two axes, then along the two diagonals x + y and
    ** x - y (cuts elsewhere on the board: the max over more partitions) */
    for (axis = 0; axis < (dim < 2 ? 1 : 4); axis++) {
      for (i = 0; i < n; i++) {
        int64_t x[PN_MAXDIM];
        pn_board_unpack(w, pn_board_cell(w, (size_t)i), x);
        c[i].id = i;
        if (dim < 2) { c[i].a = x[0]; c[i].b = 0; }
        else if (axis < 2) { c[i].a = x[axis]; c[i].b = x[1 - axis]; }
        else { c[i].a = axis == 2 ? x[0] + x[1] : x[0] - x[1]; c[i].b = x[0]; }
      }
      qsort(c, (size_t)n, sizeof *c, by_line);
      gather(p, c, n, maxcells, 1);
      gather(p, c, n, maxcells, -1);
    }
  }
  for (i = 0; i < p->nwin; i++) {
    int k = p->wn[i];
    p->size[i] = compact(k, ncoin) ? compact_index(NULL, k, ncoin)
                                   : (size_t)1 << k;
    p->bytes += p->size[i];
    if (compact(k, ncoin)) {
      p->bytes += ((size_t)1 << (k - LOWBITS)) * sizeof(uint32_t);
      anycompact = 1;
    }
    if (k <= PN_PDB_BITCELLS) {
      p->bitwin[p->nbits++] = i;
      p->bytes += bits_bytes(k);
    }
  }
  if (anycompact) p->bytes += LOWN * sizeof(uint16_t);
  return p->npart;
}

/* }==================================================================== */


/* {====================================================================
** Build
** ===================================================================== */

/* a window to build: its cells 0..n-1 (the window's cells in order), for
** each its neighbours inside (a mask over those) and the number outside;
** the goal's (source's) cells among them */
typedef struct wbuild {
  int n, N, d;                  /* cells, the puzzle's coins, threshold */
  bb_t in[PN_PDB_MAXCELLS];
  int out[PN_PDB_MAXCELLS];
  bb_t goal;
  uint8_t *d_;
  size_t size;                  /* bytes of d */
  const uint32_t *off;          /* compact: the index (pdb.h) */
  const uint16_t *lowrank;
  const pn_limits *lim;
  double t0;
  int rc;
} wbuild;

static int stopped(const pn_limits *lim, double t0) {
  return pn_poll(lim, t0);
}

/* within a word: patterns b (6 low bits of a subset) with popcount(b & m)
** >= k, and with popcount(b) <= k or == k */
static uint64_t low_atleast(unsigned m, int k) {
  uint64_t r = 0;
  unsigned b;
  for (b = 0; b < 64; b++)
    if (__builtin_popcount(b & m) >= k) r |= (uint64_t)1 << b;
  return r;
}

static uint64_t low_count(int k, int exact) {
  uint64_t r = 0;
  unsigned b;
  for (b = 0; b < 64; b++) {
    int c = __builtin_popcount(b);
    if (exact ? c == k : c <= k) r |= (uint64_t)1 << b;
  }
  return r;
}

/* relaxed distance v for the subsets of word j with bits set in `bits` */
static void mark(const wbuild *wb, size_t j, uint64_t bits, int v) {
  if (wb->off) {                        /* compact */
    uint8_t *d = wb->d_ + wb->off[j >> (LOWBITS - 6)];
    const uint16_t *lr = wb->lowrank + ((j << 6) & (LOWN - 1));
    for (; bits; bits &= bits - 1)
      d[lr[__builtin_ctzll(bits)]] = (uint8_t)v;
  } else {
    for (; bits; bits &= bits - 1)
      wb->d_[j << 6 | (size_t)__builtin_ctzll(bits)] = (uint8_t)v;
  }
}

/* a thread's four bit sets, kept from one window to the next (the
** largest first: fresh pages cost more than clearing them again) */
typedef struct wsets {
  uint64_t *R, *P, *Y, *D;
  size_t nw;
} wsets;

static void wsets_free(wsets *ws) {
  free(ws->R);
  free(ws->P);
  free(ws->Y);
  free(ws->D);
  memset(ws, 0, sizeof *ws);
}

/* what both directions' builders know of a window */
typedef struct wgeo {
  int n, N;                     /* cells, the puzzle's coins */
  size_t nw;                    /* words of a bit set */
  uint64_t valid;               /* the subsets of a word that exist */
  uint64_t le[8], eq[8];        /* low patterns of <= k, == k coins */
  uint64_t with[6], without[6]; /* low patterns with, without cell l */
  uint64_t sup[BB_MAXCELL][8];  /* low patterns with >= k neighbours of l */
  int need[BB_MAXCELL];         /* neighbours l needs inside W */
  size_t hi[BB_MAXCELL];        /* its neighbours among the high cells */
  bb_t g;                       /* the goal's (source's) cells in W */
} wgeo;

/* the window's geometry, and the thread's bit sets grown to fit it */
static int geo_init(wgeo *G, const wbuild *wb, wsets *ws) {
  int n = wb->n, l, k;
  size_t nw = n > 6 ? (size_t)1 << (n - 6) : 1;
  G->n = n;
  G->N = wb->N;
  G->nw = nw;
  G->valid = n >= 6 ? ~(uint64_t)0 : ((uint64_t)1 << (1 << n)) - 1;
  G->g = wb->goal;
  /* per cell of W: neighbours needed inside W, and where they are */
  for (l = 0; l < n; l++) {
    bb_t in = wb->in[l];
    G->need[l] = wb->d - wb->out[l];
    G->hi[l] = (size_t)(in >> 6);
    for (k = 0; k < 8; k++) G->sup[l][k] = low_atleast((unsigned)(in & 63), k);
  }
  for (k = 0; k < 8; k++) {
    G->le[k] = low_count(k, 0);
    G->eq[k] = low_count(k, 1);
  }
  for (l = 0; l < 6; l++) {
    G->with[l] = G->without[l] = 0;
    for (k = 0; k < 64; k++)
      if (k >> l & 1) G->with[l] |= (uint64_t)1 << k;
      else G->without[l] |= (uint64_t)1 << k;
  }
  if (ws->nw < nw) {
    wsets_free(ws);
    ws->R = malloc(nw * sizeof *ws->R);
    ws->P = malloc(nw * sizeof *ws->P);
    ws->Y = malloc(nw * sizeof *ws->Y);
    ws->D = malloc(nw * sizeof *ws->D);
    if (!ws->R || !ws->P || !ws->Y || !ws->D) {
      wsets_free(ws);
      return PN_ENOMEM;
    }
    ws->nw = nw;
  }
  return PN_OK;
}

/* the table's bytes of the subsets in words [lo, hi) of the bit sets set
** to 255, no relaxed path yet (compact: lo and hi multiples of the words
** of a high pattern, 2^(LOWBITS - 6)) */
static void table_clear(const wbuild *wb, size_t lo, size_t hi) {
  size_t a, z;
  if (wb->off) {
    size_t nh = (size_t)1 << (wb->n - LOWBITS);
    a = wb->off[lo >> (LOWBITS - 6)];
    z = hi >> (LOWBITS - 6) < nh ? wb->off[hi >> (LOWBITS - 6)] : wb->size;
  } else {
    a = lo << 6;
    z = hi << 6 < wb->size ? hi << 6 : wb->size;
  }
  memset(wb->d_ + a, 255, z - a);
}

/* low patterns of at most t coins (all for t > 6, none for t < 0), of
** exactly t */
static uint64_t room(const wgeo *G, int t) {
  return t < 0 ? 0 : t > 6 ? ~(uint64_t)0 : G->le[t];
}

static uint64_t full(const wgeo *G, int t) {
  return t < 0 || t > 6 ? 0 : G->eq[t];
}

/* level 0 into S (and the tables), words [lo, hi): the subsets holding
** the goal's cells of W (up), or those within the source's (down), of at
** most N coins */
static void level0(const wgeo *G, const wbuild *wb, uint64_t *S, int up,
                   size_t lo, size_t hi) {
  unsigned gl = (unsigned)(G->g & 63);
  size_t gh = (size_t)(G->g >> 6), j;
  uint64_t low = 0;
  unsigned b;
  for (b = 0; b < 64; b++)
    if (up ? (b & gl) == gl : (b & ~gl) == 0) low |= (uint64_t)1 << b;
  for (j = lo; j < hi; j++) {
    int in = up ? (j & gh) == gh : (j & ~gh) == 0;
    S[j] = in ? low & room(G, G->N - __builtin_popcountll(j)) & G->valid : 0;
    mark(wb, j, S[j], 0);
  }
}

/* A window's builders: one thread, or the whole team in step.  The words
** of the bit sets are cut in 2^b blocks by the window's top b cells, and
** each phase of a level hands the blocks out one at a time: the thread
** that takes a block writes all of that block's words.  A step along a
** lower cell stays in its block (pushed there, as one thread does, from
** the words that are not empty); a step along one of the top b cells
** lands in another block, and is pulled from there by the thread that
** holds the block it lands in.  The pulls read whole blocks, so a flag
** per block says which ones have a word set.  One thread alone has one
** block (b = 0) and only pushes. */
typedef struct wjob {
  wgeo G;
  wbuild *wb;
  wsets *ws;
  int b, top;                   /* 2^b blocks; the top cells: top..n-1 */
  size_t bw;                    /* words of a block */
  unsigned next[4];             /* blocks handed out, phase m at m % 4 */
  uint8_t dz[64], pz[64];       /* blocks of D, of P (E) with a word set */
  int start;                    /* job_start's verdict */
  int rc;                       /* the last level's (level_end) */
} wjob;

typedef struct crew {
  team *tm;                     /* the team in step; NULL for one thread */
  int k;                        /* this thread (0 leads) */
  unsigned phase;               /* phases this thread has begun */
  wjob *J;
} crew;

static void crew_sync(crew *c) {
  if (c->tm) team_sync(c->tm);
}

/* a phase begins.  Every phase ends at the barrier, so when the lead
** begins phase m every thread has left phase m - 2: it clears that
** phase's counter for phase m + 2 */
static void phase(crew *c) {
  unsigned m = c->phase++;
  if (c->k == 0) __atomic_store_n(&c->J->next[(m + 2) & 3], 0,
                                  __ATOMIC_RELAXED);
}

/* the next block of the phase, -1 when none is left */
static int take(crew *c) {
  unsigned t = __atomic_fetch_add(&c->J->next[(c->phase - 1) & 3], 1,
                                  __ATOMIC_RELAXED);
  return t < 1u << c->J->b ? (int)t : -1;
}

/* the lead: the window's geometry, its bit sets, its blocks */
static int job_start(wjob *J) {
  int rc = geo_init(&J->G, J->wb, J->ws);
  J->top = J->G.n - J->b;
  J->bw = J->G.nw >> J->b;
  return rc;
}

/* block blk of level 0: the table cleared, R and D set */
static void job_level0(wjob *J, int blk, int up) {
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, j;
  int any = 0;
  table_clear(J->wb, lo, hi);
  level0(&J->G, J->wb, J->ws->R, up, lo, hi);
  for (j = lo; j < hi; j++) {
    J->ws->D[j] = J->ws->R[j];
    any |= J->ws->D[j] != 0;
  }
  J->dz[blk] = (uint8_t)any;
}

/* toward the goal, block blk of P: a coin put on cell l of s, supported,
** lands in D */
static void toward_p(wjob *J, int blk) {
  const wgeo *G = &J->G;
  const uint64_t *D = J->ws->D;
  uint64_t *restrict P = J->ws->P, acc = 0;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, i, j;
  const int top = J->top, low = top < 6 ? top : 6;
  int l;
  memset(P + lo, 0, J->bw * sizeof *P);
  for (i = J->dz[blk] ? lo : hi; i < hi; i++) {
    uint64_t di = D[i], rl, rh;
    int c;
    if (!di) continue;
    /* room for one more coin in s: s is i (a low cell) or i less one */
    c = __builtin_popcountll(i);
    rl = room(G, G->N - 1 - c);
    rh = room(G, G->N - c);
    for (l = 0; l < low; l++) {
      uint64_t q = (di >> (1u << l)) & G->without[l];
      int t;
      if (!q) continue;
      t = G->need[l] - __builtin_popcountll(i & G->hi[l]);
      if (t > 7) continue;
      if (t > 0) q &= G->sup[l][t];
      P[i] |= q & rl;
    }
    for (l = 6; l < top; l++) {
      size_t hb = (size_t)1 << (l - 6);
      uint64_t q = di;
      int t;
      if (!(i & hb)) continue;
      j = i ^ hb;
      t = G->need[l] - __builtin_popcountll(j & G->hi[l]);
      if (t > 7) continue;
      if (t > 0) q &= G->sup[l][t];
      P[j] |= q & rh;
    }
  }
  /* the top cells: s in this block lacks l, s + l is in block blk + tb */
  for (l = top; l < G->n; l++) {
    int tb = 1 << (l - top);
    size_t hb = (size_t)1 << (l - 6);
    if ((blk & tb) || !J->dz[blk | tb]) continue;
    for (j = lo; j < hi; j++) {
      uint64_t q = D[j | hb];
      int t;
      if (!q) continue;
      t = G->need[l] - __builtin_popcountll(j & G->hi[l]);
      if (t > 7) continue;
      if (t > 0) q &= G->sup[l][t];
      q &= room(G, G->N - 1 - __builtin_popcountll(j));
      P[j] |= q;
      acc |= q;
    }
  }
  /* the pushes land in this block only when D has a word in it */
  J->pz[blk] = J->dz[blk] || acc;
}

/* the full windows of D + P, word i */
static uint64_t toward_x0(const wjob *J, size_t i) {
  return (J->ws->D[i] | J->ws->P[i])
         & full(&J->G, J->G.N - 1 - __builtin_popcountll(i));
}

/* toward the goal, block blk of Y: full windows with a coin r whose
** removal lands in D + P */
static void toward_y(wjob *J, int blk) {
  const wgeo *G = &J->G;
  uint64_t *restrict Y = J->ws->Y;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, i;
  const int top = J->top, low = top < 6 ? top : 6;
  int l;
  memset(Y + lo, 0, J->bw * sizeof *Y);
  for (i = J->pz[blk] ? lo : hi; i < hi; i++) {
    uint64_t x0 = toward_x0(J, i);
    if (!x0) continue;
    for (l = 0; l < low; l++) Y[i] |= (x0 << (1u << l)) & G->with[l];
    for (l = 6; l < top; l++) {
      size_t hb = (size_t)1 << (l - 6);
      if (!(i & hb)) Y[i | hb] |= x0;
    }
  }
  for (l = top; l < G->n; l++) {
    int tb = 1 << (l - top), from = blk ^ tb;
    size_t hb = (size_t)1 << (l - 6);
    if (!(blk & tb) || !J->pz[from]) continue;
    for (i = lo; i < hi; i++) Y[i] |= toward_x0(J, i ^ hb);
  }
}

/* block blk of the new level: into D, R and the table */
static void toward_new(wjob *J, int blk, int v) {
  const wgeo *G = &J->G;
  uint64_t *restrict R = J->ws->R, *restrict D = J->ws->D;
  const uint64_t *P = J->ws->P, *Y = J->ws->Y;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, j;
  int any = 0, withy = G->N <= G->n;
  for (j = lo; j < hi; j++) {
    uint64_t y = withy ? Y[j] & full(G, G->N - __builtin_popcountll(j)) : 0;
    uint64_t nu = (P[j] | y) & ~R[j] & G->valid;
    D[j] = nu;
    if (!nu) continue;
    any = 1;
    R[j] |= nu;
    mark(J->wb, j, nu, v);
  }
  J->dz[blk] = (uint8_t)any;
}

static int any_block(const uint8_t *z, int b) {
  int blk, any = 0;
  for (blk = 0; blk < 1 << b; blk++) any |= z[blk];
  return any;
}

/* the end of a level: the lead looks at the limits, all see the verdict */
static int level_end(crew *c) {
  if (c->k == 0) c->J->rc = stopped(c->J->wb->lim, c->J->wb->t0);
  crew_sync(c);
  return c->J->rc;
}

/* toward the goal: the header's R_L, P and Y.  D holds the subsets first
** reached at the last level.  A subset reaching R_L in one step reaches
** R_{L-1} or D in one step, and those reaching R_{L-1} are in R_L
** already: the new ones come from D alone (and for Y from D and the new
** P), so words of D that are empty cost nothing */
static int build_toward(crew *c) {
  wjob *J = c->J;
  int L, blk, rc;
  for (L = 0; L < 254; L++) {
    phase(c);
    while ((blk = take(c)) >= 0) toward_p(J, blk);
    crew_sync(c);
    if (J->G.N <= J->G.n) {
      phase(c);
      while ((blk = take(c)) >= 0) toward_y(J, blk);
      crew_sync(c);
    }
    phase(c);
    while ((blk = take(c)) >= 0) toward_new(J, blk, L + 1);
    if ((rc = level_end(c)) != PN_OK) return rc;
    if (!any_block(J->dz, J->b)) break;
  }
  return PN_OK;
}

/* from the source, block blk of P: a coin put on a free cell l of a
** subset of D with room for it, supported there */
static void from_p(wjob *J, int blk) {
  const wgeo *G = &J->G;
  const uint64_t *D = J->ws->D;
  uint64_t *restrict P = J->ws->P;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, i, j;
  const int top = J->top, low = top < 6 ? top : 6;
  int l;
  memset(P + lo, 0, J->bw * sizeof *P);
  for (i = J->dz[blk] ? lo : hi; i < hi; i++) {
    uint64_t di = D[i] & room(G, G->N - 1 - __builtin_popcountll(i));
    if (!di) continue;
    for (l = 0; l < low; l++) {
      uint64_t q = di & G->without[l];
      int t;
      if (!q) continue;
      t = G->need[l] - __builtin_popcountll(i & G->hi[l]);
      if (t > 7) continue;
      if (t > 0) q &= G->sup[l][t];
      P[i] |= q << (1u << l);
    }
    for (l = 6; l < top; l++) {
      size_t hb = (size_t)1 << (l - 6);
      uint64_t q = di;
      int t;
      if (i & hb) continue;
      t = G->need[l] - __builtin_popcountll(i & G->hi[l]);
      if (t > 7) continue;
      if (t > 0) q &= G->sup[l][t];
      P[i | hb] |= q;
    }
  }
  /* the top cells: x + l in this block, x in block blk - tb */
  for (l = top; l < G->n; l++) {
    int tb = 1 << (l - top);
    size_t hb = (size_t)1 << (l - 6);
    if (!(blk & tb) || !J->dz[blk ^ tb]) continue;
    for (j = lo; j < hi; j++) {
      size_t x = j ^ hb;
      uint64_t q = D[x] & room(G, G->N - 1 - __builtin_popcountll(x));
      int t;
      if (!q) continue;
      t = G->need[l] - __builtin_popcountll(x & G->hi[l]);
      if (t > 7) continue;
      if (t > 0) q &= G->sup[l][t];
      P[j] |= q;
    }
  }
}

/* block blk of the new level's first subsets: P not yet in Q */
static void from_d(wjob *J, int blk) {
  const uint64_t *Q = J->ws->R, *P = J->ws->P;
  uint64_t *restrict E = J->ws->Y, *restrict D = J->ws->D;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, j;
  int any = 0;
  for (j = lo; j < hi; j++) {
    D[j] = E[j] = P[j] & ~Q[j] & J->G.valid;
    any |= D[j] != 0;
  }
  J->pz[blk] = (uint8_t)any;
}

/* block blk of the removals from E, the subsets added last */
static void from_down(wjob *J, int blk) {
  const wgeo *G = &J->G;
  const uint64_t *E = J->ws->Y;
  uint64_t *restrict P = J->ws->P;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, i;
  const int top = J->top, low = top < 6 ? top : 6;
  int l;
  memset(P + lo, 0, J->bw * sizeof *P);
  for (i = J->pz[blk] ? lo : hi; i < hi; i++) {
    uint64_t x = E[i];
    if (!x) continue;
    for (l = 0; l < low; l++) P[i] |= (x & G->with[l]) >> (1u << l);
    for (l = 6; l < top; l++) {
      size_t hb = (size_t)1 << (l - 6);
      if (i & hb) P[i ^ hb] |= x;
    }
  }
  for (l = top; l < G->n; l++) {
    int tb = 1 << (l - top);
    size_t hb = (size_t)1 << (l - 6);
    if ((blk & tb) || !J->pz[blk | tb]) continue;
    for (i = lo; i < hi; i++) P[i] |= E[i | hb];
  }
}

/* block blk of the removals not yet in Q or D: the next E, into D */
static void from_more(wjob *J, int blk) {
  const uint64_t *Q = J->ws->R, *P = J->ws->P;
  uint64_t *restrict E = J->ws->Y, *restrict D = J->ws->D;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, j;
  int any = 0;
  for (j = lo; j < hi; j++) {
    E[j] = P[j] & ~Q[j] & ~D[j] & J->G.valid;
    if (E[j]) { D[j] |= E[j]; any = 1; }
  }
  J->pz[blk] = (uint8_t)any;
}

/* block blk of the new level, into Q and the table */
static void from_new(wjob *J, int blk, int v) {
  uint64_t *restrict Q = J->ws->R;
  const uint64_t *D = J->ws->D;
  size_t lo = (size_t)blk * J->bw, hi = lo + J->bw, j;
  int any = 0;
  for (j = lo; j < hi; j++) {
    if (!D[j]) continue;
    any = 1;
    Q[j] |= D[j];
    mark(J->wb, j, D[j], v);
  }
  J->dz[blk] = (uint8_t)any;
}

/* from the source (the header's Q_L): Q_0 the subsets of the source's
** cells of W; Q_{L+1} is Q_L with the subsets x + c for x new in Q_L
** (|x| < N, c free and supported in x) and every subset of those: R_L's
** builder run the other way, with removals closing downwards.  D holds
** the subsets new at the last level; a subset new at level L + 1 is one
** placement from a subset new at level L, or below such a one.  While
** the new level is closed downwards one removal at a time, E (in Y)
** holds the last subsets added and pz the blocks where E has a word */
static int build_from(crew *c) {
  wjob *J = c->J;
  int L, blk, rc;
  for (L = 0; L < 254; L++) {
    phase(c);
    while ((blk = take(c)) >= 0) from_p(J, blk);
    crew_sync(c);
    phase(c);
    while ((blk = take(c)) >= 0) from_d(J, blk);
    crew_sync(c);
    for (;;) {
      phase(c);
      while ((blk = take(c)) >= 0) from_down(J, blk);
      crew_sync(c);
      phase(c);
      while ((blk = take(c)) >= 0) from_more(J, blk);
      crew_sync(c);
      if (!any_block(J->pz, J->b)) break;
    }
    phase(c);
    while ((blk = take(c)) >= 0) from_new(J, blk, L + 1);
    if ((rc = level_end(c)) != PN_OK) return rc;
    if (!any_block(J->dz, J->b)) break;
  }
  return PN_OK;
}

typedef struct pbuild {
  pn_pdb *p;
  wbuild w[PN_PDB_MAXWIN];
  int nteam;                    /* the first nteam windows: by the team */
  int b;                        /* their blocks: 2^b */
  int next, failed, done;       /* under lock */
  const pn_limits *lim;         /* its progress: a line per window */
  double c0;
  pthread_mutex_t lock;
  team tm;
  wjob job;                     /* the team's window */
  wsets ws;                     /* its bit sets */
} pbuild;

typedef struct bworker {
  pbuild *pb;
  int k;
} bworker;

/* a window built: its verdict, and a progress line */
static void built(pbuild *pb, int i, int rc) {
  pthread_mutex_lock(&pb->lock);
  pb->w[i].rc = rc;
  pb->failed |= rc != PN_OK;
  pb->done++;
  if (rc == PN_OK && pb->lim && pb->lim->progress) {
    pn_progress p;
    memset(&p, 0, sizeof p);
    p.phase = pb->p->from ? "pattern db from the start"
                          : "pattern db toward the goal";
    p.depth = pb->done;
    p.total = pb->p->nwin;
    p.seconds = pn_clock() - pb->c0;
    pb->lim->progress(&p, pb->lim->progress_ud);
  }
  pthread_mutex_unlock(&pb->lock);
}

/* window i by the crew c (its lead first sets c->J up) */
static int build_window(pbuild *pb, crew *c, int i, int b, wsets *ws) {
  wjob *J = c->J;
  int up = !pb->p->from, blk, rc;
  if (c->k == 0) {
    memset(J, 0, sizeof *J);
    J->wb = &pb->w[i];
    J->ws = ws;
    J->b = b;
    J->start = job_start(J);
  }
  crew_sync(c);
  /* (a field of its own: the lead's level_end may write J->rc before a
  ** slower thread has read this) */
  if (J->start != PN_OK) return J->start;
  phase(c);
  while ((blk = take(c)) >= 0) job_level0(J, blk, up);
  if ((rc = level_end(c)) != PN_OK) return rc;
  return up ? build_toward(c) : build_from(c);
}

/* one thread: the team's windows with the others, then its own windows,
** taken one at a time, the largest first */
static void build_job(void *ud) {
  bworker *bw = ud;
  pbuild *pb = bw->pb;
  crew c;
  wjob own;
  wsets ws;
  int i, rc;
  memset(&c, 0, sizeof c);
  c.tm = &pb->tm;
  c.k = bw->k;
  c.J = &pb->job;
  for (i = 0; i < pb->nteam && !pb->failed; i++) {
    c.phase = 0;
    rc = build_window(pb, &c, i, pb->b, &pb->ws);
    if (c.k == 0) built(pb, i, rc);
    crew_sync(&c);              /* before the lead sets the next one up */
  }
  memset(&ws, 0, sizeof ws);
  for (;;) {
    pthread_mutex_lock(&pb->lock);
    i = pb->failed ? pb->p->nwin : pb->next++;
    pthread_mutex_unlock(&pb->lock);
    if (i >= pb->p->nwin) break;
    memset(&c, 0, sizeof c);
    c.J = &own;
    built(pb, i, build_window(pb, &c, i, 0, &ws));
  }
  wsets_free(&ws);
}

static void *build_main(void *ud) {
  bworker *bw = ud;
  team_serve(&bw->pb->tm, build_job, ud);
  return NULL;
}

/* the bits of the set m under the window's cells mw, packed to the low
** end in the order of the cells */
static bb_t wext(const uint64_t *m, const uint64_t *mw) {
  bb_t x = 0;
  int k, at = 0;
  for (k = 0; k < PN_PDB_WORDS; k++)
    if (mw[k]) {
      x |= bb_pext(m[k], mw[k]) << at;
      at += __builtin_popcountll(mw[k]);
    }
  return x;
}

int pn_pdb_build(pn_pdb *p, const bbspace *s, bb_t goal, int threads,
                 const pn_limits *lim, double t0, pn_error *err) {
  uint64_t (*nbr)[PN_PDB_WORDS] = calloc((size_t)s->ncell, sizeof *nbr);
  uint64_t g[PN_PDB_WORDS] = { 0 };
  int c, rc;
  if (!nbr) {
    pn_pdb_free(p);
    return pn_seterror(err, PN_ENOMEM, "out of memory for the pattern "
                       "databases");
  }
  for (c = 0; c < s->ncell; c++) nbr[c][0] = s->nbr[c] & s->all;
  g[0] = goal;
  rc = pn_pdb_build_nbr(p, (const uint64_t (*)[PN_PDB_WORDS])nbr, s->d,
                        s->ncoin, g, threads, lim, t0, err);
  free(nbr);
  return rc;
}

int pn_pdb_build_nbr(pn_pdb *p, const uint64_t (*nbr)[PN_PDB_WORDS], int d,
                     int ncoin, const uint64_t goal[PN_PDB_WORDS],
                     int threads, const pn_limits *lim, double t0,
                     pn_error *err) {
  pbuild pb;
  bworker each[MAXTHREADS];
  int i, nt, rc = PN_OK;
  double c0 = pn_clock();
  memset(&pb, 0, sizeof pb);
  pb.p = p;
  pb.lim = lim;
  pb.c0 = c0;
  for (i = 0; i < p->nwin; i++) {
    /* on huge pages where the kernel has them: every lookup is a cache
    ** miss, and without them a TLB miss as well */
    int k = p->wn[i], l = 0, w;
    wbuild *wb = &pb.w[i];
    p->d[i] = pn_bigalloc(p->size[i]);
    if (p->d[i] && compact(k, ncoin)) {
      int first = !p->lowrank;
      if (first) p->lowrank = malloc(LOWN * sizeof *p->lowrank);
      p->off[i] = malloc(((size_t)1 << (k - LOWBITS)) * sizeof *p->off[i]);
      if (first && p->lowrank) rank_low(p->lowrank);
      if (p->off[i]) compact_index(p->off[i], k, ncoin);
    }
    if (!p->d[i] || (compact(k, ncoin) && (!p->lowrank || !p->off[i]))) {
      pn_pdb_free(p);
      return pn_seterror(err, PN_ENOMEM, "out of memory for the pattern "
                         "databases");
    }
    /* the window's cells in order: inside neighbours as a mask over
    ** them, the others counted */
    wb->n = k;
    wb->N = ncoin;
    wb->d = d;
    for (w = 0; w < PN_PDB_WORDS; w++) {
      uint64_t cells = p->wmask[i][w];
      for (; cells; cells &= cells - 1, l++) {
        int c = w * 64 + __builtin_ctzll(cells), x;
        wb->in[l] = wext(nbr[c], p->wmask[i]);
        wb->out[l] = 0;
        for (x = 0; x < PN_PDB_WORDS; x++)
          wb->out[l] += __builtin_popcountll(nbr[c][x] & ~p->wmask[i][x]);
      }
    }
    wb->goal = wext(goal, p->wmask[i]);
    wb->d_ = p->d[i];
    wb->size = p->size[i];
    wb->off = p->off[i];
    wb->lowrank = p->lowrank;
    wb->lim = lim;
    wb->t0 = t0;
  }
  /* the largest windows first */
  for (i = 1; i < p->nwin; i++)
    for (int k = i; k > 0 && pb.w[k].n > pb.w[k - 1].n; k--) {
      wbuild t = pb.w[k];
      pb.w[k] = pb.w[k - 1];
      pb.w[k - 1] = t;
    }
  pthread_mutex_init(&pb.lock, NULL);
  nt = clamp_threads(threads);
  /* decided on the threads asked for: if fewer start, the build takes
  ** no more memory than planned */
  pb.nteam = team_windows(p, nt);
  if (!pb.nteam && nt > p->nwin) nt = p->nwin;
  for (i = 0; i < nt; i++) {
    each[i].pb = &pb;
    each[i].k = i;
  }
  team_start(&pb.tm, nt, build_main, each, sizeof each[0]);
  nt = team_ready(&pb.tm);
  if (nt < 2) pb.nteam = 0;
  pb.next = pb.nteam;
  /* blocks: four for each thread or more, up to 64 */
  for (pb.b = 2; pb.b < 6 && 1 << pb.b < 4 * nt; pb.b++) {}
  team_round(&pb.tm, build_job, &each[0], 0);
  team_stop(&pb.tm);
  p->team = pb.nteam;
  pthread_mutex_destroy(&pb.lock);
  wsets_free(&pb.ws);
  for (i = 0; i < p->nwin && rc == PN_OK; i++) rc = pb.w[i].rc;
  for (i = 0; i < p->nbits && rc == PN_OK; i++) {
    int w = p->bitwin[i], k = p->wn[w];
    size_t x, n = (size_t)1 << k;
    if (!(p->bits[i] = calloc(bits_bytes(k), 1))) {
      rc = PN_ENOMEM;
      break;
    }
    for (x = 0; x < n; x++)
      if (p->d[w][pn_pdb_index(p, w, x)] == 255)
        p->bits[i][x >> 6] |= (uint64_t)1 << (x & 63);
  }
  p->seconds = pn_clock() - c0;
  if (rc != PN_OK) {
    pn_pdb_free(p);
    if (rc == PN_EINTR) return pn_seterror(err, rc, "interrupted");
    if (rc == PN_ELIMIT)
      return pn_seterror(err, rc, "time limit of %g s reached while building "
                         "the pattern databases", lim ? lim->time_limit : 0.0);
    return pn_seterror(err, rc, "out of memory for the pattern databases");
  }
  return PN_OK;
}

/* }==================================================================== */

void pn_pdb_choose_bits(pn_pdb *p, const bb_t *m, size_t n) {
  uint8_t *caught = calloc(n ? n : 1, 1);
  int k, i, kept = 0;
  if (!caught) return;                  /* all of them, as they are */
  for (k = 0; k < p->nbits; k++) {
    size_t best = 0, j, c;
    int bi = -1;
    for (i = k; i < p->nbits; i++) {
      for (j = 0, c = 0; j < n; j++) c += !caught[j] && pn_pdb_bit(p, i, m[j]);
      if (c > best) { best = c; bi = i; }
    }
    if (bi < 0) break;
    if (bi != k) {                      /* swap it in at k */
      int w = p->bitwin[k];
      uint64_t *b = p->bits[k];
      p->bitwin[k] = p->bitwin[bi]; p->bits[k] = p->bits[bi];
      p->bitwin[bi] = w; p->bits[bi] = b;
    }
    for (j = 0; j < n; j++) caught[j] |= (uint8_t)pn_pdb_bit(p, k, m[j]);
    kept++;
  }
  for (k = kept; k < p->nbits; k++) {
    p->bytes -= bits_bytes(p->wn[p->bitwin[k]]);
    free(p->bits[k]);
    p->bits[k] = NULL;
  }
  p->nbits = kept;
  free(caught);
}

/* the sum over partition k's windows, or PN_PDB_DEAD */
static inline int part_sum(const pn_pdb *p, int k, bb_t m) {
  int i, h = 0;
  for (i = p->first[k]; i < p->first[k + 1]; i++) {
    int v = p->d[i][pn_pdb_index(p, i, bb_pext(m, p->mask[i]))];
    if (v == 255) return PN_PDB_DEAD;
    h += v;
  }
  return h;
}

int pn_pdb_h(const pn_pdb *p, bb_t m) {
  int k, best = 0;
  for (k = 0; k < p->npart; k++) {
    int h = part_sum(p, k, m);
    if (h >= PN_PDB_DEAD) return h;
    if (h > best) best = h;
  }
  return best;
}

int pn_pdb_hw(const pn_pdb *p, const uint64_t m[PN_PDB_WORDS]) {
  int k, i, best = 0;
  for (k = 0; k < p->npart; k++) {
    int h = 0;
    for (i = p->first[k]; i < p->first[k + 1]; i++) {
      int v = p->d[i][pn_pdb_index(p, i, wext(m, p->wmask[i]))];
      if (v == 255) return PN_PDB_DEAD;
      h += v;
    }
    if (h > best) best = h;
  }
  return best;
}

int pn_pdb_above(const pn_pdb *p, bb_t m, int bound) {
  int k;
  for (k = 0; k < p->npart; k++) {
    int h = part_sum(p, k, m);
    if (h > bound) return h;
  }
  return 0;
}

void pn_pdb_hint(const pn_pdb *p, bb_t m) {
  int i;
  for (i = 0; i < p->nwin; i++)
    __builtin_prefetch(&p->d[i][pn_pdb_index(p, i, bb_pext(m, p->mask[i]))]);
}

void pn_pdb_free(pn_pdb *p) {
  int i;
  for (i = 0; i < p->nwin; i++) {
    if (p->d[i]) pn_bigfree(p->d[i], p->size[i]);
    p->d[i] = NULL;
    free(p->off[i]);
    p->off[i] = NULL;
  }
  for (i = 0; i < p->nbits; i++) {
    free(p->bits[i]);
    p->bits[i] = NULL;
  }
  free(p->lowrank);
  p->lowrank = NULL;
}

/* {====================================================================
** Tables kept between searches
** ===================================================================== */

size_t pn_pdbcache_size(int goals, int starts) {
  return sizeof(pn_pdbcache) + (size_t)(goals + starts) * sizeof(pn_pdbslot);
}

void pn_pdbcache_init(pn_pdbcache *c, int goals, int starts) {
  memset(c, 0, pn_pdbcache_size(goals, starts));   /* every slot empty */
  c->keep[0] = goals;
  c->keep[1] = starts;
  c->nslot = goals + starts;
}

static int slot_from(const pn_pdbslot *k) { return k->pdb.from != 0; }

pn_pdb *pn_pdbcache_find(pn_pdbcache *c, int from, const bbspace *s,
                         bb_t cells, const pn_pdb *p) {
  int i, j;
  for (i = 0; i < c->nslot; i++) {
    pn_pdbslot *k = &c->slot[i];
    const pn_pdb *q = &k->pdb;
    if (!q->nwin || slot_from(k) != (from != 0) || k->ncell != s->ncell
        || k->ncoin != s->ncoin || k->d != s->d || k->all != s->all
        || k->cells != cells
        || memcmp(k->nbr, s->nbr, (size_t)s->ncell * sizeof(bb_t)) != 0)
      continue;
    if (p) {
      if (q->npart != p->npart || q->nwin != p->nwin
          || q->maxcells != p->maxcells) continue;
      for (j = 0; j <= p->npart && q->first[j] == p->first[j]; j++) {}
      if (j <= p->npart) continue;
      for (j = 0; j < p->nwin && q->mask[j] == p->mask[j]; j++) {}
      if (j < p->nwin) continue;
    }
    k->used = ++c->clock;
    return &k->pdb;
  }
  return NULL;
}

const pn_pdbslot *pn_pdbcache_last_slot(const pn_pdbcache *c, int from) {
  const pn_pdbslot *best = NULL;
  int i;
  for (i = 0; i < c->nslot; i++) {
    const pn_pdbslot *k = &c->slot[i];
    if (k->pdb.nwin && slot_from(k) == (from != 0)
        && (!best || k->used > best->used)) best = k;
  }
  return best;
}

int pn_pdbcache_count(const pn_pdbcache *c, int from) {
  int i, n = 0;
  for (i = 0; i < c->nslot; i++)
    n += c->slot[i].pdb.nwin && (from < 0 || slot_from(&c->slot[i]) == from);
  return n;
}

void pn_pdbcache_drop(pn_pdb *q) {
  pn_pdb_free(q);
  memset(q, 0, sizeof *q);
}

size_t pn_pdbcache_drop_oldest(pn_pdbcache *c, int from, const pn_pdb *keep1,
                               const pn_pdb *keep2) {
  pn_pdbslot *old = NULL;
  size_t b;
  int i;
  for (i = 0; i < c->nslot; i++) {
    pn_pdbslot *k = &c->slot[i];
    if (k->pdb.nwin && (from < 0 || slot_from(k) == from)
        && &k->pdb != keep1 && &k->pdb != keep2
        && (!old || k->used < old->used)) old = k;
  }
  if (!old) return 0;
  b = old->pdb.bytes;
  pn_pdbcache_drop(&old->pdb);
  return b;
}

pn_pdb *pn_pdbcache_keep(pn_pdbcache *c, pn_pdb *p, const bbspace *s,
                         bb_t cells, size_t *freed) {
  int from = p->from != 0, i;
  pn_pdbslot *k = NULL;
  while (pn_pdbcache_count(c, from) >= c->keep[from])
    *freed += pn_pdbcache_drop_oldest(c, from, NULL, NULL);
  for (i = 0; i < c->nslot && !k; i++)
    if (!c->slot[i].pdb.nwin) k = &c->slot[i];
  /* (a side holds fewer than keep[from] sets, so a slot is free) */
  k->pdb = *p;
  memset(p, 0, sizeof *p);
  k->ncell = s->ncell;
  k->ncoin = s->ncoin;
  k->d = s->d;
  k->all = s->all;
  k->cells = cells;
  memcpy(k->nbr, s->nbr, (size_t)s->ncell * sizeof(bb_t));
  k->used = ++c->clock;
  return &k->pdb;
}

void pn_pdbcache_clear(pn_pdbcache *c) {
  int i;
  for (i = 0; i < c->nslot; i++)
    if (c->slot[i].pdb.nwin) pn_pdbcache_drop(&c->slot[i].pdb);
}

size_t pn_pdbcache_bytes(const pn_pdbcache *c, int from) {
  size_t n = 0;
  int i;
  for (i = 0; i < c->nslot; i++)
    if (from < 0 || slot_from(&c->slot[i]) == from) n += c->slot[i].pdb.bytes;
  return n;
}

/* }==================================================================== */
