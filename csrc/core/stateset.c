/*
** stateset.c -- the visited set of states longer than a word (stateset.h).
*/
#include <stdlib.h>
#include <string.h>

#include "stateset.h"
#include "util.h"

void pn_stateset_init(pn_stateset *s, size_t keylen, size_t payload,
                      size_t max_memory, size_t max_states) {
  memset(s, 0, sizeof *s);
  s->keylen = keylen;
  s->reclen = keylen + payload;
  s->max_memory = max_memory;
  s->max_states = max_states < UINT32_MAX - 1 ? max_states : UINT32_MAX - 1;
}

void pn_stateset_free(pn_stateset *s) {
  free(s->arena);
  free(s->table);
  s->arena = NULL;
  s->table = NULL;
  s->n = s->cap = s->tcap = 0;
}

void pn_stateset_clear(pn_stateset *s) {
  if (s->table) memset(s->table, 0, s->tcap * sizeof *s->table);
  s->n = 0;
}

static uint64_t hash_key(const uint8_t *k, size_t len) {
  uint64_t h = 0x84222325cbf29ce4ULL;
  size_t i;
  for (i = 0; i + 8 <= len; i += 8) {
    uint64_t w;
    memcpy(&w, k + i, 8);
    h = (h ^ w) * 0x100000001b3ULL;
  }
  for (; i < len; i++) h = (h ^ k[i]) * 0x100000001b3ULL;
  return pn_mix64(h);
}

/* 0 when growing by add bytes would pass the budget */
static int afford(const pn_stateset *s, size_t add) {
  return s->memory + add <= s->max_memory;
}

static int grow_table(pn_stateset *s) {
  size_t ncap = s->tcap ? 2 * s->tcap : 1024, i;
  uint64_t *t;
  if (!afford(s, (ncap - s->tcap) * sizeof *t)) return 0;
  t = calloc(ncap, sizeof *t);
  if (!t) return 0;
  for (i = 0; i < s->tcap; i++) {        /* the fingerprint is the hash */
    uint64_t e = s->table[i];
    size_t j;
    if (!e) continue;
    j = (size_t)(e >> 32) & (ncap - 1);
    while (t[j]) j = (j + 1) & (ncap - 1);
    t[j] = e;
  }
  s->memory += (ncap - s->tcap) * sizeof *t;
  free(s->table);
  s->table = t;
  s->tcap = ncap;
  return 1;
}

static int grow_arena(pn_stateset *s) {
  size_t ncap = s->cap ? 2 * s->cap : 1024;
  uint8_t *a;
  if (ncap > s->max_states) ncap = s->max_states;
  if (ncap <= s->cap) return 0;
  if (!afford(s, (ncap - s->cap) * s->reclen)) return 0;
  a = realloc(s->arena, ncap * s->reclen);
  if (!a) return 0;
  s->memory += (ncap - s->cap) * s->reclen;
  s->arena = a;
  s->cap = ncap;
  return 1;
}

/* the slot of key (holding it, or the free one where it would go) */
static size_t slot_of(const pn_stateset *s, const uint8_t *key, uint64_t fp) {
  size_t j = (size_t)fp & (s->tcap - 1);
  while (s->table[j]) {
    uint64_t e = s->table[j];
    if ((e >> 32) == fp
        && memcmp(pn_stateset_at(s, (uint32_t)e - 1), key, s->keylen) == 0)
      break;
    j = (j + 1) & (s->tcap - 1);
  }
  return j;
}

int64_t pn_stateset_find(const pn_stateset *s, const void *key) {
  size_t j;
  if (!s->tcap) return -1;
  j = slot_of(s, key, hash_key(key, s->keylen) >> 32);
  return s->table[j] ? (int64_t)((uint32_t)s->table[j] - 1) : -1;
}

int64_t pn_stateset_put(pn_stateset *s, const void *key, int *isnew) {
  uint64_t fp;
  size_t j;
  uint8_t *r;
  *isnew = 0;
  if (2 * (s->n + 1) > s->tcap && !grow_table(s)) return -1;
  fp = hash_key(key, s->keylen) >> 32;
  j = slot_of(s, key, fp);
  if (s->table[j]) return (int64_t)((uint32_t)s->table[j] - 1);
  if (s->n >= s->max_states) return -1;
  if (s->n == s->cap && !grow_arena(s)) return -1;
  r = pn_stateset_at(s, s->n);
  memcpy(r, key, s->keylen);
  memset(r + s->keylen, 0, s->reclen - s->keylen);
  s->table[j] = (fp << 32) | (uint64_t)(s->n + 1);
  *isnew = 1;
  return (int64_t)s->n++;
}
