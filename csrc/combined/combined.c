/*
** combined.c -- coins on the combined square and triangular grid, points
** of Z[zeta_12]: exact arithmetic, the move rule, move generation and an
** IDA* search for shortest solutions.  See combined.h for the model.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "combined.h"
#include "core/stateset.h"
#include "core/util.h"

/* {====================================================================
** Arithmetic in Z[zeta], zeta = e^{i pi/6}
** ===================================================================== */

/* z * zeta: a zeta + b zeta^2 + c zeta^3 + d (zeta^2 - 1) */
static pn_z12 times_zeta(pn_z12 z) {
  pn_z12 r;
  r.c[0] = -z.c[3];
  r.c[1] = z.c[0];
  r.c[2] = z.c[1] + z.c[3];
  r.c[3] = z.c[2];
  return r;
}

pn_z12 pn_z12_rotate(pn_z12 z, int k) {
  k %= 12;
  if (k < 0) k += 12;
  while (k-- > 0) z = times_zeta(z);
  return z;
}

/* conj(zeta) = zeta - zeta^3, conj(zeta^2) = 1 - zeta^2, conj(zeta^3) =
** -zeta^3 */
pn_z12 pn_z12_conj(pn_z12 z) {
  pn_z12 r;
  r.c[0] = z.c[0] + z.c[2];
  r.c[1] = z.c[1];
  r.c[2] = -z.c[2];
  r.c[3] = -z.c[1] - z.c[3];
  return r;
}

pn_z12 pn_z12_add(pn_z12 a, pn_z12 b) {
  for (int i = 0; i < 4; i++) a.c[i] += b.c[i];
  return a;
}

pn_z12 pn_z12_sub(pn_z12 a, pn_z12 b) {
  for (int i = 0; i < 4; i++) a.c[i] -= b.c[i];
  return a;
}

int pn_z12_cmp(const pn_z12 *a, const pn_z12 *b) {
  for (int i = 0; i < 4; i++)
    if (a->c[i] != b->c[i]) return a->c[i] < b->c[i] ? -1 : 1;
  return 0;
}

static int cmp_z12(const void *a, const void *b) {
  return pn_z12_cmp(a, b);
}

void pn_z12_coords(pn_z12 z, int64_t xy[4]) {
  xy[0] = 2 * (int64_t)z.c[0] + z.c[2];
  xy[1] = z.c[1];
  xy[2] = (int64_t)z.c[1] + 2 * (int64_t)z.c[3];
  xy[3] = z.c[2];
}

/* sign of A + B sqrt3, exactly (|A|, |B| < 2^60) */
static int sign_r3(int64_t a, int64_t b) {
  __int128 a2, b2;
  if (a >= 0 && b >= 0) return (a || b) ? 1 : 0;
  if (a <= 0 && b <= 0) return -1;
  /* opposite signs: compare a^2 with 3 b^2 (never equal: sqrt3 is
  ** irrational) */
  a2 = (__int128)a * a;
  b2 = 3 * (__int128)b * b;
  if (a > 0) return a2 > b2 ? 1 : -1;
  return a2 > b2 ? -1 : 1;
}

/* 4 |z|^2 = S + T sqrt3 with S = X0^2 + 3 X1^2 + Y0^2 + 3 Y1^2 and
** T = 2 (X0 X1 + Y0 Y1); compare with 4.  Far-apart points are answered
** first from |x| >= (|X0| - sqrt3 |X1|)/2 > (|X0| - 2 |X1|)/2 and |x| >=
** (sqrt3 |X1| - |X0|)/2 >= (|X1| - |X0|)/2, and the same for y.
** Coefficients are bounded by 2 PN_Z12_MAXCOEF = 2^21, so S, T < 2^50. */
int pn_z12_norm_cmp1(pn_z12 z) {
  int64_t v[4], s, t;
  pn_z12_coords(z, v);
  if (llabs(v[0]) - 2 * llabs(v[1]) > 2 || llabs(v[2]) - 2 * llabs(v[3]) > 2
      || llabs(v[1]) - llabs(v[0]) > 2 || llabs(v[3]) - llabs(v[2]) > 2)
    return 1;
  s = v[0] * v[0] + 3 * v[1] * v[1] + v[2] * v[2] + 3 * v[3] * v[3];
  t = 2 * (v[0] * v[1] + v[2] * v[3]);
  return sign_r3(s - 4, t);
}

/* the twelve units, computed once per call site from zeta^0 */
static void units(pn_z12 u[12]) {
  pn_z12 z = {{1, 0, 0, 0}};
  for (int k = 0; k < 12; k++) { u[k] = z; z = times_zeta(z); }
}

/* zeta^k has coefficients in {-1, 0, 1}; index them by a base-3 code */
static int unit_code(pn_z12 z) {
  int code = 0;
  for (int i = 0; i < 4; i++) {
    if (z.c[i] < -1 || z.c[i] > 1) return -1;
    code = code * 3 + (z.c[i] + 1);
  }
  return code;
}

int pn_z12_unit(pn_z12 z) {
  pn_z12 u[12];
  int code = unit_code(z);
  if (code < 0) return -1;
  units(u);
  for (int k = 0; k < 12; k++)
    if (pn_z12_cmp(&u[k], &z) == 0) return k;
  return -1;
}

/* }==================================================================== */


/* {====================================================================
** The move rule
** ===================================================================== */

static int in_range(pn_z12 z) {
  for (int i = 0; i < 4; i++)
    if (z.c[i] > PN_Z12_MAXCOEF || z.c[i] < -PN_Z12_MAXCOEF) return 0;
  return 1;
}

/* how p relates to the coin at v: 2 = on it or closer than 1, 1 =
** touching, 0 = apart */
static int relation(pn_z12 p, pn_z12 v, const signed char *isunit) {
  pn_z12 dz = pn_z12_sub(p, v);
  int code = unit_code(dz);
  if (code >= 0) {
    if (code == 40) return 2;                 /* (0,0,0,0): on it */
    if (isunit[code]) return 1;
  }
  return pn_z12_norm_cmp1(dz) < 0 ? 2 : 0;
}

static void unit_table(signed char isunit[81]) {
  pn_z12 u[12];
  memset(isunit, 0, 81);
  units(u);
  for (int k = 0; k < 12; k++) isunit[unit_code(u[k])] = 1;
}

int pn_z12_check(const pn_z12 *coins, size_t n, pn_z12move m, int d,
                 size_t *witness) {
  signed char isunit[81];
  size_t from = n, touch = 0;
  for (size_t i = 0; i < n; i++)
    if (pn_z12_cmp(&coins[i], &m.from) == 0) { from = i; break; }
  if (from == n) return PN_Z12_NOCOIN;
  if (pn_z12_cmp(&m.from, &m.to) == 0) return PN_Z12_SAME;
  unit_table(isunit);
  for (size_t i = 0; i < n; i++) {
    int r;
    if (i == from) continue;
    r = relation(m.to, coins[i], isunit);
    if (r == 2) {
      if (witness) *witness = i;
      return PN_Z12_OVERLAP;
    }
    touch += (size_t)r;
  }
  if (witness) *witness = touch;
  return (int)touch >= d ? PN_Z12_LEGAL : PN_Z12_FEW;
}

size_t pn_z12_moves(const pn_z12 *coins, size_t n, int d, pn_z12move *out) {
  signed char isunit[81];
  pn_z12 u[12];
  pn_z12 cand[12 * PN_Z12_MAXCOINS];
  unsigned char rel[PN_Z12_MAXCOINS];
  size_t nc = 0, nm = 0;
  if (n > PN_Z12_MAXCOINS) return 0;
  unit_table(isunit);
  units(u);
  for (size_t i = 0; i < n; i++)
    for (int k = 0; k < 12; k++) cand[nc++] = pn_z12_add(coins[i], u[k]);
  qsort(cand, nc, sizeof *cand, cmp_z12);
  for (size_t c = 0; c < nc; c++) {
    size_t blocker = n, nblock = 0, touch = 0;
    if (c > 0 && pn_z12_cmp(&cand[c], &cand[c - 1]) == 0) continue;
    for (size_t v = 0; v < n; v++) {
      rel[v] = (unsigned char)relation(cand[c], coins[v], isunit);
      if (rel[v] == 2) { blocker = v; nblock++; }
      else touch += rel[v];
    }
    if (nblock > 1) continue;
    for (size_t i = 0; i < n; i++) {
      /* the mover vacates its place: it neither blocks nor touches */
      if (nblock == 1 && i != blocker) continue;
      if (pn_z12_cmp(&cand[c], &coins[i]) == 0) continue;
      if ((int)(touch - (rel[i] == 1)) < d) continue;
      out[nm].from = coins[i];
      out[nm].to = cand[c];
      nm++;
    }
  }
  return nm;
}

/* }==================================================================== */


/* {====================================================================
** IDA* search
** ===================================================================== */

#define NVAR 24          /* twelve rotations, each with and without a
                         ** reflection */

typedef struct search {
  size_t n;
  int d, mode;
  /* the goal's placements: nvar variants of n sorted points */
  pn_z12 var[NVAR][PN_Z12_MAXCOINS];
  int nvar;
  pn_z12 origin;            /* fixed mode: keys relative to this point */
  /* translation counting: slots keyed by a translation, stamped */
  pn_z12 tkey[1024];
  uint32_t tstamp[1024], tcount[1024], stamp;
  /* the transposition table: each key with one byte, g + 1 */
  pn_stateset seen;
  size_t keysize, maxcount;
  /* limits */
  const pn_limits *lim;
  double t0;
  uint64_t nodes;
  int stop;                 /* PN_OK, PN_ELIMIT (time, memory), PN_EINTR */
  int err;                  /* PN_ERANGE */
  /* the path */
  pn_z12move path[256];
  int next;                 /* smallest f above the bound */
  int found;                /* the length of the solution found */
  pn_z12move *movebuf;      /* per depth: 12 n n moves */
  size_t movecap;
} search;

static uint64_t hash_bytes(const unsigned char *k, size_t len) {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  for (size_t i = 0; i < len; i++) h = pn_mix64(h ^ k[i]) + i;
  return h;
}

/* the largest overlap of pts (sorted, n) with a translate of var */
static size_t overlap_translation(search *s, const pn_z12 *pts,
                                  const pn_z12 *var) {
  size_t best = 0;
  if (++s->stamp == 0) {
    memset(s->tstamp, 0, sizeof s->tstamp);
    s->stamp = 1;
  }
  for (size_t i = 0; i < s->n; i++)
    for (size_t j = 0; j < s->n; j++) {
      pn_z12 t = pn_z12_sub(pts[i], var[j]);
      uint64_t h = hash_bytes((const unsigned char *)&t, sizeof t) & 1023;
      for (;;) {
        if (s->tstamp[h] != s->stamp) {
          s->tstamp[h] = s->stamp;
          s->tkey[h] = t;
          s->tcount[h] = 1;
          break;
        }
        if (pn_z12_cmp(&s->tkey[h], &t) == 0) { s->tcount[h]++; break; }
        h = (h + 1) & 1023;
      }
      if (s->tcount[h] > best) best = s->tcount[h];
    }
  return best;
}

/* lower bound on the moves left: coins not already in a placement */
static int heuristic(search *s, const pn_z12 *pts) {
  size_t best = 0;
  if (s->mode == 0) {
    size_t i = 0, j = 0;
    while (i < s->n && j < s->n) {
      int c = pn_z12_cmp(&pts[i], &s->var[0][j]);
      if (c == 0) { best++; i++; j++; }
      else if (c < 0) i++;
      else j++;
    }
  } else {
    for (int v = 0; v < s->nvar && best < s->n; v++) {
      size_t o = overlap_translation(s, pts, s->var[v]);
      if (o > best) best = o;
    }
  }
  return (int)(s->n - best);
}

/* the canonical key of sorted pts: translated to put the least point at
** 0 (modes 1, 2; mode 0: relative to the origin), least over the
** symmetries (mode 2); coefficients as int16.  0 when one does not fit. */
static int make_key(search *s, const pn_z12 *pts, unsigned char *key) {
  pn_z12 t[PN_Z12_MAXCOINS];
  int16_t cur[4 * PN_Z12_MAXCOINS], best[4 * PN_Z12_MAXCOINS];
  size_t n = s->n, len = 4 * n * sizeof(int16_t);
  int nt = s->mode == 2 ? NVAR : 1;
  for (int v = 0; v < nt; v++) {
    for (size_t i = 0; i < n; i++) {
      pn_z12 z = pts[i];
      if (v >= 12) z = pn_z12_conj(z);
      t[i] = pn_z12_rotate(z, v % 12);
    }
    if (nt > 1) qsort(t, n, sizeof *t, cmp_z12);
    for (size_t i = 0; i < n; i++)
      for (int c = 0; c < 4; c++) {
        int32_t x = t[i].c[c] - (s->mode ? t[0].c[c] : s->origin.c[c]);
        if (x < INT16_MIN || x > INT16_MAX) return 0;
        cur[4 * i + c] = (int16_t)x;
      }
    if (v == 0 || memcmp(cur, best, len) < 0) memcpy(best, cur, len);
  }
  memcpy(key, best, len);
  return 1;
}

/* 1: go on (the state is new here or reached with a smaller g), 0: seen
** with g no larger; -1: the memory budget is spent.  The stored byte is
** g + 1 (0 marks a free slot). */
static int table_visit(search *s, const unsigned char *key, int g) {
  int isnew;
  int64_t i = pn_stateset_put(&s->seen, key, &isnew);
  uint8_t *gb;
  if (i < 0) return -1;
  gb = pn_stateset_at(&s->seen, (size_t)i) + s->keysize;
  if (!isnew && *gb <= g + 1) return 0;
  *gb = (uint8_t)(g + 1);
  if (s->seen.n > s->maxcount) s->maxcount = s->seen.n;
  return 1;
}

static void check_limits(search *s) {
  s->stop = pn_poll(s->lim, s->t0);
}

/* 1 when a solution within bound was found (s->path[0..g) then) */
static int dfs(search *s, const pn_z12 *pts, int g, int bound) {
  unsigned char key[4 * PN_Z12_MAXCOINS * sizeof(int16_t)];
  pn_z12 child[PN_Z12_MAXCOINS];
  pn_z12move *moves;
  size_t nm;
  int h = heuristic(s, pts), r;
  if (g + h > bound) {
    if (g + h < s->next) s->next = g + h;
    return 0;
  }
  if (h == 0) { s->found = g; return 1; }
  if (!make_key(s, pts, key)) { s->err = PN_ERANGE; return 0; }
  r = table_visit(s, key, g);
  if (r < 0) { s->stop = PN_ENOMEM; return 0; }
  if (r == 0) return 0;
  /* every node: one costs a heuristic per move (up to 24 overlaps each),
  ** so the clock is cheap beside it and a limit is not overrun */
  s->nodes++;
  check_limits(s);
  if (s->stop) return 0;
  moves = s->movebuf + (size_t)g * s->movecap;
  nm = pn_z12_moves(pts, s->n, s->d, moves);
  for (size_t i = 0; i < nm; i++) {
    size_t k = 0;
    if (!in_range(moves[i].to)) { s->err = PN_ERANGE; return 0; }
    for (size_t j = 0; j < s->n; j++)
      child[k++] = pn_z12_cmp(&pts[j], &moves[i].from) == 0 ? moves[i].to
                                                             : pts[j];
    qsort(child, s->n, sizeof *child, cmp_z12);
    s->path[g] = moves[i];
    if (dfs(s, child, g + 1, bound)) return 1;
    if (s->stop || s->err) return 0;
  }
  return 0;
}

void pn_z12_result_clear(pn_z12result *res) {
  free(res->moves);
  memset(res, 0, sizeof *res);
}

static int distinct_sorted(pn_z12 *pts, size_t n) {
  qsort(pts, n, sizeof *pts, cmp_z12);
  for (size_t i = 1; i < n; i++)
    if (pn_z12_cmp(&pts[i], &pts[i - 1]) == 0) return 0;
  return 1;
}

/* no two coins closer than 1 */
static int valid_config(const pn_z12 *pts, size_t n, size_t *a, size_t *b) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = i + 1; j < n; j++)
      if (pn_z12_norm_cmp1(pn_z12_sub(pts[i], pts[j])) < 0) {
        *a = i; *b = j;
        return 0;
      }
  return 1;
}

static int setup(search *s, const pn_z12 *start, const pn_z12 *goal,
                 pn_z12 *pts, pn_error *err) {
  size_t n = s->n, a, b;
  memcpy(pts, start, n * sizeof *pts);
  for (size_t i = 0; i < n; i++)
    if (!in_range(start[i]) || !in_range(goal[i]))
      return pn_seterror(err, PN_ERANGE, "a coefficient of a point exceeds "
                         "%d", PN_Z12_MAXCOEF);
  if (!distinct_sorted(pts, n))
    return pn_seterror(err, PN_EINVAL, "two start coins on one point");
  if (!valid_config(pts, n, &a, &b))
    return pn_seterror(err, PN_EINVAL, "start coins %zu and %zu are closer "
                       "than 1", a + 1, b + 1);
  s->nvar = 0;
  for (int v = 0; v < (s->mode == 2 ? NVAR : 1); v++) {
    pn_z12 *t = s->var[s->nvar];
    int dup = 0;
    for (size_t i = 0; i < n; i++)
      t[i] = pn_z12_rotate(v >= 12 ? pn_z12_conj(goal[i]) : goal[i], v % 12);
    if (!distinct_sorted(t, n))
      return pn_seterror(err, PN_EINVAL, "two goal coins on one point");
    if (v == 0 && !valid_config(t, n, &a, &b))
      return pn_seterror(err, PN_EINVAL, "goal coins %zu and %zu are closer "
                         "than 1", a + 1, b + 1);
    /* translation modes: variants equal up to translation are one */
    for (int w = 0; w < s->nvar && !dup; w++) {
      pn_z12 d0 = pn_z12_sub(t[0], s->var[w][0]);
      dup = 1;
      for (size_t i = 1; i < n && dup; i++) {
        pn_z12 moved = pn_z12_add(s->var[w][i], d0);
        dup = pn_z12_cmp(&t[i], &moved) == 0;
      }
    }
    if (!dup) s->nvar++;
  }
  return PN_OK;
}

int pn_z12_solve(const pn_z12 *start, const pn_z12 *goal, size_t n, int d,
                 int mode, int max_depth, const pn_limits *lim,
                 pn_z12result *res, pn_error *err) {
  search *s;
  pn_z12 pts[PN_Z12_MAXCOINS];
  pn_limits dflt = {0};
  int bound, rc = PN_OK, found = 0;
  memset(res, 0, sizeof *res);
  if (n < 1 || n > PN_Z12_MAXCOINS)
    return pn_seterror(err, PN_EINVAL, "the combined grid takes 1 to %d "
                       "coins (got %zu)", PN_Z12_MAXCOINS, n);
  if (d < 1 || mode < 0 || mode > 2)
    return pn_seterror(err, PN_EINVAL, "bad d or mode");
  if (max_depth < 0 || max_depth > 250)
    return pn_seterror(err, PN_EINVAL, "max_depth must be 0..250 (got %d)",
                       max_depth);
  if (lim) dflt = *lim;
  if (!dflt.max_memory) dflt.max_memory = pn_default_memory();
  s = calloc(1, sizeof *s);
  if (!s) return pn_seterror(err, PN_ENOMEM, "out of memory");
  s->n = n; s->d = d; s->mode = mode; s->lim = &dflt; s->t0 = pn_clock();
  rc = setup(s, start, goal, pts, err);
  if (rc) { free(s); return rc; }
  s->keysize = 4 * n * sizeof(int16_t);
  pn_stateset_init(&s->seen, s->keysize, 1, dflt.max_memory, UINT32_MAX);
  s->movecap = 12 * n * n;
  s->origin = pts[0];
  bound = heuristic(s, pts);
  res->lower_bound = bound;
  while (bound <= max_depth) {
    pn_z12move *mb = realloc(s->movebuf, (size_t)(bound + 1) * s->movecap
                             * sizeof *s->movebuf);
    if (!mb) { s->stop = PN_ENOMEM; break; }
    s->movebuf = mb;
    s->next = 1 << 30;
    pn_stateset_clear(&s->seen);
    found = dfs(s, pts, 0, bound);
    if (found || s->stop || s->err) break;
    if (s->next == 1 << 30) break;     /* nothing left below any bound */
    bound = s->next;
    res->lower_bound = bound;
  }
  res->nodes = s->nodes;
  res->stored = s->maxcount;
  res->memory = s->seen.budget.used;
  res->seconds = pn_clock() - s->t0;
  if (s->err) {
    rc = pn_seterror(err, s->err, "the configuration is too wide for the "
                     "search (coins more than 32767 units apart in a "
                     "coefficient, or beyond %d)", PN_Z12_MAXCOEF);
  } else if (found) {
    /* (the length equals the bound: every shorter bound was exhausted) */
    res->verdict = PN_SOLVED;
    res->nmoves = (size_t)s->found;
    res->lower_bound = s->found;
    res->moves = malloc((s->found ? (size_t)s->found : 1) * sizeof *res->moves);
    if (!res->moves) rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    else memcpy(res->moves, s->path, (size_t)s->found * sizeof *res->moves);
  } else {
    res->verdict = PN_UNKNOWN;
    if (s->stop == PN_EINTR) snprintf(res->reason, sizeof res->reason,
      "interrupted");
    else if (s->stop == PN_ELIMIT) snprintf(res->reason, sizeof res->reason,
      "time limit (%g s)", dflt.time_limit);
    else if (s->stop == PN_ENOMEM) snprintf(res->reason, sizeof res->reason,
      "memory budget (%zu bytes) spent", dflt.max_memory);
    else if (s->next == 1 << 30) snprintf(res->reason, sizeof res->reason,
      "complete search: all %zu reachable configurations explored",
      s->seen.n);
    else snprintf(res->reason, sizeof res->reason,
      "no solution with at most %d moves (max_depth)", max_depth);
    if (s->next == 1 << 30 && !s->stop) res->verdict = PN_UNSOLVABLE;
  }
  free(s->movebuf);
  pn_stateset_free(&s->seen);
  free(s);
  return rc;
}

/* }==================================================================== */
