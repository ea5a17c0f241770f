/*
** goal.c -- is a configuration a goal of the puzzle?
**
** A goal is a configuration B placed at a fixed place, or a shape formed
** anywhere (up to translation, rotation or every symmetry of the lattice).
** When B has fewer coins than the configuration, the extra coins may be
** anywhere (the thesis's B+ superset of B).  Labels must match coin for
** coin (equal labels are interchangeable).
*/
#include <stdlib.h>
#include <string.h>

#include "util.h"

int pn_goal_init(pn_goal *g, const pn_board *b, const pn_config *goal,
                 pn_goalmode mode, pn_error *err) {
  pn_lattice lat = pn_board_kind(b);
  int dim = pn_board_dim(b), nsym, k, v, rc;
  memset(g, 0, sizeof *g);
  g->b = b;
  g->mode = mode;
  pn_config_init(&g->target);
  pn_config_init(&g->tmp);
  if ((rc = pn_config_copy(&g->target, goal, err)) != PN_OK) return rc;
  if (mode == PN_FIXED) return PN_OK;
  if (lat == PN_GRAPH)
    return pn_seterror(err, PN_EINVAL, "a custom graph has no translations "
                       "or rotations");
  nsym = mode == PN_TRANSLATE ? 1 : pn_lattice_symmetries(lat, dim);
  g->variants = calloc((size_t)nsym, sizeof *g->variants);
  if (!g->variants) return pn_seterror(err, PN_ENOMEM, "out of memory");
  for (k = 0; k < nsym; k++) {
    pn_config *c = &g->variants[g->nvariants];
    int dup = 0;
    if (mode == PN_ROTATE && !pn_lattice_sym_proper(lat, dim, k)) continue;
    /* a variant not counted yet is freed here on failure */
    if ((rc = pn_config_copy(c, goal, err)) != PN_OK
        || (rc = pn_config_transform(b, c, k, err)) != PN_OK
        || (rc = pn_config_normalise(b, c, err)) != PN_OK) {
      pn_config_clear(c);
      return rc;
    }
    for (v = 0; v < g->nvariants && !dup; v++)
      dup = pn_config_equal(c, &g->variants[v]);
    if (dup) pn_config_clear(c); else g->nvariants++;
  }
  return PN_OK;
}

void pn_goal_free(pn_goal *g) {
  int v;
  for (v = 0; v < g->nvariants; v++) pn_config_clear(&g->variants[v]);
  free(g->variants);
  pn_config_clear(&g->target);
  pn_config_clear(&g->tmp);
  memset(g, 0, sizeof *g);
}

int pn_goal_placements(const pn_goal *g,
                       int (*fn)(const pn_config *placed, void *ud),
                       void *ud, pn_error *err) {
  const pn_board *w = g->b;
  int dim = pn_board_dim(w), v, rc = PN_OK;
  pn_config moved;
  /* a goal without coins is met everywhere: itself, whatever the mode
  ** (its variants have no first coin to place) */
  if (g->mode == PN_FIXED || g->target.n == 0) {
    fn(&g->target, ud);
    return PN_OK;
  }
  /* every placement: the first coin of a variant on every cell */
  pn_config_init(&moved);
  for (v = 0; v < g->nvariants && rc == PN_OK; v++) {
    const pn_config *var = &g->variants[v];
    int64_t v0[PN_MAXDIM];
    size_t i;
    pn_board_unpack(w, var->pos[0], v0);
    for (i = 0; i < pn_board_ncells(w); i++) {
      int64_t c0[PN_MAXDIM];
      size_t j;
      int ok = 1, d;
      pn_board_unpack(w, pn_board_cell(w, i), c0);
      if ((rc = pn_config_copy(&moved, var, err)) != PN_OK) break;
      for (j = 0; j < moved.n && ok; j++) {
        int64_t x[PN_MAXDIM];
        pn_board_unpack(w, var->pos[j], x);
        for (d = 0; d < dim; d++) x[d] += c0[d] - v0[d];
        ok = pn_board_pack(w, x, &moved.pos[j], NULL) == PN_OK;
      }
      if (ok) fn(&moved, ud);
    }
  }
  pn_config_clear(&moved);
  return rc;
}

/* is goal g (at a fixed place) contained in configuration c? */
static int contains(const pn_config *c, const pn_config *g) {
  size_t i;
  for (i = 0; i < g->n; i++) {
    ptrdiff_t k = pn_config_find(c, g->pos[i]);
    if (k < 0 || c->label[k] != g->label[i]) return 0;
  }
  return 1;
}

/* does c contain a translate of the normalised shape v (which must stay on
** the board)? */
static int contains_translate(const pn_board *b, const pn_config *c,
                              const pn_config *v) {
  int dim = pn_board_dim(b), d;
  size_t a, i;
  int64_t v0[PN_MAXDIM];
  if (v->n == 0) return 1;
  pn_board_unpack(b, v->pos[0], v0);
  for (a = 0; a < c->n; a++) {      /* anchor v's first coin on coin a */
    int64_t ca[PN_MAXDIM];
    int ok = 1;
    if (c->label[a] != v->label[0]) continue;
    pn_board_unpack(b, c->pos[a], ca);
    for (i = 1; i < v->n && ok; i++) {
      int64_t x[PN_MAXDIM];
      pn_pos p;
      ptrdiff_t k;
      pn_board_unpack(b, v->pos[i], x);
      for (d = 0; d < dim; d++) x[d] += ca[d] - v0[d];
      if (pn_board_pack(b, x, &p, NULL) != PN_OK) { ok = 0; break; }
      k = pn_config_find(c, p);
      ok = k >= 0 && c->label[k] == v->label[i];
    }
    if (ok) return 1;
  }
  return 0;
}

int pn_goal_test(const pn_goal *g, const pn_config *c) {
  int v;
  if (c->n < g->target.n) return 0;
  if (g->mode == PN_FIXED) return contains(c, &g->target);
  for (v = 0; v < g->nvariants; v++)
    if (contains_translate(g->b, c, &g->variants[v])) return 1;
  return 0;
}
