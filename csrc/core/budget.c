/*
** budget.c -- a budget's reason to stop, said to the user (budget.h).
*/
#include "budget.h"

int pn_budget_error(const pn_budget *b, pn_error *err, const char *what) {
  if (b->stopped == PN_EINTR)
    return pn_seterror(err, PN_EINTR, "interrupted while %s", what);
  if (b->stopped == PN_ENOMEM) {
    double mib = (double)b->max / (1 << 20);
    return pn_seterror(err, PN_ELIMIT, "memory budget of %.4g %s reached "
                       "while %s", mib >= 1024 ? mib / 1024 : mib,
                       mib >= 1024 ? "GiB" : "MiB", what);
  }
  return pn_seterror(err, PN_ELIMIT, "time limit of %g s reached while %s",
                     b->lim ? b->lim->time_limit : 0.0, what);
}
