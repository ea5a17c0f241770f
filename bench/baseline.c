/*
** bench/baseline.c -- the plain baseline of `make bench`: breadth-first
** search with a hash set, written the obvious way, for coin puzzles in a
** W x H box of the square grid (d = 2).
**
**   baseline W H START GOAL
**
** START and GOAL are the rows joined by '/', 'o' = coin, '-' or '.' = free.
** A state is the 64-bit mask of the occupied cells; the set maps each state
** to its parent.  Moves are found by looking at every coin and every free
** cell and counting the occupied neighbours of the cell.  Prints
** "moves states seconds".
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int W, H;

typedef struct entry { uint64_t key, parent; } entry;
typedef struct set { entry *e; size_t cap, n; } set;

static size_t slot(const set *s, uint64_t key) {
  size_t i = (size_t)(key * 0x9E3779B97F4A7C15ULL) & (s->cap - 1);
  while (s->e[i].key && s->e[i].key != key) i = (i + 1) & (s->cap - 1);
  return i;
}

static void grow(set *s) {
  set t;
  size_t i;
  t.cap = s->cap * 2;
  t.n = s->n;
  t.e = calloc(t.cap, sizeof *t.e);
  if (!t.e) { fprintf(stderr, "out of memory\n"); exit(1); }
  for (i = 0; i < s->cap; i++)
    if (s->e[i].key) t.e[slot(&t, s->e[i].key)] = s->e[i];
  free(s->e);
  *s = t;
}

/* insert key; returns 1 if it was new */
static int add(set *s, uint64_t key, uint64_t parent) {
  size_t i;
  if (2 * (s->n + 1) > s->cap) grow(s);
  i = slot(s, key);
  if (s->e[i].key) return 0;
  s->e[i].key = key;
  s->e[i].parent = parent;
  s->n++;
  return 1;
}

static int occupied(uint64_t m, int x, int y) {
  if (x < 0 || y < 0 || x >= W || y >= H) return 0;
  return (m >> (y * W + x)) & 1;
}

static int neighbours(uint64_t m, int x, int y) {
  return occupied(m, x - 1, y) + occupied(m, x + 1, y)
       + occupied(m, x, y - 1) + occupied(m, x, y + 1);
}

static uint64_t parse(const char *s) {
  uint64_t m = 0;
  int x = 0, y = 0;
  for (; *s; s++) {
    if (*s == '/') { y++; x = 0; continue; }
    if (*s == 'o') m |= (uint64_t)1 << (y * W + x);
    x++;
  }
  return m;
}

int main(int argc, char **argv) {
  set s;
  uint64_t start, goal, *queue;
  size_t head = 0, tail = 0, qcap = 1 << 20;
  int found = 0, moves = 0;
  clock_t t0 = clock();
  if (argc != 5) {
    fprintf(stderr, "usage: baseline W H START GOAL\n");
    return 2;
  }
  W = atoi(argv[1]);
  H = atoi(argv[2]);
  if (W < 1 || H < 1 || W * H > 64) {
    fprintf(stderr, "the box must have 1..64 cells\n");
    return 2;
  }
  start = parse(argv[3]);
  goal = parse(argv[4]);
  s.cap = 1 << 20; s.n = 0;
  s.e = calloc(s.cap, sizeof *s.e);
  queue = malloc(qcap * sizeof *queue);
  if (!s.e || !queue) { fprintf(stderr, "out of memory\n"); return 1; }
  add(&s, start, 0);
  queue[tail++] = start;
  if (start == goal) found = 1;
  while (!found && head < tail) {
    uint64_t cur = queue[head++];
    int c, t;
    for (c = 0; c < W * H && !found; c++) {
      uint64_t without;
      if (!((cur >> c) & 1)) continue;
      without = cur & ~((uint64_t)1 << c);
      for (t = 0; t < W * H; t++) {
        uint64_t next;
        if ((cur >> t) & 1) continue;
        if (neighbours(without, t % W, t / W) < 2) continue;
        next = without | ((uint64_t)1 << t);
        if (add(&s, next, cur)) {
          if (tail == qcap) {
            qcap *= 2;
            queue = realloc(queue, qcap * sizeof *queue);
            if (!queue) { fprintf(stderr, "out of memory\n"); return 1; }
          }
          queue[tail++] = next;
          if (next == goal) { found = 1; break; }
        }
      }
    }
  }
  if (found) {
    uint64_t m = goal;
    while (m != start) {
      m = s.e[slot(&s, m)].parent;
      moves++;
    }
  } else {
    moves = -1;
  }
  printf("%d %zu %.3f\n", moves, s.n, (double)(clock() - t0) / CLOCKS_PER_SEC);
  free(s.e);
  free(queue);
  return 0;
}
