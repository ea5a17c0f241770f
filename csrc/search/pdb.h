/*
** pdb.h -- window pattern databases: an admissible and consistent lower
** bound on the number of coin moves to one goal placement, for A*.
**
** The window's cells are cut into windows of at most maxcells cells, in a
** few ways (partitions).  Within one window W the game is relaxed: a coin
** leaves W for free, and a coin put on a free cell c of W costs one move
** if c has at least d occupied neighbours, counting every neighbour
** outside W as occupied, and if W then holds at most as many coins as the
** puzzle has.  Each real move costs one in the window of its destination
** only, and its trace on W is a legal relaxed step, so the sum over the
** windows of a partition of their relaxed distances never exceeds the
** real distance; a move lowers each relaxed distance by at most one and
** only that of its destination window, so the sum is consistent.  The
** bound is the largest sum over the partitions.  A relaxed distance that
** does not exist proves the goal unreachable (PN_PDB_DEAD).
**
** Tables from a source (`from`, for A* run backwards: from the goal
** through reverse moves to the start) bound the moves from the source's
** cells to a configuration instead: within W, the fewest supported
** placements (outside occupied, removals free) from the source's coins
** of W to a superset of the configuration's.  The trace on W of a real
** path from the source is such a relaxed path, so the sum over a
** partition never exceeds the real distance; one real move changes it by
** at most one (a relaxed path to the state before, extended by the
** move's placement, reaches a superset of the state after: consistent
** for the reverse moves of a backward search).
**
** The tables hold one byte per subset of a window; they are built as bit
** sets, one relaxed move per pass, on several threads.  A window of more
** than PN_PDB_BITCELLS cells is compact: only its subsets of at most N
** coins have a byte (N the puzzle's coins: the window never holds more),
** at off[s >> 15] + lowrank[s & 0x7fff], the low 15 cells' patterns
** ranked by number of coins then value (so those of at most k coins come
** first), and off[] summing, over the high patterns before, the low
** patterns each allows: for 27 cells and 13 coins, 67 M bytes instead of
** 134 M; for 30 cells, 314 M instead of 1,074 M.
*/
#ifndef PN_PDB_H
#define PN_PDB_H

#include "bitboard.h"

#define PN_PDB_MAXPART 8
#define PN_PDB_MAXWIN 32
#define PN_PDB_MAXCELLS 30        /* asked for (pdb = n): the tables'
                                  ** size grows 5x a cell (BENCHMARKS.md) */
#define PN_PDB_DEFCELLS 27        /* by default: built in seconds */
#define PN_PDB_DEAD 100000        /* the bound of an unsolvable state */
#define PN_PDB_BITCELLS 20        /* windows also kept as dead-subset bits */
#define PN_PDB_WORDS 4            /* words of a cell set: 256 cells */

typedef struct pn_pdb {
  int npart, nwin;
  int first[PN_PDB_MAXPART + 1];  /* partition k: windows first[k].. */
  bb_t mask[PN_PDB_MAXWIN];       /* cells of each window (<= 64 cells) */
  uint64_t wmask[PN_PDB_MAXWIN][PN_PDB_WORDS];  /* the same, any window */
  int wn[PN_PDB_MAXWIN];          /* cells of each window */
  int wide;                       /* past 64 cells: wmask alone */
  uint8_t *d[PN_PDB_MAXWIN];      /* relaxed distances, by subset */
  size_t size[PN_PDB_MAXWIN];     /* bytes of d[i] */
  uint32_t *off[PN_PDB_MAXWIN];   /* compact windows: by high pattern */
  uint16_t *lowrank;              /* compact windows: by low pattern */
  /* the windows of at most PN_PDB_BITCELLS cells again, 1 bit a subset,
  ** set when it has no relaxed path (128 KiB at most: cache-resident) */
  int nbits;
  int bitwin[PN_PDB_MAXWIN];      /* their windows */
  uint64_t *bits[PN_PDB_MAXWIN];
  size_t bytes;                   /* of the tables */
  size_t work;                    /* more bytes while building (plan_fit) */
  int maxcells;
  int from;                       /* bounds from a source, not to a goal */
  double seconds;                 /* to build */
  int team;                       /* windows built by all threads at once */
} pn_pdb;

/* choose the windows (no tables yet) on a window w of up to 256 cells
** (its cell ids) with ncoin coins: whole lines of cells along each axis
** and each diagonal (x + y, x - y), gathered from either end up to
** maxcells cells; a window of at most maxcells cells is one window; past
** 64 cells the windows are kept in wmask alone (p->wide).  Returns the
** number of partitions. */
int pn_pdb_plan_cells(pn_pdb *p, int ncoin, const pn_board *w,
                      int maxcells);
/* the largest windows of at most `want` cells (0: def), down to 8, whose
** tables and building on `threads` threads take at most `budget` bytes:
** 1 with p planned, 0 (p cleared) when none fit */
int pn_pdb_plan_fit(pn_pdb *p, int ncoin, const pn_board *w, int want,
                    int def, size_t budget, int threads);
/* build the tables for the goal cells `goal` (the union of the goal's
** classes), or from them when p->from is set; PN_EINTR / PN_ELIMIT when
** lim stops it (t0: when the limits' clock started), PN_ENOMEM when an
** allocation fails */
int pn_pdb_build(pn_pdb *p, const bbspace *s, bb_t goal, int threads,
                 const pn_limits *lim, double t0, pn_error *err);
/* the same from the neighbours of each cell of the window (nbr[c]: a set
** of PN_PDB_WORDS words), the threshold d and the coins, toward (from)
** the cells `goal` */
int pn_pdb_build_nbr(pn_pdb *p, const uint64_t (*nbr)[PN_PDB_WORDS], int d,
                     int ncoin, const uint64_t goal[PN_PDB_WORDS],
                     int threads, const pn_limits *lim, double t0,
                     pn_error *err);
/* pn_pdb_h for the occupied cells m as a set of PN_PDB_WORDS words (any
** window) */
int pn_pdb_hw(const pn_pdb *p, const uint64_t m[PN_PDB_WORDS]);
/* the bound for the occupied cells m, or PN_PDB_DEAD */
int pn_pdb_h(const pn_pdb *p, bb_t m);
/* 0 if pn_pdb_h(p, m) <= bound, else a lower bound on it above bound:
** the sum of the first partition found above bound (PN_PDB_DEAD when a
** window has no relaxed path) */
int pn_pdb_above(const pn_pdb *p, bb_t m, int bound);
/* keep the bit sets that prove the most of the occupied-cell sets
** m[0..n) dead (a sample of the states a search meets), in that order:
** each next one for the most that those before it miss; the sets that
** prove none of them dead are dropped (and their bytes given back) */
void pn_pdb_choose_bits(pn_pdb *p, const bb_t *m, size_t n);
/* whether bit set i, or any, proves m dead (pn_pdb_h(p, m) == PN_PDB_DEAD);
** a dead m they miss may still be dead */
static inline int pn_pdb_bit(const pn_pdb *p, int i, bb_t m) {
  bb_t x = bb_pext(m, p->mask[p->bitwin[i]]);
  return (int)(p->bits[i][x >> 6] >> (x & 63) & 1);
}

/* the byte of window i's subset x in d[i] */
static inline size_t pn_pdb_index(const pn_pdb *p, int i, bb_t x) {
  return p->off[i] ? (size_t)p->off[i][x >> 15] + p->lowrank[x & 0x7fff]
                   : (size_t)x;
}

static inline int pn_pdb_dead(const pn_pdb *p, bb_t m) {
  int i;
  for (i = 0; i < p->nbits; i++)
    if (pn_pdb_bit(p, i, m)) return 1;
  return 0;
}

/* start fetching the words pn_pdb_dead(p, m) reads */
PREFETCHER void pn_pdb_dead_hint(const pn_pdb *p, bb_t m) {
  int i;
  for (i = 0; i < p->nbits; i++) {
    bb_t x = bb_pext(m, p->mask[p->bitwin[i]]);
    __builtin_prefetch(&p->bits[i][x >> 6]);
  }
}
/* start fetching the entries pn_pdb_h(p, m) reads */
void pn_pdb_hint(const pn_pdb *p, bb_t m);
void pn_pdb_free(pn_pdb *p);

/*
** Tables kept from one search to the next (penny.h's pn_searchopts
** pdbcache; the Lua binding's penny.databases()): sets toward goals and
** sets from starts (for backward searches), at most keep[0] and keep[1] of
** them, the least recently used going first.  The tables depend on the
** window's cells and neighbours, the threshold d, the number of coins, the
** goal's (start's) cells and the windows chosen; a search finds the set
** for its puzzle among those held, or builds its own and keeps it.  A
** slot's tables stay where they are while held, so a search may point at
** them.  The cache does no allocation of its own: its owner allocates
** pn_pdbcache_size(goals, starts) bytes and calls pn_pdbcache_init.
*/
#define PN_PDBCACHE_MAXSETS 1024

typedef struct pn_pdbslot {
  pn_pdb pdb;                   /* no windows: empty */
  int ncell, ncoin, d;
  bb_t all, cells;              /* the goal's or the start's cells */
  bb_t nbr[BB_MAXCELL];
  uint64_t used;                /* the cache's clock at its last use */
} pn_pdbslot;

struct pn_pdbcache {
  int keep[2];                  /* the most sets toward goals, from starts */
  int nslot;                    /* keep[0] + keep[1] */
  uint64_t clock;               /* counts the uses */
  uint64_t builds, reuses;      /* searches that built or reused tables */
  pn_pdbslot slot[];
};

/* the bytes of a cache of at most `goals` and `starts` sets (1 to
** PN_PDBCACHE_MAXSETS each), and making one, empty, in them */
size_t pn_pdbcache_size(int goals, int starts);
void pn_pdbcache_init(pn_pdbcache *c, int goals, int starts);
/* the tables c holds on side `from` (0: toward a goal, 1: from a start)
** for the space s and cells, with the windows of the plan p (NULL: any
** windows), marked as used now; NULL when it holds none */
pn_pdb *pn_pdbcache_find(pn_pdbcache *c, int from, const bbspace *s,
                         bb_t cells, const pn_pdb *p);
/* the slot of the most recently used set of side `from`, or NULL */
const pn_pdbslot *pn_pdbcache_last_slot(const pn_pdbcache *c, int from);
/* move the built tables p into a slot of side p->from (p is left empty),
** the least recently used set of that side freed first when the side is
** full: returns the kept tables; *freed += the bytes freed */
pn_pdb *pn_pdbcache_keep(pn_pdbcache *c, pn_pdb *p, const bbspace *s,
                         bb_t cells, size_t *freed);
/* free the tables q held by a cache, leaving their slot empty */
void pn_pdbcache_drop(pn_pdb *q);
/* free the least recently used set of side `from` (-1: of either side)
** other than `keep1` and `keep2` (either may be NULL): its bytes, 0 when
** there is none to free */
size_t pn_pdbcache_drop_oldest(pn_pdbcache *c, int from, const pn_pdb *keep1,
                               const pn_pdb *keep2);
/* the number of sets c holds on side `from` (-1: both) */
int pn_pdbcache_count(const pn_pdbcache *c, int from);
void pn_pdbcache_clear(pn_pdbcache *c);
/* the bytes of the tables c holds on side `from` (-1: both) */
size_t pn_pdbcache_bytes(const pn_pdbcache *c, int from);

#endif
