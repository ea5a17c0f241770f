/*
** sys.h -- the machine, for the core (sys.c).  pn_default_memory is part
** of the public API (penny.h).
*/
#ifndef PN_SYS_H
#define PN_SYS_H

#include <stddef.h>

#include "penny.h"

/* memory for big arrays: mmap'ed, huge pages advised, zero-filled */
void *pn_bigalloc(size_t bytes);
/* the same, for a table of which this process writes a part (the rest is
** never backed by memory): no reservation, no huge pages */
void *pn_bigalloc_sparse(size_t bytes);
void pn_bigfree(void *p, size_t bytes);
/* a mapping kept for later whose contents are no longer needed: the
** kernel may take its pages back (reading them again then gives zeros)
** and otherwise leaves them, so writing them again costs no fault */
void pn_bigidle(void *p, size_t bytes);
/* bytes of physical memory, or a container's lower cap; 0 if unknown */
size_t pn_physical_memory(void);
int pn_ncores(void);

#endif
