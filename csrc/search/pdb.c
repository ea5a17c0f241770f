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

int pn_pdb_plan_fit(pn_pdb *p, int ncoin, const pn_board *w, int want,
                    int def, size_t budget) {
  int top = want > 0 ? (want < PN_PDB_MAXCELLS ? want : PN_PDB_MAXCELLS)
                     : def;
  int low = top < 8 ? top : 8, mc;
  for (mc = top; mc >= low; mc--)
    if (pn_pdb_plan_cells(p, ncoin, w, mc) && p->bytes + p->work <= budget)
      return 1;
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
    /* four bit sets while building (on as many threads as windows at
    ** most; counted for two) */
    if (((size_t)4 << k) / 8 + 64 > p->work / 2)
      p->work = 2 * (((size_t)4 << k) / 8 + 64);
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
  memset(wb->d_, 255, wb->size);
  return PN_OK;
}

/* low patterns of at most t coins (all for t > 6, none for t < 0), of
** exactly t */
static uint64_t room(const wgeo *G, int t) {
  return t < 0 ? 0 : t > 6 ? ~(uint64_t)0 : G->le[t];
}

static uint64_t full(const wgeo *G, int t) {
  return t < 0 || t > 6 ? 0 : G->eq[t];
}

/* level 0 into S (and the tables): the subsets holding the goal's cells
** of W (up), or those within the source's (down), of at most N coins */
static void level0(const wgeo *G, const wbuild *wb, uint64_t *S, int up) {
  unsigned gl = (unsigned)(G->g & 63);
  size_t gh = (size_t)(G->g >> 6), j;
  uint64_t low = 0;
  unsigned b;
  for (b = 0; b < 64; b++)
    if (up ? (b & gl) == gl : (b & ~gl) == 0) low |= (uint64_t)1 << b;
  for (j = 0; j < G->nw; j++) {
    int in = up ? (j & gh) == gh : (j & ~gh) == 0;
    S[j] = in ? low & room(G, G->N - __builtin_popcountll(j)) & G->valid : 0;
    mark(wb, j, S[j], 0);
  }
}

/* toward the goal: the header's R_L, P and Y */
static int build_toward(wbuild *wb, wsets *ws) {
  wgeo G;
  int n, N, l, L, rc;
  size_t nw, i, j;
  uint64_t valid, *R, *P, *Y, *D;
  if ((rc = geo_init(&G, wb, ws)) != PN_OK) return rc;
  n = G.n; N = G.N; nw = G.nw; valid = G.valid;
  R = ws->R; P = ws->P; Y = ws->Y; D = ws->D;
  level0(&G, wb, R, 1);
  /* D: the subsets first reached at the last level.  A subset reaching
  ** R_L in one step reaches R_{L-1} or D in one step, and those reaching
  ** R_{L-1} are in R_L already: the new ones come from D alone (and for
  ** Y from D and the new P), so words of D that are empty cost nothing */
  memcpy(D, R, nw * sizeof *D);
  for (L = 0; L < 254; L++) {
    int any = 0;
    if ((rc = stopped(wb->lim, wb->t0)) != 0) return rc;
    memset(P, 0, nw * sizeof *P);
    /* P: a coin put on cell l of s, supported, lands in D */
    for (i = 0; i < nw; i++) {
      uint64_t di = D[i];
      if (!di) continue;
      for (l = 0; l < n; l++) {
        size_t hb = l >= 6 ? (size_t)1 << (l - 6) : 0;
        uint64_t q;
        int t;
        if (hb) {
          if (!(i & hb)) continue;
          j = i ^ hb;
          q = di;
        } else {
          j = i;
          q = (di >> (1u << l)) & G.without[l];
          if (!q) continue;
        }
        t = G.need[l] - __builtin_popcountll(j & G.hi[l]);
        if (t > 7) continue;
        if (t > 0) q &= G.sup[l][t];
        P[j] |= q & room(&G, N - 1 - __builtin_popcountll(j));
      }
    }
    /* Y: full windows with a coin r whose removal lands in D + P */
    memset(Y, 0, nw * sizeof *Y);
    if (N <= n) {
      for (i = 0; i < nw; i++) {
        uint64_t x0 = (D[i] | P[i]) & full(&G, N - 1 - __builtin_popcountll(i));
        if (!x0) continue;
        for (l = 0; l < n; l++) {
          size_t hb = l >= 6 ? (size_t)1 << (l - 6) : 0;
          if (hb) {
            if (i & hb) continue;
            Y[i | hb] |= x0;
          } else {
            Y[i] |= (x0 << (1u << l)) & G.with[l];
          }
        }
      }
    }
    for (j = 0; j < nw; j++) {
      uint64_t nu = (P[j] | (Y[j] & full(&G, N - __builtin_popcountll(j))))
                    & ~R[j] & valid;
      D[j] = nu;
      if (!nu) continue;
      any = 1;
      R[j] |= nu;
      mark(wb, j, nu, L + 1);
    }
    if (!any) break;
  }
  return PN_OK;
}

/* from the source (the header's Q_L): Q_0 the subsets of the source's
** cells of W; Q_{L+1} is Q_L with the subsets x + c for x new in Q_L
** (|x| < N, c free and supported in x) and every subset of those: R_L's
** builder run the other way, with removals closing downwards */
static int build_from(wbuild *wb, wsets *ws) {
  wgeo G;
  int rc, L, l;
  size_t i, j;
  uint64_t *Q, *P, *E, *D;
  if ((rc = geo_init(&G, wb, ws)) != PN_OK) return rc;
  Q = ws->R; P = ws->P; E = ws->Y; D = ws->D;
  level0(&G, wb, Q, 0);
  /* D: the subsets new at the last level; a subset new at level L + 1 is
  ** one placement from a subset new at level L, or below such a one */
  memcpy(D, Q, G.nw * sizeof *D);
  for (L = 0; L < 254; L++) {
    int any = 0, more;
    if ((rc = stopped(wb->lim, wb->t0)) != 0) return rc;
    /* P: a coin put on a free cell l of a subset of D with room for it,
    ** supported there */
    memset(P, 0, G.nw * sizeof *P);
    for (i = 0; i < G.nw; i++) {
      uint64_t di = D[i] & room(&G, G.N - 1 - __builtin_popcountll(i));
      if (!di) continue;
      for (l = 0; l < G.n; l++) {
        size_t hb = l >= 6 ? (size_t)1 << (l - 6) : 0;
        uint64_t q = hb ? ((i & hb) ? 0 : di) : di & G.without[l];
        int t;
        if (!q) continue;
        t = G.need[l] - __builtin_popcountll(i & G.hi[l]);
        if (t > 7) continue;
        if (t > 0) q &= G.sup[l][t];
        if (hb) P[i | hb] |= q;
        else P[i] |= q << (1u << l);
      }
    }
    /* the new level, D: P and the subsets below it not yet in Q, closed
    ** downwards one removal at a time (E: the last ones added) */
    for (j = 0; j < G.nw; j++) {
      D[j] = P[j] & ~Q[j] & G.valid;
      E[j] = D[j];
    }
    do {
      more = 0;
      memset(P, 0, G.nw * sizeof *P);
      for (i = 0; i < G.nw; i++) {
        uint64_t x = E[i];
        if (!x) continue;
        for (l = 0; l < G.n; l++) {
          size_t hb = l >= 6 ? (size_t)1 << (l - 6) : 0;
          if (hb) {
            if (i & hb) P[i ^ hb] |= x;
          } else {
            P[i] |= (x & G.with[l]) >> (1u << l);
          }
        }
      }
      for (j = 0; j < G.nw; j++) {
        E[j] = P[j] & ~Q[j] & ~D[j] & G.valid;
        if (E[j]) { D[j] |= E[j]; more = 1; }
      }
    } while (more);
    for (j = 0; j < G.nw; j++) {
      if (!D[j]) continue;
      any = 1;
      Q[j] |= D[j];
      mark(wb, j, D[j], L + 1);
    }
    if (!any) break;
  }
  return PN_OK;
}

typedef struct pbuild {
  pn_pdb *p;
  wbuild w[PN_PDB_MAXWIN];
  int next, failed, done;       /* under lock */
  const pn_limits *lim;         /* its progress: a line per window */
  double c0;
  pthread_mutex_t lock;
  team tm;
} pbuild;

/* one thread: windows taken one at a time, the largest first */
static void build_job(void *ud) {
  pbuild *pb = *(pbuild **)ud;
  wsets ws;
  memset(&ws, 0, sizeof ws);
  for (;;) {
    int i, rc;
    pthread_mutex_lock(&pb->lock);
    i = pb->failed ? pb->p->nwin : pb->next++;
    pthread_mutex_unlock(&pb->lock);
    if (i >= pb->p->nwin) {
      wsets_free(&ws);
      return;
    }
    rc = pb->p->from ? build_from(&pb->w[i], &ws)
                     : build_toward(&pb->w[i], &ws);
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
}

static void *build_main(void *ud) {
  pbuild *pb = *(pbuild **)ud;
  team_serve(&pb->tm, build_job, ud);
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
  pbuild pb, *each[MAXTHREADS];
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
  nt = threads < 1 ? 1 : threads > 8 ? 8 : threads;
  if (nt > p->nwin) nt = p->nwin;
  for (i = 0; i < nt; i++) each[i] = &pb;
  team_start(&pb.tm, nt, build_main, each, sizeof each[0]);
  team_ready(&pb.tm);
  team_round(&pb.tm, build_job, &each[0], 0);
  team_stop(&pb.tm);
  pthread_mutex_destroy(&pb.lock);
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

int pn_pdbcache_fits(const pn_pdbcache *c, int from, const bbspace *s,
                     bb_t cells) {
  const pn_pdbslot *k = &c->slot[from != 0];
  return k->pdb.nwin > 0 && k->ncell == s->ncell && k->ncoin == s->ncoin
         && k->d == s->d && k->all == s->all && k->cells == cells
         && memcmp(k->nbr, s->nbr, (size_t)s->ncell * sizeof(bb_t)) == 0;
}

int pn_pdbcache_same(const pn_pdbcache *c, int from, const bbspace *s,
                     bb_t cells, const pn_pdb *p) {
  const pn_pdb *q = &c->slot[from != 0].pdb;
  int k;
  if (!pn_pdbcache_fits(c, from, s, cells) || q->npart != p->npart
      || q->nwin != p->nwin || q->maxcells != p->maxcells) return 0;
  for (k = 0; k <= p->npart; k++)
    if (q->first[k] != p->first[k]) return 0;
  for (k = 0; k < p->nwin; k++)
    if (q->mask[k] != p->mask[k]) return 0;
  return 1;
}

void pn_pdbcache_keep(pn_pdbcache *c, pn_pdb *p, const bbspace *s,
                      bb_t cells) {
  pn_pdbslot *k = &c->slot[p->from != 0];
  pn_pdbcache_drop(c, p->from);
  k->pdb = *p;
  memset(p, 0, sizeof *p);
  k->ncell = s->ncell;
  k->ncoin = s->ncoin;
  k->d = s->d;
  k->all = s->all;
  k->cells = cells;
  memcpy(k->nbr, s->nbr, (size_t)s->ncell * sizeof(bb_t));
}

void pn_pdbcache_drop(pn_pdbcache *c, int from) {
  pn_pdb *q = &c->slot[from != 0].pdb;
  pn_pdb_free(q);
  memset(q, 0, sizeof *q);
}

void pn_pdbcache_clear(pn_pdbcache *c) {
  pn_pdbcache_drop(c, 0);
  pn_pdbcache_drop(c, 1);
}

size_t pn_pdbcache_bytes(const pn_pdbcache *c) {
  return c->slot[0].pdb.bytes + c->slot[1].pdb.bytes;
}

/* }==================================================================== */
