/*
** rules.c -- the coin-moving game (DDV): a move takes one coin to a free
** position of the board that has at least d occupied neighbours, not
** counting the moved coin.  Checking a move with the reason it fails,
** applying it, generating all moves, checking a whole sequence.
**
** This file is the rule's reference: pn_move_check (one move, with the
** reason it fails) and pn_dense_moves (every move, on a graph in CSR
** form; pn_moves builds the small local graph of a configuration's coins
** and their neighbours and runs it).  The engine's bitboards
** (search/bitboard.c, windows of at most 64 cells) are a second encoding
** of the same rule, for speed, and the wide game's cell sets of four
** words (search/wide.c, up to 256 cells) a third: tests/test_core.c holds
** the bitboards' neighbour counts to a count cell by cell, and the specs
** hold every engine's answers to the plain BFS, which runs
** pn_dense_moves.  The take/drop
** game G' (takedrop.c) is another game that counts neighbours the same
** way.
*/
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "slide.h"

const char *pn_reason_text(pn_reason r) {
  switch (r) {
    case PN_LEGAL: return "legal";
    case PN_NOCOIN: return "no coin at the origin";
    case PN_OCCUPIED: return "the destination is occupied";
    case PN_OFFBOARD: return "the destination is not on the board";
    case PN_FEW: return "the destination has too few occupied neighbours";
    case PN_SAME: return "the origin and the destination are the same";
    case PN_BLOCKED: return "the coin cannot slide there: a ring of touching "
                            "coins lies between";
  }
  return "?";
}

int pn_rule_valid(const pn_rule *r, pn_error *err) {
  if (r->d < 1)
    return pn_seterror(err, PN_EINVAL, "the adjacency threshold d must be "
                       "at least 1 (got %d)", r->d);
  if (r->d > PN_MAXDEG)
    return pn_seterror(err, PN_EINVAL, "the adjacency threshold d must be "
                       "at most %d (got %d)", PN_MAXDEG, r->d);
  return PN_OK;
}

/*
** The rule, once: is there a coin at a position?  Two kinds of sets answer
** it, a sorted configuration or a hash set of positions (long sequences on
** big configurations).
*/
typedef struct occupancy {
  const pn_config *c;
  const pn_hmap *h;
} occupancy;

static int occupied(const occupancy *o, pn_pos p) {
  return o->c ? pn_config_find(o->c, p) >= 0 : pn_hmap_get(o->h, (uint64_t)p) != NULL;
}

/* occupied neighbours of p, not counting the coin at skip */
static int count_occupied(const pn_board *b, const occupancy *o, pn_pos p,
                          pn_pos skip) {
  pn_pos nb[PN_MAXDEG];
  int k = pn_board_neighbours(b, p, nb), i, m = 0;
  for (i = 0; i < k; i++)
    if (nb[i] != skip && occupied(o, nb[i])) m++;
  return m;
}

int pn_slide_move(const pn_board *b, const pn_pos *coins, size_t n,
                  pn_move m) {
  pn_lattice kind = pn_board_kind(b);
  int64_t (*xy)[2], p[2], q[2];
  int64_t stackbuf[256][2];
  size_t i, w = 0;
  int ok;
  if (kind != PN_SQUARE && kind != PN_KING && kind != PN_TRI && kind != PN_HEX)
    return 1;                     /* slides are defined in the plane only */
  xy = n <= 256 ? stackbuf : malloc(n * sizeof *xy);
  if (!xy) return -1;
  pn_board_unpack(b, m.from, p);
  pn_board_unpack(b, m.to, q);
  for (i = 0; i < n; i++)
    if (coins[i] != m.from) pn_board_unpack(b, coins[i], xy[w++]);
  ok = pn_slide_free(kind == PN_TRI || kind == PN_HEX,
                     (const int64_t (*)[2])xy, w, p, q);
  if (xy != stackbuf) free(xy);
  return ok;
}

/* slides: the coins of an occupancy, then the geometric test */
static int slide_check(const pn_board *b, const occupancy *o, pn_move m) {
  pn_pos *pos;
  size_t n = 0, j;
  int ok;
  if (o->c) return pn_slide_move(b, o->c->pos, o->c->n, m);
  pos = malloc((o->h->n + 1) * sizeof *pos);
  if (!pos) return -1;
  for (j = 0; j < o->h->cap; j++)
    if (o->h->used[j]) pos[n++] = (pn_pos)o->h->keys[j];
  ok = pn_slide_move(b, pos, n, m);
  free(pos);
  return ok;
}

static pn_reason check(const pn_board *b, const pn_rule *r,
                       const occupancy *o, pn_move m, int *k) {
  int cnt;
  if (k) *k = 0;
  if (!occupied(o, m.from)) return PN_NOCOIN;
  if (m.from == m.to) return PN_SAME;
  if (!pn_board_contains(b, m.to)) return PN_OFFBOARD;
  if (occupied(o, m.to)) return PN_OCCUPIED;
  cnt = count_occupied(b, o, m.to, m.from);
  if (k) *k = cnt;
  if (cnt < r->d) return PN_FEW;
  /* out of memory counts as blocked: never a false "legal" */
  if (r->slide && slide_check(b, o, m) != 1) return PN_BLOCKED;
  return PN_LEGAL;
}

pn_reason pn_move_check(const pn_board *b, const pn_rule *r,
                        const pn_config *c, pn_move m, int *k) {
  occupancy o;
  o.c = c; o.h = NULL;
  return check(b, r, &o, m, k);
}

int pn_move_apply(pn_config *c, pn_move m) {
  ptrdiff_t i = pn_config_find(c, m.from);
  int32_t label;
  if (i < 0 || pn_config_find(c, m.to) >= 0) return 0;
  label = c->label[i];
  pn_config_remove(c, m.from);
  return pn_config_add(c, m.to, label, NULL) == PN_OK;
}

int pn_move_reversible(const pn_board *b, const pn_rule *r,
                       const pn_config *c, pn_move m) {
  occupancy o;
  /* after the move the coin at m.to must be able to go back: m.from needs
  ** d occupied neighbours among the other coins, which are c \ {m.from} */
  if (pn_move_check(b, r, c, m, NULL) != PN_LEGAL) return 0;
  o.c = c; o.h = NULL;
  return count_occupied(b, &o, m.from, m.from) >= r->d;
}

/* the sequence is replayed on a hash set of positions (label as value):
** O(1) per move, whatever the number of coins */
pn_reason pn_check_sequence(const pn_board *b, const pn_rule *r,
                            const pn_config *start, const pn_move *moves,
                            size_t nmoves, size_t *bad, int *k,
                            pn_config *final, pn_error *err) {
  pn_hmap h;
  occupancy o;
  pn_reason why = PN_LEGAL;
  size_t i;
  pn_hmap_init(&h);
  if (!pn_hmap_reserve(&h, start->n + 1)) {
    pn_seterror(err, PN_ENOMEM, "out of memory");
    return PN_NOCOIN;
  }
  for (i = 0; i < start->n; i++) {
    int isnew;
    pn_hmap_put(&h, (uint64_t)start->pos[i], start->label[i], &isnew);
  }
  o.c = NULL; o.h = &h;
  for (i = 0; i < nmoves; i++) {
    int64_t label;
    int isnew;
    why = check(b, r, &o, moves[i], k);
    if (why != PN_LEGAL) break;
    label = *pn_hmap_get(&h, (uint64_t)moves[i].from);
    pn_hmap_del(&h, (uint64_t)moves[i].from);
    pn_hmap_put(&h, (uint64_t)moves[i].to, label, &isnew);
  }
  if (bad) *bad = i;
  if (final && why == PN_LEGAL) {
    final->n = 0;
    if (pn_config_reserve(final, h.n, err) != PN_OK) why = PN_NOCOIN;
    else {
      size_t j, w = 0;
      for (j = 0; j < h.cap; j++)
        if (h.used[j]) {
          final->pos[w] = (pn_pos)h.keys[j];
          final->label[w++] = (int32_t)h.vals[j];
        }
      final->n = w;
      pn_config_sort(final);
    }
  }
  pn_hmap_free(&h);
  return why;
}

/* {====================================================================
** Dense generation
** ===================================================================== */

static void sort_u32(uint32_t *a, size_t n) {
  size_t i, j;
  for (i = 1; i < n; i++) {
    uint32_t v = a[i];
    for (j = i; j > 0 && a[j - 1] > v; j--) a[j] = a[j - 1];
    a[j] = v;
  }
}

size_t pn_dense_moves(const pn_graph *g, int d, const uint8_t *occ,
                      const uint32_t *coins, size_t n, uint32_t *cnt,
                      uint32_t *targets,
                      void (*emit)(uint32_t from, uint32_t to, void *ud),
                      void *ud) {
  size_t i, nt = 0, good = 0, nmoves = 0;
  uint32_t j;
  /* occupied-neighbour counts of the free cells next to a coin */
  for (i = 0; i < n; i++) {
    uint32_t c = coins[i];
    for (j = g->off[c]; j < g->off[c + 1]; j++) {
      uint32_t t = g->nbr[j];
      if (!occ[t] && cnt[t]++ == 0) targets[nt++] = t;
    }
  }
  /* only cells with >= d can be destinations (the mover may lower it) */
  for (i = 0; i < nt; i++)
    if ((int)cnt[targets[i]] >= d) {
      uint32_t t = targets[i];
      targets[i] = targets[good];
      targets[good++] = t;
    }
  sort_u32(targets, good);
  for (i = 0; i < n; i++) {
    uint32_t c = coins[i];
    size_t t;
    /* discount the mover itself from its neighbours' counts */
    for (j = g->off[c]; j < g->off[c + 1]; j++) cnt[g->nbr[j]]--;
    for (t = 0; t < good; t++)
      if ((int)cnt[targets[t]] >= d) {
        if (emit) emit(c, targets[t], ud);
        nmoves++;
      }
    for (j = g->off[c]; j < g->off[c + 1]; j++) cnt[g->nbr[j]]++;
  }
  for (i = 0; i < nt; i++) cnt[targets[i]] = 0;
  return nmoves;
}

/* }==================================================================== */


/* {====================================================================
** Moves of a configuration on any board, through its local graph
** ===================================================================== */

typedef struct local {
  size_t ncell;
  pn_pos *cells;        /* sorted */
  uint32_t *off, *nbr;
  uint8_t *occ;
  uint32_t *coins, *cnt, *targets;
} local;

static void local_free(local *l) {
  free(l->cells); free(l->off); free(l->nbr); free(l->occ);
  free(l->coins); free(l->cnt); free(l->targets);
}

static int local_build(const pn_board *b, const pn_config *c, local *l,
                       pn_error *err) {
  pn_hmap map;
  size_t i, w = 0, cap;
  int deg = pn_board_maxdeg(b), rc = PN_OK;
  pn_pos nb[PN_MAXDEG];
  memset(l, 0, sizeof *l);
  pn_hmap_init(&map);
  cap = c->n * (size_t)(deg + 1) + 1;
  l->cells = malloc(cap * sizeof *l->cells);
  if (!l->cells || !pn_hmap_reserve(&map, cap)) goto nomem;
  for (i = 0; i < c->n; i++) {
    int k = pn_board_neighbours(b, c->pos[i], nb), j, isnew;
    pn_hmap_put(&map, (uint64_t)c->pos[i], 0, &isnew);
    if (isnew) l->cells[w++] = c->pos[i];
    for (j = 0; j < k; j++) {
      pn_hmap_put(&map, (uint64_t)nb[j], 0, &isnew);
      if (isnew) l->cells[w++] = nb[j];
    }
  }
  l->ncell = w;
  qsort(l->cells, w, sizeof *l->cells, pn_cmp_pos);
  for (i = 0; i < w; i++) *pn_hmap_get(&map, (uint64_t)l->cells[i]) =
                            (int64_t)i;
  l->off = malloc((w + 1) * sizeof *l->off);
  l->nbr = malloc((w * (size_t)deg + 1) * sizeof *l->nbr);
  l->occ = calloc(w + 1, 1);
  l->coins = malloc((c->n + 1) * sizeof *l->coins);
  l->cnt = calloc(w + 1, sizeof *l->cnt);
  l->targets = malloc((w + 1) * sizeof *l->targets);
  if (!l->off || !l->nbr || !l->occ || !l->coins || !l->cnt || !l->targets)
    goto nomem;
  {
    size_t e = 0;
    for (i = 0; i < w; i++) {
      int k = pn_board_neighbours(b, l->cells[i], nb), j;
      l->off[i] = (uint32_t)e;
      for (j = 0; j < k; j++) {
        int64_t *id = pn_hmap_get(&map, (uint64_t)nb[j]);
        if (id) l->nbr[e++] = (uint32_t)*id;
      }
    }
    l->off[w] = (uint32_t)e;
  }
  for (i = 0; i < c->n; i++) {
    uint32_t id = (uint32_t)*pn_hmap_get(&map, (uint64_t)c->pos[i]);
    l->coins[i] = id;
    l->occ[id] = 1;
  }
  pn_hmap_free(&map);
  return PN_OK;
nomem:
  rc = pn_seterror(err, PN_ENOMEM, "out of memory generating moves");
  pn_hmap_free(&map);
  local_free(l);
  return rc;
}

typedef struct collect {
  const local *l;
  pn_move *moves;
  size_t n;
} collect;

static void collect_move(uint32_t from, uint32_t to, void *ud) {
  collect *cl = ud;
  cl->moves[cl->n].from = cl->l->cells[from];
  cl->moves[cl->n].to = cl->l->cells[to];
  cl->n++;
}

static int cmp_move(const void *a, const void *b) {
  const pn_move *x = a, *y = b;
  if (x->from != y->from) return (x->from > y->from) - (x->from < y->from);
  return (x->to > y->to) - (x->to < y->to);
}

int pn_moves(const pn_board *b, const pn_rule *r, const pn_config *c,
             pn_move **out, size_t *nout, pn_error *err) {
  local l;
  collect cl;
  pn_graph g;
  size_t n;
  int rc;
  *out = NULL; *nout = 0;
  if ((rc = pn_rule_valid(r, err)) != PN_OK) return rc;
  if (c->n == 0) return PN_OK;
  if ((rc = local_build(b, c, &l, err)) != PN_OK) return rc;
  g.ncell = (uint32_t)l.ncell; g.off = l.off; g.nbr = l.nbr;
  n = pn_dense_moves(&g, r->d, l.occ, l.coins, c->n, l.cnt, l.targets,
                     NULL, NULL);
  cl.l = &l; cl.n = 0;
  cl.moves = malloc((n + 1) * sizeof *cl.moves);
  if (!cl.moves) {
    local_free(&l);
    return pn_seterror(err, PN_ENOMEM, "out of memory generating moves");
  }
  pn_dense_moves(&g, r->d, l.occ, l.coins, c->n, l.cnt, l.targets,
                 collect_move, &cl);
  local_free(&l);
  if (r->slide) {              /* keep the moves a slide can make */
    size_t i, w = 0;
    for (i = 0; i < cl.n; i++)
      if (pn_slide_move(b, c->pos, c->n, cl.moves[i]) == 1)
        cl.moves[w++] = cl.moves[i];
    cl.n = w;
  }
  qsort(cl.moves, cl.n, sizeof *cl.moves, cmp_move);
  *out = cl.moves;
  *nout = cl.n;
  return PN_OK;
}

/* }==================================================================== */
