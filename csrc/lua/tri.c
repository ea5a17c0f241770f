/*
** tri.c -- the triangular-grid theory for Lua: core.tri_decide and
** core.tri_solve (see csrc/tri/).
*/
#include <stdlib.h>

#include "common.h"

static const char *const mode_names[] = {
  "fixed", "translation", "rotation", "symmetry", NULL
};

/* the start's board, checked to be the unbounded triangular lattice;
** pushed at the top of the stack */
static pn_board *tri_board(lua_State *L, int idx) {
  pn_board *b;
  lua_getiuservalue(L, idx, 1);           /* the callers checked it */
  b = pnL_checkboard(L, -1);
  if (pn_board_kind(b) != PN_TRI || pn_board_bounded(b))
    luaL_argerror(L, idx, "the triangular theory is for the unbounded "
                  "triangular grid");
  return b;
}

/* core.tri_decide(start, goal [, mode]) -> answer table */
static int l_decide(lua_State *L) {
  lconfig *a = pnL_checkconfig(L, 1), *g = pnL_checkconfig(L, 2);
  int mode = luaL_checkoption(L, 3, "fixed", mode_names), i;
  pn_tri_answer ans;
  pn_error err;
  pn_board *b;
  lua_settop(L, 3);
  b = tri_board(L, 1);                                          /* 4 */
  if (pn_tri_decide(b, &a->c, &g->c, (pn_goalmode)mode, &ans, &err) != PN_OK)
    return pnL_error(L, &err);
  lua_createtable(L, 0, 6);
  lua_pushboolean(L, ans.solvable); lua_setfield(L, -2, "solvable");
  lua_pushboolean(L, ans.already); lua_setfield(L, -2, "already");
  lua_pushstring(L, ans.rule); lua_setfield(L, -2, "rule");
  lua_pushstring(L, ans.text); lua_setfield(L, -2, "text");
  lua_createtable(L, ans.nwitness, 0);
  for (i = 0; i < ans.nwitness; i++) {
    pnL_pushpos(L, b, ans.witness[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "witness");
  if (ans.has_move) {
    pnL_pushmove(L, b, ans.move);
    lua_setfield(L, -2, "move");
  }
  return 1;
}

/* core.tri_solve(start, goal [, mode [, limits]]) -> Moves, or nil, why,
** "limit" when a limit stopped the construction (nil, "interrupted" on
** Ctrl-C inside the interpreter) */
static int l_solve(lua_State *L) {
  lconfig *a = pnL_checkconfig(L, 1), *g = pnL_checkconfig(L, 2);
  int mode = luaL_checkoption(L, 3, "fixed", mode_names), rc;
  pn_move *m;
  size_t n;
  pn_error err;
  pn_board *b;
  pn_limits lim;
  pnL_guard gd;
  pnL_read_limits(L, 4, &lim);
  lua_settop(L, 4);
  b = tri_board(L, 1);                                          /* 5 */
  pnL_guard_begin(L, &gd);
  lim.interrupt = gd.flag;
  rc = pn_tri_solve(b, &a->c, &g->c, (pn_goalmode)mode, &lim, &m, &n, &err);
  pnL_guard_end(&gd);
  if (rc == PN_EINTR) return pnL_interrupted(L, &gd);
  if (rc == PN_ELIMIT) {
    lua_pushnil(L);
    lua_pushstring(L, err.msg);
    lua_pushliteral(L, "limit");
    return 3;
  }
  if (rc != PN_OK) return pnL_error(L, &err);
  pnL_pushmoves(L, 5, m, n);
  free(m);
  return 1;
}

static const luaL_Reg tri_funcs[] = {
  {"tri_decide", l_decide},
  {"tri_solve", l_solve},
  {NULL, NULL}
};

void pnL_open_tri(lua_State *L) {
  luaL_setfuncs(L, tri_funcs, 0);
}
