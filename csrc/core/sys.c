/*
** sys.c -- what the core asks of the machine: big allocations (mmap, huge
** pages), the physical memory (a container's cap included), the cores, and
** the default memory budget derived from them.
*/
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sys.h"

void *pn_bigalloc(size_t bytes) {
  void *p;
  if (bytes == 0) bytes = 1;
  p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
           -1, 0);
  if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
  if (bytes >= ((size_t)1 << 21)) madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}

void *pn_bigalloc_sparse(size_t bytes) {
  void *p;
  if (bytes == 0) bytes = 1;
  p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return NULL;
#ifdef MADV_NOHUGEPAGE
  /* a huge page would back the neighbours' stripes too */
  madvise(p, bytes, MADV_NOHUGEPAGE);
#endif
  return p;
}

void pn_bigfree(void *p, size_t bytes) {
  if (p) munmap(p, bytes ? bytes : 1);
}

void pn_bigidle(void *p, size_t bytes) {
#ifdef MADV_FREE
  if (p && bytes) madvise(p, bytes, MADV_FREE);
#else
  (void)p; (void)bytes;
#endif
}

size_t pn_physical_memory(void) {
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  size_t phys = (pages > 0 && size > 0) ? (size_t)pages * (size_t)size : 0;
  FILE *f = fopen("/sys/fs/cgroup/memory.max", "r");   /* a container cap */
  if (f) {
    unsigned long long cap;
    if (fscanf(f, "%llu", &cap) == 1 && cap > 0 && (phys == 0 || cap < phys))
      phys = (size_t)cap;
    fclose(f);
  }
  return phys;
}

int pn_ncores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}


size_t pn_default_memory(void) {
  size_t phys = pn_physical_memory();
  return phys ? phys / 2 : ((size_t)4 << 30);
}
