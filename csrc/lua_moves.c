/*
** lua_moves.c -- the Moves userdata ("penny.Moves"): a compact list of
** moves for long solutions (a constructive solver may output millions).
** m[i] builds the Move table on demand; #m, ipairs and m:totable() work as
** on a Lua list.  The Moves keeps its Board alive as user value.
*/
#include <stdlib.h>
#include <string.h>

#include "lua_common.h"

typedef struct lmoves {
  size_t n;
  pn_move m[1];            /* n entries */
} lmoves;

void pnL_pushmoves(lua_State *L, int bidx, const pn_move *m, size_t n) {
  lmoves *lm;
  bidx = lua_absindex(L, bidx);
  lm = lua_newuserdatauv(L, sizeof *lm + (n ? n - 1 : 0) * sizeof *m, 1);
  lm->n = n;
  if (n) memcpy(lm->m, m, n * sizeof *m);
  luaL_setmetatable(L, PN_MOVES_T);
  lua_pushvalue(L, bidx);
  lua_setiuservalue(L, -2, 1);
}

/* the moves at idx: a Moves userdata (no copy) or a Lua list of moves
** (parsed into a scratch userdata pushed on the stack) */
const pn_move *pnL_checkmovelist(lua_State *L, int idx, const pn_board *b,
                                 size_t *n) {
  lmoves *lm = luaL_testudata(L, idx, PN_MOVES_T);
  pn_move *mv;
  lua_Integer len, i;
  if (lm) { *n = lm->n; return lm->m; }
  luaL_checktype(L, idx, LUA_TTABLE);
  len = luaL_len(L, idx);
  mv = lua_newuserdatauv(L, (size_t)(len + 1) * sizeof *mv, 0);
  for (i = 1; i <= len; i++) {
    lua_geti(L, idx, i);
    mv[i - 1] = pnL_checkmove(L, -1, b);
    lua_pop(L, 1);
  }
  *n = (size_t)len;
  return mv;
}

static lmoves *checkmoves(lua_State *L, int idx) {
  return luaL_checkudata(L, idx, PN_MOVES_T);
}

static int m_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)checkmoves(L, 1)->n);
  return 1;
}

static int m_index(lua_State *L) {
  lmoves *lm = checkmoves(L, 1);
  if (lua_type(L, 2) == LUA_TNUMBER) {
    lua_Integer i = lua_tointeger(L, 2);
    pn_board *b;
    if (i < 1 || (size_t)i > lm->n) return 0;      /* nil, as a list */
    lua_getiuservalue(L, 1, 1);
    b = pnL_checkboard(L, -1);
    pnL_pushmove(L, b, lm->m[i - 1]);
    return 1;
  }
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "methods");
  lua_pushvalue(L, 2);
  lua_rawget(L, -2);
  return 1;
}

static int m_totable(lua_State *L) {
  lmoves *lm = checkmoves(L, 1);
  pn_board *b;
  size_t i;
  lua_getiuservalue(L, 1, 1);
  b = pnL_checkboard(L, -1);
  lua_createtable(L, (int)lm->n, 0);
  for (i = 0; i < lm->n; i++) {
    pnL_pushmove(L, b, lm->m[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

static int m_tostring(lua_State *L) {
  lua_pushfstring(L, "penny.Moves(%d moves)", (int)checkmoves(L, 1)->n);
  return 1;
}

static const luaL_Reg moves_meta[] = {
  {"__len", m_len},
  {"__index", m_index},
  {"__tostring", m_tostring},
  {NULL, NULL}
};

static const luaL_Reg moves_methods[] = {
  {"totable", m_totable},
  {NULL, NULL}
};

void pnL_open_moves(lua_State *L) {
  luaL_newmetatable(L, PN_MOVES_T);
  luaL_setfuncs(L, moves_meta, 0);
  luaL_newlib(L, moves_methods);
  lua_setfield(L, -2, "methods");
  lua_setfield(L, -2, "Moves_meta");
}
