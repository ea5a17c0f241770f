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
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "lua_common.h"

static volatile int own_flag;

static void own_handler(int sig) {
  (void)sig;
  own_flag = 1;
}

typedef struct guard {
  volatile int *flag;
  int own;                   /* our handler is installed */
  struct sigaction old;
} guard;

static void guard_begin(lua_State *L, guard *g) {
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
    if (sigaction(SIGINT, &sa, &g->old) == 0) g->own = 1;
    g->flag = &own_flag;
  }
}

/* ends the guard; returns 1 when the search was interrupted */
static int guard_end(guard *g) {
  int hit = *g->flag != 0;
  if (g->own) sigaction(SIGINT, &g->old, NULL);
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

static void read_limits(lua_State *L, int idx, pn_limits *lim) {
  double mem, states;
  memset(lim, 0, sizeof *lim);
  if (!lua_isnoneornil(L, idx)) luaL_checktype(L, idx, LUA_TTABLE);
  mem = optnumber(L, idx, "max_memory", 0);
  states = optnumber(L, idx, "max_states", 0);
  lim->time_limit = optnumber(L, idx, "time_limit", 0);
  if (mem > 0 && mem < 4096)
    luaL_argerror(L, idx, "max_memory is in bytes and must be at least "
                  "4096");
  if (mem > 1e15) luaL_argerror(L, idx, "max_memory is absurdly large");
  if (states > 1e15) luaL_argerror(L, idx, "max_states is absurdly large");
  lim->max_memory = (size_t)mem;
  lim->max_states = (size_t)states;
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
  if (r->verdict == PN_UNKNOWN) {
    lua_pushinteger(L, r->lower_bound);
    lua_setfield(L, -2, "lower_bound");
  }
  lua_pushinteger(L, (lua_Integer)r->memory);
  lua_setfield(L, -2, "memory");
  lua_pushnumber(L, r->seconds);
  lua_setfield(L, -2, "seconds");
  lua_pushstring(L, r->reason);
  lua_setfield(L, -2, "reason");
}

/* core.bfs(window, rule, start, goal, mode [, limits]) -> result table */
static int l_bfs(lua_State *L) {
  pn_board *w = pnL_checkboard(L, 1);
  int d = pnL_checkd(L, 2);
  lconfig *start = pnL_checkconfig(L, 3), *goal = pnL_checkconfig(L, 4);
  int mode = luaL_checkoption(L, 5, "fixed", mode_names), rc, hit;
  pn_board *sb;
  pn_limits lim;
  pn_result res;
  pn_rule r;
  pn_error err;
  guard g;
  read_limits(L, 6, &lim);
  lua_getiuservalue(L, 3, 1);
  sb = pnL_checkboard(L, -1);                  /* start's board: index 7 */
  luaL_argcheck(L, pn_board_kind(sb) == pn_board_kind(w)
                && pn_board_dim(sb) == pn_board_dim(w), 1,
                "window and configurations are on different lattices");
  r.d = d;
  pn_result_init(&res);
  guard_begin(L, &g);
  lim.interrupt = g.flag;
  rc = pn_bfs(w, &r, &start->c, &goal->c, (pn_goalmode)mode, &lim, &res, &err);
  hit = guard_end(&g);
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

static const luaL_Reg search_funcs[] = {
  {"bfs", l_bfs},
  {NULL, NULL}
};

void pnL_open_search(lua_State *L) {
  luaL_setfuncs(L, search_funcs, 0);
}
