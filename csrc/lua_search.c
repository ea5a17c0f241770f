/*
** lua_search.c -- searches exposed to Lua, and Ctrl-C.
**
** Ctrl-C: a C search polls a flag.  Inside the penny interpreter the flag
** is the interpreter's own (registry key PN_INTERRUPT_KEY); its SIGINT
** handler also sets a Lua hook, so after the search returns "interrupted"
** the hook raises "interrupted!" in the caller.  Loaded into another host
** (the stock lua5.4), the binding installs its own SIGINT handler for the
** length of the search only, restores the host's handler afterwards and
** raises "interrupted!" itself.  The flag of that handler is the one C
** global of the binding: a signal handler has nowhere else to write.
*/
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua_common.h"
#include "search/pdb.h"
#include "util.h"

static volatile int own_flag;

static void own_handler(int sig) {
  (void)sig;
  own_flag = 1;
}

_Static_assert(sizeof(struct sigaction) <= sizeof ((pnL_guard *)0)->old,
               "pnL_guard.old must hold a struct sigaction");

void pnL_guard_begin(lua_State *L, pnL_guard *g) {
  lua_getfield(L, LUA_REGISTRYINDEX, PN_INTERRUPT_KEY);
  g->flag = lua_touserdata(L, -1);
  lua_pop(L, 1);
  g->own = 0;
  if (!g->flag) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = own_handler;
    sigemptyset(&sa.sa_mask);
    own_flag = 0;
    if (sigaction(SIGINT, &sa, (struct sigaction *)g->old) == 0) g->own = 1;
    g->flag = &own_flag;
  }
}

/* ends the guard; returns 1 when the search was interrupted */
int pnL_guard_end(pnL_guard *g) {
  int hit = *g->flag != 0;
  if (g->own) sigaction(SIGINT, (struct sigaction *)g->old, NULL);
  else *g->flag = 0;         /* the interpreter's hook raises the error */
  return hit;
}

static const char *const mode_names[] = {
  "fixed", "translation", "rotation", "symmetry", NULL
};

static const char *const verdict_names[] = {
  "solved", "unsolvable", "unknown"
};

static double optnumber(lua_State *L, int idx, const char *k, double def) {
  double v = def;
  if (lua_isnoneornil(L, idx)) return def;
  lua_getfield(L, idx, k);
  if (!lua_isnil(L, -1)) {
    int isnum;
    v = lua_tonumberx(L, -1, &isnum);
    if (!isnum || v < 0 || v != v)
      luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be a "
                    "non-negative number", k));
  }
  lua_pop(L, 1);
  return v;
}

/* an optional boolean option: ifnil when absent, else iftrue or iffalse */
static int optflag(lua_State *L, int idx, const char *k, int ifnil,
                   int iftrue, int iffalse) {
  int v = ifnil;
  if (lua_isnoneornil(L, idx)) return ifnil;
  lua_getfield(L, idx, k);
  if (!lua_isnil(L, -1)) {
    if (!lua_isboolean(L, -1))
      luaL_argerror(L, idx, lua_pushfstring(L, "%s must be a boolean", k));
    v = lua_toboolean(L, -1) ? iftrue : iffalse;
  }
  lua_pop(L, 1);
  return v;
}

static const char *const method_names[] = {
  "auto", "plain", "bidir", "full", "astar", NULL
};

/* the bounds on the limits a caller may ask for; exported as core.LIMITS,
** so that puzzle:solve checks them before a rule decides without us */
#define MAX_THREADS 256
#define MAX_LIMIT 1e15                /* bytes or states */
#define MIN_MEMORY 4096
#define MAX_PROBE_LEVELS 8

void pnL_read_limits(lua_State *L, int idx, pn_limits *lim) {
  double mem, states, levels;
  memset(lim, 0, sizeof *lim);
  if (!lua_isnoneornil(L, idx)) luaL_checktype(L, idx, LUA_TTABLE);
  mem = optnumber(L, idx, "max_memory", 0);
  states = optnumber(L, idx, "max_states", 0);
  lim->time_limit = optnumber(L, idx, "time_limit", 0);
  if (mem > 0 && mem < MIN_MEMORY)
    luaL_argerror(L, idx, "max_memory is in bytes and must be at least "
                  "4096");
  if (mem > MAX_LIMIT) luaL_argerror(L, idx, "max_memory is absurdly large");
  if (mem > 0 && pn_physical_memory() && mem > (double)pn_physical_memory())
    luaL_argerror(L, idx, lua_pushfstring(L, "max_memory (%f GiB) is more "
                  "than this machine's memory (%f GiB)", mem / (1 << 30),
                  (double)pn_physical_memory() / (1 << 30)));
  if (states > MAX_LIMIT)
    luaL_argerror(L, idx, "max_states is absurdly large");
  lim->max_memory = (size_t)mem;
  lim->max_states = (size_t)states;
  levels = optnumber(L, idx, "probe_levels", 2);
  if (levels != (int)levels || levels > MAX_PROBE_LEVELS)
    luaL_argerror(L, idx, "probe_levels must be an integer 0..8");
  lim->probe_levels = (int)levels;
  lim->partial = optflag(L, idx, "partial", 0, 1, -1);
  lim->prune = optflag(L, idx, "prune", 0, 0, -1);
}

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
  lua_pushinteger(L, (lua_Integer)pn_default_memory());
  lua_setfield(L, -2, "budget_default");
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

/* progress lines on stderr: rewritten in place on a terminal */
typedef struct progress_state {
  int tty;
  const char *phase;                /* of the line before (NULL: none) */
  int depth;                        /*   its depth */
  double at;                        /*   its time */
  double took;                      /* the time from the line before it
                                    ** (its depth - 1) to it, or 0 */
} progress_state;

/*
** An estimate of the next step's time, printed once a step takes a second
** or more after one of half a second or more (a growth measured on
** shorter steps is mostly noise): the last step's time times its growth
** over the step before.  The time per bound of A* and per layer of the
** breadth-first searches grows about geometrically: on font5x9 F-R, A*'s
** bounds 39 and 40 took 112 and 173 s, so bound 41 was put at 268 s; it
** took 271 s.  Steps are lines of the same phase at consecutive depths.
** Only a guide: the first steps grow unevenly, a full-space search's last
** layers shrink, and A*'s last bound ends at the goal.
*/
static void print_progress(const pn_progress *p, void *ud) {
  progress_state *ps = ud;
  double rate = p->seconds > 0 ? p->states / p->seconds : 0, took = 0;
  char next[48] = "";
  if (p->total > 0) {                   /* steps of a known number */
    fprintf(stderr, "%s[%s] %d/%d windows, %.1f s%s", ps->tty ? "\r" : "",
            p->phase, p->depth, p->total, p->seconds,
            ps->tty ? "\033[K" : "\n");
    fflush(stderr);
    ps->phase = NULL;
    return;
  }
  if (ps->phase && strcmp(ps->phase, p->phase) == 0
      && p->depth == ps->depth + 1) {
    took = p->seconds - ps->at;
    if (ps->took >= 0.5 && took >= 1)
      snprintf(next, sizeof next, ", next ~%.0f s", took * took / ps->took);
  }
  ps->phase = p->phase;
  ps->depth = p->depth;
  ps->at = p->seconds;
  ps->took = took;
  /* on a terminal the line is rewritten in place and erased to its end */
  fprintf(stderr, "%s[%s] depth %d: %llu states (%llu new), %.2f M/s, "
          "%.2f GB, %.1f s%s%s", ps->tty ? "\r" : "", p->phase, p->depth,
          (unsigned long long)p->states, (unsigned long long)p->layer,
          rate / 1e6, p->memory / 1e9, p->seconds, next,
          ps->tty ? "\033[K" : "\n");
  fflush(stderr);
}

/* {====================================================================
** Pattern databases kept between searches: core.databases()
** ===================================================================== */

#define PN_DATABASES_T "penny.databases"

static pn_pdbcache *checkdatabases(lua_State *L, int idx) {
  return luaL_checkudata(L, idx, PN_DATABASES_T);
}

static int l_databases(lua_State *L) {
  pn_pdbcache *c = lua_newuserdatauv(L, sizeof *c, 0);
  memset(c, 0, sizeof *c);               /* empty: safe for __gc */
  luaL_setmetatable(L, PN_DATABASES_T);
  return 1;
}

static int db_clear(lua_State *L) {
  pn_pdbcache_clear(checkdatabases(L, 1));
  return 0;
}

/* the set of tables that db:info and db:tostring describe: toward a goal
** when held, else from a start */
static const pn_pdb *shown(const pn_pdbcache *c) {
  return c->slot[0].pdb.nwin ? &c->slot[0].pdb : &c->slot[1].pdb;
}

/* db:info() -> { bytes, toward, from, windows, partitions, maxcells,
** bit_sets, builds, reuses } */
static int db_info(lua_State *L) {
  pn_pdbcache *c = checkdatabases(L, 1);
  const pn_pdb *p = shown(c);
  lua_createtable(L, 0, 9);
  /* (an empty slot's pdb is all zeros: pn_pdbcache_drop) */
  lua_pushinteger(L, (lua_Integer)pn_pdbcache_bytes(c));
  lua_setfield(L, -2, "bytes");
  lua_pushinteger(L, (lua_Integer)c->slot[0].pdb.bytes);
  lua_setfield(L, -2, "toward");
  lua_pushinteger(L, (lua_Integer)c->slot[1].pdb.bytes);
  lua_setfield(L, -2, "from");
  lua_pushinteger(L, p->nwin);
  lua_setfield(L, -2, "windows");
  lua_pushinteger(L, p->npart);
  lua_setfield(L, -2, "partitions");
  lua_pushinteger(L, p->maxcells);
  lua_setfield(L, -2, "maxcells");
  lua_pushinteger(L, p->nbits);
  lua_setfield(L, -2, "bit_sets");
  lua_pushinteger(L, (lua_Integer)c->builds);
  lua_setfield(L, -2, "builds");
  lua_pushinteger(L, (lua_Integer)c->reuses);
  lua_setfield(L, -2, "reuses");
  return 1;
}

/* db:bound(config [, "goal" | "start"]) -> the tables' lower bound on the
** moves from config to their goal, or (with "start") from their start to
** config (math.huge: they prove it out of reach), and whether the small
** windows' bit sets alone prove that */
static int db_bound(lua_State *L) {
  static const char *const sides[] = {"goal", "start", NULL};
  pn_pdbcache *c = checkdatabases(L, 1);
  lconfig *cf = pnL_checkconfig(L, 2);
  int from = luaL_checkoption(L, 3, "goal", sides);
  const pn_pdbslot *k = &c->slot[from];
  const pn_board *b;
  bb_t m = 0;
  size_t i;
  int h;
  luaL_argcheck(L, k->pdb.nwin > 0, 1, from
                ? "the databases hold no tables from a start (a backward "
                  "solve with them builds them)"
                : "the databases are empty (a solve with them builds them)");
  lua_getiuservalue(L, 2, 1);
  b = pnL_checkboard(L, -1);
  luaL_argcheck(L, pn_board_ncells(b) == (size_t)k->ncell, 2, "not on the "
                "board of the databases");
  luaL_argcheck(L, cf->c.n == (size_t)k->ncoin, 2, "not the databases' "
                "number of coins");
  for (i = 0; i < cf->c.n; i++)
    m |= (bb_t)1 << pn_board_index(b, cf->c.pos[i]);
  h = pn_pdb_h(&k->pdb, m);
  if (h >= PN_PDB_DEAD) lua_pushnumber(L, HUGE_VAL);
  else lua_pushinteger(L, h);
  lua_pushboolean(L, pn_pdb_dead(&k->pdb, m));
  return 2;
}

static int db_tostring(lua_State *L) {
  pn_pdbcache *c = checkdatabases(L, 1);
  const pn_pdb *p = shown(c);
  char held[120] = "empty";
  if (p->nwin)
    snprintf(held, sizeof held, "%d windows of up to %d cells, %.1f MB%s",
             p->nwin, p->maxcells, (double)pn_pdbcache_bytes(c) / 1e6,
             c->slot[0].pdb.nwin && c->slot[1].pdb.nwin
               ? ", toward a goal and from a start"
               : c->slot[1].pdb.nwin ? ", from a start" : "");
  lua_pushfstring(L, "Databases(%s; built %I, reused %I)", held,
                  (lua_Integer)c->builds, (lua_Integer)c->reuses);
  return 1;
}

static const luaL_Reg databases_meta[] = {
  {"__gc", db_clear},
  {"__close", db_clear},
  {"__tostring", db_tostring},
  {"__index", NULL},
  {NULL, NULL}
};

static const luaL_Reg databases_methods[] = {
  {"bound", db_bound},
  {"clear", db_clear},
  {"info", db_info},
  {NULL, NULL}
};

/* }==================================================================== */

/* in the order of PN_ENC_* */
static const char *const encoding_names[] = { "auto", "byte", "lean", "two",
                                               NULL };

/* in the order of PN_DIR_* */
static const char *const direction_names[] = { "auto", "forward",
                                                "backward", NULL };

/* options shared by search and distances */
static void read_searchopts(lua_State *L, int idx, pn_searchopts *o,
                            progress_state *ps) {
  int want;
  memset(o, 0, sizeof *o);
  pnL_read_limits(L, idx, &o->lim);
  o->threads = (int)optnumber(L, idx, "threads", 0);
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
      o->pdbcache = luaL_testudata(L, -1, PN_DATABASES_T);
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
    o->progress = print_progress;
    o->progress_ud = ps;
  }
}

static void end_progress(const pn_searchopts *o, const progress_state *ps) {
  if (o->progress && ps->tty) fputs("\r\033[K", stderr);
}

/* progress lines by default only where the interpreter asks for them (its
** REPL and subcommands on a terminal: the registry's PN_PROGRESS_KEY);
** library calls keep quiet unless progress = true */
int pnL_progress_default(lua_State *L) {
  int on;
  lua_getfield(L, LUA_REGISTRYINDEX, PN_PROGRESS_KEY);
  on = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return on && isatty(STDERR_FILENO);
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
  progress_state ps;
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
  end_progress(&o, &ps);
  if (rc == PN_EINTR) {
    pn_result_clear(&res);
    if (g.own) return luaL_error(L, "interrupted!");
    lua_pushnil(L);
    lua_pushliteral(L, "interrupted");
    return 2;
  }
  if (rc != PN_OK) {
    pn_result_clear(&res);
    return pnL_error(L, &err);
  }
  push_result(L, sb, &res);
  pn_result_clear(&res);
  return 1;
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
  progress_state ps;
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
  end_progress(&o, &ps);
  if (rc == PN_EINTR) {
    if (g.own) return luaL_error(L, "interrupted!");
    lua_pushnil(L);
    lua_pushliteral(L, "interrupted");
    return 2;
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
  progress_state ps;
  pnL_read_limits(L, 6, &lim);
  memset(&ps, 0, sizeof ps);
  ps.tty = isatty(STDERR_FILENO);
  want = pnL_progress_default(L);
  if (!lua_isnoneornil(L, 6)) {
    lua_getfield(L, 6, "progress");
    if (!lua_isnil(L, -1)) want = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  if (want) { lim.progress = print_progress; lim.progress_ud = &ps; }
  sb = start_board(L, w);                      /* index 7 */
  pn_result_init(&res);
  pnL_guard_begin(L, &g);
  lim.interrupt = g.flag;
  rc = pn_bfs(w, &rule, &start->c, &goal->c, (pn_goalmode)mode, &lim, &res, &err);
  hit = pnL_guard_end(&g);
  if (want && ps.tty) fputs("\r\033[K", stderr);
  if (rc == PN_EINTR) {
    pn_result_clear(&res);
    if (g.own) return luaL_error(L, "interrupted!");
    lua_pushnil(L);
    lua_pushliteral(L, "interrupted");
    return 2;
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
  {"databases", l_databases},
  {NULL, NULL}
};

void pnL_open_search(lua_State *L) {
  luaL_setfuncs(L, search_funcs, 0);
  static const struct { const char *name; double v; } bounds[] = {
    {"threads", MAX_THREADS}, {"limit", MAX_LIMIT},
    {"min_memory", MIN_MEMORY}, {"probe_levels", MAX_PROBE_LEVELS}
  };
  size_t i;
  lua_createtable(L, 0, 4);
  for (i = 0; i < sizeof bounds / sizeof bounds[0]; i++) {
    lua_Number v = bounds[i].v;
    if (v == (lua_Integer)v) lua_pushinteger(L, (lua_Integer)v);
    else lua_pushnumber(L, v);
    lua_setfield(L, -2, bounds[i].name);
  }
  lua_pushinteger(L, (lua_Integer)pn_physical_memory());   /* 0: unknown */
  lua_setfield(L, -2, "physical_memory");
  lua_setfield(L, -2, "LIMITS");
  luaL_newmetatable(L, PN_DATABASES_T);
  luaL_setfuncs(L, databases_meta, 0);
  luaL_newlib(L, databases_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}
