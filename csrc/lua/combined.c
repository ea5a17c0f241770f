/*
** combined.c -- the combined square and triangular grid for Lua (see
** csrc/combined/combined.h).  Points are Lua lists {c0, c1, c2, c3}, the
** coefficients on 1, zeta, zeta^2, zeta^3 (zeta = e^{i pi/6}); moves are
** {from = point, to = point}.  The Lua face is lua/penny/combined.lua.
*/
#include <stdlib.h>

#include "common.h"
#include "combined/combined.h"

static const char *const mode_names[] = {
  "fixed", "translation", "symmetry", NULL
};

static const char *const reason_names[] = {
  "legal", "nocoin", "same", "overlap", "few"
};

static pn_z12 check_point(lua_State *L, int idx, const char *what) {
  pn_z12 z;
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE)
    luaL_error(L, "%s: a point {c0, c1, c2, c3} expected, got %s", what,
               luaL_typename(L, idx));
  for (int i = 0; i < 4; i++) {
    int isint;
    lua_Integer v;
    lua_rawgeti(L, idx, i + 1);
    v = lua_tointegerx(L, -1, &isint);
    if (!isint)
      luaL_error(L, "%s: coefficient %d must be an integer", what, i + 1);
    if (v > PN_Z12_MAXCOEF || v < -PN_Z12_MAXCOEF)
      luaL_error(L, "%s: coefficient %d is out of range (|c| <= %d)", what,
                 i + 1, PN_Z12_MAXCOEF);
    z.c[i] = (int32_t)v;
    lua_pop(L, 1);
  }
  return z;
}

static void push_point(lua_State *L, pn_z12 z) {
  lua_createtable(L, 4, 0);
  for (int i = 0; i < 4; i++) {
    lua_pushinteger(L, z.c[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static void push_move(lua_State *L, pn_z12move m) {
  lua_createtable(L, 0, 2);
  push_point(L, m.from); lua_setfield(L, -2, "from");
  push_point(L, m.to); lua_setfield(L, -2, "to");
}

/* a list of points at idx into pts (capacity PN_Z12_MAXCOINS) */
static size_t check_points(lua_State *L, int idx, pn_z12 *pts,
                           const char *what) {
  lua_Integer n;
  luaL_checktype(L, idx, LUA_TTABLE);
  n = luaL_len(L, idx);
  if (n < 1 || n > PN_Z12_MAXCOINS)
    luaL_error(L, "%s: 1 to %d coins on the combined grid (got %d)", what,
               PN_Z12_MAXCOINS, (int)n);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, idx, i);
    pts[i - 1] = check_point(L, -1, what);
    lua_pop(L, 1);
  }
  return (size_t)n;
}

/* core.z12_coords(point) -> X0, X1, Y0, Y1: x = (X0 + X1 sqrt3)/2, y =
** (Y0 + Y1 sqrt3)/2 */
static int l_coords(lua_State *L) {
  int64_t v[4];
  pn_z12_coords(check_point(L, 1, "point"), v);
  for (int i = 0; i < 4; i++) lua_pushinteger(L, v[i]);
  return 4;
}

/* core.z12_transform(point, k [, reflect]) -> zeta^k * (conj) point */
static int l_transform(lua_State *L) {
  pn_z12 z = check_point(L, 1, "point");
  lua_Integer k = luaL_checkinteger(L, 2);
  if (lua_toboolean(L, 3)) z = pn_z12_conj(z);
  push_point(L, pn_z12_rotate(z, (int)(k % 12)));
  return 1;
}

/* core.z12_norm_cmp1(point) -> -1, 0, 1: |z| against 1, exactly */
static int l_norm_cmp1(lua_State *L) {
  lua_pushinteger(L, pn_z12_norm_cmp1(check_point(L, 1, "point")));
  return 1;
}

/* core.z12_moves(points, d) -> list of moves */
static int l_moves(lua_State *L) {
  pn_z12 pts[PN_Z12_MAXCOINS];
  size_t n = check_points(L, 1, pts, "configuration"), nm;
  int d = pnL_checkd(L, 2);
  pn_z12move *m = lua_newuserdatauv(L, 12 * n * n * sizeof *m, 0);
  nm = pn_z12_moves(pts, n, d, m);
  lua_createtable(L, (int)nm, 0);
  for (size_t i = 0; i < nm; i++) {
    push_move(L, m[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

/* core.z12_check(points, move, d) -> "legal" | reason, witness */
static int l_check(lua_State *L) {
  pn_z12 pts[PN_Z12_MAXCOINS];
  size_t n = check_points(L, 1, pts, "configuration"), w = 0;
  pn_z12move m;
  int d, r;
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_getfield(L, 2, "from");
  m.from = check_point(L, -1, "move.from");
  lua_getfield(L, 2, "to");
  m.to = check_point(L, -1, "move.to");
  d = pnL_checkd(L, 3);
  r = pn_z12_check(pts, n, m, d, &w);
  lua_pushstring(L, reason_names[r]);
  lua_pushinteger(L, r == PN_Z12_OVERLAP ? (lua_Integer)w + 1
                                         : (lua_Integer)w);
  return 2;
}

/* core.z12_solve(start, goal, d, mode, max_depth [, limits]) -> table */
static int l_solve(lua_State *L) {
  pn_z12 a[PN_Z12_MAXCOINS], b[PN_Z12_MAXCOINS];
  size_t na = check_points(L, 1, a, "start"), nb = check_points(L, 2, b,
                                                               "goal");
  int d = pnL_checkd(L, 3);
  int mode = luaL_checkoption(L, 4, "translation", mode_names);
  lua_Integer depth = luaL_checkinteger(L, 5);
  pn_limits lim = {0};
  pnL_guard g;
  pn_z12result res;
  pn_error err;
  int rc;
  static const char *const verdicts[] = {"solved", "unsolvable", "unknown"};
  if (na != nb)
    return luaL_error(L, "the start has %d coins, the goal %d", (int)na,
                      (int)nb);
  if (depth < 0 || depth > 250)
    return luaL_error(L, "max_depth must be 0..250 (got %d)", (int)depth);
  if (!lua_isnoneornil(L, 6)) pnL_read_limits(L, 6, &lim);
  pnL_guard_begin(L, &g);
  lim.interrupt = g.flag;
  rc = pn_z12_solve(a, b, na, d, mode, (int)depth, &lim, &res, &err);
  if (pnL_guard_end(&g)) {
    pn_z12_result_clear(&res);
    return pnL_interrupted(L, &g);
  }
  if (rc != PN_OK) return pnL_error(L, &err);
  lua_createtable(L, 0, 9);
  lua_pushstring(L, verdicts[res.verdict]); lua_setfield(L, -2, "verdict");
  lua_createtable(L, (int)res.nmoves, 0);
  for (size_t i = 0; i < res.nmoves; i++) {
    push_move(L, res.moves[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  lua_setfield(L, -2, "moves");
  lua_pushinteger(L, res.lower_bound); lua_setfield(L, -2, "lower_bound");
  lua_pushinteger(L, (lua_Integer)res.nodes); lua_setfield(L, -2, "nodes");
  lua_pushinteger(L, (lua_Integer)res.stored); lua_setfield(L, -2, "states");
  lua_pushinteger(L, (lua_Integer)res.memory); lua_setfield(L, -2, "memory");
  lua_pushnumber(L, res.seconds); lua_setfield(L, -2, "seconds");
  lua_pushstring(L, res.reason); lua_setfield(L, -2, "reason");
  pn_z12_result_clear(&res);
  return 1;
}

static const luaL_Reg z12_funcs[] = {
  {"z12_coords", l_coords},
  {"z12_transform", l_transform},
  {"z12_norm_cmp1", l_norm_cmp1},
  {"z12_moves", l_moves},
  {"z12_check", l_check},
  {"z12_solve", l_solve},
  {NULL, NULL}
};

void pnL_open_combined(lua_State *L) {
  luaL_setfuncs(L, z12_funcs, 0);
}
