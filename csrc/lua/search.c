/*
** search.c -- the exact searches for Lua: core.search (the engine),
** core.bfs (the plain reference search), core.distances (whole distance
** tables), core.clock and core.LIMITS.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "search/pdb.h"
#include "core/util.h"

static const char *const mode_names[] = {
  "fixed", "translation", "rotation", "symmetry", NULL
};

static const char *const verdict_names[] = {
  "solved", "unsolvable", "unknown"
};

static const char *const method_names[] = {
  "auto", "plain", "bidir", "full", "astar", NULL
};

static void push_result(lua_State *L, const pn_board *b, const pn_result *r) {
  size_t i;
  lua_createtable(L, 0, 10);
  lua_pushstring(L, verdict_names[r->verdict]);
  lua_setfield(L, -2, "verdict");
  lua_createtable(L, (int)r->nmoves, 0);
  for (i = 0; i < r->nmoves; i++) {
    pnL_pushmove(L, b, r->moves[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  lua_setfield(L, -2, "moves");
  lua_pushinteger(L, (lua_Integer)r->states);
  lua_setfield(L, -2, "states");
  lua_pushinteger(L, (lua_Integer)r->expanded);
  lua_setfield(L, -2, "expanded");
  lua_pushinteger(L, r->depth);
  lua_setfield(L, -2, "depth");
  lua_pushinteger(L, r->probed);
  lua_setfield(L, -2, "probed");
  if (r->verdict == PN_UNKNOWN) {
    lua_pushinteger(L, r->lower_bound);
    lua_setfield(L, -2, "lower_bound");
  }
  lua_pushinteger(L, (lua_Integer)r->memory);
  lua_setfield(L, -2, "memory");
  lua_pushnumber(L, r->seconds);
  lua_setfield(L, -2, "seconds");
  lua_pushnumber(L, r->pdb_seconds);
  lua_setfield(L, -2, "pdb_seconds");
  lua_pushboolean(L, r->pdb_reused);
  lua_setfield(L, -2, "pdb_reused");
  lua_pushboolean(L, r->backward);
  lua_setfield(L, -2, "backward");
  lua_pushstring(L, r->reason);
  lua_setfield(L, -2, "reason");
}

/* {====================================================================
** The engine
** ===================================================================== */


/* in the order of PN_ENC_* */
static const char *const encoding_names[] = { "auto", "byte", "lean", "two",
                                               NULL };

/* in the order of PN_DIR_* */
static const char *const direction_names[] = { "auto", "forward",
                                                "backward", NULL };

/* options shared by search and distances */
static void read_searchopts(lua_State *L, int idx, pn_searchopts *o,
                            pnL_progress *ps) {
  int want;
  memset(o, 0, sizeof *o);
  pnL_read_limits(L, idx, &o->lim);
  /* the searches' default budget, as the core would take it (read once
  ** per Lua state: it reads the machine's and a container's limits) */
  if (!o->lim.max_memory) o->lim.max_memory = pnL_default_memory(L);
  o->threads = (int)pnL_optnumber(L, idx, "threads", 0);
  if (o->threads > MAX_THREADS)
    luaL_argerror(L, idx, "threads is absurdly large");
  if (!lua_isnoneornil(L, idx)) {
    lua_getfield(L, idx, "method");
    if (!lua_isnil(L, -1))
      o->method = (pn_method)luaL_checkoption(L, -1, NULL, method_names);
    lua_pop(L, 1);
    lua_getfield(L, idx, "encoding");
    if (!lua_isnil(L, -1))
      o->encoding = luaL_checkoption(L, -1, NULL, encoding_names);
    lua_pop(L, 1);
    lua_getfield(L, idx, "pdb");
    if (lua_isboolean(L, -1)) {
      o->pdb = lua_toboolean(L, -1) ? 0 : -1;
    } else if (!lua_isnil(L, -1)) {
      lua_Integer n = lua_isinteger(L, -1) ? lua_tointeger(L, -1) : 0;
      luaL_argcheck(L, n >= 1 && n <= PN_PDB_MAXCELLS, idx, "pdb must be a "
                    "boolean or the most cells of a window (1 to 30)");
      o->pdb = (int)n;
    }
    lua_pop(L, 1);
    lua_getfield(L, idx, "direction");
    if (!lua_isnil(L, -1))
      o->direction = luaL_checkoption(L, -1, NULL, direction_names);
    lua_pop(L, 1);
    lua_getfield(L, idx, "databases");
    if (!lua_isnil(L, -1)) {
      o->pdbcache = pnL_testdatabases(L, -1);
      luaL_argcheck(L, o->pdbcache != NULL, idx, "databases must be a "
                    "penny.databases() object");
    }
    lua_pop(L, 1);                /* opts (at idx) keeps it alive */
  }
  memset(ps, 0, sizeof *ps);
  ps->tty = isatty(STDERR_FILENO);
  want = pnL_progress_default(L);
  if (!lua_isnoneornil(L, idx)) {
    lua_getfield(L, idx, "progress");
    if (!lua_isnil(L, -1)) want = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  if (want) {
    o->progress = pnL_print_progress;
    o->progress_ud = ps;
  }
}

/* the board of the start (argument 3), pushed; it must be on the window's
** lattice (argument 1) */
static pn_board *start_board(lua_State *L, const pn_board *w) {
  pn_board *sb;
  lua_getiuservalue(L, 3, 1);             /* the callers checked it */
  sb = pnL_checkboard(L, -1);
  luaL_argcheck(L, pn_board_kind(sb) == pn_board_kind(w)
                && pn_board_dim(sb) == pn_board_dim(w), 1,
                "window and configurations are on different lattices");
  return sb;
}

/* core.search(window, rule, start, goal, mode [, opts]) -> result table */
static int l_search(lua_State *L) {
  pn_board *w = pnL_checkboard(L, 1);
  pn_rule rule = pnL_checkrule(L, 2);
  lconfig *start = pnL_checkconfig(L, 3), *goal = pnL_checkconfig(L, 4);
  int mode = luaL_checkoption(L, 5, "fixed", mode_names), rc;
  pn_board *sb;
  pn_searchopts o;
  pnL_progress ps;
  pn_result res;
  pn_error err;
  pnL_guard g;
  read_searchopts(L, 6, &o, &ps);
  lua_settop(L, 6);
  sb = start_board(L, w);                      /* index 7 */
  pn_result_init(&res);
  pnL_guard_begin(L, &g);
  o.lim.interrupt = g.flag;
  rc = pn_search(w, &rule, &start->c, &goal->c, (pn_goalmode)mode, &o, &res,
                 &err);
  pnL_guard_end(&g);
  pnL_end_progress(&o, &ps);
  if (rc == PN_EINTR) {
    pn_result_clear(&res);
    return pnL_interrupted(L, &g);
  }
  if (rc != PN_OK) {
    pn_result_clear(&res);
    return pnL_error(L, &err);
  }
  push_result(L, sb, &res);
  pn_result_clear(&res);
  return 1;
}

/* the processes of build/penny-mpi (csrc/mpi/net.c), NULL in penny */
static const pn_net *get_net(lua_State *L) {
  const pn_net *net;
  lua_getfield(L, LUA_REGISTRYINDEX, PN_NET_KEY);
  net = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return net;
}

/* core.net() -> rank, size of the processes of penny-mpi; nothing in penny */
static int l_net(lua_State *L) {
  const pn_net *net = get_net(L);
  if (!net) return 0;
  lua_pushinteger(L, net->rank);
  lua_pushinteger(L, net->size);
  return 2;
}

/* core.distances(window, rule, start, {targets...}, complete [, opts]) */
static int l_distances(lua_State *L) {
  pn_board *w = pnL_checkboard(L, 1), *sb;
  pn_rule rule = pnL_checkrule(L, 2);
  int complete, rc, k;
  lconfig *start = pnL_checkconfig(L, 3);
  lua_Integer n, i;
  pn_config *targets;
  pn_searchopts o;
  pnL_progress ps;
  pn_disttable t;
  pn_error err;
  pnL_guard g;
  luaL_checktype(L, 4, LUA_TTABLE);
  complete = lua_toboolean(L, 5);
  read_searchopts(L, 6, &o, &ps);
  lua_settop(L, 6);
  if (lua_istable(L, 6)) {
    lua_getfield(L, 6, "paths");
    o.nopaths = lua_isboolean(L, -1) && !lua_toboolean(L, -1);
    lua_pop(L, 1);
    /* shared by the processes of penny-mpi unless shared = false */
    lua_getfield(L, 6, "shared");
    if (!(lua_isboolean(L, -1) && !lua_toboolean(L, -1))) o.net = get_net(L);
    lua_pop(L, 1);
    /* the bitmap of lifted sets in windows (two bits a state) */
    o.lifted = (size_t)pnL_optnumber(L, 6, "lifted", 0);
    lua_getfield(L, 6, "scratch");
    o.scratch = lua_tostring(L, -1);            /* opts (at 6) keeps it */
    lua_pop(L, 1);
  }
  lua_getiuservalue(L, 3, 1);
  sb = pnL_checkboard(L, -1);                                  /* 7 */
  n = luaL_len(L, 4);
  targets = lua_newuserdatauv(L, (size_t)(n + 1) * sizeof *targets, 0);
  for (i = 1; i <= n; i++) {
    lua_geti(L, 4, i);
    targets[i - 1] = pnL_checkconfig(L, -1)->c;    /* shallow: kept alive */
    lua_pop(L, 1);
  }
  pnL_guard_begin(L, &g);
  o.lim.interrupt = g.flag;
  rc = pn_distances(w, &rule, &start->c, targets, (size_t)n, complete, &o, &t,
                    &err);
  pnL_guard_end(&g);
  pnL_end_progress(&o, &ps);
  if (rc == PN_EINTR) {
    return pnL_interrupted(L, &g);
  }
  if (rc != PN_OK) return pnL_error(L, &err);
  lua_createtable(L, 0, 12);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushinteger(L, t.dist[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "dist");
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n && !o.nopaths; i++) {
    size_t j;
    if (t.dist[i] < 0) { lua_pushboolean(L, 0); lua_rawseti(L, -2, i + 1); continue; }
    lua_createtable(L, (int)t.plen[i], 0);
    for (j = 0; j < t.plen[i]; j++) {
      pnL_pushmove(L, sb, t.paths[i][j]);
      lua_rawseti(L, -2, (lua_Integer)j + 1);
    }
    lua_rawseti(L, -2, i + 1);
  }
  if (o.nopaths) lua_pop(L, 1);         /* none asked for */
  else lua_setfield(L, -2, "paths");
  lua_createtable(L, t.maxdepth + 1, 0);
  for (k = 0; k <= t.maxdepth && k < 256; k++) {
    lua_pushinteger(L, (lua_Integer)t.layer[k]);
    lua_rawseti(L, -2, k + 1);          /* layers[1] = depth 0 */
  }
  lua_setfield(L, -2, "layers");
  lua_pushinteger(L, t.maxdepth); lua_setfield(L, -2, "maxdepth");
  lua_pushboolean(L, t.complete); lua_setfield(L, -2, "complete");
  lua_pushinteger(L, (lua_Integer)t.reached); lua_setfield(L, -2, "reached");
  lua_pushinteger(L, (lua_Integer)t.expanded); lua_setfield(L, -2, "expanded");
  lua_pushnumber(L, t.seconds); lua_setfield(L, -2, "seconds");
  lua_pushinteger(L, (lua_Integer)t.memory); lua_setfield(L, -2, "memory");
  lua_pushstring(L, encoding_names[t.encoding]);
  lua_setfield(L, -2, "encoding");
  lua_pushinteger(L, (lua_Integer)t.path_states);
  lua_setfield(L, -2, "path_states");
  lua_pushinteger(L, (lua_Integer)t.sent);
  lua_setfield(L, -2, "sent");
  lua_pushinteger(L, t.windows);
  lua_setfield(L, -2, "windows");
  lua_pushinteger(L, t.threads); lua_setfield(L, -2, "threads");
  if (t.hardest.n) {
    lconfig *h = pnL_newconfig(L, 7);
    if (pn_config_copy(&h->c, &t.hardest, &err) != PN_OK) {
      pn_disttable_clear(&t);
      return pnL_error(L, &err);
    }
    lua_setfield(L, -2, "hardest");
  }
  pn_disttable_clear(&t);
  return 1;
}

/* }==================================================================== */

/* core.bfs(window, rule, start, goal, mode [, limits]) -> result table */
static int l_bfs(lua_State *L) {
  pn_board *w = pnL_checkboard(L, 1);
  pn_rule rule = pnL_checkrule(L, 2);
  lconfig *start = pnL_checkconfig(L, 3), *goal = pnL_checkconfig(L, 4);
  int mode = luaL_checkoption(L, 5, "fixed", mode_names), rc, hit, want;
  pn_board *sb;
  pn_limits lim;
  pn_result res;
  pn_error err;
  pnL_guard g;
  pnL_progress ps;
  pnL_read_limits(L, 6, &lim);
  memset(&ps, 0, sizeof ps);
  ps.tty = isatty(STDERR_FILENO);
  want = pnL_progress_default(L);
  if (!lua_isnoneornil(L, 6)) {
    lua_getfield(L, 6, "progress");
    if (!lua_isnil(L, -1)) want = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  if (want) { lim.progress = pnL_print_progress; lim.progress_ud = &ps; }
  sb = start_board(L, w);                      /* index 7 */
  pn_result_init(&res);
  pnL_guard_begin(L, &g);
  lim.interrupt = g.flag;
  rc = pn_bfs(w, &rule, &start->c, &goal->c, (pn_goalmode)mode, &lim, &res, &err);
  hit = pnL_guard_end(&g);
  if (want && ps.tty) fputs("\r\033[K", stderr);
  if (rc == PN_EINTR) {
    pn_result_clear(&res);
    return pnL_interrupted(L, &g);
  }
  (void)hit;
  if (rc != PN_OK) {
    pn_result_clear(&res);
    return pnL_error(L, &err);
  }
  push_result(L, sb, &res);
  pn_result_clear(&res);
  return 1;
}

/* core.clock() -> monotonic seconds: the clock of time limits, for the
** solvers written in Lua */
static int l_clock(lua_State *L) {
  lua_pushnumber(L, pn_clock());
  return 1;
}

static const luaL_Reg search_funcs[] = {
  {"clock", l_clock},
  {"bfs", l_bfs},
  {"search", l_search},
  {"distances", l_distances},
  {"net", l_net},
  {NULL, NULL}
};

void pnL_open_search(lua_State *L) {
  luaL_setfuncs(L, search_funcs, 0);
  static const struct { const char *name; double v; } bounds[] = {
    {"threads", MAX_THREADS}, {"limit", MAX_LIMIT},
    {"min_memory", MIN_MEMORY}, {"probe_levels", MAX_PROBE_LEVELS},
    {"databases_sets", PN_PDBCACHE_MAXSETS}
  };
  size_t i;
  lua_createtable(L, 0, 6);
  for (i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
    lua_Number v = bounds[i].v;
    if (v == (lua_Integer)v) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
    lua_setfield(L, -2, bounds[i].name);
  }
  lua_pushinteger(L, (lua_Integer)pn_physical_memory());   /* 0: unknown */
  lua_setfield(L, -2, "physical_memory");
  lua_setfield(L, -2, "LIMITS");
}
