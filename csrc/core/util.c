/*
** util.c -- hash map, error formatting, clock.
*/
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "util.h"
#include "sys.h"

int pn_seterror(pn_error *err, int code, const char *fmt, ...) {
  if (err) {
    va_list ap;
    err->code = code;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
  }
  return code;
}

void pn_hmap_init(pn_hmap *h) {
  memset(h, 0, sizeof *h);
}

void pn_hmap_free(pn_hmap *h) {
  free(h->keys); free(h->vals); free(h->used);
  pn_hmap_init(h);
}

static int rehash(pn_hmap *h, size_t cap) {
  pn_hmap nh;
  size_t i;
  nh.cap = cap; nh.n = 0;
  nh.keys = malloc(cap * sizeof *nh.keys);
  nh.vals = malloc(cap * sizeof *nh.vals);
  nh.used = calloc(cap, 1);
  if (!nh.keys || !nh.vals || !nh.used) {
    free(nh.keys); free(nh.vals); free(nh.used);
    return 0;
  }
  for (i = 0; i < h->cap; i++)
    if (h->used[i]) {
      int isnew;
      pn_hmap_put(&nh, h->keys[i], h->vals[i], &isnew);
    }
  pn_hmap_free(h);
  *h = nh;
  return 1;
}

int pn_hmap_reserve(pn_hmap *h, size_t n) {
  size_t cap = 16;
  while (cap < 2 * n) cap *= 2;
  return cap <= h->cap || rehash(h, cap);
}

int64_t *pn_hmap_get(const pn_hmap *h, uint64_t key) {
  size_t mask, i;
  if (h->cap == 0) return NULL;
  mask = h->cap - 1;
  for (i = pn_mix64(key) & mask; h->used[i]; i = (i + 1) & mask)
    if (h->keys[i] == key) return &h->vals[i];
  return NULL;
}

int64_t *pn_hmap_put(pn_hmap *h, uint64_t key, int64_t val, int *isnew) {
  size_t mask, i;
  if (2 * (h->n + 1) > h->cap && !rehash(h, h->cap ? 2 * h->cap : 16))
    return NULL;
  mask = h->cap - 1;
  for (i = pn_mix64(key) & mask; h->used[i]; i = (i + 1) & mask)
    if (h->keys[i] == key) { *isnew = 0; return &h->vals[i]; }
  h->used[i] = 1; h->keys[i] = key; h->vals[i] = val; h->n++;
  *isnew = 1;
  return &h->vals[i];
}

int pn_hmap_del(pn_hmap *h, uint64_t key) {
  size_t mask, i, j;
  if (h->cap == 0) return 0;
  mask = h->cap - 1;
  for (i = pn_mix64(key) & mask; h->used[i]; i = (i + 1) & mask)
    if (h->keys[i] == key) break;
  if (!h->used[i]) return 0;
  h->used[i] = 0;
  h->n--;
  /* shift back the entries of the probe run that may no longer be found */
  for (j = (i + 1) & mask; h->used[j]; j = (j + 1) & mask) {
    size_t home = pn_mix64(h->keys[j]) & mask;
    /* keep j when its home lies cyclically in (i, j] */
    int keep = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (keep) continue;
    h->keys[i] = h->keys[j];
    h->vals[i] = h->vals[j];
    h->used[i] = 1;
    h->used[j] = 0;
    i = j;
  }
  return 1;
}

double pn_clock(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int pn_poll(const pn_limits *lim, double t0) {
  if (!lim) return PN_OK;
  if (lim->interrupt && *lim->interrupt) return PN_EINTR;
  if (lim->since > 0) t0 = lim->since;
  if (lim->time_limit > 0 && pn_clock() - t0 > lim->time_limit)
    return PN_ELIMIT;
  return PN_OK;
}

int pn_cmp_pos(const void *a, const void *b) {
  pn_pos x = *(const pn_pos *)a, y = *(const pn_pos *)b;
  return (x > y) - (x < y);
}
