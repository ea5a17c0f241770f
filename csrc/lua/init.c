/*
** init.c -- luaopen_penny_core: the C part of the penny module.
*/
#include "common.h"

#if defined(_WIN32)
#define PN_EXPORT __declspec(dllexport)
#else
#define PN_EXPORT __attribute__((visibility("default")))
#endif

PN_EXPORT int luaopen_penny_core(lua_State *L);

PN_EXPORT int luaopen_penny_core(lua_State *L) {
  lua_newtable(L);
  pnL_open_board(L);
  pnL_open_config(L);
  pnL_open_search(L);
  pnL_open_databases(L);
  pnL_open_moves(L);
  pnL_open_tri(L);
  pnL_open_linepush(L);
  pnL_open_combined(L);
  lua_pushliteral(L, PN_VERSION);
  lua_setfield(L, -2, "_VERSION");
  lua_pushinteger(L, PN_MAXDIM);
  lua_setfield(L, -2, "MAXDIM");
  lua_pushinteger(L, PN_MAXDEG);
  lua_setfield(L, -2, "MAXDEG");
  return 1;
}
