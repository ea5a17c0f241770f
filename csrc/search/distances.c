/*
** distances.c -- distance tables (pn_distances): a full-space search from
** one start, with the distance and a shortest path to each target, the
** layer sizes and a hardest configuration.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "fullbfs.h"
#include "wide.h"
#include "core/util.h"

void pn_disttable_clear(pn_disttable *t) {
  size_t i;
  if (t->paths)
    for (i = 0; i < t->ntargets; i++) free(t->paths[i]);
  free(t->paths);
  free(t->plen);
  free(t->dist);
  pn_config_clear(&t->hardest);
  memset(t, 0, sizeof *t);
}

/* the paths to the targets the table reached, each by a search of its
** own (a table of two bits per state keeps no depths to walk back) */
static int paths_by_search(const pn_board *w, const pn_rule *r,
                           const pn_config *start, const pn_config *targets,
                           const pn_searchopts *o, const pn_limits *lim,
                           pn_disttable *out, pn_error *err) {
  size_t i;
  int rc = PN_OK;
  for (i = 0; i < out->ntargets && rc == PN_OK; i++) {
    if (out->dist[i] < 0) continue;
    rc = pn_path_by_search(w, r, start, &targets[i], out->dist[i], o, lim,
                           &out->paths[i], err);
    if (rc == PN_OK) out->plen[i] = (size_t)out->dist[i];
    else if (rc == PN_ELIMIT) {
      char why[sizeof err->msg];
      snprintf(why, sizeof why, "%s", err->msg);
      pn_seterror(err, PN_ELIMIT, "target %zu is %d moves away, but the "
                  "search for its path stopped (%.150s); paths = false "
                  "gives the distances alone", i + 1, out->dist[i], why);
    }
  }
  return rc;
}

/* a window past the bitboards: the wide game's ranked keys (wide.c) */
static int wide_distances(const pn_board *w, const pn_rule *r,
                          const pn_config *start, const pn_config *targets,
                          size_t ntargets, int complete,
                          const pn_searchopts *o, const pn_limits *lim,
                          pn_disttable *out, pn_error *err) {
  int rc;
  out->ntargets = ntargets;
  out->dist = calloc(ntargets + 1, sizeof *out->dist);
  out->paths = calloc(ntargets + 1, sizeof *out->paths);
  out->plen = calloc(ntargets + 1, sizeof *out->plen);
  if (!out->dist || !out->paths || !out->plen)
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
  else
    rc = pn_wide_table(w, r, start, targets, ntargets, complete, o, lim, out,
                       err);
  if (rc == PN_OK && !(o && o->nopaths))
    rc = paths_by_search(w, r, start, targets, o, lim, out, err);
  if (rc != PN_OK) pn_disttable_clear(out);
  return rc;
}

int pn_distances(const pn_board *w, const pn_rule *r, const pn_config *start,
                 const pn_config *targets, size_t ntargets, int complete,
                 const pn_searchopts *o, pn_disttable *out, pn_error *err) {
  bbspace s;
  pn_fullbfs f;
  pn_limits lim;
  bbstate st;
  uint64_t *ranks = NULL;
  size_t i;
  int rc, d, enc;
  double t0 = pn_clock();
  memset(out, 0, sizeof *out);
  if (o) lim = o->lim; else memset(&lim, 0, sizeof lim);
  if (!lim.max_memory) lim.max_memory = pn_default_memory();
  if (!lim.since) lim.since = t0;       /* the paths' searches count too */
  if ((rc = pn_rule_valid(r, err)) != PN_OK) return rc;
  if (r->slide)
    return pn_seterror(err, PN_EINVAL, "the engine does not know slides: "
                       "method 'bfs' searches them");
  if ((rc = bb_init(&s, w, r, start, err)) != PN_OK)
    return rc == PN_ELIMIT ? wide_distances(w, r, start, targets, ntargets,
                                            complete, o, &lim, out, err)
                           : rc;
  if (!bb_from_config(&s, w, start, &st)) {
    bb_free(&s);
    return pn_seterror(err, PN_EINVAL, "the start is not in the window");
  }
  out->ntargets = ntargets;
  out->dist = calloc(ntargets + 1, sizeof *out->dist);
  out->paths = calloc(ntargets + 1, sizeof *out->paths);
  out->plen = calloc(ntargets + 1, sizeof *out->plen);
  ranks = malloc((ntargets + 1) * sizeof *ranks);
  if (!out->dist || !out->paths || !out->plen || !ranks) {
    rc = pn_seterror(err, PN_ENOMEM, "out of memory");
    goto fail;
  }
  for (i = 0; i < ntargets; i++) {
    bbstate ts;
    if (!bb_from_config(&s, w, &targets[i], &ts)) {
      rc = pn_seterror(err, PN_EINVAL, "target %zu is not a configuration of "
                       "the window with the start's coins and labels", i + 1);
      goto fail;
    }
    ranks[i] = bb_rank(&s, &ts);
  }
  /* auto: with no target (or no path wanted) nothing is walked back, and
  ** two bits lose nothing (layers, hardest configuration) at two thirds of
  ** the memory and the same speed (BENCHMARKS.md); windows of the lifted
  ** sets asked for are a thing of two bits as well */
  enc = o ? o->encoding : PN_ENC_AUTO;
  if (enc == PN_ENC_AUTO
      && (ntargets == 0 || (o && (o->nopaths || o->lifted))))
    enc = PN_ENC_TWO;
  if (o && o->lifted && enc != PN_ENC_TWO) {
    rc = pn_seterror(err, PN_EINVAL, "lifted: the lifted sets are kept in "
                     "windows with two bits a state (encoding 'two' or "
                     "'auto'), not with encoding '%s'",
                     enc == PN_ENC_LEAN ? "lean" : "byte");
    goto fail;
  }
  if ((rc = pn_fullbfs_init(&f, &s, &lim, o ? o->threads : 0, enc,
                            o ? o->net : NULL, o ? o->lifted : 0,
                            o ? o->scratch : NULL, err)) != PN_OK)
    goto fail;
  rc = pn_fullbfs_run(&f, &st, ranks, ntargets,
                      complete ? PN_STOP_NEVER : PN_STOP_ALL,
                      o && o->progress ? pn_full_progress : NULL, (void *)o, err);
  if (rc != PN_OK) { pn_fullbfs_free(&f); goto fail; }
  out->maxdepth = f.maxdepth;
  out->complete = f.done;
  for (d = 0; d <= f.maxdepth && d <= PN_FULLBFS_MAXDEPTH + 1 && d < 256; d++)
    out->layer[d] = f.layer[d];
  out->reached = f.reached;
  out->expanded = f.expanded;
  out->memory = f.memory;
  out->threads = f.threads;
  out->encoding = f.encoding;
  out->seconds = f.seconds;
  out->sent = f.sent * 4;
  out->windows = f.nwin;
  for (i = 0; i < ntargets; i++) out->dist[i] = pn_fullbfs_dist(&f, i);
  if (out->complete && f.maxdepth > 0) {
    /* a hardest configuration: the first of the deepest layer */
    bb_unrank(&s, pn_fullbfs_hardest(&f), &st);
    rc = bb_to_config(&s, w, &st, &out->hardest, err);
  }
  if (f.two) {
    /* no depths to walk back through: each path by a search of its own,
    ** with the room of the table (fullbfs.c, note 6) */
    /* shared by processes: process 0 alone finds the paths */
    int others = o && o->net && o->net->size > 1 && o->net->rank != 0;
    pn_fullbfs_free(&f);
    if (rc == PN_OK && !(o && o->nopaths) && !others)
      rc = paths_by_search(w, r, start, targets, o, &lim, out, err);
  }
  for (i = 0; i < ntargets && rc == PN_OK && !f.two; i++) {
    int *from, *to, k;
    if (out->dist[i] < 0 || (o && o->nopaths)) continue;
    from = malloc(((size_t)out->dist[i] + 1) * sizeof *from);
    to = malloc(((size_t)out->dist[i] + 1) * sizeof *to);
    out->paths[i] = malloc(((size_t)out->dist[i] + 1) * sizeof **out->paths);
    if (!from || !to || !out->paths[i]) rc = pn_seterror(err, PN_ENOMEM,
                                                        "out of memory");
    else if (pn_fullbfs_path(&f, i, from, to) != out->dist[i])
      rc = pn_seterror(err, PN_EINTERNAL, "penny bug: distance table path "
                       "reconstruction failed");
    else {
      for (k = 0; k < out->dist[i]; k++) {
        out->paths[i][k].from = pn_board_cell(w, (size_t)from[k]);
        out->paths[i][k].to = pn_board_cell(w, (size_t)to[k]);
      }
      out->plen[i] = (size_t)out->dist[i];
    }
    free(from);
    free(to);
  }
  out->path_states = f.path_states;
  pn_fullbfs_free(&f);
  free(ranks);
  bb_free(&s);
  if (rc != PN_OK) pn_disttable_clear(out);
  return rc;
fail:
  free(ranks);
  bb_free(&s);
  pn_disttable_clear(out);
  return rc;
}
