/*
** budget.h -- what a search may spend: bytes against max_memory, states
** against max_states, and the time limit and Ctrl-C through the one poll
** (pn_poll).  The exact searches and the constructive solvers keep one
** each.  Every growth of a visited set (slots.h) is charged here
** first, so a search that would outgrow its budget stops with a reason
** and the bound it proved, never an out-of-memory kill.  A budget shared
** by threads (mt) takes its lock for every charge.  Not part of the
** public API.
*/
#ifndef PN_BUDGET_H
#define PN_BUDGET_H

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

typedef struct pn_budget {
  size_t used, peak, max;    /* bytes */
  size_t states;             /* states stored in every table (not kept
                             ** when mt: the caller counts them) */
  size_t max_states;         /* 0: no limit */
  const pn_limits *lim;      /* the clock and the interrupt; may be NULL */
  pn_spare *spare;           /* lim's spare blocks (slots.h); may be NULL */
  double t0;
  int stopped;               /* PN_OK, or why the search must stop */
  int mt;                    /* shared by threads: take the lock */
  unsigned tick;             /* calls of pn_budget_tick */
  pthread_mutex_t lock;
  char why[160];
} pn_budget;

/* limits from lim (NULL: none; no max_memory: 1 GiB), the clock started */
static inline void pn_budget_init(pn_budget *b, const pn_limits *lim) {
  memset(b, 0, sizeof *b);
  b->lim = lim;
  b->max = lim && lim->max_memory ? lim->max_memory : ((size_t)1 << 30);
  b->max_states = lim ? lim->max_states : 0;
  b->spare = lim ? lim->spare : NULL;
  b->t0 = pn_clock();
}

/* stop with code and reason */
static inline int pn_budget_stop(pn_budget *b, int code, const char *why) {
  b->stopped = code;
  snprintf(b->why, sizeof b->why, "%s", why);
  return 0;
}

/* count bytes against the budget if they fit in what is left of it (or,
** for a hint, in what is left shifted right by hint: half of it for 1);
** a refusal stops the search unless it was a hint */
static inline int pn_budget_charge(pn_budget *b, size_t bytes, int hint) {
  int ok;
  if (b->mt) pthread_mutex_lock(&b->lock);
  ok = b->used <= b->max && bytes <= (b->max - b->used) >> hint;
  if (ok) {
    b->used += bytes;
    if (b->used > b->peak) b->peak = b->used;
  } else if (!hint) {
    b->stopped = PN_ENOMEM;
    snprintf(b->why, sizeof b->why, "memory budget of %.3g MB reached",
             b->max / 1e6);
  }
  if (b->mt) pthread_mutex_unlock(&b->lock);
  return ok;
}

static inline int pn_budget_take(pn_budget *b, size_t bytes) {
  return pn_budget_charge(b, bytes, 0);
}

static inline void pn_budget_give(pn_budget *b, size_t bytes) {
  if (b->mt) pthread_mutex_lock(&b->lock);
  b->used -= bytes;
  if (b->mt) pthread_mutex_unlock(&b->lock);
}

/* 1 (and b stopped) once max_states states are stored; never when mt:
** the threads' chunks check it */
static inline int pn_budget_full(pn_budget *b) {
  if (b->mt || !b->max_states || b->states < b->max_states) return 0;
  b->stopped = PN_ENOMEM;
  snprintf(b->why, sizeof b->why, "state limit of %zu reached",
           b->max_states);
  return 1;
}

/* room for one more state under max_states: counted, or 0 */
static inline int pn_budget_count(pn_budget *b) {
  if (pn_budget_full(b)) return 0;
  if (!b->mt) b->states++;
  return 1;
}

/* 1 once the search must stop: a limit was reached, now or before */
static inline int pn_budget_poll(pn_budget *b) {
  const pn_limits *lim = b->lim;
  if (b->stopped) return 1;
  switch (pn_poll(lim, b->t0)) {
    case PN_EINTR:
      pn_budget_stop(b, PN_EINTR, "interrupted");
      return 1;
    case PN_ELIMIT:
      b->stopped = PN_ELIMIT;
      snprintf(b->why, sizeof b->why, "time limit of %g s reached",
               lim->time_limit);
      return 1;
  }
  return 0;
}

/* the limits polled every 4096 calls, for loops whose steps are small
** (the constructive solvers): PN_OK, or the code the budget stopped with */
static inline int pn_budget_tick(pn_budget *b) {
  if (!b->stopped && (++b->tick & 4095) == 0) pn_budget_poll(b);
  return b->stopped;
}

/* bytes about to be allocated: PN_OK, or the code the budget stopped with */
static inline int pn_budget_grow(pn_budget *b, size_t bytes) {
  if (!b->stopped) pn_budget_take(b, bytes);
  return b->stopped;
}

/* why b stopped, said in err as a limit reached while doing what */
int pn_budget_error(const pn_budget *b, pn_error *err, const char *what);

#endif
