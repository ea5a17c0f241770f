/*
** board.c -- lattices and bounded boards: coordinates <-> packed positions,
** neighbours, bounds, dense cell ids, symmetries.
**
** Coordinates (documented in README "Coordinates"):
**   square, king: (x, y), x to the right, y downward.
**   tri:  axial (x, y); neighbours (+-1,0) (0,+-1) (+1,-1) (-1,+1).  The
**         point (x, y) lies in the plane at (x + y/2, y*sqrt(3)/2).
**   hex:  the honeycomb is the triangular lattice without the hexagon
**         centres: the axial points with (x - y) mod 3 != 2.  A vertex of
**         class 0 has the neighbours (+1,0) (0,-1) (-1,+1), one of class 1
**         the opposite offsets.
**   cubic: (x1..xd), neighbours +-e_i.
**   graph: the vertex id (0-based in C).
**
** Packing: dimension 1 stores x itself.  Otherwise each coordinate gets
** w = 64/dim bits, biased by 2^(w-1), x in the lowest bits; when the fields
** fill all 64 bits the top bit is flipped so that signed order of pn_pos is
** the order (last coordinate, ..., x): row-major for the plane.
*/
#include <stdlib.h>
#include <string.h>

#include "util.h"

struct pn_board {
  pn_lattice lat;
  int dim;
  int bounded;
  int maxdeg;
  int isbox;                  /* bounded box with arithmetic ids */
  int64_t lo[PN_MAXDIM], hi[PN_MAXDIM];   /* bounding box, inclusive */
  size_t ncells;
  pn_pos *cells;              /* sorted */
  pn_hmap index;              /* pos -> id when !isbox */
  uint32_t *off, *nbr;        /* CSR adjacency over ids */
};

/* {====================================================================
** Lattice geometry
** ===================================================================== */

static const int8_t sq_off[4][2] = {{1,0},{-1,0},{0,1},{0,-1}};
static const int8_t tri_off[6][2] = {{1,0},{-1,0},{0,1},{0,-1},{1,-1},{-1,1}};
static const int8_t king_off[8][2] = {{1,0},{-1,0},{0,1},{0,-1},
                                      {1,1},{-1,-1},{1,-1},{-1,1}};
static const int8_t hex_off0[3][2] = {{1,0},{0,-1},{-1,1}};
static const int8_t hex_off1[3][2] = {{-1,0},{0,1},{1,-1}};

const char *pn_lattice_name(pn_lattice lat) {
  switch (lat) {
    case PN_SQUARE: return "square";
    case PN_TRI: return "triangular";
    case PN_HEX: return "hexagonal";
    case PN_KING: return "king";
    case PN_CUBIC: return "cubic";
    case PN_GRAPH: return "graph";
  }
  return "?";
}

static int mod3(int64_t v) {
  int r = (int)(v % 3);
  return r < 0 ? r + 3 : r;
}

/* is c a point of the lattice (ignoring bounds)? */
static int lattice_point(pn_lattice lat, const int64_t *c) {
  return lat != PN_HEX || mod3(c[0] - c[1]) != 2;
}

static int lattice_degree(pn_lattice lat, int dim) {
  switch (lat) {
    case PN_SQUARE: return 4;
    case PN_TRI: return 6;
    case PN_HEX: return 3;
    case PN_KING: return 8;
    case PN_CUBIC: return 2 * dim;
    case PN_GRAPH: return 0;
  }
  return 0;
}

/* coordinates of the lattice neighbours of c (no bounds); returns count */
static int lattice_neighbours(pn_lattice lat, int dim, const int64_t *c,
                              int64_t (*out)[PN_MAXDIM]) {
  const int8_t (*off)[2] = NULL;
  int i, k = 0;
  switch (lat) {
    case PN_SQUARE: off = sq_off; k = 4; break;
    case PN_TRI: off = tri_off; k = 6; break;
    case PN_KING: off = king_off; k = 8; break;
    case PN_HEX: off = mod3(c[0] - c[1]) == 0 ? hex_off0 : hex_off1; k = 3;
      break;
    case PN_CUBIC:
      for (i = 0; i < 2 * dim; i++) {
        memcpy(out[i], c, sizeof(int64_t) * (size_t)dim);
        out[i][i / 2] += (i & 1) ? -1 : 1;
      }
      return 2 * dim;
    case PN_GRAPH: return 0;
  }
  for (i = 0; i < k; i++) {
    out[i][0] = c[0] + off[i][0];
    out[i][1] = c[1] + off[i][1];
  }
  return k;
}

/* }==================================================================== */


/* {====================================================================
** Packing
** ===================================================================== */

static int field_bits(int dim) { return 64 / dim; }

static int pack(int dim, const int64_t *c, pn_pos *p) {
  int w, i;
  uint64_t key = 0;
  if (dim == 1) { *p = c[0]; return 1; }
  w = field_bits(dim);
  for (i = 0; i < dim; i++) {
    int64_t bias = (int64_t)1 << (w - 1);
    if (c[i] < -bias || c[i] >= bias) return 0;
    key |= (uint64_t)(c[i] + bias) << (w * i);
  }
  if (w * dim == 64) key ^= (uint64_t)1 << 63;
  *p = (pn_pos)key;
  return 1;
}

static void unpack(int dim, pn_pos p, int64_t *c) {
  int w, i;
  uint64_t key = (uint64_t)p;
  if (dim == 1) { c[0] = p; return; }
  w = field_bits(dim);
  if (w * dim == 64) key ^= (uint64_t)1 << 63;
  for (i = 0; i < dim; i++) {
    uint64_t mask = (w == 64) ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1);
    c[i] = (int64_t)((key >> (w * i)) & mask) - ((int64_t)1 << (w - 1));
  }
}

int pn_board_pack(const pn_board *b, const int64_t *c, pn_pos *p,
                  pn_error *err) {
  if (b->lat == PN_GRAPH) {
    if (c[0] < 0 || (size_t)c[0] >= b->ncells)
      return pn_seterror(err, PN_ERANGE, "vertex %lld is not in the graph "
                         "(0..%zu)", (long long)c[0], b->ncells - 1);
    *p = c[0];
    return PN_OK;
  }
  if (b->dim == 1 ? (c[0] < INT32_MIN || c[0] > INT32_MAX)
                  : !pack(b->dim, c, p)) {
    int w = b->dim <= 2 ? 32 : field_bits(b->dim);
    return pn_seterror(err, PN_ERANGE, "coordinate out of the supported "
                       "range %lld..%lld (dimension %d)",
                       -((long long)1 << (w - 1)),
                       ((long long)1 << (w - 1)) - 1, b->dim);
  }
  if (b->dim == 1) *p = c[0];
  return PN_OK;
}

void pn_board_unpack(const pn_board *b, pn_pos p, int64_t *c) {
  unpack(b->dim, p, c);
}

/* }==================================================================== */


/* {====================================================================
** Construction
** ===================================================================== */

static pn_board *newboard(pn_lattice lat, int dim, pn_error *err) {
  pn_board *b;
  if (lat == PN_CUBIC) {
    if (dim < 1 || dim > PN_MAXDIM) {
      pn_seterror(err, PN_EINVAL, "cubic lattice dimension must be 1..%d "
                  "(got %d)", PN_MAXDIM, dim);
      return NULL;
    }
  } else if (lat == PN_GRAPH) {
    dim = 1;
  } else if ((unsigned)lat > PN_GRAPH) {
    pn_seterror(err, PN_EINVAL, "unknown lattice %d", (int)lat);
    return NULL;
  } else {
    dim = 2;
  }
  b = calloc(1, sizeof *b);
  if (!b) { pn_seterror(err, PN_ENOMEM, "out of memory"); return NULL; }
  b->lat = lat;
  b->dim = dim;
  b->maxdeg = lattice_degree(lat, dim);
  pn_hmap_init(&b->index);
  return b;
}

void pn_board_free(pn_board *b) {
  if (!b) return;
  free(b->cells); free(b->off); free(b->nbr);
  pn_hmap_free(&b->index);
  free(b);
}

size_t pn_board_bytes(pn_lattice lat, int dim, double ncells, int indexed) {
  /* cells, CSR offsets and neighbours, and a hash index (a board of
  ** cells, the honeycomb) at most half full */
  double per = sizeof(pn_pos) + sizeof(uint32_t)
             + (double)lattice_degree(lat, dim) * sizeof(uint32_t)
             + (indexed ? 4 * (sizeof(uint64_t) + sizeof(int64_t) + 1) : 0);
  double bytes = ncells * per + 4096;
  return bytes > (double)((size_t)-1 / 2) ? (size_t)-1 / 2 : (size_t)bytes;
}

pn_board *pn_board_lattice(pn_lattice lat, int dim, pn_error *err) {
  if (lat == PN_GRAPH) {
    pn_seterror(err, PN_EINVAL, "a custom graph needs vertices and edges");
    return NULL;
  }
  return newboard(lat, dim, err);
}

/* build the CSR adjacency of a bounded lattice board whose cells and
** index are set */
static int build_csr(pn_board *b, pn_error *err) {
  size_t i, total = 0;
  int64_t nb[2 * PN_MAXDIM + 8][PN_MAXDIM];
  b->off = malloc((b->ncells + 1) * sizeof *b->off);
  b->nbr = malloc((b->ncells * (size_t)b->maxdeg + 1) * sizeof *b->nbr);
  if (!b->off || !b->nbr)
    return pn_seterror(err, PN_ENOMEM, "out of memory building a board of "
                       "%zu cells", b->ncells);
  for (i = 0; i < b->ncells; i++) {
    int64_t c[PN_MAXDIM];
    int k, j;
    b->off[i] = (uint32_t)total;
    unpack(b->dim, b->cells[i], c);
    k = lattice_neighbours(b->lat, b->dim, c, nb);
    for (j = 0; j < k; j++) {
      pn_pos q;
      int64_t id;
      if (!pack(b->dim, nb[j], &q)) continue;
      id = pn_board_index(b, q);
      if (id >= 0) b->nbr[total++] = (uint32_t)id;
    }
  }
  b->off[b->ncells] = (uint32_t)total;
  return PN_OK;
}

pn_board *pn_board_box(pn_lattice lat, int dim, const int32_t *lo,
                       const int32_t *size, pn_error *err) {
  pn_board *b = newboard(lat, dim, err);
  double total = 1;
  size_t i, n;
  if (!b) return NULL;
  if (lat == PN_GRAPH) {
    pn_seterror(err, PN_EINVAL, "a custom graph has no box");
    goto fail;
  }
  for (i = 0; i < (size_t)b->dim; i++) {
    pn_pos dummy;
    int64_t c[PN_MAXDIM] = {0};
    if (size[i] < 1) {
      pn_seterror(err, PN_EINVAL, "box size must be at least 1 in every "
                  "dimension (got %d)", (int)size[i]);
      goto fail;
    }
    total *= size[i];
    b->lo[i] = lo[i];
    b->hi[i] = (int64_t)lo[i] + size[i] - 1;
    c[i] = b->lo[i];
    if (!pack(b->dim, c, &dummy)) goto range;
    c[i] = b->hi[i];
    if (!pack(b->dim, c, &dummy)) goto range;
  }
  if (total > PN_MAX_CELLS) {
    pn_seterror(err, PN_ERANGE, "board too large: %.0f cells (at most %u)",
                total, (unsigned)PN_MAX_CELLS);
    goto fail;
  }
  n = (size_t)total;
  b->bounded = 1;
  b->cells = malloc(n * sizeof *b->cells);
  if (!b->cells) { pn_seterror(err, PN_ENOMEM, "out of memory"); goto fail; }
  /* enumerate in id order: coordinate 0 fastest */
  {
    int64_t c[PN_MAXDIM];
    size_t k = 0, j;
    memcpy(c, b->lo, sizeof c);
    for (j = 0; j < n; j++) {
      int d;
      if (lattice_point(lat, c)) pack(b->dim, c, &b->cells[k++]);
      for (d = 0; d < b->dim; d++) {
        if (++c[d] <= b->hi[d]) break;
        c[d] = b->lo[d];
      }
    }
    b->ncells = k;
  }
  if (lat == PN_HEX) {     /* holes: explicit index */
    if (!pn_hmap_reserve(&b->index, b->ncells)) {
      pn_seterror(err, PN_ENOMEM, "out of memory"); goto fail;
    }
    for (i = 0; i < b->ncells; i++) {
      int isnew;
      pn_hmap_put(&b->index, (uint64_t)b->cells[i], (int64_t)i, &isnew);
    }
  } else {
    b->isbox = 1;
  }
  if (build_csr(b, err) != PN_OK) goto fail;
  return b;
range:
  pn_seterror(err, PN_ERANGE, "box coordinates out of the supported range");
fail:
  pn_board_free(b);
  return NULL;
}

pn_board *pn_board_cells(pn_lattice lat, int dim, size_t n,
                         const pn_pos *cells, pn_error *err) {
  pn_board *b = newboard(lat, dim, err);
  size_t i;
  if (!b) return NULL;
  if (lat == PN_GRAPH) {
    pn_seterror(err, PN_EINVAL, "use pn_board_graph for custom graphs");
    goto fail;
  }
  if (n == 0) {
    pn_seterror(err, PN_EINVAL, "a bounded board needs at least one cell");
    goto fail;
  }
  if (n > PN_MAX_CELLS) {
    pn_seterror(err, PN_ERANGE, "board too large: %zu cells (at most %u)",
                n, (unsigned)PN_MAX_CELLS);
    goto fail;
  }
  b->bounded = 1;
  b->ncells = n;
  b->cells = malloc(n * sizeof *b->cells);
  if (!b->cells || !pn_hmap_reserve(&b->index, n)) {
    pn_seterror(err, PN_ENOMEM, "out of memory");
    goto fail;
  }
  memcpy(b->cells, cells, n * sizeof *cells);
  qsort(b->cells, n, sizeof *b->cells, pn_cmp_pos);
  for (i = 0; i < n; i++) {
    int64_t c[PN_MAXDIM];
    int isnew, d;
    unpack(b->dim, b->cells[i], c);
    if (i > 0 && b->cells[i] == b->cells[i - 1]) {
      pn_seterror(err, PN_EINVAL, "cell (%lld,%lld) given twice",
                  (long long)c[0], (long long)c[1]);
      goto fail;
    }
    if (!lattice_point(lat, c)) {
      pn_seterror(err, PN_EINVAL, "(%lld,%lld) is the centre of a hexagon, "
                  "not a vertex of the honeycomb", (long long)c[0],
                  (long long)c[1]);
      goto fail;
    }
    for (d = 0; d < b->dim; d++) {
      if (i == 0 || c[d] < b->lo[d]) b->lo[d] = c[d];
      if (i == 0 || c[d] > b->hi[d]) b->hi[d] = c[d];
    }
    pn_hmap_put(&b->index, (uint64_t)b->cells[i], (int64_t)i, &isnew);
  }
  if (build_csr(b, err) != PN_OK) goto fail;
  return b;
fail:
  pn_board_free(b);
  return NULL;
}

pn_board *pn_board_graph(size_t nv, size_t ne, const uint32_t *edges,
                         pn_error *err) {
  pn_board *b = newboard(PN_GRAPH, 1, err);
  uint32_t *deg = NULL;
  size_t i;
  if (!b) return NULL;
  if (nv == 0 || nv > PN_MAX_CELLS) {
    pn_seterror(err, PN_EINVAL, "a graph needs 1..%u vertices (got %zu)",
                (unsigned)PN_MAX_CELLS, nv);
    goto fail;
  }
  b->bounded = 1;
  b->isbox = 1;          /* ids are the positions themselves */
  b->ncells = nv;
  b->lo[0] = 0; b->hi[0] = (int64_t)nv - 1;
  b->cells = malloc(nv * sizeof *b->cells);
  deg = calloc(nv + 1, sizeof *deg);
  b->off = calloc(nv + 1, sizeof *b->off);
  b->nbr = malloc((2 * ne + 1) * sizeof *b->nbr);
  if (!b->cells || !deg || !b->off || !b->nbr) {
    pn_seterror(err, PN_ENOMEM, "out of memory");
    goto fail;
  }
  for (i = 0; i < nv; i++) b->cells[i] = (pn_pos)i;
  for (i = 0; i < ne; i++) {
    uint32_t u = edges[2 * i], v = edges[2 * i + 1];
    if (u >= nv || v >= nv) {
      pn_seterror(err, PN_EINVAL, "edge %zu joins a vertex that does not "
                  "exist", i + 1);
      goto fail;
    }
    if (u == v) {
      pn_seterror(err, PN_EINVAL, "edge %zu is a loop", i + 1);
      goto fail;
    }
    deg[u]++; deg[v]++;
  }
  for (i = 0; i < nv; i++) b->off[i + 1] = b->off[i] + deg[i];
  memset(deg, 0, nv * sizeof *deg);
  for (i = 0; i < ne; i++) {
    uint32_t u = edges[2 * i], v = edges[2 * i + 1];
    b->nbr[b->off[u] + deg[u]++] = v;
    b->nbr[b->off[v] + deg[v]++] = u;
  }
  /* sort each list and drop repeated edges */
  for (i = 0; i < nv; i++) {
    uint32_t *l = b->nbr + b->off[i];
    uint32_t k = deg[i], a, c;
    for (a = 1; a < k; a++)            /* insertion sort: lists are short */
      for (c = a; c > 0 && l[c - 1] > l[c]; c--) {
        uint32_t t = l[c]; l[c] = l[c - 1]; l[c - 1] = t;
      }
    for (a = c = 0; a < k; a++)
      if (c == 0 || l[c - 1] != l[a]) l[c++] = l[a];
    deg[i] = c;
  }
  {  /* compact */
    uint32_t w = 0;
    for (i = 0; i < nv; i++) {
      uint32_t start = b->off[i], k;
      b->off[i] = w;
      for (k = 0; k < deg[i]; k++) b->nbr[w++] = b->nbr[start + k];
      if ((int)deg[i] > b->maxdeg) b->maxdeg = (int)deg[i];
    }
    b->off[nv] = w;
  }
  if (b->maxdeg > PN_MAXDEG) {
    pn_seterror(err, PN_ERANGE, "a vertex has degree %d (at most %d "
                "supported)", b->maxdeg, PN_MAXDEG);
    goto fail;
  }
  free(deg);
  return b;
fail:
  free(deg);
  pn_board_free(b);
  return NULL;
}

/* }==================================================================== */


/* {====================================================================
** Queries
** ===================================================================== */

pn_lattice pn_board_kind(const pn_board *b) { return b->lat; }
int pn_board_dim(const pn_board *b) { return b->dim; }
int pn_board_bounded(const pn_board *b) { return b->bounded; }
int pn_board_maxdeg(const pn_board *b) { return b->maxdeg; }
size_t pn_board_ncells(const pn_board *b) { return b->ncells; }

pn_pos pn_board_cell(const pn_board *b, size_t id) { return b->cells[id]; }

int64_t pn_board_index(const pn_board *b, pn_pos p) {
  if (!b->bounded) return -1;
  if (b->isbox) {
    int64_t c[PN_MAXDIM], id = 0, stride = 1;
    int d;
    if (b->lat == PN_GRAPH)
      return (p >= 0 && (size_t)p < b->ncells) ? p : -1;
    unpack(b->dim, p, c);
    for (d = 0; d < b->dim; d++) {
      if (c[d] < b->lo[d] || c[d] > b->hi[d]) return -1;
      id += (c[d] - b->lo[d]) * stride;
      stride *= b->hi[d] - b->lo[d] + 1;
    }
    return id;
  } else {
    int64_t *v = pn_hmap_get(&b->index, (uint64_t)p);
    return v ? *v : -1;
  }
}

int pn_board_contains(const pn_board *b, pn_pos p) {
  int64_t c[PN_MAXDIM];
  if (b->bounded) return pn_board_index(b, p) >= 0;
  unpack(b->dim, p, c);
  return lattice_point(b->lat, c);
}

int pn_board_neighbours(const pn_board *b, pn_pos p, pn_pos *out) {
  int64_t c[PN_MAXDIM], nb[2 * PN_MAXDIM + 8][PN_MAXDIM];
  int k, i, m = 0;
  if (b->bounded) {
    int64_t id = pn_board_index(b, p);
    uint32_t j;
    if (id < 0) return 0;
    for (j = b->off[id]; j < b->off[id + 1]; j++)
      out[m++] = b->cells[b->nbr[j]];
    return m;
  }
  unpack(b->dim, p, c);
  if (!lattice_point(b->lat, c)) return 0;
  k = lattice_neighbours(b->lat, b->dim, c, nb);
  for (i = 0; i < k; i++)
    if (pack(b->dim, nb[i], &out[m])) m++;
  return m;
}

int pn_board_adjacent(const pn_board *b, pn_pos p, pn_pos q) {
  pn_pos nb[PN_MAXDEG];
  int k = pn_board_neighbours(b, p, nb), i;
  for (i = 0; i < k; i++)
    if (nb[i] == q) return 1;
  return 0;
}

int pn_board_cell_neighbours(const pn_board *b, size_t id,
                             const uint32_t **nb) {
  *nb = b->nbr + b->off[id];
  return (int)(b->off[id + 1] - b->off[id]);
}

void pn_board_csr(const pn_board *b, pn_graph *g) {
  g->ncell = (uint32_t)b->ncells;
  g->off = b->off;
  g->nbr = b->nbr;
}

void pn_board_bbox(const pn_board *b, int64_t *lo, int64_t *hi) {
  memcpy(lo, b->lo, sizeof(int64_t) * (size_t)b->dim);
  memcpy(hi, b->hi, sizeof(int64_t) * (size_t)b->dim);
}

/* }==================================================================== */


/* {====================================================================
** Symmetries
** ===================================================================== */

static int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

int pn_lattice_symmetries(pn_lattice lat, int dim) {
  switch (lat) {
    case PN_SQUARE: case PN_KING: return 8;
    case PN_TRI: case PN_HEX: return 12;
    case PN_CUBIC: return factorial(dim) << dim;
    case PN_GRAPH: return 1;
  }
  return 1;
}

/* cubic symmetry sym: permutation (Lehmer code sym >> dim) and signs */
static void cubic_sym(int dim, int sym, int *perm, int *sign, int *parity) {
  int avail[PN_MAXDIM], i, code = sym >> dim, inv = 0;
  for (i = 0; i < dim; i++) avail[i] = i;
  for (i = 0; i < dim; i++) {
    int f = factorial(dim - 1 - i), j = code / f, k;
    code %= f;
    perm[i] = avail[j];
    inv += j;             /* Lehmer digit = inversions it contributes */
    for (k = j; k < dim - 1 - i; k++) avail[k] = avail[k + 1];
  }
  for (i = 0; i < dim; i++) {
    sign[i] = (sym >> i) & 1 ? -1 : 1;
    if (sign[i] < 0) inv++;
  }
  *parity = inv & 1;
}

int pn_lattice_sym_proper(pn_lattice lat, int dim, int sym) {
  switch (lat) {
    case PN_SQUARE: case PN_KING: return sym < 4;
    case PN_TRI: case PN_HEX: return sym < 6;
    case PN_CUBIC: {
      int perm[PN_MAXDIM], sign[PN_MAXDIM], parity;
      cubic_sym(dim, sym, perm, sign, &parity);
      return parity == 0;
    }
    case PN_GRAPH: return 1;
  }
  return 1;
}

void pn_lattice_transform(pn_lattice lat, int dim, int sym, const int64_t *c,
                          int64_t *out) {
  int64_t x = c[0], y = dim > 1 ? c[1] : 0, t;
  int i;
  switch (lat) {
    case PN_SQUARE: case PN_KING:
      if (sym >= 4) { x = -x; sym -= 4; }             /* reflect, then */
      for (i = 0; i < sym; i++) { t = x; x = -y; y = t; }   /* rotate 90 */
      out[0] = x; out[1] = y;
      return;
    case PN_TRI: case PN_HEX:
      if (sym >= 6) { t = x; x = y; y = t; sym -= 6; }
      for (i = 0; i < sym; i++) { t = x; x = -y; y = t + y; }   /* 60 deg */
      out[0] = x; out[1] = y;
      return;
    case PN_CUBIC: {
      int perm[PN_MAXDIM], sign[PN_MAXDIM], parity;
      int64_t tmp[PN_MAXDIM];
      cubic_sym(dim, sym, perm, sign, &parity);
      for (i = 0; i < dim; i++) tmp[i] = sign[i] * c[perm[i]];
      memcpy(out, tmp, sizeof(int64_t) * (size_t)dim);
      return;
    }
    case PN_GRAPH:
      out[0] = c[0];
      return;
  }
}

/* }==================================================================== */
