/*
** fullbfs.c -- breadth-first search over the whole ranked state space, a
** few bits per rank: byte (depth + 1), lean (1 + depth mod 3 and an
** "expanded" bitmap, the default) or two (Korf's two-bit search).  Used
** for distance tables and as the heavy method for puzzles whose space fits
** the memory budget.  The why of its stages (rounds of expand and apply
** phases over buckets, each set of k - 1 coins lifted once, walking paths
** back mod 3, sparse layers, two bits) is doc/design/fullbfs.md; the code
** cites its notes by number.
*/
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "bitboard.h"
#include "fullbfs.h"
#include "core/util.h"

#define CHUNK ((uint64_t)1 << 14)     /* ranks per expansion work unit */
#define SLICE_BITS 20                 /* ranks per bucket: 2^20 */
/* slots per pool block: each thread holds a block open per bucket, so the
** pool needs at least threads * buckets blocks (4 KB each: 0.6 GB for a
** font5x9 letter on 2 threads, where 16 KB blocks needed 2.3 GB; as fast
** on a font5x7 letter's table) */
#define BLOCK 1024
/* a block holds BLOCK - 1 offsets after a slot left unused, and blocks are
** aligned to their size: a fill pointer is then at a block's end exactly
** when it is aligned, as NULL is, and push tests one pointer */
#define BLOCK_USE (BLOCK - 1)
#define BLOCK_ALIGN ((uintptr_t)BLOCK * sizeof(uint32_t))
#define NOBLOCK UINT32_MAX
/* the bucket pool holds POOL_ROOMS times what one chunk per thread may need
** at worst, so a round ends with at least (POOL_ROOMS - 1) / POOL_ROOMS of
** it used.  2 is as fast as 4, with less memory and fewer fresh pages for
** the kernel to zero */
#define POOL_ROOMS 2
/* and at least 64 MB: a small search's pool is the same for any number
** of threads */
#define POOL_LEAST (((uint64_t)1 << 24) / BLOCK)
/* the apply stage's first pass fetches the word of the offset PF places
** ahead (8 and 32 are no better) */
#define PF 16

/* what a round does */
enum { JOB_EXPAND, JOB_EXIT };
/* its phases: both, or (shared by processes) one, the exchange between */
enum { PHASE_BOTH, PHASE_EXPAND, PHASE_APPLY };

typedef struct worker {
  pn_fullbfs *f;
  int id;
  uint64_t found;                     /* new states this layer */
  uint64_t first;                     /* the smallest of their ranks */
  uint64_t next, end;                 /* chunks claimed, not yet scanned */
  uint32_t *head;                     /* [nbucket]: first block of my list */
  uint32_t *cur;                      /* [nbucket]: block being filled */
  uint32_t **fill;                    /* [nbucket]: next free slot in it */
  uint32_t *newlist;                  /* apply scratch: BLOCK entries */
  int failed;                         /* could not get a block */
} worker;

/* {====================================================================
** Buckets
** ===================================================================== */

/* Shared by processes (note 8): bucket b belongs to process
** (b / stripe) mod size; this process's i-th bucket, its index of bucket
** b.  Alone: every bucket, in order. */
static inline uint64_t mine(const pn_fullbfs *f, uint64_t i) {
  uint64_t st, p;
  if (!f->net) return i;
  st = f->stripe, p = (uint64_t)f->net->size;
  return (i / st) * st * p + (uint64_t)f->net->rank * st + i % st;
}

static inline int owner(const pn_fullbfs *f, uint64_t b) {
  return f->net ? (int)((b / f->stripe) % (uint64_t)f->net->size) : 0;
}

static inline uint64_t mine_index(const pn_fullbfs *f, uint64_t b) {
  uint64_t st = f->stripe;
  return (b / (st * (uint64_t)f->net->size)) * st + b % st;
}

/* a new block for a bucket whose block is full (or that has none); the
** fill count of the finished block is written back once, so threads never
** write the same cache line while expanding */
static void new_block(worker *w, uint64_t bucket) {
  pn_fullbfs *f = w->f;
  uint32_t b = w->cur[bucket];
  uint32_t nb = __atomic_fetch_add(&f->pool_used, 1, __ATOMIC_RELAXED);
  if (nb >= f->pool_blocks) {       /* cannot happen: see headroom() */
    w->failed = 1;
    w->fill[bucket] = NULL;
    return;
  }
  f->blk_next[nb] = NOBLOCK;
  if (b == NOBLOCK) w->head[bucket] = nb;
  else {
    f->blk_next[b] = nb;
    f->blk_count[b] = BLOCK_USE;
  }
  w->cur[bucket] = nb;
  w->fill[bucket] = f->pool + (size_t)nb * BLOCK + 1;
}

/* append rank r to its bucket; fill is w->fill, kept in a register by the
** callers (a new block changes its entries, never the array) */
static inline void push(worker *w, uint32_t **fill, uint64_t r) {
  uint64_t bucket = r >> SLICE_BITS;
  uint32_t *p = fill[bucket];
  if (((uintptr_t)p & (BLOCK_ALIGN - 1)) == 0) {
    new_block(w, bucket);
    if (w->failed) return;
    p = fill[bucket];
  }
  *p = (uint32_t)(r & (((uint64_t)1 << SLICE_BITS) - 1));
  fill[bucket] = p + 1;
}

static void open_blocks(worker *w) {
  uint64_t i;
  for (i = 0; i < w->f->nbucket; i++) {
    w->head[i] = w->cur[i] = NOBLOCK;
    w->fill[i] = NULL;
  }
}

/* write back the fill counts of the partly filled blocks */
static void close_blocks(worker *w) {
  pn_fullbfs *f = w->f;
  uint64_t i;
  for (i = 0; i < f->nbucket; i++)
    if (w->cur[i] != NOBLOCK)
      f->blk_count[w->cur[i]] =
        (uint32_t)(w->fill[i] - (f->pool + (size_t)w->cur[i] * BLOCK + 1));
}

/* }==================================================================== */


/* {====================================================================
** Successors of one state
** ===================================================================== */

/* the prefix sums over the coins p_0 < p_1 < ... of u
**   Q[m] = sum_{l<m} C(p_l, l+2) - C(p_l, l+1)
** (expand_mask makes the other ones, P, with the coins' positions) */
static inline void prefix_q(const bbspace *s, bb_t u, uint64_t *Q) {
  int k = 0;
  Q[0] = 0;
  while (u) {
    int p = __builtin_ctzll(u);
    u &= u - 1;
    Q[k + 1] = Q[k] + s->dbin[p][k + 1];
    k++;
  }
}

/*
** Direct expansion of an unlabelled state of rank r.  Moving the coin at
** index a (cell c) to a free cell t with b coins below it:
**   t > c (the coins between shift down one index):
**     r' = (r - C(c,a+1) + P[a+1]) + (C(t,b) - P[b])
**   t < c (they shift up one index):
**     r' = (r - C(c,a+1) + Q[a]) + (C(t,b+1) - Q[b])
** The first bracket depends on the coin only, the second on the target
** only: both are tabulated once, and a successor costs one add.
** (Unsigned arithmetic wraps; the sums are exact modulo 2^64.)  The set K
** of the other coins (k-1 of them; the coins above c drop one index) has
** the rank
**   rank(K) = r - C(c,a+1) + P[a+1] - P[k]
** in the space of k-1 coins: its bit in kever decides whether coin a's
** moves are yielded (note 2).
*/
static void expand_mask(worker *w, bb_t u, uint64_t r) {
  const bbspace *s = w->f->s;
  uint64_t *kever = w->f->klift;
  uint32_t **fill = w->fill;
  bbtargets t;
  int pos[BB_MAXCELL], k, a;
  uint64_t P[BB_MAXCELL + 1], Q[BB_MAXCELL + 1], L[BB_MAXCELL];
  uint64_t todo, r0;
  int qdone;
  bb_t v = u;
  /* P[m] = sum_{l<m} C(p_l, l+1) - C(p_l, l), the positions p_a in pos,
  ** and L[a] = P[a+1] - C(p_a, a+1) =
  ** P[a] - C(p_a, a): coin a's successors above it start at r + L[a], and
  ** its set at r - P[k] + L[a] */
  k = 0;
  P[0] = 0;
  while (v) {
    int p = __builtin_ctzll(v);
    v &= v - 1;
    pos[k] = p;
    L[k] = P[k] - s->binom[p][k];
    P[k + 1] = P[k] + s->dbin[p][k];
    k++;
  }
  r0 = r - P[k];
  todo = k < 64 ? ((uint64_t)1 << k) - 1 : ~(uint64_t)0;
  if (kever) {
    /* the words of the k sets first, without a branch (most are lifted
    ** already: the loads overlap), then the atomic or for the others */
    /* in a window (note 9), the sets outside it wait for its pass */
    uint64_t rks[BB_MAXCELL], clear = 0, klo = w->f->klo, kn = w->f->kn;
    for (a = 0; a < k; a++) {
      uint64_t rk = r0 + L[a] - klo, in = rk < kn;
#ifdef PN_CHECK_RANK
      {
        bb_t m = u ^ ((bb_t)1 << pos[a]);
        uint64_t x = 0;
        int i = 0;
        for (; m; m &= m - 1) x += s->binom[__builtin_ctzll(m)][++i];
        if (rk + klo != x) abort();
      }
#endif
      rk = in ? rk : 0;
      rks[a] = rk;
      clear |= (in & ~(__atomic_load_n(kever + (rk >> 6), __ATOMIC_RELAXED)
                       >> (rk & 63))) << a;
    }
    todo = clear;
    for (; clear; clear &= clear - 1) {
      uint64_t rk = rks[__builtin_ctzll(clear)];
      uint64_t bit = (uint64_t)1 << (rk & 63);
      if (__atomic_fetch_or(kever + (rk >> 6), bit, __ATOMIC_RELAXED) & bit)
        todo &= ~(clear & -clear);
    }
    if (!todo) return;
  }
  /* the targets after the sets: most states of a layer have all their
  ** sets lifted already */
  bb_targets(s, u, &t);
  if (!t.td) return;
  /* Q only when a coin moves down; each target's bracket at its push
  ** (a state yields the moves of one or two of its coins on average) */
  qdone = 0;
  for (; todo; todo &= todo - 1) {
    int c;
    a = __builtin_ctzll(todo);
    c = pos[a];
    bb_t dst = bb_dest(s, &t, c), below = ((bb_t)1 << c) - 1;
    bb_t hi = dst & ~below & ~((bb_t)1 << c), lo = dst & below;
    uint64_t xc = r + L[a], zc;
    for (; hi; hi &= hi - 1) {
      int tt = __builtin_ctzll(hi);
      int b = __builtin_popcountll(u & (((bb_t)1 << tt) - 1));
      uint64_t x = xc + s->binom[tt][b] - P[b];
#ifdef PN_CHECK_RANK
      if (x != bb_rank_mask(s, u ^ ((bb_t)1 << c) ^ (hi & -hi))) abort();
#endif
      push(w, fill, x);
    }
    if (!lo) continue;
    if (!qdone) { prefix_q(s, u, Q); qdone = 1; }
    zc = r - s->binom[c][a + 1] + Q[a];
    for (; lo; lo &= lo - 1) {
      int tt = __builtin_ctzll(lo);
      int b = __builtin_popcountll(u & (((bb_t)1 << tt) - 1));
      uint64_t x = zc + s->binom[tt][b + 1] - Q[b];
#ifdef PN_CHECK_RANK
      if (x != bb_rank_mask(s, u ^ ((bb_t)1 << c) ^ (lo & -lo))) abort();
#endif
      push(w, fill, x);
    }
  }
}

/* direct expansion of a labelled state (ranks computed in full) */
static void expand_state(worker *w, const bbstate *st) {
  const bbspace *s = w->f->s;
  bb_t u = bb_union(s, st);
  bbtargets t;
  int k;
  bb_targets(s, u, &t);
  for (k = 0; k < s->nclass; k++) {
    bb_t rest = st->m[k];
    while (rest) {
      int c = __builtin_ctzll(rest);
      bb_t dst = bb_dest(s, &t, c);
      rest &= rest - 1;
      while (dst) {
        bb_t low = dst & -dst;
        bbstate nx = *st;
        dst ^= low;
        nx.m[k] ^= ((bb_t)1 << c) | low;
        push(w, w->fill, bb_rank(s, &nx));
      }
    }
  }
}

/* }==================================================================== */


/* {====================================================================
** Scanning chunks of ranks
** ===================================================================== */

/* the next mask with the same number of bits (Gosper) */
static inline bb_t next_comb(bb_t x) {
  bb_t c = x & -x, r = x + c;
  return (((r ^ x) >> 2) >> __builtin_ctzll(c)) | r;
}

/*
** The mask of rank q + g among ncoin coins, knowing the mask of rank q
** (g > 0).  With coins p_1 < p_2 < ... the colex rank is the sum of
** C(p_i, i), and the coins 1..i hold the rank R_i = sum_{l<=i} C(p_l, l)
** among the C(p_{i+1}, i) sets of i cells below p_{i+1}.  So a gap g
** changes only the coins 1..i for the first i with R_i + g < C(p_{i+1}, i):
** they become the set of rank R_i + g below p_{i+1}, whose top coin is
** not below p_i.  Near ranks change a coin or two at the bottom, where a
** walk from the top would place every coin again.  The break always comes
** by i = ncoin, as q + g < C(ncell, ncoin).
*/
static bb_t unrank_from(const bbspace *s, int ncoin, uint64_t g, bb_t mask) {
  bb_t rest = mask;
  uint64_t v = 0;
  int i, p = 0;
  for (i = 1; i <= ncoin; i++) {
    p = __builtin_ctzll(rest);
    rest &= rest - 1;
    v += s->binom[p][i];
    if (v + g < (rest ? s->binom[__builtin_ctzll(rest)][i]
                      : s->binom[s->ncell][i])) break;
  }
  v += g;
  /* the coins i, ..., 2 by search; coin 1 sits at cell v, as C(p, 1) = p
  ** (fewer unpredictable loop exits) */
  if (i == 1) return rest | (bb_t)1 << v;
  while (s->binom[p + 1][i] <= v) p++;
  for (;;) {
    rest |= (bb_t)1 << p;
    v -= s->binom[p][i];
    if (--i == 1) return rest | (bb_t)1 << v;
    do p--; while (s->binom[p][i] > v);
  }
}

/* a cursor over increasing ranks of one space: the mask of each rank,
** by Gosper steps for near ranks and incremental unranks for far ones.
** How near: a step costs about 7 instructions, an incremental unrank about
** 100; the total falls as the gap grows up to about 12 and stays flat */
#define GOSPER_GAP 12
typedef struct cursor {
  const bbspace *s;
  int ncoin;
  uint64_t last;
  bb_t mask;
} cursor;

/* a cursor over the masks of ncoin coins */
static void cursor_init(cursor *cu, const bbspace *s, int ncoin) {
  cu->s = s;
  cu->ncoin = ncoin;
  cu->last = UINT64_MAX;
  cu->mask = 0;
}

static bb_t cursor_at(cursor *cu, uint64_t q) {
  if (cu->last != UINT64_MAX && q > cu->last && q - cu->last <= GOSPER_GAP) {
    while (cu->last < q) { cu->mask = next_comb(cu->mask); cu->last++; }
  } else if (cu->last != UINT64_MAX && q > cu->last) {
    cu->mask = unrank_from(cu->s, cu->ncoin, q - cu->last, cu->mask);
    cu->last = q;
  } else {
    /* a first unrank: colex from the top */
    uint64_t r = q;
    int p = cu->s->ncell - 1, i;
    cu->mask = 0;
    for (i = cu->ncoin; i >= 1; i--) {
      while (cu->s->binom[p][i] > r) p--;
      cu->mask |= (bb_t)1 << p;
      r -= cu->s->binom[p][i];
      p--;
    }
    cu->last = q;
  }
  return cu->mask;
}

/* a state of the layer met by a scan: labelled states are unranked in
** full, unlabelled ones by the cursor */
static void expand_hit(worker *w, cursor *cu, uint64_t r) {
  if (w->f->s->nclass > 1) {
    bbstate st;
    bb_unrank(w->f->s, r, &st);
    expand_state(w, &st);
  } else {
    bb_t u = cursor_at(cu, r);
#ifdef PN_CHECK_RANK
    if (bb_rank_mask(w->f->s, u) != r) abort();
#endif
    expand_mask(w, u, r);
  }
}

/* the 32 bits at the even places of z, packed */
static inline uint64_t even_bits(uint64_t z) {
#ifdef __BMI2__
  return _pext_u64(z, 0x5555555555555555ULL);
#else
  z &= 0x5555555555555555ULL;
  z = (z | (z >> 1)) & 0x3333333333333333ULL;
  z = (z | (z >> 2)) & 0x0F0F0F0F0F0F0F0FULL;
  z = (z | (z >> 4)) & 0x00FF00FF00FF00FFULL;
  z = (z | (z >> 8)) & 0x0000FFFF0000FFFFULL;
  return (z | (z >> 16)) & 0x00000000FFFFFFFFULL;
#endif
}

/* lean: the 32 ranks of a word of mod3 holding want, as a bit mask */
static inline uint64_t mod3_match(uint64_t word, uint64_t want) {
  uint64_t x = word ^ (0x5555555555555555ULL * want);
  return even_bits(~(x | (x >> 1)));
}

/* the 32 bits of z spread to the even places (the inverse of even_bits) */
static inline uint64_t spread_bits(uint64_t z) {
#ifdef __BMI2__
  return _pdep_u64(z, 0x5555555555555555ULL);
#else
  z &= 0x00000000FFFFFFFFULL;
  z = (z | (z << 16)) & 0x0000FFFF0000FFFFULL;
  z = (z | (z << 8)) & 0x00FF00FF00FF00FFULL;
  z = (z | (z << 4)) & 0x0F0F0F0F0F0F0F0FULL;
  z = (z | (z << 2)) & 0x3333333333333333ULL;
  return (z | (z << 1)) & 0x5555555555555555ULL;
#endif
}

/* lean and two: the states of the layer among the 64 ranks of bitmap word
** wi, marked expanded (lean: in expd; two: code want -> 1, by xor with
** want ^ 1 at each of them) */
static inline uint64_t lean_layer_word(pn_fullbfs *f, uint64_t wi,
                                       uint64_t want) {
  uint64_t lo = mod3_match(f->mod3[2 * wi], want);
  uint64_t hi = mod3_match(f->mod3[2 * wi + 1], want);
  uint64_t m = lo | hi << 32;
  if (f->two) {                 /* no write, no dirty line: most are 0 */
    if (lo) f->mod3[2 * wi] ^= spread_bits(lo) * (want ^ 1);
    if (hi) f->mod3[2 * wi + 1] ^= spread_bits(hi) * (want ^ 1);
    return m;
  }
  if (!f->use_expd) return m;   /* older states too (note 7) */
  m &= ~f->expd[wi];
  if (m) f->expd[wi] |= m;      /* no write, no dirty line: most are 0 */
  return m;
}

/* the code of the layer at depth d in mod3 */
static inline uint64_t layer_code(const pn_fullbfs *f, int d) {
  return (uint64_t)(f->two ? 2 + d % 2 : d % 3 + 1);
}

/* the touch map of the layer being scanned (see 5. above) */
static uint64_t *layer_touch(const pn_fullbfs *f) {
  return f->touch[f->cur_depth & 1];
}

/* a dense scan walks every rank of [lo, hi): it clears their touch words */
static void clear_touch(const pn_fullbfs *f, uint64_t lo, uint64_t hi) {
  uint64_t *tw = layer_touch(f);
  memset(tw + (lo >> 12), 0, (size_t)(((hi + 4095) >> 12) - (lo >> 12)) * 8);
}

/* flag the word of 64 ranks holding rank r in touch map tw */
static inline void touch_set(uint64_t *tw, uint64_t r) {
  tw[r >> 12] |= (uint64_t)1 << (r >> 6 & 63);
}

/* the words of 64 ranks of [lo, hi) flagged in the layer's touch map,
** cleared as they are read */
typedef struct touched {
  uint64_t *tw, ti, end, bits;
} touched;

static void touched_start(touched *it, uint64_t *tw, uint64_t lo,
                          uint64_t hi) {
  it->tw = tw;
  it->ti = lo >> 12;
  it->end = (hi + 4095) >> 12;
  it->bits = 0;
}

/* the next such word, UINT64_MAX when there is none */
static inline uint64_t touched_next(touched *it) {
  uint64_t wi;
  while (!it->bits) {
    if (it->ti >= it->end) return UINT64_MAX;
    it->bits = it->tw[it->ti];
    if (it->bits) it->tw[it->ti] = 0;
    it->ti++;
  }
  wi = ((it->ti - 1) << 6) + (uint64_t)__builtin_ctzll(it->bits);
  it->bits &= it->bits - 1;
  return wi;
}

/* lean: the states of the layer among the 64 ranks of word wi */
static void scan_word_lean(worker *w, cursor *cu, uint64_t wi, uint64_t want) {
  uint64_t m = lean_layer_word(w->f, wi, want);
  while (m) {
    uint64_t r = (wi << 6) + (uint64_t)__builtin_ctzll(m);
    m &= m - 1;
    expand_hit(w, cu, r);
  }
}

/* lean: the states of the layer in ranks [lo, hi) (lo is a multiple of
** 64, and each word of expd belongs to one chunk) */
static void scan_layer_lean(worker *w, uint64_t lo, uint64_t hi) {
  pn_fullbfs *f = w->f;
  uint64_t want = layer_code(f, f->cur_depth), wi;
  cursor cu;
  touched it;
  cursor_init(&cu, f->s, f->s->ncoin);
  if (f->dense) {
    /* every word (the ranks >= hi are not reached: no bits past hi) */
    clear_touch(f, lo, hi);
    for (wi = lo >> 6; wi << 6 < hi; wi++)
      scan_word_lean(w, &cu, wi, want);
    return;
  }
  touched_start(&it, layer_touch(f), lo, hi);
  while ((wi = touched_next(&it)) != UINT64_MAX)
    scan_word_lean(w, &cu, wi, want);
}

/* bytes: the states of the layer in ranks [r, end), read eight at a time
** where aligned */
static void scan_bytes(worker *w, cursor *cu, uint64_t r, uint64_t end) {
  const uint8_t *dep = w->f->depth;
  uint8_t want = (uint8_t)(w->f->val - 1);
  uint64_t pattern = 0x0101010101010101ULL * want;
  for (; r < end; r++) {
    if ((r & 7) == 0 && r + 8 <= end) {
      uint64_t x = *(const uint64_t *)(dep + r) ^ pattern;
      /* no zero byte in x: no state of the layer among these 8 (the test
      ** may flag a byte next to a hit; each byte is checked below) */
      if (!((x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL)) {
        r += 7;
        continue;
      }
    }
    if (dep[r] == want) expand_hit(w, cu, r);
  }
}

/* the states of the layer in ranks [lo, hi) (lo is a multiple of 64): a
** dense layer reads every rank, a sparse one the words flagged in its
** touch map; the hits are found by the cursor */
static void scan_layer(worker *w, uint64_t lo, uint64_t hi) {
  pn_fullbfs *f = w->f;
  uint64_t wi;
  cursor cu;
  touched it;
  if (f->lean) { scan_layer_lean(w, lo, hi); return; }
  cursor_init(&cu, f->s, f->s->ncoin);
  if (f->dense) {
    clear_touch(f, lo, hi);
    scan_bytes(w, &cu, lo, hi);
    return;
  }
  touched_start(&it, layer_touch(f), lo, hi);
  while ((wi = touched_next(&it)) != UINT64_MAX)
    scan_bytes(w, &cu, wi << 6, (wi << 6) + 64 < hi ? (wi << 6) + 64 : hi);
}

/* }==================================================================== */


/* {====================================================================
** Windows of the lifted sets (note 9)
** ===================================================================== */

/* a range of ranks of a window's pass: the states with top coins T > U
** (cells t, u) of ranks [lo, hi) whose pair (T, U) is in the window
** (u < 0: their lifts are tested in full), or is not and only U and T
** may lift into it */
typedef struct pn_krange {
  uint64_t lo, hi;
  int t, u;
} krange;

/* the index of pair (m, t) */
static uint64_t pair_index(const pn_fullbfs *f, int m, int t) {
  return f->pairbase[m] + (uint64_t)(t - (f->s->ncoin - 3));
}

static int in_window(const pn_fullbfs *f, int j, int m, int t) {
  uint64_t i = pair_index(f, m, t);
  return i >= f->wedge[j] && i < f->wedge[j + 1];
}

/* the pairs (m, t) of top and second cells of the sets of k - 1 coins, in
** colex order: pair (m, t) holds the K ranks C(m, k-1) + [C(t, k-2),
** C(t+1, k-2)), right after the pair before it.  Windows are runs of
** pairs of at most maxbits sets (a pair alone may hold more); returns the
** bytes of the largest, 0 when out of memory */
static size_t plan_windows(pn_fullbfs *f, uint64_t maxbits) {
  const bbspace *s = f->s;
  int n = s->ncell, k = s->ncoin, m, t;
  uint64_t np = 0, i, start = 0, big = 0, most = 0;
  size_t nw = 0;
  f->pairbase = malloc(((size_t)n + 1) * sizeof *f->pairbase);
  if (!f->pairbase) return 0;
  for (m = 0; m <= n; m++) {
    f->pairbase[m] = np;
    if (m >= k - 2 && m < n) np += (uint64_t)(m - (k - 3));
  }
  f->pairlo = malloc((np + 1) * sizeof *f->pairlo);
  f->wedge = malloc((np + 1) * sizeof *f->wedge);
  f->wstored = calloc(np + 1, 1);
  if (!f->pairlo || !f->wedge || !f->wstored) return 0;
  for (i = 0, m = k - 2; m < n; m++)
    for (t = k - 3; t < m; t++, i++)
      f->pairlo[i] = s->binom[m][k - 1] + s->binom[t][k - 2];
  f->pairlo[np] = s->binom[n][k - 1];
  f->wedge[0] = 0;
  for (i = 0; i < np; i++)
    if (i > start && f->pairlo[i + 1] - f->pairlo[start] > maxbits)
      f->wedge[++nw] = start = i;
  f->wedge[++nw] = np;
  f->nwin = (int)nw;
  /* the ranges of a window's pass: each pair gives at most n - t - 1 */
  for (i = 0; i < nw; i++) {
    uint64_t nr = 0, bits = f->pairlo[f->wedge[i + 1]] - f->pairlo[f->wedge[i]];
    for (m = k - 2; m < n; m++)
      for (t = k - 3; t < m; t++)
        if (in_window(f, (int)i, m, t)) nr += (uint64_t)(n - t - 1);
    if (bits > big) big = bits;
    if (nr > most) most = nr;
  }
  f->rcap = (size_t)most;
  f->ranges = malloc(f->rcap * sizeof *f->ranges);
  f->rfirst = malloc((f->rcap + 1) * sizeof *f->rfirst);
  if (!f->ranges || !f->rfirst) return 0;
  return (size_t)((big + 63) >> 6) * 8;
}

static void add_range(pn_fullbfs *f, uint64_t lo, uint64_t hi, int t, int u) {
  krange *r = &f->ranges[f->nrange];
  if (lo >= hi) return;
  r->lo = lo;
  r->hi = hi;
  r->t = t;
  r->u = u;
  f->nrange++;
}

static int range_cmp(const void *a, const void *b) {
  uint64_t x = ((const krange *)a)->lo, y = ((const krange *)b)->lo;
  return (x > y) - (x < y);
}

/* the ranks of the states with a set in window j, for coins
** p_1 < ... < p_k, T = p_k, U = p_{k-1}, V = p_{k-2}: a coin below U lifted
** leaves top T and second U, U lifted leaves T and V, T lifted leaves U
** and V.  So pair (m, t) takes the states with (T, U) = (m, t), with
** (T, V) = (m, t), and with (U, V) = (m, t), T > m: each state once, by
** the first of its pairs (T, U), (T, V), (U, V) in the window.  The
** ranges, disjoint, sorted and cut into pieces of at most CHUNK ranks */
static void window_ranges(pn_fullbfs *f, int j) {
  const bbspace *s = f->s;
  int n = s->ncell, k = s->ncoin, m, t;
  size_t a;
  f->nrange = 0;
  for (m = k - 2; m < n; m++)
    for (t = k - 3; t < m; t++) {
      uint64_t top = s->binom[m][k], lo = s->binom[t][k - 2];
      uint64_t hi = s->binom[t + 1][k - 2];
      int x;
      if (!in_window(f, j, m, t)) continue;
      add_range(f, top + s->binom[t][k - 1], top + s->binom[t + 1][k - 1],
                m, -1);
      for (x = t + 1; x < m; x++)                       /* U = x, V = t */
        if (!in_window(f, j, m, x))
          add_range(f, top + s->binom[x][k - 1] + lo,
                    top + s->binom[x][k - 1] + hi, m, x);
      for (x = m + 1; x < n; x++)                /* T = x, U = m, V = t */
        if (!in_window(f, j, x, m) && !in_window(f, j, x, t))
          add_range(f, s->binom[x][k] + s->binom[m][k - 1] + lo,
                    s->binom[x][k] + s->binom[m][k - 1] + hi, x, m);
    }
  qsort(f->ranges, f->nrange, sizeof *f->ranges, range_cmp);
  f->rfirst[0] = 0;
  for (a = 0; a < f->nrange; a++)
    f->rfirst[a + 1] = f->rfirst[a]
                     + (f->ranges[a].hi - f->ranges[a].lo + CHUNK - 1) / CHUNK;
}

/* piece c of the pass: ranks [*lo, *hi) of range *ri */
static void window_piece(const pn_fullbfs *f, uint64_t c, uint64_t *lo,
                         uint64_t *hi, size_t *ri) {
  size_t a = 0, b = f->nrange;
  while (b - a > 1) {                 /* the last range starting at or
                                      ** before piece c */
    size_t mid = (a + b) / 2;
    if (f->rfirst[mid] <= c) a = mid; else b = mid;
  }
  *ri = a;
  *lo = f->ranges[a].lo + (c - f->rfirst[a]) * CHUNK;
  *hi = *lo + CHUNK < f->ranges[a].hi ? *lo + CHUNK : f->ranges[a].hi;
}

/* the bytes of window j in memory, and where it waits in the file */
static size_t window_bytes(const pn_fullbfs *f, int j) {
  return (size_t)((f->pairlo[f->wedge[j + 1]] - f->pairlo[f->wedge[j]] + 63)
                  >> 6) * 8;
}

static int window_io(pn_fullbfs *f, int j, int wr) {
  char *p = (char *)f->kever;
  size_t n = window_bytes(f, j);
  off_t at = (off_t)j * (off_t)f->kever_bytes;
  while (n) {
    ssize_t got = wr ? pwrite(f->fd, p, n, at) : pread(f->fd, p, n, at);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return got < 0 ? errno : EIO;
    p += got;
    n -= (size_t)got;
    at += got;
  }
  return 0;
}

/* window j in memory (a window never written holds no set yet) */
static int window_load(pn_fullbfs *f, int j) {
  f->win = j;
  f->klo = f->pairlo[f->wedge[j]];
  f->kn = f->pairlo[f->wedge[j + 1]] - f->klo;
  window_ranges(f, j);
  if (!f->wstored[j]) {
    memset(f->kever, 0, window_bytes(f, j));
    return 0;
  }
  return window_io(f, j, 0);
}

static int window_store(pn_fullbfs *f, int j) {
  f->wstored[j] = 1;
  return window_io(f, j, 1);
}

/* is the set of K rank x (in the window: x - klo < kn) not lifted yet? */
static inline int fresh_set(const pn_fullbfs *f, uint64_t x) {
  x -= f->klo;
  return x < f->kn && !(__atomic_load_n(f->kever + (x >> 6), __ATOMIC_RELAXED)
                        >> (x & 63) & 1);
}

/* a piece [lo, hi) of range ri of a window's pass (two bits): the states
** of the layer are expanded, not marked, for the passes of the other
** windows read them too; the sweep marks them at the end of the layer.  In
** a range whose pair (T, U) is not in the window, only U and T may lift
** into it: their sets' ranks come from the state's rank, and the state is
** unranked only when one of them is new */
static void scan_piece(worker *w, uint64_t lo, uint64_t hi, size_t ri) {
  pn_fullbfs *f = w->f;
  const bbspace *s = f->s;
  const krange *rg = &f->ranges[ri];
  uint64_t want = layer_code(f, f->cur_depth), wi, wend = (hi + 63) >> 6;
  uint64_t lt = 0, lu = 0;
  const uint64_t *tw = layer_touch(f);
  int k = s->ncoin;
  cursor cu;
  cursor_init(&cu, s, k);
  if (rg->u >= 0) {
    /* T lifted: rank r - C(T, k); U lifted: that - C(U, k-1) + C(T, k-1) */
    lt = s->binom[rg->t][k];
    lu = lt + s->binom[rg->u][k - 1] - s->binom[rg->t][k - 1];
  }
  for (wi = lo >> 6; wi < wend; wi++) {
    uint64_t m;
    if (!f->dense) {                  /* the words flagged (note 5) */
      uint64_t bits = tw[wi >> 6];
      if (!bits) { wi |= 63; continue; }
      if (!(bits >> (wi & 63) & 1)) continue;
    }
    m = mod3_match(f->mod3[2 * wi], want)
      | mod3_match(f->mod3[2 * wi + 1], want) << 32;
    if (wi == lo >> 6) m &= ~(uint64_t)0 << (lo & 63);
    if (wi == wend - 1 && (hi & 63)) m &= ((uint64_t)1 << (hi & 63)) - 1;
    while (m) {
      uint64_t r = (wi << 6) + (uint64_t)__builtin_ctzll(m);
      m &= m - 1;
      if (rg->u < 0 || fresh_set(f, r - lt) || fresh_set(f, r - lu))
        expand_hit(w, &cu, r);
    }
  }
}

/* after the passes of a layer: its states are marked expanded (code 1),
** and its touch map cleared */
static void sweep_layer(pn_fullbfs *f) {
  uint64_t want = layer_code(f, f->cur_depth), wi;
  uint64_t nw = (f->s->size + 63) >> 6;
  touched it;
  if (f->dense) {
    for (wi = 0; wi < nw; wi++) lean_layer_word(f, wi, want);
    clear_touch(f, 0, f->s->size);
    return;
  }
  touched_start(&it, layer_touch(f), 0, f->s->size);
  while ((wi = touched_next(&it)) != UINT64_MAX) lean_layer_word(f, wi, want);
}

/* }==================================================================== */


/* {====================================================================
** Phases
** ===================================================================== */

static uint64_t nbuckets(uint64_t size) {
  return (size + ((uint64_t)1 << SLICE_BITS) - 1) >> SLICE_BITS;
}

/* how many blocks one chunk may need at worst, per thread */
static uint64_t headroom(const bbspace *s) {
  uint64_t maxsucc = (uint64_t)s->ncoin * (uint64_t)(s->ncell - s->ncoin);
  return nbuckets(s->size) + (CHUNK * maxsucc) / BLOCK_USE + 2;
}

static int check_stop(pn_fullbfs *f) {
  int stop;
  if (__atomic_load_n(&f->stop, __ATOMIC_RELAXED)) return 1;
  if ((stop = pn_poll(&f->lim, f->t0)) != PN_OK) {
    __atomic_store_n(&f->stop, stop, __ATOMIC_RELAXED);
    return 1;
  }
  return 0;
}

/* chunks claimed at once in a sparse layer, whose empty chunks cost one
** look at the touch map instead of an atomic add on a line both threads
** write (a small search's layers are mostly empty chunks) */
#define CLAIM 64

/* chunks per bucket */
#define BUCKET_CHUNKS ((uint64_t)1 << (SLICE_BITS - 14))

/* the chunks this process scans: all of them, or its buckets' */
static uint64_t nchunks(const pn_fullbfs *f) {
  if (f->win >= 0) return f->rfirst[f->nrange];   /* a window's pieces */
  return f->net ? f->nmine * BUCKET_CHUNKS
                : (f->s->size + CHUNK - 1) / CHUNK;
}

static void expand_phase(worker *w) {
  pn_fullbfs *f = w->f;
  uint64_t room = headroom(f->s) * (uint64_t)f->threads;
  uint64_t size = f->s->size, nchunk = nchunks(f);
  uint64_t claim = f->dense ? 1 : CLAIM;
  const uint64_t *tw = layer_touch(f);
  open_blocks(w);
  for (;;) {
    uint64_t c, lo, hi;
    size_t ri = 0;
    if (w->next >= w->end) {
      c = __atomic_fetch_add(&f->next_chunk, claim, __ATOMIC_RELAXED);
      if (c >= nchunk) break;
      w->next = c;
      w->end = c + claim < nchunk ? c + claim : nchunk;
    }
    c = w->next;
    if (f->win >= 0) {
      window_piece(f, c, &lo, &hi, &ri);  /* a window's pass (note 9) */
    } else {
      if (f->net) {
        /* the process's chunk c: of its bucket c / BUCKET_CHUNKS */
        c = mine(f, c / BUCKET_CHUNKS) * BUCKET_CHUNKS + c % BUCKET_CHUNKS;
        if (c * CHUNK >= size) { w->next++; continue; }
      }
      /* a chunk covers 4 words of the touch map (note 5) */
      if (!f->dense && !(tw[4 * c] | tw[4 * c + 1] | tw[4 * c + 2]
                         | tw[4 * c + 3])) {
        w->next++;
        continue;
      }
      lo = c * CHUNK;
      hi = lo + CHUNK < size ? lo + CHUNK : size;
    }
    if (__atomic_load_n(&f->pool_used, __ATOMIC_RELAXED) + room
        > f->pool_blocks) break;
    if (check_stop(f)) break;
    w->next++;
    if (f->win >= 0) scan_piece(w, lo, hi, ri);
    else scan_layer(w, lo, hi);
  }
  close_blocks(w);
}

/* lean: the offsets e[0..n) not reached yet get the residue v2 and are
** listed in newlist; returns how many.  A first pass only reads: most
** offsets are reached already, and writing their words back would dirty
** every line of the slice that an offset falls in, to be written back to
** memory.  The second pass takes the candidates (an offset may come twice)
** and writes. */
static uint32_t apply_lean(uint64_t *restrict c2, const uint32_t *restrict e,
                           uint32_t n, uint32_t *restrict newlist,
                           uint64_t v2) {
  uint32_t i, ncand = 0, nnew = 0;
  for (i = 0; i < n; i++) {
    uint32_t off = e[i];
    uint64_t x;
    if (i + PF < n) __builtin_prefetch(c2 + (e[i + PF] >> 5));
    x = c2[off >> 5];
    newlist[ncand] = off;
    ncand += (uint32_t)(((x >> ((off & 31) * 2)) & 3) == 0);
  }
  for (i = 0; i < ncand; i++) {
    uint32_t off = newlist[i];
    uint64_t *wd = c2 + (off >> 5), x = *wd;
    unsigned sh = (off & 31) * 2;
    uint64_t fresh = ((x >> sh) & 3) == 0;
    newlist[nnew] = off;
    nnew += (uint32_t)fresh;
    *wd = x | (fresh * v2) << sh;
  }
  return nnew;
}

/* the offsets e[0..n) whose bit is clear get it, and are listed in
** newlist; returns how many.  Two passes as in apply_lean: the first
** only reads (and prefetches), the second writes */
static uint32_t mark_bits(uint64_t *restrict bits, const uint32_t *restrict e,
                          uint32_t n, uint32_t *restrict newlist) {
  uint32_t i, ncand = 0, nnew = 0;
  for (i = 0; i < n; i++) {
    uint32_t off = e[i];
    if (i + PF < n) __builtin_prefetch(bits + (e[i + PF] >> 6));
    newlist[ncand] = off;
    ncand += (uint32_t)!(bits[off >> 6] >> (off & 63) & 1);
  }
  for (i = 0; i < ncand; i++) {
    uint32_t off = newlist[i];
    uint64_t bit = (uint64_t)1 << (off & 63), *wd = bits + (off >> 6);
    newlist[nnew] = off;
    nnew += (*wd & bit) == 0;         /* no branch: unpredictable */
    *wd |= bit;
  }
  return nnew;
}

/* the offsets e[0..n) (n <= BLOCK) of one bucket recorded: those not
** reached yet are the layer's, their words flagged in tw */
HOT void apply_list(worker *w, uint64_t base, uint64_t *bits, uint64_t *c2,
                    uint8_t *dep, uint8_t val, uint64_t v2, uint64_t *tw,
                    const uint32_t *e, uint32_t n) {
  uint32_t i, nnew;
  if (c2) {
    nnew = apply_lean(c2, e, n, w->newlist, v2);
  } else {
    nnew = mark_bits(bits, e, n, w->newlist);
    for (i = 0; i < nnew; i++) dep[w->newlist[i]] = val;
  }
  for (i = 0; i < nnew; i++) {
    uint32_t off = w->newlist[i];
    touch_set(tw, off);
    if (base + off < w->first) w->first = base + off;
  }
  w->found += nnew;
}

/* record the offsets of one bucket: new states get the layer's depth; in
** the lift stage, K's are marked.  Shared by processes, the offsets the
** others sent for it too (in pieces of at most BLOCK: newlist's size) */
static void apply_bucket(worker *w, uint64_t bucket) {
  pn_fullbfs *f = w->f;
  int t;
  uint64_t base = bucket << SLICE_BITS;
  uint64_t *bits = f->lean ? NULL : f->seen + (bucket << (SLICE_BITS - 6));
  uint64_t *c2 = f->lean ? f->mod3 + (bucket << (SLICE_BITS - 5)) : NULL;
  uint8_t *dep = f->lean ? NULL : f->depth + base;
  uint8_t val = f->val;
  uint64_t v2 = layer_code(f, f->cur_depth + 1);
  uint64_t *tw = f->touch[(f->cur_depth + 1) & 1]
               + (bucket << (SLICE_BITS - 12));
  for (t = 0; t < f->threads; t++) {
    uint32_t b;
    for (b = f->workers[t].head[bucket]; b != NOBLOCK; b = f->blk_next[b])
      apply_list(w, base, bits, c2, dep, val, v2, tw,
                 f->pool + (size_t)b * BLOCK + 1, f->blk_count[b]);
  }
  if (f->net) {
    uint32_t sg;
    for (sg = f->rhead[mine_index(f, bucket)]; sg != NOBLOCK;
         sg = f->rnext[sg]) {
      const uint32_t *e = f->recv + f->rat[sg];
      uint32_t n = f->rlen[sg];
      for (; n > BLOCK; n -= BLOCK, e += BLOCK)
        apply_list(w, base, bits, c2, dep, val, v2, tw, e, BLOCK);
      apply_list(w, base, bits, c2, dep, val, v2, tw, e, n);
    }
  }
}

static void apply_phase(worker *w) {
  pn_fullbfs *f = w->f;
  uint64_t n = f->net ? f->nmine : f->nbucket;
  for (;;) {
    uint64_t i = __atomic_fetch_add(&f->next_bucket, 1, __ATOMIC_RELAXED), b;
    if (i >= n) break;
    b = mine(f, i);
    if (b < f->nbucket) apply_bucket(w, b);
  }
}

/* }==================================================================== */


/* {====================================================================
** Control (thread 0, between rounds; the others wait at the barrier)
** ===================================================================== */

/* start the rounds of a layer's expansion */
static void start_job(pn_fullbfs *f) {
  int t;
  f->job = JOB_EXPAND;
  f->next_chunk = 0;
  for (t = 0; t < f->threads; t++) f->workers[t].next = f->workers[t].end = 0;
}

/* read every word of a chunk, not the flagged ones of the touch map, when
** a layer holds more than 1/WALK_DENSITY of the space (the cursor then
** goes from hit to hit) */
#define WALK_DENSITY 32

/* a layer of at most size / 2^TINY_SHIFT states lifts every coin of its
** states, where the windows' passes would read and write the whole bitmap
** for it (note 9) */
#define TINY_SHIFT 12

static void begin_layer(pn_fullbfs *f) {
  uint64_t cur = f->layer[f->cur_depth];
  int e;
  f->val = (uint8_t)(f->cur_depth + 2);
  f->dense = cur > f->s->size / WALK_DENSITY;
  if (f->dense || !f->kever) f->use_expd = 1;
  start_job(f);
  if (!f->nwin) return;
  if (cur <= f->s->size >> TINY_SHIFT) {
    f->win = -1;
    f->klift = NULL;
    return;
  }
  f->klift = f->kever;
  if ((e = window_load(f, 0)) != 0) {
    f->ioerr = e;
    f->stop = PN_EINTERNAL;
    f->job = JOB_EXIT;
  }
}

/* the pass of a window is over: its bitmap goes to the file and the next
** window's pass starts; true when that was the layer's last pass (its
** states are then marked expanded) */
static int next_window(pn_fullbfs *f) {
  int e = window_store(f, f->win);
  if (!e && f->win + 1 < f->nwin) {
    e = window_load(f, f->win + 1);
    if (!e) {
      start_job(f);
      return 0;
    }
  }
  if (e) {
    f->ioerr = e;
    f->stop = PN_EINTERNAL;
    f->job = JOB_EXIT;
    return 0;
  }
  sweep_layer(f);
  f->win = -1;
  return 1;
}

/* lean: the 2 bits of rank r (0 = not reached, else 1 + depth mod 3) */
static inline unsigned mod3_at(const pn_fullbfs *f, uint64_t r) {
  return (unsigned)(f->mod3[r >> 5] >> ((r & 31) * 2) & 3);
}

static int reached(const pn_fullbfs *f, uint64_t r) {
  return f->lean ? mod3_at(f, r) != 0 : f->depth[r] != 0;
}

/* record the distance of the targets reached by layer d; true when the
** search may stop */
static int note_targets(pn_fullbfs *f, int d) {
  size_t k, nleft = 0;
  if (f->net && f->ntargets) {
    /* each target's owner knows; the others learn it */
    uint64_t *got = f->tgot;
    for (k = 0; k < f->ntargets; k++)
      got[k] = f->tdist[k] < 0
               && owner(f, f->targets[k] >> SLICE_BITS) == f->net->rank
               && reached(f, f->targets[k]);
    if (f->net->allreduce(f->net->ud, got, f->ntargets, PN_NET_MAX)
        != PN_OK) {
      f->stop = PN_EINTERNAL;
      return 1;
    }
    for (k = 0; k < f->ntargets; k++)
      if (got[k]) f->tdist[k] = d;
  }
  for (k = 0; k < f->ntargets; k++) {
    if (!f->net && f->tdist[k] < 0 && reached(f, f->targets[k]))
      f->tdist[k] = d;
    if (f->tdist[k] < 0) nleft++;
  }
  return f->stop_when_found && f->ntargets
         && (nleft == 0 || (f->stop_when_found == PN_STOP_ANY
                            && nleft < f->ntargets));
}

static void end_layer(pn_fullbfs *f) {
  uint64_t found = 0, first = UINT64_MAX;
  int t;
  for (t = 0; t < f->threads; t++) {
    found += f->workers[t].found;
    if (f->workers[t].first < first) first = f->workers[t].first;
    f->workers[t].found = 0;
    f->workers[t].first = UINT64_MAX;
  }
  if (f->net && (f->net->allreduce(f->net->ud, &found, 1, PN_NET_SUM)
                 != PN_OK
                 || f->net->allreduce(f->net->ud, &first, 1, PN_NET_MIN)
                 != PN_OK)) {
    f->stop = PN_EINTERNAL;
    f->job = JOB_EXIT;
    return;
  }
  f->complete_depth = f->cur_depth;
  f->expanded += f->layer[f->cur_depth];      /* not w->expanded: note 7 */
  if (found == 0) { f->done = 1; f->job = JOB_EXIT; return; }
  f->layer[f->cur_depth + 1] = found;
  f->reached += found;
  f->first = first;
  f->maxdepth = f->complete_depth = f->cur_depth + 1;
  f->seconds = pn_clock() - f->t0;
  if (f->progress && (!f->net || f->net->rank == 0))
    f->progress(f, f->progress_ud);
  if (note_targets(f, f->cur_depth + 1)) {
    f->job = JOB_EXIT;
    return;
  }
  if (f->maxdepth >= PN_FULLBFS_MAXDEPTH) {
    f->stop = PN_ELIMIT;
    f->toodeep = 1;
    f->job = JOB_EXIT;
    return;
  }
  f->cur_depth++;
  begin_layer(f);
}

/* are chunks of the layer left to this process? */
static int more_chunks(const pn_fullbfs *f) {
  int t;
  if (f->next_chunk < nchunks(f)) return 1;
  for (t = 0; t < f->threads; t++)
    if (f->workers[t].next < f->workers[t].end) return 1; /* claimed, left */
  return 0;
}

static void control(pn_fullbfs *f) {
  int t, more;
  for (t = 0; t < f->threads; t++)
    if (f->workers[t].failed) f->stop = PN_EINTERNAL;   /* lost ranks */
  f->pool_used = 0;
  f->next_bucket = 0;
  more = more_chunks(f);
  if (f->net) {
    /* every process stops, goes on or ends the layer together */
    uint64_t v[2];
    v[0] = (uint64_t)f->stop;
    v[1] = (uint64_t)more;
    if (f->net->allreduce(f->net->ud, v, 2, PN_NET_MAX) != PN_OK)
      v[0] = PN_EINTERNAL;
    f->stop = (int)v[0];
    more = (int)v[1];
  }
  if (f->stop) { f->job = JOB_EXIT; return; }
  if (more) return;                                    /* more rounds */
  if (f->win >= 0 && !next_window(f)) return;          /* more passes */
  end_layer(f);
}

/* a round of every thread: expand, then apply (thread 0 then runs the
** control alone, between rounds); shared by processes, one phase a round */
static void cycle(void *ud) {
  worker *w = ud;
  int phase = w->f->phase;
  if (phase != PHASE_APPLY) expand_phase(w);
  if (phase == PHASE_BOTH) team_sync(&w->f->team);
  if (phase != PHASE_EXPAND) apply_phase(w);
}

/* }==================================================================== */


/* {====================================================================
** Processes (note 8)
** ===================================================================== */

/* the words of worker t's blocks of bucket b, headers included */
static size_t bucket_words(const pn_fullbfs *f, uint64_t b) {
  size_t n = 0;
  int t;
  for (t = 0; t < f->threads; t++) {
    uint32_t k;
    for (k = f->workers[t].head[b]; k != NOBLOCK; k = f->blk_next[k])
      n += 2 + f->blk_count[k];
  }
  return n;
}

/* a segment of the received offsets for owned bucket b */
static int add_segment(pn_fullbfs *f, uint64_t b, size_t at, uint32_t n) {
  uint64_t i = mine_index(f, b);
  if (f->nseg == f->segcap) {
    size_t cap = f->segcap ? 2 * f->segcap : 1024;
    size_t *a = realloc(f->rat, cap * sizeof *a);
    uint32_t *l, *x;
    if (a) f->rat = a;
    l = a ? realloc(f->rlen, cap * sizeof *l) : NULL;
    if (l) f->rlen = l;
    x = l ? realloc(f->rnext, cap * sizeof *x) : NULL;
    if (x) f->rnext = x;
    if (!x) return 0;
    f->segcap = cap;
  }
  f->rat[f->nseg] = at;
  f->rlen[f->nseg] = n;
  f->rnext[f->nseg] = f->rhead[i];
  f->rhead[i] = (uint32_t)f->nseg++;
  return 1;
}

/* after the expand phase: the offsets of the others' buckets go to their
** owners (a block at a time: bucket, count, offsets), and what the others
** sent is listed by owned bucket for the apply phase.  Collective: a
** process that cannot allocate still takes part, sending nothing, and
** stops the search at the control */
static void exchange(pn_fullbfs *f) {
  const pn_net *net = f->net;
  size_t np = (size_t)net->size, total = 0, pos;
  size_t *count = f->xcount, *at = count + np, *rcount = count + 2 * np;
  uint64_t b, i;
  uint32_t *recv = NULL;
  int t, ok = 1;
  for (i = 0; i < np; i++) count[i] = 0;
  for (b = 0; b < f->nbucket; b++)
    if (owner(f, b) != net->rank) count[owner(f, b)] += bucket_words(f, b);
  for (i = 0; ok && i < np; i++) { at[i] = total; total += count[i]; }
  if (ok && total > f->sendcap) {
    uint32_t *x = realloc(f->send, total * sizeof *x);
    if (x) { f->send = x; f->sendcap = total; } else ok = 0;
  }
  for (b = 0; ok && b < f->nbucket; b++) {
    int p = owner(f, b);
    if (p == net->rank) continue;
    for (t = 0; t < f->threads; t++) {
      uint32_t k;
      for (k = f->workers[t].head[b]; k != NOBLOCK; k = f->blk_next[k]) {
        uint32_t *d = f->send + at[p];
        d[0] = (uint32_t)b;
        d[1] = f->blk_count[k];
        memcpy(d + 2, f->pool + (size_t)k * BLOCK + 1,
               f->blk_count[k] * sizeof *d);
        at[p] += 2 + f->blk_count[k];
      }
    }
  }
  if (!ok) {
    /* no room to send: nothing sent, and the control stops everyone */
    for (i = 0; i < np; i++) count[i] = 0;
    f->stop = PN_ENOMEM;
  }
  for (i = 0; i < np; i++) f->sent += count[i];
  if (net->alltoall(net->ud, f->send, count, &recv, rcount) != PN_OK) {
    free(recv);
    f->stop = PN_EINTERNAL;
    return;
  }
  free(f->recv);
  f->recv = recv;
  for (i = 0; i < f->nmine; i++) f->rhead[i] = NOBLOCK;
  f->nseg = 0;
  for (total = 0, i = 0; i < np; i++) total += rcount[i];
  for (pos = 0; pos + 2 <= total;) {
    uint64_t bb = recv[pos];
    uint32_t n = recv[pos + 1];
    if (bb >= f->nbucket || owner(f, bb) != net->rank || n > total - pos - 2
        || !add_segment(f, bb, pos + 2, n)) {
      f->stop = PN_EINTERNAL;
      break;
    }
    pos += 2 + (size_t)n;
  }
}

static void *worker_main(void *ud) {
  worker *w = ud;
  team_serve(&w->f->team, cycle, w);
  return NULL;
}

/* }==================================================================== */


/* {====================================================================
** API
** ===================================================================== */

/* the bitmap of the lifted sets: one bit per set of k-1 coins (unlabelled
** states only) */
static size_t kever_bytes(const bbspace *s) {
  uint64_t n = s->nclass == 1 && s->ncoin > 1
             ? s->binom[s->ncell][s->ncoin - 1] : 0;
  return (size_t)((n + 63) >> 6) * 8;
}

/* the bucket pool's blocks by default: POOL_ROOMS times what one chunk
** per thread may need at worst */
static uint64_t pool_default(const bbspace *s, int threads) {
  uint64_t pool = POOL_ROOMS * headroom(s)
                * (uint64_t)(threads > 0 ? threads : 1);
  return pool < POOL_LEAST ? POOL_LEAST : pool;
}

/* the bytes of one process of `parts` sharing the search: its part of the
** tables, kbytes of lifted sets, a pool of `pool` blocks (0: the default),
** and two pools' worth of offsets to send and to receive */
static int fb_bytes(const bbspace *s, int threads, int encoding,
                    uint64_t parts, uint64_t kbytes, uint64_t pool,
                    size_t *bytes) {
  uint64_t nb = nbuckets(s->size);
  uint64_t t = (uint64_t)(threads > 0 ? threads : 1);
  uint64_t total, states;
  if (!pool) pool = pool_default(s, threads);
  states = encoding == PN_ENC_LEAN
         ? ((s->size + 63) >> 6) * 24                     /* mod3, expd */
         : encoding == PN_ENC_TWO
         ? ((s->size + 63) >> 6) * 16                     /* mod3 */
         : s->size + (nb << (SLICE_BITS - 3));            /* depth, seen */
  total = (states + (nb << (SLICE_BITS - 12)) * 16) / parts  /* + touch */
        + kbytes                                   /* lifted sets */
        + pool * (BLOCK * 4 + 8) + BLOCK_ALIGN     /* bucket pool */
        + nb * 32 * t;                             /* bucket heads */
  if (parts > 1) total += 2 * pool * BLOCK * 4 + nb * 4;
  *bytes = (size_t)total;
  return total == (uint64_t)(size_t)total;
}

int pn_fullbfs_bytes(const bbspace *s, int threads, int encoding,
                     size_t *bytes) {
  return fb_bytes(s, threads, encoding, 1, kever_bytes(s), 0, bytes);
}

/* two bits, alone, the whole bitmap of lifted sets over the budget (or
** windows asked for): the bitmap in windows (note 9), of `lifted` bytes
** or by default a sixteenth of it, and the pool in what the budget leaves
** (the default at most, at least one chunk's room per thread and one
** more).  Returns the bytes needed, 0 when windows do not apply or do not
** fit the budget (*err said why when they should have); the windows are
** planned in f */
static size_t plan_lifted(pn_fullbfs *f, size_t lifted, size_t full,
                          size_t *least) {
  const bbspace *s = f->s;
  uint64_t kb = kever_bytes(s), room, pool, maxbits;
  size_t wbytes, need;
  size_t budget = f->lim.max_memory;
  *least = 0;
  if (!f->two || f->net || !kb || s->ncoin < 3) return 0;
  if (!lifted && (!budget || full <= budget)) return 0;
  maxbits = lifted ? (uint64_t)lifted * 8 : kb * 8 / 16;
  if (!(wbytes = plan_windows(f, maxbits))) return 0;
  room = headroom(s);
  pool = pool_default(s, f->threads);
  if (!fb_bytes(s, f->threads, PN_ENC_TWO, 1, wbytes + f->rcap * (sizeof(krange) + 8), 1,
                &need)) return 0;
  *least = need + (size_t)(room * (uint64_t)(f->threads + 1))
                  * (BLOCK * 4 + 8);
  if (budget && need >= budget) return 0;
  if (budget) {
    uint64_t fit = (budget - need) / (BLOCK * 4 + 8);
    if (fit < pool) pool = fit;
  }
  if (pool < room * (uint64_t)(f->threads + 1)) return 0;
  f->pool_blocks = pool;
  f->kever_bytes = wbytes;
  fb_bytes(s, f->threads, PN_ENC_TWO, 1, wbytes + f->rcap * (sizeof(krange) + 8), pool, &need);
  return need;
}

int pn_fullbfs_init(pn_fullbfs *f, const bbspace *s, const pn_limits *lim,
                    int threads, int encoding, const pn_net *net,
                    size_t lifted, const char *scratch, pn_error *err) {
  uint64_t parts = 1;
  size_t need, wneed = 0, least = 0;
  int t, ok;
  void *(*alloc)(size_t) = pn_bigalloc;
  memset(f, 0, sizeof *f);
  f->fd = -1;
  f->win = -1;
  f->kn = UINT64_MAX;
  f->s = s;
  if (lim) f->lim = *lim;
  f->threads = threads > 0 ? threads : pn_ncores();
  if (f->threads > 64) f->threads = 64;
  if (net && net->size > 1) {
    /* shared: two bits (the walk back of lean reads any rank); the tables
    ** are mapped whole, and only this process's buckets are ever written
    ** (note 8) */
    f->net = net;
    parts = (uint64_t)net->size;
    encoding = PN_ENC_TWO;
    alloc = pn_bigalloc_sparse;
  }
  if (encoding == PN_ENC_AUTO) {
    /* lean if it fits, else two bits */
    ok = pn_fullbfs_bytes(s, f->threads, PN_ENC_LEAN, &need);
    encoding = ok && (!f->lim.max_memory || need <= f->lim.max_memory)
             ? PN_ENC_LEAN : PN_ENC_TWO;
  }
  f->encoding = encoding;
  f->lean = encoding != PN_ENC_BYTE;
  f->two = encoding == PN_ENC_TWO;
  ok = fb_bytes(s, f->threads, encoding, parts, kever_bytes(s), 0, &need);
  if (ok && (wneed = plan_lifted(f, lifted, need, &least)) != 0) {
    /* the lifted sets in windows, the others in a file of the scratch
    ** directory, unlinked at once (note 9) */
    char path[4096];
    need = wneed;
    snprintf(path, sizeof path, "%s/penny-lifted-XXXXXX",
             scratch && *scratch ? scratch : "/tmp");
    if ((f->fd = mkstemp(path)) < 0) {
      int e = errno;
      pn_fullbfs_free(f);
      return pn_seterror(err, PN_EINVAL, "cannot make a scratch file for "
                         "the lifted sets in %s: %s", scratch && *scratch
                         ? scratch : "/tmp", strerror(e));
    }
    unlink(path);
  } else {
    pn_fullbfs_free(f);                /* windows planned in vain */
    f->fd = -1;
    f->win = -1;
    f->kn = UINT64_MAX;
    f->kever_bytes = kever_bytes(s);
    f->pool_blocks = pool_default(s, f->threads);
  }
  if (ok && !wneed && least && least < need)
    need = least;               /* the least of both, for the message */
  if (!ok || (f->lim.max_memory && need > f->lim.max_memory))
    return pn_seterror(err, PN_ELIMIT, "the state space (%.3g states) needs "
                       "%.2f GB%s, over the memory budget of %.2f GB",
                       (double)s->size, need / 1e9, f->two ? (least ? " (two "
                       "bits per state, the lifted sets in a scratch file)"
                       : " (two bits per state)") : f->lean ? " (lean "
                       "encoding, 3 bits per state)" : "",
                       f->lim.max_memory / 1e9);
  f->nbucket = nbuckets(s->size);
  /* lean: whole words of 64 ranks, as the scan reads them */
  f->bytes = f->lean ? (size_t)((s->size + 63) >> 6) * 16 : (size_t)s->size;
  f->seen_bytes = f->two ? 0
               : f->lean ? (size_t)((s->size + 63) >> 6) * 8
                          : (size_t)(nbuckets(s->size) << (SLICE_BITS - 3));
  f->pool_bytes = (size_t)f->pool_blocks * BLOCK * sizeof(uint32_t)
                 + BLOCK_ALIGN;
  /* whole buckets: each owns 256 words of each touch map */
  f->touch_bytes = (size_t)(nbuckets(s->size) << (SLICE_BITS - 12)) * 8;
  f->touch[0] = alloc(f->touch_bytes);
  f->touch[1] = alloc(f->touch_bytes);
  if (f->lean) {
    f->mod3 = alloc(f->bytes);
    f->expd = f->two ? NULL : alloc(f->seen_bytes);
  } else {
    f->depth = alloc(f->bytes);
    f->seen = alloc(f->seen_bytes);
  }
  if (f->net) {
    /* stripes of buckets: at least 64 per process, of at most 64 buckets
    ** (a stripe's touch map words then fill whole pages) */
    uint64_t st = f->nbucket / (64 * parts);
    f->stripe = st < 1 ? 1 : st > 64 ? 64 : st;
    while (mine(f, f->nmine) < f->nbucket) f->nmine++;
    f->rhead = malloc((f->nmine + 1) * sizeof *f->rhead);
    f->xcount = calloc(3 * parts, sizeof *f->xcount);
    if (!f->rhead || !f->xcount) goto nomem;
    for (t = 0; (uint64_t)t < f->nmine; t++) f->rhead[t] = NOBLOCK;
  }
  if (f->kever_bytes && f->net && f->net->alloc_shared) {
    /* one bitmap for the processes of a machine, as for threads (note 8) */
    f->kever = f->net->alloc_shared(f->net->ud, f->kever_bytes);
    f->kever_shared = f->kever != NULL;
  }
  if (f->kever_bytes && !f->kever) f->kever = pn_bigalloc(f->kever_bytes);
  f->klift = f->kever;
  f->pool_mem = pn_bigalloc(f->pool_bytes);
  f->pool = f->pool_mem ? (uint32_t *)(((uintptr_t)f->pool_mem + BLOCK_ALIGN
                                        - 1) & ~(BLOCK_ALIGN - 1))
                        : NULL;
  f->blk_count = malloc(f->pool_blocks * sizeof *f->blk_count);
  f->blk_next = malloc(f->pool_blocks * sizeof *f->blk_next);
  f->workers = calloc((size_t)f->threads, sizeof *f->workers);
  if ((f->lean ? !f->mod3 || (!f->two && !f->expd) : !f->depth || !f->seen)
      || (f->kever_bytes && !f->kever) || !f->pool || !f->touch[0] || !f->touch[1]
      || !f->blk_count || !f->blk_next || !f->workers) goto nomem;
  for (t = 0; t < f->threads; t++) {
    worker *w = &f->workers[t];
    w->f = f;
    w->id = t;
    w->head = malloc(f->nbucket * sizeof *w->head);
    w->cur = malloc(f->nbucket * sizeof *w->cur);
    w->fill = malloc(f->nbucket * sizeof *w->fill);
    w->newlist = malloc(BLOCK * sizeof *w->newlist);
    if (!w->head || !w->cur || !w->fill || !w->newlist)
      goto nomem;
  }
  f->memory = need;
  return PN_OK;
nomem:
  pn_fullbfs_free(f);
  return pn_seterror(err, PN_ENOMEM, "cannot allocate %.2f GB for the search",
                     need / 1e9);
}

void pn_fullbfs_free(pn_fullbfs *f) {
  int t;
  pn_bigfree(f->depth, f->bytes);
  pn_bigfree(f->seen, f->seen_bytes);
  pn_bigfree(f->mod3, f->bytes);
  pn_bigfree(f->expd, f->seen_bytes);
  free(f->tdist);
  if (f->kever_shared) f->net->free_shared(f->net->ud, f->kever);
  else pn_bigfree(f->kever, f->kever_bytes);
  f->kever_shared = 0;
  pn_bigfree(f->touch[0], f->touch_bytes);
  pn_bigfree(f->touch[1], f->touch_bytes);
  f->touch[0] = f->touch[1] = NULL;
  pn_bigfree(f->pool_mem, f->pool_bytes);
  free(f->blk_count);
  free(f->blk_next);
  if (f->workers)
    for (t = 0; t < f->threads; t++) {
      free(f->workers[t].head);
      free(f->workers[t].cur);
      free(f->workers[t].fill);
      free(f->workers[t].newlist);
    }
  free(f->workers);
  free(f->recv);
  free(f->rhead);
  free(f->rnext);
  free(f->rat);
  free(f->rlen);
  free(f->send);
  free(f->xcount);
  free(f->tgot);
  f->recv = f->rhead = f->rnext = f->rlen = f->send = NULL;
  f->rat = f->xcount = NULL;
  f->tgot = NULL;
  f->nseg = f->segcap = f->sendcap = 0;
  f->depth = NULL; f->seen = NULL; f->kever = NULL; f->klift = NULL;
  if (f->fd >= 0) close(f->fd);
  f->fd = -1;
  free(f->wedge);
  free(f->pairlo);
  free(f->pairbase);
  free(f->wstored);
  free(f->ranges);
  free(f->rfirst);
  f->wedge = f->pairlo = f->rfirst = NULL;
  f->ranges = NULL;
  f->pairbase = NULL;
  f->wstored = NULL;
  f->nwin = 0;
  f->pool = NULL; f->pool_mem = NULL;
  f->mod3 = NULL; f->expd = NULL; f->tdist = NULL;
  f->blk_count = NULL; f->blk_next = NULL; f->workers = NULL;
}

int pn_fullbfs_run(pn_fullbfs *f, const bbstate *start, const uint64_t *targets,
                   size_t ntargets, int stop_when_found,
                   void (*progress)(const pn_fullbfs *, void *), void *ud,
                   pn_error *err) {
  const bbspace *s = f->s;
  uint64_t r0 = bb_rank(s, start);
  int t, stop;
  size_t k;
  f->t0 = pn_clock();
  if (owner(f, r0 >> SLICE_BITS) == (f->net ? f->net->rank : 0)) {
    if (f->lean) f->mod3[r0 >> 5] |= layer_code(f, 0) << ((r0 & 31) * 2);
    else {
      f->depth[r0] = 1;
      f->seen[r0 >> 6] |= (uint64_t)1 << (r0 & 63);
    }
    touch_set(f->touch[0], r0);
  }
  f->start_rank = r0;
  f->first = r0;
  if (f->nwin) memset(f->wstored, 0, (size_t)f->nwin);  /* no set lifted */
  for (t = 0; t < f->threads; t++) f->workers[t].first = UINT64_MAX;
  free(f->tdist);
  free(f->tgot);
  f->tdist = malloc((ntargets + 1) * sizeof *f->tdist);
  f->tgot = malloc((ntargets + 1) * sizeof *f->tgot);
  if (!f->tdist || !f->tgot)
    return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (k = 0; k < ntargets; k++) f->tdist[k] = -1;
  f->layer[0] = 1;
  f->reached = 1;
  f->maxdepth = f->complete_depth = f->cur_depth = 0;
  f->use_expd = 0;
  f->pool_used = 0;
  f->next_bucket = 0;
  f->stop = 0;
  f->targets = targets;
  f->ntargets = ntargets;
  f->stop_when_found = stop_when_found;
  f->progress = progress;
  f->progress_ud = ud;
  stop = note_targets(f, 0);
  begin_layer(f);
  if (stop) f->job = JOB_EXIT;
  /* the workers of a team that could not start them all leave: the
  ** search runs on the threads that did (the same states, by design) */
  team_start(&f->team, f->threads, worker_main, f->workers,
             sizeof *f->workers);
  if (f->job != JOB_EXIT) f->threads = team_ready(&f->team);
  f->phase = f->net ? PHASE_EXPAND : PHASE_BOTH;
  while (f->job != JOB_EXIT) {
    team_round(&f->team, cycle, &f->workers[0], 0);
    if (f->net) {
      exchange(f);
      f->phase = PHASE_APPLY;
      team_round(&f->team, cycle, &f->workers[0], 0);
      f->phase = PHASE_EXPAND;
    }
    control(f);
  }
  team_stop(&f->team);
  f->seconds = pn_clock() - f->t0;
  if (f->stop == PN_EINTR) return pn_seterror(err, PN_EINTR, "interrupted");
  if (f->ioerr)
    return pn_seterror(err, PN_ELIMIT, "cannot read or write the scratch "
                       "file of the lifted sets: %s", strerror(f->ioerr));
  if (f->stop == PN_EINTERNAL)
    return pn_seterror(err, PN_EINTERNAL, f->net ? "penny bug: the bucket "
                       "pool overflowed, or the processes' exchange failed"
                       : "penny bug: the bucket pool of the full search "
                       "overflowed");
  if (f->stop == PN_ENOMEM)
    return pn_seterror(err, PN_ENOMEM, "out of memory for the offsets sent "
                       "to the other processes");
  if (f->toodeep)
    return pn_seterror(err, PN_ELIMIT, "more than %d layers",
                       PN_FULLBFS_MAXDEPTH);
  if (f->stop)
    return pn_seterror(err, PN_ELIMIT, "time limit of %g s reached",
                       f->lim.time_limit);
  return PN_OK;
}

int pn_fullbfs_dist(const pn_fullbfs *f, size_t k) {
  return k < f->ntargets && f->tdist ? f->tdist[k] : -1;
}

uint64_t pn_fullbfs_hardest(const pn_fullbfs *f) {
  return f->first;
}

/* is rank r at depth d?  (lean: at a depth congruent to d mod 3) */
static int at_depth(const pn_fullbfs *f, uint64_t r, int d) {
  if (!f->lean) return f->depth[r] == (uint8_t)(d + 1);
  return mod3_at(f, r) == (unsigned)(d % 3 + 1);
}

/* the (rank, depth) pairs whose walk back failed (lean encoding): an open
** addressing set of rank * 256 + depth + 1 (0 = empty; depth <= 253, and
** a space of 2^56 ranks could not be allocated at 3 bits each anyway) */
typedef struct failset {
  uint64_t *key;
  size_t cap, n;
  int nomem;
} failset;

static size_t fail_slot(const failset *fs, uint64_t x) {
  uint64_t h = x * 0x9E3779B97F4A7C15ULL;
  size_t i = (size_t)(h >> 20) & (fs->cap - 1);
  while (fs->key[i] && fs->key[i] != x) i = (i + 1) & (fs->cap - 1);
  return i;
}

static int fail_has(const failset *fs, uint64_t r, int d) {
  return fs->cap && fs->key[fail_slot(fs, r * 256 + (uint64_t)d + 1)] != 0;
}

static void fail_add(failset *fs, uint64_t r, int d) {
  if (2 * (fs->n + 1) > fs->cap) {
    size_t ncap = fs->cap ? 2 * fs->cap : 1024, i;
    failset g;
    g.key = calloc(ncap, sizeof *g.key);
    g.cap = ncap;
    if (!g.key) { fs->nomem = 1; return; }
    for (i = 0; i < fs->cap; i++)
      if (fs->key[i]) g.key[fail_slot(&g, fs->key[i])] = fs->key[i];
    free(fs->key);
    fs->key = g.key;
    fs->cap = ncap;
  }
  fs->key[fail_slot(fs, r * 256 + (uint64_t)d + 1)] = r * 256 + (uint64_t)d + 1;
  fs->n++;
}

typedef struct pathwalk {
  pn_fullbfs *f;
  int *from, *to;
  failset fails;
} pathwalk;

/* a path of `step` moves from the start to st, through states at depths
** step - 1, ..., 0 (see 4. above): true if found */
static int walk_back(pathwalk *pw, const bbstate *st, int step) {
  pn_fullbfs *f = pw->f;
  const bbspace *s = f->s;
  bb_t u = bb_union(s, st), freec = s->all & ~u;
  int k, pass;
  if (step == 0) return bb_rank(s, st) == f->start_rank;
  /* predecessors: a coin that can have arrived last (d neighbours among
  ** the others) came from any free cell.  Reversible moves first: then
  ** a predecessor p with the residue of step - 1 is one less deep than st
  ** (|dist(p) - dist(st)| <= 1), so p is right exactly when st is, and
  ** the first such p decides.  Only when there is none are the others
  ** tried, each one's depth being dist(st) - 1 or 3, 6, ... more.  In each
  ** pass, (class, cell, origin) order. */
  for (pass = 0; pass < 2; pass++)
  for (k = 0; k < s->nclass; k++) {
    bb_t coins = st->m[k];
    while (coins) {
      int c = __builtin_ctzll(coins);
      bb_t orig = freec, rest = u & ~((bb_t)1 << c);
      coins &= coins - 1;
      if (!bb_can_have_moved(s, u, c)) continue;
      while (orig) {
        int p = __builtin_ctzll(orig);
        bbstate pr = *st;
        uint64_t r;
        orig &= orig - 1;
        if ((__builtin_popcountll(s->nbr[p] & rest) >= s->d) != (pass == 0))
          continue;
        pr.m[k] ^= ((bb_t)1 << c) | ((bb_t)1 << p);
        r = bb_rank(s, &pr);
        if (!at_depth(f, r, step - 1)) continue;
        if (fail_has(&pw->fails, r, step - 1)) {
          if (pass == 0) return 0;        /* as wrong as st, see below */
          continue;
        }
        f->path_states++;
        if (walk_back(pw, &pr, step - 1)) {
          pw->from[step - 1] = p;
          pw->to[step - 1] = c;
          return 1;
        }
        if (pw->fails.nomem) return 0;
        fail_add(&pw->fails, r, step - 1);
        if (pw->fails.nomem) return 0;
        /* a reversible move changes the depth by at most one, so pr holds
        ** the residue of step - 1 exactly when it is one less deep than
        ** st: it is right exactly when st is, and st is wrong */
        if (pass == 0) return 0;
      }
    }
  }
  return 0;
}

int pn_fullbfs_path(pn_fullbfs *f, size_t k, int *from, int *to) {
  int D = pn_fullbfs_dist(f, k), ok;
  pathwalk pw;
  bbstate st;
  if (D < 0 || f->two) return -1;     /* two bits: no depths (note 6) */
  memset(&pw, 0, sizeof pw);
  pw.f = f;
  pw.from = from;
  pw.to = to;
  bb_unrank(f->s, f->targets[k], &st);
  ok = walk_back(&pw, &st, D);
  free(pw.fails.key);
  return ok ? D : -1;
}

/* }==================================================================== */
