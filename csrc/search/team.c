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

/* checks of the barrier's pass count before a thread sleeps (a pause
** each: some tens of microseconds) */
#define SPIN 2000

static inline void relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

/* every thread of the team waits here until the last one comes; what
** each did before is seen by all after (the count's release sequence,
** then the pass count's release and acquire) */
static void team_wait(team *tm) {
  unsigned gen = __atomic_load_n(&tm->gen, __ATOMIC_ACQUIRE);
  int i;
  if (__atomic_add_fetch(&tm->arrived, 1, __ATOMIC_ACQ_REL)
      == (unsigned)tm->n) {
    __atomic_store_n(&tm->arrived, 0, __ATOMIC_RELAXED);
    pthread_mutex_lock(&tm->lock);
    __atomic_store_n(&tm->gen, gen + 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&tm->wake);
    pthread_mutex_unlock(&tm->lock);
    return;
  }
  for (i = 0; i < SPIN; i++) {
    if (__atomic_load_n(&tm->gen, __ATOMIC_ACQUIRE) != gen) return;
    relax();
  }
  pthread_mutex_lock(&tm->lock);
  while (__atomic_load_n(&tm->gen, __ATOMIC_ACQUIRE) == gen)
    pthread_cond_wait(&tm->wake, &tm->lock);
  pthread_mutex_unlock(&tm->lock);
}

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
  tm->arrived = tm->gen = 0;
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
  if (started < tm->want) tm->quit = 1;
  if (!tm->quit) {
    pthread_mutex_init(&tm->lock, NULL);
    pthread_cond_init(&tm->wake, NULL);
    tm->n = tm->want;
  }
  pthread_mutex_unlock(&tm->startlock);
  if (tm->quit) {
    for (i = 1; i < started; i++) pthread_join(tm->tid[i], NULL);
    tm->quit = 0;
    return 1;
  }
  return tm->n;
}

/* a worker's life: job(w) for each round the caller starts with the
** barrier, until the team stops (nothing if it did not start) */
void team_serve(team *tm, void (*job)(void *), void *w) {
  int alone;
  /* the team is the caller alone when a worker could not start; the quit
  ** flag is not the sign: team_stop sets it, perhaps before this worker
  ** first runs, and then waits for it at the barrier */
  pthread_mutex_lock(&tm->startlock);
  alone = tm->n == 1;
  pthread_mutex_unlock(&tm->startlock);
  if (alone) return;
  for (;;) {
    team_wait(tm);             /* a round, or quit */
    if (tm->quit) break;
    job(w);
    team_wait(tm);             /* the round is done */
  }
}

/* a round begins: the workers run their job until team_end (nothing on
** one thread) */
void team_begin(team *tm) {
  if (tm->n > 1) team_wait(tm);
}

/* the round ends when every worker has done its job */
void team_end(team *tm) {
  if (tm->n > 1) team_wait(tm);
}

void team_sync(team *tm) {
  if (tm->n > 1) team_wait(tm);
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
    team_wait(tm);
    for (i = 1; i < tm->n; i++) pthread_join(tm->tid[i], NULL);
    pthread_cond_destroy(&tm->wake);
    pthread_mutex_destroy(&tm->lock);
  }
  pthread_mutex_destroy(&tm->startlock);
  tm->n = 0;
}

/* }==================================================================== */
