/*
** test_core.c -- tests of libpenny through its plain C API, without Lua:
** the core is a library first.  Output is TAP ("ok N - ...").
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "penny.h"
#include "search/bitboard.h"     /* the engine's bitboards, tested below */
#include "search/team.h"         /* the searches' thread team */
#include "core/spare.h"          /* the spare blocks' takes and keeps */
#include "core/sys.h"            /* sparse mappings for the spare */
#include "search/wide.h"         /* the wide game's move pruning */
#include "search/coins.h"        /* and the bitboards' */
#include "search/pdb.h"          /* window pattern databases */
#include "core/slots.h"          /* the visited set's rehash by threads */
#include <pthread.h>

static int ntest = 0, nfail = 0;

static void ok(int cond, const char *what) {
  ntest++;
  if (!cond) nfail++;
  printf("%sok %d - %s\n", cond ? "" : "not ", ntest, what);
}

static pn_pos P(const pn_board *b, int64_t x, int64_t y) {
  int64_t c[2] = {x, y};
  pn_pos p = 0;
  pn_board_pack(b, c, &p, NULL);
  return p;
}

static void add(pn_config *c, pn_pos p) { pn_config_add(c, p, 0, NULL); }

static void test_packing(void) {
  pn_error err;
  pn_board *sq = pn_board_lattice(PN_SQUARE, 2, &err);
  pn_board *cu = pn_board_lattice(PN_CUBIC, 3, &err);
  int64_t c[PN_MAXDIM] = {INT32_MIN, INT32_MAX}, d[PN_MAXDIM];
  int64_t big[PN_MAXDIM] = {(int64_t)1 << 40, 0};
  pn_pos p;
  ok(pn_board_pack(sq, c, &p, &err) == PN_OK, "pack extreme 32-bit coords");
  pn_board_unpack(sq, p, d);
  ok(d[0] == INT32_MIN && d[1] == INT32_MAX, "unpack extreme 32-bit coords");
  ok(pn_board_pack(sq, big, &p, &err) == PN_ERANGE, "2^40 is out of range");
  ok(P(sq, 5, 1) < P(sq, 0, 2) && P(sq, -3, 0) < P(sq, 2, 0),
     "packed order is row-major");
  c[0] = -5; c[1] = 7; c[2] = 1000;
  ok(pn_board_pack(cu, c, &p, &err) == PN_OK, "pack 3-D");
  pn_board_unpack(cu, p, d);
  ok(d[0] == -5 && d[1] == 7 && d[2] == 1000, "unpack 3-D");
  pn_board_free(sq);
  pn_board_free(cu);
}

static void test_neighbours(void) {
  pn_error err;
  pn_lattice lats[] = {PN_SQUARE, PN_TRI, PN_HEX, PN_KING};
  int degs[] = {4, 6, 3, 8}, i;
  for (i = 0; i < 4; i++) {
    pn_board *b = pn_board_lattice(lats[i], 2, &err);
    pn_pos nb[PN_MAXDEG], nb2[PN_MAXDEG];
    int k = pn_board_neighbours(b, P(b, 0, 0), nb), j, sym = 1;
    char what[80];
    snprintf(what, sizeof what, "%s: origin has %d neighbours",
             pn_lattice_name(lats[i]), degs[i]);
    ok(k == degs[i], what);
    for (j = 0; j < k; j++) {        /* adjacency is symmetric */
      int k2 = pn_board_neighbours(b, nb[j], nb2), t, found = 0;
      for (t = 0; t < k2; t++) found |= nb2[t] == P(b, 0, 0);
      sym &= found;
    }
    snprintf(what, sizeof what, "%s: adjacency is symmetric",
             pn_lattice_name(lats[i]));
    ok(sym, what);
    pn_board_free(b);
  }
}

static void test_moves_and_check(void) {
  pn_error err;
  pn_board *b = pn_board_lattice(PN_SQUARE, 2, &err);
  pn_config c;
  pn_rule r = {2, 0};
  pn_move *mv, m;
  size_t n, bad;
  int k;
  pn_config_init(&c);
  /* an L of three coins: (0,0) (1,0) (0,1) */
  add(&c, P(b, 0, 0)); add(&c, P(b, 1, 0)); add(&c, P(b, 0, 1));
  ok(pn_moves(b, &r, &c, &mv, &n, &err) == PN_OK, "moves of an L");
  /* (1,1) has two occupied neighbours; only the corner coin (0,0) can go
  ** there without lowering the count below 2 -- it is not a neighbour */
  ok(n == 1 && mv[0].from == P(b, 0, 0) && mv[0].to == P(b, 1, 1),
     "the L has exactly the move (0,0)->(1,1)");
  free(mv);
  m.from = P(b, 1, 0); m.to = P(b, 1, 1);
  ok(pn_move_check(b, &r, &c, m, &k) == PN_FEW && k == 1,
     "a coin does not count for its own destination");
  m.from = P(b, 5, 5);
  ok(pn_move_check(b, &r, &c, m, &k) == PN_NOCOIN, "no coin at origin");
  m.from = P(b, 0, 0); m.to = P(b, 1, 0);
  ok(pn_move_check(b, &r, &c, m, &k) == PN_OCCUPIED, "occupied target");
  {
    pn_move seq[2];
    seq[0].from = P(b, 0, 0); seq[0].to = P(b, 1, 1);
    seq[1].from = P(b, 1, 1); seq[1].to = P(b, 0, 0);
    ok(pn_check_sequence(b, &r, &c, seq, 2, &bad, &k, NULL, &err)
         == PN_LEGAL, "a move and its reverse");
    seq[1].from = P(b, 0, 1); seq[1].to = P(b, 3, 3);
    ok(pn_check_sequence(b, &r, &c, seq, 2, &bad, &k, NULL, &err) == PN_FEW
         && bad == 1, "the sequence checker names the first bad move");
  }
  {
    pn_rule r0 = {0};
    ok(pn_moves(b, &r0, &c, &mv, &n, &err) == PN_EINVAL, "d = 0 refused");
  }
  pn_config_clear(&c);
  pn_board_free(b);
}

static void test_span(void) {
  pn_error err;
  pn_board *sq = pn_board_lattice(PN_SQUARE, 2, &err);
  pn_board *tri = pn_board_lattice(PN_TRI, 2, &err);
  pn_config c;
  pn_pos *s;
  size_t n;
  pn_config_init(&c);
  /* two coins at distance 2 diagonally span a 2x2 square */
  add(&c, P(sq, 0, 0)); add(&c, P(sq, 1, 1));
  ok(pn_span(sq, 2, &c, 0, &s, &n, &err) == PN_OK && n == 4,
     "square: span of a diagonal pair is its 2x2 hull");
  free(s);
  pn_config_clear(&c);
  add(&c, P(sq, 0, 0)); add(&c, P(sq, 2, 0)); add(&c, P(sq, 4, 2));
  ok(pn_span(sq, 2, &c, 0, &s, &n, &err) == PN_OK && n == 4,
     "square: (0,0),(2,0) give 3 cells; (4,2) stays alone");
  free(s);
  pn_config_clear(&c);
  add(&c, P(tri, 0, 0)); add(&c, P(tri, 1, 0));
  ok(pn_span(tri, 2, &c, 0, &s, &n, &err) == PN_EINFINITE,
     "triangular: a pair that can move spans everything");
  pn_config_clear(&c);
  add(&c, P(tri, 0, 0)); add(&c, P(tri, 3, 0));
  ok(pn_span(tri, 2, &c, 0, &s, &n, &err) == PN_OK && n == 2,
     "triangular: two far coins span themselves");
  free(s);
  pn_config_clear(&c);
  pn_board_free(sq);
  pn_board_free(tri);
}

static void test_bfs(void) {
  pn_error err;
  int32_t lo[2] = {0, 0}, size[2] = {3, 3};
  pn_board *b = pn_board_box(PN_SQUARE, 2, lo, size, &err);
  pn_config a, g;
  pn_rule r = {2, 0};
  pn_limits lim;
  pn_result res;
  pn_config_init(&a); pn_config_init(&g);
  memset(&lim, 0, sizeof lim);
  pn_result_init(&res);
  /* L to its mirror: (0,0)(1,0)(0,1) -> (1,0)(0,1)(1,1) in one move */
  add(&a, P(b, 0, 0)); add(&a, P(b, 1, 0)); add(&a, P(b, 0, 1));
  add(&g, P(b, 1, 1)); add(&g, P(b, 1, 0)); add(&g, P(b, 0, 1));
  ok(pn_bfs(b, &r, &a, &g, PN_FIXED, &lim, &res, &err) == PN_OK
       && res.verdict == PN_SOLVED && res.nmoves == 1, "BFS: one move");
  pn_result_clear(&res);
  pn_config_clear(&g);
  add(&g, P(b, 2, 2)); add(&g, P(b, 0, 0)); add(&g, P(b, 1, 0));
  ok(pn_bfs(b, &r, &a, &g, PN_FIXED, &lim, &res, &err) == PN_OK
       && res.verdict == PN_UNSOLVABLE, "BFS: a goal without a 2-neighbour "
       "coin is unsolvable");
  pn_result_clear(&res);
  lim.max_memory = 4096;
  pn_config_clear(&g);
  add(&g, P(b, 1, 1)); add(&g, P(b, 1, 0)); add(&g, P(b, 0, 1));
  ok(pn_bfs(b, &r, &a, &g, PN_FIXED, &lim, &res, &err) == PN_OK
       && res.verdict == PN_UNKNOWN && res.lower_bound == 1,
     "BFS: a budget too small to start is a limit (unknown), not a crash");
  pn_result_clear(&res);
  pn_config_clear(&a); pn_config_clear(&g);
  pn_board_free(b);
}

/* the targets of occ counted coin by coin (the neighbour masks of the
** occupied cells), as bb_targets does without shifts */
static void targets_by_coin(const bbspace *s, bb_t occ, bbtargets *t) {
  int ge[BB_MAXCELL], c, x;
  t->td = t->td1 = 0;
  for (x = 0; x < s->ncell; x++) {
    ge[x] = 0;
    for (c = 0; c < s->ncell; c++)
      if ((occ >> c & 1) && (s->nbr[c] >> x & 1)) ge[x]++;
    if (occ >> x & 1) continue;
    if (ge[x] >= s->d) t->td |= (bb_t)1 << x;
    if (ge[x] >= s->d + 1) t->td1 |= (bb_t)1 << x;
  }
}

static uint64_t xorshift(uint64_t *x) {
  *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
  return *x;
}

/* on board b with 12 coins and threshold d, the random occupancies whose
** bb_targets (or bb_targets_of's td alone) differ from the count by cells
** (-1: no bitboards); *shifts is incremented when the counts went by
** shifts */
static int count_mismatches(pn_board *b, int d, uint64_t *x, int *shifts) {
  pn_error err;
  pn_config a;
  pn_rule r = {d, 0};
  bbspace s;
  int k, bad = 0;
  if (!b) return -1;
  pn_config_init(&a);
  for (k = 0; k < 12; k++) add(&a, pn_board_cell(b, (size_t)(3 * k)));
  if (bb_init(&s, b, &r, &a, &err) != PN_OK) bad = -1;
  else {
    *shifts += s.nshift > 0;
    for (k = 0; k < 2000; k++) {
      bbtargets t, u;
      bb_t occ = xorshift(x);
      occ &= (occ >> 3) & s.all;             /* about a quarter occupied */
      bb_targets(&s, occ, &t);
      targets_by_coin(&s, occ, &u);
      bad += t.td != u.td || t.td1 != u.td1;
      bb_targets_of(&s, occ, &t, 0);         /* td alone, as the drop */
      bad += t.td != u.td;
    }
    bb_free(&s);
  }
  pn_config_clear(&a);
  pn_board_free(b);
  return bad;
}

/* neighbour counts by shifts (bitboard.h): used on lattice boxes, equal to
** the count by cells on random occupancies of every lattice and d; a
** random graph has too many edge offsets and counts coin by coin */
static void test_shift_counts(void) {
  pn_lattice lats[] = {PN_SQUARE, PN_TRI, PN_HEX, PN_KING};
  int32_t lo[2] = {-2, 3}, size[2] = {6, 7};
  int i, d, k, bad = 0, used = 0;
  uint64_t x = 88172645463325252ULL;
  pn_error err;
  for (i = 0; i < 4; i++)
    for (d = 1; d <= 5; d++)
      bad += count_mismatches(pn_board_box(lats[i], 2, lo, size, &err), d,
                              &x, &used) != 0;
  ok(used == 20, "bitboards: every lattice box counts neighbours by shifts");
  ok(bad == 0, "bitboards: shifted counts equal the counts by cell, d = 1..5");
  used = 0;
  bad = 0;
  for (d = 1; d <= 5; d++) {
    uint32_t e[2 * 90];
    for (k = 0; k < 90; k++) {
      uint64_t y = xorshift(&x);
      e[2 * k] = (uint32_t)(y % 40);
      e[2 * k + 1] = (uint32_t)((e[2 * k] + 1 + (y >> 32) % 39) % 40);
    }
    bad += count_mismatches(pn_board_graph(40, 90, e, &err), d, &x,
                            &used) != 0;
  }
  ok(used == 0 && bad == 0, "bitboards: a random graph counts coin by coin, "
     "equal to the counts by cell, d = 1..5");
}

static void test_errors(void) {
  pn_error err;
  int32_t lo[2] = {0, 0}, size[2] = {100000, 100000};
  ok(pn_board_box(PN_SQUARE, 2, lo, size, &err) == NULL
       && err.code == PN_ERANGE, "a board of 10^10 cells is refused");
  ok(pn_board_lattice(PN_CUBIC, 9, &err) == NULL && err.code == PN_EINVAL,
     "cubic dimension 9 is refused");
  {
    uint32_t e[2] = {0, 7};
    ok(pn_board_graph(3, 1, e, &err) == NULL, "an edge to a missing vertex");
  }
}

/* the thread team: rounds in step, and a team stopped before its
** workers first run (a worker that started after the stop's quit flag
** once left without coming to the barrier: the stop then hung) */
typedef struct tworker {
  team *tm;
  int *count;
} tworker;

static void tjob(void *ud) {
  tworker *w = ud;
  __atomic_add_fetch(w->count, 1, __ATOMIC_RELAXED);
  team_sync(w->tm);
  __atomic_add_fetch(w->count, 1, __ATOMIC_RELAXED);
}

static void *tmain(void *ud) {
  tworker *w = ud;
  team_serve(w->tm, tjob, w);
  return NULL;
}

static void test_team(void) {
  team tm;
  tworker w[4];
  int count = 0, i, r, n = 0, good = 1;
  for (i = 0; i < 4; i++) { w[i].tm = &tm; w[i].count = &count; }
  for (r = 0; r < 200; r++) {
    team_start(&tm, 4, tmain, w, sizeof w[0]);
    n = team_ready(&tm);
    team_stop(&tm);
  }
  ok(n == 4, "a team of 4 started and stopped 200 times before any round");
  team_start(&tm, 4, tmain, w, sizeof w[0]);
  n = team_ready(&tm);
  for (r = 0; r < 1000; r++) {
    count = 0;
    team_round(&tm, tjob, &w[0], 0);
    good &= count == 2 * n;
  }
  team_stop(&tm);
  ok(n == 4 && good, "1,000 rounds of 4 threads, each with a barrier inside");
}

/* a caller's spare blocks (penny.h): kept by exact size, the oldest
** given up for room, taken back zeroed; and the searches of a 9 x 9 box
** (a window past the bitboards) the same with them as without, the
** second search taking what the first gave back */
static void test_spare(void) {
  pn_spare *s = pn_spare_new(1000);
  char *a = malloc(400), *b = malloc(400), *c = malloc(400), *x;
  size_t dirty;
  pn_error err;
  int32_t lo[2] = {0, 0}, size[2] = {9, 9};
  pn_board *box = pn_board_box(PN_SQUARE, 2, lo, size, &err);
  static const int cells[][2] = { {0,0}, {1,0}, {2,0}, {3,0}, {4,0}, {5,0},
    {6,0}, {7,0}, {8,0}, {0,1}, {0,2}, {0,3}, {0,4}, {0,5}, {0,6}, {0,7},
    {0,8}, {1,1} };
  pn_config st, go;
  pn_rule r = {2, 0};
  pn_searchopts o;
  pn_result res[3];
  int m, i, same = 1, found = 0;
  memset(a, 7, 400);
  ok(pn_spare_keep(s, a, 400) && pn_spare_keep(s, b, 400)
       && pn_spare_keep(s, c, 400) && pn_spare_bytes(s) == 800,
     "spare: three blocks of 400 bytes in 1,000, the oldest freed");
  x = pn_spare_take(s, 400, 1);
  ok(x == c && x[0] == 0 && x[399] == 0 && pn_spare_bytes(s) == 400,
     "spare: the newest block of the size taken back, zeroed");
  ok(pn_spare_take(s, 300, 0) == NULL
       && pn_spare_take_map(s, 400, &dirty) == NULL && dirty == 0
       && pn_spare_keep(s, x, 2000) == 0,
     "spare: no block of another size or kind; none larger than the whole");
  free(x);
  {
    size_t mb = (size_t)1 << 20;
    unsigned char *map = pn_bigalloc_sparse(mb), *kept;
    size_t d1, d2;
    if (map) map[0] = 1;
    ok(map && pn_spare_keep_map(s, map, mb, 4096)
         && (kept = pn_spare_take_map(s, mb, &d1)) == map && d1 == 4096
         && pn_spare_keep_map(s, map, mb, PN_SPARE_DIRTY + 1)
         && pn_spare_take_map(s, mb, &d2) == map && d2 == 0,
       "spare: a kept mapping's written bytes come back with it, and go "
       "to 0 once past PN_SPARE_DIRTY (its pages given to the kernel)");
    pn_bigfree(map, mb);
  }
  pn_spare_free(s);
  s = pn_spare_new((size_t)64 << 20);
  pn_config_init(&st); pn_config_init(&go);
  for (i = 0; i < (int)(sizeof cells / sizeof cells[0]); i++)
    add(&st, P(box, cells[i][0], cells[i][1]));
  /* the goal: six moves on, each the 7k-th of the list */
  pn_config_copy(&go, &st, &err);
  for (i = 0; i < 6; i++) {
    pn_move *mv = NULL;
    size_t n = 0;
    if (pn_moves(box, &r, &go, &mv, &n, &err) == PN_OK && n) {
      pn_config_remove(&go, mv[(size_t)(7 * i) % n].from);
      add(&go, mv[(size_t)(7 * i) % n].to);
    }
    free(mv);
  }
  for (m = PN_M_BIDIR; m <= PN_M_ASTAR; m += PN_M_ASTAR - PN_M_BIDIR) {
    for (i = 0; i < 3; i++) {
      memset(&o, 0, sizeof o);
      o.method = (pn_method)m;
      o.threads = 1;
      o.pdb = -1;
      o.lim.max_states = 200000;
      o.lim.spare = i ? s : NULL;
      pn_result_init(&res[i]);
      pn_search(box, &r, &st, &go, PN_FIXED, &o, &res[i], &err);
      if (i == 1) found += pn_spare_bytes(s) > 0;
    }
    same &= res[0].verdict == PN_SOLVED && res[0].nmoves >= 3;
    for (i = 1; i < 3; i++)
      same &= res[i].verdict == res[0].verdict
              && res[i].states == res[0].states
              && res[i].nmoves == res[0].nmoves
              && (!res[0].nmoves || memcmp(res[i].moves, res[0].moves,
                    res[0].nmoves * sizeof *res[0].moves) == 0);
    for (i = 0; i < 3; i++) pn_result_clear(&res[i]);
  }
  ok(same && found == 2, "spare: bidir and A* on a 9 x 9 box solve a puzzle "
     "with the same states and moves with spare blocks as without, and give them back");
  pn_spare_free(s);
  pn_config_clear(&st); pn_config_clear(&go);
  pn_board_free(box);
}

/* {--------------------------------------------------------------------
** Move pruning on the wide game: breadth-first layers listed with every
** move and with the moves pruning keeps (each state tagged by the move
** of its first parent) are the same sets, forward and backward
** --------------------------------------------------------------------- */

#define WCAP ((size_t)1 << 19)

typedef struct wset {
  uint64_t *key;
  uint32_t *tag;
} wset;

static size_t wset_slot(const wset *s, uint64_t k) {
  size_t j = (size_t)((k * 0x9e3779b97f4a7c15ULL) >> 45) & (WCAP - 1);
  while (s->key[j] && s->key[j] != k) j = (j + 1) & (WCAP - 1);
  return j;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* layers 1..nl of key k0 (backward: by predecessors), pruned or not: the
** layer sizes in size[] and their sorted keys, one after another, in
** *all; the keys listed in *made.  0 when a layer passes WCAP / 2 */
static int wide_layers(const pn_keygame *g, uint64_t k0, int back,
                       int prune, int nl, size_t *size, uint64_t **all,
                       uint64_t *made) {
  wset s;
  uint64_t *cur = malloc(WCAP * 8), *nxt = malloc(WCAP * 8);
  uint64_t *out = malloc((size_t)(g->maxsucc + 1) * 8);
  uint32_t *mv = malloc((size_t)(g->maxsucc + 1) * 4);
  size_t ncur = 1, nall = 0, i;
  int l, ok = 1;
  s.key = calloc(WCAP, 8);
  s.tag = calloc(WCAP, 4);
  *all = malloc(WCAP * 8);
  *made = 0;
  cur[0] = k0;
  s.key[wset_slot(&s, k0)] = k0;
  for (l = 0; l < nl && ok; l++) {
    size_t nn = 0;
    for (i = 0; i < ncur && ok; i++) {
      uint32_t tag = s.tag[wset_slot(&s, cur[i])];
      int n, j;
      if (prune)
        n = back ? g->pred_after(g->ud, cur[i], tag, out, mv)
                 : g->succ_after(g->ud, cur[i], tag, out, mv);
      else
        n = back ? g->pred(g->ud, cur[i], out, mv)
                 : g->succ(g->ud, cur[i], out, mv);
      *made += (uint64_t)n;
      for (j = 0; j < n && ok; j++) {
        size_t q = wset_slot(&s, out[j]);
        if (s.key[q]) continue;
        s.key[q] = out[j];
        s.tag[q] = mv[j];
        nxt[nn++] = out[j];
        ok = nn < WCAP / 2 && nall + nn < WCAP / 2;
      }
    }
    size[l] = nn;
    memcpy(*all + nall, nxt, nn * 8);
    qsort(*all + nall, nn, 8, cmp_u64);
    nall += nn;
    memcpy(cur, nxt, nn * 8);
    ncur = nn;
  }
  free(s.key); free(s.tag); free(cur); free(nxt); free(out); free(mv);
  return ok;
}

/* whether list out[0..n) (moves mv) holds key k by the move code m (any
** move when m is 0) */
static int listed(const uint64_t *out, const uint32_t *mv, int n,
                  uint64_t k, uint32_t m) {
  int j;
  for (j = 0; j < n; j++)
    if (out[j] == k && (!m || mv[j] == m)) return 1;
  return 0;
}

/* the tag of move code m (from << 8 | to) in a game whose tags are
** from << tsh | to (the wide game's: 8, the bitboards': 6); the same
** order */
static uint32_t tag_of(uint32_t m, int tsh) {
  return (m >> 8) << tsh | (m & 0xff);
}

/* each state that pruning leaves out of key's moves after the move `last`
** (a tag; from p: forward, p -> key; backward, key -> p), checked against
** its reason with the moves listed in full: p itself, one move from p, or
** reached from p in two moves of which the second is larger than the one
** left out (the two in the other order, or the same coins to each
** other's cells: the search's descent to a pair not left out).  The kept
** moves are among all.  0 on a wrong one */
static int wide_reasons(const pn_keygame *g, uint64_t key, uint32_t last,
                        uint64_t p, int back, int tsh) {
  int ms = g->maxsucc + 1, nf, nk, np, j, good = 1;
  uint64_t *f = malloc((size_t)ms * 8 * 4), *k = f + ms, *q = k + ms,
           *u = q + ms;
  uint32_t *fm = malloc((size_t)ms * 4 * 4), *km = fm + ms, *qm = km + ms,
           *um = qm + ms;
  int (*all)(void *, uint64_t, uint64_t *, uint32_t *) =
    back ? g->pred : g->succ;
  nf = all(g->ud, key, f, fm);
  nk = back ? g->pred_after(g->ud, key, last, k, km)
            : g->succ_after(g->ud, key, last, k, km);
  np = all(g->ud, p, q, qm);
  uint32_t la = last >> tsh, lb = last & ((1u << tsh) - 1);
  for (j = 0; j < nk; j++) {
    int i, in = 0;
    for (i = 0; i < nf && !in; i++)
      in = f[i] == k[j] && tag_of(fm[i], tsh) == km[j];
    good &= in;
  }
  for (j = 0; j < nf && good; j++) {
    int i, why = f[j] == p || listed(q, qm, np, f[j], 0);
    if (listed(k, km, nk, f[j], tag_of(fm[j], tsh))) continue;
    /* two moves from p to f[j] take the cells of last and of fm[j], moved
    ** crosswise or not: a first move from one of the two cells to one of
    ** the other two, then the second from q[i] */
    for (i = 0; i < np && !why; i++) {
      uint32_t hi = qm[i] >> 8, lo = qm[i] & 255;
      int nu, x;
      if ((hi != la && hi != fm[j] >> 8) || (lo != lb && lo != (fm[j] & 255)))
        continue;
      nu = all(g->ud, q[i], u, um);
      for (x = 0; x < nu && !why; x++)
        why = u[x] == f[j] && um[x] > fm[j];
    }
    good &= why;
  }
  free(f);
  free(fm);
  return good;
}

/* the w x h box of lattice lat, its corner at the origin */
static pn_board *box_board(pn_lattice lat, int w, int h, pn_error *err) {
  int32_t lo[2] = {0, 0}, size[2];
  size[0] = w;
  size[1] = h;
  return pn_board_box(lat, 2, lo, size, err);
}

/*
** The wide game's keys read back (unrank) on windows of up to 256 cells,
** from one coin to all cells but one, up to the largest counts of sets
** it keys (2^63): a random set's successors are, move for move, the keys
** of the sets its legal moves make, and as many as the moves
*/
static void test_wide_keys(void) {
  static const struct { pn_lattice lat; int w, h, d, coins; } box[] = {
    { PN_SQUARE, 10, 10, 2, 1 },  { PN_SQUARE, 10, 10, 2, 2 },
    { PN_SQUARE, 10, 10, 2, 13 }, { PN_SQUARE, 10, 10, 2, 17 },
    { PN_SQUARE, 10, 10, 2, 90 }, { PN_SQUARE, 10, 10, 2, 99 },
    { PN_TRI, 20, 10, 2, 11 },    { PN_KING, 9, 8, 3, 20 },
    { PN_SQUARE, 16, 16, 2, 11 }, { PN_SQUARE, 16, 16, 2, 252 },
  };
  uint64_t seed = 4242;
  size_t bi;
  int made = 1, same = 1, moved = 0;
  for (bi = 0; bi < sizeof box / sizeof box[0]; bi++) {
    pn_error err;
    pn_board *b = box_board(box[bi].lat, box[bi].w, box[bi].h, &err);
    pn_rule r = {box[bi].d, 0};
    size_t nc = pn_board_ncells(b), i;
    int trial;
    uint32_t *ix = malloc(nc * sizeof *ix);
    for (trial = 0; trial < 200 && made && same; trial++) {
      pn_config c;
      pn_widegame wg;
      pn_move *mv;
      size_t n;
      uint64_t *o;
      uint32_t *m;
      int k, j;
      pn_config_init(&c);
      for (i = 0; i < nc; i++) ix[i] = (uint32_t)i;
      for (k = 0; k < box[bi].coins; k++) {        /* a random k-set */
        size_t at;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        at = (size_t)k + (size_t)(seed >> 33) % (nc - (size_t)k);
        i = ix[k]; ix[k] = ix[at]; ix[at] = (uint32_t)i;
        add(&c, pn_board_cell(b, ix[k]));
      }
      if (pn_widegame_init(&wg, b, &r, &c, &c, PN_FIXED, &err) != PN_OK) {
        made = 0;
        pn_config_clear(&c);
        break;
      }
      o = malloc((size_t)(wg.game.maxsucc + 1) * sizeof *o);
      m = malloc((size_t)(wg.game.maxsucc + 1) * sizeof *m);
      k = wg.game.succ(wg.game.ud, pn_widegame_key(&wg, &c), o, m);
      same &= pn_moves(b, &r, &c, &mv, &n, &err) == PN_OK && (size_t)k == n;
      for (j = 0; j < k && same; j++) {
        pn_move one = pn_widegame_move(&wg, m[j]);
        pn_config d;
        int few;
        pn_config_init(&d);
        same &= pn_move_check(b, &r, &c, one, &few) == PN_LEGAL
                && pn_config_copy(&d, &c, &err) == PN_OK
                && pn_config_remove(&d, one.from) == 1
                && pn_config_add(&d, one.to, 0, &err) == PN_OK
                && pn_widegame_key(&wg, &d) == o[j];
        pn_config_clear(&d);
        moved++;
      }
      free(mv);
      free(o);
      free(m);
      pn_widegame_free(&wg);
      pn_config_clear(&c);
    }
    free(ix);
    pn_board_free(b);
  }
  ok(made, "wide game: made on windows of up to 256 cells, 1 to 255 coins");
  ok(same && moved > 1000, "wide game: a set's successors are the keys of "
     "its legal moves, move for move");
}

static void test_wide_pruning(void) {

  static const struct { pn_lattice lat; int w, h, d, coins, fw, bw; } box[] = {
    { PN_SQUARE, 10, 10, 2, 13, 3, 2 },
    { PN_TRI, 12, 8, 3, 16, 3, 2 },
    { PN_KING, 9, 9, 4, 16, 3, 2 },
  };
  uint64_t seed = 12345;
  size_t bi;
  for (bi = 0; bi < sizeof box / sizeof box[0]; bi++) {
    pn_error err;
    pn_board *b = box_board(box[bi].lat, box[bi].w, box[bi].h, &err);
    pn_rule r = {box[bi].d, 0};
    int trial, same = 1, fewer = 1, back, reasons = 1, listing = 1;
    int undone = 1;
    for (trial = 0; trial < 2; trial++) {
      pn_config c;
      pn_widegame wg;
      int k = 0;
      pn_config_init(&c);
      /* coins at random in the top left 7 x 7 cells, until they can move
      ** both ways */
      for (;;) {
        uint64_t o[2048];
        uint32_t m[2048];
        while (k < box[bi].coins) {
          pn_pos p;
          seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
          p = P(b, (int64_t)(seed >> 33) % 7, (int64_t)(seed >> 45) % 7);
          if (pn_config_find(&c, p) < 0) { add(&c, p); k++; }
        }
        if (pn_widegame_init(&wg, b, &r, &c, &c, PN_FIXED, &err) != PN_OK) {
          pn_config_clear(&c);
          k = 0;
          break;
        }
        if (wg.game.maxsucc < 2048
            && wg.game.succ(wg.game.ud, pn_widegame_key(&wg, &c), o, m) > 0
            && wg.game.pred(wg.game.ud, pn_widegame_key(&wg, &c), o, m) > 0)
          break;
        pn_widegame_free(&wg);
        pn_config_clear(&c);
        k = 0;
      }
      if (k == 0) {                     /* the game could not be made */
        same = 0;
        break;
      }
      for (back = 0; back < 2; back++) {
        int nl = back ? box[bi].bw : box[bi].fw, l;
        size_t s0[4], s1[4], n = 0;
        uint64_t *a0, *a1, m0, m1;
        uint64_t k0 = pn_widegame_key(&wg, &c);
        same &= wide_layers(&wg.game, k0, back, 0, nl, s0, &a0, &m0);
        same &= wide_layers(&wg.game, k0, back, 1, nl, s1, &a1, &m1);
        for (l = 0; l < nl; l++) { same &= s0[l] == s1[l]; n += s0[l]; }
        same &= n > 0 && memcmp(a0, a1, n * 8) == 0;
        fewer &= m1 < m0;
        free(a0); free(a1);
      }
      {
        /* states a random walk away, each after every move into it
        ** (forward: from its predecessors) and out of it (backward) */
        uint64_t key = pn_widegame_key(&wg, &c), *o, *o2;
        uint32_t *m, *m2, last = 0;
        int step, n, j, *hs;
        size_t ms = (size_t)(wg.game.maxsucc + 1);
        o = malloc(ms * 8);
        m = malloc(ms * 4);
        o2 = malloc(ms * 8);
        m2 = malloc(ms * 4);
        hs = malloc(ms * sizeof *hs);
        for (step = 0; step < 25 && reasons; step++) {
          n = wg.game.pred(wg.game.ud, key, o, m);
          for (j = 0; j < n && j < 60; j++)
            reasons &= wide_reasons(&wg.game, key, m[j], o[j], 0, 8);
          /* A*'s listing: succ_after's moves, each with its bound */
          n = wg.game.succ_after(wg.game.ud, key, last, o, m);
          listing &= wg.game.succ_h(wg.game.ud, key, last, o2, m2, hs) == n;
          for (j = 0; j < n && listing; j++)
            listing &= o2[j] == o[j] && m2[j] == m[j]
                       && hs[j] == wg.game.h(wg.game.ud, o[j]);
          n = wg.game.succ(wg.game.ud, key, o, m);
          for (j = 0; j < n && j < 60; j++)
            reasons &= wide_reasons(&wg.game, key, m[j], o[j], 1, 8);
          /* each move undone by its tag (A*'s path) */
          for (j = 0; j < n; j++)
            undone &= wg.game.undo(wg.game.ud, o[j], m[j]) == key;
          if (n == 0) break;
          seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
          j = (int)((seed >> 33) % (uint64_t)n);
          key = o[j];
          last = m[j];
        }
        free(o);
        free(m);
        free(o2);
        free(m2);
        free(hs);
      }

      pn_widegame_free(&wg);
      pn_config_clear(&c);
    }
    ok(same, "wide game: the layers with move pruning are those without "
       "(both ways)");
    ok(reasons, "wide game: every move pruning leaves out has its reason");
    ok(fewer, "wide game: pruning lists fewer moves");
    ok(listing, "wide game: succ_h lists succ_after's moves, each with "
       "its bound");
    ok(undone, "wide game: undo takes each move back by its tag");
    pn_board_free(b);
  }
}

/* The bitboards' game prunes the same way (coins.c), both ways, its
** coins alike only within a label: layers and reasons as above, on
** unlabelled and labelled coins */
static void test_coin_pruning(void) {
  static const struct { pn_lattice lat; int w, h, d, coins, labels; } box[] = {
    { PN_SQUARE, 8, 8, 2, 13, 0 },
    { PN_SQUARE, 8, 8, 2, 12, 3 },
    { PN_TRI, 8, 8, 3, 14, 0 },
    { PN_KING, 7, 7, 4, 14, 2 },
  };
  uint64_t seed = 777;
  size_t bi;
  int same = 1, reasons = 1, fewer = 1;
  for (bi = 0; bi < sizeof box / sizeof box[0]; bi++) {
    pn_error err;
    pn_board *b = box_board(box[bi].lat, box[bi].w, box[bi].h, &err);
    pn_rule r = {box[bi].d, 0};
    int trial;
    for (trial = 0; trial < 2; trial++) {
      pn_config c;
      pn_coingame cg;
      bbstate st;
      uint64_t key, *o = NULL;
      uint32_t *m = NULL;
      int k = 0, tries, step, n = 0, j, back;
      pn_config_init(&c);
      for (tries = 0; tries < 200; tries++) {  /* until a coin can move */
        while (k < box[bi].coins) {
          pn_pos q;
          seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
          q = P(b, (int64_t)(seed >> 33) % 5, (int64_t)(seed >> 45) % 5);
          if (pn_config_find(&c, q) < 0) {
            pn_config_add(&c, q, box[bi].labels
                                 ? (int32_t)(seed >> 20) % box[bi].labels : 0,
                          NULL);
            k++;
          }
        }
        if (pn_coingame_init(&cg, b, &r, &c, &c, PN_FIXED, &err) == PN_OK) {
          bb_from_config(&cg.s, b, &c, &st);
          key = pn_coingame_key(&cg, &st);
          o = malloc((size_t)(cg.game.maxsucc + 1) * 8);
          m = malloc((size_t)(cg.game.maxsucc + 1) * 4);
          if (cg.game.succ(cg.game.ud, key, o, m) > 0) break;
          free(o); free(m);
          pn_coingame_free(&cg);
        }
        pn_config_clear(&c);
        k = 0;
      }
      if (tries == 200) { same = 0; break; }
      for (back = 0; back < 2; back++) {
        size_t s0[3], s1[3], tot = 0;
        uint64_t *a0, *a1, m0, m1;
        int l, nl = 3 - back;
        same &= wide_layers(&cg.game, key, back, 0, nl, s0, &a0, &m0);
        same &= wide_layers(&cg.game, key, back, 1, nl, s1, &a1, &m1);
        for (l = 0; l < nl; l++) { same &= s0[l] == s1[l]; tot += s0[l]; }
        same &= tot > 0 && memcmp(a0, a1, tot * 8) == 0;
        fewer &= m1 < m0;
        free(a0); free(a1);
      }
      for (step = 0; step < 20 && reasons; step++) {
        uint64_t *pk = malloc((size_t)(cg.game.maxsucc + 1) * 8);
        uint32_t *pm = malloc((size_t)(cg.game.maxsucc + 1) * 4);
        /* key after each move into it: from its predecessors */
        n = cg.game.pred(cg.game.ud, key, pk, pm);
        for (j = 0; j < n && j < 40; j++)
          reasons &= wide_reasons(&cg.game, key, tag_of(pm[j], 6), pk[j], 0,
                                  6);
        free(pk); free(pm);
        /* and before each move out of it */
        n = cg.game.succ(cg.game.ud, key, o, m);
        for (j = 0; j < n && j < 40; j++)
          reasons &= wide_reasons(&cg.game, key, tag_of(m[j], 6), o[j], 1, 6);
        if (n == 0) break;
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        key = o[(seed >> 33) % (uint64_t)n];
      }
      free(o); free(m);
      pn_coingame_free(&cg);
      pn_config_clear(&c);
    }
    pn_board_free(b);
  }
  ok(same, "bitboards: the layers with move pruning are those without, "
     "labelled and not");
  ok(reasons, "bitboards: every move pruning leaves out has its reason");
  ok(fewer, "bitboards: pruning lists fewer moves");
}

/*
** A* paused between batches and run on is the same search as A* run
** once: the same path, states stored and expanded, on one thread and two
** (the engine runs its chosen probe on this way)
*/
static void test_astar_pause(void) {
  pn_error err;
  pn_board *b = box_board(PN_TRI, 8, 8, &err);
  pn_rule r = {2, 0};
  pn_config s, g;
  pn_coingame cg;
  bbstate st;
  uint64_t key;
  int x, y, t, same = 1, paused = 0;
  pn_config_init(&s);
  pn_config_init(&g);
  for (x = 0; x < 4; x++)
    for (y = 0; y < 3; y++) {
      add(&s, P(b, x, y));
      add(&g, P(b, x + 2 + (y == 1), y + 3 + (x == 0)));
    }
  if (pn_coingame_init(&cg, b, &r, &s, &g, PN_FIXED, &err) != PN_OK) {
    ok(0, "A* paused and run on: the game");
    return;
  }
  bb_from_config(&cg.s, b, &s, &st);
  key = pn_coingame_key(&cg, &st);
  for (t = 1; t <= 2; t++) {
    pn_keyresult once, step;
    pn_astar *h = NULL;
    size_t pause = 64;
    memset(&step, 0, sizeof step);
    same &= pn_key_astar(&cg.game, key, t, NULL, &once, &err) == PN_OK
            && once.found && once.states > 4096;
    if (pn_astar_begin(&cg.game, key, t, NULL, &h, &err) != PN_OK) {
      same = 0;
      break;
    }
    do {
      pn_keyresult_clear(&step);
      same &= pn_astar_run(h, pause, &step, &err) == PN_OK;
      if (step.paused) {
        paused++;
        same &= step.states >= pause && step.states < once.states;
      }
      pause *= 4;
    } while (same && step.paused);
    pn_astar_end(h);
    same &= step.found && step.nmoves == once.nmoves
            && step.states == once.states && step.expanded == once.expanded
            && memcmp(step.moves, once.moves,
                      once.nmoves * sizeof *once.moves) == 0;
    pn_keyresult_clear(&once);
    pn_keyresult_clear(&step);
  }
  ok(same && paused >= 4, "A* paused between batches and run on is the "
     "same search: path, states, expansions (1 and 2 threads)");
  pn_coingame_free(&cg);
  pn_config_clear(&s);
  pn_config_clear(&g);
  pn_board_free(b);
}

/* }-------------------------------------------------------------------- */

/*
** The pattern databases built by a team of threads, the largest windows
** with all of them at once, equal byte for byte those one thread builds:
** toward a goal and from a source, on windows of 22 cells with fewer
** coins than cells (compact tables, full windows), as many, and more
*/
static void test_pdb_threads(void) {
  static const struct { pn_lattice lat; int w, h, coins; } box[] = {
    { PN_SQUARE, 11, 2, 9 }, { PN_TRI, 11, 2, 13 },
    { PN_SQUARE, 11, 2, 17 }, { PN_SQUARE, 8, 4, 24 },
  };
  static const int threads[] = { 2, 3, 16 };
  size_t bi;
  int same = 1, built = 1, teamwin = 0;
  for (bi = 0; bi < sizeof box / sizeof box[0]; bi++) {
    pn_error err;
    pn_board *b = box_board(box[bi].lat, box[bi].w, box[bi].h, &err);
    pn_rule r = {2, 0};
    pn_config c;
    bbspace s;
    int from, k;
    pn_config_init(&c);
    for (k = 0; k < box[bi].coins; k++)         /* the lowest cells */
      add(&c, pn_board_cell(b, (size_t)k));
    built &= bb_init(&s, b, &r, &c, &err) == PN_OK;
    for (from = 0; from < 2 && built; from++) {
      pn_pdb one;
      size_t t;
      int i;
      built &= pn_pdb_plan_cells(&one, box[bi].coins, b, 22) > 0;
      one.from = from;
      built &= pn_pdb_build(&one, &s, s.all & ~(s.all >> 7), 1, NULL, 0,
                            &err) == PN_OK;
      for (t = 0; t < sizeof threads / sizeof threads[0] && built; t++) {
        pn_pdb many;
        built &= pn_pdb_plan_cells(&many, box[bi].coins, b, 22) > 0;
        many.from = from;
        built &= pn_pdb_build(&many, &s, s.all & ~(s.all >> 7), threads[t],
                              NULL, 0, &err) == PN_OK;
        teamwin |= built && many.team > 0;
        for (i = 0; i < one.nwin && built; i++)
          same &= one.size[i] == many.size[i]
                  && memcmp(one.d[i], many.d[i], one.size[i]) == 0;
        if (built) pn_pdb_free(&many);
      }
      if (built) pn_pdb_free(&one);
    }
    if (built) bb_free(&s);
    pn_config_clear(&c);
    pn_board_free(b);
  }
  ok(built && teamwin, "pattern databases: windows of 22 cells built by "
     "the team");
  ok(same, "pattern databases: the same tables on 1, 2, 3 and 16 threads");
}

/*
** A table's keys moved to a table half as large again, or to a smaller
** one all but full (keys past the chunks' shares of it, more than a
** chunk notes one by one), by three threads at once (core/slots.h's
** shared rehash), in 1, 3 and 64 chunks: every key found, nothing else,
** each after a run of held slots from its home, the values moved with
** them.  The hash is the key itself, so the homes are chosen: spread
** out, or a quarter of them in a sixty-fourth of the table and some at
** its very end (a run that wraps around)
*/
static uint64_t same_hash(const void *ctx, uint64_t w) {
  (void)ctx;
  return w;
}

static void note_moved(void *ctx, size_t i, size_t j) {
  ((uint32_t *)ctx)[j] = (uint32_t)i + 1;
}

static void *rehash_thread(void *r) {
  pn_rehash_chunks(r, same_hash, note_moved);
  return NULL;
}

static int probe_same(const void *ctx, uint64_t w) {
  return w == *(const uint64_t *)ctx;
}

static void test_rehash_shared(void) {
  static const int chunks[] = { 1, 3, 64 };
  enum { OCAP = 40000, NCAP = 60000, NKEY = 27000 };
  uint64_t *old = calloc(OCAP, sizeof *old), *nw = calloc(NCAP, sizeof *nw);
  uint32_t *from = calloc(NCAP, sizeof *from);
  size_t ncap, nc;
  pn_rehash *r = malloc(sizeof *r);
  uint64_t x = 99;
  int skew, ci, good = old && nw && from && r, wrapped = 0, noted = 0;
  for (nc = 0; nc < 2; nc++)
  for (ncap = nc ? NKEY + 200 : NCAP, skew = 0; skew < 2 && good; skew++)
    for (ci = 0; ci < 3 && good; ci++) {
      pthread_t th[3];
      size_t i, j, held = 0;
      int k, t;
      memset(old, 0, OCAP * sizeof *old);
      for (k = 0; k < NKEY; k++) {             /* distinct keys, never 0 */
        uint64_t lo = xorshift(&x) & 0xffffffffu, w;
        if (skew && k % 4 == 0) lo = lo >> 6 | 0x80000000u;  /* 1/64 */
        if (skew && k % 97 == 0) lo |= 0xfff00000u;     /* the end */
        w = (uint64_t)(k + 1) << 32 | lo;
        j = pn_slots_probe(old, OCAP, w, probe_same, &w, &(uint64_t){0});
        old[j] = w;
      }
      wrapped |= old[0] != 0;
      memset(nw, 0, NCAP * sizeof *nw);
      memset(from, 0, NCAP * sizeof *from);
      r->old = old; r->ocap = OCAP; r->nw = nw; r->ncap = ncap;
      r->ctx = from;
      pn_rehash_plan(r, chunks[ci]);
      for (t = 0; t < 3; t++) pthread_create(&th[t], NULL, rehash_thread, r);
      for (t = 0; t < 3; t++) pthread_join(th[t], NULL);
      for (k = 0; k < r->nk; k++) noted |= r->stop[k] < r->at[k + 1];
      pn_rehash_finish(r, same_hash, note_moved);
      for (j = 0; j < NCAP && good; j++) {
        size_t h;
        if (!nw[j]) continue;
        held++;
        good &= j < ncap && from[j] > 0 && old[from[j] - 1] == nw[j];
        for (h = pn_slot_home(nw[j], ncap); h != j && good;
             h = pn_slot_next(h, ncap))
          good &= nw[h] != 0;
      }
      for (i = 0; i < OCAP && good; i++)
        if (old[i]) {
          uint64_t w = old[i], got;
          j = pn_slots_probe(nw, ncap, w, probe_same, &w, &got);
          good &= got == w;
        }
      good &= held == NKEY;
    }
  ok(good && wrapped && noted, "slots: a rehash shared by threads holds "
     "every key after a run from its home, in 1, 3 and 64 chunks");
  free(old);
  free(nw);
  free(from);
  free(r);
}

int main(void) {
  alarm(600);                   /* a hang (a thread team's) fails the run */
  test_packing();
  test_neighbours();
  test_moves_and_check();
  test_span();
  test_bfs();
  test_shift_counts();
  test_errors();
  test_team();
  test_spare();
  test_wide_keys();
  test_wide_pruning();
  test_coin_pruning();
  test_astar_pause();
  test_pdb_threads();
  test_rehash_shared();
  printf("1..%d\n", ntest);
  return nfail != 0;
}
