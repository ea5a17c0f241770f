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

static int l_databases(lua_State *L) {
  pn_pdbcache *c = lua_newuserdatauv(L, sizeof *c, 0);
  memset(c, 0, sizeof *c);               /* empty: safe for __gc */
  luaL_setmetatable(L, PN_DATABASES_T);
  return 1;
}

static int db_clear(lua_State *L) {
  pn_pdbcache_clear(checkdatabases(L, 1));
  return 0;
}

/* the set of tables that db:info and db:tostring describe: toward a goal
** when held, else from a start */
static const pn_pdb *shown(const pn_pdbcache *c) {
  return c->slot[0].pdb.nwin ? &c->slot[0].pdb : &c->slot[1].pdb;
}

/* db:info() -> { bytes, toward, from, windows, partitions, maxcells,
** bit_sets, builds, reuses } */
static int db_info(lua_State *L) {
  pn_pdbcache *c = checkdatabases(L, 1);
  const pn_pdb *p = shown(c);
  lua_createtable(L, 0, 9);
  /* (an empty slot's pdb is all zeros: pn_pdbcache_drop) */
  lua_pushinteger(L, (lua_Integer)pn_pdbcache_bytes(c));
  lua_setfield(L, -2, "bytes");
  lua_pushinteger(L, (lua_Integer)c->slot[0].pdb.bytes);
  lua_setfield(L, -2, "toward");
  lua_pushinteger(L, (lua_Integer)c->slot[1].pdb.bytes);
  lua_setfield(L, -2, "from");
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
** windows' bit sets alone prove that */
static int db_bound(lua_State *L) {
  static const char *const sides[] = {"goal", "start", NULL};
  pn_pdbcache *c = checkdatabases(L, 1);
  lconfig *cf = pnL_checkconfig(L, 2);
  int from = luaL_checkoption(L, 3, "goal", sides);
  const pn_pdbslot *k = &c->slot[from];
  const pn_board *b;
  bb_t m = 0;
  size_t i;
  int h;
  luaL_argcheck(L, k->pdb.nwin > 0, 1, from
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
  char held[120] = "empty";
  if (p->nwin)
    snprintf(held, sizeof held, "%d windows of up to %d cells, %.1f MB%s",
             p->nwin, p->maxcells, (double)pn_pdbcache_bytes(c) / 1e6,
             c->slot[0].pdb.nwin && c->slot[1].pdb.nwin
               ? ", toward a goal and from a start"
               : c->slot[1].pdb.nwin ? ", from a start" : "");
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
