/*
** coins.c -- the coin-moving game as a pn_keygame (see coins.h).
**
** Keys: an unlabelled state is its mask (never 0: there is a coin); a
** labelled one is its rank + 1.  Move codes: from << 8 | to (cells).
** A predecessor of a state is obtained by taking a coin that can have come
** last (d occupied neighbours among the others) back to any free cell.
*/
#include <stdlib.h>
#include <string.h>

#include "coins.h"
#include "core/util.h"

uint64_t pn_coingame_key(const pn_coingame *cg, const bbstate *st) {
  if (cg->s.nclass == 1) return st->m[0];
  return bb_rank(&cg->s, st) + 1;
}

void pn_coingame_state(const pn_coingame *cg, uint64_t key, bbstate *st) {
  if (cg->s.nclass == 1) { st->m[0] = key; return; }
  bb_unrank(&cg->s, key - 1, st);
}

pn_move pn_coingame_move(const pn_coingame *cg, uint32_t mv) {
  pn_move m;
  m.from = pn_board_cell(cg->w, mv >> 8);
  m.to = pn_board_cell(cg->w, mv & 0xff);
  return m;
}

/* the successors of key, in the order of their move codes; with tags,
** mv[] gets each move's tag (from << 6 | to) instead of its code, and
** these are left out (see succ_after):
**   - those the databases' bit sets prove dead (no goal below them: as
**     cheap as a cache hit, where the table lookup and the bound that
**     would drop them are cache misses);
**   - with a last move a -> b (tag `last`, 0 at the start) from the state
**     p, those one move from p or p itself (no nearer the start than key:
**     never the next state of a shortest path through key), and those
**     that two moves from p reach, the second later in tag order: the
**     move and a -> b in the other order, or, the coins alike, each to
**     the other's cell (wide.c's rules, keygame.h).
** Two passes: the moves first (their class and cells in mv[]), then the
** bit tests, with the words of a move DEADAHEAD places on fetched early
** (the bit sets outgrow the core's cache next to the tables' traffic),
** and the keys. */
#define DEADAHEAD 8
#define MV_CLASS 16                     /* mv[]: class << 16 | from << 8 | to */

static bb_t after_move(bb_t u, uint32_t mv) {
  return u ^ ((bb_t)1 << (mv >> 8 & 0xff) | (bb_t)1 << (mv & 0xff));
}

static int list(const pn_coingame *cg, uint64_t key, int tags, uint32_t last,
                uint64_t *out, uint32_t *mv) {
  const bbspace *s = &cg->s;
  bbstate st;
  bbtargets t;
  bb_t u, p = 0, rest = 0, swap = 0;
  int k, n = 0, j, m = 0, a = -1, b = -1, kb = 0, ab = 0;
  const pn_pdb *live = tags && cg->pdb && cg->pdb->nbits ? cg->pdb : NULL;
  pn_coingame_state(cg, key, &st);
  u = bb_union(s, &st);
  bb_targets(s, u, &t);
  if (!tags && s->nclass == 1) {        /* unlabelled, nothing left out */
    bb_t coins = u;
    while (coins) {
      int c = __builtin_ctzll(coins);
      bb_t dst = bb_dest(s, &t, c), from = (bb_t)1 << c;
      coins &= coins - 1;
      while (dst) {
        int d = __builtin_ctzll(dst);
        dst &= dst - 1;
        out[n] = u ^ (from | (bb_t)1 << d);
        mv[n++] = (uint32_t)(c << 8 | d);
      }
    }
    return n;
  }
  if (tags && last) {
    a = (int)(last >> 6);                 /* the last move: a -> b */
    b = (int)(last & 63);
    p = (u & ~((bb_t)1 << b)) | (bb_t)1 << a;   /* the state before it */
    rest = u & ~((bb_t)1 << b);
    kb = __builtin_popcountll(s->nbr[b] & rest);
    ab = (int)(s->nbr[b] >> a & 1);
    /* the cells below b where a could have gone from p: free, not a,
    ** with d neighbours among the coins but b */
    swap = ((t.td & ~s->nbr[b]) | (t.td1 & s->nbr[b]))
           & ~((bb_t)1 << a) & (((bb_t)1 << b) - 1);
  }
  for (k = 0; k < s->nclass; k++) {
    /* not the coin that moved last: to a, that is p; elsewhere, the move
    ** a -> d from p (d has the same neighbours among the other coins) */
    bb_t coins = last ? st.m[k] & rest : st.m[k];
    int alike = last && (st.m[k] >> b & 1);
    while (coins) {
      int c = __builtin_ctzll(coins);
      bb_t dst = bb_dest(s, &t, c);
      coins &= coins - 1;
      if (alike) {
        /* coins alike to each other's cells: c -> b then a -> d, every
        ** move of c < a when c -> b is a move from p; a -> d then
        ** c -> b, d < b when a -> d is one from p and c -> b after it */
        int kbc = kb - (int)(s->nbr[b] >> c & 1);
        if (c < a && kbc + ab >= s->d) continue;
        dst &= ~(kbc >= s->d ? swap
                 : kbc + 1 == s->d ? swap & s->nbr[b] : 0);
      }
      while (dst) {
        int d = __builtin_ctzll(dst);
        dst &= dst - 1;
        if (last) {
          uint32_t tag = (uint32_t)(c << 6 | d);
          if (d == a) {
            /* into the cell a left: one move c -> b from p, if the coins
            ** on c and b are alike */
            if ((st.m[k] >> b & 1)
                && __builtin_popcountll(s->nbr[b] & p & ~((bb_t)1 << c)) >= s->d)
              continue;
          } else if (tag < last
                     /* c -> d and a -> b commute: c -> d is a move from p
                     ** (d has enough neighbours in p less c), and a -> b
                     ** one after it (b in p less a, c, plus d) */
                     && __builtin_popcountll(s->nbr[d] & p
                                             & ~((bb_t)1 << c)) >= s->d
                     && __builtin_popcountll(s->nbr[b]
                                             & ((rest & ~((bb_t)1 << c))
                                                | (bb_t)1 << d)) >= s->d)
            continue;
        }
        mv[n++] = (uint32_t)(k << MV_CLASS | c << 8 | d);
      }
    }
  }
  if (live)
    for (j = 0; j < n && j < DEADAHEAD; j++)
      pn_pdb_dead_hint(live, after_move(u, mv[j]));
  for (j = 0; j < n; j++) {
    uint32_t x = mv[j], c = x >> 8 & 0xff, d = x & 0xff;
    if (live) {
      if (j + DEADAHEAD < n)
        pn_pdb_dead_hint(live, after_move(u, mv[j + DEADAHEAD]));
      if (pn_pdb_dead(live, after_move(u, x))) continue;
    }
    if (s->nclass == 1) {
      out[m] = after_move(u, x);
    } else {
      bbstate nx = st;
      nx.m[x >> MV_CLASS] ^= (bb_t)1 << c | (bb_t)1 << d;
      out[m] = pn_coingame_key(cg, &nx);
    }
    mv[m++] = tags ? c << 6 | d : c << 8 | d;
  }
  return m;
}

static int succ(void *ud, uint64_t key, uint64_t *out, uint32_t *mv) {
  return list(ud, key, 0, 0, out, mv);
}

static int succ_after(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                      uint32_t *tags) {
  return list(ud, key, 1, last, out, tags);
}

/* the states one move before key: a coin with at least d neighbours
** among the others came from any free cell; with tags, mv[] gets each
** move's tag (from << 6 | to) and, after the move `last` (a -> b from key
** to q, one step nearer the goal), those wide.c's pred_list leaves out
** are left out here, the rules that swap two coins' cells for coins
** alike only (the coin on a's class) */
static int pred_list(const pn_coingame *cg, uint64_t key, int tags,
                     uint32_t last, uint64_t *out, uint32_t *mv) {
  const bbspace *s = &cg->s;
  bbstate st;
  bb_t u, freec, below = 0, bbit = 0;
  int k, n = 0, a = -1, b = -1, kb = 0, ab = 0;
  pn_coingame_state(cg, key, &st);
  u = bb_union(s, &st);
  freec = s->all & ~u;
  if (tags && last) {
    a = (int)(last >> 6);
    b = (int)(last & 63);
    bbit = (bb_t)1 << b;
    below = ((bb_t)1 << a) - 1;
    ab = (int)(s->nbr[b] >> a & 1);
    kb = __builtin_popcountll(s->nbr[b] & u) - ab;   /* b's, but a */
  }
  for (k = 0; k < s->nclass; k++) {
    bb_t coins = st.m[k];
    int alike = a >= 0 && (st.m[k] >> a & 1);
    while (coins) {
      int c = __builtin_ctzll(coins);
      bb_t orig = freec;
      coins &= coins - 1;
      if (!bb_can_have_moved(s, u, c)) continue;
      if (a >= 0) {
        int kx, kbx;
        if (c == a) continue;
        kx = __builtin_popcountll(s->nbr[c] & u & ~((bb_t)1 << a));
        kbx = kb - (int)(s->nbr[b] >> c & 1);
        if (kx + (int)(s->nbr[c] >> b & 1) >= s->d) {
          /* c goes back from q: not to b (alike), nor before a where b
          ** follows; nowhere when c < b and b then goes back (alike) */
          if (alike && c < b && kbx + ab >= s->d) continue;
          if (alike) orig &= ~bbit;
          if (kbx + 1 >= s->d)       /* (b is not free in q) */
            orig &= ~(below & ~bbit & (kbx >= s->d ? ~(bb_t)0 : s->nbr[b]));
        }
        /* b goes back to y < a from q, then c to a (alike) */
        if (alike && kb >= s->d && kx + 1 >= s->d)
          orig &= ~(below & ~bbit & (kx >= s->d ? ~(bb_t)0 : s->nbr[c]));
      }
      while (orig) {
        int p = __builtin_ctzll(orig);
        bb_t flip = ((bb_t)1 << c) | ((bb_t)1 << p);
        orig &= orig - 1;
        if (s->nclass == 1) {           /* the key is the mask */
          out[n] = u ^ flip;
        } else {
          bbstate pr = st;
          pr.m[k] ^= flip;
          out[n] = pn_coingame_key(cg, &pr);
        }
        mv[n++] = tags ? (uint32_t)(p << 6 | c) : (uint32_t)(p << 8 | c);
      }
    }
  }
  return n;
}

static int pred(void *ud, uint64_t key, uint64_t *out, uint32_t *mv) {
  return pred_list(ud, key, 0, 0, out, mv);
}

static int pred_after(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                      uint32_t *tags) {
  return pred_list(ud, key, 1, last, out, tags);
}

static int holds(const pn_coingame *cg, const bbstate *st, const bbstate *p) {
  int k;
  for (k = 0; k < cg->s.nclass; k++)
    if ((st->m[k] & p->m[k]) != p->m[k]) return 0;
  return 1;
}

static int is_goal(void *ud, uint64_t key) {
  pn_coingame *cg = ud;
  bbstate st;
  size_t i;
  pn_coingame_state(cg, key, &st);
  for (i = 0; i < cg->npat; i++)
    if (holds(cg, &st, &cg->pat[i])) return 1;
  return 0;
}

/* goal cells not yet covered by a coin of their class: each move covers at
** most one more, so this never overestimates and changes by at most one
** per move (consistent); the least over the placements.  With pattern
** databases (one placement), the larger of that and their bound on the
** occupied cells (labels ignored: a relaxation), consistent as well. */
static int heuristic(void *ud, uint64_t key) {
  pn_coingame *cg = ud;
  bbstate st;
  size_t i;
  int best = 255;
  pn_coingame_state(cg, key, &st);
  for (i = 0; i < cg->npat && best > 0; i++) {
    int k, h = 0;
    for (k = 0; k < cg->s.nclass; k++)
      h += __builtin_popcountll(cg->pat[i].m[k] & ~st.m[k]);
    if (h < best) best = h;
  }
  if (cg->pdb) {
    int hp = pn_pdb_h(cg->pdb, bb_union(&cg->s, &st));
    if (hp > best) best = hp;
  }
  return best;
}

/* 0 if heuristic(key) <= bound, else a lower bound on it above bound */
static int heuristic_above(void *ud, uint64_t key, int bound) {
  pn_coingame *cg = ud;
  bbstate st;
  size_t i;
  int best = 255;
  pn_coingame_state(cg, key, &st);
  for (i = 0; i < cg->npat && best > bound; i++) {
    int k, h = 0;
    for (k = 0; k < cg->s.nclass; k++)
      h += __builtin_popcountll(cg->pat[i].m[k] & ~st.m[k]);
    if (h < best) best = h;
  }
  if (best > bound) return best;
  return cg->pdb ? pn_pdb_above(cg->pdb, bb_union(&cg->s, &st), bound) : 0;
}

/* one placement's count of cells, without tables */
static int heuristic_cheap(void *ud) {
  const pn_coingame *cg = ud;
  return cg->npat == 1 && !cg->pdb;
}

static void heuristic_hint(void *ud, uint64_t key) {
  pn_coingame *cg = ud;
  bbstate st;
  if (!cg->pdb) return;
  pn_coingame_state(cg, key, &st);
  pn_pdb_hint(cg->pdb, bb_union(&cg->s, &st));
}

/* a goal configuration as a pattern of the window, if it fits */
static int pattern_of(const pn_coingame *cg, const pn_config *c, bbstate *p) {
  size_t i;
  int k;
  memset(p, 0, sizeof *p);
  for (i = 0; i < c->n; i++) {
    int64_t id = pn_board_index(cg->w, c->pos[i]);
    if (id < 0) return 0;
    for (k = 0; k < cg->s.nclass && cg->s.label[k] != c->label[i]; k++) {}
    if (k == cg->s.nclass) return 0;
    p->m[k] |= (bb_t)1 << id;
  }
  return 1;
}

/* a placement of the goal: its pattern, once, if it fits */
static int placed(const pn_config *c, void *ud) {
  pn_coingame *cg = ud;
  bbstate p;
  size_t i;
  if (!pattern_of(cg, c, &p)) return 0;
  for (i = 0; i < cg->npat; i++)
    if (memcmp(&cg->pat[i], &p, sizeof p) == 0) return 1;
  if (cg->npat == cg->patcap) return 0;
  cg->pat[cg->npat++] = p;
  return 1;
}

int pn_coingame_init(pn_coingame *cg, const pn_board *w, const pn_rule *r,
                     const pn_config *start, const pn_config *goal,
                     pn_goalmode mode, pn_error *err) {
  pn_goal gl;
  size_t cap, i;
  int rc;
  if ((rc = bb_fits(w, err)) != PN_OK) return rc;
  memset(cg, 0, sizeof *cg);
  cg->w = w;
  if ((rc = bb_init(&cg->s, w, r, start, err)) != PN_OK) return rc;
  if ((rc = pn_goal_init(&gl, w, goal, mode, err)) != PN_OK) goto fail;
  cap = goal->n == 0 || mode == PN_FIXED ? 1
      : pn_board_ncells(w) * (size_t)(gl.nvariants > 0 ? gl.nvariants : 1) + 1;
  cg->pat = malloc(cap * sizeof *cg->pat);
  if (!cg->pat) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto fail; }
  cg->patcap = cap;
  if ((rc = pn_goal_placements(&gl, placed, cg, err)) != PN_OK) goto fail;
  pn_goal_free(&gl);
  cg->full = goal->n == start->n;
  if (cg->full) {
    cg->goals = malloc((cg->npat + 1) * sizeof *cg->goals);
    if (!cg->goals) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto fail2; }
    for (i = 0; i < cg->npat; i++)
      cg->goals[i] = pn_coingame_key(cg, &cg->pat[i]);
  }
  cg->game.ud = cg;
  cg->game.maxsucc = cg->s.ncoin * (cg->s.ncell - cg->s.ncoin) + 1;
  /* a mask of the window's cells, or a rank + 1 up to size */
  cg->game.keybits = cg->s.nclass == 1 ? cg->s.ncell
                   : cg->s.size ? 64 - __builtin_clzll(cg->s.size) : 0;
  cg->game.succ = succ;
  cg->game.pred = pred;
  cg->game.tagbits = 12;             /* from << 6 | to: never 0 */
  cg->game.succ_after = succ_after;
  cg->game.pred_after = pred_after;
  cg->game.is_goal = is_goal;
  cg->game.h = heuristic;
  cg->game.h_hint = heuristic_hint;
  cg->game.h_cheap = heuristic_cheap;
  cg->game.h_above = heuristic_above;
  return PN_OK;
fail:
  pn_goal_free(&gl);
fail2:
  pn_coingame_free(cg);
  return rc;
}

void pn_coingame_reverse(pn_coingame *cg) {
  cg->game.succ = pred;
  cg->game.pred = succ;
  cg->game.succ_after = pred_after;  /* the moves undone, pruned */
  cg->game.pred_after = NULL;
}

void pn_coingame_free(pn_coingame *cg) {
  bb_free(&cg->s);
  free(cg->pat);
  free(cg->goals);
  cg->pat = NULL;
  cg->goals = NULL;
}
