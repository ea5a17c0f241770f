/*
** penny.h -- the plain C API of the penny solver core (libpenny).
**
** No Lua in here.  The core never exits, never prints and keeps no global
** state: every function works on the objects it is given and reports errors
** through a return code plus a pn_error message buffer.
**
** Positions are lattice coordinates packed into one 64-bit integer (pn_pos);
** see pn_board_pack.  A configuration is a sorted set of positions, each with
** a label (0 = plain coin; equal labels are indistinguishable colours).
*/
#ifndef PENNY_H
#define PENNY_H

#include <stddef.h>
#include <stdint.h>

#define PN_VERSION "0.2.0"
#define PN_MAXDIM 6          /* largest dimension of a cubic lattice */
#define PN_MAXDEG 64         /* largest degree allowed in a custom graph */
#define PN_MAX_CELLS (1u << 26)   /* largest bounded board (cells) */

/* {====================================================================
** Errors
** ===================================================================== */

enum {
  PN_OK = 0,
  PN_EINVAL,       /* bad argument: the caller's bug or bad input */
  PN_ERANGE,       /* coordinate or size outside what is supported */
  PN_ENOMEM,       /* allocation failed or memory budget exceeded */
  PN_ELIMIT,       /* a limit (states, time, memory budget) stopped the work */
  PN_EINTR,        /* interrupted (Ctrl-C) */
  PN_EINFINITE,    /* an infinite object was asked for (e.g. span) */
  PN_EINTERNAL     /* a self-check failed: a bug in penny */
};

typedef struct pn_error {
  int code;
  char msg[256];
} pn_error;

/* set err (if not NULL) and return code */
int pn_seterror(pn_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(printf, 3, 4)))
#endif
  ;

/* }==================================================================== */


/* {====================================================================
** Boards
** ===================================================================== */

typedef int64_t pn_pos;

typedef enum pn_lattice {
  PN_SQUARE = 0,   /* (x,y), 4 neighbours (+-1,0) (0,+-1); y grows downward */
  PN_TRI,          /* axial (x,y), 6 neighbours (+-1,0) (0,+-1) (1,-1) (-1,1) */
  PN_HEX,          /* honeycomb: the axial points with (x-y) mod 3 != 2 */
  PN_KING,         /* (x,y), 8 neighbours */
  PN_CUBIC,        /* Z^d, 2d neighbours */
  PN_GRAPH         /* custom graph, vertices 0..nv-1 (coordinate x only) */
} pn_lattice;

typedef struct pn_board pn_board;

/* an unbounded lattice (dim is used by PN_CUBIC only) */
pn_board *pn_board_lattice(pn_lattice lat, int dim, pn_error *err);
/* a box lo[i] <= c[i] < lo[i]+size[i] of a lattice */
pn_board *pn_board_box(pn_lattice lat, int dim, const int32_t *lo,
                       const int32_t *size, pn_error *err);
/* an explicit set of cells of a lattice (holes allowed) */
pn_board *pn_board_cells(pn_lattice lat, int dim, size_t n,
                         const pn_pos *cells, pn_error *err);
/* a custom graph: nv vertices, ne edges given as 2*ne vertex ids */
pn_board *pn_board_graph(size_t nv, size_t ne, const uint32_t *edges,
                         pn_error *err);
void pn_board_free(pn_board *b);

pn_lattice pn_board_kind(const pn_board *b);
int pn_board_dim(const pn_board *b);          /* coordinates per position */
int pn_board_bounded(const pn_board *b);
int pn_board_maxdeg(const pn_board *b);
const char *pn_lattice_name(pn_lattice lat);

/* coordinates <-> packed positions; pack fails with PN_ERANGE */
int pn_board_pack(const pn_board *b, const int64_t *c, pn_pos *p,
                  pn_error *err);
void pn_board_unpack(const pn_board *b, pn_pos p, int64_t *c);
/* is p a position of the board (a lattice point, inside the bounds)? */
int pn_board_contains(const pn_board *b, pn_pos p);
/* neighbours of p that are on the board; returns their number */
int pn_board_neighbours(const pn_board *b, pn_pos p, pn_pos *out);
int pn_board_adjacent(const pn_board *b, pn_pos p, pn_pos q);

/* about how many bytes a bounded board of ncells cells takes (an upper
** estimate, for memory budgets before it is built); indexed: a board of
** explicit cells, or a honeycomb box */
size_t pn_board_bytes(pn_lattice lat, int dim, double ncells, int indexed);
/* bounded boards: dense cell ids 0..ncells-1, in sorted position order */
size_t pn_board_ncells(const pn_board *b);
pn_pos pn_board_cell(const pn_board *b, size_t id);
int64_t pn_board_index(const pn_board *b, pn_pos p);   /* -1 if absent */
/* neighbour ids of cell id (CSR); returns count, *nb points inside board */
int pn_board_cell_neighbours(const pn_board *b, size_t id,
                             const uint32_t **nb);
/* the adjacency of a bounded board as a CSR graph over cell ids */
struct pn_graph;
void pn_board_csr(const pn_board *b, struct pn_graph *g);
/* the bounding box of a bounded board (inclusive) */
void pn_board_bbox(const pn_board *b, int64_t *lo, int64_t *hi);

/* symmetries of the lattice that fix the origin: pn_lattice_symmetries
** gives their number (symmetry 0 is the identity), pn_lattice_sym_proper
** tells a rotation (1) from a reflection (0), pn_lattice_transform maps
** coordinates.  Custom graphs have the identity only. */
int pn_lattice_symmetries(pn_lattice lat, int dim);
int pn_lattice_sym_proper(pn_lattice lat, int dim, int sym);
void pn_lattice_transform(pn_lattice lat, int dim, int sym, const int64_t *c,
                          int64_t *out);

/* }==================================================================== */


/* {====================================================================
** Configurations
** ===================================================================== */

typedef struct pn_config {
  size_t n, cap;
  pn_pos *pos;        /* sorted, distinct */
  int32_t *label;     /* label[i] belongs to pos[i]; 0 = plain coin */
} pn_config;

void pn_config_init(pn_config *c);
void pn_config_clear(pn_config *c);      /* free storage, back to empty */
int pn_config_reserve(pn_config *c, size_t n, pn_error *err);
int pn_config_copy(pn_config *dst, const pn_config *src, pn_error *err);
/* add a coin; PN_EINVAL if the position is already taken */
int pn_config_add(pn_config *c, pn_pos p, int32_t label, pn_error *err);
/* c = the n coins pos[i] with label[i], in any order, in O(n log n);
** PN_EINVAL when two share a cell (*dup: the first coin, in the input's
** order, on a cell taken before it) */
int pn_config_set(pn_config *c, const pn_pos *pos, const int32_t *label,
                  size_t n, size_t *dup, pn_error *err);
int pn_config_remove(pn_config *c, pn_pos p);   /* 1 if removed */
/* restore the order after pos[] / label[] were filled directly (positions
** must be distinct) */
void pn_config_sort(pn_config *c);
/* index of the coin at p, or -1 */
ptrdiff_t pn_config_find(const pn_config *c, pn_pos p);
int pn_config_equal(const pn_config *a, const pn_config *b);
uint64_t pn_config_hash(const pn_config *c);
int pn_config_labelled(const pn_config *c);      /* any label != 0? */
/* translate so the bounding box starts at the origin (respecting the
** lattice's translation group); fails on custom graphs */
int pn_config_normalise(const pn_board *b, pn_config *c, pn_error *err);
/* apply lattice symmetry sym (see pn_lattice_symmetries) in place */
int pn_config_transform(const pn_board *b, pn_config *c, int sym,
                        pn_error *err);
typedef enum pn_goalmode {
  PN_FIXED = 0,     /* the goal is a configuration at a fixed place */
  PN_TRANSLATE,     /* ... anywhere: up to translation */
  PN_ROTATE,        /* ... up to translation and rotation */
  PN_SYMMETRY       /* ... up to translation, rotation and reflection */
} pn_goalmode;

/* is the multiset of labels of a equal to that of b? */
int pn_config_same_labels(const pn_config *a, const pn_config *b);

/* }==================================================================== */


/* {====================================================================
** Verdicts, limits and results (every solver)
** ===================================================================== */

/* a coin move (the coin games; line pushes have directions instead) */
typedef struct pn_move {
  pn_pos from, to;
} pn_move;

typedef enum pn_verdict {
  PN_SOLVED = 0,
  PN_UNSOLVABLE,
  PN_UNKNOWN
} pn_verdict;

struct pn_progress;

/* memory a caller keeps between its searches: the small tables a search
** frees (under 2 MiB each) go back to it, up to max_bytes in all, and
** the next search takes them again, already backed by memory (a short
** search on fresh memory spends a fifth of its time in page faults).
** One per caller (the Lua binding keeps one per Lua state); a search's
** threads share it.  The bytes it holds belong to no search's budget. */
typedef struct pn_spare pn_spare;
pn_spare *pn_spare_new(size_t max_bytes);   /* NULL: out of memory */
void pn_spare_free(pn_spare *s);
size_t pn_spare_bytes(pn_spare *s);         /* bytes held now */

typedef struct pn_limits {
  size_t max_states;          /* 0 = derived from max_memory */
  size_t max_memory;          /* bytes; 0 = default (1 GiB) */
  double time_limit;          /* seconds; 0 = none */
  double since;               /* the pn_clock() time time_limit counts
                              ** from; 0 = the start of each call (the
                              ** stages of one search share the clock) */
  volatile int *interrupt;    /* polled; nonzero stops with PN_EINTR */
  int probe_levels;           /* bidirectional search: once the memory is
                              ** full, levels searched on without storing
                              ** them (0 = none; at most 8) */
  int partial;                /* A*: partial expansion (PEA*) throughout
                              ** (1), never (-1), or once the search holds
                              ** 3/4 of its memory budget (0) */
  void (*progress)(const struct pn_progress *p, void *ud);
  void *progress_ud;          /* a line per step of the work (NULL: none):
                              ** the plain BFS, pattern-database builds */
  int prune;                  /* A*: move pruning (pn_keygame.succ_after:
                              ** successors no shortest path needs) when
                              ** the game offers it and its tags fit the
                              ** entries (0), or never (-1) */
  pn_spare *spare;            /* NULL, or where the search's tables come
                              ** from and go back to */
} pn_limits;

typedef struct pn_result {
  pn_verdict verdict;
  pn_move *moves;             /* malloc'ed, nmoves entries */
  size_t nmoves;
  uint64_t states;            /* states stored */
  uint64_t expanded;          /* states expanded */
  int depth;                  /* layers completed */
  int lower_bound;            /* proven lower bound when unknown */
  int probed;                 /* levels searched without storing them */
  size_t memory;              /* peak bytes used by the search */
  double seconds;
  double pdb_seconds;         /* building A*'s pattern databases */
  int pdb_reused;             /* A* used tables a pn_pdbcache held */
  int backward;               /* A* searched from the goal */
  char reason[320];
} pn_result;

void pn_result_init(pn_result *r);
void pn_result_clear(pn_result *r);

/* }==================================================================== */


/* {====================================================================
** Rules: the coin-moving game
** ===================================================================== */

typedef struct pn_rule {
  int d;          /* a destination needs >= d occupied neighbours (2) */
  int slide;      /* and the coin must slide there in the plane without
                  ** overlapping another coin (DDV's open problem (ii));
                  ** square, king, triangular and hexagonal boards */
} pn_rule;

typedef enum pn_reason {
  PN_LEGAL = 0,
  PN_NOCOIN,      /* no coin at the origin */
  PN_OCCUPIED,    /* destination occupied */
  PN_OFFBOARD,    /* destination not on the board */
  PN_FEW,         /* destination has k < d occupied neighbours */
  PN_SAME,        /* origin == destination */
  PN_BLOCKED      /* slides: touching coins enclose the origin or the
                  ** destination (a ring between them) */
} pn_reason;

const char *pn_reason_text(pn_reason r);

int pn_rule_valid(const pn_rule *r, pn_error *err);
/* check one move; *k (optional) receives the number of occupied
** neighbours of the destination, not counting the moved coin */
pn_reason pn_move_check(const pn_board *b, const pn_rule *r,
                        const pn_config *c, pn_move m, int *k);
/* apply a move without checking it (keeps the label); 0 on failure */
int pn_move_apply(pn_config *c, pn_move m);
/* all legal moves, sorted by (from, to); *out is malloc'ed */
int pn_moves(const pn_board *b, const pn_rule *r, const pn_config *c,
             pn_move **out, size_t *nout, pn_error *err);
/* check a whole sequence from start; on the first illegal move returns its
** index in *bad with the reason and k; final (optional) gets the end
** configuration.  Returns PN_LEGAL or the reason. */
pn_reason pn_check_sequence(const pn_board *b, const pn_rule *r,
                            const pn_config *start, const pn_move *moves,
                            size_t nmoves, size_t *bad, int *k,
                            pn_config *final, pn_error *err);
/* can the move be undone right after it is played? */
int pn_move_reversible(const pn_board *b, const pn_rule *r,
                       const pn_config *c, pn_move m);

/* Dense move generation, the one implementation behind every generator
** of coin moves: a graph in CSR form (off[ncell+1], nbr[]), the occupied
** cells occ[] (0/1), the coins' cells coins[n]; calls emit(from,to,ud) for
** every legal move, in (from, to) order of the given coin order and of
** increasing target id.  cnt (zero on entry, zero again on return) and
** targets are scratch arrays of ncell entries.  Returns the number of
** moves. */
typedef struct pn_graph {
  uint32_t ncell;
  const uint32_t *off, *nbr;
} pn_graph;
size_t pn_dense_moves(const pn_graph *g, int d, const uint8_t *occ,
                      const uint32_t *coins, size_t n, uint32_t *cnt,
                      uint32_t *targets,
                      void (*emit)(uint32_t from, uint32_t to, void *ud),
                      void *ud);

/* }==================================================================== */


/* {====================================================================
** The take/drop game G' (thesis Section 1.4)
** ===================================================================== */

/* G': coins may stack; a move goes to any position with d occupied
** neighbours (the origin counts if other coins remain there); a take puts
** a coin into the reserve; a drop places a reserve coin on a position with
** d occupied neighbours.  Prop 1.13: A -> B in G iff (A,0) -> (B,|A|-|B|)
** in G', and CLEAN turns the actions into moves of G. */
typedef enum pn_actkind { PN_ACT_MOVE, PN_ACT_TAKE, PN_ACT_DROP } pn_actkind;

typedef struct pn_action {
  pn_actkind kind;
  pn_pos from, to;            /* take: from; drop: to */
} pn_action;

/* CLEAN (thesis Algorithm 2): the moves of G that the actions emulate,
** from start.  Unlabelled: the result is checked by replay by callers. */
int pn_clean(const pn_config *start, const pn_action *a, size_t n,
             pn_move **out, size_t *nout, pn_error *err);
/* is the action sequence legal in G' from (start, 0)?  0 if so, else the
** index + 1 of the first illegal action, with the reason in why */
size_t pn_takedrop_check(const pn_board *b, const pn_rule *r,
                         const pn_config *start, const pn_action *a, size_t n,
                         pn_config *final, char *why, size_t whylen);

/* }==================================================================== */


/* {====================================================================
** The triangular grid (csrc/tri/): decision and constructive solver
** ===================================================================== */

/* Galliot's thesis Section 2 (correcting DDV Theorem 1): on the unbounded
** triangular grid with d = 2 every puzzle is decided by a few conditions,
** and solved constructively in O(d_AB + n d_B) moves. */
typedef struct pn_tri_answer {
  int solvable;               /* 1 solvable, 0 not */
  int already;                /* the start already is the goal */
  char rule[48];              /* the deciding condition, e.g. "(i)" */
  char text[480];             /* a sentence naming the witness */
  pn_pos witness[4];
  int nwitness;
  pn_move move;               /* condition (iv), or Prop 1.3 */
  int has_move;
} pn_tri_answer;

int pn_tri_decide(const pn_board *b, const pn_config *A, const pn_config *B,
                  pn_goalmode mode, pn_tri_answer *ans, pn_error *err);
/* a move sequence for a solvable puzzle (checked by replay by callers);
** lim (may be NULL) bounds the time and the memory of the construction,
** which grows with the distances: PN_ELIMIT or PN_EINTR stop it */
int pn_tri_solve(const pn_board *b, const pn_config *A, const pn_config *B,
                 pn_goalmode mode, const pn_limits *lim, pn_move **moves,
                 size_t *nmoves, pn_error *err);

/* }==================================================================== */


/* {====================================================================
** Line pushes (csrc/linepush/): Akitaya, Löffler, Viglietta
** ===================================================================== */

/* A push sweeps a line across the square grid: "right" (the paper's
** double arrow to the right) comes from the left, so every token that can
** falls one unit toward the left side of the bounding box; configurations
** are equal up to translation.  y grows downward: "up" gathers the tokens
** at the bottom. */
typedef enum pn_pushdir {
  PN_PUSH_RIGHT = 0, PN_PUSH_LEFT, PN_PUSH_UP, PN_PUSH_DOWN
} pn_pushdir;

/* out = c after the push, translated to the origin */
int pn_push(const pn_board *b, const pn_config *c, pn_pushdir d,
            pn_config *out, pn_error *err);
/* out = c after the pushes d[0..n-1] (n = 0: c at the origin) */
int pn_push_seq(const pn_board *b, const pn_config *c, const pn_pushdir *d,
                size_t n, pn_config *out, pn_error *err);

typedef enum pn_pushgroup {
  PN_G_NONE = 0,          /* not compact: G_C is not defined */
  PN_G_TRIVIAL,           /* no empty cell in the bounding box */
  PN_G_CYCLIC,            /* one empty cell: the non-core tokens' cycle */
  PN_G_ALT5,              /* 6 tokens, 2 empty cells: Alt(5) */
  PN_G_ALT                /* the alternating group on the non-core tokens */
} pn_pushgroup;

typedef struct pn_pushinfo {
  int w, h;               /* bounding box */
  int compact;            /* Observation 1 */
  int compressible;       /* a push can shrink the bounding box */
  int full_cols, full_rows;          /* a', b' */
  int core_x, core_y, core_w, core_h; /* the core (Definition 12) */
  int ncore, moving;      /* core tokens, non-core tokens */
  pn_pushgroup group;     /* Theorem 20 */
  double order;           /* |G_C| (distinct labels), as a double */
} pn_pushinfo;

int pn_push_info(const pn_board *b, const pn_config *c, pn_pushinfo *info,
                 pn_error *err);
/* the canonical form (pushes right and up alternately until stable); the
** pushes made go to *seq (malloc'ed; seq may be NULL) */
int pn_push_canonical(const pn_board *b, const pn_config *c, pn_config *out,
                      pn_pushdir **seq, size_t *nseq, pn_error *err);
/* the Permutation Puzzle (Theorem 20): pushes taking start to goal (two
** same-shaped compact labelled configurations), malloc'ed, or NULL with
** the reason in why; returns PN_OK in both cases */
int pn_push_permutation(const pn_board *b, const pn_config *start,
                        const pn_config *goal, pn_pushdir **pushes,
                        size_t *npushes, char *why, size_t whylen,
                        pn_error *err);
/* shortest push sequence to the goal (up to translation), or with goal
** NULL to any box_w x box_h box, by breadth-first search; res gets the
** verdict, *pushes the sequence (malloc'ed) */
int pn_push_search(const pn_board *b, const pn_config *start,
                   const pn_config *goal, int box_w, int box_h,
                   const pn_limits *lim, pn_pushdir **pushes, size_t *npushes,
                   pn_result *res, pn_error *err);
/* every configuration reachable from start, by breadth-first search:
** res->states counts them, *same those with the start's shape (for
** distinct labels, |G_C| when the start is compact); verdict PN_UNKNOWN
** (and *same = 0) when a limit stops the search */
int pn_push_reach(const pn_board *b, const pn_config *start,
                  const pn_limits *lim, uint64_t *same, pn_result *res,
                  pn_error *err);
/* no two tokens in one row or column */
int pn_push_sparse(const pn_board *b, const pn_config *c);
/* Theorem 8's construction of a w x h box from a sparse configuration;
** NULL and the reason in why when the theorem does not give one */
int pn_push_box(const pn_board *b, const pn_config *c, int w, int h,
                pn_pushdir **pushes, size_t *npushes, char *why,
                size_t whylen, pn_error *err);
/* Lemma 7's configuration C_{a,b}; Observation 6's diagonal of n tokens
** and the pushes from it to any compact configuration */
int pn_push_lemma7(const pn_board *b, int a, int bb, pn_config *out,
                   pn_error *err);
int pn_push_diagonal(const pn_board *b, int n, pn_config *out, pn_error *err);
int pn_push_from_diagonal(const pn_board *b, const pn_config *target,
                          pn_pushdir **pushes, size_t *npushes,
                          pn_error *err);
/* compatible: the same numbers of rows and of columns of each length */
int pn_push_compatible(const pn_board *b, const pn_config *x,
                       const pn_config *y);

/* }==================================================================== */


/* {====================================================================
** Analysis: Adj, span, components
** ===================================================================== */

/* positions outside c with >= d neighbours in c (sorted, malloc'ed) */
int pn_adj(const pn_board *b, int d, const pn_config *c, pn_pos **out,
           size_t *n, pn_error *err);
/* span(c) (thesis Prop 1.8); PN_EINFINITE when it is infinite; limit caps
** the number of cells (0 = default); sorted, malloc'ed */
int pn_span(const pn_board *b, int d, const pn_config *c, size_t limit,
            pn_pos **out, size_t *n, pn_error *err);
/* connected components: comp[i] = component of coin i (0-based, numbered
** in order of first coin); returns the number of components */
size_t pn_components(const pn_board *b, const pn_config *c, uint32_t *comp);

/* }==================================================================== */


/* {====================================================================
** Search (plain breadth-first search, the correctness reference)
** ===================================================================== */

/* the goal test of a puzzle */
typedef struct pn_goal {
  const pn_board *b;
  pn_goalmode mode;
  pn_config target;          /* the goal as given */
  pn_config *variants;       /* normalised images (modes other than fixed) */
  int nvariants;
  pn_config tmp;             /* scratch for callers */
} pn_goal;

int pn_goal_init(pn_goal *g, const pn_board *b, const pn_config *goal,
                 pn_goalmode mode, pn_error *err);
/* fn(placed, ud) for each placement of the goal on g's board: the goal
** itself when fixed, else each variant moved so that its first coin is on
** each cell, when every coin lands on a cell (the same placement may come
** more than once).  PN_OK, or an error of copying */
int pn_goal_placements(const pn_goal *g,
                       int (*fn)(const pn_config *placed, void *ud),
                       void *ud, pn_error *err);
/* does c reach the goal (every goal coin present with its label; extra
** coins of c anywhere)? */
int pn_goal_test(const pn_goal *g, const pn_config *c);
void pn_goal_free(pn_goal *g);



/* {====================================================================
** The exact search engine (csrc/search/)
** ===================================================================== */

typedef enum pn_method {
  PN_M_AUTO = 0,      /* bidirectional, then A*, then the full space */
  PN_M_PLAIN,         /* plain BFS (pn_bfs): the reference */
  PN_M_BIDIR,         /* bidirectional BFS on hashed bitboards */
  PN_M_FULL,          /* BFS over the ranked space, 1 byte per state */
  PN_M_ASTAR          /* A* with window pattern databases (pdb.c) or
                      ** the goal-cells bound */
} pn_method;

typedef struct pn_progress {
  const char *phase;          /* the stage: "full", "bidir>", "A* forward",
                              ** "bfs", "pattern db", ... */
  int depth;                  /* the layer or bound, or the steps done */
  int total;                  /* the steps in all when known (pattern
                              ** databases: windows), else 0 */
  uint64_t states;            /* states stored so far */
  uint64_t layer;             /* states in the last layer */
  double seconds;
  size_t memory;              /* bytes */
} pn_progress;

/* A*'s pattern databases kept from one search to the next with the same
** goal (csrc/search/pdb.h); zero-initialized storage is an empty cache */
typedef struct pn_pdbcache pn_pdbcache;

/* Processes that share one full-space search, each owning a part of the
** rank space (doc/design/mpi.md).  The core knows only these calls; a
** transport supplies them (csrc/mpi/net.c over MPI, in build/penny-mpi).
** Every call is collective: each process makes the same calls in the
** same order. */
enum { PN_NET_SUM, PN_NET_MIN, PN_NET_MAX };
typedef struct pn_net {
  int rank, size;             /* this process, and how many there are */
  void *ud;
  /* each process sends count[p] words of send (laid out by destination
  ** p = 0, 1, ...) to process p, and gets in *recv (malloc'd; the caller
  ** frees it) what each sent it, rcount[p] words from process p, in order
  ** of p.  PN_OK, else an error code */
  int (*alltoall)(void *ud, const uint32_t *send, const size_t *count,
                  uint32_t **recv, size_t *rcount);
  /* v[0..n) combined over the processes by PN_NET_SUM, MIN or MAX, the
  ** result on every one */
  int (*allreduce)(void *ud, uint64_t *v, size_t n, int op);
  /* optional (NULL: none): n bytes of zeroed memory that the processes
  ** of one machine share, the same region for each of them (NULL when it
  ** cannot be had), and its release; both collective.  The search keeps
  ** its bitmap of lifted sets there, so that a set lifted by one process
  ** is not lifted again by another of the machine */
  void *(*alloc_shared)(void *ud, size_t n);
  void (*free_shared)(void *ud, void *p);
} pn_net;

typedef struct pn_searchopts {
  pn_limits lim;
  pn_method method;
  int threads;                /* 0 = all cores */
  int encoding;               /* full-space search: PN_ENC_* */
  int nopaths;                /* distance tables: distances only */
  size_t lifted;              /* full-space search, two bits a state: the
                              ** most bytes of the bitmap of lifted sets in
                              ** memory, the rest in a scratch file (0:
                              ** only when the whole bitmap does not fit
                              ** the memory budget) */
  const char *scratch;        /* the scratch file's directory (NULL: /tmp) */
  int pdb;                    /* A*: 0 = window pattern databases where
                              ** they apply, -1 = the goal-cells bound,
                              ** n > 0: windows of at most n cells */
  pn_pdbcache *pdbcache;      /* NULL, or tables to reuse and keep */
  int direction;              /* A*: PN_DIR_* */
  void (*progress)(const pn_progress *p, void *ud);
  void *progress_ud;
  const pn_net *net;          /* distance tables: a search shared by
                              ** processes (two bits a state, paths by
                              ** process 0); NULL: this process alone */
} pn_searchopts;

/* which way A* searches (a goal of one placement with every coin can be
** searched from either end; else forward only) */
enum {
  PN_DIR_AUTO = 0,            /* both probed (forward first, for at least
                              ** the time its tables took to build), then
                              ** the one that needed fewer states for the
                              ** same bound (engine.c, run_astar) */
  PN_DIR_FORWARD,             /* from the start, by moves */
  PN_DIR_BACKWARD             /* from the goal, by reverse moves */
};

/* how the full-space search stores its depths */
enum {
  PN_ENC_AUTO = 0,            /* lean (as fast as bytes, a third of the
                              ** memory: BENCHMARKS.md, part A); two when
                              ** lean does not fit (distance tables) */
  PN_ENC_BYTE,                /* one byte of depth per rank + a bitmap */
  PN_ENC_LEAN,                /* depth mod 3 in 2 bits + 1 bit per rank */
  PN_ENC_TWO                  /* 2 bits per rank: no depths kept, the paths
                              ** found by other searches */
};

/* the default memory budget: half of the physical memory (or of the
** container's limit) */
size_t pn_default_memory(void);

/* Shortest solution of start -> goal inside the bounded window w.  The
** result names the method in res->reason.  Falls back to the plain BFS
** when the window does not fit the bitboard engine (more than 64 cells or
** 16 labels). */
int pn_search(const pn_board *w, const pn_rule *r, const pn_config *start,
              const pn_config *goal, pn_goalmode mode,
              const pn_searchopts *o, pn_result *res, pn_error *err);

/* Distance table: BFS over the whole ranked space from start.  dist[i]
** (-1 if unreachable) and a shortest path (paths[i], plen[i]) for each
** target; layer sizes; with complete, the whole reachable space (and a
** hardest configuration), else it stops once every target is reached. */
typedef struct pn_disttable {
  size_t ntargets;
  int *dist;
  pn_move **paths;
  size_t *plen;
  int maxdepth;               /* deepest layer explored */
  int complete;               /* the whole reachable space was explored */
  uint64_t layer[256];
  uint64_t reached, expanded;
  pn_config hardest;          /* a configuration at maxdepth (complete) */
  double seconds;
  size_t memory;
  int threads;
  int encoding;               /* PN_ENC_BYTE, PN_ENC_LEAN or PN_ENC_TWO */
  uint64_t path_states;       /* states tried by the walks back */
  uint64_t sent;              /* shared by processes: bytes this one sent */
  int windows;                /* windows of the bitmap of lifted sets (0:
                              ** the whole bitmap in memory, or none) */
} pn_disttable;

int pn_distances(const pn_board *w, const pn_rule *r, const pn_config *start,
                 const pn_config *targets, size_t ntargets, int complete,
                 const pn_searchopts *o, pn_disttable *out, pn_error *err);
void pn_disttable_clear(pn_disttable *t);

/* }==================================================================== */

/* Plain BFS over the configurations of a bounded board.  The goal's
** labels must match the start's multiset.  Returns PN_OK with the verdict
** in res, PN_EINTR when interrupted, or an error. */
int pn_bfs(const pn_board *b, const pn_rule *r, const pn_config *start,
           const pn_config *goal, pn_goalmode mode, const pn_limits *lim,
           pn_result *res, pn_error *err);

/* }==================================================================== */

#endif
