/*
** net.c -- pn_net over MPI (MPI_COMM_WORLD): the all-to-all exchange of a
** round's offsets by point-to-point messages of at most CAP words (MPI's
** counts and displacements are ints; a round's offsets may pass 2^31
** words), and the reductions by MPI_Allreduce.  Why the search is shared
** this way: doc/design/mpi.md.
*/
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "net.h"

#define CAP ((size_t)1 << 26)          /* words per message */

/* the one MPI_COMM_WORLD of the process (MPI's state is global anyway) */
static pn_net net;

/* messages between this process and p: the words [0, n) of buf, in
** pieces of CAP; posted into req, which grows */
static int post(int recv, uint32_t *buf, size_t n, int p, MPI_Request **req,
                size_t *nreq, size_t *cap) {
  size_t at;
  for (at = 0; at < n; at += CAP) {
    int len = (int)(n - at < CAP ? n - at : CAP), rc;
    if (*nreq == *cap) {
      size_t nc = *cap ? 2 * *cap : 64;
      MPI_Request *x = realloc(*req, nc * sizeof *x);
      if (!x) return 0;
      *req = x;
      *cap = nc;
    }
    rc = recv ? MPI_Irecv(buf + at, len, MPI_UINT32_T, p, 0, MPI_COMM_WORLD,
                          &(*req)[*nreq])
              : MPI_Isend(buf + at, len, MPI_UINT32_T, p, 0, MPI_COMM_WORLD,
                          &(*req)[*nreq]);
    if (rc != MPI_SUCCESS) return 0;
    (*nreq)++;
  }
  return 1;
}

static int alltoall(void *ud, const uint32_t *send, const size_t *count,
                    uint32_t **recv, size_t *rcount) {
  int np = net.size, me = net.rank, p, ok = 1;
  uint64_t *sc = calloc(2 * (size_t)np, sizeof *sc), *rc;
  size_t total = 0, at, nreq = 0, cap = 0;
  MPI_Request *req = NULL;
  (void)ud;
  *recv = NULL;
  if (!sc) return PN_ENOMEM;
  rc = sc + np;
  for (p = 0; p < np; p++) sc[p] = count[p];
  if (MPI_Alltoall(sc, 1, MPI_UINT64_T, rc, 1, MPI_UINT64_T, MPI_COMM_WORLD)
      != MPI_SUCCESS) {
    free(sc);
    return PN_EINTERNAL;
  }
  for (p = 0; p < np; p++) { rcount[p] = (size_t)rc[p]; total += rcount[p]; }
  *recv = malloc((total + 1) * sizeof **recv);
  ok = *recv != NULL;
  /* receives, then sends, in order of p (MPI matches each pair's pieces
  ** in the order they are posted); this process's own words are copied */
  for (at = 0, p = 0; ok && p < np; at += rcount[p], p++)
    if (p != me) ok = post(1, *recv + at, rcount[p], p, &req, &nreq, &cap);
  for (at = 0, p = 0; ok && p < np; at += count[p], p++) {
    if (p == me) {
      size_t r = 0;
      int q;
      for (q = 0; q < me; q++) r += rcount[q];
      memcpy(*recv + r, send + at, count[p] * sizeof *send);
    } else {
      ok = post(0, (uint32_t *)(send + at), count[p], p, &req, &nreq, &cap);
    }
  }
  if (nreq && MPI_Waitall((int)nreq, req, MPI_STATUSES_IGNORE) != MPI_SUCCESS)
    ok = 0;
  free(req);
  free(sc);
  return ok ? PN_OK : PN_EINTERNAL;
}

static int allreduce(void *ud, uint64_t *v, size_t n, int op) {
  MPI_Op o = op == PN_NET_SUM ? MPI_SUM : op == PN_NET_MIN ? MPI_MIN : MPI_MAX;
  (void)ud;
  return MPI_Allreduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T, o,
                       MPI_COMM_WORLD) == MPI_SUCCESS ? PN_OK : PN_EINTERNAL;
}

/* The processes of one machine (MPI_COMM_TYPE_SHARED) and the shared
** windows allocated for them, a few at a time */
#define MAXWIN 8
static MPI_Comm node = MPI_COMM_NULL;
static struct { MPI_Win win; void *base; } wins[MAXWIN];

static void *alloc_shared(void *ud, size_t n) {
  int me, k, ok = 1, all;
  MPI_Aint size;
  int disp;
  void *base = NULL, *mine;
  MPI_Win win;
  (void)ud;
  for (k = 0; k < MAXWIN && wins[k].base; k++) {}
  if (node == MPI_COMM_NULL || k == MAXWIN) ok = 0;
  /* every process of the world agrees, or none takes a window */
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (!all) return NULL;
  MPI_Comm_rank(node, &me);
  /* the machine's first process holds the memory; the others map it */
  if (MPI_Win_allocate_shared(me == 0 ? (MPI_Aint)n : 0, 1, MPI_INFO_NULL,
                              node, &mine, &win) != MPI_SUCCESS)
    return NULL;
  MPI_Win_shared_query(win, 0, &size, &disp, &base);
  if (me == 0) memset(base, 0, n);
  MPI_Barrier(node);
  wins[k].win = win;
  wins[k].base = base;
  return base;
}

static void free_shared(void *ud, void *p) {
  int k;
  (void)ud;
  for (k = 0; k < MAXWIN; k++)
    if (wins[k].base == p && p) {
      MPI_Win_free(&wins[k].win);
      wins[k].base = NULL;
      return;
    }
}

const pn_net *pn_mpi_start(int *argc, char ***argv) {
  int got;
  if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &got) != MPI_SUCCESS)
    return NULL;
  MPI_Comm_rank(MPI_COMM_WORLD, &net.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &net.size);
  net.ud = NULL;
  net.alltoall = alltoall;
  net.allreduce = allreduce;
  if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0,
                          MPI_INFO_NULL, &node) != MPI_SUCCESS)
    node = MPI_COMM_NULL;
  /* PENNY_MPI_SHARED=0: no shared memory, as between machines (the specs
  ** run both ways) */
  {
    const char *env = getenv("PENNY_MPI_SHARED");
    int shared = !(env && strcmp(env, "0") == 0);
    net.alloc_shared = shared ? alloc_shared : NULL;
    net.free_shared = shared ? free_shared : NULL;
  }
  return &net;
}

void pn_mpi_stop(void) {
  if (node != MPI_COMM_NULL) MPI_Comm_free(&node);
  MPI_Finalize();
}
