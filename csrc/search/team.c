/*
** team.c -- the one thread pool of the searches (team.h).
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>

#include "team.h"

/* {====================================================================
** A team of threads: the caller (worker 0) and workers 1..n-1, in step
** through a barrier
** ===================================================================== */



/* a team of n threads, the caller included; the workers start with the
** first round that needs them (team_ready), so that a search whose
** rounds are all small never creates them (penny solve
** examples/classics.pz: 1 thread created instead of 3).  Each worker
** calls team_serve. */
void team_start(team *tm, int n, void *(*fn)(void *), void *arg,
                       size_t size) {
  tm->n = 1;
  tm->want = n;
  tm->launched = 0;
  tm->quit = 0;
  tm->fn = fn;
  tm->arg = arg;
  tm->size = size;
  pthread_mutex_init(&tm->startlock, NULL);
}

/* the threads of the team, starting the workers if they are not yet.
** If one cannot start, those that did leave and the team is the caller
** alone: the result is 1 from then on */
int team_ready(team *tm) {
  int started, i;
  if (tm->launched) return tm->n;
  tm->launched = 1;
  if (tm->want <= 1) return 1;
  pthread_mutex_lock(&tm->startlock);
  for (started = 1; started < tm->want; started++)
    if (pthread_create(&tm->tid[started], NULL, tm->fn,
                       tm->arg + (size_t)started * tm->size) != 0)
      break;
  if (started < tm->want
      || pthread_barrier_init(&tm->bar, NULL, (unsigned)tm->want) != 0)
    tm->quit = 1;
  pthread_mutex_unlock(&tm->startlock);
  if (tm->quit) {
    for (i = 1; i < started; i++) pthread_join(tm->tid[i], NULL);
    tm->quit = 0;
    return 1;
  }
  tm->n = tm->want;
  return tm->n;
}

/* a worker's life: job(w) for each round the caller starts with the
** barrier, until the team stops (nothing if it did not start) */
void team_serve(team *tm, void (*job)(void *), void *w) {
  pthread_mutex_lock(&tm->startlock);
  pthread_mutex_unlock(&tm->startlock);
  if (tm->quit) return;
  for (;;) {
    pthread_barrier_wait(&tm->bar);             /* a round, or quit */
    if (tm->quit) break;
    job(w);
    pthread_barrier_wait(&tm->bar);             /* the round is done */
  }
}

/* a round begins: the workers run their job until team_end (nothing on
** one thread) */
void team_begin(team *tm) {
  if (tm->n > 1) pthread_barrier_wait(&tm->bar);
}

/* the round ends when every worker has done its job */
void team_end(team *tm) {
  if (tm->n > 1) pthread_barrier_wait(&tm->bar);
}

void team_sync(team *tm) {
  if (tm->n > 1) pthread_barrier_wait(&tm->bar);
}

/* one round: job(w0) on the caller's thread, and job on every worker
** unless the round is solo (the workers then stay at the barrier) */
void team_round(team *tm, void (*job)(void *), void *w0, int solo) {
  if (solo || tm->n == 1) {
    job(w0);
    return;
  }
  team_begin(tm);
  job(w0);
  team_end(tm);
}

/* where slice k of n items shared among nt threads begins */
size_t team_slice(size_t n, int k, int nt) {
  return n * (size_t)k / (size_t)nt;
}

/* the workers, waiting at the barrier, leave; the team is gone */
void team_stop(team *tm) {
  int i;
  if (tm->n > 1) {
    tm->quit = 1;
    pthread_barrier_wait(&tm->bar);
    for (i = 1; i < tm->n; i++) pthread_join(tm->tid[i], NULL);
    pthread_barrier_destroy(&tm->bar);
  }
  pthread_mutex_destroy(&tm->startlock);
  tm->n = 0;
}

/* }==================================================================== */
