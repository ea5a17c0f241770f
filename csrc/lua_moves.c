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
  size_t cap;
  if (lm) { *n = lm->n; return lm->m; }
  luaL_checktype(L, idx, LUA_TTABLE);
  idx = lua_absindex(L, idx);
  len = luaL_len(L, idx);        /* may come from __len: trust nothing */
  if (len < 0)
    luaL_argerror(L, idx, lua_pushfstring(L, "the move list's length is "
                  "%I", len));
  /* the buffer grows as the moves are read, so a length that lies costs
  ** nothing before the first missing move */
  cap = len < 64 ? (size_t)len + 1 : 64;
  mv = lua_newuserdatauv(L, cap * sizeof *mv, 0);
  for (i = 1; i <= len; i++) {
    if ((size_t)i >= cap) {
      pn_move *bigger;
      if (cap > ((size_t)-1 / 2) / sizeof *mv)
        luaL_error(L, "the move list is too long");
      cap *= 2;
      bigger = lua_newuserdatauv(L, cap * sizeof *mv, 0);
      memcpy(bigger, mv, (size_t)(i - 1) * sizeof *mv);
      lua_replace(L, -2);
      mv = bigger;
    }
    if (lua_geti(L, idx, i) == LUA_TNIL)
      luaL_argerror(L, idx, lua_pushfstring(L, "move %I is missing (the "
                    "list's length says %I)", i, len));
    {
      int at = lua_gettop(L);
      mv[i - 1] = pnL_checkmovein(L, at, idx,
                                  lua_pushfstring(L, "move %I: ", i), b);
    }
    lua_pop(L, 2);
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

/* core.clean(start, actions) -> Moves: the moves of the coin game that a
** legal take/drop sequence emulates (CLEAN, thesis Prop 1.13).  actions is
** a list of {"take", pos} and {"drop", pos}; the caller replays the result */
static int l_clean(lua_State *L) {
  lconfig *a = pnL_checkconfig(L, 1);
  lua_Integer i, n;
  pn_action *act;
  pn_move *m = NULL;
  size_t nm = 0;
  pn_error err;
  pn_board *b;
  int rc;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  lua_getiuservalue(L, 1, 1);                                   /* 3 */
  b = pnL_checkboard(L, 3);
  n = luaL_len(L, 2);
  act = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *act, 0);   /* 4 */
  for (i = 1; i <= n; i++) {
    const char *k;
    lua_rawgeti(L, 2, i);
    luaL_argcheck(L, lua_istable(L, -1), 2, "each action is {kind, pos}");
    lua_rawgeti(L, -1, 1);
    k = lua_tostring(L, -1);
    luaL_argcheck(L, k && (!strcmp(k, "take") || !strcmp(k, "drop")), 2,
                  "an action's kind is \"take\" or \"drop\"");
    act[i - 1].kind = k[0] == 't' ? PN_ACT_TAKE : PN_ACT_DROP;
    lua_rawgeti(L, -2, 2);
    act[i - 1].from = act[i - 1].to = pnL_checkpos(L, lua_gettop(L), b);
    lua_pop(L, 3);
  }
  rc = pn_clean(&a->c, act, (size_t)n, &m, &nm, &err);
  if (rc != PN_OK) return pnL_error(L, &err);
  pnL_pushmoves(L, 3, m, nm);
  free(m);
  return 1;
}

void pnL_open_moves(lua_State *L) {
  luaL_newmetatable(L, PN_MOVES_T);
  luaL_setfuncs(L, moves_meta, 0);
  luaL_newlib(L, moves_methods);
  lua_setfield(L, -2, "methods");
  lua_setfield(L, -2, "Moves_meta");
  lua_pushcfunction(L, l_clean);
  lua_setfield(L, -2, "clean");
}
