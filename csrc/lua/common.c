/*
** common.c -- what every part of the binding shares: errors from the
** core, Ctrl-C around long C calls, the limits read from an options table,
** and progress lines.
**
** Ctrl-C: a C search polls a flag.  Inside the penny interpreter the flag
** is the interpreter's own (registry key PN_INTERRUPT_KEY); its SIGINT
** handler also sets a Lua hook, so after the search returns "interrupted"
** the hook raises "interrupted!" in the caller.  Loaded into another host
** (the stock lua5.4), the binding installs its own SIGINT handler for the
** length of the search only, restores the host's handler afterwards and
** raises "interrupted!" itself.  The flag of that handler is the one C
** global of the binding: a signal handler has nowhere else to write.
*/
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "core/sys.h"

int pnL_error(lua_State *L, const pn_error *err) {
  return luaL_error(L, "%s", err->msg);
}

/* {====================================================================
** Ctrl-C
** ===================================================================== */

static volatile int own_flag;

static void own_handler(int sig) {
  (void)sig;
  own_flag = 1;
}

_Static_assert(sizeof(struct sigaction) <= sizeof ((pnL_guard *)0)->old,
               "pnL_guard.old must hold a struct sigaction");

void pnL_guard_begin(lua_State *L, pnL_guard *g) {
  lua_getfield(L, LUA_REGISTRYINDEX, PN_INTERRUPT_KEY);
  g->flag = lua_touserdata(L, -1);
  lua_pop(L, 1);
  g->own = 0;
  if (!g->flag) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = own_handler;
    sigemptyset(&sa.sa_mask);
    own_flag = 0;
    if (sigaction(SIGINT, &sa, (struct sigaction *)g->old) == 0) g->own = 1;
    g->flag = &own_flag;
  }
}

/* ends the guard; returns 1 when the search was interrupted */
int pnL_guard_end(pnL_guard *g) {
  int hit = *g->flag != 0;
  if (g->own) sigaction(SIGINT, (struct sigaction *)g->old, NULL);
  else *g->flag = 0;         /* the interpreter's hook raises the error */
  return hit;
}

int pnL_interrupted(lua_State *L, const pnL_guard *g) {
  if (g->own) return luaL_error(L, "interrupted!");
  lua_pushnil(L);
  lua_pushliteral(L, "interrupted");
  return 2;
}

/* }==================================================================== */


/* {====================================================================
** Options and limits
** ===================================================================== */

double pnL_optnumber(lua_State *L, int idx, const char *k, double def) {
  double v = def;
  if (lua_isnoneornil(L, idx)) return def;
  lua_getfield(L, idx, k);
  if (!lua_isnil(L, -1)) {
    int isnum;
    v = lua_tonumberx(L, -1, &isnum);
    if (!isnum || v < 0 || v != v)
      luaL_argerror(L, idx, lua_pushfstring(L, "option '%s' must be a "
                    "non-negative number", k));
  }
  lua_pop(L, 1);
  return v;
}

/* an optional boolean option: ifnil when absent, else iftrue or iffalse */
int pnL_optflag(lua_State *L, int idx, const char *k, int ifnil,
                   int iftrue, int iffalse) {
  int v = ifnil;
  if (lua_isnoneornil(L, idx)) return ifnil;
  lua_getfield(L, idx, k);
  if (!lua_isnil(L, -1)) {
    if (!lua_isboolean(L, -1))
      luaL_argerror(L, idx, lua_pushfstring(L, "%s must be a boolean", k));
    v = lua_toboolean(L, -1) ? iftrue : iffalse;
  }
  lua_pop(L, 1);
  return v;
}


/* the Lua state's spare blocks (penny.h): made with the first search,
** freed with the state */
#define SPARE_KEY "penny.spare"
#define SPARE_BYTES ((size_t)64 << 20)

static int spare_gc(lua_State *L) {
  pn_spare **s = lua_touserdata(L, 1);
  pn_spare_free(*s);
  *s = NULL;
  return 0;
}

static pn_spare *state_spare(lua_State *L) {
  pn_spare **s;
  if (lua_getfield(L, LUA_REGISTRYINDEX, SPARE_KEY) == LUA_TUSERDATA) {
    s = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return *s;
  }
  lua_pop(L, 1);
  s = lua_newuserdatauv(L, sizeof *s, 0);
  *s = NULL;
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, spare_gc);
  lua_setfield(L, -2, "__gc");
  lua_setmetatable(L, -2);
  *s = pn_spare_new(SPARE_BYTES);       /* NULL: searches go without */
  lua_setfield(L, LUA_REGISTRYINDEX, SPARE_KEY);
  return *s;
}

#define DEFMEM_KEY "penny.default_memory"

size_t pnL_default_memory(lua_State *L) {
  size_t m;
  if (lua_getfield(L, LUA_REGISTRYINDEX, DEFMEM_KEY) == LUA_TNUMBER) {
    m = (size_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return m;
  }
  lua_pop(L, 1);
  m = pn_default_memory();
  lua_pushinteger(L, (lua_Integer)m);
  lua_setfield(L, LUA_REGISTRYINDEX, DEFMEM_KEY);
  return m;
}

void pnL_read_limits(lua_State *L, int idx, pn_limits *lim) {
  double mem, states, levels;
  memset(lim, 0, sizeof *lim);
  lim->spare = state_spare(L);
  if (!lua_isnoneornil(L, idx)) luaL_checktype(L, idx, LUA_TTABLE);
  mem = pnL_optnumber(L, idx, "max_memory", 0);
  states = pnL_optnumber(L, idx, "max_states", 0);
  lim->time_limit = pnL_optnumber(L, idx, "time_limit", 0);
  if (mem > 0 && mem < MIN_MEMORY)
    luaL_argerror(L, idx, "max_memory is in bytes and must be at least "
                  "4096");
  if (mem > MAX_LIMIT) luaL_argerror(L, idx, "max_memory is absurdly large");
  if (mem > 0 && pn_physical_memory() && mem > (double)pn_physical_memory())
    luaL_argerror(L, idx, lua_pushfstring(L, "max_memory (%f GiB) is more "
                  "than this machine's memory (%f GiB)", mem / (1 << 30),
                  (double)pn_physical_memory() / (1 << 30)));
  if (states > MAX_LIMIT)
    luaL_argerror(L, idx, "max_states is absurdly large");
  lim->max_memory = (size_t)mem;
  lim->max_states = (size_t)states;
  levels = pnL_optnumber(L, idx, "probe_levels", 2);
  if (levels != (int)levels || levels > MAX_PROBE_LEVELS)
    luaL_argerror(L, idx, "probe_levels must be an integer 0..8");
  lim->probe_levels = (int)levels;
  lim->partial = pnL_optflag(L, idx, "partial", 0, 1, -1);
  lim->prune = pnL_optflag(L, idx, "prune", 0, 0, -1);
}

/* }==================================================================== */


/* {====================================================================
** Progress lines
** ===================================================================== */


/*
** An estimate of the next step's time, printed once a step takes a second
** or more after one of half a second or more (a growth measured on
** shorter steps is mostly noise): the last step's time times its growth
** over the step before.  The time per bound of A* and per layer of the
** breadth-first searches grows about geometrically, so the guess is close
** on the long steps where it matters.  Steps are lines of the same phase
** at consecutive depths.
** Only a guide: the first steps grow unevenly, a full-space search's last
** layers shrink, and A*'s last bound ends at the goal.
*/
void pnL_print_progress(const pn_progress *p, void *ud) {
  pnL_progress *ps = ud;
  double rate = p->seconds > 0 ? p->states / p->seconds : 0, took = 0;
  char next[48] = "";
  if (p->total > 0) {                   /* steps of a known number */
    fprintf(stderr, "%s[%s] %d/%d windows, %.1f s%s", ps->tty ? "\r" : "",
            p->phase, p->depth, p->total, p->seconds,
            ps->tty ? "\033[K" : "\n");
    fflush(stderr);
    ps->phase = NULL;
    return;
  }
  if (ps->phase && strcmp(ps->phase, p->phase) == 0
      && p->depth == ps->depth + 1) {
    took = p->seconds - ps->at;
    if (ps->took >= 0.5 && took >= 1)
      snprintf(next, sizeof next, ", next ~%.0f s", took * took / ps->took);
  }
  ps->phase = p->phase;
  ps->depth = p->depth;
  ps->at = p->seconds;
  ps->took = took;
  /* on a terminal the line is rewritten in place and erased to its end */
  fprintf(stderr, "%s[%s] depth %d: %llu states (%llu new), %.2f M/s, "
          "%.2f GB, %.1f s%s%s", ps->tty ? "\r" : "", p->phase, p->depth,
          (unsigned long long)p->states, (unsigned long long)p->layer,
          rate / 1e6, p->memory / 1e9, p->seconds, next,
          ps->tty ? "\033[K" : "\n");
  fflush(stderr);
}

void pnL_end_progress(const pn_searchopts *o, const pnL_progress *ps) {
  if (o->progress && ps->tty) fputs("\r\033[K", stderr);
}

/* progress lines by default only where the interpreter asks for them (its
** REPL and subcommands on a terminal: the registry's PN_PROGRESS_KEY);
** library calls keep quiet unless progress = true */
int pnL_progress_default(lua_State *L) {
  int on;
  lua_getfield(L, LUA_REGISTRYINDEX, PN_PROGRESS_KEY);
  on = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return on && isatty(STDERR_FILENO);
}

/* }==================================================================== */
