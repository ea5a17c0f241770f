/*
** config.c -- the Config userdata ("penny.Config"): an immutable set
** of coins on a board.  Methods that change a configuration return a new
** one.  The Config keeps its Board alive as its user value.
*/
#include <stdlib.h>
#include <string.h>

#include "common.h"

lconfig *pnL_checkconfig(lua_State *L, int idx) {
  return luaL_checkudata(L, idx, PN_CONFIG_T);
}

lconfig *pnL_newconfig(lua_State *L, int bidx) {
  lconfig *lc;
  bidx = lua_absindex(L, bidx);
  lc = lua_newuserdatauv(L, sizeof *lc, 1);
  pn_config_init(&lc->c);               /* safe for __gc from now on */
  luaL_setmetatable(L, PN_CONFIG_T);
  lua_pushvalue(L, bidx);
  lua_setiuservalue(L, -2, 1);
  return lc;
}

/* the board of the config at idx, pushed on the stack (checked first:
** the methods are reachable as plain functions, cfg.moves(5) included) */
static pn_board *config_board(lua_State *L, int idx) {
  pn_board *b;
  pnL_checkconfig(L, idx);
  lua_getiuservalue(L, idx, 1);
  b = pnL_checkboard(L, -1);
  return b;
}

static void check(lua_State *L, int rc, pn_error *err) {
  if (rc != PN_OK) pnL_error(L, err);
}

pn_rule pnL_checkrule(lua_State *L, int idx) {
  pn_rule r;
  r.d = pnL_checkd(L, idx);
  r.slide = 0;
  if (lua_istable(L, idx)) {
    lua_getfield(L, idx, "slide");
    r.slide = lua_toboolean(L, -1);
    lua_pop(L, 1);
  }
  return r;
}

int pnL_checkd(lua_State *L, int idx) {
  lua_Integer d = 2;
  if (lua_isnoneornil(L, idx)) return 2;
  if (lua_istable(L, idx)) {
    lua_getfield(L, idx, "d");
    if (!lua_isnil(L, -1)) {
      int isnum;
      d = lua_tointegerx(L, -1, &isnum);
      if (!isnum) luaL_argerror(L, idx, "rule.d must be an integer");
    }
    lua_pop(L, 1);
  } else {
    d = luaL_checkinteger(L, idx);
  }
  if (d < 1) luaL_argerror(L, idx, "the adjacency threshold d must be at "
                           "least 1");
  if (d > PN_MAXDEG) luaL_argerror(L, idx, "the adjacency threshold d is "
                                   "too large");
  return (int)d;
}

/* {====================================================================
** Moves
** ===================================================================== */

static const char *const reason_keys[] = {
  "legal", "nocoin", "occupied", "offboard", "few", "same", "blocked"
};

/* a sentence for a failed move */
static const char *push_reason(lua_State *L, const pn_board *b, pn_move m,
                               pn_reason why, int k, int d) {
  pnL_pushposstring(L, b, m.from);
  lua_pushliteral(L, "->");
  pnL_pushposstring(L, b, m.to);
  lua_pushliteral(L, ": ");
  if (why == PN_FEW)
    lua_pushfstring(L, "the destination has %d occupied neighbour%s besides "
                    "the moved coin, %d needed", k, k == 1 ? "" : "s", d);
  else
    lua_pushstring(L, pn_reason_text(why));
  lua_concat(L, 5);
  return lua_tostring(L, -1);
}

/* cfg:moves([rule]) -> iterator over the legal moves */
static int moves_iter(lua_State *L) {
  pn_move *mv = lua_touserdata(L, lua_upvalueindex(1));
  lua_Integer n = lua_tointeger(L, lua_upvalueindex(2));
  lua_Integer i = lua_tointeger(L, lua_upvalueindex(3));
  pn_board *b = pnL_checkboard(L, lua_upvalueindex(4));
  if (i >= n) return 0;
  lua_pushinteger(L, i + 1);
  lua_replace(L, lua_upvalueindex(3));
  pnL_pushmove(L, b, mv[i]);
  return 1;
}

/* all moves into a userdata buffer on the stack; returns count */
static size_t moves_buffer(lua_State *L, int idx, const pn_rule *r,
                           pn_board *b, pn_move **buf) {
  lconfig *lc = pnL_checkconfig(L, idx);
  pn_move *mv;
  size_t n;
  pn_error err;
  if (pn_moves(b, r, &lc->c, &mv, &n, &err) != PN_OK) pnL_error(L, &err);
  *buf = lua_newuserdatauv(L, (n + 1) * sizeof *mv, 0);
  if (n) memcpy(*buf, mv, n * sizeof *mv);
  free(mv);
  return n;
}

static int c_moves(lua_State *L) {
  pn_rule rule = pnL_checkrule(L, 2);
  pn_board *b = config_board(L, 1);      /* board at -1 */
  pn_move *buf;
  size_t n = moves_buffer(L, 1, &rule, b, &buf);
  (void)buf;
  lua_pushinteger(L, (lua_Integer)n);
  lua_pushinteger(L, 0);
  lua_pushvalue(L, -4);                  /* the board */
  lua_pushcclosure(L, moves_iter, 4);
  return 1;
}

static int c_movelist(lua_State *L) {
  pn_rule rule = pnL_checkrule(L, 2);
  pn_board *b = config_board(L, 1);
  pn_move *buf;
  size_t n = moves_buffer(L, 1, &rule, b, &buf), i;
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    pnL_pushmove(L, b, buf[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

/* cfg:legal(move [, rule]) -> true | false, reason key, message, k */
static int c_legal(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_rule rule = pnL_checkrule(L, 3);
  int d = rule.d, k;
  pn_board *b = config_board(L, 1);
  pn_move m = pnL_checkmove(L, 2, b);
  pn_reason why;
  why = pn_move_check(b, &rule, &lc->c, m, &k);
  if (why == PN_LEGAL) { lua_pushboolean(L, 1); return 1; }
  lua_pushboolean(L, 0);
  lua_pushstring(L, reason_keys[why]);
  push_reason(L, b, m, why, k, d);
  lua_pushinteger(L, k);
  return 4;
}

/* cfg:apply(move [, rule]) -> new Config; raises on an illegal move */
static int c_apply(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1), *out;
  pn_rule rule = pnL_checkrule(L, 3);
  int d = rule.d, k;
  pn_board *b;
  pn_move m;
  pn_reason why;
  pn_error err;
  lua_settop(L, 3);
  b = config_board(L, 1);                                       /* 4 */
  m = pnL_checkmove(L, 2, b);
  why = pn_move_check(b, &rule, &lc->c, m, &k);
  if (why != PN_LEGAL)
    return luaL_error(L, "illegal move %s", push_reason(L, b, m, why, k, d));
  out = pnL_newconfig(L, 4);
  check(L, pn_config_copy(&out->c, &lc->c, &err), &err);
  if (!pn_move_apply(&out->c, m)) return luaL_error(L, "out of memory");
  return 1;
}

/* cfg:check(moves [, rule]) -> true, final | false, index, key, msg, k
** (moves: a list of moves or a Moves userdata) */
static int c_check(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1), *out;
  pn_rule rule = pnL_checkrule(L, 3);
  int d = rule.d, k = 0;
  pn_board *b;
  const pn_move *mv;
  size_t n;
  pn_reason why;
  size_t bad = 0;
  pn_error err;
  lua_settop(L, 3);
  b = config_board(L, 1);                                       /* 4 */
  mv = pnL_checkmovelist(L, 2, b, &n);                          /* (5) */
  out = pnL_newconfig(L, 4);
  err.code = PN_OK;
  why = pn_check_sequence(b, &rule, &lc->c, mv, n, &bad, &k, &out->c, &err);
  if (err.code != PN_OK) return pnL_error(L, &err);
  if (why == PN_LEGAL) {
    lua_pushboolean(L, 1);
    lua_pushvalue(L, -2);
    return 2;
  }
  lua_pushboolean(L, 0);
  lua_pushinteger(L, (lua_Integer)bad + 1);
  lua_pushstring(L, reason_keys[why]);
  lua_pushfstring(L, "move %d ", (int)bad + 1);
  push_reason(L, b, mv[bad], why, k, d);
  lua_concat(L, 2);
  lua_pushinteger(L, k);
  return 5;
}

static int c_reversible(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_rule rule = pnL_checkrule(L, 3);
  pn_board *b = config_board(L, 1);
  pn_move m = pnL_checkmove(L, 2, b);
  if (pn_move_check(b, &rule, &lc->c, m, NULL) != PN_LEGAL)
    return luaL_argerror(L, 2, "not a legal move");
  lua_pushboolean(L, pn_move_reversible(b, &rule, &lc->c, m));
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Analysis
** ===================================================================== */

/* push a new Config of plain coins at pos[0..n) on the board at bidx */
static void push_positions(lua_State *L, int bidx, const pn_pos *pos,
                           size_t n) {
  lconfig *out = pnL_newconfig(L, bidx);
  pn_error err;
  size_t i;
  if (pn_config_reserve(&out->c, n, &err) != PN_OK) pnL_error(L, &err);
  for (i = 0; i < n; i++) {     /* pos[] is sorted and distinct */
    out->c.pos[i] = pos[i];
    out->c.label[i] = 0;
  }
  out->c.n = n;
}

static int c_adj(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_rule rule = pnL_checkrule(L, 2);
  int d = rule.d;
  pn_board *b;
  pn_pos *pos;
  size_t n;
  pn_error err;
  lua_settop(L, 2);
  b = config_board(L, 1);                                       /* 3 */
  if (pn_adj(b, d, &lc->c, &pos, &n, &err) != PN_OK) return pnL_error(L, &err);
  push_positions(L, 3, pos, n);
  free(pos);
  return 1;
}

/* cfg:span([rule [, limit]]) -> Config | nil, why (infinite or larger
** than limit cells) */
static int c_span(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_rule rule = pnL_checkrule(L, 2);
  int d = rule.d;
  lua_Integer limit = luaL_optinteger(L, 3, 0);
  pn_board *b;
  pn_pos *pos;
  size_t n;
  pn_error err;
  luaL_argcheck(L, limit >= 0, 3, "limit must not be negative");
  lua_settop(L, 3);
  b = config_board(L, 1);                                      /* 4 */
  if (pn_span(b, d, &lc->c, (size_t)limit, &pos, &n, &err) != PN_OK) {
    if (err.code != PN_EINFINITE) return pnL_error(L, &err);
    lua_pushnil(L);
    lua_pushstring(L, err.msg);
    return 2;
  }
  push_positions(L, 4, pos, n);
  free(pos);
  return 1;
}

static int c_components(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_board *b;
  uint32_t *comp;
  size_t nc, k, i;
  pn_error err;
  lua_settop(L, 1);
  b = config_board(L, 1);                                       /* 2 */
  comp = lua_newuserdatauv(L, (lc->c.n + 1) * sizeof *comp, 0);
  nc = pn_components(b, &lc->c, comp);
  if (lc->c.n && nc == 0) return luaL_error(L, "out of memory");
  lua_createtable(L, (int)nc, 0);                              /* 4 */
  for (k = 0; k < nc; k++) {
    lconfig *out = pnL_newconfig(L, 2);
    for (i = 0; i < lc->c.n; i++)
      if (comp[i] == k)
        check(L, pn_config_add(&out->c, lc->c.pos[i], lc->c.label[i], &err),
              &err);
    lua_rawseti(L, 4, (lua_Integer)k + 1);
  }
  return 1;
}

/* }==================================================================== */


/* {====================================================================
** Construction, access, derived configurations
** ===================================================================== */

/* the coin at the top of the stack into *p and *label, or NULL and a
** message (pushed) saying what is wrong with it */
static const char *readcoin(lua_State *L, const pn_board *b, pn_pos *p,
                            int32_t *label) {
  int64_t c[PN_MAXDIM];
  int dim = pn_board_dim(b), i, isnum;
  lua_Integer l = 0;
  if (!lua_istable(L, -1)) return lua_pushliteral(L, "is not a position");
  for (i = 0; i < dim; i++) {
    lua_geti(L, -1, i + 1);
    c[i] = (int64_t)lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum)
      return lua_pushfstring(L, "position needs %d integer coordinate%s",
                             dim, dim > 1 ? "s" : "");
  }
  if (lua_geti(L, -1, dim + 1) != LUA_TNIL)
    return lua_pushfstring(L, "position has more than %d coordinate%s", dim,
                           dim > 1 ? "s" : "");
  lua_pop(L, 1);
  if (lua_getfield(L, -1, "label") != LUA_TNIL) {
    l = lua_tointegerx(L, -1, &isnum);
    if (!isnum || l < 0 || l > INT32_MAX)
      return lua_pushliteral(L, "a label is a non-negative integer");
  }
  lua_pop(L, 1);
  *label = (int32_t)l;
  if (pn_board_kind(b) == PN_GRAPH) {
    int64_t v = c[0];
    c[0] = v >= 1 ? v - 1 : -1;
    if (pn_board_pack(b, c, p, NULL) != PN_OK || !pn_board_contains(b, *p)) {
      c[0] = v;
      pnL_pushcoords(L, c, dim);
      return lua_pushfstring(L, "%s is not a cell of the board",
                             lua_tostring(L, -1));
    }
    return NULL;
  }
  if (pn_board_pack(b, c, p, NULL) == PN_OK && pn_board_contains(b, *p))
    return NULL;
  pnL_pushcoords(L, c, dim);
  if (pn_board_bounded(b))
    return lua_pushfstring(L, "%s is not a cell of the board",
                           lua_tostring(L, -1));
  if (pn_board_kind(b) == PN_HEX && (((c[0] - c[1]) % 3) + 3) % 3 == 2)
    return lua_pushfstring(L, "%s is the centre of a hexagon, not a vertex "
                           "of the honeycomb", lua_tostring(L, -1));
  return lua_pushfstring(L, "%s is outside the supported coordinate range",
                         lua_tostring(L, -1));
}

/* core.config(board, {{x, y, label = l}, ...}) -> Config, or nil, i, why:
** coin i (1-based) is not a coin of the board, or sits on a cell taken
** by an earlier one; the caller says where coin i was written */
static int l_config(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  lconfig *lc;
  lua_Integer n, i;
  pn_pos *pos;
  int32_t *lab;
  size_t dup;
  pn_error err;
  luaL_checktype(L, 2, LUA_TTABLE);
  n = luaL_len(L, 2);
  luaL_argcheck(L, n >= 0 && (size_t)n <= ((size_t)-1 >> 8), 2,
                "the list of coins has no sensible length");
  lc = pnL_newconfig(L, 1);                                    /* 3 */
  pos = lua_newuserdatauv(L, ((size_t)n + 1) * sizeof *pos, 0);   /* 4 */
  lab = lua_newuserdatauv(L, ((size_t)n + 1) * sizeof *lab, 0);   /* 5 */
  for (i = 1; i <= n; i++) {
    const char *why;
    lua_geti(L, 2, i);
    if ((why = readcoin(L, b, &pos[i - 1], &lab[i - 1])) != NULL) {
      lua_pushnil(L);
      lua_pushinteger(L, i);
      lua_pushstring(L, why);
      return 3;
    }
    lua_pop(L, 1);
  }
  if (pn_config_set(&lc->c, pos, lab, (size_t)n, &dup, &err) != PN_OK) {
    if (err.code != PN_EINVAL) return pnL_error(L, &err);
    lua_pushfstring(L, "two coins on %s", pnL_pushposstring(L, b, pos[dup]));
    lua_pushnil(L);
    lua_pushinteger(L, (lua_Integer)dup + 1);
    lua_rotate(L, -3, 2);                      /* nil, index, message */
    return 3;
  }
  lua_settop(L, 3);
  return 1;
}

static int c_gc(lua_State *L) {
  lconfig *lc = luaL_checkudata(L, 1, PN_CONFIG_T);
  pn_config_clear(&lc->c);
  return 0;
}

static int c_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)pnL_checkconfig(L, 1)->c.n);
  return 1;
}

static int c_eq(lua_State *L) {
  lconfig *a = pnL_checkconfig(L, 1), *b = pnL_checkconfig(L, 2);
  int same;
  lua_getiuservalue(L, 1, 1);
  lua_getiuservalue(L, 2, 1);
  same = lua_rawequal(L, -1, -2);
  if (!same) {        /* distinct Board objects of the same lattice? */
    pn_board *x = pnL_checkboard(L, -2), *y = pnL_checkboard(L, -1);
    same = pn_board_kind(x) == pn_board_kind(y)
        && pn_board_dim(x) == pn_board_dim(y);
  }
  lua_pushboolean(L, same && pn_config_equal(&a->c, &b->c));
  return 1;
}

static int c_board(lua_State *L) {
  pnL_checkconfig(L, 1);
  lua_getiuservalue(L, 1, 1);
  return 1;
}

/* cfg:coins() -> {{x, y, label = l}, ...} (label only when not 0) */
static int c_coins(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_board *b = config_board(L, 1);
  size_t i;
  lua_createtable(L, (int)lc->c.n, 0);
  for (i = 0; i < lc->c.n; i++) {
    pnL_pushpos(L, b, lc->c.pos[i]);
    if (lc->c.label[i]) {
      lua_pushinteger(L, lc->c.label[i]);
      lua_setfield(L, -2, "label");
    }
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

static int c_has(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_board *b = config_board(L, 1);
  lua_pushboolean(L, pn_config_find(&lc->c, pnL_checkpos(L, 2, b)) >= 0);
  return 1;
}

static int c_label(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  pn_board *b = config_board(L, 1);
  ptrdiff_t i = pn_config_find(&lc->c, pnL_checkpos(L, 2, b));
  if (i < 0) lua_pushnil(L);
  else lua_pushinteger(L, lc->c.label[i]);
  return 1;
}

static int c_labelled(lua_State *L) {
  lua_pushboolean(L, pn_config_labelled(&pnL_checkconfig(L, 1)->c));
  return 1;
}

static int c_hash(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)pn_config_hash(&pnL_checkconfig(L, 1)->c));
  return 1;
}

/* cfg:key() -> a string equal for equal configurations (table keys) */
static int c_key(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1);
  luaL_Buffer buf;
  luaL_buffinit(L, &buf);
  if (lc->c.n) {
    luaL_addlstring(&buf, (const char *)lc->c.pos, lc->c.n * sizeof(pn_pos));
    luaL_addlstring(&buf, (const char *)lc->c.label,
                    lc->c.n * sizeof(int32_t));
  }
  luaL_pushresult(&buf);
  return 1;
}

/* a copy of the config at 1 as a new Config; the stack is cut to nargs
** arguments first, then the board and the copy are pushed */
static lconfig *derive(lua_State *L, int nargs, pn_board **b) {
  lconfig *lc = pnL_checkconfig(L, 1), *out;
  pn_error err;
  lua_settop(L, nargs);
  *b = config_board(L, 1);
  out = pnL_newconfig(L, nargs + 1);
  check(L, pn_config_copy(&out->c, &lc->c, &err), &err);
  return out;
}

static int c_normalise(lua_State *L) {
  pn_board *b;
  pn_error err;
  lconfig *out = derive(L, 1, &b);
  check(L, pn_config_normalise(b, &out->c, &err), &err);
  return 1;
}

static int c_transform(lua_State *L) {
  lua_Integer sym = luaL_checkinteger(L, 2);
  pn_board *b;
  pn_error err;
  lconfig *out = derive(L, 2, &b);
  luaL_argcheck(L, sym >= 1 && sym <= pn_lattice_symmetries(pn_board_kind(b),
                pn_board_dim(b)), 2, "no such symmetry");
  check(L, pn_config_transform(b, &out->c, (int)sym - 1, &err), &err);
  return 1;
}

/* cfg:translate({dx, dy, ...}) */
static int c_translate(lua_State *L) {
  pn_board *b;
  lconfig *out;
  int64_t t[PN_MAXDIM];
  int dim, i;
  size_t k;
  luaL_checktype(L, 2, LUA_TTABLE);
  out = derive(L, 2, &b);
  dim = pn_board_dim(b);
  luaL_argcheck(L, pn_board_kind(b) != PN_GRAPH, 1, "a custom graph has no "
                "translations");
  for (i = 0; i < dim; i++) {
    int isnum;
    lua_geti(L, 2, i + 1);
    t[i] = (int64_t)lua_tointegerx(L, -1, &isnum);
    if (!isnum) luaL_argerror(L, 2, "translation needs integer coordinates");
    lua_pop(L, 1);
  }
  for (k = 0; k < out->c.n; k++) {
    int64_t x[PN_MAXDIM];
    pn_error err;
    pn_board_unpack(b, out->c.pos[k], x);
    for (i = 0; i < dim; i++) x[i] += t[i];
    check(L, pn_board_pack(b, x, &out->c.pos[k], &err), &err);
    if (!pn_board_contains(b, out->c.pos[k]))
      return luaL_error(L, "the translated configuration leaves the board");
  }
  /* a translation keeps the order of packed positions */
  return 1;
}

/* cfg:with(pos [, label]) */
static int c_with(lua_State *L) {
  pn_board *b;
  pn_error err;
  lconfig *out = derive(L, 3, &b);
  pn_pos p = pnL_checkpos(L, 2, b);
  lua_Integer label = luaL_optinteger(L, 3, 0);
  luaL_argcheck(L, label >= 0 && label <= INT32_MAX, 3, "bad label");
  luaL_argcheck(L, pn_board_contains(b, p), 2, "position is not on the board");
  if (pn_config_add(&out->c, p, (int32_t)label, &err) != PN_OK)
    return luaL_argerror(L, 2, "there is already a coin there");
  return 1;
}

static int c_without(lua_State *L) {
  pn_board *b;
  lconfig *out = derive(L, 2, &b);
  pn_pos p = pnL_checkpos(L, 2, b);
  luaL_argcheck(L, pn_config_remove(&out->c, p), 2, "no coin there");
  return 1;
}

static const char *const mode_names[] = {
  "fixed", "translation", "rotation", "symmetry", NULL
};

/* cfg:matches(goal [, mode]) -> does cfg reach the goal (goal coins in
** place with their labels, extra coins anywhere; mode "fixed",
** "translation", "rotation" or "symmetry")? */
static int c_matches(lua_State *L) {
  lconfig *lc = pnL_checkconfig(L, 1), *goal = pnL_checkconfig(L, 2);
  int mode = luaL_checkoption(L, 3, "fixed", mode_names), ok;
  pn_board *b = config_board(L, 1), *gb = config_board(L, 2);
  pn_goal g;
  pn_error err;
  luaL_argcheck(L, pn_board_kind(gb) == pn_board_kind(b)
                   && pn_board_dim(gb) == pn_board_dim(b), 2,
                "the goal is on another lattice");
  if (pn_goal_init(&g, b, &goal->c, (pn_goalmode)mode, &err) != PN_OK) {
    pn_goal_free(&g);
    return pnL_error(L, &err);
  }
  ok = pn_goal_test(&g, &lc->c);
  pn_goal_free(&g);
  lua_pushboolean(L, ok);
  return 1;
}

static int c_tostring(lua_State *L) {
  lua_pushfstring(L, "penny.Config(%d coins)",
                  (int)pnL_checkconfig(L, 1)->c.n);
  return 1;
}

static const luaL_Reg config_methods[] = {
  {"board", c_board},
  {"coins", c_coins},
  {"has", c_has},
  {"label", c_label},
  {"labelled", c_labelled},
  {"moves", c_moves},
  {"movelist", c_movelist},
  {"legal", c_legal},
  {"apply", c_apply},
  {"check", c_check},
  {"reversible", c_reversible},
  {"adj", c_adj},
  {"span", c_span},
  {"components", c_components},
  {"normalise", c_normalise},
  {"transform", c_transform},
  {"translate", c_translate},
  {"with", c_with},
  {"without", c_without},
  {"matches", c_matches},
  {"hash", c_hash},
  {"key", c_key},
  {NULL, NULL}
};

static const luaL_Reg config_meta[] = {
  {"__gc", c_gc},
  {"__close", c_gc},
  {"__len", c_len},
  {"__eq", c_eq},
  {"__tostring", c_tostring},
  {"__index", NULL},
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
  luaL_argcheck(L, n >= 0 && n <= INT32_MAX, 2, "the list of actions has no "
                "sensible length");
  act = lua_newuserdatauv(L, (size_t)(n ? n : 1) * sizeof *act, 0);   /* 4 */
  for (i = 1; i <= n; i++) {
    const char *k;
    lua_geti(L, 2, i);
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

void pnL_open_config(lua_State *L) {
  luaL_newmetatable(L, PN_CONFIG_T);
  luaL_setfuncs(L, config_meta, 0);
  luaL_newlib(L, config_methods);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "__index");
  lua_setfield(L, -3, "Config");
  lua_setfield(L, -2, "Config_meta");
  luaL_newmetatable(L, PN_MOVE_T);
  lua_setfield(L, -2, "Move_meta");
  lua_pushcfunction(L, l_config);
  lua_setfield(L, -2, "config");
  lua_pushcfunction(L, l_clean);
  lua_setfield(L, -2, "clean");
}

/* }==================================================================== */
