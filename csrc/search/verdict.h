/*
** verdict.h -- a key search's outcome (pn_keyresult) said as the answer
** to a puzzle (pn_result): verdict, moves, the bound it proved and why.
** Shared by the engine's games (engine.c, wide.c).
*/
#ifndef PN_VERDICT_H
#define PN_VERDICT_H

#include "keygame.h"
#include "pdb.h"

const char *pn_method_name(pn_method m);

/* kr (method m, on a game whose move codes tomove(game, code) turns into
** moves, and whose bound came from pdb when not NULL) added to res */
int pn_key_verdict(pn_move (*tomove)(const void *game, uint32_t mv),
                   const void *game, const pn_pdb *pdb, pn_method m,
                   pn_keyresult *kr, pn_result *res, pn_error *err);

#endif
