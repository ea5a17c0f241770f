/*
** databases.c -- the Databases userdata ("penny.databases"): A*'s pattern
** databases kept from one search to the next with the same goal
** (core.databases(), penny.databases()).
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common.h"
#include "search/pdb.h"


static pn_pdbcache *checkdatabases(lua_State *L, int idx) {
  return luaL_checkudata(L, idx, PN_DATABASES_T);
}

/* core.databases([goals [, starts]]): at most that many sets toward goals
** and from starts (1 each by default) */
static int l_databases(lua_State *L) {
  lua_Integer goals = luaL_optinteger(L, 1, 1);
  lua_Integer starts = luaL_optinteger(L, 2, 1);
  pn_pdbcache *c;
  if (goals < 1 || goals > PN_PDBCACHE_MAXSETS)
    return luaL_argerror(L, 1, lua_pushfstring(L, "goals must be from 1 "
                         "to %d", PN_PDBCACHE_MAXSETS));
  if (starts < 1 || starts > PN_PDBCACHE_MAXSETS)
    return luaL_argerror(L, 2, lua_pushfstring(L, "starts must be from 1 "
                         "to %d", PN_PDBCACHE_MAXSETS));
  c = lua_newuserdatauv(L, pn_pdbcache_size((int)goals, (int)starts), 0);
  pn_pdbcache_init(c, (int)goals, (int)starts);   /* empty: safe for __gc */
  luaL_setmetatable(L, PN_DATABASES_T);
  return 1;
}

static int db_clear(lua_State *L) {
  pn_pdbcache_clear(checkdatabases(L, 1));
  return 0;
}

/* the set of tables that db:info and db:tostring describe: the most
** recently used toward a goal when there is one, else from a start */
static const pn_pdb *shown(const pn_pdbcache *c) {
  static const pn_pdb none;
  const pn_pdbslot *k = pn_pdbcache_last_slot(c, 0);
  if (!k) k = pn_pdbcache_last_slot(c, 1);
  return k ? &k->pdb : &none;
}

/* db:info() -> { bytes, toward, from, sets, goals, starts, windows,
** partitions, maxcells, bit_sets, builds, reuses } */
static int db_info(lua_State *L) {
  pn_pdbcache *c = checkdatabases(L, 1);
  const pn_pdb *p = shown(c);
  lua_createtable(L, 0, 12);
  /* (an empty slot's pdb is all zeros: pn_pdbcache_drop) */
  lua_pushinteger(L, (lua_Integer)pn_pdbcache_bytes(c, -1));
  lua_setfield(L, -2, "bytes");
  lua_pushinteger(L, (lua_Integer)pn_pdbcache_bytes(c, 0));
  lua_setfield(L, -2, "toward");
  lua_pushinteger(L, (lua_Integer)pn_pdbcache_bytes(c, 1));
  lua_setfield(L, -2, "from");
  lua_pushinteger(L, pn_pdbcache_count(c, -1));
  lua_setfield(L, -2, "sets");
  lua_pushinteger(L, c->keep[0]);
  lua_setfield(L, -2, "goals");
  lua_pushinteger(L, c->keep[1]);
  lua_setfield(L, -2, "starts");
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
** windows' bit sets alone prove that; of the sets of that side, the one
** used last */
static int db_bound(lua_State *L) {
  static const char *const sides[] = {"goal", "start", NULL};
  pn_pdbcache *c = checkdatabases(L, 1);
  lconfig *cf = pnL_checkconfig(L, 2);
  int from = luaL_checkoption(L, 3, "goal", sides);
  const pn_pdbslot *k = pn_pdbcache_last_slot(c, from);
  const pn_board *b;
  bb_t m = 0;
  size_t i;
  int h;
  luaL_argcheck(L, k != NULL, 1, from
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
  int ng = pn_pdbcache_count(c, 0), ns = pn_pdbcache_count(c, 1);
  char held[160] = "empty";
  if (p->nwin) {
    char sides[80] = "";
    if (ng > 1 || ns > 1)
      snprintf(sides, sizeof sides, ", %d sets: %d toward goals, %d from "
               "starts", ng + ns, ng, ns);
    else if (ng && ns)
      snprintf(sides, sizeof sides, ", toward a goal and from a start");
    else if (ns)
      snprintf(sides, sizeof sides, ", from a start");
    snprintf(held, sizeof held, "%d windows of up to %d cells, %.1f MB%s",
             p->nwin, p->maxcells, (double)pn_pdbcache_bytes(c, -1) / 1e6,
             sides);
  }
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

pn_pdbcache *pnL_testdatabases(lua_State *L, int idx) {
  return luaL_testudata(L, idx, PN_DATABASES_T);
}

void pnL_open_databases(lua_State *L) {
  luaL_newmetatable(L, PN_DATABASES_T);
  luaL_setfuncs(L, databases_meta, 0);
  luaL_newlib(L, databases_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  lua_pushcfunction(L, l_databases);
  lua_setfield(L, -2, "databases");
}
