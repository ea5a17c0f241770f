/*
** team.h -- a team of threads for the searches: the caller (worker 0) and
** workers 1..n-1, in step through a barrier, round after round (team.c).
** The barrier spins a little before it sleeps: A*'s rounds are a few
** tens of microseconds, about what waking a sleeping thread takes.
*/
#ifndef PN_TEAM_H
#define PN_TEAM_H

#include <pthread.h>
#include <stddef.h>

#define MAXTHREADS 16

typedef struct team {
  int n;                      /* threads running, the caller included */
  int want;                   /* threads asked for */
  int launched;               /* the workers were started (or tried) */
  int quit;                   /* read by the workers after each barrier */
  void *(*fn)(void *);        /* worker i runs fn(arg + i * size) */
  char *arg;
  size_t size;
  pthread_t tid[MAXTHREADS];
  unsigned arrived;           /* threads at the barrier (atomic) */
  unsigned gen;               /* its passes (atomic) */
  pthread_mutex_t lock;       /* for the threads that sleep at it */
  pthread_cond_t wake;
  pthread_mutex_t startlock;
} team;

/* a team of n threads, the caller included; the workers start with the
** first round that needs them (team_ready), so that a search whose rounds
** are all small never creates them.  Each worker calls team_serve. */
void team_start(team *tm, int n, void *(*fn)(void *), void *arg,
                size_t size);
/* the threads of the team, starting the workers if they are not yet (1
** when one cannot start: the caller alone) */
int team_ready(team *tm);
/* a worker's life: job(w) for each round, until the team stops */
void team_serve(team *tm, void (*job)(void *), void *w);
/* a round begins (the workers run their job) and ends */
void team_begin(team *tm);
void team_end(team *tm);
/* one round: job(w0) on the caller's thread, and on every worker unless
** solo */
void team_round(team *tm, void (*job)(void *), void *w0, int solo);
/* inside a round's job: wait until every thread of the team reaches it
** (each job calls it the same number of times) */
void team_sync(team *tm);
/* where slice k of n items shared among nt threads begins */
size_t team_slice(size_t n, int k, int nt);
/* the workers leave; the team is gone */
void team_stop(team *tm);

#endif
