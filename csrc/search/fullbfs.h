/*
** fullbfs.h -- breadth-first search over the whole ranked state space
** (see fullbfs.c).
*/
#ifndef PN_FULLBFS_H
#define PN_FULLBFS_H

#include "bitboard.h"
#include "keygame.h"
#include "team.h"

#define PN_FULLBFS_MAXDEPTH 253


#include <pthread.h>

struct worker;

typedef struct pn_fullbfs {
  const bbspace *s;
  uint64_t *kever;             /* 1 bit per set of k-1 coins: lifted
                               ** (fullbfs.c, note 2); NULL if labelled */
  size_t kever_bytes;
  /* the lifted sets in windows (fullbfs.c, note 9): kever holds window win
  ** (K ranks [klo, klo + kn)) of nwin, the others wait in the scratch file
  ** fd; klift is the bitmap the layer's lifts use (NULL: every coin) */
  uint64_t *klift;
  uint64_t klo, kn;
  int nwin, win, fd;
  uint64_t *wedge;             /* [nwin + 1]: windows' first pair index */
  uint64_t *pairlo;            /* [pairs + 1]: first K rank of each pair */
  uint64_t *pairbase;          /* [ncell + 1]: index of pair (m, k - 3) */
  uint8_t *wstored;            /* [nwin]: written to the file once */
  struct pn_krange *ranges;    /* the pass's ranges of ranks */
  uint64_t *rfirst;            /* their first pieces ([nrange]: all) */
  size_t nrange, rcap;
  int ioerr;                   /* errno of a failed read or write */
  int encoding;                /* PN_ENC_BYTE, PN_ENC_LEAN or PN_ENC_TWO */
  int lean;                    /* derived from encoding: LEAN or TWO, the
                               ** codes in mod3 */
  int two;                     /* TWO: mod3 alone (fullbfs.c, note 6) */
  /* PN_ENC_BYTE */
  uint8_t *depth;              /* size bytes: depth + 1, 0 = not reached */
  uint64_t *seen;              /* 1 bit per rank */
  /* PN_ENC_LEAN and PN_ENC_TWO */
  uint64_t *mod3;              /* 2 bits per rank: 0 = not reached, else
                               ** lean: 1 + depth mod 3; two: 1 expanded,
                               ** 2 + depth mod 2 waiting */
  uint64_t *expd;              /* lean: 1 bit per rank: expanded */
  int use_expd;                /* lean: expd is kept (fullbfs.c, note 7) */
  uint64_t *touch[2];          /* 1 bit per word of 64 ranks that gets
                               ** states of the layer, by parity */
  size_t bytes, seen_bytes, pool_bytes, touch_bytes, memory;
  pn_limits lim;
  int threads;
  uint64_t layer[PN_FULLBFS_MAXDEPTH + 2];
  int maxdepth;                /* deepest non-empty layer */
  int complete_depth;          /* layers 0..complete_depth are complete */
  int done;                    /* the whole reachable space was explored */
  int toodeep;
  uint64_t reached, expanded;
  uint64_t first;              /* the smallest rank of layer maxdepth */
  uint64_t start_rank;
  uint64_t path_states;        /* states tried by path reconstructions */
  double t0, seconds;
  /* targets and progress */
  const uint64_t *targets;
  int *tdist;                  /* [ntargets]: exact distance, -1 = not yet */
  size_t ntargets;
  int stop_when_found;
  void (*progress)(const struct pn_fullbfs *, void *);
  void *progress_ud;
  /* shared by the workers */
  struct worker *workers;
  team team;
  /* a search shared by processes (net != NULL): this one owns stripes of
  ** `stripe` buckets, every net->size-th from its rank on (fullbfs.c,
  ** note 8), scans and records their ranks alone, and sends the others
  ** to their owners each round */
  const pn_net *net;
  uint64_t stripe, nmine;      /* buckets per stripe; buckets owned */
  uint32_t *recv;              /* the round's offsets from the others */
  uint32_t *rhead, *rnext;     /* by owned bucket: segments of recv */
  size_t *rat;                 /* segment: where its offsets start */
  uint32_t *rlen;              /* segment: how many */
  size_t nseg, segcap;
  uint32_t *send;              /* the round's offsets for the others */
  size_t sendcap;
  size_t *xcount;              /* [3 * size]: words to, at, from each */
  uint64_t *tgot;              /* [ntargets]: reached by this layer */
  uint64_t sent;               /* words sent to the others */
  int kever_shared;            /* kever is net->alloc_shared's */
  int job, phase, cur_depth, dense;
  uint8_t val;                 /* depth + 1 of the layer being made */
  uint64_t nbucket;
  uint32_t *pool, *blk_count, *blk_next;
  void *pool_mem;                     /* the pool's mapping (pool aligned in it) */
  uint64_t pool_blocks;
  uint32_t pool_used;
  uint64_t next_chunk, next_bucket;
  int stop;
} pn_fullbfs;

/* the memory a search with encoding PN_ENC_BYTE, PN_ENC_LEAN or PN_ENC_TWO
** needs (bytes); 0 if it overflows */
int pn_fullbfs_bytes(const bbspace *s, int threads, int encoding,
                     size_t *bytes);

/* encoding PN_ENC_AUTO is PN_ENC_LEAN if that fits the memory budget,
** else PN_ENC_TWO */
/* lifted (0: automatic) and scratch (NULL: /tmp) are the most bytes of
** the bitmap of lifted sets in memory and the directory of the file that
** holds the rest, for two bits a state (fullbfs.c, note 9); automatic:
** windows when the whole bitmap does not fit the memory budget */
int pn_fullbfs_init(pn_fullbfs *f, const bbspace *s, const pn_limits *lim,
                    int threads, int encoding, const pn_net *net,
                    size_t lifted, const char *scratch, pn_error *err);
void pn_fullbfs_free(pn_fullbfs *f);
/* BFS from start; stops after the layer that reaches every target
** (PN_STOP_ALL) or any target (PN_STOP_ANY), or explores everything
** (PN_STOP_NEVER).  progress (optional) is called after each layer. */
int pn_fullbfs_run(pn_fullbfs *f, const bbstate *start, const uint64_t *targets,
                   size_t ntargets, int stop_when_found,
                   void (*progress)(const pn_fullbfs *, void *), void *ud,
                   pn_error *err);
/* the distance of target k of the last run, -1 if it was not reached */
int pn_fullbfs_dist(const pn_fullbfs *f, size_t k);
/* a shortest path to target k: the cells of the moves in from[0..D),
** to[0..D); returns D, or -1 if k was not reached (or, lean encoding, the
** reconstruction ran out of memory; or the encoding is PN_ENC_TWO, which
** keeps no depths) */
int pn_fullbfs_path(pn_fullbfs *f, size_t k, int *from, int *to);
/* the smallest rank of the deepest layer */
uint64_t pn_fullbfs_hardest(const pn_fullbfs *f);

#endif
