/*
** three.c -- three labelled coins on the triangular grid (thesis Thm 2.7).
**
** After its first move, a 3-coin configuration is a path whose middle coin
** just moved, and after the second a triangle that stays a triangle.  A
** coin only ever rolls across the other two, which keeps its colour in
** the 3-colouring (x - y) mod 3, and keeps the class of the labelled
** triangle: the orientation of its labels (read in label order) flips with
** each roll, and so does the way the triangle points, so their combination
** is invariant.  Hence B is reachable iff, within two moves, A becomes a
** triangle of B's class with B's colours (fixed goal), of B's class (up to
** translation), or any triangle (up to rotation), and a triangle then
** travels with its labels by "gadgets": short roll sequences that
** translate it, found by a small breadth-first search.  A goal of fewer
** coins is decided by its connected completions (tri_complete3).
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tri.h"
#include "core/util.h"

/* {====================================================================
** Labelled triangles
** ===================================================================== */

/* positions of the 3 coins in label order (labels sorted) */
typedef struct ltri { tpt p[3]; int32_t l[3]; } ltri;

static int ltri_of(const pn_board *b, const pn_config *c, ltri *t) {
  size_t i, j;
  if (c->n != 3) return 0;
  for (i = 0; i < 3; i++) { t->p[i] = tpt_of(b, c->pos[i]); t->l[i] = c->label[i]; }
  for (i = 0; i < 3; i++)                     /* sort by label */
    for (j = i + 1; j < 3; j++)
      if (t->l[j] < t->l[i]) {
        tpt tp = t->p[i]; int32_t tl = t->l[i];
        t->p[i] = t->p[j]; t->l[i] = t->l[j];
        t->p[j] = tp; t->l[j] = tl;
      }
  return 1;
}

static int is_triangle(const ltri *t) {
  return tadjacent(t->p[0], t->p[1]) && tadjacent(t->p[1], t->p[2])
      && tadjacent(t->p[0], t->p[2]);
}

/* the class: orientation of the labels XOR which way the triangle points */
static int ltri_class(const ltri *t) {
  tpt u = tsub(t->p[1], t->p[0]), v = tsub(t->p[2], t->p[0]);
  int64_t det = u.x * v.y - u.y * v.x;
  int64_t s = t->p[0].x + t->p[1].x + t->p[2].x + t->p[0].y + t->p[1].y
            + t->p[2].y;
  int up = ((s % 3) + 3) % 3 == 2;
  return (det > 0) ^ up;
}

static int same_colours(const ltri *a, const ltri *b) {
  int i;
  for (i = 0; i < 3; i++)
    if (tcolour(a->p[i]) != tcolour(b->p[i])) return 0;
  return 1;
}

static int ltri_eq(const ltri *a, const ltri *b) {
  return teq(a->p[0], b->p[0]) && teq(a->p[1], b->p[1])
      && teq(a->p[2], b->p[2]);
}

/* roll the coin of label index k across the other two */
static ltri lroll(const ltri *t, int k) {
  ltri r = *t;
  r.p[k] = tsub(tadd(t->p[(k + 1) % 3], t->p[(k + 2) % 3]), t->p[k]);
  return r;
}

/* configurations reachable in at most two moves that are triangles:
** calls fn(ud, triangle, moves, nmoves) for each */
typedef int (*visit_fn)(void *ud, const ltri *t, const pn_move *m, int nm);

static int within_two(const pn_board *b, const pn_config *A, visit_fn fn,
                      void *ud) {
  pn_rule r = {2, 0};
  pn_move *m1 = NULL, *m2 = NULL;
  size_t n1 = 0, n2 = 0, i, j;
  pn_config c1, c2;
  ltri t;
  int stop = 0;
  pn_config_init(&c1); pn_config_init(&c2);
  if (ltri_of(b, A, &t) && is_triangle(&t) && fn(ud, &t, NULL, 0)) return 1;
  if (pn_moves(b, &r, A, &m1, &n1, NULL) != PN_OK) return 0;
  for (i = 0; i < n1 && !stop; i++) {
    pn_move seq[2];
    pn_config_copy(&c1, A, NULL);
    pn_move_apply(&c1, m1[i]);
    seq[0] = m1[i];
    if (ltri_of(b, &c1, &t) && is_triangle(&t) && fn(ud, &t, seq, 1)) {
      stop = 1;
      break;
    }
    if (pn_moves(b, &r, &c1, &m2, &n2, NULL) != PN_OK) break;
    for (j = 0; j < n2 && !stop; j++) {
      pn_config_copy(&c2, &c1, NULL);
      pn_move_apply(&c2, m2[j]);
      seq[1] = m2[j];
      if (ltri_of(b, &c2, &t) && is_triangle(&t) && fn(ud, &t, seq, 2))
        stop = 1;
    }
    free(m2);
    m2 = NULL;
  }
  free(m1);
  free(m2);
  pn_config_clear(&c1); pn_config_clear(&c2);
  return stop;
}

/* }==================================================================== */


/* {====================================================================
** Three coins: the decision
** ===================================================================== */

typedef struct match3 {
  ltri goal;
  pn_goalmode mode;
  ltri found;
  pn_move m[2];
  int nm;
  int classes[2];        /* classes seen */
} match3;

static int match_visit(void *ud, const ltri *t, const pn_move *m, int nm) {
  match3 *x = ud;
  int ok;
  x->classes[ltri_class(t)] = 1;
  if (x->mode == PN_ROTATE || x->mode == PN_SYMMETRY) ok = 1;
  else if (x->mode == PN_TRANSLATE) ok = ltri_class(t) == ltri_class(&x->goal);
  else ok = ltri_class(t) == ltri_class(&x->goal)
            && same_colours(t, &x->goal);
  if (ok) {
    x->found = *t;
    x->nm = nm;
    if (nm > 0) x->m[0] = m[0];
    if (nm > 1) x->m[1] = m[1];
  }
  return ok;
}

/* distinct labels for three coins: the two equal labels of A and of B get
** fresh, distinct labels (k = which of B's two equal coins gets the first);
** returns 0 when the labels are already distinct */
static int split_labels(const pn_config *A, const pn_config *B, int k,
                        pn_config *a2, pn_config *b2) {
  int32_t dup;
  int i, seen;
  if (A->label[0] != A->label[1] && A->label[1] != A->label[2]
      && A->label[0] != A->label[2]) return 0;
  dup = A->label[0] == A->label[1] || A->label[0] == A->label[2]
      ? A->label[0] : A->label[1];
  pn_config_copy(a2, A, NULL);
  pn_config_copy(b2, B, NULL);
  for (i = 0, seen = 0; i < 3; i++)
    if (a2->label[i] == dup) a2->label[i] = seen++ ? -2 : -1;
  for (i = 0, seen = 0; i < 3; i++)
    if (b2->label[i] == dup) b2->label[i] = (seen++ == k) ? -1 : -2;
  return 1;
}

static const char *class_name(int c) { return c ? "class 2" : "class 1"; }

int tri_decide3(const pn_board *b, const pn_config *A, const pn_config *B,
                pn_goalmode mode, pn_tri_answer *ans, pn_error *err) {
  pn_config a2, b2;
  ltri tb;
  uint32_t comp[3];
  int k;
  pn_config_init(&a2); pn_config_init(&b2);
  /* two equal labels: decided if some way of telling them apart works */
  if (split_labels(A, B, 0, &a2, &b2)) {
    for (k = 0; k < 2; k++) {
      int rc;
      split_labels(A, B, k, &a2, &b2);
      rc = tri_decide3(b, &a2, &b2, mode, ans, err);
      if (rc != PN_OK || ans->solvable) break;
    }
    pn_config_clear(&a2); pn_config_clear(&b2);
    return PN_OK;
  }
  if (pn_components(b, B, comp) > 1) {
    snprintf(ans->rule, sizeof ans->rule, "Thm 2.7 (not connected)");
    snprintf(ans->text, sizeof ans->text, "three labelled coins: the goal is "
             "not connected, so no coin of it has two neighbours in it "
             "(thesis Thm 2.7, Prop 1.2)");
    ans->solvable = 0;
    return PN_OK;
  }
  ltri_of(b, B, &tb);
  if (!is_triangle(&tb)) {
    pn_move mv;
    int one = tri_one_move(b, A, B, mode, &mv);
    snprintf(ans->rule, sizeof ans->rule, "Thm 2.7 (path)");
    snprintf(ans->text, sizeof ans->text, "three labelled coins and the goal "
             "is a path, not a triangle: after one move the coins are a path "
             "whose middle coin just moved, and from then on a triangle, so "
             "only a single move can reach the goal: %s (thesis Thm 2.7)",
             one ? "one does" : "none does");
    ans->solvable = one;
    if (one) { ans->move = mv; ans->has_move = 1; }
    return PN_OK;
  }
  {
    match3 x;
    memset(&x, 0, sizeof x);
    x.goal = tb;
    x.mode = mode;
    snprintf(ans->rule, sizeof ans->rule, "Thm 2.7 (triangle)");
    if (within_two(b, A, match_visit, &x)) {
      ans->solvable = 1;
      snprintf(ans->text, sizeof ans->text, "three labelled coins: within "
               "%d move%s the start becomes a triangle of the goal's %s%s; "
               "such a triangle travels anywhere with its labels (thesis "
               "Thm 2.7)", x.nm, x.nm == 1 ? "" : "s",
               class_name(ltri_class(&tb)),
               mode == PN_FIXED ? " with the goal's colours" : "");
      for (k = 0; k < 3; k++) pos_of(b, x.found.p[k], &ans->witness[k]);
      ans->nwitness = 3;
    } else {
      ans->solvable = 0;
      snprintf(ans->text, sizeof ans->text, "three labelled coins: the goal "
               "is a triangle of %s, but within two moves the start only "
               "becomes triangles of %s%s%s; a triangle keeps its class and "
               "every coin its colour (x - y) mod 3 forever (thesis Thm 2.7)",
               class_name(ltri_class(&tb)),
               x.classes[0] && x.classes[1] ? "both classes"
                 : class_name(x.classes[1]),
               mode == PN_FIXED ? " or with other colours" : "",
               x.classes[0] || x.classes[1] ? "" : " (none at all)");
    }
  }
  (void)err;
  return PN_OK;
}

/*
** Three labelled coins and a goal of one or two (|A| > |B|): the rule for
** unlabelled coins (after Thm 2.4) does not hold, since a coin's colour
** is fixed once the coins form a triangle.  After its first move the
** configuration is connected (the moved coin touches the other two), so
** B is reachable iff A contains B or some connected B+ made of B and A's
** other coins (their labels, in every order) is reachable: Thm 2.7
** decides each.  The first B+ that works is left in *plus (if not NULL).
*/
typedef struct completion {
  const pn_board *b;
  const pn_config *A, *B;
  pn_goalmode mode;
  int32_t extra[2];            /* the labels of A that B does not use */
  int ne, tried;
  pn_tri_answer *ans;
  pn_config *plus;
} completion;

/* decide B + coins at p[0..k-1] (labels extra in order o); 1 when done */
static int try_plus(completion *c, const pn_pos *p, int k, int o,
                    pn_error *err) {
  pn_config bp;
  pn_tri_answer t;
  int i, ok = 0;
  pn_config_init(&bp);
  if (pn_config_copy(&bp, c->B, err) != PN_OK) return -1;
  for (i = 0; i < k; i++) {
    if (pn_config_find(&bp, p[i]) >= 0) { pn_config_clear(&bp); return 0; }
    if (pn_config_add(&bp, p[i], c->extra[(i + o) % k], err) != PN_OK) {
      pn_config_clear(&bp);
      return -1;
    }
  }
  {
    uint32_t comp[3];
    if (pn_components(c->b, &bp, comp) != 1) { pn_config_clear(&bp); return 0; }
  }
  c->tried++;
  memset(&t, 0, sizeof t);
  if (tri_decide3(c->b, c->A, &bp, c->mode, &t, err) != PN_OK) {
    pn_config_clear(&bp);
    return -1;
  }
  if (t.solvable) {
    *c->ans = t;
    ok = 1;
    if (c->plus) {
      pn_config_clear(c->plus);
      if (pn_config_copy(c->plus, &bp, err) != PN_OK) ok = -1;
    }
  }
  pn_config_clear(&bp);
  return ok;
}

int tri_complete3(const pn_board *b, const pn_config *A, const pn_config *B,
                  pn_goalmode mode, pn_tri_answer *ans, pn_config *plus,
                  pn_error *err) {
  completion c;
  int used[3] = {0, 0, 0}, i, j, k, r = 0;
  size_t q;
  memset(&c, 0, sizeof c);
  c.b = b; c.A = A; c.B = B; c.mode = mode; c.ans = ans; c.plus = plus;
  for (q = 0; q < B->n; q++)
    for (i = 0; i < 3; i++)
      if (!used[i] && A->label[i] == B->label[q]) { used[i] = 1; break; }
  for (i = 0; i < 3; i++) if (!used[i]) c.extra[c.ne++] = A->label[i];
  if (B->n + (size_t)c.ne != 3) return pn_seterror(err, PN_EINVAL,
    "the goal's labels are not among the start's");
  /* the missing coins lie within distance 2 of a goal coin, each next to
  ** a coin of B+ (connected) */
  for (q = 0; q < B->n && r == 0; q++) {
    tpt g = tpt_of(b, B->pos[q]);
    for (i = 0; i < 6 && r == 0; i++) {
      pn_pos p[2];
      tpt u = tadd(g, TRI_DIR[i]);
      if (!pos_of(b, u, &p[0])) continue;
      if (c.ne == 1) { r = try_plus(&c, p, 1, 0, err); continue; }
      for (j = 0; j < 12 && r == 0; j++) {
        tpt v = tadd(j < 6 ? g : u, TRI_DIR[j % 6]);
        if (!pos_of(b, v, &p[1]) || p[1] == p[0]) continue;
        for (k = 0; k < 2 && r == 0; k++) r = try_plus(&c, p, 2, k, err);
      }
    }
  }
  if (r < 0) return err ? err->code : PN_ENOMEM;
  if (r == 1) {
    /* the answer of the completion, said as such */
    char text[sizeof ans->text];
    int w = snprintf(text, sizeof text, "three labelled coins, the goal "
                     "completed by the start's other coin%s: ",
                     c.ne == 1 ? "" : "s");
    size_t room = sizeof text - (size_t)w;
    memcpy(text + w, ans->text, room - 1);
    text[sizeof text - 1] = '\0';
    memcpy(ans->text, text, sizeof text);
    return PN_OK;
  }
  memset(ans, 0, sizeof *ans);
  ans->solvable = 0;
  snprintf(ans->rule, sizeof ans->rule, "Thm 2.7 (fewer coins)");
  snprintf(ans->text, sizeof ans->text, "three labelled coins and a goal of "
           "%zu: after the first move the coins are connected, and none of "
           "the %d connected ways to complete the goal with the start's "
           "other coin%s is reachable (thesis Thm 2.7)", B->n, c.tried,
           c.ne == 1 ? "" : "s");
  return PN_OK;
}

/* }==================================================================== */


/* {====================================================================
** Three coins: moving a labelled triangle
** ===================================================================== */

/* small breadth-first search over roll sequences from t, returning in
** seq the rolls (label indices) to the first triangle accepted by ok */
typedef int (*accept_fn)(const ltri *t, const void *ud);

#define RBFS_MAX 200000

static int roll_search(const ltri *t, int maxdepth, accept_fn ok,
                       const void *ud, int *seq, int *len, ltri *end) {
  ltri *q = malloc(RBFS_MAX * sizeof *q);
  int *par = malloc(RBFS_MAX * sizeof *par), *rk = malloc(RBFS_MAX * sizeof *rk);
  int *dep = malloc(RBFS_MAX * sizeof *dep);
  int head = 0, tail = 0, found = -1;
  if (!q || !par || !rk || !dep) goto out;
  q[tail] = *t; par[tail] = -1; rk[tail] = -1; dep[tail] = 0; tail++;
  while (head < tail && found < 0) {
    int cur = head++, k, i, dup;
    if (ok(&q[cur], ud)) { found = cur; break; }
    if (dep[cur] >= maxdepth) continue;
    for (k = 0; k < 3 && tail < RBFS_MAX; k++) {
      ltri r = lroll(&q[cur], k);
      for (i = dup = 0; i < tail && !dup; i++) dup = ltri_eq(&q[i], &r);
      if (dup) continue;
      q[tail] = r; par[tail] = cur; rk[tail] = k; dep[tail] = dep[cur] + 1;
      tail++;
    }
  }
  if (found >= 0) {
    int n = dep[found], i = found;
    *len = n;
    *end = q[found];
    while (par[i] >= 0) { seq[--n] = rk[i]; i = par[i]; }
  }
out:
  free(q); free(par); free(rk); free(dep);
  return found >= 0;
}

typedef struct shift_goal { ltri base; tpt v; } shift_goal;

static int is_shift(const ltri *t, const void *ud) {
  const shift_goal *g = ud;
  int i;
  for (i = 0; i < 3; i++)
    if (!teq(t->p[i], tadd(g->base.p[i], g->v))) return 0;
  return 1;
}

/* does some translation by a vector of L (x - y = 0 mod 3) map t onto g
** label for label? */
static int is_translate_in_L(const ltri *t, const void *ud) {
  const ltri *g = ud;
  tpt d = tsub(g->p[0], t->p[0]);
  int i;
  for (i = 1; i < 3; i++)
    if (!teq(tsub(g->p[i], t->p[i]), d)) return 0;
  return ((d.x - d.y) % 3 + 3) % 3 == 0;
}

static int emit_rolls(const pn_board *b, ltri *t, const int *seq, int n,
                      movelist *out) {
  int i;
  for (i = 0; i < n; i++) {
    ltri r = lroll(t, seq[i]);
    pn_pos f, to;
    if (!pos_of(b, t->p[seq[i]], &f) || !pos_of(b, r.p[seq[i]], &to)) return 0;
    if (!ml_push(out, f, to)) return 0;
    *t = r;
  }
  return 1;
}

/* roll the labelled triangle t onto goal g (same class and colours):
** first a few rolls until g is a translate of it by a vector of L, then
** gadgets that translate by the basis (1,1), (2,-1) of L */
static int roll_to(const pn_board *b, ltri *t, const ltri *g, movelist *out) {
  int seq[64], len;
  ltri mid;
  tpt w;
  int64_t a, c;
  int gs[4][32], gl[4];
  tpt gv[4] = {{1,1},{-1,-1},{2,-1},{-2,1}};
  int k;
  if (!roll_search(t, 6, is_translate_in_L, g, seq, &len, &mid)) return 0;
  if (!emit_rolls(b, t, seq, len, out)) return 0;
  w = tsub(g->p[0], t->p[0]);
  /* w = a (1,1) + c (2,-1):  x = a + 2c, y = a - c  =>  c = (x - y) / 3 */
  c = (w.x - w.y) / 3;
  a = w.y + c;
  for (k = 0; k < 4; k++) {
    shift_goal sg;
    ltri e;
    sg.base = *t;
    sg.v = gv[k];
    if (!roll_search(t, 12, is_shift, &sg, gs[k], &gl[k], &e)) return 0;
  }
  for (; a > 0; a--) if (!emit_rolls(b, t, gs[0], gl[0], out)) return 0;
  for (; a < 0; a++) if (!emit_rolls(b, t, gs[1], gl[1], out)) return 0;
  for (; c > 0; c--) if (!emit_rolls(b, t, gs[2], gl[2], out)) return 0;
  for (; c < 0; c++) if (!emit_rolls(b, t, gs[3], gl[3], out)) return 0;
  return ltri_eq(t, g);
}

/* the goal triangle to aim for: B itself (fixed), or a translate of B
** (and with rotations, of a rotated B) of t's class with t's colours */
static int aim(const pn_board *b, const ltri *t, const pn_config *B,
               pn_goalmode mode, ltri *g) {
  int nsym = mode == PN_FIXED || mode == PN_TRANSLATE ? 1
           : pn_lattice_symmetries(PN_TRI, 2), s;
  ltri tb;
  ltri_of(b, B, &tb);
  if (mode == PN_FIXED) { *g = tb; return 1; }
  for (s = 0; s < nsym; s++) {
    ltri r = tb;
    int i, k;
    if (mode == PN_ROTATE && !pn_lattice_sym_proper(PN_TRI, 2, s)) continue;
    for (i = 0; i < 3; i++) {
      int64_t c[2] = {tb.p[i].x, tb.p[i].y}, o[2];
      pn_lattice_transform(PN_TRI, 2, s, c, o);
      r.p[i].x = o[0]; r.p[i].y = o[1];
    }
    if (ltri_class(&r) != ltri_class(t)) continue;
    /* move r next to t with t's colours: shift by t.p0 - r.p0 plus k (1,0)
    ** for the k that matches the colours */
    for (k = 0; k < 3; k++) {
      tpt d = tsub(t->p[0], r.p[0]);
      ltri q = r;
      d.x += k;
      for (i = 0; i < 3; i++) q.p[i] = tadd(r.p[i], d);
      if (same_colours(&q, t)) { *g = q; return 1; }
    }
  }
  (void)b;
  return 0;
}

int tri_solve3(const pn_board *b, const pn_config *A, const pn_config *B,
               pn_goalmode mode, pn_budget *meter, pn_move **moves, size_t *n,
               pn_error *err) {
  pn_config a2, b2;
  match3 x;
  movelist out;
  ltri t, g;
  int k, rc = PN_OK;
  memset(&out, 0, sizeof out);
  out.meter = meter;
  pn_config_init(&a2); pn_config_init(&b2);
  *moves = NULL; *n = 0;
  if (split_labels(A, B, 0, &a2, &b2)) {
    for (k = 0; k < 2; k++) {
      pn_tri_answer ans;
      split_labels(A, B, k, &a2, &b2);
      if (tri_decide3(b, &a2, &b2, mode, &ans, err) == PN_OK && ans.solvable) {
        rc = tri_solve3(b, &a2, &b2, mode, meter, moves, n, err);
        break;
      }
    }
    if (k == 2) rc = pn_seterror(err, PN_EINVAL, "unsolvable");
    pn_config_clear(&a2); pn_config_clear(&b2);
    return rc;
  }
  ltri_of(b, B, &g);
  if (!is_triangle(&g)) {
    pn_move mv;
    if (!tri_one_move(b, A, B, mode, &mv))
      return pn_seterror(err, PN_EINVAL, "unsolvable");
    *moves = malloc(sizeof **moves);
    if (!*moves) return pn_seterror(err, PN_ENOMEM, "out of memory");
    (*moves)[0] = mv;
    *n = 1;
    return PN_OK;
  }
  memset(&x, 0, sizeof x);
  x.goal = g;
  x.mode = mode;
  if (!within_two(b, A, match_visit, &x))
    return pn_seterror(err, PN_EINVAL, "unsolvable");
  for (k = 0; k < x.nm; k++)
    if (!ml_push(&out, x.m[k].from, x.m[k].to)) goto nomem;
  t = x.found;
  if (!aim(b, &t, B, mode, &g) || !roll_to(b, &t, &g, &out)) {
    ml_free(&out);
    return pn_seterror(err, PN_EINTERNAL, "penny bug: the labelled triangle "
                       "could not be moved to the goal");
  }
  *moves = out.m;
  *n = out.n;
  return PN_OK;
nomem:
  ml_free(&out);
  return pn_seterror(err, PN_ENOMEM, "out of memory");
}

/* }==================================================================== */
