/*
** host.c -- one Lua state for the life of a fuzzing process, with the
** penny module preloaded (the core linked in, its Lua files from lua/ of
** the source tree: run the harnesses from the repository root) and
** tests/fuzz/drivers.lua loaded.
*/
#include <stdio.h>
#include <stdlib.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "host.h"

int luaopen_penny_core(lua_State *L);

static lua_State *state(void) {
  static lua_State *L = NULL;
  if (L) return L;
  L = luaL_newstate();
  luaL_openlibs(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, luaopen_penny_core);
  lua_setfield(L, -2, "penny.core");
  lua_pop(L, 1);
  if (luaL_dostring(L, "package.path = 'lua/?.lua;lua/?/init.lua;' .. "
                       "package.path") != LUA_OK
      || luaL_dofile(L, "tests/fuzz/drivers.lua") != LUA_OK) {
    fprintf(stderr, "fuzz host: %s (run from the repository root)\n",
            lua_tostring(L, -1));
    abort();
  }
  lua_setglobal(L, "drivers");
  /* generational: penny's modules, loaded once, are old and not marked
  ** again at every cycle (the incremental collector spent most of the
  ** harness's time re-marking them) */
  lua_gc(L, LUA_GCGEN, 0, 0);
  return L;
}

void fuzz_lua(const char *fn, const uint8_t *data, size_t size) {
  lua_State *L = state();
  int top = lua_gettop(L);
  lua_getglobal(L, "drivers");
  lua_getfield(L, -1, fn);
  lua_pushlstring(L, (const char *)data, size);
  if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
    if (lua_type(L, -1) != LUA_TSTRING) {
      const char *msg = NULL;
      if (lua_istable(L, -1)) {
        lua_getfield(L, -1, "finding");
        msg = lua_tostring(L, -1);
      }
      fprintf(stderr, "fuzz host: %s\n", msg ? msg : "(a non-string error)");
      abort();
    }
  }
  lua_settop(L, top);
}
