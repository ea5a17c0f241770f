/*
** linepush.c -- line pushes for Lua (see csrc/linepush/): pushes are
** the strings "right", "left", "up", "down" (the direction the line
** sweeps; "right" gathers the tokens at the left side).
*/
#include <stdlib.h>
#include <string.h>

#include "common.h"

static const char *const dir_names[] = { "right", "left", "up", "down", NULL };

/* line pushes live on the square grid (the core reads two coordinates):
** b itself, or an error on argument idx */
static pn_board *need_square(lua_State *L, pn_board *b, int idx) {
  luaL_argcheck(L, pn_board_kind(b) == PN_SQUARE, idx,
                "line pushes are played on the square grid");
  return b;
}

static pn_board *square_board(lua_State *L, int idx) {
  return need_square(L, pnL_checkboard(L, idx), idx);
}

/* the board of the configuration at idx, pushed */
static pn_board *cfg_board(lua_State *L, int idx) {
  pnL_checkconfig(L, idx);
  lua_getiuservalue(L, idx, 1);
  return need_square(L, pnL_checkboard(L, -1), idx);
}

static void push_dirs(lua_State *L, const pn_pushdir *d, size_t n) {
  size_t i;
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, dir_names[d[i]]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
}

static int push_dirs_protected(lua_State *L) {
  const pn_pushdir *d = lua_touserdata(L, 1);
  size_t n = (size_t)lua_tointeger(L, 2);
  push_dirs(L, d, n);
  return 1;
}

/* push the list of directions d (malloc'ed) and free it, even when
** building the table raises */
static void push_owned_dirs(lua_State *L, pn_pushdir *d, size_t n) {
  int st;
  lua_pushcfunction(L, push_dirs_protected);
  lua_pushlightuserdata(L, d);
  lua_pushinteger(L, (lua_Integer)n);
  st = lua_pcall(L, 2, 1, 0);
  free(d);
  if (st != LUA_OK) lua_error(L);
}

/* a list of direction strings at idx, into a scratch userdata */
static pn_pushdir *check_dirs(lua_State *L, int idx, size_t *n) {
  lua_Integer len, i;
  pn_pushdir *d;
  luaL_checktype(L, idx, LUA_TTABLE);
  len = luaL_len(L, idx);
  d = lua_newuserdatauv(L, (size_t)(len + 1) * sizeof *d, 0);
  for (i = 1; i <= len; i++) {
    lua_geti(L, idx, i);
    d[i - 1] = (pn_pushdir)luaL_checkoption(L, -1, NULL, dir_names);
    lua_pop(L, 1);
  }
  *n = (size_t)len;
  return d;
}

/* core.push(cfg, dir | {dirs}) -> Config after the pushes */
static int l_push(lua_State *L) {
  lconfig *c = pnL_checkconfig(L, 1), *out;
  pn_board *b;
  pn_pushdir one, *d;
  size_t n;
  pn_error err;
  lua_settop(L, 2);
  b = cfg_board(L, 1);                                         /* 3 */
  if (lua_type(L, 2) == LUA_TSTRING) {
    one = (pn_pushdir)luaL_checkoption(L, 2, NULL, dir_names);
    d = &one; n = 1;
  } else {
    d = check_dirs(L, 2, &n);                                  /* 4 */
  }
  out = pnL_newconfig(L, 3);
  if (pn_push_seq(b, &c->c, d, n, &out->c, &err) != PN_OK)
    return pnL_error(L, &err);
  return 1;
}

/* core.push_info(cfg) -> table */
static int l_info(lua_State *L) {
  lconfig *c = pnL_checkconfig(L, 1);
  pn_board *b = cfg_board(L, 1);
  pn_pushinfo in;
  pn_error err;
  static const char *const groups[] = { "none", "trivial", "cyclic", "Alt(5)",
                                        "alternating" };
  if (pn_push_info(b, &c->c, &in, &err) != PN_OK) return pnL_error(L, &err);
  lua_createtable(L, 0, 14);
  lua_pushinteger(L, in.w); lua_setfield(L, -2, "width");
  lua_pushinteger(L, in.h); lua_setfield(L, -2, "height");
  lua_pushboolean(L, in.compact); lua_setfield(L, -2, "compact");
  lua_pushboolean(L, in.compressible); lua_setfield(L, -2, "compressible");
  lua_pushinteger(L, in.full_cols); lua_setfield(L, -2, "full_columns");
  lua_pushinteger(L, in.full_rows); lua_setfield(L, -2, "full_rows");
  lua_pushinteger(L, in.ncore); lua_setfield(L, -2, "core_tokens");
  if (in.ncore) {
    lua_createtable(L, 4, 0);
    lua_pushinteger(L, in.core_x); lua_rawseti(L, -2, 1);
    lua_pushinteger(L, in.core_y); lua_rawseti(L, -2, 2);
    lua_pushinteger(L, in.core_w); lua_rawseti(L, -2, 3);
    lua_pushinteger(L, in.core_h); lua_rawseti(L, -2, 4);
    lua_setfield(L, -2, "core");            /* x, y, width, height */
  }
  lua_pushinteger(L, in.moving); lua_setfield(L, -2, "moving");
  lua_pushstring(L, groups[in.group]); lua_setfield(L, -2, "group");
  lua_pushnumber(L, in.order); lua_setfield(L, -2, "order");
  lua_pushboolean(L, pn_push_sparse(b, &c->c)); lua_setfield(L, -2, "sparse");
  return 1;
}

/* core.push_canonical(cfg) -> Config, {dirs} */
static int l_canonical(lua_State *L) {
  lconfig *c = pnL_checkconfig(L, 1), *out;
  pn_board *b = cfg_board(L, 1);                               /* 2 */
  size_t n = 0;
  pn_pushdir *seq;
  pn_error err;
  out = pnL_newconfig(L, 2);                                   /* 3 */
  if (pn_push_canonical(b, &c->c, &out->c, &seq, &n, &err) != PN_OK)
    return pnL_error(L, &err);
  push_owned_dirs(L, seq, n);
  return 2;
}

static int l_compatible(lua_State *L) {
  lconfig *x = pnL_checkconfig(L, 1), *y = pnL_checkconfig(L, 2);
  pn_board *b = cfg_board(L, 1);
  lua_pushboolean(L, pn_push_compatible(b, &x->c, &y->c));
  return 1;
}

/* core.push_lemma7(board, a, b) / core.push_diagonal(board, n) */
static int l_lemma7(lua_State *L) {
  pn_board *b = square_board(L, 1);
  lua_Integer a = luaL_checkinteger(L, 2), c = luaL_checkinteger(L, 3);
  lconfig *out;
  pn_error err;
  luaL_argcheck(L, a >= 1 && a <= 64, 2, "a must be 1..64");
  luaL_argcheck(L, c >= 1 && c <= 64, 3, "b must be 1..64");
  out = pnL_newconfig(L, 1);
  if (pn_push_lemma7(b, (int)a, (int)c, &out->c, &err) != PN_OK)
    return pnL_error(L, &err);
  return 1;
}

static int l_diagonal(lua_State *L) {
  pn_board *b = square_board(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  lconfig *out;
  pn_error err;
  luaL_argcheck(L, n >= 1 && n <= 100000, 2, "n must be 1..100000");
  out = pnL_newconfig(L, 1);
  if (pn_push_diagonal(b, (int)n, &out->c, &err) != PN_OK)
    return pnL_error(L, &err);
  return 1;
}

/* pushes or nil, why -- for the three constructive solvers */
static int l_from_diagonal(lua_State *L) {
  lconfig *c = pnL_checkconfig(L, 1);
  pn_board *b = cfg_board(L, 1);
  pn_pushdir *d;
  size_t n;
  pn_error err;
  if (pn_push_from_diagonal(b, &c->c, &d, &n, &err) != PN_OK)
    return pnL_error(L, &err);
  push_owned_dirs(L, d, n);
  return 1;
}

static int l_box(lua_State *L) {
  lconfig *c = pnL_checkconfig(L, 1);
  lua_Integer w = luaL_checkinteger(L, 2), h = luaL_checkinteger(L, 3);
  pn_board *b;
  pn_pushdir *d;
  size_t n;
  char why[256];
  pn_error err;
  luaL_argcheck(L, w >= 1 && w <= 4096, 2, "box width out of range");
  luaL_argcheck(L, h >= 1 && h <= 4096, 3, "box height out of range");
  b = cfg_board(L, 1);
  if (pn_push_box(b, &c->c, (int)w, (int)h, &d, &n, why, sizeof why, &err)
      != PN_OK) return pnL_error(L, &err);
  if (!d) { lua_pushnil(L); lua_pushstring(L, why); return 2; }
  push_owned_dirs(L, d, n);
  lua_pushstring(L, why);
  return 2;
}

static int l_permutation(lua_State *L) {
  lconfig *s = pnL_checkconfig(L, 1), *g = pnL_checkconfig(L, 2);
  pn_board *b = cfg_board(L, 1);
  pn_pushdir *d;
  size_t n;
  char why[320];
  pn_error err;
  if (pn_push_permutation(b, &s->c, &g->c, &d, &n, why, sizeof why, &err)
      != PN_OK) return pnL_error(L, &err);
  if (!d) { lua_pushnil(L); lua_pushstring(L, why); return 2; }
  push_owned_dirs(L, d, n);
  lua_pushstring(L, why);
  return 2;
}

static const char *const verdicts[] = { "solved", "unsolvable", "unknown" };

static void push_stats(lua_State *L, const pn_result *res) {
  lua_pushstring(L, verdicts[res->verdict]); lua_setfield(L, -2, "verdict");
  lua_pushinteger(L, (lua_Integer)res->states); lua_setfield(L, -2, "states");
  lua_pushinteger(L, res->depth); lua_setfield(L, -2, "depth");
  lua_pushnumber(L, res->seconds); lua_setfield(L, -2, "seconds");
  lua_pushinteger(L, (lua_Integer)res->memory); lua_setfield(L, -2, "memory");
  lua_pushstring(L, res->reason); lua_setfield(L, -2, "reason");
  if (res->verdict == PN_UNKNOWN) {
    lua_pushinteger(L, res->lower_bound);
    lua_setfield(L, -2, "lower_bound");
  }
}

/* core.push_search(start, goal | nil, box_w, box_h [, limits]) */
static int l_search(lua_State *L) {
  lconfig *s = pnL_checkconfig(L, 1);
  lconfig *g = lua_isnil(L, 2) ? NULL : pnL_checkconfig(L, 2);
  lua_Integer w = luaL_optinteger(L, 3, 0), h = luaL_optinteger(L, 4, 0);
  pn_board *b;
  pn_limits lim;
  pn_result res;
  pn_pushdir *d;
  size_t n;
  pn_error err;
  pnL_guard gd;
  int rc;
  pnL_read_limits(L, 5, &lim);
  lua_settop(L, 5);
  b = cfg_board(L, 1);
  pn_result_init(&res);
  pnL_guard_begin(L, &gd);
  lim.interrupt = gd.flag;
  rc = pn_push_search(b, &s->c, g ? &g->c : NULL, (int)w, (int)h, &lim, &d,
                      &n, &res, &err);
  if (pnL_guard_end(&gd) || (rc != PN_OK && err.code == PN_EINTR)) {
    pn_result_clear(&res);
    return pnL_interrupted(L, &gd);
  }
  if (rc != PN_OK) return pnL_error(L, &err);
  push_owned_dirs(L, d, n);                     /* moves first: frees d */
  lua_createtable(L, 0, 8);
  lua_rotate(L, -2, 1);
  lua_setfield(L, -2, "moves");
  push_stats(L, &res);
  pn_result_clear(&res);
  return 1;
}

/* core.push_reach(start [, limits]) -> { states =, same_shape =, ... } */
static int l_reach(lua_State *L) {
  lconfig *s = pnL_checkconfig(L, 1);
  pn_board *b;
  pn_limits lim;
  pn_result res;
  pn_error err;
  pnL_guard gd;
  uint64_t same = 0;
  int rc;
  pnL_read_limits(L, 2, &lim);
  lua_settop(L, 2);
  b = cfg_board(L, 1);
  pn_result_init(&res);
  pnL_guard_begin(L, &gd);
  lim.interrupt = gd.flag;
  rc = pn_push_reach(b, &s->c, &lim, &same, &res, &err);
  if (pnL_guard_end(&gd) || (rc != PN_OK && err.code == PN_EINTR)) {
    pn_result_clear(&res);
    return pnL_interrupted(L, &gd);
  }
  if (rc != PN_OK) return pnL_error(L, &err);
  lua_createtable(L, 0, 8);
  push_stats(L, &res);
  lua_pushboolean(L, res.verdict != PN_UNKNOWN);
  lua_setfield(L, -2, "complete");
  lua_pushinteger(L, (lua_Integer)same);
  lua_setfield(L, -2, "same_shape");
  pn_result_clear(&res);
  return 1;
}

static const luaL_Reg funcs[] = {
  {"push", l_push},
  {"push_info", l_info},
  {"push_canonical", l_canonical},
  {"push_compatible", l_compatible},
  {"push_lemma7", l_lemma7},
  {"push_diagonal", l_diagonal},
  {"push_from_diagonal", l_from_diagonal},
  {"push_box", l_box},
  {"push_permutation", l_permutation},
  {"push_search", l_search},
  {"push_reach", l_reach},
  {NULL, NULL}
};

void pnL_open_linepush(lua_State *L) {
  luaL_setfuncs(L, funcs, 0);
}
