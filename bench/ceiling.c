/*
** bench/ceiling.c -- what the machine itself gives to more threads, for
** part P of `make bench`: N threads each run the same integer loop (shifts,
** count of trailing zeros, population count, a lookup in a small table of
** its own, as in the search's expansion) on nothing shared and nothing in
** memory, so that ideally N threads take the time of one.  Where they take
** longer, the machine slows each core as more of them run (a lower clock,
** a host shared with others), and no search can scale past that.
**
**   ceiling N [ITERATIONS]
**
** Prints the seconds, the wall time from the threads' start to the last
** one's end.
*/
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXTHREADS 256

typedef struct job {
  uint64_t seed, iterations, sum;
} job;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void *run(void *ud) {
  job *j = ud;
  uint64_t x = j->seed, s = 0, i, tab[64];
  for (i = 0; i < 64; i++) tab[i] = i * i + 7;
  for (i = 0; i < j->iterations; i++) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    s += tab[__builtin_ctzll(x | 1)] + (uint64_t)__builtin_popcountll(x & s);
  }
  j->sum = s;          /* used, so that the loop is not optimized away */
  return NULL;
}

int main(int argc, char **argv) {
  pthread_t tid[MAXTHREADS];
  job jobs[MAXTHREADS];
  uint64_t check = 0;
  double t0;
  int n, i;
  if (argc < 2 || (n = atoi(argv[1])) < 1 || n > MAXTHREADS) {
    fprintf(stderr, "usage: ceiling N [ITERATIONS] (1 <= N <= %d)\n",
            MAXTHREADS);
    return 2;
  }
  for (i = 0; i < n; i++) {
    jobs[i].seed = (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ULL;
    jobs[i].iterations = argc > 2 ? strtoull(argv[2], NULL, 10) : 400000000;
  }
  t0 = now();
  for (i = 0; i < n; i++)
    if (pthread_create(&tid[i], NULL, run, &jobs[i]) != 0) {
      fprintf(stderr, "ceiling: cannot start thread %d\n", i + 1);
      return 1;
    }
  for (i = 0; i < n; i++) {
    pthread_join(tid[i], NULL);
    check ^= jobs[i].sum;
  }
  printf("%.3f %u\n", now() - t0, (unsigned)(check & 1));
  return 0;
}
