/*
** takedrop.c -- the take/drop game G' and CLEAN (thesis Section 1.4,
** Prop 1.13), for any board.
**
** CLEAN turns a legal action sequence of G' into moves of G:
**  1. each take is postponed to the next drop and paired with it (first
**     taken, first dropped) into a move o -> d; unpaired takes (coins left
**     in the reserve) stay on the board; this gives a sequence G'' of moves
**     with stacking, legal because a coin that stays only adds neighbours;
**  2. stacking is removed.  The thesis's pseudocode (Algorithm 2) swaps the
**     roles of two coins per skipped move, but loses track when a skipped
**     move lands on a coin that is itself standing in for another (a
**     postponed take): penny re-derives the conversion with an invariant.
**     G's coins are the positions occupied in G'' plus extra coins; each
**     extra coin stands for one surplus coin of a stacked position of G''
**     (ex[p] lists them, owner[x] = p).  A move o -> d of G'':
**       - leaves o with a surplus coin: that coin is an extra one, x;
**       - else the coin at o leaves o's support and becomes the mover x;
**       - d empty in G (not occupied in G'', no extra coin): G plays
**         x -> d (legal: every neighbour G'' counts is occupied in G, and
**         x is not one of them);
**       - d empty in G'' but holding an extra coin: that coin becomes d's
**         support and x stands in its place (if x is that coin, nothing
**         moves);
**       - d occupied in G'': x stands for d's new surplus coin.
**     Every move of G is thus legal, and G's positions always contain
**     those of G''.
** Both passes use hash maps: the board may be unbounded.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* {====================================================================
** CLEAN
** ===================================================================== */

/* the extra coins standing for the surplus of each stacked position: a
** pool of linked nodes */
typedef struct surplus {
  pn_hmap head;              /* position -> first node + 1 */
  pn_hmap owner;             /* extra coin position -> stacked position */
  pn_pos *at;                /* node -> extra coin position */
  size_t *next;              /* node -> next node + 1 (0 = end) */
  size_t n, cap, freelist;   /* freelist: node + 1 */
} surplus;

static int sp_push(surplus *s, pn_pos p, pn_pos x) {
  size_t node;
  int64_t *h;
  int isnew;
  if (s->freelist) { node = s->freelist - 1; s->freelist = s->next[node]; }
  else {
    if (s->n == s->cap) {
      size_t ncap = s->cap ? 2 * s->cap : 64;
      pn_pos *na = realloc(s->at, ncap * sizeof *na);
      size_t *nn;
      if (!na) return 0;
      s->at = na;
      nn = realloc(s->next, ncap * sizeof *nn);
      if (!nn) return 0;
      s->next = nn;
      s->cap = ncap;
    }
    node = s->n++;
  }
  h = pn_hmap_put(&s->head, (uint64_t)p, 0, &isnew);
  if (!h) return 0;
  s->at[node] = x;
  s->next[node] = (size_t)*h;
  *h = (int64_t)(node + 1);
  {
    int64_t *o = pn_hmap_put(&s->owner, (uint64_t)x, 0, &isnew);
    if (!o) return 0;
    *o = (int64_t)p;
  }
  return 1;
}

/* pop an extra coin standing for a surplus coin of p */
static pn_pos sp_pop(surplus *s, pn_pos p) {
  int64_t *h = pn_hmap_get(&s->head, (uint64_t)p);
  size_t node = (size_t)*h - 1;
  pn_pos x = s->at[node];
  *h = (int64_t)s->next[node];
  if (*h == 0) pn_hmap_del(&s->head, (uint64_t)p);
  s->next[node] = s->freelist;
  s->freelist = node + 1;
  pn_hmap_del(&s->owner, (uint64_t)x);
  return x;
}

/* the extra coin at x now stands at y instead (x becomes a support) */
static int sp_replace(surplus *s, pn_pos x, pn_pos y) {
  int64_t *o = pn_hmap_get(&s->owner, (uint64_t)x), *h;
  pn_pos p;
  size_t node;
  int isnew;
  if (!o) return 0;
  p = (pn_pos)*o;
  pn_hmap_del(&s->owner, (uint64_t)x);
  for (h = pn_hmap_get(&s->head, (uint64_t)p), node = (size_t)*h - 1;
       s->at[node] != x; node = s->next[node] - 1) {}
  s->at[node] = y;
  o = pn_hmap_put(&s->owner, (uint64_t)y, 0, &isnew);
  if (!o) return 0;
  *o = (int64_t)p;
  return 1;
}

static void sp_free(surplus *s) {
  pn_hmap_free(&s->head);
  pn_hmap_free(&s->owner);
  free(s->at);
  free(s->next);
}

int pn_clean(const pn_config *start, const pn_action *a, size_t n,
             pn_move **out, size_t *nout, pn_error *err) {
  pn_move *m = NULL;
  pn_pos *queue = NULL;
  size_t qhead = 0, qtail = 0, nm = 0, i, w;
  pn_hmap height;            /* G'': position -> number of coins */
  surplus sp;
  int rc = PN_OK;
  *out = NULL; *nout = 0;
  pn_hmap_init(&height);
  memset(&sp, 0, sizeof sp);
  pn_hmap_init(&sp.head);
  pn_hmap_init(&sp.owner);
  m = malloc((n + 1) * sizeof *m);
  queue = malloc((n + 1) * sizeof *queue);
  if (!m || !queue || !pn_hmap_reserve(&height, start->n + 16)) goto nomem;
  /* pass 1: pair takes with drops */
  for (i = 0; i < n; i++) {
    switch (a[i].kind) {
      case PN_ACT_TAKE:
        queue[qtail++] = a[i].from;
        break;
      case PN_ACT_DROP:
        if (qhead == qtail) {
          rc = pn_seterror(err, PN_EINVAL, "action %zu drops from an empty "
                           "reserve", i + 1);
          goto done;
        }
        m[nm].from = queue[qhead++];
        m[nm].to = a[i].to;
        if (m[nm].from != m[nm].to) nm++;
        break;
      case PN_ACT_MOVE:
        m[nm].from = a[i].from;
        m[nm].to = a[i].to;
        if (m[nm].from != m[nm].to) nm++;
        break;
    }
  }
  /* pass 2: remove the stacking (see the top of the file) */
  for (i = 0; i < start->n; i++) {
    int isnew;
    if (!pn_hmap_put(&height, (uint64_t)start->pos[i], 1, &isnew)) goto nomem;
  }
  for (i = w = 0; i < nm; i++) {
    pn_pos o = m[i].from, d = m[i].to, x;
    int64_t *ho = pn_hmap_get(&height, (uint64_t)o), *hd;
    int isnew;
    if (!ho) {
      rc = pn_seterror(err, PN_EINVAL, "move %zu of the paired sequence "
                       "leaves an empty position", i + 1);
      goto done;
    }
    if (*ho >= 2) { x = sp_pop(&sp, o); --*ho; }
    else { x = o; pn_hmap_del(&height, (uint64_t)o); }
    hd = pn_hmap_put(&height, (uint64_t)d, 0, &isnew);
    if (!hd) goto nomem;
    if (*hd >= 1) {
      if (!sp_push(&sp, d, x)) goto nomem;           /* d's new surplus */
    } else if (x == d) {
      /* the extra coin already stands on d: it becomes d's support */
    } else if (pn_hmap_get(&sp.owner, (uint64_t)d)) {
      if (!sp_replace(&sp, d, x)) goto nomem;        /* d's extra supports */
    } else {
      m[w].from = x;                                 /* a real move */
      m[w].to = d;
      w++;
    }
    ++*hd;
  }
  *out = m;
  *nout = w;
  m = NULL;
  goto done;
nomem:
  rc = pn_seterror(err, PN_ENOMEM, "out of memory in CLEAN");
done:
  free(m);
  free(queue);
  pn_hmap_free(&height);
  sp_free(&sp);
  return rc;
}

/* }==================================================================== */


/* stack height at p */
static int64_t height(const pn_hmap *h, pn_pos p) {
  int64_t *v = pn_hmap_get(h, (uint64_t)p);
  return v ? *v : 0;
}

/* occupied neighbours of p in G', the mover's origin counting only if
** another coin stays there */
static int nbrs(const pn_board *b, const pn_hmap *h, pn_pos p, pn_pos mover) {
  pn_pos nb[PN_MAXDEG];
  int k = pn_board_neighbours(b, p, nb), i, c = 0;
  for (i = 0; i < k; i++) {
    int64_t hgt = height(h, nb[i]);
    if (nb[i] == mover) hgt--;
    if (hgt > 0) c++;
  }
  return c;
}

static int add(pn_hmap *h, pn_pos p, int64_t delta) {
  int isnew;
  int64_t *v = pn_hmap_put(h, (uint64_t)p, 0, &isnew);
  if (!v) return 0;
  *v += delta;
  if (*v == 0) pn_hmap_del(h, (uint64_t)p);
  return 1;
}

size_t pn_takedrop_check(const pn_board *b, const pn_rule *r,
                         const pn_config *start, const pn_action *a, size_t n,
                         pn_config *final, char *why, size_t whylen) {
  pn_hmap h;
  size_t i, reserve = 0, bad = 0;
  pn_hmap_init(&h);
  for (i = 0; i < start->n; i++) add(&h, start->pos[i], 1);
  for (i = 0; i < n && !bad; i++) {
    const pn_action *x = &a[i];
    if (x->kind == PN_ACT_TAKE) {
      if (height(&h, x->from) == 0) {
        snprintf(why, whylen, "take from an empty position");
        bad = i + 1;
      } else { add(&h, x->from, -1); reserve++; }
    } else if (x->kind == PN_ACT_DROP) {
      if (reserve == 0) {
        snprintf(why, whylen, "drop from an empty reserve");
        bad = i + 1;
      } else if (!pn_board_contains(b, x->to)) {
        snprintf(why, whylen, "drop off the board");
        bad = i + 1;
      } else if (nbrs(b, &h, x->to, x->to) < r->d) {
        snprintf(why, whylen, "drop where fewer than %d neighbours are "
                 "occupied", r->d);
        bad = i + 1;
      } else { add(&h, x->to, 1); reserve--; }
    } else {
      if (height(&h, x->from) == 0) {
        snprintf(why, whylen, "move from an empty position");
        bad = i + 1;
      } else if (!pn_board_contains(b, x->to)) {
        snprintf(why, whylen, "move off the board");
        bad = i + 1;
      } else if (nbrs(b, &h, x->to, x->from) < r->d) {
        snprintf(why, whylen, "move to a position with fewer than %d "
                 "occupied neighbours", r->d);
        bad = i + 1;
      } else { add(&h, x->from, -1); add(&h, x->to, 1); }
    }
  }
  if (final && !bad) {
    size_t j;
    final->n = 0;
    for (j = 0; j < h.cap; j++)
      if (h.used[j] && h.vals[j] > 0)
        pn_config_add(final, (pn_pos)h.keys[j], 0, NULL);
  }
  pn_hmap_free(&h);
  return bad;
}
