/*
** stateset.c -- the visited set of states longer than a word (stateset.h),
** on the one table mechanism (slots.h).
*/
#include <stdlib.h>
#include <string.h>

#include "slots.h"
#include "stateset.h"
#include "util.h"

void pn_stateset_init(pn_stateset *s, size_t keylen, size_t payload,
                      size_t max_memory, size_t max_states) {
  memset(s, 0, sizeof *s);
  s->keylen = keylen;
  s->reclen = keylen + payload;
  pn_budget_init(&s->budget, NULL);
  s->budget.max = max_memory;
  s->budget.max_states = max_states < UINT32_MAX - 1 ? max_states
                                                     : UINT32_MAX - 1;
}

void pn_stateset_free(pn_stateset *s) {
  free(s->arena);
  pn_slots_release(s->budget.spare, s->table, s->tcap * sizeof *s->table);
  s->arena = NULL;
  s->table = NULL;
  s->n = s->cap = s->tcap = 0;
}

void pn_stateset_clear(pn_stateset *s) {
  if (s->table) memset(s->table, 0, s->tcap * sizeof *s->table);
  s->n = 0;
}

/* the record's hash; its top 32 bits are the fingerprint, which is also
** the hash its slot's home comes from */
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

typedef struct probe {
  const pn_stateset *s;
  const uint8_t *key;
  uint64_t fp;
} probe;

static int same(const void *ctx, uint64_t w) {
  const probe *p = ctx;
  return (w >> 32) == p->fp
         && memcmp(pn_stateset_at(p->s, (uint32_t)w - 1), p->key,
                   p->s->keylen) == 0;
}

static uint64_t slot_hash(const void *ctx, uint64_t w) {
  (void)ctx;
  return w >> 32;
}

static int grow_table(pn_stateset *s) {
  size_t ncap = pn_slots_grown(&s->budget, s->tcap);
  uint64_t *t;
  if (!ncap || !(t = pn_slots_take(&s->budget, ncap * sizeof *t))) return 0;
  pn_slots_rehash(s->table, s->tcap, t, ncap, slot_hash, NULL, NULL);
  pn_slots_give(&s->budget, s->table, s->tcap * sizeof *t);
  s->table = t;
  s->tcap = ncap;
  return 1;
}

static int grow_arena(pn_stateset *s) {
  size_t ncap = s->cap ? 2 * s->cap : 1024;
  uint8_t *a;
  if (ncap > s->budget.max_states) ncap = s->budget.max_states;
  if (ncap <= s->cap) return 0;
  if (!pn_budget_take(&s->budget, (ncap - s->cap) * s->reclen)) return 0;
  if (!(a = realloc(s->arena, ncap * s->reclen))) {
    pn_budget_give(&s->budget, (ncap - s->cap) * s->reclen);
    return 0;
  }
  s->arena = a;
  s->cap = ncap;
  return 1;
}

/* the slot of key (holding it, or the free one where it would go); its
** fingerprint goes to *fp */
static size_t find(const pn_stateset *s, const uint8_t *key, uint64_t *fp,
                   uint64_t *word) {
  probe p;
  p.s = s;
  p.key = key;
  p.fp = *fp = hash_key(key, s->keylen) >> 32;
  return pn_slots_probe(s->table, s->tcap, p.fp, same, &p, word);
}

int64_t pn_stateset_find(const pn_stateset *s, const void *key) {
  uint64_t fp, w;
  if (!s->tcap) return -1;
  find(s, key, &fp, &w);
  return w ? (int64_t)((uint32_t)w - 1) : -1;
}

int64_t pn_stateset_put(pn_stateset *s, const void *key, int *isnew) {
  uint64_t fp, w;
  size_t j;
  uint8_t *r;
  *isnew = 0;
  if (s->n + 1 > pn_slots_full(s->tcap) && !grow_table(s)) return -1;
  j = find(s, key, &fp, &w);
  if (w) return (int64_t)((uint32_t)w - 1);
  if (s->n >= s->budget.max_states) return -1;
  if (s->n == s->cap && !grow_arena(s)) return -1;
  r = pn_stateset_at(s, s->n);
  memcpy(r, key, s->keylen);
  memset(r + s->keylen, 0, s->reclen - s->keylen);
  s->table[j] = fp << 32 | (uint64_t)(s->n + 1);
  *isnew = 1;
  return (int64_t)s->n++;
}
