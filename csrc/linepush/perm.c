/*
** perm.c -- the Permutation Puzzle (Akitaya, Löffler, Viglietta Section 4,
** Theorem 20): two same-shaped labelled compact configurations.
**
** Everything happens on canonical forms (Observation 5).  The pushes that
** canonicalise a configuration depend on its shape only, so a start C and
** a goal C' of the same shape are canonicalised by the same sequence S;
** the solution is S, then a word P permuting the canonical labels, then a
** push sequence R from the canonical shape back to the shape (found by a
** breadth-first search over the unlabelled shapes), with P chosen so that
** R carries the labels exactly onto C'.
**
** Words P are built from generators: the paper's type-A, type-B and
** type-C sequences (Section 4.2).  Their arrows are garbled in the
** transcription of the paper, so each candidate sequence is simulated and
** kept only if it brings the canonical shape back; its permutation is
** read off the simulation.  The tests check that the generated group has
** the order Theorem 20 gives.  An even permutation is a product of
** 3-cycles; one 3-cycle c0 is found as a power of a short word whose
** cycle type has a single 3-cycle, and any other 3-cycle is c0 conjugated
** by a word h found by breadth-first search over ordered triples of
** positions.  A generator's inverse is its (length - 1)-th power.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linepush.h"
#include "core/util.h"

#define MAXM 256                 /* tokens in a permutation puzzle */

/* a word: a push sequence and the permutation it makes on the canonical
** configuration (token at position i goes to position perm[i]) */
typedef struct word {
  pn_pushdir *d;
  size_t n, cap;
} word;

static int w_push(word *w, pn_pushdir d) {
  if (w->n == w->cap) {
    size_t nc = w->cap ? 2 * w->cap : 32;
    pn_pushdir *nd = realloc(w->d, nc * sizeof *nd);
    if (!nd) return 0;
    w->d = nd; w->cap = nc;
  }
  w->d[w->n++] = d;
  return 1;
}

static int w_append(word *w, const word *x, size_t times) {
  size_t t, i;
  for (t = 0; t < times; t++)
    for (i = 0; i < x->n; i++)
      if (!w_push(w, x->d[i])) return 0;
  return 1;
}

static void w_free(word *w) { free(w->d); memset(w, 0, sizeof *w); }

/* {====================================================================
** Simulation on the canonical shape
** ===================================================================== */

typedef struct pctx {
  pconf k0;                      /* the canonical shape, labels = ids */
  int n;
  int ngen;
  word gw[4 * MAXM];             /* generators: words ... */
  uint8_t gp[4 * MAXM][MAXM];    /* ... and their permutations */
  int glen[4 * MAXM];            /* order of each generator */
} pctx;

/* the permutation of a word, or 0 if it does not come back to the shape */
static int simulate(const pctx *c, const pn_pushdir *d, size_t n,
                    uint8_t *perm) {
  pconf p;
  size_t i;
  int ok = 1, j;
  if (!pc_copy(&p, &c->k0)) return 0;
  for (i = 0; i < n; i++) pc_push(&p, d[i]);
  if (p.w != c->k0.w || p.h != c->k0.h) ok = 0;
  for (j = 0; j < p.n && ok; j++) {
    int at = pc_at(&c->k0, p.t[j].x, p.t[j].y);
    if (at < 0) ok = 0;
    else perm[p.t[j].label] = (uint8_t)at;
  }
  pc_free(&p);
  return ok;
}

static int perm_order(const uint8_t *p, int n) {
  int i, o = 1;
  uint8_t seen[MAXM];
  memset(seen, 0, sizeof seen);
  for (i = 0; i < n; i++) {
    int len = 0, j = i, a, b;
    if (seen[i]) continue;
    while (!seen[j]) { seen[j] = 1; j = p[j]; len++; }
    for (a = o, b = len; b; ) { int t = a % b; a = b; b = t; }   /* gcd */
    o = o / a * len;
    if (o > 1000000) return 1000000;
  }
  return o;
}

static void compose(const uint8_t *first, const uint8_t *then, uint8_t *out,
                    int n) {
  int i;
  for (i = 0; i < n; i++) out[i] = then[first[i]];
}

static int add_gen(pctx *c, const pn_pushdir *d, size_t n) {
  uint8_t p[MAXM];
  int i, trivial = 1, g;
  if (c->ngen >= 4 * MAXM || !simulate(c, d, n, p)) return 0;
  for (i = 0; i < c->n; i++) if (p[i] != i) trivial = 0;
  if (trivial) return 0;
  for (g = 0; g < c->ngen; g++)
    if (memcmp(c->gp[g], p, (size_t)c->n) == 0) return 0;
  g = c->ngen;
  memset(&c->gw[g], 0, sizeof c->gw[g]);
  for (i = 0; i < (int)n; i++) if (!w_push(&c->gw[g], d[i])) return 0;
  memcpy(c->gp[g], p, (size_t)c->n);
  c->glen[g] = perm_order(p, c->n);
  c->ngen++;
  return 1;
}

/* the paper's type-A, B, C sequences (and their mirror images) */
static void make_generators(pctx *c) {
  int k, span = c->k0.w + c->k0.h + 2, m;
  pn_pushdir seq[4 * 512];
  for (k = 0; k < span && k < 500; k++)
    for (m = 0; m < 6; m++) {
      size_t n = 0;
      int j;
      /* A: L^(k+1) D R U R^k;  B: D^(k+1) L U R U^k;  C: L^k D L U R^(k+1)
      ** and the versions with U and D exchanged */
      pn_pushdir L = PN_PUSH_LEFT, R = PN_PUSH_RIGHT;
      pn_pushdir U = m < 3 ? PN_PUSH_UP : PN_PUSH_DOWN;
      pn_pushdir D = m < 3 ? PN_PUSH_DOWN : PN_PUSH_UP;
      switch (m % 3) {
        case 0:
          for (j = 0; j <= k; j++) seq[n++] = L;
          seq[n++] = D; seq[n++] = R; seq[n++] = U;
          for (j = 0; j < k; j++) seq[n++] = R;
          break;
        case 1:
          for (j = 0; j <= k; j++) seq[n++] = D;
          seq[n++] = L; seq[n++] = U; seq[n++] = R;
          for (j = 0; j < k; j++) seq[n++] = U;
          break;
        default:
          for (j = 0; j < k; j++) seq[n++] = L;
          seq[n++] = D; seq[n++] = L; seq[n++] = U;
          for (j = 0; j <= k; j++) seq[n++] = R;
          break;
      }
      add_gen(c, seq, n);
    }
}

/* }==================================================================== */


/* {====================================================================
** Words for 3-cycles
** ===================================================================== */

/* a word w (generator indices) with the single-3-cycle property, then
** raised to the power that leaves only the 3-cycle */
static int base_cycle(pctx *c, word *out, int *cyc) {
  int g1, g2, e1, e2, n = c->n;
  uint8_t p[MAXM], q[MAXM];
  for (g1 = 0; g1 < c->ngen; g1++)
    for (g2 = -1; g2 < c->ngen; g2++)
      for (e1 = 1; e1 <= 3; e1++)
        for (e2 = 1; e2 <= (g2 < 0 ? 1 : 3); e2++) {
          int i, k, threes = 0, other = 1, a, b, t;
          uint8_t seen[MAXM];
          /* p = g1^e1 g2^e2 */
          for (i = 0; i < n; i++) p[i] = (uint8_t)i;
          for (k = 0; k < e1; k++) { compose(p, c->gp[g1], q, n); memcpy(p, q, (size_t)n); }
          if (g2 >= 0)
            for (k = 0; k < e2; k++) { compose(p, c->gp[g2], q, n); memcpy(p, q, (size_t)n); }
          /* cycle type: exactly one 3-cycle, the others of length prime
          ** to 3; the power L (lcm of the others) leaves the 3-cycle */
          memset(seen, 0, sizeof seen);
          for (i = 0; i < n; i++) {
            int len = 0, j = i;
            if (seen[i]) continue;
            while (!seen[j]) { seen[j] = 1; j = p[j]; len++; }
            if (len == 3) threes++;
            else if (len % 3 == 0) threes = 99;
            else { for (a = other, b = len; b; ) { t = a % b; a = b; b = t; }
                   other = other / a * len; }
          }
          if (threes != 1 || other > 2000) continue;
          /* the word (g1^e1 g2^e2)^other, and its permutation: only the
          ** 3-cycle is left (its direction depends on other mod 3) */
          memset(out, 0, sizeof *out);
          for (k = 0; k < other; k++) {
            if (!w_append(out, &c->gw[g1], (size_t)e1)) return 0;
            if (g2 >= 0 && !w_append(out, &c->gw[g2], (size_t)e2)) return 0;
          }
          {
            uint8_t pw[MAXM];
            for (i = 0; i < n; i++) pw[i] = (uint8_t)i;
            for (k = 0; k < other; k++) { compose(pw, p, q, n); memcpy(pw, q, (size_t)n); }
            for (i = 0; i < n; i++)
              if (pw[i] != i) {
                cyc[0] = i; cyc[1] = pw[i]; cyc[2] = pw[pw[i]];
                return 1;
              }
          }
          w_free(out);
        }
  return 0;
}

/* breadth-first search over ordered triples of positions, moved by the
** generators: the parent links give, for every triple, a generator word
** taking (a, b, c) of the base cycle to it */
typedef struct triples {
  int n;
  int32_t *parent;       /* triple index -> previous triple (-1: root) */
  int16_t *gen;          /* generator used to arrive */
} triples;

static size_t tri_index(int n, int a, int b, int c) {
  return ((size_t)a * (size_t)n + (size_t)b) * (size_t)n + (size_t)c;
}

static int triples_bfs(const pctx *c, const int *base, triples *t) {
  size_t total = (size_t)c->n * (size_t)c->n * (size_t)c->n, head = 0, tail = 0;
  int32_t *queue = malloc(total * sizeof *queue);
  size_t i;
  t->n = c->n;
  t->parent = malloc(total * sizeof *t->parent);
  t->gen = malloc(total * sizeof *t->gen);
  if (!queue || !t->parent || !t->gen) { free(queue); return 0; }
  for (i = 0; i < total; i++) t->parent[i] = -2;
  {
    size_t r = tri_index(c->n, base[0], base[1], base[2]);
    t->parent[r] = -1;
    t->gen[r] = -1;
    queue[tail++] = (int32_t)r;
  }
  while (head < tail) {
    size_t cur = (size_t)queue[head++];
    int a = (int)(cur / ((size_t)c->n * (size_t)c->n));
    int b = (int)(cur / (size_t)c->n % (size_t)c->n), d = (int)(cur % (size_t)c->n), g;
    for (g = 0; g < c->ngen; g++) {
      size_t nx = tri_index(c->n, c->gp[g][a], c->gp[g][b], c->gp[g][d]);
      if (t->parent[nx] != -2) continue;
      t->parent[nx] = (int32_t)cur;
      t->gen[nx] = (int16_t)g;
      queue[tail++] = (int32_t)nx;
    }
  }
  free(queue);
  return 1;
}

/* append the 3-cycle x -> y -> z -> x (positions): h^-1 c0 h, h taking
** the base cycle's positions to (x, y, z) */
static int three_cycle(const pctx *c, const triples *t, const word *c0,
                       int x, int y, int z, word *out, uint8_t *state) {
  size_t r = tri_index(c->n, x, y, z);
  int gens[4096], ng = 0, i;
  if (t->parent[r] == -2) return 0;
  while (t->parent[r] >= 0) {
    if (ng == 4096) return 0;
    gens[ng++] = t->gen[r];
    r = (size_t)t->parent[r];
  }
  /* gens[] lists h from the last generator back to the first; h^-1 is
  ** the inverses in the opposite order: g^-1 = g^(len - 1) */
  for (i = 0; i < ng; i++)
    if (!w_append(out, &c->gw[gens[i]], (size_t)(c->glen[gens[i]] - 1)))
      return 0;
  if (!w_append(out, c0, 1)) return 0;
  for (i = ng - 1; i >= 0; i--)
    if (!w_append(out, &c->gw[gens[i]], 1)) return 0;
  (void)state;
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** The puzzle
** ===================================================================== */

static int is_even(const uint8_t *p, int n) {
  uint8_t seen[MAXM];
  int i, parity = 0;
  memset(seen, 0, sizeof seen);
  for (i = 0; i < n; i++) {
    int len = 0, j = i;
    if (seen[i]) continue;
    while (!seen[j]) { seen[j] = 1; j = p[j]; len++; }
    parity ^= (len - 1) & 1;
  }
  return !parity;
}

int pn_push_permutation(const pn_board *b, const pn_config *start,
                        const pn_config *goal, pn_pushdir **pushes,
                        size_t *npushes, char *why, size_t whylen,
                        pn_error *err) {
  pconf a, g;
  pctx *c = NULL;
  pn_pushinfo info;
  word S, R, P, c0;
  pn_pushdir *seq = NULL;
  size_t nseq = 0, i;
  uint8_t pi[MAXM], core[MAXM];
  int32_t kstar[MAXM], klab[MAXM];
  int rc = PN_OK, solvable = 0, n, base[3];
  triples tr;
  memset(&S, 0, sizeof S); memset(&R, 0, sizeof R);
  R.cap = 0;
  memset(&P, 0, sizeof P); memset(&c0, 0, sizeof c0);
  memset(&tr, 0, sizeof tr);
  *pushes = NULL; *npushes = 0;
  why[0] = '\0';
  if ((rc = pc_from_config(b, start, &a, err)) != PN_OK) return rc;
  if ((rc = pc_from_config(b, goal, &g, err)) != PN_OK) { pc_free(&a); return rc; }
  n = a.n;
#define VERDICT(...) do { snprintf(why, whylen, __VA_ARGS__); goto out; } while (0)
  if (!pc_compact(&a)) VERDICT("the start is not compact (Observation 1): the "
                               "permutation theory does not apply");
  if (!pc_compact(&g)) VERDICT("the goal is not compact (Observation 1)");
  {
    int same = a.n == g.n && a.w == g.w && a.h == g.h;
    for (i = 0; same && i < (size_t)n; i++)
      same = a.t[i].x == g.t[i].x && a.t[i].y == g.t[i].y;
    if (!same) VERDICT("the start and the goal do not have the same shape");
  }
  if (!pn_config_same_labels(start, goal))
    VERDICT("the start and the goal do not have the same labels");
  if (n > MAXM) {
    rc = pn_seterror(err, PN_ELIMIT, "the permutation solver handles at most "
                     "%d tokens", MAXM);
    goto out;
  }
  pn_push_info(b, start, &info, err);
  c = calloc(1, sizeof *c);
  if (!c) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto out; }
  /* the canonicalising pushes S (from the shape only) */
  {
    pconf k;
    if (!pc_copy(&k, &a)) { rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto out; }
    for (i = 0; i < (size_t)n; i++) k.t[i].label = (int32_t)i;   /* ids */
    if (pc_canonical(&k, &seq, &nseq) != 1) {
      pc_free(&k);
      rc = pn_seterror(err, PN_ENOMEM, "out of memory");
      goto out;
    }
    S.d = seq; S.n = S.cap = nseq;
    seq = NULL;
    /* k0: the canonical shape with ids as labels, sorted */
    c->k0 = k;
    for (i = 0; i < (size_t)n; i++) c->k0.t[i].label = (int32_t)i;
    c->n = n;
  }
  /* the labels of K = S(start) and the labelling K* such that R takes it
  ** onto the goal */
  {
    pconf k;
    pc_copy(&k, &a);
    for (i = 0; i < S.n; i++) pc_push(&k, S.d[i]);
    for (i = 0; i < (size_t)n; i++) klab[i] = k.t[i].label;
    pc_free(&k);
  }
  if (!pc_shape_path(&c->k0, &a, &R.d, &R.n)) {
    rc = pn_seterror(err, PN_ELIMIT, "the shape is too rich to find the way "
                     "back from its canonical form");
    goto out;
  }
  {
    pconf k;
    pc_copy(&k, &c->k0);
    for (i = 0; i < R.n; i++) pc_push(&k, R.d[i]);
    /* the token that was at canonical position i ends at k.t[j]; the goal
    ** has label g(pos) there */
    for (i = 0; i < (size_t)n; i++) {
      int at = pc_at(&g, k.t[i].x, k.t[i].y);
      kstar[k.t[i].label] = g.t[at].label;
    }
    pc_free(&k);
  }
  /* the permutation pi of canonical positions taking K to K*: match the
  ** labels, core positions fixed, equal labels assigned so that pi is
  ** even when the group demands it */
  {
    uint8_t used[MAXM];
    int j, ok = 1;
    memset(used, 0, sizeof used);
    for (i = 0; i < (size_t)n && ok; i++) {
      for (j = 0; j < n; j++)
        if (!used[j] && kstar[j] == klab[i]) break;
      if (j == n) ok = 0;
      else { pi[i] = (uint8_t)j; used[j] = 1; }
    }
    if (!ok) VERDICT("the labels do not match");
    {
      int changed = 1;
      /* prefer fixed points: re-route equal labels to stay where they are */
      while (changed) {
        changed = 0;
        for (i = 0; i < (size_t)n; i++)
          if (pi[i] != i && kstar[i] == klab[i]) {
            /* the token matched to position i elsewhere: swap targets */
            int other;
            for (other = 0; other < n; other++) if (pi[other] == i) break;
            pi[other] = pi[i];
            pi[i] = (uint8_t)i;
            changed = 1;
          }
      }
    }
  }
  /* decide by the group */
  {
    int moving_ok = 1, j;
    /* core positions of k0 (the core is the same central block in every
    ** compact configuration of the class) */
    for (j = 0; j < n; j++) {
      int x = c->k0.t[j].x, y = c->k0.t[j].y;
      core[j] = info.ncore && x >= info.core_x && x < info.core_x + info.core_w
                && y >= info.core_y && y < info.core_y + info.core_h;
      if (core[j] && pi[j] != j) moving_ok = 0;
    }
    if (!moving_ok)
      VERDICT("a token of the core (the central %dx%d block, Definition 12) "
              "would have to move: core tokens never move (Observation 13)",
              info.core_w, info.core_h);
    make_generators(c);
    if (info.group == PN_G_TRIVIAL) {
      for (j = 0; j < n; j++) if (pi[j] != j) moving_ok = 0;
      if (!moving_ok) VERDICT("the bounding box is full: nothing moves (Thm 20)");
      solvable = 1;
    } else if (info.group == PN_G_CYCLIC || info.group == PN_G_ALT5) {
      /* small groups: breadth-first search over the group, keeping the
      ** labellings (equal labels merge) */
      int cap = 100000, head = 0, tail = 1, found = -1, gi;
      int32_t *lab = malloc((size_t)cap * (size_t)n * sizeof *lab);
      int *par = malloc((size_t)cap * sizeof *par), *gg = malloc((size_t)cap * sizeof *gg);
      if (!lab || !par || !gg) { free(lab); free(par); free(gg); rc = pn_seterror(err, PN_ENOMEM, "out of memory"); goto out; }
      for (j = 0; j < n; j++) lab[j] = klab[j];
      par[0] = -1;
      while (head < tail && found < 0) {
        int32_t *cur = lab + (size_t)head * (size_t)n;
        if (memcmp(cur, kstar, (size_t)n * sizeof *cur) == 0) { found = head; break; }
        for (gi = 0; gi < c->ngen && tail < cap; gi++) {
          int32_t *nx = lab + (size_t)tail * (size_t)n, k, dup = 0;
          for (j = 0; j < n; j++) nx[c->gp[gi][j]] = cur[j];
          for (k = 0; k < tail && !dup; k++)
            dup = memcmp(lab + (size_t)k * (size_t)n, nx, (size_t)n * sizeof *nx) == 0;
          if (dup) continue;
          par[tail] = head; gg[tail] = gi; tail++;
        }
        head++;
      }
      if (found >= 0) {
        int path[4096], np = 0, k;
        for (k = found; par[k] >= 0 && np < 4096; k = par[k]) path[np++] = gg[k];
        for (k = np - 1; k >= 0; k--) w_append(&P, &c->gw[path[k]], 1);
        solvable = 1;
      }
      free(lab); free(par); free(gg);
      if (!solvable)
        VERDICT("%s: the goal's labelling is not in the group's orbit",
                info.group == PN_G_CYCLIC ? "one empty cell: only rotations "
                "of the non-core tokens in clockwise order (Thm 20)"
                : "6 tokens, 2 empty cells: the group is Alt(5) (Thm 20)");
    } else {
      /* Alt on the non-core tokens: an odd permutation is fixed by
      ** exchanging the targets of two equal labels, if there are */
      if (!is_even(pi, n)) {
        int x, y, fixed = 0;
        for (x = 0; x < n && !fixed; x++)
          for (y = x + 1; y < n && !fixed; y++)
            if (klab[x] == klab[y] && !core[x] && !core[y]) {
              uint8_t t = pi[x]; pi[x] = pi[y]; pi[y] = t;
              fixed = 1;
            }
        if (!fixed)
          VERDICT("the permutation is odd and every label is distinct: only "
                  "even permutations can be made (Thm 11, Thm 20)");
      }
      if (!base_cycle(c, &c0, base) || !triples_bfs(c, base, &tr)) {
        rc = pn_seterror(err, PN_EINTERNAL, "penny bug: no 3-cycle among "
                         "the generators");
        goto out;
      }
      /* sort by 3-cycles: put the right token on each position in turn;
      ** cur[i] = the position whose token must end at i... track where
      ** each token currently is */
      {
        uint8_t where[MAXM], who[MAXM];       /* token -> pos, pos -> token */
        int target;
        for (j = 0; j < n; j++) { where[j] = (uint8_t)j; who[j] = (uint8_t)j; }
        for (target = 0; target < n; target++) {
          int tok, from, other, k;
          /* the token that must end on target */
          if (core[target]) continue;
          for (tok = 0; tok < n && pi[tok] != target; tok++) {}
          from = where[tok];
          if (from == target) continue;
          /* a third position: not target, not from, not yet fixed, not
          ** in the core */
          for (other = n - 1; other >= 0; other--)
            if (other != target && other != from && other > target
                && !core[other]) break;
          if (other < 0) {
            /* the last two positions: impossible, the permutation is even */
            rc = pn_seterror(err, PN_EINTERNAL, "penny bug: odd remainder");
            goto out;
          }
          /* (from -> target -> other -> from) */
          if (!three_cycle(c, &tr, &c0, from, target, other, &P, NULL)) {
            rc = pn_seterror(err, PN_EINTERNAL, "penny bug: no word for a "
                             "3-cycle");
            goto out;
          }
          {
            int tf = who[from], tt = who[target], to = who[other];
            who[target] = (uint8_t)tf; where[tf] = (uint8_t)target;
            who[other] = (uint8_t)tt; where[tt] = (uint8_t)other;
            who[from] = (uint8_t)to; where[to] = (uint8_t)from;
          }
          (void)k;
        }
      }
      solvable = 1;
    }
  }
  if (solvable) {
    word all;
    pconf chk;
    memset(&all, 0, sizeof all);
    if (!w_append(&all, &S, 1) || !w_append(&all, &P, 1)
        || !w_append(&all, &R, 1) || !pc_copy(&chk, &a)) {
      w_free(&all);
      rc = pn_seterror(err, PN_ENOMEM, "out of memory");
      goto out;
    }
    /* the pushes must carry the start onto the goal, label for label */
    for (i = 0; i < all.n; i++) pc_push(&chk, all.d[i]);
    if (!pc_equal(&chk, &g)) {
      pc_free(&chk);
      w_free(&all);
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: the permutation pushes "
                       "do not reach the goal");
      goto out;
    }
    pc_free(&chk);
    *pushes = all.d;
    *npushes = all.n;
    snprintf(why, whylen, "solvable: %s", info.group == PN_G_ALT
             ? "the group is the alternating group on the non-core tokens "
               "(Thm 20)" : info.group == PN_G_TRIVIAL ? "nothing to move"
             : "the goal is in the group's orbit (Thm 20)");
  }
out:
#undef VERDICT
  if (c) {
    int gi;
    for (gi = 0; gi < c->ngen; gi++) w_free(&c->gw[gi]);
    pc_free(&c->k0);
    free(c);
  }
  free(tr.parent); free(tr.gen);
  free(seq);
  w_free(&S); w_free(&R); w_free(&P); w_free(&c0);
  pc_free(&a); pc_free(&g);
  return rc;
}

/* }==================================================================== */
