/*
** keytab.c -- the results of the key searches (keygame.h).
*/
#include <stdlib.h>
#include <string.h>

#include "keygame.h"

void pn_keyresult_clear(pn_keyresult *r) {
  free(r->moves);
  memset(r, 0, sizeof *r);
}
