/*
** net.h -- the processes of build/penny-mpi as a pn_net (net.c, over MPI;
** only `make mpi` compiles it).
*/
#ifndef PN_MPI_NET_H
#define PN_MPI_NET_H

#include "penny.h"

/* MPI started (funneled: the searches' worker threads never call it);
** NULL if it could not start */
const pn_net *pn_mpi_start(int *argc, char ***argv);
void pn_mpi_stop(void);

#endif
