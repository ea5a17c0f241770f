/*
** lua_common.h -- what the binding files share: the userdata types, their
** check/push helpers, coordinates <-> Lua tables, moves.
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
#define PN_INTERRUPT_KEY "penny.interrupt"   /* light userdata: volatile int */
#define PN_PROGRESS_KEY "penny.progress"     /* true: progress by default */

typedef struct lboard {
  pn_board *b;           /* NULL once closed */
} lboard;

typedef struct lconfig {
  pn_config c;           /* user value 1: the Board */
} lconfig;

/* lua_board.c */
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
/* pushes and returns "(x,y)" */
const char *pnL_pushposstring(lua_State *L, const pn_board *b, pn_pos p);
int pnL_lattice_arg(lua_State *L, int idx);

/* lua_config.c */
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

/* lua_moves.c */
void pnL_open_moves(lua_State *L);
/* push a Moves userdata with a copy of m[0..n), on the board at bidx */
void pnL_pushmoves(lua_State *L, int bidx, const pn_move *m, size_t n);
/* a Moves userdata or a Lua list of moves (then a scratch userdata is
** pushed): the moves and their number */
const pn_move *pnL_checkmovelist(lua_State *L, int idx, const pn_board *b,
                                 size_t *n);

/* lua_linepush.c */
void pnL_open_linepush(lua_State *L);

/* lua_tri.c */
void pnL_open_tri(lua_State *L);

/* lua_combined.c */
void pnL_open_combined(lua_State *L);

/* lua_search.c */
void pnL_open_search(lua_State *L);
/* limits from the options table at idx (max_memory, max_states,
** time_limit); raises on bad values */
void pnL_read_limits(lua_State *L, int idx, pn_limits *lim);
/* whether searches print progress lines when the caller does not say */
int pnL_progress_default(lua_State *L);
/* Ctrl-C around a long C call: flag is what the C code polls; end
** returns 1 when it was set (then raise "interrupted!" if own) */
typedef struct pnL_guard {
  volatile int *flag;
  int own;                       /* the binding's handler is installed */
  _Alignas(16) unsigned char old[256];   /* struct sigaction */
} pnL_guard;
void pnL_guard_begin(lua_State *L, pnL_guard *g);
int pnL_guard_end(pnL_guard *g);

/* raise a Lua error from a pn_error */
int pnL_error(lua_State *L, const pn_error *err);

#endif
