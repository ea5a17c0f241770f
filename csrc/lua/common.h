/*
** common.h -- what the binding's files (csrc/lua/) share: the userdata
** types and their check/push helpers, coordinates <-> Lua tables, moves,
** errors, Ctrl-C, limits and progress (common.c).
*/
#ifndef PN_LUA_COMMON_H
#define PN_LUA_COMMON_H

#include <lua.h>
#include <lauxlib.h>

#include "penny.h"

#define PN_BOARD_T "penny.Board"
#define PN_CONFIG_T "penny.Config"
#define PN_MOVE_T "penny.Move"
#define PN_MOVES_T "penny.Moves"
#define PN_DATABASES_T "penny.databases"
#define PN_INTERRUPT_KEY "penny.interrupt"   /* light userdata: volatile int */
#define PN_PROGRESS_KEY "penny.progress"     /* true: progress by default */
#define PN_NET_KEY "penny.net"     /* light userdata: the pn_net of penny-mpi */

typedef struct lboard {
  pn_board *b;           /* NULL once closed */
} lboard;

typedef struct lconfig {
  pn_config c;           /* user value 1: the Board */
} lconfig;

/* board.c */
pn_board *pnL_checkboard(lua_State *L, int idx);
lboard *pnL_newboard(lua_State *L);                  /* pushes, b = NULL */
void pnL_open_board(lua_State *L);
/* coordinates of a position given at idx: a table {x, y, ...}; graph
** vertices are 1-based in Lua.  Raises on bad input. */
pn_pos pnL_checkpos(lua_State *L, int idx, const pn_board *b);
/* the same for a position inside argument arg (a move's end, a list's
** element): errors blame arg, their text starting with what */
pn_pos pnL_checkposin(lua_State *L, int idx, int arg, const char *what,
                      const pn_board *b);
/* 1 and *p when the position at idx lies in the board's coordinate
** space (a graph's vertices), 0 when it does not; raises (blaming arg,
** or idx when arg is 0) for a value that is not a position */
int pnL_topos(lua_State *L, int idx, int arg, const char *what,
              const pn_board *b, pn_pos *p);
void pnL_pushpos(lua_State *L, const pn_board *b, pn_pos p);
/* pushes and returns "(x,y)": of a cell, of raw coordinates (a graph's
** vertex 1-based) */
const char *pnL_pushposstring(lua_State *L, const pn_board *b, pn_pos p);
const char *pnL_pushcoords(lua_State *L, const int64_t *c, int dim);
int pnL_lattice_arg(lua_State *L, int idx);

/* config.c */
lconfig *pnL_checkconfig(lua_State *L, int idx);
/* push a new empty Config on board at index bidx */
lconfig *pnL_newconfig(lua_State *L, int bidx);
void pnL_open_config(lua_State *L);
/* a move given at idx: {from = pos, to = pos} or {x1, y1, x2, y2} */
pn_move pnL_checkmove(lua_State *L, int idx, const pn_board *b);
/* a move inside argument arg (a list's element): errors blame arg, their
** text starting with what */
pn_move pnL_checkmovein(lua_State *L, int idx, int arg, const char *what,
                        const pn_board *b);
void pnL_pushmove(lua_State *L, const pn_board *b, pn_move m);
int pnL_checkd(lua_State *L, int idx);
/* the rule argument: d, or a table {d =, slide =} */
pn_rule pnL_checkrule(lua_State *L, int idx);             /* rule: d or {d=} */

/* moves.c */
void pnL_open_moves(lua_State *L);
/* push a Moves userdata with a copy of m[0..n), on the board at bidx */
void pnL_pushmoves(lua_State *L, int bidx, const pn_move *m, size_t n);
/* a Moves userdata or a Lua list of moves (then a scratch userdata is
** pushed): the moves and their number */
const pn_move *pnL_checkmovelist(lua_State *L, int idx, const pn_board *b,
                                 size_t *n);

/* linepush.c */
void pnL_open_linepush(lua_State *L);

/* tri.c */
void pnL_open_tri(lua_State *L);

/* combined.c */
void pnL_open_combined(lua_State *L);

/* search.c */
void pnL_open_search(lua_State *L);

/* databases.c */
void pnL_open_databases(lua_State *L);
/* the Databases userdata at idx, or NULL */
struct pn_pdbcache *pnL_testdatabases(lua_State *L, int idx);

/* common.c: errors, Ctrl-C, limits, progress */

/* raise a Lua error from a pn_error */
int pnL_error(lua_State *L, const pn_error *err);

/* Ctrl-C around a long C call: flag is what the C code polls; end
** returns 1 when it was set */
typedef struct pnL_guard {
  volatile int *flag;
  int own;                       /* the binding's handler is installed */
  _Alignas(16) unsigned char old[256];   /* struct sigaction */
} pnL_guard;
void pnL_guard_begin(lua_State *L, pnL_guard *g);
int pnL_guard_end(pnL_guard *g);
/* the answer of an interrupted call: raises "interrupted!" when the
** binding's own handler caught Ctrl-C, else returns nil, "interrupted"
** (the interpreter's hook raises the error in the caller) */
int pnL_interrupted(lua_State *L, const pnL_guard *g);

/* the bounds on the limits a caller may ask for; exported as core.LIMITS,
** so that puzzle:solve checks them before a rule decides without us */
#define MAX_THREADS 256
#define MAX_LIMIT 1e15                /* bytes or states */
#define MIN_MEMORY 4096
#define MAX_PROBE_LEVELS 8
/* field k of the options table at idx: a non-negative number (def when
** absent), or a boolean (ifnil when absent, else iftrue or iffalse) */
double pnL_optnumber(lua_State *L, int idx, const char *k, double def);
int pnL_optflag(lua_State *L, int idx, const char *k, int ifnil, int iftrue,
                int iffalse);
/* limits from the options table at idx (max_memory, max_states,
** time_limit); raises on bad values */
void pnL_read_limits(lua_State *L, int idx, pn_limits *lim);
/* pn_default_memory(), read once per Lua state */
size_t pnL_default_memory(lua_State *L);

/* progress lines on stderr, rewritten in place on a terminal */
typedef struct pnL_progress {
  int tty;
  const char *phase;                /* of the line before (NULL: none) */
  int depth;                        /*   its depth */
  double at;                        /*   its time */
  double took;                      /* the time from the line before it
                                    ** (its depth - 1) to it, or 0 */
} pnL_progress;
void pnL_print_progress(const pn_progress *p, void *ud);
/* the last line erased (on a terminal) */
void pnL_end_progress(const pn_searchopts *o, const pnL_progress *ps);
/* whether searches print progress lines when the caller does not say */
int pnL_progress_default(lua_State *L);

#endif
