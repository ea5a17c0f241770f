/*
** moves.c -- moves: one move read from Lua or pushed as a Move table,
** and the Moves userdata ("penny.Moves"), a compact list of moves for long
** solutions (a constructive solver may output millions).
** m[i] builds the Move table on demand; #m, ipairs and m:totable() work as
** on a Lua list.  The Moves keeps its Board alive as user value.
*/
#include <stdlib.h>
#include <string.h>

#include "common.h"

/* {====================================================================
** One move: a table {from = pos, to = pos}, {pos, pos} or the numbers
** {x1, y1, x2, y2}
** ===================================================================== */

/* a move's end (what: "from" or "to") inside the move at arg: a graph's
** vertex out of range is off the board (the board's cell count is no
** vertex), as a box's outside cell is */
static pn_pos moveend(lua_State *L, int idx, int arg, const char *what,
                      const pn_board *b) {
  pn_pos p;
  if (pn_board_kind(b) == PN_GRAPH && !pnL_topos(L, idx, arg, what, b, &p))
    return (pn_pos)pn_board_ncells(b);
  return pnL_checkposin(L, idx, arg, what, b);
}

/* moveend for the part of the move at idx (absolute), the error text
** starting with what and the part's name */
static pn_pos endof(lua_State *L, int idx, int arg, const char *what,
                    const char *part, const pn_board *b) {
  pn_pos p = moveend(L, idx, arg, lua_pushfstring(L, "%sthe move's %s: ",
                     what, part), b);
  lua_pop(L, 1);
  return p;
}

pn_move pnL_checkmovein(lua_State *L, int idx, int arg, const char *what,
                        const pn_board *b) {
  pn_move m;
  idx = lua_absindex(L, idx);
  if (!arg) arg = idx;
  if (!lua_istable(L, idx)) {
    if (*what)
      luaL_argerror(L, arg, lua_pushfstring(L, "%sa move expected, got %s",
                    what, luaL_typename(L, idx)));
    luaL_typeerror(L, idx, "move");
  }
#define END(i, part) endof(L, lua_absindex(L, (i)), arg, what, part, b)
  if (lua_getfield(L, idx, "from") == LUA_TTABLE) {
    m.from = END(-1, "'from'");
    lua_pop(L, 1);
    if (lua_getfield(L, idx, "to") != LUA_TTABLE)
      luaL_argerror(L, arg, lua_pushfstring(L, "%sa move needs a 'to' "
                    "position", what));
    m.to = END(-1, "'to'");
    lua_pop(L, 1);
    return m;
  }
  lua_pop(L, 1);
  if (lua_geti(L, idx, 1) == LUA_TTABLE) {          /* {{x,y},{x,y}} */
    m.from = END(-1, "first position");
    lua_pop(L, 1);
    lua_geti(L, idx, 2);
    m.to = END(-1, "second position");
    lua_pop(L, 1);
    return m;
  }
  lua_pop(L, 1);
  {                                                 /* {x1,y1,x2,y2} */
    int dim = pn_board_dim(b), i;
    if (lua_geti(L, idx, 2 * dim + 1) != LUA_TNIL)
      luaL_argerror(L, arg, lua_pushfstring(L, "%sa move as numbers has %d "
                    "of them on this board (from, then to)", what, 2 * dim));
    lua_pop(L, 1);
    lua_createtable(L, dim, 0);
    lua_createtable(L, dim, 0);
    for (i = 1; i <= dim; i++) {
      lua_geti(L, idx, i);
      lua_rawseti(L, -3, i);
      lua_geti(L, idx, dim + i);
      lua_rawseti(L, -2, i);
    }
    m.from = END(-2, "'from'");
    m.to = END(-1, "'to'");
    lua_pop(L, 2);
  }
#undef END
  return m;
}

/* the position at idx when it is a table of the board's integer
** coordinates, on the board; else 0 (the caller reads it again with the
** checks that say what is wrong).  No string is made: a solution of many
** moves is read without an error prefix for each */
static int quickpos(lua_State *L, int idx, const pn_board *b, pn_pos *p) {
  int64_t c[PN_MAXDIM];
  int dim = pn_board_dim(b), i, isnum = 1;
  if (lua_type(L, idx) != LUA_TTABLE) return 0;
  for (i = 0; i < dim && isnum; i++) {
    lua_geti(L, idx, i + 1);
    c[i] = (int64_t)lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
  }
  if (!isnum) return 0;
  if (lua_geti(L, idx, dim + 1) != LUA_TNIL) { lua_pop(L, 1); return 0; }
  lua_pop(L, 1);
  if (pn_board_kind(b) == PN_GRAPH) {
    if (c[0] < 1 || (uint64_t)c[0] > pn_board_ncells(b)) return 0;
    c[0] -= 1;
  }
  return pn_board_pack(b, c, p, NULL) == PN_OK;
}

/* the move at idx (absolute) when it is {from = pos, to = pos} with both
** on the board (quickpos), else 0 */
static int quickmove(lua_State *L, int idx, const pn_board *b, pn_move *m) {
  int ok;
  if (!lua_istable(L, idx)) return 0;
  lua_getfield(L, idx, "from");
  ok = quickpos(L, -1, b, &m->from);
  lua_pop(L, 1);
  if (!ok) return 0;
  lua_getfield(L, idx, "to");
  ok = quickpos(L, -1, b, &m->to);
  lua_pop(L, 1);
  return ok;
}

pn_move pnL_checkmove(lua_State *L, int idx, const pn_board *b) {
  return pnL_checkmovein(L, idx, 0, "", b);
}

void pnL_pushmove(lua_State *L, const pn_board *b, pn_move m) {
  lua_createtable(L, 0, 2);
  pnL_pushpos(L, b, m.from);
  lua_setfield(L, -2, "from");
  pnL_pushpos(L, b, m.to);
  lua_setfield(L, -2, "to");
  luaL_setmetatable(L, PN_MOVE_T);
}

/* }==================================================================== */


/* {====================================================================
** Lists of moves
** ===================================================================== */

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
      if (!quickmove(L, at, b, &mv[i - 1])) {
        mv[i - 1] = pnL_checkmovein(L, at, idx,
                                    lua_pushfstring(L, "move %I: ", i), b);
        lua_pop(L, 1);
      }
    }
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
