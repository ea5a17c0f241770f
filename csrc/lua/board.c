/*
** board.c -- the Board userdata ("penny.Board").
*/
#include <math.h>
#include <string.h>

#include "common.h"

static const char *const lattice_names[] = {
  "square", "triangular", "hexagonal", "king", "cubic", "graph", NULL
};

int pnL_lattice_arg(lua_State *L, int idx) {
  return luaL_checkoption(L, idx, NULL, lattice_names);
}


lboard *pnL_newboard(lua_State *L) {
  lboard *lb = lua_newuserdatauv(L, sizeof *lb, 0);
  lb->b = NULL;                       /* safe for __gc from now on */
  luaL_setmetatable(L, PN_BOARD_T);
  return lb;
}

pn_board *pnL_checkboard(lua_State *L, int idx) {
  lboard *lb = luaL_checkudata(L, idx, PN_BOARD_T);
  if (!lb->b) luaL_argerror(L, idx, "board is closed");
  return lb->b;
}

/* the dim integer coordinates of the position at idx into c; a further
** coordinate is an error, not dropped.  A graph's 1-based vertex becomes
** its 0-based index (-1 for any number below 1, without overflow).
** Errors blame argument arg, their text starting with what (the part of
** the argument that holds the position, "" for all of it). */
static void checkcoords(lua_State *L, int idx, int arg, const char *what,
                        const pn_board *b, int64_t *c) {
  int dim = pn_board_dim(b), i;
  if (lua_type(L, idx) != LUA_TTABLE) {
    if (*what)
      luaL_argerror(L, arg, lua_pushfstring(L, "%sposition expected, got %s",
                    what, luaL_typename(L, idx)));
    luaL_typeerror(L, idx, "position (a table of coordinates)");
  }
  for (i = 0; i < dim; i++) {
    int isnum;
    lua_geti(L, idx, i + 1);
    c[i] = (int64_t)lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (!isnum)
      luaL_argerror(L, arg, lua_pushfstring(L, "%sposition needs %d integer "
                    "coordinate%s", what, dim, dim > 1 ? "s" : ""));
  }
  if (lua_geti(L, idx, dim + 1) != LUA_TNIL)
    luaL_argerror(L, arg, lua_pushfstring(L, "%sposition has more than %d "
                  "coordinate%s", what, dim, dim > 1 ? "s" : ""));
  lua_pop(L, 1);
  if (pn_board_kind(b) == PN_GRAPH) c[0] = c[0] >= 1 ? c[0] - 1 : -1;
}

int pnL_topos(lua_State *L, int idx, int arg, const char *what,
              const pn_board *b, pn_pos *p) {
  int64_t c[PN_MAXDIM];
  idx = lua_absindex(L, idx);
  checkcoords(L, idx, arg ? arg : idx, what, b, c);
  return pn_board_pack(b, c, p, NULL) == PN_OK;
}

pn_pos pnL_checkposin(lua_State *L, int idx, int arg, const char *what,
                      const pn_board *b) {
  int64_t c[PN_MAXDIM];
  pn_pos p;
  pn_error err;
  idx = lua_absindex(L, idx);
  if (!arg) arg = idx;
  checkcoords(L, idx, arg, what, b, c);
  if (pn_board_kind(b) == PN_GRAPH && (c[0] < 0
      || (size_t)c[0] >= pn_board_ncells(b))) {
    lua_geti(L, idx, 1);
    luaL_argerror(L, arg, lua_pushfstring(L, "%svertex %I is not in the "
                  "graph (1..%I)", what, lua_tointeger(L, -1),
                  (lua_Integer)pn_board_ncells(b)));
  }
  if (pn_board_pack(b, c, &p, &err) != PN_OK)
    luaL_argerror(L, arg, lua_pushfstring(L, "%s%s", what, err.msg));
  return p;
}

pn_pos pnL_checkpos(lua_State *L, int idx, const pn_board *b) {
  return pnL_checkposin(L, idx, 0, "", b);
}

void pnL_pushpos(lua_State *L, const pn_board *b, pn_pos p) {
  int64_t c[PN_MAXDIM];
  int dim = pn_board_dim(b), i;
  pn_board_unpack(b, p, c);
  if (pn_board_kind(b) == PN_GRAPH) c[0] += 1;
  lua_createtable(L, dim, 0);
  for (i = 0; i < dim; i++) {
    lua_pushinteger(L, (lua_Integer)c[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

const char *pnL_pushcoords(lua_State *L, const int64_t *c, int dim) {
  luaL_Buffer buf;
  int i;
  luaL_buffinit(L, &buf);
  luaL_addchar(&buf, '(');
  for (i = 0; i < dim; i++) {
    if (i) luaL_addchar(&buf, ',');
    lua_pushinteger(L, (lua_Integer)c[i]);
    luaL_addvalue(&buf);
  }
  luaL_addchar(&buf, ')');
  luaL_pushresult(&buf);
  return lua_tostring(L, -1);
}

const char *pnL_pushposstring(lua_State *L, const pn_board *b, pn_pos p) {
  int64_t c[PN_MAXDIM];
  if (pn_board_kind(b) == PN_GRAPH && (p < 0 || (size_t)p >= pn_board_ncells(b)))
    return lua_pushliteral(L, "(a vertex not in the graph)");
  pn_board_unpack(b, p, c);
  if (pn_board_kind(b) == PN_GRAPH) c[0] += 1;
  return pnL_pushcoords(L, c, pn_board_dim(b));
}

/* {====================================================================
** Constructors
** ===================================================================== */

static int check_dim(lua_State *L, int lat, int idx) {
  if (lat == PN_CUBIC) {
    lua_Integer d = luaL_checkinteger(L, idx);
    luaL_argcheck(L, d >= 1 && d <= PN_MAXDIM, idx,
                  "cubic dimension must be 1..6");
    return (int)d;
  }
  return lat == PN_GRAPH ? 1 : 2;
}

static int finish(lua_State *L, lboard *lb, pn_board *b, pn_error *err) {
  if (!b) return pnL_error(L, err);
  lb->b = b;
  return 1;
}

/* core.board_lattice(kind [, dim]) */
static int l_lattice(lua_State *L) {
  int lat = pnL_lattice_arg(L, 1), dim = check_dim(L, lat, 2);
  pn_error err;
  lboard *lb = pnL_newboard(L);
  return finish(L, lb, pn_board_lattice((pn_lattice)lat, dim, &err), &err);
}

static void int32_list(lua_State *L, int idx, int n, int32_t *out,
                       const char *what) {
  int i;
  luaL_checktype(L, idx, LUA_TTABLE);
  for (i = 0; i < n; i++) {
    int isnum;
    lua_Integer v;
    lua_geti(L, idx, i + 1);
    v = lua_tointegerx(L, -1, &isnum);
    if (!isnum)
      luaL_argerror(L, idx, lua_pushfstring(L, "%s needs %d integers", what,
                    n));
    if (v < INT32_MIN || v > INT32_MAX)
      luaL_argerror(L, idx, lua_pushfstring(L, "%s %I is out of the "
                    "supported range %I..%I", what, v,
                    (lua_Integer)INT32_MIN, (lua_Integer)INT32_MAX));
    out[i] = (int32_t)v;
    lua_pop(L, 1);
  }
}

/* refuse a board of ncells cells that the memory budget at idx (bytes;
** nil: pn_default_memory()) cannot hold, before building it */
static void check_board_memory(lua_State *L, int idx, int lat, int dim,
                               double ncells, int indexed) {
  double budget = luaL_optnumber(L, idx, 0);
  size_t need = pn_board_bytes((pn_lattice)lat, dim, ncells, indexed);
  if (budget <= 0) budget = (double)pn_default_memory();
  if ((double)need > budget) {
    char msg[160];
    snprintf(msg, sizeof msg, "the board has %.0f cells and needs about %.0f "
             "MiB, more than the memory budget of %.0f MiB (max_memory)",
             ncells, (double)need / (1 << 20), budget / (1 << 20));
    luaL_error(L, "%s", msg);
  }
}

/* core.board_box(kind, dim, lo, size [, max_memory]) */
static int l_box(lua_State *L) {
  int lat = pnL_lattice_arg(L, 1), dim = check_dim(L, lat, 2), i;
  int32_t lo[PN_MAXDIM], size[PN_MAXDIM];
  double total = 1;
  pn_error err;
  lboard *lb;
  luaL_argcheck(L, lat != PN_GRAPH, 1, "a custom graph has no box");
  int32_list(L, 3, dim, lo, "origin");
  int32_list(L, 4, dim, size, "size");
  for (i = 0; i < dim; i++) total *= size[i] > 0 ? size[i] : 1;
  if (total <= PN_MAX_CELLS)     /* else the core says what is too large */
    check_board_memory(L, 5, lat, dim, total, lat == PN_HEX);
  lb = pnL_newboard(L);
  return finish(L, lb, pn_board_box((pn_lattice)lat, dim, lo, size, &err),
                &err);
}

/* core.board_cells(kind, dim, {pos, ...}) */
static int l_cells(lua_State *L) {
  int lat = pnL_lattice_arg(L, 1), dim = check_dim(L, lat, 2);
  lua_Integer n, i;
  pn_pos *cells;
  pn_board *proto, *b;
  pn_error err;
  lboard *lb, *lproto;
  luaL_argcheck(L, lat != PN_GRAPH, 1, "use board_graph for custom graphs");
  luaL_checktype(L, 3, LUA_TTABLE);
  n = luaL_len(L, 3);
  luaL_argcheck(L, n >= 1, 3, "a bounded board needs at least one cell");
  luaL_argcheck(L, n <= PN_MAX_CELLS, 3, "too many cells");
  check_board_memory(L, 4, lat, dim, (double)n, 1);
  /* an unbounded lattice of the same kind packs the coordinates */
  lproto = pnL_newboard(L);
  proto = pn_board_lattice((pn_lattice)lat, dim, &err);
  if (!proto) return pnL_error(L, &err);
  lproto->b = proto;
  cells = lua_newuserdatauv(L, (size_t)n * sizeof *cells, 0);  /* scratch */
  for (i = 1; i <= n; i++) {
    lua_geti(L, 3, i);
    cells[i - 1] = pnL_checkpos(L, -1, proto);
    lua_pop(L, 1);
  }
  lb = pnL_newboard(L);
  b = pn_board_cells((pn_lattice)lat, dim, (size_t)n, cells, &err);
  return finish(L, lb, b, &err);
}

/* core.board_graph(nv, {{u, v}, ...}) with 1-based vertices */
static int l_graph(lua_State *L) {
  lua_Integer nv = luaL_checkinteger(L, 1), ne, i;
  uint32_t *edges;
  pn_error err;
  lboard *lb;
  luaL_argcheck(L, nv >= 1 && nv <= PN_MAX_CELLS, 1,
                "number of vertices out of range");
  luaL_checktype(L, 2, LUA_TTABLE);
  ne = luaL_len(L, 2);
  luaL_argcheck(L, ne >= 0 && ne <= PN_MAX_CELLS, 2, "the number of edges "
                "is out of range");
  check_board_memory(L, 3, PN_GRAPH, 1, (double)nv + 2.0 * (double)ne, 0);
  edges = lua_newuserdatauv(L, (size_t)(2 * ne + 1) * sizeof *edges, 0);
  for (i = 1; i <= ne; i++) {
    int k;
    lua_geti(L, 2, i);
    if (!lua_istable(L, -1))
      luaL_argerror(L, 2, "each edge is a pair {u, v}");
    for (k = 0; k < 2; k++) {
      int isnum;
      lua_Integer v;
      lua_geti(L, -1, k + 1);
      v = lua_tointegerx(L, -1, &isnum);
      if (!isnum || v < 1 || v > nv)
        luaL_argerror(L, 2, lua_pushfstring(L, "edge %d: vertices are "
                      "integers 1..%d", (int)i, (int)nv));
      edges[2 * (i - 1) + k] = (uint32_t)(v - 1);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lb = pnL_newboard(L);
  return finish(L, lb, pn_board_graph((size_t)nv, (size_t)ne, edges, &err),
                &err);
}

/* }==================================================================== */


/* {====================================================================
** Methods
** ===================================================================== */

static int b_gc(lua_State *L) {
  lboard *lb = luaL_checkudata(L, 1, PN_BOARD_T);
  pn_board_free(lb->b);
  lb->b = NULL;
  return 0;
}

static int b_kind(lua_State *L) {
  lua_pushstring(L, pn_lattice_name(pn_board_kind(pnL_checkboard(L, 1))));
  return 1;
}

static int b_dim(lua_State *L) {
  lua_pushinteger(L, pn_board_dim(pnL_checkboard(L, 1)));
  return 1;
}

static int b_bounded(lua_State *L) {
  lua_pushboolean(L, pn_board_bounded(pnL_checkboard(L, 1)));
  return 1;
}

static int b_degree(lua_State *L) {
  lua_pushinteger(L, pn_board_maxdeg(pnL_checkboard(L, 1)));
  return 1;
}

/* #board: the number of cells, or math.huge for an unbounded lattice */
static int b_len(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  if (pn_board_bounded(b)) lua_pushinteger(L, (lua_Integer)pn_board_ncells(b));
  else lua_pushnumber(L, HUGE_VAL);
  return 1;
}

static int b_contains(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  pn_pos p;
  /* out-of-range coordinates are simply not on the board */
  lua_pushboolean(L, pnL_topos(L, 2, 0, "", b, &p)
                     && pn_board_contains(b, p));
  return 1;
}

static int b_neighbours(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  pn_pos p = pnL_checkpos(L, 2, b), nb[PN_MAXDEG];
  int k, i;
  luaL_argcheck(L, pn_board_contains(b, p), 2, "position is not on the board");
  k = pn_board_neighbours(b, p, nb);
  lua_createtable(L, k, 0);
  for (i = 0; i < k; i++) {
    pnL_pushpos(L, b, nb[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int b_adjacent(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  pn_pos p = pnL_checkpos(L, 2, b), q = pnL_checkpos(L, 3, b);
  lua_pushboolean(L, pn_board_contains(b, p) && pn_board_adjacent(b, p, q));
  return 1;
}

static int b_cells(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  size_t n, i;
  luaL_argcheck(L, pn_board_bounded(b), 1,
                "an unbounded lattice has infinitely many cells");
  n = pn_board_ncells(b);
  lua_createtable(L, (int)n, 0);
  for (i = 0; i < n; i++) {
    pnL_pushpos(L, b, pn_board_cell(b, i));
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

/* lo, hi = board:bbox() -- bounded boards only */
static int b_bbox(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  int64_t lo[PN_MAXDIM], hi[PN_MAXDIM];
  int dim = pn_board_dim(b), i, k;
  luaL_argcheck(L, pn_board_bounded(b), 1, "an unbounded lattice has no "
                "bounding box");
  pn_board_bbox(b, lo, hi);
  for (k = 0; k < 2; k++) {
    int64_t *v = k ? hi : lo;
    lua_createtable(L, dim, 0);
    for (i = 0; i < dim; i++) {
      lua_Integer x = (lua_Integer)v[i] + (pn_board_kind(b) == PN_GRAPH);
      lua_pushinteger(L, x);
      lua_rawseti(L, -2, i + 1);
    }
  }
  return 2;
}

/* board:symmetries() -> total, {proper flags} */
static int b_symmetries(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  pn_lattice lat = pn_board_kind(b);
  int dim = pn_board_dim(b), n = pn_lattice_symmetries(lat, dim), i;
  lua_pushinteger(L, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushboolean(L, pn_lattice_sym_proper(lat, dim, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 2;
}

static int b_tostring(lua_State *L) {
  pn_board *b = pnL_checkboard(L, 1);
  if (pn_board_bounded(b))
    lua_pushfstring(L, "penny.Board(%s, %d cells)",
                    pn_lattice_name(pn_board_kind(b)),
                    (int)pn_board_ncells(b));
  else
    lua_pushfstring(L, "penny.Board(%s, unbounded)",
                    pn_lattice_name(pn_board_kind(b)));
  return 1;
}

static const luaL_Reg board_methods[] = {
  {"kind", b_kind},
  {"dim", b_dim},
  {"bounded", b_bounded},
  {"degree", b_degree},
  {"contains", b_contains},
  {"neighbours", b_neighbours},
  {"adjacent", b_adjacent},
  {"cells", b_cells},
  {"bbox", b_bbox},
  {"symmetries", b_symmetries},
  {"close", b_gc},
  {NULL, NULL}
};

static const luaL_Reg board_meta[] = {
  {"__gc", b_gc},
  {"__close", b_gc},
  {"__len", b_len},
  {"__tostring", b_tostring},
  {"__index", NULL},
  {NULL, NULL}
};

static const luaL_Reg board_funcs[] = {
  {"board_lattice", l_lattice},
  {"board_box", l_box},
  {"board_cells", l_cells},
  {"board_graph", l_graph},
  {NULL, NULL}
};

/* expects the module table on top; adds the constructors and
** module.Board (the method table, for the Lua layer to extend) */
void pnL_open_board(lua_State *L) {
  luaL_newmetatable(L, PN_BOARD_T);
  luaL_setfuncs(L, board_meta, 0);
  luaL_newlib(L, board_methods);
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, "__index");
  lua_setfield(L, -3, "Board");          /* module.Board = methods */
  lua_setfield(L, -2, "Board_meta");     /* and its metatable */
  luaL_setfuncs(L, board_funcs, 0);
}

/* }==================================================================== */
